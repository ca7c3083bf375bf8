// fuzz_kernel - distance(), overlap(), penetration(), manifold(), shape_cast(), ray_cast() and
// time_of_impact() on arbitrary float and double inputs.
//
// The bytes become one query: the scalar type, two shapes of 1..8 points, radii, transforms
// and an iteration cap. Every query must come back with a status, never crash, hang or NaN.
// The invariants, each checked against the independent oracle (tests/oracle: exact hulls and
// predicates, brute force over vertex-edge pairs in long double), never against gjk itself:
//   - invalid input (a NaN or infinite value, a negative radius) is invalid_input with the
//     error of the first bad field, in validate()'s order;
//   - otherwise distance is finite and >= 0, the normal is unit or zero, iterations <= cap;
//   - inside the kernel's range (every input value |v| <= range<T>(), derived below):
//     |distance - oracle| <= tol * scale, both witness points within tol * scale of their
//     shapes and tol * scale of `distance` apart (B's, an open finding: see truth_of()), and
//     (unless the cap was hit) the verdict of distance() and overlap() agrees with the oracle away
//     from the boundary (a gap or a depth beyond tol * scale). At the cap, distance is an upper
//     bound: >= oracle - tol * scale.
// tol is the bound the oracle test pins (tests/support/families.hpp, tolerance()): 4e-7 for
// float, 1e-12 for double; scale is the largest |world coordinate| or sum of the terms
// it is computed from (|x| + |y| of a local point plus |x| + |y| of the translation), plus
// the radii, at least 1.
//
// penetration(), manifold() and shape_cast() are checked the same way (check_penetration,
// check_manifold, check_cast), penetration() and manifold() on the shapes prepared too (the
// separating axis test, against EPA's depth: check_prepared), ray_cast() against the oracle's
// hull (check_ray) and time_of_impact() at sampled times before its answer (check_time_of_impact).
// distance_batch is checked against distance() itself, which is its specification: on the
// query's shapes prepared, every output of a batch (lockstep lanes of both widths the
// processor runs, groups of one and of five queries) equal to distance()'s to the bit
// (check_batch). The same shapes with a third coordinate and rotations in space go through
// distance() in 3D, against the exact oracle of tests/oracle/oracle3.hpp (check_distance3), and
// through the lanes of distance_batch in space, against distance() (check_batch3). The
// checks live in fuzz/kernel/, one header per query; this file decodes the bytes and runs them.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "kernel/batch.hpp"
#include "kernel/cast.hpp"
#include "kernel/distance.hpp"
#include "kernel/distance3.hpp"
#include "kernel/manifold.hpp"
#include "kernel/penetration.hpp"
#include "kernel/penetration3.hpp"
#include "kernel/prepared.hpp"
#include "kernel/query.hpp"
#include "kernel/ray.hpp"
#include "kernel/time_of_impact.hpp"
#include "kernel/truth.hpp"

namespace fuzz_kernel {

template <class T> void check_query(Bytes& in, std::uint8_t flags) {
    const Query<T> q = decode<T>(in, flags);
    current_query = describe(q);
    // The oracle answers only finite input inside the range; elsewhere the safety checks run.
    Truth truth;
    // GJK_FUZZ_SAFETY_ONLY (`make fuzz-smoke FUZZ_ACCURACY=0`): only the safety invariants - no
    // crash, hang or NaN, the right error codes, distance >= 0, unit or zero normals, caps kept -
    // not the oracle's accuracy checks.
    static const bool accuracy = std::getenv("GJK_FUZZ_SAFETY_ONLY") == nullptr;
    const bool oracle_applies =
        accuracy && expected_error(q) == gjk::InputError::none && within_range(q);
    if (oracle_applies) {
        truth = truth_of(q);
    }
    const Truth* t = oracle_applies ? &truth : nullptr;
    check_distance(q, t);
    check_overlap(q, t);
    check_penetration(q, t, input_of(q));
    check_manifold(q, t, input_of(q));
    check_prepared(q, t);
    check_ray(q, t);
    check_time_of_impact(q, t);
    check_cast(q, t);
    check_batch(q);
    const Query3<T> q3 = decode3<T>(in, q);
    current_query += "\n3D:" + describe3(q3);
    check_distance3(q3, q, accuracy);
    check_batch3(q3);
    check_penetration3(q3, q, accuracy);
}

} // namespace fuzz_kernel

using fuzz_kernel::Bytes;
using fuzz_kernel::check_query;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Bytes in{data, size};
    const auto flags = in.take<std::uint8_t>();
    if (flags & 1) {
        check_query<double>(in, flags);
    } else {
        check_query<float>(in, flags);
    }
    return 0;
}
