// gjk/features3.hpp - the faces and edges of a small polyhedron as the separating axis test in
// space takes them (gjk/separating_axes3.hpp): its face planes, each once, and its edges, each
// with the two planes it joins, built once by PreparedShape3::make() (gjk/prepared3.hpp).
//
// Planes. The hull (gjk/hull3.hpp) gives triangles; the triangles of one flat facet are exactly
// coplanar, and the diagonals between them are no edges of the polyhedron. Two triangles that
// share an edge lie in one plane when the fourth corner is on the first triangle's plane,
// decided exactly (gjk/orientation3.hpp, on the corners scaled by a power of two as the hull
// scales them), and the facets are the classes of that relation: a box has 6 planes, not 12
// triangles. A plane's unit normal m is its largest triangle's (gjk/perpendicular3.hpp's
// face_normal: a few ulps of the exact direction for any shape of triangle), and its offset is
// the largest m . v over all corners, the value the support along m gives.
//
// Edges. An edge of the polyhedron is a side shared by two triangles of different planes, m0
// and m1. The normals of the planes that touch the polyhedron along it are the arc of the
// unit sphere from m0 to m1 (its Gauss map); the arc lies on the great circle whose unit normal
//     k = normalized(m1 x m0)
// is stored with the edge (the separating axis test asks on which side of it a normal lies).
//
// Directions. Edges that are exactly parallel (decided exactly, on the scaled corners) form one
// direction: a box's 12 edges have 3. Every face of Z = B - A made by two edges has the normal
// of their directions' cross product, so two shapes of few directions can be measured along
// those products alone (gjk/separating_axes3.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <numeric>
#include <vector>

#include "gjk/hull3.hpp"
#include "gjk/math3.hpp"
#include "gjk/orientation3.hpp"
#include "gjk/perpendicular3.hpp"

namespace gjk {

/// The face planes and edges of a polyhedron (see the top of gjk/features3.hpp); empty for a
/// hull of dimension below 3.
template <class T> struct Features3 {
    std::vector<Vec3<T>> normals{};          ///< each plane's outward unit normal m
    std::vector<T> offsets{};                ///< each plane's largest m . v over the corners
    std::vector<int> plane_corner{};         ///< a corner that gives the offset
    std::vector<std::array<int, 2>> ends{};  ///< each edge's two corners
    std::vector<std::array<int, 2>> sides{}; ///< the planes it joins: its arc from m0 to m1
    std::vector<Vec3<T>> arc_axes{};         ///< k = normalized(m1 x m0), the arc's circle
    std::vector<int> direction_of{};         ///< each edge's direction (its parallel class)
    std::vector<int> direction_edge{};       ///< each direction's first edge

    /// The number of face planes.
    int plane_count() const { return int(normals.size()); }
    /// The number of edges.
    int edge_count() const { return int(ends.size()); }
    /// The number of edge directions: classes of exactly parallel edges (a box has 3).
    int direction_count() const { return int(direction_edge.size()); }
};

namespace detail {

/// The representative of i's class (path halving).
inline int find_class(std::vector<int>& parent, int i) {
    while (parent[std::size_t(i)] != i) {
        parent[std::size_t(i)] = parent[std::size_t(parent[std::size_t(i)])];
        i = parent[std::size_t(i)];
    }
    return i;
}

/// Whether p1 - p0 and q1 - q0 are exactly parallel (or one of them zero): every component of
/// their cross product summed exactly and compared with zero. The differences are kept by
/// two-sum (exact_edge), and each component's eight products of their parts summed as an
/// expansion (gjk/orientation3.hpp's Expansion: two-products, Grow-Expansion). Exact while no
/// product's error underflows: the corners come scaled to a largest coordinate in [1, 2), and an
/// underflow can only call parallel two edges whose angle is below 2^-900.
template <class R> bool exactly_parallel(Vec3<R> p0, Vec3<R> p1, Vec3<R> q0, Vec3<R> q1) {
    const ExactEdge<R> e = exact_edge(p1, p0), f = exact_edge(q1, q0);
    auto part = [](const Vec3<R>& v, int i) { return i == 0 ? v.x : (i == 1 ? v.y : v.z); };
    for (int k = 0; k < 3; ++k) {
        const int i = (k + 1) % 3, j = (k + 2) % 3; // component k = e_i f_j - e_j f_i
        const R ei[2] = {part(e.value, i), part(e.error, i)};
        const R ej[2] = {part(e.value, j), part(e.error, j)};
        const R fi[2] = {part(f.value, i), part(f.error, i)};
        const R fj[2] = {part(f.value, j), part(f.error, j)};
        Expansion<R, 16> component;
        for (int a = 0; a < 2; ++a) {
            for (int b = 0; b < 2; ++b) {
                component.grow_product(ei[a], fj[b]);
                component.grow_product(-ej[a], fi[b]); // negation is exact
            }
        }
        if (component.sign() != 0) {
            return false;
        }
    }
    return true;
}

} // namespace detail

/// The planes and edges of a hull (gjk/hull3.hpp) of dimension 3; empty for any other.
template <class T> Features3<T> features3(const Hull3<T>& hull) {
    Features3<T> f;
    if (hull.dimension != 3) {
        return f;
    }
    using R = detail::HullScalar3<T>;
    const std::vector<Vec3<T>>& v = hull.vertices;
    const std::vector<std::array<int, 3>>& faces = hull.faces;
    // The corners scaled for the exact predicate, as the hull scales them.
    R largest = R(0);
    for (const Vec3<T>& p : v) {
        largest = std::max(largest, R(max_abs(p)));
    }
    const int e = largest > R(0) ? std::ilogb(largest) : 0;
    std::vector<Vec3<R>> scaled;
    for (const Vec3<T>& p : v) {
        scaled.push_back({std::ldexp(R(p.x), -e), std::ldexp(R(p.y), -e), std::ldexp(R(p.z), -e)});
    }
    // Each side of each triangle, as (lower corner, higher corner, triangle); sorted, the two
    // triangles of an edge are neighbours in the list.
    struct Side {
        int lo, hi, face;
    };
    std::vector<Side> sides;
    for (int t = 0; t < int(faces.size()); ++t) {
        for (int k = 0; k < 3; ++k) {
            const int i = faces[std::size_t(t)][std::size_t(k)];
            const int j = faces[std::size_t(t)][std::size_t((k + 1) % 3)];
            sides.push_back({std::min(i, j), std::max(i, j), t});
        }
    }
    std::sort(sides.begin(), sides.end(), [](const Side& p, const Side& q) {
        return p.lo < q.lo || (p.lo == q.lo && (p.hi < q.hi || (p.hi == q.hi && p.face < q.face)));
    });
    // The corner of triangle t that is not on the side (lo, hi).
    auto opposite = [&](int t, int lo, int hi) {
        for (int c : faces[std::size_t(t)]) {
            if (c != lo && c != hi) {
                return c;
            }
        }
        return -1;
    };
    std::vector<int> parent(faces.size());
    std::iota(parent.begin(), parent.end(), 0);
    for (std::size_t s = 0; s + 1 < sides.size(); s += 2) {
        const Side p = sides[s], q = sides[s + 1]; // a closed surface: every side twice
        const std::array<int, 3>& t = faces[std::size_t(p.face)];
        const int o = opposite(q.face, q.lo, q.hi);
        if (detail::orientation(scaled[std::size_t(t[0])], scaled[std::size_t(t[1])],
                                scaled[std::size_t(t[2])], scaled[std::size_t(o)]) == 0) {
            parent[std::size_t(detail::find_class(parent, p.face))] =
                detail::find_class(parent, q.face);
        }
    }
    // The planes: one per class, its normal from its largest triangle.
    std::vector<int> plane_of(faces.size(), -1);
    std::vector<T> area(faces.size(), T(0));
    std::vector<Vec3<T>> normal_of(faces.size());
    for (std::size_t t = 0; t < faces.size(); ++t) {
        const std::array<int, 3>& c = faces[t];
        normal_of[t] =
            detail::face_normal(v[std::size_t(c[0])], v[std::size_t(c[1])], v[std::size_t(c[2])]);
        area[t] = length(normal_of[t]);
    }
    std::vector<int> best(faces.size(), -1); // the class's largest triangle
    for (int t = 0; t < int(faces.size()); ++t) {
        const int root = detail::find_class(parent, t);
        int& b = best[std::size_t(root)];
        if (b < 0 || area[std::size_t(t)] > area[std::size_t(b)]) {
            b = t;
        }
    }
    for (int t = 0; t < int(faces.size()); ++t) {
        const int root = detail::find_class(parent, t);
        if (plane_of[std::size_t(root)] < 0) {
            plane_of[std::size_t(root)] = f.plane_count();
            const Vec3<T> m = normalized(normal_of[std::size_t(best[std::size_t(root)])]);
            int top = 0;
            for (int i = 1; i < int(v.size()); ++i) {
                top = dot(m, v[std::size_t(i)]) > dot(m, v[std::size_t(top)]) ? i : top;
            }
            f.normals.push_back(m);
            f.offsets.push_back(dot(m, v[std::size_t(top)]));
            f.plane_corner.push_back(top);
        }
        plane_of[std::size_t(t)] = plane_of[std::size_t(root)];
    }
    // The edges: sides between triangles of different planes.
    for (std::size_t s = 0; s + 1 < sides.size(); s += 2) {
        const Side p = sides[s], q = sides[s + 1];
        const int m0 = plane_of[std::size_t(p.face)], m1 = plane_of[std::size_t(q.face)];
        if (m0 == m1) {
            continue; // a diagonal of a facet
        }
        f.ends.push_back({p.lo, p.hi});
        f.sides.push_back({m0, m1});
        f.arc_axes.push_back(normalized(
            detail::conditioned_cross(f.normals[std::size_t(m1)], f.normals[std::size_t(m0)])));
    }
    // The directions: each edge joins the class of the first earlier edge exactly parallel to
    // it, else starts one.
    for (int i = 0; i < f.edge_count(); ++i) {
        const std::array<int, 2>& p = f.ends[std::size_t(i)];
        int d = 0;
        for (; d < f.direction_count(); ++d) {
            const std::array<int, 2>& q = f.ends[std::size_t(f.direction_edge[std::size_t(d)])];
            if (detail::exactly_parallel(scaled[std::size_t(p[0])], scaled[std::size_t(p[1])],
                                         scaled[std::size_t(q[0])], scaled[std::size_t(q[1])])) {
                break;
            }
        }
        if (d == f.direction_count()) {
            f.direction_edge.push_back(i);
        }
        f.direction_of.push_back(d);
    }
    return f;
}

} // namespace gjk
