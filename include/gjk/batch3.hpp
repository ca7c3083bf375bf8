// gjk/batch3.hpp - many queries in space at once, split across threads (gjk/batch.hpp is the
// plane's). Each query is independent: the batch is cut into contiguous chunks, one a thread,
// every thread writing only its own outputs, in the inputs' order. Within a chunk, float and
// double queries on two small shapes (at most 16 points each, not prepared shapes that climb) run
// in lockstep across SIMD lanes (src/lockstep3.hpp); every other query is distance()'s, one by
// one. Either way each output is distance()'s to the bit.
#pragma once

#include <algorithm>
#include <span>
#include <type_traits>

#include "gjk/batch.hpp" // parallel_chunks
#include "gjk/distance3.hpp"

namespace gjk {

namespace detail {

/// distance_batch in space for float and double, compiled in the library (src/batch3.cpp) with
/// its lanes; `caches` empty for cold starts.
template <class T>
void lanes_distance_batch3(std::span<const DistanceInput3<T>> inputs,
                           std::span<SimplexCache3<T>> caches,
                           std::span<DistanceOutput3<T>> outputs, int threads);
extern template void lanes_distance_batch3<float>(std::span<const DistanceInput3<float>>,
                                                  std::span<SimplexCache3<float>>,
                                                  std::span<DistanceOutput3<float>>, int);
extern template void lanes_distance_batch3<double>(std::span<const DistanceInput3<double>>,
                                                   std::span<SimplexCache3<double>>,
                                                   std::span<DistanceOutput3<double>>, int);

} // namespace detail

/// outputs[i] = distance(inputs[i]) for every i of the spans' common prefix, on `threads`
/// threads.
template <class T>
void distance_batch(std::span<const DistanceInput3<T>> inputs,
                    std::span<DistanceOutput3<T>> outputs, int threads = 1) {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        detail::lanes_distance_batch3<T>(inputs, {}, outputs, threads);
    } else {
        const std::size_t count = std::min(inputs.size(), outputs.size());
        parallel_chunks(count, threads, [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) {
                outputs[i] = distance(inputs[i]);
            }
        });
    }
}

/// The same with warm starts: outputs[i] = distance(inputs[i], &caches[i]), each cache read and
/// updated as distance() does (keep caches[i] with its pair from one call to the next), for
/// the common prefix of the three spans.
template <class T>
void distance_batch(std::span<const DistanceInput3<T>> inputs, std::span<SimplexCache3<T>> caches,
                    std::span<DistanceOutput3<T>> outputs, int threads = 1) {
    const std::size_t count = std::min({inputs.size(), caches.size(), outputs.size()});
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        detail::lanes_distance_batch3<T>(inputs.first(count), caches.first(count),
                                         outputs.first(count), threads);
    } else {
        parallel_chunks(count, threads, [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) {
                outputs[i] = distance(inputs[i], &caches[i]);
            }
        });
    }
}

} // namespace gjk
