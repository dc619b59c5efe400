"""Disengaging (R-DIS): Defense Total against Attack Totals, the automatic cases, the streak,
reckless disengagement. The `disengage` command, which may end with a move, is in
`rules.movement` (movement calls into this module, never the other way round)."""

from __future__ import annotations

from pbwcombat import events as ev
from pbwcombat.dice import Mod
from pbwcombat.engine import Resolution
from pbwcombat.geometry import Square, distance, melee_weapons
from pbwcombat.model import Combatant
from pbwcombat.rules.attack_roll import attack_roll, effective_defense
from pbwcombat.rules.effects import custom, held
from pbwcombat.rules.engagement import initiative_rank


def attacked_since_previous_turn(res: Resolution, me: Combatant, other: str) -> bool:
    """R-DIS-2/4: `other` made an attack roll against `me` since the start of `me`'s previous
    turn (before its first turn: since combat began). Clocks count turn starts."""
    if other not in me.attacked_by:
        return False
    previous, last = me.turn_clocks
    window = previous if res.enc.takes_turn_now(me.id) else last
    return me.attacked_by[other] >= window


def _best_attack(c: Combatant, missile: bool) -> int:
    """R-DIS-2: the Attack Total adds the opponent's best melee `attack`; against a shooter
    it is missile-engaged with, its best ranged `attack` (Clarifications, R-DIS-2)."""
    ranged = [w.attack for w in c.weapons if w.kind == "ranged"]
    if missile and ranged:
        return max(ranged)
    return max((w.attack for w in melee_weapons(c)), default=0)


def _auto_case(res: Resolution, me: Combatant, opponents: list[Combatant], missile: bool,
               destination: Square | None, first: bool) -> str:
    """R-DIS-4: the automatic successes (no dice), or ""."""
    if all(o.counts_as_down for o in opponents):  # R-CND-3: prone, stunned, paralyzed too
        return "opponents_down"
    if first:
        return "first_in_order"
    if missile:
        if all(any(w.kind == "ranged" for w in o.weapons) and
               all(w.ammo == 0 for w in o.weapons if w.kind == "ranged") for o in opponents):
            return "no_ammo"
        if destination is not None and all(
                o.position is not None and distance(o.position, destination) >
                max((w.range or 0 for w in o.weapons if w.kind == "ranged"), default=0)
                for o in opponents):
            return "out_of_range"
    if not any(attacked_since_previous_turn(res, me, o.id) for o in opponents):
        return "not_attacked"
    return ""


def attempt(res: Resolution, who: str, opponent_ids: list[str], *, missile: bool = False,
            destination: Square | None = None, reckless: bool = False,
            first: bool | None = None) -> bool:
    """One disengage attempt from `opponent_ids`; True on success (engagements end).

    Failure (R-DIS-3): stays engaged and the attempt is its action for the turn. `first`:
    whether R-DIS-4's first-in-order case held before the command spent anything."""
    me = res.enc.get(who)
    if first is None:
        first = first_in_order(res, me)
    opponents = sorted((res.enc.get(o) for o in opponent_ids),
                       key=lambda o: initiative_rank(res, o.id))
    streak = me.disengage_streak
    if reckless:
        _reckless(res, me, opponents)
        success = res.enc.get(who).hp > 0
        res.emit(ev.DisengageResolved(who, me.display, success, "", tuple(opponent_ids),
                                      reckless=True, streak=streak))
    else:
        auto = _auto_case(res, me, opponents, missile, destination, first)
        success = True
        if not auto:
            success = _contest(res, me, opponents, streak, missile)
        res.emit(ev.DisengageResolved(who, me.display, success, auto, tuple(opponent_ids),
                                      streak=streak))
    res.emit(ev.StreakSet(who, 0 if success else streak + 1))  # R-DIS-3/5/6
    if success:
        for o in opponents:
            res.emit(ev.Disengaged(who, me.display, o.id, o.display, missile))
        res.emit(ev.Escaped(who, tuple(o.id for o in opponents)))  # R-ENG-6
    else:
        res.emit(ev.ActionSpent(who, "extended"))
    return success


def first_in_order(res: Resolution, me: Combatant) -> bool:
    """R-DIS-4 (`rules.first_disengages`): the combatant first in the current round's order
    (with shared group turns, any member of the first group) disengages without dice on its
    turn, before any other action but free ones that turn."""
    enc = res.enc
    if not enc.rules.first_disengages or not enc.state.order:
        return False
    if me.id not in enc.members_of(enc.state.order[0]) or not enc.takes_turn_now(me.id):
        return False
    sp = enc.spent_of(me.id)
    return not (sp.standard or sp.moves or sp.full_round or sp.step or sp.extended
                or sp.moved or sp.disengage_tried)


def _contest(res: Resolution, me: Combatant, opponents: list[Combatant], streak: int,
             missile: bool = False) -> bool:
    """R-DIS-2/3/5: Defense Total = 1d20 + (effective Defense − 10) + streak bonus, against
    the highest Attack Total (1d20 + best attack) of each opponent that attacked it since the
    start of its previous turn and is above 0 hp. Ties go to the disengager."""
    step = res.enc.rules.disengage_step
    mods = [Mod(effective_defense(me, melee=not missile) - 10, "defense")]
    if streak and step:
        mods.append(Mod(streak * step, "streak"))
    defense = res.dice.d20(*mods)
    res.emit(ev.DefenseTotalRolled(me.id, me.display, defense, streak))
    best = None
    for o in opponents:
        if not (o.can_react and not o.counts_as_down
                and attacked_since_previous_turn(res, me, o.id)):
            continue
        roll = res.dice.d20(Mod(_best_attack(o, missile), "attack"),
                            *held(o.conditions).total_mods,
                            *custom(o.conditions, "attack"))  # R-CND-5, R-CND-10
        res.emit(ev.AttackTotalRolled(o.id, o.display, me.id, roll))
        best = roll.total if best is None else max(best, roll.total)
    return best is None or defense.total >= best


def _reckless(res: Resolution, me: Combatant, opponents: list[Combatant]) -> None:
    """R-DIS-7: each engaged opponent above 0 hp gets one free melee attack against Defense 0
    (outside its AoO allowance); the free attacks do not re-engage."""
    for o in opponents:
        o = res.enc.get(o.id)
        weapons = melee_weapons(o)
        if not o.can_react or not weapons or o.guarding \
                or res.enc.get(me.id).hp <= 0:
            continue  # R-HP-3; R-INT-1: a guarding combatant makes no attacks
        weapon = max(weapons, key=lambda w: w.attack)
        attack_roll(res, o.id, me.id, weapon, "free", defense_zero=True, engages=False)


def reset_idle_streak(res: Resolution, who: str, taken: bool) -> None:
    """R-DIS-6: a turn taken without trying to disengage resets the streak."""
    if not taken:
        return
    c = res.enc.get(who)
    if c.disengage_streak and not res.enc.spent_of(who).disengage_tried:
        res.emit(ev.StreakReset(who, c.display, idle=True))


ON_TURN_END = (reset_idle_streak,)
