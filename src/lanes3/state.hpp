// src/lanes3/state.hpp - what the loop in space (gjk/loop/run.hpp on LoopSimplex3) keeps from
// trip to trip, per lane: the simplex, the last direction and support, the closest point, the
// ending, the iterations, the previous squared distance and which lanes are live or handed over
// to distance().
#pragma once

#include "gjk/distance_types.hpp" // Termination
#include "lanes3/solve.hpp"

namespace gjk::detail::lanes3 {

/// The loop's locals in every lane.
template <class T, int Bytes> struct Loop {
    using Ty = Types<T, Bytes>;
    using V = typename Ty::V;
    using M = typename Ty::M;
    using V3 = typename Ty::V3;
    Simplex<T, Bytes> s;
    V scale;           ///< square_scale(): the squares are taken of points times it
    V3 last_direction; ///< the last search direction (the start's before any support)
    V3 last_support;   ///< the last support point's w
    V3 closest;        ///< the kept simplex's closest point
    M ending;          ///< a Termination once the lane has ended
    M iterations;      ///< minus the count: a true mask is -1
    M max_iterations;  ///< the query's cap
    M live;            ///< the lanes still in the loop
    M handed_over;     ///< the lanes that met a rare path: distance() answers them
    V previous;        ///< the last squared distance, for the stall rule

    /// Ends the live lanes of m with `why`, each once: the first ending that holds decides.
    GJK_LANE_STEP void end(M m, Termination why) {
        const M now = m & live;
        ending = wide::select(now, Ty::ints(int(why)), ending);
        live &= ~now;
    }
    /// Hands the live lanes of m over to distance().
    GJK_LANE_STEP void hand_over(M m) {
        handed_over |= m & live;
        live &= ~m;
    }
};

} // namespace gjk::detail::lanes3
