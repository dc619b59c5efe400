"""Engagement state (R-ENG): making it, and the order reactions happen in."""

from __future__ import annotations

from pbwcombat import events as ev
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction
from pbwcombat.geometry import threatens, within_reach
from pbwcombat.model import Combatant, Encounter


def initiative_rank(res: Resolution, cid: str) -> int:
    """Position in the acting order: reactions resolve in initiative order (R-DIC-4)."""
    order = res.enc.state.order
    return order.index(cid) if cid in order else len(order)


def engage(res: Resolution, a: str, b: str, missile: bool) -> None:
    """R-ENG-1/3: engagement is symmetric, between enemies; nothing to say if it holds."""
    if not res.enc.rules.engagement:
        return  # R-ENG-0: plain d20, nobody is ever engaged
    ca, cb = res.enc.get(a), res.enc.get(b)
    if ca.side == cb.side or ca.status == "dead" or cb.status == "dead":
        return
    if ca.hp <= 0 or cb.hp <= 0:
        return  # R-ENG-6: nobody is engaged with one who has fallen (hp <= 0)
    if b in (ca.missile_engaged if missile else ca.engaged) and not (
            missile and b in ca.presence):  # R-ENG-5: a shot makes it one of its own
        return
    if b in res.enc.spent_of(a).escaped or a in res.enc.spent_of(b).escaped:
        return  # R-ENG-6: escaped this turn, not engaged again until that turn ends
    res.emit(ev.Engaged(a, ca.display, b, cb.display, missile))


def engage_at_rest(res: Resolution, who: str) -> None:
    """R-ENG-1: a move that ends within an enemy's reach, or with an enemy within the mover's
    reach, engages them (enemies still able to act)."""
    me = res.enc.get(who)
    if me.position is None or me.hp <= 0:
        return  # a mover felled on the way engages nobody (R-ENG-6)
    for other in res.enc.active:
        if other.side == me.side or not other.can_act:
            continue  # R-CND-5: one left without actions (dazed, stunned…) threatens nothing
        if within_reach(other, me.position) or within_reach(me, other.position):
            engage(res, who, other.id, missile=False)


def release_fallen(res: Resolution, who: str) -> None:
    """R-ENG-6: engagement with a combatant that falls (hp <= 0, or a condition that counts
    as down) ends at once for both, narrated; it does not come back when it is healed or
    stands up (only a new R-ENG-1 event engages again)."""
    me = res.enc.get(who)
    if not me.counts_as_down:
        return
    for missile in (False, True):
        for other in linked_with(res.enc, who, missile):
            res.emit(ev.Disengaged(who, me.display, other, res.enc.get(other).display, missile))


def linked_with(enc: Encounter, who: str, missile: bool) -> list[str]:
    """Those `who` lists as engaged with it (melee, or `missile`), then those who list it
    that it does not list (a file may say one side only), in file order, as a scan of
    everyone would find them: looked for among the links listed one way when the file was
    read, not among everyone at each fall (issue 29). The events never make one (evolve's
    `_link` links and unlinks both sides at once), so those there are now are among those,
    asked again live."""
    linked = list(_lists(enc.get(who), missile))
    one_way: frozenset[Link] = enc.fact("links listed one way", _one_way, frozenset())
    if one_way:
        linked += [o.id for o in enc.in_file_order(
            o for o, x, m in one_way if x == who and m == missile)
            if who in _lists(o, missile) and o.id not in linked]
    return linked


Link = tuple[str, str, bool]  # (who lists, whom, missile)


def _lists(c: Combatant, missile: bool) -> tuple[str, ...]:
    return c.missile_engaged if missile else c.engaged


def _one_way(combatants: tuple[Combatant, ...]) -> frozenset[Link]:
    """Each engagement listed by one combatant only (one the other does not list, or an
    unknown other)."""
    by_id = {c.id: c for c in combatants}
    return frozenset([(c.id, x, missile) for c in combatants for missile in (False, True)
                      for x in _lists(c, missile)
                      if x not in by_id or c.id not in _lists(by_id[x], missile)])


def into_melee(enc: Encounter, shooter: Combatant, target: Combatant) -> bool:
    """R-ATK-6: a shot at `target` goes into melee. Seed 000's rules: the target is engaged in
    melee. Plain d20 (R-ENG-0): the target is in melee with an ally of the shooter, the SRD's
    "either threatens the other" between enemies able to act (gridless: never, R-GEO-5)."""
    if enc.rules.engagement:
        return bool(target.engaged)
    if target.position is None:
        return False
    for ally in enc.active:
        if ally.side != shooter.side or ally.id == shooter.id or ally.position is None \
                or ally.status == "dead" or ally.side == target.side:
            continue
        if (target.can_act and threatens(target, ally.position)) or \
                (ally.can_act and threatens(ally, target.position)):
            return True
    return False


def shooting_forbidden(enc: Encounter) -> bool:
    """R-ATK-6 `ranged_into_melee = "forbid"`; plain d20 (R-ENG-0) always allows it at -4."""
    return enc.rules.engagement and enc.rules.ranged_into_melee == "forbid"


def require_engagement(enc: Encounter) -> None:
    """R-ENG-0: `disengage` exists only under seed 000's engagement rules."""
    if not enc.rules.engagement:
        raise IllegalAction("R-ENG-0", "engagement_off")
