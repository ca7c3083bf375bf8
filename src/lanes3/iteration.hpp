// src/lanes3/iteration.hpp - the steps of an iteration after solve() in every lane: cull(),
// search_direction() and the support of a shape (gjk/loop/simplex3.hpp, gjk/scan3.hpp).
#pragma once

#include "lanes3/arrays.hpp"
#include "lanes3/solve.hpp"
#include "lanes3/state.hpp"

namespace gjk::detail::lanes3 {

/// cull(): the vertices of the region kept, in their order, where `m` holds.
template <class T, int Bytes>
GJK_LANE_STEP void cull(Simplex<T, Bytes>& s, typename Types<T, Bytes>::M region,
                        typename Types<T, Bytes>::M m) {
    using Ty = Types<T, Bytes>;
    using M = typename Ty::M;
    Simplex<T, Bytes> kept = s;
    M slot = Ty::ints(0); // the next slot of each lane
    for (int i = 0; i < 4; ++i) {
        const M keep = m & Ty::has(region, 1 << i) & (Ty::ints(i) < s.count);
        for (int j = 0; j <= i; ++j) {
            const M here = keep & (slot == Ty::ints(j));
            kept.a[j] = Ty::select(here, s.a[i], kept.a[j]);
            kept.b[j] = Ty::select(here, s.b[i], kept.b[j]);
            kept.w[j] = Ty::select(here, s.w[i], kept.w[j]);
            kept.weight[j] = wide::select(here, s.weight[i], kept.weight[j]);
            kept.index_a[j] = wide::select(here, s.index_a[i], kept.index_a[j]);
            kept.index_b[j] = wide::select(here, s.index_b[i], kept.index_b[j]);
        }
        slot -= keep; // a kept lane's mask is -1
    }
    kept.count = wide::select(m, slot, s.count);
    s = kept;
}

/// search_direction(): towards the origin from the kept feature, on the vertices scaled by
/// unit_scale: -w0 for a vertex, across_edge (exact in double) for an edge, normal_direction on
/// the origin's side for a triangle. `rare` gains the live lanes whose triangle's plain normal is
/// ill conditioned (normal_direction's exact path).
template <class T, int Bytes>
GJK_LANE_STEP typename Types<T, Bytes>::V3 search_direction(const Simplex<T, Bytes>& s,
                                                            typename Types<T, Bytes>::M live,
                                                            typename Types<T, Bytes>::M& rare) {
    using Ty = Types<T, Bytes>;
    using V = typename Ty::V;
    using M = typename Ty::M;
    using V3 = typename Ty::V3;
    const V zero = Ty::values(0);
    const M is2 = s.count == Ty::ints(2);
    const V3 w0 = s.w[0], w1 = s.w[1], w2 = s.w[2];
    M scale_rare{};
    const V k0 = unit_scale<T, Bytes>(largest_with<T, Bytes>(zero, w0), scale_rare);
    const V3 to_origin = Ty::times(k0, Ty::neg(w0)); // the vertex's direction, and the side test's
    V3 d = to_origin;
    if (wide::any(live & is2)) {
        const V k = unit_scale<T, Bytes>(
            largest_with<T, Bytes>(largest_with<T, Bytes>(zero, w0), w1), scale_rare);
        if constexpr (std::is_same_v<T, float>) { // across_edge(): exact in double
            const typename Ty::D3 e0 = Ty::widen(Ty::times(k, w0));
            const typename Ty::D3 e = Ty::sub(Ty::widen(Ty::times(k, w1)), e0);
            d = Ty::select(is2, Ty::narrow(Ty::cross(Ty::cross(e, Ty::neg(e0)), e)), d);
        } else { // across_edge(): plain where e x -w0 is well conditioned
            const V3 s0 = Ty::times(k, w0);
            const V3 to_origin0 = Ty::neg(s0);
            const V3 e = Ty::sub(Ty::times(k, w1), s0);
            const V3 m = Ty::cross(e, to_origin0);
            rare |= live & is2 & ~well_conditioned<T, Bytes>(m, e, to_origin0);
            d = Ty::select(is2, Ty::cross(m, e), d);
        }
    }
    const M is3 = s.count == Ty::ints(3);
    if (wide::any(live & is3)) {
        const V3 e = Ty::sub(w1, w0), f = Ty::sub(w2, w0);
        const V ke = unit_scale<T, Bytes>(largest_with<T, Bytes>(zero, e), scale_rare);
        const V kf = unit_scale<T, Bytes>(largest_with<T, Bytes>(zero, f), scale_rare);
        const V3 se = Ty::times(ke, e), sf = Ty::times(kf, f);
        const V3 n = Ty::cross(se, sf);
        rare |= live & is3 & ~well_conditioned<T, Bytes>(n, se, sf);
        const V side = Ty::dot(n, to_origin);
        const V3 toward =
            Ty::select(side > zero, n, Ty::select(side < zero, Ty::neg(n), V3{zero, zero, zero}));
        d = Ty::select(is3, toward, d);
    }
    rare |= live & scale_rare;
    return d;
}

/// A shape's support in every lane: the first corner furthest along d (first_furthest_scalar:
/// x d.x + y d.y + z d.z, a later corner wins only when strictly further), its index and point.
template <class T, int Bytes> struct Support {
    typename Types<T, Bytes>::M index;
    typename Types<T, Bytes>::V3 point;
};
template <class T, int Bytes>
GJK_LANE_STEP Support<T, Bytes>
support(const T (*x)[Types<T, Bytes>::N], const T (*y)[Types<T, Bytes>::N],
        const T (*z)[Types<T, Bytes>::N], int corners, typename Types<T, Bytes>::V3 d) {
    using Ty = Types<T, Bytes>;
    using V = typename Ty::V;
    using M = typename Ty::M;
    Support<T, Bytes> best;
    best.point = {wide::load<V>(x[0]), wide::load<V>(y[0]), wide::load<V>(z[0])};
    best.index = Ty::ints(0);
    V reach = best.point.x * d.x + best.point.y * d.y + best.point.z * d.z;
    for (int i = 1; i < corners; ++i) {
        const typename Ty::V3 p{wide::load<V>(x[i]), wide::load<V>(y[i]), wide::load<V>(z[i])};
        const V r = p.x * d.x + p.y * d.y + p.z * d.z;
        const M further = reach < r;
        reach = wide::select(further, r, reach);
        best.index = wide::select(further, Ty::ints(i), best.index);
        best.point = Ty::select(further, p, best.point);
    }
    return best;
}

/// solve() on every live lane, its weights, closest point and region kept; case 2 (the origin
/// inside the tetrahedron) ends the lane; and the stall rule's rare path - a squared distance
/// that did not decrease, or NaN - hands it over, as does a solve whose region tests all failed.
template <class T, int Bytes> GJK_LANE_STEP Solution<T, Bytes> solve_step(Loop<T, Bytes>& l) {
    using Ty = Types<T, Bytes>;
    using V = typename Ty::V;
    using M = typename Ty::M;
    using V3 = typename Ty::V3;
    M rare{};
    const Solution<T, Bytes> solution = solve<T, Bytes>(l.s, l.live, rare);
    l.hand_over(rare);
    for (int i = 0; i < 4; ++i) {
        l.s.weight[i] = wide::select(l.live, solution.weight[i], l.s.weight[i]);
    }
    l.closest = Ty::select(l.live, solution.closest, l.closest);
    // Case 2: the origin inside the tetrahedron.
    l.end(l.live & (solution.region == Ty::ints(0b1111)), Termination::containment);
    // The stall rule's rare path: a squared distance that did not decrease (or NaN).
    const V3 scaled = Ty::times(l.scale, solution.closest);
    const V distance2 = Ty::dot(scaled, scaled);
    l.hand_over(l.live & ~(distance2 < l.previous));
    l.previous = wide::select(l.live, distance2, l.previous);
    return solution;
}

/// search_direction() on every live lane (a triangle's ill conditioned normal hands it over);
/// cases 3a, 3b and 4 - the origin on the simplex, a zero direction - and the cap end it.
template <class T, int Bytes>
GJK_LANE_STEP typename Types<T, Bytes>::V3 direction_step(Loop<T, Bytes>& l) {
    using Ty = Types<T, Bytes>;
    using M = typename Ty::M;
    using V3 = typename Ty::V3;
    M direction_rare{};
    const V3 d = search_direction<T, Bytes>(l.s, l.live, direction_rare);
    l.hand_over(direction_rare);
    // Cases 3a, 3b, 4: the origin on the simplex.
    const M on_simplex =
        l.live & (d.x == Ty::values(0)) & (d.y == Ty::values(0)) & (d.z == Ty::values(0));
    l.end(on_simplex & (l.s.count == Ty::ints(1)), Termination::vertex_overlap);
    l.end(on_simplex & (l.s.count == Ty::ints(2)), Termination::edge_overlap);
    l.end(on_simplex, Termination::face_overlap);
    l.end(l.live & (l.iterations >= l.max_iterations), Termination::max_iterations);
    return d;
}

/// The support of Z along d in every lane: B's along d less A's along -d.
template <class T, int Bytes> struct SupportOfZ {
    Support<T, Bytes> a, b;
    typename Types<T, Bytes>::V3 w;
};
template <class T, int Bytes>
GJK_LANE_STEP SupportOfZ<T, Bytes> support_of_z(const Lanes3<T, Bytes>& lanes,
                                                typename Types<T, Bytes>::V3 d) {
    using Ty = Types<T, Bytes>;
    const Support<T, Bytes> pa =
        support<T, Bytes>(lanes.ax, lanes.ay, lanes.az, lanes.corners_a, Ty::neg(d));
    const Support<T, Bytes> pb =
        support<T, Bytes>(lanes.bx, lanes.by, lanes.bz, lanes.corners_b, d);
    return {pa, pb, Ty::sub(pb.point, pa.point)};
}

/// The support's tests and push() on every live lane: the last direction and support kept; case
/// 1 (a pair of the simplex before cull, `before`) and no progress (w not beyond the simplex along
/// d) end the lane; else w joins the simplex at slot count.
template <class T, int Bytes>
GJK_LANE_STEP void push_support(Loop<T, Bytes>& l, const Simplex<T, Bytes>& before,
                                typename Types<T, Bytes>::V3 d, const SupportOfZ<T, Bytes>& z) {
    using Ty = Types<T, Bytes>;
    using M = typename Ty::M;
    l.last_direction = Ty::select(l.live, d, l.last_direction);
    l.last_support = Ty::select(l.live, z.w, l.last_support);
    M repeated{}; // case 1, against the simplex before cull
    for (int i = 0; i < 4; ++i) {
        repeated |= (Ty::ints(i) < before.count) & (before.index_a[i] == z.a.index) &
                    (before.index_b[i] == z.b.index);
    }
    l.end(l.live & repeated, Termination::repeated_support);
    l.end(l.live & ~(Ty::dot(z.w, d) > Ty::dot(l.s.w[0], d)), Termination::no_progress);
    // push(): w at slot count.
    for (int i = 0; i < 4; ++i) {
        const M here = l.live & (l.s.count == Ty::ints(i));
        l.s.a[i] = Ty::select(here, z.a.point, l.s.a[i]);
        l.s.b[i] = Ty::select(here, z.b.point, l.s.b[i]);
        l.s.w[i] = Ty::select(here, z.w, l.s.w[i]);
        l.s.index_a[i] = wide::select(here, z.a.index, l.s.index_a[i]);
        l.s.index_b[i] = wide::select(here, z.b.index, l.s.index_b[i]);
    }
    l.s.count -= l.live;
}

} // namespace gjk::detail::lanes3
