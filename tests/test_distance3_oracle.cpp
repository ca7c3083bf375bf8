// gjk/distance3.hpp against the exact oracle (tests/oracle/oracle3.hpp: the exact squared
// distance between two convex hulls and whether they meet, in rational arithmetic) on random
// hulls, boxes, flat polygons and segments in random poses (the exact contacts' families are in
// test_distance3_contacts.cpp).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "gjk/distance3.hpp"
#include "support/oracle3_points.hpp"
#include "support/scalars.hpp"
#include "support/shapes3.hpp"

using gjk::Status;
using gjk::Transform3;
using gjk::Vec3;
using gjk_test::box;
using gjk_test::query;
using gjk_test::random_rotation;

namespace {

GJK_SCALAR_SUITE(Distance3);

} // namespace

// The oracle families: random hulls of 1-32 points (points, segments, flat polygons and solids
// among them), boxes, in random poses, at gaps from 1e-12 to 1e-1 of the scale and overlapping.
// double within 1e-12 of the scale, float within 1e-6 (on the float inputs); the verdict
// (separated or not) the oracle's whenever the exact gap exceeds the error bound.
TYPED_TEST(Distance3, MatchesTheExactOracleOnRandomHulls) {
    using T = TypeParam;
    const long double bound = std::is_same_v<T, float> ? 1e-6L : 1e-12L;
    std::mt19937_64 rng(std::is_same_v<T, float> ? 21 : 22);
    std::uniform_real_distribution<double> u(-1, 1);
    long double worst = 0;
    int verdicts = 0, checked = 0;
    for (int i = 0; i < 600; ++i) {
        const int kind = i % 4; // 0: random points, 1: boxes, 2: flat polygons, 3: segments
        auto shape = [&](int n) {
            std::vector<Vec3<T>> p;
            if (kind == 1) {
                return box<T>(T(0.2 + u(rng) * u(rng)), T(0.6), T(0.4));
            }
            for (int k = 0; k < n; ++k) {
                p.push_back({T(u(rng)), T(u(rng)), kind == 2 ? T(0) : T(u(rng))});
            }
            return p;
        };
        const auto a = shape(kind == 3 ? 2 : 1 + int(rng() % 32));
        const auto b = shape(kind == 3 ? 2 : 1 + int(rng() % 32));
        const Transform3<T> xf_a{{T(u(rng)), T(u(rng)), T(u(rng))}, random_rotation<T>(rng)};
        // B along a random direction at a distance that makes some overlap, some touch nearly.
        const Vec3<T> dir = gjk::normalized(Vec3<T>{T(u(rng)), T(u(rng)), T(u(rng))});
        const T reach =
            T(std::pow(10.0, -12 + 12 * std::uniform_real_distribution<double>(0, 1)(rng)));
        const Transform3<T> xf_b{xf_a.p + (T(1.5) + (i % 3 == 0 ? -T(1) : reach)) * dir,
                                 random_rotation<T>(rng)};
        const auto out = gjk::distance(query(a, b, xf_b, xf_a));
        ASSERT_NE(out.status, Status::invalid_input) << "case " << i;
        ASSERT_NE(out.status, Status::max_iterations) << "case " << i;
        const auto exact =
            oracle3::hull_distance(gjk_test::world(a, xf_a), gjk_test::world(b, xf_b));
        const long double d = oracle3::approx_sqrt(exact.distance2);
        const long double scale = 3;
        const long double error = std::abs((long double)(out.distance) - d) / scale;
        worst = std::max(worst, error);
        ASSERT_LE(error, bound) << "case " << i << " kind " << kind << ": " << out.distance
                                << " exact " << double(d);
        if (d > bound * scale || exact.intersect) {
            ++checked;
            verdicts += (out.status == Status::separated) != !exact.intersect;
        }
    }
    EXPECT_EQ(verdicts, 0) << "of " << checked;
    std::printf("[distance3 oracle] worst |d - exact| / scale = %.3Le\n", worst);
}
