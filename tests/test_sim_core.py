"""Issue 29: the simulator core (`pbwcombat.sim.core_*`) held to the commands' engine
fight by fight (R-SIM-3: `odds` runs keep the engine's rules). Each fight is played by the
core and by the engine with the same key: the same `Run`, and the same trace (who starts
each turn, how many dice were drawn by then, every combatant's hp and square then). Fights
the core does not model are either refused up front (`ineligible`) or handed back mid-fight
(`Unsupported`), and `odds.play` then gives the engine's own result: both are exercised
here (random encounters with conditions, readied actions, orders, fleeing, rules off/on).
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

import tomli_w
from test_sim_fast_paths import random_encounter, random_weapons

from pbwcombat.dice import Roll
from pbwcombat.evolve import evolve
from pbwcombat.model import Encounter, validate
from pbwcombat.service import load
from pbwcombat.sim import core_turns
from pbwcombat.sim import odds as sim
from pbwcombat.sim.core_state import Template, Unsupported, ineligible

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "encounters").glob("*.toml"))


def plain_encounter(rng: random.Random, people: tuple[int, int] = (2, 8), board: int = 10,
                    flee: float = 0.1) -> Encounter:
    """2 to 8 combatants (`people`) on two or three sides, on a grid of `board` × `board`
    squares, with what the core models:
    melee weapons (reach 1 or 2, reach_adjacent), bows with or without ammunition, criticals,
    groups rolling initiative as one, speeds, attack-nearest (said or by default),
    attack-weakest and skip, and
    sometimes (`flee`) `flee_below` (the core hands a fleeing combatant's fight back) and the
    rulings it reads (R-ATK-3, R-ATK-6, R-ENG-5, R-HP-4, R-AOO-5, R-DIS-5, death_at)."""
    n = rng.randint(*people)
    squares = rng.sample([(x, y) for x in range(board) for y in range(board)], n)
    sides = ["a", "b", "c"][:rng.choice((2, 2, 2, 3))]
    people: list[dict[str, Any]] = []
    for i in range(n):
        side = sides[i % len(sides)]
        weapons = random_weapons(rng, ("1d4", "1d6+1", "1d8+2", "2d4", "1d10-1"))
        if weapons[0]["id"] == "blade":
            weapons[0]["crit_mult"] = rng.choice((2, 2, 3))
        hp = rng.randint(2, 18)
        c: dict[str, Any] = {"id": f"c{i}", "side": side, "hp": hp,
                             "defense": rng.randint(10, 18), "initiative_mod": rng.randint(-1, 3),
                             "dex_mod": rng.randint(-1, 3), "dodge": rng.choice((0, 0, 1)),
                             "position": list(squares[i]), "weapons": weapons}
        if rng.random() < 0.3:
            c["max_hp"] = hp + rng.randint(0, 4)
        if rng.random() < 0.45:
            c["orders"] = rng.choice(("attack-nearest", "attack-weakest", "attack-weakest",
                                      "skip"))
        if rng.random() < flee:
            c["flee_below"] = 0.3
        if rng.random() < 0.25:
            c["group"] = f"g{side}"
        if rng.random() < 0.2:
            c["speed"] = rng.choice((20, 40))
        people.append(c)
    rules = {"missile_presence": rng.random() < 0.8,
             "ranged_into_melee": rng.choice(("forbid", "penalty")),
             "confirm_criticals": rng.random() < 0.8, "dying_bleed": rng.random() < 0.9,
             "aoo_engages": rng.random() < 0.8, "disengage_step": rng.choice((0, 3)),
             "death_at": rng.choice((-10, -10, -3))}
    text = tomli_w.dumps({"schema": 1, "name": "plain", "rules": rules, "combatants": people})
    return validate(tomllib.loads(text))


def engine_trace(enc: Encounter, events: list[Any], limit: int) -> list[Any]:
    """The core's trace read off the engine's events: at each `TurnStarted`, who, the dice
    drawn by then (every die a roll shows carries its number), every hp and square, and
    every missile and presence engagement (R-ENG-3/5, kept by the core between turn starts:
    read off the encounter the events make); up to the round after the last (`odds` counts
    nothing of it)."""
    hp = {c.id: c.hp for c in enc.combatants}
    pos = {c.id: c.position for c in enc.combatants}
    drawn = 0
    trace = []
    now = enc  # the engagements read off the encounter itself (R-ENG-3/5's bookkeeping)
    for e in events:
        now = evolve(now, e)
        kind = type(e).__name__
        if kind == "RoundStarted" and e.round > limit:
            break
        for field in type(e)._fields:
            value = getattr(e, field)
            if isinstance(value, Roll):
                drawn = max([drawn, *(d.n + 1 for d in value.dice if d.n is not None)])
        if kind == "HpChanged":
            hp[e.who] = e.hp
        elif kind == "Moved":
            pos[e.who] = e.path[-1]
        elif kind == "TurnStarted":
            trace.append((e.who, drawn, tuple(
                (hp[c.id], pos[c.id], frozenset(now.get(c.id).missile_engaged),
                 frozenset(now.get(c.id).presence)) for c in enc.active)))
    return trace


def compare(enc: Encounter, key: bytes, max_rounds: int = 20) -> str:
    """Play one fight both ways: "core" (the same), "bailed" (handed back), "ineligible";
    an assertion error names the first difference."""
    ids = sim.reported(enc)
    events: list[Any] = []
    expected = sim.play_engine(enc, key, max_rounds, ids, record=events)
    assert sim.play(enc, key, max_rounds, ids) == expected  # whoever plays it
    if ineligible(enc):
        return "ineligible"
    trace: list[Any] = []
    try:
        run = core_turns.play(Template(enc), key, max_rounds, ids, trace)
    except Unsupported:
        return "bailed"
    want = engine_trace(enc, events, sim.rounds_before(enc) + max_rounds)
    for i, (mine, theirs) in enumerate(zip(trace, want, strict=False)):
        assert mine == theirs, f"turn {i}: core {mine} != engine {theirs}"
    assert len(trace) == len(want)
    assert run == expected
    return "core"


def test_R_SIM_3_the_core_plays_every_example_fight_as_the_engine():
    """Every example encounter, 40 seeds each: the core plays each fight it takes exactly
    as the engine does (the gridless party goes to the engine)."""
    seen = {}
    for path in EXAMPLES:
        enc = load(path)[1]
        seen[path.name] = {compare(enc, sim.run_key(b"core", r), 50) for r in range(40)}
    assert seen["goblin-ambush.toml"] == {"core"}
    assert seen["emboscada-en-el-vado.toml"] == {"core"}
    assert seen["pelea-en-el-molino.toml"] == {"core"}
    assert seen["party.toml"] == {"ineligible"}


def test_R_SIM_3_the_core_plays_random_fights_as_the_engine_or_hands_them_back():
    """Issue 29's differential test of the core: 1,000 random fights, 700 the core models
    (grid, reach, bows and ammunition, groups, criticals, fleeing, rulings on and off) and
    300 with conditions, readied actions, conditional orders, awareness and gridless
    boards, which it refuses or hands back: the same Run and trace, or the engine's Run."""
    rng = random.Random(2929)
    fights = [(plain_encounter(rng), sim.run_key(b"plain", i)) for i in range(700)]
    rng = random.Random(29)
    fights += [(random_encounter(rng), sim.run_key(b"mixed", i)) for i in range(300)]
    counts = {"core": 0, "bailed": 0, "ineligible": 0}
    for enc, key in fights:
        counts[compare(enc, key, 12)] += 1
    assert len(fights) >= 1000
    assert counts["core"] >= 500, counts
    assert counts["bailed"] > 0 and counts["ineligible"] > 0, counts


def test_R_SIM_3_the_core_plays_crowds_as_the_engine():
    """Crowds of 20 to 60 on a 12 × 12 board: enough foes that the core looks its targets
    up around a square (rings by distance, ties in file order) rather than scanning every
    foe, and keeps who stands and where as they fall and move; the same Run and trace."""
    rng = random.Random(300)
    counts = {"core": 0, "bailed": 0, "ineligible": 0}
    for i in range(24):
        enc = plain_encounter(rng, (20, 60), 12, flee=0.01)
        counts[compare(enc, sim.run_key(b"crowd", i), 3)] += 1
    assert counts["core"] >= 16, counts


def under_way(enc: Encounter, key: bytes, rng: random.Random) -> Encounter | None:
    """`enc` part-way through a fight the engine played: at a turn's start, or after its
    first move or attack (something spent, engagements, wounds, the fallen); None when the
    fight ended first."""
    from pbwcombat.evolve import evolve

    events: list[Any] = []
    sim.play_engine(enc, key, 12, sim.reported(enc), record=events)
    stops = [i for i, e in enumerate(events)
             if type(e).__name__ in ("TurnStarted", "Moved", "AttackRecorded")]
    if len(stops) < 4:
        return None
    stop = rng.choice(stops[2:])
    for e in events[:stop + 1]:
        enc = evolve(enc, e)
    return enc if enc.state.phase == "combat" else None


def test_R_SIM_3_the_core_plays_fights_under_way_as_the_engine():
    """`odds` from a file part-way through a fight (the rounds count from its round):
    300 states the engine reached, each played on by the core and by the engine."""
    rng = random.Random(77)
    counts = {"core": 0, "bailed": 0, "ineligible": 0}
    played = 0
    while played < 300:
        enc = under_way(plain_encounter(rng), sim.run_key(b"before", played), rng)
        if enc is None:
            continue
        counts[compare(enc, sim.run_key(b"after", played), rng.choice((1, 3, 12)))] += 1
        played += 1
    assert counts["core"] >= 200, counts


def test_R_SIM_3_ineligible_names_what_the_core_never_models():
    base = {"id": "a", "side": "x", "hp": 5, "defense": 10, "position": [0, 0],
            "weapons": [{"id": "w", "damage": "1d4"}]}
    foe = {**base, "id": "b", "side": "y", "position": [3, 0]}

    def why(change: dict[str, Any], rules: dict[str, Any] | None = None) -> str:
        me = {k: v for k, v in {**base, **change}.items() if v is not None}
        doc = {"schema": 1, "name": "t", "rules": rules or {}, "combatants": [me, foe]}
        return ineligible(validate(tomllib.loads(tomli_w.dumps(doc))))

    assert why({}) == ""
    assert why({"conditions": {"prone": {}}}) == "a: conditions"
    assert why({"orders": "attack-weakest"}) == ""
    assert why({"orders": "guard:b"}) == "a: orders"
    assert why({"orders": ["hp < 50% -> flee", "attack-nearest"]}) == "a: orders"
    assert why({"readied": {"plan": "attack any", "when": "passes"}}) == "a: readied"
    assert why({"aware": False}) == "a: awareness or aoo"
    assert why({"feats": ["combat-reflexes"]}) == "a: traits"
    assert why({"weapons": [{"id": "w", "damage": "(1d4+1)*2"}]}) == "a: weapon w"
    assert why({}, {"engagement": False}) == "rules"
    assert why({"position": None}) == "a: gridless"
