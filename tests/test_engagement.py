"""R-ENG: engagement in melee and in missile combat, through the CLI with supplied dice."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import (
    build,
    counter,
    doc,
    duel,
    engaged,
    events,
    melee,
    ok,
    prepared,
    ranged,
    trade_blows,
    warrior,
    who,
)

# -- helpers ------------------------------------------------------------------------------


def missile(path: Path, cid: str) -> list[str]:
    return list(who(path, cid).get("missile_engaged", []))


# -- R-ENG-1: melee engagement ------------------------------------------------------------


@pytest.mark.parametrize("faces", ["18,4", "2"], ids=["hit", "miss"])
def test_R_ENG_1_melee_attack_roll_engages_both_hit_or_miss(run, encounter, faces):
    path = encounter(duel())
    ok(run("roll-initiative", path, "--dice", "15,5"))
    assert engaged(path, "hero") == [] and engaged(path, "orc") == []
    ok(run("attack", path, "hero", "orc", "--dice", faces))
    assert engaged(path, "hero") == ["orc"]
    assert engaged(path, "orc") == ["hero"]  # symmetric in the file
    assert missile(path, "hero") == [] and missile(path, "orc") == []


def test_R_ENG_1_target_attacking_back_keeps_a_single_engagement(run, encounter):
    path = encounter(duel())
    ok(run("roll-initiative", path, "--dice", "15,5"))
    ok(run("attack", path, "hero", "orc", "--dice", "2"))
    ok(run("next", path))
    ok(run("attack", path, "orc", "hero", "--dice", "2"))
    assert engaged(path, "hero") == ["orc"] and engaged(path, "orc") == ["hero"]


def test_R_ENG_1_attacks_of_opportunity_engage(run, encounter):
    # Orc acts first (not flat-footed on the hero's turn); the hero walks out of its reach.
    path = encounter(duel())
    ok(run("roll-initiative", path, "--dice", "3,15"))
    ok(run("next", path))
    assert doc(path)["state"]["turn"] == "hero"
    assert engaged(path, "hero") == []
    # AoO d20 2 (miss), then R-AOO-5 disengage: Defense Total 2+5=7 < Attack Total 15+4=19.
    r = run("move", path, "hero", "-2,0", "--dice", "2,2,15", "--format", "json")
    ok(r)
    aoo = events(r, "AttackRolled")
    assert [e["kind"] for e in aoo] == ["aoo"] and aoo[0]["attacker"] == "orc"
    assert engaged(path, "hero") == ["orc"]
    assert engaged(path, "orc") == ["hero"]


def test_R_ENG_1_move_ending_within_enemy_reach_engages(run, encounter):
    path = encounter(build(warrior("hero", "heroes", (0, 0)),
                           warrior("orc", "monsters", (3, 0))))
    ok(run("roll-initiative", path, "--dice", "15,5"))
    r = run("move", path, "hero", "2,0", "--format", "json")
    ok(r)
    assert who(path, "hero")["position"] == [2, 0]
    assert engaged(path, "hero") == ["orc"]
    assert engaged(path, "orc") == ["hero"]


def test_R_ENG_1_move_ending_within_an_enemys_long_reach_engages(run, encounter):
    # The orc's glaive reaches 2 squares; the hero's sword only 1.
    path = encounter(build(warrior("hero", "heroes", (0, 0)),
                           warrior("orc", "monsters", (4, 0), melee("glaive", reach=2))))
    ok(run("roll-initiative", path, "--dice", "15,5"))
    ok(run("move", path, "hero", "2,0"))
    assert engaged(path, "hero") == ["orc"] and engaged(path, "orc") == ["hero"]


def test_R_ENG_1_move_ending_with_enemy_within_movers_reach_engages(run, encounter):
    # The hero's spear reaches 2 squares; the orc's axe only 1: the orc is within the
    # hero's reach when the move ends, the hero is not within the orc's.
    path = encounter(build(warrior("hero", "heroes", (0, 0), melee("spear", reach=2)),
                           warrior("orc", "monsters", (4, 0))))
    ok(run("roll-initiative", path, "--dice", "15,5"))
    ok(run("move", path, "hero", "2,0"))
    assert engaged(path, "hero") == ["orc"] and engaged(path, "orc") == ["hero"]


def test_R_ENG_1_enemy_ending_its_move_within_reach_engages(run, encounter):
    path = encounter(build(warrior("hero", "heroes", (0, 0)),
                           warrior("orc", "monsters", (4, 0))))
    ok(run("roll-initiative", path, "--dice", "15,5"))
    ok(run("next", path))
    ok(run("move", path, "orc", "1,1"))
    assert engaged(path, "orc") == ["hero"] and engaged(path, "hero") == ["orc"]


def test_R_ENG_1_move_ending_out_of_reach_does_not_engage(run, encounter):
    path = encounter(build(warrior("hero", "heroes", (0, 0)),
                           warrior("ally", "heroes", (2, 1)),
                           warrior("orc", "monsters", (4, 0))))
    ok(run("roll-initiative", path, "--dice", "15,10,5"))
    ok(run("move", path, "hero", "2,0"))  # 2 squares from the orc, next to an ally
    assert engaged(path, "hero") == [] and engaged(path, "orc") == []
    assert engaged(path, "ally") == []  # allies never engage each other


# -- R-ENG-2: moving while engaged --------------------------------------------------------


def _engaged_duel(run, encounter) -> Path:
    """Round 2, the hero's turn: hero and orc engaged, the orc attacked the hero in round 1."""
    def steps(path: Path) -> None:
        trade_blows(run, path)

    path = prepared(encounter, ("engaged_duel",), duel(), steps)
    assert doc(path)["state"]["turn"] == "hero" and doc(path)["state"]["round"] == 2
    return path


def test_R_ENG_2_moving_within_engaged_opponents_reach_needs_no_check(run, encounter):
    path = _engaged_duel(run, encounter)
    n = counter(path)
    r = run("move", path, "hero", "0,1", "--dice", "2,19", "--format", "json")
    ok(r)
    assert events(r, "DefenseTotalRolled") == [] and events(r, "AttackTotalRolled") == []
    assert r.json()["unused_dice"] == [2, 19]
    assert counter(path) == n
    assert who(path, "hero")["position"] == [0, 1]
    assert engaged(path, "hero") == ["orc"] and engaged(path, "orc") == ["hero"]


def test_R_ENG_2_moving_out_of_engaged_opponents_reach_requires_disengaging(run, encounter):
    path = _engaged_duel(run, encounter)
    # Defense Total 2+5=7 against Attack Total 15+4=19: the hero may not leave.
    r = run("move", path, "hero", "-1,0", "--dice", "2,15", "--format", "json")
    ok(r)
    assert len(events(r, "DefenseTotalRolled")) == 1
    assert events(r, "Moved") == []
    assert who(path, "hero")["position"] == [0, 0]
    assert engaged(path, "hero") == ["orc"] and engaged(path, "orc") == ["hero"]


# -- R-ENG-3: missile engagement ----------------------------------------------------------


def _shooting(run, encounter, bow: str, hero_pos=(0, 0), archer_pos=(5, 0)) -> Path:
    """The archer acts first and shoots the hero (who is not in melee)."""
    path = encounter(build(warrior("hero", "heroes", hero_pos, init=2, defense=15),
                           warrior("archer", "monsters", archer_pos, bow, melee("dagger"))))
    ok(run("roll-initiative", path, "--dice", "3,15"))
    assert doc(path)["state"]["turn"] == "archer"
    return path


@pytest.mark.parametrize("faces", ["18,4", "2"], ids=["hit", "miss"])
def test_R_ENG_3_ranged_attack_roll_engages_in_missile_combat(run, encounter, faces):
    path = _shooting(run, encounter, ranged(attack=4))
    ok(run("attack", path, "archer", "hero", "--weapon", "bow", "--dice", faces))
    assert missile(path, "archer") == ["hero"]
    assert missile(path, "hero") == ["archer"]  # symmetric in the file
    assert engaged(path, "hero") == [] and engaged(path, "archer") == []


def test_R_ENG_3_missile_engaged_combatant_may_move_without_disengaging(run, encounter):
    path = _shooting(run, encounter, ranged(attack=4))
    ok(run("attack", path, "archer", "hero", "--weapon", "bow", "--dice", "2"))
    ok(run("next", path))
    n = counter(path)
    r = run("move", path, "hero", "0,3", "--dice", "2,19", "--format", "json")
    ok(r)
    assert events(r, "DefenseTotalRolled") == []
    assert r.json()["unused_dice"] == [2, 19] and counter(path) == n
    assert who(path, "hero")["position"] == [0, 3]
    assert missile(path, "hero") == ["archer"]


def test_R_ENG_3_move_to_cover_requires_disengaging_from_the_shooter(run, encounter):
    path = _shooting(run, encounter, ranged(attack=4))
    ok(run("attack", path, "archer", "hero", "--weapon", "bow", "--dice", "2"))
    ok(run("next", path))
    # Defense Total 2 + (15-10) = 7 against the archer's Attack Total 15 + 4 = 19: fails.
    r = run("move", path, "hero", "0,3", "--to-cover", "--dice", "2,15", "--format", "json")
    ok(r)
    assert events(r, "DefenseTotalRolled")[0]["roll"]["total"] == 7
    assert [e["who"] for e in events(r, "AttackTotalRolled")] == ["archer"]
    assert who(path, "hero")["position"] == [0, 0]
    assert missile(path, "hero") == ["archer"] and missile(path, "archer") == ["hero"]


def test_R_ENG_3_move_to_cover_succeeds_and_ends_missile_engagement(run, encounter):
    path = _shooting(run, encounter, ranged(attack=4))
    ok(run("attack", path, "archer", "hero", "--weapon", "bow", "--dice", "2"))
    ok(run("next", path))
    r = run("move", path, "hero", "0,3", "--to-cover", "--dice", "15,2", "--format", "json")
    ok(r)
    assert len(events(r, "DefenseTotalRolled")) == 1
    assert who(path, "hero")["position"] == [0, 3]
    assert missile(path, "hero") == [] and missile(path, "archer") == []


def test_R_ENG_3_to_cover_automatic_when_shooter_has_no_ammo(run, encounter):
    path = _shooting(run, encounter, ranged(attack=4, ammo=1))
    ok(run("attack", path, "archer", "hero", "--weapon", "bow", "--dice", "2"))
    assert who(path, "archer")["weapons"][0]["ammo"] == 0
    ok(run("next", path))
    n = counter(path)
    r = run("move", path, "hero", "0,3", "--to-cover", "--dice", "2,19", "--format", "json")
    ok(r)
    assert events(r, "DefenseTotalRolled") == [] and events(r, "AttackTotalRolled") == []
    assert r.json()["unused_dice"] == [2, 19] and counter(path) == n
    assert who(path, "hero")["position"] == [0, 3]
    assert missile(path, "hero") == [] and missile(path, "archer") == []


def test_R_ENG_3_to_cover_automatic_when_move_ends_beyond_shooters_range(run, encounter):
    path = _shooting(run, encounter, ranged(attack=4, rng=6), hero_pos=(0, 0),
                     archer_pos=(6, 0))
    ok(run("attack", path, "archer", "hero", "--weapon", "bow", "--dice", "2"))
    ok(run("next", path))
    n = counter(path)
    r = run("move", path, "hero", "-1,0", "--to-cover", "--dice", "2,19", "--format", "json")
    ok(r)
    assert events(r, "DefenseTotalRolled") == [] and events(r, "AttackTotalRolled") == []
    assert r.json()["unused_dice"] == [2, 19] and counter(path) == n
    assert who(path, "hero")["position"] == [-1, 0]
    assert missile(path, "hero") == [] and missile(path, "archer") == []


def test_R_ENG_3_to_cover_ending_within_range_is_not_automatic(run, encounter):
    path = _shooting(run, encounter, ranged(attack=4, rng=6), hero_pos=(0, 0),
                     archer_pos=(6, 0))
    ok(run("attack", path, "archer", "hero", "--weapon", "bow", "--dice", "2"))
    ok(run("next", path))
    r = run("move", path, "hero", "1,0", "--to-cover", "--dice", "2,15", "--format", "json")
    ok(r)
    assert len(events(r, "DefenseTotalRolled")) == 1
    assert who(path, "hero")["position"] == [0, 0]
    assert missile(path, "hero") == ["archer"]


# -- R-ENG-4: engagement ends -------------------------------------------------------------


def test_R_ENG_4_melee_engagement_ends_when_a_side_dies(run, encounter):
    path = encounter(build(warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8+3")),
                           warrior("orc", "monsters", (1, 0), hp=1), rules="death_at = -1"))
    ok(run("roll-initiative", path, "--dice", "15,5"))
    # 15 + 5 = 20 hits Defense 12; 4 + 3 = 7 damage: the orc drops to -6 ≤ -1, dead.
    r = run("attack", path, "hero", "orc", "--dice", "15,4", "--format", "json")
    ok(r)
    assert who(path, "orc")["status"] == "dead"
    assert engaged(path, "hero") == [] and engaged(path, "orc") == []


def test_R_ENG_4_engagement_ends_when_gm_damage_kills(run, encounter):
    path = encounter(duel())
    ok(run("roll-initiative", path, "--dice", "15,5"))
    ok(run("attack", path, "hero", "orc", "--dice", "2"))
    assert engaged(path, "hero") == ["orc"]
    ok(run("hp", path, "orc", "-40"))
    assert who(path, "orc")["status"] == "dead"
    assert engaged(path, "hero") == [] and engaged(path, "orc") == []


def test_R_ENG_4_missile_engagement_ends_when_a_side_dies(run, encounter):
    path = _shooting(run, encounter, ranged(attack=4))
    ok(run("attack", path, "archer", "hero", "--weapon", "bow", "--dice", "2"))
    assert missile(path, "hero") == ["archer"]
    ok(run("hp", path, "archer", "-40"))
    assert missile(path, "hero") == [] and missile(path, "archer") == []


def test_R_ENG_4_engagement_ends_on_remove(run, encounter):
    path = encounter(build(warrior("hero", "heroes", (0, 0), init=2, defense=15),
                           warrior("orc", "monsters", (1, 0)),
                           warrior("archer", "monsters", (6, 0), ranged())))
    ok(run("roll-initiative", path, "--dice", "3,10,15"))
    ok(run("attack", path, "archer", "hero", "--dice", "2"))
    ok(run("next", path))
    ok(run("attack", path, "orc", "hero", "--dice", "2"))
    assert engaged(path, "hero") == ["orc"] and missile(path, "hero") == ["archer"]
    ok(run("remove", path, "orc"))
    assert engaged(path, "hero") == []
    assert missile(path, "hero") == ["archer"]
    ok(run("remove", path, "archer"))
    assert missile(path, "hero") == []
