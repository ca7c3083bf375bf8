// tests/test_shape_cast.cpp - specifications of gjk/shape_cast.hpp: a translating shape's first
// contact by conservative advancement, on constructed cases, against bisection on the oracle's
// brute-force distance, and the regression of its tolerance's scale.
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

GJK_SCALAR_SUITE(Cast);

template <class T>
gjk::CastInput<T> cast_input(const Shape<T>& a, const Shape<T>& b, Vec2<T> pa, Vec2<T> pb,
                             Vec2<T> ta, Vec2<T> tb, T angle_b = 0) {
    gjk::CastInput<T> in;
    in.a = a;
    in.b = b;
    in.xf_a = gjk::Transform<T>::from(pa, 0);
    in.xf_b = gjk::Transform<T>::from(pb, angle_b);
    in.translation_a = ta;
    in.translation_b = tb;
    return in;
}

/// Hand-computed fractions: the loop stops within the default tolerance (64 eps of a scale of
/// about 10 here), which moves the fraction by that over the closing speed.
template <class T> T fraction_tolerance() {
    return T(1e3) * std::numeric_limits<T>::epsilon();
}

} // namespace

// --- Constructed cases ----------------------------------------------------------------------

// B (a unit box at x = 5) moves 6 to the left onto A (a unit box at the origin): its left face
// reaches A's right face when it has moved 3, at t = 0.5. Face contact: one Newton step.
TYPED_TEST(Cast, BoxSlidingOntoABoxHitsWhenTheFacesMeet) {
    using T = TypeParam;
    const auto box = Shape<T>::box(1, 1);
    const auto r = gjk::shape_cast(cast_input<T>(box, box, {}, {5, T(0.5)}, {}, {-6, 0}));
    EXPECT_EQ(r.status, CastStatus::hit);
    EXPECT_TRUE(r.hit);
    EXPECT_FALSE(r.initially_overlapping);
    EXPECT_NEAR(r.fraction, T(0.5), fraction_tolerance<T>());
    EXPECT_NEAR(r.normal.x, T(1), fraction_tolerance<T>());
    EXPECT_NEAR(r.normal.y, T(0), fraction_tolerance<T>());
    EXPECT_NEAR(r.point.x, T(1), fraction_tolerance<T>() * 10); // on A's right face
    EXPECT_GE(r.point.y, T(-0.5) - fraction_tolerance<T>());
    EXPECT_LE(r.iterations, 3);
}

// Both shapes move: the gap of 3 closes at 4 per step, so t = 0.75.
TYPED_TEST(Cast, BothShapesMovingMeetHalfwayInTheirRelativeMotion) {
    using T = TypeParam;
    const auto box = Shape<T>::box(1, 1);
    const auto r = gjk::shape_cast(cast_input<T>(box, box, {}, {5, 0}, {2, 0}, {-2, 0}));
    EXPECT_EQ(r.status, CastStatus::hit);
    EXPECT_NEAR(r.fraction, T(0.75), fraction_tolerance<T>());
    EXPECT_NEAR(r.point.x, T(1 + 2 * 0.75), fraction_tolerance<T>() * 10); // A moved too
}

// Circles (rounded points) with a target separation: the surfaces are 0.5 apart when the
// centres are 1 + 0.5 + 0.5 = 2 apart; from 10 apart closing at 10, t = 0.8.
TYPED_TEST(Cast, TargetSeparationStopsBeforeTheSurfacesMeet) {
    using T = TypeParam;
    const auto a = Shape<T>::circle({0, 0}, 1), b = Shape<T>::circle({0, 0}, T(0.5));
    auto in = cast_input<T>(a, b, {}, {10, 0}, {}, {-10, 0});
    in.target_separation = T(0.5);
    const auto r = gjk::shape_cast(in);
    EXPECT_EQ(r.status, CastStatus::hit);
    EXPECT_NEAR(r.fraction, T(0.8), fraction_tolerance<T>());
    EXPECT_NEAR(r.point.x, T(1), fraction_tolerance<T>() * 10); // A's surface
}

// B passes above A: no contact in the step. The fraction is then 1.
TYPED_TEST(Cast, PassingShapesMiss) {
    using T = TypeParam;
    const auto box = Shape<T>::box(1, 1);
    const auto r = gjk::shape_cast(cast_input<T>(box, box, {}, {5, T(2.5)}, {}, {-10, 0}));
    EXPECT_EQ(r.status, CastStatus::separated);
    EXPECT_FALSE(r.hit);
    EXPECT_EQ(r.fraction, T(1));
    // Too short a step misses too.
    const auto s = gjk::shape_cast(cast_input<T>(box, box, {}, {5, 0}, {}, {-2, 0}));
    EXPECT_EQ(s.status, CastStatus::separated);
}

// Overlapping at t = 0: a hit at t = 0 with the flag, and the penetration normal.
TYPED_TEST(Cast, InitiallyOverlappingIsAHitAtZeroWithTheFlag) {
    using T = TypeParam;
    const auto box = Shape<T>::box(1, 1);
    const auto r = gjk::shape_cast(cast_input<T>(box, box, {}, {T(1.5), T(0.2)}, {}, {5, 0}));
    EXPECT_EQ(r.status, CastStatus::initially_overlapping);
    EXPECT_TRUE(r.hit);
    EXPECT_TRUE(r.initially_overlapping);
    EXPECT_EQ(r.fraction, T(0));
    EXPECT_NEAR(r.normal.x, T(1), fraction_tolerance<T>()); // the minimum translation
    EXPECT_EQ(r.iterations, 1);
}

// Touching at t = 0: moving apart is not a hit, moving closer (or sliding in) is one at t = 0.
TYPED_TEST(Cast, TouchingAtZeroIsAHitOnlyWhenClosing) {
    using T = TypeParam;
    const auto box = Shape<T>::box(1, 1);
    const auto apart = gjk::shape_cast(cast_input<T>(box, box, {}, {2, T(0.5)}, {}, {3, 1}));
    EXPECT_EQ(apart.status, CastStatus::separated);
    EXPECT_FALSE(apart.hit);
    EXPECT_FALSE(apart.initially_overlapping);
    const auto closing = gjk::shape_cast(cast_input<T>(box, box, {}, {2, T(0.5)}, {}, {-1, 0}));
    EXPECT_EQ(closing.status, CastStatus::hit);
    EXPECT_TRUE(closing.hit);
    EXPECT_FALSE(closing.initially_overlapping);
    EXPECT_EQ(closing.fraction, T(0));
    EXPECT_NEAR(closing.normal.x, T(1), fraction_tolerance<T>());
}

// The cap stops the loop and says so; the fraction it leaves is safe (before the contact).
TYPED_TEST(Cast, IterationCapIsReportedWithASafeFraction) {
    using T = TypeParam;
    const auto a = Shape<T>::circle({0, 0}, 1), b = Shape<T>::circle({0, 0}, 1);
    auto in = cast_input<T>(a, b, {}, {10, T(1.5)}, {}, {-20, 0});
    in.max_iterations = 1;
    const auto r = gjk::shape_cast(in);
    EXPECT_EQ(r.status, CastStatus::max_iterations);
    EXPECT_FALSE(r.hit);
    in.max_iterations = gjk::kMaxCastIterations;
    const auto full = gjk::shape_cast(in);
    EXPECT_EQ(full.status, CastStatus::hit);
    EXPECT_LE(r.fraction, full.fraction);
}

// max_fraction ends the step early: the boxes meeting at t = 0.5 do not meet by t = 0.4 (the
// fraction is then max_fraction) and meet at 0.5 when the step runs to 0.6.
TYPED_TEST(Cast, MaxFractionEndsTheStepThere) {
    using T = TypeParam;
    const auto box = Shape<T>::box(1, 1);
    auto in = cast_input<T>(box, box, {}, {5, T(0.5)}, {}, {-6, 0});
    in.max_fraction = T(0.4);
    const auto short_step = gjk::shape_cast(in);
    EXPECT_EQ(short_step.status, CastStatus::separated);
    EXPECT_FALSE(short_step.hit);
    EXPECT_EQ(short_step.fraction, T(0.4));
    in.max_fraction = T(0.6);
    const auto r = gjk::shape_cast(in);
    EXPECT_EQ(r.status, CastStatus::hit);
    EXPECT_NEAR(r.fraction, T(0.5), fraction_tolerance<T>());
    for (const T bad : {T(-0.1), T(1.5), std::numeric_limits<T>::quiet_NaN()}) {
        in.max_fraction = bad;
        const auto e = gjk::shape_cast(in);
        EXPECT_EQ(e.status, CastStatus::invalid_input);
        EXPECT_EQ(e.motion_error, gjk::MotionError::bad_max_fraction);
        EXPECT_STREQ(gjk::error_message(e), "max_fraction is not in [0, 1]");
    }
}

// A point sliding along the top edge's line of the box [-1, 1]^2, from (-2, 1) by (4, 0), meets
// the corner (-1, 1) at t = 0.25. Any direction of the corner's normal cone, between (-1, 0)
// and (0, 1), is a normal of a support line there, and GJK's proof of the touching contact
// gave one of them: (-0.71, 0.71). gjk::ray_cast on the same ray gives (-1, 0), which Box2D's
// own ray-cast test expects: the normal whose support line faces the approach, the one that
// stops a sliding body. The cast now takes the normal of the step that reached the contact
// (advancement's slab: its plane still separates the shapes there), which is the direction
// from the vertex to where the point was a step before. Every corner of the box, approached
// from directions across its cone, on its two edges' lines (grazing along each edge, from
// either end) and from outside the cone (through the box: the edge's normal, which the path
// crosses), with the box as A and the point moving, and the point as A and the box moving.
TYPED_TEST(Cast, VertexContactNormalFacesTheApproach) {
    using T = TypeParam;
    const auto box = Shape<T>::box(1, 1);
    const auto point = Shape<T>::point({0, 0});
    for (const int sx : {-1, 1}) {
        for (const int sy : {-1, 1}) {
            const Vec2<T> corner{T(sx), T(sy)};
            // Where the point comes from, in the corner's frame (x along sx, y along sy),
            // as small integers so that the path runs through the corner exactly: the cone's
            // edges (1, 0) and (0, 1), three directions inside, two outside.
            const int from[][2] = {{1, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 1}, {2, -1}, {-1, 2}};
            for (const auto& f : from) {
                const Vec2<T> v{T(sx * f[0]), T(sy * f[1])};
                // The expected normal: v itself inside the cone, else the nearer cone edge.
                const Vec2<T> expected = f[1] < 0   ? Vec2<T>{T(sx), 0}
                                         : f[0] < 0 ? Vec2<T>{0, T(sy)}
                                                    : gjk::normalized(v);
                const std::string what = "corner (" + std::to_string(sx) + ", " +
                                         std::to_string(sy) + ") from (" + std::to_string(f[0]) +
                                         ", " + std::to_string(f[1]) + ")";
                // The point at corner + 2 v moves by -4 v: at the corner at t = 0.5. The
                // fraction and the normal within fraction_tolerance (1e3 eps): the step's
                // normal is the unit vector along an exact small-integer v, to round-off.
                const auto moving_point = gjk::shape_cast(
                    cast_input<T>(box, point, {}, corner + T(2) * v, {}, T(-4) * v));
                ASSERT_EQ(moving_point.status, CastStatus::hit) << what;
                EXPECT_NEAR(moving_point.fraction, T(0.5), fraction_tolerance<T>()) << what;
                EXPECT_NEAR(moving_point.normal.x, expected.x, fraction_tolerance<T>()) << what;
                EXPECT_NEAR(moving_point.normal.y, expected.y, fraction_tolerance<T>()) << what;
                // The point as A, the box moving the other way: the normal from A to B flips.
                const auto moving_box =
                    gjk::shape_cast(cast_input<T>(point, box, corner + T(2) * v, {}, {}, T(4) * v));
                ASSERT_EQ(moving_box.status, CastStatus::hit) << what << ", box moving";
                EXPECT_NEAR(moving_box.fraction, T(0.5), fraction_tolerance<T>()) << what;
                EXPECT_NEAR(moving_box.normal.x, -expected.x, fraction_tolerance<T>()) << what;
                EXPECT_NEAR(moving_box.normal.y, -expected.y, fraction_tolerance<T>()) << what;
            }
        }
    }
    // The case, and ray_cast's answer on the same ray.
    const auto r = gjk::shape_cast(cast_input<T>(box, point, {}, {-2, 1}, {}, {4, 0}));
    ASSERT_EQ(r.status, CastStatus::hit);
    EXPECT_NEAR(r.fraction, T(0.25), fraction_tolerance<T>());
    EXPECT_EQ(r.normal, (Vec2<T>{-1, 0}));
    const auto ray = gjk::ray_cast<T>(box.view(), {}, {-2, 1}, {4, 0});
    EXPECT_EQ(ray.normal, r.normal);
}

// Bad input names what is wrong; nothing is computed.
TYPED_TEST(Cast, RejectsBadInputWithAReason) {
    using T = TypeParam;
    const auto box = Shape<T>::box(1, 1);
    const T inf = std::numeric_limits<T>::infinity(), nan = std::numeric_limits<T>::quiet_NaN();
    auto in = cast_input<T>(box, box, {}, {5, 0}, {}, {nan, 0});
    auto r = gjk::shape_cast(in);
    EXPECT_EQ(r.status, CastStatus::invalid_input);
    EXPECT_EQ(r.motion_error, gjk::MotionError::bad_translation_b);
    EXPECT_STREQ(gjk::error_message(r), "translation_b is not finite");
    in = cast_input<T>(box, box, {}, {5, 0}, {inf, 0}, {});
    EXPECT_EQ(gjk::shape_cast(in).motion_error, gjk::MotionError::bad_translation_a);
    in = cast_input<T>(box, box, {}, {5, 0}, {}, {-6, 0});
    in.target_separation = -1;
    EXPECT_EQ(gjk::shape_cast(in).motion_error, gjk::MotionError::bad_target);
    in.target_separation = 0;
    in.tolerance = nan;
    EXPECT_EQ(gjk::shape_cast(in).motion_error, gjk::MotionError::bad_tolerance);
    in.tolerance = 0;
    in.max_iterations = 0;
    EXPECT_EQ(gjk::shape_cast(in).error, gjk::InputError::bad_max_iterations);
    Shape<T> empty;
    in = cast_input<T>(box, empty, {}, {5, 0}, {}, {-6, 0});
    r = gjk::shape_cast(in);
    EXPECT_EQ(r.error, gjk::InputError::empty_b);
    EXPECT_STREQ(gjk::error_message(r), "shape b has no points");
    EXPECT_FALSE(r.hit);
}

// --- Oracle tests ---------------------------------------------------------------------------

// Shape cast against bisection on the brute-force distance (oracle::cast_fraction): 3,300
// seeded pairs per scalar type from every family but the 1024-gons, and 60 with a 64-gon
// (big_case), each cast on plain views and on prepared shapes (their O(log n) support, the
// bucket search for the 64-gons).
TYPED_TEST(Cast, FractionMatchesBisectionOnTheBruteForceDistance) {
    using T = TypeParam;
    gjk_test::Generator gen(std::is_same_v<T, float> ? 2468u : 1357u);
    gjk_test::Generator big_gen(std::is_same_v<T, float> ? 8642u : 7531u);
    CastStats all[2]; // plain views, prepared shapes
    auto check = [&](gjk_test::Case<T> k, gjk_test::Generator& g, const std::string& name) {
        Vec2<T> translation_a, translation_b;
        T target_separation;
        aim(k, g, translation_a, translation_b, target_separation);
        const auto ha = oracle::hull(gjk_test::world(k.a, k.xa));
        const auto hb = oracle::hull(gjk_test::world(k.b, k.xb));
        const oracle::P da{translation_a.x, translation_a.y};
        const oracle::P db{translation_b.x, translation_b.y};
        const long double target = target_separation;
        const long double scale =
            gjk_test::scale_of(k) + norm(translation_a) + norm(translation_b) + target;
        const long double tol = tolerance<T>() * scale;
        // The oracle's rounded distance at time t.
        auto D = [&](long double t) {
            return oracle::signed_distance(oracle::moved(ha, t, da), k.ra, oracle::moved(hb, t, db),
                                           k.rb);
        };
        const auto prepared_a = gjk::PreparedShape<T>::make(k.a, k.ra);
        const auto prepared_b = gjk::PreparedShape<T>::make(k.b, k.rb);
        for (const bool prepared : {false, true}) {
            CastStats& stats = all[prepared];
            const std::string what = name + (prepared ? " (prepared)" : "");
            gjk::CastInput<T> in;
            in.a = prepared ? prepared_a.view() : gjk::ShapeView<T>(k.a, k.ra);
            in.b = prepared ? prepared_b.view() : gjk::ShapeView<T>(k.b, k.rb);
            in.xf_a = k.xa;
            in.xf_b = k.xb;
            in.translation_a = translation_a;
            in.translation_b = translation_b;
            in.target_separation = target_separation;

            const auto r = gjk::shape_cast(in);
            ASSERT_NE(r.status, CastStatus::invalid_input) << what << ": " << gjk::error_message(r);
            ASSERT_NE(r.status, CastStatus::max_iterations) << what;
            ASSERT_GE(r.fraction, T(0)) << what;
            ASSERT_LE(r.fraction, T(1)) << what;
            ++stats.cases;
            stats.most_iterations = std::max(stats.most_iterations, r.iterations);

            const long double d0 = D(0);
            if (d0 < -tol) {
                ASSERT_EQ(r.status, CastStatus::initially_overlapping) << what;
            } else if (d0 > tol) {
                ASSERT_NE(r.status, CastStatus::initially_overlapping) << what;
            }
            if (r.status == CastStatus::initially_overlapping) {
                ASSERT_TRUE(r.hit && r.fraction == T(0)) << what;
                ++stats.initial;
                continue;
            }
            // Within the target at t = 0 (not overlapping): a hit at 0 when the shapes close
            // in, a miss when they move apart; the oracle's distance a moment later tells.
            if (d0 - target <= tol && (r.fraction == T(0) || !r.hit)) {
                const long double later = D(1e-6L);
                if (r.hit) {
                    ASSERT_LE(later, d0 + tol) << what << ": hit at 0 but moving apart";
                } else {
                    ASSERT_GE(later, d0 - tol) << what << ": missed but closing in";
                }
                ++(r.hit ? stats.hits : stats.misses);
                continue;
            }
            if (!r.hit) {
                // A miss: the shapes never come within the target (less a round-off margin).
                ASSERT_LT(oracle::cast_fraction(ha, k.ra, da, hb, k.rb, db, target - tol), 0)
                    << what << ": the oracle finds a contact";
                ++stats.misses;
                continue;
            }
            ++stats.hits;
            // A hit: at the fraction the gap is the target, to within the tolerances, so the
            // fraction is the first contact (the distance is convex in t and decreasing there).
            const long double t = r.fraction;
            const long double gap = D(t) - target;
            ASSERT_GE(gap, -tol) << what << ": late, gap " << double(gap);
            ASSERT_LE(gap, tol) << what << ": early, gap " << double(gap);
            // The oracle agrees there is a contact (a grazing one may need the tolerance).
            ASSERT_GE(oracle::cast_fraction(ha, k.ra, da, hb, k.rb, db, target + tol), 0) << what;
            stats.max_gap_error = std::max(stats.max_gap_error, std::fabs(gap) / scale);
            const long double expected = oracle::cast_fraction(ha, k.ra, da, hb, k.rb, db, target);
            if (expected >= 0) { // later than the first contact
                stats.max_late = std::max(stats.max_late, t - expected);
            }
            // Earlier than the first time within the target plus the tolerance.
            const long double loose =
                oracle::cast_fraction(ha, k.ra, da, hb, k.rb, db, target + tol);
            stats.max_early = std::max(stats.max_early, loose - t);
            // The point is on A's surface at t, the normal a unit vector.
            const long double on_a =
                oracle::point_distance(oracle::moved(ha, t, da), k.ra, {r.point.x, r.point.y});
            ASSERT_LE(on_a, tol) << what;
            ASSERT_NEAR(gjk::length(r.normal), T(1), T(1e-5)) << what;
            // The normal is a support line's at the contact: along it the cores are the target
            // apart, B beyond A (TEST(Cast, VertexContactNormalFacesTheApproach) for which).
            const long double nx = r.normal.x, ny = r.normal.y;
            long double top_a = -std::numeric_limits<long double>::infinity(), low_b = -top_a;
            for (const oracle::P& p : oracle::moved(ha, t, da)) {
                top_a = std::max(top_a, p.x * nx + p.y * ny);
            }
            for (const oracle::P& q : oracle::moved(hb, t, db)) {
                low_b = std::min(low_b, q.x * nx + q.y * ny);
            }
            ASSERT_GE(low_b - top_a, k.ra + k.rb + target - tol)
                << what << ": the normal does not separate the shapes";
        }
    };
    for (int f = 0; f < static_cast<int>(gjk_test::Family::count); ++f) {
        const auto family = static_cast<gjk_test::Family>(f);
        if (family == gjk_test::Family::big_polygons) {
            continue;
        }
        for (int i = 0; i < 330; ++i) {
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
        std::printf("[cast %s%s] %d cases: %d hits, %d initially overlapping, %d misses; max |gap "
                    "- target|/scale at the fraction = %.3Le; fraction vs bisection: max late "
                    "%.3Le, max early %.3Le; max iterations %d\n",
                    std::is_same_v<T, float> ? "float" : "double", prepared ? " prepared" : "",
                    stats.cases, stats.hits, stats.initial, stats.misses, stats.max_gap_error,
                    stats.max_late, stats.max_early, stats.most_iterations);
        EXPECT_GE(stats.cases, 3000);
        EXPECT_GE(stats.hits, stats.cases / 4); // the sample is about contacts
        EXPECT_GE(stats.misses, stats.cases / 10);
    }
}

// Found by fuzz_kernel (fuzz/findings/fuzz_kernel-cast-own-scale-*), a checker bug, not the
// kernel's: a point of A with radius 2 at (-9.25, 0), B (points up to 4.625 from its origin,
// radius 7.125) moving from (0, 6.25) to A's origin. The hit leaves the rounded shapes
// 3.6e-13 apart, within the cast's tolerance: 64 eps of its scale (gjk/time_of_impact.hpp:
// the furthest position 6.25 plus the extents 9.25 and 4.625 plus the radii, 29.25), 4.2e-13.
// fuzz_kernel measured it against the query's scale instead (10.875: no radii, a point's
// position and extent counted once), 2.7 times smaller, and reported an error; it now uses the
// cast's.
TEST(CastDouble, HitIsWithinTheToleranceOfItsOwnScale) {
    using V = Vec2<double>;
    const std::vector<V> a = {{-9.25, 0}};
    const std::vector<V> b = {{0, 0},           {4.625, 0},       {0, 0},          {0.375, -0.125},
                              {-0.125, -0.125}, {-0.125, -0.125}, {-0.125, -0.125}};
    gjk::CastInput<double> in;
    in.a = gjk::ShapeView<double>(a, 2);
    in.b = gjk::ShapeView<double>(b, 7.125);
    in.xf_b.p = {0, 6.25};
    in.translation_b = {0, -6.25};
    const auto r = gjk::shape_cast(in);
    ASSERT_EQ(r.status, CastStatus::hit);
    gjk::Transform<double> at = in.xf_b;
    at.p = in.xf_b.p + r.fraction * in.translation_b;
    const long double gap = oracle::rounded_distance(oracle::hull(gjk_test::world(a, in.xf_a)), 2,
                                                     oracle::hull(gjk_test::world(b, at)), 7.125);
    const double scale = 6.25 + 9.25 + 4.625 + 2 + 7.125;
    EXPECT_LE(gap, gjk::kCastToleranceUlps * std::numeric_limits<double>::epsilon() * scale);
}
