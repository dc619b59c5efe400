"""R-ENG-6 (issue 23's two audit bugs): a successful disengagement frees the mover from those
opponents for the rest of its turn, and engagement with a combatant that falls ends at once."""

from __future__ import annotations

from pathlib import Path

from helpers import build, doc, engaged, events, melee, ok, pos, prepared, ranged, warrior


def _steps(run, path: Path) -> None:
    """Round 1: the goblin (first) attacks the hero (a miss); round 2: again, then the
    hero's turn, so a disengage needs the roll (R-DIS-2) and the hero is not first (R-DIS-4)."""
    ok(run("roll-initiative", path, "--dice", "15,10,5"))  # goblin, hero, archer
    ok(run("attack", path, "goblin", "hero", "--dice", "2"))
    for _ in range(3):
        ok(run("next", path))
    ok(run("attack", path, "goblin", "hero", "--dice", "2"))
    ok(run("next", path))


def skirmish(run, encounter) -> Path:
    """Hero (Defense 15) at (1,1) engaged with the goblin at (1,0) (5 hp); a goblin archer at
    (6,6) with a bow; round 2, the hero's turn."""
    text = build(
        warrior("goblin", "monsters", (1, 0), melee("blade", 4, "1d6+1"), hp=5),
        warrior("hero", "heroes", (1, 1), melee("sword", 4, "1d6+1"), defense=15),
        warrior("archer", "monsters", (6, 6), ranged("bow", 4, "1d8", 10)))
    path = prepared(encounter, ("r-eng-6",), text, lambda p: _steps(run, p))
    st = doc(path)["state"]
    assert (st["round"], st["turn"]) == (2, "hero")
    assert engaged(path, "hero") == ["goblin"]
    return path


def _escaped(path: Path) -> list[str]:
    return list(doc(path)["state"].get("spent", {}).get("escaped", []))


# -- 1. freed for the rest of the turn ---------------------------------------------------------


def test_R_ENG_6_move_after_disengage_provokes_nothing(run, encounter):
    path = skirmish(run, encounter)
    r = ok(run("disengage", path, "hero", "--dice", "15,3", "--format", "json"))
    assert events(r, "DisengageResolved")[0]["success"]
    assert engaged(path, "hero") == [] and _escaped(path) == ["goblin"]
    r = ok(run("move", path, "hero", "1,4", "--format", "json"))
    assert events(r, "AttackRolled") == [] and events(r, "DisengageResolved") == []
    assert events(r, "MoveStopped") == []
    assert pos(path, "hero") == [1, 4] and engaged(path, "hero") == []


def test_R_ENG_6_reckless_disengage_then_move_provokes_nothing(run, encounter):
    path = skirmish(run, encounter)
    r = ok(run("disengage", path, "hero", "--reckless", "--dice", "1", "--format", "json"))
    assert events(r, "DisengageResolved")[0]["success"]
    r = ok(run("move", path, "hero", "1,4", "--format", "json"))
    assert events(r, "AttackRolled") == [] and pos(path, "hero") == [1, 4]


def test_R_ENG_6_no_reengagement_with_the_escaped_this_turn(run, encounter):
    """Moving away and back within the goblin's reach does not engage it again this turn."""
    path = skirmish(run, encounter)
    ok(run("disengage", path, "hero", "--dice", "15,3"))
    ok(run("move", path, "hero", "2,1"))
    assert engaged(path, "hero") == [] and engaged(path, "goblin") == []


def test_R_ENG_6_freedom_ends_with_the_turn_and_undo_restores_it(run, encounter):
    path = skirmish(run, encounter)
    ok(run("disengage", path, "hero", "--dice", "15,3"))
    assert _escaped(path) == ["goblin"]
    ok(run("undo", path))
    assert _escaped(path) == [] and engaged(path, "hero") == ["goblin"]
    ok(run("disengage", path, "hero", "--dice", "15,3"))
    ok(run("next", path))
    assert doc(path)["state"]["turn"] == "archer" and _escaped(path) == []


# -- 2. a fallen foe's engagement ends at once -------------------------------------------------


def test_R_ENG_6_foe_dropped_ends_engagement_and_archer_may_shoot(run, encounter):
    path = skirmish(run, encounter)
    r = ok(run("attack", path, "hero", "goblin", "--dice", "18,6", "--format", "json"))
    assert doc(path)["combatants"][0]["hp"] <= 0
    assert [(e["a"], e["b"]) for e in events(r, "Disengaged")] == [("goblin", "hero")]
    assert engaged(path, "hero") == [] and engaged(path, "goblin") == []
    ok(run("hp", path, "goblin", "+10"))  # healed: the engagement does not come back
    assert engaged(path, "hero") == [] and engaged(path, "goblin") == []
    ok(run("next", path))
    assert doc(path)["state"]["turn"] == "archer"
    r = run("attack", path, "archer", "hero", "--dice", "10,3")
    assert r.code == 0, r.err  # not "no shooting into melee"


def test_R_ENG_6_fall_is_narrated_in_both_languages(run, encounter):
    path = skirmish(run, encounter)
    r = ok(run("hp", path, "goblin", "-9"))
    assert "Goblin and Hero are no longer engaged." in r.out
    ok(run("undo", path))
    r = ok(run("hp", path, "goblin", "-9", "--lang", "es"))
    assert "Goblin y Hero ya no están entablados." in r.out


def test_R_ENG_6_prone_ends_engagement_and_standing_up_does_not_restore_it(run, encounter):
    path = skirmish(run, encounter)
    ok(run("condition", path, "goblin", "prone"))
    assert engaged(path, "hero") == [] and engaged(path, "goblin") == []
    ok(run("condition", path, "goblin", "prone", "--remove"))
    assert engaged(path, "hero") == [] and engaged(path, "goblin") == []
