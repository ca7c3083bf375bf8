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
// Clipping, for small prepared polygons. A prepared shape of 3 to PreparedShape::kInline
// vertices without a radius keeps its faces' unit normals m_i (PreparedShape::normals()), and
// the polygon is the intersection of their half-planes dot(m_i, x - v_i) <= 0 (Cyrus-Beck; Box2D's
// b2PolygonShape::RayCast). A segment's two sides bound only its line, not its ends: segments
// take advancement (fuzz_kernel found a ray passing 0.7 beyond a segment's end reported a hit
// on its line; TEST(RayCast, RayPastASegmentsEndMisses)). Along the ray that is s_i + t d_i <= 0,
// with
//     s_i = dot(m_i, o - v_i)   (the origin's separation from face i)   and   d_i = dot(m_i, r):
// a face the ray enters (d_i < 0) bounds t from below by -s_i / d_i, a face it leaves (d_i > 0)
// from above, and a face parallel to it (d_i = 0) keeps it out everywhere when s_i > 0. The hit
// is the largest lower bound, on its face with that face's normal, when it is at most the
// smallest upper bound and max_fraction. All eight faces are measured side by side in whole
// registers, and the answer is exact but for the round-off of s_i and d_i (a few eps of the
// scale along the ray), against the tolerance's 64 eps of advancement: the fraction is
// Box2D's, and as often slightly late as early by that round-off (TEST(RayCastBox2d,
// ClippingIsAsAccurateAsBox2d)). When the hit point is within the tolerance of a vertex
// the normal is the one a ray through a vertex gets above (the direction from the vertex back
// to the origin, kept inside the vertex's normal cone). The origin's largest separation
// max s_i is a lower bound on its distance to the polygon, and minus its depth when inside:
// above the tolerance the ray starts outside, as advancement would find; below minus the
// tolerance it starts inside (a hit at 0 with no normal, as above); within the tolerance (on
// the surface, or near a vertex) it takes advancement, which answers those cases as above.
//
// Support: on a PreparedShape the GJK loop uses its O(log n) support, so a ray against a
// 4096-gon costs a handful of searches; on a plain point set it scans the points.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "gjk/cast/advancement.hpp"
#include "gjk/distance.hpp"
#include "gjk/prepared.hpp"
#include "gjk/ray/advancement.hpp"
#include "gjk/ray/clipping.hpp"
#include "gjk/ray/front_chain.hpp"
#include "gjk/raycast_types.hpp"
#include "gjk/shape.hpp"

namespace gjk {

/// The first point of the ray origin + t * translation, t in [0, max_fraction], on the shape at
/// `xf` (its core rounded by its radius); see the top of this file. `shape` is any ShapeView, a
/// PreparedShape's view() included (then O(log n) per step).
template <class T>
RayCastOutput<T> ray_cast(const ShapeView<T>& shape, const Transform<T>& xf, const Vec2<T>& origin,
                          const Vec2<T>& translation, T max_fraction = T(1)) {
    RayCastOutput<T> out;
    // The shape's checks are distance()'s, with the shape as A and a valid point as B; a valid
    // prepared shape (its view has points) was checked when it was made. The verdicts are
    // locals until the end: the output's two bytes, stored one by one and read back as one
    // word, would make the processor wait for the stores.
    InputError error = InputError::none;
    if (shape.prepared && !shape.points.empty()) {
        error = detail::transform_ok(xf) ? InputError::none : InputError::bad_transform_a;
    } else {
        const Vec2<T> somewhere[1] = {{}};
        DistanceInput<T> check;
        check.a = shape;
        check.b = ShapeView<T>(std::span<const Vec2<T>>(somewhere), T(0));
        check.xf_a = xf;
        error = validate(check);
    }
    const T range = kernel_range<T>();
    auto within = [range](Vec2<T> v) { return std::abs(v.x) <= range && std::abs(v.y) <= range; };
    RayError ray_error = RayError::none;
    if (error == InputError::none) {
        if (!within(origin)) {
            ray_error = RayError::bad_origin;
        } else if (!within(translation)) {
            ray_error = RayError::bad_translation;
        } else if (!(max_fraction >= T(0) && max_fraction <= range)) {
            ray_error = RayError::bad_max_fraction;
        }
    }
    if (error != InputError::none || ray_error != RayError::none) {
        out.error = error;
        out.ray_error = ray_error;
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
    if (shape.prepared) { // the extent is the largest |coordinate| of the four
        reach(Vec2<T>{shape.prepared->extent(), T(0)});
    } else {
        for (const Vec2<T>& p : shape.points) {
            reach(p);
        }
    }
    const T tolerance = detail::cast_tolerance(T(0), scale);
    // Polygons without a radius: clipping when small, the front chain when big.
    if (shape.prepared && shape.radius == T(0) && shape.points.size() >= 3) {
        using Kind = typename detail::RayVerdict<T>::Kind;
        const detail::RayVerdict<T> verdict =
            shape.points.size() <= static_cast<std::size_t>(PreparedShape<T>::kInline)
                ? detail::ray_by_clipping(*shape.prepared, local_origin, local_translation,
                                          max_fraction, tolerance)
                : detail::ray_by_front_chain(*shape.prepared, local_origin, local_translation,
                                             max_fraction, tolerance);
        out.iterations = verdict.steps;
        switch (verdict.kind) {
        case Kind::inside:
            out.hit = true;
            out.status = CastStatus::initially_overlapping;
            out.point = origin;
            return out;
        case Kind::miss:
            out.status = CastStatus::separated;
            out.fraction = max_fraction;
            out.point = origin + max_fraction * translation;
            return out;
        case Kind::hit:
            out.hit = true;
            out.status = CastStatus::hit;
            out.fraction = verdict.fraction;
            out.point = origin + verdict.fraction * translation;
            out.normal = rotate(xf.q, verdict.normal);
            return out;
        case Kind::undecided:
            break;
        }
    }
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
