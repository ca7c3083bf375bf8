// contract/fields.hpp - every answer as the list of its fields: each field's name, as every
// front end spells it, and its value, in the order the tool writes them.
//
// The front ends only serialize the lists: the tool to a JSON object (contract/jsonl/line.hpp,
// fields_json), the Python package to a dict (python/src/fields.hpp), the web page to a
// JavaScript object (web/bindings.cpp). A front end may add fields of its own after the list
// (the page's "error", Python's "termination"), never write one of these again. (gjk.DistanceResult
// is a class, not a dict: its attributes are read from the DistanceAnswer itself.)
#pragma once

#include <cstdint>
#include <variant>
#include <vector>

#include "contract/distance_answer.hpp"
#include "contract/words.hpp"
#include "gjk/cast.hpp"
#include "gjk/manifold.hpp"
#include "gjk/overlap.hpp"
#include "gjk/raycast.hpp"

namespace gjk::contract {

struct Field;

/// An answer, or one record of a list in it: its fields in order.
using Fields = std::vector<Field>;

/// A field's value: a verdict, a count, a feature id, a number, a point (world frame, widened
/// to double) or a word; or a list of records (the manifold's points), or a list of lists of
/// records (the trace: one list of simplex vertices per iteration).
using FieldValue = std::variant<bool, int, std::uint32_t, double, Vec2<double>, Vec3<double>,
                                const char*, std::vector<Fields>, std::vector<std::vector<Fields>>>;

struct Field {
    const char* name;
    FieldValue value;
};

/// v widened to double, as every answer gives its points.
template <class T> Vec2<double> widen(Vec2<T> v) {
    return {static_cast<double>(v.x), static_cast<double>(v.y)};
}

/// v widened to double, in space.
template <class T> Vec3<double> widen(Vec3<T> v) {
    return {static_cast<double>(v.x), static_cast<double>(v.y), static_cast<double>(v.z)};
}

/// A vertex of a traced simplex (SimplexVertex, or SimplexVertex3 in space): index_a, index_b,
/// point_a, point_b, minkowski, weight.
template <class Vertex> Fields vertex_fields(const Vertex& v) {
    return {{"index_a", v.index_a},    {"index_b", v.index_b},
            {"point_a", widen(v.a)},   {"point_b", widen(v.b)},
            {"minkowski", widen(v.w)}, {"weight", static_cast<double>(v.weight)}};
}

/// A trace as the answers give it (TraceStep, or TraceStep3 in space): every iteration's
/// simplex, a list of its vertices.
template <class Step>
std::vector<std::vector<Fields>> trace_fields(const std::vector<Step>& trace) {
    std::vector<std::vector<Fields>> steps;
    steps.reserve(trace.size());
    for (const Step& step : trace) {
        std::vector<Fields>& vertices = steps.emplace_back();
        for (int i = 0; i < step.simplex.count; ++i) {
            vertices.push_back(vertex_fields(step.simplex.v[i]));
        }
    }
    return steps;
}

namespace detail {

/// distance_fields() in either dimension.
template <class Answer, class Step>
Fields distance_fields_of(const Answer& answer, const std::vector<Step>* trace) {
    Fields fields{{"distance", static_cast<double>(answer.output.distance)},
                  {"point_a", widen(answer.output.point_a)},
                  {"point_b", widen(answer.output.point_b)},
                  {"normal", widen(answer.normal)},
                  {"overlap", answer.overlap},
                  {"iterations", answer.output.iterations},
                  {"status", to_string(answer.output.status)}};
    if (answer.has_depth) {
        fields.push_back({"penetration", static_cast<double>(answer.depth)});
    }
    if (trace) {
        fields.push_back({"simplices", trace_fields(*trace)});
    }
    return fields;
}

} // namespace detail

/// The distance answer (contract/distance_answer.hpp): distance, point_a, point_b, normal,
/// overlap, iterations, status; "penetration" (the depth) on contact; "simplices" with a trace.
template <class T>
Fields distance_fields(const DistanceAnswer<T>& answer,
                       const std::vector<TraceStep<T>>* trace = nullptr) {
    return detail::distance_fields_of(answer, trace);
}

/// The distance answer in space: the same fields, with 3-vectors.
template <class T>
Fields distance_fields(const DistanceAnswer3<T>& answer,
                       const std::vector<TraceStep3<T>>* trace = nullptr) {
    return detail::distance_fields_of(answer, trace);
}

/// The boolean GJK's answer: overlap, iterations, status, termination.
template <class T> Fields overlap_fields(const OverlapOutput<T>& out) {
    return {{"overlap", out.overlap},
            {"iterations", out.iterations},
            {"status", to_string(out.status)},
            {"termination", to_string(out.termination)}};
}

namespace detail {

/// penetration_fields() in either dimension.
template <class Output> Fields penetration_fields_of(const Output& out) {
    return {{"signed_distance", static_cast<double>(out.signed_distance)},
            {"depth", static_cast<double>(out.depth)},
            {"normal", widen(out.normal)},
            {"point_a", widen(out.point_a)},
            {"point_b", widen(out.point_b)},
            {"iterations", out.iterations},
            {"epa_iterations", out.epa_iterations},
            {"status", to_string(out.status)}};
}

} // namespace detail

/// penetration()'s answer: signed_distance, depth, normal, point_a, point_b, iterations,
/// epa_iterations, status.
template <class T> Fields penetration_fields(const PenetrationOutput<T>& out) {
    return detail::penetration_fields_of(out);
}

/// penetration()'s answer in space: the same fields, with 3-vectors.
template <class T> Fields penetration_fields(const PenetrationOutput3<T>& out) {
    return detail::penetration_fields_of(out);
}

/// The answer of a shape cast or a time of impact (CastOutput) or of a ray cast
/// (RayCastOutput), the `gjk cast` fields: hit, fraction, point, normal, iterations, status.
template <class Output> Fields cast_fields(const Output& out) {
    return {{"hit", out.hit},
            {"fraction", static_cast<double>(out.fraction)},
            {"point", widen(out.point)},
            {"normal", widen(out.normal)},
            {"iterations", out.iterations},
            {"status", to_string(out.status)}};
}

/// The `gjk raycast` line's fields: the first four of cast_fields (hit, fraction, point,
/// normal); the line was specified before ray casts had iterations and a status, and keeps its
/// bytes.
template <class T> Fields ray_line_fields(const RayCastOutput<T>& out) {
    Fields fields = cast_fields(out);
    fields.resize(4);
    return fields;
}

/// A contact point of a manifold: point, separation, id.
template <class T> Fields contact_fields(const ContactPoint<T>& c) {
    return {
        {"point", widen(c.point)}, {"separation", static_cast<double>(c.separation)}, {"id", c.id}};
}

/// The contact manifold, the `gjk manifold` fields: normal, and points (each contact's fields).
template <class T> Fields manifold_fields(const ManifoldOutput<T>& out) {
    std::vector<Fields> points;
    for (int i = 0; i < out.count; ++i) {
        points.push_back(contact_fields(out.points[i]));
    }
    return {{"normal", widen(out.normal)}, {"points", std::move(points)}};
}

/// The talk's section 1, the point of a segment closest to q: point, u, v, region.
template <class T> Fields segment_closest_fields(const SegmentClosest<T>& c) {
    return {{"point", widen(c.point)},
            {"u", static_cast<double>(c.u)},
            {"v", static_cast<double>(c.v)},
            {"region", region_name(c.region)}};
}

/// The talk's section 2, the point of a triangle closest to q: point, u, v, w, region.
template <class T> Fields triangle_closest_fields(const TriangleClosest<T>& c) {
    return {{"point", widen(c.point)},
            {"u", static_cast<double>(c.u)},
            {"v", static_cast<double>(c.v)},
            {"w", static_cast<double>(c.w)},
            {"region", region_name(c.region)}};
}

} // namespace gjk::contract
