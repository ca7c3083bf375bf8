// gjk/batch.hpp - many queries at once, split across threads.
//
// Each query is independent, so a batch is cut into as many contiguous chunks as there are
// threads; every thread writes only its own outputs, and the outputs keep the inputs' order.
#pragma once

#include <cstddef>
#include <functional>
#include <span>

#include "gjk/distance.hpp"

namespace gjk {

/// Calls body(begin, end) on `threads` contiguous, nearly equal chunks covering [0, count),
/// each on its own thread (the calling thread takes the first) and returns when all are done.
/// threads < 1 counts as 1; no more threads than items are started.
void parallel_chunks(std::size_t count, int threads,
                     const std::function<void(std::size_t begin, std::size_t end)>& body);

/// outputs[i] = distance(inputs[i]) for every i, on `threads` threads. The spans must have the
/// same size; when they do not, only the common prefix is computed.
///
/// Every output is distance()'s, to the bit. Queries on two prepared shapes of at most 8
/// vertices (PreparedShape) run in lockstep across SIMD lanes - 16 floats or 8 doubles at a time
/// with AVX-512, 8 or 4 with AVX2, 4 or 2 with SSE2 - for more throughput than one by one. The
/// width is the fastest on this processor: timed on a small workload at the first batch of each
/// scalar type, cold and (for the overload with caches) warm-started, then against one by one on
/// the first queries of some of the caller's batches (the first eight of 2048 queries or more, then
/// one in 32); one by one when that is faster. Other queries run one by one.
template <class T>
void distance_batch(std::span<const DistanceInput<T>> inputs, std::span<DistanceOutput<T>> outputs,
                    int threads = 1);

/// The same with warm starts, for pairs that are queried again and again (a simulation's
/// steps): outputs[i] = distance(inputs[i], &caches[i]), each cache read and updated as
/// distance() does (keep caches[i] with its pair from one call to the next). Computed for the
/// common prefix of the three spans. Warm and cold starts alike run in lockstep as above; a
/// cache that read_cache would not read as it is (a count above 3, an index beyond its shape)
/// runs one by one.
template <class T>
void distance_batch(std::span<const DistanceInput<T>> inputs, std::span<SimplexCache<T>> caches,
                    std::span<DistanceOutput<T>> outputs, int threads = 1);

/// distance_batch for float, compiled once in the gjk library (src/batch.cpp).
extern template void distance_batch<float>(std::span<const DistanceInput<float>>,
                                           std::span<DistanceOutput<float>>, int);
/// distance_batch for double, compiled once in the gjk library (src/batch.cpp).
extern template void distance_batch<double>(std::span<const DistanceInput<double>>,
                                            std::span<DistanceOutput<double>>, int);
/// Warm-started distance_batch for float (src/batch.cpp).
extern template void distance_batch<float>(std::span<const DistanceInput<float>>,
                                           std::span<SimplexCache<float>>,
                                           std::span<DistanceOutput<float>>, int);
/// Warm-started distance_batch for double (src/batch.cpp).
extern template void distance_batch<double>(std::span<const DistanceInput<double>>,
                                            std::span<SimplexCache<double>>,
                                            std::span<DistanceOutput<double>>, int);

} // namespace gjk
