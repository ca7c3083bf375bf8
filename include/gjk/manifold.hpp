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
#include "gjk/math.hpp"
#include "gjk/penetration.hpp"
#include "gjk/prepared.hpp"
#include "gjk/separating_axes.hpp"
#include "gjk/shape.hpp"

namespace gjk {

/// How much more parallel to the normal B's face must be than A's to be the reference face:
/// the difference of the sines of their angles to it. 1e-3 rad is Box2D 2.4.1's preference for A
/// (0.1 linear slop of separation on faces about a metre long; see the top of this file), large
/// against the round-off of EPA's normal (float: about 1e-6) and small against the angles
/// between the faces of any polygon a game uses. TEST(Manifold, NearParallelFacesPreferA)
/// pins the preference, TEST(ManifoldBox2d, MatchesB2CollidePolygons) counts the ties.
inline constexpr double kReferenceTolerance = 1e-3;

/// A feature id: see the top of this file for its bits.
using ContactId = std::uint32_t;

/// One contact point.
template <class T> struct ContactPoint {
    Vec2<T> point{}; ///< world position, midway between the two surfaces
    T separation{0}; ///< signed gap along the normal, radii included (< 0 when penetrating)
    ContactId id{0}; ///< the pair of features that made it (see the top of this file)
};

/// Output of a manifold query. Every field is filled on every return path.
template <class T> struct ManifoldOutput {
    Vec2<T> normal{};            ///< unit normal from A to B (zero when there are no points)
    ContactPoint<T> points[2]{}; ///< the first `count` are used
    int count{0};                ///< 0, 1 or 2
    bool reference_is_b{false};  ///< whether the reference face is B's
    int reference_edge{-1};      ///< the reference face's hull edge (-1: a point shape)
    int incident_edge{-1};       ///< the incident face's hull edge (-1: a point shape)
    Status status{Status::invalid_input}; ///< penetration()'s status; separated with 0
                                          ///< points when farther apart than the margin
    InputError error{InputError::none};   ///< what is wrong when status is invalid_input
};

namespace detail {

/// From `face` of a polygon of n vertices (vertex(i) in A's frame), the face over the point w
/// among the run of faces around it that are parallel to the normal within
/// kReferenceTolerance (`parallel(i)`): forwards while w lies beyond the face's end along the
/// face, backwards while it lies before its start. w is the deepest point of the other shape
/// (or its foot on this one), and only the face over it holds the contact when nearly
/// collinear faces share one normal to round-off: a needle's end 1e-7 long beside its sides
/// 1e18 long (fuzz_kernel; TEST(ManifoldRegression, NearlyCollinearEdgesTakeTheOneAtTheWitness)),
/// a sliver under two faces of slopes 6e-11 and 0 joined by a face 1e8 long at 1e17, whose
/// distances to the witness agree in float, so that a walk by distance stopped on the wrong
/// side of the short face and the clipping cut the deepest vertex away (fuzz_kernel;
/// TEST(ManifoldRegression, ThinSliverUnderNearlyCollinearFacesKeepsItsDeepestPoint)). The
/// position along the face is a sign, which round-off cannot tie at 1e17.
template <class T, class Vertex, class Normal, class Parallel>
int face_over(int n, const Vertex& vertex, const Normal& normal, const Parallel& parallel, int face,
              Vec2<T> w) {
    const auto after = [n](int i) { return i + 1 == n ? 0 : i + 1; };
    // Along face i, from its start to its end: its normal turned a quarter clockwise. Not the
    // difference of its ends, which may round to zero in A's frame: a face 1e-24 long at 3e-7
    // from A's origin (fuzz_kernel; TEST(ManifoldRegression, TinyFaceInAFarFrameStillWalks)).
    const auto along = [&](int i) {
        const Vec2<T> m = normal(i);
        return Vec2<T>{-m.y, m.x};
    };
    // Faces of no length in A's frame (vertices that round to one point there) are stepped
    // over: they have no normal, and a walk that stopped at one kept the face at the short
    // end of a sliver 5e17 long (fuzz_kernel; TEST(ManifoldRegression,
    // WalkStepsOverFacesThatRoundToAPoint)).
    const auto point_face = [&](int i) { return normal(i) == Vec2<T>{}; };
    for (int k = 1; k < n; ++k) { // forwards
        int next = after(face);
        for (int skip = 1; skip < n && point_face(next); ++skip) {
            next = after(next);
        }
        if (!(dot(along(face), w - vertex(next)) > T(0)) || !parallel(next)) {
            break;
        }
        face = next;
    }
    for (int k = 1; k < n; ++k) { // backwards
        int before = face == 0 ? n - 1 : face - 1;
        for (int skip = 1; skip < n && point_face(before); ++skip) {
            before = before == 0 ? n - 1 : before - 1;
        }
        if (!(dot(along(face), w - vertex(face)) < T(0)) || !parallel(before)) {
            break;
        }
        face = before;
    }
    return face;
}

/// A shape's hull in A's local frame, vertex by vertex, with its support search.
template <class T> struct HullFaces {
    std::span<const Vec2<T>> local{}; ///< hull vertices, counter-clockwise, local frame
    Transform<T> xf{};                ///< the shape's frame to A's
    const PreparedShape<T>* prepared{nullptr};

    int count() const { return static_cast<int>(local.size()); }
    Vec2<T> vertex(int i) const { return apply(xf, local[static_cast<std::size_t>(i)]); }
    /// The hull vertex furthest along the direction d (in A's frame).
    int support(Vec2<T> d) const {
        const Vec2<T> dl = inv_rotate(xf.q, d);
        return prepared ? prepared->support_index(dl) : support_index<T>(local, dl);
    }
    /// Edge i's outward unit normal (in A's frame).
    Vec2<T> normal(int i) const {
        const int n = count();
        const Vec2<T> e = vertex((i + 1) % n) - vertex(i);
        return normalized(Vec2<T>{e.y, -e.x});
    }
    /// The sine of the angle between edge i's normal and the unit direction d (|cross(m, d)|;
    /// 2 - the cosine when the edge faces away, which cannot win).
    T sine_to(int i, Vec2<T> d) const {
        const Vec2<T> m = normal(i);
        const T cosine = dot(m, d);
        return cosine > T(0) ? std::abs(cross(m, d)) : T(2) - cosine;
    }
    /// The edge whose normal is most parallel to d, of the two edges at support(d), and the
    /// sine of its angle to d. Several edges may be parallel to d within kReferenceTolerance
    /// (nearly collinear edges): then the one over the witness point w (face_over).
    int face_along(Vec2<T> d, Vec2<T> w, T& sine) const {
        const int n = count();
        const int i = support(d);
        const int before = (i + n - 1) % n;
        const T s_before = sine_to(before, d), s_after = sine_to(i, d);
        int best = s_after < s_before ? i : before;
        sine = std::min(s_before, s_after);
        if (n > 2 && sine <= T(kReferenceTolerance)) {
            // The two sines known already are not computed again.
            auto sine_of = [&](int e) {
                return e == i ? s_after : e == before ? s_before : sine_to(e, d);
            };
            best = face_over(
                n, [this](int e) { return vertex(e); }, [this](int e) { return normal(e); },
                [&](int e) { return sine_of(e) <= T(kReferenceTolerance); }, best, w);
            sine = sine_of(best);
        }
        return best;
    }
};

/// The ids' fields (see the top of this file).
inline ContactId contact_id(bool reference_is_b, int reference_edge, int incident_edge,
                            bool clipped, int end) {
    constexpr std::uint32_t mask = (1u << 13) - 1;
    return (static_cast<std::uint32_t>(incident_edge) & mask) |
           ((static_cast<std::uint32_t>(reference_edge) & mask) << 13) |
           (static_cast<std::uint32_t>(clipped) << 26) | (static_cast<std::uint32_t>(end) << 27) |
           (static_cast<std::uint32_t>(reference_is_b) << 28);
}

/// The id of a vertex-against-vertex point: A's vertex and B's (see the top of this file).
inline ContactId vertex_pair_id(int vertex_a, int vertex_b) {
    return contact_id(false, vertex_a, vertex_b, false, 0) | (1u << 29);
}

/// A point of the incident edge during clipping: where it is and what made it.
template <class T> struct ClipPoint {
    Vec2<T> p{};
    bool clipped{false};
    int end{0};
};

/// Keeps the part of the segment (c[0], c[1]) with dot(u, p) <= offset; false if none is left.
template <class T> bool clip(ClipPoint<T> (&c)[2], Vec2<T> u, T offset) {
    const T d0 = dot(u, c[0].p) - offset, d1 = dot(u, c[1].p) - offset;
    if (d0 > T(0) && d1 > T(0)) {
        return false;
    }
    if (d0 > T(0) || d1 > T(0)) { // one end beyond the plane: move it onto the plane
        const int out = d0 > T(0) ? 0 : 1;
        const T f = d0 / (d0 - d1);
        c[out].p = c[0].p + f * (c[1].p - c[0].p);
        c[out].clipped = true;
    }
    return true;
}

/// The clipping and the points (the top of this file), in A's frame: the reference face from
/// v1 to v2 with outward unit normal n_r (nonzero) and rounded by r_ref, the incident face
/// from w1 to w2 rounded by r_inc. `out` comes with its status; this fills in the rest.
template <class T>
void clip_incident_face(ManifoldOutput<T>& out, const Transform<T>& xf_a, bool flip, int ref_edge,
                        int inc_edge, Vec2<T> n_r, Vec2<T> v1, Vec2<T> v2, Vec2<T> w1, Vec2<T> w2,
                        T r_ref, T r_inc, T margin) {
    const Vec2<T> t{-n_r.y, n_r.x}; // along the face, v1 to v2 (n_r is its outward normal)
    ClipPoint<T> c[2] = {{w1, false, 0}, {w2, false, 1}};
    const T radii = r_ref + r_inc;
    const auto largest = [](Vec2<T> p) { return std::max(std::abs(p.x), std::abs(p.y)); };
    const T slack = T(8) * std::numeric_limits<T>::epsilon() *
                    std::max({largest(v1), largest(v2), largest(w1), largest(w2)});
    out.normal = rotate(xf_a.q, flip ? -n_r : n_r);
    out.reference_is_b = flip;
    out.reference_edge = ref_edge;
    out.incident_edge = inc_edge;
    if (!clip(c, -t, -dot(t, v1) + radii + slack) || !clip(c, t, dot(t, v2) + radii + slack)) {
        return; // the incident face lies beyond a side plane (round-off at a corner)
    }
    for (const ClipPoint<T>& cp : c) {
        const T d = dot(n_r, cp.p - v1);
        const T separation = d - radii;
        if (!(separation <= margin)) {
            continue;
        }
        const Vec2<T> p_ref = cp.p - (d - r_ref) * n_r, p_inc = cp.p - r_inc * n_r;
        out.points[out.count++] = {apply(xf_a, T(0.5) * (p_ref + p_inc)), separation,
                                   contact_id(flip, ref_edge, inc_edge, cp.clipped, cp.end)};
    }
}

/// The manifold of two small prepared polygons (two or more vertices each) whose cores overlap
/// by more than round-off, from their separating axis test `axes` (A's frame): the winning
/// face is the normal, the reference face is chosen by the rule of the top of this file (A's
/// unless B's is clearly more parallel to the normal: B's face winning, A's most parallel
/// face more than kReferenceTolerance off), and the incident face is the other shape's face
/// most anti-parallel to the reference normal. Faces and normals come from the stored unit
/// normals: no square root but the clipping tangent's. False when a stored normal is zero
/// (an edge too short for its normal to be a number): the caller takes the general path.
template <class T>
bool manifold_by_axes(const DistanceInput<T>& input, const SeparatingAxes<T>& axes, T margin,
                      ManifoldOutput<T>& out) {
    const PreparedShape<T>& a = *input.a.prepared;
    const Soa8<T>& na = a.normals();
    const Soa8<T>& va = a.soa();
    const Soa8<T>& nb = axes.b_normals;
    const Soa8<T>& vb = axes.b_vertices;
    const int count_a = axes.count_a, count_b = axes.count_b;
    auto at = [](const Soa8<T>& s, int i) { return Vec2<T>{s.x[i], s.y[i]}; };

    // The normal from A to B, and whether B's face is the reference.
    bool flip = false;
    int ref_edge = axes.a.face;
    Vec2<T> n_r = at(na, ref_edge);
    if (axes.b_wins()) {
        const Vec2<T> n = -at(nb, axes.b.face);
        const int face_a = support_index_soa8(na, n); // A's face most parallel to n
        const Vec2<T> m_a = at(na, face_a);
        const T cosine = dot(m_a, n);
        const T sin_a = cosine > T(0) ? std::abs(cross(m_a, n)) : T(2) - cosine;
        flip = sin_a > T(kReferenceTolerance); // B's sine is 0: its face is the normal
        ref_edge = flip ? axes.b.face : face_a;
        n_r = flip ? -n : m_a;
    }
    if (n_r == Vec2<T>{}) {
        return false;
    }
    const Soa8<T>& ref_vertices = flip ? vb : va;
    const Soa8<T>& ref_normals = flip ? nb : na;
    const int ref_count = flip ? count_b : count_a;
    const Soa8<T>& inc_vertices = flip ? va : vb;
    const Soa8<T>& inc_normals = flip ? na : nb;
    const int inc_count = flip ? count_a : count_b;
    // The incident shape's deepest vertex along -n_r; the reference face is the one over it
    // among nearly collinear faces (face_over), and the incident face the more anti-parallel of
    // the two at it (the face most anti-parallel to n_r is one of them).
    const int deepest = support_index_soa8(inc_vertices, -n_r);
    ref_edge = face_over(
        ref_count, [&](int i) { return at(ref_vertices, i); },
        [&](int i) { return at(ref_normals, i); },
        [&](int i) {
            const Vec2<T> m = at(ref_normals, i);
            return dot(m, n_r) > T(0) && std::abs(cross(m, n_r)) <= T(kReferenceTolerance);
        },
        ref_edge, at(inc_vertices, deepest));
    n_r = at(ref_normals, ref_edge);
    const int inc_before = deepest == 0 ? inc_count - 1 : deepest - 1;
    const int inc_edge = dot(at(inc_normals, deepest), n_r) < dot(at(inc_normals, inc_before), n_r)
                             ? deepest
                             : inc_before;
    const T ra = input.use_radii ? input.a.radius : T(0);
    const T rb = input.use_radii ? input.b.radius : T(0);
    out.status = Status::overlapping;
    out.error = InputError::none;
    clip_incident_face(out, input.xf_a, flip, ref_edge, inc_edge, n_r, at(ref_vertices, ref_edge),
                       at(ref_vertices, (ref_edge + 1) % ref_count), at(inc_vertices, inc_edge),
                       at(inc_vertices, (inc_edge + 1) % inc_count), flip ? rb : ra, flip ? ra : rb,
                       margin);
    if (out.count == 0) { // nothing kept (round-off at a corner): the general path answers
        out = ManifoldOutput<T>{};
        return false;
    }
    return true;
}

} // namespace detail

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
        // 1: TEST(ManifoldRegression, CornerJustPastACornerWithinTheMarginHasAPoint)). The
        // closest features are a vertex of each: the witnesses, as vertex against vertex.
        out.reference_is_b = false;
        out.reference_edge = -1;
        out.incident_edge = -1;
        return one_point(detail::vertex_pair_id(fa.support(n), fb.support(-n)));
    }
    return out;
}

} // namespace gjk
