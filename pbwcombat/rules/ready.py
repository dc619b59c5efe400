"""Readied actions (R-RDY): `ready WHO PLAN --when TRIGGER`, and the plans firing inside the
acts that set them off.

Where a plan fires (R-RDY-2): movement calls `entering` once the mover has entered a square
(after the AoOs for the square it left, before interceptions) and `starting_to_move` before
its first step; attacks and actions call `starting_to_act` before their first die. Plans fire
in initiative order, each as a normal act of its kind resolved through the dispatch table,
outside the readier's turn and allowance (the GM's out-of-turn path: nothing of the acting
combatant's turn is spent). A plan that is not legal then does not happen and stays readied.
The passer-by (R-RDY-4) follows a readied attack on a mover. A plan lapses when its
readier's next turn starts (R-RDY-3).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction, PbwError, UsageError
from pbwcombat.geometry import (
    Square,
    distance,
    path_cost,
    segment,
    weapon_threatens,
    within_reach,
)
from pbwcombat.model import Combatant
from pbwcombat.readying import (
    ANY,
    Trigger,
    parse_plan,
    parse_trigger,
    plan_text,
    plan_words,
    trigger_text,
)
from pbwcombat.rules.allowance import check_standard, require_actor
from pbwcombat.rules.engagement import initiative_rank
from pbwcombat.rules.usage import check_ids

# -- readying --------------------------------------------------------------------------------


def plan_action(who: str, words: list[str] | tuple[str, ...]) -> act.Action:
    """The plan as the action `who` takes (TARGET `any` kept as written until it fires)."""
    parse_plan(words)
    return act.from_argv([words[0], who, *words[1:]])


def ready(res: Resolution, who: str, words: tuple[str, ...], when: str | None) -> None:
    """`ready WHO PLAN… --when TRIGGER` (R-RDY-1): a standard action."""
    act.check_readied(words, when)  # as `declare … ready` and orders check it when written
    assert when is not None
    trigger = parse_trigger(when)
    plan = plan_action(who, words)
    me = require_actor(res, who)
    for cid in trigger.ids:
        res.combatant(cid)  # exit 2: an unknown id
    _check_plan(res, me, plan)
    check_standard(res, me)
    res.emit(ev.ActionSpent(who, "standard"))
    if me.disengage_streak:
        res.emit(ev.StreakReset(who, me.display))  # R-DIS-6: an action other than moving
    res.emit(ev.ReadyDeclared(who, me.display, plan_text(words), trigger_text(trigger),
                              res.enc.state.round))


def _check_plan(res: Resolution, me: Combatant, plan: act.Action) -> None:
    """The plan's ids, weapon and action exist, as its own command would check them (exit
    2); an action of the file costs standard, move or free, and a move is one square's walk
    of up to its speed (R-RDY-1)."""
    check_ids(res, _aimed(plan, me.id))  # `any` stands for someone: the readier will do
    if isinstance(plan, act.TakeAction) and plan.action:
        spends = me.action_cost(plan.action)  # a file action or a row of the table
        if spends is not None and spends not in ("standard", "move", "free"):
            raise UsageError("ready_action_cost", rule="R-RDY-1",
                             action=_action_name(me, plan.action))
    elif isinstance(plan, act.Move) and me.position is not None:
        goal = plan.waypoints[0]
        cost = path_cost(me.position, segment(me.position, goal))
        if cost > me.squares:
            raise IllegalAction("R-RDY-1", "ready_move_too_far", name=me.display,
                                squares=me.squares, cost=cost)


def _action_name(me: Combatant, key: str) -> str:
    own = me.action(key)
    return own.display if own is not None else key


def clear(res: Resolution, who: str) -> None:
    """`ready WHO --clear`: the readier declines, at any time before the act (R-RDY-4)."""
    res.require_combat()
    me = res.combatant(who)
    if me.readied is None:
        raise IllegalAction("R-RDY-1", "has_nothing_readied", name=me.display)
    res.emit(ev.ReadyCleared(who, me.display))


def drop_unable(res: Resolution) -> None:
    """Clarifications (R-CND-5): a combatant whose actions become `none` (or that falls,
    hp <= 0) loses its readied plan, narrated; worked out after every command."""
    for c in res.enc.active:
        if c.readied is not None and (not c.can_act or c.hp <= 0):
            res.emit(ev.ReadyCleared(c.id, c.display, lost=True))


def lapse(res: Resolution, who: str) -> None:
    """R-RDY-3: a plan that has not fired when its readier's next turn starts lapses."""
    me = res.enc.get(who)
    if me.readied is not None:
        res.emit(ev.ReadyLapsed(who, me.display))


# -- firing ----------------------------------------------------------------------------------


class _Waiting(NamedTuple):
    readier: Combatant
    trigger: Trigger
    plan: act.Action


def _waiting(res: Resolution, setter: str) -> list[_Waiting]:
    """The readied plans other than `setter`'s, in initiative order (R-RDY-2)."""
    found = []
    for cid in res.enc.holders("readied"):
        c = res.enc.get(cid)
        if c.readied is None or c.id == setter or c.removed:
            continue
        found.append(_Waiting(c, parse_trigger(c.readied.when),
                              plan_action(c.id, plan_words(c.readied.plan))))
    found.sort(key=lambda w: initiative_rank(res, w.readier.id))
    return found


def anyone_readied(res: Resolution) -> bool:
    """Whether any plan waits (a walk asks once, not at every square)."""
    return any(c.readied is not None for c in res.enc.active)


def _targets(plan: act.Action) -> tuple[str, ...]:
    if isinstance(plan, act.Attack):
        return (plan.target,)
    if isinstance(plan, act.TakeAction):
        return plan.target
    return ()


def _for(res: Resolution, w: _Waiting, setter: str) -> bool:
    """R-RDY-1: a plan with a named target fires only for that target; `any`, for anyone.
    Ruling: enemies named restrict it only for the triggers "an enemy" sets off (`passes`,
    `within`, `enters`); `moves:` and `acts:` name who sets them off themselves, and an
    ally named (healed, blessed) restricts nothing. `any` is any enemy (Clarifications,
    R-RDY-1), whatever the trigger: an ally who moves or acts does not set it off."""
    if ANY in _targets(w.plan) and res.enc.get(setter).side == w.readier.side:
        return False
    if not w.trigger.on_movement:
        return True
    named = [t for t in _targets(w.plan) if t != ANY and res.enc.find(t) is not None
             and res.enc.get(t).side != w.readier.side]
    return not named or setter in named


def _reaches(readier: Combatant, plan: act.Action, square: Square) -> bool:
    """`passes`: the readied weapon reaches (melee) or has in range (ranged) `square`; with
    no weapon named, any of its weapons; a plan that is no attack, its greatest reach."""
    if readier.position is None:
        return False
    if not isinstance(plan, act.Attack):
        return within_reach(readier, square)
    d = distance(readier.position, square)
    chosen = readier.weapon(plan.weapon) if plan.weapon else None
    weapons = [chosen] if chosen is not None else list(readier.weapons)
    return any(weapon_threatens(w, d) if w.kind == "melee"
               else w.range is not None and d <= w.range for w in weapons)


def _set_off_by_square(w: _Waiting, mover: Combatant, square: Square) -> bool:
    t = w.trigger
    if not t.on_movement or mover.side == w.readier.side or w.readier.position is None:
        return False
    if t.kind == "passes":
        return _reaches(w.readier, w.plan, square)
    if t.kind == "within":
        return distance(w.readier.position, square) <= t.distance
    return square in t.squares


def entering(res: Resolution, mover: str, square: Square, rest: list[Square],
             first: Callable[[], None]) -> str:
    """R-RDY-2: `mover` has entered `square` (with `rest` of its path still to walk): fire
    the plans it sets off, in initiative order, `first()` before the first of them (the walk
    says where the mover is). Returns why the walk stops ("fell", "disengage") or ""."""
    fired = False
    for w in _waiting(res, mover):
        m = res.enc.get(mover)
        if _set_off_by_square(w, m, square) and _for(res, w, mover):
            if not fired:
                first()
                fired = True
            stop = _fire(res, w, mover, rest)
            if stop:
                return stop
    return ""


def starting_to_move(res: Resolution, mover: str, path: list[Square]) -> str:
    """R-RDY-1 `moves:ID`: before the mover's first step (`path`: the squares it means to
    walk, [] when gridless). Returns why it does not go on, or ""."""
    for w in _waiting(res, mover):
        if w.trigger.kind == "moves" and mover in w.trigger.ids and _for(res, w, mover):
            stop = _fire(res, w, mover, path)
            if stop:
                return stop
    return ""


def starting_to_act(res: Resolution, actor: str) -> bool:
    """R-RDY-1 `acts:ID`: before the first die of an attack or an action; False if a plan
    that fired left the actor unable to go on (R-RDY-2: it fell)."""
    fired = False
    before = res.enc.get(actor)
    for w in _waiting(res, actor):
        if w.trigger.kind == "acts" and actor in w.trigger.ids and _for(res, w, actor):
            _fire(res, w, actor, None)
            fired = True
    if not fired:
        return True
    me = res.enc.get(actor)
    if (me.hp <= 0 and me.hp < before.hp) or (before.can_act and not me.can_act):
        res.emit(ev.AttackRefused(actor, me.display, "fell"))
        return False
    return True


def _aimed(plan: act.Action, setter: str) -> act.Action:
    """TARGET `any` becomes the combatant that set the trigger off (R-RDY-1)."""
    if isinstance(plan, act.Attack) and plan.target == ANY:
        return type(plan)(**{**plan._asdict(), "target": setter})
    if isinstance(plan, act.TakeAction) and ANY in plan.target:
        targets = tuple(setter if t == ANY else t for t in plan.target)
        return type(plan)(**{**plan._asdict(), "target": targets})
    return plan


def _held_reason(refusal: PbwError) -> str:
    return _REASONS.get(refusal.key, "illegal")


_REASONS = {"out_of_reach": "out_of_reach", "weapon_reaches": "out_of_reach",
            "out_of_range": "out_of_range", "action_out_of_range": "out_of_range",
            "already_dead": "target_down", "is_dead": "target_down",
            "has_ammunition_left": "no_ammo", "engaged_melee_shooting_into_melee": "into_melee"}


def _fire(res: Resolution, w: _Waiting, setter: str, rest: list[Square] | None) -> str:
    """One plan fires (R-RDY-2/3/4); returns why the setter's walk stops, or ""."""
    r = res.enc.get(w.readier.id)
    s = res.enc.get(setter)
    if r.readied is None:
        return ""
    if not r.can_act or r.hp <= 0:  # R-CND-5 / R-HP-3: no longer able to carry it out
        res.emit(ev.ReadyCleared(r.id, r.display, lost=True))
        return ""
    plan = _aimed(w.plan, setter)
    reason = _not_legal(res, r, plan)
    if reason:
        res.emit(ev.ReadyHeld(r.id, r.display, s.display, reason))
        return ""
    snap = res.snapshot()
    saved = (res.no_aoo, res.no_intercept, res.declined, res.force)
    res.emit(_fired(res, r, s, r.readied.plan))
    before = s.hp
    try:
        res.force = True  # out of its turn: R-RDY-2 spends none of its turn allowance
        res.apply(plan, ids_known=True)
    except PbwError as refusal:  # not legal after all: it does not happen, stays readied
        res.restore(snap)
        res.emit(ev.ReadyHeld(r.id, r.display, s.display, _held_reason(refusal)))
        return ""
    finally:
        res.no_aoo, res.no_intercept, res.declined, res.force = saved
    if rest is None:
        return ""
    from pbwcombat.rules.aoo import dropped

    if dropped(res, setter, before):  # R-AOO-6: a mover dropped to hp <= 0 stops
        return "fell"
    if isinstance(plan, act.Attack):
        return _passer_by(res, r.id, setter, rest)
    return ""


def _not_legal(res: Resolution, r: Combatant, plan: act.Action) -> str:
    """What keeps the plan from happening now, before anything is rolled ("" if nothing)."""
    targets = [res.enc.get(t) for t in _targets(plan) if res.enc.find(t) is not None]
    if any(t.hp <= 0 or t.removed for t in targets):
        return "target_down"
    if isinstance(plan, act.Move) and r.position is not None:
        goal = plan.waypoints[0]
        if path_cost(r.position, segment(r.position, goal)) > r.squares:
            return "too_far"
    return ""


def _fired(res: Resolution, r: Combatant, s: Combatant, plan: str) -> ev.ReadyFired:
    """R-RDY-3: the readier's place becomes just before the setter (its initiative the
    setter's), at once; one that has not had its turn this round has none left."""
    order = [o for o in res.enc.state.order if o != r.id]
    if s.id in order and r.id in res.enc.state.order:
        order.insert(order.index(s.id), r.id)
        initiative = s.initiative
        acted = r.id not in res.enc.state.acted
    else:  # the setter has no place in the order (gridless newcomer…): nothing moves
        order = list(res.enc.state.order)
        initiative = r.initiative
        acted = False
    return ev.ReadyFired(r.id, r.display, s.id, s.display, plan, initiative, tuple(order),
                         acted)


def _passer_by(res: Resolution, readier: str, mover: str, rest: list[Square]) -> str:
    """R-RDY-4: a readied attack engaged the mover; in melee, if the rest of its path leaves
    the readier's reach, it at once tries to disengage (rolled: it was just attacked).
    Success: it goes on; failure: it stops where it was attacked. Missile: it goes on."""
    from pbwcombat.rules.disengage import attempt

    m = res.enc.get(mover)
    if readier not in m.engaged or m.hp <= 0:
        return ""
    r = res.enc.get(readier)
    if not any(not within_reach(r, sq) for sq in rest):
        return ""
    if attempt(res, mover, [readier]):
        return ""
    return "disengage"


# -- the command and the hooks ---------------------------------------------------------------


def _ready(res: Resolution, x: act.Ready) -> None:
    if x.clear:
        if x.plan or x.when is not None:
            raise UsageError("ready_clear_alone", rule="R-RDY-1")
        clear(res, x.who)
        return
    ready(res, x.who, x.plan, x.when)


HANDLES = {act.Ready: _ready}
ON_TURN_START = (lapse,)  # after the conditions' turn start (ongoing damage, durations)
