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
#include "gjk/separating_axes3/measure.hpp"
#include "gjk/separating_axes3_types.hpp"

namespace gjk {

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
