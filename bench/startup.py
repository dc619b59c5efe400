"""Start-up of every command a GM runs by hand or from cron, as a ratio to the import floor
(issue 29: each at most 1.3×), in CPU time (the child's user + system, from `wait4`): on a
machine shared with other work, wall time measures the neighbours; the minimum of the
interleaved runs is the command's own cost.

    python bench/startup.py [--runs N] [--base DIR] [--instructions]

`--base DIR` also runs each command from another source tree (e.g. `git archive main` unpacked
and byte-compiled) in the same rounds, so that a change is judged by ratios measured
side by side, not by absolute times taken at different moments. `--instructions` counts
each command's instructions once under valgrind instead (about 10 s a run): the same count
however busy the machine is, so the judge of a small change (a time is not, there).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench import PBW, prepare_duel  # noqa: E402

FLOOR = [sys.executable, "-c", "import typer, pydantic, tomllib, tomli_w"]


def cpu(cmd: list[str], env: dict[str, str]) -> float:
    """The CPU seconds (user + system) one run of `cmd` took; a failed run stops the bench."""
    child = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    err = child.stderr.read() if child.stderr else b""
    if child.stderr:
        child.stderr.close()
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({child.returncode}): {err!r}")
    return usage.ru_utime + usage.ru_stime


def instructions(cmd: list[str], env: dict[str, str]) -> float:
    """The instructions one run of `cmd` executes (valgrind's count; hashing seeded, so the
    count repeats)."""
    done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                           "--cachegrind-out-file=/dev/null", *cmd],
                          env=dict(env, PYTHONHASHSEED="0"), stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or refs is None:
        raise SystemExit(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr[-500:]}")
    return float(refs.group(1).replace(",", ""))


def commands(folder: Path) -> tuple[dict[str, tuple[list[str], dict[str, str]]], Path]:
    """Each command's arguments (after `pbwcombat`) and extra environment, on a duel whose
    first turn has begun; the file is restored before every run."""
    duel = prepare_duel(folder, 1)
    f = str(duel)
    return {
        "attack": (["attack", f, "hero", "ogre", "--force"], {}),
        "move": (["move", f, "hero", "0,1"], {}),
        "next": (["next", f], {}),
        "resolve": (["resolve", f], {}),
        "undo": (["undo", f], {}),
        "show": (["show", f], {}),
        "log": (["log", f], {}),
        "remind": (["remind", f], {}),
        "validate": (["validate", f], {}),
        "completion": ([], {"_PBWCOMBAT_COMPLETE": "complete_bash", "COMP_CWORD": "4",
                            "COMP_WORDS": f"pbwcombat attack {f} hero "}),
    }, duel


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--base", type=Path, help="another source tree, run side by side")
    parser.add_argument("--only", help="comma-separated command names")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions under valgrind (one run each)")
    args = parser.parse_args()
    measure = instructions if args.instructions else cpu
    if args.instructions:
        args.runs = 1
    here = str(Path(__file__).resolve().parent.parent)  # PYTHONPATH for both: the same search
    trees: list[tuple[str, dict[str, str]]] = [("this", {"PYTHONPATH": here})]
    if args.base:
        trees.append(("base", {"PYTHONPATH": str(args.base.resolve())}))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        table, duel = commands(folder)
        if args.only:
            table = {k: v for k, v in table.items() if k in args.only.split(",")}
        journal = duel.with_name(duel.name + ".journal")
        saved = duel.read_bytes(), journal.read_bytes()
        undone = folder / "undo"  # undo needs a record of its own to take back
        subprocess.run([PBW, "next", str(duel)], check=True, stdout=subprocess.DEVNULL)
        shutil.copyfile(duel, undone)
        shutil.copyfile(journal, undone.with_name("undo.journal"))
        base_env = dict(os.environ, PBWCOMBAT_NOW="2026-11-29T12:00:00Z")
        floor: list[float] = []
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.runs):
            floor.append(measure(FLOOR, base_env))
            for name, (argv, extra) in table.items():
                for tree, tree_env in trees:
                    if name == "undo":
                        duel.write_bytes(undone.read_bytes())
                        journal.write_bytes(undone.with_name("undo.journal").read_bytes())
                    else:
                        duel.write_bytes(saved[0])
                        journal.write_bytes(saved[1])
                    env = dict(base_env, **extra, **tree_env)
                    times.setdefault((name, tree), []).append(
                        measure([sys.executable, PBW, *argv], env))
    low = min(floor)
    unit, scale = ("M instr", 1e-6) if args.instructions else ("ms", 1000)
    print(f"floor {scale * low:.0f} {unit} ({'valgrind' if args.instructions else 'CPU'}, "
          f"minimum of {args.runs} interleaved runs)")
    heads = "".join(f" | {tree:>12}" for tree, _ in trees)
    print(f"| {'command':10}{heads} |")
    for name in table:
        best = [min(times[name, tree]) for tree, _ in trees]
        cells = "".join(f" | {scale * t:4.0f} {unit} {t / low:4.2f}×" for t in best)
        print(f"| {name:10}{cells} |")


if __name__ == "__main__":
    main()
