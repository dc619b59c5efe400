"""Fold events into the encounter: one handler per event type, no rules logic.

Replaying a command's events onto the state before it gives the state after it.
"""

from collections.abc import Callable
from functools import singledispatch
from typing import Any

from pbwcombat import events as ev
from pbwcombat.model import Condition, Encounter, Readied, TurnSpent


def evolve(enc: Encounter, event: ev.Event) -> Encounter:
    """The encounter after `event`."""
    return FOLDS[type(event)](event, enc)


class _Folds(dict[type, Callable[[Any, Encounter], Encounter]]):
    """Event type → its handler, found in `_fold`'s registry on first use (singledispatch's
    own lookup is slow for the simulator's hot loop; `Resolution.emit` reads this table)."""

    def __missing__(self, kind: type) -> Callable[[Any, Encounter], Encounter]:
        fold = self[kind] = _unchanged if kind in NO_STATE_CHANGE else _fold.dispatch(kind)
        return fold


# Events that change no state (rolls and refusals shown in the post; what they lead to is told
# by other events). Every other event type has exactly one fold below (tests/test_families.py).
NO_STATE_CHANGE: frozenset[type[ev.Event]] = frozenset({
    ev.RollOffRolled, ev.AttackRolled, ev.MissChanceRolled, ev.CriticalConfirmRolled,
    ev.DamageRolled,
    ev.AttackRefused, ev.AttackTotalRolled, ev.DefenseTotalRolled, ev.MoveStopped,
    ev.BleedRolled, ev.GmHpRolled, ev.FreeRolled, ev.PriorityRolled, ev.InterceptResolved,
    ev.InterceptDeclined, ev.AooDeclined, ev.DeclarationSkipped, ev.OrdersFollowed,
    ev.OrdersIdle,
    ev.ActionTaken, ev.CheckRolled, ev.SaveRolled, ev.EffectRolled, ev.SaveReduced,
    ev.CriticalIgnored, ev.DamageReduced, ev.NonlethalAsLethal,  # R-HP-7/8: told by others
    ev.ReadyHeld,  # R-RDY-2: set off, not legal now: it stays ready
    ev.OngoingDamageRolled,  # R-CND-6: its damage is told by HpChanged
    ev.ConcentrationRolled, ev.SpellLost,  # R-ACT-10
    ev.AidRolled, ev.TouchAttackRolled, ev.TripChecked,  # R-ACT-12
    ev.AbsentPassed, ev.RoundDue,  # R-PAC
    ev.RuleFollowed, ev.PlanCut,  # R-ORD-4/6: told; the acts tell what changed
})


def _unchanged(event: ev.Event, enc: Encounter) -> Encounter:
    return enc


FOLDS = _Folds()
_FRESH = TurnSpent.new()  # nothing spent yet; records are immutable, so one serves all turns


# Each fold below is registered with its event type named, as well as annotated: singledispatch
# reading the annotation instead (`get_type_hints`) cost every command 2-6 ms at import for
# the 62 folds (issue 29); tests/test_start_up.py checks that the two agree.
@singledispatch
def _fold(event: ev.Event, enc: Encounter) -> Encounter:
    """An event type with no fold and not listed in NO_STATE_CHANGE: a programming error."""
    raise LookupError(f"{type(event).__name__} has no fold and is not in NO_STATE_CHANGE")


@_fold.register(ev.InitiativeRolled)
def _(e: ev.InitiativeRolled, enc: Encounter) -> Encounter:
    for who in e.members:
        enc = enc.with_combatant(who, initiative=e.roll.total)
    return enc


@_fold.register(ev.InitiativeJoined)
def _(e: ev.InitiativeJoined, enc: Encounter) -> Encounter:
    return enc.with_combatant(e.who, initiative=e.total)


@_fold.register(ev.OrderSet)
def _(e: ev.OrderSet, enc: Encounter) -> Encounter:
    return enc.with_state(order=e.order)


@_fold.register(ev.CombatStarted)
def _(e: ev.CombatStarted, enc: Encounter) -> Encounter:
    combatants = tuple(c.replace(flat_footed=True) for c in enc.combatants)
    enc = enc.replace(combatants=combatants)
    return enc.with_state(phase="surprise" if e.surprise else "combat", round=0, acted=(),
                          delaying=())


@_fold.register(ev.RoundStarted)
def _(e: ev.RoundStarted, enc: Encounter) -> Encounter:
    changes: dict[str, object] = {"round": e.round,
                                  "phase": "surprise" if e.surprise else "combat",
                                  "acted": (), "turn": "", "spent": _FRESH,
                                  "group_spent": {},
                                  "delaying": ()}
    if not e.restart:  # a restarted round keeps its start: turns in it are not new turns
        changes["round_clock"] = enc.state.clock
    return enc.with_state(**changes)


@_fold.register(ev.TurnStarted)
def _(e: ev.TurnStarted, enc: Encounter) -> Encounter:
    clock = enc.state.clock + 1
    turn = {"turn": e.who, "clock": clock, "spent": _FRESH, "group_spent": {},
            "turn_started_at": e.at}
    if not e.members:  # one combatant's turn: its count and the state in a single copy
        return enc.changed(e.who, _turn_count(enc, e.who, clock), turn)
    for who in e.members:  # R-INI-3: a shared group turn starts for each
        enc = _count_turn_start(enc, who, clock)
    return enc.changed("", None, turn)


def _turn_count(enc: Encounter, who: str, clock: int) -> dict[str, object] | None:
    """R-CND-2: the first turn start of `who` this round moves its turn clocks (None: not)."""
    clocks = enc.get(who).turn_clocks
    return {"turn_clocks": (clocks[1], clock)} if clocks[1] <= enc.state.round_clock else None


def _count_turn_start(enc: Encounter, who: str, clock: int) -> Encounter:
    changes = _turn_count(enc, who, clock)
    return enc.changed(who, changes) if changes else enc


@_fold.register(ev.SkippedTurnCounted)
def _(e: ev.SkippedTurnCounted, enc: Encounter) -> Encounter:
    clock = enc.state.clock + 1
    enc = _count_turn_start(enc, e.who, clock)
    return enc.with_state(clock=clock)


@_fold.register(ev.TurnHandedOver)
def _(e: ev.TurnHandedOver, enc: Encounter) -> Encounter:
    spent = enc.spent_of(e.who)
    rest = {k: v for k, v in enc.state.group_spent.items() if k != e.who}
    return enc.with_state(turn=e.who, spent=spent, group_spent=rest)


@_fold.register(ev.ConditionApplied)
def _(e: ev.ConditionApplied, enc: Encounter) -> Encounter:
    me = enc.get(e.who)
    extra = e.extra()  # R-CND-6/7/10: only what was given (written back only when set)
    if e.turns is None:  # until removed, or (R-CIR-3) until its holder next moves
        cond = Condition.new(ends="move", **extra) if e.ends == "move" \
            else Condition.new(**extra)
    else:
        cond = Condition.new(ends=e.ends, of=e.of, turns=e.turns, **extra)
    return enc.with_combatant(e.who, conditions={**me.conditions, e.condition: cond})


@_fold.register(ev.ConfusionRolled)
def _(e: ev.ConfusionRolled, enc: Encounter) -> Encounter:
    state = f"{e.band}:{e.target}" if e.band == "attack" else e.band
    return enc.with_combatant(e.who, confusion=state)


@_fold.register(ev.ConfusionCleared)
def _(e: ev.ConfusionCleared, enc: Encounter) -> Encounter:
    return enc.with_combatant(e.who, confusion="")


@_fold.register(ev.ConditionTicked)
def _(e: ev.ConditionTicked, enc: Encounter) -> Encounter:
    me = enc.get(e.who)
    cond = me.conditions[e.condition].replace(turns=e.turns)
    return enc.with_combatant(e.who, conditions={**me.conditions, e.condition: cond})


@_fold.register(ev.ConditionRemoved)
def _(e: ev.ConditionRemoved, enc: Encounter) -> Encounter:
    me = enc.get(e.who)
    return enc.with_combatant(e.who, conditions={k: v for k, v in me.conditions.items()
                                                 if k != e.condition})


@_fold.register(ev.TurnEnded)
def _(e: ev.TurnEnded, enc: Encounter) -> Encounter:
    return enc.with_state(turn="", acted=(*enc.state.acted, e.who))


@_fold.register(ev.TurnSkipped)
def _(e: ev.TurnSkipped, enc: Encounter) -> Encounter:
    return enc.with_state(acted=(*enc.state.acted, e.who))


@_fold.register(ev.MadeFlatFooted)
def _(e: ev.MadeFlatFooted, enc: Encounter) -> Encounter:
    for who in e.who:
        enc = enc.with_combatant(who, flat_footed=True)
    return enc


@_fold.register(ev.FlatFootedEnded)
def _(e: ev.FlatFootedEnded, enc: Encounter) -> Encounter:
    return enc.with_combatant(e.who, flat_footed=False)


@_fold.register(ev.AooUsed)
def _(e: ev.AooUsed, enc: Encounter) -> Encounter:
    me = enc.get(e.who)
    if not me.feats or "combat-reflexes" not in me.feats:
        return enc.with_combatant(e.who, aoo_round=e.round)
    count = me.aoo_count + 1 if me.aoo_round == e.round else 1  # R-ACT-9: made this round
    return enc.with_combatant(e.who, aoo_round=e.round, aoo_count=count)


@_fold.register(ev.StreakSet)
def _(e: ev.StreakSet, enc: Encounter) -> Encounter:
    return enc.with_combatant(e.who, disengage_streak=e.streak)


@_fold.register(ev.StreakReset)
def _(e: ev.StreakReset, enc: Encounter) -> Encounter:
    return enc.with_combatant(e.who, disengage_streak=0)


@_fold.register(ev.Delayed)
def _(e: ev.Delayed, enc: Encounter) -> Encounter:
    return enc.with_state(turn="", delaying=(*enc.state.delaying, e.who))


@_fold.register(ev.DelayEnded)
def _(e: ev.DelayEnded, enc: Encounter) -> Encounter:
    delaying = tuple(d for d in enc.state.delaying if d != e.who)
    return enc.with_state(delaying=delaying, order=e.order)


@_fold.register(ev.CombatEnded)
def _(e: ev.CombatEnded, enc: Encounter) -> Encounter:
    return enc.with_state(phase="ended", turn="", winner=e.winner, delaying=())


@_fold.register(ev.HpChanged)
def _(e: ev.HpChanged, enc: Encounter) -> Encounter:
    return enc.with_combatant(e.who, hp=e.hp, status=e.status)


@_fold.register(ev.TempHpChanged)
def _(e: ev.TempHpChanged, enc: Encounter) -> Encounter:
    return enc.with_combatant(e.who, temp_hp=e.after)


@_fold.register(ev.NonlethalChanged)
def _(e: ev.NonlethalChanged, enc: Encounter) -> Encounter:
    return enc.with_combatant(e.who, nonlethal=e.after)


@_fold.register(ev.Stabilized)
def _(e: ev.Stabilized, enc: Encounter) -> Encounter:
    return enc.with_combatant(e.who, status="stable")


@_fold.register(ev.Added)
def _(e: ev.Added, enc: Encounter) -> Encounter:
    from pbwcombat.model import validate_combatant

    return enc.replace(combatants=(*enc.combatants, validate_combatant(e.data)))


@_fold.register(ev.ValueSet)
def _(e: ev.ValueSet, enc: Encounter) -> Encounter:
    """R-LOG-2 `set`: the change applied to the file's document, validated as a load does."""
    from pbwcombat.document import set_key

    return set_key(enc, e.subject, e.key, e.value)


@_fold.register(ev.Removed)
def _(e: ev.Removed, enc: Encounter) -> Encounter:
    """Its engagements and guards have ended by their own events (rules.turns.remove)."""
    enc = enc.with_combatant(e.who, removed=True)
    declarations = {k: v for k, v in enc.state.declarations.items() if k != e.who}
    return enc.with_state(
        order=tuple(o for o in enc.state.order if o != e.who),
        delaying=tuple(d for d in enc.state.delaying if d != e.who),
        declarations=declarations,
        turn="" if enc.state.turn == e.who else enc.state.turn,
    )


def _spend(enc: Encounter, who: str, **changes: object) -> Encounter:
    """Turn allowances belong to the combatant whose turn it is (R-TRN-3), or to each
    member of a shared group turn (R-INI-3)."""
    state = enc.state
    if who == state.turn:
        return enc.changed("", None, {"spent": state.spent.replace(**changes)})
    if enc.takes_turn_now(who):
        spent = enc.spent_of(who).replace(**changes)
        return enc.changed("", None, {"group_spent": {**state.group_spent, who: spent}})
    return enc


@_fold.register(ev.ActionSpent)
def _(e: ev.ActionSpent, enc: Encounter) -> Encounter:
    who = e.who
    if who != enc.state.turn and not enc.takes_turn_now(who):
        return enc  # a GM-forced act out of turn spends nothing of the acting combatant's
    if e.kind == "move":
        return _spend(enc, who, moves=min(2, enc.spent_of(who).moves + 1))
    return _spend(enc, who, **_SPENDS[e.kind])


_SPENDS: dict[str, dict[str, object]] = {  # ActionSpent.kind → what it spends ("move": +1)
    "standard": {"standard": True},
    "double": {"moves": 2},
    "full": {"full_round": True},
    "step": {"step": True},
    "extended": {"extended": True},
}


@_fold.register(ev.AttackRecorded)
def _(e: ev.AttackRecorded, enc: Encounter) -> Encounter:
    target = enc.get(e.target)
    return enc.with_combatant(e.target,
                              attacked_by={**target.attacked_by, e.attacker: enc.state.clock})


@_fold.register(ev.AmmoSpent)
def _(e: ev.AmmoSpent, enc: Encounter) -> Encounter:
    me = enc.get(e.who)
    weapons = tuple(w.replace(ammo=e.left) if w.id == e.weapon else w
                    for w in me.weapons)
    return enc.with_combatant(e.who, weapons=weapons)


@_fold.register(ev.AidGiven)
def _(e: ev.AidGiven, enc: Encounter) -> Encounter:
    me = enc.get(e.who)
    entry = {"against": e.against, "by": e.by, e.kind: e.bonus}
    return enc.with_combatant(e.who, aid=(*me.aid, entry))


@_fold.register(ev.AidUsed)
def _(e: ev.AidUsed, enc: Encounter) -> Encounter:
    me = enc.get(e.who)
    kept = tuple(a for a in me.aid if not (a["against"] == e.against and e.kind in a))
    return enc.with_combatant(e.who, aid=kept)


@_fold.register(ev.AidEnded)
def _(e: ev.AidEnded, enc: Encounter) -> Encounter:
    me = enc.get(e.who)
    return enc.with_combatant(e.who, aid=tuple(a for a in me.aid if a["by"] != e.by))


@_fold.register(ev.StanceTaken)
def _(e: ev.StanceTaken, enc: Encounter) -> Encounter:
    return enc.with_combatant(e.who, stance=e.stance)


@_fold.register(ev.StanceEnded)
def _(e: ev.StanceEnded, enc: Encounter) -> Encounter:
    return enc.with_combatant(e.who, stance=None)


@_fold.register(ev.UsesSpent)
def _(e: ev.UsesSpent, enc: Encounter) -> Encounter:
    me = enc.get(e.who)
    actions = tuple(a.replace(uses=e.left) if a.id == e.action else a for a in me.actions)
    return enc.with_combatant(e.who, actions=actions)


@_fold.register(ev.Moved)
def _(e: ev.Moved, enc: Encounter) -> Encounter:
    enc = enc.with_combatant(e.who, position=e.path[-1])
    return _spend(enc, e.who, moved=True)


@_fold.register(ev.MovedAway)
def _(e: ev.MovedAway, enc: Encounter) -> Encounter:
    return _spend(enc, e.who, moved=True)


def _link(enc: Encounter, a: str, b: str, missile: bool, on: bool) -> Encounter:
    key = "missile_engaged" if missile else "engaged"
    for me, other in ((a, b), (b, a)):
        current: tuple[str, ...] = getattr(enc.get(me), key)
        if on and other not in current:
            enc = enc.with_combatant(me, **{key: (*current, other)})
        elif not on and other in current:
            enc = enc.with_combatant(me, **{key: tuple(x for x in current if x != other)})
    return enc


@_fold.register(ev.Engaged)
def _(e: ev.Engaged, enc: Encounter) -> Encounter:
    if e.missile:  # R-ENG-3: a shot makes an engagement by presence one of its own
        enc = _present(enc, e.a, e.b, False)
    return _link(enc, e.a, e.b, e.missile, True)


@_fold.register(ev.Disengaged)
def _(e: ev.Disengaged, enc: Encounter) -> Encounter:
    if e.missile:
        enc = _present(enc, e.a, e.b, False)
    return _link(enc, e.a, e.b, e.missile, False)


def _present(enc: Encounter, a: str, b: str, on: bool) -> Encounter:
    """R-ENG-5: `presence` lists the missile engagements that rest on presence alone."""
    for me, other in ((a, b), (b, a)):
        c = enc.find(me)
        if c is None:
            continue
        if on and other not in c.presence:
            enc = enc.with_combatant(me, presence=(*c.presence, other))
        elif not on and other in c.presence:
            enc = enc.with_combatant(me, presence=tuple(x for x in c.presence if x != other))
    return enc


@_fold.register(ev.PresenceEngaged)
def _(e: ev.PresenceEngaged, enc: Encounter) -> Encounter:
    return _link(_present(enc, e.a, e.b, True), e.a, e.b, True, True)


@_fold.register(ev.PresenceEnded)
def _(e: ev.PresenceEnded, enc: Encounter) -> Encounter:
    return _link(_present(enc, e.a, e.b, False), e.a, e.b, True, False)


@_fold.register(ev.Escaped)
def _(e: ev.Escaped, enc: Encounter) -> Encounter:
    escaped = enc.spent_of(e.who).escaped
    return _spend(enc, e.who, escaped=(*escaped, *(o for o in e.opponents if o not in escaped)))


@_fold.register(ev.DisengageResolved)
def _(e: ev.DisengageResolved, enc: Encounter) -> Encounter:
    return _spend(enc, e.who, disengage_tried=True)


@_fold.register(ev.ReadyDeclared)
def _(e: ev.ReadyDeclared, enc: Encounter) -> Encounter:
    return enc.with_combatant(e.who, readied=Readied.new(plan=e.plan, when=e.when,
                                                         round=e.round))


@_fold.register(ev.ReadyCleared)
def _(e: ev.ReadyCleared, enc: Encounter) -> Encounter:
    return enc.with_combatant(e.who, readied=None)


@_fold.register(ev.ReadyFired)
def _(e: ev.ReadyFired, enc: Encounter) -> Encounter:
    enc = enc.with_combatant(e.who, readied=None, initiative=e.initiative)
    acted = enc.state.acted
    if e.acted and e.who not in acted:
        acted = (*acted, e.who)
    return enc.with_state(order=e.order, acted=acted)


@_fold.register(ev.ReadyLapsed)
def _(e: ev.ReadyLapsed, enc: Encounter) -> Encounter:
    return enc.with_combatant(e.who, readied=None)


@_fold.register(ev.GuardStarted)
def _(e: ev.GuardStarted, enc: Encounter) -> Encounter:
    return enc.with_combatant(e.defender, guarding=e.ward)


@_fold.register(ev.GuardEnded)
def _(e: ev.GuardEnded, enc: Encounter) -> Encounter:
    return enc.with_combatant(e.defender, guarding=None)


@_fold.register(ev.Declared)
def _(e: ev.Declared, enc: Encounter) -> Encounter:
    return enc.with_state(declarations={**enc.state.declarations, e.who: list(e.action)})


@_fold.register(ev.OrdersSet)
def _(e: ev.OrdersSet, enc: Encounter) -> Encounter:
    return enc.with_combatant(e.who, orders=e.rules or None)


@_fold.register(ev.AbsenceSet)
def _(e: ev.AbsenceSet, enc: Encounter) -> Encounter:
    return enc.with_combatant(e.who, absent_until=e.until)


@_fold.register(ev.AbsenceCleared)
def _(e: ev.AbsenceCleared, enc: Encounter) -> Encounter:
    return enc.with_combatant(e.who, absent_until="")


@_fold.register(ev.Reminded)
def _(e: ev.Reminded, enc: Encounter) -> Encounter:
    return enc.with_state(reminded_for=e.remembered) if e.remembered else enc


@_fold.register(ev.DeclarationTaken)
def _(e: ev.DeclarationTaken, enc: Encounter) -> Encounter:
    return enc.with_state(
        declarations={k: v for k, v in enc.state.declarations.items() if k != e.who})


@_fold.register(ev.DeclarationCleared)
def _(e: ev.DeclarationCleared, enc: Encounter) -> Encounter:
    return enc.with_state(
        declarations={k: v for k, v in enc.state.declarations.items() if k != e.who})


@_fold.register(ev.DiceSalted)
def _(e: ev.DiceSalted, enc: Encounter) -> Encounter:
    assert enc.dice is not None
    return enc.replace(dice=enc.dice.replace(salt=e.salt))


@_fold.register(ev.DiceCommitted)
def _(e: ev.DiceCommitted, enc: Encounter) -> Encounter:
    assert enc.dice is not None
    return enc.replace(dice=enc.dice.replace(committed=True))
