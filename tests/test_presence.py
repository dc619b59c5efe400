"""R-ENG-5: missile engagement by presence (`rules.missile_presence`, default true):
symmetric, worked out again after every command, and its effect on `move --to-cover`."""

from __future__ import annotations

from pathlib import Path

from helpers import build, events, melee, ok, ranged, warrior, who


def field(encounter, archer=(5, 0), rules="", bow_range=10, ammo=None, hero_extra="",
          archer_extra="", *more: str) -> Path:
    """The hero (a sword) at (0,0) against an archer (a bow; a dagger); initiative faces
    20, 10 give the hero's turn first."""
    return encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8"), defense=15,
                extra=hero_extra),
        warrior("archer", "monsters", archer, ranged("bow", 4, "1d6", bow_range, ammo),
                melee("dagger", 1, "1d4"), extra=archer_extra),
        *more, rules=rules))


def begin(run, path: Path, *faces: int) -> None:
    ok(run("roll-initiative", path, "--dice", ",".join(map(str, faces or (20, 10)))))


def missile(path: Path, cid: str) -> list[str]:
    return list(who(path, cid).get("missile_engaged", []))


def present(path: Path, cid: str) -> list[str]:
    return list(who(path, cid).get("presence", []))


def test_R_ENG_5_in_range_and_sight_engages_both_ways(run, encounter):
    path = field(encounter)
    begin(run, path)
    assert missile(path, "hero") == ["archer"] and missile(path, "archer") == ["hero"]
    assert present(path, "hero") == ["archer"] and present(path, "archer") == ["hero"]


def test_R_ENG_5_out_of_range_nothing_and_recomputed_after_a_move(run, encounter):
    path = field(encounter, archer=(15, 0))
    begin(run, path)
    assert missile(path, "hero") == []
    ok(run("move", path, "hero", "5,0"))  # now 10 squares away: in range
    assert missile(path, "hero") == ["archer"]
    ok(run("next", path))
    ok(run("move", path, "archer", "17,0"))  # 12 away: out of range again
    assert missile(path, "hero") == [] and present(path, "archer") == []


def test_R_ENG_5_off_only_a_shot_engages(run, encounter):
    path = field(encounter, rules="missile_presence = false")
    begin(run, path)
    assert missile(path, "hero") == []


def test_R_ENG_5_cover_closes_the_line_of_fire(run, encounter):
    path = field(encounter)
    begin(run, path)
    ok(run("condition", path, "hero", "cover"))
    assert missile(path, "hero") == [] and missile(path, "archer") == []
    ok(run("condition", path, "hero", "cover", "--remove"))
    assert missile(path, "hero") == ["archer"]


def test_R_ENG_5_a_hidden_combatant_is_never_engaged_by_presence(run, encounter):
    path = field(encounter)
    begin(run, path)
    ok(run("condition", path, "hero", "hidden"))
    assert missile(path, "hero") == [] and missile(path, "archer") == []


def test_R_ENG_5_no_ammunition_no_presence(run, encounter):
    path = field(encounter, ammo=0)
    begin(run, path)
    assert missile(path, "hero") == []


def test_R_ENG_5_an_unaware_shooter_engages_nobody(run, encounter):
    path = field(encounter, archer_extra="aware = false\n")
    begin(run, path, 20, 10)
    assert missile(path, "hero") == []


def test_R_ENG_5_a_shooter_in_melee_engages_nobody_by_presence(run, encounter):
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8")),
        warrior("archer", "monsters", (5, 0), ranged("bow", 4, "1d6", 10)),
        warrior("ally", "heroes", (8, 0), melee("axe", 4, "1d8"))))
    begin(run, path, 20, 10, 15)  # the hero, the ally, the archer
    assert missile(path, "hero") == ["archer"] and missile(path, "ally") == ["archer"]
    ok(run("next", path))
    ok(run("move", path, "ally", "6,0"))  # ends within reach of the archer: melee
    assert who(path, "archer")["engaged"] == ["ally"]
    assert missile(path, "hero") == [] and missile(path, "ally") == []


def test_R_ENG_5_forbidden_shots_into_melee_engage_nobody(run, encounter):
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8")),
        warrior("archer", "monsters", (8, 0), ranged("bow", 4, "1d6", 10)),
        warrior("orc", "monsters", (1, 0), melee("axe", 4, "1d8"))))
    begin(run, path, 20, 10, 5)
    ok(run("move", path, "hero", "0,1"))  # ends within the orc's reach: engaged in melee
    assert who(path, "hero")["engaged"] == ["orc"]
    assert missile(path, "hero") == []  # rules.ranged_into_melee = "forbid"
    ok(run("set", path, "rules.ranged_into_melee", "penalty"))
    assert missile(path, "hero") == ["archer"]


def test_R_ENG_5_a_shot_makes_it_an_engagement_of_its_own(run, encounter):
    path = field(encounter)
    begin(run, path, 10, 20)  # the archer first
    ok(run("attack", path, "archer", "hero", "--weapon", "bow", "--dice", "2"))
    assert missile(path, "hero") == ["archer"] and present(path, "hero") == []
    ok(run("move", path, "archer", "11,0"))  # out of range: the shot's engagement stays
    assert missile(path, "hero") == ["archer"]


def test_R_ENG_5_to_cover_from_a_shooter_that_never_shot_is_automatic(run, encounter):
    path = field(encounter)
    begin(run, path)
    r = ok(run("move", path, "hero", "0,2", "--to-cover", "--format", "json"))
    (resolved,) = events(r, "DisengageResolved")
    assert resolved["success"] and resolved["auto"] and events(r, "DefenseTotalRolled") == []
    assert missile(path, "hero") == []  # R-ENG-6: free of it for the rest of the turn


def test_R_ENG_5_to_cover_after_being_shot_is_rolled(run, encounter):
    path = field(encounter)
    begin(run, path, 10, 20)
    ok(run("attack", path, "archer", "hero", "--weapon", "bow", "--dice", "2"))
    ok(run("next", path))
    r = ok(run("move", path, "hero", "0,2", "--to-cover", "--dice", "19,2", "--format",
               "json"))
    assert len(events(r, "DefenseTotalRolled")) == 1
    assert events(r, "AttackTotalRolled")[0]["roll"]["total"] == 2 + 4  # its bow (R-DIS-2)


def test_R_ENG_5_a_fallen_shooter_engages_nobody(run, encounter):
    path = field(encounter)
    begin(run, path)
    ok(run("hp", path, "archer", "-25"))
    assert missile(path, "hero") == []
