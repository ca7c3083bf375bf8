// gjk/loop/support_plane3.hpp - the proof that a contact in space is touching: a plane through
// the origin that no point of Z = B - A passes, found among the planes through the feature of
// the simplex the origin lies on (gjk/distance3.hpp's conclusion; EPA's start has its own).
#pragma once

#include <type_traits>

#include "gjk/distance3_types.hpp"
#include "gjk/math3.hpp"
#include "gjk/minkowski3.hpp"
#include "gjk/orientation3.hpp"
#include "gjk/perpendicular3.hpp"

namespace gjk::detail {

/// Whether x lies exactly in the plane of p, q and r, which span one (gjk/orientation3.hpp's
/// exact sign on the four points scaled together by a power of two, floats in double): a support
/// point that round-off put beyond a plane it lies in.
template <class T> bool in_plane_exactly(Vec3<T> p, Vec3<T> q, Vec3<T> r, Vec3<T> x) {
    using R = std::conditional_t<std::is_same_v<T, float>, double, T>;
    const T k = unit_scale({p, q, r, x});
    auto widened = [k](Vec3<T> v) { return Vec3<R>{R(k) * R(v.x), R(k) * R(v.y), R(k) * R(v.z)}; };
    const Vec3<R> a = widened(p), b = widened(q), c = widened(r), d = widened(x);
    const bool collinear = orientation_in_plane(a, b, c, 0, 1) == 0 &&
                           orientation_in_plane(a, b, c, 1, 2) == 0 &&
                           orientation_in_plane(a, b, c, 2, 0) == 0;
    return !collinear && orientation(a, b, c, d) == 0;
}

/// The walk of support_plane() from an edge w0 w1 of Z through the origin (or the vertex w0 when
/// w1 = w0): while Z has a point p beyond the plane n (n.p > 0), the plane turns to contain p too
/// (n becomes the normal of the plane through the edge and p, or n less its part along p),
/// towards the normal cone of Z at the origin; a bounded number of turns, each one support. A
/// point beyond a plane through the edge only by round-off - exactly in the plane of the edge
/// and the point the walk last turned to - ends the walk as one on it: in exact arithmetic the
/// plane would not turn. Without that, two integer segments that cross, whose Z is flat, turned
/// from one of its points to the other until the turns ran out: "overlapping", with a depth of 0
/// (TYPED_TEST(Distance3Contacts, CrossingSegmentsTouch)). Zero when no plane is found.
template <class T, class Z>
Vec3<T> support_plane_walk(const Z& z, Vec3<T> w0, Vec3<T> w1, Vec3<T> last) {
    constexpr int kTurns = 32;
    const Vec3<T> edge = w1 - w0;
    // The edge, and below each point beyond, scaled by a power of two (exact) to a largest
    // coordinate near 1: only their directions matter, and their squares must not underflow.
    const Vec3<T> e = unit_scale({edge}) * edge;
    const T ee = dot(e, e);
    auto across = [&e, ee](Vec3<T> v) { return ee > T(0) ? v - (dot(v, e) / ee) * e : v; };
    // The first plane: the last search direction's part across the edge, as (e x last) x e
    // carried with its round-off, so that a direction along the edge gives zero and not a
    // round-off vector along it (which would be a plane containing no edge: fuzz_kernel, the test
    // Distance3Regression.AnEdgeAlongTheLastDirectionTurnsToAPlaneAcrossIt).
    const Vec3<T> l = unit_scale({last}) * last;
    Vec3<T> n = ee > T(0) ? accurate_cross(accurate_cross(e, l), e) : l;
    if (n == Vec3<T>{}) {
        n = ee > T(0) ? any_perpendicular(e) : Vec3<T>{0, 0, 1};
    }
    bool turned = false; // n is the plane through the edge and `turned_to` (across: `behind`)
    Vec3<T> turned_to{}, behind{};
    for (int turn = 0; turn < kTurns && n != Vec3<T>{}; ++turn) {
        const Vec3<T> x = z(n).w;
        const Vec3<T> out = across(x - w0);
        const Vec3<T> p = unit_scale({out}) * out;
        const T reach = dot(p, n);
        if (!(reach > T(0)) || (turned && in_plane_exactly(w0, w1, turned_to, x))) {
            return n;
        }
        Vec3<T> m = ee > T(0) ? accurate_cross(e, p) : n - (reach / dot(p, p)) * p;
        // Of the two sides of the new plane, the one that leaves behind the point the walk
        // turned to last (every support plane does); on the first turn, the side of n. Across
        // the edge, Z is a wedge at the origin: keeping n's side alone, a walk that started
        // inside the wedge turned from one of its sides to the other and back until the turns
        // ran out (TYPED_TEST(Distance3Contacts, HullsMeetingOnAFaceAlongAnEdgeTouch)).
        if (turned ? dot(m, behind) > T(0) : dot(m, n) < T(0)) {
            m = -m;
        }
        if (ee > T(0)) {
            turned = true, turned_to = x, behind = p;
        }
        n = normalized(m);
    }
    return {};
}

/// A support plane of Z through the origin, for a contact (the origin on the simplex `s`): a
/// direction n with s_Z(n).n <= 0, which leaves all of Z = B - A on its negative side, so that
/// the normal from A to B is -n; zero when none is found (the shapes overlap). The planes tried
/// contain the feature the origin lies on. A triangle's is its own plane, either way; when
/// neither side is one and a vertex's weight is round-off (8 eps), the origin lies on the edge
/// of the other two, and that edge's walk decides (the test Distance3.ExactContactsAreTouching:
/// two boxes face on face, one turned, in float); otherwise the origin is inside the face and no
/// plane through it leaves Z on one side. For an edge or a vertex, support_plane_walk() from the
/// last search direction.
template <class T, class Z> Vec3<T> support_plane(const Z& z, const Simplex3<T>& s, Vec3<T> last) {
    const Vec3<T> w0 = s.v[0].w;
    if (s.count == 3) {
        const Vec3<T> n = normal_direction(s.v[0].w, s.v[1].w, s.v[2].w);
        for (const Vec3<T>& m : {n, -n}) {
            if (m == Vec3<T>{}) {
                continue;
            }
            const Vec3<T> x = z(m).w; // beyond, or in the triangle's plane (exactly)
            if (!(dot(x - w0, m) > T(0)) || in_plane_exactly(w0, s.v[1].w, s.v[2].w, x)) {
                return m;
            }
        }
        int lightest = 0; // the vertex whose weight is least
        for (int i = 1; i < 3; ++i) {
            lightest = s.v[i].weight < s.v[lightest].weight ? i : lightest;
        }
        if (!(s.v[lightest].weight <= 8 * std::numeric_limits<T>::epsilon())) {
            return {}; // the origin is inside the face: a plane through it cuts Z
        }
        const Vec3<T> p = s.v[(lightest + 1) % 3].w, q = s.v[(lightest + 2) % 3].w;
        return support_plane_walk(z, p, q, last);
    }
    return support_plane_walk(z, w0, s.count == 2 ? s.v[1].w : w0, last);
}

} // namespace gjk::detail
