"""pytest plugin (`-p record_outputs`, scripts/ on PYTHONPATH): every stdout/stderr pair the
tests capture, appended per test to $PBW_RECORD as JSON lines, temp paths normalised. A
refactoring that must not change a byte diffs two recordings (scripts/post-snapshot.sh)."""

from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest
from _pytest.capture import CaptureFixture

_current: list[str] = [""]
_out: Any = None
_TMP = re.compile(r"/tmp/pytest-of-[^/\s]+/pytest-\d+/|/tmp/tmp[\w-]+")

_original = CaptureFixture.readouterr


def _recording(self: Any) -> Any:
    result = _original(self)
    if _out is not None and (result.out or result.err):
        _out.write(json.dumps({"test": _current[0], "out": _TMP.sub("<tmp>/", result.out),
                               "err": _TMP.sub("<tmp>/", result.err)},
                              ensure_ascii=False) + "\n")
    return result


CaptureFixture.readouterr = _recording  # type: ignore[method-assign]


def pytest_configure(config: pytest.Config) -> None:
    global _out
    path = os.environ.get("PBW_RECORD")
    if path:
        _out = open(path, "a", encoding="utf-8")  # noqa: SIM115


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: Any) -> Any:
    _current[0] = item.nodeid
    yield
