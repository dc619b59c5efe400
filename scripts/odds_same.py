"""Is `odds` still the same? Every run and the report of every example encounter, played by
this tree's code and by a git revision's (default `main`), compared (issue 29: "the `odds`
report for the same --seed identical before and after every speed change").

    .venv/bin/python scripts/odds_same.py [--base REV] [--runs N] [--seeds 00,ab12]

The base is exported with `git archive` into a temporary folder and run with it first on
`sys.path`, so both sides use this venv's libraries and differ only in pbwcombat itself.
Each side prints one JSON line per (encounter, seed): every run's outcome (winner, rounds,
hp, dead, fled) and the whole R-SIM-2 report; the first difference is shown. Exit 1 if any.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PLAY = r"""
import json, sys, time
from pathlib import Path
from pbwcombat.service import load
from pbwcombat.sim import odds as sim
runs, seeds, files = int(sys.argv[1]), sys.argv[2].split(","), sys.argv[3:]
spent = 0.0
for name in files:
    _, enc = load(Path(name))
    for seed in seeds:
        start = time.process_time()
        results = list(sim.iter_runs(enc, seed, runs, 50))
        spent += time.process_time() - start
        report = sim.report(enc, results, seed, 50)
        print(json.dumps({"file": Path(name).name, "seed": seed,
                          "runs": [list(r) for r in results], "report": report},
                         sort_keys=True))
import pbwcombat
print(json.dumps({"cpu": spent, "module": pbwcombat.__file__}))
"""


def side(pythonpath: Path | None, runs: int, seeds: str, files: list[str]) -> list[str]:
    code = PLAY if pythonpath is None else (
        f"import sys; sys.path.insert(0, {str(pythonpath)!r})\n" + PLAY)
    cmd = [sys.executable, "-c", code, str(runs), seeds, *files]
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=pythonpath or ROOT)
    if done.returncode != 0:
        raise SystemExit(f"playing failed:\n{done.stderr}")
    return done.stdout.splitlines()


def first_difference(a: object, b: object, where: str = "") -> str:
    if type(a) is not type(b):
        return f"{where}: {a!r} != {b!r}"
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if a.get(k) != b.get(k):
                return first_difference(a.get(k), b.get(k), f"{where}.{k}")
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                return first_difference(x, y, f"{where}[{i}]")
        if len(a) != len(b):
            return f"{where}: {len(a)} != {len(b)} items"
    return f"{where}: {a!r} != {b!r}"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", default="main")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--seeds", default="00,5eed,c0ffee")
    args = parser.parse_args()
    files = sorted(str(p) for p in (ROOT / "encounters").glob("*.toml"))
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.base, "pbwcombat"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        start = time.perf_counter()
        base = side(Path(tmp), args.runs, args.seeds, files)
        ours = side(None, args.runs, args.seeds, files)
    wall = time.perf_counter() - start
    bad = 0
    for b, o in zip(base[:-1], ours[:-1], strict=True):
        left, right = json.loads(b), json.loads(o)
        label = f"{left['file']} seed {left['seed']}"
        if left == right:
            print(f"same      {label}: {len(left['runs'])} runs")
        else:
            bad += 1
            print(f"DIFFERENT {label}: {first_difference(left, right)}")
    if not json.loads(base[-1])["module"].startswith(tmp):
        raise SystemExit("the base did not play with its own code")
    cpu_base, cpu_ours = json.loads(base[-1])["cpu"], json.loads(ours[-1])["cpu"]
    print(f"CPU of the runs: {args.base} {cpu_base:.2f} s, this tree {cpu_ours:.2f} s "
          f"({cpu_base / cpu_ours:.2f}×); {wall:.0f} s in all")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
