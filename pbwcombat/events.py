"""Events: past-tense facts produced by the rules and folded into the state by `evolve`.

Each event carries what the post needs (names, numbers), so a post can be rendered again from
the journal alone (`log`, `--key` repeats). Event types and fields are documented in
docs/dev/json-events.md. `to_dict`/`from_dict` are their journal and JSON form.
"""

import types
import typing
from typing import Any

from pbwcombat.dice import Die, Mod, Roll, RolledTerm
from pbwcombat.frozen import Value


class Event(Value):
    """A fact the rules emitted: every event class below is one (a `Value`, cheap to define
    at every start). Its type says what happened; `evolve.FOLDS` folds it into the state and
    `render.narrate.NARRATION` tells it."""


def event_type(event: Event) -> str:
    return type(event).__name__


# -- initiative, rounds and turns -------------------------------------------------


class InitiativeRolled(Event):
    """One unit (a combatant, or a whole group) rolled initiative (R-INI-1/3)."""

    members: tuple[str, ...]
    names: tuple[str, ...]
    group: str
    roll: Roll


class InitiativeJoined(Event):
    """A newcomer joined its group's existing total without rolling (R-INI-8)."""

    who: str
    name: str
    group: str
    total: int


class RollOffRolled(Event):
    """A tie roll-off die (R-INI-2)."""

    members: tuple[str, ...]
    names: tuple[str, ...]
    roll: Roll


class OrderSet(Event):
    order: tuple[str, ...]
    names: tuple[str, ...]
    totals: tuple[int, ...]
    reroll: bool = False


class CombatStarted(Event):
    """`aware`: who acts in the surprise round (R-INI-4), `names` theirs (absent in 0.1)."""

    surprise: bool
    aware: tuple[str, ...]
    names: tuple[str, ...] = ()


class RoundStarted(Event):
    """A round begins; `restart`: `--reroll` restarts the current round (R-INI-8)."""

    round: int
    surprise: bool = False
    restart: bool = False


class TurnStarted(Event):
    """A turn starts; with shared group turns (R-INI-3) `who` is the first member that can
    act, `group` names the group and `members`/`names`/`players` list every member acting."""

    who: str
    name: str
    player: str
    round: int
    surprise: bool
    at: str
    deadline: str = ""
    group: str = ""
    members: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    players: tuple[str, ...] = ()
    absent: str = ""  # R-PAC-2: "absent until …" (UTC text); its player is not mentioned


class TurnEnded(Event):
    who: str
    name: str


class MadeFlatFooted(Event):
    """Newcomers are flat-footed until their first regular turn (R-INI-5)."""

    who: tuple[str, ...]
    names: tuple[str, ...] = ()  # absent in journals written by 0.1


class StreakReset(Event):
    """R-DIS-6: the disengage streak went back to 0; `idle`: because a turn passed without
    an attempt (else an action ended it: an attack, an intercept, an action)."""

    who: str
    name: str
    idle: bool = False


class TurnSkipped(Event):
    """A combatant that cannot act was passed over (R-TRN-4)."""

    who: str
    name: str
    reason: str
    pc: bool = True


class Delayed(Event):
    who: str
    name: str


class DelayEnded(Event):
    """A delaying combatant takes its turn; `after` is who it now follows in the order."""

    who: str
    name: str
    order: tuple[str, ...]


class CombatEnded(Event):
    winner: str
    rounds: int
    fallen: tuple[str, ...]
    by_hand: bool = False


# -- hit points --------------------------------------------------------------------


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
    nonlethal: int = 0  # R-HP-7: the nonlethal total it is measured against (shown beside hp)
    asked: int = 0  # healing that would have passed max_hp: the amount asked (issue 25)


class GmHpRolled(Event):
    """The GM's damage or healing roll, once for all targets (R-HP-5)."""

    expr: str
    roll: Roll
    targets: tuple[str, ...]
    names: tuple[str, ...]


class BleedRolled(Event):
    """R-HP-4: 1d100 at the start of a dying combatant's turn; 1-10 stabilises."""

    who: str
    name: str
    roll: Roll
    stabilized: bool


class Stabilized(Event):
    who: str
    name: str


class FreeRolled(Event):
    who: str
    name: str
    expr: str
    roll: Roll
    reason: str


class Added(Event):
    """R-ACT-7: a newcomer joins the file; `data` is its `[[combatants]]` table."""

    who: str
    name: str
    at: tuple[int, int] | None
    data: dict[str, Any]


class Removed(Event):
    who: str
    name: str


class ValueSet(Event):
    """`set` (R-LOG-2): the GM set `key` of `subject` (a combatant id, or "rules") to the TOML
    value `value` (its text; the fold applies it); `changes` are the file's changed keys as
    a hand edit names them, each (key, old, new) with the values as JSON text."""

    subject: str
    name: str
    pc: bool
    key: str
    value: str
    changes: tuple[tuple[str, str, str], ...]


# -- actions and attacks ---------------------------------------------------------------


class ActionSpent(Event):
    """What the acting combatant spent (R-TRN-3): standard, move, double, full, step, extended."""

    who: str
    kind: str


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
    conditions: tuple[str, ...] = ()  # the target's conditions that changed its Defense
    unseen: bool = False  # the attacker is invisible: the target lost its Dex (R-CND-5)


class MissChanceRolled(Event):
    """R-CND-8: the d100 of an attack that hit and had a miss chance; `source` is the
    condition whose chance it was (the attacker's or the target's; `gender`: its holder's) or
    "concealment" (declared on the attack); `missed`: rolled at or below `chance`."""

    attacker: str
    attacker_name: str
    target: str
    target_name: str
    roll: Roll
    chance: int
    source: str
    gender: str
    missed: bool


class CriticalConfirmRolled(Event):
    attacker: str
    target: str
    roll: Roll
    defense: int
    confirmed: bool


class DamageRolled(Event):
    attacker: str
    target: str
    target_name: str
    roll: Roll
    amount: int
    critical: bool
    multiplier: int
    sneak: Roll | None = None  # R-ACT-13: sneak attack dice, shown apart, never multiplied


class CriticalIgnored(Event):
    """R-HP-8: the target is immune to critical hits; the critical is a normal hit."""

    who: str
    name: str


class DamageReduced(Event):
    """R-HP-8: damage reduction, resistance or immunity took `before` down to `after`; each
    step is (kind, label, amount): ("dr", "5/magic", 5), ("resist", "fire", 10),
    ("immune", "fire", 7)."""

    who: str
    name: str
    before: int
    steps: tuple[tuple[str, str, int], ...]
    after: int


class TempHpChanged(Event):
    """R-HP-6: temporary hp gained (`way` "gained"; "kept" when the higher amount stayed) or
    taken by damage ("absorbed"). A non-PC's numbers are hidden unless --gm."""

    who: str
    name: str
    pc: bool
    before: int
    after: int
    way: str


class NonlethalChanged(Event):
    """R-HP-7: the `nonlethal` total moved by damage or healing; `state` is the derived
    "staggered" / "unconscious" / "" after it (`hp` is the hp it is measured against)."""

    who: str
    name: str
    pc: bool
    before: int
    after: int
    hp: int
    state: str
    cause: str


class NonlethalAsLethal(Event):
    """R-HP-7: nonlethal damage to a combatant at hp ≤ 0, or that would take `nonlethal`
    above max_hp, is lethal damage instead (the lines after it tell how much)."""

    who: str
    name: str


class AmmoSpent(Event):
    who: str
    weapon: str
    weapon_name: str
    left: int


class AooDeclined(Event):
    """R-AOO-4: `who` could make an AoO against `mover` and lets it go (`takes_aoo = false`
    or `--no-aoo`); its AoO for the round is not used up."""

    who: str
    name: str
    mover: str
    mover_name: str


class AttackRecorded(Event):
    """Bookkeeping for R-DIS-2: `attacker` made an attack roll against `target`."""

    attacker: str
    target: str


class ActionTaken(Event):
    """R-ACT-1: `who` takes an action (from its `[[combatants.actions]]`, or ad hoc `text`);
    `economy` is its cost: standard, move, full or free."""

    who: str
    name: str
    action: str
    action_name: str
    economy: str  # the cost: standard, move, full or free
    text: str = ""
    targets: tuple[str, ...] = ()
    target_names: tuple[str, ...] = ()
    table: bool = False  # a row of the built-in table (R-ACT-8): named in the post's language


class StanceTaken(Event):
    """R-ACT-11: `who` charges, fights defensively or takes total defense, until its next
    turn starts (`stance`: charging, defensive, total-defense)."""

    who: str
    name: str
    stance: str


class StanceEnded(Event):
    """R-ACT-11: its stance ends as its next turn starts."""

    who: str
    name: str
    stance: str


class AidRolled(Event):
    """R-ACT-12 aid another: the aider's attack roll against Defense 10."""

    who: str
    name: str
    ally: str
    ally_name: str
    against: str
    against_name: str
    weapon_name: str
    roll: Roll
    defense: int
    success: bool
    kind: str  # attack | defense


class AidGiven(Event):
    """R-ACT-12: `who` gets +`bonus` (`kind`: on its next attack roll against `against`, or
    Defense against its next attack), until `by`'s next turn starts."""

    who: str
    name: str
    against: str
    by: str
    kind: str
    bonus: int


class AidUsed(Event):
    """R-ACT-12: the aided roll was made: `who`'s `kind` bonuses against `against` are spent."""

    who: str
    against: str
    kind: str


class AidEnded(Event):
    """R-ACT-12: `by`'s next turn starts: the aid it gave `who` ends."""

    who: str
    by: str


class TouchAttackRolled(Event):
    """R-ACT-12 trip: the melee touch attack against the touch Defense."""

    who: str
    name: str
    target: str
    target_name: str
    roll: Roll
    defense: int
    hit: bool


class TripChecked(Event):
    """R-ACT-12: the opposed trip check (`counter`: the defender tripping back); ties to the
    defender."""

    who: str
    name: str
    target: str
    target_name: str
    roll: Roll
    against: Roll
    success: bool
    counter: bool = False


class UsesSpent(Event):
    """R-ACT-2: one of the action's `uses` is spent; `left` remain."""

    who: str
    action: str
    action_name: str
    left: int


class CheckRolled(Event):
    """R-ACT-3(a): the action's check, against `dc` when given (None: shown only)."""

    who: str
    name: str
    action_name: str
    roll: Roll
    dc: int | None
    success: bool
    table: str = ""  # a row of the built-in table (R-ACT-8): named in the post's language


class ConcentrationRolled(Event):
    """R-ACT-10: a caster's concentration check, `why` entangled, defensively or damaged
    (`damage` taken from the AoO before it); no natural 1/20 effect."""

    who: str
    name: str
    action_name: str
    why: str
    roll: Roll
    dc: int
    success: bool
    damage: int = 0


class SpellLost(Event):
    """R-ACT-10: a failed concentration check loses the spell (its use and cost are spent)."""

    who: str
    name: str
    action_name: str


class SaveRolled(Event):
    """R-ACT-3(b): a target's saving throw against the action's dc; with `against`, the
    end-of-turn save against that condition (R-CND-6; `gender`: the holder's)."""

    who: str
    name: str
    save: str
    roll: Roll
    dc: int
    success: bool
    against: str = ""
    gender: str = "m"


class EffectRolled(Event):
    """R-ACT-3(c): the action's damage or healing, rolled once for all targets."""

    who: str
    action_name: str
    effect: str
    roll: Roll
    names: tuple[str, ...]


class SaveReduced(Event):
    """R-ACT-3(c): a target whose save succeeded takes half (`half`) or nothing (`negates`)."""

    who: str
    name: str
    how: str
    amount: int


class AttackRefused(Event):
    """A provoked act that did not go on (the attacker fell, an interception forfeited it)."""

    who: str
    name: str
    reason: str


# -- movement, engagement, interception ------------------------------------------------


class Moved(Event):
    who: str
    name: str
    start: tuple[int, int]
    path: tuple[tuple[int, int], ...]
    cost: int
    run: bool = False
    step: bool = False


class MovedAway(Event):
    """Gridless movement (R-GEO-5)."""

    who: str
    name: str


class MoveStopped(Event):
    who: str
    name: str
    at: tuple[int, int] | None
    reason: str


class Engaged(Event):
    a: str
    a_name: str
    b: str
    b_name: str
    missile: bool


class Disengaged(Event):
    a: str
    a_name: str
    b: str
    b_name: str
    missile: bool


class DefenseTotalRolled(Event):
    who: str
    name: str
    roll: Roll
    streak: int


class AttackTotalRolled(Event):
    who: str
    name: str
    against: str
    roll: Roll


class DisengageResolved(Event):
    """Outcome of a disengage attempt; `auto` names the R-DIS-4 case when no dice were rolled."""

    who: str
    name: str
    success: bool
    auto: str
    opponents: tuple[str, ...]
    reckless: bool = False
    streak: int = 0


class GuardStarted(Event):
    defender: str
    defender_name: str
    ward: str
    ward_name: str


class ReadyDeclared(Event):
    """R-RDY-1: `who` readies `plan` (its command line without the actor), to fire `when`
    (the trigger: hidden from players' posts and JSON, R-RDY-1)."""

    who: str
    name: str
    plan: str
    when: str
    round: int


class ReadyCleared(Event):
    """`ready WHO --clear`, or a combatant left with no actions losing its plan."""

    who: str
    name: str
    lost: bool = False  # R-CND-5: lost (its actions became `none`), not declined


class ReadyFired(Event):
    """R-RDY-2/3: the plan fires, set off by `trigger`; from now on (R-RDY-3) the readier's
    `initiative` and place in `order` are the ones given, and with `acted` it has no other
    turn this round."""

    who: str
    name: str
    trigger: str
    trigger_name: str
    plan: str
    initiative: int | None
    order: tuple[str, ...]
    acted: bool


class ReadyHeld(Event):
    """R-RDY-2: set off, but the plan is not legal now (out of reach or range, target down,
    no ammo…): it does not happen and stays readied."""

    who: str
    name: str
    trigger_name: str
    reason: str


class ReadyLapsed(Event):
    """R-RDY-3: the readier's next turn started before the plan fired."""

    who: str
    name: str


class GuardEnded(Event):
    defender: str
    defender_name: str


class PriorityRolled(Event):
    """An Action Priority Total (R-INT-2)."""

    who: str
    name: str
    roll: Roll


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
    movement: bool = False


class InterceptDeclined(Event):
    """R-AOO-4: a guard named by `--no-intercept` lets the act pass uncontested."""

    defender: str
    defender_name: str
    enemy: str
    enemy_name: str


class Declared(Event):
    """`replaces`: the declaration this one took the place of (R-ORD-3: one per combatant
    and round, so the post says so; empty when there was none)."""

    who: str
    name: str
    action: tuple[str, ...]
    replaces: tuple[str, ...] = ()


class DeclarationCleared(Event):
    who: str
    name: str


class AbsenceSet(Event):
    """R-PAC-2: `absent WHO --until WHEN`: `until` is ISO 8601 UTC, `at` its UTC text."""

    who: str
    name: str
    until: str
    at: str


class AbsenceCleared(Event):
    """R-PAC-2: `absent WHO --clear`, or (`expired`) the first command after the time passed."""

    who: str
    name: str
    expired: bool = False


class AbsentPassed(Event):
    """R-PAC: an absent combatant without orders passes its turn."""

    who: str
    name: str


class Reminded(Event):
    """R-PAC-3: a reminder to the players who owe (declared flow: a declaration; turn flow:
    the current turn). `left` is seconds to the deadline (negative: passed; `deadline` ""
    when none is configured). `remembered` is the deadline as ISO 8601 UTC when the reminder
    sets `state.reminded_for` (`--if-due`), else ""."""

    round: int
    declared: bool
    names: tuple[str, ...]
    players: tuple[str, ...]
    deadline: str
    left: int
    remembered: str = ""


class RoundDue(Event):
    """R-PAC-4: why `resolve --when-all-declared` resolved: "all-declared" or "deadline"."""

    why: str


class DeclarationTaken(Event):
    """A declared action is being resolved (its own events tell the story)."""

    who: str


class DeclarationSkipped(Event):
    """A declared action found illegal when the round resolved (R-DEC): `reason` its refusal
    in English (as scripts read it), `key`, `fields` and `rule` the same message by key, so
    that a post says it in the reader's language (absent from records before 0.4)."""

    who: str
    name: str
    action: tuple[str, ...]
    reason: str
    key: str = ""
    fields: tuple[tuple[str, str], ...] = ()
    rule: str = ""


# -- conditions (R-CND) ---------------------------------------------------------------------


class ConditionApplied(Event):
    """A condition put on `who` (R-CND-1); `turns` None: until removed. `replaced`: it held
    the condition already and the duration is new."""

    who: str
    name: str
    condition: str
    turns: int | None
    ends: str
    of: str
    of_name: str
    replaced: bool = False
    gender: str = "m"
    # R-CND-6/7/10 (`traits.CONDITION_FIELDS`): "" and 0 when not given
    save: str = ""
    damage: str = ""
    energy: str = ""
    by: str = ""
    attack: int = 0
    defense: int = 0
    saves: int = 0
    damage_bonus: int = 0

    def extra(self) -> dict[str, str | int]:
        """What the condition's entry holds besides its duration (only what was given)."""
        return {k: v for k, v in (("save", self.save), ("damage", self.damage),
                                  ("energy", self.energy), ("by", self.by),
                                  ("attack", self.attack), ("defense", self.defense),
                                  ("saves", self.saves), ("damage_bonus", self.damage_bonus))
                if v}


class OngoingDamageRolled(Event):
    """R-CND-6: a condition's ongoing damage at the start of its holder's turn (the amount
    then goes through R-HP-8 and R-HP-6/7 as other damage)."""

    who: str
    name: str
    condition: str
    roll: Roll
    energy: str = ""
    gender: str = "m"


class ConfusionRolled(Event):
    """R-CND-7: a confused combatant's d100 at its turn start; `band`: attack, normal,
    nothing or flee; `by_first`: it attacks the one that confused it (01–10); `target`: whom
    it attacks (attack band)."""

    who: str
    name: str
    condition: str
    roll: Roll
    band: str
    by_first: bool
    target: str
    target_name: str
    gender: str = "m"


class ConfusionCleared(Event):
    """R-CND-7: the result held for its turn only."""

    who: str


class ConditionTicked(Event):
    """R-CND-2: a turn start of the `of` combatant; `turns` is what is left."""

    who: str
    condition: str
    turns: int


class ConditionRemoved(Event):
    """A condition ends; `reason`: removed (by the GM), expired (R-CND-2), of_gone (its `of`
    combatant is dead or removed, R-CND-4), stood (the stand-up action)."""

    who: str
    name: str
    condition: str
    reason: str
    of_name: str = ""
    gender: str = "m"


class TurnHandedOver(Event):
    """R-INI-3: the member holding a shared group turn left the fight; the next member that
    can act holds it now, with what it had spent (the turn does not start again)."""

    who: str


class FlatFootedEnded(Event):
    """R-TRN-5: flat-footedness ends at the start of its turn in a regular round."""

    who: str


class AooUsed(Event):
    """R-AOO-4: `who` made its attack of opportunity for round `round`."""

    who: str
    round: int


class StreakSet(Event):
    """R-DIS-3/5/6: the disengage streak after an attempt (0 on success, one more on failure)."""

    who: str
    streak: int


class PresenceEngaged(Event):
    """R-ENG-5: `a` and `b` are missile-engaged by presence (silent: `show` lists it)."""

    a: str
    b: str


class PresenceEnded(Event):
    """R-ENG-5: the presence that engaged `a` and `b` no longer holds (silent)."""

    a: str
    b: str


class Escaped(Event):
    """R-ENG-6: a successful disengagement frees `who` from `opponents` for the rest of its
    turn (no AoO from them, no re-engagement with them); silent, the disengage is narrated."""

    who: str
    opponents: tuple[str, ...]


class SkippedTurnCounted(Event):
    """A turn skipped because the combatant cannot act still counts as its turn (R-CND-3):
    flat-footedness ends in a regular round, and it opens the R-DIS-2/4 window."""

    who: str
    surprise: bool


class OrdersFollowed(Event):
    """A combatant nobody decided for acts by its standing orders (R-ORD-1/2): `orders` is
    "attack-nearest", "attack-weakest", "guard:ID" or "flee"."""

    who: str
    name: str
    orders: str
    ward_name: str = ""


class OrdersIdle(Event):
    """Its standing orders found nothing to do (issue 25: the post says why, never stops at
    "acts by standing orders"): `target_name` is the nearest enemy it could not reach, ""
    when no enemy is left to attack."""

    who: str
    name: str
    target_name: str = ""


class RuleFollowed(Event):
    """R-ORD-4: a combatant plays rule `index` (from 1) of its conditional orders; `text`
    is the rule, shown only with --gm (players never see another combatant's orders)."""

    who: str
    name: str
    index: int
    text: str


class PlanCut(Event):
    """R-ORD-6: act `step` (from 1) of a plan was not legal when its time came: it and the
    rest are skipped, the earlier acts stand. `act` is its command words."""

    who: str
    name: str
    step: int
    act: tuple[str, ...]


class OrdersSet(Event):
    """R-ORD-4: `orders WHO RULE…` (`rules` empty: `--clear`); the rules only with --gm."""

    who: str
    name: str
    rules: tuple[str, ...]


class DiceSalted(Event):
    salt: str


class DiceCommitted(Event):
    commitment: str
    algorithm: str


# -- (de)serialisation ------------------------------------------------------------------

REGISTRY: dict[str, type[Event]] = {  # every event type, by the name a journal line gives
    name: cls for name, cls in list(globals().items())
    if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event
}
EVENTS: tuple[type[Event], ...] = tuple(REGISTRY.values())


def plain(value: Any) -> Any:
    """Values (events, rolls, dice) as dicts, recursively: their JSON form."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if isinstance(value, Value):
        return {k: plain(v) for k, v in value._asdict().items()}
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    return value


def to_dict(event: Event) -> dict[str, Any]:
    return {"type": event_type(event), **plain(event)}


def _roll(d: dict[str, Any]) -> Roll:
    def die(x: dict[str, Any]) -> Die:
        n = x["n"]
        return Die(_is(int, x["sides"]), _is(int, x["face"]),
                   None if n is None else _is(int, n), _is(bool, x.get("dropped", False)))

    terms = tuple(
        RolledTerm(_is(int, t["sign"]), _is(int, t["number"]), _is(int, t["sides"]),
                   tuple(die(x) for x in t["dice"]),
                   _is(str, t.get("keep", "")), _is(str, t.get("op", "")))
        for t in d["terms"]
    )
    return Roll(terms, tuple(Mod(_is(int, m["value"]), _is(str, m["note"])) for m in d["mods"]),
                _is(int, d["total"]))


def _is(kind: type, value: Any) -> Any:
    """`value` when it is of the scalar `kind` (a bool is no int here); TypeError otherwise:
    a record tampered with, never an internal error further on (from_record: exit 65)."""
    if type(value) is not kind and not (kind is str and isinstance(value, str)):
        raise TypeError(f"{value!r} where {kind.__name__} was expected")
    return value


def _revive(hint: Any, value: Any) -> Any:
    if hint in (int, str, bool):
        return _is(hint, value)
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
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"{value!r} where a list was expected")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_revive(args[0], v) for v in value)
        return tuple(_revive(a, v) for a, v in zip(args, value, strict=False))
    if (origin or hint) is dict and not isinstance(value, dict):
        raise TypeError(f"{value!r} where a table was expected")
    return value


_HINTS: dict[str, dict[str, Any]] = {}


def _hints(cls: type[Value]) -> dict[str, Any]:
    if cls.__name__ not in _HINTS:
        _HINTS[cls.__name__] = typing.get_type_hints(cls)
    return _HINTS[cls.__name__]


def from_record(record: dict[str, Any]) -> list[Event]:
    """The events of a journal record; a record this version cannot read (another version,
    or tampered with) is a damaged journal (exit 65, R-LOG-4), never an internal error."""
    try:
        return [from_dict(e) for e in record.get("events", [])]
    except Exception as e:  # noqa: BLE001 — any shape the record may have
        raise unreadable(record, e) from None


# What narrating a journal record can raise when the record was tampered with in ways the
# types allow (an unknown cause, a value out of any range): `log` and `--key` repeats turn it
# into `unreadable` (exit 65).
TAMPERED = (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError,
            RecursionError)


def unreadable(record: dict[str, Any], e: BaseException) -> Exception:
    """R-LOG-4: a journal record this version cannot read or narrate is damage (exit 65)."""
    from pbwcombat.errors import InvalidEncounter

    seq = record.get("seq", "?")
    return InvalidEncounter([f"journal record {seq if type(seq) is int else '?'}: its events "
                             f"cannot be read by this version ({type(e).__name__}: {e}) "
                             "(R-LOG-4)"])


def from_dict(data: dict[str, Any]) -> Event:
    cls = REGISTRY[data["type"]]
    hints = _hints(cls)
    kwargs = {name: _revive(hints[name], data[name]) for name in cls._fields if name in data}
    event: Event = cls(**kwargs)
    return event
