// gjk/validate.hpp - the preconditions of every query, in the plane and in space: finite points
// within the kernel's range, a radius >= 0, transforms that are rotations (one rule for both
// dimensions), an iteration cap >= 1 (docs/robustness.md).
// validate() names what is wrong (an InputError); a prepared shape was checked when it was
// made, so only its stored verdict is read.
#pragma once

#include <cmath>
#include <cstddef>
#include <limits>
#include <span>

#include "gjk/distance3_types.hpp"
#include "gjk/distance_types.hpp"
#include "gjk/math.hpp"
#include "gjk/prepared.hpp"
#include "gjk/shape.hpp"

namespace gjk {

namespace detail {

/// The one rule of a rotation, in either dimension: its norm - |(c, s)| in the plane, |q| in
/// space - within 1e-3 of 1, tested on the squared norm n2 without a root:
/// (1 - 1e-3)^2 <= n2 <= (1 + 1e-3)^2. A rotation made from an angle or a normalized quaternion
/// is within a few ulps of 1; further is a scale or a shear that would silently change the shape
/// (TEST(Distance, RejectsBadInput), TYPED_TEST(Distance3, BadInputIsAnErrorNamingIt)). The
/// plane's rotation is used as it is, the quaternion normalized. NaN fails.
template <class T> bool rotation_norm_ok(T n2) {
    return (int(n2 >= T(0.998001)) & int(n2 <= T(1.002001))) != 0;
}

/// A's rotation is a rotation (rotation_norm_ok()) and its translation within the kernel's
/// range; NaN fails every test. & rather than &&, here and in validate(): one branch on the
/// verdict instead of one per test.
template <class T> bool transform_ok(const Transform<T>& xf) {
    const T range = kernel_range<T>();
    return (int(rotation_norm_ok(xf.q.c * xf.q.c + xf.q.s * xf.q.s)) &
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

namespace detail {

/// A transform in space is usable when its translation is within the kernel's range and its
/// quaternion a rotation (rotation_norm_ok(); the query normalizes it).
template <class T> bool valid_transform(const Transform3<T>& xf) {
    const Vec3<T> p[1] = {xf.p};
    return all_within(std::span<const Vec3<T>>(p), kernel_range<T>()) &&
           rotation_norm_ok(norm_squared(xf.q));
}

template <class T> bool valid_radius(T r) {
    return r >= T(0) && r <= kernel_range<T>(); // NaN fails both
}

} // namespace detail

/// What is wrong with a query in space, or InputError::none.
template <class T> InputError validate(const DistanceInput3<T>& in) {
    constexpr std::size_t most = std::size_t(std::numeric_limits<int>::max());
    if (in.a.points.empty()) {
        return InputError::empty_a;
    }
    if (in.b.points.empty()) {
        return InputError::empty_b;
    }
    if (in.a.points.size() > most) {
        return InputError::too_many_points_a;
    }
    if (in.b.points.size() > most) {
        return InputError::too_many_points_b;
    }
    // A prepared shape's corners were checked when it was made (gjk/prepared3.hpp). Points
    // within the range are finite: one pass says both, and only a shape that fails it is read
    // again, to name what is wrong (a non-finite point first, in either shape).
    const T max = std::numeric_limits<T>::max();
    const bool ok_a = in.a.prepared != nullptr || all_within(in.a.points, kernel_range<T>());
    const bool ok_b = in.b.prepared != nullptr || all_within(in.b.points, kernel_range<T>());
    if (!ok_a && !all_within(in.a.points, max)) {
        return InputError::nonfinite_point_a;
    }
    if (!ok_b && !all_within(in.b.points, max)) {
        return InputError::nonfinite_point_b;
    }
    if (!ok_a) {
        return InputError::out_of_range_a;
    }
    if (!ok_b) {
        return InputError::out_of_range_b;
    }
    if (!detail::valid_radius(in.a.radius)) {
        return InputError::bad_radius_a;
    }
    if (!detail::valid_radius(in.b.radius)) {
        return InputError::bad_radius_b;
    }
    if (!detail::valid_transform(in.xf_a)) {
        return InputError::bad_transform_a;
    }
    if (!detail::valid_transform(in.xf_b)) {
        return InputError::bad_transform_b;
    }
    if (in.max_iterations < 1) {
        return InputError::bad_max_iterations;
    }
    return InputError::none;
}

} // namespace gjk
