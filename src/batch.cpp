// Batches: one std::thread per chunk. Spawning costs microseconds, so the CLI hands over
// thousands of lines at a time and the benchmarks batches of a million pairs. Within a chunk,
// queries on two small prepared shapes run in lockstep across SIMD lanes (src/lockstep.hpp).
#include "gjk/batch.hpp"

#include <algorithm>
#include <memory>
#include <thread>
#include <vector>

#include "gjk/gjk.hpp"
#include "lockstep.hpp"

namespace gjk {

namespace detail {

/// The number of queries a batch computes: the common prefix of its spans (caches only when
/// given).
template <class T>
std::size_t batch_count(std::span<const DistanceInput<T>> inputs, std::span<SimplexCache<T>> caches,
                        std::span<DistanceOutput<T>> outputs) {
    const std::size_t count = std::min(inputs.size(), outputs.size());
    return caches.empty() ? count : std::min(count, caches.size());
}

/// The queries a batch reads ahead of the one it computes: their inputs and the lines their
/// outputs go to are fetched (`__builtin_prefetch`) while the queries before them are computed.
/// prefetch_ahead takes spans of the same size (the batch's count).
/// A batch's inputs are usually met for the first time and stream from memory, faster than
/// the processor's own prefetcher brought them.
constexpr std::size_t kAhead = 32;

template <class T>
[[gnu::always_inline]] inline void prefetch_ahead(std::span<const DistanceInput<T>> inputs,
                                                  std::span<DistanceOutput<T>> outputs,
                                                  std::size_t i) {
    if (i + kAhead < inputs.size()) {
        // A line every 64 bytes of the input: with the next input's first, every line it spans.
        const char* next = reinterpret_cast<const char*>(&inputs[i + kAhead]);
        for (std::size_t line = 0; line < sizeof(DistanceInput<T>); line += 64) {
            __builtin_prefetch(next + line);
        }
        __builtin_prefetch(&outputs[i + kAhead], 1);
    }
}

template <class T, int Bytes>
std::size_t lockstep_chunk(std::span<const DistanceInput<T>> inputs,
                           std::span<SimplexCache<T>> caches,
                           std::span<DistanceOutput<T>> outputs) {
    constexpr int N = Lanes<T, Bytes>::N;
    // The lanes' arrays on the heap, once per chunk: on the stack their address moved with
    // ASLR, and the time with it.
    const std::unique_ptr<Lanes<T, Bytes>> lanes = std::make_unique<Lanes<T, Bytes>>();
    const DistanceInput<T>* group_in[N];
    SimplexCache<T>* group_cache[N];
    DistanceOutput<T>* group_out[N];
    int grouped = 0;
    std::size_t handed_over = 0;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        prefetch_ahead(inputs, outputs, i);
        SimplexCache<T>* cache = caches.empty() ? nullptr : &caches[i];
        if (!lockstep_eligible(inputs[i]) || (cache && !lockstep_readable(*cache, inputs[i]))) {
            outputs[i] = distance(inputs[i], cache);
            continue;
        }
        group_in[grouped] = &inputs[i];
        group_cache[grouped] = cache;
        group_out[grouped] = &outputs[i];
        if (++grouped == N) {
            handed_over += lockstep_group<T, Bytes>(*lanes, group_in, group_cache, group_out, N);
            grouped = 0;
        }
    }
    if (grouped > 0) {
        handed_over += lockstep_group<T, Bytes>(*lanes, group_in, group_cache, group_out, grouped);
    }
    return handed_over;
}

template <class T>
std::size_t lockstep_batch(std::span<const DistanceInput<T>> inputs,
                           std::span<SimplexCache<T>> caches, std::span<DistanceOutput<T>> outputs,
                           LaneWidth width) {
    const std::size_t count = batch_count(inputs, caches, outputs);
    inputs = inputs.first(count), outputs = outputs.first(count);
    if (!caches.empty()) {
        caches = caches.first(count);
    }
    switch (width) {
    case LaneWidth::none:
        break;
    case LaneWidth::bytes16:
        return lockstep_chunk<T, 16>(inputs, caches, outputs);
    case LaneWidth::bytes32:
#if defined(GJK_LANES_AVX2)
        return lockstep_chunk<T, 32>(inputs, caches, outputs);
#else
        return lockstep_chunk<T, 16>(inputs, caches, outputs); // not compiled: the narrowest
#endif
    case LaneWidth::bytes64:
#if defined(GJK_LANES_AVX512)
        return lockstep_chunk<T, 64>(inputs, caches, outputs);
#else
        return lockstep_chunk<T, 16>(inputs, caches, outputs); // not compiled: the narrowest
#endif
    }
    for (std::size_t i = 0; i < count; ++i) {
        prefetch_ahead(inputs, outputs, i);
        outputs[i] = distance(inputs[i], caches.empty() ? nullptr : &caches[i]);
    }
    return 0;
}

template std::size_t lockstep_batch<float>(std::span<const DistanceInput<float>>,
                                           std::span<SimplexCache<float>>,
                                           std::span<DistanceOutput<float>>, LaneWidth);
template std::size_t lockstep_batch<double>(std::span<const DistanceInput<double>>,
                                            std::span<SimplexCache<double>>,
                                            std::span<DistanceOutput<double>>, LaneWidth);

} // namespace detail

void parallel_chunks(std::size_t count, int threads,
                     const std::function<void(std::size_t, std::size_t)>& body) {
    const std::size_t n = std::min<std::size_t>(static_cast<std::size_t>(std::max(threads, 1)),
                                                std::max<std::size_t>(count, 1));
    auto chunk_begin = [&](std::size_t k) { return count * k / n; };
    std::vector<std::thread> workers;
    workers.reserve(n - 1);
    for (std::size_t k = 1; k < n; ++k) {
        workers.emplace_back(body, chunk_begin(k), chunk_begin(k + 1));
    }
    body(chunk_begin(0), chunk_begin(1));
    for (std::thread& t : workers) {
        t.join();
    }
}

template <class T>
void distance_batch(std::span<const DistanceInput<T>> inputs, std::span<DistanceOutput<T>> outputs,
                    int threads) {
    distance_batch<T>(inputs, {}, outputs, threads);
}

template <class T>
void distance_batch(std::span<const DistanceInput<T>> inputs, std::span<SimplexCache<T>> caches,
                    std::span<DistanceOutput<T>> outputs, int threads) {
    const std::size_t count = detail::batch_count(inputs, caches, outputs);
    inputs = inputs.first(count), outputs = outputs.first(count);
    if (!caches.empty()) {
        caches = caches.first(count);
    }
    // Warm when its first query has a cache to start from (a simulation's first step is cold).
    const bool warm = !caches.empty() && count > 0 && caches[0].count != 0;
    const std::size_t tried = detail::lane_width_trial<T>(inputs, caches, outputs, warm);
    const detail::LaneWidth width = detail::best_lane_width<T>(warm);
    const std::size_t rest = count - tried;
    parallel_chunks(rest, threads, [&](std::size_t begin, std::size_t end) {
        const std::size_t at = tried + begin, n = end - begin;
        detail::lockstep_batch<T>(inputs.subspan(at, n),
                                  caches.empty() ? caches : caches.subspan(at, n),
                                  outputs.subspan(at, n), width);
    });
}

template void distance_batch<float>(std::span<const DistanceInput<float>>,
                                    std::span<DistanceOutput<float>>, int);
template void distance_batch<double>(std::span<const DistanceInput<double>>,
                                     std::span<DistanceOutput<double>>, int);
template void distance_batch<float>(std::span<const DistanceInput<float>>,
                                    std::span<SimplexCache<float>>,
                                    std::span<DistanceOutput<float>>, int);
template void distance_batch<double>(std::span<const DistanceInput<double>>,
                                     std::span<SimplexCache<double>>,
                                     std::span<DistanceOutput<double>>, int);

} // namespace gjk
