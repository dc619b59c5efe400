"""R-RDY-1…5: `ready WHO PLAN --when TRIGGER`, the plans firing inside the acts that set them
off, the initiative change, the lapse, and the passer-by. Dice only through --dice."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import (
    build,
    doc,
    engaged,
    events,
    faces,
    melee,
    ok,
    pos,
    ranged,
    refused,
    snapshot,
    state,
    warrior,
    who,
)

# The hall: Aldric (sword) and Mira (bow, range 10; a dagger) against a goblin far to the east.
# Initiative faces 15, 20, 5 in file order: Mira (20), Aldric (15), the goblin (5).


def hall(encounter, aldric=(0, 2), mira=(0, 0), gob=(8, 0), bow_range=10, ammo=None,
         gob_hp=10) -> Path:
    return encounter(build(
        warrior("aldric", "heroes", aldric, melee("sword", 5, "1d8")),
        warrior("mira", "heroes", mira, ranged("bow", 4, "1d6", bow_range, ammo),
                melee("dagger", 2, "1d4")),
        warrior("gob", "monsters", gob, melee("blade", 3, "1d6"), hp=gob_hp, defense=12)))


def _initiative(run, path: Path) -> None:
    ok(run("roll-initiative", path, "--dice", "15,20,5"))
    assert state(path)["order"] == ["mira", "aldric", "gob"]


def to_goblin(run, path: Path) -> None:
    """From Mira's turn on to the goblin's."""
    while state(path)["turn"] != "gob":
        ok(run("next", path))


def readied(path: Path, cid: str):
    return who(path, cid).get("readied")


def attackers(r) -> list[str]:
    return [e["attacker"] for e in events(r, "AttackRolled")]


# -- R-RDY-1: the command, the state, show -----------------------------------------------------


def test_R_RDY_1_ready_is_a_standard_action_kept_as_state(run, encounter):
    path = hall(encounter)
    _initiative(run, path)
    r = ok(run("ready", path, "mira", "attack", "any", "--weapon", "bow", "--when",
               "enters:4,0", "--format", "json"))
    assert events(r, "ReadyDeclared")[0]["plan"] == "attack any --weapon bow"
    assert "when" not in events(r, "ReadyDeclared")[0]  # players do not see the trigger
    assert readied(path, "mira") == {"plan": "attack any --weapon bow", "when": "enters:4,0",
                                     "round": 1}
    refused(run, path, "R-TRN-3", "attack", path, "mira", "gob", "--dice", "2")


def test_R_RDY_1_show_gives_the_plan_and_only_the_gm_the_trigger(run, encounter):
    path = hall(encounter)
    _initiative(run, path)
    ok(run("ready", path, "mira", "attack", "any", "--weapon", "bow", "--when", "enters:4,0"))
    players = ok(run("show", path)).out
    gm = ok(run("show", path, "--gm")).out
    assert "ready: an attack with bow on whoever sets it off" in players
    assert "(4,0)" not in players and "(4,0)" in gm
    data = ok(run("show", path, "--format", "json")).json()["status"]["combatants"]
    assert next(c for c in data if c["id"] == "mira")["readied"] == {
        "plan": "attack any --weapon bow", "round": 1}


def test_R_RDY_1_show_in_spanish(run, encounter):
    path = hall(encounter)
    _initiative(run, path)
    ok(run("ready", path, "mira", "attack", "any", "--weapon", "bow", "--when", "within:3"))
    out = ok(run("show", path, "--gm", "--lang", "es")).out
    assert "preparado: un ataque con bow contra quien la desencadene" in out
    assert "cuando un enemigo se acerque a 3 casillas o menos" in out


@pytest.mark.parametrize("args", [
    ("attack", "any", "--when", "nowhere"),
    ("attack", "any", "--when", "within:x"),
    ("attack", "any", "--full", "--when", "passes"),
    ("attack", "--when", "passes"),
    ("move", "3,3", "4,4", "--when", "passes"),
    ("attack", "any"),
    ("attack", "any", "--when", "moves:nobody"),
    ("attack", "nobody", "--when", "passes"),
    ("attack", "any", "--weapon", "lance", "--when", "passes"),
])
def test_R_RDY_1_malformed_plans_and_triggers_are_exit_2(run, encounter, args):
    path = hall(encounter)
    _initiative(run, path)
    before = snapshot(path)
    r = run("ready", path, "mira", *args)
    assert r.code == 2, (r.code, r.err)
    assert snapshot(path) == before


def test_R_RDY_1_readied_is_validated_on_load(run, encounter):
    for bad in ('{ plan = "attack any --full", when = "passes", round = 1 }',
                '{ plan = "attack any", when = "sometime", round = 1 }'):
        path = encounter(build(warrior("a", "x", (0, 0), extra=f"readied = {bad}\n"),
                               warrior("b", "y", (3, 0))), name="bad.toml")
        r = run("validate", path)
        assert r.code == 65 and "readied" in r.err, r.err


def test_R_RDY_1_undo_gives_the_plan_back(run, encounter):
    path = hall(encounter)
    _initiative(run, path)
    ok(run("ready", path, "mira", "attack", "any", "--weapon", "bow", "--when", "enters:4,0"))
    to_goblin(run, path)
    ok(run("move", path, "gob", "2,0", "--dice", "2"))
    assert readied(path, "mira") is None
    ok(run("undo", path))
    assert readied(path, "mira")["when"] == "enters:4,0"


# -- R-RDY-1/2: each trigger firing and not firing ---------------------------------------------


def _ready_then_goblin(run, path: Path, *plan: str) -> None:
    _initiative(run, path)
    ok(run("ready", path, "mira", *plan))
    to_goblin(run, path)


def test_R_RDY_2_enters_fires_in_the_square_and_the_move_goes_on(run, encounter):
    path = hall(encounter)
    _ready_then_goblin(run, path, "attack", "any", "--weapon", "bow", "--when", "enters:4,0")
    r = ok(run("move", path, "gob", "2,0", "--dice", "2", "--format", "json"))
    assert attackers(r) == ["mira"]
    moved = events(r, "Moved")
    assert moved[0]["path"][-1] == [4, 0]  # where the goblin was when the arrow flew
    assert pos(path, "gob") == [2, 0] and readied(path, "mira") is None


def test_R_RDY_2_enters_does_not_fire_off_the_squares(run, encounter):
    path = hall(encounter)
    _ready_then_goblin(run, path, "attack", "any", "--weapon", "bow", "--when", "enters:4,4")
    r = ok(run("move", path, "gob", "2,0", "--format", "json"))
    assert attackers(r) == [] and readied(path, "mira") is not None


def test_R_RDY_2_passes_fires_at_the_first_square_in_range(run, encounter):
    path = hall(encounter, gob=(14, 0), bow_range=10)
    _ready_then_goblin(run, path, "attack", "any", "--weapon", "bow", "--when", "passes")
    r = ok(run("move", path, "gob", "8,0", "--dice", "2", "--format", "json"))
    assert attackers(r) == ["mira"] and events(r, "Moved")[0]["path"][-1] == [10, 0]


def test_R_RDY_2_passes_does_not_fire_out_of_range(run, encounter):
    path = hall(encounter, gob=(18, 0), bow_range=10)
    _ready_then_goblin(run, path, "attack", "any", "--weapon", "bow", "--when", "passes")
    r = ok(run("move", path, "gob", "12,0", "--format", "json"))
    assert attackers(r) == [] and readied(path, "mira") is not None


def test_R_RDY_2_within_does_not_fire_farther(run, encounter):
    path = hall(encounter)
    _ready_then_goblin(run, path, "attack", "any", "--weapon", "bow", "--when", "within:3")
    r = ok(run("move", path, "gob", "4,0", "--format", "json"))  # stops 4 squares away
    assert attackers(r) == [] and readied(path, "mira") is not None


def test_R_RDY_2_within_fires(run, encounter):
    path = hall(encounter)
    _ready_then_goblin(run, path, "attack", "any", "--weapon", "bow", "--when", "within:3")
    r = ok(run("move", path, "gob", "2,0", "--dice", "2", "--format", "json"))
    assert attackers(r) == ["mira"] and events(r, "Moved")[0]["path"][-1] == [3, 0]


def test_R_RDY_2_moves_fires_before_the_first_step(run, encounter):
    path = hall(encounter)
    _ready_then_goblin(run, path, "attack", "any", "--weapon", "bow", "--when", "moves:gob")
    r = ok(run("move", path, "gob", "4,0", "--dice", "2", "--format", "json"))
    kinds = [e["type"] for e in events(r) if e["type"] in ("AttackRolled", "Moved")]
    assert kinds == ["AttackRolled", "Moved"]
    assert events(r, "Moved")[0]["start"] == [8, 0]


def test_R_RDY_2_moves_does_not_fire_for_someone_else(run, encounter):
    path = hall(encounter)
    _ready_then_goblin(run, path, "attack", "any", "--weapon", "bow", "--when", "moves:aldric")
    r = ok(run("move", path, "gob", "4,0", "--format", "json"))
    assert attackers(r) == [] and readied(path, "mira") is not None


def test_R_RDY_2_acts_fires_before_the_first_die(run, encounter):
    path = hall(encounter, aldric=(7, 1))
    _ready_then_goblin(run, path, "attack", "any", "--weapon", "bow", "--when", "acts:gob")
    # Mira's d20 (2, a miss), then the goblin's own attack on Aldric (3, a miss)
    r = ok(run("attack", path, "gob", "aldric", "--dice", "2,3", "--format", "json"))
    assert attackers(r) == ["mira", "gob"]
    assert [faces(e["roll"])[0] for e in events(r, "AttackRolled")] == [2, 3]


def test_R_RDY_2_acts_does_not_fire_on_a_move(run, encounter):
    path = hall(encounter)
    _ready_then_goblin(run, path, "attack", "any", "--weapon", "bow", "--when", "acts:gob")
    r = ok(run("move", path, "gob", "4,0", "--format", "json"))
    assert attackers(r) == [] and readied(path, "mira") is not None


def test_R_RDY_1_a_named_target_fires_only_for_it(run, encounter):
    path = encounter(build(
        warrior("mira", "heroes", (0, 0), ranged("bow", 4, "1d6", 10)),
        warrior("gob", "monsters", (8, 0), hp=10),
        warrior("nit", "monsters", (8, 2), hp=10)))
    ok(run("roll-initiative", path, "--dice", "20,10,5"))
    ok(run("ready", path, "mira", "attack", "nit", "--weapon", "bow", "--when", "within:5"))
    ok(run("next", path))
    r = ok(run("move", path, "gob", "3,0", "--format", "json"))
    assert attackers(r) == [] and readied(path, "mira") is not None
    ok(run("next", path))
    r = ok(run("move", path, "nit", "3,2", "--dice", "2", "--format", "json"))
    assert attackers(r) == ["mira"]


def test_R_RDY_2_two_plans_fire_in_initiative_order_inside_one_move(run, encounter):
    # file order Aldric, Mira; initiative Mira (20) before Aldric (15)
    path = hall(encounter, aldric=(2, 1))
    _initiative(run, path)
    ok(run("ready", path, "mira", "attack", "any", "--weapon", "bow", "--when", "enters:3,0"))
    ok(run("next", path))
    ok(run("ready", path, "aldric", "attack", "any", "--when", "passes"))
    ok(run("next", path))
    r = ok(run("move", path, "gob", "3,0", "--dice", "2,2", "--format", "json"))
    assert attackers(r) == ["mira", "aldric"]
    assert [e["who"] for e in events(r, "ReadyFired")] == ["mira", "aldric"]


def test_R_RDY_2_aoo_for_the_square_left_comes_before_the_readied_plan(run, encounter):
    path = hall(encounter, aldric=(6, 1))  # Aldric threatens (7,0) and (6,0) and (5,0)
    _ready_then_goblin(run, path, "attack", "any", "--weapon", "bow", "--when", "enters:4,0")
    r = ok(run("move", path, "gob", "4,0", "--dice", "3", "--no-aoo", "aldric",
               "--format", "json"))
    assert attackers(r) == ["mira"]  # the AoO declined: the readied plan is not
    ok(run("undo", path))
    # leaving (7,0): Aldric's AoO (d20 2, a miss) and the goblin's R-AOO-5 disengage (its
    # Defense Total 19 against Aldric's 2); then, in (4,0), Mira's arrow (d20 3)
    r = ok(run("move", path, "gob", "3,0", "--dice", "2,19,2,3", "--format", "json"))
    kinds = [(e["attacker"], e["kind"]) for e in events(r, "AttackRolled")]
    assert kinds == [("aldric", "aoo"), ("mira", "attack")]
    assert faces(events(r, "AttackRolled")[1]["roll"])[0] == 3


def test_R_RDY_2_a_readied_shot_in_a_threatened_square_provokes(run, encounter):
    path = hall(encounter, mira=(0, 0), gob=(4, 0))
    _ready_then_goblin(run, path, "attack", "any", "--weapon", "bow", "--when", "within:1")
    # the goblin enters (1,0): Mira shoots from a square it threatens: its AoO first
    r = ok(run("move", path, "gob", "1,0", "--dice", "2,3", "--format", "json"))
    kinds = [(e["attacker"], e["kind"]) for e in events(r, "AttackRolled")]
    assert kinds == [("gob", "aoo"), ("mira", "attack")]


def test_R_RDY_2_an_illegal_plan_stays_ready(run, encounter):
    path = hall(encounter, bow_range=3)
    _ready_then_goblin(run, path, "attack", "any", "--weapon", "bow", "--when", "moves:gob")
    r = ok(run("move", path, "gob", "5,0", "--format", "json"))  # 8 squares away: no shot
    assert attackers(r) == [] and events(r, "ReadyHeld")[0]["reason"] == "out_of_range"
    assert readied(path, "mira") is not None and pos(path, "gob") == [5, 0]


def test_R_RDY_2_no_ammunition_keeps_it_ready(run, encounter):
    path = hall(encounter, ammo=0)
    _ready_then_goblin(run, path, "attack", "any", "--weapon", "bow", "--when", "moves:gob")
    r = ok(run("move", path, "gob", "5,0", "--format", "json"))
    assert events(r, "ReadyHeld")[0]["reason"] == "no_ammo" and readied(path, "mira")


def test_R_RDY_2_a_mover_dropped_stops_there(run, encounter):
    path = hall(encounter, gob_hp=2)
    _ready_then_goblin(run, path, "attack", "any", "--weapon", "bow", "--when", "enters:4,0")
    r = ok(run("move", path, "gob", "2,0", "--dice", "18,6", "--format", "json"))
    assert pos(path, "gob") == [4, 0]
    assert events(r, "MoveStopped")[0]["reason"] == "fell"


def test_R_RDY_1_a_readied_move(run, encounter):
    path = hall(encounter)
    _ready_then_goblin(run, path, "move", "0,4", "--when", "within:5")
    ok(run("move", path, "gob", "3,0"))
    assert pos(path, "mira") == [0, 4] and pos(path, "gob") == [3, 0]


def test_R_RDY_4_clear_declines_before_the_act(run, encounter):
    path = hall(encounter)
    _ready_then_goblin(run, path, "attack", "any", "--weapon", "bow", "--when", "enters:4,0")
    ok(run("ready", path, "mira", "--clear"))  # on the goblin's turn: the player declines
    r = ok(run("move", path, "gob", "2,0", "--format", "json"))
    assert attackers(r) == [] and readied(path, "mira") is None
    refused(run, path, "R-RDY-1", "ready", path, "mira", "--clear")


def test_R_RDY_4_no_aoo_does_not_cancel_a_readied_plan(run, encounter):
    path = hall(encounter)
    _ready_then_goblin(run, path, "attack", "any", "--weapon", "bow", "--when", "enters:4,0")
    r = ok(run("move", path, "gob", "2,0", "--no-aoo", "mira", "--dice", "2",
               "--format", "json"))
    assert attackers(r) == ["mira"]


# -- R-RDY-3: initiative, lapse ------------------------------------------------------------------


def test_R_RDY_3_fired_in_its_round_the_readier_acts_before_the_trigger_from_then_on(
        run, encounter):
    path = hall(encounter)
    _ready_then_goblin(run, path, "attack", "any", "--weapon", "bow", "--when", "enters:4,0")
    ok(run("move", path, "gob", "2,0", "--dice", "2"))
    assert state(path)["order"] == ["aldric", "mira", "gob"]
    assert who(path, "mira")["initiative"] == who(path, "gob")["initiative"]
    ok(run("next", path))  # round 2
    assert (state(path)["round"], state(path)["turn"]) == (2, "aldric")
    ok(run("next", path))
    assert state(path)["turn"] == "mira"


def test_R_RDY_3_fired_next_round_before_its_turn_it_has_no_other_turn_that_round(
        run, encounter):
    # the goblin first (20), then Mira (5): Mira readies in round 1, after the goblin acted
    path = encounter(build(
        warrior("mira", "heroes", (0, 0), ranged("bow", 4, "1d6", 10)),
        warrior("gob", "monsters", (8, 0), hp=10)))
    ok(run("roll-initiative", path, "--dice", "5,20"))
    ok(run("next", path))
    assert state(path)["turn"] == "mira"
    ok(run("ready", path, "mira", "attack", "any", "--weapon", "bow", "--when", "moves:gob"))
    ok(run("next", path))
    assert (state(path)["round"], state(path)["turn"]) == (2, "gob")
    ok(run("move", path, "gob", "6,0", "--dice", "2"))
    assert state(path)["order"] == ["mira", "gob"]
    r = ok(run("next", path, "--format", "json"))  # Mira has had her turn this round
    assert (state(path)["round"], state(path)["turn"]) == (3, "mira")
    assert events(r, "ReadyLapsed") == []


def test_R_RDY_3_a_plan_that_has_not_fired_lapses_at_the_readiers_next_turn(run, encounter):
    path = hall(encounter)
    _initiative(run, path)
    ok(run("ready", path, "mira", "attack", "any", "--weapon", "bow", "--when", "enters:4,4"))
    to_goblin(run, path)
    r = ok(run("next", path, "--format", "json"))  # round 2: Mira's turn
    assert [e["who"] for e in events(r, "ReadyLapsed")] == ["mira"]
    assert "readied action lapses" in r.json()["text"]
    assert readied(path, "mira") is None and state(path)["order"] == ["mira", "aldric", "gob"]


# -- R-RDY-4: the passer-by ------------------------------------------------------------------------


def _aldric_waits(run, encounter) -> Path:
    """Aldric at (3,1) readies his sword for whoever passes; the goblin's turn."""
    path = hall(encounter, aldric=(3, 1), mira=(0, 5), gob=(6, 0))
    _initiative(run, path)
    ok(run("next", path))
    ok(run("ready", path, "aldric", "attack", "any", "--when", "passes"))
    ok(run("next", path))
    return path


def test_R_RDY_4_passer_by_fails_to_disengage_and_stops_where_attacked(run, encounter):
    path = _aldric_waits(run, encounter)
    # in (4,0): Aldric's d20 2 (a miss); the goblin's Defense Total 2 against his 19
    r = ok(run("move", path, "gob", "0,0", "--dice", "2,2,19", "--format", "json"))
    assert events(r, "DisengageResolved")[0]["success"] is False
    assert pos(path, "gob") == [4, 0] and engaged(path, "gob") == ["aldric"]
    assert events(r, "MoveStopped")[0]["reason"] == "disengage"


def test_R_RDY_4_passer_by_disengages_and_goes_on(run, encounter):
    path = _aldric_waits(run, encounter)
    r = ok(run("move", path, "gob", "0,0", "--dice", "2,19,2", "--format", "json"))
    assert events(r, "DisengageResolved")[0]["success"] is True
    assert pos(path, "gob") == [0, 0] and engaged(path, "gob") == []
    assert [e["kind"] for e in events(r, "AttackRolled")] == ["attack"]  # no AoO after


def test_R_RDY_4_a_passer_by_staying_in_reach_needs_no_roll(run, encounter):
    path = _aldric_waits(run, encounter)
    r = ok(run("move", path, "gob", "3,0", "--dice", "2", "--format", "json"))
    assert events(r, "DisengageResolved") == [] and pos(path, "gob") == [3, 0]
    assert engaged(path, "gob") == ["aldric"]


def test_R_RDY_4_a_missile_engaged_mover_goes_on(run, encounter):
    path = hall(encounter)
    _ready_then_goblin(run, path, "attack", "any", "--weapon", "bow", "--when", "enters:4,0")
    r = ok(run("move", path, "gob", "2,0", "--dice", "2", "--format", "json"))
    assert events(r, "DisengageResolved") == [] and pos(path, "gob") == [2, 0]
    assert who(path, "gob")["missile_engaged"] == ["mira"]


# -- R-RDY-5: declared ---------------------------------------------------------------------------


def test_R_RDY_5_declare_ready(run, encounter):
    path = hall(encounter)
    _initiative(run, path)
    ok(run("declare", path, "mira", "ready", "attack", "any", "--weapon", "bow", "--when",
           "enters:4,0"))
    ok(run("declare", path, "aldric", "move", "0,3"))
    ok(run("declare", path, "gob", "move", "2,0"))
    r = ok(run("resolve", path, "--dice", "2", "--format", "json"))
    assert [e["who"] for e in events(r, "ReadyDeclared")] == ["mira"]
    assert attackers(r) == ["mira"] and pos(path, "gob") == [2, 0]
    assert doc(path)["state"]["round"] == 2


# -- R-RDY-1: an action as the plan ------------------------------------------------------------


def _healer(encounter) -> Path:
    heal = ('[[combatants.actions]]\nid = "mend"\nname = "Mend"\nheal = "1d4"\nrange = 5\n\n'
            '[[combatants.actions]]\nid = "ritual"\nname = "Ritual"\ncost = "full"\n'
            'heal = "1d4"\n')
    return encounter(build(
        warrior("aldric", "heroes", (7, 1), melee("sword", 5, "1d8"), hp=20),
        warrior("mira", "heroes", (4, 1), melee("dagger", 2, "1d4"), extra=heal),
        warrior("gob", "monsters", (8, 1), melee("blade", 3, "1d6"), hp=10)))


def test_R_RDY_1_a_readied_action_fires_before_the_first_die_of_the_act(run, encounter):
    path = _healer(encounter)
    _initiative(run, path)
    ok(run("hp", path, "aldric", "-5"))
    ok(run("ready", path, "mira", "action", "mend", "--target", "aldric", "--when",
           "acts:gob"))
    to_goblin(run, path)
    r = ok(run("attack", path, "gob", "aldric", "--dice", "3,2", "--format", "json"))
    types = [e["type"] for e in events(r) if e["type"] in ("ActionTaken", "AttackRolled")]
    assert types == ["ActionTaken", "AttackRolled"]
    assert who(path, "aldric")["hp"] == 18  # 15 + 3 healed before the goblin's swing missed


def test_R_RDY_1_a_full_round_action_is_no_plan(run, encounter):
    path = _healer(encounter)
    _initiative(run, path)
    r = run("ready", path, "mira", "action", "ritual", "--target", "aldric", "--when",
            "acts:gob")
    assert r.code == 2 and "R-RDY-1" in r.err


@pytest.mark.parametrize("change", [("condition", "mira", "stunned"), ("hp", "mira", "-25")])
def test_R_RDY_1_a_readier_left_without_actions_loses_the_plan_at_once(run, encounter,
                                                                      change):
    path = hall(encounter)
    _initiative(run, path)
    ok(run("ready", path, "mira", "attack", "any", "--weapon", "bow", "--when", "enters:4,0"))
    r = ok(run(change[0], path, *change[1:], "--format", "json"))
    assert [e["lost"] for e in events(r, "ReadyCleared")] == [True]
    assert "loses the readied action" in r.json()["text"]
    assert readied(path, "mira") is None
