// tests/cli/test_distance.cpp - specifications of `gjk distance`'s JSONL contract, in-process.
//
// The contract is fixed: checks outside the project rely on it.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "harness.hpp"

using namespace harness;

namespace {

template <class T> gjk::DistanceOutput<T> library_answer(const RandomQuery& q) {
    const gjk::Shape<T> a = shape_of<T>(q.a), b = shape_of<T>(q.b);
    gjk::DistanceInput<T> in;
    in.a = a;
    in.b = b;
    in.xf_a = transform_of<T>(q.a);
    in.xf_b = transform_of<T>(q.b);
    return gjk::distance(in);
}

template <class T> gjk::PenetrationOutput<T> library_penetration(const RandomQuery& q) {
    const gjk::Shape<T> a = shape_of<T>(q.a), b = shape_of<T>(q.b);
    gjk::DistanceInput<T> in;
    in.a = a;
    in.b = b;
    in.xf_a = transform_of<T>(q.a);
    in.xf_b = transform_of<T>(q.b);
    return gjk::penetration(in);
}

} // namespace

TEST(CliContract, AnswerHasTheContractFieldsInOrderWithTheirTypes) {
    const ordered_json j = ordered_json::parse(answer(kGoodLine));
    const std::vector<std::string> keys = keys_of(j);
    EXPECT_EQ(keys, (std::vector<std::string>{"distance", "point_a", "point_b", "normal", "overlap",
                                              "iterations", "status"}));
    EXPECT_TRUE(j["distance"].is_number_float());
    for (const char* k : {"point_a", "point_b", "normal"}) {
        ASSERT_TRUE(j[k].is_array()) << k;
        ASSERT_EQ(j[k].size(), 2u) << k;
        EXPECT_TRUE(j[k][0].is_number() && j[k][1].is_number()) << k;
    }
    EXPECT_TRUE(j["overlap"].is_boolean());
    EXPECT_TRUE(j["iterations"].is_number_integer());
    EXPECT_EQ(j["status"], "separated");
    EXPECT_GT(j["distance"].get<double>(), 0.0);
}

TEST(CliContract, OptionalFieldsDefaultToZeroAndOverlapIsReported) {
    const auto j = json::parse(answer(
        R"({"a": {"points": [[0, 0]], "radius": 1}, "b": {"points": [[1, 0]], "radius": 1}})"));
    EXPECT_EQ(j["overlap"], true);
    EXPECT_EQ(j["distance"], 0.0);
    EXPECT_EQ(j["status"], "overlapping");
    EXPECT_EQ(j["normal"], json::parse("[1.0, 0.0]"));
}

// Bit for bit: the tool reads the same doubles and calls the same kernel.
TEST(CliContract, AnswersEqualTheLibraryBitForBitInDouble) {
    std::mt19937_64 rng(17);
    int overlapping = 0;
    for (int i = 0; i < 2000; ++i) {
        const RandomQuery q = random_query(rng);
        const auto expected = library_answer<double>(q);
        const auto j = json::parse(answer(q.line.dump()));
        ASSERT_FALSE(j.contains("error")) << j.dump();
        ASSERT_EQ(j["distance"].get<double>(), expected.distance) << i;
        ASSERT_EQ(j["point_a"][0].get<double>(), expected.point_a.x) << i;
        ASSERT_EQ(j["point_a"][1].get<double>(), expected.point_a.y) << i;
        ASSERT_EQ(j["point_b"][0].get<double>(), expected.point_b.x) << i;
        ASSERT_EQ(j["point_b"][1].get<double>(), expected.point_b.y) << i;
        ASSERT_EQ(j["iterations"].get<int>(), expected.iterations) << i;
        ASSERT_EQ(j["status"].get<std::string>(), gjk::to_string(expected.status)) << i;
        // Overlapping lines carry the penetration depth and its normal; the others neither.
        const bool overlap =
            expected.status == gjk::Status::touching || expected.status == gjk::Status::overlapping;
        ASSERT_EQ(j.contains("penetration"), overlap) << i;
        gjk::Vec2<double> normal = expected.normal;
        if (overlap) {
            const auto pen = library_penetration<double>(q);
            ASSERT_EQ(j["penetration"].get<double>(), pen.depth) << i;
            ASSERT_GE(pen.depth, 0.0) << i;
            normal = pen.normal;
            ++overlapping;
        }
        ASSERT_EQ(j["normal"][0].get<double>(), normal.x) << i;
        ASSERT_EQ(j["normal"][1].get<double>(), normal.y) << i;
    }
    EXPECT_GE(overlapping, 100); // the sample has overlapping lines to check
}

// "penetration" comes last on an overlapping line, after the fixed keys in their order.
TEST(CliContract, OverlappingLinesAddPenetrationAfterTheFixedKeys) {
    const ordered_json j = ordered_json::parse(answer(
        R"({"a": {"points": [[-1, -1], [1, -1], [1, 1], [-1, 1]]}, "b": {"points": [[-1, -1], [1, -1], [1, 1], [-1, 1]], "position": [1.5, 0.2]}})"));
    const std::vector<std::string> keys = keys_of(j);
    EXPECT_EQ(keys, (std::vector<std::string>{"distance", "point_a", "point_b", "normal", "overlap",
                                              "iterations", "status", "penetration"}));
    EXPECT_EQ(j["penetration"], 0.5); // the boxes overlap by 0.5 along x
    // Compared with an ordered_json: clang finds ordered_json == json ambiguous.
    EXPECT_EQ(j["normal"], ordered_json::parse("[1.0, 0.0]"));
    // Touching: depth 0 with a valid normal.
    const auto t = json::parse(answer(
        R"({"a": {"points": [[-1, -1], [1, -1], [1, 1], [-1, 1]]}, "b": {"points": [[-1, -1], [1, -1], [1, 1], [-1, 1]], "position": [2, 0.5]}})"));
    EXPECT_EQ(t["status"], "touching");
    EXPECT_EQ(t["penetration"], 0.0);
    EXPECT_EQ(t["normal"], json::parse("[1.0, 0.0]"));
}

TEST(CliContract, FloatPrecisionRunsTheFloatKernel) {
    std::mt19937_64 rng(18);
    gjk::contract::Options options;
    options.precision = gjk::contract::Precision::float32;
    for (int i = 0; i < 500; ++i) {
        const RandomQuery q = random_query(rng);
        const auto expected = library_answer<float>(q);
        const auto j = json::parse(answer(q.line.dump(), options));
        ASSERT_EQ(j["distance"].get<double>(), static_cast<double>(expected.distance)) << i;
        ASSERT_EQ(static_cast<float>(j["distance"].get<double>()), expected.distance);
        ASSERT_EQ(j["point_b"][1].get<double>(), static_cast<double>(expected.point_b.y)) << i;
    }
}

TEST(CliContract, NumbersReadBackToTheSameDouble) {
    // The distance of this pair is 0.1 + a bit: printed in the shortest form that reads back.
    const auto line = R"({"a": {"points": [[0, 0]]}, "b": {"points": [[0.30000000000000004, 0]]}})";
    const std::string out = answer(line);
    EXPECT_NE(out.find("\"distance\":0.30000000000000004"), std::string::npos) << out;
    EXPECT_EQ(json::parse(out)["distance"].get<double>(), 0.30000000000000004);
}

TEST(CliContract, TraceAddsEverySimplex) {
    gjk::contract::Options options;
    options.trace = true;
    const auto j = json::parse(answer(kGoodLine, options));
    ASSERT_TRUE(j.contains("simplices"));
    ASSERT_EQ(j["simplices"].size(), j["iterations"].get<std::size_t>());
    for (const auto& simplex : j["simplices"]) {
        ASSERT_GE(simplex.size(), 1u);
        ASSERT_LE(simplex.size(), 3u);
        double weights = 0;
        for (const auto& v : simplex) {
            for (const char* k :
                 {"index_a", "index_b", "point_a", "point_b", "minkowski", "weight"}) {
                ASSERT_TRUE(v.contains(k)) << k;
            }
            // The Minkowski point is the point on B minus the point on A.
            EXPECT_NEAR(v["minkowski"][0].get<double>(),
                        v["point_b"][0].get<double>() - v["point_a"][0].get<double>(), 1e-12);
            weights += v["weight"].get<double>();
        }
        EXPECT_NEAR(weights, 1.0, 1e-12);
    }
    EXPECT_FALSE(json::parse(answer(kGoodLine)).contains("simplices"));
}

// --derivatives adds "gradient" {"a", "b"} and "differentiable" after every other field (with
// --trace, after "simplices"), equal to gjk::signed_distance_gradient on the same shapes; an
// overlapping line's gradient is the depth's (penetration's witnesses and normal).
TEST(CliContract, DerivativesAddTheGradientAfterTheOtherFields) {
    gjk::contract::Options options;
    options.derivatives = true;
    options.trace = true;
    const std::string overlapping =
        R"({"a": {"points": [[0, 0], [2, 0], [1, 1.5]]}, "b": {"points": [[0, 0], [1, 0], [0, 1]], "position": [1, 0.2], "angle": 0.4}})";
    for (const std::string& line : {std::string(kGoodLine), overlapping}) {
        const ordered_json j = ordered_json::parse(answer(line, options));
        const std::vector<std::string> keys = keys_of(j);
        ASSERT_GE(keys.size(), 3u);
        EXPECT_EQ(keys[keys.size() - 3], "simplices");
        EXPECT_EQ(keys[keys.size() - 2], "gradient");
        EXPECT_EQ(keys.back(), "differentiable");
        // The library on the same shapes (the tool's parse and prepare).
        const auto query = std::get<gjk::contract::Query>(gjk::contract::parse_query(line));
        const auto p =
            std::get<gjk::contract::Prepared<double>>(gjk::contract::prepare<double>(query));
        const auto g = gjk::signed_distance_gradient(p.input());
        for (int k = 0; k < 3; ++k) {
            EXPECT_EQ(j["gradient"]["a"][k].get<double>(), g.a[k]);
            EXPECT_EQ(j["gradient"]["b"][k].get<double>(), g.b[k]);
        }
        EXPECT_EQ(j["differentiable"].get<bool>(), g.differentiable);
        // Moving B along the normal changes the signed distance at unit rate.
        EXPECT_NEAR(j["gradient"]["b"][0].get<double>(), j["normal"][0].get<double>(), 1e-15);
    }
    EXPECT_FALSE(json::parse(answer(kGoodLine)).contains("gradient"));
}

// Every way a line can be bad gets an error line that names what is wrong.
TEST(CliContract, BadLinesGetAnErrorNamingTheField) {
    struct Case {
        std::string line, expected;
    };
    const Case cases[] = {
        {"not json", "not JSON"},
        {"[1, 2]", "expected an object"},
        {R"({"b": {"points": [[0, 0]]}})", "a: missing"},
        {R"({"a": {"points": [[0, 0]]}})", "b: missing"},
        {R"({"a": 3, "b": {"points": [[0, 0]]}})", "a: expected an object"},
        {R"({"a": {}, "b": {"points": [[0, 0]]}})", "a.points: missing"},
        {R"({"a": {"points": []}, "b": {"points": [[0, 0]]}})", "a.points: empty"},
        {R"({"a": {"points": 5}, "b": {"points": [[0, 0]]}})", "a.points: expected an array"},
        {R"({"a": {"points": [[0, 0]]}, "b": {"points": [[0, 0], [1]]}})",
         "b.points[1]: expected [x, y]"},
        {R"({"a": {"points": [[0, "x"]]}, "b": {"points": [[0, 0]]}})",
         "a.points[0][1]: expected a number, got string"},
        {R"({"a": {"points": [[1e400, 0]]}, "b": {"points": [[0, 0]]}})",
         "a.points[0][0]: number is not finite"},
        {R"({"a": {"points": [[0, 0]]}, "b": {"points": [[0, 0], [2, -1e999]]}})",
         "b.points[1][1]: number is not finite"},
        {R"({"a": {"points": [[0, 0]], "radius": 1e500}, "b": {"points": [[0, 0]]}})",
         "a.radius: number is not finite"},
        {R"({"a": {"points": [[0, 0]], "radius": -1}, "b": {"points": [[0, 0]]}})",
         "a.radius: must not be negative"},
        {R"({"a": {"points": [[0, 0]], "radius": null}, "b": {"points": [[0, 0]]}})",
         "a.radius: expected a number, got null"},
        {R"({"a": {"points": [[0, 0]], "raduis": 1}, "b": {"points": [[0, 0]]}})",
         "a.raduis: unknown field"},
        {R"({"a": {"points": [[0, 0]]}, "b": {"points": [[0, 0]], "position": [1, 2, 3]}})",
         "b.position: expected [x, y]"},
        {R"({"a": {"points": [[0, 0]]}, "b": {"points": [[0, 0]], "angle": "90deg"}})",
         "b.angle: expected a number"},
        {"", "not JSON"},
    };
    for (const Case& c : cases) {
        bool error = false;
        const std::string out = gjk::contract::process_line(c.line, {}, error);
        EXPECT_TRUE(error) << c.line;
        const auto j = json::parse(out);
        ASSERT_TRUE(j.contains("error")) << c.line;
        EXPECT_EQ(j.size(), 1u);
        EXPECT_NE(j["error"].get<std::string>().find(c.expected), std::string::npos)
            << c.line << " -> " << j["error"];
    }
    // A value that fits double but not float is an error only in float.
    const std::string big = R"({"a": {"points": [[1e39, 0]]}, "b": {"points": [[0, 0]]}})";
    gjk::contract::Options f;
    f.precision = gjk::contract::Precision::float32;
    EXPECT_NE(answer(big, f).find("a.points[0][0]: "), std::string::npos);
    EXPECT_EQ(json::parse(answer(big)).count("error"), 0u);
}
