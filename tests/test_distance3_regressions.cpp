// Regression tests of gjk/distance3.hpp, one per bug, each with its story (most found by
// fuzz_kernel): the stall rule, needle faces, round-off of far vertices, the touching walk.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "gjk/distance3.hpp"
#include "support/oracle3_points.hpp"
#include "support/shapes3.hpp"

using gjk::Status;
using gjk::Transform3;
using gjk::Vec3;
using gjk_test::query;

// fuzz_kernel: a vertex of Z 1e6 from the origin, whose edge to a point 7e16 away moves the
// closest point by 2e-20 of its length: the squared distance did not decrease in double, and
// the stall rule ended the loop 1e6 from the origin where the answer is 2734. Steps below the
// resolution of the distance get kStalls more chances, as in 2D.
TEST(Distance3Regression, StepsBelowTheResolutionOfTheDistanceStillConverge) {
    const std::vector<Vec3<double>> a{{95793152, 95793152, 71776119061217280.0},
                                      {-4096, -4096, 4503599627370496.0},
                                      {-4096, 2093056, 0},
                                      {0, -1048576, 0}};
    const std::vector<Vec3<double>> b(3, Vec3<double>{-4096, -4096, 0});
    const Transform3<double> xf{{-4096, -4096, 0}, {}};
    const auto out = gjk::distance(query(a, b, xf, xf));
    const auto exact = oracle3::hull_distance(gjk_test::world(a, xf), gjk_test::world(b, xf));
    const long double d = oracle3::approx_sqrt(exact.distance2);
    EXPECT_EQ(out.status, Status::separated);
    EXPECT_NEAR(double(out.distance), double(d), 1e-12 * 1.5e17);
    EXPECT_NEAR(double(out.distance), 2734.2245340101786, 1e-3);
}

// fuzz_kernel (CI's fuzz smoke): Z holds a needle triangle, two vertices 3e15 apart nearly in
// line with a third near the origin. Its normal from plain cross products was off by 2e-11,
// which misjudged Z's points 1e16 away by 1e5: the support along it came back to the triangle
// (case 1) and the loop answered 33,284,218 where the distance is 33,190,418. The normal, the
// edge's perpendicular and the tetrahedron's volumes are now carried with their round-off
// (gjk/perpendicular3.hpp).
TEST(Distance3Regression, ANeedleFaceStillFindsTheClosestFeature) {
    const std::vector<Vec3<double>> a{{95793152, 95793152, -281474976710656.0},
                                      {-4096, -4096, -37717646879227904.0},
                                      {-4096, 2093056, -281474976710656.0},
                                      {0, -1048576, -281474976710656.0}};
    const std::vector<Vec3<double>> b{{-4096, -4096, -281474976710656.0},
                                      {42987520, 42106880, 3377699720527872.0},
                                      {58884096, 42106880, 0}};
    const Transform3<double> xf_a{{42106880, 42106880, 0},
                                  {0, 0, -0.70710678118654746, -0.70710678118654746}};
    const Transform3<double> xf_b{
        {-4096, -4096, -281474976710656.0},
        {-0.014247963577236367, 0.59841447024392747, 0.071239817886181833, -0.79788596032523662}};
    const auto out = gjk::distance(query(a, b, xf_b, xf_a));
    const auto exact = oracle3::hull_distance(gjk_test::world(a, xf_a), gjk_test::world(b, xf_b));
    const long double d = oracle3::approx_sqrt(exact.distance2);
    const double scale = 7.6e16; // the fuzz check's: twice the reach, plus the positions
    EXPECT_EQ(out.status, Status::separated);
    EXPECT_NEAR(double(out.distance), double(d), 1e-14 * scale);
}

// fuzz_kernel: a flat triangle A 1.3e10 across and 2e-4 thick against points of B within 0.9
// of its plane; the hulls meet. The loop reached an edge 0.036 above the origin, and the face
// the next support made came out an ulp of |w| = 1e9 farther: P's coordinates carry eps of
// the largest vertex, not of |P|, and the stall rule's noise counted only the latter, so the
// loop stopped 0.036 short of containment. The noise now counts eps |P| max |w| too.
TEST(Distance3Regression, AStepWithinTheRoundOffOfFarVerticesIsAStallNotAnEnd) {
    const std::vector<Vec3<double>> a{
        {-4966055936, 13258194944, 0.000244140625}, {-524288, 1073217536, 0}, {0, -134217728, 0}};
    const std::vector<Vec3<double>> b{
        {3670016, 0, -0.0078125},          {0, 0, -3.0517578125e-05},
        {0, 1207959552, 0.08184814453125}, {-524288, -524288, 9.1552734375e-05},
        {-524288, -524288, 0.8984375},     {-524288, -524288, 0.003509521484375},
        {-524288, -524288, 0.00048828125}, {-524288, -524288, 0}};
    const Transform3<double> xf_a{{-524288, -524288, 0}, {}}, xf_b{{-524288, 0, 0}, {}};
    const auto out = gjk::distance(query(a, b, xf_b, xf_a));
    const auto exact = oracle3::hull_distance(gjk_test::world(a, xf_a), gjk_test::world(b, xf_b));
    ASSERT_TRUE(exact.intersect);
    EXPECT_EQ(out.status, Status::overlapping);
    EXPECT_EQ(out.distance, 0.0);
}

// fuzz_kernel: the face the loop needed, (A1, B0) (A1, B1) (A1, B2) of Z, is a needle 1.3e17
// long; its coordinates from plain cross products put its closest point 2.6e7 from the origin
// where it is 1.85e7, so the tetrahedron rejected it and the loop ended on a face 1.97e7 away.
// The face coordinates' cross products are now carried with their round-off too.
TEST(Distance3Regression, ANeedleFacesCoordinatesFindItsClosestPoint) {
    const std::vector<Vec3<double>> a{{38121472, 21086208, 1125899906842624.0},
                                      {21086208, 12881920, 0},
                                      {64028672, 1409024, 0},
                                      {100925440, -10485760, 0}};
    const std::vector<Vec3<double>> b{{-2777088, 0, -281474976710656.0},
                                      {-1048576, 1036288, 71776119061217280.0},
                                      {58720256, 54771712, -67553994410557440.0}};
    const Transform3<double> xf_a{
        {-4096, -970752, -281474976710656.0},
        {-0.94491118252306805, -0.1889822365046136, -0.1889822365046136, -0.1889822365046136}};
    const Transform3<double> xf_b{{-4096, -4096, 1407374883553280.0}, {}};
    const auto out = gjk::distance(query(a, b, xf_b, xf_a));
    const auto exact = oracle3::hull_distance(gjk_test::world(a, xf_a), gjk_test::world(b, xf_b));
    const long double d = oracle3::approx_sqrt(exact.distance2);
    const double scale = 1.5e17; // the fuzz check's: twice the reach, plus the positions
    EXPECT_EQ(out.status, Status::separated);
    EXPECT_NEAR(double(out.distance), double(d), 1e-15 * scale);
}

// fuzz_kernel (through penetration in space): Z flat in the plane x = 0, the origin on its edge
// along z. The loop's last search direction ran along that edge, and its part across the edge,
// taken by subtracting the part along it, was round-off along the edge: the walk's first plane
// then contained no edge, and it returned the normal (0, 0, 1) where Z reaches both sides of
// z = 0. The part across is now (e x last) x e, zero for a direction along the edge.
TEST(Distance3Regression, AnEdgeAlongTheLastDirectionTurnsToAPlaneAcrossIt) {
    const std::vector<Vec3<double>> a{{-10.625, -10.625, -3.125},
                                      {-10.625, -10.625, 1.25},
                                      {-10.625, -10.625, 3.5},
                                      {-10.625, -10.625, 0}};
    const std::vector<Vec3<double>> b{
        {-10.625, -10.625, 6}, {-10.625, -10.625, 0}, {-10.625, -10.625, 0}, {-10.625, -11.875, 0}};
    const Transform3<double> xf{{-10.625, -10.625, 0}, {}};
    const auto out = gjk::distance(query(a, b, xf, xf));
    ASSERT_EQ(out.status, Status::touching);
    // A proven normal from A to B leaves every point of Z = B - A on its side.
    for (const auto& p : a) {
        for (const auto& q : b) {
            EXPECT_GE(gjk::dot(out.normal, q - p), 0.0);
        }
    }
}

// fuzz_kernel: a face of Z 1.3e17 long whose two far corners lie 9.5e7 apart, with the origin
// 8.5e6 from it: its normal is well conditioned, but the sub-areas seen from the origin are
// cross products of points nearly in line with it, and their plain round-off put the face's
// closest point 2.2e8 away; the loop stalled on an edge 4.5e7 away where the distance is 9.6e5.
// Each sub-area's product is now carried exactly when it is ill conditioned.
TEST(Distance3Regression, SubAreasOfPointsInLineWithTheOriginAreCarriedExactly) {
    const std::vector<Vec3<double>> a{{92647424, 67112960, 1125899906842624.0},
                                      {393216, 95379456, 0},
                                      {1036288, 0, 0},
                                      {-2101248, 0, 0}};
    const std::vector<Vec3<double>> b{{-1048576, 1036288, -281474976710656.0},
                                      {307200, -4096, 71776119061217280.0},
                                      {20967424, -4096, -67553994410557440.0}};
    const Transform3<double> xf_a{
        {-4096, -970752, -281474976710656.0},
        {-0.19245008972987526, 0, 0.96225044864937626, -0.19245008972987526}};
    const Transform3<double> xf_b{{-4096, -4096, -1407374883553280.0}, {}};
    const auto out = gjk::distance(query(a, b, xf_b, xf_a));
    const auto exact = oracle3::hull_distance(gjk_test::world(a, xf_a), gjk_test::world(b, xf_b));
    const long double d = oracle3::approx_sqrt(exact.distance2);
    const double scale = 1.5e17; // the fuzz check's
    EXPECT_EQ(out.status, Status::separated);
    EXPECT_NEAR(double(out.distance), double(d), 1e-15 * scale);
}

// fuzz_kernel: a float triangle A and points of B that share a corner at the origin (B moved
// 1e-22 off it), turned. The loop reached an edge of Z 8e-23 from the origin; the support 0.19
// away made a triangle whose solve, an eps of 0.19 deep, could not resolve that gap and culled
// back to the edge. The loop answered "separated" with the edge's normal, 0.1 rad off any support
// plane of Z: moved out by 0.0234 along it, B still reached 0.0015 into A. A gap below the
// last support's round-off is now a contact, and the support plane proves its normal.
TEST(Distance3Regression, AGapBelowTheLastSupportsRoundOffIsAContact) {
    const std::vector<Vec3<float>> a{
        {0, -0.0036468505859375f, 5.082197683525802e-21f},
        {-1.52587890625e-05f, -1.52587890625e-05f, 2.541098841762901e-21f},
        {0, 0, 0}};
    const std::vector<Vec3<float>> b{{0, 0, 0},
                                     {0.1875f, 0, 0},
                                     {0, 0, -4.1504614415460717e-20f},
                                     {0, 0, -4.124322534189396e-20f}};
    const Transform3<float> xf_a{{0, 0, 0}, {0, 0.44232586f, -0.14744195f, 0.88465172f}};
    const Transform3<float> xf_b{{0, 0, -9.9261673506363321e-23f},
                                 {-0.89442718f, 0, 0, 0.44721359f}};
    const auto out = gjk::distance(query(a, b, xf_b, xf_a));
    ASSERT_EQ(out.status, Status::touching);
    EXPECT_EQ(out.distance, 0.0f);
    // The normal is a support plane's: B moved along it by t is t apart, to float's round-off.
    for (const float t : {1e-3f, 0.0234375f, 1.0f}) {
        Transform3<float> moved = xf_b;
        moved.p = xf_b.p + t * out.normal;
        const auto exact =
            oracle3::hull_distance(gjk_test::world(a, xf_a), gjk_test::world(b, moved));
        EXPECT_NEAR(double(oracle3::approx_sqrt(exact.distance2)), double(t), 1e-6) << t;
    }
}
