// python/src/pair.hpp - what the queries on two shapes in the plane share (python/src/queries.cpp,
// python/src/casts.cpp): the library's input for two shapes at two poses, the call in the
// precision asked for, and a vector argument read as Python gives it.
#pragma once

#include <string>

#include "shapes.hpp"

namespace gjk::python {

/// The library's input for two prepared shapes at two poses (checked: a ValueError otherwise).
template <class T>
DistanceInput<T> make_input(const PyShape& a, const PyShape& b, const Pose& pa, const Pose& pb) {
    check_shape<T>(a, "a");
    check_shape<T>(b, "b");
    DistanceInput<T> in;
    in.a = a.prepared<T>().view();
    in.b = b.prepared<T>().view();
    in.xf_a = to_transform<T>(pa.x, pa.y, pa.angle);
    in.xf_b = to_transform<T>(pb.x, pb.y, pb.angle);
    if (const InputError e = validate(in); e != InputError::none) {
        throw py::value_error(std::string(to_string(e)) + " (in " + precision_name<T>() + ")");
    }
    return in;
}

/// Calls f<float> or f<double> after reading the two shapes (2D: a ValueError naming a shape in
/// space, which gjk.`function` does not answer) and poses.
template <class F>
auto with_pair(py::handle a, py::handle b, py::handle pose_a, py::handle pose_b,
               const std::string& precision, const char* function, F&& f) {
    py::object keep_a, keep_b;
    const PyShape& sa = as_shape(a, "a", keep_a);
    const PyShape& sb = as_shape(b, "b", keep_b);
    require_plane(sa, "a", function);
    require_plane(sb, "b", function);
    const Pose pa = read_pose(pose_a, "pose_a"), pb = read_pose(pose_b, "pose_b");
    return precision_is_float(precision) ? f(float{}, sa, sb, pa, pb) : f(double{}, sa, sb, pa, pb);
}

/// A vector argument (x, y), checked by gjk._checks.as_vector.
inline Vec2<double> read_vector(py::handle value, const char* name) {
    const py::tuple t = py::module_::import("gjk._checks").attr("as_vector")(value, name);
    return {t[0].cast<double>(), t[1].cast<double>()};
}

} // namespace gjk::python
