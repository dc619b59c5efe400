"""Confusion (R-CND-7): the SRD behaviour table, rolled 1d100 at each turn start of a
`confused` combatant that can act, after ongoing damage and durations (the Clarifications'
turn start). The result is state (`confusion` on the combatant) until that turn ends:

- 01–10 `attack:ID` — it attacks the one that confused it (the condition's `by`), else the
  nearest creature; 11–20 `normal` — it acts normally; 21–50 `nothing` — its turn is skipped;
  51–70 `flee` — it flees (R-ORD-2); 71–100 `attack:ID` — it attacks the nearest creature,
  ally or enemy.

Standing orders (`resolve`, `next --if-idle`, `odds`) do what it names (`confused_plan`,
played by `rules.orders`); a GM
playing it by hand is told the result, and `GUARDS` refuse (exit 3) any act outside it unless
`--force`: in an attack band only moving toward the named creature, attacking it and free
actions; in the flee band only moving away (and disengaging to do so).
"""

from __future__ import annotations

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction
from pbwcombat.geometry import distance
from pbwcombat.model import Combatant, Encounter
from pbwcombat.rules.effects import confusing

NORMAL, NOTHING, FLEE, ATTACK = "normal", "nothing", "flee", "attack"


def band(face: int) -> tuple[str, bool]:
    """The behaviour of a d100 face: (band, whether it attacks the one that confused it)."""
    if face <= 10:
        return ATTACK, True
    if face <= 20:
        return NORMAL, False
    if face <= 50:
        return NOTHING, False
    if face <= 70:
        return FLEE, False
    return ATTACK, False


def _gap(a: Combatant, b: Combatant) -> int:
    return 0 if a.position is None or b.position is None else distance(a.position, b.position)


def _standing(c: Combatant) -> bool:
    """Not down, dead or removed (hp ≤ 0 or counting as down)."""
    return not c.removed and c.hp > 0 and c.status in ("ok", "disabled") \
        and not c.counts_as_down


def nearest_creature(enc: Encounter, me: Combatant) -> Combatant | None:
    """R-CND-7: the nearest creature by Chebyshev distance, ally or enemy, ties to file
    order; never itself, nor anyone down, dead or removed."""
    best: Combatant | None = None
    for c in enc.combatants:
        if c.id != me.id and _standing(c) and (best is None or _gap(me, c) < _gap(me, best)):
            best = c
    return best


def roll_confusion(res: Resolution, who: str) -> None:
    """ON_TURN_START: the d100 of a confused combatant that can act (ruling: a turn it loses
    anyway rolls nothing)."""
    c = res.enc.get(who)
    name = confusing(c.conditions)
    if not name or not c.can_act:
        return
    roll = res.dice.roll("1d100")
    kind, by_first = band(roll.total)
    target: Combatant | None = None
    if kind == ATTACK:
        by = c.conditions[name].by
        culprit = res.enc.find(by) if by else None
        if by_first and culprit is not None and culprit.id != who and _standing(culprit):
            target = culprit
        else:
            by_first = False
            target = nearest_creature(res.enc, c)
        if target is None:
            kind = NOTHING  # ruling: nobody to attack, it does nothing
    res.emit(ev.ConfusionRolled(who, c.display, name, roll, kind, by_first,
                                target.id if target else "", target.display if target else "",
                                c.gender))


def clear_confusion(res: Resolution, who: str, taken: bool = True) -> None:
    """ON_TURN_END: the result held for that turn only."""
    if res.enc.get(who).confusion:
        res.emit(ev.ConfusionCleared(who))


def behaviour(c: Combatant) -> tuple[str, str]:
    """Its result this turn: (band, target id); ("", "") when none."""
    kind, _, target = c.confusion.partition(":")
    return kind, target


# -- by hand: what the GM may do with it (GUARDS) -------------------------------------------


def _refuse(c: Combatant, kind: str, target: str, res: Resolution) -> None:
    if kind == ATTACK:
        t = res.enc.find(target)
        raise IllegalAction("R-CND-7", "confused_must_attack", name=c.display,
                            target=t.display if t else target)
    raise IllegalAction("R-CND-7", "confused_must_flee", name=c.display)


def _actor(res: Resolution, who: str) -> tuple[Combatant, str, str] | None:
    """The actor and its band when a confusion result binds it now (not with --force)."""
    c = res.enc.find(who)
    if c is None or not c.confusion or res.force:
        return None
    kind, target = behaviour(c)
    if kind not in (ATTACK, FLEE):
        return None
    return c, kind, target


def _guard_attack(res: Resolution, x: act.Attack) -> None:
    bound = _actor(res, x.attacker)
    if bound is not None and not (bound[1] == ATTACK and x.target == bound[2]):
        _refuse(*bound, res)


def _guard_full_attack(res: Resolution, x: act.FullAttack) -> None:
    bound = _actor(res, x.attacker)
    if bound is not None and not (bound[1] == ATTACK and set(x.targets) == {bound[2]}):
        _refuse(*bound, res)


def _guard_move(res: Resolution, x: act.Move) -> None:
    bound = _actor(res, x.who)
    if bound is None:
        return
    c, kind, target = bound
    if c.position is None or not x.waypoints:  # gridless: `--away` is fleeing
        if not (kind == FLEE and x.away):
            _refuse(c, kind, target, res)
        return
    dest = x.waypoints[-1]
    if kind == ATTACK:
        t = res.enc.find(target)
        if t is None or t.position is None or \
                distance(dest, t.position) >= distance(c.position, t.position):
            _refuse(c, kind, target, res)
        return
    spots = [f.position for f in res.enc.combatants
             if f.side != c.side and _standing(f) and f.position is not None]
    here = c.position
    if spots and min(distance(dest, p) for p in spots) <= min(distance(here, p) for p in spots):
        _refuse(c, kind, target, res)


def _guard_action(res: Resolution, x: act.TakeAction) -> None:
    bound = _actor(res, x.who)
    if bound is None:
        return
    c = bound[0]
    cost = x.cost if x.action is None else c.action_cost(x.action)  # table rows too
    if cost != "free":
        _refuse(*bound, res)


def _guard_other(res: Resolution, x: act.Intercept | act.Delay) -> None:
    bound = _actor(res, x.defender if isinstance(x, act.Intercept) else x.who)
    if bound is not None:
        _refuse(*bound, res)


# -- under standing orders -------------------------------------------------------------------


def confused_plan(c: Combatant) -> tuple[str, str] | None:
    """What standing orders do with its result (`rules.orders` plays it): ("flee", ""),
    ("attack", ID), ("skip", ""); None when it acts normally (its own orders)."""
    kind, target = behaviour(c)
    if kind == FLEE:
        return FLEE, ""
    if kind == ATTACK:
        return ATTACK, target
    return ("skip", "") if kind == NOTHING else None


def standing(c: Combatant) -> bool:
    """Not down, dead or removed: one a confused combatant may still attack."""
    return _standing(c)


ON_TURN_START = (roll_confusion,)  # after conditions' (R-CND-6, R-CND-2): family order
ON_TURN_END = (clear_confusion,)
GUARDS = {act.Attack: _guard_attack, act.FullAttack: _guard_full_attack,
          act.Move: _guard_move, act.TakeAction: _guard_action,
          act.Intercept: _guard_other, act.Delay: _guard_other}
