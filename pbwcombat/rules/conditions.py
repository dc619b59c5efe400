"""Conditions (R-CND): putting them on and off, their durations, and the built-in `stand-up`.

Other rule modules apply a condition through `apply_condition` (an action's condition on the
targets that failed their save, R-ACT-3(d)). What a condition does is a row of
`rules.effects.EFFECTS`, read as folds (`Combatant.can_act`, `unable_by`, `is_flat_footed`,
`counts_as_down`; the Defense in `attack_roll.effective_defense`).
"""

from __future__ import annotations

import re

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction, UsageError
from pbwcombat.forms import ID_PATTERN
from pbwcombat.model import Combatant
from pbwcombat.rules.allowance import check_move_action, require_actor
from pbwcombat.rules.aoo import provoke_in_place
from pbwcombat.rules.effects import held
from pbwcombat.rules.engagement import release_fallen

_SLUG_MAX = 64


def _gender(c: Combatant) -> str:
    return str(getattr(c, "gender", "m") or "m")


def check_name(name: str) -> str:
    """A condition name is a slug (R-CND-1): lower-case letters, digits, `-` and `_`."""
    if not re.match(ID_PATTERN, name) or len(name) > _SLUG_MAX:
        raise UsageError("not_condition_name", name=name)
    return name


def apply_condition(res: Resolution, who: str, name: str, rounds: int | None = None,
                    ends: str = "start", of: str | None = None) -> None:
    """Put condition `name` on `who` (R-CND-1/2), replacing the duration it had. With
    `rounds` it ends at the start (or end) of the `rounds`-th next turn of `of` (default:
    whoever's turn it is; outside any turn, `who` itself)."""
    c = res.enc.get(who)
    replaced = name in c.conditions
    if rounds is None:
        res.emit(ev.ConditionApplied(who, c.display, name, None, "", "", "", replaced,
                                     _gender(c)))
    else:
        clock = of or res.enc.state.turn or who
        res.emit(ev.ConditionApplied(who, c.display, name, rounds, ends, clock,
                                     res.enc.get(clock).display, replaced, _gender(c)))
    release_fallen(res, who)  # R-ENG-6: prone, helpless or unable to act: engagements end


def remove_condition(res: Resolution, who: str, name: str, reason: str,
                     of_name: str = "") -> None:
    c = res.enc.get(who)
    res.emit(ev.ConditionRemoved(who, c.display, name, reason, of_name, _gender(c)))


def condition(res: Resolution, targets: list[str], name: str, rounds: int | None,
              ends: str | None, of: str | None, remove: bool) -> None:
    """`condition WHO[,WHO…] NAME [--rounds N] [--ends start|end] [--of ID]` and
    `condition WHO NAME --remove` (R-CND-1)."""
    check_name(name)
    if remove and (rounds is not None or ends is not None or of is not None):
        raise UsageError("remove_takes_rounds_ends")
    if rounds is None and (ends is not None or of is not None):
        raise UsageError("ends_need_rounds_n")
    if rounds is not None and rounds > 1_000_000:  # the file's bound on `turns` (SPEC: 2)
        raise UsageError("rounds_more_than_turns", rounds=rounds)
    if rounds is not None and rounds < 1:
        raise UsageError("rounds_not_number_turns_more", rounds=rounds)
    if ends not in (None, "start", "end"):
        raise UsageError("not_one_of", flag="--ends", value=repr(ends), choices="start, end")
    people = [res.combatant(t) for t in dict.fromkeys(targets)]
    if of is not None:
        res.combatant(of)
    res.require_not_ended()
    for p in people:
        if remove:
            if name not in p.conditions:
                raise IllegalAction("R-CND-1",
                                    "does_not_have_condition", name=p.display, condition=name)
            remove_condition(res, p.id, name, "removed")
        else:
            apply_condition(res, p.id, name, rounds, ends or "start", of)


# -- durations (R-CND-2/4) ------------------------------------------------------------------


def _holders(res: Resolution) -> list[Combatant]:
    """Combatants whose conditions run: the dead and the removed keep theirs silently."""
    enc = res.enc
    ids: tuple[str, ...] = enc.fact("condition holders", _holder_ids)
    return [enc.get(cid) for cid in ids] if ids else []


def _holder_ids(combatants: tuple[Combatant, ...]) -> tuple[str, ...]:
    return tuple([c.id for c in combatants
                  if c.conditions and not c.removed and c.status != "dead"])


def tick_turn_start(res: Resolution, who: str) -> None:
    """R-CND-2: a turn start of `who`: each duration counted on it drops by one; those that
    reach 0 and end at the start of the turn end now."""
    for c in _holders(res):
        for name, cond in list(c.conditions.items()):
            if cond.of != who or cond.turns is None or cond.turns <= 0:
                continue
            left = cond.turns - 1
            res.emit(ev.ConditionTicked(c.id, name, left))
            if left == 0 and cond.ends == "start":
                remove_condition(res, c.id, name, "expired")


def expire_turn_end(res: Resolution, who: str, taken: bool = True) -> None:
    """R-CND-2: at the end of `who`'s turn (taken or skipped), durations at 0 that end at the
    end of it end."""
    for c in _holders(res):
        for name, cond in list(c.conditions.items()):
            if cond.of == who and cond.turns == 0 and cond.ends == "end":
                remove_condition(res, c.id, name, "expired")


def expire_orphans(res: Resolution) -> None:
    """R-CND-4: at the start of a round, durations whose `of` combatant is dead or removed
    end."""
    for c in _holders(res):
        for name, cond in list(c.conditions.items()):
            if cond.of is None:
                continue
            clock = res.enc.find(cond.of)
            if clock is None or clock.removed or clock.status == "dead":
                remove_condition(res, c.id, name, "of_gone",
                                 clock.display if clock is not None else cond.of)


# -- the built-in stand-up action (R-CND-3) --------------------------------------------------


def stand_up(res: Resolution, who: str) -> None:
    """`stand-up`: a move action that provokes (R-ACT-2) and removes `prone`. The provoked
    AoOs come first, in initiative order; an actor dropped to hp ≤ 0 stays down (the move
    action is spent either way)."""
    me = require_actor(res, who)
    ends = held(me.conditions).stand_up_ends
    if not ends:
        raise IllegalAction("R-CND-3", "not_prone", name=me.display)
    check_move_action(res, me)  # a move action, but no movement: a 5-ft step allows it
    res.emit(ev.ActionSpent(who, "move"))
    if me.disengage_streak:
        res.emit(ev.StreakReset(who, me.display))  # R-DIS-6: an action other than moving
    if provoke_in_place(res, who):
        for name in ends:
            remove_condition(res, who, name, "stood")


def _condition(res: Resolution, x: act.SetCondition) -> None:
    condition(res, list(x.targets), x.name, x.rounds, x.ends, x.of, x.remove)


def _stand_up(res: Resolution, x: act.StandUp) -> None:
    stand_up(res, x.who)


HANDLES = {act.SetCondition: _condition, act.StandUp: _stand_up}
ON_ROUND_START = (expire_orphans,)  # R-CND-4
ON_TURN_START = (tick_turn_start,)  # R-CND-2: before anything else
ON_TURN_END = (expire_turn_end,)
