"""The path-finder (R-GEO-8): the cheapest legal path between two squares of the grid.

Pure geometry: it knows squares, not combatants. The caller (`rules.board.board_for`) says
which squares the mover may not pass through (R-GEO-7) and which are threatened by an enemy
that could make an AoO on it now; this module only searches.

The API, used by `move --find-path`, `attack --approach` and standing orders:

- `find_path(start, goal, budget=…, blocked=…, threatened=…)` → `Path | None`: the path to
  `goal` that is cheapest by R-GEO-2's cost (diagonals 1, 2, 1, … counted from the start of
  the move); among equally cheap ones the one leaving the fewest threatened squares (the
  path's squares, the start and the last excluded: the start is left by every path alike);
  then the one whose square sequence comes first as a list of (x, y) pairs. `None` when no
  path costs at most `budget`. Whether the mover may *end* on `goal` is the caller's check.
- `reachable(start, budget=…, blocked=…, threatened=…)` → `{square: (cost, threatened)}`:
  the best (cost, threatened squares left) of every square reachable within `budget` (the
  start excluded), for choosing a destination first (`attack --approach`'s square).

Why A* with a lexicographic key: the key (cost + exact empty-board estimate, threatened,
squares so far) never decreases along a path, so the first time a state is taken from the
heap its label is the best of all paths to it, and the first goal taken is the answer with
all three tie-breaks settled, while the estimate keeps the search on a narrow band (a path
across a 100×100 empty board looks at a few hundred states, not ten thousand). A state is a
square and the parity of the diagonals taken so far (the next diagonal costs 1 or 2).
Squares outside the bounding box of the start, the goal and the blocked squares, widened by
one, are never on a cheapest path (clamping such a path into the box makes it strictly
cheaper), so the search never leaves that box: an unreachable goal fails fast.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection
from typing import NamedTuple

Square = tuple[int, int]

_STEPS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
# R-GEO-2, per parity of the diagonals taken so far: (dx, dy, cost, parity after the step)
_MOVES = tuple(tuple((dx, dy, (1 + parity) if dx and dy else 1,
                      (1 - parity) if dx and dy else parity) for dx, dy in _STEPS)
               for parity in (0, 1))


class Path(NamedTuple):
    """A found path: its squares after the start (the goal last), its R-GEO-2 cost in
    squares of movement, and how many threatened squares it leaves (R-GEO-8)."""

    squares: tuple[Square, ...]
    cost: int
    threatened: int


def _estimate(x: int, y: int, goal: Square, parity: int) -> int:
    """The exact cost from (x, y) to `goal` on an empty board when `parity` diagonals (mod
    2) were already taken: never more than the real cost, and consistent."""
    dx = abs(goal[0] - x)
    dy = abs(goal[1] - y)
    if dx < dy:
        dx, dy = dy, dx
    return dx + (dy + parity) // 2


def _box(squares: Collection[Square], *more: Square) -> tuple[int, int, int, int]:
    xs = [s[0] for s in squares] + [s[0] for s in more]
    ys = [s[1] for s in squares] + [s[1] for s in more]
    return min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1


_ANSWERS: dict[tuple[Square, Square, int, frozenset[Square], frozenset[Square]],
               Path | None] = {}
_ANSWERS_KEPT = 20_000  # searches remembered (a few MB at most), then forgotten all at once


def find_path(start: Square, goal: Square, *, budget: int,
              blocked: Collection[Square] = frozenset(),
              threatened: Collection[Square] = frozenset()) -> Path | None:
    """R-GEO-8: the cheapest path from `start` to `goal` within `budget` (see the module
    docstring for the tie-breaks); `None` if there is none or `goal` is `start`.

    A pure function of its arguments, so its answers are remembered: `odds` plays thousands
    of fights from the same squares, and nine searches in ten of the example's had been made
    before (R-SIM speed: 8% of a fight). Paths are immutable; the answer is the search's."""
    key = (start, goal, budget, _frozen(blocked), _frozen(threatened))
    known = _ANSWERS.get(key, _UNKNOWN)
    if known is not _UNKNOWN:
        return known  # type: ignore[return-value]
    path = search(start, goal, budget=budget, blocked=key[3], threatened=key[4])
    if len(_ANSWERS) >= _ANSWERS_KEPT:
        _ANSWERS.clear()
    _ANSWERS[key] = path
    return path


_UNKNOWN = object()


def _frozen(squares: Collection[Square]) -> frozenset[Square]:
    return squares if type(squares) is frozenset else frozenset(squares)


def search(start: Square, goal: Square, *, budget: int,
           blocked: Collection[Square] = frozenset(),
           threatened: Collection[Square] = frozenset()) -> Path | None:
    """`find_path` without its memory: the A* search itself."""
    if goal == start or goal in blocked or budget < 1:
        return None
    x0, x1, y0, y1 = _box(blocked, start, goal)
    height = y1 - y0 + 1
    base = (x1 - x0 + 1) * height + 1
    # The squares so far as one integer, digit k the k-th square (1 + its rank in (x, y)
    # order), padded with zeros: integers compare as the sequences do, a prefix first, and
    # in C, where comparing tuples of tuples on every heap tie cost more than the search.
    longest = min(budget, base)
    weights = [base ** (longest - 1 - k) for k in range(longest)]
    # heap entries: (estimated total, threatened left, sequence code, length, cost, parity,
    # square, the state it came from)
    Entry = tuple[int, int, int, int, int, int, Square, tuple[Square, int] | None]
    heap: list[Entry] = [(_estimate(start[0], start[1], goal, 0), 0, 0, 0, 0, 0, start, None)]
    came: dict[tuple[Square, int], tuple[Square, int] | None] = {}
    best: dict[tuple[Square, int], tuple[int, int, int]] = {}
    while heap:
        _, threats, code, length, cost, parity, here, prev = heapq.heappop(heap)
        state = (here, parity)
        if state in came:
            continue
        came[state] = prev
        if here == goal:
            return Path(_walk_back(came, state), cost, threats)
        left = threats + 1 if length and here in threatened else threats
        if length >= longest:
            continue
        weight = weights[length]
        x, y = here
        for dx, dy, step_cost, next_parity in _MOVES[parity]:
            nx, ny = x + dx, y + dy
            if nx < x0 or nx > x1 or ny < y0 or ny > y1:
                continue
            nxt = (nx, ny)
            if nxt in blocked or nxt == start:
                continue
            new_cost = cost + step_cost
            total = new_cost + _estimate(nx, ny, goal, next_parity)
            nstate = (nxt, next_parity)
            if total > budget or nstate in came:
                continue
            new_code = code + ((nx - x0) * height + (ny - y0) + 1) * weight
            label = (new_cost, left, new_code)
            known = best.get(nstate)
            if known is not None and known <= label:
                continue
            best[nstate] = label
            heapq.heappush(heap, (total, left, new_code, length + 1, new_cost, next_parity,
                                  nxt, state))
    return None


def _walk_back(came: dict[tuple[Square, int], tuple[Square, int] | None],
               state: tuple[Square, int]) -> tuple[Square, ...]:
    squares: list[Square] = []
    at: tuple[Square, int] | None = state
    while at is not None:
        squares.append(at[0])
        at = came[at]
    squares.pop()  # the start
    return tuple(reversed(squares))


def reachable(start: Square, *, budget: int, blocked: Collection[Square] = frozenset(),
              threatened: Collection[Square] = frozenset()) -> dict[Square, tuple[int, int]]:
    """Every square reachable from `start` within `budget`, with the best (cost, threatened
    squares left) of the paths to it, compared in that order (R-GEO-8); the start excluded.
    The paths themselves: `find_path` to the square chosen."""
    heap: list[tuple[int, int, Square, int]] = [(0, 0, start, 0)]
    done: set[tuple[Square, int]] = set()
    found: dict[Square, tuple[int, int]] = {}
    while heap:
        cost, threats, here, parity = heapq.heappop(heap)
        state = (here, parity)
        if state in done:
            continue
        done.add(state)
        if here != start:
            label = (cost, threats)
            if here not in found or label < found[here]:
                found[here] = label
        left = threats + 1 if here != start and here in threatened else threats
        x, y = here
        for dx, dy, step_cost, next_parity in _MOVES[parity]:
            nxt = (x + dx, y + dy)
            if nxt in blocked or nxt == start:
                continue
            if cost + step_cost <= budget and (nxt, next_parity) not in done:
                heapq.heappush(heap, (cost + step_cost, left, nxt, next_parity))
    return found
