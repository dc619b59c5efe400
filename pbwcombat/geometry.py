"""The grid (R-GEO): distance, reach, threat, paths and their cost. Pure functions of positions."""

from __future__ import annotations

from collections.abc import Iterator

from pbwcombat.model import Combatant, Weapon

Square = tuple[int, int]


def distance(a: Square, b: Square) -> int:
    """R-GEO-2: Chebyshev distance (diagonals count 1) for reach, range and radius."""
    dx = abs(a[0] - b[0])
    dy = abs(a[1] - b[1])
    return dx if dx > dy else dy  # max() without its call: the simulator's hottest helper


def ring(square: Square, d: int) -> Iterator[Square]:
    """The squares at distance `d` (R-GEO-2) from `square`: look-ups ring by ring around a
    square read these instead of scanning every combatant (a crowd, issue 29)."""
    x, y = square
    if d == 0:
        yield square
        return
    for i in range(x - d, x + d + 1):
        yield i, y - d
        yield i, y + d
    for j in range(y - d + 1, y + d):
        yield x - d, j
        yield x + d, j


def weapon_threatens(w: Weapon, d: int) -> bool:
    """R-GEO-3: a melee weapon threatens distances 1..reach; a reach weapon skips adjacent
    squares unless `reach_adjacent`."""
    if w.kind != "melee" or d < 1 or d > w.reach:
        return False
    return d > 1 or w.reach == 1 or w.reach_adjacent


def melee_weapons(c: Combatant) -> list[Weapon]:
    return [w for w in c.weapons if w.kind == "melee"]


def threat_weapons(c: Combatant) -> list[Weapon]:
    """The melee weapons that threaten squares: an unarmed strike does only with the feat
    `improved-unarmed-strike` (R-ACT-9)."""
    return [w for w in c.weapons if w.kind == "melee"
            and not (w.unarmed and "improved-unarmed-strike" not in c.feats)]


def max_reach(c: Combatant) -> int:
    """The greatest melee reach (0 without a melee weapon, R-GEO-4): the guard radius
    (R-INT-1) and the reach that engagement keeps (R-ENG-1/2)."""
    return max((w.reach for w in melee_weapons(c)), default=0)


def threatens(c: Combatant, square: Square) -> bool:
    """R-AOO-1: `c` threatens `square` with some melee weapon (gridless: never, R-GEO-5)."""
    if c.position is None:
        return False
    d = distance(c.position, square)
    return any(weapon_threatens(w, d) for w in threat_weapons(c))


def within_reach(c: Combatant, square: Square | None) -> bool:
    """Within `c`'s greatest melee reach, adjacent squares included (engagement, guard radius).
    Gridless encounters: always (R-GEO-5)."""
    if c.position is None or square is None:
        return True
    reach = max_reach(c)
    return reach > 0 and distance(c.position, square) <= reach


def segment(start: Square, end: Square) -> list[Square]:
    """R-GEO-2: the squares after `start` up to `end`, diagonal steps first, then straight."""
    x, y = start
    squares: list[Square] = []
    while (x, y) != end:
        dx = (end[0] > x) - (end[0] < x)
        dy = (end[1] > y) - (end[1] < y)
        x, y = x + dx, y + dy  # both move while both differ: diagonals first
        squares.append((x, y))
    return squares


def path_through(start: Square, waypoints: list[Square]) -> list[Square]:
    path: list[Square] = []
    here = start
    for wp in waypoints:
        path += segment(here, wp)
        here = wp
    return path


def path_cost(start: Square, path: list[Square]) -> int:
    """R-GEO-2: squares of movement; diagonal steps alternate 1, 2, 1, … within one move."""
    cost = 0
    diagonals = 0
    here = start
    for sq in path:
        if sq[0] != here[0] and sq[1] != here[1]:
            diagonals += 1
            cost += 2 if diagonals % 2 == 0 else 1
        else:
            cost += 1
        here = sq
    return cost


def is_straight(start: Square, path: list[Square]) -> bool:
    """R-TRN-2: a run goes in a straight line (one direction, diagonals included)."""
    here = start
    direction: tuple[int, int] | None = None
    for sq in path:
        step = (sq[0] - here[0], sq[1] - here[1])
        if direction is None:
            direction = step
        elif step != direction:
            return False
        here = sq
    return True
