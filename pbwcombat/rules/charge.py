"""The charge (R-ACT-11): `attack WHO TARGET --charge`, a full-round action (a standard one when
the turn allows a single action): a straight move to the nearest square from which the weapon
reaches the target, then one melee attack at +2; −2 Defense from the start of the charge until
the charger's next turn starts (`rules.stance`).

Draw order: the charger's disengage (engaged, R-DIS-1), the AoOs and interceptions of the way
(as any move), then the attack's (interception, d20, miss chance, confirmation, damage).
"""

from __future__ import annotations

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat.dice import Mod
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction, UsageError
from pbwcombat.geometry import Square, distance, path_cost, path_through, weapon_threatens
from pbwcombat.model import Combatant, Weapon
from pbwcombat.rules import circumstances as circ
from pbwcombat.rules import ready, stance
from pbwcombat.rules.allowance import check_full_round, check_standard, single_action_turn
from pbwcombat.rules.approach import approach
from pbwcombat.rules.attack import (
    attack,
    attacker_and_target,
    choose_weapon,
    declared_of,
    strike,
)
from pbwcombat.rules.effects import PRONE, held
from pbwcombat.rules.hp import strain_after_standard

CHARGE = Mod(2, "charge")


def charge_weapon(a: Combatant, key: str | None) -> Weapon:
    """`--weapon`, else the first melee weapon (ruling); a charge is a melee attack."""
    if key:
        w = choose_weapon(a, a, key)
    else:
        w = next((x for x in a.weapons if x.kind == "melee"), None)  # type: ignore[assignment]
        if w is None:
            raise IllegalAction("R-ACT-11", "charge_needs_melee_weapon", name=a.display)
    if w.kind != "melee":
        raise IllegalAction("R-ACT-11", "charge_needs_melee_weapon", name=a.display)
    return w


def end_square(res: Resolution, a: Combatant, t: Combatant, w: Weapon) -> Square:
    """R-ACT-11: the square nearest to the start (by the straight path's cost; ties: the
    lower x, then y) from which `w` reaches `t`."""
    assert a.position is not None and t.position is not None
    start, tx, ty, r = a.position, t.position[0], t.position[1], w.reach
    best: tuple[int, int, int] | None = None
    for x in range(tx - r, tx + r + 1):
        for y in range(ty - r, ty + r + 1):
            if not weapon_threatens(w, distance((x, y), t.position)):
                continue
            cost = path_cost(start, path_through(start, [(x, y)]))
            if best is None or (cost, x, y) < best:
                best = (cost, x, y)
    assert best is not None  # every melee weapon reaches some square
    return best[1], best[2]


def charge(res: Resolution, attacker: str, target: str, weapon_key: str | None, mod: int,
           on_intercept: str, from_behind: bool, declared: circ.Declared) -> None:
    """`attack WHO TARGET --charge` (R-ACT-11)."""
    a, t = attacker_and_target(res, attacker, target)  # as `attack` checks them
    if a.conditions and held(a.conditions).no_run_or_charge and not res.force:
        raise IllegalAction("R-CND-5", "cannot_charge_held", name=a.display)
    if a.conditions and PRONE in a.conditions and not res.force:
        raise IllegalAction("R-ACT-11", "cannot_charge_prone", name=a.display)
    restricted = single_action_turn(res, a) is not None
    if restricted:
        check_standard(res, a)  # SRD: a charge as a standard action when limited to one
    else:
        check_full_round(res, a, "a charge")
    if res.enc.spent_of(attacker).step and not res.force:
        raise IllegalAction("R-ACT-11", "charge_after_step", name=a.display)
    w = charge_weapon(a, weapon_key)
    circ.check(declared, w, t)
    path: list[Square] = []
    if a.position is not None and t.position is not None:
        path = _path(res, a, t, w, restricted)
    res.emit(ev.ActionSpent(attacker, "standard" if restricted else "full"))
    if a.disengage_streak:
        res.emit(ev.StreakReset(attacker, a.display))  # R-DIS-6
    stance.take(res, attacker, stance.CHARGING)  # −2 Defense from the start of the charge
    if path and not _travel(res, a, path):
        return
    if not ready.starting_to_act(res, attacker):  # R-RDY-1 `acts:`, before its attack die
        return  # (the charge's movement rolls no die of its own: `moves:` fires for it)
    mods: tuple[Mod, ...] = (CHARGE, *((Mod(mod, "gm"),) if mod else ()))
    strike(res, attacker, target, w, mods, on_intercept, from_behind, declared)
    if restricted:
        strain_after_standard(res, attacker)  # R-HP-2: it was a standard action


def _path(res: Resolution, a: Combatant, t: Combatant, w: Weapon, restricted: bool
          ) -> list[Square]:
    """The charge's straight path, checked: at least 2 squares, at most 2× speed (1× on a
    single-action turn), no living creature on any square of it (the last included)."""
    assert a.position is not None
    end = end_square(res, a, t, w)
    path = path_through(a.position, [end])
    cost = path_cost(a.position, path)
    limit = a.squares * (1 if restricted else 2)
    if cost < 2 and not res.force:
        raise IllegalAction("R-ACT-11", "charge_too_short", name=a.display, cost=cost)
    if cost > limit and not res.force:
        raise IllegalAction("R-ACT-11", "charge_too_long", name=a.display, cost=cost,
                            most=limit)
    standing = {c.position: c for c in res.enc.active
                if c.position is not None and c.status != "dead" and c.id != a.id}
    for sq in path:
        other = standing.get(sq)
        if other is not None:
            raise IllegalAction("R-ACT-11", "charge_blocked", name=a.display,
                                other=other.display, square=f"({sq[0]},{sq[1]})")
    return path


def _travel(res: Resolution, a: Combatant, path: list[Square]) -> bool:
    """The charge's move: an engaged charger disengages first (R-DIS-1); leaving threatened
    squares provokes as any move. True when it arrived standing."""
    from pbwcombat.geometry import within_reach
    from pbwcombat.rules.conditions import end_on_move
    from pbwcombat.rules.disengage import attempt, first_in_order
    from pbwcombat.rules.engagement import engage_at_rest
    from pbwcombat.rules.movement import _walk

    who = a.id
    assert a.position is not None
    start = a.position
    first = first_in_order(res, a)
    leaving = [o for o in a.engaged if any(not within_reach(res.enc.get(o), sq) for sq in path)]
    if leaving and not attempt(res, who, leaving, destination=path[-1], first=first):
        res.emit(ev.MoveStopped(who, a.display, start, "disengage"))
        return False
    end_on_move(res, who)
    _walk(res, who, start, path, set(a.engaged), step=False, run=False)
    engage_at_rest(res, who)
    now = res.enc.get(who)
    return now.position == path[-1] and now.hp > 0


def _attack(res: Resolution, x: act.Attack) -> None:
    """`attack WHO TARGET …`: a charge with `--charge`, else one attack (`rules.attack`)."""
    if x.charge:
        if x.defensively:
            raise UsageError("charge_not_defensively", rule="R-ACT-11")
        charge(res, x.attacker, x.target, x.weapon, x.mod, x.on_intercept, x.from_behind,
               declared_of(x))
        return
    if x.approach:  # R-ORD-7: into reach first, by the path-finder
        approach(res, x.attacker, x.target, x.weapon, full=False)
    attack(res, x.attacker, x.target, x.weapon, x.mod, x.on_intercept, x.from_behind,
           declared_of(x), x.defensively)


HANDLES = {act.Attack: _attack}
