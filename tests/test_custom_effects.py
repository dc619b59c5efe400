"""R-CND-10: custom effects (Bless, Prayer) with declared modifiers, added as a table row's
would be; and the R-CND-5 damage columns (sickened, fatigued, exhausted), part of each damage
roll (a critical multiplies them). Dice only through --dice."""

from __future__ import annotations

from helpers import build, events, melee, ok, ranged, roll_init, warrior, who


def _hero_and_orc(run, encounter, orc_at=(1, 0)):  # type: ignore[no-untyped-def]
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8+3"),
                ranged("bow", 5, "1d8", 20), init=2, defense=15,
                extra="saves = { will = 1 }\n"),
        warrior("orc", "monsters", orc_at, melee("axe", 4, "1d12+2"), defense=13, hp=40)))
    roll_init(run, path, "15,3")
    ok(run("next", path))
    ok(run("next", path))  # the hero's turn again, the orc no longer flat-footed
    return path


def _attack(run, path, dice, weapon="sword", lang="en"):  # type: ignore[no-untyped-def]
    return ok(run("attack", path, "hero", "orc", "--weapon", weapon, "--dice", dice,
                  "--format", "json", "--lang", lang))


def test_R_CND_10_bless_attack_bonus_on_every_attack_roll(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_and_orc(run, encounter)
    ok(run("condition", path, "hero", "bless", "--attack", "1", "--saves", "1", "--rounds",
           "10"))
    assert who(path, "hero")["conditions"]["bless"] == {"ends": "start", "of": "hero",
                                                         "turns": 10, "attack": 1, "saves": 1}
    r = _attack(run, path, "7,4")
    (roll,) = events(r, "AttackRolled")
    assert roll["roll"]["total"] == 7 + 5 + 1
    assert {"value": 1, "note": "bless"} in roll["roll"]["mods"]
    assert "+ 1 (bless) = 13" in r.json()["text"]


def test_R_CND_10_defense_and_damage_bonus(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_and_orc(run, encounter)
    ok(run("condition", path, "orc", "shield-of-faith", "--defense", "2"))
    ok(run("condition", path, "hero", "divine-favor", "--damage-bonus", "1"))
    r = _attack(run, path, "12,4")
    (roll,) = events(r, "AttackRolled")
    assert roll["defense"] == 13 + 2
    (dmg,) = events(r, "DamageRolled")
    assert dmg["roll"]["total"] == 4 + 3 + 1
    assert who(path, "orc")["hp"] == 40 - 8


def test_R_CND_10_saves_on_R_CND_6_saves_and_added_to_a_table_condition(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_and_orc(run, encounter)
    # a table condition keeps its own effects; the options add to them
    ok(run("condition", path, "hero", "shaken", "--saves", "1", "--save", "will:10"))
    r = ok(run("next", path, "--dice", "8", "--format", "json"))  # the hero's turn ends
    (save,) = events(r, "SaveRolled")
    assert save["roll"]["total"] == 8 + 1 - 2 + 1  # will, shaken's row, its --saves
    assert save["success"] is False
    assert "shaken" in who(path, "hero")["conditions"]


def test_R_CND_10_options_reported_in_show_in_both_languages(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_and_orc(run, encounter)
    ok(run("condition", path, "hero", "bless", "--attack", "1", "--saves", "1"))
    ok(run("condition", path, "orc", "on-fire", "--damage", "1d6", "--energy", "fire",
           "--save", "ref:15"))
    text = ok(run("show", path, "--format", "plain")).out
    assert "bless (until removed; attack +1; saves +1)" in text
    assert "on fire (until removed; save ends: Reflex DC 15; 1d6 fire damage at each turn " \
        "start)" in text
    text = ok(run("show", path, "--format", "plain", "--lang", "es")).out
    assert "termina con una salvación: Reflejos CD 15" in text
    assert "1d6 de daño por fuego al inicio de cada turno" in text


def test_R_CND_5_sickened_weapon_damage_minus_2_fatigued_melee_minus_1(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_and_orc(run, encounter, orc_at=(1, 0))
    ok(run("condition", path, "hero", "sickened"))
    ok(run("condition", path, "hero", "fatigued"))
    r = _attack(run, path, "17,4", lang="es")
    (dmg,) = events(r, "DamageRolled")
    assert dmg["roll"]["total"] == 4 + 3 - 2 - 1
    assert "- 2 (indispuesto)" in r.json()["text"]


def test_R_CND_5_damage_modifiers_multiplied_by_a_critical(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_and_orc(run, encounter)
    ok(run("condition", path, "hero", "exhausted"))
    r = _attack(run, path, "20,20,4,5")  # threat, confirmed, 2 × (1d8 + 3), −3 × 2
    (dmg,) = events(r, "DamageRolled")
    assert dmg["roll"]["total"] == 4 + 3 + 5 + 3 - 6


def test_R_CND_5_weapon_damage_never_below_1(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_and_orc(run, encounter, orc_at=(4, 0))
    ok(run("condition", path, "hero", "sickened"))
    r = _attack(run, path, "19,1", weapon="bow")  # 1 − 2: at least 1 (R-ATK-4)
    (dmg,) = events(r, "DamageRolled")
    assert dmg["amount"] == 1
    assert who(path, "orc")["hp"] == 39
