// tests/cli/test_manifold.cpp - specifications of `gjk manifold`: its contract and its process.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "harness.hpp"

using namespace harness;

// A unit box sunk 0.1 into a 4 x 1 ground: the contract's two keys in order, the normal up,
// two points at B's bottom corners midway between the surfaces, separation -0.1, integer ids.
TEST(CliManifold, AnswerHasTheContractFieldsInOrderWithTheirTypes) {
    const std::string line =
        R"({"a": {"points": [[-2, -0.5], [2, -0.5], [2, 0.5], [-2, 0.5]]}, "b": {"points": [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]], "position": [0.3, 0.9]}})";
    const ordered_json j = ordered_json::parse(manifold_answer(line));
    const std::vector<std::string> keys = keys_of(j);
    EXPECT_EQ(keys, (std::vector<std::string>{"normal", "points"}));
    EXPECT_NEAR(j["normal"][1].get<double>(), 1.0, 1e-12);
    ASSERT_EQ(j["points"].size(), 2u);
    std::vector<double> xs;
    for (const auto& p : j["points"]) {
        const std::vector<std::string> pk = keys_of(p);
        EXPECT_EQ(pk, (std::vector<std::string>{"point", "separation", "id"}));
        EXPECT_TRUE(p["id"].is_number_integer());
        EXPECT_NEAR(p["separation"].get<double>(), -0.1, 1e-12);
        EXPECT_NEAR(p["point"][1].get<double>(), 0.45, 1e-12);
        xs.push_back(p["point"][0].get<double>());
    }
    std::sort(xs.begin(), xs.end());
    EXPECT_NEAR(xs[0], -0.2, 1e-12);
    EXPECT_NEAR(xs[1], 0.8, 1e-12);
}

// The margin: absent is 0 (no points for shapes 0.05 apart), 0.1 gives speculative points,
// a circle gives one point; bad margins are error lines naming "margin".
TEST(CliManifold, MarginSelectsSpeculativePointsAndBadMarginsAreErrors) {
    const std::string shapes =
        R"("a": {"points": [[-2, -0.5], [2, -0.5], [2, 0.5], [-2, 0.5]]}, "b": {"points": [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]], "position": [0, 1.05]})";
    EXPECT_EQ(json::parse(manifold_answer("{" + shapes + "}"))["points"].size(), 0u);
    EXPECT_EQ(json::parse(manifold_answer("{" + shapes + R"(, "margin": 0.01})"))["points"].size(),
              0u);
    const auto near = json::parse(manifold_answer("{" + shapes + R"(, "margin": 0.1})"));
    ASSERT_EQ(near["points"].size(), 2u);
    EXPECT_NEAR(near["points"][0]["separation"].get<double>(), 0.05, 1e-12);
    const auto ball = json::parse(manifold_answer(
        R"({"a": {"points": [[0, 0]], "radius": 1}, "b": {"points": [[1.5, 0]], "radius": 1}})"));
    ASSERT_EQ(ball["points"].size(), 1u);
    EXPECT_NEAR(ball["points"][0]["separation"].get<double>(), -0.5, 1e-12);
    for (const char* margin : {"-1", "\"x\"", "1e400", "null"}) {
        bool error = false;
        const std::string out = gjk::contract::process_manifold_line(
            "{" + shapes + ", \"margin\": " + margin + "}", {}, error);
        EXPECT_TRUE(error) << margin;
        const auto j = json::parse(out);
        ASSERT_TRUE(j.contains("error")) << out;
        EXPECT_NE(j["error"].get<std::string>().find("margin"), std::string::npos) << out;
    }
    gjk::contract::Options f;
    f.precision = gjk::contract::Precision::float32;
    const auto big = json::parse(manifold_answer("{" + shapes + R"(, "margin": 1e300})", f));
    ASSERT_TRUE(big.contains("error"));
    EXPECT_NE(big["error"].get<std::string>().find("margin"), std::string::npos);
}

// Bit for bit: the tool reads the same doubles and calls gjk::manifold, in both precisions.
TEST(CliManifold, AnswersAreTheLibrarysBitForBit) {
    std::mt19937_64 rng(11);
    int with_points = 0;
    for (int i = 0; i < 2000; ++i) {
        const RandomQuery q = random_query(rng);
        ordered_json line = q.line;
        line["margin"] = 0.05;
        for (const bool single : {false, true}) {
            gjk::contract::Options o;
            o.precision =
                single ? gjk::contract::Precision::float32 : gjk::contract::Precision::float64;
            const auto j = json::parse(manifold_answer(line.dump(), o));
            auto check = [&](auto zero) {
                using T = decltype(zero);
                const gjk::Shape<T> a = shape_of<T>(q.a), b = shape_of<T>(q.b);
                gjk::DistanceInput<T> in;
                in.a = a;
                in.b = b;
                in.xf_a = transform_of<T>(q.a);
                in.xf_b = transform_of<T>(q.b);
                const auto m = gjk::manifold(in, T(0.05));
                ASSERT_EQ(j["points"].size(), static_cast<std::size_t>(m.count)) << i;
                ASSERT_EQ(j["normal"][0].get<double>(), static_cast<double>(m.normal.x)) << i;
                for (int k = 0; k < m.count; ++k) {
                    const auto& p = j["points"][static_cast<std::size_t>(k)];
                    ASSERT_EQ(p["separation"].get<double>(),
                              static_cast<double>(m.points[k].separation));
                    ASSERT_EQ(p["point"][1].get<double>(),
                              static_cast<double>(m.points[k].point.y));
                    ASSERT_EQ(p["id"].get<std::uint32_t>(), m.points[k].id);
                }
                with_points += m.count > 0;
            };
            if (single)
                check(0.0f);
            else
                check(0.0);
        }
    }
    EXPECT_GT(with_points, 200);
}

// 3,000 manifold lines, every 7th bad: answers in order across 1 and 2 threads, exit 1; good
// lines exit 0; usage errors exit 2 (gjk distance's contract).
TEST(CliManifold, BatchKeepsOrderAcrossThreadsAndExitCodesMatchDistance) {
    TempDir dir;
    const fs::path in = dir.path / "manifold.jsonl", good = dir.path / "good.jsonl";
    std::vector<std::string> expected;
    {
        std::ofstream f(in), g(good);
        std::mt19937_64 rng(6);
        for (int i = 0; i < 3000; ++i) {
            ordered_json q = random_query(rng).line;
            q["margin"] = 0.1;
            const std::string line =
                i % 7 == 6
                    ? R"({"a": {"points": [[0, 0]]}, "b": {"points": [[1, 0]]}, "margin": -2})"
                    : q.dump();
            f << line << "\n";
            if (i % 7 != 6 && i < 100)
                g << line << "\n";
            expected.push_back(manifold_answer(line));
        }
    }
    std::string first;
    for (int threads : {1, 2}) {
        const fs::path out = dir.path / ("out" + std::to_string(threads) + ".jsonl");
        EXPECT_EQ(run("manifold --threads " + std::to_string(threads) + " " + in.string() + " > " +
                      out.string()),
                  1);
        const std::string text = read_file(out);
        const auto lines = lines_of(text);
        ASSERT_EQ(lines.size(), expected.size());
        for (std::size_t i = 0; i < lines.size(); ++i) {
            ASSERT_EQ(lines[i], expected[i]) << "line " << i;
            ASSERT_EQ(json::parse(lines[i]).contains("error"), i % 7 == 6) << "line " << i;
        }
        if (first.empty())
            first = text;
        EXPECT_EQ(text, first);
    }
    const std::string out = (dir.path / "o.jsonl").string();
    EXPECT_EQ(run("manifold " + good.string() + " > " + out), 0);
    EXPECT_EQ(run("manifold - < " + good.string() + " > " + out), 0);
    EXPECT_EQ(run("manifold --precision float " + good.string() + " > " + out), 0);
    EXPECT_EQ(run("manifold --precision half " + good.string() + " > " + out + " 2>/dev/null"), 2);
    EXPECT_EQ(run("manifold " + (dir.path / "missing").string() + " > " + out + " 2>/dev/null"), 2);
}
