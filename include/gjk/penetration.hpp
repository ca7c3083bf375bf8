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
#include "gjk/epa/cores.hpp"
#include "gjk/epa/expand.hpp"
#include "gjk/epa/polytope.hpp"
#include "gjk/penetration_types.hpp"
#include "gjk/separating_axes.hpp"
#include "gjk/shape.hpp"

namespace gjk {

namespace detail {

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
    if (penetration_apart(input, g, out)) {
        return out;
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

/// distance(input, nullptr, trace) and, on contact (touching or overlapping) or whenever
/// `always_penetration`, penetration(input): both answers to the bit from one GJK run, which
/// each of them would run on its own - the loop is the same on the cores, and only the
/// conclusions differ (the radii applied or not). A pair that the separating axis test decides
/// takes its answer, as penetration() does; EPA starts from the run's last simplex.
template <class T>
DistanceAndPenetration<T>
distance_and_penetration(const DistanceInput<T>& input, bool always_penetration = false,
                         std::type_identity_t<std::vector<TraceStep<T>>>* trace = nullptr) {
    if (trace) {
        trace->clear();
    }
    DistanceAndPenetration<T> r;
    r.distance.error = validate(input);
    if (r.distance.error != InputError::none) {
        r.distance.status = Status::invalid_input;
        return r;
    }
    const Transform<T> xf = detail::relative(input.xf_a, input.xf_b);
    const T use = T(input.use_radii); // as distance() takes the radii
    const T ra = use * input.a.radius, rb = use * input.b.radius;
    DistanceInput<T> core = input;
    core.use_radii = false;
    DistanceOutput<T> g;
    SimplexCache<T> c{};
    detail::with_local_support(input, xf, [&](const auto& z) {
        using detail::Guaranteed;
        detail::LoopSimplex<T> s;
        const Vec2<T> first_direction = detail::start<T, Guaranteed>(z, nullptr, s);
        const detail::LoopResult<Vec2<T>> l = detail::run<Guaranteed>(
            z, s, input.max_iterations, T(-1), input.xf_a, trace, first_direction);
        const PointSetSupport<T> own_b{input.b.points};
        detail::write_cache<Guaranteed>(c, s);
        detail::LoopSimplex<T> s_core = s; // conclude() may reweigh its simplex
        r.distance = detail::conclude<Guaranteed>(input, z, own_b, ra, rb, s, l);
        r.has_penetration = always_penetration || in_contact(r.distance.status);
        if (r.has_penetration) { // the cores' answer, as penetration()'s GJK gives it
            g = detail::conclude<Guaranteed>(core, z, own_b, T(0), T(0), s_core, l);
        }
        return 0;
    });
    if (r.has_penetration && !detail::penetration_by_axes(input, r.penetration)) {
        r.penetration = detail::penetration_after_gjk(input, g, c, kMaxEpaIterations);
    }
    return r;
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
