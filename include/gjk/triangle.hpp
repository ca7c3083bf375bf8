// gjk/triangle.hpp - closest point on a triangle (the talk, section 2).
//
// Derivation. Q = u*A + v*B + w*C with u + v + w = 1 solves for the triangle barycentric
// coordinates, which are fractional signed areas:
//     u = area(Q, B, C) / area(A, B, C),  v = area(Q, C, A) / area,  w = area(Q, A, B) / area,
// with signed area(X, Y, Z) = cross(Y - X, Z - X) / 2. They tell on which side of each edge Q
// lies but are not the Voronoi regions by themselves; the talk combines them with the segment
// coordinates of the three edges (gjk/segment.hpp), nine numbers in all, and tests the
// lowest-dimensional features first:
//   vertex A   vAB <= 0 and uCA <= 0   (Q is behind A along both edges that meet there)
//   edge AB    uAB > 0 and vAB > 0 and wABC <= 0   (between A and B, and outside AB)
//   interior   uABC > 0 and vABC > 0 and wABC > 0
// (and the same for B, C, BC, CA by rotating the names).
//
// No division by the area: the triangle coordinates are kept as the sub-areas themselves,
// multiplied by the sign of the triangle's area so that "positive" means "inside" for either
// winding. A zero-area triangle (collinear or coincident points) makes all three zero, so the
// interior test can never pass and a vertex or edge region is chosen, whose weights divide
// only by a sum of positive numbers.
#pragma once

#include "gjk/math.hpp"
#include "gjk/segment.hpp"

namespace gjk {

/// Voronoi region of a triangle ABC as a bitmask of contributing vertices
/// (bit 0 = A, bit 1 = B, bit 2 = C).
enum class TriangleRegion : unsigned char {
    A = 0b001,   ///< vertex A
    B = 0b010,   ///< vertex B
    C = 0b100,   ///< vertex C
    AB = 0b011,  ///< interior of edge AB
    BC = 0b110,  ///< interior of edge BC
    CA = 0b101,  ///< interior of edge CA
    ABC = 0b111, ///< interior of the triangle
};

/// The talk's nine barycentric coordinates of Q: two per edge (times the squared edge length,
/// see SegmentCoordinates) and three for the triangle (twice the sub-areas, sign-corrected so
/// that all three are positive inside; all zero for a zero-area triangle).
template <class T> struct TriangleCoordinates {
    T uAB{0};  ///< segment coordinate of Q on AB: weight of A, dot(Q - B, A - B)
    T vAB{0};  ///< segment coordinate of Q on AB: weight of B, dot(Q - A, B - A)
    T uBC{0};  ///< segment coordinate of Q on BC: weight of B, dot(Q - C, B - C)
    T vBC{0};  ///< segment coordinate of Q on BC: weight of C, dot(Q - B, C - B)
    T uCA{0};  ///< segment coordinate of Q on CA: weight of C, dot(Q - A, C - A)
    T vCA{0};  ///< segment coordinate of Q on CA: weight of A, dot(Q - C, A - C)
    T uABC{0}; ///< weight of A: signed area (Q, B, C), times 2 * sign(area(ABC))
    T vABC{0}; ///< weight of B: signed area (Q, C, A), times 2 * sign(area(ABC))
    T wABC{0}; ///< weight of C: signed area (Q, A, B), times 2 * sign(area(ABC))
};

/// The closest point on a triangle and how it was found.
template <class T> struct TriangleClosest {
    Vec2<T> point{};                          ///< closest point P = u*A + v*B + w*C
    T u{1};                                   ///< weight of A
    T v{0};                                   ///< weight of B
    T w{0};                                   ///< weight of C; u + v + w = 1, all >= 0
    TriangleRegion region{TriangleRegion::A}; ///< the Voronoi region of Q
};

/// The nine coordinates of q with respect to the triangle abc.
template <class T>
constexpr TriangleCoordinates<T> triangle_coordinates(Vec2<T> a, Vec2<T> b, Vec2<T> c, Vec2<T> q) {
    TriangleCoordinates<T> k;
    const SegmentCoordinates<T> ab = segment_coordinates(a, b, q);
    const SegmentCoordinates<T> bc = segment_coordinates(b, c, q);
    const SegmentCoordinates<T> ca = segment_coordinates(c, a, q);
    k.uAB = ab.u, k.vAB = ab.v;
    k.uBC = bc.u, k.vBC = bc.v;
    k.uCA = ca.u, k.vCA = ca.v;

    // Sub-areas as cross products of the vertices seen from Q. Their sum is the area of ABC,
    // whose sign (the winding) we multiply in rather than the area itself: a product with the
    // area would square the magnitudes and overflow float for coordinates near 1e10.
    const T area = cross(b - a, c - a);
    const T sign = T(int(area > T(0)) - int(area < T(0))); // -1, 0 or 1, without a branch
    k.uABC = sign * cross(b - q, c - q);
    k.vABC = sign * cross(c - q, a - q);
    k.wABC = sign * cross(a - q, b - q);
    return k;
}

/// The Voronoi region from the nine coordinates: vertices, then edges, then the interior.
template <class T> constexpr TriangleRegion triangle_region(const TriangleCoordinates<T>& k) {
    // Vertex regions: Q lies behind the vertex along both edges that meet there.
    if (k.vAB <= T(0) && k.uCA <= T(0)) {
        return TriangleRegion::A;
    }
    if (k.uAB <= T(0) && k.vBC <= T(0)) {
        return TriangleRegion::B;
    }
    if (k.uBC <= T(0) && k.vCA <= T(0)) {
        return TriangleRegion::C;
    }

    // Edge regions: between the edge's end points, and on the outer side of the edge.
    if (k.uAB > T(0) && k.vAB > T(0) && k.wABC <= T(0)) {
        return TriangleRegion::AB;
    }
    if (k.uBC > T(0) && k.vBC > T(0) && k.uABC <= T(0)) {
        return TriangleRegion::BC;
    }
    if (k.uCA > T(0) && k.vCA > T(0) && k.vABC <= T(0)) {
        return TriangleRegion::CA;
    }

    // Interior: every other region has been ruled out, so all three weights are positive...
    if (k.uABC > T(0) && k.vABC > T(0) && k.wABC > T(0)) {
        return TriangleRegion::ABC;
    }

    // ...in exact arithmetic. Computed coordinates can disagree with each other by round-off
    // when Q sits on a region boundary of a nearly flat triangle; the talk asserts here, we
    // do not: take the edge that Q is most outside of and clamp to it by its own segment
    // coordinates, which keeps the weights well defined (TEST(Triangle, InconsistentCoordinates
    // FallBackToAnEdgeOrVertex) feeds such a set).
    if (k.wABC <= k.uABC && k.wABC <= k.vABC) {
        return k.uAB <= T(0) ? TriangleRegion::B
                             : (k.vAB <= T(0) ? TriangleRegion::A : TriangleRegion::AB);
    }
    if (k.uABC <= k.vABC) {
        return k.uBC <= T(0) ? TriangleRegion::C
                             : (k.vBC <= T(0) ? TriangleRegion::B : TriangleRegion::BC);
    }
    return k.uCA <= T(0) ? TriangleRegion::A
                         : (k.vCA <= T(0) ? TriangleRegion::C : TriangleRegion::CA);
}

/// The normalized weights of the closest point for a region chosen by triangle_region.
template <class T>
constexpr TriangleClosest<T> triangle_weights(const TriangleCoordinates<T>& k,
                                              TriangleRegion region) {
    TriangleClosest<T> r;
    r.region = region;
    r.u = r.v = r.w = T(0);
    switch (region) {
    case TriangleRegion::A:
        r.u = T(1);
        break;
    case TriangleRegion::B:
        r.v = T(1);
        break;
    case TriangleRegion::C:
        r.w = T(1);
        break;
    // Every weight is a quotient by a sum of positive numbers, divided rather than multiplied
    // by the sum's reciprocal, which overflows when the sum is subnormal (sub-areas of 1e-41
    // for a triangle of size 1e-19 in float: TEST(Triangle, SubnormalAreasGiveFiniteWeights),
    // found by fuzz_kernel). Each quotient is at most 1.
    case TriangleRegion::AB: { // both segment coordinates positive, so is their sum
        const T sum = k.uAB + k.vAB;
        r.u = k.uAB / sum, r.v = k.vAB / sum;
        break;
    }
    case TriangleRegion::BC: {
        const T sum = k.uBC + k.vBC;
        r.v = k.uBC / sum, r.w = k.vBC / sum;
        break;
    }
    case TriangleRegion::CA: {
        const T sum = k.uCA + k.vCA;
        r.w = k.uCA / sum, r.u = k.vCA / sum;
        break;
    }
    case TriangleRegion::ABC: { // all three positive
        const T sum = k.uABC + k.vABC + k.wABC;
        r.u = k.uABC / sum, r.v = k.vABC / sum, r.w = k.wABC / sum;
        break;
    }
    }
    return r;
}

/// Closest point on the triangle abc (either winding, any shape, zero area included) to q,
/// with its Voronoi region and barycentric weights.
template <class T>
constexpr TriangleClosest<T> closest_point_triangle(Vec2<T> a, Vec2<T> b, Vec2<T> c, Vec2<T> q) {
    const TriangleCoordinates<T> k = triangle_coordinates(a, b, c, q);
    TriangleClosest<T> r = triangle_weights(k, triangle_region(k));
    r.point = r.u * a + r.v * b + r.w * c;
    return r;
}

} // namespace gjk
