// Specifications of gjk/orientation3.hpp: the sign of (b - a) x (c - a) . (p - a) is the exact
// one (GMP rationals, tests/support/exact_orientation3.hpp) wherever the filter cannot decide:
// coplanar points, points a few ulps off a plane, integer grids, tiny and huge scales.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "gjk/orientation3.hpp"
#include "support/exact_orientation3.hpp"

using gjk::Vec3;
using gjk::detail::orientation;
using gjk_test::rational_orientation;

namespace {

Vec3<double> random_point(std::mt19937_64& rng, double scale) {
    std::uniform_real_distribution<double> u(-scale, scale);
    return {u(rng), u(rng), u(rng)};
}

/// p moved by k ulps in each coordinate (k may be negative).
Vec3<double> nudged(Vec3<double> p, int kx, int ky, int kz) {
    auto step = [](double v, int k) {
        for (; k > 0; --k)
            v = std::nextafter(v, 1e300);
        for (; k < 0; ++k)
            v = std::nextafter(v, -1e300);
        return v;
    };
    return {step(p.x, kx), step(p.y, ky), step(p.z, kz)};
}

} // namespace

TEST(Orientation3, SignsOfAPlainTetrahedron) {
    const Vec3<double> a{0, 0, 0}, b{1, 0, 0}, c{0, 1, 0};
    EXPECT_EQ(orientation(a, b, c, Vec3<double>{0.2, 0.3, 1}), 1);
    EXPECT_EQ(orientation(a, b, c, Vec3<double>{0.2, 0.3, -1}), -1);
    EXPECT_EQ(orientation(a, b, c, Vec3<double>{5, -7, 0}), 0);
    EXPECT_EQ(orientation(a, c, b, Vec3<double>{0.2, 0.3, 1}), -1); // the other orientation
}

// Points on a plane through three random points - p = a + s (b - a) + t (c - a), rounded, then
// moved a few ulps - sit within round-off of the plane, where the filter cannot decide. Every
// sign is the rational one, and the sample reaches all three signs.
TEST(Orientation3, PointsNearAPlaneGetTheExactSign) {
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> u(-2, 2);
    std::uniform_int_distribution<int> ulps(-2, 2);
    int signs[3] = {0, 0, 0};
    for (int k = 0; k < 20000; ++k) {
        const Vec3<double> a = random_point(rng, 1), b = random_point(rng, 1),
                           c = random_point(rng, 1);
        const double s = u(rng), t = u(rng);
        const Vec3<double> on = a + s * (b - a) + t * (c - a);
        const Vec3<double> p = nudged(on, ulps(rng), ulps(rng), ulps(rng));
        const int expected = rational_orientation(a, b, c, p);
        ASSERT_EQ(orientation(a, b, c, p), expected) << k;
        ++signs[expected + 1];
    }
    EXPECT_GT(signs[0], 1000);
    EXPECT_GT(signs[2], 1000);
}

// Integer grids: every quadruple of grid points that is coplanar gives 0, exactly, and every
// other the rational sign; the differences are exact, the expansions one term each.
TEST(Orientation3, IntegerGridQuadruplesGetTheExactSign) {
    std::mt19937_64 rng(11);
    std::uniform_int_distribution<int> coordinate(-3, 3);
    auto point = [&] {
        return Vec3<double>{double(coordinate(rng)), double(coordinate(rng)),
                            double(coordinate(rng))};
    };
    int zeros = 0;
    for (int k = 0; k < 20000; ++k) {
        const Vec3<double> a = point(), b = point(), c = point(), p = point();
        const int expected = rational_orientation(a, b, c, p);
        ASSERT_EQ(orientation(a, b, c, p), expected) << k;
        zeros += expected == 0;
    }
    EXPECT_GT(zeros, 1000);
}

// At 2^-300 and 2^300 of scale, and a plane away from the origin, the same near-coplanar
// points: products of three differences neither overflow nor fall below the normal numbers,
// and the sign is still the rational one.
TEST(Orientation3, AtExtremeScalesTheSignIsExact) {
    std::mt19937_64 rng(23);
    std::uniform_int_distribution<int> ulps(-3, 3);
    std::uniform_real_distribution<double> u(-2, 2);
    for (const double scale : {1.0, std::ldexp(1.0, -300), std::ldexp(1.0, 300)}) {
        int nonzero = 0;
        for (int k = 0; k < 5000; ++k) {
            const Vec3<double> offset{0.5 * scale, -0.25 * scale, 0.75 * scale};
            const Vec3<double> a = offset + random_point(rng, scale);
            const Vec3<double> b = offset + random_point(rng, scale);
            const Vec3<double> c = offset + random_point(rng, scale);
            const Vec3<double> on = a + u(rng) * (b - a) + u(rng) * (c - a);
            const Vec3<double> p = nudged(on, ulps(rng), ulps(rng), ulps(rng));
            const int expected = rational_orientation(a, b, c, p);
            ASSERT_EQ(orientation(a, b, c, p), expected) << "scale " << scale << " case " << k;
            nonzero += expected != 0;
        }
        EXPECT_GT(nonzero, 1000);
    }
}

// The orientation in a coordinate plane (the flat hull's turn test) is the exact 2D one.
TEST(Orientation3, TurnInACoordinatePlaneIsTheExactCross) {
    std::mt19937_64 rng(31);
    std::uniform_int_distribution<int> ulps(-2, 2);
    for (int k = 0; k < 5000; ++k) {
        const Vec3<double> a = random_point(rng, 1), b = random_point(rng, 1);
        const Vec3<double> c = nudged(a + 0.37 * (b - a), ulps(rng), ulps(rng), ulps(rng));
        // The xy turn is the orientation of the points with z = 0 and p = a + (0, 0, 1).
        const Vec3<double> a2{a.x, a.y, 0}, b2{b.x, b.y, 0}, c2{c.x, c.y, 0};
        const int expected = rational_orientation(a2, b2, c2, Vec3<double>{a.x, a.y, 1});
        ASSERT_EQ(gjk::detail::orientation_in_plane(a, b, c, 0, 1), expected) << k;
    }
}
