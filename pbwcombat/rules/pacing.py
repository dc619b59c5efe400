"""Pacing the round (R-PAC): who owes a move and by when, absences, reminders, and resolving as
soon as every player has declared.

A forum fight waits on people, not on dice. The rules here only read the clock the service
hands them (`res.now`, PBWCOMBAT_NOW in tests and cron replays) and decide whom the round is
waiting for; the service asks `due` before applying a cron-style command, so that a run that
has nothing to do prints nothing and writes nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat.clock import (
    all_declared,
    current_members,
    due_at,
    in_combat,
    is_absent,
    is_declared_round,
    owing,
    utc_text,
)
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction, UsageError
from pbwcombat.forms import parse_duration
from pbwcombat.model import Encounter


def _seconds(duration: str) -> int:
    try:
        return parse_duration(duration)
    except ValueError as e:
        raise UsageError("if_due", reason=str(e)) from None


def remind_due(enc: Encounter, now: str, window: str) -> bool:
    """R-PAC-3 `--if-due D`: the deadline is at most D away (or passed), somebody owes, and
    no reminder was printed for this deadline yet. No deadline configured: never."""
    seconds = _seconds(window)
    due = due_at(enc)
    if due is None or not in_combat(enc) or enc.state.reminded_for == due.isoformat():
        return False
    if not owing(enc, now):
        return False
    return (due - datetime.fromisoformat(now)).total_seconds() <= seconds


def due(enc: Encounter, action: object, now: str, if_idle_met: bool | None) -> bool:
    """Whether a cron-style command has anything to do now (the service asks before
    applying; False: it prints nothing and writes nothing). `if_idle_met` is the
    `--if-idle` test (None: no such option)."""
    if isinstance(action, act.Remind) and action.if_due is not None:
        return remind_due(enc, now, action.if_due)
    if isinstance(action, act.Resolve) and action.when_all_declared:
        # ruling: before initiative there is no round to wait for yet: quiet; an ended
        # combat goes on to the command, refused as every action on it is (exit 3, R-TRN-6)
        if enc.state.phase == "ended":
            return True
        return in_combat(enc) and (all_declared(enc, now) or bool(if_idle_met))
    if if_idle_met is None:
        return True
    if isinstance(action, act.Next) and not is_declared_round(enc):
        # R-PAC-2: an absent combatant is idle at once
        members = current_members(enc)
        if members and all(is_absent(m, now) for m in members):
            return True
    return if_idle_met


# -- commands ------------------------------------------------------------------------------


def until_time(text: str, now: str) -> str:
    """R-PAC-2 `--until WHEN`: an ISO date-time (UTC when it names no offset) or a duration
    from now (`3d`, `12h`), as ISO 8601 UTC; exit 2 when neither, or not in the future."""
    from datetime import timedelta

    start = datetime.fromisoformat(now)
    try:
        moment = start + timedelta(seconds=parse_duration(text))
    except ValueError:
        try:
            moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            raise UsageError("absent_until_form", value=repr(text), rule="R-PAC-2") from None
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
    except OverflowError:
        raise UsageError("absent_until_form", value=repr(text), rule="R-PAC-2") from None
    if moment <= start:
        raise UsageError("absent_until_past", value=repr(text), rule="R-PAC-2")
    return moment.astimezone(UTC).replace(microsecond=0).isoformat()


def absent(res: Resolution, x: act.Absent) -> None:
    """R-PAC-2: mark WHO absent until a time (or clear it). In the turn flow, when it is its
    turn now, the turn is played by its orders at once and the fight goes on. Refused once
    the combat has ended, as every action is (R-TRN-6)."""
    res.require_not_ended()
    c = res.combatant(x.who)
    if x.clear == (x.until is not None):
        raise UsageError("absent_until_or_clear", rule="R-PAC-2")
    if x.until is None:
        if not c.absent_until:
            raise IllegalAction("R-PAC-2", "is_not_absent", name=c.display)
        res.emit(ev.AbsenceCleared(c.id, c.display))
        return
    until = until_time(x.until, res.now)
    res.emit(ev.AbsenceSet(c.id, c.display, until, utc_text(until)))
    play_absent_turns(res)


def expire_absences(res: Resolution) -> None:
    """R-PAC: `absent_until` is dropped by the first command after it passes."""
    if not res.now:
        return
    for c in res.enc.combatants:
        if c.absent_until and not is_absent(c, res.now):
            res.emit(ev.AbsenceCleared(c.id, c.display, expired=True))


def play_absent_turns(res: Resolution) -> None:
    """R-PAC-2, turn flow: while the current turn belongs to absent combatants only, it is
    played by their orders (an absent PC without orders passes) and ended, and the next
    starts: "the very `next` that starts it … then goes on"."""
    from pbwcombat.rules.orders import group_by_orders
    from pbwcombat.rules.turns import next_turn

    for _ in range(len(res.enc.combatants) * 2 + 2):
        enc = res.enc
        if not in_combat(enc) or is_declared_round(enc) or not enc.state.turn:
            return
        members = current_members(enc)
        if not members or not all(is_absent(m, res.now) for m in members):
            return
        start = (enc.state.round, enc.state.turn)
        if group_by_orders(res, enc.state.turn, absent=True):
            next_turn(res)
        if (res.enc.state.round, res.enc.state.turn) == start:
            return  # nothing moved on (cannot happen; guards the loop)


def remind(res: Resolution, x: act.Remind) -> None:
    """R-PAC-3: a reminder post mentioning, once each, the players who owe, with the time
    left; with `--if-due` it remembers the deadline (`reminded_for`), so a cron line every
    hour reminds once per deadline."""
    res.require_combat()
    enc = res.enc
    people = owing(enc, res.now)
    due = due_at(enc)
    left = 0 if due is None else int((due - datetime.fromisoformat(res.now)).total_seconds())
    remembered = due.isoformat() if due is not None and x.if_due is not None else ""
    res.emit(ev.Reminded(enc.state.round, is_declared_round(enc),
                         tuple(c.display for c in people), tuple(c.player for c in people),
                         due.strftime("%Y-%m-%d %H:%M") if due is not None else "", left,
                         remembered))


def _absent(res: Resolution, x: act.Absent) -> None:
    absent(res, x)


def _remind(res: Resolution, x: act.Remind) -> None:
    remind(res, x)


def _next(res: Resolution, x: act.Next) -> None:
    """`next` (R-TRN-4); with --if-idle the idle combatant first acts by its orders
    (R-ORD-3); then, in the turn flow, absent combatants' turns are played at once (R-PAC-2)."""
    from pbwcombat.rules.orders import idle_next
    from pbwcombat.rules.turns import next_turn

    members = current_members(res.enc)
    if not is_declared_round(res.enc) and members and \
            all(is_absent(m, res.now) for m in members):
        play_absent_turns(res)  # an absent turn not played yet is played now, then on
        return
    if x.if_idle is None:
        next_turn(res)
    else:
        idle_next(res)
    play_absent_turns(res)


HANDLES = {act.Absent: _absent, act.Remind: _remind, act.Next: _next}
