// contract/jsonl/toi.cpp - the `gjk toi` JSONL contract (toi.hpp).
#include "contract/jsonl/toi.hpp"

#include "contract/jsonl/parse.hpp"
#include "gjk/cast.hpp"
#include "gjk/instantiations.hpp"

namespace gjk::contract {

namespace {

/// A SWEEP object: {"center": [x, y], "from": [x, y, angle], "to": [x, y, angle]}.
bool read_sweep(const detail::json& j, const std::string& name, SweepSpec& sweep,
                std::string& error) {
    if (!j.is_object()) {
        error = name + ": expected {\"center\": [x, y], \"from\": [x, y, angle], \"to\": [x, y, "
                       "angle]}";
        return false;
    }
    for (const auto& item : j.items()) {
        const std::string& key = item.key();
        if (key != "center" && key != "from" && key != "to") {
            error = name + "." + key + ": unknown field (expected center, from, to)";
            return false;
        }
    }
    if (const auto c = j.find("center");
        c != j.end() && !detail::read_point(*c, name + ".center", sweep.center, error)) {
        return false;
    }
    for (const char* end : {"from", "to"}) {
        const std::string field = name + "." + end;
        const auto it = j.find(end);
        if (it == j.end()) {
            error = field + ": missing";
            return false;
        }
        if (!it->is_array() || it->size() != 3) {
            error = field + ": expected [x, y, angle]";
            return false;
        }
        Vec2<double>& p = end[0] == 'f' ? sweep.from : sweep.to;
        double& angle = end[0] == 'f' ? sweep.from_angle : sweep.to_angle;
        if (!detail::read_number((*it)[0], field + "[0]", p.x, error) ||
            !detail::read_number((*it)[1], field + "[1]", p.y, error) ||
            !detail::read_number((*it)[2], field + "[2]", angle, error)) {
            return false;
        }
    }
    return true;
}

template <class T> std::string compute_toi(const ToiQuery& q, bool& error) {
    auto prepared = prepare<T>(q.shapes);
    if (auto* message = std::get_if<std::string>(&prepared)) {
        return detail::error_line(*message, error);
    }
    const Prepared<T>& p = std::get<Prepared<T>>(prepared);
    ToiInput<T> in;
    in.a = p.a;
    in.b = p.b;
    std::string message;
    T unused;
    for (const char* name : {"sweep_a", "sweep_b"}) {
        const SweepSpec& s = name[6] == 'a' ? q.sweep_a : q.sweep_b;
        const std::string field = name;
        if (!detail::narrow(s.center.x, field + ".center[0]", unused, message) ||
            !detail::narrow(s.center.y, field + ".center[1]", unused, message) ||
            !detail::narrow(s.from.x, field + ".from[0]", unused, message) ||
            !detail::narrow(s.from.y, field + ".from[1]", unused, message) ||
            !detail::narrow(s.from_angle, field + ".from[2]", unused, message, /*ranged=*/false) ||
            !detail::narrow(s.to.x, field + ".to[0]", unused, message) ||
            !detail::narrow(s.to.y, field + ".to[1]", unused, message) ||
            !detail::narrow(s.to_angle, field + ".to[2]", unused, message, /*ranged=*/false)) {
            return detail::error_line(message, error);
        }
    }
    if (!detail::narrow(q.target_separation, "target_separation", in.target_separation, message)) {
        return detail::error_line(message, error);
    }
    in.sweep_a = to_sweep<T>(q.sweep_a);
    in.sweep_b = to_sweep<T>(q.sweep_b);
    in.max_fraction = static_cast<T>(q.max_fraction);
    const CastOutput<T> out = time_of_impact(in);
    if (out.status == CastStatus::invalid_input) {
        return detail::error_line(error_message(out), error);
    }
    return detail::answer_line(cast_fields(out));
}

} // namespace

std::variant<ToiQuery, std::string> parse_toi_query(std::string_view line, const Options& options) {
    auto parsed = detail::parse_object(
        line, "{\"a\": SHAPE, \"b\": SHAPE, \"sweep_a\": SWEEP, \"sweep_b\": SWEEP}", options);
    if (auto* message = std::get_if<std::string>(&parsed)) {
        return *message;
    }
    const detail::json& j = std::get<detail::json>(parsed);
    auto shapes = detail::read_shapes(j, options);
    if (auto* message = std::get_if<std::string>(&shapes)) {
        return *message;
    }
    ToiQuery q;
    q.shapes = std::move(std::get<Query>(shapes));
    for (const char* name : {"a", "b"}) {
        const detail::json& shape = j[name];
        for (const char* pose : {"position", "angle"}) {
            if (shape.contains(pose)) {
                return std::string(name) + "." + pose + ": not allowed in gjk toi (sweep_" + name +
                       " gives the poses)";
            }
        }
    }
    std::string error;
    for (const char* name : {"sweep_a", "sweep_b"}) {
        const auto it = j.find(name);
        if (it == j.end()) {
            return std::string(name) + ": missing";
        }
        if (!read_sweep(*it, name, name[6] == 'a' ? q.sweep_a : q.sweep_b, error)) {
            return error;
        }
    }
    if (!detail::read_motion_options(j, q.max_fraction, q.target_separation, error)) {
        return error;
    }
    return q;
}

std::string process_toi_line(std::string_view line, const Options& options, bool& error) {
    return detail::answer_line_with<ToiQuery>(
        line, options, error,
        [](std::string_view l, const Options& o) { return parse_toi_query(l, o); },
        [](auto scalar, const ToiQuery& q, bool& e) {
            return compute_toi<decltype(scalar)>(q, e);
        });
}

} // namespace gjk::contract
