"""Rules, one module per family. Pure functions over a `Resolution`: they check legality
(raising IllegalAction with the rule id) and emit events; they never print or touch files.

A rule *family* is a module that declares what it adds to the engine, as module attributes
(all optional): `HANDLES` ({Action type: handler taking the Action}), and its turn-phase
hooks `ON_ROUND_START`, `ON_TURN_START`, `ON_SKIPPED_TURN`, `ON_TURN_COUNTED`,
`ON_TURN_END` (tuples of functions; `rules/turns.py` says when each phase runs). The effects
of conditions are one table, `rules/effects.py` (read by the model and every family).
`pbwcombat.dispatch` merges the families below into typed tables; a test checks that every
Action type has exactly one handler. Modules that declare nothing (allowance, engagement)
are helpers the families share.

The list is a function, not a module-level tuple: importing any `pbwcombat.rules.x` runs this
file, and the value layer imports `rules.effects`, which must not load every rule (nor the
model, half-imported, through them).
"""

from __future__ import annotations

from types import ModuleType


def families() -> tuple[ModuleType, ...]:
    """Every rule family, in the order their hooks of one phase run (a guard ends before
    flat-footedness does, R-INT-1 then R-TRN-5; the disengage streak resets before
    durations end, R-DIS-6 then R-CND-2)."""
    from pbwcombat.rules import (
        actions,
        aid,
        attack,
        charge,
        conditional,
        conditions,
        confusion,
        declared,
        disengage,
        gm_set,
        hp,
        initiative,
        intercept,
        menu,
        movement,
        newcomers,
        orders,
        pacing,
        presence,
        ready,
        rolls,
        stance,
        turns,
    )

    return (initiative, intercept, aid, turns, hp, rolls, attack, movement, disengage, actions,
            conditions, confusion, newcomers, declared, orders, conditional, pacing, gm_set,
            ready, presence, stance, charge, menu)
