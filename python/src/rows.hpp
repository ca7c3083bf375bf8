// python/src/rows.hpp - the rows of a batch: its columns and how their lengths broadcast.
//
// A batch (gjk.distance_batch, gjk.ray_cast_batch) answers N rows. Each argument is a column:
// a shape column is one gjk.Shape for every row, a sequence of N gjk.Shapes or a
// gjk.ShapeArray; a pose column is (3,) or (N, 3), a point column (2,) or (N, 2). A column of
// one row is that row for every row, as numpy broadcasts (broadcast_rows). The columns are
// read with the GIL held; their accessors only read memory and may run on any thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "contract/distance_answer.hpp"
#include "gjk/gradient.hpp"
#include "gjk/gradient3.hpp"
#include "shapes.hpp"

namespace gjk::python {

/// A shape for every row.
struct ShapeColumn {
    const PyShape* single = nullptr;
    std::vector<const PyShape*> shapes; ///< a sequence of Shapes
    PyShapeArray* array = nullptr;
    std::size_t rows = 1;

    /// Prepares the shapes of rows [first, last) into `block` when the column is a ShapeArray
    /// that keeps none (`kept`: what PyShapeArray::kept returned); `block` is left empty
    /// otherwise.
    template <class T>
    void prepare_block(std::size_t first, std::size_t last,
                       const std::vector<PreparedShape<T>>* kept,
                       std::vector<PreparedShape<T>>& block) const {
        block.clear();
        if (array && !kept) {
            block.reserve(last - first);
            for (std::size_t i = first; i < last; ++i) {
                block.push_back(array->prepare<T>(i));
            }
        }
    }

    /// The view of row i's shape in T (i < rows); `block` holds the prepared shapes of rows
    /// [block_first, ...) when the array keeps none.
    template <class T>
    ShapeView<T> view(std::size_t i, const std::vector<PreparedShape<T>>* kept,
                      const std::vector<PreparedShape<T>>& block, std::size_t block_first) const {
        if (single) {
            return single->prepared<T>().view();
        }
        if (array) {
            return kept ? (*kept)[i].view() : block[i - block_first].view();
        }
        return shapes[i]->prepared<T>().view();
    }
};

/// The shape column `value` (a gjk.Shape, a numpy array of one shape's points, a sequence of
/// gjk.Shapes or a gjk.ShapeArray); a TypeError naming `name` otherwise. `keep_alive` holds
/// what the column points into.
ShapeColumn read_shape_column(py::handle value, const char* name, py::object& keep_alive);

/// `value` as the rows of a column of `columns` numbers each: one row (columns,) or N rows
/// (N, columns) of anything np.asarray reads as real numbers (bool, integer or floating point),
/// as a C-contiguous float64 (rows, columns) array. A ValueError or TypeError names `name` and
/// the row's `fields` ("(x, y, angle)") otherwise. The values are not checked: a NaN row is a
/// bad row of the batch, answered invalid_input.
py::array_t<double> read_rows(py::handle value, const char* name, py::ssize_t columns,
                              const char* fields);

/// The rows of a pose column (x, y, angle), as read_rows.
inline py::array_t<double> read_pose_rows(py::handle value, const char* name) {
    return read_rows(value, name, 3, "(x, y, angle)");
}

/// The rows of a point column (x, y), as read_rows.
inline py::array_t<double> read_point_rows(py::handle value, const char* name) {
    return read_rows(value, name, 2, "(x, y)");
}

/// A pose column: one transform for every row, or one pose per row. `poses` is the (rows, 3)
/// array read_pose_rows returned.
template <class T> struct PoseColumn {
    const double* rows;
    std::size_t count;
    Transform<T> shared;

    explicit PoseColumn(const py::array_t<double>& poses)
        : rows(poses.data()), count(static_cast<std::size_t>(poses.shape(0))),
          shared(count == 1 ? to_transform<T>(rows[0], rows[1], rows[2]) : Transform<T>{}) {}

    Transform<T> at(std::size_t i) const {
        if (count == 1) {
            return shared;
        }
        const double* p = rows + 3 * i;
        return to_transform<T>(p[0], p[1], p[2]);
    }
};

/// A point column (origins, translations): one point for every row, or one point per row,
/// narrowed to T. `points` is the (rows, 2) array read_point_rows returned.
template <class T> struct PointColumn {
    const double* rows;
    std::size_t count;

    explicit PointColumn(const py::array_t<double>& points)
        : rows(points.data()), count(static_cast<std::size_t>(points.shape(0))) {}

    Vec2<T> at(std::size_t i) const {
        const double* p = count == 1 ? rows : rows + 2 * i;
        return {static_cast<T>(p[0]), static_cast<T>(p[1])};
    }
};

/// The common row count of the columns (each 1 or N), as numpy broadcasts; a ValueError naming
/// two columns whose counts differ.
std::size_t broadcast_rows(const std::vector<std::pair<const char*, std::size_t>>& counts);

/// The number of threads a batch runs on: `threads`, or every core for 0; a ValueError for a
/// negative number.
int thread_count(int threads);

/// The output arrays of gjk.distance_batch, written by the threads through raw pointers
/// (BatchColumns::outputs()), in either dimension.
struct BatchOutputs {
    double* distance;
    double* point_a; ///< (N, dim)
    double* point_b;
    double* normal;
    bool* overlap;
    double* penetration; ///< null: penetration=False, no EPA
    std::int32_t* iterations;
    std::int8_t* status;
    double* gradient_a;   ///< (N, 3) in the plane, (N, 6) in space, or null: derivatives=False
    double* gradient_b;   ///< the same
    bool* differentiable; ///< (N,)

    /// Whether a row whose distance() ended with `status` takes penetration(): for EPA's depth
    /// and normal on contact (`with_penetration`), or for the gradient.
    bool wants_penetration(Status status, bool with_penetration) const {
        return status != Status::invalid_input &&
               ((in_contact(status) && with_penetration) || gradient_a != nullptr);
    }

    /// Row i from its query `in`, distance()'s answer `o` and, where wants_penetration(),
    /// penetration()'s `pen`: the contract's answer (contract/distance_answer.hpp), as
    /// gjk.distance gives one query, in either dimension.
    template <class Input, class Output, class Penetration>
    void write(std::size_t i, const Input& in, const Output& o, const Penetration& pen,
               bool with_penetration) const {
        const auto answer = contract::distance_answer(o, with_penetration ? &pen : nullptr);
        if (gradient_a) { // as gjk.distance(...).gradient: from penetration()'s answer
            const auto g = signed_distance_gradient(in, pen);
            constexpr std::size_t n = std::size(decltype(g.a){});
            for (std::size_t c = 0; c < n; ++c) {
                gradient_a[n * i + c] = static_cast<double>(g.a[c]);
                gradient_b[n * i + c] = static_cast<double>(g.b[c]);
            }
            differentiable[i] = g.differentiable;
        }
        distance[i] = static_cast<double>(o.distance);
        write_vector(point_a, i, o.point_a);
        write_vector(point_b, i, o.point_b);
        write_vector(normal, i, answer.normal);
        overlap[i] = answer.overlap;
        if (penetration) {
            penetration[i] = static_cast<double>(answer.depth);
        }
        iterations[i] = o.iterations;
        status[i] = static_cast<std::int8_t>(o.status);
    }

  private:
    /// v into row i of an (N, 2) or (N, 3) array.
    template <class T> static void write_vector(double* out, std::size_t i, Vec2<T> v) {
        out[2 * i] = static_cast<double>(v.x);
        out[2 * i + 1] = static_cast<double>(v.y);
    }
    template <class T> static void write_vector(double* out, std::size_t i, Vec3<T> v) {
        out[3 * i] = static_cast<double>(v.x);
        out[3 * i + 1] = static_cast<double>(v.y);
        out[3 * i + 2] = static_cast<double>(v.z);
    }
};

/// gjk.distance_batch's columns for `rows` rows of shapes of `dim` coordinates: made with the
/// GIL held, filled through outputs() by the threads, handed back as the result's dict.
struct BatchColumns {
    bool with_penetration, derivatives;
    py::array_t<double> distance, point_a, point_b, normal, penetration;
    py::array_t<bool> overlap;
    py::array_t<std::int32_t> iterations;
    py::array_t<std::int8_t> status;
    py::array_t<double> gradient_a, gradient_b;
    py::array_t<bool> differentiable;

    BatchColumns(std::size_t rows, int dim, bool with_penetration, bool derivatives);
    BatchOutputs outputs();
    /// distance, point_a, point_b, normal, overlap, penetration (with it), iterations, status,
    /// gradient_a, gradient_b and differentiable (with derivatives).
    py::dict dict() const;
};

} // namespace gjk::python
