// Specifications of gjk/shape.hpp: shapes and composed support functions.
#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <vector>

#include "gjk/shape.hpp"

using gjk::Shape;
using gjk::Vec2;

TEST(Shape, SupportIsTheFurthestPointAndTiesKeepTheLowestIndex) {
    const auto box = Shape<double>::box(1, 2);
    EXPECT_EQ(gjk::support_index<double>(box.points, {1, 1}), 2);
    EXPECT_EQ(gjk::support_index<double>(box.points, {-1, -0.1}), 0);
    // Along +x two vertices tie; the lower index wins.
    EXPECT_EQ(gjk::support_index<double>(box.points, {1, 0}), 1);
}

TEST(Shape, NonConvexVertexIsNeverASupportPoint) {
    // B = (1, 0.2) lies inside the hull of the others (the talk's non-convex polygon).
    const std::vector<Vec2<double>> pts = {{0, 0}, {1, 0.2}, {2, 0}, {2, 2}, {0, 2}};
    for (int k = 0; k < 360; ++k) {
        const double a = k * 3.14159265358979 / 180.0;
        EXPECT_NE(gjk::support_index<double>(pts, {std::cos(a), std::sin(a)}), 1) << k;
    }
}

TEST(Shape, NamedConstructorsBuildTheTalkShapes) {
    EXPECT_EQ(Shape<float>::circle({1, 2}, 3).points.size(), 1u);
    EXPECT_EQ(Shape<float>::circle({1, 2}, 3).radius, 3.0f);
    EXPECT_EQ(Shape<float>::capsule({0, 0}, {1, 0}, 0.5f).points.size(), 2u);
    const auto hex = Shape<double>::regular(6, 2.0);
    ASSERT_EQ(hex.points.size(), 6u);
    for (const auto& p : hex.points) {
        EXPECT_NEAR(gjk::length(p), 2.0, 1e-15);
    }
}

TEST(Shape, TransformedSupportMovesDirectionInAndPointOut) {
    const auto box = Shape<double>::box(1, 0.5);
    const gjk::TransformedSupport<gjk::PointSetSupport<double>> s{
        {box.points}, gjk::Transform<double>::from({10, 0}, 1.5707963267948966)};
    // Rotated a quarter turn the long side is vertical; along +y two corners tie and the
    // lower index wins: box vertex 1, (1, -0.5), which lands on (0.5, 1) + (10, 0).
    const auto top = s({0, 1});
    EXPECT_EQ(top.index, 1);
    EXPECT_NEAR(top.point.y, 1.0, 1e-12);
    EXPECT_NEAR(top.point.x, 10.5, 1e-12);
}

TEST(Shape, MinkowskiSupportIsSupportOfBMinusSupportOfAAgainstD) {
    const auto a = Shape<double>::box(1, 1);
    const auto b = Shape<double>::polygon({{5, 0}, {6, 1}, {5, 2}});
    const gjk::MinkowskiDifference<gjk::PointSetSupport<double>, gjk::PointSetSupport<double>> z{
        {a.points}, {b.points}};
    const Vec2<double> d{-1, 0};
    const auto m = z(d);
    // support(B, -x) is x = 5; support(A, +x) is x = 1: w.x = 4, and it is the minimum of
    // dot(d, b - a) over all pairs.
    EXPECT_EQ(m.w.x, 4.0);
    double best = -1e300;
    for (const auto& pa : a.points) {
        for (const auto& pb : b.points) {
            best = std::max(best, gjk::dot(d, pb - pa));
        }
    }
    EXPECT_EQ(gjk::dot(d, m.w), best);
}

// The support is the talk's scan whichever way it is computed (the SSE2 path for up to 16
// float points on x86): the same index on every direction, ties and repeated points included,
// for 1 to 20 points in float and double.
template <class T> void check_support_is_the_scan() {
    std::mt19937_64 rng(11);
    std::uniform_real_distribution<double> u(-4, 4);
    std::uniform_int_distribution<int> grid(-3, 3);
    int checked = 0;
    for (int n = 1; n <= 20; ++n) {
        for (int trial = 0; trial < 200; ++trial) {
            std::vector<Vec2<T>> pts;
            for (int i = 0; i < n; ++i) {
                // Half the trials on a small integer grid: many exact ties and repeats.
                pts.push_back(trial % 2 ? Vec2<T>{T(grid(rng)), T(grid(rng))}
                                        : Vec2<T>{T(u(rng)), T(u(rng))});
            }
            const Vec2<T> d = trial % 4 == 1 ? Vec2<T>{T(grid(rng)), T(grid(rng))}
                                             : Vec2<T>{T(u(rng)), T(u(rng))};
            EXPECT_EQ(gjk::support_index<T>(pts, d), gjk::detail::support_index_scan<T>(pts, d))
                << "n=" << n << " trial=" << trial;
            ++checked;
        }
    }
    EXPECT_EQ(checked, 4000);
}

TEST(Shape, SimdSupportIsTheScalarScan) {
    check_support_is_the_scan<float>();
    check_support_is_the_scan<double>();
}

// The eight-point scan of a PreparedShape's coordinate arrays (detail::Soa8, SSE2 on x86) is
// the talk's scan of the points it holds: 1 to 8 points, the unused slots filled with copies
// of point 0 as PreparedShape fills them, ties and repeats included; a NaN direction gives 0.
template <class T> void check_eight_point_support_is_the_scan() {
    std::mt19937_64 rng(12);
    std::uniform_real_distribution<double> u(-4, 4);
    std::uniform_int_distribution<int> grid(-2, 2);
    int checked = 0;
    for (int n = 1; n <= 8; ++n) {
        for (int trial = 0; trial < 500; ++trial) {
            std::vector<Vec2<T>> pts;
            for (int i = 0; i < n; ++i) {
                pts.push_back(trial % 2 ? Vec2<T>{T(grid(rng)), T(grid(rng))}
                                        : Vec2<T>{T(u(rng)), T(u(rng))});
            }
            gjk::detail::Soa8<T> soa;
            for (int k = 0; k < 8; ++k) {
                const Vec2<T> p = pts[static_cast<std::size_t>(k < n ? k : 0)];
                soa.x[k] = p.x, soa.y[k] = p.y;
            }
            const Vec2<T> d = trial % 4 == 1 ? Vec2<T>{T(grid(rng)), T(grid(rng))}
                                             : Vec2<T>{T(u(rng)), T(u(rng))};
            ASSERT_EQ(gjk::detail::support_index_soa8(soa, d),
                      gjk::detail::support_index_scan<T>(pts, d))
                << "n=" << n << " trial=" << trial;
            ++checked;
        }
    }
    EXPECT_EQ(checked, 4000);
    gjk::detail::Soa8<T> soa;
    for (int k = 0; k < 8; ++k)
        soa.x[k] = T(k), soa.y[k] = T(-k);
    const T nan = std::numeric_limits<T>::quiet_NaN();
    EXPECT_EQ(gjk::detail::support_index_soa8(soa, Vec2<T>{nan, T(1)}), 0);
    EXPECT_EQ(gjk::detail::support_index_soa8(soa, Vec2<T>{T(1), T(0)}), 7);
    EXPECT_EQ(gjk::detail::support_index_soa8(soa, Vec2<T>{T(0), T(0)}), 0); // all tie
}

TEST(Shape, EightPointSupportIsTheScalarScan) {
    check_eight_point_support_is_the_scan<float>();
    check_eight_point_support_is_the_scan<double>();
}
