// gjk/distance3.hpp - the distance between two convex shapes in space: GJK on the Minkowski
// difference, the talk's loop one dimension up (gjk/distance.hpp is the plane's).
//
// Z = B - A has the support s_Z(d) = s_B(d) - s_A(-d), so the loop never builds Z: it keeps a
// simplex of up to four points of Z and moves it towards the origin. The loop is the plane's
// (gjk/loop/run.hpp), on the simplex in space (gjk/loop/simplex3.hpp). In order, each iteration:
//   1. solve: the closest point P of the simplex to the origin, by its Voronoi regions
//      (gjk/loop/simplex3.hpp: point, segment, triangle, tetrahedron);
//   2. case 2, containment: the origin inside the tetrahedron (P = 0, region ABCD): overlap;
//   3. the stall rule: |P| must decrease strictly, or the loop ends with the previous simplex;
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
#include "gjk/loop/run.hpp"
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
/// along -c, c = B's centre - A's centre, a point inside Z (or along x when c is zero). Returns the
/// direction of the start (c itself for a warm start): the last direction when the loop ends
/// before its first support.
template <class T, class Z>
Vec3<T> start(const DistanceInput3<T>& input, const PairInFrameA3<T>& pair, const Z& z,
              const SimplexCache3<T>* cache, LoopSimplex3<T>& s) {
    s.count = 0;
    s.scale = square_scale(pair);
    const int count_a = int(input.a.points.size()), count_b = int(input.b.points.size());
    if (cache && cache->count >= 1 && cache->count <= 4) {
        bool in_range = true;
        for (int i = 0; i < cache->count; ++i) {
            in_range &= cache->index_a[i] >= 0 && cache->index_a[i] < count_a &&
                        cache->index_b[i] >= 0 && cache->index_b[i] < count_b;
        }
        if (in_range) {
            for (int i = 0; i < cache->count; ++i) {
                s.push(z.vertex(cache->index_a[i], cache->index_b[i]));
            }
        }
    }
    Vec3<T> d = pair.centre();
    if (s.count == 0) {
        d = length_squared(d) > T(0) ? -d : Vec3<T>{T(1), T(0), T(0)};
        s.push(z(d));
    }
    return d;
}

/// distance() on Z = B - A in A's frame (`pair`'s, with each shape's kind of support): the loop
/// of gjk/loop/run.hpp on the simplex in space, and conclude3()'s answer.
template <class T, class Z>
DistanceOutput3<T> distance_in_frame(const DistanceInput3<T>& input, const PairInFrameA3<T>& pair,
                                     const Z& z, SimplexCache3<T>* cache,
                                     std::vector<TraceStep3<T>>* trace) {
    LoopSimplex3<T> s;
    const Vec3<T> first_direction = start(input, pair, z, cache, s);
    const LoopResult<Vec3<T>> r =
        run(z, s, input.max_iterations, T(-1), pair.xf_a, trace, first_direction);
    return conclude3(input, pair.xf_a, z, s, r, cache);
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
