// Specifications of the gjk tool: the JSONL contract of `gjk distance` (fixed: checks outside
// the project rely on it), exit codes, threads, and the pictures of `gjk svg` / `gjk demo`.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include "gjk/gjk.hpp"
#include "jsonl.hpp"
#include "scenes.hpp"

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

namespace fs = std::filesystem;

struct TempDir {
    fs::path path;
    TempDir() {
        path = fs::temp_directory_path() /
               ("gjk_cli_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter()++));
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    static int& counter() {
        static int n = 0;
        return n;
    }
};

std::string read_file(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream ss(text);
    for (std::string line; std::getline(ss, line);)
        out.push_back(line);
    return out;
}

/// Runs the gjk binary through the shell; returns its exit status.
int run(const std::string& args) {
    const std::string cmd = std::string(GJK_CLI_PATH) + " " + args;
    const int status = std::system(cmd.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

struct RandomQuery {
    gjk::cli::ShapeSpec a, b;
    ordered_json line;
};

/// A random query whose JSON numbers are written by the same shortest-round-trip printer the
/// tool uses, so the tool reads back exactly these doubles.
RandomQuery random_query(std::mt19937_64& rng) {
    std::uniform_real_distribution<double> u(-1, 1);
    RandomQuery q;
    ordered_json line;
    for (auto* s : {&q.a, &q.b}) {
        const int n = 1 + static_cast<int>(rng() % 8);
        for (int i = 0; i < n; ++i)
            s->points.push_back({u(rng) * 3, u(rng) * 3});
        s->radius = rng() % 3 == 0 ? std::abs(u(rng)) : 0.0;
        s->position = {u(rng) * 4, u(rng) * 4};
        s->angle = u(rng) * 3;
    }
    auto shape_json = [](const gjk::cli::ShapeSpec& s) {
        ordered_json j;
        j["points"] = json::array();
        for (const auto& p : s.points)
            j["points"].push_back({p.x, p.y});
        j["radius"] = s.radius;
        j["position"] = {s.position.x, s.position.y};
        j["angle"] = s.angle;
        return j;
    };
    q.line["a"] = shape_json(q.a);
    q.line["b"] = shape_json(q.b);
    return q;
}

template <class T> gjk::DistanceOutput<T> library_answer(const RandomQuery& q) {
    auto conv = [](const gjk::cli::ShapeSpec& s) {
        gjk::Shape<T> shape;
        for (const auto& p : s.points)
            shape.points.push_back({T(p.x), T(p.y)});
        shape.radius = T(s.radius);
        return shape;
    };
    const gjk::Shape<T> a = conv(q.a), b = conv(q.b);
    gjk::DistanceInput<T> in;
    in.a = a;
    in.b = b;
    in.xf_a = gjk::Transform<T>::from({T(q.a.position.x), T(q.a.position.y)}, T(q.a.angle));
    in.xf_b = gjk::Transform<T>::from({T(q.b.position.x), T(q.b.position.y)}, T(q.b.angle));
    return gjk::distance(in);
}

std::string answer(const std::string& line, const gjk::cli::Options& options = {}) {
    bool error = false;
    return gjk::cli::process_line(line, options, error);
}

const char* kGoodLine =
    R"({"a": {"points": [[0, 0], [2, 0], [1, 1.5]]}, "b": {"points": [[-0.75, -0.75], [0.75, -0.75], [0.75, 0.75], [-0.75, 0.75]], "position": [3.5, 1.2], "angle": 0.3}})";

} // namespace

TEST(CliContract, AnswerHasTheContractFieldsInOrderWithTheirTypes) {
    const ordered_json j = ordered_json::parse(answer(kGoodLine));
    std::vector<std::string> keys;
    for (const auto& [k, v] : j.items())
        keys.push_back(k);
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
        ASSERT_EQ(j["normal"][0].get<double>(), expected.normal.x) << i;
        ASSERT_EQ(j["normal"][1].get<double>(), expected.normal.y) << i;
        ASSERT_EQ(j["iterations"].get<int>(), expected.iterations) << i;
        ASSERT_EQ(j["status"].get<std::string>(), gjk::to_string(expected.status)) << i;
    }
}

TEST(CliContract, FloatPrecisionRunsTheFloatKernel) {
    std::mt19937_64 rng(18);
    gjk::cli::Options options;
    options.precision = gjk::cli::Precision::float32;
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
    gjk::cli::Options options;
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
        const std::string out = gjk::cli::process_line(c.line, {}, error);
        EXPECT_TRUE(error) << c.line;
        const auto j = json::parse(out);
        ASSERT_TRUE(j.contains("error")) << c.line;
        EXPECT_EQ(j.size(), 1u);
        EXPECT_NE(j["error"].get<std::string>().find(c.expected), std::string::npos)
            << c.line << " -> " << j["error"];
    }
    // A value that fits double but not float is an error only in float.
    const std::string big = R"({"a": {"points": [[1e39, 0]]}, "b": {"points": [[0, 0]]}})";
    gjk::cli::Options f;
    f.precision = gjk::cli::Precision::float32;
    EXPECT_NE(answer(big, f).find("a.points[0][0]: "), std::string::npos);
    EXPECT_EQ(json::parse(answer(big)).count("error"), 0u);
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

namespace {
/// Counts the iteration panels of an SVG file; fails the test if it is not well-formed XML.
int iteration_panels(const fs::path& file) {
    pugi::xml_document doc;
    const pugi::xml_parse_result parsed = doc.load_file(file.c_str());
    EXPECT_TRUE(parsed) << file << ": " << parsed.description();
    EXPECT_STREQ(doc.document_element().name(), "svg");
    return static_cast<int>(doc.select_nodes("//g[@class='iteration']").size());
}
} // namespace

TEST(CliPictures, EveryDemoPictureIsXmlWithOnePanelPerIteration) {
    TempDir dir;
    const fs::path out = dir.path / "demo-out";
    const fs::path table = dir.path / "table.txt";
    ASSERT_EQ(run("demo --out " + out.string() + " > " + table.string()), 0);
    const std::string text = read_file(table);
    int pictures = 0;
    for (const gjk::cli::Scene& scene : gjk::cli::demo_scenes()) {
        gjk::DistanceInput<double> in;
        in.a = scene.a;
        in.b = scene.b;
        in.xf_a = scene.xf_a;
        in.xf_b = scene.xf_b;
        const int iterations = gjk::distance(in).iterations;
        const fs::path file = out / (scene.name + ".svg");
        ASSERT_TRUE(fs::exists(file)) << file;
        EXPECT_EQ(iteration_panels(file), iterations) << scene.name;
        EXPECT_NE(text.find(scene.name), std::string::npos); // a table row per scene
        ++pictures;
    }
    EXPECT_EQ(std::distance(fs::directory_iterator(out), fs::directory_iterator()), pictures);
    EXPECT_EQ(pictures, 5);
    EXPECT_NE(text.find("demo-out"), std::string::npos); // it says where the pictures went
}

TEST(CliPictures, SvgDrawsOneQueryAndCanShowASingleIteration) {
    TempDir dir;
    const fs::path in = dir.path / "q.jsonl", all = dir.path / "all.svg",
                   one = dir.path / "one.svg";
    std::ofstream(in) << kGoodLine << "\n";
    ASSERT_EQ(run("svg " + in.string() + " -o " + all.string()), 0);
    const int iterations = json::parse(answer(kGoodLine))["iterations"].get<int>();
    EXPECT_EQ(iteration_panels(all), iterations);
    ASSERT_EQ(run("svg " + in.string() + " --iteration 2 -o " + one.string()), 0);
    EXPECT_EQ(iteration_panels(one), 1);
    EXPECT_EQ(run("svg " + in.string() + " --iteration 99 -o " + one.string() + " 2>/dev/null"), 1);
    std::ofstream(in) << "{bad\n";
    EXPECT_EQ(run("svg " + in.string() + " -o " + one.string() + " 2>/dev/null"), 1);
}

// --- Hostile input: every line gets a correct answer or a clear error, in bounded time ------

namespace {
std::string error_of(const std::string& line, const gjk::cli::Options& options = {}) {
    bool error = false;
    const json j = json::parse(gjk::cli::process_line(line, options, error));
    EXPECT_TRUE(error) << line.substr(0, 200);
    return j.value("error", std::string("<no error field>"));
}
bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
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
    const json j = json::parse(gjk::cli::process_line(line, {}, error));
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
    gjk::cli::Options small;
    small.max_points = 3;
    const std::string four =
        R"({"a": {"points": [[0,0],[1,0],[0,1],[1,1]]}, "b": {"points": [[3, 0]]}})";
    EXPECT_TRUE(contains(error_of(four, small), "a.points: more than 3 elements"));
    const std::string three =
        R"({"a": {"points": [[0,0],[1,0],[0,1]]}, "b": {"points": [[3, 0]]}})";
    EXPECT_TRUE(json::parse(answer(three, small)).contains("distance"));
}

TEST(CliHostile, LongLineIsAnErrorNamingTheLimit) {
    gjk::cli::Options options;
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
    const json j = json::parse(gjk::cli::process_line(line, {}, error));
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

// 1e30 in float and 1e300 in double: beyond the kernel's range (cli/jsonl.hpp, kernel_range),
// where its squares overflow; the tool says so rather than answer. Within the range, near
// its edge, a pair gets the right answer: two unit-free points 1e17 (float) / 1e152 (double)
// on either side of the origin are 2e17 / 2e152 apart.
TEST(CliHostile, ValuesBeyondTheKernelRangeAreRefused) {
    gjk::cli::Options f;
    f.precision = gjk::cli::Precision::float32;
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
