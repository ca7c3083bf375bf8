// gjk/orientation3.hpp - on which side of a plane a point lies, decided exactly: the one
// predicate every decision of the hull in space (gjk/hull3.hpp) rests on.
//
// orientation(a, b, c, p) is the sign of the determinant
//   det = (u x v) . w,   u = b - a, v = c - a, w = p - a,
//       = w.x (u.y v.z - u.z v.y) + w.y (u.z v.x - u.x v.z) + w.z (u.x v.y - u.y v.x):
// +1 when p lies on the side towards which the normal u x v points (above the triangle abc, which
// is counter-clockwise seen from there), -1 on the other side, 0 when the four are coplanar.
// A hull built on a sign that may be wrong near zero can keep a point inside it or fold over
// itself; so the sign is exact, in two stages (Shewchuk, "Adaptive precision floating-point
// arithmetic and fast robust geometric predicates", 1997):
//   1. the filter: det in floating point from the rounded differences. Its error is at most
//      (7 + 56 eps) eps permanent, where permanent is the same sum with every product and term
//      taken in absolute value and eps = 2^-p the unit round-off (Shewchuk's errboundA of
//      orient3d). With a bound of 8 eps permanent the sign of a det beyond it is certain, and
//      the margin eps permanent covers the absolute errors of products that fall below the
//      smallest normal number as long as permanent >= min / eps^2 (below that: stage 2).
//   2. the exact determinant, when the filter cannot decide (coplanar points always: an
//      integer grid sends every coplanar quadruple here). It is carried as an expansion: a sum
//      of floating-point terms, nonoverlapping and increasing in magnitude, whose sign is its
//      largest term's. Each difference is two terms by two-sum (Knuth: a + b = s + e exactly
//      with s = fl(a + b), additions only); each product of a term and a term is two terms by
//      two-product (x = fl(a b), the error fma(a, b, -x) exactly); expansions are summed by
//      Grow-Expansion, which adds one term at a time and keeps the expansion nonoverlapping
//      (Shewchuk's Theorem 10). Exact differences (integers, points on a grid) make expansions
//      of one term each and the whole determinant 24 terms; in general 192.
// What exactness assumes, as every such predicate does: no overflow (every |coordinate| at most
// 2^(emax / 3 - 2): the hull scales its points to a largest coordinate in [1, 2) first), and
// no product whose round-off is finer than the least subnormal: every coordinate an integer
// multiple of 2^g with 3 g >= the least exponent of a subnormal (double: g >= -358, which a
// coordinate of magnitude at least 2^-306 is). Floats computed in double meet both for every finite
// input (the hull does so); doubles unless one point set spans magnitudes of more than 2^300, where
// the answer is exact up to an error below 2^-1070.
#pragma once

#include <cmath>
#include <cstddef>
#include <limits>

#include "gjk/math3.hpp"

namespace gjk::detail {

/// A floating-point expansion: the exact number term[0] + ... + term[count - 1], the terms
/// nonzero, nonoverlapping and increasing in magnitude (Shewchuk), so that its sign is the sign
/// of its last term.
template <class R, std::size_t N> struct Expansion {
    R term[N];
    std::size_t count{0};

    /// Adds b exactly (Grow-Expansion with zero elimination): b is carried up through the
    /// terms by two-sums, each leaving its exact round-off behind as a term.
    void grow(R b) {
        R q = b;
        std::size_t k = 0;
        for (std::size_t i = 0; i < count; ++i) {
            const R e = term[i];
            const R s = q + e; // two-sum (Knuth): s + h = q + e exactly
            const R e_virtual = s - q;
            const R q_virtual = s - e_virtual;
            const R h = (q - q_virtual) + (e - e_virtual);
            q = s;
            if (h != R(0)) {
                term[k++] = h; // k <= i: the slot was read
            }
        }
        if (q != R(0) || k == 0) {
            term[k++] = q;
        }
        count = (k == 1 && term[0] == R(0)) ? 0 : k;
    }
    /// Adds a b exactly: two-product, its round-off then its rounded value.
    void grow_product(R a, R b) {
        const R x = a * b;
        grow(std::fma(a, b, -x)); // a b - x, exactly
        grow(x);
    }
    /// -1, 0 or +1: the sign of the number.
    int sign() const { return count == 0 ? 0 : (term[count - 1] > R(0) ? 1 : -1); }
};

/// A difference p - q carried exactly: its rounded value and the round-off (value + error).
template <class R> struct ExactDifference {
    R value;
    R error;
};

/// p - q exactly (two-difference).
template <class R> ExactDifference<R> exact_difference(R p, R q) {
    const R s = p - q;
    const R q_virtual = p - s;
    const R p_virtual = s + q_virtual;
    return {s, (p - p_virtual) + (q_virtual - q)};
}

/// The exact sign of det (the top of this file, stage 2). Every product of three coordinates
/// of the differences is expanded over their two parts: (u x v).w = sum of +-u_i v_j w_k.
template <class R> int orientation_exact(Vec3<R> a, Vec3<R> b, Vec3<R> c, Vec3<R> p) {
    const ExactDifference<R> u[3] = {exact_difference(b.x, a.x), exact_difference(b.y, a.y),
                                     exact_difference(b.z, a.z)};
    const ExactDifference<R> v[3] = {exact_difference(c.x, a.x), exact_difference(c.y, a.y),
                                     exact_difference(c.z, a.z)};
    const ExactDifference<R> w[3] = {exact_difference(p.x, a.x), exact_difference(p.y, a.y),
                                     exact_difference(p.z, a.z)};
    // det = sum over the even permutations (i, j, k) of u_i v_j w_k - u_i v_k w_j.
    constexpr int kEven[3][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}};
    Expansion<R, 192> det;
    for (const auto& ijk : kEven) {
        const int i = ijk[0], j = ijk[1], k = ijk[2];
        for (int sign = 1; sign >= -1; sign -= 2) {
            const int jj = sign > 0 ? j : k, kk = sign > 0 ? k : j;
            const R ui[2] = {u[i].value, u[i].error};
            const R vj[2] = {v[jj].value, v[jj].error};
            const R wk[2] = {w[kk].value, w[kk].error};
            for (const R x : ui) {
                for (const R y : vj) {
                    if (x == R(0) || y == R(0)) {
                        continue;
                    }
                    // x y as two terms, each times the parts of w: four exact products.
                    const R xy = x * y;
                    const R xy_error = std::fma(x, y, -xy);
                    for (const R z : wk) {
                        if (z != R(0)) {
                            det.grow_product(R(sign) * xy, z); // negation is exact
                            det.grow_product(R(sign) * xy_error, z);
                        }
                    }
                }
            }
        }
    }
    return det.sign();
}

/// The sign of (b - a) x (c - a) . (p - a), exactly (the top of this file): +1 when p is above
/// the plane of the triangle abc (the side its normal by the right-hand rule points to), -1
/// below, 0 when coplanar. R is double or long double; every |coordinate| at most
/// 2^(emax / 3 - 2).
template <class R> int orientation(Vec3<R> a, Vec3<R> b, Vec3<R> c, Vec3<R> p) {
    const R ux = b.x - a.x, uy = b.y - a.y, uz = b.z - a.z;
    const R vx = c.x - a.x, vy = c.y - a.y, vz = c.z - a.z;
    const R wx = p.x - a.x, wy = p.y - a.y, wz = p.z - a.z;
    const R yz = uy * vz, zy = uz * vy; // the products of u x v
    const R zx = uz * vx, xz = ux * vz;
    const R xy = ux * vy, yx = uy * vx;
    const R det = wx * (yz - zy) + wy * (zx - xz) + wz * (xy - yx);
    const R permanent = (std::abs(yz) + std::abs(zy)) * std::abs(wx) +
                        (std::abs(zx) + std::abs(xz)) * std::abs(wy) +
                        (std::abs(xy) + std::abs(yx)) * std::abs(wz);
    constexpr R eps = std::numeric_limits<R>::epsilon() / R(2);
    constexpr R smallest = std::numeric_limits<R>::min() / (eps * eps);
    const R bound = R(8) * eps * permanent;
    if (permanent >= smallest && (det > bound || -det > bound)) {
        return det > R(0) ? 1 : -1;
    }
    return orientation_exact(a, b, c, p);
}

/// The sign of the plane's turn (b - a) x (c - a) in the plane of coordinates (i, j) of the
/// points (0 x, 1 y, 2 z), exactly: the orientation of the points lifted into the plane z = 0
/// with a fourth point above a.
template <class R> int orientation_in_plane(Vec3<R> a, Vec3<R> b, Vec3<R> c, int i, int j) {
    auto coordinate = [](Vec3<R> q, int k) { return k == 0 ? q.x : (k == 1 ? q.y : q.z); };
    const Vec3<R> a2{coordinate(a, i), coordinate(a, j), R(0)};
    const Vec3<R> b2{coordinate(b, i), coordinate(b, j), R(0)};
    const Vec3<R> c2{coordinate(c, i), coordinate(c, j), R(0)};
    return orientation(a2, b2, c2, Vec3<R>{a2.x, a2.y, R(1)});
}

} // namespace gjk::detail
