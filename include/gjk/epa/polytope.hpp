// gjk/epa/polytope.hpp - EPA's polygon: the convex polygon P of points of Z around the origin
// (counter-clockwise), the search for its edge closest to the origin, and the insertion of a
// new support point that keeps P the convex hull of the points found (gjk/penetration.hpp has
// the derivation and the loop).
//
// Each edge is measured once, when it is made: an insertion makes the two edges through the
// new point and leaves every other edge's two ends, and so its measurement, as they were. The
// polygon lives in a buffer inside the object while it has at most kInlinePoints points (it
// starts with 3 or 4 and EPA adds one per iteration); only a bigger one takes heap memory.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <memory_resource>
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

/// EPA's convex polygon of points of Z, counter-clockwise, with the origin inside, and the
/// measurement of each of its edges: edges[i] is the edge from vertices[i] to the next vertex.
template <class T> struct Polytope {
    /// Points the buffer inside the object holds before the heap is asked for more.
    static constexpr std::size_t kInlinePoints = 16;

  private:
    alignas(std::max_align_t)
        std::array<std::byte, kInlinePoints*(sizeof(MinkowskiPoint<T>) + sizeof(PolytopeEdge<T>)) +
                                  64> buffer_;
    std::pmr::monotonic_buffer_resource memory_{buffer_.data(), buffer_.size()};

  public:
    std::pmr::vector<MinkowskiPoint<T>> vertices{&memory_};
    std::pmr::vector<PolytopeEdge<T>> edges{&memory_};

    /// The polygon of `points` (counter-clockwise, the origin inside), its edges measured.
    explicit Polytope(std::span<const MinkowskiPoint<T>> points) {
        vertices.reserve(kInlinePoints);
        edges.reserve(kInlinePoints);
        vertices.assign(points.begin(), points.end());
        edges.resize(vertices.size());
        for (std::size_t i = 0; i < vertices.size(); ++i) {
            remeasure(i);
        }
    }
    Polytope(const Polytope&) = delete; // the vectors point into this object's buffer
    Polytope& operator=(const Polytope&) = delete;

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
                    erase(i);
                    remeasure((i + vertices.size() - 1) % vertices.size());
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
        for (std::size_t i = 0; i < edges.size(); ++i) {
            if (edges[i].key < best.key) {
                best = edges[i];
                best.i = static_cast<int>(i);
            }
        }
        return best;
    }

    /// Inserts w after vertices[i] (the closest edge's first end), then drops the neighbours that
    /// are no longer strictly convex (cross <= 0), keeping at least a triangle: P stays the hull of
    /// the points found. The two edges through w are measured; every other edge keeps its ends.
    void insert(int i, const MinkowskiPoint<T>& w) {
        std::size_t k = static_cast<std::size_t>(i) + 1;
        vertices.insert(vertices.begin() + static_cast<std::ptrdiff_t>(k), w);
        edges.insert(edges.begin() + static_cast<std::ptrdiff_t>(k), PolytopeEdge<T>{});
        auto at = [this](std::size_t j) -> MinkowskiPoint<T>& {
            return vertices[j % vertices.size()];
        };
        while (vertices.size() > 3) { // the vertex before w
            const std::size_t n = vertices.size();
            const std::size_t before = (k + n - 1) % n, before2 = (k + n - 2) % n;
            if (cross(at(before).w - at(before2).w, w.w - at(before).w) > T(0)) {
                break;
            }
            erase(before);
            k = before < k ? k - 1 : k;
        }
        while (vertices.size() > 3) { // the vertex after w
            const std::size_t n = vertices.size();
            const std::size_t after = (k + 1) % n, after2 = (k + 2) % n;
            if (cross(at(after).w - w.w, at(after2).w - at(after).w) > T(0)) {
                break;
            }
            erase(after);
            k = after < k ? k - 1 : k;
        }
        remeasure((k + vertices.size() - 1) % vertices.size()); // the edge into w
        remeasure(k);                                           // the edge out of w
    }

  private:
    /// Removes vertex j and the edge that starts at it (the edge into it is then stale).
    void erase(std::size_t j) {
        vertices.erase(vertices.begin() + static_cast<std::ptrdiff_t>(j));
        edges.erase(edges.begin() + static_cast<std::ptrdiff_t>(j));
    }

    /// Measures edge j again, from its two ends as they are now.
    void remeasure(std::size_t j) {
        edges[j] = measure_edge(vertices[j].w, vertices[(j + 1) % vertices.size()].w);
    }
};

} // namespace detail
} // namespace gjk
