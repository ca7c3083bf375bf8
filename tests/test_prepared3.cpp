// Specifications of gjk/prepared3.hpp: a shape in space prepared once - validated, reduced to
// its corners, its support a scan or a climb over the hull's edges - gives the support of the
// plain point set: the largest d . p over every input point (the brute-force scan), on random
// directions, on directions along faces' normals and edges, with and without hints.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <type_traits>
#include <utility>
#include <vector>

#include "gjk/distance3.hpp"
#include "gjk/penetration3.hpp"
#include "gjk/prepared3.hpp"
#include "support/oracle3_points.hpp"
#include "support/scalars.hpp"

using gjk::PreparedShape3;
using gjk::ShapeError;
using gjk::Vec3;

namespace {

GJK_SCALAR_SUITE(Prepared3);

/// The brute force: the largest d . p over all points.
template <class T> T brute_support(const std::vector<Vec3<T>>& points, Vec3<T> d) {
    T best = -std::numeric_limits<T>::infinity();
    for (const Vec3<T>& p : points) {
        best = std::max(best, gjk::dot(d, p));
    }
    return best;
}

template <class T> std::vector<Vec3<T>> on_sphere(std::mt19937_64& rng, int n, T radius = 1) {
    std::normal_distribution<double> g(0, 1);
    std::vector<Vec3<T>> p;
    for (int i = 0; i < n; ++i) {
        const double x = g(rng), y = g(rng), z = g(rng);
        const double r = std::sqrt(x * x + y * y + z * z) / double(radius);
        p.push_back({T(x / r), T(y / r), T(z / r)});
    }
    return p;
}

template <class T> Vec3<T> random_direction(std::mt19937_64& rng) {
    std::normal_distribution<double> g(0, 1);
    return {T(g(rng)), T(g(rng)), T(g(rng))};
}

/// The round-off of d . p at the points' extent: the brute force and the climb each round their
/// dot products (three products and two sums, a few eps of |d|_1 |p|_inf), and the climb stops
/// where no neighbour is larger after rounding.
template <class T> T slack(const std::vector<Vec3<T>>& points, Vec3<T> d) {
    T extent = 0;
    for (const Vec3<T>& p : points) {
        extent = std::max(extent, gjk::max_abs(p));
    }
    return T(8) * std::numeric_limits<T>::epsilon() * extent *
           (std::abs(d.x) + std::abs(d.y) + std::abs(d.z));
}

} // namespace

TYPED_TEST(Prepared3, InvalidInputIsReported) {
    using T = TypeParam;
    const T nan = std::numeric_limits<T>::quiet_NaN();
    const T inf = std::numeric_limits<T>::infinity();
    const T big = gjk::kernel_range<T>() * T(2);
    const std::vector<Vec3<T>> ok = {{0, 0, 0}, {1, 0, 0}};
    EXPECT_EQ(PreparedShape3<T>::make({}).error(), ShapeError::empty);
    EXPECT_EQ(PreparedShape3<T>().error(), ShapeError::empty);
    EXPECT_EQ(PreparedShape3<T>::make(std::vector<Vec3<T>>{{0, nan, 0}}).error(),
              ShapeError::nonfinite_point);
    EXPECT_EQ(PreparedShape3<T>::make(std::vector<Vec3<T>>{{0, 0, -inf}}).error(),
              ShapeError::nonfinite_point);
    EXPECT_EQ(PreparedShape3<T>::make(std::vector<Vec3<T>>{{big, 0, 0}}).error(),
              ShapeError::out_of_range);
    EXPECT_EQ(PreparedShape3<T>::make(ok, T(-1)).error(), ShapeError::bad_radius);
    EXPECT_EQ(PreparedShape3<T>::make(ok, nan).error(), ShapeError::bad_radius);
    EXPECT_EQ(PreparedShape3<T>::make(ok, inf).error(), ShapeError::bad_radius);
    const PreparedShape3<T> bad = PreparedShape3<T>::make(ok, T(-1));
    EXPECT_TRUE(bad.view().points.empty());
    EXPECT_EQ(bad.dimension(), -1);
}

// The view is the corners and the radius; each corner is the input point it names.
TYPED_TEST(Prepared3, ViewIsTheCornersAndTheRadius) {
    using T = TypeParam;
    std::vector<Vec3<T>> p;
    for (int i = 0; i < 27; ++i) { // a 3 x 3 x 3 grid: the cube's 8 corners stay
        p.push_back({T(i % 3), T(i / 3 % 3), T(i / 9)});
    }
    const PreparedShape3<T> s = PreparedShape3<T>::make(p, T(0.5));
    ASSERT_EQ(s.error(), ShapeError::none);
    EXPECT_EQ(s.count(), 8);
    EXPECT_EQ(s.dimension(), 3);
    const gjk::ShapeView3<T> view = s.view();
    EXPECT_EQ(view.radius, T(0.5));
    ASSERT_EQ(view.points.size(), 8u);
    for (int i = 0; i < 8; ++i) {
        EXPECT_EQ(view.points[std::size_t(i)], p[std::size_t(s.source_index(i))]);
    }
    EXPECT_EQ(s.centre(), (Vec3<T>{1, 1, 1}));
}

// Random directions on hulls of every size on both sides of the scan limit, clouds in a cube
// (few corners) and on a sphere (all corners): the support's d . v is the brute force's
// maximum over every input point, to the round-off of the dot products (the slack above).
TYPED_TEST(Prepared3, SupportMatchesTheBruteForceOnRandomDirections) {
    using T = TypeParam;
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> u(-1, 1);
    double worst = 0;
    int climbed = 0;
    for (const int n : {1, 2, 4, 8, 20, 33, 64, 200, 1000, 3000}) {
        for (const bool sphere : {false, true}) {
            std::vector<Vec3<T>> p = on_sphere<T>(rng, n);
            if (!sphere) {
                for (Vec3<T>& q : p) {
                    q = {T(u(rng)), T(u(rng)), T(u(rng))};
                }
            }
            const PreparedShape3<T> s = PreparedShape3<T>::make(p);
            ASSERT_EQ(s.error(), ShapeError::none);
            climbed += s.count() > PreparedShape3<T>::kScanLimit;
            int hint = 0;
            for (int k = 0; k < 2000; ++k) {
                const Vec3<T> d = random_direction<T>(rng);
                const T best = brute_support(p, d);
                const T found = gjk::dot(d, s.vertices()[std::size_t(s.support(d))]);
                ASSERT_LE(best - found, slack(p, d)) << "n=" << n << " k=" << k;
                ASSERT_LE(found - best, slack(p, d)) << "no corner is beyond the points";
                hint = s.support(d, hint); // warm starts from the last answer
                ASSERT_LE(best - gjk::dot(d, s.vertices()[std::size_t(hint)]), slack(p, d));
                worst = std::max(worst, double(best - found) / double(slack(p, d)));
            }
        }
    }
    EXPECT_GE(climbed, 8); // the climb was exercised
    std::printf("[prepared3 support] largest shortfall / slack: %.2e\n", worst);
}

// Integer hulls and integer directions along every face's normal (exactly, an integer cross
// product), every edge and every edge's perpendiculars: every dot product is exact, so the
// support's d . v equals the brute force's maximum exactly, ties and all.
TYPED_TEST(Prepared3, SupportAlongFaceNormalsAndEdgesIsTheExactMaximum) {
    using T = TypeParam;
    std::mt19937_64 rng(19);
    std::uniform_int_distribution<int> cell(-20, 20);
    for (const int n : {30, 300, 3000}) {
        std::vector<Vec3<T>> p;
        for (int i = 0; i < n; ++i) {
            p.push_back({T(cell(rng)), T(cell(rng)), T(cell(rng))});
        }
        const PreparedShape3<T> s = PreparedShape3<T>::make(p);
        ASSERT_EQ(s.dimension(), 3);
        const auto v = s.vertices();
        std::vector<Vec3<T>> directions;
        for (const auto& f : s.hull().faces) {
            const Vec3<T> a = v[std::size_t(f[0])], b = v[std::size_t(f[1])],
                          c = v[std::size_t(f[2])];
            directions.push_back(gjk::cross(b - a, c - a)); // exact: small integers
            directions.push_back(b - a);
            directions.push_back(a - b);
            directions.push_back(gjk::cross(b - a, Vec3<T>{0, 0, 1}));
        }
        for (const Vec3<T>& d : directions) {
            const T best = brute_support(p, d);
            ASSERT_EQ(gjk::dot(d, v[std::size_t(s.support(d))]), best) << "n=" << n;
            for (const int hint : {0, s.count() / 2, s.count() - 1}) {
                ASSERT_EQ(gjk::dot(d, v[std::size_t(s.support(d, hint))]), best);
            }
        }
    }
}

// A thousand corners on a sphere: every support is a climb, from the stored starts or from any
// hint, and lands on the scan's corner (random directions have no ties).
TYPED_TEST(Prepared3, ClimbOnAThousandCornerSphereReachesTheTop) {
    using T = TypeParam;
    std::mt19937_64 rng(21);
    const std::vector<Vec3<T>> p = on_sphere<T>(rng, 1000);
    const PreparedShape3<T> s = PreparedShape3<T>::make(p);
    ASSERT_EQ(s.count(), 1000);
    std::uniform_int_distribution<int> any(0, 999);
    for (int k = 0; k < 3000; ++k) {
        const Vec3<T> d = random_direction<T>(rng);
        const T top = gjk::dot(d, s.vertices()[std::size_t(s.scan(d))]);
        EXPECT_EQ(gjk::dot(d, s.vertices()[std::size_t(s.support(d))]), top);
        EXPECT_EQ(gjk::dot(d, s.vertices()[std::size_t(s.support(d, any(rng)))]), top);
    }
    // Along every face's normal (rounded) the face's three corners nearly tie; they are
    // neighbours, so the climb ends on the one whose rounded d . v is the largest: the brute
    // force's maximum exactly.
    for (const auto& f : s.hull().faces) {
        const auto v = s.vertices();
        const Vec3<T> a = v[std::size_t(f[0])], b = v[std::size_t(f[1])], c = v[std::size_t(f[2])];
        const Vec3<T> n = gjk::cross(b - a, c - a);
        EXPECT_EQ(gjk::dot(n, v[std::size_t(s.support(n))]), brute_support(p, n));
        EXPECT_EQ(gjk::dot(n, v[std::size_t(s.support(n, f[0]))]), brute_support(p, n));
    }
    // Hints out of range are ignored; a NaN or zero direction gives a valid index.
    const Vec3<T> d{1, 2, 3};
    EXPECT_EQ(s.support(d, -1), s.support(d));
    EXPECT_EQ(s.support(d, 1000), s.support(d));
    const T nan = std::numeric_limits<T>::quiet_NaN();
    const int i = s.support(Vec3<T>{nan, 0, 0});
    EXPECT_TRUE(i >= 0 && i < 1000);
    const int j = s.support(Vec3<T>{0, 0, 0});
    EXPECT_TRUE(j >= 0 && j < 1000);
}

// Flat hulls are scanned, whatever their size: a polygon of 500 corners (points on a circle in
// a tilted plane), a segment, a point.
TYPED_TEST(Prepared3, FlatHullsAreScanned) {
    using T = TypeParam;
    std::vector<Vec3<T>> circle;
    for (int i = 0; i < 500; ++i) {
        const T x = T(std::cos(0.0125663706 * i)), y = T(std::sin(0.0125663706 * i));
        circle.push_back({x, y, x}); // the plane z = x
    }
    const std::vector<Vec3<T>> segment = {{0, 0, 0}, {1, 2, 3}, {T(0.5), 1, T(1.5)}};
    const std::vector<Vec3<T>> point = {{1, 2, 3}, {1, 2, 3}};
    std::mt19937_64 rng(29);
    for (const std::vector<Vec3<T>>* p : {&std::as_const(circle), &segment, &point}) {
        const PreparedShape3<T> s = PreparedShape3<T>::make(*p);
        EXPECT_LT(s.dimension(), 3);
        for (int k = 0; k < 500; ++k) {
            const Vec3<T> d = random_direction<T>(rng);
            const T found = gjk::dot(d, s.vertices()[std::size_t(s.support(d))]);
            ASSERT_LE(std::abs(brute_support(*p, d) - found), slack(*p, d));
        }
    }
    EXPECT_EQ(PreparedShape3<T>::make(circle).dimension(), 2);
    EXPECT_EQ(PreparedShape3<T>::make(segment).count(), 2);
    EXPECT_EQ(PreparedShape3<T>::make(point).count(), 1);
}

// A thin needle - a helix of radius 1e-5 around a segment of length 4, 400 corners - climbs as
// a sphere does: along its length the faces are almost parallel to the axis.
TYPED_TEST(Prepared3, ThinNeedleSupportMatchesTheBruteForce) {
    using T = TypeParam;
    std::vector<Vec3<T>> p;
    for (int i = 0; i < 400; ++i) {
        const double a = 2.399963 * i;
        p.push_back({T(1e-5 * std::cos(a)), T(1e-5 * std::sin(a)), T(4.0 * i / 399 - 2)});
    }
    const PreparedShape3<T> s = PreparedShape3<T>::make(p);
    ASSERT_EQ(s.dimension(), 3);
    ASSERT_GT(s.count(), PreparedShape3<T>::kScanLimit);
    std::mt19937_64 rng(31);
    for (int k = 0; k < 3000; ++k) {
        Vec3<T> d = random_direction<T>(rng);
        if (k % 2 == 0) {
            d.z *= T(1e-6); // nearly across the needle: where its corners nearly tie
        }
        const T found = gjk::dot(d, s.vertices()[std::size_t(s.support(d))]);
        ASSERT_LE(brute_support(p, d) - found, slack(p, d)) << k;
    }
}

// The view goes wherever a ShapeView3 does: the distance from a prepared cloud is the distance
// from its points.
TYPED_TEST(Prepared3, ViewAnswersTheDistanceQuery) {
    using T = TypeParam;
    std::mt19937_64 rng(37);
    const std::vector<Vec3<T>> cloud = on_sphere<T>(rng, 300);
    const std::vector<Vec3<T>> dot = {{0, 0, 0}};
    const PreparedShape3<T> s = PreparedShape3<T>::make(cloud, T(0.25));
    gjk::DistanceInput3<T> in;
    in.a = s.view();
    in.b = gjk::ShapeView3<T>(dot);
    in.xf_b.p = {T(3), T(1), T(-2)};
    const gjk::DistanceOutput3<T> prepared = gjk::distance(in);
    in.a = gjk::ShapeView3<T>(cloud, T(0.25));
    const gjk::DistanceOutput3<T> plain = gjk::distance(in);
    ASSERT_EQ(prepared.status, plain.status);
    EXPECT_NEAR(double(prepared.distance), double(plain.distance),
                64 * double(std::numeric_limits<T>::epsilon()) * 4);
}

namespace {

/// A random unit quaternion (uniform on the sphere of rotations).
template <class T> gjk::Quat<T> turn(std::mt19937_64& rng) {
    std::normal_distribution<double> g(0, 1);
    const double x = g(rng), y = g(rng), z = g(rng), w = g(rng);
    const double n = std::sqrt(x * x + y * y + z * z + w * w);
    return {T(x / n), T(y / n), T(z / n), T(w / n)};
}

} // namespace

// A prepared shape that climbs is never read whole by a query: its support is a climb in its
// own frame along the direction turned back. The queries still answer as for its points: a
// 160-corner sphere hull against small turned hulls (or a 40-corner one that climbs too), apart by
// up to 0.5 and overlapping by up to 0.2, warm started along a path too, against the exact oracle.
TYPED_TEST(Prepared3, ClimbingShapesAnswerTheDistanceOfTheirPoints) {
    using T = TypeParam;
    std::mt19937_64 rng(41);
    const std::vector<Vec3<T>> big = on_sphere<T>(rng, 160);
    const std::vector<Vec3<T>> ball = on_sphere<T>(rng, 40, T(0.5));
    const PreparedShape3<T> prepared_big = PreparedShape3<T>::make(big);
    const PreparedShape3<T> prepared_ball = PreparedShape3<T>::make(ball);
    ASSERT_TRUE(prepared_big.climbs() && prepared_ball.climbs());
    std::uniform_real_distribution<double> u(-1, 1);
    const double bound = std::is_same_v<T, float> ? 2e-6 : 1e-13; // of the scale, about 2
    gjk::SimplexCache3<T> cache;
    for (int pair = 0; pair < 30; ++pair) {
        std::vector<Vec3<T>> small;
        for (int i = 0; i < 8; ++i) {
            small.push_back({T(0.3 * u(rng)), T(0.3 * u(rng)), T(0.3 * u(rng))});
        }
        const bool both_big = pair % 5 == 4;
        const std::vector<Vec3<T>>& other = both_big ? ball : small;
        const Vec3<T> towards = gjk::normalized(random_direction<T>(rng));
        const T reach = T((both_big ? 1.5 : 1.3) + 0.35 * (u(rng) + 0.4));
        gjk::DistanceInput3<T> in;
        in.a = prepared_big.view();
        in.b = both_big ? prepared_ball.view() : gjk::ShapeView3<T>(small);
        in.xf_a = {{T(0.1), T(-0.2), T(0.3)}, turn<T>(rng)};
        in.xf_b = {in.xf_a.p + reach * towards, turn<T>(rng)};
        if (pair % 2 == 1) { // the big shape as B
            std::swap(in.a, in.b), std::swap(in.xf_a, in.xf_b);
        }
        const std::vector<Vec3<T>>& pa = pair % 2 == 1 ? other : big;
        const std::vector<Vec3<T>>& pb = pair % 2 == 1 ? big : other;
        const auto exact =
            oracle3::hull_distance(gjk_test::world(pa, in.xf_a), gjk_test::world(pb, in.xf_b));
        const gjk::DistanceOutput3<T> cold = gjk::distance(in);
        ASSERT_EQ(cold.error, gjk::InputError::none) << pair;
        if (exact.intersect) {
            EXPECT_NE(cold.status, gjk::Status::separated) << pair;
        } else {
            EXPECT_EQ(cold.status, gjk::Status::separated) << pair;
            EXPECT_NEAR(double(cold.distance), double(oracle3::approx_sqrt(exact.distance2)),
                        bound * 2)
                << pair;
        }
        // Warm: the cache from the last pair (other shapes' indices are in range or dropped).
        const gjk::DistanceOutput3<T> warm = gjk::distance(in, &cache);
        EXPECT_EQ(warm.status, cold.status) << pair;
        EXPECT_NEAR(double(warm.distance), double(cold.distance), bound * 2) << pair;
        // Penetration takes the same support: its depth is the plain points' within round-off,
        // and apart it is distance()'s answer.
        const gjk::PenetrationOutput3<T> climbed = gjk::penetration(in);
        gjk::DistanceInput3<T> plain = in;
        plain.a = gjk::ShapeView3<T>(pa), plain.b = gjk::ShapeView3<T>(pb);
        const gjk::PenetrationOutput3<T> scanned = gjk::penetration(plain);
        EXPECT_EQ(climbed.status, scanned.status) << pair;
        EXPECT_NEAR(double(climbed.signed_distance), double(scanned.signed_distance), bound * 2)
            << pair;
    }
}

// A prepared view's corners are checked once, when it is made: the query does not read them.
TYPED_TEST(Prepared3, APreparedViewIsNotCheckedAgain) {
    using T = TypeParam;
    std::mt19937_64 rng(43);
    const std::vector<Vec3<T>> big = on_sphere<T>(rng, 100);
    const PreparedShape3<T> s = PreparedShape3<T>::make(big);
    const std::vector<Vec3<T>> dot = {{0, 0, 0}};
    gjk::DistanceInput3<T> in;
    in.a = s.view();
    in.b = gjk::ShapeView3<T>(dot);
    in.xf_b.p = {T(3), T(0), T(0)};
    EXPECT_EQ(gjk::validate(in), gjk::InputError::none);
    // The query trusts the view's pointer and reads no corner: points changed behind it (which
    // the view forbids) are not seen, where a plain view of them is refused.
    const std::vector<Vec3<T>> bad = {{std::numeric_limits<T>::quiet_NaN(), 0, 0}};
    in.a.points = bad;
    EXPECT_EQ(gjk::validate(in), gjk::InputError::none);
    in.a.prepared = nullptr;
    EXPECT_EQ(gjk::validate(in), gjk::InputError::nonfinite_point_a);
    in.a = s.view();
    // A plain view of bad points is still checked.
    in.b = gjk::ShapeView3<T>(bad);
    EXPECT_EQ(gjk::validate(in), gjk::InputError::nonfinite_point_b);
}
