"""Dispatch: each action type and the rule that resolves it, as one typed table.

`apply_action(encounter, action)` checks the ids (usage before rules), then calls the handler
registered for `type(action)`. Each handler is an ordinary, typed function that unpacks its
action and calls its rule module, so "go to definition" leads from a command to its rule.
A new action: an Action in `actions.py`, a handler here, one line in `HANDLERS`.

Each handler imports its rule module itself (an ordinary import, seen by the layer test): a
command loads the rules it uses, not all of them — about 1 ms of start-up per `attack`,
measured with `python -X importtime` (the rule modules' own time: 1.7 ms all, 0.7 ms needed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbwcombat import actions as a
from pbwcombat.dice import DiceSource
from pbwcombat.engine import Resolution
from pbwcombat.model import Encounter


def _roll_initiative(res: Resolution, x: a.RollInitiative) -> None:
    from pbwcombat.rules import initiative

    initiative.roll_initiative(res, x.reroll)


def _next(res: Resolution, x: a.Next) -> None:
    from pbwcombat.rules import orders, turns

    if x.if_idle is None:
        turns.next_turn(res)
    else:  # R-ORD-3: the idle combatant may first act by its orders
        orders.idle_next(res)


def _delay(res: Resolution, x: a.Delay) -> None:
    from pbwcombat.rules import turns

    turns.delay(res, x.who)


def _act(res: Resolution, x: a.Act) -> None:
    from pbwcombat.rules import turns

    turns.act(res, x.who)


def _end(res: Resolution, x: a.End) -> None:
    from pbwcombat.rules import turns

    turns.end_by_hand(res)


def _remove(res: Resolution, x: a.Remove) -> None:
    from pbwcombat.rules import turns

    turns.remove(res, x.who)


def _hp(res: Resolution, x: a.Hp) -> None:
    from pbwcombat.rules import hp

    hp.gm_hp(res, list(x.targets), x.delta)


def _free_roll(res: Resolution, x: a.FreeRoll) -> None:
    from pbwcombat.rules import rolls

    rolls.free_roll(res, x.expr, x.who, x.reason)


def _attack(res: Resolution, x: a.Attack) -> None:
    from pbwcombat.rules import attack

    attack.attack(res, x.attacker, x.target, x.weapon, x.mod, x.on_intercept, x.from_behind)


def _full_attack(res: Resolution, x: a.FullAttack) -> None:
    from pbwcombat.rules import attack

    attack.full_attack(res, x.attacker, list(x.targets), x.weapon, x.mod, x.on_intercept,
                       x.from_behind)


def _move(res: Resolution, x: a.Move) -> None:
    from pbwcombat.rules import movement

    if x.away:
        movement.move_away(res, x.who, x.to_cover)
    else:
        movement.move(res, x.who, list(x.waypoints), x.step, x.run, x.to_cover,
                      withdraw=x.withdraw)


def _take_action(res: Resolution, x: a.TakeAction) -> None:
    from pbwcombat.rules import actions, conditions

    if x.action == a.STAND_UP:  # the built-in action (R-CND-3)
        conditions.stand_up(res, x.who)
        return
    actions.take_action(res, x.who, x.action, list(x.target), x.text or "",
                        x.cost or "standard", x.provokes)


def _add(res: Resolution, x: a.Add) -> None:
    from pbwcombat.rules import newcomers

    newcomers.add(res, x)


def _disengage(res: Resolution, x: a.Disengage) -> None:
    from pbwcombat.rules import movement

    movement.disengage(res, x.who, x.to, x.reckless)


def _intercept(res: Resolution, x: a.Intercept) -> None:
    from pbwcombat.rules import intercept

    intercept.start_guard(res, x.defender, x.ward)


def _condition(res: Resolution, x: a.SetCondition) -> None:
    from pbwcombat.rules import conditions

    conditions.condition(res, list(x.targets), x.name, x.rounds, x.ends, x.of, x.remove)


def _stand_up(res: Resolution, x: a.StandUp) -> None:
    from pbwcombat.rules import conditions

    conditions.stand_up(res, x.who)


def _dice_commit(res: Resolution, x: a.DiceCommit) -> None:
    from pbwcombat.rules import rolls

    rolls.commit_dice(res)


def _dice_salt(res: Resolution, x: a.DiceSalt) -> None:
    from pbwcombat.rules import rolls

    rolls.salt_dice(res, x.salt)


def _declare(res: Resolution, x: a.Declare) -> None:
    from pbwcombat.rules import declared

    declared.declare(res, x.who, list(x.argv))


def _clear_declaration(res: Resolution, x: a.ClearDeclaration) -> None:
    from pbwcombat.rules import declared

    declared.clear(res, x.who)


def _resolve(res: Resolution, x: a.Resolve) -> None:
    from pbwcombat.rules import declared

    declared.resolve_round(res)


def _set_value(res: Resolution, x: a.SetValue) -> None:
    from pbwcombat.rules import gm_set

    gm_set.set_value(res, x.subject, x.key, x.value)


# {action type: handler}. mypy checks each handler against its action's fields; the test
# suite checks that each key is the type its handler takes (tests/test_layers.py).
HANDLERS: dict[type, Callable[[Resolution, Any], None]] = {
    a.RollInitiative: _roll_initiative,
    a.Next: _next,
    a.Delay: _delay,
    a.Act: _act,
    a.End: _end,
    a.Remove: _remove,
    a.Hp: _hp,
    a.FreeRoll: _free_roll,
    a.Attack: _attack,
    a.FullAttack: _full_attack,
    a.Move: _move,
    a.TakeAction: _take_action,
    a.Add: _add,
    a.Disengage: _disengage,
    a.Intercept: _intercept,
    a.SetCondition: _condition,
    a.StandUp: _stand_up,
    a.DiceCommit: _dice_commit,
    a.DiceSalt: _dice_salt,
    a.Declare: _declare,
    a.ClearDeclaration: _clear_declaration,
    a.Resolve: _resolve,
    a.SetValue: _set_value,
}


def dispatch(res: Resolution, action: object, ids_known: bool = False) -> None:
    """Check the ids (exit 2 whatever the state; not when the caller took them from the
    encounter), then resolve `action` by its rule."""
    if not ids_known:
        a.check_ids(res, action)
    # R-AOO-4: this action's declines, and the command's (a declared round, orders)
    no_aoo = getattr(action, "no_aoo", ())
    no_intercept = getattr(action, "no_intercept", ())
    res.no_aoo = res.command_no_aoo.union(no_aoo) if no_aoo else res.command_no_aoo
    res.no_intercept = (res.command_no_intercept.union(no_intercept) if no_intercept
                        else res.command_no_intercept)
    res.declined = set()
    HANDLERS[type(action)](res, action)


def apply_action(enc: Encounter, action: a.Action, dice: DiceSource, now: str,
                 force: bool = False) -> Resolution:
    """Resolve one action; raises IllegalAction/UsageError and leaves `enc` untouched."""
    res = Resolution(enc, dice, now, force, dispatch)
    res.command_no_aoo = frozenset(getattr(action, "no_aoo", ()))
    res.command_no_intercept = frozenset(getattr(action, "no_intercept", ()))
    dispatch(res, action)
    return res
