// tests/cli/test_raycast.cpp - specifications of `gjk raycast`: its contract and its process.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "harness.hpp"

using namespace harness;

// `gjk raycast`: the contract's four fields in order, equal to gjk::ray_cast on the same shape
// bit for bit, both precisions; errors name the field; the process keeps order and exit codes.
TEST(CliRaycast, AnswerHasTheContractFieldsAndIsTheLibrarysAnswer) {
    const std::string line =
        R"({"shape": {"points": [[-1, -1], [1, -1], [1, 1], [-1, 1]], "radius": 0.25, "position": [3, 1], "angle": 0.4}, "origin": [-4, 0.3], "translation": [12, 1.5], "max_fraction": 0.9})";
    for (auto precision : {gjk::contract::Precision::float64, gjk::contract::Precision::float32}) {
        gjk::contract::Options options;
        options.precision = precision;
        bool error = false;
        const ordered_json j =
            ordered_json::parse(gjk::contract::process_ray_line(line, options, error));
        EXPECT_FALSE(error);
        const std::vector<std::string> keys = keys_of(j);
        EXPECT_EQ(keys, (std::vector<std::string>{"hit", "fraction", "point", "normal"}));
        EXPECT_TRUE(j["hit"].get<bool>());
        auto check = [&](auto scalar) {
            using T = decltype(scalar);
            const auto shape = gjk::Shape<T>::box(1, 1, T(0.25));
            const auto out = gjk::ray_cast<T>(shape.view(), gjk::Transform<T>::from({3, 1}, T(0.4)),
                                              {-4, T(0.3)}, {12, T(1.5)}, T(0.9));
            EXPECT_EQ(j["fraction"].get<double>(), double(out.fraction));
            EXPECT_EQ(j["point"][0].get<double>(), double(out.point.x));
            EXPECT_EQ(j["normal"][1].get<double>(), double(out.normal.y));
        };
        if (precision == gjk::contract::Precision::float64) {
            check(double{});
        } else {
            check(float{});
        }
    }
}

TEST(CliRaycast, BadLinesGetAnErrorNamingTheField) {
    const std::pair<const char*, const char*> cases[] = {
        {R"({"origin": [0, 0], "translation": [1, 0]})", "shape: missing"},
        {R"({"shape": {"points": [[0, 0]]}, "translation": [1, 0]})", "origin: missing"},
        {R"({"shape": {"points": [[0, 0]]}, "origin": [0, 0]})", "translation: missing"},
        {R"({"shape": {"points": [[0, 0]]}, "origin": [0, 0], "translation": [1, 0], "max_fraction": -2})",
         "max_fraction"},
        {R"({"shape": {"points": [[0, 0]]}, "origin": [0, "x"], "translation": [1, 0]})", "origin"},
        {R"({"shape": {"points": []}, "origin": [0, 0], "translation": [1, 0]})", "shape.points"},
        {R"({"shape": {"points": [[0, 0]], "radius": -1}, "origin": [0, 0], "translation": [1, 0]})",
         "shape.radius"},
    };
    for (const auto& [line, field] : cases) {
        bool error = false;
        const json j = json::parse(gjk::contract::process_ray_line(line, {}, error));
        EXPECT_TRUE(error) << line;
        ASSERT_TRUE(j.contains("error")) << line;
        EXPECT_NE(j["error"].get<std::string>().find(field), std::string::npos) << j["error"];
    }
}

TEST(CliRaycast, ProcessKeepsOrderAcrossThreadsAndExitsOneOnAnErrorLine) {
    TempDir dir;
    const fs::path in = dir.path / "rays.jsonl";
    {
        std::ofstream f(in);
        for (int i = 0; i < 200; ++i) {
            f << R"({"shape": {"points": [[-1, -1], [1, -1], [1, 1], [-1, 1]]}, "origin": [-5, )"
              << (i % 40) * 0.05 - 1 << R"(], "translation": [10, 0]})"
              << "\n";
        }
        f << "not json\n";
    }
    const std::string one = (dir.path / "one.jsonl").string(),
                      two = (dir.path / "two.jsonl").string();
    EXPECT_EQ(run("raycast " + in.string() + " > " + one), 1);
    EXPECT_EQ(run("raycast --threads 2 " + in.string() + " > " + two), 1);
    EXPECT_EQ(read_file(one), read_file(two));
    const auto lines = lines_of(read_file(one));
    ASSERT_EQ(lines.size(), 201u);
    EXPECT_TRUE(json::parse(lines[0])["hit"].get<bool>()); // y = -1: the bottom edge's line
    EXPECT_TRUE(json::parse(lines[200]).contains("error"));
}
