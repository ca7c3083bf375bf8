// src/lanes/start.hpp - the lanes' first steps (src/lanes/steps.hpp): the set-up
// (MovedVerticesSupport), support(), and start() with read_cache().
#pragma once

#include "lanes/arrays.hpp"
#include "lanes/steps.hpp"

namespace gjk::detail {

/// The set-up, MovedVerticesSupport: the shapes into lanes, B moved into A's frame (apply():
/// rotate, then add). Each lane's 16 coordinates are a row, in blocks of N; a block's transpose
/// gives N of the 16 columns, coordinate j of every lane's shape. B's vertices, moved and in its
/// own frame, are kept in `lanes` for the conclusion and for LaneMovedSupport.
template <class T, int Bytes>
GJK_LANE_STEP LaneShapes<T, Bytes> lanes_moved_shapes(Lanes<T, Bytes>& lanes,
                                                      typename LaneTypes<T, Bytes>::V (&ax)[8],
                                                      typename LaneTypes<T, Bytes>::V (&ay)[8],
                                                      typename LaneTypes<T, Bytes>::V (&bx)[8],
                                                      typename LaneTypes<T, Bytes>::V (&by)[8]) {
    using Types = LaneTypes<T, Bytes>;
    using V = typename Types::V;
    constexpr int N = Types::N;
    using wide::load, wide::store;
    LaneShapes<T, Bytes> z{ax,
                           ay,
                           bx,
                           by,
                           load<V>(lanes.xf_c),
                           load<V>(lanes.xf_s),
                           load<V>(lanes.xf_px),
                           load<V>(lanes.xf_py)};
    V a_columns[16], b_columns[16];
    for (int block = 0; block < 16 / N; ++block) {
        V a_rows[N], b_rows[N];
        for (int k = 0; k < N; ++k) {
            a_rows[k] = load<V>(lanes.soa_a[k] + block * N);
            b_rows[k] = load<V>(lanes.soa_b[k] + block * N);
        }
        wide::transpose<N>(a_rows);
        wide::transpose<N>(b_rows);
        for (int j = 0; j < N; ++j) {
            a_columns[block * N + j] = a_rows[j], b_columns[block * N + j] = b_rows[j];
        }
    }
    for (int j = 0; j < 8; ++j) {
        z.ax[j] = a_columns[j], z.ay[j] = a_columns[8 + j];
        const V lx = b_columns[j], ly = b_columns[8 + j];
        z.bx[j] = (z.qc * lx - z.qs * ly) + z.tx, z.by[j] = (z.qs * lx + z.qc * ly) + z.ty;
        store(lanes.bx[j], z.bx[j]), store(lanes.by[j], z.by[j]);
        store(lanes.local_bx[j], lx), store(lanes.local_by[j], ly);
    }
    return z;
}

/// support(): the support of Z along d, B's vertex furthest along d minus A's along -d, each
/// the lowest index of the largest dot product (support_index_soa8), its point carried along.
template <class T, int Bytes>
GJK_LANE_STEP LaneSupport<T, Bytes> lanes_support(const LaneShapes<T, Bytes>& z,
                                                  typename LaneTypes<T, Bytes>::V dx,
                                                  typename LaneTypes<T, Bytes>::V dy) {
    using Types = LaneTypes<T, Bytes>;
    using V = typename Types::V;
    using M = typename Types::M;
    using wide::select;
    const V nx = -dx, ny = -dy;
    V best_a = z.ax[0] * nx + z.ay[0] * ny, best_b = z.bx[0] * dx + z.by[0] * dy;
    M sa{}, sb{};
    V pax = z.ax[0], pay = z.ay[0], pbx = z.bx[0], pby = z.by[0];
    for (int j = 1; j < 8; ++j) {
        const V da = z.ax[j] * nx + z.ay[j] * ny, db = z.bx[j] * dx + z.by[j] * dy;
        const M ga = best_a < da, gb = best_b < db;
        best_a = select(ga, da, best_a), best_b = select(gb, db, best_b);
        sa = select(ga, Types::ints(j), sa), sb = select(gb, Types::ints(j), sb);
        pax = select(ga, z.ax[j], pax), pay = select(ga, z.ay[j], pay);
        pbx = select(gb, z.bx[j], pbx), pby = select(gb, z.by[j], pby);
    }
    return {sa, sb, pbx - pax, pby - pay};
}

/// start() with read_cache(): the cached vertices, unless the simplex's metric (an edge's
/// squared length, a triangle's doubled signed area) changed sign or by more than a factor of 2
/// (NaN fails too); then, and without a cache, a cold start: the support along -c, c = B's
/// centre (moved) - A's centre, a point inside Z, is the first vertex, its direction the last
/// support direction until the loop makes one (a warm start has none). The slots past the count
/// are zero, as in a new LoopSimplex.
template <class T, int Bytes>
GJK_LANE_STEP void lanes_start(LaneLoop<T, Bytes>& s, Lanes<T, Bytes>& lanes,
                               const LaneShapes<T, Bytes>& z) {
    using Types = LaneTypes<T, Bytes>;
    using V = typename Types::V;
    using M = typename Types::M;
    constexpr int N = Types::N;
    using wide::any, wide::load, wide::select, wide::splat;
    const V zero{};
    const M cache_count = load<M>(lanes.cache_count);
    V cached_x[3] = {}, cached_y[3] = {};
    M cached_a[3] = {}, cached_b[3] = {};
    for (int i = 0; i < 3 && any(cache_count != M{}); ++i) {
        const M in_cache = Types::ints(i) < cache_count;
        cached_a[i] = select(in_cache, load<M>(lanes.cache_a[i]), M{});
        cached_b[i] = select(in_cache, load<M>(lanes.cache_b[i]), M{});
        cached_x[i] = select(in_cache,
                             lanes_vertex<T, Bytes>(z.bx, cached_b[i]) -
                                 lanes_vertex<T, Bytes>(z.ax, cached_a[i]),
                             zero);
        cached_y[i] = select(in_cache,
                             lanes_vertex<T, Bytes>(z.by, cached_b[i]) -
                                 lanes_vertex<T, Bytes>(z.ay, cached_a[i]),
                             zero);
    }
    const V ex = cached_x[1] - cached_x[0], ey = cached_y[1] - cached_y[0];
    const V fx = cached_x[2] - cached_x[0], fy = cached_y[2] - cached_y[0];
    const V new_metric =
        select(cache_count == Types::ints(2), ex * ex + ey * ey, ex * fy - ey * fx);
    const V old_metric = load<V>(lanes.cache_metric);
    const V old_size = wide::abs(old_metric), new_size = wide::abs(new_metric);
    const M same_shape = ((old_metric > zero) == (new_metric > zero)) & (new_size > zero) &
                         (splat<V>(T(2)) * new_size >= old_size) &
                         (new_size <= splat<V>(T(2)) * old_size);
    const M warm = (cache_count == Types::ints(1)) | ((cache_count > Types::ints(1)) & same_shape);

    s.started = load<M>(lanes.live);
    const M cold = s.started & ~warm;
    V zcx = zero, zcy = zero;
    LaneSupport<T, Bytes> first{M{}, M{}, zero, zero};
    if (any(cold)) {
        // A lane whose cache failed its metric test reads its centres here (lockstep_group
        // copied them only for lanes without a cache).
        const M cache_failed = cold & (cache_count != M{});
        if (any(cache_failed)) {
            for (int k = 0; k < N; ++k) {
                if (cache_failed[k]) {
                    lanes.centre_ax[k] = lanes.centre_a[k]->x;
                    lanes.centre_ay[k] = lanes.centre_a[k]->y;
                    lanes.centre_bx[k] = lanes.centre_b[k]->x;
                    lanes.centre_by[k] = lanes.centre_b[k]->y;
                }
            }
        }
        const V cbx = load<V>(lanes.centre_bx), cby = load<V>(lanes.centre_by);
        zcx = ((z.qc * cbx - z.qs * cby) + z.tx) - load<V>(lanes.centre_ax);
        zcy = ((z.qs * cbx + z.qc * cby) + z.ty) - load<V>(lanes.centre_ay);
        first = lanes_support(z, -zcx, -zcy);
    }
    // A cold start pushes its first vertex into slot 0; slots 1 and 2 keep what read_cache
    // pushed before its metric test failed (zero without a cache), as in LoopSimplex: they are
    // stale, but write_cache copies them into the cache.
    s.w_x[0] = select(warm, cached_x[0], first.x), s.w_y[0] = select(warm, cached_y[0], first.y);
    s.index_a[0] = select(warm, cached_a[0], first.index_a);
    s.index_b[0] = select(warm, cached_b[0], first.index_b);
    for (int i = 1; i < 3; ++i) {
        s.w_x[i] = cached_x[i], s.w_y[i] = cached_y[i];
        s.index_a[i] = cached_a[i], s.index_b[i] = cached_b[i];
    }
    for (int i = 0; i < 3; ++i) {
        s.weight[i] = zero;
    }
    s.size = select(warm, cache_count, Types::ints(1));
    s.last_x = select(warm, zero, -zcx), s.last_y = select(warm, zero, -zcy);
    s.max_iterations = load<M>(lanes.max_iterations);
    s.live = s.started;
    s.iterations = M{};
    s.termination = Types::ints(-1);
    s.beyond = M{};
    // A single vertex at the origin with no direction (c = 0, or a warm start): start()
    // searches again along +x, distance()'s path.
    s.handed_over = s.live & (s.size == Types::ints(1)) & (s.w_x[0] == zero) & (s.w_y[0] == zero) &
                    (s.last_x == zero) & (s.last_y == zero);
    s.live &= ~s.handed_over;
    s.previous_distance2 = splat<V>(Types::kInfinity);
    s.closest_x = zero, s.closest_y = zero, s.direction_x = zero, s.direction_y = zero;
}

} // namespace gjk::detail
