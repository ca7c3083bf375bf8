// tests/test_manifold.cpp - specifications of gjk/manifold.hpp: contact manifolds (normal, up to
// two points with their separations and feature ids), against hand-computed cases and a long
// double oracle of every point's separation. Box2D 2.4.1's b2CollidePolygons is the reference of
// test_manifold_box2d.cpp, the regression stories are test_manifold_regressions.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <utility>
#include <vector>

#include "gjk/gjk.hpp"
#include "oracle/oracle.hpp"
#include "support/families.hpp"
#include "support/random_polygon.hpp"
#include "support/scalars.hpp"

using gjk::Shape;
using gjk::Status;
using gjk::Vec2;

namespace {

GJK_SCALAR_SUITE(Manifold);

using gjk_test::at;
using gjk_test::input;
using gjk_test::random_polygon;
using gjk_test::ulps;

/// The points sorted by x, so that cases can name them left to right.
template <class T> std::vector<gjk::ContactPoint<T>> by_x(const gjk::ManifoldOutput<T>& m) {
    std::vector<gjk::ContactPoint<T>> p(m.points, m.points + m.count);
    std::sort(p.begin(), p.end(),
              [](const auto& l, const auto& r) { return l.point.x < r.point.x; });
    return p;
}

} // namespace

// --- Constructed cases ----------------------------------------------------------------------

// A 1 x 1 box sinking 0.1 into the top face (y = 0.5) of a 4 x 1 box: A's top face is the
// reference, B's bottom face the incident one, and B's two bottom corners (x = -0.2 and 0.8,
// y = 0.4) are the points, 0.1 deep, midway between the surfaces at y = 0.45.
TYPED_TEST(Manifold, BoxRestingOnBoxGivesTheTwoCorners) {
    using T = TypeParam;
    const auto ground = Shape<T>::box(2, T(0.5));
    const auto box = Shape<T>::box(T(0.5), T(0.5));
    const auto m = gjk::manifold(input(ground, box, {}, at<T>(T(0.3), T(0.9))));
    EXPECT_EQ(m.status, Status::overlapping);
    ASSERT_EQ(m.count, 2);
    EXPECT_NEAR(m.normal.x, T(0), ulps<T>(4));
    EXPECT_NEAR(m.normal.y, T(1), ulps<T>(4));
    EXPECT_FALSE(m.reference_is_b);
    const auto p = by_x(m);
    EXPECT_NEAR(p[0].point.x, T(-0.2), ulps<T>(8));
    EXPECT_NEAR(p[1].point.x, T(0.8), ulps<T>(8));
    for (const auto& c : p) {
        EXPECT_NEAR(c.point.y, T(0.45), ulps<T>(8));
        EXPECT_NEAR(c.separation, T(-0.1), ulps<T>(8));
    }
    EXPECT_NE(p[0].id, p[1].id);
}

// The same box resting 0.05 above the ground, both rounded by 0.01: the surfaces are 0.03
// apart. With a margin of 0.1 the two corners come back as speculative points (separation
// +0.03, midway at y = 0.5 + 0.01 + 0.015); with the default margin 0 there are none.
TYPED_TEST(Manifold, SpeculativePointsWithinTheMarginOnly) {
    using T = TypeParam;
    const auto ground = Shape<T>::box(2, T(0.5), T(0.01));
    const auto box = Shape<T>::box(T(0.5), T(0.5), T(0.01));
    const auto in = input(ground, box, {}, at<T>(T(0.3), T(1.05)));
    const auto m = gjk::manifold(in, T(0.1));
    EXPECT_EQ(m.status, Status::separated);
    ASSERT_EQ(m.count, 2);
    for (const auto& c : by_x(m)) {
        EXPECT_NEAR(c.separation, T(0.03), ulps<T>(16));
        EXPECT_NEAR(c.point.y, T(0.525), ulps<T>(16));
    }
    const auto none = gjk::manifold(in);
    EXPECT_EQ(none.status, Status::separated);
    EXPECT_EQ(none.count, 0);
}

// A circle has no face: one point, from penetration()'s witnesses, with its signed distance.
TYPED_TEST(Manifold, CircleGivesOnePointFromTheWitnesses) {
    using T = TypeParam;
    const auto ground = Shape<T>::box(2, T(0.5));
    const auto ball = Shape<T>::circle({0, 0}, T(0.25));
    const auto m = gjk::manifold(input(ground, ball, {}, at<T>(T(0.3), T(0.7))));
    ASSERT_EQ(m.count, 1);
    EXPECT_NEAR(m.normal.y, T(1), ulps<T>(4));
    EXPECT_NEAR(m.points[0].separation, T(-0.05), ulps<T>(8));
    EXPECT_NEAR(m.points[0].point.x, T(0.3), ulps<T>(8));
    EXPECT_NEAR(m.points[0].point.y, T(0.475), ulps<T>(8));
}

// A capsule lying on a box: the segment's lower side is the incident face, its two ends
// (radius 0.1) the points, clipped by nothing.
TYPED_TEST(Manifold, CapsuleLyingOnABoxGivesBothEnds) {
    using T = TypeParam;
    const auto ground = Shape<T>::box(2, T(0.5));
    const auto capsule = Shape<T>::capsule({T(-0.5), 0}, {T(0.5), 0}, T(0.1));
    const auto m = gjk::manifold(input(ground, capsule, {}, at<T>(0, T(0.58))));
    ASSERT_EQ(m.count, 2);
    const auto p = by_x(m);
    EXPECT_NEAR(p[0].point.x, T(-0.5), ulps<T>(8));
    EXPECT_NEAR(p[1].point.x, T(0.5), ulps<T>(8));
    for (const auto& c : p) {
        EXPECT_NEAR(c.separation, T(-0.02), ulps<T>(16));
        EXPECT_NEAR(c.point.y, T(0.49), ulps<T>(16));
    }
}

// Two capsules end to end on the x axis, cores 0.5 apart, radii 0.3: their faces are their
// sides, at 90 degrees to the normal, so clipping against one would report the gap along y
// (-0.6 at x = 0.5). The closest features are two vertices: one point on the axis, at x = 0.25,
// separation -0.1, normal +x, the vertex-pair id (bit 29).
TYPED_TEST(Manifold, CapsulesEndToEndGiveOnePoint) {
    using T = TypeParam;
    const auto left = Shape<T>::capsule({-1, 0}, {0, 0}, T(0.3));
    const auto right = Shape<T>::capsule({T(0.5), 0}, {T(1.5), 0}, T(0.3));
    const auto m = gjk::manifold(input(left, right));
    ASSERT_EQ(m.count, 1);
    EXPECT_NEAR(m.normal.x, T(1), ulps<T>(4));
    EXPECT_NEAR(m.normal.y, T(0), ulps<T>(4));
    EXPECT_NEAR(m.points[0].separation, T(-0.1), ulps<T>(8));
    EXPECT_NEAR(m.points[0].point.x, T(0.25), ulps<T>(8));
    EXPECT_NEAR(m.points[0].point.y, T(0), ulps<T>(8));
    EXPECT_NE(m.points[0].id & (1u << 29), 0u);
    EXPECT_EQ(m.reference_edge, -1);
}

// A box hanging over the ground's right edge (x = 2) by half its width: one point is B's
// corner, the other is made by the side plane x = 2 (the reference face's end), with
// different ids.
TYPED_TEST(Manifold, OverhangIsClippedAtTheReferenceFacesEnd) {
    using T = TypeParam;
    const auto ground = Shape<T>::box(2, T(0.5));
    const auto box = Shape<T>::box(T(0.5), T(0.5));
    const auto m = gjk::manifold(input(ground, box, {}, at<T>(2, T(0.95))));
    ASSERT_EQ(m.count, 2);
    const auto p = by_x(m);
    EXPECT_NEAR(p[0].point.x, T(1.5), ulps<T>(8));
    // The side plane is pushed out by its round-off slack, 8 eps of the largest coordinate (2.5).
    EXPECT_NEAR(p[1].point.x, T(2), ulps<T>(24));
    EXPECT_NE(p[0].id, p[1].id);
    EXPECT_NE(p[1].id & (1u << 26), 0u); // made by a side plane
}

// Box2D's rule, kept: when the two faces are parallel to round-off (a box on a box of the same
// size, exactly aligned), the reference face is A's.
TYPED_TEST(Manifold, NearParallelFacesPreferA) {
    using T = TypeParam;
    const auto box = Shape<T>::box(T(0.5), T(0.5));
    for (const T angle : {T(0), T(1e-5), T(-1e-5)}) {
        const auto m = gjk::manifold(input(box, box, {}, at<T>(T(0.2), T(0.95), angle)));
        ASSERT_EQ(m.count, 2);
        EXPECT_FALSE(m.reference_is_b) << angle;
    }
    // B's face clearly more parallel: A tilted by 0.2 rad, B level.
    const auto m = gjk::manifold(input(box, box, at<T>(0, 0, T(0.2)), at<T>(T(0.1), T(1.05))));
    ASSERT_GE(m.count, 1);
    EXPECT_TRUE(m.reference_is_b);
    EXPECT_NEAR(m.normal.y, T(1), ulps<T>(8));
}

// A box sliding along the ground: the same two features touch all the way, so the ids stay.
TYPED_TEST(Manifold, IdsStayWhileABoxSlides) {
    using T = TypeParam;
    const auto ground = Shape<T>::box(4, T(0.5));
    const auto box = Shape<T>::box(T(0.5), T(0.5));
    const auto first = by_x(gjk::manifold(input(ground, box, {}, at<T>(-2, T(0.98)))));
    ASSERT_EQ(first.size(), 2u);
    for (int k = 1; k <= 40; ++k) {
        const T x = T(-2) + T(0.1) * T(k);
        const auto m = by_x(gjk::manifold(input(ground, box, {}, at<T>(x, T(0.98)))));
        ASSERT_EQ(m.size(), 2u) << x;
        EXPECT_EQ(m[0].id, first[0].id) << x;
        EXPECT_EQ(m[1].id, first[1].id) << x;
    }
}

TYPED_TEST(Manifold, BadMarginIsAnInputError) {
    using T = TypeParam;
    const auto box = Shape<T>::box(1, 1);
    for (const T margin :
         {T(-1), std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::infinity()}) {
        const auto m = gjk::manifold(input(box, box), margin);
        EXPECT_EQ(m.status, Status::invalid_input);
        EXPECT_EQ(m.error, gjk::InputError::bad_margin);
        EXPECT_EQ(m.count, 0);
    }
    const auto empty = gjk::manifold(gjk::DistanceInput<T>{});
    EXPECT_EQ(empty.error, gjk::InputError::empty_a);
}

// --- Random families against the long double oracle -----------------------------------------

namespace {

struct LongPoint {
    long double x, y;
};

template <class T> LongPoint world_ld(const gjk::Transform<T>& xf, Vec2<T> p) {
    const long double c = xf.q.c, s = xf.q.s;
    return {c * p.x - s * p.y + xf.p.x, s * p.x + c * p.y + xf.p.y};
}

} // namespace

// Every point's separation, checked against the features its id names, in long double: the
// reference edge's line (from the hull's vertices moved into the world exactly), the incident
// edge; the point's incident core point q = point + (separation / 2 + r_inc) n must lie on the
// incident edge, inside the side planes pushed out by the radii, and its distance to the
// reference line minus the radii must be the separation. The manifold's normal is the
// reference edge's outward normal, and the reference face is within the tolerance the most
// parallel of all faces of both shapes (a brute-force scan).
TYPED_TEST(Manifold, SeparationsMatchTheLongDoubleOracle) {
    using T = TypeParam;
    std::mt19937 rng(20261124);
    std::uniform_int_distribution<int> vertices(2, 12);
    std::uniform_real_distribution<T> unit(-1, 1), r01(0, 1);
    const long double tol = std::is_same_v<T, float> ? 2e-4L : 1e-11L;
    int points = 0, two = 0, rounded = 0, vertex_pairs = 0;
    for (int k = 0; k < 4000; ++k) {
        const auto a = random_polygon<T>(rng, vertices(rng), T(1));
        const auto b = random_polygon<T>(rng, vertices(rng), T(0.3) + r01(rng));
        const T ra = k % 3 == 0 ? T(0.1) * r01(rng) : T(0);
        const T rb = k % 4 == 0 ? T(0.1) * r01(rng) : T(0);
        const auto xa = at<T>(unit(rng), unit(rng), T(3) * unit(rng));
        const auto xb = at<T>(unit(rng) * 2, unit(rng) * 2, T(3) * unit(rng));
        gjk::DistanceInput<T> in;
        in.a = {a, ra};
        in.b = {b, rb};
        in.xf_a = xa;
        in.xf_b = xb;
        const T margin = T(0.05);
        const auto m = gjk::manifold(in, margin);
        ASSERT_NE(m.status, Status::invalid_input);
        if (m.count == 0) {
            continue;
        }
        const auto ha = gjk::convex_hull<T>(a), hb = gjk::convex_hull<T>(b);
        if (m.reference_edge < 0) { // vertex against vertex: the rounded shapes' signed distance
            ASSERT_EQ(m.count, 1) << k;
            const long double exact =
                oracle::signed_distance(gjk_test::world(a, xa), ra, gjk_test::world(b, xb), rb);
            EXPECT_NEAR(static_cast<long double>(m.points[0].separation), exact, 4 * tol) << k;
            ++vertex_pairs;
            continue;
        }
        const auto& href = m.reference_is_b ? hb : ha;
        const auto& hinc = m.reference_is_b ? ha : hb;
        const auto& xref = m.reference_is_b ? xb : xa;
        const auto& xinc = m.reference_is_b ? xa : xb;
        const long double r_ref = m.reference_is_b ? rb : ra, r_inc = m.reference_is_b ? ra : rb;
        const auto edge = [](const std::vector<Vec2<T>>& h, const gjk::Transform<T>& xf, int i) {
            const int n = static_cast<int>(h.size());
            return std::pair{world_ld(xf, h[static_cast<std::size_t>(i)]),
                             world_ld(xf, h[static_cast<std::size_t>((i + 1) % n)])};
        };
        const auto [v1, v2] = edge(href, xref, m.reference_edge);
        const auto [w1, w2] = edge(hinc, xinc, m.incident_edge);
        const long double ex = v2.x - v1.x, ey = v2.y - v1.y, len = std::hypot(ex, ey);
        const long double tx = ex / len, ty = ey / len, nx = ty, ny = -tx; // outward normal
        const long double sign = m.reference_is_b ? -1 : 1;
        EXPECT_NEAR(m.normal.x, sign * nx, tol) << k;
        EXPECT_NEAR(m.normal.y, sign * ny, tol) << k;
        // The reference face is within the tolerance the most parallel of all faces of both
        // shapes to penetration()'s normal (the sine of the angle, as manifold() measures it).
        const auto pn = gjk::penetration(in).normal;
        long double best = 2, chosen = 2;
        for (int side = 0; side < 2; ++side) {
            const auto& h = side ? hb : ha;
            if (h.size() < 2) {
                continue;
            }
            for (int i = 0; i < static_cast<int>(h.size()); ++i) {
                const auto [p1, p2] = edge(h, side ? xb : xa, i);
                const long double fx = p2.y - p1.y, fy = -(p2.x - p1.x), fl = std::hypot(fx, fy);
                const long double s = side ? -1 : 1; // B's faces against -n
                const long double cosine = s * (fx * pn.x + fy * pn.y) / fl;
                const long double sine = std::fabs(s * (fx * pn.y - fy * pn.x) / fl);
                if (cosine > 0) {
                    best = std::min(best, sine);
                    if (side == int(m.reference_is_b) && i == m.reference_edge) {
                        chosen = sine;
                    }
                }
            }
        }
        EXPECT_LE(chosen, best + gjk::kReferenceTolerance + tol) << k;
        const long double radii = static_cast<long double>(ra) + rb;
        const long double front1 = tx * v1.x + ty * v1.y - radii,
                          front2 = tx * v2.x + ty * v2.y + radii;
        for (int i = 0; i < m.count; ++i) {
            const auto& c = m.points[i];
            const long double lift = static_cast<long double>(c.separation) / 2 + r_inc;
            const LongPoint q{c.point.x + lift * nx, c.point.y + lift * ny};
            // q on the incident edge's line...
            const long double ix = w2.x - w1.x, iy = w2.y - w1.y, il = std::hypot(ix, iy);
            EXPECT_NEAR((ix * (q.y - w1.y) - iy * (q.x - w1.x)) / il, 0.0L, 4 * tol) << k;
            // ...within the side planes...
            const long double along = tx * q.x + ty * q.y;
            EXPECT_GE(along, front1 - 4 * tol) << k;
            EXPECT_LE(along, front2 + 4 * tol) << k;
            // ...at the separation from the reference line.
            const long double d = nx * (q.x - v1.x) + ny * (q.y - v1.y);
            EXPECT_NEAR(static_cast<long double>(c.separation), d - radii, 4 * tol) << k;
            EXPECT_LE(c.separation, margin) << k;
            (void)r_ref;
            ++points;
        }
        // The deepest point is at least as deep as the shapes: a separation is measured along
        // the reference face's normal, never more than the exact signed distance.
        {
            const long double exact =
                oracle::signed_distance(gjk_test::world(a, xa), ra, gjk_test::world(b, xb), rb);
            long double least = 1e30L;
            for (int i = 0; i < m.count; ++i)
                least = std::min(least, static_cast<long double>(m.points[i].separation));
            EXPECT_LE(least, exact + 4 * tol) << k;
        }
        two += m.count == 2;
        rounded += m.count > 0 && (ra > 0 || rb > 0);
    }
    std::printf("manifold oracle: %d points, %d two-point manifolds, %d rounded, %d vertex pairs\n",
                points, two, rounded, vertex_pairs);
    EXPECT_GT(points, 1000);
    EXPECT_GT(two, 300);
    EXPECT_GT(rounded, 100);
}

// Prepared shapes find their faces through their O(log n) support; the manifold is the plain
// view's (whose hull is computed per call, from its points shuffled and with interior points
// added), point for point (not id for id: the two hulls may start at different vertices), on
// polygons of up to 300 sides.
TYPED_TEST(Manifold, PreparedShapesGiveThePlainViewsManifold) {
    using T = TypeParam;
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> vertices(3, 300);
    std::uniform_real_distribution<T> unit(-1, 1);
    int compared = 0;
    for (int k = 0; k < 1000; ++k) {
        auto a = random_polygon<T>(rng, vertices(rng), T(1));
        auto b = random_polygon<T>(rng, vertices(rng), T(0.7));
        // Plain views are point sets in any order: interior points and a shuffle.
        for (auto* p : {&a, &b}) {
            const std::size_t n = p->size();
            for (std::size_t i = 0; i < n; i += 3)
                p->push_back(T(0.5) * (*p)[i]);
            std::shuffle(p->begin(), p->end(), rng);
        }
        const auto pa = gjk::PreparedShape<T>::make(a), pb = gjk::PreparedShape<T>::make(b);
        gjk::DistanceInput<T> plain;
        plain.a = {a};
        plain.b = {b};
        plain.xf_a = at<T>(unit(rng), unit(rng), T(3) * unit(rng));
        plain.xf_b = at<T>(unit(rng) * 2, unit(rng) * 2, T(3) * unit(rng));
        gjk::DistanceInput<T> prepared = plain;
        prepared.a = pa.view();
        prepared.b = pb.view();
        const auto m1 = gjk::manifold(plain, T(0.02)), m2 = gjk::manifold(prepared, T(0.02));
        ASSERT_EQ(m1.count, m2.count) << k;
        EXPECT_EQ(m1.reference_is_b, m2.reference_is_b) << k;
        for (int i = 0; i < m1.count; ++i) {
            EXPECT_NEAR(m1.points[i].separation, m2.points[i].separation, ulps<T>(64)) << k;
            EXPECT_NEAR(m1.points[i].point.x, m2.points[i].point.x, ulps<T>(64)) << k;
            EXPECT_NEAR(m1.points[i].point.y, m2.points[i].point.y, ulps<T>(64)) << k;
        }
        compared += m1.count > 0;
    }
    EXPECT_GT(compared, 300);
}
