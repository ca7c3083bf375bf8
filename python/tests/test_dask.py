"""gjk.dask on a local cluster of two worker processes.

distance_jsonl is checked byte for byte against the `gjk distance` tool (GJK_TOOL) run on the
concatenation of the same files: the partitions cut the stream at arbitrary bytes, so any
line lost, doubled, reordered or cut at a partition or file boundary shows up as a
difference. distance_poses is checked row for row against one gjk.distance_batch call, in the
plane and in space, and in space also against the closed-form distance of two spheres.

Every input is generated here from a seeded RNG.
"""

import concurrent.futures
import json
import os
import signal
import subprocess
import time

import numpy as np
import pytest

dask = pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")
import dask.array as da  # noqa: E402

import gjk  # noqa: E402
import gjk.dask  # noqa: E402

TOOL = os.environ.get("GJK_TOOL")
needs_tool = pytest.mark.skipif(
    not TOOL, reason="GJK_TOOL is not set: these tests compare with the `gjk distance` tool "
                     "and need its path (ctest sets it to build/bin/gjk)")


@pytest.fixture(scope="module")
def client():
    """A client of two single-threaded worker processes, not made the default client: a test
    that wants distance_jsonl to find it says so (client.as_current())."""
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster, set_as_default=False) as client:
        yield client


def tool_output(data, precision="double"):
    """What `gjk distance` prints for the bytes `data` on its standard input."""
    done = subprocess.run([TOOL, "distance", "--precision", precision, "--threads", "2"],
                          input=data, stdout=subprocess.PIPE, check=False)
    assert done.returncode in (0, 1), done.returncode  # 1: some line was an error
    return done.stdout


def assert_same_answers(got, want):
    """got == want, two outputs of many lines, reported by their first differing line: pytest's
    own explanation diffs the whole bytes, which took minutes on megabytes of answers (a module
    whose answers differed from the tool's in a last bit seemed to hang)."""
    if got == want:
        return
    got_lines, want_lines = got.split(b"\n"), want.split(b"\n")
    for i, (a, b) in enumerate(zip(got_lines, want_lines)):
        if a != b:
            pytest.fail(f"line {i} differs:\n  got  {a[:300]!r}\n  want {b[:300]!r}", pytrace=False)
    pytest.fail(f"{len(got_lines)} lines, the tool's {len(want_lines)}", pytrace=False)


def read_parts(paths):
    parts = []
    for path in paths:
        with open(path, "rb") as file:
            parts.append(file.read())
    return b"".join(parts)


def polygon(rng, count):
    """`count` points on a circle of random radius, rounded to 6 decimals."""
    angles = np.sort(rng.uniform(0.0, 2.0 * np.pi, count))
    radius = rng.uniform(0.5, 2.0)
    return np.round(np.c_[radius * np.cos(angles), radius * np.sin(angles)], 6).tolist()


def query_lines(rng, count):
    """`count` distance queries as JSONL lines (bytes, no newline): polygons of 1 to 8 points,
    some rounded, B moved and turned so that both separated and overlapping pairs occur."""
    lines = []
    for _ in range(count):
        a = {"points": polygon(rng, int(rng.integers(1, 9))),
             "radius": float(rng.choice([0.0, 0.25]))}
        b = {"points": polygon(rng, int(rng.integers(1, 9))),
             "position": np.round(rng.uniform(-4.0, 4.0, 2), 6).tolist(),
             "angle": round(float(rng.uniform(-np.pi, np.pi)), 6)}
        lines.append(json.dumps({"a": a, "b": b}).encode())
    return lines


#: Lines the tool answers with an error, each for a different reason, and one it answers
#: though it is not JSON.
ODD_LINES = [
    b"not json",
    b"",
    b"   ",
    b"[1, 2]",
    b'{"a": {"points": [[0, 0]]}}',
    b'{"a": {"points": []}, "b": {"points": [[2, 0]]}}',
    b'{"a": {"points": [[NaN, 0]]}, "b": {"points": [[2, 0]]}}',
    b'{"a": {"points": [[1e400, 0]]}, "b": {"points": [[2, 0]]}}',
    b'{"a": {"points": [[0, 0]], "radius": -1}, "b": {"points": [[2, 0]]}}',
    b'{"a": {"points": [[0, 0]]}, "b": {"points": [[2, 0]]}, "note": "\x01"}',
    # Invalid UTF-8, inside a string and outside: the error quotes the bytes the parser read,
    # an invalid byte as U+FFFD.
    b'{"a": {"points": [[0, 0]]}, "b": {"points": [[2, 0]]}, "note": "\xff\xfe ok"}',
    b"\xc3{",
    # The tool's JSON parser takes a NUL byte for the end of its input: answered.
    b'{"a": {"points": [[0, 0]]}, "b": {"points": [[2, 0]]}}\x00 not JSON',
    b"\x00",
]


def write(path, data):
    with open(path, "wb") as file:
        file.write(data)
    return str(path)


def mixed_files(tmp_path, rng):
    """Files that cover every way a line can meet a file boundary: ones ending with and
    without '\\n' (the next file continues that line), an empty file, error lines, CRLF
    lines, and a stream that ends without '\\n'."""
    queries = query_lines(rng, 120)
    contents = [
        b"\n".join(queries[:40]) + b"\n",
        b"\n".join(queries[40:70]),  # no final '\n': joins the next file's first line
        b"",
        b"\n".join(ODD_LINES) + b"\n",
        b"\n".join(queries[70:90]) + b"\r",  # a CRLF cut in two: the LF opens the next file
        b"\n\n" + b"\r\n".join(queries[90:]),  # an empty line, CRLF lines, no final '\n'
    ]
    return [write(tmp_path / f"in-{i}.jsonl", data) for i, data in enumerate(contents)], \
        b"".join(contents)


def test_each_line_belongs_to_exactly_one_partition(tmp_path, monkeypatch):
    """The partition rule on its own (gjk.dask._owned_lines), against bytes.split: random
    streams of "a", "\\r" and "\\n" over 0 to 4 files (some empty), cut into partitions of 1 to
    13 bytes and read one byte at a time, so that partition, file and read boundaries fall on
    every kind of byte. A partition also reads no further than its range, or its last line if
    that ends later."""
    monkeypatch.setattr(gjk.dask, "_READ_BYTES", 1)

    class CountedStream(gjk.dask._Concatenation):
        read = 0

        def chunks(self, offset, piece_bytes):
            for piece in super().chunks(offset, piece_bytes):
                self.read += len(piece)
                yield piece

    rng = np.random.default_rng(0)
    for trial in range(150):
        files = [rng.choice(list(b"aa\r\n"), int(rng.choice([0, 1, 2, 7, 20]))).astype(np.uint8)
                 .tobytes() for _ in range(rng.integers(0, 5))]
        paths = [write(tmp_path / f"{trial}-{i}", data) for i, data in enumerate(files)]
        data = b"".join(files)
        pieces = data.split(b"\n")
        if pieces[-1] == b"":
            pieces.pop()  # the empty piece after a final newline is not a line
        starts = np.cumsum([0] + [len(piece) + 1 for piece in pieces])[:-1]
        for blocksize in (1, 2, 3, 5, 8, 13):
            got = []
            for start in range(0, max(len(data), 1), blocksize):
                end = min(start + blocksize, len(data))
                stream = CountedStream(paths, [len(f) for f in files])
                owned = list(gjk.dask._owned_lines(stream, start, end))
                got += owned
                ends = [starts[i] + len(pieces[i]) + 1 for i in range(len(pieces))
                        if start <= starts[i] < end]
                reach = min(max([end] + ends), len(data))
                assert stream.read <= reach - max(start - 1, 0), (files, start, end)
            assert got == pieces, (files, blocksize)


@needs_tool
@pytest.mark.parametrize("blocksize", [97, 4096, "1 MiB"])
def test_jsonl_equals_the_tool_byte_for_byte(client, tmp_path, blocksize):
    """97 bytes cuts most lines into several partitions (most of which own no line start);
    1 MiB is one partition."""
    paths, stream = mixed_files(tmp_path, np.random.default_rng(1))
    outputs = gjk.dask.distance_jsonl(paths, tmp_path / "out", client=client,
                                      blocksize=blocksize)
    assert outputs == sorted(outputs)
    assert sorted(os.listdir(tmp_path / "out")) == [os.path.basename(p) for p in outputs]
    assert_same_answers(read_parts(outputs), tool_output(stream))


@needs_tool
def test_every_byte_a_partition(client, tmp_path):
    """blocksize 1: each byte is a partition, so every line start is a partition's first byte
    and every '\\n' its last."""
    data = b"\n".join([b'{"a": {"points": [[0, 0]]}, "b": {"points": [[3, 4]]}}', b"",
                       b"x", b"\r", b"[]"])
    paths = [write(tmp_path / "a", data[:9]), write(tmp_path / "b", data[9:])]
    outputs = gjk.dask.distance_jsonl(paths, tmp_path / "out", client=client, blocksize=1)
    assert len(outputs) == len(data)
    assert_same_answers(read_parts(outputs), tool_output(data))


@needs_tool
def test_float_precision_and_the_current_client(client, tmp_path):
    """client=None takes the current client; precision goes to every line."""
    paths, stream = mixed_files(tmp_path, np.random.default_rng(2))
    with client.as_current():
        outputs = gjk.dask.distance_jsonl(paths, tmp_path / "out", precision="float",
                                          blocksize=1000)
    assert_same_answers(read_parts(outputs), tool_output(stream, precision="float"))


@needs_tool
def test_without_a_client_runs_its_own_cluster(tmp_path):
    """No client anywhere (the module's client is not the default one): distance_jsonl starts
    a LocalCluster for the call and stops it."""
    with pytest.raises(ValueError):
        distributed.get_client()
    paths, stream = mixed_files(tmp_path, np.random.default_rng(3))
    outputs = gjk.dask.distance_jsonl(paths, tmp_path / "out", blocksize=2000)
    assert_same_answers(read_parts(outputs), tool_output(stream))
    with pytest.raises(ValueError):  # the call's own client is closed and was never default
        distributed.get_client()


@needs_tool
def test_jsonl_in_space_equals_the_tool_byte_for_byte(client, tmp_path):
    """3D lines (points of three coordinates, quaternion poses) among 2D ones and the errors a
    3D line can have (a quaternion far from unit norm, a mix of 2D and 3D shapes, an angle in a
    3D shape): the parts are the tool's output, byte for byte."""
    rng = np.random.default_rng(11)
    lines = []
    for i in range(60):
        q = rng.normal(size=4)
        b = {"points": np.round(rng.normal(size=(int(rng.integers(1, 9)), 3)), 6).tolist(),
             "position": np.round(rng.uniform(-3.0, 3.0, 3), 6).tolist(),
             "quaternion": np.round(q / np.linalg.norm(q), 9).tolist()}
        a = {"points": np.round(rng.normal(size=(int(rng.integers(1, 9)), 3)), 6).tolist(),
             "radius": float(rng.choice([0.0, 0.25]))}
        lines.append(json.dumps({"a": a, "b": b}).encode())
    lines[7] = (b'{"a": {"points": [[0, 0, 0]]}, '
                b'"b": {"points": [[2, 0, 0]], "quaternion": [0, 0, 0, 2]}}')
    lines[8] = b'{"a": {"points": [[0, 0, 0]]}, "b": {"points": [[2, 0]]}}'
    lines[9] = b'{"a": {"points": [[0, 0, 0]], "angle": 1}, "b": {"points": [[2, 0, 0]]}}'
    data = b"\n".join(lines + query_lines(rng, 20)) + b"\n"
    outputs = gjk.dask.distance_jsonl([write(tmp_path / "in.jsonl", data)], tmp_path / "out",
                                      client=client, blocksize=1500)
    assert len(outputs) > 1
    answers = read_parts(outputs)
    assert_same_answers(answers, tool_output(data))
    assert answers.count(b'"error"') == 3 and answers.count(b'"point_a":[') == 77


def test_empty_input_gives_one_empty_part(client, tmp_path):
    outputs = gjk.dask.distance_jsonl([write(tmp_path / "empty", b"")], tmp_path / "out",
                                      client=client)
    assert [os.path.basename(p) for p in outputs] == ["part-00000.jsonl"]
    assert read_parts(outputs) == b""


def test_a_rerun_replaces_the_earlier_parts(client, tmp_path):
    """Fewer partitions than the last run: the older run's extra parts are removed, so the
    directory's parts are this run's answers."""
    path = write(tmp_path / "in", b"\n".join(query_lines(np.random.default_rng(4), 20)))
    first = gjk.dask.distance_jsonl(path, tmp_path / "out", client=client, blocksize=500)
    first_answers = read_parts(first)
    second = gjk.dask.distance_jsonl(path, tmp_path / "out", client=client)
    assert len(first) > 1 and len(second) == 1
    assert os.listdir(tmp_path / "out") == ["part-00000.jsonl"]
    assert read_parts(second) == first_answers


def test_bad_arguments_raise_before_any_work(client, tmp_path):
    path = write(tmp_path / "in", b"[]\n")
    with pytest.raises(ValueError, match="precision"):
        gjk.dask.distance_jsonl([path], tmp_path / "out", client=client, precision="half")
    with pytest.raises(ValueError, match="blocksize"):
        gjk.dask.distance_jsonl([path], tmp_path / "out", client=client, blocksize=0)
    with pytest.raises(FileNotFoundError):
        gjk.dask.distance_jsonl([tmp_path / "missing"], tmp_path / "out", client=client)


@pytest.mark.parametrize("precision", ["double", "float"])
@pytest.mark.parametrize("as_dask", [True, False])
def test_distance_poses_equals_distance_batch(client, precision, as_dask):
    """Chunks of 128 rows and 2 columns: distance_poses joins the columns of each block; one
    NaN pose is a bad row (invalid_input) that leaves the others answered."""
    rng = np.random.default_rng(5)
    a = gjk.Shape(rng.normal(size=(12, 2)), radius=0.1)
    b = gjk.Shape(rng.normal(size=(7, 2)))
    poses = np.c_[rng.uniform(-3.0, 3.0, (1000, 2)), rng.uniform(-np.pi, np.pi, 1000)]
    poses[17] = np.nan
    pose_a = (0.5, -0.25, 0.3)
    expected = gjk.distance_batch(a, b, pose_a, poses, precision=precision)
    assert 0 < expected["overlap"].sum() < len(poses)  # both kinds of pair occur

    lazy = gjk.dask.distance_poses(
        a, b, da.from_array(poses, chunks=(128, 2)) if as_dask else poses, pose_a,
        precision=precision)
    assert lazy.keys() == expected.keys()
    (computed,) = dask.compute(lazy, scheduler=client)
    for key, want in expected.items():
        assert lazy[key].shape == want.shape and lazy[key].dtype == want.dtype, key
        assert computed[key].dtype == want.dtype, key
        np.testing.assert_array_equal(computed[key], want, err_msg=key)
    assert computed["status"][17] == gjk.Status.invalid_input


def test_distance_poses_on_blocks_of_unknown_size(client):
    """Rows picked by a mask: the blocks' sizes are unknown until computed (NaN chunks), and
    the answers still line up with the rows."""
    rng = np.random.default_rng(8)
    a = gjk.Shape(rng.normal(size=(5, 2)))
    poses = da.from_array(rng.uniform(-3.0, 3.0, (300, 3)), chunks=(64, 3))
    picked = poses[poses[:, 2] > 0]
    lazy = gjk.dask.distance_poses(a, a, picked)
    assert np.isnan(lazy["distance"].shape[0])
    (computed,) = dask.compute(lazy, scheduler=client)
    expected = gjk.distance_batch(a, a, (0, 0, 0), picked.compute())
    for key, want in expected.items():
        np.testing.assert_array_equal(computed[key], want, err_msg=key)


def test_distance_poses_rejects_poses_of_the_wrong_shape():
    a = gjk.Shape([[0.0, 0.0]])
    with pytest.raises(ValueError, match="poses_b"):
        gjk.dask.distance_poses(a, a, da.zeros((10, 2)))
    with pytest.raises(ValueError, match="pose_a"):
        gjk.dask.distance_poses(a, a, da.zeros((10, 3)), pose_a=(0, 0))


# distance_poses in space: 3D shapes, poses (x, y, z, qx, qy, qz, qw)


def random_quaternions(rng, count):
    """`count` unit quaternions (x, y, z, w), uniform over the rotations."""
    q = rng.normal(size=(count, 4))
    return q / np.linalg.norm(q, axis=1, keepdims=True)


def rotate(q, v):
    """Each v[i] rotated by the unit quaternion q[i] = (x, y, z, w): v + w t + u x t with
    u = (x, y, z) and t = 2 u x v, written here again rather than taken from the library."""
    u, w = q[:, :3], q[:, 3:]
    t = 2 * np.cross(u, v)
    return v + w * t + np.cross(u, t)


@pytest.mark.parametrize("precision", ["double", "float"])
def test_distance_poses_in_space_equals_distance_batch(client, precision):
    """Hulls of random points in space, B at 1,000 poses of seven columns in chunks of 128
    rows: every array has the batch's shape, (N, 3) for points and normals, and equals one
    distance_batch call row for row. A NaN pose and a quaternion of norm 2 are bad rows
    (invalid_input) that leave the others answered."""
    rng = np.random.default_rng(9)
    a = gjk.Shape(rng.normal(size=(12, 3)), radius=0.1)
    b = gjk.Shape(rng.normal(size=(7, 3)))
    poses = np.c_[rng.uniform(-3.0, 3.0, (1000, 3)), random_quaternions(rng, 1000)]
    poses[17] = np.nan
    poses[18, 3:] = [0.0, 0.0, 0.0, 2.0]
    pose_a = (0.5, -0.25, 0.125, *random_quaternions(rng, 1)[0])
    expected = gjk.distance_batch(a, b, pose_a, poses, precision=precision)
    assert 0 < expected["overlap"].sum() < len(poses)  # both kinds of pair occur
    assert expected["point_a"].shape == (1000, 3)

    lazy = gjk.dask.distance_poses(a, b, da.from_array(poses, chunks=(128, 7)), pose_a,
                                   precision=precision)
    assert lazy.keys() == expected.keys()
    (computed,) = dask.compute(lazy, scheduler=client)
    for key, want in expected.items():
        assert lazy[key].shape == want.shape and lazy[key].dtype == want.dtype, key
        assert computed[key].dtype == want.dtype, key
        np.testing.assert_array_equal(computed[key], want, err_msg=key)
    assert (computed["status"][[17, 18]] == gjk.Status.invalid_input).all()


def test_distance_poses_in_space_against_spheres(client):
    """Two spheres off their shapes' origins, so that the rotations move them, at 2,000 random
    poses of B (A at the identity, the default pose_a, and at a turned pose): the distance,
    normal and witness points against the closed form computed here from the centres. Gaps
    range from -0.8 (overlapping: distance 0, EPA's depth is the overlap of the radii along the
    line of centres) to about 3."""
    rng = np.random.default_rng(10)
    ra, rb = 0.5, 0.3
    ca, cb = np.array([0.2, -0.1, 0.3]), np.array([-0.4, 0.25, 0.1])
    a, b = gjk.Shape([ca], radius=ra), gjk.Shape([cb], radius=rb)
    n = 2000
    poses = np.c_[rng.uniform(-1.5, 1.5, (n, 3)), random_quaternions(rng, n)]
    for pose_a in (None, np.r_[0.3, 0.1, -0.2, random_quaternions(rng, 1)[0]]):
        if pose_a is None:
            lazy = gjk.dask.distance_poses(a, b, da.from_array(poses, chunks=(300, 7)))
            centre_a = np.broadcast_to(ca, (n, 3))
        else:
            lazy = gjk.dask.distance_poses(a, b, da.from_array(poses, chunks=(300, 7)), pose_a)
            centre_a = np.broadcast_to(pose_a[:3] + rotate(pose_a[None, 3:], ca[None])[0],
                                       (n, 3))
        (got,) = dask.compute(lazy, scheduler=client)
        centre_b = poses[:, :3] + rotate(poses[:, 3:], np.broadcast_to(cb, (n, 3)))
        between = centre_b - centre_a
        length = np.linalg.norm(between, axis=1)
        gap = length - (ra + rb)
        normal = between / length[:, None]
        assert (gap < 0).sum() > 100 and (gap > 0).sum() > 100  # both kinds of pair occur

        np.testing.assert_allclose(got["distance"], np.maximum(gap, 0.0), rtol=0, atol=1e-12)
        np.testing.assert_allclose(got["penetration"], np.maximum(-gap, 0.0), rtol=0,
                                   atol=1e-12)
        np.testing.assert_array_equal(got["overlap"], gap < 0)
        np.testing.assert_allclose(got["normal"], normal, rtol=0, atol=1e-12)
        apart = gap > 0
        np.testing.assert_allclose(got["point_a"][apart],
                                   (centre_a + ra * normal)[apart], rtol=0, atol=1e-12)
        np.testing.assert_allclose(got["point_b"][apart],
                                   (centre_b - rb * normal)[apart], rtol=0, atol=1e-12)
        assert set(got["status"][apart]) == {gjk.Status.separated}
        assert set(got["status"][~apart]) == {gjk.Status.overlapping}


def test_distance_poses_rejects_dimensions_that_do_not_match():
    """Each mismatch is a ValueError naming the argument, raised before any task: a 2D shape
    beside a 3D one, 2D poses for 3D shapes, 3D poses for 2D shapes."""
    ball, disc = gjk.Shape([[0.0, 0.0, 0.0]], 0.5), gjk.Shape([[0.0, 0.0]], 0.5)
    with pytest.raises(ValueError, match="b is a 2D shape, unlike the query's 3D shapes"):
        gjk.dask.distance_poses(ball, disc, da.zeros((10, 7)))
    with pytest.raises(ValueError, match="b is a 3D shape, unlike the query's 2D shapes"):
        gjk.dask.distance_poses(disc, ball, da.zeros((10, 3)))
    with pytest.raises(ValueError, match=r"poses_b must have shape \(N, 7\) for \(x, y, z, qx, "
                                         r"qy, qz, qw\) of 3D shapes, got \(10, 3\)"):
        gjk.dask.distance_poses(ball, ball, da.zeros((10, 3)))
    with pytest.raises(ValueError, match=r"poses_b must have shape \(N, 3\) for \(x, y, "
                                         r"angle\), got \(10, 7\)"):
        gjk.dask.distance_poses(disc, disc, np.zeros((10, 7)))
    with pytest.raises(ValueError, match=r"pose_a must have shape \(7,\) for \(x, y, z, qx, "
                                         r"qy, qz, qw\) of 3D shapes, got \(3,\)"):
        gjk.dask.distance_poses(ball, ball, da.zeros((10, 7)), pose_a=(0, 0, 0))
    with pytest.raises(ValueError, match=r"pose_a must have shape \(3,\)"):
        gjk.dask.distance_poses(disc, disc, da.zeros((10, 3)), pose_a=(0, 0, 0, 0, 0, 0, 1))


def worker_pids(client):
    return client.run(os.getpid)  # {worker address: pid}


@needs_tool
def test_a_worker_killed_mid_job_changes_nothing(client, tmp_path):
    """SIGKILL one of the two workers while it answers a partition, once a few parts are
    written: its tasks run again (the nanny restarts it, the other worker goes on), and the
    parts are still the tool's output byte for byte, each line once, with no temporary file
    left behind.

    The job is long next to the time the kill takes: 32 partitions of 1 MB, each some tens of
    milliseconds of work (about 2 s in all), where the kill follows the second part within a
    few milliseconds of polling. The lines are drawn at random from 2000 distinct ones, so no
    two partitions hold the same bytes and a part written in another's place would show."""
    rng = np.random.default_rng(6)
    lines = query_lines(rng, 2000)
    picks = rng.integers(0, len(lines), 100_000)
    data = b"\n".join(lines[i] for i in picks) + b"\n"
    path = write(tmp_path / "in.jsonl", data)
    output_dir = tmp_path / "out"
    blocksize = 1_000_003  # not a multiple of anything in the input
    count = -(-len(data) // blocksize)
    client.wait_for_workers(2)
    before = worker_pids(client)

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        job = pool.submit(gjk.dask.distance_jsonl, [path], output_dir, client=client,
                          blocksize=blocksize)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            written = [n for n in os.listdir(output_dir) if n.startswith("part-")] \
                if output_dir.exists() else []
            if len(written) >= 2:
                break
            time.sleep(0.005)
        busy = [address for address, keys in client.processing().items() if keys]
        assert busy and not job.done() and len(written) < count, (busy, len(written), count)
        victim = before[busy[0]]
        os.kill(victim, signal.SIGKILL)
        outputs = job.result(timeout=60)

    assert len(outputs) == count
    assert sorted(os.listdir(output_dir)) == [os.path.basename(p) for p in outputs]
    assert_same_answers(read_parts(outputs), tool_output(data))
    client.wait_for_workers(2, timeout=30)
    assert victim not in worker_pids(client).values()  # the nanny started a new process
