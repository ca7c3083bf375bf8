// tests/oracle/oracle3_certificates.cpp - the two exact certificates of hull_distance(): convex
// weights of a common point (an exact phase-1 simplex), and the separating slab of a closest pair.
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "oracle/oracle3_internal.hpp"

namespace oracle3::detail {

// Convex weights of a common point, found by an exact phase-1 simplex on
//   lambda >= 0, mu >= 0, sum lambda = 1, sum mu = 1, sum lambda_i a_i - sum mu_j b_j = 0
// (5 equations; artificial variables r_0..r_4 >= 0 start as the basis, and the sum of the
// artificials is minimised; Bland's rule, lowest entering index and lowest leaving basic index
// among ties, guarantees termination). The optimum is 0 exactly when the hulls meet. The weights
// of a common point are then checked directly (exact sums), so the verdict "intersect" rests on
// that check, not on the simplex. A basic solution has at most 5 nonzero weights: a point of one
// set in a tetrahedron of the other's, or a segment meeting a triangle, as in the theorem at
// hull_distance().
std::optional<Q3> common_point(const std::vector<Q3>& A, const std::vector<Q3>& B) {
    constexpr std::size_t m = 5;
    const std::size_t na = A.size(), nv = A.size() + B.size(), cols = nv + m;
    std::vector<std::vector<Q>> t(m, std::vector<Q>(cols));
    std::vector<Q> rhs{Q(1), Q(1), Q(0), Q(0), Q(0)};
    std::vector<std::size_t> basis(m);
    for (std::size_t i = 0; i < na; ++i) {
        t[0][i] = 1;
        t[2][i] = A[i].x;
        t[3][i] = A[i].y;
        t[4][i] = A[i].z;
    }
    for (std::size_t j = 0; j < B.size(); ++j) {
        t[1][na + j] = 1;
        t[2][na + j] = -B[j].x;
        t[3][na + j] = -B[j].y;
        t[4][na + j] = -B[j].z;
    }
    for (std::size_t r = 0; r < m; ++r) {
        t[r][nv + r] = 1;
        basis[r] = nv + r;
    }
    // Objective w = sum of the artificials = w0 + sum_k cost_k x_k over the nonbasic x_k.
    Q w0 = 2;
    std::vector<Q> cost(cols);
    for (std::size_t k = 0; k < nv; ++k) {
        for (std::size_t r = 0; r < m; ++r) {
            cost[k] -= t[r][k];
        }
    }
    for (;;) {
        std::size_t enter = cols;
        for (std::size_t k = 0; k < cols; ++k) {
            if (sgn(cost[k]) < 0) {
                enter = k;
                break;
            }
        }
        if (enter == cols) {
            break;
        }
        std::size_t leave = m;
        Q best_ratio;
        for (std::size_t r = 0; r < m; ++r) {
            if (sgn(t[r][enter]) > 0) {
                Q ratio = rhs[r] / t[r][enter];
                if (leave == m || ratio < best_ratio ||
                    (ratio == best_ratio && basis[r] < basis[leave])) {
                    leave = r;
                    best_ratio = std::move(ratio);
                }
            }
        }
        if (leave == m) {
            throw std::logic_error("oracle3: unbounded phase-1 simplex"); // w >= 0: impossible
        }
        const Q pivot = t[leave][enter];
        for (Q& v : t[leave]) {
            v /= pivot;
        }
        rhs[leave] /= pivot;
        for (std::size_t r = 0; r < m; ++r) {
            if (r != leave && sgn(t[r][enter]) != 0) {
                const Q factor = t[r][enter];
                for (std::size_t k = 0; k < cols; ++k) {
                    t[r][k] -= factor * t[leave][k];
                }
                rhs[r] -= factor * rhs[leave];
            }
        }
        const Q factor = cost[enter];
        for (std::size_t k = 0; k < cols; ++k) {
            cost[k] -= factor * t[leave][k];
        }
        w0 += factor * rhs[leave];
        basis[leave] = enter;
    }
    if (sgn(w0) != 0) {
        return std::nullopt;
    }
    std::vector<Q> weight(nv);
    for (std::size_t r = 0; r < m; ++r) {
        if (basis[r] < nv) {
            weight[basis[r]] = rhs[r];
        }
    }
    Q sum_a, sum_b;
    Q3 za{Q(0), Q(0), Q(0)}, zb{Q(0), Q(0), Q(0)};
    for (std::size_t i = 0; i < nv; ++i) {
        if (sgn(weight[i]) < 0) {
            throw std::logic_error("oracle3: negative simplex weight");
        }
        if (i < na) {
            sum_a += weight[i];
            za = add(za, scale(A[i], weight[i]));
        } else {
            sum_b += weight[i];
            zb = add(zb, scale(B[i - na], weight[i]));
        }
    }
    if (sum_a != 1 || sum_b != 1 || !(za == zb)) {
        throw std::logic_error("oracle3: simplex weights are not a common point");
    }
    return za;
}

// x in the hull of A, y in the hull of B, n = y - x != 0. When every a has n.a <= n.x and every b
// has n.b >= n.y, any p in hull A and q in hull B satisfy
// |q - p| >= n.(q - p) / |n| >= (n.y - n.x) / |n| = |n|: the hulls are disjoint and |n| is their
// distance (the slab between the two planes separates them and is |n| wide).
bool certifies_distance(const std::vector<Q3>& A, const std::vector<Q3>& B, const Q3& x,
                        const Q3& y) {
    const Q3 n = sub(y, x);
    if (is_zero(n)) {
        return false;
    }
    const Q hx = dot(n, x), hy = dot(n, y);
    for (const Q3& a : A) {
        if (dot(n, a) > hx) {
            return false;
        }
    }
    for (const Q3& b : B) {
        if (dot(n, b) < hy) {
            return false;
        }
    }
    return true;
}

} // namespace oracle3::detail
