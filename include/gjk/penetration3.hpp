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

namespace detail {

/// penetration()'s EPA on z from GJK's run on the cores: `g` its answer, `c` the cache holding
/// its last simplex. Runs only when the cores overlap; `rounded` gets the rounded shapes' gap
/// when the cores are apart by less than the radii, decided as distance() decides it.
template <class T, class Z>
EpaResult3<T> epa_after_gjk3(const DistanceInput3<T>& input, const Z& z,
                             const DistanceOutput3<T>& g, const SimplexCache3<T>& c,
                             int max_epa_iterations, std::optional<T>& rounded) {
    const bool rounded_apart =
        g.status == Status::separated && input.use_radii && input.a.radius + input.b.radius > T(0);
    if (g.status != Status::overlapping && !rounded_apart) {
        return EpaResult3<T>{};
    }
    Simplex3<T> seed; // the simplex GJK ended with
    seed.count = std::clamp(c.count, 1, 4);
    for (int i = 0; i < seed.count; ++i) {
        seed.v[i] = z.vertex(c.index_a[i], c.index_b[i]);
    }
    if (rounded_apart) {
        const T ra = input.a.radius, rb = input.b.radius;
        if (gap_within_round_off(seed, g.distance, ra + rb)) {
            rounded = rounded_gap(seed, g.distance, ra, rb);
        }
    }
    if (g.status != Status::overlapping) {
        return EpaResult3<T>{};
    }
    return epa3(z, seed, max_epa_iterations); // EPA from GJK's simplex
}

/// penetration()'s answer from GJK's on the cores (`g`) and EPA's (`e`, epa_after_gjk3()) in A's
/// frame `xf_a`.
template <class T>
PenetrationOutput3<T> penetration_after_gjk3(const DistanceInput3<T>& input,
                                             const Transform3<T>& xf_a, const DistanceOutput3<T>& g,
                                             const EpaResult3<T>& e, std::optional<T> rounded) {
    PenetrationOutput3<T> out;
    if (penetration_apart(input, g, out, rounded)) {
        return out;
    }
    out.epa_iterations = e.iterations;
    out.termination = e.termination;
    return penetration_from_cores(input, out, -e.depth, rotate(xf_a.q, e.normal), apply(xf_a, e.a),
                                  apply(xf_a, e.b), true,
                                  e.termination == EpaTermination::max_iterations);
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
    DistanceOutput3<T> g;
    std::optional<T> rounded;
    const detail::EpaResult3<T> e = pair.with_z([&](const auto& z) {
        g = detail::distance_in_frame<T>(core, pair, z, &c, nullptr);
        return detail::epa_after_gjk3(input, z, g, c, max_epa_iterations, rounded);
    });
    return detail::penetration_after_gjk3(input, pair.xf_a, g, e, rounded);
}

/// distance(input, nullptr, trace) and, on contact (touching or overlapping) or whenever
/// `always_penetration`, penetration(input): both answers to the bit from one GJK run, which
/// each of them would run on its own - the loop is the same on the cores, and only the
/// conclusions differ (the radii applied or not). A pair that the separating axis test decides
/// takes its answer, as penetration() does; EPA starts from the run's last simplex.
template <class T>
DistanceAndPenetration3<T>
distance_and_penetration(const DistanceInput3<T>& input, bool always_penetration = false,
                         std::type_identity_t<std::vector<TraceStep3<T>>>* trace = nullptr) {
    if (trace) {
        trace->clear();
    }
    DistanceAndPenetration3<T> r;
    r.distance.error = validate(input);
    if (r.distance.error != InputError::none) {
        r.distance.status = Status::invalid_input;
        return r;
    }
    DistanceInput3<T> core = input;
    core.use_radii = false;
    const detail::PairInFrameA3<T> pair(input);
    DistanceOutput3<T> g;
    std::optional<T> rounded;
    bool by_axes = false; // the separating axis test answered
    const detail::EpaResult3<T> e = pair.with_z([&](const auto& z) {
        detail::LoopSimplex3<T> s;
        SimplexCache3<T>* const no_cache = nullptr;
        const Vec3<T> first_direction = detail::start(input, pair, z, no_cache, s);
        const detail::LoopResult<Vec3<T>> l =
            run(z, s, input.max_iterations, T(-1), pair.xf_a, trace, first_direction);
        r.distance = detail::conclude3(input, pair.xf_a, z, s, l, no_cache);
        r.has_penetration = always_penetration || in_contact(r.distance.status);
        by_axes = r.has_penetration && detail::penetration_by_axes3(input, r.penetration);
        if (!r.has_penetration || by_axes) {
            return detail::EpaResult3<T>{};
        }
        SimplexCache3<T> c{};
        g = detail::conclude3(core, pair.xf_a, z, s, l, &c);
        return detail::epa_after_gjk3(input, z, g, c, kMaxEpaIterations, rounded);
    });
    if (r.has_penetration && !by_axes) {
        r.penetration = detail::penetration_after_gjk3(input, pair.xf_a, g, e, rounded);
    }
    return r;
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
