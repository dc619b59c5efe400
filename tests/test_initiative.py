"""Initiative and surprise (R-INI-1..8), driven through the CLI with supplied dice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import assert_refused, counter, events, fight, people, person, snapshot, state

# -- helpers -------------------------------------------------------------------------------


def order(path: Path) -> list[str]:
    return list(state(path)["order"])


def roll_init_exact(run: Any, path: Path, faces: str, *extra: str) -> Any:
    """roll-initiative as JSON, failing if a supplied face was left unused (unlike
    helpers.roll_init)."""
    r = run("roll-initiative", path, "--dice", faces, "--format", "json", *extra)
    assert r.code == 0, r.err
    assert "unused_dice" not in r.json(), "test supplied more faces than were drawn"
    return r


def append(path: Path, text: str) -> None:
    with path.open("a", encoding="utf-8") as f:
        f.write("\n" + text)


def turns(run: Any, path: Path, count: int) -> list[str]:
    """Whose turn it is after each of `count` `next` commands."""
    seen = []
    for _ in range(count):
        r = run("next", path)
        assert r.code == 0, r.err
        seen.append(state(path)["turn"])
    return seen


# -- R-INI-1 ---------------------------------------------------------------------------------


def test_R_INI_1_highest_total_first_and_total_is_d20_plus_mod(run, encounter):
    path = encounter(fight(person("a", "heroes", 3), person("b", "heroes", 0),
                           person("c", "monsters", -1)))
    roll_init_exact(run, path, "5,15,12")
    assert order(path) == ["b", "c", "a"]
    assert {k: v["initiative"] for k, v in people(path).items()} == {"a": 8, "b": 15, "c": 11}
    assert state(path)["turn"] == "b"
    assert counter(path) == 0  # every die was supplied: nothing else was rolled


def test_R_INI_1_order_kept_for_the_whole_combat(run, encounter):
    path = encounter(fight(person("a", "heroes"), person("b", "heroes"),
                           person("c", "monsters")))
    roll_init_exact(run, path, "5,15,12")
    assert turns(run, path, 6) == ["c", "a", "b", "c", "a", "b"]
    assert state(path)["round"] == 3
    assert order(path) == ["b", "c", "a"]
    assert people(path)["a"]["initiative"] == 5


def test_R_INI_1_second_roll_initiative_refused_file_unchanged(run, encounter):
    path = encounter(fight(person("a", "heroes"), person("c", "monsters")))
    roll_init_exact(run, path, "5,15")
    run("next", path)
    before = snapshot(path)
    r = run("roll-initiative", path, "--dice", "20,1")
    assert_refused(r, "R-INI-1", path, before)


def test_R_INI_1_roll_initiative_json_error_names_rule(run, encounter):
    path = encounter(fight(person("a", "heroes"), person("c", "monsters")))
    roll_init_exact(run, path, "5,15")
    before = snapshot(path)
    r = run("roll-initiative", path, "--format", "json")
    assert r.code == 3
    err = json.loads(r.err)["error"]
    assert err["code"] == 3 and err["rule"] == "R-INI-1"
    assert snapshot(path) == before


# -- R-INI-2: ties ----------------------------------------------------------------------------


def test_R_INI_2_tie_goes_to_higher_modifier(run, encounter):
    path = encounter(fight(person("a", "heroes", 1), person("b", "monsters", 4)))
    r = roll_init_exact(run, path, "11,8")
    assert order(path) == ["b", "a"]
    assert not events(r, "RollOffRolled")
    assert counter(path) == 0


def test_R_INI_2_tie_with_equal_modifier_rolls_off(run, encounter):
    path = encounter(fight(person("a", "heroes", 2), person("b", "heroes", 2),
                           person("c", "monsters", 2)))
    r = roll_init_exact(run, path, "10,10,5,3,15")
    assert order(path) == ["b", "a", "c"]
    offs = events(r, "RollOffRolled")
    assert [e["members"] for e in offs] == [["a"], ["b"]]
    # only the roll-off orders them: the initiative totals stay tied
    assert people(path)["a"]["initiative"] == people(path)["b"]["initiative"] == 12


def test_R_INI_2_still_tied_roll_again(run, encounter):
    path = encounter(fight(person("a", "heroes"), person("b", "monsters")))
    r = roll_init_exact(run, path, "10,10,7,7,2,9")
    assert order(path) == ["b", "a"]
    assert len(events(r, "RollOffRolled")) == 4
    assert counter(path) == 0


def test_R_INI_2_only_the_still_tied_roll_again(run, encounter):
    path = encounter(fight(person("a", "heroes"), person("b", "heroes"),
                           person("c", "monsters")))
    r = roll_init_exact(run, path, "10,10,10,5,5,12,3,8")
    assert order(path) == ["c", "b", "a"]
    offs = events(r, "RollOffRolled")
    assert [e["members"][0] for e in offs] == ["a", "b", "c", "a", "b"]


def test_R_INI_2_tied_clusters_settled_highest_total_first(run, encounter):
    path = encounter(fight(person("a", "heroes"), person("b", "heroes"),
                           person("c", "monsters"), person("d", "monsters")))
    # totals: a=b=15, c=d=10. The 15s roll off first (5, 1), then the 10s (1, 5).
    r = roll_init_exact(run, path, "15,15,10,10,5,1,1,5")
    assert order(path) == ["a", "b", "d", "c"]
    offs = events(r, "RollOffRolled")
    assert [e["members"][0] for e in offs] == ["a", "b", "c", "d"]


def test_R_INI_2_roll_off_dice_drawn_in_file_order(run, encounter):
    # file order z, y: z draws the first roll-off die even though its id sorts later
    path = encounter(fight(person("z", "heroes"), person("y", "monsters")))
    roll_init_exact(run, path, "10,10,18,4")
    assert order(path) == ["z", "y"]


def test_R_INI_2_group_rolls_off_as_one_unit(run, encounter):
    path = encounter(fight(person("g1", "monsters", 1, group="wolves"),
                           person("s", "heroes", 1),
                           person("g2", "monsters", 1, group="wolves")))
    r = roll_init_exact(run, path, "10,10,3,15")
    assert order(path) == ["s", "g1", "g2"]
    offs = events(r, "RollOffRolled")
    assert len(offs) == 2
    assert offs[0]["members"] == ["g1", "g2"]
    assert counter(path) == 0


# -- R-INI-3: groups ----------------------------------------------------------------------------


def test_R_INI_3_group_rolls_once_with_first_members_mod(run, encounter):
    path = encounter(fight(person("g1", "monsters", 1, group="wolves"),
                           person("s", "heroes", 3),
                           person("g2", "monsters", 6, group="wolves")))
    r = roll_init_exact(run, path, "10,9")  # wolves: 10 + 1 = 11; s: 9 + 3 = 12
    assert order(path) == ["s", "g1", "g2"]
    assert people(path)["g1"]["initiative"] == people(path)["g2"]["initiative"] == 11
    assert people(path)["s"]["initiative"] == 12
    assert len(events(r, "InitiativeRolled")) == 2
    assert counter(path) == 0


def test_R_INI_3_group_acts_consecutively_in_file_order(run, encounter):
    path = encounter(fight(person("g2", "monsters", group="wolves"),
                           person("s", "heroes"),
                           person("g1", "monsters", group="wolves"),
                           person("t", "heroes"),
                           person("g3", "monsters", group="wolves")))
    roll_init_exact(run, path, "15,12,5")  # wolves 15, s 12, t 5
    assert order(path) == ["g2", "g1", "g3", "s", "t"]
    assert state(path)["turn"] == "g2"
    assert turns(run, path, 4) == ["g1", "g3", "s", "t"]


def test_R_INI_3_groups_roll_in_file_order_of_first_member(run, encounter):
    path = encounter(fight(person("s", "heroes"),
                           person("g1", "monsters", group="wolves"),
                           person("h1", "monsters", group="bats"),
                           person("g2", "monsters", group="wolves")))
    roll_init_exact(run, path, "3,20,8")  # s 3, wolves 20, bats 8
    assert order(path) == ["g1", "g2", "h1", "s"]


# -- R-INI-4: surprise ------------------------------------------------------------------------


def surprise_fight() -> str:
    return fight(person("a", "heroes", position=[0, 0]),
                 person("b", "monsters", aware=False, position=[20, 0]),
                 person("c", "monsters", position=[10, 0]))


def test_R_INI_4_surprise_round_only_aware_act_in_order(run, encounter):
    path = encounter(surprise_fight())
    roll_init_exact(run, path, "5,15,10")
    st = state(path)
    assert st["phase"] == "surprise" and st["round"] == 0
    assert order(path) == ["b", "c", "a"]
    assert people(path)["b"]["initiative"] == 15  # the unaware roll too
    assert st["turn"] == "c"
    assert turns(run, path, 1) == ["a"]
    assert state(path)["round"] == 0
    r = run("next", path)
    assert r.code == 0
    st = state(path)
    assert (st["phase"], st["round"], st["turn"]) == ("combat", 1, "b")
    assert turns(run, path, 2) == ["c", "a"]


def test_R_INI_4_surprise_round_allows_one_move_only(run, encounter):
    path = encounter(surprise_fight())
    roll_init_exact(run, path, "5,15,10")
    r = run("move", path, "c", "11,0")
    assert r.code == 0, r.err
    before = snapshot(path)
    r = run("move", path, "c", "12,0")
    assert_refused(r, "R-INI-4", path, before)


def test_R_INI_4_surprise_round_no_move_after_standard(run, encounter):
    path = encounter(fight(person("a", "heroes", position=[0, 0]),
                           person("b", "monsters", aware=False, position=[1, 0]),
                           person("c", "monsters", aware=False, position=[9, 9])))
    roll_init_exact(run, path, "15,10,5")
    assert state(path)["turn"] == "a"
    r = run("attack", path, "a", "b", "--dice", "1")
    assert r.code == 0, r.err
    before = snapshot(path)
    r = run("move", path, "a", "0,-1")
    assert_refused(r, "R-INI-4", path, before)


@pytest.mark.parametrize("aware", [True, False])
def test_R_INI_4_all_or_none_aware_no_surprise_round(run, encounter, aware):
    path = encounter(fight(person("a", "heroes", aware=aware),
                           person("b", "monsters", aware=aware)))
    roll_init_exact(run, path, "5,15")
    st = state(path)
    assert (st["phase"], st["round"], st["turn"]) == ("combat", 1, "b")
    assert turns(run, path, 1) == ["a"]


# -- R-INI-5: flat-footed ------------------------------------------------------------------------


def flat(path: Path) -> dict[str, bool]:
    return {k: v.get("flat_footed", False) for k, v in people(path).items()}


def test_R_INI_5_flat_footed_until_first_regular_turn(run, encounter):
    path = encounter(fight(person("a", "heroes"), person("b", "monsters"),
                           person("c", "monsters")))
    roll_init_exact(run, path, "15,10,5")
    assert flat(path) == {"a": False, "b": True, "c": True}
    run("next", path)
    assert flat(path) == {"a": False, "b": False, "c": True}
    run("next", path)
    assert flat(path) == {"a": False, "b": False, "c": False}


def test_R_INI_5_aware_stay_flat_footed_through_surprise_round(run, encounter):
    path = encounter(surprise_fight())
    roll_init_exact(run, path, "5,15,10")
    assert flat(path) == {"a": True, "b": True, "c": True}  # c's surprise turn runs
    run("next", path)  # a's surprise turn
    assert flat(path) == {"a": True, "b": True, "c": True}
    run("next", path)  # round 1: b
    assert flat(path) == {"a": True, "b": False, "c": True}
    run("next", path)  # c
    assert flat(path) == {"a": True, "b": False, "c": False}
    run("next", path)  # a
    assert flat(path) == {"a": False, "b": False, "c": False}


# -- R-INI-6: flat-footed Defense and AoOs -------------------------------------------------------


def defense_fight(orc_first: bool, **orc: Any) -> tuple[str, str]:
    text = fight(person("hero", "heroes", 0),
                 person("orc", "monsters", 0, **orc))
    return text, ("5,15" if orc_first else "15,5")


@pytest.mark.parametrize("keys,expected", [
    ({"dex_mod": 2, "dodge": 1, "defense": 16}, 13),
    ({"dex_mod": -2, "dodge": 1, "defense": 10}, 9),   # a negative dex_mod stays
    ({"dex_mod": 0, "dodge": 0, "defense": 14}, 14),
    ({"dex_mod": 3, "dodge": 0, "defense": 15}, 12),
])
def test_R_INI_6_flat_footed_loses_positive_dex_and_dodge(run, encounter, keys, expected):
    text, faces = defense_fight(False, **keys)
    path = encounter(text)
    roll_init_exact(run, path, faces)
    # d20 + 2 (club) == expected: exactly the flat-footed Defense, so it hits
    r = run("attack", path, "hero", "orc", "--dice", f"{expected - 2},1", "--format", "json")
    assert r.code == 0, r.err
    (atk,) = events(r, "AttackRolled")
    assert atk["defense"] == expected
    assert atk["hit"] is True
    assert people(path)["orc"]["hp"] == 10 - 1


def test_R_INI_6_flat_footed_defense_shown_in_post(run, encounter):
    text, faces = defense_fight(False, dex_mod=2, dodge=1, defense=16)
    path = encounter(text)
    roll_init_exact(run, path, faces)
    r = run("attack", path, "hero", "orc", "--dice", "10,1", "--format", "plain")
    assert r.code == 0, r.err
    assert "Defense 13" in r.out
    assert "flat-footed" in r.out


def test_R_INI_6_full_defense_once_not_flat_footed(run, encounter):
    text, faces = defense_fight(True, dex_mod=2, dodge=1, defense=16)
    path = encounter(text)
    roll_init_exact(run, path, faces)
    run("next", path)  # the orc had its turn: no longer flat-footed
    r = run("attack", path, "hero", "orc", "--dice", "11", "--format", "json")
    assert r.code == 0, r.err
    (atk,) = events(r, "AttackRolled")
    assert atk["defense"] == 16
    assert atk["hit"] is False  # 11 + 2 = 13 < 16


def aoo_fight() -> str:
    return fight(person("hero", "heroes", 0, position=[0, 0], hp=30),
                 person("orc", "monsters", 0, position=[1, 0]),
                 rules="aoo_engages = false")


def test_R_INI_6_flat_footed_makes_no_aoo(run, encounter):
    path = encounter(aoo_fight())
    roll_init_exact(run, path, "15,5")  # the hero first: the orc is still flat-footed
    r = run("move", path, "hero", "-1,0", "--format", "json")
    assert r.code == 0, r.err
    assert not [e for e in events(r, "AttackRolled") if e["kind"] == "aoo"]
    assert people(path)["hero"]["position"] == [-1, 0]


def test_R_INI_6_not_flat_footed_makes_aoo(run, encounter):
    path = encounter(aoo_fight())
    roll_init_exact(run, path, "5,15")  # the orc first: its turn ends its flat-footedness
    run("next", path)
    r = run("move", path, "hero", "-1,0", "--dice", "1", "--format", "json")
    assert r.code == 0, r.err
    aoos = [e for e in events(r, "AttackRolled") if e["kind"] == "aoo"]
    assert [a["attacker"] for a in aoos] == ["orc"]


# -- R-INI-7: those who cannot act keep their initiative -------------------------------------------


def test_R_INI_7_dying_keeps_initiative_and_place(run, encounter):
    path = encounter(fight(person("a", "heroes"), person("b", "heroes"),
                           person("c", "monsters")))
    roll_init_exact(run, path, "15,10,5")
    assert run("hp", path, "b", "-15").code == 0
    assert people(path)["b"]["status"] == "dying"
    assert people(path)["b"]["initiative"] == 10
    assert order(path) == ["a", "b", "c"]
    r = run("next", path, "--dice", "50")  # b's bleeding check, then c
    assert r.code == 0, r.err
    assert state(path)["turn"] == "c"
    assert people(path)["b"]["initiative"] == 10
    assert run("hp", path, "b", "+20").code == 0
    assert turns(run, path, 2) == ["a", "b"]
    assert order(path) == ["a", "b", "c"]


def test_R_INI_7_dead_keep_initiative(run, encounter):
    path = encounter(fight(person("a", "heroes"), person("b", "heroes"),
                           person("c", "monsters")))
    roll_init_exact(run, path, "15,10,5")
    assert run("hp", path, "b", "-30").code == 0
    assert people(path)["b"]["status"] == "dead"
    assert people(path)["b"]["initiative"] == 10
    assert "b" in order(path)


# -- R-INI-8: newcomers and --reroll ----------------------------------------------------------


def test_R_INI_8_newcomer_skipped_until_placed(run, encounter):
    path = encounter(fight(person("a", "heroes"), person("c", "monsters")))
    roll_init_exact(run, path, "15,5")
    append(path, person("n", "monsters"))
    assert turns(run, path, 5) == ["c", "a", "c", "a", "c"]
    assert "n" not in order(path)
    r = roll_init_exact(run, path, "10")
    assert order(path) == ["a", "n", "c"]
    assert people(path)["n"]["initiative"] == 10
    assert people(path)["a"]["initiative"] == 15 and people(path)["c"]["initiative"] == 5
    assert len(events(r, "InitiativeRolled")) == 1  # for the newcomer alone
    assert counter(path) == 0
    assert turns(run, path, 3) == ["a", "n", "c"]


def test_R_INI_8_newcomer_tie_higher_modifier_first(run, encounter):
    path = encounter(fight(person("a", "heroes"), person("c", "monsters")))
    roll_init_exact(run, path, "15,10")
    append(path, person("n", "monsters", 2))
    roll_init_exact(run, path, "8")  # 8 + 2 = 10 ties c (mod 0)
    assert order(path) == ["a", "n", "c"]


def test_R_INI_8_newcomer_tie_lower_modifier_after(run, encounter):
    path = encounter(fight(person("a", "heroes"), person("c", "monsters", 3)))
    roll_init_exact(run, path, "15,7")  # c: 10
    append(path, person("n", "monsters", 1))
    roll_init_exact(run, path, "9")  # 10, mod 1 < 3
    assert order(path) == ["a", "c", "n"]


def test_R_INI_8_newcomer_roll_off_dice_in_file_order(run, encounter):
    path = encounter(fight(person("a", "heroes"), person("c", "monsters")))
    roll_init_exact(run, path, "15,10")
    append(path, person("n", "monsters"))
    # n ties c (10, mod 0): roll-off dice in file order, c first (3), then n (15)
    r = roll_init_exact(run, path, "10,3,15")
    assert order(path) == ["a", "n", "c"]
    offs = events(r, "RollOffRolled")
    assert [e["members"] for e in offs] == [["c"], ["n"]]


def test_R_INI_8_newcomer_joins_its_groups_total_without_rolling(run, encounter):
    path = encounter(fight(person("w1", "monsters", group="wolves"),
                           person("a", "heroes")))
    roll_init_exact(run, path, "12,8")
    n_before = counter(path)
    append(path, person("w2", "monsters", 5, group="wolves"))
    r = run("roll-initiative", path, "--format", "json")
    assert r.code == 0, r.err
    assert people(path)["w2"]["initiative"] == 12
    assert order(path) == ["w1", "w2", "a"]
    assert not events(r, "InitiativeRolled")
    assert counter(path) == n_before


def test_R_INI_8_several_newcomers_roll_in_file_order(run, encounter):
    path = encounter(fight(person("a", "heroes"), person("c", "monsters")))
    roll_init_exact(run, path, "15,5")
    append(path, person("n1", "monsters"))
    append(path, person("n2", "heroes"))
    roll_init_exact(run, path, "3,20")
    assert order(path) == ["n2", "a", "c", "n1"]


def test_R_INI_8_nobody_new_refused(run, encounter):
    path = encounter(fight(person("a", "heroes"), person("c", "monsters")))
    roll_init_exact(run, path, "15,5")
    append(path, person("n", "monsters"))
    roll_init_exact(run, path, "10")
    before = snapshot(path)
    r = run("roll-initiative", path)
    assert_refused(r, "R-INI-1", path, before)


def test_R_INI_8_reroll_rerolls_everyone_and_restarts_round(run, encounter):
    path = encounter(fight(person("a", "heroes"), person("b", "heroes"),
                           person("c", "monsters")))
    roll_init_exact(run, path, "15,10,5")
    assert turns(run, path, 3) == ["b", "c", "a"]  # round 2, a's turn
    run("next", path)  # round 2: b's turn; a has acted
    assert state(path)["round"] == 2
    r = roll_init_exact(run, path, "1,20,10", "--reroll")
    assert len(events(r, "InitiativeRolled")) == 3
    assert order(path) == ["b", "c", "a"]
    assert {k: v["initiative"] for k, v in people(path).items()} == {"a": 1, "b": 20, "c": 10}
    st = state(path)
    assert (st["round"], st["turn"]) == (2, "b")
    # the whole round is played again in the new order, a included
    assert turns(run, path, 2) == ["c", "a"]
    assert state(path)["round"] == 2
    assert turns(run, path, 1) == ["b"]
    assert state(path)["round"] == 3


def test_R_INI_8_reroll_settles_ties_by_rule(run, encounter):
    path = encounter(fight(person("a", "heroes", 1), person("b", "monsters", 3)))
    roll_init_exact(run, path, "15,5")
    roll_init_exact(run, path, "12,10", "--reroll")  # 13 vs 13: higher mod first
    assert order(path) == ["b", "a"]


def test_R_INI_2_newcomers_tied_with_each_other_roll_off_once(run, encounter):
    """Two newcomers tied with each other (and nobody else): one roll-off, dice in file order,
    and only that roll-off orders them (R-INI-2, R-DIC-4) — no second roll-off between them
    when they are slotted in."""
    path = encounter(fight(person("a", "heroes"), person("c", "monsters")))
    roll_init_exact(run, path, "15,5")
    append(path, person("n1", "monsters"))
    append(path, person("n2", "heroes"))
    r = run("roll-initiative", path, "--dice", "10,10,1,7", "--format", "json")
    assert r.code == 0, r.err
    assert [e["members"] for e in events(r, "RollOffRolled")] == [["n1"], ["n2"]]
    assert order(path) == ["a", "n2", "n1", "c"]
    assert counter(path) == 0  # no generator die drawn for a second roll-off
