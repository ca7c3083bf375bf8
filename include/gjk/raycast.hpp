// gjk/raycast.hpp - where a ray first meets a convex shape: the point origin + t * translation
// for t in [0, max_fraction], against a shape's core (the hull of its points) rounded by its
// radius.
//
// The method: conservative advancement of a point on GJK distance, as shape_cast does for a
// shape. Work in the shape's local frame: the ray is o + t r. At time t, GJK gives the distance
// d from p = o + t r to the core C, the closest point c and the unit normal n = (p - c) / d,
// which points away from C. The whole core lies in dot(x, n) <= dot(c, n), so the rounded shape
// lies in dot(x, n) <= dot(c, n) + radius, and the point is gap = d - radius beyond that line.
// The point closes on the line at the rate -dot(n, r) per unit of t; if that is <= 0 the ray
// never reaches the line, hence never the shape: a miss. Otherwise the point is still outside
// until t + gap / (-dot(n, r)), and the loop advances there exactly:
//     gap <= tolerance          -> hit at t
//     -dot(n, r) <= 0           -> miss (moving away from or along the support line)
//     t + dt > max_fraction     -> miss within the ray's length
// Each step is a Newton step on the convex function d(t) - radius from the left: a face is hit
// in one step (d is linear in t while the closest feature is that face), a vertex or a radius
// arc converges quadratically, and only a grazing ray converges linearly. The answer is never
// late: every step ends where the line says the point is still outside.
//
// The answer's normal is the last n, the outward normal at the hit: a face's normal for a face,
// the radius arc's normal for a rounded vertex. A ray through a sharp vertex meets a point
// whose normal is not unique; n is then the direction from the vertex to where the ray was one
// step before: it lies in the vertex's normal cone (the closest point of C to a point outside
// is a vertex only when the point lies in its cone), so its line supports the shape at the
// vertex, and of those lines it is the one facing the ray's approach. The answer's point is
// o + t r, on the surface to within the tolerance.
//
// A ray that starts inside the rounded shape or on it (gap <= tolerance at t = 0) hits at
// fraction 0 with a zero normal (status initially_overlapping): no surface was crossed, and a
// caller that casts from inside (a character probe) wants to know it, not a made-up normal.
//
// The tolerance is shape_cast's: kCastToleranceUlps eps of the scale, the largest coordinate
// the ray or the shape reaches (GJK's distance carries a few eps of it).
//
// Support: on a PreparedShape the GJK loop uses its O(log n) support, so a ray against a
// 4096-gon costs a handful of searches; on a plain point set it scans the points.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "gjk/cast.hpp"
#include "gjk/distance.hpp"
#include "gjk/prepared.hpp"
#include "gjk/shape.hpp"

namespace gjk {

/// The cap on advancement steps. A face takes one step plus the check and a vertex converges
/// quadratically; only a grazing ray converges linearly, about one bit per step, and 64 covers
/// a double's precision (as kMaxCastIterations).
inline constexpr int kMaxRayIterations = 64;

/// What is wrong with a ray (the shape's own errors are InputError).
enum class RayError : unsigned char {
    none,
    bad_origin,       ///< the origin is not finite or beyond the kernel's range
    bad_translation,  ///< the translation is not finite or beyond the kernel's range
    bad_max_fraction, ///< max_fraction is negative or not finite
};

/// A sentence naming what is wrong with a ray.
constexpr const char* to_string(RayError e) {
    switch (e) {
    case RayError::none:
        return "no error";
    case RayError::bad_origin:
        return "origin is not finite or beyond the kernel's range";
    case RayError::bad_translation:
        return "translation is not finite or beyond the kernel's range";
    case RayError::bad_max_fraction:
        return "max_fraction is negative or not finite";
    }
    return "?";
}

/// The answer of a ray cast. Every field is set on every path.
template <class T> struct RayCastOutput {
    bool hit{false};   ///< the ray meets the shape within [0, max_fraction]
    T fraction{0};     ///< t of the first contact when hit; max_fraction on a miss
    Vec2<T> point{};   ///< origin + fraction * translation (world): on the surface when hit
    Vec2<T> normal{};  ///< outward unit normal at the hit (world); zero from inside or a miss
    int iterations{0}; ///< advancement steps (GJK calls)
    CastStatus status{CastStatus::invalid_input}; ///< hit, separated (a miss),
                                                  ///< initially_overlapping (from inside),
                                                  ///< max_iterations, invalid_input
    InputError error{InputError::none};           ///< the shape's problem (as shape a)
    RayError ray_error{RayError::none};           ///< the ray's problem
};

/// A sentence naming what is wrong with an invalid ray cast (or "no error").
template <class T> const char* error_message(const RayCastOutput<T>& out) {
    return out.error != InputError::none ? to_string(out.error) : to_string(out.ray_error);
}

namespace detail {

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
/// shape's core in its own frame) rounded by `radius` (see the top of this file).
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

} // namespace detail

/// The first point of the ray origin + t * translation, t in [0, max_fraction], on the shape at
/// `xf` (its core rounded by its radius); see the top of this file. `shape` is any ShapeView, a
/// PreparedShape's view() included (then O(log n) per step).
template <class T>
RayCastOutput<T> ray_cast(const ShapeView<T>& shape, const Transform<T>& xf, Vec2<T> origin,
                          Vec2<T> translation, T max_fraction = T(1)) {
    RayCastOutput<T> out;
    // The shape's checks are distance()'s, with the shape as A and a valid point as B.
    const Vec2<T> somewhere[1] = {{}};
    DistanceInput<T> check;
    check.a = shape;
    check.b = ShapeView<T>(std::span<const Vec2<T>>(somewhere), T(0));
    check.xf_a = xf;
    out.error = validate(check);
    const T range = kernel_range<T>();
    auto within = [range](Vec2<T> v) { return std::abs(v.x) <= range && std::abs(v.y) <= range; };
    if (out.error == InputError::none) {
        if (!within(origin)) {
            out.ray_error = RayError::bad_origin;
        } else if (!within(translation)) {
            out.ray_error = RayError::bad_translation;
        } else if (!(max_fraction >= T(0) && max_fraction <= range)) {
            out.ray_error = RayError::bad_max_fraction;
        }
    }
    if (out.error != InputError::none || out.ray_error != RayError::none) {
        return out;
    }
    // The ray in the shape's frame: inverse(xf) applied to the origin, the rotation to the
    // translation.
    const Vec2<T> local_origin = apply_inverse(xf, origin);
    const Vec2<T> local_translation = inv_rotate(xf.q, translation);
    // The scale of the tolerance: the largest coordinate the ray or the shape reaches.
    T scale = std::max({T(1), std::abs(origin.x), std::abs(origin.y),
                        std::abs(origin.x + max_fraction * translation.x),
                        std::abs(origin.y + max_fraction * translation.y), std::abs(xf.p.x),
                        std::abs(xf.p.y)});
    // The shape's largest |coordinate|, radius added: a hull reaches it at one of its four
    // axis-extreme vertices, so a prepared shape asks its O(log n) support four times instead
    // of reading every point (the ray cast stays O(log n)); a plain point set is scanned.
    const auto reach = [&](Vec2<T> p) {
        scale = std::max({scale, std::abs(p.x) + shape.radius, std::abs(p.y) + shape.radius});
    };
    if (shape.prepared) {
        for (const Vec2<T> d : {Vec2<T>{1, 0}, Vec2<T>{-1, 0}, Vec2<T>{0, 1}, Vec2<T>{0, -1}}) {
            reach(shape.points[static_cast<std::size_t>(shape.prepared->support_index(d))]);
        }
    } else {
        for (const Vec2<T>& p : shape.points) {
            reach(p);
        }
    }
    const T tolerance = detail::cast_tolerance(T(0), scale);
    RayCastOutput<T> local =
        shape.prepared
            ? detail::advance_ray(PreparedSupport<T>{shape.points, shape.prepared}, shape.radius,
                                  local_origin, local_translation, max_fraction, tolerance)
            : detail::advance_ray(PointSetSupport<T>{shape.points}, shape.radius, local_origin,
                                  local_translation, max_fraction, tolerance);
    // Back to the world: the point from the world ray itself, the normal rotated.
    local.point = origin + local.fraction * translation;
    local.normal = rotate(xf.q, local.normal);
    return local;
}

} // namespace gjk
