// gjk/loop/warm_start.hpp - the plane's first simplex (start()): the simplex of the last call
// rebuilt from the cached index pairs, while the shapes have not moved too much for it to help,
// or one vertex of Z.
#pragma once

#include <cmath>

#include "gjk/distance_types.hpp"
#include "gjk/loop/policy.hpp"
#include "gjk/loop/simplex.hpp"

namespace gjk {

namespace detail {

/// The size of a simplex that warm starting compares between calls: 0 for a point, the
/// squared length of a segment (no square root: only ratios are compared), the signed area
/// (times 2) of a triangle.
template <class T> T metric(const LoopSimplex<T>& s) {
    switch (s.count) {
    case 2:
        return length_squared(s.w[1] - s.w[0]);
    case 3:
        return cross(s.w[1] - s.w[0], s.w[2] - s.w[0]);
    default:
        return T(0);
    }
}

/// Whether the cache's index pair i names a vertex of A (0 to count_a - 1) and one of B (0 to
/// count_b - 1): read_cache() checks it before it reads the vertex, and the lanes of
/// distance_batch before they take a cache (lockstep_readable in src/lockstep.hpp).
template <class T>
bool cached_pair_in_range(const SimplexCache<T>& cache, int i, int count_a, int count_b) {
    return cache.index_a[i] >= 0 && cache.index_a[i] < count_a && cache.index_b[i] >= 0 &&
           cache.index_b[i] < count_b;
}

/// Rebuilds the cached simplex, or returns false when the cache cannot be used: indices out
/// of range for these shapes, or a simplex whose metric changed by more than a factor 2 (the
/// shapes moved too much for it to help) or that collapsed or flipped. Without the policy's
/// checked_warm_start, only the count is checked: the cached pairs are the simplex.
template <class Policy = Guaranteed, class T, class Support>
bool read_cache(const SimplexCache<T>& cache, const Support& z, LoopSimplex<T>& s) {
    if (cache.count < 1 || cache.count > 3) {
        return false;
    }
    if constexpr (!Policy::checked_warm_start) {
        for (int i = 0; i < cache.count; ++i) {
            s.push(z.vertex(cache.index_a[i], cache.index_b[i]));
        }
        return true;
    }
    const int count_a = z.a.count(), count_b = z.b.count();
    for (int i = 0; i < cache.count; ++i) {
        if (!cached_pair_in_range(cache, i, count_a, count_b)) {
            return false;
        }
        s.push(z.vertex(cache.index_a[i], cache.index_b[i]));
    }
    if (s.count > 1) {
        const T old_metric = cache.metric, new_metric = metric(s);
        const bool same_sign = (old_metric > T(0)) == (new_metric > T(0));
        const T o = std::abs(old_metric), n = std::abs(new_metric);
        if (!(same_sign && n > T(0) && 2 * n >= o && n <= 2 * o)) { // NaN fails safe: cold
            s.count = 0;
            return false;
        }
    }
    return true;
}

template <class Policy = Guaranteed, class T>
void write_cache(SimplexCache<T>& cache, const LoopSimplex<T>& s) {
    cache.count = s.count;
    for (int i = 0; i < 3; ++i) { // all three slots: a copy of fixed size
        cache.index_a[i] = s.index_a(i);
        cache.index_b[i] = s.index_b(i);
    }
    if constexpr (Policy::checked_warm_start) {
        cache.metric = metric(s);
    } else {
        cache.metric = T(0); // not read without the check
    }
}

/// The first simplex: the cached one if it still fits, else one vertex of Z. The talk takes
/// an arbitrary one, and so does a plain point set (its first points). Prepared shapes know a
/// point inside each, so a point c inside Z: the support along -c, Z's side facing the origin,
/// is a vertex from which GJK needs fewer iterations than from an arbitrary one, for the
/// price of one support.
///
/// Returns the direction d of the support query that made the first vertex, or zero when none
/// did. It matters when that vertex is the origin: the loop then ends on its first iteration
/// (case 3a) before it has searched in any direction, and the contact is touching exactly when
/// a support plane through the origin bounds Z. The query that found the vertex is such a plane:
/// no point of Z lies further along d than the origin, so -d is a proven normal
/// (touching_normal() checks it). A first vertex at the origin that no query found - a plain
/// point set's first points, a cached vertex, or the support along -c with c = 0 - is replaced
/// by the support along +x: it is the origin again (then +x proves it) or a point from which
/// the loop searches its way back to the origin, and ends with a direction that proves or
/// refutes the contact. Without this, a point at one corner of a box was "overlapping" with
/// penetration 0 and at the three others "touching" (TEST(DistanceTouching, ...)). Without
/// the policy's touching_normal, the first vertex stays as it is.
template <class T, class Policy = Guaranteed, class Support>
Vec2<T> start(const Support& z, const SimplexCache<T>* cache, LoopSimplex<T>& s) {
    s.count = 0;
    Vec2<T> d{};
    if (!(cache && read_cache<Policy>(*cache, z, s))) {
        if constexpr (requires { z.centre(); }) {
            d = -z.centre();
            s.push(z(d));
        } else {
            s.push(z.vertex(0, 0));
        }
    }
    if constexpr (Policy::touching_normal) {
        if (s.count == 1 && s.w[0] == Vec2<T>{} && d == Vec2<T>{}) {
            d = {T(1), T(0)};
            s.count = 0;
            s.push(z(d));
        }
    }
    return d;
}

} // namespace detail

} // namespace gjk
