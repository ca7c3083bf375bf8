// gjk/prepared3.hpp - a shape in space prepared once for many queries: validated, reduced to its
// convex hull (gjk/hull3.hpp), and with a support function that climbs the hull's edges
// (gjk/prepared.hpp is the plane's).
//
// GJK asks a shape for support points only: the vertex v furthest along a direction d, the
// largest d . v. A point set answers with a scan of every point; a shape that takes part in
// many queries pays once here instead:
//   - validation: at least one point, finite, within kernel_range<T>(), a finite radius >= 0
//     (the error is kept, 2D's ShapeError, and the view of an invalid shape has no points);
//   - the hull: its corners only (no repeats, no interior points, none inside a face or on an
//     edge), each with its index in the input (source_index), and the edges between them;
//   - the corners again as coordinate arrays, for the scan;
//   - for a polyhedron of at most kAxesLimit corners, its facets and edges (gjk/features3.hpp),
//     which the separating axis test of penetration() reads (gjk/separating_axes3.hpp).
//
// Support by hill climbing. On a convex polytope f(v) = d . v has no local maximum over the
// edge graph but the global one: if no neighbour u of a corner v has d . u > d . v, then v is a
// top, because the polytope lies in the cone v + cone{u - v} of v's edges (every corner of the
// hull is joined to its neighbours by its edges), where d . (x - v) = sum of lambda_u d . (u - v)
// <= 0. So the climb moves to the neighbour with the largest d . u while that is strictly more,
// and stops at the top; each move strictly increases d . v, so it ends, and at once for a NaN d.
// It starts at the best of a few corners stored for fixed directions (the extremes along the
// axes and the diagonals), so that it walks a short way, or at a hint, the last answer for a
// direction that changed little (a warm start). In floating point the climb stops where no
// neighbour's rounded d . u is larger: a top up to the round-off of d . v (a face nearly
// perpendicular to d, whose corners tie to round-off, may give any of them).
//
// Small hulls (at most kScanLimit corners) are scanned instead, as are flat ones (dimension
// below 3: a polygon, a segment, a point): the scan reads the corners as arrays of x, y and z,
// a block of dot products at a time that the compiler turns into vector instructions.
#pragma once

#include <algorithm>
#include <cstddef>
#include <limits>
#include <span>
#include <vector>

#include "gjk/distance3_types.hpp" // ShapeView3
#include "gjk/features3.hpp"
#include "gjk/hull3.hpp"
#include "gjk/math3.hpp"
#include "gjk/prepared.hpp" // ShapeError
#include "gjk/scan3.hpp"

namespace gjk {

/// A convex shape in space prepared for many queries (see the top of gjk/prepared3.hpp). Make
/// one with make(), query it through view(): every 3D query accepts the view. Its support()
/// scans or climbs the hull; it and scan() need a valid shape (error() none).
template <class T> class PreparedShape3 {
  public:
    /// At or below this many corners the support is a scan of all of them: one block of dot
    /// products, cheaper than a climb's dependent steps for so few (docs/performance.md).
    static constexpr int kScanLimit = 16;
    /// At or below this many corners a polyhedron keeps its face planes and edges (features()).
    /// penetration() measures two of at most detail::kSeparatingAxesCorners (8: boxes) by the
    /// separating axis test (gjk/separating_axes3.hpp), whose pass over every pair of edges
    /// grows as the product of the edge counts, while EPA's iterations grow slowly with the
    /// corners (docs/gjk-in-3d.md); the rest of them by GJK and EPA.
    static constexpr int kAxesLimit = 16;

    /// An empty shape (error() is ShapeError::empty).
    PreparedShape3() = default;

    /// Prepares the convex hull of `points` (in any order; repeats, interior points and points
    /// inside faces or on edges are dropped) rounded by `radius`. Invalid input gives a shape
    /// whose error() says what is wrong and whose view has no points.
    static PreparedShape3 make(std::span<const Vec3<T>> points, T radius = T(0)) {
        PreparedShape3 s;
        s.radius_ = radius;
        s.error_ = check(points, radius);
        if (s.error_ != ShapeError::none) {
            return s;
        }
        s.hull_ = convex_hull3<T>(points);
        const std::vector<Vec3<T>>& v = s.hull_.vertices;
        const std::size_t n = v.size();
        Vec3<T> sum{};
        for (const Vec3<T>& p : v) {
            sum += p;
        }
        s.centre_ = (T(1) / T(n)) * sum;
        for (const Vec3<T>& p : v) {
            s.extent_ = std::max(s.extent_, length(p));
        }
        // The arrays, padded to whole blocks with copies of vertex 0 (which ties with vertex 0
        // and never wins over it: the scan keeps the first of equals).
        const std::size_t padded = (n + kBlock - 1) / kBlock * kBlock;
        s.x_.resize(padded), s.y_.resize(padded), s.z_.resize(padded);
        for (std::size_t k = 0; k < padded; ++k) {
            const Vec3<T> p = v[k < n ? k : 0];
            s.x_[k] = p.x, s.y_[k] = p.y, s.z_[k] = p.z;
        }
        if (n <= std::size_t(kAxesLimit)) {
            s.features_ = features3(s.hull_);
        }
        // The climb's starts: the corners furthest along each of kCompass directions.
        for (int k = 0; k < kCompass; ++k) {
            const Vec3<T> d = compass(k);
            const int i = s.scan(d);
            s.start_[k] = i;
            s.start_x_[k] = v[std::size_t(i)].x, s.start_y_[k] = v[std::size_t(i)].y;
            s.start_z_[k] = v[std::size_t(i)].z;
        }
        return s;
    }

    /// ShapeError::none when the shape can be queried.
    ShapeError error() const { return error_; }
    /// The radius.
    T radius() const { return radius_; }
    /// The hull's corners (gjk::Hull3::vertices); none when the shape is invalid.
    std::span<const Vec3<T>> vertices() const { return hull_.vertices; }
    /// Number of corners.
    int count() const { return int(hull_.vertices.size()); }
    /// The hull's dimension: 0 a point, 1 a segment, 2 a polygon, 3 a polyhedron (-1 invalid).
    int dimension() const { return hull_.dimension; }
    /// The index in make()'s input of corner i.
    int source_index(int i) const { return hull_.source[std::size_t(i)]; }
    /// The corners joined to corner i by an edge of the hull.
    std::span<const int> neighbours(int i) const { return hull_.neighbours_of(i); }
    /// The hull itself: its triangles and adjacency (gjk::Hull3).
    const Hull3<T>& hull() const { return hull_; }
    /// The mean of the corners: a point inside the shape.
    const Vec3<T>& centre() const { return centre_; }
    /// The largest distance of a corner from the shape's origin: a bound on the coordinates of
    /// the corners in any turned frame.
    T extent() const { return extent_; }
    /// The face planes and edges (gjk/features3.hpp) of a polyhedron of at most kAxesLimit
    /// corners; empty for any other shape.
    const Features3<T>& features() const { return features_; }
    /// Whether the separating axis test measures the shape: a polyhedron with features().
    bool has_axes() const { return !features_.normals.empty(); }
    /// Whether support() climbs: a polyhedron of more than kScanLimit corners (else it scans).
    bool climbs() const { return count() > kScanLimit && hull_.dimension == 3; }
    /// The view that the queries take: the corners and the radius. Valid while this shape
    /// lives.
    ShapeView3<T> view() const& {
        ShapeView3<T> v(vertices(), radius_);
        v.prepared = this;
        return v;
    }
    /// A view of a temporary would dangle: not allowed.
    ShapeView3<T> view() && = delete;

    /// The index of a corner furthest along d (any d): a scan for at most kScanLimit corners
    /// or a flat hull, else the climb from the stored corner best along d.
    int support(Vec3<T> d) const { return climbs() ? support_climb(d) : scan(d); }

    /// support(d), the climb (if the shape climbs) starting at corner `hint`, the last answer
    /// for a direction that changed little; a hint out of range is ignored.
    int support(Vec3<T> d, int hint) const { return climbs() ? support_climb(d, hint) : scan(d); }

    /// The climb at any number of corners, for a polyhedron (dimension 3, precondition): from
    /// corner `hint` when it is one, else from the stored corner best along d. support() uses
    /// it above kScanLimit corners; the benchmarks time it below too.
    int support_climb(Vec3<T> d, int hint = -1) const {
        if (hint >= 0 && hint < count()) {
            return climb(d, hint);
        }
        int best = start_[0];
        T best_value = start_x_[0] * d.x + start_y_[0] * d.y + start_z_[0] * d.z;
        for (int k = 1; k < kCompass; ++k) {
            const T value = start_x_[k] * d.x + start_y_[k] * d.y + start_z_[k] * d.z;
            if (best_value < value) {
                best = start_[k], best_value = value;
            }
        }
        return climb(d, best);
    }

    /// The first index of the largest d . v over all corners: the scan, at any size (the
    /// reference of support(); index 0 for a NaN d).
    int scan(Vec3<T> d) const {
        return detail::first_furthest(x_.data(), y_.data(), z_.data(), x_.size(), d);
    }

  private:
    /// The dot products computed together by scan(), a multiple of 8: kScanLimit, so that a
    /// small hull is one block.
    static constexpr std::size_t kBlock = std::size_t(kScanLimit);
    /// The directions of the climb's starts: the six axes and the eight diagonals.
    static constexpr int kCompass = 14;

    static Vec3<T> compass(int k) {
        if (k < 6) {
            const T s = k % 2 == 0 ? T(1) : T(-1);
            return k < 2 ? Vec3<T>{s, 0, 0} : (k < 4 ? Vec3<T>{0, s, 0} : Vec3<T>{0, 0, s});
        }
        const int b = k - 6;
        return {b & 1 ? T(-1) : T(1), b & 2 ? T(-1) : T(1), b & 4 ? T(-1) : T(1)};
    }

    /// What is wrong with `points` and `radius` (ShapeError::none: they may be prepared).
    static ShapeError check(std::span<const Vec3<T>> points, T radius) {
        if (points.empty()) {
            return ShapeError::empty;
        }
        if (points.size() > std::size_t(std::numeric_limits<int>::max())) {
            return ShapeError::too_many_points;
        }
        const T range = kernel_range<T>();
        const bool within = all_within(points, range);
        if (!within && !std::all_of(points.begin(), points.end(),
                                    [](const Vec3<T>& p) { return is_finite(p); })) {
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

    /// The climb (the top of this file) from corner i: to the neighbour with the largest d . u
    /// while that is strictly more than d . v.
    int climb(Vec3<T> d, int i) const {
        const Vec3<T>* v = hull_.vertices.data();
        const int* start = hull_.neighbour_start.data();
        const int* next = hull_.neighbours.data();
        T best = dot(d, v[i]);
        for (;;) {
            int up = i;
            for (int k = start[i]; k < start[i + 1]; ++k) {
                const T value = dot(d, v[next[k]]);
                if (best < value) {
                    best = value, up = next[k];
                }
            }
            if (up == i) {
                return i;
            }
            i = up;
        }
    }

    Hull3<T> hull_{};
    Features3<T> features_{};
    T radius_{0};
    Vec3<T> centre_{};
    T extent_{0};
    ShapeError error_{ShapeError::empty};
    std::vector<T> x_{}, y_{}, z_{}; // the corners as arrays, padded to whole blocks
    int start_[kCompass]{};          // the climb's starts, and their coordinates
    T start_x_[kCompass]{}, start_y_[kCompass]{}, start_z_[kCompass]{};
};

} // namespace gjk
