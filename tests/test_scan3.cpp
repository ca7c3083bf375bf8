// Specifications of gjk/scan3.hpp: the support of a small point set in space by a scan of its
// points as arrays. The oracle is the plain loop over the points (the first index of the
// largest dot(p, d), with dot()'s rounding): the scan must answer its index, ties and the
// padding included, and index 0 for a NaN direction.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "gjk/scan3.hpp"
#include "support/scalars.hpp"

using gjk::Vec3;

namespace {

GJK_SCALAR_SUITE(Scan3);

/// The oracle: the first index of the largest dot(p, d), in the points' order.
template <class T> int plain_scan(const std::vector<Vec3<T>>& points, Vec3<T> d) {
    int best = 0;
    for (int i = 1; i < int(points.size()); ++i) {
        if (gjk::dot(points[std::size_t(best)], d) < gjk::dot(points[std::size_t(i)], d)) {
            best = i;
        }
    }
    return best;
}

TYPED_TEST(Scan3, TheFirstFurthestIsTheScalarScans) {
    using T = TypeParam;
    std::mt19937_64 rng(3301);
    std::uniform_real_distribution<double> u(-1, 1);
    std::uniform_int_distribution<int> small(-2, 2);
    int ties = 0;
    for (int trial = 0; trial < 4000; ++trial) {
        const int n = 1 + trial % 80; // inline (up to 64) and on the heap
        std::vector<Vec3<T>> points;
        const bool grid = trial % 3 == 0; // small integers: many points tie along axes
        for (int i = 0; i < n; ++i) {
            points.push_back(grid ? Vec3<T>{T(small(rng)), T(small(rng)), T(small(rng))}
                                  : Vec3<T>{T(u(rng)), T(u(rng)), T(u(rng))});
        }
        const Vec3<T> d = trial % 5 == 0 ? Vec3<T>{T(small(rng)), T(small(rng)), T(small(rng))}
                                         : Vec3<T>{T(u(rng)), T(u(rng)), T(u(rng))};
        const gjk::detail::PointArrays3<T> arrays(points, nullptr);
        const int expected = plain_scan(points, d);
        ASSERT_EQ(arrays.index(d), expected) << "trial " << trial << ", " << n << " points";
        int equal = 0;
        for (const Vec3<T>& p : points) {
            equal += gjk::dot(p, d) == gjk::dot(points[std::size_t(expected)], d);
        }
        ties += equal > 1;
    }
    EXPECT_GT(ties, 200); // the tie rule is exercised (289 of the 4000 trials tie)
}

TYPED_TEST(Scan3, MovedPointsAreTheTransformsOfThePoints) {
    using T = TypeParam;
    std::mt19937_64 rng(3302);
    std::uniform_real_distribution<double> u(-1, 1);
    for (int trial = 0; trial < 200; ++trial) {
        std::vector<Vec3<T>> points;
        for (int i = 0; i < 1 + trial % 70; ++i) {
            points.push_back({T(u(rng)), T(u(rng)), T(u(rng))});
        }
        const gjk::Transform3<T> xf{
            {T(u(rng)), T(u(rng)), T(u(rng))},
            gjk::Quat<T>::from_axis_angle(gjk::normalized(Vec3<T>{T(u(rng)), T(u(rng)), T(1)}),
                                          T(3 * u(rng)))};
        const gjk::detail::PointArrays3<T> arrays(points, &xf);
        ASSERT_EQ(arrays.size(), points.size());
        std::vector<Vec3<T>> moved;
        for (std::size_t i = 0; i < points.size(); ++i) {
            moved.push_back(gjk::apply(xf, points[i]));
            ASSERT_EQ(arrays.point(i), moved.back());
        }
        const Vec3<T> d{T(u(rng)), T(u(rng)), T(u(rng))};
        EXPECT_EQ(arrays.index(d), plain_scan(moved, d));
        // The largest coordinate and the sum in index order (the start's centre), to the bit.
        Vec3<T> sum{};
        T largest = 0;
        for (const Vec3<T>& v : moved) {
            sum += v;
            largest = std::max({largest, std::abs(v.x), std::abs(v.y), std::abs(v.z)});
        }
        EXPECT_EQ(arrays.sum(), sum);
        EXPECT_EQ(arrays.largest(), largest);
    }
}

TYPED_TEST(Scan3, ANanDirectionAnswersIndexZero) {
    using T = TypeParam;
    const T nan = std::numeric_limits<T>::quiet_NaN();
    std::vector<Vec3<T>> points;
    for (int i = 0; i < 20; ++i) {
        points.push_back({T(i), T(-i), T(2 * i)});
    }
    const gjk::detail::PointArrays3<T> arrays(points, nullptr);
    EXPECT_EQ(arrays.index({nan, T(1), T(0)}), 0);
    EXPECT_EQ(arrays.index({T(1), T(0), nan}), 0);
}

} // namespace
