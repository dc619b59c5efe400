"""R-GEO-8: the path-finder's tie-breaks on a small board (the pure module, no encounter):
cost first, then fewer threatened squares left (the last excluded), then the square sequence
compared as a list of (x, y) pairs."""

from __future__ import annotations

from pbwcombat.rules.pathfind import find_path, reachable


def test_R_GEO_8_diagonals_cost_1_2_1_from_the_start_of_the_move():
    p = find_path((0, 0), (3, 3), budget=10)
    assert p is not None and p.squares == ((1, 1), (2, 2), (3, 3)) and p.cost == 4
    assert find_path((0, 0), (4, 0), budget=10).cost == 4
    assert find_path((0, 0), (2, 2), budget=2) is None  # 1 + 2 = 3 squares of movement


def test_R_GEO_8_cost_first_even_through_threatened_squares():
    threatened = {(1, 0), (2, 0)}
    p = find_path((0, 0), (3, 0), budget=10, threatened=threatened)
    # the only 3-square path leaves two threatened squares; every safe one costs 4
    assert p.squares == ((1, 0), (2, 0), (3, 0)) and p.cost == 3 and p.threatened == 2


def test_R_GEO_8_fewer_threatened_squares_among_equally_cheap_paths():
    plain = find_path((0, 0), (2, 1), budget=10)
    assert plain.squares == ((1, 0), (2, 1)) and plain.cost == 2  # (1,0) < (1,1)
    guarded = find_path((0, 0), (2, 1), budget=10, threatened={(1, 0)})
    assert guarded.squares == ((1, 1), (2, 1)) and guarded.cost == 2
    assert guarded.threatened == 0


def test_R_GEO_8_the_last_square_and_the_start_are_not_counted():
    p = find_path((0, 0), (2, 1), budget=10, threatened={(0, 0), (2, 1)})
    assert p.squares == ((1, 0), (2, 1)) and p.threatened == 0


def test_R_GEO_8_then_the_square_sequence_in_x_y_order():
    # every path below costs 3 squares round a blocker at (1,0)
    p = find_path((0, 0), (2, 0), budget=10, blocked={(1, 0)})
    assert p.squares == ((0, -1), (1, -1), (2, 0)) and p.cost == 3
    q = find_path((0, 0), (2, 0), budget=10, blocked={(1, 0), (0, -1)})
    assert q.squares == ((0, 1), (1, 1), (2, 0)) and q.cost == 3  # x first: (0,1) < (1,-1)
    r = find_path((0, 0), (2, 0), budget=10, blocked={(1, 0), (0, -1), (0, 1)})
    assert r.squares == ((1, -1), (2, -1), (2, 0)) and r.cost == 3  # then y: (1,-1) < (1,1)
    # sequences, not lengths: three squares beat two when their first comes first
    s = find_path((0, 0), (2, 2), budget=10)
    assert s.squares == ((0, 1), (1, 1), (2, 2)) and s.cost == 3


def test_R_GEO_8_blocked_squares_are_walked_around_or_the_goal_is_out_of_reach():
    wall = {(1, -1), (1, 0), (1, 1)}
    p = find_path((0, 0), (3, 0), budget=10, blocked=wall)
    assert p is not None and not set(p.squares) & wall and p.cost == 5
    assert find_path((0, 0), (3, 0), budget=4, blocked=wall) is None
    ring = {(x, y) for x in range(4, 7) for y in range(-1, 2)} - {(5, 0)}
    assert find_path((0, 0), (5, 0), budget=100, blocked=ring) is None
    assert find_path((0, 0), (0, 0), budget=10) is None


def test_R_GEO_8_reachable_gives_cost_then_threats_of_each_square():
    found = reachable((0, 0), budget=2, blocked={(1, 0)}, threatened={(0, 1)})
    assert (1, 0) not in found and (0, 0) not in found
    assert found[(1, 1)] == (1, 0)
    assert found[(2, 1)] == (2, 0)  # through (1,1), not the threatened (0,1)
    assert found[(0, 2)] == (2, 1)  # straight through (0,1); the diagonals cost 3
    assert max(cost for cost, _ in found.values()) == 2


def _brute(start, goal, budget, blocked, threatened, box):
    """Every simple path within `box` and `budget`, the best by (cost, threatened, squares)."""
    best = None

    def walk(here, squares, cost, diagonals, left):
        nonlocal best
        if here == goal:
            label = (cost, left, squares)
            best = label if best is None or label < best else best
            return
        if squares:
            left += here in threatened
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nxt = (here[0] + dx, here[1] + dy)
                if (dx, dy) == (0, 0) or nxt in blocked or nxt == start or nxt in squares:
                    continue
                if not (box[0] <= nxt[0] <= box[1] and box[0] <= nxt[1] <= box[1]):
                    continue
                diag = diagonals + (1 if dx and dy else 0)
                step = (2 if diag % 2 == 0 else 1) if dx and dy else 1
                if cost + step <= budget:
                    walk(nxt, (*squares, nxt), cost + step, diag, left)

    walk(start, (), 0, 0, 0)
    return best


def test_R_GEO_8_agrees_with_trying_every_path_on_small_boards():
    import random

    rnd = random.Random(2023)  # the boards, not game dice
    for _ in range(60):
        cells = [(x, y) for x in range(4) for y in range(4)]
        rnd.shuffle(cells)
        start, goal = cells[0], cells[1]
        blocked = set(cells[2:2 + rnd.randint(0, 5)])
        threatened = set(rnd.sample(cells, rnd.randint(0, 6)))
        budget = rnd.randint(2, 7)
        want = _brute(start, goal, budget, blocked, threatened, (-1, 4))
        got = find_path(start, goal, budget=budget, blocked=blocked, threatened=threatened)
        if want is None:
            assert got is None, (start, goal, blocked, budget)
        else:
            assert got is not None and (got.cost, got.threatened, got.squares) == want, \
                (start, goal, blocked, threatened, budget)
