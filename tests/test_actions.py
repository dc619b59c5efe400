"""Real fights: actions beyond attacks (R-ACT-1…4), full attacks (R-ACT-5), withdrawing
(R-ACT-6), newcomers (R-ACT-7), declining AoOs and interceptions (R-AOO-4) and where an
intercepted mover stops (R-INT-3), through the CLI with supplied dice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import doc, events, ok, refused, snapshot, state, who

# -- builders ---------------------------------------------------------------------------------

SPELLS = """
[[combatants.actions]]
id = "burn"
name = "Burning Hands"
range = 3
dc = 13
save = "ref"
damage = "2d4"
provokes = true
uses = 2

[[combatants.actions]]
id = "hold"
name = "Hold Person"
dc = 14
save = "will"
on_save = "negates"
damage = "1d6"

[[combatants.actions]]
id = "bolt"
name = "Bolt"
check = "1d20+2"
dc = 12
save = "ref"
damage = "2d6"

[[combatants.actions]]
id = "potion"
name = "Potion of healing"
heal = "1d8+1"
cost = "move"
provokes = true
range = 0

[[combatants.actions]]
id = "haste"
name = "Long ritual"
cost = "full"
"""


def unit(cid: str, side: str, pos: tuple[int, int] | None, *, init: int = 0, hp: int = 10,
         defense: int = 12, extra: str = "", weapon: str = "", actions: str = "") -> str:
    where = "" if pos is None else f"position = [{pos[0]}, {pos[1]}]\n"
    w = weapon or ('[[combatants.weapons]]\nid = "blade"\nattack = 2\ndamage = "1d6"\n')
    return (f'[[combatants]]\nid = "{cid}"\nname = "{cid.capitalize()}"\nside = "{side}"\n'
            f"initiative_mod = {init}\ndefense = {defense}\nhp = {hp}\n{where}{extra}\n"
            f"{w}\n{actions}\n")


def encounter_text(*units: str, rules: str = "") -> str:
    return ('schema = 1\nname = "Mill"\nlang = "en"\nformat = "plain"\n\n[rules]\n'
            f"{rules}\n\n" + "\n".join(units))


FIGHTER_SWORD = ('[[combatants.weapons]]\nid = "sword"\nname = "Sword"\nattack = 6\n'
                 'damage = "1d8+3"\nattacks = [6, 1]\n')


def mill(run: Any, encounter: Any, mira_pos: tuple[int, int] = (0, 0),
         snag_pos: tuple[int, int] = (5, 0), nit_pos: tuple[int, int] = (5, 2),
         faces: str = "20,15,3,2", mira_extra: str = "", snag_extra: str = "",
         rules: str = "") -> Path:
    """Mira (caster), Aldric (fighter with attacks [6, 1]), Snag and Nit (goblins, 10 hp,
    Defense 12, Nit with Reflex +1); initiative in that order; round 1, Mira's turn."""
    path = encounter(encounter_text(
        unit("mira", "heroes", mira_pos, hp=12, defense=14, extra="pc = true\n" + mira_extra,
             actions=SPELLS),
        unit("aldric", "heroes", (0, 3), hp=20, defense=16, weapon=FIGHTER_SWORD),
        unit("snag", "goblins", snag_pos, extra=snag_extra),
        unit("nit", "goblins", nit_pos, extra="saves = { ref = 1 }\n"),
        rules=rules))
    ok(run("roll-initiative", path, "--dice", faces))
    assert state(path)["turn"] == "mira"
    return path


def jrun(run: Any, *args: object) -> Any:
    return ok(run(*args, "--format", "json"))


def kinds(r: Any) -> list[str]:
    return [e["type"] for e in r.json()["events"]]


# -- R-INT-3: where an intercepted mover stops -------------------------------------------------


def _guarded_ward(run: Any, encounter: Any, orc_pos: tuple[int, int] = (6, 6)) -> Path:
    """The issue's case: a knight (reach-1 sword) at (1,1) guards the mage at (1,0); an orc
    at (6,6); initiative knight, orc, mage; the knight guards; the orc's turn."""
    path = encounter(encounter_text(
        unit("mage", "heroes", (1, 0)),
        unit("knight", "heroes", (1, 1), init=1, defense=18, hp=30),
        unit("orc", "monsters", orc_pos, hp=12),
        unit("archer", "heroes", (0, 9), weapon='[[combatants.weapons]]\nid = "bow"\n'
             'kind = "ranged"\nattack = 4\ndamage = "1d8"\nrange = 20\n')))
    ok(run("roll-initiative", path, "--dice", "2,15,10,1"))
    ok(run("intercept", path, "knight", "mage"))
    ok(run("next", path))
    assert state(path)["turn"] == "orc"
    return path


def test_R_INT_3_intercepted_mover_stops_in_the_first_square_inside_the_radius(run,
                                                                            encounter):
    path = _guarded_ward(run, encounter)
    r = jrun(run, "move", path, "orc", "2,2", "--dice", "15,3")  # knight 16 beats orc 3
    assert [e["won"] for e in events(r, "InterceptResolved")] == [True]
    assert who(path, "orc")["position"] == [2, 2]  # not (3,3), one square short
    (stop,) = events(r, "MoveStopped")
    assert stop["at"] == [2, 2] and stop["reason"] == "intercepted"
    assert who(path, "orc")["engaged"] == ["knight"]


def test_R_INT_3_intercepted_mover_can_then_be_attacked_by_the_defender(run, encounter):
    path = _guarded_ward(run, encounter)
    ok(run("move", path, "orc", "2,2", "--dice", "15,3"))
    ok(run("next", path))  # mage
    ok(run("next", path))  # archer
    ok(run("next", path))  # round 2: the knight, its guard over
    assert state(path)["turn"] == "knight"
    r = jrun(run, "attack", path, "knight", "orc", "--dice", "2")
    assert events(r, "AttackRolled")[0]["target"] == "orc"


# -- R-AOO-4: declining ------------------------------------------------------------------------


def _flanked(run: Any, encounter: Any, snag_extra: str = "") -> Path:
    """Mira at (0,0) next to Snag (1,0); Snag has had its turn (not flat-footed): round 2,
    Mira's turn."""
    path = mill(run, encounter, snag_pos=(1, 0), nit_pos=(9, 9), snag_extra=snag_extra)
    for _ in range(4):
        ok(run("next", path))
    assert state(path)["turn"] == "mira" and state(path)["round"] == 2
    return path


def test_R_AOO_4_declined_no_aoo_is_narrated_and_keeps_the_enemys_aoo(run, encounter):
    path = _flanked(run, encounter)
    r = jrun(run, "move", path, "mira", "0,-3", "--no-aoo", "snag")
    assert [e["type"] for e in r.json()["events"] if e["type"].startswith("Aoo")] == \
        ["AooDeclined"]
    assert not events(r, "AttackRolled")
    assert "lets Mira go" in r.json()["text"]
    assert who(path, "snag").get("aoo_round", -1) != 2  # not used up
    ok(run("next", path))  # Aldric's turn: he walks past Snag and gets the AoO
    r = jrun(run, "move", path, "aldric", "2,1", "2,-2", "--dice", "2")
    assert [e["attacker"] for e in events(r, "AttackRolled")] == ["snag"]


def test_R_AOO_4_declined_takes_aoo_false_never_makes_one(run, encounter):
    path = _flanked(run, encounter, snag_extra="takes_aoo = false\n")
    r = jrun(run, "move", path, "mira", "0,-3")
    assert not events(r, "AttackRolled")
    assert events(r, "AooDeclined")[0]["who"] == "snag"


def test_R_AOO_4_declined_inside_a_declaration(run, encounter):
    path = _flanked(run, encounter)
    ok(run("declare", path, "mira", "move", "0,-3", "--no-aoo", "snag"))
    r = jrun(run, "resolve", path)
    assert events(r, "AooDeclined") and not events(r, "AttackRolled")
    assert who(path, "mira")["position"] == [0, -3]


def test_R_AOO_4_declined_unknown_id_is_a_usage_error(run, encounter):
    path = _flanked(run, encounter)
    before = snapshot(path)
    r = run("move", path, "mira", "0,-3", "--no-aoo", "ghost")
    assert r.code == 2 and snapshot(path) == before


def test_R_AOO_4_declined_interception_lets_the_mover_pass(run, encounter):
    path = _guarded_ward(run, encounter)
    r = jrun(run, "move", path, "orc", "2,2", "--no-intercept", "knight")
    assert not events(r, "PriorityRolled")
    assert events(r, "InterceptDeclined")[0]["defender"] == "knight"
    assert who(path, "orc")["position"] == [2, 2]
    assert who(path, "knight")["guarding"] == "mage"


def test_R_AOO_4_declined_interception_of_an_attack(run, encounter):
    path = _guarded_ward(run, encounter, orc_pos=(3, 1))
    ok(run("move", path, "orc", "2,1", "--no-intercept", "knight"))
    r = jrun(run, "attack", path, "orc", "mage", "--no-intercept", "knight", "--dice", "2")
    assert events(r, "AttackRolled")[0]["target"] == "mage"


# -- R-ACT-1: cost, uses, ad hoc ---------------------------------------------------------------


def test_R_ACT_1_move_cost_leaves_the_standard_action(run, encounter):
    path = mill(run, encounter, snag_pos=(2, 0))
    ok(run("hp", path, "mira", "-5"))
    r = jrun(run, "action", path, "mira", "potion", "--target", "mira", "--dice", "4")
    assert who(path, "mira")["hp"] == 12  # 7 + 5 healed
    assert state(path)["spent"]["moves"] == 1
    ok(run("action", path, "mira", "burn", "--target", "snag", "--dice", "1,1,1"))
    assert "ActionTaken" in kinds(r)
    refused(run, path, "R-TRN-3", "action", path, "mira", "--text", "a third", "--cost",
            "standard")


def test_R_ACT_1_standard_cost_then_no_attack(run, encounter):
    path = mill(run, encounter, snag_pos=(3, 0))
    ok(run("action", path, "mira", "burn", "--target", "snag", "--dice", "20,1,1"))
    refused(run, path, "R-TRN-3", "attack", path, "mira", "snag")


def test_R_ACT_1_free_action_is_never_refused_by_the_allowance(run, encounter):
    path = mill(run, encounter, snag_pos=(3, 0))
    ok(run("action", path, "mira", "haste"))
    r = jrun(run, "action", path, "mira", "--text", "drops her staff", "--cost", "free")
    assert "drops her staff" in r.json()["text"]
    refused(run, path, "R-TRN-3", "action", path, "mira", "--text", "x", "--cost", "move")


def test_R_ACT_1_full_cost_allows_a_5ft_step_only(run, encounter):
    path = mill(run, encounter)
    ok(run("action", path, "mira", "haste"))
    refused(run, path, "R-TRN-3", "move", path, "mira", "0,-2")
    ok(run("move", path, "mira", "0,-1", "--step"))


def test_R_ACT_1_full_cost_refused_once_the_turn_is_in_use(run, encounter):
    path = mill(run, encounter)
    ok(run("move", path, "mira", "0,-1"))
    refused(run, path, "R-TRN-3", "action", path, "mira", "haste")


def test_R_ACT_1_uses_are_spent_and_refused_at_zero(run, encounter):
    path = mill(run, encounter, snag_pos=(3, 0), nit_pos=(3, 1))
    ok(run("action", path, "mira", "burn", "--target", "snag", "--dice", "20,1,1"))
    assert [a.get("uses") for a in who(path, "mira")["actions"] if a["id"] == "burn"] == [1]
    ok(run("next", path))
    ok(run("action", path, "mira", "burn", "--target", "snag", "--dice", "20,1,1",
           "--force"))
    assert [a.get("uses") for a in who(path, "mira")["actions"] if a["id"] == "burn"] == [0]
    before = snapshot(path)
    r = run("action", path, "mira", "burn", "--target", "snag", "--force")
    assert r.code == 3 and "R-ACT-1" in r.err and snapshot(path) == before


def test_R_ACT_1_ad_hoc_action_needs_text_and_cost(run, encounter):
    path = mill(run, encounter)
    before = snapshot(path)
    for args in (["--text", "x"], ["--cost", "move"], ["burn", "--text", "x", "--cost", "move"],
                 ["--text", "x", "--cost", "sideways"], ["ghost-spell"]):
        r = run("action", path, "mira", *args)
        assert r.code == 2, (args, r.err)
    assert snapshot(path) == before


def test_R_ACT_1_disabled_takes_no_full_round_action_and_strains_after_standard(run,
                                                                               encounter):
    path = mill(run, encounter, snag_pos=(3, 0))
    ok(run("hp", path, "mira", "-12"))
    refused(run, path, "R-HP-2", "action", path, "mira", "haste")
    ok(run("action", path, "mira", "burn", "--target", "snag", "--dice", "20,1,1"))
    assert who(path, "mira")["hp"] == -1


def test_R_ACT_1_surprise_round_allows_one_standard_or_move(run, encounter):
    path = encounter(encounter_text(
        unit("mira", "heroes", (0, 0), actions=SPELLS),
        unit("snag", "goblins", (2, 0), extra="aware = false\n")))
    ok(run("roll-initiative", path, "--dice", "20,1"))
    assert state(path)["phase"] == "surprise"
    refused(run, path, "R-INI-4", "action", path, "mira", "haste")
    ok(run("action", path, "mira", "potion", "--target", "mira", "--dice", "3"))
    refused(run, path, "R-INI-4", "action", path, "mira", "burn", "--target", "snag")


# -- R-ACT-2: provoking in a threatened square -------------------------------------------------


def test_R_ACT_2_provoking_action_draws_aoos_before_its_check(run, encounter):
    path = _flanked(run, encounter)
    r = jrun(run, "action", path, "mira", "burn", "--target", "snag", "--dice", "2,5,1,1")
    order = [e["type"] for e in r.json()["events"]
             if e["type"] in ("AttackRolled", "SaveRolled", "EffectRolled")]
    assert order == ["AttackRolled", "SaveRolled", "EffectRolled"]
    assert events(r, "AttackRolled")[0]["kind"] == "aoo"
    assert events(r, "SaveRolled")[0]["roll"]["terms"][0]["dice"][0]["face"] == 5


def test_R_ACT_2_non_provoking_action_draws_no_aoo(run, encounter):
    path = _flanked(run, encounter)
    r = jrun(run, "action", path, "mira", "hold", "--target", "snag", "--dice", "20")
    assert not events(r, "AttackRolled")


def test_R_ACT_2_actor_dropped_by_the_aoo_loses_the_action_cost_and_use_spent(run,
                                                                           encounter):
    path = _flanked(run, encounter)
    ok(run("hp", path, "mira", "-10"))  # 2 hp left
    r = jrun(run, "action", path, "mira", "burn", "--target", "snag", "--dice", "20,1,6")
    assert who(path, "mira")["hp"] <= 0
    assert not events(r, "SaveRolled") and not events(r, "EffectRolled")
    assert events(r, "AttackRefused")[0]["reason"] == "fell"
    assert [a.get("uses") for a in who(path, "mira")["actions"] if a["id"] == "burn"] == [1]
    assert state(path)["spent"]["standard"] is True


def test_R_ACT_2_declined_aoo_on_a_provoking_action(run, encounter):
    path = _flanked(run, encounter)
    r = jrun(run, "action", path, "mira", "burn", "--target", "snag", "--no-aoo", "snag",
             "--dice", "5,1,1")
    assert not events(r, "AttackRolled") and events(r, "AooDeclined")


# -- R-ACT-3: check, saves, damage and healing, range, targets ---------------------------------


def test_R_ACT_3_damage_rolled_once_half_on_a_successful_save(run, encounter):
    path = mill(run, encounter, snag_pos=(2, 0), nit_pos=(2, 1))
    r = jrun(run, "action", path, "mira", "burn", "--target", "snag,nit", "--dice",
             "5,12,4,3")  # Snag 5 fails, Nit 12+1 = 13 saves; 2d4 = 7
    assert [e["success"] for e in events(r, "SaveRolled")] == [False, True]
    assert len(events(r, "EffectRolled")) == 1
    assert who(path, "snag")["hp"] == 3 and who(path, "nit")["hp"] == 7  # 7 and 3


def test_R_ACT_3_negates_on_a_successful_save(run, encounter):
    path = mill(run, encounter)
    r = jrun(run, "action", path, "mira", "hold", "--target", "snag,nit", "--dice",
             "14,2,5")
    assert [e["success"] for e in events(r, "SaveRolled")] == [True, False]
    assert who(path, "snag")["hp"] == 10 and who(path, "nit")["hp"] == 5


def test_R_ACT_3_natural_20_saves_and_natural_1_fails(run, encounter):
    path = mill(run, encounter, mira_extra="", snag_extra="saves = { will = 30 }\n")
    r = jrun(run, "action", path, "mira", "hold", "--target", "snag,nit", "--dice",
             "1,20,4")  # Snag: 1 + 30 fails; Nit: 20 + 0 saves
    assert [e["success"] for e in events(r, "SaveRolled")] == [False, True]
    assert who(path, "snag")["hp"] == 6 and who(path, "nit")["hp"] == 10


def test_R_ACT_3_check_below_dc_fails_and_nothing_further_happens(run, encounter):
    path = mill(run, encounter)
    r = jrun(run, "action", path, "mira", "bolt", "--target", "snag", "--dice", "9,20,6,6")
    (check,) = events(r, "CheckRolled")
    assert check["roll"]["total"] == 11 and check["success"] is False
    assert not events(r, "SaveRolled") and who(path, "snag")["hp"] == 10
    assert r.json()["unused_dice"] == [20, 6, 6]


def test_R_ACT_3_draw_order_check_saves_damage(run, encounter):
    path = mill(run, encounter)
    r = jrun(run, "action", path, "mira", "bolt", "--target", "nit,snag", "--dice",
             "10,3,4,5,6")
    assert events(r, "CheckRolled")[0]["roll"]["total"] == 12
    assert [(e["who"], e["roll"]["total"]) for e in events(r, "SaveRolled")] == \
        [("nit", 4), ("snag", 4)]
    assert events(r, "EffectRolled")[0]["roll"]["total"] == 11


def test_R_ACT_3_healing_rolled_once_and_capped(run, encounter):
    path = mill(run, encounter, mira_pos=(0, 2))
    ok(run("hp", path, "mira", "-3"))
    r = jrun(run, "action", path, "mira", "potion", "--target", "mira", "--dice", "8")
    assert events(r, "EffectRolled")[0]["roll"]["total"] == 9
    assert who(path, "mira")["hp"] == 12


def test_R_ACT_3_target_out_of_range_is_refused(run, encounter):
    path = mill(run, encounter, snag_pos=(4, 0))
    refused(run, path, "R-ACT-3", "action", path, "mira", "burn", "--target", "snag")
    refused(run, path, "R-ACT-3", "action", path, "mira", "potion", "--target", "aldric")


def test_R_ACT_3_targets_are_needed_only_by_actions_with_an_effect(run, encounter):
    path = mill(run, encounter)
    before = snapshot(path)
    assert run("action", path, "mira", "burn").code == 2
    assert run("action", path, "mira", "haste", "--target", "snag").code == 2
    assert snapshot(path) == before


def test_R_ACT_3_condition_key_is_accepted(run, encounter):
    path = encounter(encounter_text(unit("mira", "heroes", (0, 0), actions=SPELLS + """
[[combatants.actions]]
id = "sleep"
dc = 13
save = "will"
condition = "paralyzed"
condition_rounds = 2
"""), unit("snag", "goblins", (5, 0))))
    assert ok(run("validate", path)).out == "ok\n"


def test_R_ACT_3_unknown_action_keys_are_invalid(run, encounter):
    path = encounter(encounter_text(unit("mira", "heroes", (0, 0), actions="""
[[combatants.actions]]
id = "x"
damgae = "1d6"
""")))
    r = run("validate", path)
    assert r.code == 65 and "combatants[0].actions[0].damgae" in r.err


# -- R-ACT-4: streak and engagement ------------------------------------------------------------


def test_R_ACT_4_any_action_but_a_free_one_resets_the_streak(run, encounter):
    path = mill(run, encounter, mira_extra="disengage_streak = 2\n")
    ok(run("action", path, "mira", "--text", "whistles", "--cost", "free"))
    assert who(path, "mira")["disengage_streak"] == 2
    ok(run("action", path, "mira", "--text", "draws a wand", "--cost", "move"))
    assert who(path, "mira").get("disengage_streak", 0) == 0


def test_R_ACT_4_actions_engage_nobody(run, encounter):
    path = mill(run, encounter, snag_pos=(2, 0))
    ok(run("action", path, "mira", "burn", "--target", "snag", "--dice", "1,1,1"))
    assert not who(path, "mira").get("engaged") and not who(path, "snag").get("engaged")


# -- R-ACT-5: full attack ----------------------------------------------------------------------


def _aldric_turn(run: Any, encounter: Any, **kw: Any) -> Path:
    path = mill(run, encounter, **kw)
    ok(run("next", path))
    assert state(path)["turn"] == "aldric"
    return path


def test_R_ACT_5_one_roll_per_bonus_against_each_target_in_turn(run, encounter):
    path = _aldric_turn(run, encounter, snag_pos=(1, 3), nit_pos=(1, 4))
    r = jrun(run, "attack", path, "aldric", "snag,nit", "--full", "--dice", "10,2,2")
    rolls = events(r, "AttackRolled")
    assert [(e["target"], e["roll"]["total"]) for e in rolls] == [("snag", 16), ("nit", 3)]


def test_R_ACT_5_last_target_repeats(run, encounter):
    path = _aldric_turn(run, encounter, snag_pos=(1, 3))
    r = jrun(run, "attack", path, "aldric", "snag", "--full", "--dice", "2,2")
    assert [e["target"] for e in events(r, "AttackRolled")] == ["snag", "snag"]


def test_R_ACT_5_fallen_target_passes_to_the_next_named_never_back(run, encounter):
    path = _aldric_turn(run, encounter, snag_pos=(1, 3), nit_pos=(1, 4))
    r = jrun(run, "attack", path, "aldric", "nit,snag", "--full", "--dice", "15,8,15,8")
    assert [e["target"] for e in events(r, "AttackRolled")] == ["nit", "snag"]
    path2 = _aldric_turn(run, encounter, snag_pos=(1, 3), nit_pos=(1, 4))
    ok(run("hp", path2, "snag", "-11"))  # Snag dying before the attack
    r = jrun(run, "attack", path2, "aldric", "snag,nit", "--full", "--dice", "2,2")
    assert [e["target"] for e in events(r, "AttackRolled")] == ["nit", "nit"]


def test_R_ACT_5_no_roll_when_no_standing_target_is_named_after(run, encounter):
    path = _aldric_turn(run, encounter, snag_pos=(1, 3), nit_pos=(1, 4))
    # second roll (nit, the last named) kills Nit: nothing left after it; no wrap to Snag
    r = jrun(run, "attack", path, "aldric", "nit", "--full", "--dice", "15,8")
    assert [e["target"] for e in events(r, "AttackRolled")] == ["nit"]
    assert who(path, "nit")["hp"] <= 0


def test_R_ACT_5_full_attack_takes_the_whole_turn_but_a_5ft_step(run, encounter):
    path = _aldric_turn(run, encounter, snag_pos=(1, 3))
    ok(run("attack", path, "aldric", "snag", "--full", "--dice", "2,2"))
    refused(run, path, "R-TRN-3", "move", path, "aldric", "0,5")
    refused(run, path, "R-TRN-3", "attack", path, "aldric", "snag")
    ok(run("move", path, "aldric", "0,2", "--step"))


def test_R_ACT_5_refused_after_a_move_action(run, encounter):
    path = _aldric_turn(run, encounter, snag_pos=(1, 4))
    ok(run("move", path, "aldric", "0,4"))
    refused(run, path, "R-TRN-3", "attack", path, "aldric", "snag", "--full")


def test_R_ACT_5_target_out_of_reach_refused(run, encounter):
    path = _aldric_turn(run, encounter, snag_pos=(1, 3), nit_pos=(5, 5))
    refused(run, path, "R-GEO-3", "attack", path, "aldric", "snag,nit", "--full")


def test_R_ACT_5_declared_full_attack(run, encounter):
    path = _aldric_turn(run, encounter, snag_pos=(1, 3), nit_pos=(1, 4))
    ok(run("declare", path, "aldric", "attack", "snag,nit", "--full"))
    r = jrun(run, "resolve", path, "--dice", "2,2")
    assert [e["target"] for e in events(r, "AttackRolled")][:2] == ["snag", "nit"]


# -- R-ACT-6: withdraw -------------------------------------------------------------------------


def test_R_ACT_6_withdraw_leaving_the_first_square_provokes_nothing(run, encounter):
    path = _flanked(run, encounter)
    r = jrun(run, "move", path, "mira", "-12,0", "--withdraw")  # 2 x speed: 12 squares
    assert not events(r, "AttackRolled")
    assert who(path, "mira")["position"] == [-12, 0]
    assert state(path)["spent"]["full_round"] is True


def test_R_ACT_6_withdraw_later_squares_still_provoke(run, encounter):
    path = _flanked(run, encounter)
    # from (0,0) along x=1 … the second square (1,-1) is still next to Snag at (1,0)
    r = jrun(run, "move", path, "mira", "0,-1", "0,-3", "--withdraw", "--dice", "2")
    assert [e["kind"] for e in events(r, "AttackRolled")] == ["aoo"]


def test_R_ACT_6_withdraw_is_at_most_double_speed_and_a_full_round(run, encounter):
    path = _flanked(run, encounter)
    refused(run, path, "R-ACT-6", "move", path, "mira", "-13,0", "--withdraw")
    ok(run("action", path, "mira", "--text", "x", "--cost", "standard"))
    refused(run, path, "R-TRN-3", "move", path, "mira", "-2,0", "--withdraw")


def test_R_ACT_6_declared_withdraw(run, encounter):
    path = _flanked(run, encounter)
    ok(run("declare", path, "mira", "move", "-6,0", "--withdraw"))
    r = jrun(run, "resolve", path)
    assert not [e for e in events(r, "AttackRolled") if e["target"] == "mira"]
    assert who(path, "mira")["position"] == [-6, 0]


# -- R-ACT-7: newcomers ------------------------------------------------------------------------


def test_R_ACT_7_like_copies_the_definition_without_state(run, encounter):
    path = mill(run, encounter, snag_pos=(2, 0))
    ok(run("action", path, "mira", "burn", "--target", "snag", "--dice", "20,1,1"))
    ok(run("hp", path, "mira", "-4"))
    r = jrun(run, "add", path, "apprentice", "--like", "mira", "--count", "2", "--name",
             "Apprentice", "--at", "0,6", "1,6")
    new = [who(path, "apprentice-1"), who(path, "apprentice-2")]
    assert [c["name"] for c in new] == ["Apprentice 1", "Apprentice 2"]
    assert [c["hp"] for c in new] == [12, 12]
    assert [a.get("uses") for a in new[0]["actions"] if a["id"] == "burn"] == [1]
    assert new[0]["side"] == "heroes" and "initiative" not in new[0]
    assert new[1]["position"] == [1, 6]
    assert len(events(r, "Added")) == 2
    assert "apprentice-1" not in state(path)["order"]  # R-INI-8: waits for roll-initiative


def test_R_ACT_7_at_in_either_form(run, encounter):
    path = mill(run, encounter)
    ok(run("add", path, "gob", "--like", "snag", "--count", "2", "--at", "7,7", "--at",
           "8,8"))
    assert who(path, "gob-2")["position"] == [8, 8]
    assert who(path, "gob-1")["name"] == "Snag 1"


def test_R_ACT_7_squares_missing_taken_or_gridless_are_usage_errors(run, encounter):
    path = mill(run, encounter)
    before = snapshot(path)
    for args in (["gob", "--like", "snag", "--count", "2", "--at", "7,7"],
                 ["gob", "--like", "snag", "--at", "5,0"],
                 ["gob", "--like", "snag", "--count", "2", "--at", "7,7", "7,7"],
                 ["snag", "--like", "nit", "--at", "9,9"],
                 ["gob", "--like", "ghost", "--at", "9,9"]):
        r = run("add", path, *args)
        assert r.code == 2, (args, r.err)
    assert snapshot(path) == before
    gridless = encounter(encounter_text(unit("a", "x", None), unit("b", "y", None)),
                         name="gridless.toml")
    assert run("add", gridless, "c", "--like", "b", "--at", "1,1").code == 2
    ok(run("add", gridless, "c", "--like", "b"))


def test_R_ACT_7_initiative_places_only_the_newcomers(run, encounter):
    path = mill(run, encounter)
    ok(run("add", path, "wolf", "--like", "snag", "--at", "9,9"))  # waits
    r = jrun(run, "add", path, "gob", "--like", "snag", "--at", "8,8", "--initiative",
             "--dice", "12")
    order = state(path)["order"]
    assert "gob" in order and "wolf" not in order
    assert order.index("gob") < order.index("snag")  # 12 beats Snag's 3
    assert len(events(r, "InitiativeRolled")) == 1


def _roster(tmp: Path) -> Path:
    roster = tmp / "party.toml"
    roster.write_text(encounter_text(
        unit("brom", "heroes", (0, 0), hp=7, extra="max_hp = 15\n"),
        unit("lia", "heroes", (0, 1), hp=9)), encoding="utf-8")
    return roster


def test_R_ACT_7_from_roster_keeps_hp(run, encounter, tmp_path):
    path = mill(run, encounter)
    roster = _roster(tmp_path)
    ok(run("add", path, "--from", roster, "brom", "--at", "0,8"))
    assert who(path, "brom")["hp"] == 7 and who(path, "brom")["max_hp"] == 15
    assert who(path, "brom")["position"] == [0, 8]
    assert "lia" not in [c["id"] for c in doc(path)["combatants"]]
    ok(run("add", path, "--from", roster, "lia", "--at", "1,8", "--initiative",
           "--dice", "1"))
    assert "lia" in state(path)["order"]


def test_R_ACT_7_from_all_and_errors(run, encounter, tmp_path):
    path = mill(run, encounter)
    roster = _roster(tmp_path)
    before = snapshot(path)
    r = run("add", path, "--from", tmp_path / "missing.toml", "--at", "0,8")
    assert r.code == 66 and "missing.toml" in r.err
    bad = tmp_path / "bad.toml"
    bad.write_text('[[combatants]]\nid = "x"\n', encoding="utf-8")
    r = run("add", path, "--from", bad, "--at", "0,8")
    assert r.code == 65 and "bad.toml" in r.err
    assert run("add", path, "--from", roster, "--at", "0,8").code == 2  # two need two squares
    assert run("add", path, "--from", roster, "ghost", "--at", "0,8").code == 2
    assert snapshot(path) == before
    ok(run("add", path, "--from", roster, "--at", "0,8", "1,8"))
    assert {"brom", "lia"} <= {c["id"] for c in doc(path)["combatants"]}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_R_ACT_7_added_is_narrated_in_both_languages(run, encounter, lang):
    path = mill(run, encounter)
    r = ok(run("add", path, "gob", "--like", "snag", "--at", "9,9", "--lang", lang))
    assert ("joins the fight" if lang == "en" else "se une al combate") in r.out


# -- declarations of actions -------------------------------------------------------------------


def test_R_ACT_1_declared_action_resolves_like_the_command(run, encounter):
    path = mill(run, encounter, snag_pos=(2, 0))
    ok(run("declare", path, "mira", "action", "burn", "--target", "snag"))
    r = jrun(run, "resolve", path, "--dice", "1,2,2")
    assert events(r, "ActionTaken")[0]["action"] == "burn"
    assert who(path, "snag")["hp"] == 6


def test_R_ACT_1_declared_action_with_bad_arguments_is_a_usage_error(run, encounter):
    path = mill(run, encounter)
    before = snapshot(path)
    assert run("declare", path, "mira", "action", "--text", "x").code == 2
    assert run("declare", path, "mira", "action", "ghost").code == 2
    assert snapshot(path) == before


@pytest.mark.parametrize("lang", ["en", "es"])
def test_R_ACT_3_posts_in_both_languages(run, encounter, lang):
    path = mill(run, encounter, snag_pos=(2, 0))
    r = ok(run("action", path, "mira", "burn", "--target", "snag", "--dice", "15,2,2",
               "--lang", lang))
    assert ("Reflex save" if lang == "en" else "Salvación de Reflejos") in r.out
    assert ("half damage" if lang == "en" else "mitad de daño") in r.out


# -- R-ACT-3(d) with R-CND: conditions from actions, and the built-in stand-up ---------------------

SLEEP = """
[[combatants.actions]]
id = "sleep"
name = "Sleep"
dc = 13
save = "will"
condition = "paralyzed"
condition_rounds = 2
"""


def test_R_ACT_3_condition_on_each_target_whose_save_failed(run, encounter):
    path = encounter(encounter_text(
        unit("mira", "heroes", (0, 0), actions=SLEEP),
        unit("snag", "goblins", (3, 0)), unit("nit", "goblins", (3, 2))))
    ok(run("roll-initiative", path, "--dice", "20,2,1"))
    ok(run("action", path, "mira", "sleep", "--target", "snag,nit", "--dice", "4,15"))
    assert who(path, "snag")["conditions"] == {"paralyzed": {"ends": "start", "of": "mira",
                                                             "turns": 2}}
    assert not who(path, "nit").get("conditions")


def test_R_ACT_3_stand_up_is_a_built_in_action(run, encounter):
    path = mill(run, encounter)
    ok(run("condition", path, "mira", "prone"))
    r = jrun(run, "action", path, "mira", "stand-up")
    assert not who(path, "mira").get("conditions")
    assert state(path)["spent"]["moves"] == 1
    assert "ConditionRemoved" in kinds(r)


@pytest.mark.parametrize(("argv", "words"), [
    (("action", "burn", "--target", "snag"), "use Burning Hands on Snag"),
    (("action", "--text", "sings", "--cost", "free"), "sings"),
    (("attack", "snag,nit", "--full"), "make a full attack on Snag, Nit"),
    (("move", "0,-3", "--withdraw"), "withdraw to (0,-3)"),
])
def test_R_ACT_1_declared_actions_are_told_in_words(run, encounter, argv, words):
    path = mill(run, encounter, snag_pos=(2, 0))
    r = ok(run("declare", path, "mira", *argv))
    assert words in r.out


def test_R_ACT_2_gridless_provokes_only_while_engaged_in_melee(run, encounter):
    path = encounter(encounter_text(
        unit("mira", "heroes", None, actions=SPELLS), unit("snag", "goblins", None),
        unit("nit", "goblins", None)))
    ok(run("roll-initiative", path, "--dice", "2,20,1"))  # Snag, Mira, Nit
    ok(run("attack", path, "snag", "mira", "--dice", "1"))  # engages Mira and Snag
    ok(run("next", path))
    r = jrun(run, "action", path, "mira", "burn", "--target", "nit", "--dice", "2,1,1,1")
    assert [(e["attacker"], e["kind"]) for e in events(r, "AttackRolled")] == [("snag", "aoo")]


def test_R_ACT_5_ranged_full_attack_spends_one_ammunition_per_roll(run, encounter):
    bow = ('[[combatants.weapons]]\nid = "bow"\nkind = "ranged"\nattack = 5\n'
           'damage = "1d6"\nrange = 20\nammo = 1\nattacks = [5, 0]\n')
    path = encounter(encounter_text(unit("archer", "heroes", (0, 0), weapon=bow),
                                    unit("snag", "goblins", (6, 0), hp=30)))
    ok(run("roll-initiative", path, "--dice", "20,1"))
    r = jrun(run, "attack", path, "archer", "snag", "--full", "--dice", "2")
    assert len(events(r, "AttackRolled")) == 1  # the second shot has no arrow left
    assert events(r, "AttackRefused")[0]["reason"] == "no_ammo"
    assert who(path, "archer")["weapons"][0]["ammo"] == 0


def test_R_ACT_7_add_initiative_draws_one_d20_per_newcomer_in_file_order(run, encounter):
    path = mill(run, encounter)
    r = jrun(run, "add", path, "gob", "--like", "snag", "--count", "2", "--at", "8,8", "9,9",
             "--initiative", "--dice", "4,17")
    assert [(e["members"], e["roll"]["total"]) for e in events(r, "InitiativeRolled")] == \
        [(["gob-1"], 4), (["gob-2"], 17)]


def test_R_ACT_3_surprise_round_targets_only_enemies_the_actor_is_aware_of(run, encounter):
    path = encounter(encounter_text(
        unit("mira", "heroes", (0, 0), extra='aware = ["snag"]\n', actions=SPELLS),
        unit("snag", "goblins", (2, 0), extra="aware = false\n"),
        unit("nit", "goblins", (2, 1), extra="aware = false\n")))
    ok(run("roll-initiative", path, "--dice", "20,1,2"))
    assert state(path)["phase"] == "surprise"
    refused(run, path, "R-INI-4", "action", path, "mira", "burn", "--target", "snag,nit")
    ok(run("action", path, "mira", "burn", "--target", "snag", "--dice", "1,1,1"))


def test_R_ACT_7_json_usage_errors_name_the_rule_they_cite(run, encounter):
    """SPEC: a JSON error is {"error": {"code", "rule", "message"}}; an exit-2 refusal whose
    message cites a rule (R-ACT-7 used id, R-ACT-3 missing target) names it in "rule"."""
    path = mill(run, encounter)
    before = snapshot(path)
    r = run("add", path, "snag", "--like", "nit", "--at", "9,9", "--format", "json")
    assert r.code == 2
    assert json.loads(r.err)["error"]["rule"] == "R-ACT-7"
    r = run("action", path, "mira", "burn", "--format", "json")
    assert r.code == 2
    assert json.loads(r.err)["error"]["rule"] == "R-ACT-3"
    r = run("add", path, "gob", "--like", "ghost", "--at", "9,9", "--format", "json")
    assert r.code == 2 and json.loads(r.err)["error"]["rule"] is None  # cites no rule
    assert snapshot(path) == before


def test_R_ACT_2_a_disabled_actor_the_aoo_missed_has_not_dropped(run, encounter):
    path = _flanked(run, encounter)
    ok(run("hp", path, "mira", "-12"))  # 0 hp: disabled, one standard action (R-HP-2)
    r = jrun(run, "action", path, "mira", "burn", "--target", "snag", "--dice", "2,1,1,1")
    assert [e["kind"] for e in events(r, "AttackRolled")] == ["aoo"]
    assert events(r, "SaveRolled") and not events(r, "AttackRefused")
    assert who(path, "mira")["hp"] == -1  # then the strain of R-HP-2


def test_R_ACT_7_a_name_too_long_for_the_file_is_a_usage_error(run, encounter):
    """SPEC: an argument that would break the file's limits is exit 2 (names hold at most 200
    characters), never an internal error; the file and journal stay as they were."""
    path = mill(run, encounter)
    before = snapshot(path)
    r = run("add", path, "gob", "--like", "snag", "--name", "x" * 201, "--at", "9,9")
    assert r.code == 2, (r.code, r.err)
    r = run("add", path, "gob", "--like", "snag", "--count", "2", "--name", "x" * 199,
            "--at", "9,9", "9,8")
    assert r.code == 2, (r.code, r.err)  # "x…x 1" is 201 characters
    assert snapshot(path) == before
    ok(run("add", path, "gob", "--like", "snag", "--name", "x" * 200, "--at", "9,9"))


def test_R_ACT_7_json_shows_a_non_pc_newcomers_hit_points_as_a_label(run, encounter):
    path = mill(run, encounter)
    r = jrun(run, "add", path, "gob", "--like", "snag", "--at", "9,9")
    (added,) = events(r, "Added")
    assert "hp" not in added["data"] and added["data"]["condition"] == "unhurt"
    r = jrun(run, "add", path, "gob2", "--like", "snag", "--at", "8,8", "--gm")
    assert events(r, "Added")[0]["data"]["hp"] == 10


def test_R_AOO_4_declined_aoo_said_once_does_not_split_the_move_again(run, encounter):
    """A declined AoO is narrated once per command; the enemy's later threatened squares are
    passed silently, so the move's line is not cut there (one Moved per narrated stop)."""
    path = encounter(encounter_text(
        unit("hero", "heroes", (1, 1), hp=30),
        unit("a", "goblins", (2, 1), init=5),
        unit("b", "goblins", (0, 3), init=4)))
    ok(run("roll-initiative", path, "--dice", "1,19,18"))
    ok(run("next", path))
    ok(run("next", path))
    assert state(path)["turn"] == "hero"
    r = jrun(run, "move", path, "hero", "1,4", "--no-aoo", "a,b")
    assert [e["who"] for e in events(r, "AooDeclined")] == ["a", "b"]
    assert not events(r, "AttackRolled")
    assert [e["path"][-1] for e in events(r, "Moved")] == [[1, 2], [1, 4]]


def test_R_ACT_7_from_a_roster_whose_references_are_absent_here_is_refused(run, encounter,
                                                                            tmp_path):
    """SPEC: the tool never writes a file it would refuse to load. A roster combatant whose
    `aware` list or `guard:` orders name someone absent from this encounter is refused
    (exit 2, R-ACT-7), the file and journal untouched; it used to be written, and every
    later command then refused the file (exit 65)."""
    path = mill(run, encounter)
    roster = tmp_path / "roster.toml"
    roster.write_text('[[combatants]]\nid = "zed"\nside = "x"\ndefense = 10\nhp = 5\n'
                      'aware = ["ghost"]\n\n[[combatants]]\nid = "ghost"\nside = "y"\n'
                      'defense = 10\nhp = 5\n\n[[combatants]]\nid = "ward"\nside = "x"\n'
                      'defense = 10\nhp = 5\norders = "guard:ghost"\n', encoding="utf-8")
    before = snapshot(path)
    for who_ in ("zed", "ward"):
        r = run("add", path, "--from", roster, who_, "--at", "9,9", "--format", "json")
        assert r.code == 2, (r.code, r.err)
        assert json.loads(r.err)["error"]["rule"] == "R-ACT-7" and "ghost" in r.err
    assert snapshot(path) == before
    ok(run("validate", path))
    ok(run("add", path, "--from", roster, "zed", "ghost", "--at", "9,9", "9,8"))
    ok(run("validate", path))
