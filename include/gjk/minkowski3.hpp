// gjk/minkowski3.hpp - the support of Z = B - A in space, the only view of the shapes the loop
// and EPA take (gjk/distance3.hpp, gjk/penetration3.hpp): each shape's support in A's frame (B's
// points moved there once, or a prepared shape's climb), and the support point of Z along d
// from them, s_Z(d) = s_B(d) - s_A(-d).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "gjk/distance3_types.hpp"
#include "gjk/math3.hpp"
#include "gjk/prepared3.hpp"

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

/// One shape's support in A's frame. A point set, or a prepared shape that scans, is scanned
/// there (B's points moved there once); a prepared shape that climbs (gjk/prepared3.hpp) is
/// climbed in its own frame, along d turned back into it, from the corner of its last answer:
/// GJK's directions turn little from one iteration to the next, so the climb is a step or two,
/// and no query moves all of a big shape's corners. Either way a point is the shape's corner
/// moved by the same apply(), so a climbing shape gives the points a scan of its moved corners
/// would.
template <class T> struct ShapeSupport3 {
    std::span<const Vec3<T>> points{};          ///< scanned: the points, in A's frame
    const PreparedShape3<T>* climbing{nullptr}; ///< else this shape, climbed in its own frame
    Transform3<T> xf{};                         ///< the climbing shape's frame in A's
    mutable int hint{-1};                       ///< the climb's last answer

    ShapeSupport3() = default;
    /// Scanned points.
    ShapeSupport3(std::span<const Vec3<T>> p) : points(p) {}
    /// A climbing prepared shape in the frame xf.
    ShapeSupport3(const PreparedShape3<T>& shape, const Transform3<T>& frame)
        : climbing(&shape), xf(frame) {}

    /// The index of the point furthest along d.
    int index(Vec3<T> d) const {
        if (climbing == nullptr) [[likely]] {
            return support_index(points, d);
        }
        return climb(d);
    }
    /// The climbing shape's corner furthest along d (A's frame), from the last one. Out of
    /// line: the scan, the common case, stays small where the loop inlines it.
    [[gnu::noinline]] int climb(Vec3<T> d) const {
        hint = climbing->support_climb(inv_rotate(xf.q, d), hint);
        return hint;
    }
    /// Point i, in A's frame.
    Vec3<T> point(int i) const {
        return climbing == nullptr ? points[std::size_t(i)]
                                   : apply(xf, climbing->vertices()[std::size_t(i)]);
    }
};

/// Z = B - A in A's frame, from each shape's support there.
template <class T> struct MinkowskiDifference3 {
    ShapeSupport3<T> a; ///< A's support, in its own frame
    ShapeSupport3<T> b; ///< B's support, moved into A's frame

    /// The support point of Z along d, and the vertex pair it came from.
    SimplexVertex3<T> operator()(Vec3<T> d) const { return vertex(a.index(-d), b.index(d)); }
    /// The vertex of Z of a cached pair.
    SimplexVertex3<T> vertex(int index_a, int index_b) const {
        SimplexVertex3<T> v;
        v.index_a = index_a, v.index_b = index_b;
        v.a = a.point(index_a), v.b = b.point(index_b);
        v.w = v.b - v.a;
        return v;
    }
};

/// A query's pair in A's frame: the poses (quaternions normalized), B's frame in A's, and Z.
/// B's points are moved into A's frame once, unless B climbs; a shape that climbs (a prepared
/// shape of many corners) is never read whole: its centre and the bound on its coordinates
/// come from the prepared shape.
template <class T> class PairInFrameA3 {
  public:
    /// The pair of a valid query.
    explicit PairInFrameA3(const DistanceInput3<T>& in)
        : xf_a{in.xf_a.p, normalized(in.xf_a.q)}, xf_b{in.xf_b.p, normalized(in.xf_b.q)},
          xf(relative(xf_a, xf_b)), climbing_a_(climbing(in.a)), climbing_b_(climbing(in.b)),
          moved_b_(climbing_b_ ? std::span<const Vec3<T>>() : in.b.points, xf),
          z{climbing_a_ ? ShapeSupport3<T>(*climbing_a_, Transform3<T>{})
                        : ShapeSupport3<T>(in.a.points),
            climbing_b_ ? ShapeSupport3<T>(*climbing_b_, xf)
                        : ShapeSupport3<T>(moved_b_.points())} {}
    PairInFrameA3(const PairInFrameA3&) = delete; // z points into the object
    PairInFrameA3& operator=(const PairInFrameA3&) = delete;

    const Transform3<T> xf_a; ///< A's pose, its quaternion normalized
    const Transform3<T> xf_b; ///< B's pose, its quaternion normalized
    const Transform3<T> xf;   ///< B's frame in A's
  private:
    const PreparedShape3<T>* climbing_a_;
    const PreparedShape3<T>* climbing_b_;
    MovedPoints3<T> moved_b_;

  public:
    MinkowskiDifference3<T> z; ///< Z = B - A in A's frame

    /// The largest coordinate of the shapes' points in A's frame, or a bound on it within a
    /// factor sqrt(3) for a shape that climbs: what scales the squared lengths.
    T largest() const {
        T most = climbing_a_ ? climbing_a_->extent() : max_abs_of(z.a.points);
        if (climbing_b_) {
            most = std::max(most, max_abs(xf.p) + climbing_b_->extent());
        } else {
            most = std::max(most, max_abs_of(z.b.points));
        }
        return most;
    }
    /// A point inside Z: B's centre minus A's (the means of their points).
    Vec3<T> centre() const {
        const Vec3<T> ca = climbing_a_ ? climbing_a_->centre() : mean(z.a.points);
        const Vec3<T> cb = climbing_b_ ? apply(xf, climbing_b_->centre()) : mean(z.b.points);
        return cb - ca;
    }

  private:
    static const PreparedShape3<T>* climbing(const ShapeView3<T>& shape) {
        return shape.prepared != nullptr && shape.prepared->climbs() ? shape.prepared : nullptr;
    }
    static T max_abs_of(std::span<const Vec3<T>> points) {
        T most = T(0);
        for (const Vec3<T>& p : points) {
            most = std::max(most, max_abs(p));
        }
        return most;
    }
    static Vec3<T> mean(std::span<const Vec3<T>> points) {
        Vec3<T> sum{};
        for (const Vec3<T>& p : points) {
            sum += p;
        }
        return (T(1) / T(points.size())) * sum;
    }
};

} // namespace gjk::detail
