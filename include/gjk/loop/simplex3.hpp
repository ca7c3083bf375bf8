// gjk/loop/simplex3.hpp - the simplex of the loop in space (gjk/loop/simplex.hpp's twin): its
// closest point to the origin by the Voronoi regions of a point, a segment, a triangle or a
// tetrahedron (gjk/segment3.hpp, gjk/triangle3.hpp, gjk/tetrahedron.hpp), the vertices of the
// region kept (cull), and the search direction.
#pragma once

#include "gjk/distance3_types.hpp"
#include "gjk/math3.hpp"
#include "gjk/segment3.hpp"
#include "gjk/tetrahedron.hpp"
#include "gjk/triangle3.hpp"

namespace gjk::detail {

/// The simplex's closest point to the origin and its region: a bitmask of the vertices that
/// contribute (bit i = vertex i), whose weights are set in the simplex.
template <class T> struct Solution3 {
    Vec3<T> closest{};
    unsigned region{0};
};

/// solve(): the closest point of the simplex to the origin Q = 0, each vertex's weight set.
template <class T> Solution3<T> solve(Simplex3<T>& s) {
    const Vec3<T> q{};
    SimplexVertex3<T>* v = s.v;
    Solution3<T> r;
    switch (s.count) {
    case 1:
        v[0].weight = T(1);
        r.closest = v[0].w, r.region = 0b1;
        break;
    case 2: {
        const SegmentClosest3<T> c = closest_point_segment(v[0].w, v[1].w, q);
        v[0].weight = c.u, v[1].weight = c.v;
        r.closest = c.point, r.region = static_cast<unsigned>(c.region);
        break;
    }
    case 3: {
        const TriangleClosest3<T> c = closest_point_triangle(v[0].w, v[1].w, v[2].w, q);
        v[0].weight = c.u, v[1].weight = c.v, v[2].weight = c.w;
        r.closest = c.point, r.region = static_cast<unsigned>(c.region);
        break;
    }
    default: {
        const TetrahedronClosest<T> c =
            closest_point_tetrahedron(v[0].w, v[1].w, v[2].w, v[3].w, q);
        v[0].weight = c.u, v[1].weight = c.v, v[2].weight = c.w, v[3].weight = c.x;
        r.closest = c.point, r.region = static_cast<unsigned>(c.region);
        break;
    }
    }
    return r;
}

/// cull(): keeps the vertices of the region, in their order.
template <class T> void cull(Simplex3<T>& s, unsigned region) {
    int kept = 0;
    for (int i = 0; i < s.count; ++i) {
        if (region & (1u << i)) {
            s.v[kept++] = s.v[i];
        }
    }
    s.count = kept;
}

/// search_direction(): towards the origin from the simplex's feature, perpendicular to it: -w0
/// for a vertex; for an edge e = w1 - w0, (e x -w0) x e, the part of -w0 across e; for a
/// triangle its normal, on the origin's side. Computed on the vertices scaled by a power of two
/// (exact) so that the products of three coordinates do not overflow: only the direction
/// matters. Zero when the origin lies on the feature (its line, or its plane): the origin is on
/// the simplex, an overlap case.
template <class T> Vec3<T> search_direction(const Simplex3<T>& s) {
    const Vec3<T> w0 = s.v[0].w;
    if (s.count == 1) {
        return -w0;
    }
    const Vec3<T> w1 = s.v[1].w;
    if (s.count == 2) {
        const T k = unit_scale({w0, w1});
        const Vec3<T> e = k * (w1 - w0), to_origin = k * -w0;
        return cross(cross(e, to_origin), e);
    }
    const Vec3<T> w2 = s.v[2].w;
    const T k = unit_scale({w0, w1, w2});
    const Vec3<T> n = cross(k * (w1 - w0), k * (w2 - w0));
    const T side = dot(n, k * -w0);
    return side > T(0) ? n : (side < T(0) ? -n : Vec3<T>{});
}

} // namespace gjk::detail
