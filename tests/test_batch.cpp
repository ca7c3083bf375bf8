// Tests of gjk/batch.hpp: distance_batch answers every query exactly as distance() does, on any
// number of threads, whether the query ran on its own or in a lockstep group (two prepared
// shapes of at most 8 vertices, src/lockstep.hpp) of either vector width this processor
// runs; and its distances match the brute-force oracle.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "gjk/gjk.hpp"
#include "lockstep.hpp" // detail::lockstep_batch: each lane width on its own (gjk_lanes_for_tests)
#include "oracle/oracle.hpp"
#include "support/families.hpp"
#include "support/scalars.hpp"

namespace {

using gjk::DistanceInput;
using gjk::DistanceOutput;
using gjk::PreparedShape;
using gjk::Termination;
using gjk::Vec2;

GJK_SCALAR_SUITE(Batch);

template <class T> bool same_bits(T a, T b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

/// Every field of two caches equal, the metric to the bit.
template <class T> bool same_cache(const gjk::SimplexCache<T>& a, const gjk::SimplexCache<T>& b) {
    return a.count == b.count && std::memcmp(a.index_a, b.index_a, sizeof a.index_a) == 0 &&
           std::memcmp(a.index_b, b.index_b, sizeof a.index_b) == 0 &&
           same_bits(a.metric, b.metric);
}

/// Every field of two outputs equal, floating-point values to the bit (so 0 and -0 differ).
template <class T>
::testing::AssertionResult identical(const DistanceOutput<T>& got, const DistanceOutput<T>& want) {
    const bool fields = got.status == want.status && got.termination == want.termination &&
                        got.error == want.error && got.iterations == want.iterations;
    const bool values =
        same_bits(got.distance, want.distance) && same_bits(got.point_a.x, want.point_a.x) &&
        same_bits(got.point_a.y, want.point_a.y) && same_bits(got.point_b.x, want.point_b.x) &&
        same_bits(got.point_b.y, want.point_b.y) && same_bits(got.normal.x, want.normal.x) &&
        same_bits(got.normal.y, want.normal.y);
    if (fields && values) {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure()
           << "batch: " << gjk::to_string(got.status) << " " << gjk::to_string(got.termination)
           << " after " << got.iterations << ", distance " << got.distance << " points ("
           << got.point_a.x << ", " << got.point_a.y << ") (" << got.point_b.x << ", "
           << got.point_b.y << ") normal (" << got.normal.x << ", " << got.normal.y
           << "); single: " << gjk::to_string(want.status) << " "
           << gjk::to_string(want.termination) << " after " << want.iterations << ", distance "
           << want.distance << " points (" << want.point_a.x << ", " << want.point_a.y << ") ("
           << want.point_b.x << ", " << want.point_b.y << ") normal (" << want.normal.x << ", "
           << want.normal.y << ")";
}

/// The lockstep widths this processor runs: 16 bytes always (the lanes' logic on any
/// processor), 32 (AVX2) and 64 (AVX-512) where they exist.
std::vector<gjk::detail::LaneWidth> lane_widths() {
    using gjk::detail::LaneWidth;
    std::vector<LaneWidth> widths = {LaneWidth::bytes16};
    for (LaneWidth width : {LaneWidth::bytes32, LaneWidth::bytes64}) {
        if (gjk::detail::lane_width_runs(width)) {
            widths.push_back(width);
        }
    }
    static const bool said =
        widths.size() < 3 && std::printf("[batch] only %zu of the 3 lane widths run here: the "
                                         "others are not tested\n",
                                         widths.size());
    (void)said;
    return widths;
}

/// The lockstep widths and the whole batch on 1 and 2 threads: `check(outputs, what)` on each.
template <class T, class Check>
void for_every_way(const std::vector<DistanceInput<T>>& inputs, Check check) {
    for (gjk::detail::LaneWidth width : lane_widths()) {
        std::vector<DistanceOutput<T>> out(inputs.size());
        gjk::detail::lockstep_batch<T>(inputs, {}, out, width);
        check(out, "width " + std::to_string(int(width)));
    }
    for (int threads : {1, 2}) {
        std::vector<DistanceOutput<T>> out(inputs.size());
        gjk::distance_batch<T>(inputs, out, threads);
        check(out, std::to_string(threads) + " threads");
    }
}

/// The seeded cases of every family, each as prepared shapes (the lockstep path when both
/// have at most 8 vertices) and, one in four, as plain point views too: a batch mixes both.
template <class T> struct Workload {
    std::vector<gjk_test::Case<T>> cases;
    std::vector<std::unique_ptr<PreparedShape<T>>> shapes;
    std::vector<DistanceInput<T>> inputs;
    int small_prepared = 0; // inputs that both shapes prepared with at most 8 vertices

    explicit Workload(unsigned seed, int per_family) {
        gjk_test::Generator gen(seed);
        for (int f = 0; f < static_cast<int>(gjk_test::Family::count); ++f) {
            const auto family = static_cast<gjk_test::Family>(f);
            for (int i = 0; i < per_family; ++i) {
                if (family == gjk_test::Family::big_polygons && i % 20 != 0) {
                    continue; // 1024-gons: a few, for the queries that do not run in lockstep
                }
                cases.push_back(gen.make<T>(family));
            }
        }
        for (std::size_t i = 0; i < cases.size(); ++i) {
            const gjk_test::Case<T>& k = cases[i];
            shapes.push_back(std::make_unique<PreparedShape<T>>(PreparedShape<T>::make(k.a, k.ra)));
            const PreparedShape<T>& a = *shapes.back();
            shapes.push_back(std::make_unique<PreparedShape<T>>(PreparedShape<T>::make(k.b, k.rb)));
            const PreparedShape<T>& b = *shapes.back();
            DistanceInput<T> in;
            in.a = a.view();
            in.b = b.view();
            in.xf_a = k.xa;
            in.xf_b = k.xb;
            in.use_radii = i % 3 != 0;
            in.max_iterations = i % 17 == 0 ? 1 + int(i % 3) : gjk::kMaxIterations; // the cap
            inputs.push_back(in);
            small_prepared += a.count() <= 8 && b.count() <= 8;
            if (i % 4 == 0) {
                inputs.push_back(gjk_test::input_of(k));
            }
        }
    }
};

// The lockstep loop computes every lane's arithmetic as distance() does, so the outputs must
// be the same to the bit, on every family: touching, slivers, messy point sets, far offsets,
// rounded shapes, iteration caps of 1 to 3. Both thread counts, so groups start at both
// chunks' boundaries.
TYPED_TEST(Batch, EveryOutputIsTheSingleQueryAnswerToTheBit) {
    using T = TypeParam;
    const Workload<T> w(std::is_same_v<T, float> ? 31u : 32u, 1000);
    ASSERT_GT(w.small_prepared, 5000); // most queries run in lockstep
    std::vector<DistanceOutput<T>> want(w.inputs.size());
    std::map<std::string, int> terminations; // of the queries that run in lockstep
    for (std::size_t i = 0; i < w.inputs.size(); ++i) {
        want[i] = gjk::distance(w.inputs[i]);
        if (gjk::detail::lockstep_eligible(w.inputs[i])) {
            ++terminations[gjk::to_string(want[i].termination)];
        }
    }
    for_every_way<T>(w.inputs, [&](const std::vector<DistanceOutput<T>>& out, std::string what) {
        for (std::size_t i = 0; i < w.inputs.size(); ++i) {
            ASSERT_TRUE(identical(out[i], want[i])) << "query " << i << ", " << what;
        }
    });
    // Every way the loop ends was compared, in lanes.
    for (Termination t :
         {Termination::containment, Termination::repeated_support, Termination::no_progress,
          Termination::vertex_overlap, Termination::edge_overlap, Termination::max_iterations}) {
        EXPECT_GT(terminations[gjk::to_string(t)], 0) << gjk::to_string(t);
    }
}

// Warm starts: over 12 steps of pairs that move a little, every output and every cache (all
// its slots, the metric to the bit) equal distance()'s with the same cache, for each lane
// width and thread count. Some caches are spoiled on the way - an index out of range, a count
// of 5, a NaN metric, another pair's cache - so that read_cache's refusals run in lanes too.
TYPED_TEST(Batch, WarmStartsGiveTheSingleQueriesOutputsAndCaches) {
    using T = TypeParam;
    const Workload<T> w(std::is_same_v<T, float> ? 51u : 52u, 60);
    std::vector<DistanceInput<T>> inputs = w.inputs;
    std::mt19937 rng(9);
    std::uniform_real_distribution<double> step(-0.02, 0.02);
    std::vector<gjk::SimplexCache<T>> want_caches(inputs.size());
    std::vector<std::vector<gjk::SimplexCache<T>>> caches; // one set per way
    int warm = 0;
    for (int s = 0; s < 12; ++s) {
        for (std::size_t i = 0; i < inputs.size(); ++i) { // B moves a little
            const T scale = std::max(std::abs(inputs[i].xf_b.p.x), T(1));
            inputs[i].xf_b = gjk::Transform<T>::from({inputs[i].xf_b.p.x + T(step(rng)) * scale,
                                                      inputs[i].xf_b.p.y + T(step(rng)) * scale},
                                                     inputs[i].xf_b.q.angle() + T(step(rng)));
        }
        if (s == 6) { // spoil some caches, the same way in every set
            auto spoil = [&](std::vector<gjk::SimplexCache<T>>& set) {
                for (std::size_t i = 0; i + 1 < set.size(); i += 7) {
                    switch (i % 4) {
                    case 0:
                        set[i].index_b[0] = 99;
                        break;
                    case 1:
                        set[i].count = 5;
                        break;
                    case 2:
                        set[i].metric = std::numeric_limits<T>::quiet_NaN();
                        break;
                    default:
                        set[i] = set[i + 1];
                        break;
                    }
                }
            };
            spoil(want_caches);
            for (auto& set : caches) {
                spoil(set);
            }
        }
        std::vector<DistanceOutput<T>> want(inputs.size());
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            warm += want_caches[i].count > 0;
            want[i] = gjk::distance(inputs[i], &want_caches[i]);
        }
        std::size_t set = 0;
        auto check = [&](const std::vector<DistanceOutput<T>>& out, std::string what) {
            for (std::size_t i = 0; i < inputs.size(); ++i) {
                ASSERT_TRUE(identical(out[i], want[i]))
                    << "step " << s << ", query " << i << ", " << what;
                ASSERT_TRUE(same_cache(caches[set][i], want_caches[i]))
                    << "step " << s << ", cache " << i << ", " << what;
            }
            ++set;
        };
        if (caches.empty()) { // the first step: every way starts cold
            caches.assign(lane_widths().size() + 2,
                          std::vector<gjk::SimplexCache<T>>(inputs.size()));
        }
        for (gjk::detail::LaneWidth width : lane_widths()) {
            std::vector<DistanceOutput<T>> out(inputs.size());
            gjk::detail::lockstep_batch<T>(inputs, caches[set], out, width);
            check(out, "width " + std::to_string(int(width)));
        }
        for (int threads : {1, 2}) {
            std::vector<DistanceOutput<T>> out(inputs.size());
            gjk::distance_batch<T>(inputs, caches[set], out, threads);
            check(out, std::to_string(threads) + " threads");
        }
    }
    EXPECT_GT(warm, int(inputs.size()) * 8); // most queries after the first step were warm
}

// Groups of every size (1 to 9 queries, so partly filled groups of 2, 4 and 8 lanes), invalid
// inputs among valid ones: each output is its
// own query's answer, and a bad query does not disturb its neighbours.
TYPED_TEST(Batch, PartialGroupsAndInvalidInputsKeepEveryAnswer) {
    using T = TypeParam;
    const Workload<T> w(7u, 30);
    std::vector<DistanceInput<T>> inputs(w.inputs.begin(), w.inputs.begin() + 9);
    inputs[3].xf_a.q = {T(2), T(0)}; // not a rotation
    inputs[5].max_iterations = 0;
    for (gjk::detail::LaneWidth width : lane_widths()) {
        for (std::size_t n = 1; n <= inputs.size(); ++n) {
            std::vector<DistanceOutput<T>> out(n);
            gjk::detail::lockstep_batch<T>(std::span(inputs).first(n), {}, out, width);
            for (std::size_t i = 0; i < n; ++i) {
                ASSERT_TRUE(identical(out[i], gjk::distance(inputs[i])))
                    << n << " queries, query " << i << ", width " << int(width);
            }
        }
    }
    std::vector<DistanceOutput<T>> out(inputs.size());
    gjk::distance_batch<T>(inputs, out, 1);
    EXPECT_EQ(out[3].error, gjk::InputError::bad_transform_a);
    EXPECT_EQ(out[5].error, gjk::InputError::bad_max_iterations);
    EXPECT_NE(out[4].status, gjk::Status::invalid_input);
}

// A batch due for a trial computes its first queries one by one and with the lanes, timing
// each (lane_width_trial): those queries' answers and caches are distance()'s like every
// other's, and so are the rest's, computed at the chosen width. A warm batch after a cold one,
// on 1 and 2 threads; more batches than the trials' learning phase, so that the choice can
// change between them.
TYPED_TEST(Batch, TheWidthTrialsOnTheCallersQueriesKeepEveryAnswerAndCache) {
    using T = TypeParam;
    const Workload<T> w(std::is_same_v<T, float> ? 61u : 62u, 1000);
    std::vector<DistanceInput<T>> inputs = w.inputs;
    const std::size_t trial = gjk::detail::kSmallestTriedBatch;
    inputs.resize(std::min<std::size_t>(inputs.size(), trial + 1000));
    ASSERT_GE(inputs.size(), trial + 1000);
    for (int threads : {1, 2}) {
        std::vector<gjk::SimplexCache<T>> caches(inputs.size()), want_caches(inputs.size());
        std::vector<DistanceOutput<T>> out(inputs.size());
        gjk::distance_batch<T>(inputs, caches, out, threads); // cold: fills the caches
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            ASSERT_TRUE(identical(out[i], gjk::distance(inputs[i], &want_caches[i])))
                << "cold, query " << i << ", " << threads << " threads";
            ASSERT_TRUE(same_cache(caches[i], want_caches[i])) << "cold, cache " << i;
        }
        std::vector<DistanceInput<T>> moved = inputs;
        for (DistanceInput<T>& in : moved) {
            in.xf_b.p.x += T(0.01) * std::max(std::abs(in.xf_b.p.x), T(1));
        }
        // Trials directly (each computes nothing when the batch is not due for one: the
        // count is the process's, so earlier tests may have used up the learning phase, but
        // one batch in every kRecheckEvery is due), then the batch through distance_batch.
        int trials = 0;
        for (std::uint64_t batch = 0; batch < gjk::detail::kRecheckEvery; ++batch) {
            std::vector<gjk::SimplexCache<T>> tried = caches;
            const std::size_t done = gjk::detail::lane_width_trial<T>(moved, tried, out, true);
            trials += done > 0;
            for (std::size_t i = 0; i < done; ++i) {
                gjk::SimplexCache<T> cache = caches[i];
                ASSERT_TRUE(identical(out[i], gjk::distance(moved[i], &cache))) << "trial " << i;
                ASSERT_TRUE(same_cache(tried[i], cache)) << "trial cache " << i;
            }
        }
        ASSERT_GE(trials, 1) << "no trial ran: nothing above was checked";
        gjk::distance_batch<T>(moved, caches, out, threads);
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            ASSERT_TRUE(identical(out[i], gjk::distance(moved[i], &want_caches[i])))
                << "warm, query " << i << ", " << threads << " threads";
            // The whole cache, stale slots included: a cold start after a failed metric test
            // kept zeros in slots 1 and 2 where distance() keeps what read_cache had pushed
            // (query 2507 in double; the outputs were the same, the caches were not).
            ASSERT_TRUE(same_cache(caches[i], want_caches[i])) << "warm, cache " << i;
        }
    }
}

// Which way goes first in a trial alternates from trial to trial. It was the batch number's
// parity, and every recheck's number (a multiple of kRecheckEvery) is even: once learnt, one by
// one always went first, and the rechecks read a ratio other than the learning trials' had.
TEST(LaneWidthTrials, RechecksAlternateWhichWayGoesFirst) {
    using gjk::detail::LaneWidth;
    gjk::detail::TrialRecord record;
    int firsts[2] = {0, 0}; // rechecks with lanes first, with one by one first
    for (std::uint64_t batch = 0; batch < 12 * gjk::detail::kRecheckEvery; ++batch) {
        if (!record.next_batch_due()) {
            continue;
        }
        const bool one_by_one_first = record.begin_one_by_one_first();
        if (batch >= gjk::detail::kLearningBatches) {
            ++firsts[one_by_one_first];
        }
        // Steady samples: one by one faster, the choice never changes.
        ASSERT_EQ(record.add(0.1, LaneWidth::none, LaneWidth::bytes64), LaneWidth::none);
    }
    EXPECT_GE(firsts[0], 5);
    EXPECT_GE(firsts[1], 5);
}

// A change of choice is checked on the next batches, not a recheck at a time. Warm double
// batches whose learning trials ended with a few disturbed ones (the lanes looking faster)
// chose the slower lanes and kept them for a hundred batches and more, until rechecks every
// kRecheckEvery batches brought the mean back.
TEST(LaneWidthTrials, AChangeOfChoiceIsCheckedOnTheNextBatches) {
    using gjk::detail::LaneWidth;
    gjk::detail::TrialRecord record;
    LaneWidth chosen = LaneWidth::none; // the calibration's
    std::uint64_t last_with_lanes = 0;
    bool chose_lanes = false;
    for (std::uint64_t batch = 0; batch < 8 * gjk::detail::kRecheckEvery; ++batch) {
        if (chosen == LaneWidth::bytes64) {
            last_with_lanes = batch, chose_lanes = true;
        }
        if (!record.next_batch_due()) {
            continue;
        }
        record.begin_one_by_one_first();
        // One by one is faster, except in three disturbed trials at the end of the learning.
        const bool disturbed = batch >= 5 && batch < gjk::detail::kLearningBatches;
        chosen = record.add(disturbed ? -0.3 : 0.1, chosen, LaneWidth::bytes64);
    }
    ASSERT_TRUE(chose_lanes) << "the disturbed trials did not change the choice: nothing checked";
    EXPECT_LT(last_with_lanes, 2 * gjk::detail::kLearningBatches);
    EXPECT_EQ(chosen, LaneWidth::none);
}

// The rare paths a lane hands back to distance(), each taken (lockstep_batch counts the lanes
// handed over): a direction below sqrt(min), which resolvable() scales up (two points 5 * 2^-145
// apart, as in TYPED_TEST(Distance, SubnormalCoordinatesGiveExactOrOracleAnswers)), and a
// distance that does not decrease, distance()'s stall rule (two small triangles that the
// identity test's workload handed over). Four copies of each, to fill a group of either
// width; each answer is still distance()'s.
TEST(BatchFloat, LanesLeftToDistanceStillGetItsAnswer) {
    using V = Vec2<float>;
    struct Pair {
        const char* name;
        std::vector<V> a, b;
        gjk::Transform<float> xa, xb;
    };
    const float unit = std::ldexp(1.0f, -145);
    const Pair pairs[] = {
        {"subnormal points", {{0, 0}}, {{3 * unit, 4 * unit}}, {}, {}},
        {"stalling triangles",
         {{-0x1.2d87cep-6f, 0x1.34fbep-7f},
          {-0x1.1ae87cp-6f, 0x1.21e6aep-7f},
          {0x1.fdf71ep-7f, -0x1.05495ap-7f}},
         {{-0x1.10536p-7f, 0x1.f9d83ap-7f},
          {0x1.77a816p-7f, -0x1.5caap-6f},
          {0x1.2cf08cp-7f, -0x1.173a88p-6f}},
         {{-0x1.770d7cp-6f, -0x1.5e711ap-5f}, {-0x1.28257ep-1f, -0x1.a1a964p-1f}},
         {{-0x1.1a4p-5f, -0x1.1e0fecp-6f}, {-0x1.bda6acp-1f, -0x1.f823aep-2f}}},
    };
    for (const Pair& pair : pairs) {
        const auto a = PreparedShape<float>::make(pair.a), b = PreparedShape<float>::make(pair.b);
        std::vector<DistanceInput<float>> inputs(4);
        for (DistanceInput<float>& in : inputs) {
            in.a = a.view();
            in.b = b.view();
            in.xf_a = pair.xa;
            in.xf_b = pair.xb;
        }
        const DistanceOutput<float> want = gjk::distance(inputs[0]);
        ASSERT_NE(want.status, gjk::Status::invalid_input) << pair.name;
        for (gjk::detail::LaneWidth width : lane_widths()) {
            std::vector<DistanceOutput<float>> out(inputs.size());
            EXPECT_EQ(gjk::detail::lockstep_batch<float>(inputs, {}, out, width), inputs.size())
                << pair.name;
            for (const DistanceOutput<float>& o : out) {
                EXPECT_TRUE(identical(o, want)) << pair.name;
            }
        }
    }
}

// The lanes weight B's witness point from B's own points and move it by B's own frame, as
// distance() does (TEST(DistanceFloat, WitnessOnBFarFromAIsWithinTheBoundOfTheScale), whose
// shapes these are, prepared): seen from A's frame, B at -3.6e16 with A at 3.6e16 carried
// twice the scale's round-off, and float missed its bound. Bare and rounded (B's radius moves
// the point along the world normal); every width, each answer distance()'s to the bit and B's
// witness point within the bound of B's rounded shape.
TEST(BatchFloat, WitnessOnBFarFromAIsWithinTheBoundInEveryWidth) {
    const gjk_test::Case<float> k = gjk_test::b_witness_through_a_frame();
    for (const float radius : {0.0f, 0x1p+40f}) {
        const auto pa = PreparedShape<float>::make(k.a);
        const auto pb = PreparedShape<float>::make(k.b, radius);
        std::vector<DistanceInput<float>> inputs(4);
        for (DistanceInput<float>& in : inputs) {
            in.a = pa.view();
            in.b = pb.view();
            in.xf_a = k.xa;
            in.xf_b = k.xb;
        }
        const DistanceOutput<float> want = gjk::distance(inputs[0]);
        ASSERT_EQ(want.status, gjk::Status::separated);
        const auto hb = oracle::hull(gjk_test::world(k.b, k.xb));
        const long double scale =
            std::fabs((long double)k.xb.p.x) + std::fabs((long double)k.b[0].y) + radius;
        EXPECT_LE(oracle::point_distance(hb, radius, {want.point_b.x, want.point_b.y}),
                  gjk_test::tolerance<float>() * scale)
            << "radius " << radius;
        for (gjk::detail::LaneWidth width : lane_widths()) {
            std::vector<DistanceOutput<float>> out(inputs.size());
            EXPECT_EQ(gjk::detail::lockstep_batch<float>(inputs, {}, out, width), 0u);
            for (const DistanceOutput<float>& o : out) {
                EXPECT_TRUE(identical(o, want)) << "width " << int(width) << ", radius " << radius;
            }
        }
    }
}

// Not only equal to distance(): right. The batch's distances against the exact brute-force
// oracle, within the core issue's bound (4e-7 of the scale in float, 1e-12 in double).
TYPED_TEST(Batch, DistancesMatchTheBruteForceOracle) {
    using T = TypeParam;
    const Workload<T> w(std::is_same_v<T, float> ? 41u : 42u, 300);
    std::vector<DistanceOutput<T>> out(w.inputs.size());
    gjk::distance_batch<T>(w.inputs, out, 2);
    const long double bound = gjk_test::tolerance<T>();
    long double worst = 0;
    std::size_t checked = 0;
    std::size_t input = 0;
    for (std::size_t i = 0; i < w.cases.size(); ++i) {
        const gjk_test::Case<T>& k = w.cases[i];
        const bool radii = i % 3 != 0;
        const bool capped = i % 17 == 0;
        const std::size_t first = input;
        input += i % 4 == 0 ? 2 : 1; // the prepared query, and the plain one of every fourth
        if (capped || k.a.size() > 64 || k.b.size() > 64) {
            continue; // a capped query may stop short; the oracle is O(n m)
        }
        const auto ha = oracle::hull(gjk_test::world(k.a, k.xa));
        const auto hb = oracle::hull(gjk_test::world(k.b, k.xb));
        const long double expected =
            oracle::rounded_distance(ha, radii ? k.ra : T(0), hb, radii ? k.rb : T(0));
        const long double scale = gjk_test::scale_of(k);
        const long double error =
            std::fabs(static_cast<long double>(out[first].distance) - expected);
        ASSERT_LE(error, bound * scale) << gjk_test::family_name(k.family) << " case " << i;
        worst = std::max(worst, error / scale);
        ++checked;
    }
    EXPECT_GT(checked, 2500u);
    std::printf("[batch oracle] %zu pairs, max |d - d_oracle|/scale = %.3Le\n", checked, worst);
}

} // namespace

namespace {

// Zeros keep their sign: distance() negates (-w0: 0 becomes -0) where it could have
// subtracted from zero (0 - w0: 0 stays 0), and the lanes must do the same, or a normal comes
// out as (0, 1) instead of (-0, 1). Pairs whose closest points are a square's corner (1, 1)
// and a triangle's vertex exactly above it, (1, 3), or beside it, (3, 1), so that Z's closest
// vertex has a zero coordinate in A's frame, either one; each pair in four quarter turns.
// (Above, the sign reaches the world-frame normal, and the test fails if the lanes compute
// 0 - w0; beside, the rotation into the world frame happens to give +0 either way.)
TYPED_TEST(Batch, ZeroCoordinatesKeepTheirSign) {
    using T = TypeParam;
    const std::vector<Vec2<T>> square = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    const std::vector<Vec2<T>> above = {{1, 3}, {2, 5}, {T(0.5), 6}};
    const std::vector<Vec2<T>> beside = {{3, 1}, {5, 2}, {6, T(0.5)}};
    const auto a = PreparedShape<T>::make(square);
    const auto b_above = PreparedShape<T>::make(above), b_beside = PreparedShape<T>::make(beside);
    std::vector<DistanceInput<T>> inputs;
    const gjk::Rot<T> quarter[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}}; // (c, s)
    for (const PreparedShape<T>* b : {&b_above, &b_beside}) {
        for (const auto& q : quarter) {
            DistanceInput<T> in;
            in.a = a.view();
            in.b = b->view();
            in.xf_a.q = in.xf_b.q = q;
            inputs.push_back(in);
        }
    }
    for_every_way<T>(inputs, [&](const std::vector<DistanceOutput<T>>& out, std::string what) {
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            const DistanceOutput<T> want = gjk::distance(inputs[i]);
            EXPECT_EQ(want.distance, T(2)) << "query " << i;
            EXPECT_TRUE(identical(out[i], want)) << "query " << i << ", " << what;
        }
    });
}

} // namespace
