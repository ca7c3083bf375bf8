// tests/oracle/oracle3_simplex.cpp - the exact orientation and membership predicates, and the
// closest point of a segment, triangle or tetrahedron to a point, with its region.
#include "oracle/oracle3.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <stdexcept>
#include <utility>
#include <vector>

#include "oracle/oracle3_internal.hpp"

namespace oracle3 {

using namespace detail;

namespace {

// ---------------------------------------------------------------------------------------------
// Exact orientation predicates and membership (Q3 only).

// Six times the signed volume of (a, b, c, d): (b - a) . ((c - a) x (d - a)).
Q orient(const Q3& a, const Q3& b, const Q3& c, const Q3& d) {
    return dot(sub(b, a), cross(sub(c, a), sub(d, a)));
}

// p on the closed segment [a, b] (a = b: p = a).
bool in_segment(const Q3& p, const Q3& a, const Q3& b) {
    if (a == b) {
        return p == a;
    }
    const Q3 d = sub(b, a), w = sub(p, a);
    const Q t = dot(w, d);
    return is_zero(cross(d, w)) && t >= 0 && t <= dot(d, d);
}

// p in the closed triangle (a, b, c): in its plane and on the inner side of the three edges; a
// degenerate triangle is the union of its three edges.
bool in_triangle(const Q3& p, const Q3& a, const Q3& b, const Q3& c) {
    const Q3 n = cross(sub(b, a), sub(c, a));
    if (is_zero(n)) {
        return in_segment(p, a, b) || in_segment(p, b, c) || in_segment(p, a, c);
    }
    return sgn(dot(sub(p, a), n)) == 0 && dot(cross(sub(b, a), sub(p, a)), n) >= 0 &&
           dot(cross(sub(c, b), sub(p, b)), n) >= 0 && dot(cross(sub(a, c), sub(p, c)), n) >= 0;
}

// p in the closed solid tetrahedron (a, b, c, d). With volume v != 0, the barycentric weights of
// p are the volumes with p in place of each vertex, divided by v: p is inside or on it when each
// has the sign of v or is 0. A flat tetrahedron is a convex polygon (or less) of its plane, the
// union of the four triangles of its vertices (Caratheodory in the plane).
bool in_tetrahedron(const Q3& p, const Q3& a, const Q3& b, const Q3& c, const Q3& d) {
    const int s = sgn(orient(a, b, c, d));
    if (s == 0) {
        return in_triangle(p, a, b, c) || in_triangle(p, a, b, d) || in_triangle(p, a, c, d) ||
               in_triangle(p, b, c, d);
    }
    return sgn(orient(p, b, c, d)) * s >= 0 && sgn(orient(a, p, c, d)) * s >= 0 &&
           sgn(orient(a, b, p, d)) * s >= 0 && sgn(orient(a, b, c, p)) * s >= 0;
}

// The region of a point p of the hull of v[0..count): the smallest set of vertices whose convex
// hull contains p, and among sets of that size the lowest bitmask. For a proper simplex this is
// the set of positive barycentric weights (the unique minimal face holding p).
unsigned region_of(const Q3& p, const std::vector<const Q3*>& v) {
    const unsigned count = static_cast<unsigned>(v.size());
    for (int size = 1; size <= static_cast<int>(count); ++size) {
        for (unsigned mask = 1; mask < (1u << count); ++mask) {
            if (std::popcount(mask) != size) {
                continue;
            }
            std::vector<const Q3*> s;
            for (unsigned i = 0; i < count; ++i) {
                if ((mask & (1u << i)) != 0) {
                    s.push_back(v[i]);
                }
            }
            const bool holds = size == 1   ? p == *s[0]
                               : size == 2 ? in_segment(p, *s[0], *s[1])
                               : size == 3 ? in_triangle(p, *s[0], *s[1], *s[2])
                                           : in_tetrahedron(p, *s[0], *s[1], *s[2], *s[3]);
            if (holds) {
                return mask;
            }
        }
    }
    throw std::logic_error("oracle3: a closest point outside the hull of its simplex");
}

// The closed segments [p0, p1] and [q0, q1] share a point.
bool segments_meet(const Q3& p0, const Q3& p1, const Q3& q0, const Q3& q1) {
    return sgn(closest_segment_segment(p0, p1, q0, q1).d2) == 0;
}

} // namespace

namespace detail {

// The closed segment [p0, p1] meets the closed triangle (a, b, c). Degenerate triangle: it is the
// union of its edges. Otherwise, with o0, o1 the signed heights of p0, p1 over the plane: both of
// one strict sign, no; both 0 (the segment lies in the plane), an endpoint is in the triangle or
// the segment crosses an edge; else the segment meets the plane at the one point
// p0 + (p1 - p0) o0 / (o0 - o1), exact, and the answer is whether that point is in the triangle.
bool segment_meets_triangle(const Q3& p0, const Q3& p1, const Q3& a, const Q3& b, const Q3& c) {
    const Q3 n = cross(sub(b, a), sub(c, a));
    if (is_zero(n)) {
        return segments_meet(p0, p1, a, b) || segments_meet(p0, p1, b, c) ||
               segments_meet(p0, p1, a, c);
    }
    const Q o0 = dot(sub(p0, a), n), o1 = dot(sub(p1, a), n);
    const int s0 = sgn(o0), s1 = sgn(o1);
    if (s0 * s1 > 0) {
        return false;
    }
    if (s0 == 0 && s1 == 0) {
        return in_triangle(p0, a, b, c) || in_triangle(p1, a, b, c) ||
               segments_meet(p0, p1, a, b) || segments_meet(p0, p1, b, c) ||
               segments_meet(p0, p1, a, c);
    }
    const Q t = o0 / (o0 - o1);
    return in_triangle(add(p0, scale(sub(p1, p0), t)), a, b, c);
}

// p in the convex hull of s: in the (possibly degenerate) tetrahedron of some 4 of its points,
// repetitions allowed (Caratheodory: a point of the hull of a set in 3D is in the hull of at most
// 4 of its points).
bool in_hull_brute_force(const Q3& p, const std::vector<Q3>& s) {
    const std::size_t n = s.size();
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i; j < n; ++j) {
            for (std::size_t k = j; k < n; ++k) {
                for (std::size_t l = k; l < n; ++l) {
                    if (in_tetrahedron(p, s[i], s[j], s[k], s[l])) {
                        return true;
                    }
                }
            }
        }
    }
    return false;
}

} // namespace detail

Closest closest_on_segment(const Q3& q, const Q3& a, const Q3& b) {
    Q3 p = closest_point_segment(q, a, b);
    const unsigned region = region_of(p, {&a, &b});
    return {std::move(p), region};
}

TriangleClosest closest_on_triangle(const Q3& q, const Q3& a, const Q3& b, const Q3& c) {
    Q3 p = closest_point_triangle(q, a, b, c);
    const unsigned region = region_of(p, {&a, &b, &c});
    return {std::move(p), region};
}

Closest closest_on_tetrahedron(const Q3& q, const Q3& a, const Q3& b, const Q3& c, const Q3& d) {
    if (sgn(orient(a, b, c, d)) != 0 && in_tetrahedron(q, a, b, c, d)) {
        return {q, 15};
    }
    // Outside a proper tetrahedron the closest point is on its boundary, the union of the four
    // faces; a flat tetrahedron is the union of its four triangles (see in_tetrahedron).
    Q3 best = closest_point_triangle(q, a, b, c);
    Q best_d2 = dist2(q, best);
    for (const auto& [u, v, w] :
         {std::array<const Q3*, 3>{&a, &b, &d}, {&a, &c, &d}, {&b, &c, &d}}) {
        Q3 p = closest_point_triangle(q, *u, *v, *w);
        Q d2 = dist2(q, p);
        if (d2 < best_d2) {
            best = std::move(p);
            best_d2 = std::move(d2);
        }
    }
    const unsigned region = region_of(best, {&a, &b, &c, &d});
    return {std::move(best), region};
}

} // namespace oracle3
