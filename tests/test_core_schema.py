"""pbwcombat.core_schema builds the dicts pydantic_core.core_schema builds, and loads the one
compiled module pydantic-core's package loads (issue 29: a command does not import the
package)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pydantic_core
import pytest
from helpers import ENCOUNTERS, NOW
from pydantic_core import core_schema as real

from pbwcombat import core_schema as ours
from pbwcombat.model import Encounter, validate

STR = real.str_schema(strict=True)


def _check(value: str) -> str:
    return value


CALLS: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = [
    ("str_schema", (), {}),
    ("str_schema", (), {"strict": True, "pattern": r"^[a-z]$", "max_length": 64,
                        "min_length": 1}),
    ("int_schema", (), {"ge": -5, "le": 5, "strict": True}),
    ("float_schema", (), {"strict": True, "ge": 0, "le": 1, "allow_inf_nan": False}),
    ("bool_schema", (), {"strict": True}),
    ("bool_schema", (), {}),
    ("literal_schema", ([1],), {}),
    ("literal_schema", (["a", "b"],), {}),
    ("nullable_schema", (STR,), {}),
    ("union_schema", ([STR, real.int_schema()],), {}),
    ("list_schema", (STR,), {"max_length": 50}),
    ("list_schema", (), {}),
    ("tuple_schema", ([STR],), {"variadic_item_index": 0, "min_length": 1, "max_length": 20}),
    ("tuple_schema", ([STR, STR],), {}),
    ("dict_schema", (STR, STR), {"max_length": 100}),
    ("dict_schema", (), {}),
    ("typed_dict_field", (STR,), {}),
    ("typed_dict_field", (STR,), {"required": False}),
    ("typed_dict_schema", ({"a": real.typed_dict_field(STR)},), {"extra_behavior": "forbid"}),
    ("with_default_schema", (STR,), {"default": ""}),
    ("with_default_schema", (STR,), {"default": None}),
    ("with_default_schema", (STR,), {"default_factory": dict}),
    ("model_field", (STR,), {}),
    ("model_fields_schema", ({"a": real.model_field(STR)},), {"extra_behavior": "forbid"}),
    ("model_schema", (Encounter, STR), {}),
    ("no_info_after_validator_function", (_check, STR), {}),
    ("no_info_before_validator_function", (_check, STR), {}),
    ("no_info_plain_validator_function", (_check,), {}),
]


@pytest.mark.parametrize(("name", "args", "kwargs"), CALLS)
def test_each_builder_gives_the_dict_of_pydantic_cores_builder(
        name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    builder: Callable[..., Any] = getattr(ours, name)
    assert builder(*args, **kwargs) == getattr(real, name)(*args, **kwargs)


def test_every_builder_the_records_use_is_checked() -> None:
    builders = {n for n, v in vars(ours).items()
                if callable(v) and not n.startswith("_") and getattr(v, "__module__", "")
                == ours.__name__}
    assert builders == {name for name, _, _ in CALLS}


def test_the_validator_and_its_error_are_pydantic_cores_own() -> None:
    assert ours.SchemaValidator is pydantic_core.SchemaValidator
    assert ours.ValidationError is pydantic_core.ValidationError
    with pytest.raises(pydantic_core.ValidationError):
        validate({"schema": 2})


PROBE = """
import sys
from pbwcombat.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
import pydantic_core
from pbwcombat import core_schema
sys.stderr.write(repr((sorted(m for m in sys.modules if m.startswith("pydantic")),
                       core_schema.ValidationError is pydantic_core.ValidationError)))
"""


def test_a_command_loads_the_compiled_module_alone(tmp_path: Any) -> None:
    """`validate` checks a file without the package's Python modules, and a later
    `import pydantic_core` shares the compiled module (one ValidationError class)."""
    fight = tmp_path / "goblin-ambush.toml"
    fight.write_text((ENCOUNTERS / "goblin-ambush.toml").read_text())
    env = dict(os.environ, PBWCOMBAT_NOW=NOW)
    before = PROBE.replace("import pydantic_core\n", "", 1).replace(
        "core_schema.ValidationError is pydantic_core.ValidationError", "True")
    done = subprocess.run([sys.executable, "-c", before, "validate", str(fight)], env=env,
                          capture_output=True, text=True, timeout=120, check=True)
    assert done.stderr == repr((["pydantic_core._pydantic_core"], True))
    done = subprocess.run([sys.executable, "-c", PROBE, "validate", str(fight)], env=env,
                          capture_output=True, text=True, timeout=120, check=True)
    loaded, same = eval(done.stderr)  # noqa: S307 — our own probe's repr
    assert "pydantic_core.core_schema" in loaded and same
