"""Standing orders (R-ORD): what a combatant does when nobody decides for it, through
`resolve` (no declaration) and `next --if-idle` with `rules.idle_action = "orders"`."""

from __future__ import annotations

import json

from helpers import (
    counter,
    doc,
    events,
    fight,
    ok,
    people,
    person,
    pos,
    snapshot,
    state,
)

AFTER_48H = "2026-12-01T13:00:00Z"  # 49 hours after the `run` fixture's fixed "now"


def bow(rng: int = 10) -> str:
    return (f'\n[[combatants.weapons]]\nid = "bow"\nkind = "ranged"\nattack = 3\n'
            f'damage = "1d6"\nrange = {rng}\n')


def glaive() -> str:
    return ('\n[[combatants.weapons]]\nid = "glaive"\nattack = 4\ndamage = "1d10"\n'
            "reach = 2\n")


def armed(cid: str, side: str, mod: int, weapons: str, **keys: object) -> str:
    """A combatant with only the given weapons (TOML text), no club."""
    values = {"id": cid, "name": cid.capitalize(), "side": side, "initiative_mod": mod,
              "defense": 12, "hp": 10, **keys}
    lines = ["[[combatants]]"] + [f"{k} = {json.dumps(v)}" for k, v in values.items()]
    return "\n".join(lines) + "\n" + weapons + "\n"


def first_turn(run, path, faces: str = "10,10,10,10") -> None:
    """Initiative with distinct modifiers (3, 2, 1, 0 in file order): file order acts."""
    ok(run("roll-initiative", path, "--dice", faces))


def resolve(run, path, dice: str = "") -> list[dict]:
    args = ["resolve", path, "--format", "json"] + (["--dice", dice] if dice else [])
    return events(ok(run(*args)))


def kinds(evs: list[dict], kind: str) -> list[dict]:
    return [e for e in evs if e["type"] == kind]


# -- R-ORD-1: attack-nearest -------------------------------------------------------------------


def test_R_ORD_1_attack_nearest_moves_along_the_path_stops_in_reach_and_attacks(
        run, encounter):
    path = encounter(fight(
        person("brute", "monsters", 3, position=[0, 0], orders="attack-nearest"),
        person("ann", "heroes", 2, pc=True, position=[3, 0]),
        person("bob", "heroes", 1, pc=True, position=[0, 5])))
    first_turn(run, path, "10,10,10")
    evs = resolve(run, path, "15,4")
    moved = kinds(evs, "Moved")
    assert [m["path"][-1] for m in moved] == [[2, 0]]  # first square that reaches Ann
    attacks = kinds(evs, "AttackRolled")
    assert [(a["attacker"], a["target"]) for a in attacks] == [("brute", "ann")]
    assert people(path)["ann"]["hp"] == 6
    assert pos(path, "brute") == [2, 0]
    assert kinds(evs, "OrdersFollowed")[0]["orders"] == "attack-nearest"
    # PCs without orders skip (R-ORD-1 default "skip"): the round ends with nobody else acting
    assert len(kinds(evs, "AttackRolled")) == 1


def test_R_ORD_1_attack_nearest_an_engaged_combatant_attacks_an_engaged_enemy(run, encounter):
    path = encounter(fight(
        person("brute", "monsters", 3, position=[1, 1], orders="attack-nearest",
               engaged=["bob"]),
        person("ann", "heroes", 2, pc=True, position=[0, 1]),
        person("bob", "heroes", 1, pc=True, position=[2, 2], engaged=["brute"])))
    first_turn(run, path, "10,10,10")
    evs = resolve(run, path, "15,4")
    assert [a["target"] for a in kinds(evs, "AttackRolled")] == ["bob"]  # not Ann (file order)


def test_R_ORD_1_attack_nearest_ties_go_to_file_order(run, encounter):
    path = encounter(fight(
        person("brute", "monsters", 3, position=[1, 1], orders="attack-nearest"),
        person("ann", "heroes", 2, pc=True, position=[2, 2]),
        person("bob", "heroes", 1, pc=True, position=[0, 0])))
    first_turn(run, path, "10,10,10")
    evs = resolve(run, path, "15,4")
    assert [a["target"] for a in kinds(evs, "AttackRolled")] == ["ann"]


def test_R_ORD_1_attack_nearest_melee_reach_before_a_nearer_shot(run, encounter):
    """A glaive (reach 2) reaches Bob, not adjacent Ann: a melee weapon that reaches an
    enemy comes before shooting the nearest."""
    path = encounter(fight(
        armed("grak", "monsters", 3, glaive() + bow(), position=[0, 0],
              orders="attack-nearest"),
        person("ann", "heroes", 2, pc=True, position=[1, 0]),
        person("bob", "heroes", 1, pc=True, position=[0, 2])))
    first_turn(run, path, "10,10,10")
    evs = resolve(run, path, "15,4")
    attacks = kinds(evs, "AttackRolled")
    assert [(a["target"], a["weapon"]) for a in attacks] == [("bob", "glaive")]


def test_R_ORD_1_attack_nearest_shoots_the_nearest_it_may_shoot_not_into_melee(
        run, encounter):
    """No melee reach: it shoots; Ann (nearer) is engaged in melee, so it shoots Bob
    (R-ATK-6 forbids shooting into melee by default)."""
    path = encounter(fight(
        armed("archer", "monsters", 3, bow(), position=[0, 0], orders="attack-nearest"),
        person("ann", "heroes", 2, pc=True, position=[3, 0], engaged=["ogre"]),
        person("bob", "heroes", 1, pc=True, position=[6, 0]),
        person("ogre", "monsters", 0, position=[4, 0], engaged=["ann"])))
    first_turn(run, path, "10,10,10,10")
    evs = resolve(run, path, "15,4")
    shots = [a for a in kinds(evs, "AttackRolled") if a["attacker"] == "archer"]
    assert [(a["target"], a["weapon"]) for a in shots] == [("bob", "bow")]
    assert kinds(evs, "Moved") == [] or all(m["who"] != "archer" for m in kinds(evs, "Moved"))


def test_R_ORD_1_attack_nearest_double_moves_when_nobody_is_reachable(run, encounter):
    path = encounter(fight(
        person("brute", "monsters", 3, position=[0, 0], orders="attack-nearest"),
        person("ann", "heroes", 2, pc=True, position=[20, 0])))
    first_turn(run, path, "10,10")
    before = counter(path)
    evs = resolve(run, path)
    moved = [m for m in kinds(evs, "Moved") if m["who"] == "brute"]
    assert [m["path"][-1] for m in moved] == [[6, 0], [12, 0]]  # two move actions of 6
    assert kinds(evs, "AttackRolled") == []
    assert counter(path) == before  # no die rolled


def test_R_ORD_1_attack_nearest_ignores_dying_stable_and_dead_enemies(run, encounter):
    path = encounter(fight(
        person("brute", "monsters", 3, position=[1, 0], orders="attack-nearest"),
        person("ann", "heroes", 2, pc=True, position=[0, 0], hp=-3),
        person("bob", "heroes", 1, pc=True, position=[2, 0], hp=-12),
        person("cid", "heroes", 0, pc=True, position=[1, 1], hp=-2, status="stable"),
        person("dee", "heroes", 0, pc=True, position=[3, 0], max_hp=10, hp=0)))
    first_turn(run, path, "10,10,10,10,10,4,3")
    evs = resolve(run, path, "15,4")
    assert [a["target"] for a in kinds(evs, "AttackRolled")] == ["dee"]  # disabled counts


def test_R_ORD_1_a_refused_step_leaves_no_trace_surprise_round(run, encounter):
    """In the surprise round (one action, R-INI-4) the brute moves toward Ann and cannot
    attack after it: the refused attack rolls nothing."""
    path = encounter(fight(
        person("brute", "monsters", 3, position=[0, 0], orders="attack-nearest"),
        person("ann", "heroes", 2, pc=True, position=[3, 0], aware=False)))
    first_turn(run, path, "10,10")
    assert state(path)["phase"] == "surprise"
    before = counter(path)
    evs = resolve(run, path)
    assert [m["path"][-1] for m in kinds(evs, "Moved")] == [[2, 0]]
    assert kinds(evs, "AttackRolled") == []
    assert counter(path) == before


# -- R-ORD-1: attack-weakest, guard, defaults -----------------------------------------------


def test_R_ORD_1_attack_weakest_lowest_hp_among_those_it_can_attack(run, encounter):
    path = encounter(fight(
        person("brute", "monsters", 3, position=[0, 0], orders="attack-weakest"),
        person("ann", "heroes", 2, pc=True, position=[1, 0], hp=9),
        person("bob", "heroes", 1, pc=True, position=[0, 4], hp=3),   # after one move
        person("cid", "heroes", 0, pc=True, position=[30, 0], hp=1)))  # out of reach
    first_turn(run, path, "10,10,10,10")
    evs = resolve(run, path, "15,2")
    assert [m["path"][-1] for m in kinds(evs, "Moved")] == [[0, 3]]
    assert [a["target"] for a in kinds(evs, "AttackRolled")] == ["bob"]
    assert people(path)["bob"]["hp"] == 1


def test_R_ORD_1_attack_weakest_ties_to_the_nearest(run, encounter):
    path = encounter(fight(
        person("brute", "monsters", 3, position=[0, 0], orders="attack-weakest"),
        person("ann", "heroes", 2, pc=True, position=[3, 0], hp=5),
        person("bob", "heroes", 1, pc=True, position=[1, 1], hp=5)))
    first_turn(run, path, "10,10,10")
    evs = resolve(run, path, "15,2")
    assert [a["target"] for a in kinds(evs, "AttackRolled")] == ["bob"]
    assert kinds(evs, "Moved") == []


def test_R_ORD_1_guard_intercepts_its_ward_when_R_INT_1_allows(run, encounter):
    path = encounter(fight(
        person("tom", "heroes", 3, pc=True, position=[0, 0], orders="guard:mira"),
        person("mira", "heroes", 2, pc=True, position=[1, 0]),
        person("orc", "monsters", 1, position=[5, 0])))
    first_turn(run, path, "10,10,10")
    evs = resolve(run, path)
    assert [(g["defender"], g["ward"]) for g in kinds(evs, "GuardStarted")] == [("tom", "mira")]
    assert kinds(evs, "AttackRolled") == []


def test_R_ORD_1_guard_else_attack_nearest(run, encounter):
    """The ward is out of Tom's radius (R-INT-1 refuses): Tom attacks the nearest enemy."""
    path = encounter(fight(
        person("tom", "heroes", 3, pc=True, position=[0, 0], orders="guard:mira"),
        person("mira", "heroes", 2, pc=True, position=[5, 5]),
        person("orc", "monsters", 1, position=[1, 0])))
    first_turn(run, path, "10,10,10")
    before = counter(path)
    evs = resolve(run, path, "15,3")
    assert kinds(evs, "GuardStarted") == []
    assert [(a["attacker"], a["target"]) for a in kinds(evs, "AttackRolled")] == [
        ("tom", "orc")]
    assert people(path)["orc"]["hp"] == 7  # the supplied 15 hits, 3 damage
    assert counter(path) == before  # the refused intercept rolled nothing


def test_R_ORD_1_defaults_pcs_skip_others_follow_rules_default_action(run, encounter):
    path = encounter(fight(
        person("ann", "heroes", 3, pc=True, position=[0, 0]),
        person("orc", "monsters", 2, position=[1, 0], hp=4),
        person("gob", "monsters", 1, position=[0, 1]),
        rules='default_action = "attack-weakest"'))
    first_turn(run, path, "10,10,10")
    evs = resolve(run, path, "15,2,15,2")
    assert [(a["attacker"], a["target"]) for a in kinds(evs, "AttackRolled")] == [
        ("orc", "ann"), ("gob", "ann")]


def test_R_ORD_1_orders_are_checked_in_the_file(run, encounter):
    bad = encounter(fight(person("a", "x", orders="charge"), person("b", "y")), name="bad.toml")
    r = run("validate", bad)
    assert r.code == 65 and "combatants[0].orders" in r.err
    ghost = encounter(fight(person("a", "x", orders="guard:zed"), person("b", "y")),
                      name="ghost.toml")
    r = run("validate", ghost)
    assert r.code == 65 and 'unknown combatant "zed"' in r.err
    flee = encounter(fight(person("a", "x", flee_below=1.5), person("b", "y")),
                     name="flee.toml")
    assert run("validate", flee).code == 65


def test_R_ORD_1_orders_and_flee_below_are_written_back_as_written(run, encounter):
    path = encounter(fight(person("a", "x", orders="guard:b", flee_below=0.25),
                           person("b", "x", flee_below=1), person("c", "y")))
    first_turn(run, path, "10,10,10")
    text = path.read_text()
    assert 'orders = "guard:b"' in text and "flee_below = 0.25" in text
    assert "flee_below = 1\n" in text


# -- R-ORD-2: fleeing ------------------------------------------------------------------------


def test_R_ORD_2_flee_double_moves_to_the_farthest_square_and_leaves(run, encounter):
    """Gob at 2/10 hp with flee_below 0.5: 12 squares of movement; the farthest squares from
    Ann are 13 away, (-12,-1), (-12,0), (-12,1): lowest x, then y. Then it is farther than
    Ann's speed (6) from every enemy: it leaves the fight."""
    path = encounter(fight(
        person("gob", "monsters", 3, position=[0, 0], hp=2, max_hp=10, flee_below=0.5,
               orders="attack-nearest"),
        person("ann", "heroes", 2, pc=True, position=[1, 0])))
    first_turn(run, path, "10,10")
    evs = resolve(run, path)
    assert [m["path"][-1] for m in kinds(evs, "Moved")] == [[-12, -1]]
    assert kinds(evs, "AttackRolled") == []  # Ann is flat-footed: no AoO (R-INI-5)
    assert [e["who"] for e in kinds(evs, "Removed")] == ["gob"]
    assert kinds(evs, "OrdersFollowed")[0]["orders"] == "flee"
    assert people(path)["gob"]["removed"] is True
    assert state(path)["phase"] == "ended"  # nobody left on the goblins' side


def test_R_ORD_2_flee_stays_when_not_beyond_every_enemys_speed(run, encounter):
    path = encounter(fight(
        person("gob", "monsters", 3, position=[0, 0], hp=2, max_hp=10, flee_below=0.5,
               speed=10),
        person("ann", "heroes", 2, pc=True, position=[1, 0])))
    first_turn(run, path, "10,10")
    evs = resolve(run, path)
    assert [m["path"][-1] for m in kinds(evs, "Moved")] == [[-4, -1]]
    assert kinds(evs, "Removed") == []
    assert "removed" not in people(path)["gob"]


def test_R_ORD_2_above_the_threshold_it_fights(run, encounter):
    path = encounter(fight(
        person("gob", "monsters", 3, position=[0, 0], hp=6, max_hp=10, flee_below=0.5,
               orders="attack-nearest"),
        person("ann", "heroes", 2, pc=True, position=[1, 0])))
    first_turn(run, path, "10,10")
    evs = resolve(run, path, "15,2")
    assert [a["attacker"] for a in kinds(evs, "AttackRolled")] == ["gob"]


def test_R_ORD_2_gridless_flee_moves_away_and_leaves_when_engaged_with_nobody(run, encounter):
    path = encounter(fight(
        person("gob", "monsters", 3, hp=2, max_hp=10, flee_below=0.5),
        person("ann", "heroes", 2, pc=True)))
    first_turn(run, path, "10,10")
    evs = resolve(run, path)
    assert [e["who"] for e in kinds(evs, "MovedAway")] == ["gob"]
    assert [e["who"] for e in kinds(evs, "Removed")] == ["gob"]


# -- R-ORD-3: what orders drive ------------------------------------------------------------


def test_R_ORD_3_resolve_plays_orders_for_those_without_a_declaration(run, encounter):
    path = encounter(fight(
        person("ann", "heroes", 3, pc=True, position=[0, 0], orders="attack-nearest"),
        person("orc", "monsters", 2, position=[1, 0], orders="attack-nearest")))
    first_turn(run, path, "10,10")
    ok(run("declare", path, "orc", "delay"))
    evs = resolve(run, path, "15,2")
    assert [a["attacker"] for a in kinds(evs, "AttackRolled")] == ["ann"]  # a PC with orders
    assert [e["who"] for e in kinds(evs, "Delayed")] == ["orc"]  # the declaration wins


def test_R_ORD_3_next_if_idle_plays_orders_then_ends_the_turn(run, encounter):
    path = encounter(fight(
        person("orc", "monsters", 3, position=[0, 0]),
        person("ann", "heroes", 2, pc=True, position=[1, 0]),
        rules='idle_action = "orders"\ndefault_action = "attack-nearest"'))
    first_turn(run, path, "10,10")
    r = ok(run("next", path, "--if-idle", "48h", "--dice", "15,2", "--format", "json",
               now=AFTER_48H))
    evs = events(r)
    assert [(a["attacker"], a["target"]) for a in kinds(evs, "AttackRolled")] == [
        ("orc", "ann")]
    assert people(path)["ann"]["hp"] == 8
    assert state(path)["turn"] == "ann"
    assert "acts by standing orders" in r.json()["text"]


def test_R_ORD_3_next_if_idle_default_skip_just_ends_the_turn(run, encounter):
    path = encounter(fight(
        person("orc", "monsters", 3, position=[0, 0], orders="attack-nearest"),
        person("ann", "heroes", 2, pc=True, position=[1, 0])))
    first_turn(run, path, "10,10")
    before = counter(path)
    r = ok(run("next", path, "--if-idle", "48h", "--format", "json", now=AFTER_48H))
    assert kinds(events(r), "AttackRolled") == []
    assert counter(path) == before
    assert state(path)["turn"] == "ann"


def test_R_ORD_3_next_if_idle_before_the_deadline_changes_nothing(run, encounter):
    path = encounter(fight(
        person("orc", "monsters", 3, position=[0, 0]),
        person("ann", "heroes", 2, pc=True, position=[1, 0]),
        rules='idle_action = "orders"\ndefault_action = "attack-nearest"'))
    first_turn(run, path, "10,10")
    before = snapshot(path)
    r = ok(run("next", path, "--if-idle", "48h"))
    assert r.out == ""
    assert snapshot(path) == before


def test_R_ORD_3_orders_narrated_in_spanish(run, encounter):
    path = encounter(fight(
        person("orc", "monsters", 3, position=[0, 0], orders="attack-nearest"),
        person("ann", "heroes", 2, pc=True, position=[1, 0]), lang="es"))
    first_turn(run, path, "10,10")
    r = ok(run("resolve", path, "--dice", "15,2"))
    assert "Orc actúa según sus órdenes: atacar al enemigo más cercano." in r.out
    assert doc(path)["state"]["round"] == 2


# -- the reviewer's findings: shared group turns, one-action turns, exact fractions, ties ---


SHARED = 'group_turn = "shared"'


def shared_gobs(**rules: str) -> str:
    """Two goblins sharing one group turn (R-INI-3), both adjacent to Ann."""
    extra = "\n".join(f'{k} = "{v}"' for k, v in rules.items())
    return fight(
        person("g1", "monsters", 3, position=[0, 0], group="gobs", orders="attack-nearest"),
        person("g2", "monsters", 0, position=[0, 2], group="gobs", orders="attack-nearest"),
        person("ann", "heroes", 2, pc=True, position=[1, 1], hp=20),
        rules=SHARED + "\n" + extra)


def test_R_ORD_3_resolve_plays_orders_for_every_member_of_a_shared_group_turn(run, encounter):
    path = encounter(shared_gobs())
    first_turn(run, path, "10,10")
    assert state(path)["turn"] == "g1"
    evs = resolve(run, path, "15,2,15,3")
    assert [(a["attacker"], a["target"]) for a in kinds(evs, "AttackRolled")] == [
        ("g1", "ann"), ("g2", "ann")]
    assert [e["who"] for e in kinds(evs, "OrdersFollowed")] == ["g1", "g2"]
    assert people(path)["ann"]["hp"] == 15
    assert state(path)["round"] == 2  # Ann (skip) ended the round


def test_R_ORD_3_next_if_idle_plays_orders_for_every_member_of_a_shared_group_turn(
        run, encounter):
    path = encounter(shared_gobs(idle_action="orders"))
    first_turn(run, path, "10,10")
    r = ok(run("next", path, "--if-idle", "48h", "--dice", "15,2,15,3", "--format", "json",
               now=AFTER_48H))
    assert [(a["attacker"], a["target"]) for a in kinds(events(r), "AttackRolled")] == [
        ("g1", "ann"), ("g2", "ann")]
    assert people(path)["ann"]["hp"] == 15
    assert state(path)["turn"] == "ann"


def test_R_ORD_3_shared_group_turn_goes_on_when_its_first_member_flees(run, encounter):
    """g1 flees and leaves (the turn passes to g2, R-INI-3); g2 still acts by its orders and
    then the group's turn ends once."""
    path = encounter(fight(
        person("g1", "monsters", 3, position=[0, 0], group="gobs", hp=2, max_hp=10,
               flee_below=0.5),
        person("g2", "monsters", 0, position=[0, 2], group="gobs", orders="attack-nearest"),
        person("ann", "heroes", 2, pc=True, position=[1, 1], hp=20),
        rules=SHARED))
    first_turn(run, path, "10,10")
    evs = resolve(run, path, "15,3")
    assert [e["who"] for e in kinds(evs, "Removed")] == ["g1"]
    assert [(a["attacker"], a["target"]) for a in kinds(evs, "AttackRolled")] == [
        ("g2", "ann")]
    assert people(path)["ann"]["hp"] == 17
    assert state(path)["round"] == 2


def test_R_ORD_1_attack_weakest_one_action_turns_offer_no_move_then_attack(run, encounter):
    """Surprise round (R-INI-4): one action. Bob (3 hp) could be hit only after a move, so
    he is not among the enemies it can attack this turn: Ann (9 hp), adjacent, is."""
    path = encounter(fight(
        person("brute", "monsters", 3, position=[0, 0], orders="attack-weakest"),
        person("ann", "heroes", 2, pc=True, position=[1, 0], hp=9, aware=False),
        person("bob", "heroes", 1, pc=True, position=[0, 4], hp=3, aware=False)))
    first_turn(run, path, "10,10,10")
    assert state(path)["phase"] == "surprise"
    evs = resolve(run, path, "15,2")
    assert kinds(evs, "Moved") == []
    assert [(a["attacker"], a["target"]) for a in kinds(evs, "AttackRolled")] == [
        ("brute", "ann")]
    assert people(path)["ann"]["hp"] == 7


def test_R_ORD_1_attack_weakest_disabled_is_a_one_action_turn_too(run, encounter):
    """R-HP-2: at 0 hp one move or one standard action: attack Ann now, not walk to Bob."""
    path = encounter(fight(
        person("brute", "monsters", 3, position=[0, 0], orders="attack-weakest", hp=0,
               max_hp=10, status="disabled"),
        person("ann", "heroes", 2, pc=True, position=[1, 0], hp=9),
        person("bob", "heroes", 1, pc=True, position=[0, 4], hp=3)))
    first_turn(run, path, "10,10,10")
    evs = resolve(run, path, "15,2")
    assert kinds(evs, "Moved") == []
    assert [(a["attacker"], a["target"]) for a in kinds(evs, "AttackRolled")] == [
        ("brute", "ann")]


def test_R_ORD_1_attack_weakest_moves_then_attacks_only_with_both_actions_left(
        run, encounter):
    """The same board in a regular round: a move and then the standard action: Bob."""
    path = encounter(fight(
        person("brute", "monsters", 3, position=[0, 0], orders="attack-weakest"),
        person("ann", "heroes", 2, pc=True, position=[1, 0], hp=9),
        person("bob", "heroes", 1, pc=True, position=[0, 4], hp=3)))
    first_turn(run, path, "10,10,10")
    evs = resolve(run, path, "15,2")
    assert [(a["attacker"], a["target"]) for a in kinds(evs, "AttackRolled")] == [
        ("brute", "bob")]


def test_R_ORD_1_surprise_round_orders_attack_only_enemies_it_is_aware_of(run, encounter):
    """Brute is aware of Bob only (R-INI-4): Ann, first in file order at the same distance,
    is not a target it may pick."""
    path = encounter(fight(
        person("brute", "monsters", 3, position=[0, 0], orders="attack-nearest",
               aware=["bob"]),
        person("ann", "heroes", 2, pc=True, position=[1, 0], aware=False),
        person("bob", "heroes", 1, pc=True, position=[0, 1], aware=False)))
    first_turn(run, path, "10,10,10")
    assert state(path)["phase"] == "surprise"
    evs = resolve(run, path, "15,2")
    assert [(a["attacker"], a["target"]) for a in kinds(evs, "AttackRolled")] == [
        ("brute", "bob")]
    assert people(path)["bob"]["hp"] == 8


def test_R_ORD_1_surprise_round_attack_weakest_only_among_enemies_it_is_aware_of(
        run, encounter):
    path = encounter(fight(
        person("brute", "monsters", 3, position=[0, 0], orders="attack-weakest",
               aware=["bob"]),
        person("ann", "heroes", 2, pc=True, position=[1, 0], hp=2, aware=False),
        person("bob", "heroes", 1, pc=True, position=[0, 1], aware=False)))
    first_turn(run, path, "10,10,10")
    evs = resolve(run, path, "15,2")
    assert [a["target"] for a in kinds(evs, "AttackRolled")] == ["bob"]


def test_R_ORD_1_engaged_but_unable_to_attack_the_engaged_enemy_attacks_another(
        run, encounter):
    """Brute (a club, reach 1) is engaged with Pike, whose glaive holds it at 2 squares:
    'otherwise' it attacks the nearest enemy its club reaches, Ann."""
    for orders in ("attack-nearest", "attack-weakest"):
        path = encounter(fight(
            person("brute", "monsters", 3, position=[0, 0], orders=orders, engaged=["pike"]),
            person("ann", "heroes", 2, pc=True, position=[0, 1]),
            armed("pike", "heroes", 1, glaive(), pc=True, position=[2, 0],
                  engaged=["brute"])), name=f"{orders}.toml")
        first_turn(run, path, "10,10,10")
        evs = resolve(run, path, "15,2")
        assert [(a["attacker"], a["target"]) for a in kinds(evs, "AttackRolled")] == [
            ("brute", "ann")], orders
        assert kinds(evs, "Moved") == []


def test_R_ORD_2_flee_below_is_exact_at_the_written_fraction(run, encounter):
    """0.57 × 100 is 56.99999999999999 in floating point: 57 of 100 hp is 'at' 0.57 and
    flees; so does 29 of 100 at 0.29. One hp more fights."""
    for fraction, hp, flees in ((0.57, 57, True), (0.29, 29, True), (0.57, 58, False),
                                (0.29, 30, False)):
        path = encounter(fight(
            person("gob", "monsters", 3, position=[0, 0], hp=hp, max_hp=100,
                   flee_below=fraction, orders="attack-nearest"),
            person("ann", "heroes", 2, pc=True, position=[1, 0])), name=f"f{hp}.toml")
        first_turn(run, path, "10,10")
        evs = resolve(run, path, "15,2")
        assert [e["orders"] for e in kinds(evs, "OrdersFollowed")] == [
            "flee" if flees else "attack-nearest"], (fraction, hp)
        assert bool(kinds(evs, "Removed")) is flees


def test_R_ORD_2_flee_a_tie_with_the_square_it_stands_on_goes_to_the_lowest_x_then_y(
        run, encounter):
    """Enemies 3 squares away on both sides: the farthest reachable squares (3 from the
    nearest enemy) are x = 0, y = -2…2, its own square among them: the lowest y, (0, -2),
    wins the tie; staying put is not preferred."""
    path = encounter(fight(
        person("gob", "monsters", 3, position=[0, 0], hp=2, max_hp=10, flee_below=0.5,
               speed=5),
        person("ann", "heroes", 2, pc=True, position=[-3, 0]),
        person("bob", "heroes", 1, pc=True, position=[3, 0])))
    first_turn(run, path, "10,10,10")
    evs = resolve(run, path)
    assert [m["path"][-1] for m in kinds(evs, "Moved")] == [[0, -2]]
    assert pos(path, "gob") == [0, -2]
