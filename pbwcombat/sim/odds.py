"""`odds` (R-SIM): play the fight from its current state to the end N times, everyone by its
standing orders, with the very engine the commands use; report shares with Wilson 95%
intervals, rounds and per-combatant outcomes.

Run r rolls with the key SHA-256(seed ‖ r as 8 big-endian bytes) from die 0, so a run's
dice depend only on (seed, r): the same seed gives the same report whatever `jobs`, and the
numbers are summed in run order (integers; divisions only at the end).
Nothing here reads or writes files: the caller loads the encounter once.
"""

from __future__ import annotations

import gc
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple, TextIO

from pbwcombat.dice import PaddedDiceSource
from pbwcombat.digests import sha256_bytes
from pbwcombat.engine import Resolution
from pbwcombat.errors import Message, PbwError
from pbwcombat.model import Encounter
from pbwcombat.sim.run import Run, rounds_before

__all__ = ["Run", "rounds_before"]  # re-exported: whoever plays a fight uses them

Z95 = 1.959963984540054  # the 97.5th percentile of the standard normal


def run_key(seed: bytes, r: int) -> bytes:
    """R-SIM-1: the generator key of run r."""
    return sha256_bytes(seed + r.to_bytes(8, "big"))


def reported(enc: Encounter) -> list[str]:
    """Combatants in the report: those still in the fight (file order)."""
    return [c.id for c in enc.combatants if not c.removed]


def _before_round(enc: Encounter, events: list[Any], new_round: int) -> Encounter:
    """`enc` after `events` up to (not including) the start of round `new_round`."""
    from pbwcombat import events as ev
    from pbwcombat.evolve import evolve

    for e in events:
        if type(e) is ev.RoundStarted and e.round >= new_round:
            break
        enc = evolve(enc, e)
    return enc


# The simulator core (issue 29, docs/dev/speed.md "The simulator core"): `play` tries it
# first; whatever it does not model sends the run back to the engine from its start (the
# same key gives the same fight), so the report never depends on what it covers.
# CORE_COUNTS: fights the core played, fights it handed back mid-fight, fights the engine
# played because the encounter has something the core never models (per process).
CORE_COUNTS = {"core": 0, "bailed": 0, "engine": 0}
_CORE: list[Any] = [None, None]  # [the encounter, its core Template or None]


def _core_template(enc: Encounter) -> Any:
    """The core's starting state for `enc` (built once per encounter), None when the core
    never plays it (`core_state.ineligible`)."""
    if _CORE[0] is not enc:
        from pbwcombat.sim.core_state import Template, ineligible

        _CORE[:] = [enc, None if ineligible(enc) else Template(enc)]
    return _CORE[1]


def play(enc: Encounter, key: bytes, max_rounds: int, ids: list[str],
         record: list[Any] | None = None) -> Run:
    """One fight from `enc` (see `play_engine`): by the simulator core when it models the
    whole fight, else by the engine. `record` (the engine's events) plays it by the engine."""
    template = _core_template(enc) if record is None else None
    if template is not None:
        from pbwcombat.sim import core_turns
        from pbwcombat.sim.core_state import Unsupported

        try:
            run: Run = core_turns.play(template, key, max_rounds, ids)
        except Unsupported:
            CORE_COUNTS["bailed"] += 1
        else:
            CORE_COUNTS["core"] += 1
            return run
    else:
        CORE_COUNTS["engine"] += 1
    return play_engine(enc, key, max_rounds, ids, record)


def play_engine(enc: Encounter, key: bytes, max_rounds: int, ids: list[str],
                record: list[Any] | None = None) -> Run:
    """One fight from `enc` to its end, or undecided once it has played `max_rounds` rounds
    (it stops before the next round starts: nothing at that round's start, bleeding or a
    duration ending, reaches the figures), every turn by orders (every member of a shared
    group turn, R-INI-3). A state the rules cannot go on from (nobody can take a turn,
    R-TRN-4) would never be decided: it counts as reaching `max_rounds` undecided, as it
    stood at the end of the round in which it got stuck. `record`: a list that gets every
    event of the fight (the differential tests compare fights event by event)."""
    from pbwcombat.actions import RollInitiative
    from pbwcombat.dispatch import TABLES, dispatch
    from pbwcombat.rules.orders import follow_orders, group_by_orders, orders_of
    from pbwcombat.rules.turns import next_turn, winner_if_over

    # now = "": no deadline arithmetic at every turn start (nothing is shown)
    res = Resolution(enc, PaddedDiceSource(key, 0), "", dispatch=dispatch, tables=TABLES)
    base = rounds_before(enc)
    limit = base + max_rounds
    shared = enc.rules.group_turn == "shared" and any(c.group for c in enc.combatants)
    winner: str | None = None
    start = enc  # the encounter at the start of the turn being played
    final: Encounter | None = None
    try:
        if enc.state.phase == "setup" or (
                enc.state.phase != "ended"
                and any(c.id not in enc.state.order for c in enc.active)):
            res.apply(RollInitiative())  # R-SIM-1: each run rolls its own
        while True:
            st = res.enc.state
            if st.round > limit:  # round limit + 1 started in the last turn: not played
                final = _before_round(start, res.events, limit + 1)
                break
            if st.phase == "ended":
                # "" is nobody left standing only when nobody is; a fight ended by hand
                # with two sides up was decided by nobody (R-TRN-6 `end`)
                winner = st.winner if st.winner or winner_if_over(res.enc) == "" else None
                break
            start = res.enc
            if record is not None:
                record += res.events
            res.events.clear()
            who = st.turn
            if who:
                if shared and len(res.enc.members_of(who)) > 1:
                    if group_by_orders(res, who, simulated=True, narrate=False):
                        next_turn(res)
                    continue
                me = res.enc.get(who)
                follow_orders(res, who, orders_of(res.enc, me, simulated=True), narrate=False)
                if res.enc.state.phase == "ended":
                    continue
            if res.enc.state.turn == who:
                next_turn(res)
    except PbwError:  # nobody can take a turn (R-TRN-4): it would never be decided
        final = _before_round(start, res.events, start.state.round + 1)
        winner = None
        base = final.state.round - max_rounds  # counted as reaching max_rounds
    if record is not None:
        record += res.events
    if final is None:
        final = res.enc
    rounds = min(max(final.state.round - base, 0), max_rounds)
    people = [final.get(i) for i in ids]
    return Run(winner, rounds, tuple(c.hp for c in people),
               tuple(c.status == "dead" for c in people), tuple(c.removed for c in people))


# -- running many: jobs, order, progress ---------------------------------------------------

_JOB: tuple[Encounter, bytes, int, list[str]] | None = None  # inherited by forked workers


def _chunk(bounds: tuple[int, int]) -> list[Run]:
    """Runs `bounds[0]` to `bounds[1] - 1`. The cyclic garbage collector is paused meanwhile:
    a fight allocates some 10⁵ short-lived records and events that reference counting frees,
    and the collector's passes over them cost ~5% (collected again at the end)."""
    assert _JOB is not None
    enc, seed, max_rounds, ids = _JOB
    paused = gc.isenabled()
    gc.disable()
    try:
        return [play(enc, run_key(seed, r), max_rounds, ids) for r in range(*bounds)]
    finally:
        if paused:
            gc.enable()


def _chunks(runs: int, jobs: int) -> list[tuple[int, int]]:
    """Runs in chunks for the workers, shrinking toward the end (guided scheduling: each a
    quarter of a worker's share of what is left, 10 to 200 runs), so that the workers
    finish together instead of one idling while the other plays a last 200-run chunk."""
    bounds = []
    start = 0
    while start < runs:
        size = max(10, min(200, (runs - start) // (jobs * 4)))
        bounds.append((start, min(runs, start + size)))
        start += size
    return bounds


def simulate(enc: Encounter, seed: bytes, runs: int, max_rounds: int, jobs: int,
             progress: Callable[[int], None] | None = None,
             warn: Callable[[Message], None] | None = None) -> list[Run]:
    """`runs` fights in run order; `jobs` > 1 plays chunks of runs in forked processes. When
    no process can be started (a process limit, RLIMIT_NPROC), the runs are played in this
    one, the same report, and `warn` is told why."""
    global _JOB
    ids = reported(enc)
    _JOB = (enc, seed, max_rounds, ids)
    chunks = _chunks(runs, jobs)
    out: list[Run] = []
    try:
        pool = _pool(min(jobs, len(chunks)), warn) if jobs > 1 and len(chunks) > 1 else None
        if pool is None:
            for bounds in chunks:
                out += _chunk(bounds)
                if progress:
                    progress(len(out))
            return out
        with pool:
            for part in pool.imap(_chunk, chunks):
                out += part
                if progress:
                    progress(len(out))
        return out
    finally:
        _JOB = None


def _pool(jobs: int, warn: Callable[[Message], None] | None) -> Any:
    """A pool of `jobs` forked workers that leave Ctrl-C to this process (it ends them: one
    line, exit 130, no worker tracebacks), or None when none can be started."""
    import multiprocessing

    try:
        return multiprocessing.get_context("fork").Pool(jobs, initializer=_worker_start)
    except OSError as e:  # EAGAIN: the process limit; ENOMEM
        if warn is not None:
            warn(Message("jobs_no_worker", jobs=jobs, reason=e.strerror or type(e).__name__))
        return None


def _worker_start() -> None:
    """A worker ignores Ctrl-C (SIGINT reaches the whole process group): the parent ends
    the pool, and a worker's own KeyboardInterrupt would print its traceback."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def default_jobs() -> int:
    """R-SIM-1: all cores (those this process may run on)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


class Progress:
    """`done/total runs` on stderr, only on a terminal and only once a run is slow (> 2 s)."""

    def __init__(self, total: int, stream: TextIO | None = None, after: float = 2.0) -> None:
        self.total = total
        self.stream: TextIO = stream if stream is not None else sys.stderr
        self.after = after
        self.start = time.perf_counter()
        self.shown = False
        self.on = self.stream.isatty()

    def __call__(self, done: int) -> None:
        if not self.on:
            return
        spent = time.perf_counter() - self.start
        if spent < self.after:
            return
        self.shown = True
        self.stream.write(f"\rodds: {done}/{self.total} runs, {done / spent:,.0f} fights/s")
        self.stream.flush()

    def close(self) -> None:
        if self.shown:
            spent = time.perf_counter() - self.start
            self.stream.write(f"\rodds: {self.total} runs in {spent:.1f} s, "
                              f"{self.total / spent:,.0f} fights/s\n")


# -- the numbers of the report (R-SIM-2) ---------------------------------------------------


class Share(NamedTuple):
    hits: int  # runs in which it happened
    share: float
    low: float
    high: float


def wilson(k: int, n: int, z: float = Z95) -> Share:
    """The share k/n with its Wilson score interval."""
    if n == 0:
        return Share(0, 0.0, 0.0, 1.0)
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return Share(k, p, low, high)


def percentile(ordered: list[int], q: float) -> int:
    """Nearest-rank percentile of a sorted list (q in 0..1)."""
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def _share(s: Share) -> dict[str, Any]:
    return {"count": s.hits, "share": round(s.share, 6), "low": round(s.low, 6),
            "high": round(s.high, 6)}


def report(enc: Encounter, results: list[Run], seed_hex: str, max_rounds: int
           ) -> dict[str, Any]:
    """R-SIM-2 as data (the JSON form, every number: the post hides what R-OUT-3 hides)."""
    n = len(results)
    ids = reported(enc)
    sides = list(dict.fromkeys(enc.get(i).side for i in ids))
    wins = {s: 0 for s in sides}
    nobody = undecided = 0
    for r in results:
        if r.winner is None:
            undecided += 1
        elif r.winner == "":
            nobody += 1
        else:
            wins[r.winner] = wins.get(r.winner, 0) + 1
    rounds = sorted(r.rounds for r in results)
    people = []
    for j, cid in enumerate(ids):
        c = enc.get(cid)
        # hit points left: a fallen combatant has none left (not −198 % of full, issue 25)
        mean_hp = sum(max(0, r.hp[j]) for r in results) / n if n else 0.0
        people.append({
            "id": cid, "name": c.display, "side": c.side, "pc": c.pc,
            "down": _share(wilson(sum(1 for r in results if r.hp[j] <= 0), n)),
            "dead": _share(wilson(sum(1 for r in results if r.dead[j]), n)),
            "fled": _share(wilson(sum(1 for r in results if r.fled[j]), n)),
            "mean_hp": round(mean_hp, 6), "max_hp": c.full_hp,
            "mean_hp_share": round(mean_hp / c.full_hp, 6),
        })
    st = enc.state
    return {
        "runs": n, "seed": seed_hex, "max_rounds": max_rounds,
        "from": {"phase": st.phase, "round": st.round, "turn": st.turn},
        "sides": [{"side": side, **_share(wilson(k, n))} for side, k in wins.items()],
        "nobody": _share(wilson(nobody, n)), "undecided": _share(wilson(undecided, n)),
        "rounds": {"mean": round(sum(rounds) / n, 6) if n else 0.0,
                   "median": float(statistics.median(rounds)) if rounds else 0.0,
                   "p10": percentile(rounds, 0.10) if rounds else 0,
                   "p90": percentile(rounds, 0.90) if rounds else 0},
        "combatants": people,
        "not_played": not_played(enc),
    }


def not_played(enc: Encounter) -> list[dict[str, Any]]:
    """R-SIM-4: per combatant, its actions (R-ACT) that no rule of its orders takes (orders
    that are a keyword, or none, take none), so that the report says what the odds ignore."""
    from pbwcombat.orders_text import actions_named, rules_of

    out = []
    for cid in reported(enc):
        c = enc.get(cid)
        if not c.actions:
            continue
        named = {a for rule in rules_of(c.orders) for a in actions_named(rule)}
        left = [a for a in c.actions if a.id not in named]
        if left:
            out.append({"id": cid, "name": c.display,
                        "actions": [a.id for a in left], "names": [a.name or a.id for a in left]})
    return out


def odds(enc: Encounter, seed_hex: str, runs: int, max_rounds: int, jobs: int,
         progress: Progress | None = None, warn: Callable[[Message], None] | None = None
         ) -> dict[str, Any]:
    """R-SIM-1/2: the report of `runs` fights from `enc`."""
    results = simulate(enc, bytes.fromhex(seed_hex), runs, max_rounds, jobs, progress, warn)
    if progress is not None:
        progress.close()
    return report(enc, results, seed_hex, max_rounds)


def iter_runs(enc: Encounter, seed_hex: str, runs: int, max_rounds: int) -> Iterator[Run]:
    """Runs one by one, in process (tests, profiling)."""
    ids = reported(enc)
    seed = bytes.fromhex(seed_hex)
    for r in range(runs):
        yield play(enc, run_key(seed, r), max_rounds, ids)
