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
#include "gjk/loop/rules.hpp"
#include "gjk/math.hpp"
#include "gjk/segment.hpp"
#include "gjk/shape.hpp"
#include "gjk/triangle.hpp"

namespace gjk {

namespace detail {

/// The simplex as the loop keeps it: the Minkowski points w = b - a, the index pairs they came
/// from and their weights. The shape points a and b are not carried along: the witness points
/// need them only at the end, and the indices give them back, so the loop copies a third as
/// much per vertex.
///
/// Each index pair is packed into one 64-bit number (A's index high, B's low), so that the
/// talk's case 1, "is this support point already in the simplex?", compares one number per
/// vertex instead of two.
template <class T> struct LoopSimplex {
    Vec2<T> w[3];
    std::uint64_t pair[3];
    T weight[3];
    int count;

    /// An empty simplex, every slot zero (cull() and the case-1 test read all three slots).
    /// Each array on its own: zeroing the whole object at once is slower.
    LoopSimplex() {
        for (Vec2<T>& v : w) {
            v = {};
        }
        for (std::uint64_t& p : pair) {
            p = 0;
        }
        for (T& u : weight) {
            u = T(0);
        }
        count = 0;
    }

    static std::uint64_t pack(int index_a, int index_b) { return pack_pair(index_a, index_b); }
    int index_a(int i) const { return int(std::uint32_t(pair[i] >> 32)); }
    int index_b(int i) const { return int(std::uint32_t(pair[i])); }

    void push(const MinkowskiPoint<T>& m) {
        w[count] = m.w;
        pair[count] = pack(m.index_a, m.index_b);
        ++count;
    }
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
    unsigned mask;   ///< contributing vertices: a SegmentRegion or TriangleRegion value
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
        r.mask = 1u;
        return r;
    case 2: {
        const SegmentClosest<T> c = closest_point_segment(s.w[0], s.w[1], origin);
        r.closest = c.point;
        r.weight[0] = c.u, r.weight[1] = c.v, r.weight[2] = T(0);
        r.mask = static_cast<unsigned>(c.region);
        return r;
    }
    default: {
        const TriangleClosest<T> c = closest_point_triangle(s.w[0], s.w[1], s.w[2], origin);
        r.closest = c.point;
        r.weight[0] = c.u, r.weight[1] = c.v, r.weight[2] = c.w;
        r.mask = static_cast<unsigned>(c.region);
        return r;
    }
    }
}

/// The talk's "cull non-contributing vertices from S": keeps the vertices in the solution's
/// mask, in order, with their weights. Every slot is copied to the next free one and the free
/// one advances only past a kept vertex: no branch on the mask, which is data. Slots past the
/// count hold stale vertices and are never read (the batch's lanes leave the same ones, so
/// the warm-start caches they write are distance()'s to the bit).
template <class T> void cull(LoopSimplex<T>& s, const Solution<T>& r) {
    int n = 0;
    for (int i = 0; i < 3; ++i) {
        s.w[n] = s.w[i];
        s.pair[n] = s.pair[i];
        s.weight[n] = r.weight[i];
        n += static_cast<int>((r.mask >> i) & 1u);
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

} // namespace detail

} // namespace gjk
