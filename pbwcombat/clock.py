"""Turn clocks: when a turn is due (`rules.turn_deadline`) and how long it has waited.

Plain functions of the encounter, shared by the rules (TurnStarted carries the deadline), the
post header and the application's `--if-idle`; they decide nothing, so they sit below all three.
"""

from __future__ import annotations

from contextvars import ContextVar
from datetime import UTC, datetime, timedelta

from pbwcombat.forms import parse_duration
from pbwcombat.model import Encounter


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
