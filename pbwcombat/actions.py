"""Actions: what a command asks for, as values; `dispatch` sends each to its rule module.

Actions are also what `declare` queues (as argument lists) and what `--key` digests."""

from __future__ import annotations

from dataclasses import dataclass

from pbwcombat.engine import Resolution


@dataclass(frozen=True)
class RollInitiative:
    reroll: bool = False


@dataclass(frozen=True)
class Next:
    pass


@dataclass(frozen=True)
class Delay:
    who: str


@dataclass(frozen=True)
class Act:
    who: str


@dataclass(frozen=True)
class End:
    pass


@dataclass(frozen=True)
class Remove:
    who: str


@dataclass(frozen=True)
class Hp:
    targets: tuple[str, ...]
    delta: str


@dataclass(frozen=True)
class FreeRoll:
    expr: str
    who: str | None = None
    reason: str = ""


def dispatch(res: Resolution, action: object) -> None:
    from pbwcombat.rules import hp, initiative, rolls, turns

    match action:
        case RollInitiative(reroll=reroll):
            initiative.roll_initiative(res, reroll)
        case Next():
            turns.next_turn(res)
        case Delay(who=who):
            turns.delay(res, who)
        case Act(who=who):
            turns.act(res, who)
        case End():
            turns.end_by_hand(res)
        case Remove(who=who):
            turns.remove(res, who)
        case Hp(targets=targets, delta=delta):
            hp.gm_hp(res, list(targets), delta)
        case FreeRoll(expr=expr, who=who, reason=reason):
            rolls.free_roll(res, expr, who, reason)
        case _:
            raise TypeError(f"unknown action {action!r}")
