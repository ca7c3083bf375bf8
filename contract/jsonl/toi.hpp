// contract/jsonl/toi.hpp - the `gjk toi` JSONL contract (gjk::time_of_impact).
//
// Input line:  {"a": SHAPE, "b": SHAPE, "sweep_a": SWEEP, "sweep_b": SWEEP,
//               "max_fraction": f, "target_separation": s}
//   SWEEP = {"center": [x, y], "from": [x, y, angle], "to": [x, y, angle]}: the shape's
//   rotation centre in its local frame (optional, [0, 0]) and its pose at t = 0 and t = 1
//   (rotate by angle about the shape's origin, then translate), interpolated linearly (the
//   centre's world position and the angle; contract/sweep.hpp). A SHAPE's own position or
//   angle is an error here. max_fraction and target_separation as for `gjk cast`.
// Output line: as `gjk cast`'s (contract/jsonl/cast.hpp).
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "contract/jsonl/line.hpp"
#include "contract/sweep.hpp"

namespace gjk::contract {

/// One parsed `gjk toi` input line.
struct ToiQuery {
    Query shapes;
    SweepSpec sweep_a, sweep_b;
    double max_fraction = 1;
    double target_separation = 0;
};

/// Parses one `gjk toi` input line: the query, or an error message naming the field.
std::variant<ToiQuery, std::string> parse_toi_query(std::string_view line,
                                                    const Options& options = {});

/// The `gjk toi` contract for one line, as process_line.
std::string process_toi_line(std::string_view line, const Options& options, bool& error);

} // namespace gjk::contract
