// gjk/prepared.hpp - a shape prepared once for many queries: validated, reduced to its convex
// hull, and with a support function in O(log n).
//
// GJK asks a shape for support points only (the talk, section 3), and a plain point set answers
// with a linear scan, checked for NaN on every query. A shape that takes part in many queries -
// a body in a physics world, an obstacle in a planner - pays that once here instead:
//   - validation: finite points, at least one, a finite radius >= 0 (an error is kept and every
//     query on the shape reports it);
//   - the convex hull (gjk/hull.hpp), counter-clockwise without collinear or repeated points,
//     with the index of each hull vertex in the input (source_index);
//   - for more than kScanLimit vertices, the pseudo-angles of the outward edge normals and the
//     search table of buckets (support_search).
//
// Support in O(log n). On a convex polygon in counter-clockwise order the outward normals of
// the edges turn counter-clockwise, and vertex i is the support point exactly for directions
// between the normals of the edges before and after it (edge i runs from vertex i to i + 1).
// The vertices are rotated so that edge 0 has the smallest normal angle; the angles are then
// sorted, and the direction's angle finds the vertex: its bucket in a table of about two per
// edge, which holds the bucket's first edge and that edge's vertex, then, in the few buckets
// of more than one edge, a binary search. Angles are "pseudo-angles" (pseudo_angle below): a
// monotone function of the true angle that needs one division instead of an atan2. Round-off
// in the pseudo-angles can only mistake a vertex for a neighbour when the direction is within
// round-off of an edge normal, where the two are within round-off of each other along it. So
// a bucket's two table vertices are compared by dot(d, v), and the binary search ends with a
// hill climb on dot(d, v): on a convex polygon dot(d, v) has one peak around the cycle, and
// climbing from any vertex reaches it; from the searched vertex it takes zero or one step
// (TEST(Prepared, SupportMatchesTheLinearScanOnEveryDirection),
// TEST(Prepared, SupportOnAndBesideEveryEdgeNormalMatchesTheLinearScan)).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "gjk/hull.hpp"
#include "gjk/math.hpp"
#include "gjk/shape.hpp"

namespace gjk {

/// What is wrong with the points or the radius given to PreparedShape::make.
enum class ShapeError : unsigned char {
    none,
    empty,           ///< no points
    too_many_points, ///< more points than an int can index
    nonfinite_point, ///< a point is NaN or infinite
    bad_radius,      ///< the radius is negative, NaN, infinite or beyond kernel_range<T>()
    out_of_range,    ///< a coordinate is beyond kernel_range<T>() (gjk/math.hpp)
};

/// The pseudo-angle of a nonzero vector: a number in [0, 4) that grows with the vector's
/// angle counter-clockwise from +x, as atan2 does, but costs one division. (The zero vector
/// gives 0.) Only its order is used: the support search compares pseudo-angles.
template <class T> T pseudo_angle(Vec2<T> v) {
    const T sum = std::abs(v.x) + std::abs(v.y);
    if (!(sum > T(0))) {
        return T(0);
    }
    const T p = v.x / sum; // 1 along +x, 0 along +-y, -1 along -x
    return v.y < T(0) ? T(3) + p : T(1) - p;
}

/// A convex shape prepared for many queries (see the top of this file). Make one with make(),
/// query it through view(): every query of the library accepts the view. Up to kInline hull
/// vertices are stored inside the object, as Box2D stores a polygon's, so that shapes kept in
/// an array lie together in memory; more go to the heap. A view points into the shape: it is
/// valid while the shape lives and is not moved.
template <class T> class PreparedShape {
  public:
    /// Above this many hull vertices the support uses the search table; at or below it a
    /// linear scan, which costs no more for so few points.
    static constexpr int kScanLimit = 16;
    /// Hull vertices stored inside the object (Box2D's polygon limit).
    static constexpr int kInline = 8;
    static_assert(kInline == 8, "the support of inline vertices is detail::Soa8's scan");

    /// An empty shape (error() is ShapeError::empty).
    PreparedShape() = default;

    /// Prepares the convex hull of `points` (in any order; repeats, collinear and interior
    /// points are dropped) rounded by `radius`. Invalid input gives a shape whose error() says
    /// what is wrong and whose view has no points; queries on it report invalid_input.
    static PreparedShape make(std::span<const Vec2<T>> points, T radius = T(0)) {
        PreparedShape s;
        s.radius_ = radius;
        s.error_ = check(points, radius);
        if (s.error_ != ShapeError::none) {
            return s;
        }
        const std::vector<Vec2<T>> hull = convex_hull<T>(points);
        const std::size_t n = hull.size();
        s.count_ = static_cast<int>(n);
        if (n > static_cast<std::size_t>(kInline)) {
            s.heap_vertices_.resize(n);
            s.heap_source_.resize(n);
        }
        Vec2<T>* vertices = s.vertex_data();

        // Rotate so that edge 0 has the smallest normal pseudo-angle (then they ascend).
        std::size_t first = 0;
        if (n > static_cast<std::size_t>(kScanLimit)) {
            T smallest = std::numeric_limits<T>::infinity();
            for (std::size_t i = 0; i < n; ++i) {
                const T angle = pseudo_angle(outward_normal(hull[i], hull[(i + 1) % n]));
                if (angle < smallest) {
                    smallest = angle;
                    first = i;
                }
            }
        }
        for (std::size_t k = 0; k < n; ++k) {
            vertices[k] = hull[(first + k) % n];
        }
        // The centre: the mean of the hull's vertices (inside the hull; see centre()).
        Vec2<T> sum{};
        for (std::size_t k = 0; k < n; ++k) {
            sum += vertices[k];
        }
        s.centre_ = (T(1) / T(n)) * sum;
        for (std::size_t k = 0; k < n; ++k) {
            s.extent_ = std::max({s.extent_, std::abs(vertices[k].x), std::abs(vertices[k].y)});
        }
        for (std::size_t k = 0; k < 8; ++k) { // unused slots repeat vertex 0 (detail::Soa8)
            const Vec2<T> v = k < n ? vertices[k] : vertices[0];
            s.soa_.x[k] = v.x, s.soa_.y[k] = v.y;
        }
        if (n >= 2 && n <= static_cast<std::size_t>(kInline)) { // the faces' unit normals
            for (std::size_t k = 0; k < 8; ++k) { // unused slots repeat normal 0, as above
                const std::size_t i = k < n ? k : 0;
                const Vec2<T> m = normalized(outward_normal(vertices[i], vertices[(i + 1) % n]));
                s.normals_.x[k] = m.x, s.normals_.y[k] = m.y;
            }
        }
        s.build_search_table();
        s.map_sources(points);
        return s;
    }

  private:
    /// What is wrong with `points` and `radius` (ShapeError::none: they may be prepared).
    static ShapeError check(std::span<const Vec2<T>> points, T radius) {
        if (points.empty()) {
            return ShapeError::empty;
        }
        if (points.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
            return ShapeError::too_many_points;
        }
        const T range = kernel_range<T>();
        const bool within = all_within(points, range);
        if (!within && !all_finite(points)) {
            return ShapeError::nonfinite_point;
        }
        if (!(radius >= T(0) && radius <= range)) { // NaN fails too
            return ShapeError::bad_radius;
        }
        if (!within) {
            return ShapeError::out_of_range;
        }
        return ShapeError::none;
    }

    /// For more than kScanLimit vertices, the tables of support_search: every edge's outward
    /// normal's pseudo-angle (ascending from edge 0) and the buckets, each with its first edge
    /// and that edge's first vertex.
    void build_search_table() {
        const std::size_t n = static_cast<std::size_t>(count_);
        if (n <= static_cast<std::size_t>(kScanLimit)) {
            return;
        }
        const Vec2<T>* vertices = vertex_data();
        normal_angles_.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            normal_angles_.push_back(
                pseudo_angle(outward_normal(vertices[i], vertices[(i + 1) % n])));
        }
        // Buckets: bucket k covers pseudo-angles [4k/B, 4(k+1)/B) and starts at the first
        // edge at or above its lower end, so a search looks only inside one bucket.
        std::size_t buckets = 1;
        while (buckets < n * kBucketsPerEdge && buckets < kMaxBuckets) {
            buckets *= 2;
        }
        std::vector<int> start(buckets + 1);
        std::size_t edge = 0;
        for (std::size_t k = 0; k <= buckets; ++k) {
            const T lower = T(4) * T(k) / T(buckets);
            while (edge < n && normal_angles_[edge] < lower) {
                ++edge;
            }
            start[k] = static_cast<int>(edge);
        }
        start[buckets] = static_cast<int>(n);
        // Each bucket's first edge and the coordinates of the vertex it starts at, side by
        // side: a search of a bucket of at most one edge reads its answer from the table
        // alone (support_search).
        search_table_.resize(buckets + 1);
        for (std::size_t k = 0; k <= buckets; ++k) {
            const std::size_t first = static_cast<std::size_t>(start[k]);
            search_table_[k] = {vertices[first == n ? 0 : first], start[k]};
        }
    }

    /// The source-index map: each hull vertex is one of the input `points`, the lowest input
    /// index with its value (PreparedSupport::source, so traces name the points as given).
    void map_sources(std::span<const Vec2<T>> points) {
        const std::size_t n = static_cast<std::size_t>(count_);
        const Vec2<T>* vertices = vertex_data();
        // Found by a binary search in the points sorted by (x, y, index).
        std::vector<int> order(points.size());
        for (std::size_t i = 0; i < order.size(); ++i) {
            order[i] = static_cast<int>(i);
        }
        auto before = [](Vec2<T> p, Vec2<T> q) { return p.x < q.x || (p.x == q.x && p.y < q.y); };
        std::sort(order.begin(), order.end(), [&](int i, int j) {
            const Vec2<T> p = points[static_cast<std::size_t>(i)];
            const Vec2<T> q = points[static_cast<std::size_t>(j)];
            return before(p, q) || (!before(q, p) && i < j);
        });
        int* source = n > static_cast<std::size_t>(kInline) ? heap_source_.data() : inline_source_;
        for (std::size_t k = 0; k < n; ++k) {
            const auto it =
                std::lower_bound(order.begin(), order.end(), vertices[k], [&](int i, Vec2<T> q) {
                    return before(points[static_cast<std::size_t>(i)], q);
                });
            source[k] = *it;
        }
    }

  public:
    /// ShapeError::none when the shape can be queried.
    ShapeError error() const { return error_; }
    /// The hull's vertices, counter-clockwise (one point, or two for a segment); none when
    /// the shape is invalid.
    std::span<const Vec2<T>> vertices() const {
        return {count_ > kInline ? heap_vertices_.data() : inline_vertices_,
                static_cast<std::size_t>(count_)};
    }
    /// The radius.
    T radius() const { return radius_; }
    /// The mean of the hull's vertices: a point inside the shape, where GJK starts its search
    /// (detail::start in gjk/distance.hpp).
    const Vec2<T>& centre() const { return centre_; }
    /// Number of hull vertices.
    int count() const { return count_; }
    /// The largest |coordinate| of the hull's vertices (the scale of their round-off).
    T extent() const { return extent_; }
    /// The index in make()'s input of hull vertex i.
    int source_index(int i) const {
        return (count_ > kInline ? heap_source_.data() : inline_source_)[i];
    }
    /// The vertices as coordinate arrays, padded to eight with copies of vertex 0 (filled for
    /// at most kInline vertices; see detail::Soa8).
    const detail::Soa8<T>& soa() const { return soa_; }
    /// The unit outward normals of the hull's edges (edge i runs from vertex i to i + 1) as
    /// coordinate arrays, padded to eight with copies of normal 0, for 2 to kInline vertices (a
    /// segment's are its two sides); zero otherwise. The separating axis test reads them
    /// (gjk/separating_axes.hpp), as Box2D's polygons keep theirs.
    const detail::Soa8<T>& normals() const { return normals_; }
    /// The view that the queries take. Valid while this shape lives and is not moved.
    ShapeView<T> view() const& {
        ShapeView<T> v(vertices(), radius_);
        v.prepared = this;
        return v;
    }
    /// A view of a temporary would dangle: not allowed.
    ShapeView<T> view() && = delete;

    /// Index of the hull vertex furthest along d (any nonzero d; see the top of this file).
    int support_index(Vec2<T> d) const {
        if (count_ <= kInline) { // inline: a GJK iteration asks two of these
            return detail::support_index_soa8(soa_, d);
        }
        return support_index_large(d);
    }

  private:
    /// support_index for more than kInline vertices, out of line so that the small case stays
    /// small enough to inline into the GJK loop.
    [[gnu::noinline]] int support_index_large(Vec2<T> d) const {
        const int n = count_;
        const std::span<const Vec2<T>> v = vertices();
        if (n <= kScanLimit) {
            return gjk::support_index<T>(v, d);
        }
        return support_index_search(d);
    }

  public:
    /// support_index for more than kScanLimit vertices (precondition). Any nonzero d.
    [[gnu::always_inline]] int support_index_search(Vec2<T> d) const {
        return support_search(d).index;
    }

    /// The vertex furthest along d and its index, for more than kScanLimit vertices
    /// (precondition): the bucket of d's angle, then the better of its two ends when it holds
    /// at most one edge, else the binary search inside it and the climb. Always inlined
    /// (PreparedSearchSupport). Any nonzero d.
    [[gnu::always_inline]] SupportPoint<T> support_search(Vec2<T> d) const {
        const int n = count_;
        // The answer is the first edge whose normal's pseudo-angle is >= d's: vertex i lies
        // between the normals of edges i - 1 and i; past the last edge it wraps to vertex 0.
        // The bucket of d's pseudo-angle holds it: bucket k covers [4k/B, 4(k+1)/B), every
        // edge before its first is below d's angle and every edge from the next bucket's first
        // on is above, so the answer is an edge from the bucket's first to the next bucket's
        // first, both included.
        const T key = pseudo_angle(d);
        const int buckets = static_cast<int>(search_table_.size()) - 1;
        const T scaled = key * T(buckets) / T(4); // in [0, buckets]; NaN for a NaN d
        const int k = scaled >= T(0) && scaled < T(buckets) ? static_cast<int>(scaled) : 0;
        const SearchEntry& first = search_table_[static_cast<std::size_t>(k)];
        const SearchEntry& next = search_table_[static_cast<std::size_t>(k) + 1];
        if (next.edge - first.edge <= 1) {
            // Most buckets (one per edge): the answer is one of the two vertices the table
            // holds, the one further along d. No other load waits on the table's, as a search's
            // angle and vertex loads do. A direction within round-off of an edge's normal, whose
            // pseudo-angle may land in the neighbouring bucket, has that edge's two vertices within
            // round-off of each other along it, so either is its support to that round-off
            // (TEST(Prepared, SupportMatchesTheLinearScanOnEveryDirection)).
            const bool further = dot(d, next.vertex) > dot(d, first.vertex);
            const int edge = further ? next.edge : first.edge;
            return {further ? next.vertex : first.vertex, edge == n ? 0 : edge};
        }
        // A bucket of more edges: binary search for the answer among them. The loop stays a
        // loop: its exit is predicted, so the processor starts the climb's loads before the
        // angles arrive.
        int lo = first.edge;
        int count_left = next.edge - lo;
        while (count_left > 0) { // selects, not branches: the halving's side is data
            const int half = count_left / 2;
            const bool below = normal_angles_[static_cast<std::size_t>(lo + half)] < key;
            lo = below ? lo + half + 1 : lo;
            count_left = below ? count_left - half - 1 : half;
        }
        const int i = climb(lo == n ? 0 : lo, d);
        return {vertices()[static_cast<std::size_t>(i)], i};
    }

  private:
    /// A bucket of the search table: its first edge and that edge's first vertex (the vertex
    /// of index `edge`, vertex 0 for edge n).
    struct SearchEntry {
        Vec2<T> vertex;
        int edge;
    };

    /// The outward normal of the edge from p to q of a counter-clockwise polygon.
    static Vec2<T> outward_normal(Vec2<T> p, Vec2<T> q) { return {q.y - p.y, p.x - q.x}; }

    Vec2<T>* vertex_data() { return count_ > kInline ? heap_vertices_.data() : inline_vertices_; }

    /// Hill climb from vertex i to the vertex with the largest dot(d, v): forward while that
    /// grows, else backward while it grows. dot(d, v) has one peak around a convex polygon, so
    /// where neither neighbour is higher is the top. Each step strictly increases the value,
    /// so the climb ends within n steps (and at once on NaN, which compares false).
    int climb(int i, Vec2<T> d) const {
        const int n = count_;
        const Vec2<T>* v = vertices().data();
        T best = dot(d, v[i]);
        const int first_next = i + 1 == n ? 0 : i + 1;
        const int step = dot(d, v[first_next]) > best ? 1 : -1;
        for (int k = 0; k < n; ++k) {
            const int j = step > 0 ? (i + 1 == n ? 0 : i + 1) : (i == 0 ? n - 1 : i - 1);
            const T value = dot(d, v[j]);
            if (!(value > best)) {
                break;
            }
            i = j, best = value;
        }
        return i;
    }

    // About two buckets per edge (the power of two at or above 2n), so that most searches find
    // zero or one edge in their bucket and the table answers alone; fewer leave more buckets
    // of two edges to search, more make a bigger table that misses the cache more. The cap
    // keeps the table at 768 KiB in float (1.5 MiB in double); beyond 32,768 edges buckets
    // hold more than one on average.
    static constexpr std::size_t kBucketsPerEdge = 2;
    static constexpr std::size_t kMaxBuckets = std::size_t(1) << 16;

    // The vertices again, as coordinate arrays, for up to kInline. They start a cache line (64
    // bytes): in float they are that one line, in double two, so that a query reads no more
    // lines than they fill, and the lanes of distance_batch load them as aligned 64-byte rows;
    // a warm-started query in lanes reads nothing else of the shape.
    alignas(64) detail::Soa8<T> soa_{};
    detail::Soa8<T> normals_{}; // the faces' unit normals, for 2 to kInline vertices
    Vec2<T> inline_vertices_[kInline]{};
    int inline_source_[kInline]{};
    int count_{0};
    T radius_{0};
    Vec2<T> centre_{};
    T extent_{0};
    ShapeError error_{ShapeError::empty};
    std::vector<Vec2<T>> heap_vertices_{}; // more than kInline vertices
    std::vector<int> heap_source_{};
    std::vector<T> normal_angles_{};          // more than kScanLimit vertices
    std::vector<SearchEntry> search_table_{}; // the buckets, for more than kScanLimit
};

} // namespace gjk

// The support adapters that read a prepared shape (gjk/prepared_support.hpp): after the class,
// which they need complete.
#include "gjk/prepared_support.hpp"
