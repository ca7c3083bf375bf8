// Specifications of gjk/math3.hpp.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "gjk/math3.hpp"
#include "support/scalars.hpp"

using gjk::Quat;

GJK_SCALAR_SUITE(Math3);

// Regression (CI's build for x86-64-v3): as the plane's rotation (test_math.cpp), the
// quaternion product inlined into code built with FMA instructions came out of GCC 12's SLP
// vectorizer with its products fused into the mixed additions and subtractions, despite
// -ffp-contract=off, and B's frame seen from A's (detail::relative, which every query in space
// starts with) differed in its last bits from the library's. Each product must be rounded on
// its own; the loop over arrays is what the vectorizer fused.
TYPED_TEST(Math3, QuaternionProductsRoundEachProductOnItsOwn) {
    using T = TypeParam;
    std::mt19937_64 rng(13);
    std::uniform_real_distribution<double> u(-1, 1);
    constexpr int n = 256;
    std::vector<Quat<T>> p(n), q(n), pq(n);
    for (int i = 0; i < n; ++i) {
        p[i] = {T(u(rng)), T(u(rng)), T(u(rng)), T(u(rng))};
        q[i] = {T(u(rng)), T(u(rng)), T(u(rng)), T(u(rng))};
    }
    for (int i = 0; i < n; ++i) {
        pq[i] = p[i] * q[i];
    }
    auto m = [](T a, T b) { return gjk_test::stored_product(a, b); };
    for (int i = 0; i < n; ++i) {
        const Quat<T> a = p[i], b = q[i];
        EXPECT_EQ(pq[i].x, m(a.w, b.x) + m(a.x, b.w) + m(a.y, b.z) - m(a.z, b.y)) << i;
        EXPECT_EQ(pq[i].y, m(a.w, b.y) - m(a.x, b.z) + m(a.y, b.w) + m(a.z, b.x)) << i;
        EXPECT_EQ(pq[i].z, m(a.w, b.z) + m(a.x, b.y) - m(a.y, b.x) + m(a.z, b.w)) << i;
        EXPECT_EQ(pq[i].w, m(a.w, b.w) - m(a.x, b.x) - m(a.y, b.y) - m(a.z, b.z)) << i;
    }
}
