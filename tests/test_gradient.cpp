// Specifications of gjk/gradient.hpp: the derivative of the signed distance with respect to the
// poses, against central finite differences of the oracle's signed distance (exact predicates,
// long double), and the `differentiable` flag at constructed ties.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <span>
#include <vector>

#include "gjk/gjk.hpp"
#include "oracle/oracle.hpp"

using gjk::Vec2;

namespace {

/// The oracle's signed distance with the poses (x_a, y_a, angle_a, x_b, y_b, angle_b): rotate
/// by the angle, then translate, in long double.
long double oracle_signed(const std::vector<Vec2<double>>& a, double ra,
                          const std::vector<Vec2<double>>& b, double rb,
                          const long double pose[6]) {
    auto world = [](const std::vector<Vec2<double>>& pts, long double x, long double y,
                    long double angle) {
        std::vector<oracle::P> out;
        const long double c = std::cos(angle), s = std::sin(angle);
        for (const auto& p : pts) {
            out.push_back({c * p.x - s * p.y + x, s * p.x + c * p.y + y});
        }
        return oracle::hull(out);
    };
    return oracle::signed_distance(world(a, pose[0], pose[1], pose[2]), ra,
                                   world(b, pose[3], pose[4], pose[5]), rb);
}

std::vector<Vec2<double>> random_polygon(std::mt19937_64& rng, double size) {
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<Vec2<double>> pts(std::uniform_int_distribution<int>(3, 8)(rng));
    for (auto& p : pts) {
        p = {size * u(rng), size * u(rng)};
    }
    return pts;
}

gjk::DistanceGradient<double> gradient_at(const std::vector<Vec2<double>>& a, double ra,
                                          const std::vector<Vec2<double>>& b, double rb,
                                          const long double pose[6]) {
    gjk::DistanceInput<double> in;
    in.a = gjk::ShapeView<double>(std::span<const Vec2<double>>(a), ra);
    in.b = gjk::ShapeView<double>(std::span<const Vec2<double>>(b), rb);
    in.xf_a = gjk::Transform<double>::from({double(pose[0]), double(pose[1])}, double(pose[2]));
    in.xf_b = gjk::Transform<double>::from({double(pose[3]), double(pose[4])}, double(pose[5]));
    return gjk::signed_distance_gradient(in);
}

} // namespace

// Random polygons (3 to 8 points, sizes 0.5 to 2, a third rounded), about half overlapping.
// Each differentiable answer's six partial derivatives equal the oracle's central differences
// (step 1e-6) to 1e-6 of the lever arm; a pair whose forward and backward differences disagree
// lies within a step of a kink (a change of closest features) and is not compared (counted).
TEST(Gradient, MatchesCentralDifferencesOfTheOracle) {
    std::mt19937_64 rng(19);
    std::uniform_real_distribution<double> u(-1, 1);
    const long double h = 1e-6L;
    int compared = 0, kinks = 0, not_differentiable = 0, overlapping = 0;
    double worst = 0;
    for (int i = 0; i < 1500; ++i) {
        const double size = 0.5 + 0.75 * (u(rng) + 1);
        const auto a = random_polygon(rng, size), b = random_polygon(rng, size);
        const double ra = u(rng) > 0.33 ? 0.0 : 0.2 * (u(rng) + 1);
        const double rb = u(rng) > 0.33 ? 0.0 : 0.2 * (u(rng) + 1);
        long double pose[6] = {u(rng), u(rng), 3.1 * u(rng), 0, 0, 3.1 * u(rng)};
        pose[3] = pose[0] + 2.5 * size * u(rng), pose[4] = pose[1] + 2.5 * size * u(rng);
        const auto g = gradient_at(a, ra, b, rb, pose);
        if (!g.differentiable) {
            ++not_differentiable;
            continue;
        }
        const long double s0 = oracle_signed(a, ra, b, rb, pose);
        overlapping += s0 < 0;
        const double ours[6] = {g.a[0], g.a[1], g.a[2], g.b[0], g.b[1], g.b[2]};
        bool kink = false;
        double errors[6];
        for (int k = 0; k < 6; ++k) {
            long double up[6], down[6];
            std::copy(pose, pose + 6, up);
            std::copy(pose, pose + 6, down);
            up[k] += h, down[k] -= h;
            const long double sp = oracle_signed(a, ra, b, rb, up);
            const long double sm = oracle_signed(a, ra, b, rb, down);
            const long double forward = (sp - s0) / h, backward = (s0 - sm) / h;
            if (std::abs(forward - backward) > 1e-4L * (1 + std::abs(forward))) {
                kink = true;
                break;
            }
            const long double central = (sp - sm) / (2 * h);
            errors[k] = double(std::abs(central - ours[k]) / (1 + 3 * size));
        }
        if (kink) {
            ++kinks;
            continue;
        }
        ++compared;
        for (int k = 0; k < 6; ++k) {
            EXPECT_LE(errors[k], 1e-6) << "pair " << i << " partial " << k;
            worst = std::max(worst, errors[k]);
        }
    }
    std::printf("[gradient] %d compared (%d overlapping), %d within a step of a kink, %d not "
                "differentiable; max |gradient - central difference| / lever arm = %.3g\n",
                compared, overlapping, kinks, not_differentiable, worst);
    EXPECT_GE(compared, 1200);
    EXPECT_GE(overlapping, 300);
    EXPECT_LE(kinks, 75);
}

// The flag at constructed ties: parallel closest edges (apart and overlapping), touching, and
// the same pairs turned so that a vertex meets an edge.
TEST(Gradient, FlagIsFalseExactlyAtTies) {
    const std::vector<Vec2<double>> box = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    auto flag = [&](double x, double y, double angle) {
        const long double pose[6] = {0, 0, 0, x, y, angle};
        return gradient_at(box, 0, box, 0, pose).differentiable;
    };
    EXPECT_FALSE(flag(0.5, 3, 0));    // edge above a parallel edge, apart
    EXPECT_FALSE(flag(0.5, 1.5, 0));  // the same, overlapping: EPA's edges are parallel too
    EXPECT_FALSE(flag(2, 0.5, 0));    // edge against edge, touching
    EXPECT_FALSE(flag(2, 2, 0));      // corner on corner, touching
    EXPECT_TRUE(flag(0.5, 4, 0.3));   // turned: B's corner faces A's edge, apart
    EXPECT_TRUE(flag(0.2, 2.5, 0.3)); // and overlapping
    EXPECT_TRUE(flag(3, 3, 0));       // corner facing corner, apart: a unique pair of points
    // The gradient of the parallel-edge pair is still the one-sided derivative of the reported
    // points: the translations' part is the normal.
    const long double pose[6] = {0, 0, 0, 0.5, 3, 0};
    const auto g = gradient_at(box, 0, box, 0, pose);
    EXPECT_NEAR(g.b[1], 1.0, 1e-12);
    EXPECT_NEAR(g.a[1], -1.0, 1e-12);
}

// Float gives the double answer to float's resolution.
TEST(Gradient, FloatAgreesWithDouble) {
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> u(-1, 1);
    for (int i = 0; i < 300; ++i) {
        const auto a = random_polygon(rng, 1), b = random_polygon(rng, 1);
        std::vector<Vec2<float>> af, bf;
        for (auto p : a) {
            af.push_back({float(p.x), float(p.y)});
        }
        for (auto p : b) {
            bf.push_back({float(p.x), float(p.y)});
        }
        const double pose[6] = {0, 0, 3 * u(rng), 2 * u(rng), 2 * u(rng), 3 * u(rng)};
        gjk::DistanceInput<double> in;
        in.a = gjk::ShapeView<double>(std::span<const Vec2<double>>(a));
        in.b = gjk::ShapeView<double>(std::span<const Vec2<double>>(b));
        in.xf_a = gjk::Transform<double>::from({pose[0], pose[1]}, pose[2]);
        in.xf_b = gjk::Transform<double>::from({pose[3], pose[4]}, pose[5]);
        gjk::DistanceInput<float> fin;
        fin.a = gjk::ShapeView<float>(std::span<const Vec2<float>>(af));
        fin.b = gjk::ShapeView<float>(std::span<const Vec2<float>>(bf));
        fin.xf_a = gjk::Transform<float>::from({float(pose[0]), float(pose[1])}, float(pose[2]));
        fin.xf_b = gjk::Transform<float>::from({float(pose[3]), float(pose[4])}, float(pose[5]));
        const auto g = gjk::signed_distance_gradient(in);
        const auto gf = gjk::signed_distance_gradient(fin);
        if (!g.differentiable || !gf.differentiable) {
            continue;
        }
        for (int k = 0; k < 3; ++k) {
            EXPECT_NEAR(gf.a[k], g.a[k], 1e-3) << i;
            EXPECT_NEAR(gf.b[k], g.b[k], 1e-3) << i;
        }
    }
}
