// gjk/separating_axes3/measure.hpp - the separating axis test in space on two prepared polyhedra
// of at most kCorners corners (the top of gjk/separating_axes3.hpp): A's faces, B's faces, then
// the edge pairs, by directions or by their arcs, with the winner's witnesses.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "gjk/features3.hpp"
#include "gjk/math3.hpp"
#include "gjk/perpendicular3.hpp"
#include "gjk/prepared3.hpp"
#include "gjk/separating_axes3/blocks.hpp"
#include "gjk/separating_axes3/edge_pairs.hpp"
#include "gjk/separating_axes3_types.hpp"

namespace gjk::detail {

/// separating_axes3() for shapes of at most kCorners corners each (a whole number of lanes).
template <class T, int kCorners>
SeparatingAxes3<T> separating_axes3_of(const PreparedShape3<T>& a, const PreparedShape3<T>& b,
                                       const Transform3<T>& xf) {
    constexpr int kEdges = detail::whole_lanes(3 * kCorners - 6); // Euler, for triangles
    const Features3<T>& fa = a.features();
    const Features3<T>& fb = b.features();
    const std::span<const Vec3<T>> va = a.vertices();
    const int ea = fa.edge_count(), eb = fb.edge_count();
    SeparatingAxes3<T> out;
    const T largest = std::max(a.extent(), max_abs(xf.p) + b.extent());
    out.guard = T(kSeparatingAxisUlps3) * std::numeric_limits<T>::epsilon() * largest;

    // Both corner sets in A's frame as arrays of x, y and z, padded with copies of corner 0,
    // which change no least or largest value. B's corners, normals and arcs are turned by the
    // quaternion's matrix: a few ulps, as by rotate(), at half the work.
    const detail::Rotation3<T> turn(xf.q);
    detail::Corners<T, kCorners> ca, cb;
    Vec3<T> vb[kCorners];
    for (int k = 0; k < kCorners; ++k) {
        const Vec3<T> p = va[std::size_t(k < a.count() ? k : 0)];
        ca.x[k] = p.x, ca.y[k] = p.y, ca.z[k] = p.z;
    }
    for (int k = 0; k < kCorners; ++k) {
        const Vec3<T> p = k < b.count() ? turn(b.vertices()[std::size_t(k)]) + xf.p : vb[0];
        vb[k] = p;
        cb.x[k] = p.x, cb.y[k] = p.y, cb.z[k] = p.z;
    }

    // A's faces, against B's corners.
    for (int i = 0; i < fa.plane_count(); ++i) {
        const T s = cb.least(fa.normals[std::size_t(i)]) - fa.offsets[std::size_t(i)];
        if (s > out.separation) {
            out.separation = s, out.feature = AxisFeature3::face_a, out.index_a = i;
        }
    }
    // B's faces, turned into A's frame, against A's corners.
    Vec3<T> mb[2 * kCorners - 4];
    const bool apart_by_a = out.separation > out.guard; // then no more axes: the cores are apart
    for (int j = 0; j < (apart_by_a ? 0 : fb.plane_count()); ++j) {
        const Vec3<T> m = turn(fb.normals[std::size_t(j)]);
        mb[j] = m;
        const T s = ca.least(m) - dot(m, vb[fb.plane_corner[std::size_t(j)]]);
        if (s > out.separation) {
            out.separation = s, out.feature = AxisFeature3::face_b, out.index_b = j;
        }
    }

    // The edge pairs, each winning only by more than the guard: by their directions when the
    // shapes have few (the top of this file), else the pairs whose arcs cross (or may).
    const bool apart = out.separation > out.guard;
    T edge_best = out.separation + out.guard;
    int edge_a = -1, edge_b = -1;
    Vec3<T> edge_u{};
    const int da = fa.direction_count(), db = fb.direction_count();
    const bool by_directions = kDirectionPairs * da * db <= ea * eb;
    for (int i = 0; i < (apart || !by_directions ? 0 : da); ++i) {
        const std::array<int, 2>& ends_a = fa.ends[std::size_t(fa.direction_edge[std::size_t(i)])];
        const Vec3<T> a0 = va[std::size_t(ends_a[0])], a1 = va[std::size_t(ends_a[1])];
        for (int j = 0; j < db; ++j) {
            const std::array<int, 2>& ends_b =
                fb.ends[std::size_t(fb.direction_edge[std::size_t(j)])];
            Vec3<T> u = detail::edge_axis(a0, a1, vb[ends_b[0]], vb[ends_b[1]]);
            if (u == Vec3<T>{}) {
                continue; // parallel: no face of Z
            }
            ++out.measured, ++out.projected;
            const T s = detail::projected_separation(ca, cb, u);
            if (s > edge_best) {
                edge_best = s, edge_a = i, edge_b = j, edge_u = u;
            }
        }
    }
    if (by_directions && edge_a >= 0) {
        // The winning directions' edges that support the shapes along the axis: A's furthest
        // along u (its lower end the highest), B's furthest back.
        const int direction_a = edge_a, direction_b = edge_b;
        T a_top = -std::numeric_limits<T>::infinity(),
          b_bottom = std::numeric_limits<T>::infinity();
        for (int i = 0; i < ea; ++i) {
            if (fa.direction_of[std::size_t(i)] == direction_a) {
                const std::array<int, 2>& e = fa.ends[std::size_t(i)];
                const T low = std::min(dot(edge_u, va[std::size_t(e[0])]),
                                       dot(edge_u, va[std::size_t(e[1])]));
                if (low > a_top) {
                    a_top = low, edge_a = i;
                }
            }
        }
        for (int j = 0; j < eb; ++j) {
            if (fb.direction_of[std::size_t(j)] == direction_b) {
                const std::array<int, 2>& e = fb.ends[std::size_t(j)];
                const T high = std::max(dot(edge_u, vb[e[0]]), dot(edge_u, vb[e[1]]));
                if (high < b_bottom) {
                    b_bottom = high, edge_b = j;
                }
            }
        }
    }
    const int edges_a = apart || by_directions ? 0 : ea;
    const int blocks_b = detail::whole_lanes(eb);
    detail::Arcs<kEdges> arcs; // B's arcs in A's frame (its two normals and circle's), padded
    for (int j = 0; j < (edges_a > 0 ? blocks_b : 0); ++j) {
        const int e = j < eb ? j : 0;
        arcs.set(j, detail::to_float(mb[fb.sides[std::size_t(e)][0]]),
                 detail::to_float(mb[fb.sides[std::size_t(e)][1]]),
                 detail::to_float(turn(fb.arc_axes[std::size_t(e)])));
    }
    for (int i = 0; i < edges_a; ++i) {
        const Vec3<T> m0 = fa.normals[std::size_t(fa.sides[std::size_t(i)][0])];
        const Vec3<T> m1 = fa.normals[std::size_t(fa.sides[std::size_t(i)][1])];
        const Vec3<float> ka = detail::to_float(fa.arc_axes[std::size_t(i)]);
        const Vec3<float> m0f = detail::to_float(m0), m1f = detail::to_float(m1);
        const Vec3<T> a0 = va[std::size_t(fa.ends[std::size_t(i)][0])];
        const Vec3<T> a1 = va[std::size_t(fa.ends[std::size_t(i)][1])];
        for (int first = 0; first < blocks_b; first += kLanes) {
            unsigned maybe = arcs.may_cross(first, ka, m0f, m1f);
            while (maybe != 0) {
                const int j = first + __builtin_ctz(maybe);
                maybe &= maybe - 1;
                if (j >= eb) {
                    break;
                }
                ++out.measured;
                const Vec3<float> n0 = arcs.n0(j), n1 = arcs.n1(j), kb = arcs.k(j);
                const int cba = detail::sure_sign(-dot(n0, ka));
                const int dba = detail::sure_sign(-dot(n1, ka));
                const int adc = detail::sure_sign(dot(m0f, kb));
                const int bdc = detail::sure_sign(dot(m1f, kb));
                const Vec3<T> b0 = vb[fb.ends[std::size_t(j)][0]];
                const Vec3<T> b1 = vb[fb.ends[std::size_t(j)][1]];
                Vec3<T> u = detail::edge_axis(a0, a1, b0, b1);
                if (u == Vec3<T>{}) {
                    continue; // parallel: no face of Z
                }
                // A face of Z, surely, and u's side sure: along m0 + m1, which is short only
                // for an arc of nearly half the circle (a thin polyhedron's rim).
                const T side = dot(u, m0 + m1);
                T s;
                if (cba * dba == -1 && adc * bdc == -1 && cba * bdc == 1 &&
                    std::abs(side) > detail::kArcTolerance<T>) {
                    u = side > T(0) ? u : -u;
                    s = dot(u, b0) - dot(u, a0);
                } else { // not sure of the arcs: every corner along +-u
                    ++out.projected;
                    s = detail::projected_separation(ca, cb, u);
                }
                if (s > edge_best) {
                    edge_best = s, edge_a = i, edge_b = j, edge_u = u;
                }
            }
        }
    }
    if (edge_a >= 0) {
        out.separation = edge_best, out.feature = AxisFeature3::edges;
        out.index_a = edge_a, out.index_b = edge_b, out.normal = edge_u;
        Vec3<T> on_b;
        detail::closest_points_of_segments(va[std::size_t(fa.ends[std::size_t(edge_a)][0])],
                                           va[std::size_t(fa.ends[std::size_t(edge_a)][1])],
                                           vb[fb.ends[std::size_t(edge_b)][0]],
                                           vb[fb.ends[std::size_t(edge_b)][1]], out.point_a, on_b);
        out.point_b = out.point_a + out.separation * out.normal;
    } else if (out.feature == AxisFeature3::face_a) { // B's deepest corner, its foot on A's plane
        out.normal = fa.normals[std::size_t(out.index_a)];
        out.index_b =
            detail::deepest(std::span<const Vec3<T>>(vb, std::size_t(b.count())), out.normal);
        out.point_b = vb[out.index_b];
        out.point_a = out.point_b - out.separation * out.normal;
    } else if (out.feature == AxisFeature3::face_b) { // A's deepest corner, its foot on B's plane
        const Vec3<T> m = mb[out.index_b];
        out.normal = -m;
        out.index_a = detail::deepest(va, m);
        out.point_a = va[std::size_t(out.index_a)];
        out.point_b = out.point_a - out.separation * m;
    }
    return out;
}

} // namespace gjk::detail
