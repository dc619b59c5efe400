"""R-ENG-0: `rules.engagement = false` plays plain d20 (SRD): nobody is ever engaged, leaving
a threatened square provokes every threatening enemy, no disengage rolls, `disengage` refused,
−4 for shooting into a melee that holds an ally of the shooter; interception stays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from helpers import (
    AXE,
    BOW_20,
    SWORD,
    aoos,
    armed_person,
    build,
    doc,
    events,
    fight,
    fighter,
    ok,
    people,
    person,
    pos,
    refused,
    start,
)

PLAIN = "engagement = false"


def _never_engaged(path: Path) -> None:
    for c in people(path).values():
        assert not c.get("engaged") and not c.get("missile_engaged"), c


def _hero_and_two_orcs(run: Any, encounter: Any, rules: str) -> Path:
    """Hero (Defense 15, 20 hp) at (0,0) between two orcs at (1,0) and (0,1); orcs first in
    the order, so they are no longer flat-footed when the hero acts."""
    path = encounter(build(fighter("hero", "a", (0, 0), defense=15, hp=20),
                           fighter("orc", "b", (1, 0), weapons=(AXE,)),
                           fighter("orc2", "b", (0, 1), weapons=(AXE,)), rules=rules))
    start(run, path, "3,15,14", "orc")
    ok(run("attack", path, "orc", "hero", "--dice", "2"))  # a miss: would engage (R-ATK-5)
    ok(run("next", path))
    ok(run("attack", path, "orc2", "hero", "--dice", "2"))
    ok(run("next", path))
    assert doc(path)["state"]["turn"] == "hero"
    return path


def test_R_ENG_0_plain_d20_fight_aoo_on_leaving_no_engagement_no_disengage_rolls(
        run, encounter):
    path = _hero_and_two_orcs(run, encounter, PLAIN)
    _never_engaged(path)  # two melee attack rolls, and nobody is engaged
    # leaving both orcs' threatened squares: an AoO from each, no disengage rolls
    r = run("move", path, "hero", "3,3", "--dice", "2,2", "--format", "json")
    ok(r)
    assert [a["attacker"] for a in aoos(r)] == ["orc", "orc2"]
    assert events(r, "DisengageResolved") == []
    assert pos(path, "hero") == [3, 3]
    _never_engaged(path)


def test_R_ENG_0_with_engagement_the_same_move_needs_a_disengage_roll(run, encounter):
    """The control: seed 000's rules on, the same fight engages and the move disengages."""
    path = _hero_and_two_orcs(run, encounter, "")
    assert set(people(path)["hero"]["engaged"]) == {"orc", "orc2"}
    r = run("move", path, "hero", "3,3", "--dice", "20,1,1", "--format", "json")
    ok(r)
    assert aoos(r) == [] and len(events(r, "DisengageResolved")) == 1


def test_R_ENG_0_disengage_is_refused_naming_the_key_file_unchanged(run, encounter):
    path = _hero_and_two_orcs(run, encounter, PLAIN)
    r = refused(run, path, "R-ENG-0", "disengage", path, "hero")
    assert "rules.engagement" in r.err and "--withdraw" in r.err
    refused(run, path, "R-ENG-0", "disengage", path, "hero", "--to", "3,3")
    refused(run, path, "R-ENG-0", "disengage", path, "hero", "--reckless")
    refused(run, path, "R-ENG-0", "declare", path, "hero", "disengage", "--to", "3,3")


def test_R_ENG_0_refusal_in_spanish(run, encounter):
    path = _hero_and_two_orcs(run, encounter, PLAIN)
    r = refused(run, path, "R-ENG-0", "disengage", path, "hero", "--lang", "es")
    assert "rules.engagement" in r.err and "desentabla" in r.err


def test_R_ENG_0_withdraw_and_step_are_the_ways_out(run, encounter):
    path = _hero_and_two_orcs(run, encounter, PLAIN)
    r = run("move", path, "hero", "0,-1", "--step", "--format", "json")
    ok(r)
    assert aoos(r) == [] and events(r, "DisengageResolved") == []
    _never_engaged(path)


def _archer_fight(run: Any, encounter: Any, rules: str) -> Path:
    """Archer at (0,5); its ally the knight at (4,0) beside the orc at (5,0)."""
    path = encounter(build(fighter("archer", "a", (0, 5), weapons=(BOW_20,)),
                           fighter("knight", "a", (4, 0)),
                           fighter("orc", "b", (5, 0), weapons=(SWORD,)), rules=rules))
    start(run, path, "15,3,2", "archer")
    return path


def test_R_ENG_0_shooting_into_melee_with_an_ally_takes_minus_4(run, encounter):
    """Whatever `ranged_into_melee` says ("forbid" here): the shot is allowed at −4."""
    path = _archer_fight(run, encounter, PLAIN + '\nranged_into_melee = "forbid"')
    r = run("attack", path, "archer", "orc", "--dice", "10,1", "--format", "json")
    ok(r)
    roll = events(r, "AttackRolled")[0]["roll"]
    assert roll["total"] == 10 + 4 - 4, roll
    _never_engaged(path)  # a ranged attack roll engages nobody either


def test_R_ENG_0_no_penalty_when_no_ally_is_in_melee(run, encounter):
    path = encounter(build(fighter("archer", "a", (0, 5), weapons=(BOW_20,)),
                           fighter("knight", "a", (9, 9)),
                           fighter("orc", "b", (5, 0), weapons=(SWORD,)), rules=PLAIN))
    start(run, path, "15,3,2", "archer")
    r = run("attack", path, "archer", "orc", "--dice", "10,1", "--format", "json")
    ok(r)
    assert events(r, "AttackRolled")[0]["roll"]["total"] == 14


def test_R_ENG_0_engagement_on_forbids_the_same_shot_only_once_engaged(run, encounter):
    """The control: with the seed's rules the target is not engaged (nobody attacked yet),
    so no penalty; plain d20 counts the knight beside it."""
    path = _archer_fight(run, encounter, 'ranged_into_melee = "penalty"')
    r = run("attack", path, "archer", "orc", "--dice", "10,1", "--format", "json")
    ok(r)
    assert events(r, "AttackRolled")[0]["roll"]["total"] == 14


def test_R_ENG_0_an_engaged_file_is_invalid_with_engagement_false(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0), engaged=["orc"]),
                           fighter("orc", "b", (1, 0), engaged=["hero"]), rules=PLAIN))
    r = run("validate", path)
    assert r.code == 65
    assert "combatants[0].engaged" in r.err and "R-ENG-0" in r.err


def test_R_ENG_0_interception_stays(run, encounter):
    """A guard still intercepts a mover entering its radius (R-INT-3)."""
    path = encounter(build(fighter("guard", "a", (2, 2), initiative_mod=5),
                           fighter("ward", "a", (2, 3)),
                           fighter("orc", "b", (6, 2), weapons=(AXE,)), rules=PLAIN))
    start(run, path, "15,3,2", "guard")
    ok(run("intercept", path, "guard", "ward"))
    ok(run("next", path))
    ok(run("next", path))
    assert doc(path)["state"]["turn"] == "orc"
    r = run("move", path, "orc", "3,3", "--dice", "20,1", "--format", "json")
    ok(r)
    assert events(r, "InterceptResolved")
    _never_engaged(path)


def _orders_fight(rules: str) -> str:
    """The archer (orders: attack-nearest) with only a bow; Ann, nearer, stands beside the
    ogre (its ally), Bob farther away."""
    return fight(
        armed_person("archer", "monsters", 3, weapon=("bow", "1d6", 3), kind="ranged", rng=10,
                     pos=(0, 0)),
        person("ann", "heroes", 2, pc=True, position=[3, 0]),
        person("bob", "heroes", 1, pc=True, position=[6, 0]),
        person("ogre", "monsters", 0, position=[4, 0]), rules=rules)


def test_R_ENG_0_standing_orders_shoot_into_melee_at_minus_4(run, encounter):
    """`resolve` by standing orders: plain d20 lets the archer shoot the nearest (Ann, in
    melee with the ogre) at −4, though `ranged_into_melee` says "forbid"."""
    path = encounter(_orders_fight(PLAIN + '\ndefault_action = "attack-nearest"'))
    ok(run("roll-initiative", path, "--dice", "10,10,10,10"))
    r = run("resolve", path, "--dice", "15,4", "--format", "json")
    ok(r)
    shots = [a for a in events(r, "AttackRolled") if a["attacker"] == "archer"]
    assert [(a["target"], a["roll"]["total"]) for a in shots] == [("ann", 15 + 3 - 4)]
    _never_engaged(path)


def test_R_ENG_0_odds_run_under_plain_d20(run, encounter):
    """`odds` plays everyone by standing orders with the same rules: it decides fights."""
    path = encounter(_orders_fight(PLAIN))
    r = run("odds", path, "--runs", "30", "--seed", "00", "--jobs", "1", "--format", "json")
    ok(r)
    report = r.json()["odds"]
    assert report["runs"] == 30 and report["undecided"]["count"] == 0, report


def test_R_ENG_0_a_full_attack_of_shots_into_melee_takes_minus_4_on_each(run, encounter):
    bow = {**BOW_20, "attacks": [4, -1]}
    path = encounter(build(fighter("archer", "a", (0, 5), weapons=(bow,)),
                           fighter("knight", "a", (4, 0)),
                           fighter("orc", "b", (5, 0), weapons=(SWORD,), hp=40), rules=PLAIN))
    start(run, path, "15,3,2", "archer")
    r = run("attack", path, "archer", "orc", "--full", "--dice", "10,10", "--format",
            "json")
    ok(r)
    assert [a["roll"]["total"] for a in events(r, "AttackRolled")] == [10, 5]
