// Independent test oracle for the 2D GJK library.
//
// This is a deliberately simple, brute-force reference: exact convex hulls, an exact intersection
// verdict, and distances computed over all vertex/edge pairs in long double (x87 80-bit, 64-bit
// mantissa). It shares no code with the library under test (nothing from include/gjk is used).
//
// Every sign decision goes through orient(), which is exact: a long double evaluation guarded by a
// proven error bound, with a GMP mpq_class fallback built from the exact values of the inputs.
// Lengths (distance(), depth(), ...) are long double approximations of the exact values.
//
// Preconditions: all coordinates are finite. The hull arguments of intersect(), contains(),
// distance(), depth(), rounded_distance() and point_distance() are hulls as returned by hull()
// (counter-clockwise, no duplicates, no collinear vertices); an empty hull is the empty set.
#pragma once

#include <cstdint>
#include <gmpxx.h>
#include <vector>

namespace oracle {

/// The oracle's value type: x87 extended precision (64-bit mantissa) on x86-64.
using R = long double;

/// A point (or vector) in the plane.
struct P {
    R x{0}, y{0};
    friend bool operator==(const P&, const P&) = default;
};

/// Exact conversion of a finite long double to a rational: the value is split with frexpl/ldexpl
/// into a 64-bit integer mantissa and a power of two (subnormals included). Never goes through
/// double. Throws std::domain_error on infinities and NaN.
mpq_class to_mpq(R v);

/// Exact sign of the orientation of (a, b, c): +1 counter-clockwise, -1 clockwise, 0 collinear.
/// The determinant (b - a) x (c - a) is evaluated in long double and accepted when its magnitude
/// exceeds a proven bound on the rounding error (with tiny or overflowing intermediates routed to
/// the exact path); otherwise it is recomputed with mpq_class from to_mpq() of the coordinates.
int orient(P a, P b, P c);

/// Number of orient() calls (in this process, all threads) whose floating-point filter was
/// inconclusive and that were decided by the exact mpq_class path. For tests of the filter.
std::uint64_t orient_exact_fallbacks();

/// Convex hull by Andrew's monotone chain with the exact orient(): counter-clockwise, starting at
/// the lexicographically smallest (x, then y) point, no duplicate points, no collinear points on
/// edges. Degenerate input: no points -> empty; one distinct point -> that point; all points
/// collinear -> the two extreme points (lexicographically smallest first).
std::vector<P> hull(std::vector<P> pts);

/// Exact point-in-closed-convex-hull test (boundary counts as inside). For a 1-point hull: q equals
/// the point; for a 2-point hull: q lies on the closed segment. The empty hull contains nothing.
bool contains(const std::vector<P>& h, P q);

/// Exact test whether the closed segments [p1, p2] and [q1, q2] share at least one point
/// (touching, collinear overlap and zero-length segments included).
bool segments_intersect(P p1, P p2, P q1, P q2);

/// True when the closed convex hulls ha and hb (as returned by hull()) share at least one point;
/// touching counts. Decided exactly: the sets meet iff a vertex of one lies in the other or an
/// edge of one meets an edge of the other (contains() and segments_intersect()). Hulls of 1 and
/// 2 points are handled; an empty hull intersects nothing.
bool intersect(const std::vector<P>& ha, const std::vector<P>& hb);

/// Result of distance(): the distance and a closest pair, a on hull A and b on hull B.
struct Closest {
    R distance{0};
    P a{}, b{};
};

/// Distance between the closed convex hulls ha and hb. When intersect() is true: distance 0 and
/// a == b set to a common point (a vertex of one hull lying in the other, else the crossing point
/// of two edges, computed in long double). Otherwise the minimum, over every vertex of one hull
/// against every edge of the other (both directions) and every vertex-vertex pair, of the
/// point-to-segment distance in long double, with a and b the minimising pair. Brute force,
/// O(n*m), on purpose. Throws std::invalid_argument if a hull is empty.
Closest distance(const std::vector<P>& ha, const std::vector<P>& hb);

/// Penetration depth of two intersecting hulls: the minimum, over the edges of the convex hull of
/// the Minkowski difference {b - a}, of the distance from the origin to the edge (equal to the
/// distance to its supporting line for the nearest edge, and well conditioned for tiny ones); 0
/// when the origin is on the boundary or the difference has no interior (fewer than 3 hull
/// vertices). The differences b_j - a_i are rounded to long double (exact for float inputs and for
/// double inputs of similar magnitude), then hull() is exact. Returns 0 for non-intersecting input.
/// Brute force: meant for hulls up to ~64 vertices each.
R depth(const std::vector<P>& ha, const std::vector<P>& hb);

/// Distance between rounded shapes (hull ha dilated by radius ra >= 0, hb by rb >= 0):
/// max(0, distance(ha, hb).distance - ra - rb).
R rounded_distance(const std::vector<P>& ha, R ra, const std::vector<P>& hb, R rb);

/// Distance from point q to the set of points within radius r >= 0 of hull h (0 if inside):
/// max(0, distance(h, {q}).distance - r).
R point_distance(const std::vector<P>& h, R r, P q);

/// Signed distance between rounded shapes (hull ha dilated by ra >= 0, hb by rb >= 0): the gap
/// distance(ha, hb) - ra - rb when the hulls are disjoint, and -(depth(ha, hb) + ra + rb) when
/// they intersect: negative inside, the penetration depth of the rounded shapes negated.
R signed_distance(const std::vector<P>& ha, R ra, const std::vector<P>& hb, R rb);

/// The hull h moved by t * d (each point p + t * d, in long double).
std::vector<P> moved(const std::vector<P>& h, R t, P d);

/// Shape cast by bisection on the brute-force distance. Hull A moves by t * da, hull B by
/// t * db, t in [0, 1]; returns the first t at which the rounded distance is <= target (0 if
/// it already is at t = 0), or -1 when it never is. The core distance g(t) =
/// distance(A + t da, B + t db) is convex in t (the distance from the origin to a convex set
/// moving along a line), so: a ternary search finds its minimum t_min to within 1e-18
/// (each round keeps 2/3 of the interval); if g(t_min) > target + ra + rb there is no
/// contact; else the first contact is the one crossing of g = target + ra + rb in [0, t_min],
/// found by bisection to within 1e-19 (the answer is the bracket's contact end).
R cast_fraction(const std::vector<P>& ha, R ra, P da, const std::vector<P>& hb, R rb, P db,
                R target);

/// Distance from q to the closed segment [a, b] in long double: t = dot(q - a, b - a) /
/// dot(b - a, b - a) clamped to [0, 1] (a zero-length segment is the point a), distance is
/// hypotl of q minus the projection. The projection is stored in *closest when non-null.
R point_segment_distance(P q, P a, P b, P* closest = nullptr);

} // namespace oracle
