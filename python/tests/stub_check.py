"""The stubs (python/gjk/*.pyi) compared with the package they describe; test_stubs.py runs it.

A stub is read with `ast`; the compiled module's signatures are the ones pybind11 writes at the
top of each __doc__ (read with `ast` too, as a `def`), the pure-Python ones come from
inspect.signature. Both sides' types become one canonical form, every name fully qualified
(`NDArray` -> numpy.typing.NDArray, `Shape` in _gjk.pyi -> gjk._gjk.Shape), and pybind11's own
spellings are mapped once: numpy.ndarray[numpy.float64] is numpy.typing.NDArray[numpy.float64]
(its bool is numpy.bool_), a bare Iterable is collections.abc.Iterable.

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

import ast
import enum
import importlib
import inspect
import re

import numpy as np

import gjk

# Names a stub may use without importing them.
BUILTINS = {"int", "float", "str", "bool", "bytes", "dict", "list", "tuple", "set", "frozenset",
            "object", "type", "complex", "None"}

# pybind11's spellings of types that a stub writes otherwise.
PYBIND11_NAMES = {
    "Iterable": "collections.abc.Iterable",
    "Iterator": "collections.abc.Iterator",
    "Sequence": "collections.abc.Sequence",
    "Callable": "collections.abc.Callable",
}

# The bare generics pybind11 prints (py::dict, py::list, py::tuple, py::iterable) that a stub
# may give their parameters.
REFINABLE = {"dict", "list", "tuple", "collections.abc.Iterable"}

# Members every class has, or that Python and pybind11 put in a class's __dict__ themselves.
CLASS_NOISE = {"__module__", "__doc__", "__dict__", "__weakref__", "__qualname__"}


class StubError(Exception):
    """A stub that cannot be read (an unknown name, an unsupported annotation)."""


# -------------------------------------------------------------------------------------------
# Canonical types: ("name", "numpy.typing.ArrayLike"), ("sub", "list", (args...)),
# ("union", (members...)), ("const", value) (a Literal's word, the Ellipsis of tuple[x, ...]).


def dotted(node):
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return dotted(node.value) + "." + node.attr
    raise StubError(f"not a name: {ast.unparse(node)}")


def union(members):
    flat = []
    for m in members:
        flat.extend(m[1] if m[0] == "union" else [m])
    return flat[0] if len(flat) == 1 else ("union", tuple(flat))


def canon(node, resolve):
    """The canonical type of the annotation `node`; resolve(dotted name) -> canonical type."""
    if isinstance(node, ast.Constant):
        if node.value is None:
            return ("name", "None")
        if isinstance(node.value, str):  # a forward reference
            return canon(ast.parse(node.value, mode="eval").body, resolve)
        return ("const", node.value)
    if isinstance(node, (ast.Name, ast.Attribute)):
        return resolve(dotted(node))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return union([canon(node.left, resolve), canon(node.right, resolve)])
    if isinstance(node, ast.Subscript):
        base = resolve(dotted(node.value))
        if base[0] != "name":
            raise StubError(f"cannot subscript {ast.unparse(node.value)}")
        elements = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if base[1] == "typing.Literal":
            return ("sub", "typing.Literal", tuple(("const", e.value) for e in elements))
        args = tuple(canon(e, resolve) for e in elements)
        if base[1] == "typing.Optional":
            return union([args[0], ("name", "None")])
        if base[1] == "typing.Union":
            return union(args)
        return ("sub", base[1], args)
    raise StubError(f"unsupported annotation: {ast.unparse(node)}")


def show(t):
    """A canonical type as text, for messages."""
    if t[0] == "name":
        return t[1]
    if t[0] == "const":
        return repr(t[1])
    if t[0] == "union":
        return " | ".join(show(m) for m in t[1])
    return f"{t[1]}[{', '.join(show(a) for a in t[2])}]"


def pybind11_type(node):
    """The canonical type of an annotation in a pybind11 signature."""
    return normalize_pybind11(canon(node, lambda name: ("name", PYBIND11_NAMES.get(name, name))))


def normalize_pybind11(t):
    if t[0] == "union":
        return union([normalize_pybind11(m) for m in t[1]])
    if t == ("name", "numpy.ndarray"):  # a py::array of any dtype
        return ("sub", "numpy.typing.NDArray", (("name", "typing.Any"),))
    if t[0] == "sub":
        args = tuple(normalize_pybind11(a) for a in t[2])
        if t[1] == "numpy.ndarray":
            args = tuple(("name", "numpy.bool_") if a == ("name", "bool") else a for a in args)
            return ("sub", "numpy.typing.NDArray", args)
        return ("sub", t[1], args)
    return t


# -------------------------------------------------------------------------------------------
# The stubs


class StubClass:
    def __init__(self, stub, name, node=None, fields=None):
        self.stub, self.name, self.node = stub, name, node
        self.full = f"{stub.module}.{name}"
        decorators = [dotted(d) for d in node.decorator_list] if node else []
        self.type_check_only = any(d.split(".")[-1] == "type_check_only" for d in decorators)
        self.bases = [dotted(b) for b in node.bases] if node else ["TypedDict"]
        total = True
        for keyword in (node.keywords if node else []):
            if keyword.arg == "total":
                total = ast.literal_eval(keyword.value)
        self.total = total
        self.methods, self.properties, self.attributes, self.members = {}, {}, {}, []
        if fields is not None:  # the functional TypedDict syntax
            self.attributes = dict(fields)
        for item in (node.body if node else []):
            if isinstance(item, ast.FunctionDef):
                decorated = [dotted(d) for d in item.decorator_list]
                if "property" in decorated:
                    self.properties[item.name] = item
                else:
                    self.methods.setdefault(item.name, []).append(item)
            elif isinstance(item, ast.AnnAssign):
                self.attributes[item.target.id] = item.annotation
            elif isinstance(item, ast.Assign):  # an enum's member
                self.members.append((item.targets[0].id, ast.literal_eval(item.value)))

    def is_typeddict(self):
        for b in self.bases:
            base = self.stub.resolve_class(b)
            if self.stub.resolve(b) == ("name", "typing.TypedDict") or (
                    base is not None and base.is_typeddict()):
                return True
        return False

    def typeddict_keys(self):
        """(required, optional) key sets, the bases' included."""
        required, optional = set(), set()
        for b in self.bases:
            base = self.stub.resolve_class(b)
            if base is not None:
                r, o = base.typeddict_keys()
                required |= r
                optional |= o
        (required if self.total else optional).update(self.attributes)
        return required, optional

    def field_types(self):
        """Every annotated field (a TypedDict's keys, a Result's attributes), the bases'
        included."""
        types = {}
        for b in self.bases:
            base = self.stub.resolve_class(b)
            if base is not None:
                types.update(base.field_types())
        types.update({name: self.stub.type_of(a) for name, a in self.attributes.items()})
        return types


class Stub:
    """One .pyi file of the module `module` (e.g. "gjk._gjk"), in the set `stubs`."""

    def __init__(self, stubs, module, text):
        self.stubs, self.module = stubs, module
        self.tree = ast.parse(text)
        self.imports, self.aliases, self.classes = {}, {}, {}
        self.functions, self.constants, self.all = {}, {}, None
        package = module if module in stubs.packages else module.rpartition(".")[0]
        for item in self.tree.body:
            if isinstance(item, ast.Import):
                for a in item.names:
                    if a.asname:
                        self.imports[a.asname] = a.name
                    else:  # import numpy.typing binds numpy
                        head = a.name.split(".")[0]
                        self.imports[head] = head
            elif isinstance(item, ast.ImportFrom):
                source = item.module or ""
                if item.level:
                    base = package.rsplit(".", item.level - 1)[0] if item.level > 1 else package
                    source = f"{base}.{source}" if source else base
                for a in item.names:
                    self.imports[a.asname or a.name] = f"{source}.{a.name}"
            elif isinstance(item, ast.ClassDef):
                self.classes[item.name] = StubClass(self, item.name, item)
            elif isinstance(item, ast.FunctionDef):
                self.functions.setdefault(item.name, []).append(item)
            elif isinstance(item, ast.AnnAssign):
                self.constants[item.target.id] = item.annotation
            elif isinstance(item, ast.Assign):
                name = item.targets[0].id
                if name == "__all__":
                    self.all = ast.literal_eval(item.value)
                elif (isinstance(item.value, ast.Call)
                      and dotted(item.value.func).split(".")[-1] == "TypedDict"):
                    fields = {ast.literal_eval(k): v
                              for k, v in zip(item.value.args[1].keys, item.value.args[1].values)}
                    self.classes[name] = StubClass(self, name, None, fields)
                else:
                    self.aliases[name] = item.value

    def resolve(self, name):
        """The canonical type of a name used in this stub."""
        head, _, rest = name.partition(".")
        if head in self.imports:
            full = self.imports[head] + ("." + rest if rest else "")
            target = self.stubs.lookup(full)
            if target is not None:
                return target[0].resolve(target[1])
            return ("name", full)
        if rest:
            raise StubError(f"{self.module}: unknown name {name}")
        if head in self.aliases:
            return self.type_of(self.aliases[head])
        if head in self.classes:
            return ("name", self.classes[head].full)
        if head in BUILTINS:
            return ("name", head)
        raise StubError(f"{self.module}: unknown name {name}")

    def type_of(self, annotation):
        return canon(annotation, self.resolve)

    def resolve_class(self, name):
        t = self.resolve(name)
        return self.stubs.stub_class(t[1]) if t[0] == "name" else None

    def public_names(self):
        """The names the module must have: defined here and not stub-only (a leading _, or
        @type_check_only), and the imported names __all__ lists."""
        names = {n for n in self.functions} | {n for n in self.constants}
        names |= {n for n, c in self.classes.items() if not c.type_check_only}
        names |= {n for n in (self.all or []) if n in self.imports}
        return {n for n in names if not n.startswith("_")}

    def function(self, name):
        """The defs of `name` here, following an import into another stub."""
        if name in self.functions:
            return self.functions[name]
        if name in self.imports:
            target = self.stubs.lookup(self.imports[name])
            if target is not None:
                return target[0].function(target[1])
        return None


class Stubs:
    """The package's stubs: {module name: .pyi text}."""

    def __init__(self, texts, packages=("gjk",)):
        self.packages = set(packages)
        self.by_module = {}
        for module, text in texts.items():
            self.by_module[module] = Stub(self, module, text)

    def lookup(self, full):
        """(stub, name) of a fully qualified name defined in one of the stubs, else None."""
        module, _, name = full.rpartition(".")
        stub = self.by_module.get(module)
        if stub is None or not (name in stub.classes or name in stub.aliases
                                or name in stub.functions or name in stub.imports
                                or name in stub.constants):
            return None
        return stub, name

    def stub_class(self, full):
        target = self.lookup(full)
        if target is None:
            return None
        return target[0].classes.get(target[1])


# -------------------------------------------------------------------------------------------
# Signatures


class Param:
    def __init__(self, name, kind, annotation=None, default=None, default_repr=None):
        self.name, self.kind, self.annotation = name, kind, annotation
        self.default = default_repr if default_repr is not None else (
            default_text(default) if default is not None else None)


def default_text(node):
    try:
        return repr(ast.literal_eval(node))
    except ValueError:
        return ast.unparse(node)


def def_params(fn, pybind11):
    """The parameters of an ast.FunctionDef; pybind11's unnamed arguments (argN) cannot be
    passed by keyword, so they are positional-only."""
    a = fn.args
    positional = a.posonlyargs + a.args
    defaults = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
    params = []
    for i, (arg, default) in enumerate(zip(positional, defaults)):
        only = i < len(a.posonlyargs) or (pybind11 and re.fullmatch(r"arg\d+", arg.arg))
        params.append(Param(arg.arg, "positional-only" if only else "positional-or-keyword",
                            arg.annotation, default))
    if a.vararg:
        params.append(Param(a.vararg.arg, "var-positional", a.vararg.annotation))
    for arg, default in zip(a.kwonlyargs, a.kw_defaults):
        params.append(Param(arg.arg, "keyword-only", arg.annotation, default))
    if a.kwarg:
        params.append(Param(a.kwarg.arg, "var-keyword", a.kwarg.annotation))
    return params


INSPECT_KINDS = {
    inspect.Parameter.POSITIONAL_ONLY: "positional-only",
    inspect.Parameter.POSITIONAL_OR_KEYWORD: "positional-or-keyword",
    inspect.Parameter.VAR_POSITIONAL: "var-positional",
    inspect.Parameter.KEYWORD_ONLY: "keyword-only",
    inspect.Parameter.VAR_KEYWORD: "var-keyword",
}


def python_params(function):
    return [Param(p.name, INSPECT_KINDS[p.kind],
                  default_repr=None if p.default is inspect.Parameter.empty else repr(p.default))
            for p in inspect.signature(function).parameters.values()]


def pybind11_signatures(obj, name):
    """The signatures pybind11 wrote at the top of obj.__doc__, one per overload, as defs."""
    lines = (obj.__doc__ or "").splitlines()
    if lines and lines[0].strip() == "Overloaded function.":
        lines = [re.sub(r"^\d+\. ", "", line) for line in lines if re.match(r"^\d+\. ", line)]
    else:
        lines = lines[:1]
    defs = []
    for line in lines:
        if name is not None and not line.startswith(name + "("):
            raise StubError(f"{name}: no pybind11 signature in its __doc__: {line!r}")
        defs.append(ast.parse("def _" + line[line.index("("):] + ": ...").body[0])
    return defs


def is_pybind11(obj):
    return type(obj).__name__ in ("builtin_function_or_method", "instancemethod")


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
