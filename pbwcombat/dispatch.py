"""Dispatch: the rule families' declarations merged into the engine's tables.

Each family module (`pbwcombat.rules.families()`) declares `HANDLES` ({Action type: handler})
and its turn-phase hooks; `merge` joins them into one `Tables` (refusing an action handled
twice), and `apply_action(encounter, action)` checks the ids (usage before rules), then calls
the handler registered for `type(action)`. A new action: an Action in `actions.py` and a row
in its family's `HANDLES`; a new family: a module with its declarations, named in
`rules/__init__.py`.

All rule modules load with this one (about 1 ms of start-up, `python -X importtime`): the
tables are built once, at import, so that a lookup in the simulator's hot loop is one dict get.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import ModuleType
from typing import Any

from pbwcombat import actions as a
from pbwcombat.dice import DiceSource
from pbwcombat.engine import Handler, Resolution, Tables
from pbwcombat.model import Encounter
from pbwcombat.rules import families, intercept, presence, ready
from pbwcombat.rules.pacing import expire_absences
from pbwcombat.rules.usage import check_ids

PHASES = ("ON_ROUND_START", "ON_TURN_START", "ON_SKIPPED_TURN", "ON_TURN_COUNTED",
          "ON_TURN_END")


def merge(modules: Iterable[ModuleType]) -> Tables:
    """One table from the families' declarations; an action type handled by two families is a
    programming error (TypeError at import, so no command runs with it)."""
    modules = tuple(modules)
    handlers: dict[type, Handler] = {}
    for family in modules:
        for kind, handler in getattr(family, "HANDLES", {}).items():
            if kind in handlers:
                raise TypeError(f"{kind.__name__} is handled by two families "
                                f"({handlers[kind].__module__}, {family.__name__})")
            handlers[kind] = handler
    hooks: dict[str, tuple[Any, ...]] = {
        phase: tuple(h for family in modules for h in getattr(family, phase, ()))
        for phase in PHASES}
    return Tables(handlers, hooks["ON_ROUND_START"], hooks["ON_TURN_START"],
                  hooks["ON_SKIPPED_TURN"], hooks["ON_TURN_COUNTED"], hooks["ON_TURN_END"])


TABLES = merge(families())
HANDLERS = TABLES.handlers
# Families' checks made before an action's handler (`GUARDS = {Action type: check}`): a
# condition that limits what its holder may do this turn (R-CND-7's confusion result)
GUARDS: dict[type, Any] = {kind: check for family in families()
                           for kind, check in getattr(family, "GUARDS", {}).items()}


def dispatch(res: Resolution, action: object, ids_known: bool = False) -> None:
    """Check the ids (exit 2 whatever the state; not when the caller took them from the
    encounter), then resolve `action` by its rule."""
    if not ids_known:
        check_ids(res, action)
    # R-AOO-4: this action's declines, and the command's (a declared round, orders)
    no_aoo = getattr(action, "no_aoo", ())
    no_intercept = getattr(action, "no_intercept", ())
    res.no_aoo = res.command_no_aoo.union(no_aoo) if no_aoo else res.command_no_aoo
    res.no_intercept = (res.command_no_intercept.union(no_intercept) if no_intercept
                        else res.command_no_intercept)
    res.declined = set()
    guard = GUARDS.get(type(action))
    if guard is not None:
        guard(res, action)
    HANDLERS[type(action)](res, action)


def apply_action(enc: Encounter, action: a.Action, dice: DiceSource, now: str,
                 force: bool = False) -> Resolution:
    """Resolve one action; raises IllegalAction/UsageError and leaves `enc` untouched."""
    res = Resolution(enc, dice, now, force, dispatch, TABLES)
    res.command_no_aoo = frozenset(getattr(action, "no_aoo", ()))
    res.command_no_intercept = frozenset(getattr(action, "no_intercept", ()))
    expire_absences(res)  # R-PAC-2: dropped by the first command after it passes
    dispatch(res, action)
    if res.enc.state.phase in ("surprise", "combat"):
        presence.refresh(res)  # R-ENG-5: after every command
        ready.drop_unable(res)  # R-CND-5: no actions, no readied plan
        intercept.drop_unable(res)  # … and no guard
    return res
