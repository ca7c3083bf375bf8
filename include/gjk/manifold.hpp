// gjk/manifold.hpp - contact manifolds: the normal and up to two contact points of two convex
// shapes that overlap or lie within a margin of each other (speculative contacts), built the
// classic way (Catto, "Contact Manifolds", GDC 2007) on the library's own queries.
//
// The normal. penetration() gives the signed distance s and the unit normal n from A to B:
// GJK's when the cores are apart, EPA's minimum translation direction when they overlap. If
// s > margin the shapes are too far apart: no points. A shape with one vertex (a point, a
// circle) has no face to clip against: the manifold is the single pair of witness points of
// penetration(), its point midway between the surfaces, its separation s, its id 0.
//
// The faces. Each shape of two or more vertices is its convex hull, counter-clockwise, with
// edge i running from vertex i to vertex i + 1 (mod count). Edge i's outward normal is
//     m_i = (e.y, -e.x) / |e|,   e = v_{i+1} - v_i.
// A segment (two vertices) has two edges, its two sides. The edge normals of a convex polygon
// turn counter-clockwise with i, and the support vertex along a direction d is the vertex
// whose normal cone (between the normals of its two edges) holds d; so the edge whose normal is
// most parallel to d is one of the two edges at support(d): two dot products after one support
// search, O(log n) on a prepared shape (PreparedShape::support_index) and a scan of the hull
// of a plain view (which is O(n log n) to build anyway). Only when several consecutive edges
// are parallel to d within kReferenceTolerance (nearly collinear edges) does the search walk
// along them, to the one nearest the query's witness point on that shape (see face_along).
//
// The reference face is the face of A most parallel to n or the face of B most parallel to -n,
// measured by the sine of the angle between the face's normal m and the direction,
// sin_A = |cross(m_A, n)| and sin_B = |cross(m_B, -n)| (the sine, not the cosine, because the
// cosine is flat near an angle of 0: 1 - cos(theta) = theta^2 / 2 hides small angles in
// round-off). EPA's normal is a face normal of Z, and every face of Z is a face of A or of B,
// so one of the two sines is 0 to round-off; when both faces are nearly parallel (a box
// resting on a box) either is right, and the choice must not flicker from frame to frame with
// round-off, or the contact ids would change. So B is the reference only when it is clearly
// better: sin_B < sin_A - kReferenceTolerance; near-ties keep A. Box2D prefers A too, by a
// separation: 2.4.1 keeps A unless B's SAT separation is larger by 0.1 linear slop (0.0005 m,
// on faces a metre long an angle of about 1e-3), and v3 keeps A whenever separationA >=
// separationB, with no tolerance, so that round-off flips it between two parallel faces. The
// tolerance here is 2.4.1's hysteresis, as an angle instead of a length so that it means the
// same at every scale; TEST(Manifold, NearParallelFacesPreferA) pins it at exact ties and at
// 1e-5 rad, where v3's rule would take B for one of the two tilts.
// The reference normal is n_r = m of the chosen face (so the manifold's normal is n_r from A,
// -n_r from B: a face normal, not GJK's, so that every point's separation is measured along it).
//
// Vertex against vertex. When the cores are apart and neither face is within
// kReferenceTolerance of parallel to n (both sines larger), the closest features are a vertex
// of each shape: GJK's normal runs from one to the other, inside both vertices' normal cones.
// No face then stands for the contact, and clipping against one would measure the gap along a
// normal up to 90 degrees off (two capsules end to end: their faces are their sides). The
// manifold is then the single pair of witnesses, as for a point shape, with GJK's normal and
// the id of the two vertices (Feature ids, below; TEST(Manifold, CapsulesEndToEndGiveOnePoint)).
// When the cores overlap, EPA's normal is a face normal and this case cannot arise.
//
// The incident face is the face of the other shape most anti-parallel to n_r: of the two edges
// at the other shape's support vertex along -n_r, the one whose normal is nearer -n_r (the
// same search as above, with that shape's witness point).
//
// Clipping. With the reference face from v1 to v2, tangent t = (v2 - v1) / |v2 - v1| and the
// incident edge from w1 to w2, keep the part of the incident edge between the side planes
//     dot(t, p) >= dot(t, v1) - (r_A + r_B)   and   dot(t, p) <= dot(t, v2) + (r_A + r_B):
// a point p = w1 + f (w2 - w1) beyond a plane moves to the plane (f = the ratio of the two
// signed distances to it). The planes are pushed out by the radii as in Box2D 2.4.1, because
// rounded corners carry contact that far; for shapes without radius they are the face's ends,
// pushed out by a round-off slack of 8 eps of the largest coordinate of the four points. An
// incident vertex exactly at the face's end must not be clipped by the round-off of the
// tangent: fuzz_kernel found a segment touching another's end, 2e-318 outside its face, whose
// corner was clipped to a point 0.023 above the contact
// (TEST(ManifoldRegression, VertexAtTheFacesEndIsNotClipped)).
//
// Separations and positions. A clipped point p of the incident core is at the signed distance
//     d = dot(n_r, p - v1)
// from the reference face's line; the rounded surfaces are r_ref and r_inc further in, so its
// separation is d - r_A - r_B (negative when penetrating). Points whose separation exceeds the
// margin are dropped (a tilted incident face can have one end far from the reference face).
// The surface points are p_ref = p - (d - r_ref) n_r and p_inc = p - r_inc n_r, and the
// contact point is midway, (p_ref + p_inc) / 2.
//
// The faces are measured in A's local frame, as penetration() works (B through the relative
// transform), and the results come back in the world frame: shapes far from the origin keep
// their edges (fuzz_kernel: a float polygon 1e-28 across at 2.5e17 had every world vertex
// rounded to one point, and its edge normals were zero).
//
// Two small prepared polygons. For prepared shapes of at most PreparedShape::kInline vertices
// (two or more each), the separating axis test (gjk/separating_axes.hpp) over their stored unit
// face normals answers first: when its largest separation is beyond the margin (radii included)
// by more than its round-off guard, there are no points (status separated, as penetration()
// would say); when the cores overlap by more than the guard, its winning face is the normal and
// the rule above picks the reference face, with A's sine measured to B's winning face and B's
// taken as 0; the incident face is the other shape's stored normal most anti-parallel to n_r.
// Near touching, the general path above answers. TEST(ManifoldBox2d, MatchesB2CollidePolygons)
// holds both paths to Box2D's manifolds.
//
// Feature ids (ContactId): bits 0-12 the incident edge, bits 13-25 the reference edge (hull
// edge indices modulo 2^13), bit 26 set when the point was made by a side plane rather than an
// incident vertex, bit 27 which end of the incident edge (0: from w1, 1: from w2), bit 28 set
// when the reference face is B's. A vertex-against-vertex point has bit 29 set, B's vertex in
// bits 0-12 and A's in bits 13-25; a point shape's single point has id 0 (one point needs no
// matching, and the id must not change while a circle rolls along a face). Bits 30 and 31 are
// zero, so an id is also a non-negative int32. The id depends only on which features touch, so
// it stays the same while a box slides along another (TEST(Manifold, IdsStayWhileABoxSlides)).
// Edges are numbered on the hull: a prepared shape and a plain view of the same points may
// start their hulls at different vertices, and so give different ids.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <type_traits>
#include <vector>

#include "gjk/distance_types.hpp"
#include "gjk/hull.hpp"
#include "gjk/manifold/clipping.hpp"
#include "gjk/manifold/faces.hpp"
#include "gjk/manifold_types.hpp"
#include "gjk/math.hpp"
#include "gjk/penetration.hpp"
#include "gjk/prepared.hpp"
#include "gjk/separating_axes.hpp"
#include "gjk/shape.hpp"

namespace gjk {

/// The contact manifold of two convex shapes (see the top of this file): for shapes that
/// overlap or are at most `margin` apart (radii included), the normal from A to B and up to two
/// points with their separations and feature ids. `margin` must be finite and >= 0.
template <class T>
ManifoldOutput<T> manifold(const DistanceInput<T>& input, std::type_identity_t<T> margin = T(0)) {
    ManifoldOutput<T> out;
    if (!(margin >= T(0) && margin <= std::numeric_limits<T>::max())) { // NaN fails too
        out.error = InputError::bad_margin;
        return out;
    }
    // Two small prepared polygons: the separating axis test answers when the shapes are
    // clearly beyond the margin or their cores clearly overlap; near contact, GJK and EPA.
    if (detail::separating_axes_apply(input.a, input.b) && input.a.points.size() >= 2 &&
        input.b.points.size() >= 2) {
        out.error = validate(input);
        if (out.error != InputError::none) {
            return out;
        }
        const T radii = input.use_radii ? input.a.radius + input.b.radius : T(0);
        const detail::SeparatingAxes<T> axes =
            detail::separating_axes(*input.a.prepared, *input.b.prepared,
                                    detail::relative(input.xf_a, input.xf_b), margin + radii);
        if (axes.separation() > margin + radii + axes.guard) { // distance >= s*
            out.status = Status::separated;
            return out;
        }
        if (axes.decides_overlap() && detail::manifold_by_axes(input, axes, margin, out)) {
            return out;
        }
    }
    const PenetrationOutput<T> pen = penetration(input);
    out.status = pen.status;
    out.error = pen.error;
    if (pen.status == Status::invalid_input || pen.signed_distance > margin ||
        pen.normal == Vec2<T>{}) {
        return out;
    }
    const T ra = input.use_radii ? input.a.radius : T(0);
    const T rb = input.use_radii ? input.b.radius : T(0);

    // The hulls: a prepared shape's own, else computed (a plain view is any point set).
    std::vector<Vec2<T>> hull_a, hull_b;
    auto faces_of = [](const ShapeView<T>& s, const Transform<T>& xf, std::vector<Vec2<T>>& hull) {
        detail::HullFaces<T> f;
        f.xf = xf;
        if (s.prepared) {
            f.local = s.prepared->vertices();
            f.prepared = s.prepared;
        } else {
            hull = convex_hull<T>(s.points);
            f.local = hull;
        }
        return f;
    };
    // The faces in A's local frame, as penetration() works: B through the relative transform,
    // so that shapes far from the world's origin keep their edges (a world translation of 1e17
    // rounds a float polygon 1e-28 across to one point).
    const detail::HullFaces<T> fa = faces_of(input.a, Transform<T>{}, hull_a);
    const detail::HullFaces<T> fb =
        faces_of(input.b, detail::relative(input.xf_a, input.xf_b), hull_b);
    const Vec2<T> n = inv_rotate(input.xf_a.q, pen.normal);
    // The single pair of witnesses (world), with their id.
    auto one_point = [&](ContactId id) {
        out.normal = pen.normal;
        out.points[0] = {T(0.5) * (pen.point_a + pen.point_b), pen.signed_distance, id};
        out.count = 1;
        return out;
    };

    if (fa.count() < 2 || fb.count() < 2) { // a point shape: the witnesses are the contact
        return one_point(0);
    }

    // The reference face: A's unless B's is clearly more parallel to the normal.
    T sin_a{}, sin_b{};
    // The core witness points, in A's frame.
    const Vec2<T> w_a = apply_inverse(input.xf_a, pen.point_a - ra * pen.normal);
    const Vec2<T> w_b = apply_inverse(input.xf_a, pen.point_b + rb * pen.normal);
    const int face_a = fa.face_along(n, w_a, sin_a);
    const int face_b = fb.face_along(-n, w_b, sin_b);
    const bool cores_apart = pen.signed_distance + ra + rb > T(0);
    if (cores_apart && sin_a > T(kReferenceTolerance) && sin_b > T(kReferenceTolerance)) {
        // Vertex against vertex: the witnesses, on GJK's normal.
        return one_point(detail::vertex_pair_id(fa.support(n), fb.support(-n)));
    }
    const bool flip = sin_b < sin_a - T(kReferenceTolerance);
    const detail::HullFaces<T>& ref = flip ? fb : fa;
    const detail::HullFaces<T>& inc = flip ? fa : fb;
    const int ref_edge = flip ? face_b : face_a;
    const T r_ref = flip ? rb : ra, r_inc = flip ? ra : rb;
    const Vec2<T> n_r = ref.normal(ref_edge);

    // The incident face: the other shape's face most anti-parallel to n_r.
    T sin_inc{};
    const int inc_edge = inc.face_along(-n_r, flip ? w_a : w_b, sin_inc);

    const Vec2<T> v1 = ref.vertex(ref_edge), v2 = ref.vertex((ref_edge + 1) % ref.count());
    if (n_r == Vec2<T>{}) { // an edge too short for its length to be a number
        return one_point(0);
    }
    detail::clip_incident_face(out, input.xf_a, flip, ref_edge, inc_edge, n_r, v1, v2,
                               inc.vertex(inc_edge), inc.vertex((inc_edge + 1) % inc.count()),
                               r_ref, r_inc, margin);
    if (out.count == 0) {
        // The clipping kept nothing although the shapes are within the margin: a corner just
        // past a corner, the normal within kReferenceTolerance of a face whose side plane the
        // other shape lies beyond (two boxes corner to corner 0.5 apart and 1e-9 aside, margin
        // 1: TYPED_TEST(Manifold, CornerJustPastACornerWithinTheMarginHasAPoint)). The
        // closest features are a vertex of each: the witnesses, as vertex against vertex.
        out.reference_is_b = false;
        out.reference_edge = -1;
        out.incident_edge = -1;
        return one_point(detail::vertex_pair_id(fa.support(n), fb.support(-n)));
    }
    if (cores_apart) {
        // The clipping dropped the closest point: the incident face leaves the reference face's
        // side plane nearly along n_r, and the point where it crosses lies further from the
        // reference face than the closest features do. Within kReferenceTolerance of parallel
        // faces a kept point is at most that tolerance times the incident face's length deeper
        // than the closest one; beyond it, the closest features are a vertex of each, as above
        // (a double sliver's tip 5e-4 rad past the corner of a face lost its point 0.0077 away
        // for one 0.0089 away: fuzz_kernel, TEST(ManifoldRegression,
        // ASliversTipPastAFacesCornerKeepsItsClosestPoint)).
        T least = out.points[0].separation;
        for (int i = 1; i < out.count; ++i) {
            least = std::min(least, out.points[i].separation);
        }
        const T incident_length =
            length(inc.vertex((inc_edge + 1) % inc.count()) - inc.vertex(inc_edge));
        if (least > pen.signed_distance + T(kReferenceTolerance) * incident_length) {
            out.reference_is_b = false;
            out.reference_edge = -1;
            out.incident_edge = -1;
            return one_point(detail::vertex_pair_id(fa.support(n), fb.support(-n)));
        }
    }
    return out;
}

} // namespace gjk
