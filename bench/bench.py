"""`make bench`: wall-clock medians of whole commands, each as a ratio to a baseline measured
in the same run (a benchmark, not a timed test: nothing here fails the suite).

    python bench/bench.py [--runs N] [--only growth]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

BIN = Path(sys.executable).parent
PBW = str(BIN / "pbwcombat")
SEED = "7" * 64

DUEL = """schema = 1
name = "Bench"
format = "plain"

[dice]
seed = "{seed}"

[[combatants]]
id = "hero"
side = "heroes"
pc = true
defense = 15
hp = 30
position = [0, 0]

[[combatants.weapons]]
name = "Sword"
attack = 5
damage = "1d8+3"

[[combatants]]
id = "ogre"
side = "monsters"
defense = 12
hp = 1000000
position = [1, 0]

[[combatants.weapons]]
name = "Club"
attack = 4
damage = "2d8+5"
"""


def crowd(n: int, bow_every: int = 0) -> str:
    """An encounter of `n` combatants on distinct squares, two sides, a few groups;
    `bow_every`: every such combatant (the 2nd, then every `bow_every`-th; odd, so both
    sides shoot) also holds a bow (range 20, ammunition 20): archers for R-ENG-5 presence."""
    parts = [f'schema = 1\nname = "Crowd"\nformat = "plain"\n\n[dice]\nseed = "{SEED}"\n']
    for i in range(n):
        group = f'group = "pack{i % 7}"\n' if i % 5 == 0 else ""
        parts.append(f"""
[[combatants]]
id = "c{i}"
side = "{'a' if i % 2 else 'b'}"
initiative_mod = {i % 6}
defense = 12
hp = 10
position = [{i % 40}, {i // 40}]
{group}
[[combatants.weapons]]
name = "Spear"
attack = 2
damage = "1d8"
""")
        if bow_every and i % bow_every == 1:
            parts.append(BOW)
    return "".join(parts)


BOW = """
[[combatants.weapons]]
name = "Bow"
kind = "ranged"
attack = 2
damage = "1d6"
range = 20
ammo = 20
"""


class Measure:
    """One command to time; `before` runs untimed before each run (e.g. a fresh copy)."""

    def __init__(self, cmd: list[str], before: Callable[[], None] | None = None,
                 env: dict[str, str] | None = None) -> None:
        self.cmd = cmd
        self.before = before
        self.env = env or {}
        self.times: list[float] = []

    def once(self) -> None:
        if self.before:
            self.before()
        env = dict(os.environ, PBWCOMBAT_NOW="2026-11-29T12:00:00Z", **self.env)
        start = time.perf_counter()
        done = subprocess.run(self.cmd, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE)
        self.times.append(time.perf_counter() - start)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(self.cmd)} failed ({done.returncode}): "
                             f"{done.stderr!r}")

    @property
    def median(self) -> float:
        return statistics.median(self.times)


def interleaved(measures: list[Measure], runs: int) -> None:
    """Round-robin over all measures, so that a busy spell of the machine weighs on the
    baseline and on the commands alike."""
    for _ in range(runs):
        for m in measures:
            m.once()


def grow_journal(path: Path, entries: int) -> None:
    """Give `path` a journal of `entries` lines: `entries - 1` records of a command that left
    the file as it was first written (a chain the journal accepts, R-LOG-2), each with its
    own `--key` (a bot keying every command: the index holds them all), then its one
    real record (only the tail has to match the file; earlier lines are what a long fight
    leaves). The lines are sealed as the tool seals its own (`journal.seal`: the chain
    fields a long fight's journal carries), so the first command finds the journal as the
    last command left it, not a journal of an older version to check line by line."""
    from pbwcombat.journal import seal

    journal = path.with_name(path.name + ".journal")
    lines = journal.read_bytes().splitlines(keepends=True)
    tail = json.loads(lines[-1])
    tail = {k: v for k, v in tail.items() if k not in SEALS}
    same = {k: v for k, v in tail.items() if k not in ("before", "after")}
    records = [dict(same, seq=i, version=0, after_sha=tail["before_sha"], patch=[],
                    key=f"grown-{i}") for i in range(1, entries)]  # a key each, as a bot's
    records[0]["before"] = tail["before"]  # format 4: the first record holds the start
    records.append(dict(tail, seq=entries))
    journal.write_bytes(seal(records))


SEALS = ("journal_sha", "prev_sha")  # the fields `seal` computes


def prepare_duel(folder: Path, entries: int) -> Path:
    path = folder / f"duel-{entries}.toml"
    for old in (path.with_name(path.name + ".journal"), path.with_name(path.name + ".lock")):
        old.unlink(missing_ok=True)  # a fresh duel: its first record holds the start
    path.write_text(DUEL.format(seed=SEED))
    subprocess.run([PBW, "roll-initiative", str(path), "--dice", "15,3"], check=True,
                   stdout=subprocess.DEVNULL, env=dict(os.environ))
    if entries > 1:
        grow_journal(path, entries)
    return path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--only", choices=["growth", "find-path"],
                        help="print only these tables")
    parser.add_argument("--sizes", type=lambda text: tuple(int(x) for x in text.split(",")),
                        default=JOURNAL_SIZES, help="journal lengths (records), e.g. 10,1000")
    args = parser.parse_args()
    if args.only == "growth":
        print_all_growth(args.sizes)
        return
    if args.only == "find-path":
        print_find_path(find_path_speed())
        return
    runs = args.runs
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        floor = Measure([sys.executable, "-c", "import typer, pydantic, tomllib, tomli_w"])

        def attack(path: Path) -> list[str]:
            return [PBW, "attack", str(path), "hero", "ogre", "--force"]

        empty = prepare_duel(folder, 1)
        a_empty = Measure(attack(empty))
        show = Measure([PBW, "show", str(empty)])
        a_1k = Measure(attack(prepare_duel(folder, 1000)))
        ten = prepare_duel(folder, 10000)
        a_10k = Measure(attack(ten))
        validate = Measure([PBW, "validate", str(ten)])

        big = folder / "crowd.toml"
        fresh = folder / "crowd-template.toml"
        fresh.write_text(crowd(500))

        def reset_crowd() -> None:
            shutil.copyfile(fresh, big)
            big.with_name(big.name + ".journal").unlink(missing_ok=True)

        init500 = Measure([PBW, "roll-initiative", str(big)], reset_crowd)

        deep = prepare_duel(folder, 1000)
        saved = deep.read_bytes(), deep.with_name(deep.name + ".journal").read_bytes()

        def reset_deep() -> None:
            deep.write_bytes(saved[0])
            deep.with_name(deep.name + ".journal").write_bytes(saved[1])
            subprocess.run(attack(deep), check=True, stdout=subprocess.DEVNULL)

        undo = Measure([PBW, "undo", str(deep)], reset_deep)

        turn = folder / "turn.toml"  # what cron and a GM run besides: each on the same turn
        shutil.copyfile(empty, turn)
        turn_saved = turn.read_bytes(), empty.with_name(empty.name + ".journal").read_bytes()

        def reset_turn() -> None:
            turn.write_bytes(turn_saved[0])
            turn.with_name(turn.name + ".journal").write_bytes(turn_saved[1])

        by_cron = [(name, Measure([PBW, *words[:1], str(turn), *words[1:]], reset_turn))
                   for name, words in (("next (end the turn)", ["next"]),
                                       ("move (one square)", ["move", "hero", "0,1"]),
                                       ("resolve (the round by orders)", ["resolve"]),
                                       ("remind", ["remind"]),
                                       ("log (the whole log)", ["log"]))]
        complete = Measure([PBW], env={  # bash asking for the defender of an attack
            "_PBWCOMBAT_COMPLETE": "complete_bash", "COMP_CWORD": "4",
            "COMP_WORDS": f"pbwcombat attack {empty} hero "})
        interleaved([floor, a_empty, show, a_1k, a_10k, init500, undo, validate, complete,
                     *(m for _, m in by_cron)], runs)

    f = floor.median
    rows: list[tuple[str, float, str, float | None, str]] = [
        ("floor: python -c 'import typer, pydantic, tomllib, tomli_w'", f, "", None, ""),
        ("attack (load, validate, resolve, atomic write, render)", a_empty.median, "floor",
         a_empty.median / f, "≤ 1.3×"),
        ("show (read-only status post)", show.median, "floor", show.median / f, "≤ 1.3×"),
        ("attack, log of 1,000 entries", a_1k.median, "attack, empty log",
         a_1k.median / a_empty.median, "≤ 1.3×"),
        ("attack, log of 10,000 entries", a_10k.median, "attack, empty log",
         a_10k.median / a_empty.median, "≤ 2×"),
        ("roll-initiative, 500 combatants", init500.median, "", None, "< 0.5 s"),
        ("undo, 1,000-deep history", undo.median, "floor", undo.median / f, "≤ 1.3×"),
        ("validate, file with a 10,000-entry log", validate.median, "floor",
         validate.median / f, "≤ 1.3×"),
        ("tab completion of an id (bash)", complete.median, "floor", complete.median / f,
         "≤ 1.3×"),
        *((name, m.median, "floor", m.median / f, "≤ 1.3×") for name, m in by_cron),
    ]
    odds_rows = odds_speed()
    print(f"pbwcombat benchmark — {os.cpu_count()} CPU(s), median of {runs} interleaved runs, "
          f"Python {sys.version.split()[0]}\n")
    print(f"| {'measure':60} | {'median s':>8} | {'vs':18} | {'ratio':>6} | goal | met |")
    print(f"|{'-' * 62}|{'-' * 10}|{'-' * 20}|{'-' * 8}|------|-----|")
    for name, t, base, ratio, goal in rows:
        r = f"{ratio:.2f}×" if ratio is not None else ""
        print(f"| {name:60} | {t:8.3f} | {base:18} | {r:>6} | {goal} | {_met(goal, t, ratio)} |")
    print(f"\n| {'odds: goblin-ambush.toml (whole command, start-up included)':60} | "
          f"{'wall s':>8} | {'CPU s':>8} | {'fights/s':>9} | goal |")
    print(f"|{'-' * 62}|{'-' * 10}|{'-' * 10}|{'-' * 11}|------|")
    for name, runs_done, wall, cpu, goal in odds_rows:
        print(f"| {name:60} | {wall:8.2f} | {cpu:8.2f} | {runs_done / wall:9,.0f} | {goal} |")
    _, one_job_runs, _, one_job_cpu, _ = odds_rows[-1]
    print(f"\nodds CPU per fight: {1000 * one_job_cpu / one_job_runs:.2f} ms (one job, start-up "
          f"included): {one_job_runs / one_job_cpu:,.0f} fights/s per free core")
    fight, rolls = attack_roll_cost()
    print(f"odds in-process: {1000 * fight:.2f} ms of CPU a fight, {rolls:.1f} attack rolls a "
          f"fight: {1e6 * fight / rolls:.0f} µs per attack roll (the fight's CPU / its attack "
          f"rolls; goal ≤ 43 µs)")
    print_core_shares(core_shares())
    print_all_growth(JOURNAL_SIZES)
    print_find_path(find_path_speed())


def _met(goal: str, seconds: float, ratio: float | None) -> str:
    """Whether a row meets its goal ("≤ 1.3×" a ratio, "< 0.5 s" a time; "" none)."""
    if not goal:
        return ""
    number = float(goal.strip("≤< ×s"))
    return "yes" if (ratio if goal.endswith("×") else seconds) <= number else "NO"


GROWTH_SIZES = (5, 100, 500, 2_000)


def print_all_growth(sizes: tuple[int, ...]) -> None:
    """Issue 29's growth curves, each size as a ratio to the smallest and against its goal:
    a command's cost flat in the journal's length (≤ 1.3× the smallest journal), at most
    linear in the combatants (the file itself is read, checked and written whole: the
    ratio of the sizes), a journal record flat (what changed, not the file), a walk's own
    cost (less a 1-square move's) flat in the crowd. The journal's and the walk's curves are
    CPU time (`_timed`): the wall's clock there mostly measured the disk's fsyncs."""
    print("\nGrowth (in-process: the work without start-up), each against its goal:")
    print_curves([("roll-initiative in-process", "combatants", growth())], "linear")
    attack, record_sizes = attack_growth()
    print_curves([attack], "linear")
    print_record_sizes(record_sizes)
    *commands, verify = journal_growth(sizes)
    print_curves(commands, "flat")
    print_curves([verify], "linear")
    per_turn = [(n, 100 * t) for n, t in odds_turn_growth()]  # 100 turns: ms to read
    print_curves([("odds: CPU of 100 turns in-process", "combatants", per_turn)], "flat")
    engine = [(n, 100 * t) for n, t in odds_turn_growth(engine=True)]
    print_curves([("the engine (`next`, odds without its core): 100 turns", "combatants",
                   engine)], "flat")
    for title, on_engine in (("odds", False), ("the engine", True)):
        archers = [(n, 100 * t) for n, t in odds_turn_growth(engine=on_engine,
                                                             bow_every=ARCHERS_EVERY)]
        print_curves([(f"{title}, a bow on every {ARCHERS_EVERY}rd: 100 turns", "combatants",
                       archers)], "flat")
    walk, step, *own = walk_growth()
    print_curves([walk, step], "linear")
    print_curves(own, "flat")


def growth(runs: int = 3) -> list[tuple[int, float]]:
    """`roll-initiative` in-process (load, resolve, write, journal, render; no start-up) on
    `crowd(n)`, median of `runs` fresh copies per size: how the work grows with the fight."""
    from pbwcombat import actions as act
    from pbwcombat.service import Options, run_action

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "crowd.toml"
        for n in GROWTH_SIZES:
            text, times = crowd(n), []
            for _ in range(runs):
                path.write_text(text)
                path.with_name(path.name + ".journal").unlink(missing_ok=True)
                start = time.perf_counter()
                run_action(path, "roll-initiative", act.RollInitiative(False), Options())
                times.append(time.perf_counter() - start)
            rows.append((n, statistics.median(times)))
    return rows


def attack_growth(runs: int = 3) -> tuple[Curve, list[tuple[int, int, int]]]:
    """`attack` in-process on `crowd(n)` after its `roll-initiative` (the one whose turn it
    is attacks its neighbour, `--force`: the same attacker every time), median of `runs`:
    the cost of one action as the fight grows, and the bytes each action adds to the
    journal next to the file's own size (issue 29: a record should hold what changed)."""
    from pbwcombat import actions as act
    from pbwcombat.service import Options, run_action
    from pbwcombat.store import parse_document

    rows, sizes = [], []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "crowd.toml"
        journal = path.with_name(path.name + ".journal")
        for n in GROWTH_SIZES:
            path.write_text(crowd(n).replace("hp = 10\n", "hp = 1000000\n"))  # none falls
            journal.unlink(missing_ok=True)
            run_action(path, "roll-initiative", act.RollInitiative(False), Options())
            turn = parse_document(path.read_bytes())["state"]["turn"]
            k = int(turn[1:])
            hit = act.Attack(turn, f"c{k + 1}" if k % 40 != 39 and k + 1 < n else f"c{k - 1}")
            grown: list[int] = []

            def once(hit: act.Attack = hit, grown: list[int] = grown) -> None:
                size = journal.stat().st_size
                run_action(path, "attack", hit, Options(force=True))
                grown.append(journal.stat().st_size - size)

            rows.append((n, _timed(once, runs)))
            sizes.append((n, path.stat().st_size, int(statistics.median(grown))))
    return ("attack in-process", "combatants", rows), sizes


def print_record_sizes(sizes: list[tuple[int, int, int]]) -> None:
    print(f"\n| {'journal bytes per attack (goal: flat)':40} | {'file bytes':>10} | "
          f"{'record bytes':>12} | {'ratio':>7} | met |")
    print(f"|{'-' * 42}|{'-' * 12}|{'-' * 14}|{'-' * 9}|-----|")
    smallest = sizes[0][2]
    for n, file_size, record in sizes:
        ratio = record / smallest
        print(f"| {f'{n:,} combatants':40} | {file_size:10,} | {record:12,} | "
              f"{ratio:6.1f}× | {'yes' if ratio <= FLAT else 'NO':3} |")


JOURNAL_SIZES = (10, 100, 1_000, 10_000, 100_000)
Curve = tuple[str, str, list[tuple[int, float]]]  # title, unit of size, (size, median s)


def _timed(work: Callable[[], object], runs: int, reset: Callable[[], None] | None = None
           ) -> float:
    """Median CPU time (`process_time`) of `runs` runs of `work`, after one untimed run that
    warms the imports and caches (`reset`, untimed, before each). CPU, not the wall's clock:
    a command's two fsyncs wait 4 to 20 ms on this shared disk for the same work, which says
    nothing about the journal's length or the crowd's size."""
    times = []
    for _ in range(runs + 1):
        if reset is not None:
            reset()
        times.append(_cpu(work))
    return statistics.median(times[1:])


def journal_growth(sizes: tuple[int, ...] = JOURNAL_SIZES, runs: int = 15) -> list[Curve]:
    """`attack --key` (a new key each time: a key never used; every grown record holds a
    key too), `undo` (of the attack before it) and `log --last 1`, in-process (no
    start-up), on the duel with a journal of each length, median CPU of `runs` rounds
    over every length in turn (a busy spell weighs on all lengths alike; 15: a
    millisecond's noise held to a tenth): what a long fight costs a command; and `verify`,
    which reads every record (up to VERIFY_MOST). Each command runs on the journal the one
    before it left, as in a fight (the first round, untimed, finds a journal grown by the
    bench, as after an upgrade)."""
    from pbwcombat import actions as act
    from pbwcombat import reports
    from pbwcombat.service import Options, run_action

    os.environ.setdefault("PBWCOMBAT_NOW", "2026-11-29T12:00:00Z")
    keys = (f"k{i}" for i in itertools.count())
    hit = act.Attack("hero", "ogre")
    commands: dict[str, Callable[[Path], object]] = {
        "attack --key": lambda p: run_action(p, "attack", hit, Options(force=True,
                                                                     key=next(keys))),
        "undo": lambda p: reports.undo(p, False, None, False, None, None, None, False, None),
        "log --last 1": lambda p: reports.log(p, 1, None, None, False, None),
    }
    times: dict[tuple[str, int], list[float]] = {(c, n): [] for c in commands for n in sizes}
    with tempfile.TemporaryDirectory() as tmp:
        paths = [prepare_duel(Path(tmp), n) for n in sizes]
        for _ in range(runs + 1):
            for n, path in zip(sizes, paths, strict=True):
                for name, command in commands.items():
                    times[name, n].append(_cpu(command, path))
        verify = [(n, _timed(lambda p=path: reports.verify(p, None, None, None, None, None), 1))
                  for n, path in zip(sizes, paths, strict=True) if n <= VERIFY_MOST]
    return [*((f"{name} in-process, CPU", "records",
               [(n, statistics.median(times[name, n][1:])) for n in sizes])
              for name in commands),
            ("verify in-process, CPU (every record)", "records", verify)]


def _cpu(work: Callable[..., object], *args: object) -> float:
    """The CPU time (`process_time`) `work(*args)` takes."""
    start = time.process_time()
    work(*args)
    return time.process_time() - start


VERIFY_MOST = 10_000  # verify reads the whole journal: timed up to this length


WALK_CROWDS = (5, 100, 500)
WALK_LEGS = 40  # legs of 100 squares: a 4,000-square walk


def walk_growth(runs: int = 7) -> list[Curve]:
    """A long `move` in-process (4,000 squares along a row out of everyone's reach, with
    `--force` for the distance) among crowds of each size, and a 1-square `move` of the same
    file (the file's own cost: load, check, write, journal), CPU, in interleaved pairs, each
    move undone before the next; the walk's own cost is the median of each pair's difference
    (a difference of medians of two figures of 80-100 ms at 500 carried their noise), and the
    same walk resolved by the engine alone (no file read or written). A walk's cost per
    square should not grow with the crowd."""
    from pbwcombat import actions as act
    from pbwcombat import reports
    from pbwcombat.dispatch import apply_action
    from pbwcombat.model import Encounter
    from pbwcombat.service import Options, dice_source, load, run_action, with_generator

    rows: dict[str, list[tuple[int, float]]] = {"walk": [], "step": [], "own": [], "engine": []}
    legs = tuple((100 if i % 2 == 0 else 0, -3) for i in range(WALK_LEGS))
    move, step = act.Move("c0", legs, run=True), act.Move("c0", ((1, -3),))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "walk.toml"
        journal = path.with_name(path.name + ".journal")
        for n in WALK_CROWDS:
            text = crowd(n).replace('[[combatants]]\nid = "c0"\n',
                                    '[[combatants]]\nid = "c0"\nspeed = 10000\n', 1)
            text = text.replace("position = [0, 0]", "position = [0, -3]", 1)
            path.write_text(text)
            journal.unlink(missing_ok=True)
            run_action(path, "roll-initiative", act.RollInitiative(False), Options(supplied=(20,)
                                                                                   + (1,) * n))
            enc = with_generator(load(path)[1])

            def command(action: act.Move) -> float:
                """The move, timed, then undone (untimed): the next move finds the same
                file and a journal its index vouches for, as in a fight."""
                spent = _cpu(run_action, path, "move", action, Options(force=True))
                reports.undo(path, False, None, False, None, None, None, False, None)
                return spent

            def engine(enc: Encounter = enc) -> None:
                apply_action(enc, move, dice_source(enc, ()), "2026-11-29T12:00:00Z", True)

            pairs = [(command(move), command(step)) for _ in range(runs + 1)][1:]
            rows["walk"].append((n, statistics.median(w for w, _ in pairs)))
            rows["step"].append((n, statistics.median(s for _, s in pairs)))
            rows["own"].append((n, statistics.median(w - s for w, s in pairs)))
            rows["engine"].append((n, _timed(engine, runs)))
    return [(f"move of {WALK_LEGS * 100:,} squares in-process, CPU", "combatants", rows["walk"]),
            ("move of 1 square (file's own cost), CPU", "combatants", rows["step"]),
            ("walk's own (pairs: walk less 1 square)", "combatants", rows["own"]),
            ("the walk in the engine (no file), CPU", "combatants", rows["engine"])]


FLAT = 1.3  # a cost "flat" in a size: at most this ratio to the smallest size's


def print_curves(curves: list[Curve], goal: str) -> None:
    """Each curve as a table: median ms, ratio to the smallest size, the goal's ratio
    (`flat`: FLAT; `linear`: the ratio of the sizes) and whether it is met."""
    for title, unit, rows in curves:
        if not rows:
            continue  # (verify beyond VERIFY_MOST)
        smallest, first = rows[0][1], rows[0][0]
        print(f"\n| {'growth: ' + title:50} | {'median ms':>9} | {'ratio':>7} | "
              f"{'goal':>7} | met |")
        print(f"|{'-' * 52}|{'-' * 11}|{'-' * 9}|{'-' * 9}|-----|")
        for n, t in rows:
            most = FLAT if goal == "flat" else max(FLAT, n / first)
            ratio = t / smallest if smallest > 0 else 1.0
            print(f"| {f'{n:,} {unit}':50} | {1000 * t:9.1f} | {ratio:6.1f}× | "
                  f"≤ {most:4.1f}× | {'yes' if ratio <= most else 'NO':3} |")


def _walker(cid: str, side: str, x: int, y: int, speed: int = 30) -> str:
    return (f'\n[[combatants]]\nid = "{cid}"\nside = "{side}"\ndefense = 12\nhp = 10\n'
            f"speed = {speed}\nposition = [{x}, {y}]\n\n[[combatants.weapons]]\n"
            f'name = "Spear"\nattack = 2\ndamage = "1d8"\n')


def melee_field(n: int) -> str:
    """`n` combatants in a melee, two sides in alternate columns of a block 8 squares high
    (each side's squares may be passed by its own, R-GEO-7), and a runner of side a at the
    block's left edge with speed 150 ft."""
    parts = [f'schema = 1\nname = "Melee"\nformat = "plain"\n\n[dice]\nseed = "{SEED}"\n',
             _walker("runner", "a", 0, 3, speed=150)]
    for i in range(n):
        x, y = 2 + i // 8, i % 8
        parts.append(_walker(f"m{i}", "a" if x % 2 else "b", x, y))
    return "".join(parts)


def empty_board() -> str:
    """A 100×100 board: a runner at (0,0) (speed 400 ft), a lone enemy at (99,99)."""
    return (f'schema = 1\nname = "Board"\nformat = "plain"\n\n[dice]\nseed = "{SEED}"\n'
            + _walker("runner", "a", 0, 0, speed=400) + _walker("far", "b", 99, 99))


def find_path_speed(runs: int = 15) -> list[tuple[str, float, float, int]]:
    """R-GEO-8 `move runner X,Y --find-path`, in-process: the engine's time (the action
    resolved on the loaded encounter, the AoOs it provokes included; no load, write or
    render), and the path-finder's own share, median of `runs`."""
    from pbwcombat import actions as act
    from pbwcombat.dispatch import apply_action
    from pbwcombat.document import from_document
    from pbwcombat.rules.board import board_for
    from pbwcombat.rules.movement import found_path
    from pbwcombat.service import dice_source
    from pbwcombat.store import parse_document

    rows = []
    cases = (("100×100 empty board, (0,0) → (98,99)", empty_board(), (98, 99)),
             ("100×100 empty board, (0,0) → (99,40)", empty_board(), (99, 40)),
             ("40-combatant melee, across the block", melee_field(40), (8, 4)))
    for name, text, goal in cases:
        enc = from_document(parse_document(text.encode()))
        start = apply_action(enc, act.RollInitiative(False), dice_source(enc, ()), "")
        enc = start.enc
        enc = enc.replace(combatants=tuple(c.replace(flat_footed=False)
                                           for c in enc.combatants))  # every AoO possible
        enc = enc.with_state(turn="runner")
        move = act.Move("runner", (goal,), find_path=True)
        engine, finder = [], []
        steps = 0
        for _ in range(runs):
            t0 = time.perf_counter()
            res = apply_action(enc, move, dice_source(enc, ()), "")
            engine.append(time.perf_counter() - t0)
            from pbwcombat.engine import Resolution

            probe = Resolution(enc, dice_source(enc, ()), "")
            t0 = time.perf_counter()
            board_for(probe, "runner")
            steps = len(found_path(probe, "runner", goal))
            finder.append(time.perf_counter() - t0)
            assert res.events
        rows.append((name, statistics.median(engine), statistics.median(finder), steps))
    return rows


def print_find_path(rows: list[tuple[str, float, float, int]]) -> None:
    print(f"\n| {'move --find-path (R-GEO-8), in-process':40} | {'engine ms':>9} | "
          f"{'finder ms':>9} | squares | goal |")
    print(f"|{'-' * 42}|{'-' * 11}|{'-' * 11}|---------|------|")
    for name, engine, finder, steps in rows:
        print(f"| {name:40} | {1000 * engine:9.2f} | {1000 * finder:9.2f} | {steps:7} "
              f"| < 50 ms |")


ODDS_GOAL_RUNS = 10_000  # the goal: 10,000 runs in at most 5 s with --jobs 2 (issue 29)
ODDS_CORE_RUNS = 2_000  # one job: CPU per fight
EXAMPLE = Path(__file__).resolve().parent.parent / "encounters" / "goblin-ambush.toml"


def attack_roll_cost(runs: int = 1_000) -> tuple[float, float]:
    """`odds`' fights on the example in-process (no start-up, one core): CPU seconds a fight
    and attack rolls a fight (counted in a second pass, so the count costs the timing
    nothing). µs per attack roll is the one over the other, as issue 29 compares
    simulators."""
    from pbwcombat import events as ev
    from pbwcombat.engine import Resolution
    from pbwcombat.service import load
    from pbwcombat.sim import odds as sim
    from pbwcombat.sim.odds import iter_runs

    _, enc = load(EXAMPLE)
    for _ in iter_runs(enc, "00", 50, 50):  # warm the imports and caches
        pass
    start = time.process_time()
    for _ in iter_runs(enc, "00", runs, 50):
        pass
    fight = (time.process_time() - start) / runs
    emit, rolled = Resolution.emit, [0]

    def counting(self: Resolution, event: ev.Event) -> None:
        rolled[0] += type(event) is ev.AttackRolled
        emit(self, event)

    Resolution.emit = counting  # type: ignore[method-assign]
    try:  # the engine's events count them: the core plays the same fights, making none
        ids = sim.reported(enc)
        for r in range(runs):
            sim.play_engine(enc, sim.run_key(b"\0", r), 50, ids)
    finally:
        Resolution.emit = emit  # type: ignore[method-assign]
    return fight, rolled[0] / runs


def core_shares(runs: int = 300) -> list[tuple[str, str, float, float]]:
    """Per example encounter, how `odds.play` played its fights (issue 29's simulator
    core): the share the core played to the end, the share it handed back to the engine
    mid-fight (bail-outs), or why the engine plays them all (`core_state.ineligible`)."""
    from pbwcombat.service import load
    from pbwcombat.sim import odds as sim
    from pbwcombat.sim.core_state import ineligible

    rows = []
    for path in sorted(EXAMPLE.parent.glob("*.toml")):
        _, enc = load(path)
        why = ineligible(enc)
        before = dict(sim.CORE_COUNTS)
        for _ in sim.iter_runs(enc, "00", runs, 50):
            pass
        core = sim.CORE_COUNTS["core"] - before["core"]
        bailed = sim.CORE_COUNTS["bailed"] - before["bailed"]
        rows.append((path.name, why, core / runs, bailed / runs))
    return rows


def print_core_shares(rows: list[tuple[str, str, float, float]]) -> None:
    print(f"\n| {'odds: who plays the fights (300 runs each)':42} | {'core':>6} | "
          f"{'bailed':>6} | engine only because |")
    print(f"|{'-' * 44}|{'-' * 8}|{'-' * 8}|{'-' * 21}|")
    for name, why, core, bailed in rows:
        print(f"| {name:42} | {100 * core:5.1f}% | {100 * bailed:5.1f}% | {why or '-'} |")


ODDS_TURN_SIZES = (6, 20, 100, 300)
ARCHERS_EVERY = 3  # the crowd of archers: a bow on every 3rd combatant (R-ENG-5 presence)


def odds_turn_growth(sizes: tuple[int, ...] = ODDS_TURN_SIZES, engine: bool = False,
                     bow_every: int = 0) -> list[tuple[int, float]]:
    """`odds`' CPU per turn played, in-process, on `crowd(n)` (two rounds of each fight,
    initiative rolled in each; turns counted in a second pass): issue 29 asks it flat in
    combatants. `engine`: every fight by the commands' engine (`play_engine`, the turn
    machinery `next` runs), not by the simulator core. `bow_every`: the crowd of archers
    (`crowd`'s), where R-ENG-5 presence pairs every shooter with its foes at each turn start."""
    import tomllib

    from pbwcombat import events as ev
    from pbwcombat.model import validate
    from pbwcombat.sim import odds as sim

    play = sim.play_engine if engine else sim.play
    rows = []
    for n in sizes:
        enc = validate(tomllib.loads(crowd(n, bow_every)))
        ids, runs = sim.reported(enc), max(3, 600 // n)
        play(enc, sim.run_key(b"warm", 0), 2, ids)
        start = time.process_time()
        for r in range(runs):
            play(enc, sim.run_key(b"turns", r), 2, ids)
        cpu = time.process_time() - start
        events: list[object] = []
        for r in range(runs):
            sim.play(enc, sim.run_key(b"turns", r), 2, ids, record=events)
        turns = sum(1 for e in events if type(e) is ev.TurnStarted)
        rows.append((n, cpu / turns))
    return rows


def odds_speed() -> list[tuple[str, int, float, float, str]]:
    """Fights per second of `odds` on the example (wall and CPU of the whole command,
    children included, best of 2): the goal itself, 10,000 runs with two jobs in at most 5 s
    (issue 29; 2,000 fights/s), then one job for the CPU a fight costs."""
    rows = []
    for jobs, runs in ((2, ODDS_GOAL_RUNS), (1, ODDS_CORE_RUNS)):
        walls, cpus = [], []
        for _ in range(2):
            before = os.times()
            start = time.perf_counter()
            subprocess.run([PBW, "odds", str(EXAMPLE), "--runs", str(runs), "--seed", "00",
                            "--jobs", str(jobs), "--format", "json"], check=True,
                           stdout=subprocess.DEVNULL)
            walls.append(time.perf_counter() - start)
            after = os.times()
            cpus.append(after.children_user + after.children_system
                        - before.children_user - before.children_system)
        rows.append((f"{runs:,} runs, --jobs {jobs}", runs, min(walls), min(cpus),
                     "≤ 5 s (≥ 2,000 fights/s)" if jobs == 2 else ""))
    return rows


if __name__ == "__main__":
    main()
