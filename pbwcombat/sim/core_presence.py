"""`rules.presence.refresh` (R-ENG-5) for the simulator core, at a turn start (nobody's turn
then, so nobody has escaped anyone): standing shooters not in melee engage the standing
enemies in range of a ranged weapon with ammunition (not into melee when R-ATK-6 forbids
the shot).

Whether a pair is engaged so depends on each of the two alone (standing, in melee, a
square, the longest range with ammunition), so the fight keeps the pairs (`Fight.pairs`)
and works out again at each turn start only those of the fighters marked since the last
(`Fight.moved`: a status, a square, a melee engagement or the last arrow changed). The
first refresh of a fight asks every pair, as `rules.presence` does; after it every pair
listed in `presence` is one it keeps, so a pair of two unmarked fighters needs nothing
(issue 29: a crowd of archers paid every shooter against every foe at each turn start).
"""

from __future__ import annotations

from pbwcombat.sim.core_state import Fight, Fighter


def refresh_presence(fight: Fight) -> None:
    """Engage the pairs presence engages now and end those it no longer does."""
    if not fight.rules.presence:
        return
    pairs = fight.pairs
    if pairs is None:
        _refresh_all(fight)
        return
    moved = fight.moved
    if not moved:
        return
    fight.moved = set()
    news = {d.id: _partners(fight, d) for d in moved}
    by_id = fight.by_id
    for did, new in news.items():
        old = pairs[did]
        for oid in old - new:
            pairs[oid].discard(did)
        for oid in new - old:
            pairs[oid].add(did)
        pairs[did] = new
        d = by_id[did]
        for oid in old | new:  # every pair listed in `presence` was kept (`old`)
            _settle(fight, d, by_id[oid], oid in new)


def _far(s: Fighter) -> int:
    """The longest range of a ranged weapon with ammunition left (-1: none)."""
    far = -1
    for w in s.weapons:
        if not w.melee and w.ammo != 0 and w.range is not None and w.range > far:
            far = w.range
    return far


def _within(a: Fighter, b: Fighter, far: int) -> bool:
    ax, ay = a.pos
    bx, by = b.pos
    dx = bx - ax if bx > ax else ax - bx
    dy = by - ay if by > ay else ay - by
    return (dx if dx > dy else dy) <= far


def _partners(fight: Fight, d: Fighter) -> set[str]:
    """Those presence engages `d` with now, as shooter or as target."""
    found: set[str] = set()
    if d.status != "ok":
        return found
    forbid = fight.rules.forbid
    if d.shooter and not d.engaged:
        far = _far(d)
        if far >= 0:
            for t in fight.foes[d.side]:
                if t.status == "ok" and not (forbid and t.engaged) and _within(d, t, far):
                    found.add(t.id)
    if forbid and d.engaged:
        return found
    side = d.side
    for s in fight.shooters:
        if s.side != side and s.status == "ok" and not s.engaged and s.id not in found:
            far = _far(s)
            if far >= 0 and _within(s, d, far):
                found.add(s.id)
    return found


def _settle(fight: Fight, d: Fighter, o: Fighter, wanted: bool) -> None:
    """One pair as the whole refresh treats it: ended when listed and not wanted, engaged
    when wanted, not listed and not already engaged by a shot."""
    listed = (d.shooter and o.id in d.presence) or (o.shooter and d.id in o.presence)
    if listed == wanted:
        return
    fa, fb = (d, o) if d.id < o.id else (o, d)
    if listed:  # PresenceEnded
        for x, y in ((fa, fb), (fb, fa)):
            x.presence.discard(y.id)
            x.missile.discard(y.id)
    elif fb.id not in fa.missile:  # PresenceEngaged, unless a shot already engaged them
        for x, y in ((fa, fb), (fb, fa)):
            x.presence.add(y.id)
            x.missile.add(y.id)


def _refresh_all(fight: Fight) -> None:
    """Every pair asked (a fight's first refresh), then kept in `Fight.pairs`."""
    want: set[tuple[str, str]] = set()
    foes = fight.foes  # per side the standing of the others: those of status ok among them
    forbid = fight.rules.forbid
    for s in fight.shooters:
        if s.engaged or s.status != "ok":
            continue
        far = _far(s)
        if far < 0:
            continue
        sid = s.id
        for t in foes[s.side]:
            if t.status != "ok" or (forbid and t.engaged):
                continue
            if _within(s, t, far):
                tid = t.id
                want.add((sid, tid) if sid < tid else (tid, sid))
    # every presence pair has a shooter in it, which lists the other
    have: set[tuple[str, str]] = set()
    for f in fight.shooters:
        if f.presence:
            fid = f.id
            for o in f.presence:
                have.add((fid, o) if fid < o else (o, fid))
    by_id = fight.by_id
    for a, b in have - want:
        _settle(fight, by_id[a], by_id[b], False)
    for a, b in want - have:
        _settle(fight, by_id[a], by_id[b], True)
    pairs: dict[str, set[str]] = {f.id: set() for f in fight.people}
    for a, b in want:
        pairs[a].add(b)
        pairs[b].add(a)
    fight.pairs = pairs
    fight.moved = set()
