// tests/test_cast_separation.cpp - gjk/cast/separation.hpp, the separation functions of a time of
// impact's closest features: the regression of a chord of a point set taken for a face.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "gjk/gjk.hpp"
#include "support/cast_oracle.hpp"

using gjk::CastStatus;
using gjk::Vec2;
using gjk_test::cast_oracle::expect_apart_before;

// Found by fuzz_kernel's time of impact check (fuzz/findings/README.md): A, points near its
// origin and one 97 below (a segment, as a plain point set), stays; B, a triangle 97 across,
// flies at A's position while turning by one radian. GJK's simplex named two of A's points as
// an edge, a chord of the point set rather than a face of its hull, and the separation
// function measured B against the chord's midpoint, inside A: no lower bound on the distance,
// and the step went to 0.42, past the contact at 0.32 (0.1 of overlap, 4.2 deep). The face
// functions measure against the shape's extreme point along their axis now.
TEST(TimeOfImpactFloat, ChordOfAPointSetIsNoFace) {
    using T = float;
    const std::vector<Vec2<T>> a = {{-3.23552399e-07f, -3.36590915e-07f},
                                    {-3.36590915e-07f, -2.02099557e-07f},
                                    {-3.36590915e-07f, -3.37100232e-07f},
                                    {7.20533657e-41f, 0},
                                    {0, -97.3808517f}};
    const std::vector<Vec2<T>> b = {{-32.2157135f, -97.3803864f},
                                    {-97.3803864f, -97.3803864f},
                                    {-97.3803864f, -97.3803864f},
                                    {-97.3803864f, -97.3803864f},
                                    {0, 0},
                                    {5.79397588e-16f, 2.16868622e-38f}};
    gjk::ToiInput<T> in;
    const T angle = std::atan2(0.382683456f, 0.923879504f);
    in.sweep_a = {{}, {1, 0}, {1, 0}, angle, angle};
    in.sweep_b = {{}, {0, 0}, {2, 0}, angle, angle + T(1)};
    const auto pa = gjk::PreparedShape<T>::make(a), pb = gjk::PreparedShape<T>::make(b);
    for (const bool prepared : {false, true}) {
        in.a = prepared ? pa.view() : gjk::ShapeView<T>(a);
        in.b = prepared ? pb.view() : gjk::ShapeView<T>(b);
        const auto r = gjk::time_of_impact(in);
        ASSERT_EQ(r.status, CastStatus::hit) << prepared;
        SCOPED_TRACE(prepared ? "prepared" : "plain");
        expect_apart_before(a, b, in, r.fraction, 1e-4L);
    }
}
