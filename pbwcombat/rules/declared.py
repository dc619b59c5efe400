"""Declared rounds: queue actions, then resolve the round in initiative order as one post."""

from __future__ import annotations

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat.actions import (
    Action,
    Attack,
    Disengage,
    FullAttack,
    TakeAction,
    declared_argv,
    join_plans,
    parse_declared,
    split_plans,
)
from pbwcombat.clock import all_declared, is_absent
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction, PbwError
from pbwcombat.rules.conditional import play_acts
from pbwcombat.rules.engagement import require_engagement
from pbwcombat.rules.orders import follow_orders, is_fleeing, orders_of, still_mine
from pbwcombat.rules.pacing import play_absent_turns
from pbwcombat.rules.turns import next_turn
from pbwcombat.rules.usage import check_ids


def declare(res: Resolution, who: str, argv: list[str]) -> None:
    """Queue WHO's declaration: one plan, or several joined by `--else` (R-ORD-5), each of
    one act or several joined by ` then ` (R-ORD-6); every act read and its ids checked now
    (exit 2), legality when the round resolves."""
    res.require_not_ended()
    c = res.combatant(who)
    plans = []
    for plan in split_plans(argv):
        acts = []
        for words in plan:
            action = parse_declared(who, words)
            check_ids(res, action)  # ids now (exit 2); legality when resolving
            if isinstance(action, Disengage):
                require_engagement(res.enc)  # R-ENG-0: never legal in plain d20
            acts.append(declared_argv(action))
        plans.append(acts)
    earlier = res.enc.state.declarations.get(who)
    res.emit(ev.Declared(who, c.display, join_plans(plans),
                         tuple(earlier) if earlier is not None else ()))


def clear(res: Resolution, who: str) -> None:
    c = res.combatant(who)
    if who not in res.enc.state.declarations:
        raise IllegalAction("R-TRN-3", "has_nothing_declared", name=c.display)
    res.emit(ev.DeclarationCleared(who, c.display))


def resolve_round(res: Resolution) -> None:
    """From the current turn to the end of the round: each declared action as if its command
    were run (an illegal one is skipped with the reason), or, without a declaration, the
    combatant's standing orders (R-ORD-3); then the turn ends."""
    res.require_combat()
    round_now = res.enc.state.round
    phase_now = res.enc.state.phase
    for _ in range(len(res.enc.combatants) * 2 + 2):
        st = res.enc.state
        if st.phase == "ended" or st.round != round_now or st.phase != phase_now:
            return
        who = st.turn
        if not who:
            return
        group = res.enc.members_of(who)  # R-INI-3: each member of a shared turn
        for member in group:
            st = res.enc.state
            if st.phase == "ended" or st.round != round_now or st.turn not in group:
                break  # the turn ended meanwhile (the last member able to act fled)
            if res.enc.takes_turn_now(member):
                _resolve_one(res, member)
        st = res.enc.state
        if st.phase == "ended":
            return
        if st.turn in group and st.round == round_now:
            next_turn(res)


def _resolve_one(res: Resolution, who: str) -> None:
    """`who`'s declaration: its first legal plan (R-ORD-5), each act in turn (R-ORD-6); none
    legal: skipped with the reason (the first plan's), then its standing orders act; without
    a declaration, its orders (R-ORD-3)."""
    me = res.enc.get(who)
    argv = res.enc.state.declarations.get(who)
    orders = orders_of(res.enc, me)
    if argv is None:  # R-ORD-3: nobody declared for it: its standing orders decide
        if orders == "skip" and is_absent(me, res.now) and not is_fleeing(me):
            res.emit(ev.AbsentPassed(who, me.display))  # R-PAC-2
        follow_orders(res, who, orders)
        return
    res.emit(ev.DeclarationTaken(who))
    first: PbwError | None = None
    for plan in split_plans(argv):
        error = play_acts(res, who, plan, _require_a_standing_target, declared=True)
        if error is None:
            return
        first = first or error
    assert first is not None
    res.emit(ev.DeclarationSkipped(
        who, me.display, tuple(argv), first.message, first.key,
        tuple((k, str(v)) for k, v in first.fields.items()),
        first.rule or "" if first.rule_first else ""))
    if res.enc.find(who) is not None and still_mine(res, who):  # R-ORD-5 clarification
        follow_orders(res, who, orders)


def _require_a_standing_target(res: Resolution, action: Action) -> None:
    """R-ORD-3 ruling: a declared attack, full attack, or hostile action (damage, a condition
    or a save; healing is not) whose every target is down (hp ≤ 0) by the time it resolves is
    skipped: the player declared it against a foe still fighting. The GM can still strike a
    fallen foe by the command itself."""
    if isinstance(action, Attack):
        targets: tuple[str, ...] = (action.target,)
    elif isinstance(action, FullAttack):
        targets = action.targets
    elif isinstance(action, TakeAction) and action.names and action.target:
        known = res.enc.find(action.who)
        defined = known.action(action.names[0]) if known is not None else None
        if defined is None or defined.heal or not (defined.damage or defined.condition
                                                   or defined.save):
            return
        targets = action.target
    else:
        return
    found = [res.enc.find(t) for t in targets]
    people = [c for c in found if c is not None and not c.removed]
    # a dead target is the command's own refusal (R-HP-1, "already dead"): said as it is
    if people and all(c.hp <= 0 for c in people) and not any(c.status == "dead"
                                                              for c in people):
        names = ", ".join(c.display for c in people)
        raise IllegalAction("R-ORD-3", "every_target_down", names=names)


def _declare(res: Resolution, x: act.Declare) -> None:
    declare(res, x.who, list(x.argv))


def _clear(res: Resolution, x: act.ClearDeclaration) -> None:
    clear(res, x.who)


def _resolve(res: Resolution, x: act.Resolve) -> None:
    if x.when_all_declared:  # R-PAC-4: the service let it through for one of two reasons
        res.require_combat()
        res.emit(ev.RoundDue("all-declared" if all_declared(res.enc, res.now)
                             else "deadline"))
    resolve_round(res)
    # R-PAC-2: the round it starts may be in the turn flow, and its first turn an absent
    # combatant's: played by its orders by this very command, which goes on
    play_absent_turns(res)


HANDLES = {act.Declare: _declare, act.ClearDeclaration: _clear, act.Resolve: _resolve}
