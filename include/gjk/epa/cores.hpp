// gjk/epa/cores.hpp - penetration()'s answer from the cores' answer, in either dimension: the
// cores' signed distance, normal and witnesses (world) - GJK's apart, EPA's or the separating
// axis test's inside - moved out by the radii, with the status they give.
#pragma once

#include <algorithm>
#include <cmath>
#include <optional>

#include "gjk/math.hpp"
#include "gjk/math3.hpp"
#include "gjk/penetration_types.hpp"

namespace gjk::detail {

/// penetration()'s answer from the cores': `out` holds the iteration counts and EPA's
/// termination, `core_signed` the cores' signed distance along `normal` (from A to B), `pa` and
/// `pb` their witnesses; `normal_known` says the normal is proven (a contact is then touching);
/// `capped` that GJK or EPA reached its cap. `rounded`, when given, is the rounded shapes' signed
/// distance itself (in space, rounded_gap()'s for cores apart by about the radii); else it is
/// the cores' less the radii. A non-finite answer (coordinates near the scalar's limit) is the
/// error nonfinite_result.
template <class Input, class Vec>
PenetrationOutputOf<Vec>
penetration_from_cores(const Input& input, PenetrationOutputOf<Vec> out, ScalarOf<Vec> core_signed,
                       Vec normal, Vec pa, Vec pb, bool normal_known, bool capped,
                       std::optional<ScalarOf<Vec>> rounded = std::nullopt) {
    using T = ScalarOf<Vec>;
    const T ra = input.use_radii ? input.a.radius : T(0);
    const T rb = input.use_radii ? input.b.radius : T(0);
    // Radii: the surfaces move out along the normal, each by its radius.
    out.signed_distance = rounded.value_or(core_signed - (ra + rb));
    out.depth = std::max(T(0), -out.signed_distance);
    out.normal = normal;
    out.point_a = pa + ra * normal;
    out.point_b = pb - rb * normal;
    if (out.signed_distance > T(0)) {
        out.status = Status::separated;
    } else if (out.signed_distance == T(0) && normal_known) {
        out.status = Status::touching;
    } else {
        out.status = Status::overlapping;
    }
    if (capped) {
        out.status = Status::max_iterations;
    }
    if (!std::isfinite(out.signed_distance) || !is_finite(out.point_a) || !is_finite(out.point_b) ||
        !is_finite(out.normal)) {
        const int iterations = out.iterations;
        out = PenetrationOutputOf<Vec>{};
        out.iterations = iterations;
        out.error = InputError::nonfinite_result;
    }
    return out;
}

/// penetration()'s answer when GJK's on the cores, `g`, is the whole of it: an invalid input
/// (its error), or cores that do not overlap (their gap, normal and witnesses with the radii
/// applied; `rounded` the rounded shapes' gap when it was decided on the simplex). True with
/// `out` filled then; false when the cores overlap - EPA's turn, `out` holding GJK's iterations.
template <class Input, class Output, class Vec>
bool penetration_apart(const Input& input, const Output& g, PenetrationOutputOf<Vec>& out,
                       std::optional<ScalarOf<Vec>> rounded = std::nullopt) {
    out.iterations = g.iterations;
    if (g.status == Status::invalid_input) {
        out.error = g.error;
        return true;
    }
    if (g.status != Status::overlapping) {
        out = penetration_from_cores(input, out, g.distance, g.normal, g.point_a, g.point_b,
                                     !(g.normal == Vec{}), g.status == Status::max_iterations,
                                     rounded);
        return true;
    }
    return false;
}

} // namespace gjk::detail
