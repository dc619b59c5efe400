"""Conditions (R-CND-1…4): the `condition` command, durations, known effects, undo."""

from __future__ import annotations

import tomllib
from typing import Any

from helpers import (
    NOW,
    build,
    doc,
    events,
    ok,
    ranged,
    refused,
    roll_init,
    snapshot,
    state,
    warrior,
    who,
)

from pbwcombat import actions as act
from pbwcombat.dice import DiceSource
from pbwcombat.dispatch import apply_action
from pbwcombat.document import from_document
from pbwcombat.errors import IllegalAction
from pbwcombat.model import Encounter


def trio(rules: str = "", orc_extra: str = "", hero_extra: str = "") -> str:
    """Hero (first) and an archer ally against an orc beside the hero."""
    return build(warrior("hero", "heroes", (0, 0), init=5, defense=15, extra=hero_extra),
                 warrior("orc", "monsters", (1, 0), init=2, defense=14,
                         extra="dex_mod = 2\ndodge = 1\n" + orc_extra),
                 warrior("archer", "heroes", (6, 0), ranged("bow", rng=20), init=0),
                 rules=rules)


def quartet() -> str:
    """The trio and a goblin far away (killing the orc does not end the fight)."""
    return trio() + "\n" + warrior("gob", "monsters", (9, 9), init=-1)


def conds(path: Any, cid: str) -> dict[str, Any]:
    return dict(who(path, cid).get("conditions", {}))


def started(run: Any, encounter: Any, text: str, faces: str = "15,10,5") -> Any:
    path = encounter(text)
    roll_init(run, path, faces)
    return path


# -- R-CND-1: the command -------------------------------------------------------------------


def test_R_CND_1_condition_put_on_several_and_taken_off(run, encounter):
    path = started(run, encounter, trio())
    r = ok(run("condition", path, "orc,archer", "blessed", "--format", "json"))
    applied = events(r, "ConditionApplied")
    assert [(e["who"], e["condition"], e["turns"]) for e in applied] == [
        ("orc", "blessed", None), ("archer", "blessed", None)]
    assert conds(path, "orc") == {"blessed": {}} and conds(path, "archer") == {"blessed": {}}
    # one line for the condition put on both, in the plural (R-OUT-5)
    assert "Orc and Archer are blessed (until removed)." in r.json()["text"]
    r = ok(run("condition", path, "orc", "blessed", "--remove"))
    assert "Orc is no longer blessed." in r.out
    assert conds(path, "orc") == {} and conds(path, "archer") == {"blessed": {}}


def test_R_CND_1_applying_again_replaces_the_duration(run, encounter):
    path = started(run, encounter, trio())
    ok(run("condition", path, "orc", "stunned", "--rounds", "3"))
    r = ok(run("condition", path, "orc", "stunned", "--rounds", "1", "--ends", "end"))
    assert "stays stunned, now until the end of Hero's next turn" in r.out
    assert conds(path, "orc") == {"stunned": {"ends": "end", "of": "hero", "turns": 1}}


def test_R_CND_1_removing_a_condition_not_held_is_refused(run, encounter):
    path = started(run, encounter, trio())
    refused(run, path, "R-CND-1", "condition", path, "orc", "prone", "--remove")


def test_R_CND_1_bad_arguments_are_usage_errors(run, encounter):
    path = started(run, encounter, trio())
    before = snapshot(path)
    for args in (["orc", "Not A Slug"], ["orc", "prone", "--rounds", "0"],
                 ["orc", "prone", "--of", "hero"], ["orc", "prone", "--ends", "middle",
                                                     "--rounds", "1"],
                 ["orc", "prone", "--remove", "--rounds", "1"], ["nobody", "prone"],
                 ["orc", "prone", "--rounds", "1", "--of", "nobody"]):
        r = run("condition", path, *args)
        assert r.code == 2, (args, r.out, r.err)
    assert snapshot(path) == before


def test_R_CND_1_refused_after_the_combat(run, encounter):
    path = started(run, encounter, trio())
    ok(run("end", path))
    refused(run, path, "R-TRN-6", "condition", path, "orc", "prone")


def test_R_CND_1_help_has_an_example(run):
    r = run("condition", "--help")
    assert r.code == 0 and "Example" in r.out and "--rounds" in r.out


# -- R-CND-2: durations ----------------------------------------------------------------------


def test_R_CND_2_default_of_is_whoever_turn_it_is_and_ends_at_its_start(run, encounter):
    path = started(run, encounter, trio())  # hero, orc, archer
    ok(run("condition", path, "orc", "prone", "--rounds", "2"))
    assert conds(path, "orc") == {"prone": {"ends": "start", "of": "hero", "turns": 2}}
    ok(run("next", path))
    ok(run("next", path))
    r = ok(run("next", path))  # hero's 2nd turn start in the file's count: turns 2 → 1
    assert state(path)["round"] == 2 and conds(path, "orc")["prone"]["turns"] == 1
    assert "no longer" not in r.out
    ok(run("next", path))
    ok(run("next", path))
    r = ok(run("next", path, "--format", "json"))  # round 3, hero's turn: it ends now
    assert state(path)["turn"] == "hero"
    assert [e["reason"] for e in events(r, "ConditionRemoved")] == ["expired"]
    assert "Orc is no longer prone: the condition has run its course." in r.json()["text"]
    assert conds(path, "orc") == {}


def test_R_CND_2_ends_end_lasts_through_that_turn(run, encounter):
    path = started(run, encounter, trio())
    ok(run("condition", path, "hero", "blessed", "--rounds", "1", "--of", "orc",
           "--ends", "end"))
    r = ok(run("next", path))  # orc's turn starts: 1 → 0, still held
    assert state(path)["turn"] == "orc"
    assert conds(path, "hero")["blessed"]["turns"] == 0 and "no longer" not in r.out
    show = ok(run("show", path))
    assert "blessed (until the end of Orc's current turn)" in show.out
    r = ok(run("next", path))  # the orc's turn ends: gone, said in this post
    assert "Hero is no longer blessed: the condition has run its course." in r.out
    assert conds(path, "hero") == {}


def test_R_CND_2_outside_any_turn_the_affected_combatant_counts(run, encounter):
    path = encounter(trio())
    ok(run("condition", path, "orc", "paralyzed", "--rounds", "1"))  # before initiative
    assert conds(path, "orc") == {"paralyzed": {"ends": "start", "of": "orc", "turns": 1}}
    roll_init(run, path, "15,10,5")
    r = ok(run("next", path))  # the orc's first turn start ends it: it acts
    assert "Orc is no longer paralyzed" in r.out
    assert state(path)["turn"] == "orc"


def test_R_CND_2_show_lists_every_condition_with_what_is_left(run, encounter):
    path = started(run, encounter, trio())
    ok(run("condition", path, "orc", "prone"))
    ok(run("condition", path, "orc", "stunned", "--rounds", "3", "--of", "archer"))
    out = ok(run("show", path)).out
    orc_line = next(line for line in out.splitlines() if "Orc" in line)
    assert "prone (until removed)" in orc_line
    assert "stunned (until the start of Archer's 3rd turn from now)" in orc_line
    es = ok(run("show", path, "--lang", "es")).out
    assert "derribado (sin límite de tiempo)" in es
    assert "aturdido (hasta el inicio del 3.º turno de Archer a partir de ahora)" in es
    data = ok(run("show", path, "--format", "json")).json()
    orc = next(c for c in data["status"]["combatants"] if c["id"] == "orc")
    assert orc["conditions"] == {"prone": {},
                                 "stunned": {"ends": "start", "of": "archer", "turns": 3}}


# -- R-CND-3: known conditions ------------------------------------------------------------------


def test_R_CND_3_prone_defense_against_melee_and_ranged_and_own_melee(run, encounter):
    path = started(run, encounter, trio('ranged_into_melee = "penalty"'))
    ok(run("next", path))  # orc's turn: flat-footedness over for hero and orc
    ok(run("condition", path, "orc", "prone"))
    r = ok(run("attack", path, "orc", "hero", "--dice", "10,1", "--format", "json"))
    (roll,) = events(r, "AttackRolled")
    assert roll["roll"]["total"] == 10 + 4 - 4  # own melee attacks −4
    assert any(m["note"] == "prone" and m["value"] == -4 for m in roll["roll"]["mods"])
    ok(run("next", path))  # archer (still flat-footed: no dex to lose anyway)
    r = ok(run("attack", path, "archer", "orc", "--dice", "1", "--format", "json"))
    assert events(r, "AttackRolled")[0]["defense"] == 14 + 4  # +4 against ranged
    ok(run("next", path))  # hero
    r = ok(run("attack", path, "hero", "orc", "--dice", "1", "--format", "json"))
    assert events(r, "AttackRolled")[0]["defense"] == 14 - 4  # −4 against melee
    assert "against Defense 10 (prone)" in r.json()["text"]


def test_R_CND_3_stunned_and_paralyzed_lose_dex_and_dodge_and_more(run, encounter):
    path = started(run, encounter, trio())
    ok(run("next", path))
    ok(run("next", path))  # archer: the orc has had its turn (not flat-footed)
    ok(run("condition", path, "orc", "stunned"))
    r = ok(run("attack", path, "archer", "orc", "--dice", "1", "--format", "json"))
    assert events(r, "AttackRolled")[0]["defense"] == 14 - 2 - 1 - 2
    ok(run("undo", path))
    ok(run("undo", path))
    ok(run("condition", path, "orc", "paralyzed"))
    r = ok(run("attack", path, "archer", "orc", "--dice", "1", "--format", "json"))
    assert events(r, "AttackRolled")[0]["defense"] == 14 - 2 - 1 - 5


def test_R_CND_3_flat_footed_on_demand_loses_dex_and_aoos(run, encounter):
    path = started(run, encounter, trio())
    ok(run("next", path))  # the orc's own turn: its start-of-combat flag is gone
    ok(run("next", path))
    ok(run("condition", path, "orc", "flat-footed"))
    assert who(path, "orc")["flat_footed"] is False
    r = ok(run("attack", path, "archer", "orc", "--dice", "1", "--format", "json"))
    rolled = events(r, "AttackRolled")[0]
    assert rolled["defense"] == 14 - 2 - 1 and rolled["flat_footed"] is True
    ok(run("next", path))  # hero walks away from the flat-footed orc: no AoO
    r = ok(run("move", path, "hero", "0,3", "--format", "json"))
    assert not [e for e in events(r, "AttackRolled") if e["kind"] == "aoo"]


def test_R_CND_3_paralyzed_turn_skipped_keeps_place_and_counts(run, encounter):
    path = started(run, encounter, trio())
    ok(run("condition", path, "orc", "paralyzed", "--rounds", "2", "--of", "orc"))
    r = ok(run("next", path, "--format", "json"))
    skipped = events(r, "TurnSkipped")
    assert [(e["who"], e["reason"]) for e in skipped] == [("orc", "paralyzed")]
    assert "Orc is paralyzed and loses this turn" in r.json()["text"]
    assert state(path)["turn"] == "archer"
    assert state(path)["order"] == ["hero", "orc", "archer"]
    assert who(path, "orc")["flat_footed"] is False  # a skipped turn ends flat-footedness
    assert conds(path, "orc")["paralyzed"]["turns"] == 1  # and counts for durations
    ok(run("next", path))
    r = ok(run("next", path))  # round 2: its 2nd turn start ends the paralysis; it acts
    assert "Orc is no longer paralyzed" in r.out
    assert state(path)["turn"] == "orc"


def test_R_CND_3_a_helpless_combatant_makes_no_aoo_and_cannot_act(run, encounter):
    path = started(run, encounter, trio())
    ok(run("next", path))
    ok(run("next", path))
    ok(run("next", path))  # round 2, hero: the orc is no longer flat-footed
    ok(run("condition", path, "orc", "stunned"))
    r = ok(run("move", path, "hero", "0,3", "--format", "json"))
    assert not events(r, "AttackRolled") and not events(r, "AttackTotalRolled")
    refused(run, path, "R-CND-3", "attack", path, "orc", "hero")
    ok(run("next", path))  # the orc is skipped; archer
    assert state(path)["turn"] == "archer"


def test_R_CND_3_stunned_still_stands_for_the_end_of_combat(run, encounter):
    path = encounter(build(warrior("hero", "heroes", (0, 0), init=5),
                           warrior("orc", "monsters", (5, 5))))
    roll_init(run, path, "15,5")
    ok(run("condition", path, "orc", "paralyzed"))
    ok(run("next", path))
    ok(run("next", path))
    assert state(path)["phase"] == "combat" and state(path)["turn"] == "hero"


# -- the built-in stand-up action ------------------------------------------------------------------


def _enc(text: str) -> Encounter:
    return from_document(tomllib.loads(text))


def _apply(enc: Encounter, action: object, faces: list[int]) -> Any:
    return apply_action(enc, action, DiceSource(b"k" * 32, 0, faces), NOW)


def test_R_CND_3_stand_up_is_a_move_action_that_provokes_and_removes_prone():
    enc = _enc(trio())
    enc = _apply(enc, act.RollInitiative(), [15, 10, 5]).enc
    for _ in range(3):  # round 2, hero's turn: nobody is flat-footed any more
        enc = _apply(enc, act.Next(), []).enc
    enc = _apply(enc, act.SetCondition(("hero",), "prone"), []).enc
    res = _apply(enc, act.StandUp("hero"), [2])  # the orc's AoO misses
    kinds = [type(e).__name__ for e in res.events]
    assert kinds.index("AttackRolled") < kinds.index("ConditionRemoved")
    assert "prone" not in res.enc.get("hero").conditions
    assert res.enc.state.spent.moves == 1


def test_R_CND_3_stand_up_after_a_crawl_but_not_after_two_moves():
    """R-CND-9: prone, its only movement is a crawl of one square (a move action)."""
    enc = _enc(trio())
    enc = _apply(enc, act.RollInitiative(), [15, 10, 5]).enc
    enc = _apply(enc, act.SetCondition(("hero",), "prone"), []).enc
    crawled = _apply(enc, act.Move("hero", ((0, 1),)), [2]).enc
    assert "prone" not in _apply(crawled, act.StandUp("hero"), [2]).enc.get("hero").conditions
    moved = _apply(crawled, act.Move("hero", ((0, 2),)), [2]).enc  # a second crawl
    try:
        _apply(moved, act.StandUp("hero"), [])
    except IllegalAction as e:
        assert e.rule == "R-TRN-3"
    else:
        raise AssertionError("standing up after a double move was allowed")


# -- R-CND-4: state -----------------------------------------------------------------------------


def test_R_CND_4_undo_restores_conditions(run, encounter):
    path = started(run, encounter, trio())
    ok(run("condition", path, "orc", "prone", "--rounds", "1"))
    before = snapshot(path)
    ok(run("next", path))
    ok(run("next", path))
    ok(run("next", path))
    assert conds(path, "orc") == {}
    for _ in range(3):
        ok(run("undo", path))
    assert snapshot(path)[0] == before[0]
    assert conds(path, "orc") == {"prone": {"ends": "start", "of": "hero", "turns": 1}}


def test_R_CND_4_duration_of_a_dead_combatant_ends_next_round(run, encounter):
    path = started(run, encounter, quartet(), "15,10,5,1")
    ok(run("condition", path, "hero", "blessed", "--rounds", "5", "--of", "orc"))
    ok(run("hp", path, "orc", "-30"))
    assert who(path, "orc")["status"] == "dead"
    ok(run("next", path))  # orc skipped (dead), archer
    ok(run("next", path))  # gob
    assert conds(path, "hero") != {}
    r = ok(run("next", path, "--format", "json"))  # round 2 starts: the duration ends
    removed = events(r, "ConditionRemoved")
    assert [(e["who"], e["reason"]) for e in removed] == [("hero", "of_gone")]


def test_R_CND_4_the_dead_keep_their_conditions_silently(run, encounter):
    path = started(run, encounter, quartet(), "15,10,5,1")
    ok(run("condition", path, "orc", "prone", "--rounds", "1"))
    ok(run("hp", path, "orc", "-30"))
    for _ in range(4):
        r = ok(run("next", path))
        assert "prone" not in r.out
    assert conds(path, "orc") == {"prone": {"ends": "start", "of": "hero", "turns": 1}}


# -- the file ------------------------------------------------------------------------------------


def test_R_CND_validate_refuses_a_malformed_conditions_table(run, encounter):
    text = trio(orc_extra='conditions = { prone = { turns = 2 }, stunned = "yes", '
                          'blessed = { ends = "later", of = "orc", turns = 1 } }\n')
    path = encounter(text)
    r = run("validate", path)
    assert r.code == 65
    assert "combatants[1].conditions.prone: a duration needs ends, of and turns" in r.err
    assert "combatants[1].conditions.stunned: expected a table" in r.err
    assert "combatants[1].conditions.blessed.ends:" in r.err
    path = encounter(trio(orc_extra='conditions = { prone = { ends = "start", of = "nobody", '
                                    'turns = 1 } }\n'), name="b.toml")
    r = run("validate", path)
    assert r.code == 65
    assert 'combatants[1].conditions.prone.of: unknown combatant "nobody"' in r.err


def test_R_CND_a_hand_written_condition_loads_and_counts(run, encounter):
    path = encounter(trio(orc_extra="conditions = { paralyzed = {} }\n"))
    assert ok(run("validate", path)).out == "ok\n"
    roll_init(run, path, "15,10,5")
    r = ok(run("next", path))
    assert "Orc is paralyzed and loses this turn" in r.out
    assert doc(path)["combatants"][1]["conditions"] == {"paralyzed": {}}


def test_R_CND_posts_in_spanish(run, encounter):
    path = started(run, encounter, trio())
    r = ok(run("condition", path, "orc", "prone", "--rounds", "1", "--lang", "es"))
    assert "Orc queda [b]derribado" not in r.out  # plain format: no markup
    assert "Orc queda derribado (hasta el inicio del próximo turno de Hero)." in r.out


def test_R_CND_3_a_guard_paralyzed_ends_its_guard_at_its_skipped_turn(run, encounter):
    path = encounter(build(warrior("hero", "heroes", (0, 0), init=5),
                           warrior("archer", "heroes", (0, 1), init=3),
                           warrior("orc", "monsters", (5, 5))))
    roll_init(run, path, "15,15,5")
    ok(run("intercept", path, "hero", "archer"))
    ok(run("condition", path, "hero", "paralyzed", "--rounds", "2", "--of", "archer",
           "--ends", "end"))
    for _ in range(3):
        ok(run("next", path))  # archer (2 → 1), orc, round 2: hero skipped, archer (1 → 0)
    assert state(path)["turn"] == "archer"
    assert who(path, "hero").get("guarding") is None
    r = ok(run("next", path))  # the archer's turn ends: so does the paralysis
    assert "Hero is no longer paralyzed" in r.out


def test_R_CND_spanish_agrees_with_gender(run, encounter):
    path = encounter(trio(orc_extra='gender = "f"\n').replace('name = "Orc"', 'name = "Orca"'))
    roll_init(run, path, "15,10,5")
    r = ok(run("condition", path, "orc", "paralyzed", "--lang", "es"))
    assert "Orca queda paralizada (sin límite de tiempo)." in r.out
    r = ok(run("next", path, "--lang", "es"))
    assert "Orca está paralizada y pierde este turno" in r.out
    assert "paralizada (sin límite de tiempo)" in ok(run("show", path, "--lang", "es")).out


def test_R_CND_3_rounds_pass_while_nobody_can_act_until_a_duration_ends(run, encounter):
    """Every combatant still standing stunned or paralyzed: their skipped turns still count
    for durations (R-CND-3), so `next` goes on round after round until one ends, instead of
    refusing."""
    path = encounter(build(warrior("hero", "heroes", (0, 0), init=5),
                           warrior("orc", "monsters", (5, 5))))
    roll_init(run, path, "15,5")  # hero, orc; round 1, the hero's turn
    ok(run("condition", path, "hero", "stunned", "--rounds", "3", "--of", "hero"))
    ok(run("condition", path, "orc", "paralyzed", "--rounds", "2", "--of", "hero"))
    r = ok(run("next", path, "--format", "json"))
    # the orc skipped; round 2: both skipped; round 3: the hero's turn start ends the
    # paralysis (the hero, still stunned, is skipped) and the orc acts
    assert state(path)["round"] == 3 and state(path)["turn"] == "orc"
    assert "paralyzed" not in conds(path, "orc")
    assert conds(path, "hero")["stunned"]["turns"] == 1
    assert [e["who"] for e in events(r, "TurnSkipped")] == ["orc", "hero", "orc", "hero"]


def test_R_CND_3_nobody_can_ever_act_is_still_refused(run, encounter):
    path = encounter(build(warrior("hero", "heroes", (0, 0), init=5),
                           warrior("orc", "monsters", (5, 5))))
    roll_init(run, path, "15,5")
    ok(run("condition", path, "hero,orc", "paralyzed"))  # until removed
    refused(run, path, "R-TRN-4", "next", path)


def test_R_CND_2_rounds_beyond_the_files_bound_is_a_usage_error(run, encounter):
    """SPEC: an argument out of the file's bounds is exit 2 (`turns` ≤ 1,000,000)."""
    path = started(run, encounter, trio())
    before = snapshot(path)
    for n in ("1000001", "99999999999999999999"):
        r = run("condition", path, "orc", "stunned", "--rounds", n)
        assert r.code == 2, (n, r.code, r.err)
    assert snapshot(path) == before
    ok(run("condition", path, "orc", "stunned", "--rounds", "1000000"))


def test_R_CND_2_ends_end_on_a_dying_of_ends_with_its_skipped_turn(run, encounter):
    """The dying keep their turns for durations (ruling, R-CND-3): a duration counted on a
    dying combatant that ends at the end of its turn ends when that skipped turn is over,
    as one ending at the start does, instead of lingering at 0 turns."""
    path = started(run, encounter, trio())  # hero, orc, archer; the hero's turn
    ok(run("condition", path, "orc", "shaken", "--rounds", "1", "--ends", "end"))
    ok(run("condition", path, "archer", "blessed", "--rounds", "1", "--of", "hero"))
    ok(run("hp", path, "hero", "-21"))  # dying
    ok(run("next", path))
    ok(run("next", path))
    r = ok(run("next", path, "--dice", "50"))  # round 2: the hero bleeds, its turn skipped
    assert state(path)["round"] == 2 and state(path)["turn"] == "orc"
    assert "blessed" not in conds(path, "archer")  # ended at the start of that turn
    assert "shaken" not in conds(path, "orc"), r.out  # and this one at its end


def test_R_CND_3_a_dying_or_stable_combatants_passed_over_turn_ends_flat_footedness(
        run, encounter):
    """R-CND-3: "A skipped turn still counts as its turn: it ends flat-footedness". The dying
    and the stable cannot act (R-TRN-4), so theirs is a skipped turn too (ruling: it counts,
    as for durations): the archer, flat-footed until its first turn (R-INI-5), drops dying
    before it and is no longer flat-footed once that turn is passed over; a dead one's is not."""
    path = started(run, encounter, trio())  # hero, orc, archer; the hero's turn
    assert who(path, "archer")["flat_footed"] is True
    ok(run("hp", path, "archer", "-21"))  # dying at -1
    ok(run("next", path))  # the orc's turn
    r = ok(run("next", path, "--dice", "50", "--format", "json"))  # bleeds; passed over
    assert [e["who"] for e in events(r, "TurnSkipped")] == ["archer"]
    assert who(path, "archer")["hp"] == -2 and who(path, "archer")["flat_footed"] is False

    path = started(run, encounter, trio())
    ok(run("hp", path, "archer", "-21"))
    ok(run("next", path))
    ok(run("next", path, "--dice", "5"))  # 1-10: stable, and the turn still counts
    assert who(path, "archer")["status"] == "stable"
    assert who(path, "archer")["flat_footed"] is False

    path = started(run, encounter, trio())
    ok(run("hp", path, "archer", "-40"))  # dead: it has no turn (ruling, R-CND-3)
    ok(run("next", path))
    ok(run("next", path))
    assert who(path, "archer")["flat_footed"] is True
