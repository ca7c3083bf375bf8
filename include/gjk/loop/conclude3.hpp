// gjk/loop/conclude3.hpp - the answer of the loop in space from its final simplex
// (gjk/distance3.hpp's loop, and distance_batch's lanes, which run the same loop N queries at
// once and conclude each lane here): the warm start's cache, the witness points from the
// weights, settle() for a contact within round-off, the normal, the touching proof by a
// support plane, the radii and the verdict.
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

/// What the loop in space leaves behind, and conclude3() answers from: the plane's LoopResult
/// (gjk/loop/run.hpp) with its simplex, the last support point and the scale of the squares.
template <class T> struct LoopResult3 {
    Simplex3<T> simplex;   ///< the final simplex, culled, each vertex's weight set
    Solution3<T> solution; ///< its closest point to the origin and its region
    Termination termination{Termination::max_iterations}; ///< how the loop ended
    int iterations{0};                                    ///< the iterations it ran
    Vec3<T> last_support_direction{}; ///< the last search direction (the start's before any)
    Vec3<T> last_support{};           ///< the last support point's w
    T scale{1};                       ///< square_scale(): the squares are taken of points times it
};

/// The answer from the loop's end, in the world frame (`xf_a`: A's pose, its quaternion
/// normalized; `z`: Z in A's frame, for the touching proof); the cache, if given, gets the final
/// simplex's pairs.
template <class T, class Z>
DistanceOutput3<T> conclude3(const DistanceInput3<T>& input, const Transform3<T>& xf_a, const Z& z,
                             const LoopResult3<T>& end, SimplexCache3<T>* cache) {
    DistanceOutput3<T> out;
    const Simplex3<T>& best = end.simplex;
    const Solution3<T>& best_solution = end.solution;
    Termination ending = end.termination;
    const int iterations = end.iterations;
    const Vec3<T> last_direction = end.last_support_direction, last_support = end.last_support;
    auto square = [k = end.scale](Vec3<T> v) { return length_squared(k * v); };
    if (cache) {
        cache->count = best.count;
        for (int i = 0; i < best.count; ++i) {
            cache->index_a[i] = best.v[i].index_a, cache->index_b[i] = best.v[i].index_b;
        }
    }

    // The witness points from the weights, in A's frame.
    Vec3<T> pa{}, pb{};
    for (int i = 0; i < best.count; ++i) {
        pa += best.v[i].weight * best.v[i].a;
        pb += best.v[i].weight * best.v[i].b;
    }
    // settle(): an ending on a feature of the simplex within round-off of the origin is a
    // contact on that feature, as in 2D: a P that small is the round-off of the weights, not a
    // distance. The round-off is one eps of the largest vertex, and of the last support point:
    // the test that ended the loop (its dot product, or the solve of the simplex it joined)
    // carries an eps of it. A float edge 8e-23 from the origin, whose triangle with a support
    // point 0.19 away could not resolve it, kept the edge's normal, 0.1 rad off Z's support
    // plane: rounded shapes moved out by the depth along it still overlapped (fuzz_kernel,
    // TEST(Distance3Regression, AGapBelowTheLastSupportsRoundOffIsAContact)).
    if (ending == Termination::no_progress || ending == Termination::repeated_support) {
        T vertex2 = square(last_support);
        for (int i = 0; i < best.count; ++i) {
            vertex2 = std::max(vertex2, square(best.v[i].w));
        }
        constexpr T eps = std::numeric_limits<T>::epsilon();
        if (square(best_solution.closest) <= eps * eps * vertex2) {
            ending = best.count == 1   ? Termination::vertex_overlap
                     : best.count == 2 ? Termination::edge_overlap
                                       : Termination::face_overlap;
        }
    }
    const bool contact = ending == Termination::containment ||
                         ending == Termination::vertex_overlap ||
                         ending == Termination::edge_overlap || ending == Termination::face_overlap;
    const T core = contact ? T(0) : length(best_solution.closest);
    // The normal of an edge or a face from its own perpendicular (the search direction, from
    // the vertices), not from P, whose weights carry round-off relative to the distance.
    Vec3<T> along = best.count >= 2 ? -search_direction(best) : best_solution.closest;
    if (along == Vec3<T>{}) {
        along = best_solution.closest;
    }
    Vec3<T> normal = core > T(0) ? normalized(along) : Vec3<T>{};
    bool touching = false;
    if (core == T(0) && ending != Termination::containment) {
        const Vec3<T> n = support_plane(z, best, last_direction);
        if (n != Vec3<T>{}) {
            touching = true, normal = -normalized(n);
        }
    }
    const T ra = input.use_radii ? input.a.radius : T(0);
    const T rb = input.use_radii ? input.b.radius : T(0);
    out.iterations = iterations;
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
