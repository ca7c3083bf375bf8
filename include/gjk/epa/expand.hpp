// gjk/epa/expand.hpp - EPA's loop: the polygon around the origin grown from GJK's final
// simplex by one support point per iteration, until the closest edge is a face of Z (the top
// of gjk/penetration.hpp has the derivation; gjk/epa/polytope.hpp the polygon).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "gjk/distance.hpp"
#include "gjk/epa/polytope.hpp"
#include "gjk/penetration_types.hpp"
#include "gjk/shape.hpp"

namespace gjk::detail {

/// What EPA found for the cores, in A's local frame.
template <class T> struct EpaResult {
    T depth{0};       ///< core penetration depth (>= 0)
    Vec2<T> normal{}; ///< unit, from A to B (minus Z's outward edge normal)
    Vec2<T> a{}, b{}; ///< core witness points (b - a = -depth * normal)
    int iterations{0};
    EpaTermination termination{EpaTermination::none};
};

/// EPA on the support `z` (a MinkowskiDifference in A's frame), from the GJK simplex `seed`
/// (1..3 vertices, the origin on or inside it). See the top of gjk/penetration.hpp.
template <class T, class Support>
EpaResult<T> epa(const Support& z, const MinkowskiPoint<T>* seed, int seed_count,
                 int max_iterations) {
    using M = MinkowskiPoint<T>;
    EpaResult<T> out;
    // EPA's stopping tolerance: 8 eps of the largest coordinate R (the top of
    // gjk/penetration.hpp).
    auto extent = [](const M& v) { return std::max(std::abs(v.w.x), std::abs(v.w.y)); };
    auto stop_tolerance = [](T largest) {
        return T(8) * std::numeric_limits<T>::epsilon() * largest;
    };
    // The origin on Z's boundary, proven (to round-off) by the support plane through it with
    // normal -c: all of Z has dot(w, c) >= 0, so B is on the c side of A. The witness is the
    // common point where the origin sits on the segment (v0, v1): weights 1 - u and u with
    // u = dot(-v0, e) / |e|^2, clamped (u = 0 for a point).
    auto touching = [&](Vec2<T> c, const M& v0, const M& v1) {
        const Vec2<T> e = v1.w - v0.w;
        const T e2 = length_squared(e);
        const T u = e2 > T(0) ? std::clamp(dot(-v0.w, e) / e2, T(0), T(1)) : T(0);
        out.termination = EpaTermination::touching;
        out.depth = T(0);
        out.normal = normalized(c);
        out.a = v0.a + u * (v1.a - v0.a);
        out.b = out.a;
        return out;
    };

    M start[4]; // the first polygon, counter-clockwise
    int start_count = 0;
    if (seed_count == 3) {
        const T area2 = cross(seed[1].w - seed[0].w, seed[2].w - seed[0].w);
        if (area2 > T(0)) {
            start[0] = seed[0], start[1] = seed[1], start[2] = seed[2];
        } else if (area2 < T(0)) {
            start[0] = seed[0], start[1] = seed[2], start[2] = seed[1];
        } else { // flat: keep the longest edge, which holds the origin
            int best = 0;
            T best_length2 = T(-1);
            for (int i = 0; i < 3; ++i) {
                const T l2 = length_squared(seed[(i + 1) % 3].w - seed[i].w);
                if (l2 > best_length2) {
                    best = i;
                    best_length2 = l2;
                }
            }
            const M longest[2] = {seed[best], seed[(best + 1) % 3]};
            return epa(z, longest, 2, max_iterations);
        }
        start_count = 3;
    } else {
        M v0 = seed[0], v1 = seed[0];
        if (seed_count == 2 && !(seed[1].w == seed[0].w)) {
            v1 = seed[1];
        } else {
            // A point (the origin): look along +x for a second point of Z.
            const Vec2<T> x{T(1), T(0)};
            const M w = z(x);
            if (!(dot(x, w.w) > dot(x, v0.w))) { // NaN fails safe: the boundary answer
                return touching(-x, v0, v0);
            }
            v1 = w;
        }
        // A segment with the origin on its line: widen it on both sides, or prove a side bare.
        // "Bare" allows the round-off of the EPA loop's own stopping test (below): a side that
        // reaches less than that beyond the line would leave a quadrilateral so flat that its
        // edge normals are round-off, and the loop would stop at once anyway. Story:
        // TEST(Penetration, DepthMatchesTheBruteForceMinkowskiHull), edge_touching pairs whose
        // GJK proved no touching normal gave witnesses 5e-3 apart from such a sliver.
        const Vec2<T> d = normalized(perp(v1.w - v0.w));
        const T on_line = dot(d, v0.w);
        const M left = z(d), right = z(-d);
        const T slack =
            stop_tolerance(std::max({extent(v0), extent(v1), extent(left), extent(right)}));
        if (!(dot(d, left.w) - on_line > slack)) {
            return touching(-d, v0, v1);
        }
        if (!(on_line - dot(d, right.w) > slack)) {
            return touching(d, v0, v1);
        }
        start[0] = v0, start[1] = right, start[2] = v1, start[3] = left;
        start_count = 4;
    }
    Polytope<T> polytope(std::span<const M>(start, static_cast<std::size_t>(start_count)));
    polytope.drop_reflex_vertices(); // a quadrilateral's v0 (or v1) need not be extreme in Z

    PolytopeEdge<T> edge;
    for (;;) {
        edge = polytope.closest_edge();
        if (edge.i < 0) { // no measurable edge: only round-off could get here
            out.termination = EpaTermination::converged;
            break;
        }
        if (out.iterations >= max_iterations) {
            out.termination = EpaTermination::max_iterations;
            break;
        }
        ++out.iterations;
        const M w = z(edge.m);
        bool repeated = false;
        T largest = extent(w);
        for (const PolytopeCorner<T>& corner : polytope.corners) {
            const M& v = corner.point;
            repeated |= v.index_a == w.index_a && v.index_b == w.index_b;
            largest = std::max(largest, extent(v));
        }
        if (repeated) {
            out.termination = EpaTermination::repeated_support;
            break;
        }
        if (!(dot(edge.m, w.w) - edge.d > stop_tolerance(largest))) { // NaN fails safe: stop
            out.termination = EpaTermination::converged;
            break;
        }
        polytope.insert(edge.i, w);
    }

    if (edge.i < 0) { // cannot happen with a proper seed; answer the boundary at a vertex
        return touching(Vec2<T>{T(1), T(0)}, polytope.vertex(0), polytope.vertex(0));
    }
    // The closest point of the closest edge, at the fraction u along it; the witnesses take
    // the same weights. The depth is the line's distance d, also when round-off put the foot
    // just beyond an end of the edge (u = 1 + 1e-16): the depth was 0 there, "touching" for
    // shapes 0.125 or 1.0 into each other (TEST(PenetrationDouble,
    // FootJustBeyondTheClosestEdgeStillGivesTheDepth)). d <= the distance to the edge, so a
    // polygon flattened by round-off with the origin beyond its ends still answers about 0.
    const M& vi = polytope.vertex(static_cast<std::size_t>(edge.i));
    const M& vj = polytope.vertex(static_cast<std::size_t>(edge.i + 1) % polytope.size());
    out.depth = std::max(edge.d, T(0));
    out.normal = -edge.m;
    out.a = vi.a + edge.u * (vj.a - vi.a);
    out.b = vi.b + edge.u * (vj.b - vi.b);
    return out;
}

} // namespace gjk::detail
