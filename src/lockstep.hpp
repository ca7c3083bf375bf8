// src/lockstep.hpp - distance()'s GJK loop for several queries at once, one per SIMD lane.
//
// Why. A single query is a chain of dependent steps - support, solve, direction, support - and
// branches on data (which Voronoi region, how many iterations) that the processor cannot
// predict; a small-polygon query spends most of its time waiting on that chain, not computing.
// A batch has many independent queries, so distance_batch runs N of them in lockstep, one per lane
// of a vector register: every step is computed for all lanes, and each lane takes its own branch by
// a mask instead of a jump.
//
// Exactly distance(). Each lane performs the same IEEE operations, in the same order, as
// distance() does for its query on the same path (two prepared shapes of at most 8 vertices:
// PreparedSupport for A, MovedVerticesSupport for B): the same products and sums in the supports,
// the same nine barycentric coordinates and the same quotient for the region that wins, the
// same exactly perpendicular search direction, negations where distance() negates. Where the
// scalar code branches, the lanes compute both sides and select. So every output equals
// distance()'s to the bit, which tests/test_batch.cpp checks, besides the brute-force oracle.
//
// Rare paths are not duplicated. A lane that meets one - a distance that did not decrease (the
// stall rule), a direction too small to resolve (resolvable()), a NaN - is handed over: its
// query is answered by distance() itself, from the start. The set-up of each lane (its shapes,
// B moved into A's frame, the cache or the first support), the loop and the answer from its
// final simplex are in lanes (src/lanes/loop.hpp); this file gives each lane its input and copies
// each lane's answer out. A lane whose conclusion takes a rare path is concluded by conclude()
// itself, from the simplex the lanes leave.
//
// Widths. 16-byte vectors (4 floats or 2 doubles; SSE2 on x86-64) compiled everywhere, 32-byte
// ones (8 floats, 4 doubles) with AVX2 (src/lanes_avx2.cpp) and 64-byte ones (16 floats, 8
// doubles) with AVX-512 (src/lanes_avx512.cpp). distance_batch uses the fastest of those the
// processor runs, or the queries one by one if that is faster, as measured on it and on the
// caller's queries (src/lanes/width.hpp, src/lane_width.cpp); every width is tested wherever it
// runs.
#pragma once

#include <cstddef>
#include <span>

#include "gjk/distance_types.hpp"
#include "lanes/eligibility.hpp"
#include "lanes/packing.hpp"
#include "lanes/width.hpp"
#include "lanes/width_trials.hpp"

namespace gjk::detail {

/// outputs[i] = distance(inputs[i], cache) for i in [0, the smallest size), the cache
/// &caches[i] when `caches` is not empty, eligible queries in lockstep groups of the given
/// width (none: each on its own). The width must be one this processor runs
/// (lane_width_runs). Returns how many lanes were handed over to distance() (a
/// rare path: tests/test_batch.cpp checks that those are taken).
template <class T>
std::size_t lockstep_batch(std::span<const DistanceInput<T>> inputs,
                           std::span<SimplexCache<T>> caches, std::span<DistanceOutput<T>> outputs,
                           LaneWidth width);

extern template std::size_t lockstep_batch<float>(std::span<const DistanceInput<float>>,
                                                  std::span<SimplexCache<float>>,
                                                  std::span<DistanceOutput<float>>, LaneWidth);
extern template std::size_t lockstep_batch<double>(std::span<const DistanceInput<double>>,
                                                   std::span<SimplexCache<double>>,
                                                   std::span<DistanceOutput<double>>, LaneWidth);

} // namespace gjk::detail
