// contract/jsonl/manifold.hpp - the `gjk manifold` JSONL contract (gjk::manifold).
//
// Input line:  {"a": SHAPE, "b": SHAPE, "margin": m}
//   margin optional (0), finite and >= 0: shapes at most m apart (radii included) get
//   speculative points.
// Output line: {"normal": [x, y], "points": [{"point": [x, y], "separation": s, "id": k}, ...]}
//   (contract/fields.hpp, manifold_fields) with 0, 1 or 2 points (0 when the shapes are apart
//   by more than the margin; the normal is then [0, 0]); normal from A to B; each point midway
//   between the surfaces, its separation signed (negative when penetrating, radii included),
//   its id naming the pair of features (gjk/manifold.hpp). Or {"error": "..."}.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "contract/jsonl/line.hpp"

namespace gjk::contract {

/// One parsed `gjk manifold` input line.
struct ManifoldQuery {
    Query shapes;
    double margin = 0;
};

/// Parses one `gjk manifold` input line: the query, or an error message naming the field.
std::variant<ManifoldQuery, std::string> parse_manifold_query(std::string_view line,
                                                              const Options& options = {});

/// The `gjk manifold` contract for one line, as process_line.
std::string process_manifold_line(std::string_view line, const Options& options, bool& error);

} // namespace gjk::contract
