// src/lanes/conclusion.hpp - the lanes' last step (src/lanes/steps.hpp): settle() and conclude().
#pragma once

#include "gjk/loop/policy.hpp" // kContainmentRoundOff
#include "lanes/arrays.hpp"
#include "lanes/steps.hpp"

namespace gjk::detail {

/// settle() and conclude(), lane by lane as they would, for every lane that did not hand over
/// and takes their common paths: the witness points from the weights, the distance and the
/// normal, classify() with the radii, the answer in the world frame, write_cache()'s metric.
/// A lane left to conclude() itself: a touching normal to prove (an overlap ending, or one
/// settle() would make: a single vertex at the origin, an edge through it within one ulp),
/// containment weights to refine (best_containment_weights), a length outside the normal range,
/// a non-finite answer. Everything the loop leaves is stored in `lanes`.
template <class T, int Bytes>
GJK_LANE_STEP void lanes_conclude(Lanes<T, Bytes>& lanes, const LaneShapes<T, Bytes>& z,
                                  const LaneLoop<T, Bytes>& s) {
    using Types = LaneTypes<T, Bytes>;
    using V = typename Types::V;
    using M = typename Types::M;
    using wide::load, wide::select, wide::splat, wide::store;
    const V zero{};
    const V w_x[3] = {s.w_x[0], s.w_x[1], s.w_x[2]};
    const V w_y[3] = {s.w_y[0], s.w_y[1], s.w_y[2]};
    const V weight[3] = {s.weight[0], s.weight[1], s.weight[2]};
    const M unsettled = Types::is(s.termination, Termination::repeated_support) |
                        Types::is(s.termination, Termination::no_progress);
    const V size0 = w_x[0] * w_x[0] + w_y[0] * w_y[0];
    const V size1 = w_x[1] * w_x[1] + w_y[1] * w_y[1];
    const V size2 = w_x[2] * w_x[2] + w_y[2] * w_y[2];
    const V closest2 = s.closest_x * s.closest_x + s.closest_y * s.closest_y;
    const M vertex_at_origin = (s.size == Types::ints(1)) & (s.beyond != M{}) & (size0 == zero);
    const M edge_through_origin =
        (s.size == Types::ints(2)) &
        (closest2 <= Types::kEpsilon * Types::kEpsilon * wide::max(size0, size1));
    const M settles_to_overlap = unsettled & (vertex_at_origin | edge_through_origin);

    // best_containment_weights' early return: a triangle whose weighted point is within
    // kContainmentRoundOff of its largest vertex keeps its weights.
    const M contained = Types::is(s.termination, Termination::containment);
    const V weighted_x = weight[0] * w_x[0] + weight[1] * w_x[1] + weight[2] * w_x[2];
    const V weighted_y = weight[0] * w_y[0] + weight[1] * w_y[1] + weight[2] * w_y[2];
    const V round_off = splat<V>(kContainmentRoundOff<T>);
    const M weights_settled = weighted_x * weighted_x + weighted_y * weighted_y <=
                              round_off * round_off * wide::max(wide::max(size0, size1), size2);
    const M touching_to_prove = Types::is(s.termination, Termination::vertex_overlap) |
                                Types::is(s.termination, Termination::edge_overlap) |
                                settles_to_overlap;
    M concluded = s.started & ~s.handed_over & ~touching_to_prove & ~(contained & ~weights_settled);

    // The witness points from the barycentric weights, A's vertices by their indices in A's
    // frame, B's in B's own frame.
    V local_bx[8], local_by[8];
    for (int j = 0; j < 8; ++j) {
        local_bx[j] = load<V>(lanes.local_bx[j]), local_by[j] = load<V>(lanes.local_by[j]);
    }
    V pax = zero, pay = zero, pbx = zero, pby = zero;
    for (int i = 0; i < 3; ++i) {
        const M in_simplex = Types::ints(i) < s.size;
        pax = select(in_simplex, pax + weight[i] * lanes_vertex<T, Bytes>(z.ax, s.index_a[i]), pax);
        pay = select(in_simplex, pay + weight[i] * lanes_vertex<T, Bytes>(z.ay, s.index_a[i]), pay);
        pbx = select(in_simplex, pbx + weight[i] * lanes_vertex<T, Bytes>(local_bx, s.index_b[i]),
                     pbx);
        pby = select(in_simplex, pby + weight[i] * lanes_vertex<T, Bytes>(local_by, s.index_b[i]),
                     pby);
    }
    // length(): sqrt of the square in the normal range (else hypot, conclude()'s); normalized()
    // the same, of the closest point or of the negated direction for an edge.
    const M no_direction = (s.direction_x == zero) & (s.direction_y == zero);
    const V along_x = select(no_direction, s.closest_x, -s.direction_x);
    const V along_y = select(no_direction, s.closest_y, -s.direction_y);
    const V along2 = along_x * along_x + along_y * along_y;
    concluded &= contained | (Types::normal_range(closest2) & Types::normal_range(along2));
    const V core_distance = select(contained, zero, wide::sqrt(closest2));
    const V along_length = wide::sqrt(along2);
    const V normal_x = select(contained, zero, along_x / along_length);
    const V normal_y = select(contained, zero, along_y / along_length);

    // classify() with the radii, then the witness points moved onto the rounded surfaces.
    const V ra = load<V>(lanes.radius_a), rb = load<V>(lanes.radius_b), radii = ra + rb;
    const M separated = core_distance > radii;
    const M normal_known = ~((normal_x == zero) & (normal_y == zero));
    M status =
        select(separated, Types::ints(int(Status::separated)),
               select((core_distance == radii) & normal_known, Types::ints(int(Status::touching)),
                      Types::ints(int(Status::overlapping))));
    const V distance = select(separated, core_distance - radii, zero);
    // Rounded shapes that meet: one common point, the middle of [max(0, D - rb), min(D, ra)]
    // along the normal from A's core point.
    const V lo = wide::max(zero, core_distance - rb), hi = wide::min(core_distance, ra);
    const V middle = splat<V>(T(0.5)) * (lo + hi);
    const M rounded_meet = ~separated & ~contained;
    pax =
        select(separated, pax + ra * normal_x, select(rounded_meet, pax + middle * normal_x, pax));
    pay =
        select(separated, pay + ra * normal_y, select(rounded_meet, pay + middle * normal_y, pay));
    status = select(Types::is(s.termination, Termination::max_iterations),
                    Types::ints(int(Status::max_iterations)), status);

    // To the world: apply(xf_a, p), rotate(xf_a.q, normal); B's point, when the shapes are
    // apart, apply(xf_b, p) - rb * normal, else A's.
    const V ac = load<V>(lanes.world_a_c), as = load<V>(lanes.world_a_s);
    const V apx = load<V>(lanes.world_a_px), apy = load<V>(lanes.world_a_py);
    const V bc = load<V>(lanes.world_b_c), bs = load<V>(lanes.world_b_s);
    const V bpx = load<V>(lanes.world_b_px), bpy = load<V>(lanes.world_b_py);
    const V point_ax = (ac * pax - as * pay) + apx, point_ay = (as * pax + ac * pay) + apy;
    const V world_nx = ac * normal_x - as * normal_y, world_ny = as * normal_x + ac * normal_y;
    const V point_bx = select(separated, ((bc * pbx - bs * pby) + bpx) - rb * world_nx, point_ax);
    const V point_by = select(separated, ((bs * pbx + bc * pby) + bpy) - rb * world_ny, point_ay);
    // A non-finite answer is conclude()'s to report.
    concluded &= Types::finite(distance) & Types::finite(point_ax) & Types::finite(point_ay) &
                 Types::finite(point_bx) & Types::finite(point_by) & Types::finite(world_nx) &
                 Types::finite(world_ny);

    // write_cache()'s metric: the edge's squared length, the triangle's doubled signed area.
    const V e1x = w_x[1] - w_x[0], e1y = w_y[1] - w_y[0];
    const V e2x = w_x[2] - w_x[0], e2y = w_y[2] - w_y[0];
    const V metric = select(s.size == Types::ints(2), e1x * e1x + e1y * e1y,
                            select(s.size == Types::ints(3), e1x * e2y - e1y * e2x, zero));

    for (int i = 0; i < 3; ++i) {
        store(lanes.w_x[i], w_x[i]), store(lanes.w_y[i], w_y[i]);
        store(lanes.index_a[i], s.index_a[i]), store(lanes.index_b[i], s.index_b[i]);
        store(lanes.weight[i], weight[i]);
    }
    store(lanes.size, s.size), store(lanes.iterations, s.iterations);
    store(lanes.termination, s.termination), store(lanes.beyond, s.beyond);
    store(lanes.handed_over, s.handed_over);
    store(lanes.closest_x, s.closest_x), store(lanes.closest_y, s.closest_y);
    store(lanes.direction_x, s.direction_x), store(lanes.direction_y, s.direction_y);
    store(lanes.last_x, s.last_x), store(lanes.last_y, s.last_y);
    store(lanes.concluded, concluded), store(lanes.status, status);
    store(lanes.distance, distance), store(lanes.metric, metric);
    store(lanes.point_ax, point_ax), store(lanes.point_ay, point_ay);
    store(lanes.point_bx, point_bx), store(lanes.point_by, point_by);
    store(lanes.normal_x, world_nx), store(lanes.normal_y, world_ny);
}

} // namespace gjk::detail
