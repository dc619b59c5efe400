"""`Resolution`: the state being resolved, the dice it draws, and the events emitted so far.

Every rule module takes a Resolution; the rules decide, emitting events, and `evolve` folds
each at once. Rules read `res.enc` after every `emit`, so a chain of effects (an AoO dropping
a mover) sees the state it produced, as in an event-sourced aggregate.

This module imports no rules and no actions: `pbwcombat.dispatch` merges what each rule family
declares (`pbwcombat.rules.families()`) into one `Tables`, and hands it to every Resolution;
the rules import this.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pbwcombat import events as ev
from pbwcombat.dice import DiceSource
from pbwcombat.errors import IllegalAction, Message, UsageError
from pbwcombat.evolve import FOLDS
from pbwcombat.model import Combatant, Encounter

Handler = Callable[["Resolution", Any], None]  # takes its Action (a type of its own each)
RoundHook = Callable[["Resolution"], None]
TurnHook = Callable[["Resolution", str], None]  # (res, combatant id)
EndHook = Callable[["Resolution", str, bool], None]  # (res, combatant id, taken: not skipped)


class Tables:
    """What the rule families declare, merged (`pbwcombat.dispatch.merge`): the handler of
    each action type and the turn-phase hooks, in family order. `rules/turns.py` runs the
    hooks; the order of the phases is documented there."""

    __slots__ = ("handlers", "on_round_start", "on_turn_start", "on_skipped_turn",
                 "on_turn_counted", "on_turn_end")

    def __init__(self, handlers: Mapping[type, Handler] | None = None,
                 on_round_start: tuple[RoundHook, ...] = (),
                 on_turn_start: tuple[TurnHook, ...] = (),
                 on_skipped_turn: tuple[TurnHook, ...] = (),
                 on_turn_counted: tuple[TurnHook, ...] = (),
                 on_turn_end: tuple[EndHook, ...] = ()) -> None:
        self.handlers: Mapping[type, Handler] = handlers or {}
        self.on_round_start = on_round_start
        self.on_turn_start = on_turn_start
        self.on_skipped_turn = on_skipped_turn
        self.on_turn_counted = on_turn_counted
        self.on_turn_end = on_turn_end


class Resolution:
    """The state being resolved, the dice it draws, and the events emitted so far."""

    def __init__(self, enc: Encounter, dice: DiceSource, now: str, force: bool = False,
                 dispatch: Callable[[Resolution, object, bool], None] | None = None,
                 tables: Tables | None = None) -> None:
        self.enc = enc
        self.tables = tables if tables is not None else Tables()
        self.dice = dice
        self.now = now
        self.force = force
        self.events: list[ev.Event] = []
        self._dispatch = dispatch
        # R-AOO-4: enemies declining their AoO / guards letting the act pass, this action
        self.no_aoo: frozenset[str] = frozenset()
        self.no_intercept: frozenset[str] = frozenset()
        self.declined: set[tuple[str, str]] = set()  # (enemy, mover) already narrated
        # ... and those the command itself names (`resolve`, `next --if-idle`): they hold
        # for every act it makes, declared or by standing orders
        self.command_no_aoo: frozenset[str] = frozenset()
        self.command_no_intercept: frozenset[str] = frozenset()
        # warnings for stderr (the command is applied all the same): the CLI says them in
        # the reader's language
        self.warnings: list[Message] = []
        # what a rule module worked out from one state of `enc` for many queries (the AoO
        # threat map of a walk, R-AOO-1), by name; each entry holds the encounter it is for
        self.memo: dict[str, Any] = {}

    def apply(self, action: object, ids_known: bool = False) -> None:
        """Resolve a further action inside this one (a declared round, standing orders),
        through the same dispatch table as a command (`pbwcombat.dispatch`). `ids_known`:
        its ids were taken from this encounter (standing orders), so the usage check of
        unknown ids and weapons is skipped."""
        if self._dispatch is None:
            raise TypeError("this Resolution was made without a dispatch table")
        self._dispatch(self, action, ids_known)

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)
        self.enc = FOLDS[type(event)](event, self.enc)  # `evolve`, inlined (hot)

    # -- all-or-nothing sub-actions (declared rounds) ---------------------------------
    def snapshot(self) -> tuple[Encounter, int, int, list[int], int]:
        return (self.enc, len(self.events), self.dice.n, list(self.dice.supplied),
                len(self.dice.drawn))

    def restore(self, snap: tuple[Encounter, int, int, list[int], int]) -> None:
        """Forget everything since `snap`, dice included: a refused action rolled nothing."""
        self.enc, n_events, self.dice.n, self.dice.supplied, n_drawn = snap
        del self.events[n_events:]
        del self.dice.drawn[n_drawn:]

    # -- lookups used by every rule module --------------------------------------
    def combatant(self, cid: str) -> Combatant:
        """An active combatant by id; unknown ids are usage errors (exit 2)."""
        c = self.enc.find(cid)
        if c is None or c.removed:
            raise UsageError("unknown_combatant", id=cid)
        return c

    def require_not_ended(self) -> None:
        """R-TRN-6: nothing more happens once the combat has ended (the one place it is said)."""
        if self.enc.state.phase == "ended":
            raise IllegalAction("R-TRN-6", "combat_has_ended")

    def require_combat(self) -> None:
        """Combat is on: not ended (R-TRN-6) and initiative rolled (R-INI-1)."""
        self.require_not_ended()
        if self.enc.state.phase == "setup":
            raise IllegalAction("R-INI-1", "combat_has_not_started_roll")

