// fuzz/kernel/query.hpp - the query fuzz_kernel checks: the kernel's range and tolerance, the
// input bytes decoded into two shapes and their poses, the error validate() must report, the
// query as text, and the failure that prints it.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "gjk/gjk.hpp"

namespace fuzz_kernel {

/// The kernel's range: the largest |input value| (coordinate, translation, radius) for which
/// no intermediate overflows. With every value within L, a local point is within sqrt(2) L
/// of its origin, so B's points seen from A's frame within 3 sqrt(2) L and a point of Z = B - A
/// within 4 sqrt(2) L; the largest products the loop forms are cross and dot products of two
/// differences of Z points, at most (8 sqrt(2) L)^2 = 128 L^2. That stays finite when
/// L <= sqrt(max / 128); sqrt(max) / 16 leaves a factor 2 more. float: 1.15e18, double: 8.4e152.
/// Beyond it the kernel must still not crash or answer NaN, but its squares overflow (see
/// the report of issue 7: validate() should refuse such input).
template <class T> T range() {
    return gjk::kernel_range<T>(); // the library's constant, derived the same way
}

template <class T> long double tolerance() {
    return std::is_same_v<T, float> ? 4e-7L : 1e-12L;
}

/// The query being checked, printed when a check fails.
inline std::string current_query;

[[noreturn]] inline void fail(const char* what, long double got = 0, long double expected = 0) {
    std::fprintf(stderr, "fuzz_kernel: %s (got %.17Lg, expected %.17Lg)\nquery: %s\n", what, got,
                 expected, current_query.c_str());
    std::abort();
}

/// The input bytes, read front to back; zeros once they run out.
struct Bytes {
    const std::uint8_t* data;
    std::size_t size;
    template <class U> U take() {
        U value{};
        const std::size_t n = std::min(sizeof(U), size);
        std::memcpy(&value, data, n);
        data += n;
        size -= n;
        return value;
    }
};

/// How the values are drawn, so that the fuzzer reaches both exact degeneracies (collinear,
/// touching, duplicate points on a grid) and the whole floating-point range.
enum class Values : std::uint8_t {
    grid,    ///< multiples of 1/8 in [-16, 16]: exact contacts and collinear points
    scaled,  ///< 16-bit integers times 2^k, k in [-64, 63]: exact geometry at any scale
    raw,     ///< any bit pattern, folded into the kernel's range (non-finite -> 0)
    hostile, ///< any bit pattern as it is: NaN, infinities, negative radii, beyond the range
};

template <class T> struct Query {
    Values mode{};
    std::vector<gjk::Vec2<T>> a, b;
    T ra{0}, rb{0};
    gjk::Transform<T> xa{}, xb{};
    bool use_radii{true};
    int max_iterations{gjk::kMaxIterations};
};

template <class T> T value(Bytes& in, Values mode, int exponent) {
    using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    switch (mode) {
    case Values::grid:
        return T(in.take<std::int8_t>()) / T(8);
    case Values::scaled:
        return std::ldexp(T(in.take<std::int16_t>()), exponent);
    case Values::raw: {
        T v;
        const Bits bits = in.take<Bits>();
        std::memcpy(&v, &bits, sizeof v);
        return std::isfinite(v) ? std::fmod(v, range<T>()) : T(0);
    }
    case Values::hostile: {
        T v;
        const Bits bits = in.take<Bits>();
        std::memcpy(&v, &bits, sizeof v);
        return v;
    }
    }
    return T(0);
}

template <class T> Query<T> decode(Bytes& in, std::uint8_t flags) {
    Query<T> q;
    q.mode = static_cast<Values>((flags >> 1) & 3);
    q.use_radii = (flags & 8) == 0;
    const std::uint8_t cap = in.take<std::uint8_t>();
    q.max_iterations = cap < 32 ? 1 + cap % 4 : gjk::kMaxIterations; // 1 in 8 hits a small cap
    const std::uint8_t counts = in.take<std::uint8_t>();
    const int exponent = (in.take<std::uint8_t>() & 127) - 64 - 15; // int16 * 2^-15 is in [-1, 1)
    const bool radii = (flags & 16) != 0;
    for (auto* shape : {&q.a, &q.b}) {
        const int n = 1 + (shape == &q.a ? counts & 7 : counts >> 5);
        for (int i = 0; i < n; ++i) {
            const T x = value<T>(in, q.mode, exponent);
            shape->push_back({x, value<T>(in, q.mode, exponent)});
        }
    }
    if (radii) {
        q.ra = value<T>(in, q.mode, exponent);
        q.rb = value<T>(in, q.mode, exponent);
        if (q.mode != Values::hostile) { // hostile keeps negative radii: an input error
            q.ra = std::abs(q.ra);
            q.rb = std::abs(q.rb);
        }
    }
    for (auto* xf : {&q.xa, &q.xb}) {
        const T x = value<T>(in, q.mode, exponent);
        const T y = value<T>(in, q.mode, exponent);
        // Angles on a 2^16 grid of the circle; Rot::from_angle is a rotation to a few ulps.
        const T angle = T(in.take<std::uint16_t>()) * T(6.283185307179586 / 65536.0);
        *xf = gjk::Transform<T>::from({x, y}, angle);
    }
    return q;
}

template <class T> gjk::DistanceInput<T> input_of(const Query<T>& q) {
    gjk::DistanceInput<T> in;
    in.a = {q.a, q.ra};
    in.b = {q.b, q.rb};
    in.xf_a = q.xa;
    in.xf_b = q.xb;
    in.use_radii = q.use_radii;
    in.max_iterations = q.max_iterations;
    return in;
}

/// The error validate() must report, worked out here from the values alone.
template <class T> gjk::InputError expected_error(const Query<T>& q) {
    auto finite = [](const std::vector<gjk::Vec2<T>>& pts) {
        return std::all_of(pts.begin(), pts.end(),
                           [](gjk::Vec2<T> p) { return std::isfinite(p.x) && std::isfinite(p.y); });
    };
    const T r = range<T>();
    auto inside = [r](const std::vector<gjk::Vec2<T>>& pts) {
        return std::all_of(pts.begin(), pts.end(), [r](gjk::Vec2<T> p) {
            return std::abs(p.x) <= r && std::abs(p.y) <= r;
        });
    };
    auto radius_ok = [r](T v) { return std::isfinite(v) && v >= T(0) && v <= r; };
    auto xf_ok = [r](const gjk::Transform<T>& xf) {
        return std::isfinite(xf.p.x) && std::isfinite(xf.p.y) && std::abs(xf.p.x) <= r &&
               std::abs(xf.p.y) <= r;
    };
    if (!finite(q.a))
        return gjk::InputError::nonfinite_point_a;
    if (!finite(q.b))
        return gjk::InputError::nonfinite_point_b;
    if (!radius_ok(q.ra))
        return gjk::InputError::bad_radius_a;
    if (!radius_ok(q.rb))
        return gjk::InputError::bad_radius_b;
    if (!inside(q.a))
        return gjk::InputError::out_of_range_a;
    if (!inside(q.b))
        return gjk::InputError::out_of_range_b;
    if (!xf_ok(q.xa))
        return gjk::InputError::bad_transform_a;
    if (!xf_ok(q.xb))
        return gjk::InputError::bad_transform_b;
    return gjk::InputError::none;
}

template <class T> bool within_range(const Query<T>& q) {
    const T r = range<T>();
    auto in = [r](T v) { return std::abs(v) <= r; };
    for (const auto* s : {&q.a, &q.b})
        for (const auto& p : *s)
            if (!in(p.x) || !in(p.y))
                return false;
    return in(q.ra) && in(q.rb) && in(q.xa.p.x) && in(q.xa.p.y) && in(q.xb.p.x) && in(q.xb.p.y);
}

template <class T> std::string describe(const Query<T>& q) {
    std::string s = std::is_same_v<T, float> ? "float" : "double";
    char buf[128];
    auto num = [&](T v) {
        std::snprintf(buf, sizeof buf, "%.17g", double(v)); // every bit of a double
        return std::string(buf);
    };
    for (const auto* shape : {&q.a, &q.b}) {
        s += shape == &q.a ? " a=[" : "] b=[";
        for (const auto& p : *shape)
            s += "(" + num(p.x) + ", " + num(p.y) + ")";
    }
    s += "] ra=" + num(q.ra) + " rb=" + num(q.rb) + " xa=(" + num(q.xa.p.x) + ", " + num(q.xa.p.y) +
         "; c " + num(q.xa.q.c) + ", s " + num(q.xa.q.s) + ") xb=(" + num(q.xb.p.x) + ", " +
         num(q.xb.p.y) + "; c " + num(q.xb.q.c) + ", s " + num(q.xb.q.s) +
         ") use_radii=" + (q.use_radii ? "1" : "0") + " cap=" + std::to_string(q.max_iterations);
    return s;
}

} // namespace fuzz_kernel
