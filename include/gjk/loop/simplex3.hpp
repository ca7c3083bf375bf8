// gjk/loop/simplex3.hpp - the simplex of the loop in space (gjk/loop/simplex.hpp's twin): its
// closest point to the origin by the Voronoi regions of a point, a segment, a triangle or a
// tetrahedron (gjk/segment3.hpp, gjk/triangle3.hpp, gjk/tetrahedron.hpp), the vertices of the
// region kept (cull), and the search direction.
#pragma once

#include "gjk/distance3_types.hpp"
#include "gjk/math3.hpp"
#include "gjk/perpendicular3.hpp"
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

/// solve(): the closest point of the simplex to the origin Q = 0, each vertex's weight set. The
/// solvers see the vertices scaled by a power of two (exact) to a largest coordinate near 1:
/// their products of two and three coordinates then neither overflow nor underflow, for
/// shapes of any size in the range, and the regions and weights are the unscaled ones'.
template <class T> Solution3<T> solve(Simplex3<T>& s) {
    const Vec3<T> q{};
    SimplexVertex3<T>* v = s.v;
    T k = T(1);
    switch (s.count) {
    case 1:
        k = unit_scale({v[0].w});
        break;
    case 2:
        k = unit_scale({v[0].w, v[1].w});
        break;
    case 3:
        k = unit_scale({v[0].w, v[1].w, v[2].w});
        break;
    default:
        k = unit_scale({v[0].w, v[1].w, v[2].w, v[3].w});
        break;
    }
    const Vec3<T> w0 = k * v[0].w, w1 = k * v[1].w, w2 = k * v[2].w, w3 = k * v[3].w;
    Solution3<T> r;
    switch (s.count) {
    case 1:
        v[0].weight = T(1);
        r.region = 0b1;
        break;
    case 2: {
        const SegmentClosest3<T> c = closest_point_segment(w0, w1, q);
        v[0].weight = c.u, v[1].weight = c.v;
        r.region = static_cast<unsigned>(c.region);
        break;
    }
    case 3: {
        const TriangleClosest3<T> c = closest_point_triangle(w0, w1, w2, q);
        v[0].weight = c.u, v[1].weight = c.v, v[2].weight = c.w;
        r.region = static_cast<unsigned>(c.region);
        break;
    }
    default: {
        const TetrahedronClosest<T> c = closest_point_tetrahedron(w0, w1, w2, w3, q);
        v[0].weight = c.u, v[1].weight = c.v, v[2].weight = c.w, v[3].weight = c.x;
        r.region = static_cast<unsigned>(c.region);
        break;
    }
    }
    for (int i = 0; i < s.count; ++i) {
        if (r.region & (1u << i)) {
            r.closest += v[i].weight * v[i].w;
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
/// triangle its normal, on the origin's side. The perpendiculars are carried with their round-off
/// (gjk/perpendicular3.hpp): a thin triangle's normal from plain cross products can be off
/// by enough to end the loop on the wrong face. Computed on the vertices scaled by a power of two
/// (exact) to a largest coordinate near 1, so that the products of three coordinates neither
/// overflow nor underflow, and so is the direction: only its direction matters, and the loop's
/// dot products with it keep their bits. Zero when the origin lies on the feature (its line, or
/// its plane): the origin is on the simplex, an overlap case.
template <class T> Vec3<T> search_direction(const Simplex3<T>& s) {
    const Vec3<T> w0 = s.v[0].w;
    if (s.count == 1) {
        return unit_scale({w0}) * -w0;
    }
    const Vec3<T> w1 = s.v[1].w;
    if (s.count == 2) {
        const T k = unit_scale({w0, w1});
        return across_edge(k * w0, k * w1);
    }
    const Vec3<T> w2 = s.v[2].w;
    const Vec3<T> n = normal_direction(w0, w1, w2);
    const T side = dot(n, unit_scale({w0}) * -w0);
    return side > T(0) ? n : (side < T(0) ? -n : Vec3<T>{});
}

} // namespace gjk::detail
