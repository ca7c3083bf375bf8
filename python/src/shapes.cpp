// python/src/shapes.cpp - gjk.Shape and gjk.ShapeArray (see shapes.hpp).
#include "shapes.hpp"

#include <pybind11/stl.h>

#include <cmath>
#include <thread>

#include "hints.hpp"
#include "rows.hpp"

namespace gjk::python {

template <class T>
PreparedShape<T> prepare_points(const double* xy, std::size_t first, std::size_t last,
                                double radius) {
    std::vector<Vec2<T>> points(last - first);
    for (std::size_t i = first; i < last; ++i) {
        points[i - first] = {static_cast<T>(xy[2 * i]), static_cast<T>(xy[2 * i + 1])};
    }
    return PreparedShape<T>::make(points, static_cast<T>(radius));
}

template PreparedShape<float> prepare_points<float>(const double*, std::size_t, std::size_t,
                                                    double);
template PreparedShape<double> prepare_points<double>(const double*, std::size_t, std::size_t,
                                                      double);

template <class T>
PreparedShape3<T> prepare_points3(const double* xyz, std::size_t first, std::size_t last,
                                  double radius) {
    // Beyond float's kernel range, the float shape's error() says so: reported (or the row made
    // invalid_input) when a float query asks for it, as in the plane.
    std::vector<Vec3<T>> points(last - first);
    for (std::size_t i = first; i < last; ++i) {
        const double* p = xyz + 3 * i;
        points[i - first] = {static_cast<T>(p[0]), static_cast<T>(p[1]), static_cast<T>(p[2])};
    }
    return PreparedShape3<T>::make(points, static_cast<T>(radius));
}

template PreparedShape3<float> prepare_points3<float>(const double*, std::size_t, std::size_t,
                                                      double);
template PreparedShape3<double> prepare_points3<double>(const double*, std::size_t, std::size_t,
                                                        double);

template <class T> T within_kernel_range(double value, const char* name) {
    const T narrowed = static_cast<T>(value);
    if (!(std::abs(narrowed) <= kernel_range<T>())) {
        throw py::value_error(name + (" = " + contract::short_number(value)) + " is beyond " +
                              contract::kernel_range_words<T>());
    }
    return narrowed;
}

template float within_kernel_range<float>(double, const char*);
template double within_kernel_range<double>(double, const char*);

PyShape::PyShape(std::vector<Vec2<double>> points_, double radius_)
    : points(std::move(points_)), radius(radius_) {
    const double* xy = &points.data()->x;
    prepared_double = prepare_points<double>(xy, 0, points.size(), radius);
    prepared_float = prepare_points<float>(xy, 0, points.size(), radius);
}

PyShape::PyShape(std::vector<Vec3<double>> points_, double radius_)
    : dim(3), radius(radius_), points3(std::move(points_)) {
    const double* xyz = &points3.data()->x;
    prepared3_double = prepare_points3<double>(xyz, 0, points3.size(), radius);
    prepared3_float = prepare_points3<float>(xyz, 0, points3.size(), radius);
}

const py::object& default_pose() {
    // Made once and never freed: it outlives the module's functions, whose defaults hold it.
    static const py::object* pose = new py::object(py::make_tuple(0.0, 0.0, 0.0));
    return *pose;
}

int common_dim(int dim_a, int dim_b, const char* name_b) {
    if (dim_a != dim_b) {
        throw py::value_error(std::string(name_b) + " is a " + std::to_string(dim_b) +
                              "D shape, unlike the query's " + std::to_string(dim_a) +
                              "D shapes: the shapes of a query share their dimension");
    }
    return dim_a;
}

void require_plane(const PyShape& shape, const char* name, const char* function) {
    if (shape.dim != 2) {
        throw py::value_error(std::string(name) + " is a 3D shape: gjk." + function +
                              " answers 2D shapes only");
    }
}

PyShapeArray::PyShapeArray(py::array_t<double> points_, py::array_t<std::int64_t> offsets_,
                           py::array_t<double> radii_)
    : points(std::move(points_)), offsets(std::move(offsets_)), radii(std::move(radii_)),
      points_data_(points.data()), offsets_data_(offsets.data()), radii_data_(radii.data()),
      count_(static_cast<std::size_t>(offsets.shape(0)) - 1),
      dim_(static_cast<int>(points.shape(1))) {}

template <class T> const std::vector<PreparedShape<T>>* PyShapeArray::kept(int threads) {
    if (count_ > kKeptShapes) {
        return nullptr;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    bool* ready = std::is_same_v<T, float> ? &kept_float_ready_ : &kept_double_ready_;
    std::vector<PreparedShape<T>>* shapes;
    if constexpr (std::is_same_v<T, float>) {
        shapes = &kept_float_;
    } else {
        shapes = &kept_double_;
    }
    if (!*ready) {
        shapes->resize(count_);
        parallel_chunks(count_, threads, [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) {
                (*shapes)[i] = prepare<T>(i);
            }
        });
        *ready = true;
    }
    return shapes;
}

template const std::vector<PreparedShape<float>>* PyShapeArray::kept<float>(int);
template const std::vector<PreparedShape<double>>* PyShapeArray::kept<double>(int);

namespace {

/// The number at `item` as a double; a TypeError naming `name` when it is not a real number.
double read_number(py::handle item, const char* name) {
    const double value = PyFloat_AsDouble(item.ptr());
    if (value == -1.0 && PyErr_Occurred()) {
        PyErr_Clear();
        throw py::type_error(std::string(name) + " must hold 3 real numbers (x, y, angle), got " +
                             std::string(py::str(py::type::of(item).attr("__name__"))));
    }
    return value;
}

py::module_ checks() {
    return py::module_::import("gjk._checks");
}

} // namespace

Pose read_pose(py::handle value, const char* name) {
    Pose pose;
    if ((PyTuple_Check(value.ptr()) || PyList_Check(value.ptr())) && py::len(value) == 3) {
        const py::sequence s = py::reinterpret_borrow<py::sequence>(value);
        pose = {read_number(s[0], name), read_number(s[1], name), read_number(s[2], name)};
    } else {
        const py::array_t<double> rows = read_pose_rows(value, name);
        if (rows.shape(0) != 1) {
            throw py::value_error(std::string(name) + " must be one pose (x, y, angle), got " +
                                  std::to_string(rows.shape(0)) + " rows");
        }
        pose = {rows.at(0, 0), rows.at(0, 1), rows.at(0, 2)};
    }
    if (!std::isfinite(pose.x) || !std::isfinite(pose.y) || !std::isfinite(pose.angle)) {
        throw py::value_error(std::string(name) + " must be 3 finite numbers (x, y, angle)");
    }
    return pose;
}

bool precision_is_float(const std::string& precision) {
    if (precision == "double") {
        return false;
    }
    if (precision == "float") {
        return true;
    }
    throw py::value_error("precision must be 'double' or 'float', got '" + precision + "'");
}

namespace {

std::unique_ptr<PyShape> make_shape(py::handle points, py::handle radius, const char* points_name,
                                    const char* radius_name) {
    const py::module_ c = checks();
    const py::array_t<double> xy = c.attr("as_points")(points, points_name, py::make_tuple(2, 3));
    const double r = c.attr("as_radius")(radius, radius_name).cast<double>();
    if (xy.shape(1) == 3) {
        std::vector<Vec3<double>> pts(static_cast<std::size_t>(xy.shape(0)));
        for (std::size_t i = 0; i < pts.size(); ++i) {
            pts[i] = {xy.at(i, 0), xy.at(i, 1), xy.at(i, 2)};
        }
        return std::make_unique<PyShape>(std::move(pts), r);
    }
    std::vector<Vec2<double>> pts(static_cast<std::size_t>(xy.shape(0)));
    for (std::size_t i = 0; i < pts.size(); ++i) {
        pts[i] = {xy.at(i, 0), xy.at(i, 1)};
    }
    return std::make_unique<PyShape>(std::move(pts), r);
}

py::array_t<double> given_points(const PyShape& s) {
    if (s.dim == 3) {
        return to_array<double>(std::span<const Vec3<double>>(s.points3));
    }
    return to_array<double>(std::span<const Vec2<double>>(s.points));
}

} // namespace

const PyShape& as_shape(py::handle value, const char* name, py::object& keep_alive) {
    if (py::isinstance<PyShape>(value)) {
        return value.cast<const PyShape&>();
    }
    keep_alive = py::cast(make_shape(value, py::float_(0.0), name, "radius"));
    return keep_alive.cast<const PyShape&>();
}

void register_shapes(py::module_& m) {
    py::class_<PyShape>(m, "Shape", R"(A convex shape prepared once for many queries.

Shape(points, radius=0.0): the convex hull of `points` (array-like (n, 2), n >= 1, in any
order: repeats, collinear and interior points are fine) rounded by `radius` (>= 0): a point,
a circle, a segment, a capsule, a polygon or a rounded polygon. It is validated, reduced to its
counter-clockwise hull and given an O(log n) support search once, in double and in float.
Points of shape (n, 3) make a shape in space (dim 3): a sphere, a capsule, a box, any convex
hull of points rounded by the radius, prepared the same way: reduced to the corners of its exact
hull, its support a scan of up to 16 corners or a climb over the hull's edges.
Bad input raises ValueError (TypeError for a non-numeric dtype) naming the argument.)")
        .def(py::init([](ArrayArg points, RealArg radius) {
                 return make_shape(points, radius, "points", "radius");
             }),
             py::arg("points"), py::arg("radius") = 0.0)
        .def_property_readonly(
            "points",
            [](const PyShape& s) {
                return s.dim == 3 ? to_array<double>(s.prepared3_double.vertices())
                                  : to_array<double>(s.prepared_double.vertices());
            },
            "The hull's vertices, counter-clockwise, as a float64 (h, 2) array; in 3D its "
            "corners, (h, 3), as gjk.convex_hull gives them.")
        .def_property_readonly(
            "dim", [](const PyShape& s) { return s.dim; },
            "2 for a shape in the plane, 3 for a shape in space.")
        .def_property_readonly(
            "radius", [](const PyShape& s) { return s.radius; }, "The rounding radius.")
        .def_property_readonly("given_points", &given_points,
                               "The points as given (trace indices refer to them).")
        .def("__repr__",
             [](const PyShape& s) {
                 const std::string radius = std::string(py::repr(py::float_(s.radius)));
                 if (s.dim == 3) {
                     return "gjk.Shape(" + std::to_string(s.points3.size()) +
                            " points in 3D, hull of " + std::to_string(s.prepared3_double.count()) +
                            ", radius=" + radius + ")";
                 }
                 return "gjk.Shape(" + std::to_string(s.points.size()) + " points, hull of " +
                        std::to_string(s.prepared_double.count()) + ", radius=" + radius + ")";
             })
        .def(py::pickle(
            [](const PyShape& s) { return py::make_tuple(given_points(s), s.radius); },
            [](const py::tuple& t) { return make_shape(t[0], t[1], "points", "radius"); }));

    py::class_<PyShapeArray>(m, "ShapeArray",
                             R"(N shapes as ragged arrays, without a Python object each.

ShapeArray(points, offsets, radii=None): shape i is points[offsets[i]:offsets[i+1]] rounded
by radii[i] (0 when radii is None), the layout of shapely 2's and GeoArrow's ragged arrays.
Points of shape (P, 3) make N shapes in space (dim 3), which the batches read as points, not
prepared (preparing a small hull in space costs about a hundred of its queries).
len() and indexing give Shapes. Structural errors (offsets decreasing or beyond the points,
wrong array shapes) raise ValueError; a shape that is itself bad (empty, NaN, a negative
radius) is a bad row of the batches that use it (status invalid_input).)")
        .def(py::init([](ArrayArg points, ArrayArg offsets, OptionalArrayArg radii) {
                 const py::tuple t = checks().attr("as_shape_array")(points, offsets, radii);
                 return std::make_unique<PyShapeArray>(t[0].cast<py::array_t<double>>(),
                                                       t[1].cast<py::array_t<std::int64_t>>(),
                                                       t[2].cast<py::array_t<double>>());
             }),
             py::arg("points"), py::arg("offsets"), py::arg("radii") = py::none())
        .def("__len__", &PyShapeArray::size)
        .def("__getitem__",
             [](const PyShapeArray& s, py::ssize_t i) {
                 const auto n = static_cast<py::ssize_t>(s.size());
                 if (i < 0) {
                     i += n;
                 }
                 if (i < 0 || i >= n) {
                     throw py::index_error("ShapeArray index out of range");
                 }
                 const auto k = static_cast<std::size_t>(i);
                 const std::string name = "ShapeArray[" + std::to_string(i) + "]";
                 const py::ssize_t dim = s.dim();
                 py::array_t<double> pts({static_cast<py::ssize_t>(s.last(k) - s.first(k)), dim},
                                         s.xy() + dim * static_cast<py::ssize_t>(s.first(k)));
                 return make_shape(pts, py::float_(s.radius(k)), (name + ".points").c_str(),
                                   (name + ".radius").c_str());
             })
        .def_readonly("points", &PyShapeArray::points,
                      "The points of every shape, (P, 2), or (P, 3) in space.")
        .def_property_readonly(
            "dim", [](const PyShapeArray& s) { return s.dim(); },
            "2 for shapes in the plane, 3 for shapes in space.")
        .def_readonly("offsets", &PyShapeArray::offsets, "Shape i's points start at offsets[i].")
        .def_readonly("radii", &PyShapeArray::radii, "Each shape's radius, (N,).")
        .def("__repr__",
             [](const PyShapeArray& s) {
                 return "gjk.ShapeArray(" + std::to_string(s.size()) + " shapes)";
             })
        .def(py::pickle(
            [](const PyShapeArray& s) { return py::make_tuple(s.points, s.offsets, s.radii); },
            [](const py::tuple& t) {
                return std::make_unique<PyShapeArray>(t[0].cast<py::array_t<double>>(),
                                                      t[1].cast<py::array_t<std::int64_t>>(),
                                                      t[2].cast<py::array_t<double>>());
            }));
}

} // namespace gjk::python
