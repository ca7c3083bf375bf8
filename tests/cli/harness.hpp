// tests/cli/harness.hpp - what every test of the gjk tool shares: running it, reading its lines.
//
// The tool in-process (each subcommand's line contract, answer() and its siblings) and as a
// process (run(), the built binary through the shell), a temporary folder for its files, the
// seeded random queries the bit-for-bit tests send, and the library calls they are compared to.
#pragma once

#include <filesystem>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "contract/jsonl.hpp"
#include "gjk/gjk.hpp"

namespace harness {

namespace fs = std::filesystem;
using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;

/// A fresh folder under the system's temporary one, removed with everything in it at the end.
struct TempDir {
    fs::path path;
    TempDir();
    ~TempDir();
};

std::string read_file(const fs::path& p);

std::vector<std::string> lines_of(const std::string& text);

/// Runs the gjk binary through the shell; returns its exit status.
int run(const std::string& args);

bool contains(const std::string& text, const std::string& part);

/// An answer's keys in their order.
std::vector<std::string> keys_of(const ordered_json& j);

/// One subcommand's line contract: gjk::contract::process_line (distance), process_cast_line...
using LineContract = std::string (*)(std::string_view line, const gjk::contract::Options& options,
                                     bool& error);

/// The tool's answer to one line, in-process, by the subcommand's own line contract.
std::string answer_with(LineContract contract, const std::string& line,
                        const gjk::contract::Options& options = {});

/// `gjk distance`'s answer to one line.
inline std::string answer(const std::string& line, const gjk::contract::Options& options = {}) {
    return answer_with(gjk::contract::process_line, line, options);
}

/// `gjk cast`'s answer to one line.
inline std::string cast_answer(const std::string& line,
                               const gjk::contract::Options& options = {}) {
    return answer_with(gjk::contract::process_cast_line, line, options);
}

/// `gjk toi`'s answer to one line.
inline std::string toi_answer(const std::string& line, const gjk::contract::Options& options = {}) {
    return answer_with(gjk::contract::process_toi_line, line, options);
}

/// `gjk manifold`'s answer to one line.
inline std::string manifold_answer(const std::string& line,
                                   const gjk::contract::Options& options = {}) {
    return answer_with(gjk::contract::process_manifold_line, line, options);
}

/// A good `gjk distance` line: the talk's triangle X and square Y (turned), apart.
inline constexpr const char* kGoodLine =
    R"({"a": {"points": [[0, 0], [2, 0], [1, 1.5]]}, "b": {"points": [[-0.75, -0.75], [0.75, -0.75], [0.75, 0.75], [-0.75, 0.75]], "position": [3.5, 1.2], "angle": 0.3}})";

struct RandomQuery {
    gjk::contract::ShapeSpec a, b;
    ordered_json line;
};

/// A random query whose JSON numbers are written by the same shortest-round-trip printer the
/// tool uses, so the tool reads back exactly these doubles.
RandomQuery random_query(std::mt19937_64& rng);

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

} // namespace harness
