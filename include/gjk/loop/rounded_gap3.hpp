// gjk/loop/rounded_gap3.hpp - the gap between two rounded shapes in space whose cores are about
// as far apart as their radii reach, with its sign decided exactly: touching is touching.
//
// Rounded shapes are separated, touching or overlapping as the cores' distance D is greater
// than, equal to or less than R = ra + rb. The loop's D = |P|, P = sum u_i w_i, carries a few
// eps of the largest |w_i| (the stall rule's derivation, gjk/distance3.hpp), so within that of
// R the computed D - R has no sign: two capsules whose segments are exactly 3 apart, radii 1.5
// each, came out 4.4e-16 deep (TYPED_TEST(Distance3Contacts, CapsulesExactlyTheirRadiiApartTouch)).
// There the sign comes from the final simplex's feature instead, whose affine hull P is the
// closest point of:
//   a vertex w0:            D^2 = |w0|^2
//   an edge w0 w1:          D^2 = |w0 x w1|^2 / |w1 - w0|^2
//   a face w0 w1 w2:        D^2 = det(w0, w1, w2)^2 / |n|^2,   n = (w1 - w0) x (w2 - w0)
// (det = n . w0). Each is num / den with num and den polynomials in the coordinates, so
//   sign(D - R) = sign(num - R^2 den),
// which is carried exactly as an expansion (gjk/orientation3.hpp: two-sums, two-products,
// Grow-Expansion), R = ra + rb exactly too. Its value gives the gap to a few eps of itself:
//   D - R = (num - R^2 den) / (den (D + R)),
// and a gap whose sign is known but whose value underflows is the least number of that sign.
// Exactness needs no overflow and no product finer than the least subnormal: the points and
// radii are scaled by a power of two to a largest coordinate near 1, and every nonzero one of
// them must be at least 2^-120 of that (products of six are then multiples of 2^-1032), else
// the computed D - R stands. Floats are carried in double, where their products are exact too.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <type_traits>

#include "gjk/distance3_types.hpp"
#include "gjk/math3.hpp"
#include "gjk/orientation3.hpp"

namespace gjk::detail {

/// Whether the rounded shapes' computed gap `core - radii` is within the round-off of the cores'
/// distance (64 eps of the largest coordinate of the kept simplex or of the radii), where
/// rounded_gap() decides it. Radii of zero never are: unrounded shapes are settled by the loop.
/// The lanes of distance_batch test the same, in the same order, to hand these over.
template <class T> bool gap_within_round_off(const Simplex3<T>& s, T core, T radii) {
    T largest = radii;
    for (int i = 0; i < s.count; ++i) {
        largest = std::max(largest, max_abs(s.v[i].w));
    }
    const T band = T(64) * std::numeric_limits<T>::epsilon() * largest;
    return radii > T(0) && std::abs(core - radii) <= band;
}

/// An expansion that refuses to outgrow its terms: `ok` turns false instead (the callers then
/// keep the computed gap). Each grow adds at most one term.
template <class R> struct BoundedExpansion {
    static constexpr std::size_t kTerms = 64; // a few are used: terms are nonoverlapping
    Expansion<R, kTerms> sum;
    bool ok{true};

    void grow(R b) {
        if (sum.count == kTerms) {
            ok = false;
        } else if (ok) {
            sum.grow(b);
        }
    }
    void grow_product(R a, R b) { // Expansion's two-product, two terms at the most
        if (sum.count + 2 > kTerms) {
            ok = false;
        } else if (ok) {
            sum.grow_product(a, b);
        }
    }
    /// Adds sign * a * b, a and b expansions.
    void grow_product(const BoundedExpansion& a, const BoundedExpansion& b, R sign = R(1)) {
        ok = ok && a.ok && b.ok;
        for (std::size_t i = 0; i < a.sum.count && ok; ++i) {
            for (std::size_t j = 0; j < b.sum.count && ok; ++j) {
                grow_product(sign * a.sum.term[i], b.sum.term[j]); // negation is exact
            }
        }
    }
    void grow(const BoundedExpansion& a, R sign = R(1)) {
        ok = ok && a.ok;
        for (std::size_t i = 0; i < a.sum.count && ok; ++i) {
            grow(sign * a.sum.term[i]);
        }
    }
    /// The number to a unit of its last place (the terms summed from the least).
    R approximate() const {
        R value = R(0);
        for (std::size_t i = 0; i < sum.count; ++i) {
            value += sum.term[i];
        }
        return value;
    }
};

template <class R> BoundedExpansion<R> exact_value(R x) {
    BoundedExpansion<R> e;
    e.grow(x);
    return e;
}

template <class R> BoundedExpansion<R> exact_difference_of(R p, R q) {
    BoundedExpansion<R> e;
    e.grow(p);
    e.grow(-q);
    return e;
}

template <class R> BoundedExpansion<R> exact_square_sum(const BoundedExpansion<R> (&v)[3]) {
    BoundedExpansion<R> e;
    for (const BoundedExpansion<R>& c : v) {
        e.grow_product(c, c);
    }
    return e;
}

template <class R> R coordinate(Vec3<R> p, int j) {
    return j == 0 ? p.x : j == 1 ? p.y : p.z;
}

/// u x v, each coordinate an expansion.
template <class R>
void exact_cross(const BoundedExpansion<R> (&u)[3], const BoundedExpansion<R> (&v)[3],
                 BoundedExpansion<R> (&out)[3]) {
    for (int i = 0; i < 3; ++i) {
        const int j = (i + 1) % 3, k = (i + 2) % 3;
        out[i] = BoundedExpansion<R>{};
        out[i].grow_product(u[j], v[k]);
        out[i].grow_product(u[k], v[j], R(-1));
    }
}

/// The rounded shapes' gap D - R (see the top of this file) from the final simplex `s` (1 to 3
/// vertices), the cores' computed distance `core` > 0 and the radii; nothing when exactness is
/// not assured (then the computed core - (ra + rb) stands).
template <class T> std::optional<T> rounded_gap(const Simplex3<T>& s, T core, T ra, T rb) {
    using R = std::conditional_t<std::is_same_v<T, float>, double, T>;
    if (s.count < 1 || s.count > 3) {
        return std::nullopt;
    }
    // The scale: a power of two to a largest coordinate near 1, radii included.
    Vec3<R> w[3];
    for (int i = 0; i < s.count; ++i) {
        w[i] = {R(s.v[i].w.x), R(s.v[i].w.y), R(s.v[i].w.z)};
    }
    const R k = unit_scale({w[0], s.count > 1 ? w[1] : Vec3<R>{}, s.count > 2 ? w[2] : Vec3<R>{},
                            Vec3<R>{R(ra), R(rb), R(0)}});
    const R a_radius = k * R(ra), b_radius = k * R(rb);
    constexpr R kLeast = R(0x1p-120);
    auto fine = [](R x) { return x == R(0) || std::abs(x) >= kLeast; };
    bool exact = fine(a_radius) && fine(b_radius);
    BoundedExpansion<R> x[3][3]; // the scaled vertices, coordinate by coordinate
    for (int i = 0; i < s.count; ++i) {
        w[i] = k * w[i];
        exact = exact && fine(w[i].x) && fine(w[i].y) && fine(w[i].z);
        x[i][0] = exact_value(w[i].x), x[i][1] = exact_value(w[i].y);
        x[i][2] = exact_value(w[i].z);
    }
    if (!exact) {
        return std::nullopt;
    }

    BoundedExpansion<R> num, den;
    if (s.count == 1) {
        num = exact_square_sum(x[0]);
        den = exact_value(R(1));
    } else if (s.count == 2) {
        BoundedExpansion<R> c[3], e[3];
        exact_cross(x[0], x[1], c);
        for (int j = 0; j < 3; ++j) {
            e[j] = exact_difference_of(coordinate(w[1], j), coordinate(w[0], j));
        }
        num = exact_square_sum(c);
        den = exact_square_sum(e);
    } else {
        BoundedExpansion<R> u[3], v[3], n[3];
        for (int j = 0; j < 3; ++j) {
            u[j] = exact_difference_of(coordinate(w[1], j), coordinate(w[0], j));
            v[j] = exact_difference_of(coordinate(w[2], j), coordinate(w[0], j));
        }
        exact_cross(u, v, n);
        BoundedExpansion<R> det;
        for (int j = 0; j < 3; ++j) {
            det.grow_product(n[j], x[0][j]);
        }
        num.grow_product(det, det);
        den = exact_square_sum(n);
    }
    BoundedExpansion<R> radius = exact_value(a_radius);
    radius.grow(b_radius);
    BoundedExpansion<R> radius2;
    radius2.grow_product(radius, radius);
    BoundedExpansion<R> difference = num; // num - R^2 den
    BoundedExpansion<R> reach;
    reach.grow_product(radius2, den);
    difference.grow(reach, R(-1));
    const R den_value = den.approximate();
    if (!difference.ok || !num.ok || !den.ok || !(den_value > R(0))) {
        return std::nullopt;
    }
    const int sign = difference.sum.sign();
    if (sign == 0) {
        return T(0);
    }
    const R sum = k * (R(core) + R(ra) + R(rb));
    const T gap = T(difference.approximate() / (den_value * sum) / k);
    if (gap == T(0) || !(std::abs(gap) <= std::numeric_limits<T>::max())) {
        const T least = std::numeric_limits<T>::denorm_min();
        return sign > 0 ? least : -least;
    }
    return gap;
}

} // namespace gjk::detail
