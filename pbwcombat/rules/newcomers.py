"""Newcomers mid-fight (R-ACT-7): `add ID --like OTHER …` and `add --from FILE [ID…]`."""

from __future__ import annotations

import copy
import json
from typing import Any

from pbwcombat import events as ev
from pbwcombat.actions import Add
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction, UsageError
from pbwcombat.model import Combatant, status_for

MAX_COMBATANTS = 5000  # SPEC: a file of up to 5,000 combatants is valid
# State a newcomer does not inherit (R-ACT-7 "no state"); names other modules may add are
# reset too when present.
_STATE = ("initiative", "status", "flat_footed", "engaged", "missile_engaged", "guarding",
          "disengage_streak", "removed", "aoo_round", "turn_clocks", "attacked_by",
          "conditions", "position", "temp_hp", "nonlethal", "readied", "presence",
          "confusion", "stance", "aid", "aoo_count", "absent_until")


def _fresh(c: Combatant, **changes: Any) -> Combatant:
    reset = {name: copy.copy(Combatant.FIELDS[name][1]) for name in _STATE
             if name in Combatant.FIELDS}
    return c.replace(**{**reset, **changes})


def add(res: Resolution, action: Add) -> None:
    """R-ACT-7: copies of OTHER (hp = max_hp, no state) or roster combatants (their hp
    kept); new ids unused (exit 2); on a grid one free `--at` square each (exit 2)."""
    from pbwcombat.document import combatant_document

    res.require_not_ended()
    newcomers: list[Combatant] = []
    if action.like is not None:
        other = res.combatant(action.like)
        base_id = action.ids[0]
        if action.count is None:
            ids, names = [base_id], [action.name or base_id]
        else:
            stem = action.name or other.display
            ids = [f"{base_id}-{i}" for i in range(1, action.count + 1)]
            names = [f"{stem} {i}" for i in range(1, action.count + 1)]
        if any(len(n) > 200 for n in names):  # the file's bound on names (SPEC: exit 2)
            raise UsageError("add_name_name_holds_most")
        for cid, name in zip(ids, names, strict=True):
            newcomers.append(_fresh(other, id=cid, name=name, hp=other.full_hp))
    else:
        from pbwcombat.model import validate_combatant

        for i, table in enumerate(json.loads(action.roster or "[]")):
            if i < len(action.hit_dice):  # `--roll-hp`: with the encounter's dice, hidden
                hp = max(1, res.dice.roll(action.hit_dice[i]).total)  # as a non-PC's hp are
                table = {**table, "hp": hp, "max_hp": hp}
            c = validate_combatant(table)
            newcomers.append(_fresh(c, status=status_for(c.hp, res.enc.rules.death_at)))
    _check_ids(res, newcomers)
    squares = _squares(res, newcomers, tuple(action.at))
    if len(res.enc.combatants) + len(newcomers) > MAX_COMBATANTS:
        raise UsageError("add_encounter_holds_most_combatants", most=MAX_COMBATANTS)
    if action.initiative and res.enc.state.phase == "setup":
        raise IllegalAction("R-INI-8", "initiative_has_been_rolled_yet")
    for c, sq in zip(newcomers, squares, strict=True):
        c = c.replace(position=sq) if sq is not None else c
        res.emit(ev.Added(c.id, c.display, sq, combatant_document(c)))
    from pbwcombat.references import reference_problems

    problems = reference_problems(res.enc)  # the file was valid: these are the newcomers'
    if problems:  # e.g. a roster's `aware` or `guard:` naming someone absent here
        raise UsageError("add_newcomers_would_leave_file", rule="R-ACT-7",
                         invalid='; '.join(problems))
    if action.initiative:
        from pbwcombat.rules.initiative import place_newcomers

        place_newcomers(res, [res.enc.get(c.id) for c in newcomers])


def _check_ids(res: Resolution, newcomers: list[Combatant]) -> None:
    seen: set[str] = set()
    for c in newcomers:
        if res.enc.find(c.id) is not None or c.id in seen:
            raise UsageError("add_already_used", rule="R-ACT-7", id=c.id)
        if len(c.id) > 64:
            raise UsageError("add_too_long", id=c.id)
        seen.add(c.id)


def _squares(res: Resolution, newcomers: list[Combatant], at: tuple[tuple[int, int], ...]
             ) -> list[tuple[int, int] | None]:
    """R-ACT-7: gridless, no --at (exit 2); on a grid one free square per newcomer."""
    if not res.enc.combatants and not at:
        return [None] * len(newcomers)
    if res.enc.gridless and res.enc.combatants:
        if at:
            raise UsageError("add_this_encounter_gridless", rule="R-ACT-7")
        return [None] * len(newcomers)
    if len(at) != len(newcomers):
        raise UsageError("add_newcomer_need_free_square", rule="R-ACT-7", newcomers=len(newcomers),
                         squares=len(newcomers), given=len(at))
    taken = {c.position: c for c in res.enc.active
             if c.position is not None and c.status != "dead"}
    used: set[tuple[int, int]] = set()
    for sq in at:
        if not all(-100_000 <= v <= 100_000 for v in sq):
            raise UsageError("add_off_board", square=f"({sq[0]},{sq[1]})")
        if sq in taken:
            raise UsageError("add_taken", rule="R-ACT-7", square=f"({sq[0]},{sq[1]})",
                             other=taken[sq].display)
        if sq in used:
            raise UsageError("add_given_twice", rule="R-ACT-7", square=f"({sq[0]},{sq[1]})")
        used.add(sq)
    return list(at)


HANDLES = {Add: add}
