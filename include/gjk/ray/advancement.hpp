// gjk/ray/advancement.hpp - a ray cast by conservative advancement of a point on the GJK
// distance, for any shape (gjk/raycast.hpp, "The method").
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "gjk/cast/advancement.hpp"
#include "gjk/distance.hpp"
#include "gjk/raycast_types.hpp"
#include "gjk/shape.hpp"

namespace gjk::detail {

/// The support of a single point: the ray's point at time t, in the shape's frame.
template <class T> struct RayPointSupport {
    using scalar = T;
    Vec2<T> p;
    SupportPoint<T> operator()(Vec2<T>) const { return {p, 0}; }
    Vec2<T> vertex(int) const { return p; }
    Vec2<T> centre() const { return p; }
    int count() const { return 1; }
    int source(int) const { return 0; }
};

/// Conservative advancement of the ray o + t r (shape frame) against `core` (a support of the
/// shape's core in its own frame) rounded by `radius` (see the top of gjk/raycast.hpp).
template <class T, class CoreSupport>
RayCastOutput<T> advance_ray(const CoreSupport& core, T radius, Vec2<T> o, Vec2<T> r,
                             T max_fraction, T tolerance) {
    RayCastOutput<T> out;
    DistanceInput<T> frame; // identity transforms: everything is in the shape's frame
    SimplexCache<T> cache;  // each step warm starts from the last simplex
    T t = T(0);
    Vec2<T> approach{}; // the last step's normal: where the ray came from, seen from the core
    for (;;) {
        const Vec2<T> p = o + t * r;
        const MinkowskiDifference<CoreSupport, RayPointSupport<T>> z{core, {p}};
        const DistanceOutput<T> d = distance(frame, z, z.b, T(0), T(0), &cache,
                                             static_cast<std::vector<TraceStep<T>>*>(nullptr));
        ++out.iterations;
        if (d.status == Status::invalid_input) { // arithmetic overflow
            out.error = d.error;
            return out;
        }
        const T gap = d.distance - radius;
        if (!(gap > tolerance)) { // NaN fails safe: stop here
            out.fraction = t;
            out.point = p;
            if (t == T(0)) {
                out.status = CastStatus::initially_overlapping;
                out.hit = true;
                return out;
            }
            out.hit = true;
            out.status = CastStatus::hit;
            // The normal here, unless the point landed on the core itself (d = 0: no direction
            // from the core to it); then the last step's, whose support line it reached.
            out.normal = d.distance > T(0) && !(d.normal == Vec2<T>{}) ? d.normal : approach;
            return out;
        }
        approach = d.normal;
        const T closing = -dot(d.normal, r);
        if (!(closing > T(0))) {
            out.status = CastStatus::separated;
            out.fraction = max_fraction;
            out.point = o + max_fraction * r;
            return out;
        }
        const T next = t + gap / closing;
        if (!(next <= max_fraction)) {
            out.status = CastStatus::separated;
            out.fraction = max_fraction;
            out.point = o + max_fraction * r;
            return out;
        }
        if (out.iterations >= kMaxRayIterations) {
            out.status = CastStatus::max_iterations;
            out.fraction = t;
            out.point = p;
            return out;
        }
        t = next;
    }
}

} // namespace gjk::detail
