// src/lanes/iteration.hpp - one trip of the lanes' loop (src/lanes/steps.hpp): solve(), cull(),
// search_direction() with resolvable(), and the support's tests with push().
#pragma once

#include "lanes/steps.hpp"

namespace gjk::detail {

/// solve(): the closest point of each lane's simplex to the origin, by its size: a point is
/// itself; a segment (w0, w1) and a triangle (w0, w1, w2) = (a, b, c) share the two coordinates
/// of their edge AB (gjk/segment.hpp, gjk/triangle.hpp). The triangle's part is computed only in
/// the trips where some live lane has one (from the third on). Q - X with Q the origin is
/// 0 - X, kept: -X would differ in the sign of a zero. (X - Q is X exactly.)
template <class T, int Bytes>
GJK_LANE_STEP LaneSolution<T, Bytes> lanes_solve(const LaneLoop<T, Bytes>& s) {
    using Types = LaneTypes<T, Bytes>;
    using V = typename Types::V;
    using M = typename Types::M;
    using wide::any, wide::select, wide::splat;
    const V zero{};
    const V one = splat<V>(T(1));
    const M A = Types::ints(0b001), B = Types::ints(0b010), C = Types::ints(0b100),
            AB = Types::ints(0b011), BC = Types::ints(0b110), CA = Types::ints(0b101),
            ABC = Types::ints(0b111);
    const V w_x[3] = {s.w_x[0], s.w_x[1], s.w_x[2]};
    const V w_y[3] = {s.w_y[0], s.w_y[1], s.w_y[2]};
    const M is_point = s.size == Types::ints(1);
    const V bax = w_x[1] - w_x[0], bay = w_y[1] - w_y[0];
    const V uAB = w_x[1] * bax + w_y[1] * bay;
    const V vAB = (zero - w_x[0]) * bax + (zero - w_y[0]) * bay;
    // The quotients of the interior of AB, the segment's and the triangle's edge alike.
    const V sAB = uAB + vAB;
    const V uAB_AB = uAB / sAB, vAB_AB = vAB / sAB;

    // segment_region and segment_weights; a point's are A and (1, 0, 0).
    LaneSolution<T, Bytes> x;
    const M seg_b = uAB <= zero, seg_a = ~seg_b & (vAB <= zero);
    x.u = select(is_point, one, select(seg_b, zero, select(seg_a, one, uAB_AB)));
    x.v = select(is_point, zero, select(seg_b, one, select(seg_a, zero, vAB_AB)));
    x.w = zero;
    x.region = select(is_point, A, select(seg_b, B, select(seg_a, A, AB)));
    x.px = select(is_point, w_x[0], x.u * w_x[0] + x.v * w_x[1]);
    x.py = select(is_point, w_y[0], x.u * w_y[0] + x.v * w_y[1]);

    const M is_triangle = s.live & (s.size == Types::ints(3));
    if (any(is_triangle)) {
        // The triangle's other seven coordinates.
        const V cbx = w_x[2] - w_x[1], cby = w_y[2] - w_y[1];
        const V acx = w_x[0] - w_x[2], acy = w_y[0] - w_y[2];
        const V uBC = w_x[2] * cbx + w_y[2] * cby;
        const V vBC = (zero - w_x[1]) * cbx + (zero - w_y[1]) * cby;
        const V uCA = w_x[0] * acx + w_y[0] * acy;
        const V vCA = (zero - w_x[2]) * acx + (zero - w_y[2]) * acy;
        const V cax = w_x[2] - w_x[0], cay = w_y[2] - w_y[0];
        const V area = bax * cay - bay * cax;
        const V sign = select(area > zero, one, zero) - select(area < zero, one, zero);
        const V uABC = sign * (w_x[1] * w_y[2] - w_y[1] * w_x[2]);
        const V vABC = sign * (w_x[2] * w_y[0] - w_y[2] * w_x[0]);
        const V wABC = sign * (w_x[0] * w_y[1] - w_y[0] * w_x[1]);

        // triangle_region: the first region that holds in its order (the fall-back for
        // inconsistent coordinates first, each earlier test overriding it).
        M tri_region = select(
            (wABC <= uABC) & (wABC <= vABC), select(uAB <= zero, B, select(vAB <= zero, A, AB)),
            select(uABC <= vABC, select(uBC <= zero, C, select(vBC <= zero, B, BC)),
                   select(uCA <= zero, A, select(vCA <= zero, C, CA))));
        tri_region = select((uABC > zero) & (vABC > zero) & (wABC > zero), ABC, tri_region);
        tri_region = select((uCA > zero) & (vCA > zero) & (vABC <= zero), CA, tri_region);
        tri_region = select((uBC > zero) & (vBC > zero) & (uABC <= zero), BC, tri_region);
        tri_region = select((uAB > zero) & (vAB > zero) & (wABC <= zero), AB, tri_region);
        tri_region = select((uBC <= zero) & (vCA <= zero), C, tri_region);
        tri_region = select((uAB <= zero) & (vBC <= zero), B, tri_region);
        tri_region = select((vAB <= zero) & (uCA <= zero), A, tri_region);
        // triangle_weights: the quotients of the region's own coordinates over their sum. AB's
        // are the segment's above; for BC, CA and ABC, whose weights share their region's sum,
        // each lane picks its region's coordinates and sum and divides once per weight (the
        // same quotients, to the bit), not every region's and picks afterwards.
        const M in_BC = tri_region == BC, in_CA = tri_region == CA, in_ABC = tri_region == ABC;
        const V sum = select(in_BC, uBC + vBC,
                             select(in_CA, uCA + vCA, select(in_ABC, uABC + vABC + wABC, one)));
        const V u_over = select(in_CA, vCA, select(in_ABC, uABC, zero));
        const V v_over = select(in_BC, uBC, select(in_ABC, vABC, zero));
        const V w_over = select(in_BC, vBC, select(in_CA, uCA, select(in_ABC, wABC, zero)));
        const V tri_u =
            select(tri_region == A, one, select(tri_region == AB, uAB_AB, u_over / sum));
        const V tri_v =
            select(tri_region == B, one, select(tri_region == AB, vAB_AB, v_over / sum));
        const V tri_w = select(tri_region == C, one, w_over / sum);
        x.u = select(is_triangle, tri_u, x.u), x.v = select(is_triangle, tri_v, x.v);
        x.w = select(is_triangle, tri_w, x.w);
        x.region = select(is_triangle, tri_region, x.region);
        x.px = select(is_triangle, tri_u * w_x[0] + tri_v * w_x[1] + tri_w * w_x[2], x.px);
        x.py = select(is_triangle, tri_u * w_y[0] + tri_v * w_y[1] + tri_w * w_y[2], x.py);
    }
    return x;
}

/// cull()'s moves in the lanes that keep their solution (`keeps`): the first kept one of
/// `from` (by value: the slots may be the same) into slot 0, the second into slot 1, the third
/// (only for containment) into slot 2,
/// by the region's bits 1 and 2 (has0, has1). Slots past the count hold what cull() leaves
/// there, which write_cache copies into the cache: the same stale vertices, so the caches
/// match too.
template <class X, class M>
GJK_LANE_STEP void lanes_keep(X& slot0, X& slot1, X& slot2, X from0, X from1, X from2, M keeps,
                              M has0, M has1) {
    using wide::select;
    const X kept0 = select(has0, from0, select(has1, from1, from2));
    const X kept1 = select(has0, select(has1, from1, from2), select(has1, from2, from1));
    slot0 = select(keeps, kept0, slot0);
    slot1 = select(keeps, kept1, slot1);
    slot2 = select(keeps, from2, slot2);
}

/// Case 2, containment; run()'s stall rule (a distance that did not decrease goes to
/// distance()); cull(): the rest keep the solution's vertices, with their weights. Returns the
/// simplex's vertex pairs as they were before, for case 1.
template <class T, int Bytes>
GJK_LANE_STEP LaneSimplexPairs<T, Bytes> lanes_cull(LaneLoop<T, Bytes>& s,
                                                    const LaneSolution<T, Bytes>& x) {
    using Types = LaneTypes<T, Bytes>;
    using V = typename Types::V;
    using M = typename Types::M;
    using wide::select;
    const V distance2 = x.px * x.px + x.py * x.py;
    const M contained = s.live & (x.region == Types::ints(0b111));
    const M stalled = s.live & ~contained & ~(distance2 < s.previous_distance2);
    s.handed_over |= stalled;
    s.live &= ~stalled;
    const M keeps = s.live; // contained lanes too: they keep all three, with the weights
    const LaneSimplexPairs<T, Bytes> before{s.size,
                                            {s.index_a[0], s.index_a[1], s.index_a[2]},
                                            {s.index_b[0], s.index_b[1], s.index_b[2]}};
    const M has0 = Types::has(x.region, 1), has1 = Types::has(x.region, 2);
    lanes_keep(s.w_x[0], s.w_x[1], s.w_x[2], s.w_x[0], s.w_x[1], s.w_x[2], keeps, has0, has1);
    lanes_keep(s.w_y[0], s.w_y[1], s.w_y[2], s.w_y[0], s.w_y[1], s.w_y[2], keeps, has0, has1);
    lanes_keep(s.weight[0], s.weight[1], s.weight[2], x.u, x.v, x.w, keeps, has0, has1);
    lanes_keep(s.index_a[0], s.index_a[1], s.index_a[2], before.index_a[0], before.index_a[1],
               before.index_a[2], keeps, has0, has1);
    lanes_keep(s.index_b[0], s.index_b[1], s.index_b[2], before.index_b[0], before.index_b[1],
               before.index_b[2], keeps, has0, has1);
    // Minus the count of kept vertices: masks are -1.
    const M kept = Types::has(x.region, 1) + Types::has(x.region, 2) + Types::has(x.region, 4);
    s.size = select(keeps, M{} - kept, s.size);
    s.previous_distance2 = select(keeps, distance2, s.previous_distance2);
    s.closest_x = select(keeps, x.px, s.closest_x);
    s.closest_y = select(keeps, x.py, s.closest_y);
    s.end(contained, Termination::containment);
    return before;
}

/// search_direction(): -w0 for a vertex; for an edge perp(w1 - w0), exactly perpendicular, its
/// sign copied from dot(d, -w0). resolvable(): a direction below sqrt(min) would be scaled up,
/// a NaN met: distance()'s path. Then cases 3a, 3b and 4 (the origin on the simplex) and the
/// iteration cap. Returns the direction (kept in `s` for the lanes that go on).
template <class T, int Bytes>
GJK_LANE_STEP LaneDirection<T, Bytes> lanes_search_direction(LaneLoop<T, Bytes>& s) {
    using Types = LaneTypes<T, Bytes>;
    using V = typename Types::V;
    using M = typename Types::M;
    using wide::select, wide::splat;
    const V zero{};
    const V one = splat<V>(T(1));
    const M vertex = s.size == Types::ints(1);
    const V rx = select(vertex, -s.w_x[0], -(s.w_y[1] - s.w_y[0]));
    const V ry = select(vertex, -s.w_y[0], s.w_x[1] - s.w_x[0]);
    const V tiny = splat<V>(Types::kSqrtMin);
    const V abs_x = wide::abs(rx), abs_y = wide::abs(ry);
    const M unresolved =
        s.live & (((abs_x < tiny) & (abs_y < tiny) & ~((abs_x == zero) & (abs_y == zero))) |
                  (rx != rx) | (ry != ry));
    const V side = rx * -s.w_x[0] + ry * -s.w_y[0]; // dot(d, -w0)
    const M no_side = ~vertex & ((side == zero) | (side != side));
    const M nan_side = s.live & ~vertex & (side != side);
    s.handed_over |= unresolved | nan_side;
    s.live &= ~(unresolved | nan_side);
    // copysign(1, side): one with side's sign bit.
    const V flip =
        reinterpret_cast<V>((reinterpret_cast<M>(side) & ~reinterpret_cast<M>(wide::abs(side))) |
                            reinterpret_cast<M>(one));
    const V dx = select(vertex, rx, select(no_side, zero, flip * rx));
    const V dy = select(vertex, ry, select(no_side, zero, flip * ry));
    s.direction_x = select(s.live, dx, s.direction_x);
    s.direction_y = select(s.live, dy, s.direction_y);
    const M on_simplex = s.live & (dx == zero) & (dy == zero);
    s.end(on_simplex & vertex, Termination::vertex_overlap);
    s.end(on_simplex & ~vertex, Termination::edge_overlap);
    s.end(s.live & (s.iterations >= s.max_iterations), Termination::max_iterations);
    return {dx, dy};
}

/// The new support point p along d: case 1 (a support point already in the simplex as it was
/// before cull()), no progress (p not beyond the simplex along d), and push() for the rest.
template <class T, int Bytes>
GJK_LANE_STEP void lanes_push_support(LaneLoop<T, Bytes>& s, const LaneDirection<T, Bytes>& d,
                                      const LaneSupport<T, Bytes>& p,
                                      const LaneSimplexPairs<T, Bytes>& before) {
    using Types = LaneTypes<T, Bytes>;
    using V = typename Types::V;
    using M = typename Types::M;
    using wide::select;
    const V dx = d.x, dy = d.y;
    s.last_x = select(s.live, dx, s.last_x);
    s.last_y = select(s.live, dy, s.last_y);
    M repeated{};
    for (int i = 0; i < 3; ++i) {
        repeated |= (Types::ints(i) < before.size) & (p.index_a == before.index_a[i]) &
                    (p.index_b == before.index_b[i]);
    }
    repeated &= s.live;
    s.beyond =
        select(repeated, ~((p.index_a == s.index_a[0]) & (p.index_b == s.index_b[0])), s.beyond);
    s.end(repeated, Termination::repeated_support);
    const V reach = dx * p.x + dy * p.y;
    s.end(s.live & ~(reach > dx * s.w_x[0] + dy * s.w_y[0]), Termination::no_progress);
    for (int i = 0; i < 3; ++i) {
        const M here = s.live & (s.size == Types::ints(i));
        s.w_x[i] = select(here, p.x, s.w_x[i]), s.w_y[i] = select(here, p.y, s.w_y[i]);
        s.index_a[i] = select(here, p.index_a, s.index_a[i]);
        s.index_b[i] = select(here, p.index_b, s.index_b[i]);
    }
    s.size -= s.live;
}

} // namespace gjk::detail
