"""The forms of the encounter file's values, apart from the records that hold them: ids,
durations, ISO times (quoted or TOML date-times), player handles (R-OUT-7), weapon slugs
(dice expressions are `traits.dice_expression`). Each checker raises ValueError with the
text the file's problem list shows; `model` builds its schemas from them, and the clock, the
service and the bestiary read durations and slugs here."""

from __future__ import annotations

import re
from typing import Any

from pbwcombat import core_schema as cs
from pbwcombat.cleaning import clean
from pbwcombat.patterns import lazy
from pbwcombat.schema import strict_int

ID_PATTERN = r"^[a-z0-9][a-z0-9_-]*$"
_DURATION = lazy(r"^(\d{1,5})([smhd])$")
ID_SCHEMA = cs.str_schema(strict=True, pattern=ID_PATTERN, max_length=64)
INT = strict_int()
COORD = strict_int(-100_000, 100_000)


def parse_duration(value: str) -> int:
    """`"48h"` → seconds; accepts s, m, h, d. ValueError otherwise."""
    m = _DURATION().match(value.strip())
    if not m:
        raise ValueError(f'"{value}" is not a duration like "48h", "30m" or "2d"')
    return int(m.group(1)) * {"s": 1, "m": 60, "h": 3600, "d": 86400}[m.group(2)]


def duration_or_empty(value: str) -> str:
    if value:
        parse_duration(value)
    return value


def iso_time_or_empty(value: str) -> str:
    if value:
        from datetime import datetime

        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            raise ValueError(f'"{value}" is not an ISO 8601 time') from None
        if moment.tzinfo is None:  # SPEC: every time in the file needs a UTC offset
            raise ValueError(f'"{value}" has no UTC offset (write e.g. "{value}+00:00")')
    return value


def toml_time(value: Any) -> Any:
    """A TOML date-time (`turn_started_at = 2026-11-29T12:00:00Z`, unquoted) is a time too:
    with its UTC offset it reads as the ISO string; without one it is refused like a string
    without one (SPEC: every time in the file needs a UTC offset)."""
    from datetime import date, datetime, time

    if isinstance(value, datetime):
        if value.tzinfo is None:
            raise ValueError(f'"{value.isoformat()}" has no UTC offset (write e.g. '
                             f'"{value.isoformat()}+00:00")')
        return value.isoformat()
    if isinstance(value, date | time):
        raise ValueError(f'"{value.isoformat()}" is not a date and time with a UTC offset')
    return value


def time_zone(value: str) -> str:
    """The file's `timezone` (issue 25): an IANA name the standard library knows
    (`Europe/Madrid`), or "" for UTC only."""
    if not value:
        return value
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f'"{value}" is not a time zone (write an IANA name such as '
                         '"Europe/Madrid")') from None
    return value


_MASS_MENTIONS = ("everyone", "here")


def player_handle(value: str) -> str:
    """R-OUT-7: no post can mass-mention: `everyone`/`here` (any case) are not handles."""
    bare = clean(value).strip().lstrip("@").strip()
    if bare.casefold() in _MASS_MENTIONS:
        raise ValueError(f'"{value}" would mention everyone: not a player handle (R-OUT-7)')
    return value


def slug(value: str) -> str:
    """SPEC weapon id "(a slug of name)": accented letters are folded to their base letter,
    not dropped."""
    import unicodedata

    folded = "".join(ch for ch in unicodedata.normalize("NFKD", value.lower())
                     if not unicodedata.combining(ch))
    s = re.sub(r"[^a-z0-9]+", "-", folded).strip("-")
    return s or "weapon"
