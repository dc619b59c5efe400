"""Walking up to a foe by the path-finder (R-ORD-7, R-GEO-8): `attack … --approach`, the
attacks of orders (`attack nearest`/`weakest`) and every move standing orders make.

The squares come from `rules.board` (who blocks, who is taken, what is threatened) and the
search from `rules.pathfind`; this module only picks the destination: the cheapest square from
which the chosen weapon reaches the target (then fewer threatened squares left, then (x, y)),
or, when none is within one move, as far as one move goes along the cheapest way there. The
move itself is an ordinary `move` along the path's squares, so every rule of moving applies.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from pbwcombat.actions import Move
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction
from pbwcombat.geometry import Square, distance, path_cost, weapon_threatens
from pbwcombat.model import Combatant, Encounter, Weapon
from pbwcombat.rules.allowance import single_action_turn
from pbwcombat.rules.board import Board, board_for
from pbwcombat.rules.engagement import into_melee, shooting_forbidden
from pbwcombat.rules.pathfind import find_path, reachable


def walk(res: Resolution, me: Combatant, budget: int, aims: Callable[[Square], bool],
         goal: Square | None, search: bool = True, near: Collection[Square] | None = None
         ) -> tuple[Square, ...] | None:
    """R-GEO-8: the squares of a move of at most `budget` squares. Toward `goal` (a foe's
    square, R-ORD-1): along the cheapest legal path to it, stopping at the first square from
    which `aims` holds and it may end on, else as far as `budget` goes, ending on the last
    square it may end on. Without a `goal`, or when no path leads to it (a foe walled in by
    its friends): to the cheapest square within `budget` from which `aims` holds (then fewest
    threatened squares left, then (x, y): R-ORD-7's approach square). `search=False`: the
    caller knows `aims` holds nowhere within `budget` (the foes are too far for its reach and
    range, or it may not shoot them), so only the walk toward `goal` is made. `near`: the
    squares where `aims` may hold, when the caller knows them (melee). None: no move."""
    assert me.position is not None
    if budget <= 0:
        return None
    return walk_on(board_for(res, me.id), me.position, budget, aims, goal, search, near)


def walk_on(board: Board, start: Square, budget: int, aims: Callable[[Square], bool],
            goal: Square | None, search: bool = True, near: Collection[Square] | None = None
            ) -> tuple[Square, ...] | None:
    """`walk` on a board already worked out (pure: squares in, squares out), so that the
    simulator core (`pbwcombat.sim.core_orders`), which keeps its own state, asks the very
    same search."""
    closer: tuple[Square, ...] = ()
    if goal is not None:
        steps, arrived = _toward(start, goal, budget, board, aims)
        if arrived:
            return steps
        closer = steps
    if not search:
        return closer or None
    path = _cheapest_aim(start, budget, board, aims, near)
    return path if path is not None else closer or None


def _least_cost(a: Square, b: Square) -> int:
    """R-GEO-2's cost from `a` to `b` on an empty board: a lower bound of any path's."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dx, dy) + min(dx, dy) // 2


def _cheapest_aim(start: Square, budget: int, board: Board, aims: Callable[[Square], bool],
                  near: Collection[Square] | None) -> tuple[Square, ...] | None:
    """The path to the best square (cost, then threatened squares left, then (x, y)) within
    `budget` from which `aims` holds and it may end on. `near`: the only squares where `aims`
    can hold (around a melee target), tried cheapest bound first with the path-finder, which
    spares searching every square in reach (R-SIM speed: same answer, a few short searches)."""
    best: tuple[int, int, Square] | None = None
    found: tuple[Square, ...] | None = None
    if near is None:
        spots = reachable(start, budget=budget, blocked=board.blocked,
                          threatened=board.threatened)
        for sq, (cost, threats) in spots.items():
            if sq not in board.taken and (best is None or (cost, threats, sq) < best) \
                    and aims(sq):
                best = (cost, threats, sq)
    else:
        bounded = sorted([(_least_cost(start, sq), sq) for sq in near  # a list: no generator
                          if sq != start and sq not in board.taken and sq not in board.blocked])
        for bound, sq in bounded:
            if bound > budget or (best is not None and bound > best[0]):
                break
            if not aims(sq):
                continue
            path = find_path(start, sq, budget=budget, blocked=board.blocked,
                             threatened=board.threatened)
            if path is not None and (best is None or (path.cost, path.threatened, sq) < best):
                best, found = (path.cost, path.threatened, sq), path.squares
    if best is None:
        return None
    if found is not None:
        return found
    path = find_path(start, best[2], budget=budget, blocked=board.blocked,
                     threatened=board.threatened)
    return path.squares if path is not None else None


def around(centres: Collection[Square], radius: int) -> set[Square]:
    """The squares within `radius` (Chebyshev) of any of `centres`: where a melee weapon of
    that reach may stand to strike one of them."""
    return {(x + dx, y + dy) for x, y in centres for dx in range(-radius, radius + 1)
            for dy in range(-radius, radius + 1) if dx or dy}


def _toward(start: Square, goal: Square, budget: int, board: Board,
            aims: Callable[[Square], bool]) -> tuple[tuple[Square, ...], bool]:
    """The walk along the cheapest path to `goal`, and whether it ends where `aims` holds
    (((), False) when there is no path or nowhere on it to end)."""
    reach = 3 * distance(start, goal) + 6  # room for a detour around the crowd
    far = find_path(start, goal, budget=reach, blocked=board.blocked - {goal},
                    threatened=board.threatened)
    if far is None:
        return (), False
    end = 0
    for i, sq in enumerate(far.squares[:-1]):  # never into the goal itself
        if path_cost(start, list(far.squares[:i + 1])) > budget:
            break
        if sq not in board.taken:
            end = i + 1
            if aims(sq):
                return far.squares[:end], True
    return far.squares[:end], False


def can_hit_from(enc: Encounter, me: Combatant, foe: Combatant, w: Weapon,
                 square: Square | None) -> bool:
    """`w` reaches `foe` from `square` (melee) or may shoot it from there (ranged: in range,
    ammunition left, not into melee unless R-ATK-6 allows)."""
    d = None if square is None or foe.position is None else distance(square, foe.position)
    if w.kind == "melee":
        return d is None or weapon_threatens(w, d)
    if w.ammo == 0 or (shooting_forbidden(enc) and into_melee(enc, me, foe)):
        return False
    return d is None or d <= (w.range or 0)


def move_then_attack_budget(res: Resolution, me: Combatant) -> int:
    """Squares a move action covers when the standard action is still free after it (R-TRN-2;
    0 in a one-action turn, R-INI-4 / R-HP-2, or once the turn is in use)."""
    sp = res.enc.spent_of(me.id)
    if sp.standard or sp.moves or sp.extended or sp.full_round or sp.step \
            or single_action_turn(res, me):
        return 0
    return me.squares


def weapon_of(me: Combatant, wanted: str | None) -> Weapon | None:
    """R-ORD-7: `--weapon`, else the first melee weapon (the first ranged one when it has
    none)."""
    if wanted is not None:
        return me.weapon(wanted)
    melee = [w for w in me.weapons if w.kind == "melee"]
    return (melee or list(me.weapons))[0] if me.weapons else None


def approach(res: Resolution, who: str, target: str, wanted: str | None, full: bool) -> None:
    """R-ORD-7 `attack WHO TARGET --approach`: when the weapon does not reach (or may not
    shoot) the target, move first to the nearest square from which it does: a move action
    (a standard action must be left after it), or with `--full` a 5-ft step; exit 3 when no
    such square is within it. Gridless: every attack reaches, nothing to do."""
    me = res.enc.get(who)
    foe = res.combatant(target)
    if me.position is None or foe.position is None:
        return
    weapon = weapon_of(me, wanted)
    if weapon is None:
        raise IllegalAction("R-ORD-7", "weapon_reaches", name=me.display, target=foe.display)
    if can_hit_from(res.enc, me, foe, weapon, me.position):
        return
    budget = 1 if full else move_then_attack_budget(res, me)
    if budget <= 0:
        raise IllegalAction("R-ORD-7", "approach_needs_move", name=me.display)
    if full and res.enc.spent_of(who).moved:
        raise IllegalAction("R-ORD-7", "approach_needs_move", name=me.display)
    near = around((foe.position,), weapon.reach) if weapon.kind == "melee" else None
    steps = walk(res, me, budget, lambda sq: can_hit_from(res.enc, me, foe, weapon, sq), None,
                 near=near)
    if steps is None or not can_hit_from(res.enc, me, foe, weapon, steps[-1]):
        raise IllegalAction("R-ORD-7", "approach_no_square", name=me.display,
                            target=foe.display, weapon=weapon.name or weapon.id)
    res.apply(Move(who, steps, step=full), ids_known=True)
