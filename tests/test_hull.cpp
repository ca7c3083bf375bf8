// Specifications of gjk/hull.hpp: convex hull and the explicit Minkowski difference.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <span>

#include "gjk/gjk.hpp"
#include "oracle/oracle.hpp"
#include "support/scalars.hpp"

using gjk::Vec2;

namespace {
GJK_SCALAR_SUITE(Hull);
} // namespace

TYPED_TEST(Hull, DropsDuplicateCollinearAndInteriorPoints) {
    using T = TypeParam;
    const std::vector<Vec2<T>> pts = {{0, 0}, {1, 0}, {2, 0}, {2, 0}, {2, 2},
                                      {1, 1}, {0, 2}, {0, 1}, {0, 0}};
    const auto h = gjk::convex_hull<T>(pts);
    const std::vector<Vec2<T>> expected = {{0, 0}, {2, 0}, {2, 2}, {0, 2}};
    EXPECT_EQ(h, expected); // counter-clockwise from the lowest-leftmost point
}

TYPED_TEST(Hull, DegenerateSetsGiveAPointOrASegment) {
    using T = TypeParam;
    EXPECT_EQ(gjk::convex_hull<T>(std::vector<Vec2<T>>{{1, 1}, {1, 1}, {1, 1}}).size(), 1u);
    const auto seg = gjk::convex_hull<T>(std::vector<Vec2<T>>{{3, 3}, {1, 1}, {2, 2}, {0, 0}});
    ASSERT_EQ(seg.size(), 2u);
    EXPECT_EQ(seg[0], (Vec2<T>{0, 0}));
    EXPECT_EQ(seg[1], (Vec2<T>{3, 3}));
    EXPECT_TRUE(gjk::convex_hull<T>(std::vector<Vec2<T>>{}).empty());
}

// On integer points the floating-point turn test is exact, so the hull must equal the exact
// oracle's hull vertex for vertex.
TYPED_TEST(Hull, MatchesTheExactHullOnIntegerPoints) {
    using T = TypeParam;
    std::mt19937 rng(5);
    std::uniform_int_distribution<int> coord(-50, 50);
    for (int i = 0; i < 2000; ++i) {
        std::vector<Vec2<T>> pts;
        std::vector<oracle::P> opts;
        const int n = 1 + i % 40;
        for (int j = 0; j < n; ++j) {
            const int x = coord(rng), y = coord(rng) / (i % 3 == 0 ? 10 : 1); // many collinear
            pts.push_back({T(x), T(y)});
            opts.push_back({static_cast<long double>(x), static_cast<long double>(y)});
        }
        const auto h = gjk::convex_hull<T>(pts);
        const auto o = oracle::hull(opts);
        ASSERT_EQ(h.size(), o.size()) << "case " << i;
        // Same cyclic sequence: find the oracle's start in ours.
        std::size_t start = 0;
        while (start < h.size() && !(h[start].x == T(o[0].x) && h[start].y == T(o[0].y)))
            ++start;
        ASSERT_LT(start, h.size()) << "case " << i;
        for (std::size_t j = 0; j < h.size(); ++j) {
            const auto& p = h[(start + j) % h.size()];
            ASSERT_EQ(p.x, T(o[j].x)) << "case " << i;
            ASSERT_EQ(p.y, T(o[j].y)) << "case " << i;
        }
    }
}

TYPED_TEST(Hull, NearlyCollinearPointsMoveTheHullByRoundOff) {
    using T = TypeParam;
    // A point a hair off the segment from (0,0) to (1,1): kept or dropped, the hull's area
    // differs from the exact hull's by no more than round-off.
    const T eps = std::numeric_limits<T>::epsilon();
    const std::vector<Vec2<T>> pts = {{0, 0}, {T(0.5), T(0.5) - eps}, {1, 1}, {0, 1}};
    const auto h = gjk::convex_hull<T>(pts);
    T area = 0;
    for (std::size_t i = 0; i < h.size(); ++i)
        area += gjk::cross(h[i], h[(i + 1) % h.size()]);
    EXPECT_NEAR(area / 2, T(0.5), 4 * eps);
}

TYPED_TEST(Hull, MinkowskiDifferenceOfTwoBoxesIsTheSumOfTheirSizes) {
    using T = TypeParam;
    const auto a = gjk::Shape<T>::box(1, 2), b = gjk::Shape<T>::box(3, 1);
    const auto z = gjk::minkowski_difference<T>(a, {}, b, gjk::Transform<T>::from({10, 0}, 0));
    ASSERT_EQ(z.size(), 4u);
    EXPECT_EQ(z[0], (Vec2<T>{10 - 4, -3}));
    EXPECT_EQ(z[2], (Vec2<T>{10 + 4, 3}));
}

// Story: the Python package's property tests (python/tests/test_properties.py) found a shape
// losing half a unit. The triangle (0, 0), (0, 0.5), (tiny, 0), tiny the smallest subnormal:
// the turn test's cross product, tiny / 2, rounded to 0, the three points were taken for
// collinear and (0, 0.5) was dropped. A PreparedShape (which is the hull) then answered 1 for
// the distance to (0, 1) instead of 0.5, while the same points unprepared answered 0.5.
TYPED_TEST(Hull, SubnormalEdgeKeepsTheVertexBeyondIt) {
    using T = TypeParam;
    const T tiny = std::numeric_limits<T>::denorm_min();
    const std::vector<Vec2<T>> triangle = {{0, 0}, {0, T(0.5)}, {tiny, 0}};
    const std::vector<Vec2<T>> expected = {{0, 0}, {tiny, 0}, {0, T(0.5)}};
    EXPECT_EQ(gjk::convex_hull<T>(triangle), expected);

    const auto shape = gjk::PreparedShape<T>::make(triangle);
    const Vec2<T> point[1] = {{0, 1}};
    gjk::DistanceInput<T> in;
    in.a = shape.view();
    in.b = gjk::ShapeView<T>(std::span<const Vec2<T>>(point), T(0));
    EXPECT_EQ(gjk::distance(in).distance, T(0.5)); // from (0, 1) to the vertex (0, 0.5)
}

// Found by fuzz_kernel's campaign of 2026-11-26: a float triangle 137264 long and 1.5e-39 wide,
// nearly vertical, so that its x order, (0, -4.08), (0, ~0), (1.5e-39, -137264), is not its
// order along its length. The last turn's cross product, -6e-39, is below the smallest normal
// float, and detail::turn computed it again from the vectors scaled to about 1 by powers of
// two, which rounded the width's 1.5e-39 into the subnormal range: 0, collinear, and the hull
// lost the top end, 4.08 beyond the middle vertex. A prepared shape of those points then
// answered "separated by 4.08" for a point on the lost part. The turn is computed again in a
// wider type now. Here the width is the smallest normal number / 1024.
TYPED_TEST(Hull, SubnormalSliverKeepsBothEnds) {
    using T = TypeParam;
    const T width = std::numeric_limits<T>::min() / T(1024);
    const std::vector<Vec2<T>> sliver = {{width, T(-137264)}, {0, T(-4.078125)}, {0, T(1)}};
    // The exact orientation of the three: cross((0, 5.078125), (width, -137259.921875)) =
    // -5.078125 width, not zero, so each point is a vertex of the hull.
    const auto hull = gjk::convex_hull<T>(sliver);
    ASSERT_EQ(hull.size(), 3u);
    for (const Vec2<T>& p : sliver) {
        EXPECT_NE(std::find(hull.begin(), hull.end(), p), hull.end()) << p.x << " " << p.y;
    }
    const auto shape = gjk::PreparedShape<T>::make(sliver);
    const Vec2<T> point[1] = {{0, T(0.5)}}; // on the edge from (0, -4.078125) to (0, 1)
    gjk::DistanceInput<T> in;
    in.a = shape.view();
    in.b = gjk::ShapeView<T>(std::span<const Vec2<T>>(point), T(0));
    EXPECT_EQ(gjk::penetration(in).signed_distance, T(0));
}
