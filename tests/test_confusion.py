"""R-CND-7: confused, the d100 behaviour table at each of its turn starts; followed by
standing orders; by hand, other acts refused (exit 3) unless --force. R-CND-5: frightened and
panicked flee under orders. Dice only through --dice."""

from __future__ import annotations

import pytest
from helpers import build, doc, events, melee, ok, pos, refused, roll_init, warrior, who

IDLE = 'idle_action = "orders"'


def _three(encounter, rules=""):  # type: ignore[no-untyped-def]
    """Hero (PC) at (0,0), orc at (1,0), its ally goblin at (2,0) (nearest to the orc after
    the hero... the hero is file-first); the hero acts first."""
    return encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8+3"), init=4, defense=15,
                extra='pc = true\ngender = "f"\n'),
        warrior("orc", "monsters", (1, 0), melee("axe", 4, "1d12+2"), init=2, defense=13,
                hp=30),
        warrior("gob", "monsters", (2, 0), melee("club", 2, "1d6"), defense=12, hp=8),
        rules=rules))


def _orc_turn(run, path, faces):  # type: ignore[no-untyped-def]
    """Initiative (hero 20, orc 15, goblin 1), the hero's turn passes, the orc's starts."""
    roll_init(run, path, "16,13,1")
    return ok(run("next", path, "--dice", faces, "--format", "json"))


@pytest.mark.parametrize(("face", "band"), [(1, "attack"), (10, "attack"), (11, "normal"),
                                            (20, "normal"), (21, "nothing"), (50, "nothing"),
                                            (51, "flee"), (70, "flee"), (71, "attack"),
                                            (100, "attack")])
def test_R_CND_7_the_d100_bands(run, encounter, face, band):  # type: ignore[no-untyped-def]
    path = _three(encounter)
    ok(run("condition", path, "orc", "confused", "--by", "hero"))
    r = _orc_turn(run, path, str(face))
    (c,) = events(r, "ConfusionRolled")
    assert (c["roll"]["total"], c["band"]) == (face, band)
    if band == "attack":
        # 01–10: the one that confused it; 71–100: the nearest creature (the hero, file first)
        assert (c["target"], c["by_first"]) == ("hero", face <= 10)
    if band == "nothing":
        (skip,) = events(r, "TurnSkipped")
        assert skip["reason"] == "confused"
        assert doc(path)["state"]["turn"] == "gob"
        assert "babbles incoherently" in r.json()["text"]
    else:
        assert doc(path)["state"]["turn"] == "orc"
        assert who(path, "orc")["confusion"] == (f"attack:{c['target']}" if band == "attack"
                                                 else band)


def test_R_CND_7_nearest_creature_may_be_an_ally(run, encounter):  # type: ignore[no-untyped-def]
    path = _three(encounter)
    ok(run("set", path, "hero", "position", "[5, 5]"))
    ok(run("condition", path, "orc", "confused"))
    r = _orc_turn(run, path, "90")
    (c,) = events(r, "ConfusionRolled")
    assert (c["band"], c["target"]) == ("attack", "gob")
    assert "attacks the nearest creature, gob" in r.json()["text"].lower()


def test_R_CND_7_by_hand_other_acts_are_refused_unless_force(run, encounter):  # type: ignore[no-untyped-def]
    path = _three(encounter)
    ok(run("condition", path, "orc", "confused", "--by", "hero"))
    _orc_turn(run, path, "95")  # attacks the nearest creature: the hero
    r = refused(run, path, "R-CND-7", "attack", path, "orc", "gob")
    assert "may only attack Hero" in r.err
    refused(run, path, "R-CND-7", "move", path, "orc", "2,1")  # not toward the hero
    refused(run, path, "R-CND-7", "action", path, "orc", "--text", "drinks", "--cost",
            "standard")
    ok(run("action", path, "orc", "--text", "shouts", "--cost", "free"))
    ok(run("attack", path, "orc", "hero", "--dice", "2"))
    ok(run("condition", path, "orc", "confused", "--remove"))  # the GM may end it


def test_R_CND_7_flee_band_allows_only_moving_away_and_force_overrides(run, encounter):  # type: ignore[no-untyped-def]
    path = _three(encounter, rules="engagement = false")
    ok(run("condition", path, "orc", "confused"))
    _orc_turn(run, path, "60")
    refused(run, path, "R-CND-7", "attack", path, "orc", "hero", "--lang", "es")
    ok(run("attack", path, "orc", "hero", "--dice", "2", "--force"))
    ok(run("move", path, "orc", "1,3", "--dice", "3"))  # away from the hero (AoO: a miss)
    assert pos(path, "orc") == [1, 3]


def test_R_CND_7_under_orders_it_attacks_the_one_that_confused_it(run, encounter):  # type: ignore[no-untyped-def]
    path = _three(encounter, rules=IDLE)
    ok(run("condition", path, "orc", "confused", "--by", "gob"))
    _orc_turn(run, path, "4")
    r = ok(run("next", path, "--if-idle", "0s", "--dice", "15,3", "--format", "json"))
    (a,) = events(r, "AttackRolled")
    assert (a["attacker"], a["target"]) == ("orc", "gob")  # its own ally
    assert who(path, "gob")["hp"] == 8 - (3 + 2)
    assert who(path, "orc").get("confusion", "") == ""  # held for that turn only


def test_R_CND_7_under_orders_the_flee_band_flees(run, encounter):  # type: ignore[no-untyped-def]
    path = _three(encounter, rules=IDLE + "\nengagement = false")
    ok(run("condition", path, "orc", "confused"))
    _orc_turn(run, path, "55")
    r = ok(run("next", path, "--if-idle", "0s", "--dice", "1", "--format", "json"))
    assert events(r, "AttackRolled")[0]["kind"] == "aoo"  # the hero's AoO as it leaves
    assert [e for e in events(r, "AttackRolled") if e["attacker"] == "orc"] == []
    assert events(r, "Moved")


def test_R_CND_7_turn_start_order_ongoing_damage_then_the_d100(run, encounter):  # type: ignore[no-untyped-def]
    path = _three(encounter)
    ok(run("condition", path, "orc", "confused"))
    ok(run("condition", path, "orc", "on-fire", "--damage", "1d6"))
    r = _orc_turn(run, path, "3,15")
    kinds = [e["type"] for e in events(r) if e["type"] in ("OngoingDamageRolled",
                                                           "ConfusionRolled")]
    assert kinds == ["OngoingDamageRolled", "ConfusionRolled"]
    assert events(r, "ConfusionRolled")[0]["roll"]["total"] == 15
    assert who(path, "orc")["hp"] == 27


def test_R_CND_7_spanish_post_agrees_in_gender(run, encounter):  # type: ignore[no-untyped-def]
    path = _three(encounter)
    ok(run("condition", path, "hero", "confused", "--by", "orc"))
    r = ok(run("roll-initiative", path, "--dice", "16,13,1,5", "--format", "json",
               "--lang", "es"))
    assert "Hero está **confundida**" in r.json()["text"] or \
        "Hero está confundida" in r.json()["text"]
    assert "ataca a Orc, que la confundió" in r.json()["text"]


@pytest.mark.parametrize("name", ["frightened", "panicked"])
def test_R_CND_5_frightened_and_panicked_flee_under_orders(run, encounter, name):  # type: ignore[no-untyped-def]
    path = _three(encounter, rules=IDLE + "\nengagement = false")
    ok(run("condition", path, "orc", name))
    _orc_turn(run, path, "")
    r = ok(run("next", path, "--if-idle", "0s", "--dice", "1", "--format", "json"))
    assert [e for e in events(r, "AttackRolled") if e["attacker"] == "orc"] == []
    assert events(r, "Moved") and pos(path, "orc") != [1, 0] or who(path, "orc")["removed"]
