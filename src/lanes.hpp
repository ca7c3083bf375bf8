// src/lanes.hpp - the GJK loop of distance() on N queries at once, one per SIMD lane
// (src/lockstep.hpp says why and how it stays exactly distance()).
//
// One trip of the loop is one iteration of distance()'s loop for every live lane, in its
// order: solve the simplex (the point, segment and triangle solutions all computed, each lane
// taking its own by its simplex size), containment, the stall test, keep the contributing
// vertices, the search direction, the overlap cases, the iteration cap, the support, case 1
// (a repeated support), no progress, add the support point. A lane that ends keeps its state
// from then on (every update is a select by `live`), and the loop runs until no lane is live.
//
// This file holds only the loop, on plain arrays, and calls nothing: it is compiled once for
// 16-byte vectors with the library's flags (src/batch.cpp) and once for 32-byte vectors with
// -mavx2 (src/lanes_avx2.cpp), which distance_batch calls only on a processor that has AVX2.
// An inline function of another header used here would be compiled with AVX2 in that
// object, and the linker may keep that copy for every caller - a crash on older processors.
// So: no function calls, only vector arithmetic (tests/lanes_symbols.cmake checks the AVX2
// object defines nothing but this loop). No fused multiply-add either: -mavx2 does not
// enable FMA, so every product is rounded on its own, as in distance().
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "gjk/distance.hpp" // Termination

namespace gjk::detail {

/// The state of N queries in lockstep, one per lane, as plain arrays: src/lockstep.hpp fills
/// the inputs, lockstep_loop runs the GJK loop, src/lockstep.hpp reads each lane's answer.
template <class T, int Bytes> struct Lanes {
    static constexpr int N = int(Bytes / sizeof(T));                            ///< lanes
    using Int = std::conditional_t<sizeof(T) == 4, std::int32_t, std::int64_t>; ///< a lane's int

    // In: each lane's shapes, transposed (ax[j][k]: x of vertex j of lane k's A), padded as
    // the prepared shapes are: slots past the count repeat vertex 0, which never wins a tie.
    // A in its own frame; B in its own frame (blx, bly), moved into A's frame by the loop
    // (out: bx, by, as MovedVerticesSupport moves them). B's frame seen from A's: xf_*.
    alignas(Bytes) T ax[8][N], ay[8][N], blx[8][N], bly[8][N], bx[8][N], by[8][N];
    alignas(Bytes) T xf_c[N], xf_s[N], xf_px[N], xf_py[N];
    alignas(Bytes) T centre_ax[N], centre_ay[N], centre_bx[N], centre_by[N]; ///< B's: local
    // Out: the loop's simplex (a cold start's: the loop finds the first vertex itself).
    alignas(Bytes) T w_x[3][N], w_y[3][N];
    alignas(Bytes) Int index_a[3][N], index_b[3][N];
    alignas(Bytes) Int size[N];           ///< the simplex's vertex count
    alignas(Bytes) Int max_iterations[N]; ///< in: each query's cap
    alignas(Bytes) Int live[N];           ///< in: -1 for lanes that run, 0 for unused ones
    // Out: what distance()'s loop leaves (LoopSimplex and LoopResult), lane by lane.
    alignas(Bytes) T weight[3][N];
    alignas(Bytes) Int iterations[N];
    alignas(Bytes) Int termination[N]; ///< a Termination (repeated_support, no_progress unsettled)
    alignas(Bytes) Int beyond[N];      ///< settle()'s `beyond` for a repeated support (-1: true)
    alignas(Bytes) Int handed_over[N]; ///< -1: the lane met a rare path; distance() answers it
    alignas(Bytes) T closest_x[N], closest_y[N], direction_x[N],
        direction_y[N], last_x[N], last_y[N];
};

/// The GJK loop on every live lane, until each has ended or been handed over.
template <class T, int Bytes> void lockstep_loop(Lanes<T, Bytes>& lanes) {
    typedef T V __attribute__((vector_size(Bytes))); // one T per lane
    using M = decltype(V{} < V{});                   // a mask per lane (-1 true), or ints
    using Int = typename Lanes<T, Bytes>::Int;
    static_assert(sizeof(M) == sizeof(V) && sizeof(Int) == sizeof(T));
    constexpr int N = Lanes<T, Bytes>::N;
    // sqrt(min): below it resolvable() scales a direction up (2^-63 in float, 2^-511 in
    // double; a literal, not std::sqrt, which this file must not call).
    constexpr T kSqrtMin = std::is_same_v<T, float> ? T(0x1p-63) : T(0x1p-511);
    constexpr T kMin = std::numeric_limits<T>::min();
    static_assert(kSqrtMin * kSqrtMin == kMin);

    auto splat = [](T x) { return V{} + x; };
    auto splat_int = [](Int x) { return M{} + x; };
    auto any = [](M m) {
        Int r = 0;
        for (int k = 0; k < N; ++k) {
            r |= m[k];
        }
        return r != 0;
    };
    auto load = [](const T* array) {
        V x;
        std::memcpy(&x, array, sizeof x);
        return x;
    };
    auto load_int = [](const Int* array) {
        M x;
        std::memcpy(&x, array, sizeof x);
        return x;
    };
    auto store = [](auto& array, const auto& x) { std::memcpy(array, &x, sizeof x); };

    // Constants as constexpr values: a call of numeric_limits' functions could leave an AVX2
    // copy of them in the AVX2 object (an unoptimized build does not inline them).
    constexpr Int kSignBit = std::numeric_limits<Int>::min();
    constexpr T kInfinity = std::numeric_limits<T>::infinity();
    const V zero{};
    const V one = splat(T(1));
    const M sign_bit = splat_int(kSignBit);

    // B moved into A's frame, as MovedVerticesSupport moves it (apply(): rotate, then add).
    const V qc = load(lanes.xf_c), qs = load(lanes.xf_s), tx = load(lanes.xf_px),
            ty = load(lanes.xf_py);
    V ax[8], ay[8], bx[8], by[8];
    for (int j = 0; j < 8; ++j) {
        ax[j] = load(lanes.ax[j]), ay[j] = load(lanes.ay[j]);
        const V lx = load(lanes.blx[j]), ly = load(lanes.bly[j]);
        bx[j] = (qc * lx - qs * ly) + tx, by[j] = (qs * lx + qc * ly) + ty;
        store(lanes.bx[j], bx[j]), store(lanes.by[j], by[j]);
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
            best_a = ga ? da : best_a, best_b = gb ? db : best_b;
            sa = ga ? splat_int(j) : sa, sb = gb ? splat_int(j) : sb;
            pax = ga ? ax[j] : pax, pay = ga ? ay[j] : pay;
            pbx = gb ? bx[j] : pbx, pby = gb ? by[j] : pby;
        }
        return Support{sa, sb, pbx - pax, pby - pay};
    };

    // start() without a cache: the support along -c, c = B's centre (moved) - A's centre, a
    // point inside Z, is the first vertex. The other slots are zero, as in a new LoopSimplex.
    const V cbx = load(lanes.centre_bx), cby = load(lanes.centre_by);
    const V zcx = ((qc * cbx - qs * cby) + tx) - load(lanes.centre_ax);
    const V zcy = ((qs * cbx + qc * cby) + ty) - load(lanes.centre_ay);
    const Support first = support(-zcx, -zcy);
    V w_x[3] = {first.x, zero, zero}, w_y[3] = {first.y, zero, zero}, weight[3] = {};
    M index_a[3] = {first.index_a, M{}, M{}}, index_b[3] = {first.index_b, M{}, M{}};
    M size = splat_int(1); // the simplex's vertex count
    const M max_iterations = load_int(lanes.max_iterations);
    M live = load_int(lanes.live);
    M iterations{};
    M termination = splat_int(-1); // a Termination once the lane has ended
    M beyond{};
    // A first vertex at the origin with c = 0: start() searches again along +x, distance()'s
    // path. Otherwise the first support's direction is the last one until the loop makes one.
    M handed_over = live & (first.x == zero) & (first.y == zero) & (zcx == zero) & (zcy == zero);
    live &= ~handed_over;
    V previous_distance2 = splat(kInfinity);
    V closest_x{}, closest_y{}, direction_x{}, direction_y{};
    V last_x = -zcx, last_y = -zcy;
    auto end = [&](M ending, Termination t) {
        termination = ending ? splat_int(Int(t)) : termination;
        live &= ~ending;
    };

    while (any(live)) {
        iterations -= live; // a true lane is -1

        // solve(): the closest point of each lane's simplex to the origin, on all three
        // simplex sizes, then the lane's own picked. First the nine coordinates of the origin
        // for the triangle (w0, w1, w2) = (a, b, c) (gjk/triangle.hpp); the segment (w0, w1)
        // is the triangle's edge AB and has the same two (gjk/segment.hpp). Q - X with Q the
        // origin is 0 - X, kept: -X would differ in the sign of a zero. (X - Q is X exactly.)
        const V bax = w_x[1] - w_x[0], bay = w_y[1] - w_y[0];
        const V cbx = w_x[2] - w_x[1], cby = w_y[2] - w_y[1];
        const V acx = w_x[0] - w_x[2], acy = w_y[0] - w_y[2];
        const V uAB = w_x[1] * bax + w_y[1] * bay;
        const V vAB = (zero - w_x[0]) * bax + (zero - w_y[0]) * bay;
        const V uBC = w_x[2] * cbx + w_y[2] * cby;
        const V vBC = (zero - w_x[1]) * cbx + (zero - w_y[1]) * cby;
        const V uCA = w_x[0] * acx + w_y[0] * acy;
        const V vCA = (zero - w_x[2]) * acx + (zero - w_y[2]) * acy;
        const V cax = w_x[2] - w_x[0], cay = w_y[2] - w_y[0];
        const V area = bax * cay - bay * cax;
        const V sign = (area > zero ? one : zero) - (area < zero ? one : zero);
        const V uABC = sign * (w_x[1] * w_y[2] - w_y[1] * w_x[2]);
        const V vABC = sign * (w_x[2] * w_y[0] - w_y[2] * w_x[0]);
        const V wABC = sign * (w_x[0] * w_y[1] - w_y[0] * w_x[1]);
        // The quotients of the interior of AB, the segment's and the triangle's edge alike.
        const V sAB = uAB + vAB;
        const V uAB_AB = uAB / sAB, vAB_AB = vAB / sAB;

        // The segment's region and weights (segment_region, segment_weights).
        const M seg_b = uAB <= zero, seg_a = ~seg_b & (vAB <= zero);
        const V seg_u = seg_b ? zero : (seg_a ? one : uAB_AB);
        const V seg_v = seg_b ? one : (seg_a ? zero : vAB_AB);
        const M seg_region = seg_b ? splat_int(0b10) : (seg_a ? splat_int(0b01) : splat_int(0b11));

        // The triangle's region, the first that holds in triangle_region's order (the
        // fall-back for inconsistent coordinates first, each earlier test overriding it).
        const M A = splat_int(0b001), B = splat_int(0b010), C = splat_int(0b100),
                AB = splat_int(0b011), BC = splat_int(0b110), CA = splat_int(0b101),
                ABC = splat_int(0b111);
        M tri_region = ((wABC <= uABC) & (wABC <= vABC))
                           ? (uAB <= zero ? B : (vAB <= zero ? A : AB))
                           : (uABC <= vABC ? (uBC <= zero ? C : (vBC <= zero ? B : BC))
                                           : (uCA <= zero ? A : (vCA <= zero ? C : CA)));
        tri_region = ((uABC > zero) & (vABC > zero) & (wABC > zero)) ? ABC : tri_region;
        tri_region = ((uCA > zero) & (vCA > zero) & (vABC <= zero)) ? CA : tri_region;
        tri_region = ((uBC > zero) & (vBC > zero) & (uABC <= zero)) ? BC : tri_region;
        tri_region = ((uAB > zero) & (vAB > zero) & (wABC <= zero)) ? AB : tri_region;
        tri_region = ((uBC <= zero) & (vCA <= zero)) ? C : tri_region;
        tri_region = ((uAB <= zero) & (vBC <= zero)) ? B : tri_region;
        tri_region = ((vAB <= zero) & (uCA <= zero)) ? A : tri_region;
        // Its weights: the quotients of triangle_weights, the region's own picked.
        const V sBC = uBC + vBC, sCA = uCA + vCA, sABC = uABC + vABC + wABC;
        const V tri_u = tri_region == A     ? one
                        : tri_region == AB  ? uAB_AB
                        : tri_region == CA  ? vCA / sCA
                        : tri_region == ABC ? uABC / sABC
                                            : zero;
        const V tri_v = tri_region == B     ? one
                        : tri_region == AB  ? vAB_AB
                        : tri_region == BC  ? uBC / sBC
                        : tri_region == ABC ? vABC / sABC
                                            : zero;
        const V tri_w = tri_region == C     ? one
                        : tri_region == BC  ? vBC / sBC
                        : tri_region == CA  ? uCA / sCA
                        : tri_region == ABC ? wABC / sABC
                                            : zero;

        // Each lane's solution: a point is itself, a segment or a triangle as above.
        const M is_point = size == splat_int(1), is_segment = size == splat_int(2);
        const V u = is_point ? one : (is_segment ? seg_u : tri_u);
        const V v = is_point ? zero : (is_segment ? seg_v : tri_v);
        const V w = is_point ? zero : (is_segment ? zero : tri_w);
        const M region = is_point ? A : (is_segment ? seg_region : tri_region);
        const V px = is_point ? w_x[0]
                              : (is_segment ? u * w_x[0] + v * w_x[1]
                                            : u * w_x[0] + v * w_x[1] + w * w_x[2]);
        const V py = is_point ? w_y[0]
                              : (is_segment ? u * w_y[0] + v * w_y[1]
                                            : u * w_y[0] + v * w_y[1] + w * w_y[2]);
        const V distance2 = px * px + py * py;

        // Case 2, containment; a distance that did not decrease goes to distance() (its stall
        // rule); the rest keep the solution's vertices (cull()).
        const M contained = live & (region == ABC);
        const M stalled = live & ~contained & ~(distance2 < previous_distance2);
        handed_over |= stalled;
        live &= ~stalled;
        const M keeps = live; // contained lanes too: they keep all three, with the weights
        const M saved_size = size;
        const M saved_a[3] = {index_a[0], index_a[1], index_a[2]};
        const M saved_b[3] = {index_b[0], index_b[1], index_b[2]};
        {
            const M has0 = (region & splat_int(1)) != M{}, has1 = (region & splat_int(2)) != M{};
            const V k_w[3] = {u, v, w};
            // The first kept vertex, the second, the third (all three only for containment).
            auto pick = [&](auto(&slot)[3], auto first_of) {
                using X = std::remove_reference_t<decltype(slot[0])>;
                const X s0 = first_of[0], s1 = first_of[1], s2 = first_of[2];
                // (Slots past the count hold what cull() leaves there, which write_cache
                // copies into the cache: the same stale vertices, so the caches match too.)
                const X first = has0 ? s0 : (has1 ? s1 : s2);
                const X second = has0 ? (has1 ? s1 : s2) : (has1 ? s2 : s1);
                slot[0] = keeps ? first : slot[0];
                slot[1] = keeps ? second : slot[1];
                slot[2] = keeps ? s2 : slot[2];
            };
            const V wx_now[3] = {w_x[0], w_x[1], w_x[2]}, wy_now[3] = {w_y[0], w_y[1], w_y[2]};
            pick(w_x, wx_now);
            pick(w_y, wy_now);
            pick(weight, k_w);
            pick(index_a, saved_a);
            pick(index_b, saved_b);
            const M kept = ((region & splat_int(1)) != M{}) + ((region & splat_int(2)) != M{}) +
                           ((region & splat_int(4)) != M{}); // minus the count: masks are -1
            size = keeps ? M{} - kept : size;
        }
        previous_distance2 = keeps ? distance2 : previous_distance2;
        closest_x = keeps ? px : closest_x;
        closest_y = keeps ? py : closest_y;
        end(contained, Termination::containment);

        // search_direction(): -w0 for a vertex; for an edge perp(w1 - w0), exactly
        // perpendicular, its sign copied from dot(d, -w0).
        const M vertex = size == splat_int(1);
        const V rx = vertex ? -w_x[0] : -(w_y[1] - w_y[0]);
        const V ry = vertex ? -w_y[0] : w_x[1] - w_x[0];
        // resolvable(): a direction below sqrt(min) would be scaled up: distance()'s path.
        const V tiny = splat(kSqrtMin);
        const V abs_x = V(M(rx) & ~sign_bit), abs_y = V(M(ry) & ~sign_bit);
        const M unresolved =
            live & (((abs_x < tiny) & (abs_y < tiny) & ~((abs_x == zero) & (abs_y == zero))) |
                    (rx != rx) | (ry != ry));
        const V side = rx * -w_x[0] + ry * -w_y[0]; // dot(d, -w0)
        const M no_side = ~vertex & ((side == zero) | (side != side));
        const M nan_side = live & ~vertex & (side != side);
        handed_over |= unresolved | nan_side;
        live &= ~(unresolved | nan_side);
        const V flip = V((M(side) & sign_bit) | M(one));
        const V dx = vertex ? rx : (no_side ? zero : flip * rx);
        const V dy = vertex ? ry : (no_side ? zero : flip * ry);
        direction_x = live ? dx : direction_x;
        direction_y = live ? dy : direction_y;
        // Cases 3a, 3b and 4: the origin on the simplex. Then the iteration cap.
        const M on_simplex = live & (dx == zero) & (dy == zero);
        end(on_simplex & vertex, Termination::vertex_overlap);
        end(on_simplex & ~vertex, Termination::edge_overlap);
        end(live & (iterations >= max_iterations), Termination::max_iterations);

        // The support of Z along d.
        const Support next = support(dx, dy);
        const M sa = next.index_a, sb = next.index_b;
        const V vx = next.x, vy = next.y;
        last_x = live ? dx : last_x;
        last_y = live ? dy : last_y;

        // Case 1: a support point already in the simplex (as it was before culling).
        M repeated{};
        for (int i = 0; i < 3; ++i) {
            repeated |= (splat_int(Int(i)) < saved_size) & (sa == saved_a[i]) & (sb == saved_b[i]);
        }
        repeated &= live;
        beyond = repeated ? ~((sa == index_a[0]) & (sb == index_b[0])) : beyond;
        end(repeated, Termination::repeated_support);

        // No progress: the new point is not beyond the simplex along d.
        const V reach = dx * vx + dy * vy;
        end(live & ~(reach > dx * w_x[0] + dy * w_y[0]), Termination::no_progress);

        // The rest add the support point to their simplex.
        for (int i = 0; i < 3; ++i) {
            const M here = live & (size == splat_int(Int(i)));
            w_x[i] = here ? vx : w_x[i], w_y[i] = here ? vy : w_y[i];
            index_a[i] = here ? sa : index_a[i], index_b[i] = here ? sb : index_b[i];
        }
        size -= live;
    }

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
}

} // namespace gjk::detail
