// src/lanes/wide.hpp - the wide operations the lane loop (src/lanes/loop.hpp) is written in: N
// values of a scalar in one vector register, one per lane, and the few things done to them.
//
// A value is a GCC/Clang vector (`vector_size`), so arithmetic and comparisons are the
// language's own operators, lane by lane, each rounded as the scalar operation is (-ffp-contract
// is off and the lanes' objects have no FMA: CMakeLists.txt). A comparison gives a mask, -1 in
// the lanes where it holds and 0 elsewhere. The rest are named here: splat, select, any, load,
// store, abs, min, max, sqrt, and transpose. The same source is compiled once per instruction set -
// SSE2 for 16-byte vectors, AVX2 for 32, AVX-512 for 64 - and the compiler lowers each operation to
// that set's instructions (with AVX-512 a comparison and a select become a mask register and a
// masked move); sqrt, which the vector extension does not have, names the set's instruction itself.
//
// Every function here is always inlined: an out-of-line copy in the AVX2 or AVX-512 object could
// be the one the linker keeps for every caller (src/lanes/loop.hpp; tests/lanes_symbols.cmake).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace gjk::detail::wide {

/// N = Bytes / sizeof(T) lanes of T: the value type V, its mask M (an integer of T's size per
/// lane) and the lane's integer.
template <class T, int Bytes> struct Of {
    static constexpr int N = int(Bytes / sizeof(T));
    using Int = std::conditional_t<sizeof(T) == 4, std::int32_t, std::int64_t>;
    typedef T V __attribute__((vector_size(Bytes)));
    using M = decltype(V{} < V{});
    static_assert(sizeof(M) == sizeof(V) && sizeof(Int) == sizeof(T));
};

#define GJK_WIDE [[gnu::always_inline]] inline

/// x in every lane (V a value or a mask type).
template <class V, class S> GJK_WIDE V splat(S x) {
    return V{} + x;
}

/// a in the lanes where m holds, b elsewhere (the scalar `m ? a : b`).
template <class M, class V> GJK_WIDE V select(M m, V a, V b) {
    return m ? a : b;
}

/// Whether m holds in any lane.
template <class M> GJK_WIDE bool any(M m) {
    std::uint64_t words[sizeof(M) / 8];
    std::memcpy(words, &m, sizeof m);
    std::uint64_t r = 0;
    for (std::uint64_t word : words) {
        r |= word;
    }
    return r != 0;
}

/// The lanes from an array of N (any alignment).
template <class V, class S> GJK_WIDE V load(const S* array) {
    V x;
    std::memcpy(&x, array, sizeof x);
    return x;
}

/// The lanes to an array of N.
template <class S, class V> GJK_WIDE void store(S* array, V x) {
    std::memcpy(array, &x, sizeof x);
}

/// |x|: the sign bit cleared (std::abs, exactly: NaN and -0 included).
template <class V> GJK_WIDE V abs(V x) {
    using M = decltype(x < x);
    using Int = std::remove_reference_t<decltype(M{}[0])>;
    constexpr Int kSign = Int(Int(1) << (8 * sizeof(Int) - 1));
    return reinterpret_cast<V>(reinterpret_cast<M>(x) & ~splat<M>(kSign));
}

/// std::min(a, b): b where b < a, else a (NaN in b gives a).
template <class V> GJK_WIDE V min(V a, V b) {
    return b < a ? b : a;
}

/// std::max(a, b): b where a < b, else a.
template <class V> GJK_WIDE V max(V a, V b) {
    return a < b ? b : a;
}

/// The correctly rounded square root in every lane, as std::sqrt (IEEE's sqrt is exact to the
/// rounding on every set, so the lanes equal the scalar's to the bit).
template <class V> GJK_WIDE V sqrt(V x) {
    using T = std::remove_reference_t<decltype(x[0])>;
    constexpr int kBytes = int(sizeof(V));
    [[maybe_unused]] constexpr bool kFloat = std::is_same_v<T, float>;
#if defined(__AVX512F__)
    if constexpr (kBytes == 64) {
        if constexpr (kFloat) {
            const __m512 v =
                reinterpret_cast<__m512>(x); // masked: GCC 12 warns of the unmasked one's
            return reinterpret_cast<V>(_mm512_mask_sqrt_ps(v, __mmask16(0xffff), v));
        } else {
            const __m512d v = reinterpret_cast<__m512d>(x);
            return reinterpret_cast<V>(_mm512_mask_sqrt_pd(v, __mmask8(0xff), v));
        }
    } else
#endif
#if defined(__AVX__)
        if constexpr (kBytes == 32) {
        if constexpr (kFloat) {
            return reinterpret_cast<V>(_mm256_sqrt_ps(reinterpret_cast<__m256>(x)));
        } else {
            return reinterpret_cast<V>(_mm256_sqrt_pd(reinterpret_cast<__m256d>(x)));
        }
    } else
#endif
#if defined(__SSE2__)
        if constexpr (kBytes == 16) {
        if constexpr (kFloat) {
            return reinterpret_cast<V>(_mm_sqrt_ps(reinterpret_cast<__m128>(x)));
        } else {
            return reinterpret_cast<V>(_mm_sqrt_pd(reinterpret_cast<__m128d>(x)));
        }
    } else
#endif
    { // elsewhere lane by lane
        V r;
        for (int k = 0; k < kBytes / int(sizeof(T)); ++k) {
            if constexpr (kFloat) {
                r[k] = __builtin_sqrtf(x[k]);
            } else {
                r[k] = __builtin_sqrt(x[k]);
            }
        }
        return r;
    }
}

/// Lane p of the lanes a0 b0 a1 b1 ... of the first halves of a and b (interleave_low) or of
/// their second halves (interleave_high).
template <class V, std::size_t... P>
GJK_WIDE V interleave_low(V a, V b, std::index_sequence<P...>) {
    constexpr int N = int(sizeof...(P));
    return __builtin_shufflevector(a, b, int(P / 2 + (P % 2) * N)...);
}
template <class V, std::size_t... P>
GJK_WIDE V interleave_high(V a, V b, std::index_sequence<P...>) {
    constexpr int N = int(sizeof...(P));
    return __builtin_shufflevector(a, b, int(N / 2 + P / 2 + (P % 2) * N)...);
}

/// The N x N block of N vectors of N lanes transposed in place: rows[j][k] becomes rows[k][j].
/// log2(N) rounds of the perfect shuffle: each round interleaves vector i with vector i + N/2;
/// after round r, lane p of vector q holds the element whose row and column bits are q's and
/// p's rotated by r, so after log2(N) rounds rows and columns have traded places.
template <int N, class V> GJK_WIDE void transpose(V (&rows)[N]) {
    static_assert(sizeof(V) / sizeof(rows[0][0]) == N && (N & (N - 1)) == 0);
    const auto lanes = std::make_index_sequence<N>{};
    for (int round = 1; round < N; round *= 2) {
        V next[N];
        for (int i = 0; i < N / 2; ++i) {
            next[2 * i] = interleave_low(rows[i], rows[i + N / 2], lanes);
            next[2 * i + 1] = interleave_high(rows[i], rows[i + N / 2], lanes);
        }
        for (int i = 0; i < N; ++i) {
            rows[i] = next[i];
        }
    }
}

#undef GJK_WIDE

} // namespace gjk::detail::wide
