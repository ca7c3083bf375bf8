// gjk/segment.hpp - closest point on a line segment (the talk, section 1).
//
// Derivation. Any point G on the line through A and B is a weighted sum
//     G = u*A + v*B,   u + v = 1,
// where the weights are fractional lengths along n = (B - A)/|B - A|:
//     u = (B - G).n / |B - A|,   v = (G - A).n / |B - A|.
// The dot products do not change when G is replaced by the query point Q (the dot product
// only sees the part of Q - A along n), so (u, v) come straight from Q. Multiplying both by
// |B - A|^2 keeps their signs and removes every division:
//     u' = (B - Q).(B - A),   v' = (Q - A).(B - A),   u' + v' = |B - A|^2.
// The signs name the Voronoi region: v' <= 0 is region A, u' <= 0 region B, both positive
// the interior AB. Only in region AB do we divide, by u' + v' > 0, so a zero-length segment
// (A == B, u' = v' = 0) never divides by zero: it falls into a vertex region.
#pragma once

#include "gjk/math.hpp"

namespace gjk {

/// Voronoi region of a segment AB as a bitmask of the vertices that contribute to the
/// closest point (bit 0 = A, bit 1 = B), so a test can check which feature was chosen.
enum class SegmentRegion : unsigned char {
    A = 0b01,  ///< closest to vertex A
    B = 0b10,  ///< closest to vertex B
    AB = 0b11, ///< closest to the interior of AB
};

/// The talk's segment barycentric coordinates of Q, each multiplied by |B - A|^2 (so
/// u + v = |B - A|^2 and the signs are the talk's). No division, any segment.
template <class T> struct SegmentCoordinates {
    T u{0}; ///< (B - Q).(B - A): the weight of A, times |B - A|^2
    T v{0}; ///< (Q - A).(B - A): the weight of B, times |B - A|^2
};

/// The closest point on a segment and how it was found.
template <class T> struct SegmentClosest {
    Vec2<T> point{};                        ///< closest point P = u*A + v*B
    T u{1};                                 ///< weight of A, in [0, 1]
    T v{0};                                 ///< weight of B, in [0, 1]; u + v = 1
    SegmentRegion region{SegmentRegion::A}; ///< the Voronoi region of Q
};

/// Unnormalized barycentric coordinates of q with respect to the segment ab.
template <class T>
constexpr SegmentCoordinates<T> segment_coordinates(Vec2<T> a, Vec2<T> b, Vec2<T> q) {
    const Vec2<T> e = b - a;
    return {dot(b - q, e), dot(q - a, e)};
}

/// The Voronoi region from the coordinates, in the talk's order: u <= 0 is B, v <= 0 is A.
template <class T> constexpr SegmentRegion segment_region(SegmentCoordinates<T> c) {
    if (c.u <= T(0)) {
        return SegmentRegion::B;
    }
    if (c.v <= T(0)) {
        return SegmentRegion::A;
    }
    return SegmentRegion::AB;
}

/// The normalized weights (u, v) of the closest point for a region of the segment.
/// Precondition for AB: c.u > 0 and c.v > 0 (what segment_region checks).
template <class T>
constexpr SegmentClosest<T> segment_weights(SegmentCoordinates<T> c, SegmentRegion region) {
    SegmentClosest<T> r;
    r.region = region;
    switch (region) {
    case SegmentRegion::A:
        r.u = T(1), r.v = T(0);
        break;
    case SegmentRegion::B:
        r.u = T(0), r.v = T(1);
        break;
    case SegmentRegion::AB: {
        // c.u, c.v > 0 here, so the sum is positive. Divided, not multiplied by 1 / sum: the
        // sum may be subnormal (a segment of length 1e-19 in float), whose reciprocal
        // overflows to infinity, while each quotient is at most 1 (TEST(Segment,
        // SubnormalCoordinatesGiveFiniteWeights), found by fuzz_kernel).
        const T sum = c.u + c.v;
        r.u = c.u / sum, r.v = c.v / sum;
        break;
    }
    }
    return r;
}

/// Closest point on the segment ab to the query point q, with its Voronoi region and
/// barycentric weights.
template <class T>
constexpr SegmentClosest<T> closest_point_segment(Vec2<T> a, Vec2<T> b, Vec2<T> q) {
    const SegmentCoordinates<T> c = segment_coordinates(a, b, q);
    SegmentClosest<T> r = segment_weights(c, segment_region(c));
    r.point = r.u * a + r.v * b;
    return r;
}

} // namespace gjk
