// contract/jsonl/parse.hpp - the reading and answering every JSONL contract shares, for the
// contracts' own files (contract/jsonl/*.cpp): fields read with an error naming them, values
// narrowed to the kernel's scalar, one line answered in the precision its options name.
#pragma once

#include <cmath>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "contract/jsonl/line.hpp"
#include "contract/jsonl/line_writer.hpp"
#include "contract/words.hpp"

namespace gjk::contract::detail {

using json = nlohmann::json;

/// Reads a finite number; the error names the field ("a.points[2][0]").
bool read_number(const json& j, const std::string& field, double& out, std::string& error);

/// Reads [x, y] of finite numbers.
bool read_point(const json& j, const std::string& field, Vec2<double>& out, std::string& error);

/// Reads [x, y, z] of finite numbers.
bool read_point(const json& j, const std::string& field, Vec3<double>& out, std::string& error);

/// Whether shape `name`'s "points" (an array) hold at most `max_points`; the error says how many.
bool within_point_limit(const json& points, const std::string& name, std::size_t max_points,
                        std::string& error);

/// Reads shape `name`'s "points" (an array), each [x, y] or [x, y, z] as `Point` is.
template <class Point>
bool read_points(const json& points, const std::string& name, std::vector<Point>& out,
                 std::string& error) {
    out.resize(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (!read_point(points[i], name + ".points[" + std::to_string(i) + "]", out[i], error)) {
            return false;
        }
    }
    return true;
}

/// Reads shape `name`'s optional "radius" (a finite number >= 0) into `radius`; absent, it stays.
bool read_radius(const json& shape, const std::string& name, double& radius, std::string& error);

/// Reads a SHAPE (contract/jsonl/line.hpp) named `name`, at most options.max_points points.
bool read_shape(const json& j, const std::string& name, const Options& options, ShapeSpec& shape,
                std::string& error);

/// The shapes "a" and "b" of a parsed line.
std::variant<Query, std::string> read_shapes(const json& j, const Options& options);

/// The optional "max_fraction" (in [0, 1]) and "target_separation" (finite, >= 0) of a cast or
/// time of impact line.
bool read_motion_options(const json& j, double& max_fraction, double& target_separation,
                         std::string& error);

/// Parses a line into a JSON object, or an error message; the caps of `options` are checked
/// first, on the bytes (check_limits), so an oversized line is never parsed. `expected` shows
/// the object a line of this contract holds.
std::variant<json, std::string> parse_object(std::string_view line, const char* expected,
                                             const Options& options);

/// T's value of x, when it fits in T (a double beyond float's range does not) and, when
/// `ranged`, lies within the kernel's range in T.
template <class T> bool fits(double x, T& out, bool ranged = true) {
    out = static_cast<T>(x);
    return std::isfinite(out) && (!ranged || std::abs(out) <= kernel_range<T>());
}

/// T's value of x, or an error naming the field when it does not fit (fits).
template <class T>
bool narrow(double x, const std::string& field, T& out, std::string& error, bool ranged = true) {
    if (fits(x, out, ranged)) {
        return true;
    }
    if (!std::isfinite(out)) {
        error = field + ": " + short_number(x) + " does not fit in " + precision_name<T>();
    } else {
        error = field + ": " + short_number(x) + " is beyond " + kernel_range_words<T>();
    }
    return false;
}

/// The shape and transform of a ShapeSpec in T, or an error naming the value that does not fit
/// (an angle is not ranged: the rotation is computed from it, not with it).
template <class T>
bool convert(const ShapeSpec& s, const std::string& name, Shape<T>& shape, Transform<T>& xf,
             std::string& error) {
    shape.points.resize(s.points.size());
    for (std::size_t i = 0; i < s.points.size(); ++i) {
        const Vec2<double>& p = s.points[i];
        if (!fits(p.x, shape.points[i].x) || !fits(p.y, shape.points[i].y)) {
            const std::string field = name + ".points[" + std::to_string(i) + "]"; // named late
            if (narrow(p.x, field + "[0]", shape.points[i].x, error)) {
                narrow(p.y, field + "[1]", shape.points[i].y, error);
            }
            return false;
        }
    }
    Vec2<T> position;
    T angle;
    if (!fits(s.radius, shape.radius) || !fits(s.position.x, position.x) ||
        !fits(s.position.y, position.y) || !fits(s.angle, angle, /*ranged=*/false)) {
        // Named late: the chain stops at the first field that does not fit, its message set.
        static_cast<void>(narrow(s.radius, name + ".radius", shape.radius, error) &&
                          narrow(s.position.x, name + ".position[0]", position.x, error) &&
                          narrow(s.position.y, name + ".position[1]", position.y, error) &&
                          narrow(s.angle, name + ".angle", angle, error, /*ranged=*/false));
        return false;
    }
    xf = Transform<T>::from(position, angle);
    return true;
}

/// The error line {"error": message}; sets `error`.
std::string error_line(const std::string& message, bool& error);

/// The answer line of an answer's fields.
inline std::string answer_line(const Fields& fields) {
    return write_line(fields);
}

/// Removes a CR that ends a CRLF line.
std::string_view without_cr(std::string_view line);

/// One line of a JSONL contract: the query `parse` reads (or an error line naming the field),
/// answered by `compute(scalar, query, error)` in the precision the options name.
template <class Query, class Parse, class Compute>
std::string answer_line_with(std::string_view line, const Options& options, bool& error,
                             Parse parse, Compute compute) {
    error = false;
    auto parsed = parse(without_cr(line), options);
    if (auto* message = std::get_if<std::string>(&parsed)) {
        return error_line(*message, error);
    }
    const Query& q = std::get<Query>(parsed);
    return options.precision == Precision::float32 ? compute(float{}, q, error)
                                                   : compute(double{}, q, error);
}

} // namespace gjk::contract::detail
