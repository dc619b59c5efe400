"""The table's rows with an effect of their own (R-ACT-12): coup de grace, aid another, trip,
stabilize. Each is `action WHO ROW --target T`, its cost and provokes from the table
(`rules.menu` spends them); this module checks the target and does the row.

Dice orders (Clarifications): a coup de grace: provoked AoOs, the damage dice, then the
Fortitude d20; a trip: the AoO from T, the touch-attack d20, the actor's check d20, the
defender's check d20 (`--counter`: then the defender's d20 and the actor's d20); aid another:
its d20; stabilize: provoked AoOs, then its d20.
"""

from __future__ import annotations

from pbwcombat import events as ev
from pbwcombat import menu
from pbwcombat.dice import Mod
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction
from pbwcombat.geometry import distance, melee_weapons, weapon_threatens
from pbwcombat.model import Combatant, Weapon
from pbwcombat.rules import conditions, ready
from pbwcombat.rules.aid import use_aid
from pbwcombat.rules.aoo import attack_of_opportunity, can_make_aoo, dropped
from pbwcombat.rules.attack_roll import condition_attack_mods, dex_lost, roll_miss_chance
from pbwcombat.rules.damage import reduce_damage
from pbwcombat.rules.effects import PRONE, custom, held
from pbwcombat.rules.engagement import engage
from pbwcombat.rules.hp import change_hp, deal
from pbwcombat.rules.rows import narrate
from pbwcombat.traits import size_step

CGD_DC = 10  # Fortitude DC 10 + the damage dealt
AID_DEFENSE = 10
AID_BONUS = 2
STABILIZE_DC = 15
IMPROVED_TRIP = 4
SIZE_STEP = 4


def _target(res: Resolution, me: Combatant, targets: list[str]) -> Combatant:
    t = res.combatant(targets[0])
    if t.id == me.id:
        raise IllegalAction("R-ACT-12", "cannot_target_itself", name=me.display)
    return t


def reaching(c: Combatant, t: Combatant, key: str | None = None) -> Weapon | None:
    """The named melee weapon if it reaches `t`, else its best (highest `attack`) melee weapon
    that reaches `t` (gridless: any)."""
    usable = melee_weapons(c)
    if key:
        usable = [w for w in usable if w.id == key or w.name == key]
    if c.position is not None and t.position is not None:
        d = distance(c.position, t.position)
        usable = [w for w in usable if weapon_threatens(w, d)]
    return max(usable, key=lambda w: w.attack, default=None)


def helpless(t: Combatant) -> bool:
    """R-ACT-12: helpless conditions, and dying, stable or unconscious targets."""
    return t.helpless or t.status in ("dying", "stable") or t.hp < 0


# -- coup de grace ------------------------------------------------------------------------


def coup_de_grace(res: Resolution, me: Combatant, row: menu.Row, targets: list[str],
                  text: str, provokes: bool, weapon: str | None = None) -> None:
    """Full-round, provokes: an automatic critical hit (no confirmation) on a helpless target
    in reach; it then saves Fortitude against DC 10 + the damage dealt (after DR) or dies."""
    t = _target(res, me, targets)
    if t.status == "dead":
        raise IllegalAction("R-HP-1", "already_dead", name=t.display)
    if not helpless(t):
        raise IllegalAction("R-ACT-12", "not_helpless", name=t.display)
    w = reaching(me, t, weapon)
    if w is None:
        raise IllegalAction("R-ACT-12", "no_melee_weapon_reaches", name=me.display,
                            target=t.display)
    if "critical" in t.immune:
        raise IllegalAction("R-ACT-12", "coup_de_grace_critical_immune", name=t.display)
    if not narrate(res, me, row, [t.id], text, provokes):
        return
    damage = res.dice.roll(w.damage, times=w.crit_mult)  # R-ATK-4: a critical, no confirming
    amount = max(1, damage.total)
    res.emit(ev.DamageRolled(me.id, t.id, t.display, damage, amount, True, w.crit_mult))
    amount = reduce_damage(res, t.id, amount, w.materials, None)  # R-HP-8: the DC uses this
    deal(res, t.id, amount, False, "damage")
    after = res.enc.get(t.id)
    if after.status == "dead":
        return
    dc = CGD_DC + amount
    roll = res.dice.d20(Mod(after.save_bonus("fort"), "fort"))
    n = roll.natural
    success = n != 1 and (n == 20 or roll.total >= dc)
    res.emit(ev.SaveRolled(t.id, after.display, "fort", roll, dc, success))
    if not success:  # death sets hp to death_at
        change_hp(res, t.id, res.enc.rules.death_at - after.hp, "coup_de_grace")


# -- aid another --------------------------------------------------------------------------


def aid_another(res: Resolution, me: Combatant, row: menu.Row, targets: list[str], text: str,
                provokes: bool, against: str | None = None, defense: bool = False) -> None:
    """Standard: an attack roll against Defense 10 with its best melee weapon that reaches
    ENEMY; on success ALLY's next attack roll against ENEMY gets +2 (`--defense`: its Defense
    +2 against ENEMY's next attack), until the actor's next turn starts. Engages actor and
    ENEMY (R-ENG-1)."""
    ally = res.combatant(targets[0])
    assert against is not None  # usage: aid-another needs --against
    enemy = res.combatant(against)
    if ally.side != me.side or ally.id == me.id:
        raise IllegalAction("R-ACT-12", "aid_an_ally", name=ally.display)
    if enemy.side == me.side or enemy.status == "dead":
        raise IllegalAction("R-ACT-12", "aid_against_an_enemy", name=enemy.display)
    w = reaching(me, enemy)
    if w is None:
        raise IllegalAction("R-ACT-12", "no_melee_weapon_reaches", name=me.display,
                            target=enemy.display)
    if not narrate(res, me, row, [ally.id], text, provokes):
        return
    a = res.enc.get(me.id)
    mods = [Mod(w.attack, "attack"), *condition_attack_mods(a, melee=True)]
    roll = res.dice.d20(*mods)
    n = roll.natural
    success = n != 1 and (n == 20 or roll.total >= AID_DEFENSE)
    kind = "defense" if defense else "attack"
    res.emit(ev.AidRolled(me.id, a.display, ally.id, ally.display, enemy.id, enemy.display,
                          w.name, roll, AID_DEFENSE, success, kind))
    engage(res, me.id, enemy.id, missile=False)  # R-ENG-1: a melee attack roll
    if success and roll_miss_chance(res, me.id, enemy.id):  # R-CND-8: an attack roll too
        return
    if success:
        res.emit(ev.AidGiven(ally.id, ally.display, enemy.id, me.id, kind, AID_BONUS))


# -- trip ---------------------------------------------------------------------------------


def touch_defense(t: Combatant) -> int:
    """R-ACT-12: 10 + the target's effective `dex_mod` and `dodge` (after flat-footed and
    `dex` losses) + its condition and stance Defense modifiers against melee."""
    from pbwcombat.rules import stance

    base = 10 + t.dex_mod + t.dodge
    names = t.attacked_as  # a dying or stable target is helpless (R-ACT-12)
    h = held(names) if names else None
    lost = t.flat_footed or (h is not None and h.loses_dex)
    if lost:
        base -= dex_lost(t, h is not None and h.helpless)
    if h is not None:
        base += h.defense_melee + sum(m.value for m in custom(names, "defense"))  # R-CND-10
    if t.stance:
        base += stance.defense_change(t, lost)
    return base


def _check(c: Combatant, *, attacker: bool) -> tuple[Mod, ...]:
    """The trip check's modifiers: the actor's `str_mod` (+4 improved-trip), the defender's
    higher of `str_mod` and `dex_mod`; ±4 per size step from medium."""
    mods = [Mod(c.str_mod, "str_mod")] if attacker or c.str_mod >= c.dex_mod else \
        [Mod(c.dex_mod, "dex_mod")]
    if attacker and "improved-trip" in c.feats:
        mods.append(Mod(IMPROVED_TRIP, "improved-trip"))
    step = size_step(c.size)
    if step:
        mods.append(Mod(SIZE_STEP * step, "size"))
    return tuple(mods)


def _opposed(res: Resolution, actor: Combatant, defender: Combatant, counter: bool) -> bool:
    """The opposed check: the actor's d20, then the defender's; ties to the defender."""
    mine = res.dice.d20(*_check(actor, attacker=True))
    theirs = res.dice.d20(*_check(defender, attacker=False))
    won = mine.total > theirs.total
    res.emit(ev.TripChecked(actor.id, actor.display, defender.id, defender.display, mine,
                            theirs, won, counter))
    return won


def trip_roll(res: Resolution, me: Combatant, t: Combatant, counter: bool,
              miss_chance: int = 0) -> bool:
    """One trip in place of a melee attack: the AoO from T (unless improved-trip), the touch
    attack, the opposed check, and with `counter` the counter-trip. True if T fell.
    `miss_chance`: a declared concealment (`attack --full --trip --concealment N`, R-CIR-1)."""
    w = reaching(me, t)
    if w is None:
        raise IllegalAction("R-ACT-12", "no_melee_weapon_reaches", name=me.display,
                            target=t.display)
    if "improved-trip" not in me.feats and t.position is not None and me.position is not None:
        tw = reaching(t, me)  # R-ACT-9: a trip provokes only from its target
        if tw is not None and can_make_aoo(res, t):
            before = me.hp
            attack_of_opportunity(res, t.id, me.id, me.position)
            if dropped(res, me.id, before):
                res.emit(ev.AttackRefused(me.id, me.display, "fell"))
                return False
    a = res.enc.get(me.id)
    best = max(melee_weapons(a), key=lambda x: x.attack)
    mods = [Mod(best.attack, "attack"), *condition_attack_mods(a, melee=True)]
    if res.enc.get(t.id).attacked_as:  # R-CND-5 helpless: a melee (touch) attack, +4
        mods += held(res.enc.get(t.id).attacked_as).melee_against
    # ruling: the touch attack is an attack roll against T (Clarifications), so aid another
    # on attack against T reaches it, and T's aid on Defense against the actor counts
    if a.aid and (aided := use_aid(res, me.id, t.id, "attack")):
        mods.append(Mod(aided, "aid"))
    target = res.enc.get(t.id)
    defense = touch_defense(target)
    if target.aid and (aided := use_aid(res, t.id, me.id, "defense")):
        defense += aided
    roll = res.dice.d20(*mods)
    n = roll.natural
    hit = n != 1 and (n == 20 or roll.total >= defense)
    res.emit(ev.TouchAttackRolled(me.id, a.display, t.id, target.display, roll, defense, hit))
    engage(res, me.id, t.id, missile=False)  # R-ENG-1
    if not hit or roll_miss_chance(res, me.id, t.id, miss_chance):  # R-CND-8: d100 after d20
        return False
    if _opposed(res, res.enc.get(me.id), res.enc.get(t.id), False):
        conditions.apply_condition(res, t.id, PRONE)
        return True
    # the defender tries to trip the actor back: nothing provoked, ties to the actor
    if counter and _opposed(res, res.enc.get(t.id), res.enc.get(me.id), True):
        conditions.apply_condition(res, me.id, PRONE)
    return False


def trip(res: Resolution, me: Combatant, row: menu.Row, targets: list[str], text: str,
         provokes: bool, counter: bool = False) -> None:
    """`action WHO trip --target T [--counter]` (a standard action in place of a melee
    attack). The row's own "yes" is R-ACT-9's: only T's AoO, drawn by `trip_roll`."""
    from pbwcombat.rules.allowance import spend
    from pbwcombat.rules.hp import strain_after_standard
    from pbwcombat.rules.stance import no_attacks_in_total_defense

    t = _target(res, me, targets)
    if t.status == "dead":
        raise IllegalAction("R-HP-1", "already_dead", name=t.display)
    no_attacks_in_total_defense(res, me)
    if t.conditions and held(t.conditions).hidden:  # R-CIR-1: a trip has no --concealment
        raise IllegalAction("R-CIR-1", "hidden_cannot_be_tripped", name=t.display)
    if reaching(me, t) is None:
        raise IllegalAction("R-ACT-12", "no_melee_weapon_reaches", name=me.display,
                            target=t.display)
    spend(res, me, row.cost, row.en)
    res.emit(ev.ActionTaken(me.id, me.display, row.id, row.en, row.cost, text, (t.id,),
                            (t.display,), table=True))
    if ready.starting_to_act(res, me.id):  # R-RDY-1 `acts:`, before the first die
        trip_roll(res, me, res.enc.get(t.id), counter)
    strain_after_standard(res, me.id)


# -- stabilize ----------------------------------------------------------------------------


def stabilize(res: Resolution, me: Combatant, row: menu.Row, targets: list[str], text: str,
              provokes: bool) -> None:
    """Standard, provokes: 1d20 + `skills.heal` against DC 15; success makes a dying T stable.
    T must be dying (exit 3 otherwise) and adjacent (gridless: any)."""
    t = res.combatant(targets[0])
    if t.status != "dying":
        raise IllegalAction("R-ACT-12", "not_dying", name=t.display)
    if me.position is not None and t.position is not None \
            and distance(me.position, t.position) > 1:
        raise IllegalAction("R-ACT-12", "not_adjacent", name=t.display)
    if not narrate(res, me, row, [t.id], text, provokes):
        return
    heal = me.skills.get("heal", 0)
    roll = res.dice.d20(Mod(heal, "heal"))
    success = roll.total >= STABILIZE_DC
    res.emit(ev.CheckRolled(me.id, me.display, row.en, roll, STABILIZE_DC, success, row.id))
    if success:
        res.emit(ev.Stabilized(t.id, t.display))
