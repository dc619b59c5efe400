"""Missile engagement by presence (R-ENG-5, seed 000: within the range and line of fire of
enemy missiles), `rules.missile_presence = true`.

A combatant is missile-engaged with every enemy that is aware of it (R-INI-4), can act, is
not engaged in melee, and holds a ranged weapon that could shoot it now (in range, ammunition
left, R-ATK-6 allowing the shot); the line of fire is open unless the target holds a
condition that closes it (the effects table's `closes_line_of_fire`: cover), and a hidden
one is never engaged so (`Held.hidden`). The engagement is symmetric and is worked out again
after every command and at every turn start (`refresh`); it ends when one of those stops
holding, besides R-ENG-4. `presence` on each
combatant lists the engagements that rest on presence alone: an attack roll between the two
(R-ENG-3) makes one an engagement of its own, which lasts until a disengagement as before.
"""

from __future__ import annotations

from pbwcombat import events as ev
from pbwcombat.engine import Resolution
from pbwcombat.geometry import distance
from pbwcombat.model import WEAPONS, Combatant, Encounter
from pbwcombat.rules.effects import held
from pbwcombat.rules.engagement import shooting_forbidden

Pair = tuple[str, str]  # (a, b) with a < b


def _holding_ranged(combatants: tuple[Combatant, ...]) -> tuple[str, ...]:
    """Who holds a ranged weapon (an `Encounter.fact`: the shooters are looked for among
    these, not among everyone at every turn start; issue 29's cost per turn)."""
    return tuple(c.id for c in combatants if any(w.kind == "ranged" for w in c.weapons))


def _standing(c: Combatant) -> bool:
    if c.status == "ok" and not c.conditions and not c.nonlethal:
        return not c.removed  # what the two below say then, without folding any effects
    return c.can_act and not c.counts_as_down


def _in_sight(c: Combatant) -> bool:
    """No condition closes the line of fire to it (cover) or hides it."""
    if not c.conditions:
        return True
    h = held(c.conditions)
    return not (h.closes_line_of_fire or h.hidden)


def _escapes(enc: Encounter) -> dict[str, tuple[str, ...]]:
    """R-ENG-6: each one's opponents escaped from this turn (`spent_of(id).escaped`), only
    those who have any: the acting one's allowance and shared group turns' (R-INI-3)."""
    st = enc.state
    out = {cid: spent.escaped for cid, spent in st.group_spent.items() if spent.escaped}
    if st.turn:
        out.pop(st.turn, None)
        if st.spent.escaped:
            out[st.turn] = st.spent.escaped
    return out


def presence_pairs(res: Resolution) -> set[Pair]:
    """Every pair R-ENG-5 engages now (none with the rule off or in plain d20, R-ENG-0): a
    standing shooter that could shoot a standing enemy now (aware of it, not in melee, a
    ranged weapon with it in range and ammunition left, the shot allowed by R-ATK-6, the line
    of fire open), what depends on one of the two alone asked once (R-SIM speed: this runs
    at every turn start; tests/test_sim_fast_paths.py holds it to the check pair by pair)."""
    enc = res.enc
    found: set[Pair] = set()
    if not enc.rules.engagement or not enc.rules.missile_presence:
        return found
    shooters = []  # able to shoot now: not in melee, a ranged weapon with ammunition left
    for cid in enc.fact("holding ranged weapons", _holding_ranged, WEAPONS):
        c = enc.get(cid)
        if not c.removed and not c.engaged and _standing(c):
            ranged = [w for w in c.weapons if w.kind == "ranged" and (w.ammo is None or w.ammo > 0)]
            if ranged:
                shooters.append((c, ranged))
    if not shooters:
        return found
    # R-ATK-6 with engagement on (`into_melee`): a shot goes into melee when its target is
    # engaged, whoever shoots; what depends on the target alone is asked once per target,
    # and the targets are grouped by side (a shooter skips its own side's whole)
    forbidden = shooting_forbidden(enc)
    by_side: dict[str, list[tuple[Combatant, str, tuple[int, int] | None]]] = {}
    for t in enc.active:
        if _standing(t) and _in_sight(t) and not (forbidden and t.engaged):
            by_side.setdefault(t.side, []).append((t, t.id, t.position))
    escaped = _escapes(enc)
    for s, ranged in shooters:
        freed = escaped.get(s.id, ())
        aware = s.aware  # (`is_aware_of` asked only of those with a list)
        sid, side, at = s.id, s.side, s.position
        reach = max((w.range for w in ranged if w.range is not None), default=-1)
        for t_side, group in by_side.items():
            if t_side == side:
                continue
            for t, tid, there in group:
                if escaped and (tid in freed or sid in escaped.get(tid, ())):
                    continue  # R-ENG-6: freed from each other for the rest of that turn
                if aware is not True and not s.is_aware_of(t):
                    continue
                if at is not None and there is not None and distance(at, there) > reach:
                    continue
                found.add((sid, tid) if sid < tid else (tid, sid))
    return found


def refresh(res: Resolution) -> None:
    """R-ENG-5: engage the pairs presence engages now, end those it no longer does."""
    want = presence_pairs(res)
    have: set[Pair] = set()
    get = res.enc.get
    for cid in res.enc.holders("presence"):
        for o in get(cid).presence:
            have.add((cid, o) if cid < o else (o, cid))
    for a, b in sorted(have - want):
        if res.enc.find(a) is not None and res.enc.find(b) is not None:
            res.emit(ev.PresenceEnded(a, b))
    for a, b in sorted(want - have):
        if b not in res.enc.get(a).missile_engaged:  # not already engaged by a shot
            res.emit(ev.PresenceEngaged(a, b))


def at_turn_start(res: Resolution, who: str) -> None:
    refresh(res)


ON_TURN_START = (at_turn_start,)
