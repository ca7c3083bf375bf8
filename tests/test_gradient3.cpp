// Specifications of gjk/gradient3.hpp: the signed distance's gradient in space against central
// finite differences of the exact oracle's distance (tests/oracle/oracle3.hpp), each pose
// moved in long double.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "gjk/gradient3.hpp"
#include "oracle/oracle3.hpp"
#include "support/shapes3.hpp"

using gjk::DistanceInput3;
using gjk::Quat;
using gjk::ShapeView3;
using gjk::Status;
using gjk::Transform3;
using gjk::Vec3;

namespace {

using L = long double;

/// The points in the world under a pose moved by dt and by the small rotation dw (axis times
/// angle) about the shape's origin, in long double.
std::vector<oracle3::P3> moved(const std::vector<Vec3<double>>& points,
                               const Transform3<double>& xf, Vec3<L> dt, Vec3<L> dw) {
    const Quat<L> q = gjk::normalized(Quat<L>{xf.q.x, xf.q.y, xf.q.z, xf.q.w});
    const L angle = gjk::length(dw);
    const Quat<L> turn =
        angle > 0 ? Quat<L>::from_axis_angle((1 / angle) * dw, angle) : Quat<L>{0, 0, 0, 1};
    std::vector<oracle3::P3> out;
    for (const Vec3<double>& p : points) {
        const Vec3<L> r = gjk::rotate(turn, gjk::rotate(q, Vec3<L>{p.x, p.y, p.z}));
        out.push_back({double(r.x + xf.p.x + dt.x), double(r.y + xf.p.y + dt.y),
                       double(r.z + xf.p.z + dt.z)});
    }
    return out;
}

L oracle_distance(const std::vector<oracle3::P3>& a, const std::vector<oracle3::P3>& b) {
    return oracle3::approx_sqrt(oracle3::hull_distance(a, b).distance2);
}

} // namespace

// Random separated hulls of 4 to 8 integer-grid points (so the finite differences see one pair
// of features): the six derivatives of each pose within 1e-5 of the central differences, the
// answer differentiable.
TEST(Gradient3, MatchesCentralDifferencesOfTheExactDistance) {
    std::mt19937_64 rng(32);
    std::uniform_int_distribution<int> coordinate(-8, 8);
    int checked = 0;
    for (int trial = 0; trial < 60; ++trial) {
        std::vector<Vec3<double>> a, b;
        for (int i = 0, n = 4 + int(rng() % 5); i < n; ++i) {
            a.push_back({coordinate(rng) / 8.0, coordinate(rng) / 8.0, coordinate(rng) / 8.0});
            b.push_back({coordinate(rng) / 8.0, coordinate(rng) / 8.0, coordinate(rng) / 8.0});
        }
        DistanceInput3<double> in;
        in.a = ShapeView3<double>(a), in.b = ShapeView3<double>(b);
        in.xf_a = {{0.25, -0.5, 0.125}, gjk_test::random_rotation<double>(rng)};
        in.xf_b = {{4 + coordinate(rng) / 8.0, coordinate(rng) / 8.0, coordinate(rng) / 8.0},
                   gjk_test::random_rotation<double>(rng)};
        const auto g = gjk::signed_distance_gradient(in);
        ASSERT_TRUE(gjk::penetration(in).status == Status::separated) << trial;
        if (!g.differentiable) {
            continue;
        }
        ++checked;
        const L h = 1e-6L;
        for (int k = 0; k < 6; ++k) {
            Vec3<L> step{};
            (k % 3 == 0 ? step.x : k % 3 == 1 ? step.y : step.z) = h;
            const Vec3<L> dt = k < 3 ? step : Vec3<L>{}, dw = k < 3 ? Vec3<L>{} : step;
            const L db =
                (oracle_distance(moved(a, in.xf_a, {}, {}), moved(b, in.xf_b, dt, dw)) -
                 oracle_distance(moved(a, in.xf_a, {}, {}), moved(b, in.xf_b, -1 * dt, -1 * dw))) /
                (2 * h);
            const L da =
                (oracle_distance(moved(a, in.xf_a, dt, dw), moved(b, in.xf_b, {}, {})) -
                 oracle_distance(moved(a, in.xf_a, -1 * dt, -1 * dw), moved(b, in.xf_b, {}, {}))) /
                (2 * h);
            EXPECT_NEAR(double(g.b[k]), double(db), 1e-5) << trial << " b " << k;
            EXPECT_NEAR(double(g.a[k]), double(da), 1e-5) << trial << " a " << k;
        }
    }
    EXPECT_GT(checked, 20);
}

// Two boxes face to face at a gap: the faces slide along each other, so there is no derivative
// with respect to the rotations; and touching is the kink between distance and depth.
TEST(Gradient3, FacesAgainstFacesAndContactsAreNotDifferentiable) {
    std::vector<Vec3<double>> box;
    for (int i = 0; i < 8; ++i) {
        box.push_back({i & 1 ? 1.0 : -1.0, i & 2 ? 1.0 : -1.0, i & 4 ? 1.0 : -1.0});
    }
    DistanceInput3<double> in;
    in.a = ShapeView3<double>(box), in.b = ShapeView3<double>(box);
    in.xf_b = {{3, 0.5, 0}, {}};
    const auto apart = gjk::signed_distance_gradient(in);
    EXPECT_FALSE(apart.differentiable);
    EXPECT_EQ(apart.b[0], 1.0);
    EXPECT_EQ(apart.a[0], -1.0);
    in.xf_b = {{2, 0.5, 0}, {}};
    EXPECT_FALSE(gjk::signed_distance_gradient(in).differentiable);
}
