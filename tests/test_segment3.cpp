// Specifications of gjk/segment3.hpp: the talk's section 1 in space, against the exact oracle.
#include <gtest/gtest.h>

#include <random>

#include "gjk/segment3.hpp"
#include "support/oracle3_points.hpp"
#include "support/scalars.hpp"

using gjk::SegmentRegion;
using gjk::Vec3;

namespace {

GJK_SCALAR_SUITE(Segment3);

} // namespace

TYPED_TEST(Segment3, RegionsAreTheTalksFromAnyDirection) {
    using T = TypeParam;
    const Vec3<T> a{0, 0, 0}, b{4, 0, 0};
    EXPECT_EQ(gjk::closest_point_segment<T>(a, b, {-1, 2, 3}).region, SegmentRegion::A);
    EXPECT_EQ(gjk::closest_point_segment<T>(a, b, {5, -1, 2}).region, SegmentRegion::B);
    const auto r = gjk::closest_point_segment<T>(a, b, {1, 3, -4});
    EXPECT_EQ(r.region, SegmentRegion::AB);
    EXPECT_EQ(r.u, T(0.75)); // a quarter of the way from A: the talk's slide, off the line
    EXPECT_EQ(r.v, T(0.25));
    EXPECT_EQ(r.point, (Vec3<T>{1, 0, 0}));
}

TYPED_TEST(Segment3, ZeroLengthSegmentIsItsPoint) {
    using T = TypeParam;
    const auto r = gjk::closest_point_segment<T>({1, 2, 3}, {1, 2, 3}, {5, 5, 5});
    EXPECT_EQ(r.point, (Vec3<T>{1, 2, 3}));
    EXPECT_EQ(r.u + r.v, T(1));
}

// The oracle: the exact closest point of a segment (rational arithmetic). The computed point is
// within a few ulps of the scale of it, and the region is the oracle's away from region
// boundaries (ties are decided by round-off, so a few in a hundred thousand may differ).
TYPED_TEST(Segment3, MatchesTheExactClosestPoint) {
    using T = TypeParam;
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> u(-10, 10);
    auto point = [&] { return Vec3<T>{T(u(rng)), T(u(rng)), T(u(rng))}; };
    const long double eps = std::numeric_limits<T>::epsilon();
    int other_region = 0;
    const int cases = 20000;
    for (int i = 0; i < cases; ++i) {
        const Vec3<T> a = point(), b = point(), q = point();
        const auto r = gjk::closest_point_segment(a, b, q);
        const auto o =
            oracle3::closest_on_segment(gjk_test::exact(q), gjk_test::exact(a), gjk_test::exact(b));
        ASSERT_LE(gjk_test::gap(r.point, o.point), 64 * eps * 30) << "case " << i;
        other_region += static_cast<unsigned>(r.region) != o.region;
    }
    EXPECT_LE(other_region, cases / 1000);
}
