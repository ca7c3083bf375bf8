// fuzz_kernel - distance(), overlap(), penetration(), manifold(), shape_cast(), ray_cast() and
// time_of_impact() on arbitrary float and double inputs.
//
// The bytes become one query: the scalar type, two shapes of 1..8 points, radii, transforms
// and an iteration cap. Every query must come back with a status, never crash, hang or NaN.
// The invariants, each checked against the independent oracle (tests/oracle: exact hulls and
// predicates, brute force over vertex-edge pairs in long double), never against gjk itself:
//   - invalid input (a NaN or infinite value, a negative radius) is invalid_input with the
//     error of the first bad field, in validate()'s order;
//   - otherwise distance is finite and >= 0, the normal is unit or zero, iterations <= cap;
//   - inside the kernel's range (every input value |v| <= range<T>(), derived below):
//     |distance - oracle| <= tol * scale, both witness points within tol * scale of their
//     shapes and tol * scale of `distance` apart (B's, an open finding: see truth_of()), and
//     (unless the cap was hit) the verdict of distance() and overlap() agrees with the oracle away
//     from the boundary (a gap or a depth beyond tol * scale). At the cap, distance is an upper
//     bound: >= oracle - tol * scale.
// tol is the bound the oracle test pins (tests/support/families.hpp, tolerance()): 4e-7 for
// float, 1e-12 for double; scale is the largest |world coordinate| or sum of the terms
// it is computed from (|x| + |y| of a local point plus |x| + |y| of the translation), plus
// the radii, at least 1.
//
// penetration(), manifold() and shape_cast() are checked the same way (check_penetration,
// check_manifold, check_cast), penetration() and manifold() on the shapes prepared too (the
// separating axis test, against EPA's depth: check_prepared), ray_cast() against the oracle's
// hull (check_ray) and time_of_impact() at sampled times before its answer (check_time_of_impact).
// distance_batch is checked against distance() itself, which is its specification: on the
// query's shapes prepared, every output of a batch (lockstep lanes of both widths the
// processor runs, groups of one and of five queries) equal to distance()'s to the bit
// (check_batch).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "lockstep.hpp" // detail::lockstep_batch, for check_batch (gjk_lanes_for_tests)
#include "gjk/gjk.hpp"
#include "oracle/oracle.hpp"

namespace {

/// The kernel's range: the largest |input value| (coordinate, translation, radius) for which
/// no intermediate overflows. With every value within L, a local point is within sqrt(2) L
/// of its origin, so B's points seen from A's frame within 3 sqrt(2) L and a point of Z = B - A
/// within 4 sqrt(2) L; the largest products the loop forms are cross and dot products of two
/// differences of Z points, at most (8 sqrt(2) L)^2 = 128 L^2. That stays finite when
/// L <= sqrt(max / 128); sqrt(max) / 16 leaves a factor 2 more. float: 1.15e18, double: 8.4e152.
/// Beyond it the kernel must still not crash or answer NaN, but its squares overflow (see
/// the report of issue 7: validate() should refuse such input).
template <class T> T range() {
    return gjk::kernel_range<T>(); // the library's constant, derived the same way
}

template <class T> long double tolerance() {
    return std::is_same_v<T, float> ? 4e-7L : 1e-12L;
}

/// The query being checked, printed when a check fails.
std::string current_query;

[[noreturn]] void fail(const char* what, long double got = 0, long double expected = 0) {
    std::fprintf(stderr, "fuzz_kernel: %s (got %.17Lg, expected %.17Lg)\nquery: %s\n", what, got,
                 expected, current_query.c_str());
    std::abort();
}

/// The input bytes, read front to back; zeros once they run out.
struct Bytes {
    const std::uint8_t* data;
    std::size_t size;
    template <class U> U take() {
        U value{};
        const std::size_t n = std::min(sizeof(U), size);
        std::memcpy(&value, data, n);
        data += n;
        size -= n;
        return value;
    }
};

/// How the values are drawn, so that the fuzzer reaches both exact degeneracies (collinear,
/// touching, duplicate points on a grid) and the whole floating-point range.
enum class Values : std::uint8_t {
    grid,    ///< multiples of 1/8 in [-16, 16]: exact contacts and collinear points
    scaled,  ///< 16-bit integers times 2^k, k in [-64, 63]: exact geometry at any scale
    raw,     ///< any bit pattern, folded into the kernel's range (non-finite -> 0)
    hostile, ///< any bit pattern as it is: NaN, infinities, negative radii, beyond the range
};

template <class T> struct Query {
    Values mode{};
    std::vector<gjk::Vec2<T>> a, b;
    T ra{0}, rb{0};
    gjk::Transform<T> xa{}, xb{};
    bool use_radii{true};
    int max_iterations{gjk::kMaxIterations};
};

template <class T> T value(Bytes& in, Values mode, int exponent) {
    using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    switch (mode) {
    case Values::grid:
        return T(in.take<std::int8_t>()) / T(8);
    case Values::scaled:
        return std::ldexp(T(in.take<std::int16_t>()), exponent);
    case Values::raw: {
        T v;
        const Bits bits = in.take<Bits>();
        std::memcpy(&v, &bits, sizeof v);
        return std::isfinite(v) ? std::fmod(v, range<T>()) : T(0);
    }
    case Values::hostile: {
        T v;
        const Bits bits = in.take<Bits>();
        std::memcpy(&v, &bits, sizeof v);
        return v;
    }
    }
    return T(0);
}

template <class T> Query<T> decode(Bytes& in, std::uint8_t flags) {
    Query<T> q;
    q.mode = static_cast<Values>((flags >> 1) & 3);
    q.use_radii = (flags & 8) == 0;
    const std::uint8_t cap = in.take<std::uint8_t>();
    q.max_iterations = cap < 32 ? 1 + cap % 4 : gjk::kMaxIterations; // 1 in 8 hits a small cap
    const std::uint8_t counts = in.take<std::uint8_t>();
    const int exponent = (in.take<std::uint8_t>() & 127) - 64 - 15; // int16 * 2^-15 is in [-1, 1)
    const bool radii = (flags & 16) != 0;
    for (auto* shape : {&q.a, &q.b}) {
        const int n = 1 + (shape == &q.a ? counts & 7 : counts >> 5);
        for (int i = 0; i < n; ++i) {
            const T x = value<T>(in, q.mode, exponent);
            shape->push_back({x, value<T>(in, q.mode, exponent)});
        }
    }
    if (radii) {
        q.ra = value<T>(in, q.mode, exponent);
        q.rb = value<T>(in, q.mode, exponent);
        if (q.mode != Values::hostile) { // hostile keeps negative radii: an input error
            q.ra = std::abs(q.ra);
            q.rb = std::abs(q.rb);
        }
    }
    for (auto* xf : {&q.xa, &q.xb}) {
        const T x = value<T>(in, q.mode, exponent);
        const T y = value<T>(in, q.mode, exponent);
        // Angles on a 2^16 grid of the circle; Rot::from_angle is a rotation to a few ulps.
        const T angle = T(in.take<std::uint16_t>()) * T(6.283185307179586 / 65536.0);
        *xf = gjk::Transform<T>::from({x, y}, angle);
    }
    return q;
}

template <class T> gjk::DistanceInput<T> input_of(const Query<T>& q) {
    gjk::DistanceInput<T> in;
    in.a = {q.a, q.ra};
    in.b = {q.b, q.rb};
    in.xf_a = q.xa;
    in.xf_b = q.xb;
    in.use_radii = q.use_radii;
    in.max_iterations = q.max_iterations;
    return in;
}

/// The error validate() must report, worked out here from the values alone.
template <class T> gjk::InputError expected_error(const Query<T>& q) {
    auto finite = [](const std::vector<gjk::Vec2<T>>& pts) {
        return std::all_of(pts.begin(), pts.end(),
                           [](gjk::Vec2<T> p) { return std::isfinite(p.x) && std::isfinite(p.y); });
    };
    const T r = range<T>();
    auto inside = [r](const std::vector<gjk::Vec2<T>>& pts) {
        return std::all_of(pts.begin(), pts.end(), [r](gjk::Vec2<T> p) {
            return std::abs(p.x) <= r && std::abs(p.y) <= r;
        });
    };
    auto radius_ok = [r](T v) { return std::isfinite(v) && v >= T(0) && v <= r; };
    auto xf_ok = [r](const gjk::Transform<T>& xf) {
        return std::isfinite(xf.p.x) && std::isfinite(xf.p.y) && std::abs(xf.p.x) <= r &&
               std::abs(xf.p.y) <= r;
    };
    if (!finite(q.a))
        return gjk::InputError::nonfinite_point_a;
    if (!finite(q.b))
        return gjk::InputError::nonfinite_point_b;
    if (!radius_ok(q.ra))
        return gjk::InputError::bad_radius_a;
    if (!radius_ok(q.rb))
        return gjk::InputError::bad_radius_b;
    if (!inside(q.a))
        return gjk::InputError::out_of_range_a;
    if (!inside(q.b))
        return gjk::InputError::out_of_range_b;
    if (!xf_ok(q.xa))
        return gjk::InputError::bad_transform_a;
    if (!xf_ok(q.xb))
        return gjk::InputError::bad_transform_b;
    return gjk::InputError::none;
}

template <class T> bool within_range(const Query<T>& q) {
    const T r = range<T>();
    auto in = [r](T v) { return std::abs(v) <= r; };
    for (const auto* s : {&q.a, &q.b})
        for (const auto& p : *s)
            if (!in(p.x) || !in(p.y))
                return false;
    return in(q.ra) && in(q.rb) && in(q.xa.p.x) && in(q.xa.p.y) && in(q.xb.p.x) && in(q.xb.p.y);
}

/// What the oracle says about a query.
struct Truth {
    std::vector<oracle::P> ha, hb; // world hulls of the cores
    long double ra{0}, rb{0};      // radii in use
    long double distance{0};       // of the rounded shapes
    long double depth{0};          // how far into each other (0 when apart)
    long double tol{0};            // tolerance() * scale
};

template <class T> Truth truth_of(const Query<T>& q) {
    auto world = [](const std::vector<gjk::Vec2<T>>& pts, const gjk::Transform<T>& xf) {
        std::vector<oracle::P> out;
        const long double c = xf.q.c, s = xf.q.s;
        for (const auto& p : pts)
            out.push_back({c * p.x - s * p.y + xf.p.x, s * p.x + c * p.y + xf.p.y});
        return out;
    };
    Truth t;
    const auto wa = world(q.a, q.xa), wb = world(q.b, q.xb);
    t.ra = q.use_radii ? q.ra : 0;
    t.rb = q.use_radii ? q.rb : 0;
    // The scale of the rounding: a world coordinate is summed from the rotated local point and
    // the translation, and rounds relative to those terms, not to the (possibly cancelled)
    // result: two coincident point sets at (15.375, 15.375) rotated by 173.6 degrees and moved
    // by (15.375, 15.375) land near (-1.6, 1.7) with float's error of 17.
    long double scale = 0;
    for (const auto* w : {&wa, &wb})
        for (const auto& p : *w)
            scale = std::max({scale, std::fabs(p.x), std::fabs(p.y)});
    for (const auto* s : {&q.a, &q.b}) {
        const gjk::Transform<T>& xf = s == &q.a ? q.xa : q.xb;
        for (const auto& p : *s)
            scale = std::max(scale, (long double)std::fabs(p.x) + std::fabs(p.y) +
                                        std::fabs(xf.p.x) + std::fabs(xf.p.y));
    }
    t.tol = tolerance<T>() * std::max(1.0L, scale + t.ra + t.rb);
    t.ha = oracle::hull(wa);
    t.hb = oracle::hull(wb);
    t.distance = oracle::rounded_distance(t.ha, t.ra, t.hb, t.rb);
    if (oracle::intersect(t.ha, t.hb)) {
        t.depth = oracle::depth(t.ha, t.hb) + t.ra + t.rb;
    } else {
        t.depth = std::max(0.0L, t.ra + t.rb - oracle::distance(t.ha, t.hb).distance);
    }
    return t;
}

template <class T> void check_distance(const Query<T>& q, const Truth* truth) {
    const gjk::DistanceOutput<T> r = gjk::distance(input_of(q));
    const gjk::InputError expected = expected_error(q);
    if (expected != gjk::InputError::none) {
        if (r.status != gjk::Status::invalid_input || r.error != expected)
            fail("distance: invalid input not reported with its error", int(r.error),
                 int(expected));
        return;
    }
    if (r.status == gjk::Status::invalid_input) {
        // Only overflow may refuse valid input, and only outside the kernel's range.
        if (r.error != gjk::InputError::nonfinite_result || truth)
            fail("distance: valid input refused", int(r.error));
        return;
    }
    if (!std::isfinite(r.distance) || r.distance < T(0))
        fail("distance: not finite or negative", r.distance);
    if (!gjk::is_finite(r.point_a) || !gjk::is_finite(r.point_b) || !gjk::is_finite(r.normal))
        fail("distance: a point or the normal is not finite");
    const long double n = std::hypot((long double)r.normal.x, (long double)r.normal.y);
    if (!(n == 0 || std::fabs(n - 1) <= 1e-5L)) // a normalized vector: unit to a few ulps
        fail("distance: normal neither unit nor zero", n);
    if (r.iterations < 1 || r.iterations > q.max_iterations)
        fail("distance: iterations beyond the cap", r.iterations, q.max_iterations);
    if ((r.status == gjk::Status::max_iterations) !=
        (r.termination == gjk::Termination::max_iterations))
        fail("distance: status max_iterations without the cap, or the cap without it");
    if (!truth)
        return;

    const Truth& t = *truth;
    const long double d = r.distance;
    if (r.status == gjk::Status::max_iterations) {
        if (d < t.distance - t.tol)
            fail("distance at the cap: below the true distance", d, t.distance);
    } else if (std::fabs(d - t.distance) > t.tol) {
        fail("distance: differs from the oracle", d, t.distance);
    }
    const long double on_a =
        oracle::point_distance(t.ha, t.ra, {(long double)r.point_a.x, (long double)r.point_a.y});
    const long double on_b =
        oracle::point_distance(t.hb, t.rb, {(long double)r.point_b.x, (long double)r.point_b.y});
    if (on_a > t.tol || on_b > t.tol)
        fail("distance: a witness point is off its shape", std::max(on_a, on_b), t.tol);
    const long double gap =
        std::hypot((long double)r.point_b.x - r.point_a.x, (long double)r.point_b.y - r.point_a.y);
    if (std::fabs(gap - d) > t.tol)
        fail("distance: witness points are not `distance` apart", gap, d);
    if (r.status != gjk::Status::max_iterations) {
        if (t.distance > t.tol && r.status != gjk::Status::separated)
            fail("distance: clearly apart but not separated", d, t.distance);
        if (t.depth > t.tol && r.status != gjk::Status::overlapping)
            fail("distance: clearly overlapping but not overlapping", t.depth);
    }
}

template <class T> void check_overlap(const Query<T>& q, const Truth* truth) {
    const gjk::OverlapOutput<T> r = gjk::overlap(input_of(q));
    const gjk::InputError expected = expected_error(q);
    if (expected != gjk::InputError::none) {
        if (r.status != gjk::Status::invalid_input || r.error != expected || r.overlap)
            fail("overlap: invalid input not reported with its error", int(r.error), int(expected));
        return;
    }
    if (r.status == gjk::Status::invalid_input)
        fail("overlap: valid input refused", int(r.error));
    if (r.iterations < 1 || r.iterations > q.max_iterations)
        fail("overlap: iterations beyond the cap", r.iterations, q.max_iterations);
    if (!truth || r.status == gjk::Status::max_iterations)
        return;
    if (truth->distance > truth->tol && r.overlap)
        fail("overlap: clearly apart but reported overlapping", truth->distance);
    if (truth->depth > truth->tol && !r.overlap)
        fail("overlap: clearly overlapping but reported apart", truth->depth);
}

/// Penetration (EPA): the same error rules; finite fields, depth = max(0, -signed distance), a
/// unit normal whenever the status is a verdict, caps kept; in range (and neither loop at its
/// cap) the signed distance within 32 eps of the scale of the oracle's (the bound of
/// tests/test_penetration.cpp; EPA's float error is about twice the distance kernel's).
template <class T>
void check_penetration(const Query<T>& q, const Truth* truth, const gjk::DistanceInput<T>& input) {
    const gjk::PenetrationOutput<T> r = gjk::penetration(input);
    const gjk::InputError expected = expected_error(q);
    if (expected != gjk::InputError::none) {
        if (r.status != gjk::Status::invalid_input || r.error != expected)
            fail("penetration: invalid input not reported with its error", int(r.error),
                 int(expected));
        return;
    }
    if (r.status == gjk::Status::invalid_input) {
        if (r.error != gjk::InputError::nonfinite_result || truth)
            fail("penetration: valid input refused", int(r.error));
        return;
    }
    if (!std::isfinite(r.signed_distance) || !(r.depth >= T(0)) || !gjk::is_finite(r.point_a) ||
        !gjk::is_finite(r.point_b) || !gjk::is_finite(r.normal))
        fail("penetration: a field is not finite, or the depth is negative", r.depth);
    if (r.depth != std::max(T(0), -r.signed_distance))
        fail("penetration: depth is not max(0, -signed distance)", r.depth, r.signed_distance);
    if (r.iterations > q.max_iterations || r.epa_iterations > gjk::kMaxEpaIterations)
        fail("penetration: iterations beyond a cap", r.iterations, r.epa_iterations);
    const bool verdict = r.status == gjk::Status::separated || r.status == gjk::Status::touching ||
                         r.status == gjk::Status::overlapping;
    const long double n = std::hypot((long double)r.normal.x, (long double)r.normal.y);
    if (verdict && std::fabs(n - 1) > 1e-4L)
        fail("penetration: normal not unit on a verdict", n);
    if (!truth || !verdict || r.termination == gjk::EpaTermination::max_iterations)
        return;
    const Truth& t = *truth;
    const long double expected_signed = t.distance > 0 ? t.distance : -t.depth;
    const long double tol = t.tol / tolerance<T>() * 32 * std::numeric_limits<T>::epsilon();
    if (std::fabs(r.signed_distance - expected_signed) > std::max(t.tol, tol))
        fail("penetration: signed distance differs from the oracle", r.signed_distance,
             expected_signed);
}

/// Contact manifold, margin 0.05 of the scale: penetration()'s error rules; 0 to 2 points, all
/// finite, each with a separation <= the margin; a unit normal whenever there are points; in
/// range (and neither loop at its cap) the smaller separation is not above the oracle's signed
/// distance by more than the tolerance plus kReferenceTolerance of the scale (a separation is
/// measured along the reference face's normal, which is EPA's or, on a near-tie, A's face
/// within that angle of it: the deepest point is as deep as the shapes, up to that tilt).
template <class T>
void check_manifold(const Query<T>& q, const Truth* truth, const gjk::DistanceInput<T>& input) {
    const T margin = T(0.05);
    const gjk::ManifoldOutput<T> m = gjk::manifold(input, margin);
    const gjk::InputError expected = expected_error(q);
    if (expected != gjk::InputError::none) {
        if (m.status != gjk::Status::invalid_input || m.error != expected || m.count != 0)
            fail("manifold: invalid input not reported with its error", int(m.error),
                 int(expected));
        return;
    }
    if (m.status == gjk::Status::invalid_input) {
        if (m.error != gjk::InputError::nonfinite_result || truth)
            fail("manifold: valid input refused", int(m.error));
        return;
    }
    if (m.count < 0 || m.count > 2)
        fail("manifold: point count out of 0..2", m.count);
    if (!gjk::is_finite(m.normal))
        fail("manifold: normal not finite", m.normal.x, m.normal.y);
    T least = std::numeric_limits<T>::infinity();
    for (int i = 0; i < m.count; ++i) {
        const auto& c = m.points[i];
        if (!gjk::is_finite(c.point) || !std::isfinite(c.separation) || !(c.separation <= margin))
            fail("manifold: a point is not finite or beyond the margin", c.separation);
        least = std::min(least, c.separation);
    }
    if (m.count > 0) {
        const long double n = std::hypot((long double)m.normal.x, (long double)m.normal.y);
        if (std::fabs(n - 1) > 1e-4L)
            fail("manifold: normal not unit with points", n);
    }
    if (!truth || m.count == 0 || m.status == gjk::Status::max_iterations)
        return;
    const Truth& t = *truth;
    const long double expected_signed = t.distance > 0 ? t.distance : -t.depth;
    const long double scale = t.tol / tolerance<T>();
    const long double tol = scale * 64 * std::numeric_limits<T>::epsilon();
    if (least > expected_signed + std::max(t.tol, tol) + gjk::kReferenceTolerance * scale)
        fail("manifold: the deepest point is shallower than the shapes", least, expected_signed);
}

/// Shape cast: B moves toward A's position (the translation is the difference of the two
/// transforms' positions, so the query's bytes decide it). Finite fields, a fraction in
/// [0, 1], the cap kept; in range, at a reported hit that did not start overlapping the
/// oracle's distance at the fraction is within the cast's tolerance (64 eps of the cast's own
/// scale: the motion, the shapes' extents and radii; doubled here) of contact.
template <class T> void check_cast(const Query<T>& q, const Truth* truth) {
    gjk::CastInput<T> in;
    const gjk::DistanceInput<T> d = input_of(q);
    in.a = d.a;
    in.b = d.b;
    in.xf_a = d.xf_a;
    in.xf_b = d.xf_b;
    in.translation_b = q.xa.p - q.xb.p;
    const gjk::CastOutput<T> r = gjk::shape_cast(in);
    if (r.status == gjk::CastStatus::invalid_input) {
        if (truth && r.error != gjk::InputError::nonfinite_result &&
            r.motion_error == gjk::MotionError::none)
            fail("cast: valid input refused", int(r.error));
        return;
    }
    if (expected_error(q) != gjk::InputError::none)
        fail("cast: invalid shapes not refused");
    if (!(r.fraction >= T(0) && r.fraction <= T(1)) || !gjk::is_finite(r.point) ||
        !gjk::is_finite(r.normal))
        fail("cast: fraction outside [0, 1] or a field not finite", r.fraction);
    if (r.iterations > gjk::kMaxCastIterations)
        fail("cast: iterations beyond the cap", r.iterations);
    if (r.hit !=
        (r.status == gjk::CastStatus::hit || r.status == gjk::CastStatus::initially_overlapping))
        fail("cast: hit flag and status disagree");
    if (!truth || r.status != gjk::CastStatus::hit)
        return;
    Query<T> moved = q;
    moved.use_radii = true; // a cast always counts the radii
    moved.xb.p = q.xb.p + r.fraction * in.translation_b;
    const Truth at = truth_of(moved);
    // The cast's own scale (gjk/shape_cast.hpp): the furthest a transform's origin gets,
    // plus both shapes' extents (the largest |local point|) and both radii, which a cast
    // always counts. The query's scale (truth->tol) was used here, but it leaves the radii
    // out when use_radii is off and counts a point's extent and its position together, not
    // added: up to 2.9 times smaller, and three hits within the cast's tolerance were taken
    // for errors (the 2026-11-23 campaigns; TEST(CastDouble,
    // HitIsWithinTheToleranceOfItsOwnScale)).
    auto extent = [](const std::vector<gjk::Vec2<T>>& pts) {
        long double e = 0;
        for (const auto& p : pts)
            e = std::max(e, std::hypot((long double)p.x, (long double)p.y));
        return e;
    };
    auto far = [](gjk::Vec2<T> p) {
        return std::max(std::fabs((long double)p.x), std::fabs((long double)p.y));
    };
    // A stays put; B moves from xb.p to xb.p + translation_b = xa.p. At least 1, as every
    // scale of the contract (docs/robustness.md): below, the oracle's own long double
    // round-off (1e-311 for shapes of 1e-304) exceeded 64 eps of the cast's scale.
    const long double scale = std::max(1.0L, std::max(far(q.xa.p), far(q.xb.p)) + extent(q.a) +
                                                 extent(q.b) + (long double)q.ra + q.rb);
    // Doubled: the cast stops when its own computed gap is within its tolerance, and that
    // gap carries GJK's round-off, a few eps of the same scale.
    const long double tol = 2 * gjk::kCastToleranceUlps * std::numeric_limits<T>::epsilon() * scale;
    if (at.distance > tol || at.depth > tol)
        fail("cast: at the hit fraction the shapes are not in contact", at.distance, at.depth);
}

/// distance_batch's answers are distance()'s, to the bit (src/lockstep.hpp), on the query's
/// shapes as PreparedShape views: the lockstep path for shapes of at most 8 points.
template <class T> void check_batch(const Query<T>& q) {
    const auto a = gjk::PreparedShape<T>::make(q.a, q.ra);
    const auto b = gjk::PreparedShape<T>::make(q.b, q.rb);
    gjk::DistanceInput<T> in = input_of(q);
    in.a = a.view();
    in.b = b.view();
    const gjk::DistanceOutput<T> want = gjk::distance(in);
    auto same = [](const gjk::DistanceOutput<T>& x, const gjk::DistanceOutput<T>& y) {
        auto bits = [](T v) {
            std::uint64_t u = 0;
            std::memcpy(&u, &v, sizeof v);
            return u;
        };
        return x.status == y.status && x.termination == y.termination && x.error == y.error &&
               x.iterations == y.iterations && bits(x.distance) == bits(y.distance) &&
               bits(x.point_a.x) == bits(y.point_a.x) && bits(x.point_a.y) == bits(y.point_a.y) &&
               bits(x.point_b.x) == bits(y.point_b.x) && bits(x.point_b.y) == bits(y.point_b.y) &&
               bits(x.normal.x) == bits(y.normal.x) && bits(x.normal.y) == bits(y.normal.y);
    };
    using gjk::detail::LaneWidth;
    for (LaneWidth width : {LaneWidth::bytes16, LaneWidth::bytes32, LaneWidth::bytes64}) {
        if (!gjk::detail::lane_width_runs(width)) {
            continue;
        }
        for (std::size_t n : {1u, 5u}) {
            const std::vector<gjk::DistanceInput<T>> inputs(n, in);
            std::vector<gjk::DistanceOutput<T>> out(n);
            gjk::detail::lockstep_batch<T>(inputs, {}, out, width);
            for (const auto& o : out) {
                if (!same(o, want)) {
                    fail("distance_batch: an output differs from distance()'s", o.distance,
                         want.distance);
                }
            }
        }
    }
}

/// The query's shapes prepared (their hulls, stored normals and O(log n) supports): the
/// separating axis test answers penetration() and manifold() for these small shapes when it
/// decides. The same checks as on the plain views, and where the test decided, its signed
/// distance equal to EPA's on the plain views within twice the penetration bound.
template <class T> void check_prepared(const Query<T>& q, const Truth* truth) {
    if (expected_error(q) != gjk::InputError::none) {
        return; // the plain views' checks cover the error codes
    }
    const auto a = gjk::PreparedShape<T>::make(q.a, q.ra);
    const auto b = gjk::PreparedShape<T>::make(q.b, q.rb);
    gjk::DistanceInput<T> input = input_of(q);
    input.a = a.view();
    input.b = b.view();
    check_penetration(q, truth, input);
    check_manifold(q, truth, input);
    const gjk::PenetrationOutput<T> by_axes = gjk::penetration(input);
    if (!truth || by_axes.termination != gjk::EpaTermination::separating_axis) {
        return;
    }
    const gjk::PenetrationOutput<T> by_epa = gjk::penetration(input_of(q));
    if (by_epa.status == gjk::Status::max_iterations) {
        return; // GJK or EPA stopped at the query's cap (the test has none)
    }
    // The verdicts may differ within round-off: floats 1e-38 apart at 1e-33 make GJK's cross
    // products underflow to zero (touching) where the test measures an overlap of 2e-38.
    const long double bound =
        std::max(truth->tol, truth->tol / tolerance<T>() * 32 * std::numeric_limits<T>::epsilon());
    if (std::fabs((long double)by_axes.signed_distance - by_epa.signed_distance) > 2 * bound) {
        fail("separating axes: the depth differs from EPA's", by_axes.signed_distance,
             by_epa.signed_distance);
    }
}

/// A ray from B's first point (world) toward A's position and as far again, against A's core
/// (no radius), as a plain view and prepared (clipping, or the front chain): finite fields, a
/// fraction in [0, 1]; in range, against the oracle's world hull of A's core: a hit lies on
/// its surface (|signed distance| within 4 times the ray's tolerance, 64 eps of its scale: never
/// late nor early beyond that); a ray whose segment passes the hull by more than twice that is
/// no hit; a ray whose segment's middle of its way through the hull is deeper than twice that
/// is a hit; a ray reported starting inside starts within that of the hull.
template <class T> void check_ray(const Query<T>& q, const Truth* truth) {
    if (expected_error(q) != gjk::InputError::none) {
        return;
    }
    const gjk::Vec2<T> origin = gjk::apply(q.xb, q.b[0]);
    const gjk::Vec2<T> translation = T(2) * (q.xa.p - origin);
    const auto prepared = gjk::PreparedShape<T>::make(q.a);
    for (const gjk::ShapeView<T>& view : {gjk::ShapeView<T>(q.a), prepared.view()}) {
        const gjk::RayCastOutput<T> r = gjk::ray_cast<T>(view, q.xa, origin, translation);
        if (r.status == gjk::CastStatus::invalid_input) {
            auto inside = [](gjk::Vec2<T> v) {
                return gjk::is_finite(v) && std::abs(v.x) <= range<T>() &&
                       std::abs(v.y) <= range<T>();
            };
            if (truth && inside(origin) && inside(translation))
                fail("ray: valid input refused", int(r.error), int(r.ray_error));
            continue;
        }
        if (!(r.fraction >= T(0) && r.fraction <= T(1)) || !gjk::is_finite(r.point) ||
            !gjk::is_finite(r.normal))
            fail("ray: a field is not finite, or the fraction is outside [0, 1]", r.fraction);
        if (r.status == gjk::CastStatus::hit) {
            const long double n = std::hypot((long double)r.normal.x, (long double)r.normal.y);
            if (std::fabs(n - 1) > 1e-4L)
                fail("ray: normal not unit on a hit", n);
        }
        if (!truth || r.status == gjk::CastStatus::max_iterations)
            continue;
        const oracle::P o{origin.x, origin.y}, d{translation.x, translation.y};
        long double scale = std::max(
            {1.0L, std::fabs(o.x), std::fabs(o.y), std::fabs(o.x + d.x), std::fabs(o.y + d.y)});
        for (const auto& p : truth->ha)
            scale = std::max({scale, std::fabs(p.x), std::fabs(p.y)});
        const long double tol =
            std::max(4 * 64 * std::numeric_limits<T>::epsilon() * scale, 4 * truth->tol);
        auto depth_at = [&](long double t) { // the oracle's signed distance of o + t d
            const std::vector<oracle::P> point = {{o.x + t * d.x, o.y + t * d.y}};
            return oracle::signed_distance(truth->ha, 0, point, 0);
        };
        if (r.status == gjk::CastStatus::initially_overlapping) {
            if (depth_at(0) > tol)
                fail("ray: reported inside but starts outside", depth_at(0), tol);
            continue;
        }
        const std::vector<oracle::P> segment = {o, {o.x + d.x, o.y + d.y}};
        const long double gap = oracle::signed_distance(truth->ha, 0, oracle::hull(segment), 0);
        if (r.hit) {
            if (gap > 2 * tol)
                fail("ray: a hit although the segment passes the shape by", gap, tol);
            const long double surface = depth_at((long double)r.fraction);
            if (std::fabs(surface) > tol)
                fail("ray: the hit is not on the surface", surface, tol);
        } else if (gap < -2 * tol) {
            // The segment enters the hull: how deep is the middle of its way through?
            long double deepest = 0;
            for (int k = 1; k < 64; ++k)
                deepest = std::min(deepest, depth_at(k / 64.0L));
            if (deepest < -2 * tol)
                fail("ray: no hit although the segment passes through the shape", deepest, tol);
        }
    }
}

/// Time of impact: A stays at its pose, B flies from its pose toward A's position and as far
/// again while turning by one radian, plain views and prepared; target 0. Finite fields, a
/// fraction in [0, 1], the cap kept; in range, at 8 times before the reported one (a hit not
/// initially overlapping, or a miss through [0, 1]) the oracle's distance of the rounded
/// shapes is not below minus the query's tolerance (64 eps of its scale, times 4): no contact
/// is missed between the samples that the reported time would hide.
template <class T> void check_time_of_impact(const Query<T>& q, const Truth* truth) {
    if (expected_error(q) != gjk::InputError::none) {
        return;
    }
    gjk::ToiInput<T> in;
    const T angle_a = std::atan2(q.xa.q.s, q.xa.q.c), angle_b = std::atan2(q.xb.q.s, q.xb.q.c);
    in.sweep_a = {{}, q.xa.p, q.xa.p, angle_a, angle_a};
    in.sweep_b = {{}, q.xb.p, q.xb.p + T(2) * (q.xa.p - q.xb.p), angle_b, angle_b + T(1)};
    const auto pa = gjk::PreparedShape<T>::make(q.a, q.use_radii ? q.ra : T(0));
    const auto pb = gjk::PreparedShape<T>::make(q.b, q.use_radii ? q.rb : T(0));
    const gjk::ShapeView<T> plain_a(q.a, q.use_radii ? q.ra : T(0));
    const gjk::ShapeView<T> plain_b(q.b, q.use_radii ? q.rb : T(0));
    for (const bool use_prepared : {false, true}) {
        in.a = use_prepared ? pa.view() : plain_a;
        in.b = use_prepared ? pb.view() : plain_b;
        const gjk::CastOutput<T> r = gjk::time_of_impact(in);
        if (r.status == gjk::CastStatus::invalid_input) {
            continue; // a sweep beyond the range: its own checks are the cast's
        }
        if (!(r.fraction >= T(0) && r.fraction <= T(1)) || !gjk::is_finite(r.point) ||
            !gjk::is_finite(r.normal))
            fail("time of impact: a field is not finite, or the fraction is outside [0, 1]",
                 r.fraction);
        if (r.iterations > in.max_iterations)
            fail("time of impact: iterations beyond the cap", r.iterations);
        if (!truth || r.initially_overlapping || r.status == gjk::CastStatus::max_iterations ||
            !within_range(q) || !gjk::is_finite(in.sweep_b.c1) ||
            std::abs(in.sweep_b.c1.x) > range<T>() || std::abs(in.sweep_b.c1.y) > range<T>())
            continue;
        // The cast's own scale (gjk/time_of_impact.hpp): the sweeps' positions plus the shapes'
        // reach from their rotation centres (their origins here), radii included.
        auto reach = [](const std::vector<gjk::Vec2<T>>& pts) {
            long double r = 0;
            for (const auto& p : pts)
                r = std::max(r, std::hypot((long double)p.x, (long double)p.y));
            return r;
        };
        long double scale = 0;
        for (const gjk::Vec2<T>& c : {in.sweep_a.c0, in.sweep_b.c0, in.sweep_b.c1})
            scale = std::max({scale, std::fabs((long double)c.x), std::fabs((long double)c.y)});
        scale += reach(q.a) + reach(q.b) + truth->ra + truth->rb;
        // At least 1, as the distance's checks: below, float's subnormals (1e-38) carry the
        // round-off of 1e-45 of any scale, and GJK's products of them underflow.
        scale = std::max(scale, 1.0L);
        const long double tol = 4 * 64 * std::numeric_limits<T>::epsilon() * scale;
        // Within the tolerance at t = 0 the shapes count as touching: a hit only when a probe
        // a little later finds them closing, else separated for the whole step, even when they
        // meet later in it (an open finding, fuzz/findings/README.md: a float sliver 1.7e14
        // long, 3e8 from a segment and turning into it, was reported separated). Not checked.
        if (truth->distance <= tol)
            continue;
        for (int k = 0; k < 8; ++k) {
            const T t = r.fraction * T(k) / T(8);
            auto world = [](const std::vector<gjk::Vec2<T>>& pts, const gjk::Transform<T>& xf) {
                std::vector<oracle::P> out;
                const long double c = xf.q.c, s = xf.q.s;
                for (const auto& p : pts)
                    out.push_back({c * p.x - s * p.y + xf.p.x, s * p.x + c * p.y + xf.p.y});
                return oracle::hull(out);
            };
            const long double gap = oracle::signed_distance(
                world(q.a, in.sweep_a.at(t)), truth->ra, world(q.b, in.sweep_b.at(t)), truth->rb);
            if (gap < -tol)
                fail("time of impact: in contact before the reported time", gap, tol);
        }
    }
}

template <class T> std::string describe(const Query<T>& q) {
    std::string s = std::is_same_v<T, float> ? "float" : "double";
    char buf[128];
    auto num = [&](T v) {
        std::snprintf(buf, sizeof buf, "%.9g", double(v));
        return std::string(buf);
    };
    for (const auto* shape : {&q.a, &q.b}) {
        s += shape == &q.a ? " a=[" : "] b=[";
        for (const auto& p : *shape)
            s += "(" + num(p.x) + ", " + num(p.y) + ")";
    }
    s += "] ra=" + num(q.ra) + " rb=" + num(q.rb) + " xa=(" + num(q.xa.p.x) + ", " + num(q.xa.p.y) +
         "; c " + num(q.xa.q.c) + ", s " + num(q.xa.q.s) + ") xb=(" + num(q.xb.p.x) + ", " +
         num(q.xb.p.y) + "; c " + num(q.xb.q.c) + ", s " + num(q.xb.q.s) +
         ") use_radii=" + (q.use_radii ? "1" : "0") + " cap=" + std::to_string(q.max_iterations);
    return s;
}

template <class T> void check_query(Bytes& in, std::uint8_t flags) {
    const Query<T> q = decode<T>(in, flags);
    current_query = describe(q);
    // The oracle answers only finite input inside the range; elsewhere the safety checks run.
    Truth truth;
    // GJK_FUZZ_SAFETY_ONLY (`make fuzz-smoke FUZZ_ACCURACY=0`): only the safety invariants - no
    // crash, hang or NaN, the right error codes, distance >= 0, unit or zero normals, caps kept -
    // not the oracle's accuracy checks.
    static const bool accuracy = std::getenv("GJK_FUZZ_SAFETY_ONLY") == nullptr;
    const bool oracle_applies =
        accuracy && expected_error(q) == gjk::InputError::none && within_range(q);
    if (oracle_applies) {
        truth = truth_of(q);
    }
    const Truth* t = oracle_applies ? &truth : nullptr;
    check_distance(q, t);
    check_overlap(q, t);
    check_penetration(q, t, input_of(q));
    check_manifold(q, t, input_of(q));
    check_prepared(q, t);
    check_ray(q, t);
    check_time_of_impact(q, t);
    check_cast(q, t);
    check_batch(q);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Bytes in{data, size};
    const auto flags = in.take<std::uint8_t>();
    if (flags & 1) {
        check_query<double>(in, flags);
    } else {
        check_query<float>(in, flags);
    }
    return 0;
}
