"""Fixtures: drive the CLI in-process (exit code, stdout, stderr) on temp copies. The shared
helpers and encounter builders live in helpers.py; tests import them from there."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from helpers import ENCOUNTERS

from pbwcombat.cli import main


@dataclass
class Result:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> Callable[..., Result]:
    """`run("next", path, "--dice", "3")` → Result. Time is fixed unless `now` is given."""
    monkeypatch.setenv("PBWCOMBAT_NOW", "2026-11-29T12:00:00Z")

    def _run(*args: object, now: str | None = None) -> Result:
        if now is not None:
            monkeypatch.setenv("PBWCOMBAT_NOW", now)
        capsys.readouterr()
        try:
            main([str(a) for a in args])
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return _run


@pytest.fixture
def encounter(tmp_path: Path) -> Callable[..., Path]:
    """Write an encounter from TOML text (or copy an example by file name) into tmp_path."""

    def _make(text: str | None = None, example: str | None = None,
              name: str = "fight.toml") -> Path:
        path = tmp_path / name
        if example is not None:
            shutil.copyfile(ENCOUNTERS / example, path)
        else:
            assert text is not None
            path.write_text(text, encoding="utf-8")
        return path

    return _make
