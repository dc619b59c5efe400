"""Attacks of opportunity (R-AOO): who threatens a mover, who may make one, and making it
(one attack roll, `rules.attack_roll`), in initiative order (R-DIC-4)."""

from __future__ import annotations

from typing import NamedTuple

from pbwcombat import events as ev
from pbwcombat.engine import Resolution
from pbwcombat.geometry import (
    distance,
    max_reach,
    melee_weapons,
    threat_weapons,
    threatens,
    weapon_threatens,
)
from pbwcombat.model import Combatant, Encounter, Weapon
from pbwcombat.rules.attack_roll import attack_roll
from pbwcombat.rules.engagement import initiative_rank
from pbwcombat.traits import COMBAT_REFLEXES


def best_reaching_weapon(c: Combatant, square: tuple[int, int] | None) -> Weapon | None:
    """R-AOO-4: the best melee weapon (highest attack) that reaches `square` (gridless: any);
    an unarmed strike without the feat threatens nothing (R-ACT-9)."""
    usable = threat_weapons(c)
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
    """R-AOO-4: one per round; none while flat-footed, guarding, or at hp ≤ 0 (R-HP-3);
    `combat-reflexes`: 1 + dex_mod a round, flat-footed too (R-ACT-9); none in total defense
    (R-ACT-11)."""
    if not c.conscious_above_zero or not c.can_act or c.guarding:
        return False
    if c.stance == "total-defense":
        return False
    if c.feats and COMBAT_REFLEXES in c.feats:
        used = c.aoo_count if c.aoo_round == res.enc.state.round else 0
        return used < 1 + max(c.dex_mod, 0)
    return not c.is_flat_footed and c.aoo_round != res.enc.state.round


def provokers(res: Resolution, mover: str, square: tuple[int, int] | None,
              engaged_exempt: bool) -> list[str]:
    """Enemies that get an AoO when `mover` leaves (or shoots from) `square`, in initiative
    order (R-DIC-4). Engaged enemies are exempt when R-DIS governs instead (R-AOO-2), and
    so are those `mover` disengaged from this turn (R-ENG-6)."""
    threats = _threats(res, mover, engaged_exempt)
    if square is not None and (2 * threats.reach + 1) ** 2 < len(threats.placed):
        x, y, r = square[0], square[1], threats.reach  # the squares within reach only
        near = threats.unplaced + [e for dx in range(-r, r + 1) for dy in range(-r, r + 1)
                                   for e in threats.placed.get((x + dx, y + dy), ())]
    else:
        near = threats.unplaced + [e for group in threats.placed.values() for e in group]
    found = sorted((i, c.id) for i, c in near if _threatens_mover(c, mover, square))
    return sorted((cid for _, cid in found), key=lambda cid: initiative_rank(res, cid))


class _Threats(NamedTuple):
    """The enemies that could take an AoO from `mover` in one state of the encounter (by
    their place in `active`), the placed ones by square: a walk asks at every square it
    leaves and the encounter changes only when someone acts, so a long walk among many
    enemies looks at the squares within reach, not at everyone (issue 29)."""

    enc: Encounter
    key: tuple[str, bool]
    unplaced: list[tuple[int, Combatant]]
    placed: dict[tuple[int, int], list[tuple[int, Combatant]]]
    reach: int  # the greatest melee reach among the placed: R-AOO-1's threat is within it


def _threats(res: Resolution, mover: str, engaged_exempt: bool) -> _Threats:
    memo: _Threats | None = res.memo.get("aoo threats")
    if memo is not None and memo.enc is res.enc and memo.key == (mover, engaged_exempt):
        return memo
    me = res.enc.get(mover)
    escaped = res.enc.spent_of(mover).escaped  # R-ENG-6: freed from them for this turn
    unplaced: list[tuple[int, Combatant]] = []
    placed: dict[tuple[int, int], list[tuple[int, Combatant]]] = {}
    reach = 0
    for i, c in enumerate(res.enc.active):
        if (c.side == me.side or c.id == mover or c.id in escaped
                or not can_make_aoo(res, c)):
            continue
        if engaged_exempt and mover in c.engaged:
            continue
        if c.position is None:
            unplaced.append((i, c))
        else:
            placed.setdefault(c.position, []).append((i, c))
            reach = max(reach, max_reach(c))
    memo = res.memo["aoo threats"] = _Threats(res.enc, (mover, engaged_exempt), unplaced,
                                              placed, reach)
    return memo


def attack_of_opportunity(res: Resolution, enemy: str, mover: str,
                          square: tuple[int, int] | None) -> bool:
    """Resolve one AoO at once (R-AOO-4); True if it was made."""
    e = res.enc.get(enemy)
    weapon = best_reaching_weapon(e, square)
    if weapon is None or not can_make_aoo(res, e):
        return False
    once: set[tuple[str, str, int]] = res.memo.setdefault("aoo once", set())
    chance = (enemy, mover, res.enc.state.round)
    if chance in once:  # R-ACT-9: one AoO per opportunity (per command and round)
        return False
    if not e.takes_aoo or enemy in res.no_aoo:  # R-AOO-4: declined, the AoO is kept
        if (enemy, mover) not in res.declined:  # said once per command
            res.declined.add((enemy, mover))
            m = res.enc.get(mover)
            res.emit(ev.AooDeclined(enemy, e.display, mover, m.display))
        return False
    # R-AOO-5: with rules.aoo_engages = false the AoO is plain d20 and engages nobody
    once.add(chance)
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
