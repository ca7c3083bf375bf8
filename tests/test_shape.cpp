// Specifications of gjk/shape.hpp: shapes and composed support functions.
#include <gtest/gtest.h>

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
