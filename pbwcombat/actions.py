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


@dataclass(frozen=True)
class Attack:
    attacker: str
    target: str
    weapon: str | None = None
    mod: int = 0
    on_intercept: str = "redirect"
    from_behind: bool = False


@dataclass(frozen=True)
class Move:
    who: str
    waypoints: tuple[tuple[int, int], ...] = ()
    step: bool = False
    run: bool = False
    to_cover: bool = False
    away: bool = False


@dataclass(frozen=True)
class Disengage:
    who: str
    to: tuple[int, int] | None = None
    reckless: bool = False


@dataclass(frozen=True)
class Intercept:
    defender: str
    ward: str


def dispatch(res: Resolution, action: object) -> None:
    from pbwcombat.rules import (
        attack,
        disengage,
        hp,
        initiative,
        intercept,
        movement,
        rolls,
        turns,
    )

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
        case Attack():
            attack.attack(res, action.attacker, action.target, action.weapon, action.mod,
                          action.on_intercept, action.from_behind)
        case Move(away=True):
            movement.move_away(res, action.who, action.to_cover)
        case Move():
            movement.move(res, action.who, list(action.waypoints), action.step, action.run,
                          action.to_cover)
        case Disengage():
            disengage.disengage(res, action.who, action.to, action.reckless)
        case Intercept():
            intercept.start_guard(res, action.defender, action.ward)
        case _:
            raise TypeError(f"unknown action {action!r}")
