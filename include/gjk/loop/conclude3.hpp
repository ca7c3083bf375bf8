// gjk/loop/conclude3.hpp - the answer of the loop in space from its final simplex
// (gjk/distance3.hpp's loop, and distance_batch's lanes, which run the same loop N queries at
// once and conclude each lane here): the warm start's cache, the witness points from the
// weights, the normal, the touching proof by a support plane, the radii and the verdict.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "gjk/distance3_types.hpp"
#include "gjk/loop/rounded_gap3.hpp"
#include "gjk/loop/simplex3.hpp"
#include "gjk/loop/support_plane3.hpp"
#include "gjk/math3.hpp"
#include "gjk/minkowski3.hpp"

namespace gjk::detail {

/// The answer from the loop's final simplex `s` and what the loop left in `r` (settled:
/// settle(), gjk/loop/simplex3.hpp), in the world frame (`xf_a`: A's pose, its quaternion
/// normalized; `z`: Z in A's frame, whose vertices give the shape points back and the touching
/// proof its supports); the cache, if given, gets the final simplex's pairs.
template <class T, class Z>
DistanceOutput3<T> conclude3(const DistanceInput3<T>& input, const Transform3<T>& xf_a, const Z& z,
                             const LoopSimplex3<T>& s, const LoopResult<Vec3<T>>& r,
                             SimplexCache3<T>* cache) {
    DistanceOutput3<T> out;
    const Simplex3<T> best = to_simplex(z, s);
    const Termination ending = r.termination;
    if (cache) {
        cache->count = s.count;
        for (int i = 0; i < s.count; ++i) {
            cache->index_a[i] = s.index_a(i), cache->index_b[i] = s.index_b(i);
        }
    }

    // The witness points from the weights, in A's frame.
    Vec3<T> pa{}, pb{};
    for (int i = 0; i < best.count; ++i) {
        pa += best.v[i].weight * best.v[i].a;
        pb += best.v[i].weight * best.v[i].b;
    }
    const bool contact = ending == Termination::containment ||
                         ending == Termination::vertex_overlap ||
                         ending == Termination::edge_overlap || ending == Termination::face_overlap;
    const T core = contact ? T(0) : length(r.closest);
    // The normal of an edge or a face from its own perpendicular (the search direction, from
    // the vertices), not from P, whose weights carry round-off relative to the distance.
    Vec3<T> along = s.count >= 2 ? -search_direction(s) : r.closest;
    if (along == Vec3<T>{}) {
        along = r.closest;
    }
    Vec3<T> normal = core > T(0) ? normalized(along) : Vec3<T>{};
    bool touching = false;
    if (core == T(0) && ending != Termination::containment) {
        const Vec3<T> n = support_plane(z, best, r.last_support_direction);
        if (n != Vec3<T>{}) {
            touching = true, normal = -normalized(n);
        }
    }
    const T ra = input.use_radii ? input.a.radius : T(0);
    const T rb = input.use_radii ? input.b.radius : T(0);
    out.iterations = r.iterations;
    out.termination = ending;
    // Rounded cores about as far apart as the radii reach: the gap's sign from the kept
    // feature, exactly (gjk/loop/rounded_gap3.hpp); else the computed one.
    T gap = core - (ra + rb);
    if (!contact && gap_within_round_off(best, core, ra + rb)) {
        gap = rounded_gap(best, core, ra, rb).value_or(gap);
    }
    if (gap > T(0)) {
        out.status = Status::separated;
        out.distance = gap;
        pa += ra * normal, pb -= rb * normal;
    } else {
        out.status =
            (gap == T(0) && (core > T(0) || touching)) ? Status::touching : Status::overlapping;
        out.distance = T(0);
        if (core > T(0)) { // rounded shapes that meet: the middle of the common stretch
            const T lo = std::max(T(0), core - rb), hi = std::min(core, ra);
            pa += (T(0.5) * (lo + hi)) * normal;
        }
        pb = pa;
        if (out.status == Status::overlapping && core == T(0)) {
            normal = {}; // no direction known: the cores overlap
        }
    }
    if (ending == Termination::max_iterations) {
        out.status = Status::max_iterations;
    }
    out.point_a = apply(xf_a, pa);
    out.point_b = apply(xf_a, pb);
    out.normal = rotate(xf_a.q, normal);
    if (!is_finite(out.point_a) || !is_finite(out.point_b) || !is_finite(out.normal) ||
        !std::isfinite(out.distance)) {
        out = {};
        out.status = Status::invalid_input;
        out.error = InputError::nonfinite_result;
    }
    return out;
}

} // namespace gjk::detail
