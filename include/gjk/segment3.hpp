// gjk/segment3.hpp - closest point on a line segment in space (the talk, section 1, one
// dimension up).
//
// The derivation of gjk/segment.hpp holds word for word in 3D: G = u*A + v*B with the weights
// the fractional lengths along n = (B - A)/|B - A|, taken straight from Q because the dot
// product only sees the part of Q - A along n; times |B - A|^2,
//     u' = (B - Q).(B - A),   v' = (Q - A).(B - A),   u' + v' = |B - A|^2.
// So the coordinates, the regions and the weights are 2D's (SegmentCoordinates, segment_region,
// segment_weights): only the points have three coordinates.
#pragma once

#include "gjk/math3.hpp"
#include "gjk/segment.hpp"

namespace gjk {

/// The closest point on a segment in space and how it was found.
template <class T> struct SegmentClosest3 {
    Vec3<T> point{};                        ///< closest point P = u*A + v*B
    T u{1};                                 ///< weight of A, in [0, 1]
    T v{0};                                 ///< weight of B, in [0, 1]; u + v = 1
    SegmentRegion region{SegmentRegion::A}; ///< the Voronoi region of Q
};

/// Unnormalized barycentric coordinates of q with respect to the segment ab.
template <class T>
constexpr SegmentCoordinates<T> segment_coordinates(Vec3<T> a, Vec3<T> b, Vec3<T> q) {
    const Vec3<T> e = b - a;
    return {dot(b - q, e), dot(q - a, e)};
}

/// Closest point on the segment ab to the query point q, with its Voronoi region and
/// barycentric weights.
template <class T>
constexpr SegmentClosest3<T> closest_point_segment(Vec3<T> a, Vec3<T> b, Vec3<T> q) {
    const SegmentCoordinates<T> c = segment_coordinates(a, b, q);
    const SegmentClosest<T> w = segment_weights(c, segment_region(c));
    return {w.u * a + w.v * b, w.u, w.v, w.region};
}

} // namespace gjk
