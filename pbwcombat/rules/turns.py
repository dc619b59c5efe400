"""Rounds and turns (R-TRN): whose turn it is, start/end-of-turn hooks, delay, the end of combat."""

from __future__ import annotations

from pbwcombat import events as ev
from pbwcombat.clock import deadline_text
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction
from pbwcombat.model import Combatant, Encounter
from pbwcombat.rules.hp import bleed


def in_surprise(enc: Encounter) -> bool:
    return enc.state.phase == "surprise"


def may_take_turn(enc: Encounter, c: Combatant) -> bool:
    """R-TRN-4, R-INI-4: able to act, and aware if this is the surprise round."""
    return c.can_act and (c.aware or not in_surprise(enc))


# -- start and end of a turn: the hooks --------------------------------------------------


def start_turn(res: Resolution, who: str) -> None:
    """Start-of-turn hook: a guard ends (R-INT-1), flat-footed ends in a regular round
    (R-TRN-5, via TurnStarted), the turn's allowances reset."""
    c = res.enc.get(who)
    if c.guarding:
        res.emit(ev.GuardEnded(who, c.display))
    surprise = in_surprise(res.enc)
    res.emit(ev.TurnStarted(who, c.display, c.player, res.enc.state.round, surprise, res.now,
                            deadline_text(res.enc, res.now)))


def end_turn(res: Resolution) -> None:
    """End-of-turn hook: a turn passed without trying to disengage resets the streak (R-DIS-6)."""
    who = res.enc.state.turn
    if not who:
        return
    c = res.enc.get(who)
    if c.disengage_streak and not res.enc.state.spent.disengage_tried:
        res.emit(ev.StreakReset(who, c.display))
    res.emit(ev.TurnEnded(who, c.display))


# -- moving on ------------------------------------------------------------------------


def winner_if_over(enc: Encounter) -> str | None:
    """R-TRN-6: the side left when everyone still able to act shares one side ("" if none)."""
    sides = {c.side for c in enc.active if c.status in ("ok", "disabled")}
    if len(sides) > 1:
        return None
    return next(iter(sides), "")


def end_combat(res: Resolution, winner: str, by_hand: bool) -> None:
    fallen = tuple(c.display for c in res.enc.combatants
                   if not c.removed and c.status in ("dead", "dying", "stable"))
    res.emit(ev.CombatEnded(winner, res.enc.state.round, fallen, by_hand))


def advance(res: Resolution) -> None:
    """R-TRN-4: start the next combatant in order that can act; bleed the dying passed over;
    delayers left at the round's end act last (R-TRN-7); then a new round begins."""
    for _ in range(3):  # this round, the delayers, then at most one new round
        winner = winner_if_over(res.enc)
        if winner is not None:
            end_combat(res, winner, by_hand=False)
            return
        for cid in res.enc.state.order:
            st = res.enc.state
            if cid in st.acted or cid in st.delaying:
                continue
            if _start_or_skip(res, cid):
                return
        while res.enc.state.delaying:  # R-TRN-7: delayers left take their turns last
            who = res.enc.state.delaying[0]
            order = tuple(o for o in res.enc.state.order if o != who) + (who,)
            res.emit(ev.DelayEnded(who, res.enc.get(who).display, order))
            if _start_or_skip(res, who):
                return
        res.emit(ev.RoundStarted(res.enc.state.round + 1, surprise=False))
    raise IllegalAction("R-TRN-4", "nobody in the order can take a turn")


def _start_or_skip(res: Resolution, cid: str) -> bool:
    """Start `cid`'s turn if it can act (True); else pass it over, a dying one bleeding first."""
    c = res.enc.get(cid)
    if may_take_turn(res.enc, c):
        start_turn(res, cid)
        return True
    if c.status == "dying":
        bleed(res, cid)
    res.emit(ev.TurnSkipped(cid, c.display, _skip_reason(res.enc, cid), c.pc))
    return False


def _skip_reason(enc: Encounter, cid: str) -> str:
    c = enc.get(cid)
    if c.status in ("dying", "stable", "dead"):
        return c.status
    return "unaware"


def next_turn(res: Resolution) -> None:
    """`next`: end the current turn and start the next (R-TRN-4)."""
    res.require_combat()
    end_turn(res)
    advance(res)


def delay(res: Resolution, who: str) -> None:
    """R-TRN-7: step out of the order for this round; the next combatant starts."""
    res.require_combat()
    c = res.combatant(who)
    if res.enc.state.turn != who:
        raise IllegalAction("R-TRN-7", f"{c.display} can delay only on its own turn")
    spent = res.enc.state.spent
    if (spent.standard or spent.moves or spent.full_round or spent.step or spent.extended) \
            and not res.force:
        raise IllegalAction("R-TRN-7", f"{c.display} has already acted this turn")
    res.emit(ev.Delayed(who, c.display))
    advance(res)


def act(res: Resolution, who: str) -> None:
    """R-TRN-7: a delaying combatant ends the current turn and takes its own; its place
    becomes just after the combatant whose turn ended."""
    res.require_combat()
    c = res.combatant(who)
    if who not in res.enc.state.delaying:
        raise IllegalAction("R-TRN-7", f"{c.display} is not delaying")
    if not c.can_act:
        raise IllegalAction("R-TRN-4", f"{c.display} cannot act ({c.status})")
    previous = res.enc.state.turn
    end_turn(res)
    order = [o for o in res.enc.state.order if o != who]
    at = order.index(previous) + 1 if previous in order else len(order)
    order.insert(at, who)
    res.emit(ev.DelayEnded(who, c.display, tuple(order)))
    start_turn(res, who)


def end_by_hand(res: Resolution) -> None:
    """`end`: the GM ends the combat (R-TRN-6)."""
    res.require_not_ended()
    end_combat(res, winner_if_over(res.enc) or "", by_hand=True)


def remove(res: Resolution, who: str) -> None:
    """A combatant leaves (fled, dismissed): engagements, guards and declarations end."""
    res.require_not_ended()
    c = res.combatant(who)
    for other in c.engaged:
        res.emit(ev.Disengaged(who, c.display, other, res.enc.get(other).display, False))
    for other in c.missile_engaged:
        res.emit(ev.Disengaged(who, c.display, other, res.enc.get(other).display, True))
    for g in res.enc.active:
        if g.guarding == who or (g.id == who and g.guarding):
            res.emit(ev.GuardEnded(g.id, g.display))
    was_turn = res.enc.state.turn == who
    res.emit(ev.Removed(who, c.display))
    if was_turn and res.enc.state.phase in ("surprise", "combat"):
        advance(res)
