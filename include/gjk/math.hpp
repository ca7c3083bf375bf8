// gjk/math.hpp - the vector math the talk needs: points, rotations, transforms.
//
// Everything here is a trivially copyable value type templated on the scalar, so the same
// code serves float (games) and double (robotics, CAD). Only the operations the algorithm
// uses are provided: dot, the 2D cross product (a scalar, twice a signed triangle area) and
// the perpendicular, which the GJK loop uses to build an exact edge normal.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <type_traits>

namespace gjk {

/// A 2D vector or point.
template <class T> struct Vec2 {
    static_assert(std::is_floating_point_v<T>, "gjk::Vec2 needs a floating-point scalar");
    T x{0}; ///< x coordinate
    T y{0}; ///< y coordinate

    /// Sum a + b.
    friend constexpr Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
    /// Difference a - b (the vector from b to a).
    friend constexpr Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
    /// Negation -a.
    friend constexpr Vec2 operator-(Vec2 a) { return {-a.x, -a.y}; }
    /// Scaling s * a.
    friend constexpr Vec2 operator*(T s, Vec2 a) { return {s * a.x, s * a.y}; }
    /// Scaling a * s (the same as s * a).
    friend constexpr Vec2 operator*(Vec2 a, T s) { return {s * a.x, s * a.y}; }
    /// Exact equality of both coordinates (so 0 == -0, and NaN equals nothing).
    friend constexpr bool operator==(Vec2 a, Vec2 b) { return a.x == b.x && a.y == b.y; }
    /// Adds b in place.
    constexpr Vec2& operator+=(Vec2 b) { return *this = *this + b; }
    /// Subtracts b in place.
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

/// Length: sqrt(x^2 + y^2) when the square is a normal number (the common case, and several
/// times faster than std::hypot); hypot when the square overflowed or lost bits to underflow,
/// so a vector of 1e30 in float still has length 1e30 (TEST(Math,
/// LengthDoesNotOverflowForLargeCoordinates)).
template <class T> T length(Vec2<T> a) {
    const T square = a.x * a.x + a.y * a.y;
    if (square >= std::numeric_limits<T>::min() && square <= std::numeric_limits<T>::max()) {
        return std::sqrt(square);
    }
    return std::hypot(a.x, a.y);
}

/// Unit vector along a; the zero vector stays zero.
/// A vector of subnormal coordinates has a subnormal length, rounded to a multiple of the
/// smallest subnormal: 1e-4 relative for a float length of 7e-42, so a / length was a "unit"
/// vector of length 0.99998. Scaling by 2^digits first is exact (a power of two, and the
/// coordinates are far from overflow) and brings the length into the normal range, where it
/// is correct to an ulp (TEST(Math, NormalizedSubnormalVectorIsUnitLength), found by
/// fuzz_kernel).
template <class T> [[gnu::always_inline]] inline Vec2<T> normalized(Vec2<T> a) {
    T len = length(a);
    if (len < std::numeric_limits<T>::min()) {
        const T up = std::ldexp(T(1), std::numeric_limits<T>::digits);
        a = up * a;
        len = length(a);
    }
    return len > T(0) ? Vec2<T>{a.x / len, a.y / len} : Vec2<T>{};
}

/// True when both coordinates are finite (neither NaN nor infinite).
template <class T> bool is_finite(Vec2<T> a) {
    return std::isfinite(a.x) && std::isfinite(a.y);
}

/// The bits of a float or double as an integer of the same size (what std::bit_cast does;
/// memcpy, because the standard library of the WebAssembly toolchain lacks bit_cast).
template <class Bits, class T> Bits bits_of(T value) {
    static_assert(sizeof(Bits) == sizeof(T));
    Bits bits;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

/// The largest |value| (coordinate, translation, radius) the kernel computes with in scalar
/// T. With every value within L, a point of the Minkowski difference is within 4 sqrt(2) L of
/// the origin and the loop's largest products (cross and dot products of two differences of
/// such points) within 128 L^2, finite while L <= sqrt(max / 128); sqrt(max) / 16 leaves a
/// factor 2. float: 1.15e18, double: 8.4e152. Beyond it the squares overflow and the answers
/// could not be trusted (two points 1e30 apart in float came back "overlapping"), so the
/// queries refuse such input (TEST(Distance, ValuesBeyondTheKernelRangeAreRefused)).
template <class T> T kernel_range() {
    return std::sqrt(std::numeric_limits<T>::max()) / T(16);
}

/// True when every coordinate of every point is within `bound` in magnitude (so finite too).
/// For IEEE float and double it looks at the bits: with the sign bit cleared, a value compares
/// as a signed integer in the order of its magnitude, and NaN and infinities above every
/// finite bound. Signed compares and ORs of integers make a branch-free loop with no
/// floating-point compare.
template <class T> bool all_within(std::span<const Vec2<T>> points, T bound) {
    if constexpr (std::numeric_limits<T>::is_iec559 && (sizeof(T) == 4 || sizeof(T) == 8)) {
        using Bits = std::conditional_t<sizeof(T) == 4, std::int32_t, std::int64_t>;
        constexpr Bits magnitude = std::numeric_limits<Bits>::max();
        const Bits largest = bits_of<Bits>(bound);
        Bits bad = 0;
        for (const Vec2<T>& p : points) {
            bad |= Bits((bits_of<Bits>(p.x) & magnitude) > largest) |
                   Bits((bits_of<Bits>(p.y) & magnitude) > largest);
        }
        return bad == 0;
    } else {
        bool ok = true;
        for (const Vec2<T>& p : points) {
            ok &= std::abs(p.x) <= bound && std::abs(p.y) <= bound;
        }
        return ok;
    }
}

/// True when every point is finite (no NaN, no infinity): all_within the largest finite value.
template <class T> bool all_finite(std::span<const Vec2<T>> points) {
    return all_within(points, std::numeric_limits<T>::max());
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

namespace detail {

/// a b, rounded on its own. Where the target has FMA instructions, GCC 12's SLP vectorizer
/// fuses a rotation's products with its alternating subtract and add (c x - s y, s x + c y) into
/// one vfmaddsub despite -ffp-contract=off; a rotation inlined into a caller built with FMA
/// (-march=native) then differed in its last bit from the library's, which is built without FMA
/// instructions (MathScalars.RotationsRoundEachProductOnItsOwn, in CI's build for x86-64-v3).
/// An empty asm statement that takes the product in a register is the fence: the compiler must
/// have rounded it, and only there. Elsewhere the plain product.
template <class T> constexpr T separate_product(T a, T b) {
    T p = a * b;
#if defined(__FMA__) && defined(__GNUC__) && !defined(__clang__)
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        if (!std::is_constant_evaluated()) {
            asm("" : "+x"(p));
        }
    }
#endif
    return p;
}

} // namespace detail

/// Rotate v by q.
template <class T> constexpr Vec2<T> rotate(Rot<T> q, Vec2<T> v) {
    using detail::separate_product;
    return {separate_product(q.c, v.x) - separate_product(q.s, v.y),
            separate_product(q.s, v.x) + separate_product(q.c, v.y)};
}

/// Rotate v by the inverse of q.
template <class T> constexpr Vec2<T> inv_rotate(Rot<T> q, Vec2<T> v) {
    using detail::separate_product;
    return {separate_product(q.c, v.x) + separate_product(q.s, v.y),
            separate_product(-q.s, v.x) + separate_product(q.c, v.y)};
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
