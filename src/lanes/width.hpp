// src/lanes/width.hpp - the vector widths the lanes are compiled for, which of them this
// processor runs, and the one distance_batch uses (src/lane_width.cpp chooses it).
#pragma once

namespace gjk::detail {

/// The vector widths the lockstep loop is compiled for.
enum class LaneWidth {
    none,    ///< no lockstep: every query on its own
    bytes16, ///< 16-byte vectors (4 floats, 2 doubles)
    bytes32, ///< 32-byte vectors with AVX2 (8 floats, 4 doubles)
    bytes64, ///< 64-byte vectors with AVX-512 (16 floats, 8 doubles)
};

/// Whether this processor runs the lanes of `width` (and the library has them compiled).
bool lane_width_runs(LaneWidth width);

/// The width distance_batch uses for T on this processor, for cold starts or (`warm`) for
/// warm-started batches: the calibration's choice (the fastest on a small workload of the
/// library's, timed at the first call), then what the trials on the caller's own queries
/// found faster (lane_width_trial; src/lane_width.cpp).
template <class T> LaneWidth best_lane_width(bool warm = false);
extern template LaneWidth best_lane_width<float>(bool);
extern template LaneWidth best_lane_width<double>(bool);

} // namespace gjk::detail
