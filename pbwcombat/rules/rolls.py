"""Free logged rolls (`roll`): skill checks, perception for surprise."""

from __future__ import annotations

from pbwcombat import events as ev
from pbwcombat.dice import parse
from pbwcombat.engine import Resolution


def free_roll(res: Resolution, expr: str, who: str | None, reason: str) -> None:
    name = ""
    if who:
        name = res.combatant(who).display
    parsed = parse(expr)
    res.emit(ev.FreeRolled(who or "", name, str(parsed), res.dice.roll(parsed), reason))
