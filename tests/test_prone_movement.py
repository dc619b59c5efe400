"""R-CND-9: a prone combatant's only movement is crawling one square as a move action (it
provokes as moving does) or standing up; any other move, run, withdraw or 5-ft step is refused
(exit 3, the file unchanged) until it stands. Dice only through --dice."""

from __future__ import annotations

import pytest
from helpers import build, doc, events, melee, ok, pos, refused, roll_init, warrior


def _prone_hero(run, encounter):  # type: ignore[no-untyped-def]
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8+3"), init=2, defense=15),
        warrior("orc", "monsters", (5, 5), melee("axe", 4, "1d12+2"), defense=13, hp=30)))
    roll_init(run, path, "15,3")
    ok(run("condition", path, "hero", "prone"))
    return path


def test_R_CND_9_prone_crawls_one_square_as_a_move_action(run, encounter):  # type: ignore[no-untyped-def]
    path = _prone_hero(run, encounter)
    ok(run("move", path, "hero", "1,1"))
    assert pos(path, "hero") == [1, 1]
    assert doc(path)["state"]["spent"]["moves"] == 1
    ok(run("move", path, "hero", "2,1"))  # its second move action: a second crawl
    assert pos(path, "hero") == [2, 1]
    assert "prone" in doc(path)["combatants"][0]["conditions"]


@pytest.mark.parametrize("args", [("3,0",), ("2,0",), ("1,0", "--step"), ("1,0", "--run"),
                                  ("1,0", "--withdraw"), ("1,0", "2,0")])
def test_R_CND_9_any_other_move_is_refused_until_it_stands(run, encounter, args):  # type: ignore[no-untyped-def]
    path = _prone_hero(run, encounter)
    r = refused(run, path, "R-CND-9", "move", path, "hero", *args)
    assert "crawl" in r.err


def test_R_CND_9_spanish_refusal_and_after_standing_up_it_moves(run, encounter):  # type: ignore[no-untyped-def]
    path = _prone_hero(run, encounter)
    r = refused(run, path, "R-CND-9", "move", path, "hero", "4,0", "--lang", "es")
    assert "arrastrarse una casilla" in r.err
    ok(run("action", path, "hero", "stand-up"))
    ok(run("move", path, "hero", "4,0", "--dice", ""))
    assert pos(path, "hero") == [4, 0]


def test_R_CND_9_a_crawl_out_of_reach_provokes(run, encounter):  # type: ignore[no-untyped-def]
    path = encounter(build(
        warrior("hero", "heroes", (1, 1), melee("sword", 5, "1d8+3"), defense=15),
        warrior("orc", "monsters", (2, 1), melee("axe", 4, "1d12+2"), init=2, defense=13,
                hp=30), rules="engagement = false"))  # plain d20: no disengage roll
    roll_init(run, path, "3,15")  # the orc first: its turn ends its flat-footedness
    ok(run("next", path))
    ok(run("condition", path, "hero", "prone"))
    r = run("move", path, "hero", "0,1", "--format", "json", "--dice", "2")
    assert r.code == 0, r.err
    assert pos(path, "hero") == [0, 1]
    (aoo,) = [e for e in events(r, "AttackRolled") if e["kind"] == "aoo"]
    assert aoo["attacker"] == "orc" and aoo["hit"] is False
