// python/src/shapes.hpp - the Python package's shapes: gjk.Shape and gjk.ShapeArray.
//
// A gjk.Shape is prepared once in both precisions (PreparedShape<double> and <float>), so a
// query in either costs no preparation. A gjk.ShapeArray holds N shapes as ragged arrays (no
// Python object per shape); a batch prepares its shapes as it reaches them, in blocks, and a
// small array keeps what it prepared for the next batch (see PyShapeArray).
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "contract/words.hpp"
#include "gjk/gjk.hpp"

namespace gjk::python {

namespace py = pybind11;

using contract::precision_name;

/// gjk.Shape: the points as given (so that pickling keeps every index a trace reports) and the
/// shape prepared in both precisions. A shape valid in double may be invalid in float (a
/// coordinate beyond float's kernel range): its float error is reported when float is asked.
///
/// A shape of (n, 3) points is a shape in space (dim 3), prepared the same way in both
/// precisions (PreparedShape3: its hull, a scan of at most 16 corners or a climb over its edges),
/// the float one from the points narrowed to float; the plane's prepared members stay empty.
struct PyShape {
    int dim = 2;
    std::vector<Vec2<double>> points;
    double radius = 0;
    PreparedShape<double> prepared_double;
    PreparedShape<float> prepared_float;
    std::vector<Vec3<double>> points3; ///< dim 3: the points as given
    PreparedShape3<double> prepared3_double;
    PreparedShape3<float> prepared3_float;

    PyShape(std::vector<Vec2<double>> points, double radius);
    PyShape(std::vector<Vec3<double>> points, double radius);

    /// The shape in space prepared in T (dim 3 only; its error() says whether T holds it).
    template <class T> const PreparedShape3<T>& prepared3() const {
        if constexpr (std::is_same_v<T, float>) {
            return prepared3_float;
        } else {
            return prepared3_double;
        }
    }

    /// The shape in space as the 3D queries view it, in T (dim 3 only): the prepared shape's
    /// view; an invalid shape's has no points, which the queries answer invalid_input.
    template <class T> ShapeView3<T> view3() const { return prepared3<T>().view(); }

    template <class T> const PreparedShape<T>& prepared() const {
        if constexpr (std::is_same_v<T, float>) {
            return prepared_float;
        } else {
            return prepared_double;
        }
    }

    /// What is wrong with the shape prepared in T, in either dimension (none: it may be queried).
    template <class T> ShapeError error() const {
        return dim == 3 ? prepared3<T>().error() : prepared<T>().error();
    }
};

/// A ValueError naming the argument ("a has a coordinate beyond the kernel's range in float
/// ...", contract::shape_error_words) when `shape` is not usable in T.
template <class T> void check_shape(const PyShape& shape, const char* name) {
    if (const ShapeError e = shape.error<T>(); e != ShapeError::none) {
        throw py::value_error(std::string(name) + " " + contract::shape_error_words<T>(e));
    }
}

/// Prepares points[first, last) with `radius` in T (the points narrowed to T).
template <class T>
PreparedShape<T> prepare_points(const double* xy, std::size_t first, std::size_t last,
                                double radius);

/// The same in space: points[first, last) of the (x, y, z) rows `xyz`.
template <class T>
PreparedShape3<T> prepare_points3(const double* xyz, std::size_t first, std::size_t last,
                                  double radius);

/// gjk.ShapeArray: shape i is points[offsets[i]:offsets[i+1]] with radii[i]. The arrays are
/// the ones the checks returned (C-contiguous float64 and int64), held, not copied.
///
/// Up to kKeptShapes shapes, the first batch in a precision prepares every shape and keeps
/// them: an array of obstacles queried frame after frame is prepared once. A larger array is
/// prepared block by block in each batch and nothing is kept, so a batch of 10^6 rows costs
/// its inputs, its outputs and one block of prepared shapes per thread
/// (python/tests/test_batch.py, MillionRowsStayWithinTwiceTheirArrays).
///
/// Shapes in space (dim 3) are not prepared: a batch reads each row's points as given (a scan,
/// SIMD lanes for rows of at most 16 points). Preparing a small hull in space costs about a
/// hundred times its query (its exact hull and, up to 16 corners, its faces and edges:
/// docs/performance.md), which an array of shapes each queried once would pay on every row.
class PyShapeArray {
  public:
    static constexpr std::size_t kKeptShapes = std::size_t(1) << 16;

    PyShapeArray(py::array_t<double> points, py::array_t<std::int64_t> offsets,
                 py::array_t<double> radii);

    std::size_t size() const { return count_; }
    /// 2 for (P, 2) points, 3 for (P, 3): shapes in space.
    int dim() const { return dim_; }
    double radius(std::size_t i) const { return radii_data_[i]; }
    std::size_t first(std::size_t i) const { return static_cast<std::size_t>(offsets_data_[i]); }
    std::size_t last(std::size_t i) const { return static_cast<std::size_t>(offsets_data_[i + 1]); }
    const double* xy() const { return points_data_; }

    template <class T> PreparedShape<T> prepare(std::size_t i) const {
        return prepare_points<T>(points_data_, first(i), last(i), radius(i));
    }

    /// Every shape prepared in T, made on the first call (on `threads` threads; call without
    /// the GIL) and kept; null when the array is larger than kKeptShapes.
    template <class T> const std::vector<PreparedShape<T>>* kept(int threads);

    py::array_t<double> points;
    py::array_t<std::int64_t> offsets;
    py::array_t<double> radii;

  private:
    const double* points_data_;
    const std::int64_t* offsets_data_;
    const double* radii_data_;
    std::size_t count_;
    int dim_;
    std::mutex mutex_;
    bool kept_double_ready_ = false, kept_float_ready_ = false;
    std::vector<PreparedShape<double>> kept_double_;
    std::vector<PreparedShape<float>> kept_float_;
};

/// The default pose of the queries that take both dimensions ((0.0, 0.0, 0.0) in their
/// signatures): one object, so that a query can tell it from a pose the caller gave and read it
/// as the identity in either dimension.
const py::object& default_pose();

/// The dimension of a query's shapes: 2 or 3; a ValueError naming `name_b` when b's differs
/// from a's.
int common_dim(int dim_a, int dim_b, const char* name_b);

/// A ValueError naming `name` when `shape` is a shape in space and `function` answers in the
/// plane only.
void require_plane(const PyShape& shape, const char* name, const char* function);

/// A pose (x, y, angle) read from a tuple, a list or an array of 3 numbers; a ValueError or
/// TypeError naming `name` otherwise (NaN and infinities included).
struct Pose {
    double x = 0, y = 0, angle = 0;
};
Pose read_pose(py::handle value, const char* name);

/// A pose in space (x, y, z, qx, qy, qz, qw): rotate by the quaternion (scalar last,
/// normalized by the query), then translate (the `gjk distance` 3D line's rule).
struct Pose3 {
    double x = 0, y = 0, z = 0;
    double qx = 0, qy = 0, qz = 0, qw = 1;
};

/// A pose in space read from a tuple, a list or an array of 7 numbers (the default pose is the
/// identity); a ValueError or TypeError naming `name` otherwise (NaN and infinities included, a
/// pose of the plane, a quaternion whose norm is not within 1e-3 of 1).
Pose3 read_pose3(py::handle value, const char* name);

/// The transform of a pose in T: rotate by angle, then translate (the `gjk` tool's rule).
template <class T> Transform<T> to_transform(double x, double y, double angle) {
    return Transform<T>::from({static_cast<T>(x), static_cast<T>(y)}, static_cast<T>(angle));
}

/// `value` as a shape: a gjk.Shape as it is, anything else through gjk.Shape(value), whose
/// checks name `name` ("a must have shape (n, 2)...").
const PyShape& as_shape(py::handle value, const char* name, py::object& keep_alive);

/// `value` (finite, checked by the caller) narrowed to T; a ValueError naming `name` when it is
/// beyond the kernel's range in T, as gjk._checks words it for double.
template <class T> T within_kernel_range(double value, const char* name);

/// True for "float", false for "double"; a ValueError otherwise.
bool precision_is_float(const std::string& precision);

/// A numpy float64 array of shape (2,) holding v.
template <class T> py::array_t<double> to_array(Vec2<T> v) {
    py::array_t<double> a(2);
    double* data = a.mutable_data();
    data[0] = static_cast<double>(v.x);
    data[1] = static_cast<double>(v.y);
    return a;
}

/// A numpy float64 array of shape (3,) holding v.
template <class T> py::array_t<double> to_array(Vec3<T> v) {
    py::array_t<double> a(3);
    double* data = a.mutable_data();
    data[0] = static_cast<double>(v.x);
    data[1] = static_cast<double>(v.y);
    data[2] = static_cast<double>(v.z);
    return a;
}

/// A numpy float64 (n, 2) array of the points.
template <class T> py::array_t<double> to_array(std::span<const Vec2<T>> points) {
    py::array_t<double> a({static_cast<py::ssize_t>(points.size()), py::ssize_t(2)});
    double* data = a.mutable_data();
    for (std::size_t i = 0; i < points.size(); ++i) {
        data[2 * i] = static_cast<double>(points[i].x);
        data[2 * i + 1] = static_cast<double>(points[i].y);
    }
    return a;
}

/// A numpy float64 (n, 3) array of the points.
template <class T> py::array_t<double> to_array(std::span<const Vec3<T>> points) {
    py::array_t<double> a({static_cast<py::ssize_t>(points.size()), py::ssize_t(3)});
    double* data = a.mutable_data();
    for (std::size_t i = 0; i < points.size(); ++i) {
        data[3 * i] = static_cast<double>(points[i].x);
        data[3 * i + 1] = static_cast<double>(points[i].y);
        data[3 * i + 2] = static_cast<double>(points[i].z);
    }
    return a;
}

void register_shapes(py::module_& m);
void register_queries(py::module_& m);
void register_casts(py::module_& m);
void register_batch(py::module_& m);
void register_ray_batch(py::module_& m);

} // namespace gjk::python
