// tests/cli/test_process.cpp - the tool as a process: exit codes, threads, big batches, --version.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "harness.hpp"

using namespace harness;

// Story (tests/test_touching.cpp): a point at the corner (-0.5, -0.5) of the box was answered
// "overlapping" with penetration 0 and at the three other corners "touching" - the contact
// that was the loop's first support pair had no normal. Through the tool, in both precisions,
// with the box's vertices in every rotation of their order, and the point as A or as B.
TEST(CliProcess, PointAtEveryBoxCornerIsTouching) {
    TempDir dir;
    const fs::path in = dir.path / "corners.jsonl";
    {
        std::ofstream f(in);
        const char* corners[] = {"[-0.5,-0.5]", "[0.5,-0.5]", "[0.5,0.5]", "[-0.5,0.5]"};
        for (int shift = 0; shift < 4; ++shift) {
            std::string box = "[";
            for (int k = 0; k < 4; ++k) {
                box += std::string(k ? "," : "") + corners[(shift + k) % 4];
            }
            box += "]";
            for (const char* c : corners) {
                f << R"({"a": {"points": )" << box << R"(}, "b": {"points": [)" << c << "]}}\n";
                f << R"({"a": {"points": [)" << c << R"(]}, "b": {"points": )" << box << "}}\n";
            }
        }
    }
    for (const char* precision : {"double", "float"}) {
        const std::string out = (dir.path / "out.jsonl").string();
        ASSERT_EQ(
            run("distance --precision " + std::string(precision) + " " + in.string() + " > " + out),
            0);
        const auto lines = lines_of(read_file(out));
        ASSERT_EQ(lines.size(), 32u);
        for (const std::string& line : lines) {
            const json j = json::parse(line);
            EXPECT_EQ(j["status"], "touching") << precision << ": " << line;
            EXPECT_EQ(j["penetration"], 0.0) << line;
            EXPECT_NEAR(std::hypot(j["normal"][0].get<double>(), j["normal"][1].get<double>()), 1.0,
                        1e-6)
                << line;
        }
    }
}

TEST(CliProcess, ExitStatusIsZeroOneOrTwo) {
    TempDir dir;
    const fs::path good = dir.path / "good.jsonl", bad = dir.path / "bad.jsonl";
    std::ofstream(good) << kGoodLine << "\n" << kGoodLine << "\n";
    std::ofstream(bad) << kGoodLine << "\nnot json\n" << kGoodLine << "\n";
    const std::string out = (dir.path / "out.jsonl").string();
    EXPECT_EQ(run("distance " + good.string() + " > " + out), 0);
    EXPECT_EQ(lines_of(read_file(out)).size(), 2u);
    EXPECT_EQ(run("distance " + bad.string() + " > " + out), 1);
    const auto lines = lines_of(read_file(out));
    ASSERT_EQ(lines.size(), 3u); // the good lines after the bad one are still answered
    EXPECT_TRUE(json::parse(lines[1]).contains("error"));
    EXPECT_TRUE(json::parse(lines[2]).contains("distance"));
    EXPECT_EQ(run("distance - < " + good.string() + " > " + out), 0); // stdin
    EXPECT_EQ(lines_of(read_file(out)).size(), 2u);
    EXPECT_EQ(run("distance --precision quad " + good.string() + " > " + out + " 2>/dev/null"), 2);
    EXPECT_EQ(run("distance --frobnicate " + good.string() + " > " + out + " 2>/dev/null"), 2);
    EXPECT_EQ(
        run("distance " + (dir.path / "missing.jsonl").string() + " > " + out + " 2>/dev/null"), 2);
    EXPECT_EQ(run("> " + out + " 2>/dev/null"), 2); // no subcommand
}

// `gjk --version` prints the version CMake's project(VERSION) declares (the same number the
// package's gjkConfigVersion.cmake and gjk.pc carry), and exits 0 without a subcommand.
TEST(CliProcess, VersionFlagPrintsTheProjectVersion) {
    TempDir dir;
    const fs::path out = dir.path / "version.txt";
    ASSERT_EQ(run("--version > " + out.string()), 0);
    EXPECT_EQ(read_file(out), std::string("gjk ") + GJK_PROJECT_VERSION + "\n");
}

// 10,000 lines, every 7th bad: no good line is lost or reordered, in 1 and in 2 threads.
TEST(CliProcess, BigBatchWithBadLinesLosesNoGoodLineInOneOrTwoThreads) {
    TempDir dir;
    const fs::path in = dir.path / "batch.jsonl";
    std::vector<std::string> expected;
    {
        std::ofstream f(in);
        std::mt19937_64 rng(99);
        for (int i = 0; i < 10000; ++i) {
            std::string line;
            if (i % 7 == 6) {
                line = i % 2 ? R"({"a": {"points": []}, "b": {"points": [[0, 0]]}})" : "{oops";
            } else {
                line = random_query(rng).line.dump();
            }
            f << line << "\n";
            expected.push_back(answer(line));
        }
    }
    std::string first;
    for (int threads : {1, 2}) {
        const fs::path out = dir.path / ("out" + std::to_string(threads) + ".jsonl");
        EXPECT_EQ(run("distance --threads " + std::to_string(threads) + " " + in.string() + " > " +
                      out.string()),
                  1);
        const std::string text = read_file(out);
        const auto lines = lines_of(text);
        ASSERT_EQ(lines.size(), expected.size()) << threads << " threads";
        for (std::size_t i = 0; i < lines.size(); ++i) {
            ASSERT_EQ(lines[i], expected[i]) << "line " << i << ", " << threads << " threads";
            ASSERT_EQ(json::parse(lines[i]).contains("error"), i % 7 == 6) << "line " << i;
        }
        if (first.empty())
            first = text;
        EXPECT_EQ(text, first); // identical output whatever the thread count
    }
}

// Through the binary: a 2 MB line between two good lines with --max-line-bytes 1000: the long
// line gets its error, the good lines their answers; memory for the long line stays at the cap.
TEST(CliProcess, LongLineInABatchLosesNoGoodLine) {
    TempDir dir;
    const fs::path in = dir.path / "long.jsonl", out = dir.path / "out.jsonl";
    {
        std::ofstream f(in);
        f << kGoodLine << "\n"
          << R"({"a": {"points": [)";
        for (int i = 0; i < 200'000; ++i)
            f << "[0, 0], ";
        f << R"([0, 0]]}, "b": {"points": [[1, 0]]}})"
          << "\n"
          << kGoodLine << "\n";
    }
    EXPECT_EQ(run("distance --max-line-bytes 1000 " + in.string() + " > " + out.string()), 1);
    const auto lines = lines_of(read_file(out));
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0], answer(kGoodLine));
    EXPECT_TRUE(contains(json::parse(lines[1]).value("error", ""), "more than 1000 bytes"));
    EXPECT_EQ(lines[2], answer(kGoodLine));
    EXPECT_EQ(run("distance --max-points 2 " + in.string() + " > " + out.string()), 1);
    EXPECT_TRUE(contains(json::parse(lines_of(read_file(out))[0]).value("error", ""),
                         "a.points: more than 2 elements"));
}
