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

#include "gjk/math3.hpp"

namespace gjk::detail {

/// a b - c d within 1.5 ulp of the exact value (Kahan): c d rounded, its error exactly from a
/// fused multiply-add, a b - c d rounded once, then corrected.
template <class T> T difference_of_products(T a, T b, T c, T d) {
    const T cd = c * d;
    const T cd_error = std::fma(-c, d, cd); // cd - c d, exactly
    return std::fma(a, b, -cd) + cd_error;
}

/// u x v with each component within 1.5 ulp of the exact cross product of u and v.
template <class T> Vec3<T> accurate_cross(Vec3<T> u, Vec3<T> v) {
    return {difference_of_products(u.y, v.z, u.z, v.y), difference_of_products(u.z, v.x, u.x, v.z),
            difference_of_products(u.x, v.y, u.y, v.x)};
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

/// The normal (w1 - w0) x (w2 - w0) of the triangle w0 w1 w2, within a few ulps of the exact
/// one for any shape of triangle.
template <class T> Vec3<T> face_normal(Vec3<T> w0, Vec3<T> w1, Vec3<T> w2) {
    const ExactEdge<T> e = exact_edge(w1, w0), f = exact_edge(w2, w0);
    return accurate_cross(e.value, f.value) + (cross(e.error, f.value) + cross(e.value, f.error));
}

/// The part of the vector -w0 across the edge w0 w1, times |e|^2: (e x -w0) x e with e = w1 - w0,
/// within a few ulps of the exact one however small the part is.
template <class T> Vec3<T> across_edge(Vec3<T> w0, Vec3<T> w1) {
    const ExactEdge<T> e = exact_edge(w1, w0);
    const Vec3<T> to_origin = -w0;
    const Vec3<T> m = accurate_cross(e.value, to_origin) + cross(e.error, to_origin);
    return accurate_cross(m, e.value) + cross(m, e.error);
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
