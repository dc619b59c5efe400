"""Narrate events in one language and one markup: one line per event that shows something.

`Narrator` is its families put together (narrate_turns.py, narrate_attacks.py, narrate_moves.py,
on the means of narrator.py); `NARRATION` below is the table of which method tells which event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from pbwcombat import events as ev
from pbwcombat.render.narrate_attacks import AttackLines
from pbwcombat.render.narrate_moves import MoveLines
from pbwcombat.render.narrate_turns import TurnLines


class Narrator(TurnLines, AttackLines, MoveLines):
    """Turns events into lines of one language and one markup."""

    # -- events -------------------------------------------------------------------------
    def lines(self, events: Iterable[ev.Event]) -> list[str]:
        """One line per event that shows something, by the table `NARRATION` below."""
        out: list[str] = []
        for e in _together(events):
            if isinstance(e, tuple):  # one condition put on several at once (R-OUT-5)
                out.append(self._ConditionsApplied(e))
                continue
            handler = NARRATION.get(type(e))
            if handler is None:  # a bug, caught by tests/test_narration.py, never a blank
                raise LookupError(f"no narration for {ev.event_type(e)}: "
                                  "add it to render.narrate.NARRATION")
            line = handler(self, e)
            if line:
                # one paragraph per turn (issue 25): a new round or turn after other lines
                # starts after a blank line, so a thread reader finds each actor at once
                if out and out[-1] and isinstance(e, PARAGRAPH_STARTS) \
                        and not isinstance(self._last, ev.RoundStarted):
                    out.append("")
                out.append(line)
                self._last = e
        return out

    def _silent(self, e: ev.Event) -> None:
        """Bookkeeping that shows nothing in a post (its effects have their own events)."""
        return None


def _together(events: Iterable[ev.Event]) -> Iterator[ev.Event | tuple[ev.ConditionApplied, ...]]:
    """The events, each run of consecutive ConditionApplied that differ only in who holds
    the condition (one command putting it on several) as one tuple."""
    run: list[ev.ConditionApplied] = []
    for e in events:
        if isinstance(e, ev.ConditionApplied) and run and _same_condition(run[0], e):
            run.append(e)
            continue
        if run:
            yield run[0] if len(run) == 1 else tuple(run)
            run = []
        if isinstance(e, ev.ConditionApplied):
            run.append(e)
        else:
            yield e
    if run:
        yield run[0] if len(run) == 1 else tuple(run)


def _same_condition(a: ev.ConditionApplied, b: ev.ConditionApplied) -> bool:
    return (a.condition, a.turns, a.ends, a.of_name, a.replaced, a.extra()) == \
        (b.condition, b.turns, b.ends, b.of_name, b.replaced, b.extra()) and a.who != b.who


# Every event type and the method that narrates it: a new event needs a row here (the test
# that renders every event type in both languages and every format fails until it has one).
# Events whose line opens a paragraph: a round's header, a turn's start (issue 25).
PARAGRAPH_STARTS = (ev.RoundStarted, ev.TurnStarted)

NARRATION: dict[type[ev.Event], Callable[[Narrator, Any], str | None]] = {
    ev.InitiativeRolled: Narrator._InitiativeRolled,
    ev.InitiativeJoined: Narrator._InitiativeJoined,
    ev.RollOffRolled: Narrator._RollOffRolled,
    ev.OrderSet: Narrator._OrderSet,
    ev.CombatStarted: Narrator._CombatStarted,
    ev.RoundStarted: Narrator._RoundStarted,
    ev.TurnStarted: Narrator._TurnStarted,
    ev.TurnSkipped: Narrator._TurnSkipped,
    ev.MadeFlatFooted: Narrator._MadeFlatFooted,
    ev.StreakReset: Narrator._StreakReset,
    ev.FlatFootedEnded: Narrator._silent,
    ev.AooUsed: Narrator._silent,
    ev.StreakSet: Narrator._silent,
    ev.Escaped: Narrator._silent,
    ev.PresenceEngaged: Narrator._silent,
    ev.PresenceEnded: Narrator._silent,
    ev.Delayed: Narrator._Delayed,
    ev.DelayEnded: Narrator._DelayEnded,
    ev.CombatEnded: Narrator._CombatEnded,
    ev.HpChanged: Narrator._HpChanged,
    ev.GmHpRolled: Narrator._GmHpRolled,
    ev.BleedRolled: Narrator._BleedRolled,
    ev.FreeRolled: Narrator._FreeRolled,
    ev.Removed: Narrator._Removed,
    ev.AttackRolled: Narrator._AttackRolled,
    ev.MissChanceRolled: Narrator._MissChanceRolled,
    ev.ConfusionRolled: Narrator._ConfusionRolled,
    ev.ConfusionCleared: Narrator._silent,
    ev.OngoingDamageRolled: Narrator._OngoingDamageRolled,
    ev.CriticalConfirmRolled: Narrator._CriticalConfirmRolled,
    ev.DamageRolled: Narrator._DamageRolled,
    ev.CriticalIgnored: Narrator._CriticalIgnored,
    ev.DamageReduced: Narrator._DamageReduced,
    ev.TempHpChanged: Narrator._TempHpChanged,
    ev.NonlethalChanged: Narrator._NonlethalChanged,
    ev.NonlethalAsLethal: Narrator._NonlethalAsLethal,
    ev.AmmoSpent: Narrator._AmmoSpent,
    ev.AttackRefused: Narrator._AttackRefused,
    ev.Moved: Narrator._Moved,
    ev.MovedAway: Narrator._MovedAway,
    ev.MoveStopped: Narrator._MoveStopped,
    ev.Engaged: Narrator._Engaged,
    ev.Disengaged: Narrator._Disengaged,
    ev.DefenseTotalRolled: Narrator._DefenseTotalRolled,
    ev.AttackTotalRolled: Narrator._AttackTotalRolled,
    ev.DisengageResolved: Narrator._DisengageResolved,
    ev.GuardStarted: Narrator._GuardStarted,
    ev.GuardEnded: Narrator._GuardEnded,
    ev.ReadyDeclared: Narrator._ReadyDeclared,
    ev.ReadyCleared: Narrator._ReadyCleared,
    ev.ReadyFired: Narrator._ReadyFired,
    ev.ReadyHeld: Narrator._ReadyHeld,
    ev.ReadyLapsed: Narrator._ReadyLapsed,
    ev.PriorityRolled: Narrator._PriorityRolled,
    ev.InterceptResolved: Narrator._InterceptResolved,
    ev.Declared: Narrator._Declared,
    ev.DeclarationCleared: Narrator._DeclarationCleared,
    ev.ValueSet: Narrator._ValueSet,
    ev.DeclarationSkipped: Narrator._DeclarationSkipped,
    ev.DiceSalted: Narrator._DiceSalted,
    ev.OrdersFollowed: Narrator._OrdersFollowed,
    ev.OrdersIdle: Narrator._OrdersIdle,
    ev.RuleFollowed: Narrator._RuleFollowed,
    ev.PlanCut: Narrator._PlanCut,
    ev.OrdersSet: Narrator._OrdersSet,
    ev.AbsenceSet: Narrator._AbsenceSet,
    ev.AbsenceCleared: Narrator._AbsenceCleared,
    ev.AbsentPassed: Narrator._AbsentPassed,
    ev.Reminded: Narrator._Reminded,
    ev.RoundDue: Narrator._RoundDue,
    ev.DiceCommitted: Narrator._DiceCommitted,
    ev.TurnEnded: Narrator._silent,
    ev.ActionSpent: Narrator._silent,
    ev.AttackRecorded: Narrator._silent,
    ev.DeclarationTaken: Narrator._silent,
    ev.ConditionApplied: Narrator._ConditionApplied,
    ev.ConditionRemoved: Narrator._ConditionRemoved,
    ev.ConditionTicked: Narrator._silent,
    ev.SkippedTurnCounted: Narrator._silent,
    ev.TurnHandedOver: Narrator._silent,
    # R-ACT, R-AOO-4 (issue 12)
    ev.AooDeclined: Narrator._AooDeclined,
    ev.InterceptDeclined: Narrator._InterceptDeclined,
    ev.ActionTaken: Narrator._ActionTaken,
    ev.UsesSpent: Narrator._silent,
    ev.ConcentrationRolled: Narrator._ConcentrationRolled,  # R-ACT-10
    ev.AidRolled: Narrator._AidRolled,  # R-ACT-12
    ev.AidGiven: Narrator._AidGiven,
    ev.Stabilized: Narrator._Stabilized,  # R-ACT-12, R-HP-4
    ev.AidUsed: Narrator._silent,
    ev.AidEnded: Narrator._silent,
    ev.TouchAttackRolled: Narrator._TouchAttackRolled,
    ev.TripChecked: Narrator._TripChecked,
    ev.SpellLost: Narrator._SpellLost,
    ev.StanceTaken: Narrator._StanceTaken,  # R-ACT-11
    ev.StanceEnded: Narrator._StanceEnded,
    ev.CheckRolled: Narrator._CheckRolled,
    ev.SaveRolled: Narrator._SaveRolled,
    ev.EffectRolled: Narrator._EffectRolled,
    ev.SaveReduced: Narrator._SaveReduced,
    ev.Added: Narrator._Added,
}
