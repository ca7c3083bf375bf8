// gjk/scan3.hpp - the support of a small point set in space by a scan: the first index of the
// largest d . v, over the points kept as arrays of x, y and z (the layout in which the dot
// products of a block of points are a few whole-register operations), padded with copies of
// the first point (a copy ties with it and the scan keeps the first of equals, so the padding
// never answers).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "gjk/math3.hpp"

namespace gjk::detail {

/// The scalar scan: the first index of the largest x[i] d.x + y[i] d.y + z[i] d.z (index 0 for
/// a NaN d, which no comparison prefers).
template <class T>
int first_furthest_scalar(const T* x, const T* y, const T* z, std::size_t count, Vec3<T> d) {
    int best = 0;
    T reach = x[0] * d.x + y[0] * d.y + z[0] * d.z;
    for (std::size_t i = 1; i < count; ++i) {
        const T r = x[i] * d.x + y[i] * d.y + z[i] * d.z;
        if (reach < r) {
            best = int(i), reach = r;
        }
    }
    return best;
}

/// The first index of the largest x[i] d.x + y[i] d.y + z[i] d.z for i < padded (a multiple of
/// 8, at least 8): each product and sum rounded as dot(v, d) rounds them, so the answer is a
/// scalar scan's (TEST(Scan3, TheFirstFurthestIsTheScalarScans)). Index 0 for a NaN d. Two
/// passes over the whole-register dot products: their largest value m, then the first lane
/// equal to m.
inline int first_furthest(const float* x, const float* y, const float* z, std::size_t padded,
                          Vec3<float> d) {
#if defined(__SSE2__)
    const __m128 dx = _mm_set1_ps(d.x), dy = _mm_set1_ps(d.y), dz = _mm_set1_ps(d.z);
    auto dots = [&](std::size_t i) { // points i..i+3
        return _mm_add_ps(
            _mm_add_ps(_mm_mul_ps(_mm_loadu_ps(x + i), dx), _mm_mul_ps(_mm_loadu_ps(y + i), dy)),
            _mm_mul_ps(_mm_loadu_ps(z + i), dz));
    };
    __m128 top = dots(0);
    for (std::size_t i = 4; i < padded; i += 4) {
        top = _mm_max_ps(top, dots(i));
    }
    top = _mm_max_ps(top, _mm_shuffle_ps(top, top, _MM_SHUFFLE(2, 3, 0, 1)));
    top = _mm_max_ps(top, _mm_shuffle_ps(top, top, _MM_SHUFFLE(1, 0, 3, 2)));
    for (std::size_t first = 0; first < padded; first += 64) { // 64 lanes a mask
        std::uint64_t mask = 0;
        for (std::size_t i = first; i < std::min(padded, first + 64); i += 4) {
            mask |= std::uint64_t(_mm_movemask_ps(_mm_cmpeq_ps(dots(i), top))) << (i - first);
        }
        if (mask != 0) {
            return int(first) + __builtin_ctzll(mask);
        }
    }
    return 0; // a NaN d: no lane equals the maximum
#else
    return first_furthest_scalar(x, y, z, padded, d);
#endif
}

/// first_furthest() in double.
inline int first_furthest(const double* x, const double* y, const double* z, std::size_t padded,
                          Vec3<double> d) {
#if defined(__SSE2__)
    const __m128d dx = _mm_set1_pd(d.x), dy = _mm_set1_pd(d.y), dz = _mm_set1_pd(d.z);
    auto dots = [&](std::size_t i) { // points i, i+1
        return _mm_add_pd(
            _mm_add_pd(_mm_mul_pd(_mm_loadu_pd(x + i), dx), _mm_mul_pd(_mm_loadu_pd(y + i), dy)),
            _mm_mul_pd(_mm_loadu_pd(z + i), dz));
    };
    __m128d top = _mm_max_pd(dots(0), dots(2));
    for (std::size_t i = 4; i < padded; i += 4) {
        top = _mm_max_pd(top, _mm_max_pd(dots(i), dots(i + 2)));
    }
    top = _mm_max_pd(top, _mm_shuffle_pd(top, top, 1));
    for (std::size_t first = 0; first < padded; first += 64) {
        std::uint64_t mask = 0;
        for (std::size_t i = first; i < std::min(padded, first + 64); i += 2) {
            mask |= std::uint64_t(_mm_movemask_pd(_mm_cmpeq_pd(dots(i), top))) << (i - first);
        }
        if (mask != 0) {
            return int(first) + __builtin_ctzll(mask);
        }
    }
    return 0;
#else
    return first_furthest_scalar(x, y, z, padded, d);
#endif
}

/// first_furthest() for any other scalar: the plain scan.
template <class T>
int first_furthest(const T* x, const T* y, const T* z, std::size_t padded, Vec3<T> d) {
    return first_furthest_scalar(x, y, z, padded, d);
}

/// The first points moved by xf into the arrays x, y, z, a whole register of them at a time, each
/// product and sum rounded as apply() rounds them (rotate(): t = 2 u x v, then v + w t + u x t,
/// then the translation), so every coordinate is apply()'s
/// (TEST(Scan3, MovedPointsAreTheTransformsOfThePoints)). Returns how many it moved: the rest,
/// fewer than a register, are the caller's.
inline std::size_t moved_in(std::span<const Vec3<double>> points, const Transform3<double>& xf,
                            double* x, double* y, double* z) {
#if defined(__SSE2__)
    using V = __m128d;
    const V qx = _mm_set1_pd(xf.q.x), qy = _mm_set1_pd(xf.q.y), qz = _mm_set1_pd(xf.q.z);
    const V qw = _mm_set1_pd(xf.q.w), two = _mm_set1_pd(2.0);
    const V px = _mm_set1_pd(xf.p.x), py = _mm_set1_pd(xf.p.y), pz = _mm_set1_pd(xf.p.z);
    auto mul = [](V a, V b) { return _mm_mul_pd(a, b); };
    auto add = [](V a, V b) { return _mm_add_pd(a, b); };
    auto sub = [](V a, V b) { return _mm_sub_pd(a, b); };
    std::size_t i = 0;
    for (; i + 2 <= points.size(); i += 2) {
        const Vec3<double>&a = points[i], &b = points[i + 1];
        const V vx = _mm_set_pd(b.x, a.x), vy = _mm_set_pd(b.y, a.y), vz = _mm_set_pd(b.z, a.z);
        const V tx = mul(two, sub(mul(qy, vz), mul(qz, vy)));
        const V ty = mul(two, sub(mul(qz, vx), mul(qx, vz)));
        const V tz = mul(two, sub(mul(qx, vy), mul(qy, vx)));
        _mm_storeu_pd(x + i, add(add(add(vx, mul(qw, tx)), sub(mul(qy, tz), mul(qz, ty))), px));
        _mm_storeu_pd(y + i, add(add(add(vy, mul(qw, ty)), sub(mul(qz, tx), mul(qx, tz))), py));
        _mm_storeu_pd(z + i, add(add(add(vz, mul(qw, tz)), sub(mul(qx, ty), mul(qy, tx))), pz));
    }
    return i;
#else
    (void)points, (void)xf, (void)x, (void)y, (void)z;
    return 0;
#endif
}

/// moved_in() in float.
inline std::size_t moved_in(std::span<const Vec3<float>> points, const Transform3<float>& xf,
                            float* x, float* y, float* z) {
#if defined(__SSE2__)
    using V = __m128;
    const V qx = _mm_set1_ps(xf.q.x), qy = _mm_set1_ps(xf.q.y), qz = _mm_set1_ps(xf.q.z);
    const V qw = _mm_set1_ps(xf.q.w), two = _mm_set1_ps(2.0f);
    const V px = _mm_set1_ps(xf.p.x), py = _mm_set1_ps(xf.p.y), pz = _mm_set1_ps(xf.p.z);
    auto mul = [](V a, V b) { return _mm_mul_ps(a, b); };
    auto add = [](V a, V b) { return _mm_add_ps(a, b); };
    auto sub = [](V a, V b) { return _mm_sub_ps(a, b); };
    std::size_t i = 0;
    for (; i + 4 <= points.size(); i += 4) {
        const Vec3<float>* p = &points[i];
        const V vx = _mm_set_ps(p[3].x, p[2].x, p[1].x, p[0].x);
        const V vy = _mm_set_ps(p[3].y, p[2].y, p[1].y, p[0].y);
        const V vz = _mm_set_ps(p[3].z, p[2].z, p[1].z, p[0].z);
        const V tx = mul(two, sub(mul(qy, vz), mul(qz, vy)));
        const V ty = mul(two, sub(mul(qz, vx), mul(qx, vz)));
        const V tz = mul(two, sub(mul(qx, vy), mul(qy, vx)));
        _mm_storeu_ps(x + i, add(add(add(vx, mul(qw, tx)), sub(mul(qy, tz), mul(qz, ty))), px));
        _mm_storeu_ps(y + i, add(add(add(vy, mul(qw, ty)), sub(mul(qz, tx), mul(qx, tz))), py));
        _mm_storeu_ps(z + i, add(add(add(vz, mul(qw, tz)), sub(mul(qx, ty), mul(qy, tx))), pz));
    }
    return i;
#else
    (void)points, (void)xf, (void)x, (void)y, (void)z;
    return 0;
#endif
}

/// moved_in() for any other scalar: none (apply() moves them all).
template <class T>
std::size_t moved_in(std::span<const Vec3<T>>, const Transform3<T>&, T*, T*, T*) {
    return 0;
}

/// A query's copy of a shape's points as arrays for the scan, optionally moved by a transform
/// (B's points into A's frame), padded to a multiple of 8: in the object for up to kInline
/// points (the common case: no allocation, and no zeroing of the room it does not use), on the
/// heap beyond.
template <class T> class PointArrays3 {
  public:
    static constexpr std::size_t kInline = 64;
    static constexpr std::size_t kBlock = 8;

    /// `points`, each moved by `xf` when it is given. The same pass takes their largest
    /// coordinate and their sum (in index order).
    PointArrays3(std::span<const Vec3<T>> points, const Transform3<T>* xf)
        : count_(points.size()), padded_((points.size() + kBlock - 1) / kBlock * kBlock),
          heap_(padded_ > kInline ? 3 * padded_ : 0) {
        T* room = padded_ > kInline ? heap_.data() : inline_.coordinates;
        const std::size_t stride = padded_ > kInline ? padded_ : kInline;
        x_ = room, y_ = room + stride, z_ = room + 2 * stride;
        const std::size_t moved = xf ? moved_in(points, *xf, x_, y_, z_) : 0;
        for (std::size_t i = moved; i < count_; ++i) {
            const Vec3<T> v = xf ? apply(*xf, points[i]) : points[i];
            std::construct_at(x_ + i, v.x);
            std::construct_at(y_ + i, v.y);
            std::construct_at(z_ + i, v.z);
        }
        for (std::size_t i = 0; i < count_; ++i) { // in index order
            const Vec3<T> v = point(i);
            largest_ = std::max(largest_, max_abs(v));
            sum_ += v;
        }
        for (std::size_t i = count_; i < padded_; ++i) { // the padding: copies of point 0
            std::construct_at(x_ + i, x_[0]);
            std::construct_at(y_ + i, y_[0]);
            std::construct_at(z_ + i, z_[0]);
        }
    }
    PointArrays3(const PointArrays3&) = delete; // the arrays may point into the object
    PointArrays3& operator=(const PointArrays3&) = delete;

    /// The number of points (without the padding).
    std::size_t size() const { return count_; }
    /// Point i (i < size()).
    Vec3<T> point(std::size_t i) const { return {x_[i], y_[i], z_[i]}; }
    /// The first index of the point furthest along d.
    int index(Vec3<T> d) const { return first_furthest(x_, y_, z_, padded_, d); }
    /// The largest magnitude of the points' coordinates (0 for none).
    T largest() const { return largest_; }
    /// The sum of the points, in index order.
    Vec3<T> sum() const { return sum_; }

  private:
    /// Room for the three arrays of kInline coordinates, left unset.
    union Room {
        Room() {}
        T coordinates[3 * kInline];
    };
    std::size_t count_, padded_;
    T largest_{0};
    Vec3<T> sum_{};
    Room inline_;
    std::vector<T> heap_;
    T *x_ = nullptr, *y_ = nullptr, *z_ = nullptr;
};

} // namespace gjk::detail
