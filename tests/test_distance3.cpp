// Specifications of gjk/distance3.hpp: GJK in space, against the exact oracle
// (tests/oracle/oracle3.hpp: the exact squared distance between two convex hulls and whether
// they meet, in rational arithmetic).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "gjk/batch3.hpp"
#include "gjk/distance3.hpp"
#include "gjk/shape.hpp"
#include "gjk/validate.hpp"
#include "support/oracle3_points.hpp"
#include "support/scalars.hpp"
#include "support/shapes3.hpp"

using gjk::DistanceInput3;
using gjk::InputError;
using gjk::Quat;
using gjk::ShapeView3;
using gjk::Status;
using gjk::Termination;
using gjk::Transform3;
using gjk::Vec3;
using gjk_test::box;
using gjk_test::query;
using gjk_test::random_rotation;

namespace {

GJK_SCALAR_SUITE(Distance3);

} // namespace

TYPED_TEST(Distance3, BoxesFaceToFaceAtAGap) {
    using T = TypeParam;
    const auto b = box<T>(1, 1, 1);
    for (T gap : {T(1), T(1) / 1024, T(0.25)}) {
        const auto out = gjk::distance(query(b, b, {{2 + gap, T(0.25), T(-0.5)}, {}}));
        EXPECT_EQ(out.status, Status::separated);
        EXPECT_EQ(out.distance, gap);
        EXPECT_EQ(out.normal, (Vec3<T>{1, 0, 0}));
        EXPECT_EQ(out.point_b.x - out.point_a.x, gap);
    }
}

// Exact contacts, each decided by a support plane through the origin of Z: face on face, an
// edge on a face, a corner on a face, edge across edge. Touching, distance 0, the normal from
// A to B.
TYPED_TEST(Distance3, ExactContactsAreTouching) {
    using T = TypeParam;
    const auto b = box<T>(1, 1, 1);
    const Quat<T> about_z = Quat<T>::from_axis_angle({0, 0, 1}, T(0.5));
    const struct {
        Transform3<T> xf;
        const char* what;
    } contacts[] = {
        {{{2, T(0.5), T(0.25)}, {}}, "face on face"},
        {{{0, 0, 2}, about_z}, "face on face, turned"},
    };
    for (const auto& c : contacts) {
        const auto out = gjk::distance(query(b, b, c.xf));
        EXPECT_EQ(out.distance, T(0)) << c.what;
        EXPECT_EQ(out.status, Status::touching) << c.what << " " << gjk::to_string(out.termination);
    }
    // A corner of an octahedron on the top face of the box.
    const std::vector<Vec3<T>> octahedron{{1, 0, 0},  {-1, 0, 0}, {0, 1, 0},
                                          {0, -1, 0}, {0, 0, 1},  {0, 0, -1}};
    const auto corner = gjk::distance(query(b, octahedron, {{T(0.25), T(0.5), 2}, {}}));
    EXPECT_EQ(corner.distance, T(0));
    EXPECT_EQ(corner.status, Status::touching);
    EXPECT_NEAR(corner.normal.z, T(1), 1e-6);
}

TYPED_TEST(Distance3, OverlappingBoxesAreOverlapping) {
    using T = TypeParam;
    const auto b = box<T>(1, 1, 1);
    const auto out = gjk::distance(query(b, b, {{T(1.5), T(0.5), 0}, {}}));
    EXPECT_EQ(out.status, Status::overlapping);
    EXPECT_EQ(out.distance, T(0));
    EXPECT_EQ(out.normal, (Vec3<T>{}));
    const auto deep = gjk::distance(query(b, b, {{T(0.25), T(0.5), T(0.125)}, {}}));
    EXPECT_EQ(deep.status, Status::overlapping);
    EXPECT_EQ(deep.termination, Termination::containment);
}

// A point with a radius is a sphere, a segment a capsule: the distance of the cores less the
// radii, the witness points on the surfaces.
TYPED_TEST(Distance3, SpheresAndCapsules) {
    using T = TypeParam;
    const std::vector<Vec3<T>> centre{{0, 0, 0}};
    const std::vector<Vec3<T>> segment{{-1, 0, 0}, {1, 0, 0}};
    auto in = query(centre, segment, {{0, 3, 4}, {}});
    in.a.radius = T(1), in.b.radius = T(0.5);
    const auto out = gjk::distance(in);
    EXPECT_EQ(out.status, Status::separated);
    EXPECT_NEAR(out.distance, T(3.5), 1e-6);
    EXPECT_NEAR(out.point_a.y, T(0.6), 1e-6);
    EXPECT_NEAR(out.point_a.z, T(0.8), 1e-6);
    in.b.radius = T(4.5);
    EXPECT_EQ(gjk::distance(in).status, Status::overlapping);
    in.b.radius = T(4);
    EXPECT_EQ(gjk::distance(in).status, Status::touching);
}

TYPED_TEST(Distance3, BadInputIsAnErrorNamingIt) {
    using T = TypeParam;
    const auto b = box<T>(1, 1, 1);
    const std::vector<Vec3<T>> none;
    EXPECT_EQ(gjk::distance(query(none, b)).error, InputError::empty_a);
    std::vector<Vec3<T>> nan = b;
    nan[3].y = std::numeric_limits<T>::quiet_NaN();
    EXPECT_EQ(gjk::distance(query(b, nan)).error, InputError::nonfinite_point_b);
    auto in = query(b, b, {{3, 0, 0}, {0, 0, 0, 2}}); // norm 2: not a rotation
    EXPECT_EQ(gjk::distance(in).error, InputError::bad_transform_b);
    EXPECT_EQ(gjk::distance(in).status, Status::invalid_input);
    in = query(b, b);
    in.a.radius = T(-1);
    EXPECT_EQ(gjk::distance(in).error, InputError::bad_radius_a);
}

// One rule of a rotation in both dimensions (gjk/validate.hpp): a norm within 1e-3 of 1. The
// plane checked the squared norm against 1e-3 and space the norm; a quaternion of norm 1.0008
// and a plane rotation of the same norm are now both rotations, and both of norm 1.0012 are not.
TYPED_TEST(Distance3, ARotationIsOneOfNormWithinAThousandthOfOneInBothDimensions) {
    using T = TypeParam;
    const auto b = box<T>(1, 1, 1);
    const auto square = gjk::Shape<T>::box(1, 1);
    for (const T norm : {T(1.0008), T(0.9992), T(1.0012), T(0.9988)}) {
        const bool rotation = std::abs(double(norm) - 1) < 1e-3;
        const InputError expected = rotation ? InputError::none : InputError::bad_transform_a;
        const auto in3 = query(b, b, {{3, 0, 0}, {}}, {{}, {0, 0, 0, norm}});
        EXPECT_EQ(gjk::validate(in3), expected) << norm;
        gjk::DistanceInput<T> in2;
        in2.a = square, in2.b = square;
        in2.xf_a.q = {norm, 0};
        in2.xf_b.p = {3, 0};
        EXPECT_EQ(gjk::validate(in2), expected) << norm;
    }
}

// A warm start from the last answer's simplex finds the same distance, in fewer iterations for
// a pair that moved a little.
TYPED_TEST(Distance3, WarmStartFindsTheSameAnswer) {
    using T = TypeParam;
    std::mt19937_64 rng(8);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<Vec3<T>> a, b;
    for (int i = 0; i < 16; ++i) {
        a.push_back({T(u(rng)), T(u(rng)), T(u(rng))});
        b.push_back({T(u(rng)), T(u(rng)), T(u(rng))});
    }
    gjk::SimplexCache3<T> cache;
    int cold = 0, warm = 0;
    for (int step = 0; step < 50; ++step) {
        const Transform3<T> xf{{T(3) + T(0.01) * T(step), T(0.5), 0}, {}};
        const auto first = gjk::distance(query(a, b, xf));
        const auto again = gjk::distance(query(a, b, xf), &cache);
        EXPECT_NEAR(first.distance, again.distance, 1e-5 * (1 + first.distance));
        cold += first.iterations, warm += again.iterations;
    }
    EXPECT_LT(warm, cold);
}

// The oracle families: random hulls of 1-32 points (points, segments, flat polygons and solids
// among them), boxes, in random poses, at gaps from 1e-12 to 1e-1 of the scale and overlapping.
// double within 1e-12 of the scale, float within 1e-6 (on the float inputs); the verdict
// (separated or not) the oracle's whenever the exact gap exceeds the error bound.
TYPED_TEST(Distance3, MatchesTheExactOracleOnRandomHulls) {
    using T = TypeParam;
    const long double bound = std::is_same_v<T, float> ? 1e-6L : 1e-12L;
    std::mt19937_64 rng(std::is_same_v<T, float> ? 21 : 22);
    std::uniform_real_distribution<double> u(-1, 1);
    long double worst = 0;
    int verdicts = 0, checked = 0;
    for (int i = 0; i < 600; ++i) {
        const int kind = i % 4; // 0: random points, 1: boxes, 2: flat polygons, 3: segments
        auto shape = [&](int n) {
            std::vector<Vec3<T>> p;
            if (kind == 1) {
                return box<T>(T(0.2 + u(rng) * u(rng)), T(0.6), T(0.4));
            }
            for (int k = 0; k < n; ++k) {
                p.push_back({T(u(rng)), T(u(rng)), kind == 2 ? T(0) : T(u(rng))});
            }
            return p;
        };
        const auto a = shape(kind == 3 ? 2 : 1 + int(rng() % 32));
        const auto b = shape(kind == 3 ? 2 : 1 + int(rng() % 32));
        const Transform3<T> xf_a{{T(u(rng)), T(u(rng)), T(u(rng))}, random_rotation<T>(rng)};
        // B along a random direction at a distance that makes some overlap, some touch nearly.
        const Vec3<T> dir = gjk::normalized(Vec3<T>{T(u(rng)), T(u(rng)), T(u(rng))});
        const T reach =
            T(std::pow(10.0, -12 + 12 * std::uniform_real_distribution<double>(0, 1)(rng)));
        const Transform3<T> xf_b{xf_a.p + (T(1.5) + (i % 3 == 0 ? -T(1) : reach)) * dir,
                                 random_rotation<T>(rng)};
        const auto out = gjk::distance(query(a, b, xf_b, xf_a));
        ASSERT_NE(out.status, Status::invalid_input) << "case " << i;
        ASSERT_NE(out.status, Status::max_iterations) << "case " << i;
        const auto exact =
            oracle3::hull_distance(gjk_test::world(a, xf_a), gjk_test::world(b, xf_b));
        const long double d = oracle3::approx_sqrt(exact.distance2);
        const long double scale = 3;
        const long double error = std::abs((long double)(out.distance) - d) / scale;
        worst = std::max(worst, error);
        ASSERT_LE(error, bound) << "case " << i << " kind " << kind << ": " << out.distance
                                << " exact " << double(d);
        if (d > bound * scale || exact.intersect) {
            ++checked;
            verdicts += (out.status == Status::separated) != !exact.intersect;
        }
    }
    EXPECT_EQ(verdicts, 0) << "of " << checked;
    std::printf("[distance3 oracle] worst |d - exact| / scale = %.3Le\n", worst);
}

// Crossed segments at every scale: touching (flat, they meet), and lifted apart by their own
// size, separated at exactly that distance. The squares of points of 1e-200 underflow in
// double: the solvers, the stall rule, settle() and the support plane's walk work on the
// points scaled by a power of two. (fuzz_kernel found the walk dividing by a square that
// had underflowed to zero; the squares of the stall rule and the regions' coordinates had
// turned 1e-200 apart into "touching".)
TYPED_TEST(Distance3, TinyAndHugeShapesKeepTheirAnswers) {
    using T = TypeParam;
    const bool is_float = std::is_same_v<T, float>;
    for (const T s : {T(1), T(is_float ? 1e-30 : 1e-200), T(is_float ? 1e-40 : 1e-300),
                      T(is_float ? 1e15 : 1e150)}) {
        const std::vector<Vec3<T>> a{{-s, 0, 0}, {s, 0, 0}}, b{{0, -s, 0}, {0, s, 0}};
        const auto crossed = gjk::distance(query(a, b));
        EXPECT_EQ(crossed.status, Status::touching) << s;
        EXPECT_EQ(crossed.normal.z * crossed.normal.z, T(1)) << s;
        const auto lifted = gjk::distance(query(a, b, {{0, 0, s}, {}}));
        EXPECT_EQ(lifted.status, Status::separated) << s;
        EXPECT_EQ(lifted.distance, s) << s;
    }
}

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

// distance_batch in space: every output is distance()'s to the bit, on any number of threads,
// cold and warm-started (the caches then what distance() leaves).
TEST(Distance3Batch, EveryOutputIsTheSingleQueryAnswerToTheBit) {
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> coordinate(-1, 1);
    std::vector<std::vector<Vec3<double>>> shapes(64);
    for (auto& shape : shapes) {
        for (int i = 0; i < 12; ++i) {
            shape.push_back({coordinate(rng), coordinate(rng), coordinate(rng)});
        }
    }
    std::vector<DistanceInput3<double>> inputs;
    for (int i = 0; i < 63; ++i) {
        inputs.push_back(query(shapes[i], shapes[i + 1],
                               {{2 * coordinate(rng), coordinate(rng), coordinate(rng)},
                                random_rotation<double>(rng)}));
    }
    for (int threads : {1, 2, 3}) {
        std::vector<gjk::DistanceOutput3<double>> outputs(inputs.size());
        gjk::distance_batch<double>(inputs, outputs, threads);
        std::vector<gjk::SimplexCache3<double>> caches(inputs.size()), expected_caches = caches;
        std::vector<gjk::DistanceOutput3<double>> warm(inputs.size());
        gjk::distance_batch<double>(inputs, caches, warm, threads);
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            const auto one = gjk::distance(inputs[i]);
            EXPECT_EQ(outputs[i].distance, one.distance) << i;
            EXPECT_EQ(outputs[i].point_a, one.point_a) << i;
            EXPECT_EQ(outputs[i].status, one.status) << i;
            const auto cached = gjk::distance(inputs[i], &expected_caches[i]);
            EXPECT_EQ(warm[i].distance, cached.distance) << i;
            EXPECT_EQ(caches[i].count, expected_caches[i].count) << i;
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

// The trace has one step per iteration, as in 2D: the iteration that ends by containment
// records its tetrahedron (the web page's step mode draws it), and the one that stalls records
// the simplex it keeps.
TYPED_TEST(Distance3, TheTraceHasAStepForEveryIteration) {
    using T = TypeParam;
    const auto a = box<T>(1, 1, 1), b = box<T>(T(0.5), T(0.5), T(0.5));
    std::mt19937_64 rng(5);
    int containments = 0;
    for (int k = 0; k < 200; ++k) {
        std::uniform_real_distribution<double> u(-2, 2);
        const Transform3<T> xf_b{{T(u(rng)), T(u(rng)), T(u(rng))}, random_rotation<T>(rng)};
        std::vector<gjk::TraceStep3<T>> trace;
        const auto out = gjk::distance(query(a, b, xf_b), nullptr, &trace);
        ASSERT_EQ(int(trace.size()), out.iterations) << k;
        if (out.termination == Termination::containment) {
            ++containments;
            const gjk::TraceStep3<T>& last = trace.back();
            ASSERT_EQ(last.simplex.count, 4) << k;
            T sum = 0;
            for (int i = 0; i < 4; ++i) {
                EXPECT_GE(last.simplex.v[i].weight, T(0)) << k;
                sum += last.simplex.v[i].weight;
            }
            EXPECT_NEAR(double(sum), 1.0, 1e-5) << k;
        }
    }
    EXPECT_GT(containments, 20);
}

// The trace is in the world frame, as the answer is and as the plane's is: it held A's frame, so
// that with A at (10, 0, 0) the answer's point_a was (11, 0, 0) and the trace's (1, 0, 0). Each
// traced vertex is now its shapes' points where they stand (moved by the poses in long double:
// gjk_test::world), and the last step's weighted points are the answer's witnesses.
TYPED_TEST(Distance3, TheTraceIsInTheWorldFrame) {
    using T = TypeParam;
    const auto a = box<T>(1, T(0.5), T(0.25)), b = box<T>(T(0.5), T(0.5), T(0.5));
    std::mt19937_64 rng(9);
    std::uniform_real_distribution<double> u(-1, 1);
    const long double tolerance = std::is_same_v<T, float> ? 1e-5L : 1e-12L;
    for (int k = 0; k < 50; ++k) {
        const Transform3<T> xf_a{{T(10 + u(rng)), T(u(rng)), T(u(rng))}, random_rotation<T>(rng)};
        const Transform3<T> xf_b{{T(13 + u(rng)), T(u(rng)), T(u(rng))}, random_rotation<T>(rng)};
        std::vector<gjk::TraceStep3<T>> trace;
        const auto out = gjk::distance(query(a, b, xf_b, xf_a), nullptr, &trace);
        ASSERT_EQ(out.status, Status::separated) << k;
        const auto world_a = gjk_test::world(a, xf_a), world_b = gjk_test::world(b, xf_b);
        auto near = [&](Vec3<T> p, oracle3::P3 q, const char* what) {
            EXPECT_NEAR(p.x, q.x, tolerance * 16) << k << " " << what;
            EXPECT_NEAR(p.y, q.y, tolerance * 16) << k << " " << what;
            EXPECT_NEAR(p.z, q.z, tolerance * 16) << k << " " << what;
        };
        for (const auto& step : trace) {
            for (int i = 0; i < step.simplex.count; ++i) {
                const auto& v = step.simplex.v[i];
                near(v.a, world_a[std::size_t(v.index_a)], "a");
                near(v.b, world_b[std::size_t(v.index_b)], "b");
                near(v.w, {double(v.b.x - v.a.x), double(v.b.y - v.a.y), double(v.b.z - v.a.z)},
                     "w");
            }
        }
        Vec3<T> pa{}, pb{};
        const auto& last = trace.back().simplex;
        for (int i = 0; i < last.count; ++i) {
            pa += last.v[i].weight * last.v[i].a, pb += last.v[i].weight * last.v[i].b;
        }
        near(pa, {double(out.point_a.x), double(out.point_a.y), double(out.point_a.z)}, "point_a");
        near(pb, {double(out.point_b.x), double(out.point_b.y), double(out.point_b.z)}, "point_b");
    }
}
