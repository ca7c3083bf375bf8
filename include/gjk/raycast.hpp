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
#include <cstring>
#include <limits>

#include "gjk/cast.hpp"
#include "gjk/distance.hpp"
#include "gjk/prepared.hpp"
#include "gjk/shape.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/// What clipping a ray against a polygon's faces found (the top of this file), in the
/// polygon's frame.
template <class T> struct RayClip {
    T separation{0};      ///< the origin's largest face separation, max s_i
    T lower{0};           ///< the largest lower bound on t (0 when no face bounds it)
    T upper{0};           ///< the smallest upper bound on t (max_fraction when none)
    int face{-1};         ///< the face of `lower` (-1: none), lowest index on ties
    bool kept_out{false}; ///< a face parallel to the ray keeps it out
};

/// Clips the ray o + t r, t in [0, max_fraction], against the faces of `shape` (3 to kInline
/// vertices, precondition): s_i, d_i and the bounds of the top of this file for the eight
/// (padded) faces side by side, in 16-byte registers of four floats or two doubles (GCC's
/// vector extension: each lane rounds as the scalar expression). Padding repeats face 0, which
/// changes no bound; the lowest face index wins ties.
template <class T>
[[gnu::always_inline]] inline RayClip<T> clip_ray(const PreparedShape<T>& shape, Vec2<T> o,
                                                  Vec2<T> r, T max_fraction) {
    typedef T V __attribute__((vector_size(16)));
    using M = decltype(V{} < V{});
    constexpr int width = int(16 / sizeof(T)), registers = 8 / width;
    constexpr T infinity = std::numeric_limits<T>::infinity();
    const auto load = [](const T* p) {
        V x;
        std::memcpy(&x, p, sizeof x);
        return x;
    };
    // The largest (smallest) lane in every lane.
    const auto largest = [](V x) {
        if constexpr (width == 4) {
            const V pairs = __builtin_shufflevector(x, x, 1, 0, 3, 2);
            x = x < pairs ? pairs : x;
            const V halves = __builtin_shufflevector(x, x, 2, 3, 0, 1);
            return x < halves ? halves : x;
        } else {
            const V other = __builtin_shufflevector(x, x, 1, 0);
            return x < other ? other : x;
        }
    };
    const auto smallest = [&](V x) { return -largest(-x); };
    // Bit k set where lane k of the mask holds.
    const auto bits = [](M mask) {
#if defined(__SSE2__)
        if constexpr (width == 4) {
            return unsigned(_mm_movemask_ps(reinterpret_cast<__m128>(mask)));
        } else {
            return unsigned(_mm_movemask_pd(reinterpret_cast<__m128d>(mask)));
        }
#else
        unsigned b = 0;
        for (int k = 0; k < width; ++k) {
            b |= (mask[k] != 0 ? 1u : 0u) << k;
        }
        return b;
#endif
    };
    const Soa8<T>& m = shape.normals();
    const Soa8<T>& v = shape.soa();
    V separation = V{} - infinity, lower = V{} - infinity, upper = V{} + max_fraction;
    V bounds[registers];
    M entering[registers];
    M kept_out{};
    for (int h = 0; h < registers; ++h) {
        const V mx = load(m.x + width * h), my = load(m.y + width * h);
        const V s = mx * (o.x - load(v.x + width * h)) + my * (o.y - load(v.y + width * h));
        const V d = mx * r.x + my * r.y;
        const M parallel = d == T(0);
        const V bound = -s / (parallel ? V{} + T(1) : d); // where the ray crosses the line
        entering[h] = d < T(0);
        bounds[h] = bound;
        separation = separation < s ? s : separation;
        lower = (entering[h] & (lower < bound)) ? bound : lower;
        upper = ((d > T(0)) & (bound < upper)) ? bound : upper;
        kept_out |= parallel & (s > T(0));
    }
    lower = largest(lower);
    unsigned at_lower = 0;
    for (int h = 0; h < registers; ++h) {
        at_lower |= bits(entering[h] & (bounds[h] == lower)) << (width * h);
    }
    RayClip<T> out;
    out.separation = largest(separation)[0];
    out.upper = smallest(upper)[0];
    out.lower = std::max(lower[0], T(0));
    out.face = at_lower == 0 ? -1 : __builtin_ctz(at_lower);
    out.kept_out = bits(kept_out) != 0;
    return out;
}

/// The normal of a hit at a vertex whose normal cone runs from `first` to `second`
/// (counter-clockwise): the direction from the vertex back to the origin o, or the nearer side
/// of the cone when that direction lies outside it (the top of this file).
template <class T> Vec2<T> vertex_normal(Vec2<T> first, Vec2<T> second, Vec2<T> vertex, Vec2<T> o) {
    const Vec2<T> back = normalized(o - vertex);
    if (cross(first, back) >= T(0) && cross(back, second) >= T(0)) {
        return back;
    }
    return dot(back, first) >= dot(back, second) ? first : second;
}

/// The outward normal of a hit at `p` on `face` of a polygon of `n` vertices (vertex(i),
/// normal(i) its faces' unit normals), the ray coming from o: the face's, or the vertex's
/// (vertex_normal) when p is within `tolerance` of one of the face's ends.
template <class T, class Vertex, class Normal>
Vec2<T> hit_normal(int n, const Vertex& vertex, const Normal& normal, int face, Vec2<T> p,
                   Vec2<T> o, T tolerance) {
    const int next = face + 1 == n ? 0 : face + 1, before = face == 0 ? n - 1 : face - 1;
    const auto near = [&](Vec2<T> w) {
        return std::max(std::abs(p.x - w.x), std::abs(p.y - w.y)) <= tolerance;
    };
    const Vec2<T> end = vertex(next), start = vertex(face);
    if (near(end)) {
        return vertex_normal(normal(face), normal(next), end, o);
    }
    if (near(start)) {
        return vertex_normal(normal(before), normal(face), start, o);
    }
    return normal(face);
}

/// Whether the point p (a hit on the line of the face from v1 to v2, outward unit normal m) lies
/// over the face, within `tolerance` of its extent. Clipping bounds a polygon's extent along a
/// face only through the other faces' normals; for a sliver whose faces meet at angles of 1e-95
/// those bounds are all round-off, and a ray passing 5e152 beside such a triangle of doubles was
/// clipped to a "hit" on a face's line (fuzz_kernel; TEST(RayCast, RayBesideANeedleMisses)).
/// A hit that is not over its face is left to advancement.
template <class T> bool over_face(Vec2<T> v1, Vec2<T> v2, Vec2<T> m, Vec2<T> p, T tolerance) {
    const Vec2<T> along{-m.y, m.x};
    return dot(along, p - v1) >= -tolerance && dot(along, p - v2) <= tolerance;
}

/// What a ray's first hit is, when a direct method decides it (in the shape's frame).
template <class T> struct RayVerdict {
    enum class Kind : unsigned char {
        undecided, ///< advancement answers
        inside,    ///< the origin is inside by more than the tolerance: a hit at 0
        miss,      ///< no hit within max_fraction
        hit,       ///< a hit at `fraction` with `normal`
    };
    Kind kind{Kind::undecided};
    T fraction{0};    ///< the hit's fraction
    Vec2<T> normal{}; ///< the hit's outward unit normal
    int steps{0};     ///< what the method did, in advancement's unit (iterations)
};

/// The ray o + t r against a small prepared polygon (3 to kInline vertices, no radius) by
/// clipping (the top of this file).
template <class T>
[[gnu::always_inline]] inline RayVerdict<T>
ray_by_clipping(const PreparedShape<T>& shape, Vec2<T> o, Vec2<T> r, T max_fraction, T tolerance) {
    using Kind = typename RayVerdict<T>::Kind;
    RayVerdict<T> out;
    const RayClip<T> clip = clip_ray(shape, o, r, max_fraction);
    if (clip.separation < -tolerance) { // the origin is inside, by more than round-off
        out.kind = Kind::inside;
        return out;
    }
    if (!(clip.separation > tolerance)) { // on the surface, or near a vertex: advancement
        return out;
    }
    out.steps = 1;
    if (clip.kept_out || clip.face < 0 || !(clip.lower <= clip.upper)) {
        out.kind = Kind::miss;
        return out;
    }
    const Soa8<T>& m = shape.normals();
    const Soa8<T>& v = shape.soa();
    const int next = clip.face + 1 == shape.count() ? 0 : clip.face + 1;
    if (!over_face(Vec2<T>{v.x[clip.face], v.y[clip.face]}, Vec2<T>{v.x[next], v.y[next]},
                   Vec2<T>{m.x[clip.face], m.y[clip.face]}, o + clip.lower * r, tolerance)) {
        out.steps = 0;
        return out;
    }
    out.kind = Kind::hit;
    out.fraction = clip.lower;
    out.normal = hit_normal(
        shape.count(),
        [&](int i) {
            return Vec2<T>{v.x[i], v.y[i]};
        },
        [&](int i) {
            return Vec2<T>{m.x[i], m.y[i]};
        },
        clip.face, o + clip.lower * r, o, tolerance);
    return out;
}

/// The ray o + t r against a prepared polygon of more than kInline vertices (no radius): the
/// face where its line enters, by bisection on the front chain (the top of this file), in
/// O(log n). Undecided when the origin is within the tolerance of that face or behind it
/// (inside the polygon, or past it).
template <class T>
RayVerdict<T> ray_by_front_chain(const PreparedShape<T>& shape, Vec2<T> o, Vec2<T> r,
                                 T max_fraction, T tolerance) {
    using Kind = typename RayVerdict<T>::Kind;
    RayVerdict<T> out;
    const std::span<const Vec2<T>> vertices = shape.vertices();
    const int n = shape.count();
    const auto vertex = [&](int i) { return vertices[static_cast<std::size_t>(i)]; };
    const auto normal = [&](int i) {
        const Vec2<T> e = vertex(i + 1 == n ? 0 : i + 1) - vertex(i);
        return normalized(Vec2<T>{e.y, -e.x});
    };
    const Vec2<T> left{-r.y, r.x};
    if (left == Vec2<T>{}) {
        return out;
    }
    // side(i) > 0: vertex i is left of the ray's line. It falls from the chain's first vertex,
    // the support along `left`, to its last, the support along -left.
    const auto side = [&](int i) { return dot(left, vertex(i) - o); };
    const int top = shape.support_index(left), bottom = shape.support_index(-left);
    out.steps = 1;
    if (side(top) < T(0) || side(bottom) > T(0)) { // the line passes the polygon by
        out.kind = Kind::miss;
        return out;
    }
    const int length = bottom >= top ? bottom - top : bottom + n - top;
    // The last vertex of the chain left of the line (or on it): the entering face starts there.
    // Selects, not branches: which half holds it is data.
    int k = 0;
    for (int count = length; count > 1;) {
        const int half = count / 2;
        const int mid = top + k + half;
        k = side(mid >= n ? mid - n : mid) >= T(0) ? k + half : k;
        count -= half;
    }
    const int face = top + k >= n ? top + k - n : top + k;
    // The entering bound of that face and of its two neighbours, the largest: round-off in
    // side() may take the neighbour of the face that holds the entry point when the line
    // passes within round-off of a vertex, and the largest entering bound is the entry.
    T best = -std::numeric_limits<T>::infinity(), best_separation = 0;
    int best_face = -1;
    for (const int e : {face == 0 ? n - 1 : face - 1, face, face + 1 == n ? 0 : face + 1}) {
        const Vec2<T> m = normal(e);
        const T d = dot(m, r), s = dot(m, o - vertex(e));
        if (d < T(0) && s / -d > best) {
            best = s / -d, best_separation = s, best_face = e;
        }
    }
    if (best_face < 0 || !(best_separation > tolerance)) {
        return out; // the origin is near the entering face, or beyond it: advancement
    }
    if (!(best <= max_fraction)) {
        out.kind = Kind::miss;
        return out;
    }
    // The face over the hit point: the largest bound's, or a neighbour's, whose bound agrees to
    // round-off where neighbouring faces are nearly parallel (a 4096-gon's meet at 1.5e-3 rad,
    // and the hit may lie anywhere along the neighbour).
    const Vec2<T> p = o + best * r;
    const auto over = [&](int e) {
        return over_face(vertex(e), vertex(e + 1 == n ? 0 : e + 1), normal(e), p, tolerance);
    };
    if (!over(best_face)) {
        const int before = best_face == 0 ? n - 1 : best_face - 1;
        const int after = best_face + 1 == n ? 0 : best_face + 1;
        if (over(before)) {
            best_face = before;
        } else if (over(after)) {
            best_face = after;
        } else {
            return out;
        }
    }
    out.kind = Kind::hit;
    out.fraction = best;
    out.normal = hit_normal(n, vertex, normal, best_face, o + best * r, o, tolerance);
    return out;
}

} // namespace detail

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
