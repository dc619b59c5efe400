"""R-CND-5: the conditions table, one row each, asserted through the CLI with supplied dice.

Each row's numbers are shown where they are played: the attack roll's modifiers, the Defense
an attack goes against, a refused action (exit 3, the file unchanged), the initiative roll,
the end of the fight (R-TRN-6)."""

from __future__ import annotations

import pytest
from helpers import build, events, melee, ok, ranged, refused, roll_init, warrior

HERO_ATTACK = 5
ORC_DEFENSE, ORC_DEX, ORC_DODGE = 13, 2, 1


def _hero_and_orc(encounter, orc_at=(1, 0)):  # type: ignore[no-untyped-def]
    return encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", HERO_ATTACK, "1d8+3"),
                ranged("bow", HERO_ATTACK, "1d8", 20), init=2, defense=15),
        warrior("orc", "monsters", orc_at, melee("axe", 4, "1d12+2"), defense=ORC_DEFENSE,
                hp=30, extra=f"dex_mod = {ORC_DEX}\ndodge = {ORC_DODGE}")))


def _hero_turn(run, encounter, orc_at=(1, 0)):  # type: ignore[no-untyped-def]
    path = _hero_and_orc(encounter, orc_at)
    roll_init(run, path, "15,3")  # hero first
    ok(run("next", path))  # the orc's turn ends its flat-footedness (R-INI-5) ...
    ok(run("next", path))  # ... and the hero's turn again
    return path


def _attack(run, path, weapon="sword", lang="en"):  # type: ignore[no-untyped-def]
    r = ok(run("attack", path, "hero", "orc", "--weapon", weapon, "--dice", "10,1",
               "--format", "json", "--lang", lang))
    (roll,) = events(r, "AttackRolled")
    return roll, r.json()["text"]


ATTACK_ROWS = {"dazzled": -1, "entangled": -2, "exhausted": -3, "fatigued": -1,
               "frightened": -2, "shaken": -2, "sickened": -2}
ES = {"dazzled": "deslumbrado", "entangled": "enredado", "exhausted": "exhausto",
      "fatigued": "fatigado", "frightened": "asustado", "shaken": "estremecido",
      "sickened": "indispuesto"}


@pytest.mark.parametrize("name", sorted(ATTACK_ROWS))
def test_R_CND_5_attack_column_on_every_attack_roll_named_in_both_languages(
        run, encounter, name):  # type: ignore[no-untyped-def]
    mod = ATTACK_ROWS[name]
    path = _hero_turn(run, encounter)
    ok(run("condition", path, "hero", name))
    roll, text = _attack(run, path, lang="es")
    assert roll["roll"]["total"] == 10 + HERO_ATTACK + mod
    assert {"value": mod, "note": name} in roll["roll"]["mods"]
    assert f"- {-mod} ({ES[name]}) = {10 + HERO_ATTACK + mod}" in text


# the target's Defense against a melee and a ranged attack; `dex`: loses dex_mod and dodge
LOST = ORC_DEX + ORC_DODGE
DEFENSE_ROWS = {"blinded": (-2 - LOST, -2 - LOST), "cowering": (-2 - LOST, -2 - LOST),
                "entangled": (-2, -2), "exhausted": (-3, -3), "fatigued": (-1, -1),
                "cover": (0, 4), "stunned": (-2 - LOST, -2 - LOST)}


@pytest.mark.parametrize("name", sorted(DEFENSE_ROWS))
def test_R_CND_5_defense_column_against_melee_and_ranged(run, encounter, name):  # type: ignore[no-untyped-def]
    vs_melee, vs_ranged = DEFENSE_ROWS[name]
    path = _hero_turn(run, encounter)
    ok(run("condition", path, "orc", name))
    roll, _ = _attack(run, path)
    assert roll["defense"] == ORC_DEFENSE + vs_melee
    path = _hero_turn(run, encounter, orc_at=(4, 0))  # a shot, not into melee (R-ATK-6)
    ok(run("condition", path, "orc", name))
    roll, _ = _attack(run, path, "bow")
    assert roll["defense"] == ORC_DEFENSE + vs_ranged


@pytest.mark.parametrize("name", ["helpless", "paralyzed", "unconscious"])
def test_R_CND_5_helpless_dex_minus_5_and_melee_attackers_plus_4(run, encounter, name):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter)
    ok(run("condition", path, "orc", name))
    roll, text = _attack(run, path)
    assert roll["defense"] == ORC_DEFENSE - LOST - 5
    assert roll["roll"]["total"] == 10 + HERO_ATTACK + 4
    assert {"value": 4, "note": "helpless"} in roll["roll"]["mods"]
    assert f"+ 4 (helpless) = {10 + HERO_ATTACK + 4}" in text


def test_R_CND_5_helpless_ranged_attackers_get_no_plus_4(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter, orc_at=(4, 0))
    ok(run("condition", path, "orc", "helpless"))
    roll, _ = _attack(run, path, "bow")
    assert roll["defense"] == ORC_DEFENSE - LOST - 5
    assert roll["roll"]["total"] == 10 + HERO_ATTACK
    assert {"value": 4, "note": "helpless"} not in roll["roll"]["mods"]


@pytest.mark.parametrize("name", ["cowering", "dazed", "helpless", "unconscious"])
def test_R_CND_5_actions_none_refuses_acting(run, encounter, name):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter)
    ok(run("condition", path, "hero", name))
    r = refused(run, path, ("R-CND-3", "R-CND-5"), "attack", path, "hero", "orc",
                "--dice", "10,1")
    assert name in r.err


def test_R_CND_5_actions_one_staggered_move_or_attack_not_both(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter, orc_at=(3, 0))
    ok(run("condition", path, "hero", "staggered"))
    ok(run("move", path, "hero", "2,0", "--dice", "10"))
    refused(run, path, "R-CND-5", "attack", path, "hero", "orc", "--dice", "10,1")


def test_R_CND_5_actions_one_staggered_attack_then_no_move(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter, orc_at=(4, 0))
    ok(run("condition", path, "hero", "staggered"))
    _attack(run, path, "bow")
    refused(run, path, "R-CND-5", "move", path, "hero", "0,3")


@pytest.mark.parametrize("name", ["nauseated", "panicked"])
def test_R_CND_5_actions_move_refuses_a_standard_action(run, encounter, name):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter, orc_at=(4, 0))
    ok(run("condition", path, "hero", name))
    r = refused(run, path, "R-CND-5", "attack", path, "hero", "orc", "--weapon", "bow",
                "--dice", "10,1")
    assert name in r.err
    ok(run("move", path, "hero", "0,3"))  # its one move action
    refused(run, path, "R-CND-5", "move", path, "hero", "0,4")


@pytest.mark.parametrize("name", ["blinded", "entangled", "exhausted"])
def test_R_CND_5_half_speed(run, encounter, name):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter, orc_at=(0, 10))
    ok(run("condition", path, "hero", name))
    # 30 ft: 3 squares a move action, 6 a double move (7 would be a double move unhindered)
    r = refused(run, path, "R-TRN-2", "move", path, "hero", "7,0")
    assert "speed 3 squares" in r.err
    ok(run("move", path, "hero", "3,0"))


@pytest.mark.parametrize("name", ["blinded", "entangled", "exhausted", "fatigued"])
def test_R_CND_5_no_run(run, encounter, name):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter, orc_at=(0, 10))
    ok(run("condition", path, "hero", name))
    r = refused(run, path, "R-CND-5", "move", path, "hero", "2,0", "--run")
    assert name in r.err


def test_R_CND_5_deafened_minus_4_on_initiative(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_and_orc(encounter)
    ok(run("condition", path, "hero", "deafened"))
    r = ok(run("roll-initiative", path, "--dice", "15,3", "--format", "json", "--lang", "es"))
    hero = next(e for e in events(r, "InitiativeRolled") if e["members"] == ["hero"])
    assert hero["roll"]["total"] == 15 + 2 - 4
    assert "- 4 (ensordecido) = 13" in r.json()["text"]


def test_R_CND_5_unconscious_is_out_for_R_TRN_6_paralyzed_is_not(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter)
    ok(run("condition", path, "orc", "paralyzed"))
    r = ok(run("next", path, "--format", "json"))
    assert not events(r, "CombatEnded")
    ok(run("condition", path, "orc", "unconscious"))
    r = ok(run("next", path, "--format", "json"))
    (end,) = events(r, "CombatEnded")
    assert end["winner"] == "heroes"


@pytest.mark.parametrize(("name", "es"), [
    ("blinded", "cegada"), ("cowering", "acobardada"), ("dazed", "atontada"),
    ("helpless", "indefensa"), ("nauseated", "mareada"), ("panicked", "aterrorizada"),
    ("staggered", "grogui"), ("unconscious", "inconsciente"), ("cover", "a cubierto"),
    ("concealed", "oculta a medias")])
def test_R_CND_5_spanish_names_agree_in_gender(run, encounter, name, es):  # type: ignore[no-untyped-def]
    path = encounter(build(warrior("mira", "heroes", (0, 0),
                                   extra='gender = "f"')))
    r = ok(run("condition", path, "mira", name, "--lang", "es"))
    assert f"queda {es} " in r.out
