// contract/jsonl/plain_query.hpp - the shapes of a plain line, read by simdjson: the reading of
// the lines a program writes, at the pace of the kernel.
//
// A plain line is printable ASCII without a backslash, within the caps of its options
// (check_limits), and holds a valid query whose numbers fit in a double (an integer in 64
// bits) and whose objects repeat no key. On such a line read_plain_query gives exactly the query
// the precise reader (nlohmann-json's DOM, parse.hpp) gives: the same numbers (both round
// correctly; an integer is read as an integer and widened, as nlohmann does), the same shapes.
// On any other line it gives nothing, and the precise reader answers it, with its error
// messages; so a line's answer never depends on which reader read it. fuzz_jsonl checks that
// both readers agree on every line the plain one reads; tests/contract/test_plain_query.cpp
// pins each way a line stops being plain.
#pragma once

#include <optional>
#include <string_view>

#include "contract/jsonl/line.hpp"

namespace gjk::contract {

/// The shapes "a" and "b" of a plain line (the `gjk distance` query and the start of the other
/// contracts' queries); nothing when the line is not plain or not a valid query.
std::optional<Query> read_plain_query(std::string_view line, const Options& options);

} // namespace gjk::contract
