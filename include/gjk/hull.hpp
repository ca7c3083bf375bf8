// gjk/hull.hpp - convex hull and the explicit Minkowski difference (the talk, section 4).
//
// The talk builds Z = B - A explicitly - every difference y_j - x_i, then their convex hull -
// to show what GJK avoids building. We keep it for tests (distance(X, Y) must equal
// distance(origin, Z)) and for the demo, which draws Z.
//
// The hull is Andrew's monotone chain: sort the points by x then y, build the lower and the
// upper chain, popping every point that does not make a strict left turn. Popping on
// "not strictly left" (cross <= 0) drops duplicate and collinear points, so the result is
// strictly convex. The turn test is a floating-point cross product, not an exact predicate:
// three points within round-off of a line may be kept or dropped either way, which moves the
// hull by no more than that round-off (TEST(Hull, NearlyCollinearPointsMoveTheHullByRoundOff)).
// Only its underflow is guarded (detail::turn): a cross product of subnormal size is computed
// again in a wider type.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <type_traits>
#include <vector>

#include "gjk/math.hpp"
#include "gjk/shape.hpp"

namespace gjk {

namespace detail {

/// cross(u, v), or, when that is below the smallest normal number, a number of its sign
/// computed again in a wider type: there the products may have underflowed or rounded in the
/// subnormal range. Float's products are exact in double, double's far from underflow in long
/// double. The triangle (0, 0), (0, 0.5), (tiny, 0), tiny the smallest subnormal, has cross =
/// tiny / 2, which rounds to 0, and its vertex (0, 0.5) was dropped as collinear (python/
/// tests/test_properties.py; TYPED_TEST(Hull, SubnormalEdgeKeepsTheVertexBeyondIt)). Scaling
/// the vectors to about 1 by powers of two instead rounded their small coordinates into the
/// subnormal range: a float sliver 137264 long and 1.5e-39 wide lost its end 4.08 beyond its
/// middle vertex, and a prepared shape's separating axis answered 4.08 apart for touching
/// shapes (fuzz_kernel; TYPED_TEST(Hull, SubnormalSliverKeepsBothEnds)).
template <class T> T turn(Vec2<T> u, Vec2<T> v) {
    const T c = cross(u, v);
    if (std::abs(c) >= std::numeric_limits<T>::min()) {
        return c;
    }
    using Wide = std::conditional_t<std::is_same_v<T, float>, double, long double>;
    const Wide w = Wide(u.x) * Wide(v.y) - Wide(u.y) * Wide(v.x);
    return w > Wide(0)   ? std::numeric_limits<T>::min()
           : w < Wide(0) ? -std::numeric_limits<T>::min()
                         : T(0);
}

} // namespace detail

/// Convex hull of a point set, counter-clockwise, starting at the lowest-leftmost point,
/// without duplicate or collinear points. One distinct point gives one point; collinear
/// points give the two extremes. Non-finite points are the caller's to filter out.
template <class T> std::vector<Vec2<T>> convex_hull(std::span<const Vec2<T>> points) {
    std::vector<Vec2<T>> p(points.begin(), points.end());
    std::sort(p.begin(), p.end(),
              [](Vec2<T> a, Vec2<T> b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    p.erase(std::unique(p.begin(), p.end()), p.end());
    if (p.size() < 3) {
        return p;
    }
    std::vector<Vec2<T>> h(2 * p.size());
    std::size_t k = 0;
    auto turns_left = [&](Vec2<T> c) {
        return detail::turn(h[k - 1] - h[k - 2], c - h[k - 2]) > T(0);
    };
    for (const Vec2<T>& c : p) { // lower chain, left to right
        while (k >= 2 && !turns_left(c)) {
            --k;
        }
        h[k++] = c;
    }
    const std::size_t lower = k + 1;
    for (std::size_t i = p.size() - 1; i-- > 0;) { // upper chain, right to left
        while (k >= lower && !turns_left(p[i])) {
            --k;
        }
        h[k++] = p[i];
    }
    h.resize(k - 1); // the last point repeats the first
    return h;
}

/// The Minkowski difference Z = B - A of two shapes' cores (radii not included), built
/// explicitly as the talk does: the hull of every b_j - a_i, in the world frame.
template <class T>
std::vector<Vec2<T>> minkowski_difference(const ShapeView<T>& a, const Transform<T>& xf_a,
                                          const ShapeView<T>& b, const Transform<T>& xf_b) {
    std::vector<Vec2<T>> cloud;
    cloud.reserve(a.points.size() * b.points.size());
    for (const Vec2<T>& pa : a.points) {
        const Vec2<T> x = apply(xf_a, pa);
        for (const Vec2<T>& pb : b.points) {
            cloud.push_back(apply(xf_b, pb) - x);
        }
    }
    return convex_hull<T>(cloud);
}

} // namespace gjk
