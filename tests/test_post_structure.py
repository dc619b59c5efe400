"""R-OUT-9: a post narrates the round it resolved — a new round's header comes before the lines
that belong to it; the deadline once per post; `#n` explained in `show`'s footer only; no
total repeated as "= 8 → 8"."""

from __future__ import annotations

import re

import pytest
from helpers import NOW, fighter, five, ok


def test_R_OUT_9_resolve_that_finishes_round_1_is_headed_round_1(run, encounter):
    path = encounter(five())
    ok(run("roll-initiative", path, "--dice", "10,10,10,10,10", now=NOW))
    ok(run("declare", path, "ann", "attack", "gob"))
    r = ok(run("resolve", path, "--dice", "15,1,1,1,1,1,1,1,1,1,1,1", now=NOW))
    lines = r.out.splitlines()
    assert lines[0].startswith("Test fight — Round 1") and "Turn" not in lines[0]
    new_round = lines.index("— Round 2 —")
    assert any(x.startswith("Ann attacks Gob") for x in lines[:new_round])
    # what follows the new round's header belongs to round 2: Ann's turn starts it
    assert lines[new_round + 1].startswith("It is Ann's turn")


@pytest.mark.parametrize("command", [("roll-initiative", "--dice", "10,10,10,10,10"),
                                     ("next",), ("resolve",)])
def test_R_OUT_9_the_deadline_is_shown_once_per_post(run, encounter, command):
    path = encounter(five(rules='turn_deadline = "48h"'))
    if command[0] != "roll-initiative":
        ok(run("roll-initiative", path, "--dice", "10,10,10,10,10", now=NOW))
    r = ok(run(*command, path, now=NOW))
    assert len(re.findall(r"deadline", r.out)) == 1, r.out
    for fmt in ("plain", "markdown"):
        shown = ok(run("log", path, "--format", fmt)).out
        assert len(re.findall(r"deadline", shown)) == 1, shown


def test_R_OUT_9_roll_numbers_are_explained_in_show_only(run, encounter):
    path = encounter(five())
    r = ok(run("roll-initiative", path))  # generator dice: #0…#4
    assert "#0" in r.out and "(#n)" not in r.out
    r = ok(run("attack", path, "ann", "gob", "--force"))
    assert "(#n)" not in r.out
    show = ok(run("show", path)).out
    assert show.rstrip().splitlines()[-1].startswith("Roll numbers (#n)")
    es = ok(run("show", path, "--lang", "es")).out
    assert es.rstrip().splitlines()[-1].startswith("Los números de tirada (#n)")


def test_R_OUT_9_show_explains_roll_numbers_once_the_fight_is_on(run, encounter):
    path = encounter(five())
    assert "(#n)" not in ok(run("show", path)).out  # before combat, nothing rolled
    ok(run("roll-initiative", path, "--dice", "10,10,10,10,10"))
    assert ok(run("show", path)).out.count("(#n)") == 1


def test_R_OUT_9_damage_total_is_not_repeated(run, encounter):
    weak = {"id": "pin", "name": "Pin", "attack": 5, "damage": "1d4-3"}
    path = encounter('schema = 1\nname = "Ford"\nformat = "plain"\n'
                     + fighter("hero", "a", (0, 0), weapons=(weak,), defense=15, hp=20,
                               initiative_mod=10)
                     + fighter("orc", "b", (1, 0), defense=5, hp=30))
    ok(run("roll-initiative", path, "--dice", "10,1"))
    r = ok(run("attack", path, "hero", "orc", "--dice", "15,4", "--format", "markdown"))
    assert "Damage to orc: 1d4 (4 supplied) - 3 = **1**  \n" in r.out
    assert "→" not in r.out  # the total is the damage
    ok(run("next", path))
    ok(run("next", path))
    r = ok(run("attack", path, "hero", "orc", "--dice", "15,1"))
    assert "1d4 (1 supplied) - 3 = -2 → 1" in r.out  # at least 1: differs, so shown
