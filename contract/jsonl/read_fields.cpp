// contract/jsonl/read_fields.cpp - the JSON fields every contract's shape is made of, read with an
// error naming the field (parse.hpp): a number, a point in the plane or in space, the limit on a
// shape's points, its radius.
#include <string>

#include "contract/jsonl/parse.hpp"

namespace gjk::contract::detail {

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

bool read_point(const json& j, const std::string& field, Vec3<double>& out, std::string& error) {
    if (!j.is_array() || j.size() != 3) {
        error = field + ": expected [x, y, z]";
        return false;
    }
    return read_number(j[0], field + "[0]", out.x, error) &&
           read_number(j[1], field + "[1]", out.y, error) &&
           read_number(j[2], field + "[2]", out.z, error);
}

bool within_point_limit(const json& points, const std::string& name, std::size_t max_points,
                        std::string& error) {
    if (points.size() > max_points) {
        error = name + ".points: " + std::to_string(points.size()) +
                " points, more than the limit of " + std::to_string(max_points);
        return false;
    }
    return true;
}

bool read_radius(const json& shape, const std::string& name, double& radius, std::string& error) {
    if (const auto r = shape.find("radius"); r != shape.end()) {
        if (!read_number(*r, name + ".radius", radius, error)) {
            return false;
        }
        if (radius < 0) {
            error = name + ".radius: must not be negative";
            return false;
        }
    }
    return true;
}

} // namespace gjk::contract::detail
