// gjk/distance3.hpp - the distance between two convex shapes in space: GJK on the Minkowski
// difference, the talk's loop one dimension up (gjk/distance.hpp is the plane's).
//
// Z = B - A has the support s_Z(d) = s_B(d) - s_A(-d), so the loop never builds Z: it keeps a
// simplex of up to four points of Z and moves it towards the origin. In order, each iteration:
//   1. solve: the closest point P of the simplex to the origin, by its Voronoi regions
//      (gjk/loop/simplex3.hpp: point, segment, triangle, tetrahedron);
//   2. case 2, containment: the origin inside the tetrahedron (P = 0, region ABCD): overlap;
//   3. the stall rule: |P| must decrease strictly, or the loop ends with the best simplex;
//   4. cull: keep the vertices of P's region;
//   5. the search direction d, perpendicular to the kept feature, towards the origin; zero when
//      the origin lies on the feature: cases 3a (a vertex), 3b (an edge), 4 (a face): contact;
//   6. the iteration cap;
//   7. the support w of Z along d; case 1: w already in the simplex; no progress: w not beyond
//      the simplex along d (the simplex's feature is the closest of Z): both end the loop;
//   8. push w.
// The answer: P's weights give the witness points on A and on B, |P| the distance of the cores,
// P / |P| the normal from A to B; the radii move the points onto the rounded surfaces.
// A contact (distance 0) is touching when a support plane through the origin is found - a
// direction n with s_Z(n).n <= 0, among the planes through the contact feature
// (detail::support_plane) - and overlapping otherwise. Every region and ending is decided by a
// comparison with zero, without tolerances.
#pragma once

#include <cmath>
#include <limits>
#include <vector>

#include "gjk/distance3_types.hpp"
#include "gjk/loop/conclude3.hpp"
#include "gjk/loop/rules.hpp"
#include "gjk/loop/simplex3.hpp"
#include "gjk/math3.hpp"
#include "gjk/minkowski3.hpp"
#include "gjk/validate.hpp"

namespace gjk {

namespace detail {

/// The power of two (exact) that brings the shapes' largest coordinate near 1: the loop's
/// stall rule and the conclusion's settle() compare squared lengths of points scaled by it,
/// which must neither overflow nor underflow for shapes of any size within the range.
template <class T> T square_scale(const PairInFrameA3<T>& pair) {
    return unit_scale({Vec3<T>{pair.largest(), T(0), T(0)}});
}

/// start(): the cached pairs when the cache has 1 to 4 of them, all in range; else the support
/// along -c, c = B's centre - A's centre, a point inside Z (or along x when c is zero). `d` is
/// set to the direction of the start (c itself for a warm start): the last direction when the
/// loop ends before its first support.
template <class T, class Z>
Simplex3<T> start3(const DistanceInput3<T>& input, const PairInFrameA3<T>& pair, const Z& z,
                   const SimplexCache3<T>* cache, Vec3<T>& d) {
    Simplex3<T> s;
    const int count_a = int(input.a.points.size()), count_b = int(input.b.points.size());
    if (cache && cache->count >= 1 && cache->count <= 4) {
        bool in_range = true;
        for (int i = 0; i < cache->count; ++i) {
            in_range &= cache->index_a[i] >= 0 && cache->index_a[i] < count_a &&
                        cache->index_b[i] >= 0 && cache->index_b[i] < count_b;
        }
        if (in_range) {
            for (int i = 0; i < cache->count; ++i) {
                s.v[i] = z.vertex(cache->index_a[i], cache->index_b[i]);
            }
            s.count = cache->count;
        }
    }
    d = pair.centre();
    if (s.count == 0) {
        d = length_squared(d) > T(0) ? -d : Vec3<T>{T(1), T(0), T(0)};
        s.v[0] = z(d), s.count = 1;
    }
    return s;
}

/// A traced iteration in the world frame (`xf_a`: A's pose, its quaternion normalized), as the
/// answer is: each vertex's points moved by A's pose, w and P turned by it.
template <class T>
TraceStep3<T> world_step(const Transform3<T>& xf_a, const Simplex3<T>& s, Vec3<T> closest) {
    TraceStep3<T> step{s, rotate(xf_a.q, closest)};
    for (int i = 0; i < s.count; ++i) {
        SimplexVertex3<T>& v = step.simplex.v[i];
        v.a = apply(xf_a, v.a), v.b = apply(xf_a, v.b), v.w = rotate(xf_a.q, v.w);
    }
    return step;
}

/// distance() on Z = B - A in A's frame (`pair`'s, with each shape's kind of support).
template <class T, class Z>
DistanceOutput3<T> distance_in_frame(const DistanceInput3<T>& input, const PairInFrameA3<T>& pair,
                                     const Z& z, SimplexCache3<T>* cache,
                                     std::vector<TraceStep3<T>>* trace) {
    const T k = square_scale(pair);
    auto square = [k](Vec3<T> v) { return length_squared(k * v); };
    Vec3<T> d;
    Simplex3<T> s = start3(input, pair, z, cache, d);

    Simplex3<T> best = s;
    Solution3<T> best_solution{};
    T previous = std::numeric_limits<T>::infinity();
    int stalls = 0;
    Termination ending = Termination::max_iterations;
    int iterations = 0;
    Vec3<T> last_direction = d;
    Vec3<T> last_support = s.v[0].w; // the last support point's w
    while (true) {
        ++iterations;
        // The pairs before cull, for case 1 (gjk/loop/rules.hpp).
        const int before_count = s.count;
        const std::uint64_t before[4] = {
            pack_pair(s.v[0].index_a, s.v[0].index_b), pack_pair(s.v[1].index_a, s.v[1].index_b),
            pack_pair(s.v[2].index_a, s.v[2].index_b), pack_pair(s.v[3].index_a, s.v[3].index_b)};
        const Solution3<T> solution = solve(s);
        const T distance2 = square(solution.closest);
        if (solution.region == 0b1111) { // case 2: the origin inside the tetrahedron
            best = s, best_solution = solution;
            ending = Termination::containment;
            if (trace) {
                trace->push_back(world_step(pair.xf_a, s, solution.closest));
            }
            break;
        }
        // The stall rule (gjk/loop/rules.hpp), on the squares of the scaled points: a distance
        // that did not decrease, beyond the round-off of computing it or past kStalls chances,
        // ends the loop with the best simplex. NaN fails safe: stop.
        if (!(distance2 < previous)) {
            T vertex2 = T(0);
            for (int i = 0; i < s.count; ++i) {
                vertex2 = std::max(vertex2, square(s.v[i].w));
            }
            if (!stall_allowed(distance2, previous, vertex2, stalls)) {
                ending = Termination::no_progress;
                if (trace) { // the iteration keeps the previous simplex
                    trace->push_back(world_step(pair.xf_a, best, best_solution.closest));
                }
                break;
            }
        }
        previous = distance2;
        cull(s, solution.region);
        best = s, best_solution = solution;
        if (trace) {
            trace->push_back(world_step(pair.xf_a, s, solution.closest));
        }
        d = search_direction(s);
        if (d == Vec3<T>{}) { // cases 3a, 3b, 4: the origin on the simplex
            ending = s.count == 1   ? Termination::vertex_overlap
                     : s.count == 2 ? Termination::edge_overlap
                                    : Termination::face_overlap;
            break;
        }
        if (iterations >= input.max_iterations) {
            ending = Termination::max_iterations;
            break;
        }
        const SimplexVertex3<T> w = z(d);
        last_direction = d;
        last_support = w.w;
        if (repeated_support(pack_pair(w.index_a, w.index_b), before, before_count)) { // case 1
            ending = Termination::repeated_support;
            break;
        }
        if (!(dot(w.w, d) > dot(s.v[0].w, d))) {
            ending = Termination::no_progress;
            break;
        }
        s.v[s.count++] = w;
    }

    return conclude3(
        input, pair.xf_a, z,
        LoopResult3<T>{best, best_solution, ending, iterations, last_direction, last_support, k},
        cache);
}

} // namespace detail

/// Distance, witness points and normal between two convex shapes in space (see the top of this
/// file). `cache`, if given, warm starts from and is updated to the final simplex; `trace`, if
/// given, is cleared and receives one TraceStep3 per iteration.
template <class T>
DistanceOutput3<T> distance(const DistanceInput3<T>& input,
                            std::type_identity_t<SimplexCache3<T>>* cache = nullptr,
                            std::type_identity_t<std::vector<TraceStep3<T>>>* trace = nullptr) {
    if (trace) {
        trace->clear();
    }
    DistanceOutput3<T> out;
    out.error = validate(input);
    if (out.error != InputError::none) {
        out.status = Status::invalid_input;
        return out;
    }
    const detail::PairInFrameA3<T> pair(input);
    return pair.with_z(
        [&](const auto& z) { return detail::distance_in_frame(input, pair, z, cache, trace); });
}

} // namespace gjk
