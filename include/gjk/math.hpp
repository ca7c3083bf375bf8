// gjk/math.hpp - the vector math the talk needs: points, rotations, transforms.
//
// Everything here is a trivially copyable value type templated on the scalar, so the same
// code serves float (games) and double (robotics, CAD). Only the operations the algorithm
// uses are provided: dot, the 2D cross product (a scalar, twice a signed triangle area) and
// the perpendicular, which the GJK loop uses to build an exact edge normal.
#pragma once

#include <cmath>
#include <type_traits>

namespace gjk {

/// A 2D vector or point.
template <class T> struct Vec2 {
    static_assert(std::is_floating_point_v<T>, "gjk::Vec2 needs a floating-point scalar");
    T x{0}; ///< x coordinate
    T y{0}; ///< y coordinate

    friend constexpr Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
    friend constexpr Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
    friend constexpr Vec2 operator-(Vec2 a) { return {-a.x, -a.y}; }
    friend constexpr Vec2 operator*(T s, Vec2 a) { return {s * a.x, s * a.y}; }
    friend constexpr Vec2 operator*(Vec2 a, T s) { return {s * a.x, s * a.y}; }
    friend constexpr bool operator==(Vec2 a, Vec2 b) { return a.x == b.x && a.y == b.y; }
    constexpr Vec2& operator+=(Vec2 b) { return *this = *this + b; }
    constexpr Vec2& operator-=(Vec2 b) { return *this = *this - b; }
};

/// Dot product a . b.
template <class T> constexpr T dot(Vec2<T> a, Vec2<T> b) {
    return a.x * b.x + a.y * b.y;
}

/// 2D cross product a x b = |a||b| sin(angle from a to b): twice the signed area of the
/// triangle (0, a, b), positive when b is counter-clockwise of a.
template <class T> constexpr T cross(Vec2<T> a, Vec2<T> b) {
    return a.x * b.y - a.y * b.x;
}

/// The vector turned a quarter turn counter-clockwise: cross(z, a) with z the plane normal.
/// dot(perp(e), e) = -e.y*e.x + e.x*e.y is exactly zero in floating point: both products
/// round identically, which is why the GJK loop builds edge normals this way.
template <class T> constexpr Vec2<T> perp(Vec2<T> a) {
    return {-a.y, a.x};
}

/// Squared length.
template <class T> constexpr T length_squared(Vec2<T> a) {
    return dot(a, a);
}

/// Length, computed with hypot so that it neither overflows nor underflows early.
template <class T> T length(Vec2<T> a) {
    return std::hypot(a.x, a.y);
}

/// Unit vector along a; the zero vector stays zero.
template <class T> Vec2<T> normalized(Vec2<T> a) {
    const T len = length(a);
    return len > T(0) ? Vec2<T>{a.x / len, a.y / len} : Vec2<T>{};
}

/// True when both coordinates are finite (neither NaN nor infinite).
template <class T> bool is_finite(Vec2<T> a) {
    return std::isfinite(a.x) && std::isfinite(a.y);
}

/// A rotation, stored as its cosine and sine.
template <class T> struct Rot {
    T c{1}; ///< cos(angle)
    T s{0}; ///< sin(angle)

    /// The rotation by `angle` radians counter-clockwise.
    static Rot from_angle(T angle) { return {std::cos(angle), std::sin(angle)}; }
    /// The angle in radians, in [-pi, pi].
    T angle() const { return std::atan2(s, c); }
};

/// Rotate v by q.
template <class T> constexpr Vec2<T> rotate(Rot<T> q, Vec2<T> v) {
    return {q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y};
}

/// Rotate v by the inverse of q.
template <class T> constexpr Vec2<T> inv_rotate(Rot<T> q, Vec2<T> v) {
    return {q.c * v.x + q.s * v.y, -q.s * v.x + q.c * v.y};
}

/// A rigid transform: rotate about the origin, then translate.
template <class T> struct Transform {
    Vec2<T> p{}; ///< translation
    Rot<T> q{};  ///< rotation

    /// The identity transform.
    static constexpr Transform identity() { return {}; }
    /// Translation by `position` after a rotation by `angle` radians.
    static Transform from(Vec2<T> position, T angle) {
        return {position, Rot<T>::from_angle(angle)};
    }
};

/// The transform applied to a point: rotate(q, v) + p.
template <class T> constexpr Vec2<T> apply(const Transform<T>& xf, Vec2<T> v) {
    return rotate(xf.q, v) + xf.p;
}

/// The inverse transform applied to a point: inv_rotate(q, v - p).
template <class T> constexpr Vec2<T> apply_inverse(const Transform<T>& xf, Vec2<T> v) {
    return inv_rotate(xf.q, v - xf.p);
}

} // namespace gjk
