"""The stubs (python/gjk/*.pyi) compared with the package they describe; test_stubs.py runs it.

The stubs and the module's signatures are read into canonical types by stub_read.py, where
their form is described.

Two types match when they are the same, or when the stub says more than pybind11 can print:
  - a bare dict, list, tuple or Iterable given its parameters (list -> list[str]);
  - a dict given its keys (a TypedDict of the stub);
  - str narrowed to a Literal of words (precision, statuses).
Nothing else: an argument pybind11 shows as `handle` or `object` matches no stub type.

check_module() compares the names, each function's (and overload's) parameter names, kinds
(positional-only, keyword-only...), defaults (by repr, so 0 and 0.0 differ) and types, each
class's members and property types, each enum's members; compare_wrappers() a pure-Python
function's argument types with those of the compiled function it calls. ValueChecker compares
values the functions return with their stub types: a TypedDict's keys, a Result's fields,
dtypes, words.
"""

import enum
import importlib
import inspect

import numpy as np

import gjk
from stub_read import (
    StubError,
    def_params,
    is_pybind11,
    pybind11_signatures,
    pybind11_type,
    python_params,
    show,
)

# The bare generics pybind11 prints (py::dict, py::list, py::tuple, py::iterable) that a stub
# may give their parameters.
REFINABLE = {"dict", "list", "tuple", "collections.abc.Iterable"}

# Members every class has, or that Python and pybind11 put in a class's __dict__ themselves.
CLASS_NOISE = {"__module__", "__doc__", "__dict__", "__weakref__", "__qualname__"}


def matches(runtime, stub, stubs):
    """Whether the stub's type says what the module's does (see the module's docstring)."""
    if runtime == stub:
        return True
    if runtime[0] == "union":
        return (stub[0] == "union" and len(stub[1]) == len(runtime[1])
                and all(matches(r, s, stubs) for r, s in zip(runtime[1], stub[1])))
    if stub[0] == "name":
        cls = stubs.stub_class(stub[1])
        if cls is not None and cls.is_typeddict():
            return runtime == ("name", "dict") or (runtime[0] == "sub" and runtime[1] == "dict")
    if runtime[0] == "name" and runtime[1] in REFINABLE:
        return stub[0] == "sub" and stub[1] == runtime[1]
    if runtime == ("name", "str"):
        return (stub[0] == "sub" and stub[1] == "typing.Literal"
                and all(isinstance(a[1], str) for a in stub[2]))
    if runtime[0] == "sub" and stub[0] == "sub" and runtime[1] == stub[1]:
        return (len(runtime[2]) == len(stub[2])
                and all(matches(r, s, stubs) for r, s in zip(runtime[2], stub[2])))
    return False


def compare_params(where, runtime, stub_def, stub, method, typed_runtime):
    """Problems between the module's parameters and a stub def's."""
    problems = []
    declared = def_params(stub_def, pybind11=False)
    if method:
        if not declared or declared[0].name not in ("self", "cls"):
            return [f"{where}: the stub's first parameter is not self"]
        declared = declared[1:]
        runtime = runtime[1:]
    if [p.name for p in runtime] != [p.name for p in declared]:
        return [f"{where}: parameters ({', '.join(p.name for p in runtime)}) in the module, "
                f"({', '.join(p.name for p in declared)}) in the stub"]
    for r, s in zip(runtime, declared):
        if r.kind != s.kind:
            problems.append(f"{where}: {r.name} is {r.kind} in the module, {s.kind} in the stub")
        if r.default != s.default:
            problems.append(f"{where}: {r.name} defaults to {r.default} in the module, "
                            f"{s.default} in the stub")
        if s.annotation is None:
            problems.append(f"{where}: {r.name} has no type in the stub")
        elif typed_runtime:
            rt, st = pybind11_type(r.annotation), stub.type_of(s.annotation)
            if not matches(rt, st, stub.stubs):
                problems.append(f"{where}: {r.name} is {show(rt)} in the module, {show(st)} in "
                                "the stub")
    return problems


def compare_returns(where, runtime_def, stub_def, stub):
    if stub_def.returns is None:
        return [f"{where}: no return type in the stub"]
    if runtime_def is None:  # pure Python: nothing to compare with
        return []
    rt, st = pybind11_type(runtime_def.returns), stub.type_of(stub_def.returns)
    if not matches(rt, st, stub.stubs):
        return [f"{where}: returns {show(rt)} in the module, {show(st)} in the stub"]
    return []


def compare_function(where, obj, stub_defs, stub, method=False):
    """Problems between a function or method of the module and its stub defs (overloads)."""
    if is_pybind11(obj):
        return compare_pybind11(where, pybind11_signatures(obj, where.rsplit(".", 1)[-1]),
                                stub_defs, stub, method)
    if len(stub_defs) != 1:
        return [f"{where}: a Python function has one signature, the stub {len(stub_defs)}"]
    # On a method taken from the class's __dict__, inspect.signature includes self.
    return (compare_params(where, python_params(obj), stub_defs[0], stub, method, False)
            + compare_returns(where, None, stub_defs[0], stub))


def compare_pybind11(where, runtime_defs, stub_defs, stub, method=False):
    """Problems between pybind11's signatures (defs, one per overload) and the stub's defs."""
    if len(runtime_defs) != len(stub_defs):
        return [f"{where}: {len(runtime_defs)} overloads in the module, {len(stub_defs)} in the "
                "stub"]
    problems = []
    for i, (r, s) in enumerate(zip(runtime_defs, stub_defs)):
        label = where if len(stub_defs) == 1 else f"{where} (overload {i + 1})"
        problems += compare_params(label, def_params(r, pybind11=True), s, stub, method, True)
        problems += compare_returns(label, r, s, stub)
    return problems


def compare_property(where, prop, stub_def, stub):
    if stub_def.returns is None:
        return [f"{where}: no type in the stub"]
    if not is_pybind11(prop.fget):
        return []
    runtime = pybind11_signatures(prop.fget, None)[0]
    return compare_returns(where, runtime, stub_def, stub)


def compare_class(where, cls, stub_class, stub):
    problems = []
    if issubclass(cls, enum.Enum):
        runtime = [(m.name, m.value) for m in cls]
        if runtime != stub_class.members:
            problems.append(f"{where}: members {runtime} in the module, {stub_class.members} in "
                            "the stub")
        return problems
    members = {}
    for name, value in vars(cls).items():
        if name in CLASS_NOISE:
            continue
        if name == "__init__" and type(value).__name__ == "wrapper_descriptor":
            continue  # pybind11's class without a constructor
        members[name] = value
    declared = set(stub_class.methods) | set(stub_class.properties) | set(stub_class.attributes)
    for name in sorted(set(members) - declared):
        problems.append(f"{where}.{name} is in the module, not in the stub")
    for name in sorted(declared - set(members)):
        problems.append(f"{where}.{name} is in the stub, not in the module")
    for name in sorted(set(members) & declared):
        value = members[name]
        if isinstance(value, property):
            if name not in stub_class.properties:
                problems.append(f"{where}.{name} is a property in the module, not in the stub")
            else:
                problems += compare_property(f"{where}.{name}", value,
                                             stub_class.properties[name], stub)
        elif callable(value):
            if name not in stub_class.methods:
                problems.append(f"{where}.{name} is a method in the module, not in the stub")
            else:
                problems += compare_function(f"{where}.{name}", value, stub_class.methods[name],
                                             stub, method=True)
    return problems


def runtime_public_names(module):
    """The names a module offers: its __all__, and what it defines itself without a leading
    _ (not what it imported: numpy, parse_bytes...). Everything of a compiled module."""
    if is_compiled(module):
        return {n for n in dir(module) if not n.startswith("_")}
    names = set(getattr(module, "__all__", []))
    for name, value in vars(module).items():
        if name.startswith("_") or inspect.ismodule(value):
            continue
        if inspect.isfunction(value) or inspect.isclass(value):
            if value.__module__ == module.__name__:
                names.add(name)
        elif isinstance(value, (int, float, str, bytes)):
            names.add(name)
    return names


def is_compiled(module):
    return (getattr(module, "__file__", "") or "").endswith((".so", ".pyd"))


def check_module(module, stub):
    """Every difference between the module and its stub, as sentences; [] when they agree."""
    problems = []
    where = module.__name__
    runtime_names, declared = runtime_public_names(module), stub.public_names()
    for name in sorted(runtime_names - declared):
        problems.append(f"{where}.{name} is in the module, not in the stub")
    for name in sorted(declared - runtime_names):
        problems.append(f"{where}.{name} is in the stub, not in the module")
    if stub.all is not None and list(stub.all) != list(getattr(module, "__all__", [])):
        problems.append(f"{where}.__all__ differs: {getattr(module, '__all__', None)} in the "
                        f"module, {stub.all} in the stub")
    for name in sorted(runtime_names & declared):
        value = getattr(module, name)
        label = f"{where}.{name}"
        if name in stub.imports:
            source = stub.imports[name]
            origin, _, attr = source.rpartition(".")
            if getattr(importlib.import_module(origin), attr, None) is not value:
                problems.append(f"{label}: the stub imports it from {origin}, the module's is "
                                "another object")
        elif name in stub.functions:
            problems += compare_function(label, value, stub.functions[name], stub)
        elif name in stub.classes:
            if not inspect.isclass(value):
                problems.append(f"{label} is a class in the stub, not in the module")
            else:
                problems += compare_class(label, value, stub.classes[name], stub)
        elif name in stub.constants:
            checker = ValueChecker(stub.stubs)
            problems += checker.check(label, value, stub.type_of(stub.constants[name]))
    return problems


def compare_wrappers(stub, compiled):
    """A pure-Python function passes its arguments to the compiled function of its name
    (gjk.overlap to gjk._gjk.overlap): the argument types of its stub must be the compiled
    function's, whose types check_module compares with pybind11's."""
    problems = []
    for name, defs in sorted(stub.functions.items()):
        if name not in compiled.functions:
            continue
        inner = {p.name: p for p in def_params(compiled.functions[name][0], pybind11=False)}
        for p in def_params(defs[0], pybind11=False):
            if p.name in inner and p.annotation is not None:
                outer_type = stub.type_of(p.annotation)
                inner_type = compiled.type_of(inner[p.name].annotation)
                if outer_type != inner_type:
                    problems.append(f"{stub.module}.{name}: {p.name} is {show(outer_type)}, "
                                    f"{show(inner_type)} in {compiled.module}.{name}")
    return problems


# -------------------------------------------------------------------------------------------
# Values


class ValueChecker:
    """Compares values the package returns with their stub types, and records which keys of
    each TypedDict it saw, to show every declared key is returned (and every optional key is
    sometimes absent)."""

    def __init__(self, stubs):
        self.stubs = stubs
        self.seen = {}  # TypedDict full name -> [set of keys, one per value]

    def check(self, where, value, t):
        problems = []
        self._check(where, value, t, problems)
        return problems

    def _check(self, where, value, t, problems):
        def bad(expected):
            problems.append(f"{where} is {value!r:.60} ({type(value).__name__}), the stub says "
                            f"{expected}")

        if t[0] == "union":
            members = [m for m in t[1] if (m == ("name", "None")) == (value is None)]
            if len(members) == 1:  # X | None: the details of X
                self._check(where, value, members[0], problems)
                return
            for member in members:
                if not ValueChecker(self.stubs).check(where, value, member):
                    self._check(where, value, member, problems)  # records its keys
                    return
            bad(show(t))
            return
        if t[0] == "sub":
            base, args = t[1], t[2]
            if base == "typing.Literal":
                if value not in [a[1] for a in args]:
                    bad(show(t))
            elif base == "numpy.typing.NDArray":
                if not isinstance(value, np.ndarray):
                    bad(show(t))
                elif args[0] != ("name", "typing.Any") and value.dtype != np.dtype(
                        resolve_object(args[0][1])):
                    bad(show(t))
            elif base == "list":
                if not isinstance(value, list):
                    bad(show(t))
                for i, item in enumerate(value if isinstance(value, list) else []):
                    self._check(f"{where}[{i}]", item, args[0], problems)
            elif base == "dict":
                if not isinstance(value, dict):
                    bad(show(t))
                for key, item in (value.items() if isinstance(value, dict) else []):
                    self._check(f"{where} key {key!r}", key, args[0], problems)
                    self._check(f"{where}[{key!r}]", item, args[1], problems)
            elif base == "tuple":
                items = list(args)
                if items and items[-1] == ("const", Ellipsis):
                    items = [items[0]] * len(value) if isinstance(value, tuple) else []
                if not isinstance(value, tuple) or len(value) != len(items):
                    bad(show(t))
                else:
                    for i, (item, it) in enumerate(zip(value, items)):
                        self._check(f"{where}[{i}]", item, it, problems)
            else:
                raise StubError(f"{where}: no value check for {show(t)}")
            return
        name = t[1]
        exact = {"float": float, "int": int, "bool": bool, "str": str, "bytes": bytes}
        if name == "typing.Any":
            return
        if name == "None":
            if value is not None:
                bad("None")
            return
        if name in exact:
            if type(value) is not exact[name]:
                bad(name)
            return
        cls = self.stubs.stub_class(name)
        if cls is None:
            raise StubError(f"{where}: no value check for {name}")
        if cls.is_typeddict():
            if not isinstance(value, dict):
                bad(name)
                return
            required, optional = cls.typeddict_keys()
            keys = set(value)
            if not required <= keys or not keys <= required | optional:
                problems.append(f"{where}: keys {sorted(keys)}, the stub's {name} has "
                                f"{sorted(required)} and optionally {sorted(optional)}")
            self.seen.setdefault(name, []).append(keys)
            types = cls.field_types()
            for key in sorted(keys & set(types)):
                self._check(f"{where}[{key!r}]", value[key], types[key], problems)
            return
        if cls.type_check_only:  # a kind of gjk.Result
            kind = name.rsplit(".", 1)[-1]
            if not isinstance(value, gjk.Result) or not repr(value).startswith(f"gjk.{kind}("):
                bad(name)
                return
            types = cls.field_types()
            if list(value.keys()) != list(types):
                problems.append(f"{where}: fields {value.keys()}, the stub's {kind} has "
                                f"{list(types)}")
            for key in value.keys():
                if key in types:
                    self._check(f"{where}.{key}", getattr(value, key), types[key], problems)
            return
        runtime_class = resolve_object(name)
        if not isinstance(value, runtime_class):
            bad(name)
            return
        for prop, stub_def in cls.properties.items():
            self._check(f"{where}.{prop}", getattr(value, prop), cls.stub.type_of(stub_def.returns),
                        problems)

    def unseen_keys(self):
        """Sentences for the TypedDict keys never returned, and the optional keys never absent."""
        problems = []
        for name, key_sets in sorted(self.seen.items()):
            required, optional = self.stubs.stub_class(name).typeddict_keys()
            returned = set().union(*key_sets)
            for key in sorted((required | optional) - returned):
                problems.append(f"{name}[{key!r}] is in the stub but was never returned")
            for key in sorted(optional):
                if all(key in keys for keys in key_sets):
                    problems.append(f"{name}[{key!r}] is optional in the stub but was always "
                                    "returned")
        return problems


def resolve_object(full):
    """The object of a fully qualified name: numpy.float64, gjk._gjk.Shape."""
    module, _, attr = full.rpartition(".")
    return getattr(importlib.import_module(module), attr)
