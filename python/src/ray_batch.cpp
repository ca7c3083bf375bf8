// python/src/ray_batch.cpp - gjk.ray_cast_batch: N rays, each through the library's ray_cast.
//
// The shape is one gjk.Shape for every ray (a lidar's beams against one obstacle), a sequence
// of N gjk.Shapes or a gjk.ShapeArray; the origins and translations are (2,) or (N, 2), the
// pose (3,) or (N, 3); they broadcast as numpy does (rows.hpp). Row i is gjk::ray_cast on the
// prepared shape of row i (its O(log n) support: a 4096-gon costs a few binary searches a
// step), with its pose, origin, translation and max_fraction narrowed to the precision as
// gjk.ray_cast narrows them, so that row i is gjk.ray_cast on row i to the bit. Threads take
// contiguous ranges of rows; the GIL is released while they run. A bad row (a NaN origin or
// pose, a bad shape of a ShapeArray, a value beyond the kernel's range in the precision) is the
// library's invalid_input with zeros elsewhere; the other rows are answered.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "hints.hpp"
#include "queries3.hpp"
#include "rows.hpp"

namespace gjk::python {

namespace {

/// Rows whose shapes are prepared together when a large ShapeArray keeps none: few enough that
/// a block of prepared shapes stays in the cache.
constexpr std::size_t kBlockRows = 1024;

/// The output arrays, written by the threads through raw pointers.
struct RayOutputs {
    bool* hit;
    double* fraction;
    double* point;  ///< (N, 2)
    double* normal; ///< (N, 2)
    std::int32_t* iterations;
    std::int8_t* status;
};

/// Row i of the outputs: the ray cast's answer, or zeros with invalid_input.
template <class T> void write_row(const RayOutputs& out, std::size_t i, const RayCastOutput<T>& r) {
    const bool valid = r.status != CastStatus::invalid_input;
    out.hit[i] = valid && r.hit;
    out.fraction[i] = valid ? static_cast<double>(r.fraction) : 0.0;
    out.point[2 * i] = valid ? static_cast<double>(r.point.x) : 0.0;
    out.point[2 * i + 1] = valid ? static_cast<double>(r.point.y) : 0.0;
    out.normal[2 * i] = valid ? static_cast<double>(r.normal.x) : 0.0;
    out.normal[2 * i + 1] = valid ? static_cast<double>(r.normal.y) : 0.0;
    out.iterations[i] = valid ? r.iterations : 0;
    out.status[i] = static_cast<std::int8_t>(r.status);
}

template <class T>
void cast_rows(const ShapeColumn& shapes, const py::array_t<double>& pose_rows,
               const py::array_t<double>& origin_rows, const py::array_t<double>& translation_rows,
               T max_fraction, std::size_t rows, int threads, const RayOutputs& out) {
    const PoseColumn<T> poses(pose_rows);
    const PointColumn<T> origins(origin_rows), translations(translation_rows);
    const std::vector<PreparedShape<T>>* kept =
        shapes.array ? shapes.array->kept<T>(threads) : nullptr;
    parallel_chunks(rows, threads, [&](std::size_t begin, std::size_t end) {
        std::vector<PreparedShape<T>> block; // the block's shapes, when the array keeps none
        for (std::size_t first = begin; first < end; first += kBlockRows) {
            const std::size_t last = std::min(end, first + kBlockRows);
            shapes.prepare_block<T>(first, last, kept, block);
            for (std::size_t i = first; i < last; ++i) {
                const ShapeView<T> shape =
                    shapes.view<T>(shapes.rows == 1 ? 0 : i, kept, block, first);
                write_row(out, i,
                          ray_cast<T>(shape, poses.at(i), origins.at(i), translations.at(i),
                                      max_fraction));
            }
        }
    });
}

py::dict ray_cast_batch_py(ShapeColumnArg shape, ArrayArg origins, ArrayArg translations,
                           ArrayArg pose, double max_fraction, const std::string& precision,
                           int threads) {
    py::object keep;
    const ShapeColumn shapes = read_shape_column(shape, "shape", keep);
    if (column_dim(shapes, "shape") == 3) {
        throw py::value_error("shape is a 3D shape: gjk.ray_cast_batch answers 2D shapes only");
    }
    const py::array_t<double> origin_rows = read_point_rows(origins, "origins");
    const py::array_t<double> translation_rows = read_point_rows(translations, "translations");
    const py::array_t<double> pose_rows = read_pose_rows(pose, "pose");
    if (!(max_fraction >= 0) || !std::isfinite(max_fraction)) {
        throw py::value_error("max_fraction must be a finite number >= 0");
    }
    const bool single_precision = precision_is_float(precision);
    threads = thread_count(threads);
    const std::size_t rows =
        broadcast_rows({{"shape", shapes.rows},
                        {"origins", static_cast<std::size_t>(origin_rows.shape(0))},
                        {"translations", static_cast<std::size_t>(translation_rows.shape(0))},
                        {"pose", static_cast<std::size_t>(pose_rows.shape(0))}});
    const auto n = static_cast<py::ssize_t>(rows);
    py::array_t<bool> hit(n);
    py::array_t<double> fraction(n), point({n, py::ssize_t(2)}), normal({n, py::ssize_t(2)});
    py::array_t<std::int32_t> iterations(n);
    py::array_t<std::int8_t> status(n);
    const RayOutputs out{hit.mutable_data(),    fraction.mutable_data(),   point.mutable_data(),
                         normal.mutable_data(), iterations.mutable_data(), status.mutable_data()};
    if (single_precision) {
        const float limit = within_kernel_range<float>(max_fraction, "max_fraction");
        py::gil_scoped_release release;
        cast_rows<float>(shapes, pose_rows, origin_rows, translation_rows, limit, rows, threads,
                         out);
    } else {
        const double limit = within_kernel_range<double>(max_fraction, "max_fraction");
        py::gil_scoped_release release;
        cast_rows<double>(shapes, pose_rows, origin_rows, translation_rows, limit, rows, threads,
                          out);
    }
    py::dict d;
    d["hit"] = hit;
    d["fraction"] = fraction;
    d["point"] = point;
    d["normal"] = normal;
    d["iterations"] = iterations;
    d["status"] = status;
    return d;
}

} // namespace

void register_ray_batch(py::module_& m) {
    m.def("ray_cast_batch", &ray_cast_batch_py, py::arg("shape"), py::arg("origins"),
          py::arg("translations"), py::arg("pose") = py::make_tuple(0.0, 0.0, 0.0), py::kw_only(),
          py::arg("max_fraction") = 1.0, py::arg("precision") = "double", py::arg("threads") = 0,
          R"(gjk.ray_cast on N rays at once, without the GIL, on `threads` threads (0: every core).

shape: a gjk.Shape (every ray: a lidar scan of one obstacle), a sequence of N gjk.Shapes or a
gjk.ShapeArray; origins, translations: (2,) or (N, 2); pose: (3,) or (N, 3) of (x, y, angle);
they broadcast as numpy does. Ray i is origins[i] + t * translations[i], t in [0, max_fraction].
Returns a dict of numpy arrays (the `gjk raycast` names): hit (N,) bool, fraction (N,), point
(N, 2) (origin + fraction * translation), normal (N, 2) (outward; zero from inside, where the
hit is at fraction 0, and on a miss), iterations (N,) int32, status (N,) int8 codes of
gjk.CastStatus. A bad row (a NaN origin or pose, a bad shape of a ShapeArray) gets status
invalid_input and zeros; the other rows are answered. Row i equals gjk.ray_cast on row i.)");
}

} // namespace gjk::python
