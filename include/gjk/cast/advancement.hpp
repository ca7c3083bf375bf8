// gjk/cast/advancement.hpp - conservative advancement: the outer loop of a shape cast and of a
// time of impact query, which moves t forward only as far as the distance proves safe.
//
// Conservative advancement. Let d(t) be the distance between the cores (GJK, radii left out)
// and target = target_separation + ra + rb the core distance at which the rounded shapes are
// target_separation apart. At time t GJK gives d and the unit normal n from A to B: the
// whole of B lies in dot(x, n) >= s + d and the whole of A in dot(x, n) <= s for some s. That
// slab can only close as fast as the shapes' points move along n. A point of a shape at
// distance rho from its rotation centre moves with velocity v_c + omega x r, so along n
//     the slab's width decreases at most at  mu = dot(n, v_a - v_b) + |omega_a| rho_a
//                                                 + |omega_b| rho_b        (per unit of t),
// with rho the largest distance of a core point from the centre (a radius turns with its
// core and adds nothing). The slab is a fixed plane pair, so the bound holds for all later
// t, and
//     d(t + dt) >= d(t) - mu dt,  hence  d stays above target until  dt = (d - target) / mu.
// The loop advances t by exactly that, recomputes d, and repeats:
//     gap = d - target <= tolerance   -> hit at t (d(t) is within tolerance of the target)
//     mu <= 0                         -> the slab never closes: no contact ever (separated)
//     t + dt > max_fraction           -> no contact within the step (separated)
// For a pure translation (a shape cast), mu = -dot(n, r) with r = translation_b -
// translation_a exactly, and each step is a Newton step on the convex d(t) from the left:
// one step for face contacts, quadratic convergence otherwise, linear only at a grazing
// contact (where d's minimum equals the target). t never passes the first contact: every step
// ends where the bound says contact is still possible, so the answer is never late by more
// than round-off (TEST(Cast, FractionMatchesBisectionOnTheBruteForceDistance)).
//
//
// At t = 0: rounded shapes that already overlap are a hit at t = 0 with the flag
// initially_overlapping and the penetration normal (gjk/penetration.hpp); shapes within the
// target that are not closing (mu <= 0) are not a hit (touching and moving apart), closing ones
// are a hit at t = 0.
//
// The normal at a hit is GJK's at the fraction, from A to B, except where the cores touch (to
// round-off): there a sharp vertex has a cone of normals, and GJK's is whichever its proof
// found. Then the normal is that of the last step, if advancement took it: its slab's plane
// still separates the shapes at the contact, and of the cone's normals it is the one the
// approach crossed - the direction from the vertex to where the other shape was a step before,
// as gjk/raycast.hpp's. A point sliding along a box's top edge onto its corner gets -x, the
// normal that stops it (TEST(Cast, VertexContactNormalFacesTheApproach)).
//
// The tolerance. GJK's distance carries a round-off error of a few eps of the coordinates'
// magnitude (tests/test_distance_oracle.cpp measures < 4 eps), and the poses at t add about as
// much. A tolerance below that could never be met; 64 eps of the scale (the largest coordinate the
// motion reaches plus the shapes' extents, radii and target) is safely above it and still
// negligible; CastInput::tolerance overrides it.
//
// Prepared shapes. On views of PreparedShape objects (gjk/prepared.hpp) the loop's GJK calls
// and the separation functions' deepest pairs use the shapes' O(log n) supports and skip their
// validation, and rho is bounded by 8 supports beyond kScanLimit vertices (detail::reach_of), so
// a cast or a time of impact against a prepared 4096-gon costs a few dozen searches, no pass
// over its vertices (TEST(CastLongDouble, PreparedBigPolygonIsSearchedNeverScanned)).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "gjk/cast_types.hpp"
#include "gjk/distance.hpp"
#include "gjk/penetration.hpp"
#include "gjk/prepared.hpp"
#include "gjk/shape.hpp"

namespace gjk::detail {

/// The largest distance of a point from `center`: rho in the advancement bound.
/// One square root for the largest square: sqrt is monotone and correctly rounded, so it is
/// the largest length() to the bit, unless the largest square under- or overflowed (then
/// length() of each point, which takes std::hypot there).
template <class T> T reach_from(std::span<const Vec2<T>> points, Vec2<T> center) {
    T square = T(0);
    for (const Vec2<T>& p : points) {
        square = std::max(square, length_squared(p - center));
    }
    if (square >= std::numeric_limits<T>::min() && square <= std::numeric_limits<T>::max()) {
        return std::sqrt(square);
    }
    T rho = T(0);
    for (const Vec2<T>& p : points) {
        rho = std::max(rho, length(p - center));
    }
    return rho;
}

/// rho for a view: exact (reach_from) for a plain view or a prepared shape of at most
/// kScanLimit vertices; for a bigger prepared shape a bound from 8 of its O(log n) supports, so
/// that a query stays O(log n). The bound: with u_k the 8 unit directions k pi / 4 and
/// h_k = dot(support(u_k) - c, u_k), the hull lies in every half-plane dot(x - c, u_k) <= h_k.
/// A point x of it at distance r from c in a direction within pi / 8 of some u_k has
/// r cos(pi / 8) <= dot(x - c, u_k) <= h_k, so
///     max_k h_k  <=  rho  <=  max_k h_k / cos(pi / 8) = 1.0824 max_k h_k.
/// The factor is taken as 1.0825, above sec(pi / 8) = 1.082392 by 1e-4 of it, far more than
/// the supports' round-off (a few eps). A larger rho only makes the advancement's steps more
/// cautious and its tolerance's scale larger (TEST(CastLongDouble,
/// PreparedBigPolygonIsSearchedNeverScanned) checks the answer against the plain view's).
template <class T> T reach_of(const ShapeView<T>& v, Vec2<T> center) {
    if (v.prepared && v.points.size() <= static_cast<std::size_t>(PreparedShape<T>::kInline)) {
        // reach_from on the coordinate arrays (PreparedShape::soa: the same values, padded with
        // copies of vertex 0), which GJK's support reads anyway, rather than on the vertices'
        // cache line: the first read of each shape is a cache miss on a workload of many shapes.
        const Soa8<T>& soa = v.prepared->soa();
        T square = T(0);
        for (int k = 0; k < 8; ++k) {
            square = std::max(square, length_squared(Vec2<T>{soa.x[k], soa.y[k]} - center));
        }
        if (square >= std::numeric_limits<T>::min() && square <= std::numeric_limits<T>::max()) {
            return std::sqrt(square);
        }
    }
    if (!v.prepared || v.points.size() <= static_cast<std::size_t>(PreparedShape<T>::kScanLimit)) {
        return reach_from(v.points, center);
    }
    const T s = T(0.70710678118654752); // sqrt(1 / 2)
    const Vec2<T> directions[8] = {{1, 0},  {s, s},   {0, 1},  {-s, s},
                                   {-1, 0}, {-s, -s}, {0, -1}, {s, -s}};
    T h = T(0);
    for (const Vec2<T>& u : directions) {
        const Vec2<T> p = v.points[static_cast<std::size_t>(v.prepared->support_index(u))];
        h = std::max(h, dot(p - center, u));
    }
    return T(1.0825) * h;
}

/// The index of the point of `v` furthest along d (any nonzero d): a prepared shape's O(log n)
/// support, else the scan of its points.
template <class T> int support_index_of(const ShapeView<T>& v, Vec2<T> d) {
    return v.prepared ? v.prepared->support_index(d) : support_index_scan(v.points, d);
}

/// The outer loop (see the top of this file). `pose_a(t)`, `pose_b(t)` give the transforms at
/// t; `closing(n)` the bound mu along the world normal n; `step(t, safe, cache, xf_a, xf_b)`
/// (with the transforms at t) the next time: `safe` itself (t + gap / mu, advancement's step,
/// returned as given) or a later one, and past max_fraction when no contact is left in the
/// step; `speed` a bound on how fast any point of either shape moves (per unit t), for the
/// probe below.
template <class T, class PoseA, class PoseB, class Closing, class Step>
CastOutput<T> advance(const ShapeView<T>& a, const ShapeView<T>& b, PoseA pose_a, PoseB pose_b,
                      Closing closing, Step step, T speed, T target_separation, T tolerance,
                      T max_fraction, int max_iterations) {
    CastOutput<T> out;
    const T radii = a.radius + b.radius;
    const T target = target_separation + radii;

    // Whether shapes within the target at t = 0 close in. With a core distance well above
    // round-off, GJK's normal answers it (mu > 0). At a distance of round-off size the normal
    // is the direction of a round-off vector - an edge touching pair whose GJK normal was
    // 35 degrees off read as moving apart while sliding in (TEST(Cast,
    // FractionMatchesBisectionOnTheBruteForceDistance), edge_touching pairs). Then a probe
    // decides: the signed distance (EPA) after the shapes moved 1024 tolerances, which drops
    // by more than the tolerance only if they close in.
    auto closing_at_start = [&](const DistanceOutput<T>& g, const DistanceInput<T>& start) {
        if (g.distance > tolerance) {
            return closing(g.normal) > T(0);
        }
        if (!(speed > T(0))) {
            return false;
        }
        const T probe = std::min(T(1), T(1024) * tolerance / speed);
        DistanceInput<T> rounded = start, later = start;
        rounded.use_radii = later.use_radii = true;
        later.xf_a = pose_a(probe);
        later.xf_b = pose_b(probe);
        const PenetrationOutput<T> now = penetration(rounded), then = penetration(later);
        return then.signed_distance < now.signed_distance - tolerance;
    };

    // The cores: the views as given, a prepared shape's included (its O(log n) support, no
    // validation per call), with the radii left out by use_radii, not by views of radius 0:
    // distance() takes the radii from DistanceInput, never from the prepared shape.
    DistanceInput<T> core;
    core.a = a;
    core.b = b;
    core.use_radii = false;
    SimplexCache<T> cache{};
    T t = T(0);
    // The normal at a hit. Where the cores are apart by more than the tolerance it is GJK's,
    // the direction between the closest features. Where they touch, to round-off, it is not
    // unique: any direction of a vertex's normal cone is a support line's, and GJK's normal is
    // the one its proof of touching found, or the direction of a round-off vector. The normal
    // of the last step is better when that step was advancement's (`slab`): the bound held over
    // the step, so the slab's plane still separates the shapes at the contact - it is a support
    // line's there - and it is the one the approach crossed. For a vertex it is the direction
    // from the vertex to where the other shape was a step before, as gjk/raycast.hpp's
    // (TEST(Cast, VertexContactNormalFacesTheApproach)). A root finder's step of the time of
    // impact carries no such proof: its contact keeps GJK's normal, or, where the cores
    // overlap by a hair and GJK gives none, the previous iteration's (`previous`).
    Vec2<T> slab_normal{};
    bool slab = false;
    auto hit_normal = [&](const DistanceOutput<T>& g, Vec2<T> previous) {
        if (g.distance > tolerance) {
            return g.normal;
        }
        if (slab) {
            return slab_normal;
        }
        return g.status != Status::overlapping && !(g.normal == Vec2<T>{}) ? g.normal : previous;
    };
    for (int iteration = 1;; ++iteration) {
        core.xf_a = pose_a(t);
        core.xf_b = pose_b(t);
        const DistanceOutput<T> g = distance(core, &cache);
        out.iterations = iteration;
        if (g.status == Status::invalid_input) {
            out = CastOutput<T>{};
            out.iterations = iteration;
            out.error = g.error;
            return out;
        }
        out.fraction = t;
        const bool rounded_overlap = g.status == Status::overlapping || g.distance < radii;
        if (rounded_overlap && iteration == 1) {
            // Overlapping at the start: a hit at t = 0, with the minimum translation normal.
            DistanceInput<T> rounded = core;
            rounded.use_radii = true;
            const PenetrationOutput<T> p = penetration(rounded);
            out.hit = true;
            out.initially_overlapping = true;
            out.point = p.point_a;
            out.normal = p.normal;
            out.status = CastStatus::initially_overlapping;
            return out;
        }
        if (rounded_overlap || g.status == Status::touching) {
            // Reached by a step that round-off carried to (or a hair past) the contact. The
            // point is GJK's (a common point when the cores meet); the normal as above.
            out.normal = hit_normal(g, out.normal);
            out.point = g.point_a + a.radius * out.normal;
            out.hit = true;
            out.status = CastStatus::hit;
            if (iteration == 1 && !closing_at_start(g, core)) { // touching, moving apart
                out.hit = false;
                out.fraction = max_fraction;
                out.status = CastStatus::separated;
            }
            return out;
        }
        const Vec2<T> n = g.normal;
        const T gap = g.distance - target;
        const T mu = closing(n);
        if (!(gap > tolerance)) { // NaN fails safe: stop here
            out.normal = hit_normal(g, out.normal);
            out.point = g.point_a + a.radius * out.normal;
            out.hit = true;
            out.status = CastStatus::hit;
            if (iteration == 1 && !closing_at_start(g, core)) { // within the target, moving apart
                out.hit = false;
                out.fraction = max_fraction;
                out.status = CastStatus::separated;
            }
            return out;
        }
        out.normal = n;
        out.point = g.point_a + a.radius * n;
        if (!(mu > T(0))) { // the slab never closes
            out.fraction = max_fraction;
            out.status = CastStatus::separated;
            return out;
        }
        const T safe = t + gap / mu;
        const T next = step(t, safe, cache, core.xf_a, core.xf_b);
        slab = next == safe; // advancement's step, as the step returned it
        slab_normal = n;
        if (!(next <= max_fraction)) {
            out.fraction = max_fraction;
            out.status = CastStatus::separated;
            return out;
        }
        if (iteration >= max_iterations) {
            out.status = CastStatus::max_iterations;
            return out;
        }
        t = next;
    }
}

/// The automatic tolerance: kCastToleranceUlps eps of the scale (the top of this file).
template <class T> T cast_tolerance(T requested, T scale) {
    return requested > T(0) ? requested
                            : T(kCastToleranceUlps) * std::numeric_limits<T>::epsilon() * scale;
}

template <class T> bool finite_nonnegative(T x) {
    return std::isfinite(x) && x >= T(0);
}

template <class T> bool unit_fraction(T x) {
    return x >= T(0) && x <= T(1); // NaN fails both
}

/// What is wrong with the options a shape cast and a time of impact share, or none.
template <class T>
MotionError motion_options_error(T target_separation, T tolerance, T max_fraction) {
    if (!finite_nonnegative(target_separation)) {
        return MotionError::bad_target;
    }
    if (!finite_nonnegative(tolerance)) {
        return MotionError::bad_tolerance;
    }
    return unit_fraction(max_fraction) ? MotionError::none : MotionError::bad_max_fraction;
}

} // namespace gjk::detail
