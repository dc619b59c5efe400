"""The encounter's lookup caches (the id index, the facts: counts per side, who still stands,
whose conditions run) follow each folded event: they are carried along while they stay true
and dropped when what they derive from changes."""

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


def test_replace_leaves_the_original_and_the_authored_fields():
    enc = _enc()
    later = enc.replace(name="Mill")
    assert later.name == "Mill" and enc.name == ""
    assert later.fields_set == enc.fields_set  # what the author wrote, not what changed


def test_the_file_keeps_changed_fields_off_their_default_and_drops_them_back_at_it():
    """Changes need no mark: `_keep` writes a field the author wrote or one off its default.
    A condition that comes and goes leaves no `conditions` table behind; a changed name is
    written; the author's own keys stay even at their default."""
    from pbwcombat.document import to_document
    from pbwcombat.model import Condition, Rules

    enc = _enc().replace(rules=Rules.new())
    held = enc.with_combatant("a", conditions={"prone": Condition.new()})
    assert "conditions" in to_document(held)["combatants"][0]
    freed = held.with_combatant("a", conditions={})
    assert "conditions" not in to_document(freed)["combatants"][0]
    assert to_document(enc.replace(name="Mill"))["name"] == "Mill"
    authored = Combatant.new(id="d", name="d", side="y", defense=10, hp=5, dodge=0)
    assert to_document(enc.replace(combatants=(authored,)))["combatants"][0]["dodge"] == 0


def test_facts_are_kept_across_other_changes_and_dropped_by_status_conditions_presence():
    """Encounter.fact (R-TRN-6's standing sides, R-CND-2's condition holders): a change to
    another field keeps the cached fact; a status, condition or presence change, or new
    combatants, makes it be computed again, so it never answers for an older state."""
    from pbwcombat.model import Condition
    from pbwcombat.rules.turns import winner_if_over

    calls: list[int] = []

    def holders(people: tuple[Combatant, ...]) -> tuple[str, ...]:
        calls.append(1)
        return tuple(c.id for c in people if c.conditions)

    enc = _enc()
    assert enc.fact("holders", holders) == () and len(calls) == 1
    moved = enc.with_combatant("a", flat_footed=True)
    assert moved.fact("holders", holders) == () and len(calls) == 1  # kept
    held = moved.with_combatant("b", conditions={"prone": Condition.new()})
    assert held.fact("holders", holders) == ("b",) and len(calls) == 2  # dropped
    assert enc.fact("holders", holders) == ()  # the older state keeps its own answer
    assert winner_if_over(held) is None
    down = held.with_combatant("c", hp=-1, status="dying")
    assert winner_if_over(down) == "x"  # the standing sides followed the status
    gone = held.with_combatant("c", removed=True)
    assert winner_if_over(gone) == "x" and gone.side_counts() == {"x": 2}
    fresh = held.replace(combatants=held.combatants[:1])
    assert fresh.fact("holders", holders) == () and fresh.get("a").id == "a"


def test_the_id_index_is_built_once_along_a_chain_of_changes():
    """Issue 29 (roll-initiative quadratic in combatants): the index `changed` builds for its
    lookup goes into the copy it returns, so the next change in the chain finds it instead of
    building it again (one O(n) build per fold, not per event); lookups stay right."""
    enc = _enc()
    assert "_index" not in enc.__dict__
    first = enc.with_combatant("b", hp=4)
    built = first.__dict__["_index"]
    later = first.with_combatant("c", hp=3).with_state(round=2).with_combatant("a", hp=2)
    assert later.__dict__["_index"] is built
    assert [(c.id, c.hp) for c in later.combatants] == [("a", 2), ("b", 4), ("c", 3)]
    assert later.get("c").hp == 3 and later.find("b") is later.combatants[1]
    assert enc.with_combatant("a", hp=1).replace(combatants=enc.combatants[:2]).find("c") is None


def test_R_HP_7_R_TRN_6_lethal_damage_below_the_nonlethal_knocks_out_a_side():
    """R-HP-7: nonlethal damage above the current hp is `unconscious`, which R-TRN-6 does not
    count as standing: lethal damage that brings hp under the nonlethal (status still "ok",
    nonlethal unchanged) ends the fight, though the standing sides were known before it."""
    from pbwcombat.rules.turns import winner_if_over

    people = (Combatant.new(id="a", name="a", side="x", defense=10, hp=10, nonlethal=6),
              Combatant.new(id="b", name="b", side="y", defense=10, hp=10))
    enc = Encounter.new(combatants=people, state=State.new(spent=TurnSpent.new()))
    assert winner_if_over(enc) is None  # 6 nonlethal under 10 hp: both sides stand
    hit = enc.with_combatant("a", hp=5)  # 6 > 5: knocked out
    assert hit.get("a").status == "ok" and hit.get("a").nonlethal_state == "unconscious"
    assert winner_if_over(hit) == "y"
    healed = hit.with_combatant("a", hp=8)  # 6 < 8: awake again
    assert winner_if_over(healed) is None
