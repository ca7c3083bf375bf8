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
        for (std::size_t i = 0; i < count_; ++i) {
            const Vec3<T> v = xf ? apply(*xf, points[i]) : points[i];
            std::construct_at(x_ + i, v.x);
            std::construct_at(y_ + i, v.y);
            std::construct_at(z_ + i, v.z);
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
