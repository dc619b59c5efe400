"""Movement allowances (R-TRN-2/3, R-INI-4) and blocking squares through `move`, with supplied
dice. Attacks of opportunity (R-AOO) have their own module, test_aoo.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from helpers import (
    BOW_20,
    build,
    doc,
    events,
    fighter,
    move,
    pos,
    refused,
    start,
    who,
)

# -- helpers ------------------------------------------------------------------------------

def alone(run: Any, encounter: Any, **hero: Any) -> Path:
    """The hero on its turn with a far-away enemy: pure allowance checks."""
    path = encounter(build(fighter("hero", "a", (0, 0), **hero),
                           fighter("orc", "b", (40, 40))))
    start(run, path, "15,3", "hero")
    return path


# -- R-TRN-2/3: allowances --------------------------------------------------------------------


def test_R_TRN_2_move_of_speed_over_5_squares_leaves_the_standard_action(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0)), fighter("orc", "b", (7, 0))))
    start(run, path, "15,3", "hero")
    move(run, path, "hero", "6,0")
    assert pos(path, "hero") == [6, 0]
    r = run("attack", path, "hero", "orc", "--dice", "2")
    assert r.code == 0, r.err


def test_R_TRN_2_more_than_speed_is_a_double_move_no_standard(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0)), fighter("orc", "b", (8, 0))))
    start(run, path, "15,3", "hero")
    move(run, path, "hero", "7,0")
    assert pos(path, "hero") == [7, 0]
    refused(run, path, ("R-TRN-2", "R-TRN-3"), "attack", path, "hero", "orc", "--dice", "2")


def test_R_TRN_2_speed_sets_squares_per_move(run, encounter):
    # speed 20 = 4 squares: 4 squares is one move (a second one is left), 5 is a double move
    path = alone(run, encounter, speed=20)
    move(run, path, "hero", "4,0")
    move(run, path, "hero", "8,0")
    assert pos(path, "hero") == [8, 0]
    refused(run, path, ("R-TRN-2", "R-TRN-3"), "move", path, "hero", "9,0")


def test_R_TRN_2_two_move_actions_then_no_more(run, encounter):
    path = alone(run, encounter)
    move(run, path, "hero", "3,0")
    move(run, path, "hero", "6,0")
    refused(run, path, ("R-TRN-2", "R-TRN-3"), "move", path, "hero", "7,0")
    assert pos(path, "hero") == [6, 0]


def test_R_TRN_2_double_move_at_most_twice_speed(run, encounter):
    path = alone(run, encounter)
    refused(run, path, "R-TRN-2", "move", path, "hero", "13,0")
    move(run, path, "hero", "12,0")
    assert pos(path, "hero") == [12, 0]


def test_R_TRN_2_after_a_standard_only_one_move(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0), weapons=(BOW_20,)),
                           fighter("orc", "b", (0, 8))))
    start(run, path, "15,3", "hero")
    assert run("attack", path, "hero", "orc", "--dice", "2").code == 0
    refused(run, path, ("R-TRN-2", "R-TRN-3"), "move", path, "hero", "-7,0")
    move(run, path, "hero", "-6,0")
    refused(run, path, ("R-TRN-2", "R-TRN-3"), "move", path, "hero", "-7,0")


def test_R_TRN_2_run_four_times_speed_in_a_straight_line(run, encounter):
    path = alone(run, encounter)
    move(run, path, "hero", "24,0", "--run")
    assert pos(path, "hero") == [24, 0]
    # running is the whole turn
    refused(run, path, ("R-TRN-2", "R-TRN-3"), "move", path, "hero", "25,0")


def test_R_TRN_2_run_longer_than_four_times_speed_refused(run, encounter):
    path = alone(run, encounter)
    refused(run, path, "R-TRN-2", "move", path, "hero", "25,0", "--run")


def test_R_TRN_2_run_must_be_straight(run, encounter):
    path = alone(run, encounter)
    refused(run, path, "R-TRN-2", "move", path, "hero", "5,0", "5,5", "--run")


def test_R_TRN_2_run_after_a_move_refused(run, encounter):
    path = alone(run, encounter)
    move(run, path, "hero", "1,0")
    refused(run, path, ("R-TRN-2", "R-TRN-3"), "move", path, "hero", "10,0", "--run")


def test_R_TRN_2_run_then_no_standard(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0)), fighter("orc", "b", (9, 0))))
    start(run, path, "15,3", "hero")
    move(run, path, "hero", "8,0", "--run")
    refused(run, path, ("R-TRN-2", "R-TRN-3"), "attack", path, "hero", "orc", "--dice", "2")


def test_R_TRN_2_five_foot_step_then_standard(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0)), fighter("orc", "b", (2, 2))))
    start(run, path, "15,3", "hero")
    r = move(run, path, "hero", "1,1", "--step")
    assert pos(path, "hero") == [1, 1]
    assert events(r, "Moved")[0]["step"] is True
    assert run("attack", path, "hero", "orc", "--dice", "2").code == 0


def test_R_TRN_2_five_foot_step_is_one_square(run, encounter):
    path = alone(run, encounter)
    refused(run, path, "R-TRN-2", "move", path, "hero", "2,0", "--step")


def test_R_TRN_2_no_other_movement_after_a_step(run, encounter):
    path = alone(run, encounter)
    move(run, path, "hero", "1,0", "--step")
    refused(run, path, "R-TRN-2", "move", path, "hero", "2,0")
    refused(run, path, "R-TRN-2", "move", path, "hero", "2,0", "--step")


def test_R_TRN_2_no_step_after_other_movement(run, encounter):
    path = alone(run, encounter)
    move(run, path, "hero", "1,0")
    refused(run, path, "R-TRN-2", "move", path, "hero", "2,0", "--step")


def test_R_TRN_3_move_refused_when_not_your_turn(run, encounter):
    path = alone(run, encounter)
    refused(run, path, "R-TRN-3", "move", path, "orc", "39,40")


def test_R_HP_2_disabled_has_one_move_action_only(run, encounter):
    path = alone(run, encounter, hp=0, max_hp=10)
    assert who(path, "hero")["status"] == "disabled"
    refused(run, path, ("R-HP-2", "R-TRN-2"), "move", path, "hero", "7,0")
    move(run, path, "hero", "1,0")
    assert who(path, "hero")["hp"] == 0
    refused(run, path, "R-HP-2", "move", path, "hero", "2,0")


# -- R-INI-4: the surprise round ------------------------------------------------------------


def _surprise(run: Any, encounter: Any, orc_at: tuple[int, int]) -> Path:
    path = encounter(build(fighter("hero", "a", (0, 0)),
                           fighter("orc", "b", orc_at, aware=False)))
    r = run("roll-initiative", path, "--dice", "15,3")
    assert r.code == 0, r.err
    st = doc(path)["state"]
    assert (st["phase"], st["round"], st["turn"]) == ("surprise", 0, "hero")
    return path


def test_R_INI_4_surprise_round_move_then_no_standard(run, encounter):
    path = _surprise(run, encounter, (3, 0))
    move(run, path, "hero", "2,0")
    refused(run, path, "R-INI-4", "attack", path, "hero", "orc", "--dice", "15,2")


def test_R_INI_4_surprise_round_standard_then_no_move(run, encounter):
    path = _surprise(run, encounter, (1, 0))
    assert run("attack", path, "hero", "orc", "--dice", "2").code == 0
    refused(run, path, "R-INI-4", "move", path, "hero", "-1,0")


def test_R_INI_4_surprise_round_one_move_only(run, encounter):
    path = _surprise(run, encounter, (20, 0))
    move(run, path, "hero", "0,3")
    refused(run, path, "R-INI-4", "move", path, "hero", "0,4")


def test_R_INI_4_surprise_round_no_double_move(run, encounter):
    path = _surprise(run, encounter, (20, 0))
    refused(run, path, ("R-INI-4", "R-TRN-2"), "move", path, "hero", "0,7")


def test_R_INI_4_surprise_round_no_run(run, encounter):
    path = _surprise(run, encounter, (20, 0))
    refused(run, path, "R-INI-4", "move", path, "hero", "0,7", "--run")


# -- blocking squares ---------------------------------------------------------------------


def test_R_TRN_2_no_passing_through_an_enemy(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0)), fighter("orc", "b", (2, 0))))
    start(run, path, "15,3", "hero")
    refused(run, path, None, "move", path, "hero", "4,0")


def test_R_TRN_2_no_ending_on_an_ally(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0), initiative_mod=5),
                           fighter("tom", "a", (2, 0)), fighter("orc", "b", (9, 9))))
    start(run, path, "15,3,2", "hero")
    refused(run, path, None, "move", path, "hero", "2,0")


def test_R_TRN_2_no_ending_on_an_enemy(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0)), fighter("orc", "b", (2, 0))))
    start(run, path, "15,3", "hero")
    refused(run, path, None, "move", path, "hero", "2,0")


def test_R_TRN_2_passing_through_an_ally_is_fine(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0), initiative_mod=5),
                           fighter("tom", "a", (1, 0)), fighter("orc", "b", (9, 9))))
    start(run, path, "15,3,2", "hero")
    move(run, path, "hero", "3,0")
    assert pos(path, "hero") == [3, 0]
