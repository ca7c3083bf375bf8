// gjk/loop/conclude.hpp - the answer from the loop's last simplex: witness points from the
// barycentric weights, the distance with the radii, the normal, and the verdict (separated,
// touching - proved by a support plane - or overlapping).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "gjk/distance_types.hpp"
#include "gjk/loop/policy.hpp"
#include "gjk/loop/run.hpp"
#include "gjk/loop/simplex.hpp"
#include "gjk/math.hpp"

namespace gjk {

namespace detail {

/// The witness weights of a containment. The triangle's weights are the barycentric
/// coordinates of the origin, so the weighted shape points coincide - unless the triangle is
/// so flat that round-off swamps its sub-areas, and then the weighted point is nowhere near
/// the origin although the origin is (within that round-off) on the triangle's long edge.
/// So of the triangle and its three edges, keep the one whose weighted point is nearest the
/// origin: the triangle whenever it is well shaped. Story: TEST(Distance,
/// FlatContainmentTriangleStillGivesCoincidentWitnessPoints).
template <class T> void best_containment_weights(LoopSimplex<T>& triangle) {
    const Vec2<T> p = triangle.weight[0] * triangle.w[0] + triangle.weight[1] * triangle.w[1] +
                      triangle.weight[2] * triangle.w[2];
    T best_distance2 = length_squared(p);
    // A well-shaped triangle's point is the origin up to the round-off of its weights, almost
    // always well within kContainmentRoundOff of its largest vertex; no edge can beat that,
    // so skip the edges: the common case by far, where trying them would cost a warm-started
    // query dearly.
    const T largest2 = std::max({length_squared(triangle.w[0]), length_squared(triangle.w[1]),
                                 length_squared(triangle.w[2])});
    const T round_off = kContainmentRoundOff<T>;
    if (best_distance2 <= round_off * round_off * largest2) {
        return;
    }
    LoopSimplex<T> best = triangle;
    // A thin triangle that is not flat enough for an edge to pass near the origin gets
    // iterative refinement first: the weights are the barycentric coordinates of the weighted
    // point p, so the origin's are the weights corrected by cross(p, w_k - w_j) / area (the
    // derivative of the sub-areas). The correction is right to about eps |w|^2 / area of
    // itself, so each step shrinks p by that factor, down to the round-off of p itself; two
    // steps, each kept only if p shrinks. A float triangle 2.8e17 long and 6e13 wide had its
    // weighted point 1.8e12 from the origin and its nearest edge 3.8e11, against a bound of
    // 9.7e10; a step shrinks p by 4e-4 there (fuzz_kernel, TEST(DistanceFloat,
    // ThinContainmentTriangleStillGivesCoincidentWitnessPoints)).
    const Vec2<T>* w = triangle.w;
    const T area = cross(w[1] - w[0], w[2] - w[0]);
    Vec2<T> q = p;
    for (int step = 0; step < 2 && area != T(0); ++step) {
        LoopSimplex<T> refined = best;
        T sum = T(0);
        for (int i = 0; i < 3; ++i) {
            const int j = (i + 1) % 3, k = (i + 2) % 3;
            refined.weight[i] = std::max(T(0), best.weight[i] + cross(q, w[k] - w[j]) / area);
            sum += refined.weight[i];
        }
        if (!(sum > T(0))) {
            break;
        }
        for (T& weight : refined.weight) {
            weight /= sum;
        }
        const Vec2<T> r =
            refined.weight[0] * w[0] + refined.weight[1] * w[1] + refined.weight[2] * w[2];
        if (!(length_squared(r) < best_distance2)) {
            break;
        }
        best = refined;
        best_distance2 = length_squared(r);
        q = r;
    }
    for (int i = 0; i < 3; ++i) {
        const int j = (i + 1) % 3;
        LoopSimplex<T> edge;
        edge.count = 2;
        edge.w[0] = triangle.w[i], edge.w[1] = triangle.w[j];
        edge.pair[0] = triangle.pair[i], edge.pair[1] = triangle.pair[j];
        const Solution<T> r = solve(edge);
        if (length_squared(r.closest) < best_distance2) {
            cull(edge, r);
            best = edge;
            best_distance2 = length_squared(r.closest);
        }
    }
    triangle = best;
}

/// Whether the loop ended with the origin on the simplex (cases 2, 3a, 3b, 4): the cores meet.
inline bool cores_meet(Termination t) {
    return t == Termination::containment || t == Termination::vertex_overlap ||
           t == Termination::edge_overlap;
}

/// The status of a pair from its cores' distance (0 when they meet), the sum of the radii in
/// use, and whether a normal is known. Touching means the rounded shapes' boundaries meet with
/// nothing in between: zero distance and a proven normal. Shared by distance() and overlap()
/// so that both name the same pair the same way.
template <class T> Status classify(T core_distance, T radii, bool normal_known) {
    if (core_distance > radii) {
        return Status::separated;
    }
    return core_distance == radii && normal_known ? Status::touching : Status::overlapping;
}

/// For a core distance of zero: a unit normal from A to B if the origin is on Z's boundary
/// (the shapes touch), or zero if none of the candidates proves it (they overlap). A
/// candidate n is proved when Z lies entirely on its side: the support of Z along -n gives
/// dot(w, n) >= 0. Candidates: the last search direction, which found the vertex at the
/// origin (case 3a reached from outside), and both normals of the edge through the origin
/// (case 3b). One to three support calls, and only when the shapes touch or overlap.
template <class T, class Support>
Vec2<T> touching_normal(const Support& z, const LoopSimplex<T>& s, const LoopResult<Vec2<T>>& r) {
    Vec2<T> candidates[3];
    int n = 0;
    if (r.termination == Termination::edge_overlap && s.count == 2) {
        const Vec2<T> e = s.w[1] - s.w[0];
        candidates[n++] = perp(e);
        candidates[n++] = -perp(e);
    }
    if (r.termination == Termination::vertex_overlap && !(r.last_support_direction == Vec2<T>{})) {
        candidates[n++] = -r.last_support_direction;
    }
    for (int i = 0; i < n; ++i) {
        const Vec2<T> c = candidates[i];
        if (dot(z(-c).w, c) >= T(0)) {
            return normalized(c);
        }
    }
    return {};
}

/// The answer from the loop's last simplex `s` and what the loop left in `r`: witness points,
/// distance, normal and status. `own_b` is B in its own frame (z.b before it was moved into A's
/// frame; input.xf_b moves it to the world). distance() ends here, and so does the lockstep loop of
/// distance_batch (src/lockstep.hpp), which must answer each query exactly as distance() does.
/// `Policy` says which guarantees it keeps (gjk/loop/policy.hpp): the containment weights, the
/// touching normal, the normal and the radii, the finite-output check.
/// (Always inlined: as a call of its own it would move the single query's code.)
template <class Policy = Guaranteed, class T, class Support, class OwnSupport>
[[gnu::always_inline]] inline DistanceOutput<T>
conclude(const DistanceInput<T>& input, const Support& z, const OwnSupport& own_b, T ra, T rb,
         LoopSimplex<T>& s, const LoopResult<Vec2<T>>& r) {
    DistanceOutput<T> out;
    out.iterations = r.iterations;
    out.termination = r.termination;
    if constexpr (Policy::containment_weights) {
        if (r.termination == Termination::containment) {
            best_containment_weights(s);
        }
    }

    // A's witness point from the simplex barycentrics (the talk: apply the weights to the
    // original points), in A's frame; the indices give the points back.
    Vec2<T> pa{};
    for (int i = 0; i < s.count; ++i) {
        pa += s.weight[i] * z.a.vertex(s.index_a(i));
    }

    T core_distance = T(0);
    Vec2<T> normal{};
    const bool core_overlap = cores_meet(r.termination);
    if (core_overlap) {
        if constexpr (Policy::touching_normal) {
            if (r.termination != Termination::containment) { // no candidate normal in a triangle
                normal = touching_normal(z, s, r);
            }
        }
    } else {
        core_distance = length(r.closest);
        // The normal from A to B is the closest point's direction; for an edge, the exact
        // edge normal (the negated search direction) is more accurate than P's round-off.
        if constexpr (Policy::radii_and_normal) {
            // The vector picked first, then one normalized(): not one inlined copy of it per
            // side of a branch on the ending.
            const Vec2<T> along = r.direction == Vec2<T>{} ? r.closest : -r.direction;
            normal = normalized(along);
        }
    }

    out.status = classify(core_distance, ra + rb, !(normal == Vec2<T>{}));
    const bool separated = out.status == Status::separated;
    if (separated) {
        out.distance = core_distance - (ra + rb);
        pa += ra * normal;
    } else if (!core_overlap) {
        // The rounded shapes meet. One common witness point inside both: on the core points'
        // segment (length D along the normal), at a distance t from A's core point with
        // t <= ra and D - t <= rb; the middle of that interval, which D < ra + rb makes
        // non-empty. (The midpoint of the two surface points, Box2D's choice, can leave the
        // smaller shape: TEST(Distance, RoundedOverlapWitnessIsInsideBothShapes).)
        const T lo = std::max(T(0), core_distance - rb), hi = std::min(core_distance, ra);
        pa += T(0.5) * (lo + hi) * normal;
    }
    if (r.termination == Termination::max_iterations) {
        out.status = Status::max_iterations;
    }

    out.point_a = apply(input.xf_a, pa);
    out.normal = rotate(input.xf_a.q, normal);
    if (separated) {
        // B's witness point from B's own points in B's own frame, not from z.b's points in A's:
        // seen from A, B's points carry the round-off of the frames' distance, up to twice the
        // scale when the shapes stand a scale apart on either side of the origin (float missed
        // its bound by that: TEST(DistanceFloat, WitnessOnBFarFromAIsWithinTheBoundOfTheScale)).
        Vec2<T> pb{};
        for (int i = 0; i < s.count; ++i) {
            pb += s.weight[i] * own_b.vertex(s.index_b(i));
        }
        out.point_b = apply(input.xf_b, pb) - rb * out.normal;
    } else {
        out.point_b = out.point_a; // one common point inside both
    }

    // Coordinates near the scalar's limit overflow dot products; say so rather than answer NaN.
    if constexpr (Policy::finite_output_check) {
        if (!std::isfinite(out.distance) || !is_finite(out.point_a) || !is_finite(out.point_b) ||
            !is_finite(out.normal)) {
            out = DistanceOutput<T>{};
            out.iterations = r.iterations;
            out.termination = r.termination;
            out.status = Status::invalid_input;
            out.error = InputError::nonfinite_result;
        }
    }
    return out;
}

} // namespace detail

} // namespace gjk
