"""Attack rolls (R-ATK), attacks of opportunity (R-AOO) and the `attack` command."""

from __future__ import annotations

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat.dice import Mod
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction, UsageError
from pbwcombat.geometry import distance, melee_weapons, threatens, weapon_threatens
from pbwcombat.model import Combatant, Weapon
from pbwcombat.rules.allowance import check_aware, check_standard, require_actor
from pbwcombat.rules.effects import held
from pbwcombat.rules.engagement import engage, initiative_rank, into_melee, shooting_forbidden
from pbwcombat.rules.hp import change_hp
from pbwcombat.rules.intercept import intercept_attack


def effective_defense(c: Combatant, melee: bool = True) -> int:
    """R-INI-6: flat-footed loses a positive dex_mod and its dodge; the held conditions add
    their Defense changes (a fold over `rules.effects`, R-CND-3/5)."""
    if not c.conditions:
        return c.defense - (max(c.dex_mod, 0) + c.dodge if c.flat_footed else 0)
    h = held(c.conditions)
    defense = c.defense + (h.defense_melee if melee else h.defense_ranged)
    if c.flat_footed or h.loses_dex:
        defense -= max(c.dex_mod, 0) + c.dodge
    return defense


def defense_conditions(c: Combatant) -> tuple[str, ...]:
    """The conditions that changed `c`'s Defense (shown beside it in the post)."""
    return held(c.conditions).defense_notes if c.conditions else ()


def in_reach_or_range(a: Combatant, w: Weapon, t: Combatant) -> bool:
    """R-GEO-3/4 (gridless: always, R-GEO-5)."""
    if a.position is None or t.position is None:
        return True
    d = distance(a.position, t.position)
    if w.kind == "melee":
        return weapon_threatens(w, d)
    return w.range is not None and d <= w.range


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
    critical = threat and not res.enc.rules.confirm_criticals
    if threat and res.enc.rules.confirm_criticals:
        confirm = res.dice.d20(*bonus)
        n = confirm.natural
        critical = n != 1 and (n == 20 or confirm.total >= defense)
        res.emit(ev.CriticalConfirmRolled(attacker, target, confirm, defense, critical))
    times = weapon.crit_mult if critical else 1
    damage = res.dice.roll(weapon.damage, times=times)  # R-ATK-4: bonuses included
    amount = max(1, damage.total)
    res.emit(ev.DamageRolled(attacker, target, t.display, damage, amount, critical, times))
    change_hp(res, target, -amount, "damage")
    return True


# -- attacks of opportunity --------------------------------------------------------------


def best_reaching_weapon(c: Combatant, square: tuple[int, int] | None) -> Weapon | None:
    """R-AOO-4: the best melee weapon (highest attack) that reaches `square` (gridless: any)."""
    usable = melee_weapons(c)
    if c.position is not None and square is not None:
        d = distance(c.position, square)
        usable = [w for w in usable if weapon_threatens(w, d)]
    return max(usable, key=lambda w: w.attack, default=None)


def _threatens_mover(c: Combatant, mover: str, square: tuple[int, int] | None) -> bool:
    """R-AOO-1; gridless, threat exists only between combatants engaged in melee (R-GEO-5)."""
    if square is None or c.position is None:
        return mover in c.engaged and bool(melee_weapons(c))
    return threatens(c, square)


def can_make_aoo(res: Resolution, c: Combatant) -> bool:
    """R-AOO-4: one per round; none while flat-footed, guarding, or at hp ≤ 0 (R-HP-3)."""
    return (c.conscious_above_zero and c.can_act and not c.is_flat_footed and not c.guarding
            and c.aoo_round != res.enc.state.round)


def provokers(res: Resolution, mover: str, square: tuple[int, int] | None,
              engaged_exempt: bool) -> list[str]:
    """Enemies that get an AoO when `mover` leaves (or shoots from) `square`, in initiative
    order (R-DIC-4). Engaged enemies are exempt when R-DIS governs instead (R-AOO-2)."""
    me = res.enc.get(mover)
    found = []
    for c in res.enc.active:
        if c.side == me.side or c.id == mover:
            continue
        if engaged_exempt and mover in c.engaged:
            continue
        if _threatens_mover(c, mover, square) and can_make_aoo(res, c):
            found.append(c.id)
    return sorted(found, key=lambda cid: initiative_rank(res, cid))


def attack_of_opportunity(res: Resolution, enemy: str, mover: str,
                          square: tuple[int, int] | None) -> bool:
    """Resolve one AoO at once (R-AOO-4); True if it was made."""
    e = res.enc.get(enemy)
    weapon = best_reaching_weapon(e, square)
    if weapon is None or not can_make_aoo(res, e):
        return False
    if not e.takes_aoo or enemy in res.no_aoo:  # R-AOO-4: declined, the AoO is kept
        if (enemy, mover) not in res.declined:  # said once per command
            res.declined.add((enemy, mover))
            m = res.enc.get(mover)
            res.emit(ev.AooDeclined(enemy, e.display, mover, m.display))
        return False
    # R-AOO-5: with rules.aoo_engages = false the AoO is plain d20 and engages nobody
    res.emit(ev.AooUsed(enemy, res.enc.state.round))  # R-AOO-4: one per round
    attack_roll(res, enemy, mover, weapon, "aoo", engages=res.enc.rules.aoo_engages)
    return True


def dropped(res: Resolution, who: str, before: int) -> bool:
    """R-AOO-6 / R-ACT-2: `who`, at `before` hp until now, has dropped to hp ≤ 0. A disabled
    combatant (0 hp) that an AoO missed has not: its act goes on (R-HP-2)."""
    hp = res.enc.get(who).hp
    return hp <= 0 and hp < before


def provoke_in_place(res: Resolution, who: str) -> bool:
    """R-ACT-2 (and stand-up, R-CND-3): AoOs from each enemy threatening the actor's square
    (gridless: engaged with it), in initiative order; False if the actor dropped to hp ≤ 0
    (the action is lost)."""
    me = res.enc.get(who)
    for enemy in provokers(res, who, me.position, engaged_exempt=False):
        attack_of_opportunity(res, enemy, who, me.position)
        if dropped(res, who, me.hp):
            res.emit(ev.AttackRefused(who, me.display, "fell"))
            return False
    return True


# -- the attack command ----------------------------------------------------------------------


def choose_weapon(a: Combatant, t: Combatant, key: str | None) -> Weapon:
    """R-ATK-8: the named weapon, or the first that can reach the target."""
    if key:
        w = a.weapon(key)
        if w is None:
            raise UsageError(f'{a.display} has no weapon "{key}"')
        return w
    for w in a.weapons:
        if in_reach_or_range(a, w, t) and (w.ammo is None or w.ammo > 0):
            return w
    if not a.weapons:
        raise IllegalAction("R-ATK-8", f"{a.display} has no weapon")
    raise IllegalAction("R-ATK-8", f"no weapon of {a.display} reaches {t.display}")


def attack(res: Resolution, attacker: str, target: str, weapon_key: str | None, mod: int,
           on_intercept: str, from_behind: bool) -> None:
    """`attack`: checks, then the draw order of R-DIC-4: interception contest, provoked AoOs,
    attack d20, confirmation d20, damage."""
    a = require_actor(res, attacker)
    t = res.combatant(target)
    if target == attacker:
        raise IllegalAction("R-ATK-1", f"{a.display} cannot attack itself")
    if t.status == "dead":
        raise IllegalAction("R-HP-1", f"{t.display} is already dead")
    check_aware(res, a, t)
    check_standard(res, a)
    w = choose_weapon(a, t, weapon_key)
    if not in_reach_or_range(a, w, t):
        rule = "R-GEO-3" if w.kind == "melee" else "R-GEO-4"
        what = "reach" if w.kind == "melee" else "range"
        raise IllegalAction(rule, f"{t.display} is out of {w.name}'s {what}")
    mods: tuple[Mod, ...] = (Mod(mod, "gm"),) if mod else ()
    if w.kind == "ranged":
        if w.ammo == 0:
            raise IllegalAction("R-ATK-9", f"{w.name} has no ammunition left")
        if into_melee(res.enc, a, t):
            if shooting_forbidden(res.enc):
                raise IllegalAction("R-ATK-6", f"{t.display} is engaged in melee: no shooting "
                                               "into melee (rules.ranged_into_melee)")
            mods = (*mods, Mod(-4, "into_melee"))
    res.emit(ev.ActionSpent(attacker, "standard"))
    if a.disengage_streak:
        res.emit(ev.StreakReset(attacker, a.display))  # R-DIS-6

    target = intercept_attack(res, attacker, target, w.kind == "ranged", from_behind,
                              on_intercept)
    if target:
        if w.kind == "ranged":
            for enemy in provokers(res, attacker, a.position, engaged_exempt=False):
                attack_of_opportunity(res, enemy, attacker, a.position)  # R-ATK-7
                if dropped(res, attacker, a.hp):
                    res.emit(ev.AttackRefused(attacker, a.display, "fell"))
                    target = ""
                    break
        if target:
            attack_roll(res, attacker, target, w, "attack", mods)
            if w.ammo is not None:  # R-ATK-9: one per shot made
                res.emit(ev.AmmoSpent(attacker, w.id, w.name, w.ammo - 1))
    strain_after_standard(res, attacker)


def strain_after_standard(res: Resolution, who: str) -> None:
    """R-HP-2: a disabled combatant takes 1 damage after a standard action."""
    c = res.enc.get(who)
    if c.status == "disabled" and c.hp == 0:
        change_hp(res, who, -1, "strain")


def full_attack(res: Resolution, attacker: str, targets: list[str], weapon_key: str | None,
                mod: int, on_intercept: str, from_behind: bool) -> None:
    """R-ACT-5 `attack WHO T1[,T2…] --full`: one roll per bonus of the weapon's `attacks`;
    the i-th roll against the i-th target (the last repeating); a roll whose target is at
    hp ≤ 0 goes to the first target named after it that still stands, or is not made."""
    from pbwcombat.rules.allowance import check_full_round

    a = require_actor(res, attacker)
    named = [res.combatant(t) for t in dict.fromkeys(targets)]
    if not named:
        raise UsageError("attack --full: give one or more targets T1,T2,…")
    for t in named:
        if t.id == attacker:
            raise IllegalAction("R-ATK-1", f"{a.display} cannot attack itself")
        if t.status == "dead":
            raise IllegalAction("R-HP-1", f"{t.display} is already dead")
        check_aware(res, a, t)
    check_full_round(res, a, "a full attack")
    w = choose_weapon(a, named[0], weapon_key)
    mods: tuple[Mod, ...] = (Mod(mod, "gm"),) if mod else ()
    for t in named:
        if not in_reach_or_range(a, w, t):
            rule = "R-GEO-3" if w.kind == "melee" else "R-GEO-4"
            what = "reach" if w.kind == "melee" else "range"
            raise IllegalAction(rule, f"{t.display} is out of {w.name}'s {what}")
        if w.kind == "ranged" and shooting_forbidden(res.enc) and into_melee(res.enc, a, t):
            raise IllegalAction("R-ATK-6", f"{t.display} is engaged in melee: no shooting "
                                           "into melee (rules.ranged_into_melee)")
    if w.kind == "ranged" and w.ammo == 0:
        raise IllegalAction("R-ATK-9", f"{w.name} has no ammunition left")
    res.emit(ev.ActionSpent(attacker, "full"))
    if a.disengage_streak:
        res.emit(ev.StreakReset(attacker, a.display))  # R-DIS-6
    ids = [t.id for t in named]
    for i, bonus in enumerate(w.bonuses):
        if res.enc.get(attacker).hp <= 0:
            break  # fallen to an AoO: no further rolls
        nominal = min(i, len(ids) - 1)
        target = next((t for t in ids[nominal:] if res.enc.get(t).hp > 0), None)
        if target is None:
            continue  # R-ACT-5: no standing target named at or after it: not made
        current = res.enc.get(attacker).weapon(w.id) or w
        if current.ammo == 0:
            res.emit(ev.AttackRefused(attacker, a.display, "no_ammo"))
            break
        _one_roll(res, attacker, target, current.replace(attack=bonus), mods, on_intercept,
                  from_behind)


def _one_roll(res: Resolution, attacker: str, target: str, w: Weapon, mods: tuple[Mod, ...],
              on_intercept: str, from_behind: bool) -> None:
    """One roll of a full attack: a whole attack (R-ATK-1…4, R-INT-3/4, R-ATK-7, ammo);
    `--on-intercept forfeit` gives up this roll only."""
    a = res.enc.get(attacker)
    t = res.enc.get(target)
    roll_mods = mods
    if w.kind == "ranged" and into_melee(res.enc, a, t):
        if shooting_forbidden(res.enc):
            res.emit(ev.AttackRefused(attacker, a.display, "into_melee"))
            return
        roll_mods = (*mods, Mod(-4, "into_melee"))
    target = intercept_attack(res, attacker, target, w.kind == "ranged", from_behind,
                              on_intercept)
    if not target:
        return
    if w.kind == "ranged":
        for enemy in provokers(res, attacker, a.position, engaged_exempt=False):
            attack_of_opportunity(res, enemy, attacker, a.position)  # R-ATK-7
            if dropped(res, attacker, a.hp):
                res.emit(ev.AttackRefused(attacker, a.display, "fell"))
                return
    attack_roll(res, attacker, target, w, "attack", roll_mods)
    if w.ammo is not None:
        res.emit(ev.AmmoSpent(attacker, w.id, w.name, w.ammo - 1))


def _attack(res: Resolution, x: act.Attack) -> None:
    attack(res, x.attacker, x.target, x.weapon, x.mod, x.on_intercept, x.from_behind)


def _full_attack(res: Resolution, x: act.FullAttack) -> None:
    full_attack(res, x.attacker, list(x.targets), x.weapon, x.mod, x.on_intercept,
                x.from_behind)


HANDLES = {act.Attack: _attack, act.FullAttack: _full_attack}
