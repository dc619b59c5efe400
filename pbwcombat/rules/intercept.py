"""Intercepting (R-INT): guarding a ward, Action Priority contests, redirect or forfeit."""

from __future__ import annotations

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat.dice import Mod, Roll
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction
from pbwcombat.geometry import max_reach, threat_weapons, within_reach
from pbwcombat.model import Combatant
from pbwcombat.rules.allowance import require_actor, single_action_turn
from pbwcombat.rules.engagement import engage, initiative_rank


def start_guard(res: Resolution, defender: str, ward: str) -> None:
    """`intercept DEFENDER WARD` (R-INT-1): an extended action using the whole turn."""
    d = require_actor(res, defender)
    w = res.combatant(ward)
    sp = res.enc.spent_of(defender)
    if not res.force and (sp.standard or sp.moves or sp.full_round or sp.step or sp.extended
                          or sp.disengage_tried):
        raise IllegalAction("R-INT-1", "guarding_takes_whole_turn_turn", name=d.display)
    limited = single_action_turn(res, d)
    if limited and not res.force:
        raise IllegalAction(limited, "one_action_no_guard", name=d.display)
    if ward == defender or w.side != d.side:
        raise IllegalAction("R-INT-1", "not_ally", ward=w.display, name=d.display)
    if w.status == "dead":
        raise IllegalAction("R-INT-1", "is_dead", name=w.display)
    if max_reach(d) == 0 or not threat_weapons(d):  # R-ACT-9: not with a bare fist
        raise IllegalAction("R-INT-1", "has_melee_weapon_cannot_guard", name=d.display)
    if not within_reach(d, w.position):
        raise IllegalAction("R-INT-1", "outside_radius_square", ward=w.display, name=d.display,
                            radius=max_reach(d))
    res.emit(ev.ActionSpent(defender, "extended"))
    if d.disengage_streak:
        res.emit(ev.StreakReset(defender, d.display))  # R-DIS-6: another action
    res.emit(ev.GuardStarted(defender, d.display, ward, w.display))


def _priority(res: Resolution, c: Combatant) -> Roll:
    """R-INT-2: Action Priority Total = 1d20 + initiative_mod."""
    roll = res.dice.d20(Mod(c.initiative_mod, "initiative_mod"))
    res.emit(ev.PriorityRolled(c.id, c.display, roll))
    return roll


def _guards_of(res: Resolution, ward: str, enemy: Combatant) -> list[Combatant]:
    """Guards of `ward` able to react (R-HP-3), enemies of `enemy`, with the ward still
    within their radius (R-INT-1), in initiative order."""
    where = res.enc.get(ward).position
    guards = [c for c in map(res.enc.get, res.enc.holders("guarding"))
              if c.guarding == ward and not c.removed and c.side != enemy.side
              and c.can_react and within_reach(c, where)]
    if len(guards) < 2:  # nobody guards it, most of the time: nothing to order
        return guards
    return sorted(guards, key=lambda c: initiative_rank(res, c.id))


def _contest(res: Resolution, d: Combatant, enemy: Combatant, missile: bool) -> bool:
    """Defender first, then the enemy (R-DIC-4). Melee ties: higher initiative_mod, then the
    enemy (R-INT-2); missile: strictly higher wins (R-INT-4)."""
    mine = _priority(res, d).total
    theirs = _priority(res, enemy).total
    if missile:
        return mine > theirs
    if mine != theirs:
        return mine > theirs
    return d.initiative_mod > enemy.initiative_mod


def intercept_attack(res: Resolution, attacker: str, target: str, missile: bool,
                     from_behind: bool, on_intercept: str) -> str:
    """R-INT-3/4 for an attack on a ward: returns the target the attack now goes against, or
    "" when the attacker forfeits it."""
    a = res.enc.get(attacker)
    if from_behind:
        return target  # R-INT-4: attacks from behind cannot be intercepted
    for d in _guards_of(res, target, a):
        if not missile and not within_reach(d, a.position):
            continue  # R-INT-3: only an enemy within the defender's radius
        if d.id in res.no_intercept:  # R-AOO-4: the guard lets the attack pass
            res.emit(ev.InterceptDeclined(d.id, d.display, attacker, a.display))
            continue
        won = _contest(res, d, a, missile)
        forfeit = won and not missile and on_intercept == "forfeit"
        ward = res.enc.get(target)
        res.emit(ev.InterceptResolved(d.id, d.display, attacker, a.display, target,
                                      ward.display, won, missile, forfeit))
        if won:
            if not missile:
                engage(res, attacker, d.id, missile=False)  # engages the defender instead
            if forfeit:
                res.emit(ev.AttackRefused(attacker, a.display, "forfeit"))
                return ""
            return d.id
    return target


def intercept_move(res: Resolution, mover: str, before: tuple[int, int] | None,
                   after: tuple[int, int]) -> Combatant | None:
    """R-INT-3 for movement: an enemy moving into a defender's radius; the defender that
    stops it, if any."""
    m = res.enc.get(mover)
    # the guards (`holders`, file order as `active`): a walk asks at every square, and a
    # scan of everyone made a 4,000-square walk among 500 cost 0.3 s (issue 29)
    guards = [c for c in map(res.enc.get, res.enc.holders("guarding"))
              if not c.removed and c.side != m.side and c.can_react
              and within_reach(c, res.enc.get(c.guarding or "").position)]  # ward in radius
    for d in sorted(guards, key=lambda c: initiative_rank(res, c.id)):
        if not within_reach(d, after) or (before is not None and within_reach(d, before)):
            continue
        if d.id in res.no_intercept:  # R-AOO-4: the guard lets the mover pass
            res.emit(ev.InterceptDeclined(d.id, d.display, mover, m.display))
            continue
        won = _contest(res, d, m, missile=False)
        ward = res.enc.get(d.guarding or "")
        res.emit(ev.InterceptResolved(d.id, d.display, mover, m.display, ward.id, ward.display,
                                      won, False, movement=True))
        if won:
            engage(res, mover, d.id, missile=False)  # R-INT-3: engages the defender instead
            return d
    return None


def end_guard(res: Resolution, who: str) -> None:
    """R-INT-1: a guard lasts until the start of the guard's next turn (a skipped one that
    counts included, R-CND-3)."""
    g = res.enc.get(who)
    if g.guarding:
        res.emit(ev.GuardEnded(who, g.display))


def drop_unable(res: Resolution) -> None:
    """Clarifications (R-CND-5): a guard whose actions become `none` guards nobody (as it
    loses a readied plan), narrated; worked out after every command."""
    for c in res.enc.active:
        if c.guarding and not c.can_act:
            res.emit(ev.GuardEnded(c.id, c.display))


def _intercept(res: Resolution, x: act.Intercept) -> None:
    start_guard(res, x.defender, x.ward)


HANDLES = {act.Intercept: _intercept}
ON_TURN_COUNTED = (end_guard,)
