// Tests of gjk/batch3.hpp: distance_batch in space answers every query exactly as distance()
// does, whether the query ran on its own or in a lockstep group of lanes (float or double; two
// scanned shapes of at most 16 points, src/lockstep3.hpp) of any vector width this processor runs,
// cold and warm-started, on any number of threads; the lanes answer nearly every query themselves,
// and the rare paths they hand back to distance() are taken.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "gjk/gjk.hpp"
#include "lockstep3.hpp" // detail::lockstep3_batch: each lane width on its own (gjk_lanes_for_tests)
#include "support/scalars.hpp"
#include "support/shapes3.hpp"

namespace {

using gjk::DistanceInput3;
using gjk::DistanceOutput3;
using gjk::SimplexCache3;
using gjk::Transform3;
using gjk::Vec3;
using gjk::detail::LaneWidth;
using gjk_test::query;
template <class T> using Shape = std::vector<Vec3<T>>;

GJK_SCALAR_SUITE(Batch3);

template <class T> bool same_bits(T a, T b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}
template <class T> bool same_bits(Vec3<T> a, Vec3<T> b) {
    return same_bits(a.x, b.x) && same_bits(a.y, b.y) && same_bits(a.z, b.z);
}

template <class T> std::string describe(const DistanceOutput3<T>& o) {
    char text[320];
    std::snprintf(text, sizeof text,
                  "%s %s after %d, distance %a, a (%a %a %a), b (%a %a %a), normal (%a %a %a)",
                  gjk::to_string(o.status), gjk::to_string(o.termination), o.iterations,
                  double(o.distance), double(o.point_a.x), double(o.point_a.y), double(o.point_a.z),
                  double(o.point_b.x), double(o.point_b.y), double(o.point_b.z), double(o.normal.x),
                  double(o.normal.y), double(o.normal.z));
    return text;
}

/// Every field of two outputs equal, floating-point values to the bit (so 0 and -0 differ).
template <class T>
::testing::AssertionResult identical(const DistanceOutput3<T>& got,
                                     const DistanceOutput3<T>& want) {
    if (got.status == want.status && got.termination == want.termination &&
        got.error == want.error && got.iterations == want.iterations &&
        same_bits(got.distance, want.distance) && same_bits(got.point_a, want.point_a) &&
        same_bits(got.point_b, want.point_b) && same_bits(got.normal, want.normal)) {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure()
           << "batch: " << describe(got) << "; single: " << describe(want);
}

template <class T> bool same_cache(const SimplexCache3<T>& a, const SimplexCache3<T>& b) {
    return a.count == b.count && std::memcmp(a.index_a, b.index_a, sizeof a.index_a) == 0 &&
           std::memcmp(a.index_b, b.index_b, sizeof a.index_b) == 0;
}

/// The widths this processor runs: 16 bytes always, 32 (AVX2) and 64 (AVX-512) where they run.
std::vector<LaneWidth> lane_widths() {
    std::vector<LaneWidth> widths = {LaneWidth::bytes16};
    for (LaneWidth width : {LaneWidth::bytes32, LaneWidth::bytes64}) {
        if (gjk::detail::lane_width_runs(width)) {
            widths.push_back(width);
        }
    }
    return widths;
}

/// Shapes of every kind the lanes take, and pairs of them in poses from deep overlap to far
/// apart, touching included: random hulls of 1 to 16 points (points, segments, triangles,
/// tetrahedra and flat sets among them), boxes, rounded shapes, exact face contacts of boxes,
/// gaps from 1e-7 to 1e1, shapes of 1e-3 and at 1e4 from the origin.
template <class T> struct Workload {
    std::vector<Shape<T>> shapes;
    std::vector<DistanceInput3<T>> inputs;
};

template <class T> Workload<T> make_workload(unsigned seed, int pairs) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<T> u(-1, 1);
    std::uniform_int_distribution<int> points(1, 16), kind(0, 5);
    Workload<T> w;
    w.shapes.reserve(2 * std::size_t(pairs));
    for (int i = 0; i < 2 * pairs; ++i) {
        Shape<T> s;
        if (kind(rng) == 0) {
            s = gjk_test::box(T(0.5) + T(0.5) * std::abs(u(rng)), T(0.5),
                              T(0.25) + std::abs(u(rng)));
        } else {
            const int n = points(rng);
            const bool flat = kind(rng) == 1;
            for (int j = 0; j < n; ++j) {
                s.push_back({u(rng), u(rng), flat ? T(0) : u(rng)});
            }
        }
        w.shapes.push_back(std::move(s));
    }
    for (int i = 0; i < pairs; ++i) {
        const Shape<T>& a = w.shapes[std::size_t(2 * i)];
        const Shape<T>& b = w.shapes[std::size_t(2 * i + 1)];
        const Vec3<T> offset =
            kind(rng) == 0 ? Vec3<T>{T(1e4), -T(1e4), T(3e3)} : Vec3<T>{u(rng), u(rng), u(rng)};
        Transform3<T> xa{offset, gjk_test::random_rotation<T>(rng)};
        Transform3<T> xb{offset + T(3.0) * Vec3<T>{u(rng), u(rng), u(rng)},
                         gjk_test::random_rotation<T>(rng)};
        T ra = 0, rb = 0;
        switch (kind(rng)) {
        case 0: // rounded
            ra = T(0.25) * std::abs(u(rng)), rb = T(0.1);
            break;
        case 1: // the same pose: coincident shapes
            xb = xa;
            break;
        case 2: // boxes face to face, exactly touching or a small gap apart
            if (a.size() == 8 && b.size() == 8) {
                const T gap = std::pow(T(10), T(-7) + T(8) * std::abs(u(rng)));
                xa = {{0, 0, 0}, {}};
                xb = {{a[7].x + b[7].x + (kind(rng) < 2 ? T(0) : gap), T(0.125), 0}, {}};
            }
            break;
        default:
            break;
        }
        w.inputs.push_back(query(a, b, xb, xa, ra, rb));
    }
    return w;
}

// Every output and every cache of the lanes is distance()'s to the bit, at every width, cold
// and then warm-started from the caches the cold batch left with the poses moved a little.
TYPED_TEST(Batch3, EveryOutputIsTheSingleQueryAnswerToTheBit) {
    using T = TypeParam;
    const Workload<T> w = make_workload<T>(31, 3000);
    std::vector<DistanceInput3<T>> moved = w.inputs;
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<T> step(-T(0.05), T(0.05));
    for (auto& in : moved) {
        in.xf_b.p = in.xf_b.p + Vec3<T>{step(rng), step(rng), step(rng)};
    }
    for (LaneWidth width : lane_widths()) {
        std::vector<DistanceOutput3<T>> cold(w.inputs.size()), warm(w.inputs.size());
        std::vector<SimplexCache3<T>> caches(w.inputs.size()), expected(w.inputs.size());
        gjk::detail::lockstep3_batch<T>(w.inputs, caches, cold, width);
        for (std::size_t i = 0; i < w.inputs.size(); ++i) {
            ASSERT_TRUE(identical(cold[i], gjk::distance(w.inputs[i], &expected[i])))
                << "cold query " << i << " at width " << int(width);
            ASSERT_TRUE(same_cache(caches[i], expected[i])) << i;
        }
        gjk::detail::lockstep3_batch<T>(moved, caches, warm, width);
        for (std::size_t i = 0; i < moved.size(); ++i) {
            ASSERT_TRUE(identical(warm[i], gjk::distance(moved[i], &expected[i])))
                << "warm query " << i << " at width " << int(width);
            ASSERT_TRUE(same_cache(caches[i], expected[i])) << i;
        }
    }
}

// The public batch, on 1, 2 and 3 threads, with queries the lanes do not take among those they
// do: a shape of 17 points, a prepared shape that climbs, an invalid quaternion, an empty shape,
// and points out of the kernel's range or NaN (which the lanes find and hand over). Each answer
// is distance()'s, the invalid ones with its error.
TYPED_TEST(Batch3, QueriesTheLanesDoNotTakeAreAnsweredInPlace) {
    using T = TypeParam;
    const Workload<T> w = make_workload<T>(32, 400);
    std::vector<DistanceInput3<T>> inputs = w.inputs;
    std::mt19937_64 rng(9);
    std::uniform_real_distribution<T> u(-1, 1);
    Shape<T> many;
    for (int i = 0; i < 17; ++i) {
        many.push_back({u(rng), u(rng), u(rng)});
    }
    Shape<T> big;
    for (int i = 0; i < 200; ++i) {
        const Vec3<T> p{u(rng), u(rng), u(rng)};
        big.push_back(gjk::normalized(p));
    }
    const auto climbing = gjk::PreparedShape3<T>::make(big);
    ASSERT_TRUE(climbing.climbs());
    const Shape<T> empty;
    const Shape<T> far{{0, 0, 0}, {std::numeric_limits<T>::max() / 4, 0, 0}};
    const Shape<T> not_a_number{{0, 0, 0}, {0, std::numeric_limits<T>::quiet_NaN(), 0}};
    for (std::size_t i = 0; i < inputs.size(); i += 7) {
        switch (i % 6) {
        case 4: // the lanes' own test of the points hands these over
            inputs[i].b = gjk::ShapeView3<T>(far);
            break;
        case 5:
            inputs[i].a = gjk::ShapeView3<T>(not_a_number);
            break;
        case 0:
            inputs[i].a = gjk::ShapeView3<T>(many);
            break;
        case 1:
            inputs[i].b = climbing.view();
            break;
        case 2:
            inputs[i].xf_a.q = {0, 0, 0, 2};
            break;
        default:
            inputs[i].b = gjk::ShapeView3<T>(empty);
            break;
        }
    }
    for (int threads : {1, 2, 3}) {
        std::vector<DistanceOutput3<T>> out(inputs.size());
        gjk::distance_batch<T>(inputs, out, threads);
        std::vector<SimplexCache3<T>> caches(inputs.size()), expected(inputs.size());
        std::vector<DistanceOutput3<T>> warm(inputs.size());
        gjk::distance_batch<T>(inputs, caches, warm, threads);
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            ASSERT_TRUE(identical(out[i], gjk::distance(inputs[i]))) << i;
            ASSERT_TRUE(identical(warm[i], gjk::distance(inputs[i], &expected[i]))) << i;
            ASSERT_TRUE(same_cache(caches[i], expected[i])) << i;
        }
    }
}

// The lanes answer the common queries themselves: on small hulls and boxes in random poses,
// fewer than 1 in 50 is handed over to distance() in float (19 of 2,000 here), 1 in 25 in
// double, where the cross products the scalar code carries exactly when ill conditioned hand
// their lanes over too (51 of 2,000).
TYPED_TEST(Batch3, TheLanesAnswerNearlyEveryQueryThemselves) {
    using T = TypeParam;
    const Workload<T> w = make_workload<T>(33, 2000);
    for (LaneWidth width : lane_widths()) {
        std::vector<DistanceOutput3<T>> out(w.inputs.size());
        const std::size_t handed_over = gjk::detail::lockstep3_batch<T>(w.inputs, {}, out, width);
        EXPECT_LT(handed_over * (std::is_same_v<T, float> ? 50 : 25), w.inputs.size())
            << handed_over << " at " << int(width);
    }
}

// The rare paths are taken, and their answers are distance()'s: a needle triangle of Z whose
// plain normal is ill conditioned (normal_direction's exact path), and shapes of subnormal
// coordinates, whose scale is beyond the normal range (unit_scale's ldexp).
TYPED_TEST(Batch3, TheRarePathsAreHandedToTheSingleQuery) {
    using T = TypeParam;
    const Shape<T> needle{{0, 0, 0}, {1, 0, 0}, {1, T(1e-6), 0}};
    const Shape<T> point{{T(0.5), T(0.25), 1}};
    const T m = std::numeric_limits<T>::min() / 64; // subnormal
    const Shape<T> tiny{{m, 2 * m, 0}, {-m, m, 3 * m}, {2 * m, -m, m}};
    std::vector<DistanceInput3<T>> inputs;
    for (int i = 0; i < 16; ++i) {
        inputs.push_back(query(needle, point, {{0, 0, T(i) * T(0.01)}, {}}));
        inputs.push_back(query(tiny, tiny, {{5 * m, 0, T(i) * m}, {}}));
    }
    for (LaneWidth width : lane_widths()) {
        std::vector<DistanceOutput3<T>> out(inputs.size());
        EXPECT_GT(gjk::detail::lockstep3_batch<T>(inputs, {}, out, width), 0u) << int(width);
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            ASSERT_TRUE(identical(out[i], gjk::distance(inputs[i]))) << i;
        }
    }
}

// Rounded shapes whose cores stand about as far apart as the radii reach: distance() decides
// the gap's sign exactly there (gjk/loop/rounded_gap3.hpp), and the lanes hand such a lane over
// (gap_within_round_off()) rather than answer the plain core - (ra + rb): capsules and boxes
// exactly touching, a few ulps and a quarter apart, each answer distance()'s to the bit.
TYPED_TEST(Batch3, RoundedShapesAtTheirRadiiAreDistancesAnswer) {
    using T = TypeParam;
    // The capsules (cores exactly 3 apart, computed a few ulps short in double) with
    // radii that reach exactly, a few ulps short of it (the computed gap has the wrong size
    // there, or the wrong sign) and a quarter past it; boxes face to face at their radii.
    const Shape<T> a{{1, -3, 2}, {0, -3, -3}}, b{{2, 0, 0}, {-2, 0, 0}};
    const Shape<T> cube = gjk_test::box<T>(1, 1, 1);
    constexpr T eps = std::numeric_limits<T>::epsilon();
    std::vector<DistanceInput3<T>> inputs;
    for (int i = 0; i < 24; ++i) {
        const T nudge = i % 3 == 0 ? T(0) : i % 3 == 1 ? -T(i) * eps : T(0.25);
        inputs.push_back(query(a, b, {}, {}, T(1.5), T(1.5) + nudge));
        const T gap = T(2 + i % 4); // the cubes' faces apart
        inputs.push_back(query(cube, cube, {{T(2) + gap, 0, 0}, {}}, {}, T(1), gap - 1 + nudge));
    }
    int touching = 0, separated = 0;
    for (LaneWidth width : lane_widths()) {
        std::vector<DistanceOutput3<T>> out(inputs.size());
        gjk::detail::lockstep3_batch<T>(inputs, {}, out, width);
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            const auto expected = gjk::distance(inputs[i]);
            ASSERT_TRUE(identical(out[i], expected)) << i;
            touching += expected.status == gjk::Status::touching;
            separated += expected.status == gjk::Status::separated;
        }
    }
    EXPECT_GT(touching, 0);
    EXPECT_GT(separated, 0);
}

} // namespace
