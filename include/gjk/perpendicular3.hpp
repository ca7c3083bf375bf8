// gjk/perpendicular3.hpp - the perpendiculars of the loop in space, carried with their
// round-off: a face's normal and the direction from an edge towards the origin, each within a
// few ulps of the exact one for the simplex's (floating-point) vertices.
//
// Why: a cross product loses what its two products share. For a thin triangle, whose edges meet
// at an angle t, the plain cross product of two rounded edges has its direction wrong by about
// eps / sin t; the loop's support along it then misjudges a point at distance R by that angle
// times R, and the loop stops on a face that is not the closest one (fuzz_kernel; the test
// Distance3.ANeedleFaceStillFindsTheClosestFeature pins it). Carried exactly, the edges and
// products leave only an ulp or two of the result:
//   - an edge w1 - w0 as its rounded value and its exact error (Knuth's two-sum, additions only);
//   - each component u_i v_j - u_j v_i by Kahan's difference of products: the rounded product,
//     its exact error from a fused multiply-add, and one more rounding;
//   - the edges' errors through the product to first order: e x (f's error) and (e's error) x f
//     are eps of the whole and need no care of their own.
// any_perpendicular() gives some direction across a line, for the planes through an edge.
// std::fma is exact on every machine (one instruction with FMA, a library call without): the
// answers do not depend on the processor or on the compiler's contraction of a * b + c.
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

#include "gjk/math3.hpp"

namespace gjk::detail {

/// a b exactly, as its rounded value and the error of that rounding (product + error = a b):
/// with a fused multiply-add where the processor has one, else by Dekker's split of each
/// factor into halves whose products are exact (Veltkamp's constant 2^s + 1, s half the
/// mantissa). The split needs a * b - p rounded as written: the library's target builds with
/// -ffp-contract=off, and without FMA no contraction exists.
template <class T> struct ExactProduct {
    T product;
    T error;
};
template <class T> ExactProduct<T> exact_product(T a, T b) {
    const T p = a * b;
#if defined(__FMA__) || defined(__ARM_FEATURE_FMA)
    return {p, std::fma(a, b, -p)};
#else
    constexpr T veltkamp = T((1ull << ((std::numeric_limits<T>::digits + 1) / 2)) + 1);
    auto split = [](T x, T& hi, T& lo) {
        const T c = veltkamp * x;
        hi = c - (c - x);
        lo = x - hi;
    };
    T a_hi, a_lo, b_hi, b_lo;
    split(a, a_hi, a_lo);
    split(b, b_hi, b_lo);
    return {p, ((a_hi * b_hi - p) + a_hi * b_lo + a_lo * b_hi) + a_lo * b_lo};
#endif
}

/// a b - c d within 2 ulps of the exact value: both products exactly (exact_product), then
/// their difference and the difference of their errors. Float's products are exact in double.
template <class T> T difference_of_products(T a, T b, T c, T d) {
    if constexpr (std::is_same_v<T, float>) {
        return float(double(a) * double(b) - double(c) * double(d));
    } else {
        const ExactProduct<T> ab = exact_product(a, b), cd = exact_product(c, d);
        return (ab.product - cd.product) + (ab.error - cd.error);
    }
}

/// u x v with each component within 1.5 ulp of the exact cross product of u and v.
template <class T> Vec3<T> accurate_cross(Vec3<T> u, Vec3<T> v) {
    return {difference_of_products(u.y, v.z, u.z, v.y), difference_of_products(u.z, v.x, u.x, v.z),
            difference_of_products(u.x, v.y, u.y, v.x)};
}

/// A float vector in double (exactly), and back (rounded).
inline Vec3<double> widen(Vec3<float> v) {
    return {v.x, v.y, v.z};
}
inline Vec3<float> narrow(Vec3<double> v) {
    return {float(v.x), float(v.y), float(v.z)};
}

/// A difference of points kept exactly: value is the rounded difference, error what rounding
/// lost (value + error = p - q).
template <class T> struct ExactEdge {
    Vec3<T> value;
    Vec3<T> error;
};

/// p - q exactly, by Knuth's two-sum on each coordinate (additions only, so the compiler's
/// contraction cannot change it).
template <class T> ExactEdge<T> exact_edge(Vec3<T> p, Vec3<T> q) {
    auto two_difference = [](T a, T b, T& error) {
        const T s = a - b;
        const T b_virtual = a - s; // b as s holds it
        const T a_virtual = s + b_virtual;
        error = (a - a_virtual) + (b_virtual - b);
        return s;
    };
    ExactEdge<T> e;
    e.value = {two_difference(p.x, q.x, e.error.x), two_difference(p.y, q.y, e.error.y),
               two_difference(p.z, q.z, e.error.z)};
    return e;
}

/// A cross product u x v is well conditioned when |u x v|^2 >= 2^-10 |u|^2 |v|^2 (the angle's
/// sine at least 1/32): its plain round-off, eps |u| |v| a component, is then within 32 eps of
/// its length, and carrying it exactly would change the direction by no more. Below, the
/// round-off grows as 1 / sin: the exact path's turn.
template <class T>
[[gnu::always_inline]] inline bool well_conditioned(Vec3<T> product, Vec3<T> u, Vec3<T> v) {
    return length_squared(product) >= T(1.0 / 1024) * (length_squared(u) * length_squared(v));
}

/// e x f for two differences kept exactly, within a few ulps: the values' product carried with
/// its round-off, and the errors through it to first order (e.error x f and e x f.error are eps
/// of the whole; their own product is below its round-off).
template <class T> Vec3<T> exact_cross(const ExactEdge<T>& e, const ExactEdge<T>& f) {
    return accurate_cross(e.value, f.value) + (cross(e.error, f.value) + cross(e.value, f.error));
}

/// u x v within a few ulps of the exact product of u and v: the plain product when it is well
/// conditioned, else carried with its round-off. (Always inlined: the solvers take it at every
/// step; the exact path stays a call.)
template <class T> [[gnu::always_inline]] inline Vec3<T> conditioned_cross(Vec3<T> u, Vec3<T> v) {
    if constexpr (std::is_same_v<T, float>) { // float's products are exact in double
        return narrow(cross(widen(u), widen(v)));
    }
    const Vec3<T> plain = cross(u, v);
    return well_conditioned(plain, u, v) ? plain : accurate_cross(u, v);
}

/// The normal (w1 - w0) x (w2 - w0) of the triangle w0 w1 w2, within a few ulps of the exact
/// one for any shape of triangle: the plain product when it is well conditioned, else the
/// edges kept exactly and their product carried with its round-off. (Always inlined, as
/// conditioned_cross().)
template <class T>
[[gnu::always_inline]] inline Vec3<T> face_normal(Vec3<T> w0, Vec3<T> w1, Vec3<T> w2) {
    if constexpr (std::is_same_v<T, float>) { // float's edges and products are exact in double
        return narrow(cross(widen(w1) - widen(w0), widen(w2) - widen(w0)));
    }
    const Vec3<T> e1 = w1 - w0, e2 = w2 - w0;
    const Vec3<T> n = cross(e1, e2);
    if (well_conditioned(n, e1, e2)) {
        return n;
    }
    const ExactEdge<T> e = exact_edge(w1, w0), f = exact_edge(w2, w0);
    return exact_cross(e, f);
}

/// The direction of the triangle's normal (w1 - w0) x (w2 - w0), not its length: the edges,
/// kept exactly, are each scaled by a power of two to a largest coordinate near 1 first, so that
/// a huge edge beside a tiny one neither overflows nor underflows the product. Zero only for a
/// triangle of no area (or one narrower than the smallest subnormal, relative to its length).
template <class T>
[[gnu::always_inline]] inline Vec3<T> normal_direction(Vec3<T> w0, Vec3<T> w1, Vec3<T> w2) {
    // The rounded edges are the exact edges' values; their round-off is needed only when the
    // plain product is ill conditioned.
    const Vec3<T> e = w1 - w0, f = w2 - w0;
    const T ke = unit_scale({e}), kf = unit_scale({f});
    const Vec3<T> n = cross(ke * e, kf * f);
    if (well_conditioned(n, ke * e, kf * f)) {
        return n;
    }
    ExactEdge<T> ee = exact_edge(w1, w0), ef = exact_edge(w2, w0);
    ee.value = ke * ee.value, ee.error = ke * ee.error;
    ef.value = kf * ef.value, ef.error = kf * ef.error;
    return exact_cross(ee, ef);
}

/// The part of the vector -w0 across the edge w0 w1, times |e|^2: (e x -w0) x e with e = w1 - w0,
/// within a few ulps of the exact one however small the part is. Only the first product can
/// lose to cancellation (the origin near the edge's line); the second is of perpendicular
/// vectors.
template <class T> Vec3<T> across_edge(Vec3<T> w0, Vec3<T> w1) {
    if constexpr (std::is_same_v<T, float>) { // the first product exact in double
        const Vec3<double> e = widen(w1) - widen(w0);
        return narrow(cross(cross(e, -widen(w0)), e));
    }
    const Vec3<T> to_origin = -w0;
    const Vec3<T> e = w1 - w0;
    const Vec3<T> m = cross(e, to_origin);
    if (well_conditioned(m, e, to_origin)) {
        return cross(m, e);
    }
    const ExactEdge<T> exact = exact_edge(w1, w0);
    const Vec3<T> m_exact = accurate_cross(exact.value, to_origin) + cross(exact.error, to_origin);
    return accurate_cross(m_exact, exact.value) + cross(m_exact, exact.error);
}

/// A direction across the line of e (any one when e is zero): e crossed with the coordinate
/// axis e leans on least.
template <class T> Vec3<T> any_perpendicular(Vec3<T> e) {
    const T x = std::abs(e.x), y = std::abs(e.y), z = std::abs(e.z);
    const Vec3<T> axis = x <= y && x <= z ? Vec3<T>{1, 0, 0}
                         : y <= z         ? Vec3<T>{0, 1, 0}
                                          : Vec3<T>{0, 0, 1};
    const Vec3<T> m = accurate_cross(unit_scale({e}) * e, axis);
    return m == Vec3<T>{} ? axis : m;
}

} // namespace gjk::detail
