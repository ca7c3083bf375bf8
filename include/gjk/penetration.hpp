// gjk/penetration.hpp - how deep two overlapping convex shapes are, and which way out:
// the Expanding Polytope Algorithm (EPA) on the Minkowski difference, and the signed distance.
//
// The problem. When the cores of A and B overlap, the origin lies inside Z = B - A. The
// penetration depth is the distance from the origin to Z's boundary, and the closest boundary
// point p = -depth * n tells the way out: translating B by depth * n moves Z by the same amount
// and puts the origin on its boundary. So n (a unit vector from A to B, as in DistanceOutput)
// is the minimum translation direction, and -n is the outward normal of Z's closest edge.
// The radii add to the core depth: depth = core_depth + ra + rb. When the cores are apart but
// the rounded shapes overlap, no EPA is needed: depth = ra + rb - core_distance along GJK's
// normal.
//
// EPA (2D). Keep a convex polygon P of points of Z that contains the origin, counter-clockwise.
// For each edge (v_i, v_j) with e = v_j - v_i, the outward unit normal is
//     m = (e.y, -e.x) / |e|,   and the edge's line is at distance  d = dot(m, v_i)  (>= 0).
// Since P is inside Z, Z's boundary is at least min d away; and along the closest edge's m,
// Z reaches no further than its support point w = support(Z, m), so
//     min d  <=  depth  <=  dot(m, w).
// Loop: take the closest edge; gap = dot(m, w) - d; stop when the gap is within round-off
// (below), or when w is already a vertex of P (same index pair: Z has no point beyond this
// edge, the gap is exactly what round-off makes it); otherwise add w between the edge's ends
// and drop the neighbours that w makes non-convex, so that P stays the convex hull of the
// points found (a first GJK vertex need not be extreme in Z, and w can make it reflex).
//
// Why it ends. Every added w is a support point that is not in P yet, and Z has only
// |A| * |B| index pairs, so the loop ends even with round-off; the cap kMaxEpaIterations stops
// it sooner on huge shapes (status max_iterations, termination EpaTermination::max_iterations).
//
// The tolerance. m is a unit vector only up to round-off, and dot(m, w) and dot(m, v_i) each
// carry an error of about 2 eps |w|: gaps below 8 eps R (R = the largest |vertex| of P) are
// noise. Stopping there leaves an error in depth of at most 8 eps R plus the same round-off,
// inside the oracle test's bound (TEST(Penetration, DepthMatchesTheBruteForceMinkowskiHull)).
//
// The start. EPA needs a polygon with the origin inside. GJK (gjk::distance with a
// SimplexCache) leaves the final simplex's index pairs, from which the simplex is rebuilt:
//  - a triangle (containment): that triangle, turned counter-clockwise;
//  - a segment with the origin on it (edge overlap): the supports w+ and w- along both edge
//    normals. If Z has no point beyond the segment's line on one side, the origin is on Z's
//    boundary: depth 0, and that side's normal is proven (touching). Else the quadrilateral
//    (v0, w-, v1, w+) contains the origin;
//  - a point at the origin (vertex overlap): the support w along +x. If Z does not reach past
//    x = 0, the origin is on the boundary (touching, normal -x); else the segment (0, w), as
//    above.
// Degenerate Z (a point or a segment: points, collinear segments, duplicates) thus ends in
// the "touching" branch: depth 0 with a proven normal; no division by a zero length happens
// (edges of zero length are never measured).
//
// Two small prepared polygons. For prepared shapes of at most PreparedShape::kInline vertices
// the separating axis test (gjk/separating_axes.hpp) gives the same depth, normal and witnesses
// with no iteration: Z's closest edge is a face of A or of B, and the test measures them all.
// penetration() takes its answer when it decides (the cores overlap by more than its round-off
// guard; termination separating_axis, no GJK iterations, the cache left as it was); near
// touching and apart, GJK and EPA answer as for any shapes.
//
// The work is done in A's local frame, like distance(); results come back in the world frame.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <type_traits>

#include "gjk/distance.hpp"
#include "gjk/epa/polytope.hpp"
#include "gjk/separating_axes.hpp"
#include "gjk/shape.hpp"

namespace gjk {

/// The iteration cap of EPA. EPA adds one vertex of Z per iteration; over the 10,000 pairs per
/// scalar type of the oracle test (1024-gons included) it needs at most 21 (tests/
/// test_penetration.cpp prints the maximum). 256 leaves room for huge, round shapes with the
/// origin near Z's centre, while bounding the cost.
inline constexpr int kMaxEpaIterations = 256;

/// How the penetration query ended.
enum class EpaTermination : unsigned char {
    none,             ///< not run: invalid input, GJK's cap, or the cores are apart
    touching,         ///< the origin is on Z's boundary: core depth 0 with a proven normal
    converged,        ///< the closest edge's support gap fell within round-off
    repeated_support, ///< the support point was already a vertex of the polygon
    max_iterations,   ///< kMaxEpaIterations (or the input's cap) was reached
    separating_axis,  ///< not run: the separating axis test decided (gjk/separating_axes.hpp)
};

/// A short English description of an EpaTermination.
constexpr const char* to_string(EpaTermination t) {
    switch (t) {
    case EpaTermination::none:
        return "none";
    case EpaTermination::touching:
        return "touching";
    case EpaTermination::converged:
        return "converged";
    case EpaTermination::repeated_support:
        return "repeated_support";
    case EpaTermination::max_iterations:
        return "max_iterations";
    case EpaTermination::separating_axis:
        return "separating_axis";
    }
    return "?";
}

/// Output of a penetration (signed distance) query. Every field is filled on every path.
template <class T> struct PenetrationOutput {
    /// Signed distance between the rounded shapes: the gap when apart (as distance()), minus
    /// the penetration depth when they overlap, 0 when they touch.
    T signed_distance{0};
    /// Penetration depth, max(0, -signed_distance): translating B by depth * normal leaves
    /// the shapes touching (the minimum translation).
    T depth{0};
    /// Unit normal from A to B: the direction of the gap when apart, the minimum translation
    /// direction of B when overlapping. Valid (unit length) whenever status is separated,
    /// touching or overlapping.
    Vec2<T> normal{};
    /// Witness on A (world): apart, the closest point; overlapping, A's point deepest in B.
    Vec2<T> point_a{};
    /// Witness on B (world): point_b - point_a = signed_distance * normal.
    Vec2<T> point_b{};
    int iterations{0};                                ///< GJK iterations
    int epa_iterations{0};                            ///< EPA iterations (0 when EPA did not run)
    Status status{Status::invalid_input};             ///< separated / touching / overlapping / ...
    EpaTermination termination{EpaTermination::none}; ///< how EPA ended
    InputError error{InputError::none}; ///< what is wrong when status is invalid_input
};

/// A compact signed distance: negative inside.
template <class T> struct SignedDistance {
    T value{0};                           ///< > 0 apart, 0 touching, -depth overlapping
    Vec2<T> normal{};                     ///< unit normal from A to B (see PenetrationOutput)
    Status status{Status::invalid_input}; ///< as PenetrationOutput::status
    InputError error{InputError::none};   ///< what is wrong when status is invalid_input
};

namespace detail {

/// What EPA found for the cores, in A's local frame.
template <class T> struct EpaResult {
    T depth{0};       ///< core penetration depth (>= 0)
    Vec2<T> normal{}; ///< unit, from A to B (minus Z's outward edge normal)
    Vec2<T> a{}, b{}; ///< core witness points (b - a = -depth * normal)
    int iterations{0};
    EpaTermination termination{EpaTermination::none};
};

/// EPA on the support `z` (a MinkowskiDifference in A's frame), from the GJK simplex `seed`
/// (1..3 vertices, the origin on or inside it). See the top of this file.
template <class T, class Support>
EpaResult<T> epa(const Support& z, const MinkowskiPoint<T>* seed, int seed_count,
                 int max_iterations) {
    using M = MinkowskiPoint<T>;
    EpaResult<T> out;
    // EPA's stopping tolerance: 8 eps of the largest coordinate R (the top of this file).
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

/// EPA's answer from the separating axis test (gjk/separating_axes.hpp), in A's frame (`xf`:
/// B's frame seen from A's): true, with `e` filled, when the test decides, that is for two
/// prepared shapes of at most PreparedShape::kInline vertices whose cores overlap by more than
/// round-off. The depth is -s*, the normal the winning face's (from A to B), the witnesses the
/// other shape's deepest vertex and its foot on the face's line.
template <class T>
bool depth_by_axes(const DistanceInput<T>& input, const Transform<T>& xf, EpaResult<T>& e) {
    if (!separating_axes_apply(input.a, input.b)) {
        return false;
    }
    const SeparatingAxes<T> axes = separating_axes(*input.a.prepared, *input.b.prepared, xf, T(0));
    if (!axes.decides_overlap()) {
        return false;
    }
    e.depth = -axes.separation();
    if (axes.b_wins()) { // B's face j: A's vertex is the deepest, the normal -m^B_j
        const Soa8<T>& va = input.a.prepared->soa();
        const int j = axes.b.face, i = deepest_vertex(axes.b_normals, j, va);
        const Vec2<T> m{axes.b_normals.x[j], axes.b_normals.y[j]};
        e.normal = -m;
        e.a = {va.x[i], va.y[i]};
        e.b = e.a - axes.b.separation * m;
    } else { // A's face i: B's vertex is the deepest, the normal m^A_i
        const Soa8<T>& na = input.a.prepared->normals();
        const int i = axes.a.face, j = deepest_vertex(na, i, axes.b_vertices);
        const Vec2<T> m{na.x[i], na.y[i]};
        e.normal = m;
        e.b = {axes.b_vertices.x[j], axes.b_vertices.y[j]};
        e.a = e.b - axes.a.separation * m;
    }
    e.termination = EpaTermination::separating_axis;
    return true;
}

/// penetration()'s answer from the cores' answer: their signed distance, normal and witnesses
/// (world), moved out by the radii, with the status they give. `out` holds the iteration
/// counts and EPA's termination; `capped` says that GJK or EPA reached its cap.
template <class T>
PenetrationOutput<T> penetration_from_cores(const DistanceInput<T>& input, PenetrationOutput<T> out,
                                            T core_signed, Vec2<T> normal, Vec2<T> pa, Vec2<T> pb,
                                            bool normal_known, bool capped) {
    const T ra = input.use_radii ? input.a.radius : T(0);
    const T rb = input.use_radii ? input.b.radius : T(0);
    // Radii: the surfaces move out along the normal, each by its radius.
    out.signed_distance = core_signed - (ra + rb);
    out.depth = std::max(T(0), -out.signed_distance);
    out.normal = normal;
    out.point_a = pa + ra * normal;
    out.point_b = pb - rb * normal;
    if (out.signed_distance > T(0)) {
        out.status = Status::separated;
    } else if (out.signed_distance == T(0) && normal_known) {
        out.status = Status::touching;
    } else {
        out.status = Status::overlapping;
    }
    if (capped) {
        out.status = Status::max_iterations;
    }
    if (!std::isfinite(out.signed_distance) || !is_finite(out.point_a) || !is_finite(out.point_b) ||
        !is_finite(out.normal)) {
        const int iterations = out.iterations;
        out = PenetrationOutput<T>{};
        out.iterations = iterations;
        out.error = InputError::nonfinite_result;
    }
    return out;
}

/// penetration()'s answer from the core depth that EPA or the separating axis test found in
/// A's frame.
template <class T>
PenetrationOutput<T> penetration_from_depth(const DistanceInput<T>& input, PenetrationOutput<T> out,
                                            const EpaResult<T>& e) {
    out.epa_iterations = e.iterations;
    out.termination = e.termination;
    return penetration_from_cores(input, out, -e.depth, rotate(input.xf_a.q, e.normal),
                                  apply(input.xf_a, e.a), apply(input.xf_a, e.b), true,
                                  e.termination == EpaTermination::max_iterations);
}

/// penetration()'s answer when the separating axis test decides it: true, with `out` filled,
/// for valid input (precondition) of two small prepared polygons whose cores overlap by more
/// than round-off. penetration() takes it before any GJK, and so may a batch, which then gives
/// penetration()'s answer by construction (python/src/batch.cpp).
template <class T>
bool penetration_by_axes(const DistanceInput<T>& input, PenetrationOutput<T>& out) {
    EpaResult<T> e;
    if (!separating_axes_apply(input.a, input.b) ||
        !depth_by_axes(input, relative(input.xf_a, input.xf_b), e)) {
        return false;
    }
    out = penetration_from_depth(input, PenetrationOutput<T>{}, e);
    return true;
}

/// penetration() once its GJK has run: `g` is distance() on `input`'s cores (input with
/// use_radii false) and `c` the cache that call left. distance_batch's outputs and caches are
/// distance()'s to the bit, so a batch may run the GJKs in its lanes and finish each row here
/// with penetration()'s answer (python/src/batch.cpp).
template <class T>
PenetrationOutput<T> penetration_after_gjk(const DistanceInput<T>& input,
                                           const DistanceOutput<T>& g, const SimplexCache<T>& c,
                                           int max_epa_iterations) {
    PenetrationOutput<T> out;
    out.iterations = g.iterations;
    if (g.status == Status::invalid_input) {
        out.error = g.error;
        return out;
    }
    if (g.status != Status::overlapping) {
        return penetration_from_cores(input, out, g.distance, g.normal, g.point_a, g.point_b,
                                      !(g.normal == Vec2<T>{}), g.status == Status::max_iterations);
    }
    // The cores overlap: the separating axis test's depth when it decides (penetration() takes
    // it before any GJK), else EPA in A's local frame from the simplex GJK ended with, on the
    // support distance() used: a prepared shape's O(log n) search, not a scan of its points
    // (the cache's indices are the hull's either way).
    const Transform<T> xf = detail::relative(input.xf_a, input.xf_b);
    EpaResult<T> e;
    if (!depth_by_axes(input, xf, e)) {
        e = detail::with_local_support(input, xf, [&](const auto& z) {
            MinkowskiPoint<T> seed[3];
            const int count = std::clamp(c.count, 1, 3);
            for (int i = 0; i < count; ++i) {
                seed[i] = z.vertex(c.index_a[i], c.index_b[i]);
            }
            return detail::epa(z, seed, count, max_epa_iterations);
        });
    }
    return penetration_from_depth(input, out, e);
}

} // namespace detail

/// Signed distance, penetration depth, minimum translation normal and witness points of two
/// convex shapes (see the top of this file). Apart, the answer is distance()'s. `cache`, if
/// given, warm starts GJK and is updated as by distance() (left as it was when the separating
/// axis test answers and no GJK runs); `max_epa_iterations` caps EPA.
template <class T>
PenetrationOutput<T> penetration(const DistanceInput<T>& input,
                                 std::type_identity_t<SimplexCache<T>>* cache = nullptr,
                                 int max_epa_iterations = kMaxEpaIterations) {
    PenetrationOutput<T> out;
    out.error = validate(input);
    if (out.error == InputError::none && max_epa_iterations < 1) {
        out.error = InputError::bad_max_iterations;
    }
    if (out.error != InputError::none) {
        return out;
    }

    // Two small prepared polygons whose cores overlap by more than round-off: the separating
    // axis test's answer, with no GJK (the cache stays as it was).
    if (detail::penetration_by_axes(input, out)) {
        return out;
    }
    // GJK on the cores; the radii are applied after EPA, so the core witnesses stay available.
    DistanceInput<T> core = input;
    core.use_radii = false;
    SimplexCache<T> local_cache{};
    SimplexCache<T>& c = cache ? *cache : local_cache;
    const DistanceOutput<T> g = distance(core, &c);
    return detail::penetration_after_gjk(input, g, c, max_epa_iterations);
}

/// The signed distance between two convex shapes: the gap when apart, minus the penetration
/// depth when they overlap, with its normal (a compact form of penetration()).
template <class T>
SignedDistance<T> signed_distance(const DistanceInput<T>& input,
                                  std::type_identity_t<SimplexCache<T>>* cache = nullptr) {
    const PenetrationOutput<T> p = penetration(input, cache);
    return {p.signed_distance, p.normal, p.status, p.error};
}

} // namespace gjk
