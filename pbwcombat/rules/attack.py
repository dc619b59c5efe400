"""The `attack` command (R-ATK), a full attack (R-ACT-5): checks, then the draw order of
R-DIC-4. One roll is `rules.attack_roll`; the AoOs a shot provokes are `rules.aoo`."""

from __future__ import annotations

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat.dice import Mod
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction, UsageError
from pbwcombat.geometry import distance, threatens, weapon_threatens
from pbwcombat.model import Combatant, Weapon
from pbwcombat.rules import circumstances as circ
from pbwcombat.rules import ready, stance
from pbwcombat.rules.allowance import check_aware, check_standard, require_actor
from pbwcombat.rules.aoo import attack_of_opportunity, can_make_aoo, dropped, provokers
from pbwcombat.rules.approach import approach
from pbwcombat.rules.attack_roll import attack_roll
from pbwcombat.rules.engagement import into_melee, shooting_forbidden
from pbwcombat.rules.hp import strain_after_standard
from pbwcombat.rules.intercept import intercept_attack
from pbwcombat.rules.stance import no_attacks_in_total_defense


def in_reach_or_range(a: Combatant, w: Weapon, t: Combatant) -> bool:
    """R-GEO-3/4 (gridless: always, R-GEO-5)."""
    if a.position is None or t.position is None:
        return True
    d = distance(a.position, t.position)
    if w.kind == "melee":
        return weapon_threatens(w, d)
    return w.range is not None and d <= w.range


# -- the attack command ----------------------------------------------------------------------


def choose_weapon(a: Combatant, t: Combatant, key: str | None) -> Weapon:
    """R-ATK-8: the named weapon, or the first that can reach the target."""
    if key:
        w = a.weapon(key)
        if w is None:
            raise UsageError("has_weapon_named", name=a.display, weapon=key)
        return w
    for w in a.weapons:
        if in_reach_or_range(a, w, t) and (w.ammo is None or w.ammo > 0):
            return w
    if not a.weapons:
        raise IllegalAction("R-ATK-8", "has_no_weapon", name=a.display)
    raise IllegalAction("R-ATK-8", "weapon_reaches", name=a.display, target=t.display)


def attacker_and_target(res: Resolution, attacker: str, target: str
                        ) -> tuple[Combatant, Combatant]:
    """The checks every attack command makes before its cost (`attack`, a charge): an actor
    that may act and attack (R-ACT-11 total defense), a target that is another combatant, not
    dead, that it is aware of (R-INI-4)."""
    a = require_actor(res, attacker)
    no_attacks_in_total_defense(res, a)
    t = res.combatant(target)
    check_target(res, a, t)
    return a, t


def check_target(res: Resolution, a: Combatant, t: Combatant) -> None:
    """R-ATK-1 not itself, R-HP-1 not dead, R-INI-4 aware of it: for each target named."""
    if t.id == a.id:
        raise IllegalAction("R-ATK-1", "cannot_attack_itself", name=a.display)
    if t.status == "dead":
        raise IllegalAction("R-HP-1", "already_dead", name=t.display)
    check_aware(res, a, t)


def attack(res: Resolution, attacker: str, target: str, weapon_key: str | None, mod: int,
           on_intercept: str, from_behind: bool, declared: circ.Declared = circ.NONE,
           defensively: bool = False) -> None:
    """`attack`: checks, then the draw order of R-DIC-4: interception contest, provoked AoOs,
    attack d20, confirmation d20, damage. `declared`: R-CIR-1's circumstances;
    `defensively`: fighting defensively (R-ACT-11)."""
    a, t = attacker_and_target(res, attacker, target)
    check_standard(res, a)
    w = choose_weapon(a, t, weapon_key)
    if not in_reach_or_range(a, w, t):
        rule = "R-GEO-3" if w.kind == "melee" else "R-GEO-4"
        what = "out_of_reach" if w.kind == "melee" else "out_of_range"
        raise IllegalAction(rule, what, name=t.display, weapon=w.name)
    circ.check(declared, w, t)
    mods: tuple[Mod, ...] = (Mod(mod, "gm"),) if mod else ()
    if w.kind == "ranged":
        if w.ammo == 0:
            raise IllegalAction("R-ATK-9", "has_ammunition_left", weapon=w.name)
        if into_melee(res.enc, a, t):
            if shooting_forbidden(res.enc):
                raise IllegalAction("R-ATK-6", "engaged_melee_shooting_into_melee",
                                    name=t.display)
            mods = (*mods, Mod(-4, "into_melee"))
    res.emit(ev.ActionSpent(attacker, "standard"))
    if a.disengage_streak:
        res.emit(ev.StreakReset(attacker, a.display))  # R-DIS-6
    if not ready.starting_to_act(res, attacker):  # R-RDY-1 `acts:`, before the first die
        return
    if not in_reach_or_range(res.enc.get(attacker), w, res.enc.get(target)):
        res.emit(ev.AttackRefused(attacker, a.display, "out_of_reach"))  # a plan moved it
        return
    if defensively:  # R-ACT-11: −4 on its rolls, +2 Defense from now to its next turn
        stance.take(res, attacker, stance.DEFENSIVE)
        mods = (*mods, DEFENSIVELY)
    strike(res, attacker, target, w, mods, on_intercept, from_behind, declared)
    strain_after_standard(res, attacker)


DEFENSIVELY = Mod(-4, "defensively")  # R-ACT-11 fighting defensively


def strike(res: Resolution, attacker: str, target: str, w: Weapon, mods: tuple[Mod, ...],
           on_intercept: str, from_behind: bool, declared: circ.Declared) -> None:
    """One attack once its cost is spent: the interception contest (R-INT-3/4), the AoOs a
    shot provokes (R-ATK-7), the roll, the ammunition (R-ATK-9)."""
    a = res.enc.get(attacker)
    named = target
    target = intercept_attack(res, attacker, target, w.kind == "ranged", from_behind,
                              on_intercept)
    if target != named:
        declared = circ.NONE  # R-CIR-1: they do not follow an attack to an interceptor
    if not target:
        return
    if w.kind == "ranged":
        for enemy in provokers(res, attacker, a.position, engaged_exempt=False):
            attack_of_opportunity(res, enemy, attacker, a.position)  # R-ATK-7
            if dropped(res, attacker, a.hp):
                res.emit(ev.AttackRefused(attacker, a.display, "fell"))
                return
    if not unarmed_provokes(res, attacker, target, w):
        return
    attack_roll(res, attacker, target, w, "attack", mods, declared=declared)
    if w.ammo is not None:  # R-ATK-9: one per shot made
        res.emit(ev.AmmoSpent(attacker, w.id, w.name, w.ammo - 1))


def full_attack(res: Resolution, attacker: str, targets: list[str], weapon_key: str | None,
                mod: int, on_intercept: str, from_behind: bool,
                declared: circ.Declared = circ.NONE, defensively: bool = False,
                trip: bool = False) -> None:
    """R-ACT-5 `attack WHO T1[,T2…] --full`: one roll per bonus of the weapon's `attacks`;
    the i-th roll against the i-th target (the last repeating); a roll whose target is at
    hp ≤ 0 goes to the first target named after it that still stands, or is not made."""
    from pbwcombat.rules.allowance import check_full_round

    a = require_actor(res, attacker)
    no_attacks_in_total_defense(res, a)
    named = [res.combatant(t) for t in dict.fromkeys(targets)]
    if not named:
        raise UsageError("attack_full_give_one_more")
    for t in named:
        check_target(res, a, t)
    check_full_round(res, a, "a full attack")
    w = choose_weapon(a, named[0], weapon_key)
    mods: tuple[Mod, ...] = (Mod(mod, "gm"),) if mod else ()
    for t in named:
        if not in_reach_or_range(a, w, t):
            rule = "R-GEO-3" if w.kind == "melee" else "R-GEO-4"
            what = "out_of_reach" if w.kind == "melee" else "out_of_range"
            raise IllegalAction(rule, what, name=t.display, weapon=w.name)
        if w.kind == "ranged" and shooting_forbidden(res.enc) and into_melee(res.enc, a, t):
            raise IllegalAction("R-ATK-6", "engaged_melee_shooting_into_melee", name=t.display)
        circ.check(declared, w, t)
    if w.kind == "ranged" and w.ammo == 0:
        raise IllegalAction("R-ATK-9", "has_ammunition_left", weapon=w.name)
    res.emit(ev.ActionSpent(attacker, "full"))
    if a.disengage_streak:
        res.emit(ev.StreakReset(attacker, a.display))  # R-DIS-6
    if not ready.starting_to_act(res, attacker):  # R-RDY-1 `acts:`, before the first die
        return
    if defensively:  # R-ACT-11: −4 on every roll, +2 Defense until its next turn
        stance.take(res, attacker, stance.DEFENSIVE)
        mods = (*mods, DEFENSIVELY)
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
        if trip and i == 0:  # R-ACT-12: `--full --trip`, the first roll is a trip
            from pbwcombat.rules.manoeuvres import trip_roll

            trip_roll(res, res.enc.get(attacker), res.enc.get(target), False,
                      declared.miss_chance)
            continue
        _one_roll(res, attacker, target, current.replace(attack=bonus), mods, on_intercept,
                  from_behind, declared)


def _one_roll(res: Resolution, attacker: str, target: str, w: Weapon, mods: tuple[Mod, ...],
              on_intercept: str, from_behind: bool,
              declared: circ.Declared = circ.NONE) -> None:
    """One roll of a full attack: the −4 (or refusal) of a shot into melee (R-ATK-6), then a
    whole attack as `strike` makes it (R-INT-3/4, R-ATK-7, ammo); `--on-intercept forfeit`
    gives up this roll only."""
    a = res.enc.get(attacker)
    t = res.enc.get(target)
    roll_mods = mods
    if w.kind == "ranged" and into_melee(res.enc, a, t):
        if shooting_forbidden(res.enc):
            res.emit(ev.AttackRefused(attacker, a.display, "into_melee"))
            return
        roll_mods = (*mods, Mod(-4, "into_melee"))
    strike(res, attacker, target, w, roll_mods, on_intercept, from_behind, declared)


def unarmed_provokes(res: Resolution, attacker: str, target: str, w: Weapon) -> bool:
    """R-ACT-9: an unarmed strike without `improved-unarmed-strike` provokes an AoO from its
    target alone, if the target threatens the attacker, before the roll. False if the attacker
    fell to it (the attack is lost)."""
    a = res.enc.get(attacker)
    if not w.unarmed or "improved-unarmed-strike" in a.feats:
        return True
    t = res.enc.get(target)
    square = a.position
    threatened = threatens(t, square) if square is not None else attacker in t.engaged
    if not threatened or not can_make_aoo(res, t):
        return True
    attack_of_opportunity(res, target, attacker, square)
    if dropped(res, attacker, a.hp):
        res.emit(ev.AttackRefused(attacker, a.display, "fell"))
        return False
    return True


def declared_of(x: act.Attack | act.FullAttack) -> circ.Declared:
    """R-CIR-1: the circumstances an attack command declares."""
    return circ.Declared(x.flanking, x.higher_ground, x.cover, x.concealment, x.invisible)


def _full_attack(res: Resolution, x: act.FullAttack) -> None:
    if x.approach:  # R-ORD-7: a full attack approaches by a 5-ft step only
        approach(res, x.attacker, x.targets[0], x.weapon, full=True)
    full_attack(res, x.attacker, list(x.targets), x.weapon, x.mod, x.on_intercept,
                x.from_behind, declared_of(x), x.defensively, x.trip)


HANDLES = {act.FullAttack: _full_attack}  # `attack` itself: rules.charge (it may charge)
