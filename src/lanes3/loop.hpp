// src/lanes3/loop.hpp - distance() in space on N float or double queries at once, one per lane
// (src/lockstep3.hpp says why and how each lane stays exactly distance()): its steps, each named
// after the scalar function it equals - the set-up (PairInFrameA3, start3()), the loop's
// (gjk/loop/simplex3.hpp, gjk/segment3.hpp, gjk/triangle3.hpp, gjk/tetrahedron.hpp,
// gjk/perpendicular3.hpp, gjk/distance3.hpp) and conclude3()'s common paths - and
// lockstep3_loop, which lists them.
//
// Each step performs, lane by lane, the IEEE operations of its scalar function, in the same
// order; where the scalar code branches, a step computes both sides and selects by a mask. In
// float, the edges and the cross products of the solve and of an edge's direction are exact in
// double (gjk/perpendicular3.hpp), so they have no branch: the lanes widen them to doubles. In
// double, the scalar code takes a product plain where it is well conditioned and carries it
// exactly where it is not: the lanes take it plain and hand the other lanes over. The
// scalar code's rare paths are not duplicated: a lane that meets one is handed over (distance()
// answers its query from the start). They are the stall rule (a squared distance that did not
// decrease), a triangle's normal too ill conditioned for the plain cross product
// (normal_direction's exact path), coordinates whose round-off makes every region test fail
// (triangle_region's and tetrahedron_region's fallbacks), a scale outside the normal range
// (unit_scale's ldexp), and a point out of the kernel's range (validate() names it). A lane that
// has ended keeps its state: every update is a select by `live`.
//
// The rules of src/lanes/loop.hpp hold: the loop is compiled once per vector width (src/batch3.cpp
// 16 bytes, src/lanes_avx2.cpp 32, src/lanes_avx512.cpp 64) and calls nothing: every step is
// always inlined and uses only the wide operations (src/lanes/wide.hpp); no fused multiply-add.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "gjk/distance_types.hpp" // Status, Termination
#include "lanes/wide.hpp"
#include "lanes3/arrays.hpp"

#define GJK_LANE3_STEP [[gnu::always_inline]] inline
/// A lambda of a step, inlined as the steps are: a call left in the loop (at -Og) would be a
/// symbol of the wide objects other than the loop, and its unwinding tables would bring the
/// personality routine's reference there (tests/lanes_symbols.cmake).
#define GJK_LANE3_LAMBDA __attribute__((always_inline))

namespace gjk::detail::lanes3 {

/// The types of N float lanes: V floats, M their masks (or ints), D doubles, and the vectors of
/// three coordinates of each.
template <class T, int Bytes> struct Types {
    static constexpr int N = wide::Of<T, Bytes>::N;
    using V = typename wide::Of<T, Bytes>::V;
    using M = typename wide::Of<T, Bytes>::M;
    using Int = typename wide::Of<T, Bytes>::Int;
    typedef double D __attribute__((vector_size(2 * Bytes)));
    struct V3 {
        V x, y, z;
    };
    struct D3 {
        D x, y, z;
    };
    static constexpr T kMax = std::numeric_limits<T>::max();
    static constexpr T kInfinity = std::numeric_limits<T>::infinity();
    static constexpr T kMin = std::numeric_limits<T>::min();
    static constexpr T kEpsilon = std::numeric_limits<T>::epsilon();
    static constexpr int kMantissa = std::numeric_limits<T>::digits - 1;
    static constexpr int kTwiceBias = 2 * (std::numeric_limits<T>::max_exponent - 1);

    GJK_LANE3_STEP static V values(T x) { return wide::splat<V>(x); }
    GJK_LANE3_STEP static M ints(int x) { return wide::splat<M>(Int(x)); }
    GJK_LANE3_STEP static M has(M region, int bit) { return (region & ints(bit)) != M{}; }

    GJK_LANE3_STEP static V3 sub(V3 a, V3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
    GJK_LANE3_STEP static V3 add(V3 a, V3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
    GJK_LANE3_STEP static V3 neg(V3 a) { return {-a.x, -a.y, -a.z}; }
    GJK_LANE3_STEP static V3 times(V s, V3 a) { return {s * a.x, s * a.y, s * a.z}; }
    GJK_LANE3_STEP static V dot(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
    GJK_LANE3_STEP static V3 cross(V3 a, V3 b) {
        return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    }
    GJK_LANE3_STEP static V3 select(M m, V3 a, V3 b) {
        return {wide::select(m, a.x, b.x), wide::select(m, a.y, b.y), wide::select(m, a.z, b.z)};
    }
    GJK_LANE3_STEP static D3 widen(V3 a) {
        return {__builtin_convertvector(a.x, D), __builtin_convertvector(a.y, D),
                __builtin_convertvector(a.z, D)};
    }
    GJK_LANE3_STEP static V3 narrow(D3 a) {
        return {__builtin_convertvector(a.x, V), __builtin_convertvector(a.y, V),
                __builtin_convertvector(a.z, V)};
    }
    GJK_LANE3_STEP static D3 sub(D3 a, D3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
    GJK_LANE3_STEP static D3 neg(D3 a) { return {-a.x, -a.y, -a.z}; }
    GJK_LANE3_STEP static D3 cross(D3 a, D3 b) {
        return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    }
    /// max_abs(): std::max({|x|, |y|, |z|}).
    GJK_LANE3_STEP static V max_abs(V3 a) {
        return wide::max(wide::max(wide::abs(a.x), wide::abs(a.y)), wide::abs(a.z));
    }
};

/// unit_scale() of points whose largest coordinate is `largest` (taken as the scalar takes it:
/// std::max from 0, point by point): 2^-e from the bits for a normal largest whose inverse is
/// normal, 1 for zero or a non-finite largest; `rare` gains the lanes of the scalar's ldexp path.
template <class T, int Bytes>
GJK_LANE3_STEP typename Types<T, Bytes>::V unit_scale(typename Types<T, Bytes>::V largest,
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
GJK_LANE3_STEP typename Types<T, Bytes>::V largest_with(typename Types<T, Bytes>::V largest,
                                                        typename Types<T, Bytes>::V3 p) {
    return wide::max(largest, Types<T, Bytes>::max_abs(p));
}

/// segment_coordinates(a, b, q): (b - q).e and (q - a).e with e = b - a.
template <class T, int Bytes> struct SegmentCoordinates3 { typename Types<T, Bytes>::V u, v; };
template <class T, int Bytes>
GJK_LANE3_STEP SegmentCoordinates3<T, Bytes> segment_coordinates(typename Types<T, Bytes>::V3 a,
                                                                 typename Types<T, Bytes>::V3 b,
                                                                 typename Types<T, Bytes>::V3 q) {
    using Ty = Types<T, Bytes>;
    const typename Ty::V3 e = Ty::sub(b, a);
    return {Ty::dot(Ty::sub(b, q), e), Ty::dot(Ty::sub(q, a), e)};
}

/// well_conditioned(): |u x v|^2 >= 2^-10 |u|^2 |v|^2, the product's plain round-off within 32
/// eps of its length.
template <class T, int Bytes>
GJK_LANE3_STEP typename Types<T, Bytes>::M well_conditioned(typename Types<T, Bytes>::V3 product,
                                                            typename Types<T, Bytes>::V3 u,
                                                            typename Types<T, Bytes>::V3 v) {
    using Ty = Types<T, Bytes>;
    return Ty::dot(product, product) >= Ty::values(T(1.0 / 1024)) * (Ty::dot(u, u) * Ty::dot(v, v));
}

/// face_normal(): (w1 - w0) x (w2 - w0). In float the edges and the product are exact in
/// double, rounded; in double the plain product where it is well conditioned, and `rare` gains
/// the lanes where it is not (the exact path).
template <class T, int Bytes>
GJK_LANE3_STEP typename Types<T, Bytes>::V3
face_normal(typename Types<T, Bytes>::V3 w0, typename Types<T, Bytes>::V3 w1,
            typename Types<T, Bytes>::V3 w2, typename Types<T, Bytes>::M& rare) {
    using Ty = Types<T, Bytes>;
    if constexpr (std::is_same_v<T, float>) {
        const typename Ty::D3 d0 = Ty::widen(w0);
        return Ty::narrow(Ty::cross(Ty::sub(Ty::widen(w1), d0), Ty::sub(Ty::widen(w2), d0)));
    } else {
        const typename Ty::V3 e1 = Ty::sub(w1, w0), e2 = Ty::sub(w2, w0);
        const typename Ty::V3 n = Ty::cross(e1, e2);
        rare |= ~well_conditioned<T, Bytes>(n, e1, e2);
        return n;
    }
}

/// conditioned_cross(): u x v. In float exact in double, rounded; in double the plain product
/// where it is well conditioned, and `rare` gains the lanes where it is not.
template <class T, int Bytes>
GJK_LANE3_STEP typename Types<T, Bytes>::V3 conditioned_cross(typename Types<T, Bytes>::V3 u,
                                                              typename Types<T, Bytes>::V3 v,
                                                              typename Types<T, Bytes>::M& rare) {
    using Ty = Types<T, Bytes>;
    if constexpr (std::is_same_v<T, float>) {
        return Ty::narrow(Ty::cross(Ty::widen(u), Ty::widen(v)));
    } else {
        const typename Ty::V3 plain = Ty::cross(u, v);
        rare |= ~well_conditioned<T, Bytes>(plain, u, v);
        return plain;
    }
}

/// face_coordinates(a, b, c, q): the face's three sub-areas along its normal, on the points
/// seen from q scaled by unit_scale.
template <class T, int Bytes> struct FaceCoordinates3 { typename Types<T, Bytes>::V u, v, w; };
template <class T, int Bytes>
GJK_LANE3_STEP FaceCoordinates3<T, Bytes>
face_coordinates(typename Types<T, Bytes>::V3 a, typename Types<T, Bytes>::V3 b,
                 typename Types<T, Bytes>::V3 c, typename Types<T, Bytes>::V3 q,
                 typename Types<T, Bytes>::M& rare) {
    using Ty = Types<T, Bytes>;
    using V3 = typename Ty::V3;
    const V3 aq = Ty::sub(a, q), bq = Ty::sub(b, q), cq = Ty::sub(c, q);
    typename Ty::V largest = Ty::values(0);
    largest = largest_with<T, Bytes>(largest, aq);
    largest = largest_with<T, Bytes>(largest, bq);
    largest = largest_with<T, Bytes>(largest, cq);
    const typename Ty::V s = unit_scale<T, Bytes>(largest, rare);
    const V3 sa = Ty::times(s, aq), sb = Ty::times(s, bq), sc = Ty::times(s, cq);
    const V3 n = face_normal<T, Bytes>(sa, sb, sc, rare);
    return {Ty::dot(conditioned_cross<T, Bytes>(sb, sc, rare), n),
            Ty::dot(conditioned_cross<T, Bytes>(sc, sa, rare), n),
            Ty::dot(conditioned_cross<T, Bytes>(sa, sb, rare), n)};
}

/// The first of an ordered list of region tests that holds, lane by lane (the scalar's chain of
/// `if (...) return region;`).
template <class T, int Bytes> struct FirstRegion {
    using M = typename Types<T, Bytes>::M;
    M region{};
    M open = ~M{};
    GJK_LANE3_STEP void test(M holds, int bits) {
        const M now = holds & open;
        region = wide::select(now, Types<T, Bytes>::ints(bits), region);
        open &= ~now;
    }
};

/// What solve() gives: the closest point, the region, each vertex's weight.
template <class T, int Bytes> struct Solution {
    typename Types<T, Bytes>::V3 closest;
    typename Types<T, Bytes>::M region;
    typename Types<T, Bytes>::V weight[4];
};

/// The quotient weights of a region: each vertex's numerator over the region's sum, as the
/// scalar's weights functions divide them (a vertex region is 1 / 1; a vertex outside the region
/// 0 / sum).
template <class T, int Bytes> struct Quotients {
    typename Types<T, Bytes>::V numerator[4], sum;
    GJK_LANE3_STEP void set(typename Types<T, Bytes>::M m, typename Types<T, Bytes>::V n0,
                            typename Types<T, Bytes>::V n1, typename Types<T, Bytes>::V n2,
                            typename Types<T, Bytes>::V n3, typename Types<T, Bytes>::V s) {
        numerator[0] = wide::select(m, n0, numerator[0]);
        numerator[1] = wide::select(m, n1, numerator[1]);
        numerator[2] = wide::select(m, n2, numerator[2]);
        numerator[3] = wide::select(m, n3, numerator[3]);
        sum = wide::select(m, s, sum);
    }
};

/// The loop's simplex in every lane (Simplex3), as arrays of the loop's own.
template <class T, int Bytes> struct Simplex {
    using Ty = Types<T, Bytes>;
    typename Ty::V3 a[4], b[4], w[4];
    typename Ty::V weight[4];
    typename Ty::M index_a[4], index_b[4];
    typename Ty::M count;
};

/// solve(): the closest point of each lane's simplex to the origin, its region and weights
/// (gjk/loop/simplex3.hpp), on the vertices scaled by unit_scale. Each solver runs only when a
/// live lane has its vertex count; `rare` gains the lanes whose region tests all failed.
template <class T, int Bytes>
GJK_LANE3_STEP Solution<T, Bytes> solve(const Simplex<T, Bytes>& s,
                                        typename Types<T, Bytes>::M live,
                                        typename Types<T, Bytes>::M& rare) {
    using Ty = Types<T, Bytes>;
    using V = typename Ty::V;
    using M = typename Ty::M;
    using V3 = typename Ty::V3;
    const V zero = Ty::values(0), one = Ty::values(1);
    const V3 q{zero, zero, zero};
    const M is1 = s.count == Ty::ints(1), is2 = s.count == Ty::ints(2);
    const M is3 = s.count == Ty::ints(3), is4 = s.count == Ty::ints(4);

    V largest = largest_with<T, Bytes>(zero, s.w[0]);
    const V largest1 = largest;
    largest = largest_with<T, Bytes>(largest, s.w[1]);
    const V largest2 = largest;
    largest = largest_with<T, Bytes>(largest, s.w[2]);
    const V largest3 = largest;
    largest = largest_with<T, Bytes>(largest, s.w[3]);
    M scale_rare{};
    const V k = unit_scale<T, Bytes>(
        wide::select(is1, largest1,
                     wide::select(is2, largest2, wide::select(is3, largest3, largest))),
        scale_rare);
    const V3 w0 = Ty::times(k, s.w[0]), w1 = Ty::times(k, s.w[1]);
    const V3 w2 = Ty::times(k, s.w[2]), w3 = Ty::times(k, s.w[3]);

    Quotients<T, Bytes> r{{one, zero, zero, zero}, one};
    M region = Ty::ints(1);
    M solver_rare{};
    if (wide::any(live & is2)) { // the segment: B, A, then AB
        const SegmentCoordinates3<T, Bytes> c = segment_coordinates<T, Bytes>(w0, w1, q);
        FirstRegion<T, Bytes> f;
        f.test(c.u <= zero, 0b10);
        f.test(c.v <= zero, 0b01);
        f.test(~M{}, 0b11);
        Quotients<T, Bytes> q2{{one, zero, zero, zero}, one};
        q2.set(f.region == Ty::ints(0b10), zero, one, zero, zero, one);
        q2.set(f.region == Ty::ints(0b11), c.u, c.v, zero, zero, c.u + c.v);
        r.set(is2, q2.numerator[0], q2.numerator[1], zero, zero, q2.sum);
        region = wide::select(is2, f.region, region);
    }
    if (wide::any(live & is3)) { // the triangle: vertices, edges, the face (triangle_region)
        const SegmentCoordinates3<T, Bytes> ab = segment_coordinates<T, Bytes>(w0, w1, q);
        const SegmentCoordinates3<T, Bytes> bc = segment_coordinates<T, Bytes>(w1, w2, q);
        const SegmentCoordinates3<T, Bytes> ca = segment_coordinates<T, Bytes>(w2, w0, q);
        M face_rare{};
        const FaceCoordinates3<T, Bytes> abc = face_coordinates<T, Bytes>(w0, w1, w2, q, face_rare);
        FirstRegion<T, Bytes> f;
        f.test((ab.v <= zero) & (ca.u <= zero), 0b001);
        f.test((ab.u <= zero) & (bc.v <= zero), 0b010);
        f.test((bc.u <= zero) & (ca.v <= zero), 0b100);
        f.test((ab.u > zero) & (ab.v > zero) & (abc.w <= zero), 0b011);
        f.test((bc.u > zero) & (bc.v > zero) & (abc.u <= zero), 0b110);
        f.test((ca.u > zero) & (ca.v > zero) & (abc.v <= zero), 0b101);
        f.test((abc.u > zero) & (abc.v > zero) & (abc.w > zero), 0b111);
        solver_rare |= is3 & (f.open | face_rare);
        Quotients<T, Bytes> q3{{one, zero, zero, zero}, one};
        q3.set(f.region == Ty::ints(0b010), zero, one, zero, zero, one);
        q3.set(f.region == Ty::ints(0b100), zero, zero, one, zero, one);
        q3.set(f.region == Ty::ints(0b011), ab.u, ab.v, zero, zero, ab.u + ab.v);
        q3.set(f.region == Ty::ints(0b110), zero, bc.u, bc.v, zero, bc.u + bc.v);
        q3.set(f.region == Ty::ints(0b101), ca.v, zero, ca.u, zero, ca.u + ca.v);
        q3.set(f.region == Ty::ints(0b111), abc.u, abc.v, abc.w, zero, abc.u + abc.v + abc.w);
        r.set(is3, q3.numerator[0], q3.numerator[1], q3.numerator[2], zero, q3.sum);
        region = wide::select(is3, f.region, region);
    }
    if (wide::any(live & is4)) { // the tetrahedron (tetrahedron_coordinates, _region)
        const SegmentCoordinates3<T, Bytes> ab = segment_coordinates<T, Bytes>(w0, w1, q);
        const SegmentCoordinates3<T, Bytes> ac = segment_coordinates<T, Bytes>(w0, w2, q);
        const SegmentCoordinates3<T, Bytes> ad = segment_coordinates<T, Bytes>(w0, w3, q);
        const SegmentCoordinates3<T, Bytes> bc = segment_coordinates<T, Bytes>(w1, w2, q);
        const SegmentCoordinates3<T, Bytes> bd = segment_coordinates<T, Bytes>(w1, w3, q);
        const SegmentCoordinates3<T, Bytes> cd = segment_coordinates<T, Bytes>(w2, w3, q);
        M face_rare{};
        const FaceCoordinates3<T, Bytes> abc = face_coordinates<T, Bytes>(w0, w1, w2, q, face_rare);
        const FaceCoordinates3<T, Bytes> abd = face_coordinates<T, Bytes>(w0, w1, w3, q, face_rare);
        const FaceCoordinates3<T, Bytes> acd = face_coordinates<T, Bytes>(w0, w2, w3, q, face_rare);
        const FaceCoordinates3<T, Bytes> bcd = face_coordinates<T, Bytes>(w1, w2, w3, q, face_rare);
        // The four signed volumes, seen from q and scaled.
        const V3 aq = Ty::sub(w0, q), bq = Ty::sub(w1, q), cq = Ty::sub(w2, q), dq = Ty::sub(w3, q);
        V most = zero;
        most = largest_with<T, Bytes>(most, aq);
        most = largest_with<T, Bytes>(most, bq);
        most = largest_with<T, Bytes>(most, cq);
        most = largest_with<T, Bytes>(most, dq);
        const V sv = unit_scale<T, Bytes>(most, face_rare);
        const V3 sa = Ty::times(sv, aq), sb = Ty::times(sv, bq), sc = Ty::times(sv, cq),
                 sd = Ty::times(sv, dq);
        auto volume = [&face_rare](V3 p0, V3 p1, V3 p2, V3 p3) GJK_LANE3_LAMBDA {
            return Ty::dot(face_normal<T, Bytes>(p0, p1, p2, face_rare), Ty::sub(p3, p0));
        };
        const V3 o = q;
        const V whole = volume(sa, sb, sc, sd);
        const V sign = wide::select(whole > zero, one, wide::select(whole < zero, -one, zero));
        const V u = sign * volume(o, sb, sc, sd), v = sign * volume(sa, o, sc, sd);
        const V w = sign * volume(sa, sb, o, sd), x = sign * volume(sa, sb, sc, o);
        FirstRegion<T, Bytes> f;
        f.test((ab.v <= zero) & (ac.v <= zero) & (ad.v <= zero), 0b0001);
        f.test((ab.u <= zero) & (bc.v <= zero) & (bd.v <= zero), 0b0010);
        f.test((ac.u <= zero) & (bc.u <= zero) & (cd.v <= zero), 0b0100);
        f.test((ad.u <= zero) & (bd.u <= zero) & (cd.u <= zero), 0b1000);
        f.test((ab.u > zero) & (ab.v > zero) & (abc.w <= zero) & (abd.w <= zero), 0b0011);
        f.test((ac.u > zero) & (ac.v > zero) & (abc.v <= zero) & (acd.w <= zero), 0b0101);
        f.test((ad.u > zero) & (ad.v > zero) & (abd.v <= zero) & (acd.v <= zero), 0b1001);
        f.test((bc.u > zero) & (bc.v > zero) & (abc.u <= zero) & (bcd.w <= zero), 0b0110);
        f.test((bd.u > zero) & (bd.v > zero) & (abd.u <= zero) & (bcd.v <= zero), 0b1010);
        f.test((cd.u > zero) & (cd.v > zero) & (acd.u <= zero) & (bcd.u <= zero), 0b1100);
        auto over = [zero](const FaceCoordinates3<T, Bytes>& g)
                        GJK_LANE3_LAMBDA { return (g.u > zero) & (g.v > zero) & (g.w > zero); };
        f.test(over(abc) & (x <= zero), 0b0111);
        f.test(over(abd) & (w <= zero), 0b1011);
        f.test(over(acd) & (v <= zero), 0b1101);
        f.test(over(bcd) & (u <= zero), 0b1110);
        f.test((u > zero) & (v > zero) & (w > zero) & (x > zero), 0b1111);
        solver_rare |= is4 & (f.open | face_rare);
        Quotients<T, Bytes> q4{{one, zero, zero, zero}, one};
        auto is = [&f](int bits) GJK_LANE3_LAMBDA { return f.region == Ty::ints(bits); };
        q4.set(is(0b0010), zero, one, zero, zero, one);
        q4.set(is(0b0100), zero, zero, one, zero, one);
        q4.set(is(0b1000), zero, zero, zero, one, one);
        q4.set(is(0b0011), ab.u, ab.v, zero, zero, ab.u + ab.v);
        q4.set(is(0b0101), ac.u, zero, ac.v, zero, ac.u + ac.v);
        q4.set(is(0b1001), ad.u, zero, zero, ad.v, ad.u + ad.v);
        q4.set(is(0b0110), zero, bc.u, bc.v, zero, bc.u + bc.v);
        q4.set(is(0b1010), zero, bd.u, zero, bd.v, bd.u + bd.v);
        q4.set(is(0b1100), zero, zero, cd.u, cd.v, cd.u + cd.v);
        q4.set(is(0b0111), abc.u, abc.v, abc.w, zero, abc.u + abc.v + abc.w);
        q4.set(is(0b1011), abd.u, abd.v, zero, abd.w, abd.u + abd.v + abd.w);
        q4.set(is(0b1101), acd.u, zero, acd.v, acd.w, acd.u + acd.v + acd.w);
        q4.set(is(0b1110), zero, bcd.u, bcd.v, bcd.w, bcd.u + bcd.v + bcd.w);
        q4.set(is(0b1111), u, v, w, x, u + v + w + x);
        r.set(is4, q4.numerator[0], q4.numerator[1], q4.numerator[2], q4.numerator[3], q4.sum);
        region = wide::select(is4, f.region, region);
    }
    rare |= live & (scale_rare | solver_rare);

    Solution<T, Bytes> out;
    out.region = region;
    out.closest = q; // += weight * w for each vertex of the region, in order
    for (int i = 0; i < 4; ++i) {
        out.weight[i] = r.numerator[i] / r.sum;
        const M in_region = Ty::has(region, 1 << i) & (Ty::ints(i) < s.count);
        out.closest = Ty::select(in_region, Ty::add(out.closest, Ty::times(out.weight[i], s.w[i])),
                                 out.closest);
    }
    return out;
}

/// cull(): the vertices of the region kept, in their order, where `m` holds.
template <class T, int Bytes>
GJK_LANE3_STEP void cull(Simplex<T, Bytes>& s, typename Types<T, Bytes>::M region,
                         typename Types<T, Bytes>::M m) {
    using Ty = Types<T, Bytes>;
    using M = typename Ty::M;
    Simplex<T, Bytes> kept = s;
    M slot = Ty::ints(0); // the next slot of each lane
    for (int i = 0; i < 4; ++i) {
        const M keep = m & Ty::has(region, 1 << i) & (Ty::ints(i) < s.count);
        for (int j = 0; j <= i; ++j) {
            const M here = keep & (slot == Ty::ints(j));
            kept.a[j] = Ty::select(here, s.a[i], kept.a[j]);
            kept.b[j] = Ty::select(here, s.b[i], kept.b[j]);
            kept.w[j] = Ty::select(here, s.w[i], kept.w[j]);
            kept.weight[j] = wide::select(here, s.weight[i], kept.weight[j]);
            kept.index_a[j] = wide::select(here, s.index_a[i], kept.index_a[j]);
            kept.index_b[j] = wide::select(here, s.index_b[i], kept.index_b[j]);
        }
        slot -= keep; // a kept lane's mask is -1
    }
    kept.count = wide::select(m, slot, s.count);
    s = kept;
}

/// search_direction(): towards the origin from the kept feature, on the vertices scaled by
/// unit_scale: -w0 for a vertex, across_edge (exact in double) for an edge, normal_direction on
/// the origin's side for a triangle. `rare` gains the live lanes whose triangle's plain normal is
/// ill conditioned (normal_direction's exact path).
template <class T, int Bytes>
GJK_LANE3_STEP typename Types<T, Bytes>::V3 search_direction(const Simplex<T, Bytes>& s,
                                                             typename Types<T, Bytes>::M live,
                                                             typename Types<T, Bytes>::M& rare) {
    using Ty = Types<T, Bytes>;
    using V = typename Ty::V;
    using M = typename Ty::M;
    using V3 = typename Ty::V3;
    const V zero = Ty::values(0);
    const M is2 = s.count == Ty::ints(2);
    const V3 w0 = s.w[0], w1 = s.w[1], w2 = s.w[2];
    M scale_rare{};
    const V k0 = unit_scale<T, Bytes>(largest_with<T, Bytes>(zero, w0), scale_rare);
    const V3 to_origin = Ty::times(k0, Ty::neg(w0)); // the vertex's direction, and the side test's
    V3 d = to_origin;
    if (wide::any(live & is2)) {
        const V k = unit_scale<T, Bytes>(
            largest_with<T, Bytes>(largest_with<T, Bytes>(zero, w0), w1), scale_rare);
        if constexpr (std::is_same_v<T, float>) { // across_edge(): exact in double
            const typename Ty::D3 e0 = Ty::widen(Ty::times(k, w0));
            const typename Ty::D3 e = Ty::sub(Ty::widen(Ty::times(k, w1)), e0);
            d = Ty::select(is2, Ty::narrow(Ty::cross(Ty::cross(e, Ty::neg(e0)), e)), d);
        } else { // across_edge(): plain where e x -w0 is well conditioned
            const V3 s0 = Ty::times(k, w0);
            const V3 to_origin0 = Ty::neg(s0);
            const V3 e = Ty::sub(Ty::times(k, w1), s0);
            const V3 m = Ty::cross(e, to_origin0);
            rare |= live & is2 & ~well_conditioned<T, Bytes>(m, e, to_origin0);
            d = Ty::select(is2, Ty::cross(m, e), d);
        }
    }
    const M is3 = s.count == Ty::ints(3);
    if (wide::any(live & is3)) {
        const V3 e = Ty::sub(w1, w0), f = Ty::sub(w2, w0);
        const V ke = unit_scale<T, Bytes>(largest_with<T, Bytes>(zero, e), scale_rare);
        const V kf = unit_scale<T, Bytes>(largest_with<T, Bytes>(zero, f), scale_rare);
        const V3 se = Ty::times(ke, e), sf = Ty::times(kf, f);
        const V3 n = Ty::cross(se, sf);
        rare |= live & is3 & ~well_conditioned<T, Bytes>(n, se, sf);
        const V side = Ty::dot(n, to_origin);
        const V3 toward =
            Ty::select(side > zero, n, Ty::select(side < zero, Ty::neg(n), V3{zero, zero, zero}));
        d = Ty::select(is3, toward, d);
    }
    rare |= live & scale_rare;
    return d;
}

/// A shape's support in every lane: the first corner furthest along d (first_furthest_scalar:
/// x d.x + y d.y + z d.z, a later corner wins only when strictly further), its index and point.
template <class T, int Bytes> struct Support {
    typename Types<T, Bytes>::M index;
    typename Types<T, Bytes>::V3 point;
};
template <class T, int Bytes>
GJK_LANE3_STEP Support<T, Bytes>
support(const T (*x)[Types<T, Bytes>::N], const T (*y)[Types<T, Bytes>::N],
        const T (*z)[Types<T, Bytes>::N], int corners, typename Types<T, Bytes>::V3 d) {
    using Ty = Types<T, Bytes>;
    using V = typename Ty::V;
    using M = typename Ty::M;
    Support<T, Bytes> best;
    best.point = {wide::load<V>(x[0]), wide::load<V>(y[0]), wide::load<V>(z[0])};
    best.index = Ty::ints(0);
    V reach = best.point.x * d.x + best.point.y * d.y + best.point.z * d.z;
    for (int i = 1; i < corners; ++i) {
        const typename Ty::V3 p{wide::load<V>(x[i]), wide::load<V>(y[i]), wide::load<V>(z[i])};
        const V r = p.x * d.x + p.y * d.y + p.z * d.z;
        const M further = reach < r;
        reach = wide::select(further, r, reach);
        best.index = wide::select(further, Ty::ints(i), best.index);
        best.point = Ty::select(further, p, best.point);
    }
    return best;
}

/// PairInFrameA3 in every lane, and validate()'s test of the points: each point within the
/// kernel's range (`out_of_range` gains the lanes with one that is not: distance() names the
/// error), B's points moved into A's frame (apply(), in place), the shapes' largest coordinate
/// there (largest()) and the centre of Z (centre(): the mean of B's points less the mean of A's).
template <class T, int Bytes> struct PairInFrameA {
    typename Types<T, Bytes>::V largest;
    typename Types<T, Bytes>::V3 centre;
};
template <class T, int Bytes>
GJK_LANE3_STEP PairInFrameA<T, Bytes> pair_in_frame_a(Lanes3<T, Bytes>& l,
                                                      typename Types<T, Bytes>::M& out_of_range) {
    using Ty = Types<T, Bytes>;
    using V = typename Ty::V;
    using M = typename Ty::M;
    using V3 = typename Ty::V3;
    const V zero = Ty::values(0), two = Ty::values(2), range = Ty::values(l.range);
    const V3 t{wide::load<V>(l.xf_px), wide::load<V>(l.xf_py), wide::load<V>(l.xf_pz)};
    const V3 u{wide::load<V>(l.xf_qx), wide::load<V>(l.xf_qy), wide::load<V>(l.xf_qz)};
    const V qw = wide::load<V>(l.xf_qw);
    const M count_a = wide::load<M>(l.count_a), count_b = wide::load<M>(l.count_b);
    M within = ~M{};
    V largest = zero;
    V3 sum_a{zero, zero, zero}, sum_b{zero, zero, zero};
    for (int j = 0; j < l.corners_a; ++j) {
        const V3 p{wide::load<V>(l.ax[j]), wide::load<V>(l.ay[j]), wide::load<V>(l.az[j])};
        within &= (wide::abs(p.x) <= range) & (wide::abs(p.y) <= range) & (wide::abs(p.z) <= range);
        largest = largest_with<T, Bytes>(largest, p);
        sum_a = Ty::select(Ty::ints(j) < count_a, Ty::add(sum_a, p), sum_a);
    }
    V largest_b = zero;
    for (int j = 0; j < l.corners_b; ++j) {
        const V3 p{wide::load<V>(l.bx[j]), wide::load<V>(l.by[j]), wide::load<V>(l.bz[j])};
        within &= (wide::abs(p.x) <= range) & (wide::abs(p.y) <= range) & (wide::abs(p.z) <= range);
        // apply(xf, p) = rotate(q, p) + t, rotate(q, v) = v + w (2 u x v) + u x (2 u x v).
        const V3 r = Ty::times(two, Ty::cross(u, p));
        const V3 moved = Ty::add(Ty::add(Ty::add(p, Ty::times(qw, r)), Ty::cross(u, r)), t);
        wide::store(l.bx[j], moved.x), wide::store(l.by[j], moved.y), wide::store(l.bz[j], moved.z);
        largest_b = largest_with<T, Bytes>(largest_b, moved);
        sum_b = Ty::select(Ty::ints(j) < count_b, Ty::add(sum_b, moved), sum_b);
    }
    out_of_range = ~within;
    const V3 centre_a = Ty::times(wide::load<V>(l.inverse_a), sum_a);
    const V3 centre_b = Ty::times(wide::load<V>(l.inverse_b), sum_b);
    return {wide::max(largest, largest_b), Ty::sub(centre_b, centre_a)};
}

/// start3() in every lane: the cached pairs where the lane has them, else the support along -c
/// (c the centre of Z; along x when c is zero); `direction` the start's.
template <class T, int Bytes>
GJK_LANE3_STEP void start(const Lanes3<T, Bytes>& l, typename Types<T, Bytes>::V3 centre,
                          Simplex<T, Bytes>& s, typename Types<T, Bytes>::V3& direction) {
    using Ty = Types<T, Bytes>;
    using V = typename Ty::V;
    using M = typename Ty::M;
    using V3 = typename Ty::V3;
    const V zero = Ty::values(0);
    const M cached = wide::load<M>(l.cache_count);
    for (int i = 0; i < 4; ++i) {
        s.weight[i] = zero;
        s.index_a[i] = wide::load<M>(l.cache_a[i]);
        s.index_b[i] = wide::load<M>(l.cache_b[i]);
        s.a[i] = s.b[i] = V3{zero, zero, zero};
    }
    if (wide::any(cached != M{})) { // z.vertex() of each cached pair
        for (int j = 0; j < l.corners_a; ++j) {
            const V3 p{wide::load<V>(l.ax[j]), wide::load<V>(l.ay[j]), wide::load<V>(l.az[j])};
            for (int i = 0; i < 4; ++i) {
                s.a[i] = Ty::select(s.index_a[i] == Ty::ints(j), p, s.a[i]);
            }
        }
        for (int j = 0; j < l.corners_b; ++j) {
            const V3 p{wide::load<V>(l.bx[j]), wide::load<V>(l.by[j]), wide::load<V>(l.bz[j])};
            for (int i = 0; i < 4; ++i) {
                s.b[i] = Ty::select(s.index_b[i] == Ty::ints(j), p, s.b[i]);
            }
        }
    }
    for (int i = 0; i < 4; ++i) {
        s.w[i] = Ty::sub(s.b[i], s.a[i]);
    }
    const M cold = cached == M{};
    const M away = Ty::dot(centre, centre) > zero;
    direction =
        Ty::select(cold, Ty::select(away, Ty::neg(centre), V3{Ty::values(1), zero, zero}), centre);
    const Support<T, Bytes> pa =
        support<T, Bytes>(l.ax, l.ay, l.az, l.corners_a, Ty::neg(direction));
    const Support<T, Bytes> pb = support<T, Bytes>(l.bx, l.by, l.bz, l.corners_b, direction);
    s.a[0] = Ty::select(cold, pa.point, s.a[0]);
    s.b[0] = Ty::select(cold, pb.point, s.b[0]);
    s.w[0] = Ty::select(cold, Ty::sub(pb.point, pa.point), s.w[0]);
    s.index_a[0] = wide::select(cold, pa.index, s.index_a[0]);
    s.index_b[0] = wide::select(cold, pb.index, s.index_b[0]);
    s.count = wide::select(cold, Ty::ints(1), cached);
}

/// v rotated by the unit quaternion (u, w): v + w t + u x t with t = 2 u x v (rotate()).
template <class T, int Bytes>
GJK_LANE3_STEP typename Types<T, Bytes>::V3 rotate(typename Types<T, Bytes>::V3 u,
                                                   typename Types<T, Bytes>::V w,
                                                   typename Types<T, Bytes>::V3 v) {
    using Ty = Types<T, Bytes>;
    const typename Ty::V3 t = Ty::times(Ty::values(2), Ty::cross(u, v));
    return Ty::add(Ty::add(v, Ty::times(w, t)), Ty::cross(u, t));
}

/// conclude3() for the lanes that end separated at a support (no progress, or a repeated one) on
/// the common path - the witness points from the weights, settle()'s test, the distance
/// (length() in the normal range), the normal from the kept feature's perpendicular
/// (normalized()), the radii, and the answer moved into the world - and for those that end in
/// containment. `concluded` is the lanes answered here; every other lane - a contact on a
/// feature, which needs the touching proof, the cap, a length or scale outside the normal range,
/// a radius that reaches the other shape, a non-finite answer - is left to conclude3().
template <class T, int Bytes>
GJK_LANE3_STEP void
conclude(Lanes3<T, Bytes>& l, const Simplex<T, Bytes>& s, typename Types<T, Bytes>::M done,
         typename Types<T, Bytes>::V3 closest, typename Types<T, Bytes>::M ending,
         typename Types<T, Bytes>::V3 last_direction, typename Types<T, Bytes>::V3 last_support,
         typename Types<T, Bytes>::V scale) {
    using Ty = Types<T, Bytes>;
    using V = typename Ty::V;
    using M = typename Ty::M;
    using V3 = typename Ty::V3;
    const V zero = Ty::values(0);
    const V3 origin{zero, zero, zero};
    auto is = [&ending](Termination which)
                  GJK_LANE3_LAMBDA { return ending == Ty::ints(int(which)); };
    M ok = done & (is(Termination::no_progress) | is(Termination::repeated_support));
    V3 pa = origin, pb = origin;
    auto square = [scale](V3 v) GJK_LANE3_LAMBDA {
        const V3 k = Ty::times(scale, v);
        return Ty::dot(k, k);
    };
    V vertex2 = square(last_support);
    for (int i = 0; i < 4; ++i) {
        const M in = Ty::ints(i) < s.count;
        pa = Ty::select(in, Ty::add(pa, Ty::times(s.weight[i], s.a[i])), pa);
        pb = Ty::select(in, Ty::add(pb, Ty::times(s.weight[i], s.b[i])), pb);
        vertex2 = wide::select(in, wide::max(vertex2, square(s.w[i])), vertex2);
    }
    // settle(): a contact within round-off, for conclude3() and its touching proof.
    constexpr T eps = Ty::kEpsilon;
    ok &= ~(square(closest) <= Ty::values(eps) * Ty::values(eps) * vertex2);
    // length(): the square root of a square in the normal range.
    const V core2 = Ty::dot(closest, closest);
    ok &= (core2 >= Ty::values(Ty::kMin)) & (core2 <= Ty::values(Ty::kMax));
    const V core = wide::sqrt(core2);
    // The normal: the kept feature's perpendicular (search_direction() of the final simplex,
    // which the loop computed last, from this same simplex, before the support that ended it:
    // the last direction), or P for a vertex.
    V3 along = Ty::select(s.count >= Ty::ints(2), Ty::neg(last_direction), closest);
    const M zero_along = (along.x == zero) & (along.y == zero) & (along.z == zero);
    along = Ty::select(zero_along, closest, along);
    const V largest = Ty::max_abs(along);
    ok &= largest > zero;
    M scale_rare{};
    const V k = unit_scale<T, Bytes>(largest_with<T, Bytes>(zero, along), scale_rare);
    ok &= ~scale_rare;
    const V3 scaled = Ty::times(k, along);
    const V length = wide::sqrt(Ty::dot(scaled, scaled));
    V3 normal{scaled.x / length, scaled.y / length, scaled.z / length};
    // The radii: separated when the cores are further apart than they reach, by more than the
    // round-off of their distance (gap_within_round_off(): a gap within it is rounded_gap()'s,
    // conclude3() answers it).
    const V ra = wide::load<V>(l.radius_a), rb = wide::load<V>(l.radius_b);
    const V radii = ra + rb;
    V largest_w = radii;
    for (int i = 0; i < 4; ++i) {
        largest_w = wide::select(Ty::ints(i) < s.count, largest_with<T, Bytes>(largest_w, s.w[i]),
                                 largest_w);
    }
    const V band = Ty::values(T(64) * eps) * largest_w;
    ok &= (core > radii) & ~((radii > zero) & (wide::abs(core - radii) <= band));
    V distance = core - (ra + rb);
    const V3 witness_a = pa;
    pa = Ty::add(pa, Ty::times(ra, normal));
    pb = Ty::sub(pb, Ty::times(rb, normal));
    // Into the world: apply(xf_a, .), rotate(xf_a.q, normal).
    const V3 p{wide::load<V>(l.world_px), wide::load<V>(l.world_py), wide::load<V>(l.world_pz)};
    const V3 u{wide::load<V>(l.world_qx), wide::load<V>(l.world_qy), wide::load<V>(l.world_qz)};
    const V w = wide::load<V>(l.world_qw);
    V3 point_a = Ty::add(rotate<T, Bytes>(u, w, pa), p);
    V3 point_b = Ty::add(rotate<T, Bytes>(u, w, pb), p);
    normal = rotate<T, Bytes>(u, w, normal);
    const V max = Ty::values(Ty::kMax);
    auto finite = [max](V3 v) GJK_LANE3_LAMBDA {
        return (wide::abs(v.x) <= max) & (wide::abs(v.y) <= max) & (wide::abs(v.z) <= max);
    };
    ok &= finite(point_a) & finite(point_b) & finite(normal) & (wide::abs(distance) <= max);
    // Case 2, the origin inside the tetrahedron: the cores overlap, with no normal (conclude3()
    // with core 0, no support plane to find), both points the weights' point of A.
    const M contains = done & is(Termination::containment);
    const V3 contained = Ty::add(rotate<T, Bytes>(u, w, witness_a), p);
    const V3 no_normal = rotate<T, Bytes>(u, w, origin);
    const M answered = contains & finite(contained) & finite(no_normal);
    ok |= answered;
    const M status = wide::select(answered, Ty::ints(int(Status::overlapping)),
                                  Ty::ints(int(Status::separated)));
    distance = wide::select(answered, zero, distance);
    point_a = Ty::select(answered, contained, point_a);
    point_b = Ty::select(answered, contained, point_b);
    normal = Ty::select(answered, no_normal, normal);
    wide::store(l.concluded, ok);
    wide::store(l.status, status);
    wide::store(l.distance, distance);
    wide::store(l.point_ax, point_a.x), wide::store(l.point_ay, point_a.y);
    wide::store(l.point_az, point_a.z);
    wide::store(l.point_bx, point_b.x), wide::store(l.point_by, point_b.y);
    wide::store(l.point_bz, point_b.z);
    wide::store(l.normal_x, normal.x), wide::store(l.normal_y, normal.y);
    wide::store(l.normal_z, normal.z);
}

} // namespace gjk::detail::lanes3

namespace gjk::detail {

/// distance() (gjk/distance3.hpp) on every live lane: its pair in A's frame, start3(), and
/// distance_in_frame()'s loop to what conclude3() answers from, or to a rare path
/// (handed_over).
template <class T, int Bytes> void lockstep3_loop(Lanes3<T, Bytes>& lanes) {
    using Ty = lanes3::Types<T, Bytes>;
    using V = typename Ty::V;
    using M = typename Ty::M;
    using V3 = typename Ty::V3;
    constexpr int N = Ty::N;

    M out_of_range{};
    const lanes3::PairInFrameA<T, Bytes> pair =
        lanes3::pair_in_frame_a<T, Bytes>(lanes, out_of_range);
    M live = wide::load<M>(lanes.live);
    M handed_over = live & out_of_range;
    live &= ~out_of_range;
    M scale_rare{}; // square_scale()
    const V scale = lanes3::unit_scale<T, Bytes>(pair.largest, scale_rare);
    handed_over |= live & scale_rare;
    live &= ~scale_rare;
    lanes3::Simplex<T, Bytes> s;
    V3 last_direction;
    lanes3::start<T, Bytes>(lanes, pair.centre, s, last_direction);
    const M max_iterations = wide::load<M>(lanes.max_iterations);
    V3 last_support = s.w[0];
    V3 closest{Ty::values(0), Ty::values(0), Ty::values(0)};
    M region = Ty::ints(0);
    M ending = Ty::ints(int(Termination::max_iterations));
    M iterations = Ty::ints(0);
    V previous = Ty::values(Ty::kInfinity);
    // A live lane of m ends (or is handed over), each once: the first that holds decides.
    auto end = [&](M m, Termination why) GJK_LANE3_LAMBDA {
        const M now = m & live;
        ending = wide::select(now, Ty::ints(int(why)), ending);
        live &= ~now;
    };
    auto hand_over = [&](M m) GJK_LANE3_LAMBDA {
        handed_over |= m & live;
        live &= ~m;
    };

    while (wide::any(live)) {
        iterations -= live;
        const lanes3::Simplex<T, Bytes> before = s; // its pairs, for case 1
        M rare{};
        const lanes3::Solution<T, Bytes> solution = lanes3::solve<T, Bytes>(s, live, rare);
        hand_over(rare);
        for (int i = 0; i < 4; ++i) {
            s.weight[i] = wide::select(live, solution.weight[i], s.weight[i]);
        }
        closest = Ty::select(live, solution.closest, closest);
        region = wide::select(live, solution.region, region);
        // Case 2: the origin inside the tetrahedron.
        end(live & (solution.region == Ty::ints(0b1111)), Termination::containment);
        // The stall rule's rare path: a squared distance that did not decrease (or NaN).
        const V3 scaled = Ty::times(scale, solution.closest);
        const V distance2 = Ty::dot(scaled, scaled);
        hand_over(live & ~(distance2 < previous));
        previous = wide::select(live, distance2, previous);
        lanes3::cull<T, Bytes>(s, solution.region, live);
        M direction_rare{};
        const V3 d = lanes3::search_direction<T, Bytes>(s, live, direction_rare);
        hand_over(direction_rare);
        // Cases 3a, 3b, 4: the origin on the simplex.
        const M on_simplex =
            live & (d.x == Ty::values(0)) & (d.y == Ty::values(0)) & (d.z == Ty::values(0));
        end(on_simplex & (s.count == Ty::ints(1)), Termination::vertex_overlap);
        end(on_simplex & (s.count == Ty::ints(2)), Termination::edge_overlap);
        end(on_simplex, Termination::face_overlap);
        end(live & (iterations >= max_iterations), Termination::max_iterations);
        // The support of Z along d: B's along d less A's along -d.
        const lanes3::Support<T, Bytes> pa =
            lanes3::support<T, Bytes>(lanes.ax, lanes.ay, lanes.az, lanes.corners_a, Ty::neg(d));
        const lanes3::Support<T, Bytes> pb =
            lanes3::support<T, Bytes>(lanes.bx, lanes.by, lanes.bz, lanes.corners_b, d);
        const V3 w = Ty::sub(pb.point, pa.point);
        last_direction = Ty::select(live, d, last_direction);
        last_support = Ty::select(live, w, last_support);
        M repeated{}; // case 1, against the simplex before cull
        for (int i = 0; i < 4; ++i) {
            repeated |= (Ty::ints(i) < before.count) & (before.index_a[i] == pa.index) &
                        (before.index_b[i] == pb.index);
        }
        end(live & repeated, Termination::repeated_support);
        end(live & ~(Ty::dot(w, d) > Ty::dot(s.w[0], d)), Termination::no_progress);
        // push(): w at slot count.
        for (int i = 0; i < 4; ++i) {
            const M here = live & (s.count == Ty::ints(i));
            s.a[i] = Ty::select(here, pa.point, s.a[i]);
            s.b[i] = Ty::select(here, pb.point, s.b[i]);
            s.w[i] = Ty::select(here, w, s.w[i]);
            s.index_a[i] = wide::select(here, pa.index, s.index_a[i]);
            s.index_b[i] = wide::select(here, pb.index, s.index_b[i]);
        }
        s.count -= live;
    }

    for (int i = 0; i < 4; ++i) {
        wide::store(lanes.va_x[i], s.a[i].x), wide::store(lanes.va_y[i], s.a[i].y);
        wide::store(lanes.va_z[i], s.a[i].z);
        wide::store(lanes.vb_x[i], s.b[i].x), wide::store(lanes.vb_y[i], s.b[i].y);
        wide::store(lanes.vb_z[i], s.b[i].z);
        wide::store(lanes.w_x[i], s.w[i].x), wide::store(lanes.w_y[i], s.w[i].y);
        wide::store(lanes.w_z[i], s.w[i].z);
        wide::store(lanes.weight[i], s.weight[i]);
        wide::store(lanes.index_a[i], s.index_a[i]);
        wide::store(lanes.index_b[i], s.index_b[i]);
    }
    wide::store(lanes.count, s.count);
    wide::store(lanes.direction_x, last_direction.x),
        wide::store(lanes.direction_y, last_direction.y);
    wide::store(lanes.direction_z, last_direction.z);
    wide::store(lanes.last_x, last_support.x), wide::store(lanes.last_y, last_support.y);
    wide::store(lanes.last_z, last_support.z);
    wide::store(lanes.closest_x, closest.x), wide::store(lanes.closest_y, closest.y);
    wide::store(lanes.closest_z, closest.z);
    wide::store(lanes.region, region);
    wide::store(lanes.termination, ending);
    wide::store(lanes.iterations, iterations);
    wide::store(lanes.handed_over, handed_over);
    lanes3::conclude<T, Bytes>(lanes, s, ~handed_over & wide::load<M>(lanes.live), closest, ending,
                               last_direction, last_support, scale);
    wide::store(lanes.scale, scale);
    static_assert(N == Lanes3<T, Bytes>::N);
}

} // namespace gjk::detail

#undef GJK_LANE3_STEP
#undef GJK_LANE3_LAMBDA
