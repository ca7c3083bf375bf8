#include "jsonl.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <type_traits>

namespace gjk::cli {

namespace {

using json = nlohmann::json;

/// Reads a finite number; the error names the field ("a.points[2][0]").
bool read_number(const json& j, const std::string& field, double& out, std::string& error) {
    if (!j.is_number()) {
        error = field + ": expected a number, got " + std::string(j.type_name());
        return false;
    }
    out = j.get<double>();
    if (!std::isfinite(out)) {
        error = field + ": number is not finite (out of the double range)";
        return false;
    }
    return true;
}

bool read_point(const json& j, const std::string& field, Vec2<double>& out, std::string& error) {
    if (!j.is_array() || j.size() != 2) {
        error = field + ": expected [x, y]";
        return false;
    }
    return read_number(j[0], field + "[0]", out.x, error) &&
           read_number(j[1], field + "[1]", out.y, error);
}

bool read_shape(const json& j, const std::string& name, const Options& options, ShapeSpec& shape,
                std::string& error) {
    if (!j.is_object()) {
        error = name + ": expected an object with \"points\"";
        return false;
    }
    for (const auto& [key, value] : j.items()) {
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
    if (points->size() > options.max_points) {
        error = name + ".points: " + std::to_string(points->size()) +
                " points, more than the limit of " + std::to_string(options.max_points);
        return false;
    }
    shape.points.resize(points->size());
    for (std::size_t i = 0; i < points->size(); ++i) {
        if (!read_point((*points)[i], name + ".points[" + std::to_string(i) + "]", shape.points[i],
                        error)) {
            return false;
        }
    }
    if (const auto r = j.find("radius"); r != j.end()) {
        if (!read_number(*r, name + ".radius", shape.radius, error)) {
            return false;
        }
        if (shape.radius < 0) {
            error = name + ".radius: must not be negative";
            return false;
        }
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

template <class T> json point_json(Vec2<T> p) {
    return json::array({static_cast<double>(p.x), static_cast<double>(p.y)});
}

/// "%g" of a double, for messages.
std::string short_number(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", x);
    return buf;
}

/// T's value of x, or an error when it does not fit (a double beyond float's range) or lies
/// beyond the kernel's range in T.
template <class T>
bool narrow(double x, const std::string& field, T& out, std::string& error, bool ranged = true) {
    out = static_cast<T>(x);
    const char* type = std::is_same_v<T, float> ? "float" : "double";
    if (!std::isfinite(out)) {
        error = field + ": " + short_number(x) + " does not fit in " + type;
        return false;
    }
    if (ranged && std::abs(out) > kernel_range<T>()) {
        error = field + ": " + short_number(x) + " is beyond the kernel's range in " + type +
                " (|value| <= " + short_number(kernel_range<T>()) + ")";
        return false;
    }
    return true;
}

template <class T>
bool convert(const ShapeSpec& s, const std::string& name, Shape<T>& shape, Transform<T>& xf,
             std::string& error) {
    shape.points.resize(s.points.size());
    for (std::size_t i = 0; i < s.points.size(); ++i) {
        const std::string field = name + ".points[" + std::to_string(i) + "]";
        if (!narrow(s.points[i].x, field + "[0]", shape.points[i].x, error) ||
            !narrow(s.points[i].y, field + "[1]", shape.points[i].y, error)) {
            return false;
        }
    }
    Vec2<T> position;
    T angle;
    if (!narrow(s.radius, name + ".radius", shape.radius, error) ||
        !narrow(s.position.x, name + ".position[0]", position.x, error) ||
        !narrow(s.position.y, name + ".position[1]", position.y, error) ||
        !narrow(s.angle, name + ".angle", angle, error, /*ranged=*/false)) {
        return false;
    }
    xf = Transform<T>::from(position, angle);
    return true;
}

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

template <class T> std::string compute_line(const Query& q, const Options& options, bool& error) {
    auto prepared = prepare<T>(q);
    if (auto* message = std::get_if<std::string>(&prepared)) {
        error = true;
        return dump_line({{"error", *message}});
    }
    const Prepared<T>& p = std::get<Prepared<T>>(prepared);
    std::vector<TraceStep<T>> trace;
    const DistanceOutput<T> out = distance(p.input(), nullptr, options.trace ? &trace : nullptr);
    if (out.status == Status::invalid_input) {
        error = true;
        return dump_line({{"error", to_string(out.error)}});
    }
    const bool overlap = out.status == Status::touching || out.status == Status::overlapping;
    PenetrationOutput<T> pen;
    if (overlap || options.derivatives) {
        pen = penetration(p.input());
    }
    nlohmann::ordered_json answer = overlap && pen.status != Status::invalid_input
                                        ? answer_json(out, options.trace ? &trace : nullptr, &pen)
                                        : answer_json(out, options.trace ? &trace : nullptr);
    if (options.derivatives) {
        add_gradient(answer, signed_distance_gradient(p.input(), pen));
    }
    return dump_line(answer);
}

template <class T> std::string compute_cast(const CastQuery& q, bool& error) {
    auto prepared = prepare<T>(q.shapes);
    if (auto* message = std::get_if<std::string>(&prepared)) {
        error = true;
        return dump_line({{"error", *message}});
    }
    const Prepared<T>& p = std::get<Prepared<T>>(prepared);
    CastInput<T> in;
    in.a = p.a;
    in.b = p.b;
    in.xf_a = p.xf_a;
    in.xf_b = p.xf_b;
    std::string message;
    if (!narrow(q.translation_a.x, "translation_a[0]", in.translation_a.x, message) ||
        !narrow(q.translation_a.y, "translation_a[1]", in.translation_a.y, message) ||
        !narrow(q.translation_b.x, "translation_b[0]", in.translation_b.x, message) ||
        !narrow(q.translation_b.y, "translation_b[1]", in.translation_b.y, message)) {
        error = true;
        return dump_line({{"error", message}});
    }
    if (!narrow(q.target_separation, "target_separation", in.target_separation, message)) {
        error = true;
        return dump_line({{"error", message}});
    }
    in.max_fraction = static_cast<T>(q.max_fraction);
    const CastOutput<T> out = shape_cast(in);
    if (out.status == CastStatus::invalid_input) {
        error = true;
        return dump_line({{"error", error_message(out)}});
    }
    return dump_line(cast_json(out));
}

template <class T> std::string compute_toi(const ToiQuery& q, bool& error) {
    auto prepared = prepare<T>(q.shapes);
    if (auto* message = std::get_if<std::string>(&prepared)) {
        error = true;
        return dump_line({{"error", *message}});
    }
    const Prepared<T>& p = std::get<Prepared<T>>(prepared);
    ToiInput<T> in;
    in.a = p.a;
    in.b = p.b;
    std::string message;
    T unused;
    for (const char* name : {"sweep_a", "sweep_b"}) {
        const SweepSpec& s = name[6] == 'a' ? q.sweep_a : q.sweep_b;
        const std::string field = name;
        if (!narrow(s.center.x, field + ".center[0]", unused, message) ||
            !narrow(s.center.y, field + ".center[1]", unused, message) ||
            !narrow(s.from.x, field + ".from[0]", unused, message) ||
            !narrow(s.from.y, field + ".from[1]", unused, message) ||
            !narrow(s.from_angle, field + ".from[2]", unused, message, /*ranged=*/false) ||
            !narrow(s.to.x, field + ".to[0]", unused, message) ||
            !narrow(s.to.y, field + ".to[1]", unused, message) ||
            !narrow(s.to_angle, field + ".to[2]", unused, message, /*ranged=*/false)) {
            error = true;
            return dump_line({{"error", message}});
        }
    }
    if (!narrow(q.target_separation, "target_separation", in.target_separation, message)) {
        error = true;
        return dump_line({{"error", message}});
    }
    in.sweep_a = to_sweep<T>(q.sweep_a);
    in.sweep_b = to_sweep<T>(q.sweep_b);
    in.max_fraction = static_cast<T>(q.max_fraction);
    const CastOutput<T> out = time_of_impact(in);
    if (out.status == CastStatus::invalid_input) {
        error = true;
        return dump_line({{"error", error_message(out)}});
    }
    return dump_line(cast_json(out));
}

template <class T> std::string compute_manifold(const ManifoldQuery& q, bool& error) {
    auto prepared = prepare<T>(q.shapes);
    if (auto* message = std::get_if<std::string>(&prepared)) {
        error = true;
        return dump_line({{"error", *message}});
    }
    const Prepared<T>& p = std::get<Prepared<T>>(prepared);
    T margin{};
    std::string message;
    if (!narrow(q.margin, "margin", margin, message)) {
        error = true;
        return dump_line({{"error", message}});
    }
    const ManifoldOutput<T> out = manifold(p.input(), margin);
    if (out.status == Status::invalid_input) {
        error = true;
        return dump_line({{"error", to_string(out.error)}});
    }
    return dump_line(manifold_json(out));
}

/// Parses a line into a JSON object, or an error message; the caps of `options` are checked
/// first, on the bytes (check_limits), so an oversized line is never parsed.
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

/// The optional "max_fraction" (in [0, 1]) and "target_separation" (finite, >= 0) of a cast or
/// time of impact line.
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

/// A SWEEP object: {"center": [x, y], "from": [x, y, angle], "to": [x, y, angle]}.
bool read_sweep(const json& j, const std::string& name, SweepSpec& sweep, std::string& error) {
    if (!j.is_object()) {
        error = name + ": expected {\"center\": [x, y], \"from\": [x, y, angle], \"to\": [x, y, "
                       "angle]}";
        return false;
    }
    for (const auto& item : j.items()) {
        const std::string& key = item.key();
        if (key != "center" && key != "from" && key != "to") {
            error = name + "." + key + ": unknown field (expected center, from, to)";
            return false;
        }
    }
    if (const auto c = j.find("center");
        c != j.end() && !read_point(*c, name + ".center", sweep.center, error)) {
        return false;
    }
    for (const char* end : {"from", "to"}) {
        const std::string field = name + "." + end;
        const auto it = j.find(end);
        if (it == j.end()) {
            error = field + ": missing";
            return false;
        }
        if (!it->is_array() || it->size() != 3) {
            error = field + ": expected [x, y, angle]";
            return false;
        }
        Vec2<double>& p = end[0] == 'f' ? sweep.from : sweep.to;
        double& angle = end[0] == 'f' ? sweep.from_angle : sweep.to_angle;
        if (!read_number((*it)[0], field + "[0]", p.x, error) ||
            !read_number((*it)[1], field + "[1]", p.y, error) ||
            !read_number((*it)[2], field + "[2]", angle, error)) {
            return false;
        }
    }
    return true;
}

/// The shapes "a" and "b" of a parsed line.
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

/// Removes a CR that ends a CRLF line.
std::string_view without_cr(std::string_view line) {
    if (!line.empty() && line.back() == '\r') {
        line.remove_suffix(1);
    }
    return line;
}

} // namespace

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
    // The longest array a query has: a shape's points, or a point's two coordinates.
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

std::variant<Query, std::string> parse_query(std::string_view line, const Options& options) {
    auto parsed = parse_object(line, "{\"a\": SHAPE, \"b\": SHAPE}", options);
    if (auto* message = std::get_if<std::string>(&parsed)) {
        return *message;
    }
    return read_shapes(std::get<json>(parsed), options);
}

std::variant<CastQuery, std::string> parse_cast_query(std::string_view line,
                                                      const Options& options) {
    auto parsed = parse_object(
        line, "{\"a\": SHAPE, \"b\": SHAPE, \"translation_a\": [x, y], \"translation_b\": [x, y]}",
        options);
    if (auto* message = std::get_if<std::string>(&parsed)) {
        return *message;
    }
    const json& j = std::get<json>(parsed);
    auto shapes = read_shapes(j, options);
    if (auto* message = std::get_if<std::string>(&shapes)) {
        return *message;
    }
    CastQuery q;
    q.shapes = std::move(std::get<Query>(shapes));
    std::string error;
    for (const char* name : {"translation_a", "translation_b"}) {
        const auto it = j.find(name);
        Vec2<double>& t = name[12] == 'a' ? q.translation_a : q.translation_b;
        if (it != j.end() && !read_point(*it, name, t, error)) {
            return error;
        }
    }
    if (!read_motion_options(j, q.max_fraction, q.target_separation, error)) {
        return error;
    }
    return q;
}

std::variant<ToiQuery, std::string> parse_toi_query(std::string_view line, const Options& options) {
    auto parsed = parse_object(
        line, "{\"a\": SHAPE, \"b\": SHAPE, \"sweep_a\": SWEEP, \"sweep_b\": SWEEP}", options);
    if (auto* message = std::get_if<std::string>(&parsed)) {
        return *message;
    }
    const json& j = std::get<json>(parsed);
    auto shapes = read_shapes(j, options);
    if (auto* message = std::get_if<std::string>(&shapes)) {
        return *message;
    }
    ToiQuery q;
    q.shapes = std::move(std::get<Query>(shapes));
    for (const char* name : {"a", "b"}) {
        const json& shape = j[name];
        for (const char* pose : {"position", "angle"}) {
            if (shape.contains(pose)) {
                return std::string(name) + "." + pose + ": not allowed in gjk toi (sweep_" + name +
                       " gives the poses)";
            }
        }
    }
    std::string error;
    for (const char* name : {"sweep_a", "sweep_b"}) {
        const auto it = j.find(name);
        if (it == j.end()) {
            return std::string(name) + ": missing";
        }
        if (!read_sweep(*it, name, name[6] == 'a' ? q.sweep_a : q.sweep_b, error)) {
            return error;
        }
    }
    if (!read_motion_options(j, q.max_fraction, q.target_separation, error)) {
        return error;
    }
    return q;
}

std::variant<ManifoldQuery, std::string> parse_manifold_query(std::string_view line,
                                                              const Options& options) {
    auto parsed = parse_object(line, "{\"a\": SHAPE, \"b\": SHAPE, \"margin\": m}", options);
    if (auto* message = std::get_if<std::string>(&parsed)) {
        return *message;
    }
    const json& j = std::get<json>(parsed);
    auto shapes = read_shapes(j, options);
    if (auto* message = std::get_if<std::string>(&shapes)) {
        return *message;
    }
    ManifoldQuery q;
    q.shapes = std::move(std::get<Query>(shapes));
    std::string error;
    if (const auto it = j.find("margin"); it != j.end()) {
        if (!read_number(*it, "margin", q.margin, error)) {
            return error;
        }
        if (!(q.margin >= 0)) {
            return "margin: must be >= 0, got " + short_number(q.margin);
        }
    }
    return q;
}

template <class T> std::variant<Prepared<T>, std::string> prepare(const Query& q) {
    Prepared<T> p;
    std::string error;
    if (!convert(q.a, "a", p.a, p.xf_a, error) || !convert(q.b, "b", p.b, p.xf_b, error)) {
        return error;
    }
    return p;
}

template <class T>
nlohmann::ordered_json answer_json(const DistanceOutput<T>& out,
                                   const std::vector<TraceStep<T>>* trace,
                                   const PenetrationOutput<T>* penetration) {
    nlohmann::ordered_json j;
    j["distance"] = static_cast<double>(out.distance);
    j["point_a"] = point_json(out.point_a);
    j["point_b"] = point_json(out.point_b);
    j["normal"] = point_json(penetration ? penetration->normal : out.normal);
    j["overlap"] = out.status == Status::touching || out.status == Status::overlapping;
    j["iterations"] = out.iterations;
    j["status"] = to_string(out.status);
    if (penetration) {
        j["penetration"] = static_cast<double>(penetration->depth);
    }
    if (trace) {
        auto simplices = nlohmann::ordered_json::array();
        for (const TraceStep<T>& step : *trace) {
            auto vertices = nlohmann::ordered_json::array();
            for (int i = 0; i < step.simplex.count; ++i) {
                const SimplexVertex<T>& v = step.simplex.v[i];
                nlohmann::ordered_json vj;
                vj["index_a"] = v.index_a;
                vj["index_b"] = v.index_b;
                vj["point_a"] = point_json(v.a);
                vj["point_b"] = point_json(v.b);
                vj["minkowski"] = point_json(v.w);
                vj["weight"] = static_cast<double>(v.weight);
                vertices.push_back(std::move(vj));
            }
            simplices.push_back(std::move(vertices));
        }
        j["simplices"] = std::move(simplices);
    }
    return j;
}

template <class T>
void add_gradient(nlohmann::ordered_json& answer, const DistanceGradient<T>& gradient) {
    auto pose = [](const T(&g)[3]) {
        return nlohmann::ordered_json::array(
            {static_cast<double>(g[0]), static_cast<double>(g[1]), static_cast<double>(g[2])});
    };
    answer["gradient"] = {{"a", pose(gradient.a)}, {"b", pose(gradient.b)}};
    answer["differentiable"] = gradient.differentiable;
}

template void add_gradient<float>(nlohmann::ordered_json&, const DistanceGradient<float>&);
template void add_gradient<double>(nlohmann::ordered_json&, const DistanceGradient<double>&);

template <class T> nlohmann::ordered_json cast_json(const CastOutput<T>& out) {
    nlohmann::ordered_json j;
    j["hit"] = out.hit;
    j["fraction"] = static_cast<double>(out.fraction);
    j["point"] = point_json(out.point);
    j["normal"] = point_json(out.normal);
    j["iterations"] = out.iterations;
    j["status"] = to_string(out.status);
    return j;
}

template <class T> nlohmann::ordered_json manifold_json(const ManifoldOutput<T>& out) {
    nlohmann::ordered_json j;
    j["normal"] = point_json(out.normal);
    j["points"] = nlohmann::ordered_json::array();
    for (int i = 0; i < out.count; ++i) {
        nlohmann::ordered_json pj;
        pj["point"] = point_json(out.points[i].point);
        pj["separation"] = static_cast<double>(out.points[i].separation);
        pj["id"] = out.points[i].id;
        j["points"].push_back(std::move(pj));
    }
    return j;
}

std::string dump_line(const nlohmann::ordered_json& j) {
    return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

namespace {

/// One line of a JSONL contract: the query `parse` reads (or an error line naming the field),
/// answered by `compute` in the precision the options name.
template <class Query, class Parse, class Compute>
std::string answer_line_with(std::string_view line, const Options& options, bool& error,
                             Parse parse, Compute compute) {
    error = false;
    auto parsed = parse(without_cr(line), options);
    if (auto* message = std::get_if<std::string>(&parsed)) {
        error = true;
        return dump_line({{"error", *message}});
    }
    const Query& q = std::get<Query>(parsed);
    return options.precision == Precision::float32 ? compute(float{}, q, error)
                                                   : compute(double{}, q, error);
}

} // namespace

std::string process_line(std::string_view line, const Options& options, bool& error) {
    return answer_line_with<Query>(
        line, options, error,
        [](std::string_view l, const Options& o) { return parse_query(l, o); },
        [&options](auto scalar, const Query& q, bool& e) {
            return compute_line<decltype(scalar)>(q, options, e);
        });
}

std::variant<RayQuery, std::string> parse_ray_query(std::string_view line, const Options& options) {
    auto parsed = parse_object(
        line,
        "{\"shape\": SHAPE, \"origin\": [x, y], \"translation\": [x, y], \"max_fraction\": f}",
        options);
    if (auto* message = std::get_if<std::string>(&parsed)) {
        return *message;
    }
    const json& j = std::get<json>(parsed);
    RayQuery q;
    std::string error;
    const auto shape = j.find("shape");
    if (shape == j.end()) {
        return std::string("shape: missing");
    }
    if (!read_shape(*shape, "shape", options, q.shape, error)) {
        return error;
    }
    for (const char* name : {"origin", "translation"}) {
        const auto it = j.find(name);
        if (it == j.end()) {
            return std::string(name) + ": missing";
        }
        if (!read_point(*it, name, name[0] == 'o' ? q.origin : q.translation, error)) {
            return error;
        }
    }
    if (const auto f = j.find("max_fraction"); f != j.end()) {
        if (!read_number(*f, "max_fraction", q.max_fraction, error)) {
            return error;
        }
        if (q.max_fraction < 0) {
            return std::string("max_fraction: must not be negative");
        }
    }
    return q;
}

namespace {

template <class T> std::string compute_ray(const RayQuery& q, bool& error) {
    Shape<T> shape;
    Transform<T> xf;
    Vec2<T> origin, translation;
    T max_fraction;
    std::string message;
    if (!convert(q.shape, "shape", shape, xf, message) ||
        !narrow(q.origin.x, "origin[0]", origin.x, message) ||
        !narrow(q.origin.y, "origin[1]", origin.y, message) ||
        !narrow(q.translation.x, "translation[0]", translation.x, message) ||
        !narrow(q.translation.y, "translation[1]", translation.y, message) ||
        !narrow(q.max_fraction, "max_fraction", max_fraction, message)) {
        error = true;
        return dump_line({{"error", message}});
    }
    const RayCastOutput<T> out = ray_cast(shape.view(), xf, origin, translation, max_fraction);
    if (out.status == CastStatus::invalid_input) {
        error = true;
        return dump_line({{"error", error_message(out)}});
    }
    nlohmann::ordered_json j;
    j["hit"] = out.hit;
    j["fraction"] = static_cast<double>(out.fraction);
    j["point"] = point_json(out.point);
    j["normal"] = point_json(out.normal);
    return dump_line(j);
}

} // namespace

std::string process_ray_line(std::string_view line, const Options& options, bool& error) {
    return answer_line_with<RayQuery>(
        line, options, error,
        [](std::string_view l, const Options& o) { return parse_ray_query(l, o); },
        [](auto scalar, const RayQuery& q, bool& e) {
            return compute_ray<decltype(scalar)>(q, e);
        });
}

std::string process_cast_line(std::string_view line, const Options& options, bool& error) {
    return answer_line_with<CastQuery>(
        line, options, error,
        [](std::string_view l, const Options& o) { return parse_cast_query(l, o); },
        [](auto scalar, const CastQuery& q, bool& e) {
            return compute_cast<decltype(scalar)>(q, e);
        });
}

std::string process_toi_line(std::string_view line, const Options& options, bool& error) {
    return answer_line_with<ToiQuery>(
        line, options, error,
        [](std::string_view l, const Options& o) { return parse_toi_query(l, o); },
        [](auto scalar, const ToiQuery& q, bool& e) {
            return compute_toi<decltype(scalar)>(q, e);
        });
}

std::string process_manifold_line(std::string_view line, const Options& options, bool& error) {
    return answer_line_with<ManifoldQuery>(
        line, options, error,
        [](std::string_view l, const Options& o) { return parse_manifold_query(l, o); },
        [](auto scalar, const ManifoldQuery& q, bool& e) {
            return compute_manifold<decltype(scalar)>(q, e);
        });
}

template std::variant<Prepared<float>, std::string> prepare<float>(const Query&);
template std::variant<Prepared<double>, std::string> prepare<double>(const Query&);
template nlohmann::ordered_json answer_json<float>(const DistanceOutput<float>&,
                                                   const std::vector<TraceStep<float>>*,
                                                   const PenetrationOutput<float>*);
template nlohmann::ordered_json answer_json<double>(const DistanceOutput<double>&,
                                                    const std::vector<TraceStep<double>>*,
                                                    const PenetrationOutput<double>*);
template nlohmann::ordered_json cast_json<float>(const CastOutput<float>&);
template nlohmann::ordered_json cast_json<double>(const CastOutput<double>&);
template nlohmann::ordered_json manifold_json<float>(const ManifoldOutput<float>&);
template nlohmann::ordered_json manifold_json<double>(const ManifoldOutput<double>&);

} // namespace gjk::cli
