"""R-ORD-5…8: declarations with `--else` fallbacks and `then` plans, `attack --approach`, moves
by orders along the R-GEO-8 path-finder, and decisive odds on the example encounters."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from helpers import ENCOUNTERS, fight, fighter, ok, people, state


def board(*extra: str, aldric: dict[str, Any] | None = None) -> str:
    """Aldric (PC, a sword of reach 1, speed 30 = 6 squares) at 0,0; Grak at 5,0 (out of
    reach), Snag at 1,1 (adjacent), both 5 hp, Defense 12; declared rounds."""
    return fight(fighter("aldric", "party", (0, 0), pc=True, player="K", hp=20,
                         **(aldric or {})),
                 fighter("grak", "orcs", (5, 0), hp=5),
                 fighter("snag", "orcs", (1, 1), hp=5),
                 *extra, rules='flow = "declared"')


def started(run: Any, encounter: Any, text: str) -> Path:
    path = encounter(text)
    ok(run("roll-initiative", path, "--dice", ",".join(["20"] + ["1"] * 9)))
    assert state(path)["turn"] == "aldric"
    return path


def moved_to(r: Any) -> list[list[int]]:
    return [e["path"][-1] for e in r.json()["events"] if e["type"] == "Moved"]


# -- R-ORD-5: --else ---------------------------------------------------------------------------


def test_R_ORD_5_the_first_legal_plan_is_taken(run: Any, encounter: Any) -> None:
    path = started(run, encounter, board())
    ok(run("declare", path, "aldric", "attack", "grak", "--else", "attack", "snag"))
    assert state(path)["declarations"]["aldric"] == ["attack", "grak", "--else", "attack",
                                                     "snag"]
    r = ok(run("resolve", path, "--dice", "15,4"))
    assert people(path)["snag"]["hp"] < 5 and people(path)["grak"]["hp"] == 5
    assert "skipped" not in r.out


def test_R_ORD_5_the_first_plan_stands_when_legal(run: Any, encounter: Any) -> None:
    path = started(run, encounter, board())
    ok(run("declare", path, "aldric", "attack", "snag", "--else", "move", "0,3"))
    ok(run("resolve", path, "--dice", "15,4"))
    assert people(path)["snag"]["hp"] < 5 and people(path)["aldric"]["position"] == [0, 0]


def test_R_ORD_5_no_legal_plan_is_skipped_then_orders_act(run: Any, encounter: Any) -> None:
    text = board(aldric={"orders": ["attack-nearest"]})
    path = started(run, encounter, text)
    ok(run("declare", path, "aldric", "attack", "grak", "--else", "attack", "grak",
           "--weapon", "sword"))
    r = ok(run("resolve", path, "--dice", "15,4"))
    assert "declared action" in r.out and "is skipped" in r.out  # narrated as skipped
    assert people(path)["snag"]["hp"] < 5  # … and its standing orders attacked the nearest


@pytest.mark.parametrize("argv", [["attack", "grak", "--else"], ["--else", "attack", "grak"],
                                  ["attack", "grak", "then"], ["attack", "grak", "then",
                                                                "--else", "move", "1,0"],
                                  ["attack", "grak", "--else", "move", "nowhere"]])
def test_R_ORD_5_6_bad_plans_are_usage_errors(run: Any, encounter: Any,
                                              argv: list[str]) -> None:
    path = started(run, encounter, board())
    r = run("declare", path, "aldric", *argv)
    assert r.code == 2, r.err
    assert "declarations" not in state(path)


# -- R-ORD-6: then -----------------------------------------------------------------------------


def test_R_ORD_6_move_then_attack_in_one_turn(run: Any, encounter: Any) -> None:
    path = started(run, encounter, board())
    ok(run("declare", path, "aldric", "move", "4,0", "then", "attack", "grak"))
    r = ok(run("resolve", path, "--dice", "15,4", "--format", "json"))
    assert moved_to(r) == [[4, 0]]
    assert people(path)["grak"]["hp"] < 5


def test_R_ORD_6_a_plan_is_cut_short_when_its_second_act_becomes_illegal(
        run: Any, encounter: Any) -> None:
    path = started(run, encounter, board())
    ok(run("declare", path, "aldric", "attack", "snag", "then", "attack", "grak"))
    r = ok(run("resolve", path, "--dice", "15,4"))
    assert people(path)["snag"]["hp"] < 5  # the first act stands
    assert people(path)["grak"]["hp"] == 5
    assert "plan stops at act 2" in r.out


def test_R_ORD_6_orders_plans_then(run: Any, encounter: Any) -> None:
    text = board(aldric={"orders": ["move 4,0 then attack grak"]}).replace(
        'flow = "declared"', 'idle_action = "orders"')
    path = started(run, encounter, text)
    ok(run("next", path, "--if-idle", "0s", "--dice", "15,4"))
    assert people(path)["aldric"]["position"] == [4, 0] and people(path)["grak"]["hp"] < 5


def test_R_ORD_6_narrated_in_both_languages(run: Any, encounter: Any) -> None:
    path = started(run, encounter, board())
    r = ok(run("declare", path, "aldric", "move", "4,0", "then", "attack", "grak", "--else",
               "attack", "snag"))
    assert "move to (4,0), then attack grak; if not, attack snag" in r.out
    r = ok(run("declare", path, "aldric", "move", "4,0", "then", "attack", "grak", "--lang",
               "es"))
    assert "moverse a (4,0), después atacar a grak" in r.out


# -- R-ORD-7: --approach -----------------------------------------------------------------------


def test_R_ORD_7_approach_from_out_of_reach_moves_then_attacks(run: Any,
                                                                encounter: Any) -> None:
    path = started(run, encounter, board().replace('flow = "declared"', ""))
    r = ok(run("attack", path, "aldric", "grak", "--approach", "--no-aoo", "snag", "--dice",
               "15,4", "--format", "json"))
    # the cheapest squares from which the sword reaches cost 4: (4,-1), (4,0), (4,1); with
    # Snag declining, none of the paths leaves a threatened square: the first in (x, y) order
    assert moved_to(r) == [[4, -1]]
    assert people(path)["grak"]["hp"] < 5


def test_R_ORD_7_approach_in_reach_does_not_move(run: Any, encounter: Any) -> None:
    path = started(run, encounter, board().replace('flow = "declared"', ""))
    r = ok(run("attack", path, "aldric", "snag", "--approach", "--dice", "15,4", "--format",
               "json"))
    assert moved_to(r) == [] and people(path)["snag"]["hp"] < 5


def test_R_ORD_7_approach_beyond_one_move_is_refused(run: Any, encounter: Any) -> None:
    text = board().replace("position = [5, 0]", "position = [12, 0]").replace(
        'flow = "declared"', "")
    path = started(run, encounter, text)
    before = path.read_bytes()
    r = run("attack", path, "aldric", "grak", "--approach")
    assert r.code == 3 and "R-ORD-7" in r.err
    assert path.read_bytes() == before


def test_R_ORD_7_full_attack_approaches_by_a_5_ft_step_only(run: Any,
                                                             encounter: Any) -> None:
    text = board().replace("position = [5, 0]", "position = [2, 0]").replace(
        "position = [1, 1]", "position = [0, 5]").replace('flow = "declared"', "")
    path = started(run, encounter, text)
    r = ok(run("attack", path, "aldric", "grak", "--full", "--approach", "--dice", "15,4",
               "--format", "json"))
    moved = [e for e in r.json()["events"] if e["type"] == "Moved"]
    assert [m["path"][-1] for m in moved] == [[1, -1]] and moved[0].get("step")  # (x, y) first
    far = started(run, encounter, board().replace('flow = "declared"', ""))
    r = run("attack", far, "aldric", "grak", "--full", "--approach")
    assert r.code == 3 and "R-ORD-7" in r.err


def test_R_ORD_7_orders_attack_nearest_approaches(run: Any, encounter: Any) -> None:
    text = board(aldric={"orders": ["attack weakest"]}).replace(
        "position = [1, 1]", "position = [9, 9]").replace('flow = "declared"',
                                                          'idle_action = "orders"')
    path = started(run, encounter, text)
    r = ok(run("next", path, "--if-idle", "0s", "--dice", "15,4", "--format", "json"))
    assert moved_to(r) == [[4, -1]] and people(path)["grak"]["hp"] < 5


# -- R-GEO-8 in orders: around and through friends --------------------------------------------


def test_R_GEO_8_orders_walk_around_a_friend_in_the_way(run: Any, encounter: Any) -> None:
    """The mill fight's stuck goblin: its friend stands on the straight line to the hero.
    The cheapest legal path leads around it to a free square next to the hero (R-ORD-8)."""
    text = fight(fighter("hero", "party", (0, 0), pc=True, hp=30),
                 fighter("front", "orcs", (1, 0), hp=30, orders="skip", initiative_mod=1),
                 fighter("back", "orcs", (3, 0), hp=30, orders="attack-nearest"),
                 rules='idle_action = "orders"')
    path = encounter(text)
    ok(run("roll-initiative", path, "--dice", "10,10,20"))
    assert state(path)["turn"] == "back"
    r = ok(run("next", path, "--if-idle", "0s", "--dice", "15,4", "--format", "json"))
    assert moved_to(r) == [[1, -1]]  # cost 2, like (1,1): the first in (x, y) order
    assert people(path)["hero"]["hp"] < 30


# -- R-ORD-8: decisive odds ----------------------------------------------------------------------


def undecided(run: Any, path: Path) -> float:
    r = ok(run("odds", path, "--runs", 300, "--seed", "00", "--jobs", "1", "--format", "json"))
    share: float = r.json()["odds"]["undecided"]["share"]
    return share


def test_R_ORD_8_odds_are_decisive_on_the_goblin_ambush(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "goblin-ambush.toml"
    shutil.copyfile(ENCOUNTERS / "goblin-ambush.toml", path)
    assert undecided(run, path) <= 0.02


def test_R_ORD_8_odds_are_decisive_on_the_mill_fight_with_the_party(run: Any,
                                                                     tmp_path: Path) -> None:
    for name in ("mill-fight.toml", "party.toml"):
        shutil.copyfile(ENCOUNTERS / name, tmp_path / name)
    path = tmp_path / "mill-fight.toml"
    ok(run("add", path, "--from", tmp_path / "party.toml", "--at", "2,2", "--at", "1,3",
           "--at", "1,2"))
    assert undecided(run, path) <= 0.02
