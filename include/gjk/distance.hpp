// gjk/distance.hpp - GJK distance between two convex shapes (the talk, sections 3 and 4).
//
// The problem. The distance between convex shapes A and B equals the distance from the origin
// to their Minkowski difference Z = B - A (the talk's property 1), and Z's support function is
// support(B, d) - support(A, -d) (property 2), so Z is never built.
//
// The loop (the talk's GJK, with its termination cases numbered as in the talk):
//   start with one point of Z (or the cached simplex of the last call)
//   loop
//     find the closest point P of the simplex to the origin and drop the vertices that do not
//       contribute to it (gjk/segment.hpp and gjk/triangle.hpp with Q = origin)
//     a 2-simplex (triangle) survived: the origin is inside Z              -> case 2
//     P is not strictly closer than last time's P: round-off is cycling     -> no progress
//     build the search direction d toward the origin: -P for a vertex; for an edge, the exact
//       perpendicular perp(e), its sign chosen by a dot product
//     d is exactly zero: the origin is on the vertex                       -> case 3a
//     the sign's dot product is exactly zero: the origin is on the edge    -> cases 3b and 4
//     w = support(Z, d)
//     w is already in the simplex (same pair of indices)                   -> case 1
//     w is no further along d than the simplex: P cannot get closer        -> no progress
//     add w
//   end
// Every test that decides a case compares a computed number with zero - no epsilon, so no
// test depends on the shapes' size (a 3 mm edge 5 mm from a point is not taken for an
// overlap; see TEST(Distance, MillimetreEdgeIsSeparatedNotOverlapping)).
//
// The work is done in A's local frame: B is brought over by the relative transform, so a
// pair far from the world origin loses no precision to its offset, and A's support needs no
// rotation. Results are moved back to the world frame at the end.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <type_traits>
#include <vector>

#include "gjk/math.hpp"
#include "gjk/prepared.hpp"
#include "gjk/segment.hpp"
#include "gjk/shape.hpp"
#include "gjk/triangle.hpp"

namespace gjk {

/// The iteration cap of every GJK loop in the library, unless the input sets another. GJK on
/// polygons ends in as many iterations as Z has vertices at most, and in practice in a handful
/// (the oracle tests, 1024-gons included, see at most 12: tests/test_distance.cpp);
/// 64 leaves room for worse while keeping a stuck loop cheap.
inline constexpr int kMaxIterations = 64;

/// What the query found.
enum class Status : unsigned char {
    separated,      ///< distance > 0; normal and witness points are the closest pair
    touching,       ///< distance == 0 and the shapes' boundaries meet; the normal is valid
    overlapping,    ///< the shapes' interiors overlap; distance is 0
    max_iterations, ///< the loop hit the cap; the answer is the best found (an upper bound)
    invalid_input,  ///< the input broke a precondition; see `error`
};

/// Which way the loop ended (the talk's termination cases, and the library's own).
enum class Termination : unsigned char {
    none,             ///< not run (invalid input)
    repeated_support, ///< case 1: the support point is already in the simplex
    containment,      ///< case 2: a triangle of Z contains the origin
    vertex_overlap,   ///< case 3a: the origin is a vertex of the simplex
    edge_overlap,     ///< cases 3b and 4: the origin lies on an edge of the simplex
    no_progress,      ///< the squared distance did not strictly decrease
    separating_axis,  ///< overlap test only: a support plane separates Z from the origin
    max_iterations,   ///< the iteration cap
};

/// What is wrong with an invalid input.
enum class InputError : unsigned char {
    none,               ///< the input is valid
    empty_a,            ///< shape A has no points
    empty_b,            ///< shape B has no points
    too_many_points_a,  ///< shape A has more points than an int can index
    too_many_points_b,  ///< shape B has more points than an int can index
    nonfinite_point_a,  ///< a point of A is NaN or infinite
    nonfinite_point_b,  ///< a point of B is NaN or infinite
    bad_radius_a,       ///< A's radius is negative, NaN, infinite or beyond kernel_range<T>()
    bad_radius_b,       ///< B's radius is negative, NaN, infinite or beyond kernel_range<T>()
    bad_transform_a,    ///< A's translation is not finite or beyond the range, or its rotation
                        ///< is not unit length
    bad_transform_b,    ///< the same for B's transform
    bad_max_iterations, ///< max_iterations < 1
    nonfinite_result,   ///< the arithmetic overflowed (coordinates too large for the scalar)
    out_of_range_a,     ///< a point of A is beyond kernel_range<T>() (gjk/math.hpp)
    out_of_range_b,     ///< a point of B is beyond kernel_range<T>()
};

/// A short English description of a Status.
constexpr const char* to_string(Status s) {
    switch (s) {
    case Status::separated:
        return "separated";
    case Status::touching:
        return "touching";
    case Status::overlapping:
        return "overlapping";
    case Status::max_iterations:
        return "max_iterations";
    case Status::invalid_input:
        return "invalid_input";
    }
    return "?";
}

/// A short English description of a Termination.
constexpr const char* to_string(Termination t) {
    switch (t) {
    case Termination::none:
        return "none";
    case Termination::repeated_support:
        return "repeated_support";
    case Termination::containment:
        return "containment";
    case Termination::vertex_overlap:
        return "vertex_overlap";
    case Termination::edge_overlap:
        return "edge_overlap";
    case Termination::no_progress:
        return "no_progress";
    case Termination::separating_axis:
        return "separating_axis";
    case Termination::max_iterations:
        return "max_iterations";
    }
    return "?";
}

/// A sentence naming what is wrong with the input.
constexpr const char* to_string(InputError e) {
    switch (e) {
    case InputError::none:
        return "no error";
    case InputError::empty_a:
        return "shape a has no points";
    case InputError::empty_b:
        return "shape b has no points";
    case InputError::too_many_points_a:
        return "shape a has too many points";
    case InputError::too_many_points_b:
        return "shape b has too many points";
    case InputError::nonfinite_point_a:
        return "shape a has a point that is not finite";
    case InputError::nonfinite_point_b:
        return "shape b has a point that is not finite";
    case InputError::bad_radius_a:
        return "shape a's radius is negative, not finite or beyond the kernel's range";
    case InputError::bad_radius_b:
        return "shape b's radius is negative, not finite or beyond the kernel's range";
    case InputError::bad_transform_a:
        return "shape a's transform is not finite, beyond the kernel's range or not a rotation";
    case InputError::bad_transform_b:
        return "shape b's transform is not finite, beyond the kernel's range or not a rotation";
    case InputError::bad_max_iterations:
        return "max_iterations must be at least 1";
    case InputError::nonfinite_result:
        return "the result overflowed: coordinates are too large for this precision";
    case InputError::out_of_range_a:
        return "shape a has a coordinate beyond the kernel's range (sqrt(max) / 16)";
    case InputError::out_of_range_b:
        return "shape b has a coordinate beyond the kernel's range (sqrt(max) / 16)";
    }
    return "?";
}

/// One vertex of a simplex: a point of Z and the two shape points it was made from.
template <class T> struct SimplexVertex {
    Vec2<T> a{};    ///< point on A (world frame in outputs)
    Vec2<T> b{};    ///< point on B (world frame in outputs)
    Vec2<T> w{};    ///< Minkowski point b - a
    T weight{0};    ///< barycentric weight of w in the closest point (the talk's u)
    int index_a{0}; ///< index of a in A's points
    int index_b{0}; ///< index of b in B's points
};

/// A simplex of Z: a point, a segment or a triangle.
template <class T> struct Simplex {
    SimplexVertex<T> v[3]{}; ///< the vertices; only the first `count` are used
    int count{0};            ///< 1, 2 or 3 (0 when nothing was computed)
};

/// One iteration of the loop, for the talk's Output::simplices: the simplex after its closest
/// point was found and the non-contributing vertices dropped, the closest point, and (unless
/// the loop ended at this step) the search direction and the support point it found. All in
/// the world frame; Minkowski quantities are in world orientation.
template <class T> struct TraceStep {
    Simplex<T> simplex{};                       ///< vertices with their weights
    Vec2<T> closest{};                          ///< closest point of the simplex to the origin
    Vec2<T> direction{};                        ///< search direction (zero if none was built)
    SimplexVertex<T> support{};                 ///< the new support point, if has_support
    bool has_support{false};                    ///< whether a support point was computed
    Termination termination{Termination::none}; ///< set on the last step
};

/// Warm start: the last simplex's index pairs. Keep one per pair of shapes, zero-initialized,
/// and pass it to every call; shapes that moved a little start from where they were.
template <class T> struct SimplexCache {
    int count{0};     ///< number of cached vertices (0: cold start)
    int index_a[3]{}; ///< A's point of each vertex
    int index_b[3]{}; ///< B's point of each vertex
    T metric{0};      ///< the simplex's squared length or area when cached (see distance())
};

/// Input of a distance or overlap query.
template <class T> struct DistanceInput {
    ShapeView<T> a{};                   ///< shape A
    ShapeView<T> b{};                   ///< shape B
    Transform<T> xf_a{};                ///< A's local-to-world transform
    Transform<T> xf_b{};                ///< B's local-to-world transform
    bool use_radii{true};               ///< include the shapes' radii
    int max_iterations{kMaxIterations}; ///< iteration cap (>= 1)
};

/// Output of a distance query. Every field is filled on every return path.
template <class T> struct DistanceOutput {
    T distance{0};     ///< >= 0; the gap between the shapes (radii applied if asked)
    Vec2<T> point_a{}; ///< witness point on A (world); on overlap the common point
    Vec2<T> point_b{}; ///< witness point on B (world)
    Vec2<T> normal{};  ///< unit normal from A to B; zero only when it is unknown (overlap)
    int iterations{0}; ///< loop iterations (simplex solves)
    Status status{Status::invalid_input};       ///< what the query found
    Termination termination{Termination::none}; ///< which way the loop ended
    InputError error{InputError::none};         ///< what is wrong when status is invalid_input
};

namespace detail {

/// A's rotation is unit length (a scale or a shear would silently change the shape) and its
/// translation within the kernel's range; NaN fails every test. & rather than &&, here and
/// in validate(): one branch on the verdict instead of one per test.
template <class T> bool transform_ok(const Transform<T>& xf) {
    // A Rot from from_angle has c^2 + s^2 within a few ulps of 1; a deviation of 1e-3 means a
    // scale or a shear (TEST(Distance, RejectsBadInput)).
    const T range = kernel_range<T>();
    return (int(std::abs(xf.q.c * xf.q.c + xf.q.s * xf.q.s - T(1)) <= T(1e-3)) &
            int(std::abs(xf.p.x) <= range) & int(std::abs(xf.p.y) <= range)) != 0;
}

/// What is wrong with an input that failed validate()'s quick test (or none). Not inlined:
/// inside validate() its registers cost the quick test a dozen saves and restores.
template <class T> [[gnu::noinline]] InputError input_error(const DistanceInput<T>& in) {
    const T range = kernel_range<T>();
    // The errors of shape a; shape b's is the next enumerator (InputError's order).
    auto shape_error = [range](const ShapeView<T>& v) -> InputError {
        // A prepared shape was checked once, when it was made; its view has points exactly
        // when it is valid, so only an invalid one costs a look at the shape.
        if (v.prepared && !v.points.empty()) {
            return InputError::none;
        }
        if (v.prepared) {
            switch (v.prepared->error()) {
            case ShapeError::none:
                return InputError::none;
            case ShapeError::empty:
                return InputError::empty_a;
            case ShapeError::too_many_points:
                return InputError::too_many_points_a;
            case ShapeError::nonfinite_point:
                return InputError::nonfinite_point_a;
            case ShapeError::bad_radius:
                return InputError::bad_radius_a;
            case ShapeError::out_of_range:
                return InputError::out_of_range_a;
            }
        }
        constexpr std::size_t max_points =
            static_cast<std::size_t>(std::numeric_limits<int>::max());
        if (v.points.empty())
            return InputError::empty_a;
        if (v.points.size() > max_points)
            return InputError::too_many_points_a;
        const bool within = all_within(v.points, range); // one pass: finite and in range
        if (!within && !all_finite(v.points))
            return InputError::nonfinite_point_a;
        if (!(v.radius >= T(0) && v.radius <= range)) // NaN fails too
            return InputError::bad_radius_a;
        return within ? InputError::none : InputError::out_of_range_a;
    };
    const InputError ea = shape_error(in.a), eb = shape_error(in.b);
    // Report in the order: empty, too many points, non-finite point, radius - a before b.
    if (ea != InputError::none || eb != InputError::none) {
        const auto rank = [](InputError e) { return e == InputError::none ? 255 : int(e); };
        return rank(ea) <= rank(eb) ? ea : static_cast<InputError>(int(eb) + 1);
    }
    if (!transform_ok(in.xf_a))
        return InputError::bad_transform_a;
    if (!transform_ok(in.xf_b))
        return InputError::bad_transform_b;
    if (in.max_iterations < 1)
        return InputError::bad_max_iterations;
    return InputError::none;
}

} // namespace detail

/// Checks the preconditions of a query; InputError::none when it may run. A prepared shape
/// (gjk/prepared.hpp) was checked when it was made: only its stored verdict is read, so the
/// check costs O(1) instead of a pass over the points.
template <class T> [[gnu::always_inline]] inline InputError validate(const DistanceInput<T>& in) {
    // The common case, two valid prepared shapes (a prepared shape's view has points exactly
    // when the shape is valid) and sound transforms, in one test and inline; anything it does
    // not accept is looked at in detail by detail::input_error, which decides exactly. So the
    // test may be stricter than the rules, and is: the four translation coordinates' sum
    // within the range instead of each, the two rotations' deviations' sum within 1e-3 instead
    // of each (NaN and infinities fail both). Two compares instead of six: 60 instructions a
    // query became 30 (callgrind on bench/bench.cpp).
    const T reach = std::abs(in.xf_a.p.x) + std::abs(in.xf_a.p.y) + std::abs(in.xf_b.p.x) +
                    std::abs(in.xf_b.p.y);
    const T unit = std::abs(in.xf_a.q.c * in.xf_a.q.c + in.xf_a.q.s * in.xf_a.q.s - T(1)) +
                   std::abs(in.xf_b.q.c * in.xf_b.q.c + in.xf_b.q.s * in.xf_b.q.s - T(1));
    const bool prepared = (int(in.a.prepared != nullptr) & int(in.b.prepared != nullptr) &
                           int(!in.a.points.empty()) & int(!in.b.points.empty())) != 0;
    if ((int(prepared) & int(reach <= kernel_range<T>()) & int(unit <= T(1e-3)) &
         int(in.max_iterations >= 1)) != 0) {
        return InputError::none;
    }
    return detail::input_error(in);
}

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
/// supports, with a small B moved into A's frame once (MovedSmallSupport, the common case of
/// small polygons) and a big polygon's search inline when the other shape is small
/// (PreparedLargeSupport); otherwise linear scans of the point sets. distance() and overlap() run
/// their loops through it, so both take the same path for the same pair.
/// (Always inlined: as a call of its own it copied each query's output once more, 32
/// instructions a query on bench/bench.cpp's Pairs8/cold.)
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
            return f(MinkowskiDifference<PreparedSupport<T>, MovedSmallSupport<T>>{
                sa, MovedSmallSupport<T>(*input.b.prepared, xf)});
        }
        if (count_b <= Shape::kInline) { // a big polygon against a small one
            return f(MinkowskiDifference<PreparedLargeSupport<T>, MovedSmallSupport<T>>{
                PreparedLargeSupport<T>{sa}, MovedSmallSupport<T>(*input.b.prepared, xf)});
        }
        const PreparedSupport<T> sb{input.b.points, input.b.prepared};
        if (count_a <= Shape::kInline && count_b > Shape::kScanLimit) { // the same, the other way
            return f(MinkowskiDifference<PreparedSupport<T>,
                                         TransformedSupport<PreparedLargeSupport<T>>>{
                sa, {PreparedLargeSupport<T>{sb}, xf}});
        }
        return f(LocalMinkowski<PreparedSupport<T>>{sa, {sb, xf}});
    }
    const PointSetSupport<T> sa{input.a.points}, sb{input.b.points};
    return f(LocalMinkowski<PointSetSupport<T>>{sa, {sb, xf}});
}

/// The simplex as the loop keeps it: the Minkowski points w = b - a, the index pairs they came
/// from and their weights. The shape points a and b are not carried along: the witness points
/// need them only at the end, and the indices give them back (the loop copies a third as
/// much per vertex; that and no copies of whole simplices per iteration halved the cost of a
/// query, bench/results).
///
/// Each index pair is packed into one 64-bit number (A's index high, B's low), so that the
/// talk's case 1, "is this support point already in the simplex?", compares one number per
/// vertex instead of two (a third of the loop's bookkeeping before: callgrind on
/// bench/bench.cpp).
template <class T> struct LoopSimplex {
    Vec2<T> w[3];
    std::uint64_t pair[3];
    T weight[3];
    int count;

    /// An empty simplex, every slot zero (keep() and the case-1 test read all three slots).
    /// Each array on its own: zeroing the whole object at once (104 bytes in double) compiled
    /// to a `rep stosq`, a microcoded string store that cost a mispredicted branch and about
    /// 20 instructions a query (callgrind on bench/bench.cpp, gjk_double/Pairs8/cold).
    LoopSimplex() {
        for (Vec2<T>& v : w) {
            v = {};
        }
        for (std::uint64_t& p : pair) {
            p = 0;
        }
        for (T& u : weight) {
            u = T(0);
        }
        count = 0;
    }

    static std::uint64_t pack(int index_a, int index_b) {
        return std::uint64_t(std::uint32_t(index_a)) << 32 | std::uint32_t(index_b);
    }
    int index_a(int i) const { return int(std::uint32_t(pair[i] >> 32)); }
    int index_b(int i) const { return int(std::uint32_t(pair[i])); }

    void push(const MinkowskiPoint<T>& m) {
        w[count] = m.w;
        pair[count] = pack(m.index_a, m.index_b);
        ++count;
    }
};

/// The closest point of a simplex to the origin and which vertices make it up.
/// (No default member values: solve() sets every field, and zeroing them first cost a dozen
/// stores per iteration.)
template <class T> struct Solution {
    Vec2<T> closest; ///< the closest point P
    T weight[3];     ///< barycentric weights of P (0 for a vertex that does not contribute)
    unsigned mask;   ///< contributing vertices: a SegmentRegion or TriangleRegion value
};

/// The talk's "compute closest point P on S", with Q = origin (gjk/segment.hpp and
/// gjk/triangle.hpp). The simplex is not changed: the loop first decides whether it keeps it.
template <class T> Solution<T> solve(const LoopSimplex<T>& s) {
    const Vec2<T> origin{};
    Solution<T> r;
    switch (s.count) {
    case 1:
        r.closest = s.w[0];
        r.weight[0] = T(1), r.weight[1] = r.weight[2] = T(0);
        r.mask = 1u;
        return r;
    case 2: {
        const SegmentClosest<T> c = closest_point_segment(s.w[0], s.w[1], origin);
        r.closest = c.point;
        r.weight[0] = c.u, r.weight[1] = c.v, r.weight[2] = T(0);
        r.mask = static_cast<unsigned>(c.region);
        return r;
    }
    default: {
        const TriangleClosest<T> c = closest_point_triangle(s.w[0], s.w[1], s.w[2], origin);
        r.closest = c.point;
        r.weight[0] = c.u, r.weight[1] = c.v, r.weight[2] = c.w;
        r.mask = static_cast<unsigned>(c.region);
        return r;
    }
    }
}

/// The talk's "cull non-contributing vertices from S": keeps the vertices in the solution's
/// mask, in order, with their weights. Every slot is copied to the next free one and the free
/// one advances only past a kept vertex: no branch on the mask, which the processor
/// mispredicted about once per query (callgrind --branch-sim on bench/bench.cpp). Slots past
/// the count hold stale vertices and are never read.
template <class T> void keep(LoopSimplex<T>& s, const Solution<T>& r) {
    int n = 0;
    for (int i = 0; i < 3; ++i) {
        s.w[n] = s.w[i];
        s.pair[n] = s.pair[i];
        s.weight[n] = r.weight[i];
        n += static_cast<int>((r.mask >> i) & 1u);
    }
    s.count = n;
}

/// A direction with every coordinate below sqrt(min) (1.1e-19 in float), scaled by a power
/// of two - exact, and only the direction matters - so that its largest coordinate is in
/// [1, 2); any other direction as it is. The support's dot products of such a direction with
/// the shapes' points underflow: a vertex of Z 5.7e-44 from the origin gave d = (-5.7e-44, 0),
/// every product with B's points (of 1e-6) was 0, the support returned the vertex itself, and
/// shapes 4.6e-6 into each other were "separated" (TEST(DistanceFloat,
/// TinyVertexStillFindsTheOverlap)). From sqrt(min) up, a product with a coordinate of
/// sqrt(min) or more is a normal number, so the support compares them to eps, and smaller
/// coordinates weigh less than sqrt(min) |d|, far below any tolerance (4e-7 of a scale >= 1).
/// Scaled to about 1, the products stay below 2 * 4 sqrt(2) kernel_range: no overflow.
template <class T> [[gnu::noinline]] Vec2<T> scaled_up(Vec2<T> d, T largest) {
    const int e = std::ilogb(largest);
    return {std::ldexp(d.x, -e), std::ldexp(d.y, -e)};
}
// Always inlined, so that only the rare case is a call: when the library grew, GCC made the
// whole function a call in the big-polygon loops (bench/bench.cpp, gjk_double/BigN/4096 took
// 345-369 ns instead of 320-332).
template <class T> [[gnu::always_inline]] inline Vec2<T> resolvable(Vec2<T> d) {
    const T largest = std::max(std::abs(d.x), std::abs(d.y));
    if (!(largest < std::sqrt(std::numeric_limits<T>::min())) || largest == T(0)) {
        return d; // the common case; NaN and zero too
    }
    return scaled_up(d, largest); // out of line: the rare case kept the loop from inlining
}

/// The search direction toward the origin, from a solved 1- or 2-simplex, or zero when the
/// origin lies on the simplex.
///  - A vertex: d = origin - w = -w; zero exactly when the origin is the vertex (case 3a).
///  - An edge: not origin - P, whose round-off tilts it off the edge's normal (the talk's
///    single-precision segment has dot(d, B - A) = 3.2e-6); instead d = perp(e), exactly
///    perpendicular (gjk/math.hpp), flipped so that dot(d, origin - w0) > 0. No division.
///    When that dot product is exactly zero the origin is on the edge (cases 3b and 4).
/// Either is resolvable(): a tiny direction is scaled up, exactly.
template <class T> [[gnu::always_inline]] inline Vec2<T> search_direction(const LoopSimplex<T>& s) {
    if (s.count == 1) {
        return resolvable(-s.w[0]);
    }
    const Vec2<T> e = s.w[1] - s.w[0];
    const Vec2<T> d = resolvable(perp(e));
    const T side = dot(d, -s.w[0]);
    if (!(side != T(0)) || side != side) {
        return {}; // side == 0, or NaN from overflow: no direction to search
    }
    // Which side the origin is on is data: a branch on it mispredicted 0.7 times a query
    // (callgrind --branch-sim, bench/bench.cpp Pairs8/cold), so the sign is copied instead.
    // Multiplying by +-1 is exact.
    const T flip = std::copysign(T(1), side);
    return {flip * d.x, flip * d.y};
}

/// The size of a simplex that warm starting compares between calls: 0 for a point, the
/// squared length of a segment (no square root: only ratios are compared), the signed area
/// (times 2) of a triangle.
template <class T> T metric(const LoopSimplex<T>& s) {
    switch (s.count) {
    case 2:
        return length_squared(s.w[1] - s.w[0]);
    case 3:
        return cross(s.w[1] - s.w[0], s.w[2] - s.w[0]);
    default:
        return T(0);
    }
}

/// Rebuilds the cached simplex, or returns false when the cache cannot be used: indices out
/// of range for these shapes, or a simplex whose metric changed by more than a factor 2 (the
/// shapes moved too much for it to help) or that collapsed or flipped.
template <class T, class Support>
bool read_cache(const SimplexCache<T>& cache, const Support& z, LoopSimplex<T>& s) {
    if (cache.count < 1 || cache.count > 3) {
        return false;
    }
    const int count_a = z.a.count(), count_b = z.b.count();
    for (int i = 0; i < cache.count; ++i) {
        if (cache.index_a[i] < 0 || cache.index_a[i] >= count_a || cache.index_b[i] < 0 ||
            cache.index_b[i] >= count_b) {
            return false;
        }
        s.push(z.vertex(cache.index_a[i], cache.index_b[i]));
    }
    if (s.count > 1) {
        const T old_metric = cache.metric, new_metric = metric(s);
        const bool same_sign = (old_metric > T(0)) == (new_metric > T(0));
        const T o = std::abs(old_metric), n = std::abs(new_metric);
        if (!(same_sign && n > T(0) && 2 * n >= o && n <= 2 * o)) { // NaN fails safe: cold
            s.count = 0;
            return false;
        }
    }
    return true;
}

template <class T> void write_cache(SimplexCache<T>& cache, const LoopSimplex<T>& s) {
    cache.count = s.count;
    for (int i = 0; i < 3; ++i) { // all three slots: a loop to the count became memcpy calls
        cache.index_a[i] = s.index_a(i);
        cache.index_b[i] = s.index_b(i);
    }
    cache.metric = metric(s);
}

/// A vertex of the simplex with its shape points, in the world frame (for traces). Indices are
/// those of the shapes' input points (PreparedShape::source_index for a prepared shape).
template <class T, class Support>
SimplexVertex<T> world_vertex(const Support& z, const Transform<T>& xf_a, int index_a, int index_b,
                              T weight) {
    const MinkowskiPoint<T> m = z.vertex(index_a, index_b);
    return {apply(xf_a, m.a), apply(xf_a, m.b),    rotate(xf_a.q, m.w),
            weight,           z.a.source(index_a), z.b.source(index_b)};
}

template <class T, class Support>
Simplex<T> world_simplex(const Support& z, const Transform<T>& xf_a, const LoopSimplex<T>& s) {
    Simplex<T> r;
    r.count = s.count;
    for (int i = 0; i < s.count; ++i) {
        r.v[i] = world_vertex(z, xf_a, s.index_a(i), s.index_b(i), s.weight[i]);
    }
    return r;
}

/// How a loop that found no closer point ends (`t` is no_progress or repeated_support): as it
/// is, unless the kept simplex is an edge whose closest point is the origin up to the
/// round-off of computing it (an ulp of the edge's vertices) - the origin on the edge,
/// case 3b/4, edge_overlap, whose exact sign test round-off had missed. Without this a pair
/// 0.137 into each other was reported "separated" at 1.4e-17
/// (TEST(DistanceDouble, OriginWithinRoundOffOfAnEdgeIsStillAnOverlap)); touching_normal()
/// then decides touching or overlapping as for any edge_overlap.
/// A vertex the same way, when the loop's last support lay beyond it (`beyond`: a support
/// that round-off had culled, found again): its closest point is itself, and the rule
/// |w|^2 <= eps^2 |w|^2 holds only when the square underflowed to 0 (|w| below 2.6e-23 in
/// float, 1.5e-162 in double): nothing measured there tells the vertex from the origin, and
/// that is case 3a, vertex_overlap. A float vertex 5.7e-44 from the origin, whose edge to a
/// support 5.4e-6 away had coordinates that underflowed, was "separated" from shapes 4.6e-6
/// deep into each other (fuzz_kernel, TEST(DistanceFloat, TinyVertexStillFindsTheOverlap)).
/// A vertex that is its own support is a proven separation, however small (TYPED_TEST(Distance,
/// SubnormalCoordinatesGiveExactOrOracleAnswers)).
template <class T>
Termination settle(Termination t, const LoopSimplex<T>& s, Vec2<T> closest, bool beyond = false) {
    if (s.count == 1) {
        return beyond && length_squared(s.w[0]) == T(0) ? Termination::vertex_overlap : t;
    }
    if (s.count != 2) {
        return t;
    }
    // One ulp of the larger vertex: the error of P = u w0 + v w1 itself. No more, or a real
    // gap inside the accuracy bound (4e-7 of the scale in float) would read as contact:
    // 4 ulps took a float pair 1.24e-6 apart for touching (fuzz_kernel, TEST(DistanceFloat,
    // GapOfAFewUlpsIsNotTakenForContact)).
    const T size2 = std::max(length_squared(s.w[0]), length_squared(s.w[1]));
    const T round_off = std::numeric_limits<T>::epsilon();
    return length_squared(closest) <= round_off * round_off * size2 ? Termination::edge_overlap : t;
}

/// What the core loop leaves behind besides its simplex, in A's local frame.
template <class T> struct LoopResult {
    Vec2<T> closest{};                ///< the kept simplex's closest point to the origin
    Vec2<T> direction{};              ///< the last search direction built (may be zero)
    Vec2<T> last_support_direction{}; ///< the direction of the last support query (or zero)
    int iterations{0};
    Termination termination{Termination::max_iterations};
};

/// The GJK loop on the support `z`, from the simplex `s`, which it leaves solved (weights set)
/// as the loop's answer. With `separation_radius` >= 0 it is the overlap test of the second GJK
/// article: it also stops as soon as a support plane shows that Z stays further than that
/// radius from the origin (Termination::separating_axis). With kTraced, every iteration is
/// recorded in `trace` (the talk's Output::simplices); without, that code is compiled out.
template <bool kTraced, class T, class Support>
LoopResult<T> run(const Support& z, LoopSimplex<T>& s, int max_iterations, T separation_radius,
                  const Transform<T>& xf_a, std::vector<TraceStep<T>>* trace) {
    LoopResult<T> out;
    T previous_distance2 = std::numeric_limits<T>::infinity();
    constexpr int kStalls = 4;
    int stalls = 0;

    for (;;) {
        ++out.iterations;

        // Closest point of the simplex (not culled yet: the loop may keep the previous one).
        const Solution<T> solution = solve(s);
        const T distance2 = length_squared(solution.closest);

        TraceStep<T>* step = nullptr;
        if constexpr (kTraced) {
            step = &trace->emplace_back();
        }
        // Every way out names the solved simplex it keeps; `s` is that simplex afterwards.
        auto finish = [&](Termination t, Vec2<T> closest) {
            out.termination = t;
            out.closest = closest;
            if constexpr (kTraced) {
                step->simplex = world_simplex(z, xf_a, s);
                step->closest = rotate(xf_a.q, closest);
                step->termination = t;
            }
            return out;
        };

        // Case 2: all three vertices contribute, so the origin is inside the triangle.
        if (solution.mask == 0b111u) {
            keep(s, solution);
            return finish(Termination::containment, solution.closest);
        }

        // GJK's distance strictly decreases in exact arithmetic; if it did not, round-off is
        // at work (or a duplicate point under another index): keep the previous simplex, which
        // is this one without its newest vertex, weights as they were. A distance equal up to
        // the round-off of computing it gets kStalls more chances: in float a real step can
        // improve the squared distance by less than its resolution (a 137,465-long needle
        // stopped 1.4e-6 of its length short, TEST(DistanceFloat,
        // NeedleWithImprovementBelowFloatResolutionStillConverges)), and then the computed one
        // can even come out a little larger (an ulp, for a 5.6e10 vertex whose edge to a point
        // 6e14 away turned the search toward a point 7e-9 from the origin: TEST(DistanceFloat,
        // MixedMagnitudesStayWithinTheBound)). The round-off: such a step moves P = u w0 + v w1
        // by much less than |w0| (u is nearly 1), so each coordinate of P is computed to about
        // 2 eps of |w0|, which moves |P|^2 by up to 4 eps of |w0|^2; the sums of squares add
        // 1.5 eps each: 8 eps of the previous squared distance covers it. The cap on stalls
        // keeps a true round-off cycle short.
        if (!(distance2 < previous_distance2)) { // NaN fails safe: stop
            const T noise = 8 * std::numeric_limits<T>::epsilon() * previous_distance2;
            if (!(distance2 <= previous_distance2 + noise && stalls < kStalls)) {
                --s.count;
                return finish(settle(Termination::no_progress, s, out.closest), out.closest);
            }
            ++stalls;
        }

        // The talk's case 1 compares the new support point with the simplex as it was before
        // culling: a vertex dropped now and found again next time would cycle.
        // (All three slots are copied: a loop up to the count became a memcpy call.)
        const int saved_count = s.count;
        const std::uint64_t saved[3] = {s.pair[0], s.pair[1], s.pair[2]};
        keep(s, solution);
        previous_distance2 = distance2;
        out.closest = solution.closest;

        const Vec2<T> d = search_direction(s);
        out.direction = d;
        if constexpr (kTraced) {
            step->direction = rotate(xf_a.q, d);
        }
        if (d.x == T(0) && d.y == T(0)) {
            // Cases 3a, 3b and 4: the origin is on the simplex, so in Z.
            return finish(s.count == 1 ? Termination::vertex_overlap : Termination::edge_overlap,
                          solution.closest);
        }
        if (out.iterations >= max_iterations) {
            return finish(Termination::max_iterations, solution.closest);
        }

        const MinkowskiPoint<T> v = z(d);
        out.last_support_direction = d;
        if constexpr (kTraced) {
            step->has_support = true;
            step->support = world_vertex(z, xf_a, v.index_a, v.index_b, T(0));
        }

        // Case 1: a repeated support point; the simplex holds the closest feature. (Bitwise
        // & and |, not && and ||: one branch on the answer instead of one per comparison,
        // which the processor could not predict.)
        const std::uint64_t pair = LoopSimplex<T>::pack(v.index_a, v.index_b);
        bool repeated = false;
        for (int i = 0; i < 3; ++i) {
            repeated |= (i < saved_count) & (pair == saved[i]);
        }
        if (repeated) {
            const bool beyond = pair != s.pair[0];
            return finish(settle(Termination::repeated_support, s, solution.closest, beyond),
                          solution.closest);
        }

        const T reach = dot(d, v.w);
        // The overlap test's early out: every point z of Z has dot(z, d) <= reach < 0, so Z
        // is further than -reach/|d| from the origin; beyond the radius, that settles it.
        if (separation_radius >= T(0) && reach < T(0) &&
            reach * reach > separation_radius * separation_radius * length_squared(d)) {
            return finish(Termination::separating_axis, solution.closest);
        }

        // The new point must lie beyond the simplex along d, or the distance cannot decrease.
        if (!(reach > dot(d, s.w[0]))) {
            return finish(settle(Termination::no_progress, s, solution.closest), solution.closest);
        }

        if constexpr (kTraced) {
            step->simplex = world_simplex(z, xf_a, s);
            step->closest = rotate(xf_a.q, solution.closest);
        }
        s.push(v);
    }
}

/// The loop with or without a trace (the trace-free one has no trace code at all).
template <class T, class Support>
LoopResult<T> run(const Support& z, LoopSimplex<T>& s, int max_iterations, T separation_radius,
                  const Transform<T>& xf_a, std::vector<TraceStep<T>>* trace) {
    return trace ? run<true>(z, s, max_iterations, separation_radius, xf_a, trace)
                 : run<false>(z, s, max_iterations, separation_radius, xf_a, trace);
}

/// The witness weights of a containment. The triangle's weights are the barycentric
/// coordinates of the origin, so the weighted shape points coincide - unless the triangle is
/// so flat that round-off swamps its sub-areas, and then the weighted point is nowhere near
/// the origin although the origin is (within that round-off) on the triangle's long edge.
/// So of the triangle and its three edges, keep the one whose weighted point is nearest the
/// origin: the triangle whenever it is well shaped. Story: TEST(Distance,
/// FlatContainmentTriangleStillGivesCoincidentWitnessPoints).
template <class T> void best_containment_weights(LoopSimplex<T>& triangle) {
    const Vec2<T> p = triangle.weight[0] * triangle.w[0] + triangle.weight[1] * triangle.w[1] +
                      triangle.weight[2] * triangle.w[2];
    T best_distance2 = length_squared(p);
    // A well-shaped triangle's point is the origin up to the round-off of its coordinates,
    // a few ulps of its largest vertex; no edge can beat that, so skip the edges (the common
    // case, and a third of the cost of a warm-started query otherwise). A few: p sums three
    // products of weights (each within about 2 eps) and vertices, about 3.5 eps of the largest
    // at worst, so 4 eps. It was 16, more than float's bound (4e-7 = 3.4 eps of the scale): a
    // triangle 2 long and 1e-40 wide kept its weighted point 2.8e-6 (12 eps) from the origin,
    // where its long edge passes 1e-41 from it (fuzz_kernel, TEST(DistanceFloat,
    // FlatContainmentTriangleWithinSixteenUlpsStillTriesItsEdges)).
    const T largest2 = std::max({length_squared(triangle.w[0]), length_squared(triangle.w[1]),
                                 length_squared(triangle.w[2])});
    const T round_off = 4 * std::numeric_limits<T>::epsilon();
    if (best_distance2 <= round_off * round_off * largest2) {
        return;
    }
    LoopSimplex<T> best = triangle;
    // A thin triangle that is not flat enough for an edge to pass near the origin gets
    // iterative refinement first: the weights are the barycentric coordinates of the weighted
    // point p, so the origin's are the weights corrected by cross(p, w_k - w_j) / area (the
    // derivative of the sub-areas). The correction is right to about eps |w|^2 / area of
    // itself, so each step shrinks p by that factor, down to the round-off of p itself; two
    // steps, each kept only if p shrinks. A float triangle 2.8e17 long and 6e13 wide had its
    // weighted point 1.8e12 from the origin and its nearest edge 3.8e11, against a bound of
    // 9.7e10; a step shrinks p by 4e-4 there (fuzz_kernel, TEST(DistanceFloat,
    // ThinContainmentTriangleStillGivesCoincidentWitnessPoints)).
    const Vec2<T>* w = triangle.w;
    const T area = cross(w[1] - w[0], w[2] - w[0]);
    Vec2<T> q = p;
    for (int step = 0; step < 2 && area != T(0); ++step) {
        LoopSimplex<T> refined = best;
        T sum = T(0);
        for (int i = 0; i < 3; ++i) {
            const int j = (i + 1) % 3, k = (i + 2) % 3;
            refined.weight[i] = std::max(T(0), best.weight[i] + cross(q, w[k] - w[j]) / area);
            sum += refined.weight[i];
        }
        if (!(sum > T(0))) {
            break;
        }
        for (T& weight : refined.weight) {
            weight /= sum;
        }
        const Vec2<T> r =
            refined.weight[0] * w[0] + refined.weight[1] * w[1] + refined.weight[2] * w[2];
        if (!(length_squared(r) < best_distance2)) {
            break;
        }
        best = refined;
        best_distance2 = length_squared(r);
        q = r;
    }
    for (int i = 0; i < 3; ++i) {
        const int j = (i + 1) % 3;
        LoopSimplex<T> edge;
        edge.count = 2;
        edge.w[0] = triangle.w[i], edge.w[1] = triangle.w[j];
        edge.pair[0] = triangle.pair[i], edge.pair[1] = triangle.pair[j];
        const Solution<T> r = solve(edge);
        if (length_squared(r.closest) < best_distance2) {
            keep(edge, r);
            best = edge;
            best_distance2 = length_squared(r.closest);
        }
    }
    triangle = best;
}

/// Whether the loop ended with the origin on the simplex (cases 2, 3a, 3b, 4): the cores meet.
inline bool cores_meet(Termination t) {
    return t == Termination::containment || t == Termination::vertex_overlap ||
           t == Termination::edge_overlap;
}

/// The status of a pair from its cores' distance (0 when they meet), the sum of the radii in
/// use, and whether a normal is known. Touching means the rounded shapes' boundaries meet with
/// nothing in between: zero distance and a proven normal. Shared by distance() and overlap()
/// so that both name the same pair the same way.
template <class T> Status classify(T core_distance, T radii, bool normal_known) {
    if (core_distance > radii) {
        return Status::separated;
    }
    return core_distance == radii && normal_known ? Status::touching : Status::overlapping;
}

/// For a core distance of zero: a unit normal from A to B if the origin is on Z's boundary
/// (the shapes touch), or zero if none of the candidates proves it (they overlap). A
/// candidate n is proved when Z lies entirely on its side: the support of Z along -n gives
/// dot(w, n) >= 0. Candidates: the last search direction, which found the vertex at the
/// origin (case 3a reached from outside), and both normals of the edge through the origin
/// (case 3b). One to three support calls, and only when the shapes touch or overlap.
template <class T, class Support>
Vec2<T> touching_normal(const Support& z, const LoopSimplex<T>& s, const LoopResult<T>& r) {
    Vec2<T> candidates[3];
    int n = 0;
    if (r.termination == Termination::edge_overlap && s.count == 2) {
        const Vec2<T> e = s.w[1] - s.w[0];
        candidates[n++] = perp(e);
        candidates[n++] = -perp(e);
    }
    if (r.termination == Termination::vertex_overlap && !(r.last_support_direction == Vec2<T>{})) {
        candidates[n++] = -r.last_support_direction;
    }
    for (int i = 0; i < n; ++i) {
        const Vec2<T> c = candidates[i];
        if (dot(z(-c).w, c) >= T(0)) {
            return normalized(c);
        }
    }
    return {};
}

/// The first simplex: the cached one if it still fits, else one vertex of Z. The talk takes
/// an arbitrary one, and so does a plain point set (its first points). Prepared shapes know a
/// point inside each, so a point c inside Z: the support along -c, Z's side facing the origin,
/// is a vertex from which GJK needs fewer iterations than from an arbitrary one: 2.98 instead
/// of 3.47 on average (bench/bench.cpp, Pairs8/cold), for the price of one support.
template <class T, class Support>
void start(const Support& z, const SimplexCache<T>* cache, LoopSimplex<T>& s) {
    s.count = 0;
    if (cache && read_cache(*cache, z, s)) {
        return;
    }
    if constexpr (requires { z.centre(); }) {
        s.push(z(-z.centre()));
    } else {
        s.push(z.vertex(0, 0));
    }
}

/// The answer from the loop's last simplex `s` and what the loop left in `r`: witness points,
/// distance, normal and status. distance() ends here, and so does the lockstep loop of
/// distance_batch (src/lockstep.hpp), which must answer each query exactly as distance() does.
/// (Always inlined: as a call of its own it would move the single query's code.)
template <class T, class Support>
[[gnu::always_inline]] inline DistanceOutput<T>
conclude(const DistanceInput<T>& input, const Support& z, T ra, T rb, LoopSimplex<T>& s,
         const LoopResult<T>& r) {
    DistanceOutput<T> out;
    out.iterations = r.iterations;
    out.termination = r.termination;
    if (r.termination == Termination::containment) {
        best_containment_weights(s);
    }

    // Witness points from the simplex barycentrics (the talk: apply the weights to the
    // original points), in A's frame; the indices give the points back.
    Vec2<T> pa{}, pb{};
    for (int i = 0; i < s.count; ++i) {
        pa += s.weight[i] * z.a.vertex(s.index_a(i));
    }

    T core_distance = T(0);
    Vec2<T> normal{};
    const bool core_overlap = cores_meet(r.termination);
    if (core_overlap) {
        pb = pa; // one common point: B's weighted point is A's up to round-off, so not built
        if (r.termination != Termination::containment) { // no candidate normal in a triangle
            normal = touching_normal(z, s, r);
        }
    } else {
        for (int i = 0; i < s.count; ++i) {
            pb += s.weight[i] * z.b.vertex(s.index_b(i));
        }
        core_distance = length(r.closest);
        // The normal from A to B is the closest point's direction; for an edge, the exact
        // edge normal (the negated search direction) is more accurate than P's round-off.
        normal = r.direction == Vec2<T>{} ? normalized(r.closest) : normalized(-r.direction);
    }

    out.status = classify(core_distance, ra + rb, !(normal == Vec2<T>{}));
    if (out.status == Status::separated) {
        out.distance = core_distance - (ra + rb);
        pa += ra * normal;
        pb -= rb * normal;
    } else if (!core_overlap) {
        // The rounded shapes meet. One common witness point inside both: on the core points'
        // segment (length D along the normal), at a distance t from A's core point with
        // t <= ra and D - t <= rb; the middle of that interval, which D < ra + rb makes
        // non-empty. (The midpoint of the two surface points, Box2D's choice, can leave the
        // smaller shape: TEST(Distance, RoundedOverlapWitnessIsInsideBothShapes).)
        const T lo = std::max(T(0), core_distance - rb), hi = std::min(core_distance, ra);
        pa += T(0.5) * (lo + hi) * normal;
        pb = pa;
    }
    if (r.termination == Termination::max_iterations) {
        out.status = Status::max_iterations;
    }

    out.point_a = apply(input.xf_a, pa);
    out.point_b = apply(input.xf_a, pb);
    out.normal = rotate(input.xf_a.q, normal);

    // Coordinates near the scalar's limit overflow dot products; say so rather than answer NaN.
    if (!std::isfinite(out.distance) || !is_finite(out.point_a) || !is_finite(out.point_b) ||
        !is_finite(out.normal)) {
        out = DistanceOutput<T>{};
        out.iterations = r.iterations;
        out.termination = r.termination;
        out.status = Status::invalid_input;
        out.error = InputError::nonfinite_result;
    }
    return out;
}

/// distance() on the support of Z in A's frame (a plain or a prepared pair of shapes).
template <class T, class Support>
DistanceOutput<T> distance(const DistanceInput<T>& input, const Support& z, T ra, T rb,
                           SimplexCache<T>* cache, std::vector<TraceStep<T>>* trace) {
    LoopSimplex<T> s;
    start(z, cache, s);
    const LoopResult<T> r = run(z, s, input.max_iterations, T(-1), input.xf_a, trace);
    if (cache) {
        write_cache(*cache, s);
    }
    return conclude(input, z, ra, rb, s, r);
}

} // namespace detail

/// Distance, witness points and normal between two convex shapes (see the top of this file).
/// `cache`, if given, warm starts from and is updated to the final simplex. `trace`, if
/// given, is cleared and receives one TraceStep per iteration. When both shapes are views of
/// PreparedShape objects the query skips validating their points and uses their O(log n)
/// support; otherwise the points are checked and scanned on every call.
template <class T>
DistanceOutput<T> distance(const DistanceInput<T>& input,
                           std::type_identity_t<SimplexCache<T>>* cache = nullptr,
                           std::type_identity_t<std::vector<TraceStep<T>>>* trace = nullptr) {
    if (trace) {
        trace->clear();
    }
    DistanceOutput<T> out;
    out.error = validate(input);
    if (out.error != InputError::none) {
        out.status = Status::invalid_input;
        return out;
    }
    const Transform<T> xf = detail::relative(input.xf_a, input.xf_b);
    // Radii in use by a product, not a select: the compiler's branch on use_radii mispredicted
    // every other query in the benchmark, although it never changed (callgrind --branch-sim).
    const T use = T(input.use_radii); // 0 or 1; a validated radius is finite, so 0 * r is 0
    const T ra = use * input.a.radius, rb = use * input.b.radius;
    return detail::with_local_support(
        input, xf, [&](const auto& z) { return detail::distance(input, z, ra, rb, cache, trace); });
}

/// Closest point of a convex shape to the point q (the talk, section 3), as a distance query
/// with A = the point q: point_a is q, point_b the closest point on the shape, the normal
/// points from q to the shape.
template <class T>
DistanceOutput<T> distance_to_point(Vec2<T> q, const ShapeView<T>& shape,
                                    const Transform<T>& xf = {},
                                    std::vector<TraceStep<T>>* trace = nullptr) {
    const Vec2<T> point[1] = {q};
    DistanceInput<T> in;
    in.a = ShapeView<T>(std::span<const Vec2<T>>(point), T(0));
    in.b = shape;
    in.xf_b = xf;
    return distance(in, nullptr, trace);
}

} // namespace gjk
