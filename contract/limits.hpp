// contract/limits.hpp - the limits every front end keeps: the kernel's range, and the caps that
// keep a hostile JSONL line from costing unbounded time or memory.
#pragma once

#include <cstddef>

#include "gjk/math.hpp"

namespace gjk::contract {

/// The largest |value| (coordinate, position, radius) the kernel computes with in scalar T
/// (gjk/math.hpp: sqrt(max) / 16; float 1.15e18, double 8.4e152). Beyond it the kernel's
/// squares overflow and its answers are not to be trusted (a pair 1e30 apart in float came back
/// "overlapping"), so every front end refuses such values: the tool's lines
/// (TEST(CliHostile, ValuesBeyondTheKernelRangeAreRefused)), the Python package's arguments
/// (gjk.DOUBLE_RANGE, gjk.FLOAT_RANGE).
using gjk::kernel_range;

/// Points per shape of a line (`--max-points`); more is an error, not a long wait. Also the
/// most elements any array of the line may hold (at least 2, a point's coordinates).
inline constexpr std::size_t kMaxPoints = 1'000'000;

/// Bytes per line (`--max-line-bytes`). It fits two shapes of kMaxPoints points written with
/// full double precision: "[-0.12345678901234567,-1.2345678901234567e-05]," is 48 bytes,
/// 2 x 10^6 of them 96 MB.
inline constexpr std::size_t kMaxLineBytes = std::size_t(128) << 20;

/// Nesting of arrays and objects in a line. A query nests 4 deep ({"a": {"points": [[x, y]]}});
/// the JSON parser is not recursive, but every level of "[[[[..." costs it about 80 bytes, so
/// depth is capped before parsing (TEST(CliHostile, DeepNestingIsRefusedBeforeParsing)).
inline constexpr std::size_t kMaxDepth = 64;

} // namespace gjk::contract
