// gjk/cast.hpp - when does a moving shape first touch another? Shape cast (translations) by
// conservative advancement on GJK distance, and time of impact (translations and rotations) by
// root finding on separation functions of the closest features, with conservative advancement
// as its safe fallback.
//
// The motion. Over a step, t runs from 0 to max_fraction (<= 1). A shape cast moves A by
// t * translation_a and B by t * translation_b; a time of impact query moves each shape along
// a Sweep (gjk/sweep.hpp): its rotation centre goes in a straight line from c0 to c1 while its
// angle goes from a0 to a1, both linear in t (Box2D's b2Sweep).
//
// Conservative advancement. Let d(t) be the distance between the cores (GJK, radii left out)
// and target = target_separation + ra + rb the core distance at which the rounded shapes are
// target_separation apart. At time t GJK gives d and the unit normal n from A to B: the
// whole of B lies in dot(x, n) >= s + d and the whole of A in dot(x, n) <= s for some s. That
// slab can only close as fast as the shapes' points move along n. A point of a shape at
// distance rho from its rotation centre moves with velocity v_c + omega x r, so along n
//     the slab's width decreases at most at  mu = dot(n, v_a - v_b) + |omega_a| rho_a
//                                                 + |omega_b| rho_b        (per unit of t),
// with rho the largest distance of a core point from the centre (a radius turns with its
// core and adds nothing). The slab is a fixed plane pair, so the bound holds for all later
// t, and
//     d(t + dt) >= d(t) - mu dt,  hence  d stays above target until  dt = (d - target) / mu.
// The loop advances t by exactly that, recomputes d, and repeats:
//     gap = d - target <= tolerance   -> hit at t (d(t) is within tolerance of the target)
//     mu <= 0                         -> the slab never closes: no contact ever (separated)
//     t + dt > max_fraction           -> no contact within the step (separated)
// For a pure translation (a shape cast), mu = -dot(n, r) with r = translation_b -
// translation_a exactly, and each step is a Newton step on the convex d(t) from the left:
// one step for face contacts, quadratic convergence otherwise, linear only at a grazing
// contact (where d's minimum equals the target). t never passes the first contact: every step
// ends where the bound says contact is still possible, so the answer is never late by more
// than round-off (TEST(Cast, FractionMatchesBisectionOnTheBruteForceDistance)).
//
// With rotation the bound mu is loose (|omega| rho counts every point as moving straight at the
// other shape), advancement gains only a fraction of the gap per step, and the convergence is
// linear. Time of impact therefore takes its steps from separation functions (Catto, GDC 2013,
// "Continuous collision"; Box2D's b2TimeOfImpact). GJK at t1 leaves a simplex cache: the
// features of A and B whose closest points realise d(t1). They define an axis that moves
// with the shapes, and the separation of a pair of points (i of A, j of B) along it:
//     points  (one vertex each):     n = (B_j(t1) - A_i(t1)) / |.|, fixed in the world;
//                                    s_ij(t) = dot(B_j(t) - A_i(t), n)
//     face_a  (an edge a1 a2 of A):  n_A = perp(a2 - a1) / |.| in A's frame, p_A its midpoint,
//                                    oriented so that s(t1) >= 0;
//                                    s_j(t) = dot(B_j(t) - xf_a(t) p_A, R_a(t) n_A)
//     face_b  (an edge of B):        the same with the roles swapped; s_i(t) for A's points.
// Each s is a smooth function of t, and the deepest pair along the axis at t (the supports
// of A along n and of B along -n; for a face, its line passes through its shape's extreme
// point along n) gives s_min(t) = min over pairs, a lower bound on d(t) at that t: any unit
// axis separates the shapes by at most their distance.
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
//      and face_b likewise. Newton converges quadratically where the secant rule, which needs
//      bisection steps against stalling, took 17 evaluations a query on the double Toi
//      workload (docs/performance.md, "Time of impact: Newton's root finder").
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
//
// At t = 0: rounded shapes that already overlap are a hit at t = 0 with the flag
// initially_overlapping and the penetration normal (gjk/penetration.hpp); shapes within the
// target that are not closing (mu <= 0) are not a hit (touching and moving apart), closing ones
// are a hit at t = 0.
//
// The normal at a hit is GJK's at the fraction, from A to B, except where the cores touch (to
// round-off): there a sharp vertex has a cone of normals, and GJK's is whichever its proof
// found. Then the normal is that of the last step, if advancement took it: its slab's plane
// still separates the shapes at the contact, and of the cone's normals it is the one the
// approach crossed - the direction from the vertex to where the other shape was a step before,
// as gjk/raycast.hpp's. A point sliding along a box's top edge onto its corner gets -x, the
// normal that stops it (TEST(Cast, VertexContactNormalFacesTheApproach)).
//
// The tolerance. GJK's distance carries a round-off error of a few eps of the coordinates'
// magnitude (tests/test_distance_oracle.cpp measures < 4 eps), and the poses at t add about as
// much. A tolerance below that could never be met; 64 eps of the scale (the largest coordinate the
// motion reaches plus the shapes' extents, radii and target) is safely above it and still
// negligible; CastInput::tolerance overrides it.
//
// Prepared shapes. On views of PreparedShape objects (gjk/prepared.hpp) the loop's GJK calls
// and the separation functions' deepest pairs use the shapes' O(log n) supports and skip their
// validation, and rho is bounded by 8 supports beyond kScanLimit vertices (detail::reach_of), so
// a cast or a time of impact against a prepared 4096-gon costs a few dozen searches, no pass
// over its vertices (TEST(CastLongDouble, PreparedBigPolygonIsSearchedNeverScanned)).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <type_traits>

#include "gjk/distance.hpp"
#include "gjk/penetration.hpp"
#include "gjk/prepared.hpp"
#include "gjk/shape.hpp"
#include "gjk/sweep.hpp"

namespace gjk {

/// Iteration cap of a shape cast. A face contact takes one step plus the check, a vertex
/// contact converges quadratically: the oracle test's 3,360 casts per scalar type take at most
/// 7 (tests/test_cast.cpp prints the maximum). Only a grazing contact converges linearly,
/// about one bit of the gap per iteration, and 64 covers a double's relative precision.
inline constexpr int kMaxCastIterations = 64;

/// Iteration cap of a time of impact query (outer steps, one GJK call each). Root finding on
/// the separation functions needs a handful of steps (the oracle test asks for at most 30 on
/// sweeps turning up to 1.5 radians, tests/test_cast.cpp prints the maximum and the mean); the
/// cap is for the fallback, conservative advancement, which converges linearly with rotation.
inline constexpr int kMaxToiIterations = 1024;

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

/// The default tolerance, in units of eps times the scale (see the top of this file).
inline constexpr int kCastToleranceUlps = 64;

/// How a cast or time of impact query ended.
enum class CastStatus : unsigned char {
    hit,                   ///< first contact at `fraction`
    separated,             ///< no contact in [0, 1] (or touching at t = 0 and moving apart)
    initially_overlapping, ///< the rounded shapes overlap at t = 0: a hit at t = 0
    max_iterations,        ///< the cap was reached; `fraction` is a safe time (no contact yet)
    invalid_input,         ///< see `error` and `motion_error`
};

/// A short English word for a CastStatus (the `gjk cast` tool's "status").
constexpr const char* to_string(CastStatus s) {
    switch (s) {
    case CastStatus::hit:
        return "hit";
    case CastStatus::separated:
        return "separated";
    case CastStatus::initially_overlapping:
        return "initially_overlapping";
    case CastStatus::max_iterations:
        return "max_iterations";
    case CastStatus::invalid_input:
        return "invalid_input";
    }
    return "?";
}

/// What is wrong with a motion (the shapes' own errors are InputError).
enum class MotionError : unsigned char {
    none,
    bad_translation_a, ///< translation_a is not finite
    bad_translation_b, ///< translation_b is not finite
    bad_sweep_a,       ///< sweep_a has a value that is not finite
    bad_sweep_b,       ///< sweep_b has a value that is not finite
    bad_target,        ///< target_separation is negative or not finite
    bad_tolerance,     ///< tolerance is negative or not finite
    bad_max_fraction,  ///< max_fraction is not in [0, 1]
};

/// A sentence naming what is wrong with a motion.
constexpr const char* to_string(MotionError e) {
    switch (e) {
    case MotionError::none:
        return "no error";
    case MotionError::bad_translation_a:
        return "translation_a is not finite";
    case MotionError::bad_translation_b:
        return "translation_b is not finite";
    case MotionError::bad_sweep_a:
        return "sweep_a is not finite";
    case MotionError::bad_sweep_b:
        return "sweep_b is not finite";
    case MotionError::bad_target:
        return "target_separation is negative or not finite";
    case MotionError::bad_tolerance:
        return "tolerance is negative or not finite";
    case MotionError::bad_max_fraction:
        return "max_fraction is not in [0, 1]";
    }
    return "?";
}

/// Input of a shape cast: B (and optionally A) translates over the step.
template <class T> struct CastInput {
    ShapeView<T> a{};                       ///< shape A (its radius counts)
    ShapeView<T> b{};                       ///< shape B (its radius counts)
    Transform<T> xf_a{};                    ///< A's transform at t = 0
    Transform<T> xf_b{};                    ///< B's transform at t = 0
    Vec2<T> translation_a{};                ///< A's translation over the step
    Vec2<T> translation_b{};                ///< B's translation over the step
    T target_separation{0};                 ///< >= 0; contact is this gap between the surfaces
    T max_fraction{1};                      ///< in [0, 1]; t runs over [0, max_fraction]
    T tolerance{0};                         ///< accepted gap above the target; 0: automatic
    int max_iterations{kMaxCastIterations}; ///< advancement cap (>= 1)
};

/// Input of a time of impact query: both shapes translate and rotate over the step.
template <class T> struct ToiInput {
    ShapeView<T> a{};                      ///< shape A (its radius counts)
    ShapeView<T> b{};                      ///< shape B (its radius counts)
    Sweep<T> sweep_a{};                    ///< A's motion
    Sweep<T> sweep_b{};                    ///< B's motion
    T target_separation{0};                ///< >= 0; contact is this gap between the surfaces
    T max_fraction{1};                     ///< in [0, 1]; t runs over [0, max_fraction]
    T tolerance{0};                        ///< accepted gap above the target; 0: automatic
    int max_iterations{kMaxToiIterations}; ///< outer iterations cap (>= 1)
};

/// Output of a shape cast or a time of impact query. Every field is set on every path.
template <class T> struct CastOutput {
    bool hit{false}; ///< the shapes come within the target during [0, max_fraction]
    bool initially_overlapping{false}; ///< they overlap at t = 0 (then hit, fraction 0)
    /// The time of first contact in [0, max_fraction] when hit; max_fraction when the step
    /// ends without contact; the last safe time when the cap stopped the loop.
    T fraction{0};
    /// On a hit, the point of A's surface nearest B at `fraction` (where they touch for a
    /// target of 0), in the world; initially overlapping, A's point deepest in B.
    Vec2<T> point{};
    /// Unit normal from A to B at `fraction` (the penetration normal when initially
    /// overlapping; at a sharp vertex the one facing the approach, see the top of this file);
    /// valid whenever the distance query gave one, always on a hit.
    Vec2<T> normal{};
    int iterations{0};                            ///< advancement iterations (GJK calls)
    CastStatus status{CastStatus::invalid_input}; ///< how it ended
    InputError error{InputError::none};           ///< the shapes' problem, if any
    MotionError motion_error{MotionError::none};  ///< the motion's problem, if any
};

/// A sentence naming what is wrong with an invalid query (or "no error").
template <class T> const char* error_message(const CastOutput<T>& out) {
    return out.error != InputError::none ? to_string(out.error) : to_string(out.motion_error);
}

namespace detail {

/// The largest distance of a point from `center`: rho in the advancement bound.
/// One square root for the largest square: sqrt is monotone and correctly rounded, so it is
/// the largest length() to the bit, unless the largest square under- or overflowed (then
/// length() of each point, which takes std::hypot there).
template <class T> T reach_from(std::span<const Vec2<T>> points, Vec2<T> center) {
    T square = T(0);
    for (const Vec2<T>& p : points) {
        square = std::max(square, length_squared(p - center));
    }
    if (square >= std::numeric_limits<T>::min() && square <= std::numeric_limits<T>::max()) {
        return std::sqrt(square);
    }
    T rho = T(0);
    for (const Vec2<T>& p : points) {
        rho = std::max(rho, length(p - center));
    }
    return rho;
}

/// rho for a view: exact (reach_from) for a plain view or a prepared shape of at most
/// kScanLimit vertices; for a bigger prepared shape a bound from 8 of its O(log n) supports, so
/// that a query stays O(log n). The bound: with u_k the 8 unit directions k pi / 4 and
/// h_k = dot(support(u_k) - c, u_k), the hull lies in every half-plane dot(x - c, u_k) <= h_k.
/// A point x of it at distance r from c in a direction within pi / 8 of some u_k has
/// r cos(pi / 8) <= dot(x - c, u_k) <= h_k, so
///     max_k h_k  <=  rho  <=  max_k h_k / cos(pi / 8) = 1.0824 max_k h_k.
/// The factor is taken as 1.0825, above sec(pi / 8) = 1.082392 by 1e-4 of it, far more than
/// the supports' round-off (a few eps). A larger rho only makes the advancement's steps more
/// cautious and its tolerance's scale larger (TEST(CastLongDouble,
/// PreparedBigPolygonIsSearchedNeverScanned) checks the answer against the plain view's).
template <class T> T reach_of(const ShapeView<T>& v, Vec2<T> center) {
    if (v.prepared && v.points.size() <= static_cast<std::size_t>(PreparedShape<T>::kInline)) {
        // reach_from on the coordinate arrays (PreparedShape::soa: the same values, padded with
        // copies of vertex 0), which GJK's support reads anyway, rather than on the vertices'
        // cache line: the first read of each shape is a cache miss on a workload of many
        // shapes (docs/performance.md, "Time of impact: rho from the coordinate arrays").
        const Soa8<T>& soa = v.prepared->soa();
        T square = T(0);
        for (int k = 0; k < 8; ++k) {
            square = std::max(square, length_squared(Vec2<T>{soa.x[k], soa.y[k]} - center));
        }
        if (square >= std::numeric_limits<T>::min() && square <= std::numeric_limits<T>::max()) {
            return std::sqrt(square);
        }
    }
    if (!v.prepared || v.points.size() <= static_cast<std::size_t>(PreparedShape<T>::kScanLimit)) {
        return reach_from(v.points, center);
    }
    const T s = T(0.70710678118654752); // sqrt(1 / 2)
    const Vec2<T> directions[8] = {{1, 0},  {s, s},   {0, 1},  {-s, s},
                                   {-1, 0}, {-s, -s}, {0, -1}, {s, -s}};
    T h = T(0);
    for (const Vec2<T>& u : directions) {
        const Vec2<T> p = v.points[static_cast<std::size_t>(v.prepared->support_index(u))];
        h = std::max(h, dot(p - center, u));
    }
    return T(1.0825) * h;
}

/// The index of the point of `v` furthest along d (any nonzero d): a prepared shape's O(log n)
/// support, else the scan of its points.
template <class T> int support_index_of(const ShapeView<T>& v, Vec2<T> d) {
    return v.prepared ? v.prepared->support_index(d) : support_index_scan(v.points, d);
}

/// The outer loop (see the top of this file). `pose_a(t)`, `pose_b(t)` give the transforms at
/// t; `closing(n)` the bound mu along the world normal n; `step(t, safe, cache, xf_a, xf_b)`
/// (with the transforms at t) the next time: `safe` itself (t + gap / mu, advancement's step,
/// returned as given) or a later one, and past max_fraction when no contact is left in the
/// step; `speed` a bound on how fast any point of either shape moves (per unit t), for the
/// probe below.
template <class T, class PoseA, class PoseB, class Closing, class Step>
CastOutput<T> advance(const ShapeView<T>& a, const ShapeView<T>& b, PoseA pose_a, PoseB pose_b,
                      Closing closing, Step step, T speed, T target_separation, T tolerance,
                      T max_fraction, int max_iterations) {
    CastOutput<T> out;
    const T radii = a.radius + b.radius;
    const T target = target_separation + radii;

    // Whether shapes within the target at t = 0 close in. With a core distance well above
    // round-off, GJK's normal answers it (mu > 0). At a distance of round-off size the normal
    // is the direction of a round-off vector - an edge touching pair whose GJK normal was
    // 35 degrees off read as moving apart while sliding in (TEST(Cast,
    // FractionMatchesBisectionOnTheBruteForceDistance), edge_touching pairs). Then a probe
    // decides: the signed distance (EPA) after the shapes moved 1024 tolerances, which drops
    // by more than the tolerance only if they close in.
    auto closing_at_start = [&](const DistanceOutput<T>& g, const DistanceInput<T>& start) {
        if (g.distance > tolerance) {
            return closing(g.normal) > T(0);
        }
        if (!(speed > T(0))) {
            return false;
        }
        const T probe = std::min(T(1), T(1024) * tolerance / speed);
        DistanceInput<T> rounded = start, later = start;
        rounded.use_radii = later.use_radii = true;
        later.xf_a = pose_a(probe);
        later.xf_b = pose_b(probe);
        const PenetrationOutput<T> now = penetration(rounded), then = penetration(later);
        return then.signed_distance < now.signed_distance - tolerance;
    };

    // The cores: the views as given, a prepared shape's included (its O(log n) support, no
    // validation per call), with the radii left out by use_radii, not by views of radius 0:
    // distance() takes the radii from DistanceInput, never from the prepared shape.
    DistanceInput<T> core;
    core.a = a;
    core.b = b;
    core.use_radii = false;
    SimplexCache<T> cache{};
    T t = T(0);
    // The normal at a hit. Where the cores are apart by more than the tolerance it is GJK's,
    // the direction between the closest features. Where they touch, to round-off, it is not
    // unique: any direction of a vertex's normal cone is a support line's, and GJK's normal is
    // the one its proof of touching found, or the direction of a round-off vector. The normal
    // of the last step is better when that step was advancement's (`slab`): the bound held over
    // the step, so the slab's plane still separates the shapes at the contact - it is a support
    // line's there - and it is the one the approach crossed. For a vertex it is the direction
    // from the vertex to where the other shape was a step before, as gjk/raycast.hpp's
    // (TEST(Cast, VertexContactNormalFacesTheApproach)). A root finder's step of the time of
    // impact carries no such proof: its contact keeps GJK's normal, or, where the cores
    // overlap by a hair and GJK gives none, the previous iteration's (`previous`).
    Vec2<T> slab_normal{};
    bool slab = false;
    auto hit_normal = [&](const DistanceOutput<T>& g, Vec2<T> previous) {
        if (g.distance > tolerance) {
            return g.normal;
        }
        if (slab) {
            return slab_normal;
        }
        return g.status != Status::overlapping && !(g.normal == Vec2<T>{}) ? g.normal : previous;
    };
    for (int iteration = 1;; ++iteration) {
        core.xf_a = pose_a(t);
        core.xf_b = pose_b(t);
        const DistanceOutput<T> g = distance(core, &cache);
        out.iterations = iteration;
        if (g.status == Status::invalid_input) {
            out = CastOutput<T>{};
            out.iterations = iteration;
            out.error = g.error;
            return out;
        }
        out.fraction = t;
        const bool rounded_overlap = g.status == Status::overlapping || g.distance < radii;
        if (rounded_overlap && iteration == 1) {
            // Overlapping at the start: a hit at t = 0, with the minimum translation normal.
            DistanceInput<T> rounded = core;
            rounded.use_radii = true;
            const PenetrationOutput<T> p = penetration(rounded);
            out.hit = true;
            out.initially_overlapping = true;
            out.point = p.point_a;
            out.normal = p.normal;
            out.status = CastStatus::initially_overlapping;
            return out;
        }
        if (rounded_overlap || g.status == Status::touching) {
            // Reached by a step that round-off carried to (or a hair past) the contact. The
            // point is GJK's (a common point when the cores meet); the normal as above.
            out.normal = hit_normal(g, out.normal);
            out.point = g.point_a + a.radius * out.normal;
            out.hit = true;
            out.status = CastStatus::hit;
            if (iteration == 1 && !closing_at_start(g, core)) { // touching, moving apart
                out.hit = false;
                out.fraction = max_fraction;
                out.status = CastStatus::separated;
            }
            return out;
        }
        const Vec2<T> n = g.normal;
        const T gap = g.distance - target;
        const T mu = closing(n);
        if (!(gap > tolerance)) { // NaN fails safe: stop here
            out.normal = hit_normal(g, out.normal);
            out.point = g.point_a + a.radius * out.normal;
            out.hit = true;
            out.status = CastStatus::hit;
            if (iteration == 1 && !closing_at_start(g, core)) { // within the target, moving apart
                out.hit = false;
                out.fraction = max_fraction;
                out.status = CastStatus::separated;
            }
            return out;
        }
        out.normal = n;
        out.point = g.point_a + a.radius * n;
        if (!(mu > T(0))) { // the slab never closes
            out.fraction = max_fraction;
            out.status = CastStatus::separated;
            return out;
        }
        const T safe = t + gap / mu;
        const T next = step(t, safe, cache, core.xf_a, core.xf_b);
        slab = next == safe; // advancement's step, as the step returned it
        slab_normal = n;
        if (!(next <= max_fraction)) {
            out.fraction = max_fraction;
            out.status = CastStatus::separated;
            return out;
        }
        if (iteration >= max_iterations) {
            out.status = CastStatus::max_iterations;
            return out;
        }
        t = next;
    }
}

/// Bounds on the motion of one time of impact query (the top of this file, "Every step
/// proved"): how fast the distance can change, and how fast each kind of separation function
/// can bend.
template <class T> struct SweepBounds {
    T speed{0};       ///< |v_a - v_b| + |omega_a| rho_a + |omega_b| rho_b
    T bend_points{0}; ///< |s''| of a points function: omega_a^2 rho_a + omega_b^2 rho_b
    T bend_face_a{0}; ///< |s''| of a face of A: B's points seen from A's turning frame
    T bend_face_b{0}; ///< |s''| of a face of B: A's points seen from B's turning frame
};

/// The separation function of the closest features at t1 (see the top of this file): the
/// signed distance along one axis between the features GJK's simplex cache names, followed
/// to any time t along the sweeps. `deepest` gives the pair deepest along the axis at t
/// (A's and B's support points against it) and s = the separation of that pair; `evaluate`
/// the separation of a given pair at t. Both take t as the sweeps' transforms at t
/// (SweepMotion::at): the caller keeps the ones it needs again.
template <class T> struct SeparationFunction {
    enum class Kind : unsigned char { none, points, face_a, face_b };
    Kind kind{Kind::none};
    ShapeView<T> a{}, b{};
    const SweepMotion<T>* motion_a{nullptr};
    const SweepMotion<T>* motion_b{nullptr};
    Vec2<T> axis{};        ///< points: world axis; face_a / face_b: the face's local normal
    Vec2<T> local_point{}; ///< face_a / face_b: the face's midpoint in its shape's frame
    struct Pair {
        int index_a{0}, index_b{0};
        T s{0};
    };

    /// Builds the function from the cache of GJK at t1, where the sweeps' transforms are xf_a
    /// and xf_b; kind stays none when the cache names no usable feature (an empty or full
    /// simplex, a face of zero length).
    SeparationFunction(const SimplexCache<T>& cache, const ShapeView<T>& a_, const ShapeView<T>& b_,
                       const SweepMotion<T>& ma, const SweepMotion<T>& mb, const Transform<T>& xf_a,
                       const Transform<T>& xf_b)
        : a(a_), b(b_), motion_a(&ma), motion_b(&mb) {
        auto pa = [&](int i) { return a.points[static_cast<std::size_t>(i)]; };
        auto pb = [&](int i) { return b.points[static_cast<std::size_t>(i)]; };
        if (cache.count == 2 && !(pa(cache.index_a[0]) == pa(cache.index_a[1]))) {
            // Face A: B's point against A's edge a1 a2.
            const Vec2<T> a1 = pa(cache.index_a[0]), a2 = pa(cache.index_a[1]);
            const Vec2<T> normal = normalized(perp(a2 - a1));
            if (!(length_squared(normal) > T(0))) {
                return;
            }
            local_point = T(0.5) * (a1 + a2);
            const Vec2<T> n = rotate(xf_a.q, normal);
            const T s = dot(apply(xf_b, pb(cache.index_b[0])) - apply(xf_a, local_point), n);
            axis = s < T(0) ? -normal : normal;
            // The face's line through A's extreme point along the axis: a1 and a2 are support
            // points, but need not be neighbours on A's hull (a chord of a point set), and a
            // chord's midpoint lies inside A: the function was then no lower bound on the
            // distance, and the step overshot the contact by 0.1 (fuzz_kernel;
            // TEST(TimeOfImpactFloat, ChordOfAPointSetIsNoFace)). On a true face it is a1 or a2.
            local_point = pa(support_index_of(a, axis));
            kind = Kind::face_a;
        } else if (cache.count == 2 && !(pb(cache.index_b[0]) == pb(cache.index_b[1]))) {
            // Face B: A's point against B's edge b1 b2.
            const Vec2<T> b1 = pb(cache.index_b[0]), b2 = pb(cache.index_b[1]);
            const Vec2<T> normal = normalized(perp(b2 - b1));
            if (!(length_squared(normal) > T(0))) {
                return;
            }
            local_point = T(0.5) * (b1 + b2);
            const Vec2<T> n = rotate(xf_b.q, normal);
            const T s = dot(apply(xf_a, pa(cache.index_a[0])) - apply(xf_b, local_point), n);
            axis = s < T(0) ? -normal : normal;
            local_point = pb(support_index_of(b, axis)); // B's extreme point: as for face A
            kind = Kind::face_b;
        } else if (cache.count == 1 || cache.count == 2) {
            // Points: the axis from A's point to B's, fixed in the world.
            axis =
                normalized(apply(xf_b, pb(cache.index_b[0])) - apply(xf_a, pa(cache.index_a[0])));
            if (length_squared(axis) > T(0)) {
                kind = Kind::points;
            }
        }
    }

    Pair deepest(const Transform<T>& xf_a, const Transform<T>& xf_b) const {
        Pair p;
        switch (kind) {
        case Kind::points:
            p.index_a = support_index_of(a, inv_rotate(xf_a.q, axis));
            p.index_b = support_index_of(b, inv_rotate(xf_b.q, -axis));
            break;
        case Kind::face_a:
            p.index_b = support_index_of(b, inv_rotate(xf_b.q, -rotate(xf_a.q, axis)));
            break;
        case Kind::face_b:
            p.index_a = support_index_of(a, inv_rotate(xf_a.q, -rotate(xf_b.q, axis)));
            break;
        case Kind::none:
            break;
        }
        p.s = evaluate(p.index_a, p.index_b, xf_a, xf_b);
        return p;
    }

    T evaluate(int index_a, int index_b, const Transform<T>& xf_a, const Transform<T>& xf_b) const {
        return value<false>(index_a, index_b, xf_a, xf_b).s;
    }

    /// The bound on |s''| of every pair of this function over the step (the top of this file,
    /// "Every step proved").
    T bend(const SweepBounds<T>& bounds) const {
        switch (kind) {
        case Kind::points:
            return bounds.bend_points;
        case Kind::face_a:
            return bounds.bend_face_a;
        case Kind::face_b:
            return bounds.bend_face_b;
        default:
            return T(0);
        }
    }

    /// s of a pair at t and its slope ds/dt (the top of this file).
    struct Slope {
        T s{0}, ds{0};
    };
    Slope evaluate_with_slope(int index_a, int index_b, const Transform<T>& xf_a,
                              const Transform<T>& xf_b) const {
        return value<true>(index_a, index_b, xf_a, xf_b);
    }

  private:
    /// The velocity (per unit of t) of the point p (in its shape's frame) of the shape moving
    /// by `m`, at the pose `xf`: v + omega perp(R (p - local_center)).
    static Vec2<T> velocity(const SweepMotion<T>& m, const Transform<T>& xf, Vec2<T> p) {
        return m.velocity() + m.omega() * perp(rotate(xf.q, p - m.local_center()));
    }
    /// A face function's value (and slope): the point p of the other shape against the face
    /// (local_point, axis) of the shape whose motion and transform are `face` and `xf_face`.
    /// The face turns with its shape: the slope adds omega * dot(d, perp(n)).
    template <bool with_slope>
    Slope against_face(const SweepMotion<T>& face, const Transform<T>& xf_face,
                       const SweepMotion<T>& other, const Transform<T>& xf_other, Vec2<T> p) const {
        Slope r;
        const Vec2<T> d = apply(xf_other, p) - apply(xf_face, local_point);
        const Vec2<T> n = rotate(xf_face.q, axis);
        r.s = dot(d, n);
        if constexpr (with_slope) {
            r.ds = dot(velocity(other, xf_other, p) - velocity(face, xf_face, local_point), n) +
                   face.omega() * dot(d, perp(n));
        }
        return r;
    }

    template <bool with_slope>
    Slope value(int index_a, int index_b, const Transform<T>& xf_a,
                const Transform<T>& xf_b) const {
        const Vec2<T> pa = a.points[static_cast<std::size_t>(index_a)];
        const Vec2<T> pb = b.points[static_cast<std::size_t>(index_b)];
        Slope r;
        switch (kind) {
        case Kind::points: {
            r.s = dot(apply(xf_b, pb) - apply(xf_a, pa), axis);
            if constexpr (with_slope) {
                r.ds = dot(velocity(*motion_b, xf_b, pb) - velocity(*motion_a, xf_a, pa), axis);
            }
            break;
        }
        case Kind::face_a:
            r = against_face<with_slope>(*motion_a, xf_a, *motion_b, xf_b, pb);
            break;
        case Kind::face_b:
            r = against_face<with_slope>(*motion_b, xf_b, *motion_a, xf_a, pa);
            break;
        case Kind::none:
            break;
        }
        return r;
    }
};

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

/// The automatic tolerance: kCastToleranceUlps eps of the scale (the top of this file).
template <class T> T cast_tolerance(T requested, T scale) {
    return requested > T(0) ? requested
                            : T(kCastToleranceUlps) * std::numeric_limits<T>::epsilon() * scale;
}

template <class T> bool finite_nonnegative(T x) {
    return std::isfinite(x) && x >= T(0);
}

template <class T> bool unit_fraction(T x) {
    return x >= T(0) && x <= T(1); // NaN fails both
}

} // namespace detail

/// Shape cast: the first time t in [0, 1] at which B, translated by t * translation_b, comes
/// within target_separation of A, translated by t * translation_a (see the top of this file).
template <class T> CastOutput<T> shape_cast(const CastInput<T>& input) {
    CastOutput<T> out;
    DistanceInput<T> start;
    start.a = input.a;
    start.b = input.b;
    start.xf_a = input.xf_a;
    start.xf_b = input.xf_b;
    start.max_iterations = input.max_iterations;
    out.error = validate(start);
    if (out.error == InputError::none) {
        if (!is_finite(input.translation_a)) {
            out.motion_error = MotionError::bad_translation_a;
        } else if (!is_finite(input.translation_b)) {
            out.motion_error = MotionError::bad_translation_b;
        } else if (!detail::finite_nonnegative(input.target_separation)) {
            out.motion_error = MotionError::bad_target;
        } else if (!detail::finite_nonnegative(input.tolerance)) {
            out.motion_error = MotionError::bad_tolerance;
        } else if (!detail::unit_fraction(input.max_fraction)) {
            out.motion_error = MotionError::bad_max_fraction;
        }
    }
    if (out.error != InputError::none || out.motion_error != MotionError::none) {
        return out;
    }

    // Scale: the furthest a transform's origin gets, plus the shapes' extents and the target.
    auto far = [](Vec2<T> p, Vec2<T> d) {
        return std::max({std::abs(p.x), std::abs(p.y), std::abs(p.x + d.x), std::abs(p.y + d.y)});
    };
    const T scale =
        std::max(far(input.xf_a.p, input.translation_a), far(input.xf_b.p, input.translation_b)) +
        detail::reach_of(input.a, Vec2<T>{}) + detail::reach_of(input.b, Vec2<T>{}) +
        input.a.radius + input.b.radius + input.target_separation;
    const T tolerance = detail::cast_tolerance(input.tolerance, scale);

    // Pure translation: mu = dot(n, v_a - v_b) exactly.
    const Vec2<T> relative = input.translation_b - input.translation_a;
    return detail::advance<T>(
        input.a, input.b,
        [&](T t) {
            return Transform<T>{input.xf_a.p + t * input.translation_a, input.xf_a.q};
        },
        [&](T t) {
            return Transform<T>{input.xf_b.p + t * input.translation_b, input.xf_b.q};
        },
        [&](Vec2<T> n) { return -dot(n, relative); },
        [](T, T safe, const SimplexCache<T>&, const Transform<T>&, const Transform<T>&) {
            return safe;
        },
        length(relative), input.target_separation, tolerance, input.max_fraction,
        input.max_iterations);
}

/// Time of impact: the first time t in [0, 1] at which the shapes, moving along their sweeps,
/// come within target_separation (see the top of this file).
template <class T> CastOutput<T> time_of_impact(const ToiInput<T>& input) {
    CastOutput<T> out;
    // The poses at any t: R(a0) once per sweep, then a polynomial rotation (gjk/sweep.hpp).
    const detail::SweepMotion<T> ma(input.sweep_a), mb(input.sweep_b);
    auto sweep_ok = [](const Sweep<T>& s) {
        return is_finite(s.local_center) && is_finite(s.c0) && is_finite(s.c1) &&
               std::isfinite(s.a0) && std::isfinite(s.a1);
    };
    DistanceInput<T> start;
    start.a = input.a;
    start.b = input.b;
    start.max_iterations = input.max_iterations;
    if (!sweep_ok(input.sweep_a)) {
        out.motion_error = MotionError::bad_sweep_a;
    } else if (!sweep_ok(input.sweep_b)) {
        out.motion_error = MotionError::bad_sweep_b;
    } else if (!detail::finite_nonnegative(input.target_separation)) {
        out.motion_error = MotionError::bad_target;
    } else if (!detail::finite_nonnegative(input.tolerance)) {
        out.motion_error = MotionError::bad_tolerance;
    } else if (!detail::unit_fraction(input.max_fraction)) {
        out.motion_error = MotionError::bad_max_fraction;
    } else {
        start.xf_a = ma.at(T(0)); // Sweep::at(0) to the bit, without its sine and cosine
        start.xf_b = mb.at(T(0));
        out.error = validate(start);
    }
    if (out.error != InputError::none || out.motion_error != MotionError::none) {
        return out;
    }

    const Sweep<T>& sa = input.sweep_a;
    const Sweep<T>& sb = input.sweep_b;
    const T rho_a = detail::reach_of(input.a, sa.local_center);
    const T rho_b = detail::reach_of(input.b, sb.local_center);
    const T omega_a = std::abs(sa.a1 - sa.a0), omega_b = std::abs(sb.a1 - sb.a0);
    const Vec2<T> va = sa.c1 - sa.c0, vb = sb.c1 - sb.c0;
    // How fast any point of B can move relative to any point of A (per unit of t): the
    // distance's Lipschitz bound; and how fast the separation functions can bend (the top of
    // this file, "Every step proved"), with D a bound on the distance between the centres.
    detail::SweepBounds<T> bounds;
    const T relative = length(va - vb);
    bounds.speed = relative + omega_a * rho_a + omega_b * rho_b;
    auto taxicab = [](Vec2<T> d) { return std::abs(d.x) + std::abs(d.y); }; // >= the length
    const T centres = std::max(taxicab(sb.c0 - sa.c0), taxicab(sb.c1 - sa.c1));
    bounds.bend_points = omega_a * omega_a * rho_a + omega_b * omega_b * rho_b;
    bounds.bend_face_a = omega_b * omega_b * rho_b + T(2) * omega_a * (relative + omega_b * rho_b) +
                         omega_a * omega_a * (centres + rho_b);
    bounds.bend_face_b = omega_a * omega_a * rho_a + T(2) * omega_b * (relative + omega_a * rho_a) +
                         omega_b * omega_b * (centres + rho_a);
    const T speed = bounds.speed;
    auto far = [](const Sweep<T>& s) {
        return std::max({std::abs(s.c0.x), std::abs(s.c0.y), std::abs(s.c1.x), std::abs(s.c1.y)});
    };
    const T scale = std::max(far(sa), far(sb)) + rho_a + rho_b + input.a.radius + input.b.radius +
                    input.target_separation;
    const T tolerance = detail::cast_tolerance(input.tolerance, scale);

    // Each outer step: the separation function of the closest features at t (their cache),
    // its root, and never less than conservative advancement's safe step t + gap / mu.
    const T target = input.target_separation + input.a.radius + input.b.radius;
    auto step = [&](T, T safe, const SimplexCache<T>& cache, const Transform<T>& xf_a,
                    const Transform<T>& xf_b) {
        if (!(safe < input.max_fraction)) {
            return safe;
        }
        const detail::SeparationFunction<T> f(cache, input.a, input.b, ma, mb, xf_a, xf_b);
        return detail::separation_step(f, safe, target, tolerance, input.max_fraction, bounds);
    };
    return detail::advance<T>(
        input.a, input.b, [&](T t) { return ma.at(t); }, [&](T t) { return mb.at(t); },
        [&](Vec2<T> n) { return dot(n, va - vb) + omega_a * rho_a + omega_b * rho_b; }, step, speed,
        input.target_separation, tolerance, input.max_fraction, input.max_iterations);
}

} // namespace gjk
