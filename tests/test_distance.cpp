// Specifications of gjk/distance.hpp: GJK distance, the talk's sections 3 and 4.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <random>

#include "gjk/gjk.hpp"
#include "oracle/oracle.hpp"
#include "support/families.hpp"

using gjk::Shape;
using gjk::Status;
using gjk::Termination;
using gjk::Vec2;

namespace {

template <class T> class Distance : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Distance, Scalars);

using gjk_test::input;

template <class T> std::vector<oracle::P> to_oracle(const std::vector<Vec2<T>>& pts) {
    std::vector<oracle::P> out;
    for (const auto& p : pts)
        out.push_back({p.x, p.y});
    return out;
}

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

// Story: the talk's single-precision example. Built as Q - P, the direction was off the
// edge's normal by dot(d, B - A) = 3.2e-6; built as perp(B - A) it is exactly perpendicular.
TEST(DistanceFloat, TalkSegmentSearchDirectionIsExactlyPerpendicular) {
    const Vec2<float> A{0.021119118f, 79.584320f}, B{0.020964622f, -31.515678f};
    const auto segment = Shape<float>::segment(A, B);
    std::vector<gjk::TraceStep<float>> trace;
    gjk::distance_to_point<float>({0, 0}, segment, {}, &trace);
    bool saw_edge = false;
    for (const auto& step : trace) {
        if (step.simplex.count == 2) {
            saw_edge = true;
            EXPECT_EQ(gjk::dot(step.direction, B - A), 0.0f);
            EXPECT_GT(gjk::dot(step.direction, Vec2<float>{} - A), 0.0f); // toward Q
        }
    }
    EXPECT_TRUE(saw_edge);
    // The naive direction, for the record: Q - P from the barycentric point is not exact.
    const auto c = gjk::closest_point_segment<float>(A, B, {0, 0});
    EXPECT_NE(gjk::dot(-c.point, B - A), 0.0f);
}

// Story: an edge test whose size is cubic in the edge length (Box2D v2's
// |perp(e)|^2 < eps^2 check on an unnormalized direction) read a 3 mm edge 5 mm from a point
// as an overlap. Every degeneracy test here compares with exactly zero, so scale cannot fool it.
TYPED_TEST(Distance, MillimetreEdgeIsSeparatedNotOverlapping) {
    using T = TypeParam;
    const auto edge = Shape<T>::segment({0, 0}, {T(0.003), 0});
    const auto r = gjk::distance_to_point<T>({T(0.0015), T(0.005)}, edge);
    EXPECT_EQ(r.status, Status::separated);
    EXPECT_NEAR(r.distance, T(0.005), T(0.005) * T(1e-6));
    EXPECT_EQ(r.normal, (Vec2<T>{0, -1}));
}

TEST(DistanceDouble, FarFromTheOriginKeepsItsAccuracy) {
    // Two unit boxes 1e6 away from the origin, 1e-6 apart.
    const auto box = Shape<double>::box(0.5, 0.5);
    const auto xa = gjk::Transform<double>::from({1e6, 1e6}, 0.0);
    const auto xb = gjk::Transform<double>::from({1e6 + 1.000001, 1e6 + 0.25}, 0.0);
    const auto r = gjk::distance(input(box, box, xa, xb));
    EXPECT_EQ(r.status, Status::separated);
    // The gap between the boxes as stored: both subtractions are exact (Sterbenz).
    const double gap = (xb.p.x - xa.p.x) - 1.0;
    EXPECT_NEAR(gap, 1e-6, 1e-10);
    EXPECT_NEAR(r.distance, gap, 1e-12 * 1e6); // the core issue's bound
    EXPECT_NEAR(r.distance, gap, 1e-15);       // in practice: every bit the offset leaves
}

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

// Story: the oracle test found this edge contact (B's edge lies on A's edge, in double). The
// origin sat within 1e-16 of the simplex edge but not exactly on it, the next support point
// was a hair beyond the edge's line, and the resulting triangle was a sliver whose sub-areas
// were all round-off: "containment" with weights (0.53, 0.2, 0.27) whose weighted points on A
// and B were 1.2 apart. Containment now keeps the triangle's or an edge's weights, whichever
// put the weighted point nearest the origin, so the witness points coincide and lie on both.
TEST(DistanceDouble, FlatContainmentTriangleStillGivesCoincidentWitnessPoints) {
    const Shape<double> a = Shape<double>::polygon({{-55.550486496035425, -34.251199180449206},
                                                    {-18.807055129873689, -62.492366514534481},
                                                    {23.723263083286469, -60.796447132428682}});
    const Shape<double> b = Shape<double>::polygon({{-47.24360866029599, -40.635903010777064},
                                                    {-47.265590492328705, -40.619007675375222},
                                                    {-58.770180319516349, -95.583418619784197},
                                                    {-57.751393172827704, -102.87388678978763},
                                                    {-60.636716879923981, -108.81555873559682}});
    gjk::Transform<double> xf;
    xf.p = {92.596843431949594, 89.100278519734502};
    xf.q = {-0.66863225206938337, -0.74359324330753873};
    const auto r = gjk::distance(input(a, b, xf, xf));
    EXPECT_EQ(r.distance, 0.0);
    EXPECT_NE(r.status, Status::separated);
    std::vector<oracle::P> wa, wb;
    for (const auto& p : a.points)
        wa.push_back({gjk::apply(xf, p).x, gjk::apply(xf, p).y});
    for (const auto& p : b.points)
        wb.push_back({gjk::apply(xf, p).x, gjk::apply(xf, p).y});
    const double tol = 1e-12 * 200; // the core issue's bound; the world coordinates are below 200
    EXPECT_LE(oracle::point_distance(oracle::hull(wa), 0, {r.point_a.x, r.point_a.y}), tol);
    EXPECT_LE(oracle::point_distance(oracle::hull(wb), 0, {r.point_b.x, r.point_b.y}), tol);
    EXPECT_LE(gjk::length(r.point_b - r.point_a), tol);
}

// --- Oracle tests ---------------------------------------------------------------------------

namespace {

struct Stats {
    long double max_error = 0;   // max |d - d_oracle| / scale
    long double max_witness = 0; // max distance of a witness point from its shape / scale
    long long iterations = 0;
    int cases = 0;
    int max_iterations = 0;
    std::map<std::string, int> terminations;
    double seconds = 0;
};

template <class T> long double tolerance() {
    return std::is_same_v<T, float> ? 4e-7L : 1e-12L;
}

template <class T> void check_against_oracle(const gjk_test::Case<T>& k, Stats& stats, int index) {
    const auto ha = oracle::hull(gjk_test::world(k.a, k.xa));
    const auto hb = oracle::hull(gjk_test::world(k.b, k.xb));
    const long double expected = oracle::rounded_distance(ha, k.ra, hb, k.rb);
    const long double scale = gjk_test::scale_of(k);
    const long double tol = tolerance<T>() * scale;

    const gjk::DistanceInput<T> in = gjk_test::input_of(k);
    const auto r = gjk::distance(in);
    const std::string what =
        std::string(gjk_test::family_name(k.family)) + " case " + std::to_string(index);

    ASSERT_NE(r.status, Status::invalid_input) << what << ": " << gjk::to_string(r.error);
    ASSERT_NE(r.status, Status::max_iterations) << what;
    ASSERT_LE(r.iterations, gjk::kMaxIterations) << what;
    const long double error = std::fabs(static_cast<long double>(r.distance) - expected);
    ASSERT_LE(error, tol) << what << ": distance " << r.distance << " expected "
                          << (double)expected;

    // Witness points lie on their shapes, and are the distance apart.
    const long double on_a = oracle::point_distance(ha, k.ra, {r.point_a.x, r.point_a.y});
    const long double on_b = oracle::point_distance(hb, k.rb, {r.point_b.x, r.point_b.y});
    ASSERT_LE(on_a, tol) << what;
    ASSERT_LE(on_b, tol) << what;
    const long double gap = std::hypot(static_cast<long double>(r.point_b.x) - r.point_a.x,
                                       static_cast<long double>(r.point_b.y) - r.point_a.y);
    ASSERT_LE(std::fabs(gap - r.distance), tol) << what;

    // The verdict, away from the boundary: clearly apart is separated, clearly into each
    // other is overlapping (depth from the oracle's brute-force Minkowski hull).
    if (expected > tol) {
        ASSERT_EQ(r.status, Status::separated) << what;
        ASSERT_NEAR(gjk::length(r.normal), T(1), 1e-5) << what;
        // The normal points from A to B: along the witness points' difference.
        ASSERT_GT(gjk::dot(r.normal, r.point_b - r.point_a), T(0)) << what;
    } else {
        const bool cores_meet = oracle::intersect(ha, hb);
        long double depth = 0;
        if (cores_meet && ha.size() <= 64 && hb.size() <= 64) {
            depth = oracle::depth(ha, hb) + k.ra + k.rb;
        } else if (!cores_meet) {
            depth = k.ra + k.rb - oracle::distance(ha, hb).distance;
        }
        if (depth > tol) {
            ASSERT_EQ(r.status, Status::overlapping) << what;
            ASSERT_EQ(r.distance, T(0)) << what;
        }
    }

    stats.max_error = std::max(stats.max_error, error / scale);
    stats.max_witness = std::max({stats.max_witness, on_a / scale, on_b / scale});
    stats.iterations += r.iterations;
    stats.max_iterations = std::max(stats.max_iterations, r.iterations);
    ++stats.cases;
    ++stats.terminations[gjk::to_string(r.termination)];
}

template <class T> void report(const char* name, const Stats& s) {
    std::printf(
        "[oracle %s] %d cases: max |d - d_oracle|/scale = %.3Le, max witness offset/scale = %.3Le, "
        "mean iterations %.3f, max %d\n",
        name, s.cases, s.max_error, s.max_witness, double(s.iterations) / s.cases,
        s.max_iterations);
    for (const auto& [t, n] : s.terminations)
        std::printf("    %s: %d\n", t.c_str(), n);
}

} // namespace

// 22,000 seeded pairs per scalar type, 2,000 from each family; 1024-gons 1 in 10 of theirs.
TYPED_TEST(Distance, MatchesTheBruteForceOracleOnEveryFamily) {
    using T = TypeParam;
    gjk_test::Generator gen(std::is_same_v<T, float> ? 1234u : 5678u);
    Stats stats;
    std::map<gjk_test::Family, Stats> per_family;
    const int per = 2000;
    for (int f = 0; f < static_cast<int>(gjk_test::Family::count); ++f) {
        const auto family = static_cast<gjk_test::Family>(f);
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < per; ++i) {
            if (family == gjk_test::Family::big_polygons && i % 10 != 0) {
                continue;
            }
            const auto k = gen.make<T>(family);
            check_against_oracle(k, per_family[family], i);
            if (::testing::Test::HasFatalFailure())
                return;
        }
        Stats& s = per_family[family];
        s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        stats.max_error = std::max(stats.max_error, s.max_error);
        stats.max_witness = std::max(stats.max_witness, s.max_witness);
        stats.iterations += s.iterations;
        stats.cases += s.cases;
        stats.max_iterations = std::max(stats.max_iterations, s.max_iterations);
        for (const auto& [t, n] : s.terminations)
            stats.terminations[t] += n;
    }
    report<T>(std::is_same_v<T, float> ? "float" : "double", stats);
    for (const auto& [family, s] : per_family) {
        std::printf("  %-16s max err/scale %.2Le, mean iterations %.2f, %.2f s\n",
                    gjk_test::family_name(family), s.max_error, double(s.iterations) / s.cases,
                    s.seconds);
    }
    EXPECT_GE(stats.cases, 20000);
}

// Property 1 of the talk: distance(X, Y) == distance(origin, Y - X), with Y - X built
// explicitly as the hull of all differences.
TYPED_TEST(Distance, EqualsDistanceFromOriginToExplicitMinkowskiDifference) {
    using T = TypeParam;
    gjk_test::Generator gen(99);
    for (int i = 0; i < 2000; ++i) {
        const auto k = gen.make<T>(gjk_test::Family::random_polygons);
        const gjk::DistanceInput<T> in = gjk_test::input_of(k, false);
        const auto direct = gjk::distance(in);
        const auto z = gjk::minkowski_difference<T>(in.a, k.xa, in.b, k.xb);
        const auto via_z = gjk::distance_to_point<T>({0, 0}, {z, 0});
        // Both sides err by up to the bound against the truth, and Z's differences span twice
        // the scale: 4 bounds between them.
        const long double tol = tolerance<T>() * gjk_test::scale_of(k) * 4;
        ASSERT_NEAR(direct.distance, via_z.distance, tol) << "case " << i;
    }
}

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

// Subnormal coordinates. Two points (0, 0) and (3, 4) * 2^-1070 (double) / 2^-145 (float):
// the distance is exactly 5 units of that power of two and the normal (0.6, 0.8). Then the
// pair fuzz_kernel found: a float triangle and an eight-point set of size 1e-19 whose
// sub-areas are subnormal; the solver's reciprocal of their sum overflowed and distance()
// answered nonfinite_result for valid input (TEST(Triangle, SubnormalAreasGiveFiniteWeights)
// pins the fix). Checked against the brute-force oracle.
TYPED_TEST(Distance, SubnormalCoordinatesGiveExactOrOracleAnswers) {
    using T = TypeParam;
    const T unit = std::ldexp(T(1), std::is_same_v<T, float> ? -145 : -1070);
    const auto r =
        gjk::distance(input(Shape<T>::point({0, 0}), Shape<T>::point({3 * unit, 4 * unit})));
    EXPECT_EQ(r.status, Status::separated);
    EXPECT_EQ(r.distance, 5 * unit);
    EXPECT_NEAR(r.normal.x, T(0.6), 4 * std::numeric_limits<T>::epsilon());
    EXPECT_NEAR(r.normal.y, T(0.8), 4 * std::numeric_limits<T>::epsilon());

    const T t = T(-1.05879118e-22);
    const Shape<T> a = Shape<T>::polygon(
        {{T(8.19504376e-20), 0}, {0, 0}, {T(-1.62630326e-19), T(-2.64697796e-20)}});
    const Shape<T> b = Shape<T>::polygon({{T(2.17263951e-19), 0},
                                          {t, t},
                                          {t, t},
                                          {T(2.88435894e-18), T(2.88435894e-18)},
                                          {T(-1.58818678e-20), t},
                                          {t, t}});
    const gjk::Transform<T> xa{{t, t}, {T(1), T(-9.56694203e-05)}};
    const gjk::Transform<T> xb{{t, t}, {T(0.999698818), T(0.024541229)}};
    const auto d = gjk::distance(input(a, b, xa, xb));
    ASSERT_NE(d.status, Status::invalid_input) << gjk::to_string(d.error);
    const auto ha = oracle::hull(gjk_test::world(a.points, xa));
    const auto hb = oracle::hull(gjk_test::world(b.points, xb));
    EXPECT_NEAR((long double)d.distance, oracle::distance(ha, hb).distance, tolerance<T>());
    EXPECT_LE(oracle::point_distance(ha, 0, {d.point_a.x, d.point_a.y}), tolerance<T>());
    EXPECT_LE(oracle::point_distance(hb, 0, {d.point_b.x, d.point_b.y}), tolerance<T>());
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
    // TEST(DistanceTouching, ...)).
    const auto same = gjk::distance(input(p, p));
    EXPECT_EQ(same.distance, T(0));
    EXPECT_EQ(same.status, Status::touching);
    EXPECT_NEAR(gjk::length(same.normal), T(1), T(1e-6));
    EXPECT_EQ(gjk::distance(input(p, Shape<T>::box(1, 1))).status, Status::touching); // a corner
}

// Near the edge of the kernel's range (cli/jsonl.hpp, kernel_range: 1.15e18 float, 8.4e152
// double): random polygon pairs scaled so that every value is within a quarter of it still
// match the oracle to the same relative bound as at unit scale.
TYPED_TEST(Distance, CoordinatesNearTheRangeEdgeMatchTheOracle) {
    using T = TypeParam;
    const long double big = std::is_same_v<T, float> ? 2.5e17L : 2e152L;
    gjk_test::Generator gen(4242);
    int checked = 0;
    for (int i = 0; i < 400; ++i) {
        gjk_test::Case<T> k = gen.make<T>(gjk_test::Family::random_polygons);
        long double m = 1;
        for (const auto* s : {&k.a, &k.b})
            for (const auto& p : *s)
                m = std::max({m, (long double)std::fabs(p.x), (long double)std::fabs(p.y)});
        m = std::max({m, (long double)std::fabs(k.xa.p.x), (long double)std::fabs(k.xa.p.y),
                      (long double)std::fabs(k.xb.p.x), (long double)std::fabs(k.xb.p.y)});
        const T f = T(big / (4 * m)); // every value within big / 4
        for (auto* s : {&k.a, &k.b})
            for (auto& p : *s)
                p = f * p;
        k.xa.p = f * k.xa.p;
        k.xb.p = f * k.xb.p;
        k.ra *= f;
        k.rb *= f;
        const auto ha = oracle::hull(gjk_test::world(k.a, k.xa));
        const auto hb = oracle::hull(gjk_test::world(k.b, k.xb));
        const long double expected = oracle::rounded_distance(ha, k.ra, hb, k.rb);
        const auto r = gjk::distance(gjk_test::input_of(k));
        ASSERT_NE(r.status, Status::invalid_input) << i << ": " << gjk::to_string(r.error);
        ASSERT_TRUE(std::isfinite(r.distance));
        ASSERT_NEAR((long double)r.distance, expected, tolerance<T>() * gjk_test::scale_of(k)) << i;
        ++checked;
    }
    EXPECT_EQ(checked, 400);
}

// Regression (found by fuzz_kernel, issue 7): coordinates beyond the kernel's range. Two points
// 2e30 apart in float, or 2e300 in double: length_squared of the first simplex overflows to
// infinity, "infinity < infinity" fails, the loop stops at once with no_progress and an EMPTY
// previous simplex, and distance() answers 0, "overlapping", witness points (0, 0). The fix:
// validate() refuses any value beyond kernel_range<T>() = sqrt(max) / 16
// (InputError::out_of_range_a/_b; radii and translations likewise).
TYPED_TEST(Distance, ValuesBeyondTheKernelRangeAreRefused) {
    using T = TypeParam;
    const T far = std::is_same_v<T, float> ? T(1e30) : T(1e300);
    const auto r = gjk::distance(input(Shape<T>::point({-far, 0}), Shape<T>::point({far, 0})));
    EXPECT_EQ(r.status, Status::invalid_input);
    EXPECT_NE(r.error, gjk::InputError::none);
    EXPECT_FALSE(
        gjk::overlap(input(Shape<T>::point({-far, 0}), Shape<T>::point({far, 0}))).overlap);
}

// Regression, found by fuzz_kernel (fuzz/findings/fuzz_kernel-needle-no-progress): a float
// needle A from (-137465, 0) to (0.19, 0.19) with the origin
// among its points, against B = the origin. The first vertex is w0 = -(1.8e-38, 0.1865); the
// support along -w0 is (137465, 0); the segment's closest point is w0 moved by 2.5e-7, whose
// squared length 0.0348 improves by 1e-13 relative, below float's resolution: "distance2 <
// previous" fails and the loop stops with no_progress at 0.1865 although Z holds the origin
// (error 1.4e-6 of the scale, the bound is 4e-7). The fix: on an exactly equal squared
// distance the loop keeps the new simplex and goes on, at most 4 times per query.
TEST(DistanceFloat, NeedleWithImprovementBelowFloatResolutionStillConverges) {
    const Shape<float> a = Shape<float>::polygon(
        {{1.76668522e-38f, 0.186512083f}, {0.18578431f, 0.18578431f}, {-137464.969f, 0}, {0, 0}});
    const auto r = gjk::distance(input(a, Shape<float>::point({0, 0})));
    EXPECT_LE(r.distance, 4e-7f * 137465.0f);
}

// Regression, found by fuzz_kernel (fuzz/findings/fuzz_kernel-origin-on-edge-reported-
// separated): in double, a triangle A rotated by 1.4 degrees
// and lifted by 0.125 overlaps the quadrilateral B by 0.137, but the simplex reaches the edge
// of Z from (0, -0.125) to (0, 2.125), which passes within round-off of the origin (in A's
// frame its sign test is not exactly zero). The support beyond it makes a triangle whose
// solve falls back to the same edge, the squared distance (1.9e-34) does not decrease, and
// the loop stops with no_progress: distance 1.4e-17 (right to 1e-12) but status "separated"
// and overlap() false, for shapes clearly into each other. The fix (detail::settle): a
// no_progress or repeated_support exit on an edge whose closest point is within 4 ulps of its
// vertices of the origin is an edge_overlap, classified by touching_normal() like case 3b.
TEST(DistanceDouble, OriginWithinRoundOffOfAnEdgeIsStillAnOverlap) {
    const Shape<double> a = Shape<double>::polygon({{0, 0}, {2.125, -7}, {4.375, 0}});
    const Shape<double> b = Shape<double>::polygon({{0, 0}, {-0.75, 0.75}, {0.5, 0}, {0, 2.25}});
    const auto in = input(a, b, gjk::Transform<double>::from({0, 0.125}, 6.283185307179586 / 256));
    EXPECT_EQ(gjk::distance(in).status, Status::overlapping);
    EXPECT_TRUE(gjk::overlap(in).overlap);
}

// Regression, found by fuzz_kernel: the round-off rule for an edge that passes by the origin
// (detail::settle) first allowed 4 ulps of the edge's vertices, and in float that is more
// than the accuracy bound: this pair, 1.24e-6 apart with a vertex 2.99 from the origin
// (4 ulps = 1.4e-6), came back "touching" at distance 0, an error of 1.24e-6 against a bound
// of 4e-7 of the scale (3). One ulp, the round-off of the closest point itself, is the rule.
TEST(DistanceFloat, GapOfAFewUlpsIsNotTakenForContact) {
    using V = Vec2<float>;
    const std::vector<V> a = {{0, 1.91421714e-06f}};
    const std::vector<V> b = {{0, 2.36935552e-38f},
                              {-2.98693252f, 0},
                              {9.55124893e-39f, 7.62234618e-39f},
                              {0, 7.17464814e-43f},
                              {1.12103877e-44f, 0},
                              {4.76837158e-07f, 6.75051808e-07f},
                              {6.75051808e-07f, 6.75051808e-07f}};
    gjk::Transform<float> xf;
    xf.p = {6.75051808e-07f, 6.75051808e-07f};
    xf.q = {0.261812121f, 0.965118885f};
    gjk::DistanceInput<float> in;
    in.a = gjk::ShapeView<float>(a);
    in.b = gjk::ShapeView<float>(b);
    in.xf_a = in.xf_b = xf;
    const auto r = gjk::distance(in);
    const long double expected =
        oracle::distance(oracle::hull(gjk_test::world(a, xf)), oracle::hull(gjk_test::world(b, xf)))
            .distance;
    ASSERT_GT(expected, 1e-6L); // the oracle says apart, by more than the bound
    EXPECT_EQ(r.status, Status::separated);
    EXPECT_NEAR((long double)r.distance, expected, tolerance<float>() * 3);
}

// Regression, found by fuzz_kernel (fuzz/findings/fuzz_kernel-float-mixed-magnitudes-1 and
// -2): float shapes that mix 1e16..1e17 with subnormal coordinates. In the first, GJK starts
// at the vertex w0 = (5.6e10, 3.4e8) of Z; the support along -w0 is w1 = (3.6e12, -6.0e14),
// nearly perpendicular to w0, so the closest point of the edge (w0, w1) is only 245 closer to
// the origin than w0 (4e-9 of it, below float's resolution), and the computed squared
// distance came out an ulp LARGER than w0's. The loop stopped with no_progress at 5.6e10,
// although the edge's normal points at a vertex of Z 7.45e-9 from the origin: an error of
// 4 times the bound (4e-7 of the scale 3.6e16). The second is the same at 2.9e17 (an
// improvement of 3e-8 relative that computed as 1 eps worse), with an iteration cap of 2:
// no_progress claimed a converged 2.88380e17 where the distance is 2.88371e17 (76 times the
// bound). The fix (detail::run): a squared distance within the round-off of computing it
// (8 eps) of the previous one counts as a stall, like an exactly equal one (TEST(DistanceFloat,
// NeedleWithImprovementBelowFloatResolutionStillConverges)), and the loop goes on along the
// edge's normal: the first finds the 7.45e-9, the second runs into its cap of 2 and says so
// (max_iterations: an upper bound), and converges to the oracle's distance with the default cap.
TEST(DistanceFloat, MixedMagnitudesStayWithinTheBound) {
    using V = Vec2<float>;
    auto oracle_distance = [](const gjk::DistanceInput<float>& in) {
        auto world = [](gjk::ShapeView<float> v, const gjk::Transform<float>& xf) {
            return oracle::hull(
                gjk_test::world(std::vector<V>(v.points.begin(), v.points.end()), xf));
        };
        return oracle::distance(world(in.a, in.xf_a), world(in.b, in.xf_b)).distance;
    };
    {
        const std::vector<V> a = {{0x1.ff7ap-126f, 0x1.fep-142f},
                                  {0, 0},
                                  {0x1.fcp-143f, 0x1.fep-134f},
                                  {-0x1p+55f, 0},
                                  {-0x1.17fffep-95f, 0x1.fc001p-127f}};
        const std::vector<V> b = {{0x1.a2a2p+35f, 0x1.44p-143f},
                                  {0x1.0006e8p-127f, -0x1.12p+49f},
                                  {0x1.01fbe8p-127f, -0x1p-27f}};
        gjk::DistanceInput<float> in;
        in.a = gjk::ShapeView<float>(a);
        in.b = gjk::ShapeView<float>(b);
        in.xf_a.p = {0x1p-111f, 0x1.000a8p-117f};
        in.xf_b.p = {0x1p-147f, 0x1.008p-111f};
        in.xf_b.q = {0x1.fffd88p-1f, 0x1.921f1p-8f};
        const long double expected = oracle_distance(in); // 7.45e-9
        const auto r = gjk::distance(in);
        EXPECT_EQ(r.status, Status::separated);
        EXPECT_NEAR((long double)r.distance, expected, tolerance<float>() * 0x1p+55);
    }
    {
        const std::vector<V> a = {{0, 0x1.fep-126f},
                                  {0x1.0e5p-136f, -0x1p+55f},
                                  {0, -0x1.11fffep-110f},
                                  {-0x1.11131p-110f, -0x1.fffep-110f},
                                  {-0x1.13111p-110f, -0x1.11111p-110f}};
        const std::vector<V> b = {{-0x1.11111p-110f, -0x1.11111p-110f},
                                  {0, -0.0f},
                                  {0x1.004348p-127f, 0x1.0b22p-129f},
                                  {0x1p-95f, -0x1.400172p-27f},
                                  {0x1p+43f, 0x1.1p+1f}};
        gjk::DistanceInput<float> in;
        in.a = gjk::ShapeView<float>(a);
        in.b = gjk::ShapeView<float>(b);
        in.xf_a.p = {0x1.0022p+58f, 0x1p+19f};
        in.xf_b.p = {0x1.00802p-63f, 0x1.64p-142f};
        in.max_iterations = 2;
        const long double expected = oracle_distance(in); // 2.88371e17
        // The scale of fuzz_kernel: |x| + |y| of A's local point plus its translation.
        const long double bound = tolerance<float>() * (0x1.0022p+58L + 0x1p+19L + 0x1p+55L);
        const auto capped = gjk::distance(in);
        if (capped.status == Status::max_iterations) {
            EXPECT_GE((long double)capped.distance, expected - bound); // an upper bound
        } else {
            EXPECT_NEAR((long double)capped.distance, expected, bound);
        }
        in.max_iterations = gjk::kMaxIterations;
        const auto r = gjk::distance(in);
        EXPECT_EQ(r.status, Status::separated);
        EXPECT_NEAR((long double)r.distance, expected, bound);
    }
}

// Regression, found by fuzz_kernel (fuzz/findings/fuzz_kernel-tiny-vertex-*): float
// shapes of 1e-6 with a vertex of Z at 5.7e-44 (or 1.3e-41) from the origin, which is 4.6e-6
// (1.1e-6) deep inside Z: the shapes overlap by 10 (3) times the bound, 4e-7. GJK starts at
// that vertex; the search direction -w = (-5.7e-44, 0) times B's points of 1e-6 underflows to
// 0 in every dot product, so the support returned the vertex itself, and the squared distance
// 3e-87 underflowed to 0: "separated", at 5.7e-44. Two fixes (gjk/distance.hpp): the search
// direction is scaled up by a power of two when all its coordinates are below sqrt(min)
// (detail::resolvable), so the support sees the points; and a vertex whose squared length is
// 0 ends as vertex_overlap (detail::settle, the rule for an edge through the origin applied to
// a vertex), after which touching_normal() finds no side bare and says "overlapping".
TEST(DistanceFloat, TinyVertexStillFindsTheOverlap) {
    using V = Vec2<float>;
    auto check = [](const std::vector<V>& a, const std::vector<V>& b, int cap) {
        gjk::DistanceInput<float> in;
        in.a = gjk::ShapeView<float>(a);
        in.b = gjk::ShapeView<float>(b);
        in.max_iterations = cap;
        const long double depth =
            oracle::depth(oracle::hull(to_oracle(a)), oracle::hull(to_oracle(b)));
        ASSERT_GT(depth, tolerance<float>() * 2); // clearly overlapping: the bound at a scale of 2
        const auto r = gjk::distance(in);
        EXPECT_EQ(r.status, Status::overlapping);
        EXPECT_EQ(r.distance, 0.0f);
        EXPECT_TRUE(gjk::overlap(in).overlap);
    };
    check({{0, 0}},
          {{0x1.48p-144f, 0},
           {0x1.628ep-15f, 0x1.818p-127f},
           {0, 0x1.00000ap+1f},
           {0x1p-132f, 0x1p-140f},
           {-0x1p-19f, -0x1.6d6d6cp-18f},
           {-0x1.6d6d6cp-18f, 0x1.6d6d6cp-126f},
           {0, 0}},
          4);
    check({{0x1.022626p-125f, 0x1.020202p-125f},
           {-0x1.020202p-19f, 0x1.40304p-131f},
           {0x1.020202p-125f, -0x1.020202p-19f},
           {0x1.40304p-131f, 0x1.020202p-125f}},
          {{0x1.020202p-125f, 0x1.020202p-125f},
           {-0x1.972802p-19f, -0x1.2cb1dap-18f},
           {0, 0},
           {0x1.40014p-131f, 0}},
          3);
}

// Regression, found by fuzz_kernel (fuzz/findings/fuzz_kernel-thin-containment-*): float
// shapes mixing 2.4e17 with subnormal coordinates; GJK ends in a triangle of Z that contains
// the origin, 2.8e17 long and 6e13 wide. Its barycentric weights come from sub-areas whose
// round-off (eps |w|^2 = 7e27) is 4e-4 of the area, and the weighted point was 1.8e12 from the
// origin, so the common witness point was 3.8e11 off shape B (the bound: 4e-7 of the scale
// 2.4e17 is 9.7e10). The edges cannot help (detail::best_containment_weights tried them):
// the nearest passes 3.8e11 from the origin. The fix: iterative refinement of the weights
// (the correction from the weighted point's own barycentric coordinates), which shrinks the
// weighted point by 4e-4 per step.
TEST(DistanceFloat, ThinContainmentTriangleStillGivesCoincidentWitnessPoints) {
    using V = Vec2<float>;
    const std::vector<V> a = {{0x1.a0180ap-122f, 0x1p-146f},
                              {0, 0x1.fffffep-46f},
                              {0x1.41414p-128f, 0},
                              {0x1.f8p-144f, 0x1p-19f},
                              {0, 0},
                              {0x1.47fffep-113f, 0x1.0e4p-136f},
                              {0x1.84p-135f, 0x1.ff8p-136f},
                              {0x1.00002p+45f, 0x1.acacacp+45f}};
    const std::vector<V> b = {{0x1.acacacp+57f, 0x1.fffefep-124f},
                              {0, 0x1.56p-133f},
                              {-0x1.1c74p-127f, 0x1.46c8p-128f},
                              {-0x1p+55f, 0x1.51fffep-47f},
                              {0x1.414p-136f, 0x1p-1f},
                              {0, -0x1.6cp-19f},
                              {-0x1.6d6d6cp-18f, 0},
                              {0, 0x1.900e46p-60f}};
    gjk::DistanceInput<float> in;
    in.a = gjk::ShapeView<float>(a);
    in.b = gjk::ShapeView<float>(b);
    in.xf_a.p = {0x1p+43f, 0x1.ep+0f};
    in.xf_b.p = {0x1.00002p+45f, 0x1.acacacp+45f};
    in.xf_b.q = {-0x1.0ad524p-1f, 0x1.b4f8cap-1f};
    const auto r = gjk::distance(in);
    EXPECT_EQ(r.status, Status::overlapping);
    const auto ha = oracle::hull(gjk_test::world(a, in.xf_a));
    const auto hb = oracle::hull(gjk_test::world(b, in.xf_b));
    const long double bound = tolerance<float>() * 0x1.acacacp+57L;
    EXPECT_LE(oracle::point_distance(ha, 0, {r.point_a.x, r.point_a.y}), bound);
    EXPECT_LE(oracle::point_distance(hb, 0, {r.point_b.x, r.point_b.y}), bound);
}

// Regression, found by fuzz_kernel (fuzz/findings/fuzz_kernel-flat-containment-16-ulps): a
// float triangle A from (-3.3e-5, 0) to (2, 0) with its third point 7.45e-9 above the origin,
// against B, points within 1e-40 of the origin. GJK ends in a containment triangle of Z 2 long
// and about 1e-40 wide, whose weighted point is 2.8e-6 from the origin: 12 eps of the largest
// vertex, under the 16 eps below which detail::best_containment_weights took the triangle
// for well shaped and skipped its edges - but over float's bound, 4e-7 of the scale 2, and
// the common witness point was 2.8e-6 off B. The long edge passes 1e-41 from the origin. The
// fix: the triangle is taken as is only within 4 eps (the round-off of its weighted point).
TEST(DistanceFloat, FlatContainmentTriangleWithinSixteenUlpsStillTriesItsEdges) {
    using V = Vec2<float>;
    const std::vector<V> a = {{-0x1.142626p-15f, 0x1.2af8p-136f},
                              {-0x1.016d6cp-19f, 0x1.7p-144f},
                              {0, 0x1p-27f},
                              {0x1p+1f, 0}};
    const std::vector<V> b = {{0, 0}, {0, 0x1.05p-133f}, {0, 0}, {0x1.4p-147f, 0}};
    gjk::DistanceInput<float> in;
    in.a = gjk::ShapeView<float>(a);
    in.b = gjk::ShapeView<float>(b);
    in.max_iterations = 3;
    const auto r = gjk::distance(in);
    EXPECT_EQ(r.status, Status::overlapping);
    const auto hb = oracle::hull(to_oracle(b));
    EXPECT_LE(oracle::point_distance(hb, 0, {r.point_b.x, r.point_b.y}), tolerance<float>() * 2);
    const auto ha = oracle::hull(to_oracle(a));
    EXPECT_LE(oracle::point_distance(ha, 0, {r.point_a.x, r.point_a.y}), tolerance<float>() * 2);
}
