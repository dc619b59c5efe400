"""Events of movement, engagement, interception, readied actions, declarations and pacing."""


from pbwcombat.dice import Roll
from pbwcombat.events.base import Event

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
