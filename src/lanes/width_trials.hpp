// src/lanes/width_trials.hpp - the trials that check, on the caller's own batches, that the
// width the calibration chose is faster than one by one (src/lane_width.cpp runs them).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "gjk/distance_types.hpp"
#include "lanes/width.hpp"

namespace gjk::detail {

/// The queries each way computes in a trial (lane_width_trial), in kTrialRuns runs.
inline constexpr std::size_t kTrialQueries = 512;
inline constexpr std::size_t kTrialRuns = 4;
/// The fewest queries a batch needs for a trial: a trial is at most half of its batch, so the
/// slower way's share stays small, and gjk.distance_batch's blocks of 1024 rows
/// (python/src/batch.cpp) are never all trial.
inline constexpr std::size_t kSmallestTriedBatch = 4 * kTrialQueries;
/// Trials are run on each of the first kLearningBatches batches of a scalar type large enough
/// (cold and warm apart), on each of the kLearningBatches after a trial that changed the
/// choice, and on every kRecheckEvery-th.
inline constexpr std::uint64_t kLearningBatches = 8;
inline constexpr std::uint64_t kRecheckEvery = 32;
/// The weight of a trial in the running mean, and how far from even (as a logarithm of the
/// ratio of times) the mean must be for best_lane_width to change its choice.
inline constexpr double kTrialWeight = 0.25;
inline constexpr double kTrialMargin = 0.03;

/// What the trials of one scalar type's batches, cold or warm, have measured, and what they
/// decide, apart from the clock (lane_width_trial keeps one under a lock; tests drive one with
/// made-up samples).
struct TrialRecord {
    double log_ratio = 0;      ///< running mean of log(lanes' time / one by one's time)
    int trials = 0;            ///< samples added
    std::uint64_t batches = 0; ///< batches large enough for a trial, so far
    std::uint64_t learning_until = kLearningBatches; ///< every batch below this one is tried
    std::uint64_t begun = 0;                         ///< trials begun

    /// Counts a batch large enough for a trial; true when it is due for one: one of the
    /// learning batches (the first ones, or those after a change of choice) or every
    /// kRecheckEvery-th.
    bool next_batch_due() {
        const std::uint64_t batch = batches++;
        return batch < learning_until || batch % kRecheckEvery == 0;
    }
    /// Begins a trial; true when one by one goes first in it. It alternates from trial to
    /// trial (not by the batch's number: every recheck's number is even).
    bool begin_one_by_one_first() { return begun++ % 2 == 0; }
    /// Adds a sample, log(lanes' time / one by one's time), of the trial of the last batch
    /// counted, to the running mean, and returns the choice between `lanes` and one by one:
    /// the one the mean says is faster by kTrialMargin, else `was`. A change of choice makes
    /// the next kLearningBatches batches learning ones, so that a change the next trials refute
    /// is undone at once, not a recheck at a time.
    LaneWidth add(double sample, LaneWidth was, LaneWidth lanes) {
        log_ratio = trials == 0 ? sample : log_ratio + kTrialWeight * (sample - log_ratio);
        ++trials;
        const LaneWidth now = log_ratio < -kTrialMargin  ? lanes
                              : log_ratio > kTrialMargin ? LaneWidth::none
                                                         : was;
        if (now != was) {
            learning_until = batches + kLearningBatches;
        }
        return now;
    }
};

/// A trial, when this batch is due for one: computes the batch's first 2 kTrialQueries queries
/// in 2 kTrialRuns runs, by turns one by one and with the lanes the calibration found fastest
/// (which goes first alternates from trial to trial), times each, and adds the logarithm of the
/// ratio of the two ways' fastest runs to a running mean; best_lane_width then takes the lanes when
/// the mean says they are faster by the margin, one by one when it says they are slower by it, and
/// otherwise keeps its choice. Returns how many queries it computed (their outputs and caches
/// are distance()'s, as any width's): 0 when the batch is not due or has fewer than
/// kSmallestTriedBatch queries.
template <class T>
std::size_t lane_width_trial(std::span<const DistanceInput<T>> inputs,
                             std::span<SimplexCache<T>> caches,
                             std::span<DistanceOutput<T>> outputs, bool warm);
extern template std::size_t lane_width_trial<float>(std::span<const DistanceInput<float>>,
                                                    std::span<SimplexCache<float>>,
                                                    std::span<DistanceOutput<float>>, bool);
extern template std::size_t lane_width_trial<double>(std::span<const DistanceInput<double>>,
                                                     std::span<SimplexCache<double>>,
                                                     std::span<DistanceOutput<double>>, bool);

} // namespace gjk::detail
