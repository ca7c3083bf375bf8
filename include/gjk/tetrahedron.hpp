// gjk/tetrahedron.hpp - closest point on a solid tetrahedron (the talk's concepts one dimension
// up: the simplex GJK keeps in space has up to four points).
//
// Derivation. Q = u*A + v*B + w*C + x*D with u + v + w + x = 1 solves for the tetrahedron's
// barycentric coordinates, which are fractional signed volumes:
//     u = V(Q, B, C, D) / V(A, B, C, D),  v = V(A, Q, C, D) / V,  w = V(A, B, Q, D) / V,
//     x = V(A, B, C, Q) / V,   V(P0, P1, P2, P3) = [(P1 - P0) x (P2 - P0)].(P3 - P0)
// (six times the signed volume). As in 2D they tell on which side of each face Q lies but are
// not the Voronoi regions by themselves; with the two segment coordinates of each of the six
// edges (gjk/segment3.hpp) and the three face coordinates of each of the four faces
// (gjk/triangle3.hpp) they are, lowest-dimensional features first:
//   vertex A   vAB <= 0, vAC <= 0, vAD <= 0   (Q behind A along its three edges)
//   edge AB    uAB > 0, vAB > 0, and C's weight in face ABC <= 0 and D's in face ABD <= 0
//              (between A and B, and beyond AB in both faces that meet there)
//   face ABC   its three face weights > 0 and x <= 0   (over the face, on the side away from D)
//   interior   u, v, w, x > 0
// (and the same for the other 3 vertices, 6 edges, 4 faces by renaming): 15 regions.
//
// No division by the volume: the four are kept as the volumes themselves, multiplied by the
// sign of V(A, B, C, D) so that "positive" means "inside" for either orientation. They are of
// the third power of the size, so they are computed on the points seen from Q scaled by a power
// of two (exact) that brings the largest coordinate near 1 (detail::unit_scale). A flat
// tetrahedron (coplanar points) makes all four zero: the interior test can never pass, and the
// face, edge or vertex chosen divides only by a sum of positive numbers.
#pragma once

#include "gjk/math3.hpp"
#include "gjk/perpendicular3.hpp"
#include "gjk/segment3.hpp"
#include "gjk/triangle3.hpp"

namespace gjk {

/// Voronoi region of a tetrahedron ABCD as a bitmask of contributing vertices (bit 0 = A,
/// bit 1 = B, bit 2 = C, bit 3 = D): 4 vertices, 6 edges, 4 faces and the solid.
enum class TetrahedronRegion : unsigned char {
    A = 0b0001,    ///< vertex A
    B = 0b0010,    ///< vertex B
    C = 0b0100,    ///< vertex C
    D = 0b1000,    ///< vertex D
    AB = 0b0011,   ///< the interior of edge AB
    AC = 0b0101,   ///< the interior of edge AC
    AD = 0b1001,   ///< the interior of edge AD
    BC = 0b0110,   ///< the interior of edge BC
    BD = 0b1010,   ///< the interior of edge BD
    CD = 0b1100,   ///< the interior of edge CD
    ABC = 0b0111,  ///< the interior of face ABC
    ABD = 0b1011,  ///< the interior of face ABD
    ACD = 0b1101,  ///< the interior of face ACD
    BCD = 0b1110,  ///< the interior of face BCD
    ABCD = 0b1111, ///< Q is inside the solid tetrahedron
};

/// The coordinates of Q: two per edge, three per face (each face's TriangleCoordinates, its
/// vertices in the order of its name), and the four volumes (sign-corrected, scaled; all zero
/// for a flat tetrahedron).
template <class T> struct TetrahedronCoordinates {
    SegmentCoordinates<T> ab;   ///< edge AB (u: A's weight, v: B's)
    SegmentCoordinates<T> ac;   ///< edge AC
    SegmentCoordinates<T> ad;   ///< edge AD
    SegmentCoordinates<T> bc;   ///< edge BC
    SegmentCoordinates<T> bd;   ///< edge BD
    SegmentCoordinates<T> cd;   ///< edge CD
    TriangleCoordinates<T> abc; ///< face ABC (its uABC, vABC, wABC: A's, B's, C's weight)
    TriangleCoordinates<T> abd; ///< face ABD
    TriangleCoordinates<T> acd; ///< face ACD
    TriangleCoordinates<T> bcd; ///< face BCD
    T uABCD{0};                 ///< A's weight: V(Q, B, C, D), sign-corrected, scaled
    T vABCD{0};                 ///< B's weight: V(A, Q, C, D)
    T wABCD{0};                 ///< C's weight: V(A, B, Q, D)
    T xABCD{0};                 ///< D's weight: V(A, B, C, Q)
};

/// The closest point on a tetrahedron and how it was found.
template <class T> struct TetrahedronClosest {
    Vec3<T> point{};                                ///< P = u*A + v*B + w*C + x*D
    T u{1};                                         ///< A's weight
    T v{0};                                         ///< B's weight
    T w{0};                                         ///< C's weight
    T x{0};                                         ///< D's weight; the four sum to 1, all >= 0
    TetrahedronRegion region{TetrahedronRegion::A}; ///< the Voronoi region of Q
};

namespace detail {

/// Face xyz's coordinates of q (its edges' given in its own order, XY, YZ, XZ, for its
/// triangle_region when the tetrahedron's coordinates disagree, below; a reversed edge swaps its
/// two coordinates).
template <class T>
TriangleCoordinates<T> tetrahedron_face(Vec3<T> x, Vec3<T> y, Vec3<T> z, Vec3<T> q,
                                        SegmentCoordinates<T> xy, SegmentCoordinates<T> yz,
                                        SegmentCoordinates<T> xz) {
    TriangleCoordinates<T> f;
    f.uAB = xy.u, f.vAB = xy.v, f.uBC = yz.u, f.vBC = yz.v, f.uCA = xz.v, f.vCA = xz.u;
    face_coordinates(x, y, z, q, f);
    return f;
}

} // namespace detail

/// All coordinates of q with respect to the tetrahedron abcd. The 16 face coordinates and volumes
/// are products of 12 distinct cross products (each face's normal, the points' pairwise products
/// seen from q, and two normals of the volumes): each is computed once, on the points scaled for
/// the volumes, and shared by every face whose own scale is that one (the face holding the
/// largest coordinate; the others are computed on their own scale) - the numbers of each face on
/// its own, as the derivation above reads.
template <class T>
TetrahedronCoordinates<T> tetrahedron_coordinates(Vec3<T> a, Vec3<T> b, Vec3<T> c, Vec3<T> d,
                                                  Vec3<T> q) {
    const SegmentCoordinates<T> ab = segment_coordinates(a, b, q),
                                ac = segment_coordinates(a, c, q);
    const SegmentCoordinates<T> ad = segment_coordinates(a, d, q),
                                bc = segment_coordinates(b, c, q);
    const SegmentCoordinates<T> bd = segment_coordinates(b, d, q),
                                cd = segment_coordinates(c, d, q);

    using detail::conditioned_cross, detail::face_normal;
    const T s = detail::unit_scale({a - q, b - q, c - q, d - q});
    const Vec3<T> sa = s * (a - q), sb = s * (b - q), sc = s * (c - q), sd = s * (d - q);
    const Vec3<T> o{}; // Q, seen from itself
    const Vec3<T> n_abc = face_normal(sa, sb, sc), n_abd = face_normal(sa, sb, sd);
    const Vec3<T> n_acd = face_normal(sa, sc, sd), n_bcd = face_normal(sb, sc, sd);
    const Vec3<T> bxc = conditioned_cross(sb, sc), cxa = conditioned_cross(sc, sa);
    const Vec3<T> axb = conditioned_cross(sa, sb), bxd = conditioned_cross(sb, sd);
    const Vec3<T> dxa = conditioned_cross(sd, sa), cxd = conditioned_cross(sc, sd);

    // A face's own scale (face_coordinates) is s when it holds a coordinate of the scaled
    // points' largest, in [1, 2); a face of only smaller points is scaled up on its own.
    const T ma = max_abs(sa), mb = max_abs(sb), mc = max_abs(sc), md = max_abs(sd);
    const T most = std::max({ma, mb, mc, md});
    const bool unit = most >= T(1) && most < T(2);
    auto face = [&](T largest, Vec3<T> x, Vec3<T> y, Vec3<T> z, SegmentCoordinates<T> xy,
                    SegmentCoordinates<T> yz, SegmentCoordinates<T> xz, Vec3<T> n, Vec3<T> yxz,
                    Vec3<T> zxx, Vec3<T> xxy) {
        if (!(unit && largest >= T(1))) {
            return detail::tetrahedron_face(x, y, z, q, xy, yz, xz);
        }
        return TriangleCoordinates<T>{xy.u, xy.v,        yz.u,        yz.v,       xz.v,
                                      xz.u, dot(yxz, n), dot(zxx, n), dot(xxy, n)};
    };
    // (A product in the other order is the negation, exactly: rounding is symmetric.)
    const TriangleCoordinates<T> abc =
        face(std::max({ma, mb, mc}), a, b, c, ab, bc, ac, n_abc, bxc, cxa, axb);
    const TriangleCoordinates<T> abd =
        face(std::max({ma, mb, md}), a, b, d, ab, bd, ad, n_abd, bxd, dxa, axb);
    const TriangleCoordinates<T> acd =
        face(std::max({ma, mc, md}), a, c, d, ac, cd, ad, n_acd, cxd, dxa, -cxa);
    const TriangleCoordinates<T> bcd =
        face(std::max({mb, mc, md}), b, c, d, bc, cd, bd, n_bcd, cxd, -bxd, bxc);

    // The volumes V(P0, P1, P2, P3) = [(P1 - P0) x (P2 - P0)].(P3 - P0): V(Q, B, C, D)'s normal is
    // B x C; V(A, B, C, Q)'s and the whole's are ABC's.
    const T whole = dot(n_abc, sd - sa);
    const T sign = T(int(whole > T(0)) - int(whole < T(0))); // -1, 0 or 1
    const T u = sign * dot(bxc, sd - o);
    const T v = sign * dot(face_normal(sa, o, sc), sd - sa);
    const T w = sign * dot(face_normal(sa, sb, o), sd - sa);
    const T x = sign * dot(n_abc, o - sa);
    return {ab, ac, ad, bc, bd, cd, abc, abd, acd, bcd, u, v, w, x};
}

/// The Voronoi region from the coordinates: vertices, edges, faces, then the solid.
template <class T> TetrahedronRegion tetrahedron_region(const TetrahedronCoordinates<T>& k) {
    using R = TetrahedronRegion;
    // Vertex regions: Q behind the vertex along its three edges.
    if (k.ab.v <= T(0) && k.ac.v <= T(0) && k.ad.v <= T(0)) {
        return R::A;
    }
    if (k.ab.u <= T(0) && k.bc.v <= T(0) && k.bd.v <= T(0)) {
        return R::B;
    }
    if (k.ac.u <= T(0) && k.bc.u <= T(0) && k.cd.v <= T(0)) {
        return R::C;
    }
    if (k.ad.u <= T(0) && k.bd.u <= T(0) && k.cd.u <= T(0)) {
        return R::D;
    }

    // Edge regions: between the ends, and beyond the edge in both faces that meet there (the
    // weight of each face's third vertex <= 0).
    if (k.ab.u > T(0) && k.ab.v > T(0) && k.abc.wABC <= T(0) && k.abd.wABC <= T(0)) {
        return R::AB;
    }
    if (k.ac.u > T(0) && k.ac.v > T(0) && k.abc.vABC <= T(0) && k.acd.wABC <= T(0)) {
        return R::AC;
    }
    if (k.ad.u > T(0) && k.ad.v > T(0) && k.abd.vABC <= T(0) && k.acd.vABC <= T(0)) {
        return R::AD;
    }
    if (k.bc.u > T(0) && k.bc.v > T(0) && k.abc.uABC <= T(0) && k.bcd.wABC <= T(0)) {
        return R::BC;
    }
    if (k.bd.u > T(0) && k.bd.v > T(0) && k.abd.uABC <= T(0) && k.bcd.vABC <= T(0)) {
        return R::BD;
    }
    if (k.cd.u > T(0) && k.cd.v > T(0) && k.acd.uABC <= T(0) && k.bcd.uABC <= T(0)) {
        return R::CD;
    }

    // Face regions: over the face, on the side away from the fourth vertex.
    auto over = [](const TriangleCoordinates<T>& f) {
        return f.uABC > T(0) && f.vABC > T(0) && f.wABC > T(0);
    };
    if (over(k.abc) && k.xABCD <= T(0)) {
        return R::ABC;
    }
    if (over(k.abd) && k.wABCD <= T(0)) {
        return R::ABD;
    }
    if (over(k.acd) && k.vABCD <= T(0)) {
        return R::ACD;
    }
    if (over(k.bcd) && k.uABCD <= T(0)) {
        return R::BCD;
    }

    // The solid: every other region has been ruled out...
    if (k.uABCD > T(0) && k.vABCD > T(0) && k.wABCD > T(0) && k.xABCD > T(0)) {
        return R::ABCD;
    }

    // ...in exact arithmetic. When round-off makes the coordinates disagree (Q on a region
    // boundary of a nearly flat tetrahedron), take the face Q is most outside of and its own
    // region by its own nine coordinates, as 2D's triangle_region falls back to an edge.
    const T least = std::min({k.uABCD, k.vABCD, k.wABCD, k.xABCD});
    auto on_face = [](TriangleRegion r, unsigned x, unsigned y, unsigned z) {
        const auto bits = static_cast<unsigned>(r);
        return static_cast<R>((bits & 1 ? x : 0) | (bits & 2 ? y : 0) | (bits & 4 ? z : 0));
    };
    if (k.xABCD == least) {
        return on_face(triangle_region(k.abc), 1, 2, 4);
    }
    if (k.wABCD == least) {
        return on_face(triangle_region(k.abd), 1, 2, 8);
    }
    if (k.vABCD == least) {
        return on_face(triangle_region(k.acd), 1, 4, 8);
    }
    return on_face(triangle_region(k.bcd), 2, 4, 8);
}

/// The normalized weights (u, v, w, x) of the closest point for a region chosen by
/// tetrahedron_region. Every weight is a quotient by a sum of positive numbers (divided, not
/// multiplied by a reciprocal that could overflow), at most 1.
template <class T>
TetrahedronClosest<T> tetrahedron_weights(const TetrahedronCoordinates<T>& k,
                                          TetrahedronRegion region) {
    using R = TetrahedronRegion;
    TetrahedronClosest<T> r;
    r.region = region;
    r.u = r.v = r.w = r.x = T(0);
    T* weight[4] = {&r.u, &r.v, &r.w, &r.x};
    auto edge = [&](SegmentCoordinates<T> e, int i, int j) {
        const T sum = e.u + e.v;
        *weight[i] = e.u / sum, *weight[j] = e.v / sum;
    };
    auto face = [&](const TriangleCoordinates<T>& f, int i, int j, int l) {
        const T sum = f.uABC + f.vABC + f.wABC;
        *weight[i] = f.uABC / sum, *weight[j] = f.vABC / sum, *weight[l] = f.wABC / sum;
    };
    switch (region) {
    case R::A:
        r.u = T(1);
        break;
    case R::B:
        r.v = T(1);
        break;
    case R::C:
        r.w = T(1);
        break;
    case R::D:
        r.x = T(1);
        break;
    case R::AB:
        edge(k.ab, 0, 1);
        break;
    case R::AC:
        edge(k.ac, 0, 2);
        break;
    case R::AD:
        edge(k.ad, 0, 3);
        break;
    case R::BC:
        edge(k.bc, 1, 2);
        break;
    case R::BD:
        edge(k.bd, 1, 3);
        break;
    case R::CD:
        edge(k.cd, 2, 3);
        break;
    case R::ABC:
        face(k.abc, 0, 1, 2);
        break;
    case R::ABD:
        face(k.abd, 0, 1, 3);
        break;
    case R::ACD:
        face(k.acd, 0, 2, 3);
        break;
    case R::BCD:
        face(k.bcd, 1, 2, 3);
        break;
    case R::ABCD: {
        const T sum = k.uABCD + k.vABCD + k.wABCD + k.xABCD;
        r.u = k.uABCD / sum, r.v = k.vABCD / sum, r.w = k.wABCD / sum, r.x = k.xABCD / sum;
        break;
    }
    }
    return r;
}

/// Closest point of the solid tetrahedron abcd (either orientation, flat ones included) to q,
/// with its Voronoi region and barycentric weights; q itself when it is inside.
template <class T>
TetrahedronClosest<T> closest_point_tetrahedron(Vec3<T> a, Vec3<T> b, Vec3<T> c, Vec3<T> d,
                                                Vec3<T> q) {
    const TetrahedronCoordinates<T> k = tetrahedron_coordinates(a, b, c, d, q);
    TetrahedronClosest<T> r = tetrahedron_weights(k, tetrahedron_region(k));
    r.point = r.u * a + r.v * b + r.w * c + r.x * d;
    return r;
}

} // namespace gjk
