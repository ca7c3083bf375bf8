// gjk/loop/rules.hpp - the rules of GJK's loop that hold in both dimensions, written once: the
// stall rule (the distance must decrease, up to the round-off of computing it) and the talk's
// case 1 (a support point already in the simplex). The loop (gjk/loop/run.hpp) takes them in both
// dimensions; each dimension keeps its own simplex, solve, cull, search direction and settle()
// (gjk/loop/simplex.hpp, gjk/loop/simplex3.hpp).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace gjk::detail {

/// How many times a loop may take a squared distance that did not decrease, but is equal up to
/// the round-off of computing it, before it ends (stall_allowed()): a true round-off cycle stays
/// short.
inline constexpr int kStalls = 4;

/// The stall rule. GJK's distance strictly decreases in exact arithmetic; a computed one that did
/// not (distance2 >= previous2, or NaN) is round-off at work, or a duplicate point under another
/// index. A step may still be real and improve the distance by less than its resolution, so a
/// squared distance within the round-off of computing it gets kStalls more chances; anything
/// else ends the loop, with the previous simplex.
///
/// The round-off: P = sum u_i w_i is computed to about 2 eps of the largest |w_i| in each
/// coordinate, not to eps of |P| (u_i is nearly 1 for the vertex nearest P, and the others'
/// terms cancel), so |P|^2 moves by up to 8 eps |P| max |w_i|; the sums of squares add 8 eps of
/// |P|^2. So the noise is 8 eps (|P|^2 + |P| max |w_i|), with `vertex2` = max |w_i|^2 over the
/// simplex that was solved. The tests that pinned each part:
///  - 8 eps |P|^2: a float needle 137,465 long whose real steps improved the squared distance by
///    less than its resolution stopped 1.4e-6 of its length short (TEST(DistanceFloat,
///    NeedleWithImprovementBelowFloatResolutionStillConverges)); a 5.6e10 vertex whose edge to a
///    point 6e14 away turned the search toward a point 7e-9 from the origin came out an ulp
///    larger (TEST(DistanceFloat, MixedMagnitudesStayWithinTheBound)); a vertex 1e6 from the
///    origin whose edge to a point 4.5e15 away bends the search by 1e-20 of its length
///    (TEST(Distance3Regression, StepsBelowTheResolutionOfTheDistanceStillConverge));
///  - 8 eps |P| max |w_i|: a face 0.036 from the origin with vertices 1e9 away came out an ulp of
///    |w| = 1e9 farther, and the loop stopped 0.036 short of containment
///    (TEST(Distance3Regression, AStepWithinTheRoundOffOfFarVerticesIsAStallNotAnEnd)).
/// The squares are taken of points scaled by a power of two where the caller needs them in the
/// normal range (in space: square_scale()); |P| max |w_i| as a product of roots, which cannot
/// overflow where the squares do not. True when the loop may go on (and `stalls` counts it).
template <class T>
[[gnu::always_inline]] inline bool stall_allowed(T distance2, T previous2, T vertex2, int& stalls) {
    const T noise = 8 * std::numeric_limits<T>::epsilon() *
                    (previous2 + std::sqrt(previous2) * std::sqrt(vertex2));
    if (!(distance2 <= previous2 + noise && stalls < kStalls)) {
        return false;
    }
    ++stalls;
    return true;
}

/// An index pair packed into one number (A's index high, B's low): the simplex's vertices and a
/// support point compare by one number each.
inline std::uint64_t pack_pair(int index_a, int index_b) {
    return std::uint64_t(std::uint32_t(index_a)) << 32 | std::uint32_t(index_b);
}

/// The simplex as the loop keeps it, in either dimension (`Vec` is Vec2 or Vec3, up to N
/// vertices): the Minkowski points w = b - a, the index pairs they came from and their weights.
/// The shape points a and b are not carried along: the witness points need them only at the
/// end, and the indices give them back, so the loop copies a third as much per vertex.
///
/// Each index pair is packed into one 64-bit number (pack_pair()), so that the talk's case 1,
/// "is this support point already in the simplex?", compares one number per vertex instead of
/// two. Each dimension's simplex (LoopSimplex, LoopSimplex3) adds what its steps read.
template <class Vec, int N> struct LoopSimplexOf {
    Vec w[N];
    std::uint64_t pair[N];
    decltype(Vec{}.x) weight[N];
    int count;

    /// An empty simplex, every slot zero (cull() and the case-1 test read every slot). Each
    /// array on its own: zeroing the whole object at once is slower.
    LoopSimplexOf() {
        for (Vec& v : w) {
            v = {};
        }
        for (std::uint64_t& p : pair) {
            p = 0;
        }
        for (auto& u : weight) {
            u = 0;
        }
        count = 0;
    }

    int index_a(int i) const { return int(std::uint32_t(pair[i] >> 32)); }
    int index_b(int i) const { return int(std::uint32_t(pair[i])); }

    /// Adds the support point m (its w and its pair) as the newest vertex.
    template <class Point> void push(const Point& m) {
        w[count] = m.w;
        pair[count] = pack_pair(m.index_a, m.index_b);
        ++count;
    }
};

/// The talk's case 1: the support point's pair is one of the first `count` of the simplex's
/// pairs as they were before cull (a vertex dropped now and found again next time would cycle).
/// Bitwise & and |, not && and ||: one branch on the answer instead of one per comparison,
/// which the processor could not predict.
template <int N>
[[gnu::always_inline]] inline bool repeated_support(std::uint64_t pair,
                                                    const std::uint64_t (&before)[N], int count) {
    bool repeated = false;
    for (int i = 0; i < N; ++i) {
        repeated |= (i < count) & (pair == before[i]);
    }
    return repeated;
}

} // namespace gjk::detail
