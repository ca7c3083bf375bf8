// Batches: one std::thread per chunk. Spawning costs microseconds, so the CLI hands over
// thousands of lines at a time and the benchmarks batches of a million pairs.
#include "gjk/batch.hpp"

#include <algorithm>
#include <thread>
#include <vector>

#include "gjk/gjk.hpp"

namespace gjk {

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
    const std::size_t count = std::min(inputs.size(), outputs.size());
    parallel_chunks(count, threads, [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            outputs[i] = distance(inputs[i]);
        }
    });
}

template void distance_batch<float>(std::span<const DistanceInput<float>>,
                                    std::span<DistanceOutput<float>>, int);
template void distance_batch<double>(std::span<const DistanceInput<double>>,
                                     std::span<DistanceOutput<double>>, int);

} // namespace gjk
