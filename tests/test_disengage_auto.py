"""R-DIS-4 automatic disengagement: opponents prone, stunned or paralyzed count as down
(R-CND-3), and `rules.first_disengages` (seed: "queda primero en el orden de Iniciativa")."""

from __future__ import annotations

from helpers import build, events, ok, roll_init, state, warrior, who


def hero_beside_orc(rules: str = "") -> str:
    """Two warriors side by side, the hero at (0, 0) with init +5, the orc at (1, 0)."""
    return build(warrior("hero", "heroes", (0, 0), init=5),
                 warrior("orc", "monsters", (1, 0)), rules=rules)


def blows(run, encounter, rules: str = ""):
    """Round 1: each attacks the other; round 2 begins on the hero's turn."""
    path = encounter(hero_beside_orc(rules))
    roll_init(run, path, "15,5")
    ok(run("attack", path, "hero", "orc", "--dice", "2"))
    ok(run("next", path))
    ok(run("attack", path, "orc", "hero", "--dice", "2"))
    ok(run("next", path))
    assert (state(path)["round"], state(path)["turn"]) == (2, "hero")
    return path


def walk_away(run, path, who: str = "hero", to: str = "0,3"):
    r = ok(run("move", path, who, to, "--format", "json", "--dice", "10,10"))
    (res,) = events(r, "DisengageResolved")
    return res, r


def test_R_DIS_4_prone_opponent_counts_as_down(run, encounter):
    """R-DIS-4's first clause as it becomes true (R-ENG-6): a prone, stunned or paralyzed
    orc's engagement ends at once, so the hero walks off with no roll and no AoO."""
    for name in ("prone", "stunned", "paralyzed"):
        path = blows(run, encounter)
        r = ok(run("condition", path, "orc", name, "--format", "json"))
        assert [(e["a"], e["b"]) for e in events(r, "Disengaged")] == [("orc", "hero")], name
        r = ok(run("move", path, "hero", "0,3", "--dice", "2", "--format", "json"))
        assert not events(r, "DefenseTotalRolled"), name
        assert all(e["auto"] == "opponents_down" for e in events(r, "DisengageResolved"))
        # a prone orc still threatens (SRD): the hero, no longer engaged, provokes its AoO
        assert len(events(r, "AttackRolled")) == (name == "prone"), name
        assert who(path, "hero")["position"] == [0, 3], name
        path.unlink()
        path.with_name(path.name + ".journal").unlink()


def test_R_DIS_4_a_blessed_opponent_is_not_down(run, encounter):
    path = blows(run, encounter)
    ok(run("condition", path, "orc", "blessed"))
    res, r = walk_away(run, path)
    assert res["auto"] == "" and events(r, "DefenseTotalRolled")


def test_R_DIS_4_first_disengages_without_dice(run, encounter):
    path = blows(run, encounter, "first_disengages = true")
    res, r = walk_away(run, path)
    assert res["success"] and res["auto"] == "first_in_order"
    assert not events(r, "DefenseTotalRolled")
    assert "first in the initiative order" in r.json()["text"]


def test_R_DIS_4_first_disengages_off_by_default(run, encounter):
    path = blows(run, encounter)
    res, r = walk_away(run, path)
    assert res["auto"] == "" and events(r, "DefenseTotalRolled")


def test_R_DIS_4_first_disengages_only_before_other_actions(run, encounter):
    path = blows(run, encounter, "first_disengages = true")
    ok(run("attack", path, "hero", "orc", "--dice", "2"))
    res, r = walk_away(run, path)
    assert res["auto"] == "" and events(r, "DefenseTotalRolled")


def test_R_DIS_4_first_disengages_only_the_first(run, encounter):
    path = blows(run, encounter, "first_disengages = true")
    ok(run("attack", path, "hero", "orc", "--dice", "2"))
    ok(run("next", path))  # the orc, second in the order, attacked since its last turn
    res, r = walk_away(run, path, "orc", "4,0")
    assert res["auto"] == "" and events(r, "DefenseTotalRolled")


def test_R_DIS_4_first_disengages_with_the_disengage_command(run, encounter):
    path = blows(run, encounter, "first_disengages = true")
    r = ok(run("disengage", path, "hero", "--format", "json"))
    (res,) = events(r, "DisengageResolved")
    assert res["auto"] == "first_in_order" and res["success"]
