// contract/jsonl/cast.hpp - the `gjk cast` JSONL contract (gjk::shape_cast).
//
// Input line:  {"a": SHAPE, "b": SHAPE, "translation_a": [x, y], "translation_b": [x, y],
//               "max_fraction": f, "target_separation": s}
//   translations optional ([0, 0]); B (and A) move by t * translation over t in
//   [0, max_fraction]; max_fraction optional (1, within [0, 1]), target_separation optional
//   (0, finite and >= 0: contact is this gap between the surfaces).
// Output line: {"hit": bool, "fraction": t, "point": [x, y], "normal": [x, y],
//               "iterations": n, "status": "<word>"}   (contract/fields.hpp, cast_fields)
//   status: "hit" (first contact at fraction), "separated" (no contact during the move, or
//   touching at t = 0 and moving apart; fraction 1), "initially_overlapping" (hit at 0;
//   normal = the penetration normal), "max_iterations" (fraction = the last safe time);
//   point is on A's surface at the contact, normal from A to B. Or {"error": "..."}.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "contract/jsonl/line.hpp"

namespace gjk::contract {

/// One parsed `gjk cast` input line.
struct CastQuery {
    Query shapes;
    Vec2<double> translation_a{}, translation_b{};
    double max_fraction = 1;
    double target_separation = 0;
};

/// Parses one `gjk cast` input line: the query, or an error message naming the field.
std::variant<CastQuery, std::string> parse_cast_query(std::string_view line,
                                                      const Options& options = {});

/// The `gjk cast` contract for one line, as process_line.
std::string process_cast_line(std::string_view line, const Options& options, bool& error);

} // namespace gjk::contract
