// tests/oracle/test_oracle_distances.cpp - tests of the oracle's distances (distance, depth,
// rounded, point and signed distances, cast fraction): hand-computed answers, and a randomized
// cross-check against an integer separating-axis test and exact squared distances.
#include "oracle/oracle.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <ostream>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

#include "oracle/test_support.hpp"

namespace {

using oracle::P;
using oracle::R;
using oracle_test::Poly;
using oracle_test::random_int_points;
using oracle_test::square;

constexpr R kTol = 1e-17L;

bool near(P a, P b, R tol) {
    return std::fabs(a.x - b.x) <= tol && std::fabs(a.y - b.y) <= tol;
}

// ---------------------------------------------------------------------------------------------
// Randomized cross-check with integer arithmetic only.

// Separating axis test on integer hulls. For disjoint convex polygons the direction between a
// closest pair separates them, and it is either an edge normal or a vertex-vertex difference, so
// those axes suffice (also for points and segments). Touching projections do not separate.
bool sat_disjoint(const Poly& a, const Poly& b) {
    std::vector<std::pair<std::int64_t, std::int64_t>> axes;
    for (const Poly* h : {&a, &b}) {
        for (std::size_t i = 0; i < h->size(); ++i) {
            const P p = (*h)[i], q = (*h)[(i + 1) % h->size()];
            axes.emplace_back(static_cast<std::int64_t>(p.y - q.y),
                              static_cast<std::int64_t>(q.x - p.x));
        }
    }
    for (const P& p : a) {
        for (const P& q : b) {
            axes.emplace_back(static_cast<std::int64_t>(q.x - p.x),
                              static_cast<std::int64_t>(q.y - p.y));
        }
    }
    for (const auto& axis : axes) {
        const std::int64_t nx = axis.first, ny = axis.second;
        if (nx == 0 && ny == 0) {
            continue;
        }
        auto proj = [&](const P& p) {
            return nx * static_cast<std::int64_t>(p.x) + ny * static_cast<std::int64_t>(p.y);
        };
        std::int64_t amin = proj(a[0]), amax = amin, bmin = proj(b[0]), bmax = bmin;
        for (const P& p : a) {
            amin = std::min(amin, proj(p));
            amax = std::max(amax, proj(p));
        }
        for (const P& p : b) {
            bmin = std::min(bmin, proj(p));
            bmax = std::max(bmax, proj(p));
        }
        if (amax < bmin || bmax < amin) {
            return true;
        }
    }
    return false;
}

mpq_class exact_point_segment_sq(const P& q, const P& a, const P& b) {
    const mpq_class qx(static_cast<long>(q.x)), qy(static_cast<long>(q.y));
    const mpq_class ax(static_cast<long>(a.x)), ay(static_cast<long>(a.y));
    const mpq_class bx(static_cast<long>(b.x)), by(static_cast<long>(b.y));
    const mpq_class dx = bx - ax, dy = by - ay;
    const mpq_class dd = dx * dx + dy * dy;
    mpq_class t = 0;
    if (dd != 0) {
        t = ((qx - ax) * dx + (qy - ay) * dy) / dd;
        t = t < 0 ? mpq_class(0) : (t > 1 ? mpq_class(1) : t);
    }
    const mpq_class ex = qx - (ax + t * dx), ey = qy - (ay + t * dy);
    return ex * ex + ey * ey;
}

// Exact squared distance between disjoint integer hulls (all vertex/segment pairs).
mpq_class exact_distance_sq(const Poly& a, const Poly& b) {
    mpq_class best = -1;
    auto consider = [&best](const mpq_class& d) {
        if (best < 0 || d < best) {
            best = d;
        }
    };
    for (const Poly* h : {&a, &b}) {
        const Poly& other = h == &a ? b : a;
        for (const P& p : *h) {
            for (std::size_t i = 0; i < other.size(); ++i) {
                consider(exact_point_segment_sq(p, other[i], other[(i + 1) % other.size()]));
            }
        }
    }
    return best;
}

TEST(OracleRandomized, IntersectAgreesWithIntegerSatAndDistanceWithExactRationals) {
    std::mt19937_64 rng(2024);
    int intersecting = 0, disjoint = 0;
    for (int n = 0; n < 3000; ++n) {
        // Small grids produce many touching, collinear and degenerate configurations.
        const int range = n % 3 == 0 ? 3 : (n % 3 == 1 ? 6 : 1000);
        const Poly a = oracle::hull(random_int_points(rng, 1 + n % 6, range));
        Poly bpts = random_int_points(rng, 1 + (n / 6) % 6, range);
        for (P& p : bpts) {
            p.x += static_cast<R>(n % 5) - 2;
        }
        const Poly b = oracle::hull(bpts);
        SCOPED_TRACE(testing::Message() << "case " << n);
        const bool expected = !sat_disjoint(a, b);
        ASSERT_EQ(oracle::intersect(a, b), expected);
        ASSERT_EQ(oracle::intersect(b, a), expected);
        const oracle::Closest c = oracle::distance(a, b);
        if (expected) {
            ++intersecting;
            EXPECT_EQ(c.distance, 0);
            EXPECT_EQ(c.a, c.b);
            // A contained vertex is exact; an edge crossing point is rounded to long double.
            const R tol = 1e-15L * range;
            EXPECT_LE(oracle::distance(a, {c.a}).distance, tol);
            EXPECT_LE(oracle::distance(b, {c.a}).distance, tol);
        } else {
            ++disjoint;
            const R exact = std::sqrt(static_cast<R>(exact_distance_sq(a, b).get_d()));
            EXPECT_GT(c.distance, 0);
            EXPECT_LE(std::fabs(c.distance - exact), 1e-15L * exact);
            EXPECT_LE(std::fabs(std::hypot(c.a.x - c.b.x, c.a.y - c.b.y) - c.distance),
                      1e-15L * exact);
            EXPECT_EQ(oracle::distance(b, a).distance, c.distance);
        }
    }
    EXPECT_GT(intersecting, 300);
    EXPECT_GT(disjoint, 300);
}

// ---------------------------------------------------------------------------------------------
// distance

TEST(OracleDistance, UnitSquaresThreeApart) {
    const Poly a = oracle::hull(square(0, 0, 1));
    const Poly b = oracle::hull(square(4, 0, 1));
    const oracle::Closest c = oracle::distance(a, b);
    EXPECT_EQ(c.distance, 3);
    EXPECT_EQ(c.a.x, 1);
    EXPECT_EQ(c.b.x, 4);
    EXPECT_EQ(c.a.y, c.b.y);
    EXPECT_GE(c.a.y, 0);
    EXPECT_LE(c.a.y, 1);
    const oracle::Closest r = oracle::distance(b, a);
    EXPECT_EQ(r.distance, 3);
    EXPECT_EQ(r.a.x, 4);
    EXPECT_EQ(r.b.x, 1);
}

TEST(OracleDistance, DiagonalSquaresClosestAtCorners) {
    const oracle::Closest c =
        oracle::distance(oracle::hull(square(0, 0, 1)), oracle::hull(square(4, 5, 1)));
    EXPECT_EQ(c.distance, 5); // corner (1, 1) to corner (4, 5)
    EXPECT_EQ(c.a, (P{1, 1}));
    EXPECT_EQ(c.b, (P{4, 5}));
}

TEST(OracleDistance, PointToTriangleByHand) {
    const Poly tri = oracle::hull({{0, 0}, {4, 0}, {0, 4}});
    // Above the hypotenuse x + y = 4: |3 + 3 - 4| / sqrt(2) = sqrt(2), foot (2, 2).
    oracle::Closest c = oracle::distance(tri, {{3, 3}});
    EXPECT_LE(std::fabs(c.distance - std::sqrt(2.0L)), kTol);
    EXPECT_TRUE(near(c.a, {2, 2}, kTol));
    EXPECT_EQ(c.b, (P{3, 3}));
    // Below-left: nearest is the vertex (0, 0), distance sqrt(5).
    c = oracle::distance({{-1, -2}}, tri);
    EXPECT_LE(std::fabs(c.distance - std::sqrt(5.0L)), kTol);
    EXPECT_EQ(c.a, (P{-1, -2}));
    EXPECT_EQ(c.b, (P{0, 0}));
    // Below the bottom edge: distance 3, foot (2, 0).
    c = oracle::distance(tri, {{2, -3}});
    EXPECT_EQ(c.distance, 3);
    EXPECT_EQ(c.a, (P{2, 0}));
    // Beyond the vertex (4, 0), outside both adjacent edges' slabs: sqrt(2) to the vertex.
    c = oracle::distance(tri, {{5, -1}});
    EXPECT_LE(std::fabs(c.distance - std::sqrt(2.0L)), kTol);
    EXPECT_EQ(c.a, (P{4, 0}));
    // Left of the vertical edge: distance 0.5, foot (0, 1).
    c = oracle::distance(tri, {{-0.5L, 1}});
    EXPECT_EQ(c.distance, 0.5L);
    EXPECT_EQ(c.a, (P{0, 1}));
}

TEST(OracleDistance, SegmentsAndPoints) {
    // Parallel segments one apart, overlapping in x.
    EXPECT_EQ(
        oracle::distance(oracle::hull({{0, 0}, {2, 0}}), oracle::hull({{1, 1}, {3, 1}})).distance,
        1);
    // Collinear disjoint segments: gap between (2, 2) and (5, 6) is 5.
    EXPECT_EQ(
        oracle::distance(oracle::hull({{0, 0}, {2, 2}}), oracle::hull({{5, 6}, {8, 10}})).distance,
        5);
    const oracle::Closest c = oracle::distance({{0, 0}}, {{3, 4}});
    EXPECT_EQ(c.distance, 5);
    EXPECT_EQ(c.a, (P{0, 0}));
    EXPECT_EQ(c.b, (P{3, 4}));
}

TEST(OracleDistance, ZeroWhenOverlappingWithACommonPoint) {
    const Poly a = oracle::hull(square(0, 0, 1));
    const Poly b = oracle::hull(square(0.5L, 0.5L, 1));
    oracle::Closest c = oracle::distance(a, b);
    EXPECT_EQ(c.distance, 0);
    EXPECT_EQ(c.a, c.b);
    EXPECT_TRUE(oracle::contains(a, c.a));
    EXPECT_TRUE(oracle::contains(b, c.a));
    // Touching only: the common point is on both boundaries.
    c = oracle::distance(a, oracle::hull(square(1, 1, 1)));
    EXPECT_EQ(c.distance, 0);
    EXPECT_EQ(c.a, (P{1, 1}));
    // Crossing segments: the only common point is the crossing (0.5, 0.5).
    c = oracle::distance(oracle::hull({{0, 0}, {1, 1}}), oracle::hull({{0, 1}, {1, 0}}));
    EXPECT_EQ(c.distance, 0);
    EXPECT_EQ(c.a, (P{0.5L, 0.5L}));
    EXPECT_EQ(c.b, (P{0.5L, 0.5L}));
    // Star of David: a crossing point of two edges, on both hulls.
    const Poly up_tri = oracle::hull({{0, 0}, {6, 0}, {3, 6}});
    const Poly down_tri = oracle::hull({{0, 4}, {6, 4}, {3, -2}});
    c = oracle::distance(up_tri, down_tri);
    EXPECT_EQ(c.distance, 0);
    EXPECT_TRUE(oracle::contains(up_tri, c.a));
    EXPECT_TRUE(oracle::contains(down_tri, c.a));
}

TEST(OracleDistance, ThrowsOnEmptyHull) {
    EXPECT_THROW(oracle::distance({}, {{0, 0}}), std::invalid_argument);
    EXPECT_THROW(oracle::distance({{0, 0}}, {}), std::invalid_argument);
}

TEST(OracleDistance, PointSegmentDistanceClampsAndHandlesZeroLength) {
    P c;
    EXPECT_EQ(oracle::point_segment_distance({1, 2}, {0, 0}, {2, 0}, &c), 2);
    EXPECT_EQ(c, (P{1, 0}));
    EXPECT_EQ(oracle::point_segment_distance({-3, 4}, {0, 0}, {2, 0}, &c), 5);
    EXPECT_EQ(c, (P{0, 0}));
    EXPECT_EQ(oracle::point_segment_distance({5, 4}, {0, 0}, {2, 0}, &c), 5);
    EXPECT_EQ(c, (P{2, 0}));
    EXPECT_EQ(oracle::point_segment_distance({4, 5}, {1, 1}, {1, 1}, &c), 5);
    EXPECT_EQ(c, (P{1, 1}));
}

// ---------------------------------------------------------------------------------------------
// depth

TEST(OracleDepth, UnitSquaresOverlappingByAQuarterAlongX) {
    const Poly a = oracle::hull(square(0, 0, 1));
    EXPECT_EQ(oracle::depth(a, oracle::hull(square(0.75L, 0, 1))), 0.25L);
    EXPECT_EQ(oracle::depth(oracle::hull(square(0.75L, 0, 1)), a), 0.25L);
    // Overlap 0.25 in x and 0.5 in y: the smaller one wins.
    EXPECT_EQ(oracle::depth(a, oracle::hull(square(0.75L, 0.5L, 1))), 0.25L);
    EXPECT_EQ(oracle::depth(a, oracle::hull(square(-0.5L, 0.75L, 1))), 0.25L);
}

TEST(OracleDepth, ByHandForContainmentAndIdenticalShapes) {
    // Point (3, 4) inside [0, 10]^2: nearest side is x = 0 at distance 3.
    EXPECT_EQ(oracle::depth(oracle::hull(square(0, 0, 10)), {{3, 4}}), 3);
    // Identical unit squares: must move by a full side.
    EXPECT_EQ(oracle::depth(oracle::hull(square(0, 0, 1)), oracle::hull(square(0, 0, 1))), 1);
    // Triangle (0,0),(4,0),(0,4) against the point (1, 1): sides x = 0 and y = 0 are 1 away,
    // the hypotenuse 2 / sqrt(2) = sqrt(2).
    EXPECT_EQ(oracle::depth(oracle::hull({{0, 0}, {4, 0}, {0, 4}}), {{1, 1}}), 1);
    EXPECT_LE(std::fabs(oracle::depth(oracle::hull({{0, 0}, {4, 0}, {0, 4}}), {{1.5L, 1.5L}}) -
                        std::sqrt(0.5L)),
              kTol);
}

TEST(OracleDepth, ZeroWhenTouchingDisjointOrFlat) {
    const Poly a = oracle::hull(square(0, 0, 1));
    EXPECT_EQ(oracle::depth(a, oracle::hull(square(1, 0, 1))), 0);
    EXPECT_EQ(oracle::depth(a, oracle::hull(square(1, 1, 1))), 0);
    EXPECT_EQ(oracle::depth(a, oracle::hull(square(3, 0, 1))), 0);
    EXPECT_EQ(oracle::depth(a, {{1, 0.5L}}), 0);
    // Collinear overlapping segments: the Minkowski difference is a segment, no interior.
    EXPECT_EQ(oracle::depth(oracle::hull({{0, 0}, {2, 0}}), oracle::hull({{1, 0}, {3, 0}})), 0);
}

// Regression, found by fuzz_kernel (fuzz/findings/fuzz_kernel-epa-float-near-range): float
// points up to 1.1e18 mixed with subnormal ones. The long double differences b - a round, and
// their hull has edges one rounding long (the vertices (-7.9e16, 2.5e-14) and (-7.9e16,
// 2.5e-14 + 1 ulp)). depth() took the distance to each edge's line, |p x q| / |q - p|: for
// that edge the cross product's round-off divided by a length of 1e-33, 2^56 = 7.2e16, below
// the true depth, 7.866011417e16 (from rational arithmetic), and fuzz_kernel blamed the
// kernel's right answer. The distance to the edge itself is well conditioned and, with the
// origin inside the hull, has the same minimum.
TEST(OracleDepth, TinyHullEdgesDoNotDecideTheDepth) {
    auto f = [](const char* hex) { return static_cast<R>(std::strtof(hex, nullptr)); };
    const Poly a = oracle::hull({{f("-0x1.8278p+4"), f("-0x1.c18004p+58")},
                                 {f("-0x1.007ep+57"), f("-0x1.be4p-63")},
                                 {f("0x1.0848p-135"), f("0x1.439p+59")},
                                 {f("0x1.00304p+55"), f("0x1.0382p-95")},
                                 {f("-0x1.3e2ep-83"), f("-0x1.838382p+4")},
                                 {f("0x1.58cc1p-129"), f("-0x1.f0700ep+59")},
                                 {f("0x1.fa7f5p-126"), f("0x1.06p-117")},
                                 {f("0x1.19199p+56"), f("-0x1.c7062ap-46")}});
    const Poly b =
        oracle::hull({{f("0x1.dff7f4p-127"), f("0x1.65fffep-110")}, {0, 0}, {0, f("0x1.04p-143")}});
    // Long double differences of 1e17 round by 1e17 * 2^-64 = 0.005.
    EXPECT_NEAR(oracle::depth(a, b), 7.8660114171110588306e16L, 1);
}

// ---------------------------------------------------------------------------------------------
// rounded_distance / point_distance

TEST(OracleRoundedDistance, SubtractsBothRadiiAndClampsAtZero) {
    const Poly a = oracle::hull(square(0, 0, 1));
    const Poly b = oracle::hull(square(4, 0, 1));
    EXPECT_EQ(oracle::rounded_distance(a, 1, b, 0.5L), 1.5L);
    EXPECT_EQ(oracle::rounded_distance(a, 0, b, 0), 3);
    EXPECT_EQ(oracle::rounded_distance(a, 1.5L, b, 1.5L), 0);
    EXPECT_EQ(oracle::rounded_distance(a, 2, b, 2), 0);
    EXPECT_EQ(oracle::rounded_distance(a, 0.1L, oracle::hull(square(0.5L, 0.5L, 1)), 0.1L), 0);
    // Two discs: centres 5 apart, radii 1 and 2.
    EXPECT_EQ(oracle::rounded_distance({{0, 0}}, 1, {{3, 4}}, 2), 2);
}

TEST(OraclePointDistance, DistanceToDilatedHull) {
    const Poly sq = oracle::hull(square(0, 0, 1));
    EXPECT_EQ(oracle::point_distance(sq, 0.5L, {3, 0.5L}), 1.5L);
    EXPECT_EQ(oracle::point_distance(sq, 0, {3, 0.5L}), 2);
    EXPECT_LE(std::fabs(oracle::point_distance(sq, 0.5L, {2, 2}) - (std::sqrt(2.0L) - 0.5L)), kTol);
    EXPECT_EQ(oracle::point_distance(sq, 0.5L, {0.5L, 0.5L}), 0);
    EXPECT_EQ(oracle::point_distance(sq, 0.5L, {1.25L, 0.5L}), 0);
    EXPECT_EQ(oracle::point_distance(sq, 0, {1, 1}), 0);
    EXPECT_EQ(oracle::point_distance({{0, 0}}, 1, {3, 4}), 4);
    EXPECT_EQ(oracle::point_distance(oracle::hull({{0, 0}, {10, 0}}), 1, {5, -3}), 2);
}

} // namespace

// Signed distance: the gap minus the radii when apart, minus (depth + radii) when overlapping.
// Two unit squares, B shifted by (1.5, 0.2): they overlap by 0.5 along x.
TEST(OracleSignedDistance, GapOutsideDepthInside) {
    const std::vector<oracle::P> sq = oracle::hull({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}});
    EXPECT_EQ(oracle::signed_distance(sq, 0, oracle::moved(sq, 1, {1.5L, 0.2L}), 0), -0.5L);
    EXPECT_EQ(oracle::signed_distance(sq, 0.25L, oracle::moved(sq, 1, {1.5L, 0.2L}), 0.5L), -1.25L);
    EXPECT_EQ(oracle::signed_distance(sq, 0.25L, oracle::moved(sq, 1, {5, 0}), 0.5L), 2.25L);
    EXPECT_EQ(oracle::signed_distance(sq, 0, oracle::moved(sq, 1, {2, 0.5L}), 0), 0.0L); // touching
}

// The cast oracle on hand-computed motions: a unit square B 5 to the right moving 6 left
// meets A's right face at t = 0.5; with a target of 1 at t = 1/3; moving up it never does;
// both moving (gap 3 closing at 4 per step) at t = 0.75; already touching at t = 0.
TEST(OracleCastFraction, HandComputedFractions) {
    const std::vector<oracle::P> sq = oracle::hull({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}});
    const auto b = oracle::moved(sq, 1, {5, 0});
    EXPECT_NEAR(oracle::cast_fraction(sq, 0, {0, 0}, b, 0, {-6, 0}, 0), 0.5L, 1e-18L);
    EXPECT_NEAR(oracle::cast_fraction(sq, 0, {0, 0}, b, 0, {-6, 0}, 1), 1.0L / 3, 1e-18L);
    EXPECT_EQ(oracle::cast_fraction(sq, 0, {0, 0}, b, 0, {0, 6}, 0), -1);
    EXPECT_NEAR(oracle::cast_fraction(sq, 0, {2, 0}, b, 0, {-2, 0}, 0), 0.75L, 1e-18L);
    EXPECT_EQ(oracle::cast_fraction(sq, 0, {0, 0}, oracle::moved(sq, 1, {2, 0}), 0, {1, 0}, 0), 0);
    // Radii count: circles of radius 1 and 0.5, centres 10 apart closing at 10, target 0.5.
    const std::vector<oracle::P> pt = {{0, 0}};
    EXPECT_NEAR(
        oracle::cast_fraction(pt, 1, {0, 0}, oracle::moved(pt, 1, {10, 0}), 0.5L, {-10, 0}, 0.5L),
        0.8L, 1e-18L);
}
