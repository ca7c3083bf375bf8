// bench/floor.hpp - the floor of this design: GJK on two prepared 8-gons with nothing but the
// talk's core loop. NOT a library API and not to be used: it measures what the library's
// guarantees cost, so that bench/results can say how far the kernel is from the fastest loop
// of the same shape (issue 5).
//
// It keeps what makes gjk::distance fast on prepared shapes - B moved into A's frame once
// (gjk::MovedVerticesSupport), the eight-point scans (gjk::detail::support_index_soa8), the start
// from the centres, the relative transform computed in double - and drops everything the
// library adds for its guarantees:
//   - no input validation (gjk::validate);
//   - no stall rule: the loop stops at the first support that is not beyond the simplex or
//     repeats a vertex still in it, so round-off can end it early or late;
//   - no resolvable() scaling of tiny directions, no settle() of near-contact endings;
//   - no containment weight refinement, no touching normal, no status or termination;
//   - no normal, no radii, no check that the answer is finite.
// Its distance is the length between the witness points. bench/bench.cpp reports it as the
// floor/ rows, with their max_error against gjk's double kernel.
#pragma once

#include "gjk/gjk.hpp"

namespace floor_gjk {

template <class T> struct Result {
    T distance{0};
    gjk::Vec2<T> point_a{}, point_b{}; // world frame
    int iterations{0};
};

/// Precondition (unchecked): both shapes are views of gjk::PreparedShape objects of at most
/// eight vertices. With `cache`, a warm start: the cached index pairs are the first simplex
/// (no check that they still fit) and the last simplex's are cached.
template <class T>
[[gnu::noinline]] Result<T> distance(const gjk::DistanceInput<T>& in,
                                     gjk::SimplexCache<T>* cache = nullptr) {
    using V = gjk::Vec2<T>;
    const gjk::PreparedShape<T>& shape_a = *in.a.prepared;
    const gjk::MovedVerticesSupport<T> b(*in.b.prepared, gjk::detail::relative(in.xf_a, in.xf_b));
    const gjk::detail::Soa8<T>& a = shape_a.soa();

    // The simplex in place: Minkowski points, their index pairs, their weights.
    V w[3];
    int index_a[3], index_b[3];
    T weight[3] = {T(1), T(0), T(0)};
    int count = 1;
    auto support = [&](V d, int slot) {
        const int i = gjk::detail::support_index_soa8(a, -d);
        const int j = gjk::detail::support_index_soa8(b.moved, d);
        index_a[slot] = i, index_b[slot] = j;
        w[slot] = {b.moved.x[j] - a.x[i], b.moved.y[j] - a.y[i]};
    };
    // Drops the vertices outside a region mask (the solvers' region values), in place.
    auto cull = [&](unsigned mask, const T(&u)[3]) {
        int kept = 0;
        for (int k = 0; k < count; ++k) {
            if ((mask >> k) & 1u) {
                w[kept] = w[k], index_a[kept] = index_a[k], index_b[kept] = index_b[k];
                weight[kept++] = u[k];
            }
        }
        count = kept;
    };
    if (cache && cache->count > 0) {
        count = cache->count;
        for (int k = 0; k < count; ++k) {
            index_a[k] = cache->index_a[k], index_b[k] = cache->index_b[k];
            w[k] = {b.moved.x[index_b[k]] - a.x[index_a[k]],
                    b.moved.y[index_b[k]] - a.y[index_a[k]]};
        }
    } else {
        support(shape_a.centre() - b.centre(), 0);
    }

    Result<T> r;
    while (++r.iterations < gjk::kMaxIterations) {
        // The closest point of the simplex to the origin: the library's segment and triangle
        // solvers (gjk/segment.hpp, gjk/triangle.hpp, Q = origin), so that the floor differs
        // from gjk::distance by the guarantees only; the vertices outside the region are
        // dropped in place.
        if (count == 2) {
            const gjk::SegmentClosest<T> c = gjk::closest_point_segment(w[0], w[1], V{});
            cull(static_cast<unsigned>(c.region), {c.u, c.v, T(0)});
        } else if (count == 3) {
            const gjk::TriangleClosest<T> c = gjk::closest_point_triangle(w[0], w[1], w[2], V{});
            cull(static_cast<unsigned>(c.region), {c.u, c.v, c.w});
            if (count == 3) {
                break; // the origin is inside the triangle
            }
        }
        // The search direction: -w for a vertex, the edge's perpendicular toward the origin.
        V d = -w[0];
        if (count == 2) {
            d = gjk::perp(w[1] - w[0]);
            if (gjk::dot(d, w[0]) > T(0)) {
                d = -d;
            }
        }
        if (d.x == T(0) && d.y == T(0)) {
            break;
        }
        support(d, count);
        bool repeated = false;
        for (int k = 0; k < count; ++k) {
            repeated |= index_a[k] == index_a[count] && index_b[k] == index_b[count];
        }
        if (repeated || !(gjk::dot(d, w[count]) > gjk::dot(d, w[0]))) {
            break;
        }
        ++count;
    }

    if (cache) {
        cache->count = count;
        for (int k = 0; k < count; ++k) {
            cache->index_a[k] = index_a[k], cache->index_b[k] = index_b[k];
        }
    }
    V pa{}, pb{};
    for (int k = 0; k < count; ++k) {
        pa += weight[k] * shape_a.vertices()[static_cast<std::size_t>(index_a[k])];
        pb += weight[k] * b.vertex(index_b[k]);
    }
    r.distance = count == 3 ? T(0) : gjk::length(pb - pa);
    r.point_a = gjk::apply(in.xf_a, pa);
    r.point_b = gjk::apply(in.xf_a, pb);
    return r;
}

} // namespace floor_gjk
