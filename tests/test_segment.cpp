// Specifications of gjk/segment.hpp: the talk's section 1.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <type_traits>

#include "gjk/segment.hpp"
#include "support/scalars.hpp"

using gjk::SegmentRegion;
using gjk::Vec2;

namespace {

GJK_SCALAR_SUITE(Segment);

} // namespace

TYPED_TEST(Segment, QueryBeyondAIsRegionA) {
    using T = TypeParam;
    const auto r = gjk::closest_point_segment<T>({0, 0}, {4, 0}, {-1, 2});
    EXPECT_EQ(r.region, SegmentRegion::A);
    EXPECT_EQ(r.u, T(1));
    EXPECT_EQ(r.v, T(0));
    EXPECT_EQ(r.point, (Vec2<T>{0, 0}));
}

TYPED_TEST(Segment, QueryBeyondBIsRegionB) {
    using T = TypeParam;
    const auto r = gjk::closest_point_segment<T>({0, 0}, {4, 0}, {5, -1});
    EXPECT_EQ(r.region, SegmentRegion::B);
    EXPECT_EQ(r.point, (Vec2<T>{4, 0}));
}

TYPED_TEST(Segment, QueryBetweenIsRegionABWithFractionalLengths) {
    using T = TypeParam;
    // Q projects a quarter of the way from A to B: u = 0.75, v = 0.25 (the talk's slide).
    const auto r = gjk::closest_point_segment<T>({0, 0}, {4, 0}, {1, 3});
    EXPECT_EQ(r.region, SegmentRegion::AB);
    EXPECT_EQ(r.u, T(0.75));
    EXPECT_EQ(r.v, T(0.25));
    EXPECT_EQ(r.point, (Vec2<T>{1, 0}));
}

TYPED_TEST(Segment, CoordinatesAreSignedAndSumToSquaredLength) {
    using T = TypeParam;
    // Outside on A's side, u > 1 and v < 0 in the talk's normalized form (u = 1.25, v = -0.25).
    const auto c = gjk::segment_coordinates<T>({0, 0}, {4, 0}, {-1, 7});
    EXPECT_EQ(c.u, T(20)); // 1.25 * 16
    EXPECT_EQ(c.v, T(-4)); // -0.25 * 16
    EXPECT_EQ(c.u + c.v, T(16));
}

TYPED_TEST(Segment, ZeroLengthSegmentPicksAVertexWithoutDividing) {
    using T = TypeParam;
    const auto r = gjk::closest_point_segment<T>({2, 2}, {2, 2}, {5, 6});
    EXPECT_NE(r.region, SegmentRegion::AB);
    EXPECT_EQ(r.point, (Vec2<T>{2, 2}));
    EXPECT_EQ(r.u + r.v, T(1));
}

// Oracle: on an integer grid every dot product is exact, so the region is decided by exact
// integer arithmetic, independently of the solver; the closest point is checked by brute
// force against the end points and the projection.
TYPED_TEST(Segment, RandomQueriesMatchAnExactIntegerOracle) {
    using T = TypeParam;
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> coord(-1000, 1000);
    int seen[4] = {0, 0, 0, 0};
    for (int i = 0; i < 20000; ++i) {
        const long long ax = coord(rng), ay = coord(rng), bx = coord(rng), by = coord(rng);
        const long long qx = coord(rng), qy = coord(rng);
        const long long ex = bx - ax, ey = by - ay;
        const long long t_num = (qx - ax) * ex + (qy - ay) * ey; // v times |e|^2
        const long long len2 = ex * ex + ey * ey;
        SegmentRegion expected = SegmentRegion::AB;
        if (len2 - t_num <= 0) {
            expected = SegmentRegion::B;
        } else if (t_num <= 0) {
            expected = SegmentRegion::A;
        }
        const auto r =
            gjk::closest_point_segment<T>({T(ax), T(ay)}, {T(bx), T(by)}, {T(qx), T(qy)});
        ASSERT_EQ(r.region, expected) << "case " << i;
        ++seen[static_cast<int>(expected)];
        const long double t = len2 > 0 ? static_cast<long double>(t_num) / len2 : 0.0L;
        const long double tc = t < 0 ? 0 : (t > 1 ? 1 : t);
        const long double px = ax + tc * ex, py = ay + tc * ey;
        // P = u*A + v*B: a few roundings of coordinates below 1024, so 8 ulps of 1024
        // (measured: 2.5 ulps in float, 0.5 in double).
        const long double tol =
            8 * 1024 * static_cast<long double>(std::numeric_limits<T>::epsilon());
        ASSERT_NEAR(static_cast<long double>(r.point.x), px, tol);
        ASSERT_NEAR(static_cast<long double>(r.point.y), py, tol);
        ASSERT_GE(r.u, T(0));
        ASSERT_GE(r.v, T(0));
    }
    // The sample must exercise every region.
    EXPECT_GT(seen[1], 1000);
    EXPECT_GT(seen[2], 1000);
    EXPECT_GT(seen[3], 1000);
}

// Regression (found by fuzz_kernel): a segment of length 2^-65 in float (2^-519 in double)
// has coordinates u' + v' = |B - A|^2 that are subnormal; the weights were u' * (1 / sum),
// and 1 / sum overflowed to infinity, so the closest point became NaN. The weights are now
// quotients, each at most 1. Here every product is a power of two, so they are exact: the
// query sits over the middle, u = v = 1/2.
TYPED_TEST(Segment, SubnormalCoordinatesGiveFiniteWeights) {
    using T = TypeParam;
    const int e = std::is_same_v<T, float> ? -66 : -520; // s^2 below the smallest normal
    const T s = std::ldexp(T(1), e);
    const auto r = gjk::closest_point_segment(Vec2<T>{-s, 0}, Vec2<T>{s, 0}, Vec2<T>{0, s});
    EXPECT_EQ(r.region, gjk::SegmentRegion::AB);
    EXPECT_EQ(r.u, T(0.5));
    EXPECT_EQ(r.v, T(0.5));
    EXPECT_EQ(r.point, (Vec2<T>{0, 0}));
}
