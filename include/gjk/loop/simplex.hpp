// gjk/loop/simplex.hpp - the loop's simplex and the talk's three steps on it: solve (the
// closest point P of the simplex to the origin, gjk/segment.hpp and gjk/triangle.hpp with
// Q = origin), cull (drop the vertices that do not contribute to P), and the search direction
// toward the origin.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "gjk/loop/policy.hpp"
#include "gjk/loop/result.hpp"
#include "gjk/loop/rules.hpp"
#include "gjk/math.hpp"
#include "gjk/segment.hpp"
#include "gjk/shape.hpp"
#include "gjk/triangle.hpp"

namespace gjk {

namespace detail {

/// The loop's simplex in the plane (LoopSimplexOf, gjk/loop/rules.hpp): up to three vertices.
template <class T> struct LoopSimplex : LoopSimplexOf<Vec2<T>, 3> {
    using Scalar = T;
    using Vector = Vec2<T>;
    /// solve()'s region when every vertex contributes: the origin inside the triangle.
    static constexpr unsigned kAll = 0b111u;
    /// settle() does not read the last support point (LoopResult::last_support): the loop
    /// leaves it unset.
    static constexpr bool kSettlesOnLastSupport = false;

    static std::uint64_t pack(int index_a, int index_b) { return pack_pair(index_a, index_b); }

    /// |v|^2: the squared length the stall rule and settle() compare (the plane's loop takes the
    /// points as they are).
    static T square(Vec2<T> v) { return length_squared(v); }
};

/// The largest squared length of the simplex's points (the stall rule's max |w_i|^2).
template <class T> T largest_vertex2(const LoopSimplex<T>& s) {
    T largest = T(0);
    for (int i = 0; i < s.count; ++i) {
        largest = std::max(largest, length_squared(s.w[i]));
    }
    return largest;
}

/// The closest point of a simplex to the origin and which vertices make it up.
/// (No default member values: solve() sets every field, and zeroing them first would add
/// stores to every iteration.)
template <class T> struct Solution {
    Vec2<T> closest; ///< the closest point P
    T weight[3];     ///< barycentric weights of P (0 for a vertex that does not contribute)
    unsigned region; ///< contributing vertices: a SegmentRegion or TriangleRegion value
};

/// The talk's "compute closest point P on S", with Q = origin (gjk/segment.hpp and
/// gjk/triangle.hpp). The simplex is not changed: the loop first decides whether it keeps it.
template <class T> Solution<T> solve(const LoopSimplex<T>& s) {
    const Vec2<T> origin{};
    Solution<T> r;
    switch (s.count) {
    case 1:
        r.closest = s.w[0];
        r.weight[0] = T(1), r.weight[1] = r.weight[2] = T(0);
        r.region = 1u;
        return r;
    case 2: {
        const SegmentClosest<T> c = closest_point_segment(s.w[0], s.w[1], origin);
        r.closest = c.point;
        r.weight[0] = c.u, r.weight[1] = c.v, r.weight[2] = T(0);
        r.region = static_cast<unsigned>(c.region);
        return r;
    }
    default: {
        const TriangleClosest<T> c = closest_point_triangle(s.w[0], s.w[1], s.w[2], origin);
        r.closest = c.point;
        r.weight[0] = c.u, r.weight[1] = c.v, r.weight[2] = c.w;
        r.region = static_cast<unsigned>(c.region);
        return r;
    }
    }
}

/// The talk's "cull non-contributing vertices from S": keeps the vertices in the solution's
/// region, in order, with their weights. Every slot is copied to the next free one and the free
/// one advances only past a kept vertex: no branch on the region, which is data. Slots past the
/// count hold stale vertices and are never read (the batch's lanes leave the same ones, so
/// the warm-start caches they write are distance()'s to the bit).
template <class T> void cull(LoopSimplex<T>& s, const Solution<T>& r) {
    int n = 0;
    for (int i = 0; i < 3; ++i) {
        s.w[n] = s.w[i];
        s.pair[n] = s.pair[i];
        s.weight[n] = r.weight[i];
        n += static_cast<int>((r.region >> i) & 1u);
    }
    s.count = n;
}

/// A direction with every coordinate below sqrt(min) (1.1e-19 in float), scaled by a power
/// of two - exact, and only the direction matters - so that its largest coordinate is in
/// [1, 2); any other direction as it is. The support's dot products of such a direction with
/// the shapes' points underflow: a vertex of Z 5.7e-44 from the origin gave d = (-5.7e-44, 0),
/// every product with B's points (of 1e-6) was 0, the support returned the vertex itself, and
/// shapes 4.6e-6 into each other were "separated" (TEST(DistanceFloat,
/// TinyVertexStillFindsTheOverlap)). From sqrt(min) up, a product with a coordinate of
/// sqrt(min) or more is a normal number, so the support compares them to eps, and smaller
/// coordinates weigh less than sqrt(min) |d|, far below any tolerance (4e-7 of a scale >= 1).
/// Scaled to about 1, the products stay below 2 * 4 sqrt(2) kernel_range: no overflow.
template <class T> [[gnu::noinline]] Vec2<T> scaled_up(Vec2<T> d, T largest) {
    const int e = std::ilogb(largest);
    return {std::ldexp(d.x, -e), std::ldexp(d.y, -e)};
}
// Always inlined, so that only the rare case (scaled_up) is a call, in the big-polygon loops too.
template <class Policy = Guaranteed, class T>
[[gnu::always_inline]] inline Vec2<T> resolvable(Vec2<T> d) {
    if constexpr (!Policy::resolvable_directions) {
        return d;
    }
    const T largest = std::max(std::abs(d.x), std::abs(d.y));
    if (!(largest < std::sqrt(std::numeric_limits<T>::min())) || largest == T(0)) {
        return d; // the common case; NaN and zero too
    }
    return scaled_up(d, largest); // out of line: the rare case kept the loop from inlining
}

/// The search direction toward the origin, from a solved 1- or 2-simplex, or zero when the
/// origin lies on the simplex.
///  - A vertex: d = origin - w = -w; zero exactly when the origin is the vertex (case 3a).
///  - An edge: not origin - P, whose round-off tilts it off the edge's normal (the talk's
///    single-precision segment has dot(d, B - A) = 3.2e-6); instead d = perp(e), exactly
///    perpendicular (gjk/math.hpp), flipped so that dot(d, origin - w0) > 0. No division.
///    When that dot product is exactly zero the origin is on the edge (cases 3b and 4).
/// Either is resolvable(): a tiny direction is scaled up, exactly.
template <class Policy = Guaranteed, class T>
[[gnu::always_inline]] inline Vec2<T> search_direction(const LoopSimplex<T>& s) {
    if (s.count == 1) {
        return resolvable<Policy>(-s.w[0]);
    }
    const Vec2<T> e = s.w[1] - s.w[0];
    const Vec2<T> d = resolvable<Policy>(perp(e));
    const T side = dot(d, -s.w[0]);
    if (!(side != T(0)) || side != side) {
        return {}; // side == 0, or NaN from overflow: no direction to search
    }
    // Which side the origin is on is data: the sign is copied, not branched on. Multiplying by
    // +-1 is exact.
    const T flip = std::copysign(T(1), side);
    return {flip * d.x, flip * d.y};
}

/// settle(): how a loop that found no closer point ends (`r.termination` no_progress or
/// repeated_support; any other ending is returned as it is): as it is, unless the kept simplex is
/// an edge whose closest point is the origin up to the round-off of computing it (an ulp of the
/// edge's vertices) - the origin on the edge, case 3b/4, edge_overlap, whose exact sign test
/// round-off had missed. Without this a pair 0.137 into each other was reported "separated"
/// at 1.4e-17 (TEST(DistanceDouble, OriginWithinRoundOffOfAnEdgeIsStillAnOverlap));
/// touching_normal() then decides touching or overlapping as for any edge_overlap. A vertex the
/// same way, when the loop's last support lay beyond it (`r.beyond`: a support that round-off had
/// culled, found again): its closest point is itself, and the rule |w|^2 <= eps^2 |w|^2 holds only
/// when the square underflowed to 0 (|w| below 2.6e-23 in float, 1.5e-162 in double): nothing
/// measured there tells the vertex from the origin, and that is case 3a, vertex_overlap. A float
/// vertex 5.7e-44 from the origin, whose edge to a support 5.4e-6 away had coordinates that
/// underflowed, was "separated" from shapes 4.6e-6 deep into each other (fuzz_kernel,
/// TEST(DistanceFloat, TinyVertexStillFindsTheOverlap)). A vertex that is its own support is a
/// proven separation, however small (TYPED_TEST(Distance,
/// SubnormalCoordinatesGiveExactOrOracleAnswers)).
/// Without the policy's settled_endings, the ending as it is.
template <class Policy = Guaranteed, class T>
[[gnu::always_inline]] inline Termination settle(const LoopSimplex<T>& s,
                                                 const LoopResult<Vec2<T>>& r) {
    const Termination t = r.termination;
    if constexpr (!Policy::settled_endings) {
        return t;
    }
    if (t != Termination::no_progress && t != Termination::repeated_support) {
        return t;
    }
    if (s.count == 1) {
        return r.beyond && length_squared(s.w[0]) == T(0) ? Termination::vertex_overlap : t;
    }
    if (s.count != 2) {
        return t;
    }
    // One ulp of the larger vertex: the error of P = u w0 + v w1 itself. No more, or a real
    // gap inside the accuracy bound (4e-7 of the scale in float) would read as contact:
    // 4 ulps took a float pair 1.24e-6 apart for touching (fuzz_kernel, TEST(DistanceFloat,
    // GapOfAFewUlpsIsNotTakenForContact)).
    const T size2 = std::max(length_squared(s.w[0]), length_squared(s.w[1]));
    const T round_off = std::numeric_limits<T>::epsilon();
    return length_squared(r.closest) <= round_off * round_off * size2 ? Termination::edge_overlap
                                                                      : t;
}

} // namespace detail

} // namespace gjk
