// src/lanes3/start.hpp - the set-up of every lane: the pair in A's frame with validate()'s test of
// the points (PairInFrameA3), and start()'s first simplex.
#pragma once

#include "lanes3/arrays.hpp"
#include "lanes3/iteration.hpp"
#include "lanes3/state.hpp"

namespace gjk::detail::lanes3 {

/// PairInFrameA3 in every lane, and validate()'s test of the points: each point within the
/// kernel's range (`out_of_range` gains the lanes with one that is not: distance() names the
/// error), B's points moved into A's frame (apply(), in place), the shapes' largest coordinate
/// there (largest()) and the centre of Z (centre(): the mean of B's points less the mean of A's).
template <class T, int Bytes> struct PairInFrameA {
    typename Types<T, Bytes>::V largest;
    typename Types<T, Bytes>::V3 centre;
};
template <class T, int Bytes>
GJK_LANE_STEP PairInFrameA<T, Bytes> pair_in_frame_a(Lanes3<T, Bytes>& l,
                                                     typename Types<T, Bytes>::M& out_of_range) {
    using Ty = Types<T, Bytes>;
    using V = typename Ty::V;
    using M = typename Ty::M;
    using V3 = typename Ty::V3;
    const V zero = Ty::values(0), two = Ty::values(2), range = Ty::values(l.range);
    const V3 t{wide::load<V>(l.xf_px), wide::load<V>(l.xf_py), wide::load<V>(l.xf_pz)};
    const V3 u{wide::load<V>(l.xf_qx), wide::load<V>(l.xf_qy), wide::load<V>(l.xf_qz)};
    const V qw = wide::load<V>(l.xf_qw);
    const M count_a = wide::load<M>(l.count_a), count_b = wide::load<M>(l.count_b);
    M within = ~M{};
    V largest = zero;
    V3 sum_a{zero, zero, zero}, sum_b{zero, zero, zero};
    for (int j = 0; j < l.corners_a; ++j) {
        const V3 p{wide::load<V>(l.ax[j]), wide::load<V>(l.ay[j]), wide::load<V>(l.az[j])};
        within &= (wide::abs(p.x) <= range) & (wide::abs(p.y) <= range) & (wide::abs(p.z) <= range);
        largest = largest_with<T, Bytes>(largest, p);
        sum_a = Ty::select(Ty::ints(j) < count_a, Ty::add(sum_a, p), sum_a);
    }
    V largest_b = zero;
    for (int j = 0; j < l.corners_b; ++j) {
        const V3 p{wide::load<V>(l.bx[j]), wide::load<V>(l.by[j]), wide::load<V>(l.bz[j])};
        within &= (wide::abs(p.x) <= range) & (wide::abs(p.y) <= range) & (wide::abs(p.z) <= range);
        // apply(xf, p) = rotate(q, p) + t, rotate(q, v) = v + w (2 u x v) + u x (2 u x v).
        const V3 r = Ty::times(two, Ty::cross(u, p));
        const V3 moved = Ty::add(Ty::add(Ty::add(p, Ty::times(qw, r)), Ty::cross(u, r)), t);
        wide::store(l.bx[j], moved.x), wide::store(l.by[j], moved.y), wide::store(l.bz[j], moved.z);
        largest_b = largest_with<T, Bytes>(largest_b, moved);
        sum_b = Ty::select(Ty::ints(j) < count_b, Ty::add(sum_b, moved), sum_b);
    }
    out_of_range = ~within;
    const V3 centre_a = Ty::times(wide::load<V>(l.inverse_a), sum_a);
    const V3 centre_b = Ty::times(wide::load<V>(l.inverse_b), sum_b);
    return {wide::max(largest, largest_b), Ty::sub(centre_b, centre_a)};
}

/// start() in every lane: the cached pairs where the lane has them, else the support along -c
/// (c the centre of Z; along x when c is zero); `direction` the start's.
template <class T, int Bytes>
GJK_LANE_STEP void start(const Lanes3<T, Bytes>& l, typename Types<T, Bytes>::V3 centre,
                         Simplex<T, Bytes>& s, typename Types<T, Bytes>::V3& direction) {
    using Ty = Types<T, Bytes>;
    using V = typename Ty::V;
    using M = typename Ty::M;
    using V3 = typename Ty::V3;
    const V zero = Ty::values(0);
    const M cached = wide::load<M>(l.cache_count);
    for (int i = 0; i < 4; ++i) {
        s.weight[i] = zero;
        s.index_a[i] = wide::load<M>(l.cache_a[i]);
        s.index_b[i] = wide::load<M>(l.cache_b[i]);
        s.a[i] = s.b[i] = V3{zero, zero, zero};
    }
    if (wide::any(cached != M{})) { // z.vertex() of each cached pair
        for (int j = 0; j < l.corners_a; ++j) {
            const V3 p{wide::load<V>(l.ax[j]), wide::load<V>(l.ay[j]), wide::load<V>(l.az[j])};
            for (int i = 0; i < 4; ++i) {
                s.a[i] = Ty::select(s.index_a[i] == Ty::ints(j), p, s.a[i]);
            }
        }
        for (int j = 0; j < l.corners_b; ++j) {
            const V3 p{wide::load<V>(l.bx[j]), wide::load<V>(l.by[j]), wide::load<V>(l.bz[j])};
            for (int i = 0; i < 4; ++i) {
                s.b[i] = Ty::select(s.index_b[i] == Ty::ints(j), p, s.b[i]);
            }
        }
    }
    for (int i = 0; i < 4; ++i) {
        s.w[i] = Ty::sub(s.b[i], s.a[i]);
    }
    const M cold = cached == M{};
    const M away = Ty::dot(centre, centre) > zero;
    direction =
        Ty::select(cold, Ty::select(away, Ty::neg(centre), V3{Ty::values(1), zero, zero}), centre);
    const Support<T, Bytes> pa =
        support<T, Bytes>(l.ax, l.ay, l.az, l.corners_a, Ty::neg(direction));
    const Support<T, Bytes> pb = support<T, Bytes>(l.bx, l.by, l.bz, l.corners_b, direction);
    s.a[0] = Ty::select(cold, pa.point, s.a[0]);
    s.b[0] = Ty::select(cold, pb.point, s.b[0]);
    s.w[0] = Ty::select(cold, Ty::sub(pb.point, pa.point), s.w[0]);
    s.index_a[0] = wide::select(cold, pa.index, s.index_a[0]);
    s.index_b[0] = wide::select(cold, pb.index, s.index_b[0]);
    s.count = wide::select(cold, Ty::ints(1), cached);
}

/// The set-up of every lane (distance(): PairInFrameA3, square_scale(), start()): the pair in
/// A's frame - a lane with a point out of range, or whose scale is outside the normal range, is
/// handed over - and the first simplex, the loop's locals as distance_in_frame() starts them.
template <class T, int Bytes> GJK_LANE_STEP void begin(Loop<T, Bytes>& l, Lanes3<T, Bytes>& lanes) {
    using Ty = Types<T, Bytes>;
    using M = typename Ty::M;
    M out_of_range{};
    const PairInFrameA<T, Bytes> pair = pair_in_frame_a<T, Bytes>(lanes, out_of_range);
    l.live = wide::load<M>(lanes.live);
    l.handed_over = l.live & out_of_range;
    l.live &= ~out_of_range;
    M scale_rare{}; // square_scale()
    l.scale = unit_scale<T, Bytes>(pair.largest, scale_rare);
    l.handed_over |= l.live & scale_rare;
    l.live &= ~scale_rare;
    start<T, Bytes>(lanes, pair.centre, l.s, l.last_direction);
    l.max_iterations = wide::load<M>(lanes.max_iterations);
    l.last_support = l.s.w[0];
    l.closest = {Ty::values(0), Ty::values(0), Ty::values(0)};
    l.ending = Ty::ints(int(Termination::max_iterations));
    l.iterations = Ty::ints(0);
    l.previous = Ty::values(Ty::kInfinity);
}

} // namespace gjk::detail::lanes3
