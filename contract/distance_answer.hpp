// contract/distance_answer.hpp - the distance answer every front end gives, and its rule.
//
// The answer is distance()'s (the gap, the witness points, the iterations, the status) with one
// rule: on contact (touching or overlapping) its normal and depth are penetration()'s, the
// minimum translation direction of B and how far B moves along it to separate the shapes.
// distance() alone has no depth, and its normal is zero inside an overlap. When penetration()
// cannot answer an input distance() answered (its arithmetic overflowed), the answer keeps
// distance()'s normal and has no depth.
//
// The tool (`gjk distance`), the Python package (gjk.distance, gjk.distance_batch) and the web
// page (distance()) give this answer; a batch that runs penetration() its own way composes the
// answer from the two outputs with distance_answer(). In space the answer and its rule are the
// same, with 3-vectors (DistanceAnswer3).
#pragma once

#include <vector>

#include "gjk/distance.hpp"
#include "gjk/distance3.hpp"
#include "gjk/overlap.hpp"
#include "gjk/penetration.hpp"
#include "gjk/penetration3.hpp"

namespace gjk::contract {

/// The answer of a distance query (the `gjk distance` line's fields), in either dimension
/// (Output: DistanceOutput<T> or DistanceOutput3<T>; DistanceAnswer<T> and DistanceAnswer3<T>
/// name the two).
template <class Output> struct DistanceAnswerOf {
    Output output{}; ///< distance()'s answer: distance, witnesses, iterations, status
    decltype(Output{}.normal) normal{}; ///< output.normal apart; penetration()'s on contact
    bool overlap = false;               ///< touching or overlapping
    bool has_depth = false; ///< on contact, when penetration() answered: `depth` is its depth
    decltype(Output{}.distance) depth{0}; ///< penetration()'s depth (>= 0, 0 when touching), else 0
};

/// The answer in the plane.
template <class T> using DistanceAnswer = DistanceAnswerOf<DistanceOutput<T>>;

/// The answer in space.
template <class T> using DistanceAnswer3 = DistanceAnswerOf<DistanceOutput3<T>>;

/// The overlap answer in space, where the kernel has no boolean GJK of its own: distance()'s
/// verdict - overlap when the shapes touch or overlap - with its iterations, status,
/// termination and error (the plane's is gjk::overlap()'s).
template <class T> OverlapOutput<T> overlap_answer(const DistanceOutput3<T>& d) {
    OverlapOutput<T> out;
    out.overlap = in_contact(d.status);
    out.iterations = d.iterations;
    out.status = d.status;
    out.termination = d.termination;
    out.error = d.error;
    return out;
}

namespace detail {

/// distance_answer() in either dimension.
template <class Answer, class Output, class Penetration>
Answer distance_answer_of(const Output& out, const Penetration* penetration) {
    Answer answer;
    answer.output = out;
    answer.normal = out.normal;
    answer.overlap = in_contact(out.status);
    if (answer.overlap && penetration && penetration->status != Status::invalid_input) {
        answer.normal = penetration->normal;
        answer.has_depth = true;
        answer.depth = penetration->depth;
    }
    return answer;
}

/// answer_distance() in either dimension: distance_and_penetration(), one GJK run.
template <class Answer, class Input, class Step, class Penetration>
Answer answer_distance_of(const Input& input, std::vector<Step>* trace,
                          Penetration* penetration_out) {
    const auto both = distance_and_penetration(input, penetration_out != nullptr, trace);
    if (both.distance.status == Status::invalid_input) {
        return distance_answer_of<Answer>(both.distance, static_cast<const Penetration*>(nullptr));
    }
    if (penetration_out) {
        *penetration_out = both.penetration;
    }
    return distance_answer_of<Answer>(both.distance,
                                      both.has_penetration ? &both.penetration : nullptr);
}

} // namespace detail

/// The answer from distance()'s output and penetration()'s on the same input; `penetration` may
/// be null when the shapes are apart (it is not read then) or when the caller skips it (a batch
/// asked for verdicts only), and the answer then keeps distance()'s normal.
template <class T>
DistanceAnswer<T> distance_answer(const DistanceOutput<T>& out,
                                  const PenetrationOutput<T>* penetration) {
    return detail::distance_answer_of<DistanceAnswer<T>>(out, penetration);
}

/// The answer of one query: distance() (recording its trace when `trace` is given) and on
/// contact penetration(), from one GJK run (distance_and_penetration()). With `penetration_out`,
/// penetration() runs whatever the status and its answer goes there (the gradient is computed from
/// it: signed_distance_gradient(input, *penetration_out)); it is left as it was when the input is
/// invalid.
template <class T>
DistanceAnswer<T> answer_distance(const DistanceInput<T>& input,
                                  std::vector<TraceStep<T>>* trace = nullptr,
                                  PenetrationOutput<T>* penetration_out = nullptr) {
    return detail::answer_distance_of<DistanceAnswer<T>>(input, trace, penetration_out);
}

/// The answer in space from distance()'s output and penetration()'s (distance_answer's rule).
template <class T>
DistanceAnswer3<T> distance_answer(const DistanceOutput3<T>& out,
                                   const PenetrationOutput3<T>* penetration) {
    return detail::distance_answer_of<DistanceAnswer3<T>>(out, penetration);
}

/// The answer of one query in space (answer_distance's steps, one dimension up).
template <class T>
DistanceAnswer3<T> answer_distance(const DistanceInput3<T>& input,
                                   std::vector<TraceStep3<T>>* trace = nullptr,
                                   PenetrationOutput3<T>* penetration_out = nullptr) {
    return detail::answer_distance_of<DistanceAnswer3<T>>(input, trace, penetration_out);
}

} // namespace gjk::contract
