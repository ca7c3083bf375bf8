// python/src/queries.cpp - one query at a time: gjk.distance and its companions (the contact
// manifold among them), the talk's first two sections, and the `gjk distance` line contract
// in-process (gjk.answer_lines).
//
// Each function calls the library's public API as it is, on the shapes' prepared forms, and
// answers with the contract's answers (contract/): gjk.distance gives the distance answer with
// its rule (penetration()'s normal and depth on contact, contract/distance_answer.hpp), the
// others their fields (contract/fields.hpp) as dicts, with the tool's names.
#include <pybind11/stl.h>

#include <cmath>
#include <string>
#include <vector>

#include "contract/distance_answer.hpp"
#include "contract/jsonl/distance.hpp"
#include "distance_result.hpp"
#include "fields.hpp"
#include "hints.hpp"
#include "pair.hpp"
#include "queries3.hpp"
#include "shapes.hpp"

namespace gjk::python {

namespace {

using contract::widen;

/// The distance answer (contract/distance_answer.hpp), computed without the GIL; the plane's
/// trace already names the points as given (PreparedShape::source_index).
template <class T>
DistanceResult distance_in(const PyShape& a, const PyShape& b, const Pose& pa, const Pose& pb,
                           bool traced) {
    return distance_result<DistanceInput<T>, TraceStep<T>>(make_input<T>(a, b, pa, pb), traced,
                                                           [](auto&) {});
}

DistanceResult distance_py(ShapeArg a, ShapeArg b, ArrayArg pose_a, ArrayArg pose_b,
                           const std::string& precision, bool trace) {
    py::object keep_a, keep_b;
    const PyShape& sa = as_shape(a, "a", keep_a);
    const PyShape& sb = as_shape(b, "b", keep_b);
    const bool single = precision_is_float(precision);
    DistanceResult r;
    if (common_dim(sa.dim, sb.dim, "b") == 3) {
        r = distance3(sa, sb, read_pose3(pose_a, "pose_a"), read_pose3(pose_b, "pose_b"), single,
                      trace);
    } else {
        const Pose pa = read_pose(pose_a, "pose_a"), pb = read_pose(pose_b, "pose_b");
        r = single ? distance_in<float>(sa, sb, pa, pb, trace)
                   : distance_in<double>(sa, sb, pa, pb, trace);
        r.pose_a = pa, r.pose_b = pb, r.single_precision = single;
    }
    r.shape_a = keep_a ? keep_a : py::reinterpret_borrow<py::object>(a);
    r.shape_b = keep_b ? keep_b : py::reinterpret_borrow<py::object>(b);
    return r;
}

/// The result's gradient (gjk/gradient.hpp, gjk/gradient3.hpp in space) on the same shapes and
/// poses, made once; {"a": (3,), "b": (3,)} in the plane, (6,) each in space (the
/// `gjk distance --derivatives` names).
void gradient_of(DistanceResult& r) {
    if (!r.gradient.is_none()) {
        return;
    }
    if (r.dim == 3) {
        gradient3_of(r);
        return;
    }
    const PyShape& a = r.shape_a.cast<const PyShape&>();
    const PyShape& b = r.shape_b.cast<const PyShape&>();
    auto compute = [&](auto scalar) {
        using T = decltype(scalar);
        const DistanceGradient<T> g =
            signed_distance_gradient(make_input<T>(a, b, r.pose_a, r.pose_b));
        r.gradient = gradient_dict(g.a, g.b, 3);
        r.differentiable = g.differentiable;
    };
    if (r.single_precision) {
        compute(float{});
    } else {
        compute(double{});
    }
}

template <class T>
py::dict overlap_in(const PyShape& a, const PyShape& b, const Pose& pa, const Pose& pb) {
    const OverlapOutput<T> out = overlap(make_input<T>(a, b, pa, pb));
    if (out.status == Status::invalid_input) {
        throw py::value_error(to_string(out.error));
    }
    return fields_dict(contract::overlap_fields(out));
}

template <class T>
py::dict penetration_in(const PyShape& a, const PyShape& b, const Pose& pa, const Pose& pb) {
    const PenetrationOutput<T> out = penetration(make_input<T>(a, b, pa, pb));
    if (out.status == Status::invalid_input) {
        throw py::value_error(to_string(out.error));
    }
    return fields_dict(contract::penetration_fields(out));
}

/// The contact manifold with the `gjk manifold` fields (normal, points with point, separation
/// and id), then its status and faces; an invalid input raises ValueError with the library's
/// sentence. The kernel runs without the GIL, as distance does.
template <class T>
py::dict manifold_in(const PyShape& a, const PyShape& b, const Pose& pa, const Pose& pb,
                     double margin) {
    const DistanceInput<T> in = make_input<T>(a, b, pa, pb);
    const T margin_t = within_kernel_range<T>(margin, "margin");
    ManifoldOutput<T> out;
    {
        py::gil_scoped_release release;
        out = manifold(in, margin_t);
    }
    if (out.status == Status::invalid_input) {
        throw py::value_error(to_string(out.error));
    }
    py::dict d = fields_dict(contract::manifold_fields(out));
    d["status"] = to_string(out.status);
    d["reference_is_b"] = out.reference_is_b;
    d["reference_edge"] = out.reference_edge;
    d["incident_edge"] = out.incident_edge;
    return d;
}

/// overlap() and penetration(): f3 on shapes in space, else with_pair(f).
template <class F3, class F>
py::dict in_either_dim(py::handle a, py::handle b, py::handle pose_a, py::handle pose_b,
                       const std::string& precision, const char* function, F3&& f3, F&& f) {
    {
        py::object keep_a, keep_b;
        const PyShape& sa = as_shape(a, "a", keep_a);
        const PyShape& sb = as_shape(b, "b", keep_b);
        if (common_dim(sa.dim, sb.dim, "b") == 3) {
            return f3(sa, sb, read_pose3(pose_a, "pose_a"), read_pose3(pose_b, "pose_b"),
                      precision_is_float(precision));
        }
    }
    return with_pair(a, b, pose_a, pose_b, precision, function, f);
}

/// One input line's bytes: a str is encoded back to the bytes it was decoded from (UTF-8 with
/// surrogateescape, so a line read with errors="surrogateescape" keeps its invalid bytes); one
/// trailing "\n" is dropped, as readlines() leaves it; any other newline is an error.
std::string line_bytes(py::handle item, std::size_t index) {
    std::string bytes;
    if (PyBytes_Check(item.ptr())) {
        bytes = item.cast<std::string>();
    } else if (PyUnicode_Check(item.ptr())) {
        bytes = item.attr("encode")("utf-8", "surrogateescape").cast<std::string>();
    } else {
        throw py::type_error("lines[" + std::to_string(index) + "] must be str or bytes, got " +
                             std::string(py::str(py::type::of(item).attr("__name__"))));
    }
    if (!bytes.empty() && bytes.back() == '\n') {
        bytes.pop_back();
    }
    if (bytes.find('\n') != std::string::npos) {
        throw py::value_error("lines[" + std::to_string(index) +
                              "] holds a newline: give one line per element");
    }
    return bytes;
}

py::list answer_lines(py::iterable lines, const std::string& precision, int threads) {
    std::vector<std::string> in;
    for (py::handle item : lines) {
        in.push_back(line_bytes(item, in.size()));
    }
    contract::Options options;
    options.precision =
        precision_is_float(precision) ? contract::Precision::float32 : contract::Precision::float64;
    std::vector<std::string> out(in.size());
    {
        py::gil_scoped_release release;
        parallel_chunks(in.size(), threads, [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) {
                bool error = false;
                out[i] = contract::process_line(in[i], options, error);
            }
        });
    }
    py::list answers;
    for (const std::string& line : out) {
        answers.append(py::str(line)); // dump_line writes valid UTF-8
    }
    return answers;
}

} // namespace

void register_queries(py::module_& m) {
    py::class_<DistanceResult>(m, "DistanceResult",
                               "gjk.distance's answer, with the `gjk distance` tool's names.")
        .def_readonly("distance", &DistanceResult::distance, "The gap (radii applied), >= 0.")
        .def_property_readonly(
            "point_a", [](const DistanceResult& r) { return point_array(r.point_a, r.dim); },
            "Witness point on A (world); on overlap the common point.")
        .def_property_readonly(
            "point_b", [](const DistanceResult& r) { return point_array(r.point_b, r.dim); },
            "Witness point on B (world).")
        .def_property_readonly(
            "normal", [](const DistanceResult& r) { return point_array(r.normal, r.dim); },
            "Unit normal from A to B; when overlapping, B's minimum translation direction.")
        .def_readonly("overlap", &DistanceResult::overlap, "Touching or overlapping.")
        .def_readonly("penetration", &DistanceResult::penetration,
                      "Overlap depth, radii included (0.0 when not overlapping).")
        .def_readonly("iterations", &DistanceResult::iterations, "GJK iterations.")
        .def_readonly("status", &DistanceResult::status,
                      "separated, touching, overlapping or max_iterations.")
        .def_readonly("termination", &DistanceResult::termination,
                      "Which of the talk's cases ended the loop.")
        .def_readonly("simplices", &DistanceResult::simplices,
                      "With trace=True, every iteration's simplex (else None).")
        .def_property_readonly(
            "gradient",
            [](DistanceResult& r) -> GradientObject {
                gradient_of(r);
                return r.gradient;
            },
            "The signed distance's gradient with respect to each pose, {'a': (3,), 'b': (3,)} "
            "for (x, y, angle); in 3D (6,) each, d/dposition then d/drotation (a small "
            "rotation about the shape's origin, world axes) (as `gjk distance --derivatives`; "
            "computed when first read).")
        .def_property_readonly(
            "differentiable",
            [](DistanceResult& r) {
                gradient_of(r);
                return r.differentiable;
            },
            "False where the signed distance has no derivative (touching, parallel closest "
            "edges): the gradient is then one-sided.")
        .def("__repr__", [](const DistanceResult& r) {
            return "gjk.DistanceResult(distance=" + std::string(py::repr(py::float_(r.distance))) +
                   ", status='" + r.status + "', iterations=" + std::to_string(r.iterations) + ")";
        });

    m.def("distance", &distance_py, py::arg("a"), py::arg("b"), py::arg("pose_a") = default_pose(),
          py::arg("pose_b") = default_pose(), py::kw_only(), py::arg("precision") = "double",
          py::arg("trace") = false,
          R"(Distance, witness points and normal of two convex shapes (GJK).

a, b: gjk.Shape (or array-like points). A pose is (x, y, angle): rotate by angle radians,
then translate. Overlapping or touching, normal and penetration are EPA's, as `gjk distance`.
precision: "double" or "float". trace=True also returns every iteration's simplex.
In 3D (shapes of (n, 3) points, both) a pose is (x, y, z, qx, qy, qz, qw): rotate by the
normalized scalar-last quaternion (its norm within 1e-3 of 1), then translate; the default pose
is the identity in either dimension. The answer has the same names with 3-vectors, as
`gjk distance` answers a 3D line.)");

    m.def(
        "overlap",
        [](ShapeArg a, ShapeArg b, ArrayArg pa, ArrayArg pb, const std::string& p) {
            return in_either_dim(a, b, pa, pb, p, "overlap", overlap3, [](auto t, auto&... args) {
                return overlap_in<decltype(t)>(args...);
            });
        },
        py::arg("a"), py::arg("b"), py::arg("pose_a") = default_pose(),
        py::arg("pose_b") = default_pose(), py::kw_only(), py::arg("precision") = "double");
    m.def(
        "penetration",
        [](ShapeArg a, ShapeArg b, ArrayArg pa, ArrayArg pb, const std::string& p) {
            return in_either_dim(
                a, b, pa, pb, p, "penetration", penetration3,
                [](auto t, auto&... args) { return penetration_in<decltype(t)>(args...); });
        },
        py::arg("a"), py::arg("b"), py::arg("pose_a") = default_pose(),
        py::arg("pose_b") = default_pose(), py::kw_only(), py::arg("precision") = "double");
    m.def(
        "manifold",
        [](ShapeArg a, ShapeArg b, ArrayArg pa, ArrayArg pb, RealArg margin, const std::string& p) {
            const double checked_margin = py::module_::import("gjk._checks")
                                              .attr("as_radius")(margin, "margin")
                                              .cast<double>();
            return with_pair(a, b, pa, pb, p, "manifold", [checked_margin](auto t, auto&... args) {
                return manifold_in<decltype(t)>(args..., checked_margin);
            });
        },
        py::arg("a"), py::arg("b"), py::arg("pose_a") = py::make_tuple(0.0, 0.0, 0.0),
        py::arg("pose_b") = py::make_tuple(0.0, 0.0, 0.0), py::kw_only(), py::arg("margin") = 0.0,
        py::arg("precision") = "double");
    m.def(
        "convex_hull",
        [](ArrayArg points) {
            const py::array_t<double> xy =
                py::module_::import("gjk._checks")
                    .attr("as_points")(points, "points", py::make_tuple(2, 3));
            if (xy.shape(1) == 3) { // finite and within the kernel's range: as convex_hull3 needs
                std::vector<Vec3<double>> pts(static_cast<std::size_t>(xy.shape(0)));
                for (std::size_t i = 0; i < pts.size(); ++i) {
                    pts[i] = {xy.at(i, 0), xy.at(i, 1), xy.at(i, 2)};
                }
                const Hull3<double> hull = convex_hull3<double>(pts);
                return to_array<double>(std::span<const Vec3<double>>(hull.vertices));
            }
            std::vector<Vec2<double>> pts(static_cast<std::size_t>(xy.shape(0)));
            for (std::size_t i = 0; i < pts.size(); ++i) {
                pts[i] = {xy.at(i, 0), xy.at(i, 1)};
            }
            const std::vector<Vec2<double>> hull = convex_hull<double>(pts);
            return to_array<double>(std::span<const Vec2<double>>(hull));
        },
        py::arg("points"),
        R"(The corners of the convex hull of `points` (array-like (n, 2) or (n, 3), n >= 1), as a
float64 (m, 2) or (m, 3) array of input points.

(n, 2): counter-clockwise from the lowest-leftmost point, without repeats or collinear points
(gjk::convex_hull); one distinct point gives one point, collinear points the two extremes.
(n, 3): the exact hull's corners (gjk::convex_hull3: exact orientation tests, no tolerance), no
repeats and no point inside the hull, a face or an edge; by the points' dimension: one distinct
point, that point (1, 3); collinear points, the two extremes (2, 3), the least first in (x, y, z)
order; coplanar points, the polygon's corners in order around it; a polyhedron, its corners in
input order (the first of equal points). Bad points raise ValueError naming the element.)");
    m.def(
        "minkowski_difference",
        [](ShapeArg a, ShapeArg b, ArrayArg pose_a, ArrayArg pose_b) {
            return with_pair(a, b, pose_a, pose_b, "double", "minkowski_difference",
                             [](auto, auto&... args) {
                                 const DistanceInput<double> in = make_input<double>(args...);
                                 const std::vector<Vec2<double>> z =
                                     minkowski_difference(in.a, in.xf_a, in.b, in.xf_b);
                                 return to_array<double>(std::span<const Vec2<double>>(z));
                             });
        },
        py::arg("a"), py::arg("b"), py::arg("pose_a") = py::make_tuple(0.0, 0.0, 0.0),
        py::arg("pose_b") = py::make_tuple(0.0, 0.0, 0.0));
    m.def(
        "closest_point_segment",
        [](ArrayArg a, ArrayArg b, ArrayArg q) {
            return fields_dict(contract::segment_closest_fields(closest_point_segment(
                read_vector(a, "a"), read_vector(b, "b"), read_vector(q, "q"))));
        },
        py::arg("a"), py::arg("b"), py::arg("q"));
    m.def(
        "closest_point_triangle",
        [](ArrayArg a, ArrayArg b, ArrayArg c, ArrayArg q) {
            return fields_dict(contract::triangle_closest_fields(
                closest_point_triangle(read_vector(a, "a"), read_vector(b, "b"),
                                       read_vector(c, "c"), read_vector(q, "q"))));
        },
        py::arg("a"), py::arg("b"), py::arg("c"), py::arg("q"));
    m.def("answer_lines", &answer_lines, py::arg("lines"), py::kw_only(),
          py::arg("precision") = "double", py::arg("threads") = 1,
          R"(The `gjk distance` JSONL contract in-process: each input line (str or bytes, one
trailing newline allowed) to the output line the tool prints for it, byte for byte (without
its newline), error lines included.)");
}

} // namespace gjk::python
