// src/lanes/eligibility.hpp - which queries and caches the lanes take: a query on two small
// prepared shapes, a cache read_cache() would read without its own checks; any other goes to
// distance() one by one.
#pragma once

#include <cstddef>

#include "gjk/distance.hpp"
#include "gjk/prepared.hpp"

namespace gjk::detail {

/// Whether distance_batch may run `in` in lockstep: a valid query on two prepared shapes of at
/// most PreparedShape::kInline vertices (distance()'s MovedVerticesSupport path, with A's support
/// the eight-point scan). A prepared view's size is its shape's vertex count (its fields are not
/// changed: gjk/shape.hpp), so the shapes themselves are not read here. (Always inlined: as a
/// call of its own it slowed the warm batches.)
template <class T>
[[gnu::always_inline]] inline bool lockstep_eligible(const DistanceInput<T>& in) {
    constexpr std::size_t kInline = PreparedShape<T>::kInline;
    return in.a.prepared && in.b.prepared && in.a.points.size() <= kInline &&
           in.b.points.size() <= kInline && validate(in) == InputError::none;
}

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

} // namespace gjk::detail
