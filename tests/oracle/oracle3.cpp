// Implementation of the independent exact 3D oracle. See oracle3.hpp for the contract.
//
// The geometry is written once, as templates over the vector type: instantiated with Q3 (mpq_class)
// it is the oracle; instantiated with L3 (long double) it is only a search that proposes which
// pair of features to evaluate exactly. Nothing computed in long double is ever reported.
#include "oracle/oracle3.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

namespace oracle3 {

namespace {

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
bool is_zero(const Q3& v) {
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

// ---------------------------------------------------------------------------------------------
// Features of the two sets and their distances.

// A vertex (count 1), a segment (count 2; i = j allowed, a point) or a triangle (count 3) of one
// set's points, by index.
struct Feature {
    std::array<std::size_t, 3> v{};
    std::size_t count = 0;
};

struct FeaturePair {
    Feature a, b;
};

template <class V> struct Candidate {
    FeaturePair f;
    PointPair<V> pp; // x in the hull of A, y in the hull of B
};

template <class V>
PointPair<V> feature_distance(const std::vector<V>& A, const std::vector<V>& B,
                              const FeaturePair& f) {
    const Feature& fa = f.a;
    const Feature& fb = f.b;
    if (fa.count == 2 && fb.count == 2) {
        return closest_segment_segment(A[fa.v[0]], A[fa.v[1]], B[fb.v[0]], B[fb.v[1]]);
    }
    PointPair<V> pp{A[fa.v[0]], B[fb.v[0]], Scalar<V>(0)};
    if (fa.count == 1 && fb.count == 3) {
        pp.y = closest_point_triangle(pp.x, B[fb.v[0]], B[fb.v[1]], B[fb.v[2]]);
    } else if (fa.count == 3 && fb.count == 1) {
        pp.x = closest_point_triangle(pp.y, A[fa.v[0]], A[fa.v[1]], A[fa.v[2]]);
    } else if (fa.count != 1 || fb.count != 1) {
        throw std::logic_error("oracle3: unexpected feature pair");
    }
    pp.d2 = dist2(pp.x, pp.y);
    return pp;
}

// A starting point for near_pairs() in long double: the closest pair of the sets' points, then 64
// steps of Gilbert's algorithm (Frank-Wolfe on the difference of the hulls, with exact line
// search): x in hull A and y in hull B roughly closest, so n = y - x roughly the closest
// direction, which lets near_pairs() skip almost every pair.
PointPair<L3> rough_closest_points(const std::vector<L3>& A, const std::vector<L3>& B) {
    PointPair<L3> p{A[0], B[0], dist2(A[0], B[0])};
    for (const L3& a : A) {
        for (const L3& b : B) {
            if (dist2(a, b) < p.d2) {
                p = {a, b, dist2(a, b)};
            }
        }
    }
    for (int step = 0; step < 64; ++step) {
        const L3 w = sub(p.y, p.x); // from A towards B
        const L3* sa = &A[0];       // the farthest point of A along w, of B along -w
        const L3* sb = &B[0];
        for (const L3& a : A) {
            sa = dot(w, a) > dot(w, *sa) ? &a : sa;
        }
        for (const L3& b : B) {
            sb = dot(w, b) < dot(w, *sb) ? &b : sb;
        }
        // x(t) = x + t (sa - x), y(t) = y + t (sb - y): minimise |w + t e|^2 over t in [0, 1].
        const L3 e = sub(sub(*sb, p.y), sub(*sa, p.x));
        const long double ee = dot(e, e);
        const long double t = ee > 0 ? std::min(-dot(w, e) / ee, 1.0L) : 0;
        if (!(t > 0)) {
            break;
        }
        p.x = add(p.x, scale(sub(*sa, p.x), t));
        p.y = add(p.y, scale(sub(*sb, p.y), t));
    }
    p.d2 = dist2(p.x, p.y);
    return p;
}

// All feature pairs (segment-segment over all i <= j, vertex-triangle and triangle-vertex over
// all i < j < k) whose distance d2 satisfies d2 <= widen(min d2), together with their closest
// points; the minimum itself among them. With all_front, only features whose vertices are all
// "front" (below) take part: no longer complete, but much faster when many points share the
// contact planes, and a good guess (every vertex of the faces holding a closest pair is front
// when n is close to the closest direction); hull_distance() uses it for its first ranking. `start`
// is any pair of points x in hull A, y in hull B (d2 = |y - x|^2): it gives the first upper bound U
// = widen(d2) and the direction n = y - x used to skip pairs.
//
// Why the skipping is safe (exact arithmetic): for any features F of A and G of B and any n != 0,
// every p in F and q in G satisfy |q - p| >= n.(q - p) / |n| >= (min_G n.q - max_F n.p) / |n|
// (Cauchy-Schwarz; a linear function is extreme at vertices). So when that gap g is positive and
// g^2 > U |n|^2, dist(F, G)^2 > U and the pair cannot reach the bound. In particular a feature
// of A can only take part when one of its vertices p has n.p >= h_B - sqrt(U) |n| (h_B = min over
// B of n.q), and likewise for B: features without such a "front" vertex are not enumerated. U
// only decreases during the search, so a skip decided with an earlier U stays safe.
template <class V, class Widen>
std::vector<Candidate<V>> near_pairs(const std::vector<V>& A, const std::vector<V>& B,
                                     const PointPair<V>& start, Widen widen, bool all_front) {
    using T = Scalar<V>;
    const V n = sub(start.y, start.x);
    const T nn = dot(n, n);
    const bool prune = nn > 0;
    std::vector<T> pa, pb;
    for (const V& p : A) {
        pa.push_back(dot(n, p));
    }
    for (const V& q : B) {
        pb.push_back(dot(n, q));
    }
    std::size_t top_a = 0, low_b = 0; // argmax over A, argmin over B of the projections
    for (std::size_t i = 1; i < A.size(); ++i) {
        if (pa[i] > pa[top_a]) {
            top_a = i;
        }
    }
    for (std::size_t j = 1; j < B.size(); ++j) {
        if (pb[j] < pb[low_b]) {
            low_b = j;
        }
    }

    T best = start.d2;
    T bound = widen(best);
    T bound_nn = bound * nn;
    // gap <= sqrt(bound) |n|, i.e. the pair (or vertex) may still reach the bound.
    auto within = [&](const T& gap) { return !prune || !(gap > 0) || gap * gap <= bound_nn; };

    std::vector<bool> front_a(A.size()), front_b(B.size());
    for (std::size_t i = 0; i < A.size(); ++i) {
        front_a[i] = within(T(pb[low_b] - pa[i]));
    }
    for (std::size_t j = 0; j < B.size(); ++j) {
        front_b[j] = within(T(pb[j] - pa[top_a]));
    }

    // Features with a front vertex (all of them front, with all_front), each with the index of
    // its extreme vertex along n (max for A, min for B).
    struct Item {
        Feature f;
        std::size_t extreme;
    };
    auto features = [all_front](const std::vector<bool>& front, std::size_t count,
                                const std::vector<T>& proj, bool take_max) {
        const std::size_t m = front.size();
        std::vector<Item> out;
        auto push = [&](std::array<std::size_t, 3> v) {
            bool any = false, all = true;
            std::size_t e = v[0];
            for (std::size_t k = 0; k < count; ++k) {
                any = any || front[v[k]];
                all = all && front[v[k]];
                if (take_max ? proj[v[k]] > proj[e] : proj[v[k]] < proj[e]) {
                    e = v[k];
                }
            }
            if (all_front ? all : any) {
                out.push_back({{v, count}, e});
            }
        };
        for (std::size_t i = 0; i < m; ++i) {
            if (count == 1) {
                push({i, 0, 0});
                continue;
            }
            for (std::size_t j = count == 2 ? i : i + 1; j < m; ++j) {
                if (count == 2) {
                    push({i, j, 0});
                    continue;
                }
                for (std::size_t k = j + 1; k < m; ++k) {
                    push({i, j, k});
                }
            }
        }
        return out;
    };

    std::vector<Candidate<V>> found;
    auto consider = [&](const Item& fa, const Item& fb) {
        if (!within(T(pb[fb.extreme] - pa[fa.extreme]))) {
            return;
        }
        const FeaturePair f{fa.f, fb.f};
        PointPair<V> pp = feature_distance(A, B, f);
        if (pp.d2 <= bound) {
            if (pp.d2 < best) {
                best = pp.d2;
                bound = widen(best);
                bound_nn = bound * nn;
            }
            found.push_back({f, std::move(pp)});
        }
    };
    const auto seg_a = features(front_a, 2, pa, true), seg_b = features(front_b, 2, pb, false);
    for (const Item& fa : seg_a) {
        for (const Item& fb : seg_b) {
            consider(fa, fb);
        }
    }
    const auto ver_a = features(front_a, 1, pa, true), tri_b = features(front_b, 3, pb, false);
    for (const Item& fa : ver_a) {
        for (const Item& fb : tri_b) {
            consider(fa, fb);
        }
    }
    const auto tri_a = features(front_a, 3, pa, true), ver_b = features(front_b, 1, pb, false);
    for (const Item& fa : tri_a) {
        for (const Item& fb : ver_b) {
            consider(fa, fb);
        }
    }
    std::vector<Candidate<V>> out;
    for (Candidate<V>& c : found) {
        if (c.pp.d2 <= bound) {
            out.push_back(std::move(c));
        }
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// The two certificates.

// Convex weights of a common point, found by an exact phase-1 simplex on
//   lambda >= 0, mu >= 0, sum lambda = 1, sum mu = 1, sum lambda_i a_i - sum mu_j b_j = 0
// (5 equations; artificial variables r_0..r_4 >= 0 start as the basis, and the sum of the
// artificials is minimised; Bland's rule, lowest entering index and lowest leaving basic index
// among ties, guarantees termination). The optimum is 0 exactly when the hulls meet. The weights
// of a common point are then checked directly (exact sums), so the verdict "intersect" rests on
// that check, not on the simplex. A basic solution has at most 5 nonzero weights: a point of one
// set in a tetrahedron of the other's, or a segment meeting a triangle, as in the theorem at
// hull_distance().
std::optional<Q3> common_point(const std::vector<Q3>& A, const std::vector<Q3>& B) {
    constexpr std::size_t m = 5;
    const std::size_t na = A.size(), nv = A.size() + B.size(), cols = nv + m;
    std::vector<std::vector<Q>> t(m, std::vector<Q>(cols));
    std::vector<Q> rhs{Q(1), Q(1), Q(0), Q(0), Q(0)};
    std::vector<std::size_t> basis(m);
    for (std::size_t i = 0; i < na; ++i) {
        t[0][i] = 1;
        t[2][i] = A[i].x;
        t[3][i] = A[i].y;
        t[4][i] = A[i].z;
    }
    for (std::size_t j = 0; j < B.size(); ++j) {
        t[1][na + j] = 1;
        t[2][na + j] = -B[j].x;
        t[3][na + j] = -B[j].y;
        t[4][na + j] = -B[j].z;
    }
    for (std::size_t r = 0; r < m; ++r) {
        t[r][nv + r] = 1;
        basis[r] = nv + r;
    }
    // Objective w = sum of the artificials = w0 + sum_k cost_k x_k over the nonbasic x_k.
    Q w0 = 2;
    std::vector<Q> cost(cols);
    for (std::size_t k = 0; k < nv; ++k) {
        for (std::size_t r = 0; r < m; ++r) {
            cost[k] -= t[r][k];
        }
    }
    for (;;) {
        std::size_t enter = cols;
        for (std::size_t k = 0; k < cols; ++k) {
            if (sgn(cost[k]) < 0) {
                enter = k;
                break;
            }
        }
        if (enter == cols) {
            break;
        }
        std::size_t leave = m;
        Q best_ratio;
        for (std::size_t r = 0; r < m; ++r) {
            if (sgn(t[r][enter]) > 0) {
                Q ratio = rhs[r] / t[r][enter];
                if (leave == m || ratio < best_ratio ||
                    (ratio == best_ratio && basis[r] < basis[leave])) {
                    leave = r;
                    best_ratio = std::move(ratio);
                }
            }
        }
        if (leave == m) {
            throw std::logic_error("oracle3: unbounded phase-1 simplex"); // w >= 0: impossible
        }
        const Q pivot = t[leave][enter];
        for (Q& v : t[leave]) {
            v /= pivot;
        }
        rhs[leave] /= pivot;
        for (std::size_t r = 0; r < m; ++r) {
            if (r != leave && sgn(t[r][enter]) != 0) {
                const Q factor = t[r][enter];
                for (std::size_t k = 0; k < cols; ++k) {
                    t[r][k] -= factor * t[leave][k];
                }
                rhs[r] -= factor * rhs[leave];
            }
        }
        const Q factor = cost[enter];
        for (std::size_t k = 0; k < cols; ++k) {
            cost[k] -= factor * t[leave][k];
        }
        w0 += factor * rhs[leave];
        basis[leave] = enter;
    }
    if (sgn(w0) != 0) {
        return std::nullopt;
    }
    std::vector<Q> weight(nv);
    for (std::size_t r = 0; r < m; ++r) {
        if (basis[r] < nv) {
            weight[basis[r]] = rhs[r];
        }
    }
    Q sum_a, sum_b;
    Q3 za{Q(0), Q(0), Q(0)}, zb{Q(0), Q(0), Q(0)};
    for (std::size_t i = 0; i < nv; ++i) {
        if (sgn(weight[i]) < 0) {
            throw std::logic_error("oracle3: negative simplex weight");
        }
        if (i < na) {
            sum_a += weight[i];
            za = add(za, scale(A[i], weight[i]));
        } else {
            sum_b += weight[i];
            zb = add(zb, scale(B[i - na], weight[i]));
        }
    }
    if (sum_a != 1 || sum_b != 1 || !(za == zb)) {
        throw std::logic_error("oracle3: simplex weights are not a common point");
    }
    return za;
}

// x in the hull of A, y in the hull of B, n = y - x != 0. When every a has n.a <= n.x and every b
// has n.b >= n.y, any p in hull A and q in hull B satisfy
// |q - p| >= n.(q - p) / |n| >= (n.y - n.x) / |n| = |n|: the hulls are disjoint and |n| is their
// distance (the slab between the two planes separates them and is |n| wide).
bool certifies_distance(const std::vector<Q3>& A, const std::vector<Q3>& B, const Q3& x,
                        const Q3& y) {
    const Q3 n = sub(y, x);
    if (is_zero(n)) {
        return false;
    }
    const Q hx = dot(n, x), hy = dot(n, y);
    for (const Q3& a : A) {
        if (dot(n, a) > hx) {
            return false;
        }
    }
    for (const Q3& b : B) {
        if (dot(n, b) < hy) {
            return false;
        }
    }
    return true;
}

std::vector<Q3> exact_points(const std::vector<P3>& ps) {
    std::vector<Q3> out;
    out.reserve(ps.size());
    for (const P3& p : ps) {
        out.push_back(exact(p));
    }
    return out;
}

} // namespace

Q3 exact(P3 p) {
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) {
        throw std::domain_error("oracle3::exact: non-finite coordinate");
    }
    // mpq_set_d is exact: a finite double is m 2^e with an integer m.
    return Q3{Q(p.x), Q(p.y), Q(p.z)};
}

Q distance2(const Q3& p, const Q3& q) {
    return dist2(p, q);
}

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

// The theorem behind hull_distance() and hull_distance_brute_force(), for convex polytopes
// P = hull A and Q = hull B:
//
// 1. When P and Q are disjoint, some closest pair lies on a vertex-triangle, triangle-vertex or
//    segment-segment pair of the sets' points. Let x, y be a closest pair and n = y - x: the
//    planes through x and y normal to n support P and Q (else moving x towards a point beyond
//    its plane would shorten y - x), so x lies in the face F = {p in P : n.p = n.x} and y in
//    G = {q in Q : n.q = n.y}, facing each other across a slab |n| wide. Projected along n, F and
//    G are convex polygons (or segments, points) of one plane that meet (x and y project to the
//    same point). Two convex polygons of a plane meet iff a vertex of one lies in the other or an
//    edge of one crosses an edge of the other; a vertex of F projecting into G lies at distance
//    |n| from a point of G, which is in a triangle of 3 vertices of G (Caratheodory in the
//    plane); crossing edges are two segments at distance |n|. Every such pair is at least |n|
//    apart (its points are in P and Q), so the minimum over the pairs is exactly |n|.
// 2. P and Q meet iff one contains a vertex of the other or an edge of one meets a face of the
//    other (a triangle of its vertices). Take a vertex v of the polytope P and Q have in common:
//    it is the only common point of the affine hulls of the faces F of P and G of Q holding v in
//    their relative interiors (a line through v in both would put a small segment around v in
//    both polytopes), so dim F + dim G <= 3: v is a vertex of P or Q (dimension 0), or an edge of
//    one meets a face (1 + 2) or an edge (1 + 1, contained in a triangle) of the other.
//
// hull_distance_brute_force() is 2 and 1 enumerated literally. hull_distance() proves each answer
// by a certificate checked in exact arithmetic instead, and only searches for it:
// - intersect: the convex weights of a common point (common_point(), an exact simplex; its basic
//   solution is one of the witnesses of 2).
// - disjoint, distance^2 = |n|^2: a pair x in P, y in Q with the slab property of
//   certifies_distance(). By 1 a closest feature pair provides it. The feature pairs are first
//   ranked in long double by near_pairs() on L3, which keeps every pair within a margin of its
//   minimum in case rounding reordered near ties: once over the features whose vertices are all
//   front, then over all features with a front vertex. The ranked pairs are evaluated exactly in
//   order and the exact best so far is checked after 1, 2, 4, 8... of them. Only if no check
//   passes is the same search run exactly (the complete minimum over all pairs, with the
//   skipping proved at near_pairs()); by 1 its minimum satisfies the certificate whenever the
//   hulls are disjoint, and the simplex said they are.
// If the two methods ever disagree, hull_distance() throws std::logic_error rather than answer.
namespace {

// hull_distance(), with the long double ranking optional (without it, the exact search over all
// pairs starts from the first points of the sets: slow, and the path a bad ranking falls back to).
HullDistance hull_distance_impl(const std::vector<P3>& a, const std::vector<P3>& b, bool rank) {
    if (a.empty() || b.empty()) {
        throw std::invalid_argument("oracle3::hull_distance: empty point set");
    }
    const std::vector<Q3> A = exact_points(a), B = exact_points(b);
    if (common_point(A, B)) {
        return {Q(0), true};
    }
    std::optional<Candidate<Q3>> best;
    auto take = [&best](const FeaturePair& f, PointPair<Q3> pp) {
        if (!best || pp.d2 < best->pp.d2) {
            best = Candidate<Q3>{f, std::move(pp)};
        }
    };
    auto certified = [&] { return best && certifies_distance(A, B, best->pp.x, best->pp.y); };

    if (rank) {
        // The search in long double: only a ranking. Doubles convert exactly to long double.
        std::vector<L3> la, lb;
        long double size = 0;
        for (const auto& [from, to] : {std::pair{&a, &la}, std::pair{&b, &lb}}) {
            for (const P3& p : *from) {
                to->push_back({p.x, p.y, p.z});
                size = std::max({size, std::fabs(static_cast<long double>(p.x)),
                                 std::fabs(static_cast<long double>(p.y)),
                                 std::fabs(static_cast<long double>(p.z))});
            }
        }
        // Keep the pairs within 2^-36 of the coordinates' magnitude of the long double minimum
        // distance: far above the rounding of these few dozen operations (2^-64 relative each),
        // so an exact closest pair is among them unless the input is pathological (then the
        // exact search below runs).
        const long double margin = std::ldexp(size, -36);
        const auto widen = [margin](long double d2) {
            const long double r = std::sqrt(d2) + margin;
            return r * r;
        };
        const PointPair<L3> rough = rough_closest_points(la, lb);
        for (const bool all_front : {true, false}) {
            auto ranked = near_pairs(la, lb, rough, widen, all_front);
            std::sort(ranked.begin(), ranked.end(),
                      [](const auto& p, const auto& q) { return p.pp.d2 < q.pp.d2; });
            // The first in the ranking usually is a closest pair (ties, as in face-to-face
            // contact, are common and any of them will do); else one further down: the exact
            // best so far is checked after 1, 2, 4, 8... evaluations, and after the last.
            for (std::size_t i = 0; i < ranked.size(); ++i) {
                take(ranked[i].f, feature_distance(A, B, ranked[i].f));
                if (std::has_single_bit(i + 1) && certified()) {
                    return {best->pp.d2, false};
                }
            }
            if (certified()) {
                return {best->pp.d2, false};
            }
        }
    }
    // The exact search: the minimum over all pairs (the skipping proved at near_pairs()).
    const PointPair<Q3> start = best ? best->pp : PointPair<Q3>{A[0], B[0], dist2(A[0], B[0])};
    const auto exact_widen = [](const Q& d2) { return d2; };
    for (Candidate<Q3>& c : near_pairs(A, B, start, exact_widen, false)) {
        take(c.f, std::move(c.pp));
    }
    if (certified()) {
        return {best->pp.d2, false};
    }
    throw std::logic_error("oracle3::hull_distance: no common point and no separating slab");
}

} // namespace

HullDistance hull_distance(const std::vector<P3>& a, const std::vector<P3>& b) {
    return hull_distance_impl(a, b, true);
}

HullDistance hull_distance_exact_search(const std::vector<P3>& a, const std::vector<P3>& b) {
    return hull_distance_impl(a, b, false);
}

HullDistance hull_distance_brute_force(const std::vector<P3>& a, const std::vector<P3>& b) {
    if (a.empty() || b.empty()) {
        throw std::invalid_argument("oracle3::hull_distance_brute_force: empty point set");
    }
    const std::vector<Q3> A = exact_points(a), B = exact_points(b);
    // The witnesses of 2: a point of s in the hull of t, or a segment i < j of s meeting a
    // triangle k <= l <= m of t (repetitions make the points and segments of small sets).
    auto meets = [](const std::vector<Q3>& s, const std::vector<Q3>& t) {
        for (const Q3& p : s) {
            if (in_hull_brute_force(p, t)) {
                return true;
            }
        }
        for (std::size_t i = 0; i < s.size(); ++i) {
            for (std::size_t j = i + 1; j < s.size(); ++j) {
                for (std::size_t k = 0; k < t.size(); ++k) {
                    for (std::size_t l = k; l < t.size(); ++l) {
                        for (std::size_t m = l; m < t.size(); ++m) {
                            if (segment_meets_triangle(s[i], s[j], t[k], t[l], t[m])) {
                                return true;
                            }
                        }
                    }
                }
            }
        }
        return false;
    };
    if (meets(A, B) || meets(B, A)) {
        return {Q(0), true};
    }
    std::optional<Q> best;
    auto take = [&best](const Q& d2) {
        if (!best || d2 < *best) {
            best = d2;
        }
    };
    auto vertex_triangle = [&take](const std::vector<Q3>& s, const std::vector<Q3>& t) {
        for (const Q3& p : s) {
            for (std::size_t k = 0; k < t.size(); ++k) {
                for (std::size_t l = k; l < t.size(); ++l) {
                    for (std::size_t m = l; m < t.size(); ++m) {
                        take(dist2(p, closest_point_triangle(p, t[k], t[l], t[m])));
                    }
                }
            }
        }
    };
    vertex_triangle(A, B);
    vertex_triangle(B, A);
    for (std::size_t i = 0; i < A.size(); ++i) {
        for (std::size_t j = i; j < A.size(); ++j) {
            for (std::size_t k = 0; k < B.size(); ++k) {
                for (std::size_t l = k; l < B.size(); ++l) {
                    take(closest_segment_segment(A[i], A[j], B[k], B[l]).d2);
                }
            }
        }
    }
    return {*best, false};
}

long double approx_sqrt(const Q& distance2) {
    const int s = sgn(distance2);
    if (s < 0) {
        throw std::domain_error("oracle3::approx_sqrt: negative argument");
    }
    if (s == 0) {
        return 0;
    }
    // x = floor(distance2 4^k) with k chosen so that x has at least 200 bits; then
    // r = floor(sqrt(x)) has at least 100 bits and r 2^-k is sqrt(distance2) to within 2^-99
    // relative. Its top 64 bits, rounded on the next bit, make the long double.
    const mpz_class& num = distance2.get_num();
    const mpz_class& den = distance2.get_den();
    const long bits = static_cast<long>(mpz_sizeinbase(num.get_mpz_t(), 2)) -
                      static_cast<long>(mpz_sizeinbase(den.get_mpz_t(), 2));
    const long k = bits < 202 ? (203 - bits) / 2 : -((bits - 202) / 2);
    mpz_class n = num, d = den;
    if (k >= 0) {
        mpz_mul_2exp(n.get_mpz_t(), n.get_mpz_t(), static_cast<mp_bitcnt_t>(2 * k));
    } else {
        mpz_mul_2exp(d.get_mpz_t(), d.get_mpz_t(), static_cast<mp_bitcnt_t>(-2 * k));
    }
    mpz_class x = n / d;
    mpz_class r;
    mpz_sqrt(r.get_mpz_t(), x.get_mpz_t());
    const long rbits = static_cast<long>(mpz_sizeinbase(r.get_mpz_t(), 2));
    mpz_class top = r >> static_cast<mp_bitcnt_t>(rbits - 64);
    long double v = static_cast<long double>(mpz_get_ui(top.get_mpz_t()));
    if (mpz_tstbit(r.get_mpz_t(), static_cast<mp_bitcnt_t>(rbits - 65)) != 0) {
        v += 1; // 2^64 - 1 + 1 is exact too
    }
    return std::ldexp(v, static_cast<int>(rbits - 64 - k));
}

} // namespace oracle3
