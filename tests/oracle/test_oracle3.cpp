// Tests of the 3D oracle itself: hand-made cases with answers worked out by hand; closest points
// checked by the projection inequality and exact barycentric weights written here; hull distances
// checked three ways: against the literal brute-force definition, against the exact search
// without the long double ranking, and against a long double Frank-Wolfe iteration and random
// convex combinations (algorithms that share nothing with oracle3.cpp).
#include "oracle/oracle3.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>
#include <ostream>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace oracle3 {
void PrintTo(const Q3& p, std::ostream* os) {
    *os << "(" << p.x << ", " << p.y << ", " << p.z << ")";
}
void PrintTo(const P3& p, std::ostream* os) {
    *os << "(" << p.x << ", " << p.y << ", " << p.z << ")";
}
} // namespace oracle3

namespace {

using oracle3::approx_sqrt;
using oracle3::closest_on_segment;
using oracle3::closest_on_tetrahedron;
using oracle3::closest_on_triangle;
using oracle3::exact;
using oracle3::hull_distance;
using oracle3::hull_distance_brute_force;
using oracle3::hull_distance_exact_search;
using oracle3::P3;
using oracle3::Q;
using oracle3::Q3;
using Set = std::vector<P3>;

// The rational n / d.
Q r(long n, unsigned long d = 1) {
    Q q(n, d);
    q.canonicalize();
    return q;
}

Q3 pt(double x, double y, double z) {
    return exact({x, y, z});
}

Q3 qpt(const Q& x, const Q& y, const Q& z) {
    return {x, y, z};
}

Q dot(const Q3& a, const Q3& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

Q3 minus(const Q3& a, const Q3& b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}

// The 8 corners of the box [x0, x1] x [y0, y1] x [z0, z1].
Set box(double x0, double y0, double z0, double x1, double y1, double z1) {
    Set s;
    for (int i = 0; i < 8; ++i) {
        s.push_back({(i & 1) != 0 ? x1 : x0, (i & 2) != 0 ? y1 : y0, (i & 4) != 0 ? z1 : z0});
    }
    return s;
}

Set shifted(Set s, double dx, double dy, double dz) {
    for (P3& p : s) {
        p.x += dx;
        p.y += dy;
        p.z += dz;
    }
    return s;
}

// ---------------------------------------------------------------------------------------------
// Exact conversion and the square root.

TEST(Oracle3Exact, ConvertsDoublesWithoutRounding) {
    // 0.1 is 0x1.999999999999ap-4 = 3602879701896397 / 2^55.
    EXPECT_EQ(exact({0.1, -2.5, 0}).x, Q("3602879701896397/36028797018963968"));
    EXPECT_EQ(exact({0.1, -2.5, 0}).y, r(-5, 2));
    Q tiny(1);
    mpq_div_2exp(tiny.get_mpq_t(), tiny.get_mpq_t(), 1074); // the smallest subnormal
    EXPECT_EQ(exact({0, std::numeric_limits<double>::denorm_min(), 0}).y, tiny);
    EXPECT_EQ(exact({0, 0, 0x1p1000}).z, Q(mpz_class(1) << 1000));
}

TEST(Oracle3Exact, RejectsNonFiniteCoordinates) {
    EXPECT_THROW(exact({std::nan(""), 0, 0}), std::domain_error);
    EXPECT_THROW(exact({0, std::numeric_limits<double>::infinity(), 0}), std::domain_error);
    EXPECT_THROW(exact({0, 0, -std::numeric_limits<double>::infinity()}), std::domain_error);
}

TEST(Oracle3ApproxSqrt, IsTheCorrectlyRoundedRootOfRepresentableValues) {
    // sqrtl is correctly rounded (IEEE); on a value exactly representable in long double it is the
    // long double nearest to the exact root, which approx_sqrt() must reproduce.
    EXPECT_EQ(approx_sqrt(Q(0)), 0.0L);
    EXPECT_EQ(approx_sqrt(Q(4)), 2.0L);
    EXPECT_EQ(approx_sqrt(Q(2)), std::sqrt(2.0L));
    EXPECT_EQ(approx_sqrt(Q(mpz_class(1) << 2000)), std::ldexp(1.0L, 1000));
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> mantissa(1, 2);
    std::uniform_int_distribution<int> exponent(-1070, 1020);
    for (int i = 0; i < 2000; ++i) {
        const double v = std::ldexp(mantissa(rng), exponent(rng));
        EXPECT_EQ(approx_sqrt(Q(v)), std::sqrt(static_cast<long double>(v))) << v;
    }
    EXPECT_THROW(approx_sqrt(r(-1, 3)), std::domain_error);
}

TEST(Oracle3ApproxSqrt, IsWithinOneUnitOfTheRootOfARational) {
    // sqrt(1/3) and sqrt(2/9) = sqrt(2)/3: checked against long double arithmetic near them.
    const long double s = approx_sqrt(r(1, 3));
    EXPECT_NEAR(static_cast<double>(s * s * 3), 1.0, 1e-18);
    EXPECT_LE(std::fabs(approx_sqrt(r(2, 9)) - std::sqrt(2.0L) / 3), 2 * 0x1p-64L);
}

// ---------------------------------------------------------------------------------------------
// Segment.

TEST(Oracle3Segment, InteriorAndEndRegions) {
    const Q3 a = pt(0, 0, 0), b = pt(2, 0, 0);
    auto c = closest_on_segment(pt(1, 1, 0), a, b);
    EXPECT_EQ(c.point, pt(1, 0, 0));
    EXPECT_EQ(c.region, 3u);
    c = closest_on_segment(pt(-1, 3, 0), a, b);
    EXPECT_EQ(c.point, a);
    EXPECT_EQ(c.region, 1u);
    c = closest_on_segment(pt(5, -1, 2), a, b);
    EXPECT_EQ(c.point, b);
    EXPECT_EQ(c.region, 2u);
    c = closest_on_segment(a, a, b); // on the vertex: the vertex region, not the edge
    EXPECT_EQ(c.region, 1u);
}

TEST(Oracle3Segment, RationalFootOfAnObliqueSegment) {
    // (1, 0, 0) onto the line through 0 and (1, 1, 0): t = 1/2.
    auto c = closest_on_segment(pt(1, 0, 0), pt(0, 0, 0), pt(1, 1, 0));
    EXPECT_EQ(c.point, qpt(r(1, 2), r(1, 2), 0));
    EXPECT_EQ(c.region, 3u);
    // (0, 0, 0) onto [(1, 0, 0), (0, 2, 0)]: t = 1/5, the foot (4/5, 2/5, 0).
    c = closest_on_segment(pt(0, 0, 0), pt(1, 0, 0), pt(0, 2, 0));
    EXPECT_EQ(c.point, qpt(r(4, 5), r(2, 5), 0));
}

TEST(Oracle3Segment, ZeroLengthSegmentIsItsFirstVertex) {
    const Q3 a = pt(1, 2, 3);
    auto c = closest_on_segment(pt(7, -1, 0), a, a);
    EXPECT_EQ(c.point, a);
    EXPECT_EQ(c.region, 1u);
}

// ---------------------------------------------------------------------------------------------
// Triangle.

struct TriangleCase {
    const char* name;
    Q3 q, point;
    unsigned region;
};

// The triangle (0,0,0), (4,0,0), (0,4,0) and a query in each region.
std::vector<TriangleCase> triangle_cases() {
    return {
        {"above the face", pt(1, 1, 5), pt(1, 1, 0), 7},
        {"in the face", pt(1, 2, 0), pt(1, 2, 0), 7},
        {"beyond ab", pt(2, -3, 1), pt(2, 0, 0), 3},
        {"beyond bc", pt(3, 3, -2), pt(2, 2, 0), 6},
        {"beyond ca", pt(-1, 2, 7), pt(0, 2, 0), 5},
        {"on bc", pt(1, 3, 0), pt(1, 3, 0), 6},
        {"beyond a", pt(-1, -1, 2), pt(0, 0, 0), 1},
        {"beyond b", pt(6, -1, 0), pt(4, 0, 0), 2},
        {"beyond c", pt(-1, 6, -3), pt(0, 4, 0), 4},
        {"on c", pt(0, 4, 0), pt(0, 4, 0), 4},
    };
}

TEST(Oracle3Triangle, EveryRegionInEveryVertexOrder) {
    const std::array<Q3, 3> v{pt(0, 0, 0), pt(4, 0, 0), pt(0, 4, 0)};
    for (const TriangleCase& tc : triangle_cases()) {
        std::array<int, 3> perm{0, 1, 2};
        do {
            const auto c = closest_on_triangle(tc.q, v[perm[0]], v[perm[1]], v[perm[2]]);
            // The region of the permuted call, in the original vertices' bits.
            unsigned region = 0;
            for (int k = 0; k < 3; ++k) {
                if ((c.region & (1u << k)) != 0) {
                    region |= 1u << perm[k];
                }
            }
            EXPECT_EQ(c.point, tc.point) << tc.name;
            EXPECT_EQ(region, tc.region) << tc.name << " order " << perm[0] << perm[1] << perm[2];
        } while (std::next_permutation(perm.begin(), perm.end()));
    }
}

TEST(Oracle3Triangle, TiltedFaceProjectsToTheCentroid) {
    // The triangle x + y + z = 1 with corners on the axes: (1, 1, 1) projects to its centroid,
    // at squared distance |(2/3, 2/3, 2/3)|^2 = 4/3.
    const Q3 q = pt(1, 1, 1);
    const auto c = closest_on_triangle(q, pt(1, 0, 0), pt(0, 1, 0), pt(0, 0, 1));
    EXPECT_EQ(c.point, qpt(r(1, 3), r(1, 3), r(1, 3)));
    EXPECT_EQ(c.region, 7u);
    EXPECT_EQ(oracle3::distance2(q, c.point), r(4, 3));
}

TEST(Oracle3Triangle, CollinearTriangleIsItsLongestEdgeWithTheLowestRegion) {
    // c lies between a and b.
    const Q3 a = pt(0, 0, 0), b = pt(2, 0, 0), c = pt(1, 0, 0);
    auto t = closest_on_triangle(pt(1, 1, 0), a, b, c);
    EXPECT_EQ(t.point, c);
    EXPECT_EQ(t.region, 4u); // the vertex c itself: one vertex beats any edge
    t = closest_on_triangle(pt(0.5, 1, 0), a, b, c);
    EXPECT_EQ(t.point, pt(0.5, 0, 0));
    EXPECT_EQ(t.region, 3u); // in ab and in ac: the lower mask
    t = closest_on_triangle(pt(1.5, -1, 4), a, b, c);
    EXPECT_EQ(t.point, pt(1.5, 0, 0));
    EXPECT_EQ(t.region, 3u); // in ab and in bc
    t = closest_on_triangle(pt(3, 1, 0), a, b, c);
    EXPECT_EQ(t.point, b);
    EXPECT_EQ(t.region, 2u);
}

TEST(Oracle3Triangle, CoincidentVerticesTakeTheLowestIndex) {
    const Q3 p = pt(1, 1, 1), far = pt(3, 1, 1);
    auto t = closest_on_triangle(pt(5, 5, 5), p, p, p);
    EXPECT_EQ(t.point, p);
    EXPECT_EQ(t.region, 1u);
    // a = b: the segment a-c; its interior is the region a|c (a|b is only the point a).
    t = closest_on_triangle(pt(2, 0, 1), p, p, far);
    EXPECT_EQ(t.point, pt(2, 1, 1));
    EXPECT_EQ(t.region, 5u);
    t = closest_on_triangle(pt(-2, 0, 1), far, p, p);
    EXPECT_EQ(t.point, p);
    EXPECT_EQ(t.region, 2u);
}

// Exact barycentric weights of p on the proper simplex verts (1 to 3 points), by Cramer's rule on
// the Gram system of the edges from verts[0]; written here, independently of oracle3.cpp.
std::vector<Q> weights(const Q3& p, const std::vector<Q3>& verts) {
    if (verts.size() == 1) {
        return {Q(1)};
    }
    const Q3 e1 = minus(verts[1], verts[0]), w = minus(p, verts[0]);
    if (verts.size() == 2) {
        const Q t = dot(w, e1) / dot(e1, e1);
        return {1 - t, t};
    }
    const Q3 e2 = minus(verts[2], verts[0]);
    const Q g11 = dot(e1, e1), g12 = dot(e1, e2), g22 = dot(e2, e2);
    const Q det = g11 * g22 - g12 * g12;
    const Q s = (dot(w, e1) * g22 - dot(w, e2) * g12) / det;
    const Q t = (g11 * dot(w, e2) - g12 * dot(w, e1)) / det;
    return {1 - s - t, s, t};
}

// p is the closest point of the hull of verts to q iff p is in the hull and (q - p).(v - p) <= 0
// for every vertex v (the projection inequality, linear in v). In the hull, on its region: p is
// the combination of the region's vertices with the positive weights computed above (exactly:
// the combination is recomputed and compared).
void expect_projection(const Q3& q, const Q3& p, unsigned region, const std::vector<Q3>& verts,
                       const std::string& what) {
    for (const Q3& v : verts) {
        EXPECT_LE(dot(minus(q, p), minus(v, p)), 0) << what;
    }
    std::vector<Q3> face;
    for (std::size_t i = 0; i < verts.size(); ++i) {
        if ((region & (1u << i)) != 0) {
            face.push_back(verts[i]);
        }
    }
    ASSERT_FALSE(face.empty()) << what;
    ASSERT_LE(face.size(), 3u) << what;
    const std::vector<Q> w = weights(p, face);
    Q3 sum{Q(0), Q(0), Q(0)};
    for (std::size_t i = 0; i < face.size(); ++i) {
        EXPECT_GT(w[i], 0) << what;
        sum = {sum.x + w[i] * face[i].x, sum.y + w[i] * face[i].y, sum.z + w[i] * face[i].z};
    }
    EXPECT_EQ(sum, p) << what;
}

TEST(Oracle3Triangle, RandomQueriesSatisfyTheProjectionInequality) {
    // Small integer coordinates make exact hits on edges, vertices and the plane frequent.
    std::mt19937 rng(5);
    std::uniform_int_distribution<int> coord(-4, 4);
    auto grid = [&] { return pt(coord(rng), coord(rng), coord(rng)); };
    std::array<int, 8> seen{};
    for (int i = 0; i < 3000; ++i) {
        const Q3 a = grid(), b = grid(), c = grid(), q = grid();
        const Q3 n{(b.y - a.y) * (c.z - a.z) - (b.z - a.z) * (c.y - a.y),
                   (b.z - a.z) * (c.x - a.x) - (b.x - a.x) * (c.z - a.z),
                   (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)};
        if (dot(n, n) == 0) {
            continue;
        }
        const auto t = closest_on_triangle(q, a, b, c);
        ASSERT_TRUE(t.region >= 1 && t.region <= 7);
        ++seen[t.region];
        expect_projection(q, t.point, t.region, {a, b, c}, "triangle " + std::to_string(i));
    }
    for (unsigned region = 1; region <= 7; ++region) {
        EXPECT_GE(seen[region], 30) << "region " << region << " barely sampled";
    }
}

// ---------------------------------------------------------------------------------------------
// Tetrahedron.

TEST(Oracle3Tetrahedron, InsideAndOnAreRegion15) {
    const Q3 a = pt(0, 0, 0), b = pt(6, 0, 0), c = pt(0, 6, 0), d = pt(0, 0, 6);
    for (const Q3& q : {pt(1, 1, 1), pt(1, 1, 0), pt(2, 2, 2), pt(0, 0, 3), a, d}) {
        const auto t = closest_on_tetrahedron(q, a, b, c, d);
        EXPECT_EQ(t.point, q);
        EXPECT_EQ(t.region, 15u);
        // The same for the other orientation of the solid.
        EXPECT_EQ(closest_on_tetrahedron(q, b, a, c, d).region, 15u);
    }
}

TEST(Oracle3Tetrahedron, OutsideRegions) {
    const Q3 a = pt(0, 0, 0), b = pt(6, 0, 0), c = pt(0, 6, 0), d = pt(0, 0, 6);
    struct Case {
        Q3 q, point;
        unsigned region;
    };
    const Case cases[] = {
        {pt(1, 1, -2), pt(1, 1, 0), 7},  // below the face abc
        {pt(3, 3, 3), pt(2, 2, 2), 14},  // beyond the face bcd, x + y + z = 6
        {pt(-1, -1, 3), pt(0, 0, 3), 9}, // beyond the edge ad
        {pt(-1, -1, -1), a, 1},          // beyond a
        {pt(10, -1, -1), b, 2},          // beyond b
        {pt(-2, 1, 2), pt(0, 1, 2), 13}, // beyond the face acd (x = 0)
        {pt(4, 4, -1), pt(3, 3, 0), 6},  // beyond the edge bc
        {pt(-1, 9, 0), c, 4},            // beyond c
    };
    for (const Case& tc : cases) {
        const auto t = closest_on_tetrahedron(tc.q, a, b, c, d);
        EXPECT_EQ(t.point, tc.point);
        EXPECT_EQ(t.region, tc.region);
    }
}

TEST(Oracle3Tetrahedron, FlatTetrahedronHasNoInside) {
    // d lies in the plane of abc, on the diagonal: (1, 1, 0) is on the segment a-d, so its region
    // is a|d = 9, not 15 nor the face abc.
    const Q3 a = pt(0, 0, 0), b = pt(6, 0, 0), c = pt(0, 6, 0), d = pt(2, 2, 0);
    auto t = closest_on_tetrahedron(pt(1, 1, 0), a, b, c, d);
    EXPECT_EQ(t.point, pt(1, 1, 0));
    EXPECT_EQ(t.region, 9u);
    t = closest_on_tetrahedron(pt(1, 1, 5), a, b, c, d);
    EXPECT_EQ(t.point, pt(1, 1, 0));
    EXPECT_EQ(t.region, 9u);
    t = closest_on_tetrahedron(pt(1, 3, -1), a, b, c, d);
    EXPECT_EQ(t.point, pt(1, 3, 0));
    EXPECT_EQ(t.region, 7u); // in abc only
}

// Six times the signed volume of (a, b, c, d), as the 3x3 determinant of the edges from a.
Q volume(const Q3& a, const Q3& b, const Q3& c, const Q3& d) {
    const Q3 ab = minus(b, a), ac = minus(c, a), ad = minus(d, a);
    return ab.x * (ac.y * ad.z - ac.z * ad.y) - ab.y * (ac.x * ad.z - ac.z * ad.x) +
           ab.z * (ac.x * ad.y - ac.y * ad.x);
}

TEST(Oracle3Tetrahedron, RandomQueriesSatisfyTheProjectionInequality) {
    std::mt19937 rng(9);
    std::uniform_int_distribution<int> coord(-3, 3), near(-1, 1);
    auto grid = [&] { return pt(coord(rng), coord(rng), coord(rng)); };
    int inside = 0, outside = 0;
    for (int i = 0; i < 1500; ++i) {
        const Q3 a = grid(), b = grid(), c = grid(), d = grid();
        const Q3 q = pt(near(rng), near(rng), near(rng));
        const Q vol = volume(a, b, c, d);
        if (vol == 0) {
            continue;
        }
        // q is in the closed solid iff its 4 barycentric weights (the volumes with q in place
        // of each vertex, over vol) are >= 0.
        const bool in = volume(q, b, c, d) * vol >= 0 && volume(a, q, c, d) * vol >= 0 &&
                        volume(a, b, q, d) * vol >= 0 && volume(a, b, c, q) * vol >= 0;
        const auto t = closest_on_tetrahedron(q, a, b, c, d);
        EXPECT_EQ(t.region == 15, in) << "tetrahedron " << i;
        if (in) {
            ++inside;
            EXPECT_EQ(t.point, q);
            continue;
        }
        ++outside;
        expect_projection(q, t.point, t.region, {a, b, c, d}, "tetrahedron " + std::to_string(i));
    }
    EXPECT_GE(inside, 50);
    EXPECT_GE(outside, 500);
}

// ---------------------------------------------------------------------------------------------
// Hull distance: hand-made cases.

void expect_hull(const Set& a, const Set& b, const Q& distance2, bool intersect) {
    for (const auto& [x, y] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
        const auto h = hull_distance(*x, *y);
        EXPECT_EQ(h.distance2, distance2);
        EXPECT_EQ(h.intersect, intersect);
    }
    if (a.size() <= 8 && b.size() <= 8) {
        const auto brute = hull_distance_brute_force(a, b);
        EXPECT_EQ(brute.distance2, distance2);
        EXPECT_EQ(brute.intersect, intersect);
    }
}

TEST(Oracle3Hull, UnitCubesAtAKnownGap) {
    const Set unit = box(0, 0, 0, 1, 1, 1);
    expect_hull(unit, shifted(unit, 1.5, 0, 0), r(1, 4), false);
    expect_hull(unit, shifted(unit, 0.25, -0.5, 1.125), r(1, 64), false); // face over face
    expect_hull(unit, shifted(unit, 2, 3, 3), Q(9), false);   // corner to corner: gaps 1, 2, 2
    expect_hull(unit, shifted(unit, 2, 0.5, 3), Q(5), false); // edge to edge: gaps 1, 0, 2
}

TEST(Oracle3Hull, TouchingCubesIntersect) {
    const Set unit = box(0, 0, 0, 1, 1, 1);
    expect_hull(unit, shifted(unit, 1, 0, 0), Q(0), true);       // a shared face
    expect_hull(unit, shifted(unit, 1, 0.5, 0.25), Q(0), true);  // faces overlapping in part
    expect_hull(unit, shifted(unit, 1, 1, 0), Q(0), true);       // a shared edge
    expect_hull(unit, shifted(unit, 1, 1, 1), Q(0), true);       // one shared corner
    expect_hull(unit, shifted(unit, 0.5, 0.5, 0.5), Q(0), true); // overlapping solids
}

TEST(Oracle3Hull, NestedHullsIntersect) {
    expect_hull(box(0, 0, 0, 4, 4, 4), box(1, 1, 1, 2, 2, 2), Q(0), true);
    // A single point strictly inside a tetrahedron, and one just outside its face x + y + z = 6.
    const Set tet{{0, 0, 0}, {6, 0, 0}, {0, 6, 0}, {0, 0, 6}};
    expect_hull(tet, {{1, 1, 1}}, Q(0), true);
    expect_hull(tet, {{3, 3, 3}}, Q(3), false); // to the centroid (2, 2, 2): (9 - 6)^2 / 3
}

TEST(Oracle3Hull, SkewEdgesAtAKnownDistance) {
    // The x axis from 0 to 1 and a segment parallel to y at x = 0.5, z = 2.
    expect_hull({{0, 0, 0}, {1, 0, 0}}, {{0.5, -1, 2}, {0.5, 1, 2}}, Q(4), false);
    // The diagonals y = x at z = 0 and y = -x at z = 3 cross (seen from above) at the origin.
    expect_hull({{-1, -1, 0}, {1, 1, 0}}, {{1, -1, 3}, {-1, 1, 3}}, Q(9), false);
    // Two tetrahedra whose only nearest features are an edge each, crossing at right angles:
    // A's top edge on z = 0 along x, B's bottom edge on z = 1/2 along y.
    const Set a{{0, 0, 0}, {2, 0, 0}, {1, 1, -1}, {1, -1, -1}};
    const Set b{{1, -1, 0.5}, {1, 1, 0.5}, {0, 0, 1.5}, {2, 0, 1.5}};
    expect_hull(a, b, r(1, 4), false);
    // Lowered by 1/2 they touch at the single point (1, 0, 0): no vertex of one is in the other.
    expect_hull(a, shifted(b, 0, 0, -0.5), Q(0), true);
}

TEST(Oracle3Hull, PiercingTrianglesIntersectWithoutAVertexInside) {
    // B, in the plane x = 1, crosses A (in z = 0) along y in [1, 3]; its edge from (1, 1, -1) to
    // (1, 1, 1) pierces A at (1, 1, 0). No vertex of either set lies in the other's hull.
    const Set a{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
    const Set b{{1, 1, -1}, {1, 1, 1}, {1, 6, 0}};
    expect_hull(a, b, Q(0), true);
    // Moved by 5/2 along y, B (all of it at y >= 7/2) clears A's edge x + y = 4: that edge's
    // point (3/4, 13/4, 0) and B's (1, 7/2, 0) are 1/(2 sqrt 2) apart, the distance of x + y = 4
    // to the half-plane x = 1, y >= 7/2.
    expect_hull(a, shifted(b, 0, 2.5, 0), r(1, 8), false);
}

TEST(Oracle3Hull, FlatPolygonsIn3D) {
    const Set square{{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}};
    // Parallel squares, offset sideways: the planes are 2 apart.
    expect_hull(square, shifted(square, 0.5, -1, 2), Q(4), false);
    // A square of the plane x = 1 crossing the first one: edges pierce faces, no vertex inside.
    const Set wall{{1, -1, -1}, {1, 3, -1}, {1, 3, 1}, {1, -1, 1}};
    expect_hull(square, wall, Q(0), true);
    // Lifted to z in [1/2, 5/2]: its bottom edge is 1/2 above the first square.
    expect_hull(square, shifted(wall, 0, 0, 1.5), r(1, 4), false);
    // Coplanar: a triangle one unit beyond the square's edge x = 2, then overlapping it.
    const Set tri{{3, 0, 0}, {4, 0, 0}, {3, 1, 0}};
    expect_hull(square, tri, Q(1), false);
    expect_hull(square, shifted(tri, -1.5, 0.5, 0), Q(0), true);
}

TEST(Oracle3Hull, CollinearSetsAndPoints) {
    // On the diagonal of the cube: [0, 1] and [2, 3] times (1, 1, 1), one with a middle point.
    const Set lo{{0, 0, 0}, {1, 1, 1}, {0.5, 0.5, 0.5}};
    expect_hull(lo, {{3, 3, 3}, {2, 2, 2}}, Q(3), false);
    expect_hull(lo, {{0.75, 0.75, 0.75}, {2, 2, 2}}, Q(0), true);
    // Parallel lines: [0, 1] on the x axis, [2, 3] on the line y = 1.
    expect_hull({{0, 0, 0}, {1, 0, 0}}, {{3, 1, 0}, {2, 1, 0}}, Q(2), false);
    // Single points, repeated points.
    expect_hull({{1, 2, 3}}, {{4, 6, 3}}, Q(25), false);
    expect_hull({{1, 2, 3}, {1, 2, 3}}, {{1, 2, 3}}, Q(0), true);
    expect_hull({{1, 2, 3}, {1, 2, 3}}, {{4, 6, 3}, {4, 6, 3}, {4, 6, 3}}, Q(25), false);
    // A point above a triangle's interior, beyond an edge, beyond a vertex.
    const Set tri{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
    expect_hull(tri, {{1, 1, 5}}, Q(25), false);
    expect_hull(tri, {{2, -3, 1}}, Q(10), false);
    expect_hull(tri, {{-1, -1, 2}}, Q(6), false);
}

TEST(Oracle3Hull, RejectsEmptySets) {
    EXPECT_THROW(hull_distance({}, {{0, 0, 0}}), std::invalid_argument);
    EXPECT_THROW(hull_distance({{0, 0, 0}}, {}), std::invalid_argument);
    EXPECT_THROW(hull_distance_brute_force({}, {{0, 0, 0}}), std::invalid_argument);
}

// ---------------------------------------------------------------------------------------------
// Hull distance: random cross-checks.

// Random sets of 1..max_size points, from one of three families: a coarse grid (ties, touching,
// coplanar and collinear sets on purpose), points on a random line or plane (flat hulls, in
// double), and general doubles.
struct SetMaker {
    std::mt19937_64 rng;
    int max_size;

    double u(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
    int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

    Set make(double cx) {
        const int n = pick(1, max_size);
        Set s;
        switch (std::max(0, pick(-2, 3))) {
        case 0: // halves in [-1, 1] (half the sets): many exact coincidences
            for (int i = 0; i < n; ++i) {
                s.push_back({cx + pick(-2, 2) * 0.5, pick(-2, 2) * 0.5, pick(-2, 2) * 0.5});
            }
            break;
        case 1: { // on a line
            const P3 o{cx + u(-1, 1), u(-1, 1), u(-1, 1)}, d{u(-1, 1), u(-1, 1), u(-1, 1)};
            for (int i = 0; i < n; ++i) {
                const double t = u(-1, 1);
                s.push_back({o.x + t * d.x, o.y + t * d.y, o.z + t * d.z});
            }
            break;
        }
        case 2: // in a coordinate plane (exactly flat), or on a sheet z = x/4 + y/2
            for (int i = 0; i < n; ++i) {
                const double x = u(-1, 1), y = u(-1, 1);
                s.push_back({cx + x, y, n % 2 == 0 ? 0.25 : x / 4 + y / 2});
            }
            break;
        default:
            for (int i = 0; i < n; ++i) {
                s.push_back({cx + u(-1, 1), u(-1, 1), u(-1, 1)});
            }
        }
        return s;
    }
};

TEST(Oracle3Hull, AgreesWithTheLiteralDefinitionAndTheExactSearch) {
    SetMaker maker{std::mt19937_64(21), 5};
    // Every third case, a set on the half-grid with x <= 0 against one with x >= 0: they touch
    // on the plane x = 0 or miss each other, often by a single grid step.
    auto side = [&maker](int sign) {
        Set s;
        for (int n = maker.pick(1, 5); n > 0; --n) {
            s.push_back(
                {sign * maker.pick(0, 1) * 0.5, maker.pick(-1, 1) * 0.5, maker.pick(-1, 1) * 0.5});
        }
        return s;
    };
    int intersect = 0, disjoint = 0, touching = 0;
    for (int i = 0; i < 250; ++i) {
        const bool contact = i % 3 == 0;
        const Set a = contact ? side(-1) : maker.make(0);
        const Set b = contact ? side(1) : maker.make(maker.pick(0, 2) * 0.5);
        const auto fast = hull_distance(a, b);
        const auto brute = hull_distance_brute_force(a, b);
        const auto search = hull_distance_exact_search(a, b);
        ASSERT_EQ(fast.intersect, brute.intersect) << "case " << i;
        ASSERT_EQ(fast.distance2, brute.distance2) << "case " << i;
        ASSERT_EQ(search.intersect, brute.intersect) << "case " << i;
        ASSERT_EQ(search.distance2, brute.distance2) << "case " << i;
        const auto swapped = hull_distance(b, a);
        ASSERT_EQ(swapped.intersect, fast.intersect) << "case " << i;
        ASSERT_EQ(swapped.distance2, fast.distance2) << "case " << i;
        (fast.intersect ? intersect : disjoint) += 1;
        // Touching, not overlapping: moved by 1e-9 along some axis, the hulls come apart.
        if (fast.intersect && (!hull_distance(a, shifted(b, 1e-9, 0, 0)).intersect ||
                               !hull_distance(a, shifted(b, 0, 1e-9, 0)).intersect ||
                               !hull_distance(a, shifted(b, 0, 0, 1e-9)).intersect)) {
            ++touching;
        }
    }
    EXPECT_GE(intersect, 30);
    EXPECT_GE(disjoint, 100);
    EXPECT_GE(touching, 15) << "touching contacts barely sampled";
}

// Pairwise Frank-Wolfe on the difference P = hull{a_i - b_j}, in long double: minimises |w|^2
// over P. Each step moves weight from the active vertex worst along w (the away vertex) to the
// vertex best along w, by exact line search; this converges linearly on polytopes. Returns
// |w| (an upper bound on the distance) and the lower bound min_k v_k . w / |w| (every v of P
// has |v| >= v . w / |w|).
struct Bounds {
    long double upper, lower;
};

Bounds frank_wolfe(const Set& a, const Set& b, int max_steps) {
    struct L {
        long double x, y, z;
    };
    std::vector<L> v;
    for (const P3& p : a) {
        for (const P3& q : b) {
            v.push_back({static_cast<long double>(p.x) - q.x, static_cast<long double>(p.y) - q.y,
                         static_cast<long double>(p.z) - q.z});
        }
    }
    auto dotl = [](const L& p, const L& q) { return p.x * q.x + p.y * q.y + p.z * q.z; };
    std::vector<long double> alpha(v.size(), 0);
    alpha[0] = 1;
    auto weighted = [&] {
        L w{0, 0, 0};
        for (std::size_t k = 0; k < v.size(); ++k) {
            w = {w.x + alpha[k] * v[k].x, w.y + alpha[k] * v[k].y, w.z + alpha[k] * v[k].z};
        }
        return w;
    };
    L w = v[0];
    for (int step = 0; step < max_steps; ++step) {
        if (step % 256 == 255) {
            w = weighted(); // no drift
        }
        std::size_t s = 0, away = 0;
        bool have_away = false;
        for (std::size_t k = 0; k < v.size(); ++k) {
            if (dotl(v[k], w) < dotl(v[s], w)) {
                s = k;
            }
            if (alpha[k] > 0 && (!have_away || dotl(v[k], w) > dotl(v[away], w))) {
                away = k;
                have_away = true;
            }
        }
        // Converged: |w| - min_k v_k . w / |w| (the bounds' gap) below 1e-13, or |w| below 1e-13.
        const long double ww = dotl(w, w);
        if (ww <= 1e-26L || ww - dotl(v[s], w) <= 1e-13L * std::sqrt(ww)) {
            break;
        }
        const L d{v[s].x - v[away].x, v[s].y - v[away].y, v[s].z - v[away].z};
        const long double dd = dotl(d, d);
        if (!(dd > 0)) {
            break;
        }
        const long double gamma = std::clamp(-dotl(w, d) / dd, 0.0L, alpha[away]);
        if (!(gamma > 0)) {
            break;
        }
        alpha[s] += gamma;
        alpha[away] -= gamma;
        w = {w.x + gamma * d.x, w.y + gamma * d.y, w.z + gamma * d.z};
    }
    w = weighted();
    const long double norm = std::sqrt(dotl(w, w));
    long double lower = 0;
    if (norm > 0) {
        lower = std::numeric_limits<long double>::infinity();
        for (const L& p : v) {
            lower = std::min(lower, dotl(p, w) / norm);
        }
        lower = std::max(lower, 0.0L);
    }
    return {norm, lower};
}

TEST(Oracle3Hull, SandwichedByFrankWolfeAndNeverAboveASampledPair) {
    std::mt19937_64 rng(33);
    SetMaker maker{std::mt19937_64(34), 12};
    std::exponential_distribution<double> expo(1);
    int disjoint = 0, intersect = 0;
    for (int i = 0; i < 120; ++i) {
        const Set a = maker.make(0),
                  b = maker.make(std::uniform_real_distribution<double>(0, 3)(rng));
        const auto h = hull_distance(a, b);
        const long double d = approx_sqrt(h.distance2);
        ASSERT_EQ(h.intersect, h.distance2 == 0) << "case " << i;
        (h.intersect ? intersect : disjoint) += 1;
        // Random convex combinations (sparse and dense) are points of the hulls: never closer.
        for (int k = 0; k < 400; ++k) {
            auto combo = [&](const Set& s) {
                std::vector<double> w(s.size());
                for (double& x : w) {
                    x = (k % 2 == 0 && std::uniform_int_distribution<int>(0, 2)(rng) != 0)
                            ? 0
                            : expo(rng);
                }
                w[std::uniform_int_distribution<std::size_t>(0, s.size() - 1)(rng)] += 1e-3;
                const long double total = std::accumulate(w.begin(), w.end(), 0.0L);
                std::array<long double, 3> p{0, 0, 0};
                for (std::size_t j = 0; j < s.size(); ++j) {
                    p[0] += w[j] / total * s[j].x;
                    p[1] += w[j] / total * s[j].y;
                    p[2] += w[j] / total * s[j].z;
                }
                return p;
            };
            const auto p = combo(a), q = combo(b);
            const long double gap = std::hypot(p[0] - q[0], std::hypot(p[1] - q[1], p[2] - q[2]));
            ASSERT_GE(gap, d - 1e-15L) << "case " << i;
        }
        // Frank-Wolfe: lower <= d <= upper up to rounding, and it converges onto d.
        const Bounds fw = frank_wolfe(a, b, 200000);
        EXPECT_LE(fw.lower, d + 1e-15L) << "case " << i;
        EXPECT_GE(fw.upper, d - 1e-15L) << "case " << i;
        EXPECT_LE(fw.upper - d, 1e-9L) << "case " << i;
    }
    EXPECT_GE(disjoint, 30);
    EXPECT_GE(intersect, 20);
}

// Random point clouds of 32 points against 32, rotated in double: the families the kernel's
// tests will use, at their size. Each answer is checked against Frank-Wolfe.
TEST(Oracle3Hull, ThirtyTwoPointCloudsMatchFrankWolfe) {
    std::mt19937_64 rng(44);
    std::uniform_real_distribution<double> u(-1, 1);
    auto rotated_cloud = [&](double cx, bool flat_top) {
        const double ang = u(rng) * 3;
        const double c = std::cos(ang), s = std::sin(ang);
        Set out;
        for (int i = 0; i < 32; ++i) {
            const double x = u(rng), y = u(rng), z = flat_top && i % 2 == 0 ? 1 : u(rng);
            out.push_back({cx + c * x - s * z, y, s * x + c * z});
        }
        return out;
    };
    for (int i = 0; i < 12; ++i) {
        const Set a = rotated_cloud(0, i % 3 == 0),
                  b = rotated_cloud(1.5 + 0.25 * (i % 4), i % 3 == 1);
        const auto h = hull_distance(a, b);
        const long double d = approx_sqrt(h.distance2);
        const Bounds fw = frank_wolfe(a, b, 400000);
        EXPECT_LE(fw.lower, d + 1e-15L) << "case " << i;
        EXPECT_GE(fw.upper, d - 1e-15L) << "case " << i;
        EXPECT_LE(fw.upper - d, 1e-9L) << "case " << i;
    }
}

} // namespace
