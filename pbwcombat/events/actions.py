"""Events of actions and attacks (R-ATK, R-ACT, R-AOO)."""


from pbwcombat.dice import Roll
from pbwcombat.events.base import Event

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
