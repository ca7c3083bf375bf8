// Specifications of gjk/hull3.hpp: the convex hull in space. Its corners are qhull's (an
// independent peer, tests/support/qhull3.hpp) on random clouds and integer grids, and the
// surface is checked exactly (GMP rationals, tests/support/exact_orientation3.hpp): every input
// point on the inner side of every face, every vertex a corner, a closed oriented surface with
// V - E + F = 2. The flat cases say their dimension.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "gjk/hull3.hpp"
#include "support/exact_orientation3.hpp"
#include "support/qhull3.hpp"
#include "support/scalars.hpp"

using gjk::Vec3;
using gjk_test::exact_orientation;

namespace {

GJK_SCALAR_SUITE(Hull3);

/// The clouds of the random families, by name: a cube's volume, a sphere's surface (few
/// points, most of them corners), a thousand points on a sphere (all corners), an integer grid
/// (coplanar and collinear points on every facet), and a cloud with every point repeated.
template <class T> std::vector<Vec3<T>> cloud(const char* family, std::mt19937_64& rng, int n) {
    std::uniform_real_distribution<double> u(-1, 1);
    std::normal_distribution<double> g(0, 1);
    std::uniform_int_distribution<int> cell(-3, 3);
    std::vector<Vec3<T>> p;
    const std::string name = family;
    for (int i = 0; i < n; ++i) {
        if (name == "cube") {
            p.push_back({T(u(rng)), T(u(rng)), T(u(rng))});
        } else if (name == "sphere") {
            const double x = g(rng), y = g(rng), z = g(rng);
            const double r = std::sqrt(x * x + y * y + z * z);
            p.push_back({T(x / r), T(y / r), T(z / r)});
        } else if (name == "grid") {
            p.push_back({T(cell(rng)), T(cell(rng)), T(cell(rng))});
        } else { // "repeated": a cube's points, each twice, shuffled
            const Vec3<T> q{T(u(rng)), T(u(rng)), T(u(rng))};
            p.push_back(q), p.push_back(q);
        }
    }
    std::shuffle(p.begin(), p.end(), rng);
    return p;
}

/// The exact checks of a polyhedron's surface, by assertion.
template <class T>
void expect_exact_surface(const std::vector<Vec3<T>>& points, const gjk::Hull3<T>& h) {
    ASSERT_EQ(h.dimension, 3);
    const int v = int(h.vertices.size());
    // Every face: three distinct hull vertices, not collinear, every input point on or below.
    std::map<std::pair<int, int>, int> edges; // directed edge -> how many faces have it
    for (const auto& f : h.faces) {
        for (const int i : f) {
            ASSERT_GE(i, 0);
            ASSERT_LT(i, v);
        }
        const Vec3<T> a = h.vertices[std::size_t(f[0])], b = h.vertices[std::size_t(f[1])],
                      c = h.vertices[std::size_t(f[2])];
        for (const Vec3<T>& p : points) {
            ASSERT_LE(exact_orientation(a, b, c, p), 0) << "a point above a face";
        }
        bool degenerate = true; // collinear: coplanar with every fourth point
        for (const Vec3<T> e : {Vec3<T>{1, 0, 0}, Vec3<T>{0, 1, 0}, Vec3<T>{0, 0, 1}}) {
            degenerate &= exact_orientation(a, b, c, a + e) == 0;
        }
        ASSERT_FALSE(degenerate);
        for (int e = 0; e < 3; ++e) {
            ++edges[{f[std::size_t(e)], f[std::size_t((e + 1) % 3)]}];
        }
    }
    // Closed and oriented: each directed edge once, its reverse once. Euler: V - E + F = 2.
    for (const auto& [edge, count] : edges) {
        ASSERT_EQ(count, 1);
        ASSERT_EQ(edges.count({edge.second, edge.first}), 1u);
    }
    const int e = int(edges.size()) / 2, f = int(h.faces.size());
    EXPECT_EQ(v - e + f, 2);
    // Every vertex a corner: the planes of its faces are at least three.
    for (int i = 0; i < v; ++i) {
        std::vector<std::array<int, 3>> around;
        for (const auto& t : h.faces) {
            if (t[0] == i || t[1] == i || t[2] == i) {
                around.push_back(t);
            }
        }
        std::vector<std::array<int, 3>> planes;
        for (const auto& t : around) {
            bool seen = false;
            for (const auto& s : planes) {
                bool same = true;
                for (const int k : t) {
                    same &= exact_orientation(
                                h.vertices[std::size_t(s[0])], h.vertices[std::size_t(s[1])],
                                h.vertices[std::size_t(s[2])], h.vertices[std::size_t(k)]) == 0;
                }
                seen |= same;
            }
            if (!seen) {
                planes.push_back(t);
            }
        }
        ASSERT_GE(planes.size(), 3u) << "vertex " << i << " is inside a facet or on an edge";
    }
    // The neighbours are the vertices joined by an edge, each once.
    for (int i = 0; i < v; ++i) {
        std::set<int> expected;
        for (const auto& [edge, count] : edges) {
            if (edge.first == i) {
                expected.insert(edge.second);
            }
        }
        const auto n = h.neighbours_of(i);
        EXPECT_EQ(std::set<int>(n.begin(), n.end()), expected);
        EXPECT_EQ(n.size(), expected.size());
    }
    // In order around each vertex, counter-clockwise seen from outside: each two consecutive
    // neighbours make a face with it.
    std::set<std::array<int, 3>> rotations;
    for (const auto& t : h.faces) {
        rotations.insert({t[0], t[1], t[2]});
        rotations.insert({t[1], t[2], t[0]});
        rotations.insert({t[2], t[0], t[1]});
    }
    for (int i = 0; i < v; ++i) {
        const auto n = h.neighbours_of(i);
        for (std::size_t k = 0; k < n.size(); ++k) {
            EXPECT_EQ(rotations.count({i, n[k], n[(k + 1) % n.size()]}), 1u) << "vertex " << i;
        }
    }
    // Every vertex is its input point.
    for (int i = 0; i < v; ++i) {
        EXPECT_EQ(h.vertices[std::size_t(i)], points[std::size_t(h.source[std::size_t(i)])]);
    }
}

/// The corners as a set of points (qhull may name another copy of a repeated point).
template <class T>
std::set<std::array<T, 3>> as_points(const std::vector<Vec3<T>>& points, const std::set<int>& ids) {
    std::set<std::array<T, 3>> s;
    for (const int i : ids) {
        const Vec3<T> p = points[std::size_t(i)];
        s.insert({p.x, p.y, p.z});
    }
    return s;
}

} // namespace

TYPED_TEST(Hull3, NoPointsIsNoHull) {
    using T = TypeParam;
    const gjk::Hull3<T> h = gjk::convex_hull3<T>(std::vector<Vec3<T>>{});
    EXPECT_EQ(h.dimension, -1);
    EXPECT_TRUE(h.vertices.empty());
}

TYPED_TEST(Hull3, OneRepeatedPointIsDimensionZero) {
    using T = TypeParam;
    const std::vector<Vec3<T>> p(5, Vec3<T>{T(1.5), T(-2), T(0.25)});
    const gjk::Hull3<T> h = gjk::convex_hull3<T>(p);
    EXPECT_EQ(h.dimension, 0);
    ASSERT_EQ(h.vertices.size(), 1u);
    EXPECT_EQ(h.source[0], 0); // the lowest index of equal points
    EXPECT_TRUE(h.faces.empty());
    EXPECT_TRUE(h.neighbours_of(0).empty());
}

// Collinear points, shuffled and repeated, give the two extremes, joined to each other.
TYPED_TEST(Hull3, CollinearPointsGiveTheTwoExtremes) {
    using T = TypeParam;
    std::vector<Vec3<T>> p;
    for (int i = 0; i <= 20; ++i) {
        p.push_back({T(1 + 2 * i), T(-3 * i), T(5 + i)});
    }
    p.push_back(p[7]);
    std::mt19937_64 rng(1);
    std::shuffle(p.begin(), p.end(), rng);
    const gjk::Hull3<T> h = gjk::convex_hull3<T>(p);
    EXPECT_EQ(h.dimension, 1);
    ASSERT_EQ(h.vertices.size(), 2u);
    const std::set<T> ends{h.vertices[0].x, h.vertices[1].x};
    EXPECT_EQ(ends, (std::set<T>{T(1), T(41)}));
    EXPECT_EQ(h.neighbours_of(0)[0], 1);
    EXPECT_EQ(h.neighbours_of(1)[0], 0);
}

// A tilted plane's integer grid (z = 2x - y + 1, every point coplanar, many on each edge):
// the polygon's four corners, in order around it (each turn the same, none zero), no faces.
TYPED_TEST(Hull3, CoplanarPointsGiveThePolygonInOrder) {
    using T = TypeParam;
    std::vector<Vec3<T>> p;
    for (int x = 0; x <= 6; ++x) {
        for (int y = 0; y <= 4; ++y) {
            p.push_back({T(x), T(y), T(2 * x - y + 1)});
        }
    }
    const gjk::Hull3<T> h = gjk::convex_hull3<T>(p);
    EXPECT_EQ(h.dimension, 2);
    EXPECT_TRUE(h.faces.empty());
    ASSERT_EQ(h.vertices.size(), 4u);
    const Vec3<T> normal{T(2), T(-1), T(-1)}; // of the plane z = 2x - y + 1
    std::set<int> turns;
    for (std::size_t i = 0; i < 4; ++i) {
        const Vec3<T> a = h.vertices[i], b = h.vertices[(i + 1) % 4], c = h.vertices[(i + 2) % 4];
        turns.insert(exact_orientation(a, b, c, a + normal));
        const auto n = h.neighbours_of(int(i));
        EXPECT_EQ(std::set<int>(n.begin(), n.end()),
                  (std::set<int>{int((i + 1) % 4), int((i + 3) % 4)}));
    }
    EXPECT_EQ(turns.size(), 1u);
    EXPECT_EQ(turns.count(0), 0u);
}

// Random clouds: the corners are qhull's, point for point, and the surface passes every exact
// check. Sizes from the tetrahedron up to 2,000 points.
TYPED_TEST(Hull3, CornersAreQhullsOnRandomClouds) {
    using T = TypeParam;
    std::mt19937_64 rng(7);
    int compared = 0;
    for (const char* family : {"cube", "sphere", "repeated"}) {
        for (const int n : {4, 5, 9, 40, 300, 2000}) {
            const std::vector<Vec3<T>> p = cloud<T>(family, rng, n);
            const gjk::Hull3<T> h = gjk::convex_hull3<T>(p);
            SCOPED_TRACE(std::string(family) + " n=" + std::to_string(n));
            expect_exact_surface(p, h);
            const std::set<int> qhull = gjk_test::qhull_vertices(p);
            ASSERT_FALSE(qhull.empty());
            const std::set<int> ours(h.source.begin(), h.source.end());
            EXPECT_EQ(as_points(p, ours), as_points(p, qhull));
            ++compared;
        }
    }
    EXPECT_EQ(compared, 18);
}

// A thousand points on a sphere are all corners, and so are qhull's.
TYPED_TEST(Hull3, EveryPointOfASphereIsACorner) {
    using T = TypeParam;
    std::mt19937_64 rng(9);
    const std::vector<Vec3<T>> p = cloud<T>("sphere", rng, 1000);
    const gjk::Hull3<T> h = gjk::convex_hull3<T>(p);
    expect_exact_surface(p, h);
    EXPECT_EQ(h.vertices.size(), 1000u);
    EXPECT_EQ(gjk_test::qhull_vertices(p).size(), 1000u);
    EXPECT_EQ(h.faces.size(), 2 * 1000u - 4); // all triangles of a simplicial polytope
}

// Integer grids: most points lie on a facet or an edge of the hull, many repeated. Only the
// corners stay, qhull's, and every exact check holds.
TYPED_TEST(Hull3, IntegerGridsKeepOnlyTheCorners) {
    using T = TypeParam;
    std::mt19937_64 rng(13);
    for (const int n : {10, 60, 400, 3000}) {
        const std::vector<Vec3<T>> p = cloud<T>("grid", rng, n);
        const gjk::Hull3<T> h = gjk::convex_hull3<T>(p);
        SCOPED_TRACE("n=" + std::to_string(n));
        expect_exact_surface(p, h);
        const std::set<int> ours(h.source.begin(), h.source.end());
        EXPECT_EQ(as_points(p, ours), as_points(p, gjk_test::qhull_vertices(p)));
    }
    // The full 7 x 7 x 7 grid is a cube: eight corners, twelve triangles.
    std::vector<Vec3<T>> cube;
    for (int i = 0; i < 343; ++i) {
        cube.push_back({T(i % 7), T(i / 7 % 7), T(i / 49)});
    }
    const gjk::Hull3<T> h = gjk::convex_hull3<T>(cube);
    expect_exact_surface(cube, h);
    EXPECT_EQ(h.vertices.size(), 8u);
    EXPECT_EQ(h.faces.size(), 12u);
}

// Repeated corners keep the lowest input index, and the vertices come in input order.
TYPED_TEST(Hull3, RepeatedCornersKeepTheLowestIndex) {
    using T = TypeParam;
    const std::vector<Vec3<T>> p = {{0, 0, 0}, {1, 0, 0}, {T(0.2), T(0.2), T(0.2)},
                                    {0, 1, 0}, {1, 0, 0}, {0, 0, 1},
                                    {0, 0, 0}, {0, 0, 1}};
    const gjk::Hull3<T> h = gjk::convex_hull3<T>(p);
    expect_exact_surface(p, h);
    EXPECT_EQ(h.source, (std::vector<int>{0, 1, 3, 5}));
}

// A needle: points on a helix of radius 1e-6 around a segment of length 10, and points on the
// axis between. The sides' planes are a few ulps from the axis' points, where only the exact
// sign tells which side they are on: every exact check still holds, and the axis' inner points
// are no corners.
TYPED_TEST(Hull3, ThinNeedleIsDecidedExactly) {
    using T = TypeParam;
    std::vector<Vec3<T>> p;
    for (int i = 0; i < 200; ++i) {
        const double a = 2.399963 * i; // the golden angle
        p.push_back({T(1e-6 * std::cos(a)), T(1e-6 * std::sin(a)), T(10.0 * i / 199)});
        p.push_back({T(0), T(0), T(10.0 * i / 199)}); // on the axis
    }
    const gjk::Hull3<T> h = gjk::convex_hull3<T>(p);
    expect_exact_surface(p, h);
    for (const int s : h.source) {
        EXPECT_TRUE(s % 2 == 0 || p[std::size_t(s)].z == T(0) || p[std::size_t(s)].z == T(10));
    }
}

// Points within an ulp of a facet's plane: a square's grid at z = 1 moved by +-1 ulp in z, on
// top of a cube. Those above the plane are corners, those below not; the exact checks decide.
TYPED_TEST(Hull3, PointsWithinAnUlpOfAFacetAreDecidedExactly) {
    using T = TypeParam;
    std::vector<Vec3<T>> p;
    for (int i = 0; i < 8; ++i) {
        p.push_back({T(i & 1 ? 3 : -3), T(i & 2 ? 3 : -3), T(i & 4 ? 1 : -1)});
    }
    std::mt19937_64 rng(17);
    std::uniform_int_distribution<int> side(0, 2);
    for (int x = -2; x <= 2; ++x) {
        for (int y = -2; y <= 2; ++y) {
            const int s = side(rng);
            const T z =
                s == 0 ? std::nextafter(T(1), T(2)) : (s == 1 ? T(1) : std::nextafter(T(1), T(0)));
            p.push_back({T(x) * T(1.1), T(y) * T(0.7), z});
        }
    }
    const gjk::Hull3<T> h = gjk::convex_hull3<T>(p);
    expect_exact_surface(p, h);
}

// A pyramid on a base of 600 points within round-off of a plane (a + s (b - a) + t (c - a),
// rounded): which base points bulge out of the plane, and so are corners, is decided only by
// the exact sign; the filter's floating-point determinant alone leaves points above faces
// (checked: the checks below fail with it).
TYPED_TEST(Hull3, PyramidOnANearlyFlatBaseIsDecidedExactly) {
    using T = TypeParam;
    std::mt19937_64 rng(41);
    std::uniform_real_distribution<double> u(-1, 1);
    for (int trial = 0; trial < 4; ++trial) {
        const Vec3<T> a{T(u(rng)), T(u(rng)), T(u(rng))}, b{T(u(rng)), T(u(rng)), T(u(rng))},
            c{T(u(rng)), T(u(rng)), T(u(rng))};
        std::vector<Vec3<T>> p = {a, b, c};
        for (int i = 0; i < 600; ++i) {
            const T s = T(u(rng)), t = T(u(rng));
            p.push_back(a + s * (b - a) + t * (c - a));
        }
        p.push_back(a + T(3) * gjk::cross(b - a, c - a)); // the apex, off the plane
        const gjk::Hull3<T> h = gjk::convex_hull3<T>(p);
        SCOPED_TRACE("trial " + std::to_string(trial));
        expect_exact_surface(p, h);
        EXPECT_GT(h.vertices.size(), 5u); // bulging base points among the corners
    }
}
