"""The encounter's lookup caches (active combatants, counts per side, the id index) follow
each folded event: `with_combatant` carries them over only when they stay true."""

from __future__ import annotations

from pbwcombat.model import Combatant, Encounter, State, TurnSpent


def _enc() -> Encounter:
    people = tuple(Combatant.new(id=i, name=i, side=s, defense=10, hp=5)
                   for i, s in (("a", "x"), ("b", "x"), ("c", "y")))
    return Encounter.new(combatants=people, state=State.new(spent=TurnSpent.new()))


def test_active_and_side_counts_follow_a_changed_combatant():
    enc = _enc()
    assert enc.side_counts() == {"x": 2, "y": 1} and len(enc.active) == 3
    hurt = enc.with_combatant("b", hp=1)
    assert [c.hp for c in hurt.active] == [5, 1, 5]  # the new record, not the cached one
    assert hurt.active[1] is hurt.get("b")
    assert hurt.side_counts() == {"x": 2, "y": 1}
    gone = hurt.with_combatant("a", removed=True)
    assert [c.id for c in gone.active] == ["b", "c"]
    assert gone.side_counts() == {"x": 1, "y": 1}
    again = gone.with_combatant("c", hp=0)  # with someone removed: still right
    assert [(c.id, c.hp) for c in again.active] == [("b", 1), ("c", 0)]
    assert again.side_counts() == {"x": 1, "y": 1}
    assert enc.get("b").hp == 5 and [c.hp for c in enc.active] == [5, 5, 5]  # untouched


def test_with_field_marks_the_field_as_written_and_leaves_the_original():
    enc = _enc()
    later = enc.with_field("name", "Mill")
    assert later.name == "Mill" and enc.name == ""
    assert "name" in later.fields_set and "name" not in enc.fields_set
    assert later.with_field("name", "Ford").fields_set == later.fields_set
