// contract/jsonl/line_writer.cpp - an answer's fields as nlohmann's compact text
// (line_writer.hpp).
#include "contract/jsonl/line_writer.hpp"

#include <charconv>
#include <cmath>
#include <cstring>

#include <nlohmann/json.hpp>

namespace gjk::contract {

namespace {

/// True when the text needs no escaping: printable ASCII without '"' and '\'. The field names
/// and words always are; any other text is escaped by nlohmann itself.
bool plain_text(const char* text) {
    for (const char* c = text; *c != '\0'; ++c) {
        const auto byte = static_cast<unsigned char>(*c);
        if (byte < 0x20 || byte > 0x7e || byte == '"' || byte == '\\') {
            return false;
        }
    }
    return true;
}

template <class Integer> void append_integer(std::string& out, Integer n) {
    char buffer[24];
    const char* end = std::to_chars(buffer, buffer + sizeof buffer, n).ptr;
    out.append(buffer, static_cast<std::size_t>(end - buffer));
}

struct AppendValue {
    std::string& out;
    void operator()(bool b) const { out += b ? "true" : "false"; }
    void operator()(int n) const { append_integer(out, n); }
    void operator()(std::uint32_t n) const { append_integer(out, n); }
    void operator()(double x) const { append_number(out, x); }
    void operator()(Vec2<double> p) const {
        const double xy[2] = {p.x, p.y};
        append_numbers(out, xy, 2);
    }
    void operator()(Vec3<double> p) const {
        const double xyz[3] = {p.x, p.y, p.z};
        append_numbers(out, xyz, 3);
    }
    void operator()(const char* word) const { append_string(out, word); }
    void operator()(const std::vector<Fields>& records) const {
        out += '[';
        for (std::size_t i = 0; i < records.size(); ++i) {
            if (i > 0) {
                out += ',';
            }
            out += '{';
            append_members(out, records[i]);
            out += '}';
        }
        out += ']';
    }
    void operator()(const std::vector<std::vector<Fields>>& lists) const {
        out += '[';
        for (std::size_t i = 0; i < lists.size(); ++i) {
            if (i > 0) {
                out += ',';
            }
            (*this)(lists[i]);
        }
        out += ']';
    }
};

} // namespace

void append_number(std::string& out, double x) {
    if (!std::isfinite(x)) {
        out += "null";
        return;
    }
    char buffer[64];
    const char* end = nlohmann::detail::to_chars(buffer, buffer + sizeof buffer, x);
    out.append(buffer, static_cast<std::size_t>(end - buffer));
}

void append_numbers(std::string& out, const double* values, int count) {
    out += '[';
    for (int i = 0; i < count; ++i) {
        if (i > 0) {
            out += ',';
        }
        append_number(out, values[i]);
    }
    out += ']';
}

void append_string(std::string& out, const char* text) {
    if (!plain_text(text)) {
        out += nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        return;
    }
    out += '"';
    out += text;
    out += '"';
}

void append_members(std::string& out, const Fields& fields) {
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i > 0) {
            out += ',';
        }
        append_string(out, fields[i].name);
        out += ':';
        std::visit(AppendValue{out}, fields[i].value);
    }
}

std::string write_line(const Fields& fields) {
    std::string out;
    out.reserve(256);
    out += '{';
    append_members(out, fields);
    out += '}';
    return out;
}

} // namespace gjk::contract
