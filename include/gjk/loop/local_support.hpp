// gjk/loop/local_support.hpp - the support of the Minkowski difference Z = B - A in A's local
// frame, and the choice of the support adapters that compute it for a pair of shapes.
#pragma once

#include <type_traits>

#include "gjk/distance_types.hpp"
#include "gjk/math.hpp"
#include "gjk/prepared.hpp"
#include "gjk/shape.hpp"

namespace gjk {

namespace detail {

/// The support of Z = B - A in A's local frame: A as it is, B through the relative transform.
template <class Support>
using LocalMinkowski = MinkowskiDifference<Support, TransformedSupport<Support>>;

/// B's frame seen from A's: inverse(xf_a) * xf_b.
/// For float it is computed in double and rounded once: a dozen operations per query that
/// take the relative transform's error from several float roundings to one, which is most of
/// the float kernel's error budget (TEST(Distance, MatchesTheBruteForceOracleOnEveryFamily)).
template <class T> Transform<T> relative(const Transform<T>& xf_a, const Transform<T>& xf_b) {
    using W = std::conditional_t<std::is_same_v<T, float>, double, T>;
    const W ac = xf_a.q.c, as = xf_a.q.s, bc = xf_b.q.c, bs = xf_b.q.s;
    const W dx = W(xf_b.p.x) - W(xf_a.p.x), dy = W(xf_b.p.y) - W(xf_a.p.y);
    Transform<T> r;
    r.q = {T(ac * bc + as * bs), T(ac * bs - as * bc)};
    r.p = {T(ac * dx + as * dy), T(-as * dx + ac * dy)};
    return r;
}

/// Calls f with the support of Z = B - A in A's frame (`xf`: B's frame seen from A's), built
/// for the input's shapes, and returns what f returns: for two prepared shapes their O(log n)
/// supports, with a small B moved into A's frame once (MovedVerticesSupport, the common case of
/// small polygons) and a big polygon's search inline when the other shape is small
/// (PreparedSearchSupport); otherwise linear scans of the point sets. distance() and overlap() run
/// their loops through it, so both take the same path for the same pair.
/// (Always inlined: as a call of its own it copied each query's output once more.)
template <class T, class F>
[[gnu::always_inline]] inline decltype(auto) with_local_support(const DistanceInput<T>& input,
                                                                const Transform<T>& xf, F&& f) {
    if (input.a.prepared && input.b.prepared) {
        using Shape = PreparedShape<T>;
        // The views' sizes are the hulls' vertex counts and are at hand; A's count() lies on
        // another cache line than the vertices its small-shape scan reads.
        const int count_a = static_cast<int>(input.a.points.size());
        const int count_b = static_cast<int>(input.b.points.size());
        const PreparedSupport<T> sa{input.a.points, input.a.prepared};
        if (count_b <= Shape::kInline && count_a <= Shape::kScanLimit) {
            return f(MinkowskiDifference<PreparedSupport<T>, MovedVerticesSupport<T>>{
                sa, MovedVerticesSupport<T>(*input.b.prepared, xf)});
        }
        if (count_b <= Shape::kInline) { // a big polygon against a small one
            return f(MinkowskiDifference<PreparedSearchSupport<T>, MovedVerticesSupport<T>>{
                PreparedSearchSupport<T>{sa}, MovedVerticesSupport<T>(*input.b.prepared, xf)});
        }
        const PreparedSupport<T> sb{input.b.points, input.b.prepared};
        if (count_a <= Shape::kInline && count_b > Shape::kScanLimit) { // the same, the other way
            return f(MinkowskiDifference<PreparedSupport<T>,
                                         TransformedSupport<PreparedSearchSupport<T>>>{
                sa, {PreparedSearchSupport<T>{sb}, xf}});
        }
        return f(LocalMinkowski<PreparedSupport<T>>{sa, {sb, xf}});
    }
    const PointSetSupport<T> sa{input.a.points}, sb{input.b.points};
    return f(LocalMinkowski<PointSetSupport<T>>{sa, {sb, xf}});
}

} // namespace detail

} // namespace gjk
