"""Byte-identity check for refactoring: every post the project prints, written to a folder.

    scripts/post-snapshot.sh DIR            # before a change
    scripts/post-snapshot.sh DIR2           # after it
    diff -r DIR DIR2                        # empty: English and Spanish output unchanged

It writes (all text normalised only where it must differ between two runs: temp folders):
  demos/     the output of every scripts/demo*.sh;
  examples/  for every encounters/*.toml and starter file, in en and es and in each format,
             a fixed sequence of commands (validate, show, roll-initiative, next, resolve,
             map, log, verify, odds with a seed, undo…) on a fresh copy;
  tests/     every CLI call the test suite makes through its `run` fixture (argv, exit code,
             stdout, stderr), one file per test module, and `outcomes.txt` (each test's result);
  encounters/ the same fixed sequence (en and es, every format for the read-only posts) over
             each distinct encounter file a test hands to the CLI.

Randomness: files without a dice seed get theirs from `os.urandom`, which this run replaces by
a counter-based stream restarted per test and per sequence, so that two snapshots of the same
code are identical. Nothing here changes the package; the test suite runs as it always does
(this module is loaded as a pytest plugin: `-p post_snapshot`).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NOW = "2026-11-29T12:00:00Z"
SEED = "5eed" + "0" * 56 + "beef"
FORMATS = ("bbcode", "markdown", "plain", "json")
LANGS = ("en", "es")


# -- deterministic os.urandom -------------------------------------------------------------------

class _Stream:
    """A counter-based replacement for os.urandom: the same bytes after each `reset(label)`."""

    def __init__(self) -> None:
        self.label = b""
        self.counter = 0

    def reset(self, label: str) -> None:
        self.label = label.encode()
        self.counter = 0

    def __call__(self, n: int) -> bytes:
        out = b""
        while len(out) < n:
            self.counter += 1
            out += hashlib.sha256(self.label + self.counter.to_bytes(8, "big")).digest()
        return out[:n]


STREAM = _Stream()


# Tests whose CLI output depends on timing (a process killed mid-write, a closed pipe, two
# processes racing) or whose inputs a property-based generator draws anew on each run: their
# outcome is recorded, their output is not.
UNSTABLE = (
    "tests/test_store.py::test_SPEC_exit_74_broken_pipe_after_the_action_is_applied",
    "tests/torture/test_torture.py::test_sigkill_during_writes_leaves_before_or_after",
    "tests/torture/test_torture.py::test_group_shared_folder_two_gms_take_turns",
    "tests/torture/test_torture.py::test_generated_documents_validate_exits_0_or_65",
    "tests/test_dice.py::test_R_DIC_1_valid_expressions_roll_within_bounds_property",
)


def _normalise(text: str, temps: list[str]) -> str:
    text = text.replace(str(ROOT), "<ROOT>")
    for temp in temps:
        if temp:
            text = text.replace(temp, "<TMP>")
    return re.sub(r"(/tmp|<TMP>)/tmp\.[A-Za-z0-9]+", "<MKTEMP>", text)


# -- running the CLI in this process ------------------------------------------------------------

@contextlib.contextmanager
def _captured() -> Iterator[tuple[io.TextIOWrapper, io.TextIOWrapper]]:
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="")
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        yield out, err
    finally:
        sys.stdout, sys.stderr = saved


def _read(stream: io.TextIOWrapper) -> str:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode("utf-8", "replace")


def call(args: list[str]) -> tuple[int, str, str]:
    from pbwcombat.cli import main

    with _captured() as (out, err):
        try:
            main(args)
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        except Exception as e:  # noqa: BLE001 - a crash is output too
            code = -1
            print(f"CRASH {type(e).__name__}: {e}", file=sys.stderr)
        return code, _read(out), _read(err)


def block(args: list[str], code: int, out: str, err: str, temps: list[str]) -> str:
    line = _normalise(" ".join(args), temps)
    return (f"$ {line}\n[exit {code}]\n--- stdout\n{_normalise(out, temps)}\n"
            f"--- stderr\n{_normalise(err, temps)}\n")


def sequence(source_text: str, label: str, folder: Path, all_formats: bool) -> str:
    """The fixed command sequence over fresh copies of one encounter text, in both languages
    (and every format for the mutating commands when `all_formats`)."""
    parts: list[str] = []
    temps = [str(folder)]
    mutating_formats = FORMATS if all_formats else ("plain",)
    for lang in LANGS:
        for fmt in mutating_formats:
            STREAM.reset(f"{label}/{lang}/{fmt}")
            work = folder / f"{lang}-{fmt}"
            work.mkdir(parents=True, exist_ok=True)
            path = work / "fight.toml"
            for old in work.iterdir():
                old.unlink()
            path.write_text(source_text, encoding="utf-8")
            p = str(path)
            common = ["--lang", lang, "--format", fmt]
            steps: list[list[str]] = [
                ["validate", p],
                ["show", p, *common],
                ["roll-initiative", p, *common],
                ["show", p, "--gm", "--map", *common],
                ["next", p, *common],
                ["next", p, "--if-idle", "0h", *common],
                ["resolve", p, *common],
                ["next", p, *common],
                ["map", p, *common],
                ["log", p, *common],
                ["verify", p, "--lang", lang],
                ["odds", p, "--runs", "20", "--seed", SEED, "--jobs", "1", *common],
                ["undo", p, *common],
                ["show", p, *common],
            ]
            if fmt == mutating_formats[0]:
                for other in FORMATS:
                    steps.append(["show", p, "--gm", "--lang", lang, "--format", other])
                    steps.append(["log", p, "--lang", lang, "--format", other])
            for args in steps:
                parts.append(block(args, *call(args), temps))
    return "".join(parts)


def examples(out_dir: Path) -> None:
    target = out_dir / "examples"
    target.mkdir(parents=True)
    sources = sorted((ROOT / "encounters").glob("*.toml"))
    known = {src.read_bytes() for src in sources}
    sources += [s for s in sorted((ROOT / "pbwcombat" / "starter").glob("*.toml"))
                if s.read_bytes() not in known]
    with tempfile.TemporaryDirectory(prefix="pbwsnap-") as tmp:
        for src in sources:
            text = src.read_text(encoding="utf-8")
            if "[dice]" not in text:
                text += f'\n[dice]\nseed = "{SEED}"\n'
            result = sequence(text, src.name, Path(tmp) / src.stem, all_formats=True)
            (target / f"{src.parent.name}-{src.stem}.txt").write_text(result, encoding="utf-8")


def test_encounters(out_dir: Path, texts_dir: Path) -> None:
    target = out_dir / "encounters"
    target.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="pbwsnap-") as tmp:
        for src in sorted(texts_dir.glob("*.toml")):
            result = sequence(src.read_text(encoding="utf-8"), src.stem, Path(tmp) / src.stem,
                              all_formats=False)
            (target / f"{src.stem}.txt").write_text(result, encoding="utf-8")


def demos(out_dir: Path) -> None:
    target = out_dir / "demos"
    target.mkdir(parents=True)
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}:{os.environ['PATH']}")
    with tempfile.TemporaryDirectory(prefix="pbwsnap-") as tmp:
        env["TMPDIR"] = tmp
        for script in sorted((ROOT / "scripts").glob("demo*.sh")):
            done = subprocess.run(["bash", str(script)], env=env, capture_output=True,
                                  text=True, cwd=ROOT)
            text = (f"[exit {done.returncode}]\n--- stdout\n{done.stdout}\n"
                    f"--- stderr\n{done.stderr}\n")
            (target / f"{script.stem}.txt").write_text(_normalise(text, [tmp]),
                                                        encoding="utf-8")


def suite(out_dir: Path, texts_dir: Path, pytest_args: list[str]) -> int:
    env = dict(os.environ, POST_SNAPSHOT_DIR=str(out_dir), POST_SNAPSHOT_TEXTS=str(texts_dir),
               PYTHONPATH=os.pathsep.join([str(ROOT / "scripts"),
                                           os.environ.get("PYTHONPATH", "")]))
    with tempfile.TemporaryDirectory(prefix="pbwsnap-") as tmp:
        env["POST_SNAPSHOT_TEMP"] = tmp
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "post_snapshot", "-q", "-p", "no:cacheprovider",
             "--hypothesis-seed=0", f"--basetemp={tmp}/t", *pytest_args],
            env=env, cwd=ROOT)
    return done.returncode


# -- the pytest plugin --------------------------------------------------------------------------

class _Recorder:
    def __init__(self, out_dir: Path, texts_dir: Path, temp: str) -> None:
        self.out_dir = out_dir / "tests"
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self.texts_dir = texts_dir
        self.temp = temp
        self.node = ""
        self.args: list[str] = []
        self.seen_paths: set[str] = set()
        self.files: dict[str, list[str]] = {}
        self.outcomes: list[str] = []

    def start(self, nodeid: str) -> None:
        self.node = nodeid
        self.seen_paths = set()
        STREAM.reset(nodeid)
        self._lines().append(f"## {nodeid}\n")

    def _lines(self) -> list[str]:
        return self.files.setdefault(self.node.split("::")[0], [])

    def before(self, args: list[str]) -> None:
        self.args = args
        if self.node.startswith(UNSTABLE):
            return
        for a in args:
            if a.endswith(".toml") and a not in self.seen_paths and os.path.isfile(a):
                self.seen_paths.add(a)
                data = Path(a).read_bytes()
                digest = hashlib.sha256(data).hexdigest()[:20]
                (self.texts_dir / f"{digest}.toml").write_bytes(data)

    def result(self, code: int, out: str, err: str) -> None:
        if self.node.startswith(UNSTABLE):
            return
        self._lines().append(block(self.args, code, out, err, [self.temp]))

    def finish(self) -> None:
        for name, lines in self.files.items():
            safe = name.replace("/", "__")
            (self.out_dir / f"{safe}.txt").write_text("".join(lines), encoding="utf-8")
        (self.out_dir / "outcomes.txt").write_text("".join(self.outcomes), encoding="utf-8")


RECORDER: _Recorder | None = None


def pytest_configure(config: Any) -> None:
    global RECORDER
    out_dir = os.environ.get("POST_SNAPSHOT_DIR")
    if not out_dir:
        return
    os.urandom = STREAM
    RECORDER = _Recorder(Path(out_dir), Path(os.environ["POST_SNAPSHOT_TEXTS"]),
                         os.environ.get("POST_SNAPSHOT_TEMP", ""))


def pytest_collection_finish(session: Any) -> None:
    if RECORDER is None:
        return
    recorder = RECORDER
    for plugin in session.config.pluginmanager.get_plugins():
        if str(getattr(plugin, "__file__", "")).endswith(os.path.join("tests", "conftest.py")):
            original_main = plugin.main
            original_result = plugin.Result

            def main(args: list[str] | None = None, _orig: Any = original_main) -> Any:
                recorder.before(list(args or []))
                return _orig(args)

            class Result(original_result):  # type: ignore[misc, valid-type]
                def __init__(self, code: int, out: str, err: str) -> None:
                    super().__init__(code, out, err)
                    recorder.result(code, out, err)

            plugin.main = main
            plugin.Result = Result


def pytest_runtest_setup(item: Any) -> None:
    if RECORDER is not None:
        RECORDER.start(item.nodeid)


def pytest_runtest_logreport(report: Any) -> None:
    if RECORDER is not None and (report.when == "call" or report.outcome != "passed"):
        RECORDER.outcomes.append(f"{report.nodeid} {report.when} {report.outcome}\n")


def pytest_unconfigure(config: Any) -> None:
    if RECORDER is not None:
        RECORDER.finish()


# -- entry point --------------------------------------------------------------------------------

def run(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print("usage: scripts/post-snapshot.sh DIR [--no-tests] [PYTEST ARGS…]", file=sys.stderr)
        return 2
    out_dir = Path(argv[0]).resolve()
    if out_dir.exists() and any(out_dir.iterdir()):
        print(f"{out_dir} exists and is not empty", file=sys.stderr)
        return 2
    out_dir.mkdir(parents=True, exist_ok=True)
    rest = argv[1:]
    with_tests = "--no-tests" not in rest
    rest = [a for a in rest if a != "--no-tests"]
    os.environ["PBWCOMBAT_NOW"] = NOW
    os.urandom = STREAM
    demos(out_dir)
    examples(out_dir)
    code = 0
    if with_tests:
        with tempfile.TemporaryDirectory(prefix="pbwsnap-texts-") as texts:
            code = suite(out_dir, Path(texts), rest)
            test_encounters(out_dir, Path(texts))
    print(f"snapshot written to {out_dir} (pytest exit {code})")
    return code


if __name__ == "__main__":
    raise SystemExit(run(sys.argv[1:]))
