// gjk/epa/polytope.hpp - EPA's polygon: the convex polygon P of points of Z around the origin
// (counter-clockwise), the search for its edge closest to the origin, and the insertion of a
// new support point that keeps P the convex hull of the points found (gjk/penetration.hpp has
// the derivation and the loop).
//
// Each edge is measured once, when it is made: an insertion makes the two edges through the
// new point and leaves every other edge's two ends, and so its measurement, as they were.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <vector>

#include "gjk/math.hpp"
#include "gjk/shape.hpp"

namespace gjk {
namespace detail {

/// An edge of the polytope as the closest-edge search measures it: index i of edge
/// (p[i], p[i+1]), its unit outward normal m, the distance d of its line from the origin, and
/// the fraction u where the origin's foot falls on it (clamped to [0, 1]).
template <class T> struct PolytopeEdge {
    int i{-1}; ///< set by closest_edge(); -1: no measurable edge
    Vec2<T> m{};
    T d{std::numeric_limits<T>::infinity()};
    T key{std::numeric_limits<T>::infinity()}; ///< what edges are compared by
    T u{0};
    bool on_edge{false};
};

/// The measurement of the edge from vi to the next vertex `next` (see Polytope::closest_edge).
/// An edge of zero length (a duplicate point) keeps the default key, infinity, and so is never
/// the closest.
template <class T> PolytopeEdge<T> measure_edge(Vec2<T> vi, Vec2<T> next) {
    const Vec2<T> e = next - vi;
    const T len = length(e);
    if (!(len > T(0))) {
        return {};
    }
    // normalized(), not e / len: a subnormal len carries the rounding of subnormals (3e-4
    // relative for a float edge of 1e-40), and m came out 0.99968 long (fuzz_kernel;
    // TEST(Penetration, SubnormalEdgesGiveAUnitNormal)).
    const Vec2<T> m = normalized(Vec2<T>{e.y, -e.x});
    const T d = dot(m, vi);
    // Divided by len twice, not by len * len: the square of a subnormal length is 0 (found by
    // fuzz_kernel with -fsanitize=float-divide-by-zero).
    const T u = -dot(vi, e) / len / len;
    const bool on_edge = u >= T(0) && u <= T(1);
    const T clamped = std::clamp(u, T(0), T(1));
    const T key = on_edge ? d : length(vi + clamped * e);
    return {-1, m, d, key, clamped, on_edge};
}

/// A corner of EPA's polygon: a point of Z and the measurement of the edge from it to the next
/// corner.
template <class T> struct PolytopeCorner {
    MinkowskiPoint<T> point;
    PolytopeEdge<T> edge;
};

/// EPA's convex polygon of points of Z, counter-clockwise, with the origin inside, each corner
/// with the measurement of the edge that leaves it.
template <class T> struct Polytope {
    /// Corners reserved at once: the polygon starts with 3 or 4 and EPA adds one per iteration,
    /// so that most runs never grow it.
    static constexpr std::size_t kReserved = 8;

    std::vector<PolytopeCorner<T>> corners;

    /// The polygon of `points` (counter-clockwise, the origin inside), its edges measured.
    explicit Polytope(std::span<const MinkowskiPoint<T>> points) {
        corners.reserve(std::max(kReserved, points.size()));
        for (const MinkowskiPoint<T>& p : points) {
            corners.push_back({p, {}});
        }
        for (std::size_t i = 0; i < corners.size(); ++i) {
            remeasure(i);
        }
    }

    /// The number of corners.
    std::size_t size() const { return corners.size(); }
    /// Corner i's point.
    const MinkowskiPoint<T>& vertex(std::size_t i) const { return corners[i].point; }

    /// Drops every vertex that does not turn left, until none is left or only a triangle.
    /// A first GJK vertex need not be extreme in Z: at the origin it can lie inside the triangle
    /// of the other three points, and then the quadrilateral is reflex there, its two edges
    /// through it have "outward" normals pointing inwards, and the loop stopped at once on a
    /// support it already had, answering depth 0 for shapes 0.69 into each other (fuzz_kernel:
    /// TEST(Penetration, GjkVertexInsideZStillGivesTheDepth)). The origin stays inside, since the
    /// segment that holds it lies in the hull of the four.
    void drop_reflex_vertices() {
        for (bool dropped = true; dropped && size() > 3;) {
            dropped = false;
            for (std::size_t i = 0; i < size(); ++i) {
                const Vec2<T> prev = w((i + size() - 1) % size()), cur = w(i),
                              next = w((i + 1) % size());
                if (!(cross(cur - prev, next - cur) > T(0))) {
                    erase(i);
                    remeasure((i + size() - 1) % size()); // the edge into the dropped corner
                    dropped = true;
                    break;
                }
            }
        }
    }

    /// The edge closest to the origin. Edges are compared by d when the foot is on the edge
    /// (0 <= u <= 1) and by the distance to their nearer end otherwise (which is >= d). For a
    /// convex polygon around the origin both give the same closest edge; for one that round-off
    /// made flat, with the origin on several collinear edges' line, only the edge that holds the
    /// origin is chosen (story: TEST(Penetration,
    /// FlatContainmentTriangleGivesCoincidentWitnesses)). Edges of zero length (a duplicate point)
    /// are skipped (their key is infinity); of equal keys, the first edge is taken.
    PolytopeEdge<T> closest_edge() const {
        PolytopeEdge<T> best;
        for (std::size_t i = 0; i < size(); ++i) {
            if (corners[i].edge.key < best.key) {
                best = corners[i].edge;
                best.i = static_cast<int>(i);
            }
        }
        return best;
    }

    /// Inserts p after corner i (the closest edge's first end), then drops the neighbours that
    /// are no longer strictly convex (cross <= 0), keeping at least a triangle: P stays the hull of
    /// the points found. The two edges through p are measured; every other edge keeps its ends.
    void insert(int i, const MinkowskiPoint<T>& p) {
        std::size_t k = static_cast<std::size_t>(i) + 1;
        corners.insert(corners.begin() + static_cast<std::ptrdiff_t>(k), {p, {}});
        auto at = [this](std::size_t j) { return w(j % size()); };
        while (size() > 3) { // the corner before p
            const std::size_t n = size();
            const std::size_t before = (k + n - 1) % n, before2 = (k + n - 2) % n;
            if (cross(at(before) - at(before2), p.w - at(before)) > T(0)) {
                break;
            }
            erase(before);
            k = before < k ? k - 1 : k;
        }
        while (size() > 3) { // the corner after p
            const std::size_t n = size();
            const std::size_t after = (k + 1) % n, after2 = (k + 2) % n;
            if (cross(at(after) - p.w, at(after2) - at(after)) > T(0)) {
                break;
            }
            erase(after);
            k = after < k ? k - 1 : k;
        }
        remeasure((k + size() - 1) % size()); // the edge into p
        remeasure(k);                         // the edge out of p
    }

  private:
    Vec2<T> w(std::size_t j) const { return corners[j].point.w; }

    /// Removes corner j and its edge (the edge into it is then stale).
    void erase(std::size_t j) { corners.erase(corners.begin() + static_cast<std::ptrdiff_t>(j)); }

    /// Measures corner j's edge again, from its two ends as they are now.
    void remeasure(std::size_t j) { corners[j].edge = measure_edge(w(j), w((j + 1) % size())); }
};

} // namespace detail
} // namespace gjk
