"""One attack roll (R-ATK-1…5): the Defense it goes against, the attacker's condition
modifiers, confirmation and damage. The attack command (`rules.attack`), attacks of
opportunity (`rules.aoo`), reckless free attacks and Attack Totals (`rules.disengage`) all
call it, so none of them imports another for it."""

from __future__ import annotations

from pbwcombat import events as ev
from pbwcombat.dice import Mod
from pbwcombat.engine import Resolution
from pbwcombat.model import Combatant, Weapon
from pbwcombat.rules.damage import critical_ignored, reduce_damage
from pbwcombat.rules.effects import held
from pbwcombat.rules.engagement import engage
from pbwcombat.rules.hp import deal


def effective_defense(c: Combatant, melee: bool = True) -> int:
    """R-INI-6: flat-footed loses a positive dex_mod and its dodge; the held conditions add
    their Defense changes (a fold over `rules.effects`, R-CND-3/5; knocked out by nonlethal
    damage is helpless, R-HP-7)."""
    names = c.affecting
    if not names:
        return c.defense - (max(c.dex_mod, 0) + c.dodge if c.flat_footed else 0)
    h = held(names)
    defense = c.defense + (h.defense_melee if melee else h.defense_ranged)
    if c.flat_footed or h.loses_dex:
        defense -= max(c.dex_mod, 0) + c.dodge
    return defense


def defense_conditions(c: Combatant) -> tuple[str, ...]:
    """The conditions that changed `c`'s Defense (shown beside it in the post)."""
    names = c.affecting
    return held(names).defense_notes if names else ()


def attack_roll(res: Resolution, attacker: str, target: str, weapon: Weapon, kind: str,
                mods: tuple[Mod, ...] = (), defense_zero: bool = False,
                engages: bool = True) -> bool:
    """One attack roll with its confirmation and damage (R-ATK-1…5); True if it hit.

    `kind`: attack, aoo or free; free attacks (R-DIS-7) go against Defense 0."""
    a, t = res.enc.get(attacker), res.enc.get(target)
    melee = weapon.kind == "melee"
    defense = 0 if defense_zero else effective_defense(t, melee)
    if a.conditions:  # R-CND-3/5: the attacker's conditions (prone: its melee attacks −4)
        h = held(a.conditions)
        mods = (*mods, *(h.melee_mods if melee else h.ranged_mods))
    if melee and t.affecting:  # R-CND-5 helpless (R-HP-7's too): melee attacks against it +4
        mods = (*mods, *held(t.affecting).melee_against)
    bonus = (Mod(weapon.attack, "attack"), *mods)
    roll = res.dice.d20(*bonus)
    natural = roll.natural
    # R-ATK-2; against Defense 0 (R-DIS-7) it hits unless it rolls a natural 1
    hit = natural != 1 and (natural == 20 or defense_zero or roll.total >= defense)
    threat = hit and (natural == 20 or natural >= weapon.crit_range)  # R-ATK-3
    res.emit(ev.AttackRolled(attacker, a.display, target, t.display, weapon.id, weapon.name,
                             kind, roll, defense, t.is_flat_footed and not defense_zero, hit,
                             threat, () if defense_zero else defense_conditions(t)))
    res.emit(ev.AttackRecorded(attacker, target))
    if engages:
        engage(res, attacker, target, missile=weapon.kind == "ranged")  # R-ATK-5
    if not hit:
        return False
    # R-HP-8: against `immune = ["critical"]` a threat is a normal hit (nothing to confirm)
    ignored = threat and critical_ignored(res, target)
    critical = threat and not ignored and not res.enc.rules.confirm_criticals
    if threat and not ignored and res.enc.rules.confirm_criticals:
        confirm = res.dice.d20(*bonus)
        n = confirm.natural
        critical = n != 1 and (n == 20 or confirm.total >= defense)
        res.emit(ev.CriticalConfirmRolled(attacker, target, confirm, defense, critical))
    times = weapon.crit_mult if critical else 1
    damage = res.dice.roll(weapon.damage, times=times)  # R-ATK-4: bonuses included
    amount = max(1, damage.total)
    res.emit(ev.DamageRolled(attacker, target, t.display, damage, amount, critical, times))
    amount = reduce_damage(res, target, amount, weapon.materials, None)  # R-HP-8: DR
    deal(res, target, amount, weapon.nonlethal, "damage")  # R-HP-6/7: temp hp, nonlethal
    return True
