// contract/jsonl/line.cpp - what the JSONL contracts share (line.hpp, parse.hpp).
#include <algorithm>
#include <string>
#include <vector>

#include "contract/jsonl/line.hpp"
#include "contract/jsonl/parse.hpp"

namespace gjk::contract {

namespace {

using detail::json;

/// A SAX pass that only follows where it is in the document, to name the field of a number
/// that overflows the double range (the DOM parser reports the number, not where it was), or,
/// with a `limit`, the first array holding more than `limit` elements. It builds nothing, so
/// it costs no memory on a line that a DOM would not fit in.
class FieldTracker : public nlohmann::json_sax<json> {
  public:
    std::string error;
    std::size_t limit = 0; ///< most elements an array may hold; 0: no limit

    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t) override { return value(); }
    bool number_unsigned(number_unsigned_t) override { return value(); }
    bool number_float(number_float_t, const string_t&) override { return value(); }
    bool string(string_t&) override { return value(); }
    bool binary(binary_t&) override { return value(); }
    bool start_object(std::size_t) override { return open(false); }
    bool start_array(std::size_t) override { return open(true); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }
    bool key(string_t& k) override {
        frames_.back().key = k;
        return true;
    }
    bool parse_error(std::size_t, const std::string& token,
                     const nlohmann::detail::exception&) override {
        if (limit == 0) {
            error = path(frames_.size()) + ": number is not finite (" + token +
                    " is out of the double range)";
        }
        return false;
    }

  private:
    struct Frame {
        bool array = false;
        std::size_t index = 0;
        std::string key;
    };
    std::vector<Frame> frames_;

    /// The path of the value being read in the first `depth` levels ("a.points[3]").
    std::string path(std::size_t depth) const {
        std::string p;
        for (std::size_t i = 0; i < depth; ++i) {
            const Frame& f = frames_[i];
            if (f.array) {
                p += '[';
                p += std::to_string(f.index);
                p += ']';
            } else {
                if (!p.empty()) {
                    p += '.';
                }
                p += f.key;
            }
        }
        return p;
    }
    bool value() { // a value ended: the next array element has the next index
        if (!frames_.empty() && frames_.back().array) {
            if (++frames_.back().index > limit && limit != 0) {
                error = path(frames_.size() - 1) + ": more than " + std::to_string(limit) +
                        " elements, the limit (--max-points)";
                return false;
            }
        }
        return true;
    }
    bool open(bool array) {
        frames_.push_back({array, 0, {}});
        return true;
    }
    bool close() {
        frames_.pop_back();
        return value();
    }
};

std::string overflow_message(std::string_view line) {
    FieldTracker tracker;
    json::sax_parse(line, &tracker);
    return tracker.error.empty() ? "not JSON: a number is out of the double range" : tracker.error;
}

/// A field's value as JSON: a point is [x, y], a list of records an array of objects.
struct ToJson {
    nlohmann::ordered_json operator()(bool b) const { return b; }
    nlohmann::ordered_json operator()(int n) const { return n; }
    nlohmann::ordered_json operator()(std::uint32_t n) const { return n; }
    nlohmann::ordered_json operator()(double x) const { return x; }
    nlohmann::ordered_json operator()(Vec2<double> p) const {
        return nlohmann::ordered_json::array({p.x, p.y});
    }
    nlohmann::ordered_json operator()(Vec3<double> p) const {
        return nlohmann::ordered_json::array({p.x, p.y, p.z});
    }
    nlohmann::ordered_json operator()(const char* word) const { return word; }
    nlohmann::ordered_json operator()(const std::vector<Fields>& records) const {
        auto list = nlohmann::ordered_json::array();
        for (const Fields& record : records) {
            list.push_back(fields_json(record));
        }
        return list;
    }
    nlohmann::ordered_json operator()(const std::vector<std::vector<Fields>>& lists) const {
        auto list = nlohmann::ordered_json::array();
        for (const std::vector<Fields>& records : lists) {
            list.push_back((*this)(records));
        }
        return list;
    }
};

} // namespace

namespace detail {

bool read_shape(const json& j, const std::string& name, const Options& options, ShapeSpec& shape,
                std::string& error) {
    if (!j.is_object()) {
        error = name + ": expected an object with \"points\"";
        return false;
    }
    for (const auto& [key, value] : j.items()) {
        if (key == "quaternion") {
            error = name + ".quaternion: a 2D shape turns by \"angle\" (a quaternion turns a 3D "
                           "shape, whose points are [x, y, z])";
            return false;
        }
        if (key != "points" && key != "radius" && key != "position" && key != "angle") {
            error = name + "." + key + ": unknown field (expected points, radius, position, angle)";
            return false;
        }
    }
    const auto points = j.find("points");
    if (points == j.end()) {
        error = name + ".points: missing";
        return false;
    }
    if (!points->is_array()) {
        error = name + ".points: expected an array of [x, y]";
        return false;
    }
    if (points->empty()) {
        error = name + ".points: empty (a shape needs at least one point)";
        return false;
    }
    if (!within_point_limit(*points, name, options.max_points, error)) {
        return false;
    }
    if ((*points)[0].is_array() && (*points)[0].size() == 3) {
        error = name + ".points: points of three coordinates: 3D lines are answered by `gjk "
                       "distance` only (this subcommand is 2D)";
        return false;
    }
    if (!read_points(*points, name, shape.points, error) ||
        !read_radius(j, name, shape.radius, error)) {
        return false;
    }
    if (const auto p = j.find("position");
        p != j.end() && !read_point(*p, name + ".position", shape.position, error)) {
        return false;
    }
    if (const auto a = j.find("angle");
        a != j.end() && !read_number(*a, name + ".angle", shape.angle, error)) {
        return false;
    }
    return true;
}

std::variant<Query, std::string> read_shapes(const json& j, const Options& options) {
    Query q;
    std::string error;
    for (const char* name : {"a", "b"}) {
        const auto it = j.find(name);
        if (it == j.end()) {
            return std::string(name) + ": missing";
        }
        if (!read_shape(*it, name, options, name[0] == 'a' ? q.a : q.b, error)) {
            return error;
        }
    }
    return q;
}

bool read_motion_options(const json& j, double& max_fraction, double& target_separation,
                         std::string& error) {
    if (const auto it = j.find("max_fraction"); it != j.end()) {
        if (!read_number(*it, "max_fraction", max_fraction, error)) {
            return false;
        }
        if (!(max_fraction >= 0 && max_fraction <= 1)) {
            error = "max_fraction: " + short_number(max_fraction) + " is not in [0, 1]";
            return false;
        }
    }
    if (const auto it = j.find("target_separation"); it != j.end()) {
        if (!read_number(*it, "target_separation", target_separation, error)) {
            return false;
        }
        if (!(target_separation >= 0)) {
            error = "target_separation: " + short_number(target_separation) + " is negative";
            return false;
        }
    }
    return true;
}

std::variant<json, std::string> parse_object(std::string_view line, const char* expected,
                                             const Options& options) {
    if (std::string limit_error = check_limits(line, options); !limit_error.empty()) {
        return limit_error;
    }
    json j;
    try {
        j = json::parse(line);
    } catch (const json::out_of_range&) {
        return overflow_message(line); // a number beyond the double range, such as 1e400
    } catch (const json::exception& e) {
        const std::string what = e.what();
        // "[json.exception.parse_error.101] parse error at line 1, column 3: ..." -> from "parse"
        const auto at = what.find("parse error");
        return "not JSON: " + (at == std::string::npos ? what : what.substr(at));
    }
    if (!j.is_object()) {
        return std::string("expected an object ") + expected + ", got " + j.type_name();
    }
    return j;
}

std::string error_line(const std::string& message, bool& error) {
    error = true;
    return dump_line({{"error", message}});
}

std::string_view without_cr(std::string_view line) {
    if (!line.empty() && line.back() == '\r') {
        line.remove_suffix(1);
    }
    return line;
}

} // namespace detail

// One pass over the bytes, skipping strings: '[' and '{' open a level, ']' and '}' close one,
// a ',' directly inside an array starts its next element. No allocation but the stack of open
// levels, itself capped by max_depth. Malformed JSON may confuse the counts, which only
// changes which error the line gets: the parser rejects it anyway.
std::string check_limits(std::string_view line, const Options& options) {
    if (line.size() > options.max_line_bytes) {
        return "line: more than " + std::to_string(options.max_line_bytes) +
               " bytes, the limit (--max-line-bytes)";
    }
    struct Level {
        bool array;
        std::size_t elements; // elements begun so far (arrays only)
    };
    // The longest array a query has: a shape's points, or a point's two coordinates (a 3D
    // point's three and a quaternion's four need a --max-points of 3 and 4).
    const std::size_t limit = std::max<std::size_t>(options.max_points, 2);
    std::vector<Level> levels;
    bool in_string = false, escaped = false;
    for (const char c : line) {
        if (in_string) {
            if (escaped) {
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == '"') {
                in_string = false;
            }
            continue;
        }
        switch (c) {
        case '"':
            in_string = true;
            break;
        case '[':
        case '{':
            if (levels.size() >= options.max_depth) {
                return "line: nested more than " + std::to_string(options.max_depth) +
                       " levels deep (arrays and objects)";
            }
            levels.push_back({c == '[', 1});
            break;
        case ']':
        case '}':
            if (!levels.empty()) {
                levels.pop_back();
            }
            break;
        case ',':
            if (!levels.empty() && levels.back().array && ++levels.back().elements > limit) {
                // Name the array with a SAX pass (no DOM): only on this error path.
                FieldTracker tracker;
                tracker.limit = limit;
                json::sax_parse(line, &tracker);
                return tracker.error.empty()
                           ? "line: an array has more than " + std::to_string(limit) +
                                 " elements, the limit (--max-points)"
                           : tracker.error;
            }
            break;
        default:
            break;
        }
    }
    return {};
}

template <class T> std::variant<Prepared<T>, std::string> prepare(const Query& q) {
    Prepared<T> p;
    std::string error;
    if (!detail::convert(q.a, "a", p.a, p.xf_a, error) ||
        !detail::convert(q.b, "b", p.b, p.xf_b, error)) {
        return error;
    }
    return p;
}

template std::variant<Prepared<float>, std::string> prepare<float>(const Query&);
template std::variant<Prepared<double>, std::string> prepare<double>(const Query&);

nlohmann::ordered_json fields_json(const Fields& fields) {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    for (const Field& field : fields) {
        j[field.name] = std::visit(ToJson{}, field.value);
    }
    return j;
}

std::string dump_line(const nlohmann::ordered_json& j) {
    return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

} // namespace gjk::contract
