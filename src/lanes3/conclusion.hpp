// src/lanes3/conclusion.hpp - conclude3()'s common paths in every lane (gjk/loop/conclude3.hpp):
// a separation at a support and a containment answered here, every other lane left to
// conclude3() itself.
#pragma once

#include "gjk/distance_types.hpp" // Status, Termination
#include "lanes3/arrays.hpp"
#include "lanes3/state.hpp"

namespace gjk::detail::lanes3 {

/// v rotated by the unit quaternion (u, w): v + w t + u x t with t = 2 u x v (rotate()).
template <class T, int Bytes>
GJK_LANE_STEP typename Types<T, Bytes>::V3 rotate(typename Types<T, Bytes>::V3 u,
                                                  typename Types<T, Bytes>::V w,
                                                  typename Types<T, Bytes>::V3 v) {
    using Ty = Types<T, Bytes>;
    const typename Ty::V3 t = Ty::times(Ty::values(2), Ty::cross(u, v));
    return Ty::add(Ty::add(v, Ty::times(w, t)), Ty::cross(u, t));
}

/// conclude3() for the lanes that end separated at a support (no progress, or a repeated one) on
/// the common path - the witness points from the weights, settle()'s test, the distance
/// (length() in the normal range), the normal from the kept feature's perpendicular
/// (normalized()), the radii, and the answer moved into the world - and for those that end in
/// containment. `concluded` is the lanes answered here; every other lane - a contact on a
/// feature, which needs the touching proof, the cap, a length or scale outside the normal range,
/// a radius that reaches the other shape, a non-finite answer - is left to conclude3().
template <class T, int Bytes>
GJK_LANE_STEP void
conclude(Lanes3<T, Bytes>& l, const Simplex<T, Bytes>& s, typename Types<T, Bytes>::M done,
         typename Types<T, Bytes>::V3 closest, typename Types<T, Bytes>::M ending,
         typename Types<T, Bytes>::V3 last_direction, typename Types<T, Bytes>::V3 last_support,
         typename Types<T, Bytes>::V scale) {
    using Ty = Types<T, Bytes>;
    using V = typename Ty::V;
    using M = typename Ty::M;
    using V3 = typename Ty::V3;
    const V zero = Ty::values(0);
    const V3 origin{zero, zero, zero};
    auto is = [&ending](Termination which)
                  GJK_LANE_LAMBDA { return ending == Ty::ints(int(which)); };
    M ok = done & (is(Termination::no_progress) | is(Termination::repeated_support));
    V3 pa = origin, pb = origin;
    auto square = [scale](V3 v) GJK_LANE_LAMBDA {
        const V3 k = Ty::times(scale, v);
        return Ty::dot(k, k);
    };
    V vertex2 = square(last_support);
    for (int i = 0; i < 4; ++i) {
        const M in = Ty::ints(i) < s.count;
        pa = Ty::select(in, Ty::add(pa, Ty::times(s.weight[i], s.a[i])), pa);
        pb = Ty::select(in, Ty::add(pb, Ty::times(s.weight[i], s.b[i])), pb);
        vertex2 = wide::select(in, wide::max(vertex2, square(s.w[i])), vertex2);
    }
    // settle(): a contact within round-off, for conclude3() and its touching proof.
    constexpr T eps = Ty::kEpsilon;
    ok &= ~(square(closest) <= Ty::values(eps) * Ty::values(eps) * vertex2);
    // length(): the square root of a square in the normal range.
    const V core2 = Ty::dot(closest, closest);
    ok &= (core2 >= Ty::values(Ty::kMin)) & (core2 <= Ty::values(Ty::kMax));
    const V core = wide::sqrt(core2);
    // The normal: the kept feature's perpendicular (search_direction() of the final simplex,
    // which the loop computed last, from this same simplex, before the support that ended it:
    // the last direction), or P for a vertex.
    V3 along = Ty::select(s.count >= Ty::ints(2), Ty::neg(last_direction), closest);
    const M zero_along = (along.x == zero) & (along.y == zero) & (along.z == zero);
    along = Ty::select(zero_along, closest, along);
    const V largest = Ty::max_abs(along);
    ok &= largest > zero;
    M scale_rare{};
    const V k = unit_scale<T, Bytes>(largest_with<T, Bytes>(zero, along), scale_rare);
    ok &= ~scale_rare;
    const V3 scaled = Ty::times(k, along);
    const V length = wide::sqrt(Ty::dot(scaled, scaled));
    V3 normal{scaled.x / length, scaled.y / length, scaled.z / length};
    // The radii: separated when the cores are further apart than they reach, by more than the
    // round-off of their distance (gap_within_round_off(): a gap within it is rounded_gap()'s,
    // conclude3() answers it).
    const V ra = wide::load<V>(l.radius_a), rb = wide::load<V>(l.radius_b);
    const V radii = ra + rb;
    V largest_w = radii;
    for (int i = 0; i < 4; ++i) {
        largest_w = wide::select(Ty::ints(i) < s.count, largest_with<T, Bytes>(largest_w, s.w[i]),
                                 largest_w);
    }
    const V band = Ty::values(T(64) * eps) * largest_w;
    ok &= (core > radii) & ~((radii > zero) & (wide::abs(core - radii) <= band));
    V distance = core - (ra + rb);
    const V3 witness_a = pa;
    pa = Ty::add(pa, Ty::times(ra, normal));
    pb = Ty::sub(pb, Ty::times(rb, normal));
    // Into the world: apply(xf_a, .), rotate(xf_a.q, normal).
    const V3 p{wide::load<V>(l.world_px), wide::load<V>(l.world_py), wide::load<V>(l.world_pz)};
    const V3 u{wide::load<V>(l.world_qx), wide::load<V>(l.world_qy), wide::load<V>(l.world_qz)};
    const V w = wide::load<V>(l.world_qw);
    V3 point_a = Ty::add(rotate<T, Bytes>(u, w, pa), p);
    V3 point_b = Ty::add(rotate<T, Bytes>(u, w, pb), p);
    normal = rotate<T, Bytes>(u, w, normal);
    const V max = Ty::values(Ty::kMax);
    auto finite = [max](V3 v) GJK_LANE_LAMBDA {
        return (wide::abs(v.x) <= max) & (wide::abs(v.y) <= max) & (wide::abs(v.z) <= max);
    };
    ok &= finite(point_a) & finite(point_b) & finite(normal) & (wide::abs(distance) <= max);
    // Case 2, the origin inside the tetrahedron: the cores overlap, with no normal (conclude3()
    // with core 0, no support plane to find), both points the weights' point of A.
    const M contains = done & is(Termination::containment);
    const V3 contained = Ty::add(rotate<T, Bytes>(u, w, witness_a), p);
    const V3 no_normal = rotate<T, Bytes>(u, w, origin);
    const M answered = contains & finite(contained) & finite(no_normal);
    ok |= answered;
    const M status = wide::select(answered, Ty::ints(int(Status::overlapping)),
                                  Ty::ints(int(Status::separated)));
    distance = wide::select(answered, zero, distance);
    point_a = Ty::select(answered, contained, point_a);
    point_b = Ty::select(answered, contained, point_b);
    normal = Ty::select(answered, no_normal, normal);
    wide::store(l.concluded, ok);
    wide::store(l.status, status);
    wide::store(l.distance, distance);
    wide::store(l.point_ax, point_a.x), wide::store(l.point_ay, point_a.y);
    wide::store(l.point_az, point_a.z);
    wide::store(l.point_bx, point_b.x), wide::store(l.point_by, point_b.y);
    wide::store(l.point_bz, point_b.z);
    wide::store(l.normal_x, normal.x), wide::store(l.normal_y, normal.y);
    wide::store(l.normal_z, normal.z);
}

/// The loop's end in every lane, into the arrays (the loop's LoopSimplex3 and LoopResult: the
/// final simplex's points, pairs and weights, the last direction and support, the closest point,
/// the ending, the iterations, whether the lane was handed over, the scale), then conclude() on
/// the lanes not handed over.
template <class T, int Bytes>
GJK_LANE_STEP void finish(Lanes3<T, Bytes>& lanes, const Loop<T, Bytes>& l) {
    using M = typename Types<T, Bytes>::M;
    const Simplex<T, Bytes>& s = l.s;
    for (int i = 0; i < 4; ++i) {
        wide::store(lanes.w_x[i], s.w[i].x), wide::store(lanes.w_y[i], s.w[i].y);
        wide::store(lanes.w_z[i], s.w[i].z);
        wide::store(lanes.weight[i], s.weight[i]);
        wide::store(lanes.index_a[i], s.index_a[i]);
        wide::store(lanes.index_b[i], s.index_b[i]);
    }
    wide::store(lanes.count, s.count);
    wide::store(lanes.direction_x, l.last_direction.x),
        wide::store(lanes.direction_y, l.last_direction.y);
    wide::store(lanes.direction_z, l.last_direction.z);
    wide::store(lanes.last_x, l.last_support.x), wide::store(lanes.last_y, l.last_support.y);
    wide::store(lanes.last_z, l.last_support.z);
    wide::store(lanes.closest_x, l.closest.x), wide::store(lanes.closest_y, l.closest.y);
    wide::store(lanes.closest_z, l.closest.z);
    wide::store(lanes.termination, l.ending);
    wide::store(lanes.iterations, l.iterations);
    wide::store(lanes.handed_over, l.handed_over);
    conclude<T, Bytes>(lanes, s, ~l.handed_over & wide::load<M>(lanes.live), l.closest, l.ending,
                       l.last_direction, l.last_support, l.scale);
    wide::store(lanes.scale, l.scale);
}

} // namespace gjk::detail::lanes3
