// Independent exact test oracle for the 3D GJK kernel.
//
// Everything this oracle reports is established in exact rational arithmetic (GMP mpq_class):
// closest points, regions, squared distances and the intersection verdict. Inputs are doubles,
// converted exactly (exact()). Floating point appears in two places only, and decides nothing:
// approx_sqrt() turns an exact squared distance into a long double for comparisons with the
// kernel, and hull_distance() uses a long double search to pick which candidate pair of features
// to check exactly first (see oracle3.cpp for why a wrong pick costs time, never correctness).
// It shares no code with the library (nothing from include/gjk) nor with the 2D oracle.
//
// Preconditions: all coordinates are finite (exact() throws std::domain_error otherwise).
#pragma once

#include <gmpxx.h>
#include <vector>

namespace oracle3 {

using Q = mpq_class;

/// An input point: the kernel's double inputs.
struct P3 {
    double x, y, z;
    friend bool operator==(const P3&, const P3&) = default;
};

/// An exact point.
struct Q3 {
    Q x, y, z;
    friend bool operator==(const Q3&, const Q3&) = default;
};

/// Exact conversion of a double point (every finite double is a dyadic rational). Throws
/// std::domain_error on infinities and NaN.
Q3 exact(P3 p);

/// Exact squared length of p - q.
Q distance2(const Q3& p, const Q3& q);

/// The closest point of a triangle (a, b, c) to q, exactly, and its region: the bitmask of the
/// vertices that contribute to it (1 = a, 2 = b, 4 = c; a vertex, an edge 1|2, 2|4, 1|4, or the
/// face 7), i.e. the vertices of positive barycentric weight. Degenerate triangles (collinear or
/// coincident points) are allowed: the closest point of the segment or point they are, with the
/// region of the lowest-index vertices that realize it. The rule for every case: the region is
/// the smallest set of vertices whose convex hull contains the closest point, and among sets of
/// that size the lowest bitmask (so a = b gives 1, never 2; c between a and b on a line, with the
/// point strictly inside ab, gives 1|2, not 1|4).
struct TriangleClosest {
    Q3 point;
    unsigned region;
};
TriangleClosest closest_on_triangle(const Q3& q, const Q3& a, const Q3& b, const Q3& c);

/// The same for a segment (a, b): region 1, 2 or 3 (a = b gives 1).
struct Closest {
    Q3 point;
    unsigned region;
};
Closest closest_on_segment(const Q3& q, const Q3& a, const Q3& b);

/// The same for a tetrahedron (a, b, c, d), region a bitmask over the 4 vertices (8 = d). A proper
/// tetrahedron (nonzero volume) gives 15 when q is inside or on the solid (the point is q,
/// distance 0), else the region of the closest point on its boundary by the rule above (7 = the
/// face abc, ...). A flat tetrahedron has no inside: its region is always given by the rule, so a
/// q lying in it gets the smallest set of its vertices whose hull contains q, never 15.
Closest closest_on_tetrahedron(const Q3& q, const Q3& a, const Q3& b, const Q3& c, const Q3& d);

/// Exact squared distance between the convex hulls of two point sets (1..N points each, any
/// configuration: points, segments, flat polygons, solids, duplicates), 0 when they share a point,
/// and the verdict (intersect: the closed hulls share a point; touching counts). Every answer is
/// proved by an exact certificate (see oracle3.cpp): either convex weights of a common point, or a
/// pair of points, one in each hull, whose difference n = y - x defines a slab that separates the
/// sets with width |n| (so |n| is the distance). 32 points against 32 take 1 to 20 ms (clouds,
/// boxes, face-to-face contact with 16 coplanar points a face). Throws std::invalid_argument when
/// a set is empty, std::logic_error if its two methods ever disagree (a bug, never an answer).
struct HullDistance {
    Q distance2;
    bool intersect;
};
HullDistance hull_distance(const std::vector<P3>& a, const std::vector<P3>& b);

/// hull_distance() without its long double ranking: the exact search over all feature pairs,
/// pruned only by the exact slab bound, that hull_distance() falls back to when the ranking does
/// not yield a certified closest pair. Same answers, slower (seconds at 32 points); for tests.
HullDistance hull_distance_exact_search(const std::vector<P3>& a, const std::vector<P3>& b);

/// The literal definition, for cross-checking hull_distance() on small sets (its cost grows as
/// n^4: keep to ~8 points a set). intersect: a point of one set lies in the convex hull of the
/// other (in a tetrahedron of 4 of its points, repetitions allowed, so flat and collinear sets
/// and single points are covered), or a segment of one set meets a triangle of 3 of the other's
/// points (likewise). distance2: 0 when they intersect, else the minimum over vertex-triangle,
/// triangle-vertex and segment-segment pairs (all point pairs, degenerate ones included) of the
/// exact squared distance. Decided by exact orientation predicates only.
HullDistance hull_distance_brute_force(const std::vector<P3>& a, const std::vector<P3>& b);

/// Rotations: an exact rotation is not rational in general, so the tests move points in double
/// themselves and hand the oracle the world points; there is no quaternion here.

/// The long double nearest to sqrt(distance2) (within one unit in the last place: the square root
/// is taken on integers of more than 100 bits, then rounded to the 64-bit mantissa). For comparing
/// with the kernel's distance. Throws std::domain_error when distance2 < 0.
long double approx_sqrt(const Q& distance2);

} // namespace oracle3
