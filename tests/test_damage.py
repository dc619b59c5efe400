"""R-HP-6 temporary hit points, R-HP-7 nonlethal damage, R-HP-8 damage reduction, energy
resistance and immunity, and the Clarifications' damage order. Dice only through --dice."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from forum import shown_text
from helpers import events


def bridge(hero: str = "", troll: str = "", sword: str = "", troll_hp: int = 30) -> str:
    """Hero (a PC: sword 1d8+3 threatening on 19, a nonlethal sap, a fire spell, an aid
    spell) against Troll (a non-PC) next to it; the keys given are added to each."""
    return f"""schema = 1
name = "Bridge"
lang = "en"
format = "plain"

[[combatants]]
id = "hero"
name = "Hero"
side = "heroes"
pc = true
defense = 15
hp = 20
position = [0, 0]
{hero}

[[combatants.weapons]]
id = "sword"
name = "Sword"
attack = 5
damage = "1d8+3"
crit_range = 19
{sword}

[[combatants.weapons]]
id = "sap"
name = "Sap"
attack = 5
damage = "1d6"
nonlethal = true

[[combatants.actions]]
id = "burn"
name = "Burning Hands"
damage = "3d4"
energy = "fire"
save = "ref"
dc = 14

[[combatants.actions]]
id = "aid"
name = "Aid"
temp_hp = "1d8+1"

[[combatants.actions]]
id = "knock"
name = "Sleep Dart"
damage = "1d4"
nonlethal = true

[[combatants]]
id = "troll"
name = "Troll"
side = "monsters"
gender = "m"
defense = 13
hp = {troll_hp}
position = [1, 0]
{troll}

[[combatants.weapons]]
id = "claw"
name = "Claw"
attack = 3
damage = "1d6"
"""


def tables_of(path: Path) -> dict[str, dict[str, Any]]:
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    return {c["id"]: c for c in doc["combatants"]}


@pytest.fixture
def started(run, encounter):
    """An encounter written from `bridge(...)` with initiative rolled (Hero first)."""

    def _make(**keys: Any) -> Path:
        path = encounter(bridge(**keys))
        r = run("roll-initiative", path, "--dice", "15,5")
        assert r.code == 0, r.err
        return path

    return _make


# -- R-HP-8 and the damage order -----------------------------------------------------------


def test_R_HP_8_damage_order_critical_then_dr_arithmetic_in_post(run, started):
    path = started(troll='dr = "5/magic"')
    # attack d20 19 (threat), confirmation 18, then the damage dice rolled twice (×2)
    r = run("attack", path, "hero", "troll", "--dice", "19,18,6,7", "--gm")
    assert r.code == 0, r.err
    assert re.search(r"19 − 5 \(DR 5/magic\) = 14", r.out), r.out
    assert r.out.index("critical ×2") < r.out.index("DR 5/magic")
    assert tables_of(path)["troll"]["hp"] == 30 - 14


@pytest.mark.parametrize(("dr", "materials", "bypassed"), [
    ("5/magic", '["magic"]', True),
    ("5/magic", '["silver"]', False),
    ("5/silver and magic", '["magic"]', False),
    ("5/silver and magic", '["magic", "silver"]', True),
    ("5/good or silver", '["silver"]', True),
    ("5/good or silver", '["cold-iron"]', False),
    ("10/-", '["magic", "silver"]', False),
])
def test_R_HP_8_dr_bypassed_or_not_by_each_form(run, started, dr, materials, bypassed):
    path = started(troll=f'dr = "{dr}"', sword=f"materials = {materials}")
    r = run("attack", path, "hero", "troll", "--dice", "15,5")  # 1d8+3 = 8
    assert r.code == 0, r.err
    amount = int(dr.split("/")[0])
    if bypassed:
        assert "DR" not in r.out
        assert tables_of(path)["troll"]["hp"] == 22
    else:
        left = max(8 - amount, 0)
        assert f"8 − {min(amount, 8)} (DR {dr}) = {left}" in r.out, r.out
        assert tables_of(path)["troll"]["hp"] == 30 - left


def test_R_HP_8_dr_may_reach_zero(run, started):
    path = started(troll='dr = "10/-"')
    r = run("attack", path, "hero", "troll", "--dice", "15,1", "--lang", "es")  # 1 + 3 = 4
    assert r.code == 0, r.err
    assert "4 − 4 (RD 10/-) = 0" in r.out
    assert tables_of(path)["troll"]["hp"] == 30


@pytest.mark.parametrize("lang, state", [("en", "unhurt"), ("es", "ileso")])
def test_R_HP_8_a_blow_dr_stops_whole_changes_no_state(run, started, lang, state):
    """Damage DR takes to 0 leaves hp and status as they were: no "is now unhurt" line."""
    path = started(troll='dr = "10/-"')
    r = run("attack", path, "hero", "troll", "--dice", "15,1", "--lang", lang,
            "--format", "json")
    assert r.code == 0, r.err
    assert not events(r, "HpChanged")
    plain = run("undo", path)
    assert plain.code == 0, plain.err
    again = run("attack", path, "hero", "troll", "--dice", "15,1", "--lang", lang)
    assert again.code == 0 and state not in again.out.lower(), again.out


def test_R_HP_8_dr_applies_to_nonlethal_weapon_damage(run, started):
    path = started(troll='dr = "2/magic"')
    r = run("attack", path, "hero", "troll", "--weapon", "sap", "--dice", "15,5", "--gm")
    assert r.code == 0, r.err
    assert "5 − 2 (DR 2/magic) = 3" in r.out
    troll = tables_of(path)["troll"]
    assert troll["hp"] == 30 and troll["nonlethal"] == 3


def test_R_HP_8_resistance_after_the_half_on_a_save(run, started):
    path = started(troll="resist = { fire = 5 }")
    # Reflex d20 15 saves against DC 14; 3d4 = 12, half 6, − 5 fire resistance = 1
    r = run("action", path, "hero", "burn", "--target", "troll", "--dice", "15,4,4,4")
    assert r.code == 0, r.err
    assert r.out.index("half damage, 6") < r.out.index("6 − 5 (fire resistance) = 1")
    assert tables_of(path)["troll"]["hp"] == 29


def test_R_HP_8_immunity_negates_energy_damage(run, started):
    path = started(troll='immune = ["fire"]')
    r = run("action", path, "hero", "burn", "--target", "troll", "--dice", "3,4,4,4",
            "--lang", "es")
    assert r.code == 0, r.err
    assert "12 − 12 (inmune al fuego) = 0" in r.out
    assert tables_of(path)["troll"]["hp"] == 30


def test_R_HP_8_gm_hp_applies_resistance_only_with_energy(run, started):
    path = started(troll="resist = { fire = 5 }")
    assert run("hp", path, "troll", "-10").code == 0
    assert tables_of(path)["troll"]["hp"] == 20  # untyped: no resistance
    r = run("hp", path, "troll", "-10", "--energy", "fire")
    assert r.code == 0, r.err
    assert "10 − 5 (fire resistance) = 5" in r.out
    assert tables_of(path)["troll"]["hp"] == 15
    assert run("hp", path, "troll", "-10", "--energy", "cold").code == 0
    assert tables_of(path)["troll"]["hp"] == 5


def test_R_HP_8_unknown_energy_kind_exit_2_file_untouched(run, started):
    path = started(troll="resist = { fire = 5 }")
    before = path.read_bytes()
    r = run("hp", path, "troll", "-10", "--energy", "plasma")
    assert r.code == 2
    assert "R-HP-8" in r.err and "plasma" in r.err
    assert path.read_bytes() == before


def test_R_HP_8_unknown_energy_kind_in_the_file_is_65(run, encounter):
    path = encounter(bridge().replace('energy = "fire"', 'energy = "plasma"'))
    r = run("show", path)
    assert r.code == 65
    assert "combatants[0].actions[0].energy" in r.err and "plasma" in r.err


def test_R_HP_8_immune_to_critical_hits_a_threat_is_a_normal_hit(run, started):
    path = started(troll='immune = ["critical"]')
    # no confirmation die: the threat cannot become a critical; damage rolled once
    r = run("attack", path, "hero", "troll", "--dice", "19,5", "--format", "json")
    assert r.code == 0, r.err
    assert "unused_dice" not in r.json()
    assert events(r, "CriticalIgnored") and not events(r, "CriticalConfirmRolled")
    (damage,) = events(r, "DamageRolled")
    assert damage["critical"] is False and damage["amount"] == 8
    assert tables_of(path)["troll"]["hp"] == 22


# -- R-HP-6 temporary hit points -------------------------------------------------------------


def test_R_HP_6_temporary_hp_do_not_stack(run, started):
    path = started()
    assert run("hp", path, "hero", "+5", "--temp").code == 0
    assert tables_of(path)["hero"]["temp_hp"] == 5
    r = run("hp", path, "hero", "+3", "--temp")
    assert r.code == 0 and "+5 temp" in r.out
    assert tables_of(path)["hero"]["temp_hp"] == 5
    assert run("hp", path, "hero", "+8", "--temp").code == 0
    assert tables_of(path)["hero"]["temp_hp"] == 8
    assert tables_of(path)["hero"]["hp"] == 20


def test_R_HP_6_damage_takes_temporary_hp_first(run, started):
    path = started()
    assert run("hp", path, "hero", "+5", "--temp").code == 0
    r = run("hp", path, "hero", "-8")
    assert r.code == 0, r.err
    assert "absorb 5 damage" in r.out
    hero = tables_of(path)["hero"]
    assert hero["hp"] == 17 and "temp_hp" not in hero  # 0: not written back


def test_R_HP_6_minus_temp_is_exit_2(run, started):
    path = started()
    before = path.read_bytes()
    r = run("hp", path, "hero", "-5", "--temp")
    assert r.code == 2 and "R-HP-6" in r.err
    assert path.read_bytes() == before


def test_R_HP_6_action_temp_hp_and_spanish_post(run, started):
    path = started()
    r = run("action", path, "hero", "aid", "--target", "hero", "--dice", "5", "--lang", "es")
    assert r.code == 0, r.err
    assert "+6 PG temporales" in r.out
    assert tables_of(path)["hero"]["temp_hp"] == 6
    assert "+6 temp" in run("show", path).out


def test_R_HP_6_a_non_pcs_temporary_hp_are_hidden_unless_gm(run, started):
    path = started()
    r = run("hp", path, "troll", "+7", "--temp", "--format", "json")
    assert r.code == 0, r.err
    (e,) = events(r, "TempHpChanged")
    assert "after" not in e and "7" not in r.json()["text"].split("⛓")[0]
    assert "+7 temp" not in run("show", path).out
    assert "+7 temp" in run("show", path, "--gm").out
    assert "+7 temp" in run("log", path, "--gm").out
    assert "+7 temp" not in run("log", path).out


def test_R_HP_6_set_temp_hp_0_clears_them(run, started):
    path = started()
    assert run("hp", path, "hero", "+5", "--temp").code == 0
    r = run("set", path, "hero", "temp_hp", "0")
    assert r.code == 0, r.err
    assert "temp_hp" not in tables_of(path)["hero"]


def test_R_HP_6_undo_restores_temporary_hp(run, started):
    path = started()
    assert run("hp", path, "hero", "+5", "--temp").code == 0
    assert run("hp", path, "hero", "-3").code == 0
    assert tables_of(path)["hero"]["temp_hp"] == 2
    assert run("undo", path).code == 0
    assert tables_of(path)["hero"]["temp_hp"] == 5


# -- R-HP-7 nonlethal damage -------------------------------------------------------------------


def test_R_HP_7_nonlethal_equal_to_hp_staggers_one_action(run, started):
    path = started()
    r = run("hp", path, "hero", "-20", "--nonlethal")
    assert r.code == 0, r.err
    assert "staggered" in r.out
    hero = tables_of(path)["hero"]
    assert hero["hp"] == 20 and hero["nonlethal"] == 20 and "conditions" not in hero
    assert "staggered" in run("show", path).out
    status = run("show", path, "--format", "json").json()["status"]["combatants"][0]
    assert status["staggered"] is True
    assert run("attack", path, "hero", "troll", "--dice", "2").code == 0  # a miss
    r = run("move", path, "hero", "0,1")
    assert r.code == 3 and "R-HP-7" in r.err
    assert tables_of(path)["hero"]["hp"] == 20  # no strain: R-HP-2 without its 1 damage


def test_R_HP_7_nonlethal_above_hp_knocks_out_and_healing_brings_back(run, started):
    path = started()
    assert run("hp", path, "hero", "-5").code == 0
    r = run("hp", path, "hero", "-16", "--nonlethal", "--lang", "es")
    assert r.code == 0, r.err
    assert "inconsciente" in r.out
    r = run("attack", path, "hero", "troll", "--dice", "15,3")
    assert r.code == 3 and "R-HP-7" in r.err
    shown = run("show", path, "--format", "json").json()["status"]["combatants"][0]
    assert shown["unconscious"] is True and shown["nonlethal"] == 16
    r = run("hp", path, "hero", "+3")  # hp 18, nonlethal 13: conscious again
    assert r.code == 0, r.err
    hero = tables_of(path)["hero"]
    assert hero["hp"] == 18 and hero["nonlethal"] == 13
    assert run("attack", path, "hero", "troll", "--dice", "2").code == 0


def test_R_HP_7_knocked_out_counts_as_out_for_R_TRN_6(run, started):
    path = started()
    assert run("hp", path, "troll", "-25").code == 0
    r = run("attack", path, "hero", "troll", "--weapon", "sap", "--dice", "15,5")
    assert r.code == 0 and "staggered" in r.out
    r = run("action", path, "hero", "knock", "--target", "troll", "--dice", "1", "--force")
    assert r.code == 0, r.err
    assert "unconscious" in r.out
    r = run("next", path)
    assert r.code == 0, r.err
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    assert doc["state"]["phase"] == "ended" and doc["state"]["winner"] == "heroes"


def test_R_HP_7_an_unconscious_combatant_loses_its_turns(run, encounter):
    squire = '\n[[combatants]]\nid = "squire"\nside = "heroes"\ndefense = 12\nhp = 8\n' \
             'position = [0, 1]\n'
    path = encounter(bridge() + squire)
    assert run("roll-initiative", path, "--dice", "15,5,10").code == 0  # hero, squire, troll
    assert run("hp", path, "hero", "-5").code == 0
    assert run("hp", path, "hero", "-16", "--nonlethal").code == 0
    assert run("next", path).code == 0  # the squire's turn
    assert run("next", path).code == 0  # the troll's turn
    r = run("next", path, "--lang", "es")  # round 2: the hero's turn is skipped
    assert r.code == 0, r.err
    assert "Hero está inconsciente y pierde este turno." in r.out
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    assert doc["state"]["turn"] == "squire" and doc["state"]["phase"] == "combat"


def test_R_HP_7_nonlethal_at_hp_0_or_below_is_lethal(run, started):
    path = started()
    assert run("hp", path, "hero", "-20").code == 0  # 0 hp: disabled
    r = run("hp", path, "hero", "-3", "--nonlethal")
    assert r.code == 0, r.err
    assert "nonlethal damage to Hero is lethal instead" in r.out
    hero = tables_of(path)["hero"]
    assert hero["hp"] == -3 and "nonlethal" not in hero


def test_R_HP_7_nonlethal_above_max_hp_is_lethal(run, started):
    path = started()
    assert run("hp", path, "hero", "-15", "--nonlethal").code == 0
    assert run("hp", path, "hero", "-6", "--nonlethal").code == 0  # 21 > max_hp 20
    hero = tables_of(path)["hero"]
    assert hero["hp"] == 14 and hero["nonlethal"] == 15


def test_R_HP_7_temporary_hp_do_not_absorb_nonlethal(run, started):
    path = started()
    assert run("hp", path, "hero", "+5", "--temp").code == 0
    assert run("hp", path, "hero", "-4", "--nonlethal").code == 0
    hero = tables_of(path)["hero"]
    assert hero["temp_hp"] == 5 and hero["nonlethal"] == 4 and hero["hp"] == 20


def test_R_HP_7_plus_nonlethal_is_exit_2(run, started):
    path = started()
    r = run("hp", path, "hero", "+4", "--nonlethal")
    assert r.code == 2 and "R-HP-7" in r.err


def test_R_HP_7_non_pc_nonlethal_total_hidden(run, started):
    path = started()
    r = run("attack", path, "hero", "troll", "--weapon", "sap", "--dice", "15,4",
            "--format", "json")
    assert r.code == 0, r.err
    (e,) = events(r, "NonlethalChanged")
    assert "after" not in e and "before" not in e
    assert "4 nonlethal damage" in r.json()["text"]
    assert "4 nonlethal," not in r.json()["text"]


# -- the posts in real renderers ---------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["markdown", "bbcode"])
@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Damage to Troll: 11 − 5 (DR 5/magic) = 6"),
    ("es", "Daño a Troll: 11 − 5 (RD 5/magic) = 6"),
])
def test_R_HP_8_arithmetic_reads_right_in_the_forums(run, started, fmt, lang, expected):
    path = started(troll='dr = "5/magic"')
    assert run("hp", path, "hero", "+4", "--temp").code == 0
    r = run("attack", path, "hero", "troll", "--dice", "15,8", "--format", fmt,
            "--lang", lang)
    assert r.code == 0, r.err
    assert expected in shown_text(r.out, fmt)
    r = run("hp", path, "hero", "-6", "--format", fmt, "--lang", lang)
    text = shown_text(r.out, fmt)
    assert ("absorb 4 damage and are gone." if lang == "en"
            else "absorben 4 de daño y se agotan.") in text  # not "+0 temp left"
    assert "+0" not in text


# -- odds plays the same pipeline -------------------------------------------------------------


def test_R_HP_8_odds_plays_damage_reduction(run, encounter):
    path = encounter(bridge(troll='dr = "9999/-"', troll_hp=1))
    r = run("odds", path, "--runs", "100", "--seed", "27", "--jobs", "1")
    assert r.code == 0, r.err
    assert re.search(r"heroes win: 0(\.0)?%", r.out), r.out
    plain = encounter(bridge(troll_hp=1), name="plain.toml")
    r = run("odds", plain, "--runs", "100", "--seed", "27", "--jobs", "1")
    assert not re.search(r"heroes win: 0(\.0)?%", r.out), r.out


def test_R_HP_7_knocked_out_is_helpless_through_the_effects_table(run, encounter):
    squire = '\n[[combatants]]\nid = "squire"\nside = "heroes"\ndefense = 12\nhp = 8\n' \
             'position = [0, 1]\n'
    path = encounter(bridge(hero="dex_mod = 2") + squire)
    assert run("roll-initiative", path, "--dice", "15,5,10").code == 0  # hero, squire, troll
    before = run("attack", path, "troll", "hero", "--dice", "1", "--force", "--format", "json")
    assert events(before, "AttackRolled")[0]["defense"] == 15
    assert run("undo", path).code == 0
    assert run("hp", path, "hero", "-5").code == 0
    assert run("hp", path, "hero", "-16", "--nonlethal").code == 0
    r = run("attack", path, "troll", "hero", "--dice", "1", "--force", "--format", "json")
    assert r.code == 0, r.err
    # helpless (R-CND-5): Dex 0, so −2 for its dex_mod and −5 more
    assert events(r, "AttackRolled")[0]["defense"] == 15 - 2 - 5
