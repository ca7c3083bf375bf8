// gjk/hull3.hpp - the convex hull of points in space (gjk/hull.hpp is the plane's): its corners,
// its triangles and which corners are joined by an edge, the graph a support function climbs
// (gjk/prepared3.hpp).
//
// The hull is conv(P), the smallest convex set holding the points P. Its vertices are its
// corners only: the points of P outside the convex hull of the others, so no repeats, no
// interior points, no points inside a face or on an edge. Its dimension is that
// of the affine span of P, and each answers differently:
//   0  one distinct point: that point;
//   1  collinear points: the two extremes (the least and the greatest in (x, y, z) order: on
//      a line that order is the order along it);
//   2  coplanar points: the convex polygon in their plane, its corners in order around it
//      (Andrew's monotone chain in a coordinate plane onto which the plane projects one to
//      one). No faces: the choice of a flat polygon's triangles (a fan on each side) would make
//      a surface that is no 2-manifold, whose edges say nothing a polygon's cycle does not;
//   3  a polyhedron: its surface as triangles, counter-clockwise seen from outside
//      (gjk/hull3/quickhull.hpp). Triangles of one flat facet are coplanar, and which diagonals
//      split a facet is unspecified.
// Every decision - which side of a plane, of a line in a plane, a point lies on - is the exact
// sign of gjk/orientation3.hpp, computed in double for float points (exact there for any
// finite float) and in T otherwise, on the points scaled by a power of two (exact) to a
// largest coordinate in [1, 2), so that no product overflows. The hull is the exact hull of the
// input: no tolerance merges points that are merely close.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <span>
#include <type_traits>
#include <vector>

#include "gjk/hull3/quickhull.hpp"
#include "gjk/math3.hpp"
#include "gjk/orientation3.hpp"

namespace gjk {

/// The convex hull of a point set in space (see the top of gjk/hull3.hpp).
template <class T> struct Hull3 {
    /// 0 a point, 1 a segment, 2 a polygon, 3 a polyhedron; -1 when there were no points.
    int dimension{-1};
    /// The corners, each once: in input order for a polyhedron, in order around a polygon,
    /// the two ends of a segment.
    std::vector<Vec3<T>> vertices{};
    /// source[i]: the index in the input of vertices[i] (the lowest of equal points).
    std::vector<int> source{};
    /// For a polyhedron, the surface's triangles as indices of vertices, counter-clockwise seen
    /// from outside; empty for dimension 2 and below.
    std::vector<std::array<int, 3>> faces{};
    /// Vertex i's neighbours are neighbours[neighbour_start[i]] up to, not including,
    /// neighbours[neighbour_start[i + 1]] (vertices.size() + 1 entries).
    std::vector<int> neighbour_start{};
    /// The corners joined to each corner by an edge of the hull: for a polyhedron in order
    /// around it (counter-clockwise seen from outside), for a polygon its two neighbours on the
    /// cycle, for a segment the other end.
    std::vector<int> neighbours{};

    /// The neighbours of vertex i.
    std::span<const int> neighbours_of(int i) const {
        const auto first = std::size_t(neighbour_start[std::size_t(i)]);
        const auto last = std::size_t(neighbour_start[std::size_t(i) + 1]);
        return std::span<const int>(neighbours).subspan(first, last - first);
    }
};

namespace detail {

/// The scalar of the hull's predicates: double for float (exact for every finite float), T
/// otherwise.
template <class T> using HullScalar3 = std::conditional_t<std::is_same_v<T, float>, double, T>;

/// The distinct points in R, scaled by a power of two to a largest coordinate in [1, 2), each
/// with the lowest input index of its value, in (x, y, z) order.
template <class T> struct DistinctPoints3 {
    std::vector<Vec3<HullScalar3<T>>> points;
    std::vector<int> source;
};

template <class T> DistinctPoints3<T> distinct_points3(std::span<const Vec3<T>> points) {
    using R = HullScalar3<T>;
    std::vector<int> order(points.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        order[i] = int(i);
    }
    auto before = [](Vec3<T> p, Vec3<T> q) {
        return p.x < q.x || (p.x == q.x && (p.y < q.y || (p.y == q.y && p.z < q.z)));
    };
    std::sort(order.begin(), order.end(), [&](int i, int j) {
        const Vec3<T> p = points[std::size_t(i)], q = points[std::size_t(j)];
        return before(p, q) || (!before(q, p) && i < j);
    });
    R largest = R(0);
    for (const Vec3<T>& p : points) {
        largest = std::max(largest, R(max_abs(p)));
    }
    const int e = largest > R(0) ? std::ilogb(largest) : 0;
    DistinctPoints3<T> d;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const Vec3<T> p = points[std::size_t(order[k])];
        if (k > 0 && p == points[std::size_t(order[k - 1])]) {
            continue;
        }
        d.points.push_back(
            {std::ldexp(R(p.x), -e), std::ldexp(R(p.y), -e), std::ldexp(R(p.z), -e)});
        d.source.push_back(order[k]);
    }
    return d;
}

/// Whether a, b, c lie on one line, exactly: their turn is zero in all three coordinate planes.
template <class R> bool collinear(Vec3<R> a, Vec3<R> b, Vec3<R> c) {
    return orientation_in_plane(a, b, c, 0, 1) == 0 && orientation_in_plane(a, b, c, 1, 2) == 0 &&
           orientation_in_plane(a, b, c, 2, 0) == 0;
}

/// The index of the point that maximizes `score` (a floating-point guess) among those that
/// pass the exact test `accept`; -1 if none does. The guess is tried first, then every point.
template <class R, class Score, class Accept>
int pick(const std::vector<Vec3<R>>& p, Score score, Accept accept) {
    int best = -1;
    R best_score = R(-1);
    for (int i = 0; i < int(p.size()); ++i) {
        const R s = score(p[std::size_t(i)]);
        if (s > best_score) {
            best = i, best_score = s;
        }
    }
    if (best >= 0 && accept(p[std::size_t(best)])) {
        return best;
    }
    for (int i = 0; i < int(p.size()); ++i) {
        if (accept(p[std::size_t(i)])) {
            return i;
        }
    }
    return -1;
}

/// The corners of coplanar points (not all collinear) in order around their polygon: Andrew's
/// monotone chain in the coordinate plane (i, j) where the triangle p[a] p[b] p[c] does not
/// degenerate (there the plane projects one to one), popping every point that does not turn
/// strictly left, so that points on an edge go too.
template <class R> std::vector<int> flat_hull(const std::vector<Vec3<R>>& p, int a, int b, int c) {
    int i = 0, j = 1;
    for (const auto& [pi, pj] : {std::array<int, 2>{0, 1}, {1, 2}, {2, 0}}) {
        if (orientation_in_plane(p[std::size_t(a)], p[std::size_t(b)], p[std::size_t(c)], pi, pj) !=
            0) {
            i = pi, j = pj;
            break;
        }
    }
    auto coordinate = [](Vec3<R> q, int k) { return k == 0 ? q.x : (k == 1 ? q.y : q.z); };
    std::vector<int> order(p.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
        order[k] = int(k);
    }
    std::sort(order.begin(), order.end(), [&](int s, int t) {
        const R si = coordinate(p[std::size_t(s)], i), ti = coordinate(p[std::size_t(t)], i);
        return si < ti ||
               (si == ti && coordinate(p[std::size_t(s)], j) < coordinate(p[std::size_t(t)], j));
    });
    std::vector<int> h(2 * order.size());
    std::size_t k = 0;
    auto turns_left = [&](int q) {
        return orientation_in_plane(p[std::size_t(h[k - 2])], p[std::size_t(h[k - 1])],
                                    p[std::size_t(q)], i, j) > 0;
    };
    for (const int q : order) { // lower chain
        while (k >= 2 && !turns_left(q)) {
            --k;
        }
        h[k++] = q;
    }
    const std::size_t lower = k + 1;
    for (std::size_t m = order.size() - 1; m-- > 0;) { // upper chain
        while (k >= lower && !turns_left(order[m])) {
            --k;
        }
        h[k++] = order[m];
    }
    h.resize(k - 1); // the last repeats the first
    return h;
}

/// The start of a hull: p[0], the furthest point from it, the furthest from their line, the
/// furthest from their plane (floating-point guesses), each checked exactly: distinct, not
/// collinear, not coplanar. Returns the dimension of the points' span (0 to 3): how many were
/// found after p[0]; `start` holds their indices.
template <class R> int affine_start(const std::vector<Vec3<R>>& p, std::array<int, 4>& start) {
    const Vec3<R> a = p[0];
    start = {0, -1, -1, -1};
    start[1] = pick(
        p, [&](Vec3<R> q) { return length_squared(q - a); }, [&](Vec3<R> q) { return !(q == a); });
    if (start[1] < 0) {
        return 0;
    }
    const Vec3<R> b = p[std::size_t(start[1])];
    start[2] = pick(
        p, [&](Vec3<R> q) { return length_squared(cross(b - a, q - a)); },
        [&](Vec3<R> q) { return !collinear(a, b, q); });
    if (start[2] < 0) {
        return 1;
    }
    const Vec3<R> c = p[std::size_t(start[2])];
    start[3] = pick(
        p, [&](Vec3<R> q) { return std::abs(dot(cross(b - a, c - a), q - a)); },
        [&](Vec3<R> q) { return orientation(a, b, c, q) != 0; });
    return start[3] < 0 ? 2 : 3;
}

/// The polyhedron's corners (indices into p) and its triangles on them: quickhull, then, if a
/// vertex is no corner (coplanar points left it inside a facet or on an edge), quickhull
/// again on the corners alone, which leaves no such vertex: every vertex of the second surface
/// is one of its points, all corners of the hull.
template <class R>
void solid_hull(const std::vector<Vec3<R>>& p, std::array<int, 4> start, std::vector<int>& corners,
                std::vector<std::array<int, 3>>& triangles) {
    std::vector<int> index(p.size()); // identity on the first pass
    for (std::size_t k = 0; k < p.size(); ++k) {
        index[k] = int(k);
    }
    std::vector<Vec3<R>> subset;
    const std::vector<Vec3<R>>* points = &p;
    for (int pass = 0;; ++pass) {
        const Quickhull3<R> hull(*points, start);
        std::vector<int> face_of(points->size(), -1);
        for (int f = 0; f < int(hull.faces().size()); ++f) {
            if (hull.faces()[std::size_t(f)].alive) {
                for (const int v : hull.faces()[std::size_t(f)].v) {
                    face_of[std::size_t(v)] = f;
                }
            }
        }
        std::vector<int> surface, kept;
        for (int v = 0; v < int(points->size()); ++v) {
            if (face_of[std::size_t(v)] >= 0) {
                surface.push_back(v);
                if (hull.corner(v, face_of[std::size_t(v)])) {
                    kept.push_back(v);
                }
            }
        }
        std::vector<Vec3<R>> next;
        for (const int v : kept) {
            next.push_back((*points)[std::size_t(v)]);
        }
        if (kept.size() == surface.size() || pass == 1 || next.empty() ||
            affine_start(next, start) < 3) {
            // (A second pass that is needed again, or corners that do not span space, only
            // come of signs that are not exact: the surface is kept as it is.)
            corners.clear(), triangles.clear();
            for (const int v : surface) {
                corners.push_back(index[std::size_t(v)]);
            }
            for (const auto& t : hull.faces()) {
                if (t.alive) {
                    triangles.push_back({index[std::size_t(t.v[0])], index[std::size_t(t.v[1])],
                                         index[std::size_t(t.v[2])]});
                }
            }
            return;
        }
        // The second pass: the corners alone, from the start that affine_start() found.
        std::vector<int> next_index;
        for (const int v : kept) {
            next_index.push_back(index[std::size_t(v)]);
        }
        index = std::move(next_index);
        subset = std::move(next);
        points = &subset;
    }
}

/// Each vertex's neighbours, in order around it: for vertex v of the triangle (v, a, b), a
/// then b, then the third vertex of the triangle across the edge (b, v), until a again.
template <class T> void link_neighbours(Hull3<T>& hull) {
    const std::size_t n = hull.vertices.size();
    // The triangle after each (triangle, corner) around that corner, by its edge's twin.
    std::vector<std::array<int, 3>> after(hull.faces.size());
    std::vector<std::vector<std::array<int, 2>>> out(n); // by first vertex: (second, face)
    for (int f = 0; f < int(hull.faces.size()); ++f) {
        for (int e = 0; e < 3; ++e) {
            out[std::size_t(hull.faces[std::size_t(f)][std::size_t(e)])].push_back(
                {hull.faces[std::size_t(f)][std::size_t((e + 1) % 3)], f});
        }
    }
    std::vector<int> first_face(n, -1);
    for (int f = 0; f < int(hull.faces.size()); ++f) {
        for (int e = 0; e < 3; ++e) {
            const int v = hull.faces[std::size_t(f)][std::size_t(e)];
            const int b = hull.faces[std::size_t(f)][std::size_t((e + 2) % 3)];
            first_face[std::size_t(v)] = f;
            for (const auto& [second, g] : out[std::size_t(v)]) {
                if (second == b) {
                    after[std::size_t(f)][std::size_t(e)] = g; // (v, b, c)
                }
            }
        }
    }
    hull.neighbour_start.assign(1, 0);
    for (std::size_t v = 0; v < n; ++v) {
        int f = first_face[v];
        do {
            const auto& t = hull.faces[std::size_t(f)];
            const int e = t[0] == int(v) ? 0 : (t[1] == int(v) ? 1 : 2);
            hull.neighbours.push_back(t[std::size_t((e + 1) % 3)]);
            f = after[std::size_t(f)][std::size_t(e)];
        } while (f != first_face[v]);
        hull.neighbour_start.push_back(int(hull.neighbours.size()));
    }
}

} // namespace detail

/// The convex hull of `points` (see the top of gjk/hull3.hpp): its corners with their input
/// indices, its triangles for a polyhedron, and each corner's neighbours. The points must be
/// finite (gjk::PreparedShape3 checks them) and fewer than INT_MAX.
template <class T> Hull3<T> convex_hull3(std::span<const Vec3<T>> points) {
    using R = detail::HullScalar3<T>;
    Hull3<T> hull;
    if (points.empty()) {
        return hull;
    }
    const detail::DistinctPoints3<T> d = detail::distinct_points3(points);
    const std::vector<Vec3<R>>& p = d.points;
    std::vector<int> corners;
    std::array<int, 4> start;
    hull.dimension = detail::affine_start(p, start);
    if (hull.dimension == 0) {
        corners = {0};
    } else if (hull.dimension == 1) {
        corners = {0, int(p.size()) - 1}; // the (x, y, z) extremes
    } else if (hull.dimension == 2) {
        corners = detail::flat_hull(p, start[0], start[1], start[2]);
    } else {
        std::vector<std::array<int, 3>> triangles;
        detail::solid_hull(p, start, corners, triangles);
        // Vertices in input order; triangles renumbered onto them.
        std::sort(corners.begin(), corners.end(), [&](int s, int t) {
            return d.source[std::size_t(s)] < d.source[std::size_t(t)];
        });
        std::vector<int> vertex_of(p.size(), -1);
        for (std::size_t k = 0; k < corners.size(); ++k) {
            vertex_of[std::size_t(corners[k])] = int(k);
        }
        for (const auto& t : triangles) {
            hull.faces.push_back({vertex_of[std::size_t(t[0])], vertex_of[std::size_t(t[1])],
                                  vertex_of[std::size_t(t[2])]});
        }
    }
    for (const int k : corners) {
        hull.source.push_back(d.source[std::size_t(k)]);
        hull.vertices.push_back(points[std::size_t(d.source[std::size_t(k)])]);
    }
    const int n = int(corners.size());
    if (hull.dimension == 3) {
        detail::link_neighbours(hull);
    } else {
        hull.neighbour_start.assign(1, 0);
        for (int v = 0; v < n; ++v) { // the cycle's (or the segment's) neighbours
            if (n >= 2) {
                hull.neighbours.push_back((v + n - 1) % n);
            }
            if (n >= 3) {
                hull.neighbours.push_back((v + 1) % n);
            }
            hull.neighbour_start.push_back(int(hull.neighbours.size()));
        }
    }
    return hull;
}

} // namespace gjk
