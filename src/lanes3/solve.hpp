// src/lanes3/solve.hpp - solve() in every lane (gjk/loop/simplex3.hpp): the closest point of
// the simplex to the origin, its Voronoi region and the weights, by the point's, the segment's,
// the triangle's and the tetrahedron's regions, and the lanes' simplex it works on.
#pragma once

#include "lanes3/products.hpp"

namespace gjk::detail::lanes3 {

/// The first of an ordered list of region tests that holds, lane by lane (the scalar's chain of
/// `if (...) return region;`).
template <class T, int Bytes> struct FirstRegion {
    using M = typename Types<T, Bytes>::M;
    M region{};
    M open = ~M{};
    GJK_LANE_STEP void test(M holds, int bits) {
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
    GJK_LANE_STEP void set(typename Types<T, Bytes>::M m, typename Types<T, Bytes>::V n0,
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
GJK_LANE_STEP Solution<T, Bytes> solve(const Simplex<T, Bytes>& s, typename Types<T, Bytes>::M live,
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
        auto volume = [&face_rare](V3 p0, V3 p1, V3 p2, V3 p3) GJK_LANE_LAMBDA {
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
                        GJK_LANE_LAMBDA { return (g.u > zero) & (g.v > zero) & (g.w > zero); };
        f.test(over(abc) & (x <= zero), 0b0111);
        f.test(over(abd) & (w <= zero), 0b1011);
        f.test(over(acd) & (v <= zero), 0b1101);
        f.test(over(bcd) & (u <= zero), 0b1110);
        f.test((u > zero) & (v > zero) & (w > zero) & (x > zero), 0b1111);
        solver_rare |= is4 & (f.open | face_rare);
        Quotients<T, Bytes> q4{{one, zero, zero, zero}, one};
        auto is = [&f](int bits) GJK_LANE_LAMBDA { return f.region == Ty::ints(bits); };
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

} // namespace gjk::detail::lanes3
