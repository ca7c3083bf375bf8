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
/// for a flat tetrahedron). The edges' are computed at once (a dot product each, and every region
/// test starts with them); a face's, and the volumes, when a test first reads them: the region
/// tests short-circuit, so many tetrahedra never need some of them, and each is the same number
/// whenever it is computed.
template <class T> class TetrahedronCoordinates {
  public:
    SegmentCoordinates<T> ab; ///< edge AB (u: A's weight, v: B's)
    SegmentCoordinates<T> ac; ///< edge AC
    SegmentCoordinates<T> ad; ///< edge AD
    SegmentCoordinates<T> bc; ///< edge BC
    SegmentCoordinates<T> bd; ///< edge BD
    SegmentCoordinates<T> cd; ///< edge CD

    /// The coordinates of q with respect to the tetrahedron abcd (the edges' computed now).
    TetrahedronCoordinates(Vec3<T> a, Vec3<T> b, Vec3<T> c, Vec3<T> d, Vec3<T> q)
        : ab(segment_coordinates(a, b, q)), ac(segment_coordinates(a, c, q)),
          ad(segment_coordinates(a, d, q)), bc(segment_coordinates(b, c, q)),
          bd(segment_coordinates(b, d, q)), cd(segment_coordinates(c, d, q)), p_{a, b, c, d},
          q_(q) {}

    /// Face ABC's coordinates (its uABC, vABC, wABC: A's, B's, C's weight).
    const TriangleCoordinates<T>& abc() const { return face(0, 0, 1, 2, ab, bc, ac); }
    const TriangleCoordinates<T>& abd() const { return face(1, 0, 1, 3, ab, bd, ad); } ///< ABD
    const TriangleCoordinates<T>& acd() const { return face(2, 0, 2, 3, ac, cd, ad); } ///< ACD
    const TriangleCoordinates<T>& bcd() const { return face(3, 1, 2, 3, bc, cd, bd); } ///< BCD

    T uABCD() const { return volumes()[0]; } ///< A's weight: V(Q, B, C, D), sign-corrected, scaled
    T vABCD() const { return volumes()[1]; } ///< B's weight: V(A, Q, C, D)
    T wABCD() const { return volumes()[2]; } ///< C's weight: V(A, B, Q, D)
    T xABCD() const { return volumes()[3]; } ///< D's weight: V(A, B, C, Q)

  private:
    /// Face f, its vertices x, y, z by index and its edges in its own order (XY, YZ, XZ, for its
    /// triangle_region when the coordinates disagree; a reversed edge swaps its two coordinates).
    const TriangleCoordinates<T>& face(int f, int x, int y, int z, SegmentCoordinates<T> xy,
                                       SegmentCoordinates<T> yz, SegmentCoordinates<T> xz) const {
        if (!(known_ & (1u << f))) {
            TriangleCoordinates<T>& k = faces_[f];
            k.uAB = xy.u, k.vAB = xy.v, k.uBC = yz.u, k.vBC = yz.v, k.uCA = xz.v, k.vCA = xz.u;
            face_coordinates(p_[x], p_[y], p_[z], q_, k);
            known_ |= 1u << f;
        }
        return faces_[f];
    }
    /// The four volumes, on the points seen from Q scaled by a power of two (exact) that brings
    /// the largest coordinate near 1.
    const T* volumes() const {
        if (!(known_ & 16u)) {
            const Vec3<T> a = p_[0], b = p_[1], c = p_[2], d = p_[3];
            const T s = detail::unit_scale({a - q_, b - q_, c - q_, d - q_});
            const Vec3<T> sa = s * (a - q_), sb = s * (b - q_), sc = s * (c - q_),
                          sd = s * (d - q_);
            auto volume = [](Vec3<T> p0, Vec3<T> p1, Vec3<T> p2, Vec3<T> p3) {
                return dot(detail::face_normal(p0, p1, p2), p3 - p0);
            };
            const Vec3<T> o{}; // Q, seen from itself
            const T whole = volume(sa, sb, sc, sd);
            const T sign = T(int(whole > T(0)) - int(whole < T(0))); // -1, 0 or 1
            volumes_[0] = sign * volume(o, sb, sc, sd);
            volumes_[1] = sign * volume(sa, o, sc, sd);
            volumes_[2] = sign * volume(sa, sb, o, sd);
            volumes_[3] = sign * volume(sa, sb, sc, o);
            known_ |= 16u;
        }
        return volumes_;
    }

    Vec3<T> p_[4];
    Vec3<T> q_;
    mutable unsigned known_{0}; ///< bit f: face f computed; bit 4: the volumes
    mutable TriangleCoordinates<T> faces_[4];
    mutable T volumes_[4];
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

/// The coordinates of q with respect to the tetrahedron abcd (each face's and the volumes on
/// demand).
template <class T>
TetrahedronCoordinates<T> tetrahedron_coordinates(Vec3<T> a, Vec3<T> b, Vec3<T> c, Vec3<T> d,
                                                  Vec3<T> q) {
    return TetrahedronCoordinates<T>(a, b, c, d, q);
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
    if (k.ab.u > T(0) && k.ab.v > T(0) && k.abc().wABC <= T(0) && k.abd().wABC <= T(0)) {
        return R::AB;
    }
    if (k.ac.u > T(0) && k.ac.v > T(0) && k.abc().vABC <= T(0) && k.acd().wABC <= T(0)) {
        return R::AC;
    }
    if (k.ad.u > T(0) && k.ad.v > T(0) && k.abd().vABC <= T(0) && k.acd().vABC <= T(0)) {
        return R::AD;
    }
    if (k.bc.u > T(0) && k.bc.v > T(0) && k.abc().uABC <= T(0) && k.bcd().wABC <= T(0)) {
        return R::BC;
    }
    if (k.bd.u > T(0) && k.bd.v > T(0) && k.abd().uABC <= T(0) && k.bcd().vABC <= T(0)) {
        return R::BD;
    }
    if (k.cd.u > T(0) && k.cd.v > T(0) && k.acd().uABC <= T(0) && k.bcd().uABC <= T(0)) {
        return R::CD;
    }

    // Face regions: over the face, on the side away from the fourth vertex.
    auto over = [](const TriangleCoordinates<T>& f) {
        return f.uABC > T(0) && f.vABC > T(0) && f.wABC > T(0);
    };
    // (The volume first: the same test, and the face's coordinates only when it holds.)
    if (k.xABCD() <= T(0) && over(k.abc())) {
        return R::ABC;
    }
    if (k.wABCD() <= T(0) && over(k.abd())) {
        return R::ABD;
    }
    if (k.vABCD() <= T(0) && over(k.acd())) {
        return R::ACD;
    }
    if (k.uABCD() <= T(0) && over(k.bcd())) {
        return R::BCD;
    }

    // The solid: every other region has been ruled out...
    if (k.uABCD() > T(0) && k.vABCD() > T(0) && k.wABCD() > T(0) && k.xABCD() > T(0)) {
        return R::ABCD;
    }

    // ...in exact arithmetic. When round-off makes the coordinates disagree (Q on a region
    // boundary of a nearly flat tetrahedron), take the face Q is most outside of and its own
    // region by its own nine coordinates, as 2D's triangle_region falls back to an edge.
    const T least = std::min({k.uABCD(), k.vABCD(), k.wABCD(), k.xABCD()});
    auto on_face = [](TriangleRegion r, unsigned x, unsigned y, unsigned z) {
        const auto bits = static_cast<unsigned>(r);
        return static_cast<R>((bits & 1 ? x : 0) | (bits & 2 ? y : 0) | (bits & 4 ? z : 0));
    };
    if (k.xABCD() == least) {
        return on_face(triangle_region(k.abc()), 1, 2, 4);
    }
    if (k.wABCD() == least) {
        return on_face(triangle_region(k.abd()), 1, 2, 8);
    }
    if (k.vABCD() == least) {
        return on_face(triangle_region(k.acd()), 1, 4, 8);
    }
    return on_face(triangle_region(k.bcd()), 2, 4, 8);
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
        face(k.abc(), 0, 1, 2);
        break;
    case R::ABD:
        face(k.abd(), 0, 1, 3);
        break;
    case R::ACD:
        face(k.acd(), 0, 2, 3);
        break;
    case R::BCD:
        face(k.bcd(), 1, 2, 3);
        break;
    case R::ABCD: {
        const T sum = k.uABCD() + k.vABCD() + k.wABCD() + k.xABCD();
        r.u = k.uABCD() / sum, r.v = k.vABCD() / sum, r.w = k.wABCD() / sum, r.x = k.xABCD() / sum;
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
