"""Damage after the dice (R-HP-6/7/8 and the Clarifications' damage order).

The order, per target: the rolled amount (at least 1, R-ATK-4) − damage reduction (weapon
damage only, bypassed by the weapon's `materials`; may reach 0); for energy damage the save's
half (already taken by the caller), then immunity or resistance; temporary hp absorb lethal
damage; the rest lowers hp or, for nonlethal damage, adds to `nonlethal`. Kept apart from
`hp` so that attacks, actions and the GM's `hp` share one pipeline, and `odds` plays it; the
last step, `hp.deal`, lives with the hit points it lowers.
"""

from __future__ import annotations

from pbwcombat import events as ev
from pbwcombat.engine import Resolution
from pbwcombat.model import Combatant
from pbwcombat.traits import parse_dr

Step = tuple[str, str, int]  # (kind, label, amount taken off): ("dr", "5/magic", 5)


def bypasses(words: tuple[str, ...], joint: str, materials: tuple[str, ...]) -> bool:
    """R-HP-8: "N/-" is never bypassed; "a and b" needs both words; "a or b" either."""
    if not words:
        return False
    if joint == "and":
        return all(w in materials for w in words)
    return any(w in materials for w in words)


def reductions(t: Combatant, amount: int, materials: tuple[str, ...] | None,
               energy: str | None) -> tuple[int, tuple[Step, ...]]:
    """Pure: `amount` after `t`'s damage reduction (when `materials` is given: weapon damage)
    and its immunity or resistance to `energy`; with the steps the post shows."""
    steps: list[Step] = []
    if materials is not None and t.dr and amount > 0:
        n, words, joint = parse_dr(t.dr)
        if not bypasses(words, joint, materials):
            cut = min(n, amount)
            amount -= cut
            steps.append(("dr", t.dr, cut))
    if energy is not None and amount > 0:
        if energy in t.immune:
            steps.append(("immune", energy, amount))
            amount = 0
        elif energy in t.resist:
            cut = min(t.resist[energy], amount)
            amount -= cut
            steps.append(("resist", energy, cut))
    return amount, tuple(steps)


def reduce_damage(res: Resolution, who: str, amount: int, materials: tuple[str, ...] | None,
           energy: str | None) -> int:
    """`reductions` for `who`, narrated when anything was taken off (R-HP-8)."""
    t = res.enc.get(who)
    if materials is None and energy is None:
        return amount
    after, steps = reductions(t, amount, materials, energy)
    if steps:
        res.emit(ev.DamageReduced(who, t.display, amount, steps, after))
    return after


def critical_ignored(res: Resolution, who: str) -> bool:
    """R-HP-8: `immune = ["critical"]` makes a critical hit a normal hit (narrated)."""
    t = res.enc.get(who)
    if "critical" not in t.immune:
        return False
    res.emit(ev.CriticalIgnored(who, t.display))
    return True



def gain_temp(res: Resolution, who: str, amount: int) -> None:
    """R-HP-6: temporary hp do not stack; the higher of what is left and `amount` stays."""
    c = res.enc.get(who)
    after = max(c.temp_hp, amount)
    res.emit(ev.TempHpChanged(who, c.display, c.pc, c.temp_hp, after,
                              "gained" if after > c.temp_hp else "kept"))
