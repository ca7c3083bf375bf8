// Specifications of gjk/prepared.hpp: a shape prepared once (validated hull, O(log n) support)
// answers every query as the plain point set does.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <vector>

#include "gjk/gjk.hpp"
#include "oracle/oracle.hpp"
#include "support/families.hpp"
#include "support/scalars.hpp"

using gjk::PreparedShape;
using gjk::Vec2;

namespace {

GJK_SCALAR_SUITE(Prepared);

/// n points on an ellipse at sorted random angles, plus interior points and repeats.
template <class T> std::vector<Vec2<T>> ellipse_with_clutter(std::mt19937_64& rng, int n) {
    std::uniform_real_distribution<double> u(0, 6.283185307179586);
    std::vector<double> angles(static_cast<std::size_t>(n));
    for (double& a : angles)
        a = u(rng);
    std::vector<Vec2<T>> pts;
    const double aspect = std::uniform_real_distribution<double>(0.2, 1)(rng);
    for (double a : angles)
        pts.push_back({T(3 * std::cos(a)), T(3 * aspect * std::sin(a))});
    for (int i = 0; i < n / 4 + 1; ++i) { // interior points and exact repeats
        pts.push_back({T(0.5 * std::cos(u(rng))), T(0.5 * aspect * std::sin(u(rng)))});
        pts.push_back(pts[static_cast<std::size_t>(i) % static_cast<std::size_t>(n)]);
    }
    std::shuffle(pts.begin(), pts.end(), rng);
    return pts;
}

} // namespace

// The support value (the largest dot(d, v)) is the linear scan's over the input points, for
// every size on both sides of the scan limit and every direction: exactly, up to the hull's
// round-off (the slack below). The index may differ where two points tie.
TYPED_TEST(Prepared, SupportMatchesTheLinearScanOnEveryDirection) {
    using T = TypeParam;
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> angle(0, 6.283185307179586);
    double worst = 0;
    for (int n : {1, 2, 3, 5, 8, 16, 17, 40, 300, 5000, 90000}) {
        const std::vector<Vec2<T>> pts = ellipse_with_clutter<T>(rng, n);
        const PreparedShape<T> shape = PreparedShape<T>::make(pts);
        ASSERT_EQ(shape.error(), gjk::ShapeError::none);
        ASSERT_LE(shape.count(), static_cast<int>(pts.size()));
        if (std::is_same_v<T, double> && n == 90000) { // more edges than buckets
            ASSERT_GT(shape.count(), 65536);
        }
        T extent = 0;
        for (const auto& p : pts)
            extent = std::max({extent, std::abs(p.x), std::abs(p.y)});
        // The hull's turn test is floating point (gjk/hull.hpp): among thousands of nearly
        // collinear vertices it may keep one that dents the hull inwards by round-off, and the
        // climb can stop on that dent, short of the maximum by that round-off: a few ulps of
        // the extent (the printed measurement).
        const T slack = 4 * std::numeric_limits<T>::epsilon() * extent;
        for (int k = 0; k < 2000; ++k) {
            const double a = angle(rng);
            // Axis directions too: ties between vertices are where a search could slip.
            const Vec2<T> d = k < 8 ? Vec2<T>{T(std::cos(k * 0.7853981633974483)),
                                              T(std::sin(k * 0.7853981633974483))}
                                    : Vec2<T>{T(std::cos(a)), T(std::sin(a))};
            const int i = shape.support_index(d);
            const T best =
                gjk::dot(d, pts[static_cast<std::size_t>(gjk::support_index<T>(pts, d))]);
            const T found = gjk::dot(d, shape.vertices()[static_cast<std::size_t>(i)]);
            EXPECT_LE(best - found, slack) << "n=" << n << " k=" << k;
            EXPECT_GE(best - found, T(0)) << "no point beats the scan";
            worst = std::max(worst, double(best - found) / double(extent));
        }
    }
    std::printf("[prepared support] largest shortfall / extent: %.2e (epsilon %.2e)\n", worst,
                double(std::numeric_limits<T>::epsilon()));
}

// Directions along each edge's outward normal and a few ulps to either side: where the vertex
// changes, d's pseudo-angle may land in the bucket next to the edge's, whose two table
// vertices (a bucket of at most one edge) or search then decide. The support's value is still
// the linear scan's, up to the same slack, and never beyond it. Regular polygons, whose edges
// fill the buckets evenly, and an ellipse's hull, whose edges crowd some buckets.
TYPED_TEST(Prepared, SupportOnAndBesideEveryEdgeNormalMatchesTheLinearScan) {
    using T = TypeParam;
    std::mt19937_64 rng(17);
    std::vector<std::vector<Vec2<T>>> polygons;
    for (int n : {17, 64, 1000, 4096}) {
        std::vector<Vec2<T>> regular;
        for (int i = 0; i < n; ++i) {
            const double a = 6.283185307179586 * i / n + 0.1;
            regular.push_back({T(2 * std::cos(a)), T(2 * std::sin(a))});
        }
        polygons.push_back(regular);
    }
    polygons.push_back(ellipse_with_clutter<T>(rng, 3000));
    for (const std::vector<Vec2<T>>& pts : polygons) {
        const PreparedShape<T> shape = PreparedShape<T>::make(pts);
        ASSERT_EQ(shape.error(), gjk::ShapeError::none);
        const auto v = shape.vertices();
        const std::size_t m = v.size();
        T extent = 0;
        for (const auto& p : pts)
            extent = std::max({extent, std::abs(p.x), std::abs(p.y)});
        const T slack = 4 * std::numeric_limits<T>::epsilon() * extent;
        for (std::size_t i = 0; i < m; ++i) {
            const Vec2<T> e = v[(i + 1) % m] - v[i];
            const Vec2<T> normal{e.y, -e.x};
            for (int ulps = -3; ulps <= 3; ++ulps) {
                // normal turned by `ulps` steps of epsilon radians (exactly the normal at 0)
                const T turn = T(ulps) * std::numeric_limits<T>::epsilon();
                const Vec2<T> d{normal.x - turn * normal.y, normal.y + turn * normal.x};
                const std::size_t found = static_cast<std::size_t>(shape.support_index(d));
                const T best =
                    gjk::dot(d, pts[static_cast<std::size_t>(gjk::support_index<T>(pts, d))]);
                EXPECT_LE(best - gjk::dot(d, v[found]), slack)
                    << m << " vertices, edge " << i << ", " << ulps << " ulps";
                EXPECT_GE(best - gjk::dot(d, v[found]), T(0));
            }
        }
    }
}

// The hull's vertices are counter-clockwise and strictly convex, and each one's source index
// names an input point with the same coordinates (the first such point).
TYPED_TEST(Prepared, VerticesAreTheCounterClockwiseHullWithTheirInputIndices) {
    using T = TypeParam;
    std::mt19937_64 rng(9);
    for (int n : {3, 8, 20, 1000}) {
        const std::vector<Vec2<T>> pts = ellipse_with_clutter<T>(rng, n);
        const PreparedShape<T> shape = PreparedShape<T>::make(pts, T(0.25));
        const auto v = shape.vertices();
        const std::size_t m = v.size();
        ASSERT_GE(m, 3u);
        for (std::size_t i = 0; i < m; ++i) {
            EXPECT_GT(gjk::cross(v[(i + 1) % m] - v[i], v[(i + 2) % m] - v[i]), T(0));
            const int src = shape.source_index(static_cast<int>(i));
            ASSERT_GE(src, 0);
            ASSERT_LT(src, static_cast<int>(pts.size()));
            EXPECT_EQ(pts[static_cast<std::size_t>(src)], v[i]);
            for (int j = 0; j < src; ++j) {
                EXPECT_FALSE(pts[static_cast<std::size_t>(j)] == v[i]) << "not the first";
            }
        }
        EXPECT_EQ(shape.radius(), T(0.25));
        EXPECT_EQ(shape.view().points.size(), m);
    }
}

// Queries on prepared shapes agree with the exact oracle and with the same queries on the plain
// points, on every oracle family (1,650 pairs per scalar type).
TYPED_TEST(Prepared, DistanceAndOverlapAgreeWithThePlainPointSets) {
    using T = TypeParam;
    gjk_test::Generator gen(77);
    const long double bound = gjk_test::tolerance<T>(); // the oracle tests' bound
    int compared = 0;
    for (int f = 0; f < static_cast<int>(gjk_test::Family::count); ++f) {
        for (int k = 0; k < 150; ++k) {
            const auto c = gen.make<T>(static_cast<gjk_test::Family>(f));
            const gjk::DistanceInput<T> plain = gjk_test::input_of<T>(c);
            const auto pa = PreparedShape<T>::make(plain.a.points, plain.a.radius);
            const auto pb = PreparedShape<T>::make(plain.b.points, plain.b.radius);
            gjk::DistanceInput<T> prepared = plain;
            prepared.a = pa.view();
            prepared.b = pb.view();
            const auto x = gjk::distance(plain);
            const auto y = gjk::distance(prepared);
            ASSERT_NE(y.status, gjk::Status::invalid_input);
            const auto ha = oracle::hull(gjk_test::world(c.a, c.xa));
            const auto hb = oracle::hull(gjk_test::world(c.b, c.xb));
            const long double exact = oracle::rounded_distance(ha, c.ra, hb, c.rb);
            const long double tol = bound * gjk_test::scale_of(c);
            // Each against the oracle with the oracle test's bound, so within two of each other.
            EXPECT_NEAR(double(y.distance), double(exact), double(tol)) << "family " << f;
            EXPECT_NEAR(double(x.distance), double(y.distance), double(2 * tol)) << "family " << f;
            const auto ox = gjk::overlap(plain), oy = gjk::overlap(prepared);
            if (std::abs(exact) > tol) { // away from touching both must say the same
                EXPECT_EQ(ox.overlap, oy.overlap) << "family " << f;
                EXPECT_EQ(oy.overlap, exact <= 0) << "family " << f;
            }
            ++compared;
        }
    }
    EXPECT_EQ(compared, 150 * static_cast<int>(gjk_test::Family::count));
}

// A big prepared polygon (more than kScanLimit vertices) against a small one takes its own path
// in both orders (PreparedSearchSupport: the big one's search inline): the distance is the exact
// oracle's within the oracle test's bound, the same as the plain point sets' within two bounds,
// and the overlap verdict is the oracle's away from touching. Ellipses of 17..5000 vertices
// (crowded normals at the thin ends), overlapping about half the time.
TYPED_TEST(Prepared, BigPolygonAgainstSmallShapeMatchesTheOracleInBothOrders) {
    using T = TypeParam;
    gjk_test::Generator gen(31);
    const long double bound = gjk_test::tolerance<T>(); // the oracle tests' bound
    int overlapping = 0;
    for (int n : {17, 40, 300, 5000}) {
        for (int k = 0; k < 60; ++k) {
            gjk_test::Case<T> c;
            c.a = gen.convex<T>(n, 2.0, gen.uniform(0.2, 1));
            c.b = gen.convex<T>(gen.integer(1, 8), gen.uniform(0.1, 1.5), gen.uniform(0.3, 1));
            c.rb = gen.coin() ? T(0) : T(gen.uniform(0, 0.3));
            c.xa = gen.transform<T>(5);
            const double r = gen.uniform(0, 4.5), t = gen.uniform(-3.14, 3.14);
            c.xb = gjk::Transform<T>::from(
                {c.xa.p.x + T(r * std::cos(t)), c.xa.p.y + T(r * std::sin(t))},
                T(gen.uniform(-3.14, 3.14)));
            const auto big = PreparedShape<T>::make(c.a, c.ra);
            const auto small = PreparedShape<T>::make(c.b, c.rb);
            ASSERT_GT(big.count(), PreparedShape<T>::kScanLimit);
            ASSERT_LE(small.count(), PreparedShape<T>::kInline);
            const auto ha = oracle::hull(gjk_test::world(c.a, c.xa));
            const auto hb = oracle::hull(gjk_test::world(c.b, c.xb));
            const long double exact = oracle::rounded_distance(ha, c.ra, hb, c.rb);
            const long double tol = bound * gjk_test::scale_of(c);
            overlapping += exact <= 0;
            for (bool big_first : {true, false}) {
                gjk::DistanceInput<T> plain = gjk_test::input_of<T>(c), prepared = plain;
                prepared.a = big.view();
                prepared.b = small.view();
                if (!big_first) {
                    std::swap(plain.a, plain.b);
                    std::swap(plain.xf_a, plain.xf_b);
                    std::swap(prepared.a, prepared.b);
                    std::swap(prepared.xf_a, prepared.xf_b);
                }
                const auto x = gjk::distance(plain);
                const auto y = gjk::distance(prepared);
                ASSERT_NE(y.status, gjk::Status::invalid_input);
                EXPECT_NEAR(double(y.distance), double(exact), double(tol))
                    << "n=" << n << " k=" << k << " big first: " << big_first;
                EXPECT_NEAR(double(x.distance), double(y.distance), double(2 * tol));
                if (std::abs(exact) > tol) {
                    EXPECT_EQ(gjk::overlap(prepared).overlap, exact <= 0)
                        << "n=" << n << " k=" << k << " big first: " << big_first;
                }
            }
        }
    }
    EXPECT_GT(overlapping, 40) << "the overlapping side is tested too";
    EXPECT_LT(overlapping, 200) << "and the separated side";
}

// A prepared shape of up to eight vertices, moved into another frame for a query
// (MovedVerticesSupport, the path distance() takes for a small B), has the vertices of the general
// TransformedSupport to the bit, and its support point is the furthest of them along every
// direction (the general one scans the rotated direction, so it may differ by round-off).
TYPED_TEST(Prepared, MovedSmallShapeHasTheSupportOfTheTransformedShape) {
    using T = TypeParam;
    std::mt19937_64 rng(9);
    std::uniform_real_distribution<double> u(-1, 1);
    int checked = 0;
    for (int n : {1, 2, 3, 5, 8}) {
        for (int trial = 0; trial < 100; ++trial) {
            const std::vector<Vec2<T>> pts = ellipse_with_clutter<T>(rng, n);
            const PreparedShape<T> shape = PreparedShape<T>::make(pts);
            if (shape.count() > PreparedShape<T>::kInline) {
                continue; // a clutter point outside a thin 8-gon: a 9-gon, not this path
            }
            const auto xf =
                gjk::Transform<T>::from({T(40 * u(rng)), T(40 * u(rng))}, T(4 * u(rng)));
            const gjk::MovedVerticesSupport<T> moved(shape, xf);
            const gjk::TransformedSupport<gjk::PreparedSupport<T>> general{
                {shape.vertices(), &shape}, xf};
            ASSERT_EQ(moved.count(), general.count());
            std::vector<Vec2<T>> moved_vertices;
            T extent = 0; // the largest local coordinate
            for (int i = 0; i < shape.count(); ++i) {
                EXPECT_EQ(moved.vertex(i), general.vertex(i));
                // The source index names the input point this vertex is.
                EXPECT_EQ(pts[static_cast<std::size_t>(moved.source(i))],
                          shape.vertices()[static_cast<std::size_t>(i)]);
                moved_vertices.push_back(moved.vertex(i));
                const Vec2<T> p = shape.vertices()[static_cast<std::size_t>(i)];
                extent = std::max({extent, std::abs(p.x), std::abs(p.y)});
            }
            for (int k = 0; k < 20; ++k) {
                const Vec2<T> d{T(u(rng)), T(u(rng))};
                const auto m = moved(d);
                const auto g = general(d);
                // The index is the talk's scan of the moved vertices (lowest index on ties),
                // padding slots never win, and the point is that vertex.
                ASSERT_EQ(m.index, gjk::detail::support_index_scan<T>(moved_vertices, d));
                EXPECT_EQ(m.point, moved_vertices[static_cast<std::size_t>(m.index)]);
                // The general support scans the local points along the rotated direction, which
                // is off by about 2 eps |d|: its choice can fall short by 2 * 2 eps |d| extent
                // along d, and each moved coordinate carries 2 eps of (extent + |t|) from the
                // transform. 8 eps |d| (extent + |t|) covers both.
                const double tol = 8 * double(std::numeric_limits<T>::epsilon()) *
                                   double(gjk::length(d)) *
                                   double(extent + std::abs(xf.p.x) + std::abs(xf.p.y));
                EXPECT_NEAR(double(gjk::dot(d, g.point)), double(gjk::dot(d, m.point)), tol);
                ++checked;
            }
        }
    }
    EXPECT_GE(checked, 9000); // of 5 * 100 * 20
}

// A warm-started query on prepared shapes uses hull indices in its cache and gives the cold
// answer (to the round-off of the different starting simplex: 8 ulps of the scale).
TYPED_TEST(Prepared, WarmStartWithPreparedShapesGivesTheColdAnswer) {
    using T = TypeParam;
    const auto a = PreparedShape<T>::make(gjk::Shape<T>::regular(40, T(2)).points);
    const auto b = PreparedShape<T>::make(gjk::Shape<T>::box(T(1), T(0.5)).points, T(0.1));
    gjk::SimplexCache<T> cache;
    for (int step = 0; step < 200; ++step) {
        gjk::DistanceInput<T> in;
        in.a = a.view();
        in.b = b.view();
        in.xf_b = gjk::Transform<T>::from({T(4 - 0.03 * step), T(0.01 * step)}, T(0.02 * step));
        const auto warm = gjk::distance(in, &cache);
        const auto cold = gjk::distance(in);
        EXPECT_EQ(warm.status, cold.status) << step;
        EXPECT_NEAR(warm.distance, cold.distance, 8 * std::numeric_limits<T>::epsilon() * 6)
            << step;
        ASSERT_LE(cache.count, 3);
        for (int i = 0; i < cache.count; ++i) {
            EXPECT_LT(cache.index_a[i], a.count());
            EXPECT_LT(cache.index_b[i], b.count());
        }
    }
}

// A trace on prepared shapes names the input points' indices, not the hull's.
TYPED_TEST(Prepared, TraceIndicesNameTheInputPoints) {
    using T = TypeParam;
    // The hull reorders these (it starts at the lowest-leftmost point) and drops the centre.
    const std::vector<Vec2<T>> pts = {{1, 1}, {0, 0}, {-1, 1}, {-1, -1}, {1, -1}};
    const auto a = PreparedShape<T>::make(pts);
    const auto b = PreparedShape<T>::make(gjk::Shape<T>::box(T(0.5), T(0.5)).points);
    gjk::DistanceInput<T> in;
    in.a = a.view();
    in.b = b.view();
    in.xf_b = gjk::Transform<T>::from({T(5), T(0.3)}, T(0));
    std::vector<gjk::TraceStep<T>> trace;
    const auto out = gjk::distance(in, nullptr, &trace);
    ASSERT_EQ(out.status, gjk::Status::separated);
    ASSERT_FALSE(trace.empty());
    for (const auto& step : trace) {
        for (int i = 0; i < step.simplex.count; ++i) {
            const auto& v = step.simplex.v[i];
            ASSERT_GE(v.index_a, 0);
            ASSERT_LT(v.index_a, 5);
            EXPECT_NE(v.index_a, 1) << "the centre is never a vertex";
            EXPECT_EQ(v.a, pts[static_cast<std::size_t>(v.index_a)]); // xf_a is the identity
        }
    }
}

// Bad input is found once, when the shape is made, and every query on it says what it was.
TYPED_TEST(Prepared, InvalidShapesReportTheirErrorInEveryQuery) {
    using T = TypeParam;
    const T nan = std::numeric_limits<T>::quiet_NaN();
    const std::vector<Vec2<T>> good = {{0, 0}, {1, 0}, {0, 1}};
    const std::vector<Vec2<T>> bad = {{0, 0}, {nan, 0}};
    const auto ok = PreparedShape<T>::make(good);
    struct Case {
        PreparedShape<T> shape;
        gjk::ShapeError shape_error;
        gjk::InputError as_a, as_b;
    };
    const Case cases[] = {
        {PreparedShape<T>::make(std::span<const Vec2<T>>{}), gjk::ShapeError::empty,
         gjk::InputError::empty_a, gjk::InputError::empty_b},
        {PreparedShape<T>::make(bad), gjk::ShapeError::nonfinite_point,
         gjk::InputError::nonfinite_point_a, gjk::InputError::nonfinite_point_b},
        {PreparedShape<T>::make(good, T(-1)), gjk::ShapeError::bad_radius,
         gjk::InputError::bad_radius_a, gjk::InputError::bad_radius_b},
        {PreparedShape<T>::make(good, std::numeric_limits<T>::infinity()),
         gjk::ShapeError::bad_radius, gjk::InputError::bad_radius_a, gjk::InputError::bad_radius_b},
    };
    for (const Case& c : cases) {
        EXPECT_EQ(c.shape.error(), c.shape_error);
        EXPECT_TRUE(c.shape.view().points.empty());
        gjk::DistanceInput<T> in;
        in.a = c.shape.view();
        in.b = ok.view();
        EXPECT_EQ(gjk::distance(in).error, c.as_a);
        EXPECT_EQ(gjk::overlap(in).error, c.as_a);
        in.a = ok.view();
        in.b = c.shape.view();
        EXPECT_EQ(gjk::distance(in).error, c.as_b);
        EXPECT_EQ(gjk::distance(in).status, gjk::Status::invalid_input);
    }
}

// The pseudo-angle orders directions as their angles do, all the way round.
TEST(PreparedPseudoAngle, IsMonotoneInTheAngle) {
    double previous = -1;
    for (int k = 0; k < 3600; ++k) {
        const double a = k * 6.283185307179586 / 3600;
        const double p = gjk::pseudo_angle(Vec2<double>{std::cos(a), std::sin(a)});
        EXPECT_GE(p, 0.0);
        EXPECT_LT(p, 4.0);
        EXPECT_GT(p, previous) << k;
        previous = p;
    }
    EXPECT_EQ(gjk::pseudo_angle(Vec2<double>{0, 0}), 0.0);
}
