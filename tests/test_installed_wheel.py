"""CI tests what users install (SPEC "Installing"): the wheel built from this tree, installed
with the `map` extra into a fresh venv outside the source tree, runs every command against a copy
of each example encounter, from a folder outside the source tree.

Every other test imports `pbwcombat` from the editable install, where a module the packaging
forgets is still found beside the tests; only an installed wheel shows it (a wheel without
`pbwcombat.sim` once made `odds` exit 1). The build runs on a copy of the tree, so a stale
`build/lib` cannot slip a forgotten package into the wheel.

One module fixture builds and installs once; the commands run once per example (each on its own
copy, the steps in a fight's order, two examples at a time) and each test reads one command's
results on one example, so a failure names both. A step may be refused by the rules (exit 3)
where the fight's state decides; never exit 1, never a traceback.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from helpers import ENCOUNTERS, ROOT

EXAMPLES = sorted(p.name for p in ENCOUNTERS.glob("*.toml"))
SEED = "5eed0f0a0bbc0ba7de00000000000000000000000000000000000000000000d0"
# Copied for the build: what `pip install .` reads from a clone, without the local state.
_NOT_SOURCE = shutil.ignore_patterns(".git", ".venv*", "build", "dist", "*.egg-info",
                                     "__pycache__", ".*_cache", ".hypothesis")


def _commands() -> list[str]:
    """The commands `pbwcombat --help` lists (of this tree: the wheel must list the same)."""
    out = subprocess.run([sys.executable, "-m", "pbwcombat", "--help"], capture_output=True,
                         text=True, check=True, cwd=ROOT).stdout
    return _listed(out)


def _listed(help_text: str) -> list[str]:
    section = help_text.split("\nCommands:\n", 1)[1]
    return re.findall(r"^  ([a-z][a-z0-9-]*)(?:\s|$)", section, flags=re.M)


COMMANDS = _commands()
# What reads no encounter runs once ("--help" and "completion" are what users run too); the
# rest runs on every example, "completion" also there (it offers the file's ids).
UNFILED = ("--help", "new", "srd")
NO_FILE = "(no file)"
CASES = [(c, NO_FILE) for c in (*UNFILED, "completion")] + [
    (c, e) for c in (*COMMANDS, "completion") if c not in UNFILED for e in EXAMPLES]


@dataclass
class Outcome:
    command: str
    argv: list[str]
    code: int
    out: str
    err: str
    allowed: tuple[int, ...]

    def problem(self) -> str | None:
        said = f"pbwcombat {' '.join(self.argv)} → exit {self.code}\n{self.err[-2000:]}"
        if "Traceback (most recent call last)" in self.out + self.err:
            return f"traceback: {said}"
        if self.code not in self.allowed:
            return f"exit not in {self.allowed}: {said}"
        if self.code != 0 and not self.err.strip():
            return f"refused without a word on stderr: {said}"
        return None


@dataclass
class Installed:
    venv: Path
    wheel: Path
    build_log: str
    install_log: str
    play: Path  # a folder outside the source tree, where the commands run
    env: dict[str, str]
    results: dict[str, list[Outcome]] = field(default_factory=dict)


def _clean_env(venv: Path | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONDONTWRITEBYTECODE", "PYTHONHOME")
           and not k.startswith(("_PBWCOMBAT", "PBWCOMBAT", "COMP_", "_TYPER"))}
    if venv is not None:  # the installed venv only, not the one running the tests
        env["PATH"] = os.pathsep.join([str(venv / "bin"), "/usr/local/bin", "/usr/bin", "/bin"])
    env["PBWCOMBAT_NOW"] = "2026-11-29T20:00:00Z"
    return env


def _pip(*args: str | Path) -> subprocess.CompletedProcess[str]:
    # The test venv's pip (pip's cache makes the second run quick); `--python` points it at
    # the fresh venv, which is created without pip to save the seconds ensurepip takes.
    return subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check",
                           *map(str, args)], capture_output=True, text=True, env=_clean_env(),
                          timeout=600)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    base = tmp_path_factory.mktemp("installed-wheel")
    src, dist, venv, play = base / "src", base / "dist", base / "venv", base / "play"
    shutil.copytree(ROOT, src, ignore=_NOT_SOURCE)
    built = _pip("wheel", "--no-deps", "-v", "--wheel-dir", dist, src)
    assert built.returncode == 0, built.stdout[-4000:] + built.stderr[-4000:]
    (wheel,) = dist.glob("pbwcombat-*.whl")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    done = _pip("--python", venv / "bin" / "python", "install", f"{wheel}[map]")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    play.mkdir()
    yield Installed(venv, wheel, built.stdout + built.stderr, done.stdout + done.stderr, play,
                    _clean_env(venv))


@pytest.fixture(scope="module")
def smoke(installed: Installed) -> Installed:
    """Every example's fight, played once per module."""
    if not installed.results:
        def play(example: str) -> tuple[str, list[Outcome]]:
            kind = _Unfiled if example == NO_FILE else _Fight
            return example, kind(installed, example).play()

        with ThreadPoolExecutor(max_workers=2) as pool:
            installed.results.update(pool.map(play, [NO_FILE, *EXAMPLES]))
    return installed


# -- the fight each example goes through ----------------------------------------------------------


class _Fight:
    def __init__(self, installed: Installed, example: str) -> None:
        self.env = installed.env
        self.folder = installed.play / Path(example).stem.strip("()").replace(" ", "-")
        self.folder.mkdir()
        self.file = self.folder / "fight.toml"
        self.outcomes: list[Outcome] = []
        self.shown: dict[str, Any] = {"combatants": []}
        if example == NO_FILE:
            self.doc: dict[str, Any] = {}
            return
        text = (ENCOUNTERS / example).read_text("utf-8")
        self.doc = tomllib.loads(text)
        if "dice" not in self.doc:  # the same story every run, as `make demo` does
            text += f'\n[dice]\nseed = "{SEED}"\n'
        self.file.write_text(text, "utf-8")

    def run(self, command: str, *args: str | Path, allowed: tuple[int, ...] = (0,),
            env: dict[str, str] | None = None) -> Outcome:
        argv = [str(a) for a in args]
        p = subprocess.run(["pbwcombat", *argv], capture_output=True, text=True,
                           cwd=self.folder, env={**self.env, **(env or {})}, timeout=120)
        outcome = Outcome(command, argv, p.returncode, p.stdout, p.stderr, allowed)
        self.outcomes.append(outcome)
        return outcome

    def status(self) -> dict[str, Any]:
        shown = self.run("show", "show", self.file, "--format", "json")
        self.shown = json.loads(shown.out)["status"] if shown.code == 0 else {"combatants": []}
        return self.shown

    def cast(self) -> tuple[str, str, str]:
        """Whose turn it is (or the first standing), a foe of theirs and an ally (or themself)."""
        status = self.status()
        standing = [c for c in status["combatants"] if c.get("status", "ok") == "ok"
                    and c.get("condition") not in ("dead", "dying", "down")]
        if not standing:
            return "nobody", "nobody", "nobody"
        by_id = {c["id"]: c for c in standing}
        actor = by_id.get(status.get("turn") or "", standing[0])
        foes = [c for c in standing if c["side"] != actor["side"]] or [actor]
        allies = [c for c in standing if c["side"] == actor["side"] and c is not actor] or [actor]
        return actor["id"], foes[0]["id"], allies[0]["id"]

    def free_square(self, near: str | None = None) -> str:
        """A square next to `near` (or the corner) that nobody stood on at the last `show`."""
        people = self.shown["combatants"]
        taken = {tuple(c["position"]) for c in people if c.get("position")}
        start = next((c["position"] for c in people if c["id"] == near and c.get("position")),
                     [0, 0])
        for dx, dy in [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (2, 0), (0, 2), (3, 3)]:
            x, y = start[0] + dx, start[1] + dy
            if x >= 0 and y >= 0 and (x, y) not in taken:
                return f"{x},{y}"
        return "0,0"

    def join_the_other_side(self) -> None:
        """A file of one side (the roster, the foes alone) gets the other as its header says:
        `add --from` (the party roster, or for the roster the mill's goblins)."""
        people = self.doc.get("combatants", [])
        if len({c.get("side") for c in people}) != 1:
            return
        other = "mill-fight.toml" if self.file.parent.name == "party" else "party.toml"
        if not (ENCOUNTERS / other).exists():
            return
        shutil.copyfile(ENCOUNTERS / other, self.folder / other)
        newcomers = len(tomllib.loads((ENCOUNTERS / other).read_text("utf-8"))
                        .get("combatants", []))
        taken = {tuple(c["position"]) for c in people if "position" in c}
        squares = [f"{x},{y}" for y in range(9) for x in range(9) if (x, y) not in taken]
        at = ["--at", *squares[:newcomers]] if taken else []
        self.run("add", "add", self.file, "--from", other, *at)

    def party_save(self) -> None:
        """`party save` into a copy of the roster: exit 2 when no PC of the fight is in it."""
        roster = self.folder / "roster.toml"
        shutil.copyfile(ENCOUNTERS / "party.toml", roster)
        kept = {str(c.get("id")) for c in tomllib.loads(roster.read_text("utf-8"))["combatants"]}
        here = {c["id"] for c in self.status()["combatants"]}
        self.run("party", "party", "save", self.file, roster, allowed=(0,) if kept & here else (2,))

    def action_args(self, who: str, target: str) -> list[str]:
        """WHO's first action of the file, or an ad hoc one."""
        for c in self.doc.get("combatants", []):
            if c.get("id") == who and c.get("actions"):
                return [str(c["actions"][0]["id"]), "--target", target]
        return ["--text", "draws a dagger", "--cost", "move"]

    def play(self) -> list[Outcome]:
        f, maybe = self.file, (0, 3)
        self.run("validate", "validate", f)
        self.run("show", "show", f, "--format", "markdown", "--lang", "es")
        self.run("map", "map", f)
        png = self.folder / "map.png"
        gridded = any("position" in c for c in self.doc.get("combatants", []))
        pic = self.run("map", "map", f, "--png", png, allowed=(0,) if gridded else (2,))
        squared = maybe if gridded else (2,)  # a square on a file without a grid: usage
        if pic.code == 0 and not png.read_bytes().startswith(b"\x89PNG"):
            pic.code, pic.err = -1, f"{png} is not a PNG"
        self.run("dice", "dice", "commit", f)
        self.run("dice", "dice", "salt", f, "4817")
        self.join_the_other_side()
        self.run("roll-initiative", "roll-initiative", f, allowed=maybe)
        actor, foe, ally = self.cast()
        self.run("roll", "roll", f, "1d20+4", "--who", actor, "--reason", "Spot", allowed=maybe)
        self.run("move", "move", f, actor, self.free_square(actor), allowed=squared)
        self.run("attack", "attack", f, actor, foe, allowed=maybe)
        self.run("disengage", "disengage", f, actor, allowed=maybe)
        self.run("action", "action", f, actor, *self.action_args(actor, foe), allowed=maybe)
        self.run("intercept", "intercept", f, actor, ally, allowed=maybe)
        self.run("condition", "condition", f, foe, "prone", allowed=maybe)
        self.run("hp", "hp", f, foe, "-1", allowed=maybe)
        self.run("set", "set", f, foe, "defense", "18", allowed=maybe)
        self.run("set", "set", f, "rules.turn_deadline", "24h", allowed=maybe)
        self.run("delay", "delay", f, actor, allowed=maybe)
        self.run("act", "act", f, actor, allowed=maybe)
        self.run("next", "next", f, allowed=maybe)
        actor, foe, _ = self.cast()
        self.run("declare", "declare", f, actor, "attack", foe, allowed=maybe)
        self.run("resolve", "resolve", f, allowed=maybe)
        at = ["--at", self.free_square()] if gridded else []
        added = self.run("add", "add", f, "newcomer", "--like", foe, *at, allowed=maybe)
        self.run("remove", "remove", f, "newcomer" if added.code == 0 else foe, allowed=maybe)
        at = ["--at", self.free_square()] if gridded else []
        self.run("add", "add", f, "orc", "--srd", "orc", "--side", "orcs", *at, allowed=maybe)
        self.party_save()
        self.run("log", "log", f, "--last", "2", "--format", "plain")
        self.run("undo", "undo", f, allowed=maybe)
        self.run("verify", "verify", f)
        self.run("odds", "odds", f, "--runs", "20", "--seed", "1f2e", allowed=maybe)
        self.run("end", "end", f, allowed=maybe)
        self.run("dice", "dice", "reveal", f, allowed=maybe)
        line = f"pbwcombat attack {f.name} "
        ids = self.run("completion", env={"_PBWCOMBAT_COMPLETE": "complete_bash",
                                          "COMP_WORDS": line, "COMP_CWORD": "3"})
        known = {str(c.get("id")) for c in self.doc.get("combatants", [])}
        if self.doc.get("combatants") and not known & set(ids.out.split()):
            ids.code, ids.err = -1, f"completion of {line!r} offered none of {sorted(known)}"
        scripted = {o.command for o in self.outcomes} | set(UNFILED)
        for command in COMMANDS:  # one added since this list was written: at least this much
            if command not in scripted:
                self.run(command, command, "--help")
                self.run(command, command, f, allowed=(0, 2, 3))
        return self.outcomes


class _Unfiled(_Fight):
    """What reads no encounter, once: the help, `new` in each language, the completion script."""

    def play(self) -> list[Outcome]:
        self.run("--help", "--help")
        for lang in ("en", "es"):
            fresh = self.folder / f"new-{lang}.toml"
            self.run("new", "new", fresh, "--name", "Smoke", "--lang", lang)
            self.run("new", "validate", fresh)
        self.run("new", "new", fresh, allowed=(73,))  # refuses to overwrite
        self.run("completion", "--show-completion", "bash")
        self.run("srd", "srd", "search", "orc")
        self.run("srd", "srd", "show", "ogre", "--lang", "es")
        return self.outcomes


# -- the tests ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("command", "example"), CASES)
def test_installed_wheel_runs_command_on_example(smoke: Installed, command: str,
                                                  example: str) -> None:
    outcomes = [o for o in smoke.results[example] if o.command == command]
    assert outcomes, f"no smoke step ran `{command}` on {example}"
    problems = [p for p in (o.problem() for o in outcomes) if p]
    assert not problems, "\n\n".join(problems)


def test_installed_wheel_lists_the_same_commands(smoke: Installed) -> None:
    helped = next(o for o in smoke.results[NO_FILE] if o.command == "--help")
    assert _listed(helped.out) == COMMANDS


def test_installed_wheel_holds_every_module_and_data_file(installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    source = {p.relative_to(ROOT).as_posix() for p in (ROOT / "pbwcombat").rglob("*")
              if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"}
    assert source - names == set()


def test_installed_package_is_the_venvs_not_the_source_tree(installed: Installed) -> None:
    where = subprocess.run([installed.venv / "bin" / "python", "-c",
                            "import pbwcombat.sim, pbwcombat.starter; print(pbwcombat.__file__)"],
                           capture_output=True, text=True, cwd=installed.play, env=installed.env)
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()).is_relative_to(installed.venv)


def _warnings(log: str) -> list[str]:
    """Warnings of the project's packaging: the build backend's (pip -v indents its output),
    and pip's about this project. pip's own notes about the machine's index settings are not
    the project's."""
    return [line for line in log.splitlines()
            if re.search(r"warning", line, re.I)
            and (line.startswith(" ") or "pbwcombat" in line.lower())]


def test_building_and_installing_print_no_packaging_warning(installed: Installed) -> None:
    assert _warnings(installed.build_log) == []
    assert _warnings(installed.install_log) == []
