"""R-GEO-7 (moving through allies and helpless, dying, stable or dead foes) and R-GEO-8
(`move WHO X,Y --find-path`) through the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import build, doc, events, melee, ok, pos, refused, snapshot, warrior


def _field(encounter, *fighters: str) -> Path:
    """The hero at (0,0), the others given, and a far-off goblin (so the fight goes on)."""
    return encounter(build(warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8")),
                           *fighters, warrior("far", "monsters", (40, 40))))


def _initiative(run, path: Path, *faces: int) -> None:
    """Initiative faces for the hero and the others given (the far goblin rolls 1)."""
    ok(run("roll-initiative", path, "--dice", ",".join(str(f) for f in (*faces, 1))))


# -- R-GEO-7 --------------------------------------------------------------------------------


def test_R_GEO_7_passes_through_an_ally(run, encounter):
    path = _field(encounter, warrior("ally", "heroes", (1, 0)))
    _initiative(run, path, 20, 5)
    ok(run("move", path, "hero", "3,0"))
    assert pos(path, "hero") == [3, 0]


def test_R_GEO_7_a_standing_enemy_blocks(run, encounter):
    path = _field(encounter, warrior("gob", "monsters", (1, 0)))
    _initiative(run, path, 20, 5)
    r = refused(run, path, "R-GEO-7", "move", path, "hero", "3,0")
    assert "Gob" in r.err


@pytest.mark.parametrize("hp, passes", [(-3, True), (-15, True), (0, False)])
def test_R_GEO_7_dying_and_dead_foes_are_passed_a_disabled_one_blocks(run, encounter, hp,
                                                                      passes):
    path = _field(encounter, warrior("gob", "monsters", (1, 0), hp=10))
    _initiative(run, path, 20, 5)
    ok(run("hp", path, "gob", str(hp - 10)))
    if passes:
        ok(run("move", path, "hero", "3,0"))
        assert pos(path, "hero") == [3, 0]
    else:  # hp 0: disabled, conscious, it blocks
        refused(run, path, "R-GEO-7", "move", path, "hero", "3,0")


def test_R_GEO_7_a_helpless_foe_is_passed(run, encounter):
    path = _field(encounter, warrior("gob", "monsters", (1, 0)))
    _initiative(run, path, 20, 5)
    ok(run("condition", path, "gob", "helpless"))
    ok(run("move", path, "hero", "3,0"))
    assert pos(path, "hero") == [3, 0]


def test_R_GEO_7_no_ending_on_anyone_not_dead_but_on_the_dead(run, encounter):
    path = _field(encounter, warrior("ally", "heroes", (1, 0)),
                  warrior("gob", "monsters", (0, 2), hp=10))
    _initiative(run, path, 20, 5, 1)
    refused(run, path, ("R-GEO-7", "R-TRN-2"), "move", path, "hero", "1,0")
    refused(run, path, "R-GEO-7", "move", path, "hero", "1,0", "--find-path")
    ok(run("hp", path, "gob", "-25"))  # dead
    ok(run("move", path, "hero", "0,2"))
    assert pos(path, "hero") == [0, 2]


# -- R-GEO-8 --------------------------------------------------------------------------------


def _squares(r) -> list[list[int]]:
    return [sq for e in events(r, "Moved") for sq in e["path"]]


def test_R_GEO_8_find_path_walks_round_a_foe(run, encounter):
    path = _field(encounter, warrior("gob", "monsters", (1, 0)))
    _initiative(run, path, 20, 5)
    r = ok(run("move", path, "hero", "2,0", "--find-path", "--format", "json"))
    # the goblin is flat-footed (no AoO): cost 3 either way round, (0,-1) first in (x, y)
    assert _squares(r) == [[0, -1], [1, -1], [2, 0]]
    assert events(r, "Moved")[0]["cost"] == 3 and pos(path, "hero") == [2, 0]


def _orc_first(run, encounter) -> Path:
    """The orc at (2,-1) has had its turn (it may make AoOs); the hero's turn."""
    path = _field(encounter, warrior("orc", "monsters", (2, -1)))
    _initiative(run, path, 10, 20)
    ok(run("next", path))
    assert doc(path)["state"]["turn"] == "hero"
    return path


def test_R_GEO_8_fewer_threatened_squares_among_equally_cheap_paths(run, encounter):
    path = _orc_first(run, encounter)
    r = ok(run("move", path, "hero", "2,1", "--find-path", "--format", "json"))
    assert _squares(r) == [[1, 1], [2, 1]]  # (1,0) is threatened by the orc
    assert events(r, "AttackRolled") == []


def test_R_GEO_8_a_declined_aoo_threatens_nothing(run, encounter):
    path = _orc_first(run, encounter)
    r = ok(run("move", path, "hero", "2,1", "--find-path", "--no-aoo", "orc",
               "--format", "json"))
    assert _squares(r) == [[1, 0], [2, 1]]
    assert events(r, "AttackRolled") == []


def test_R_GEO_8_a_flat_footed_foe_threatens_nothing(run, encounter):
    path = _field(encounter, warrior("orc", "monsters", (2, -1)))
    _initiative(run, path, 20, 10)  # the hero first: the orc is still flat-footed
    r = ok(run("move", path, "hero", "2,1", "--find-path", "--format", "json"))
    assert _squares(r) == [[1, 0], [2, 1]]


def test_R_GEO_8_one_move_action_or_two(run, encounter):
    path = _field(encounter, warrior("gob", "monsters", (20, 20)))
    _initiative(run, path, 20, 5)
    ok(run("move", path, "hero", "6,0", "--find-path"))  # 6 squares: one move action
    assert doc(path)["state"]["spent"]["moves"] == 1
    for _ in range(3):
        ok(run("next", path))
    ok(run("move", path, "hero", "15,0", "--find-path"))  # 9 squares: both
    assert doc(path)["state"]["spent"]["moves"] == 2 and pos(path, "hero") == [15, 0]


def test_R_GEO_8_no_path_within_what_the_turn_has_left(run, encounter):
    path = _field(encounter, warrior("gob", "monsters", (20, 20)))
    _initiative(run, path, 20, 5)
    ok(run("move", path, "hero", "1,0"))  # one move action spent: 6 squares left
    r = refused(run, path, "R-GEO-8", "move", path, "hero", "8,0", "--find-path")
    assert "6" in r.err
    ok(run("move", path, "hero", "7,0", "--find-path"))


@pytest.mark.parametrize("extra", [("3,0", "4,0"), ("3,0", "--run"), ("1,0", "--step"),
                                   ("3,0", "--withdraw"), ()])
def test_R_GEO_8_find_path_takes_one_destination_alone(run, encounter, extra):
    path = _field(encounter, warrior("gob", "monsters", (20, 20)))
    _initiative(run, path, 20, 5)
    before = snapshot(path)
    r = run("move", path, "hero", *extra, "--find-path")
    assert r.code == 2 and "R-GEO-8" in r.err and snapshot(path) == before
