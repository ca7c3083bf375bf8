// contract/jsonl/line_writer.hpp - an answer's fields (contract/fields.hpp) written as one line
// of JSON text, byte for byte the text nlohmann-json's compact dump writes for the same values
// (fields_json, dump_line), without building its document: keys and values in order, no
// spaces, numbers in the shortest text that reads back to the same double (nlohmann's Grisu2,
// with its ".0" on whole numbers and its exponent form), non-finite numbers as null.
// tests/contract/test_line_writer.cpp checks the bytes against nlohmann's on random fields.
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>

#include "contract/fields.hpp"

namespace gjk::contract {

/// Appends a number as nlohmann writes a double: shortest round-trip text, or null.
void append_number(std::string& out, double x);

/// Appends [x, y, ...] of numbers.
void append_numbers(std::string& out, const double* values, int count);

/// Appends a JSON string: the text quoted, escaped as nlohmann escapes it.
void append_string(std::string& out, const char* text);

/// Appends "name":value for each field, separated by commas (the inside of an object).
void append_members(std::string& out, const Fields& fields);

/// Appends the members of --derivatives after an answer's fields: ,"gradient":{"a":[...],
/// "b":[...]},"differentiable":bool, from a gradient with arrays a and b of N numbers each
/// (DistanceGradient in the plane, DistanceGradient3 in space).
template <class Gradient> void append_gradient(std::string& out, const Gradient& gradient) {
    auto pose = [&out](const auto& g) {
        constexpr std::size_t count = std::extent_v<std::remove_reference_t<decltype(g)>>;
        double values[count];
        for (std::size_t i = 0; i < count; ++i) {
            values[i] = static_cast<double>(g[i]);
        }
        append_numbers(out, values, int(count));
    };
    out += ",\"gradient\":{\"a\":";
    pose(gradient.a);
    out += ",\"b\":";
    pose(gradient.b);
    out += gradient.differentiable ? "},\"differentiable\":true" : "},\"differentiable\":false";
}

/// The answer line of an answer's fields: {members}, without newline.
std::string write_line(const Fields& fields);

} // namespace gjk::contract
