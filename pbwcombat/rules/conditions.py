"""Conditions (R-CND): putting them on and off, their durations, and the built-in `stand-up`.

Other rule modules apply a condition through `apply_condition` (an action's condition on the
targets that failed their save, R-ACT-3(d)). What a condition does is a row of
`rules.effects.EFFECTS`, read as folds (`Combatant.can_act`, `unable_by`, `is_flat_footed`,
`counts_as_down`; the Defense in `attack_roll.effective_defense`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat.dice import Mod, is_dice_expression
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction, UsageError
from pbwcombat.forms import ID_PATTERN
from pbwcombat.model import CONDITIONS, REMOVED, STATUS, Combatant, Condition, Encounter
from pbwcombat.rules.allowance import check_move_action, require_actor
from pbwcombat.rules.aoo import provoke_in_place
from pbwcombat.rules.damage import reduce_damage
from pbwcombat.rules.effects import COVER, held, save_mods
from pbwcombat.rules.engagement import release_fallen
from pbwcombat.rules.hp import deal
from pbwcombat.traits import CUSTOM_MODS, ENERGY, parse_save

_SLUG_MAX = 64


def _gender(c: Combatant) -> str:
    return str(getattr(c, "gender", "m") or "m")


def check_name(name: str) -> str:
    """A condition name is a slug (R-CND-1): lower-case letters, digits, `-` and `_`."""
    if not re.match(ID_PATTERN, name) or len(name) > _SLUG_MAX:
        raise UsageError("not_condition_name", name=name)
    return name


def apply_condition(res: Resolution, who: str, name: str, rounds: int | None = None,
                    ends: str = "start", of: str | None = None,
                    extra: Mapping[str, Any] | None = None,
                    until_moves: bool = False) -> None:
    """Put condition `name` on `who` (R-CND-1/2), replacing the duration it had. With
    `rounds` it ends at the start (or end) of the `rounds`-th next turn of `of` (default:
    whoever's turn it is; outside any turn, `who` itself). `extra`: what its entry holds
    besides (`traits.CONDITION_FIELDS`: save, damage, energy, by, custom modifiers)."""
    c = res.enc.get(who)
    replaced = name in c.conditions
    given = {k: v for k, v in (extra or {}).items() if v}
    until_moves = until_moves or name == COVER  # R-CIR-3: cover, however given, `ends = "move"`
    if rounds is None:  # until removed (`until_moves`: until it next moves, R-CIR-3)
        res.emit(ev.ConditionApplied(who, c.display, name, None, "move" if until_moves else "",
                                     "", "", replaced, _gender(c), **given))
    else:
        clock = of or res.enc.state.turn or who
        res.emit(ev.ConditionApplied(who, c.display, name, rounds, ends, clock,
                                     res.enc.get(clock).display, replaced, _gender(c),
                                     **given))
    release_fallen(res, who)  # R-ENG-6: prone, helpless or unable to act: engagements end


def remove_condition(res: Resolution, who: str, name: str, reason: str,
                     of_name: str = "") -> None:
    c = res.enc.get(who)
    res.emit(ev.ConditionRemoved(who, c.display, name, reason, of_name, _gender(c)))


def check_extra(extra: Mapping[str, Any]) -> dict[str, Any]:
    """R-CND-6/7/10 options of `condition`: `--save KIND:DC`, `--damage EXPR`, `--energy
    KIND` (needs `--damage`), `--by ID`, the custom modifiers; exit 2 naming the option."""
    given = {k: v for k, v in extra.items() if v}
    if "save" in given:
        try:
            parse_save(given["save"])
        except ValueError:
            raise UsageError("not_save_kind_dc", rule="R-CND-6", value=given["save"]) from None
    if "damage" in given and not is_dice_expression(given["damage"]):
        raise UsageError("damage_not_dice_expression", rule="R-CND-6", value=given["damage"])
    if "energy" in given:
        if "damage" not in given:
            raise UsageError("energy_needs_damage", rule="R-CND-6")
        if given["energy"] not in ENERGY:
            raise UsageError("energy_not_energy_kind", rule="R-HP-8", energy=given["energy"],
                             kinds=", ".join(ENERGY))
    for key in CUSTOM_MODS:
        if key in given and not -100 <= given[key] <= 100:
            raise UsageError("custom_mod_out_of_bounds", rule="R-CND-10",
                             flag="--" + key.replace("_", "-"), value=given[key])
    return given


def condition(res: Resolution, targets: list[str], name: str, rounds: int | None,
              ends: str | None, of: str | None, remove: bool,
              extra: Mapping[str, Any] | None = None) -> None:
    """`condition WHO[,WHO…] NAME [--rounds N] [--ends start|end] [--of ID] [--save KIND:DC]
    [--damage EXPR [--energy KIND]] [--by ID] [--attack N …]` and `condition WHO NAME
    --remove` (R-CND-1, R-CND-6/7/10)."""
    check_name(name)
    given = check_extra(extra or {})
    if remove and (rounds is not None or ends is not None or of is not None):
        raise UsageError("remove_takes_rounds_ends")
    if remove and given:
        raise UsageError("remove_takes_condition_options")
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
    if "by" in given:
        res.combatant(given["by"])
    res.require_not_ended()
    for p in people:
        if remove:
            if name not in p.conditions:
                raise IllegalAction("R-CND-1",
                                    "does_not_have_condition", name=p.display, condition=name)
            remove_condition(res, p.id, name, "removed")
        else:
            apply_condition(res, p.id, name, rounds, ends or "start", of, given)


# -- durations (R-CND-2/4) ------------------------------------------------------------------


def _holders(res: Resolution) -> list[Combatant]:
    """Combatants whose conditions run: the dead and the removed keep theirs silently."""
    enc = res.enc
    ids: tuple[str, ...] = enc.fact("condition holders", _holder_ids,
                                     CONDITIONS | REMOVED | STATUS, _patch_holders)
    return [enc.get(cid) for cid in ids] if ids else []


def _runs_conditions(c: Combatant) -> bool:
    return bool(c.conditions) and not c.removed and c.status != "dead"


def _holder_ids(combatants: tuple[Combatant, ...]) -> tuple[str, ...]:
    return tuple([c.id for c in combatants if _runs_conditions(c)])


def _patch_holders(ids: tuple[str, ...], enc: Encounter, i: int, before: Combatant,
                   after: Combatant) -> tuple[str, ...] | None:
    """`_holder_ids` after one combatant's change: the same while it stays in or out (a
    fall without conditions in a crowd had everyone read again, issue 29); one that leaves
    leaves the list; one that joins has it worked out again."""
    was, now = _runs_conditions(before), _runs_conditions(after)
    if was == now:
        return ids
    return tuple([x for x in ids if x != after.id]) if was else None


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


# -- save ends and ongoing damage (R-CND-6) ---------------------------------------------------


def _entries_with(res: Resolution, who: str, key: str
                  ) -> Iterator[tuple[str, Condition, Combatant]]:
    """`who`'s conditions whose entry sets `key`, in the order they were put on, each as
    (name, entry, the holder now) while the holder is alive and still holds it (an earlier
    one may have ended it, or killed the holder: the dead take no more damage, roll no
    saves)."""
    first = res.enc.get(who)
    if not first.conditions or first.removed:
        return
    for name, cond in list(first.conditions.items()):
        if getattr(cond, key) is None:
            continue
        now = res.enc.get(who)
        if now.status == "dead":
            return
        if name in now.conditions:
            yield name, cond, now


def ongoing_damage(res: Resolution, who: str) -> None:
    """R-CND-6: at the start of each of its turns (a skipped one included), before anything
    else, `who` takes each held condition's `damage`, in the order they were put on: rolled,
    untyped unless the entry gives `energy` (then R-HP-8's resistance and immunity), absorbed
    by temporary hp, then R-HP thresholds."""
    for name, cond, now in _entries_with(res, who, "damage"):
        assert cond.damage is not None
        roll = res.dice.roll(cond.damage)
        res.emit(ev.OngoingDamageRolled(who, now.display, name, roll, cond.energy or "",
                                        _gender(now)))
        amount = reduce_damage(res, who, max(roll.total, 0), None, cond.energy)
        deal(res, who, amount, False, "ongoing")


def end_of_turn_saves(res: Resolution, who: str, taken: bool = True) -> None:
    """R-CND-6: at the end of each of its turns (a skipped one included), `who` rolls each
    held condition's `save`, in the order they were put on: 1d20 + `saves.KIND` + every held
    condition's save modifiers (the saved-against one's included), natural 20 succeeds,
    natural 1 fails (R-ACT-3); success ends the condition."""
    for name, cond, now in _entries_with(res, who, "save"):
        assert cond.save is not None
        kind, dc = parse_save(cond.save)
        roll = res.dice.d20(Mod(now.save_bonus(kind), kind), *save_mods(now.affecting))
        n = roll.natural
        success = n != 1 and (n == 20 or roll.total >= dc)
        res.emit(ev.SaveRolled(who, now.display, kind, roll, dc, success, name, _gender(now)))
        if success:
            remove_condition(res, who, name, "saved")


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


def end_on_move(res: Resolution, who: str) -> None:
    """R-CIR-3: conditions held until the holder next moves (`ends = "move"`, the cover
    `--to-cover` gives) end when it starts moving (a 5-ft step and `disengage --to` too)."""
    for name, cond in list(res.enc.get(who).conditions.items()):
        if cond.ends == "move":
            remove_condition(res, who, name, "moved")


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
    extra = {"save": x.save, "damage": x.damage, "energy": x.energy, "by": x.by,
             "attack": x.attack, "defense": x.defense, "saves": x.saves,
             "damage_bonus": x.damage_bonus}
    condition(res, list(x.targets), x.name, x.rounds, x.ends, x.of, x.remove, extra)


def _stand_up(res: Resolution, x: act.StandUp) -> None:
    stand_up(res, x.who)


HANDLES = {act.SetCondition: _condition, act.StandUp: _stand_up}
ON_ROUND_START = (expire_orphans,)  # R-CND-4
ON_TURN_START = (ongoing_damage, tick_turn_start)  # R-CND-6, then R-CND-2 (Clarifications)
ON_TURN_END = (expire_turn_end, end_of_turn_saves)
