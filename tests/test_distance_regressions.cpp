// Regression stories of gjk/distance.hpp: one test per bug found by fuzzing (fuzz_kernel,
// fuzz/findings/), by the oracle tests or in review, each with the story of the failure it pins
// and of the fix. The talk's specification is in test_distance_spec.cpp; the oracle families in
// test_distance_oracle.cpp.
#include <gtest/gtest.h>

#include <vector>

#include "gjk/gjk.hpp"
#include "oracle/oracle.hpp"
#include "support/families.hpp"
#include "support/scalars.hpp"

using gjk::Shape;
using gjk::Status;
using gjk::Vec2;

namespace {

GJK_SCALAR_SUITE(Distance);

using gjk_test::input;
using gjk_test::to_oracle;
using gjk_test::tolerance;

} // namespace

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

// Regression, found by fuzz_kernel in CI's smoke run (fuzz/findings/
// fuzz_kernel-subnormal-containment-4-ulps): a float quadrilateral A along the x axis from
// -2.5625 to 0.5, its points at heights of 1e-39..1e-43 (subnormal), one of them 1e-19 from
// the origin, against B, a point at the origin. GJK ends in a containment triangle of Z whose
// sub-areas are subnormal and so carry a few significant bits: its weights put the weighted
// point 1.17e-6 from the origin, 3.8 eps of the largest vertex - under the 4 eps below which
// detail::best_containment_weights kept the weights and skipped the edges, but over float's
// bound of 4e-7 of the scale 2.5625 (1.03e-6), and the common witness point was 1.17e-6 off
// B. The long edge passes 6e-40 from the origin. The fix: kContainmentRoundOff is 1 eps,
// below the bound for any Z point the scale allows.
TEST(DistanceFloat, SubnormalContainmentTriangleWithinFourUlpsStillTriesItsEdges) {
    using V = Vec2<float>;
    const std::vector<V> a = {{-0x1.48p+1f, 0x1.3003f8p-128f},
                              {0x1.01p-63f, -0x1.fcp-143f},
                              {0, 0},
                              {0x1p-1f, 0x1.f8p-136f}};
    const std::vector<V> b = {{0, 0}, {0, 0}};
    gjk::DistanceInput<float> in;
    in.a = gjk::ShapeView<float>(a);
    in.b = gjk::ShapeView<float>(b);
    const auto r = gjk::distance(in);
    EXPECT_EQ(r.termination, gjk::Termination::containment);
    EXPECT_EQ(r.status, Status::overlapping);
    const long double bound = tolerance<float>() * 2.5625L;
    const auto ha = oracle::hull(to_oracle(a));
    const auto hb = oracle::hull(to_oracle(b));
    EXPECT_LE(oracle::point_distance(ha, 0, {r.point_a.x, r.point_a.y}), bound);
    EXPECT_LE(oracle::point_distance(hb, 0, {r.point_b.x, r.point_b.y}), bound);
}

// Found by fuzz_kernel in CI's smoke run (fuzz/findings/fuzz_kernel-b-witness-through-a-frame).
// Float: A is a speck at (3.6e16, 0), B a point at (-3.6e16, 5.9e14); the scale is 3.66e16 and
// float's bound 4e-7 of it, 1.46e10. distance() computed B's witness point in A's frame, where
// B's point is 7.2e16 from the origin, and moved it back: five roundings at that magnitude put
// it 1.72e10 (4 ulps of 3.6e16) off B. B's witness point is now weighted from B's own points
// and moved by B's own frame, in distance() and in the lanes alike (Batch tests: to the bit).
TEST(DistanceFloat, WitnessOnBFarFromAIsWithinTheBoundOfTheScale) {
    const gjk_test::Case<float> k = gjk_test::b_witness_through_a_frame();
    const auto r = gjk::distance(gjk_test::input_of(k));
    EXPECT_EQ(r.status, Status::separated);
    const auto ha = oracle::hull(gjk_test::world(k.a, k.xa));
    const auto hb = oracle::hull(gjk_test::world(k.b, k.xb));
    const long double scale = std::fabs((long double)k.xb.p.x) + std::fabs((long double)k.b[0].y);
    const long double bound = tolerance<float>() * scale;
    EXPECT_LE(oracle::point_distance(ha, 0, {r.point_a.x, r.point_a.y}), bound);
    EXPECT_LE(oracle::point_distance(hb, 0, {r.point_b.x, r.point_b.y}), bound);
}
