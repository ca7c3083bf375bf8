// src/lockstep.hpp - distance()'s GJK loop for several queries at once, one per SIMD lane.
//
// Why. A single query is a chain of dependent steps - support, solve, direction, support - and
// branches on data (which Voronoi region, how many iterations) that the processor cannot
// predict; a small-polygon query spends most of its time waiting on that chain, not computing
// (docs/performance.md, "The floor"). A batch has many independent queries, so
// distance_batch runs N of them in lockstep, one per lane of a vector register: every step
// is computed for all lanes, and each lane takes its own branch by a mask instead of a jump.
//
// Exactly distance(). Each lane performs the same IEEE operations, in the same order, as
// distance() does for its query on the same path (two prepared shapes of at most 8 vertices:
// PreparedSupport for A, MovedVerticesSupport for B): the same products and sums in the supports,
// the same nine barycentric coordinates and the same quotient for the region that wins, the
// same exactly perpendicular search direction, negations where distance() negates. Where the
// scalar code branches, the lanes compute both sides and select. So every output equals
// distance()'s to the bit, which tests/test_batch.cpp checks, besides the brute-force oracle.
//
// Rare paths are not duplicated. A lane that meets one - a distance that did not decrease (the
// stall rule), a direction too small to resolve (resolvable()), a NaN - is handed over: its
// query is answered by distance() itself, from the start. The set-up of each lane (its shapes,
// B moved into A's frame, the cache or the first support), the loop and the answer from its
// final simplex are in lanes (src/lanes.hpp); this file gives each lane its input and copies
// each lane's answer out. A lane whose conclusion takes a rare path is concluded by conclude()
// itself, from the simplex the lanes leave.
//
// Widths. 16-byte vectors (4 floats or 2 doubles; SSE2 on x86-64) compiled everywhere, 32-byte
// ones (8 floats, 4 doubles) with AVX2 (src/lanes_avx2.cpp) and 64-byte ones (16 floats, 8
// doubles) with AVX-512 (src/lanes_avx512.cpp). distance_batch uses the fastest of those the
// processor runs, or the queries one by one if that is faster, as measured on it and on the
// caller's queries (src/lane_width.cpp); every width is tested wherever it runs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "gjk/distance.hpp"
#include "gjk/prepared.hpp"
#include "lanes.hpp"

namespace gjk::detail {

/// Whether distance_batch may run `in` in lockstep: a valid query on two prepared shapes of at
/// most PreparedShape::kInline vertices (distance()'s MovedVerticesSupport path, with A's support
/// the eight-point scan). A prepared view's size is its shape's vertex count (its fields are not
/// changed: gjk/shape.hpp), so the shapes themselves are not read here. (Always inlined: as a
/// call of its own it slowed the warm batches: docs/performance.md, "Inlining".)
template <class T>
[[gnu::always_inline]] inline bool lockstep_eligible(const DistanceInput<T>& in) {
    constexpr std::size_t kInline = PreparedShape<T>::kInline;
    return in.a.prepared && in.b.prepared && in.a.points.size() <= kInline &&
           in.b.points.size() <= kInline && validate(in) == InputError::none;
}

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

#if defined(GJK_LANES_AVX2)
extern template void lockstep_loop<float, 32>(Lanes<float, 32>&);
extern template void lockstep_loop<double, 32>(Lanes<double, 32>&);
#endif
#if defined(GJK_LANES_AVX512)
extern template void lockstep_loop<float, 64>(Lanes<float, 64>&);
extern template void lockstep_loop<double, 64>(Lanes<double, 64>&);
#endif

/// Lane k's B as MovedVerticesSupport gives it (moved into A's frame), read from the vertices the
/// loop moved (Lanes::bx, by): the same points and, for the touching normal's supports, the
/// same eight-point scan on them.
template <class T, int Bytes> struct LaneMovedSupport {
    using scalar = T;
    const Lanes<T, Bytes>* lanes;
    int k;

    SupportPoint<T> operator()(Vec2<T> d) const {
        Soa8<T> column;
        for (int j = 0; j < 8; ++j) {
            column.x[j] = lanes->bx[j][k], column.y[j] = lanes->by[j][k];
        }
        const int i = support_index_soa8(column, d);
        return {vertex(i), i};
    }
    Vec2<T> vertex(int i) const { return {lanes->bx[i][k], lanes->by[i][k]}; }
};

/// Whether the lanes can read `cache` for `in` as read_cache() does: empty (a cold start), or
/// 1 to 3 index pairs within the shapes' vertex counts. (Another cache - a count out of range,
/// an index beyond its shape - takes read_cache's own path, one by one.)
template <class T>
bool lockstep_readable(const SimplexCache<T>& cache, const DistanceInput<T>& in) {
    if (cache.count == 0) {
        return true;
    }
    if (cache.count < 1 || cache.count > 3) {
        return false;
    }
    const int count_a = int(in.a.points.size()), count_b = int(in.b.points.size());
    for (int i = 0; i < cache.count; ++i) {
        if (!cached_pair_in_range(cache, i, count_a, count_b)) {
            return false;
        }
    }
    return true;
}

/// out[k] = distance(*in[k], cache[k]) for k < count (1 to N), every input lockstep_eligible
/// and every cache lockstep_readable or absent: `cache` null, or an array whose null entries
/// mean no cache. Returns how many lanes were handed over to distance().
template <class T, int Bytes>
int lockstep_group(Lanes<T, Bytes>& lanes, const DistanceInput<T>* const* in,
                   SimplexCache<T>* const* cache, DistanceOutput<T>* const* out, int count) {
    constexpr int N = Lanes<T, Bytes>::N;
    static_assert(offsetof(Soa8<T>, y) == 8 * sizeof(T), "the lanes read x[8], y[8] as one row");

    // Each lane's shapes, B's frame seen from A's (relative(), as distance()), and where the
    // shapes' centres are (their values too, for a lane without a cache). Unused lanes copy
    // lane 0 and do not run.
    for (int k = 0; k < N; ++k) {
        const DistanceInput<T>& input = *in[k < count ? k : 0];
        const PreparedShape<T>& a = *input.a.prepared;
        const PreparedShape<T>& b = *input.b.prepared;
        lanes.soa_a[k] = a.soa().x, lanes.soa_b[k] = b.soa().x; // y[8] follows x[8]
        // The coordinate arrays are fetched now: the loop's first loads wait on them, and they
        // arrive while this copying runs (docs/performance.md, "Fetching the group's shapes").
        for (std::size_t line = 0; line < sizeof(Soa8<T>); line += 64) {
            __builtin_prefetch(reinterpret_cast<const char*>(&a.soa()) + line);
            __builtin_prefetch(reinterpret_cast<const char*>(&b.soa()) + line);
        }
        const Transform<T> xf = relative(input.xf_a, input.xf_b);
        lanes.xf_c[k] = xf.q.c, lanes.xf_s[k] = xf.q.s, lanes.xf_px[k] = xf.p.x;
        lanes.xf_py[k] = xf.p.y;
        lanes.world_a_c[k] = input.xf_a.q.c, lanes.world_a_s[k] = input.xf_a.q.s;
        lanes.world_a_px[k] = input.xf_a.p.x, lanes.world_a_py[k] = input.xf_a.p.y;
        lanes.world_b_c[k] = input.xf_b.q.c, lanes.world_b_s[k] = input.xf_b.q.s;
        lanes.world_b_px[k] = input.xf_b.p.x, lanes.world_b_py[k] = input.xf_b.p.y;
        const T use = T(input.use_radii); // distance()'s radii in use
        lanes.radius_a[k] = use * input.a.radius, lanes.radius_b[k] = use * input.b.radius;
        lanes.max_iterations[k] = input.max_iterations;
        // The cache as read_cache reads it (lockstep_readable: its indices are in range).
        const SimplexCache<T>* c = cache && k < count ? cache[k] : nullptr;
        const int cached = c ? c->count : 0;
        lanes.cache_count[k] = cached;
        for (int i = 0; i < 3; ++i) {
            lanes.cache_a[i][k] = i < cached ? c->index_a[i] : 0;
            lanes.cache_b[i][k] = i < cached ? c->index_b[i] : 0;
        }
        lanes.cache_metric[k] = cached > 1 ? c->metric : T(0);
        // The centres, for a cold start's first support: copied for a lane without a cache;
        // the loop reads them for a lane whose cache fails, and a warm start leaves their
        // cache line alone.
        if (cached == 0) {
            lanes.centre_ax[k] = a.centre().x, lanes.centre_ay[k] = a.centre().y;
            lanes.centre_bx[k] = b.centre().x, lanes.centre_by[k] = b.centre().y;
        }
        lanes.centre_a[k] = &a.centre(), lanes.centre_b[k] = &b.centre();
        lanes.live[k] = k < count ? -1 : 0;
    }

    lockstep_loop<T, Bytes>(lanes);

    // Each lane's answer from its simplex, as distance() would have left it.
    int handed_over = 0;
    for (int k = 0; k < count; ++k) {
        const DistanceInput<T>& input = *in[k];
        if (lanes.handed_over[k]) {
            *out[k] = distance(input, cache ? cache[k] : nullptr); // the cache as it came in
            ++handed_over;
            continue;
        }
        if (lanes.concluded[k]) { // the lanes' own conclusion: copy it out
            if (cache && cache[k]) {
                SimplexCache<T>& c = *cache[k];
                c.count = int(lanes.size[k]);
                for (int i = 0; i < 3; ++i) {
                    c.index_a[i] = int(lanes.index_a[i][k]),
                    c.index_b[i] = int(lanes.index_b[i][k]);
                }
                c.metric = lanes.metric[k];
            }
            DistanceOutput<T>& o = *out[k];
            o.distance = lanes.distance[k];
            o.point_a = {lanes.point_ax[k], lanes.point_ay[k]};
            o.point_b = {lanes.point_bx[k], lanes.point_by[k]};
            o.normal = {lanes.normal_x[k], lanes.normal_y[k]};
            o.iterations = int(lanes.iterations[k]);
            o.status = static_cast<Status>(lanes.status[k]);
            o.termination = static_cast<Termination>(lanes.termination[k]);
            o.error = InputError::none;
            continue;
        }
        LoopSimplex<T> s;
        s.count = int(lanes.size[k]);
        for (int i = 0; i < 3; ++i) {
            s.w[i] = {lanes.w_x[i][k], lanes.w_y[i][k]};
            s.pair[i] = LoopSimplex<T>::pack(int(lanes.index_a[i][k]), int(lanes.index_b[i][k]));
            s.weight[i] = lanes.weight[i][k];
        }
        if (cache && cache[k]) {
            write_cache(*cache[k], s);
        }
        LoopResult<T> r;
        r.closest = {lanes.closest_x[k], lanes.closest_y[k]};
        r.direction = {lanes.direction_x[k], lanes.direction_y[k]};
        r.last_support_direction = {lanes.last_x[k], lanes.last_y[k]};
        r.iterations = int(lanes.iterations[k]);
        r.termination = static_cast<Termination>(lanes.termination[k]);
        if (r.termination == Termination::repeated_support ||
            r.termination == Termination::no_progress) {
            r.termination = settle(r.termination, s, r.closest, lanes.beyond[k] != 0);
        }
        const T use = T(input.use_radii); // distance()'s radii in use
        const MinkowskiDifference<PreparedSupport<T>, LaneMovedSupport<T, Bytes>> z{
            {input.a.points, input.a.prepared}, {&lanes, k}};
        *out[k] = conclude(input, z, PointSetSupport<T>{input.b.points}, use * input.a.radius,
                           use * input.b.radius, s, r);
    }
    return handed_over;
}

/// outputs[i] = distance(inputs[i], cache) for i in [0, the smallest size), the cache
/// &caches[i] when `caches` is not empty, eligible queries in lockstep groups of the given
/// width (none: each on its own). The width must be one this processor runs
/// (lane_width_runs). Returns how many lanes were handed over to distance() (a
/// rare path: tests/test_batch.cpp checks that those are taken).
template <class T>
std::size_t lockstep_batch(std::span<const DistanceInput<T>> inputs,
                           std::span<SimplexCache<T>> caches, std::span<DistanceOutput<T>> outputs,
                           LaneWidth width);

extern template std::size_t lockstep_batch<float>(std::span<const DistanceInput<float>>,
                                                  std::span<SimplexCache<float>>,
                                                  std::span<DistanceOutput<float>>, LaneWidth);
extern template std::size_t lockstep_batch<double>(std::span<const DistanceInput<double>>,
                                                   std::span<SimplexCache<double>>,
                                                   std::span<DistanceOutput<double>>, LaneWidth);

} // namespace gjk::detail
