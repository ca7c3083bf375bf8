// gjk/prepared_support.hpp - the support adapters of a prepared shape (gjk/prepared.hpp): its
// O(log n) support in its own frame (PreparedSupport, PreparedSearchSupport) and its vertices
// moved into another frame once (MovedVerticesSupport), as the GJK loop's support functions
// take them (gjk/shape.hpp, gjk/loop/local_support.hpp).
#pragma once

#include <span>

#include "gjk/math.hpp"
#include "gjk/prepared.hpp"
#include "gjk/shape.hpp"

namespace gjk {

/// The support of a prepared shape, in its own frame (the fast counterpart of PointSetSupport).
/// It asks the prepared shape (its coordinate arrays or search tables) for the index and reads
/// the vertices through the view's span.
template <class T> struct PreparedSupport {
    using scalar = T;                ///< the scalar type
    std::span<const Vec2<T>> points; ///< the hull's vertices (PreparedShape::vertices())
    const PreparedShape<T>* shape;   ///< the prepared shape (its search tables)

    /// The hull vertex furthest along d and its index: PreparedShape::support_index (the
    /// eight-point scan, a linear scan or the search, by the number of vertices).
    SupportPoint<T> operator()(Vec2<T> d) const {
        const int i = shape->support_index(d);
        return {points[static_cast<std::size_t>(i)], i};
    }
    /// Hull vertex i.
    Vec2<T> vertex(int i) const { return points[static_cast<std::size_t>(i)]; }
    /// A point inside the shape (PreparedShape::centre).
    Vec2<T> centre() const { return shape->centre(); }
    /// Number of hull vertices.
    int count() const { return static_cast<int>(points.size()); }
    /// The index in the prepared shape's input of hull vertex i.
    int source(int i) const { return shape->source_index(i); }
};

/// PreparedSupport for a shape of more than kScanLimit vertices (precondition): always the
/// hull's search table, inline instead of PreparedShape::support_index's call, so that the
/// loop's simplex and direction stay in registers around each support. distance() and
/// overlap() use it for a big polygon against a small one (detail::with_local_support in
/// gjk/loop/local_support.hpp).
template <class T> struct PreparedSearchSupport : PreparedSupport<T> {
    /// The hull vertex furthest along d and its index (PreparedShape::support_search).
    SupportPoint<T> operator()(Vec2<T> d) const { return this->shape->support_search(d); }
};

/// A prepared shape of at most PreparedShape::kInline vertices seen from another frame, for one
/// query: its vertices are moved into that frame once, eight at a time, and each support is
/// then the eight-point scan alone. TransformedSupport<PreparedSupport> rotates every search
/// direction into the shape's frame and moves every support point back out, two dependent
/// steps on each GJK iteration's critical path; here they are done once per query, off it.
/// Every point this support gives - the support, vertex(i), the padding copies of vertex 0 - is
/// read from the same moved coordinates, so they agree to the bit.
template <class T> struct MovedVerticesSupport {
    using scalar = T;        ///< the scalar type
    detail::Soa8<T> moved{}; ///< the vertices in the target frame (padded as PreparedShape's)
    Vec2<T> moved_centre{};  ///< the shape's centre in the target frame
    const PreparedShape<T>* shape{nullptr}; ///< the prepared shape (source indices)

    /// The shape `s` (at most kInline vertices) seen through `xf`. Always inlined: as a call,
    /// the moved vertices would reach the scans' loads through memory.
    [[gnu::always_inline]] MovedVerticesSupport(const PreparedShape<T>& s, const Transform<T>& xf)
        : moved_centre(apply(xf, s.centre())), shape(&s) {
        const detail::Soa8<T>& local = s.soa();
        for (int k = 0; k < 8; ++k) { // the same arithmetic as apply(), vectorized
            moved.x[k] = (xf.q.c * local.x[k] - xf.q.s * local.y[k]) + xf.p.x;
            moved.y[k] = (xf.q.s * local.x[k] + xf.q.c * local.y[k]) + xf.p.y;
        }
    }
    /// The vertex furthest along d (in the target frame) and its index.
    SupportPoint<T> operator()(Vec2<T> d) const {
        const int i = detail::support_index_soa8(moved, d);
        return {{moved.x[i], moved.y[i]}, i};
    }
    /// Vertex i, in the target frame.
    Vec2<T> vertex(int i) const { return {moved.x[i], moved.y[i]}; }
    /// A point inside the shape, in the target frame.
    Vec2<T> centre() const { return moved_centre; }
    /// Number of hull vertices.
    int count() const { return shape->count(); }
    /// The index in the prepared shape's input of hull vertex i.
    int source(int i) const { return shape->source_index(i); }
};

/// The former name of PreparedSearchSupport (deprecated; removed in 0.2).
template <class T>
using PreparedLargeSupport [[deprecated("renamed PreparedSearchSupport")]] =
    PreparedSearchSupport<T>;
/// The former name of MovedVerticesSupport (deprecated; removed in 0.2).
template <class T>
using MovedSmallSupport [[deprecated("renamed MovedVerticesSupport")]] = MovedVerticesSupport<T>;

} // namespace gjk
