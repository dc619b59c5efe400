"""Declared rounds: `declare`, `declare --clear`, `show`, `resolve`, `rules.default_action`,
`--if-idle` for cron, `rules.turn_deadline`, R-OUT-4 mentions, R-TRN-7 delay/act
(docs/en/commands.md "Declared rounds", "Scripts and cron"; SPEC commands table)."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from helpers import (
    NOW,
    armed_person,
    doc,
    events,
    faces,
    fight,
    five,
    ok,
    people,
    snapshot,
    state,
)

T0_DT = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


# -- helpers -------------------------------------------------------------------------------


ORDER = ["ann", "bo", "cy", "gob", "orc"]


def declarations(path: Path) -> dict[str, Any]:
    return state(path).get("declarations", {})


def started(path: Path) -> datetime:
    return datetime.fromisoformat(state(path)["turn_started_at"].replace("Z", "+00:00"))


def iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


@pytest.fixture
def five_fight(run: Any, encounter: Any) -> Path:
    path = encounter(five())
    ok(run("roll-initiative", path, "--dice", "10,10,10,10,10", now=NOW))
    assert state(path)["order"] == ORDER
    assert state(path)["turn"] == "ann"
    return path


# -- declare: syntax and ids checked at once -----------------------------------------------


def test_declare_queues_the_action_in_the_file(run, five_fight):
    path = five_fight
    r = ok(run("declare", path, "ann", "attack", "gob", "--weapon", "sword"))
    assert "Ann" in r.out
    decl = declarations(path)
    assert list(decl) == ["ann"]
    assert decl["ann"][:2] == ["attack", "gob"]
    assert state(path)["turn"] == "ann"  # declaring resolves nothing
    assert people(path)["gob"]["hp"] == 1


@pytest.mark.parametrize("lang, words", [("en", "move to (3,4)"), ("es", "(3,4)")])
def test_R_OUT_5_a_declared_act_is_told_from_its_parsed_action(run, five_fight, lang, words):
    """Issue 21 item 6, one parse: the post reads the declared act with the command's own
    parser, so an option's comma-separated value (`--no-aoo gob,orc`) is not taken for the
    square the move goes to (a hand-written argv scan said "move to —")."""
    r = ok(run("declare", five_fight, "ann", "move", "3,4", "--no-aoo", "gob,orc",
               "--lang", lang))
    assert words in r.out and "—" not in r.out.split("declar")[-1].splitlines()[0]


@pytest.mark.parametrize("argv", [
    ["ann", "attack", "nobody"],                       # unknown target
    ["ann", "attack", "gob", "--weapon", "halberd"],   # unknown weapon
    ["ann", "move", "3;4"],                            # bad square
    ["ann", "move", "x,y"],                            # bad square
    ["ann", "dance", "gob"],                           # unknown action
    ["ann", "intercept", "nobody"],                    # unknown ward
    ["nobody", "attack", "gob"],                       # unknown declarer
], ids=["target", "weapon", "square-semicolon", "square-letters", "action", "ward", "who"])
def test_declare_checks_syntax_and_ids_at_once(run, five_fight, argv):
    path = five_fight
    ok(run("declare", path, "bo", "attack", "orc"))
    before = snapshot(path)
    r = run("declare", path, *argv)
    assert r.code == 2, (r.code, r.out, r.err)
    assert r.out == ""
    assert r.err.strip()
    assert snapshot(path) == before
    assert declarations(path) == {"bo": ["attack", "orc"]}


def test_declare_unknown_target_json_error(run, five_fight):
    before = snapshot(five_fight)
    r = run("declare", five_fight, "ann", "attack", "nobody", "--format", "json")
    assert r.code == 2
    err = json.loads(r.err)["error"]
    assert err["code"] == 2
    assert "nobody" in err["message"]
    assert snapshot(five_fight) == before


def test_declare_clear(run, five_fight):
    path = five_fight
    ok(run("declare", path, "ann", "attack", "gob"))
    ok(run("declare", path, "orc", "attack", "ann"))
    v = state(path)["version"]
    r = ok(run("declare", path, "ann", "--clear"))
    assert "Ann" in r.out
    assert declarations(path) == {"orc": ["attack", "ann"]}
    assert state(path)["version"] == v + 1
    # the cleared combatant now follows the default action: no attack from Ann
    r = ok(run("resolve", path, "--dice", "15,6", "--format", "json"))
    assert [e["attacker"] for e in events(r, "AttackRolled")] == ["orc"]
    assert people(path)["gob"]["hp"] == 1


def test_show_lists_who_has_declared_and_who_has_not(run, five_fight):
    path = five_fight
    ok(run("declare", path, "ann", "attack", "gob"))
    ok(run("declare", path, "orc", "attack", "ann"))
    before = snapshot(path)
    r = ok(run("show", path, "--format", "plain"))
    assert snapshot(path) == before
    lines = r.out.splitlines()
    (done,) = [ln for ln in lines if ln.startswith("Declared")]
    (waiting,) = [ln for ln in lines if ln.startswith("Not declared")]
    assert "Ann" in done and "Orc" in done
    assert not any(n in done for n in ("Bo", "Cy", "Gob"))
    assert "Bo" in waiting and "Cy" in waiting
    assert "Ann" not in waiting and "Orc" not in waiting
    # R-PAC-1: a non-PC without a player acts by its orders: listed apart, not as owing
    (ordered,) = [ln for ln in lines if ln.startswith("By orders")]
    assert "Gob" in ordered and "Gob" not in waiting


# -- resolve ------------------------------------------------------------------------------------


def declare_four(run: Any, path: Path) -> None:
    ok(run("declare", path, "ann", "attack", "gob", "--weapon", "sword"))  # kills Gob
    ok(run("declare", path, "bo", "attack", "gob"))      # illegal by Bo's turn: Gob is dead
    ok(run("declare", path, "cy", "attack", "orc"))
    ok(run("declare", path, "orc", "attack", "ann"))


def test_resolve_four_declarations_in_order_one_illegal_is_skipped(run, five_fight):
    path = five_fight
    declare_four(run, path)
    v = state(path)["version"]
    # Ann: d20 15, 1d8 5 (+12 = 17: Gob dead); Bo: nothing rolled; Cy: d20 15, 1d6 4;
    # Gob: dead, skipped; Orc: d20 15, 1d12 6.
    r = ok(run("resolve", path, "--dice", "15,5,15,4,15,6", "--format", "json"))
    data = r.json()
    assert "unused_dice" not in data
    attacks = events(r, "AttackRolled")
    assert [(e["attacker"], e["target"]) for e in attacks] == [
        ("ann", "gob"), ("cy", "orc"), ("orc", "ann")]
    assert [faces(e["roll"]) for e in attacks] == [[15], [15], [15]]
    (skipped,) = events(r, "DeclarationSkipped")
    assert skipped["who"] == "bo"
    assert "dead" in skipped["reason"].lower()
    kinds = [(e["type"], e.get("who") or e.get("attacker")) for e in data["events"]]
    assert kinds.index(("DeclarationSkipped", "bo")) < kinds.index(("AttackRolled", "cy"))
    # the reason is in the post, in words
    text = data["text"]
    (line,) = [ln for ln in text.splitlines() if "Bo" in ln and "skipped" in ln]
    assert "dead" in line
    # the outcome in the file
    p = people(path)
    assert p["gob"]["status"] == "dead"
    assert p["orc"]["hp"] == 26
    assert p["ann"]["hp"] == 14
    assert p["bo"]["hp"] == 20 and p["cy"]["hp"] == 20
    st = state(path)
    assert st["version"] == v + 1  # one command, one post
    assert declarations(path) == {}


def test_resolve_illegal_declaration_is_not_an_error_in_plain_text(run, five_fight):
    path = five_fight
    declare_four(run, path)
    r = run("resolve", path, "--dice", "15,5,15,4,15,6")
    assert r.code == 0, r.err
    assert re.search(r"Bo.*skipped.*dead", r.out)
    assert "unused" not in r.err


def test_resolve_ends_each_turn_and_stops_at_end_of_round(run, five_fight):
    path = five_fight
    declare_four(run, path)
    r = ok(run("resolve", path, "--dice", "15,5,15,4,15,6", "--format", "json"))
    turns = [e["who"] for e in events(r, "TurnStarted")]
    assert turns == ["bo", "cy", "orc", "ann"]  # the last: round 2 begins, nothing more
    assert [e["who"] for e in events(r, "TurnEnded")] == ["ann", "bo", "cy", "orc"]
    assert [e["round"] for e in events(r, "RoundStarted")] == [2]
    st = state(path)
    assert (st["phase"], st["round"], st["turn"]) == ("combat", 2, "ann")
    # Ann has not acted in round 2: her standard action is still available
    assert run("attack", path, "ann", "orc", "--dice", "2").code == 0


def test_resolve_post_mentions_the_next_player(run, encounter):
    path = encounter(five(top='mention = "ping:{player}"'))
    ok(run("roll-initiative", path, "--dice", "10,10,10,10,10"))
    ok(run("declare", path, "orc", "attack", "cy"))
    r = ok(run("resolve", path, "--dice", "15,6"))
    lines = r.out.splitlines()
    # the post names whose turn it is and mentions the player who acts next (R-OUT-4); the
    # players whose turns the same post resolved are not pinged (issue 25)
    assert any("Ann" in ln and "ping:AnnP" in ln for ln in lines)
    assert any("It is Bo's turn" in ln for ln in lines) and "ping:BoP" not in r.out
    assert "ping:AnnP" in r.out.rsplit("Orc", 1)[1]  # Ann's turn starts after Orc's


def test_resolve_before_initiative_refused(run, encounter):
    path = encounter(five())
    ok(run("roll", path, "1d20"))
    before = snapshot(path)
    r = run("resolve", path)
    assert r.code == 3
    assert re.search(r"R-[A-Z]+-\d", r.err)
    assert snapshot(path) == before


# -- rules.default_action -----------------------------------------------------------------------


def archers(default_action: str) -> str:
    """Grid: two PCs, an archer that can shoot both (Near is nearer), a brute that reaches
    nobody. Faces 10 give the order far, near, archer, brute."""
    return fight(
        armed_person("far", "heroes", 3, pc=True, player="F", pos=(6, 0)),
        armed_person("near", "heroes", 2, pc=True, player="N", pos=(3, 0)),
        armed_person("archer", "monsters", 1, weapon=("bow", "1d6", 4), kind="ranged", rng=10,
               pos=(0, 0)),
        armed_person("brute", "monsters", 0, pos=(9, 9)),
        rules=f'default_action = "{default_action}"')


def test_default_action_skip_nobody_acts(run, encounter):
    path = encounter(archers("skip"))
    ok(run("roll-initiative", path, "--dice", "10,10,10,10"))
    assert state(path)["order"] == ["far", "near", "archer", "brute"]
    before = people(path)
    r = ok(run("resolve", path, "--format", "json"))
    assert events(r, "AttackRolled") == []
    assert events(r, "Moved") == []
    assert doc(path).get("dice", {}).get("n", 0) == 0  # nothing rolled
    after = people(path)
    assert {k: c["hp"] for k, c in after.items()} == {k: c["hp"] for k, c in before.items()}
    st = state(path)
    assert (st["round"], st["turn"]) == (2, "far")


def test_default_action_attack_nearest_for_non_pcs(run, encounter):
    path = encounter(archers("attack-nearest"))
    ok(run("roll-initiative", path, "--dice", "10,10,10,10"))
    r = ok(run("resolve", path, "--dice", "15,2", "--format", "json"))
    attacks = events(r, "AttackRolled")
    # PCs without a declaration skip; the archer shoots the nearest enemy; the brute
    # reaches nobody and does nothing
    assert [(e["attacker"], e["target"]) for e in attacks] == [("archer", "near")]
    assert "unused_dice" not in r.json()
    assert people(path)["near"]["hp"] == 18
    assert people(path)["far"]["hp"] == 20
    st = state(path)
    assert (st["round"], st["turn"]) == (2, "far")


def test_default_action_does_not_override_a_declaration(run, encounter):
    path = encounter(archers("attack-nearest"))
    ok(run("roll-initiative", path, "--dice", "10,10,10,10"))
    ok(run("declare", path, "archer", "attack", "far"))
    r = ok(run("resolve", path, "--dice", "15,2", "--format", "json"))
    assert [(e["attacker"], e["target"]) for e in events(r, "AttackRolled")] == [
        ("archer", "far")]
    assert people(path)["far"]["hp"] == 18


# -- --if-idle (cron) ---------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["next", "resolve"])
def test_if_idle_before_the_deadline_does_nothing(run, five_fight, command):
    path = five_fight
    assert started(path) == T0_DT  # the turn start time is recorded
    ok(run("declare", path, "ann", "attack", "gob"))
    before = snapshot(path)
    for moment in (T0_DT, T0_DT + timedelta(hours=47, minutes=59, seconds=59)):
        r = run(command, path, "--if-idle", "48h", now=iso(moment))
        assert r.code == 0, r.err
        assert (r.out, r.err) == ("", "")  # nothing printed
        assert snapshot(path) == before


@pytest.mark.parametrize("command", ["next", "resolve"])
def test_if_idle_after_the_deadline_acts(run, five_fight, command):
    path = five_fight
    ok(run("declare", path, "ann", "attack", "gob", "--weapon", "sword"))
    v = state(path)["version"]
    later = T0_DT + timedelta(hours=48)
    r = run(command, path, "--if-idle", "48h", "--dice", "15,5", now=iso(later))
    assert r.code == 0, r.err
    assert r.out.strip()
    st = state(path)
    assert st["version"] == v + 1
    if command == "next":
        assert st["turn"] == "bo"
        assert people(path)["gob"]["hp"] == 1  # `next` does not resolve declarations
    else:
        assert (st["round"], st["turn"]) == (2, "ann")
        assert people(path)["gob"]["status"] == "dead"
    assert started(path) == later  # the new turn's start is recorded


def test_if_idle_counts_from_the_current_turn_start(run, five_fight):
    path = five_fight
    t1 = T0_DT + timedelta(hours=30)
    ok(run("next", path, now=iso(t1)))
    assert started(path) == t1
    before = snapshot(path)
    # 48 h after combat began, but only 18 h after Bo's turn began
    r = run("next", path, "--if-idle", "48h", now=iso(T0_DT + timedelta(hours=48)))
    assert (r.code, r.out) == (0, "")
    assert snapshot(path) == before
    r = run("next", path, "--if-idle", "48h", now=iso(t1 + timedelta(hours=48)))
    assert r.code == 0 and r.out.strip()
    assert state(path)["turn"] == "cy"


def test_if_idle_malformed_duration_is_usage_error(run, five_fight):
    before = snapshot(five_fight)
    r = run("next", five_fight, "--if-idle", "soon")
    assert r.code == 2
    assert snapshot(five_fight) == before


# -- rules.turn_deadline ------------------------------------------------------------------------


def test_turn_deadline_in_show_and_turn_header(run, encounter):
    path = encounter(five(rules='turn_deadline = "48h"'))
    r = ok(run("roll-initiative", path, "--dice", "10,10,10,10,10", now=NOW))
    due = r"2026-12-01[ T]12:00"
    # R-OUT-9: the post that starts round 1 is headed by the phase it resolved; the line that
    # starts the turn shows the deadline, once
    assert len(re.findall(due, r.out)) == 1 and not re.search(due, r.out.splitlines()[0])
    show = ok(run("show", path))
    assert re.search(due, show.out.splitlines()[0])
    t1 = T0_DT + timedelta(hours=20, minutes=30)
    r = ok(run("next", path, now=iso(t1)))
    header = r.out.splitlines()[0]
    assert "Bo" in header
    assert re.search(r"2026-12-02[ T]08:30", header)
    assert not re.search(due, header)
    assert len(re.findall(r"2026-12-02[ T]08:30", r.out)) == 1  # R-OUT-9: once per post
    assert re.search(r"2026-12-02[ T]08:30", ok(run("show", path)).out)


def test_no_deadline_without_turn_deadline(run, five_fight):
    show = ok(run("show", five_fight))
    assert "2026-12-01" not in show.out
    assert "deadline" not in show.out.lower()


# -- R-TRN-7: delay and act through resolve --------------------------------------------------


def test_R_TRN_7_declared_delay_takes_the_turn_at_round_end(run, five_fight):
    path = five_fight
    ok(run("declare", path, "ann", "delay"))
    ok(run("declare", path, "orc", "attack", "bo"))
    r = ok(run("resolve", path, "--dice", "15,3", "--format", "json"))
    assert [e["who"] for e in events(r, "Delayed")] == ["ann"]
    turns = [e["who"] for e in events(r, "TurnStarted")]
    # Bo..Orc act, then Ann (still delaying at the round's end) takes her turn, then round 2
    assert turns == ["bo", "cy", "gob", "orc", "ann", "bo"]
    assert [e["who"] for e in events(r, "DelayEnded")] == ["ann"]
    assert people(path)["bo"]["hp"] == 17
    st = state(path)
    assert st["order"] == ["bo", "cy", "gob", "orc", "ann"]  # her place becomes the last
    assert (st["round"], st["turn"]) == (2, "bo")
    assert st.get("delaying", []) == []


def test_R_TRN_7_act_then_resolve_the_rest_of_the_round(run, five_fight):
    path = five_fight
    ok(run("declare", path, "ann", "attack", "orc"))
    ok(run("declare", path, "cy", "attack", "orc"))
    ok(run("delay", path, "ann"))
    assert state(path)["turn"] == "bo"
    ok(run("act", path, "ann"))
    st = state(path)
    assert st["turn"] == "ann"
    assert st["order"] == ["bo", "ann", "cy", "gob", "orc"]  # just after Bo
    r = ok(run("resolve", path, "--dice", "15,1,15,2", "--format", "json"))
    assert [(e["attacker"], e["target"]) for e in events(r, "AttackRolled")] == [
        ("ann", "orc"), ("cy", "orc")]
    assert people(path)["orc"]["hp"] == 30 - 13 - 2
    st = state(path)
    assert (st["round"], st["turn"]) == (2, "bo")
    assert [e["who"] for e in events(r, "TurnStarted")] == ["cy", "gob", "orc", "bo"]


def test_resolve_stops_when_the_combat_ends(run, encounter):
    path = encounter(fight(
        armed_person("ann", "heroes", 4, pc=True, player="AnnP", weapon=("sword", "1d8+12", 5)),
        armed_person("gob", "monsters", 1, hp=1, defense=12)))
    ok(run("roll-initiative", path, "--dice", "10,10"))
    ok(run("declare", path, "ann", "attack", "gob"))
    ok(run("declare", path, "gob", "attack", "ann"))
    r = ok(run("resolve", path, "--dice", "15,5", "--format", "json"))
    assert [e["attacker"] for e in events(r, "AttackRolled")] == ["ann"]
    (end,) = events(r, "CombatEnded")
    assert end["winner"] == "heroes"
    assert "heroes" in r.json()["text"]
    assert state(path)["phase"] == "ended"
    assert people(path)["ann"]["hp"] == 20


def test_resolve_declared_move_and_out_of_radius_intercept(run, encounter):
    path = encounter(archers("skip"))
    ok(run("roll-initiative", path, "--dice", "10,10,10,10"))
    ok(run("declare", path, "far", "intercept", "near"))  # Near is 3 squares away: no guard
    ok(run("declare", path, "near", "move", "4,0"))
    r = ok(run("resolve", path, "--format", "json"))
    (skipped,) = events(r, "DeclarationSkipped")
    assert skipped["who"] == "far"
    assert skipped["reason"]
    assert re.search(r"Far.*skipped", r.json()["text"])
    assert events(r, "GuardStarted") == []
    assert people(path)["near"]["position"] == [4, 0]
    assert "guarding" not in people(path)["far"]
    assert (state(path)["round"], state(path)["turn"]) == (2, "far")
