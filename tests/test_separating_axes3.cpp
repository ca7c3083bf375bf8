// Specifications of gjk/separating_axes3.hpp (and gjk/features3.hpp, the planes and edges it
// reads): the separating axis test of two small prepared polyhedra, checked against two
// brute-force oracles (support/penetration3_oracle.hpp) and against EPA, which answers the same
// pairs given as plain point sets: each is the other's check.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <vector>

#include "gjk/penetration3.hpp"
#include "gjk/prepared3.hpp"
#include "gjk/separating_axes3.hpp"
#include "support/exact_orientation3.hpp" // gmpxx
#include "support/penetration3_oracle.hpp"
#include "support/scalars.hpp"
#include "support/shapes3.hpp"

using gjk::AxisFeature3;
using gjk::DistanceInput3;
using gjk::EpaTermination;
using gjk::PreparedShape3;
using gjk::Quat;
using gjk::ShapeView3;
using gjk::Status;
using gjk::Transform3;
using gjk::Vec3;
using gjk_test::box;
using gjk_test::L;
using gjk_test::query;
using gjk_test::random_rotation;
using gjk_test::world;

namespace {

GJK_SCALAR_SUITE(SeparatingAxes3);

/// `count` points uniform in the unit ball.
template <class T> std::vector<Vec3<T>> ball_points(std::mt19937_64& rng, int count) {
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<Vec3<T>> points;
    while (int(points.size()) < count) {
        const double x = u(rng), y = u(rng), z = u(rng);
        if (x * x + y * y + z * z <= 1) {
            points.push_back({T(x), T(y), T(z)});
        }
    }
    return points;
}

/// The test's answer on a query's prepared shapes, in A's frame.
template <class T>
gjk::SeparatingAxes3<T> axes_of(const PreparedShape3<T>& a, const PreparedShape3<T>& b,
                                Transform3<T> xf_a, Transform3<T> xf_b) {
    xf_a.q = gjk::normalized(xf_a.q), xf_b.q = gjk::normalized(xf_b.q); // as penetration()
    return gjk::separating_axes3(a, b, gjk::detail::relative(xf_a, xf_b));
}

/// Whether q1 - q0 and p1 - p0 are parallel, in rationals: their cross product is zero.
template <class T> bool rational_parallel(Vec3<T> p0, Vec3<T> p1, Vec3<T> q0, Vec3<T> q1) {
    auto difference = [](Vec3<T> p, Vec3<T> q) {
        return std::array<mpq_class, 3>{mpq_class(double(p.x)) - mpq_class(double(q.x)),
                                        mpq_class(double(p.y)) - mpq_class(double(q.y)),
                                        mpq_class(double(p.z)) - mpq_class(double(q.z))};
    };
    const auto e = difference(p1, p0), f = difference(q1, q0);
    return e[1] * f[2] - e[2] * f[1] == 0 && e[2] * f[0] - e[0] * f[2] == 0 &&
           e[0] * f[1] - e[1] * f[0] == 0;
}

/// The oracles' tolerance, the one of TEST(Penetration3, DepthMatchesTheBruteForceMinkowskiHull)
/// (coordinates of about 1).
template <class T> double tolerance() {
    return std::is_same_v<T, float> ? 2e-5 : 1e-12;
}

} // namespace

// A box's 12 triangles lie in 6 planes, its 18 triangle sides are 12 edges (the 6 diagonals
// dropped); a tetrahedron and an octahedron have theirs. Above kAxesLimit corners, or flat,
// a shape keeps none and penetration() takes EPA's way.
TYPED_TEST(SeparatingAxes3, FeaturesAreTheFacetsAndEdgesOfTheHull) {
    using T = TypeParam;
    const auto cube = PreparedShape3<T>::make(box<T>(1, 2, 3));
    EXPECT_EQ(cube.features().plane_count(), 6);
    EXPECT_EQ(cube.features().edge_count(), 12);
    const std::vector<Vec3<T>> tetra{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    EXPECT_EQ(PreparedShape3<T>::make(tetra).features().plane_count(), 4);
    EXPECT_EQ(PreparedShape3<T>::make(tetra).features().edge_count(), 6);
    const std::vector<Vec3<T>> octa{{1, 0, 0},  {-1, 0, 0}, {0, 1, 0},
                                    {0, -1, 0}, {0, 0, 1},  {0, 0, -1}};
    EXPECT_EQ(PreparedShape3<T>::make(octa).features().plane_count(), 8);
    EXPECT_EQ(PreparedShape3<T>::make(octa).features().edge_count(), 12);
    // Their directions: a box's edges run three ways, a tetrahedron's six, and an
    // octahedron's twelve in six pairs of opposite, parallel edges.
    EXPECT_EQ(cube.features().direction_count(), 3);
    EXPECT_EQ(PreparedShape3<T>::make(tetra).features().direction_count(), 6);
    EXPECT_EQ(PreparedShape3<T>::make(octa).features().direction_count(), 6);
    // Every plane's offset is its corners' m . v, and every corner is on or below every plane.
    const auto& f = cube.features();
    for (int i = 0; i < f.plane_count(); ++i) {
        EXPECT_NEAR(gjk::length(f.normals[std::size_t(i)]), T(1), 1e-6);
        for (const Vec3<T>& v : cube.vertices()) {
            EXPECT_LE(gjk::dot(f.normals[std::size_t(i)], v), f.offsets[std::size_t(i)] + T(1e-5));
        }
    }
    std::mt19937_64 rng(7);
    const auto many = PreparedShape3<T>::make(ball_points<T>(rng, 200));
    ASSERT_GT(many.count(), PreparedShape3<T>::kAxesLimit);
    EXPECT_FALSE(many.has_axes());
    const std::vector<Vec3<T>> square{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    EXPECT_FALSE(PreparedShape3<T>::make(square).has_axes());
}

// Two unit cubes, B 0.5 into A along x: A's face +x against B's corner, depth 0.5, out along
// +x; penetration() takes the answer without GJK.
TYPED_TEST(SeparatingAxes3, OverlappingBoxesAreMeasuredWithoutGjk) {
    using T = TypeParam;
    const auto cube = PreparedShape3<T>::make(box<T>(1, 1, 1));
    const Transform3<T> xf_b{{T(1.5), T(0.25), T(0.125)}, {}};
    const auto axes = axes_of(cube, cube, {}, xf_b);
    ASSERT_TRUE(axes.decides_overlap());
    EXPECT_NEAR(axes.separation, T(-0.5), 1e-6);
    EXPECT_NEAR(axes.normal.x, T(1), 1e-6);
    const auto out = gjk::penetration(query(cube.view(), cube.view(), xf_b));
    EXPECT_EQ(out.status, Status::overlapping);
    EXPECT_EQ(out.termination, EpaTermination::separating_axis);
    EXPECT_EQ(out.iterations, 0);
    EXPECT_NEAR(out.depth, T(0.5), 1e-6);
    EXPECT_NEAR(out.normal.x, T(1), 1e-6);
    const Vec3<T> gap = out.point_b - out.point_a;
    EXPECT_NEAR(gap.x, T(-0.5), 1e-6);
    // The radii: rounded boxes go deeper by ra + rb, the witnesses out to the surfaces.
    const auto round_a = PreparedShape3<T>::make(box<T>(1, 1, 1), T(0.25));
    const auto round_b = PreparedShape3<T>::make(box<T>(1, 1, 1), T(0.125));
    const auto rounded = gjk::penetration(query(round_a.view(), round_b.view(), xf_b));
    EXPECT_EQ(rounded.termination, EpaTermination::separating_axis);
    EXPECT_NEAR(rounded.depth, T(0.875), 1e-6);
    EXPECT_NEAR(rounded.point_a.x, T(1.25), 1e-6);
}

// Two cubes turned so that A's top is an edge along x and B's bottom an edge along y, 0.25
// into each other: Z's closest face is that edge pair's, normal +z. No face of either cube
// comes near (their axes are 45 degrees off).
TYPED_TEST(SeparatingAxes3, CrossedEdgesGiveAnEdgePairWinner) {
    using T = TypeParam;
    const auto cube = PreparedShape3<T>::make(box<T>(1, 1, 1));
    const T s = T(std::sin(M_PI / 8)), c = T(std::cos(M_PI / 8));
    const Transform3<T> xf_a{{}, {s, 0, 0, c}};
    const T h = T(0.25);
    const Transform3<T> xf_b{{T(0.1), T(0.2), T(2 * std::sqrt(2.0)) - h}, {0, s, 0, c}};
    const auto axes = axes_of(cube, cube, xf_a, xf_b);
    ASSERT_TRUE(axes.decides_overlap());
    EXPECT_EQ(axes.feature, AxisFeature3::edges);
    const auto out = gjk::penetration(query(cube.view(), cube.view(), xf_b, xf_a));
    EXPECT_EQ(out.termination, EpaTermination::separating_axis);
    EXPECT_NEAR(out.depth, h, 1e-6);
    EXPECT_NEAR(out.normal.z, T(1), 1e-6);
    // The witnesses: A's edge at (0.1, 0, sqrt 2), B's h above it against the normal.
    EXPECT_NEAR(out.point_a.x, T(0.1), 1e-6);
    EXPECT_NEAR(out.point_a.y, T(0), 1e-6);
    EXPECT_NEAR(out.point_a.z, T(std::sqrt(2.0)), 1e-6);
    EXPECT_NEAR(out.point_b.z - out.point_a.z, -h, 1e-6);
    const auto epa = gjk::penetration(
        query(ShapeView3<T>(cube.vertices()), ShapeView3<T>(cube.vertices()), xf_b, xf_a));
    EXPECT_NE(epa.termination, EpaTermination::separating_axis);
    EXPECT_NEAR(epa.depth, out.depth, 1e-6);
}

// A box resting on another, turned about the vertical: their vertical edges are parallel, so
// their arcs lie on one great circle and the test is not sure of them: it projects every corner
// along their (round-off) cross product, which never wins over the faces, and the answer is the
// face's.
TYPED_TEST(SeparatingAxes3, StackedBoxesWithParallelEdgesAreMeasuredByTheirFaces) {
    using T = TypeParam;
    const auto cube = PreparedShape3<T>::make(box<T>(1, 1, 1));
    const T turn = T(std::sin(M_PI / 12)), keep = T(std::cos(M_PI / 12));
    const Transform3<T> xf_b{{T(0.3), T(-0.2), T(1.9)}, {0, 0, turn, keep}};
    const auto axes = axes_of(cube, cube, {}, xf_b);
    ASSERT_TRUE(axes.decides_overlap());
    EXPECT_NE(axes.feature, AxisFeature3::edges);
    EXPECT_NEAR(axes.separation, T(-0.1), 1e-6);
    EXPECT_NEAR(std::abs(axes.normal.z), T(1), 1e-6);
    EXPECT_GT(axes.projected, 0);
}

// Random turned boxes and random hulls of 8 to 16 points, overlapping by depths from 0 to about
// their size: the test's depth is the brute-force one (every_axis_depth) and EPA's on the same
// pairs as plain point sets, within the tolerance of EPA's own oracle test; the witnesses are
// depth apart against the normal; B moved out along the normal by the depth and a little more
// is apart, by a little less still overlapping. The test decides nearly every pair it applies to
// (the boxes and hulls of 8 points: kSeparatingAxesCorners), and each kind of winner turns up. On
// the boxes the two oracles are checked against each other.
TYPED_TEST(SeparatingAxes3, DepthIsTheBruteForceOnesAndEpasOnTurnedBoxesAndHulls) {
    using T = TypeParam;
    const double tol = tolerance<T>();
    std::mt19937_64 rng(20261127);
    std::uniform_real_distribution<double> u(-1, 1), half(0.3, 1);
    int overlapping = 0, applicable = 0, decided = 0, winners[4] = {0, 0, 0, 0};
    for (int trial = 0; trial < 240; ++trial) {
        const bool boxes = trial % 2 == 0;
        std::vector<Vec3<T>> a, b;
        if (boxes) {
            a = box<T>(T(half(rng)), T(half(rng)), T(half(rng)));
            b = box<T>(T(half(rng)), T(half(rng)), T(half(rng)));
        } else {
            a = ball_points<T>(rng, 8 + int(rng() % 9));
            b = ball_points<T>(rng, 8 + int(rng() % 9));
        }
        const auto pa = PreparedShape3<T>::make(a), pb = PreparedShape3<T>::make(b);
        ASSERT_TRUE(pa.has_axes() && pb.has_axes());
        const Transform3<T> xf_a{{T(u(rng)), T(u(rng)), T(u(rng))}, random_rotation<T>(rng)};
        const Vec3<double> dir = gjk::normalized(Vec3<double>{u(rng), u(rng), u(rng)});
        const double reach = std::uniform_real_distribution<double>(0, boxes ? 1.6 : 1.2)(rng);
        const Transform3<T> xf_b{xf_a.p +
                                     Vec3<T>{T(reach * dir.x), T(reach * dir.y), T(reach * dir.z)},
                                 random_rotation<T>(rng)};
        const std::vector<gjk_test::V> wa = world(a, xf_a), wb = world(b, xf_b);
        const gjk_test::Depth truth = gjk_test::every_axis_depth(wa, wb);
        if (boxes && trial < 40) {
            const gjk_test::Depth hull = gjk_test::brute_force_depth(wa, wb, 1e-15L);
            EXPECT_NEAR(double(truth.depth), double(hull.depth), 1e-12) << trial;
        }
        if (truth.depth <= L(tol)) {
            continue; // apart or touching: the near-touching test covers them
        }
        ++overlapping;
        const auto in = query(pa.view(), pb.view(), xf_b, xf_a);
        const auto out = gjk::penetration(in);
        const auto epa = gjk::penetration(
            query(ShapeView3<T>(pa.vertices()), ShapeView3<T>(pb.vertices()), xf_b, xf_a));
        ASSERT_EQ(out.status, Status::overlapping) << trial;
        ASSERT_EQ(epa.status, Status::overlapping) << trial;
        applicable += gjk::detail::separating_axes3_apply(in.a, in.b);
        if (out.termination != EpaTermination::separating_axis) {
            continue;
        }
        ++decided;
        ++winners[int(axes_of(pa, pb, xf_a, xf_b).feature)];
        EXPECT_NEAR(double(out.depth), double(truth.depth), 8 * tol) << trial;
        EXPECT_NEAR(double(out.depth), double(epa.depth), 8 * tol) << trial;
        const Vec3<T> gap = out.point_b - out.point_a;
        EXPECT_NEAR(double(gjk::length(gap)), double(out.depth), 8 * tol) << trial;
        EXPECT_NEAR(double(gjk::dot(gap, out.normal)), double(-out.depth), 8 * tol) << trial;
        EXPECT_NEAR(double(gjk::length(out.normal)), 1.0, 8 * tol) << trial;
        auto moved = in;
        moved.xf_b.p += (out.depth + T(64 * tol)) * out.normal;
        EXPECT_EQ(gjk::distance(moved).status, Status::separated) << trial;
        moved.xf_b.p = in.xf_b.p + (out.depth - T(64 * tol)) * out.normal;
        EXPECT_EQ(gjk::distance(moved).status, Status::overlapping) << trial;
    }
    EXPECT_GT(overlapping, 150);
    EXPECT_GE(decided, applicable - 2);
    EXPECT_GT(applicable, 60);
    EXPECT_GT(winners[int(AxisFeature3::face_a)], 10);
    EXPECT_GT(winners[int(AxisFeature3::face_b)], 10);
    EXPECT_GT(winners[int(AxisFeature3::edges)], 10);
}

// Edges share a direction exactly when they are parallel in rationals. Slanted boxes
// (parallelepipeds) whose top is the bottom moved by (dx, dy, height): each side edge is a corner's
// coordinates plus the slant, rounded, so two side edges are parallel only when both roundings
// kept the slant, and a top edge is parallel to its bottom edge only when the two sums of its
// ends rounded alike. Each pair of edges is checked against rational arithmetic.
TYPED_TEST(SeparatingAxes3, EdgesShareADirectionExactlyWhenTheyAreParallel) {
    using T = TypeParam;
    std::mt19937_64 rng(20261129);
    std::uniform_real_distribution<double> u(0.1, 3);
    int split = 0, kept = 0;
    for (int trial = 0; trial < 200; ++trial) {
        // A quarter of them on a grid of 1/8, where every sum is exact: all parallel.
        auto value = [&](double x) { return T(trial % 4 == 0 ? std::round(8 * x) / 8 : x); };
        const T w = value(u(rng)), h = value(u(rng)), dx = value(u(rng) / 3);
        const T dy = value(u(rng) / 3), height = value(u(rng));
        std::vector<Vec3<T>> points;
        for (int c = 0; c < 8; ++c) {
            const T x = c & 1 ? w : T(0), y = c & 2 ? h : T(0);
            points.push_back(c & 4 ? Vec3<T>{x + dx, y + dy, height} : Vec3<T>{x, y, 0});
        }
        const auto shape = PreparedShape3<T>::make(points);
        const auto& f = shape.features();
        ASSERT_EQ(f.edge_count(), 12) << trial;
        const auto v = shape.vertices();
        for (int i = 0; i < f.edge_count(); ++i) {
            for (int j = 0; j < i; ++j) {
                const auto& p = f.ends[std::size_t(i)];
                const auto& q = f.ends[std::size_t(j)];
                const bool parallel = rational_parallel(v[std::size_t(p[0])], v[std::size_t(p[1])],
                                                        v[std::size_t(q[0])], v[std::size_t(q[1])]);
                EXPECT_EQ(f.direction_of[std::size_t(i)] == f.direction_of[std::size_t(j)],
                          parallel)
                    << trial << " edges " << i << ", " << j;
            }
        }
        split += f.direction_count() > 3;
        kept += f.direction_count() == 3;
    }
    EXPECT_GT(split, 20); // both cases occur
    EXPECT_GE(kept, 50);
}

// Two boxes have 3 edge directions each, so the test measures their edge pairs along the 9
// cross products of the directions, projecting every corner, rather than testing the arcs of
// 144 edge pairs. On random turned boxes overlapping by up to their size its depth is the
// brute-force one, the edge pairs win on some, and their witnesses are on the two edges that
// support the boxes along the normal: A's witness on A's edge, B's on B's, depth apart.
TYPED_TEST(SeparatingAxes3, BoxesAreMeasuredAlongTheCrossProductsOfTheirDirections) {
    using T = TypeParam;
    const double tol = tolerance<T>();
    std::mt19937_64 rng(20261130);
    std::uniform_real_distribution<double> u(-1, 1), half(0.3, 1);
    int decided = 0, edge_winners = 0;
    for (int trial = 0; trial < 200; ++trial) {
        const auto a = box<T>(T(half(rng)), T(half(rng)), T(half(rng)));
        const auto b = box<T>(T(half(rng)), T(half(rng)), T(half(rng)));
        const auto pa = PreparedShape3<T>::make(a), pb = PreparedShape3<T>::make(b);
        const Transform3<T> xf_a{{T(u(rng)), T(u(rng)), T(u(rng))}, random_rotation<T>(rng)};
        const Vec3<double> dir = gjk::normalized(Vec3<double>{u(rng), u(rng), u(rng)});
        const double reach = std::uniform_real_distribution<double>(0, 1.6)(rng);
        const Transform3<T> xf_b{xf_a.p +
                                     Vec3<T>{T(reach * dir.x), T(reach * dir.y), T(reach * dir.z)},
                                 random_rotation<T>(rng)};
        const auto axes = axes_of(pa, pb, xf_a, xf_b);
        if (axes.feature == AxisFeature3::none) {
            continue; // apart by a face: no edge pair measured
        }
        EXPECT_LE(axes.measured, 9) << trial;
        if (!axes.decides_overlap()) {
            continue;
        }
        ++decided;
        const gjk_test::Depth truth = gjk_test::every_axis_depth(world(a, xf_a), world(b, xf_b));
        EXPECT_NEAR(double(-axes.separation), double(truth.depth), 8 * tol) << trial;
        if (axes.feature != AxisFeature3::edges) {
            continue;
        }
        ++edge_winners;
        // The witnesses on the edges (A's frame): each within round-off of its segment.
        const auto& fa = pa.features();
        const auto& fb = pb.features();
        const auto relative = gjk::detail::relative(Transform3<T>{xf_a.p, gjk::normalized(xf_a.q)},
                                                    Transform3<T>{xf_b.p, gjk::normalized(xf_b.q)});
        const Vec3<T> a0 = pa.vertices()[std::size_t(fa.ends[std::size_t(axes.index_a)][0])];
        const Vec3<T> a1 = pa.vertices()[std::size_t(fa.ends[std::size_t(axes.index_a)][1])];
        const Vec3<T> b0 =
            gjk::apply(relative, pb.vertices()[std::size_t(fb.ends[std::size_t(axes.index_b)][0])]);
        const Vec3<T> b1 =
            gjk::apply(relative, pb.vertices()[std::size_t(fb.ends[std::size_t(axes.index_b)][1])]);
        auto off_segment = [](Vec3<T> p, Vec3<T> s0, Vec3<T> s1) {
            const Vec3<T> d = s1 - s0;
            const T t = std::clamp(gjk::dot(p - s0, d) / gjk::dot(d, d), T(0), T(1));
            return double(gjk::length(p - (s0 + t * d)));
        };
        EXPECT_LT(off_segment(axes.point_a, a0, a1), 8 * tol) << trial;
        EXPECT_LT(off_segment(axes.point_b, b0, b1), 8 * tol) << trial;
        EXPECT_NEAR(double(gjk::length(axes.point_b - axes.point_a)), double(-axes.separation),
                    8 * tol)
            << trial;
    }
    EXPECT_GT(decided, 100);
    EXPECT_GT(edge_winners, 10);
}

// Found by fuzz_kernel when it began to check the separating axis test (the same shapes
// prepared): float boxes a billion across, whose winning edge pair's closest points took products
// of four coordinates (about 1e37, and up to 1e72 within the kernel's range), which overflowed to
// a NaN witness; penetration() reported nonfinite_result where EPA on the points answered. The
// crossed edges of CrossedEdgesGiveAnEdgePairWinner at 2^40 times the size: the same answer,
// scaled.
TYPED_TEST(SeparatingAxes3, EdgeWitnessesOfHugeShapesAreFinite) {
    using T = TypeParam;
    const T big = T(std::ldexp(1.0, 40));
    const auto cube = PreparedShape3<T>::make(box<T>(big, big, big));
    const T s = T(std::sin(M_PI / 8)), c = T(std::cos(M_PI / 8));
    const Transform3<T> xf_a{{}, {s, 0, 0, c}};
    const T h = T(0.25) * big;
    const Transform3<T> xf_b{{T(0.1) * big, T(0.2) * big, T(2 * std::sqrt(2.0)) * big - h},
                             {0, s, 0, c}};
    const auto out = gjk::penetration(query(cube.view(), cube.view(), xf_b, xf_a));
    ASSERT_EQ(out.error, gjk::InputError::none);
    EXPECT_EQ(out.termination, EpaTermination::separating_axis);
    EXPECT_EQ(axes_of(cube, cube, xf_a, xf_b).feature, AxisFeature3::edges);
    EXPECT_NEAR(double(out.depth / big), 0.25, 1e-6);
    EXPECT_NEAR(double(out.point_a.x / big), 0.1, 1e-6);
    EXPECT_NEAR(double(out.point_a.z / big), std::sqrt(2.0), 1e-6);
    EXPECT_NEAR(double((out.point_b.z - out.point_a.z) / big), -0.25, 1e-6);
}

// Found by fuzz_kernel the same day: B's corners turned into A's frame can round two ends of a
// short edge to one point, and the closest points of that edge and A's divided by its squared
// length, zero (UBSan: division by zero). A segment of no length is its first end; the other's
// closest point is that end's projection, clamped.
TYPED_TEST(SeparatingAxes3, AnEdgeOfNoLengthHasItsEndForClosestPoint) {
    using T = TypeParam;
    const Vec3<T> point{T(0.25), T(2), T(1)};
    const Vec3<T> q0{T(-1), T(0), T(0)}, q1{T(1), T(0), T(0)};
    Vec3<T> on_p, on_q;
    gjk::detail::closest_points_of_segments(point, point, q0, q1, on_p, on_q);
    EXPECT_EQ(on_p, point);
    EXPECT_EQ(on_q, (Vec3<T>{T(0.25), T(0), T(0)}));
    gjk::detail::closest_points_of_segments(q0, q1, point, point, on_p, on_q);
    EXPECT_EQ(on_p, (Vec3<T>{T(0.25), T(0), T(0)}));
    EXPECT_EQ(on_q, point);
    gjk::detail::closest_points_of_segments(point, point, q1, q1, on_p, on_q);
    EXPECT_EQ(on_p, point);
    EXPECT_EQ(on_q, q1);
    // Beyond an end: clamped to it.
    const Vec3<T> far{T(3), T(1), T(0)};
    gjk::detail::closest_points_of_segments(far, far, q0, q1, on_p, on_q);
    EXPECT_EQ(on_q, q1);
}

// Pairs put at their EPA depth along EPA's normal, give or take a few guards: touching to
// round-off. Where the cores surely overlap the test's depth is the oracle's; where they touch
// or are apart it does not decide (penetration() falls back to GJK and EPA). Never a wrong
// depth, and the stacked cubes touching face to face are left to EPA's proof of contact.
TYPED_TEST(SeparatingAxes3, NearTouchingPairsAreLeftToGjkAndEpa) {
    using T = TypeParam;
    const double tol = tolerance<T>();
    const auto cube = PreparedShape3<T>::make(box<T>(1, 1, 1));
    const Transform3<T> on_top{{T(0.25), T(0.5), T(2)}, {}};
    const auto touching = axes_of(cube, cube, {}, on_top);
    EXPECT_FALSE(touching.decides_overlap());
    const auto contact = gjk::penetration(query(cube.view(), cube.view(), on_top));
    EXPECT_EQ(contact.status, Status::touching);
    EXPECT_NE(contact.termination, EpaTermination::separating_axis);
    const T guard = touching.guard;
    const auto barely = axes_of(cube, cube, {}, {{T(0.25), T(0.5), T(2) - guard / 4}, {}});
    EXPECT_FALSE(barely.decides_overlap());

    std::mt19937_64 rng(20261128);
    std::uniform_real_distribution<double> u(-1, 1), half(0.3, 1);
    int sure = 0, unsure = 0;
    for (int trial = 0; trial < 120; ++trial) {
        const bool boxes = trial % 2 == 0;
        const auto a = boxes ? box<T>(T(half(rng)), T(half(rng)), T(half(rng)))
                             : ball_points<T>(rng, 8 + int(rng() % 9));
        const auto b = boxes ? box<T>(T(half(rng)), T(half(rng)), T(half(rng)))
                             : ball_points<T>(rng, 8 + int(rng() % 9));
        const auto pa = PreparedShape3<T>::make(a), pb = PreparedShape3<T>::make(b);
        const Transform3<T> xf_a{{}, random_rotation<T>(rng)};
        Transform3<T> xf_b{{T(0.3 * u(rng)), T(0.3 * u(rng)), T(0.3 * u(rng))},
                           random_rotation<T>(rng)};
        const auto epa = gjk::penetration(
            query(ShapeView3<T>(pa.vertices()), ShapeView3<T>(pb.vertices()), xf_b, xf_a));
        ASSERT_EQ(epa.status, Status::overlapping) << trial;
        const double steps[] = {-8, -1, -0.5, 0, 0.5, 1, 8};
        const double step = steps[trial % 7];
        xf_b.p += (epa.depth + T(step) * guard) * epa.normal;
        const auto axes = axes_of(pa, pb, xf_a, xf_b);
        const gjk_test::Depth truth = gjk_test::every_axis_depth(world(a, xf_a), world(b, xf_b));
        if (!axes.decides_overlap()) {
            ++unsure;
            continue;
        }
        ++sure;
        EXPECT_GT(double(truth.depth), 0.0) << trial;
        EXPECT_NEAR(double(-axes.separation), double(truth.depth), 8 * tol) << trial;
    }
    EXPECT_GT(unsure, 20);
    EXPECT_GT(sure, 5);
}
