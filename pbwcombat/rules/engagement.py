"""Engagement state (R-ENG): making it, and the order reactions happen in."""

from __future__ import annotations

from pbwcombat import events as ev
from pbwcombat.engine import Resolution
from pbwcombat.geometry import within_reach


def initiative_rank(res: Resolution, cid: str) -> int:
    """Position in the acting order: reactions resolve in initiative order (R-DIC-4)."""
    order = res.enc.state.order
    return order.index(cid) if cid in order else len(order)


def engage(res: Resolution, a: str, b: str, missile: bool) -> None:
    """R-ENG-1/3: engagement is symmetric, between enemies; nothing to say if it holds."""
    ca, cb = res.enc.get(a), res.enc.get(b)
    if ca.side == cb.side or ca.status == "dead" or cb.status == "dead":
        return
    if b in (ca.missile_engaged if missile else ca.engaged):
        return
    res.emit(ev.Engaged(a, ca.display, b, cb.display, missile))


def engage_at_rest(res: Resolution, who: str) -> None:
    """R-ENG-1: a move that ends within an enemy's reach, or with an enemy within the mover's
    reach, engages them (enemies still able to act)."""
    me = res.enc.get(who)
    if me.position is None or me.status == "dead":
        return
    for other in res.enc.active:
        if other.side == me.side or other.status not in ("ok", "disabled"):
            continue
        if within_reach(other, me.position) or within_reach(me, other.position):
            engage(res, who, other.id, missile=False)
