// tests/cli/test_distance3.cpp - specifications of `gjk distance`'s 3D lines (contract/jsonl/
// distance3.hpp), in-process: the distance against the exact oracle (tests/oracle/oracle3.hpp), the
// depth of boxes whose overlap is known, and every error line the contract names.
//
// The contract is fixed: checks outside the project rely on it.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "harness.hpp"
#include "oracle/oracle3.hpp"

using namespace harness;

namespace {

const char* kBox = "[[-1,-1,-1],[1,-1,-1],[-1,1,-1],[1,1,-1],[-1,-1,1],[1,-1,1],[-1,1,1],[1,1,1]]";

std::string box_line(const std::string& b_pose) {
    return std::string(R"({"a": {"points": )") + kBox + R"(}, "b": {"points": )" + kBox + ", " +
           b_pose + "}}";
}

/// q rotates v (long double, the quaternion normalized), as the oracle's world points.
oracle3::P3 world(const std::vector<double>& v, const std::vector<double>& p,
                  const std::vector<double>& q) {
    const long double n = std::sqrt((long double)q[0] * q[0] + (long double)q[1] * q[1] +
                                    (long double)q[2] * q[2] + (long double)q[3] * q[3]);
    const long double x = q[0] / n, y = q[1] / n, z = q[2] / n, w = q[3] / n;
    const long double tx = 2 * (y * v[2] - z * v[1]), ty = 2 * (z * v[0] - x * v[2]),
                      tz = 2 * (x * v[1] - y * v[0]);
    return {double(v[0] + w * tx + (y * tz - z * ty) + p[0]),
            double(v[1] + w * ty + (z * tx - x * tz) + p[1]),
            double(v[2] + w * tz + (x * ty - y * tx) + p[2])};
}

} // namespace

TEST(CliContract3, AThreeDimensionalLineHasTheFieldsInOrderWithThreeVectors) {
    const ordered_json j = ordered_json::parse(
        answer(R"({"a": {"points": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]},
                   "b": {"points": [[0, 0, 0]], "radius": 0.5, "position": [2, 0, 0]}})"));
    EXPECT_EQ(keys_of(j), (std::vector<std::string>{"distance", "point_a", "point_b", "normal",
                                                    "overlap", "iterations", "status"}));
    for (const char* k : {"point_a", "point_b", "normal"}) {
        ASSERT_EQ(j[k].size(), 3u) << k;
    }
    EXPECT_EQ(j["distance"], 0.5); // from the vertex (1, 0, 0) to the sphere of 0.5 at x = 2
    EXPECT_EQ(j["point_b"], ordered_json::parse("[1.5, 0.0, 0.0]"));
    EXPECT_EQ(j["normal"], ordered_json::parse("[1.0, 0.0, 0.0]"));
    EXPECT_EQ(j["status"], "separated");
}

// Random hulls of 4 to 10 points at random poses: the line's distance is the exact oracle's,
// within 1e-12 of the scale, and the witness points are that far apart.
TEST(CliContract3, TheDistanceIsTheExactOnesForRandomPosedHulls) {
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> coordinate(-1, 1);
    std::normal_distribution<double> gauss(0, 1);
    for (int trial = 0; trial < 100; ++trial) {
        ordered_json line;
        std::vector<oracle3::P3> world_points[2];
        for (int s = 0; s < 2; ++s) {
            ordered_json shape;
            std::vector<double> q{gauss(rng), gauss(rng), gauss(rng), gauss(rng)};
            const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
            for (double& c : q) {
                c /= n;
            }
            const std::vector<double> p{s * 2.5 + coordinate(rng), coordinate(rng),
                                        coordinate(rng)};
            shape["points"] = ordered_json::array();
            for (int i = 0, count = 4 + int(rng() % 7); i < count; ++i) {
                const std::vector<double> v{coordinate(rng), coordinate(rng), coordinate(rng)};
                shape["points"].push_back(v);
                world_points[s].push_back(world(v, p, q));
            }
            shape["position"] = p;
            shape["quaternion"] = q;
            line[s == 0 ? "a" : "b"] = shape;
        }
        const auto j = json::parse(answer(line.dump(-1)));
        ASSERT_FALSE(j.contains("error")) << j.dump();
        const long double d = oracle3::approx_sqrt(
            oracle3::hull_distance(world_points[0], world_points[1]).distance2);
        EXPECT_NEAR(j["distance"].get<double>(), double(d), 1e-12 * 8) << trial;
        const auto pa = j["point_a"].get<std::vector<double>>();
        const auto pb = j["point_b"].get<std::vector<double>>();
        EXPECT_NEAR(std::hypot(pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]),
                    j["distance"].get<double>(), 1e-12 * 8)
            << trial;
    }
}

// Two boxes 2 wide, B moved 1.5 along x (and turned about x, which keeps its faces): they
// overlap by 0.5 along x; "penetration" follows "status" and the normal is the minimum
// translation of B. Float answers the same.
TEST(CliContract3, AnOverlappingLineHasItsPenetrationAndTheWayOut) {
    const std::string line = box_line(
        R"("position": [1.5, 0.25, 0], "quaternion": [0.7071067811865476, 0, 0, 0.7071067811865476])");
    for (const auto precision :
         {gjk::contract::Precision::float64, gjk::contract::Precision::float32}) {
        gjk::contract::Options options;
        options.precision = precision;
        const ordered_json j = ordered_json::parse(answer(line, options));
        EXPECT_EQ(keys_of(j),
                  (std::vector<std::string>{"distance", "point_a", "point_b", "normal", "overlap",
                                            "iterations", "status", "penetration"}));
        EXPECT_EQ(j["overlap"], true);
        EXPECT_EQ(j["status"], "overlapping");
        EXPECT_NEAR(j["penetration"].get<double>(), 0.5, 1e-6);
        EXPECT_NEAR(j["normal"][0].get<double>(), 1.0, 1e-6);
    }
}

TEST(CliContract3, TraceAndDerivativesWorkAsInTheOtherDimension) {
    gjk::contract::Options options;
    options.trace = true;
    options.derivatives = true;
    const ordered_json j = ordered_json::parse(answer(
        R"({"a": {"points": [[0, 0, 0], [1, 0, 0]]}, "b": {"points": [[0, 0, 3]]}})", options));
    ASSERT_TRUE(j.contains("simplices"));
    const auto& vertex = j["simplices"].back()[0];
    EXPECT_EQ(keys_of(vertex), (std::vector<std::string>{"index_a", "index_b", "point_a", "point_b",
                                                         "minkowski", "weight"}));
    EXPECT_EQ(vertex["minkowski"].size(), 3u);
    // The segment on the x axis and the point above its end: d = 3 along z; moving B up adds
    // to it one for one, and turning B about its origin (the point itself) changes nothing.
    EXPECT_EQ(j["gradient"]["b"], ordered_json::parse("[0.0, 0.0, 1.0, 0.0, 0.0, 0.0]"));
    EXPECT_EQ(j["gradient"]["a"].size(), 6u);
    // A's closest point is its origin, which no turn of A moves.
    EXPECT_EQ(j["gradient"]["a"], ordered_json::parse("[-0.0, -0.0, -1.0, 0.0, 0.0, 0.0]"));
    EXPECT_EQ(j["differentiable"], true);
}

// The trace is in the world frame, as the answer is (docs/cli.md): with A at (10, 0, 0), the
// answer's point_a was (11, 0, 0) and the last simplex's (1, 0, 0), A's own frame. Now the last
// simplex's weighted points are the answer's, and every vertex is its shapes' points where they
// stand, turned ones too.
TEST(CliContract3, TheTraceIsInTheWorldFrameAsTheAnswerIs) {
    gjk::contract::Options options;
    options.trace = true;
    const ordered_json j = ordered_json::parse(
        answer(R"({"a": {"points": [[0, 0, 0], [1, 0, 0]], "position": [10, 0, 0]},)"
               R"( "b": {"points": [[0, 0, 0]], "position": [11, 2, 0]}})",
               options));
    EXPECT_EQ(j["point_a"], ordered_json::parse("[11.0, 0.0, 0.0]"));
    const auto& last = j["simplices"].back();
    ASSERT_EQ(last.size(), 1u);
    EXPECT_EQ(last[0]["point_a"], j["point_a"]);
    EXPECT_EQ(last[0]["point_b"], j["point_b"]);
    EXPECT_EQ(last[0]["minkowski"], ordered_json::parse("[0.0, 2.0, 0.0]"));
    // A turned a quarter about z: its point (1, 0, 0) stands at (10, 1, 0).
    const ordered_json turned = ordered_json::parse(
        answer(R"({"a": {"points": [[0, 0, 0], [1, 0, 0]], "position": [10, 0, 0], )"
               R"("quaternion": [0, 0, 0.7071067811865476, 0.7071067811865476]},)"
               R"( "b": {"points": [[0, 0, 0]], "position": [10, 3, 0]}})",
               options));
    for (const auto& step : turned["simplices"]) {
        for (const auto& vertex : step) {
            const double x = vertex["point_a"][0], y = vertex["point_a"][1];
            EXPECT_NEAR(x, 10.0, 1e-12);
            EXPECT_NEAR(y, vertex["index_a"] == 0 ? 0.0 : 1.0, 1e-12);
            EXPECT_NEAR(vertex["point_b"][0].get<double>(), 10.0, 1e-12); // B's point, where
            EXPECT_NEAR(vertex["point_b"][1].get<double>(), 3.0, 1e-12);  // it stands, moved
            EXPECT_NEAR(vertex["point_b"][2].get<double>(), 0.0, 1e-12);  // there through A's frame
        }
    }
}

// Every way a 3D line can be wrong is an error line naming the field; the other subcommands
// say they are 2D.
TEST(CliContract3, WrongLinesAreErrorLinesNamingTheField) {
    const struct {
        const char* line;
        const char* names;
    } cases[] = {
        {R"({"a": {"points": [[0, 0, 0]]}, "b": {"points": [[0, 0]]}})", "b: a 2D shape in a 3D"},
        {R"({"a": {"points": [[0, 0, 0]], "angle": 1}, "b": {"points": [[0, 0, 1]]}})", "a.angle"},
        {R"({"a": {"points": [[0, 0]], "quaternion": [0, 0, 0, 1]}, "b": {"points": [[1, 0]]}})",
         "a.quaternion"},
        {R"({"a": {"points": [[0, 0, 0]], "quaternion": [0, 0, 0, 1.5]}, "b": {"points": [[0, 0, 1]]}})",
         "a.quaternion: its norm 1.5"},
        {R"({"a": {"points": [[0, 0, 0]]}, "b": {"points": [[0, 0, 1]], "quaternion": [0, 0, 1]}})",
         "b.quaternion: expected [qx, qy, qz, qw]"},
        {R"({"a": {"points": [[0, 0, 0], [1, 2]]}, "b": {"points": [[0, 0, 1]]}})",
         "a.points[1]: expected [x, y, z]"},
        {R"({"a": {"points": [[0, 0, 0]], "raduis": 1}, "b": {"points": [[0, 0, 1]]}})",
         "a.raduis: unknown field"},
        {R"({"a": {"points": [[0, 0, 0]], "position": [0, 0]}, "b": {"points": [[0, 0, 1]]}})",
         "a.position: expected [x, y, z]"},
        {R"({"a": {"points": [[0, 0, 1e300]]}, "b": {"points": [[0, 0, 1]]}})", "a.points[0][2]"},
    };
    for (const auto& c : cases) {
        const auto j = json::parse(answer(c.line));
        ASSERT_TRUE(j.contains("error")) << c.line;
        EXPECT_TRUE(contains(j["error"].get<std::string>(), c.names)) << j["error"];
    }
    const auto cast = json::parse(cast_answer(
        R"({"a": {"points": [[0, 0, 0]]}, "b": {"points": [[0, 0, 1]]}, "translation_a": [0, 0], "translation_b": [1, 0]})"));
    EXPECT_TRUE(contains(cast["error"].get<std::string>(), "this subcommand is 2D"));
}
