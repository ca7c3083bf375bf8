// gjk/epa/expand3.hpp - EPA's loop in space: the polytope around the origin grown from GJK's
// final simplex by one support point per iteration, until its closest face is a face of Z (the
// top of gjk/penetration3.hpp has the derivation; gjk/epa/polytope3.hpp the polytope).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "gjk/distance3.hpp"
#include "gjk/epa/polytope3.hpp"
#include "gjk/penetration_types.hpp"

namespace gjk::detail {

/// What EPA found for the cores, in A's local frame.
template <class T> struct EpaResult3 {
    T depth{0};       ///< core penetration depth (>= 0)
    Vec3<T> normal{}; ///< unit, from A to B (minus Z's outward face normal)
    Vec3<T> a{}, b{}; ///< core witness points (b - a = -depth * normal)
    int iterations{0};
    EpaTermination termination{EpaTermination::none};
};

/// EPA on the support `z` (Z in A's frame), from GJK's final simplex `seed` (1..4 vertices,
/// the origin on or inside it). See the top of gjk/penetration3.hpp.
template <class T, class Z> EpaResult3<T> epa3(const Z& z, Simplex3<T> seed, int max_iterations) {
    EpaResult3<T> out;
    // The origin on Z's boundary, proven (to round-off) by the plane through it with normal c
    // that no point of Z passes: B lies on the -c side of A. The witness is the seed's point
    // at the origin, from its weights.
    auto touching = [&](Vec3<T> c) {
        solve_weights(seed);
        Vec3<T> a{};
        for (int i = 0; i < seed.count; ++i) {
            a += seed.v[i].weight * seed.v[i].a;
        }
        out.termination = EpaTermination::touching;
        out.depth = T(0);
        out.normal = -normalized(c);
        out.a = out.b = a;
        return out;
    };
    // Z passes the plane through the origin with normal c by a point w that is not yet in the
    // seed (a seed vertex there passes it by round-off only).
    auto passes = [&z, &seed](Vec3<T> c, SimplexVertex3<T>& w) {
        w = z(c);
        for (int i = 0; i < seed.count; ++i) {
            if (seed.v[i].index_a == w.index_a && seed.v[i].index_b == w.index_b) {
                return false;
            }
        }
        return dot(w.w, c) > T(0);
    };

    // The start. A seed of no volume loses what spans nothing: three points in line keep the
    // two farthest apart, two equal points one. Then a vertex, an edge or a triangle through
    // the origin grows, by a support point across it, into a tetrahedron; or the plane across it
    // is a support plane: touching.
    if (seed.count == 3) {
        const T k = unit_scale({seed.v[0].w, seed.v[1].w, seed.v[2].w});
        if (normal_direction(seed.v[0].w, seed.v[1].w, seed.v[2].w) == Vec3<T>{}) {
            int drop = 0; // the vertex between the other two
            T longest = T(-1);
            for (int i = 0; i < 3; ++i) {
                const T e = length_squared(k * (seed.v[(i + 2) % 3].w - seed.v[(i + 1) % 3].w));
                if (e > longest) {
                    longest = e, drop = i;
                }
            }
            seed.v[drop] = seed.v[2];
            seed.count = 2;
        }
    }
    if (seed.count == 2 && seed.v[0].w == seed.v[1].w) {
        seed.count = 1;
    }
    SimplexVertex3<T> w;
    if (seed.count == 1) {
        const Vec3<T> c{1, 0, 0};
        if (!passes(c, w)) {
            return touching(c);
        }
        seed.v[seed.count++] = w;
    }
    if (seed.count == 2) {
        const Vec3<T> c = any_perpendicular(seed.v[1].w - seed.v[0].w);
        if (!passes(c, w)) {
            return touching(c);
        }
        seed.v[seed.count++] = w;
    }
    Polytope3<T> p;
    if (seed.count == 3) {
        const Vec3<T> n = normal_direction(seed.v[0].w, seed.v[1].w, seed.v[2].w);
        SimplexVertex3<T> below;
        if (n == Vec3<T>{}) { // grown from an edge, yet of no area in floating point
            out.termination = EpaTermination::max_iterations;
            return out;
        }
        if (!passes(n, w)) {
            return touching(n);
        }
        if (!passes(-n, below)) {
            return touching(-n);
        }
        p.tetrahedron(seed.v[0], seed.v[1], seed.v[2], w);
        // The point below joins at the face it sees most (the triangle, but for round-off).
        int base = -1;
        T most = T(0);
        for (int i = 0; i < 4; ++i) {
            const Face3<T>& f = p.face(i);
            const T height = dot(f.n, below.w - p.vertex(f.v[0]).w);
            if (height > most) {
                most = height, base = i;
            }
        }
        if (base >= 0) {
            p.add_vertex(below, base);
        }
    } else {
        p.tetrahedron(seed.v[0], seed.v[1], seed.v[2], seed.v[3]);
    }

    // The loop: the closest face, the support along its outward normal, and the gap between
    // them; stop when the gap is round-off (16 eps of the largest coordinate R) or the support
    // is a vertex already.
    T largest = T(0);
    for (int i = 0; i < p.vertex_count(); ++i) {
        largest = std::max(largest, max_abs(p.vertex(i).w));
    }
    int closest = -1;
    while (true) {
        closest = p.closest_face();
        if (closest < 0) { // no face with a normal (a flat polytope): no depth to measure
            out.termination = EpaTermination::max_iterations;
            return out;
        }
        const Face3<T>& f = p.face(closest);
        w = z(f.n);
        largest = std::max(largest, max_abs(w.w));
        bool repeated = false;
        for (int i = 0; i < p.vertex_count(); ++i) {
            repeated |= p.vertex(i).index_a == w.index_a && p.vertex(i).index_b == w.index_b;
        }
        if (repeated) {
            out.termination = EpaTermination::repeated_support;
            break;
        }
        const T gap = dot(f.n, w.w) - f.distance;
        if (gap <= height_round_off(largest)) {
            out.termination = EpaTermination::converged;
            break;
        }
        if (out.iterations >= max_iterations) {
            out.termination = EpaTermination::max_iterations;
            break;
        }
        ++out.iterations;
        p.add_vertex(w, closest);
    }

    // The answer: the closest face's plane, and the origin's foot on it. The foot may lie
    // outside the triangle: a face of Z that is a parallelogram (an edge of A against an edge of
    // B) is two triangles of one plane, and round-off picks either. So the witnesses come from
    // the triangle of that plane holding the foot: from the closest face, across the edge facing
    // its most negative barycentric coordinate, while the next face lies in the same plane (its
    // distance and normal within round-off); then that face's closest point, weights clamped.
    const Face3<T>& f = p.face(closest);
    const T same_plane = height_round_off(largest);
    int holder = closest;
    for (int step = 0; step < 8; ++step) {
        const Face3<T>& g = p.face(holder);
        TriangleCoordinates<T> foot;
        face_coordinates(p.vertex(g.v[0]).w, p.vertex(g.v[1]).w, p.vertex(g.v[2]).w, Vec3<T>{},
                         foot);
        const T weight[3] = {foot.uABC, foot.vABC, foot.wABC};
        const int k = int(std::min_element(weight, weight + 3) - weight);
        if (!(weight[k] < T(0))) {
            break;
        }
        const int next = g.across[(k + 1) % 3]; // across the edge that does not hold vertex k
        const Face3<T>& h = p.face(next);
        if (!h.alive || std::abs(h.distance - f.distance) > same_plane || !parallel(h.n, f.n)) {
            break;
        }
        holder = next;
    }
    auto foot_on = [&p](int face) {
        const Face3<T>& g = p.face(face);
        return closest_point_triangle(p.vertex(g.v[0]).w, p.vertex(g.v[1]).w, p.vertex(g.v[2]).w,
                                      Vec3<T>{});
    };
    TriangleClosest3<T> c = foot_on(holder);
    // Slivers (a Z thinner than round-off across, as two needles in line) have normals too
    // rough for the walk: when the holder's point is farther than the depth by more than
    // round-off, the face whose triangle comes nearest the origin holds the witnesses (for a
    // convex polytope around the origin the least distance to a triangle is the least distance
    // to a plane).
    if (length(c.point) > f.distance + same_plane) {
        for (int i = 0; i < p.face_count(); ++i) {
            if (p.face(i).alive) {
                const TriangleClosest3<T> e = foot_on(i);
                if (length_squared(e.point) < length_squared(c.point)) {
                    c = e, holder = i;
                }
            }
        }
    }
    const Face3<T>& g = p.face(holder);
    const SimplexVertex3<T>& v0 = p.vertex(g.v[0]);
    const SimplexVertex3<T>& v1 = p.vertex(g.v[1]);
    const SimplexVertex3<T>& v2 = p.vertex(g.v[2]);
    out.depth = std::max(T(0), f.distance);
    out.normal = -f.n;
    out.a = c.u * v0.a + c.v * v1.a + c.w * v2.a;
    out.b = c.u * v0.b + c.v * v1.b + c.w * v2.b;
    return out;
}

} // namespace gjk::detail
