// gjk/epa/polytope.hpp - EPA's polygon: the convex polygon P of points of Z around the origin
// (counter-clockwise), the search for its edge closest to the origin, and the insertion of a
// new support point that keeps P the convex hull of the points found (gjk/penetration.hpp has
// the derivation and the loop).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "gjk/math.hpp"
#include "gjk/shape.hpp"

namespace gjk {
namespace detail {

/// An edge of the polytope as the closest-edge search measures it: index i of edge
/// (p[i], p[i+1]), its unit outward normal m, the distance d of its line from the origin, and
/// the fraction u where the origin's foot falls on it (clamped to [0, 1]).
template <class T> struct PolytopeEdge {
    int i{-1}; ///< -1: no measurable edge
    Vec2<T> m{};
    T d{std::numeric_limits<T>::infinity()};
    T key{std::numeric_limits<T>::infinity()}; ///< what edges are compared by
    T u{0};
    bool on_edge{false};
};

/// EPA's convex polygon of points of Z, counter-clockwise, with the origin inside.
template <class T> struct Polytope {
    std::vector<MinkowskiPoint<T>> vertices;

    /// Drops every vertex that does not turn left, until none is left or only a triangle.
    /// A first GJK vertex need not be extreme in Z: at the origin it can lie inside the triangle
    /// of the other three points, and then the quadrilateral is reflex there, its two edges
    /// through it have "outward" normals pointing inwards, and the loop stopped at once on a
    /// support it already had, answering depth 0 for shapes 0.69 into each other (fuzz_kernel:
    /// TEST(Penetration, GjkVertexInsideZStillGivesTheDepth)). The origin stays inside, since the
    /// segment that holds it lies in the hull of the four.
    void drop_reflex_vertices() {
        for (bool dropped = true; dropped && vertices.size() > 3;) {
            dropped = false;
            for (std::size_t i = 0; i < vertices.size(); ++i) {
                const Vec2<T> prev = vertices[(i + vertices.size() - 1) % vertices.size()].w,
                              cur = vertices[i].w, next = vertices[(i + 1) % vertices.size()].w;
                if (!(cross(cur - prev, next - cur) > T(0))) {
                    vertices.erase(vertices.begin() + static_cast<std::ptrdiff_t>(i));
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
    /// are skipped.
    PolytopeEdge<T> closest_edge() const {
        PolytopeEdge<T> best;
        const int n = static_cast<int>(vertices.size());
        for (int i = 0; i < n; ++i) {
            const Vec2<T> vi = vertices[static_cast<std::size_t>(i)].w;
            const Vec2<T> e = vertices[static_cast<std::size_t>((i + 1) % n)].w - vi;
            const T len = length(e);
            if (!(len > T(0))) {
                continue;
            }
            // normalized(), not e / len: a subnormal len carries the rounding of subnormals
            // (3e-4 relative for a float edge of 1e-40), and m came out 0.99968 long
            // (fuzz_kernel; TEST(Penetration, SubnormalEdgesGiveAUnitNormal)).
            const Vec2<T> m = normalized(Vec2<T>{e.y, -e.x});
            const T d = dot(m, vi);
            // Divided by len twice, not by len * len: the square of a subnormal length is 0
            // (found by fuzz_kernel with -fsanitize=float-divide-by-zero).
            const T u = -dot(vi, e) / len / len;
            const bool on_edge = u >= T(0) && u <= T(1);
            const T clamped = std::clamp(u, T(0), T(1));
            const T key = on_edge ? d : length(vi + clamped * e);
            if (key < best.key) {
                best = {i, m, d, key, clamped, on_edge};
            }
        }
        return best;
    }

    /// Inserts w after vertices[i] (the closest edge's first end), then drops the neighbours that
    /// are no longer strictly convex (cross <= 0), keeping at least a triangle: P stays the hull of
    /// the points found.
    void insert(int i, const MinkowskiPoint<T>& w) {
        std::size_t k = static_cast<std::size_t>(i) + 1;
        vertices.insert(vertices.begin() + static_cast<std::ptrdiff_t>(k), w);
        auto at = [this](std::size_t j) -> MinkowskiPoint<T>& {
            return vertices[j % vertices.size()];
        };
        while (vertices.size() > 3) { // the vertex before w
            const std::size_t n = vertices.size();
            const std::size_t before = (k + n - 1) % n, before2 = (k + n - 2) % n;
            if (cross(at(before).w - at(before2).w, w.w - at(before).w) > T(0)) {
                break;
            }
            vertices.erase(vertices.begin() + static_cast<std::ptrdiff_t>(before));
            k = before < k ? k - 1 : k;
        }
        while (vertices.size() > 3) { // the vertex after w
            const std::size_t n = vertices.size();
            const std::size_t after = (k + 1) % n, after2 = (k + 2) % n;
            if (cross(at(after).w - w.w, at(after2).w - at(after).w) > T(0)) {
                break;
            }
            vertices.erase(vertices.begin() + static_cast<std::ptrdiff_t>(after));
            k = after < k ? k - 1 : k;
        }
    }
};

} // namespace detail
} // namespace gjk
