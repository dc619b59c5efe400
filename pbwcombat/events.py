"""Events: past-tense facts produced by the rules and folded into the state by `evolve`.

Each event carries what the post needs (names, numbers), so a post can be rendered again from
the journal alone (`log`, `--key` repeats). Event types and fields are documented in the
README ("JSON output"). `to_dict`/`from_dict` are their journal and JSON form.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass
from typing import Any

from pbwcombat.dice import Die, Mod, Roll, RolledTerm


@dataclass(frozen=True)
class Event:
    @property
    def type(self) -> str:
        return type(self).__name__


# -- initiative, rounds and turns -------------------------------------------------


@dataclass(frozen=True)
class InitiativeRolled(Event):
    """One unit (a combatant, or a whole group) rolled initiative (R-INI-1/3)."""

    members: tuple[str, ...]
    names: tuple[str, ...]
    group: str
    roll: Roll


@dataclass(frozen=True)
class InitiativeJoined(Event):
    """A newcomer joined its group's existing total without rolling (R-INI-8)."""

    who: str
    name: str
    group: str
    total: int


@dataclass(frozen=True)
class RollOffRolled(Event):
    """A tie roll-off die (R-INI-2)."""

    members: tuple[str, ...]
    names: tuple[str, ...]
    roll: Roll


@dataclass(frozen=True)
class OrderSet(Event):
    order: tuple[str, ...]
    names: tuple[str, ...]
    totals: tuple[int, ...]
    reroll: bool = False


@dataclass(frozen=True)
class CombatStarted(Event):
    surprise: bool
    aware: tuple[str, ...]


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int
    surprise: bool = False


@dataclass(frozen=True)
class TurnStarted(Event):
    who: str
    name: str
    player: str
    round: int
    surprise: bool
    at: str
    deadline: str = ""


@dataclass(frozen=True)
class TurnEnded(Event):
    who: str
    name: str


@dataclass(frozen=True)
class StreakReset(Event):
    """R-DIS-6: the disengage streak went back to 0."""

    who: str
    name: str


@dataclass(frozen=True)
class TurnSkipped(Event):
    """A combatant that cannot act was passed over (R-TRN-4)."""

    who: str
    name: str
    reason: str


@dataclass(frozen=True)
class Delayed(Event):
    who: str
    name: str


@dataclass(frozen=True)
class DelayEnded(Event):
    """A delaying combatant takes its turn; `after` is who it now follows in the order."""

    who: str
    name: str
    order: tuple[str, ...]


@dataclass(frozen=True)
class CombatEnded(Event):
    winner: str
    rounds: int
    fallen: tuple[str, ...]
    by_hand: bool = False


# -- hit points --------------------------------------------------------------------


@dataclass(frozen=True)
class HpChanged(Event):
    """Hit points moved; `cause` is a catalogue key: damage, healing, gm, bleed, strain."""

    who: str
    name: str
    pc: bool
    before: int
    hp: int
    max_hp: int
    status_before: str
    status: str
    cause: str


@dataclass(frozen=True)
class GmHpRolled(Event):
    """The GM's damage or healing roll, once for all targets (R-HP-5)."""

    expr: str
    roll: Roll
    targets: tuple[str, ...]
    names: tuple[str, ...]


@dataclass(frozen=True)
class BleedRolled(Event):
    """R-HP-4: 1d100 at the start of a dying combatant's turn; 1-10 stabilises."""

    who: str
    name: str
    roll: Roll
    stabilized: bool


@dataclass(frozen=True)
class Stabilized(Event):
    who: str
    name: str


@dataclass(frozen=True)
class FreeRolled(Event):
    who: str
    name: str
    expr: str
    roll: Roll
    reason: str


@dataclass(frozen=True)
class Removed(Event):
    who: str
    name: str


# -- actions and attacks ---------------------------------------------------------------


@dataclass(frozen=True)
class ActionSpent(Event):
    """What the acting combatant spent (R-TRN-3): standard, move, double, full, step, extended."""

    who: str
    kind: str


@dataclass(frozen=True)
class AttackRolled(Event):
    """An attack roll; `kind` is attack, aoo (R-AOO) or free (R-DIS-7)."""

    attacker: str
    attacker_name: str
    target: str
    target_name: str
    weapon: str
    weapon_name: str
    kind: str
    roll: Roll
    defense: int
    flat_footed: bool
    hit: bool
    threat: bool


@dataclass(frozen=True)
class CriticalConfirmRolled(Event):
    attacker: str
    target: str
    roll: Roll
    defense: int
    confirmed: bool


@dataclass(frozen=True)
class DamageRolled(Event):
    attacker: str
    target: str
    target_name: str
    roll: Roll
    amount: int
    critical: bool
    multiplier: int


@dataclass(frozen=True)
class AmmoSpent(Event):
    who: str
    weapon: str
    left: int


@dataclass(frozen=True)
class AttackRecorded(Event):
    """Bookkeeping for R-DIS-2: `attacker` made an attack roll against `target`."""

    attacker: str
    target: str


@dataclass(frozen=True)
class AttackRefused(Event):
    """A provoked act that did not go on (the attacker fell, an interception forfeited it)."""

    who: str
    name: str
    reason: str


# -- movement, engagement, interception ------------------------------------------------


@dataclass(frozen=True)
class Moved(Event):
    who: str
    name: str
    start: tuple[int, int]
    path: tuple[tuple[int, int], ...]
    cost: int
    run: bool = False
    step: bool = False


@dataclass(frozen=True)
class MovedAway(Event):
    """Gridless movement (R-GEO-5)."""

    who: str
    name: str


@dataclass(frozen=True)
class MoveStopped(Event):
    who: str
    name: str
    at: tuple[int, int] | None
    reason: str


@dataclass(frozen=True)
class Engaged(Event):
    a: str
    a_name: str
    b: str
    b_name: str
    missile: bool


@dataclass(frozen=True)
class Disengaged(Event):
    a: str
    a_name: str
    b: str
    b_name: str
    missile: bool


@dataclass(frozen=True)
class DefenseTotalRolled(Event):
    who: str
    name: str
    roll: Roll
    streak: int


@dataclass(frozen=True)
class AttackTotalRolled(Event):
    who: str
    name: str
    against: str
    roll: Roll


@dataclass(frozen=True)
class DisengageResolved(Event):
    """Outcome of a disengage attempt; `auto` names the R-DIS-4 case when no dice were rolled."""

    who: str
    name: str
    success: bool
    auto: str
    opponents: tuple[str, ...]
    reckless: bool = False
    streak: int = 0


@dataclass(frozen=True)
class GuardStarted(Event):
    defender: str
    defender_name: str
    ward: str
    ward_name: str


@dataclass(frozen=True)
class GuardEnded(Event):
    defender: str
    defender_name: str


@dataclass(frozen=True)
class PriorityRolled(Event):
    """An Action Priority Total (R-INT-2)."""

    who: str
    name: str
    roll: Roll


@dataclass(frozen=True)
class InterceptResolved(Event):
    defender: str
    defender_name: str
    enemy: str
    enemy_name: str
    ward: str
    ward_name: str
    won: bool
    missile: bool
    forfeit: bool = False


@dataclass(frozen=True)
class Declared(Event):
    who: str
    name: str
    action: tuple[str, ...]


@dataclass(frozen=True)
class DeclarationCleared(Event):
    who: str
    name: str


@dataclass(frozen=True)
class DeclarationTaken(Event):
    """A declared action is being resolved (its own events tell the story)."""

    who: str


@dataclass(frozen=True)
class DeclarationSkipped(Event):
    who: str
    name: str
    action: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class DiceSalted(Event):
    salt: str


@dataclass(frozen=True)
class DiceCommitted(Event):
    commitment: str
    algorithm: str


# -- (de)serialisation ------------------------------------------------------------------

REGISTRY: dict[str, type[Event]] = {
    cls.__name__: cls
    for cls in list(globals().values())
    if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event
}


def to_dict(event: Event) -> dict[str, Any]:
    return {"type": event.type, **dataclasses.asdict(event)}


def _roll(d: dict[str, Any]) -> Roll:
    terms = tuple(
        RolledTerm(t["sign"], t["count"], t["sides"],
                   tuple(Die(x["sides"], x["face"], x["n"]) for x in t["dice"]))
        for t in d["terms"]
    )
    return Roll(terms, tuple(Mod(m["value"], m["note"]) for m in d["mods"]), d["total"])


def _revive(hint: Any, value: Any) -> Any:
    if value is None:
        return None
    if hint is Roll:
        return _roll(value)
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(hint) if a is not type(None)]
        return _revive(inner[0], value)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_revive(args[0], v) for v in value)
        return tuple(_revive(a, v) for a, v in zip(args, value, strict=False))
    return value


_HINTS: dict[str, dict[str, Any]] = {}


def _hints(cls: type[Event]) -> dict[str, Any]:
    if cls.__name__ not in _HINTS:
        _HINTS[cls.__name__] = typing.get_type_hints(cls)
    return _HINTS[cls.__name__]


def from_dict(data: dict[str, Any]) -> Event:
    cls = REGISTRY[data["type"]]
    hints = _hints(cls)
    kwargs = {f.name: _revive(hints[f.name], data[f.name])
              for f in dataclasses.fields(cls) if f.name in data}
    return cls(**kwargs)
