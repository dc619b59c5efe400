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

A command imports only the families its action needs (issue 29: start-up), `NEEDS`, by name;
the turn-phase hooks load every family when a phase first runs (`pbwcombat.dispatch`).
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


# Which families `pbwcombat.dispatch` imports when it first meets an action type (by class
# name): the one whose HANDLES has it, then those whose GUARDS check it, in `families()` order.
# Derived from the families' own declarations, which stay the one place a rule lives
# (tests/test_families.py checks this table against them).
NEEDS: dict[str, tuple[str, ...]] = {
    "Absent": ("pacing",),
    "Act": ("turns",),
    "Add": ("newcomers",),
    "Attack": ("charge", "confusion"),
    "ClearDeclaration": ("declared",),
    "Declare": ("declared",),
    "Delay": ("turns", "confusion"),
    "DiceCommit": ("rolls",),
    "DiceSalt": ("rolls",),
    "Disengage": ("movement",),
    "End": ("turns",),
    "FreeRoll": ("rolls",),
    "FullAttack": ("attack", "confusion"),
    "Hp": ("hp",),
    "Intercept": ("intercept", "confusion"),
    "Move": ("movement", "confusion"),
    "Next": ("pacing",),
    "Ready": ("ready",),
    "Remind": ("pacing",),
    "Remove": ("turns",),
    "Resolve": ("declared",),
    "RollInitiative": ("initiative",),
    "SetCondition": ("conditions",),
    "SetOrders": ("conditional",),
    "SetValue": ("gm_set",),
    "StandUp": ("conditions",),
    "TakeAction": ("menu", "confusion"),
}
# Families that others reach through a registry filled when they load, not through the
# tables (`rules.orders.RULE_PLAYER`, filled by `rules.conditional`: any action may end in
# standing orders, R-ORD-4, and `odds` plays orders before it dispatches anything): imported
# with `pbwcombat.dispatch`.
ALWAYS = ("conditional",)
