// gjk/penetration3.hpp - how deep two overlapping convex shapes in space are, and which way
// out: the Expanding Polytope Algorithm (EPA) on the Minkowski difference, one dimension up
// from gjk/penetration.hpp, and the signed distance.
//
// The problem is the plane's. When the cores overlap, the origin lies inside Z = B - A; the
// depth is the distance from the origin to Z's boundary, reached at p = depth * m on the face
// of Z with outward normal m, and translating B by -p puts the origin on that face: the
// minimum translation direction, from A to B, is n = -m. The radii add to the core depth.
// When the cores are apart but the rounded shapes overlap, depth = ra + rb - core distance
// along GJK's normal, and no EPA runs; within round-off of the radii the gap is rounded_gap()'s,
// its sign exact, as distance() decides it (gjk/loop/rounded_gap3.hpp).
//
// EPA (3D). Keep a convex polytope P of points of Z around the origin, its faces triangles
// wound outward (gjk/epa/polytope3.hpp). Each face has an outward unit normal m and its plane
// is at distance d = m . v (v any of its vertices) from the origin. P is inside Z, so Z's
// boundary is at least min d away; along the closest face's m, Z reaches no further than its
// support point w, so
//     min d  <=  depth  <=  m . w.
// Loop: take the closest face; gap = m . w - d; stop when the gap is round-off (16 eps of the
// largest coordinate R: m is unit to round-off and the dot products carry about 3 eps R each)
// or when w is already a vertex of P (Z has nothing beyond the face); else add w, replacing the
// faces it sees (gjk/epa/polytope3.hpp). Every added w is a new index pair, so the loop ends;
// the cap stops it sooner on huge shapes (status max_iterations).
//
// The start (gjk/epa/expand3.hpp). GJK leaves the simplex the origin is on or in:
//  - a tetrahedron (containment): P is that tetrahedron;
//  - a triangle through the origin (face overlap): the supports w+ and w- along both normals.
//    If Z has no point beyond the triangle's plane on one side, the origin is on Z's boundary:
//    depth 0 with that side's normal proven (touching). Else P is the hull of the triangle, w+
//    and w-, which holds the origin;
//  - an edge through the origin: the support across it (along a perpendicular c); none beyond
//    the plane across c through the edge proves touching, else the triangle of the edge and
//    that support, as above;
//  - a vertex at the origin: the support along +x, then the edge, as above.
// A seed of no volume (points in line, or equal) first drops what spans nothing. So a flat Z
// (two polygons in one plane, segments, points) ends as touching, with a proven normal.
//
// Two small prepared polyhedra. For prepared shapes of at most kSeparatingAxesCorners
// corners (where it is the faster) the separating axis test (gjk/separating_axes3.hpp) measures
// every face of Z - the faces of A and of B and the crossing edge pairs - and gives the depth,
// normal and witnesses with no iteration. penetration() takes its answer when it decides (the cores
// overlap by more than its round-off guard: termination separating_axis, no GJK iterations, the
// cache left as it was); near touching and apart, GJK and EPA answer as for any shapes.
//
// The work is done in A's local frame, like distance(); results come back in the world frame.
#pragma once

#include <algorithm>
#include <cmath>
#include <optional>
#include <type_traits>

#include "gjk/distance3.hpp"
#include "gjk/epa/cores.hpp"
#include "gjk/epa/expand3.hpp"
#include "gjk/penetration3_types.hpp"
#include "gjk/separating_axes3.hpp"

namespace gjk {

namespace detail {

/// penetration()'s answer when the separating axis test decides it (gjk/separating_axes3.hpp):
/// true, with `out` filled, for valid input (precondition) of two prepared polyhedra of at most
/// kSeparatingAxesCorners corners whose cores overlap by more than round-off. No GJK runs
/// (iterations 0, the cache left as it was); termination is separating_axis.
template <class T>
bool penetration_by_axes3(const DistanceInput3<T>& input, PenetrationOutput3<T>& out) {
    if (!separating_axes3_apply(input.a, input.b)) {
        return false;
    }
    const Transform3<T> xf_a{input.xf_a.p, normalized(input.xf_a.q)};
    const Transform3<T> xf_b{input.xf_b.p, normalized(input.xf_b.q)};
    const SeparatingAxes3<T> axes =
        separating_axes3(*input.a.prepared, *input.b.prepared, relative(xf_a, xf_b));
    if (!axes.decides_overlap()) {
        return false;
    }
    PenetrationOutput3<T> cores;
    cores.termination = EpaTermination::separating_axis;
    out = penetration_from_cores(input, cores, axes.separation, rotate(xf_a.q, axes.normal),
                                 apply(xf_a, axes.point_a), apply(xf_a, axes.point_b), true, false);
    return true;
}

} // namespace detail

/// Signed distance, penetration depth, minimum translation normal and witness points of two
/// convex shapes in space (see the top of this file). Apart, the answer is distance()'s.
/// `cache`, if given, warm starts GJK and is updated as by distance(); `max_epa_iterations`
/// caps EPA.
template <class T>
PenetrationOutput3<T> penetration(const DistanceInput3<T>& input,
                                  std::type_identity_t<SimplexCache3<T>>* cache = nullptr,
                                  int max_epa_iterations = kMaxEpaIterations) {
    PenetrationOutput3<T> out;
    out.error = validate(input);
    if (out.error == InputError::none && max_epa_iterations < 1) {
        out.error = InputError::bad_max_iterations;
    }
    if (out.error != InputError::none) {
        return out;
    }
    // Two small prepared polyhedra whose cores overlap by more than round-off: the separating
    // axis test's answer, with no GJK (the cache stays as it was).
    if (detail::penetration_by_axes3(input, out)) {
        return out;
    }
    // GJK on the cores, then EPA when they overlap, on one Z in A's frame; the radii are
    // applied after EPA, so the core witnesses stay available.
    DistanceInput3<T> core = input;
    core.use_radii = false;
    SimplexCache3<T> local_cache{};
    SimplexCache3<T>& c = cache ? *cache : local_cache;
    const detail::PairInFrameA3<T> pair(core);
    const Transform3<T>& xf_a = pair.xf_a;
    DistanceOutput3<T> g;
    std::optional<T> rounded; // the rounded shapes' gap, decided as distance() decides it
    const detail::EpaResult3<T> e = pair.with_z([&](const auto& z) {
        g = detail::distance_in_frame<T>(core, pair, z, &c, nullptr);
        const bool rounded_apart = g.status == Status::separated && input.use_radii &&
                                   input.a.radius + input.b.radius > T(0);
        if (g.status != Status::overlapping && !rounded_apart) {
            return detail::EpaResult3<T>{};
        }
        Simplex3<T> seed; // the simplex GJK ended with
        seed.count = std::clamp(c.count, 1, 4);
        for (int i = 0; i < seed.count; ++i) {
            seed.v[i] = z.vertex(c.index_a[i], c.index_b[i]);
        }
        if (rounded_apart) {
            const T ra = input.a.radius, rb = input.b.radius;
            if (detail::gap_within_round_off(seed, g.distance, ra + rb)) {
                rounded = detail::rounded_gap(seed, g.distance, ra, rb);
            }
        }
        if (g.status != Status::overlapping) {
            return detail::EpaResult3<T>{};
        }
        return detail::epa3(z, seed, max_epa_iterations); // EPA from GJK's simplex
    });
    out.iterations = g.iterations;
    if (g.status == Status::invalid_input) {
        out.error = g.error;
        return out;
    }
    if (g.status != Status::overlapping) {
        return detail::penetration_from_cores(input, out, g.distance, g.normal, g.point_a,
                                              g.point_b, !(g.normal == Vec3<T>{}),
                                              g.status == Status::max_iterations, rounded);
    }
    out.epa_iterations = e.iterations;
    out.termination = e.termination;
    return detail::penetration_from_cores(input, out, -e.depth, rotate(xf_a.q, e.normal),
                                          apply(xf_a, e.a), apply(xf_a, e.b), true,
                                          e.termination == EpaTermination::max_iterations);
}

/// The signed distance between two convex shapes in space: the gap when apart, minus the
/// penetration depth when they overlap, with its normal (a compact form of penetration()).
template <class T>
SignedDistance3<T> signed_distance(const DistanceInput3<T>& input,
                                   std::type_identity_t<SimplexCache3<T>>* cache = nullptr) {
    const PenetrationOutput3<T> p = penetration(input, cache);
    return {p.signed_distance, p.normal, p.status, p.error};
}

} // namespace gjk
