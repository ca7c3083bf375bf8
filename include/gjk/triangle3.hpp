// gjk/triangle3.hpp - closest point on a triangle in space (the talk, section 2, one dimension
// up).
//
// Derivation. Q projects onto the triangle's plane at G = u*A + v*B + w*C, u + v + w = 1, and
// the weights are again fractional signed areas, now measured along the triangle's normal
// n = (B - A) x (C - A):
//     u = [(B - Q) x (C - Q)].n / |n|^2,  v = [(C - Q) x (A - Q)].n / |n|^2,
//     w = [(A - Q) x (B - Q)].n / |n|^2,
// (Q's height above the plane, h n/|n|, adds to each cross product only terms perpendicular to
// n, which the dot product drops: the products are those of the projection G, twice a signed
// sub-area times |n|, and |n| is twice the triangle's area). With the
// segment coordinates of the three edges (gjk/segment3.hpp) these are 2D's nine coordinates,
// and the Voronoi regions and weights are 2D's (TriangleCoordinates, triangle_region,
// triangle_weights): a vertex when Q is behind it along both its edges, an edge when Q is
// between its ends and outside it (the third weight <= 0), the face when all three are > 0.
//
// No division by |n|^2: the three are kept as the products themselves, which are positive
// inside for either winding (n follows the winding). They are of the fourth power of the
// size, so they are computed on the points seen from Q scaled by a power of two (exact) that
// brings the largest coordinate near 1 (detail::unit_scale): no overflow, and the same signs and
// ratios. Each cross product that is ill conditioned (the normal of a thin triangle; a sub-area of
// two points nearly in line with Q) is carried with its round-off (gjk/perpendicular3.hpp): for a
// needle the plain ones leave the sub-areas, and the closest point, wrong by far more than the
// triangle's width
// (TEST(Distance3Regression, ANeedleFacesCoordinatesFindItsClosestPoint)). A zero-area triangle
// (collinear or coincident points) has n = 0, so all three are zero, the face test can never pass,
// and a vertex or edge region is chosen.
#pragma once

#include "gjk/math3.hpp"
#include "gjk/perpendicular3.hpp"
#include "gjk/segment3.hpp"
#include "gjk/triangle.hpp"

namespace gjk {

/// The closest point on a triangle in space and how it was found.
template <class T> struct TriangleClosest3 {
    Vec3<T> point{};                          ///< closest point P = u*A + v*B + w*C
    T u{1};                                   ///< weight of A
    T v{0};                                   ///< weight of B
    T w{0};                                   ///< weight of C; u + v + w = 1, all >= 0
    TriangleRegion region{TriangleRegion::A}; ///< the Voronoi region of Q
};

/// The face's three coordinates of q (sub-areas along the normal, scaled; all zero for a
/// zero-area triangle), written into k's uABC, vABC, wABC.
template <class T>
constexpr void face_coordinates(Vec3<T> a, Vec3<T> b, Vec3<T> c, Vec3<T> q,
                                TriangleCoordinates<T>& k) {
    const T s = detail::unit_scale({a - q, b - q, c - q});
    const Vec3<T> sa = s * (a - q), sb = s * (b - q), sc = s * (c - q);
    const Vec3<T> n = detail::face_normal(sa, sb, sc);
    k.uABC = dot(detail::conditioned_cross(sb, sc), n);
    k.vABC = dot(detail::conditioned_cross(sc, sa), n);
    k.wABC = dot(detail::conditioned_cross(sa, sb), n);
}

/// The nine coordinates of q with respect to the triangle abc.
template <class T>
constexpr TriangleCoordinates<T> triangle_coordinates(Vec3<T> a, Vec3<T> b, Vec3<T> c, Vec3<T> q) {
    TriangleCoordinates<T> k;
    const SegmentCoordinates<T> ab = segment_coordinates(a, b, q);
    const SegmentCoordinates<T> bc = segment_coordinates(b, c, q);
    const SegmentCoordinates<T> ca = segment_coordinates(c, a, q);
    k.uAB = ab.u, k.vAB = ab.v;
    k.uBC = bc.u, k.vBC = bc.v;
    k.uCA = ca.u, k.vCA = ca.v;
    face_coordinates(a, b, c, q, k);
    return k;
}

/// Closest point on the triangle abc in space (either winding, any shape, zero area included)
/// to q, with its Voronoi region and barycentric weights.
template <class T>
constexpr TriangleClosest3<T> closest_point_triangle(Vec3<T> a, Vec3<T> b, Vec3<T> c, Vec3<T> q) {
    const TriangleCoordinates<T> k = triangle_coordinates(a, b, c, q);
    const TriangleClosest<T> r = triangle_weights(k, triangle_region(k));
    return {r.u * a + r.v * b + r.w * c, r.u, r.v, r.w, r.region};
}

} // namespace gjk
