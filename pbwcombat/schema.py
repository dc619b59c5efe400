"""Frozen records validated by pydantic-core schemas (pydantic v2's validation engine).

Why not `pydantic.BaseModel`: building BaseModel classes costs 150–250 ms at every start,
more than the whole rest of a command, and pbwcombat runs once per action from cron and
scripts. A pydantic-core `SchemaValidator` over the same rules builds in about a millisecond
and reports the same `loc`/`msg` errors. Each record class declares its fields once (schema
and default); `replace` is the functional update.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar, Self

from pbwcombat import core_schema as cs
from pbwcombat.frozen import is_classvar

REQUIRED: Any = object()
_MUTABLE = (dict, list, set)  # defaults `new` copies; the others are immutable and shared


def strict_int(ge: int = -1_000_000, le: int = 1_000_000) -> cs.CoreSchema:
    return cs.int_schema(ge=ge, le=le, strict=True)


STR = cs.str_schema(strict=True)
BOOL = cs.bool_schema(strict=True)


def text(max_length: int = 10_000) -> cs.CoreSchema:
    return cs.str_schema(strict=True, max_length=max_length)


def literal(*values: str) -> cs.CoreSchema:
    return cs.literal_schema(list(values))


def tuple_of(item: cs.CoreSchema) -> cs.CoreSchema:
    return cs.tuple_schema([item], variadic_item_index=0)


def pair(item: cs.CoreSchema) -> cs.CoreSchema:
    return cs.tuple_schema([item, item])


def nullable(schema: cs.CoreSchema) -> cs.CoreSchema:
    return cs.nullable_schema(schema)


class Record:
    """A frozen record; subclasses set FIELDS = {name: (schema, default or REQUIRED)}."""

    FIELDS: ClassVar[dict[str, tuple[Any, Any]]] = {}
    __pydantic_fields_set__: set[str]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """The annotations (what mypy checks) and FIELDS (what is validated) must name the
        same fields: a field in one and not the other is an error when the class is made."""
        super().__init_subclass__(**kwargs)
        annotated = {n for n, hint in cls.__dict__.get("__annotations__", {}).items()
                     if not n.startswith("_") and not is_classvar(hint)}
        declared = set(cls.__dict__.get("FIELDS", {}))
        if annotated != declared:
            raise TypeError(f"{cls.__name__}: annotations and FIELDS differ: "
                            f"{sorted(annotated ^ declared)}")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen; use replace()")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    @classmethod
    def core_schema(cls, after: Any = None) -> cs.CoreSchema:
        fields = {}
        for name, (schema, default) in cls.FIELDS.items():
            if default is not REQUIRED:
                if isinstance(default, (dict, list)):
                    schema = cs.with_default_schema(schema, default_factory=type(default))
                else:
                    schema = cs.with_default_schema(schema, default=default)
            fields[name] = cs.model_field(schema)
        model = cs.model_schema(cls, cs.model_fields_schema(fields, extra_behavior="forbid"))
        return cs.no_info_after_validator_function(after, model) if after else model

    @classmethod
    def new(cls, **values: Any) -> Self:
        """A record from trusted values (internal use): defaults fill the rest."""
        data = {name: copy.copy(default) if type(default) in _MUTABLE else default
                for name, (_, default) in cls.FIELDS.items() if default is not REQUIRED}
        data.update(values)
        missing = [n for n in cls.FIELDS if n not in data]
        if missing:
            raise TypeError(f"{cls.__name__} needs {', '.join(missing)}")
        obj = object.__new__(cls)
        object.__setattr__(obj, "__dict__", data)
        object.__setattr__(obj, "__pydantic_fields_set__", set(values))
        return obj

    def replace(self, **changes: Any) -> Self:
        """A copy with `changes`. The fields-set stays what the author wrote: the file keeps
        those and any field off its default (`document._keep`), so a change needs no mark
        (and folding events, the simulator's hot path, skips the bookkeeping: 4% of `odds`)."""
        obj = object.__new__(type(self))
        data = obj.__dict__  # filled in place: a third faster than building and assigning one
        data.update(self.__dict__)  # fields, caches and the fields-set
        data.update(changes)
        return obj

    @property
    def fields_set(self) -> set[str]:
        """The fields the author wrote (the file's keys; `new`: the values given)."""
        return self.__pydantic_fields_set__

    def values(self) -> dict[str, Any]:
        """The fields only (caches some records keep in their __dict__ are left out)."""
        return {name: self.__dict__[name] for name in self.FIELDS}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and type(other) is type(self) \
            and self.values() == other.values()

    def __hash__(self) -> int:
        """Equal records hash equal (lists and dicts inside are hashed by their contents)."""
        return hash((type(self).__name__, _hashable(tuple(self.values().values()))))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.values().items())
        return f"{type(self).__name__}({inner})"


def _hashable(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple((k, _hashable(v)) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return tuple(_hashable(v) for v in value)
    return value
