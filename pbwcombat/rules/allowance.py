"""Who may act now and what the turn still allows (R-TRN-2/3, R-INI-4, R-HP-2).

`--force` (the GM's override) skips turn order and allowances, never letting the dead act."""

from __future__ import annotations

from pbwcombat import events as ev
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction
from pbwcombat.model import Combatant, TurnSpent
from pbwcombat.rules.effects import EFFECTS, STAGGERED, held

# R-TRN-4: a status that keeps a combatant from acting, said as such (else as a held state)
_CANNOT_ACT = {"dead": "cannot_act_dead", "disabled": "cannot_act_disabled",
               "dying": "cannot_act_dying", "stable": "cannot_act_stable"}

def require_actor(res: Resolution, who: str) -> Combatant:
    """An active combatant able to act, on its turn (R-TRN-3), in a running combat."""
    res.require_combat()
    c = res.combatant(who)
    if c.status == "dead":
        raise IllegalAction("R-HP-1", "cannot_act_dead", name=c.display)
    if not c.can_act and not res.force:
        if c.knocked_out:
            raise IllegalAction("R-HP-7", "unconscious_nonlethal_damage_above_its", name=c.display)
        if c.unable_by:
            raise IllegalAction("R-CND-3", "cannot_act_held", name=c.display, state=c.unable_by)
        raise IllegalAction("R-TRN-4", _CANNOT_ACT.get(c.status, "cannot_act_held"),
                            name=c.display, state=c.status)
    if not res.enc.takes_turn_now(who) and not res.force:
        turn = res.enc.state.turn
        if turn is None:
            raise IllegalAction("R-TRN-3", "not_turn_nobody", name=c.display)
        raise IllegalAction("R-TRN-3", "not_turn", name=c.display, whose=res.enc.get(turn).display)
    return c


def check_aware(res: Resolution, actor: Combatant, target: Combatant) -> None:
    """R-INI-4: in the surprise round a combatant attacks or targets only enemies it is
    aware of."""
    if res.enc.state.phase == "surprise" and target.side != actor.side \
            and not actor.is_aware_of(target):  # not an allowance: --force does not lift it
        raise IllegalAction("R-INI-4", "not_aware_surprise_round", name=actor.display,
                            target=target.display)


def single_action_turn(res: Resolution, c: Combatant) -> str | None:
    """The rule limiting `c` to one standard or one move action this turn, if any."""
    if res.enc.state.phase == "surprise":
        return "R-INI-4"
    if c.status == "disabled":
        return "R-HP-2"
    # actions `one` (R-CND-5 staggered; R-HP-7's from nonlethal damage), R-HP-2's allowance
    # without its 1 damage; `move` (nauseated, panicked) too, check_standard refusing more
    names = c.affecting
    if names and held(names).per_turn in ("one", "move"):
        return "R-HP-7" if c.nonlethal_state == STAGGERED else "R-CND-5"
    return None


def _limit_by(c: Combatant, what: str) -> str:
    """The held condition that sets the limit named (`move`: a move action only; `run`: no
    run or charge), for the refusal (R-CND-5)."""
    for name in held(c.conditions).names:
        e = EFFECTS[name]
        if (e.per_turn == "move") if what == "move" else e.no_run_or_charge:
            return name
    return ""


def turn_left(res: Resolution, c: Combatant) -> TurnSpent:
    """What `c` has spent this turn; refused (R-TRN-3) once a full-round or extended action
    has used the whole turn."""
    sp = res.enc.spent_of(c.id)
    if sp.extended or sp.full_round:
        raise IllegalAction("R-TRN-3", "has_used_whole_turn", name=c.display)
    return sp


def check_standard(res: Resolution, c: Combatant) -> None:
    """R-TRN-2: one standard action, unless the turn went to a double move or a full round."""
    if res.force:
        return
    sp = turn_left(res, c)
    if sp.standard:
        raise IllegalAction("R-TRN-3", "has_already_taken_standard_action", name=c.display)
    if sp.moves >= 2:
        raise IllegalAction("R-TRN-3", "has_taken_two_move_actions", name=c.display)
    if c.conditions and held(c.conditions).per_turn == "move":
        raise IllegalAction("R-CND-5", "only_move_action_held", name=c.display,
                            state=_limit_by(c, "move"))
    rule = single_action_turn(res, c)
    if rule and sp.moves:
        raise IllegalAction(rule, "one_action_moved", name=c.display)


def move_kind(res: Resolution, c: Combatant, cost: int, run: bool, step: bool) -> str:
    """What a move costs (R-TRN-2): "step", "move", "double" or "full"; refuses what the
    turn cannot afford."""
    sp = res.enc.spent_of(c.id)
    squares = c.squares
    if step:
        if cost != 1:
            raise IllegalAction("R-TRN-2", "ft_step_one_square")
        if not res.force and (sp.moved or sp.step):
            raise IllegalAction("R-TRN-2", "has_already_moved_ft_step", name=c.display)
        if not res.force and sp.extended:
            raise IllegalAction("R-TRN-3", "has_used_whole_turn", name=c.display)
        return "step"  # after a full-round action that moved nobody (R-ACT-1/5) it is allowed
    if not res.force and sp.step:
        raise IllegalAction("R-TRN-2", "took_ft_step_other_movement", name=c.display)
    rule = single_action_turn(res, c)
    if run and c.conditions and held(c.conditions).no_run_or_charge and not res.force:
        raise IllegalAction("R-CND-5", "cannot_run_held", name=c.display,
                            state=_limit_by(c, "run"))
    if run:
        if cost > 4 * squares and not res.force:
            raise IllegalAction("R-TRN-2", "run_most_squares_needs", most=4 * squares,
                                name=c.display, cost=cost)
        if not res.force and (rule or sp.standard or sp.moves or sp.extended):
            raise IllegalAction(rule or "R-TRN-2",
                                "running_takes_whole_turn", name=c.display)
        return "full"
    if res.force:
        return "move"
    turn_left(res, c)
    if rule and (sp.standard or sp.moves):
        raise IllegalAction(rule, "one_action_used", name=c.display)
    if cost <= squares and sp.moves < 2 and not (sp.standard and sp.moves):
        return "move"
    if cost <= 2 * squares and not rule and sp.moves == 0 and not sp.standard:
        return "double"
    raise IllegalAction("R-TRN-2", "cannot_move_squares_now_speed", name=c.display, cost=cost,
                        squares=squares)


def check_full_round(res: Resolution, c: Combatant, what: str) -> None:
    """R-ACT-1/5/6: a full-round action needs the whole turn (a 5-ft step aside); never in
    the surprise round (R-INI-4) nor while disabled (R-HP-2)."""
    if res.force:
        return
    rule = single_action_turn(res, c)
    if rule:
        raise IllegalAction(rule, "one_action_no_full_round", name=c.display)
    sp = turn_left(res, c)
    if sp.standard or sp.moves or (sp.moved and not sp.step):
        raise IllegalAction("R-TRN-3", "full_round_action_takes_whole", name=c.display)


def check_move_action(res: Resolution, c: Combatant) -> None:
    """R-TRN-2: a move action that is not movement (R-ACT-1 `cost = "move"`)."""
    if res.force:
        return
    sp = turn_left(res, c)
    rule = single_action_turn(res, c)
    if rule and (sp.standard or sp.moves):
        raise IllegalAction(rule, "one_action_used", name=c.display)
    if sp.moves >= 2 or (sp.standard and sp.moves):
        raise IllegalAction("R-TRN-3", "has_move_action_left", name=c.display)


def spend(res: Resolution, me: Combatant, cost: str, what: str) -> None:
    """R-ACT-1: refuse what the turn cannot afford, then spend it; R-ACT-4 streak."""
    if cost == "standard":
        check_standard(res, me)
        res.emit(ev.ActionSpent(me.id, "standard"))
    elif cost == "move":
        check_move_action(res, me)
        res.emit(ev.ActionSpent(me.id, "move"))
    elif cost == "full":
        check_full_round(res, me, what)
        res.emit(ev.ActionSpent(me.id, "full"))
    if cost != "free" and me.disengage_streak:
        res.emit(ev.StreakReset(me.id, me.display))  # R-ACT-4 / R-DIS-6
