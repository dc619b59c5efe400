"""Regular expressions compiled on first use rather than at import.

A pattern compiled at module level costs every command that imports the module (0.1–1.8 ms
each, `python -X importtime`: the terminal-control and host-name patterns are the largest),
while most commands use few of them; `lazy` defers the cost to the first match.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import AnyStr


def lazy(pattern: AnyStr, flags: int = 0) -> Callable[[], re.Pattern[AnyStr]]:
    """A function returning `re.compile(pattern, flags)`, compiled by its first call."""

    @functools.cache
    def compiled() -> re.Pattern[AnyStr]:
        return re.compile(pattern, flags)

    return compiled
