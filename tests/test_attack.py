"""R-ATK attack rolls, R-HP thresholds from damage, flat-footed Defense (R-INI-6) and the attack
post (R-OUT-1/3), through the CLI with supplied dice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import AXE, SWORD, build, doc, duel, events, fighter, refused, start, who

# -- helpers ------------------------------------------------------------------------------

BOW = {"id": "bow", "name": "Bow", "kind": "ranged", "attack": 4, "damage": "1d6",
       "range": 10}


def hero_attacks(run: Any, encounter: Any, *extra: object, rules: str = "") -> Any:
    """Duel: hero (+5, 1d8+3, crit 19-20) attacks the orc (Defense 13, 12 hp) on its turn."""
    path = encounter(duel(rules))
    start(run, path, "15,3", "hero")
    r = run("attack", path, "hero", "orc", *extra, "--format", "json")
    assert r.code == 0, r.err
    return r, path


# -- R-ATK-1/2: hit and miss --------------------------------------------------------------


def test_R_ATK_1_hit_when_total_equals_defense(run, encounter):
    r, path = hero_attacks(run, encounter, "--dice", "8,1")
    (roll,) = events(r, "AttackRolled")
    assert roll["roll"]["total"] == 13 and roll["defense"] == 13
    assert roll["hit"] is True
    assert events(r, "DamageRolled")[0]["amount"] == 4
    assert who(path, "orc")["hp"] == 8


def test_R_ATK_1_miss_when_total_below_defense(run, encounter):
    r, path = hero_attacks(run, encounter, "--dice", "7")
    (roll,) = events(r, "AttackRolled")
    assert roll["roll"]["total"] == 12 and roll["hit"] is False
    assert events(r, "DamageRolled") == []
    assert who(path, "orc")["hp"] == 12


def test_R_ATK_1_gm_mod_adds_to_the_roll(run, encounter):
    r, path = hero_attacks(run, encounter, "--mod", "2", "--dice", "6,1")
    (roll,) = events(r, "AttackRolled")
    assert roll["roll"]["total"] == 13 and roll["hit"] is True
    assert who(path, "orc")["hp"] == 8


def test_R_ATK_1_negative_gm_mod_can_turn_a_hit_into_a_miss(run, encounter):
    r, path = hero_attacks(run, encounter, "--mod", "-2", "--dice", "9")
    (roll,) = events(r, "AttackRolled")
    assert roll["roll"]["total"] == 12 and roll["hit"] is False
    assert who(path, "orc")["hp"] == 12


def test_R_ATK_2_natural_1_always_misses(run, encounter):
    r, path = hero_attacks(run, encounter, "--mod", "20", "--dice", "1")
    (roll,) = events(r, "AttackRolled")
    assert roll["roll"]["total"] >= 13
    assert roll["hit"] is False and roll["threat"] is False
    assert who(path, "orc")["hp"] == 12


def test_R_ATK_2_natural_20_always_hits_and_threatens(run, encounter):
    r, path = hero_attacks(run, encounter, "--mod", "-30", "--dice", "20,2,1")
    (roll,) = events(r, "AttackRolled")
    assert roll["roll"]["total"] < 13
    assert roll["hit"] is True and roll["threat"] is True
    (confirm,) = events(r, "CriticalConfirmRolled")
    assert confirm["confirmed"] is False
    assert events(r, "DamageRolled")[0]["amount"] == 4
    assert who(path, "orc")["hp"] == 8


# -- R-ATK-3: threats and confirmation -----------------------------------------------------


def test_R_ATK_3_crit_range_threat_confirmed_doubles_damage(run, encounter):
    r, path = hero_attacks(run, encounter, "--dice", "19,10,4,4")
    (roll,) = events(r, "AttackRolled")
    assert roll["hit"] is True and roll["threat"] is True
    (confirm,) = events(r, "CriticalConfirmRolled")
    assert confirm["roll"]["total"] == 15 and confirm["confirmed"] is True
    (dmg,) = events(r, "DamageRolled")
    assert dmg["critical"] is True and dmg["multiplier"] == 2 and dmg["amount"] == 14
    assert who(path, "orc")["hp"] == -2


def test_R_ATK_3_below_crit_range_no_threat(run, encounter):
    r, path = hero_attacks(run, encounter, "--dice", "18,4")
    (roll,) = events(r, "AttackRolled")
    assert roll["hit"] is True and roll["threat"] is False
    assert events(r, "CriticalConfirmRolled") == []
    assert events(r, "DamageRolled")[0]["amount"] == 7
    assert who(path, "orc")["hp"] == 5


def test_R_ATK_3_crit_range_roll_that_misses_is_no_threat(run, encounter):
    r, path = hero_attacks(run, encounter, "--mod", "-20", "--dice", "19")
    (roll,) = events(r, "AttackRolled")
    assert roll["hit"] is False and roll["threat"] is False
    assert events(r, "CriticalConfirmRolled") == []
    assert who(path, "orc")["hp"] == 12


def test_R_ATK_3_failed_confirmation_normal_damage(run, encounter):
    r, path = hero_attacks(run, encounter, "--dice", "19,2,4")
    (confirm,) = events(r, "CriticalConfirmRolled")
    assert confirm["roll"]["total"] == 7 and confirm["confirmed"] is False
    (dmg,) = events(r, "DamageRolled")
    assert dmg["critical"] is False and dmg["amount"] == 7
    assert who(path, "orc")["hp"] == 5


def test_R_ATK_3_confirmation_natural_1_fails(run, encounter):
    r, path = hero_attacks(run, encounter, "--mod", "20", "--dice", "19,1,4")
    (confirm,) = events(r, "CriticalConfirmRolled")
    assert confirm["roll"]["total"] >= 13
    assert confirm["confirmed"] is False
    assert events(r, "DamageRolled")[0]["amount"] == 7


def test_R_ATK_3_confirmation_natural_20_confirms(run, encounter):
    r, path = hero_attacks(run, encounter, "--mod", "-30", "--dice", "20,20,1,1")
    (confirm,) = events(r, "CriticalConfirmRolled")
    assert confirm["roll"]["total"] < 13
    assert confirm["confirmed"] is True
    (dmg,) = events(r, "DamageRolled")
    assert dmg["critical"] is True and dmg["amount"] == 8


def test_R_ATK_3_confirm_criticals_false_every_threat_is_critical(run, encounter):
    r, path = hero_attacks(run, encounter, "--dice", "19,4,5",
                           rules="confirm_criticals = false")
    assert events(r, "CriticalConfirmRolled") == []
    (dmg,) = events(r, "DamageRolled")
    assert dmg["critical"] is True and dmg["amount"] == 4 + 3 + 5 + 3
    assert who(path, "orc")["hp"] == 12 - 15
    assert "unused_dice" not in r.json() or not r.json()["unused_dice"]


# -- R-ATK-4: damage ----------------------------------------------------------------------


def test_R_ATK_4_crit_mult_multiplies_dice_and_bonuses(run, encounter):
    path = encounter(duel())
    start(run, path, "1,20", "orc")
    r = run("attack", path, "orc", "hero", "--dice", "20,15,1,1,1", "--format", "json")
    assert r.code == 0, r.err
    (dmg,) = events(r, "DamageRolled")
    assert dmg["multiplier"] == 3
    assert dmg["amount"] == 3 * (1 + 2)
    faces = [d["face"] for t in dmg["roll"]["terms"] for d in t["dice"]]
    assert faces == [1, 1, 1]
    assert who(path, "hero")["hp"] == 20 - 9


def test_R_ATK_4_hit_deals_at_least_1(run, encounter):
    weak = {"id": "stick", "attack": 5, "damage": "1d4-3"}
    path = encounter(build(fighter("hero", "a", (0, 0), weapons=(weak,)),
                           fighter("orc", "b", (1, 0))))
    start(run, path, "15,3", "hero")
    r = run("attack", path, "hero", "orc", "--dice", "15,1", "--format", "json")
    assert r.code == 0, r.err
    assert events(r, "DamageRolled")[0]["amount"] == 1
    assert who(path, "orc")["hp"] == 9


# -- R-ATK-5: engagement ------------------------------------------------------------------


def test_R_ATK_5_melee_attack_engages_even_on_a_miss(run, encounter):
    r, path = hero_attacks(run, encounter, "--dice", "2")
    assert events(r, "AttackRolled")[0]["hit"] is False
    assert who(path, "hero")["engaged"] == ["orc"]
    assert who(path, "orc")["engaged"] == ["hero"]
    assert who(path, "hero").get("missile_engaged", []) == []


def test_R_ATK_5_ranged_attack_engages_in_missile_combat(run, encounter):
    path = encounter(build(fighter("mira", "a", (0, 0), weapons=(BOW,)),
                           fighter("orc", "b", (5, 0))))
    start(run, path, "15,3", "mira")
    r = run("attack", path, "mira", "orc", "--dice", "2", "--format", "json")
    assert r.code == 0, r.err
    assert who(path, "mira")["missile_engaged"] == ["orc"]
    assert who(path, "orc")["missile_engaged"] == ["mira"]
    assert who(path, "mira").get("engaged", []) == []
    assert who(path, "orc").get("engaged", []) == []


# -- R-ATK-6: shooting into melee -------------------------------------------------------------


def _into_melee(run: Any, encounter: Any, rules: str = "") -> Path:
    path = encounter(build(fighter("hero", "a", (0, 0), initiative_mod=10),
                           fighter("mira", "a", (0, 5), weapons=(BOW,), initiative_mod=5),
                           fighter("orc", "b", (1, 0), defense=13), rules=rules))
    start(run, path, "10,10,1", "hero")
    assert run("attack", path, "hero", "orc", "--dice", "2").code == 0
    assert who(path, "orc")["engaged"] == ["hero"]
    assert run("next", path).code == 0
    assert doc(path)["state"]["turn"] == "mira"
    return path


def test_R_ATK_6_ranged_into_melee_forbidden(run, encounter):
    path = _into_melee(run, encounter)
    refused(run, path, "R-ATK-6", "attack", path, "mira", "orc", "--dice", "19,1")


def test_R_ATK_6_ranged_into_melee_penalty_minus_4(run, encounter):
    path = _into_melee(run, encounter, rules='ranged_into_melee = "penalty"')
    # 12 + 4 = 16 would hit Defense 13; at -4 it is 12: a miss
    r = run("attack", path, "mira", "orc", "--dice", "12", "--format", "json")
    assert r.code == 0, r.err
    (roll,) = events(r, "AttackRolled")
    assert -4 in [m["value"] for m in roll["roll"]["mods"]]
    assert roll["roll"]["total"] == 12 and roll["hit"] is False
    assert who(path, "orc")["hp"] == 10


def test_R_ATK_6_penalty_shot_can_still_hit(run, encounter):
    path = _into_melee(run, encounter, rules='ranged_into_melee = "penalty"')
    r = run("attack", path, "mira", "orc", "--dice", "13,3", "--format", "json")
    assert r.code == 0, r.err
    (roll,) = events(r, "AttackRolled")
    assert roll["roll"]["total"] == 13 and roll["hit"] is True
    assert who(path, "orc")["hp"] == 7


# -- R-ATK-7: shooting from a threatened square -----------------------------------------------


def _shooter_next_to_orc(run: Any, encounter: Any, mira_hp: int = 10) -> Path:
    path = encounter(build(fighter("mira", "a", (0, 0), weapons=(BOW,), defense=10,
                                   hp=mira_hp),
                           fighter("orc", "b", (1, 0), weapons=(AXE,)),
                           fighter("gob", "b", (0, 6))))
    start(run, path, "3,15,1", "mira")  # the orc has had its turn: not flat-footed
    return path


def test_R_ATK_7_ranged_attack_from_threatened_square_provokes_aoo_first(run, encounter):
    path = _shooter_next_to_orc(run, encounter)
    r = run("attack", path, "mira", "gob", "--weapon", "bow", "--dice", "15,3,16,2",
            "--format", "json")
    assert r.code == 0, r.err
    seq = [(e["type"], e.get("attacker"), e.get("kind")) for e in events(r)
           if e["type"] in ("AttackRolled", "DamageRolled")]
    assert seq == [("AttackRolled", "orc", "aoo"), ("DamageRolled", "orc", None),
                   ("AttackRolled", "mira", "attack"), ("DamageRolled", "mira", None)]
    assert who(path, "mira")["hp"] == 10 - 5
    assert who(path, "gob")["hp"] == 10 - 2


def test_R_ATK_7_shooter_dropped_by_the_aoo_does_not_shoot(run, encounter):
    path = _shooter_next_to_orc(run, encounter, mira_hp=3)
    r = run("attack", path, "mira", "gob", "--weapon", "bow", "--dice", "15,3,16,2",
            "--format", "json")
    assert r.code == 0, r.err
    assert [e["attacker"] for e in events(r, "AttackRolled")] == ["orc"]
    assert who(path, "mira")["hp"] == -2
    assert who(path, "gob")["hp"] == 10


def test_R_ATK_7_not_threatened_shooter_provokes_nothing(run, encounter):
    path = encounter(build(fighter("mira", "a", (0, 0), weapons=(BOW,)),
                           fighter("orc", "b", (2, 0), weapons=(AXE,)),
                           fighter("gob", "b", (0, 6))))
    start(run, path, "3,15,1", "mira")
    r = run("attack", path, "mira", "gob", "--dice", "16,2", "--format", "json")
    assert r.code == 0, r.err
    assert [e["attacker"] for e in events(r, "AttackRolled")] == ["mira"]


def test_R_ATK_7_each_threatening_enemy_in_initiative_order(run, encounter):
    path = encounter(build(fighter("mira", "a", (0, 0), weapons=(BOW,), defense=10),
                           fighter("orc1", "b", (1, 0), weapons=(AXE,)),
                           fighter("orc2", "b", (0, 1), weapons=(AXE,)),
                           fighter("gob", "b", (0, 6))))
    start(run, path, "3,10,15,1", "mira")
    r = run("attack", path, "mira", "gob", "--dice", "2,2,16,2", "--format", "json")
    assert r.code == 0, r.err
    rolls = [(e["attacker"], e["kind"]) for e in events(r, "AttackRolled")]
    assert rolls == [("orc2", "aoo"), ("orc1", "aoo"), ("mira", "attack")]


# -- R-ATK-8: a standard action; the default weapon ------------------------------------------


def test_R_ATK_8_second_attack_in_a_turn_refused(run, encounter):
    r, path = hero_attacks(run, encounter, "--dice", "2")
    refused(run, path, "R-TRN-3", "attack", path, "hero", "orc", "--dice", "15,1")


def test_R_ATK_8_attack_refused_when_not_your_turn(run, encounter):
    path = encounter(duel())
    start(run, path, "15,3", "hero")
    refused(run, path, "R-TRN-3", "attack", path, "orc", "hero", "--dice", "15,1")


def test_R_ATK_8_default_weapon_is_first_that_reaches(run, encounter):
    pike = {"id": "pike", "attack": 6, "damage": "1d8", "reach": 2}
    knife = {"id": "knife", "attack": 1, "damage": "1d4"}
    for name, pos, expected in (("near.toml", (1, 0), "knife"), ("far.toml", (2, 0), "pike")):
        path = encounter(build(fighter("grak", "b", (0, 0), weapons=(pike, knife)),
                               fighter("hero", "a", pos)), name=name)
        start(run, path, "15,3", "grak")
        r = run("attack", path, "grak", "hero", "--dice", "2", "--format", "json")
        assert r.code == 0, r.err
        assert events(r, "AttackRolled")[0]["weapon"] == expected, name


def test_R_ATK_8_default_weapon_skips_melee_that_does_not_reach(run, encounter):
    path = encounter(build(fighter("mira", "a", (0, 0), weapons=(SWORD, BOW)),
                           fighter("orc", "b", (4, 0))))
    start(run, path, "15,3", "mira")
    r = run("attack", path, "mira", "orc", "--dice", "2", "--format", "json")
    assert r.code == 0, r.err
    assert events(r, "AttackRolled")[0]["weapon"] == "bow"


# -- R-ATK-9: ammunition ------------------------------------------------------------------


def test_R_ATK_9_each_shot_spends_one_ammo(run, encounter):
    path = encounter(build(fighter("mira", "a", (0, 0), weapons=({**BOW, "ammo": 2},)),
                           fighter("orc", "b", (5, 0))))
    start(run, path, "15,3", "mira")
    r = run("attack", path, "mira", "orc", "--dice", "2")
    assert r.code == 0, r.err
    assert who(path, "mira")["weapons"][0]["ammo"] == 1


def test_R_ATK_9_no_ammo_cannot_shoot(run, encounter):
    path = encounter(build(fighter("mira", "a", (0, 0), weapons=({**BOW, "ammo": 0},)),
                           fighter("orc", "b", (5, 0))))
    start(run, path, "15,3", "mira")
    refused(run, path, "R-ATK-9", "attack", path, "mira", "orc", "--weapon", "bow",
            "--dice", "15,2")


# -- R-HP-1..3 from damage ----------------------------------------------------------------


@pytest.mark.parametrize(("face", "hp", "status", "label"), [
    (1, 1, "ok", "badly wounded"),
    (2, 0, "disabled", "down"),
    (3, -1, "dying", "down"),
    (4, -2, "dying", "down"),
    (5, -3, "dead", "dead"),
])
def test_R_HP_1_thresholds_from_damage(run, encounter, face, hp, status, label):
    path = encounter(build(fighter("hero", "a", (0, 0)),
                           fighter("orc", "b", (1, 0), hp=5, name="Orc"),
                           rules="death_at = -3"))
    start(run, path, "15,3", "hero")
    r = run("attack", path, "hero", "orc", "--dice", f"15,{face}")
    assert r.code == 0, r.err
    orc = who(path, "orc")
    assert (orc["hp"], orc["status"]) == (hp, status)
    assert f"Orc is now {label}." in r.out


def test_R_HP_1_default_death_at_minus_10(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0)),
                           fighter("orc", "b", (1, 0), hp=2)))
    start(run, path, "15,3", "hero")
    assert run("attack", path, "hero", "orc", "--dice", "15,8").code == 0
    assert (who(path, "orc")["hp"], who(path, "orc")["status"]) == (-9, "dying")
    path = encounter(build(fighter("hero", "a", (0, 0)),
                           fighter("orc", "b", (1, 0), hp=1)), name="b.toml")
    start(run, path, "15,3", "hero")
    assert run("attack", path, "hero", "orc", "--dice", "15,8").code == 0
    assert (who(path, "orc")["hp"], who(path, "orc")["status"]) == (-10, "dead")


def test_R_HP_2_disabled_standard_action_then_1_damage(run, encounter):
    path = encounter(duel(a="max_hp = 20").replace("hp = 20\n", "hp = 0\n", 1))
    assert who(path, "hero")["hp"] == 0
    start(run, path, "15,3", "hero")
    r = run("attack", path, "hero", "orc", "--dice", "15,1", "--format", "json")
    assert r.code == 0, r.err
    assert events(r, "AttackRolled")[0]["hit"] is True
    hero = who(path, "hero")
    assert (hero["hp"], hero["status"]) == (-1, "dying")


def test_R_HP_2_disabled_miss_still_strains(run, encounter):
    path = encounter(duel(a="max_hp = 20").replace("hp = 20\n", "hp = 0\n", 1))
    start(run, path, "15,3", "hero")
    assert run("attack", path, "hero", "orc", "--dice", "2").code == 0
    assert who(path, "hero")["hp"] == -1


def test_R_HP_2_disabled_one_action_move_then_attack_refused(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0), hp=0, max_hp=10),
                           fighter("orc", "b", (2, 0))))
    start(run, path, "15,3", "hero")
    r = run("move", path, "hero", "1,0")
    assert r.code == 0, r.err
    assert who(path, "hero")["hp"] == 0  # a move action costs no hp
    refused(run, path, "R-HP-2", "attack", path, "hero", "orc", "--dice", "15,1")


def test_R_HP_3_target_at_0_hp_makes_no_aoo_against_shooter(run, encounter):
    path = encounter(build(fighter("mira", "a", (0, 0), weapons=(BOW,)),
                           fighter("orc", "b", (1, 0), weapons=(AXE,), hp=0, max_hp=10),
                           fighter("gob", "b", (0, 6))))
    start(run, path, "3,15,1", "mira")
    r = run("attack", path, "mira", "gob", "--dice", "16,2", "--format", "json")
    assert r.code == 0, r.err
    assert [e["attacker"] for e in events(r, "AttackRolled")] == ["mira"]


# -- R-INI-6: flat-footed Defense -----------------------------------------------------------


def test_R_INI_6_flat_footed_loses_dex_and_dodge(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0)),
                           fighter("orc", "b", (1, 0), defense=16, dex_mod=2, dodge=1)))
    start(run, path, "15,3", "hero")
    r = run("attack", path, "hero", "orc", "--dice", "8,1")
    assert r.code == 0, r.err
    assert "against Defense 13 (flat-footed)" in r.out
    assert who(path, "orc")["hp"] == 6


def test_R_INI_6_flat_footed_keeps_negative_dex(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0)),
                           fighter("orc", "b", (1, 0), defense=12, dex_mod=-1, dodge=1)))
    start(run, path, "15,3", "hero")
    r = run("attack", path, "hero", "orc", "--dice", "6,1", "--format", "json")
    assert r.code == 0, r.err
    (roll,) = events(r, "AttackRolled")
    assert roll["defense"] == 11 and roll["hit"] is True


def test_R_INI_6_full_defense_after_first_turn(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0)),
                           fighter("orc", "b", (1, 0), defense=16, dex_mod=2, dodge=1)))
    start(run, path, "3,15", "hero")
    r = run("attack", path, "hero", "orc", "--dice", "8")
    assert r.code == 0, r.err
    assert "against Defense 16" in r.out
    assert "flat-footed" not in r.out
    assert who(path, "orc")["hp"] == 10


# -- R-OUT-1/3: the attack post --------------------------------------------------------------


def test_R_OUT_1_attack_post_faces_bonus_total_defense_outcome_damage(run, encounter):
    path = encounter(duel())
    start(run, path, "15,3", "hero")
    r = run("attack", path, "hero", "orc", "--dice", "17,5")
    assert r.code == 0, r.err
    assert "1d20 (17 supplied) + 5 (attack) = 22" in r.out
    assert "against Defense 13" in r.out
    assert "— hit" in r.out
    assert "1d8 (5 supplied) + 3 = 8" in r.out
    assert "Orc is now badly wounded." in r.out
    assert "4/12" not in r.out and "[b]" not in r.out


def test_R_OUT_1_attack_post_miss_in_words_bbcode_bold(run, encounter):
    path = encounter(duel())
    start(run, path, "15,3", "hero")
    r = run("attack", path, "hero", "orc", "--dice", "3", "--format", "bbcode")
    assert r.code == 0, r.err
    assert "1d20 (3 supplied) + 5 (attack) = [b]8[/b]" in r.out
    assert "[b]miss[/b]" in r.out


@pytest.mark.parametrize(("face", "label"), [(1, "wounded"), (3, "badly wounded")])
def test_R_OUT_3_non_pc_target_state_as_label(run, encounter, face, label):
    # Orc 12 hp: 4 damage → 8 (> half: wounded); 6 damage → 6 (= half: badly wounded)
    path = encounter(duel())
    start(run, path, "15,3", "hero")
    r = run("attack", path, "hero", "orc", "--dice", f"15,{face}")
    assert r.code == 0, r.err
    assert f"Orc is now {label}." in r.out
    hp = 12 - (face + 3)
    assert f"{hp}/12" not in r.out


def test_R_OUT_3_pc_target_state_as_numbers(run, encounter):
    path = encounter(duel())
    start(run, path, "1,20", "orc")
    r = run("attack", path, "orc", "hero", "--dice", "15,7")
    assert r.code == 0, r.err
    assert "1d12 (7 supplied) + 2 = 9" in r.out
    assert "11/20" in r.out
    assert "wounded" not in r.out
