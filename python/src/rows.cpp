// python/src/rows.cpp - the columns of a batch (see rows.hpp).
#include "rows.hpp"

#include <algorithm>
#include <string_view>
#include <thread>

namespace gjk::python {

ShapeColumn read_shape_column(py::handle value, const char* name, py::object& keep_alive) {
    ShapeColumn column;
    if (py::isinstance<PyShape>(value)) {
        column.single = &value.cast<const PyShape&>();
    } else if (py::isinstance<PyShapeArray>(value)) {
        column.array = &value.cast<PyShapeArray&>();
        column.rows = column.array->size();
    } else if (py::isinstance<py::array>(value)) { // points of one shape
        column.single = &as_shape(value, name, keep_alive);
    } else if (py::isinstance<py::sequence>(value) && !py::isinstance<py::str>(value)) {
        keep_alive = py::reinterpret_borrow<py::object>(value);
        const py::sequence seq = py::reinterpret_borrow<py::sequence>(value);
        column.rows = py::len(seq);
        column.shapes.reserve(column.rows);
        for (std::size_t i = 0; i < column.rows; ++i) {
            const py::object item = seq[i];
            if (!py::isinstance<PyShape>(item)) {
                throw py::type_error(std::string(name) + "[" + std::to_string(i) + "] is " +
                                     std::string(py::str(py::type::of(item).attr("__name__"))) +
                                     ", not a gjk.Shape");
            }
            column.shapes.push_back(&item.cast<const PyShape&>());
        }
    } else {
        throw py::type_error(std::string(name) +
                             " must be a gjk.Shape, a sequence of gjk.Shapes or a gjk.ShapeArray");
    }
    return column;
}

py::array_t<double> read_rows(py::handle value, const char* name, py::ssize_t columns,
                              const char* fields) {
    // What np.asarray makes of it: any nesting of sequences, an array, an object with __array__.
    py::array array;
    try {
        array = py::module_::import("numpy").attr("asarray")(value);
    } catch (py::error_already_set& e) { // a ragged nesting, for one
        if (!e.matches(PyExc_ValueError) && !e.matches(PyExc_TypeError)) {
            throw;
        }
        throw py::value_error(std::string(name) + " is not a rectangular array of numbers: " +
                              std::string(py::str(e.value())));
    }
    if (std::string_view("biuf").find(array.dtype().kind()) == std::string_view::npos) {
        throw py::type_error(std::string(name) + " must hold real numbers, got dtype " +
                             std::string(py::str(array.dtype())));
    }
    if (array.ndim() == 1 && array.shape(0) == columns) { // one row
        array = array.reshape(std::vector<py::ssize_t>{1, columns});
    }
    if (array.ndim() != 2 || array.shape(1) != columns) {
        const std::string n = std::to_string(columns);
        throw py::value_error(std::string(name) + " must have shape (" + n + ",) or (N, " + n +
                              ") for " + fields + ", got " +
                              std::string(py::str(array.attr("shape"))));
    }
    return py::array_t<double, py::array::c_style | py::array::forcecast>(array);
}

std::size_t broadcast_rows(const std::vector<std::pair<const char*, std::size_t>>& counts) {
    const char* named = nullptr;
    std::size_t rows = 1;
    for (const auto& [name, count] : counts) {
        if (count == 1) {
            continue;
        }
        if (named && count != rows) {
            throw py::value_error(std::string(named) + " has " + std::to_string(rows) +
                                  " rows but " + name + " has " + std::to_string(count) +
                                  ": they must be equal, or 1");
        }
        named = name;
        rows = count;
    }
    return rows;
}

int thread_count(int threads) {
    if (threads < 0) {
        throw py::value_error("threads must be >= 0 (0: every core), got " +
                              std::to_string(threads));
    }
    if (threads == 0) {
        return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    }
    return threads;
}

BatchColumns::BatchColumns(std::size_t rows, int dim, bool with_penetration_, bool derivatives_)
    : with_penetration(with_penetration_), derivatives(derivatives_) {
    const auto n = static_cast<py::ssize_t>(rows);
    const py::ssize_t m = derivatives ? n : 0;
    const py::ssize_t pose = dim == 3 ? 6 : 3; // (x, y, angle); (position, rotation)
    distance = py::array_t<double>(n);
    point_a = py::array_t<double>({n, py::ssize_t(dim)});
    point_b = py::array_t<double>({n, py::ssize_t(dim)});
    normal = py::array_t<double>({n, py::ssize_t(dim)});
    penetration = py::array_t<double>(with_penetration ? n : 0);
    overlap = py::array_t<bool>(n);
    iterations = py::array_t<std::int32_t>(n);
    status = py::array_t<std::int8_t>(n);
    gradient_a = py::array_t<double>({m, pose});
    gradient_b = py::array_t<double>({m, pose});
    differentiable = py::array_t<bool>(m);
}

BatchOutputs BatchColumns::outputs() {
    return {distance.mutable_data(),
            point_a.mutable_data(),
            point_b.mutable_data(),
            normal.mutable_data(),
            overlap.mutable_data(),
            with_penetration ? penetration.mutable_data() : nullptr,
            iterations.mutable_data(),
            status.mutable_data(),
            derivatives ? gradient_a.mutable_data() : nullptr,
            derivatives ? gradient_b.mutable_data() : nullptr,
            derivatives ? differentiable.mutable_data() : nullptr};
}

py::dict BatchColumns::dict() const {
    py::dict d;
    d["distance"] = distance;
    d["point_a"] = point_a;
    d["point_b"] = point_b;
    d["normal"] = normal;
    d["overlap"] = overlap;
    if (with_penetration) {
        d["penetration"] = penetration;
    }
    d["iterations"] = iterations;
    d["status"] = status;
    if (derivatives) {
        d["gradient_a"] = gradient_a;
        d["gradient_b"] = gradient_b;
        d["differentiable"] = differentiable;
    }
    return d;
}

} // namespace gjk::python
