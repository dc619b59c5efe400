"""R-AOO-1/2 at scale (issue 29): `provokers` looks only at the squares within reach of the
square left, from a threat map made once per state of the encounter. It must name exactly the
enemies a check of every combatant names, in the same order (R-DIC-4), and follow changes."""

from __future__ import annotations

import hashlib

from pbwcombat.dice import DiceSource
from pbwcombat.document import from_document
from pbwcombat.engine import Resolution
from pbwcombat.geometry import threatens
from pbwcombat.rules.aoo import can_make_aoo, provokers

_SPEAR = {"name": "Spear", "attack": 2, "damage": "1d8"}
_PIKE = {"name": "Pike", "attack": 3, "damage": "1d10", "reach": 2}
_WHIP = {"name": "Whip", "attack": 1, "damage": "1d3", "reach": 3, "reach_adjacent": True}
_BOW = {"name": "Bow", "kind": "ranged", "attack": 4, "damage": "1d8", "range": 20}


def _crowd() -> Resolution:
    """60 enemies and a few friends of `mover` on a 12×6 block, weapons of reach 1-3 (one
    with a dead zone), bows only, flat-footed ones, one engaged with the mover, and an
    order that is not file order."""
    people = [{"id": "mover", "side": "a", "defense": 12, "hp": 10, "position": [0, 0],
               "weapons": [_SPEAR], "engaged": ["e7"]}]
    for i in range(66):
        kit = [[_SPEAR], [_PIKE], [_WHIP], [_BOW], [_SPEAR, _PIKE]][i % 5]
        people.append({"id": f"e{i}", "side": "a" if i % 11 == 0 else "b", "defense": 12,
                       "hp": 10, "position": [1 + i % 12, 1 + i // 12], "weapons": kit,
                       "flat_footed": i % 9 == 4, "engaged": ["mover"] if i == 7 else []})
    order = sorted((p["id"] for p in people), key=lambda cid: hashlib.sha256(
        cid.encode()).hexdigest())
    enc = from_document({"combatants": people,
                         "state": {"phase": "combat", "round": 1, "order": order,
                                   "turn": "mover"}})
    return Resolution(enc, DiceSource(b"x" * 32, 0), "")


def _every_combatant(res: Resolution, mover: str, square: tuple[int, int],
                     engaged_exempt: bool) -> list[str]:
    """R-AOO-1/2 and R-DIC-4 checked on every combatant, as `provokers` did before."""
    me, order = res.enc.get(mover), res.enc.state.order
    found = [c.id for c in res.enc.active
             if c.side != me.side and c.id != mover
             and not (engaged_exempt and mover in c.engaged)
             and threatens(c, square) and can_make_aoo(res, c)]
    return sorted(found, key=lambda cid: order.index(cid) if cid in order else len(order))


def test_R_AOO_1_provokers_from_the_threat_map_match_a_check_of_everyone():
    res = _crowd()
    squares = [(x, y) for x in range(-4, 18) for y in range(-4, 12)]
    assert sum(bool(_every_combatant(res, "mover", sq, False)) for sq in squares) > 100
    for exempt in (False, True):
        for sq in squares:
            assert provokers(res, "mover", sq, exempt) == _every_combatant(res, "mover", sq,
                                                                          exempt), sq
    assert "e7" in provokers(res, "mover", (7, 1), False)  # R-AOO-2: engaged, not exempt
    assert "e7" not in provokers(res, "mover", (7, 1), True)


def test_R_AOO_4_the_threat_map_follows_the_encounter_it_was_made_from():
    """An enemy that moves, uses its AoO for the round or drops is seen at once."""
    res = _crowd()
    sq = (3, 0)
    before = provokers(res, "mover", sq, False)
    assert before and before == _every_combatant(res, "mover", sq, False)
    first = before[0]
    res.enc = res.enc.with_combatant(first, aoo_round=1)  # R-AOO-4: one per round, used
    assert first not in provokers(res, "mover", sq, False)
    res.enc = res.enc.with_combatant(first, aoo_round=0, position=(30, 30))
    assert first not in provokers(res, "mover", sq, False)
    res.enc = res.enc.with_combatant(first, position=(3, -1))
    assert first in provokers(res, "mover", sq, False)
    for cid in before[1:]:
        res.enc = res.enc.with_combatant(cid, hp=0)  # R-HP-3: at 0 hp, no AoO
    assert provokers(res, "mover", sq, False) == [first]
    assert provokers(res, "mover", sq, False) == _every_combatant(res, "mover", sq, False)
