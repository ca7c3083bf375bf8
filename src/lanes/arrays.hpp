// src/lanes/arrays.hpp - the state of N queries in lockstep as plain arrays, one element per
// lane: what the packing (src/lanes/packing.hpp) gives the loop (src/lanes/loop.hpp) and reads
// back from it.
#pragma once

#include "gjk/math.hpp" // Vec2
#include "lanes/wide.hpp"

namespace gjk::detail {

/// The state of N queries in lockstep, one per lane, as plain arrays: lockstep_group fills
/// the inputs, lockstep_loop runs them, lockstep_group reads each lane's answer.
template <class T, int Bytes> struct Lanes {
    static constexpr int N = wide::Of<T, Bytes>::N; ///< lanes
    using Int = typename wide::Of<T, Bytes>::Int;   ///< a lane's int

    // In: each lane's shapes, as the 16 coordinates of their prepared shapes' Soa8 (x[8] then
    // y[8]), padded as the prepared shapes are: slots past the count repeat vertex 0, which
    // never wins a tie. A in its own frame; B in its own frame, moved into A's frame by the
    // loop (out: bx[j][k], by[j][k], vertex j of lane k's B as MovedVerticesSupport moves it).
    // local_bx, local_by: the same vertex in B's own frame, which the loop keeps here from its
    // set-up to its conclusion (B's witness point), not an output.
    // B's frame seen from A's: xf_*; A's and B's frames in the world: world_a_*, world_b_*.
    const T* soa_a[N];
    const T* soa_b[N];
    alignas(Bytes) T bx[8][N], by[8][N];
    alignas(Bytes) T local_bx[8][N], local_by[8][N];
    alignas(Bytes) T xf_c[N], xf_s[N], xf_px[N], xf_py[N];
    alignas(Bytes) T world_a_c[N], world_a_s[N], world_a_px[N], world_a_py[N];
    alignas(Bytes) T world_b_c[N], world_b_s[N], world_b_px[N], world_b_py[N];
    // Each lane's shapes' centres in their own frames, for a cold start: copied by
    // lockstep_group for a lane without a cache; for a lane whose cache fails its metric
    // test, read here from where they are (centre_a, centre_b). A warm start does not touch them:
    // its lane of the arrays holds an earlier group's centres (or zeros), finite, whose support
    // the loop computes with the cold lanes' and does not use.
    alignas(Bytes) T centre_ax[N], centre_ay[N], centre_bx[N], centre_by[N];
    const Vec2<T>* centre_a[N];
    const Vec2<T>* centre_b[N];
    alignas(Bytes) T radius_a[N], radius_b[N]; ///< the radii in use (0 without use_radii)
    // Out: the loop's simplex, as LoopSimplex leaves it.
    alignas(Bytes) T w_x[3][N], w_y[3][N];
    alignas(Bytes) Int index_a[3][N], index_b[3][N];
    alignas(Bytes) Int size[N];           ///< the simplex's vertex count
    alignas(Bytes) Int max_iterations[N]; ///< in: each query's cap
    // In: each lane's cache (read_cache's): its count (0: a cold start) and index pairs, all
    // within the shapes' counts, and its metric.
    alignas(Bytes) Int cache_count[N], cache_a[3][N], cache_b[3][N];
    alignas(Bytes) T cache_metric[N];
    alignas(Bytes) Int live[N]; ///< in: -1 for lanes that run, 0 for unused ones
    // Out: what distance()'s loop leaves (LoopSimplex and LoopResult), lane by lane.
    alignas(Bytes) T weight[3][N];
    alignas(Bytes) Int iterations[N];
    alignas(Bytes) Int termination[N]; ///< a Termination (repeated_support, no_progress unsettled)
    alignas(Bytes) Int beyond[N];      ///< settle()'s `beyond` for a repeated support (-1: true)
    alignas(Bytes) Int handed_over[N]; ///< -1: the lane met a rare path; distance() answers it
    alignas(Bytes) T closest_x[N], closest_y[N], direction_x[N],
        direction_y[N], last_x[N], last_y[N];
    // Out: the answer (DistanceOutput, world frame) where concluded[k] is -1; elsewhere
    // conclude() makes it from the simplex above. metric: write_cache's, for the simplex.
    alignas(Bytes) Int concluded[N], status[N];
    alignas(Bytes) T distance[N], point_ax[N], point_ay[N], point_bx[N], point_by[N], normal_x[N],
        normal_y[N], metric[N];
};

} // namespace gjk::detail
