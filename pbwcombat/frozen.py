"""`Value`: a tiny frozen value class for events, actions and rolls.

Why not dataclasses or NamedTuples: the CLI defines some eighty of these classes at every
start, and both generate and compile code per class (dataclasses ~1 ms, NamedTuple ~0.2 ms
each). A `Value` subclass costs a plain class statement; `dataclass_transform` tells type
checkers that subclasses get a dataclass-like `__init__` from their annotations.
"""

from typing import Any, ClassVar, dataclass_transform

_MISSING: Any = object()
_COMPILE_AFTER = 64  # instances of a class built before it gets a compiled `__init__`


def is_classvar(hint: object) -> bool:
    """A `ClassVar[...]` annotation (an object, or a string under postponed annotations)
    declares a class attribute, not a field."""
    if isinstance(hint, str):
        return hint.startswith(("ClassVar", "typing.ClassVar"))
    return hint is ClassVar or getattr(hint, "__origin__", None) is ClassVar


@dataclass_transform(frozen_default=True)
class Value:
    """Fields come from the class annotations (in order); class attributes are defaults."""

    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}

    def __init_subclass__(cls) -> None:
        fields = tuple(n for n, hint in cls.__dict__.get("__annotations__", {}).items()
                       if not n.startswith("_") and not is_classvar(hint))
        repeated = [f for f in fields if f in cls._fields]
        if repeated:  # a subclass redeclaring a field would silently move it to the end
            raise TypeError(f"{cls.__name__}: field {repeated[0]!r} is already declared")
        cls._fields = cls._fields + fields
        cls._defaults = {**cls._defaults,
                         **{f: cls.__dict__[f] for f in fields if f in cls.__dict__}}
        setattr(cls, "__match_args__", cls._fields)  # noqa: B010 (class patterns)
        for f in fields:  # defaults live in _defaults; values in each instance's __dict__
            if f in cls.__dict__:
                delattr(cls, f)
        if "__init__" not in cls.__dict__:
            setattr(cls, "__init__", Value.__init__)  # noqa: B010 (each class its own, below)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        cls = type(self)
        made = cls.__dict__.get("_made", 0) + 1
        if made >= _COMPILE_AFTER and cls.__dict__.get("__init__") is Value.__init__:
            # A class built often (a simulation makes hundreds of thousands of values) gets an
            # `__init__` compiled for its fields, 5× faster than this one; a command builds
            # few of each and never pays the ~30 µs compile.
            setattr(cls, "__init__", _compiled_init(cls))  # noqa: B010
            cls.__init__(self, *args, **kwargs)
            return
        setattr(cls, "_made", made)  # noqa: B010
        self._fill(args, kwargs)

    def _fill(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        fields = self._fields
        if not kwargs and len(args) == len(fields):
            object.__setattr__(self, "__dict__", dict(zip(fields, args, strict=True)))
            return
        if len(args) > len(fields):
            raise TypeError(f"{type(self).__name__} takes {len(fields)} values")
        values = dict(zip(fields, args, strict=False))
        for name, value in kwargs.items():
            if name not in fields or name in values:
                raise TypeError(f"{type(self).__name__}: unexpected or repeated {name!r}")
            values[name] = value
        for name in fields:
            if name not in values:
                default = self._defaults.get(name, _MISSING)
                if default is _MISSING:
                    raise TypeError(f"{type(self).__name__} needs {name!r}")
                values[name] = default
        # in field order whatever the keyword order: the hash and repr follow it
        object.__setattr__(self, "__dict__", {name: values[name] for name in fields})

    @property
    def _values(self) -> dict[str, Any]:
        return self.__dict__

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def _asdict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Value) and type(other) is type(self) \
            and self._values == other._values

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self._values.values()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self._values.items())
        return f"{type(self).__name__}({inner})"


def _compiled_init(cls: type[Value]) -> Any:
    """`def __init__(self, a, b, c=<default>)` storing the fields in `__dict__`; missing or
    unexpected arguments raise TypeError as the generic one does."""
    fields = cls._fields
    defaults = cls._defaults
    if any(not f.isidentifier() for f in fields):  # pragma: no cover - names are annotations
        return lambda self, *a, **k: Value._fill(self, a, k)
    params = [f"{f}=_d[{f!r}]" if f in defaults else f for f in fields]
    firsts = [f in defaults for f in fields]
    if firsts != sorted(firsts):  # a required field after a defaulted one: no signature
        return lambda self, *a, **k: Value._fill(self, a, k)
    # stored one by one into the new instance's own (empty) dict, in field order: a fifth
    # faster than building a dict and assigning it
    body = "".join(f"    _dict[{f!r}] = {f}\n" for f in fields)
    source = (f"def __init__(self, {', '.join(params)}):\n    _dict = self.__dict__\n{body}"
              ) if fields else "def __init__(self):\n    pass\n"
    namespace: dict[str, Any] = {"_d": defaults}
    exec(source, namespace)  # noqa: S102 - our own field names, checked identifiers
    return namespace["__init__"]
