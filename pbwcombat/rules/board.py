"""The grid as one mover sees it (R-GEO-7, R-GEO-8): which squares it may pass through,
which it may end on, and which squares an AoO could punish it for leaving.

The path-finder (`rules.pathfind`) is pure geometry; this module turns an encounter into its
inputs, so `move --find-path`, `attack --approach` and standing orders ask the same question.
"""

from __future__ import annotations

from typing import NamedTuple

from pbwcombat.engine import Resolution
from pbwcombat.geometry import Square, max_reach, threatens
from pbwcombat.model import Combatant
from pbwcombat.rules.aoo import can_make_aoo

_DOWN = ("dying", "stable", "dead")


class Board(NamedTuple):
    blocked: frozenset[Square]  # held by an enemy it may not pass (R-GEO-7)
    taken: frozenset[Square]  # held by someone not dead: no ending there (R-GEO-7)
    threatened: frozenset[Square]  # threatened by an enemy that could make an AoO on it


def passable(mover: Combatant, other: Combatant) -> bool:
    """R-GEO-7: allies' squares, and helpless, dying, stable or dead enemies' squares, may be
    passed through; a disabled (hp 0) enemy is conscious and blocks."""
    return other.side == mover.side or other.status in _DOWN or other.helpless


def board_for(res: Resolution, who: str) -> Board:
    """The squares `who` may not pass, may not end on, and would provoke for leaving now."""
    me = res.enc.get(who)
    blocked: set[Square] = set()
    taken: set[Square] = set()
    threatened: set[Square] = set()
    escaped = res.enc.spent_of(who).escaped  # R-ENG-6: they make no AoO on it this turn
    for c in res.enc.active:
        if c.id == who or c.position is None:
            continue
        if c.status != "dead":
            taken.add(c.position)
        if not passable(me, c):
            blocked.add(c.position)
        if (c.side != me.side and c.takes_aoo and c.id not in res.no_aoo
                and c.id not in escaped and who not in c.engaged and can_make_aoo(res, c)):
            threatened.update(_threat_area(c))
    return Board(frozenset(blocked), frozenset(taken), frozenset(threatened))


def _threat_area(c: Combatant) -> list[Square]:
    """R-AOO-1: the squares `c` threatens with some melee weapon."""
    assert c.position is not None
    x, y = c.position
    r = max_reach(c)
    return [(x + dx, y + dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1)
            if (dx or dy) and threatens(c, (x + dx, y + dy))]
