// gjk/gradient.hpp - the derivative of the signed distance with respect to the two poses, for
// optimizers (trajectory optimization, model predictive control, learning).
//
// The signed distance s is the gap between the rounded shapes when apart and minus the
// penetration depth when they overlap (penetration(): signed_distance, with its unit normal n
// from A to B and witness points p_a, p_b, p_b - p_a = s n). A pose is (x, y, angle): the
// shape's points are rotated by angle about the shape's own origin, then moved by (x, y), so a
// point p of B moves with B's pose as
//     dp = (dx_b, dy_b) + perp(p - t_b) dangle_b,      perp(v) = (-v.y, v.x),
// t_b = (x_b, y_b) B's origin in the world. The witness points are where s is attained, so by
// the envelope theorem s changes to first order as the gap between them measured along the
// fixed normal, the witnesses' own motion along the surfaces adding nothing:
//     ds/d(x_b, y_b) = n,         ds/dangle_b = dot(n, perp(p_b - t_b)) = cross(p_b - t_b, n),
//     ds/d(x_a, y_a) = -n,        ds/dangle_a = -cross(p_a - t_a, n).
// (A radius moves the surface point along n, which cross(., n) does not see, so the rounded
// witnesses give the cores' answer.) The same formulas hold inside, with EPA's normal and
// deepest points: the depth is the distance from the origin to Z's boundary along n.
//
// Where it exists. s is differentiable when the closest (or deepest) features are unique. It is
// not when
//  - the shapes touch (s = 0 exactly, the origin on Z's boundary): s has a kink there, the
//    distance on one side and minus the depth on the other;
//  - an edge of A faces a parallel edge of B: the witness points can be any pair along the
//    shared span, and a rotation either way picks the opposite ends (a one-sided derivative
//    each way). Detected as both shapes having two or more vertices on their support lines
//    along the normal, within the round-off of the dot products (16 eps of the scale);
//  - the answer is not a verdict (max_iterations, invalid input).
// The gradient is then the one of the features reported (a one-sided derivative, the
// derivative along motions that keep the reported witness points closest), and
// `differentiable` is false. Tests: TEST(Gradient, ...) against central finite differences of
// the oracle's exact distance.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "gjk/distance_types.hpp"
#include "gjk/math.hpp"
#include "gjk/penetration.hpp"
#include "gjk/shape.hpp"

namespace gjk {

/// The derivative of the signed distance with respect to each shape's pose.
template <class T> struct DistanceGradient {
    T a[3]{}; ///< d s / d(x_a, y_a, angle_a)
    T b[3]{}; ///< d s / d(x_b, y_b, angle_b)
    /// False where s has no derivative (touching, parallel closest edges, no verdict): a and b
    /// are then the one-sided derivative of the reported features (see the top of this file).
    bool differentiable{false};
};

namespace detail {

/// How many of the shape's points (in the world) lie on its support line along d, within
/// `tolerance` of the farthest; 0 for an empty view.
template <class T>
int count_on_support_line(const ShapeView<T>& shape, const Transform<T>& xf, Vec2<T> d,
                          T tolerance) {
    T top = -std::numeric_limits<T>::infinity();
    for (const Vec2<T>& p : shape.points) {
        top = std::max(top, dot(apply(xf, p), d));
    }
    int count = 0;
    for (const Vec2<T>& p : shape.points) {
        count += dot(apply(xf, p), d) >= top - tolerance;
    }
    return count;
}

/// The largest |coordinate| of the shape's points in the world, plus its radius.
template <class T> T world_extent(const ShapeView<T>& shape, const Transform<T>& xf) {
    T extent = T(0);
    for (const Vec2<T>& p : shape.points) {
        const Vec2<T> w = apply(xf, p);
        extent = std::max({extent, std::abs(w.x), std::abs(w.y)});
    }
    return extent + shape.radius;
}

} // namespace detail

/// The gradient of the signed distance of `input`'s shapes at their poses, from `answer`, the
/// penetration() (or signed-distance) answer for that same input (see the top of this file).
template <class T>
DistanceGradient<T> signed_distance_gradient(const DistanceInput<T>& input,
                                             const PenetrationOutput<T>& answer) {
    DistanceGradient<T> g;
    const bool verdict = answer.status == Status::separated || answer.status == Status::touching ||
                         answer.status == Status::overlapping;
    if (!verdict) {
        return g;
    }
    const Vec2<T> n = answer.normal;
    g.a[0] = -n.x, g.a[1] = -n.y;
    g.a[2] = -cross(answer.point_a - input.xf_a.p, n);
    g.b[0] = n.x, g.b[1] = n.y;
    g.b[2] = cross(answer.point_b - input.xf_b.p, n);
    if (answer.status == Status::touching || answer.signed_distance == T(0)) {
        return g; // the kink between distance and depth
    }
    const T scale = std::max({T(1), detail::world_extent(input.a, input.xf_a),
                              detail::world_extent(input.b, input.xf_b)});
    const T tolerance = 16 * std::numeric_limits<T>::epsilon() * scale;
    const bool parallel = detail::count_on_support_line(input.a, input.xf_a, n, tolerance) >= 2 &&
                          detail::count_on_support_line(input.b, input.xf_b, -n, tolerance) >= 2;
    g.differentiable = !parallel;
    return g;
}

/// penetration() and its gradient in one call.
template <class T> DistanceGradient<T> signed_distance_gradient(const DistanceInput<T>& input) {
    return signed_distance_gradient(input, penetration(input));
}

} // namespace gjk
