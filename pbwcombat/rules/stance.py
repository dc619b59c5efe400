"""Stances (R-ACT-11): charging, fighting defensively, total defense. Each is state
(`stance`) from the moment it is taken until the holder's next turn starts; this module
takes and ends it and says what it does to the holder's Defense (read by
`rules.attack_roll.effective_defense`) and to its attacks (no attacks and no AoOs in total
defense).
"""

from __future__ import annotations

from pbwcombat import events as ev
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction
from pbwcombat.model import Combatant

CHARGING, DEFENSIVE, TOTAL_DEFENSE = "charging", "defensive", "total-defense"
# R-ACT-11 Defense changes; the dodge ones (fighting defensively, total defense: SRD dodge
# bonuses) are lost whenever the holder loses its Dex (flat-footed, helpless, `dex`).
DEFENSE = {CHARGING: -2, DEFENSIVE: 2, TOTAL_DEFENSE: 4}
DODGE = (DEFENSIVE, TOTAL_DEFENSE)


def take(res: Resolution, who: str, stance: str) -> None:
    c = res.enc.get(who)
    res.emit(ev.StanceTaken(who, c.display, stance))


def defense_change(c: Combatant, loses_dex: bool) -> int:
    """What `c`'s stance adds to its Defense (0 without one)."""
    stance = c.stance
    if stance is None or (loses_dex and stance in DODGE):
        return 0
    return DEFENSE[stance]


def note(c: Combatant, loses_dex: bool) -> tuple[str, ...]:
    """The stance named beside the Defense in an attack's line (when it changed it)."""
    return (f"stance-{c.stance}",) if defense_change(c, loses_dex) else ()


def no_attacks_in_total_defense(res: Resolution, a: Combatant) -> None:
    """R-ACT-11: total defense makes no attacks until its next turn starts."""
    if a.stance == TOTAL_DEFENSE and not res.force:
        raise IllegalAction("R-ACT-11", "no_attacks_total_defense", name=a.display)


def end_stance(res: Resolution, who: str) -> None:
    """R-ACT-11: a stance ends as its holder's next turn starts."""
    c = res.enc.get(who)
    if c.stance is not None:
        res.emit(ev.StanceEnded(who, c.display, c.stance))


ON_TURN_START = (end_stance,)
