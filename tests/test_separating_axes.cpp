// Specifications of gjk/separating_axes.hpp: the separating axis test of two small prepared
// polygons, the path penetration() and manifold() take when it decides.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "gjk/gjk.hpp"
#include "oracle/oracle.hpp"
#include "support/families.hpp"
#include "support/scalars.hpp"

using gjk::EpaTermination;
using gjk::PreparedShape;
using gjk::Shape;
using gjk::Status;
using gjk::Vec2;

namespace {

GJK_SCALAR_SUITE(SeparatingAxes);

using gjk_test::at;
using gjk_test::prepared_input;
using gjk_test::ulps;

template <class T> PreparedShape<T> prepared(const Shape<T>& s) {
    return PreparedShape<T>::make(s.points, s.radius);
}

} // namespace

// Every family of the oracle tests whose hulls have at most eight vertices, pulled into
// overlap as the penetration oracle test pulls them: where the test decides, its depth, normal
// and witnesses meet the penetration oracle's bound (32 eps of the scale) against the
// brute-force Minkowski hull, and its signed distance is EPA's on the plain views; where it
// does not decide, the cores really are within the guard of touching (the guard is no wider
// than its derivation says). The sample must be mostly decided by the test.
TYPED_TEST(SeparatingAxes, DepthIsEpasOnEveryFamily) {
    using T = TypeParam;
    gjk_test::Generator gen(std::is_same_v<T, float> ? 1357u : 2468u);
    int decided = 0, left = 0;
    long double worst = 0;
    const long double bound = 32.0L * std::numeric_limits<T>::epsilon();
    for (int f = 0; f < static_cast<int>(gjk_test::Family::count); ++f) {
        const auto family = static_cast<gjk_test::Family>(f);
        if (family == gjk_test::Family::big_polygons) {
            continue;
        }
        for (int i = 0; i < 1000; ++i) {
            auto k = gen.make<T>(family);
            gjk_test::pull_together(k, gen);
            const auto pa = PreparedShape<T>::make(k.a, k.ra);
            const auto pb = PreparedShape<T>::make(k.b, k.rb);
            if (pa.count() > 8 || pb.count() > 8 || (pa.count() < 2 && pb.count() < 2)) {
                continue;
            }
            const std::string what =
                std::string(gjk_test::family_name(family)) + " case " + std::to_string(i);
            const auto ha = oracle::hull(gjk_test::world(k.a, k.xa));
            const auto hb = oracle::hull(gjk_test::world(k.b, k.xb));
            const long double scale = gjk_test::scale_of(k);
            const long double tol = bound * scale;
            const auto r = gjk::penetration(prepared_input(pa, pb, k.xa, k.xb));
            if (r.termination != EpaTermination::separating_axis) {
                // Not decided: the cores are within the guard of touching, or apart.
                const auto axes =
                    gjk::detail::separating_axes(pa, pb, gjk::detail::relative(k.xa, k.xb), T(0));
                const long double core = oracle::signed_distance(ha, 0, hb, 0);
                ASSERT_GE(core, -2.0L * axes.guard - tol) << what;
                ++left;
                continue;
            }
            ++decided;
            ASSERT_EQ(r.status, Status::overlapping) << what;
            ASSERT_EQ(r.iterations, 0) << what; // no GJK ran
            const long double expected = oracle::signed_distance(ha, k.ra, hb, k.rb);
            const long double error =
                std::fabs(static_cast<long double>(r.signed_distance) - expected);
            ASSERT_LE(error, tol) << what << ": signed distance " << r.signed_distance
                                  << " expected " << double(expected);
            worst = std::max(worst, error / scale);
            ASSERT_NEAR(gjk::length(r.normal), T(1), T(1e-5)) << what;
            // The witnesses lie in their shapes, signed_distance apart along the normal.
            ASSERT_LE(oracle::point_distance(ha, k.ra, {r.point_a.x, r.point_a.y}), tol) << what;
            ASSERT_LE(oracle::point_distance(hb, k.rb, {r.point_b.x, r.point_b.y}), tol) << what;
            const long double ex = static_cast<long double>(r.point_b.x) - r.point_a.x -
                                   static_cast<long double>(r.signed_distance) * r.normal.x;
            const long double ey = static_cast<long double>(r.point_b.y) - r.point_a.y -
                                   static_cast<long double>(r.signed_distance) * r.normal.y;
            ASSERT_LE(std::hypot(ex, ey), tol) << what;
            // The normal is the minimum translation: B pushed by depth along it just touches.
            const oracle::P push{static_cast<long double>(r.depth) * r.normal.x,
                                 static_cast<long double>(r.depth) * r.normal.y};
            const long double after =
                oracle::signed_distance(ha, k.ra, oracle::moved(hb, 1, push), k.rb);
            ASSERT_LE(std::fabs(after), tol) << what << ": after the push " << double(after);
            // EPA on the plain views finds the same depth.
            const auto plain = gjk::penetration(gjk_test::input_of(k));
            ASSERT_NE(plain.termination, EpaTermination::separating_axis) << what;
            ASSERT_LE(std::fabs(static_cast<long double>(plain.signed_distance) -
                                static_cast<long double>(r.signed_distance)),
                      2 * tol)
                << what;
        }
    }
    std::printf("[separating axes %s] %d decided, %d left to GJK and EPA: max |sd - oracle|/scale "
                "= %.3Le\n",
                std::is_same_v<T, float> ? "float" : "double", decided, left, worst);
    EXPECT_GT(decided, 2000);
}

// Touching faces and corners are decided by GJK's exact predicates, not by the test, whose
// separations carry round-off: a box resting exactly on a box, a corner exactly on a face.
// Overlapping by a quarter, the test answers, with the exact depth.
TYPED_TEST(SeparatingAxes, TouchingIsLeftToTheExactPredicates) {
    using T = TypeParam;
    const auto box = prepared(Shape<T>::box(T(0.5), T(0.5)));
    for (const auto& xb : {at<T>(T(0.3), 1), at<T>(1, T(0.25)), at<T>(T(-0.2), T(-1))}) {
        const auto r = gjk::penetration(prepared_input(box, box, {}, xb));
        EXPECT_EQ(r.status, Status::touching);
        EXPECT_NE(r.termination, EpaTermination::separating_axis);
    }
    const auto diamond = prepared(Shape<T>::polygon({{0, -1}, {1, 0}, {0, 1}, {-1, 0}}));
    const auto r = gjk::penetration(prepared_input(box, diamond, {}, at<T>(0, T(1.5))));
    EXPECT_EQ(r.status, Status::touching); // the diamond's corner on the box's top face
    EXPECT_NE(r.termination, EpaTermination::separating_axis);

    const auto deep = gjk::penetration(prepared_input(box, box, {}, at<T>(T(0.3), T(0.75))));
    EXPECT_EQ(deep.termination, EpaTermination::separating_axis);
    EXPECT_EQ(deep.status, Status::overlapping);
    EXPECT_NEAR(deep.depth, T(0.25), ulps<T>(4));
    EXPECT_NEAR(deep.normal.y, T(1), ulps<T>(4));
}

// A point (a circle) has no faces: the polygon's faces alone give the depth, the distance
// from the point to the nearest face, radius added. Two points give no axis at all.
TYPED_TEST(SeparatingAxes, PointShapeUsesTheOtherShapesFaces) {
    using T = TypeParam;
    const auto box = prepared(Shape<T>::box(2, 1));
    const auto circle = prepared(Shape<T>::circle({0, 0}, T(0.25)));
    const auto r = gjk::penetration(prepared_input(box, circle, {}, at<T>(T(0.5), T(0.75))));
    EXPECT_EQ(r.termination, EpaTermination::separating_axis);
    EXPECT_NEAR(r.depth, T(0.5), ulps<T>(8)); // 0.25 to the top face, plus the radius
    EXPECT_NEAR(r.normal.y, T(1), ulps<T>(4));
    const auto flipped = gjk::penetration(prepared_input(circle, box, at<T>(T(0.5), T(0.75))));
    EXPECT_EQ(flipped.termination, EpaTermination::separating_axis);
    EXPECT_NEAR(flipped.depth, T(0.5), ulps<T>(8));
    EXPECT_NEAR(flipped.normal.y, T(-1), ulps<T>(4));

    const auto dot = prepared(Shape<T>::circle({0, 0}, T(1)));
    const auto two = gjk::penetration(prepared_input(dot, dot, {}, at<T>(T(0.5), 0)));
    EXPECT_NE(two.termination, EpaTermination::separating_axis);
    EXPECT_NEAR(two.depth, T(1.5), ulps<T>(8));
}

// The manifold's early answer: two small prepared polygons whose face separates them by more
// than the margin (radii included) have no points, and the status says separated, as
// penetration() would; within the margin they have their speculative points.
TYPED_TEST(SeparatingAxes, ManifoldBeyondTheMarginHasNoPoints) {
    using T = TypeParam;
    const auto box = prepared(Shape<T>::box(T(0.5), T(0.5), T(0.05)));
    const auto in = prepared_input(box, box, {}, at<T>(T(0.2), T(1.5)));
    const auto far = gjk::manifold(in, T(0.3)); // the gap is 0.4
    EXPECT_EQ(far.count, 0);
    EXPECT_EQ(far.status, Status::separated);
    const auto near = gjk::manifold(in, T(0.5));
    ASSERT_EQ(near.count, 2);
    EXPECT_NEAR(near.points[0].separation, T(0.4), ulps<T>(8));
    EXPECT_NEAR(near.points[1].separation, T(0.4), ulps<T>(8));
}
