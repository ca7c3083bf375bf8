// src/lanes/wide.hpp: the wide operations the lanes are written in, each against the scalar
// operation it stands for, lane by lane and to the bit. Here in 16-byte vectors (the baseline
// instruction set); the 32- and 64-byte ones are the same source, checked through the lanes'
// answers in tests/test_batch.cpp wherever the processor runs them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "lanes/wide.hpp"

namespace {

template <class T> std::uint64_t bits(T x) {
    std::uint64_t u = 0;
    std::memcpy(&u, &x, sizeof x);
    return u;
}

/// Values that catch a wrong operation: signed zeros, NaN, infinities, subnormals, the largest
/// finite value, and seeded ordinary numbers of every magnitude.
template <class T> std::vector<T> hostile_values() {
    using L = std::numeric_limits<T>;
    std::vector<T> v = {T(0),          -T(0),          T(1),
                        T(-1),         L::quiet_NaN(), -L::quiet_NaN(),
                        L::infinity(), -L::infinity(), L::denorm_min(),
                        L::min(),      L::max(),       -L::max()};
    std::mt19937 rng(17);
    std::uniform_real_distribution<double> mantissa(-1, 1);
    std::uniform_int_distribution<int> exponent(L::min_exponent - L::digits, L::max_exponent - 1);
    while (v.size() < 400) {
        v.push_back(T(std::ldexp(mantissa(rng), exponent(rng))));
    }
    return v;
}

template <class T> class Wide : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Wide, Scalars);

TYPED_TEST(Wide, TransposeTradesRowsAndColumns) {
    using T = TypeParam;
    using Of = gjk::detail::wide::Of<T, 16>;
    constexpr int N = Of::N;
    typename Of::V rows[N];
    for (int j = 0; j < N; ++j) {
        for (int k = 0; k < N; ++k) {
            rows[j][k] = T(10 * j + k);
        }
    }
    gjk::detail::wide::transpose<N>(rows);
    for (int j = 0; j < N; ++j) {
        for (int k = 0; k < N; ++k) {
            EXPECT_EQ(rows[j][k], T(10 * k + j)) << "row " << j << ", lane " << k;
        }
    }
}

TYPED_TEST(Wide, EveryOperationIsItsScalarOperationLaneByLane) {
    using T = TypeParam;
    using Of = gjk::detail::wide::Of<T, 16>;
    using V = typename Of::V;
    using M = typename Of::M;
    namespace wide = gjk::detail::wide;
    constexpr int N = Of::N;
    const std::vector<T> values = hostile_values<T>();
    for (std::size_t i = 0; i + 2 * N <= values.size(); i += N) {
        const V a = wide::load<V>(values.data() + i), b = wide::load<V>(values.data() + i + N);
        const V lo = wide::min(a, b), hi = wide::max(a, b), size = wide::abs(a);
        const V root = wide::sqrt(size);
        const M less = a < b;
        const V picked = wide::select(less, a, b);
        T stored[N];
        wide::store(stored, picked);
        bool any_less = false;
        for (int k = 0; k < N; ++k) {
            const T x = values[i + std::size_t(k)], y = values[i + N + std::size_t(k)];
            EXPECT_EQ(bits(lo[k]), bits(std::min(x, y))) << x << " " << y;
            EXPECT_EQ(bits(hi[k]), bits(std::max(x, y))) << x << " " << y;
            EXPECT_EQ(bits(size[k]), bits(std::abs(x))) << x;
            EXPECT_EQ(bits(root[k]), bits(std::sqrt(std::abs(x)))) << x;
            EXPECT_EQ(bits(stored[k]), bits(x < y ? x : y)) << x << " " << y;
            any_less |= x < y;
        }
        EXPECT_EQ(wide::any(less), any_less);
        EXPECT_EQ(wide::splat<V>(T(3))[N - 1], T(3));
    }
}

} // namespace
