// gjk/time_of_impact.hpp - when do two shapes, translating and rotating along their sweeps,
// first touch? Root finding on separation functions of the closest features
// (gjk/cast/separation.hpp, gjk/cast/toi_step.hpp), each step proved free of contact, with
// conservative advancement (gjk/cast/advancement.hpp) as the outer loop and its safe fallback.
#pragma once

#include <algorithm>
#include <cmath>

#include "gjk/cast/advancement.hpp"
#include "gjk/cast/separation.hpp"
#include "gjk/cast/toi_step.hpp"
#include "gjk/cast_types.hpp"
#include "gjk/sweep.hpp"

namespace gjk {

/// come within target_separation (see the top of gjk/cast/toi_step.hpp).
template <class T> CastOutput<T> time_of_impact(const ToiInput<T>& input) {
    CastOutput<T> out;
    // The poses at any t: R(a0) once per sweep, then a polynomial rotation (gjk/sweep.hpp).
    const detail::SweepMotion<T> ma(input.sweep_a), mb(input.sweep_b);
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
    } else {
        out.motion_error = detail::motion_options_error(input.target_separation, input.tolerance,
                                                        input.max_fraction);
    }
    if (out.motion_error == MotionError::none) {
        start.xf_a = ma.at(T(0)); // Sweep::at(0) to the bit, without its sine and cosine
        start.xf_b = mb.at(T(0));
        out.error = validate(start);
    }
    if (out.error != InputError::none || out.motion_error != MotionError::none) {
        return out;
    }

    const Sweep<T>& sa = input.sweep_a;
    const Sweep<T>& sb = input.sweep_b;
    const T rho_a = detail::reach_of(input.a, sa.local_center);
    const T rho_b = detail::reach_of(input.b, sb.local_center);
    const T omega_a = std::abs(sa.a1 - sa.a0), omega_b = std::abs(sb.a1 - sb.a0);
    const Vec2<T> va = sa.c1 - sa.c0, vb = sb.c1 - sb.c0;
    // How fast any point of B can move relative to any point of A (per unit of t): the
    // distance's Lipschitz bound; and how fast the separation functions can bend
    // (gjk/cast/toi_step.hpp, "Every step proved"), with D a bound on the centres' distance.
    detail::SweepBounds<T> bounds;
    const T relative = length(va - vb);
    bounds.speed = relative + omega_a * rho_a + omega_b * rho_b;
    auto taxicab = [](Vec2<T> d) { return std::abs(d.x) + std::abs(d.y); }; // >= the length
    const T centres = std::max(taxicab(sb.c0 - sa.c0), taxicab(sb.c1 - sa.c1));
    bounds.bend_points = omega_a * omega_a * rho_a + omega_b * omega_b * rho_b;
    bounds.bend_face_a = omega_b * omega_b * rho_b + T(2) * omega_a * (relative + omega_b * rho_b) +
                         omega_a * omega_a * (centres + rho_b);
    bounds.bend_face_b = omega_a * omega_a * rho_a + T(2) * omega_b * (relative + omega_a * rho_a) +
                         omega_b * omega_b * (centres + rho_a);
    const T speed = bounds.speed;
    auto far = [](const Sweep<T>& s) {
        return std::max({std::abs(s.c0.x), std::abs(s.c0.y), std::abs(s.c1.x), std::abs(s.c1.y)});
    };
    const T scale = std::max(far(sa), far(sb)) + rho_a + rho_b + input.a.radius + input.b.radius +
                    input.target_separation;
    const T tolerance = detail::cast_tolerance(input.tolerance, scale);

    // Each outer step: the separation function of the closest features at t (their cache),
    // its root, and never less than conservative advancement's safe step t + gap / mu.
    const T target = input.target_separation + input.a.radius + input.b.radius;
    auto step = [&](T, T safe, const SimplexCache<T>& cache, const Transform<T>& xf_a,
                    const Transform<T>& xf_b) {
        if (!(safe < input.max_fraction)) {
            return safe;
        }
        const detail::SeparationFunction<T> f(cache, input.a, input.b, ma, mb, xf_a, xf_b);
        return detail::separation_step(f, safe, target, tolerance, input.max_fraction, bounds);
    };
    return detail::advance<T>(
        input.a, input.b, [&](T t) { return ma.at(t); }, [&](T t) { return mb.at(t); },
        [&](Vec2<T> n) { return dot(n, va - vb) + omega_a * rho_a + omega_b * rho_b; }, step, speed,
        input.target_separation, tolerance, input.max_fraction, input.max_iterations);
}

} // namespace gjk
