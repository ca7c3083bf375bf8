// src/lanes.hpp - distance() on N queries at once, one per SIMD lane (src/lockstep.hpp says why
// and how it stays exactly distance()), written in the wide operations of src/wide.hpp.
//
// lockstep_loop is distance()'s list of steps, each block naming the scalar function it equals:
//   set-up      the shapes into lanes, relative()'s transform applied (MovedVerticesSupport:
//               B moved into A's frame), start() with read_cache() (the cached vertices, or the
//               first support);
//   the loop    one trip is one iteration of run() for every live lane, in its order: solve()
//               (the point and segment solutions, and the triangle's in trips where a lane has
//               one, each lane taking its own by its simplex size), containment, the stall rule,
//               cull(), search_direction() with resolvable(), the overlap cases, the iteration
//               cap, the support, case 1 (a repeated support), no progress, push();
//   conclusion  settle() and conclude(): witness points, distance, normal, verdict.
// A lane that ends keeps its state from then on (every update is a select by `live`), and the
// loop runs until no lane is live. Where the scalar code branches, the lanes compute both sides
// and select. A lane that meets a rare path - the stall rule, a direction too small to resolve, a
// NaN - is handed over (distance() answers its query from the start); one whose conclusion takes
// a rare path - a touching normal to prove, containment weights to refine, a length outside the
// normal range, a non-finite answer - is concluded by conclude() itself from the lane's simplex.
//
// This file holds only the lanes, on plain arrays, and calls nothing: it is compiled once for
// 16-byte vectors with the library's flags (src/batch.cpp), once for 32-byte vectors with AVX2
// (src/lanes_avx2.cpp) and once for 64-byte vectors with AVX-512 (src/lanes_avx512.cpp), which
// distance_batch calls only on a processor that has them. An inline function of another header
// used here would be compiled with AVX2 or AVX-512 in that object, and the linker may keep that
// copy for every caller - a crash on older processors. So: no function calls, only the always
// inlined wide operations (tests/lanes_symbols.cmake checks those objects define nothing but this
// loop). No fused multiply-add either: every product is rounded on its own, as in distance().
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "gjk/distance_types.hpp" // Status, Termination
#include "gjk/loop/policy.hpp"    // kContainmentRoundOff
#include "wide.hpp"

namespace gjk::detail {

/// The state of N queries in lockstep, one per lane, as plain arrays: src/lockstep.hpp fills
/// the inputs, lockstep_loop runs them, src/lockstep.hpp reads each lane's answer.
template <class T, int Bytes> struct Lanes {
    static constexpr int N = wide::Of<T, Bytes>::N; ///< lanes
    using Int = typename wide::Of<T, Bytes>::Int;   ///< a lane's int

    // In: each lane's shapes, as the 16 coordinates of their prepared shapes' Soa8 (x[8] then
    // y[8]), padded as the prepared shapes are: slots past the count repeat vertex 0, which
    // never wins a tie. A in its own frame; B in its own frame, moved into A's frame by the
    // loop (out: bx[j][k], by[j][k], vertex j of lane k's B as MovedVerticesSupport moves it).
    // local_bx, local_by: the same vertex in B's own frame, which the loop keeps here from its
    // set-up to its conclusion (B's witness point), not an output.
    // B's frame seen from A's: xf_*; A's and B's frames in the world: world_a_*, world_b_*.
    const T* soa_a[N];
    const T* soa_b[N];
    alignas(Bytes) T bx[8][N], by[8][N];
    alignas(Bytes) T local_bx[8][N], local_by[8][N];
    alignas(Bytes) T xf_c[N], xf_s[N], xf_px[N], xf_py[N];
    alignas(Bytes) T world_a_c[N], world_a_s[N], world_a_px[N], world_a_py[N];
    alignas(Bytes) T world_b_c[N], world_b_s[N], world_b_px[N], world_b_py[N];
    // Each lane's shapes' centres in their own frames, for a cold start: copied by
    // src/lockstep.hpp for a lane without a cache; for a lane whose cache fails its metric
    // test, read here from where they are (centre_a, centre_b). A warm start does not touch them:
    // its lane of the arrays holds an earlier group's centres (or zeros), finite, whose support
    // the loop computes with the cold lanes' and does not use.
    alignas(Bytes) T centre_ax[N], centre_ay[N], centre_bx[N], centre_by[N];
    const Vec2<T>* centre_a[N];
    const Vec2<T>* centre_b[N];
    alignas(Bytes) T radius_a[N], radius_b[N]; ///< the radii in use (0 without use_radii)
    // Out: the loop's simplex, as LoopSimplex leaves it.
    alignas(Bytes) T w_x[3][N], w_y[3][N];
    alignas(Bytes) Int index_a[3][N], index_b[3][N];
    alignas(Bytes) Int size[N];           ///< the simplex's vertex count
    alignas(Bytes) Int max_iterations[N]; ///< in: each query's cap
    // In: each lane's cache (read_cache's): its count (0: a cold start) and index pairs, all
    // within the shapes' counts, and its metric.
    alignas(Bytes) Int cache_count[N], cache_a[3][N], cache_b[3][N];
    alignas(Bytes) T cache_metric[N];
    alignas(Bytes) Int live[N]; ///< in: -1 for lanes that run, 0 for unused ones
    // Out: what distance()'s loop leaves (LoopSimplex and LoopResult), lane by lane.
    alignas(Bytes) T weight[3][N];
    alignas(Bytes) Int iterations[N];
    alignas(Bytes) Int termination[N]; ///< a Termination (repeated_support, no_progress unsettled)
    alignas(Bytes) Int beyond[N];      ///< settle()'s `beyond` for a repeated support (-1: true)
    alignas(Bytes) Int handed_over[N]; ///< -1: the lane met a rare path; distance() answers it
    alignas(Bytes) T closest_x[N], closest_y[N], direction_x[N],
        direction_y[N], last_x[N], last_y[N];
    // Out: the answer (DistanceOutput, world frame) where concluded[k] is -1; elsewhere
    // conclude() makes it from the simplex above. metric: write_cache's, for the simplex.
    alignas(Bytes) Int concluded[N], status[N];
    alignas(Bytes) T distance[N], point_ax[N], point_ay[N], point_bx[N], point_by[N], normal_x[N],
        normal_y[N], metric[N];
};

/// distance() on every live lane, until each has its answer, is handed over, or is left for
/// conclude().
template <class T, int Bytes> void lockstep_loop(Lanes<T, Bytes>& lanes) {
    constexpr int N = wide::Of<T, Bytes>::N;
    using V = typename wide::Of<T, Bytes>::V; // one T per lane
    using M = typename wide::Of<T, Bytes>::M; // a mask per lane (-1 true), or ints
    using Int = typename wide::Of<T, Bytes>::Int;
    using wide::any, wide::load, wide::select, wide::splat, wide::store;
    // sqrt(min): below it resolvable() scales a direction up (2^-63 in float, 2^-511 in
    // double; a literal, not std::sqrt, which this file must not call).
    constexpr T kSqrtMin = std::is_same_v<T, float> ? T(0x1p-63) : T(0x1p-511);
    constexpr T kMin = std::numeric_limits<T>::min();
    static_assert(kSqrtMin * kSqrtMin == kMin);
    // Constants as constexpr values: a call of numeric_limits' functions could leave an AVX2
    // copy of them in the AVX2 object (an unoptimized build does not inline them).
    constexpr T kInfinity = std::numeric_limits<T>::infinity();
    constexpr T kMax = std::numeric_limits<T>::max();
    constexpr T kEpsilon = std::numeric_limits<T>::epsilon();
    const V zero{};
    const V one = splat<V>(T(1));
    auto has = [](M region, int bit) { return (region & splat<M>(Int(bit))) != M{}; };
    auto termination_is = [](M t, Termination which) { return t == splat<M>(Int(which)); };

    // The shapes into lanes: each lane's 16 coordinates are a row, in blocks of N; a block's
    // transpose gives N of the 16 columns, coordinate j of every lane's shape.
    const V qc = load<V>(lanes.xf_c), qs = load<V>(lanes.xf_s), tx = load<V>(lanes.xf_px),
            ty = load<V>(lanes.xf_py);
    V ax[8], ay[8], bx[8], by[8];
    {
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
        // MovedVerticesSupport: B moved into A's frame (apply(): rotate, then add).
        for (int j = 0; j < 8; ++j) {
            ax[j] = a_columns[j], ay[j] = a_columns[8 + j];
            const V lx = b_columns[j], ly = b_columns[8 + j];
            bx[j] = (qc * lx - qs * ly) + tx, by[j] = (qs * lx + qc * ly) + ty;
            store(lanes.bx[j], bx[j]), store(lanes.by[j], by[j]);
            store(lanes.local_bx[j], lx), store(lanes.local_by[j], ly);
        }
    }

    // The support of Z along d: B's vertex furthest along d minus A's along -d, each the
    // lowest index of the largest dot product (support_index_soa8), its point carried along.
    struct Support {
        M index_a, index_b;
        V x, y;
    };
    auto support = [&](V dx, V dy) {
        const V nx = -dx, ny = -dy;
        V best_a = ax[0] * nx + ay[0] * ny, best_b = bx[0] * dx + by[0] * dy;
        M sa{}, sb{};
        V pax = ax[0], pay = ay[0], pbx = bx[0], pby = by[0];
        for (int j = 1; j < 8; ++j) {
            const V da = ax[j] * nx + ay[j] * ny, db = bx[j] * dx + by[j] * dy;
            const M ga = best_a < da, gb = best_b < db;
            best_a = select(ga, da, best_a), best_b = select(gb, db, best_b);
            sa = select(ga, splat<M>(Int(j)), sa), sb = select(gb, splat<M>(Int(j)), sb);
            pax = select(ga, ax[j], pax), pay = select(ga, ay[j], pay);
            pbx = select(gb, bx[j], pbx), pby = select(gb, by[j], pby);
        }
        return Support{sa, sb, pbx - pax, pby - pay};
    };

    // xs[index], lane by lane, for an index in [0, 8): its three bits pick one of two, one of
    // four, one of eight.
    auto vertex_of = [](const V(&xs)[8], M index) {
        auto bit = [&](int b) { return (index & splat<M>(Int(b))) != M{}; };
        const M bit0 = bit(1), bit1 = bit(2), bit2 = bit(4);
        const V x01 = select(bit0, xs[1], xs[0]), x23 = select(bit0, xs[3], xs[2]);
        const V x45 = select(bit0, xs[5], xs[4]), x67 = select(bit0, xs[7], xs[6]);
        return select(bit2, select(bit1, x67, x45), select(bit1, x23, x01));
    };

    // start() with a cache: read_cache() - its vertices, unless the simplex's metric (an edge's
    // squared length, a triangle's doubled signed area) changed sign or by more than a factor
    // of 2 (NaN fails too); then, and without a cache, a cold start. The slots past the count
    // are zero, as in a new LoopSimplex.
    const M cache_count = load<M>(lanes.cache_count);
    V cached_x[3] = {}, cached_y[3] = {};
    M cached_a[3] = {}, cached_b[3] = {};
    for (int i = 0; i < 3 && any(cache_count != M{}); ++i) {
        const M in_cache = splat<M>(Int(i)) < cache_count;
        cached_a[i] = select(in_cache, load<M>(lanes.cache_a[i]), M{});
        cached_b[i] = select(in_cache, load<M>(lanes.cache_b[i]), M{});
        cached_x[i] =
            select(in_cache, vertex_of(bx, cached_b[i]) - vertex_of(ax, cached_a[i]), zero);
        cached_y[i] =
            select(in_cache, vertex_of(by, cached_b[i]) - vertex_of(ay, cached_a[i]), zero);
    }
    const V ex = cached_x[1] - cached_x[0], ey = cached_y[1] - cached_y[0];
    const V fx = cached_x[2] - cached_x[0], fy = cached_y[2] - cached_y[0];
    const V new_metric =
        select(cache_count == splat<M>(Int(2)), ex * ex + ey * ey, ex * fy - ey * fx);
    const V old_metric = load<V>(lanes.cache_metric);
    const V old_size = wide::abs(old_metric), new_size = wide::abs(new_metric);
    const M same_shape = ((old_metric > zero) == (new_metric > zero)) & (new_size > zero) &
                         (splat<V>(T(2)) * new_size >= old_size) &
                         (new_size <= splat<V>(T(2)) * old_size);
    const M warm =
        (cache_count == splat<M>(Int(1))) | ((cache_count > splat<M>(Int(1))) & same_shape);

    // start() without a cache: the support along -c, c = B's centre (moved) - A's centre, a
    // point inside Z, is the first vertex, its direction the last support direction until the
    // loop makes one (a warm start has none).
    const M started = load<M>(lanes.live);
    const M cold = started & ~warm;
    V zcx = zero, zcy = zero;
    Support first{M{}, M{}, zero, zero};
    if (any(cold)) {
        // A lane whose cache failed its metric test reads its centres here (src/lockstep.hpp
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
        zcx = ((qc * cbx - qs * cby) + tx) - load<V>(lanes.centre_ax);
        zcy = ((qs * cbx + qc * cby) + ty) - load<V>(lanes.centre_ay);
        first = support(-zcx, -zcy);
    }
    V w_x[3], w_y[3], weight[3] = {};
    M index_a[3], index_b[3];
    // A cold start pushes its first vertex into slot 0; slots 1 and 2 keep what read_cache
    // pushed before its metric test failed (zero without a cache), as in LoopSimplex: they are
    // stale, but write_cache copies them into the cache.
    w_x[0] = select(warm, cached_x[0], first.x), w_y[0] = select(warm, cached_y[0], first.y);
    index_a[0] = select(warm, cached_a[0], first.index_a);
    index_b[0] = select(warm, cached_b[0], first.index_b);
    for (int i = 1; i < 3; ++i) {
        w_x[i] = cached_x[i], w_y[i] = cached_y[i];
        index_a[i] = cached_a[i], index_b[i] = cached_b[i];
    }
    M size = select(warm, cache_count, splat<M>(Int(1))); // the simplex's vertex count
    V last_x = select(warm, zero, -zcx), last_y = select(warm, zero, -zcy);
    const M max_iterations = load<M>(lanes.max_iterations);
    M live = started;
    M iterations{};
    M termination = splat<M>(Int(-1)); // a Termination once the lane has ended
    M beyond{};
    // A single vertex at the origin with no direction (c = 0, or a warm start): start()
    // searches again along +x, distance()'s path.
    M handed_over = live & (size == splat<M>(Int(1))) & (w_x[0] == zero) & (w_y[0] == zero) &
                    (last_x == zero) & (last_y == zero);
    live &= ~handed_over;
    V previous_distance2 = splat<V>(kInfinity);
    V closest_x{}, closest_y{}, direction_x{}, direction_y{};
    auto end = [&](M ending, Termination t) {
        termination = select(ending, splat<M>(Int(t)), termination);
        live &= ~ending;
    };

    while (any(live)) {
        iterations -= live; // a true lane is -1

        // solve(): the closest point of each lane's simplex to the origin, by its size: a point
        // is itself; a segment (w0, w1) and a triangle (w0, w1, w2) = (a, b, c) share the two
        // coordinates of their edge AB (gjk/segment.hpp, gjk/triangle.hpp). The triangle's part
        // is computed only in the trips where some live lane has one (from the third on). Q - X
        // with Q the origin is 0 - X, kept: -X would differ in the sign of a zero. (X - Q is X
        // exactly.)
        const M A = splat<M>(Int(0b001)), B = splat<M>(Int(0b010)), C = splat<M>(Int(0b100)),
                AB = splat<M>(Int(0b011)), BC = splat<M>(Int(0b110)), CA = splat<M>(Int(0b101)),
                ABC = splat<M>(Int(0b111));
        const M is_point = size == splat<M>(Int(1));
        const V bax = w_x[1] - w_x[0], bay = w_y[1] - w_y[0];
        const V uAB = w_x[1] * bax + w_y[1] * bay;
        const V vAB = (zero - w_x[0]) * bax + (zero - w_y[0]) * bay;
        // The quotients of the interior of AB, the segment's and the triangle's edge alike.
        const V sAB = uAB + vAB;
        const V uAB_AB = uAB / sAB, vAB_AB = vAB / sAB;

        // segment_region and segment_weights; a point's are A and (1, 0, 0).
        const M seg_b = uAB <= zero, seg_a = ~seg_b & (vAB <= zero);
        V u = select(is_point, one, select(seg_b, zero, select(seg_a, one, uAB_AB)));
        V v = select(is_point, zero, select(seg_b, one, select(seg_a, zero, vAB_AB)));
        V w = zero;
        M region = select(is_point, A, select(seg_b, B, select(seg_a, A, AB)));
        V px = select(is_point, w_x[0], u * w_x[0] + v * w_x[1]);
        V py = select(is_point, w_y[0], u * w_y[0] + v * w_y[1]);

        const M is_triangle = live & (size == splat<M>(Int(3)));
        if (any(is_triangle)) {
            // The triangle's other seven coordinates.
            const V cbx = w_x[2] - w_x[1], cby = w_y[2] - w_y[1];
            const V acx = w_x[0] - w_x[2], acy = w_y[0] - w_y[2];
            const V uBC = w_x[2] * cbx + w_y[2] * cby;
            const V vBC = (zero - w_x[1]) * cbx + (zero - w_y[1]) * cby;
            const V uCA = w_x[0] * acx + w_y[0] * acy;
            const V vCA = (zero - w_x[2]) * acx + (zero - w_y[2]) * acy;
            const V cax = w_x[2] - w_x[0], cay = w_y[2] - w_y[0];
            const V area = bax * cay - bay * cax;
            const V sign = select(area > zero, one, zero) - select(area < zero, one, zero);
            const V uABC = sign * (w_x[1] * w_y[2] - w_y[1] * w_x[2]);
            const V vABC = sign * (w_x[2] * w_y[0] - w_y[2] * w_x[0]);
            const V wABC = sign * (w_x[0] * w_y[1] - w_y[0] * w_x[1]);

            // triangle_region: the first region that holds in its order (the fall-back for
            // inconsistent coordinates first, each earlier test overriding it).
            M tri_region = select(
                (wABC <= uABC) & (wABC <= vABC), select(uAB <= zero, B, select(vAB <= zero, A, AB)),
                select(uABC <= vABC, select(uBC <= zero, C, select(vBC <= zero, B, BC)),
                       select(uCA <= zero, A, select(vCA <= zero, C, CA))));
            tri_region = select((uABC > zero) & (vABC > zero) & (wABC > zero), ABC, tri_region);
            tri_region = select((uCA > zero) & (vCA > zero) & (vABC <= zero), CA, tri_region);
            tri_region = select((uBC > zero) & (vBC > zero) & (uABC <= zero), BC, tri_region);
            tri_region = select((uAB > zero) & (vAB > zero) & (wABC <= zero), AB, tri_region);
            tri_region = select((uBC <= zero) & (vCA <= zero), C, tri_region);
            tri_region = select((uAB <= zero) & (vBC <= zero), B, tri_region);
            tri_region = select((vAB <= zero) & (uCA <= zero), A, tri_region);
            // triangle_weights: the quotients of the region's own coordinates over their sum. AB's
            // are the segment's above; for BC, CA and ABC, whose weights share their region's
            // sum, each lane picks its region's coordinates and sum and divides once per weight
            // (the same quotients, to the bit), not every region's and picks afterwards.
            const M in_BC = tri_region == BC, in_CA = tri_region == CA, in_ABC = tri_region == ABC;
            const V sum = select(in_BC, uBC + vBC,
                                 select(in_CA, uCA + vCA, select(in_ABC, uABC + vABC + wABC, one)));
            const V u_over = select(in_CA, vCA, select(in_ABC, uABC, zero));
            const V v_over = select(in_BC, uBC, select(in_ABC, vABC, zero));
            const V w_over = select(in_BC, vBC, select(in_CA, uCA, select(in_ABC, wABC, zero)));
            const V tri_u =
                select(tri_region == A, one, select(tri_region == AB, uAB_AB, u_over / sum));
            const V tri_v =
                select(tri_region == B, one, select(tri_region == AB, vAB_AB, v_over / sum));
            const V tri_w = select(tri_region == C, one, w_over / sum);
            u = select(is_triangle, tri_u, u), v = select(is_triangle, tri_v, v);
            w = select(is_triangle, tri_w, w);
            region = select(is_triangle, tri_region, region);
            px = select(is_triangle, tri_u * w_x[0] + tri_v * w_x[1] + tri_w * w_x[2], px);
            py = select(is_triangle, tri_u * w_y[0] + tri_v * w_y[1] + tri_w * w_y[2], py);
        }
        const V distance2 = px * px + py * py;

        // Case 2, containment; a distance that did not decrease goes to distance() (run()'s
        // stall rule); the rest keep the solution's vertices (cull()).
        const M contained = live & (region == ABC);
        const M stalled = live & ~contained & ~(distance2 < previous_distance2);
        handed_over |= stalled;
        live &= ~stalled;
        const M keeps = live; // contained lanes too: they keep all three, with the weights
        const M saved_size = size;
        const M saved_a[3] = {index_a[0], index_a[1], index_a[2]};
        const M saved_b[3] = {index_b[0], index_b[1], index_b[2]};
        {
            const M has0 = has(region, 1), has1 = has(region, 2);
            const V k_w[3] = {u, v, w};
            // The first kept vertex, the second, the third (all three only for containment).
            // (Slots past the count hold what cull() leaves there, which write_cache copies
            // into the cache: the same stale vertices, so the caches match too.)
            auto pick = [&](auto(&slot)[3], auto from) {
                const auto kept0 = select(has0, from[0], select(has1, from[1], from[2]));
                const auto kept1 =
                    select(has0, select(has1, from[1], from[2]), select(has1, from[2], from[1]));
                slot[0] = select(keeps, kept0, slot[0]);
                slot[1] = select(keeps, kept1, slot[1]);
                slot[2] = select(keeps, from[2], slot[2]);
            };
            const V wx_now[3] = {w_x[0], w_x[1], w_x[2]}, wy_now[3] = {w_y[0], w_y[1], w_y[2]};
            pick(w_x, wx_now);
            pick(w_y, wy_now);
            pick(weight, k_w);
            pick(index_a, saved_a);
            pick(index_b, saved_b);
            // Minus the count of kept vertices: masks are -1.
            const M kept = has(region, 1) + has(region, 2) + has(region, 4);
            size = select(keeps, M{} - kept, size);
        }
        previous_distance2 = select(keeps, distance2, previous_distance2);
        closest_x = select(keeps, px, closest_x);
        closest_y = select(keeps, py, closest_y);
        end(contained, Termination::containment);

        // search_direction(): -w0 for a vertex; for an edge perp(w1 - w0), exactly
        // perpendicular, its sign copied from dot(d, -w0).
        const M vertex = size == splat<M>(Int(1));
        const V rx = select(vertex, -w_x[0], -(w_y[1] - w_y[0]));
        const V ry = select(vertex, -w_y[0], w_x[1] - w_x[0]);
        // resolvable(): a direction below sqrt(min) would be scaled up: distance()'s path.
        const V tiny = splat<V>(kSqrtMin);
        const V abs_x = wide::abs(rx), abs_y = wide::abs(ry);
        const M unresolved =
            live & (((abs_x < tiny) & (abs_y < tiny) & ~((abs_x == zero) & (abs_y == zero))) |
                    (rx != rx) | (ry != ry));
        const V side = rx * -w_x[0] + ry * -w_y[0]; // dot(d, -w0)
        const M no_side = ~vertex & ((side == zero) | (side != side));
        const M nan_side = live & ~vertex & (side != side);
        handed_over |= unresolved | nan_side;
        live &= ~(unresolved | nan_side);
        // copysign(1, side): one with side's sign bit.
        const V flip = reinterpret_cast<V>(
            (reinterpret_cast<M>(side) & ~reinterpret_cast<M>(wide::abs(side))) |
            reinterpret_cast<M>(one));
        const V dx = select(vertex, rx, select(no_side, zero, flip * rx));
        const V dy = select(vertex, ry, select(no_side, zero, flip * ry));
        direction_x = select(live, dx, direction_x);
        direction_y = select(live, dy, direction_y);
        // Cases 3a, 3b and 4: the origin on the simplex. Then the iteration cap.
        const M on_simplex = live & (dx == zero) & (dy == zero);
        end(on_simplex & vertex, Termination::vertex_overlap);
        end(on_simplex & ~vertex, Termination::edge_overlap);
        end(live & (iterations >= max_iterations), Termination::max_iterations);

        // The support of Z along d.
        const Support next = support(dx, dy);
        const M sa = next.index_a, sb = next.index_b;
        const V vx = next.x, vy = next.y;
        last_x = select(live, dx, last_x);
        last_y = select(live, dy, last_y);

        // Case 1: a support point already in the simplex (as it was before culling).
        M repeated{};
        for (int i = 0; i < 3; ++i) {
            repeated |= (splat<M>(Int(i)) < saved_size) & (sa == saved_a[i]) & (sb == saved_b[i]);
        }
        repeated &= live;
        beyond = select(repeated, ~((sa == index_a[0]) & (sb == index_b[0])), beyond);
        end(repeated, Termination::repeated_support);

        // No progress: the new point is not beyond the simplex along d.
        const V reach = dx * vx + dy * vy;
        end(live & ~(reach > dx * w_x[0] + dy * w_y[0]), Termination::no_progress);

        // push(): the rest add the support point to their simplex.
        for (int i = 0; i < 3; ++i) {
            const M here = live & (size == splat<M>(Int(i)));
            w_x[i] = select(here, vx, w_x[i]), w_y[i] = select(here, vy, w_y[i]);
            index_a[i] = select(here, sa, index_a[i]), index_b[i] = select(here, sb, index_b[i]);
        }
        size -= live;
    }

    // settle() for repeated_support and no_progress: a lane whose ending it would change to an
    // overlap (a single vertex at the origin; an edge through it within one ulp) has a
    // touching normal to prove, which is conclude()'s.
    const M unsettled = termination_is(termination, Termination::repeated_support) |
                        termination_is(termination, Termination::no_progress);
    const V size0 = w_x[0] * w_x[0] + w_y[0] * w_y[0];
    const V size1 = w_x[1] * w_x[1] + w_y[1] * w_y[1];
    const V size2 = w_x[2] * w_x[2] + w_y[2] * w_y[2];
    const V closest2 = closest_x * closest_x + closest_y * closest_y;
    const M vertex_at_origin = (size == splat<M>(Int(1))) & (beyond != M{}) & (size0 == zero);
    const M edge_through_origin =
        (size == splat<M>(Int(2))) & (closest2 <= kEpsilon * kEpsilon * wide::max(size0, size1));
    const M settles_to_overlap = unsettled & (vertex_at_origin | edge_through_origin);

    // conclude(), lane by lane as conclude() would, for every lane that did not hand over and
    // takes the common paths. First best_containment_weights' early return: a triangle whose
    // weighted point is within kContainmentRoundOff of its largest vertex keeps its weights.
    const M contained = termination_is(termination, Termination::containment);
    const V weighted_x = weight[0] * w_x[0] + weight[1] * w_x[1] + weight[2] * w_x[2];
    const V weighted_y = weight[0] * w_y[0] + weight[1] * w_y[1] + weight[2] * w_y[2];
    const V round_off = splat<V>(kContainmentRoundOff<T>);
    const M weights_settled = weighted_x * weighted_x + weighted_y * weighted_y <=
                              round_off * round_off * wide::max(wide::max(size0, size1), size2);
    const M touching_to_prove = termination_is(termination, Termination::vertex_overlap) |
                                termination_is(termination, Termination::edge_overlap) |
                                settles_to_overlap;
    M concluded = started & ~handed_over & ~touching_to_prove & ~(contained & ~weights_settled);

    // The witness points from the barycentric weights, A's vertices by their indices in A's
    // frame, B's in B's own frame.
    V local_bx[8], local_by[8];
    for (int j = 0; j < 8; ++j) {
        local_bx[j] = load<V>(lanes.local_bx[j]), local_by[j] = load<V>(lanes.local_by[j]);
    }
    V pax = zero, pay = zero, pbx = zero, pby = zero;
    for (int i = 0; i < 3; ++i) {
        const M in_simplex = splat<M>(Int(i)) < size;
        pax = select(in_simplex, pax + weight[i] * vertex_of(ax, index_a[i]), pax);
        pay = select(in_simplex, pay + weight[i] * vertex_of(ay, index_a[i]), pay);
        pbx = select(in_simplex, pbx + weight[i] * vertex_of(local_bx, index_b[i]), pbx);
        pby = select(in_simplex, pby + weight[i] * vertex_of(local_by, index_b[i]), pby);
    }
    // length(): sqrt of the square in the normal range (else hypot, conclude()'s); normalized()
    // the same, of the closest point or of the negated direction for an edge.
    const M no_direction = (direction_x == zero) & (direction_y == zero);
    const V along_x = select(no_direction, closest_x, -direction_x);
    const V along_y = select(no_direction, closest_y, -direction_y);
    const V along2 = along_x * along_x + along_y * along_y;
    auto normal_range = [&](V square) {
        return (square >= splat<V>(kMin)) & (square <= splat<V>(kMax));
    };
    concluded &= contained | (normal_range(closest2) & normal_range(along2));
    const V core_distance = select(contained, zero, wide::sqrt(closest2));
    const V along_length = wide::sqrt(along2);
    V normal_x = select(contained, zero, along_x / along_length);
    V normal_y = select(contained, zero, along_y / along_length);

    // classify() with the radii, then the witness points moved onto the rounded surfaces.
    const V ra = load<V>(lanes.radius_a), rb = load<V>(lanes.radius_b), radii = ra + rb;
    const M separated = core_distance > radii;
    const M normal_known = ~((normal_x == zero) & (normal_y == zero));
    M status = select(separated, splat<M>(Int(Status::separated)),
                      select((core_distance == radii) & normal_known,
                             splat<M>(Int(Status::touching)), splat<M>(Int(Status::overlapping))));
    const V distance = select(separated, core_distance - radii, zero);
    // Rounded shapes that meet: one common point, the middle of [max(0, D - rb), min(D, ra)]
    // along the normal from A's core point.
    const V lo = wide::max(zero, core_distance - rb), hi = wide::min(core_distance, ra);
    const V middle = splat<V>(T(0.5)) * (lo + hi);
    const M rounded_meet = ~separated & ~contained;
    pax =
        select(separated, pax + ra * normal_x, select(rounded_meet, pax + middle * normal_x, pax));
    pay =
        select(separated, pay + ra * normal_y, select(rounded_meet, pay + middle * normal_y, pay));
    status = select(termination_is(termination, Termination::max_iterations),
                    splat<M>(Int(Status::max_iterations)), status);

    // To the world: apply(xf_a, p), rotate(xf_a.q, normal); B's point, when the shapes are
    // apart, apply(xf_b, p) - rb * normal, else A's.
    const V ac = load<V>(lanes.world_a_c), as = load<V>(lanes.world_a_s);
    const V apx = load<V>(lanes.world_a_px), apy = load<V>(lanes.world_a_py);
    const V bc = load<V>(lanes.world_b_c), bs = load<V>(lanes.world_b_s);
    const V bpx = load<V>(lanes.world_b_px), bpy = load<V>(lanes.world_b_py);
    const V point_ax = (ac * pax - as * pay) + apx, point_ay = (as * pax + ac * pay) + apy;
    const V world_nx = ac * normal_x - as * normal_y, world_ny = as * normal_x + ac * normal_y;
    const V point_bx = select(separated, ((bc * pbx - bs * pby) + bpx) - rb * world_nx, point_ax);
    const V point_by = select(separated, ((bs * pbx + bc * pby) + bpy) - rb * world_ny, point_ay);
    // A non-finite answer is conclude()'s to report.
    auto finite = [&](V x) { return wide::abs(x) <= splat<V>(kMax); };
    concluded &= finite(distance) & finite(point_ax) & finite(point_ay) & finite(point_bx) &
                 finite(point_by) & finite(world_nx) & finite(world_ny);

    // write_cache()'s metric: the edge's squared length, the triangle's doubled signed area.
    const V e1x = w_x[1] - w_x[0], e1y = w_y[1] - w_y[0];
    const V e2x = w_x[2] - w_x[0], e2y = w_y[2] - w_y[0];
    const V metric = select(size == splat<M>(Int(2)), e1x * e1x + e1y * e1y,
                            select(size == splat<M>(Int(3)), e1x * e2y - e1y * e2x, zero));

    for (int i = 0; i < 3; ++i) {
        store(lanes.w_x[i], w_x[i]), store(lanes.w_y[i], w_y[i]);
        store(lanes.index_a[i], index_a[i]), store(lanes.index_b[i], index_b[i]);
        store(lanes.weight[i], weight[i]);
    }
    store(lanes.size, size), store(lanes.iterations, iterations);
    store(lanes.termination, termination), store(lanes.beyond, beyond);
    store(lanes.handed_over, handed_over);
    store(lanes.closest_x, closest_x), store(lanes.closest_y, closest_y);
    store(lanes.direction_x, direction_x), store(lanes.direction_y, direction_y);
    store(lanes.last_x, last_x), store(lanes.last_y, last_y);
    store(lanes.concluded, concluded), store(lanes.status, status);
    store(lanes.distance, distance), store(lanes.metric, metric);
    store(lanes.point_ax, point_ax), store(lanes.point_ay, point_ay);
    store(lanes.point_bx, point_bx), store(lanes.point_by, point_by);
    store(lanes.normal_x, world_nx), store(lanes.normal_y, world_ny);
}

} // namespace gjk::detail
