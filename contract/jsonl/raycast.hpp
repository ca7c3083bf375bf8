// contract/jsonl/raycast.hpp - the `gjk raycast` JSONL contract (gjk::ray_cast).
//
// Input line:  {"shape": SHAPE, "origin": [x, y], "translation": [x, y], "max_fraction": f}
//   max_fraction optional (1); the ray is origin + t * translation, t in [0, max_fraction].
// Output line: {"hit": bool, "fraction": t, "point": [x, y], "normal": [x, y]}
//   (contract/fields.hpp, ray_line_fields) the first point of the ray on the shape (its core
//   rounded by its radius), the outward normal there; from inside, a hit at 0 with a zero
//   normal; a miss: hit false, fraction max_fraction. Or {"error": "..."}.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "contract/jsonl/line.hpp"

namespace gjk::contract {

/// One parsed `gjk raycast` input line.
struct RayQuery {
    ShapeSpec shape;
    Vec2<double> origin{}, translation{};
    double max_fraction = 1;
};

/// Parses one `gjk raycast` input line: the query, or an error message naming the field.
std::variant<RayQuery, std::string> parse_ray_query(std::string_view line,
                                                    const Options& options = {});

/// The `gjk raycast` contract for one line, as process_line.
std::string process_ray_line(std::string_view line, const Options& options, bool& error);

} // namespace gjk::contract
