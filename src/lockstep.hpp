// src/lockstep.hpp - distance()'s GJK loop for several queries at once, one per SIMD lane.
//
// Why. A single query is a chain of dependent steps - support, solve, direction, support - and
// branches on data (which Voronoi region, how many iterations) that the processor cannot
// predict; a small-polygon query spends most of its time waiting on that chain, not computing
// (bench/bench.cpp: the guarantee-free floor loop still costs about 350 cycles for three
// iterations, about 1.2 instructions a cycle). A batch has many independent queries, so
// distance_batch runs N of them in lockstep, one per lane of a vector register: every step
// is computed for all lanes, and each lane takes its own branch by a mask instead of a jump.
//
// Exactly distance(). Each lane performs the same IEEE operations, in the same order, as
// distance() does for its query on the same path (two prepared shapes of at most 8 vertices:
// PreparedSupport for A, MovedSmallSupport for B): the same products and sums in the supports,
// the same nine barycentric coordinates and the same quotient for the region that wins, the
// same exactly perpendicular search direction, negations where distance() negates. Where the
// scalar code branches, the lanes compute both sides and select. So every output equals
// distance()'s to the bit, which tests/test_batch.cpp checks, besides the brute-force oracle.
//
// Rare paths are not duplicated. A lane that meets one - a distance that did not decrease (the
// stall rule), a direction too small to resolve (resolvable()), a NaN - is handed over: its
// query is answered by distance() itself, from the start. The set-up of each lane (B moved
// into A's frame, the first support) and the answer from its final simplex
// (detail::conclude) are distance()'s own code, lane by lane; only the loop is in lanes
// (src/lanes.hpp).
//
// Widths. 16-byte vectors (4 floats or 2 doubles: SSE2, which every x86-64 has, or whatever
// the target offers) always; 32-byte vectors (8 floats, 4 doubles) with AVX2 when the
// processor has it (src/lanes_avx2.cpp), chosen at run time.
#pragma once

#include <optional>
#include <span>

#include "gjk/distance.hpp"
#include "gjk/prepared.hpp"
#include "lanes.hpp"

namespace gjk::detail {

/// Whether distance_batch may run `in` in lockstep: a valid query on two prepared shapes of at
/// most PreparedShape::kInline vertices (distance()'s MovedSmallSupport path, with A's support
/// the eight-point scan).
template <class T> bool lockstep_eligible(const DistanceInput<T>& in) {
    constexpr std::size_t kInline = PreparedShape<T>::kInline;
    return in.a.prepared && in.b.prepared && in.a.points.size() <= kInline &&
           in.b.points.size() <= kInline && in.a.prepared->count() <= int(kInline) &&
           validate(in) == InputError::none;
}

/// The vector widths the lockstep loop is compiled for.
enum class LaneWidth {
    none,    ///< no lockstep: every query on its own
    bytes16, ///< 16-byte vectors (4 floats, 2 doubles)
    bytes32, ///< 32-byte vectors with AVX2 (8 floats, 4 doubles)
};

/// The widest LaneWidth this processor runs.
LaneWidth best_lane_width();

#if defined(GJK_LANES_AVX2)
extern template void lockstep_loop<float, 32>(Lanes<float, 32>&);
extern template void lockstep_loop<double, 32>(Lanes<double, 32>&);
#endif

/// out[k] = distance(*in[k]) for k < count (1 to N), every input lockstep_eligible.
template <class T, int Bytes>
void lockstep_group(const DistanceInput<T>* const* in, DistanceOutput<T>* const* out, int count) {
    using Z = MinkowskiDifference<PreparedSupport<T>, MovedSmallSupport<T>>;
    constexpr int N = Lanes<T, Bytes>::N;
    Lanes<T, Bytes> lanes;

    // Each lane's support of Z and radii, as distance() builds them, then its shapes
    // transposed and its first simplex vertex (start(): the support along minus a point
    // inside Z). Unused lanes copy lane 0 and do not run.
    std::optional<Z> z[N];
    T ra[N], rb[N];
    for (int k = 0; k < count; ++k) {
        const DistanceInput<T>& input = *in[k];
        const Transform<T> xf = relative(input.xf_a, input.xf_b);
        const T use = T(input.use_radii);
        ra[k] = use * input.a.radius, rb[k] = use * input.b.radius;
        z[k].emplace(Z{PreparedSupport<T>{input.a.points, input.a.prepared},
                       MovedSmallSupport<T>(*input.b.prepared, xf)});
    }
    for (int k = 0; k < N; ++k) {
        const int l = k < count ? k : 0;
        const Soa8<T>& a = z[l]->a.shape->soa();
        const Soa8<T>& b = z[l]->b.moved;
        for (int j = 0; j < 8; ++j) {
            lanes.ax[j][k] = a.x[j], lanes.ay[j][k] = a.y[j];
            lanes.bx[j][k] = b.x[j], lanes.by[j][k] = b.y[j];
        }
        const MinkowskiPoint<T> m = (*z[l])(-z[l]->centre());
        for (int i = 0; i < 3; ++i) {
            lanes.w_x[i][k] = lanes.w_y[i][k] = T(0);
            lanes.index_a[i][k] = lanes.index_b[i][k] = 0;
        }
        lanes.w_x[0][k] = m.w.x, lanes.w_y[0][k] = m.w.y;
        lanes.index_a[0][k] = m.index_a, lanes.index_b[0][k] = m.index_b;
        lanes.max_iterations[k] = in[l]->max_iterations;
        lanes.live[k] = k < count ? -1 : 0;
    }

    lockstep_loop<T, Bytes>(lanes);

    // Each lane's answer from its simplex, as distance() would have left it.
    for (int k = 0; k < count; ++k) {
        if (lanes.handed_over[k]) {
            *out[k] = distance(*in[k]);
            continue;
        }
        LoopSimplex<T> s;
        s.count = int(lanes.size[k]);
        for (int i = 0; i < 3; ++i) {
            s.w[i] = {lanes.w_x[i][k], lanes.w_y[i][k]};
            s.pair[i] = LoopSimplex<T>::pack(int(lanes.index_a[i][k]), int(lanes.index_b[i][k]));
            s.weight[i] = lanes.weight[i][k];
        }
        LoopResult<T> r;
        r.closest = {lanes.closest_x[k], lanes.closest_y[k]};
        r.direction = {lanes.direction_x[k], lanes.direction_y[k]};
        r.last_support_direction = {lanes.last_x[k], lanes.last_y[k]};
        r.iterations = int(lanes.iterations[k]);
        r.termination = static_cast<Termination>(lanes.termination[k]);
        if (r.termination == Termination::repeated_support ||
            r.termination == Termination::no_progress) {
            r.termination = settle(r.termination, s, r.closest, lanes.beyond[k] != 0);
        }
        *out[k] = conclude(*in[k], *z[k], ra[k], rb[k], s, r);
    }
}

/// outputs[i] = distance(inputs[i]) for i in [0, min of the sizes), eligible queries in
/// lockstep groups of the given width (none: each on its own). The width must be one this
/// processor runs (best_lane_width() or narrower).
template <class T>
void lockstep_batch(std::span<const DistanceInput<T>> inputs, std::span<DistanceOutput<T>> outputs,
                    LaneWidth width);

extern template void lockstep_batch<float>(std::span<const DistanceInput<float>>,
                                           std::span<DistanceOutput<float>>, LaneWidth);
extern template void lockstep_batch<double>(std::span<const DistanceInput<double>>,
                                            std::span<DistanceOutput<double>>, LaneWidth);

} // namespace gjk::detail
