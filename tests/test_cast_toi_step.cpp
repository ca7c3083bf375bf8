// tests/test_cast_toi_step.cpp - gjk/cast/toi_step.hpp, one step of a time of impact (the scan,
// Newton's root, the proof that no contact comes before it): the regressions of dips between
// the samples of the step.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "gjk/gjk.hpp"
#include "support/cast_oracle.hpp"

using gjk::CastStatus;
using gjk::Vec2;
using gjk_test::cast_oracle::expect_apart_before;

// Found by fuzz_kernel's time of impact check (fuzz/findings/README.md): A, a triangle at
// (-2, -2), stays; B, a segment from its origin to (-2, -2) turned by -45 degrees, flies at A's
// position and as far again while turning by one radian. B's segment dips through A's corner
// from t = 0.39 to t = 0.5 and leaves it exactly at t = 0.5, a sample of the bracketing grid:
// the deepest pair there was at the target, and the answer was 0.5, after 0.11 of overlap.
// The root finder now starts its bracket at advancement's safe time and steps by Newton's
// method on the separation function's exact slope, and finds the entry. Checked by sampling
// the oracle's distance before the reported time, on plain views and prepared shapes.
TEST(TimeOfImpactFloat, DipBetweenTheSamplesIsNotSkipped) {
    using T = float;
    const std::vector<Vec2<T>> a = {{0, 0}, {2, -0.875f}, {0.75f, -1.25f}};
    const std::vector<Vec2<T>> b = {{0, 0}, {0, 0}, {-2, -2}, {-2, -2}};
    gjk::ToiInput<T> in;
    const T angle_a = std::atan2(0.0230076816f, 0.999735296f);
    const T angle_b = std::atan2(-0.382683426f, 0.923879564f);
    in.sweep_a = {{}, {-2, -2}, {-2, -2}, angle_a, angle_a};
    in.sweep_b = {{}, {0, 0}, {-4, -4}, angle_b, angle_b + T(1)};
    const auto pa = gjk::PreparedShape<T>::make(a), pb = gjk::PreparedShape<T>::make(b);
    for (const bool prepared : {false, true}) {
        in.a = prepared ? pa.view() : gjk::ShapeView<T>(a);
        in.b = prepared ? pb.view() : gjk::ShapeView<T>(b);
        const auto r = gjk::time_of_impact(in);
        ASSERT_EQ(r.status, CastStatus::hit) << prepared;
        EXPECT_LT(r.fraction, T(0.4)) << prepared;
        SCOPED_TRACE(prepared ? "prepared" : "plain");
        expect_apart_before(a, b, in, r.fraction, 1e-5L);
    }
}

// Found by fuzz_kernel's time of impact check (fuzz/findings/fuzz_kernel-toi-dip-ending-at-a-
// touch): A, a hexagon-like point set 8e152 across, stays; B, a segment as long, flies at A's
// position while turning by one radian. B sweeps through A's corner from t = 0.405 to 0.5 and
// out again, 1.6e-4 of the scale deep, between two of the grid's samples (0.387 and 0.510),
// both above the target: the root finder took the later bracket, and the answer was 0.568.
// Each step now proves the stretch before its end free of contact by the curvature bound on the
// separation functions (gjk/cast/toi_step.hpp, "Every step proved"), halving it where it
// cannot, and the halving finds the dip.
TEST(TimeOfImpactDouble, DipBetweenGridSamplesIsFound) {
    using T = double;
    const std::vector<Vec2<T>> a = {{-8.34366118e+152, -8.34701768e+152},
                                    {-8.34701768e+152, -8.34701768e+152},
                                    {-8.34701768e+152, -1.85984411e-35},
                                    {-1.85984411e-35, -1.85984411e-35},
                                    {-1.85984411e-35, -3.713437e+152},
                                    {-8.34701768e+152, -8.34701768e+152},
                                    {-8.34701768e+152, 0},
                                    {5.43230922e-312, 2.66795449e-322}};
    const std::vector<Vec2<T>> b = {{1.49166815e-154, 5.47162082e-315},
                                    {1.79653039e+150, 7.3872247e-227},
                                    {-3.17678814e-277, -3.17678814e-277},
                                    {7.12023635e-307, -1.13837977e-303},
                                    {-8.28212677e+152, -3.17678702e-277}};
    gjk::ToiInput<T> in;
    const Vec2<T> pa{4.27209566e+151, -3.17678814e-277}, pb{2.00025659, 9.9096786e+148};
    const T angle_a = std::atan2(-0.159426055, -0.987209873);
    const T angle_b = std::atan2(0.395489538, -0.918470481);
    in.sweep_a = {{}, pa, pa, angle_a, angle_a};
    in.sweep_b = {{}, pb, pb + T(2) * (pa - pb), angle_b, angle_b + T(1)};
    const auto prepared_a = gjk::PreparedShape<T>::make(a);
    const auto prepared_b = gjk::PreparedShape<T>::make(b);
    for (const bool prepared : {false, true}) {
        in.a = prepared ? prepared_a.view() : gjk::ShapeView<T>(a);
        in.b = prepared ? prepared_b.view() : gjk::ShapeView<T>(b);
        const auto r = gjk::time_of_impact(in);
        ASSERT_EQ(r.status, CastStatus::hit) << prepared;
        EXPECT_LT(r.fraction, T(0.41)) << prepared;
        SCOPED_TRACE(prepared ? "prepared" : "plain");
        // fuzz_kernel's slack: 4 times the tolerance, 64 eps of the scale (1.7e153).
        expect_apart_before(a, b, in, r.fraction, 1.2e140L);
    }
}
