"""Aid another's bonuses (R-ACT-12) as they are used: `aid` on the aided combatant holds
`{ against = ID, attack = 2 }` or `{ against = ID, defense = 2 }` (and `by`, the aider); the
aided attack roll against ID (or ID's attack against it) takes them all (aids stack) and spends
them. Here, apart from `rules.manoeuvres`, so that `rules.attack_roll` reads it without a cycle.
"""

from __future__ import annotations

from pbwcombat import events as ev
from pbwcombat.engine import Resolution
from pbwcombat.model import Combatant


def aid_bonus(c: Combatant, other: str, kind: str) -> int:
    """What aid another gives `c` against `other` (`kind`: attack or defense)."""
    return sum(int(a.get(kind, 0)) for a in c.aid if a["against"] == other)


def use_aid(res: Resolution, holder: str, other: str, kind: str) -> int:
    """The bonus of `kind` `holder` has against `other`, spent (0: none)."""
    bonus = aid_bonus(res.enc.get(holder), other, kind)
    if bonus:
        res.emit(ev.AidUsed(holder, other, kind))
    return bonus


def end_aid(res: Resolution, who: str) -> None:
    """Aid another lasts until the actor's next turn starts."""
    for cid in res.enc.holders("aid"):
        c = res.enc.get(cid)
        if not c.removed and any(a["by"] == who for a in c.aid):
            res.emit(ev.AidEnded(c.id, who))


ON_TURN_START = (end_aid,)
