// tests/contract/test_plain_query.cpp - contract/jsonl/plain_query.hpp: the plain reader reads
// a line only as the precise reader (nlohmann-json's DOM, parse_query_precise) reads it, and
// leaves every other line to it. The oracle is the precise reader.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <variant>

#include "contract/jsonl/distance.hpp"
#include "contract/jsonl/plain_query.hpp"

namespace {

using gjk::contract::Options;
using gjk::contract::Query;
using gjk::contract::ShapeSpec;

bool same(double x, double y) {
    return std::memcmp(&x, &y, sizeof x) == 0; // -0 and 0 differ
}

bool same_shape(const ShapeSpec& s, const ShapeSpec& t) {
    bool equal = s.points.size() == t.points.size() && same(s.radius, t.radius) &&
                 same(s.position.x, t.position.x) && same(s.position.y, t.position.y) &&
                 same(s.angle, t.angle);
    for (std::size_t i = 0; equal && i < s.points.size(); ++i) {
        equal = same(s.points[i].x, t.points[i].x) && same(s.points[i].y, t.points[i].y);
    }
    return equal;
}

/// The plain reader's verdict on a line, checked against the precise reader: when it reads the
/// line, the precise reader reads the same shapes.
bool plain_reads(const std::string& line, const Options& options = {}) {
    const auto plain = gjk::contract::read_plain_query(line, options);
    if (!plain) {
        return false;
    }
    const auto precise = gjk::contract::parse_query_precise(line, options);
    const Query* q = std::get_if<Query>(&precise);
    EXPECT_NE(q, nullptr) << line << "\nprecise: " << std::get<std::string>(precise);
    if (q != nullptr) {
        EXPECT_TRUE(same_shape(plain->a, q->a) && same_shape(plain->b, q->b)) << line;
    }
    return true;
}

/// A number as a program may write it: integer, decimal, exponent, signed zero, many digits.
std::string random_number(std::mt19937_64& rng) {
    switch (rng() % 8) {
    case 0:
        return std::to_string(static_cast<long long>(rng() % 2000) - 1000);
    case 1:
        return rng() % 2 ? "-0" : "-0.0";
    case 2:
        return std::to_string(static_cast<long long>(rng()));
    case 3:
        return std::to_string(rng()); // beyond int64: an unsigned integer
    case 4: {
        char buffer[40];
        std::snprintf(buffer, sizeof buffer, "%.17g",
                      std::uniform_real_distribution<double>(-1e3, 1e3)(rng));
        return buffer;
    }
    case 5: {
        char buffer[40];
        std::snprintf(buffer, sizeof buffer, "%de%d", int(rng() % 200) - 100,
                      int(rng() % 640) - 320);
        return buffer;
    }
    case 6:
        return "1.00000000000000000000000000000000000001";
    default:
        return "0.1e-2";
    }
}

std::string random_point(std::mt19937_64& rng) {
    return "[" + random_number(rng) + (rng() % 2 ? "," : " , ") + random_number(rng) + "]";
}

std::string random_shape(std::mt19937_64& rng) {
    std::string fields[4];
    int count = 0;
    std::string points = "\"points\": [";
    const int n = 1 + int(rng() % 6);
    for (int i = 0; i < n; ++i) {
        points += (i > 0 ? ", " : "") + random_point(rng);
    }
    fields[count++] = points + "]";
    if (rng() % 2) {
        fields[count++] = "\"radius\": " + std::to_string(rng() % 5);
    }
    if (rng() % 2) {
        fields[count++] = "\"position\": " + random_point(rng);
    }
    if (rng() % 2) {
        fields[count++] = "\"angle\":" + random_number(rng);
    }
    std::shuffle(fields, fields + count, rng);
    std::string shape = "{";
    for (int i = 0; i < count; ++i) {
        shape += (i > 0 ? "," : "") + fields[i];
    }
    return shape + "}";
}

} // namespace

TEST(PlainQuery, ReadsRandomQueriesAsThePreciseReaderDoes) {
    std::mt19937_64 rng(31);
    int read = 0;
    for (int i = 0; i < 20000; ++i) {
        std::string line = "{\"a\": " + random_shape(rng) + ", \"b\": " + random_shape(rng);
        if (rng() % 4 == 0) {
            line += R"(, "id": 17, "tags": ["x", {"k": [1, 2]}], "note": null, "ok": true)";
        }
        line += rng() % 2 ? "}" : "}  ";
        read += plain_reads(line);
    }
    // Only the lines with a number beyond the double range (case 5) are left to the precise
    // reader; most lines are plain.
    EXPECT_GT(read, 10000);
}

TEST(PlainQuery, ReadsTheLineAProgramWrites) {
    EXPECT_TRUE(plain_reads(R"({"a": {"points": [[0, 0], [1, 0], [0, 1]], "radius": 0.5},)"
                            R"( "b": {"points": [[3.5, -0.0]], "position": [1e2, -2],)"
                            R"( "angle": 0.25}})"));
}

// Each way a line stops being plain: the precise reader answers it (with its error message
// when it is one), so the message never depends on the reader.
TEST(PlainQuery, LeavesEveryOtherLineToThePreciseReader) {
    const std::string b = R"("b": {"points": [[1, 2]]})";
    const char* const others[] = {
        R"({"a": {"points": [[0, 0]]}, "b": {"points": [[1, 2]]}, "note": "\u00e9"})", // escape
        "{\"a\": {\"points\": [[0, 0]]}, \"b\": {\"points\": [[1, 2]]}, \"n\": \"caf\xc3\xa9\"}",
        "{\"a\":\t{\"points\": [[0, 0]]}, \"b\": {\"points\": [[1, 2]]}}", // a tab
        R"({"a": {"points": [[0, 0]]}, "a": {"points": [[5, 5]]}, "b": {"points": [[1, 2]]}})",
        R"({"a": {"points": [[0, 0]], "radius": 1, "radius": 2}, "b": {"points": [[1, 2]]}})",
        R"({"a": {"points": [[0, 0]], "raduis": 1}, "b": {"points": [[1, 2]]}})",
        R"({"a": {"points": [[123456789012345678901234567890, 0]]}, "b": {"points": [[1, 2]]}})",
        R"({"a": {"points": [[1e400, 0]]}, "b": {"points": [[1, 2]]}})",
        R"({"a": {"points": []}, "b": {"points": [[1, 2]]}})",
        R"({"a": {"points": [[0, 0, 0]]}, "b": {"points": [[1, 2]]}})",
        R"({"a": {"points": [[0, "1"]]}, "b": {"points": [[1, 2]]}})",
        R"({"a": {"points": [[0, 0]], "radius": -1}, "b": {"points": [[1, 2]]}})",
        R"({"a": {"points": [[0, 0]], "angle": null}, "b": {"points": [[1, 2]]}})",
        R"({"a": {"radius": 1}, "b": {"points": [[1, 2]]}})",
        R"({"a": {"points": [[0, 0]]}})",
        R"({"a": {"points": [[0, 0]]}, "b": {"points": [[1, 2]]}} x)",
        R"({"a": {"points": [[0, 0]]}, "b": {"points": [[1, 2]],}})",
        R"([{"a": {"points": [[0, 0]]}, "b": {"points": [[1, 2]]}}])",
        R"({"a": [[0, 0]], "b": {"points": [[1, 2]]}})",
        "",
    };
    for (const char* line : others) {
        EXPECT_FALSE(plain_reads(line)) << line;
    }
}

TEST(PlainQuery, ReadsOnlyPrintableAsciiWithoutBackslash) {
    // Every byte value at every offset of the eight-byte words the reader tests at once.
    for (int byte = 1; byte < 256; ++byte) {
        for (int pad = 0; pad < 16; ++pad) {
            std::string line = R"({"a": {"points": [[0, 0]]}, "b": {"points": [[1, 2]]}, "n": ")";
            line += std::string(std::size_t(pad), 'x');
            line += static_cast<char>(byte);
            line += "xxxxxxxxxxxxxxxx\"}";
            const bool printable = byte >= 0x20 && byte <= 0x7e && byte != '\\' && byte != '"';
            ASSERT_EQ(plain_reads(line), printable) << "byte " << byte << " pad " << pad;
        }
    }
}

// The caps of check_limits, applied by structure: the plain reader reads a line exactly when
// check_limits lets it be parsed (for lines that are otherwise valid queries).
TEST(PlainQuery, KeepsTheCapsOfCheckLimits) {
    const std::string ab =
        R"({"a": {"points": [[0, 0], [1, 0], [0, 1]]}, "b": {"points": [[4, 4]]})";
    const char* const extras[] = {"",
                                  R"(, "x": [1, 2, 3])",
                                  R"(, "x": [1, 2, 3, 4])",
                                  R"(, "x": [[[]]])",
                                  R"(, "x": {"y": {"z": [0]}})",
                                  R"(, "x": {"y": {"z": {"w": 1}}})",
                                  R"(, "x": [[1, 2, 3, 4, 5]])"};
    for (std::size_t max_points : {1, 2, 3, 4, 100}) {
        for (std::size_t max_depth : {1, 2, 3, 4, 5, 64}) {
            for (std::size_t max_line_bytes : {40, 80, 120, 1000}) {
                for (const char* extra : extras) {
                    Options options;
                    options.max_points = max_points;
                    options.max_depth = max_depth;
                    options.max_line_bytes = max_line_bytes;
                    const std::string line = ab + extra + "}";
                    const bool parsable = gjk::contract::check_limits(line, options).empty();
                    const bool valid = std::holds_alternative<Query>(
                        gjk::contract::parse_query_precise(line, options));
                    EXPECT_EQ(plain_reads(line, options), parsable && valid)
                        << line << " points " << max_points << " depth " << max_depth << " bytes "
                        << max_line_bytes;
                }
            }
        }
    }
}
