"""Issue 29: the simulation's fast paths held to the plain forms they replaced (differential
tests). `odds` plays with the commands' own engine (R-SIM-3); what the speed work changed in
it is each a faster way to the same answer, so each is compared with its plain form: the
path-finder's remembered answers with the search, R-ENG-5's presence pairs with the check pair
by pair, the nearest-target cut with the full scan, the turn order's look-ups with the scan
of the tuples, the encounter's caches (facts, holders) with asking afresh; and whole fights
with all of them swapped back, event by event, over the example encounters and random small
ones (conditions, readied actions, orders, rules off and on).
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from pbwcombat.dice import DiceSource
from pbwcombat.dispatch import TABLES, dispatch
from pbwcombat.engine import Resolution
from pbwcombat.geometry import distance
from pbwcombat.model import Combatant, Encounter, validate
from pbwcombat.rules import (
    approach,
    conditions,
    engagement,
    movement,
    orders,
    pathfind,
    presence,
    turns,
)
from pbwcombat.rules.effects import held
from pbwcombat.rules.engagement import into_melee, shooting_forbidden
from pbwcombat.service import load
from pbwcombat.sim import odds as sim

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "encounters").glob("*.toml"))
CONDITIONS = ("prone", "cover", "hidden", "concealed", "dazzled", "shaken", "entangled",
              "flat-footed", "invisible", "frightened", "confused", "stunned", "blinded",
              "fatigued", "staggered", "helpless", "sickened", "deafened")
ORDERS: tuple[Any, ...] = (
    "attack-nearest", "attack-weakest", "skip", ["hp < 50% -> flee", "attack-nearest"],
    ["engaged >= 2 -> attack-weakest", "attack-nearest"],
    ["enemy-within 2 -> attack nearest", "attack-weakest"],
    ["ally-down -> attack weakest", "attack-nearest"], ["round >= 3 -> attack-weakest",
                                                        "attack-nearest"])


# -- the plain forms (what the code did before issue 29's speed work) ----------------------


def plain_could_shoot(enc: Encounter, shooter: Combatant, target: Combatant) -> bool:
    """R-ENG-5 for one pair, as it was asked of every pair."""
    if not shooter.is_aware_of(target) or shooter.engaged:
        return False
    if target.conditions:
        h = held(target.conditions)
        if h.closes_line_of_fire or h.hidden:
            return False
    if shooting_forbidden(enc) and into_melee(enc, shooter, target):
        return False
    d = None
    if shooter.position is not None and target.position is not None:
        d = distance(shooter.position, target.position)
    return any(w.kind == "ranged" and (w.ammo is None or w.ammo > 0)
               and (d is None or (w.range is not None and d <= w.range))
               for w in shooter.weapons)


def plain_presence_pairs(res: Resolution) -> set[tuple[str, str]]:
    enc = res.enc
    if not enc.rules.engagement or not enc.rules.missile_presence:
        return set()
    people = [c for c in enc.active if c.can_act and not c.counts_as_down]
    shooters = [c for c in people if any(w.kind == "ranged" for w in c.weapons)]
    found = set()
    for s in shooters:
        escaped = enc.spent_of(s.id).escaped
        for t in people:
            if t.side == s.side or t.id in escaped or s.id in enc.spent_of(t.id).escaped:
                continue
            if plain_could_shoot(enc, s, t):
                found.add((s.id, t.id) if s.id < t.id else (t.id, s.id))
    return found


def plain_not_passed(res: Resolution) -> Iterator[str]:
    for cid in res.enc.state.order:
        st = res.enc.state
        if cid in st.acted or cid in st.delaying:
            continue
        yield cid


def plain_holders(enc: Encounter, field: str) -> tuple[str, ...]:
    return tuple(c.id for c in enc.combatants if getattr(c, field))


def plain_fact(enc: Encounter, name: str, compute: Any, reads: Any = None, patch: Any = None
               ) -> Any:
    return compute(enc.combatants)  # worked out afresh every time it is asked (whatever it reads)


def plain_forms(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every fast path swapped back for its plain form (the encounter's caches included)."""
    monkeypatch.setattr(Encounter, "holders", plain_holders)
    monkeypatch.setattr(Encounter, "fact", plain_fact)
    monkeypatch.setattr(presence, "presence_pairs", plain_presence_pairs)
    monkeypatch.setattr(turns, "_not_passed", plain_not_passed)
    monkeypatch.setattr(orders, "_farthest", lambda me, kind: 10**9)
    monkeypatch.setattr(orders, "_anyone_affected", lambda combatants: True)  # ask each foe
    for module in (approach, movement, orders):
        monkeypatch.setattr(module, "find_path", pathfind.search)


# -- random small encounters ---------------------------------------------------------------


def random_weapons(rng: random.Random, damage: tuple[str, ...] = ("1d4", "1d6+1", "1d8+2", "2d4")
                   ) -> list[dict[str, Any]]:
    """A melee weapon (reach 1 or 2, reach_adjacent, criticals) most of the time, a bow
    (range, ammunition or none) otherwise or besides."""
    weapons: list[dict[str, Any]] = []
    if rng.random() < 0.85:
        reach = rng.choice((1, 1, 1, 2))
        weapons.append({"id": "blade", "attack": rng.randint(0, 8),
                        "damage": rng.choice(damage),
                        "reach": reach, "reach_adjacent": reach == 2 and rng.random() < 0.5,
                        "crit_range": rng.choice((19, 20, 20))})
    if not weapons or rng.random() < 0.45:
        bow: dict[str, Any] = {"id": "bow", "kind": "ranged", "attack": rng.randint(0, 7),
                               "damage": "1d6", "range": rng.randint(3, 15),
                               "crit_mult": 3}
        if rng.random() < 0.6:
            bow["ammo"] = rng.randint(0, 4)
        weapons.append(bow)
    return weapons


def random_encounter(rng: random.Random) -> Encounter:
    """2 to 7 combatants on two or three sides: melee and ranged weapons (reach, ammunition),
    conditions (some with durations), readied attacks, orders (keywords and conditional
    rules), `flee_below`, awareness, groups; a grid or none; engagement, presence, R-ATK-6,
    criticals and shared group turns each on or off."""
    n = rng.randint(2, 7)
    gridless = rng.random() < 0.1
    squares = rng.sample([(x, y) for x in range(9) for y in range(9)], n)
    sides = ["a", "b", "c"][:rng.choice((2, 2, 3))]
    ids = [f"c{i}" for i in range(n)]
    people: list[dict[str, Any]] = []
    for i, cid in enumerate(ids):
        side = sides[i % len(sides)]
        weapons = random_weapons(rng)
        hp = rng.randint(2, 18)
        c: dict[str, Any] = {"id": cid, "side": side, "hp": hp, "max_hp": hp + rng.randint(0, 4),
                             "defense": rng.randint(10, 18), "initiative_mod": rng.randint(-1, 4),
                             "weapons": weapons}
        if not gridless:
            c["position"] = list(squares[i])
        if rng.random() < 0.3:
            names = rng.sample(CONDITIONS, rng.randint(1, 2))
            c["conditions"] = {
                name: ({"ends": rng.choice(("start", "end")), "of": rng.choice(ids),
                        "turns": rng.randint(1, 3)} if rng.random() < 0.5 else {})
                for name in names}
        if rng.random() < 0.7:
            c["orders"] = rng.choice(ORDERS)
        if rng.random() < 0.2:
            c["flee_below"] = 0.3
        if rng.random() < 0.15:
            c["aware"] = rng.random() < 0.5
        if rng.random() < 0.15:
            c["readied"] = {"plan": "attack any", "when": rng.choice(("passes", "within:2"))}
        if rng.random() < 0.2:
            c["group"] = f"g{side}"
        if rng.random() < 0.2:
            c["speed"] = rng.choice((20, 40))
        people.append(c)
    rules = {"engagement": rng.random() < 0.8, "missile_presence": rng.random() < 0.8,
             "ranged_into_melee": rng.choice(("forbid", "penalty")),
             "confirm_criticals": rng.random() < 0.8,
             "group_turn": rng.choice(("each", "each", "shared"))}
    text = tomli_w.dumps({"schema": 1, "name": "random", "rules": rules, "combatants": people})
    return validate(tomllib.loads(text))


def _encounters(count: int, seed: int) -> list[Encounter]:
    rng = random.Random(seed)
    return [random_encounter(rng) for _ in range(count)]


# -- the parts -----------------------------------------------------------------------------


def test_R_GEO_8_remembered_paths_are_the_searchs_own_answers():
    """`find_path` remembers its answers (R-SIM speed): each is the search's, for repeated
    and new questions alike, sets and frozensets alike, within the budget or not."""
    rng = random.Random(29)
    asked = []
    for _ in range(3000):
        start = (rng.randint(0, 9), rng.randint(0, 9))
        goal = (rng.randint(0, 9), rng.randint(0, 9))
        blocked = {(rng.randint(0, 9), rng.randint(0, 9)) for _ in range(rng.randint(0, 12))}
        threatened = {(rng.randint(0, 9), rng.randint(0, 9)) for _ in range(rng.randint(0, 15))}
        budget = rng.randint(0, 14)
        asked.append((start, goal, budget, blocked - {start}, threatened))
    asked += rng.sample(asked, 1000)  # the same questions again
    for start, goal, budget, blocked, threatened in asked:
        frozen = rng.random() < 0.5
        got = pathfind.find_path(start, goal, budget=budget,
                                 blocked=frozenset(blocked) if frozen else blocked,
                                 threatened=frozenset(threatened) if frozen else threatened)
        assert got == pathfind.search(start, goal, budget=budget, blocked=blocked,
                                      threatened=threatened)


def test_R_SIM_3_the_holders_cache_follows_each_change_and_leaves_older_states_alone():
    """`Encounter.holders` (who has aid, a readied plan, a guard, presence): kept while a
    change leaves the field set or clear for everyone, made again when one is set or cleared,
    and an older encounter keeps its own answer; facts likewise survive a change that gives
    their fields the values they had."""
    from pbwcombat.model import Condition, Readied

    enc = _encounters(1, 3)[0]
    first, second = enc.combatants[0].id, enc.combatants[1].id
    bare = enc
    for c in enc.combatants:
        bare = bare.with_combatant(c.id, guarding="", readied=None, conditions={})
    assert bare.holders("guarding") == () and bare.holders("readied") == ()
    guarded = bare.with_combatant(second, guarding=first)
    assert guarded.holders("guarding") == (second,)
    assert bare.holders("guarding") == ()  # the older state keeps its own answer
    moved = guarded.with_combatant(second, position=(8, 8), guarding=first)  # still set
    assert moved.holders("guarding") == (second,)
    assert moved.__dict__["_holders"] is guarded.__dict__["_holders"]  # kept, not rebuilt
    ready = moved.with_combatant(first, readied=Readied.new(plan="attack any", when="passes"))
    assert ready.holders("readied") == (first,) and ready.holders("guarding") == (second,)
    cleared = ready.with_combatant(second, guarding="")
    assert cleared.holders("guarding") == () and ready.holders("guarding") == (second,)
    for later in (guarded, moved, ready, cleared):
        for field in ("guarding", "readied", "aid", "presence"):
            assert later.holders(field) == plain_holders(later, field)
    calls: list[int] = []

    def count(people: tuple[Combatant, ...]) -> int:
        calls.append(1)
        return sum(1 for c in people if c.conditions)

    assert cleared.fact("held", count) == 0 and len(calls) == 1
    same = cleared.with_combatant(first, status=cleared.get(first).status, conditions={})
    assert same.fact("held", count) == 0 and len(calls) == 1  # the same values: kept
    prone = same.with_combatant(first, conditions={"prone": Condition.new()})
    assert prone.fact("held", count) == 1 and len(calls) == 2  # a new value: again
    assert same.fact("held", count) == 0


def test_R_SIM_3_a_cache_first_asked_of_a_copy_is_not_its_originals():
    """A fact or holders list asked first of an encounter's copy after a change (a move, a
    guard, an engagement) is the copy's alone: the original still gives its own."""
    enc = _crowded(random.Random(5))
    first, second = enc.combatants[0], enc.combatants[1]
    turns.winner_if_over(enc)  # the caches exist (then shared by the copy)
    enc.holders("aid")
    copy = enc.with_combatant(first.id, position=(11, 11), guarding=second.id,
                              engaged=(second.id,))
    asked = {"the up by square": (orders._up_by_square, orders._PLACED, orders._patch_squares),
             "links listed one way": (engagement._one_way, frozenset(), None)}
    for name, (compute, reads, patch) in asked.items():
        copy.fact(name, compute, reads, patch)
    assert copy.holders("guarding") == (first.id,)
    for name, (compute, reads, patch) in asked.items():
        assert enc.fact(name, compute, reads, patch) == compute(enc.combatants), name
        assert copy.fact(name, compute, reads, patch) == compute(copy.combatants), name
    assert enc.holders("guarding") == plain_holders(enc, "guarding")


def _states(encounters: list[Encounter]) -> Iterator[Resolution]:
    """A Resolution at every turn start of a fight from each encounter (its events folded),
    to ask the fast and plain forms the same questions on states fights really reach."""
    for i, enc in enumerate(encounters):
        events: list[Any] = []
        sim.play(enc, sim.run_key(b"states", i), 6, sim.reported(enc), record=events)
        res = Resolution(enc, DiceSource(b"", 0), "", dispatch=dispatch, tables=TABLES)
        for e in events:
            res.emit(e)
            if type(e).__name__ == "TurnStarted":
                yield res


def test_R_ENG_5_presence_pairs_are_the_pair_by_pair_check(monkeypatch):
    """R-ENG-5's pairs, one side's checks hoisted out of the pairs, are what the check of each
    pair gives, on every turn start of 300 random fights (cover, hidden, escapes, ammunition,
    awareness, R-ATK-6 and the rule off among them)."""
    asked = 0
    for res in _states(_encounters(300, 5)):
        assert presence.presence_pairs(res) == plain_presence_pairs(res)
        asked += 1
    assert asked > 1000


def test_R_ORD_1_the_nearest_target_with_the_distance_cut_is_the_full_scans(monkeypatch):
    """R-ORD-1's nearest target: skipping the foes beyond every weapon's reach and range
    (R-SIM speed) chooses what the full scan chooses, for every combatant, kind and square
    asked on 300 random fights' turn starts."""
    asked = 0
    for res in _states(_encounters(300, 7)):
        enc = res.enc
        for me in enc.active:
            foes = orders.targets_of(enc, me)
            for square in (me.position, (4, 4), None):
                fast = [orders._nearest(enc, me, foes, square, kind)
                        for kind in ("melee", "ranged", "any")]
                with monkeypatch.context() as m:
                    m.setattr(orders, "_farthest", lambda me, kind: 10**9)
                    plain = [orders._nearest(enc, me, foes, square, kind)
                             for kind in ("melee", "ranged", "any")]
                assert fast == plain
                asked += 1
    assert asked > 3000


def _with_one_way_links(enc: Encounter, rng: random.Random) -> Encounter:
    """`enc` with engagements listed on one side, on both, or on none (a file may say either;
    the events link and unlink both sides at once)."""
    if not enc.rules.engagement:
        return enc
    for c in enc.combatants:
        foes = [o.id for o in enc.combatants if o.side != c.side]
        if foes and rng.random() < 0.5:
            listed = rng.sample(foes, rng.randint(1, len(foes)))
            enc = enc.with_combatant(c.id, engaged=tuple(listed))
        if foes and rng.random() < 0.2:
            enc = enc.with_combatant(c.id, missile_engaged=(rng.choice(foes),))
    return enc


def plain_linked_with(enc: Encounter, who: str, missile: bool) -> list[str]:
    """`release_fallen`'s plain form: its own list, then a scan of everyone for the rest."""
    me = enc.get(who)
    linked = list(me.missile_engaged if missile else me.engaged)
    linked += [o.id for o in enc.combatants
               if who in (o.missile_engaged if missile else o.engaged)
               and o.id != who and o.id not in linked]
    return linked


def test_R_SIM_3_patched_facts_are_the_facts_worked_out_afresh():
    """The facts a change of one combatant patches instead of dropping (the standing per
    side, the foes by side, whose conditions run, the up by square) are, after every event
    of 300 random fights, what working them out again from every combatant gives; the
    links listed one way, kept from the file on, hold every one there is now, and each
    one's engaged are what the scan of everyone finds (files with one-sided engagements
    among them)."""
    rng = random.Random(41)
    checked = {"standing per side": 0, "foes by side": 0, "condition holders": 0,
               "the up by square": 0}
    fresh = {"standing per side": turns._standing_per_side,
             "foes by side": orders._foes_by_side, "condition holders": conditions._holder_ids,
             "the up by square": orders._up_by_square}
    links = 0
    for i, enc in enumerate(_encounters(300, 11)):
        enc = _with_one_way_links(enc, rng)
        events: list[Any] = []
        sim.play_engine(enc, sim.run_key(b"patched", i), 6, sim.reported(enc), record=events)
        res = Resolution(enc, DiceSource(b"", 0), "", dispatch=dispatch, tables=TABLES)
        for e in events:
            turns.winner_if_over(res.enc)  # the facts asked, so that the next event carries them
            orders.foes_of(res.enc, res.enc.combatants[0])
            conditions._holders(res)
            res.enc.fact("the up by square", orders._up_by_square, orders._PLACED,
                         orders._patch_squares)
            res.emit(e)
            facts = res.enc.__dict__.get("_facts", {})
            for name, compute in fresh.items():
                if name in facts:
                    assert facts[name] == compute(res.enc.combatants), name
                    checked[name] += 1
            for c in res.enc.combatants:
                for missile in (False, True):
                    got = engagement.linked_with(res.enc, c.id, missile)
                    assert got == plain_linked_with(res.enc, c.id, missile)
                    links += len(got)
            one_way = res.enc.__dict__["_facts"]["links listed one way"]
            assert engagement._one_way(res.enc.combatants) <= one_way
    assert min(checked.values()) > 10_000 and links > 10_000, (checked, links)


def test_R_ORD_1_the_nearest_foe_from_the_squares_around_is_nearest_targets_choice():
    """attack-nearest's choice without a list of every foe (the engaged from `me.engaged`,
    those in reach from the squares around it) is `nearest_target`'s among every foe, for
    every combatant at every turn start of 300 random fights where nobody is laid low (reach
    1 and 2, reach_adjacent, bows, fallen and moved foes, gridless boards)."""
    rng = random.Random(13)
    asked = on_grid = 0
    for res in _states(_encounters(200, 13) + [_crowded(rng) for _ in range(60)]):
        enc = res.enc
        if not orders._every_foe_a_target(enc):
            continue
        for me in enc.active:
            assert orders._nearest_foe(enc, me) == orders.nearest_target(
                enc, me, orders.foes_of(enc, me), me.position)
            asked += 1
            on_grid += orders._reach_on_grid(enc, me)
    assert asked > 10_000 and on_grid > 5_000, (asked, on_grid)


def _crowded(rng: random.Random) -> Encounter:
    """12 to 40 combatants without conditions on a 10×10 grid (some squares left free),
    two or three sides, random weapons (reach 1 and 2, bows), some groups."""
    n = rng.randint(12, 40)
    squares = rng.sample([(x, y) for x in range(10) for y in range(10)], n)
    sides = ["a", "b", "c"][:rng.choice((2, 3))]
    people = [{"id": f"c{i}", "side": sides[i % len(sides)], "hp": rng.randint(2, 14),
               "defense": rng.randint(10, 16), "initiative_mod": rng.randint(0, 4),
               "weapons": random_weapons(rng), "position": list(squares[i]),
               **({"group": f"g{i % 3}"} if rng.random() < 0.2 else {})}
              for i in range(n)]
    text = tomli_w.dumps({"schema": 1, "name": "crowded", "combatants": people})
    return validate(tomllib.loads(text))


def _played(enc: Encounter, key: bytes) -> tuple[sim.Run, list[Any]]:
    events: list[Any] = []
    run = sim.play(enc, key, 12, sim.reported(enc), record=events)
    return run, events


def test_R_SIM_3_fast_paths_play_every_fight_event_by_event_as_the_plain_forms(monkeypatch):
    """Issue 29's differential test: 1,050 fights (every example encounter with 50 seeds, and
    700 random small encounters with conditions, readied actions, orders and the rules off
    and on), each played with the fast paths and again with every one swapped back for its
    plain form: the same events in the same order, the same outcome."""
    fights = [(enc, sim.run_key(b"examples", r)) for path in EXAMPLES
              for enc in [load(path)[1]] for r in range(50)]
    fights += [(enc, sim.run_key(b"random", i)) for i, enc in enumerate(_encounters(700, 29))]
    fast = [_played(enc, key) for enc, key in fights]
    with monkeypatch.context() as m:
        plain_forms(m)
        plain = [_played(enc, key) for enc, key in fights]
    assert len(fights) >= 1000
    for (run, events), (plain_run, plain_events) in zip(fast, plain, strict=True):
        assert events == plain_events
        assert run == plain_run
    kinds = {type(e).__name__ for _, events in fast for e in events}
    # the fights did reach what the fast paths touch
    assert {"PresenceEngaged", "PresenceEnded", "Moved", "TurnSkipped", "AttackRolled",
            "ReadyFired"} <= kinds, kinds
