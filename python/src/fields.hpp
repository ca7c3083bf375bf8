// python/src/fields.hpp - an answer's fields (contract/fields.hpp) as a Python dict: the one
// serializer of the package's answers.
#pragma once

#include "contract/fields.hpp"
#include "shapes.hpp"

namespace gjk::python {

/// The fields as a dict, in their order.
py::dict fields_dict(const contract::Fields& fields);

/// A field's value as a Python object: a point becomes a float64 (2,) numpy array, a word a
/// str, a list of records a list of dicts.
py::object field_value(const contract::FieldValue& value);

} // namespace gjk::python
