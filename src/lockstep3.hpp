// src/lockstep3.hpp - distance()'s loop in space for several queries at once, one per SIMD
// lane (src/lockstep.hpp is the plane's; it says why lockstep pays).
//
// Exactly distance(). Each lane performs the IEEE operations of distance() on its query, in
// the same order (src/lanes3/loop.hpp): the pair in A's frame (PairInFrameA3: B's points moved
// there, the largest coordinate, the centre), start() (the cache or the first support),
// the loop (gjk/loop/run.hpp), and conclude3() for a separation or a containment. Where the
// scalar code branches, the lanes compute both sides and select. What the lanes do not
// duplicate is left to the scalar code: a lane that meets one of the loop's rare paths (or has a
// point out of the kernel's range) is handed over, and distance() answers its query from the
// start; a lane that ends in contact on a feature, which needs the touching proof, or on a rare
// path of the conclusion, is concluded by conclude3() itself from the simplex the lanes leave
// (LoopSimplex3 and LoopResult). So every output equals distance()'s to the bit, which
// tests/test_batch3.cpp and fuzz_kernel check.
//
// Which queries: valid float and double queries whose two shapes are scanned (not prepared shapes
// that climb) and have at most 16 points each - the small hulls, boxes, tetrahedra, segments and
// points of a physics or planning batch. Every other query is answered by distance() one by
// one, on the same threads.
//
// Widths: 16-byte vectors (4 float or 2 double lanes) everywhere, 32-byte ones (8 or 4) with
// AVX2 and 64-byte ones (16 or 8) with AVX-512, each in the object of its instruction set as the
// plane's loop is (src/lanes_avx2.cpp, src/lanes_avx512.cpp); distance_batch takes the widest the
// processor runs (docs/performance.md, "Lanes in space").
#pragma once

#include <cstddef>
#include <span>

#include "gjk/distance3_types.hpp"
#include "lanes/width.hpp"
#include "lanes3/arrays.hpp"

namespace gjk::detail {

/// The loop on every live lane of `lanes` (src/lanes3/loop.hpp), compiled once per width.
template <class T, int Bytes> void lockstep3_loop(Lanes3<T, Bytes>& lanes);
extern template void lockstep3_loop<float, 16>(Lanes3<float, 16>&);
extern template void lockstep3_loop<double, 16>(Lanes3<double, 16>&);
#if defined(GJK_LANES_AVX2)
extern template void lockstep3_loop<float, 32>(Lanes3<float, 32>&);
extern template void lockstep3_loop<double, 32>(Lanes3<double, 32>&);
#endif
#if defined(GJK_LANES_AVX512)
extern template void lockstep3_loop<float, 64>(Lanes3<float, 64>&);
extern template void lockstep3_loop<double, 64>(Lanes3<double, 64>&);
#endif

/// Whether the lanes take `in` (above: valid, both shapes scanned, at most 16 points).
template <class T> bool lockstep3_eligible(const DistanceInput3<T>& in);

/// outputs[i] = distance(inputs[i], cache) for i below the smallest size (the cache &caches[i]
/// when `caches` is not empty), the eligible queries in lockstep groups of the given width
/// (none: each on its own), which must be one this processor runs (lane_width_runs). Returns
/// how many lanes were handed over to distance() (tests/test_batch3.cpp checks that those are
/// taken).
template <class T>
std::size_t lockstep3_batch(std::span<const DistanceInput3<T>> inputs,
                            std::span<SimplexCache3<T>> caches,
                            std::span<DistanceOutput3<T>> outputs, LaneWidth width);

/// The widest lanes this processor runs.
LaneWidth widest_lane_width();

} // namespace gjk::detail
