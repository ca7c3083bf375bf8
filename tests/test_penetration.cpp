// Specifications of gjk/penetration.hpp: EPA penetration depth, minimum translation normal,
// witness points and the signed distance.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <random>
#include <span>
#include <string>

#include "gjk/gjk.hpp"
#include "oracle/oracle.hpp"
#include "support/families.hpp"
#include "support/same_answer.hpp"
#include "support/scalars.hpp"

using gjk::EpaTermination;
using gjk::Shape;
using gjk::Status;
using gjk::Vec2;

namespace {

GJK_SCALAR_SUITE(Penetration);

using gjk_test::at;
using gjk_test::input;
using gjk_test::ulps;

} // namespace

// --- Constructed cases ----------------------------------------------------------------------

// Two unit boxes, B 1.5 to the right and 0.2 up: Z = B - A is the box [-0.5, 3.5] x
// [-1.8, 2.2]; its nearest edge to the origin is x = -0.5, so B must move 0.5 along +x.
TYPED_TEST(Penetration, OverlappingBoxesGiveTheMinimumTranslation) {
    using T = TypeParam;
    const auto box = Shape<T>::box(1, 1);
    const auto r = gjk::penetration(input(box, box, {}, at<T>(T(1.5), T(0.2))));
    EXPECT_EQ(r.status, Status::overlapping);
    EXPECT_NEAR(r.depth, T(0.5), ulps<T>(8));
    EXPECT_NEAR(r.signed_distance, T(-0.5), ulps<T>(8));
    EXPECT_NEAR(r.normal.x, T(1), ulps<T>(4));
    EXPECT_NEAR(r.normal.y, T(0), ulps<T>(4));
    // A's deepest point is on A's right face x = 1, B's on its left face x = 0.5.
    EXPECT_NEAR(r.point_a.x, T(1), ulps<T>(8));
    EXPECT_NEAR(r.point_b.x, T(0.5), ulps<T>(8));
    EXPECT_NEAR(r.point_b.y, r.point_a.y, ulps<T>(8));
    EXPECT_GE(r.point_a.y, T(-0.8) - ulps<T>(8)); // on the faces' common part
    EXPECT_LE(r.point_a.y, T(1) + ulps<T>(8));
    EXPECT_GE(r.epa_iterations, 1);
    EXPECT_LE(r.epa_iterations, gjk::kMaxEpaIterations);
}

// Touching boxes: the origin is on Z's boundary. Depth 0 with a valid normal.
TYPED_TEST(Penetration, TouchingShapesHaveDepthZeroAndAValidNormal) {
    using T = TypeParam;
    const auto box = Shape<T>::box(1, 1);
    const auto r = gjk::penetration(input(box, box, {}, at<T>(2, T(0.5))));
    EXPECT_EQ(r.status, Status::touching);
    EXPECT_EQ(r.depth, T(0));
    EXPECT_EQ(r.signed_distance, T(0));
    EXPECT_NEAR(r.normal.x, T(1), ulps<T>(4));
    EXPECT_NEAR(r.normal.y, T(0), ulps<T>(4));
}

// Circles are points with radii: depth = ra + rb - |c_b - c_a| along the centres' line, and
// no EPA runs because the cores are apart.
TYPED_TEST(Penetration, CirclesOverlapByTheirRadiiMinusTheCentreDistance) {
    using T = TypeParam;
    const auto a = Shape<T>::circle({0, 0}, 1), b = Shape<T>::circle({0, 0}, T(0.5));
    const auto r = gjk::penetration(input(a, b, {}, at<T>(T(0.6), T(0.8))));
    EXPECT_EQ(r.status, Status::overlapping);
    EXPECT_NEAR(r.depth, T(0.5), ulps<T>(8));
    EXPECT_NEAR(r.normal.x, T(0.6), ulps<T>(8));
    EXPECT_NEAR(r.normal.y, T(0.8), ulps<T>(8));
    EXPECT_EQ(r.epa_iterations, 0);
    EXPECT_EQ(r.termination, EpaTermination::none);
    // Witnesses: A's surface point deepest in B, B's deepest in A.
    EXPECT_NEAR(r.point_a.x, T(0.6), ulps<T>(8));
    EXPECT_NEAR(r.point_b.x, T(0.6) - T(0.5) * T(0.6), ulps<T>(8));
}

// Rounded cores that overlap: depth = core depth + both radii.
TYPED_TEST(Penetration, RadiiAddToTheCoreDepth) {
    using T = TypeParam;
    const auto a = Shape<T>::box(1, 1, T(0.25)), b = Shape<T>::box(1, 1, T(0.5));
    const auto r = gjk::penetration(input(a, b, {}, at<T>(T(1.5), 0)));
    EXPECT_EQ(r.status, Status::overlapping);
    EXPECT_NEAR(r.depth, T(0.5 + 0.75), ulps<T>(8));
    EXPECT_NEAR(r.point_a.x - r.point_b.x, r.depth, ulps<T>(8));
}

// Two identical points: Z is the single point {0}. Every direction separates equally; the
// answer is depth 0 with some unit normal, never a division by zero.
// Regression, found by fuzz_kernel: A = the segment (0, 0)-(2.375, 0) (with (0, 0) repeated),
// B = the triangle (0, 0), (0.75, -0.75), (0, 8.5) (with (0, 0) repeated). GJK's first vertex
// (0, 0) - (0, 0) is the origin itself (vertex_overlap), but it is not a vertex of Z: it lies
// inside the triangle of the three points EPA found around it, so the seed quadrilateral was
// reflex there, its edges through the origin had inward "outward" normals, and EPA stopped at
// once with depth 0, "touching". The exact depth is the distance from the origin to the hull
// of B - A's edge through (0.75, -0.75) and (0, 8.5), computed below from that line.
TYPED_TEST(Penetration, GjkVertexInsideZStillGivesTheDepth) {
    using T = TypeParam;
    const Shape<T> a = Shape<T>::polygon({{0, 0}, {T(2.375), 0}, {0, 0}});
    const Shape<T> b = Shape<T>::polygon(
        {{0, 0}, {T(0.75), T(-0.75)}, {0, 0}, {0, T(8.5)}, {0, 0}, {0, 0}, {0, 0}, {0, 0}});
    const auto r = gjk::penetration(input(a, b));
    // Z's edge nearest the origin joins (0.75, -0.75) and (0, 8.5) (B's right edge seen from
    // A's point (0, 0)): distance |cross(q - p, -p)| / |q - p|.
    const double px = 0.75, py = -0.75, qx = 0, qy = 8.5;
    const double depth =
        std::abs((qx - px) * (-py) - (qy - py) * (-px)) / std::hypot(qx - px, qy - py);
    EXPECT_EQ(r.status, gjk::Status::overlapping);
    EXPECT_NEAR(double(r.depth), depth, 32 * double(std::numeric_limits<T>::epsilon()) * 10);
}

// Regression, found by fuzz_kernel: float points of about 1e-37, whose differences are
// subnormal (1e-40 and below). EPA's edge normals were e / |e| with a subnormal |e|, rounded
// to a multiple of the smallest subnormal, and the answer's normal was 0.99968 long.
TEST(PenetrationFloat, SubnormalEdgesGiveAUnitNormal) {
    const Shape<float> a = Shape<float>::polygon({{0, 0},
                                                  {-7.72968161e-37f, -7.72968161e-37f},
                                                  {-7.72968161e-37f, -7.72945202e-37f},
                                                  {1.43492963e-42f, 5.18480432e-44f}});
    const Shape<float> b = Shape<float>::point({0, 0});
    // EPA from the seed the fuzzer's query gave it (with max_iterations = 1): GJK's first
    // vertex, A's point 0 and B's point 0, the origin. (GJK no longer stops there: a first
    // vertex at the origin that no support query found is replaced by the support along +x.)
    using Support = gjk::PointSetSupport<float>;
    const gjk::detail::LocalMinkowski<Support> z{Support{a.points},
                                                 {Support{b.points}, gjk::Transform<float>{}}};
    const gjk::MinkowskiPoint<float> seed = z.vertex(0, 0);
    const auto e = gjk::detail::epa(z, &seed, 1, gjk::kMaxEpaIterations);
    EXPECT_NEAR(std::hypot(double(e.normal.x), double(e.normal.y)), 1.0, 1e-6);
    // The whole query: a verdict (these near-coincident cores touch), so the normal is unit.
    const auto r = gjk::penetration(input(a, b));
    ASSERT_TRUE(r.status == gjk::Status::touching || r.status == gjk::Status::overlapping);
    EXPECT_NEAR(std::hypot(double(r.normal.x), double(r.normal.y)), 1.0, 1e-6);
}

TYPED_TEST(Penetration, CoincidentPointsTouchWithAUnitNormal) {
    using T = TypeParam;
    const auto p = Shape<T>::point({T(0.25), T(-3)});
    const auto r = gjk::penetration(input(p, p));
    EXPECT_EQ(r.status, Status::touching);
    EXPECT_EQ(r.depth, T(0));
    EXPECT_NEAR(gjk::length(r.normal), T(1), ulps<T>(4));
    // GJK proves the contact itself (the support plane of its first vertex), so EPA does not run.
    EXPECT_EQ(r.termination, EpaTermination::none);
}

// A point inside a segment and two collinear overlapping segments: Z is a segment through the
// origin, with no interior. Depth 0, and the normal is perpendicular to the segment.
TYPED_TEST(Penetration, FlatMinkowskiDifferenceTouchesAcrossTheSegment) {
    using T = TypeParam;
    const auto seg = Shape<T>::segment({-1, 0}, {2, 0});
    for (const auto& b : {Shape<T>::point({T(0.5), 0}), Shape<T>::segment({0, 0}, {3, 0})}) {
        const auto r = gjk::penetration(input(seg, b));
        EXPECT_EQ(r.status, Status::touching);
        EXPECT_EQ(r.depth, T(0));
        EXPECT_EQ(r.normal.x, T(0));
        EXPECT_EQ(std::abs(r.normal.y), T(1));
    }
}

// Two crossing segments (an X): Z is a parallelogram with the origin inside. The cheapest way
// apart is to slide one segment off the other's end.
TYPED_TEST(Penetration, CrossingSegmentsSlideOffTheNearerEnd) {
    using T = TypeParam;
    const auto a = Shape<T>::segment({-1, 0}, {1, 0});
    const auto b = Shape<T>::segment({T(0.75), -2}, {T(0.75), 2});
    const auto r = gjk::penetration(input(a, b));
    EXPECT_EQ(r.status, Status::overlapping);
    EXPECT_NEAR(r.depth, T(0.25), ulps<T>(8)); // B moves right by 0.25, past A's end
    EXPECT_NEAR(r.normal.x, T(1), ulps<T>(4));
}

// A point deep inside a point cloud equal to one of the cloud's interior points: GJK stops
// on its first vertex (the origin is a vertex of the simplex, case 3a), which is not a point
// of Z's boundary. EPA must grow a polygon from there and not report a touching contact.
TYPED_TEST(Penetration, OriginOnAnInteriorGjkVertexStillFindsTheDepth) {
    using T = TypeParam;
    const auto a = Shape<T>::point({0, 0});
    const auto b = Shape<T>::polygon({{0, 0}, {-2, -1}, {3, -1}, {3, 4}, {-2, 4}});
    const auto r = gjk::penetration(input(a, b));
    EXPECT_EQ(r.status, Status::overlapping);
    EXPECT_NEAR(r.depth, T(1), ulps<T>(8)); // the bottom edge y = -1
    EXPECT_NEAR(r.normal.y, T(1), ulps<T>(4));
}

// Regression (float edge_touching pair 518 of the oracle test): B's edge lies on A's edge, and
// GJK ends on a containment triangle that round-off made flat - its three vertices on one
// line through the origin. After one EPA step two polygon edges lie on that line, both at
// distance 0; the one chosen first did not hold the origin (its foot was 2.6 beyond its end),
// and the witness points came out 2.6 apart. Edges whose foot misses them are now measured
// by the distance to their nearer end, so the edge holding the origin wins.
TEST(Penetration, FlatContainmentTriangleGivesCoincidentWitnesses) {
    using T = float;
    const auto a = Shape<T>::polygon({{0x1.b6a2d2p+4f, -0x1.9097dp+2f},
                                      {0x1.1062f4p+4f, 0x1.661a06p+4f},
                                      {0x1.c3806p+3f, 0x1.85304ep+4f},
                                      {-0x1.936c88p+4f, -0x1.8e6606p+3f},
                                      {-0x1.43acap+2f, -0x1.ba9652p+4f},
                                      {0x1.903dep+2f, -0x1.b6a7f4p+4f},
                                      {0x1.05787ep+3f, -0x1.ae82cp+4f},
                                      {0x1.56d566p+4f, -0x1.235eaap+4f}});
    const auto b = Shape<T>::polygon({{0x1.4bc7eep+3f, -0x1.9772bep+4f},
                                      {0x1.32a57cp+4f, -0x1.3b1bfep+4f},
                                      {0x1.a8f6d4p+4f, -0x1.27c3dep+5f}});
    gjk::Transform<T> xf{{-0x1.3d0f02p+5f, 0x1.cdc0dp+5f}, {0x1.fb9e5ep-1f, 0x1.0b5a5ap-3f}};
    const auto r = gjk::penetration(input(a, b, xf, xf));
    ASSERT_NE(r.status, Status::invalid_input);
    const T scale = 100; // the coordinates' magnitude
    EXPECT_LE(r.depth, ulps<T>(8) * scale);
    EXPECT_LE(gjk::length(r.point_b - r.point_a), ulps<T>(8) * scale);
}

// Apart, the answer is distance()'s: the signed distance is the gap.
TYPED_TEST(Penetration, SeparatedShapesGiveTheDistanceAsSignedDistance) {
    using T = TypeParam;
    const auto a = Shape<T>::regular(7, 1, T(0.1)), b = Shape<T>::box(T(0.5), 2);
    const auto in = input(a, b, at<T>(T(0.1), T(0.2), T(0.3)), at<T>(3, 1, T(-0.4)));
    const auto d = gjk::distance(in);
    const auto r = gjk::penetration(in);
    ASSERT_EQ(d.status, Status::separated);
    EXPECT_EQ(r.status, Status::separated);
    EXPECT_NEAR(r.signed_distance, d.distance, ulps<T>(16));
    EXPECT_EQ(r.depth, T(0));
    EXPECT_NEAR(r.normal.x, d.normal.x, ulps<T>(16));
    EXPECT_NEAR(r.normal.y, d.normal.y, ulps<T>(16));
    const auto s = gjk::signed_distance(in);
    EXPECT_EQ(s.value, r.signed_distance);
    EXPECT_EQ(s.status, r.status);
}

// Every bad input gives invalid_input and the reason, with finite numbers.
TYPED_TEST(Penetration, RejectsBadInputWithAReason) {
    using T = TypeParam;
    const auto box = Shape<T>::box(1, 1);
    auto in = input(box, box);
    Shape<T> empty;
    in.b = empty;
    auto r = gjk::penetration(in);
    EXPECT_EQ(r.status, Status::invalid_input);
    EXPECT_EQ(r.error, gjk::InputError::empty_b);
    in = input(box, box);
    r = gjk::penetration(in, nullptr, 0);
    EXPECT_EQ(r.error, gjk::InputError::bad_max_iterations);
    const auto nan = Shape<T>::point({std::numeric_limits<T>::quiet_NaN(), 0});
    r = gjk::penetration(input(nan, box));
    EXPECT_EQ(r.error, gjk::InputError::nonfinite_point_a);
    EXPECT_TRUE(std::isfinite(r.depth) && std::isfinite(r.signed_distance));
    EXPECT_EQ(gjk::signed_distance(input(nan, box)).status, Status::invalid_input);
}

// The EPA cap is honoured and reported; the depth found so far is a lower bound.
TYPED_TEST(Penetration, EpaIterationCapIsReportedInTheStatus) {
    using T = TypeParam;
    const auto a = Shape<T>::regular(256, 1), b = Shape<T>::regular(256, 1);
    const auto in = input(a, b, {}, at<T>(T(0.01), T(0.02)));
    const auto full = gjk::penetration(in);
    const auto capped = gjk::penetration(in, nullptr, 2);
    EXPECT_EQ(capped.status, Status::max_iterations);
    EXPECT_EQ(capped.termination, EpaTermination::max_iterations);
    EXPECT_EQ(capped.epa_iterations, 2);
    EXPECT_LE(capped.depth, full.depth * (1 + ulps<T>(16)));
    EXPECT_EQ(full.status, Status::overlapping);
    EXPECT_NEAR(full.depth, T(2) - T(std::hypot(0.01, 0.02)), T(1e-3)); // 256-gon ~ circle
}

// Shapes listed clockwise or in any order give the same answer (the seed triangle is turned
// counter-clockwise, the polygon of Z never depends on the input order).
TYPED_TEST(Penetration, VertexOrderDoesNotMatter) {
    using T = TypeParam;
    const std::vector<Vec2<T>> tri = {{0, 0}, {3, 0}, {1, 2}};
    const std::vector<Vec2<T>> tri_cw = {{0, 0}, {1, 2}, {3, 0}};
    const auto box = Shape<T>::box(T(0.7), T(0.4));
    const auto xb = at<T>(T(1.2), T(0.5), T(0.3));
    const auto r1 = gjk::penetration(input(Shape<T>::polygon(tri), box, {}, xb));
    const auto r2 = gjk::penetration(input(Shape<T>::polygon(tri_cw), box, {}, xb));
    EXPECT_NEAR(r1.depth, r2.depth, ulps<T>(16));
    EXPECT_NEAR(r1.normal.x, r2.normal.x, ulps<T>(16));
    EXPECT_NEAR(r1.normal.y, r2.normal.y, ulps<T>(16));
}

// A warm cache gives the cold answer (EPA starts from whatever simplex GJK ends with).
TYPED_TEST(Penetration, WarmCacheGivesTheColdAnswer) {
    using T = TypeParam;
    gjk_test::Generator gen(77);
    for (int i = 0; i < 200; ++i) {
        auto k = gen.make<T>(gjk_test::Family::inside);
        const auto in = gjk_test::input_of(k);
        gjk::SimplexCache<T> cache{};
        const auto cold = gjk::penetration(in, &cache);
        const auto warm = gjk::penetration(in, &cache);
        const T tol = T(64) * std::numeric_limits<T>::epsilon() * T(gjk_test::scale_of(k));
        ASSERT_NEAR(cold.depth, warm.depth, tol) << i;
    }
}

// --- Oracle tests ---------------------------------------------------------------------------

namespace {

/// The stated error bound, relative to the case's scale (families.hpp): 32 eps of the scalar.
/// Measured maxima over the 10,000 pairs (printed by the test): signed distance 7.0 eps in
/// float (8.3e-7) and 2.1 eps in double (4.8e-16); push residue 7.1 eps and 1.4 eps. The
/// error is the round-off of Z's coordinates (the relative transform, the support points),
/// a few eps of the scale, plus EPA's stopping tolerance of 8 eps of Z's coordinates; 32 eps
/// leaves a margin of 4 over the worst case seen.
template <class T> long double tolerance() {
    return 32.0L * std::numeric_limits<T>::epsilon();
}

struct Stats {
    long double max_depth_error = 0;    // |signed distance - oracle| / scale
    long double max_normal_error = 0;   // |oracle signed distance after the push| / scale
    long double max_witness = 0;        // witness distance from its shape / scale
    long double max_prepared_error = 0; // the same as max_depth_error, on prepared shapes
    int cases = 0, overlapping = 0, touching = 0, max_epa = 0;
    std::map<std::string, int> terminations;
};

template <class T> void check(const gjk_test::Case<T>& k, Stats& stats, int index) {
    const auto ha = oracle::hull(gjk_test::world(k.a, k.xa));
    const auto hb = oracle::hull(gjk_test::world(k.b, k.xb));
    if (ha.size() * hb.size() > 20000) {
        return; // the oracle's Minkowski hull is brute force: keep it small
    }
    const long double expected = oracle::signed_distance(ha, k.ra, hb, k.rb);
    const long double scale = gjk_test::scale_of(k);
    const long double tol = tolerance<T>() * scale;
    const std::string what =
        std::string(gjk_test::family_name(k.family)) + " case " + std::to_string(index);

    const auto r = gjk::penetration(gjk_test::input_of(k));
    ASSERT_NE(r.status, Status::invalid_input) << what << ": " << gjk::to_string(r.error);
    ASSERT_NE(r.status, Status::max_iterations) << what;
    const long double error = std::fabs(static_cast<long double>(r.signed_distance) - expected);
    ASSERT_LE(error, tol) << what << ": signed distance " << r.signed_distance << " expected "
                          << double(expected);
    ASSERT_EQ(r.depth, std::max(T(0), -r.signed_distance)) << what;
    ASSERT_NEAR(gjk::length(r.normal), T(1), T(1e-5)) << what;

    // The witnesses lie in their shapes and are signed_distance apart along the normal.
    const long double on_a = oracle::point_distance(ha, k.ra, {r.point_a.x, r.point_a.y});
    const long double on_b = oracle::point_distance(hb, k.rb, {r.point_b.x, r.point_b.y});
    ASSERT_LE(on_a, tol) << what;
    ASSERT_LE(on_b, tol) << what;
    const long double ex = static_cast<long double>(r.point_b.x) - r.point_a.x -
                           static_cast<long double>(r.signed_distance) * r.normal.x;
    const long double ey = static_cast<long double>(r.point_b.y) - r.point_a.y -
                           static_cast<long double>(r.signed_distance) * r.normal.y;
    ASSERT_LE(std::hypot(ex, ey), tol) << what;

    // The normal is the minimum translation: B pushed by depth along it just touches A.
    long double normal_error = 0;
    if (r.depth > T(0)) {
        const oracle::P push{static_cast<long double>(r.depth) * r.normal.x,
                             static_cast<long double>(r.depth) * r.normal.y};
        const long double after =
            oracle::signed_distance(ha, k.ra, oracle::moved(hb, 1, push), k.rb);
        normal_error = std::fabs(after);
        ASSERT_LE(normal_error, tol) << what << ": after the push " << double(after);
        ++stats.overlapping;
    } else if (r.status == Status::touching) {
        ++stats.touching;
    }

    // The same query on prepared shapes (their O(log n) supports, B moved into A's frame when
    // small) is held to the same bound.
    const auto pa = gjk::PreparedShape<T>::make(k.a, k.ra);
    const auto pb = gjk::PreparedShape<T>::make(k.b, k.rb);
    gjk::DistanceInput<T> prepared = gjk_test::input_of(k);
    prepared.a = pa.view();
    prepared.b = pb.view();
    const auto rp = gjk::penetration(prepared);
    ASSERT_NE(rp.status, Status::invalid_input) << what << " (prepared)";
    const long double prepared_error =
        std::fabs(static_cast<long double>(rp.signed_distance) - expected);
    ASSERT_LE(prepared_error, tol) << what << " (prepared): signed distance " << rp.signed_distance
                                   << " expected " << double(expected);
    ASSERT_NEAR(gjk::length(rp.normal), T(1), T(1e-5)) << what << " (prepared)";
    stats.max_prepared_error = std::max(stats.max_prepared_error, prepared_error / scale);

    stats.max_depth_error = std::max(stats.max_depth_error, error / scale);
    stats.max_normal_error = std::max(stats.max_normal_error, normal_error / scale);
    stats.max_witness = std::max({stats.max_witness, on_a / scale, on_b / scale});
    stats.max_epa = std::max(stats.max_epa, r.epa_iterations);
    ++stats.terminations[gjk::to_string(r.termination)];
    ++stats.cases;
}

} // namespace

// 1,000 seeded pairs per family and scalar type, most pulled into overlap: depth, normal and
// witnesses against the brute-force Minkowski hull (oracle::signed_distance).
TYPED_TEST(Penetration, DepthMatchesTheBruteForceMinkowskiHull) {
    using T = TypeParam;
    gjk_test::Generator gen(std::is_same_v<T, float> ? 4321u : 8765u);
    Stats stats;
    for (int f = 0; f < static_cast<int>(gjk_test::Family::count); ++f) {
        const auto family = static_cast<gjk_test::Family>(f);
        const int per = family == gjk_test::Family::big_polygons ? 100 : 1000;
        for (int i = 0; i < per; ++i) {
            auto k = gen.make<T>(family);
            gjk_test::pull_together(k, gen);
            check(k, stats, i);
            if (::testing::Test::HasFatalFailure())
                return;
        }
    }
    std::printf("[penetration %s] %d cases (%d overlapping, %d touching): max |sd - oracle|/scale "
                "= %.3Le, max push residue/scale = %.3Le, max witness offset/scale = %.3Le, max "
                "EPA iterations %d; on prepared shapes max |sd - oracle|/scale = %.3Le\n",
                std::is_same_v<T, float> ? "float" : "double", stats.cases, stats.overlapping,
                stats.touching, stats.max_depth_error, stats.max_normal_error, stats.max_witness,
                stats.max_epa, stats.max_prepared_error);
    for (const auto& [t, n] : stats.terminations)
        std::printf("    %s: %d\n", t.c_str(), n);
    EXPECT_GE(stats.cases, 10000);
    EXPECT_GE(stats.overlapping, 4000); // the sample really is mostly about penetration
}

// Regression, found by fuzz_kernel (fuzz/findings/fuzz_kernel-epa-double-depth-zero and
// fuzz_kernel-epa-crossing-segments). EPA's closest edge is chosen by where the origin's foot
// falls: on the edge, its line's distance d; beyond an end, the distance to that end. The
// depth was then d for a foot on the edge and 0 otherwise - but round-off puts the foot just
// beyond an end (u = 1 + 1e-16) whenever the closest point of Z's boundary is a vertex of the
// polygon, and the answer was depth 0, "touching":
//  - the point A = (0, 0.125), rotated by 45 degrees, inside B, the triangle (-7, 0),
//    (0.375, 0), (0, 12.25) with more points on its axes: Z's closest edge to the origin is
//    y = -0.125, its middle point (0, -0.125) (B's (0, 0)) is GJK's first vertex, so EPA's
//    polygon has a vertex exactly at the foot; depth 0.125;
//  - two long, nearly parallel segments crossing each other with subnormal translations:
//    depth 1.0.
// Both depend on the exact bits (the same queries in 9-digit decimals give the right depth):
// the values below are the fuzzer's, to the last bit. The fix (detail::epa): the depth is the
// line's distance d wherever the foot falls; d never exceeds the distance to the edge, so a
// polygon flattened by round-off still answers about 0.
TEST(PenetrationDouble, FootJustBeyondTheClosestEdgeStillGivesTheDepth) {
    using V = Vec2<double>;
    auto expected_depth = [](const gjk::DistanceInput<double>& in) {
        auto world = [](gjk::ShapeView<double> v, const gjk::Transform<double>& xf) {
            return oracle::hull(
                gjk_test::world(std::vector<V>(v.points.begin(), v.points.end()), xf));
        };
        return oracle::depth(world(in.a, in.xf_a), world(in.b, in.xf_b));
    };
    {
        const std::vector<V> a = {{0, 0}};
        const std::vector<V> b = {{0, 0}, {0, 0}, {0, 12.25}, {0.375, 0}, {-7, 0}, {0, 1}, {0, 0}};
        gjk::DistanceInput<double> in;
        in.a = gjk::ShapeView<double>(a);
        in.b = gjk::ShapeView<double>(b);
        in.xf_a.p = {0, 0.125};
        in.xf_a.q = {0x1.6a09e667f3bcdp-1, 0x1.6a09e667f3bccp-1};
        in.max_iterations = 2;
        ASSERT_EQ(expected_depth(in), 0.125L);
        const auto r = gjk::penetration(in);
        EXPECT_EQ(r.status, Status::overlapping);
        EXPECT_NEAR(r.depth, 0.125, 32 * std::numeric_limits<double>::epsilon() * 12.25);
    }
    {
        const std::vector<V> a = {{0, 0x0.0000501p-1022},
                                  {0x1.dff5f0068p+33, 0x1.0000000000007p+0}};
        const std::vector<V> b = {{0x1.2a05f2p+34, 0x1.8p+1}, {0, -0x1.0000000007fffp+0}};
        gjk::DistanceInput<double> in;
        in.a = gjk::ShapeView<double>(a);
        in.b = gjk::ShapeView<double>(b);
        in.xf_a.p = {0x1.06302c8p-959, 0x1.0040a1c200008p-1022};
        in.xf_b.p = {0x0.000e174401p-1022, 0};
        const long double expected = expected_depth(in); // 1.0000000000072757
        ASSERT_NEAR(expected, 1.0L, 1e-9L);
        const auto r = gjk::penetration(in);
        EXPECT_EQ(r.status, Status::overlapping);
        // The scale is the segments' length, 5e9: 32 eps of it is 3.5e-6.
        EXPECT_NEAR((long double)r.depth, expected, tolerance<double>() * 0x1.2a05f2p+34L);
    }
}

// Regression, found by fuzz_kernel (fuzz/findings/fuzz_kernel-epa-float-near-range): float
// coordinates up to 1.1e18 (the kernel's range is 1.15e18) mixed with subnormal ones. EPA
// answered 7.86601184e16, the exact depth (7.866011417e16, from rational arithmetic), but the
// oracle said 7.2057594e16 = 2^56, and the check failed: the oracle's bug, not the kernel's.
// Its hull of the long double differences had an edge one rounding long (2.5e-14 - 1e-33 and
// its neighbour), and the distance to that edge's line, |p x q| / |q - p|, divided the cross
// product's round-off by that tiny length. Fixed in oracle::depth (the distance to the edge,
// not its line; TEST(OracleDepth, TinyHullEdgesDoNotDecideTheDepth)); this pins the kernel's
// answer against the exact depth.
TEST(PenetrationFloat, NearTheRangeMatchesTheExactDepth) {
    using V = Vec2<float>;
    const std::vector<V> a = {
        {-0x1.8278p+4f, -0x1.c18004p+58f}, {-0x1.007ep+57f, -0x1.be4p-63f},
        {0x1.0848p-135f, 0x1.439p+59f},    {0x1.00304p+55f, 0x1.0382p-95f},
        {-0x1.3e2ep-83f, -0x1.838382p+4f}, {0x1.58cc1p-129f, -0x1.f0700ep+59f},
        {0x1.fa7f5p-126f, 0x1.06p-117f},   {0x1.19199p+56f, -0x1.c7062ap-46f}};
    const std::vector<V> b = {{0x1.dff7f4p-127f, 0x1.65fffep-110f},
                              {0, 0},
                              {0, 0x1.04p-143f},
                              {0, 0},
                              {0, 0},
                              {0, 0},
                              {0, 0},
                              {0, 0}};
    gjk::DistanceInput<float> in;
    in.a = gjk::ShapeView<float>(a);
    in.b = gjk::ShapeView<float>(b);
    in.use_radii = false;
    const auto r = gjk::penetration(in);
    // The distance to Z = B - A's edge from -a[7] to -a[2], in exact rational arithmetic.
    const long double exact = 7.8660114171110588306e16L;
    EXPECT_EQ(r.status, Status::overlapping);
    EXPECT_NEAR((long double)r.depth, exact, tolerance<float>() * 0x1.f0700ep+59L);
}

// --- EPA's polygon (gjk/epa/polytope.hpp) ---------------------------------------------------

// The polygon measures an edge once, when it is made, and an insertion re-measures only the two
// edges through the new point. So after every insertion - and the dropping of the neighbours it
// makes reflex - each kept measurement must equal, to the bit, the edge measured afresh from
// its two ends as they are now, and the closest edge must be the one a fresh scan finds. 60
// points at random angles are inserted into a triangle around the origin, each after the edge
// whose angular range holds it (as EPA inserts a support beyond its edge): the first 40 near a
// circle of radius 3, so that the polygon grows past the corners it reserves (kReserved), then
// 20 at radii 1..4, whose insertions drop reflex neighbours.
TYPED_TEST(Penetration, PolytopeKeepsEveryEdgesMeasurementAsItsEndsGiveIt) {
    using T = TypeParam;
    using M = gjk::MinkowskiPoint<T>;
    using gjk::detail::measure_edge;
    using gjk::detail::PolytopeEdge;
    std::mt19937 rng(2026);
    std::uniform_real_distribution<double> angle(0, 2 * M_PI), near_circle(2.95, 3), radius(1, 4);
    auto point = [](double a, double r, int id) {
        M m;
        m.w = {T(r * std::cos(a)), T(r * std::sin(a))};
        m.index_a = id;
        return m;
    };
    const M triangle[3] = {point(0, 1, 0), point(2 * M_PI / 3, 1, 1), point(4 * M_PI / 3, 1, 2)};
    gjk::detail::Polytope<T> polytope{std::span<const M>(triangle, 3)};
    auto same = [](const PolytopeEdge<T>& p, const PolytopeEdge<T>& q) {
        return std::memcmp(&p.m, &q.m, sizeof p.m) == 0 &&
               std::memcmp(&p.d, &q.d, sizeof p.d) == 0 &&
               std::memcmp(&p.key, &q.key, sizeof p.key) == 0 &&
               std::memcmp(&p.u, &q.u, sizeof p.u) == 0 && p.on_edge == q.on_edge;
    };
    std::size_t largest = 0, dropped = 0;
    for (int id = 3; id < 63; ++id) {
        const M w = point(angle(rng), id < 43 ? near_circle(rng) : radius(rng), id);
        const std::size_t n = polytope.size();
        auto v = [&](std::size_t i) { return polytope.vertex(i % polytope.size()).w; };
        // The edge whose wedge from the origin holds w: w lies left of (0, v_i), right of (0, v_j).
        int after = -1;
        for (std::size_t i = 0; i < n; ++i) {
            if (gjk::cross(v(i), w.w) >= T(0) && gjk::cross(w.w, v(i + 1)) > T(0)) {
                after = static_cast<int>(i);
            }
        }
        ASSERT_GE(after, 0) << "point " << id;
        // Only a point beyond the edge's line is a support EPA would insert.
        const PolytopeEdge<T> edge = polytope.corners[static_cast<std::size_t>(after)].edge;
        if (!(gjk::dot(edge.m, w.w) > edge.d)) {
            continue;
        }
        polytope.insert(after, w);
        dropped += n + 1 - polytope.size();
        largest = std::max(largest, polytope.size());
        PolytopeEdge<T> fresh_best;
        for (std::size_t i = 0; i < polytope.size(); ++i) {
            const Vec2<T> p = v(i), q = v(i + 1), r = v(i + 2);
            ASSERT_GT(gjk::cross(q - p, r - q), T(0)) << "reflex at " << i << " after " << id;
            const PolytopeEdge<T> fresh = measure_edge(p, q);
            ASSERT_TRUE(same(polytope.corners[i].edge, fresh))
                << "edge " << i << " after point " << id;
            if (fresh.key < fresh_best.key) {
                fresh_best = fresh;
                fresh_best.i = static_cast<int>(i);
            }
        }
        const PolytopeEdge<T> best = polytope.closest_edge();
        ASSERT_EQ(best.i, fresh_best.i) << "after point " << id;
    }
    EXPECT_GT(largest, gjk::detail::Polytope<T>::kReserved);
    EXPECT_GT(dropped, 0u);
}

// distance_and_penetration() runs GJK once for both answers (the tool's distance line, the page,
// Python): each must be the answer of distance() and of penetration() run on their own, to the
// bit - point sets and prepared polygons (the separating axis test's answers), rounded or not,
// apart, touching, overlapping; penetration() asked for always, or only on contact.
TYPED_TEST(Penetration, OneRunGivesDistancesAndPenetrationsAnswersToTheBit) {
    using T = TypeParam;
    std::mt19937_64 rng(4502);
    std::uniform_real_distribution<double> u(-1, 1);
    int contacts = 0, by_axes = 0, touching = 0;
    for (int i = 0; i < 4000; ++i) {
        std::vector<gjk::Vec2<T>> a, b;
        if (i % 4 == 0) {
            a = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}, b = a;
        } else {
            for (auto* s : {&a, &b}) {
                for (int k = 0; k < 3 + i % 11; ++k) {
                    s->push_back({T(u(rng)), T(u(rng))});
                }
            }
        }
        const T ra = i % 3 == 1 ? T(0.2) : T(0), rb = i % 5 == 2 ? T(0.1) : T(0);
        const auto pa = gjk::PreparedShape<T>::make(a, ra), pb = gjk::PreparedShape<T>::make(b, rb);
        gjk::DistanceInput<T> in;
        if (i % 2 == 0) {
            in.a = pa.view(), in.b = pb.view();
        } else {
            in.a = gjk::ShapeView<T>(a, ra), in.b = gjk::ShapeView<T>(b, rb);
        }
        in.xf_b = gjk::Transform<T>::from({T(2 * u(rng)), T(2 * u(rng))}, T(3 * u(rng)));
        if (i % 8 == 0) { // square on square: touching
            in.xf_b = gjk::Transform<T>::from({T(2), T(0.5)}, T(0));
        }
        for (const bool always : {false, true}) {
            std::vector<gjk::TraceStep<T>> trace, own_trace;
            const auto both = gjk::distance_and_penetration(in, always, &trace);
            const auto d = gjk::distance(in, nullptr, &own_trace);
            ASSERT_TRUE(gjk_test::same_distance(both.distance, d)) << "case " << i;
            ASSERT_EQ(trace.size(), own_trace.size()) << "case " << i;
            ASSERT_EQ(both.has_penetration,
                      always || d.status == Status::touching || d.status == Status::overlapping)
                << "case " << i;
            if (!both.has_penetration) {
                continue;
            }
            const auto p = gjk::penetration(in);
            ASSERT_TRUE(gjk_test::same_penetration(both.penetration, p)) << "case " << i;
            if (!always) {
                contacts += 1;
                by_axes += p.termination == gjk::EpaTermination::separating_axis;
                touching += d.status == Status::touching;
            }
        }
    }
    EXPECT_GT(contacts, 500); // every path is taken: EPA, the separating axes, touching
    EXPECT_GT(by_axes, 100);
    EXPECT_GT(touching, 50);
}
