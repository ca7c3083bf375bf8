// gjk/distance.hpp - GJK distance between two convex shapes (the talk, sections 3 and 4).
//
// The problem. The distance between convex shapes A and B equals the distance from the origin
// to their Minkowski difference Z = B - A (the talk's property 1), and Z's support function is
// support(B, d) - support(A, -d) (property 2), so Z is never built.
//
// The loop (the talk's GJK, with its termination cases numbered as in the talk):
//   start with one point of Z (or the cached simplex of the last call)
//   loop
//     find the closest point P of the simplex to the origin and drop the vertices that do not
//       contribute to it (gjk/segment.hpp and gjk/triangle.hpp with Q = origin)
//     a 2-simplex (triangle) survived: the origin is inside Z              -> case 2
//     P is not strictly closer than last time's P: round-off is cycling     -> no progress
//     build the search direction d toward the origin: -P for a vertex; for an edge, the exact
//       perpendicular perp(e), its sign chosen by a dot product
//     d is exactly zero: the origin is on the vertex                       -> case 3a
//     the sign's dot product is exactly zero: the origin is on the edge    -> cases 3b and 4
//     w = support(Z, d)
//     w is already in the simplex (same pair of indices)                   -> case 1
//     w is no further along d than the simplex: P cannot get closer        -> no progress
//     add w
//   end
// Every test that decides a case compares a computed number with zero - no epsilon, so no
// test depends on the shapes' size (a 3 mm edge 5 mm from a point is not taken for an
// overlap; see TEST(Distance, MillimetreEdgeIsSeparatedNotOverlapping)).
//
// The work is done in A's local frame: B is brought over by the relative transform, so a
// pair far from the world origin loses no precision to its offset, and A's support needs no
// rotation. Results are moved back to the world frame at the end, except B's witness point,
// which is weighted from B's own points and moved by B's own frame (seen from A, B carries the
// round-off of the frames' distance).
#pragma once

#include <span>
#include <type_traits>
#include <vector>

#include "gjk/distance_types.hpp"
#include "gjk/loop/conclude.hpp"
#include "gjk/loop/local_support.hpp"
#include "gjk/loop/policy.hpp"
#include "gjk/loop/run.hpp"
#include "gjk/loop/simplex.hpp"
#include "gjk/loop/warm_start.hpp"
#include "gjk/math.hpp"
#include "gjk/prepared.hpp"
#include "gjk/shape.hpp"
#include "gjk/validate.hpp"

namespace gjk {

namespace detail {

/// distance() on the support of Z in A's frame (a plain or a prepared pair of shapes), with
/// the guarantees that `Policy` keeps (gjk/loop/policy.hpp). `own_b` is B in its own frame:
/// its vertex(i) is z.b.vertex(i) before B was moved into A's, so that input.xf_b moves it to
/// the world (conclude()).
template <class Policy = Guaranteed, class T, class Support, class OwnSupport>
DistanceOutput<T> distance(const DistanceInput<T>& input, const Support& z, const OwnSupport& own_b,
                           T ra, T rb, SimplexCache<T>* cache, std::vector<TraceStep<T>>* trace) {
    LoopSimplex<T> s;
    const Vec2<T> first_direction = start<T, Policy>(z, cache, s);
    const LoopResult<Vec2<T>> r =
        run<Policy>(z, s, input.max_iterations, T(-1), input.xf_a, trace, first_direction);
    if (cache) {
        write_cache<Policy>(*cache, s);
    }
    return conclude<Policy>(input, z, own_b, ra, rb, s, r);
}

} // namespace detail

/// Distance, witness points and normal between two convex shapes (see the top of this file).
/// `cache`, if given, warm starts from and is updated to the final simplex. `trace`, if
/// given, is cleared and receives one TraceStep per iteration. When both shapes are views of
/// PreparedShape objects the query skips validating their points and uses their O(log n)
/// support; otherwise the points are checked and scanned on every call.
template <class T>
DistanceOutput<T> distance(const DistanceInput<T>& input,
                           std::type_identity_t<SimplexCache<T>>* cache = nullptr,
                           std::type_identity_t<std::vector<TraceStep<T>>>* trace = nullptr) {
    if (trace) {
        trace->clear();
    }
    DistanceOutput<T> invalid;
    invalid.error = validate(input);
    if (invalid.error != InputError::none) {
        invalid.status = Status::invalid_input;
        return invalid;
    }
    const Transform<T> xf = detail::relative(input.xf_a, input.xf_b);
    // The radii in use by a product, not a branch on use_radii: no test in the query's path.
    const T use = T(input.use_radii); // 0 or 1; a validated radius is finite, so 0 * r is 0
    const T ra = use * input.a.radius, rb = use * input.b.radius;
    return detail::with_local_support(input, xf, [&](const auto& z) {
        // B's own points: a view's points, which for a prepared shape are its hull's vertices,
        // the points its supports index.
        return detail::distance<detail::Guaranteed>(input, z, PointSetSupport<T>{input.b.points},
                                                    ra, rb, cache, trace);
    });
}

namespace detail {

/// NOT an API for users: gjk::distance() with none of its guarantees (Unguaranteed,
/// gjk/loop/policy.hpp), the talk's core loop alone - "the floor". It exists to measure what
/// the guarantees cost, on the same loop: bench/pairs.cpp's floor/ rows. No input is checked
/// (the input must be valid; a cache must come from the same pair of shapes), the radii are
/// taken as zero, the normal is zero, a contact is never touching, and nothing checks that
/// the answer is finite. (Not inlined: the floor/ rows make one call a query, as the gjk/ rows
/// do to the library's gjk::distance().)
template <class T>
[[gnu::noinline]] DistanceOutput<T>
distance_unguaranteed(const DistanceInput<T>& input,
                      std::type_identity_t<SimplexCache<T>>* cache = nullptr) {
    const Transform<T> xf = relative(input.xf_a, input.xf_b);
    return with_local_support(input, xf, [&](const auto& z) {
        return distance<Unguaranteed>(input, z, PointSetSupport<T>{input.b.points}, T(0), T(0),
                                      cache, static_cast<std::vector<TraceStep<T>>*>(nullptr));
    });
}

} // namespace detail

/// Closest point of a convex shape to the point q (the talk, section 3), as a distance query
/// with A = the point q: point_a is q, point_b the closest point on the shape, the normal
/// points from q to the shape.
template <class T>
DistanceOutput<T> distance_to_point(Vec2<T> q, const ShapeView<T>& shape,
                                    const Transform<T>& xf = {},
                                    std::vector<TraceStep<T>>* trace = nullptr) {
    const Vec2<T> point[1] = {q};
    DistanceInput<T> in;
    in.a = ShapeView<T>(std::span<const Vec2<T>>(point), T(0));
    in.b = shape;
    in.xf_b = xf;
    return distance(in, nullptr, trace);
}

} // namespace gjk
