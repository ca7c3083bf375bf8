// Tests of gjk/batch3.hpp: distance_batch in space answers every query exactly as distance()
// does, whether the query ran on its own or in a lockstep group of float lanes (two scanned
// shapes of at most 16 points, src/lockstep3.hpp) of any vector width this processor runs, cold
// and warm-started, on any number of threads; the lanes answer nearly every query themselves,
// and the rare paths they hand back to distance() are taken.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "gjk/gjk.hpp"
#include "lockstep3.hpp" // detail::lockstep3_batch: each lane width on its own (gjk_lanes_for_tests)
#include "support/shapes3.hpp"

namespace {

using gjk::DistanceInput3;
using gjk::DistanceOutput3;
using gjk::SimplexCache3;
using gjk::Transform3;
using gjk::Vec3;
using gjk::detail::LaneWidth;
using Shape = std::vector<Vec3<float>>;

bool same_bits(float a, float b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}
bool same_bits(Vec3<float> a, Vec3<float> b) {
    return same_bits(a.x, b.x) && same_bits(a.y, b.y) && same_bits(a.z, b.z);
}

std::string describe(const DistanceOutput3<float>& o) {
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
::testing::AssertionResult identical(const DistanceOutput3<float>& got,
                                     const DistanceOutput3<float>& want) {
    if (got.status == want.status && got.termination == want.termination &&
        got.error == want.error && got.iterations == want.iterations &&
        same_bits(got.distance, want.distance) && same_bits(got.point_a, want.point_a) &&
        same_bits(got.point_b, want.point_b) && same_bits(got.normal, want.normal)) {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure()
           << "batch: " << describe(got) << "; single: " << describe(want);
}

bool same_cache(const SimplexCache3<float>& a, const SimplexCache3<float>& b) {
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

DistanceInput3<float> query(const Shape& a, const Shape& b, Transform3<float> xa,
                            Transform3<float> xb, float ra = 0, float rb = 0) {
    DistanceInput3<float> in;
    in.a = gjk::ShapeView3<float>(a, ra);
    in.b = gjk::ShapeView3<float>(b, rb);
    in.xf_a = xa, in.xf_b = xb;
    return in;
}

/// Shapes of every kind the lanes take, and pairs of them in poses from deep overlap to far
/// apart, touching included: random hulls of 1 to 16 points (points, segments, triangles,
/// tetrahedra and flat sets among them), boxes, rounded shapes, exact face contacts of boxes,
/// gaps from 1e-7 to 1e1, shapes of 1e-3 and at 1e4 from the origin.
struct Workload {
    std::vector<Shape> shapes;
    std::vector<DistanceInput3<float>> inputs;
};

Workload make_workload(unsigned seed, int pairs) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<float> u(-1, 1);
    std::uniform_int_distribution<int> points(1, 16), kind(0, 5);
    Workload w;
    w.shapes.reserve(2 * std::size_t(pairs));
    for (int i = 0; i < 2 * pairs; ++i) {
        Shape s;
        if (kind(rng) == 0) {
            s = gjk_test::box(0.5f + 0.5f * std::abs(u(rng)), 0.5f, 0.25f + std::abs(u(rng)));
        } else {
            const int n = points(rng);
            const bool flat = kind(rng) == 1;
            for (int j = 0; j < n; ++j) {
                s.push_back({u(rng), u(rng), flat ? 0.0f : u(rng)});
            }
        }
        w.shapes.push_back(std::move(s));
    }
    for (int i = 0; i < pairs; ++i) {
        const Shape& a = w.shapes[std::size_t(2 * i)];
        const Shape& b = w.shapes[std::size_t(2 * i + 1)];
        const Vec3<float> offset =
            kind(rng) == 0 ? Vec3<float>{1e4f, -1e4f, 3e3f} : Vec3<float>{u(rng), u(rng), u(rng)};
        Transform3<float> xa{offset, gjk_test::random_rotation<float>(rng)};
        Transform3<float> xb{offset + 3.0f * Vec3<float>{u(rng), u(rng), u(rng)},
                             gjk_test::random_rotation<float>(rng)};
        float ra = 0, rb = 0;
        switch (kind(rng)) {
        case 0: // rounded
            ra = 0.25f * std::abs(u(rng)), rb = 0.1f;
            break;
        case 1: // the same pose: coincident shapes
            xb = xa;
            break;
        case 2: // boxes face to face, exactly touching or a small gap apart
            if (a.size() == 8 && b.size() == 8) {
                const float gap = std::pow(10.0f, -7.0f + 8.0f * std::abs(u(rng)));
                xa = {{0, 0, 0}, {}};
                xb = {{a[7].x + b[7].x + (kind(rng) < 2 ? 0.0f : gap), 0.125f, 0}, {}};
            }
            break;
        default:
            break;
        }
        w.inputs.push_back(query(a, b, xa, xb, ra, rb));
    }
    return w;
}

// Every output and every cache of the lanes is distance()'s to the bit, at every width, cold
// and then warm-started from the caches the cold batch left with the poses moved a little.
TEST(Batch3, EveryFloatOutputIsTheSingleQueryAnswerToTheBit) {
    const Workload w = make_workload(31, 3000);
    std::vector<DistanceInput3<float>> moved = w.inputs;
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<float> step(-0.05f, 0.05f);
    for (auto& in : moved) {
        in.xf_b.p = in.xf_b.p + Vec3<float>{step(rng), step(rng), step(rng)};
    }
    for (LaneWidth width : lane_widths()) {
        std::vector<DistanceOutput3<float>> cold(w.inputs.size()), warm(w.inputs.size());
        std::vector<SimplexCache3<float>> caches(w.inputs.size()), expected(w.inputs.size());
        gjk::detail::lockstep3_batch(w.inputs, caches, cold, width);
        for (std::size_t i = 0; i < w.inputs.size(); ++i) {
            ASSERT_TRUE(identical(cold[i], gjk::distance(w.inputs[i], &expected[i])))
                << "cold query " << i << " at width " << int(width);
            ASSERT_TRUE(same_cache(caches[i], expected[i])) << i;
        }
        gjk::detail::lockstep3_batch(moved, caches, warm, width);
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
TEST(Batch3, QueriesTheLanesDoNotTakeAreAnsweredInPlace) {
    const Workload w = make_workload(32, 400);
    std::vector<DistanceInput3<float>> inputs = w.inputs;
    std::mt19937_64 rng(9);
    std::uniform_real_distribution<float> u(-1, 1);
    Shape many;
    for (int i = 0; i < 17; ++i) {
        many.push_back({u(rng), u(rng), u(rng)});
    }
    Shape big;
    for (int i = 0; i < 200; ++i) {
        const Vec3<float> p{u(rng), u(rng), u(rng)};
        big.push_back(gjk::normalized(p));
    }
    const auto climbing = gjk::PreparedShape3<float>::make(big);
    ASSERT_TRUE(climbing.climbs());
    const Shape empty;
    const Shape far{{0, 0, 0}, {1e30f, 0, 0}};
    const Shape not_a_number{{0, 0, 0}, {0, std::numeric_limits<float>::quiet_NaN(), 0}};
    for (std::size_t i = 0; i < inputs.size(); i += 7) {
        switch (i % 6) {
        case 4: // the lanes' own test of the points hands these over
            inputs[i].b = gjk::ShapeView3<float>(far);
            break;
        case 5:
            inputs[i].a = gjk::ShapeView3<float>(not_a_number);
            break;
        case 0:
            inputs[i].a = gjk::ShapeView3<float>(many);
            break;
        case 1:
            inputs[i].b = climbing.view();
            break;
        case 2:
            inputs[i].xf_a.q = {0, 0, 0, 2};
            break;
        default:
            inputs[i].b = gjk::ShapeView3<float>(empty);
            break;
        }
    }
    for (int threads : {1, 2, 3}) {
        std::vector<DistanceOutput3<float>> out(inputs.size());
        gjk::distance_batch<float>(inputs, out, threads);
        std::vector<SimplexCache3<float>> caches(inputs.size()), expected(inputs.size());
        std::vector<DistanceOutput3<float>> warm(inputs.size());
        gjk::distance_batch<float>(inputs, caches, warm, threads);
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            ASSERT_TRUE(identical(out[i], gjk::distance(inputs[i]))) << i;
            ASSERT_TRUE(identical(warm[i], gjk::distance(inputs[i], &expected[i]))) << i;
            ASSERT_TRUE(same_cache(caches[i], expected[i])) << i;
        }
    }
}

// The lanes answer the common queries themselves: on small hulls and boxes in random poses,
// fewer than 1 in 50 is handed over to distance().
TEST(Batch3, TheLanesAnswerNearlyEveryQueryThemselves) {
    const Workload w = make_workload(33, 2000);
    for (LaneWidth width : lane_widths()) {
        std::vector<DistanceOutput3<float>> out(w.inputs.size());
        const std::size_t handed_over = gjk::detail::lockstep3_batch(w.inputs, {}, out, width);
        EXPECT_LT(handed_over * 50, w.inputs.size()) << handed_over << " at " << int(width);
    }
}

// The rare paths are taken, and their answers are distance()'s: a needle triangle of Z whose
// plain normal is ill conditioned (normal_direction's exact path), and shapes of 1e-30 whose
// coordinates' scale is below float's normal range (unit_scale's ldexp).
TEST(Batch3, TheRarePathsAreHandedToTheSingleQuery) {
    const Shape needle{{0, 0, 0}, {1, 0, 0}, {1, 1e-6f, 0}};
    const Shape point{{0.5f, 0.25f, 1}};
    const Shape tiny{{1e-30f, 2e-30f, 0}, {-1e-30f, 1e-30f, 3e-30f}, {2e-30f, -1e-30f, 1e-30f}};
    std::vector<DistanceInput3<float>> inputs;
    for (int i = 0; i < 16; ++i) {
        inputs.push_back(query(needle, point, {{0, 0, 0}, {}}, {{0, 0, float(i) * 0.01f}, {}}));
        inputs.push_back(query(tiny, tiny, {{0, 0, 0}, {}}, {{5e-30f, 0, float(i) * 1e-30f}, {}}));
    }
    for (LaneWidth width : lane_widths()) {
        std::vector<DistanceOutput3<float>> out(inputs.size());
        EXPECT_GT(gjk::detail::lockstep3_batch(inputs, {}, out, width), 0u) << int(width);
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            ASSERT_TRUE(identical(out[i], gjk::distance(inputs[i]))) << i;
        }
    }
}

} // namespace
