"""Turn clocks: when a turn is due (`rules.turn_deadline`), how long it has waited, and whom
the round waits for (R-PAC).

Plain functions of the encounter, shared by the rules (TurnStarted carries the deadline), the
post header and the application's `--if-idle`; they decide nothing, so they sit below all three.
"""

from __future__ import annotations

from contextvars import ContextVar
from datetime import UTC, datetime, timedelta

from pbwcombat.forms import parse_duration
from pbwcombat.model import Combatant, Encounter


def deadline_text(enc: Encounter, started_at: str) -> str:
    """The UTC time a turn started at `started_at` is due (rules.turn_deadline), or ""."""
    if not enc.rules.turn_deadline or not started_at:
        return ""
    start = datetime.fromisoformat(started_at)
    try:
        due = (start + timedelta(seconds=parse_duration(enc.rules.turn_deadline))
               ).astimezone(UTC)
    except OverflowError:  # due after the year 9999: as late as the calendar goes
        due = datetime.max
    return due.strftime("%Y-%m-%d %H:%M")


def idle_seconds(enc: Encounter, now: str) -> float:
    """How long the current turn has waited (for `--if-idle`)."""
    if not enc.state.turn_started_at:
        return float("inf")
    return (datetime.fromisoformat(now) - datetime.fromisoformat(enc.state.turn_started_at)
            ).total_seconds()


# `--tz ZONE` (issue 25): the zone this run shows deadlines in, over the file's `timezone`
ZONE: ContextVar[str] = ContextVar("pbwcombat_zone", default="")


def local_time(text: str, file_zone: str) -> tuple[datetime, str] | None:
    """A deadline `YYYY-MM-DD HH:MM` (UTC) in the zone of `--tz` or else `file_zone`, with
    the zone's city ("Europe/Madrid" → "Madrid"); None for UTC (no zone, or a time that does
    not read)."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    name = ZONE.get() or file_zone
    if not name:
        return None
    try:
        moment = datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=UTC)
        local = moment.astimezone(ZoneInfo(name))
    except (ValueError, OverflowError, ZoneInfoNotFoundError):
        return None
    return local, name.rsplit("/", 1)[-1].replace("_", " ")


def due_at(enc: Encounter) -> datetime | None:
    """R-PAC: the current deadline: `rules.turn_deadline` counted from the instant `--if-idle`
    counts from (`state.turn_started_at`); None without a deadline or a running turn."""
    if not enc.rules.turn_deadline or not enc.state.turn_started_at:
        return None
    start = datetime.fromisoformat(enc.state.turn_started_at)
    try:
        return (start + timedelta(seconds=parse_duration(enc.rules.turn_deadline))
                ).astimezone(UTC)
    except OverflowError:
        return datetime.max.replace(tzinfo=UTC)


def is_absent(c: Combatant, now: str) -> bool:
    """R-PAC-2: `absent_until` is still ahead of `now` (an absence that passed is over even
    before a command drops it)."""
    return bool(c.absent_until) and bool(now) and \
        datetime.fromisoformat(c.absent_until) > datetime.fromisoformat(now)


def utc_text(moment: str) -> str:
    """An ISO 8601 time as the posts write UTC times: `2026-12-02 20:00`."""
    return datetime.fromisoformat(moment).astimezone(UTC).strftime("%Y-%m-%d %H:%M")


# -- R-PAC: whom the round waits for (read by the rules, `show` and the service) -------------


def is_declared_round(enc: Encounter) -> bool:
    """R-PAC: a round is declared when a declaration is queued or `rules.flow = "declared"`;
    otherwise it is in the turn flow."""
    return bool(enc.state.declarations) or enc.rules.flow == "declared"


def in_combat(enc: Encounter) -> bool:
    return enc.state.phase in ("surprise", "combat")


def still_to_act(enc: Encounter) -> list[Combatant]:
    """The combatants whose turn in this round is still to come (the current one included),
    in initiative order, that can act: those a declaration is still useful for."""
    st = enc.state
    out = []
    for cid in st.order:
        c = enc.find(cid)
        if c is None or c.removed or cid in st.acted or c.status not in ("ok", "disabled"):
            continue
        if c.can_act:
            out.append(c)
    return out


def current_members(enc: Encounter) -> list[Combatant]:
    """Turn flow: whose turn it is (every member of a shared group turn, R-INI-3)."""
    if not enc.state.turn or not in_combat(enc):
        return []
    return [enc.get(m) for m in enc.members_of(enc.state.turn)]


def owing(enc: Encounter, now: str) -> list[Combatant]:
    """R-PAC-1/3: the combatants somebody still owes a move for: PCs and combatants with a
    player, not absent. Declared round: those still to act that have not declared; turn
    flow: the current turn's. The others act by their orders (`by_orders`)."""
    if not in_combat(enc):
        return []
    pool = still_to_act(enc) if is_declared_round(enc) else current_members(enc)
    return [c for c in pool if (c.pc or c.player) and not is_absent(c, now)
            and c.id not in enc.state.declarations]


def by_orders(enc: Encounter, now: str) -> list[Combatant]:
    """R-PAC-1: those acting by standing orders: non-PCs without a player (and not
    declared), and absent ones; in the declared flow among those still to act this round, in
    the turn flow among everyone in the order."""
    if not in_combat(enc):
        return []
    if is_declared_round(enc):
        pool = still_to_act(enc)
    else:
        pool = [c for c in (enc.find(o) for o in enc.state.order)
                if c is not None and not c.removed and c.status in ("ok", "disabled")]
    return [c for c in pool if is_absent(c, now)
            or (not (c.pc or c.player) and c.id not in enc.state.declarations)]


def all_declared(enc: Encounter, now: str) -> bool:
    """R-PAC-4: every combatant that can act and has a player has declared or is absent
    (with none, true at once)."""
    return not [c for c in still_to_act(enc) if c.player and not is_absent(c, now)
                and c.id not in enc.state.declarations]
