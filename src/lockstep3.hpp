// src/lockstep3.hpp - distance()'s loop in space for several float queries at once, one per SIMD
// lane (src/lockstep.hpp is the plane's; it says why lockstep pays).
//
// Exactly distance(). Each lane's set-up and answer are distance()'s own functions, run lane by
// lane: the pair in A's frame (PairInFrameA3, B's points moved there), start3() (the cache or
// the first support) and conclude3() (witness points, settle(), the normal, the touching proof,
// the radii). Between them, the loop (src/lanes3/loop.hpp) performs for each lane the IEEE
// operations of distance_in_frame()'s loop, in its order, and leaves what conclude3() takes
// (LoopEnd3). A lane that meets one of the loop's rare paths is handed over: distance() answers
// its query from the start. So every output equals distance()'s to the bit, which
// tests/test_batch3.cpp checks, beside the exact oracle.
//
// Which queries: valid float queries whose two shapes are scanned (not prepared shapes that
// climb) and have at most 16 points each - the small hulls, boxes, tetrahedra, segments and
// points of a physics or planning batch. Double queries and every other query are answered by
// distance() one by one, on the same threads.
//
// Widths: 16-byte vectors (4 lanes) everywhere, 32-byte ones (8 lanes) with AVX2 and 64-byte
// ones (16 lanes) with AVX-512, each in the object of its instruction set as the plane's loop is
// (src/lanes_avx2.cpp, src/lanes_avx512.cpp); distance_batch takes the widest the processor
// runs (docs/performance.md, "Lanes in space").
#pragma once

#include <cstddef>
#include <span>

#include "gjk/distance3_types.hpp"
#include "lanes/width.hpp"
#include "lanes3/arrays.hpp"

namespace gjk::detail {

/// The loop on every live lane of `lanes` (src/lanes3/loop.hpp), compiled once per width.
template <int Bytes> void lockstep3_loop(Lanes3<Bytes>& lanes);
extern template void lockstep3_loop<16>(Lanes3<16>&);
#if defined(GJK_LANES_AVX2)
extern template void lockstep3_loop<32>(Lanes3<32>&);
#endif
#if defined(GJK_LANES_AVX512)
extern template void lockstep3_loop<64>(Lanes3<64>&);
#endif

/// Whether the lanes take `in` (above: valid, float, both shapes scanned, at most 16 points).
bool lockstep3_eligible(const DistanceInput3<float>& in);

/// outputs[i] = distance(inputs[i], cache) for i below the smallest size (the cache &caches[i]
/// when `caches` is not empty), the eligible queries in lockstep groups of the given width
/// (none: each on its own), which must be one this processor runs (lane_width_runs). Returns
/// how many lanes were handed over to distance() (tests/test_batch3.cpp checks that those are
/// taken).
std::size_t lockstep3_batch(std::span<const DistanceInput3<float>> inputs,
                            std::span<SimplexCache3<float>> caches,
                            std::span<DistanceOutput3<float>> outputs, LaneWidth width);

/// The widest lanes this processor runs.
LaneWidth widest_lane_width();

} // namespace gjk::detail
