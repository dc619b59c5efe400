"""Casting and concentration (R-ACT-10): an action with `spell_level = N` is a spell.

In a threatened square it provokes (R-ACT-2) unless cast `--defensively`: then the caster
first rolls concentration, 1d20 + `concentration` (+4 with `combat-casting`) against DC 15 + N
(out of every threatened square nothing is rolled). Each provoked AoO that damages it is
followed at once by a check against DC 10 + the damage taken + N. An entangled caster rolls
DC 15 + N before every spell. A failed check loses the spell (its use and its cost stay
spent). Concentration rolls have no natural 1/20 effect. Dice order: entangled check,
defensive check, AoOs (each damage check right after the AoO that dealt it), then R-ACT-3.
"""

from __future__ import annotations

from pbwcombat import events as ev
from pbwcombat.dice import Mod
from pbwcombat.engine import Resolution
from pbwcombat.model import ActionDef, Combatant
from pbwcombat.rules.aoo import attack_of_opportunity, dropped, provokers
from pbwcombat.rules.effects import ENTANGLED

COMBAT_CASTING = 4  # R-ACT-9: +4 on concentration checks


def _check(res: Resolution, me: Combatant, a: ActionDef, why: str, dc: int,
           damage: int = 0) -> bool:
    """One concentration check; True on success (no natural 1/20 effect)."""
    mods = [Mod(me.concentration, "concentration")]
    if "combat-casting" in me.feats:
        mods.append(Mod(COMBAT_CASTING, "combat-casting"))
    roll = res.dice.d20(*mods)
    success = roll.total >= dc
    res.emit(ev.ConcentrationRolled(me.id, me.display, a.display, why, roll, dc, success,
                                    damage))
    if not success:
        res.emit(ev.SpellLost(me.id, me.display, a.display))
    return success


def _hurt(c: Combatant) -> int:
    """What damage lowers: hp, temporary hp and (the other way) nonlethal damage."""
    return c.hp + c.temp_hp - c.nonlethal


def cast(res: Resolution, who: str, a: ActionDef, provokes: bool, defensively: bool) -> bool:
    """R-ACT-10 before the spell takes effect; True when it does (False: lost, or the caster
    fell to an AoO)."""
    assert a.spell_level is not None
    level = a.spell_level
    me = res.enc.get(who)
    if ENTANGLED in me.affecting and not _check(res, me, a, ENTANGLED, 15 + level):
        return False
    threats = provokers(res, who, me.position, engaged_exempt=False)
    if defensively:  # no AoO; in a threatened square, the check
        return not threats or _check(res, me, a, "defensively", 15 + level)
    if not provokes:
        return True
    for enemy in threats:
        before = res.enc.get(who)
        attack_of_opportunity(res, enemy, who, me.position)
        after = res.enc.get(who)
        if dropped(res, who, before.hp):
            res.emit(ev.AttackRefused(who, me.display, "fell"))
            return False
        damage = _hurt(before) - _hurt(after)
        if damage > 0 and not _check(res, after, a, "damaged", 10 + damage + level, damage):
            return False
    return True
