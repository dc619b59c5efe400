"""The simulator core's turn loop (issue 29): initiative (R-INI-1/2), rounds and turns
(R-TRN-4/6), the turn-start hooks the admitted fights run (missile engagement by presence,
R-ENG-5; flat-footed ending, R-TRN-5; the dying bleeding, R-HP-4; the idle streak reset,
R-DIS-6), and `play`, one fight to its `Run`, as `sim.odds.play` plays it with the engine.

Written again for speed from `rules.initiative`, `rules.turns`, `rules.presence`,
`rules.hp.bleed` and `sim.odds.play`; `tests/test_sim_core.py` holds it to them.
"""

from __future__ import annotations

from typing import Any

from pbwcombat.sim.core_hits import change_hp
from pbwcombat.sim.core_orders import follow_orders
from pbwcombat.sim.core_presence import refresh_presence
from pbwcombat.sim.core_state import Fight, Fighter, Spent, Template, Unsupported
from pbwcombat.sim.run import Run


def play(template: Template, key: bytes, max_rounds: int, ids: list[str],
         trace: list[Any] | None = None) -> Run:
    """One fight from the file's setup (`core_state.ineligible` said it may), as
    `sim.odds.play`: its `Run`. Raises `Unsupported` when it meets what it does not model.
    `trace`: a list that gets (who, dice drawn so far, every fighter's (hp, square, missile
    engagements, presence engagements)) at each turn start (the differential tests: the
    engagements never change a result by themselves, so only the trace shows them wrong)."""
    fight = Fight(template, key, template.base + max_rounds)
    fight.trace = trace
    if template.setup:
        roll_initiative(fight)
    elif not fight.turn:
        advance(fight)  # `next` ends no turn: the next starts
    while not fight.stopped and not fight.ended:
        me = fight.by_id[fight.turn]
        follow_orders(fight, me)
        if not fight.ended and fight.turn == me.id:
            next_turn(fight)
    if fight.stopped:
        winner, rounds = None, max_rounds
    else:
        winner, rounds = fight.winner, min(max(fight.round - template.base, 0), max_rounds)
    people = [fight.by_id[i] for i in ids]
    return Run(winner, rounds, tuple([f.hp for f in people]),
               tuple([f.status == "dead" for f in people]), (False,) * len(people))


# -- initiative (rules.initiative) ---------------------------------------------------------


def roll_initiative(fight: Fight) -> None:
    """`rules.initiative.roll_initiative` from setup: one d20 per unit (a group rolls as
    one, R-INI-3) in file order, ties settled (R-INI-2); no surprise round (everyone is
    aware: `ineligible`); everyone flat-footed (R-INI-5); round 1 starts."""
    units: list[list[Fighter]] = []
    groups: dict[str, list[Fighter]] = {}
    for f in fight.people:
        if f.group and f.group in groups:
            groups[f.group].append(f)
            continue
        unit = [f]
        units.append(unit)
        if f.group:
            groups[f.group] = unit
    totals: list[tuple[int, int]] = []
    for u in units:
        total = fight.die(20) + u[0].mod
        for m in u:
            m.initiative = total
        totals.append((total, u[0].mod))
    clusters: dict[tuple[int, int], list[int]] = {}
    for i, key in enumerate(totals):
        clusters.setdefault(key, []).append(i)
    ordered: list[int] = []
    for key in sorted(clusters, reverse=True):
        cluster = clusters[key]
        ordered.extend(_roll_off(fight, cluster) if len(cluster) > 1 else cluster)
    fight.order = [m.id for i in ordered for m in units[i]]
    fight.rank = {cid: i for i, cid in enumerate(fight.order)}
    for f in fight.people:
        f.flat_footed = True
    _start_round(fight, 1)
    advance(fight)


def _roll_off(fight: Fight, tied: list[int]) -> list[int]:
    """`rules.initiative._roll_off` (R-INI-2)."""
    rolls = [fight.die(20) for _ in tied]
    ordered: list[int] = []
    for value in sorted(set(rolls), reverse=True):
        cluster = [u for u, r in zip(tied, rolls, strict=True) if r == value]
        ordered.extend(_roll_off(fight, cluster) if len(cluster) > 1 else cluster)
    return ordered


# -- rounds and turns (rules.turns) --------------------------------------------------------


def _start_round(fight: Fight, number: int) -> None:
    """`RoundStarted`: a round past the last one to play stops the fight before anything
    of it happens (`sim.odds.play` counts it undecided)."""
    if number > fight.limit:
        fight.stopped = True
        return
    fight.round = number
    fight.round_clock = fight.clock
    fight.acted = set()
    fight.cursor = 0
    fight.turn = ""
    fight.spent = Spent()


def _winner(fight: Fight) -> str | None:
    """`rules.turns.winner_if_over` (R-TRN-6), from the standing counts the fight keeps."""
    if fight.sides_up > 1:
        return None
    if fight.sides_up == 0:
        return ""
    return next(side for side, n in fight.up_count.items() if n)


def next_turn(fight: Fight) -> None:
    """`rules.turns.next_turn`: the turn ends (R-DIS-6's idle streak reset), the next
    starts."""
    me = fight.by_id[fight.turn]
    if me.streak and not fight.spent.tried:
        me.streak = 0
    fight.acted.add(me.id)
    fight.turn = ""
    advance(fight)


def advance(fight: Fight) -> None:
    """`rules.turns.advance` (R-TRN-4): the next in order that can act starts; the others
    are passed over (the dying bleed); the end of combat (R-TRN-6). Without conditions
    someone of each side still standing can act, so a new round always has a turn."""
    order, acted = fight.order, fight.acted
    for _ in range(2):
        winner = _winner(fight)
        if winner is not None:
            fight.ended, fight.winner = True, winner
            return
        for i in range(fight.cursor, len(order)):
            cid = order[i]
            if cid in acted:
                continue
            fight.cursor = i  # all before it have acted: the next scan starts here
            f = fight.by_id[cid]
            before = f.status
            if _start_or_skip(fight, f):
                return
            if f.status != before:
                winner = _winner(fight)
                if winner is not None:
                    fight.ended, fight.winner = True, winner
                    return
        _start_round(fight, fight.round + 1)
        if fight.stopped:
            return
        order, acted = fight.order, fight.acted
    raise Unsupported("a round without a turn")


def _start_or_skip(fight: Fight, f: Fighter) -> bool:
    """`rules.turns._start_or_skip` for one combatant (no shared group turns)."""
    if f.status == "dead":
        fight.acted.add(f.id)  # TurnSkipped: no turn counts for it
        return False
    counted = f.clocks[1] <= fight.round_clock
    if counted:
        refresh_presence(fight)
    if not f.up:
        if f.status == "dying" and fight.rules.bleed:
            bleed(fight, f)
        if counted and f.status != "dead":  # SkippedTurnCounted (R-CND-3)
            f.flat_footed = False
            fight.clock += 1
            _count(fight, f)
        fight.acted.add(f.id)
        return False
    f.flat_footed = False  # R-TRN-5 (never a surprise round here)
    fight.clock += 1  # TurnStarted
    fight.turn = f.id
    fight.spent = Spent()
    if counted:  # `_count`, inline: every turn start asks it
        f.clocks = (f.clocks[1], fight.clock)
    if fight.trace is not None:
        fight.trace.append((f.id, fight.dice.n, tuple((p.hp, p.pos, frozenset(p.missile),
                                                         frozenset(p.presence))
                                                        for p in fight.people)))
    return True


def _count(fight: Fight, f: Fighter) -> None:
    """R-CND-2's turn clocks: the first turn start of `f` this round moves them."""
    if f.clocks[1] <= fight.round_clock:
        f.clocks = (f.clocks[1], fight.clock)


def bleed(fight: Fight, f: Fighter) -> None:
    """`rules.hp.bleed` (R-HP-4): 1d100, 1-10 stable, else -1 hp."""
    if fight.die(100) <= 10:
        fight.set_status(f, "stable")
    else:
        change_hp(fight, f, -1)
