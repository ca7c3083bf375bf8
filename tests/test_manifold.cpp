// Specifications of gjk/manifold.hpp: contact manifolds (normal, up to two points with their
// separations and feature ids), against hand-computed cases, a long double oracle of every
// point's separation, and Box2D 2.4.1's b2CollidePolygons.
#include <gtest/gtest.h>

#include <box2d/box2d.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
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

template <class T> std::vector<Vec2<T>> random_polygon(std::mt19937& rng, int n, T size) {
    std::uniform_real_distribution<T> angle(0, T(6.283185307179586));
    std::uniform_real_distribution<T> radius(T(0.5) * size, size);
    std::vector<T> angles(static_cast<std::size_t>(n));
    for (T& a : angles)
        a = angle(rng);
    std::sort(angles.begin(), angles.end());
    std::vector<Vec2<T>> p;
    for (const T a : angles) {
        const T r = radius(rng);
        p.push_back({r * std::cos(a), r * std::sin(a)});
    }
    return p;
}

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

// --- Box2D 2.4.1 ----------------------------------------------------------------------------

// b2CollidePolygons on 10,000 random pairs of polygons of 3 to 8 vertices, both with Box2D's
// skin b2_polygonRadius (0.01 m) as their radius, margin 0 (Box2D keeps points of separation
// <= 0, radii included): gjk is given Box2D's own hull vertices and rotations, in float.
// A pair agrees when both give the same number of points at the same positions and
// separations within 1e-4 (the float round-off of both at coordinates of a few metres, with
// room for EPA's normal). The cases where they may rightly differ are counted, not failed:
//  - a parallel-face tie: the two reference candidates (A's and B's faces) are parallel within
//    0.01 rad and the two libraries took different ones (Box2D compares SAT separations with
//    a tolerance of 0.1 linear slop, gjk the sines of the faces' angles to EPA's normal with
//    kReferenceTolerance); either face gives a right manifold, with points at the other
//    face's corners;
//  - an equal-depth tie: the cores' depth along gjk's normal and along Box2D's differ by at
//    most Box2D's own tolerance (0.1 linear slop, plus 1e-4 of float round-off): two faces,
//    not parallel, need the same translation to separate the shapes, so the minimum
//    translation is ambiguous and each library took one (Box2D prefers A, EPA the face
//    it closed first);
//  - vertex-vertex within the skin: the cores are apart but within 0.02 m, so no face is
//    parallel to the normal and the two rules pick faces by different measures.
// Everything else is a disagreement, and must not happen.
TEST(ManifoldBox2d, MatchesB2CollidePolygons) {
    std::mt19937 rng(2024);
    std::uniform_int_distribution<int> vertices(3, b2_maxPolygonVertices);
    std::uniform_real_distribution<float> unit(-1, 1), r01(0, 1);
    // The pairs are asked twice: as plain views (GJK, EPA and the face searches) and as
    // prepared shapes (the separating axis test, gjk/separating_axes.hpp, where it decides).
    struct Counts {
        const char* views;
        int agree = 0, agree_touching = 0, ties = 0, equal_depths = 0, vertex_vertex = 0,
            disagree = 0, with_points = 0;
    };
    Counts plain{"plain views"}, prepared{"prepared shapes"};
    for (int k = 0; k < 10000; ++k) {
        b2PolygonShape pa, pb;
        auto make = [&](b2PolygonShape& s, float size) {
            const auto p = random_polygon<float>(rng, vertices(rng), size);
            std::vector<b2Vec2> q;
            for (const auto& v : p)
                q.emplace_back(v.x, v.y);
            s.Set(q.data(), static_cast<int>(q.size()));
        };
        make(pa, 1.0f);
        make(pb, 0.3f + r01(rng));
        const b2Transform xa(b2Vec2(unit(rng), unit(rng)), b2Rot(3 * unit(rng)));
        const b2Transform xb(b2Vec2(2 * unit(rng), 2 * unit(rng)), b2Rot(3 * unit(rng)));
        b2Manifold bm;
        b2CollidePolygons(&bm, &pa, xa, &pb, xb);
        b2WorldManifold bw;
        bw.Initialize(&bm, xa, pa.m_radius, xb, pb.m_radius);

        auto points = [](const b2PolygonShape& s) {
            std::vector<Vec2<float>> p;
            for (int i = 0; i < s.m_count; ++i)
                p.push_back({s.m_vertices[i].x, s.m_vertices[i].y});
            return p;
        };
        const auto va = points(pa), vb = points(pb);
        auto xf = [](const b2Transform& t) {
            gjk::Transform<float> x;
            x.p = {t.p.x, t.p.y};
            x.q = {t.q.c, t.q.s};
            return x;
        };
        gjk::DistanceInput<float> in;
        in.a = {va, pa.m_radius};
        in.b = {vb, pb.m_radius};
        in.xf_a = xf(xa);
        in.xf_b = xf(xb);
        const auto prepared_a = gjk::PreparedShape<float>::make(va, pa.m_radius);
        const auto prepared_b = gjk::PreparedShape<float>::make(vb, pb.m_radius);
        gjk::DistanceInput<float> in_prepared = in;
        in_prepared.a = prepared_a.view();
        in_prepared.b = prepared_b.view();

        auto classify = [&](const gjk::DistanceInput<float>& query, Counts& counts) {
            const auto m = gjk::manifold(query);
            counts.with_points += m.count > 0 || bm.pointCount > 0;

            bool same = m.count == bm.pointCount;
            for (int i = 0; same && i < m.count; ++i) {
                bool found = false;
                for (int j = 0; j < bm.pointCount; ++j) {
                    found = found || (std::abs(m.points[i].point.x - bw.points[j].x) < 1e-4f &&
                                      std::abs(m.points[i].point.y - bw.points[j].y) < 1e-4f &&
                                      std::abs(m.points[i].separation - bw.separations[j]) < 1e-4f);
                }
                same = found;
            }
            if (same) {
                ++counts.agree;
                counts.agree_touching += m.count > 0;
                return;
            }
            // Classify: the faces each library took.
            const bool b2_reference_is_b = bm.type == b2Manifold::e_faceB;
            const auto core =
                gjk::distance(gjk::DistanceInput<float>{in.a, in.b, in.xf_a, in.xf_b, false});
            if (core.status == Status::separated) {
                ++counts.vertex_vertex;
                return;
            }
            // Both faces parallel within 0.01 rad: a tie (the reference faces' normals are
            // anti-parallel to each other within that angle).
            const b2Vec2 n_ref = bm.pointCount > 0 ? bw.normal : b2Vec2(m.normal.x, m.normal.y);
            auto most_parallel = [&](const b2PolygonShape& s, const b2Transform& t, b2Vec2 d) {
                float best = -2;
                for (int i = 0; i < s.m_count; ++i)
                    best = std::max(best, b2Dot(b2Mul(t.q, s.m_normals[i]), d));
                return best;
            };
            const float align_a = most_parallel(pa, xa, n_ref);
            const float align_b = most_parallel(pb, xb, -n_ref);
            const bool parallel =
                m.reference_is_b != b2_reference_is_b && align_a > 0.99995f && align_b > 0.99995f;
            // The cores' separation along a direction d (negative: the depth along it).
            auto separation_along = [&](b2Vec2 d) {
                float lo_b = 1e30f, hi_a = -1e30f;
                for (int i = 0; i < pa.m_count; ++i)
                    hi_a = std::max(hi_a, b2Dot(d, b2Mul(xa, pa.m_vertices[i])));
                for (int i = 0; i < pb.m_count; ++i)
                    lo_b = std::min(lo_b, b2Dot(d, b2Mul(xb, pb.m_vertices[i])));
                return lo_b - hi_a;
            };
            const bool equal_depth =
                m.count > 0 && bm.pointCount > 0 &&
                std::abs(separation_along(b2Vec2(m.normal.x, m.normal.y)) -
                         separation_along(bw.normal)) <= 0.1f * b2_linearSlop + 1e-4f;
            if (parallel) {
                ++counts.ties;
            } else if (equal_depth) {
                ++counts.equal_depths;
            } else {
                ++counts.disagree;
                if (counts.disagree <= 5) {
                    std::printf("disagreement %d (%s): gjk %d points (ref %s), box2d %d (ref %s)\n",
                                k, counts.views, m.count, m.reference_is_b ? "B" : "A",
                                bm.pointCount, b2_reference_is_b ? "B" : "A");
                    const auto pen = gjk::penetration(query);
                    std::printf(
                        "  align_a %.9f align_b %.9f depth %g normal %g %g box2d normal %g %g\n",
                        align_a, align_b, pen.depth, pen.normal.x, pen.normal.y, bw.normal.x,
                        bw.normal.y);
                }
            }
        };
        classify(in, plain);
        classify(in_prepared, prepared);
    }
    for (const Counts& c : {plain, prepared}) {
        std::printf("Box2D b2CollidePolygons, %s: %d pairs with points, %d agree (%d of them with "
                    "points), %d parallel-face ties, %d equal-depth ties, %d vertex-vertex within "
                    "the skin, %d disagree\n",
                    c.views, c.with_points, c.agree, c.agree_touching, c.ties, c.equal_depths,
                    c.vertex_vertex, c.disagree);
        EXPECT_EQ(c.disagree, 0) << c.views;
        EXPECT_GT(c.with_points, 2000) << c.views;
    }
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
