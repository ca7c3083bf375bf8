// src/lanes3/arrays.hpp - the state of N queries in space (float or double) in lockstep as plain
// arrays, one element per lane: what the packing (src/lockstep3.hpp, src/batch3.cpp) gives the loop
// (src/lanes3/loop.hpp) and reads back from it.
#pragma once

#include <cstdint>

#include "lanes/wide.hpp"

namespace gjk::detail {

/// The state of N queries in space, one per lane, as plain arrays: lockstep3_group
/// fills the inputs (each lane's points, poses and cache), lockstep3_loop sets each lane up
/// (PairInFrameA3, start()) and runs the loop, lockstep3_group concludes each lane from what
/// it leaves (conclude3()).
template <class T, int Bytes> struct Lanes3 {
    static constexpr int N = wide::Of<T, Bytes>::N; ///< lanes
    static constexpr int kCorners = 16;             ///< the most corners a shape may have
    using Int = typename wide::Of<T, Bytes>::Int;

    // In: each lane's points, corner j of lane k at [j][k], for j below corners_a (corners_b),
    // the most of any lane; a lane with fewer repeats its corner 0, which never wins a tie (the
    // scan keeps the first of equals, as PointArrays3's padding does). A's in its own frame,
    // which is the loop's; B's in its own frame, moved into A's by the loop (out: B's points as
    // PairInFrameA3 moves them).
    int corners_a = 1, corners_b = 1;
    alignas(Bytes) T ax[kCorners][N], ay[kCorners][N], az[kCorners][N];
    alignas(Bytes) T bx[kCorners][N], by[kCorners][N], bz[kCorners][N];
    alignas(Bytes) Int count_a[N], count_b[N];     ///< each shape's number of points
    alignas(Bytes) T inverse_a[N], inverse_b[N];   ///< 1 / count, as mean() takes it
    alignas(Bytes) T xf_px[N], xf_py[N], xf_pz[N]; ///< B's frame in A's: relative()
    alignas(Bytes) T xf_qx[N], xf_qy[N], xf_qz[N], xf_qw[N];
    T range = 0;                          ///< kernel_range(): every point within it
    alignas(Bytes) Int max_iterations[N]; ///< the query's cap
    alignas(Bytes) Int live[N];           ///< -1 for lanes that run, 0 for unused ones
    // In: the warm start, when the cache has 1 to 4 pairs all within the counts (else 0).
    alignas(Bytes) Int cache_count[N], cache_a[4][N], cache_b[4][N];
    alignas(Bytes) T scale[N]; ///< out: square_scale() of the lane's pair
    // In: A's pose in the world, its quaternion normalized (PairInFrameA3::xf_a), and the radii
    // in use (0 without use_radii), for the answer.
    alignas(Bytes) T world_px[N], world_py[N], world_pz[N];
    alignas(Bytes) T world_qx[N], world_qy[N], world_qz[N], world_qw[N];
    alignas(Bytes) T radius_a[N], radius_b[N];

    // Out: the loop's final simplex (LoopSimplex3), its vertices' points of Z, pairs and
    // weights.
    alignas(Bytes) Int count[N];
    alignas(Bytes) T w_x[4][N], w_y[4][N], w_z[4][N];
    alignas(Bytes) T weight[4][N];
    alignas(Bytes) Int index_a[4][N], index_b[4][N];
    // Out: the last search direction (start()'s before the first support) and the last
    // support's w.
    alignas(Bytes) T direction_x[N], direction_y[N], direction_z[N];
    alignas(Bytes) T last_x[N], last_y[N], last_z[N];

    // Out: the rest of the loop's LoopResult, and whether the lane met a rare path (-1:
    // distance() answers its query from the start).
    alignas(Bytes) T closest_x[N], closest_y[N], closest_z[N];
    alignas(Bytes) Int termination[N]; ///< a Termination
    alignas(Bytes) Int iterations[N];
    alignas(Bytes) Int handed_over[N];
    // Out: conclude3()'s answer where concluded[k] is -1 (the lanes conclude a separation;
    // a contact, which needs the touching proof, and every rare path of the conclusion are
    // concluded by conclude3() itself from the simplex above).
    alignas(Bytes) Int concluded[N], status[N];
    alignas(Bytes) T distance[N], point_ax[N], point_ay[N], point_az[N];
    alignas(Bytes) T point_bx[N], point_by[N], point_bz[N];
    alignas(Bytes) T normal_x[N], normal_y[N], normal_z[N];
};

} // namespace gjk::detail
