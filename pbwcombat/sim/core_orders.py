"""The simulator core's standing orders (issue 29): `attack-nearest` (R-ORD-1) on
`core_state`'s fighters: the choice of target and weapon, the walk by the path-finder
(R-GEO-8, the very `rules.approach.walk_on` and `rules.pathfind` the engine asks), the `move`
square by square with its AoOs and disengaging (R-AOO, R-DIS), and the `attack` command.

The choices are `rules.orders`' and the acts `rules.movement` / `rules.attack`'s, written
again for speed for the fights `core_state.ineligible` admits; an act the engine would refuse
is refused here before anything changes (the engine's `_try` leaves no trace either).
`tests/test_sim_core.py` holds them to the engine fight by fight.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from pbwcombat.geometry import distance, path_cost, path_through, ring
from pbwcombat.rules.approach import around, walk_on
from pbwcombat.rules.board import Board
from pbwcombat.sim.core_hits import (
    attack_of_opportunity,
    attack_roll,
    attempt,
    can_make_aoo,
    change_hp,
    dropped,
    engage,
    provokers,
)
from pbwcombat.sim.core_state import CoreWeapon, Fight, Fighter, Unsupported

_RANK = attrgetter("rank")

Square = tuple[int, int]


def follow_orders(fight: Fight, me: Fighter) -> None:
    """`rules.orders.follow_orders` for the keywords `attack-nearest`, `attack-weakest` and
    `skip` (R-ORD-1); fleeing (R-ORD-2) is the engine's."""
    if fight.ended or fight.turn != me.id or not me.up:
        return
    if me.flee_below > 0 and me.hp / me.full_hp <= me.flee_below:
        raise Unsupported("flee")
    if me.orders == "attack-weakest":
        attack_weakest(fight, me)
    elif me.orders != "skip":
        attack_nearest(fight, me)


def foes_of(fight: Fight, me: Fighter) -> Sequence[Fighter]:
    """`rules.orders.foes_of` (R-ORD-1): enemies not dying, stable, dead (file order). The
    fight's own list, kept as they fall (`Fight.set_status`): read it, don't keep it across
    a blow."""
    return fight.foes[me.side]


def may_shoot_at(fight: Fight, t: Fighter) -> bool:
    """R-ATK-6 under the engagement rules: not into melee unless the penalty applies."""
    return not fight.rules.forbid or not t.engaged


def melee_weapon_for(me: Fighter, t: Fighter, square: Square) -> CoreWeapon | None:
    return me.melee_at.get(distance(square, t.pos))


def ranged_weapon_for(fight: Fight, me: Fighter, t: Fighter, square: Square | None
                      ) -> CoreWeapon | None:
    if not me.shooter or not may_shoot_at(fight, t):
        return None
    d = None if square is None else distance(square, t.pos)
    for w in me.weapons:
        if not w.melee and w.ammo != 0 and (d is None or d <= (w.range or 0)):
            return w
    return None


def weapon_for(fight: Fight, me: Fighter, t: Fighter, square: Square) -> CoreWeapon | None:
    return melee_weapon_for(me, t, square) or ranged_weapon_for(fight, me, t, square)


def _farthest(me: Fighter, kind: str) -> int:
    far = 0
    for w in me.weapons:
        if w.melee:
            if kind != "ranged" and w.reach > far:
                far = w.reach
        elif kind != "melee" and w.ammo != 0 and (w.range or 0) > far:
            far = w.range or 0
    return far


def _nearest(fight: Fight, me: Fighter, pool: Sequence[Fighter], square: Square, kind: str
             ) -> tuple[Fighter, CoreWeapon] | None:
    """`rules.orders._nearest`: the nearest of `pool` a weapon of `kind` strikes from
    `square` (the first on a tie)."""
    best: tuple[Fighter, CoreWeapon] | None = None
    best_gap = 0
    far = _farthest(me, kind)
    sx, sy = square
    melee_at = me.melee_at
    for f in pool:
        dx, dy = f.pos[0] - sx, f.pos[1] - sy
        dx, dy = -dx if dx < 0 else dx, -dy if dy < 0 else dy
        gap = dx if dx > dy else dy
        if gap > far or (best is not None and gap >= best_gap):
            continue  # beyond every weapon of `kind`, or no nearer than the one found
        if kind == "melee":
            w = melee_at.get(gap)
        elif kind == "ranged":
            w = ranged_weapon_for(fight, me, f, square)
        else:
            w = melee_at.get(gap) or ranged_weapon_for(fight, me, f, square)
        if w is not None:
            best, best_gap = (f, w), gap
    return best


def _first_foe_at(fight: Fight, me: Fighter, square: Square, d: int) -> Fighter | None:
    """The first in file order of `me`'s standing foes at distance `d` from `square`."""
    found: Fighter | None = None
    side = me.side
    for sq in ring(square, d):
        for f in fight.standing_at(sq):
            if f.side != side and (found is None or f.rank < found.rank):
                found = f
    return found


def _few_squares(d: int, foes: Sequence[Fighter]) -> bool:
    """Whether the squares within `d` are fewer than the foes to scan (look around, then)."""
    return (2 * d + 1) ** 2 <= len(foes)


def _nearest_melee(fight: Fight, me: Fighter, square: Square
                   ) -> tuple[Fighter, CoreWeapon] | None:
    """`_nearest(fight, me, foes_of(fight, me), square, "melee")`, looked up around `square`
    (for a crowd: fewer squares within reach than foes): rings by distance, the first foe
    in file order on the nearest ring a melee weapon strikes at."""
    for d in range(1, me.reach + 1):
        w = me.melee_at.get(d)
        if w is not None:
            f = _first_foe_at(fight, me, square, d)
            if f is not None:
                return f, w
    return None


def closest_foe(fight: Fight, me: Fighter) -> Fighter:
    """`min(foes_of(fight, me), key=distance from me)`, the first in file order on a tie;
    in a crowd looked up ring by ring around `me` while that is fewer squares than foes."""
    foes = foes_of(fight, me)
    if _few_squares(1, foes):
        d = 0
        while _few_squares(d, foes):
            f = _first_foe_at(fight, me, me.pos, d)
            if f is not None:
                return f
            d += 1
    best, best_d = foes[0], distance(me.pos, foes[0].pos)  # `min` by distance, the first
    for f in foes:  # on a tie, without a key call per foe
        d = distance(me.pos, f.pos)
        if d < best_d:
            best, best_d = f, d
    return best


def engaged_foes(fight: Fight, me: Fighter) -> list[Fighter]:
    """`[f for f in foes_of(fight, me) if f.id in me.engaged]`, from the few engaged."""
    by_id, side = fight.by_id, me.side
    found = []
    for i in me.engaged:  # a loop, not a generator in a list: asked before most blows
        f = by_id.get(i)
        if f is not None and f.up and f.side != side:
            found.append(f)
    if len(found) > 1:
        found = sorted(dict.fromkeys(found), key=_RANK)
    return found


def nearest_target(fight: Fight, me: Fighter, square: Square
                   ) -> tuple[Fighter, CoreWeapon] | None:
    """`rules.orders.nearest_target` (nobody is laid low without conditions): among the
    engaged foes first, then by melee, then by a shot."""
    if me.engaged:
        choice = _nearest(fight, me, engaged_foes(fight, me), square, "any")
        if choice is not None:
            return choice
    foes = foes_of(fight, me)
    return ((_nearest_melee(fight, me, square) if _few_squares(me.reach, foes)
             else _nearest(fight, me, foes, square, "melee"))
            or (_nearest(fight, me, foes, square, "ranged") if me.shooter else None))


def _move_budget(fight: Fight, me: Fighter) -> int:
    """`rules.orders._move_budget`."""
    sp = fight.spent_of(me)
    if sp.extended or sp.full_round or sp.step or sp.moves >= 2 or (sp.standard and sp.moves):
        return 0
    if me.status == "disabled" and (sp.standard or sp.moves):  # R-HP-2: one action
        return 0
    return me.squares


def attack_nearest(fight: Fight, me: Fighter) -> None:
    """`rules.orders.attack_nearest` (R-ORD-1)."""
    if not foes_of(fight, me):
        return
    choice = nearest_target(fight, me, me.pos)
    if choice is not None:
        attack(fight, me, *choice)
        return
    for _ in range(2):  # one move action, attack if it can; else a second move action
        if not foes_of(fight, me):
            return
        nearest = closest_foe(fight, me)
        steps = walk_toward(fight, me, nearest.pos, _move_budget(fight, me), None)
        if steps is None or not move(fight, me, list(steps)) or not still_mine(fight, me):
            return
        choice = nearest_target(fight, me, me.pos)
        if choice is not None:
            attack(fight, me, *choice)
            return


def attack_weakest(fight: Fight, me: Fighter) -> None:
    """`rules.orders.attack_weakest` (R-ORD-1): among the enemies it can attack this turn
    (after at most one move action), the lowest hp, then the nearest, then file order;
    engaged enemies first; none: attack-nearest."""
    foes = foes_of(fight, me)
    if not foes:
        return
    engaged = engaged_foes(fight, me) if me.engaged else []
    options = _weakest_options(fight, me, engaged, 0) if engaged else []
    if not options:
        options = _weakest_options(fight, me, foes, _move_then_attack_budget(fight, me))
    if not options:
        attack_nearest(fight, me)
        return
    _, target, dest = min(options, key=lambda o: o[0])
    if dest is not None and (not move(fight, me, list(dest)) or not still_mine(fight, me)):
        return
    weapon = weapon_for(fight, me, target, me.pos)
    if weapon is not None and target.up:
        attack(fight, me, target, weapon)


def _weakest_options(fight: Fight, me: Fighter, pool: Sequence[Fighter], budget: int
                     ) -> list[tuple[tuple[int, int, int], Fighter, tuple[Square, ...] | None]]:
    """`rules.orders._weakest_options`: (key, enemy, the squares to move first or None).
    An enemy farther than `budget` and its longest weapon is no option (a walk ends within
    `budget` squares), so no walk toward it is sought: a crowd's far foes cost nothing."""
    options: list[tuple[tuple[int, int, int], Fighter, tuple[Square, ...] | None]] = []
    far = budget + _farthest(me, "any")
    sight = Sight()  # nothing changes while it weighs them: one board for every walk
    for f in pool:
        d = distance(me.pos, f.pos)
        if d > far:
            continue
        key = (f.hp, d, f.rank)
        if weapon_for(fight, me, f, me.pos) is not None:
            options.append((key, f, None))
        elif budget:
            steps = walk_toward(fight, me, f.pos, budget, f.id, sight)
            if steps is not None and weapon_for(fight, me, f, steps[-1]) is not None:
                options.append((key, f, steps))
    return options


def _move_then_attack_budget(fight: Fight, me: Fighter) -> int:
    """`rules.approach.move_then_attack_budget` (R-TRN-2; R-HP-2's one action)."""
    sp = fight.spent_of(me)
    if sp.standard or sp.moves or sp.extended or sp.full_round or sp.step \
            or me.status == "disabled":
        return 0
    return me.squares


def still_mine(fight: Fight, me: Fighter) -> bool:
    return not fight.ended and fight.turn == me.id and me.up


def board_for(fight: Fight, me: Fighter) -> Board:
    """`rules.board.board_for` (R-GEO-7/8): taken by anyone not dead; blocked by the
    standing foes (R-GEO-7: the dying, stable and dead may be passed); threatened by the
    foes that could make an AoO on `me` (`core_hits.can_make_aoo`, inlined: foes stand)."""
    taken = frozenset([c.pos for c in fight.people if c.status != "dead" and c is not me])
    foes = foes_of(fight, me)
    blocked = frozenset([c.pos for c in foes])
    escaped = fight.spent_of(me).escaped
    mid, now = me.id, fight.round
    threatened = frozenset().union(*[
        c.threatened_squares() for c in foes
        if c.hp > 0 and not c.flat_footed and c.aoo_round != now and c.id not in escaped
        and mid not in c.engaged])
    return Board(blocked, taken, threatened)


WALKS_KEPT = 50_000  # answers remembered per encounter, then forgotten all at once
# after this many asks, an encounter whose walks come up again less than one time in eight
# (a crowd: every board differs) stops remembering: the key costs a pass over everyone
WALKS_TRIAL = 512


class Sight:
    """What the walks `me` weighs in one decision share, worked out on first need (the
    fight does not change while it weighs them): the board and the others' part of the
    walk key."""

    __slots__ = ("board", "others")

    def __init__(self) -> None:
        self.board: Board | None = None
        self.others: tuple[object, ...] | None = None


def walk_toward(fight: Fight, me: Fighter, goal: Square, budget: int, stop_at: str | None,
                sight: Sight | None = None) -> tuple[Square, ...] | None:
    """`rules.orders.walk_toward` (R-ORD-1 by R-GEO-8; `stop_at`: the one foe it closes in
    on, None: any), remembered:
    the answer is a pure function of `_walk_key` (the squares, who stands, who may make an
    AoO on the mover or be shot at, its ammunition), and the runs of one `odds` ask the
    same few again and again. `sight`: shared by walks weighed together."""
    if budget <= 0:
        return None
    if sight is None:
        sight = Sight()
    use = fight.walk_use
    if use[0] >= WALKS_TRIAL and use[1] * 8 < use[0]:
        return _walk_toward(fight, me, goal, budget, stop_at, sight)  # memory not paying
    key = (stop_at, _walk_key(fight, me, goal, budget, sight))
    walks = fight.walks
    use[0] += 1
    known = walks.get(key, _UNKNOWN)
    if known is _UNKNOWN:
        if len(walks) >= WALKS_KEPT:
            walks.clear()
        known = walks[key] = _walk_toward(fight, me, goal, budget, stop_at, sight)
    else:
        use[1] += 1
    return known  # type: ignore[no-any-return]


_UNKNOWN = object()


def _walk_key(fight: Fight, me: Fighter, goal: Square, budget: int, sight: Sight
              ) -> tuple[object, ...]:
    """What `_walk_toward` reads: the mover, its square, goal, budget and which of its
    weapons still shoot; per other fighter its square, whether it stands (taken, blocks,
    is a foe), whether it would make an AoO on the mover (`board_for`'s threat) and whether
    it may be shot at (R-ATK-6)."""
    if sight.others is None:
        escaped = fight.spent_of(me).escaped
        forbid = fight.rules.forbid
        side, mid = me.side, me.id
        sight.others = tuple([  # a list first: a generator resumes once per fighter
            (c.pos, c.status == "dead", c.up,
             c.side != side and c.id not in escaped and mid not in c.engaged
             and can_make_aoo(fight, c), forbid and bool(c.engaged))
            for c in fight.people if c is not me])
    others = sight.others
    ammo = tuple(w.ammo != 0 for w in me.weapons) if me.shooter else ()
    return (me.id, me.pos, goal, budget, ammo, others)


def _walk_toward(fight: Fight, me: Fighter, goal: Square, budget: int, stop_at: str | None,
                 sight: Sight) -> tuple[Square, ...] | None:
    foes = [f for f in foes_of(fight, me) if stop_at is None or f.id == stop_at]
    shoots = any(ranged_weapon_for(fight, me, f, None) is not None for f in foes)
    # the squares from which a melee weapon may strike, around the foes it can get to: one
    # farther than the budget and its reach is never among the squares `walk_on` tries
    # (their least cost is over the budget), so leaving them out changes no answer
    x, y = me.pos
    reach, out = me.reach, budget + me.reach
    near = None if shoots else around(
        [f.pos for f in foes if -out <= f.pos[0] - x <= out and -out <= f.pos[1] - y <= out],
        reach)

    def aims(sq: Square) -> bool:
        return any(weapon_for(fight, me, f, sq) is not None for f in foes)

    search = any(_may_reach(fight, me, f, budget) for f in foes)
    if sight.board is None:
        sight.board = board_for(fight, me)
    return walk_on(sight.board, me.pos, budget, aims, goal, search, near)


def _may_reach(fight: Fight, me: Fighter, foe: Fighter, budget: int) -> bool:
    gap = distance(me.pos, foe.pos) - budget
    return gap <= me.reach or (ranged_weapon_for(fight, me, foe, None) is not None and any(
        not w.melee and w.ammo != 0 and gap <= (w.range or 0) for w in me.weapons))


# -- the acts ------------------------------------------------------------------------------


def _may_act(fight: Fight, me: Fighter) -> bool:
    """`rules.allowance.require_actor` (R-TRN-3/4)."""
    return not fight.ended and me.up and fight.turn == me.id


def attack(fight: Fight, me: Fighter, t: Fighter, w: CoreWeapon) -> None:
    """`rules.attack.attack` by orders (R-ATK, R-ATK-6/7/9, R-HP-2): refused (no trace) when
    the engine refuses it."""
    if not _may_act(fight, me) or t is me or t.status == "dead":
        return
    sp = fight.spent
    if sp.extended or sp.full_round or sp.standard or sp.moves >= 2:
        return  # R-TRN-3
    if me.status == "disabled" and sp.moves:
        return  # R-HP-2: one action
    d = distance(me.pos, t.pos)
    mod = 0
    if w.melee:
        if not w.threatens(d):
            return  # R-GEO-3
    else:
        if w.range is None or d > w.range or w.ammo == 0:
            return  # R-GEO-4, R-ATK-9
        if t.engaged:
            if fight.rules.forbid:
                return  # R-ATK-6
            mod = -4
    sp.standard = True
    me.streak = 0  # R-DIS-6
    if not w.melee:
        before = me.hp
        for enemy in provokers(fight, me, me.pos, engaged_exempt=False):  # R-ATK-7
            attack_of_opportunity(fight, enemy, me, me.pos)
            if dropped(me, before):
                break
        else:
            attack_roll(fight, me, t, w, mod)
            if w.ammo is not None:
                w.ammo -= 1
                if not w.ammo:  # its range may be the longest with ammunition no more
                    fight.moved.add(me)
    else:
        attack_roll(fight, me, t, w, mod)
    if me.status == "disabled" and me.hp == 0:  # R-HP-2 strain
        change_hp(fight, me, -1)


def move(fight: Fight, me: Fighter, steps: list[Square]) -> bool:
    """`rules.movement.move` along `steps` (R-TRN-2, R-GEO-7, R-DIS, R-AOO, R-ENG-1); False
    when the engine would refuse it (nothing changed)."""
    if not _may_act(fight, me):
        return False
    start = me.pos
    path = path_through(start, steps)
    if not path:
        return False
    for sq in path[:-1]:
        other = fight.body_at(sq, me)
        if other is not None and other.side != me.side and other.up:
            return False  # R-GEO-7
    if fight.body_at(path[-1], me) is not None:
        return False
    kind = _move_kind(fight, me, path_cost(start, path))
    if not kind:
        return False
    sp = fight.spent
    sp.moves = 2 if kind == "double" else min(2, sp.moves + 1)
    exempt = set(me.engaged)
    by_id = fight.by_id
    leaving = [o for o in me.engaged
               if any(not by_id[o].within_reach(sq) for sq in path)]
    if leaving and not attempt(fight, me, leaving):
        return True  # stopped: the attempt was its action (R-DIS-3)
    _walk(fight, me, path, exempt)
    _engage_at_rest(fight, me)
    return True


def _move_kind(fight: Fight, me: Fighter, cost: int) -> str:
    """`rules.allowance.move_kind` for a plain move ("" refused)."""
    sp = fight.spent
    squares = me.squares
    if sp.step or sp.extended or sp.full_round:
        return ""
    one = me.status == "disabled"  # R-HP-2
    if one and (sp.standard or sp.moves):
        return ""
    if cost <= squares and sp.moves < 2 and not (sp.standard and sp.moves):
        return "move"
    if cost <= 2 * squares and not one and sp.moves == 0 and not sp.standard:
        return "double"
    return ""


def _walk(fight: Fight, me: Fighter, path: list[Square], exempt: set[str]) -> None:
    """`rules.movement._walk`: square by square, the AoOs for each square left, each with
    its passer-by disengage (R-AOO-5)."""
    here = me.pos
    for sq in path:
        for enemy in provokers(fight, me, here, engaged_exempt=True):
            if enemy.id in exempt:
                continue
            before = me.hp
            if not attack_of_opportunity(fight, enemy, me, here):
                continue
            if dropped(me, before):
                return
            if fight.rules.aoo_engages and enemy.id in me.engaged \
                    and not attempt(fight, me, [enemy.id]):
                return
        here = sq
        fight.place(me, sq)  # the engine's `Moved` lands before each AoO: the same square


def _engage_at_rest(fight: Fight, me: Fighter) -> None:
    """`rules.engagement.engage_at_rest` (R-ENG-1)."""
    if me.hp <= 0:
        return
    near = fight.standing_near(me.pos, fight.reach)  # reach: the longest of anyone's
    for other in fight.people if near is None else near:
        if other.side == me.side or not other.up:
            continue
        if other.within_reach(me.pos) or me.within_reach(other.pos):
            engage(fight, me, other, missile=False)
