// tests/test_manifold_regressions.cpp - regression stories of gjk/manifold.hpp and its faces and
// clipping (gjk/manifold/): one test per bug found by fuzzing (fuzz_kernel, fuzz/findings/) or by
// the Python package's properties, each with the story of the failure it pins.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

#include "gjk/gjk.hpp"
#include "oracle/oracle.hpp"
#include "support/families.hpp"
#include "support/scalars.hpp"

using gjk::Shape;
using gjk::Status;
using gjk::Vec2;

namespace {

GJK_SCALAR_SUITE(Manifold);

using gjk_test::at;
using gjk_test::input;
using gjk_test::ulps;

} // namespace

// Found by fuzz_kernel: A, a segment from (0, 0) up to (8.3e-317, 1), touches the end
// (1.9e-318, 0) of B, a segment along the x axis; penetration() proves the touching normal
// (0, -1), B's face. A's corner lies 1.9e-318 outside that face's end, and clipping moved it
// along A to y = 0.023 (separation +0.023: shallower than the shapes, which touch). The side
// planes now have a round-off slack: the corner is kept, separation 0.
TEST(ManifoldRegression, VertexAtTheFacesEndIsNotClipped) {
    const std::vector<Vec2<double>> a{{0, 0}, {8.28904606e-317, 1}},
        b{{4, 0}, {1.94274023e-318, 0}};
    gjk::DistanceInput<double> in;
    in.a = {a};
    in.b = {b};
    const auto m = gjk::manifold(in, 0.05);
    ASSERT_EQ(m.count, 1);
    EXPECT_LE(m.points[0].separation, 1e-300);
    EXPECT_LE(m.points[0].point.y, 1e-300);
}

// Found by fuzz_kernel: A is a float needle 3.4e-7 wide and 1.1e18 long whose end is an edge
// 3.4e-7 long, B a triangle 5e17 across lying over it; their cores overlap by 1.6e17 along
// the needle's normal. The end and the side have the same normal in float, and the support
// vertex's earlier edge, the end, was taken as the reference face: clipping to its 3.4e-7
// extent left points 1.5e11 deep. The edge nearer the witness point, the side, is now taken.
TEST(ManifoldRegression, NearlyCollinearEdgesTakeTheOneAtTheWitness) {
    using T = float;
    const std::vector<Vec2<T>> a{{0, -3.36593047e-07f},
                                 {-3.36590915e-07f, -3.36590915e-07f},
                                 {-3.36590915e-07f, 0},
                                 {0, -1.12815164e+18f}};
    const std::vector<Vec2<T>> b{{0, 0},
                                 {2.35098856e-38f, 0},
                                 {0, -1.99999988f},
                                 {0, 2.40741229e-35f},
                                 {0, -3.6028797e+16f},
                                 {0, -5.15423701e+17f},
                                 {-5.15423701e+17f, -5.15423701e+17f}};
    gjk::DistanceInput<T> in;
    in.a = {a};
    in.b = {b};
    in.xf_a.p = {-5.15423701e+17f, -5.15423701e+17f};
    in.xf_a.q = {0.786692083f, -0.617345631f};
    in.xf_b.p = {-5.15423701e+17f, -5.15423701e+17f};
    in.xf_b.q = {0.941058636f, -0.338243425f};
    const auto pen = gjk::penetration(in);
    const auto m = gjk::manifold(in);
    ASSERT_GE(m.count, 1);
    T least = 0;
    for (int i = 0; i < m.count; ++i)
        least = std::min(least, m.points[i].separation);
    EXPECT_NEAR(least, pen.signed_distance, 1e-6f * 1e18f);
}

// Found by fuzz_kernel in CI's smoke run (fuzz/findings/fuzz_kernel-manifold-shallow-deepest-
// point). Float, no radii: A is a sliver 1.08e17 long and 1.07e8 wide turned by -72 degrees; B's
// top is two nearly collinear faces (slopes 6e-11 and 0) joined by a face 1e8 long. EPA's normal
// (0, -1) and depth 3.35e16 were right, but the manifold took B's right-hand top face as the
// reference, while A's deepest vertex lies under the left-hand one: the walk along nearly
// collinear faces compared the witness's distances to them, which agree in float at 1e17 (the
// short face between them is 1e8 long), and stopped; clipping against the right face's side
// planes cut the deepest vertex away, and the deepest point kept was 1.5e11 deep. The walk now
// follows the witness's position along the face, a sign (detail::face_over).
TEST(ManifoldRegression, ThinSliverUnderNearlyCollinearFacesKeepsItsDeepestPoint) {
    using V = Vec2<float>;
    const std::vector<V> a = {{0, -1.08334331e+17f},         {0, -3.60419912e+16f},
                              {0, 6.45005071e-40f},          {0, -3.71546969e+16f},
                              {1.51638341e-36f, -107374176}, {-107373520, -107374176},
                              {-107374176, 8.15499094e-39f}, {0, -106954752}};
    const std::vector<V> b = {{5.78076898e-36f, 2.3501283e-38f},
                              {-5.74244137e+17f, -34604028},
                              {4.61168574e+17f, 0},
                              {0, -107374176},
                              {-107374176, -107374176},
                              {-107374176, 3.18543167e-41f},
                              {0, 1.88076226e-38f},
                              {1.56294311e-36f, -9.75624224e+17f}};
    gjk::DistanceInput<float> in;
    in.a = gjk::ShapeView<float>(std::span<const V>(a), 3.88112648e-34f);
    in.b = gjk::ShapeView<float>(std::span<const V>(b), 0);
    in.xf_a.p = {-38010876, -65745712};
    in.xf_a.q = {0.308944106f, -0.951080203f};
    in.xf_b.p = {-107374176, 5.53092504e-40f};
    in.use_radii = false;
    const auto pen = gjk::penetration(in);
    ASSERT_EQ(pen.status, gjk::Status::overlapping);
    const auto m = gjk::manifold(in, 0.0f);
    ASSERT_GE(m.count, 1);
    float least = 0;
    for (int i = 0; i < m.count; ++i) {
        least = std::min(least, m.points[i].separation);
    }
    // The deepest contact is as deep as the shapes overlap, to float's resolution of 1e17.
    EXPECT_NEAR(double(least), -double(pen.depth), 1e-5 * 1e17);
}

/// The manifold of a and b (float, no radii), on plain views and on prepared shapes, has a
/// point as deep as the long double oracle's depth, to within `slack`.
void expect_deepest_point_at_the_oracles_depth(const std::vector<Vec2<float>>& a,
                                               const std::vector<Vec2<float>>& b,
                                               const gjk::Transform<float>& xa,
                                               const gjk::Transform<float>& xb, double slack) {
    using V = Vec2<float>;
    const long double depth =
        -oracle::signed_distance(gjk_test::world(a, xa), 0, gjk_test::world(b, xb), 0);
    ASSERT_GT(depth, 0.0L);
    const auto prepared_a = gjk::PreparedShape<float>::make(a);
    const auto prepared_b = gjk::PreparedShape<float>::make(b);
    for (const bool prepared : {false, true}) {
        gjk::DistanceInput<float> in;
        in.a = prepared ? prepared_a.view() : gjk::ShapeView<float>(std::span<const V>(a));
        in.b = prepared ? prepared_b.view() : gjk::ShapeView<float>(std::span<const V>(b));
        in.xf_a = xa;
        in.xf_b = xb;
        const auto m = gjk::manifold(in, 0.0f);
        ASSERT_GE(m.count, 1) << prepared;
        float least = 0;
        for (int k = 0; k < m.count; ++k) {
            least = std::min(least, m.points[k].separation);
        }
        EXPECT_NEAR(double(least), -double(depth), slack) << prepared;
    }
}

// Found by fuzz_kernel's 30-minute campaign of 2026-11-26 (3.5 minutes in). Float, no radii: B
// is a sliver 5e17 long and 2.7e7 thick at 7.3e16 from A, whose three vertices near B's origin
// round to one point in A's frame. EPA's normal and depth (1.4e17) were right, and B's face
// nearly parallel to it was the reference, but the one at the sliver's short end: the walk
// toward the face over B's witness met a face of no length (no normal) and stopped, and the
// clipping against the short face kept points 2e16 deep. The walk steps over such faces now.
// The deepest point is checked against the long double oracle's depth, plain and prepared.
TEST(ManifoldRegression, WalkStepsOverFacesThatRoundToAPoint) {
    using V = Vec2<float>;
    const std::vector<V> a = {{-2.05065756e-11f, 1.65952134e-38f},
                              {0, -26673664},
                              {-26711958, 1.87157143e-38f},
                              {-1.1920929e-07f, -4.97337284e+17f},
                              {-4.97338659e+17f, -4.97338659e+17f}};
    const std::vector<V> b = {
        {-4.97338659e+17f, -3.36592052e-07f}, {2.26421764e+15f, -3.36590915e-07f},
        {4.34210886e+15f, 2.3509831e-38f},    {-16908288, -26711958},
        {-26712486, -4.75733598e-38f},        {0, 1.18934128e-38f}};
    const gjk::Transform<float> xa{{0, -2.3509887e-38f}, {0.285418481f, -0.958402991f}};
    const gjk::Transform<float> xb{{-7.30686895e+16f, 3.43598383e-41f},
                                   {0.999999881f, 0.000479368988f}};
    // As deep as the shapes overlap, to float's resolution at 5e17 and the reference face's
    // tilt (kReferenceTolerance of the scale).
    expect_deepest_point_at_the_oracles_depth(a, b, xa, xb, 1e-5 * 5e17);
}

// Found by fuzz_kernel's 30-minute campaign of 2026-11-26 (15 minutes in, after the fix above).
// Float, no radii: A a triangle 2.7e16 tall; B a sliver 5.7e17 long whose two vertices near its
// origin are 1e-16 apart, among coordinates of 3e-11 in A's frame, where the move into A's
// frame rounds them by about 1e-18: that edge's normal came out 1.4e-3 rad off, and the face
// search took it as B's face most parallel to EPA's normal (the long face beside it was not
// looked at), so the clipping kept points 3e9 deep of 2.7e15. An edge too short for its normal
// to be known within kReferenceTolerance counts as a point now (detail::HullFaces::normal).
TEST(ManifoldRegression, EdgeTooShortForItsNormalIsNoFace) {
    using V = Vec2<float>;
    const std::vector<V> a = {{1.46936794e-39f, 2.7096983e+16f},
                              {7.15551835e-15f, 4.69301931e-10f},
                              {-7.1693355e+15f, 1.84893774e-26f}};
    const std::vector<V> b = {{-5.67497121e+17f, -111601440},
                              {2.6331636e-35f, 4.12476127e-38f},
                              {6.11193263e-10f, -180228},
                              {9.44539344e-17f, 1.74813961e-36f}};
    const gjk::Transform<float> xa{{2.17610609e-38f, 2.91038305e-11f},
                                   {0.923879504f, 0.382683456f}};
    const gjk::Transform<float> xb{{2.76162947e-29f, 0}, {1, 0}};
    // As deep as the shapes overlap, to float's resolution at 5.7e17 and the reference face's
    // tilt.
    expect_deepest_point_at_the_oracles_depth(a, b, xa, xb, 1e-5 * 5.7e17);
}

// Found by the Python package's Hypothesis property (python/tests/test_properties.py) on two
// boxes: B's bottom-left corner 0.5 above A's top-right corner and 1e-9 (or 1e-4) to its right,
// margin 1. GJK's normal is within kReferenceTolerance of A's top face's, so that face was the
// reference and the vertex-against-vertex case was not taken; all of B's bottom face lies
// beyond the face's side plane x = 1, the clipping kept nothing, and the manifold had no points
// although the shapes are within the margin: a body falling past another's corner got no
// speculative contact (Box2D's b2CollidePolygons gives one point). The manifold within the
// margin now always has the witnesses at least. Prepared shapes (the separating axis test's
// early answer) and plain views alike.
TYPED_TEST(Manifold, CornerJustPastACornerWithinTheMarginHasAPoint) {
    using T = TypeParam;
    const auto box = Shape<T>::box(1, 1);
    const auto prepared = gjk::PreparedShape<T>::make(box.points);
    for (const T past : {T(1e-9), T(1e-4)}) {
        if (T(2) + past == T(2)) {
            continue; // float: 1e-9 aside is exactly corner on corner
        }
        for (const bool use_prepared : {false, true}) {
            auto in = input(box, box, {}, at<T>(T(2) + past, T(2.5)));
            if (use_prepared) {
                in.a = prepared.view();
                in.b = prepared.view();
            }
            const auto m = gjk::manifold(in, T(1));
            ASSERT_EQ(m.count, 1) << past << " " << use_prepared;
            EXPECT_NEAR(m.points[0].separation, T(std::hypot(double(past), 0.5)), ulps<T>(8));
            EXPECT_NEAR(gjk::length(m.normal), T(1), ulps<T>(8));
        }
    }
}

// Found by fuzz_kernel once its manifold depth check ran (fuzz/findings/README.md). Float,
// prepared shapes, no radii: A a needle segment 2.6e17 long; B a triangle 9.5e17 across whose
// corner near the origin is cut by a face 1.9e-24 long, nearly collinear with B's long top
// face. The separating axis test took the tiny face (the lowest index among faces of one
// normal); the walk toward A's deepest vertex measured the face's direction by the difference of
// its ends, which in A's frame (3.4e-7 from B's origin) both round to one point, and stopped:
// clipping against the tiny face kept points 3.6e10 deep for shapes 3.9e16 into each other. The
// walk takes the direction along a face from its normal now (detail::face_over).
TEST(ManifoldRegression, TinyFaceInAFarFrameStillWalks) {
    using V = Vec2<float>;
    const std::vector<V> a = {{-2.60085078e+17f, -1.34110451e-07f},
                              {-3.36590915e-07f, -3.36590915e-07f},
                              {-3.36590915e-07f, -3.36590915e-07f}};
    const std::vector<V> b = {{-9.49452068e+17f, 9.40483987e-35f},
                              {7.51112678e-33f, -2.60089476e+17f},
                              {6.09845092e-42f, 0},
                              {1.86156028e-24f, 4.42249795e-39f},
                              {2.2779519e-38f, 2.70834128e-35f},
                              {-1.1920929e-07f, -3.36590915e-07f},
                              {-3.36590944e-07f, -3.36590915e-07f},
                              {-3.36590915e-07f, -3.36590915e-07f}};
    const auto pa = gjk::PreparedShape<float>::make(a), pb = gjk::PreparedShape<float>::make(b);
    gjk::DistanceInput<float> in;
    in.a = pa.view();
    in.b = pb.view();
    in.xf_a.p = {-3.36590915e-07f, 6.7973994e-35f};
    in.xf_a.q = {0.985375822f, 0.170395091f};
    in.xf_b.p = {6.40704486e-40f, 2.5366686e-38f};
    in.xf_b.q = {0.999754786f, 0.0221450385f};
    in.use_radii = false;
    const auto pen = gjk::penetration(in);
    ASSERT_EQ(pen.status, Status::overlapping);
    const auto m = gjk::manifold(in, 0.05f);
    ASSERT_GE(m.count, 1);
    float least = 0;
    for (int i = 0; i < m.count; ++i) {
        least = std::min(least, m.points[i].separation);
    }
    EXPECT_NEAR(double(least), double(pen.signed_distance), 1e-5 * 1e17);
}

// Found by fuzz_kernel: B is a sliver 0.039 long whose tip lies 0.0077 from A and 5e-4 rad past
// the lower corner of A's nearly vertical face. GJK's normal was within kReferenceTolerance of
// that face, so it was the reference; B's incident edge leaves its side plane nearly along the
// normal, and clipping replaced the tip by a point 0.0089 away: the manifold's deepest point was
// shallower than the shapes. Such a clip now falls back to the witnesses, vertex against vertex.
TEST(ManifoldRegression, ASliversTipPastAFacesCornerKeepsItsClosestPoint) {
    const std::vector<Vec2<double>> a{{0, -3.0517578125e-05},
                                      {-3.0517578125e-05, 0.624969482421875},
                                      {0.959228515625, -0.001708984375}};
    const std::vector<Vec2<double>> b{
        {0.039215087890625, 0}, {0, 0}, {-0.0078125, 0.000152587890625}, {0, 0}};
    gjk::DistanceInput<double> in;
    in.a = {a};
    in.b = {b, 3.0517578125e-05};
    in.xf_a.p = {0.046844482421875, 0};
    in.xf_a.q = {0.99999999540410733, -9.5873799096065816e-05};
    in.xf_b.p = {-3.0517578125e-05, -3.0517578125e-05};
    in.xf_b.q = in.xf_a.q;
    in.use_radii = false;
    const double exact = double(
        oracle::signed_distance(gjk_test::world(a, in.xf_a), 0, gjk_test::world(b, in.xf_b), 0));
    ASSERT_GT(exact, 0.007);
    const auto m = gjk::manifold(in, 0.05);
    ASSERT_GE(m.count, 1);
    double least = m.points[0].separation;
    for (int i = 1; i < m.count; ++i) {
        least = std::min(least, m.points[i].separation);
    }
    EXPECT_NEAR(least, exact, 1e-12);
}
