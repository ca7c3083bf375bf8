// tests/cli/test_cast.cpp - specifications of `gjk cast`: its contract and its process.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "harness.hpp"

using namespace harness;

namespace {

/// A random cast line: a random query plus translations (each present two times in three).
struct RandomCast {
    RandomQuery q;
    gjk::Vec2<double> ta{}, tb{};
    ordered_json line;
};

RandomCast random_cast(std::mt19937_64& rng) {
    std::uniform_real_distribution<double> u(-1, 1);
    RandomCast c;
    c.q = random_query(rng);
    c.line = c.q.line;
    if (rng() % 3 != 0) {
        c.ta = {u(rng) * 2, u(rng) * 2};
        c.line["translation_a"] = {c.ta.x, c.ta.y};
    }
    if (rng() % 3 != 0) {
        c.tb = {u(rng) * 8, u(rng) * 8};
        c.line["translation_b"] = {c.tb.x, c.tb.y};
    }
    return c;
}

template <class T> gjk::CastOutput<T> library_cast(const RandomCast& c) {
    const gjk::Shape<T> a = shape_of<T>(c.q.a), b = shape_of<T>(c.q.b);
    gjk::CastInput<T> in;
    in.a = a;
    in.b = b;
    in.xf_a = transform_of<T>(c.q.a);
    in.xf_b = transform_of<T>(c.q.b);
    in.translation_a = {T(c.ta.x), T(c.ta.y)};
    in.translation_b = {T(c.tb.x), T(c.tb.y)};
    return gjk::shape_cast(in);
}

} // namespace

TEST(CliCast, AnswerHasTheContractFieldsInOrderWithTheirTypes) {
    const std::string line =
        R"({"a": {"points": [[-1, -1], [1, -1], [1, 1], [-1, 1]]}, "b": {"points": [[-1, -1], [1, -1], [1, 1], [-1, 1]], "position": [5, 0.5]}, "translation_b": [-6, 0]})";
    const ordered_json j = ordered_json::parse(cast_answer(line));
    const std::vector<std::string> keys = keys_of(j);
    EXPECT_EQ(keys, (std::vector<std::string>{"hit", "fraction", "point", "normal", "iterations",
                                              "status"}));
    EXPECT_EQ(j["hit"], true);
    EXPECT_TRUE(j["fraction"].is_number_float());
    EXPECT_NEAR(j["fraction"].get<double>(), 0.5, 1e-12); // B's face meets A's after 3 of 6
    EXPECT_TRUE(j["iterations"].is_number_integer());
    EXPECT_EQ(j["status"], "hit");
    for (const char* k : {"point", "normal"}) {
        ASSERT_TRUE(j[k].is_array() && j[k].size() == 2u) << k;
    }
    EXPECT_NEAR(j["normal"][0].get<double>(), 1.0, 1e-12);
}

// Each status word of the contract, from a constructed line.
TEST(CliCast, StatusWordsNameEachWayACastEnds) {
    const std::string circles =
        R"("a": {"points": [[0, 0]], "radius": 1}, "b": {"points": [[3, 0]], "radius": 1})";
    struct Case {
        std::string motion, status;
        bool hit;
    };
    const Case cases[] = {
        {R"("translation_b": [-2, 0])", "hit", true},
        {R"("translation_a": [2, 0])", "hit", true},
        {R"("translation_b": [0, 5])", "separated", false},
        {R"("translation_b": [-0.5, 0])", "separated", false}, // too short
        {"", "separated", false}, // no motion: translations default to 0
    };
    for (const Case& c : cases) {
        const std::string line = "{" + circles + (c.motion.empty() ? "" : ", " + c.motion) + "}";
        const auto j = json::parse(cast_answer(line));
        EXPECT_EQ(j["status"], c.status) << line;
        EXPECT_EQ(j["hit"], c.hit) << line;
    }
    const auto overlap = json::parse(cast_answer(
        R"({"a": {"points": [[0, 0]], "radius": 1}, "b": {"points": [[1, 0]], "radius": 1}, "translation_b": [5, 0]})"));
    EXPECT_EQ(overlap["status"], "initially_overlapping");
    EXPECT_EQ(overlap["hit"], true);
    EXPECT_EQ(overlap["fraction"], 0.0);
    // Touching at t = 0 and moving apart: not a hit.
    const auto apart = json::parse(cast_answer(
        R"({"a": {"points": [[0, 0]], "radius": 1}, "b": {"points": [[2, 0]], "radius": 1}, "translation_b": [1, 0]})"));
    EXPECT_EQ(apart["status"], "separated");
    EXPECT_EQ(apart["hit"], false);
}

// Bit for bit: the tool reads the same doubles and calls gjk::shape_cast.
TEST(CliCast, AnswersEqualTheLibraryBitForBit) {
    std::mt19937_64 rng(23);
    std::map<std::string, int> statuses;
    for (int i = 0; i < 2000; ++i) {
        const RandomCast c = random_cast(rng);
        const auto expected = library_cast<double>(c);
        const auto j = json::parse(cast_answer(c.line.dump()));
        ASSERT_FALSE(j.contains("error")) << j.dump();
        ASSERT_EQ(j["hit"].get<bool>(), expected.hit) << i;
        ASSERT_EQ(j["fraction"].get<double>(), expected.fraction) << i;
        ASSERT_EQ(j["point"][0].get<double>(), expected.point.x) << i;
        ASSERT_EQ(j["point"][1].get<double>(), expected.point.y) << i;
        ASSERT_EQ(j["normal"][0].get<double>(), expected.normal.x) << i;
        ASSERT_EQ(j["normal"][1].get<double>(), expected.normal.y) << i;
        ASSERT_EQ(j["iterations"].get<int>(), expected.iterations) << i;
        ASSERT_EQ(j["status"].get<std::string>(), gjk::to_string(expected.status)) << i;
        ++statuses[j["status"].get<std::string>()];
    }
    for (const char* s : {"hit", "separated", "initially_overlapping"}) {
        EXPECT_GE(statuses[s], 100) << s; // every common way to end is in the sample
    }
    gjk::contract::Options f;
    f.precision = gjk::contract::Precision::float32;
    for (int i = 0; i < 300; ++i) {
        const RandomCast c = random_cast(rng);
        const auto expected = library_cast<float>(c);
        const auto j = json::parse(cast_answer(c.line.dump(), f));
        ASSERT_EQ(j["fraction"].get<double>(), static_cast<double>(expected.fraction)) << i;
        ASSERT_EQ(j["status"].get<std::string>(), gjk::to_string(expected.status)) << i;
    }
}

TEST(CliCast, BadLinesGetAnErrorNamingTheField) {
    const std::string shapes = R"("a": {"points": [[0, 0]]}, "b": {"points": [[1, 0]]})";
    struct Case {
        std::string line, expected;
    };
    const Case cases[] = {
        {"not json", "not JSON"},
        {"[1]", "expected an object"},
        {R"({"b": {"points": [[0, 0]]}, "translation_b": [1, 0]})", "a: missing"},
        {"{" + shapes + R"(, "translation_b": [1, "x"]})",
         "translation_b[1]: expected a number, got string"},
        {"{" + shapes + R"(, "translation_a": 3})", "translation_a: expected [x, y]"},
        {"{" + shapes + R"(, "translation_a": [1, 2, 3]})", "translation_a: expected [x, y]"},
        {"{" + shapes + R"(, "translation_b": [1e999, 0]})",
         "translation_b[0]: number is not finite"},
        {R"({"a": {"points": []}, "b": {"points": [[0, 0]]}})", "a.points: empty"},
        {R"({"a": {"points": [[0, 0]], "radius": -1}, "b": {"points": [[0, 0]]}})",
         "a.radius: must not be negative"},
    };
    for (const Case& c : cases) {
        bool error = false;
        const std::string out = gjk::contract::process_cast_line(c.line, {}, error);
        EXPECT_TRUE(error) << c.line;
        const auto j = json::parse(out);
        ASSERT_TRUE(j.contains("error")) << c.line;
        EXPECT_EQ(j.size(), 1u);
        EXPECT_NE(j["error"].get<std::string>().find(c.expected), std::string::npos)
            << c.line << " -> " << j["error"];
    }
    // A translation that fits double but not float is an error only in float.
    gjk::contract::Options f;
    f.precision = gjk::contract::Precision::float32;
    const std::string big = "{" + shapes + R"(, "translation_b": [0, 1e39]})";
    EXPECT_NE(cast_answer(big, f).find("translation_b[1]: "), std::string::npos);
    EXPECT_EQ(json::parse(cast_answer(big)).count("error"), 0u);
}

// The optional "max_fraction" and "target_separation" reach gjk::shape_cast as given: the
// boxes that meet at t = 0.5 stop 0.5 short of each other earlier, and a step ending at 0.4
// has no contact (fraction 0.4). Bad values are errors naming the field.
TEST(CliCast, MaxFractionAndTargetSeparationReachTheLibrary) {
    const std::string boxes =
        R"("a": {"points": [[-1, -1], [1, -1], [1, 1], [-1, 1]]}, "b": {"points": [[-1, -1], [1, -1], [1, 1], [-1, 1]], "position": [5, 0.5]}, "translation_b": [-6, 0])";
    const auto target = json::parse(cast_answer("{" + boxes + R"(, "target_separation": 0.6})"));
    EXPECT_EQ(target["status"], "hit");
    EXPECT_NEAR(target["fraction"].get<double>(), 0.4, 1e-12); // 3 - 0.6 of 6
    const auto short_step = json::parse(cast_answer("{" + boxes + R"(, "max_fraction": 0.4})"));
    EXPECT_EQ(short_step["status"], "separated");
    EXPECT_EQ(short_step["fraction"].get<double>(), 0.4);
    for (const auto& [field, expected] : std::vector<std::pair<std::string, std::string>>{
             {R"("max_fraction": 1.5)", "max_fraction: 1.5 is not in [0, 1]"},
             {R"("max_fraction": -0.5)", "max_fraction: -0.5 is not in [0, 1]"},
             {R"("max_fraction": "x")", "max_fraction: expected a number"},
             {R"("target_separation": -1)", "target_separation: -1 is negative"},
             {R"("target_separation": 1e999)", "target_separation: number is not finite"}}) {
        bool error = false;
        const auto j = json::parse(
            gjk::contract::process_cast_line("{" + boxes + ", " + field + "}", {}, error));
        EXPECT_TRUE(error) << field;
        EXPECT_NE(j.value("error", "").find(expected), std::string::npos) << field << " -> " << j;
    }
}

// 5,000 cast lines, every 9th bad: answers in order, none lost, same in 1 and 2 threads, exit 1;
// a file of good lines exits 0; usage errors exit 2.
TEST(CliCast, BatchKeepsOrderAcrossThreadsAndExitCodesMatchDistance) {
    TempDir dir;
    const fs::path in = dir.path / "cast.jsonl", good = dir.path / "good.jsonl";
    std::vector<std::string> expected;
    {
        std::ofstream f(in), g(good);
        std::mt19937_64 rng(5);
        for (int i = 0; i < 5000; ++i) {
            const std::string line = i % 9 == 8 ? R"({"a": {"points": [[0, 0]]}, "b": 7})"
                                                : random_cast(rng).line.dump();
            f << line << "\n";
            if (i % 9 != 8 && i < 100)
                g << line << "\n";
            expected.push_back(cast_answer(line));
        }
    }
    std::string first;
    for (int threads : {1, 2}) {
        const fs::path out = dir.path / ("out" + std::to_string(threads) + ".jsonl");
        EXPECT_EQ(run("cast --threads " + std::to_string(threads) + " " + in.string() + " > " +
                      out.string()),
                  1);
        const std::string text = read_file(out);
        const auto lines = lines_of(text);
        ASSERT_EQ(lines.size(), expected.size());
        for (std::size_t i = 0; i < lines.size(); ++i) {
            ASSERT_EQ(lines[i], expected[i]) << "line " << i;
            ASSERT_EQ(json::parse(lines[i]).contains("error"), i % 9 == 8) << "line " << i;
        }
        if (first.empty())
            first = text;
        EXPECT_EQ(text, first);
    }
    const std::string out = (dir.path / "o.jsonl").string();
    EXPECT_EQ(run("cast " + good.string() + " > " + out), 0);
    EXPECT_EQ(run("cast - < " + good.string() + " > " + out), 0);
    EXPECT_EQ(run("cast --precision half " + good.string() + " > " + out + " 2>/dev/null"), 2);
    EXPECT_EQ(run("cast " + (dir.path / "missing").string() + " > " + out + " 2>/dev/null"), 2);
}
