"""Events of conditions (R-CND), standing orders and the dice commitment."""


from pbwcombat.dice import Roll
from pbwcombat.events.base import Event

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
    rest are skipped, the earlier acts stand. `act` is its command words; `key` and `fields`
    the refusal (absent from records before 0.6); `declared`: a declaration's plan, which
    its player wrote and may read the reason of (an order's is the GM's, R-ORD-4)."""

    who: str
    name: str
    step: int
    act: tuple[str, ...]
    key: str = ""
    fields: tuple[tuple[str, str], ...] = ()
    declared: bool = False


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
