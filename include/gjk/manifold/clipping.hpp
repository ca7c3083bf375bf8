// gjk/manifold/clipping.hpp - the contact manifold's clipping of the incident face against the
// reference face's side planes, the points' feature ids, and the whole manifold of two small
// prepared polygons from the separating axis test (gjk/manifold.hpp, "Clipping", "Feature
// ids", "Two small prepared polygons").
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "gjk/distance_types.hpp"
#include "gjk/manifold/faces.hpp"
#include "gjk/manifold_types.hpp"
#include "gjk/math.hpp"
#include "gjk/prepared.hpp"
#include "gjk/separating_axes.hpp"

namespace gjk::detail {

/// The ids' fields (see the top of gjk/manifold.hpp).
inline ContactId contact_id(bool reference_is_b, int reference_edge, int incident_edge,
                            bool clipped, int end) {
    constexpr std::uint32_t mask = (1u << 13) - 1;
    return (static_cast<std::uint32_t>(incident_edge) & mask) |
           ((static_cast<std::uint32_t>(reference_edge) & mask) << 13) |
           (static_cast<std::uint32_t>(clipped) << 26) | (static_cast<std::uint32_t>(end) << 27) |
           (static_cast<std::uint32_t>(reference_is_b) << 28);
}

/// The id of a vertex-against-vertex point: A's vertex and B's (see the top of gjk/manifold.hpp).
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

/// The clipping and the points (the top of gjk/manifold.hpp), in A's frame: the reference face from
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
/// face is the normal, the reference face is chosen by the rule of the top of gjk/manifold.hpp (A's
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

} // namespace gjk::detail
