// python/src/hints.hpp - the Python types of the arguments the module reads itself.
//
// Most arguments are read by the module's own checks (gjk._checks, read_pose, as_shape,
// read_shape_column), not by pybind11's casters, so that a bad argument raises with its name and
// element; the functions took them as py::handle, which pybind11 names `handle` in the signature
// it writes at the top of each __doc__. A Typed<Hint> argument is loaded as a py::handle is (any
// object, None included: the checks decide) and passed on as one, but pybind11 names it by
// Hint::text, the type the checks accept; returned, it names what a py::object holds. The stub
// python/gjk/_gjk.pyi states the same types for type checkers and editors, and
// python/tests/test_stubs.py compares it with these signatures.
#pragma once

#include <pybind11/pybind11.h>

namespace gjk::python {

namespace py = pybind11;

/// A py::object that pybind11 loads whatever it is and names `Hint::text` in signatures.
template <class Hint> class Typed : public py::object {
  public:
    PYBIND11_OBJECT_DEFAULT(Typed, py::object, accepts)

  private:
    static int accepts(PyObject*) { return 1; }
};

/// The types, written as a stub writes them (classes fully qualified, as pybind11 names them).
namespace hint {

/// A gjk.Shape, or the points of one (as_shape makes them a Shape).
struct Shape {
    static constexpr char text[] = "gjk._gjk.Shape | numpy.typing.ArrayLike";
};

/// A batch's shape column (read_shape_column): one Shape for every row, N Shapes, a ShapeArray,
/// or a numpy array of one shape's points.
struct ShapeColumn {
    static constexpr char text[] = "gjk._gjk.Shape | gjk._gjk.ShapeArray | "
                                   "collections.abc.Sequence[gjk._gjk.Shape] | "
                                   "numpy.typing.NDArray[typing.Any]";
};

/// Anything np.asarray reads as real numbers: points, a pose (x, y, angle), a vector, offsets.
struct Array {
    static constexpr char text[] = "numpy.typing.ArrayLike";
};

/// ShapeArray's radii: an array, or None for zeros.
struct OptionalArray {
    static constexpr char text[] = "numpy.typing.ArrayLike | None";
};

/// A real number checked by gjk._checks.as_radius (a radius, a margin).
struct Real {
    static constexpr char text[] = "float";
};

/// A sweep (gjk._checks.as_sweep): {"center": [x, y], "from": [x, y, angle], "to": [...]}, or
/// the sequence (center, from, to).
struct Sweep {
    static constexpr char text[] = "dict[str, numpy.typing.ArrayLike] | "
                                   "collections.abc.Sequence[numpy.typing.ArrayLike]";
};

/// DistanceResult.simplices: with trace=True one list per iteration of the simplex's vertices
/// (the `gjk distance --trace` fields); None otherwise.
struct Trace {
    static constexpr char text[] = "list[list[dict[str, typing.Any]]] | None";
};

/// DistanceResult.gradient: {"a": (3,), "b": (3,)} float64 arrays.
struct Gradient {
    static constexpr char text[] = "dict[str, numpy.typing.NDArray[numpy.float64]]";
};

} // namespace hint

using ShapeArg = Typed<hint::Shape>;
using ShapeColumnArg = Typed<hint::ShapeColumn>;
using ArrayArg = Typed<hint::Array>;
using OptionalArrayArg = Typed<hint::OptionalArray>;
using RealArg = Typed<hint::Real>;
using SweepArg = Typed<hint::Sweep>;
using TraceObject = Typed<hint::Trace>;
using GradientObject = Typed<hint::Gradient>;

} // namespace gjk::python

namespace pybind11::detail {

template <class Hint> struct handle_type_name<gjk::python::Typed<Hint>> {
    static constexpr auto name = const_name(Hint::text);
};

} // namespace pybind11::detail
