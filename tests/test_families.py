"""Issue 21: the rule families register, the engine owns the tables.

Every Action type has exactly one handler (from exactly one family), every event type exactly
one fold or a place in `evolve.NO_STATE_CHANGE`, and one narration row; declarability is a
property of the action class; the turn-phase hooks run in the documented family order."""

from __future__ import annotations

import types

import pytest

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat import evolve
from pbwcombat.dispatch import HANDLERS, TABLES, merge
from pbwcombat.render.narrate import NARRATION
from pbwcombat.rules import NEEDS, families


def _action_types() -> set[type[act.Action]]:
    found: set[type[act.Action]] = set()
    todo = [act.Action]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__module__ == act.__name__:
                found.add(sub)
            todo.append(sub)
    return found


def test_every_action_type_has_exactly_one_handler_from_one_family() -> None:
    assert set(HANDLERS) == _action_types()
    owners: dict[type, list[str]] = {}
    for family in families():
        for kind in getattr(family, "HANDLES", {}):
            owners.setdefault(kind, []).append(family.__name__)
    assert {k: v for k, v in owners.items() if len(v) != 1} == {}
    assert set(owners) == _action_types()


def test_NEEDS_names_each_action_types_handler_family_then_its_guards_families() -> None:
    """Issue 29: `dispatch` imports only `rules.NEEDS[type]` for an action type: the family
    whose HANDLES has it, then every family whose GUARDS check it, in family order."""
    expected: dict[str, list[str]] = {}
    for family in families():
        for kind in getattr(family, "HANDLES", {}):
            expected.setdefault(kind.__name__, []).insert(0, family.__name__.rpartition(".")[2])
    for family in families():
        for kind in getattr(family, "GUARDS", {}):
            expected[kind.__name__].append(family.__name__.rpartition(".")[2])
    assert {kind: tuple(names) for kind, names in expected.items()} == NEEDS
    assert {kind.__name__ for kind in _action_types()} == set(NEEDS)


def test_merge_refuses_an_action_handled_by_two_families() -> None:
    one = types.ModuleType("one")
    two = types.ModuleType("two")
    one.HANDLES = {act.End: lambda res, x: None}  # type: ignore[attr-defined]
    two.HANDLES = {act.End: lambda res, x: None}  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="End is handled by two families"):
        merge([one, two])


def test_each_handler_takes_its_action_type() -> None:
    """A handler's second parameter is annotated with the action type it is registered for."""
    for kind, handler in HANDLERS.items():
        hints = handler.__annotations__
        second = list(hints.values())[1]
        assert second in (kind.__name__, f"act.{kind.__name__}", kind), (kind, handler)


def test_every_event_has_exactly_one_fold_or_is_listed_as_changing_no_state() -> None:
    default = evolve._fold.registry[object]
    for kind in ev.EVENTS:
        folded = evolve._fold.dispatch(kind) is not default
        assert folded != (kind in evolve.NO_STATE_CHANGE), kind.__name__
    assert set(evolve.NO_STATE_CHANGE) <= set(ev.EVENTS)


def test_every_event_has_one_narration_row() -> None:
    assert set(NARRATION) == set(ev.EVENTS)


def test_an_unlisted_event_without_a_fold_is_an_error_not_a_silent_no_op() -> None:
    class Unheard(ev.Event):
        who: str

    with pytest.raises(LookupError, match="Unheard has no fold"):
        evolve._fold(Unheard("x"), None)  # type: ignore[arg-type]


def test_declarable_is_a_property_of_the_action_class() -> None:
    declarable = {cls for cls in _action_types() if cls.DECLARABLE}
    assert declarable == {act.Attack, act.Move, act.Disengage, act.Intercept, act.Delay,
                          act.TakeAction, act.Ready}  # R-RDY-5: `declare WHO ready …`
    assert act.DECLARABLE == ("attack", "move", "disengage", "intercept", "delay", "action",
                              "ready")


def test_R_CND_3_turn_hooks_run_in_the_documented_family_order() -> None:
    from pbwcombat.rules import (
        aid,
        conditions,
        confusion,
        disengage,
        hp,
        intercept,
        presence,
        ready,
        stance,
        turns,
    )

    # R-ACT-12's aid given by the one whose turn starts ends; R-CND-6 ongoing damage, R-CND-2's
    # durations, R-CND-7's d100 (the Clarifications); R-RDY plans lapse; R-ENG-5 presence;
    # then R-ACT-11's stances end
    assert TABLES.on_turn_start == (aid.end_aid, conditions.ongoing_damage,
                                    conditions.tick_turn_start, confusion.roll_confusion,
                                    ready.lapse, presence.at_turn_start, stance.end_stance)
    assert TABLES.on_skipped_turn == (hp.bleed_if_dying,)
    assert TABLES.on_turn_counted == (intercept.end_guard, turns.end_flat_footed)
    assert TABLES.on_turn_end == (disengage.reset_idle_streak, conditions.expire_turn_end,
                                  conditions.end_of_turn_saves,  # R-CND-6 after R-CND-2
                                  confusion.clear_confusion)
    assert TABLES.on_round_start == (conditions.expire_orphans,)
