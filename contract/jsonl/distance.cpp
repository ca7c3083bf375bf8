// contract/jsonl/distance.cpp - the `gjk distance` JSONL contract (distance.hpp).
#include "contract/jsonl/distance.hpp"

#include <optional>
#include <vector>

#include "contract/distance_answer.hpp"
#include "contract/jsonl/distance3.hpp"
#include "contract/jsonl/line_writer.hpp"
#include "contract/jsonl/parse.hpp"
#include "contract/jsonl/plain_query.hpp"
#include "gjk/gradient.hpp"
#include "gjk/instantiations.hpp"

namespace gjk::contract {

namespace {

template <class T> std::string compute_line(const Query& q, const Options& options, bool& error) {
    auto prepared = prepare<T>(q);
    if (auto* message = std::get_if<std::string>(&prepared)) {
        return detail::error_line(*message, error);
    }
    const Prepared<T>& p = std::get<Prepared<T>>(prepared);
    std::vector<TraceStep<T>> trace;
    PenetrationOutput<T> penetration; // for the gradient
    const DistanceAnswer<T> answer = answer_distance(p.input(), options.trace ? &trace : nullptr,
                                                     options.derivatives ? &penetration : nullptr);
    if (answer.output.status == Status::invalid_input) {
        return detail::error_line(to_string(answer.output.error), error);
    }
    std::string line;
    line.reserve(256);
    line += '{';
    append_members(line, distance_fields(answer, options.trace ? &trace : nullptr));
    if (options.derivatives) {
        append_gradient(line, signed_distance_gradient(p.input(), penetration));
    }
    line += '}';
    return line;
}

} // namespace

std::variant<Query, std::string> parse_query(std::string_view line, const Options& options) {
    if (std::optional<Query> plain = read_plain_query(line, options)) {
        return *std::move(plain);
    }
    return parse_query_precise(line, options);
}

std::variant<Query, std::string> parse_query_precise(std::string_view line,
                                                     const Options& options) {
    auto parsed = detail::parse_object(line, "{\"a\": SHAPE, \"b\": SHAPE}", options);
    if (auto* message = std::get_if<std::string>(&parsed)) {
        return *message;
    }
    return detail::read_shapes(std::get<detail::json>(parsed), options);
}

std::string process_line(std::string_view line, const Options& options, bool& error) {
    // A 3D line is not plain (its points have three numbers): the precise reader's JSON tells
    // its dimension, and a 3D one is answered by contract/jsonl/distance3.hpp.
    std::optional<Query3> space;
    std::string answer = detail::answer_line_with<Query>(
        line, options, error,
        [&space](std::string_view l, const Options& o) -> std::variant<Query, std::string> {
            if (std::optional<Query> plain = read_plain_query(l, o)) {
                return *std::move(plain);
            }
            auto parsed = detail::parse_object(l, "{\"a\": SHAPE, \"b\": SHAPE}", o);
            if (auto* message = std::get_if<std::string>(&parsed)) {
                return *message;
            }
            const detail::json& j = std::get<detail::json>(parsed);
            if (!detail::is_space_line(j)) {
                return detail::read_shapes(j, o);
            }
            auto shapes = detail::read_shapes3(j, o);
            if (auto* message = std::get_if<std::string>(&shapes)) {
                return *message;
            }
            space = std::get<Query3>(std::move(shapes));
            return Query{};
        },
        [&options, &space](auto scalar, const Query& q, bool& e) {
            return space ? answer_space_line(*space, options, e)
                         : compute_line<decltype(scalar)>(q, options, e);
        });
    return answer;
}

} // namespace gjk::contract
