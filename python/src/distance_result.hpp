// python/src/distance_result.hpp - gjk.DistanceResult: gjk.distance's answer in either dimension
// (filled by python/src/queries.cpp in the plane, python/src/queries3.cpp in space).
#pragma once

#include <string>
#include <vector>

#include "contract/distance_answer.hpp"
#include "contract/fields.hpp"
#include "fields.hpp"
#include "hints.hpp"
#include "shapes.hpp"

namespace gjk::python {

/// gjk.distance's answer. Points are kept as numbers (z = 0 in the plane) and become arrays of
/// `dim` coordinates when read.
struct DistanceResult {
    int dim = 2;
    double distance = 0;
    Vec3<double> point_a{}, point_b{}, normal{};
    bool overlap = false;
    double penetration = 0;
    int iterations = 0;
    std::string status, termination;
    TraceObject simplices = py::none();
    // The query, for the gradient, which is computed when first read (gradient_of).
    py::object shape_a, shape_b;
    Pose pose_a{}, pose_b{};    ///< dim 2
    Pose3 pose3_a{}, pose3_b{}; ///< dim 3
    bool single_precision = false;
    py::object gradient = py::none();
    bool differentiable = false;
};

/// A point of the plane as the result keeps it.
inline Vec3<double> lift(Vec2<double> v) {
    return {v.x, v.y, 0.0};
}

/// A point of space as the result keeps it.
inline Vec3<double> lift(Vec3<double> v) {
    return v;
}

/// The dimension of a point type.
template <class T> constexpr int dimension_of(Vec2<T>) {
    return 2;
}
template <class T> constexpr int dimension_of(Vec3<T>) {
    return 3;
}

/// gjk.distance's answer to `in` in either dimension (the contract's answer_distance, computed
/// without the GIL): invalid input raises ValueError naming it; with `traced`, the simplices as
/// `gjk distance --trace` gives them, after `name_points` has made the trace's indices those of
/// the points as given.
template <class Input, class Step, class NamePoints>
DistanceResult distance_result(const Input& in, bool traced, NamePoints name_points) {
    std::vector<Step> trace;
    decltype(contract::answer_distance(in)) answer;
    {
        py::gil_scoped_release release;
        answer = contract::answer_distance(in, traced ? &trace : nullptr);
    }
    const auto& out = answer.output;
    if (out.status == Status::invalid_input) {
        throw py::value_error(to_string(out.error));
    }
    DistanceResult r;
    r.dim = dimension_of(out.point_a);
    r.distance = static_cast<double>(out.distance);
    r.point_a = lift(contract::widen(out.point_a));
    r.point_b = lift(contract::widen(out.point_b));
    r.normal = lift(contract::widen(answer.normal));
    r.overlap = answer.overlap;
    r.penetration = static_cast<double>(answer.depth);
    r.iterations = out.iterations;
    r.status = to_string(out.status);
    r.termination = to_string(out.termination);
    if (traced) {
        name_points(trace);
        r.simplices = field_value(contract::trace_fields(trace)); // as `gjk distance --trace`
    }
    return r;
}

/// A result's point as a float64 array of `dim` coordinates.
inline py::array_t<double> point_array(Vec3<double> v, int dim) {
    return dim == 3 ? to_array(v) : to_array(Vec2<double>{v.x, v.y});
}

/// {"a": (n,), "b": (n,)} float64 arrays of a gradient's two poses, n numbers each (3 in the
/// plane: x, y, angle; 6 in space: position, then rotation).
template <class T> py::dict gradient_dict(const T* a, const T* b, int n) {
    py::array_t<double> ga(n), gb(n);
    for (int k = 0; k < n; ++k) {
        ga.mutable_data()[k] = static_cast<double>(a[k]);
        gb.mutable_data()[k] = static_cast<double>(b[k]);
    }
    py::dict d;
    d["a"] = ga;
    d["b"] = gb;
    return d;
}

} // namespace gjk::python
