// fuzz_jsonl - the `gjk distance` line contract under arbitrary bytes.
//
// Whatever the line, process_line() must return exactly one line of valid JSON (no newline in
// it, so the batch keeps one answer per input line), which is either an answer with the
// contract's fields and finite numbers, or {"error": "<message>"} with the error flag set.
// Two readers read lines (contract/jsonl/plain_query.hpp): on every line the plain one reads,
// it must read exactly the query the precise one reads. And the answer's bytes, written without
// nlohmann's document (contract/jsonl/line_writer.hpp), must be nlohmann's own dump of them.
// The first input byte picks the options (precision, trace, small limits so that the caps
// are reached by short inputs); the rest is the line.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include <nlohmann/json.hpp>

#include "contract/jsonl/distance.hpp"
#include "contract/jsonl/plain_query.hpp"

namespace {

/// Stops the run with a message; libFuzzer saves the input that got here.
[[noreturn]] void fail(const char* what, const std::string& out) {
    std::fprintf(stderr, "fuzz_jsonl: %s\noutput: %.500s\n", what, out.c_str());
    std::abort();
}

/// Bitwise equal, so that -0 and 0 differ.
bool same(double x, double y) {
    return std::memcmp(&x, &y, sizeof x) == 0;
}

bool same_shape(const gjk::contract::ShapeSpec& s, const gjk::contract::ShapeSpec& t) {
    if (s.points.size() != t.points.size() || !same(s.radius, t.radius) ||
        !same(s.position.x, t.position.x) || !same(s.position.y, t.position.y) ||
        !same(s.angle, t.angle)) {
        return false;
    }
    for (std::size_t i = 0; i < s.points.size(); ++i) {
        if (!same(s.points[i].x, t.points[i].x) || !same(s.points[i].y, t.points[i].y)) {
            return false;
        }
    }
    return true;
}

/// The plain reader reads a line only as the precise reader reads it.
void check_readers(std::string_view line, const gjk::contract::Options& options) {
    const std::optional<gjk::contract::Query> plain =
        gjk::contract::read_plain_query(line, options);
    if (!plain) {
        return;
    }
    const auto precise = gjk::contract::parse_query_precise(line, options);
    const auto* q = std::get_if<gjk::contract::Query>(&precise);
    if (q == nullptr) {
        fail("the plain reader read a line the precise reader refuses",
             std::get<std::string>(precise));
    }
    if (!same_shape(plain->a, q->a) || !same_shape(plain->b, q->b)) {
        fail("the plain reader read other shapes than the precise reader", std::string(line));
    }
}

bool finite_pair(const nlohmann::json& j) {
    return j.is_array() && j.size() == 2 && j[0].is_number() && j[1].is_number() &&
           std::isfinite(j[0].get<double>()) && std::isfinite(j[1].get<double>());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) {
        return 0;
    }
    gjk::contract::Options options;
    const std::uint8_t flags = data[0];
    options.precision =
        flags & 1 ? gjk::contract::Precision::float32 : gjk::contract::Precision::float64;
    options.trace = (flags & 2) != 0;
    if (flags & 4) { // limits small enough for the fuzzer to cross them
        options.max_points = 1 + (flags >> 4);
        options.max_line_bytes = 64 + 16 * (flags >> 4);
        options.max_depth = 1 + (flags >> 5);
    }
    const std::string_view line(reinterpret_cast<const char*>(data + 1), size - 1);

    check_readers(line, options);
    bool error = true;
    const std::string out = gjk::contract::process_line(line, options, error);
    if (out.find('\n') != std::string::npos || out.find('\r') != std::string::npos) {
        fail("the answer is more than one line", out);
    }
    const nlohmann::json j = nlohmann::json::parse(out, nullptr, /*allow_exceptions=*/false);
    if (!j.is_object()) {
        fail("the answer is not a JSON object", out);
    }
    if (nlohmann::ordered_json::parse(out).dump(-1, ' ', false,
                                                nlohmann::json::error_handler_t::replace) != out) {
        fail("the answer's bytes are not nlohmann's dump of them", out);
    }
    if (error) {
        if (j.size() != 1 || !j.contains("error") || !j["error"].is_string() ||
            j["error"].get<std::string>().empty()) {
            fail("an error line is not {\"error\": \"<message>\"}", out);
        }
        return 0;
    }
    // An answer: every field of the contract, finite, distance >= 0, a known status.
    if (!j.contains("distance") || !j["distance"].is_number() ||
        !std::isfinite(j["distance"].get<double>()) || j["distance"].get<double>() < 0) {
        fail("distance missing, not finite or negative", out);
    }
    for (const char* field : {"point_a", "point_b", "normal"}) {
        if (!j.contains(field) || !finite_pair(j[field])) {
            fail("a point field is missing or not finite", out);
        }
    }
    if (!j.contains("overlap") || !j["overlap"].is_boolean() || !j.contains("iterations") ||
        !j["iterations"].is_number_integer() || j["iterations"].get<int>() < 1 ||
        j["iterations"].get<int>() > gjk::kMaxIterations) {
        fail("overlap or iterations missing or out of range", out);
    }
    const std::string status = j.value("status", "");
    if (status != "separated" && status != "touching" && status != "overlapping" &&
        status != "max_iterations") {
        fail("unknown status", out);
    }
    if (options.trace != j.contains("simplices")) {
        fail("simplices present without --trace or missing with it", out);
    }
    return 0;
}
