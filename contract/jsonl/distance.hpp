// contract/jsonl/distance.hpp - the `gjk distance` JSONL contract: one query per input line, one
// answer per output line.
//
// Input line:  {"a": SHAPE, "b": SHAPE}   (SHAPE: contract/jsonl/line.hpp)
// Output line: {"distance": d, "point_a": [x, y], "point_b": [x, y], "normal": [x, y],
//               "overlap": bool, "iterations": n, "status": "<word>"}
//   plus, on overlapping lines ("overlap": true), "penetration": depth (>= 0; 0 when the
//   shapes only touch) after "status", and "normal" is then the minimum translation direction
//   of B (gjk::penetration: translating B by penetration * normal separates the shapes): the
//   distance answer of contract/distance_answer.hpp; plus "simplices" with --trace; plus, with
//   --derivatives, "gradient": {"a": [dx, dy, dangle], "b": [...]} (the signed distance's
//   derivative with respect to each pose, gjk/gradient.hpp) and "differentiable": bool, after
//   the other fields; or {"error": "<what is wrong, naming the field>"}.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "contract/jsonl/line.hpp"

namespace gjk::contract {

/// Parses one input line: the query, or an error message naming the field. A plain line
/// (contract/jsonl/plain_query.hpp) is read by simdjson, any other by parse_query_precise.
std::variant<Query, std::string> parse_query(std::string_view line, const Options& options = {});

/// The precise reader alone (nlohmann-json's DOM, every check with its error message): the
/// query parse_query gives on every line; fuzz_jsonl checks that the two agree.
std::variant<Query, std::string> parse_query_precise(std::string_view line,
                                                     const Options& options = {});

/// The whole contract for one line: the output line (without newline); `error` is set when
/// it is an error line.
std::string process_line(std::string_view line, const Options& options, bool& error);

} // namespace gjk::contract
