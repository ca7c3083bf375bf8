// gjk/ray/front_chain.hpp - a ray cast against a big prepared polygon by bisection on the
// chain of faces that face the ray's origin, O(log n) (gjk/raycast.hpp, "Clipping").
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "gjk/math.hpp"
#include "gjk/prepared.hpp"
#include "gjk/ray/clipping.hpp"
#include "gjk/raycast_types.hpp"

namespace gjk::detail {

/// The ray o + t r against a prepared polygon of more than kInline vertices (no radius): the
/// face where its line enters, by bisection on the front chain (the top of gjk/raycast.hpp), in
/// O(log n). Undecided when the origin is within the tolerance of that face or behind it
/// (inside the polygon, or past it).
template <class T>
RayVerdict<T> ray_by_front_chain(const PreparedShape<T>& shape, Vec2<T> o, Vec2<T> r,
                                 T max_fraction, T tolerance) {
    using Kind = typename RayVerdict<T>::Kind;
    RayVerdict<T> out;
    const std::span<const Vec2<T>> vertices = shape.vertices();
    const int n = shape.count();
    const auto vertex = [&](int i) { return vertices[static_cast<std::size_t>(i)]; };
    const auto normal = [&](int i) {
        const Vec2<T> e = vertex(i + 1 == n ? 0 : i + 1) - vertex(i);
        return normalized(Vec2<T>{e.y, -e.x});
    };
    const Vec2<T> left{-r.y, r.x};
    if (left == Vec2<T>{}) {
        return out;
    }
    // side(i) > 0: vertex i is left of the ray's line. It falls from the chain's first vertex,
    // the support along `left`, to its last, the support along -left.
    const auto side = [&](int i) { return dot(left, vertex(i) - o); };
    const int top = shape.support_index(left), bottom = shape.support_index(-left);
    out.steps = 1;
    if (side(top) < T(0) || side(bottom) > T(0)) { // the line passes the polygon by
        out.kind = Kind::miss;
        return out;
    }
    const int length = bottom >= top ? bottom - top : bottom + n - top;
    // The last vertex of the chain left of the line (or on it): the entering face starts there.
    // Selects, not branches: which half holds it is data.
    int k = 0;
    for (int count = length; count > 1;) {
        const int half = count / 2;
        const int mid = top + k + half;
        k = side(mid >= n ? mid - n : mid) >= T(0) ? k + half : k;
        count -= half;
    }
    const int face = top + k >= n ? top + k - n : top + k;
    // The entering bound of that face and of its two neighbours, the largest: round-off in
    // side() may take the neighbour of the face that holds the entry point when the line
    // passes within round-off of a vertex, and the largest entering bound is the entry.
    T best = -std::numeric_limits<T>::infinity(), best_separation = 0;
    int best_face = -1;
    for (const int e : {face == 0 ? n - 1 : face - 1, face, face + 1 == n ? 0 : face + 1}) {
        const Vec2<T> m = normal(e);
        const T d = dot(m, r), s = dot(m, o - vertex(e));
        if (d < T(0) && s / -d > best) {
            best = s / -d, best_separation = s, best_face = e;
        }
    }
    if (best_face < 0 || !(best_separation > tolerance)) {
        return out; // the origin is near the entering face, or beyond it: advancement
    }
    if (!(best <= max_fraction)) {
        out.kind = Kind::miss;
        return out;
    }
    // The face over the hit point: the largest bound's, or a neighbour's, whose bound agrees to
    // round-off where neighbouring faces are nearly parallel (a 4096-gon's meet at 1.5e-3 rad,
    // and the hit may lie anywhere along the neighbour).
    const Vec2<T> p = o + best * r;
    const auto over = [&](int e) {
        return over_face(vertex(e), vertex(e + 1 == n ? 0 : e + 1), normal(e), p, tolerance);
    };
    if (!over(best_face)) {
        const int before = best_face == 0 ? n - 1 : best_face - 1;
        const int after = best_face + 1 == n ? 0 : best_face + 1;
        if (over(before)) {
            best_face = before;
        } else if (over(after)) {
            best_face = after;
        } else {
            return out;
        }
    }
    out.kind = Kind::hit;
    out.fraction = best;
    out.normal = hit_normal(n, vertex, normal, best_face, o + best * r, o, tolerance);
    return out;
}

} // namespace gjk::detail
