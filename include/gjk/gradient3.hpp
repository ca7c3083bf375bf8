// gjk/gradient3.hpp - the derivative of the signed distance in space with respect to the two
// poses (gjk/gradient.hpp is the plane's, with the derivation).
//
// A pose is a position t and a rotation; the derivative with respect to the rotation is taken
// along a small rotation w (a vector: axis times angle) about the shape's own origin, in the
// world frame, so a point p of B moves as dp = dt_b + w_b x (p - t_b). By the envelope theorem
// the signed distance s changes as the gap between the witness points along the fixed normal n
// (from A to B; penetration()'s):
//     ds/dt_b = n,      ds/dw_b = (p_b - t_b) x n,
//     ds/dt_a = -n,     ds/dw_a = -(p_a - t_a) x n,
// since n . (w x r) = w . (r x n). A radius moves the surface point along n, which r x n does
// not see.
//
// Where it exists: the closest (or deepest) features are unique. They are not when the shapes
// touch (the kink between distance and depth), when the features facing each other along n
// span two dimensions or more together (a face against a face or an edge: the witnesses can
// slide) or are parallel edges, or when the answer is no verdict. Each shape's feature is the
// set of its points on its support plane along n within the round-off of the dot products (16
// eps of the scale): one point a vertex, points on a line an edge, else a face. The gradient
// is then the one of the features reported, and `differentiable` is false.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "gjk/math3.hpp"
#include "gjk/penetration3.hpp"

namespace gjk {

/// The derivative of the signed distance in space with respect to each shape's pose.
template <class T> struct DistanceGradient3 {
    T a[6]{}; ///< d s / d(t_a, w_a): position, then a small rotation about A's origin
    T b[6]{}; ///< d s / d(t_b, w_b)
    /// False where s has no derivative (touching, sliding or parallel features, no verdict): a
    /// and b are then the one-sided derivative of the reported features.
    bool differentiable{false};
};

namespace detail {

/// The dimension of the shape's feature on its support plane along d (world frame): 0 for a
/// vertex, 1 for an edge, 2 for a face, from its points within `tolerance` of the plane; the
/// edge's direction in `edge` when it is one.
template <class T>
int support_feature_dimension(const ShapeView3<T>& shape, const Transform3<T>& xf, Vec3<T> d,
                              T tolerance, Vec3<T>& edge) {
    T top = -std::numeric_limits<T>::infinity();
    for (const Vec3<T>& p : shape.points) {
        top = std::max(top, dot(apply(xf, p), d));
    }
    Vec3<T> first{}, line{};
    int dimension = -1;
    for (const Vec3<T>& local : shape.points) {
        const Vec3<T> p = apply(xf, local);
        if (!(dot(p, d) >= top - tolerance)) {
            continue;
        }
        if (dimension < 0) {
            first = p, dimension = 0;
        } else if (dimension == 0 && max_abs(p - first) > tolerance) {
            line = p - first, dimension = 1;
        } else if (dimension == 1 && length(cross(normalized(line), p - first)) > tolerance) {
            return 2;
        }
    }
    edge = line;
    return std::max(dimension, 0);
}

} // namespace detail

/// The gradient of the signed distance of `input`'s shapes at their poses, from `answer`, the
/// penetration() answer for that same input (see the top of this file).
template <class T>
DistanceGradient3<T> signed_distance_gradient(const DistanceInput3<T>& input,
                                              const PenetrationOutput3<T>& answer) {
    DistanceGradient3<T> g;
    const bool verdict = answer.status == Status::separated || answer.status == Status::touching ||
                         answer.status == Status::overlapping;
    if (!verdict) {
        return g;
    }
    const Vec3<T> n = answer.normal;
    const Vec3<T> turn_a = -cross(answer.point_a - input.xf_a.p, n);
    const Vec3<T> turn_b = cross(answer.point_b - input.xf_b.p, n);
    const T a[6] = {-n.x, -n.y, -n.z, turn_a.x, turn_a.y, turn_a.z};
    const T b[6] = {n.x, n.y, n.z, turn_b.x, turn_b.y, turn_b.z};
    std::copy(a, a + 6, g.a);
    std::copy(b, b + 6, g.b);
    if (answer.status == Status::touching || answer.signed_distance == T(0)) {
        return g; // the kink between distance and depth
    }
    T scale = T(1);
    for (const auto* shape : {&input.a, &input.b}) {
        for (const Vec3<T>& p : shape->points) {
            scale = std::max(scale, max_abs(p) + shape->radius);
        }
    }
    scale += std::max(max_abs(input.xf_a.p), max_abs(input.xf_b.p));
    const T tolerance = 16 * std::numeric_limits<T>::epsilon() * scale;
    const Transform3<T> xf_a{input.xf_a.p, normalized(input.xf_a.q)};
    const Transform3<T> xf_b{input.xf_b.p, normalized(input.xf_b.q)};
    Vec3<T> edge_a, edge_b;
    const int dim_a = detail::support_feature_dimension(input.a, xf_a, n, tolerance, edge_a);
    const int dim_b = detail::support_feature_dimension(input.b, xf_b, -n, tolerance, edge_b);
    const bool parallel_edges = dim_a == 1 && dim_b == 1 &&
                                length(cross(normalized(edge_a), normalized(edge_b))) <=
                                    64 * std::numeric_limits<T>::epsilon();
    g.differentiable = dim_a + dim_b <= 2 && !parallel_edges;
    return g;
}

/// penetration() and its gradient in one call.
template <class T> DistanceGradient3<T> signed_distance_gradient(const DistanceInput3<T>& input) {
    return signed_distance_gradient(input, penetration(input));
}

} // namespace gjk
