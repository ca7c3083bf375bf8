// gjk/validate.hpp - the preconditions of every query: finite points within the kernel's range,
// a radius >= 0, transforms that are rotations, an iteration cap >= 1 (docs/robustness.md).
// validate() names what is wrong (an InputError); a prepared shape was checked when it was
// made, so only its stored verdict is read.
#pragma once

#include <cmath>
#include <cstddef>
#include <limits>

#include "gjk/distance_types.hpp"
#include "gjk/math.hpp"
#include "gjk/prepared.hpp"
#include "gjk/shape.hpp"

namespace gjk {

namespace detail {

/// A's rotation is unit length (a scale or a shear would silently change the shape) and its
/// translation within the kernel's range; NaN fails every test. & rather than &&, here and
/// in validate(): one branch on the verdict instead of one per test.
template <class T> bool transform_ok(const Transform<T>& xf) {
    // A Rot from from_angle has c^2 + s^2 within a few ulps of 1; a deviation of 1e-3 means a
    // scale or a shear (TEST(Distance, RejectsBadInput)).
    const T range = kernel_range<T>();
    return (int(std::abs(xf.q.c * xf.q.c + xf.q.s * xf.q.s - T(1)) <= T(1e-3)) &
            int(std::abs(xf.p.x) <= range) & int(std::abs(xf.p.y) <= range)) != 0;
}

/// What is wrong with an input that failed validate()'s quick test (or none). Not inlined:
/// inside validate() its registers would cost the quick test saves and restores.
template <class T> [[gnu::noinline]] InputError input_error(const DistanceInput<T>& in) {
    const T range = kernel_range<T>();
    // The errors of shape a; shape b's is the next enumerator (InputError's order).
    auto shape_error = [range](const ShapeView<T>& v) -> InputError {
        // A prepared shape was checked once, when it was made; its view has points exactly
        // when it is valid, so only an invalid one costs a look at the shape.
        if (v.prepared && !v.points.empty()) {
            return InputError::none;
        }
        if (v.prepared) {
            switch (v.prepared->error()) {
            case ShapeError::none:
                return InputError::none;
            case ShapeError::empty:
                return InputError::empty_a;
            case ShapeError::too_many_points:
                return InputError::too_many_points_a;
            case ShapeError::nonfinite_point:
                return InputError::nonfinite_point_a;
            case ShapeError::bad_radius:
                return InputError::bad_radius_a;
            case ShapeError::out_of_range:
                return InputError::out_of_range_a;
            }
        }
        constexpr std::size_t max_points =
            static_cast<std::size_t>(std::numeric_limits<int>::max());
        if (v.points.empty())
            return InputError::empty_a;
        if (v.points.size() > max_points)
            return InputError::too_many_points_a;
        const bool within = all_within(v.points, range); // one pass: finite and in range
        if (!within && !all_finite(v.points))
            return InputError::nonfinite_point_a;
        if (!(v.radius >= T(0) && v.radius <= range)) // NaN fails too
            return InputError::bad_radius_a;
        return within ? InputError::none : InputError::out_of_range_a;
    };
    const InputError ea = shape_error(in.a), eb = shape_error(in.b);
    // Report in the order: empty, too many points, non-finite point, radius - a before b.
    if (ea != InputError::none || eb != InputError::none) {
        const auto rank = [](InputError e) { return e == InputError::none ? 255 : int(e); };
        return rank(ea) <= rank(eb) ? ea : static_cast<InputError>(int(eb) + 1);
    }
    if (!transform_ok(in.xf_a))
        return InputError::bad_transform_a;
    if (!transform_ok(in.xf_b))
        return InputError::bad_transform_b;
    if (in.max_iterations < 1)
        return InputError::bad_max_iterations;
    return InputError::none;
}

} // namespace detail

/// Checks the preconditions of a query; InputError::none when it may run. A prepared shape
/// (gjk/prepared.hpp) was checked when it was made: only its stored verdict is read, so the
/// check costs O(1) instead of a pass over the points.
template <class T> [[gnu::always_inline]] inline InputError validate(const DistanceInput<T>& in) {
    // The common case, two valid prepared shapes (a prepared shape's view has points exactly
    // when the shape is valid) and sound transforms, in one test and inline; anything it does
    // not accept is looked at in detail by detail::input_error, which decides exactly. So the
    // test may be stricter than the rules, and is: the four translation coordinates' sum
    // within the range instead of each, the two rotations' deviations' sum within 1e-3 instead
    // of each (NaN and infinities fail both): two compares instead of six.
    const T reach = std::abs(in.xf_a.p.x) + std::abs(in.xf_a.p.y) + std::abs(in.xf_b.p.x) +
                    std::abs(in.xf_b.p.y);
    const T unit = std::abs(in.xf_a.q.c * in.xf_a.q.c + in.xf_a.q.s * in.xf_a.q.s - T(1)) +
                   std::abs(in.xf_b.q.c * in.xf_b.q.c + in.xf_b.q.s * in.xf_b.q.s - T(1));
    const bool prepared = (int(in.a.prepared != nullptr) & int(in.b.prepared != nullptr) &
                           int(!in.a.points.empty()) & int(!in.b.points.empty())) != 0;
    if ((int(prepared) & int(reach <= kernel_range<T>()) & int(unit <= T(1e-3)) &
         int(in.max_iterations >= 1)) != 0) {
        return InputError::none;
    }
    return detail::input_error(in);
}

} // namespace gjk
