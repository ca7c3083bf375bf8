// src/lanes3/types.hpp - the lanes' types in space: N lanes of T (src/lanes/types.hpp's
// LaneTypes, shared with the plane's lanes) and their 3-vectors, with unit_scale() and its
// running maximum, lane by lane.
#pragma once

#include "lanes/types.hpp"
#include "lanes/wide.hpp"

namespace gjk::detail::lanes3 {

/// The types of N lanes of T in space: the shared LaneTypes (src/lanes/types.hpp: V, M, Int, the
/// constants, values(), ints(), has()) with D, N doubles, and the vectors of three coordinates of
/// each, with the operations the steps take on them.
template <class T, int Bytes> struct Types : LaneTypes<T, Bytes> {
    using Base = LaneTypes<T, Bytes>;
    using Base::N;
    using typename Base::Int;
    using typename Base::M;
    using typename Base::V;
    typedef double D __attribute__((vector_size(2 * Bytes)));
    struct V3 {
        V x, y, z;
    };
    struct D3 {
        D x, y, z;
    };

    GJK_LANE_STEP static V3 sub(V3 a, V3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
    GJK_LANE_STEP static V3 add(V3 a, V3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
    GJK_LANE_STEP static V3 neg(V3 a) { return {-a.x, -a.y, -a.z}; }
    GJK_LANE_STEP static V3 times(V s, V3 a) { return {s * a.x, s * a.y, s * a.z}; }
    GJK_LANE_STEP static V dot(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
    GJK_LANE_STEP static V3 cross(V3 a, V3 b) {
        return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    }
    GJK_LANE_STEP static V3 select(M m, V3 a, V3 b) {
        return {wide::select(m, a.x, b.x), wide::select(m, a.y, b.y), wide::select(m, a.z, b.z)};
    }
    GJK_LANE_STEP static D3 widen(V3 a) {
        return {__builtin_convertvector(a.x, D), __builtin_convertvector(a.y, D),
                __builtin_convertvector(a.z, D)};
    }
    GJK_LANE_STEP static V3 narrow(D3 a) {
        return {__builtin_convertvector(a.x, V), __builtin_convertvector(a.y, V),
                __builtin_convertvector(a.z, V)};
    }
    GJK_LANE_STEP static D3 sub(D3 a, D3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
    GJK_LANE_STEP static D3 neg(D3 a) { return {-a.x, -a.y, -a.z}; }
    GJK_LANE_STEP static D3 cross(D3 a, D3 b) {
        return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    }
    /// max_abs(): std::max({|x|, |y|, |z|}).
    GJK_LANE_STEP static V max_abs(V3 a) {
        return wide::max(wide::max(wide::abs(a.x), wide::abs(a.y)), wide::abs(a.z));
    }
};

/// unit_scale() of points whose largest coordinate is `largest` (taken as the scalar takes it:
/// std::max from 0, point by point): 2^-e from the bits for a normal largest whose inverse is
/// normal, 1 for zero or a non-finite largest; `rare` gains the lanes of the scalar's ldexp path.
template <class T, int Bytes>
GJK_LANE_STEP typename Types<T, Bytes>::V unit_scale(typename Types<T, Bytes>::V largest,
                                                     typename Types<T, Bytes>::M& rare) {
    using Ty = Types<T, Bytes>;
    using M = typename Ty::M;
    using V = typename Ty::V;
    const M positive_finite = (largest > Ty::values(0)) & (largest <= Ty::values(Ty::kMax));
    const M biased = reinterpret_cast<M>(largest) >> Ty::kMantissa;
    const M normal = (biased >= Ty::ints(1)) & (biased < Ty::ints(Ty::kTwiceBias));
    const V scale = reinterpret_cast<V>((Ty::ints(Ty::kTwiceBias) - biased) << Ty::kMantissa);
    rare |= positive_finite & ~normal;
    return wide::select(positive_finite & normal, scale, Ty::values(1));
}

/// std::max(largest, max_abs(p)): the scalar unit_scale's running maximum.
template <class T, int Bytes>
GJK_LANE_STEP typename Types<T, Bytes>::V largest_with(typename Types<T, Bytes>::V largest,
                                                       typename Types<T, Bytes>::V3 p) {
    return wide::max(largest, Types<T, Bytes>::max_abs(p));
}

} // namespace gjk::detail::lanes3
