// gjk/cast/toi_step.hpp - one outer step of a time of impact query: the first time the
// separation function of the closest features reaches the target, with the stretch before it
// proved free of contact (gjk/cast/separation.hpp has the functions).
//
// Every step proved. Two bounds carry a sample's s_min(t0) > target to the times around it.
// The distance's Lipschitz bound: no point of B moves relative to A faster than
//     speed = |v_a - v_b| + |omega_a| rho_a + |omega_b| rho_b,
// so d > target on [t0, t1] when g0 + g1 >= speed (t1 - t0), with g = s_min - target the gaps
// the two ends prove. The curvature bound: every pair's s bends at most at M = max |s''|, and a
// function with |s''| <= M lies above its chord less M (t - t0)(t1 - t) / 2. The chord of
// s_min's ends lies below every pair's (each pair's ends are at least s_min's), so s_min stays
// above the target on [t0, t1] when, for every lambda in (0, 1),
//     (1 - lambda) g0 + lambda g1 >= (M / 2) lambda (1 - lambda) (t1 - t0)^2,
// that is (dividing by lambda (1 - lambda) and minimising over lambda)
//     (sqrt(g0) + sqrt(g1))^2 >= (M / 2) (t1 - t0)^2.
// It holds up to a root (g1 = 0) when g0 >= (M / 2) (t1 - t0)^2, so the stretch before a root
// is proved by samples a finite distance from it. M, with a point at most rho from its centre
// and D a bound on the distance between the centres (their largest |dx| + |dy| at t = 0 or 1:
// the centres move straight):
//     points:  s'' = dot(B_j'' - A_i'', n), |p''| = omega^2 |p - c|:
//              M = omega_a^2 rho_a + omega_b^2 rho_b;
//     face_a:  B_j seen from A's turning frame, w = B_j - c_a: |(R^T w)''| <= |w''| +
//              2 |omega_a| |w'| + omega_a^2 |w|:
//              M = omega_b^2 rho_b + 2 |omega_a| (|v_b - v_a| + |omega_b| rho_b)
//                  + omega_a^2 (D + rho_b);
//     face_b:  the same with the roles swapped.
// One outer step from t1 (where gap > tolerance), with safe = t1 + gap / mu advancement's step
// (before it the distance stays above the target; past max_fraction: no contact in the step):
//   1. Scan: from left = safe, the right ends are kToiSamples equally spaced times over
//      (safe, max_fraction]. A right end whose s_min is above the target (+ half the
//      tolerance) and whose stretch [left, right] one of the two bounds proves becomes left;
//      a stretch not proved is halved (its midpoint the nearer right end). A right end at or
//      below the target (+ half the tolerance) is a bracket: go to 2. All of them proved: no
//      contact in the step, a miss.
//   2. Root: for the deepest pair (i, j) at the right end t2, s_ij(left) > target > s_ij(t2);
//      solve s_ij(t) = target on [left, t2] by Newton's method safeguarded by the bracket
//      [lo, hi], s(lo) > target > s(hi) (Numerical Recipes' rtsafe), until |s_ij(t) - target|
//      <= tolerance / 2. The first t is the secant's through the bracket's ends,
//          t = lo + (target - s_lo) (hi - lo) / (s_hi - s_lo),
//      then Newton's t - (s(t) - target) / s'(t), or bisection (lo + hi) / 2 when that step
//      leaves the bracket or is not half the step before the last (so the bracket shrinks at
//      least as fast as bisection's). The slope is exact: a point p of a shape (in its frame)
//      moves at dp/dt = v + omega perp(R(t) (p - local_center)) (gjk/sweep.hpp), a face's
//      normal n(t) = R(t) n turns at dn/dt = omega perp(n(t)), so
//          points:  s' = dot(B_j' - A_i', n)
//          face_a:  s' = dot(B_j' - p_A', n_A(t)) + omega_a dot(B_j(t) - p_A(t), perp(n_A(t)))
//      and face_b likewise. Newton converges quadratically, in far fewer evaluations than the
//      secant rule, which needs bisection steps against stalling.
//   3. Push back: at the root another pair may be deeper; if s_min(t2) is still below the
//      target, t2 = the root and repeat 2 with that pair (kMaxToiPushBacks at most).
//   4. The root is the step's end when the stretch [left, root] is proved (the root's gap
//      is 0); else the root becomes a right end and the stretch is halved, as in 1 - a pair
//      that dips below the target and comes back between two samples is found so
//      (TEST(TimeOfImpactDouble, DipBetweenGridSamplesIsFound)).
//   5. Advance: t1 = the step's end; then GJK at t1 gives the next features.
// The scan starts at safe rather than t1: [t1, safe] holds no contact, so its samples would
// be spent for nothing, and the kToiSamples cover the rest of the step more densely.
// Near the contact the features stop changing, the separation function is then d(t) itself,
// and the step lands on the contact: a handful of outer steps where advancement took
// hundreds (docs/robustness.md, Limits). A single sample at max_fraction above the target (Box2D's
// rule) is no proof, as the shapes may touch in between, and it missed contacts on the oracle
// sweeps. The fallbacks: a pair already at the target at left, too many push backs, or
// kMaxToiSubdivisions halvings spent - then the step ends at the last proved time plus the
// Lipschitz cover of its gap, never before safe and never late. So no step passes a contact
// (to round-off and the tolerance): the oracle test samples 257 times per sweep and finds none
// (TEST(TimeOfImpact, NoSampledContactBeforeTheReportedTime)), nor does fuzz_kernel's check.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "gjk/cast/separation.hpp"

namespace gjk {

/// Root finder iterations per bracket (the safeguard keeps the bracket shrinking at least as
/// bisection does, 2^-50 in 50; Newton's steps usually end it in two or three). Not
/// converged, the step takes the bracket's safe end and the outer loop goes on from there.
inline constexpr int kMaxToiRootIterations = 50;

/// How many times one outer step may push its time back to a deeper pair of the same
/// separation function before it falls back to conservative advancement.
inline constexpr int kMaxToiPushBacks = 16;

/// Times sampled over the rest of the step to bracket the separation function's root. One
/// sample (at max_fraction, Box2D's) takes a pair that dips below the target mid-step and rises
/// again for a miss (TEST(TimeOfImpact, NoSampledContactBeforeTheReportedTime) caught random
/// polygon sweeps reported separated); 4 left the fallback too many steps for the 30-step
/// target on that test's float sweeps; 8 meets it.
inline constexpr int kToiSamples = 8;

/// Midpoints an outer step may add where its samples do not prove the stretch between them
/// free of contact (the top of this file, "Every step proved"). Out of them, the step ends at
/// the last proved time and the outer loop goes on from there.
inline constexpr int kMaxToiSubdivisions = 32;

namespace detail {

/// A time of the step with the sweeps' transforms there and the deepest pair along the
/// function's axis.
template <class T> struct ToiSample {
    T t{0};
    Transform<T> a{}, b{};
    typename SeparationFunction<T>::Pair deep{};
};

template <class T> ToiSample<T> toi_sample(const SeparationFunction<T>& f, T t) {
    ToiSample<T> s{t, f.motion_a->at(t), f.motion_b->at(t), {}};
    s.deep = f.deepest(s.a, s.b);
    return s;
}

/// Steps 2 and 3 of an outer step (the top of this file): the root of s = target for the
/// deepest pair at `end` on [left.t, end.t], where that pair is within the target, Newton's
/// method kept in the bracket, pushed back while a deeper pair is within the target at the
/// root. On success `end` is the root (or, when the root finder did not converge, the
/// bracket's safe end): a time, at or after left.t, whose deepest pair is not below the target
/// by more than the window. False when there is no bracket (the pair is already within the
/// target at left.t) or the push backs do not settle.
template <class T>
bool toi_root(const SeparationFunction<T>& f, const ToiSample<T>& left, ToiSample<T>& end, T target,
              T window) {
    for (int push = 0; push < kMaxToiPushBacks; ++push) {
        if (push > 0) {
            end.deep = f.deepest(end.a, end.b);
        }
        const T s2 = end.deep.s;
        if (s2 >= target - window) {
            return true; // the deepest pair at end.t is at the target
        }
        const T s1 = f.evaluate(end.deep.index_a, end.deep.index_b, left.a, left.b);
        if (!(s1 > target + window)) {
            // This pair is already at the target at left.t (round-off: the deepest pair there
            // was above it): no bracket.
            return false;
        }
        // Root of s(t) = target on [lo, hi], s(lo) > target > s(hi): Newton's method kept in
        // the bracket (the top of this file), from the secant's time through its ends.
        ToiSample<T> lo = left;
        T hi = end.t;
        bool found = false;
        T t = lo.t + (target - s1) * (hi - lo.t) / (s2 - s1);
        T step = hi - lo.t, step_before = step; // the lengths of the last two steps
        for (int k = 0; k < kMaxToiRootIterations; ++k) {
            const Transform<T> xf_a = f.motion_a->at(t), xf_b = f.motion_b->at(t);
            const auto [s, ds] =
                f.evaluate_with_slope(end.deep.index_a, end.deep.index_b, xf_a, xf_b);
            if (std::abs(s - target) <= window) {
                end.t = t;
                end.a = xf_a;
                end.b = xf_b;
                found = true;
                break;
            }
            if (s > target) {
                lo.t = t;
                lo.a = xf_a;
                lo.b = xf_b;
            } else {
                hi = t;
            }
            // Newton's step, unless it leaves (lo, hi) or is not half the step before the last
            // (then bisection). A zero or NaN slope gives a NaN time, which fails the test.
            const T newton = t - (s - target) / ds;
            const T before = step_before;
            step_before = step;
            if (newton > lo.t && newton < hi && T(2) * std::abs(newton - t) <= before) {
                step = std::abs(newton - t);
                t = newton;
            } else {
                step = T(0.5) * (hi - lo.t);
                t = lo.t + step;
            }
        }
        if (!found) {
            end.t = lo.t; // the bracket's safe end: the pair is still above the target there
            end.a = lo.a;
            end.b = lo.b;
        }
    }
    return false; // pushed back too often
}

/// One outer step of time of impact (the top of this file), from advancement's safe time
/// `safe` (< max_fraction) for the separation function of the closest features at the step's
/// start: the earliest time the function reaches the target, with the stretch before it
/// proved free of contact; past max_fraction when the whole step is proved free; else the
/// latest time its proofs reach (never before `safe`, which is the answer when the function is
/// within the target there already or has no axis).
template <class T>
T separation_step(const SeparationFunction<T>& f, T safe, T target, T tolerance, T max_fraction,
                  const SweepBounds<T>& bounds) {
    if (f.kind == SeparationFunction<T>::Kind::none) {
        return safe;
    }
    const T window = T(0.5) * tolerance; // the root finder's acceptance: |s - target| <= window
    const T bend = f.bend(bounds);
    // How far above the target a sample proves the distance: s_min - target (0 where
    // round-off puts it a hair below).
    auto gap = [&](const ToiSample<T>& x) { return std::max(T(0), x.deep.s - target); };
    // Whether the distance stays above the target between two samples proving gaps g0 and g1:
    // by the distance's speed, or by the curvature bound on every pair's separation.
    // (sqrt(g0) + sqrt(g1))^2 >= g0 + g1: the square roots only when the sum falls short.
    auto proved = [&](T t0, T g0, T t1, T g1) {
        const T dt = t1 - t0;
        const T by_speed = bounds.speed * dt, by_bend = T(0.5) * bend * dt * dt;
        const T sum = g0 + g1;
        if (sum >= by_speed || sum >= by_bend) {
            return true;
        }
        if (g0 * g1 == T(0)) { // (a root's end): the square roots add nothing
            return false;
        }
        const T root_sum = std::sqrt(g0) + std::sqrt(g1);
        return root_sum * root_sum >= by_bend;
    };
    // The distance stays above the target until `safe`, so the contact lies in
    // [safe, max_fraction]. A function already within the target at `safe` has no root to
    // find after it; the outer loop goes to `safe`.
    ToiSample<T> left = toi_sample(f, safe); // proved free of contact up to left.t
    if (left.deep.s < target + window) {
        return safe;
    }
    T left_gap = gap(left);
    // The right ends still to reach: the grid's kToiSamples times over [safe, max_fraction]
    // in turn, and before the next of them the midpoints of stretches not proved, the nearest
    // on top.
    const T grid_step = (max_fraction - safe) / T(kToiSamples);
    int grid = 1; // the next grid time's index
    T ends[kMaxToiSubdivisions];
    int top = 0, subdivisions = 0;
    auto subdivide = [&](T right) {
        if (subdivisions == kMaxToiSubdivisions) { // (also bounds top)
            return false;
        }
        ++subdivisions;
        ends[top++] = left.t + T(0.5) * (right - left.t);
        return true;
    };
    while (top > 0 || grid <= kToiSamples) {
        if (top == 0) { // the next grid time, the last exactly max_fraction
            ends[top++] = grid == kToiSamples ? max_fraction : safe + grid_step * T(grid);
            ++grid;
        }
        ToiSample<T> right = toi_sample(f, ends[top - 1]);
        if (right.deep.s < target + window) {
            // A bracket: the root before right.t, taken when the stretch up to it is proved;
            // else the root becomes a right end and the stretch is halved.
            if (!toi_root(f, left, right, target, window)) {
                break;
            }
            if (proved(left.t, left_gap, right.t, gap(right))) {
                return right.t;
            }
            ends[top - 1] = right.t;
            if (!subdivide(right.t)) {
                break;
            }
            continue;
        }
        const T right_gap = gap(right);
        if (proved(left.t, left_gap, right.t, right_gap)) {
            left = right;
            left_gap = right_gap;
            --top;
        } else if (!subdivide(right.t)) {
            break;
        }
    }
    if (top == 0 && grid > kToiSamples) {
        return std::numeric_limits<T>::infinity(); // proved free through max_fraction
    }
    // Out of subdivisions: the last proved sample covers (L - target) / speed after it.
    const T cover = left_gap / bounds.speed;
    return cover > T(0) ? left.t + cover : left.t; // NaN fails: left.t
}

} // namespace detail

} // namespace gjk
