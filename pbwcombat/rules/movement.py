"""Movement (R-TRN-2, R-GEO-2, R-AOO, R-ENG-1/2, R-DIS-1, R-INT-3): `move` square by square."""

from __future__ import annotations

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction, UsageError
from pbwcombat.geometry import Square, is_straight, path_cost, path_through, within_reach
from pbwcombat.model import Combatant
from pbwcombat.rules import ready
from pbwcombat.rules.allowance import move_kind, require_actor
from pbwcombat.rules.aoo import attack_of_opportunity, dropped, provokers
from pbwcombat.rules.board import board_for, passable
from pbwcombat.rules.conditions import apply_condition, end_on_move
from pbwcombat.rules.disengage import attempt, first_in_order
from pbwcombat.rules.effects import COVER, held
from pbwcombat.rules.engagement import engage_at_rest, require_engagement
from pbwcombat.rules.intercept import intercept_move
from pbwcombat.rules.pathfind import find_path


def _check_path(res: Resolution, who: str, path: list[Square]) -> None:
    """R-GEO-7: no passing through an enemy that is not helpless, dying, stable or dead; no
    ending on a square someone not dead stands on."""
    me = res.enc.get(who)
    standing = {c.position: c for c in res.enc.active
                if c.position is not None and c.status != "dead" and c.id != who}
    for sq in path[:-1]:
        other = standing.get(sq)
        if other is not None and not passable(me, other):
            raise IllegalAction("R-GEO-7", "cannot_pass_through", name=me.display,
                                other=other.display, square=f"({sq[0]},{sq[1]})")
    end = standing.get(path[-1])
    if end is not None:
        raise IllegalAction("R-TRN-2", "square_taken", square=f"({path[-1][0]},{path[-1][1]})",
                            other=end.display)


def check_crawl(me: Combatant, path: list[Square], other: bool) -> None:
    """R-CND-9: a prone combatant's only movement is crawling one square as a move action
    (it provokes as moving does) or standing up: a longer move, a run, a withdraw, a 5-ft
    step or a move to cover is refused until it stands. `other`: one of those was asked."""
    crawl = held(me.conditions).crawls_by
    if crawl and (other or len(path) != 1):
        raise IllegalAction("R-CND-9", "only_crawl_held", name=me.display, state=crawl)


def move_away(res: Resolution, who: str, to_cover: bool) -> None:
    """Gridless movement (R-GEO-5): any movement needs disengaging first (R-DIS-1)."""
    me = require_actor(res, who)
    kind = move_kind(res, me, 1, run=False, step=False)
    first = first_in_order(res, me)  # R-DIS-4: before this move is spent
    res.emit(ev.ActionSpent(who, kind))
    if ready.starting_to_move(res, who, []):  # R-RDY-1 `moves:`: it fell, or stays
        return
    me = res.enc.get(who)
    if me.engaged and not attempt(res, who, list(me.engaged), first=first):
        return
    if to_cover and me.missile_engaged and \
            not attempt(res, who, list(me.missile_engaged), missile=True, first=first):
        return
    end_on_move(res, who)  # R-CIR-3
    res.emit(ev.MovedAway(who, me.display))
    if to_cover:
        take_cover(res, who)


def move(res: Resolution, who: str, waypoints: list[Square], step: bool = False,
         run: bool = False, to_cover: bool = False, disengaged_from: tuple[str, ...] = (),
         withdraw: bool = False) -> None:
    """`move WHO X,Y …`: cost and allowance, disengaging first where the path leaves an
    engaged opponent's reach, then square by square: interceptions, then AoOs with their
    R-AOO-5 disengage; engagement where the move ends (R-ENG-1)."""
    me = require_actor(res, who)
    if me.position is None:
        raise UsageError("this_encounter_gridless_use_move", rule="R-GEO-5")
    if not waypoints:
        raise UsageError("give_one_more_waypoints_away")
    start = me.position
    path = path_through(start, waypoints)
    if not path:
        raise UsageError("already_at", name=me.display, square=f"({start[0]},{start[1]})")
    if me.conditions and not res.force:
        check_crawl(me, path, step or run or withdraw or to_cover)
    if run and not is_straight(start, path) and not res.force:
        raise IllegalAction("R-TRN-2", "run_goes_straight_line")
    _check_path(res, who, path)
    cost = path_cost(start, path)
    if withdraw:
        if step or run:
            raise UsageError("withdraw_excludes_step_run")
        kind = _withdraw_kind(res, me, cost)
    else:
        kind = move_kind(res, me, cost, run=run, step=step)
    first = first_in_order(res, me)  # R-DIS-4: before this move is spent
    res.emit(ev.ActionSpent(who, kind))
    stop = ready.starting_to_move(res, who, path)  # R-RDY-1 `moves:`, before the first step
    if stop:
        res.emit(ev.MoveStopped(who, me.display, start, stop))
        return
    me = res.enc.get(who)

    # R-AOO-2: opponents R-DIS governs (or just governed) never punish the same act twice
    exempt = set(me.engaged) | set(disengaged_from)
    leaving = [o for o in me.engaged
               if any(not within_reach(res.enc.get(o), sq) for sq in path)]
    if leaving and not attempt(res, who, leaving, destination=path[-1], first=first):
        res.emit(ev.MoveStopped(who, me.display, start, "disengage"))
        return
    if to_cover and me.missile_engaged and not attempt(
            res, who, list(me.missile_engaged), missile=True, destination=path[-1],
            first=first):
        res.emit(ev.MoveStopped(who, me.display, start, "disengage"))
        return
    end_on_move(res, who)  # R-CIR-3: the cover it took ends as it moves
    _walk(res, who, start, path, exempt, step=step, run=run, withdraw=withdraw)
    engage_at_rest(res, who)
    now = res.enc.get(who)
    if to_cover and now.position == path[-1] and now.hp > 0:
        take_cover(res, who)


def take_cover(res: Resolution, who: str) -> None:
    """R-CIR-3: `--to-cover` ends the move with the `cover` condition (+4 Defense against
    ranged attacks, line of fire closed) until the mover next moves."""
    apply_condition(res, who, COVER, until_moves=True)


def _withdraw_kind(res: Resolution, me: Combatant, cost: int) -> str:
    """R-ACT-6: a withdraw is a full-round action of up to 2× speed."""
    from pbwcombat.rules.allowance import check_full_round

    check_full_round(res, me, "a withdraw")
    if res.enc.spent_of(me.id).step and not res.force:
        raise IllegalAction("R-TRN-2", "took_ft_step_other_movement", name=me.display)
    squares = me.squares
    if cost > 2 * squares and not res.force:
        raise IllegalAction("R-ACT-6", "withdraw_most_squares_needs", most=2 * squares,
                            name=me.display, cost=cost)
    return "full"


def _walk(res: Resolution, who: str, start: Square, path: list[Square], exempt: set[str],
          *, step: bool, run: bool, withdraw: bool = False) -> None:
    """Square by square (R-RDY-2's draw order in each square entered): the AoOs for the
    square left (each with its R-AOO-5 disengage), then the readied plans the square sets
    off, then interception contests (R-INT-3)."""
    name = res.enc.get(who).display
    walked: list[Square] = []
    here = start
    halt: str | None = None  # R-INT-3 / R-RDY-4: stopped, in the first square free of others
    watch = ready.anyone_readied(res)

    def flush() -> None:
        if walked:
            origin = res.enc.get(who).position or start
            res.emit(ev.Moved(who, name, origin, tuple(walked), path_cost(origin, walked),
                              run=run, step=step))
            walked.clear()

    for i, sq in enumerate(path):
        # R-AOO-2: a 5-ft step provokes nothing; R-ACT-6: a withdraw's first square neither
        if not step and not (withdraw and here == start):
            for enemy in provokers(res, who, here, engaged_exempt=True):
                if enemy in exempt or (enemy, who) in res.declined:
                    continue  # R-AOO-4: a declined AoO is said once, then passed silently
                flush()
                before = res.enc.get(who).hp
                if not attack_of_opportunity(res, enemy, who, here):
                    continue
                if dropped(res, who, before):  # R-AOO-6
                    res.emit(ev.MoveStopped(who, name, here, "fell"))
                    return
                passer_by = res.enc.rules.aoo_engages and enemy in res.enc.get(who).engaged
                if passer_by and not attempt(res, who, [enemy]):  # R-AOO-5
                    res.emit(ev.MoveStopped(who, name, here, "disengage"))
                    return
        left, here = here, sq
        walked.append(sq)
        if watch and halt is None:  # R-RDY-2: the mover has entered the square
            stop = ready.entering(res, who, sq, path[i + 1:], flush)
            if stop == "fell":
                res.emit(ev.MoveStopped(who, name, sq, "fell"))
                return
            halt = stop or None
        if halt is None:
            guard = intercept_move(res, who, left, sq)  # R-INT-3: entering a radius
            halt = "intercepted" if guard is not None else None
        # R-INT-3: an intercepted mover stops in the first square of its path inside the
        # defender's radius (ruling: the first such square nobody else stands on); R-RDY-4:
        # one that failed the passer-by disengage, where it was attacked (the same ruling)
        if halt is not None and not _taken_by_other(res, who, sq):
            flush()
            res.emit(ev.MoveStopped(who, name, sq, halt))
            return
    flush()


def disengage(res: Resolution, who: str, to: Square | None, reckless: bool) -> None:
    """`disengage WHO [--to X,Y] [--reckless]`: a reaction, not an action (R-DIS-1); on
    success the combatant may still move this turn. It lives here, beside `move`, because
    it ends with one; the contest itself is `rules.disengage.attempt`."""
    require_engagement(res.enc)  # R-ENG-0
    me = require_actor(res, who)
    if reckless and not res.enc.rules.reckless_disengage:
        raise IllegalAction("R-DIS-7", "reckless_disengage_off")
    if not me.engaged:
        raise IllegalAction("R-DIS-1", "not_engaged_melee", name=me.display)
    sp = res.enc.spent_of(who)
    if not res.force and (sp.extended or sp.full_round):
        raise IllegalAction("R-DIS-3", "has_only_free_actions_left", name=me.display)
    opponents = tuple(me.engaged)
    freed = attempt(res, who, list(opponents), reckless=reckless)
    if to is None:
        return
    now = res.enc.get(who)
    if now.hp <= 0:  # R-AOO-6: a free attack (R-DIS-7) dropped it: it does not go on
        if now.position is not None:
            res.emit(ev.MoveStopped(who, now.display, now.position, "fell"))
        return
    if freed:
        move(res, who, [to], disengaged_from=opponents)


def _taken_by_other(res: Resolution, who: str, sq: Square) -> bool:
    return any(c.position == sq and c.id != who and c.status != "dead"
               for c in res.enc.active)


def found_path(res: Resolution, who: str, goal: Square) -> list[Square]:
    """R-GEO-8 (`move --find-path`): the squares of the cheapest legal path to `goal` within
    two move actions when the turn still has both, else one; exit 3 if there is none."""
    me = require_actor(res, who)
    if me.position is None:
        raise UsageError("this_encounter_gridless_use_move", rule="R-GEO-5")
    if me.position == goal:
        raise UsageError("already_at", name=me.display, square=f"({goal[0]},{goal[1]})")
    try:  # what the turn affords: the same check `move` makes (it only refuses or answers)
        move_kind(res, me, 2 * me.squares, run=False, step=False)
        budget = 2 * me.squares
    except IllegalAction:
        budget = me.squares
    board = board_for(res, who)
    square = f"({goal[0]},{goal[1]})"
    if goal in board.taken:
        other = next(c for c in res.enc.active if c.position == goal and c.id != who
                     and c.status != "dead")
        raise IllegalAction("R-GEO-7", "square_taken", square=square, other=other.display)
    path = find_path(me.position, goal, budget=budget, blocked=board.blocked,
                     threatened=board.threatened)
    if path is None:
        raise IllegalAction("R-GEO-8", "no_path_within", name=me.display, square=square,
                            squares=budget)
    return list(path.squares)


def _move(res: Resolution, x: act.Move) -> None:
    if x.find_path and (len(x.waypoints) != 1 or x.step or x.run or x.withdraw or x.away):
        raise UsageError("find_path_one_destination", rule="R-GEO-8")
    if x.away:
        move_away(res, x.who, x.to_cover)
    elif x.find_path:
        move(res, x.who, found_path(res, x.who, x.waypoints[0]), to_cover=x.to_cover)
    else:
        move(res, x.who, list(x.waypoints), x.step, x.run, x.to_cover, withdraw=x.withdraw)


def _disengage(res: Resolution, x: act.Disengage) -> None:
    disengage(res, x.who, x.to, x.reckless)


HANDLES = {act.Move: _move, act.Disengage: _disengage}
