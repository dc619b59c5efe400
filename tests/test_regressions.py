"""Regression tests for the review fixes: each test names the rule it guards and fails if
that fix is reverted."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import (
    assert_refused,
    build,
    events,
    journal_of,
    melee,
    ok,
    ranged,
    snapshot,
    state,
    trade_blows,
    warrior,
    who,
)

# -- builders -------------------------------------------------------------------------------


def line_with(text: str, needle: str) -> str:
    (line,) = [ln for ln in text.splitlines() if needle in ln]
    return line.strip()


def three(hp_a: int = 10) -> str:
    """a, b (heroes) and c (monsters), far apart; initiative 15,10,5 puts them in file order."""
    return build(warrior("a", "heroes", (0, 0), hp=hp_a),
                 warrior("b", "heroes", (0, 5), hp=10),
                 warrior("c", "monsters", (9, 9), hp=10))


def engaged_round_two(run: Any, encounter: Any, *extra: str, rules: str = "") -> Path:
    """hero (Defense 15) and orc adjacent; in round 1 each attacked the other (misses), and
    round 2 begins on the hero's turn. `extra` fighters come after them in file order."""
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8+3"), init=2, defense=15,
                hp=20),
        warrior("orc", "monsters", (1, 0), melee("axe", 4, "1d12+2"), defense=13, hp=12),
        *extra, rules=rules))
    faces = ",".join(["15", "5"] + ["1"] * len(extra))
    trade_blows(run, path, faces, nexts=1 + len(extra))
    st = state(path)
    assert (st["round"], st["turn"]) == (2, "hero")
    assert who(path, "hero")["engaged"] == ["orc"]
    return path


# -- 1. R-TRN-7 / R-TRN-4: a delayer that went down is skipped, after its bleed roll ----------


def test_R_TRN_7_delayer_gone_dying_bleeds_and_is_skipped_at_round_end(run, encounter):
    path = encounter(three())
    ok(run("roll-initiative", path, "--dice", "15,10,5"))
    assert state(path)["order"] == ["a", "b", "c"]
    ok(run("delay", path, "a"))
    assert state(path)["turn"] == "b"
    ok(run("hp", path, "a", "-12"))  # hp -2: dying (death_at -10)
    assert who(path, "a")["status"] == "dying"
    ok(run("next", path))
    assert state(path)["turn"] == "c"
    r = ok(run("next", path, "--dice", "50", "--format", "json"))
    assert "unused_dice" not in r.json()  # the d100 bleed roll used the supplied face
    assert "loses 1 hp" in r.json()["text"]
    assert who(path, "a")["hp"] == -3
    assert "a" not in [e["who"] for e in events(r, "TurnStarted")]
    st = state(path)
    assert st["round"] == 2 and st["turn"] == "b"
    assert not st.get("delaying")


def test_R_TRN_4_delayer_gone_dying_is_not_given_a_turn(run, encounter):
    path = encounter(three())
    ok(run("roll-initiative", path, "--dice", "15,10,5"))
    ok(run("delay", path, "a"))
    ok(run("hp", path, "a", "-12"))
    ok(run("next", path))
    ok(run("next", path, "--dice", "50"))
    assert state(path)["turn"] != "a"
    # a dying combatant cannot act: an attack by it is refused
    assert run("attack", path, "a", "c").code != 0


# -- 2. R-DIS-2/4: delay + act keep the window back to the previous round's turn ------------


def test_R_DIS_2_delay_and_act_keep_the_window_to_the_previous_turn(run, encounter):
    path = engaged_round_two(run, encounter)
    ok(run("delay", path, "hero"))
    assert state(path)["turn"] == "orc"
    ok(run("act", path, "hero"))
    assert state(path)["turn"] == "hero"
    r = ok(run("disengage", path, "hero", "--dice", "10,10", "--format", "json"))
    assert "unused_dice" not in r.json()
    assert len(events(r, "DefenseTotalRolled")) == 1
    assert len(events(r, "AttackTotalRolled")) == 1
    (res,) = events(r, "DisengageResolved")
    assert not res.get("auto")


def test_R_DIS_4_delay_and_act_is_no_automatic_success(run, encounter):
    path = engaged_round_two(run, encounter)
    ok(run("delay", path, "hero"))
    ok(run("act", path, "hero"))
    r = ok(run("disengage", path, "hero", "--dice", "10,10", "--format", "plain"))
    assert "without a roll" not in r.out


# -- 3. R-DIS-4 missile: every shooter down → automatic disengage ---------------------------


@pytest.mark.parametrize("delta,status", [("-3", "disabled"), ("-5", "dying")])
def test_R_DIS_4_missile_shooters_down_to_cover_is_automatic(run, encounter, delta, status):
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5), init=2, defense=15, hp=20),
        warrior("archer", "monsters", (5, 0), ranged("bow", 8), melee("dagger", 1), hp=3)))
    ok(run("roll-initiative", path, "--dice", "3,15"))  # archer first
    ok(run("attack", path, "archer", "hero", "--weapon", "bow", "--dice", "2"))
    ok(run("next", path))
    assert state(path)["turn"] == "hero"
    assert who(path, "hero")["missile_engaged"] == ["archer"]
    ok(run("hp", path, "archer", delta))
    assert who(path, "archer")["status"] == status
    # R-ENG-6: the shooter's fall ended the missile engagement at once: no roll to take cover
    assert who(path, "hero")["missile_engaged"] == []
    r = ok(run("move", path, "hero", "0,3", "--to-cover", "--dice", "7",
               "--format", "json"))
    assert r.json()["unused_dice"] == [7]
    assert events(r, "DefenseTotalRolled") == [] and events(r, "AttackTotalRolled") == []
    assert events(r, "DisengageResolved") == []
    assert who(path, "hero")["position"] == [0, 3]
    assert who(path, "hero")["missile_engaged"] == []


def test_R_DIS_4_missile_shooter_down_plain_post_says_no_roll(run, encounter):
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5), init=2, defense=15, hp=20),
        warrior("archer", "monsters", (5, 0), ranged("bow", 8), hp=3)))
    ok(run("roll-initiative", path, "--dice", "3,15"))
    ok(run("attack", path, "archer", "hero", "--dice", "2"))
    ok(run("next", path))
    r = ok(run("hp", path, "archer", "-3"))
    assert "Archer is out of Hero's missile engagement." in r.out  # R-ENG-6, at once
    r = ok(run("move", path, "hero", "0,3", "--to-cover", "--dice", "7"))
    assert "roll" not in r.out
    assert "unused --dice faces: 7" in r.err


# -- 4. R-OUT-3: hidden hit points never leak through JSON status or capped healing ---------


def two_sides() -> str:
    return build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5), init=2, defense=15, hp=20,
                extra='pc = true\nplayer = "Kel"\n'),
        warrior("orc", "monsters", (1, 0), melee("axe", 4), defense=13, hp=12))


def test_R_OUT_3_show_json_disabled_non_pc_is_only_down(run, encounter):
    path = encounter(two_sides())
    ok(run("roll-initiative", path, "--dice", "15,5"))
    ok(run("hp", path, "orc", "-12"))
    assert who(path, "orc")["status"] == "disabled"
    r = ok(run("show", path, "--format", "json"))
    text = r.out
    assert '"disabled"' not in text
    payload = r.json()
    orc = next(p for p in payload["status"]["combatants"] if p["id"] == "orc")
    assert orc["condition"] == "down"
    assert "status" not in orc and "hp" not in orc and "max_hp" not in orc
    gm = ok(run("show", path, "--format", "json", "--gm"))
    assert '"disabled"' in gm.out


@pytest.mark.parametrize("delta", ["-12", "-5", "-14"])
def test_R_OUT_3_json_hp_changed_non_pc_hides_status_and_numbers(run, encounter, delta):
    path = encounter(two_sides())
    ok(run("roll-initiative", path, "--dice", "15,5"))
    r = ok(run("hp", path, "orc", delta, "--format", "json"))
    (e,) = [e for e in events(r, "HpChanged") if e["who"] == "orc"]
    for key in ("status", "status_before", "hp", "before", "max_hp"):
        assert key not in e, key
    assert "disabled" not in json.dumps(r.json()["events"])
    assert "dying" not in json.dumps(r.json()["events"])


def test_R_OUT_3_json_hp_changed_non_pc_status_only_with_gm(run, encounter):
    path = encounter(two_sides())
    ok(run("roll-initiative", path, "--dice", "15,5"))
    r = ok(run("hp", path, "orc", "-12", "--format", "json"))
    (e,) = [e for e in events(r, "HpChanged") if e["who"] == "orc"]
    assert not {"status", "status_before", "hp", "before", "max_hp"} & set(e)
    ok(run("undo", path))
    r = ok(run("hp", path, "orc", "-12", "--format", "json", "--gm"))
    (e,) = [e for e in events(r, "HpChanged") if e["who"] == "orc"]
    assert e["hp"] == 0 and e["before"] == 12 and e["max_hp"] == 12
    assert e["status"] == "disabled" and e["status_before"] == "ok"


def test_R_OUT_3_capped_healing_of_non_pc_hides_the_amount(run, encounter):
    path = encounter(two_sides())
    ok(run("roll-initiative", path, "--dice", "15,5"))
    ok(run("hp", path, "orc", "-2"))
    r = ok(run("hp", path, "orc", "+5", "--format", "plain"))
    assert who(path, "orc")["hp"] == 12  # capped: only 2 healed
    assert "is healed" in r.out
    line = line_with(r.out, "is healed")
    assert "heals" not in r.out and "2" not in line and "12" not in line
    ok(run("hp", path, "orc", "-2"))
    r = ok(run("hp", path, "orc", "+5", "--format", "plain", "--gm"))
    assert "heals 2" in r.out


# -- 5. R-INI-5: a newcomer placed by a second roll-initiative is flat-footed --------------


def test_R_INI_5_newcomer_is_flat_footed_until_its_first_turn(run, encounter):
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d4"), init=2, defense=15,
                hp=20),
        warrior("orc", "monsters", (9, 9), melee("axe", 4), defense=13, hp=12)))
    ok(run("roll-initiative", path, "--dice", "15,5"))
    assert state(path)["turn"] == "hero"
    with path.open("a", encoding="utf-8") as f:
        f.write("\n" + warrior("gob", "monsters", (1, 0), melee("knife", 2), defense=15,
                               hp=30, extra="dex_mod = 3\n"))
    ok(run("roll-initiative", path, "--dice", "1"))  # after the orc: its turn comes later
    assert "gob" in state(path)["order"]
    assert who(path, "gob").get("flat_footed") is True
    # 1d20 (8) + 5 = 13: misses Defense 15, hits the flat-footed Defense 12.
    r = ok(run("attack", path, "hero", "gob", "--dice", "8,1", "--format", "json"))
    (roll,) = events(r, "AttackRolled")
    assert roll["flat_footed"] is True and roll["defense"] == 12
    assert roll["hit"] is True
    assert who(path, "gob")["hp"] < 30


# -- 6. R-INI-8: --reroll while someone delays ----------------------------------------------


def test_R_INI_8_reroll_while_delaying_restarts_round_without_delayers(run, encounter):
    path = encounter(three())
    ok(run("roll-initiative", path, "--dice", "15,10,5"))
    ok(run("delay", path, "a"))
    assert state(path)["delaying"] == ["a"]
    ok(run("roll-initiative", path, "--reroll", "--dice", "20,5,10"))
    st = state(path)
    assert st["order"] == ["a", "c", "b"]
    assert not st.get("delaying")
    assert st["round"] == 1 and st["turn"] == "a"


def test_R_INI_8_reroll_while_delaying_new_first_takes_the_turn(run, encounter):
    path = encounter(three())
    ok(run("roll-initiative", path, "--dice", "15,10,5"))
    ok(run("delay", path, "a"))
    ok(run("roll-initiative", path, "--reroll", "--dice", "5,10,20"))
    st = state(path)
    assert st["order"] == ["c", "b", "a"]
    assert st["turn"] == "c" and not st.get("delaying")
    # the former delayer is an ordinary member of the order: its turn comes in place
    ok(run("next", path))
    ok(run("next", path))
    assert state(path)["turn"] == "a"
    ok(run("next", path))
    assert (state(path)["round"], state(path)["turn"]) == (2, "c")


# -- 7. SPEC: a refused undo leaves the journal untouched ----------------------------------


def test_SPEC_undo_refused_over_uncommitted_record_leaves_journal_unchanged(run, encounter):
    path = encounter(three())
    ok(run("roll-initiative", path, "--dice", "15,10,5"))
    side = journal_of(path)
    record = side.read_bytes()
    assert record.count(b"\n") == 1
    ok(run("undo", path))
    assert side.read_bytes().count(b"\n") == 2  # R-LOG-1: the undo is a record
    side.write_bytes(record)  # the command alone: uncommitted (before_sha = the current file)
    assert json.loads(record)["before_sha"]
    before = snapshot(path)
    r = run("undo", path)
    assert r.code != 0
    assert "nothing to undo" in r.err
    assert snapshot(path) == before


# -- 8. R-INT-1 with R-DIS-7: a guard makes no free attack ---------------------------------


def test_R_INT_1_guarding_opponent_gets_no_free_attack_from_reckless_disengage(run, encounter):
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8+3"), init=2, defense=15,
                hp=20),
        warrior("orc", "monsters", (1, 0), melee("axe", 4, "1d12+2"), defense=13, hp=12),
        warrior("gob", "monsters", (2, 0), hp=10),
        rules="reckless_disengage = true"))
    ok(run("roll-initiative", path, "--dice", "15,5,1"))
    ok(run("attack", path, "hero", "orc", "--dice", "2"))
    ok(run("next", path))
    ok(run("intercept", path, "orc", "gob"))
    assert who(path, "orc").get("guarding")
    ok(run("next", path))
    ok(run("next", path))
    assert (state(path)["round"], state(path)["turn"]) == (2, "hero")
    assert who(path, "hero")["engaged"] == ["orc"]
    r = ok(run("disengage", path, "hero", "--reckless", "--dice", "15,3",
               "--format", "json"))
    assert r.json()["unused_dice"] == [15, 3]
    assert events(r, "AttackRolled") == []
    assert who(path, "hero")["hp"] == 20
    assert who(path, "hero")["engaged"] == []


# -- 9. R-OUT-1: interception outcome and automatic disengage lines are bold ----------------


def guarded_attack(run: Any, encounter: Any, fmt: str) -> str:
    """orc attacks gob, whom hero guards; the hero wins the Action Priority contest."""
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5), init=2, defense=15, hp=20),
        warrior("gob", "heroes", (0, 1), hp=20),
        warrior("orc", "monsters", (1, 1), melee("axe", 4), defense=13, hp=12),
        fmt=fmt))
    ok(run("roll-initiative", path, "--dice", "15,10,5"))
    ok(run("intercept", path, "hero", "gob"))
    ok(run("next", path))
    ok(run("next", path))
    assert state(path)["turn"] == "orc"
    r = ok(run("attack", path, "orc", "gob", "--dice", "18,2,3", "--format", fmt))
    return r.out


@pytest.mark.parametrize("fmt,open_,close", [("bbcode", "[b]", "[/b]"),
                                             ("markdown", "**", "**")])
def test_R_OUT_1_interception_outcome_line_is_bold(run, encounter, fmt, open_, close):
    out = guarded_attack(run, encounter, fmt)
    line = line_with(out, "intercepts")
    assert line.startswith(open_) and line.endswith(close), line
    assert line.count(open_) == 1 if open_ == "[b]" else line.count("**") == 2, line


@pytest.mark.parametrize("fmt,open_,close", [("bbcode", "[b]", "[/b]"),
                                             ("markdown", "**", "**")])
def test_R_OUT_1_automatic_disengage_line_is_bold(run, encounter, fmt, open_, close):
    # the orc never attacked the hero: the disengage is automatic (R-DIS-4)
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5), init=2, defense=15, hp=20),
        warrior("orc", "monsters", (1, 0), melee("axe", 4), defense=13, hp=12)))
    ok(run("roll-initiative", path, "--dice", "15,5"))
    ok(run("attack", path, "hero", "orc", "--dice", "2"))
    ok(run("next", path))
    ok(run("next", path))
    r = ok(run("disengage", path, "hero", "--format", fmt))
    line = line_with(r.out, "without a roll")
    assert line.startswith(open_) and line.endswith(close), line
    assert line.count(open_) == 1 if open_ == "[b]" else line.count("**") == 2, line


# -- 10. R-TRN-6: hp and remove after the end ----------------------------------------------


@pytest.mark.parametrize("args", [("hp", "b", "-3"), ("hp", "c", "+1"), ("remove", "b")])
def test_R_TRN_6_hp_and_remove_after_end_refused(run, encounter, args):
    path = encounter(three())
    ok(run("roll-initiative", path, "--dice", "15,10,5"))
    ok(run("end", path))
    assert state(path)["phase"] == "ended"
    before = snapshot(path)
    assert_refused(run(args[0], path, *args[1:]), "R-TRN-6", path, before)


# -- 11. R-INI-4 / R-HP-2: guarding takes the whole turn ------------------------------------


def test_R_INI_4_intercept_in_surprise_round_refused(run, encounter):
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), extra="aware = true\n", hp=10),
        warrior("gob", "heroes", (0, 1), extra="aware = true\n", hp=10),
        warrior("orc", "monsters", (9, 9), extra="aware = false\n", hp=10)))
    ok(run("roll-initiative", path, "--dice", "15,10,5"))
    st = state(path)
    assert (st["phase"], st["round"], st["turn"]) == ("surprise", 0, "hero")
    before = snapshot(path)
    assert_refused(run("intercept", path, "hero", "gob"), "R-INI-4", path, before)


def test_R_HP_2_intercept_by_disabled_combatant_refused(run, encounter):
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), hp=10),
        warrior("gob", "heroes", (0, 1), hp=10),
        warrior("orc", "monsters", (9, 9), hp=10)))
    ok(run("roll-initiative", path, "--dice", "15,10,5"))
    ok(run("hp", path, "hero", "-10"))
    assert who(path, "hero")["status"] == "disabled"
    assert state(path)["turn"] == "hero"
    before = snapshot(path)
    assert_refused(run("intercept", path, "hero", "gob"), "R-HP-2", path, before)


# -- 12. R-ATK-9: a shot forfeited to an AoO spends no ammunition --------------------------


def test_R_ATK_9_shot_lost_to_an_aoo_spends_no_ammo(run, encounter):
    path = encounter(build(
        warrior("brute", "monsters", (1, 0), melee("club", 10, "1d6"), hp=20),
        warrior("archer", "heroes", (0, 0), ranged("bow", 4, ammo=5), defense=10, hp=1),
        warrior("troll", "monsters", (6, 0), hp=20)))
    ok(run("roll-initiative", path, "--dice", "15,10,5"))  # brute, archer, troll
    ok(run("next", path))
    assert (state(path)["round"], state(path)["turn"]) == (1, "archer")
    # AoO: 1d20 (10) + 10 hits Defense 10; 1d6 (4) drops the archer to -3: no shot.
    r = ok(run("attack", path, "archer", "troll", "--dice", "10,4,17", "--format", "json"))
    assert who(path, "archer")["hp"] == -3
    assert events(r, "AmmoSpent") == []
    assert r.json()["unused_dice"] == [17]
    assert who(path, "archer")["weapons"][0]["ammo"] == 5
    assert who(path, "troll")["hp"] == 20
