// gjk/separating_axes3/edge_pairs.hpp - the edge pairs of the separating axis test in space (the
// top of gjk/separating_axes3.hpp): when they are measured by directions, the arc tests' trusted
// signs, an edge pair's unit axis, and the closest points of two edges (its witnesses).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "gjk/math3.hpp"
#include "gjk/perpendicular3.hpp"

namespace gjk::detail {

/// The separating axis test measures edge pairs by their directions when this many times the
/// product of the direction counts is at most the product of the edge counts (boxes: 8 x 3 x 3
/// against 12 x 12): each direction pair projects every corner, where an edge pair mostly costs
/// a lane of the arc tests.
inline constexpr int kDirectionPairs = 8;

/// The sign of an arc test's triple product, trusted beyond this (the top of
/// gjk/separating_axes3.hpp): the normals are a few ulps off, and a polyhedron whose face
/// normals move by more than this under round-off of its corners has faces of about eps R /
/// kArcTolerance across. 0 (not sure) sends a pair to the projection of every corner.
template <class T> constexpr T kArcTolerance = T(1) / T(1024);

/// -1, 0 (not sure) or +1: the sign of x beyond kArcTolerance.
template <class T> int sure_sign(T x) {
    return x > kArcTolerance<T> ? 1 : (x < -kArcTolerance<T> ? -1 : 0);
}

/// v / |v|, by one square root when |v|^2 is a normal number (the common case), else by
/// normalized()'s scaling; the zero vector stays zero. Always inlined, as edge_axis().
template <class T> [[gnu::always_inline]] inline Vec3<T> unit(Vec3<T> v) {
    const T square = dot(v, v);
    if (square >= std::numeric_limits<T>::min() && square <= std::numeric_limits<T>::max()) {
        const T inverse = T(1) / std::sqrt(square);
        return {v.x * inverse, v.y * inverse, v.z * inverse};
    }
    return normalized(v);
}

/// normalized((a1 - a0) x (b1 - b0)) for edges of corners, the differences kept exactly and
/// multiplied with their round-off: a few ulps of the exact direction, or zero for parallel
/// edges. Always inlined: a call passes float vectors in halves of registers, which the callee
/// stores and reloads whole, a stall on every load (docs/performance.md).
template <class T>
[[gnu::always_inline]] inline Vec3<T> edge_axis(Vec3<T> a0, Vec3<T> a1, Vec3<T> b0, Vec3<T> b1) {
    if constexpr (std::is_same_v<T, float>) { // float's differences and products exact in double
        return narrow(unit(cross(widen(a1) - widen(a0), widen(b1) - widen(b0))));
    } else {
        const ExactEdge<T> e = exact_edge(a1, a0), f = exact_edge(b1, b0);
        const Vec3<T> plain = cross(e.value, f.value);
        return unit(well_conditioned(plain, e.value, f.value) ? plain : exact_cross(e, f));
    }
}

/// The closest points of the segments p0 p1 and q0 q1 (Ericson 5.1.9: the closest points of the
/// lines, each clamped to its segment and the other recomputed; a segment whose squared length
/// is zero is its first end). The parameters s and t do not change when every vector is scaled,
/// so they are computed on the edges scaled by a power of two to a largest coordinate near 1:
/// the products of four coordinates overflow no float.
template <class T>
void closest_points_of_segments(Vec3<T> p0, Vec3<T> p1, Vec3<T> q0, Vec3<T> q1, Vec3<T>& on_p,
                                Vec3<T>& on_q) {
    const Vec3<T> e1 = p1 - p0, e2 = q1 - q0, p0_q0 = p0 - q0;
    const T k = detail::unit_scale({e1, e2, p0_q0});
    const Vec3<T> d1 = k * e1, d2 = k * e2, r = k * p0_q0;
    const T a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
    const T c = dot(d1, r), b = dot(d1, d2);
    on_p = p0, on_q = q0;
    if (!(a > T(0)) && !(e > T(0))) {
        return; // two points (a moved edge can round to one)
    }
    if (!(a > T(0))) {
        on_q = q0 + std::clamp(f / e, T(0), T(1)) * e2;
        return;
    }
    if (!(e > T(0))) {
        on_p = p0 + std::clamp(-c / a, T(0), T(1)) * e1;
        return;
    }
    const T denominator = a * e - b * b; // >= 0; 0 for parallel segments
    T s = denominator > T(0) ? std::clamp((b * f - c * e) / denominator, T(0), T(1)) : T(0);
    T t = (b * s + f) / e;
    if (t < T(0)) {
        t = T(0), s = std::clamp(-c / a, T(0), T(1));
    } else if (t > T(1)) {
        t = T(1), s = std::clamp((b - c) / a, T(0), T(1));
    }
    on_p = p0 + s * e1;
    on_q = q0 + t * e2;
}

} // namespace gjk::detail
