"""R-INT: guarding a ward, Action Priority contests (defender's d20 first, then the enemy's,
R-DIC-4), redirect or forfeit, missile interception, interception of movement."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import build, doc, engaged, events, melee, ok, prepared, ranged, warrior, who

# -- builders -----------------------------------------------------------------------------

# The ward (mage, 0,0), its defender (knight, 0,1, radius 1) and an enemy. Initiative faces
# 2, 15, 10 in file order: knight 15 + mod, enemy 10 + mod, mage 2 → knight, enemy, mage.
MAGE = warrior("mage", "heroes", (0, 0), melee("staff", 1, "1d6"), defense=12, hp=10)


def knight(init: int = 1, *weapons: str, pos: tuple[int, int] = (0, 1)) -> str:
    return warrior("knight", "heroes", pos, *(weapons or (melee("sword", 5, "1d8+3"),)),
                   init=init, defense=18, hp=30)


def orc(init: int = 0, pos: tuple[int, int] = (1, 0), weapon: str = "") -> str:
    return warrior("orc", "monsters", pos, weapon or melee("axe", 4, "1d12+2"), init=init,
                   defense=13, hp=12)


def guarded(run, encounter, kmod: int = 1, omod: int = 0, orc_pos: tuple[int, int] = (1, 0),
            orc_weapon: str = "", extra: str = "") -> Path:
    """The knight guards the mage; it is now the enemy's (orc's) turn in round 1."""
    def steps(path: Path) -> None:
        ok(run("roll-initiative", path, "--dice", "2,15,10" + (",1" if extra else "")))
        ok(run("intercept", path, "knight", "mage"))
        ok(run("next", path))

    text = build(MAGE, knight(kmod), orc(omod, orc_pos, orc_weapon), extra)
    path = prepared(encounter, ("guarded", kmod, omod, orc_pos, orc_weapon, extra), text,
                    steps)
    assert doc(path)["state"]["turn"] == "orc"
    assert who(path, "knight")["guarding"] == "mage"
    return path


# -- R-INT-1: starting a guard ------------------------------------------------------------


def test_R_INT_1_guard_uses_the_whole_turn(run, encounter):
    path = encounter(build(MAGE, knight(), orc()))
    ok(run("roll-initiative", path, "--dice", "2,15,10"))
    ok(run("intercept", path, "knight", "mage"))
    assert who(path, "knight")["guarding"] == "mage"
    before = path.read_bytes()
    r = run("attack", path, "knight", "orc", "--dice", "18,5")  # no attacks while guarding
    assert r.code == 3
    assert run("move", path, "knight", "-1,1").code == 3
    assert path.read_bytes() == before


def test_R_INT_1_guard_refused_once_the_turn_is_in_use(run, encounter):
    path = encounter(build(MAGE, knight(), orc()))
    ok(run("roll-initiative", path, "--dice", "2,15,10"))
    ok(run("attack", path, "knight", "orc", "--dice", "2"))
    before = path.read_bytes()
    r = run("intercept", path, "knight", "mage")
    assert r.code == 3 and "R-INT-1" in r.err
    assert path.read_bytes() == before
    assert "guarding" not in who(path, "knight")


@pytest.mark.parametrize("ward", ["orc", "knight"])
def test_R_INT_1_ward_must_be_an_ally(run, encounter, ward):
    path = encounter(build(MAGE, knight(), orc()))
    ok(run("roll-initiative", path, "--dice", "2,15,10"))
    r = run("intercept", path, "knight", ward)
    assert r.code == 3 and "R-INT-1" in r.err
    assert "guarding" not in who(path, "knight")


@pytest.mark.parametrize(("reach", "pos", "allowed"),
                         [(1, (0, 2), False), (1, (1, 1), True), (2, (0, 2), True),
                          (2, (0, 1), True), (2, (0, 3), False)],
                         ids=["reach1_dist2", "reach1_adjacent", "reach2_dist2",
                              "reach2_adjacent_included", "reach2_dist3"])
def test_R_INT_1_ward_must_be_within_the_radius(run, encounter, reach, pos, allowed):
    path = encounter(build(MAGE, knight(1, melee("pike", 5, "1d8", reach=reach), pos=pos),
                           orc(pos=(6, 6))))
    ok(run("roll-initiative", path, "--dice", "2,15,10"))
    r = run("intercept", path, "knight", "mage")
    if allowed:
        ok(r)
        assert who(path, "knight")["guarding"] == "mage"
    else:
        assert r.code == 3 and "R-INT-1" in r.err
        assert "guarding" not in who(path, "knight")


def test_R_INT_1_defender_without_melee_weapon_cannot_guard(run, encounter):
    path = encounter(build(MAGE, knight(1, ranged("crossbow", 5)), orc(pos=(6, 6))))
    ok(run("roll-initiative", path, "--dice", "2,15,10"))
    r = run("intercept", path, "knight", "mage")
    assert r.code == 3 and "R-INT-1" in r.err
    assert "guarding" not in who(path, "knight")


def test_R_INT_1_guard_lasts_until_the_start_of_the_defenders_next_turn(run, encounter):
    path = guarded(run, encounter)
    ok(run("next", path))  # the mage's turn
    assert who(path, "knight")["guarding"] == "mage"
    ok(run("next", path))  # round 2: the knight's turn starts
    st = doc(path)["state"]
    assert (st["round"], st["turn"]) == (2, "knight")
    assert who(path, "knight").get("guarding") in (None, "")


@pytest.mark.parametrize("guarding", [True, False], ids=["guarding", "not_guarding"])
def test_R_INT_1_guarding_defender_makes_no_aoo(run, encounter, guarding):
    path = encounter(build(MAGE, knight(), orc(), rules="aoo_engages = false"))
    ok(run("roll-initiative", path, "--dice", "2,15,10"))
    if guarding:
        ok(run("intercept", path, "knight", "mage"))
    ok(run("next", path))
    # The orc leaves (1,0), threatened by the knight (the mage is still flat-footed).
    r = run("move", path, "orc", "3,0", "--dice", "15", "--format", "json")
    ok(r)
    aoos = [(e["attacker"], e["kind"]) for e in events(r, "AttackRolled")]
    assert aoos == ([] if guarding else [("knight", "aoo")])
    assert who(path, "orc")["position"] == [3, 0]


# -- R-INT-2/3: melee interception ----------------------------------------------------------


def test_R_INT_2_priority_totals_defender_first_then_attacker(run, encounter):
    path = guarded(run, encounter)
    r = run("attack", path, "orc", "mage", "--dice", "15,3,2", "--format", "json")
    ok(r)
    pr = events(r, "PriorityRolled")
    assert [e["who"] for e in pr] == ["knight", "orc"]
    assert [e["roll"]["total"] for e in pr] == [16, 3]  # 15 + 1, 3 + 0
    types = [e["type"] for e in r.json()["events"]]
    assert types.index("PriorityRolled") < types.index("AttackRolled")


def test_R_INT_3_defender_wins_attack_resolves_against_defender(run, encounter):
    path = guarded(run, encounter)
    # Knight 15 + 1 = 16 beats orc 3; 18 + 4 = 22 hits Defense 18; 6 + 2 = 8 damage.
    r = run("attack", path, "orc", "mage", "--dice", "15,3,18,6", "--format", "json")
    ok(r)
    (atk,) = events(r, "AttackRolled")
    assert atk["target"] == "knight" and atk["defense"] == 18 and atk["hit"] is True
    assert who(path, "knight")["hp"] == 22
    assert who(path, "mage")["hp"] == 10


def test_R_INT_3_intercepted_attacker_ends_engaged_with_defender_not_ward(run, encounter):
    path = guarded(run, encounter)
    ok(run("attack", path, "orc", "mage", "--dice", "15,3,2"))
    assert engaged(path, "orc") == ["knight"]
    assert engaged(path, "knight") == ["orc"]
    assert engaged(path, "mage") == []


def test_R_INT_3_forfeit_attacker_gives_up_the_attack(run, encounter):
    path = guarded(run, encounter)
    r = run("attack", path, "orc", "mage", "--on-intercept", "forfeit", "--dice", "15,3,18,6",
            "--format", "json")
    ok(r)
    assert [e["who"] for e in events(r, "PriorityRolled")] == ["knight", "orc"]
    assert events(r, "AttackRolled") == []
    assert r.json()["unused_dice"] == [18, 6]
    assert who(path, "knight")["hp"] == 30 and who(path, "mage")["hp"] == 10
    assert engaged(path, "orc") == ["knight"] and engaged(path, "mage") == []
    # The action is lost: no second try this turn.
    assert run("attack", path, "orc", "mage", "--dice", "18,6").code == 3


def test_R_INT_3_defender_loses_attack_goes_on_and_guard_stays(run, encounter):
    path = guarded(run, encounter)
    # Knight 3 + 1 = 4 loses to orc 15; 18 + 4 = 22 hits the mage's 12; 8 damage.
    r = run("attack", path, "orc", "mage", "--dice", "3,15,18,6", "--format", "json")
    ok(r)
    (atk,) = events(r, "AttackRolled")
    assert atk["target"] == "mage" and atk["hit"] is True
    assert who(path, "mage")["hp"] == 2 and who(path, "knight")["hp"] == 30
    assert who(path, "knight")["guarding"] == "mage"
    assert engaged(path, "orc") == ["mage"] and engaged(path, "knight") == []


@pytest.mark.parametrize(("kmod", "omod", "kface", "oface", "winner"),
                         [(1, 0, 10, 11, "knight"), (1, 3, 12, 10, "orc"),
                          (1, 1, 10, 10, "orc")],
                         ids=["defender_higher_mod", "enemy_higher_mod", "same_mod_enemy"])
def test_R_INT_2_melee_ties_go_to_higher_mod_then_to_the_enemy(run, encounter, kmod, omod,
                                                              kface, oface, winner):
    path = guarded(run, encounter, kmod=kmod, omod=omod)
    r = run("attack", path, "orc", "mage", "--dice", f"{kface},{oface},2", "--format", "json")
    ok(r)
    totals = [e["roll"]["total"] for e in events(r, "PriorityRolled")]
    assert totals[0] == totals[1]
    (atk,) = events(r, "AttackRolled")
    assert atk["target"] == ("knight" if winner == "knight" else "mage")


def test_R_INT_3_enemy_outside_the_radius_is_not_contested(run, encounter):
    # A glaive (reach 2) reaches the mage from (2,0), two squares from the knight.
    path = guarded(run, encounter, orc_pos=(2, 0), orc_weapon=melee("glaive", 4, "1d10", 2))
    r = run("attack", path, "orc", "mage", "--dice", "18,6", "--format", "json")
    ok(r)
    assert events(r, "PriorityRolled") == []
    (atk,) = events(r, "AttackRolled")
    assert atk["target"] == "mage" and atk["roll"]["total"] == 22


def test_R_INT_4_melee_attack_from_behind_cannot_be_intercepted(run, encounter):
    path = guarded(run, encounter)
    r = run("attack", path, "orc", "mage", "--from-behind", "--dice", "18,6", "--format",
            "json")
    ok(r)
    assert events(r, "PriorityRolled") == []
    (atk,) = events(r, "AttackRolled")
    assert atk["target"] == "mage"
    assert who(path, "mage")["hp"] == 2


# -- R-INT-3: moving into the radius ----------------------------------------------------


def test_R_INT_3_moving_into_radius_is_contested_and_winner_stops_the_mover(run, encounter):
    # The orc walks west along y = 2; (1,2) is the first square of the knight's radius.
    path = guarded(run, encounter, orc_pos=(3, 2))
    r = run("move", path, "orc", "-1,2", "--dice", "15,3", "--format", "json")
    ok(r)
    pr = events(r, "PriorityRolled")
    assert [(e["who"], e["roll"]["total"]) for e in pr] == [("knight", 16), ("orc", 3)]
    assert who(path, "orc")["position"] != [-1, 2]
    assert who(path, "orc")["position"] in ([2, 2], [1, 2])


def test_R_INT_3_intercepted_mover_ends_engaged_with_the_defender(run, encounter):
    path = guarded(run, encounter, orc_pos=(3, 2))
    ok(run("move", path, "orc", "-1,2", "--dice", "15,3"))
    assert engaged(path, "orc") == ["knight"]
    assert engaged(path, "knight") == ["orc"]
    assert engaged(path, "mage") == []


def test_R_INT_3_moving_into_radius_defender_loses_mover_goes_on(run, encounter):
    path = guarded(run, encounter, orc_pos=(3, 2))
    r = run("move", path, "orc", "-1,2", "--dice", "3,15", "--format", "json")
    ok(r)
    assert len(events(r, "PriorityRolled")) == 2  # one contest, on entering the radius
    assert who(path, "orc")["position"] == [-1, 2]
    assert who(path, "knight")["guarding"] == "mage"


# -- R-INT-4: missile interception ----------------------------------------------------------


def _archer_case(run, encounter, kmod: int, amod: int) -> Path:
    def steps(path: Path) -> None:
        ok(run("roll-initiative", path, "--dice", "2,15,10"))
        ok(run("intercept", path, "knight", "mage"))
        ok(run("next", path))

    text = build(MAGE, knight(kmod),
                 warrior("archer", "monsters", (6, 0), ranged("bow", 4, "1d8"), init=amod))
    path = prepared(encounter, ("archer", kmod, amod), text, steps)
    assert doc(path)["state"]["turn"] == "archer"
    return path


@pytest.mark.parametrize(("kmod", "amod", "kface", "aface", "target"),
                         [(1, 1, 11, 10, "knight"), (1, 1, 10, 10, "mage"),
                          (3, 0, 10, 13, "mage"), (1, 1, 10, 11, "mage")],
                         ids=["strictly_higher", "tie_same_mod", "tie_defender_higher_mod",
                              "lower"])
def test_R_INT_4_missile_interception_needs_strictly_higher(run, encounter, kmod, amod,
                                                           kface, aface, target):
    path = _archer_case(run, encounter, kmod, amod)
    r = run("attack", path, "archer", "mage", "--dice", f"{kface},{aface},2", "--format",
            "json")
    ok(r)
    pr = events(r, "PriorityRolled")
    assert [e["who"] for e in pr] == ["knight", "archer"]
    assert [e["roll"]["total"] for e in pr] == [kface + kmod, aface + amod]
    (atk,) = events(r, "AttackRolled")
    assert atk["target"] == target


def test_R_INT_4_missile_from_behind_cannot_be_intercepted(run, encounter):
    path = _archer_case(run, encounter, 1, 1)
    r = run("attack", path, "archer", "mage", "--from-behind", "--dice", "18,6",
            "--format", "json")
    ok(r)
    assert events(r, "PriorityRolled") == []
    (atk,) = events(r, "AttackRolled")
    assert atk["target"] == "mage"
    assert who(path, "mage")["hp"] == 4


# -- R-INT-5: no limit ------------------------------------------------------------------------


def test_R_INT_5_no_limit_on_interceptions_per_round(run, encounter):
    grunt = warrior("grunt", "monsters", (1, 1), melee("club", 3, "1d6"), defense=11)
    path = guarded(run, encounter, extra=grunt)  # order: knight, orc, mage, grunt
    r = run("attack", path, "orc", "mage", "--dice", "15,3,2", "--format", "json")
    ok(r)
    assert events(r, "AttackRolled")[0]["target"] == "knight"
    ok(run("next", path))
    ok(run("next", path))
    assert doc(path)["state"]["turn"] == "grunt"
    r = run("attack", path, "grunt", "mage", "--dice", "15,3,2", "--format", "json")
    ok(r)
    assert [e["who"] for e in events(r, "PriorityRolled")] == ["knight", "grunt"]
    assert events(r, "AttackRolled")[0]["target"] == "knight"
    assert sorted(engaged(path, "knight")) == ["grunt", "orc"]
    assert engaged(path, "mage") == []
