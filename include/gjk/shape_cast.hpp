// gjk/shape_cast.hpp - when does a translating shape first touch another? Conservative
// advancement on the GJK distance (gjk/cast/advancement.hpp): for a pure translation each step
// is a Newton step on the convex distance, and the answer is never late.
#pragma once

#include <algorithm>
#include <cmath>

#include "gjk/cast/advancement.hpp"
#include "gjk/cast_types.hpp"

namespace gjk {

/// Shape cast: the first time t in [0, 1] at which B, translated by t * translation_b, comes
/// within target_separation of A, translated by t * translation_a (see the top of
/// gjk/cast/advancement.hpp).
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
        } else {
            out.motion_error = detail::motion_options_error(input.target_separation,
                                                            input.tolerance, input.max_fraction);
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
        detail::reach_of(input.a, Vec2<T>{}) + detail::reach_of(input.b, Vec2<T>{}) +
        input.a.radius + input.b.radius + input.target_separation;
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
        [&](Vec2<T> n) { return -dot(n, relative); },
        [](T, T safe, const SimplexCache<T>&, const Transform<T>&, const Transform<T>&) {
            return safe;
        },
        length(relative), input.target_separation, tolerance, input.max_fraction,
        input.max_iterations);
}

} // namespace gjk
