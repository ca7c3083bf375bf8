// gjk/shape.hpp - convex shapes and their support functions (the talk, sections 3 and 4).
//
// A shape is the talk's polygon, Box2D's "proxy": 1..N points plus a radius >= 0. One point is
// a point (a circle with a radius), two a segment (a capsule), more a polygon (a rounded
// polygon). The points may come in any order, repeat, or be collinear; a non-convex set stands
// for its convex hull, because GJK only ever looks at a shape through its support function
// and a non-convex vertex is never a support point. The support of a plain point set is a
// linear scan; a shape queried many times is better prepared once (gjk/prepared.hpp: hull,
// validation, O(log n) support).
//
// Support functions compose through small templates, so the GJK loop never knows which shape
// it runs on: a PointSetSupport gives the extreme point of a point set in local coordinates,
// TransformedSupport moves any support into another frame, and MinkowskiDifference combines
// two of them into the support of Z = B - A:
//     support(Z, d) = support(B, d) - support(A, -d).
#pragma once

#include <algorithm>
#include <cstddef>
#include <limits>
#include <span>
#include <type_traits>
#include <vector>

#include "gjk/math.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace gjk {

template <class T> class PreparedShape;

/// A non-owning view of a convex shape: its points (any order; their convex hull is the
/// shape) and a radius that rounds it. This is what the queries take.
///
/// A view made by PreparedShape::view() also points at the prepared shape: its points are the
/// hull's vertices, already validated, and the queries then skip the per-call validation and
/// find support points in O(log n) (gjk/prepared.hpp). Do not change such a view's fields.
template <class T> struct ShapeView {
    std::span<const Vec2<T>> points{}; ///< 1..N points in the shape's local frame
    T radius{0};                       ///< >= 0; the shape is every point within radius of the hull
    const PreparedShape<T>* prepared{nullptr}; ///< set by PreparedShape::view() only

    /// An empty view (a query on it reports InputError::empty_a or empty_b).
    constexpr ShapeView() = default;
    /// A view of the points, rounded by `radius`.
    constexpr ShapeView(std::span<const Vec2<T>> points_, T radius_ = T(0))
        : points(points_), radius(radius_) {}
};

/// An owning convex shape with named constructors for the common cases.
template <class T> struct Shape {
    std::vector<Vec2<T>> points{}; ///< 1..N points in the shape's local frame
    T radius{0};                   ///< >= 0

    /// A view on this shape (valid while the shape lives and its points are not resized).
    ShapeView<T> view() const& { return {std::span<const Vec2<T>>(points), radius}; }
    /// The same view, so that a Shape can be passed where a ShapeView is taken.
    operator ShapeView<T>() const& { return view(); }
    /// A view of a temporary would dangle as soon as the statement ends: not allowed.
    ShapeView<T> view() && = delete;
    operator ShapeView<T>() && = delete;

    /// A single point.
    static Shape point(Vec2<T> p) { return {{p}, T(0)}; }
    /// A circle: one point with a radius.
    static Shape circle(Vec2<T> center, T radius) { return {{center}, radius}; }
    /// A segment.
    static Shape segment(Vec2<T> a, Vec2<T> b) { return {{a, b}, T(0)}; }
    /// A capsule: a segment with a radius.
    static Shape capsule(Vec2<T> a, Vec2<T> b, T radius) { return {{a, b}, radius}; }
    /// A polygon: the convex hull of the points, optionally rounded.
    static Shape polygon(std::vector<Vec2<T>> pts, T radius = T(0)) {
        return {std::move(pts), radius};
    }
    /// An axis-aligned box centred on the origin, optionally rounded.
    static Shape box(T half_width, T half_height, T radius = T(0)) {
        return {{{-half_width, -half_height},
                 {half_width, -half_height},
                 {half_width, half_height},
                 {-half_width, half_height}},
                radius};
    }
    /// A regular polygon with `count` vertices on a circle of `circumradius` (count >= 1).
    static Shape regular(int count, T circumradius, T radius = T(0));
};

template <class T> Shape<T> Shape<T>::regular(int count, T circumradius, T radius) {
    Shape s;
    s.radius = radius;
    const int n = count < 1 ? 1 : count;
    s.points.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        const double angle = 6.283185307179586476925 * i / n;
        s.points.push_back({circumradius * T(std::cos(angle)), circumradius * T(std::sin(angle))});
    }
    return s;
}

namespace detail {

/// The talk's Support as written: a scan for the largest dot(d, p), the first one on ties.
template <class T> int support_index_scan(std::span<const Vec2<T>> points, Vec2<T> d) {
    int best = 0;
    T best_value = dot(d, points[0]);
    const int n = static_cast<int>(points.size());
    for (int i = 1; i < n; ++i) {
        // Arithmetic, not a branch: which point wins is data. std::max(a, b) is b exactly when
        // a < b, the same test.
        const T value = dot(d, points[static_cast<std::size_t>(i)]);
        const int better = best_value < value;
        best += better * (i - best);
        best_value = std::max(best_value, value);
    }
    return best;
}

#if defined(__SSE2__)
/// The same scan with SSE2, for up to kSimdScan float points: the dot products four at a
/// time, their maximum, then the lowest index that reaches it. Each dot product is rounded
/// exactly as the scalar x * dx + y * dy (no fused multiply-add), so the answer is the scan's,
/// index for index (TEST(Shape, SimdSupportIsTheScalarScan)). The support is most of a GJK
/// iteration; double keeps the scalar scan, which two lanes did not beat.
inline constexpr std::size_t kSimdScan = 16;

inline int support_index_simd(std::span<const Vec2<float>> points, Vec2<float> d) {
    static_assert(sizeof(Vec2<float>) == 2 * sizeof(float));
    const std::size_t n = points.size();
    const float* xy = &points[0].x; // n (x, y) pairs, contiguous
    const __m128 dd = _mm_setr_ps(d.x, d.y, d.x, d.y);
    const __m128 lowest = _mm_set1_ps(-std::numeric_limits<float>::infinity());
    __m128 dots[kSimdScan / 4] = {lowest, lowest, lowest, lowest};
    const std::size_t groups = (n + 3) / 4;
    for (std::size_t g = 0; g < groups; ++g) {
        float pad[8];
        const float* src = xy + 8 * g;
        const std::size_t left = n - 4 * g;
        if (left < 4) { // the last group: copy what is there, pad with -inf's points
            // 2 * left < 8 here. GCC 12 at -O3 with -march=x86-64-v3 (make test-fma) turns the
            // copy into a memcpy whose size it cannot bound and warns that it might overflow
            // `pad`: a false positive, silenced for these lines only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#endif
            for (std::size_t k = 0; k < 2 * left; ++k)
                pad[k] = src[k];
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
            for (std::size_t k = 2 * left; k < 8; ++k)
                pad[k] = 0.0f;
            src = pad;
        }
        const __m128 m01 = _mm_mul_ps(_mm_loadu_ps(src), dd);     // x0dx y0dy x1dx y1dy
        const __m128 m23 = _mm_mul_ps(_mm_loadu_ps(src + 4), dd); // x2dx y2dy x3dx y3dy
        const __m128 xs = _mm_shuffle_ps(m01, m23, _MM_SHUFFLE(2, 0, 2, 0));
        const __m128 ys = _mm_shuffle_ps(m01, m23, _MM_SHUFFLE(3, 1, 3, 1));
        __m128 dot4 = _mm_add_ps(xs, ys);
        if (left < 4) { // lanes past the end can never win
            const __m128 live = _mm_castsi128_ps(_mm_cmplt_epi32(
                _mm_setr_epi32(0, 1, 2, 3), _mm_set1_epi32(static_cast<int>(left))));
            dot4 = _mm_or_ps(_mm_and_ps(live, dot4), _mm_andnot_ps(live, lowest));
        }
        dots[g] = dot4;
    }
    __m128 top = dots[0];
    for (std::size_t g = 1; g < groups; ++g)
        top = _mm_max_ps(top, dots[g]);
    top = _mm_max_ps(top, _mm_shuffle_ps(top, top, _MM_SHUFFLE(2, 3, 0, 1)));
    top = _mm_max_ps(top, _mm_shuffle_ps(top, top, _MM_SHUFFLE(1, 0, 3, 2)));
    unsigned mask = 0;
    for (std::size_t g = 0; g < groups; ++g)
        mask |= static_cast<unsigned>(_mm_movemask_ps(_mm_cmpeq_ps(dots[g], top))) << (4 * g);
    // No lane equals the maximum only when a dot product is NaN: the scan keeps point 0 then.
    return mask == 0 ? 0 : __builtin_ctz(mask);
}

#endif

/// Eight points stored as two arrays of coordinates (structure of arrays), the form a
/// PreparedShape of at most eight vertices keeps for its support: the dot products of all
/// eight come out of a few whole-register operations with no shuffling of (x, y) pairs.
/// Shapes with fewer vertices repeat vertex 0 in the unused slots; a copy ties with vertex 0
/// and ties keep the lowest index, so the answer is the scan's.
template <class T> struct Soa8 {
    alignas(16) T x[8]{};
    alignas(16) T y[8]{};
};

/// support_index_scan on a Soa8: the lowest index of the largest x * d.x + y * d.y, each
/// product rounded as the scalar scan rounds it (TEST(Shape, EightPointSupportIsTheScalarScan)).
/// A NaN direction gives index 0. Branch-free, and cheaper than the general scan of (x, y)
/// pairs: the support is the largest single cost of a GJK iteration.
template <class T>
[[gnu::always_inline]] inline int support_index_soa8(const Soa8<T>& p, Vec2<T> d) {
#if defined(__SSE2__)
    if constexpr (std::is_same_v<T, float>) {
        const __m128 dx = _mm_set1_ps(d.x), dy = _mm_set1_ps(d.y);
        const __m128 dot0 = _mm_add_ps(_mm_mul_ps(_mm_load_ps(p.x), dx),
                                       _mm_mul_ps(_mm_load_ps(p.y), dy)); // points 0..3
        const __m128 dot1 = _mm_add_ps(_mm_mul_ps(_mm_load_ps(p.x + 4), dx),
                                       _mm_mul_ps(_mm_load_ps(p.y + 4), dy)); // points 4..7
        __m128 top = _mm_max_ps(dot0, dot1);
        top = _mm_max_ps(top, _mm_shuffle_ps(top, top, _MM_SHUFFLE(2, 3, 0, 1)));
        top = _mm_max_ps(top, _mm_shuffle_ps(top, top, _MM_SHUFFLE(1, 0, 3, 2)));
        const unsigned mask = static_cast<unsigned>(_mm_movemask_ps(_mm_cmpeq_ps(dot0, top))) |
                              static_cast<unsigned>(_mm_movemask_ps(_mm_cmpeq_ps(dot1, top))) << 4;
        // Bit 8 stands in for "no lane is the maximum" (a NaN): its index 8 wraps to 0.
        return __builtin_ctz(mask | 0x100u) & 7;
    } else if constexpr (std::is_same_v<T, double>) {
        const __m128d dx = _mm_set1_pd(d.x), dy = _mm_set1_pd(d.y);
        __m128d dots[4];
        for (int k = 0; k < 4; ++k) {
            dots[k] = _mm_add_pd(_mm_mul_pd(_mm_load_pd(p.x + 2 * k), dx),
                                 _mm_mul_pd(_mm_load_pd(p.y + 2 * k), dy));
        }
        __m128d top = _mm_max_pd(_mm_max_pd(dots[0], dots[1]), _mm_max_pd(dots[2], dots[3]));
        top = _mm_max_pd(top, _mm_shuffle_pd(top, top, 1));
        unsigned mask = 0x100u;
        for (int k = 0; k < 4; ++k) {
            mask |= static_cast<unsigned>(_mm_movemask_pd(_mm_cmpeq_pd(dots[k], top))) << (2 * k);
        }
        return __builtin_ctz(mask) & 7;
    }
#endif
    int best = 0;
    T best_value = p.x[0] * d.x + p.y[0] * d.y;
    for (int i = 1; i < 8; ++i) {
        const T value = p.x[i] * d.x + p.y[i] * d.y;
        const int better = best_value < value;
        best += better * (i - best);
        best_value = std::max(best_value, value);
    }
    return best;
}

} // namespace detail

/// Index of the point furthest along d (the talk's Support). Ties keep the lowest index, so
/// the answer is deterministic; d need not be normalized. Precondition: points not empty.
template <class T> int support_index(std::span<const Vec2<T>> points, Vec2<T> d) {
#if defined(__SSE2__)
    if constexpr (std::is_same_v<T, float>) {
        if (points.size() <= detail::kSimdScan) {
            return detail::support_index_simd(points, d);
        }
    }
#endif
    return detail::support_index_scan(points, d);
}

/// A support point: the extreme point and which input point it is.
template <class T> struct SupportPoint {
    Vec2<T> point{}; ///< the point, in the frame of the support that produced it
    int index{0};    ///< index into the shape's points
};

/// Support of a point set, in the set's own frame.
template <class T> struct PointSetSupport {
    using scalar = T;                ///< the scalar type
    std::span<const Vec2<T>> points; ///< the set (1..N points)

    /// The point furthest along d and its index (a linear scan).
    SupportPoint<T> operator()(Vec2<T> d) const {
        const int i = support_index(points, d);
        return {points[static_cast<std::size_t>(i)], i};
    }
    /// Point i.
    Vec2<T> vertex(int i) const { return points[static_cast<std::size_t>(i)]; }
    /// Number of points.
    int count() const { return static_cast<int>(points.size()); }
    /// The index of point i in the shape's input (the same: the set is the input).
    int source(int i) const { return i; }
};

/// Any support seen through a transform: the direction goes into the base's frame, the point
/// comes back out.
template <class Base> struct TransformedSupport {
    using scalar = typename Base::scalar; ///< the scalar type
    Base base;                            ///< the support in its own frame
    Transform<scalar> xf;                 ///< from the base's frame to this one

    /// The base's support point along d (given in this frame), moved into this frame.
    SupportPoint<scalar> operator()(Vec2<scalar> d) const {
        SupportPoint<scalar> s = base(inv_rotate(xf.q, d));
        s.point = apply(xf, s.point);
        return s;
    }
    /// The base's point i, in this frame.
    Vec2<scalar> vertex(int i) const { return apply(xf, base.vertex(i)); }
    /// The base's centre, in this frame (for bases that have one).
    Vec2<scalar> centre() const requires requires(const Base& b) { b.centre(); }
    { return apply(xf, base.centre()); }
    /// Number of points of the base.
    int count() const { return base.count(); }
    /// The index of point i in the base shape's input.
    int source(int i) const { return base.source(i); }
};

/// A point of the Minkowski difference Z = B - A with the two points it came from.
template <class T> struct MinkowskiPoint {
    Vec2<T> a{};    ///< point on A
    Vec2<T> b{};    ///< point on B
    Vec2<T> w{};    ///< b - a
    int index_a{0}; ///< index of a in A's points
    int index_b{0}; ///< index of b in B's points
};

/// Support of Z = B - A: support(B, d) - support(A, -d).
template <class SupportA, class SupportB> struct MinkowskiDifference {
    using scalar = typename SupportA::scalar; ///< the scalar type
    SupportA a;                               ///< support of A
    SupportB b;                               ///< support of B, in the same frame as A's

    /// The point of Z furthest along d: support(B, d) - support(A, -d), with both parts. (Always
    /// inlined: the loop's hot path, which the compiler's size estimates would otherwise leave
    /// as a call in some of the loop's instantiations.)
    [[gnu::always_inline]] inline MinkowskiPoint<scalar> operator()(Vec2<scalar> d) const {
        const SupportPoint<scalar> sa = a(-d);
        const SupportPoint<scalar> sb = b(d);
        return {sa.point, sb.point, sb.point - sa.point, sa.index, sb.index};
    }
    /// A point inside Z: B's centre minus A's (for supports that have centres).
    Vec2<scalar> centre() const requires requires(const SupportA& sa, const SupportB& sb) {
        sa.centre();
        sb.centre();
    }
    { return b.centre() - a.centre(); }
    /// The point of Z made from A's point ia and B's point ib (warm starting rebuilds with it).
    MinkowskiPoint<scalar> vertex(int ia, int ib) const {
        const Vec2<scalar> pa = a.vertex(ia), pb = b.vertex(ib);
        return {pa, pb, pb - pa, ia, ib};
    }
};

} // namespace gjk
