"""The package's type information: py.typed and the stubs python/gjk/*.pyi, which type checkers
and editors read instead of the compiled module (whose arguments pybind11 could only call
`handle`). The stubs are read (stub_read.py) and compared with what they describe
(stub_check.py): the compiled module's signatures as pybind11 writes them, the pure-Python
functions' through inspect, and the values the functions return (a TypedDict's keys, a Result's
fields, dtypes, words). The comparison is shown to fail: each mutation of a stub below is
caught, and so is an argument the module shows as `handle`.
"""

import ast
import importlib
import importlib.util
import pathlib

import numpy as np
import pytest

import gjk
import gjk._gjk
from stub_check import ValueChecker, check_module, compare_pybind11, compare_wrappers
from stub_read import StubError, Stubs, is_pybind11, pybind11_signatures, pybind11_type, show

# The package as imported: build/python/gjk (CMake's copy) under ctest, site-packages after
# `pip install .`. The stubs are read from there, so these tests also show the build ships them.
PACKAGE = pathlib.Path(gjk.__file__).parent
STUB_FILES = {"gjk": "__init__.pyi", "gjk._gjk": "_gjk.pyi", "gjk.dask": "dask.pyi"}
HAVE_DASK = all(importlib.util.find_spec(m) for m in ("dask", "distributed"))

TRIANGLE = gjk.Shape([[0, 0], [2, 0], [1, 1.5]])
CAPSULE = gjk.Shape([[-1, 0], [1, 0]], radius=0.25)
BOX = gjk.Shape([[-1, -1], [1, -1], [1, 1], [-1, 1]])
SLAB = gjk.Shape([[-3, -1], [3, -1], [3, 0], [-3, 0]])
ARRAY = gjk.ShapeArray([[0, 0], [1, 0], [0, 1], [3, 3]], [0, 3, 4], radii=[0.0, 0.5])
POSES = np.column_stack([np.linspace(-4, 4, 9), np.zeros(9), np.zeros(9)])
SWEEP_A = {"center": [0, 0], "from": [0, 0, 0], "to": [0, 0, 0]}
SWEEP_B = {"center": [0, 0], "from": [4, 0, 0], "to": [-4, 0, 1]}

# Values the package returns, each with the stub name whose type it must have: a function's
# (its return type), a class's (an instance: each property), a method's (its return type).
# Separated, touching and overlapping cases; every optional key of a TypedDict present and
# absent.
SAMPLES = [
    ("gjk.distance", lambda: gjk.distance(TRIANGLE, CAPSULE, pose_b=(4, 1, 0.3))),
    ("gjk.distance", lambda: gjk.distance(TRIANGLE, CAPSULE, pose_b=(4, 1, 0.3), trace=True)),
    ("gjk.distance", lambda: gjk.distance(TRIANGLE, CAPSULE, pose_b=(1, 0.5, 0),
                                          precision="float", trace=True)),
    ("gjk.distance_batch", lambda: gjk.distance_batch(TRIANGLE, CAPSULE, (0, 0, 0), POSES)),
    ("gjk.distance_batch", lambda: gjk.distance_batch([TRIANGLE, BOX], ARRAY, penetration=False)),
    ("gjk.distance_batch", lambda: gjk.distance_batch(ARRAY, BOX, POSES[:2], derivatives=True,
                                                      precision="float")),
    ("gjk.ray_cast_batch", lambda: gjk.ray_cast_batch(BOX, (-3, 0.5), [[6, 0], [0, 6]])),
    ("gjk.overlap", lambda: gjk.overlap(TRIANGLE, CAPSULE, pose_b=(1, 0.5, 0))),
    ("gjk.penetration", lambda: gjk.penetration(TRIANGLE, CAPSULE, pose_b=(1, 0.5, 0))),
    ("gjk.manifold", lambda: gjk.manifold(SLAB, BOX, pose_b=(0.5, 0.99, 0), margin=0.05)),
    ("gjk.manifold", lambda: gjk.manifold(SLAB, BOX, pose_b=(0.5, 3, 0))),
    ("gjk.cast", lambda: gjk.cast(TRIANGLE, CAPSULE, pose_b=(4, 1, 0.3), translation_b=(-5, 0))),
    ("gjk.time_of_impact", lambda: gjk.time_of_impact(TRIANGLE, CAPSULE, SWEEP_A, SWEEP_B)),
    ("gjk.ray_cast", lambda: gjk.ray_cast(BOX, (-3, 0.5), (6, 0))),
    ("gjk.closest_point_segment", lambda: gjk.closest_point_segment((0, 0), (1, 0), (0.5, 1))),
    ("gjk.closest_point_triangle",
     lambda: gjk.closest_point_triangle((0, 0), (1, 0), (0, 1), (3, 3))),
    ("gjk.convex_hull", lambda: gjk.convex_hull([[0, 0], [1, 0], [0, 1], [0.1, 0.1]])),
    ("gjk.minkowski_difference", lambda: gjk.minkowski_difference(TRIANGLE, BOX)),
    ("gjk.answer_lines", lambda: gjk.answer_lines(["{}", b"not json\n"])),
    ("gjk._gjk.overlap", lambda: gjk._gjk.overlap(TRIANGLE, CAPSULE)),
    ("gjk._gjk.Shape", lambda: CAPSULE),
    ("gjk._gjk.Shape.__getstate__", lambda: CAPSULE.__getstate__()),
    ("gjk._gjk.ShapeArray", lambda: ARRAY),
    ("gjk._gjk.ShapeArray.__getitem__", lambda: ARRAY[1]),
    ("gjk._gjk.ShapeArray.__getstate__", lambda: ARRAY.__getstate__()),
]


def stub_texts():
    return {module: (PACKAGE / name).read_text() for module, name in STUB_FILES.items()}


def sample_type(stubs, path):
    """The stub type a sample's value must have (see SAMPLES); None when the stub lacks it."""
    module, _, name = path.rpartition(".")
    if module in stubs.by_module:
        stub = stubs.by_module[module]
        defs = stub.function(name)
        if defs is not None:
            home = stubs.lookup(stub.imports[name])[0] if name in stub.imports else stub
            return home.type_of(defs[0].returns)
        return stub.resolve(name) if name in stub.classes else None
    module, _, cls = module.rpartition(".")
    stub = stubs.by_module[module]
    methods = stub.classes[cls].methods if cls in stub.classes else {}
    return stub.type_of(methods[name][0].returns) if name in methods else None


def problems_of(texts):
    """Every difference between the package and the stub texts."""
    stubs = Stubs(texts)
    problems = check_module(gjk._gjk, stubs.by_module["gjk._gjk"])
    problems += check_module(gjk, stubs.by_module["gjk"])
    problems += compare_wrappers(stubs.by_module["gjk"], stubs.by_module["gjk._gjk"])
    if HAVE_DASK:
        problems += check_module(importlib.import_module("gjk.dask"), stubs.by_module["gjk.dask"])
    checker = ValueChecker(stubs)
    for path, value in SAMPLES:
        expected = sample_type(stubs, path)
        if expected is None:
            problems.append(f"{path} is not in the stub")
        else:
            problems += checker.check(path, value(), expected)
    return problems + checker.unseen_keys()


def test_the_package_ships_py_typed_and_its_stubs():
    assert (PACKAGE / "py.typed").is_file()
    for name in STUB_FILES.values():
        assert (PACKAGE / name).is_file(), name


def test_the_stubs_say_what_the_package_does():
    assert problems_of(stub_texts()) == []


def test_no_signature_of_the_compiled_module_is_untyped():
    """pybind11 names an argument it cannot describe `handle` (py::handle) or `object`
    (py::object); python/src/hints.hpp names each of them."""
    def signatures():
        for name in dir(gjk._gjk):
            value = getattr(gjk._gjk, name)
            if is_pybind11(value):
                yield name, pybind11_signatures(value, name)
            elif isinstance(value, type):
                for member, attribute in vars(value).items():
                    if is_pybind11(attribute):
                        yield f"{name}.{member}", pybind11_signatures(attribute, member)
                    elif isinstance(attribute, property):
                        yield f"{name}.{member}", pybind11_signatures(attribute.fget, None)

    untyped = []
    for where, defs in signatures():
        for d in defs:
            for node in [a.annotation for a in d.args.args + d.args.kwonlyargs] + [d.returns]:
                text = show(pybind11_type(node))
                if any(word in ("handle", "object") for word in text.replace("|", " ").split()):
                    untyped.append(f"{where}: {ast.unparse(node)}")
    assert untyped == []
    assert len(list(signatures())) > 30  # the walk reached the module's functions and classes


def test_every_precision_is_one_of_the_words_the_module_takes():
    stubs = Stubs(stub_texts())
    precisions = []
    for stub in stubs.by_module.values():
        for defs in stub.functions.values():
            for d in defs:
                for arg in d.args.args + d.args.kwonlyargs:
                    if arg.arg == "precision":
                        precisions.append(stub.type_of(arg.annotation))
    assert len(precisions) >= 14
    words = {precision for precision in precisions}
    assert words == {("sub", "typing.Literal", (("const", "double"), ("const", "float")))}
    for word in ("double", "float"):
        gjk.distance(TRIANGLE, CAPSULE, precision=word)
    with pytest.raises(ValueError, match="precision"):
        gjk.distance(TRIANGLE, CAPSULE, precision="half")


@pytest.mark.parametrize("module, cls, enum", [
    ("gjk._gjk", "DistanceResult", gjk.Status), ("gjk", "OverlapResult", gjk.Status),
    ("gjk", "PenetrationResult", gjk.Status), ("gjk", "ManifoldResult", gjk.Status),
    ("gjk", "CastResult", gjk.CastStatus), ("gjk", "RayCastResult", gjk.CastStatus)])
def test_status_words_are_the_status_codes_an_answer_can_have(module, cls, enum):
    """A single query raises on invalid input, so its status is any other code's name."""
    stub = Stubs(stub_texts()).by_module[module]
    c = stub.classes[cls]
    status = stub.type_of(c.properties["status"].returns if "status" in c.properties
                          else c.attributes["status"])
    assert status[1] == "typing.Literal"
    assert [word for _, word in status[2]] == [m.name for m in enum if m.name != "invalid_input"]


# Each mutation of a stub, and a problem it must cause (a part of its sentence).
MUTATIONS = [
    ("gjk._gjk", "    threads: int = 0,\n    penetration: bool = True,",
     "    thread: int = 0,\n    penetration: bool = True,",
     "distance_batch: parameters (a, b, pose_a, pose_b, precision, threads,"),
    ("gjk._gjk", "    penetration: bool = True,", "    penetration: bool = False,",
     "distance_batch: penetration defaults to True in the module, False in the stub"),
    ("gjk._gjk", "    *,\n    precision: Literal[\"double\", \"float\"] = \"double\",\n"
     "    threads: int = 0,\n    penetration",
     "    precision: Literal[\"double\", \"float\"] = \"double\",\n"
     "    threads: int = 0,\n    penetration",
     "distance_batch: precision is keyword-only in the module, positional-or-keyword"),
    ("gjk._gjk", "    trace: bool = False,", "    trace: int = False,",
     "distance: trace is bool in the module, int in the stub"),
    ("gjk._gjk", "def distance_batch(\n    a: Shape | ShapeArray | Sequence[Shape] | NDArray[Any],",
     "def distance_batch(\n    a: Any,",
     "distance_batch: a is gjk._gjk.Shape | gjk._gjk.ShapeArray"),
    ("gjk._gjk", "def distance_batch(\n    a: Shape | ShapeArray | Sequence[Shape] | NDArray[Any],",
     "def distance_batch(\n    a: Shape | ShapeArray | Sequence[Shape],",
     "distance_batch: a is"),
    ("gjk._gjk", ") -> DistanceResult: ...", ") -> dict[str, Any]: ...",
     "distance: returns gjk._gjk.DistanceResult in the module"),
    ("gjk._gjk", "    def radius(self) -> float: ...", "    def radius(self) -> int: ...",
     "Shape.radius: returns float in the module, int in the stub"),
    ("gjk._gjk", "def convex_hull(points: ArrayLike) -> NDArray[np.float64]: ...\n", "",
     "gjk._gjk.convex_hull is in the module, not in the stub"),
    ("gjk._gjk", "def convex_hull(points: ArrayLike)", "def convex_hull(points)",
     "convex_hull: points has no type in the stub"),
    ("gjk._gjk", "def convex_hull(",
     "def distance_matrix(a: Shape) -> float: ...\ndef convex_hull(",
     "gjk._gjk.distance_matrix is in the stub, not in the module"),
    ("gjk._gjk", "    def __len__(self) -> int: ...\n", "",
     "gjk._gjk.ShapeArray.__len__ is in the module, not in the stub"),
    ("gjk._gjk", "    def __getitem__(self, arg0: int, /) -> Shape: ...",
     "    def __getitem__(self, arg0: int) -> Shape: ...",
     "ShapeArray.__getitem__: arg0 is positional-only in the module"),
    ("gjk._gjk", "    gradient_a: NDArray[np.float64]\n", "    gradient: NDArray[np.float64]\n",
     "gjk._gjk.DistanceBatch has"),
    ("gjk._gjk", "class DistanceBatch(_DistanceBatchRows, total=False):",
     "class DistanceBatch(_DistanceBatchRows):", "the stub's gjk._gjk.DistanceBatch has"),
    ("gjk._gjk", "    penetration: NDArray[np.float64]\n    gradient_a",
     "    penetration: NDArray[np.float64]\n    stress: NDArray[np.float64]\n    gradient_a",
     "gjk._gjk.DistanceBatch['stress'] is in the stub but was never returned"),
    ("gjk._gjk", "    iterations: NDArray[np.int32]\n    status: NDArray[np.int8]\n\n"
     "@type_check_only\nclass DistanceBatch",
     "    iterations: NDArray[np.int32]\n    status: NDArray[np.int16]\n\n"
     "@type_check_only\nclass DistanceBatch", "['status'] is array("),
    ("gjk._gjk", "    weight: float\n", "    weight: int\n", "['weight'] is"),
    ("gjk._gjk", "    def status(self) -> Literal[\"separated\", \"touching\", \"overlapping\", "
     "\"max_iterations\"]: ...", "    def status(self) -> Literal[\"touching\", \"overlapping\", "
     "\"max_iterations\"]: ...", ".status is 'separated'"),
    ("gjk", "    epa_iterations: int\n", "    epa_iteration: int\n",
     "the stub's PenetrationResult has"),
    ("gjk", "    reference_edge: int\n    incident_edge: int\n",
     "    incident_edge: int\n    reference_edge: int\n", "the stub's ManifoldResult has"),
    ("gjk", "    separation: float\n", "    separation: NDArray[np.float64]\n",
     ".points[0].separation is"),
    ("gjk", "    region: Literal[\"A\", \"B\", \"AB\"]", "    region: Literal[\"A\", \"B\"]",
     ".region is 'AB'"),
    ("gjk", "def overlap(\n    a: Shape | ArrayLike,\n    b: Shape | ArrayLike,\n"
     "    pose_a: ArrayLike = (0, 0, 0),", "def overlap(\n    a: Shape | ArrayLike,\n"
     "    b: Shape | ArrayLike,\n    pose_a: ArrayLike = (0.0, 0.0, 0.0),",
     "gjk.overlap: pose_a defaults to (0, 0, 0) in the module, (0.0, 0.0, 0.0) in the stub"),
    ("gjk", "def penetration(\n    a: Shape | ArrayLike,", "def penetration(\n    a: Shape,",
     "gjk.penetration: a is gjk._gjk.Shape, gjk._gjk.Shape | numpy.typing.ArrayLike in"),
    ("gjk", ") -> TriangleClosest: ...", ") -> SegmentClosest: ...",
     "gjk.closest_point_triangle is gjk.TriangleClosest("),
    ("gjk", "    touching = 1\n", "    touching = 5\n", "gjk.Status: members"),
    ("gjk", "\"DOUBLE_RANGE\", \"FLOAT_RANGE\",\n]", "\"DOUBLE_RANGE\",\n]", "gjk.__all__ differs"),
    ("gjk", "    def keys(self) -> list[str]: ...\n", "",
     "gjk.Result.keys is in the module, not in the stub"),
]
if HAVE_DASK:
    MUTATIONS += [
        ("gjk.dask", "    blocksize: int | str = 67108864,", "    blocksize: int | str = 6710886,",
         "gjk.dask.distance_jsonl: blocksize defaults to 67108864 in the module, 6710886"),
        ("gjk.dask", "DEFAULT_BLOCKSIZE: int\n", "",
         "gjk.dask.DEFAULT_BLOCKSIZE is in the module, not in the stub"),
    ]


@pytest.mark.parametrize("module, old, new, expected", MUTATIONS,
                         ids=[m[3][:60] for m in MUTATIONS])
def test_a_mutated_stub_is_caught(module, old, new, expected):
    texts = stub_texts()
    assert texts[module].count(old) == 1, f"the mutation's text is not once in {module}: {old!r}"
    texts[module] = texts[module].replace(old, new)
    problems = problems_of(texts)
    assert any(expected in problem for problem in problems), problems


def test_a_name_the_stub_does_not_define_is_an_error():
    texts = stub_texts()
    texts["gjk._gjk"] = texts["gjk._gjk"].replace(") -> DistanceResult: ...",
                                                  ") -> DistanceAnswer: ...")
    with pytest.raises(StubError, match="unknown name DistanceAnswer"):
        problems_of(texts)


def test_an_argument_the_module_shows_as_handle_matches_no_stub_type():
    """As distance_batch's signature read before python/src/hints.hpp named its arguments."""
    stubs = Stubs(stub_texts())
    stub = stubs.by_module["gjk._gjk"]
    line = gjk._gjk.distance_batch.__doc__.splitlines()[0]
    assert line.startswith("distance_batch(a: gjk._gjk.Shape | gjk._gjk.ShapeArray")
    for typed, untyped in [("a: gjk._gjk.Shape | gjk._gjk.ShapeArray | collections.abc.Sequence"
                            "[gjk._gjk.Shape] | numpy.typing.NDArray[typing.Any]", "a: handle"),
                           ("pose_b: numpy.typing.ArrayLike", "pose_b: object"),
                           ("threads: int", "threads: float")]:
        mutated = line.replace(typed, untyped, 1)
        assert mutated != line
        defs = [ast.parse("def _" + mutated[mutated.index("("):] + ": ...").body[0]]
        problems = compare_pybind11("gjk._gjk.distance_batch", defs,
                                    stub.functions["distance_batch"], stub)
        assert len(problems) == 1 and untyped.split(": ")[0] + " is " in problems[0], problems
    defs = [ast.parse("def _" + line[line.index("("):] + ": ...").body[0]]
    assert compare_pybind11("gjk._gjk.distance_batch", defs, stub.functions["distance_batch"],
                            stub) == []
