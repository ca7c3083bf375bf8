// gjk/separating_axes.hpp - the separating axis test of two small prepared polygons: how far
// apart or how deep they are along the best of their face normals, in one pass of dot products
// with no iteration (Gottschalk; Box2D's b2FindMaxSeparation). penetration() and manifold()
// take it for prepared shapes of at most PreparedShape::kInline vertices when it decides.
//
// The theorem. Z = B - A is a convex polygon whose edges are the edges of B and of -A, so its
// outward edge normals are B's face normals m^B_j and A's negated, -m^A_i. Along a unit axis u
// the separation of the shapes,
//     s(u) = min_b dot(u, b) - max_a dot(u, a)  =  -h_Z(-u)     (h_Z: Z's support function),
// is a lower bound on their distance: no axis separates them by more. Along A's face i, whose
// line is dot(m^A_i, x) = dot(m^A_i, a_i),
//     s^A_i = min_j dot(m^A_i, b_j) - dot(m^A_i, a_i),
// and along B's face j (the axis from B to A),
//     s^B_j = min_i dot(m^B_j, a_i) - dot(m^B_j, b_j).
// Let s* be the largest of them. When the cores overlap, the origin is inside Z, and its
// distance to Z's boundary - the penetration depth - is the smallest h_Z over Z's edge normals,
// which are exactly these axes:
//     depth = -s*,  the minimum translation direction n = m^A_i (from A to B) or -m^B_j,
// and the witnesses are the other shape's deepest vertex (the one that made the minimum) and
// its foot on the face's line: EPA's closest edge of Z is this face, and EPA's answer is this
// one (TEST(SeparatingAxes, DepthIsEpasOnEveryFamily) checks the two against each other).
// When s* > 0 the winning axis separates the cores, by at most their distance.
//
// Round-off, and when the test decides. The normals are stored unit vectors (PreparedShape::
// normals(): within 2 eps of the exact ones), B's are rotated into A's frame (2 eps more), B's
// vertices are moved into A's frame with the arithmetic of MovedVerticesSupport (so GJK sees
// the same points), and each separation is two dot products and a difference. With R the
// largest |coordinate| of both vertex sets in A's frame (bounded above through the shapes'
// extents, PreparedShape::extent()), every computed separation is within
// about 20 eps R of the exact separation of the exact shapes along the exact normal, and a
// separation 1-Lipschitz in the vertices' positions keeps that true of the rounded ones.
// So the guard is kSeparatingAxisUlps eps R:
//     s* < -guard   the cores overlap, surely: depth and normal are the test's;
//     s* > guard    an axis separates the cores by more than round-off (distance >= s*);
//     otherwise     touching to round-off: the exact predicates of GJK decide (penetration()
//                   and manifold() fall back to GJK and EPA).
// A shape of one vertex has no faces (its separations are -infinity); two points have no axis
// at all, and the test never decides for them.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "gjk/math.hpp"
#include "gjk/prepared.hpp"
#include "gjk/shape.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace gjk {

/// The guard of the separating axis test, in eps of the largest coordinate (the top of this
/// file): about 20 eps of round-off, with room to spare. A larger guard only sends more pairs
/// that nearly touch to GJK and EPA.
inline constexpr int kSeparatingAxisUlps = 32;

namespace detail {

/// The best face of one shape against the other's vertices: its separation and the face.
template <class T> struct FaceSeparation {
    T separation{-std::numeric_limits<T>::infinity()}; ///< s of the face (-inf: no faces)
    int face{-1};                                      ///< the face (-1: no faces)
};

/// The separating axis test of two prepared polygons of at most PreparedShape::kInline vertices,
/// in A's local frame (the top of this file).
template <class T> struct SeparatingAxes {
    Soa8<T> b_vertices{};  ///< B's hull vertices in A's frame (padded as PreparedShape::soa())
    Soa8<T> b_normals{};   ///< B's face normals in A's frame (padded as normals()); set
                           ///< when B's faces were looked at
    FaceSeparation<T> a{}; ///< A's best face
    FaceSeparation<T> b{}; ///< B's best face
    T guard{0};            ///< the round-off bound of the separations
    int count_a{0};        ///< A's hull vertices
    int count_b{0};        ///< B's hull vertices

    /// s*: the largest separation over both shapes' faces.
    T separation() const { return std::max(a.separation, b.separation); }
    /// Whether B's face has the largest separation (ties keep A's).
    bool b_wins() const { return b.separation > a.separation; }
    /// The cores overlap by more than round-off: depth and normal are the test's.
    bool decides_overlap() const { return separation() < -guard; }
};

/// The face of `normals` (faces of the shape whose vertices are `own`) with the largest
/// separation from the vertices `other`,
///     s_i = min_j dot(m_i, o_j) - dot(m_i, p_i),
/// each product rounded as the scalar x * x' + y * y' rounds it. Padding repeats face 0 and
/// vertex 0, which changes neither a minimum nor a maximum; ties keep the lowest index.
template <class T>
[[gnu::always_inline]] inline FaceSeparation<T>
best_face(const Soa8<T>& normals, const Soa8<T>& own, int face_count, const Soa8<T>& other) {
    FaceSeparation<T> best;
    if (face_count == 0) {
        return best;
    }
#if defined(__SSE2__)
    // The eight faces side by side in whole registers (four floats or two doubles each), one
    // vertex of `other` broadcast at a time; then the largest and its lowest index, as the
    // eight-point scan finds them (support_index_soa8).
    if constexpr (std::is_same_v<T, float>) {
        const __m128 nx[2] = {_mm_load_ps(normals.x), _mm_load_ps(normals.x + 4)};
        const __m128 ny[2] = {_mm_load_ps(normals.y), _mm_load_ps(normals.y + 4)};
        __m128 s[2];
        for (int j = 0; j < 8; ++j) {
            const __m128 ox = _mm_set1_ps(other.x[j]), oy = _mm_set1_ps(other.y[j]);
            for (int h = 0; h < 2; ++h) {
                const __m128 along = _mm_add_ps(_mm_mul_ps(nx[h], ox), _mm_mul_ps(ny[h], oy));
                s[h] = j == 0 ? along : _mm_min_ps(along, s[h]);
            }
        }
        for (int h = 0; h < 2; ++h) {
            const __m128 offset = _mm_add_ps(_mm_mul_ps(nx[h], _mm_load_ps(own.x + 4 * h)),
                                             _mm_mul_ps(ny[h], _mm_load_ps(own.y + 4 * h)));
            s[h] = _mm_sub_ps(s[h], offset);
        }
        __m128 top = _mm_max_ps(s[0], s[1]);
        top = _mm_max_ps(top, _mm_shuffle_ps(top, top, _MM_SHUFFLE(2, 3, 0, 1)));
        top = _mm_max_ps(top, _mm_shuffle_ps(top, top, _MM_SHUFFLE(1, 0, 3, 2)));
        const unsigned mask = static_cast<unsigned>(_mm_movemask_ps(_mm_cmpeq_ps(s[0], top))) |
                              static_cast<unsigned>(_mm_movemask_ps(_mm_cmpeq_ps(s[1], top))) << 4;
        best.face = __builtin_ctz(mask | 0x100u) & 7;
        best.separation = _mm_cvtss_f32(top);
        return best;
    } else if constexpr (std::is_same_v<T, double>) {
        __m128d s[4];
        for (int j = 0; j < 8; ++j) {
            const __m128d ox = _mm_set1_pd(other.x[j]), oy = _mm_set1_pd(other.y[j]);
            for (int h = 0; h < 4; ++h) {
                const __m128d along = _mm_add_pd(_mm_mul_pd(_mm_load_pd(normals.x + 2 * h), ox),
                                                 _mm_mul_pd(_mm_load_pd(normals.y + 2 * h), oy));
                s[h] = j == 0 ? along : _mm_min_pd(along, s[h]);
            }
        }
        for (int h = 0; h < 4; ++h) {
            const __m128d offset =
                _mm_add_pd(_mm_mul_pd(_mm_load_pd(normals.x + 2 * h), _mm_load_pd(own.x + 2 * h)),
                           _mm_mul_pd(_mm_load_pd(normals.y + 2 * h), _mm_load_pd(own.y + 2 * h)));
            s[h] = _mm_sub_pd(s[h], offset);
        }
        __m128d top = _mm_max_pd(_mm_max_pd(s[0], s[1]), _mm_max_pd(s[2], s[3]));
        top = _mm_max_pd(top, _mm_shuffle_pd(top, top, 1));
        unsigned mask = 0x100u;
        for (int h = 0; h < 4; ++h) {
            mask |= static_cast<unsigned>(_mm_movemask_pd(_mm_cmpeq_pd(s[h], top))) << (2 * h);
        }
        best.face = __builtin_ctz(mask) & 7;
        best.separation = _mm_cvtsd_f64(top);
        return best;
    }
#endif
    for (int i = 0; i < 8; ++i) {
        T least = normals.x[i] * other.x[0] + normals.y[i] * other.y[0];
        for (int j = 1; j < 8; ++j) {
            const T along = normals.x[i] * other.x[j] + normals.y[i] * other.y[j];
            least = along < least ? along : least;
        }
        const T s = least - (normals.x[i] * own.x[i] + normals.y[i] * own.y[i]);
        if (i == 0 || s > best.separation) {
            best.separation = s;
            best.face = i;
        }
    }
    return best;
}

/// The vertex of `other` deepest beyond the face `face` of `normals`: the support along -m
/// (the negation is exact, so its largest dot product is the smallest along m, ties alike).
template <class T> int deepest_vertex(const Soa8<T>& normals, int face, const Soa8<T>& other) {
    return support_index_soa8(other, Vec2<T>{-normals.x[face], -normals.y[face]});
}

/// The separating axis test of the prepared shapes `a` and `b` (at most kInline vertices each,
/// precondition), B's frame seen from A's being `xf` (detail::relative). B's faces are not
/// looked at when A's face already separates the shapes by more than `enough` plus the guard
/// (the caller's question is then answered: manifold() asks whether they are within its margin,
/// penetration() whether they overlap).
template <class T>
SeparatingAxes<T> separating_axes(const PreparedShape<T>& a, const PreparedShape<T>& b,
                                  const Transform<T>& xf, T enough) {
    SeparatingAxes<T> out;
    out.count_a = a.count();
    out.count_b = b.count();
    const Soa8<T>& va = a.soa();
    const Soa8<T>& vb = b.soa();
    const Soa8<T>& nb = b.normals();
    for (int k = 0; k < 8; ++k) { // MovedVerticesSupport's arithmetic, so GJK's points
        out.b_vertices.x[k] = (xf.q.c * vb.x[k] - xf.q.s * vb.y[k]) + xf.p.x;
        out.b_vertices.y[k] = (xf.q.s * vb.x[k] + xf.q.c * vb.y[k]) + xf.p.y;
    }
    // R, the largest |coordinate| in A's frame, bounded above: a rotated coordinate is at
    // most sqrt(2) times the largest one, and 2 covers that with its round-off.
    const T largest = std::max(a.extent(), std::abs(xf.p.x) + std::abs(xf.p.y) + T(2) * b.extent());
    out.guard = T(kSeparatingAxisUlps) * std::numeric_limits<T>::epsilon() * largest;
    out.a = best_face(a.normals(), va, out.count_a >= 2 ? out.count_a : 0, out.b_vertices);
    if (out.a.separation > enough + out.guard) {
        return out;
    }
    for (int k = 0; k < 8; ++k) {
        out.b_normals.x[k] = xf.q.c * nb.x[k] - xf.q.s * nb.y[k];
        out.b_normals.y[k] = xf.q.s * nb.x[k] + xf.q.c * nb.y[k];
    }
    out.b = best_face(out.b_normals, out.b_vertices, out.count_b >= 2 ? out.count_b : 0, va);
    return out;
}

/// Whether the separating axis test applies to the pair: two prepared shapes of at most
/// PreparedShape::kInline vertices each, at least one with faces.
template <class T> bool separating_axes_apply(const ShapeView<T>& a, const ShapeView<T>& b) {
    constexpr std::size_t small = PreparedShape<T>::kInline;
    return a.prepared && b.prepared && a.points.size() <= small && b.points.size() <= small &&
           (a.points.size() >= 2 || b.points.size() >= 2);
}

} // namespace detail

} // namespace gjk
