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
from pbwcombat.model import Combatant, Encounter
from pbwcombat.rules.effects import held
from pbwcombat.rules.engagement import into_melee, shooting_forbidden

Pair = tuple[str, str]  # (a, b) with a < b


def _pair(a: str, b: str) -> Pair:
    return (a, b) if a < b else (b, a)


def _could_shoot(enc: Encounter, shooter: Combatant, target: Combatant) -> bool:
    """`shooter` could shoot `target` now: aware of it, able, not in melee, a ranged weapon
    with it in range and ammunition left, the shot allowed (R-ATK-6), the line of fire open."""
    if not shooter.is_aware_of(target) or shooter.engaged:
        return False
    if target.conditions:
        h = held(target.conditions)
        if h.closes_line_of_fire or h.hidden:  # cover; a hidden one, never
            return False
    if shooting_forbidden(enc) and into_melee(enc, shooter, target):
        return False
    d = None
    if shooter.position is not None and target.position is not None:
        d = distance(shooter.position, target.position)
    return any(w.kind == "ranged" and (w.ammo is None or w.ammo > 0)
               and (d is None or (w.range is not None and d <= w.range))
               for w in shooter.weapons)


def _standing(c: Combatant) -> bool:
    return c.can_act and not c.counts_as_down


def presence_pairs(res: Resolution) -> set[Pair]:
    """Every pair R-ENG-5 engages now (none with the rule off or in plain d20, R-ENG-0)."""
    enc = res.enc
    if not enc.rules.engagement or not enc.rules.missile_presence:
        return set()
    people = [c for c in enc.active if _standing(c)]
    shooters = [c for c in people if any(w.kind == "ranged" for w in c.weapons)]
    found: set[Pair] = set()
    if not shooters:
        return found
    escaped = {c.id: enc.spent_of(c.id).escaped for c in people}  # once each, not per pair
    for s in shooters:
        freed = escaped[s.id]
        for t in people:
            if t.side == s.side or t.id in freed or s.id in escaped[t.id]:
                continue  # R-ENG-6: freed from each other for the rest of that turn
            if _could_shoot(enc, s, t):
                found.add(_pair(s.id, t.id))
    return found


def refresh(res: Resolution) -> None:
    """R-ENG-5: engage the pairs presence engages now, end those it no longer does."""
    want = presence_pairs(res)
    have = {_pair(c.id, o) for c in res.enc.combatants for o in c.presence}
    for a, b in sorted(have - want):
        if res.enc.find(a) is not None and res.enc.find(b) is not None:
            res.emit(ev.PresenceEnded(a, b))
    for a, b in sorted(want - have):
        if b not in res.enc.get(a).missile_engaged:  # not already engaged by a shot
            res.emit(ev.PresenceEngaged(a, b))


def at_turn_start(res: Resolution, who: str) -> None:
    refresh(res)


ON_TURN_START = (at_turn_start,)
