// Specifications of gjk/triangle3.hpp: the talk's section 2 in space, against the exact oracle.
#include <gtest/gtest.h>

#include <random>

#include "gjk/triangle3.hpp"
#include "support/oracle3_points.hpp"
#include "support/scalars.hpp"

using gjk::TriangleRegion;
using gjk::Vec3;

namespace {

GJK_SCALAR_SUITE(Triangle3);

} // namespace

TYPED_TEST(Triangle3, AboveTheFaceProjectsOntoIt) {
    using T = TypeParam;
    // A tilted triangle: Q above its centroid along the normal projects to the centroid.
    const Vec3<T> a{0, 0, 0}, b{3, 0, 0}, c{0, 3, 3};
    const Vec3<T> n = gjk::cross(b - a, c - a); // (0, -9, 9)
    const Vec3<T> g{1, 1, 1};
    const auto r = gjk::closest_point_triangle(a, b, c, g + T(0.25) * n);
    EXPECT_EQ(r.region, TriangleRegion::ABC);
    EXPECT_NEAR(r.u, T(1) / 3, 1e-6);
    EXPECT_NEAR(r.v, T(1) / 3, 1e-6);
    EXPECT_NEAR(r.w, T(1) / 3, 1e-6);
    EXPECT_NEAR(r.point.y, T(1), 1e-5);
    EXPECT_NEAR(r.point.z, T(1), 1e-5);
}

TYPED_TEST(Triangle3, BeyondAnEdgeOrAVertexIsThatFeature) {
    using T = TypeParam;
    const Vec3<T> a{0, 0, 0}, b{4, 0, 0}, c{0, 4, 0};
    EXPECT_EQ(gjk::closest_point_triangle<T>(a, b, c, {2, -3, 5}).region, TriangleRegion::AB);
    EXPECT_EQ(gjk::closest_point_triangle<T>(a, b, c, {-1, -1, -2}).region, TriangleRegion::A);
    EXPECT_EQ(gjk::closest_point_triangle<T>(a, b, c, {3, 3, 1}).region, TriangleRegion::BC);
    EXPECT_EQ(gjk::closest_point_triangle<T>(a, b, c, {0, 6, 7}).region, TriangleRegion::C);
}

TYPED_TEST(Triangle3, EitherWindingGivesTheSameAnswer) {
    using T = TypeParam;
    const Vec3<T> a{0, 0, 0}, b{4, 0, 0}, c{0, 4, 0}, q{1, 1, 3};
    const auto r = gjk::closest_point_triangle(a, b, c, q);
    const auto s = gjk::closest_point_triangle(a, c, b, q);
    EXPECT_EQ(r.point, s.point);
    EXPECT_EQ(r.region, TriangleRegion::ABC);
    EXPECT_EQ(s.region, TriangleRegion::ABC);
}

TYPED_TEST(Triangle3, ZeroAreaTriangleIsItsSegment) {
    using T = TypeParam;
    const auto r = gjk::closest_point_triangle<T>({0, 0, 0}, {2, 2, 2}, {4, 4, 4}, {0, 4, 2});
    EXPECT_NE(r.region, TriangleRegion::ABC);
    EXPECT_NEAR(r.point.x, T(2), 1e-5);
    EXPECT_NEAR(r.point.y, T(2), 1e-5);
}

// Coordinates of 1e18 in float: the face coordinates are of the fourth power of the size, and
// are computed on the points scaled to about 1 (no overflow, the same answer as at size 1).
TYPED_TEST(Triangle3, LargeCoordinatesDoNotOverflow) {
    using T = TypeParam;
    const T s = T(1e18);
    const auto r =
        gjk::closest_point_triangle<T>({0, 0, 0}, {3 * s, 0, 0}, {0, 3 * s, 0}, {s, s, 5 * s});
    EXPECT_EQ(r.region, TriangleRegion::ABC);
    EXPECT_NEAR(r.u, T(1) / 3, 1e-5);
}

TYPED_TEST(Triangle3, MatchesTheExactClosestPoint) {
    using T = TypeParam;
    std::mt19937_64 rng(4);
    std::uniform_real_distribution<double> u(-10, 10);
    auto point = [&] { return Vec3<T>{T(u(rng)), T(u(rng)), T(u(rng))}; };
    const long double eps = std::numeric_limits<T>::epsilon();
    int other_region = 0;
    const int cases = 20000;
    for (int i = 0; i < cases; ++i) {
        const Vec3<T> a = point(), b = point(), q = point();
        // Every 8th triangle is flat: C on the line AB.
        const Vec3<T> c = i % 8 == 0 ? a + T(2) * (b - a) : point();
        const auto r = gjk::closest_point_triangle(a, b, c, q);
        const auto o = oracle3::closest_on_triangle(gjk_test::exact(q), gjk_test::exact(a),
                                                    gjk_test::exact(b), gjk_test::exact(c));
        ASSERT_LE(gjk_test::gap(r.point, o.point), 64 * eps * 30) << "case " << i;
        other_region += i % 8 != 0 && static_cast<unsigned>(r.region) != o.region;
    }
    EXPECT_LE(other_region, cases / 1000);
}
