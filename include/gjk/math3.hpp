// gjk/math3.hpp - the vector math of the third dimension: points, rotations as unit
// quaternions, rigid transforms (gjk/math.hpp is the plane's).
//
// As in 2D, value types templated on the scalar and only the operations the algorithm uses:
// dot and cross products, a quaternion's rotation of a vector, the transform of B seen from A.
// A quaternion is stored scalar-last, (x, y, z, w), the order of ROS, scipy and Eigen's storage.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <span>
#include <type_traits>

#include "gjk/math.hpp" // bits_of, kernel_range, separate_product

namespace gjk {

/// A 3D vector or point.
template <class T> struct Vec3 {
    T x{0}; ///< x coordinate
    T y{0}; ///< y coordinate
    T z{0}; ///< z coordinate

    /// Component-wise sum.
    friend constexpr Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
    /// Component-wise difference.
    friend constexpr Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
    /// Negation.
    friend constexpr Vec3 operator-(Vec3 a) { return {-a.x, -a.y, -a.z}; }
    /// Scaling by s.
    friend constexpr Vec3 operator*(T s, Vec3 a) { return {s * a.x, s * a.y, s * a.z}; }
    /// Scaling by s.
    friend constexpr Vec3 operator*(Vec3 a, T s) { return {s * a.x, s * a.y, s * a.z}; }
    /// Exact equality of all three coordinates.
    friend constexpr bool operator==(Vec3 a, Vec3 b) {
        return a.x == b.x && a.y == b.y && a.z == b.z;
    }
    /// In-place sum.
    constexpr Vec3& operator+=(Vec3 b) { return *this = *this + b; }
    /// In-place difference.
    constexpr Vec3& operator-=(Vec3 b) { return *this = *this - b; }
};

/// Dot product.
template <class T> constexpr T dot(Vec3<T> a, Vec3<T> b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

/// The cross product: perpendicular to a and b, as long as twice the triangle (0, a, b) is
/// large, oriented by the right-hand rule.
template <class T> constexpr Vec3<T> cross(Vec3<T> a, Vec3<T> b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

/// Squared length.
template <class T> constexpr T length_squared(Vec3<T> a) {
    return dot(a, a);
}

/// The largest magnitude of a's coordinates (the first of them on a tie or a NaN, as
/// std::max of the three). Always inlined: the loop's scales take it at every step.
template <class T> [[gnu::always_inline]] inline T max_abs(Vec3<T> a) {
    T largest = std::abs(a.x);
    largest = largest < std::abs(a.y) ? std::abs(a.y) : largest;
    return largest < std::abs(a.z) ? std::abs(a.z) : largest;
}

/// Length: sqrt of the square when it is a normal number; otherwise the vector is first scaled
/// by a power of two (exact) that brings its largest coordinate near 1, so a vector of 1e30 in
/// float, or of subnormal coordinates, still has its length to an ulp.
template <class T> T length(Vec3<T> a) {
    const T square = dot(a, a);
    if (square >= std::numeric_limits<T>::min() && square <= std::numeric_limits<T>::max()) {
        return std::sqrt(square);
    }
    const T largest = max_abs(a);
    if (!(largest > T(0)) || !std::isfinite(largest)) {
        return largest; // 0, infinity or NaN
    }
    const int e = std::ilogb(largest);
    const Vec3<T> s{std::ldexp(a.x, -e), std::ldexp(a.y, -e), std::ldexp(a.z, -e)};
    return std::ldexp(std::sqrt(dot(s, s)), e);
}

namespace detail {
template <class T>
[[gnu::always_inline]] inline T unit_scale(std::initializer_list<Vec3<T>> points); // below
} // namespace detail

/// Unit vector along a; the zero vector stays zero.
template <class T> [[gnu::always_inline]] inline Vec3<T> normalized(Vec3<T> a) {
    const T largest = max_abs(a);
    if (!(largest > T(0))) {
        return {};
    }
    // Scaled first by a power of two (exact) that brings the largest coordinate near 1
    // (detail::unit_scale), so that the square is a normal number.
    const T k = detail::unit_scale({a});
    const Vec3<T> s = k * a;
    const T len = std::sqrt(dot(s, s));
    return {s.x / len, s.y / len, s.z / len};
}

/// True when all three coordinates are finite (neither NaN nor infinite).
template <class T> bool is_finite(Vec3<T> a) {
    return std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(a.z);
}

/// True when every coordinate of every point is within `bound` in magnitude (so finite too).
template <class T> bool all_within(std::span<const Vec3<T>> points, T bound) {
    bool ok = true;
    for (const Vec3<T>& p : points) {
        ok &= std::abs(p.x) <= bound && std::abs(p.y) <= bound && std::abs(p.z) <= bound;
    }
    return ok;
}

/// A rotation as a unit quaternion, scalar last: q = (x, y, z, w) = (sin(t/2) axis, cos(t/2)).
template <class T> struct Quat {
    T x{0}; ///< sin(t/2) times the axis' x
    T y{0}; ///< sin(t/2) times the axis' y
    T z{0}; ///< sin(t/2) times the axis' z
    T w{1}; ///< cos(t/2)

    /// The rotation by `angle` radians about the unit vector `axis` (right-hand rule).
    static Quat from_axis_angle(Vec3<T> axis, T angle) {
        const T s = std::sin(angle / T(2));
        return {s * axis.x, s * axis.y, s * axis.z, std::cos(angle / T(2))};
    }
};

/// The squared norm, 1 for a rotation.
template <class T> constexpr T norm_squared(Quat<T> q) {
    return q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
}

/// The inverse rotation.
template <class T> constexpr Quat<T> conjugate(Quat<T> q) {
    return {-q.x, -q.y, -q.z, q.w};
}

/// The composition: p * q rotates by q first, then by p. Each product rounded on its own
/// (detail::separate_product: the mixed signs are what GCC's vectorizer fuses).
template <class T> constexpr Quat<T> operator*(Quat<T> p, Quat<T> q) {
    auto m = [](T a, T b) { return detail::separate_product(a, b); };
    return {m(p.w, q.x) + m(p.x, q.w) + m(p.y, q.z) - m(p.z, q.y),
            m(p.w, q.y) - m(p.x, q.z) + m(p.y, q.w) + m(p.z, q.x),
            m(p.w, q.z) + m(p.x, q.y) - m(p.y, q.x) + m(p.z, q.w),
            m(p.w, q.w) - m(p.x, q.x) - m(p.y, q.y) - m(p.z, q.z)};
}

/// q with norm 1 (the nearest rotation); the zero quaternion stays zero.
template <class T> Quat<T> normalized(Quat<T> q) {
    const T n = std::sqrt(norm_squared(q));
    return n > T(0) ? Quat<T>{q.x / n, q.y / n, q.z / n, q.w / n} : Quat<T>{T(0), T(0), T(0), T(0)};
}

/// v rotated by the unit quaternion q: v + w t + u x t with u = (x, y, z) and t = 2 u x v,
/// which is q v q* expanded (two cross products, no matrix).
template <class T> constexpr Vec3<T> rotate(Quat<T> q, Vec3<T> v) {
    const Vec3<T> u{q.x, q.y, q.z};
    const Vec3<T> t = T(2) * cross(u, v);
    return v + q.w * t + cross(u, t);
}

/// v rotated by the inverse of q.
template <class T> constexpr Vec3<T> inv_rotate(Quat<T> q, Vec3<T> v) {
    return rotate(conjugate(q), v);
}

/// A rigid transform in space: rotate about the origin, then translate.
template <class T> struct Transform3 {
    Vec3<T> p{}; ///< translation
    Quat<T> q{}; ///< rotation (unit)

    /// The identity transform.
    static constexpr Transform3 identity() { return {}; }
};

/// The transform applied to a point: rotate(q, v) + p.
template <class T> constexpr Vec3<T> apply(const Transform3<T>& xf, Vec3<T> v) {
    return rotate(xf.q, v) + xf.p;
}

/// The inverse transform applied to a point: inv_rotate(q, v - p).
template <class T> constexpr Vec3<T> apply_inverse(const Transform3<T>& xf, Vec3<T> v) {
    return inv_rotate(xf.q, v - xf.p);
}

namespace detail {

/// B's frame seen from A's: apply(relative(a, b), v) = apply_inverse(a, apply(b, v)).
template <class T>
constexpr Transform3<T> relative(const Transform3<T>& a, const Transform3<T>& b) {
    return {inv_rotate(a.q, b.p - a.p), conjugate(a.q) * b.q};
}

/// A power of two 2^-e that brings the largest coordinate of the points near 1 (in [1, 2); for a
/// subnormal largest coordinate, whose 2^-e is beyond the range, as near as the largest power
/// of two brings it): products of three coordinates of the scaled points neither overflow nor
/// lose bits to underflow, and every ratio of the products (barycentric weights) is the
/// unscaled one's. 1 when every point is zero.
template <class T>
[[gnu::always_inline]] inline T unit_scale(std::initializer_list<Vec3<T>> points) {
    T largest = T(0);
    for (const Vec3<T>& p : points) {
        largest = std::max(largest, max_abs(p));
    }
    if (!(largest > T(0)) || !std::isfinite(largest)) {
        return T(1);
    }
    if constexpr (std::numeric_limits<T>::is_iec559 && (sizeof(T) == 4 || sizeof(T) == 8)) {
        // From the bits (the common case: a normal largest whose 2^-e is normal too): the
        // biased exponent E of largest gives 2^-(E - bias) as the biased exponent 2 bias - E.
        using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
        constexpr int mantissa = std::numeric_limits<T>::digits - 1;
        constexpr Bits bias = Bits(std::numeric_limits<T>::max_exponent - 1);
        const Bits biased = bits_of<Bits>(largest) >> mantissa;
        if (biased >= 1 && biased < 2 * bias) {
            const Bits inverse = (2 * bias - biased) << mantissa;
            T scale;
            std::memcpy(&scale, &inverse, sizeof scale);
            return scale;
        }
    }
    const int most = std::numeric_limits<T>::max_exponent - 1; // 2^most: the largest power
    return std::ldexp(T(1), std::min(-std::ilogb(largest), most));
}

} // namespace detail

} // namespace gjk
