// contract/jsonl/distance3.hpp - the 3D lines of `gjk distance` (contract/jsonl/distance.hpp): a
// line is 3D when its shapes' points have three coordinates.
//
//   SHAPE3 = {"points": [[x, y, z], ...], "radius": r, "position": [x, y, z],
//             "quaternion": [qx, qy, qz, qw]}
// radius, position and quaternion are optional (0, [0, 0, 0], [0, 0, 0, 1]); the quaternion is
// scalar-last (the order of ROS, scipy and Eigen's storage); world point = rotate the local
// point by the normalized quaternion, then add position. A quaternion whose norm is not within
// 1e-3 of 1, a line mixing 2D and 3D shapes, or an "angle" in a 3D shape is an error line
// naming it. The answer has the 2D line's fields and order with 3-vectors (distance, point_a,
// point_b, normal, overlap, iterations, status, and "penetration" on contact), "simplices" of
// 3D vertices with --trace, and with --derivatives "gradient": {"a": [6], "b": [6]} (d/dposition
// then d/drotation, gjk/gradient3.hpp) and "differentiable". The other subcommands answer a 3D
// line with an error line saying they are 2D only (contract/jsonl/line.cpp, read_point).
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "contract/jsonl/parse.hpp"
#include "gjk/distance3.hpp"

namespace gjk::contract {

/// A shape of a 3D line, as the line gives it.
struct ShapeSpec3 {
    std::vector<Vec3<double>> points;
    double radius = 0;
    Vec3<double> position{};
    Quat<double> quaternion{}; ///< scalar-last; the identity by default
};

/// The two shapes of a 3D line.
struct Query3 {
    ShapeSpec3 a, b;
};

namespace detail {

/// Whether a parsed line is 3D: one of its shapes has a first point of three numbers.
bool is_space_line(const json& j);

/// The shapes "a" and "b" of a parsed 3D line, or an error naming the field.
std::variant<Query3, std::string> read_shapes3(const json& j, const Options& options);

} // namespace detail

/// The answer line of a 3D query (its error line when a value does not fit the precision);
/// `error` is set for an error line.
std::string answer_space_line(const Query3& q, const Options& options, bool& error);

} // namespace gjk::contract
