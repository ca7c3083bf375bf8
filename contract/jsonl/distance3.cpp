// contract/jsonl/distance3.cpp - the 3D lines of `gjk distance` (distance3.hpp).
#include "contract/jsonl/distance3.hpp"

#include <cmath>

#include "contract/distance_answer.hpp"
#include "contract/jsonl/line_writer.hpp"
#include "gjk/gradient3.hpp"
#include "gjk/instantiations.hpp"

namespace gjk::contract {

namespace detail {

namespace {

/// Reads exactly `count` finite numbers of an array into `out`; `form` shows the array.
bool read_numbers(const json& j, const std::string& field, double* out, std::size_t count,
                  const char* form, std::string& error) {
    if (!j.is_array() || j.size() != count) {
        error = field + ": expected " + form;
        return false;
    }
    for (std::size_t i = 0; i < count; ++i) {
        if (!read_number(j[i], field + "[" + std::to_string(i) + "]", out[i], error)) {
            return false;
        }
    }
    return true;
}

/// A shape's dimension by its first point: 3 for [x, y, z], else 2 (whatever else it holds,
/// the 2D reader names the error).
int dimension(const json& shape) {
    if (!shape.is_object()) {
        return 2;
    }
    const auto points = shape.find("points");
    return points != shape.end() && points->is_array() && !points->empty() &&
                   (*points)[0].is_array() && (*points)[0].size() == 3
               ? 3
               : 2;
}

bool read_shape3(const json& j, const std::string& name, const Options& options, ShapeSpec3& shape,
                 std::string& error) {
    for (const auto& [key, value] : j.items()) {
        if (key == "angle") {
            error = name + ".angle: a 3D shape turns by \"quaternion\": [qx, qy, qz, qw], not by "
                           "an angle";
            return false;
        }
        if (key != "points" && key != "radius" && key != "position" && key != "quaternion") {
            error = name + "." + key +
                    ": unknown field (expected points, radius, position, quaternion)";
            return false;
        }
    }
    const json& points = j["points"]; // dimension() found it: an array whose first point is 3D
    if (!within_point_limit(points, name, options.max_points, error) ||
        !read_points(points, name, shape.points, error) ||
        !read_radius(j, name, shape.radius, error)) {
        return false;
    }
    if (const auto p = j.find("position");
        p != j.end() && !read_point(*p, name + ".position", shape.position, error)) {
        return false;
    }
    if (const auto q = j.find("quaternion"); q != j.end()) {
        double xyzw[4];
        if (!read_numbers(*q, name + ".quaternion", xyzw, 4, "[qx, qy, qz, qw]", error)) {
            return false;
        }
        shape.quaternion = {xyzw[0], xyzw[1], xyzw[2], xyzw[3]};
        const double norm = std::sqrt(norm_squared(shape.quaternion));
        if (!gjk::detail::rotation_norm_ok(norm_squared(shape.quaternion))) { // the kernel's rule
            error = name + ".quaternion: its norm " + short_number(norm) +
                    " is not within 1e-3 of 1 (a rotation is a unit quaternion)";
            return false;
        }
    }
    return true;
}

} // namespace

bool is_space_line(const json& j) {
    for (const char* name : {"a", "b"}) {
        if (const auto it = j.find(name); it != j.end() && dimension(*it) == 3) {
            return true;
        }
    }
    return false;
}

std::variant<Query3, std::string> read_shapes3(const json& j, const Options& options) {
    Query3 q;
    std::string error;
    for (const char* name : {"a", "b"}) {
        const auto it = j.find(name);
        if (it == j.end()) {
            return std::string(name) + ": missing";
        }
        if (dimension(*it) != 3) {
            return std::string(name) +
                   ": a 2D shape in a 3D line (the shapes of a line share their dimension: "
                   "points of [x, y, z] both, or of [x, y] both)";
        }
        if (!read_shape3(*it, name, options, name[0] == 'a' ? q.a : q.b, error)) {
            return error;
        }
    }
    return q;
}

} // namespace detail

namespace {

/// A 3D query in scalar T: the shapes and transforms the library's input views.
template <class T> struct Prepared3 {
    std::vector<Vec3<T>> a, b;
    T radius_a{0}, radius_b{0};
    Transform3<T> xf_a, xf_b;
    /// The library's input; it views a and b, so it is valid while this object lives.
    DistanceInput3<T> input() const {
        DistanceInput3<T> in;
        in.a = ShapeView3<T>(a, radius_a), in.b = ShapeView3<T>(b, radius_b);
        in.xf_a = xf_a, in.xf_b = xf_b;
        return in;
    }
};

/// A shape in T, or an error naming the value that does not fit (a quaternion's components
/// are not ranged: they are at most 1).
template <class T>
bool convert3(const ShapeSpec3& s, const std::string& name, std::vector<Vec3<T>>& points, T& radius,
              Transform3<T>& xf, std::string& error) {
    points.resize(s.points.size());
    auto vector = [&error](Vec3<double> v, const std::string& field, Vec3<T>& out) {
        return detail::narrow(v.x, field + "[0]", out.x, error) &&
               detail::narrow(v.y, field + "[1]", out.y, error) &&
               detail::narrow(v.z, field + "[2]", out.z, error);
    };
    for (std::size_t i = 0; i < s.points.size(); ++i) {
        if (!vector(s.points[i], name + ".points[" + std::to_string(i) + "]", points[i])) {
            return false;
        }
    }
    const double q[4] = {s.quaternion.x, s.quaternion.y, s.quaternion.z, s.quaternion.w};
    T qt[4];
    for (int i = 0; i < 4; ++i) {
        if (!detail::narrow(q[i], name + ".quaternion[" + std::to_string(i) + "]", qt[i], error,
                            /*ranged=*/false)) {
            return false;
        }
    }
    xf.q = {qt[0], qt[1], qt[2], qt[3]};
    return detail::narrow(s.radius, name + ".radius", radius, error) &&
           vector(s.position, name + ".position", xf.p);
}

template <class T> std::string answer_in(const Query3& q, const Options& options, bool& error) {
    Prepared3<T> p;
    std::string message;
    if (!convert3(q.a, "a", p.a, p.radius_a, p.xf_a, message) ||
        !convert3(q.b, "b", p.b, p.radius_b, p.xf_b, message)) {
        return detail::error_line(message, error);
    }
    const DistanceInput3<T> input = p.input();
    std::vector<TraceStep3<T>> trace;
    PenetrationOutput3<T> penetration; // for the gradient
    const DistanceAnswer3<T> answer = answer_distance(input, options.trace ? &trace : nullptr,
                                                      options.derivatives ? &penetration : nullptr);
    if (answer.output.status == Status::invalid_input) {
        return detail::error_line(to_string(answer.output.error), error);
    }
    std::string line;
    line.reserve(256);
    line += '{';
    append_members(line, distance_fields(answer, options.trace ? &trace : nullptr));
    if (options.derivatives) {
        append_gradient(line, signed_distance_gradient(input, penetration));
    }
    line += '}';
    return line;
}

} // namespace

std::string answer_space_line(const Query3& q, const Options& options, bool& error) {
    return options.precision == Precision::float32 ? answer_in<float>(q, options, error)
                                                   : answer_in<double>(q, options, error);
}

} // namespace gjk::contract
