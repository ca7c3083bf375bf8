// tests/oracle/oracle3_internal.hpp - what the oracle3 sources share: the vector and
// closest-point templates, and the exact predicates and certificates of the hull distance.
//
// The geometry is written once, as templates over the vector type: instantiated with Q3 (mpq_class)
// it is the oracle; instantiated with L3 (long double) it is only a search that proposes which
// pair of features to evaluate exactly. Nothing computed in long double is ever reported.
// Internal to the oracle: see oracle3.hpp for the contract.
#pragma once

#include <array>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "oracle/oracle3.hpp"

namespace oracle3::detail {

// ---------------------------------------------------------------------------------------------
// Vectors: Q3 (exact) and L3 (long double, for the search only).

struct L3 {
    long double x, y, z;
};

template <class V> using Scalar = std::remove_cvref_t<decltype(std::declval<V&>().x)>;

template <class V> V sub(const V& a, const V& b) {
    return V{a.x - b.x, a.y - b.y, a.z - b.z};
}
template <class V> V add(const V& a, const V& b) {
    return V{a.x + b.x, a.y + b.y, a.z + b.z};
}
template <class V> V scale(const V& a, const Scalar<V>& s) {
    return V{a.x * s, a.y * s, a.z * s};
}
template <class V> Scalar<V> dot(const V& a, const V& b) {
    return Scalar<V>(a.x * b.x + a.y * b.y + a.z * b.z);
}
template <class V> V cross(const V& a, const V& b) {
    return V{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
template <class V> Scalar<V> dist2(const V& a, const V& b) {
    const V d = sub(a, b);
    return dot(d, d);
}
inline bool is_zero(const Q3& v) {
    return sgn(v.x) == 0 && sgn(v.y) == 0 && sgn(v.z) == 0;
}

// ---------------------------------------------------------------------------------------------
// Closest points (templates: exact with Q3, approximate with L3).

// Segment [a, b]: p = a + t (b - a) with t = (q - a).(b - a) / |b - a|^2 clamped to [0, 1] (the
// minimiser of the convex quadratic |a + t (b - a) - q|^2 on [0, 1]); a = b is the point a.
template <class V> V closest_point_segment(const V& q, const V& a, const V& b) {
    const V d = sub(b, a);
    const Scalar<V> dd = dot(d, d);
    if (!(dd > 0)) {
        return a;
    }
    const Scalar<V> t = dot(sub(q, a), d);
    if (t <= 0) {
        return a;
    }
    if (t >= dd) {
        return b;
    }
    return add(a, scale(d, Scalar<V>(t / dd)));
}

// Triangle (a, b, c) with normal n = (b - a) x (c - a). When n != 0, p = q - n ((q - a).n / n.n)
// is the projection of q on the plane; when p lies in the closed triangle (each edge sees p on
// the inner side: ((b - a) x (p - a)).n >= 0, and likewise for bc, ca) it is the closest point.
// Otherwise (or when the triangle is degenerate), the closest point is on the boundary: by
// Pythagoras the closest point of the triangle to q is its closest point to p, and for p outside
// a convex polygon of its plane that is on an edge. A degenerate triangle is the union of its
// three edges (the longest holds the others), so the same minimum over the edges applies.
template <class V> V closest_point_triangle(const V& q, const V& a, const V& b, const V& c) {
    const V n = cross(sub(b, a), sub(c, a));
    const Scalar<V> nn = dot(n, n);
    if (nn > 0) {
        const V p = sub(q, scale(n, Scalar<V>(dot(sub(q, a), n) / nn)));
        if (dot(cross(sub(b, a), sub(p, a)), n) >= 0 && dot(cross(sub(c, b), sub(p, b)), n) >= 0 &&
            dot(cross(sub(a, c), sub(p, c)), n) >= 0) {
            return p;
        }
    }
    V best = closest_point_segment(q, a, b);
    Scalar<V> best_d2 = dist2(q, best);
    for (const auto& [e0, e1] : {std::pair<const V&, const V&>{b, c}, {c, a}}) {
        V p = closest_point_segment(q, e0, e1);
        Scalar<V> d2 = dist2(q, p);
        if (d2 < best_d2) {
            best = std::move(p);
            best_d2 = std::move(d2);
        }
    }
    return best;
}

template <class V> struct PointPair {
    V x, y; // x on the first feature, y on the second
    Scalar<V> d2;
};

// Segments [p0, p1] and [q0, q1]: minimise f(s, t) = |r + s d1 - t d2|^2 over [0, 1]^2, with
// d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0. f is a convex quadratic, so its minimum over the square
// is either a critical point inside the open square or on the square's boundary. The critical
// point solves  a s - b t = -c,  b s - e t = -f  (a = d1.d1, b = d1.d2, e = d2.d2, c = d1.r,
// f = d2.r): s = (b f - c e) / den, t = (a f - b c) / den, den = a e - b^2, unique when den > 0
// (den = 0: parallel or degenerate segments, no isolated critical point, and the minimum is
// reached on the boundary as well). The boundary is the four endpoint-to-segment problems. The
// answer is the smallest of these (at most five) candidates.
template <class V>
PointPair<V> closest_segment_segment(const V& p0, const V& p1, const V& q0, const V& q1) {
    using T = Scalar<V>;
    std::array<PointPair<V>, 4> boundary{{
        {p0, closest_point_segment(p0, q0, q1), T(0)},
        {p1, closest_point_segment(p1, q0, q1), T(0)},
        {closest_point_segment(q0, p0, p1), q0, T(0)},
        {closest_point_segment(q1, p0, p1), q1, T(0)},
    }};
    PointPair<V>* best = nullptr;
    for (PointPair<V>& c : boundary) {
        c.d2 = dist2(c.x, c.y);
        if (best == nullptr || c.d2 < best->d2) {
            best = &c;
        }
    }
    const V d1 = sub(p1, p0), d2 = sub(q1, q0), r = sub(p0, q0);
    const T a = dot(d1, d1), b = dot(d1, d2), e = dot(d2, d2), c = dot(d1, r), f = dot(d2, r);
    const T den = a * e - b * b;
    if (den > 0) {
        const T s_num = b * f - c * e, t_num = a * f - b * c;
        if (s_num > 0 && s_num < den && t_num > 0 && t_num < den) {
            PointPair<V> inner{add(p0, scale(d1, T(s_num / den))),
                               add(q0, scale(d2, T(t_num / den))), T(0)};
            inner.d2 = dist2(inner.x, inner.y);
            if (inner.d2 < best->d2) {
                return inner;
            }
        }
    }
    return std::move(*best);
}

// ---------------------------------------------------------------------------------------------
// Defined in oracle3_simplex.cpp (exact predicates) and oracle3_certificates.cpp.

// The closed segment [p0, p1] meets the closed triangle (a, b, c).
bool segment_meets_triangle(const Q3& p0, const Q3& p1, const Q3& a, const Q3& b, const Q3& c);

// p in the convex hull of s (any 4 of its points, repetitions allowed).
bool in_hull_brute_force(const Q3& p, const std::vector<Q3>& s);

// Convex weights of a common point of the hulls of A and B, checked exactly; nullopt when the
// hulls are disjoint.
std::optional<Q3> common_point(const std::vector<Q3>& A, const std::vector<Q3>& B);

// x in hull A and y in hull B certify that the hulls are |y - x| apart (the slab property).
bool certifies_distance(const std::vector<Q3>& A, const std::vector<Q3>& B, const Q3& x,
                        const Q3& y);

} // namespace oracle3::detail
