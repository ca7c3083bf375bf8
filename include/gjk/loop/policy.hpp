// gjk/loop/policy.hpp - which of the library's guarantees the GJK loop keeps. Every query of
// the library keeps all of them (Guaranteed, the default everywhere). Unguaranteed drops them
// all: the talk's core loop alone, "the floor", which exists only to measure what the
// guarantees cost (bench/bench.cpp's floor/ rows) and is not an API for users (see
// gjk::detail::distance_unguaranteed in gjk/distance.hpp). Each member is a compile-time
// constant tested by `if constexpr`, so the default's code is the code without a policy.
#pragma once

namespace gjk {

namespace detail {

/// Every guarantee of gjk::distance (README, Robustness); the policy of every query.
struct Guaranteed {
    /// validate() before the query: a bad input is InputError, never a loop on it.
    static constexpr bool input_validation = true;
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

/// None of them: the floor. Only for measuring: a query run so answers garbage for bad input,
/// reads a cache beyond its shapes' points, and may answer NaN.
struct Unguaranteed {
    static constexpr bool input_validation = false;
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
