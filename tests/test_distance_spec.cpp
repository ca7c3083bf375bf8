// Specifications of gjk/distance.hpp: GJK distance, the talk's sections 3 and 4, as the talk
// states them: each termination case from a constructed input, the statuses, radii and input
// errors, the trace, warm starts, and hostile input. The oracle families and the accuracy bounds
// are in test_distance_oracle.cpp; the regression stories in test_distance_regressions.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

#include "gjk/gjk.hpp"
#include "support/families.hpp"
#include "support/scalars.hpp"

using gjk::Shape;
using gjk::Status;
using gjk::Termination;
using gjk::Vec2;

namespace {

GJK_SCALAR_SUITE(Distance);

using gjk_test::input;
using gjk_test::tolerance;

} // namespace

// --- The talk's termination cases, each from a constructed input ----------------------------

// Case 1: the point is outside the pentagon, nearest to an edge; the loop ends when the
// support point along the edge normal is one of the edge's own vertices.
TYPED_TEST(Distance, Case1RepeatedSupportPointEndsTheLoop) {
    using T = TypeParam;
    const auto square = Shape<T>::box(1, 1);
    const auto r = gjk::distance_to_point<T>({3, T(0.5)}, square);
    EXPECT_EQ(r.termination, Termination::repeated_support);
    EXPECT_EQ(r.status, Status::separated);
    EXPECT_EQ(r.distance, T(2));
    EXPECT_EQ(r.point_b, (Vec2<T>{1, T(0.5)}));
    EXPECT_EQ(r.normal, (Vec2<T>{-1, 0})); // from the point (A) to the box (B)
    EXPECT_LE(r.iterations, gjk::kMaxIterations);
}

// Case 2: the point is inside; a triangle of Z with all weights positive contains the origin.
TYPED_TEST(Distance, Case2ContainmentEndsTheLoop) {
    using T = TypeParam;
    const auto hex = Shape<T>::regular(6, 2);
    std::vector<gjk::TraceStep<T>> trace;
    const auto r = gjk::distance_to_point<T>({T(0.3), T(-0.2)}, hex, {}, &trace);
    EXPECT_EQ(r.termination, Termination::containment);
    EXPECT_EQ(r.status, Status::overlapping);
    EXPECT_EQ(r.distance, T(0));
    const auto& simplex = trace.back().simplex;
    EXPECT_EQ(simplex.count, 3);
    for (int i = 0; i < 3; ++i)
        EXPECT_GT(simplex.v[i].weight, T(0));
    EXPECT_LE(r.iterations, gjk::kMaxIterations);
}

// Case 3a: the point is a vertex of the polygon. The search direction -P is exactly zero.
// Reached from outside (the first simplex vertex is another corner), the last search
// direction proves a touching normal.
TYPED_TEST(Distance, Case3aVertexOverlapGivesZeroDirection) {
    using T = TypeParam;
    const auto square = Shape<T>::polygon({{0, 0}, {2, 0}, {2, 2}, {0, 2}});
    const auto r = gjk::distance_to_point<T>({2, 2}, square);
    EXPECT_EQ(r.termination, Termination::vertex_overlap);
    EXPECT_EQ(r.status, Status::touching);
    EXPECT_EQ(r.distance, T(0));
    // The normal from the point into the square: any direction in the corner's cone works.
    EXPECT_LT(r.normal.x, T(0));
    EXPECT_LT(r.normal.y, T(0));
    EXPECT_NEAR(gjk::length(r.normal), T(1), 1e-6);
    EXPECT_LE(r.iterations, gjk::kMaxIterations);
}

// Case 3b: the point lies on a boundary edge. The edge's sign test is exactly zero, the
// origin is on Z's boundary, and one of the two edge normals proves it: touching.
TYPED_TEST(Distance, Case3bEdgeOverlapOnTheBoundaryIsTouching) {
    using T = TypeParam;
    const auto square = Shape<T>::polygon({{0, 0}, {2, 0}, {2, 2}, {0, 2}});
    const auto r = gjk::distance_to_point<T>({2, T(0.5)}, square);
    EXPECT_EQ(r.termination, Termination::edge_overlap);
    EXPECT_EQ(r.status, Status::touching);
    EXPECT_EQ(r.distance, T(0));
    EXPECT_EQ(r.normal, (Vec2<T>{-1, 0}));
    EXPECT_LE(r.iterations, gjk::kMaxIterations);
}

// Case 4: the point lies on an interior edge of the simplex (the square's diagonal): on the
// simplex, so in Z, but neither edge normal separates: overlapping.
TYPED_TEST(Distance, Case4InteriorEdgeIsOverlap) {
    using T = TypeParam;
    const auto square = Shape<T>::polygon({{0, 0}, {2, 0}, {2, 2}, {0, 2}});
    std::vector<gjk::TraceStep<T>> trace;
    const auto r = gjk::distance_to_point<T>({1, 1}, square, {}, &trace);
    EXPECT_EQ(r.termination, Termination::edge_overlap);
    EXPECT_EQ(r.status, Status::overlapping);
    EXPECT_EQ(r.distance, T(0));
    const auto& simplex = trace.back().simplex;
    ASSERT_EQ(simplex.count, 2); // the diagonal (0,0)-(2,2)
    EXPECT_EQ(simplex.v[0].b + simplex.v[1].b, (Vec2<T>{2, 2}));
    EXPECT_EQ(trace.size(), static_cast<std::size_t>(r.iterations));
}

// A point in the middle of the closest edge, listed before the edge's end points: along the
// edge normal it ties with them, so the support (lowest index of the tie) is a point that is
// not in the simplex yet lies no further along d. Adding it could not decrease the distance.
TYPED_TEST(Distance, CollinearPointOnTheClosestEdgeEndsWithNoProgress) {
    using T = TypeParam;
    const auto b = Shape<T>::polygon({{0, 3}, {1, 1}, {0, 1}, {2, 1}, {2, 3}});
    const auto r = gjk::distance_to_point<T>({T(1.5), 0}, b);
    EXPECT_EQ(r.termination, Termination::no_progress);
    EXPECT_EQ(r.status, Status::separated);
    EXPECT_EQ(r.distance, T(1));
    EXPECT_EQ(r.point_b, (Vec2<T>{T(1.5), 1}));
    EXPECT_EQ(r.normal, (Vec2<T>{0, 1}));
}

// The loop never runs past its cap, and says so when it stops there.
TYPED_TEST(Distance, IterationCapIsReportedInTheStatus) {
    using T = TypeParam;
    const auto ngon = Shape<T>::regular(64, 1);
    auto in = input(ngon, ngon, {}, gjk::Transform<T>::from({3, 1}, T(0.1)));
    in.max_iterations = 1;
    const auto r = gjk::distance(in);
    EXPECT_EQ(r.iterations, 1);
    EXPECT_EQ(r.status, Status::max_iterations);
    EXPECT_EQ(r.termination, Termination::max_iterations);
    EXPECT_GT(r.distance, T(0)); // an upper bound, still a number
}

// --- Statuses, radii and input errors -------------------------------------------------------

TYPED_TEST(Distance, TouchingBoxesHaveZeroDistanceAndANormal) {
    using T = TypeParam;
    const auto big = Shape<T>::box(1, 1), small = Shape<T>::box(T(0.5), T(0.5));
    const auto r =
        gjk::distance(input(big, small, {}, gjk::Transform<T>::from({T(1.5), T(0.25)}, 0)));
    EXPECT_EQ(r.status, Status::touching);
    EXPECT_EQ(r.distance, T(0));
    EXPECT_EQ(r.normal, (Vec2<T>{1, 0}));
}

TYPED_TEST(Distance, RadiiRoundTheShapes) {
    using T = TypeParam;
    // Circle of radius 1 at the origin, capsule of radius 0.5 along x at height 3.
    const auto circle = Shape<T>::circle({0, 0}, 1);
    const auto capsule = Shape<T>::capsule({-2, 3}, {2, 3}, T(0.5));
    const auto r = gjk::distance(input(circle, capsule));
    EXPECT_EQ(r.status, Status::separated);
    EXPECT_NEAR(r.distance, T(1.5), 1e-6);
    EXPECT_NEAR(r.point_a.y, T(1), 1e-6);
    EXPECT_NEAR(r.point_b.y, T(2.5), 1e-6);
    EXPECT_EQ(r.normal, (Vec2<T>{0, 1}));
    // Without radii the cores are 3 apart.
    auto in = input(circle, capsule);
    in.use_radii = false;
    EXPECT_NEAR(gjk::distance(in).distance, T(3), 1e-6);
    // Overlapping rounded shapes: distance 0, one common witness point, a valid normal.
    const auto other = Shape<T>::circle({T(1.5), 0}, 1);
    const auto o = gjk::distance(input(circle, other));
    EXPECT_EQ(o.status, Status::overlapping);
    EXPECT_EQ(o.distance, T(0));
    EXPECT_EQ(o.point_a, o.point_b);
    EXPECT_EQ(o.normal, (Vec2<T>{1, 0}));
}

// A small circle deep in the rim of a big one: the midpoint of the surface points would lie
// outside the small circle; the common witness point must be inside both.
TYPED_TEST(Distance, RoundedOverlapWitnessIsInsideBothShapes) {
    using T = TypeParam;
    const auto big = Shape<T>::circle({0, 0}, 10), small = Shape<T>::circle({T(9.5), 0}, T(0.1));
    const auto r = gjk::distance(input(big, small));
    EXPECT_EQ(r.status, Status::overlapping);
    EXPECT_EQ(r.point_a, r.point_b);
    EXPECT_LE(gjk::length(r.point_a), T(10));
    EXPECT_LE(gjk::length(r.point_a - Vec2<T>{T(9.5), 0}), T(0.1));
}

TYPED_TEST(Distance, RejectsBadInputWithAReason) {
    using T = TypeParam;
    const auto box = Shape<T>::box(1, 1);
    Shape<T> empty;
    EXPECT_EQ(gjk::distance(input(empty, box)).error, gjk::InputError::empty_a);
    EXPECT_EQ(gjk::distance(input(box, empty)).status, Status::invalid_input);
    auto nan_box = box;
    nan_box.points[2].x = std::numeric_limits<T>::quiet_NaN();
    EXPECT_EQ(gjk::distance(input(box, nan_box)).error, gjk::InputError::nonfinite_point_b);
    auto neg = box;
    neg.radius = -1;
    EXPECT_EQ(gjk::distance(input(neg, box)).error, gjk::InputError::bad_radius_a);
    gjk::Transform<T> scaled;
    scaled.q = {2, 0};
    EXPECT_EQ(gjk::distance(input(box, box, scaled)).error, gjk::InputError::bad_transform_a);
    auto in = input(box, box);
    in.max_iterations = 0;
    EXPECT_EQ(gjk::distance(in).error, gjk::InputError::bad_max_iterations);
    EXPECT_STREQ(gjk::to_string(gjk::InputError::nonfinite_point_b),
                 "shape b has a point that is not finite");
}

// --- The trace ------------------------------------------------------------------------------

TYPED_TEST(Distance, TraceHoldsEverySimplexAndIsWorldFrame) {
    using T = TypeParam;
    // The talk's triangle X and square Y.
    const auto x = Shape<T>::polygon({{0, 0}, {2, 0}, {1, T(1.5)}});
    const auto y = Shape<T>::box(T(0.75), T(0.75));
    const auto xa = gjk::Transform<T>::from({T(-1), T(0.5)}, T(0.2));
    const auto xb = gjk::Transform<T>::from({T(3.5), T(1.2)}, T(0.3));
    std::vector<gjk::TraceStep<T>> trace;
    const auto r = gjk::distance(input(x, y, xa, xb), nullptr, &trace);
    ASSERT_EQ(trace.size(), static_cast<std::size_t>(r.iterations));
    for (std::size_t i = 0; i < trace.size(); ++i) {
        const auto& s = trace[i].simplex;
        ASSERT_GE(s.count, 1);
        T weights = 0;
        for (int j = 0; j < s.count; ++j) {
            const auto& v = s.v[j];
            // Each vertex's points are the world points of the shapes' vertices it names.
            const auto pa = gjk::apply(xa, x.points[static_cast<std::size_t>(v.index_a)]);
            const auto pb = gjk::apply(xb, y.points[static_cast<std::size_t>(v.index_b)]);
            EXPECT_NEAR(v.a.x, pa.x, 1e-5);
            EXPECT_NEAR(v.b.y, pb.y, 1e-5);
            EXPECT_NEAR(v.w.x, pb.x - pa.x, 1e-5);
            weights += v.weight;
        }
        EXPECT_NEAR(weights, T(1), 1e-6);
        // Every step but the last found a support point; the last says how the loop ended.
        EXPECT_EQ(trace[i].has_support,
                  i + 1 < trace.size() || r.termination == Termination::repeated_support);
        EXPECT_EQ(trace[i].termination, i + 1 < trace.size() ? Termination::none : r.termination);
    }
    // The closest points of the last step are the witness points' difference.
    EXPECT_NEAR(gjk::length(trace.back().closest), r.distance, 1e-5);
}

// --- Warm starts ----------------------------------------------------------------------------

// Warm starting: the same answers as a cold start, in fewer iterations, on pairs that move
// a little each step.
TYPED_TEST(Distance, WarmStartGivesTheColdAnswersInFewerIterations) {
    using T = TypeParam;
    gjk_test::Generator gen(2024);
    long long cold_iterations = 0, warm_iterations = 0;
    for (int pair = 0; pair < 200; ++pair) {
        auto k = gen.make<T>(gjk_test::Family::random_polygons);
        gjk::SimplexCache<T> cache;
        const double size = gjk::length(k.a[0]);
        const T step = T(size * 0.005);
        for (int t = 0; t < 50; ++t) {
            k.xb.p += Vec2<T>{step, -step / 2};
            k.xb.q = gjk::Rot<T>::from_angle(k.xb.q.angle() + T(0.01));
            const gjk::DistanceInput<T> in = gjk_test::input_of(k, false);
            const auto cold = gjk::distance(in);
            const auto warm = gjk::distance(in, &cache);
            // Cold and warm each err by up to the bound against the truth: 2 between them.
            const long double tol = tolerance<T>() * gjk_test::scale_of(k) * 2;
            ASSERT_NEAR(cold.distance, warm.distance, tol) << pair << "/" << t;
            ASSERT_EQ(cold.distance == T(0), warm.distance == T(0)) << pair << "/" << t;
            cold_iterations += cold.iterations;
            warm_iterations += warm.iterations;
        }
    }
    std::printf("[warm start %s] mean iterations cold %.3f, warm %.3f\n",
                std::is_same_v<T, float> ? "float" : "double", cold_iterations / 10000.0,
                warm_iterations / 10000.0);
    EXPECT_LT(warm_iterations * 10, cold_iterations * 8); // at least 20% fewer
}

TYPED_TEST(Distance, StaleOrForeignCacheFallsBackToAColdStart) {
    using T = TypeParam;
    const auto a = Shape<T>::box(1, 1), b = Shape<T>::regular(5, 1);
    auto in = input(a, b, {}, gjk::Transform<T>::from({4, 0}, 0));
    gjk::SimplexCache<T> cache;
    cache.count = 2;
    cache.index_a[0] = 17; // out of range for a box
    const auto r = gjk::distance(in, &cache);
    EXPECT_EQ(r.status, Status::separated);
    EXPECT_NEAR(r.distance, gjk::distance(in).distance, 1e-6);
    EXPECT_LE(cache.count, 2);
    EXPECT_LT(cache.index_a[0], 4);
}

// --- Hostile input: a correct answer or a clear error, never a crash, hang or NaN ----------

// Every field that can hold NaN or an infinity is refused with the error that names it, by
// distance() and overlap() alike.
TYPED_TEST(Distance, EveryNonFiniteValueIsAnInputErrorNamingIt) {
    using T = TypeParam;
    using gjk::InputError;
    const Shape<T> a = Shape<T>::box(1, 1), b = Shape<T>::box(1, 1);
    for (const T bad : {std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::infinity(),
                        -std::numeric_limits<T>::infinity()}) {
        struct Case {
            InputError expected;
            void (*poison)(Shape<T>&, Shape<T>&, gjk::DistanceInput<T>&, T);
        };
        const Case cases[] = {
            {InputError::nonfinite_point_a,
             [](Shape<T>& sa, Shape<T>&, auto&, T v) { sa.points[2].x = v; }},
            {InputError::nonfinite_point_b,
             [](Shape<T>&, Shape<T>& sb, auto&, T v) { sb.points[3].y = v; }},
            {InputError::bad_radius_a, [](Shape<T>& sa, Shape<T>&, auto&, T v) { sa.radius = v; }},
            {InputError::bad_radius_b, [](Shape<T>&, Shape<T>& sb, auto&, T v) { sb.radius = v; }},
            {InputError::bad_transform_a,
             [](Shape<T>&, Shape<T>&, auto& in, T v) { in.xf_a.p.y = v; }},
            {InputError::bad_transform_b,
             [](Shape<T>&, Shape<T>&, auto& in, T v) { in.xf_b.q.c = v; }},
        };
        for (const Case& c : cases) {
            Shape<T> sa = a, sb = b;
            gjk::DistanceInput<T> in = input(sa, sb);
            c.poison(sa, sb, in, bad);
            in.a = sa; // the views again: poisoning may not reallocate, but be explicit
            in.b = sb;
            const auto r = gjk::distance(in);
            EXPECT_EQ(r.status, Status::invalid_input) << gjk::to_string(c.expected);
            EXPECT_EQ(r.error, c.expected) << gjk::to_string(r.error);
            EXPECT_EQ(r.distance, T(0)); // a number, not the NaN it was given
            const auto o = gjk::overlap(in);
            EXPECT_EQ(o.error, c.expected);
            EXPECT_FALSE(o.overlap);
        }
    }
}

// All points identical: the shape is a point. Apart, on top of each other, and against a box.
TYPED_TEST(Distance, IdenticalPointsAreOnePoint) {
    using T = TypeParam;
    const Shape<T> p = Shape<T>::polygon({{1, 1}, {1, 1}, {1, 1}, {1, 1}});
    const Shape<T> q = Shape<T>::polygon({{4, 5}, {4, 5}});
    const auto apart = gjk::distance(input(p, q));
    EXPECT_EQ(apart.distance, T(5)); // a 3-4-5 triangle
    EXPECT_EQ(apart.status, Status::separated);
    // Two coincident points touch: Z is the origin alone, bounded by every line through it
    // (this was "overlapping" while a contact found on the first iteration had no normal:
    // tests/test_touching.cpp).
    const auto same = gjk::distance(input(p, p));
    EXPECT_EQ(same.distance, T(0));
    EXPECT_EQ(same.status, Status::touching);
    EXPECT_NEAR(gjk::length(same.normal), T(1), T(1e-6));
    EXPECT_EQ(gjk::distance(input(p, Shape<T>::box(1, 1))).status, Status::touching); // a corner
}
