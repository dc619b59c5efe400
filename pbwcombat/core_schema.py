"""pydantic-core without its Python package: the compiled `SchemaValidator` and
`ValidationError`, and the schema builders the records use, as the plain dicts they are.

Why (issue 29, start-up): `import pydantic_core` runs its `core_schema` module (some 200
TypedDicts, with `typing_extensions`, `decimal` and `fractions`), 90 M instructions at every
command's start, near a quarter of the import floor, for builders that only make dicts; the
compiled module alone loads in 3 M. Each builder here takes the arguments of
`pydantic_core.core_schema`'s function of the same name that the records pass, and gives the
same dict (tests/test_core_schema.py holds them to it). A process that imports
`pydantic_core` as well (pydantic, the tests) shares the one compiled module.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import sys
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

_COMPILED = "pydantic_core._pydantic_core"


def _compiled() -> ModuleType:
    """pydantic-core's compiled module, loaded by its own name from the package's folder
    without running the package (the one already loaded, if any; a normal import of it where
    the package cannot be found that way)."""
    module = sys.modules.get(_COMPILED)
    if module is not None:
        return module
    package = importlib.util.find_spec("pydantic_core")  # finds, does not import
    places = package.submodule_search_locations if package else None
    spec = importlib.machinery.PathFinder.find_spec(_COMPILED, places) if places else None
    if spec is None or spec.loader is None:
        return importlib.import_module(_COMPILED)
    module = importlib.util.module_from_spec(spec)
    sys.modules[_COMPILED] = module
    spec.loader.exec_module(module)
    return module


if TYPE_CHECKING:
    from pydantic_core import SchemaValidator as SchemaValidator
    from pydantic_core import ValidationError as ValidationError
    from pydantic_core.core_schema import CoreSchema as CoreSchema
    from pydantic_core.core_schema import ModelField, TypedDictField
else:
    SchemaValidator = _compiled().SchemaValidator
    ValidationError = _compiled().ValidationError
    CoreSchema = ModelField = TypedDictField = dict  # at run time a schema is a plain dict


def _schema(kind: str, **parts: Any) -> dict[str, Any]:
    """`{"type": kind, …}` with the parts that are not None (core_schema's `_dict_not_none`)."""
    return {"type": kind, **{k: v for k, v in parts.items() if v is not None}}


def str_schema(*, pattern: str | None = None, max_length: int | None = None,
               min_length: int | None = None, strict: bool | None = None) -> CoreSchema:
    return _schema("str", pattern=pattern, max_length=max_length, min_length=min_length,
                   strict=strict)


def int_schema(*, le: int | None = None, ge: int | None = None,
               strict: bool | None = None) -> CoreSchema:
    return _schema("int", le=le, ge=ge, strict=strict)


def float_schema(*, allow_inf_nan: bool | None = None, le: float | None = None,
                 ge: float | None = None, strict: bool | None = None) -> CoreSchema:
    return _schema("float", allow_inf_nan=allow_inf_nan, le=le, ge=ge, strict=strict)


def bool_schema(strict: bool | None = None) -> CoreSchema:
    return _schema("bool", strict=strict)


def literal_schema(expected: list[Any]) -> CoreSchema:
    return _schema("literal", expected=expected)


def nullable_schema(schema: CoreSchema) -> CoreSchema:
    return _schema("nullable", schema=schema)


def union_schema(choices: list[CoreSchema]) -> CoreSchema:
    return _schema("union", choices=choices)


def list_schema(items_schema: CoreSchema | None = None, *,
                max_length: int | None = None) -> CoreSchema:
    return _schema("list", items_schema=items_schema, max_length=max_length)


def tuple_schema(items_schema: list[CoreSchema], *, variadic_item_index: int | None = None,
                 min_length: int | None = None, max_length: int | None = None) -> CoreSchema:
    return _schema("tuple", items_schema=items_schema, variadic_item_index=variadic_item_index,
                   min_length=min_length, max_length=max_length)


def dict_schema(keys_schema: CoreSchema | None = None, values_schema: CoreSchema | None = None,
                *, max_length: int | None = None) -> CoreSchema:
    return _schema("dict", keys_schema=keys_schema, values_schema=values_schema,
                   max_length=max_length)


def typed_dict_field(schema: CoreSchema, *, required: bool | None = None) -> TypedDictField:
    return cast("TypedDictField", _schema("typed-dict-field", schema=schema, required=required))


def typed_dict_schema(fields: dict[str, TypedDictField], *,
                      extra_behavior: str | None = None) -> CoreSchema:
    return _schema("typed-dict", fields=fields, extra_behavior=extra_behavior)


_NO_DEFAULT: Any = object()  # core_schema's PydanticUndefined: `default=None` is a default


def with_default_schema(schema: CoreSchema, *, default: Any = _NO_DEFAULT,
                        default_factory: Callable[[], Any] | None = None) -> CoreSchema:
    result = _schema("default", schema=schema, default_factory=default_factory)
    if default is not _NO_DEFAULT:
        result["default"] = default
    return result


def model_field(schema: CoreSchema) -> ModelField:
    return cast("ModelField", _schema("model-field", schema=schema))


def model_fields_schema(fields: dict[str, ModelField], *,
                        extra_behavior: str | None = None) -> CoreSchema:
    return _schema("model-fields", fields=fields, extra_behavior=extra_behavior)


def model_schema(cls: type[Any], schema: CoreSchema) -> CoreSchema:
    return _schema("model", cls=cls, schema=schema)


def no_info_after_validator_function(function: Callable[[Any], Any],
                                     schema: CoreSchema) -> CoreSchema:
    return _schema("function-after", function={"type": "no-info", "function": function},
                   schema=schema)


def no_info_before_validator_function(function: Callable[[Any], Any],
                                      schema: CoreSchema) -> CoreSchema:
    return _schema("function-before", function={"type": "no-info", "function": function},
                   schema=schema)


def no_info_plain_validator_function(function: Callable[[Any], Any]) -> CoreSchema:
    return _schema("function-plain", function={"type": "no-info", "function": function})
