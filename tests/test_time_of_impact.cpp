// tests/test_time_of_impact.cpp - specifications of gjk/time_of_impact.hpp: the first contact of
// two shapes translating and rotating along their sweeps, on constructed cases and against the
// oracle's brute-force distance sampled along the sweeps.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "gjk/gjk.hpp"
#include "oracle/oracle.hpp"
#include "support/cast_oracle.hpp"
#include "support/families.hpp"
#include "support/scalars.hpp"

using gjk::CastStatus;
using gjk::Shape;
using gjk::Vec2;
using gjk_test::cast_oracle::aim;
using gjk_test::cast_oracle::big_case;
using gjk_test::cast_oracle::CastStats;
using gjk_test::cast_oracle::norm;
using gjk_test::cast_oracle::tolerance;

namespace {

GJK_SCALAR_SUITE(TimeOfImpact);

} // namespace

// --- Constructed cases ----------------------------------------------------------------------

// A stick of half-length 2 turns a quarter turn about its centre (the origin) toward a circle
// of radius 0.1 at (0, 1.5). The stick's line is 1.5 cos(theta) from the circle's centre, so
// contact is at cos(theta) = 0.1 / 1.5, t = theta / (pi / 2).
TYPED_TEST(TimeOfImpact, TurningStickHitsTheCircleAtTheAnalyticAngle) {
    using T = TypeParam;
    const auto circle = Shape<T>::circle({0, 0}, T(0.1));
    const auto stick = Shape<T>::segment({-2, 0}, {2, 0});
    gjk::ToiInput<T> in;
    in.a = circle;
    in.b = stick;
    in.sweep_a = {{}, {0, T(1.5)}, {0, T(1.5)}, 0, 0};
    in.sweep_b = {{}, {}, {}, 0, T(1.5707963267948966)};
    const auto r = gjk::time_of_impact(in);
    EXPECT_EQ(r.status, CastStatus::hit);
    const double expected = std::acos(0.1 / 1.5) / 1.5707963267948966;
    // The loop stops with the gap within 64 eps of the scale (about 4); the gap closes at
    // d(gap)/dt = 1.5 sin(theta) * pi/2 ~ 2.4 per unit t.
    EXPECT_NEAR(r.fraction, T(expected), T(200) * std::numeric_limits<T>::epsilon() * 4);
    EXPECT_LE(r.fraction, T(expected) + T(16) * std::numeric_limits<T>::epsilon());
    // The normal is perpendicular to the stick, from the circle to it: (sin, -cos)(theta).
    const double theta = std::acos(0.1 / 1.5);
    EXPECT_NEAR(r.normal.x, T(std::sin(theta)), T(1e-4));
    EXPECT_NEAR(r.normal.y, T(-std::cos(theta)), T(1e-4));
}

// The turning stick, the circle at 200 heights from 1.5 to 1.7: the normal at the hit is the
// stick's, (sin, -cos)(theta) at cos(theta) = 0.1 / height. A root finder's step that round-off
// carried a hair past the contact (the core distance a hair under the circle's radius) reported
// the normal of the iteration before it, which was t = 0's, (0, -1): in 103 of these 200 sweeps
// in float and 76 in double. The cores are then 0.1 apart, and GJK's normal there is the
// contact's; only where the cores touch does the normal come from the approach.
TYPED_TEST(TimeOfImpact, HitAHairPastTheContactHasTheContactsNormal) {
    using T = TypeParam;
    const auto circle = Shape<T>::circle({0, 0}, T(0.1));
    const auto stick = Shape<T>::segment({-2, 0}, {2, 0});
    for (int k = 0; k < 200; ++k) {
        const T height = T(1.5) + T(k) * T(0.001);
        gjk::ToiInput<T> in;
        in.a = circle;
        in.b = stick;
        in.sweep_a = {{}, {0, height}, {0, height}, 0, 0};
        in.sweep_b = {{}, {}, {}, 0, T(1.5707963267948966)};
        const auto r = gjk::time_of_impact(in);
        ASSERT_EQ(r.status, CastStatus::hit) << height;
        const double theta = std::acos(0.1 / double(height));
        EXPECT_NEAR(r.normal.x, T(std::sin(theta)), T(1e-4)) << height;
        EXPECT_NEAR(r.normal.y, T(-std::cos(theta)), T(1e-4)) << height;
    }
}

// The turning stick with a target separation of 0.2: the stick's line stops 0.1 + 0.2 from
// the circle's centre, at cos(theta) = 0.3 / 1.5. With max_fraction before that time the step
// ends without contact at max_fraction.
TYPED_TEST(TimeOfImpact, TargetSeparationAndMaxFractionOnTheTurningStick) {
    using T = TypeParam;
    const auto circle = Shape<T>::circle({0, 0}, T(0.1));
    const auto stick = Shape<T>::segment({-2, 0}, {2, 0});
    gjk::ToiInput<T> in;
    in.a = circle;
    in.b = stick;
    in.sweep_a = {{}, {0, T(1.5)}, {0, T(1.5)}, 0, 0};
    in.sweep_b = {{}, {}, {}, 0, T(1.5707963267948966)};
    in.target_separation = T(0.2);
    const double expected = std::acos(0.3 / 1.5) / 1.5707963267948966;
    const auto r = gjk::time_of_impact(in);
    EXPECT_EQ(r.status, CastStatus::hit);
    EXPECT_NEAR(r.fraction, T(expected), T(200) * std::numeric_limits<T>::epsilon() * 4);
    EXPECT_LE(r.iterations, 10);
    in.max_fraction = T(expected - 0.05);
    const auto early = gjk::time_of_impact(in);
    EXPECT_EQ(early.status, CastStatus::separated);
    EXPECT_EQ(early.fraction, in.max_fraction);
    in.max_fraction = T(2);
    EXPECT_EQ(gjk::time_of_impact(in).motion_error, gjk::MotionError::bad_max_fraction);
}

// Sweeps without rotation are shape casts: same fraction.
TYPED_TEST(TimeOfImpact, SweepWithoutRotationIsAShapeCast) {
    using T = TypeParam;
    const auto a = Shape<T>::regular(5, 1, T(0.1)), b = Shape<T>::box(T(0.5), T(0.3));
    gjk::ToiInput<T> in;
    in.a = a;
    in.b = b;
    in.sweep_a = {{}, {0, 0}, {1, 0}, T(0.2), T(0.2)};
    in.sweep_b = {{}, {6, 1}, {-3, T(0.5)}, T(0.7), T(0.7)};
    const auto r = gjk::time_of_impact(in);
    gjk::CastInput<T> c;
    c.a = a;
    c.b = b;
    c.xf_a = in.sweep_a.at(0);
    c.xf_b = in.sweep_b.at(0);
    c.translation_a = {1, 0};
    c.translation_b = {-9, T(-0.5)};
    const auto s = gjk::shape_cast(c);
    EXPECT_EQ(r.status, CastStatus::hit);
    EXPECT_EQ(s.status, CastStatus::hit);
    EXPECT_NEAR(r.fraction, s.fraction, T(1e3) * std::numeric_limits<T>::epsilon());
}

// A box turning 1.5 rad over a box, coming down from 3.5 to 3 above it: its lowest corner stays
// more than 0.75 above the other's top face, a miss. The separation function of the first step
// (A's top face) stays above the target at every sample, and the step fell back to
// advancement's safe time (0.57) - two more GJK calls and steps to conclude. The samples' lower
// bounds with the Lipschitz bound on the distance (gjk/cast/toi_step.hpp, "Every step proved")
// cover the rest of the step: a miss in one step.
TYPED_TEST(TimeOfImpact, SamplesProveAMissInOneStep) {
    using T = TypeParam;
    const auto box = Shape<T>::box(1, 1);
    gjk::ToiInput<T> in;
    in.a = box;
    in.b = box;
    in.sweep_b = {{}, {0, T(3.5)}, {T(0.5), 3}, 0, T(1.5)};
    const auto r = gjk::time_of_impact(in);
    EXPECT_EQ(r.status, CastStatus::separated);
    EXPECT_EQ(r.fraction, T(1));
    EXPECT_EQ(r.iterations, 1); // 3 before
    // It is a miss: the distance, sampled 1,001 times, stays above 0.75 (its least: 0.7999).
    for (int k = 0; k <= 1000; ++k) {
        gjk::DistanceInput<T> d;
        d.a = box;
        d.b = box;
        d.xf_a = in.sweep_a.at(T(k) / T(1000));
        d.xf_b = in.sweep_b.at(T(k) / T(1000));
        ASSERT_GT(gjk::distance(d).distance, T(0.75)) << k;
    }
}

// The cap stops the outer loop and says so; the fraction it leaves is safe (no later than the
// contact the full query finds), as every step ends where contact is not yet reached.
TYPED_TEST(TimeOfImpact, IterationCapIsReportedWithASafeFraction) {
    using T = TypeParam;
    const auto circle = Shape<T>::circle({0, 0}, T(0.1));
    const auto stick = Shape<T>::segment({-2, 0}, {2, 0});
    gjk::ToiInput<T> in;
    in.a = circle;
    in.b = stick;
    in.sweep_a = {{}, {0, T(1.5)}, {0, T(1.5)}, 0, 0};
    in.sweep_b = {{}, {}, {}, 0, T(1.5707963267948966)};
    const auto full = gjk::time_of_impact(in);
    ASSERT_EQ(full.status, CastStatus::hit);
    ASSERT_GE(full.iterations, 2);
    in.max_iterations = 1;
    const auto r = gjk::time_of_impact(in);
    EXPECT_EQ(r.status, CastStatus::max_iterations);
    EXPECT_FALSE(r.hit);
    EXPECT_LE(r.fraction, full.fraction);
}

TYPED_TEST(TimeOfImpact, RejectsNonFiniteSweeps) {
    using T = TypeParam;
    const auto box = Shape<T>::box(1, 1);
    gjk::ToiInput<T> in;
    in.a = box;
    in.b = box;
    in.sweep_b.a1 = std::numeric_limits<T>::infinity();
    const auto r = gjk::time_of_impact(in);
    EXPECT_EQ(r.status, CastStatus::invalid_input);
    EXPECT_EQ(r.motion_error, gjk::MotionError::bad_sweep_b);
}

// --- Oracle tests ---------------------------------------------------------------------------

namespace {

/// World points of a shape on a sweep at time t, in long double (independent of the library).
template <class T>
std::vector<oracle::P> swept(const std::vector<Vec2<T>>& pts, const gjk::Sweep<T>& s,
                             long double t) {
    const long double a = s.a0 + t * ((long double)s.a1 - s.a0);
    const long double c = std::cos(a), sn = std::sin(a);
    const long double cx = s.c0.x + t * ((long double)s.c1.x - s.c0.x);
    const long double cy = s.c0.y + t * ((long double)s.c1.y - s.c0.y);
    std::vector<oracle::P> out;
    for (const auto& p : pts) {
        const long double x = (long double)p.x - s.local_center.x,
                          y = (long double)p.y - s.local_center.y;
        out.push_back({cx + c * x - sn * y, cy + sn * x + c * y});
    }
    return out;
}

} // namespace

// Time of impact against the brute-force distance sampled along the sweeps: 2,000 seeded
// pairs per scalar type (polygons, rounded shapes, point clouds, slivers) and 60 with a
// 64-gon (big_case), turning up to 1.5 radians, each on plain views and on prepared shapes. The
// distance with rotation is not convex in t, so the oracle is 257 samples: no sample before the
// reported time may be in contact, and at a hit the distance is the target. At most 30 outer
// iterations (GJK calls): the root finder's target.
TYPED_TEST(TimeOfImpact, NoSampledContactBeforeTheReportedTime) {
    using T = TypeParam;
    gjk_test::Generator gen(std::is_same_v<T, float> ? 97531u : 86420u);
    gjk_test::Generator big_gen(std::is_same_v<T, float> ? 13579u : 24680u);
    const gjk_test::Family families[] = {gjk_test::Family::random_polygons,
                                         gjk_test::Family::rounded, gjk_test::Family::point_clouds,
                                         gjk_test::Family::slivers};
    CastStats all[2]; // plain views, prepared shapes
    auto check = [&](gjk_test::Case<T> k, gjk_test::Generator& g, const std::string& name) {
        Vec2<T> ta, tb;
        T target_separation;
        aim(k, g, ta, tb, target_separation);
        const T angle_a = k.xa.q.angle(), angle_b = k.xb.q.angle();
        gjk::Sweep<T> sweep_a = {
            {}, k.xa.p, k.xa.p + ta, angle_a, angle_a + T(g.uniform(-0.5, 0.5) * g.integer(0, 1))};
        gjk::Sweep<T> sweep_b = {{T(g.uniform(-0.5, 0.5)), T(g.uniform(-0.5, 0.5))},
                                 k.xb.p,
                                 k.xb.p + tb,
                                 angle_b,
                                 angle_b + T(g.uniform(-1.5, 1.5))};
        sweep_b.c0 = sweep_b.c0 + gjk::rotate(k.xb.q, sweep_b.local_center);
        sweep_b.c1 = sweep_b.c1 + gjk::rotate(k.xb.q, sweep_b.local_center);
        const long double target = target_separation;
        const long double scale =
            gjk_test::scale_of(k) + norm(ta) + norm(tb) + target + norm(sweep_b.c1);
        const long double tol = tolerance<T>() * scale;
        auto D = [&](long double t) {
            return oracle::signed_distance(oracle::hull(swept(k.a, sweep_a, t)), k.ra,
                                           oracle::hull(swept(k.b, sweep_b, t)), k.rb);
        };
        std::vector<long double> samples; // D(s / 256) for s = 0..256, made when first needed
        auto sample = [&](int s) {
            if (samples.empty()) {
                for (int j = 0; j <= 256; ++j) {
                    samples.push_back(D(j / 256.0L));
                }
            }
            return samples[static_cast<std::size_t>(s)];
        };
        const auto prepared_a = gjk::PreparedShape<T>::make(k.a, k.ra);
        const auto prepared_b = gjk::PreparedShape<T>::make(k.b, k.rb);
        for (const bool prepared : {false, true}) {
            CastStats& stats = all[prepared];
            const std::string what = name + (prepared ? " (prepared)" : "");
            gjk::ToiInput<T> in;
            in.a = prepared ? prepared_a.view() : gjk::ShapeView<T>(k.a, k.ra);
            in.b = prepared ? prepared_b.view() : gjk::ShapeView<T>(k.b, k.rb);
            in.sweep_a = sweep_a;
            in.sweep_b = sweep_b;
            in.target_separation = target_separation;

            const auto r = gjk::time_of_impact(in);
            ASSERT_NE(r.status, CastStatus::invalid_input) << what << ": " << gjk::error_message(r);
            ++stats.cases;
            stats.most_iterations = std::max(stats.most_iterations, r.iterations);
            stats.total_iterations += r.iterations;
            if (r.status == CastStatus::max_iterations) {
                ++stats.max_iterations;
            }
            if (r.status == CastStatus::initially_overlapping) {
                ASSERT_LE(sample(0), tol) << what;
                ++stats.initial;
                continue;
            }
            // Within the target at t = 0 and moving apart is a miss: the distance never drops
            // below its start.
            const long double d0 = sample(0);
            if (!r.hit && r.status == CastStatus::separated && d0 - target <= tol) {
                for (int s = 1; s <= 256; ++s) {
                    ASSERT_GE(sample(s), d0 - tol) << what << ": closer than at the start";
                }
                ++stats.misses;
                continue;
            }
            // Conservative: no sample before the reported time (the fraction of a hit, the
            // safe time of a cap, the whole step of a miss) is within the target.
            const long double until = r.hit || r.status == CastStatus::max_iterations
                                          ? static_cast<long double>(r.fraction)
                                          : 1.0L;
            for (int s = 0; s <= 256; ++s) {
                const long double t = s / 256.0L;
                if (t >= until) {
                    break;
                }
                ASSERT_GE(sample(s) - target, -tol)
                    << what << ": contact at t = " << double(t) << " before " << double(until);
            }
            if (r.hit) {
                ++stats.hits;
                const long double gap = D(r.fraction) - target;
                ASSERT_LE(gap, tol) << what;
                if (r.fraction > T(0)) { // at 0 the shapes may start anywhere within the target
                    ASSERT_GE(gap, -tol) << what;
                }
                if (r.fraction > T(0)) {
                    stats.max_gap_error = std::max(stats.max_gap_error, std::fabs(gap) / scale);
                }
            } else if (r.status == CastStatus::separated) {
                ++stats.misses;
                ASSERT_GE(sample(256) - target, -tol) << what;
            }
        }
    };
    for (const auto family : families) {
        for (int i = 0; i < 500; ++i) {
            check(gen.make<T>(family), gen,
                  std::string(gjk_test::family_name(family)) + " case " + std::to_string(i));
            ASSERT_FALSE(this->HasFatalFailure());
        }
    }
    for (int i = 0; i < 60; ++i) {
        check(big_case<T>(big_gen), big_gen, "64-gon case " + std::to_string(i));
        ASSERT_FALSE(this->HasFatalFailure());
    }
    for (const bool prepared : {false, true}) {
        const CastStats& stats = all[prepared];
        std::printf("[toi %s%s] %d cases: %d hits, %d initially overlapping, %d misses, %d "
                    "stopped by the cap; max |gap - target|/scale at the fraction = %.3Le; "
                    "iterations: max %d, mean %.2f\n",
                    std::is_same_v<T, float> ? "float" : "double", prepared ? " prepared" : "",
                    stats.cases, stats.hits, stats.initial, stats.misses, stats.max_iterations,
                    stats.max_gap_error, stats.most_iterations,
                    double(stats.total_iterations) / stats.cases);
        EXPECT_GE(stats.cases, 2000);
        EXPECT_GE(stats.hits, stats.cases / 5);
        EXPECT_EQ(stats.max_iterations, 0); // kMaxToiIterations covers every sweep of the sample
        // Root finding on the separation functions converges in a few outer steps; conservative
        // advancement alone converges linearly when the shapes turn.
        EXPECT_LE(stats.most_iterations, 30);
    }
}
