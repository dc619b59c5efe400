"""Fixtures: drive the CLI in-process (exit code, stdout, stderr) on temp copies. The shared
helpers and encounter builders live in helpers.py; tests import them from there."""

from __future__ import annotations

import json
import shutil
import signal
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from helpers import ENCOUNTERS
from renderers import problems

from pbwcombat.cli import main

# A runner that starts the suite with SIGINT ignored (a background job of a non-interactive shell,
# some CI runners) passes that to every command the tests start, and the Ctrl-C tests then wait
# for an exit that never comes. Ctrl-C is what those tests check: give it back its default.
signal.signal(signal.SIGINT, signal.default_int_handler)


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
        check_post([str(a) for a in args], captured.out)
        return Result(code, captured.out, captured.err)

    return _run


def _user_text(args: list[str]) -> tuple[frozenset[str], str]:
    """The players' handles and every string of the encounter named in `args` (and the
    arguments themselves): what a post may carry as user text."""
    strings: list[str] = list(args)
    players: set[str] = set()
    for a in args:
        if not a.endswith(".toml"):
            continue
        try:
            data = tomllib.loads(Path(a).read_text(encoding="utf-8-sig"))
        except (OSError, ValueError):
            continue
        stack: list[Any] = [data]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                players.update(str(item["player"]) for _ in [0] if "player" in item)
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
            elif isinstance(item, str):
                strings.append(item)
    return frozenset(players), "\n".join(strings)


def _format_of(args: list[str]) -> str:
    for i, a in enumerate(args[:-1]):
        if a == "--format":
            return "markdown" if args[i + 1] == "discord" else args[i + 1]
    return "bbcode"


def check_post(args: list[str], out: str) -> None:
    """Issue 25: every post the suite prints, in both languages, passes the forum check of
    tests/renderers.py: no backslash Python-Markdown leaves visible but one escaping a
    character the user's own text holds (R-OUT-2), no mention but of the file's players, no
    `mailto:`, no smiley code (user text loses its codes in BBCode)."""
    if not out.strip() or out.lstrip().startswith(("{", "ok\n")) or not args:
        return
    if args[0] in ("--help", "--show-completion", "--install-completion") or "--help" in args:
        return
    players, user = _user_text(args)
    fmt = _format_of(args)
    if fmt == "bbcode":
        fmt = _file_format(args) or fmt
    found = problems(out, fmt, players, user)
    assert not found, f"forum check (issue 25) on {args}: {found}\n{out}"


def _file_format(args: list[str]) -> str | None:
    if "--format" in args:
        return None
    for a in args:
        if a.endswith(".toml"):
            try:
                fmt = tomllib.loads(Path(a).read_text(encoding="utf-8-sig")).get("format")
            except (OSError, ValueError):
                return None
            return "markdown" if fmt == "discord" else fmt if isinstance(fmt, str) else None
    return None


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
