// tests/oracle/test_oracle3_simplex.cpp - tests of the 3D oracle's closest points on a segment,
// triangle and tetrahedron, with their regions: hand-made cases with answers worked out by hand,
// and random queries checked by the projection inequality and exact barycentric weights written
// here, independently of oracle3_simplex.cpp.
#include "oracle/oracle3.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <random>
#include <string>
#include <vector>

#include "oracle/test_support3.hpp"

namespace {

using oracle3::closest_on_segment;
using oracle3::closest_on_tetrahedron;
using oracle3::closest_on_triangle;
using oracle3::exact;
using oracle3::Q;
using oracle3::Q3;
using oracle3_test::r;

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

} // namespace
