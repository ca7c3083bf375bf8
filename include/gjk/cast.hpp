// gjk/cast.hpp - when does a moving shape first touch another? Shape cast (translations) and
// time of impact (translations and rotations), by conservative advancement on GJK distance.
//
// The motion. Over a step, t runs from 0 to 1. A shape cast moves A by t * translation_a and
// B by t * translation_b; a time of impact query moves each shape along a Sweep: its rotation
// centre goes in a straight line from c0 to c1 while its angle goes from a0 to a1, both
// linear in t (Box2D's b2Sweep).
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
//     t + dt > 1                      -> no contact within the step (separated)
// For a pure translation (a shape cast), mu = -dot(n, r) with r = translation_b -
// translation_a exactly, and each step is a Newton step on the convex d(t) from the left:
// one step for face contacts, quadratic convergence otherwise, linear only at a grazing
// contact (where d's minimum equals the target). t never passes the first contact: every step
// ends where the bound says contact is still possible, so the answer is never late by more
// than round-off (TEST(Cast, FractionMatchesBisectionOnTheBruteForceDistance)).
//
// At t = 0: rounded shapes that already overlap are a hit at t = 0 with the flag
// initially_overlapping and the penetration normal (gjk/penetration.hpp); shapes within the
// target that are not closing (mu <= 0) are not a hit (touching and moving apart), closing ones
// are a hit at t = 0.
//
// The tolerance. GJK's distance carries a round-off error of a few eps of the coordinates'
// magnitude (tests/test_distance_oracle.cpp measures < 4 eps), and the poses at t add about as much.
// A tolerance below that could never be met; 64 eps of the scale (the largest coordinate the
// motion reaches plus the shapes' extents, radii and target) is safely above it and still
// negligible; CastInput::tolerance overrides it.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "gjk/distance.hpp"
#include "gjk/penetration.hpp"
#include "gjk/shape.hpp"

namespace gjk {

/// Iteration cap of a shape cast. A face contact takes one step plus the check, a vertex
/// contact converges quadratically: the oracle test's 3,300 casts per scalar type take at most
/// 7 (tests/test_cast.cpp prints the maximum). Only a grazing contact converges linearly,
/// about one bit of the gap per iteration, and 64 covers a double's relative precision.
inline constexpr int kMaxCastIterations = 64;

/// Iteration cap of a time of impact query. With rotation the bound mu can exceed the actual
/// closing rate many times over (a long shape turning while its contact point barely moves),
/// and advancement then gains only a fraction of the gap per iteration: the oracle test's
/// sweeps (up to 1.5 radians a step) need up to 443 iterations in double (207 in float).
/// 1024 covers them; Box2D's separating-axis root finding would need fewer (README, Limits).
inline constexpr int kMaxToiIterations = 1024;

/// The default tolerance, in units of eps times the scale (see the top of this file).
inline constexpr int kCastToleranceUlps = 64;

/// How a cast or time of impact query ended.
enum class CastStatus : unsigned char {
    hit,                   ///< first contact at `fraction`
    separated,             ///< no contact in [0, 1] (or touching at t = 0 and moving apart)
    initially_overlapping, ///< the rounded shapes overlap at t = 0: a hit at t = 0
    max_iterations,        ///< the cap was reached; `fraction` is a safe time (no contact yet)
    invalid_input,         ///< see `error` and `motion_error`
};

/// A short English word for a CastStatus (the `gjk cast` tool's "status").
constexpr const char* to_string(CastStatus s) {
    switch (s) {
    case CastStatus::hit:
        return "hit";
    case CastStatus::separated:
        return "separated";
    case CastStatus::initially_overlapping:
        return "initially_overlapping";
    case CastStatus::max_iterations:
        return "max_iterations";
    case CastStatus::invalid_input:
        return "invalid_input";
    }
    return "?";
}

/// What is wrong with a motion (the shapes' own errors are InputError).
enum class MotionError : unsigned char {
    none,
    bad_translation_a, ///< translation_a is not finite
    bad_translation_b, ///< translation_b is not finite
    bad_sweep_a,       ///< sweep_a has a value that is not finite
    bad_sweep_b,       ///< sweep_b has a value that is not finite
    bad_target,        ///< target_separation is negative or not finite
    bad_tolerance,     ///< tolerance is negative or not finite
};

/// A sentence naming what is wrong with a motion.
constexpr const char* to_string(MotionError e) {
    switch (e) {
    case MotionError::none:
        return "no error";
    case MotionError::bad_translation_a:
        return "translation_a is not finite";
    case MotionError::bad_translation_b:
        return "translation_b is not finite";
    case MotionError::bad_sweep_a:
        return "sweep_a is not finite";
    case MotionError::bad_sweep_b:
        return "sweep_b is not finite";
    case MotionError::bad_target:
        return "target_separation is negative or not finite";
    case MotionError::bad_tolerance:
        return "tolerance is negative or not finite";
    }
    return "?";
}

/// The motion of a shape over a step (Box2D's sweep): the rotation centre moves from c0 to c1
/// and the angle from a0 to a1, both linearly in t in [0, 1].
template <class T> struct Sweep {
    Vec2<T> local_center{}; ///< rotation centre in the shape's local frame
    Vec2<T> c0{};           ///< world position of the centre at t = 0
    Vec2<T> c1{};           ///< world position of the centre at t = 1
    T a0{0};                ///< angle (radians) at t = 0
    T a1{0};                ///< angle (radians) at t = 1

    /// The shape's transform at time t: rotation by a(t), and the centre at c(t).
    Transform<T> at(T t) const {
        Transform<T> xf;
        xf.q = Rot<T>::from_angle(a0 + t * (a1 - a0));
        xf.p = c0 + t * (c1 - c0) - rotate(xf.q, local_center);
        return xf;
    }
};

/// Input of a shape cast: B (and optionally A) translates over the step.
template <class T> struct CastInput {
    ShapeView<T> a{};                       ///< shape A (its radius counts)
    ShapeView<T> b{};                       ///< shape B (its radius counts)
    Transform<T> xf_a{};                    ///< A's transform at t = 0
    Transform<T> xf_b{};                    ///< B's transform at t = 0
    Vec2<T> translation_a{};                ///< A's translation over the step
    Vec2<T> translation_b{};                ///< B's translation over the step
    T target_separation{0};                 ///< >= 0; contact is this gap between the surfaces
    T tolerance{0};                         ///< accepted gap above the target; 0: automatic
    int max_iterations{kMaxCastIterations}; ///< advancement cap (>= 1)
};

/// Input of a time of impact query: both shapes translate and rotate over the step.
template <class T> struct ToiInput {
    ShapeView<T> a{};                      ///< shape A (its radius counts)
    ShapeView<T> b{};                      ///< shape B (its radius counts)
    Sweep<T> sweep_a{};                    ///< A's motion
    Sweep<T> sweep_b{};                    ///< B's motion
    T target_separation{0};                ///< >= 0; contact is this gap between the surfaces
    T tolerance{0};                        ///< accepted gap above the target; 0: automatic
    int max_iterations{kMaxToiIterations}; ///< advancement cap (>= 1)
};

/// Output of a shape cast or a time of impact query. Every field is set on every path.
template <class T> struct CastOutput {
    bool hit{false};                   ///< the shapes come within the target during [0, 1]
    bool initially_overlapping{false}; ///< they overlap at t = 0 (then hit, fraction 0)
    /// The time of first contact in [0, 1] when hit; 1 when the step ends without contact;
    /// the last safe time when the cap stopped the loop.
    T fraction{0};
    /// On a hit, the point of A's surface nearest B at `fraction` (where they touch for a
    /// target of 0), in the world; initially overlapping, A's point deepest in B.
    Vec2<T> point{};
    /// Unit normal from A to B at `fraction` (the penetration normal when initially
    /// overlapping); valid whenever the distance query gave one, always on a hit.
    Vec2<T> normal{};
    int iterations{0};                            ///< advancement iterations (GJK calls)
    CastStatus status{CastStatus::invalid_input}; ///< how it ended
    InputError error{InputError::none};           ///< the shapes' problem, if any
    MotionError motion_error{MotionError::none};  ///< the motion's problem, if any
};

/// A sentence naming what is wrong with an invalid query (or "no error").
template <class T> const char* error_message(const CastOutput<T>& out) {
    return out.error != InputError::none ? to_string(out.error) : to_string(out.motion_error);
}

namespace detail {

/// The largest distance of a point from `center`: rho in the advancement bound.
template <class T> T reach_from(std::span<const Vec2<T>> points, Vec2<T> center) {
    T rho = T(0);
    for (const Vec2<T>& p : points) {
        rho = std::max(rho, length(p - center));
    }
    return rho;
}

/// Conservative advancement (see the top of this file). `pose_a(t)`, `pose_b(t)` give the
/// transforms at t; `closing(n)` the bound mu along the world normal n; `speed` a bound on how
/// fast any point of either shape moves (per unit t), for the probe below.
template <class T, class PoseA, class PoseB, class Closing>
CastOutput<T> advance(const ShapeView<T>& a, const ShapeView<T>& b, PoseA pose_a, PoseB pose_b,
                      Closing closing, T speed, T target_separation, T tolerance,
                      int max_iterations) {
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
        rounded.a.radius = later.a.radius = a.radius;
        rounded.b.radius = later.b.radius = b.radius;
        later.xf_a = pose_a(probe);
        later.xf_b = pose_b(probe);
        const PenetrationOutput<T> now = penetration(rounded), then = penetration(later);
        return then.signed_distance < now.signed_distance - tolerance;
    };

    DistanceInput<T> core;
    core.a = {a.points, T(0)};
    core.b = {b.points, T(0)};
    SimplexCache<T> cache{};
    T t = T(0);
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
            rounded.a.radius = a.radius;
            rounded.b.radius = b.radius;
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
            // point is GJK's (a common point when the cores meet); the normal is GJK's when
            // proven, else the previous iteration's, which still describes the approach.
            if (g.status == Status::touching) {
                out.normal = g.normal;
            }
            out.point = g.point_a + a.radius * out.normal;
            out.hit = true;
            out.status = CastStatus::hit;
            if (iteration == 1 && !closing_at_start(g, core)) { // touching, moving apart
                out.hit = false;
                out.fraction = T(1);
                out.status = CastStatus::separated;
            }
            return out;
        }
        const Vec2<T> n = g.normal;
        out.normal = n;
        out.point = g.point_a + a.radius * n;
        const T gap = g.distance - target;
        const T mu = closing(n);
        if (!(gap > tolerance)) { // NaN fails safe: stop here
            out.hit = true;
            out.status = CastStatus::hit;
            if (iteration == 1 && !closing_at_start(g, core)) { // within the target, moving apart
                out.hit = false;
                out.fraction = T(1);
                out.status = CastStatus::separated;
            }
            return out;
        }
        if (!(mu > T(0))) { // the slab never closes
            out.fraction = T(1);
            out.status = CastStatus::separated;
            return out;
        }
        const T next = t + gap / mu;
        if (!(next <= T(1))) {
            out.fraction = T(1);
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

} // namespace detail

/// Shape cast: the first time t in [0, 1] at which B, translated by t * translation_b, comes
/// within target_separation of A, translated by t * translation_a (see the top of this file).
template <class T> CastOutput<T> shape_cast(const CastInput<T>& input) {
    CastOutput<T> out;
    DistanceInput<T> start;
    start.a = input.a;
    start.b = input.b;
    start.xf_a = input.xf_a;
    start.xf_b = input.xf_b;
    start.max_iterations = input.max_iterations;
    out.error = validate(start);
    if (out.error == InputError::none) {
        if (!is_finite(input.translation_a)) {
            out.motion_error = MotionError::bad_translation_a;
        } else if (!is_finite(input.translation_b)) {
            out.motion_error = MotionError::bad_translation_b;
        } else if (!detail::finite_nonnegative(input.target_separation)) {
            out.motion_error = MotionError::bad_target;
        } else if (!detail::finite_nonnegative(input.tolerance)) {
            out.motion_error = MotionError::bad_tolerance;
        }
    }
    if (out.error != InputError::none || out.motion_error != MotionError::none) {
        return out;
    }

    // Scale: the furthest a transform's origin gets, plus the shapes' extents and the target.
    auto far = [](Vec2<T> p, Vec2<T> d) {
        return std::max({std::abs(p.x), std::abs(p.y), std::abs(p.x + d.x), std::abs(p.y + d.y)});
    };
    const T scale =
        std::max(far(input.xf_a.p, input.translation_a), far(input.xf_b.p, input.translation_b)) +
        detail::reach_from(input.a.points, Vec2<T>{}) +
        detail::reach_from(input.b.points, Vec2<T>{}) + input.a.radius + input.b.radius +
        input.target_separation;
    const T tolerance = detail::cast_tolerance(input.tolerance, scale);

    // Pure translation: mu = dot(n, v_a - v_b) exactly.
    const Vec2<T> relative = input.translation_b - input.translation_a;
    return detail::advance<T>(
        input.a, input.b,
        [&](T t) {
            return Transform<T>{input.xf_a.p + t * input.translation_a, input.xf_a.q};
        },
        [&](T t) {
            return Transform<T>{input.xf_b.p + t * input.translation_b, input.xf_b.q};
        },
        [&](Vec2<T> n) { return -dot(n, relative); }, length(relative), input.target_separation,
        tolerance, input.max_iterations);
}

/// Time of impact: the first time t in [0, 1] at which the shapes, moving along their sweeps,
/// come within target_separation (see the top of this file).
template <class T> CastOutput<T> time_of_impact(const ToiInput<T>& input) {
    CastOutput<T> out;
    auto sweep_ok = [](const Sweep<T>& s) {
        return is_finite(s.local_center) && is_finite(s.c0) && is_finite(s.c1) &&
               std::isfinite(s.a0) && std::isfinite(s.a1);
    };
    DistanceInput<T> start;
    start.a = input.a;
    start.b = input.b;
    start.max_iterations = input.max_iterations;
    if (!sweep_ok(input.sweep_a)) {
        out.motion_error = MotionError::bad_sweep_a;
    } else if (!sweep_ok(input.sweep_b)) {
        out.motion_error = MotionError::bad_sweep_b;
    } else if (!detail::finite_nonnegative(input.target_separation)) {
        out.motion_error = MotionError::bad_target;
    } else if (!detail::finite_nonnegative(input.tolerance)) {
        out.motion_error = MotionError::bad_tolerance;
    } else {
        start.xf_a = input.sweep_a.at(T(0));
        start.xf_b = input.sweep_b.at(T(0));
        out.error = validate(start);
    }
    if (out.error != InputError::none || out.motion_error != MotionError::none) {
        return out;
    }

    const Sweep<T>& sa = input.sweep_a;
    const Sweep<T>& sb = input.sweep_b;
    const T rho_a = detail::reach_from(input.a.points, sa.local_center);
    const T rho_b = detail::reach_from(input.b.points, sb.local_center);
    const T omega_a = std::abs(sa.a1 - sa.a0), omega_b = std::abs(sb.a1 - sb.a0);
    const Vec2<T> va = sa.c1 - sa.c0, vb = sb.c1 - sb.c0;
    auto far = [](const Sweep<T>& s) {
        return std::max({std::abs(s.c0.x), std::abs(s.c0.y), std::abs(s.c1.x), std::abs(s.c1.y)});
    };
    const T scale = std::max(far(sa), far(sb)) + rho_a + rho_b + input.a.radius + input.b.radius +
                    input.target_separation;
    const T tolerance = detail::cast_tolerance(input.tolerance, scale);

    return detail::advance<T>(
        input.a, input.b, [&](T t) { return sa.at(t); }, [&](T t) { return sb.at(t); },
        [&](Vec2<T> n) { return dot(n, va - vb) + omega_a * rho_a + omega_b * rho_b; },
        length(va - vb) + omega_a * rho_a + omega_b * rho_b, input.target_separation, tolerance,
        input.max_iterations);
}

} // namespace gjk
