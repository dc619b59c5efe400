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
    check_ids,
    declared_argv,
    parse_declared,
)
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction, PbwError
from pbwcombat.rules.engagement import require_engagement
from pbwcombat.rules.orders import follow_orders, orders_of
from pbwcombat.rules.turns import next_turn


def declare(res: Resolution, who: str, argv: list[str]) -> None:
    res.require_not_ended()
    c = res.combatant(who)
    action = parse_declared(who, argv)
    check_ids(res, action)  # ids now (exit 2); legality when resolving
    if isinstance(action, Disengage):
        require_engagement(res.enc)  # R-ENG-0: never legal in plain d20
    earlier = res.enc.state.declarations.get(who)
    res.emit(ev.Declared(who, c.display, declared_argv(action),
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
    """`who`'s declared action, skipped with the reason if illegal, or its orders."""
    me = res.enc.get(who)
    argv = res.enc.state.declarations.get(who)
    action = None
    if argv is not None:
        res.emit(ev.DeclarationTaken(who))
        action = parse_declared(who, list(argv))
    else:  # R-ORD-3: nobody declared for it: its standing orders decide
        follow_orders(res, who, orders_of(res.enc, me))
    if action is not None:
        snap = res.snapshot()
        try:
            _require_a_standing_target(res, action)
            res.apply(action)
        except PbwError as e:
            res.restore(snap)
            res.emit(ev.DeclarationSkipped(
                who, me.display, tuple(argv or ["attack"]), e.message, e.key,
                tuple((k, str(v)) for k, v in e.fields.items()),
                e.rule or "" if e.rule_first else ""))



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
    resolve_round(res)


HANDLES = {act.Declare: _declare, act.ClearDeclaration: _clear, act.Resolve: _resolve}
