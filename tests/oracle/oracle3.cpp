// tests/oracle/oracle3.cpp - the exact distance between two convex hulls: the theorem behind it,
// the feature search (ranked in long double, proved in exact arithmetic) and the literal
// brute-force definition. See oracle3.hpp for the contract.
#include "oracle/oracle3.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "oracle/oracle3_internal.hpp"

namespace oracle3 {

using namespace detail;

namespace {

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

std::vector<Q3> exact_points(const std::vector<P3>& ps) {
    std::vector<Q3> out;
    out.reserve(ps.size());
    for (const P3& p : ps) {
        out.push_back(exact(p));
    }
    return out;
}

} // namespace

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

} // namespace oracle3
