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
// axis, so never a wrong answer. An edge pair that is exactly parallel (u = 0) is no face.
// The arc tests run on eight of B's edges at a time, in float for either scalar (their
// tolerance is far above float's round-off), without a branch. Of a box pair's 144 edge pairs
// they keep the 18 that make faces of Z (9 pairs of directions, each both ways).
//
// By directions. Exactly parallel edges share a direction (gjk/features3.hpp), and every edge
// pair of a direction pair has the same axis u. Two shapes of few directions (boxes: 3 each)
// are measured along the cross product of each direction pair instead, every corner projected
// along +-u: the 9 axes of two boxes hold the normal of every edge-edge face of Z, and any
// other is a lower bound, so no arc needs testing. When a direction pair wins, its witnesses
// come from the edges of those directions that support the shapes along u: A's with the
// highest lower end, B's with the lowest upper end. penetration() takes this way when
// kDirectionPairs times the direction pairs are at most the edge pairs.
//
// The edge axis. u = normalized(e^A x e^B) from the edges in A's frame - A's corners and B's
// corners turned there by the quaternion's matrix - kept exactly and multiplied with their
// round-off (gjk/perpendicular3.hpp): a few ulps of the exact normal of that face of Z, however
// nearly parallel the edges. It points from A to B when it lies in A's arc: u . (m0 + m1) > 0.
//
// Round-off, and when the test decides. With R the largest |coordinate| of both corner sets in
// A's frame (bounded above by A's extent and |p| + B's extent, PreparedShape3::extent()), B's
// corners in A's frame are a few eps R off the exact ones (the rotation), the normals a few
// ulps off (their own round-off and the rotation by the quaternion's matrix), and each separation
// is a few dot products of three terms and a difference: each within about 30 eps R of the exact
// separation of the exact shapes along the exact axis (the separation is 1-Lipschitz in the
// corners' positions). So the guard is kSeparatingAxisUlps3 eps R:
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
    int measured{0};  ///< edge pairs whose arcs cross, or may
    int projected{0}; ///< edge pairs measured by projecting every corner (not sure of the arcs)

    /// The cores overlap by more than round-off: the depth -s* and the normal are the test's.
    bool decides_overlap() const { return feature != AxisFeature3::none && separation < -guard; }
};

namespace detail {

/// The separating axis test measures edge pairs by their directions when this many times the
/// product of the direction counts is at most the product of the edge counts (boxes: 8 x 3 x 3
/// against 12 x 12): each direction pair projects every corner, where an edge pair mostly costs
/// a lane of the arc tests.
inline constexpr int kDirectionPairs = 8;

/// The sign of an arc test's triple product, trusted beyond this (the top of
/// gjk/separating_axes3.hpp): the normals are a few ulps off, and a polyhedron whose face
/// normals move by more than this under round-off of its corners has faces of about eps R /
/// kArcTolerance across. 0 (not sure) sends a pair to the projection of every corner.
template <class T> constexpr T kArcTolerance = T(1) / T(1024);

/// -1, 0 (not sure) or +1: the sign of x beyond kArcTolerance.
template <class T> int sure_sign(T x) {
    return x > kArcTolerance<T> ? 1 : (x < -kArcTolerance<T> ? -1 : 0);
}

/// v / |v|, by one square root when |v|^2 is a normal number (the common case), else by
/// normalized()'s scaling; the zero vector stays zero. Always inlined, as edge_axis().
template <class T> [[gnu::always_inline]] inline Vec3<T> unit(Vec3<T> v) {
    const T square = dot(v, v);
    if (square >= std::numeric_limits<T>::min() && square <= std::numeric_limits<T>::max()) {
        const T inverse = T(1) / std::sqrt(square);
        return {v.x * inverse, v.y * inverse, v.z * inverse};
    }
    return normalized(v);
}

/// normalized((a1 - a0) x (b1 - b0)) for edges of corners, the differences kept exactly and
/// multiplied with their round-off: a few ulps of the exact direction, or zero for parallel
/// edges. Always inlined: a call passes float vectors in halves of registers, which the callee
/// stores and reloads whole, a stall on every load (docs/performance.md).
template <class T>
[[gnu::always_inline]] inline Vec3<T> edge_axis(Vec3<T> a0, Vec3<T> a1, Vec3<T> b0, Vec3<T> b1) {
    if constexpr (std::is_same_v<T, float>) { // float's differences and products exact in double
        return narrow(unit(cross(widen(a1) - widen(a0), widen(b1) - widen(b0))));
    } else {
        const ExactEdge<T> e = exact_edge(a1, a0), f = exact_edge(b1, b0);
        const Vec3<T> plain = cross(e.value, f.value);
        return unit(well_conditioned(plain, e.value, f.value) ? plain : exact_cross(e, f));
    }
}

/// The closest points of the segments p0 p1 and q0 q1 (Ericson 5.1.9: the closest points of the
/// lines, each clamped to its segment and the other recomputed; a segment whose squared length
/// is zero is its first end). The parameters s and t do not change when every vector is scaled,
/// so they are computed on the edges scaled by a power of two to a largest coordinate near 1:
/// the products of four coordinates overflow no float.
template <class T>
void closest_points_of_segments(Vec3<T> p0, Vec3<T> p1, Vec3<T> q0, Vec3<T> q1, Vec3<T>& on_p,
                                Vec3<T>& on_q) {
    const Vec3<T> e1 = p1 - p0, e2 = q1 - q0, p0_q0 = p0 - q0;
    const T k = detail::unit_scale({e1, e2, p0_q0});
    const Vec3<T> d1 = k * e1, d2 = k * e2, r = k * p0_q0;
    const T a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
    const T c = dot(d1, r), b = dot(d1, d2);
    on_p = p0, on_q = q0;
    if (!(a > T(0)) && !(e > T(0))) {
        return; // two points (a moved edge can round to one)
    }
    if (!(a > T(0))) {
        on_q = q0 + std::clamp(f / e, T(0), T(1)) * e2;
        return;
    }
    if (!(e > T(0))) {
        on_p = p0 + std::clamp(-c / a, T(0), T(1)) * e1;
        return;
    }
    const T denominator = a * e - b * b; // >= 0; 0 for parallel segments
    T s = denominator > T(0) ? std::clamp((b * f - c * e) / denominator, T(0), T(1)) : T(0);
    T t = (b * s + f) / e;
    if (t < T(0)) {
        t = T(0), s = std::clamp(-c / a, T(0), T(1));
    } else if (t > T(1)) {
        t = T(1), s = std::clamp((b - c) / a, T(0), T(1));
    }
    on_p = p0 + s * e1;
    on_q = q0 + t * e2;
}

/// The lanes of the test's blocks: eight values side by side, a loop of fixed length that GCC
/// and clang turn into vector instructions (as PreparedShape3::scan()).
inline constexpr int kLanes = 8;
/// n rounded up to whole blocks of kLanes.
constexpr int whole_lanes(int n) {
    return (n + kLanes - 1) / kLanes * kLanes;
}

/// A polyhedron's corners in A's frame as arrays of x, y and z, room for N, padded with copies
/// of corner 0.
template <class T, int N> struct Corners {
    static constexpr int kCount = N;
    static_assert(kCount % kLanes == 0);
    alignas(32) T x[kCount], y[kCount], z[kCount];

    /// The least and the largest m . v over the corners, in one pass.
    void range(Vec3<T> m, T& m_least, T& m_most) const {
        T low[kLanes], high[kLanes];
        for (int k = 0; k < kLanes; ++k) {
            low[k] = high[k] = m.x * x[k] + m.y * y[k] + m.z * z[k];
        }
        for (int first = kLanes; first < kCount; first += kLanes) {
            for (int k = 0; k < kLanes; ++k) {
                const T d = m.x * x[first + k] + m.y * y[first + k] + m.z * z[first + k];
                low[k] = d < low[k] ? d : low[k];
                high[k] = d > high[k] ? d : high[k];
            }
        }
        m_least = low[0], m_most = high[0];
        for (int k = 1; k < kLanes; ++k) {
            m_least = low[k] < m_least ? low[k] : m_least;
            m_most = high[k] > m_most ? high[k] : m_most;
        }
    }

    /// The least m . v over the corners.
    T least(Vec3<T> m) const {
        T lanes[kLanes];
        for (int k = 0; k < kLanes; ++k) {
            lanes[k] = m.x * x[k] + m.y * y[k] + m.z * z[k];
        }
        for (int first = kLanes; first < kCount; first += kLanes) {
            for (int k = 0; k < kLanes; ++k) {
                const T d = m.x * x[first + k] + m.y * y[first + k] + m.z * z[first + k];
                lanes[k] = d < lanes[k] ? d : lanes[k];
            }
        }
        T m_least = lanes[0];
        for (int k = 1; k < kLanes; ++k) {
            m_least = lanes[k] < m_least ? lanes[k] : m_least;
        }
        return m_least;
    }
};

/// The rotation of a unit quaternion as its matrix, for turning many normals.
template <class T> struct Rotation3 {
    Vec3<T> r0, r1, r2; // the rows
    explicit Rotation3(Quat<T> q) {
        const T x2 = q.x + q.x, y2 = q.y + q.y, z2 = q.z + q.z;
        const T xx = q.x * x2, yy = q.y * y2, zz = q.z * z2;
        const T xy = q.x * y2, xz = q.x * z2, yz = q.y * z2;
        const T wx = q.w * x2, wy = q.w * y2, wz = q.w * z2;
        r0 = {T(1) - (yy + zz), xy - wz, xz + wy};
        r1 = {xy + wz, T(1) - (xx + zz), yz - wx};
        r2 = {xz - wy, yz + wx, T(1) - (xx + yy)};
    }
    Vec3<T> operator()(Vec3<T> v) const { return {dot(r0, v), dot(r1, v), dot(r2, v)}; }
};

/// A vector in float: the arc tests' precision (their tolerance is far above float's eps).
template <class T> Vec3<float> to_float(Vec3<T> v) {
    return {float(v.x), float(v.y), float(v.z)};
}

/// B's edges' arcs in A's frame as arrays of floats (for either T: the arc tests only compare
/// with kArcTolerance, and float's lanes are twice double's): each edge's two plane normals
/// (n0, n1: the arc of -B's edge runs from -n0 to -n1) and its circle's normal k.
template <int N> struct Arcs {
    alignas(32) float n0x[N], n0y[N], n0z[N], n1x[N], n1y[N], n1z[N], kx[N], ky[N], kz[N];

    void set(int j, Vec3<float> n0, Vec3<float> n1, Vec3<float> k) {
        n0x[j] = n0.x, n0y[j] = n0.y, n0z[j] = n0.z;
        n1x[j] = n1.x, n1y[j] = n1.y, n1z[j] = n1.z;
        kx[j] = k.x, ky[j] = k.y, kz[j] = k.z;
    }
    Vec3<float> n0(int j) const { return {n0x[j], n0y[j], n0z[j]}; }
    Vec3<float> n1(int j) const { return {n1x[j], n1y[j], n1z[j]}; }
    Vec3<float> k(int j) const { return {kx[j], ky[j], kz[j]}; }

    /// A bit for each edge j of the block from `first` whose arc may cross A's arc (m0, m1,
    /// circle ka): no test of the top of gjk/separating_axes3.hpp says "no" beyond
    /// kArcTolerance. The signs as 0/1 lanes, without a branch.
    unsigned may_cross(int first, Vec3<float> ka, Vec3<float> m0, Vec3<float> m1) const {
        const float tol = kArcTolerance<float>;
        int no[kLanes];
        for (int k = 0; k < kLanes; ++k) {
            const int j = first + k;
            const float cba = -(n0x[j] * ka.x + n0y[j] * ka.y + n0z[j] * ka.z);
            const float dba = -(n1x[j] * ka.x + n1y[j] * ka.y + n1z[j] * ka.z);
            const float adc = m0.x * kx[j] + m0.y * ky[j] + m0.z * kz[j];
            const float bdc = m1.x * kx[j] + m1.y * ky[j] + m1.z * kz[j];
            // Both of -B's ends on one side of A's circle, both of A's on one side of -B's, or
            // the crossing's antipode (cba and bdc surely of opposite signs); & and |, not &&
            // and ||: no branch.
            const int c_up = cba > tol, c_down = cba<-tol, d_up = dba> tol, d_down = dba < -tol;
            const int a_up = adc > tol, a_down = adc<-tol, b_up = bdc> tol, b_down = bdc < -tol;
            no[k] = (c_up & d_up) | (c_down & d_down) | (a_up & b_up) | (a_down & b_down) |
                    (c_up & b_down) | (c_down & b_up);
        }
        unsigned mask = 0;
        for (int k = 0; k < kLanes; ++k) {
            mask |= unsigned(no[k] == 0) << k;
        }
        return mask;
    }
};

/// The larger separation of the corner sets along u and -u, by projecting every corner: a
/// lower bound on -depth along any axis. u is turned to the side that gave it (from A to B).
template <class T, int N>
T projected_separation(const Corners<T, N>& ca, const Corners<T, N>& cb, Vec3<T>& u) {
    T a_least, a_most, b_least, b_most;
    ca.range(u, a_least, a_most);
    cb.range(u, b_least, b_most);
    if (a_least - b_most > b_least - a_most) {
        u = -u;
        return a_least - b_most;
    }
    return b_least - a_most;
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

namespace detail {

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

} // namespace detail

/// The separating axis test of the prepared polyhedra `a` and `b` (both with has_axes(),
/// precondition), B's frame seen from A's being `xf` (its quaternion unit): see the top of
/// gjk/separating_axes3.hpp. Two shapes of at most 8 corners (boxes) take one block of lanes a
/// pass, others two; the answer is the same (the padding repeats corner 0).
template <class T>
SeparatingAxes3<T> separating_axes3(const PreparedShape3<T>& a, const PreparedShape3<T>& b,
                                    const Transform3<T>& xf) {
    constexpr int kBlock = detail::kLanes;
    if (a.count() <= kBlock && b.count() <= kBlock) {
        return detail::separating_axes3_of<T, kBlock>(a, b, xf);
    }
    return detail::separating_axes3_of<T, PreparedShape3<T>::kAxesLimit>(a, b, xf);
}

namespace detail {

/// The most corners of each shape for which penetration() takes the separating axis test
/// rather than GJK and EPA: where it is the faster of the two, in float and double alike
/// (docs/performance.md, the SpacePenetration rows): boxes, not hulls of 16 points.
inline constexpr int kSeparatingAxesCorners = 8;

/// Whether the separating axis test applies to the pair: two views of prepared polyhedra with
/// their features (PreparedShape3::has_axes()) of at most kSeparatingAxesCorners corners.
template <class T> bool separating_axes3_apply(const ShapeView3<T>& a, const ShapeView3<T>& b) {
    return a.prepared && b.prepared && a.prepared->has_axes() && b.prepared->has_axes() &&
           a.prepared->count() <= kSeparatingAxesCorners &&
           b.prepared->count() <= kSeparatingAxesCorners;
}

} // namespace detail

} // namespace gjk
