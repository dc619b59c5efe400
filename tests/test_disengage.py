"""R-DIS: disengaging through the CLI with supplied dice (R-DIC-4 draw order: the Defense
Total d20, then each opponent's d20 in initiative order; reckless: each free attack)."""

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
    faces,
    melee,
    ok,
    prepared,
    ranged,
    trade_blows,
    warrior,
    who,
)

# -- builders -----------------------------------------------------------------------------


def streak(path: Path, cid: str) -> int:
    return who(path, cid).get("disengage_streak", 0)


def mods(roll: dict) -> list[int]:
    return [m["value"] for m in roll["mods"]]


def engaged_duel(run, encounter, rules: str = "", a: str = "", b: str = "",
                 gridless: bool = False) -> Path:
    """`duel()` in round 2 on the hero's turn: hero (Defense 15, sword +5) and orc (axe +4)
    engaged, and the orc attacked the hero (a miss) in round 1."""
    def steps(path: Path) -> None:
        trade_blows(run, path)

    path = prepared(encounter, ("duel", rules, a, b, gridless), duel(rules, a, b, gridless),
                    steps)
    st = doc(path)["state"]
    assert (st["round"], st["turn"]) == (2, "hero")
    assert engaged(path, "hero") == ["orc"]
    return path


def engaged_pair(run, encounter, hero_defense: int, orc_attack: int) -> Path:
    """Like `engaged_duel`, built with the hero's Defense and the orc's axe bonus given."""
    def steps(path: Path) -> None:
        trade_blows(run, path, orc_dice="1")

    text = build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8+3"), init=2,
                defense=hero_defense),
        warrior("orc", "monsters", (1, 0), melee("axe", orc_attack, "1d12+2"), defense=13,
                hp=12))
    path = prepared(encounter, ("pair", hero_defense, orc_attack), text, steps)
    assert doc(path)["state"]["turn"] == "hero" and engaged(path, "hero") == ["orc"]
    return path


def orc_attacks_and_back_to_hero(run, path: Path) -> None:
    """End the hero's turn; the orc attacks (a miss) and ends its turn."""
    ok(run("next", path))
    ok(run("attack", path, "orc", "hero", "--dice", "2"))
    ok(run("next", path))
    assert doc(path)["state"]["turn"] == "hero"


def two_orcs(run, encounter, rules: str = "", second_attacks: bool = True) -> Path:
    """Round 2, the hero's turn: engaged with orc (attacked the hero) and grunt (attacked
    too, or only walked up to the hero when `second_attacks` is false)."""
    def steps(path: Path) -> None:
        ok(run("roll-initiative", path, "--dice", "15,10,5"))  # hero 17, orc 10, grunt 5
        ok(run("attack", path, "hero", "orc", "--dice", "2"))
        ok(run("next", path))
        ok(run("attack", path, "orc", "hero", "--dice", "2"))
        ok(run("next", path))
        ok(run("move", path, "grunt", "0,1"))
        if second_attacks:
            ok(run("attack", path, "grunt", "hero", "--dice", "2"))
        ok(run("next", path))

    text = build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8+3"), init=2, defense=15),
        warrior("orc", "monsters", (1, 0), melee("axe", 4, "1d12+2")),
        warrior("grunt", "monsters", (0, 3), melee("club", 6, "1d6")),
        rules=rules)
    path = prepared(encounter, ("two_orcs", rules, second_attacks), text, steps)
    assert sorted(engaged(path, "hero")) == ["grunt", "orc"]
    assert doc(path)["state"]["turn"] == "hero"
    return path


# -- R-DIS-1: when a disengage is needed --------------------------------------------------


def test_R_DIS_1_leaving_reach_disengages_inside_move_before_moving(run, encounter):
    path = engaged_duel(run, encounter)
    r = run("move", path, "hero", "-1,0", "--dice", "12,8", "--format", "json")
    ok(r)
    types = [e["type"] for e in r.json()["events"]]
    assert types.index("DefenseTotalRolled") < types.index("AttackTotalRolled") \
        < types.index("Moved")
    assert "unused_dice" not in r.json()
    assert who(path, "hero")["position"] == [-1, 0]
    assert engaged(path, "hero") == [] and engaged(path, "orc") == []


def test_R_DIS_1_moving_while_staying_in_reach_needs_no_roll(run, encounter):
    path = engaged_duel(run, encounter)
    n = counter(path)
    r = run("move", path, "hero", "1,1", "--dice", "12,8", "--format", "json")
    ok(r)
    assert events(r, "DefenseTotalRolled") == [] and events(r, "AttackTotalRolled") == []
    assert r.json()["unused_dice"] == [12, 8] and counter(path) == n
    assert who(path, "hero")["position"] == [1, 1]
    assert engaged(path, "hero") == ["orc"]


def test_R_DIS_1_five_foot_step_out_of_reach_must_disengage(run, encounter):
    path = engaged_duel(run, encounter)
    # Defense Total 2 + 5 = 7 < Attack Total 15 + 4 = 19.
    r = run("move", path, "hero", "-1,0", "--step", "--dice", "2,15", "--format", "json")
    ok(r)
    assert len(events(r, "DefenseTotalRolled")) == 1
    assert who(path, "hero")["position"] == [0, 0]
    assert engaged(path, "hero") == ["orc"]


def test_R_DIS_1_gridless_any_movement_must_disengage(run, encounter):
    path = engaged_duel(run, encounter, gridless=True)
    r = run("move", path, "hero", "--away", "--dice", "2,15", "--format", "json")
    ok(r)
    assert len(events(r, "DefenseTotalRolled")) == 1
    assert [e["success"] for e in events(r, "DisengageResolved")] == [False]
    assert engaged(path, "hero") == ["orc"]


def test_R_DIS_1_disengage_to_moves_on_success(run, encounter):
    path = engaged_duel(run, encounter)
    # 12+5=17 ≥ 8+4=12. Spare faces keep the outcome fixed should anything else roll.
    r = run("disengage", path, "hero", "--to", "-1,0", "--dice", "12,8,1,20,1")
    ok(r)
    assert who(path, "hero")["position"] == [-1, 0]
    assert engaged(path, "hero") == [] and engaged(path, "orc") == []


def test_R_DIS_1_disengage_to_gives_no_aoo_to_the_opponent_just_left(run, encounter):
    # R-AOO-2: an engaged opponent is governed by R-DIS, the same act is never punished
    # twice; `disengage --to` is the move of R-DIS-1 made at once.
    path = engaged_duel(run, encounter)
    n = counter(path)
    r = run("disengage", path, "hero", "--to", "-1,0", "--dice", "12,8", "--format", "json")
    ok(r)
    assert [e["kind"] for e in events(r, "AttackRolled")] == []
    assert counter(path) == n
    assert who(path, "hero")["position"] == [-1, 0]


def test_R_DIS_1_disengage_to_stays_put_on_failure(run, encounter):
    path = engaged_duel(run, encounter)
    ok(run("disengage", path, "hero", "--to", "-1,0", "--dice", "2,15"))
    assert who(path, "hero")["position"] == [0, 0]
    assert engaged(path, "hero") == ["orc"]


# -- R-DIS-2: the totals ------------------------------------------------------------------


def test_R_DIS_2_defense_total_and_attack_total_parts(run, encounter):
    # Attack Total: the best *melee* attack (7), not the first weapon's nor a ranged one.
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5), init=2, defense=17),
        warrior("orc", "monsters", (1, 0), melee("axe", 4), melee("pick", 7),
                ranged("sling", 9))))
    ok(run("roll-initiative", path, "--dice", "15,5"))
    ok(run("attack", path, "hero", "orc", "--dice", "2"))
    ok(run("next", path))
    ok(run("attack", path, "orc", "hero", "--weapon", "axe", "--dice", "2"))
    ok(run("next", path))
    r = run("disengage", path, "hero", "--dice", "12,8", "--format", "json")
    ok(r)
    (dt,) = events(r, "DefenseTotalRolled")
    (at,) = events(r, "AttackTotalRolled")
    assert faces(dt["roll"]) == [12] and sum(mods(dt["roll"])) == 7
    assert dt["roll"]["total"] == 19  # 12 + (17 - 10)
    assert at["who"] == "orc" and faces(at["roll"]) == [8]
    assert at["roll"]["total"] == 15  # 8 + 7
    assert events(r, "DisengageResolved")[0]["success"] is True


def test_R_DIS_2_defense_total_uses_effective_defense_when_flat_footed(run, encounter):
    # The orc (Defense 15 with dex_mod 2 and dodge 1) has not had a turn yet: flat-footed,
    # its effective Defense is 12, so its Defense Total is 1d20 + 2.
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5), init=2, defense=15),
        warrior("orc", "monsters", (1, 0), melee("axe", 4), defense=15,
                extra="dex_mod = 2\ndodge = 1")))
    ok(run("roll-initiative", path, "--dice", "15,5"))
    ok(run("attack", path, "hero", "orc", "--dice", "2"))
    assert who(path, "orc")["flat_footed"] is True
    r = run("disengage", path, "orc", "--force", "--dice", "10,7", "--format", "json")
    ok(r)
    (dt,) = events(r, "DefenseTotalRolled")
    assert dt["roll"]["total"] == 12
    (at,) = events(r, "AttackTotalRolled")
    assert at["roll"]["total"] == 12  # 7 + 5
    assert events(r, "DisengageResolved")[0]["success"] is True  # 12 ≥ 12


def test_R_DIS_2_naturals_have_no_special_effect(run, encounter):
    # Natural 1 on the Defense Total still wins against a natural 20 that totals less.
    path = engaged_pair(run, encounter, hero_defense=30, orc_attack=0)
    r = run("disengage", path, "hero", "--dice", "1,20", "--format", "json")
    ok(r)
    assert events(r, "DefenseTotalRolled")[0]["roll"]["total"] == 21
    assert events(r, "AttackTotalRolled")[0]["roll"]["total"] == 20
    assert events(r, "DisengageResolved")[0]["success"] is True
    assert engaged(path, "hero") == []


def test_R_DIS_2_only_opponents_that_attacked_roll(run, encounter):
    path = two_orcs(run, encounter, second_attacks=False)
    r = run("disengage", path, "hero", "--dice", "12,8,19", "--format", "json")
    ok(r)
    assert [e["who"] for e in events(r, "AttackTotalRolled")] == ["orc"]
    assert r.json()["unused_dice"] == [19]
    assert events(r, "DisengageResolved")[0]["success"] is True
    assert engaged(path, "hero") == []


def test_R_DIS_2_first_turn_counts_attacks_since_combat_began(run, encounter):
    path = encounter(duel())
    ok(run("roll-initiative", path, "--dice", "3,15"))  # orc 15 acts before hero 5
    ok(run("attack", path, "orc", "hero", "--dice", "2"))
    ok(run("next", path))
    assert doc(path)["state"]["turn"] == "hero"
    r = run("disengage", path, "hero", "--dice", "2,15", "--format", "json")
    ok(r)
    assert len(events(r, "AttackTotalRolled")) == 1
    assert events(r, "DisengageResolved")[0]["success"] is False
    assert engaged(path, "hero") == ["orc"]


# -- R-DIS-3: success and failure ---------------------------------------------------------


@pytest.mark.parametrize(("at_face", "success"), [(11, True), (12, False)],
                         ids=["tie", "one_short"])
def test_R_DIS_3_tie_goes_to_the_disengager(run, encounter, at_face, success):
    path = engaged_duel(run, encounter)
    # Defense Total 10 + 5 = 15; Attack Total at_face + 4 = 15 (tie) or 16.
    r = run("disengage", path, "hero", "--dice", f"10,{at_face}", "--format", "json")
    ok(r)
    assert events(r, "DefenseTotalRolled")[0]["roll"]["total"] == 15
    assert events(r, "AttackTotalRolled")[0]["roll"]["total"] == at_face + 4
    assert events(r, "DisengageResolved")[0]["success"] is success
    assert engaged(path, "hero") == ([] if success else ["orc"])
    assert engaged(path, "orc") == ([] if success else ["hero"])


def test_R_DIS_3_highest_attack_total_decides(run, encounter):
    path = two_orcs(run, encounter)
    # Defense Total 12 + 5 = 17; orc 8 + 4 = 12; grunt 12 + 6 = 18 beats it.
    r = run("disengage", path, "hero", "--dice", "12,8,12", "--format", "json")
    ok(r)
    assert [e["who"] for e in events(r, "AttackTotalRolled")] == ["orc", "grunt"]
    assert events(r, "DisengageResolved")[0]["success"] is False
    assert sorted(engaged(path, "hero")) == ["grunt", "orc"]


def test_R_DIS_3_failure_stays_engaged_spends_the_action_and_counts(run, encounter):
    path = engaged_duel(run, encounter)
    ok(run("disengage", path, "hero", "--dice", "2,15"))
    assert engaged(path, "hero") == ["orc"] and engaged(path, "orc") == ["hero"]
    assert streak(path, "hero") == 1
    before = path.read_bytes()
    r = run("attack", path, "hero", "orc", "--dice", "19,5")
    assert r.code == 3
    r = run("move", path, "hero", "0,1", "--dice", "19,5")
    assert r.code == 3
    assert path.read_bytes() == before


def test_R_DIS_3_failure_inside_move_stops_and_spends_the_turn(run, encounter):
    path = engaged_duel(run, encounter)
    r = run("move", path, "hero", "-1,0", "--dice", "2,15", "--format", "json")
    ok(r)
    assert events(r, "Moved") == []
    assert who(path, "hero")["position"] == [0, 0]
    assert engaged(path, "hero") == ["orc"]
    assert streak(path, "hero") == 1
    assert run("attack", path, "hero", "orc", "--dice", "19,5").code == 3


# -- R-DIS-4: automatic success -----------------------------------------------------------


@pytest.mark.parametrize("delta", ["-12", "-15"], ids=["disabled", "dying"])
def test_R_DIS_4_automatic_when_every_engaged_opponent_is_down(run, encounter, delta):
    """R-DIS-4's first clause, applied the moment it becomes true (R-ENG-6): the engagement
    ends as the orc falls, so the hero walks off without a roll."""
    path = engaged_duel(run, encounter)
    ok(run("hp", path, "orc", delta))
    assert engaged(path, "hero") == [] and engaged(path, "orc") == []
    n = counter(path)
    r = ok(run("move", path, "hero", "-1,0", "--format", "json"))
    assert events(r, "DefenseTotalRolled") == [] and events(r, "AttackTotalRolled") == []
    assert events(r, "AttackRolled") == []  # R-HP-3: a fallen orc makes no AoO either
    assert counter(path) == n
    assert who(path, "hero")["position"] == [-1, 0]


def test_R_DIS_4_automatic_when_no_engaged_opponent_attacked(run, encounter):
    # Engaged by the hero's own attack; the orc never attacked.
    path = encounter(duel())
    ok(run("roll-initiative", path, "--dice", "15,5"))
    ok(run("attack", path, "hero", "orc", "--dice", "2"))
    ok(run("next", path))
    ok(run("next", path))
    n = counter(path)
    r = run("move", path, "hero", "-1,0", "--dice", "2,19", "--format", "json")
    ok(r)
    assert events(r, "DefenseTotalRolled") == [] and events(r, "AttackTotalRolled") == []
    assert r.json()["unused_dice"] == [2, 19] and counter(path) == n
    assert who(path, "hero")["position"] == [-1, 0]
    assert engaged(path, "hero") == []


def test_R_DIS_4_attacks_before_the_previous_turn_do_not_count(run, encounter):
    path = engaged_duel(run, encounter)  # the orc's attack was in round 1
    ok(run("next", path))  # hero's round-2 turn passes
    ok(run("next", path))  # orc's round-2 turn passes without attacking
    assert doc(path)["state"]["round"] == 3
    n = counter(path)
    r = run("disengage", path, "hero", "--dice", "2,19", "--format", "json")
    ok(r)
    assert events(r, "DefenseTotalRolled") == []
    assert r.json()["unused_dice"] == [2, 19] and counter(path) == n
    assert engaged(path, "hero") == []


def test_R_DIS_4_down_opponent_makes_no_attack_total(run, encounter):
    path = two_orcs(run, encounter)
    ok(run("hp", path, "grunt", "-20"))  # grunt at 0 hp: disabled
    r = run("disengage", path, "hero", "--dice", "12,8,19", "--format", "json")
    ok(r)
    assert [e["who"] for e in events(r, "AttackTotalRolled")] == ["orc"]
    assert r.json()["unused_dice"] == [19]
    assert engaged(path, "hero") == []


# -- R-DIS-5/6: the streak ----------------------------------------------------------------


def after_failed_tries(run, encounter, tries: int, rules: str = "") -> Path:
    """`engaged_duel`, then `tries` turns in a row in which the hero fails to disengage
    (2 + 5 + bonus against 16 + 4 = 20) and the orc attacks again: the hero's turn."""
    def steps(path: Path) -> None:
        trade_blows(run, path)
        for _ in range(tries):
            r = run("disengage", path, "hero", "--dice", "2,16", "--format", "json")
            ok(r)
            assert events(r, "DisengageResolved")[0]["success"] is False
            orc_attacks_and_back_to_hero(run, path)

    path = prepared(encounter, ("fails", tries, rules), duel(rules), steps)
    assert doc(path)["state"]["turn"] == "hero"
    assert streak(path, "hero") == tries
    return path


def test_R_DIS_5_first_try_has_no_bonus(run, encounter):
    path = engaged_duel(run, encounter)
    r = run("disengage", path, "hero", "--dice", "2,16", "--format", "json")
    ok(r)
    (dt,) = events(r, "DefenseTotalRolled")
    assert mods(dt["roll"]) == [5] and dt["roll"]["total"] == 7
    assert streak(path, "hero") == 1


def test_R_DIS_5_second_try_gets_plus_3(run, encounter):
    path = after_failed_tries(run, encounter, 1)
    r = run("disengage", path, "hero", "--dice", "2,16", "--format", "json")
    ok(r)
    (dt,) = events(r, "DefenseTotalRolled")
    assert sum(mods(dt["roll"])) == 5 + 3 and dt["roll"]["total"] == 10
    assert streak(path, "hero") == 2


@pytest.mark.parametrize(("rules", "step"), [("", 3), ("disengage_step = 5", 5)],
                         ids=["default_step_3", "step_5"])
def test_R_DIS_5_third_try_gets_plus_6(run, encounter, rules, step):
    path = after_failed_tries(run, encounter, 2, rules)
    r = run("disengage", path, "hero", "--dice", "2,16", "--format", "json")
    ok(r)
    (dt,) = events(r, "DefenseTotalRolled")
    assert sum(mods(dt["roll"])) == 5 + 2 * step  # +6 with the default step of 3
    assert dt["roll"]["total"] == 7 + 2 * step
    assert events(r, "DisengageResolved")[0]["success"] is False
    assert streak(path, "hero") == 3


def test_R_DIS_5_streak_bonus_shown_in_the_post(run, encounter):
    path = after_failed_tries(run, encounter, 1)
    r = run("disengage", path, "hero", "--dice", "2,16", "--format", "plain")
    ok(r)
    line = next(x for x in r.out.splitlines() if "Defense Total" in x)
    assert "streak" in line and "3" in line and line.rstrip().endswith("10")
    assert "[b]" not in r.out


def test_R_DIS_5_failure_inside_move_counts_toward_the_streak(run, encounter):
    path = engaged_duel(run, encounter)
    ok(run("move", path, "hero", "-1,0", "--dice", "2,16"))
    orc_attacks_and_back_to_hero(run, path)
    r = run("move", path, "hero", "-1,0", "--dice", "2,16", "--format", "json")
    ok(r)
    assert events(r, "DefenseTotalRolled")[0]["roll"]["total"] == 10  # 2 + 5 + 3
    assert streak(path, "hero") == 2


def test_R_DIS_6_streak_resets_on_success(run, encounter):
    path = after_failed_tries(run, encounter, 2)
    r = run("disengage", path, "hero", "--dice", "10,16", "--format", "json")
    ok(r)  # 10 + 5 + 6 = 21 ≥ 20
    assert events(r, "DisengageResolved")[0]["success"] is True
    assert streak(path, "hero") == 0


def test_R_DIS_6_streak_resets_on_attacking(run, encounter):
    path = after_failed_tries(run, encounter, 1)
    ok(run("attack", path, "hero", "orc", "--dice", "2"))
    assert streak(path, "hero") == 0
    orc_attacks_and_back_to_hero(run, path)
    r = run("disengage", path, "hero", "--dice", "2,16", "--format", "json")
    ok(r)
    assert events(r, "DefenseTotalRolled")[0]["roll"]["total"] == 7  # no streak bonus


def test_R_DIS_6_streak_resets_when_a_turn_passes_without_trying(run, encounter):
    path = after_failed_tries(run, encounter, 1)
    orc_attacks_and_back_to_hero(run, path)  # the hero's turn passes without trying
    assert streak(path, "hero") == 0
    r = run("disengage", path, "hero", "--dice", "2,16", "--format", "json")
    ok(r)
    assert events(r, "DefenseTotalRolled")[0]["roll"]["total"] == 7
    assert streak(path, "hero") == 1


def test_R_DIS_6_failed_try_keeps_the_streak_over_its_own_turn_end(run, encounter):
    path = engaged_duel(run, encounter)
    ok(run("disengage", path, "hero", "--dice", "2,16"))
    ok(run("next", path))
    assert streak(path, "hero") == 1


# -- R-DIS-7: reckless --------------------------------------------------------------------


def test_R_DIS_7_reckless_free_attack_against_defense_0_then_disengaged(run, encounter):
    path = engaged_duel(run, encounter)
    # Free attack: 2 + 4 = 6 ≥ 0 hits; damage 1d12 (5) + 2 = 7.
    r = run("disengage", path, "hero", "--reckless", "--dice", "2,5", "--format", "json")
    ok(r)
    assert events(r, "DefenseTotalRolled") == [] and events(r, "AttackTotalRolled") == []
    (atk,) = events(r, "AttackRolled")
    assert (atk["attacker"], atk["target"], atk["kind"]) == ("orc", "hero", "free")
    assert atk["defense"] == 0 and atk["hit"] is True
    assert "unused_dice" not in r.json()
    assert who(path, "hero")["hp"] == 13
    assert engaged(path, "hero") == [] and engaged(path, "orc") == []


@pytest.mark.parametrize(("attack", "face", "hit"), [(4, 1, False), (-5, 2, True)],
                         ids=["natural_1_misses", "low_total_still_hits"])
def test_R_DIS_7_reckless_free_attack_hits_unless_natural_1(run, encounter, attack, face,
                                                              hit):
    path = engaged_pair(run, encounter, hero_defense=15, orc_attack=attack)
    r = run("disengage", path, "hero", "--reckless", "--dice", f"{face},5", "--format",
            "json")
    ok(r)
    (atk,) = events(r, "AttackRolled")
    assert atk["hit"] is hit
    assert who(path, "hero")["hp"] == (13 if hit else 20)
    assert engaged(path, "hero") == []


def test_R_DIS_7_reckless_free_attacks_critical_rules_apply(run, encounter):
    # Natural 20 threatens; the confirmation 5 + 4 ≥ 0 confirms; the axe is ×3.
    path = engaged_duel(run, encounter)
    r = run("disengage", path, "hero", "--reckless", "--dice", "20,5,1,1,1", "--format",
            "json")
    ok(r)
    assert len(events(r, "CriticalConfirmRolled")) == 1
    (dmg,) = events(r, "DamageRolled")
    assert dmg["critical"] is True and dmg["amount"] == 9  # 3 × (1 + 2)
    assert who(path, "hero")["hp"] == 11


def test_R_DIS_7_reckless_each_engaged_opponent_above_0_hp_attacks(run, encounter):
    # Both attack, in initiative order: even the grunt that never attacked.
    path = two_orcs(run, encounter, second_attacks=False)
    r = run("disengage", path, "hero", "--reckless", "--dice", "2,1,3,1",
            "--format", "json")
    ok(r)
    assert [e["attacker"] for e in events(r, "AttackRolled")] == ["orc", "grunt"]
    assert all(e["kind"] == "free" for e in events(r, "AttackRolled"))
    assert who(path, "hero")["hp"] == 20 - 3 - 1
    assert engaged(path, "hero") == []


def test_R_DIS_7_reckless_opponent_at_0_hp_gets_no_free_attack(run, encounter):
    path = two_orcs(run, encounter)
    ok(run("hp", path, "grunt", "-20"))
    r = run("disengage", path, "hero", "--reckless", "--dice", "2,1,3,1",
            "--format", "json")
    ok(r)
    assert [e["attacker"] for e in events(r, "AttackRolled")] == ["orc"]
    assert r.json()["unused_dice"] == [3, 1]
    assert engaged(path, "hero") == []


def test_R_DIS_7_reckless_free_attack_is_outside_the_aoo_allowance(run, encounter):
    path = encounter(build(
        warrior("squire", "heroes", (0, 1)),
        warrior("hero", "heroes", (0, 0), melee("sword", 5), defense=15),
        warrior("orc", "monsters", (1, 0), melee("axe", 4, "1d12+2")),
        rules="aoo_engages = false"))
    ok(run("roll-initiative", path, "--dice", "15,10,5"))  # squire, hero, orc
    ok(run("next", path))
    ok(run("attack", path, "hero", "orc", "--dice", "2"))
    ok(run("next", path))
    ok(run("attack", path, "orc", "hero", "--dice", "2"))
    ok(run("next", path))
    r = run("move", path, "squire", "-2,3", "--dice", "2", "--format", "json")  # provokes
    ok(r)
    assert [e["kind"] for e in events(r, "AttackRolled")] == ["aoo"]
    ok(run("next", path))
    r = run("disengage", path, "hero", "--reckless", "--dice", "3,5", "--format", "json")
    ok(r)
    assert [e["kind"] for e in events(r, "AttackRolled")] == ["free"]
    assert engaged(path, "hero") == []


def test_R_DIS_7_reckless_refused_when_the_rule_is_off(run, encounter):
    path = engaged_duel(run, encounter, rules="reckless_disengage = false")
    before = path.read_bytes()
    r = run("disengage", path, "hero", "--reckless", "--dice", "2,5")
    assert r.code == 3 and "R-DIS-7" in r.err
    assert path.read_bytes() == before
    r = run("disengage", path, "hero", "--reckless", "--dice", "2,5", "--format", "json")
    assert r.code == 3
    assert "R-DIS-7" in r.err and '"code": 3' in r.err


# -- posts ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "defense_word", "attack_word"),
                         [("en", "Defense Total", "Attack Total"),
                          ("es", "Total de Defensa", "Total de Ataque")])
def test_R_DIS_2_post_shows_both_totals_with_their_parts(run, encounter, lang, defense_word,
                                                         attack_word):
    path = engaged_duel(run, encounter)
    r = run("disengage", path, "hero", "--dice", "12,8", "--format", "plain", "--lang", lang)
    ok(r)
    lines = r.out.splitlines()
    dline = next(x for x in lines if defense_word in x)
    aline = next(x for x in lines if attack_word in x)
    assert "Hero" in dline and "1d20" in dline and "12" in dline and "5" in dline
    assert dline.rstrip().endswith("17")
    assert "Orc" in aline and "1d20" in aline and "8" in aline and "4" in aline
    assert aline.rstrip().endswith("12")


def test_R_DIS_2_bbcode_post_bolds_the_totals(run, encounter):
    path = engaged_duel(run, encounter)
    r = run("disengage", path, "hero", "--dice", "12,8", "--format", "bbcode", "--lang", "es")
    ok(r)
    assert "Total de Defensa" in r.out and "[b]17[/b]" in r.out
    assert "Total de Ataque" in r.out and "[b]12[/b]" in r.out


# -- R-DIS-2 with missile engagement (R-ENG-3) ------------------------------------------------


def test_R_DIS_2_missile_disengage_attack_total_uses_best_ranged_attack(run, encounter):
    # R-DIS-2 (Clarifications): against a shooter it is missile-engaged with, the Attack
    # Total = 1d20 + that shooter's best ranged `attack` (bow +8, not the dagger's +1), for
    # the disengage that `move --to-cover` requires (R-ENG-3).
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5), init=2, defense=15),
        warrior("archer", "monsters", (5, 0), ranged("bow", 8), melee("dagger", 1))))
    ok(run("roll-initiative", path, "--dice", "3,15"))
    ok(run("attack", path, "archer", "hero", "--weapon", "bow", "--dice", "2"))
    ok(run("next", path))
    r = run("move", path, "hero", "0,3", "--to-cover", "--dice", "10,10", "--format", "json")
    ok(r)
    (at,) = events(r, "AttackTotalRolled")
    assert at["roll"]["total"] == 18
