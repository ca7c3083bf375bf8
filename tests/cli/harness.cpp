// tests/cli/harness.cpp - what every test of the gjk tool shares (harness.hpp).
#include "harness.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <system_error>

namespace harness {
namespace {

int& temp_dir_counter() {
    static int n = 0;
    return n;
}

} // namespace

TempDir::TempDir() {
    path = fs::temp_directory_path() / ("gjk_cli_test_" + std::to_string(::getpid()) + "_" +
                                        std::to_string(temp_dir_counter()++));
    fs::create_directories(path);
}

TempDir::~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
}

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

int run(const std::string& args) {
    const std::string cmd = std::string(GJK_CLI_PATH) + " " + args;
    const int status = std::system(cmd.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::vector<std::string> keys_of(const ordered_json& j) {
    std::vector<std::string> keys;
    for (const auto& item : j.items())
        keys.push_back(item.key());
    return keys;
}

std::string answer_with(LineContract contract, const std::string& line,
                        const gjk::contract::Options& options) {
    bool error = false;
    return contract(line, options, error);
}

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

} // namespace harness
