// python/src/module.cpp - the extension module gjk._gjk; the package gjk (python/gjk/)
// re-exports its names.
#include "contract/limits.hpp"
#include "shapes.hpp"

PYBIND11_MODULE(_gjk, m) {
    m.doc() = "GJK distance, closest points, overlap, penetration and casts of 2D convex "
              "shapes; distance, overlap and penetration of 3D ones";
    gjk::python::register_shapes(m);
    gjk::python::register_queries(m);
    gjk::python::register_casts(m);
    gjk::python::register_batch(m);
    gjk::python::register_ray_batch(m);
    // The kernel's range in each precision: gjk.DOUBLE_RANGE, gjk.FLOAT_RANGE, and the bound
    // gjk._checks holds every argument to.
    m.attr("DOUBLE_RANGE") = gjk::contract::kernel_range<double>();
    m.attr("FLOAT_RANGE") = static_cast<double>(gjk::contract::kernel_range<float>());
}
