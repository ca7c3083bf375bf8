# python/tests/stub_read.py - the stubs and the module's signatures, read into canonical types.
"""The reading half of the stub check: stub_check.py compares what this module reads.

A stub is read with `ast`; the compiled module's signatures are the ones pybind11 writes at the
top of each __doc__ (read with `ast` too, as a `def`), the pure-Python ones come from
inspect.signature. Both sides' types become one canonical form, every name fully qualified
(`NDArray` -> numpy.typing.NDArray, `Shape` in _gjk.pyi -> gjk._gjk.Shape), and pybind11's own
spellings are mapped once: numpy.ndarray[numpy.float64] is numpy.typing.NDArray[numpy.float64]
(its bool is numpy.bool_), a bare Iterable is collections.abc.Iterable.
"""

import ast
import inspect
import re

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

