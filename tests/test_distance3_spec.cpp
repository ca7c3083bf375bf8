// Specifications of gjk/distance3.hpp: GJK in space on shapes whose answers are known in closed
// form - boxes face to face, exact contacts, spheres and capsules, bad input, warm starts, the
// shapes' scale, the trace - and distance_batch's answers, each distance()'s to the bit.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "gjk/batch3.hpp"
#include "gjk/distance3.hpp"
#include "gjk/shape.hpp"
#include "gjk/validate.hpp"
#include "support/oracle3_points.hpp"
#include "support/scalars.hpp"
#include "support/shapes3.hpp"

using gjk::DistanceInput3;
using gjk::InputError;
using gjk::Quat;
using gjk::Status;
using gjk::Termination;
using gjk::Transform3;
using gjk::Vec3;
using gjk_test::box;
using gjk_test::query;
using gjk_test::random_rotation;

namespace {

GJK_SCALAR_SUITE(Distance3);

} // namespace

TYPED_TEST(Distance3, BoxesFaceToFaceAtAGap) {
    using T = TypeParam;
    const auto b = box<T>(1, 1, 1);
    for (T gap : {T(1), T(1) / 1024, T(0.25)}) {
        const auto out = gjk::distance(query(b, b, {{2 + gap, T(0.25), T(-0.5)}, {}}));
        EXPECT_EQ(out.status, Status::separated);
        EXPECT_EQ(out.distance, gap);
        EXPECT_EQ(out.normal, (Vec3<T>{1, 0, 0}));
        EXPECT_EQ(out.point_b.x - out.point_a.x, gap);
    }
}

// Exact contacts, each decided by a support plane through the origin of Z: face on face, an
// edge on a face, a corner on a face, edge across edge. Touching, distance 0, the normal from
// A to B.
TYPED_TEST(Distance3, ExactContactsAreTouching) {
    using T = TypeParam;
    const auto b = box<T>(1, 1, 1);
    const Quat<T> about_z = Quat<T>::from_axis_angle({0, 0, 1}, T(0.5));
    const struct {
        Transform3<T> xf;
        const char* what;
    } contacts[] = {
        {{{2, T(0.5), T(0.25)}, {}}, "face on face"},
        {{{0, 0, 2}, about_z}, "face on face, turned"},
    };
    for (const auto& c : contacts) {
        const auto out = gjk::distance(query(b, b, c.xf));
        EXPECT_EQ(out.distance, T(0)) << c.what;
        EXPECT_EQ(out.status, Status::touching) << c.what << " " << gjk::to_string(out.termination);
    }
    // A corner of an octahedron on the top face of the box.
    const std::vector<Vec3<T>> octahedron{{1, 0, 0},  {-1, 0, 0}, {0, 1, 0},
                                          {0, -1, 0}, {0, 0, 1},  {0, 0, -1}};
    const auto corner = gjk::distance(query(b, octahedron, {{T(0.25), T(0.5), 2}, {}}));
    EXPECT_EQ(corner.distance, T(0));
    EXPECT_EQ(corner.status, Status::touching);
    EXPECT_NEAR(corner.normal.z, T(1), 1e-6);
}

TYPED_TEST(Distance3, OverlappingBoxesAreOverlapping) {
    using T = TypeParam;
    const auto b = box<T>(1, 1, 1);
    const auto out = gjk::distance(query(b, b, {{T(1.5), T(0.5), 0}, {}}));
    EXPECT_EQ(out.status, Status::overlapping);
    EXPECT_EQ(out.distance, T(0));
    EXPECT_EQ(out.normal, (Vec3<T>{}));
    const auto deep = gjk::distance(query(b, b, {{T(0.25), T(0.5), T(0.125)}, {}}));
    EXPECT_EQ(deep.status, Status::overlapping);
    EXPECT_EQ(deep.termination, Termination::containment);
}

// A point with a radius is a sphere, a segment a capsule: the distance of the cores less the
// radii, the witness points on the surfaces.
TYPED_TEST(Distance3, SpheresAndCapsules) {
    using T = TypeParam;
    const std::vector<Vec3<T>> centre{{0, 0, 0}};
    const std::vector<Vec3<T>> segment{{-1, 0, 0}, {1, 0, 0}};
    auto in = query(centre, segment, {{0, 3, 4}, {}});
    in.a.radius = T(1), in.b.radius = T(0.5);
    const auto out = gjk::distance(in);
    EXPECT_EQ(out.status, Status::separated);
    EXPECT_NEAR(out.distance, T(3.5), 1e-6);
    EXPECT_NEAR(out.point_a.y, T(0.6), 1e-6);
    EXPECT_NEAR(out.point_a.z, T(0.8), 1e-6);
    in.b.radius = T(4.5);
    EXPECT_EQ(gjk::distance(in).status, Status::overlapping);
    in.b.radius = T(4);
    EXPECT_EQ(gjk::distance(in).status, Status::touching);
}

TYPED_TEST(Distance3, BadInputIsAnErrorNamingIt) {
    using T = TypeParam;
    const auto b = box<T>(1, 1, 1);
    const std::vector<Vec3<T>> none;
    EXPECT_EQ(gjk::distance(query(none, b)).error, InputError::empty_a);
    std::vector<Vec3<T>> nan = b;
    nan[3].y = std::numeric_limits<T>::quiet_NaN();
    EXPECT_EQ(gjk::distance(query(b, nan)).error, InputError::nonfinite_point_b);
    auto in = query(b, b, {{3, 0, 0}, {0, 0, 0, 2}}); // norm 2: not a rotation
    EXPECT_EQ(gjk::distance(in).error, InputError::bad_transform_b);
    EXPECT_EQ(gjk::distance(in).status, Status::invalid_input);
    in = query(b, b);
    in.a.radius = T(-1);
    EXPECT_EQ(gjk::distance(in).error, InputError::bad_radius_a);
}

// One rule of a rotation in both dimensions (gjk/validate.hpp): a norm within 1e-3 of 1. The
// plane checked the squared norm against 1e-3 and space the norm; a quaternion of norm 1.0008
// and a plane rotation of the same norm are now both rotations, and both of norm 1.0012 are not.
TYPED_TEST(Distance3, ARotationIsOneOfNormWithinAThousandthOfOneInBothDimensions) {
    using T = TypeParam;
    const auto b = box<T>(1, 1, 1);
    const auto square = gjk::Shape<T>::box(1, 1);
    for (const T norm : {T(1.0008), T(0.9992), T(1.0012), T(0.9988)}) {
        const bool rotation = std::abs(double(norm) - 1) < 1e-3;
        const InputError expected = rotation ? InputError::none : InputError::bad_transform_a;
        const auto in3 = query(b, b, {{3, 0, 0}, {}}, {{}, {0, 0, 0, norm}});
        EXPECT_EQ(gjk::validate(in3), expected) << norm;
        gjk::DistanceInput<T> in2;
        in2.a = square, in2.b = square;
        in2.xf_a.q = {norm, 0};
        in2.xf_b.p = {3, 0};
        EXPECT_EQ(gjk::validate(in2), expected) << norm;
    }
}

// A warm start from the last answer's simplex finds the same distance, in fewer iterations for
// a pair that moved a little.
TYPED_TEST(Distance3, WarmStartFindsTheSameAnswer) {
    using T = TypeParam;
    std::mt19937_64 rng(8);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<Vec3<T>> a, b;
    for (int i = 0; i < 16; ++i) {
        a.push_back({T(u(rng)), T(u(rng)), T(u(rng))});
        b.push_back({T(u(rng)), T(u(rng)), T(u(rng))});
    }
    gjk::SimplexCache3<T> cache;
    int cold = 0, warm = 0;
    for (int step = 0; step < 50; ++step) {
        const Transform3<T> xf{{T(3) + T(0.01) * T(step), T(0.5), 0}, {}};
        const auto first = gjk::distance(query(a, b, xf));
        const auto again = gjk::distance(query(a, b, xf), &cache);
        EXPECT_NEAR(first.distance, again.distance, 1e-5 * (1 + first.distance));
        cold += first.iterations, warm += again.iterations;
    }
    EXPECT_LT(warm, cold);
}

// Crossed segments at every scale: touching (flat, they meet), and lifted apart by their own
// size, separated at exactly that distance. The squares of points of 1e-200 underflow in
// double: the solvers, the stall rule, settle() and the support plane's walk work on the
// points scaled by a power of two. (fuzz_kernel found the walk dividing by a square that
// had underflowed to zero; the squares of the stall rule and the regions' coordinates had
// turned 1e-200 apart into "touching".)
TYPED_TEST(Distance3, TinyAndHugeShapesKeepTheirAnswers) {
    using T = TypeParam;
    const bool is_float = std::is_same_v<T, float>;
    for (const T s : {T(1), T(is_float ? 1e-30 : 1e-200), T(is_float ? 1e-40 : 1e-300),
                      T(is_float ? 1e15 : 1e150)}) {
        const std::vector<Vec3<T>> a{{-s, 0, 0}, {s, 0, 0}}, b{{0, -s, 0}, {0, s, 0}};
        const auto crossed = gjk::distance(query(a, b));
        EXPECT_EQ(crossed.status, Status::touching) << s;
        EXPECT_EQ(crossed.normal.z * crossed.normal.z, T(1)) << s;
        const auto lifted = gjk::distance(query(a, b, {{0, 0, s}, {}}));
        EXPECT_EQ(lifted.status, Status::separated) << s;
        EXPECT_EQ(lifted.distance, s) << s;
    }
}

// distance_batch in space: every output is distance()'s to the bit, on any number of threads,
// cold and warm-started (the caches then what distance() leaves).
TEST(Distance3Batch, EveryOutputIsTheSingleQueryAnswerToTheBit) {
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> coordinate(-1, 1);
    std::vector<std::vector<Vec3<double>>> shapes(64);
    for (auto& shape : shapes) {
        for (int i = 0; i < 12; ++i) {
            shape.push_back({coordinate(rng), coordinate(rng), coordinate(rng)});
        }
    }
    std::vector<DistanceInput3<double>> inputs;
    for (int i = 0; i < 63; ++i) {
        inputs.push_back(query(shapes[i], shapes[i + 1],
                               {{2 * coordinate(rng), coordinate(rng), coordinate(rng)},
                                random_rotation<double>(rng)}));
    }
    for (int threads : {1, 2, 3}) {
        std::vector<gjk::DistanceOutput3<double>> outputs(inputs.size());
        gjk::distance_batch<double>(inputs, outputs, threads);
        std::vector<gjk::SimplexCache3<double>> caches(inputs.size()), expected_caches = caches;
        std::vector<gjk::DistanceOutput3<double>> warm(inputs.size());
        gjk::distance_batch<double>(inputs, caches, warm, threads);
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            const auto one = gjk::distance(inputs[i]);
            EXPECT_EQ(outputs[i].distance, one.distance) << i;
            EXPECT_EQ(outputs[i].point_a, one.point_a) << i;
            EXPECT_EQ(outputs[i].status, one.status) << i;
            const auto cached = gjk::distance(inputs[i], &expected_caches[i]);
            EXPECT_EQ(warm[i].distance, cached.distance) << i;
            EXPECT_EQ(caches[i].count, expected_caches[i].count) << i;
        }
    }
}

// The trace has one step per iteration, as in 2D: the iteration that ends by containment
// records its tetrahedron (the web page's step mode draws it), and the one that stalls records
// the simplex it keeps.
TYPED_TEST(Distance3, TheTraceHasAStepForEveryIteration) {
    using T = TypeParam;
    const auto a = box<T>(1, 1, 1), b = box<T>(T(0.5), T(0.5), T(0.5));
    std::mt19937_64 rng(5);
    int containments = 0;
    for (int k = 0; k < 200; ++k) {
        std::uniform_real_distribution<double> u(-2, 2);
        const Transform3<T> xf_b{{T(u(rng)), T(u(rng)), T(u(rng))}, random_rotation<T>(rng)};
        std::vector<gjk::TraceStep3<T>> trace;
        const auto out = gjk::distance(query(a, b, xf_b), nullptr, &trace);
        ASSERT_EQ(int(trace.size()), out.iterations) << k;
        if (out.termination == Termination::containment) {
            ++containments;
            const gjk::TraceStep3<T>& last = trace.back();
            ASSERT_EQ(last.simplex.count, 4) << k;
            T sum = 0;
            for (int i = 0; i < 4; ++i) {
                EXPECT_GE(last.simplex.v[i].weight, T(0)) << k;
                sum += last.simplex.v[i].weight;
            }
            EXPECT_NEAR(double(sum), 1.0, 1e-5) << k;
        }
    }
    EXPECT_GT(containments, 20);
}

// The trace is in the world frame, as the answer is and as the plane's is: it held A's frame, so
// that with A at (10, 0, 0) the answer's point_a was (11, 0, 0) and the trace's (1, 0, 0). Each
// traced vertex is now its shapes' points where they stand (moved by the poses in long double:
// gjk_test::world), and the last step's weighted points are the answer's witnesses.
TYPED_TEST(Distance3, TheTraceIsInTheWorldFrame) {
    using T = TypeParam;
    const auto a = box<T>(1, T(0.5), T(0.25)), b = box<T>(T(0.5), T(0.5), T(0.5));
    std::mt19937_64 rng(9);
    std::uniform_real_distribution<double> u(-1, 1);
    const long double tolerance = std::is_same_v<T, float> ? 1e-5L : 1e-12L;
    for (int k = 0; k < 50; ++k) {
        const Transform3<T> xf_a{{T(10 + u(rng)), T(u(rng)), T(u(rng))}, random_rotation<T>(rng)};
        const Transform3<T> xf_b{{T(13 + u(rng)), T(u(rng)), T(u(rng))}, random_rotation<T>(rng)};
        std::vector<gjk::TraceStep3<T>> trace;
        const auto out = gjk::distance(query(a, b, xf_b, xf_a), nullptr, &trace);
        ASSERT_EQ(out.status, Status::separated) << k;
        const auto world_a = gjk_test::world(a, xf_a), world_b = gjk_test::world(b, xf_b);
        auto near = [&](Vec3<T> p, oracle3::P3 q, const char* what) {
            EXPECT_NEAR(p.x, q.x, tolerance * 16) << k << " " << what;
            EXPECT_NEAR(p.y, q.y, tolerance * 16) << k << " " << what;
            EXPECT_NEAR(p.z, q.z, tolerance * 16) << k << " " << what;
        };
        for (const auto& step : trace) {
            for (int i = 0; i < step.simplex.count; ++i) {
                const auto& v = step.simplex.v[i];
                near(v.a, world_a[std::size_t(v.index_a)], "a");
                near(v.b, world_b[std::size_t(v.index_b)], "b");
                near(v.w, {double(v.b.x - v.a.x), double(v.b.y - v.a.y), double(v.b.z - v.a.z)},
                     "w");
            }
        }
        Vec3<T> pa{}, pb{};
        const auto& last = trace.back().simplex;
        for (int i = 0; i < last.count; ++i) {
            pa += last.v[i].weight * last.v[i].a, pb += last.v[i].weight * last.v[i].b;
        }
        near(pa, {double(out.point_a.x), double(out.point_a.y), double(out.point_a.z)}, "point_a");
        near(pb, {double(out.point_b.x), double(out.point_b.y), double(out.point_b.z)}, "point_b");
    }
}

// The trace in space holds what the plane's holds, from the one loop that writes both (the plane's
// TraceStep and TraceStep3 are TraceStepOf): each step but the last has the search direction it
// built and the support point it found there - Z's furthest point along the direction, against
// every pair of the shapes' points where they stand (gjk_test::world, a brute force in long
// double) - and only the last step names the ending, the answer's.
TYPED_TEST(Distance3, TheTraceHasEachStepsDirectionAndSupportAsThePlanesDoes) {
    using T = TypeParam;
    const auto a = box<T>(1, T(0.5), T(0.25));
    std::mt19937_64 rng(13);
    std::uniform_real_distribution<double> u(-1, 1);
    const long double tolerance = std::is_same_v<T, float> ? 1e-5L : 1e-12L;
    int supports = 0;
    for (int k = 0; k < 100; ++k) {
        std::vector<Vec3<T>> b(std::size_t(4 + k % 9));
        for (Vec3<T>& p : b) {
            p = {T(u(rng)), T(u(rng)), T(u(rng))};
        }
        const Transform3<T> xf_a{{T(u(rng)), T(u(rng)), T(u(rng))}, random_rotation<T>(rng)};
        const Transform3<T> xf_b{{T(2 * u(rng)), T(u(rng)), T(u(rng))}, random_rotation<T>(rng)};
        std::vector<gjk::TraceStep3<T>> trace;
        const auto out = gjk::distance(query(a, b, xf_b, xf_a), nullptr, &trace);
        ASSERT_EQ(int(trace.size()), out.iterations) << k;
        const auto world_a = gjk_test::world(a, xf_a), world_b = gjk_test::world(b, xf_b);
        for (std::size_t s = 0; s < trace.size(); ++s) {
            const gjk::TraceStep3<T>& step = trace[s];
            const bool last = s + 1 == trace.size();
            EXPECT_EQ(step.termination, last ? out.termination : Termination::none)
                << k << " " << s;
            if (!last) {
                ASSERT_TRUE(step.has_support) << k << " " << s;
            }
            if (!step.has_support) {
                continue;
            }
            ++supports;
            const long double dx = step.direction.x, dy = step.direction.y, dz = step.direction.z;
            auto along = [&](oracle3::P3 p) { return dx * p.x + dy * p.y + dz * p.z; };
            long double furthest_b = along(world_b[0]), nearest_a = along(world_a[0]);
            long double size = 1;
            for (const oracle3::P3& p : world_b) {
                furthest_b = std::max(furthest_b, along(p));
                size = std::max<long double>({size, std::abs(p.x), std::abs(p.y), std::abs(p.z)});
            }
            for (const oracle3::P3& p : world_a) {
                nearest_a = std::min(nearest_a, along(p));
                size = std::max<long double>({size, std::abs(p.x), std::abs(p.y), std::abs(p.z)});
            }
            const gjk::SimplexVertex3<T>& w = step.support;
            const long double reach = along({double(w.w.x), double(w.w.y), double(w.w.z)});
            const long double length = std::sqrt(dx * dx + dy * dy + dz * dz);
            EXPECT_GT(length, 0) << k << " " << s;
            EXPECT_NEAR(reach, furthest_b - nearest_a, 16 * tolerance * size * length)
                << k << " " << s << ": the support is Z's furthest point along the direction";
            EXPECT_NEAR(w.a.x, world_a[std::size_t(w.index_a)].x, 16 * tolerance * size) << k;
            EXPECT_NEAR(w.b.z, world_b[std::size_t(w.index_b)].z, 16 * tolerance * size) << k;
        }
    }
    EXPECT_GT(supports, 150);
}
