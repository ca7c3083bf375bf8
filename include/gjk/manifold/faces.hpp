// gjk/manifold/faces.hpp - a shape's hull faces in A's frame for the contact manifold: the face
// most parallel to a direction, and the walk along nearly collinear faces to the one over a
// point (gjk/manifold.hpp, "The faces").
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "gjk/manifold_types.hpp"
#include "gjk/math.hpp"
#include "gjk/prepared.hpp"
#include "gjk/shape.hpp"

namespace gjk::detail {

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
    // Faces without a normal (zero: of no length in A's frame, or too short for their normal
    // to be known, HullFaces::normal) are stepped over: a walk that stopped at one kept the face
    // at the short end of a sliver 5e17 long (fuzz_kernel; TEST(ManifoldRegression,
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
    /// Edge i's outward unit normal (in A's frame); zero for an edge too short for its normal
    /// to be known within kReferenceTolerance. Its ends carry the round-off of the move into
    /// A's frame, about eps (|local| + |translation|) each, which turns the normal by that over
    /// the edge's length: below 1024 eps of them, by up to 1e-3 rad. Such an edge counts as a
    /// point: a float sliver 1e-16 long among coordinates of 3e-11 had its normal 1.4e-3 off,
    /// was taken as the reference face instead of the long face beside it, and the clipping
    /// kept points 3e9 deep of 2.7e15 (fuzz_kernel; TEST(ManifoldRegression,
    /// EdgeTooShortForItsNormalIsNoFace)).
    Vec2<T> normal(int i) const {
        const int n = count();
        const Vec2<T> p = local[static_cast<std::size_t>(i)];
        const Vec2<T> q = local[static_cast<std::size_t>((i + 1) % n)];
        const Vec2<T> e = vertex((i + 1) % n) - vertex(i);
        const T reach = std::max({std::abs(p.x), std::abs(p.y), std::abs(q.x), std::abs(q.y)}) +
                        std::max(std::abs(xf.p.x), std::abs(xf.p.y));
        if (!(std::max(std::abs(e.x), std::abs(e.y)) >
              T(1024) * std::numeric_limits<T>::epsilon() * reach)) {
            return {};
        }
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
        // The faces before and after the support vertex, stepping over edges that count as
        // points (normal()): the support may be either end of such an edge.
        int before = (i + n - 1) % n, after = i;
        for (int k = 1; k < n && normal(before) == Vec2<T>{}; ++k) {
            before = (before + n - 1) % n;
        }
        for (int k = 1; k < n && normal(after) == Vec2<T>{}; ++k) {
            after = (after + 1) % n;
        }
        const T s_before = sine_to(before, d), s_after = sine_to(after, d);
        int best = s_after < s_before ? after : before;
        sine = std::min(s_before, s_after);
        if (n > 2 && sine <= T(kReferenceTolerance)) {
            // The two sines known already are not computed again.
            auto sine_of = [&](int e) {
                return e == after ? s_after : e == before ? s_before : sine_to(e, d);
            };
            best = face_over(
                n, [this](int e) { return vertex(e); }, [this](int e) { return normal(e); },
                [&](int e) { return sine_of(e) <= T(kReferenceTolerance); }, best, w);
            sine = sine_of(best);
        }
        return best;
    }
};

} // namespace gjk::detail
