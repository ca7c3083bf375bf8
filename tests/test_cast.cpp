// Specifications of gjk/cast.hpp: shape cast (translations) and time of impact (sweeps) by
// conservative advancement.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <span>
#include <string>

#include "gjk/gjk.hpp"
#include "oracle/oracle.hpp"
#include "support/families.hpp"
#include "support/scalars.hpp"

using gjk::CastStatus;
using gjk::Shape;
using gjk::Vec2;

// --- Counting the work on long double -------------------------------------------------------
//
// How much a query reads of a shape is a property of the code, not of the clock: these
// explicit specializations count it. The library compiles float and double once (src/gjk.cpp);
// long double is instantiated here, in this file alone, from the same templates, so the
// specializations below replace the library's for this file's long double queries and nothing
// else (no other file queries long double shapes). Each one does its original's job (the same
// answer, by the same linear scan or the same check) and counts:
//   points_passed - points read by a pass over a whole shape (a support scan, a validation);
//   largest_pass  - the most points one such pass read;
//   searches      - O(log n) supports of a prepared shape of more than kScanLimit vertices.
namespace work {
long points_passed = 0, largest_pass = 0, searches = 0;
void reset() {
    points_passed = largest_pass = searches = 0;
}
void pass(std::size_t n) {
    points_passed += static_cast<long>(n);
    largest_pass = std::max(largest_pass, static_cast<long>(n));
}
int scan(std::span<const Vec2<long double>> points, Vec2<long double> d) {
    int best = 0;
    long double best_value = gjk::dot(d, points[0]);
    for (std::size_t i = 1; i < points.size(); ++i) {
        const long double value = gjk::dot(d, points[i]);
        if (best_value < value) {
            best = static_cast<int>(i), best_value = value;
        }
    }
    return best;
}
} // namespace work

template <>
int gjk::detail::support_index_scan<long double>(std::span<const Vec2<long double>> points,
                                                 Vec2<long double> d) {
    work::pass(points.size());
    return work::scan(points, d);
}

template <>
bool gjk::all_within<long double>(std::span<const Vec2<long double>> points, long double bound) {
    work::pass(points.size());
    return std::all_of(points.begin(), points.end(), [bound](Vec2<long double> p) {
        return std::abs(p.x) <= bound && std::abs(p.y) <= bound; // NaN fails
    });
}

template <>
gjk::SupportPoint<long double>
gjk::PreparedShape<long double>::support_search(Vec2<long double> d) const {
    ++work::searches;
    const int i = work::scan(vertices(), d); // the answer the search finds, uncounted
    return {vertices()[static_cast<std::size_t>(i)], i};
}

namespace {

GJK_SCALAR_SUITE(Cast);
GJK_SCALAR_SUITE(TimeOfImpact);

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

// --- Prepared shapes ------------------------------------------------------------------------

// A prepared shape is validated once and answers each support in O(log n) (gjk/prepared.hpp);
// a cast or a time of impact on prepared shapes must keep both. They did not: the advancement
// rebuilt each shape's core as a plain view of its points ({points, 0}, which drops
// ShapeView::prepared), so every GJK call of the loop validated and scanned all 4,096 vertices
// of the polygon below, the separation functions scanned them again for each deepest pair, and
// the reach rho was one more pass: 90,288 points read by the cast below and 110,824 by the time
// of impact, where about thirty searches do. Counted on long double (the top of this file).
TEST(CastLongDouble, PreparedBigPolygonIsSearchedNeverScanned) {
    using T = long double;
    const auto circle = Shape<T>::regular(4096, 2);
    const auto octagon = Shape<T>::regular(8, T(0.5));
    const auto big = gjk::PreparedShape<T>::make(circle.points);
    const auto small = gjk::PreparedShape<T>::make(octagon.points);

    gjk::CastInput<T> cast;
    cast.a = big.view();
    cast.b = small.view();
    cast.xf_b = gjk::Transform<T>::from({5, T(0.3)}, T(0.2));
    cast.translation_b = {-6, T(0.1)};
    work::reset();
    const auto r = gjk::shape_cast(cast);
    ASSERT_EQ(r.status, CastStatus::hit);
    EXPECT_LE(work::largest_pass, 8) << "a pass over the 4096-gon";
    // Each GJK call asks A for a support per iteration (a few), the reach 8 more.
    EXPECT_LE(work::searches, 8 + 8 * r.iterations);
    const long cast_searches = work::searches;
    // The same contact as on plain views: both stop with the gap within the tolerance (64 long
    // double eps of a scale of about 10, 7e-17), which closes at about 6 per unit of t.
    cast.a = circle.view();
    cast.b = octagon.view();
    EXPECT_NEAR(gjk::shape_cast(cast).fraction, r.fraction, T(1e-16));

    gjk::ToiInput<T> toi;
    toi.a = big.view();
    toi.b = small.view();
    toi.sweep_a = {{}, {}, {T(0.1), 0}, 0, T(0.4)};
    toi.sweep_b = {{}, {5, T(0.3)}, {-1, T(-0.2)}, T(0.2), T(1.4)};
    work::reset();
    const auto q = gjk::time_of_impact(toi);
    ASSERT_EQ(q.status, CastStatus::hit);
    EXPECT_LE(work::largest_pass, 8) << "a pass over the 4096-gon";
    // Per outer step: GJK's supports, and the separation function's deepest pairs (at most
    // kToiSamples bracket samples and the push backs, one support of A each).
    EXPECT_LE(work::searches, 8 + 40 * q.iterations);
    // The same contact as on plain views, as for the cast (the turning gap closes slower).
    toi.a = circle.view();
    toi.b = octagon.view();
    EXPECT_NEAR(gjk::time_of_impact(toi).fraction, q.fraction, T(1e-15));
    std::printf("[prepared 4096-gon] shape cast: %d iterations, %ld searches; time of impact: %d "
                "iterations, %ld searches\n",
                r.iterations, cast_searches, q.iterations, work::searches);
}

// --- Oracle tests ---------------------------------------------------------------------------

namespace {

/// The error bound of a distance at a given time, relative to the motion's scale: 128 eps.
/// It covers the cast's own stopping tolerance (64 eps of its scale), the GJK distance's
/// round-off (< 8 eps, tests/test_distance_oracle.cpp) and the poses at t computed in T (a few
/// eps); the measured maxima are printed by the tests and listed in docs/robustness.md.
template <class T> long double tolerance() {
    return 128.0L * std::numeric_limits<T>::epsilon();
}

template <class T> long double norm(Vec2<T> v) {
    return std::hypot(static_cast<long double>(v.x), static_cast<long double>(v.y));
}

/// A motion for a case: B aimed at A (past it, short of it, or across it), A sometimes moving.
template <class T>
void aim(gjk_test::Case<T>& k, gjk_test::Generator& gen, Vec2<T>& ta, Vec2<T>& tb, T& target) {
    const long double size = gjk_test::scale_of(k) - std::max(std::fabs((long double)k.xa.p.x),
                                                              std::fabs((long double)k.xa.p.y));
    const double dx = double(k.xa.p.x) - k.xb.p.x, dy = double(k.xa.p.y) - k.xb.p.y;
    const double reach = gen.uniform(0.2, 2.5), side = gen.uniform(-0.5, 0.5);
    const double s = std::max(1e-3, double(size));
    tb = {T(reach * dx - side * dy + gen.uniform(-0.3, 0.3) * s),
          T(reach * dy + side * dx + gen.uniform(-0.3, 0.3) * s)};
    ta = {};
    if (gen.integer(0, 2) == 0) {
        ta = {T(gen.uniform(-1, 1) * s), T(gen.uniform(-1, 1) * s)};
        tb = tb + ta;
    }
    target = gen.integer(0, 2) == 0 ? T(gen.uniform(0, 0.2) * s) : T(0);
}

/// A pair for the prepared shapes' O(log n) search: a 64-gon (above PreparedShape::kScanLimit,
/// so its prepared support is the bucket search) and a random 3- to 12-gon, either one as A.
/// (The 1024-gons of Family::big_polygons would cost the brute-force oracles O(n m) each.)
template <class T> gjk_test::Case<T> big_case(gjk_test::Generator& g) {
    gjk_test::Case<T> k;
    k.family = gjk_test::Family::big_polygons;
    const double size = g.log_uniform(1e-2, 1e2);
    k.a = g.convex<T>(64, size, g.uniform(0.3, 1));
    k.b = g.convex<T>(g.integer(3, 12), size * g.uniform(0.3, 3));
    if (g.coin()) {
        std::swap(k.a, k.b);
    }
    k.xa = g.transform<T>(size * 3);
    k.xb = g.transform<T>(size * 3);
    return k;
}

struct CastStats {
    int cases = 0, hits = 0, initial = 0, misses = 0, max_iterations = 0, most_iterations = 0;
    long long total_iterations = 0;
    long double max_gap_error = 0; // |oracle distance at the fraction - target| / scale
    long double max_late = 0;      // how far past the oracle's contact (in t)
    long double max_early = 0;     // how far before it (in t)
};

} // namespace

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

/// The oracle's signed distance of the sweeps' shapes (no radii) at 256 times before
/// `fraction`: none below -slack (no contact the reported time would hide).
template <class T>
void expect_apart_before(const std::vector<Vec2<T>>& a, const std::vector<Vec2<T>>& b,
                         const gjk::ToiInput<T>& in, T fraction, long double slack) {
    for (int k = 0; k < 256; ++k) {
        const T t = fraction * T(k) / T(256);
        const long double gap =
            oracle::signed_distance(oracle::hull(gjk_test::world(a, in.sweep_a.at(t))), 0,
                                    oracle::hull(gjk_test::world(b, in.sweep_b.at(t))), 0);
        EXPECT_GT(gap, -slack) << "at t = " << t;
    }
}

// Found by fuzz_kernel's time of impact check (fuzz/findings/README.md): A, a triangle at
// (-2, -2), stays; B, a segment from its origin to (-2, -2) turned by -45 degrees, flies at A's
// position and as far again while turning by one radian. B's segment dips through A's corner
// from t = 0.39 to t = 0.5 and leaves it exactly at t = 0.5, a sample of the bracketing grid:
// the deepest pair there was at the target, and the answer was 0.5, after 0.11 of overlap.
// The root finder now starts its bracket at advancement's safe time and steps by Newton's
// method on the separation function's exact slope, and finds the entry. Checked by sampling
// the oracle's distance before the reported time, on plain views and prepared shapes.
TEST(TimeOfImpactFloat, DipBetweenTheSamplesIsNotSkipped) {
    using T = float;
    const std::vector<Vec2<T>> a = {{0, 0}, {2, -0.875f}, {0.75f, -1.25f}};
    const std::vector<Vec2<T>> b = {{0, 0}, {0, 0}, {-2, -2}, {-2, -2}};
    gjk::ToiInput<T> in;
    const T angle_a = std::atan2(0.0230076816f, 0.999735296f);
    const T angle_b = std::atan2(-0.382683426f, 0.923879564f);
    in.sweep_a = {{}, {-2, -2}, {-2, -2}, angle_a, angle_a};
    in.sweep_b = {{}, {0, 0}, {-4, -4}, angle_b, angle_b + T(1)};
    const auto pa = gjk::PreparedShape<T>::make(a), pb = gjk::PreparedShape<T>::make(b);
    for (const bool prepared : {false, true}) {
        in.a = prepared ? pa.view() : gjk::ShapeView<T>(a);
        in.b = prepared ? pb.view() : gjk::ShapeView<T>(b);
        const auto r = gjk::time_of_impact(in);
        ASSERT_EQ(r.status, CastStatus::hit) << prepared;
        EXPECT_LT(r.fraction, T(0.4)) << prepared;
        SCOPED_TRACE(prepared ? "prepared" : "plain");
        expect_apart_before(a, b, in, r.fraction, 1e-5L);
    }
}

// Found by fuzz_kernel's time of impact check (fuzz/findings/README.md): A, points near its
// origin and one 97 below (a segment, as a plain point set), stays; B, a triangle 97 across,
// flies at A's position while turning by one radian. GJK's simplex named two of A's points as
// an edge, a chord of the point set rather than a face of its hull, and the separation
// function measured B against the chord's midpoint, inside A: no lower bound on the distance,
// and the step went to 0.42, past the contact at 0.32 (0.1 of overlap, 4.2 deep). The face
// functions measure against the shape's extreme point along their axis now.
TEST(TimeOfImpactFloat, ChordOfAPointSetIsNoFace) {
    using T = float;
    const std::vector<Vec2<T>> a = {{-3.23552399e-07f, -3.36590915e-07f},
                                    {-3.36590915e-07f, -2.02099557e-07f},
                                    {-3.36590915e-07f, -3.37100232e-07f},
                                    {7.20533657e-41f, 0},
                                    {0, -97.3808517f}};
    const std::vector<Vec2<T>> b = {{-32.2157135f, -97.3803864f},
                                    {-97.3803864f, -97.3803864f},
                                    {-97.3803864f, -97.3803864f},
                                    {-97.3803864f, -97.3803864f},
                                    {0, 0},
                                    {5.79397588e-16f, 2.16868622e-38f}};
    gjk::ToiInput<T> in;
    const T angle = std::atan2(0.382683456f, 0.923879504f);
    in.sweep_a = {{}, {1, 0}, {1, 0}, angle, angle};
    in.sweep_b = {{}, {0, 0}, {2, 0}, angle, angle + T(1)};
    const auto pa = gjk::PreparedShape<T>::make(a), pb = gjk::PreparedShape<T>::make(b);
    for (const bool prepared : {false, true}) {
        in.a = prepared ? pa.view() : gjk::ShapeView<T>(a);
        in.b = prepared ? pb.view() : gjk::ShapeView<T>(b);
        const auto r = gjk::time_of_impact(in);
        ASSERT_EQ(r.status, CastStatus::hit) << prepared;
        SCOPED_TRACE(prepared ? "prepared" : "plain");
        expect_apart_before(a, b, in, r.fraction, 1e-4L);
    }
}

// Found by fuzz_kernel's time of impact check (fuzz/findings/fuzz_kernel-toi-dip-ending-at-a-
// touch): A, a hexagon-like point set 8e152 across, stays; B, a segment as long, flies at A's
// position while turning by one radian. B sweeps through A's corner from t = 0.405 to 0.5 and
// out again, 1.6e-4 of the scale deep, between two of the grid's samples (0.387 and 0.510),
// both above the target: the root finder took the later bracket, and the answer was 0.568.
// Each step now proves the stretch before its end free of contact by the curvature bound on the
// separation functions (gjk/cast/toi_step.hpp, "Every step proved"), halving it where it
// cannot, and the halving finds the dip.
TEST(TimeOfImpactDouble, DipBetweenGridSamplesIsFound) {
    using T = double;
    const std::vector<Vec2<T>> a = {{-8.34366118e+152, -8.34701768e+152},
                                    {-8.34701768e+152, -8.34701768e+152},
                                    {-8.34701768e+152, -1.85984411e-35},
                                    {-1.85984411e-35, -1.85984411e-35},
                                    {-1.85984411e-35, -3.713437e+152},
                                    {-8.34701768e+152, -8.34701768e+152},
                                    {-8.34701768e+152, 0},
                                    {5.43230922e-312, 2.66795449e-322}};
    const std::vector<Vec2<T>> b = {{1.49166815e-154, 5.47162082e-315},
                                    {1.79653039e+150, 7.3872247e-227},
                                    {-3.17678814e-277, -3.17678814e-277},
                                    {7.12023635e-307, -1.13837977e-303},
                                    {-8.28212677e+152, -3.17678702e-277}};
    gjk::ToiInput<T> in;
    const Vec2<T> pa{4.27209566e+151, -3.17678814e-277}, pb{2.00025659, 9.9096786e+148};
    const T angle_a = std::atan2(-0.159426055, -0.987209873);
    const T angle_b = std::atan2(0.395489538, -0.918470481);
    in.sweep_a = {{}, pa, pa, angle_a, angle_a};
    in.sweep_b = {{}, pb, pb + T(2) * (pa - pb), angle_b, angle_b + T(1)};
    const auto prepared_a = gjk::PreparedShape<T>::make(a);
    const auto prepared_b = gjk::PreparedShape<T>::make(b);
    for (const bool prepared : {false, true}) {
        in.a = prepared ? prepared_a.view() : gjk::ShapeView<T>(a);
        in.b = prepared ? prepared_b.view() : gjk::ShapeView<T>(b);
        const auto r = gjk::time_of_impact(in);
        ASSERT_EQ(r.status, CastStatus::hit) << prepared;
        EXPECT_LT(r.fraction, T(0.41)) << prepared;
        SCOPED_TRACE(prepared ? "prepared" : "plain");
        // fuzz_kernel's slack: 4 times the tolerance, 64 eps of the scale (1.7e153).
        expect_apart_before(a, b, in, r.fraction, 1.2e140L);
    }
}
