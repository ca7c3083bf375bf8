// python/src/batch.cpp - gjk.distance_batch: N rows through the library's distance_batch.
//
// Each side is one shape for every row, a sequence of N gjk.Shapes or a gjk.ShapeArray; each
// pose is one row or N, broadcast as numpy does. Rows are answered in blocks: a block's inputs
// are gathered (its shapes prepared first when a large ShapeArray has nothing kept), the block
// goes through gjk::distance_batch on one thread (SIMD lanes where they apply), and its
// touching and overlapping rows get penetration()'s normal and depth by the distance answer's
// rule (contract/distance_answer.hpp), as gjk.distance does, so that row i is gjk.distance on
// row i to the bit (unless penetration=False skips EPA). Threads
// take contiguous ranges of blocks; the GIL is released while they run. A bad row (a NaN pose, a
// bad shape) is the library's invalid_input with zeros elsewhere; the other rows are answered.
#include <algorithm>
#include <string>
#include <vector>

#include "contract/distance_answer.hpp"
#include "hints.hpp"
#include "queries3.hpp"
#include "rows.hpp"

namespace gjk::python {

namespace {

/// Rows gathered and answered together: enough for the lanes to fill, few enough that a
/// block of prepared shapes stays in the cache.
constexpr std::size_t kBlockRows = 1024;

/// A thread's buffers for its blocks, made once and reused block after block: made anew, the
/// inputs and outputs (200 bytes a row in double) were allocated and zeroed for every block
/// before each field was written again.
template <class T> struct BlockBuffers {
    std::vector<PreparedShape<T>> block_a, block_b; ///< the block's shapes, when not kept
    std::vector<DistanceInput<T>> inputs;   ///< fields other than a, b, xf_a, xf_b: defaults
    std::vector<DistanceOutput<T>> outputs; ///< distance_batch writes each one whole
    // The rows that need penetration() and its steps: the rows of those that take GJK (the
    // separating axis test answers the others), their cores' GJK, its caches, the answers.
    std::vector<std::size_t> penetrating;
    std::vector<std::size_t> by_gjk;
    std::vector<DistanceInput<T>> cores;
    std::vector<SimplexCache<T>> core_caches;
    std::vector<DistanceOutput<T>> core_outputs;
    std::vector<PenetrationOutput<T>> penetrations;
};

/// penetration(inputs[k]) for each row k of buffers.penetrating, into buffers.penetrations: the
/// separating axis test's answer where it decides (detail::penetration_by_axes, as penetration()
/// takes it), else the GJKs on the rows' cores through distance_batch's lanes, then
/// detail::penetration_after_gjk, which finishes each as penetration() does (distance_batch's
/// outputs and caches are distance()'s to the bit). A row that fails validation takes
/// penetration() itself.
template <class T>
void penetrate_rows(const std::vector<DistanceInput<T>>& inputs, BlockBuffers<T>& buffers) {
    const std::vector<std::size_t>& rows = buffers.penetrating;
    buffers.penetrations.resize(rows.size());
    // The rows the separating axis test answers need no GJK; the others' cores go to the lanes.
    std::vector<std::size_t>& by_gjk = buffers.by_gjk;
    by_gjk.clear();
    buffers.cores.clear();
    for (std::size_t j = 0; j < rows.size(); ++j) {
        const DistanceInput<T>& input = inputs[rows[j]];
        const bool valid = validate(input) == InputError::none;
        if (valid && detail::penetration_by_axes(input, buffers.penetrations[j])) {
            continue;
        }
        by_gjk.push_back(j);
        buffers.cores.push_back(input);
        buffers.cores.back().use_radii = false;
    }
    buffers.core_caches.assign(by_gjk.size(), SimplexCache<T>{});
    buffers.core_outputs.resize(by_gjk.size());
    distance_batch<T>(buffers.cores, buffers.core_caches, buffers.core_outputs, 1);
    for (std::size_t m = 0; m < by_gjk.size(); ++m) {
        const DistanceInput<T>& input = inputs[rows[by_gjk[m]]];
        buffers.penetrations[by_gjk[m]] =
            validate(input) == InputError::none
                ? detail::penetration_after_gjk(input, buffers.core_outputs[m],
                                                buffers.core_caches[m], kMaxEpaIterations)
                : penetration(input);
    }
}

/// Rows [first, last): one block through distance_batch, then the verdicts' penetration.
template <class T>
void answer_block(const ShapeColumn& a, const ShapeColumn& b, const PoseColumn<T>& pose_a,
                  const PoseColumn<T>& pose_b, std::size_t first, std::size_t last,
                  const std::vector<PreparedShape<T>>* kept_a,
                  const std::vector<PreparedShape<T>>* kept_b, bool with_penetration,
                  const BatchOutputs& out, BlockBuffers<T>& buffers) {
    const std::size_t n = last - first;
    std::vector<PreparedShape<T>>& block_a = buffers.block_a;
    std::vector<PreparedShape<T>>& block_b = buffers.block_b;
    a.prepare_block<T>(first, last, kept_a, block_a);
    b.prepare_block<T>(first, last, kept_b, block_b);
    std::vector<DistanceInput<T>>& inputs = buffers.inputs;
    inputs.resize(n);
    for (std::size_t k = 0; k < n; ++k) {
        const std::size_t i = first + k;
        DistanceInput<T>& in = inputs[k];
        in.a = a.view<T>(a.rows == 1 ? 0 : i, kept_a, block_a, first);
        in.b = b.view<T>(b.rows == 1 ? 0 : i, kept_b, block_b, first);
        in.xf_a = pose_a.at(i);
        in.xf_b = pose_b.at(i);
    }
    std::vector<DistanceOutput<T>>& outputs = buffers.outputs;
    outputs.resize(n);
    distance_batch<T>(inputs, outputs, 1);
    // A row takes penetration() for EPA's depth and normal, or for the gradient.
    auto penetrates = [&](const DistanceOutput<T>& o) {
        return out.wants_penetration(o.status, with_penetration);
    };
    buffers.penetrating.clear();
    for (std::size_t k = 0; k < n; ++k) {
        if (penetrates(outputs[k])) {
            buffers.penetrating.push_back(k);
        }
    }
    penetrate_rows(inputs, buffers);
    std::size_t next_penetration = 0;
    for (std::size_t k = 0; k < n; ++k) {
        const std::size_t i = first + k;
        const DistanceOutput<T>& o = outputs[k];
        PenetrationOutput<T> pen;
        if (penetrates(o)) { // penetration(inputs[k]), in the order penetrate_rows took them
            pen = buffers.penetrations[next_penetration++];
        }
        out.write(i, inputs[k], o, pen, with_penetration);
    }
}

template <class T>
void answer_rows(const ShapeColumn& a, const ShapeColumn& b, const py::array_t<double>& pose_a,
                 const py::array_t<double>& pose_b, std::size_t rows, int threads,
                 const BatchOutputs& out) {
    const PoseColumn<T> poses_a(pose_a), poses_b(pose_b);
    const std::vector<PreparedShape<T>>* kept_a = a.array ? a.array->kept<T>(threads) : nullptr;
    const std::vector<PreparedShape<T>>* kept_b = b.array ? b.array->kept<T>(threads) : nullptr;
    const std::size_t blocks = (rows + kBlockRows - 1) / kBlockRows;
    parallel_chunks(blocks, threads, [&](std::size_t begin, std::size_t end) {
        BlockBuffers<T> buffers;
        for (std::size_t k = begin; k < end; ++k) {
            answer_block<T>(a, b, poses_a, poses_b, k * kBlockRows,
                            std::min(rows, (k + 1) * kBlockRows), kept_a, kept_b,
                            out.penetration != nullptr, out, buffers);
        }
    });
}

py::dict distance_batch_py(ShapeColumnArg a, ShapeColumnArg b, ArrayArg pose_a, ArrayArg pose_b,
                           const std::string& precision, int threads, bool with_penetration,
                           bool derivatives) {
    const bool single_precision = precision_is_float(precision);
    threads = thread_count(threads);
    py::object keep_a, keep_b;
    const ShapeColumn side_a = read_shape_column(a, "a", keep_a);
    const ShapeColumn side_b = read_shape_column(b, "b", keep_b);
    if (common_dim(column_dim(side_a, "a"), column_dim(side_b, "b"), "b") == 3) {
        return distance_batch3(side_a, side_b, pose_a, pose_b, single_precision, threads,
                               with_penetration, derivatives);
    }
    const py::array_t<double> poses_a = read_pose_rows(pose_a, "pose_a");
    const py::array_t<double> poses_b = read_pose_rows(pose_b, "pose_b");
    const std::size_t rows_pa = static_cast<std::size_t>(poses_a.shape(0));
    const std::size_t rows_pb = static_cast<std::size_t>(poses_b.shape(0));
    std::size_t rows = broadcast_rows(
        {{"a", side_a.rows}, {"b", side_b.rows}, {"pose_a", rows_pa}, {"pose_b", rows_pb}});
    BatchColumns columns(rows, 2, with_penetration, derivatives);
    const BatchOutputs out = columns.outputs();
    {
        py::gil_scoped_release release;
        if (single_precision) {
            answer_rows<float>(side_a, side_b, poses_a, poses_b, rows, threads, out);
        } else {
            answer_rows<double>(side_a, side_b, poses_a, poses_b, rows, threads, out);
        }
    }
    return columns.dict();
}

} // namespace

void register_batch(py::module_& m) {
    m.def("distance_batch", &distance_batch_py, py::arg("a"), py::arg("b"),
          py::arg("pose_a") = default_pose(), py::arg("pose_b") = default_pose(), py::kw_only(),
          py::arg("precision") = "double", py::arg("threads") = 0, py::arg("penetration") = true,
          py::arg("derivatives") = false,
          R"(gjk.distance on N rows at once, without the GIL, on `threads` threads (0: every core).

a, b: each a gjk.Shape (every row), a sequence of N gjk.Shapes or a gjk.ShapeArray; pose_a,
pose_b: (3,) or (N, 3) arrays of (x, y, angle), broadcast as numpy does. Returns a dict of
numpy arrays: distance (N,), point_a, point_b, normal (N, 2), overlap (N,) bool, penetration
(N,), iterations (N,) int32, status (N,) int8 codes of gjk.Status. A bad row gets status
invalid_input and zeros; the other rows are answered. Row i equals gjk.distance on row i.
penetration=False skips EPA on touching and overlapping rows, for callers that need only
distances and verdicts: the dict then has no "penetration", and those rows' normal is GJK's
(the proven normal when touching, zero when overlapping). derivatives=True adds gradient_a and
gradient_b (N, 3), the signed distance's derivative with respect to each pose (x, y, angle),
and differentiable (N,) bool: gjk.distance(...).gradient row by row.
In 3D (shapes of (n, 3) points, or ShapeArrays of (P, 3)): poses (7,) or (N, 7) of (x, y, z,
qx, qy, qz, qw), points and normals (N, 3), gradients (N, 6) (d/dposition, then d/drotation).
The rows run through the library's distance_batch in blocks on each thread's range of rows
(SIMD lanes for small shapes, as in 2D); a bad row (a NaN, a quaternion far from unit norm, a bad shape) is invalid_input.
A ShapeArray's rows in space are read as points, not prepared: they equal gjk.distance on
array[i] (a prepared Shape) within the library's bound, not to the bit.)");
}

} // namespace gjk::python
