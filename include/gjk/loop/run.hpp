// gjk/loop/run.hpp - the GJK loop itself (the overview is at the top of gjk/distance.hpp):
// the first simplex, every iteration's steps and the ways out, with the talk's termination
// cases, and the trace of every iteration.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "gjk/distance_types.hpp"
#include "gjk/loop/policy.hpp"
#include "gjk/loop/rules.hpp"
#include "gjk/loop/simplex.hpp"
#include "gjk/loop/warm_start.hpp"
#include "gjk/math.hpp"

namespace gjk {

namespace detail {

/// A vertex of the simplex with its shape points, in the world frame (for traces). Indices are
/// those of the shapes' input points (PreparedShape::source_index for a prepared shape).
template <class T, class Support>
SimplexVertex<T> world_vertex(const Support& z, const Transform<T>& xf_a, int index_a, int index_b,
                              T weight) {
    const MinkowskiPoint<T> m = z.vertex(index_a, index_b);
    return {apply(xf_a, m.a), apply(xf_a, m.b),    rotate(xf_a.q, m.w),
            weight,           z.a.source(index_a), z.b.source(index_b)};
}

template <class T, class Support>
Simplex<T> world_simplex(const Support& z, const Transform<T>& xf_a, const LoopSimplex<T>& s) {
    Simplex<T> r;
    r.count = s.count;
    for (int i = 0; i < s.count; ++i) {
        r.v[i] = world_vertex(z, xf_a, s.index_a(i), s.index_b(i), s.weight[i]);
    }
    return r;
}

/// How a loop that found no closer point ends (`t` is no_progress or repeated_support): as it
/// is, unless the kept simplex is an edge whose closest point is the origin up to the
/// round-off of computing it (an ulp of the edge's vertices) - the origin on the edge,
/// case 3b/4, edge_overlap, whose exact sign test round-off had missed. Without this a pair
/// 0.137 into each other was reported "separated" at 1.4e-17
/// (TEST(DistanceDouble, OriginWithinRoundOffOfAnEdgeIsStillAnOverlap)); touching_normal()
/// then decides touching or overlapping as for any edge_overlap.
/// A vertex the same way, when the loop's last support lay beyond it (`beyond`: a support
/// that round-off had culled, found again): its closest point is itself, and the rule
/// |w|^2 <= eps^2 |w|^2 holds only when the square underflowed to 0 (|w| below 2.6e-23 in
/// float, 1.5e-162 in double): nothing measured there tells the vertex from the origin, and
/// that is case 3a, vertex_overlap. A float vertex 5.7e-44 from the origin, whose edge to a
/// support 5.4e-6 away had coordinates that underflowed, was "separated" from shapes 4.6e-6
/// deep into each other (fuzz_kernel, TEST(DistanceFloat, TinyVertexStillFindsTheOverlap)).
/// A vertex that is its own support is a proven separation, however small (TYPED_TEST(Distance,
/// SubnormalCoordinatesGiveExactOrOracleAnswers)).
/// Without the policy's settled_endings, `t` as it is.
template <class Policy = Guaranteed, class T>
[[gnu::always_inline]] inline Termination settle(Termination t, const LoopSimplex<T>& s,
                                                 Vec2<T> closest, bool beyond = false) {
    if constexpr (!Policy::settled_endings) {
        return t;
    }
    if (s.count == 1) {
        return beyond && length_squared(s.w[0]) == T(0) ? Termination::vertex_overlap : t;
    }
    if (s.count != 2) {
        return t;
    }
    // One ulp of the larger vertex: the error of P = u w0 + v w1 itself. No more, or a real
    // gap inside the accuracy bound (4e-7 of the scale in float) would read as contact:
    // 4 ulps took a float pair 1.24e-6 apart for touching (fuzz_kernel, TEST(DistanceFloat,
    // GapOfAFewUlpsIsNotTakenForContact)).
    const T size2 = std::max(length_squared(s.w[0]), length_squared(s.w[1]));
    const T round_off = std::numeric_limits<T>::epsilon();
    return length_squared(closest) <= round_off * round_off * size2 ? Termination::edge_overlap : t;
}

/// What the core loop leaves behind besides its simplex, in A's local frame.
template <class T> struct LoopResult {
    Vec2<T> closest{};                ///< the kept simplex's closest point to the origin
    Vec2<T> direction{};              ///< the last search direction built (may be zero)
    Vec2<T> last_support_direction{}; ///< the direction of the last support query (or zero)
    int iterations{0};
    Termination termination{Termination::max_iterations};
};

/// The GJK loop on the support `z`, from the simplex `s`, which it leaves solved (weights set)
/// as the loop's answer. With `separation_radius` >= 0 it is the overlap test of the second GJK
/// article: it also stops as soon as a support plane shows that Z stays further than that
/// radius from the origin (Termination::separating_axis). With kTraced, every iteration is
/// recorded in `trace` (the talk's Output::simplices); without, that code is compiled out.
/// `first_direction` is the direction of the support query that made the first vertex
/// (start()'s answer): the last support direction until the loop makes one of its own.
/// `Policy` says which guarantees the loop keeps (gjk/loop/policy.hpp): the stall rule,
/// resolvable directions, settled endings.
template <bool kTraced, class Policy = Guaranteed, class T, class Support>
LoopResult<T> run(const Support& z, LoopSimplex<T>& s, int max_iterations, T separation_radius,
                  const Transform<T>& xf_a, std::vector<TraceStep<T>>* trace,
                  Vec2<T> first_direction = {}) {
    LoopResult<T> out;
    out.last_support_direction = first_direction;
    T previous_distance2 = std::numeric_limits<T>::infinity();
    int stalls = 0;
    // The loop leaves by a return, or by a break on the two endings that found no closer
    // point (no_progress, repeated_support), which settle() decides once, after the loop: out
    // of the loop's body, whose registers it would otherwise share.
    Termination unsettled = Termination::no_progress;
    bool beyond = false;
    TraceStep<T>* step = nullptr; // this iteration's, with kTraced
    // Every way out names the solved simplex it keeps; `s` is that simplex afterwards.
    auto finish = [&](Termination t, Vec2<T> closest) {
        out.termination = t;
        out.closest = closest;
        if constexpr (kTraced) {
            step->simplex = world_simplex(z, xf_a, s);
            step->closest = rotate(xf_a.q, closest);
            step->termination = t;
        }
        return out;
    };

    for (;;) {
        ++out.iterations;

        // Closest point of the simplex (not culled yet: the loop may keep the previous one).
        const Solution<T> solution = solve(s);
        const T distance2 = length_squared(solution.closest);

        if constexpr (kTraced) {
            step = &trace->emplace_back();
        }

        // Case 2: all three vertices contribute, so the origin is inside the triangle.
        if (solution.mask == 0b111u) {
            cull(s, solution);
            return finish(Termination::containment, solution.closest);
        }

        // The stall rule (gjk/loop/rules.hpp): a distance that did not decrease, beyond the
        // round-off of computing it or past kStalls chances, ends the loop with the previous
        // simplex - this one without its newest vertex, weights as they were. NaN fails safe.
        if constexpr (Policy::stall_rule) {
            if (!(distance2 < previous_distance2) &&
                !stall_allowed(distance2, previous_distance2, largest_vertex2(s), stalls)) {
                --s.count; // out.closest stays the previous simplex's
                unsettled = Termination::no_progress;
                break;
            }
        }

        // Case 1 compares the new support point with the simplex as it was before culling
        // (gjk/loop/rules.hpp). (All three slots are copied: a copy of fixed size.)
        const int saved_count = s.count;
        const std::uint64_t saved[3] = {s.pair[0], s.pair[1], s.pair[2]};
        cull(s, solution);
        previous_distance2 = distance2;
        out.closest = solution.closest;

        const Vec2<T> d = search_direction<Policy>(s);
        out.direction = d;
        if constexpr (kTraced) {
            step->direction = rotate(xf_a.q, d);
        }
        if (d.x == T(0) && d.y == T(0)) {
            // Cases 3a, 3b and 4: the origin is on the simplex, so in Z.
            return finish(s.count == 1 ? Termination::vertex_overlap : Termination::edge_overlap,
                          solution.closest);
        }
        if (out.iterations >= max_iterations) {
            return finish(Termination::max_iterations, solution.closest);
        }

        const MinkowskiPoint<T> v = z(d);
        out.last_support_direction = d;
        if constexpr (kTraced) {
            step->has_support = true;
            step->support = world_vertex(z, xf_a, v.index_a, v.index_b, T(0));
        }

        // Case 1: a repeated support point; the simplex holds the closest feature.
        const std::uint64_t pair = pack_pair(v.index_a, v.index_b);
        if (repeated_support(pair, saved, saved_count)) {
            beyond = pair != s.pair[0];
            unsettled = Termination::repeated_support;
            break;
        }

        const T reach = dot(d, v.w);
        // The overlap test's early out: every point z of Z has dot(z, d) <= reach < 0, so Z
        // is further than -reach/|d| from the origin; beyond the radius, that settles it.
        if (separation_radius >= T(0) && reach < T(0) &&
            reach * reach > separation_radius * separation_radius * length_squared(d)) {
            return finish(Termination::separating_axis, solution.closest);
        }

        // The new point must lie beyond the simplex along d, or the distance cannot decrease.
        if (!(reach > dot(d, s.w[0]))) {
            unsettled = Termination::no_progress;
            break;
        }

        if constexpr (kTraced) {
            step->simplex = world_simplex(z, xf_a, s);
            step->closest = rotate(xf_a.q, solution.closest);
        }
        s.push(v);
    }
    return finish(settle<Policy>(unsettled, s, out.closest, beyond), out.closest);
}

/// The loop with or without a trace (the trace-free one has no trace code at all).
template <class Policy = Guaranteed, class T, class Support>
LoopResult<T> run(const Support& z, LoopSimplex<T>& s, int max_iterations, T separation_radius,
                  const Transform<T>& xf_a, std::vector<TraceStep<T>>* trace,
                  Vec2<T> first_direction = {}) {
    return trace ? run<true, Policy>(z, s, max_iterations, separation_radius, xf_a, trace,
                                     first_direction)
                 : run<false, Policy>(z, s, max_iterations, separation_radius, xf_a, trace,
                                      first_direction);
}

/// The first simplex: the cached one if it still fits, else one vertex of Z. The talk takes
/// an arbitrary one, and so does a plain point set (its first points). Prepared shapes know a
/// point inside each, so a point c inside Z: the support along -c, Z's side facing the origin,
/// is a vertex from which GJK needs fewer iterations than from an arbitrary one, for the
/// price of one support.
///
/// Returns the direction d of the support query that made the first vertex, or zero when none
/// did. It matters when that vertex is the origin: the loop then ends on its first iteration
/// (case 3a) before it has searched in any direction, and the contact is touching exactly when
/// a support plane through the origin bounds Z. The query that found the vertex is such a plane:
/// no point of Z lies further along d than the origin, so -d is a proven normal
/// (touching_normal() checks it). A first vertex at the origin that no query found - a plain
/// point set's first points, a cached vertex, or the support along -c with c = 0 - is replaced
/// by the support along +x: it is the origin again (then +x proves it) or a point from which
/// the loop searches its way back to the origin, and ends with a direction that proves or
/// refutes the contact. Without this, a point at one corner of a box was "overlapping" with
/// penetration 0 and at the three others "touching" (TEST(DistanceTouching, ...)). Without
/// the policy's touching_normal, the first vertex stays as it is.
template <class T, class Policy = Guaranteed, class Support>
Vec2<T> start(const Support& z, const SimplexCache<T>* cache, LoopSimplex<T>& s) {
    s.count = 0;
    Vec2<T> d{};
    if (!(cache && read_cache<Policy>(*cache, z, s))) {
        if constexpr (requires { z.centre(); }) {
            d = -z.centre();
            s.push(z(d));
        } else {
            s.push(z.vertex(0, 0));
        }
    }
    if constexpr (Policy::touching_normal) {
        if (s.count == 1 && s.w[0] == Vec2<T>{} && d == Vec2<T>{}) {
            d = {T(1), T(0)};
            s.count = 0;
            s.push(z(d));
        }
    }
    return d;
}

} // namespace detail

} // namespace gjk
