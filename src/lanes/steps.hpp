// src/lanes/steps.hpp - the steps of distance()'s GJK loop, each for N lanes at once, each named
// after the scalar function it equals (gjk/loop/*.hpp, gjk/distance.hpp): the set-up
// (MovedVerticesSupport), support(), start() with read_cache(), solve(), cull(),
// search_direction() with resolvable(), the support's tests and push(), and settle() with
// conclude(). src/lanes/loop.hpp reads as their list; this file holds what they share (the lanes'
// types, the loop's state), src/lanes/start.hpp, iteration.hpp and conclusion.hpp the steps.
//
// Each step performs, lane by lane, the IEEE operations its scalar function performs, in the same
// order; where the scalar code branches, a step computes both sides and selects by a mask. A lane
// that has ended keeps its state (every update is a select by `live`). The rules of
// src/lanes/loop.hpp hold here: every step is always inlined into the loop and calls nothing but
// the wide operations (src/lanes/wide.hpp); no fused multiply-add.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "gjk/distance_types.hpp" // Status, Termination
#include "lanes/types.hpp"
#include "lanes/wide.hpp"

namespace gjk::detail {

/// Both shapes of every lane in A's frame: A's eight vertices, B's moved by relative()'s
/// transform (MovedVerticesSupport), and that transform.
template <class T, int Bytes> struct LaneShapes {
    using V = typename LaneTypes<T, Bytes>::V;
    /// The vertices: arrays of the loop's own (lockstep_loop), which the compiler keeps in
    /// registers where it would keep arrays inside this struct in memory.
    V (&ax)[8], (&ay)[8], (&bx)[8], (&by)[8];
    V qc, qs, tx, ty; ///< B's frame seen from A's: rotation (cos, sin) and translation
};

/// A support point of Z = B - A in every lane: the vertices' indices and the point.
template <class T, int Bytes> struct LaneSupport {
    using V = typename LaneTypes<T, Bytes>::V;
    using M = typename LaneTypes<T, Bytes>::M;
    M index_a, index_b;
    V x, y;
};

/// What distance()'s loop keeps from trip to trip (LoopSimplex and run()'s locals), per lane.
template <class T, int Bytes> struct LaneLoop {
    using Types = LaneTypes<T, Bytes>;
    using V = typename Types::V;
    using M = typename Types::M;
    V w_x[3], w_y[3], weight[3];
    M index_a[3], index_b[3];
    M size;        ///< the simplex's vertex count
    M started;     ///< the lanes that run (-1), unused ones (0)
    M live;        ///< the lanes still in the loop
    M iterations;  ///< minus the count: a true mask is -1
    M termination; ///< a Termination once the lane has ended (-1 before)
    M beyond;      ///< settle()'s `beyond` for a repeated support
    M handed_over; ///< lanes that met a rare path: distance() answers them
    M max_iterations;
    V previous_distance2;
    V closest_x, closest_y, direction_x, direction_y;
    V last_x, last_y; ///< the last support direction

    /// Ends the lanes of `ending` with the termination t.
    GJK_LANE_STEP void end(M ending, Termination t) {
        termination = wide::select(ending, Types::ints(int(t)), termination);
        live &= ~ending;
    }
};

/// A search direction in every lane.
template <class T, int Bytes> struct LaneDirection {
    using V = typename LaneTypes<T, Bytes>::V;
    V x, y;
};

/// solve()'s answer in every lane: the closest point of the simplex to the origin, its
/// barycentric weights and its Voronoi region (bits 1, 2, 4: vertices 0, 1, 2 kept).
template <class T, int Bytes> struct LaneSolution {
    using V = typename LaneTypes<T, Bytes>::V;
    using M = typename LaneTypes<T, Bytes>::M;
    V px, py, u, v, w;
    M region;
};

/// The simplex's vertex pairs before cull(), which case 1 compares the new support with.
template <class T, int Bytes> struct LaneSimplexPairs {
    using M = typename LaneTypes<T, Bytes>::M;
    M size, index_a[3], index_b[3];
};

/// A shape's vertex by index, xs[index], lane by lane, for an index in [0, 8): its three bits
/// pick one of two, one of four, one of eight.
template <class T, int Bytes>
GJK_LANE_STEP typename LaneTypes<T, Bytes>::V
lanes_vertex(const typename LaneTypes<T, Bytes>::V (&xs)[8],
             typename LaneTypes<T, Bytes>::M index) {
    using Types = LaneTypes<T, Bytes>;
    using wide::select;
    const auto bit0 = Types::has(index, 1), bit1 = Types::has(index, 2),
               bit2 = Types::has(index, 4);
    const auto x01 = select(bit0, xs[1], xs[0]), x23 = select(bit0, xs[3], xs[2]);
    const auto x45 = select(bit0, xs[5], xs[4]), x67 = select(bit0, xs[7], xs[6]);
    return select(bit2, select(bit1, x67, x45), select(bit1, x23, x01));
}

} // namespace gjk::detail
