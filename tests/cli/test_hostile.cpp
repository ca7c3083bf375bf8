// tests/cli/test_hostile.cpp - hostile input: every line gets a right answer or a clear error.
//
// In bounded time and memory: a million points, long lines, deep nesting, non-finite,
// subnormal and huge numbers.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "harness.hpp"

using namespace harness;

namespace {

std::string error_of(const std::string& line, const gjk::contract::Options& options = {}) {
    bool error = false;
    const json j = json::parse(gjk::contract::process_line(line, options, error));
    EXPECT_TRUE(error) << line.substr(0, 200);
    return j.value("error", std::string("<no error field>"));
}

} // namespace

// A regular million-gon of circumradius 1 against a point at (3, 0): vertex 0 is exactly
// (1, 0) and is the closest point, so the distance is exactly 2 (geometry, not our output).
TEST(CliHostile, MillionPointLineIsAnswered) {
    const int n = 1'000'000;
    std::string line = R"({"a": {"points": [)";
    line.reserve(40u * n);
    char buf[64];
    for (int i = 0; i < n; ++i) {
        const double angle = 6.283185307179586 * i / n;
        std::snprintf(buf, sizeof buf, "%s[%.17g,%.17g]", i ? "," : "", std::cos(angle),
                      std::sin(angle));
        line += buf;
    }
    line += R"(]}, "b": {"points": [[3, 0]]}})";
    bool error = true;
    const json j = json::parse(gjk::contract::process_line(line, {}, error));
    ASSERT_FALSE(error) << j.dump();
    EXPECT_NEAR(j["distance"].get<double>(), 2.0, 1e-12 * 3);
    EXPECT_EQ(j["status"], "separated");
}

TEST(CliHostile, MorePointsThanTheLimitIsAnErrorNamingIt) {
    std::string line = R"({"a": {"points": [[0, 0])";
    for (int i = 0; i < 1'000'000; ++i) // one more than the default limit
        line += ",[0,0]";
    line += R"(]}, "b": {"points": [[3, 0]]}})";
    const std::string e = error_of(line);
    EXPECT_TRUE(contains(e, "a.points")) << e;
    EXPECT_TRUE(contains(e, "1000000")) << e;
    EXPECT_TRUE(contains(e, "--max-points")) << e;
    // The limit is an option: 3 points allowed, 4 refused.
    gjk::contract::Options small;
    small.max_points = 3;
    const std::string four =
        R"({"a": {"points": [[0,0],[1,0],[0,1],[1,1]]}, "b": {"points": [[3, 0]]}})";
    EXPECT_TRUE(contains(error_of(four, small), "a.points: more than 3 elements"));
    const std::string three =
        R"({"a": {"points": [[0,0],[1,0],[0,1]]}, "b": {"points": [[3, 0]]}})";
    EXPECT_TRUE(json::parse(answer(three, small)).contains("distance"));
}

TEST(CliHostile, LongLineIsAnErrorNamingTheLimit) {
    gjk::contract::Options options;
    options.max_line_bytes = std::string(kGoodLine).size();
    EXPECT_TRUE(json::parse(answer(kGoodLine, options)).contains("distance")); // at the limit
    const std::string longer = std::string(kGoodLine) + " ";
    const std::string e = error_of(longer, options);
    EXPECT_TRUE(contains(e, "more than " + std::to_string(options.max_line_bytes) + " bytes")) << e;
    EXPECT_TRUE(contains(e, "--max-line-bytes")) << e;
}

// nlohmann's parser is iterative (100k '[' do not overflow the stack; checked), but each level
// costs it about 80 bytes, so nesting is capped before parsing: a query nests 4 deep.
TEST(CliHostile, DeepNestingIsRefusedBeforeParsing) {
    const std::string open(100'000, '[');
    EXPECT_TRUE(contains(error_of(open), "nested more than 64 levels"));
    EXPECT_TRUE(contains(error_of(open + std::string(100'000, ']')), "nested more than 64"));
    // Brackets inside strings are text, not nesting; an ignored key may nest within the cap.
    const std::string strings =
        R"({"note": ")" + std::string(1000, '[') +
        R"(", "extra": [[[[[[[[1]]]]]]]], "a": {"points": [[0, 0]]}, "b": {"points": [[1, 0]]}})";
    EXPECT_TRUE(json::parse(answer(strings)).contains("distance"));
}

TEST(CliHostile, NonFiniteNumbersAreErrors) {
    // JSON has no NaN or infinity: the words are not JSON, overflowing literals not finite.
    EXPECT_TRUE(contains(error_of(R"({"a": {"points": [[NaN, 0]]}, "b": {"points": [[0, 0]]}})"),
                         "not JSON"));
    EXPECT_TRUE(contains(
        error_of(R"({"a": {"points": [[0, -Infinity]]}, "b": {"points": [[0, 0]]}})"), "not JSON"));
    EXPECT_TRUE(contains(error_of(R"({"a": {"points": [[0, 0]]}, "b": {"points": [[-1e309, 0]]}})"),
                         "b.points[0][0]: number is not finite"));
}

// Subnormal coordinates: the shapes are single points 5e-324 * (3, 4) apart: distance 5 times
// the smallest subnormal, exactly (a 3-4-5 triangle, in units of that subnormal).
TEST(CliHostile, SubnormalCoordinatesAreAnswered) {
    const std::string line =
        R"({"a": {"points": [[0, 0]]}, "b": {"points": [[1.5e-323, 2e-323]]}})";
    bool error = true;
    const json j = json::parse(gjk::contract::process_line(line, {}, error));
    ASSERT_FALSE(error) << j.dump();
    EXPECT_EQ(j["distance"].get<double>(), 5 * std::numeric_limits<double>::denorm_min());
    EXPECT_EQ(j["status"], "separated");
    EXPECT_NEAR(j["normal"][0].get<double>(), 0.6, 1e-15);
    EXPECT_NEAR(j["normal"][1].get<double>(), 0.8, 1e-15);
}

// All points identical: a point. Two such shapes 3 apart along x; and on top of each other.
TEST(CliHostile, IdenticalPointsAreOnePoint) {
    const json apart = json::parse(answer(
        R"({"a": {"points": [[1, 1], [1, 1], [1, 1]]}, "b": {"points": [[4, 1], [4, 1]]}})"));
    EXPECT_EQ(apart["distance"].get<double>(), 3.0);
    EXPECT_EQ(apart["status"], "separated");
    const json same = json::parse(
        answer(R"({"a": {"points": [[1, 1], [1, 1]]}, "b": {"points": [[1, 1], [1, 1]]}})"));
    EXPECT_EQ(same["distance"].get<double>(), 0.0);
    EXPECT_EQ(same["overlap"], true);
}

// 1e30 in float and 1e300 in double: beyond the kernel's range (contract/limits.hpp, kernel_range),
// where its squares overflow; the tool says so rather than answer. Within the range, near
// its edge, a pair gets the right answer: two unit-free points 1e17 (float) / 1e152 (double)
// on either side of the origin are 2e17 / 2e152 apart.
TEST(CliHostile, ValuesBeyondTheKernelRangeAreRefused) {
    gjk::contract::Options f;
    f.precision = gjk::contract::Precision::float32;
    const std::string float_far =
        R"({"a": {"points": [[-1e30, 0]]}, "b": {"points": [[1e30, 0]]}})";
    EXPECT_TRUE(contains(error_of(float_far, f),
                         "a.points[0][0]: -1e+30 is beyond the kernel's range in float"));
    const std::string double_far =
        R"({"a": {"points": [[0, 0]]}, "b": {"points": [[0, 0]], "position": [0, 1e300]}})";
    EXPECT_TRUE(contains(error_of(double_far),
                         "b.position[1]: 1e+300 is beyond the kernel's range in double"));
    EXPECT_TRUE(contains(
        error_of(R"({"a": {"points": [[0, 0]], "radius": 1e300}, "b": {"points": [[0, 0]]}})"),
        "a.radius"));

    const json near_f =
        json::parse(answer(R"({"a": {"points": [[-1e17, 0]]}, "b": {"points": [[1e17, 0]]}})", f));
    EXPECT_NEAR(near_f["distance"].get<double>(), 2e17, 2e17 * 4e-7);
    const json near_d =
        json::parse(answer(R"({"a": {"points": [[-1e152, 0]]}, "b": {"points": [[1e152, 0]]}})"));
    EXPECT_NEAR(near_d["distance"].get<double>(), 2e152, 2e152 * 1e-12);
}
