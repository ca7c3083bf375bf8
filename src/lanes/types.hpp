// src/lanes/types.hpp - what the lanes of both dimensions share: the step macros (every step is
// always inlined into its loop, src/lanes/loop.hpp says why) and LaneTypes, N lanes of T with the
// constants and the small operations the steps of the plane (src/lanes/steps.hpp) and of space
// (src/lanes3/types.hpp, which adds 3-vectors) are written in.
#pragma once

#include <limits>
#include <type_traits>

#include "gjk/distance_types.hpp" // Termination
#include "lanes/wide.hpp"

/// A step: always inlined into the loop (the lanes' objects define nothing else).
#define GJK_LANE_STEP [[gnu::always_inline]] inline
/// A lambda of a step, inlined as the steps are: a call left in the loop (at -Og) would be a
/// symbol of the wide objects other than the loop, and its unwinding tables would bring the
/// personality routine's reference there (tests/lanes_symbols.cmake).
#define GJK_LANE_LAMBDA __attribute__((always_inline))

namespace gjk::detail {

/// The types of N lanes of T, and the constants the steps share.
template <class T, int Bytes> struct LaneTypes {
    static constexpr int N = wide::Of<T, Bytes>::N;
    using V = typename wide::Of<T, Bytes>::V;     ///< one T per lane
    using M = typename wide::Of<T, Bytes>::M;     ///< a mask per lane (-1 true), or ints
    using Int = typename wide::Of<T, Bytes>::Int; ///< a lane's int
    // sqrt(min): below it resolvable() scales a direction up (2^-63 in float, 2^-511 in
    // double; a literal, not std::sqrt, which the lanes must not call).
    static constexpr T kSqrtMin = std::is_same_v<T, float> ? T(0x1p-63) : T(0x1p-511);
    // Constants as constexpr values: a call of numeric_limits' functions could leave an AVX2
    // copy of them in the AVX2 object (an unoptimized build does not inline them).
    static constexpr T kMin = std::numeric_limits<T>::min();
    static constexpr T kMax = std::numeric_limits<T>::max();
    static constexpr T kInfinity = std::numeric_limits<T>::infinity();
    static constexpr T kEpsilon = std::numeric_limits<T>::epsilon();
    static constexpr int kMantissa = std::numeric_limits<T>::digits - 1;
    static constexpr int kTwiceBias = 2 * (std::numeric_limits<T>::max_exponent - 1);
    static_assert(kSqrtMin * kSqrtMin == kMin);

    GJK_LANE_STEP static V values(T x) { return wide::splat<V>(x); }

    GJK_LANE_STEP static M ints(int x) { return wide::splat<M>(Int(x)); }
    GJK_LANE_STEP static M has(M region, int bit) { return (region & ints(bit)) != M{}; }
    GJK_LANE_STEP static M is(M termination, Termination which) {
        return termination == ints(int(which));
    }
    /// Within the normal range [min, max] (a square that sqrt gives to the bit).
    GJK_LANE_STEP static M normal_range(V square) {
        return (square >= wide::splat<V>(kMin)) & (square <= wide::splat<V>(kMax));
    }
    GJK_LANE_STEP static M finite(V x) { return wide::abs(x) <= wide::splat<V>(kMax); }
};

} // namespace gjk::detail
