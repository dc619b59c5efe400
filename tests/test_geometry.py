"""R-GEO: distance, movement cost, paths, reach and threat; gridless encounters (R-GEO-5)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from helpers import SWORD, aoos, build, doc, duel, events, fighter, snapshot, start, who

from pbwcombat.geometry import (
    distance,
    max_reach,
    path_cost,
    path_through,
    segment,
    threatens,
    weapon_threatens,
    within_reach,
)

# -- helpers ------------------------------------------------------------------------------

GLAIVE = {"id": "glaive", "attack": 4, "damage": "1d10+2", "reach": 2}
BOW = {"id": "bow", "kind": "ranged", "attack": 4, "damage": "1d6", "range": 3}


def w(**kw: Any) -> Any:
    """A weapon as geometry reads it (kind, reach, reach_adjacent, unarmed): independent of how
    the model module builds its records."""
    kw.setdefault("kind", "melee")
    kw.setdefault("reach", 1)
    kw.setdefault("reach_adjacent", False)
    kw.setdefault("unarmed", False)  # R-ACT-9
    return SimpleNamespace(**kw)


def c(pos: tuple[int, int] | None, *weapons: Any, feats: tuple[str, ...] = ()) -> Any:
    return SimpleNamespace(id="x", side="s", position=pos, weapons=weapons, feats=feats)


def test_R_ACT_9_a_fist_threatens_only_with_improved_unarmed_strike():
    fist = w(unarmed=True)
    assert not threatens(c((0, 0), fist), (1, 0))
    assert threatens(c((0, 0), fist, feats=("improved-unarmed-strike",)), (1, 0))


# -- R-GEO-2: distance, cost, paths (unit) -----------------------------------------------


def test_R_GEO_2_distance_is_chebyshev():
    assert distance((0, 0), (3, 3)) == 3
    assert distance((0, 0), (3, -2)) == 3
    assert distance((-1, 5), (4, 1)) == 5
    assert distance((2, 2), (2, 2)) == 0
    assert distance((0, 0), (0, -7)) == 7


def test_R_GEO_2_diagonal_steps_cost_1_2_1():
    start = (0, 0)
    assert path_cost(start, [(1, 1)]) == 1
    assert path_cost(start, [(1, 1), (2, 2)]) == 3
    assert path_cost(start, [(1, 1), (2, 2), (3, 3)]) == 4
    assert path_cost(start, [(1, 1), (2, 2), (3, 3), (4, 4)]) == 6
    assert path_cost(start, [(1, 0), (2, 0), (3, 0)]) == 3


def test_R_GEO_2_diagonal_alternation_spans_waypoints_within_one_move():
    # one diagonal, a straight step, then a second diagonal: the second diagonal costs 2
    path = path_through((0, 0), [(1, 1), (2, 1), (3, 2)])
    assert path == [(1, 1), (2, 1), (3, 2)]
    assert path_cost((0, 0), path) == 4


def test_R_GEO_2_segment_takes_diagonals_first_then_straight():
    assert segment((0, 0), (3, 1)) == [(1, 1), (2, 1), (3, 1)]
    assert segment((0, 0), (1, -3)) == [(1, -1), (1, -2), (1, -3)]
    assert segment((5, 5), (2, 5)) == [(4, 5), (3, 5), (2, 5)]
    assert segment((0, 0), (-2, -2)) == [(-1, -1), (-2, -2)]
    assert segment((1, 1), (1, 1)) == []


def test_R_GEO_2_path_through_waypoints_in_order():
    assert path_through((0, 0), [(2, 0), (2, 2)]) == [(1, 0), (2, 0), (2, 1), (2, 2)]
    assert path_through((0, 0), [(2, 2), (0, 3)]) == [(1, 1), (2, 2), (1, 3), (0, 3)]
    # diagonal-first path: 3 diagonals (1+2+1) then 2 straight squares
    p = path_through((0, 0), [(5, 3)])
    assert p == [(1, 1), (2, 2), (3, 3), (4, 3), (5, 3)]
    assert path_cost((0, 0), p) == 6


# -- R-GEO-3/4: reach and threat (unit) ---------------------------------------------------


def test_R_GEO_3_reach_1_threatens_adjacent_squares_only():
    sword = w(reach=1)
    assert weapon_threatens(sword, 1)
    assert not weapon_threatens(sword, 2)
    assert not weapon_threatens(sword, 0)
    me = c((0, 0), sword)
    assert threatens(me, (1, 1)) and threatens(me, (-1, 0)) and threatens(me, (1, -1))
    assert not threatens(me, (2, 1)) and not threatens(me, (0, 2))


def test_R_GEO_3_reach_2_weapon_does_not_threaten_adjacent():
    pole = w(reach=2)
    assert not weapon_threatens(pole, 1)
    assert weapon_threatens(pole, 2)
    assert not weapon_threatens(pole, 3)
    me = c((0, 0), pole)
    assert not threatens(me, (1, 0)) and not threatens(me, (1, 1))
    assert threatens(me, (2, 2)) and threatens(me, (-2, 1)) and threatens(me, (0, 2))
    assert not threatens(me, (3, 0))


def test_R_GEO_3_reach_adjacent_weapon_threatens_adjacent_too():
    pole = w(reach=2, reach_adjacent=True)
    assert weapon_threatens(pole, 1) and weapon_threatens(pole, 2)
    assert not weapon_threatens(pole, 3)
    me = c((0, 0), pole)
    assert threatens(me, (1, 1)) and threatens(me, (2, 0))


def test_R_GEO_3_any_melee_weapon_threatens_union_of_reaches():
    me = c((0, 0), w(id="pole", reach=2), w(id="knife", reach=1))
    assert threatens(me, (1, 0)) and threatens(me, (2, 0))
    assert max_reach(me) == 2


def test_R_GEO_4_ranged_only_combatant_threatens_nothing():
    bow = w(kind="ranged", range=10)
    assert not weapon_threatens(bow, 1)
    me = c((0, 0), bow)
    assert not threatens(me, (1, 0))
    assert max_reach(me) == 0
    assert not within_reach(me, (1, 0))
    assert not threatens(c((0, 0)), (1, 0))


def test_R_GEO_3_within_reach_includes_adjacent_for_reach_weapon():
    # the reach engagement keeps (and a guard radius) counts adjacent squares (R-INT-1)
    me = c((0, 0), w(reach=2))
    assert within_reach(me, (1, 1)) and within_reach(me, (2, -2))
    assert not within_reach(me, (3, 0))


# -- R-GEO-1: positions on all combatants or none (CLI) --------------------------------------


def test_R_GEO_1_positions_on_some_combatants_only_is_invalid(run, encounter):
    path = encounter(duel().replace("position = [1, 0]\n", ""))
    r = run("validate", path)
    assert r.code == 65
    assert "combatants[1].position" in r.err
    assert "ok" not in r.out


def test_R_GEO_1_partial_positions_listed_with_other_problems(run, encounter):
    text = duel().replace("position = [1, 0]\n", "").replace('damage = "1d12+2"',
                                                                   'damage = "1d"')
    path = encounter(text)
    r = run("validate", path)
    assert r.code == 65
    assert "combatants[1].position" in r.err
    assert "combatants[1].weapons[0].damage" in r.err


def test_R_GEO_1_action_on_partial_positions_refused_unchanged(run, encounter):
    path = encounter(duel().replace("position = [0, 0]\n", ""))
    before = snapshot(path)
    r = run("roll-initiative", path, "--dice", "15,3")
    assert r.code == 65
    assert "combatants[0].position" in r.err
    assert snapshot(path) == before


def test_R_GEO_1_all_or_no_positions_validate_ok(run, encounter):
    assert run("validate", encounter(duel(), name="a.toml")).code == 0
    assert run("validate", encounter(duel(gridless=True), name="b.toml")).code == 0


# -- R-GEO-2/3/4 through the CLI --------------------------------------------------------------


def test_R_GEO_2_diagonal_neighbour_is_in_melee_reach(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0), initiative_mod=5),
                           fighter("orc", "b", (1, 1))))
    start(run, path, "15,3", "hero")
    r = run("attack", path, "hero", "orc", "--dice", "15,2", "--format", "json")
    assert r.code == 0, r.err
    assert events(r, "AttackRolled")[0]["hit"] is True


def test_R_GEO_3_out_of_reach_melee_refused(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0)), fighter("orc", "b", (2, 1))))
    start(run, path, "15,3", "hero")
    before = snapshot(path)
    r = run("attack", path, "hero", "orc", "--weapon", "sword", "--dice", "15,2")
    assert r.code == 3
    assert "R-GEO-3" in r.err
    assert snapshot(path) == before


def test_R_GEO_3_reach_weapon_cannot_attack_adjacent(run, encounter):
    path = encounter(build(fighter("grak", "b", (0, 0), weapons=(GLAIVE,)),
                           fighter("hero", "a", (1, 1))))
    start(run, path, "15,3", "grak")
    before = snapshot(path)
    r = run("attack", path, "grak", "hero", "--weapon", "glaive", "--dice", "15,2")
    assert r.code == 3
    assert "R-GEO-3" in r.err
    assert snapshot(path) == before


def test_R_GEO_3_reach_weapon_attacks_at_two_squares_diagonally(run, encounter):
    path = encounter(build(fighter("grak", "b", (0, 0), weapons=(GLAIVE,)),
                           fighter("hero", "a", (2, 2))))
    start(run, path, "15,3", "grak")
    r = run("attack", path, "grak", "hero", "--dice", "15,2", "--format", "json")
    assert r.code == 0, r.err
    assert events(r, "AttackRolled")[0]["weapon"] == "glaive"


def test_R_GEO_3_reach_adjacent_weapon_attacks_adjacent(run, encounter):
    spear = {**GLAIVE, "reach_adjacent": True}
    path = encounter(build(fighter("grak", "b", (0, 0), weapons=(spear,)),
                           fighter("hero", "a", (1, 0))))
    start(run, path, "15,3", "grak")
    r = run("attack", path, "grak", "hero", "--dice", "15,2", "--format", "json")
    assert r.code == 0, r.err
    assert events(r, "AttackRolled")[0]["hit"] is True


def test_R_GEO_4_range_is_chebyshev_and_a_maximum(run, encounter):
    path = encounter(build(fighter("mira", "a", (0, 0), weapons=(BOW,)),
                           fighter("orc", "b", (3, 3)), fighter("gob", "b", (4, 0))))
    start(run, path, "18,3,2", "mira")
    before = snapshot(path)
    r = run("attack", path, "mira", "gob", "--weapon", "bow", "--dice", "15,2")
    assert r.code == 3
    assert "R-GEO-4" in r.err
    assert snapshot(path) == before
    r = run("attack", path, "mira", "orc", "--weapon", "bow", "--dice", "15,2")
    assert r.code == 0, r.err


def test_R_GEO_2_move_cost_counts_diagonals_1_2_1(run, encounter):
    # speed 20 = 4 squares per move: 3 diagonals cost 1+2+1 = 4 (one move action),
    # so a second move action is still available after it.
    path = encounter(build(fighter("hero", "a", (0, 0), speed=20),
                           fighter("orc", "b", (20, 20))))
    start(run, path, "15,3", "hero")
    r = run("move", path, "hero", "3,3")
    assert r.code == 0, r.err
    assert who(path, "hero")["position"] == [3, 3]
    r = run("move", path, "hero", "3,7")
    assert r.code == 0, r.err
    assert who(path, "hero")["position"] == [3, 7]


def test_R_GEO_2_four_diagonals_cost_six_needing_a_double_move(run, encounter):
    # speed 20 = 4 squares: 4 diagonals cost 1+2+1+2 = 6 > 4 → a double move, nothing left.
    path = encounter(build(fighter("hero", "a", (0, 0), speed=20),
                           fighter("orc", "b", (20, 20))))
    start(run, path, "15,3", "hero")
    r = run("move", path, "hero", "4,4")
    assert r.code == 0, r.err
    before = snapshot(path)
    r = run("move", path, "hero", "5,4")
    assert r.code == 3
    assert snapshot(path) == before


def test_R_GEO_2_path_goes_diagonal_first_through_the_cli(run, encounter):
    # (0,0) → (2,1): diagonal first passes (1,1), where an enemy stands: refused.
    path = encounter(build(fighter("hero", "a", (0, 0)), fighter("orc", "b", (1, 1))))
    start(run, path, "15,3", "hero")
    before = snapshot(path)
    r = run("move", path, "hero", "2,1")
    assert r.code == 3
    assert snapshot(path) == before
    # the straight-first route, given as waypoints, is free
    r = run("move", path, "hero", "1,0", "2,1")
    assert r.code == 0, r.err
    assert who(path, "hero")["position"] == [2, 1]


def test_R_GEO_3_reach_weapon_does_not_threaten_adjacent_no_aoo(run, encounter):
    # grak (glaive, reach 2) has had its turn; hero leaves an adjacent square: no AoO.
    path = encounter(build(fighter("hero", "a", (1, 0)),
                           fighter("grak", "b", (2, 0), weapons=(GLAIVE,))))
    start(run, path, "3,15", "hero")
    r = run("move", path, "hero", "1,-2", "--format", "json")
    assert r.code == 0, r.err
    assert aoos(r) == []
    assert who(path, "hero")["position"] == [1, -2]


def test_R_GEO_3_reach_weapon_threatens_at_two_squares_aoo(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0)),
                           fighter("grak", "b", (2, 0), weapons=(GLAIVE,))),
                     )
    start(run, path, "3,15", "hero")
    r = run("move", path, "hero", "-3,0", "--dice", "2,15,3", "--format", "json")
    assert r.code == 0, r.err
    assert [e["attacker"] for e in aoos(r)] == ["grak"]


def test_R_GEO_3_reach_adjacent_weapon_threatens_adjacent_aoo(run, encounter):
    spear = {**GLAIVE, "reach_adjacent": True}
    path = encounter(build(fighter("hero", "a", (1, 0)),
                           fighter("grak", "b", (2, 0), weapons=(spear,))),
                     )
    start(run, path, "3,15", "hero")
    r = run("move", path, "hero", "1,-3", "--dice", "2,15,3", "--format", "json")
    assert r.code == 0, r.err
    assert [e["attacker"] for e in aoos(r)] == ["grak"]


def test_R_GEO_6_allies_neither_threaten_nor_block(run, encounter):
    # an ally adjacent (with a sword) provokes nothing and may be passed through
    path = encounter(build(fighter("hero", "a", (0, 0), initiative_mod=5),
                           fighter("tom", "a", (1, 0)),
                           fighter("orc", "b", (9, 9))))
    start(run, path, "15,3,2", "hero")
    r = run("move", path, "hero", "2,0", "--format", "json")
    assert r.code == 0, r.err
    assert aoos(r) == []
    assert who(path, "hero")["position"] == [2, 0]
    assert who(path, "hero").get("engaged", []) == []


# -- R-GEO-5: gridless ----------------------------------------------------------------------


def test_R_GEO_5_gridless_every_melee_attack_in_reach(run, encounter):
    glaive_orc = build(fighter("hero", "a"), fighter("grak", "b", weapons=(GLAIVE,)))
    path = encounter(glaive_orc)
    start(run, path, "3,15", "grak")
    r = run("attack", path, "grak", "hero", "--dice", "15,2", "--format", "json")
    assert r.code == 0, r.err
    assert events(r, "AttackRolled")[0]["hit"] is True
    assert who(path, "hero")["engaged"] == ["grak"]


def test_R_GEO_5_gridless_every_shot_in_range(run, encounter):
    short_bow = {**BOW, "range": 1}
    path = encounter(build(fighter("mira", "a", weapons=(short_bow,)), fighter("orc", "b")))
    start(run, path, "15,3", "mira")
    r = run("attack", path, "mira", "orc", "--dice", "15,2", "--format", "json")
    assert r.code == 0, r.err
    assert events(r, "AttackRolled")[0]["weapon"] == "bow"


def test_R_GEO_5_gridless_move_away(run, encounter):
    path = encounter(duel(gridless=True))
    start(run, path, "15,3", "hero")
    r = run("move", path, "hero", "--away", "--format", "json")
    assert r.code == 0, r.err
    assert events(r, "MovedAway")
    assert aoos(r) == []
    assert "position" not in who(path, "hero")


def test_R_GEO_5_gridless_move_to_square_refused(run, encounter):
    path = encounter(duel(gridless=True))
    start(run, path, "15,3", "hero")
    before = snapshot(path)
    r = run("move", path, "hero", "1,1")
    assert r.code != 0
    assert snapshot(path) == before


def test_R_GEO_5_gridless_moving_away_engaged_must_disengage(run, encounter):
    # the orc attacked the hero: moving away (any movement, gridless) needs a disengage roll;
    # Defense Total d20 (2 + 15-10 = 7) loses to the orc's Attack Total (15 + 4 = 19).
    path = encounter(duel(gridless=True))
    start(run, path, "3,15", "orc")
    assert run("attack", path, "orc", "hero", "--dice", "2").code == 0
    assert run("next", path).code == 0
    r = run("move", path, "hero", "--away", "--dice", "2,15", "--format", "json")
    assert r.code == 0, r.err
    assert events(r, "DefenseTotalRolled") and events(r, "AttackTotalRolled")
    assert not events(r, "MovedAway")
    assert who(path, "hero")["engaged"] == ["orc"]


def test_R_GEO_5_gridless_threat_between_engaged_shooter_provokes(run, encounter):
    # Gridless, threat exists between combatants engaged in melee: the orc, engaged with
    # Mira, threatens her; her shot at the goblin provokes its AoO first (R-ATK-7).
    path = encounter(build(
        fighter("mira", "a", weapons=(BOW, SWORD), defense=10),
        fighter("orc", "b", initiative_mod=0),
        fighter("gob", "b"),
    ))
    start(run, path, "5,15,2", "orc")
    assert run("attack", path, "orc", "mira", "--dice", "2").code == 0
    assert who(path, "mira")["engaged"] == ["orc"]
    assert run("next", path).code == 0
    assert doc(path)["state"]["turn"] == "mira"
    r = run("attack", path, "mira", "gob", "--weapon", "bow", "--dice", "2,15,2",
            "--format", "json")
    assert r.code == 0, r.err
    rolls = events(r, "AttackRolled")
    assert [(e["attacker"], e["kind"]) for e in rolls][:1] == [("orc", "aoo")]
    assert rolls[-1]["attacker"] == "mira" and rolls[-1]["kind"] == "attack"


def test_R_GEO_5_gridless_intercept_radius_always_holds(run, encounter):
    path = encounter(build(fighter("tom", "a", initiative_mod=5), fighter("mira", "a"),
                           fighter("orc", "b")))
    start(run, path, "15,3,2", "tom")
    r = run("intercept", path, "tom", "mira")
    assert r.code == 0, r.err
    assert who(path, "tom")["guarding"] == "mira"
