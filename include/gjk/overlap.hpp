// gjk/overlap.hpp - the boolean GJK of the collision-test article: do two convex shapes meet?
//
// The same loop as gjk/distance.hpp, with one more way out: a support point w found along d
// that does not reach the origin (dot(w, d) < 0) proves that all of Z lies on the far side of
// the line through w, so the shapes are apart and the loop stops at once. With radii, the line
// must also be further from the origin than the radii's sum: dot(w, d)^2 > (ra + rb)^2 |d|^2.
// Containment and the origin on the simplex decide "overlap" as early as the distance loop.
#pragma once

#include "gjk/distance.hpp"

namespace gjk {

/// Result of an overlap test.
template <class T> struct OverlapOutput {
    bool overlap{false};                        ///< the closed shapes share a point
    int iterations{0};                          ///< loop iterations
    Status status{Status::invalid_input};       ///< separated / touching / overlapping / ...
    Termination termination{Termination::none}; ///< how the loop ended
    InputError error{InputError::none};         ///< what is wrong when status is invalid_input
};

namespace detail {

/// overlap() on the support of Z in A's frame (a plain or a prepared pair of shapes).
template <class T, class Support>
OverlapOutput<T> overlap(const DistanceInput<T>& input, const Support& z) {
    OverlapOutput<T> out;
    LoopSimplex<T> s;
    const Vec2<T> first_direction = start<T>(z, nullptr, s);
    const T radii = input.use_radii ? input.a.radius + input.b.radius : T(0);
    const LoopResult<Vec2<T>> r =
        run<false>(z, s, input.max_iterations, radii, input.xf_a,
                   static_cast<std::vector<TraceStep<T>>*>(nullptr), first_direction);
    out.iterations = r.iterations;
    out.termination = r.termination;
    if (r.termination == Termination::separating_axis) {
        out.status = Status::separated;
        return out;
    }
    if (cores_meet(r.termination)) {
        // Touching needs a proven normal, which only matters (and costs support calls) when
        // there are no radii to make the meeting cores an overlap anyway.
        const bool normal_known = radii == T(0) && !(touching_normal(z, s, r) == Vec2<T>{});
        out.status = classify(T(0), radii, normal_known);
    } else { // converged on the closest feature: compare its distance with the radii
        out.status = classify(length(r.closest), radii, !(r.closest == Vec2<T>{}));
    }
    out.overlap = out.status != Status::separated;
    if (r.termination == Termination::max_iterations) {
        out.status = Status::max_iterations;
    }
    return out;
}

} // namespace detail

/// Whether the two shapes of `input` overlap or touch; stops as soon as it can decide.
template <class T> OverlapOutput<T> overlap(const DistanceInput<T>& input) {
    OverlapOutput<T> out;
    out.error = validate(input);
    if (out.error != InputError::none) {
        return out;
    }
    const Transform<T> xf = detail::relative(input.xf_a, input.xf_b);
    return detail::with_local_support(input, xf,
                                      [&](const auto& z) { return detail::overlap(input, z); });
}

} // namespace gjk
