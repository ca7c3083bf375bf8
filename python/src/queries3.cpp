// python/src/queries3.cpp - the queries of shapes in space (queries3.hpp).
//
// Each function calls the library's 3D API as it is (gjk/distance3.hpp, penetration3.hpp,
// gradient3.hpp) and answers with the contract's answers (contract/): gjk.distance gives the
// distance answer with its rule (contract::answer_distance for DistanceInput3), as the
// `gjk distance` tool does for a 3D line (contract/jsonl/distance3.cpp). A pose is (x, y, z, qx,
// qy, qz, qw), the tool's "position" and scalar-last "quaternion", passed to the library as given
// (the library normalizes the quaternion), so that both answer alike.
#include "queries3.hpp"

#include <algorithm>
#include <cmath>
#include <span>
#include <string>
#include <vector>

#include "contract/distance_answer.hpp"
#include "contract/fields.hpp"
#include "fields.hpp"

namespace gjk::python {

namespace {

/// The pose's fields, as the error messages name them.
constexpr const char* kPose3Fields = "(x, y, z, qx, qy, qz, qw) of a 3D shape";

/// The rows of a pose column in space: (1, 7) holding the identity for the default pose, else
/// read_rows' (rows, 7) array.
py::array_t<double> read_pose3_rows(py::handle value, const char* name) {
    if (value.is(default_pose())) {
        py::array_t<double> identity({py::ssize_t(1), py::ssize_t(7)});
        const double values[7] = {0, 0, 0, 0, 0, 0, 1};
        std::copy(values, values + 7, identity.mutable_data());
        return identity;
    }
    return read_rows(value, name, 7, kPose3Fields);
}

template <class T> Transform3<T> to_transform3(const double* p) {
    Transform3<T> xf;
    xf.p = {static_cast<T>(p[0]), static_cast<T>(p[1]), static_cast<T>(p[2])};
    xf.q = {static_cast<T>(p[3]), static_cast<T>(p[4]), static_cast<T>(p[5]), static_cast<T>(p[6])};
    return xf;
}

template <class T> Transform3<T> to_transform3(const Pose3& pose) {
    const double p[7] = {pose.x, pose.y, pose.z, pose.qx, pose.qy, pose.qz, pose.qw};
    return to_transform3<T>(p);
}

/// The library's input for two prepared shapes in space at two poses (checked: a ValueError
/// otherwise; a shape that T cannot hold named as the plane names it, check_shape).
template <class T>
DistanceInput3<T> make_input3(const PyShape& a, const PyShape& b, const Pose3& pa,
                              const Pose3& pb) {
    check_shape<T>(a, "a");
    check_shape<T>(b, "b");
    DistanceInput3<T> in;
    in.a = a.view3<T>();
    in.b = b.view3<T>();
    in.xf_a = to_transform3<T>(pa);
    in.xf_b = to_transform3<T>(pb);
    if (const InputError e = validate(in); e != InputError::none) {
        throw py::value_error(std::string(to_string(e)) + " (in " + precision_name<T>() + ")");
    }
    return in;
}

/// The trace's indices made those of the points as given (Shape.given_points, as the plane's
/// trace and the tool's 3D lines give them): the 3D loop names the corners of the prepared
/// shape's view (Shape.points), corner i being input point source_index(i).
template <class T>
void name_given_points(std::vector<TraceStep3<T>>& trace, const PyShape& a, const PyShape& b) {
    auto name = [&a, &b](SimplexVertex3<T>& v) {
        v.index_a = a.prepared3<T>().source_index(v.index_a);
        v.index_b = b.prepared3<T>().source_index(v.index_b);
    };
    for (TraceStep3<T>& step : trace) {
        for (int k = 0; k < step.simplex.count; ++k) {
            name(step.simplex.v[k]);
        }
        if (step.has_support) {
            name(step.support);
        }
    }
}

template <class T>
DistanceResult distance3_in(const PyShape& a, const PyShape& b, const Pose3& pa, const Pose3& pb,
                            bool traced) {
    return distance_result<DistanceInput3<T>, TraceStep3<T>>(
        make_input3<T>(a, b, pa, pb), traced,
        [&a, &b](std::vector<TraceStep3<T>>& trace) { name_given_points(trace, a, b); });
}

template <class T>
py::dict overlap3_in(const PyShape& a, const PyShape& b, const Pose3& pa, const Pose3& pb) {
    const DistanceOutput3<T> d = distance(make_input3<T>(a, b, pa, pb));
    if (d.status == Status::invalid_input) {
        throw py::value_error(to_string(d.error));
    }
    return fields_dict(contract::overlap_fields(contract::overlap_answer(d)));
}

template <class T>
py::dict penetration3_in(const PyShape& a, const PyShape& b, const Pose3& pa, const Pose3& pb) {
    const PenetrationOutput3<T> out = penetration(make_input3<T>(a, b, pa, pb));
    if (out.status == Status::invalid_input) {
        throw py::value_error(to_string(out.error));
    }
    return fields_dict(contract::penetration_fields(out));
}

/// Row i's shape of a column in space, in T: a Shape's prepared view (PyShape::view3), a
/// ShapeArray's points copied into `buffer` (narrowed to T) and viewed as given, not prepared
/// (PyShapeArray says why).
template <class T>
ShapeView3<T> row_shape(const ShapeColumn& c, std::size_t i, std::vector<Vec3<T>>& buffer) {
    const std::size_t row = c.rows == 1 ? 0 : i;
    if (c.single) {
        return c.single->view3<T>();
    }
    if (!c.array) {
        return c.shapes[row]->view3<T>();
    }
    const PyShapeArray& s = *c.array;
    buffer.clear();
    for (std::size_t k = s.first(row); k < s.last(row); ++k) {
        const double* p = s.xy() + 3 * k;
        buffer.push_back({static_cast<T>(p[0]), static_cast<T>(p[1]), static_cast<T>(p[2])});
    }
    return {buffer, static_cast<T>(s.radius(row))};
}

/// Rows [begin, end): each gjk.distance's answer in space (contract::distance_answer on
/// distance() and, on contact or for the gradient, penetration()). A bad row is the library's
/// invalid_input with zeros. distance() runs a block of rows at a time through distance_batch,
/// which takes SIMD lanes in float and double for pairs that scan (at most 16 points or
/// corners each) and answers the others one by one (a prepared shape of more corners climbs
/// its hull's edges); its answers are distance()'s to the bit.
template <class T>
void answer_rows3(const ShapeColumn& a, const ShapeColumn& b, const py::array_t<double>& pose_a,
                  const py::array_t<double>& pose_b, std::size_t begin, std::size_t end,
                  const BatchOutputs& out) {
    constexpr std::size_t kBlock = 256;
    const bool with_penetration = out.penetration != nullptr;
    const std::size_t rows_a = static_cast<std::size_t>(pose_a.shape(0));
    const std::size_t rows_b = static_cast<std::size_t>(pose_b.shape(0));
    std::vector<std::vector<Vec3<T>>> buffers_a(kBlock), buffers_b(kBlock);
    std::vector<DistanceInput3<T>> inputs(kBlock);
    std::vector<DistanceOutput3<T>> outputs(kBlock);
    for (std::size_t first = begin; first < end; first += kBlock) {
        const std::size_t count = std::min(kBlock, end - first);
        for (std::size_t k = 0; k < count; ++k) {
            const std::size_t i = first + k;
            DistanceInput3<T>& in = inputs[k];
            in = {};
            in.a = row_shape<T>(a, i, buffers_a[k]);
            in.b = row_shape<T>(b, i, buffers_b[k]);
            in.xf_a = to_transform3<T>(pose_a.data() + 7 * (rows_a == 1 ? 0 : i));
            in.xf_b = to_transform3<T>(pose_b.data() + 7 * (rows_b == 1 ? 0 : i));
        }
        distance_batch<T>(std::span<const DistanceInput3<T>>(inputs).first(count),
                          std::span<DistanceOutput3<T>>(outputs).first(count), 1);
        for (std::size_t k = 0; k < count; ++k) {
            const std::size_t i = first + k;
            const DistanceInput3<T>& in = inputs[k];
            const DistanceOutput3<T>& o = outputs[k];
            PenetrationOutput3<T> pen;
            if (out.wants_penetration(o.status, with_penetration)) {
                pen = penetration(in);
            }
            out.write(i, in, o, pen, with_penetration);
        }
    }
}

} // namespace

Pose3 read_pose3(py::handle value, const char* name) {
    if (value.is(default_pose())) {
        return {};
    }
    const py::array_t<double> rows = read_rows(value, name, 7, kPose3Fields);
    if (rows.shape(0) != 1) {
        throw py::value_error(std::string(name) + " must be one pose " + kPose3Fields + ", got " +
                              std::to_string(rows.shape(0)) + " rows");
    }
    const double* p = rows.data();
    for (int k = 0; k < 7; ++k) {
        if (!std::isfinite(p[k])) {
            throw py::value_error(std::string(name) + " must be 7 finite numbers " + kPose3Fields);
        }
    }
    const Pose3 pose{p[0], p[1], p[2], p[3], p[4], p[5], p[6]};
    const double norm2 =
        pose.qx * pose.qx + pose.qy * pose.qy + pose.qz * pose.qz + pose.qw * pose.qw;
    const double norm = std::sqrt(norm2);
    if (!gjk::detail::rotation_norm_ok(norm2)) { // the kernel's rule
        throw py::value_error(std::string(name) + ": its quaternion's norm " +
                              contract::short_number(norm) +
                              " is not within 1e-3 of 1 (a rotation is a unit quaternion)");
    }
    return pose;
}

DistanceResult distance3(const PyShape& a, const PyShape& b, const Pose3& pa, const Pose3& pb,
                         bool single_precision, bool traced) {
    DistanceResult r = single_precision ? distance3_in<float>(a, b, pa, pb, traced)
                                        : distance3_in<double>(a, b, pa, pb, traced);
    r.pose3_a = pa, r.pose3_b = pb, r.single_precision = single_precision;
    return r;
}

void gradient3_of(DistanceResult& r) {
    const PyShape& a = r.shape_a.cast<const PyShape&>();
    const PyShape& b = r.shape_b.cast<const PyShape&>();
    auto compute = [&](auto scalar) {
        using T = decltype(scalar);
        const DistanceGradient3<T> g =
            signed_distance_gradient(make_input3<T>(a, b, r.pose3_a, r.pose3_b));
        r.gradient = gradient_dict(g.a, g.b, 6);
        r.differentiable = g.differentiable;
    };
    if (r.single_precision) {
        compute(float{});
    } else {
        compute(double{});
    }
}

py::dict overlap3(const PyShape& a, const PyShape& b, const Pose3& pa, const Pose3& pb,
                  bool single_precision) {
    return single_precision ? overlap3_in<float>(a, b, pa, pb) : overlap3_in<double>(a, b, pa, pb);
}

py::dict penetration3(const PyShape& a, const PyShape& b, const Pose3& pa, const Pose3& pb,
                      bool single_precision) {
    return single_precision ? penetration3_in<float>(a, b, pa, pb)
                            : penetration3_in<double>(a, b, pa, pb);
}

int column_dim(const ShapeColumn& column, const char* name) {
    if (column.single) {
        return column.single->dim;
    }
    if (column.array) {
        return column.array->dim();
    }
    const int dim = column.shapes.empty() ? 2 : column.shapes[0]->dim;
    for (std::size_t i = 1; i < column.shapes.size(); ++i) {
        if (column.shapes[i]->dim != dim) {
            const std::string element = std::string(name) + "[" + std::to_string(i) + "]";
            common_dim(dim, column.shapes[i]->dim, element.c_str());
        }
    }
    return dim;
}

py::dict distance_batch3(const ShapeColumn& a, const ShapeColumn& b, py::handle pose_a,
                         py::handle pose_b, bool single_precision, int threads,
                         bool with_penetration, bool derivatives) {
    const py::array_t<double> poses_a = read_pose3_rows(pose_a, "pose_a");
    const py::array_t<double> poses_b = read_pose3_rows(pose_b, "pose_b");
    const std::size_t rows =
        broadcast_rows({{"a", a.rows},
                        {"b", b.rows},
                        {"pose_a", static_cast<std::size_t>(poses_a.shape(0))},
                        {"pose_b", static_cast<std::size_t>(poses_b.shape(0))}});
    BatchColumns columns(rows, 3, with_penetration, derivatives);
    const BatchOutputs out = columns.outputs();
    {
        py::gil_scoped_release release;
        // Each thread's contiguous range of rows, a block at a time (answer_rows3).
        parallel_chunks(rows, threads, [&](std::size_t begin, std::size_t end) {
            if (single_precision) {
                answer_rows3<float>(a, b, poses_a, poses_b, begin, end, out);
            } else {
                answer_rows3<double>(a, b, poses_a, poses_b, begin, end, out);
            }
        });
    }
    return columns.dict();
}

} // namespace gjk::python
