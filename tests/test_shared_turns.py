"""R-INI-3 shared group turns (`rules.group_turn = "shared"`): one turn per round for a group."""

from __future__ import annotations

from helpers import build, events, ok, refused, roll_init, state, warrior


def goblins(rule: str = 'group_turn = "shared"', gob1_extra: str = "") -> str:
    """Two grouped goblins (first in order with the faces below) and a hero."""
    return build(warrior("hero", "heroes", (0, 0), init=5),
                 warrior("gob1", "monsters", (5, 0), extra='group = "goblins"\n' + gob1_extra),
                 warrior("gob2", "monsters", (5, 2), extra='group = "goblins"\n'),
                 rules=rule)


def test_R_INI_3_shared_one_turn_for_the_group_each_member_acts(run, encounter):
    path = encounter(goblins())
    r = roll_init(run, path, "5,15")  # hero 10, goblins 15
    st = state(path)
    assert st["order"] == ["gob1", "gob2", "hero"] and st["turn"] == "gob1"
    assert "Turn: goblins" in ok(run("show", path)).out.splitlines()[0]
    assert "It is the turn of goblins: Gob1 and Gob2." in r.out  # R-OUT-5: a list reads
    ok(run("move", path, "gob2", "4,2"))  # the second member acts first, own allowance
    ok(run("move", path, "gob1", "4,0"))
    ok(run("move", path, "gob1", "3,0"))  # gob1's second move action
    ok(run("move", path, "gob2", "3,2"))
    refused(run, path, "R-TRN-", "move", path, "gob2", "2,2")  # gob2 has used two moves
    r = ok(run("next", path, "--format", "json"))  # one `next` ends the group's turn
    assert state(path)["turn"] == "hero" and state(path)["round"] == 1
    assert {e["who"] for e in events(r, "TurnEnded")} == {"gob1", "gob2"}
    refused(run, path, "R-TRN-3", "move", path, "gob1", "4,0")
    r = ok(run("next", path, "--format", "json"))
    assert (state(path)["round"], state(path)["turn"]) == (2, "gob1")
    (ts,) = events(r, "TurnStarted")
    assert ts["group"] == "goblins" and ts["members"] == ["gob1", "gob2"]


def test_R_INI_3_shared_turn_held_by_first_member_that_can_act(run, encounter):
    path = encounter(goblins(gob1_extra="conditions = { paralyzed = {} }\n"))
    r = roll_init(run, path, "5,15")
    assert state(path)["turn"] == "gob2"
    assert "Gob1 is paralyzed and loses this turn" in r.out
    refused(run, path, "R-CND-3", "move", path, "gob1", "4,0")
    ok(run("move", path, "gob2", "4,2"))


def test_R_INI_3_each_is_the_default_members_act_one_after_another(run, encounter):
    path = encounter(goblins(rule=""))
    roll_init(run, path, "5,15")
    assert state(path)["turn"] == "gob1"
    refused(run, path, "R-TRN-3", "move", path, "gob2", "4,2")
    ok(run("next", path))
    assert state(path)["turn"] == "gob2"


def test_R_INI_3_shared_member_cannot_delay_alone(run, encounter):
    path = encounter(goblins())
    roll_init(run, path, "5,15")
    refused(run, path, "R-INI-3", "delay", path, "gob1")


def test_R_INI_3_shared_previous_turn_is_the_groups(run, encounter):
    """R-DIS-2/4: an attack on gob2 before the group's turn counts in its window."""
    path = encounter(goblins())
    roll_init(run, path, "15,5")  # hero 20 first, goblins 5
    ok(run("move", path, "hero", "4,1"))  # adjacent to both goblins: engaged
    ok(run("attack", path, "hero", "gob2", "--dice", "2"))
    ok(run("next", path))  # the goblins' turn
    r = ok(run("move", path, "gob2", "8,2", "--format", "json", "--dice", "10,10"))
    assert events(r, "DefenseTotalRolled")  # attacked since its previous turn: dice
    r = ok(run("move", path, "gob1", "8,0", "--format", "json"))
    (res,) = events(r, "DisengageResolved")
    assert res["auto"] == "not_attacked"


def test_R_INI_3_shared_resolve_takes_every_members_declaration(run, encounter):
    path = encounter(goblins())
    roll_init(run, path, "5,15")
    ok(run("declare", path, "gob1", "move", "4,0"))
    ok(run("declare", path, "gob2", "move", "4,2"))
    r = ok(run("resolve", path, "--format", "json"))
    moved = [e["who"] for e in events(r, "Moved")]
    assert moved == ["gob1", "gob2"]
    assert state(path)["round"] == 2


def test_R_DIS_4_first_disengages_every_member_of_a_first_shared_group(run, encounter):
    path = encounter(goblins('group_turn = "shared"\nfirst_disengages = true'))
    roll_init(run, path, "15,5")  # hero 20, goblins 5
    ok(run("move", path, "hero", "4,1"))  # engaged with both goblins
    ok(run("attack", path, "hero", "gob2", "--dice", "2"))
    ok(run("attack", path, "hero", "gob1", "--dice", "2", "--force"))
    ok(run("next", path))
    ok(run("attack", path, "gob1", "hero", "--dice", "2"))
    ok(run("attack", path, "gob2", "hero", "--dice", "2"))
    ok(run("next", path))  # round 2: the hero is first
    ok(run("attack", path, "hero", "gob2", "--dice", "2"))
    ok(run("next", path))  # the goblins' turn: not first in the order
    r = ok(run("move", path, "gob2", "8,2", "--format", "json", "--dice", "10,10"))
    assert events(r, "DisengageResolved")[0]["auto"] == ""
    path2 = encounter(goblins('group_turn = "shared"\nfirst_disengages = true'),
                      name="b.toml")
    roll_init(run, path2, "5,15")  # the goblins first
    ok(run("next", path2))
    ok(run("move", path2, "hero", "4,1"))
    ok(run("attack", path2, "hero", "gob2", "--dice", "2"))
    ok(run("next", path2))  # round 2: the goblins' group turn comes first
    r = ok(run("move", path2, "gob2", "8,2", "--format", "json"))
    (res,) = events(r, "DisengageResolved")
    assert res["auto"] == "first_in_order" and res["success"]
    r = ok(run("move", path2, "gob1", "8,0", "--format", "json"))
    assert events(r, "DisengageResolved")[0]["auto"] == "first_in_order"


def test_R_INI_3_shared_turn_goes_on_when_its_holder_leaves(run, encounter):
    path = encounter(goblins())
    roll_init(run, path, "5,15")
    ok(run("move", path, "gob2", "4,2"))  # gob2 spends a move action
    ok(run("remove", path, "gob1"))
    st = state(path)
    assert (st["round"], st["turn"]) == (1, "gob2")
    ok(run("move", path, "gob2", "3,2"))  # its second move action
    refused(run, path, "R-TRN-", "move", path, "gob2", "2,2")  # no third: nothing restarted
