"""Standing orders (R-ORD): what a combatant does when nobody decides for it.

The orders only *choose*: every step they take is an ordinary action (`Attack`, `Move`,
`Intercept`, `Remove`) applied through the commands' dispatch table (`Resolution.apply`), so
every rule of the commands applies to it (AoOs, interceptions, disengaging, allowances,
conditions…). A step the rules refuse rolls nothing and leaves nothing behind (the
Resolution is restored); the orders stop there."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from functools import partial
from operator import attrgetter

from pbwcombat import events as ev
from pbwcombat.actions import Action, Attack, Intercept, Move, Remove
from pbwcombat.engine import Resolution
from pbwcombat.errors import PbwError
from pbwcombat.geometry import Square, distance, max_reach, ring, weapon_threatens
from pbwcombat.model import CONDITIONS, NONLETHAL, REMOVED, STATUS, Combatant, Encounter, Weapon
from pbwcombat.orders_text import is_keyword
from pbwcombat.rules.allowance import single_action_turn
from pbwcombat.rules.approach import around, move_then_attack_budget, walk
from pbwcombat.rules.board import board_for
from pbwcombat.rules.confusion import confused_plan, standing
from pbwcombat.rules.effects import flees, held
from pbwcombat.rules.engagement import into_melee, shooting_forbidden
from pbwcombat.rules.pathfind import find_path

# R-ORD-4: who plays conditional orders; `rules.conditional` (which builds on this module,
# so this one may not import it) puts itself here when it loads, as every family does
RULE_PLAYER: list[Callable[[Resolution, str, str | tuple[str, ...], bool], None]] = []
SIM_DEFAULT = "attack-nearest"  # R-SIM-1: `odds` plays combatants without orders so


def orders_of(enc: Encounter, c: Combatant, simulated: bool = False) -> str | tuple[str, ...]:
    """R-ORD-1: the combatant's `orders` (a keyword, or R-ORD-4's rules); else "skip" for PCs
    and `rules.default_action` for the others (R-SIM-1: in a simulation, "attack-nearest"
    for everyone)."""
    if c.orders:
        return c.orders
    if simulated:
        return SIM_DEFAULT
    return "skip" if c.pc else enc.rules.default_action


def is_fleeing(c: Combatant) -> bool:
    """R-ORD-2: at or below `flee_below` × max_hp (0 = never). Compared as hp / max_hp
    against the fraction: when the two are equal as written (57/100 and 0.57) both round to
    the same double, where `0.57 * 100` is 56.99999999999999 and 57 hp would not flee."""
    return c.flee_below > 0 and c.hp / c.full_hp <= c.flee_below


# -- reading the board ---------------------------------------------------------------------


def foes_of(enc: Encounter, me: Combatant) -> list[Combatant]:
    """R-ORD-1: enemies that are not dying, stable, dead or removed, in file order. Their
    places come from an `Encounter.fact` (kept until someone's status or removal changes):
    a scan of everyone at every turn cost 0.12 ms a turn at 300 combatants (issue 29)."""
    people = enc.combatants
    places = enc.fact("foes by side", _foes_by_side, REMOVED | STATUS, _patch_foes)
    return [people[i] for i in places[me.side]]


def _up(c: Combatant) -> bool:
    """Not dying, stable, dead or removed: a foe `foes_of` gives."""
    return not c.removed and c.status in ("ok", "disabled")


def _foes_by_side(combatants: tuple[Combatant, ...]) -> dict[str, tuple[int, ...]]:
    """For each side, the places in the file of the enemies `foes_of` gives it."""
    up = [(i, c.side) for i, c in enumerate(combatants) if _up(c)]
    return {side: tuple([i for i, s in up if s != side])
            for side in {c.side for c in combatants}}


def _patch_foes(places: dict[str, tuple[int, ...]], enc: Encounter, i: int,
                before: Combatant, after: Combatant) -> dict[str, tuple[int, ...]] | None:
    """`_foes_by_side` after one combatant's change: its place enters or leaves the other
    sides' lists (one who fell in a crowd of 300 had everyone read again, issue 29)."""
    was, now = _up(before), _up(after)
    if was == now:
        return places
    if before.side != after.side:
        return None
    moved = {}
    for side, foes in places.items():
        if side != after.side:
            k = bisect_left(foes, i)
            foes = foes[:k] + (i,) + foes[k:] if now else foes[:k] + foes[k + 1:]
        moved[side] = foes
    return moved


def _anyone_affected(combatants: tuple[Combatant, ...]) -> bool:
    """Whether anyone holds a condition or nonlethal damage: without either nobody is laid
    low (R-CND-5, R-HP-7), and the orders need not ask each foe."""
    return any(map(_CONDITIONS, combatants)) or any(map(_NONLETHAL, combatants))


_CONDITIONS, _NONLETHAL = attrgetter("conditions"), attrgetter("nonlethal")


def targets_of(enc: Encounter, me: Combatant) -> list[Combatant]:
    """The enemies orders may attack or close in on: `foes_of` but the `hidden` (unseen: an
    attack on one needs `--concealment total`, which orders never declare, R-CIR-1/2), and
    in the surprise round only those `me` is aware of (R-INI-4 refuses the others)."""
    foes = foes_of(enc, me)
    if enc.fact("anyone affected", _anyone_affected, CONDITIONS | NONLETHAL):  # (else none
        foes = [f for f in foes if not (f.conditions and held(f.conditions).hidden)]  # hides)
    if enc.state.phase == "surprise":
        return [f for f in foes if me.is_aware_of(f)]
    return foes


def _gap(a: Square | None, b: Square | None) -> int:
    """Chebyshev distance; gridless, everyone is at 0 (R-GEO-5)."""
    return 0 if a is None or b is None else distance(a, b)


def may_shoot_at(enc: Encounter, me: Combatant, t: Combatant) -> bool:
    """R-ATK-6: not into melee unless `rules.ranged_into_melee = "penalty"` (plain d20,
    R-ENG-0: always, at -4)."""
    return not shooting_forbidden(enc) or not into_melee(enc, me, t)


def melee_weapon_for(me: Combatant, t: Combatant, square: Square | None) -> Weapon | None:
    d = None if square is None or t.position is None else distance(square, t.position)
    for w in me.weapons:
        if w.kind == "melee" and (d is None or weapon_threatens(w, d)):
            return w
    return None


def ranged_weapon_for(enc: Encounter, me: Combatant, t: Combatant,
                      square: Square | None) -> Weapon | None:
    if not may_shoot_at(enc, me, t):
        return None
    d = None if square is None or t.position is None else distance(square, t.position)
    for w in me.weapons:
        if w.kind == "ranged" and w.ammo != 0 and (d is None or d <= (w.range or 0)):
            return w
    return None


def weapon_for(enc: Encounter, me: Combatant, t: Combatant, square: Square | None
               ) -> Weapon | None:
    """A weapon `me` may attack `t` with from `square`: melee first, then a shot."""
    return melee_weapon_for(me, t, square) or ranged_weapon_for(enc, me, t, square)


def _rank(enc: Encounter) -> dict[str, int]:
    return {c.id: i for i, c in enumerate(enc.combatants)}


def nearest_target(enc: Encounter, me: Combatant, foes: Sequence[Combatant],
                   square: Square | None) -> tuple[Combatant, Weapon] | None:
    """R-ORD-1 attack-nearest from `square`: engaged enemies first (the nearest of them);
    "otherwise" (none engaged, or none of the engaged it can attack) the nearest a melee
    weapon reaches; else the nearest it may shoot. Ties: file order (`foes` are in file
    order and only a strictly nearer one replaces the first found). An enemy laid low
    (R-CND-5) is chosen only when no other is in reach."""
    if enc.fact("anyone affected", _anyone_affected, CONDITIONS | NONLETHAL) and any(
            f.laid_low for f in foes):
        standing_up = [f for f in foes if not f.laid_low]
        return (_nearest_target(enc, me, standing_up, square)
                or _nearest_target(enc, me, foes, square))
    return _nearest_target(enc, me, foes, square)


def _nearest_target(enc: Encounter, me: Combatant, foes: Sequence[Combatant],
                    square: Square | None) -> tuple[Combatant, Weapon] | None:
    if me.engaged:
        mine = me.engaged  # (read once, not once per foe: every turn in a crowd, issue 29)
        engaged = [f for f in foes if f.id in mine]
        choice = _nearest(enc, me, engaged, square, "any")
        if choice is not None:
            return choice
    return (_nearest(enc, me, foes, square, "melee")
            or _nearest(enc, me, foes, square, "ranged"))


def _every_foe_a_target(enc: Encounter) -> bool:
    """`targets_of` is `foes_of` and nobody is laid low (no conditions or nonlethal damage,
    not the surprise round): `nearest_target` chooses among every foe by distance alone."""
    return enc.state.phase != "surprise" and not enc.fact(
        "anyone affected", _anyone_affected, CONDITIONS | NONLETHAL)


def _engaged_foes(enc: Encounter, me: Combatant) -> list[Combatant]:
    """`[f for f in foes_of(enc, me) if f.id in me.engaged]`, from `me.engaged` (a few)
    rather than from every foe (a crowd's turn, issue 29)."""
    return [f for f in enc.in_file_order(me.engaged) if f.side != me.side and _up(f)]


def _nearest_foe(enc: Encounter, me: Combatant) -> tuple[Combatant, Weapon] | None:
    """`nearest_target(enc, me, foes_of(enc, me), me.position)` when `_every_foe_a_target`:
    the engaged from `me.engaged`, those in reach from the squares around `me`, the list of
    every foe only for a shot."""
    square = me.position
    if me.engaged:
        choice = _nearest(enc, me, _engaged_foes(enc, me), square, "any")
        if choice is not None:
            return choice
    if _reach_on_grid(enc, me):
        choice = _in_reach_on_grid(enc, me)
    else:
        choice = _nearest(enc, me, foes_of(enc, me), square, "melee")
    if choice is not None:
        return choice
    if _farthest(me, "ranged") < 0:
        return None
    return _nearest(enc, me, foes_of(enc, me), square, "ranged")


def _reach_on_grid(enc: Encounter, me: Combatant) -> bool:
    """Whether `_in_reach_on_grid` may answer for `me`: it stands on the grid, everyone up
    too, and there are fewer squares within its reach than foes."""
    far, square = _farthest(me, "melee"), me.position
    if square is None or (2 * far + 1) ** 2 > len(
            enc.fact("foes by side", _foes_by_side, REMOVED | STATUS, _patch_foes)[me.side]):
        return False
    return not enc.fact("the up by square", _up_by_square, _PLACED, _patch_squares)[1]


def _in_reach_on_grid(enc: Encounter, me: Combatant) -> tuple[Combatant, Weapon] | None:
    """`_nearest(enc, me, foes_of(enc, me), me.position, "melee")` read off the squares
    within reach of `me`, nearest first (a weapon reaches all at one distance or none; file
    order among them), when `_reach_on_grid`."""
    by_square = enc.fact("the up by square", _up_by_square, _PLACED, _patch_squares)[0]
    people, square = enc.combatants, me.position
    assert square is not None
    far = _farthest(me, "melee")
    for d in range(1, far + 1):
        w = next((w for w in me.weapons if w.kind == "melee" and weapon_threatens(w, d)), None)
        if w is None:
            continue
        found = [i for sq in ring(square, d) for i in by_square.get(sq, ())
                 if people[i].side != me.side]
        if found:
            return people[min(found)], w
    return None


_PLACED = REMOVED | STATUS | frozenset({"position"})
Squares = tuple[dict[Square, tuple[int, ...]], int]  # the up's places by square; how many
# up have no square


def _up_by_square(combatants: tuple[Combatant, ...]) -> Squares:
    """The places in the file of those `foes_of` may give (`_up`), by square; and how many
    of them have none (gridless, or a newcomer not placed yet)."""
    by_square: dict[Square, tuple[int, ...]] = {}
    unplaced = 0
    for i, c in enumerate(combatants):
        if _up(c):
            if c.position is None:
                unplaced += 1
            else:
                by_square[c.position] = (*by_square.get(c.position, ()), i)
    return by_square, unplaced


def _patch_squares(fact: Squares, enc: Encounter, i: int, before: Combatant,
                   after: Combatant) -> Squares:
    """`_up_by_square` after one combatant's change: its place leaves its old square and
    enters its new one (a fall or a move, not everyone read again)."""
    was, now = _up(before), _up(after)
    if was == now and (not now or before.position == after.position):
        return fact
    by_square, unplaced = dict(fact[0]), fact[1]
    if was:
        if before.position is None:
            unplaced -= 1
        else:
            left = tuple([j for j in by_square[before.position] if j != i])
            if left:
                by_square[before.position] = left
            else:
                del by_square[before.position]
    if now:
        if after.position is None:
            unplaced += 1
        else:
            by_square[after.position] = tuple(sorted((*by_square.get(after.position, ()), i)))
    return by_square, unplaced


def _nearest(enc: Encounter, me: Combatant, pool: Sequence[Combatant], square: Square | None,
             kind: str) -> tuple[Combatant, Weapon] | None:
    """The nearest of `pool` that `me` can attack from `square` with a weapon of `kind`
    ("melee", "ranged" or "any": melee first, then a shot); the first in `pool` on a tie."""
    best: tuple[Combatant, Weapon] | None = None
    best_gap = 0
    far = _farthest(me, kind)
    if far < 0:  # no weapon of `kind`: none of `pool` could be attacked (not asked of each)
        return None
    x, y = square if square is not None else (0, 0)
    for f in pool:
        at = f.position  # no weapon of `kind` strikes farther (R-GEO-2's distance, inlined:
        if square is not None and at is not None and (  # every foe at every turn, issue 29)
                x - at[0] > far or at[0] - x > far or y - at[1] > far or at[1] - y > far):
            continue
        if kind == "melee":
            w = melee_weapon_for(me, f, square)
        elif kind == "ranged":
            w = ranged_weapon_for(enc, me, f, square)
        else:
            w = weapon_for(enc, me, f, square)
        if w is not None:
            gap = _gap(square, f.position)
            if best is None or gap < best_gap:
                best, best_gap = (f, w), gap
    return best


def _farthest(me: Combatant, kind: str) -> int:
    """The greatest distance a weapon of `kind` ("melee", "ranged", "any") may strike at:
    `melee_weapon_for` and `ranged_weapon_for` find none for a target farther away; -1
    when `me` holds no melee weapon (for "melee"), no ranged weapon with ammunition left
    (for "ranged"), or neither (for "any"): they find none for any target."""
    far = -1  # max_reach (melee) and the longest range with ammunition left, in one pass
    for w in me.weapons:
        if w.kind == "melee":
            if kind != "ranged" and w.reach > far:
                far = w.reach
        elif kind != "melee" and w.ammo != 0 and (w.range or 0) > far:
            far = w.range or 0
    return far


def walk_toward(res: Resolution, me: Combatant, goal: Square, budget: int,
                stop_at: set[str] | None) -> tuple[Square, ...] | None:
    """R-ORD-1 by R-GEO-8: at most `budget` squares of movement, to the cheapest square from
    which a weapon reaches or may shoot one of `stop_at` (None: any foe), else along the
    cheapest path toward `goal` as far as it goes (through allies and the fallen, R-GEO-7;
    never ending on a taken square). None: no move."""
    foes = [f for f in targets_of(res.enc, me) if stop_at is None or f.id in stop_at]
    # where an attack may come from: around the foes for melee; anywhere when it may shoot one
    shoots = any(ranged_weapon_for(res.enc, me, f, None) is not None for f in foes)
    near = None if shoots else around([f.position for f in foes if f.position is not None],
                                      max_reach(me))
    return walk(res, me, budget,
                lambda sq: any(weapon_for(res.enc, me, f, sq) is not None for f in foes), goal,
                any(_may_reach(res.enc, me, f, budget) for f in foes), near)


def _may_reach(enc: Encounter, me: Combatant, foe: Combatant, budget: int) -> bool:
    """Whether some square within `budget` squares could let `me` attack `foe` (its reach or
    range against the distance; a shot it may not take, into melee, rules out its range):
    the cheap test that spares the search of every square in reach (R-SIM speed)."""
    if me.position is None or foe.position is None:
        return True
    gap = distance(me.position, foe.position) - budget
    return gap <= max_reach(me) or (ranged_weapon_for(enc, me, foe, None) is not None and any(
        w.kind == "ranged" and w.ammo != 0 and gap <= (w.range or 0) for w in me.weapons))


# -- acting ------------------------------------------------------------------------------


def _try(res: Resolution, action: Action) -> bool:
    """Send one action through the engine; a refusal leaves no trace (False). Its ids
    come from the encounter, so the usage check of ids is not needed."""
    snap = res.snapshot()
    try:
        res.apply(action, ids_known=True)
    except PbwError:
        res.restore(snap)
        return False
    return True


def still_mine(res: Resolution, who: str) -> bool:
    """`who` may still act now: its turn, or its shared group's turn (R-INI-3)."""
    enc = res.enc
    st = enc.state
    if st.phase == "ended" or (st.turn != who and not enc.takes_turn_now(who)):
        return False
    return enc.get(who).can_act


def _attack(res: Resolution, who: str, target: Combatant, weapon: Weapon) -> bool:
    return _try(res, Attack(who, target.id, weapon.id))


def _move_budget(res: Resolution, me: Combatant) -> int:
    """Squares one move action covers (0: no move action left this turn)."""
    sp = res.enc.spent_of(me.id)
    if sp.extended or sp.full_round or sp.step or sp.moves >= 2 or (sp.standard and sp.moves):
        return 0
    if single_action_turn(res, me) and (sp.standard or sp.moves):
        return 0
    return me.squares


def attack_nearest(res: Resolution, who: str) -> None:
    """R-ORD-1 "attack-nearest"."""
    me = res.enc.get(who)
    if _every_foe_a_target(res.enc):  # what `nearest_target` chooses, without a list of
        choice = _nearest_foe(res.enc, me)  # every foe (a crowd's turn, issue 29)
        if choice is not None:
            _attack(res, who, *choice)
            return
    foes = targets_of(res.enc, me)
    if not foes:
        return
    choice = nearest_target(res.enc, me, foes, me.position)
    if choice is not None:
        _attack(res, who, *choice)
        return
    if me.position is None:
        return  # gridless: every melee attack reaches; nothing to close in on
    for _ in range(2):  # one move action, attack if it can; else a second move action
        me = res.enc.get(who)
        foes = targets_of(res.enc, me)
        if not foes or me.position is None:
            return
        nearest = min(foes, key=lambda f: _gap(me.position, f.position))
        assert nearest.position is not None
        steps = walk_toward(res, me, nearest.position, _move_budget(res, me), None)
        if steps is None or not _try(res, Move(who, steps)) or not still_mine(res, who):
            return
        me = res.enc.get(who)
        choice = nearest_target(res.enc, me, targets_of(res.enc, me), me.position)
        if choice is not None:
            _attack(res, who, *choice)
            return


def attack_named(res: Resolution, who: str, target: str) -> None:
    """R-CND-7's attack bands: attack `target` (ally or enemy) if a weapon reaches, else
    close in by the path-finder (R-GEO-8, a move action) and try again."""
    for _ in range(2):
        me, t = res.enc.get(who), res.enc.find(target)
        if t is None or not standing(t) or not still_mine(res, who):
            return
        weapon = weapon_for(res.enc, me, t, me.position)
        if weapon is not None:
            _attack(res, who, t, weapon)
            return
        if me.position is None or t.position is None:
            return
        aims = partial(_reaches_from, res.enc, me, t)
        steps = walk(res, me, _move_budget(res, me), aims, t.position)
        if steps is None or not _try(res, Move(who, steps)):
            return


def _reaches_from(enc: Encounter, me: Combatant, t: Combatant, square: Square) -> bool:
    return weapon_for(enc, me, t, square) is not None


def attack_weakest(res: Resolution, who: str) -> None:
    """R-ORD-1 "attack-weakest": among the enemies it can attack this turn (after at most one
    move action), the lowest hp, then the nearest, then file order. An engaged combatant
    chooses among its engaged enemies; when it can attack none of them, among all (as
    attack-nearest's "otherwise"). Moving first is an option only while the turn still
    has a move action and the standard action after it (not in a one-action turn)."""
    me = res.enc.get(who)
    foes = targets_of(res.enc, me)
    if not foes:
        return
    rank = _rank(res.enc)
    engaged = [f for f in foes if f.id in me.engaged] if me.engaged else []
    options = _weakest_options(res, me, engaged, rank, 0) if engaged else []
    if not options:
        budget = move_then_attack_budget(res, me) if me.position is not None else 0
        options = _weakest_options(res, me, foes, rank, budget)
    if not options:
        attack_nearest(res, who)
        return
    if any(o[1].laid_low for o in options):  # R-CND-5: the laid low only when no other
        options = [o for o in options if not o[1].laid_low] or options
    _, target, dest = min(options, key=lambda o: o[0])
    if dest is not None and (not _try(res, Move(who, dest)) or not still_mine(res, who)):
        return
    me = res.enc.get(who)
    target = res.enc.get(target.id)
    weapon = weapon_for(res.enc, me, target, me.position)
    if weapon is not None and target.status in ("ok", "disabled"):
        _attack(res, who, target, weapon)


def _weakest_options(res: Resolution, me: Combatant, pool: Sequence[Combatant],
                     rank: dict[str, int], budget: int
                     ) -> list[tuple[tuple[int, int, int], Combatant, tuple[Square, ...] | None]]:
    """attack-weakest's choices in `pool`: (key, enemy, the squares to move first or None)."""
    options: list[tuple[tuple[int, int, int], Combatant, tuple[Square, ...] | None]] = []
    for f in pool:
        key = (f.hp, _gap(me.position, f.position), rank[f.id])
        if weapon_for(res.enc, me, f, me.position) is not None:
            options.append((key, f, None))
        elif budget and f.position is not None:
            steps = walk_toward(res, me, f.position, budget, {f.id})
            if steps is not None and weapon_for(res.enc, me, f, steps[-1]) is not None:
                options.append((key, f, steps))
    return options


def guard(res: Resolution, who: str, ward: str) -> None:
    """R-ORD-1 "guard:ID": intercept ID when R-INT-1 allows, else attack-nearest."""
    w = res.enc.find(ward)
    if w is None or w.removed or not _try(res, Intercept(who, ward)):
        attack_nearest(res, who)


def flee(res: Resolution, who: str) -> None:
    """R-ORD-2: disengage where R-DIS requires (inside `move`) and double-move to the square
    farthest from the nearest enemy (ties: lowest x, then y); leave the fight when ending the
    turn beyond every enemy's speed (gridless: moving away, engaged with nobody)."""
    me = res.enc.get(who)
    if me.position is None:
        _try(res, Move(who, away=True))
        me = res.enc.get(who)
        if still_mine(res, who) and not me.engaged and not me.missile_engaged:
            _try(res, Remove(who))
        return
    foes = foes_of(res.enc, me)
    if not foes:
        return
    steps = flight_path(res, me, foes, _flee_budget(res, me))
    if steps is not None:
        _try(res, Move(who, steps))
    me = res.enc.get(who)
    if not still_mine(res, who) or me.position is None:
        return
    foes = foes_of(res.enc, me)
    if all(f.position is not None and distance(me.position, f.position) > f.squares
           for f in foes):
        _try(res, Remove(who))


def _flee_budget(res: Resolution, me: Combatant) -> int:
    """A double move when the whole turn is free, else what one move action allows."""
    one = _move_budget(res, me)
    sp = res.enc.spent_of(me.id)
    whole = not (sp.standard or sp.moves or single_action_turn(res, me))
    return 2 * one if whole else one


def flight_path(res: Resolution, me: Combatant, foes: Sequence[Combatant], budget: int
                ) -> tuple[Square, ...] | None:
    """R-ORD-2 by R-GEO-8: the squares to the square within `budget` squares of movement
    (cheapest legal paths, R-GEO-7) that is farthest from its nearest foe; ties to the lowest
    x, then y. Staying is one of the squares, on the same terms (None: it stays)."""
    assert me.position is not None
    spots = [f.position for f in foes if f.position is not None]
    if not spots or budget <= 0:
        return None

    def score(sq: Square) -> int:
        return min(distance(sq, p) for p in spots)

    board = board_for(res, me.id)
    x0, y0 = me.position
    squares = [(x0 + dx, y0 + dy) for dx in range(-budget, budget + 1)
               for dy in range(-budget, budget + 1)]
    squares.sort(key=lambda sq: (-score(sq), sq[0], sq[1]))
    for sq in squares:  # best first: the first one a legal path reaches within budget
        if sq == me.position:
            return None
        if sq in board.taken or sq in board.blocked:
            continue
        path = find_path(me.position, sq, budget=budget, blocked=board.blocked,
                         threatened=board.threatened)
        if path is not None:
            return path.squares
    return None


def follow_orders(res: Resolution, who: str, orders: str | tuple[str, ...],
                  narrate: bool = True) -> None:
    """Play `who`'s turn by `orders` (R-ORD-1, or R-ORD-4's rules) or flee (R-ORD-2, which
    comes first). The turn is not ended here: the caller ends it if it is still `who`'s.
    `narrate=False` (the simulator, which prints no post) leaves out the line saying that
    orders decided."""
    me = res.enc.get(who)
    if not still_mine(res, who):
        return
    plan = confused_plan(me) if me.confusion else None
    if plan is not None:  # R-CND-7: it does what its d100 named (normal: its own orders)
        if plan[0] == "flee":
            flee(res, who)
        elif plan[0] == "attack":
            attack_named(res, who, plan[1])
        return
    if is_fleeing(me) or flees(me.conditions):  # R-CND-5: frightened and panicked flee
        if narrate:
            res.emit(ev.OrdersFollowed(who, me.display, "flee"))
        flee(res, who)
        return
    if isinstance(orders, str) and is_keyword(orders):
        play_keyword(res, who, orders, narrate)
        return
    # R-ORD-4's rules: rules.conditional, which builds on this module, plays them
    RULE_PLAYER[0](res, who, orders, narrate)


def play_keyword(res: Resolution, who: str, orders: str, narrate: bool) -> bool:
    """One standing order keyword (R-ORD-1/2); True when it was legal: it found something to
    do (R-ORD-4 passes over a keyword that finds nothing: no enemy to attack or close in on,
    no ward to guard)."""
    if orders == "skip":
        return True
    me = res.enc.get(who)
    if orders == "flee":
        if narrate:
            res.emit(ev.OrdersFollowed(who, me.display, "flee"))
        flee(res, who)
        return bool(foes_of(res.enc, me))
    if narrate:
        ward = res.enc.find(orders[6:]) if orders.startswith("guard:") else None
        res.emit(ev.OrdersFollowed(who, me.display, orders.split(":")[0],
                                   ward.display if ward else ""))
    told = len(res.events)
    if orders.startswith("guard:"):
        guard(res, who, orders[6:])
    elif orders == "attack-weakest":
        attack_weakest(res, who)
    else:
        attack_nearest(res, who)
    acted = len(res.events) > told
    if narrate and not acted and not orders.startswith("guard:"):
        _say_idle(res, who)
    return acted


def _say_idle(res: Resolution, who: str) -> None:
    """Orders that attacked and moved nowhere: the post says why (issue 25)."""
    me = res.enc.get(who)
    foes = targets_of(res.enc, me)
    near = min(foes, key=lambda f: _gap(me.position, f.position)) \
        if foes and me.position is not None else (foes[0] if foes else None)
    res.emit(ev.OrdersIdle(who, me.display, near.display if near else ""))


def can_attack_this_turn(res: Resolution, me: Combatant, foe: Combatant) -> bool:
    """R-ORD-1/4: `me` may attack `foe` from where it stands, or after one move action when
    the standard action is still free after it."""
    if weapon_for(res.enc, me, foe, me.position) is not None:
        return True
    budget = move_then_attack_budget(res, me) if me.position is not None else 0
    if not budget or foe.position is None:
        return False
    steps = walk_toward(res, me, foe.position, budget, {foe.id})
    return steps is not None and weapon_for(res.enc, me, foe, steps[-1]) is not None


def group_by_orders(res: Resolution, who: str, simulated: bool = False,
                    narrate: bool = True, absent: bool = False) -> bool:
    """Every member of `who`'s turn (R-INI-3: each member of a shared group turn that still
    takes its turn, in file order; otherwise `who` alone) acts by its orders. True when the
    turn is still on, for the caller to end; False when it ended meanwhile (the fight ended,
    or the last member able to act fled and the next turn started). `absent` (R-PAC-2): they
    act for absent players, and one without orders is said to pass."""
    group = res.enc.members_of(who)
    start = res.enc.state.round
    for m in group:
        st = res.enc.state
        if st.phase == "ended" or st.round != start or st.turn not in group:
            return False
        if res.enc.takes_turn_now(m):
            me = res.enc.get(m)
            orders = orders_of(res.enc, me, simulated)
            if absent and orders == "skip" and not is_fleeing(me):
                res.emit(ev.AbsentPassed(m, me.display))
            follow_orders(res, m, orders, narrate)
    st = res.enc.state
    return st.phase != "ended" and st.round == start and st.turn in group


def idle_next(res: Resolution) -> None:
    """`next --if-idle D`, once due (R-ORD-3): with `rules.idle_action = "orders"` the idle
    combatant (every member of a shared group turn, R-INI-3) first acts by its orders; then
    the turn ends."""
    from pbwcombat.rules.turns import next_turn

    res.require_combat()
    who = res.enc.state.turn
    if who and res.enc.rules.idle_action == "orders" and not group_by_orders(res, who):
        return  # it left the fight (its removal started the next turn)
    next_turn(res)
