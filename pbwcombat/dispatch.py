"""Dispatch: the rule families' declarations merged into the engine's tables.

Each family module (`pbwcombat.rules.families()`) declares `HANDLES` ({Action type: handler})
and its turn-phase hooks; `merge` joins them into one `Tables` (refusing an action handled
twice), and `apply_action(encounter, action)` checks the ids (usage before rules), then calls
the handler registered for `type(action)`. A new action: an Action in `actions.py`, a row in
its family's `HANDLES` and in `rules.NEEDS`; a new family: a module with its declarations,
named in `rules/__init__.py`.

The families load as they are needed (issue 29: a command's start-up): the first time an
action type is dispatched, the families `rules.NEEDS` names for it are imported and their
declarations taken (an attack does not import every family); the first time a turn phase
runs, every family is, for its hooks in family order. After that a lookup is one dict get or
one attribute, as before (the simulator's hot loop). `HANDLERS` and `GUARDS`, read as module
attributes, are the complete tables (every family loaded).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from types import ModuleType
from typing import Any

from pbwcombat import actions as a
from pbwcombat.dice import DiceSource
from pbwcombat.engine import Handler, Resolution, Tables
from pbwcombat.model import Encounter
from pbwcombat.rules import ALWAYS, NEEDS, families, intercept, presence, ready
from pbwcombat.rules.pacing import expire_absences
from pbwcombat.rules.usage import check_ids

PHASES = ("ON_ROUND_START", "ON_TURN_START", "ON_SKIPPED_TURN", "ON_TURN_COUNTED",
          "ON_TURN_END")


def merge(modules: Iterable[ModuleType]) -> Tables:
    """One table from the families' declarations; an action type handled by two families is a
    programming error (TypeError: tests/test_families.py merges every family)."""
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


class _Handlers(dict[type, Handler]):
    """{Action type: handler}, filled as the types are met: a missing type imports the
    families it needs (`rules.NEEDS`; all of them for a type the table does not name)."""

    def __missing__(self, kind: type) -> Handler:
        _take(NEEDS.get(kind.__name__) or tuple(f.__name__ for f in families()))
        return dict.__getitem__(self, kind)  # still missing: no family handles it (KeyError)


_HANDLERS = _Handlers()
# Families' checks made before an action's handler (`GUARDS = {Action type: check}`): a
# condition that limits what its holder may do this turn (R-CND-7's confusion result)
_GUARDS: dict[type, Any] = {}
_TAKEN: set[str] = set()  # the families whose HANDLES and GUARDS are in the two tables


def _take(names: Iterable[str]) -> None:
    """Import the families named (and `rules.ALWAYS`) and add their declarations; an action
    type handled or guarded by two families is a programming error (TypeError)."""
    for name in (*ALWAYS, *names):
        name = name.rpartition(".")[2]
        if name in _TAKEN:
            continue
        family = importlib.import_module(f"pbwcombat.rules.{name}")
        for table, attribute in ((_HANDLERS, "HANDLES"), (_GUARDS, "GUARDS")):
            for kind, check in getattr(family, attribute, {}).items():
                if kind in table:
                    raise TypeError(f"{kind.__name__} is in the {attribute} of two families "
                                    f"({table[kind].__module__}, {family.__name__})")
                table[kind] = check
        _TAKEN.add(name)


HOOKS = tuple(slot for slot in Tables.__slots__ if slot != "handlers")


class _Tables(Tables):
    """The engine's tables with the turn-phase hooks merged from every family the first time
    a phase asks for them (an unset slot: `__getattr__`), then plain attributes."""

    __slots__ = ()

    def __init__(self) -> None:  # the hooks' slots stay unset until a phase runs
        self.handlers = _HANDLERS

    def __getattr__(self, name: str) -> Any:
        if name not in HOOKS:
            raise AttributeError(name)
        everything = families()
        _take(f.__name__ for f in everything)
        merged = merge(everything)
        for slot in HOOKS:
            setattr(self, slot, getattr(merged, slot))
        return getattr(self, name)


TABLES: Tables = _Tables()
_take(())  # rules.ALWAYS now: standing orders may be played before any action is dispatched


def __getattr__(name: str) -> Any:
    """`HANDLERS` and `GUARDS`: the complete tables, every family imported."""
    if name in ("HANDLERS", "GUARDS"):
        _take(f.__name__ for f in families())
        return _HANDLERS if name == "HANDLERS" else _GUARDS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    handler = _HANDLERS[type(action)]  # first: a type met the first time loads its guards
    guard = _GUARDS.get(type(action))
    if guard is not None:
        guard(res, action)
    handler(res, action)


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
