// Specifications of the gjk tool: the JSONL contract of `gjk distance` (fixed: checks outside
// the project rely on it), exit codes, threads, and the pictures of `gjk svg` / `gjk demo`.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include "contract/jsonl.hpp"
#include "gjk/gjk.hpp"
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
    gjk::contract::ShapeSpec a, b;
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
    auto shape_json = [](const gjk::contract::ShapeSpec& s) {
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

template <class T> gjk::Shape<T> shape_of(const gjk::contract::ShapeSpec& s) {
    gjk::Shape<T> shape;
    for (const auto& p : s.points)
        shape.points.push_back({T(p.x), T(p.y)});
    shape.radius = T(s.radius);
    return shape;
}

template <class T> gjk::Transform<T> transform_of(const gjk::contract::ShapeSpec& s) {
    return gjk::Transform<T>::from({T(s.position.x), T(s.position.y)}, T(s.angle));
}

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

std::string cast_answer(const std::string& line, const gjk::contract::Options& options = {}) {
    bool error = false;
    return gjk::contract::process_cast_line(line, options, error);
}

std::string answer(const std::string& line, const gjk::contract::Options& options = {}) {
    bool error = false;
    return gjk::contract::process_line(line, options, error);
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
    std::vector<std::string> keys;
    for (const auto& [k, v] : j.items())
        keys.push_back(k);
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
        std::vector<std::string> keys;
        for (const auto& item : j.items()) {
            keys.push_back(item.key());
        }
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
        std::vector<std::string> keys;
        for (const auto& item : j.items()) {
            keys.push_back(item.key());
        }
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

// --- gjk cast --------------------------------------------------------------------------

TEST(CliCast, AnswerHasTheContractFieldsInOrderWithTheirTypes) {
    const std::string line =
        R"({"a": {"points": [[-1, -1], [1, -1], [1, 1], [-1, 1]]}, "b": {"points": [[-1, -1], [1, -1], [1, 1], [-1, 1]], "position": [5, 0.5]}, "translation_b": [-6, 0]})";
    const ordered_json j = ordered_json::parse(cast_answer(line));
    std::vector<std::string> keys;
    for (const auto& [k, v] : j.items())
        keys.push_back(k);
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

namespace {

std::string toi_answer(const std::string& line, const gjk::contract::Options& options = {}) {
    bool error = false;
    return gjk::contract::process_toi_line(line, options, error);
}

} // namespace

// The stick of half-length 2 turning a quarter turn toward a circle of radius 0.1 centred
// 1.5 above its centre (TEST(TimeOfImpact, TurningStickHitsTheCircleAtTheAnalyticAngle)):
// contact at cos(theta) = 0.1 / 1.5. The answer has gjk cast's fields in order.
TEST(CliToi, AnswerHasTheCastFieldsAndTheAnalyticTime) {
    const std::string line =
        R"({"a": {"points": [[0, 0]], "radius": 0.1}, "b": {"points": [[-2, 0], [2, 0]]}, "sweep_a": {"center": [0, 0], "from": [0, 1.5, 0], "to": [0, 1.5, 0]}, "sweep_b": {"center": [0, 0], "from": [0, 0, 0], "to": [0, 0, 1.5707963267948966]}})";
    const ordered_json j = ordered_json::parse(toi_answer(line));
    std::vector<std::string> keys;
    for (const auto& [k, v] : j.items())
        keys.push_back(k);
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

// --- gjk manifold ----------------------------------------------------------------------

namespace {

std::string manifold_answer(const std::string& line, const gjk::contract::Options& options = {}) {
    bool error = false;
    return gjk::contract::process_manifold_line(line, options, error);
}

} // namespace

// A unit box sunk 0.1 into a 4 x 1 ground: the contract's two keys in order, the normal up,
// two points at B's bottom corners midway between the surfaces, separation -0.1, integer ids.
TEST(CliManifold, AnswerHasTheContractFieldsInOrderWithTheirTypes) {
    const std::string line =
        R"({"a": {"points": [[-2, -0.5], [2, -0.5], [2, 0.5], [-2, 0.5]]}, "b": {"points": [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]], "position": [0.3, 0.9]}})";
    const ordered_json j = ordered_json::parse(manifold_answer(line));
    std::vector<std::string> keys;
    for (const auto& [k, v] : j.items())
        keys.push_back(k);
    EXPECT_EQ(keys, (std::vector<std::string>{"normal", "points"}));
    EXPECT_NEAR(j["normal"][1].get<double>(), 1.0, 1e-12);
    ASSERT_EQ(j["points"].size(), 2u);
    std::vector<double> xs;
    for (const auto& p : j["points"]) {
        std::vector<std::string> pk;
        for (const auto& [k, v] : p.items())
            pk.push_back(k);
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

// `--voronoi` shades the Voronoi regions of Z's features in the Minkowski panel (the guide's
// figures for sections 1 and 2): for a triangle Z, three vertex wedges and three edge strips,
// each border dashed, the regions named after Z's vertices, which are lettered A, B, C
// counter-clockwise from the lowest-leftmost. Here A = the point Q = (0.5, -1) and B is the
// triangle (0, 0), (4, 0), (1, 3), so Z = B - Q = (-0.5, 1), (3.5, 1), (0.5, 4): A = (-0.5, 1)
// is the leftmost, and B, C follow counter-clockwise. `--title` sets the heading.
// `gjk svg --manifold` draws the contact manifold on the shapes panel: the reference face and
// one circle per point, whose data-separation and data-id are `gjk manifold`'s for the same
// query; without the flag, nothing of it.
TEST(CliPictures, SvgManifoldOptionDrawsTheToolsContactPoints) {
    TempDir dir;
    const std::string query =
        R"({"a": {"points": [[-2, -0.5], [2, -0.5], [2, 0.5], [-2, 0.5]]}, "b": {"points": [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]], "position": [0.3, 0.95]}})";
    const fs::path in = dir.path / "q.jsonl", out = dir.path / "m.svg", plain = dir.path / "p.svg";
    std::ofstream(in) << query << "\n";
    ASSERT_EQ(run("svg --manifold " + in.string() + " -o " + out.string()), 0);
    ASSERT_EQ(run("svg " + in.string() + " -o " + plain.string()), 0);
    bool error = false;
    const json m = json::parse(gjk::contract::process_manifold_line(query, {}, error));
    ASSERT_EQ(m["points"].size(), 2u);
    pugi::xml_document doc;
    ASSERT_TRUE(doc.load_file(out.c_str()));
    const auto g = doc.select_node("//g[@class='manifold']").node();
    ASSERT_TRUE(g);
    EXPECT_EQ(std::string(g.attribute("data-count").value()), "2");
    EXPECT_TRUE(g.select_node(".//line[@class='reference-face']"));
    int k = 0;
    for (const auto& c : g.select_nodes(".//circle[@class='contact']")) {
        ASSERT_LT(k, 2);
        EXPECT_NEAR(std::stod(c.node().attribute("data-separation").value()),
                    m["points"][k]["separation"].get<double>(), 1e-9);
        EXPECT_EQ(std::stoll(c.node().attribute("data-id").value()),
                  m["points"][k]["id"].get<long long>());
        ++k;
    }
    EXPECT_EQ(k, 2);
    pugi::xml_document plain_doc;
    ASSERT_TRUE(plain_doc.load_file(plain.c_str()));
    EXPECT_FALSE(plain_doc.select_node("//g[@class='manifold']"));
}

TEST(CliPictures, SvgVoronoiOptionShadesAndNamesTheRegionsOfZ) {
    TempDir dir;
    const fs::path in = dir.path / "q.jsonl", plain = dir.path / "plain.svg",
                   shaded = dir.path / "shaded.svg";
    std::ofstream(in)
        << R"({"a": {"points": [[0.5, -1]]}, "b": {"points": [[0, 0], [4, 0], [1, 3]]}})"
        << "\n";
    ASSERT_EQ(run("svg " + in.string() + " -o " + plain.string()), 0);
    ASSERT_EQ(run("svg " + in.string() + " --voronoi --title 'Regions of a triangle' -o " +
                  shaded.string()),
              0);
    pugi::xml_document without, with;
    ASSERT_TRUE(without.load_file(plain.c_str()));
    ASSERT_TRUE(with.load_file(shaded.c_str()));
    EXPECT_TRUE(without.select_nodes("//g[@class='voronoi']").empty());
    EXPECT_STREQ(with.select_node("/svg/title").node().text().get(), "Regions of a triangle");
    const pugi::xpath_node_set groups =
        with.select_nodes("//g[@id='minkowski']/g[@class='voronoi']");
    ASSERT_EQ(groups.size(), 1u);
    EXPECT_EQ(groups.first().node().select_nodes("polygon").size(), 6u); // 3 wedges, 3 strips
    EXPECT_EQ(groups.first().node().select_nodes("line").size(), 6u);    // 2 borders a vertex
    std::vector<std::string> labels;
    for (const pugi::xpath_node& t : with.select_nodes("//g[@id='minkowski']//text")) {
        labels.push_back(t.node().text().get());
    }
    for (const char* region : {"region A", "region B", "region C", "region AB", "region BC",
                               "region CA", "region ABC", "A", "B", "C"}) {
        EXPECT_NE(std::find(labels.begin(), labels.end(), region), labels.end()) << region;
    }
    // Vertex A's letter sits next to Z's lowest-leftmost vertex (-0.5, 1): left of B's and C's.
    double x_of[3] = {0, 0, 0};
    for (const pugi::xpath_node& t : with.select_nodes("//g[@id='minkowski']//text")) {
        const std::string text = t.node().text().get();
        if (text.size() == 1 && text[0] >= 'A' && text[0] <= 'C') {
            x_of[text[0] - 'A'] = t.node().attribute("x").as_double();
        }
    }
    EXPECT_LT(x_of[0], x_of[2]);
    EXPECT_LT(x_of[2], x_of[1]);
}

// --- Hostile input: every line gets a correct answer or a clear error, in bounded time ------

namespace {
std::string error_of(const std::string& line, const gjk::contract::Options& options = {}) {
    bool error = false;
    const json j = json::parse(gjk::contract::process_line(line, options, error));
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
