// gjk/ray/clipping.hpp - a ray cast by clipping against the stored unit normals of a small
// prepared polygon, and the normal at a hit near a vertex (gjk/raycast.hpp, "Clipping").
#pragma once

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "gjk/math.hpp"
#include "gjk/prepared.hpp"
#include "gjk/raycast_types.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace gjk::detail {

/// What clipping a ray against a polygon's faces found (the top of gjk/raycast.hpp), in the
/// polygon's frame.
template <class T> struct RayClip {
    T separation{0};      ///< the origin's largest face separation, max s_i
    T lower{0};           ///< the largest lower bound on t (0 when no face bounds it)
    T upper{0};           ///< the smallest upper bound on t (max_fraction when none)
    int face{-1};         ///< the face of `lower` (-1: none), lowest index on ties
    bool kept_out{false}; ///< a face parallel to the ray keeps it out
};

/// Clips the ray o + t r, t in [0, max_fraction], against the faces of `shape` (3 to kInline
/// vertices, precondition): s_i, d_i and the bounds of the top of gjk/raycast.hpp for the eight
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
/// of the cone when that direction lies outside it (the top of gjk/raycast.hpp).
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
/// clipping (the top of gjk/raycast.hpp).
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

} // namespace gjk::detail
