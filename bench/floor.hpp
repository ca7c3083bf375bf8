// bench/floor.hpp - the floor of this design: GJK on two prepared 8-gons with nothing but the
// talk's core loop. NOT a library API and not to be used: it measures what the library's
// guarantees cost, so that bench/results can say how far the kernel is from the fastest loop
// of the same shape (issue 5).
//
// It keeps what makes gjk::distance fast on prepared shapes - B moved into A's frame once
// (gjk::MovedSmallSupport), the eight-point scans (gjk::detail::support_index_soa8), the start
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
/// eight vertices.
template <class T> [[gnu::noinline]] Result<T> distance(const gjk::DistanceInput<T>& in) {
    using V = gjk::Vec2<T>;
    const gjk::PreparedShape<T>& shape_a = *in.a.prepared;
    const gjk::MovedSmallSupport<T> b(*in.b.prepared, gjk::detail::relative(in.xf_a, in.xf_b));
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
    auto move = [&](int from, int to) {
        w[to] = w[from], index_a[to] = index_a[from], index_b[to] = index_b[from];
    };
    support(shape_a.centre() - b.centre(), 0);

    Result<T> r;
    for (; r.iterations < gjk::kMaxIterations; ++r.iterations) {
        // The closest point of the simplex to the origin: its Voronoi region by the segment
        // and triangle coordinates (gjk/segment.hpp, gjk/triangle.hpp with Q = origin), the
        // vertices outside it dropped in place.
        if (count == 2) {
            const V e = w[1] - w[0];
            const T u = gjk::dot(w[1], e), v = -gjk::dot(w[0], e);
            if (v <= T(0)) {
                count = 1; // vertex 0
            } else if (u <= T(0)) {
                move(1, 0), count = 1; // vertex 1
            } else {
                weight[0] = u / (u + v), weight[1] = v / (u + v);
            }
            if (count == 1) {
                weight[0] = T(1);
            }
        } else if (count == 3) {
            const V p = w[0], q = w[1], s = w[2];
            const T u_pq = gjk::dot(q, q - p), v_pq = gjk::dot(p, p - q);
            const T u_qs = gjk::dot(s, s - q), v_qs = gjk::dot(q, q - s);
            const T u_sp = gjk::dot(p, p - s), v_sp = gjk::dot(s, s - p);
            const T area = gjk::cross(q - p, s - p);
            const T u_pqs = gjk::cross(q, s) * area, v_pqs = gjk::cross(s, p) * area,
                    w_pqs = gjk::cross(p, q) * area;
            auto edge = [&](int i, int j, T u, T v) {
                const V wi = w[i], wj = w[j];
                const int ai = index_a[i], aj = index_a[j], bi = index_b[i], bj = index_b[j];
                w[0] = wi, w[1] = wj, index_a[0] = ai, index_a[1] = aj, index_b[0] = bi,
                index_b[1] = bj;
                weight[0] = u / (u + v), weight[1] = v / (u + v), count = 2;
            };
            if (v_pq <= T(0) && u_sp <= T(0)) {
                count = 1, weight[0] = T(1);
            } else if (u_pq <= T(0) && v_qs <= T(0)) {
                move(1, 0), count = 1, weight[0] = T(1);
            } else if (u_qs <= T(0) && v_sp <= T(0)) {
                move(2, 0), count = 1, weight[0] = T(1);
            } else if (u_pq > T(0) && v_pq > T(0) && w_pqs <= T(0)) {
                edge(0, 1, u_pq, v_pq);
            } else if (u_qs > T(0) && v_qs > T(0) && u_pqs <= T(0)) {
                edge(1, 2, u_qs, v_qs);
            } else if (u_sp > T(0) && v_sp > T(0) && v_pqs <= T(0)) {
                edge(2, 0, u_sp, v_sp);
            } else { // the origin is inside the triangle
                const T sum = u_pqs + v_pqs + w_pqs;
                weight[0] = u_pqs / sum, weight[1] = v_pqs / sum, weight[2] = w_pqs / sum;
                break;
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
    ++r.iterations;

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
