// gjk/separating_axes3.hpp - the separating axis test of two small prepared polyhedra: how deep
// they are, and which way out, from their face normals and the cross products of their edges,
// with no iteration (Gottschalk; Gregorius, "The Separating Axis Test between Convex Polyhedra",
// GDC 2013). gjk/separating_axes.hpp is the plane's. penetration() takes it for two polyhedra
// of at most PreparedShape3::kAxesLimit corners when it decides.
//
// The theorem. Z = B - A is a convex polyhedron, and each of its faces is one of
//   - a face of B plus a corner of -A: outward normal m^B_j, a face normal of B;
//   - a corner of B plus a face of -A: outward normal -m^A_i;
//   - an edge of B plus an edge of -A that are not parallel: normal +-(e^A x e^B) / |e^A x e^B|.
// Along a unit axis u the separation of the shapes,
//     s(u) = min_b u . b - max_a u . a  =  -h_Z(-u)      (h_Z: Z's support function),
// is a lower bound on their distance, and when the cores overlap (the origin inside Z) the
// depth - the distance from the origin to Z's boundary - is the least h_Z over Z's face
// normals. So with s* the largest separation over the axes above,
//     depth = -s*,   the minimum translation direction n = the winning axis, from A to B,
// and every other unit axis only gives a smaller s: measuring a few axes too many is harmless.
//   A's face i (plane m . x = o_i, o_i the largest m . a):  s = min_j m . b_j - o_i;
//   B's face j (normal m' turned into A's frame):           s = min_i m' . a_i - m' . b_j;
//   an edge pair (u oriented from A to B):                   s = u . (b_on_edge - a_on_edge).
//
// Which edge pairs. The last formula holds only when the two edges are the shapes' supports
// along u and -u, that is, when the pair makes a face of Z. In the Gauss map an edge of A is the
// arc of the unit sphere between its two planes' normals (m0, m1), an edge of -B the arc between
// -m0' and -m1', and the pair makes a face of Z exactly when the two arcs cross. With the arcs'
// circles' normals k^A = m1 x m0 and k^B = m1' x m0' (gjk/features3.hpp), and
//     cba = -m0' . k^A,  dba = -m1' . k^A,  adc = m0 . k^B,  bdc = m1 . k^B,
// they cross when -B's ends lie on both sides of A's circle (cba dba < 0), A's ends on both
// sides of -B's circle (adc bdc < 0), and the crossing is one point, not its antipode
// (cba bdc > 0). The normals are a few ulps off the exact ones, so each sign is trusted only
// beyond kArcTolerance: a pair whose signs say "no" beyond it is skipped (most pairs, after two
// dot products); one whose signs say "yes" beyond it is a face of Z, and its separation is the
// last formula; any other pair (parallel edges of stacked boxes, arcs meeting at an end) is
// measured along +-u by projecting every corner, which is a lower bound on -depth along any
// axis, so never a wrong answer. An edge pair that is exactly parallel (u x = 0) is no face.
//
// The edge axis. u = normalized(e^A x e^B) from the edges in A's frame - A's corners and B's
// corners moved there as GJK moves them - kept exactly and multiplied with their round-off
// (gjk/perpendicular3.hpp): a few ulps of the exact normal of that face of Z, however nearly
// parallel the edges. It points from A to B when it lies in A's arc: u . (m0 + m1) > 0.
//
// Round-off, and when the test decides. With R the largest |coordinate| of both corner sets in
// A's frame (bounded above by A's extent and |p| + B's extent, PreparedShape3::extent()), B's
// corners in A's frame are a few eps R off the exact ones (the rotation), the normals a few
// ulps off (their own round-off and the rotation), and each separation is a few dot products of
// three terms and a difference: each within about 30 eps R of the exact separation of the exact
// shapes along the exact axis (the separation is 1-Lipschitz in the corners' positions). So the
// guard is kSeparatingAxisUlps3 eps R:
//     s* < -guard   the cores overlap, surely: the depth and normal are the test's;
//     otherwise     touching to round-off, or apart: penetration() falls back to GJK and EPA.
// A face axis that separates by more than the guard ends the test at once (the cores are apart,
// GJK measures how far).
//
// The witnesses. A face's: the other shape's deepest corner, and its foot on the face's plane.
// An edge pair's: the closest points of the two edges (Ericson, "Real-Time Collision
// Detection", 5.1.9), A's kept and B's put at A's plus s u. In both point_b - point_a = s* n.
// Near ties an edge pair wins only by more than the guard: a face's witnesses are the
// steadier, and the depth is the same to round-off.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <type_traits>

#include "gjk/distance3_types.hpp"
#include "gjk/features3.hpp"
#include "gjk/math3.hpp"
#include "gjk/perpendicular3.hpp"
#include "gjk/prepared3.hpp"

namespace gjk {

/// The guard of the separating axis test in space, in eps of the largest coordinate (the top of
/// gjk/separating_axes3.hpp): about 30 eps of round-off, with room to spare. A larger guard only
/// sends more pairs that nearly touch to GJK and EPA.
inline constexpr int kSeparatingAxisUlps3 = 64;

/// Which feature pair gave the separating axis test's answer.
enum class AxisFeature3 {
    none,   ///< no axis was measured
    face_a, ///< a face of A, against B's deepest corner
    face_b, ///< a face of B, against A's deepest corner
    edges,  ///< an edge of A and an edge of B
};

/// The separating axis test's answer in A's frame (gjk/separating_axes3.hpp).
template <class T> struct SeparatingAxes3 {
    T separation{-std::numeric_limits<T>::infinity()}; ///< s*, the largest separation measured
    T guard{0};                                        ///< the round-off bound of separations
    Vec3<T> normal{};                                  ///< the winning axis, unit, from A to B
    Vec3<T> point_a{};                                 ///< witness on A (A's frame)
    Vec3<T> point_b{};                                 ///< witness on B: point_a + s* normal
    AxisFeature3 feature{AxisFeature3::none};          ///< the winning axis's features
    int index_a{-1};  ///< A's plane (face_a) or edge (edges); A's deepest corner (face_b)
    int index_b{-1};  ///< B's plane (face_b) or edge (edges); B's deepest corner (face_a)
    int projected{0}; ///< edge pairs measured by projecting every corner (not sure of the arcs)

    /// The cores overlap by more than round-off: the depth -s* and the normal are the test's.
    bool decides_overlap() const { return feature != AxisFeature3::none && separation < -guard; }
};

namespace detail {

/// The sign of an arc test's triple product, trusted beyond this (the top of
/// gjk/separating_axes3.hpp): the normals are a few ulps off, and a polyhedron whose face
/// normals move by more than this under round-off of its corners has faces of about eps R /
/// kArcTolerance across. 0 (not sure) sends a pair to the projection of every corner.
template <class T> constexpr T kArcTolerance = T(1) / T(1024);

/// -1, 0 (not sure) or +1: the sign of x beyond kArcTolerance.
template <class T> int sure_sign(T x) {
    return x > kArcTolerance<T> ? 1 : (x < -kArcTolerance<T> ? -1 : 0);
}

/// normalized((a1 - a0) x (b1 - b0)) for edges of corners, the differences kept exactly and
/// multiplied with their round-off: a few ulps of the exact direction, or zero for parallel
/// edges.
template <class T> Vec3<T> edge_axis(Vec3<T> a0, Vec3<T> a1, Vec3<T> b0, Vec3<T> b1) {
    if constexpr (std::is_same_v<T, float>) { // float's differences and products exact in double
        return narrow(normalized(cross(widen(a1) - widen(a0), widen(b1) - widen(b0))));
    } else {
        const ExactEdge<T> e = exact_edge(a1, a0), f = exact_edge(b1, b0);
        const Vec3<T> plain = cross(e.value, f.value);
        return normalized(well_conditioned(plain, e.value, f.value) ? plain : exact_cross(e, f));
    }
}

/// The closest points of the segments p0 p1 and q0 q1 (Ericson 5.1.9: the closest points of the
/// lines, each clamped to its segment and the other recomputed).
template <class T>
void closest_points_of_segments(Vec3<T> p0, Vec3<T> p1, Vec3<T> q0, Vec3<T> q1, Vec3<T>& on_p,
                                Vec3<T>& on_q) {
    const Vec3<T> d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
    const T a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
    const T c = dot(d1, r), b = dot(d1, d2);
    const T denominator = a * e - b * b; // >= 0; 0 for parallel segments
    T s = denominator > T(0) ? std::clamp((b * f - c * e) / denominator, T(0), T(1)) : T(0);
    T t = (b * s + f) / e;
    if (t < T(0)) {
        t = T(0), s = std::clamp(-c / a, T(0), T(1));
    } else if (t > T(1)) {
        t = T(1), s = std::clamp((b - c) / a, T(0), T(1));
    }
    on_p = p0 + s * d1;
    on_q = q0 + t * d2;
}

/// The least and the largest u . v over the points.
template <class T> void project(std::span<const Vec3<T>> points, Vec3<T> u, T& least, T& most) {
    least = most = dot(u, points[0]);
    for (std::size_t i = 1; i < points.size(); ++i) {
        const T x = dot(u, points[i]);
        least = x < least ? x : least;
        most = x > most ? x : most;
    }
}

/// The index of the point with the least u . v (the first among equals).
template <class T> int deepest(std::span<const Vec3<T>> points, Vec3<T> u) {
    int best = 0;
    T least = dot(u, points[0]);
    for (int i = 1; i < int(points.size()); ++i) {
        const T x = dot(u, points[std::size_t(i)]);
        if (x < least) {
            least = x, best = i;
        }
    }
    return best;
}

} // namespace detail

/// The separating axis test of the prepared polyhedra `a` and `b` (both with has_axes(),
/// precondition), B's frame seen from A's being `xf` (its quaternion unit): see the top of
/// gjk/separating_axes3.hpp.
template <class T>
SeparatingAxes3<T> separating_axes3(const PreparedShape3<T>& a, const PreparedShape3<T>& b,
                                    const Transform3<T>& xf) {
    constexpr int kMost = PreparedShape3<T>::kAxesLimit;
    const Features3<T>& fa = a.features();
    const Features3<T>& fb = b.features();
    const std::span<const Vec3<T>> va = a.vertices();
    Vec3<T> moved[kMost]; // B's corners in A's frame, as GJK moves them
    const int nb = b.count();
    for (int j = 0; j < nb; ++j) {
        moved[j] = apply(xf, b.vertices()[std::size_t(j)]);
    }
    const std::span<const Vec3<T>> vb(moved, std::size_t(nb));
    SeparatingAxes3<T> out;
    const T largest = std::max(a.extent(), max_abs(xf.p) + b.extent());
    out.guard = T(kSeparatingAxisUlps3) * std::numeric_limits<T>::epsilon() * largest;

    // A's faces, against B's deepest corner.
    for (int i = 0; i < fa.plane_count(); ++i) {
        const Vec3<T> m = fa.normals[std::size_t(i)];
        const int j = detail::deepest(vb, m);
        const T s = dot(m, vb[std::size_t(j)]) - fa.offsets[std::size_t(i)];
        if (s > out.separation) {
            out.separation = s, out.feature = AxisFeature3::face_a, out.index_a = i,
            out.index_b = j;
        }
    }
    // B's faces, turned into A's frame, against A's deepest corner.
    constexpr int kPlanes = 2 * kMost - 4, kEdges = 3 * kMost - 6; // Euler, for triangles
    Vec3<T> mb[kPlanes];
    const bool apart_by_a = out.separation > out.guard; // then the cores are apart: no more axes
    for (int j = 0; j < (apart_by_a ? 0 : fb.plane_count()); ++j) {
        const Vec3<T> m = rotate(xf.q, fb.normals[std::size_t(j)]);
        mb[j] = m;
        const int i = detail::deepest(va, m);
        const T s =
            dot(m, va[std::size_t(i)]) - dot(m, vb[std::size_t(fb.plane_corner[std::size_t(j)])]);
        if (s > out.separation) {
            out.separation = s, out.feature = AxisFeature3::face_b, out.index_a = i,
            out.index_b = j;
        }
    }
    // The edge pairs whose arcs cross (or may), each winning only by more than the guard.
    const T face_best = out.separation;
    T edge_best = face_best + out.guard;
    int edge_a = -1, edge_b = -1;
    Vec3<T> edge_u{};
    Vec3<T> kb[kEdges];
    const int edges_a = out.separation > out.guard ? 0 : fa.edge_count();
    for (int j = 0; j < (edges_a > 0 ? fb.edge_count() : 0); ++j) {
        kb[j] = rotate(xf.q, fb.arc_axes[std::size_t(j)]);
    }
    for (int i = 0; i < edges_a; ++i) {
        const Vec3<T> ka = fa.arc_axes[std::size_t(i)];
        const Vec3<T> m0 = fa.normals[std::size_t(fa.sides[std::size_t(i)][0])];
        const Vec3<T> m1 = fa.normals[std::size_t(fa.sides[std::size_t(i)][1])];
        const Vec3<T> a0 = va[std::size_t(fa.ends[std::size_t(i)][0])];
        const Vec3<T> a1 = va[std::size_t(fa.ends[std::size_t(i)][1])];
        for (int j = 0; j < fb.edge_count(); ++j) {
            const Vec3<T> n0 = mb[fb.sides[std::size_t(j)][0]];
            const Vec3<T> n1 = mb[fb.sides[std::size_t(j)][1]];
            // -B's arc from -n0 to -n1 against A's circle: both ends on one side, no crossing.
            const int cba = detail::sure_sign(-dot(n0, ka)), dba = detail::sure_sign(-dot(n1, ka));
            if (cba * dba == 1) {
                continue;
            }
            const int adc = detail::sure_sign(dot(m0, kb[j])),
                      bdc = detail::sure_sign(dot(m1, kb[j]));
            if (adc * bdc == 1 || cba * bdc == -1) {
                continue;
            }
            const Vec3<T> b0 = vb[std::size_t(fb.ends[std::size_t(j)][0])];
            const Vec3<T> b1 = vb[std::size_t(fb.ends[std::size_t(j)][1])];
            Vec3<T> u = detail::edge_axis(a0, a1, b0, b1);
            if (u == Vec3<T>{}) {
                continue; // parallel: no face of Z
            }
            T s;
            if (cba * dba == -1 && adc * bdc == -1 && cba * bdc == 1) { // a face of Z, surely
                u = dot(u, m0 + m1) > T(0) ? u : -u;
                s = dot(u, b0) - dot(u, a0);
            } else { // not sure of the arcs: every corner along +-u
                ++out.projected;
                T a_least, a_most, b_least, b_most;
                detail::project(va, u, a_least, a_most);
                detail::project(vb, u, b_least, b_most);
                s = b_least - a_most;
                if (a_least - b_most > s) {
                    s = a_least - b_most, u = -u;
                }
            }
            if (s > edge_best) {
                edge_best = s, edge_a = i, edge_b = j, edge_u = u;
            }
        }
    }
    if (edge_a >= 0) {
        out.separation = edge_best, out.feature = AxisFeature3::edges;
        out.index_a = edge_a, out.index_b = edge_b, out.normal = edge_u;
        Vec3<T> on_b;
        detail::closest_points_of_segments(va[std::size_t(fa.ends[std::size_t(edge_a)][0])],
                                           va[std::size_t(fa.ends[std::size_t(edge_a)][1])],
                                           vb[std::size_t(fb.ends[std::size_t(edge_b)][0])],
                                           vb[std::size_t(fb.ends[std::size_t(edge_b)][1])],
                                           out.point_a, on_b);
        out.point_b = out.point_a + out.separation * out.normal;
        return out;
    }
    if (out.feature == AxisFeature3::face_a) { // B's corner and its foot on A's plane
        out.normal = fa.normals[std::size_t(out.index_a)];
        out.point_b = vb[std::size_t(out.index_b)];
        out.point_a = out.point_b - out.separation * out.normal;
    } else if (out.feature == AxisFeature3::face_b) { // A's corner and its foot on B's plane
        const Vec3<T> m = mb[out.index_b];
        out.normal = -m;
        out.point_a = va[std::size_t(out.index_a)];
        out.point_b = out.point_a - out.separation * m;
    }
    return out;
}

namespace detail {

/// Whether the separating axis test applies to the pair: two views of prepared polyhedra of at
/// most PreparedShape3::kAxesLimit corners (PreparedShape3::has_axes()).
template <class T> bool separating_axes3_apply(const ShapeView3<T>& a, const ShapeView3<T>& b) {
    return a.prepared && b.prepared && a.prepared->has_axes() && b.prepared->has_axes();
}

} // namespace detail

} // namespace gjk
