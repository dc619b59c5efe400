"""Events: past-tense facts produced by the rules and folded into the state by `evolve`.

Each event carries what the post needs (names, numbers), so a post can be rendered again from
the journal alone (`log`, `--key` repeats). Event types and fields are documented in the
README ("JSON output"). `to_dict`/`from_dict` are their journal and JSON form.
"""

import types
import typing
from typing import Any, NamedTuple, TypeAlias

from pbwcombat.dice import Die, Mod, Roll, RolledTerm

# Events are NamedTuples: about ten times cheaper to define than dataclasses, and the CLI
# defines all of them at every start.
Event: TypeAlias = tuple[Any, ...]


def event_type(event: Event) -> str:
    return type(event).__name__


# -- initiative, rounds and turns -------------------------------------------------


class InitiativeRolled(NamedTuple):
    """One unit (a combatant, or a whole group) rolled initiative (R-INI-1/3)."""

    members: tuple[str, ...]
    names: tuple[str, ...]
    group: str
    roll: Roll


class InitiativeJoined(NamedTuple):
    """A newcomer joined its group's existing total without rolling (R-INI-8)."""

    who: str
    name: str
    group: str
    total: int


class RollOffRolled(NamedTuple):
    """A tie roll-off die (R-INI-2)."""

    members: tuple[str, ...]
    names: tuple[str, ...]
    roll: Roll


class OrderSet(NamedTuple):
    order: tuple[str, ...]
    names: tuple[str, ...]
    totals: tuple[int, ...]
    reroll: bool = False


class CombatStarted(NamedTuple):
    surprise: bool
    aware: tuple[str, ...]


class RoundStarted(NamedTuple):
    round: int
    surprise: bool = False


class TurnStarted(NamedTuple):
    who: str
    name: str
    player: str
    round: int
    surprise: bool
    at: str
    deadline: str = ""


class TurnEnded(NamedTuple):
    who: str
    name: str


class StreakReset(NamedTuple):
    """R-DIS-6: the disengage streak went back to 0."""

    who: str
    name: str


class TurnSkipped(NamedTuple):
    """A combatant that cannot act was passed over (R-TRN-4)."""

    who: str
    name: str
    reason: str


class Delayed(NamedTuple):
    who: str
    name: str


class DelayEnded(NamedTuple):
    """A delaying combatant takes its turn; `after` is who it now follows in the order."""

    who: str
    name: str
    order: tuple[str, ...]


class CombatEnded(NamedTuple):
    winner: str
    rounds: int
    fallen: tuple[str, ...]
    by_hand: bool = False


# -- hit points --------------------------------------------------------------------


class HpChanged(NamedTuple):
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


class GmHpRolled(NamedTuple):
    """The GM's damage or healing roll, once for all targets (R-HP-5)."""

    expr: str
    roll: Roll
    targets: tuple[str, ...]
    names: tuple[str, ...]


class BleedRolled(NamedTuple):
    """R-HP-4: 1d100 at the start of a dying combatant's turn; 1-10 stabilises."""

    who: str
    name: str
    roll: Roll
    stabilized: bool


class Stabilized(NamedTuple):
    who: str
    name: str


class FreeRolled(NamedTuple):
    who: str
    name: str
    expr: str
    roll: Roll
    reason: str


class Removed(NamedTuple):
    who: str
    name: str


# -- actions and attacks ---------------------------------------------------------------


class ActionSpent(NamedTuple):
    """What the acting combatant spent (R-TRN-3): standard, move, double, full, step, extended."""

    who: str
    kind: str


class AttackRolled(NamedTuple):
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


class CriticalConfirmRolled(NamedTuple):
    attacker: str
    target: str
    roll: Roll
    defense: int
    confirmed: bool


class DamageRolled(NamedTuple):
    attacker: str
    target: str
    target_name: str
    roll: Roll
    amount: int
    critical: bool
    multiplier: int


class AmmoSpent(NamedTuple):
    who: str
    weapon: str
    weapon_name: str
    left: int


class AttackRecorded(NamedTuple):
    """Bookkeeping for R-DIS-2: `attacker` made an attack roll against `target`."""

    attacker: str
    target: str


class AttackRefused(NamedTuple):
    """A provoked act that did not go on (the attacker fell, an interception forfeited it)."""

    who: str
    name: str
    reason: str


# -- movement, engagement, interception ------------------------------------------------


class Moved(NamedTuple):
    who: str
    name: str
    start: tuple[int, int]
    path: tuple[tuple[int, int], ...]
    cost: int
    run: bool = False
    step: bool = False


class MovedAway(NamedTuple):
    """Gridless movement (R-GEO-5)."""

    who: str
    name: str


class MoveStopped(NamedTuple):
    who: str
    name: str
    at: tuple[int, int] | None
    reason: str


class Engaged(NamedTuple):
    a: str
    a_name: str
    b: str
    b_name: str
    missile: bool


class Disengaged(NamedTuple):
    a: str
    a_name: str
    b: str
    b_name: str
    missile: bool


class DefenseTotalRolled(NamedTuple):
    who: str
    name: str
    roll: Roll
    streak: int


class AttackTotalRolled(NamedTuple):
    who: str
    name: str
    against: str
    roll: Roll


class DisengageResolved(NamedTuple):
    """Outcome of a disengage attempt; `auto` names the R-DIS-4 case when no dice were rolled."""

    who: str
    name: str
    success: bool
    auto: str
    opponents: tuple[str, ...]
    reckless: bool = False
    streak: int = 0


class GuardStarted(NamedTuple):
    defender: str
    defender_name: str
    ward: str
    ward_name: str


class GuardEnded(NamedTuple):
    defender: str
    defender_name: str


class PriorityRolled(NamedTuple):
    """An Action Priority Total (R-INT-2)."""

    who: str
    name: str
    roll: Roll


class InterceptResolved(NamedTuple):
    defender: str
    defender_name: str
    enemy: str
    enemy_name: str
    ward: str
    ward_name: str
    won: bool
    missile: bool
    forfeit: bool = False
    movement: bool = False


class Declared(NamedTuple):
    who: str
    name: str
    action: tuple[str, ...]


class DeclarationCleared(NamedTuple):
    who: str
    name: str


class DeclarationTaken(NamedTuple):
    """A declared action is being resolved (its own events tell the story)."""

    who: str


class DeclarationSkipped(NamedTuple):
    who: str
    name: str
    action: tuple[str, ...]
    reason: str


class DiceSalted(NamedTuple):
    salt: str


class DiceCommitted(NamedTuple):
    commitment: str
    algorithm: str


# -- (de)serialisation ------------------------------------------------------------------

REGISTRY: dict[str, type] = {
    name: cls for name, cls in list(globals().items())
    if isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_fields")
    and cls.__module__ == __name__
}


def plain(value: Any) -> Any:
    """NamedTuples (events, rolls, dice) as dicts, recursively: their JSON form."""
    if hasattr(value, "_asdict"):
        return {k: plain(v) for k, v in value._asdict().items()}
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    return value


def to_dict(event: Event) -> dict[str, Any]:
    return {"type": event_type(event), **plain(event)}


def _roll(d: dict[str, Any]) -> Roll:
    terms = tuple(
        RolledTerm(t["sign"], t["number"], t["sides"],
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


def _hints(cls: type) -> dict[str, Any]:
    if cls.__name__ not in _HINTS:
        _HINTS[cls.__name__] = typing.get_type_hints(cls)
    return _HINTS[cls.__name__]


def from_dict(data: dict[str, Any]) -> Event:
    cls = REGISTRY[data["type"]]
    hints = _hints(cls)
    fields: tuple[str, ...] = getattr(cls, "_fields")  # noqa: B009
    kwargs = {name: _revive(hints[name], data[name]) for name in fields if name in data}
    event: Event = cls(**kwargs)
    return event
