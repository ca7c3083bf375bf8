// gjk/minkowski3.hpp - the support of Z = B - A in space, the only view of the shapes the loop
// and EPA take (gjk/distance3.hpp, gjk/penetration3.hpp): each shape's support in A's frame (a
// scan of its points there, B's moved there once, gjk/scan3.hpp; or a prepared shape's climb),
// and the support point of Z along d from them, s_Z(d) = s_B(d) - s_A(-d).
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>

#include "gjk/distance3_types.hpp"
#include "gjk/math3.hpp"
#include "gjk/prepared3.hpp"
#include "gjk/scan3.hpp"

namespace gjk::detail {

/// A shape's support in A's frame by a scan of its points there (B's moved there once): a
/// point set, or a prepared shape that scans.
template <class T> struct ScannedSupport3 {
    const PointArrays3<T>* points; ///< the points, in A's frame

    /// The index of the point furthest along d.
    int index(Vec3<T> d) const { return points->index(d); }
    /// Point i, in A's frame.
    Vec3<T> point(int i) const { return points->point(std::size_t(i)); }
};

/// A prepared shape that climbs (gjk/prepared3.hpp), climbed in its own frame along d turned
/// back into it, from the corner of its last answer: GJK's directions turn little from one
/// iteration to the next, so the climb is a step or two, and no query moves or reads all of a
/// big shape's corners. A point is the corner moved by the same apply() that moves a scanned
/// shape's points, so both give the same points.
template <class T> struct ClimbedSupport3 {
    const PreparedShape3<T>* shape; ///< the prepared shape
    Transform3<T> xf;               ///< its frame in A's
    mutable int hint{-1};           ///< the climb's last answer

    /// The index of the corner furthest along d (A's frame).
    int index(Vec3<T> d) const {
        hint = shape->support_climb(inv_rotate(xf.q, d), hint);
        return hint;
    }
    /// Corner i, in A's frame.
    Vec3<T> point(int i) const { return apply(xf, shape->vertices()[std::size_t(i)]); }
};

/// Z = B - A in A's frame, from each shape's support there (a scan, or a climb: the kinds are
/// types, so the loop that takes Z has no test of which on its path).
template <class T, class SupportA = ScannedSupport3<T>, class SupportB = ScannedSupport3<T>>
struct MinkowskiDifference3 {
    SupportA a; ///< A's support, in its own frame
    SupportB b; ///< B's support, moved into A's frame

    /// The support point of Z along d, and the vertex pair it came from.
    SimplexVertex3<T> operator()(Vec3<T> d) const {
        const int index_a = a.index(-d);
        return vertex(index_a, b.index(d));
    }
    /// The vertex of Z of a cached pair.
    SimplexVertex3<T> vertex(int index_a, int index_b) const {
        SimplexVertex3<T> v;
        v.index_a = index_a, v.index_b = index_b;
        v.a = a.point(index_a), v.b = b.point(index_b);
        v.w = v.b - v.a;
        return v;
    }
};

/// A query's pair in A's frame: the poses (quaternions normalized), B's frame in A's, and Z,
/// which with_z() hands to the loop with each shape's kind of support. B's points are moved
/// into A's frame once, unless B climbs; a shape that climbs (a prepared shape of many corners)
/// is never read whole: its centre and the bound on its coordinates come from the prepared
/// shape.
template <class T> class PairInFrameA3 {
  public:
    /// The pair of a valid query.
    explicit PairInFrameA3(const DistanceInput3<T>& in)
        : xf_a{in.xf_a.p, normalized(in.xf_a.q)}, xf_b{in.xf_b.p, normalized(in.xf_b.q)},
          xf(relative(xf_a, xf_b)), climbing_a_(climbing(in.a)), climbing_b_(climbing(in.b)),
          points_a_(climbing_a_ ? std::span<const Vec3<T>>() : in.a.points, nullptr),
          moved_b_(climbing_b_ ? std::span<const Vec3<T>>() : in.b.points, &xf) {}
    PairInFrameA3(const PairInFrameA3&) = delete; // the moved points live in the object
    PairInFrameA3& operator=(const PairInFrameA3&) = delete;

    const Transform3<T> xf_a; ///< A's pose, its quaternion normalized
    const Transform3<T> xf_b; ///< B's pose, its quaternion normalized
    const Transform3<T> xf;   ///< B's frame in A's

    /// f(z) for Z = B - A in A's frame, each shape scanned or climbed as it is prepared.
    template <class F> decltype(auto) with_z(F&& f) const {
        const ScannedSupport3<T> scan_a{&points_a_}, scan_b{&moved_b_};
        if (climbing_a_ == nullptr && climbing_b_ == nullptr) [[likely]] {
            return f(MinkowskiDifference3<T>{scan_a, scan_b});
        }
        const ClimbedSupport3<T> climb_a{climbing_a_, Transform3<T>{}};
        const ClimbedSupport3<T> climb_b{climbing_b_, xf};
        if (climbing_b_ == nullptr) {
            return f(MinkowskiDifference3<T, ClimbedSupport3<T>>{climb_a, scan_b});
        }
        if (climbing_a_ == nullptr) {
            return f(
                MinkowskiDifference3<T, ScannedSupport3<T>, ClimbedSupport3<T>>{scan_a, climb_b});
        }
        return f(MinkowskiDifference3<T, ClimbedSupport3<T>, ClimbedSupport3<T>>{climb_a, climb_b});
    }

    /// The largest coordinate of the shapes' points in A's frame, or a bound on it within a
    /// factor sqrt(3) for a shape that climbs: what scales the squared lengths.
    T largest() const {
        T most = climbing_a_ ? climbing_a_->extent() : max_abs_of(points_a_);
        return std::max(most,
                        climbing_b_ ? max_abs(xf.p) + climbing_b_->extent() : max_abs_of(moved_b_));
    }
    /// A point inside Z: B's centre minus A's (the means of their points).
    Vec3<T> centre() const {
        const Vec3<T> ca = climbing_a_ ? climbing_a_->centre() : mean(points_a_);
        const Vec3<T> cb = climbing_b_ ? apply(xf, climbing_b_->centre()) : mean(moved_b_);
        return cb - ca;
    }

  private:
    static const PreparedShape3<T>* climbing(const ShapeView3<T>& shape) {
        return shape.prepared != nullptr && shape.prepared->climbs() ? shape.prepared : nullptr;
    }
    static T max_abs_of(const PointArrays3<T>& points) { return points.largest(); }
    static Vec3<T> mean(const PointArrays3<T>& points) {
        return (T(1) / T(points.size())) * points.sum();
    }

    const PreparedShape3<T>* climbing_a_;
    const PreparedShape3<T>* climbing_b_;
    PointArrays3<T> points_a_; ///< A's points, unless A climbs
    PointArrays3<T> moved_b_;  ///< B's points in A's frame, unless B climbs
};

} // namespace gjk::detail
