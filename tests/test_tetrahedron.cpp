// Specifications of gjk/tetrahedron.hpp: the simplex of four points, against the exact oracle.
#include <gtest/gtest.h>

#include <random>

#include "gjk/tetrahedron.hpp"
#include "support/oracle3_points.hpp"
#include "support/scalars.hpp"

using gjk::TetrahedronRegion;
using gjk::Vec3;

namespace {

GJK_SCALAR_SUITE(Tetrahedron);

template <class T> struct Unit { Vec3<T> a{0, 0, 0}, b{1, 0, 0}, c{0, 1, 0}, d{0, 0, 1}; };

} // namespace

TYPED_TEST(Tetrahedron, EachOfTheFifteenRegions) {
    using T = TypeParam;
    const Unit<T> t;
    auto region = [&](Vec3<T> q) {
        return gjk::closest_point_tetrahedron(t.a, t.b, t.c, t.d, q).region;
    };
    EXPECT_EQ(region({-1, -1, -1}), TetrahedronRegion::A);
    EXPECT_EQ(region({2, -1, -1}), TetrahedronRegion::B);
    EXPECT_EQ(region({-1, 2, -1}), TetrahedronRegion::C);
    EXPECT_EQ(region({-1, -1, 2}), TetrahedronRegion::D);
    EXPECT_EQ(region({0.5, -1, -1}), TetrahedronRegion::AB);
    EXPECT_EQ(region({-1, 0.5, -1}), TetrahedronRegion::AC);
    EXPECT_EQ(region({-1, -1, 0.5}), TetrahedronRegion::AD);
    EXPECT_EQ(region({1, 1, -1}), TetrahedronRegion::BC);
    EXPECT_EQ(region({1, -1, 1}), TetrahedronRegion::BD);
    EXPECT_EQ(region({-1, 1, 1}), TetrahedronRegion::CD);
    EXPECT_EQ(region({0.25, 0.25, -1}), TetrahedronRegion::ABC);
    EXPECT_EQ(region({0.25, -1, 0.25}), TetrahedronRegion::ABD);
    EXPECT_EQ(region({-1, 0.25, 0.25}), TetrahedronRegion::ACD);
    EXPECT_EQ(region({1, 1, 1}), TetrahedronRegion::BCD);
    EXPECT_EQ(region({0.1, 0.2, 0.3}), TetrahedronRegion::ABCD);
}

TYPED_TEST(Tetrahedron, InsideIsItselfWithItsVolumeWeights) {
    using T = TypeParam;
    const Unit<T> t;
    const auto r = gjk::closest_point_tetrahedron<T>(t.a, t.b, t.c, t.d, {0.1f, 0.2f, 0.3f});
    EXPECT_EQ(r.region, TetrahedronRegion::ABCD);
    EXPECT_NEAR(r.u, T(0.4), 1e-6);
    EXPECT_NEAR(r.v, T(0.1), 1e-6);
    EXPECT_NEAR(r.w, T(0.2), 1e-6);
    EXPECT_NEAR(r.x, T(0.3), 1e-6);
}

TYPED_TEST(Tetrahedron, EitherOrientationGivesTheSameAnswer) {
    using T = TypeParam;
    const Unit<T> t;
    const Vec3<T> q{0.2f, 0.3f, 0.1f};
    const auto r = gjk::closest_point_tetrahedron(t.a, t.b, t.c, t.d, q);
    const auto s = gjk::closest_point_tetrahedron(t.a, t.c, t.b, t.d, q);
    EXPECT_EQ(r.region, TetrahedronRegion::ABCD);
    EXPECT_EQ(s.region, TetrahedronRegion::ABCD);
}

TYPED_TEST(Tetrahedron, FlatTetrahedronIsItsPolygon) {
    using T = TypeParam;
    // Four coplanar points (z = 0): Q above projects into the square they span.
    const auto r = gjk::closest_point_tetrahedron<T>({0, 0, 0}, {2, 0, 0}, {0, 2, 0}, {2, 2, 0},
                                                     {1.5f, 1.5f, 3});
    EXPECT_NE(r.region, TetrahedronRegion::ABCD);
    EXPECT_NEAR(r.point.x, T(1.5), 1e-5);
    EXPECT_NEAR(r.point.y, T(1.5), 1e-5);
    EXPECT_NEAR(r.point.z, T(0), 1e-5);
}

TYPED_TEST(Tetrahedron, MatchesTheExactClosestPoint) {
    using T = TypeParam;
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> u(-10, 10);
    auto point = [&] { return Vec3<T>{T(u(rng)), T(u(rng)), T(u(rng))}; };
    const long double eps = std::numeric_limits<T>::epsilon();
    int other_region = 0, inside = 0;
    const int cases = 6000;
    for (int i = 0; i < cases; ++i) {
        const Vec3<T> a = point(), b = point(), c = point(), q = point();
        const Vec3<T> d = i % 8 == 0 ? a + (b - a) + (c - a) : point(); // every 8th is flat
        const auto r = gjk::closest_point_tetrahedron(a, b, c, d, q);
        const auto o = oracle3::closest_on_tetrahedron(gjk_test::exact(q), gjk_test::exact(a),
                                                       gjk_test::exact(b), gjk_test::exact(c),
                                                       gjk_test::exact(d));
        ASSERT_LE(gjk_test::gap(r.point, o.point), 64 * eps * 30) << "case " << i;
        other_region += i % 8 != 0 && static_cast<unsigned>(r.region) != o.region;
        inside += o.region == 15;
    }
    EXPECT_LE(other_region, cases / 1000);
    EXPECT_GT(inside, 30); // the family reaches the solid's region too
}
