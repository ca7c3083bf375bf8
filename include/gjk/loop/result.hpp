// gjk/loop/result.hpp - what GJK's loop (gjk/loop/run.hpp) leaves besides its simplex, in either
// dimension: how it ended and the directions and points its ending is proved or settled with.
#pragma once

#include "gjk/distance_types.hpp" // Termination

namespace gjk::detail {

/// What the loop leaves besides its simplex, in A's local frame (`Vec` is Vec2 or Vec3).
template <class Vec> struct LoopResult {
    Vec closest{};                ///< the kept simplex's closest point to the origin
    Vec direction{};              ///< the last search direction built (may be zero)
    Vec last_support_direction{}; ///< the direction of the last support query (or the start's)
    Vec last_support{};           ///< the last support point (the first vertex before any)
    int iterations{0};
    Termination termination{Termination::max_iterations};
    /// With repeated_support: the support point that ended the loop was a vertex that cull had
    /// dropped (not the kept simplex's first), found again.
    bool beyond{false};
};

/// The ending of a loop whose simplex of `count` vertices has the origin on it: cases 3a (a
/// vertex), 3b and 4 (an edge, or in space a face).
inline Termination contact_ending(int count) {
    return count == 1   ? Termination::vertex_overlap
           : count == 2 ? Termination::edge_overlap
                        : Termination::face_overlap;
}

} // namespace gjk::detail
