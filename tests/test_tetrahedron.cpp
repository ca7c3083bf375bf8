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

namespace {

/// Each face's coordinates on its own scale and the volumes on theirs, as the derivation reads
/// (face_coordinates, and a volume per face_normal): tetrahedron_coordinates computes each cross
/// product once and must give these numbers.
template <class T>
gjk::TetrahedronCoordinates<T> each_face_on_its_own(Vec3<T> a, Vec3<T> b, Vec3<T> c, Vec3<T> d,
                                                    Vec3<T> q) {
    gjk::TetrahedronCoordinates<T> k;
    k.ab = gjk::segment_coordinates(a, b, q), k.ac = gjk::segment_coordinates(a, c, q);
    k.ad = gjk::segment_coordinates(a, d, q), k.bc = gjk::segment_coordinates(b, c, q);
    k.bd = gjk::segment_coordinates(b, d, q), k.cd = gjk::segment_coordinates(c, d, q);
    using gjk::detail::tetrahedron_face; // face_coordinates, with the face's edges
    k.abc = tetrahedron_face(a, b, c, q, k.ab, k.bc, k.ac);
    k.abd = tetrahedron_face(a, b, d, q, k.ab, k.bd, k.ad);
    k.acd = tetrahedron_face(a, c, d, q, k.ac, k.cd, k.ad);
    k.bcd = tetrahedron_face(b, c, d, q, k.bc, k.cd, k.bd);
    const T s = gjk::detail::unit_scale({a - q, b - q, c - q, d - q});
    const Vec3<T> sa = s * (a - q), sb = s * (b - q), sc = s * (c - q), sd = s * (d - q);
    auto volume = [](Vec3<T> p0, Vec3<T> p1, Vec3<T> p2, Vec3<T> p3) {
        return gjk::dot(gjk::detail::face_normal(p0, p1, p2), p3 - p0);
    };
    const Vec3<T> o{};
    const T whole = volume(sa, sb, sc, sd);
    const T sign = T(int(whole > T(0)) - int(whole < T(0)));
    k.uABCD = sign * volume(o, sb, sc, sd), k.vABCD = sign * volume(sa, o, sc, sd);
    k.wABCD = sign * volume(sa, sb, o, sd), k.xABCD = sign * volume(sa, sb, sc, o);
    return k;
}

} // namespace

TYPED_TEST(Tetrahedron, EachCrossProductOnceGivesEachFacesOwnNumbers) {
    using T = TypeParam;
    // Random tetrahedra and q; needles and slivers (ill-conditioned products, the exact path);
    // points scaled far apart (faces scaled on their own); q near a feature.
    std::mt19937_64 rng(29);
    std::uniform_real_distribution<double> unit(-1, 1);
    auto point = [&] { return Vec3<double>{unit(rng), unit(rng), unit(rng)}; };
    for (int i = 0; i < 40000; ++i) {
        Vec3<double> p[4] = {point(), point(), point(), point()};
        if (i % 5 == 1) { // a needle
            for (int j = 1; j < 4; ++j) {
                p[j] = p[0] + double(j) * (p[1] - p[0]) + 1e-7 * point();
            }
        } else if (i % 5 == 2) { // a sliver
            p[3] = p[0] + 0.5 * (p[1] - p[0]) + 0.7 * (p[2] - p[0]) + 1e-9 * point();
        } else if (i % 5 == 3) { // one point far out: the other face on its own scale
            p[i % 4] = std::ldexp(1.0, int(rng() % 40)) * p[i % 4];
        }
        Vec3<double> q = point();
        if (i % 2 == 0) { // q on (within rounding of) a face
            q = 0.3 * p[0] + 0.3 * p[1] + 0.4 * p[2];
        }
        auto in_t = [](Vec3<double> v) { return Vec3<T>{T(v.x), T(v.y), T(v.z)}; };
        const Vec3<T> a = in_t(p[0]), b = in_t(p[1]), c = in_t(p[2]), d = in_t(p[3]);
        const auto k = gjk::tetrahedron_coordinates(a, b, c, d, in_t(q));
        const auto r = each_face_on_its_own(a, b, c, d, in_t(q));
        auto same_face = [](const gjk::TriangleCoordinates<T>& x,
                            const gjk::TriangleCoordinates<T>& y) {
            return x.uABC == y.uABC && x.vABC == y.vABC && x.wABC == y.wABC;
        };
        ASSERT_TRUE(same_face(k.abc, r.abc) && same_face(k.abd, r.abd) && same_face(k.acd, r.acd) &&
                    same_face(k.bcd, r.bcd))
            << "case " << i;
        ASSERT_TRUE(k.uABCD == r.uABCD && k.vABCD == r.vABCD && k.wABCD == r.wABCD &&
                    k.xABCD == r.xABCD)
            << "case " << i;
        ASSERT_EQ(gjk::tetrahedron_region(k), gjk::tetrahedron_region(r)) << "case " << i;
    }
}
