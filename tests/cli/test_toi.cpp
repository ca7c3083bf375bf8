// tests/cli/test_toi.cpp - specifications of `gjk toi` (time of impact): its contract and process.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "harness.hpp"

using namespace harness;

// The stick of half-length 2 turning a quarter turn toward a circle of radius 0.1 centred
// 1.5 above its centre (TEST(TimeOfImpact, TurningStickHitsTheCircleAtTheAnalyticAngle)):
// contact at cos(theta) = 0.1 / 1.5. The answer has gjk cast's fields in order.
TEST(CliToi, AnswerHasTheCastFieldsAndTheAnalyticTime) {
    const std::string line =
        R"({"a": {"points": [[0, 0]], "radius": 0.1}, "b": {"points": [[-2, 0], [2, 0]]}, "sweep_a": {"center": [0, 0], "from": [0, 1.5, 0], "to": [0, 1.5, 0]}, "sweep_b": {"center": [0, 0], "from": [0, 0, 0], "to": [0, 0, 1.5707963267948966]}})";
    const ordered_json j = ordered_json::parse(toi_answer(line));
    const std::vector<std::string> keys = keys_of(j);
    EXPECT_EQ(keys, (std::vector<std::string>{"hit", "fraction", "point", "normal", "iterations",
                                              "status"}));
    EXPECT_EQ(j["status"], "hit");
    EXPECT_NEAR(j["fraction"].get<double>(), std::acos(0.1 / 1.5) / 1.5707963267948966, 1e-12);
}

// A sweep's poses are the shape's transforms; the library's sweep wants the rotation centre's
// world positions: c = rotate(angle, center) + translation at both ends (the Python package's
// conversion). Bit for bit against the library on random sweeps about off-origin centres.
TEST(CliToi, SweepsConvertLikeThePythonPackageAndMatchTheLibraryBitForBit) {
    std::mt19937_64 rng(41);
    std::uniform_real_distribution<double> u(-1, 1);
    std::map<std::string, int> statuses;
    for (int i = 0; i < 500; ++i) {
        std::vector<gjk::Vec2<double>> pa, pb;
        for (int k = 0; k < 4; ++k) {
            pa.push_back({u(rng), u(rng)});
            pb.push_back({u(rng), u(rng)});
        }
        const gjk::Vec2<double> ca{u(rng) * 0.5, u(rng) * 0.5}, cb{u(rng) * 0.5, u(rng) * 0.5};
        const double fa[3] = {0, 0, u(rng)}, ta[3] = {u(rng), u(rng), u(rng)};
        const double fb[3] = {4 * u(rng), 4 * u(rng), u(rng)};
        const double tb[3] = {u(rng), u(rng), fb[2] + 1.5 * u(rng)};
        auto points = [](const std::vector<gjk::Vec2<double>>& p) {
            json a = json::array();
            for (const auto& v : p)
                a.push_back({v.x, v.y});
            return a;
        };
        json line;
        line["a"] = {{"points", points(pa)}, {"radius", 0.05}};
        line["b"] = {{"points", points(pb)}};
        line["sweep_a"] = {{"center", {ca.x, ca.y}},
                           {"from", {fa[0], fa[1], fa[2]}},
                           {"to", {ta[0], ta[1], ta[2]}}};
        line["sweep_b"] = {{"center", {cb.x, cb.y}},
                           {"from", {fb[0], fb[1], fb[2]}},
                           {"to", {tb[0], tb[1], tb[2]}}};
        gjk::ToiInput<double> in;
        in.a = gjk::ShapeView<double>(pa, 0.05);
        in.b = gjk::ShapeView<double>(pb);
        auto sweep = [](gjk::Vec2<double> c, const double* from, const double* to) {
            gjk::Sweep<double> s;
            s.local_center = c;
            s.c0 = gjk::rotate(gjk::Rot<double>::from_angle(from[2]), c) +
                   gjk::Vec2<double>{from[0], from[1]};
            s.c1 = gjk::rotate(gjk::Rot<double>::from_angle(to[2]), c) +
                   gjk::Vec2<double>{to[0], to[1]};
            s.a0 = from[2];
            s.a1 = to[2];
            return s;
        };
        in.sweep_a = sweep(ca, fa, ta);
        in.sweep_b = sweep(cb, fb, tb);
        const auto expected = gjk::time_of_impact(in);
        const auto j = json::parse(toi_answer(line.dump()));
        ASSERT_FALSE(j.contains("error")) << j.dump();
        ASSERT_EQ(j["fraction"].get<double>(), expected.fraction) << i;
        ASSERT_EQ(j["point"][0].get<double>(), expected.point.x) << i;
        ASSERT_EQ(j["normal"][1].get<double>(), expected.normal.y) << i;
        ASSERT_EQ(j["iterations"].get<int>(), expected.iterations) << i;
        ASSERT_EQ(j["status"].get<std::string>(), gjk::to_string(expected.status)) << i;
        ++statuses[j["status"].get<std::string>()];
    }
    for (const char* s : {"hit", "separated"}) {
        EXPECT_GE(statuses[s], 50) << s;
    }
}

TEST(CliToi, BadLinesGetAnErrorNamingTheField) {
    const std::string shapes = R"("a": {"points": [[0, 0]]}, "b": {"points": [[1, 0]]})";
    const std::string sweeps =
        R"("sweep_a": {"from": [0, 0, 0], "to": [0, 0, 0]}, "sweep_b": {"from": [3, 0, 0], "to": [0, 0, 1]})";
    struct Case {
        std::string line, expected;
    };
    const Case cases[] = {
        {"{" + shapes + "}", "sweep_a: missing"},
        {R"({"a": {"points": [[0, 0]], "position": [1, 0]}, "b": {"points": [[1, 0]]}, )" + sweeps +
             "}",
         "a.position: not allowed in gjk toi"},
        {R"({"a": {"points": [[0, 0]]}, "b": {"points": [[1, 0]], "angle": 1}, )" + sweeps + "}",
         "b.angle: not allowed in gjk toi"},
        {"{" + shapes +
             R"(, "sweep_a": {"from": [0, 0], "to": [0, 0, 0]}, "sweep_b": {"from": [3, 0, 0], "to": [0, 0, 1]}})",
         "sweep_a.from: expected [x, y, angle]"},
        {"{" + shapes +
             R"(, "sweep_a": {"from": [0, 0, 0]}, "sweep_b": {"from": [3, 0, 0], "to": [0, 0, 1]}})",
         "sweep_a.to: missing"},
        {"{" + shapes +
             R"(, "sweep_a": {"from": [0, 0, 0], "to": [0, 0, 0], "centre": [0, 0]}, "sweep_b": {"from": [3, 0, 0], "to": [0, 0, 1]}})",
         "sweep_a.centre: unknown field"},
        {"{" + shapes +
             R"(, "sweep_a": {"from": [0, 0, 0], "to": [0, 0, 0]}, "sweep_b": {"from": [3, 0, 0], "to": [0, "y", 1]}})",
         "sweep_b.to[1]: expected a number"},
        {"{" + shapes + ", " + sweeps + R"(, "max_fraction": 2})",
         "max_fraction: 2 is not in [0, 1]"},
        {"{" + shapes + ", " + sweeps + R"(, "target_separation": -0.1})",
         "target_separation: -0.1 is negative"},
    };
    for (const Case& c : cases) {
        bool error = false;
        const std::string out = gjk::contract::process_toi_line(c.line, {}, error);
        EXPECT_TRUE(error) << c.line;
        const auto j = json::parse(out);
        ASSERT_TRUE(j.contains("error")) << c.line;
        EXPECT_NE(j["error"].get<std::string>().find(c.expected), std::string::npos)
            << c.line << " -> " << j["error"];
    }
    // A sweep's translation beyond float's kernel range is an error only in float.
    gjk::contract::Options f;
    f.precision = gjk::contract::Precision::float32;
    const std::string big =
        "{" + shapes +
        R"(, "sweep_a": {"from": [0, 0, 0], "to": [0, 0, 0]}, "sweep_b": {"from": [3, 0, 0], "to": [1e30, 0, 1]}})";
    EXPECT_NE(toi_answer(big, f).find("sweep_b.to[0]: "), std::string::npos);
    EXPECT_EQ(json::parse(toi_answer(big)).count("error"), 0u);
}

TEST(CliToi, ToolAnswersEveryLineWithTheCastExitCodes) {
    TempDir dir;
    const fs::path good = dir.path / "good.jsonl", bad = dir.path / "bad.jsonl";
    const std::string line =
        R"({"a": {"points": [[0, 0]], "radius": 0.1}, "b": {"points": [[-2, 0], [2, 0]]}, "sweep_a": {"from": [0, 1.5, 0], "to": [0, 1.5, 0]}, "sweep_b": {"from": [0, 0, 0], "to": [0, 0, 1.5707963267948966]}, "target_separation": 0.2})";
    {
        std::ofstream g(good), b(bad);
        g << line << "\n" << line << "\n";
        b << line << "\n{\"a\": 1}\n" << line << "\n";
    }
    const fs::path out = dir.path / "out.jsonl";
    EXPECT_EQ(run("toi " + good.string() + " > " + out.string()), 0);
    auto lines = lines_of(read_file(out));
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0], toi_answer(line));
    EXPECT_EQ(run("toi --threads 2 " + bad.string() + " > " + out.string()), 1);
    lines = lines_of(read_file(out));
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_TRUE(json::parse(lines[1]).contains("error"));
    EXPECT_EQ(lines[2], toi_answer(line));
    EXPECT_EQ(run("toi --precision half " + good.string() + " > " + out.string() + " 2>/dev/null"),
              2);
}
