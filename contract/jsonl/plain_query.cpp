// contract/jsonl/plain_query.cpp - a plain line's shapes, read by simdjson (plain_query.hpp).
#include "contract/jsonl/plain_query.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include <simdjson.h>

namespace gjk::contract {

namespace {

namespace dom = simdjson::dom;

/// Printable ASCII without a backslash: no escape, no control character, no byte the two
/// parsers could validate differently. Eight bytes at a time: a byte of v is flagged in
/// `zero(v)` (its top bit) when it is 0, the classic test that borrows from no other byte's
/// flag; v < 0x20 is flagged by (v - 0x20) & ~v, the top bit by v itself.
bool plain_bytes(std::string_view line) {
    constexpr std::uint64_t ones = 0x0101010101010101, tops = 0x8080808080808080;
    auto zero = [](std::uint64_t v) { return (v - ones) & ~v & tops; };
    std::uint64_t flags = 0;
    std::size_t i = 0;
    for (; i + 8 <= line.size(); i += 8) {
        std::uint64_t v;
        std::memcpy(&v, line.data() + i, 8);
        flags |= v | ((v - 0x20 * ones) & ~v) | zero(v ^ (0x7f * ones)) | zero(v ^ ('\\' * ones));
    }
    bool plain = (flags & tops) == 0;
    for (; i < line.size(); ++i) {
        const auto byte = static_cast<unsigned char>(line[i]);
        plain &= byte >= 0x20 && byte <= 0x7e && byte != '\\';
    }
    return plain;
}

/// The number nlohmann reads from the same text: an integer token is an integer widened to
/// double ("-0" is 0), any other a correctly rounded double ("-0.0" is -0). An integer beyond
/// 64 bits, which nlohmann reads as a double, is an error to simdjson: the precise reader
/// reads that line.
bool read_number(dom::element e, double& out) {
    switch (e.type()) {
    case dom::element_type::INT64:
        out = static_cast<double>(int64_t(e));
        return true;
    case dom::element_type::UINT64:
        out = static_cast<double>(uint64_t(e));
        return true;
    case dom::element_type::DOUBLE:
        out = double(e);
        return true;
    default:
        return false;
    }
}

bool read_point(dom::element e, Vec2<double>& out) {
    dom::array xy;
    if (e.get_array().get(xy) != simdjson::SUCCESS || xy.size() != 2) {
        return false;
    }
    auto it = xy.begin();
    return read_number(*it, out.x) && read_number(*++it, out.y);
}

/// A SHAPE as read_shape (parse.hpp) reads it, or false on anything it would call an error.
bool read_shape(dom::element e, const Options& options, ShapeSpec& shape) {
    dom::object object;
    if (e.get_object().get(object) != simdjson::SUCCESS) {
        return false;
    }
    unsigned seen = 0; // one bit per field: points, radius, position, angle
    for (const dom::key_value_pair field : object) {
        unsigned bit = 0;
        bool read = false;
        if (field.key == "points") {
            bit = 1;
            dom::array points;
            if (field.value.get_array().get(points) != simdjson::SUCCESS) {
                return false;
            }
            const std::size_t count = points.size();
            if (count == 0 || count > options.max_points || count >= 0xFFFFFF) {
                return false; // 0xFFFFFF: simdjson's size saturates there
            }
            shape.points.resize(count);
            std::size_t i = 0;
            read = true;
            for (const dom::element point : points) {
                read &= read_point(point, shape.points[i++]);
            }
        } else if (field.key == "radius") {
            bit = 2;
            read = read_number(field.value, shape.radius) && shape.radius >= 0;
        } else if (field.key == "position") {
            bit = 4;
            read = read_point(field.value, shape.position);
        } else if (field.key == "angle") {
            bit = 8;
            read = read_number(field.value, shape.angle);
        }
        if (!read || (seen & bit) != 0) {
            return false;
        }
        seen |= bit;
    }
    return (seen & 1) != 0;
}

/// Whether an ignored value (an unknown top-level key's) keeps within the caps check_limits
/// applies: nested at most `levels` more levels, no array longer than `longest`.
bool within_limits(dom::element e, std::size_t levels, std::size_t longest) {
    const bool array = e.type() == dom::element_type::ARRAY;
    if (!array && e.type() != dom::element_type::OBJECT) {
        return true;
    }
    if (levels == 0) {
        return false;
    }
    if (array) {
        const dom::array elements(e);
        if (elements.size() > longest) {
            return false;
        }
        for (const dom::element x : elements) {
            if (!within_limits(x, levels - 1, longest)) {
                return false;
            }
        }
        return true;
    }
    for (const dom::key_value_pair field : dom::object(e)) {
        if (!within_limits(field.value, levels - 1, longest)) {
            return false;
        }
    }
    return true;
}

/// A thread's parser and its padded copy of the line (simdjson reads a few bytes past the
/// end), both reused from line to line.
struct Reader {
    dom::parser parser;
    std::string padded;
};

} // namespace

// The caps of check_limits hold on a plain query by its structure: it is within
// max_line_bytes; it nests 4 levels (line, shape, points, point), so a max_depth of at least 4
// admits it; its longest arrays, a shape's points and a point's two coordinates, are within
// the limit read_shape keeps (max_points) and check_limits (max(max_points, 2)). Only the
// values of unknown keys are walked for the caps (within_limits).
std::optional<Query> read_plain_query(std::string_view line, const Options& options) {
    constexpr std::size_t kQueryDepth = 4;
    if (line.size() > options.max_line_bytes || options.max_depth < kQueryDepth ||
        !plain_bytes(line)) {
        return std::nullopt;
    }
    thread_local Reader reader;
    reader.padded.assign(line);
    reader.padded.resize(line.size() + simdjson::SIMDJSON_PADDING);
    dom::element document;
    dom::object object;
    if (reader.parser.parse(reader.padded.data(), line.size(), false).get(document) !=
            simdjson::SUCCESS ||
        document.get_object().get(object) != simdjson::SUCCESS) {
        return std::nullopt;
    }
    Query q;
    unsigned seen = 0; // bit 1: "a", bit 2: "b"
    for (const dom::key_value_pair field : object) {
        const unsigned bit = field.key == "a" ? 1 : field.key == "b" ? 2 : 0;
        if (bit == 0) { // an unknown key, ignored as by the precise reader
            if (!within_limits(field.value, options.max_depth - 1,
                               std::max<std::size_t>(options.max_points, 2))) {
                return std::nullopt;
            }
            continue;
        }
        if ((seen & bit) != 0 || !read_shape(field.value, options, bit == 1 ? q.a : q.b)) {
            return std::nullopt;
        }
        seen |= bit;
    }
    if (seen != 3) {
        return std::nullopt;
    }
    return q;
}

} // namespace gjk::contract
