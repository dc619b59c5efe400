"""Attacks of opportunity (R-AOO-1..6): who threatens, what provokes (moving, shooting), one a
round, the weapon, engaging and dropping the mover; with supplied dice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import (
    AXE,
    BOW_20,
    SWORD,
    aoos,
    build,
    doc,
    engaged,
    events,
    fighter,
    move,
    next_until,
    pos,
    refused,
    start,
    who,
)

# -- helpers ------------------------------------------------------------------------------


def by_orc(run: Any, encounter: Any, rules: str = "", orc_at: tuple[int, int] = (1, 0),
           hero: dict[str, Any] | None = None, orc: dict[str, Any] | None = None) -> Path:
    """Hero (Defense 15, 20 hp) at (0,0) on its turn; the orc (Axe +4, 1d12+2) has had its turn
    (not flat-footed) and has not attacked."""
    hero_keys = {"defense": 15, "hp": 20, **(hero or {})}
    orc_keys = {"weapons": (AXE,), **(orc or {})}
    path = encounter(build(fighter("hero", "a", (0, 0), **hero_keys),
                           fighter("orc", "b", orc_at, **orc_keys), rules=rules))
    start(run, path, "3,15", "hero")
    return path


# -- R-AOO: attacks of opportunity ------------------------------------------------------------


def test_R_AOO_1_only_squares_a_melee_weapon_reaches_are_threatened(run, encounter):
    """Leaving (0,0), adjacent to the orc's axe, provokes; leaving (3,0) afterwards does not."""
    path = by_orc(run, encounter)
    r = move(run, path, "hero", "0,1", "--dice", "2")  # still adjacent: (0,1)-(1,0) is 1
    assert len(aoos(r)) == 1 and aoos(r)[0]["attacker"] == "orc"
    far = encounter(build(fighter("hero", "a", (0, 0), defense=15, hp=20),
                          fighter("orc", "b", (3, 0), weapons=(BOW_20,))), name="far.toml")
    start(run, far, "15,3", "hero")
    r = move(run, far, "hero", "0,2")
    assert aoos(r) == []  # a combatant with only a bow threatens nothing (R-GEO-4)


def test_R_AOO_3_a_shot_from_a_threatened_square_provokes_first(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0), weapons=(BOW_20,), defense=15, hp=20),
                           fighter("orc", "b", (1, 0), weapons=(SWORD,))))
    start(run, path, "3,15", "hero")
    r = run("attack", path, "hero", "orc", "--format", "json", "--dice", "2,10,4")
    assert r.code == 0, r.err
    kinds = [e["kind"] for e in r.json()["events"] if e["type"] == "AttackRolled"]
    assert kinds == ["aoo", "attack"]  # the AoO is resolved before the shot


def test_R_AOO_2_leaving_a_threatened_square_provokes(run, encounter):
    path = by_orc(run, encounter, rules="aoo_engages = false")
    r = move(run, path, "hero", "-2,0", "--dice", "2")
    (aoo,) = aoos(r)
    assert (aoo["attacker"], aoo["target"]) == ("orc", "hero")
    assert aoo["roll"]["total"] == 6 and aoo["hit"] is False
    assert pos(path, "hero") == [-2, 0]


def test_R_AOO_2_aoo_damage_applies_and_mover_goes_on(run, encounter):
    path = by_orc(run, encounter, rules="aoo_engages = false")
    r = move(run, path, "hero", "-2,0", "--dice", "15,5")
    assert aoos(r)[0]["hit"] is True
    assert who(path, "hero")["hp"] == 20 - 7
    assert pos(path, "hero") == [-2, 0]


def test_R_AOO_2_five_foot_step_provokes_nothing(run, encounter):
    path = by_orc(run, encounter, rules="aoo_engages = false")
    r = move(run, path, "hero", "-1,0", "--step")
    assert aoos(r) == []
    assert pos(path, "hero") == [-1, 0]


def test_R_AOO_2_entering_a_threatened_square_provokes_nothing(run, encounter):
    path = by_orc(run, encounter, orc_at=(3, 0))
    r = move(run, path, "hero", "2,1")
    assert aoos(r) == []
    assert pos(path, "hero") == [2, 1]


def test_R_AOO_2_enemy_engaged_with_mover_makes_no_aoo(run, encounter):
    # the orc attacked the hero (engaged); the hero disengages (R-DIS) and moves: no AoO
    path = encounter(build(fighter("hero", "a", (0, 0), defense=15, hp=20),
                           fighter("orc", "b", (1, 0), weapons=(AXE,))))
    start(run, path, "3,15", "orc")
    assert run("attack", path, "orc", "hero", "--dice", "2").code == 0
    next_until(run, path, "hero")
    r = move(run, path, "hero", "-3,0", "--dice", "15,2")
    assert aoos(r) == []
    assert events(r, "DefenseTotalRolled")[0]["roll"]["total"] == 20
    assert pos(path, "hero") == [-3, 0]
    assert engaged(path, "hero") == []


def test_R_AOO_2_moving_within_engaged_enemy_reach_no_aoo(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0), defense=15, hp=20),
                           fighter("orc", "b", (1, 0), weapons=(AXE,))))
    start(run, path, "3,15", "orc")
    assert run("attack", path, "orc", "hero", "--dice", "2").code == 0
    next_until(run, path, "hero")
    r = move(run, path, "hero", "0,1")
    assert aoos(r) == [] and events(r, "DefenseTotalRolled") == []
    assert pos(path, "hero") == [0, 1]
    assert engaged(path, "hero") == ["orc"]


def test_R_AOO_4_one_aoo_per_round_along_a_path(run, encounter):
    # every square from (0,0) to (2,0) is threatened by the orc at (1,1): one AoO only
    path = by_orc(run, encounter, rules="aoo_engages = false", orc_at=(1, 1))
    r = move(run, path, "hero", "3,0", "--dice", "2,2,2")
    assert len(aoos(r)) == 1
    assert pos(path, "hero") == [3, 0]


def test_R_AOO_4_one_aoo_per_round_across_movers_and_again_next_round(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0), defense=15),
                           fighter("tom", "a", (0, 2), defense=15),
                           fighter("kit", "a", (2, 2), defense=15),
                           fighter("orc", "b", (1, 1), weapons=(AXE,)),
                           rules="aoo_engages = false"))
    start(run, path, "10,8,6,15", "hero")  # orc, hero, tom, kit
    r = move(run, path, "hero", "-2,0", "--dice", "2")
    assert [e["attacker"] for e in aoos(r)] == ["orc"]
    next_until(run, path, "tom")
    r = move(run, path, "tom", "-2,2", "--dice", "2")
    assert aoos(r) == []
    assert pos(path, "tom") == [-2, 2]
    next_until(run, path, "orc")  # round 2
    assert doc(path)["state"]["round"] == 2
    next_until(run, path, "kit")
    r = move(run, path, "kit", "4,2", "--dice", "2")
    assert [e["attacker"] for e in aoos(r)] == ["orc"]


def test_R_AOO_4_each_threatening_enemy_gets_one_in_initiative_order(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0), defense=15),
                           fighter("orc1", "b", (1, 0), weapons=(AXE,)),
                           fighter("orc2", "b", (1, 1), weapons=(AXE,)),
                           rules="aoo_engages = false"))
    start(run, path, "3,10,15", "hero")  # orc2, orc1, hero
    r = move(run, path, "hero", "-2,0", "--dice", "2,2")
    assert [e["attacker"] for e in aoos(r)] == ["orc2", "orc1"]


def test_R_AOO_4_flat_footed_enemy_makes_no_aoo(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0), defense=15),
                           fighter("orc", "b", (1, 0), weapons=(AXE,)),
                           rules="aoo_engages = false"))
    start(run, path, "15,3", "hero")  # the orc has not acted yet
    assert who(path, "orc")["flat_footed"] is True
    r = move(run, path, "hero", "-2,0", "--dice", "15,5")
    assert aoos(r) == []
    assert who(path, "hero")["hp"] == 10


def test_R_AOO_4_guarding_enemy_makes_no_aoo(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0), defense=15),
                           fighter("orc", "b", (1, 0), weapons=(AXE,)),
                           fighter("gob", "b", (2, 0)),
                           rules="aoo_engages = false"))
    start(run, path, "3,15,10", "orc")  # orc, gob, hero
    assert run("intercept", path, "orc", "gob").code == 0
    next_until(run, path, "hero")
    assert who(path, "orc")["guarding"] == "gob"
    r = move(run, path, "hero", "-2,0", "--dice", "15,5")
    assert aoos(r) == []
    assert who(path, "hero")["hp"] == 10


def test_R_AOO_4_enemy_at_0_hp_makes_no_aoo(run, encounter):
    path = by_orc(run, encounter, rules="aoo_engages = false",
                  orc={"hp": 0, "max_hp": 10})
    assert who(path, "orc")["status"] == "disabled"
    r = move(run, path, "hero", "-2,0", "--dice", "15,5")
    assert aoos(r) == []
    assert who(path, "hero")["hp"] == 20


def test_R_AOO_4_aoo_with_best_melee_weapon_that_reaches(run, encounter):
    dagger = {"id": "dagger", "attack": 2, "damage": "1d4"}
    spear = {"id": "longspear", "attack": 8, "damage": "1d8", "reach": 2}
    greataxe = {"id": "greataxe", "attack": 6, "damage": "1d12"}
    bow = {**BOW_20, "attack": 10}
    path = by_orc(run, encounter, rules="aoo_engages = false",
                  orc={"weapons": (dagger, bow, spear, greataxe)})
    r = move(run, path, "hero", "-2,0", "--dice", "2")
    (aoo,) = aoos(r)
    assert aoo["weapon"] == "greataxe"
    assert aoo["roll"]["total"] == 2 + 6


def test_R_AOO_4_best_weapon_at_two_squares_is_the_reach_weapon(run, encounter):
    dagger = {"id": "dagger", "attack": 2, "damage": "1d4"}
    spear = {"id": "longspear", "attack": 8, "damage": "1d8", "reach": 2}
    path = by_orc(run, encounter, rules="aoo_engages = false", orc_at=(2, 0),
                  orc={"weapons": (dagger, spear)})
    r = move(run, path, "hero", "-2,0", "--dice", "2")
    (aoo,) = aoos(r)
    assert aoo["weapon"] == "longspear"
    assert aoo["roll"]["total"] == 2 + 8


def test_R_AOO_4_aoo_critical_uses_confirmation(run, encounter):
    path = by_orc(run, encounter, rules="aoo_engages = false")
    r = move(run, path, "hero", "-2,0", "--dice", "20,15,1,1")
    (aoo,) = aoos(r)
    assert aoo["threat"] is True
    assert events(r, "CriticalConfirmRolled")[0]["confirmed"] is True
    assert who(path, "hero")["hp"] == 20 - 6


def test_R_AOO_5_aoo_engages_and_successful_disengage_goes_on(run, encounter):
    path = by_orc(run, encounter)
    r = move(run, path, "hero", "-3,0", "--dice", "2,15,3")
    types = [e["type"] for e in events(r)
             if e["type"] in ("AttackRolled", "Engaged", "DefenseTotalRolled",
                              "AttackTotalRolled", "Disengaged")]
    assert types == ["AttackRolled", "Engaged", "DefenseTotalRolled", "AttackTotalRolled",
                     "Disengaged"]
    assert events(r, "DefenseTotalRolled")[0]["roll"]["total"] == 15 + 5
    assert events(r, "AttackTotalRolled")[0]["roll"]["total"] == 3 + 4
    assert pos(path, "hero") == [-3, 0]
    assert engaged(path, "hero") == [] and engaged(path, "orc") == []


def test_R_AOO_5_failed_disengage_stops_in_the_square_being_left(run, encounter):
    # the AoO comes when leaving (1,0), mid-path; the failed disengage stops the hero there
    path = by_orc(run, encounter, orc_at=(2, 1))
    r = move(run, path, "hero", "4,0", "--dice", "2,3,15")
    assert len(aoos(r)) == 1
    assert events(r, "DefenseTotalRolled")[0]["roll"]["total"] == 3 + 5
    assert events(r, "AttackTotalRolled")[0]["roll"]["total"] == 15 + 4
    assert pos(path, "hero") == [1, 0]
    assert engaged(path, "hero") == ["orc"]
    # the failed attempt was the hero's action for the turn (R-DIS-3)
    refused(run, path, None, "attack", path, "hero", "orc", "--dice", "15,2")
    refused(run, path, None, "move", path, "hero", "1,-1")


def test_R_AOO_5_aoo_engages_false_mover_goes_on(run, encounter):
    path = by_orc(run, encounter, rules="aoo_engages = false", orc_at=(2, 1))
    r = move(run, path, "hero", "4,0", "--dice", "2,3,15")
    assert len(aoos(r)) == 1
    assert events(r, "DefenseTotalRolled") == []
    assert events(r, "Engaged") == []
    assert pos(path, "hero") == [4, 0]
    assert engaged(path, "hero") == [] and engaged(path, "orc") == []


@pytest.mark.parametrize("rules", ["aoo_engages = true", "aoo_engages = false"])
@pytest.mark.parametrize(("hp", "after"), [(5, -3), (8, 0)])
def test_R_AOO_6_mover_dropped_to_0_or_below_stops_in_that_square(run, encounter, rules, hp,
                                                                   after):
    path = by_orc(run, encounter, rules=rules, orc_at=(2, 1), hero={"hp": hp, "max_hp": 20})
    r = move(run, path, "hero", "4,0", "--dice", "15,6,15,2")
    assert aoos(r)[0]["hit"] is True
    assert who(path, "hero")["hp"] == after
    assert pos(path, "hero") == [1, 0]
    assert events(r, "DefenseTotalRolled") == []
