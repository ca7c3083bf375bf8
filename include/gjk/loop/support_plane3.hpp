// gjk/loop/support_plane3.hpp - the proof that a contact in space is touching: a plane through
// the origin that no point of Z = B - A passes, found among the planes through the feature of
// the simplex the origin lies on (gjk/distance3.hpp's conclusion; EPA's start has its own).
#pragma once

#include "gjk/distance3_types.hpp"
#include "gjk/math3.hpp"
#include "gjk/minkowski3.hpp"
#include "gjk/perpendicular3.hpp"

namespace gjk::detail {

/// The walk of support_plane() from an edge w0 w1 of Z through the origin (or the vertex w0 when
/// the edge is empty): while Z has a point p beyond the plane n (n.p > 0), the plane turns to
/// contain p too (n becomes the normal of the plane through the edge and p, or n less its part
/// along p), towards the normal cone of Z at the origin; a bounded number of turns, each one
/// support. Zero when no plane is found.
template <class T, class Z>
Vec3<T> support_plane_walk(const Z& z, Vec3<T> w0, Vec3<T> edge, Vec3<T> last) {
    constexpr int kTurns = 32;
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
    for (int turn = 0; turn < kTurns && n != Vec3<T>{}; ++turn) {
        const Vec3<T> out = across(z(n).w - w0);
        const Vec3<T> p = unit_scale({out}) * out;
        const T reach = dot(p, n);
        if (!(reach > T(0))) {
            return n;
        }
        Vec3<T> m = ee > T(0) ? accurate_cross(e, p) : n - (reach / dot(p, p)) * p;
        if (dot(m, n) < T(0)) {
            m = -m;
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
            if (m != Vec3<T>{} && !(dot(z(m).w - w0, m) > T(0))) {
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
        return support_plane_walk(z, p, q - p, last);
    }
    return support_plane_walk(z, w0, s.count == 2 ? s.v[1].w - w0 : Vec3<T>{}, last);
}

} // namespace gjk::detail
