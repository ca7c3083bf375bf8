// gjk/minkowski3.hpp - the support of Z = B - A in space, the only view of the shapes the loop
// and EPA take (gjk/distance3.hpp, gjk/penetration3.hpp): B's points moved into A's frame once,
// and the support point of Z along d from each shape's support, s_Z(d) = s_B(d) - s_A(-d).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "gjk/distance3_types.hpp"
#include "gjk/math3.hpp"

namespace gjk::detail {

/// The index of the point furthest along d (the lowest index among equals).
template <class T> int support_index(std::span<const Vec3<T>> points, Vec3<T> d) {
    int best = 0;
    T reach = dot(points[0], d);
    for (int i = 1; i < int(points.size()); ++i) {
        const T r = dot(points[i], d);
        if (reach < r) {
            best = i, reach = r;
        }
    }
    return best;
}

/// B's points moved into A's frame once, for the supports of a query: on the stack for shapes
/// of up to kInline points (the common case: no allocation), else on the heap.
template <class T> class MovedPoints3 {
  public:
    static constexpr std::size_t kInline = 64;

    /// xf applied to each of `points`.
    MovedPoints3(std::span<const Vec3<T>> points, const Transform3<T>& xf)
        : heap_(points.size() > kInline ? points.size() : 0),
          moved_(points.size() > kInline ? heap_.data() : inline_, points.size()) {
        for (std::size_t i = 0; i < points.size(); ++i) {
            moved_[i] = apply(xf, points[i]);
        }
    }
    MovedPoints3(const MovedPoints3&) = delete; // the span points into the object
    MovedPoints3& operator=(const MovedPoints3&) = delete;

    /// The moved points, in the input's order.
    std::span<const Vec3<T>> points() const { return moved_; }

  private:
    Vec3<T> inline_[kInline];
    std::vector<Vec3<T>> heap_;
    std::span<Vec3<T>> moved_;
};

/// Z = B - A in A's frame, B's points moved there once.
template <class T> struct MinkowskiDifference3 {
    std::span<const Vec3<T>> a;
    std::span<const Vec3<T>> b; ///< B's points, moved into A's frame

    /// The support point of Z along d, and the vertex pair it came from.
    SimplexVertex3<T> operator()(Vec3<T> d) const {
        SimplexVertex3<T> v;
        v.index_a = support_index(a, -d);
        v.index_b = support_index(b, d);
        v.a = a[std::size_t(v.index_a)], v.b = b[std::size_t(v.index_b)];
        v.w = v.b - v.a;
        return v;
    }
    /// The vertex of Z of a cached pair.
    SimplexVertex3<T> vertex(int index_a, int index_b) const {
        SimplexVertex3<T> v;
        v.index_a = index_a, v.index_b = index_b;
        v.a = a[std::size_t(index_a)], v.b = b[std::size_t(index_b)];
        v.w = v.b - v.a;
        return v;
    }
};

} // namespace gjk::detail
