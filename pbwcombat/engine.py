"""apply(encounter, action) = the rules decide, emitting events, and evolve folds each at once.

Rules read `res.enc` after every `emit`, so a chain of effects (an AoO dropping a mover) sees
the state it produced, as in an event-sourced aggregate.
"""

from __future__ import annotations

from pbwcombat import events as ev
from pbwcombat.dice import DiceSource
from pbwcombat.errors import IllegalAction, UsageError
from pbwcombat.evolve import evolve
from pbwcombat.model import Combatant, Encounter


class Resolution:
    """The state being resolved, the dice it draws, and the events emitted so far."""

    def __init__(self, enc: Encounter, dice: DiceSource, now: str, force: bool = False) -> None:
        self.enc = enc
        self.dice = dice
        self.now = now
        self.force = force
        self.events: list[ev.Event] = []

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)
        self.enc = evolve(self.enc, event)

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
            raise UsageError(f'unknown combatant "{cid}"')
        return c

    def require_combat(self) -> None:
        phase = self.enc.state.phase
        if phase == "ended":
            raise IllegalAction("R-TRN-6", "the combat has ended")
        if phase == "setup":
            raise IllegalAction("R-INI-1", "combat has not started: roll initiative first")


def apply_action(enc: Encounter, action: object, dice: DiceSource, now: str,
                 force: bool = False) -> Resolution:
    """Resolve one action; raises IllegalAction/UsageError and leaves `enc` untouched."""
    from pbwcombat.actions import dispatch

    res = Resolution(enc, dice, now, force)
    dispatch(res, action)
    return res
