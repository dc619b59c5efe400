"""Rounds and turns (R-TRN-1..7) and the turn post's mention (R-OUT-4)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import (
    aoos,
    assert_refused,
    counter,
    events,
    fight,
    people,
    person,
    roll_init,
    snapshot,
    state,
)

# -- helpers -------------------------------------------------------------------------------


def step(run: Any, path: Path, *args: str) -> Any:
    r = run("next", path, *args)
    assert r.code == 0, r.err
    return r


def three() -> str:
    return fight(person("a", "heroes"), person("b", "heroes"), person("c", "monsters"))


# -- R-TRN-1 / R-TRN-4: order and rounds ----------------------------------------------------------


def test_R_TRN_1_each_gets_one_turn_per_round_in_order(run, encounter):
    path = encounter(three())
    roll_init(run, path, "15,10,5")
    st = state(path)
    assert (st["phase"], st["round"], st["turn"]) == ("combat", 1, "a")
    seen = []
    for _ in range(6):
        step(run, path)
        st = state(path)
        seen.append((st["round"], st["turn"]))
    assert seen == [(1, "b"), (1, "c"), (2, "a"), (2, "b"), (2, "c"), (3, "a")]


def test_R_TRN_4_new_round_post_and_turn_post(run, encounter):
    path = encounter(three())
    roll_init(run, path, "15,10,5")
    step(run, path)
    step(run, path)
    r = step(run, path, "--format", "json")
    (rs,) = events(r, "RoundStarted")
    assert rs["round"] == 2
    (ts,) = events(r, "TurnStarted")
    assert ts["who"] == "a"
    assert "Round 2" in r.json()["text"]


def test_R_TRN_4_next_before_initiative_refused(run, encounter):
    path = encounter(three())
    assert run("roll", path, "1d20").code == 0  # the file now has a sidecar too
    before = snapshot(path)
    r = run("next", path)
    assert r.code == 3
    assert re.search(r"R-(INI|TRN)-\d", r.err)
    assert snapshot(path) == before


def skip_fight(**rules: Any) -> str:
    return fight(person("a", "heroes"),
                 person("d", "heroes", hp=-3),                      # dying
                 person("s", "heroes", hp=-3, status="stable"),     # stable
                 person("x", "monsters", hp=-10),                   # dead
                 person("m", "monsters"),
                 rules="\n".join(f"{k} = {json.dumps(v)}" for k, v in rules.items()))


def test_R_TRN_4_skips_dying_stable_and_dead(run, encounter):
    path = encounter(skip_fight())
    roll_init(run, path, "20,15,12,10,5")
    assert state(path)["order"] == ["a", "d", "s", "x", "m"]
    assert state(path)["turn"] == "a"
    r = step(run, path, "--dice", "50", "--format", "json")
    assert "unused_dice" not in r.json()
    assert state(path)["turn"] == "m"
    assert counter(path) == 0  # exactly one die (d's bleeding check), supplied
    started = [e["who"] for e in events(r, "TurnStarted")]
    assert started == ["m"]
    assert people(path)["d"]["hp"] == -4  # 50 > 10: loses 1
    r = step(run, path, "--format", "json")
    st = state(path)
    assert (st["round"], st["turn"]) == (2, "a")


def test_R_TRN_4_dying_bleeds_before_being_skipped(run, encounter):
    path = encounter(skip_fight())
    roll_init(run, path, "20,15,12,10,5")
    r = step(run, path, "--dice", "7", "--format", "json")
    assert people(path)["d"]["status"] == "stable"
    assert people(path)["d"]["hp"] == -3
    kinds = [e["type"] for e in r.json()["events"]]
    assert "BleedRolled" in kinds
    assert kinds.index("BleedRolled") < kinds.index("TurnStarted")


def test_R_TRN_4_skip_without_bleeding_rule(run, encounter):
    path = encounter(skip_fight(dying_bleed=False))
    roll_init(run, path, "20,15,12,10,5")
    step(run, path)
    assert state(path)["turn"] == "m"
    assert people(path)["d"]["hp"] == -3
    assert counter(path) == 0


def test_R_TRN_4_new_round_resets_5ft_step(run, encounter):
    path = encounter(fight(person("a", "heroes", position=[0, 0]),
                           person("m", "monsters", position=[10, 0])))
    roll_init(run, path, "15,5")
    assert run("move", path, "a", "0,1", "--step").code == 0
    before = snapshot(path)
    r = run("move", path, "a", "0,2", "--step")
    assert_refused(r, "R-TRN-2", path, before)
    step(run, path)
    step(run, path)
    assert state(path)["round"] == 2
    r = run("move", path, "a", "0,2", "--step")
    assert r.code == 0, r.err
    assert people(path)["a"]["position"] == [0, 2]


def test_R_TRN_4_new_turn_resets_actions(run, encounter):
    path = encounter(fight(person("a", "heroes"), person("m", "monsters", defense=30, hp=50)))
    roll_init(run, path, "15,5")
    assert run("attack", path, "a", "m", "--dice", "2").code == 0
    before = snapshot(path)
    assert_refused(run("attack", path, "a", "m", "--dice", "2"), "R-TRN-3", path, before)
    step(run, path)
    step(run, path)
    assert run("attack", path, "a", "m", "--dice", "2").code == 0


def test_R_TRN_3_not_your_turn_refused(run, encounter):
    path = encounter(three())
    roll_init(run, path, "15,10,5")
    before = snapshot(path)
    r = run("attack", path, "c", "a", "--dice", "10,3")
    assert_refused(r, "R-TRN-3", path, before)


# -- R-TRN-5: flat-footed ends at the start of one's own regular turn ---------------------------


def test_R_TRN_5_flat_footed_ends_at_own_turn_start(run, encounter):
    path = encounter(three())
    roll_init(run, path, "15,10,5")
    ff = {k: v.get("flat_footed") for k, v in people(path).items()}
    assert ff == {"a": False, "b": True, "c": True}
    step(run, path)
    assert people(path)["b"]["flat_footed"] is False
    assert people(path)["c"]["flat_footed"] is True
    step(run, path)
    assert people(path)["c"]["flat_footed"] is False


def test_R_TRN_5_surprise_turn_does_not_end_flat_footed(run, encounter):
    path = encounter(fight(person("a", "heroes"), person("m", "monsters", aware=False)))
    roll_init(run, path, "15,5")
    assert state(path)["phase"] == "surprise"
    assert state(path)["turn"] == "a"
    assert people(path)["a"]["flat_footed"] is True
    step(run, path)  # round 1 starts with a
    st = state(path)
    assert (st["round"], st["turn"]) == (1, "a")
    assert people(path)["a"]["flat_footed"] is False
    assert people(path)["m"]["flat_footed"] is True


# -- R-TRN-6: the end of combat -------------------------------------------------------------------


def duo(**orc: Any) -> str:
    return fight(person("hero", "party", hp=20), person("orc", "horde", **orc))


def test_R_TRN_6_ends_when_one_side_left_and_names_winner(run, encounter):
    path = encounter(duo())
    roll_init(run, path, "15,5")
    assert run("hp", path, "orc", "-20").code == 0
    r = step(run, path, "--format", "json")
    assert state(path)["phase"] == "ended"
    (ended,) = events(r, "CombatEnded")
    assert ended["winner"] == "party"
    assert "party" in r.json()["text"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_R_TRN_6_winner_named_in_post(run, encounter, lang):
    path = encounter(duo())
    roll_init(run, path, "15,5")
    run("hp", path, "orc", "-14")  # dying: no longer able to act
    r = step(run, path, "--format", "bbcode", "--lang", lang)
    assert state(path)["phase"] == "ended"
    assert "party" in r.out


def test_R_TRN_6_disabled_still_counts_as_able(run, encounter):
    path = encounter(duo())
    roll_init(run, path, "15,5")
    run("hp", path, "orc", "-10")  # hp 0: disabled, can still act
    step(run, path)
    st = state(path)
    assert (st["phase"], st["turn"]) == ("combat", "orc")


def test_R_TRN_6_stable_does_not_count(run, encounter):
    path = encounter(fight(person("hero", "party"), person("orc", "horde"),
                           person("gob", "horde", hp=-2, status="stable")))
    roll_init(run, path, "15,5,3")
    run("hp", path, "orc", "-30")
    step(run, path)
    assert state(path)["phase"] == "ended"


def test_R_TRN_6_ends_with_nobody_left(run, encounter):
    path = encounter(duo())
    roll_init(run, path, "15,5")
    run("hp", path, "orc,hero", "-30")
    r = step(run, path, "--format", "json")
    assert state(path)["phase"] == "ended"
    (ended,) = events(r, "CombatEnded")
    assert not ended["winner"]
    text = r.json()["text"]
    assert "party" not in text and "horde" not in text


def test_R_TRN_6_end_by_hand(run, encounter):
    path = encounter(duo())
    roll_init(run, path, "15,5")
    r = run("end", path, "--format", "json")
    assert r.code == 0, r.err
    st = state(path)
    assert st["phase"] == "ended"
    assert st["turn"] == ""
    assert events(r, "CombatEnded")


def test_R_TRN_6_actions_after_end_refused(run, encounter):
    path = encounter(duo())
    roll_init(run, path, "15,5")
    assert run("end", path).code == 0
    before = snapshot(path)
    for cmd, *rest in [
        ("next",),
        ("end",),
        ("roll-initiative",),
        ("roll-initiative", "--reroll"),
        ("attack", "hero", "orc", "--dice", "15,3"),
        ("delay", "hero"),
        ("act", "hero"),
        ("move", "hero", "--away"),
    ]:
        r = run(cmd, path, *rest)
        assert r.code == 3, (cmd, r.code, r.err)
        assert "R-TRN-6" in r.err, (cmd, r.err)
        assert snapshot(path) == before, cmd


def test_R_TRN_6_next_after_natural_end_refused(run, encounter):
    path = encounter(duo())
    roll_init(run, path, "15,5")
    run("hp", path, "orc", "-20")
    step(run, path)
    before = snapshot(path)
    assert_refused(run("next", path), "R-TRN-6", path, before)


# -- R-TRN-7: delay and act -----------------------------------------------------------------------


def test_R_TRN_7_delay_then_act_takes_place_after_current(run, encounter):
    path = encounter(three())
    roll_init(run, path, "15,10,5")
    r = run("delay", path, "a")
    assert r.code == 0, r.err
    assert state(path)["turn"] == "b"
    r = run("act", path, "a")
    assert r.code == 0, r.err
    st = state(path)
    assert st["turn"] == "a"
    assert st["order"] == ["b", "a", "c"]
    step(run, path)
    assert state(path)["turn"] == "c"
    step(run, path)
    st = state(path)
    assert (st["round"], st["turn"]) == (2, "b")
    step(run, path)
    assert state(path)["turn"] == "a"


def test_R_TRN_7_delayer_acts_last_at_round_end(run, encounter):
    path = encounter(three())
    roll_init(run, path, "15,10,5")
    assert run("delay", path, "a").code == 0
    step(run, path)
    assert state(path)["turn"] == "c"
    step(run, path)
    st = state(path)
    assert (st["round"], st["turn"]) == (1, "a")
    assert st["order"] == ["b", "c", "a"]
    step(run, path)
    st = state(path)
    assert (st["round"], st["turn"]) == (2, "b")


def test_R_TRN_7_delay_only_on_own_turn(run, encounter):
    path = encounter(three())
    roll_init(run, path, "15,10,5")
    before = snapshot(path)
    assert_refused(run("delay", path, "b"), "R-TRN-7", path, before)


def test_R_TRN_7_act_only_while_delaying(run, encounter):
    path = encounter(three())
    roll_init(run, path, "15,10,5")
    before = snapshot(path)
    assert_refused(run("act", path, "c"), "R-TRN-7", path, before)


def test_R_TRN_7_act_later_in_round_after_other_turns(run, encounter):
    path = encounter(fight(person("a", "heroes"), person("b", "heroes"),
                           person("c", "monsters"), person("d", "monsters")))
    roll_init(run, path, "20,15,10,5")
    assert run("delay", path, "a").code == 0
    step(run, path)  # b → c
    assert state(path)["turn"] == "c"
    assert run("act", path, "a").code == 0
    assert state(path)["order"] == ["b", "c", "a", "d"]
    step(run, path)
    assert state(path)["turn"] == "d"


# -- R-OUT-4: the turn post names whose turn it is and mentions the player ----------------------


def test_R_OUT_4_turn_post_mentions_player(run, encounter):
    path = encounter(fight(person("hero", "party", player="Kelmor"), person("orc", "horde")))
    r = run("roll-initiative", path, "--dice", "15,5", "--format", "plain")
    assert r.code == 0
    assert "Hero" in r.out and "@Kelmor" in r.out
    step(run, path)
    r = step(run, path, "--format", "plain")
    assert "Hero" in r.out
    assert "@Kelmor" in r.out


def test_R_OUT_4_no_mention_without_player(run, encounter):
    path = encounter(fight(person("hero", "party", player="Kelmor"), person("orc", "horde")))
    roll_init(run, path, "15,5")
    r = step(run, path, "--format", "plain")
    assert "Orc" in r.out
    assert "@" not in r.out


@pytest.mark.parametrize("template,expected", [
    ("{player}, your move", "Kelmor, your move"),
    ("<@{player}>", "<@Kelmor>"),
])
def test_R_OUT_4_mention_template_from_file(run, encounter, template, expected):
    path = encounter(fight(person("hero", "party", player="Kelmor"), person("orc", "horde"),
                           top=f"mention = {json.dumps(template)}"))
    roll_init(run, path, "5,15")
    r = step(run, path, "--format", "plain")
    assert expected in r.out
    assert "@Kelmor" not in r.out.replace("<@Kelmor>", "")


@pytest.mark.parametrize("lang,phrase", [("en", "turn"), ("es", "turno")])
def test_R_OUT_4_turn_post_in_language(run, encounter, lang, phrase):
    path = encounter(fight(person("hero", "party", player="Kelmor"), person("orc", "horde")))
    roll_init(run, path, "5,15")
    r = step(run, path, "--format", "plain", "--lang", lang)
    assert phrase in r.out.lower()
    assert "Hero" in r.out and "@Kelmor" in r.out


def test_R_OUT_4_player_handle_cannot_become_markup(run, encounter):
    path = encounter(fight(person("hero", "party", player="K[b]el"), person("orc", "horde")))
    roll_init(run, path, "5,15")
    r = step(run, path, "--format", "bbcode")
    assert "[b]el" not in r.out
    assert "@K［b］el" in r.out


def aoo_trio() -> str:
    return fight(person("orc", "monsters", position=[1, 0]),
                 person("hero", "heroes", hp=30, position=[0, 0]),
                 person("ally", "heroes", hp=30, position=[2, 0]),
                 rules="aoo_engages = false")


def aoo_attackers(r: Any) -> list[str]:
    """Who made the attacks of opportunity rolled."""
    return [e["attacker"] for e in aoos(r)]


def test_R_TRN_4_aoo_allowance_is_once_per_round(run, encounter):
    path = encounter(aoo_trio())
    roll_init(run, path, "20,10,5")  # orc, hero, ally
    step(run, path)  # the orc's turn ends: it is no longer flat-footed
    r = run("move", path, "hero", "-1,0", "--dice", "1", "--format", "json")
    assert r.code == 0, r.err
    assert aoo_attackers(r) == ["orc"]
    step(run, path)
    r = run("move", path, "ally", "3,0", "--dice", "1", "--format", "json")
    assert r.code == 0, r.err
    assert aoo_attackers(r) == []


def test_R_TRN_4_new_round_resets_aoo_allowance(run, encounter):
    path = encounter(aoo_trio())
    roll_init(run, path, "20,10,5")
    step(run, path)
    assert run("move", path, "hero", "-1,0", "--dice", "1").code == 0
    step(run, path)  # the ally stays put
    step(run, path)  # round 2: orc
    assert state(path)["round"] == 2
    step(run, path)  # hero
    step(run, path)  # ally
    r = run("move", path, "ally", "3,0", "--dice", "1", "--format", "json")
    assert r.code == 0, r.err
    assert aoo_attackers(r) == ["orc"]


# -- R-TRN-2 / R-TRN-3: what a turn allows ---------------------------------------------------------

ECONOMY = """schema = 1
name = "Economy"
lang = "en"
format = "plain"

[[combatants]]
id = "a"
name = "Archer"
side = "heroes"
defense = 12
hp = 10
position = [0, 0]

[[combatants.weapons]]
id = "bow"
kind = "ranged"
attack = 2
damage = "1d6"
range = 40

[[combatants]]
id = "m"
name = "Monster"
side = "monsters"
defense = 12
hp = 30
position = [10, 10]

[[combatants.weapons]]
id = "club"
attack = 2
damage = "1d6"

[[combatants]]
id = "x"
name = "Corpse"
side = "monsters"
defense = 12
hp = -10
position = [-10, -10]

[[combatants.weapons]]
id = "club"
attack = 2
damage = "1d6"
"""

TRN_ECONOMY_RULE = re.compile(r"R-TRN-[23]")


def economy(run: Any, encounter: Any) -> Path:
    path = encounter(ECONOMY)
    roll_init(run, path, "15,5,1")
    assert state(path)["turn"] == "a"
    return path


def run_ok(run: Any, *args: Any) -> None:
    """Run `args`: exit 0 (helpers.ok checks a result already run)."""
    r = run(*args)
    assert r.code == 0, (args, r.code, r.err)


def refused_turn(run: Any, path: Path, *args: Any) -> None:
    before = snapshot(path)
    r = run(*args)
    assert r.code == 3, (args, r.code, r.err)
    assert TRN_ECONOMY_RULE.search(r.err), r.err
    assert snapshot(path) == before


def test_R_TRN_2_standard_and_move_either_order(run, encounter):
    path = economy(run, encounter)
    run_ok(run, "attack", path, "a", "m", "--dice", "1")
    run_ok(run, "move", path, "a", "0,1")
    refused_turn(run, path, "move", path, "a", "0,2")
    step(run, path)
    step(run, path)  # round 2: a again
    run_ok(run, "move", path, "a", "0,2")
    run_ok(run, "attack", path, "a", "m", "--dice", "1")
    refused_turn(run, path, "attack", path, "a", "m", "--dice", "1")


def test_R_TRN_2_two_moves_then_no_standard(run, encounter):
    path = economy(run, encounter)
    run_ok(run, "move", path, "a", "0,1")
    run_ok(run, "move", path, "a", "0,2")
    refused_turn(run, path, "attack", path, "a", "m", "--dice", "1")
    refused_turn(run, path, "move", path, "a", "0,3")


def test_R_TRN_2_double_move_up_to_twice_speed(run, encounter):
    path = economy(run, encounter)
    run_ok(run, "move", path, "a", "0,12")  # 12 squares = 2 × 30 ft
    assert people(path)["a"]["position"] == [0, 12]
    refused_turn(run, path, "attack", path, "a", "m", "--dice", "1")


def test_R_TRN_2_more_than_double_move_refused(run, encounter):
    path = economy(run, encounter)
    refused_turn(run, path, "move", path, "a", "0,13")


def test_R_TRN_2_run_is_the_whole_turn(run, encounter):
    path = economy(run, encounter)
    run_ok(run, "move", path, "a", "0,-24", "--run")  # 4 × speed, straight
    assert people(path)["a"]["position"] == [0, -24]
    refused_turn(run, path, "move", path, "a", "0,-25")
    refused_turn(run, path, "attack", path, "a", "m", "--dice", "1")


def test_R_TRN_2_step_only_without_other_movement(run, encounter):
    path = economy(run, encounter)
    run_ok(run, "move", path, "a", "0,1", "--step")
    refused_turn(run, path, "move", path, "a", "0,2")
    run_ok(run, "attack", path, "a", "m", "--dice", "1")  # a step leaves the standard action
    step(run, path)
    step(run, path)
    run_ok(run, "move", path, "a", "0,2")
    refused_turn(run, path, "move", path, "a", "0,3", "--step")


def test_R_TRN_3_force_overrides_allowance(run, encounter):
    path = economy(run, encounter)
    run_ok(run, "attack", path, "a", "m", "--dice", "1")
    refused_turn(run, path, "attack", path, "a", "m", "--dice", "1")
    run_ok(run, "attack", path, "a", "m", "--dice", "1", "--force")


def test_R_TRN_3_force_overrides_turn_order(run, encounter):
    path = economy(run, encounter)
    before = snapshot(path)
    r = run("move", path, "m", "10,9")
    assert_refused(r, "R-TRN-3", path, before)
    run_ok(run, "move", path, "m", "10,9", "--force")


def test_R_TRN_3_force_never_lets_the_dead_act(run, encounter):
    path = economy(run, encounter)
    before = snapshot(path)
    r = run("attack", path, "x", "a", "--force", "--dice", "20,20,6")
    assert r.code == 3, (r.code, r.err)
    assert re.search(r"R-(TRN-3|HP-1)", r.err)
    assert snapshot(path) == before
