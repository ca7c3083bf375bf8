// python/src/fields.cpp - answers as dicts (fields.hpp).
#include "fields.hpp"

namespace gjk::python {

namespace {

/// A field's value as a Python object.
struct ToPython {
    py::object operator()(bool b) const { return py::bool_(b); }
    py::object operator()(int n) const { return py::int_(n); }
    py::object operator()(std::uint32_t n) const { return py::int_(n); }
    py::object operator()(double x) const { return py::float_(x); }
    py::object operator()(Vec2<double> p) const { return to_array(p); }
    py::object operator()(Vec3<double> p) const { return to_array(p); }
    py::object operator()(const char* word) const { return py::str(word); }
    py::object operator()(const std::vector<contract::Fields>& records) const {
        py::list list;
        for (const contract::Fields& record : records) {
            list.append(fields_dict(record));
        }
        return list;
    }
    py::object operator()(const std::vector<std::vector<contract::Fields>>& lists) const {
        py::list list;
        for (const std::vector<contract::Fields>& records : lists) {
            list.append((*this)(records));
        }
        return list;
    }
};

} // namespace

py::dict fields_dict(const contract::Fields& fields) {
    py::dict d;
    for (const contract::Field& field : fields) {
        d[field.name] = field_value(field.value);
    }
    return d;
}

py::object field_value(const contract::FieldValue& value) {
    return std::visit(ToPython{}, value);
}

} // namespace gjk::python
