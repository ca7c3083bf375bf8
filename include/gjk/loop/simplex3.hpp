// gjk/loop/simplex3.hpp - the loop's simplex in space (gjk/loop/simplex.hpp's twin) and the talk's
// three steps on it, which the loop of gjk/loop/run.hpp takes: solve (the closest point P to the
// origin by the Voronoi regions of a point, a segment, a triangle or a tetrahedron,
// gjk/segment3.hpp, gjk/triangle3.hpp, gjk/tetrahedron.hpp), cull (keep the vertices of P's
// region) and the search direction.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>

#include "gjk/distance3_types.hpp"
#include "gjk/loop/policy.hpp"
#include "gjk/loop/result.hpp"
#include "gjk/loop/rules.hpp"
#include "gjk/math3.hpp"
#include "gjk/perpendicular3.hpp"
#include "gjk/segment3.hpp"
#include "gjk/tetrahedron.hpp"
#include "gjk/triangle3.hpp"

namespace gjk::detail {

/// The loop's simplex in space (LoopSimplexOf, gjk/loop/rules.hpp): up to four vertices, and
/// `scale`, the power of two (exact) that brings the shapes' largest coordinate near 1: the
/// stall rule and settle() compare squared lengths of points scaled by it (square()), which
/// neither overflow nor underflow for shapes of any size within the range.
template <class T> struct LoopSimplex3 : LoopSimplexOf<Vec3<T>, 4> {
    using Scalar = T;
    using Vector = Vec3<T>;
    /// solve()'s region when every vertex contributes: the origin inside the tetrahedron.
    static constexpr unsigned kAll = 0b1111u;
    /// settle() reads the last support point (LoopResult::last_support): the loop keeps it.
    static constexpr bool kSettlesOnLastSupport = true;

    T scale{1};

    /// |scale v|^2: the squared length the stall rule and settle() compare.
    T square(Vec3<T> v) const { return length_squared(scale * v); }
};

/// The largest square() of the simplex's points (the stall rule's max |w_i|^2).
template <class T> T largest_vertex2(const LoopSimplex3<T>& s) {
    T largest = T(0);
    for (int i = 0; i < s.count; ++i) {
        largest = std::max(largest, s.square(s.w[i]));
    }
    return largest;
}

/// The simplex's closest point to the origin, each vertex's weight in it (0 for a vertex that
/// does not contribute) and its region: a bitmask of the vertices that contribute (bit i =
/// vertex i).
template <class T> struct Solution3 {
    Vec3<T> closest{};
    T weight[4]{};
    unsigned region{0};
};

/// solve(): the closest point of the simplex to the origin Q = 0. The simplex is not changed:
/// the loop first decides whether it keeps it. The solvers see the vertices scaled by a power of
/// two (exact) to a largest coordinate near 1: their products of two and three coordinates then
/// neither overflow nor underflow, for shapes of any size in the range, and the regions and
/// weights are the unscaled ones'.
template <class T> Solution3<T> solve(const LoopSimplex3<T>& s) {
    const Vec3<T> q{};
    const Vec3<T>* v = s.w;
    T k = T(1);
    switch (s.count) {
    case 1:
        k = unit_scale({v[0]});
        break;
    case 2:
        k = unit_scale({v[0], v[1]});
        break;
    case 3:
        k = unit_scale({v[0], v[1], v[2]});
        break;
    default:
        k = unit_scale({v[0], v[1], v[2], v[3]});
        break;
    }
    const Vec3<T> w0 = k * v[0], w1 = k * v[1], w2 = k * v[2], w3 = k * v[3];
    Solution3<T> r;
    switch (s.count) {
    case 1:
        r.weight[0] = T(1);
        r.region = 0b1;
        break;
    case 2: {
        const SegmentClosest3<T> c = closest_point_segment(w0, w1, q);
        r.weight[0] = c.u, r.weight[1] = c.v;
        r.region = static_cast<unsigned>(c.region);
        break;
    }
    case 3: {
        const TriangleClosest3<T> c = closest_point_triangle(w0, w1, w2, q);
        r.weight[0] = c.u, r.weight[1] = c.v, r.weight[2] = c.w;
        r.region = static_cast<unsigned>(c.region);
        break;
    }
    default: {
        const TetrahedronClosest<T> c = closest_point_tetrahedron(w0, w1, w2, w3, q);
        r.weight[0] = c.u, r.weight[1] = c.v, r.weight[2] = c.w, r.weight[3] = c.x;
        r.region = static_cast<unsigned>(c.region);
        break;
    }
    }
    for (int i = 0; i < s.count; ++i) {
        if (r.region & (1u << i)) {
            r.closest += r.weight[i] * v[i];
        }
    }
    return r;
}

/// cull(): keeps the vertices of the region, in their order, with their weights. Every slot is
/// copied to the next free one, which advances only past a kept vertex: no branch on the region.
/// Slots past the count hold stale vertices and are never read.
template <class T> void cull(LoopSimplex3<T>& s, const Solution3<T>& r) {
    int n = 0;
    for (int i = 0; i < 4; ++i) {
        s.w[n] = s.w[i];
        s.pair[n] = s.pair[i];
        s.weight[n] = r.weight[i];
        n += static_cast<int>((r.region >> i) & 1u);
    }
    s.count = n;
}

/// search_direction(): towards the origin from the simplex's feature, perpendicular to it: -w0
/// for a vertex; for an edge e = w1 - w0, (e x -w0) x e, the part of -w0 across e; for a
/// triangle its normal, on the origin's side. The perpendiculars are carried with their round-off
/// (gjk/perpendicular3.hpp): a thin triangle's normal from plain cross products can be off
/// by enough to end the loop on the wrong face. Computed on the vertices scaled by a power of two
/// (exact) to a largest coordinate near 1, so that the products of three coordinates neither
/// overflow nor underflow, and so is the direction: only its direction matters, and the loop's
/// dot products with it keep their bits (so every direction is resolvable, whatever the
/// `Policy`). Zero when the origin lies on the feature (its line, or its plane): the origin is on
/// the simplex, an overlap case.
template <class Policy = Guaranteed, class T> Vec3<T> search_direction(const LoopSimplex3<T>& s) {
    const Vec3<T> w0 = s.w[0];
    if (s.count == 1) {
        return unit_scale({w0}) * -w0;
    }
    const Vec3<T> w1 = s.w[1];
    if (s.count == 2) {
        const T k = unit_scale({w0, w1});
        return across_edge(k * w0, k * w1);
    }
    const Vec3<T> w2 = s.w[2];
    const Vec3<T> n = normal_direction(w0, w1, w2);
    const T side = dot(n, unit_scale({w0}) * -w0);
    return side > T(0) ? n : (side < T(0) ? -n : Vec3<T>{});
}

/// settle(): how a loop that found no closer point ends (`r.termination` no_progress or
/// repeated_support; any other ending is returned as it is): on a feature of the simplex within
/// round-off of the origin, a contact on that feature (vertex, edge or face overlap), as in the
/// plane - a P that small is the round-off of the weights, not a distance. The round-off is one
/// eps of the largest vertex, and of the last support point: the test that ended the loop (its
/// dot product, or the solve of the simplex it joined) carries an eps of it. A float edge 8e-23
/// from the origin, whose triangle with a support point 0.19 away could not resolve it, kept the
/// edge's normal, 0.1 rad off Z's support plane: rounded shapes moved out by the depth along it
/// still overlapped (fuzz_kernel, TEST(Distance3Regression,
/// AGapBelowTheLastSupportsRoundOffIsAContact)). The loop in space keeps every guarantee, so
/// `Policy` changes nothing here.
template <class Policy = Guaranteed, class T>
Termination settle(const LoopSimplex3<T>& s, const LoopResult<Vec3<T>>& r) {
    const Termination t = r.termination;
    if (t != Termination::no_progress && t != Termination::repeated_support) {
        return t;
    }
    T vertex2 = s.square(r.last_support);
    for (int i = 0; i < s.count; ++i) {
        vertex2 = std::max(vertex2, s.square(s.w[i]));
    }
    constexpr T eps = std::numeric_limits<T>::epsilon();
    return s.square(r.closest) <= eps * eps * vertex2 ? contact_ending(s.count) : t;
}

/// The loop's simplex with its shape points: each vertex's a and b taken back from its index
/// pair on Z (in A's frame), with its weight - what the answer, the touching proof and EPA read.
template <class T, class Z> Simplex3<T> to_simplex(const Z& z, const LoopSimplex3<T>& s) {
    Simplex3<T> r;
    r.count = s.count;
    for (int i = 0; i < s.count; ++i) {
        r.v[i] = z.vertex(s.index_a(i), s.index_b(i));
        r.v[i].weight = s.weight[i];
    }
    return r;
}

/// The weights of a simplex with its shape points (EPA's seed), as solve() gives them.
template <class T> void solve_weights(Simplex3<T>& s) {
    LoopSimplex3<T> loop;
    for (int i = 0; i < s.count; ++i) {
        loop.w[i] = s.v[i].w;
    }
    loop.count = s.count;
    const Solution3<T> r = solve(loop);
    for (int i = 0; i < s.count; ++i) {
        s.v[i].weight = r.weight[i];
    }
}

} // namespace gjk::detail
