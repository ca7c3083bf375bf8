// src/lanes/packing.hpp - a group of N queries into the lanes and their answers out: each
// lane's shapes, transforms, radii and cache into the arrays (src/lanes/arrays.hpp), the loop
// (src/lanes/loop.hpp), then each lane's answer as distance() would have left it - copied when
// the lanes concluded it, conclude() from the lane's simplex otherwise, distance() itself for a
// lane handed over.
#pragma once

#include <cstddef>

#include "gjk/distance.hpp"
#include "gjk/prepared.hpp"
#include "lanes/arrays.hpp"
#include "lanes/loop.hpp"

namespace gjk::detail {

#if defined(GJK_LANES_AVX2)
extern template void lockstep_loop<float, 32>(Lanes<float, 32>&);
extern template void lockstep_loop<double, 32>(Lanes<double, 32>&);
#endif
#if defined(GJK_LANES_AVX512)
extern template void lockstep_loop<float, 64>(Lanes<float, 64>&);
extern template void lockstep_loop<double, 64>(Lanes<double, 64>&);
#endif

/// Lane k's B as MovedVerticesSupport gives it (moved into A's frame), read from the vertices the
/// loop moved (Lanes::bx, by): the same points and, for the touching normal's supports, the
/// same eight-point scan on them.
template <class T, int Bytes> struct LaneMovedSupport {
    using scalar = T;
    const Lanes<T, Bytes>* lanes;
    int k;

    SupportPoint<T> operator()(Vec2<T> d) const {
        Soa8<T> column;
        for (int j = 0; j < 8; ++j) {
            column.x[j] = lanes->bx[j][k], column.y[j] = lanes->by[j][k];
        }
        const int i = support_index_soa8(column, d);
        return {vertex(i), i};
    }
    Vec2<T> vertex(int i) const { return {lanes->bx[i][k], lanes->by[i][k]}; }
};

/// out[k] = distance(*in[k], cache[k]) for k < count (1 to N), every input lockstep_eligible
/// and every cache lockstep_readable or absent: `cache` null, or an array whose null entries
/// mean no cache. Returns how many lanes were handed over to distance().
template <class T, int Bytes>
int lockstep_group(Lanes<T, Bytes>& lanes, const DistanceInput<T>* const* in,
                   SimplexCache<T>* const* cache, DistanceOutput<T>* const* out, int count) {
    constexpr int N = Lanes<T, Bytes>::N;
    static_assert(offsetof(Soa8<T>, y) == 8 * sizeof(T), "the lanes read x[8], y[8] as one row");

    // Each lane's shapes, B's frame seen from A's (relative(), as distance()), and where the
    // shapes' centres are (their values too, for a lane without a cache). Unused lanes copy
    // lane 0 and do not run.
    for (int k = 0; k < N; ++k) {
        const DistanceInput<T>& input = *in[k < count ? k : 0];
        const PreparedShape<T>& a = *input.a.prepared;
        const PreparedShape<T>& b = *input.b.prepared;
        lanes.soa_a[k] = a.soa().x, lanes.soa_b[k] = b.soa().x; // y[8] follows x[8]
        // The coordinate arrays are fetched now: the loop's first loads wait on them, and they
        // arrive while this copying runs.
        for (std::size_t line = 0; line < sizeof(Soa8<T>); line += 64) {
            __builtin_prefetch(reinterpret_cast<const char*>(&a.soa()) + line);
            __builtin_prefetch(reinterpret_cast<const char*>(&b.soa()) + line);
        }
        const Transform<T> xf = relative(input.xf_a, input.xf_b);
        lanes.xf_c[k] = xf.q.c, lanes.xf_s[k] = xf.q.s, lanes.xf_px[k] = xf.p.x;
        lanes.xf_py[k] = xf.p.y;
        lanes.world_a_c[k] = input.xf_a.q.c, lanes.world_a_s[k] = input.xf_a.q.s;
        lanes.world_a_px[k] = input.xf_a.p.x, lanes.world_a_py[k] = input.xf_a.p.y;
        lanes.world_b_c[k] = input.xf_b.q.c, lanes.world_b_s[k] = input.xf_b.q.s;
        lanes.world_b_px[k] = input.xf_b.p.x, lanes.world_b_py[k] = input.xf_b.p.y;
        const T use = T(input.use_radii); // distance()'s radii in use
        lanes.radius_a[k] = use * input.a.radius, lanes.radius_b[k] = use * input.b.radius;
        lanes.max_iterations[k] = input.max_iterations;
        // The cache as read_cache reads it (lockstep_readable: its indices are in range).
        const SimplexCache<T>* c = cache && k < count ? cache[k] : nullptr;
        const int cached = c ? c->count : 0;
        lanes.cache_count[k] = cached;
        for (int i = 0; i < 3; ++i) {
            lanes.cache_a[i][k] = i < cached ? c->index_a[i] : 0;
            lanes.cache_b[i][k] = i < cached ? c->index_b[i] : 0;
        }
        lanes.cache_metric[k] = cached > 1 ? c->metric : T(0);
        // The centres, for a cold start's first support: copied for a lane without a cache;
        // the loop reads them for a lane whose cache fails, and a warm start leaves their
        // cache line alone.
        if (cached == 0) {
            lanes.centre_ax[k] = a.centre().x, lanes.centre_ay[k] = a.centre().y;
            lanes.centre_bx[k] = b.centre().x, lanes.centre_by[k] = b.centre().y;
        }
        lanes.centre_a[k] = &a.centre(), lanes.centre_b[k] = &b.centre();
        lanes.live[k] = k < count ? -1 : 0;
    }

    lockstep_loop<T, Bytes>(lanes);

    // Each lane's answer from its simplex, as distance() would have left it.
    int handed_over = 0;
    for (int k = 0; k < count; ++k) {
        const DistanceInput<T>& input = *in[k];
        if (lanes.handed_over[k]) {
            *out[k] = distance(input, cache ? cache[k] : nullptr); // the cache as it came in
            ++handed_over;
            continue;
        }
        if (lanes.concluded[k]) { // the lanes' own conclusion: copy it out
            if (cache && cache[k]) {
                SimplexCache<T>& c = *cache[k];
                c.count = int(lanes.size[k]);
                for (int i = 0; i < 3; ++i) {
                    c.index_a[i] = int(lanes.index_a[i][k]),
                    c.index_b[i] = int(lanes.index_b[i][k]);
                }
                c.metric = lanes.metric[k];
            }
            DistanceOutput<T>& o = *out[k];
            o.distance = lanes.distance[k];
            o.point_a = {lanes.point_ax[k], lanes.point_ay[k]};
            o.point_b = {lanes.point_bx[k], lanes.point_by[k]};
            o.normal = {lanes.normal_x[k], lanes.normal_y[k]};
            o.iterations = int(lanes.iterations[k]);
            o.status = static_cast<Status>(lanes.status[k]);
            o.termination = static_cast<Termination>(lanes.termination[k]);
            o.error = InputError::none;
            continue;
        }
        LoopSimplex<T> s;
        s.count = int(lanes.size[k]);
        for (int i = 0; i < 3; ++i) {
            s.w[i] = {lanes.w_x[i][k], lanes.w_y[i][k]};
            s.pair[i] = LoopSimplex<T>::pack(int(lanes.index_a[i][k]), int(lanes.index_b[i][k]));
            s.weight[i] = lanes.weight[i][k];
        }
        if (cache && cache[k]) {
            write_cache(*cache[k], s);
        }
        LoopResult<Vec2<T>> r;
        r.closest = {lanes.closest_x[k], lanes.closest_y[k]};
        r.direction = {lanes.direction_x[k], lanes.direction_y[k]};
        r.last_support_direction = {lanes.last_x[k], lanes.last_y[k]};
        r.iterations = int(lanes.iterations[k]);
        r.termination = static_cast<Termination>(lanes.termination[k]);
        r.beyond = lanes.beyond[k] != 0;
        r.termination = settle(s, r);     // as the loop settles its ending (the lanes do not)
        const T use = T(input.use_radii); // distance()'s radii in use
        const MinkowskiDifference<PreparedSupport<T>, LaneMovedSupport<T, Bytes>> z{
            {input.a.points, input.a.prepared}, {&lanes, k}};
        *out[k] = conclude(input, z, PointSetSupport<T>{input.b.points}, use * input.a.radius,
                           use * input.b.radius, s, r);
    }
    return handed_over;
}

} // namespace gjk::detail
