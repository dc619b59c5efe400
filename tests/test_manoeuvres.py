"""R-ACT-12: coup de grace, aid another, trip (with `attack --full --trip` and `--counter`)
and stabilize, with the dice orders of the Clarifications. Dice only through --dice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import build, events, melee, ok, refused, snapshot, state, warrior, who


def _party(encounter: Any, run: Any, *, guard: str = "", ogre: str = "",
           aldric: str = "", sword: str = "") -> Path:
    """Aldric (sword +5, 1d8+3, str +3) at 0,0, Tom (mace +3) at 0,1, the ogre (club +4,
    str +5, large) at 1,0, a guard (spear) at 1,1; Aldric's turn, everyone else has acted."""
    path = encounter(build(
        warrior("aldric", "pcs", (0, 0), sword or melee("sword", attack=5, damage="1d8+3"),
                extra="str_mod = 3\nskills = { heal = 5 }\n" + aldric),
        warrior("tom", "pcs", (0, 1), melee("mace", attack=3, damage="1d8")),
        warrior("ogre", "gobs", (1, 0), melee("club", attack=4, damage="2d8"),
                extra='str_mod = 5\nsize = "large"\n' + ogre, hp=40),
        warrior("guard", "gobs", (1, 1), melee("spear", attack=2, damage="1d8"),
                extra=guard, hp=12)))
    ok(run("roll-initiative", path, "--dice", "18,17,20,19"))  # ogre, guard, aldric, tom
    while state(path)["turn"] != "aldric":  # an unconscious guard's turn is skipped
        ok(run("next", path))
    return path


def _types(out: Any, *keep: str) -> list[str]:
    return [e["type"] for e in events(out) if e["type"] in keep]


SLEEPING = "\n[combatants.conditions.unconscious]\n"


# -- coup de grace ------------------------------------------------------------------------


def test_R_ACT_12_coup_de_grace_damage_dice_then_fortitude_and_death(run, encounter):
    path = _party(encounter, run, guard=SLEEPING)
    out = ok(run("action", path, "aldric", "coup-de-grace", "--target", "guard", "--dice",
                 "1,2,2,5", "--format", "json"))
    # the ogre's AoO (a natural 1), the damage dice (×2, no confirmation), the Fortitude d20
    assert _types(out, "AttackRolled", "DamageRolled", "SaveRolled",
                  "CriticalConfirmRolled") == ["AttackRolled", "DamageRolled", "SaveRolled"]
    dmg = events(out, "DamageRolled")[0]
    assert dmg["critical"] and dmg["amount"] == 10  # (2+3) + (2+3)
    save = events(out, "SaveRolled")[0]
    assert save["dc"] == 20 and not save["success"]  # 10 + 10
    assert who(path, "guard")["status"] == "dead"
    assert state(path)["spent"]["full_round"] is True


def test_R_ACT_12_coup_de_grace_survived_with_a_save(run, encounter):
    path = _party(encounter, run, guard="saves = { fort = 30 }\n" + SLEEPING)
    ok(run("action", path, "aldric", "coup-de-grace", "--target", "guard", "--dice",
           "1,1,1,5"))
    guard = who(path, "guard")
    assert guard["hp"] == 4 and guard.get("status", "ok") != "dead"


def test_R_ACT_12_coup_de_grace_dc_uses_the_damage_after_dr(run, encounter):
    path = _party(encounter, run, guard='dr = "5/magic"\nsaves = { fort = 30 }\n' + SLEEPING)
    out = ok(run("action", path, "aldric", "coup-de-grace", "--target", "guard", "--dice",
                 "1,4,4,5", "--format", "json"))
    assert events(out, "SaveRolled")[0]["dc"] == 19  # 10 + (14 − 5)


def test_R_ACT_12_coup_de_grace_needs_a_helpless_target(run, encounter):
    path = _party(encounter, run)
    refused(run, path, "R-ACT-12", "action", path, "aldric", "coup-de-grace",
            "--target", "guard")


def test_R_ACT_12_a_dying_target_is_helpless(run, encounter):
    path = _party(encounter, run)
    ok(run("hp", path, "guard", "-14"))
    assert who(path, "guard")["status"] == "dying"
    ok(run("action", path, "aldric", "coup-de-grace", "--target", "guard", "--dice", "1,3,3"))
    assert who(path, "guard")["status"] == "dead"


# -- aid another --------------------------------------------------------------------------


def _tom_turn(run: Any, path: Path) -> None:
    ok(run("next", path))
    assert state(path)["turn"] == "tom"


def test_R_ACT_12_aid_another_gives_plus_2_on_the_next_attack_against_enemy(run, encounter):
    path = _party(encounter, run)
    _tom_turn(run, path)
    out = ok(run("action", path, "tom", "aid-another", "--target", "aldric", "--against",
                 "ogre", "--dice", "7", "--format", "json"))
    rolled = events(out, "AidRolled")[0]
    assert rolled["success"] and rolled["roll"]["total"] == 10  # 7 + 3 against 10
    assert who(path, "aldric")["aid"] == [{"against": "ogre", "by": "tom", "attack": 2}]
    assert "ogre" in who(path, "tom")["engaged"]  # R-ENG-1: a melee attack roll
    assert "aided" in ok(run("show", path)).out
    ok(run("next", path))
    ok(run("next", path))
    ok(run("next", path))
    assert state(path)["turn"] == "aldric"
    out = ok(run("attack", path, "aldric", "ogre", "--dice", "2", "--format", "json"))
    mods = {m["note"]: m["value"] for m in events(out, "AttackRolled")[0]["roll"]["mods"]}
    assert mods["aid"] == 2
    assert "aid" not in who(path, "aldric")  # spent


def test_R_ACT_12_aid_another_natural_1_fails_and_aids_stack(run, encounter):
    path = _party(encounter, run)
    _tom_turn(run, path)
    out = ok(run("action", path, "tom", "aid-another", "--target", "aldric", "--against",
                 "ogre", "--defense", "--dice", "1", "--format", "json"))
    assert not events(out, "AidRolled")[0]["success"] and "aid" not in who(path, "aldric")


def test_R_ACT_12_aid_on_defense_against_the_enemys_next_attack(run, encounter):
    path = _party(encounter, run)
    _tom_turn(run, path)
    ok(run("action", path, "tom", "aid-another", "--target", "aldric", "--against", "ogre",
           "--defense", "--dice", "15"))
    ok(run("next", path))  # the ogre's turn
    out = ok(run("attack", path, "ogre", "aldric", "--dice", "2", "--format", "json"))
    assert events(out, "AttackRolled")[0]["defense"] == 14  # 12 + 2


def test_R_ACT_12_aid_ends_at_the_aiders_next_turn(run, encounter):
    path = _party(encounter, run)
    _tom_turn(run, path)
    ok(run("action", path, "tom", "aid-another", "--target", "aldric", "--against", "ogre",
           "--dice", "15"))
    for _ in range(4):
        ok(run("next", path))
    assert state(path)["turn"] == "tom"
    assert "aid" not in who(path, "aldric")


@pytest.mark.parametrize("argv", [
    ("aid-another", "--target", "aldric"),  # no --against
    ("trip", "--target", "ogre", "--against", "ogre"),
    ("draw-weapon", "--counter"),
    ("trip", "--target", "ogre,guard"),
])
def test_R_ACT_12_usage_is_exit_2(run, encounter, argv):
    path = _party(encounter, run)
    before = snapshot(path)
    out = run("action", path, "aldric", *argv)
    assert out.code == 2, out.err
    assert snapshot(path) == before


# -- trip ---------------------------------------------------------------------------------


def test_R_ACT_12_trip_dice_order_aoo_touch_actor_defender(run, encounter):
    path = _party(encounter, run)
    out = ok(run("action", path, "aldric", "trip", "--target", "ogre", "--dice",
                 "1,8,18,3", "--format", "json"))
    assert _types(out, "AttackRolled", "TouchAttackRolled", "TripChecked") == [
        "AttackRolled", "TouchAttackRolled", "TripChecked"]
    touch = events(out, "TouchAttackRolled")[0]
    assert touch["defense"] == 10 and touch["hit"]  # 10 + dex 0 + dodge 0
    check = events(out, "TripChecked")[0]
    assert check["roll"]["total"] == 21 and check["against"]["total"] == 12  # 3 + 5 + 4 (large)
    assert "prone" in who(path, "ogre")["conditions"]
    assert state(path)["spent"]["standard"] is True


def test_R_ACT_12_trip_tie_is_the_defenders(run, encounter):
    path = _party(encounter, run)
    ok(run("action", path, "aldric", "trip", "--target", "ogre", "--dice", "1,8,9,3"))
    assert "prone" not in who(path, "ogre").get("conditions", {})


def test_R_ACT_12_counter_trip_after_a_failure(run, encounter):
    path = _party(encounter, run)
    out = ok(run("action", path, "aldric", "trip", "--target", "ogre", "--counter", "--dice",
                 "1,8,2,10,15,3", "--format", "json"))
    checks = events(out, "TripChecked")
    assert [c["counter"] for c in checks] == [False, True]
    # the counter: the ogre's d20 (15 + 9) then Aldric's (3 + 3)
    assert checks[1]["roll"]["total"] == 24 and checks[1]["against"]["total"] == 6
    assert "prone" in who(path, "aldric")["conditions"]


def test_R_ACT_12_improved_trip_no_aoo_and_plus_4(run, encounter):
    path = _party(encounter, run, aldric='feats = ["improved-trip"]\n')
    out = ok(run("action", path, "aldric", "trip", "--target", "ogre", "--dice", "8,5,3",
                 "--format", "json"))
    assert _types(out, "AttackRolled") == []
    assert events(out, "TripChecked")[0]["roll"]["total"] == 12  # 5 + 3 + 4


def test_R_ACT_12_touch_defense_counts_dex_dodge_and_conditions(run, encounter):
    path = _party(encounter, run, ogre="dex_mod = 2\ndodge = 1\n")
    ok(run("condition", path, "ogre", "prone"))  # −4 against melee
    out = ok(run("action", path, "aldric", "trip", "--target", "ogre", "--dice", "5",
                 "--format", "json"))
    assert events(out, "TouchAttackRolled")[0]["defense"] == 9  # 10 + 2 + 1 − 4


def test_R_ACT_12_full_attack_trip_makes_the_first_roll_a_trip(run, encounter):
    sword = melee("sword", attack=5, damage="1d8+3", extra="attacks = [5, 0]")
    path = _party(encounter, run, sword=sword)
    out = ok(run("attack", path, "aldric", "ogre", "--full", "--trip", "--dice",
                 "1,8,18,3,12,4", "--format", "json"))
    assert _types(out, "AttackRolled", "TouchAttackRolled", "TripChecked") == [
        "AttackRolled", "TouchAttackRolled", "TripChecked", "AttackRolled"]
    second = [e for e in events(out, "AttackRolled") if e["kind"] == "attack"][0]
    assert second["defense"] == 8  # the ogre is prone now: −4 against melee


# -- stabilize ----------------------------------------------------------------------------


def test_R_ACT_12_stabilize_a_dying_ally(run, encounter):
    path = _party(encounter, run)
    ok(run("hp", path, "tom", "-22"))
    assert who(path, "tom")["status"] == "dying"
    out = ok(run("action", path, "aldric", "stabilize", "--target", "tom", "--dice", "1,1,10",
                 "--format", "json"))
    check = events(out, "CheckRolled")[0]
    assert check["roll"]["total"] == 15 and check["success"]
    assert who(path, "tom")["status"] == "stable"
    assert "make a dying friend stable" in ok(run("log", path, "--last", "1")).out


def test_R_ACT_12_stabilize_needs_a_dying_adjacent_target(run, encounter):
    path = _party(encounter, run)
    refused(run, path, "R-ACT-12", "action", path, "aldric", "stabilize", "--target", "tom")
    ok(run("hp", path, "tom", "-22"))
    ok(run("set", path, "tom", "position", "[0, 3]"))
    refused(run, path, "R-ACT-12", "action", path, "aldric", "stabilize", "--target", "tom")


def test_R_ACT_12_a_trip_touch_attack_rolls_the_miss_chance_then_the_checks(run, encounter):
    """Clarifications: the touch d20, the d100 (the ogre is concealed), then the checks."""
    path = _party(encounter, run)
    ok(run("condition", path, "ogre", "concealed"))
    out = ok(run("action", path, "aldric", "trip", "--target", "ogre", "--dice",
                 "1,15,50,18,4", "--format", "json"))
    assert _types(out, "TouchAttackRolled", "MissChanceRolled", "TripChecked") == [
        "TouchAttackRolled", "MissChanceRolled", "TripChecked"]
    path = _party(encounter, run)
    ok(run("condition", path, "ogre", "concealed"))
    out = ok(run("action", path, "aldric", "trip", "--target", "ogre", "--dice", "1,15,20",
                 "--format", "json"))
    assert not events(out, "TripChecked")  # 20 ≤ 20: the touch goes wide


def test_R_ACT_12_aid_another_rolls_the_miss_chance(run, encounter):
    path = _party(encounter, run)
    ok(run("condition", path, "ogre", "concealed"))
    _tom_turn(run, path)
    out = ok(run("action", path, "tom", "aid-another", "--target", "aldric", "--against",
                 "ogre", "--dice", "12,5", "--format", "json"))
    assert events(out, "MissChanceRolled") and "aid" not in who(path, "aldric")
