"""gjk on a Dask cluster: JSONL files answered in parallel, batches of poses as dask arrays.

Imported only when used (``import gjk.dask``); it needs dask and distributed. Every function a
worker runs lives here, so that worker processes (which re-import this module) can unpickle it.

distance_jsonl reads the input files as ONE byte stream, their concatenation, exactly as
``cat FILES | gjk distance`` does, and cuts it into partitions of ``blocksize`` bytes. A line is
a piece of the stream between two '\\n' (a file without a final '\\n' joins its last line with
the next file's first); a final piece without '\\n' is a line, the empty piece after a final
'\\n' is not. Partition p owns the lines that START in its byte range [p * blocksize,
(p + 1) * blocksize): it reads from one byte before its range (a line starts there exactly
when that byte is '\\n') and past its range only to finish its last line. So every line belongs
to exactly one partition, no task reads much more than its range, and the client only needs
the files' sizes.
"""

import bisect
import os
import re
import uuid

import dask
import dask.array as da
import distributed
import numpy as np
from dask.utils import parse_bytes

import gjk

__all__ = ["distance_jsonl", "distance_poses"]

#: distance_jsonl's default partition size: large enough that a task's fixed cost (scheduling
#: it, opening its files) is small next to its work, small enough that a retry after a worker
#: dies redoes little.
DEFAULT_BLOCKSIZE = 64 << 20

#: Lines go to gjk.answer_lines this many at a time, and no more bytes than _BATCH_BYTES at a
#: time (but always at least one line), as in the `gjk distance` tool: a task holds one batch
#: of lines and answers in memory, not its whole partition.
_BATCH_LINES = 8192
_BATCH_BYTES = 16 << 20

#: Files are read at most this many bytes at a time.
_READ_BYTES = 1 << 20

#: The names of distance_jsonl's outputs; a run removes older outputs of this form that it did
#: not write, so the directory's part files are always one run's answers.
_PART_NAME = re.compile(r"part-[0-9]+\.jsonl")

#: distance_batch's keys: whether a row is a vector (of the shapes' dimension, 2 or 3) or one
#: number, and the dtype.
_BATCH_FIELDS = {
    "distance": (False, np.float64),
    "point_a": (True, np.float64),
    "point_b": (True, np.float64),
    "normal": (True, np.float64),
    "overlap": (False, np.bool_),
    "penetration": (False, np.float64),
    "iterations": (False, np.int32),
    "status": (False, np.int8),
}

#: A pose in each dimension: its number of columns and the names of its fields.
_POSES = {2: (3, "(x, y, angle)"), 3: (7, "(x, y, z, qx, qy, qz, qw) of 3D shapes")}

#: distance_poses' default pose_a, the identity in either dimension: (0, 0, 0) for 2D shapes and
#: (0, 0, 0, 0, 0, 0, 1) for 3D ones, as gjk.distance_batch's default. Told apart from a pose
#: the caller gives by identity, so that an explicit (0, 0, 0) for 3D shapes is an error.
_DEFAULT_POSE = (0, 0, 0)
_IDENTITY = {2: (0.0, 0.0, 0.0), 3: (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0)}


def _check_precision(precision):
    if precision not in ("double", "float"):
        raise ValueError(f"precision must be 'double' or 'float', got {precision!r}")


# ---------------------------------------------------------------------------------------------
# distance_jsonl


class _Concatenation:
    """The files' bytes as one stream: file i holds the stream's bytes
    [starts[i], starts[i] + sizes[i]). The sizes are the ones the client saw; a file read later
    contributes exactly that many bytes (bytes appended since are ignored, a file that shrank
    is an error), so every partition sees the same stream."""

    def __init__(self, paths, sizes):
        self.paths = list(paths)
        self.sizes = list(sizes)
        self.starts = []
        total = 0
        for size in self.sizes:
            self.starts.append(total)
            total += size
        self.size = total

    def chunks(self, offset, piece_bytes=_READ_BYTES):
        """Yields the stream's bytes from `offset` to its end, in non-empty pieces of at most
        piece_bytes, crossing from file to file. Files are opened and read only as the
        pieces are asked for."""
        # The last file that starts at or before offset (empty files start where the next does).
        i = max(bisect.bisect_right(self.starts, offset) - 1, 0)
        while i < len(self.paths):
            skip = max(offset - self.starts[i], 0)
            left = self.sizes[i] - skip
            if left > 0:
                with open(self.paths[i], "rb") as file:
                    file.seek(skip)
                    while left > 0:
                        piece = file.read(min(left, piece_bytes))
                        if not piece:
                            raise RuntimeError(f"{self.paths[i]} is shorter than the "
                                               f"{self.sizes[i]} bytes it had when the job "
                                               f"started")
                        left -= len(piece)
                        yield piece
            i += 1


def _owned_lines(stream, start, end):
    """Yields, as bytes without their '\\n', every line of `stream` that starts at an offset in
    [start, end), in order. A line starts at offset 0 (if the stream is not empty) and after
    every '\\n' that is not the stream's last byte.

    Reads the bytes [start - 1, end) and, past `end`, the rest of its last line; a range that
    lies inside one long line is read, found to own nothing, and left."""
    # `offset` is the stream offset of piece[0]. Reading starts one byte early: the line
    # starting at `start` is ours exactly when the byte before it is '\n'.
    offset = max(start - 1, 0)
    seeking = start > 0  # still looking for the '\n' that ends the previous partition's line
    line = bytearray()  # the current line's bytes read so far
    # Pieces about the size of the range (a small range reads little), within 64 KiB to 1 MiB.
    piece_bytes = min(max(end - offset, 1 << 16), _READ_BYTES)
    for piece in stream.chunks(offset, piece_bytes):
        i = 0  # where the current line continues in piece
        if seeking:
            newline = piece.find(b"\n")
            if newline < 0:
                offset += len(piece)
                if offset >= end:  # the next '\n' is at end or later: no line starts before
                    return
                continue
            seeking = False
            i = newline + 1
            if offset + i >= end:
                return
        while True:
            newline = piece.find(b"\n", i)
            if newline < 0:
                line += piece[i:]
                break
            line += piece[i:newline]
            yield bytes(line)
            line.clear()
            i = newline + 1
            # The next line starts at offset + i; at the stream's end (offset + i == size >= end)
            # it is the empty piece after the last '\n', not a line.
            if offset + i >= end:
                return
        offset += len(piece)
    # The stream ended inside a line that started before `end`: a last line without '\n'.
    # It holds at least one byte (it started before the end); an empty stream leaves it empty.
    if line:
        yield bytes(line)


def _text(line):
    """A line's bytes as the str gjk.answer_lines reads as those same bytes: decoded as UTF-8
    with invalid bytes kept as lone surrogates (surrogateescape), so that a line that is not
    UTF-8 gets the tool's own error for it."""
    return line.decode("utf-8", "surrogateescape")


def _batches(lines):
    """Groups `lines` (bytes) into lists of at most _BATCH_LINES lines and about _BATCH_BYTES
    bytes, each list holding at least one line."""
    batch, size = [], 0
    for line in lines:
        batch.append(line)
        size += len(line)
        if len(batch) >= _BATCH_LINES or size >= _BATCH_BYTES:
            yield batch
            batch, size = [], 0
    if batch:
        yield batch


def _answer_partition(stream, start, end, path, run, precision):
    """Answers the lines of `stream` that start in [start, end) and writes the answers, each
    followed by '\\n', to `path`. The file appears complete or not at all: the answers go to a
    temporary name in the same directory (unique to this attempt, marked with `run`), which is
    renamed to `path` at the end. An attempt that dies leaves only its temporary file, which
    distance_jsonl removes; two attempts that both finish write the same bytes. Returns path."""
    directory, name = os.path.split(path)
    temporary = os.path.join(directory, f".{name}.{run}.{uuid.uuid4().hex}.tmp")
    try:
        with open(temporary, "wb") as out:
            for batch in _batches(_owned_lines(stream, start, end)):
                answers = gjk.answer_lines([_text(line) for line in batch],
                                           precision=precision)
                out.write("".join(answer + "\n" for answer in answers).encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        _remove(temporary)
        raise
    return path


def _remove(path):
    try:
        os.remove(path)
    except FileNotFoundError:
        pass


def _partition_size(blocksize):
    """blocksize (an int, or a string such as "64 MiB") as a positive number of bytes."""
    size = parse_bytes(blocksize) if isinstance(blocksize, str) else blocksize
    if isinstance(size, bool) or not isinstance(size, (int, np.integer)) or size <= 0:
        raise ValueError(f"blocksize must be a positive number of bytes, got {blocksize!r}")
    return int(size)


def _remove_leftovers(output_dir, run, outputs):
    """Removes from output_dir the temporary files of run's attempts that died, and part files
    of earlier runs that this run did not write."""
    kept = {os.path.basename(path) for path in outputs}
    marker = f".{run}."
    for name in os.listdir(output_dir):
        stale_part = _PART_NAME.fullmatch(name) and name not in kept
        dead_attempt = name.startswith(".part-") and marker in name and name.endswith(".tmp")
        if stale_part or dead_attempt:
            _remove(os.path.join(output_dir, name))


def _run_partitions(client, stream, blocksize, output_dir, precision):
    """Answers every partition of `stream` on `client`'s cluster; returns the output paths in
    stream order."""
    count = max(-(-stream.size // blocksize), 1)  # ceil; an empty stream has one, empty, part
    width = max(5, len(str(count - 1)))  # equal widths: sorted names are stream order
    outputs = [os.path.join(output_dir, f"part-{p:0{width}d}.jsonl") for p in range(count)]
    run = uuid.uuid4().hex
    # The stream (paths and sizes) is sent to the cluster once, as a task's result: if the
    # worker holding it dies, the scheduler computes it again.
    stream_future = client.submit(_Concatenation, stream.paths, stream.sizes,
                                  key=f"gjk-jsonl-stream-{run}")
    futures = [
        client.submit(_answer_partition, stream_future, p * blocksize,
                      min((p + 1) * blocksize, stream.size), outputs[p], run, precision,
                      key=f"gjk-jsonl-part-{run}-{p}")
        for p in range(count)
    ]
    try:
        # A part's result (its path) is dropped as soon as it is in: the scheduler forgets the
        # task, so a worker that dies later does not take a finished part with it and make the
        # scheduler run it again.
        finished = distributed.as_completed(futures, loop=client.loop, with_results=True)
        for future, _ in finished:
            future.release()
    except BaseException:
        # Stop the parts that have not run; the ones that are running finish on their own.
        client.cancel([f for f in futures if f.status != "finished"] + [stream_future])
        raise
    finally:
        _remove_leftovers(output_dir, run, outputs)
    return outputs


def distance_jsonl(input_paths, output_dir, *, client=None, precision="double",
                   blocksize=DEFAULT_BLOCKSIZE):
    """Answers the JSONL queries of `input_paths` on a Dask cluster, as `gjk distance` does.

    Writes files part-00000.jsonl, part-00001.jsonl, ... (at least five digits, all of one
    width) into `output_dir` (created if missing) and returns their paths in order. Their
    concatenation is byte for byte what ``cat INPUT_PATHS | gjk distance --precision
    PRECISION`` prints: the inputs are one byte stream, split on '\\n' (see the module's
    docstring), and every line gets its answer (gjk.answer_lines) followed by '\\n'. An empty
    input gives one empty part. Part files of earlier runs left in output_dir are removed.

    input_paths: a path or a sequence of paths, readable by every worker under the same names
        (they are made absolute here); the files must not change while the job runs.
    client: a distributed.Client; None uses the current client if there is one, else starts a
        LocalCluster of processes for this call and closes it afterwards (a script that calls
        this at top level needs the ``if __name__ == "__main__":`` guard of multiprocessing).
    precision: "double" or "float", as the tool's --precision.
    blocksize: bytes per partition (an int, or a string such as "64 MiB"); each partition is
        one task, which writes one part file.

    A worker that dies mid-job only delays it: its tasks run again elsewhere, and each part
    file is written under a temporary name and renamed when complete, so every part holds its
    lines once. One run at a time may write to an output_dir. A missing input raises
    FileNotFoundError before any task starts; an error in a task is raised here.
    """
    _check_precision(precision)
    blocksize = _partition_size(blocksize)
    if isinstance(input_paths, (str, bytes, os.PathLike)):
        input_paths = [input_paths]
    paths = [os.path.abspath(os.fsdecode(path)) for path in input_paths]
    stream = _Concatenation(paths, [os.path.getsize(path) for path in paths])
    output_dir = os.path.abspath(os.fsdecode(output_dir))
    os.makedirs(output_dir, exist_ok=True)

    if client is None:
        try:
            client = distributed.get_client()
        except ValueError:  # no client: this call runs its own cluster
            with distributed.LocalCluster(processes=True, dashboard_address=None) as cluster, \
                    distributed.Client(cluster, set_as_default=False) as own_client:
                return _run_partitions(own_client, stream, blocksize, output_dir, precision)
    return _run_partitions(client, stream, blocksize, output_dir, precision)


# ---------------------------------------------------------------------------------------------
# distance_poses


def _distance_block(a, b, pose_a, poses_b, precision):
    """gjk.distance_batch on one block of poses, on one thread: Dask runs the blocks in
    parallel (a batch's rows are the same on any number of threads)."""
    return gjk.distance_batch(a, b, pose_a, poses_b, precision=precision, threads=1)


def _pose_error(name, rows, dim, got):
    """The ValueError for a pose argument of the wrong shape: what it must be for shapes of
    dimension `dim`, and what it is."""
    columns, fields = _POSES[dim]
    want = f"(N, {columns})" if rows else f"({columns},)"
    return ValueError(f"{name} must have shape {want} for {fields}, got {got}")


def distance_poses(a, b, poses_b, pose_a=_DEFAULT_POSE, *, precision="double"):
    """gjk.distance_batch(a, b, pose_a, poses_b, precision=precision) with poses_b a dask array.

    a, b: gjk.Shape (points are made into one here, as gjk.distance does), both 2D or both 3D;
    each is one task of the graph, sent once to each worker that needs it. poses_b: a dask
    array of N poses, or anything numpy.asarray takes (made into a dask array of automatic
    chunks): (N, 3) of (x, y, angle) for 2D shapes, (N, 7) of (x, y, z, qx, qy, qz, qw) for 3D
    ones (a scalar-last quaternion, as gjk.distance_batch takes it). pose_a: one pose, (3,) or
    (7,), for every row; by default the identity in the shapes' dimension.

    Returns a dict with distance_batch's keys and dtypes whose values are dask arrays of N rows,
    chunked along axis 0 as poses_b: "distance", "penetration" (N,) float64; "point_a",
    "point_b", "normal" (N, 2) float64 for 2D shapes, (N, 3) for 3D ones; "overlap" (N,) bool;
    "iterations" (N,) int32; "status" (N,) int8. Computed, every array equals distance_batch's
    on the whole of poses_b, row for row: each block of rows is one distance_batch call, and
    rows do not depend on each other. A bad row (a NaN pose, a quaternion far from unit norm)
    gets status invalid_input, as in distance_batch. Bad shapes (a 2D shape beside a 3D one
    included), a pose_a or poses_b of the wrong shape for the shapes' dimension, or a bad
    precision raise ValueError here, naming the argument, not when computed.
    """
    _check_precision(precision)
    a = a if isinstance(a, gjk.Shape) else gjk.Shape(a)
    b = b if isinstance(b, gjk.Shape) else gjk.Shape(b)
    dim = a.dim
    if b.dim != dim:
        raise ValueError(f"b is a {b.dim}D shape, unlike the query's {dim}D shapes")
    columns = _POSES[dim][0]
    pose_a = np.asarray(_IDENTITY[dim] if pose_a is _DEFAULT_POSE else pose_a, dtype=np.float64)
    if pose_a.shape != (columns,):
        raise _pose_error("pose_a", False, dim, pose_a.shape)
    if not isinstance(poses_b, da.Array):
        poses_b = da.from_array(np.asarray(poses_b))
    if poses_b.ndim != 2 or poses_b.shape[1] != columns:
        raise _pose_error("poses_b", True, dim, poses_b.shape)
    poses_b = poses_b.rechunk({1: -1})  # a block holds whole poses
    rows = poses_b.chunks[0]  # NaN where a block's size is unknown; from_delayed keeps it

    shape_a, shape_b = dask.delayed(a), dask.delayed(b)
    results = [dask.delayed(_distance_block)(shape_a, shape_b, pose_a, block, precision)
               for block in poses_b.to_delayed()[:, 0]]
    return {
        key: da.concatenate([
            da.from_delayed(result[key], shape=(count, dim) if vector else (count,), dtype=dtype)
            for result, count in zip(results, rows)
        ])
        for key, (vector, dtype) in _BATCH_FIELDS.items()
    }
