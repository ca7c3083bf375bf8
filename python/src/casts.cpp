// python/src/casts.cpp - the queries of motion in the plane: gjk.cast (translations),
// gjk.time_of_impact (sweeps: translation and rotation) and gjk.ray_cast, each the library's
// answer with the `gjk cast` fields (contract/fields.hpp) as a dict.
#include <cmath>
#include <string>

#include "contract/fields.hpp"
#include "contract/sweep.hpp"
#include "fields.hpp"
#include "hints.hpp"
#include "pair.hpp"
#include "shapes.hpp"

namespace gjk::python {

namespace {

/// The answer of a cast, a time of impact (CastOutput) or a ray cast (RayCastOutput): the
/// `gjk cast` fields in its order (for a ray, the `gjk raycast` fields, then the iterations and
/// status); an invalid input raises ValueError with the library's sentence.
template <class Output> py::dict cast_dict(const Output& out) {
    if (out.status == CastStatus::invalid_input) {
        throw py::value_error(error_message(out));
    }
    return fields_dict(contract::cast_fields(out));
}

template <class T>
py::dict cast_in(const PyShape& a, const PyShape& b, const Pose& pa, const Pose& pb,
                 Vec2<double> ta, Vec2<double> tb, double target) {
    const DistanceInput<T> shapes = make_input<T>(a, b, pa, pb);
    CastInput<T> in;
    in.a = shapes.a;
    in.b = shapes.b;
    in.xf_a = shapes.xf_a;
    in.xf_b = shapes.xf_b;
    in.translation_a = {static_cast<T>(ta.x), static_cast<T>(ta.y)};
    in.translation_b = {static_cast<T>(tb.x), static_cast<T>(tb.y)};
    in.target_separation = static_cast<T>(target);
    return cast_dict(shape_cast(in));
}

using contract::SweepSpec;

/// A sweep {"center": [x, y], "from": [x, y, angle], "to": [x, y, angle]} (or the tuple
/// (center, from, to)): the shape's local rotation centre and its poses at t = 0 and t = 1,
/// read by gjk._checks.as_sweep.
SweepSpec read_sweep(py::handle value, const char* name) {
    const py::tuple t = py::module_::import("gjk._checks").attr("as_sweep")(value, name);
    SweepSpec s;
    s.center = {t[0].cast<double>(), t[1].cast<double>()};
    s.from = {t[2].cast<double>(), t[3].cast<double>()};
    s.from_angle = t[4].cast<double>();
    s.to = {t[5].cast<double>(), t[6].cast<double>()};
    s.to_angle = t[7].cast<double>();
    return s;
}

template <class T>
py::dict toi_in(const PyShape& a, const PyShape& b, const SweepSpec& sa, const SweepSpec& sb,
                double target) {
    check_shape<T>(a, "a");
    check_shape<T>(b, "b");
    ToiInput<T> in;
    in.a = a.prepared<T>().view();
    in.b = b.prepared<T>().view();
    in.sweep_a = contract::to_sweep<T>(sa);
    in.sweep_b = contract::to_sweep<T>(sb);
    in.target_separation = static_cast<T>(target);
    return cast_dict(time_of_impact(in));
}

template <class T>
py::dict ray_in(const PyShape& shape, const Pose& pose, Vec2<double> origin, Vec2<double> r,
                double max_fraction) {
    check_shape<T>(shape, "shape");
    const RayCastOutput<T> out =
        ray_cast<T>(shape.prepared<T>().view(), to_transform<T>(pose.x, pose.y, pose.angle),
                    {static_cast<T>(origin.x), static_cast<T>(origin.y)},
                    {static_cast<T>(r.x), static_cast<T>(r.y)}, static_cast<T>(max_fraction));
    return cast_dict(out);
}

} // namespace

void register_casts(py::module_& m) {
    m.def(
        "cast",
        [](ShapeArg a, ShapeArg b, ArrayArg pa, ArrayArg pb, ArrayArg ta, ArrayArg tb,
           const std::string& p, double target) {
            const Vec2<double> va = read_vector(ta, "translation_a");
            const Vec2<double> vb = read_vector(tb, "translation_b");
            py::module_::import("gjk._checks").attr("as_radius")(target, "target_separation");
            return with_pair(a, b, pa, pb, p, "cast", [&](auto t, auto&... args) {
                return cast_in<decltype(t)>(args..., va, vb, target);
            });
        },
        py::arg("a"), py::arg("b"), py::arg("pose_a") = py::make_tuple(0.0, 0.0, 0.0),
        py::arg("pose_b") = py::make_tuple(0.0, 0.0, 0.0),
        py::arg("translation_a") = py::make_tuple(0.0, 0.0),
        py::arg("translation_b") = py::make_tuple(0.0, 0.0), py::kw_only(),
        py::arg("precision") = "double", py::arg("target_separation") = 0.0);
    m.def(
        "time_of_impact",
        [](ShapeArg a, ShapeArg b, SweepArg sweep_a, SweepArg sweep_b, const std::string& p,
           double target) {
            py::object keep_a, keep_b;
            const PyShape& sa = as_shape(a, "a", keep_a);
            const PyShape& sb = as_shape(b, "b", keep_b);
            require_plane(sa, "a", "time_of_impact");
            require_plane(sb, "b", "time_of_impact");
            const SweepSpec wa = read_sweep(sweep_a, "sweep_a");
            const SweepSpec wb = read_sweep(sweep_b, "sweep_b");
            py::module_::import("gjk._checks").attr("as_radius")(target, "target_separation");
            return precision_is_float(p) ? toi_in<float>(sa, sb, wa, wb, target)
                                         : toi_in<double>(sa, sb, wa, wb, target);
        },
        py::arg("a"), py::arg("b"), py::arg("sweep_a"), py::arg("sweep_b"), py::kw_only(),
        py::arg("precision") = "double", py::arg("target_separation") = 0.0);
    m.def(
        "ray_cast",
        [](ShapeArg shape, ArrayArg origin, ArrayArg translation, ArrayArg pose,
           double max_fraction, const std::string& p) {
            py::object keep;
            const PyShape& s = as_shape(shape, "shape", keep);
            require_plane(s, "shape", "ray_cast");
            const Vec2<double> o = read_vector(origin, "origin");
            const Vec2<double> r = read_vector(translation, "translation");
            const Pose xf = read_pose(pose, "pose");
            if (!(max_fraction >= 0) || !std::isfinite(max_fraction)) {
                throw py::value_error("max_fraction must be a finite number >= 0");
            }
            return precision_is_float(p) ? ray_in<float>(s, xf, o, r, max_fraction)
                                         : ray_in<double>(s, xf, o, r, max_fraction);
        },
        py::arg("shape"), py::arg("origin"), py::arg("translation"),
        py::arg("pose") = py::make_tuple(0.0, 0.0, 0.0), py::arg("max_fraction") = 1.0,
        py::kw_only(), py::arg("precision") = "double");
}

} // namespace gjk::python
