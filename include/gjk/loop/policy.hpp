// gjk/loop/policy.hpp - which of the library's guarantees the GJK loop keeps. Every query of
// the library keeps all of them (Guaranteed, the default everywhere). Unguaranteed drops them
// all: the talk's core loop alone, "the floor", which exists only to measure what the
// guarantees cost (bench/pairs.cpp's floor/ rows) and is not an API for users (see
// gjk::detail::distance_unguaranteed in gjk/distance.hpp, which also skips validate(), the radii
// and the normal). Each member is a compile-time constant tested by `if constexpr`, so the
// default's code is the code without a policy.
#pragma once

#include <limits>

namespace gjk {

namespace detail {

/// Every guarantee of gjk::distance (docs/robustness.md); the policy of every query.
struct Guaranteed {
    /// The distance must decrease, up to its round-off and kStalls times (run()); without it
    /// the loop stops only on a repeated support, a support not beyond the simplex or the cap.
    static constexpr bool stall_rule = true;
    /// resolvable(): a tiny search direction is scaled up, so that the support's products do
    /// not underflow.
    static constexpr bool resolvable_directions = true;
    /// settle(): an ending on an edge or vertex within round-off of the origin is a contact.
    static constexpr bool settled_endings = true;
    /// read_cache() checks the cached indices against the shapes and the simplex's metric;
    /// without it the cached pairs are the first simplex as they are (and no metric is kept).
    static constexpr bool checked_warm_start = true;
    /// best_containment_weights(): a flat containment triangle still gives coincident
    /// witness points.
    static constexpr bool containment_weights = true;
    /// A contact at distance zero is touching when a support plane proves it: start()'s
    /// replacement of a first vertex at the origin, and touching_normal().
    static constexpr bool touching_normal = true;
    /// The radii of rounded shapes, and the normal from A to B; without them the answer is
    /// the cores' distance and witness points, with a zero normal.
    static constexpr bool radii_and_normal = true;
    /// An answer that overflowed is InputError::nonfinite_result, never NaN or infinity.
    static constexpr bool finite_output_check = true;
};

/// The round-off, in units of the largest vertex's length, within which a containment
/// triangle's weighted point is taken for the origin and its weights kept
/// (best_containment_weights in gjk/loop/conclude.hpp, and the lockstep lanes of
/// src/lanes/steps.hpp, which must conclude alike).
/// One eps: the witness points' bound for float is 4e-7 = 3.4 eps of the scale
/// (docs/robustness.md), and a point of Z = B - A is up to 2 sqrt 2 = 2.8 times the scale long, so
/// a weighted point beyond 1 eps of the largest vertex may already be off that bound. It was 4 eps:
/// a quadrilateral 3 long and 1e-39 wide around the origin, whose sub-areas are subnormal, kept
/// weights whose point was 3.8 eps from the origin (fuzz_kernel, CI's smoke run;
/// TEST(DistanceFloat, SubnormalContainmentTriangleWithinFourUlpsStillTriesItsEdges)).
template <class T> inline constexpr T kContainmentRoundOff = std::numeric_limits<T>::epsilon();

/// None of them: the floor. Only for measuring: a query run so answers garbage for bad input,
/// reads a cache beyond its shapes' points, and may answer NaN.
struct Unguaranteed {
    static constexpr bool stall_rule = false;
    static constexpr bool resolvable_directions = false;
    static constexpr bool settled_endings = false;
    static constexpr bool checked_warm_start = false;
    static constexpr bool containment_weights = false;
    static constexpr bool touching_normal = false;
    static constexpr bool radii_and_normal = false;
    static constexpr bool finite_output_check = false;
};

} // namespace detail

} // namespace gjk
