"""Playing conditional orders (R-ORD-4): the first rule whose WHEN holds and whose DO is legal.

`orders_text` reads the rules; this module judges each WHEN against the board and tries each
DO through the commands' dispatch table, as every standing order does: a DO the rules refuse
rolls nothing and leaves nothing behind (the Resolution is restored), and the next rule is
tried. A DO of several acts (R-ORD-6, ` then `) is legal when its first act is; a later act
that is refused ends the plan there, the earlier ones standing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat import menu
from pbwcombat.actions import Action, check_own, parse_declared
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction, Message, PbwError, UsageError
from pbwcombat.geometry import distance
from pbwcombat.model import Combatant, Encounter
from pbwcombat.orders_text import (
    PLACEHOLDERS,
    Clause,
    OrderSyntaxError,
    Rule,
    act_positions,
    fill,
    parse_rule,
    referenced_ids,
    rules_of,
)
from pbwcombat.rules import manoeuvres as mv
from pbwcombat.rules.effects import PRONE
from pbwcombat.rules.orders import (
    RULE_PLAYER,
    can_attack_this_turn,
    foes_of,
    play_keyword,
    still_mine,
    targets_of,
)

_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b,
}


def is_down(c: Combatant) -> bool:
    """R-ORD-4 `down ID`: hp ≤ 0 or counting as down (R-CND-5); a removed one is down too."""
    return c.removed or c.hp <= 0 or c.counts_as_down


def holds(enc: Encounter, me: Combatant, clause: Clause) -> bool:
    """One WHEN clause, for `me`, now."""
    kind = clause.kind
    if kind == "hp":
        if clause.percent:  # R-ORD-4: `100 × hp < N × max_hp`, exactly
            return _COMPARE[clause.op](100 * me.hp, clause.value * me.full_hp)
        return _COMPARE[clause.op](me.hp, clause.value)
    if kind == "engaged":
        return _COMPARE[clause.op](len(me.engaged), clause.value)
    if kind == "round":
        return _COMPARE[clause.op](enc.state.round, clause.value)
    if kind == "enemy-within":
        foes = foes_of(enc, me)
        if me.position is None:
            return bool(foes)  # gridless: every enemy is within
        return any(f.position is None or distance(me.position, f.position) <= clause.value
                   for f in foes)
    if kind == "ally-down":
        return any(c.side == me.side and c.id != me.id and not c.removed and c.hp <= 0
                   for c in enc.combatants)
    if kind in ("has", "not"):
        held = clause.arg in me.affecting
        return held if kind == "has" else not held
    other = enc.find(clause.arg)
    down = other is None or is_down(other)
    return down if kind == "down" else not down


def when_holds(enc: Encounter, me: Combatant, rule: Rule) -> bool:
    return all(holds(enc, me, c) for c in rule.when)


# -- the DO -------------------------------------------------------------------------------


def _weakest_ally(enc: Encounter, me: Combatant, others: bool = False) -> Combatant | None:
    """R-ORD-4 `weakest-ally`: the lowest hp fraction among its side (itself included, unless
    `others`: a row that cannot take its actor, R-ACT-12), not dead or removed; ties to file
    order."""
    pool = [c for c in enc.combatants if c.side == me.side and not c.removed
            and c.status != "dead" and not (others and c.id == me.id)]
    return min(pool, key=lambda c: c.hp / c.full_hp, default=None)


def _enemy(res: Resolution, me: Combatant, which: str, attacking: bool,
           row: str = "", tripping: bool = False) -> Combatant | None:
    """`nearest` / `weakest` (R-ORD-4): among the enemies it can attack this turn (R-ORD-1:
    from where it stands, or after one move when it still has one), the nearest (ties: file
    order) or the lowest hp (then nearest, then file order). For an act that is not an attack,
    among every enemy it may target; for a row of R-ACT-12 that needs a melee weapon reaching
    its enemy (`row`: trip, aid another's `--against`, coup de grace), among those one reaches
    from where it stands, and for a coup de grace among the helpless ones, dying and stable
    included. A trip (`row` trip, or `tripping`: `attack … --full --trip`) leaves out the
    enemies already prone (ruling: the placeholder names one the act is worth taking on)."""
    if row == "coup-de-grace":
        foes = [c for c in res.enc.combatants if c.side != me.side and not c.removed
                and c.status != "dead" and mv.helpless(c)
                and (res.enc.state.phase != "surprise" or me.is_aware_of(c))]
    else:
        foes = targets_of(res.enc, me)
    if attacking:
        foes = [f for f in foes if can_attack_this_turn(res, me, f)]
    elif row:
        foes = [f for f in foes if mv.reaching(me, f) is not None]
    if tripping or row == "trip":
        foes = [f for f in foes if PRONE not in f.conditions]
    if not foes:
        return None
    rank = {c.id: i for i, c in enumerate(res.enc.combatants)}

    def gap(f: Combatant) -> int:
        return 0 if me.position is None or f.position is None else \
            distance(me.position, f.position)

    if which == "nearest":
        return min(foes, key=lambda f: (gap(f), rank[f.id]))
    return min(foes, key=lambda f: (f.hp, gap(f), rank[f.id]))


# R-ACT-12's rows whose enemy a melee weapon must reach, by the option that names it
_REACHED = {("coup-de-grace", "--target"), ("trip", "--target"), ("aid-another", "--against")}


def _row_of(me: Combatant, argv: tuple[str, ...]) -> str:
    """The built-in row an `action` act takes ("" for any other act, or the actor's own
    action of that id, which wins over the table, R-ACT-8)."""
    if argv[0] != "action" or len(argv) < 2 or me.action(argv[1]) is not None:
        return ""
    return menu.ALIASES.get(argv[1], argv[1])


def resolve_targets(res: Resolution, me: Combatant, argv: tuple[str, ...]
                    ) -> tuple[str, ...] | None:
    """The act with its placeholders named (None: a placeholder has nobody to name)."""
    used = {w for word in argv for w in word.split(",")} & set(PLACEHOLDERS)
    if not used:
        return argv
    names: dict[str, str] = {}
    attacking = argv[0] == "attack"
    row = _row_of(me, argv)
    for p in used:
        chosen: Combatant | None
        if p == "self":
            chosen = me
        elif p == "weakest-ally":
            chosen = _weakest_ally(res.enc, me, row in menu.TARGETED)
        else:
            option = next((argv[i - 1] for i, w in enumerate(argv)
                           if i and p in w.split(",")), "")
            chosen = _enemy(res, me, p, attacking,
                            row if (row, option) in _REACHED else "",
                            attacking and "--trip" in argv)
        if chosen is None:
            return None
        names[p] = chosen.id
    return fill(argv, names)


def act_of(res: Resolution, who: str, argv: tuple[str, ...]) -> Action:
    """One declared act of `who`, its placeholders named, as an Action; a placeholder that
    finds nobody makes it illegal (exit 3). `attack nearest` / `attack weakest` approach
    first (R-ORD-7)."""
    me = res.enc.get(who)
    named = resolve_targets(res, me, argv)
    if named is None:
        raise IllegalAction("R-ORD-4", "nobody_to_name", name=me.display)
    if argv[0] == "attack" and len(argv) > 1 and argv[1] in ("nearest", "weakest") \
            and "--approach" not in named and "--full" not in named:
        named = (*named, "--approach")  # R-ORD-7: orders' `attack nearest` walks up first
    return parse_declared(who, named)


def play_acts(res: Resolution, who: str, acts: Sequence[tuple[str, ...]],
              check: Callable[[Resolution, Action], None] | None = None,
              declared: bool = False) -> PbwError | None:
    """R-ORD-6: the acts in order within the turn's allowance (a declaration's plan, an
    order's DO). The first act's refusal is returned, everything restored (`check` may refuse
    it first); a later act that is refused ends the plan there (narrated with the reason),
    the earlier acts standing: None."""
    for i, argv in enumerate(acts):
        if i and not still_mine(res, who):
            return None
        snap = res.snapshot()
        try:
            action = act_of(res, who, argv)
            if i == 0 and check is not None:
                check(res, action)
            res.apply(action)
        except PbwError as e:
            res.restore(snap)
            if i == 0:
                return e
            res.emit(ev.PlanCut(who, res.enc.get(who).display, i + 1, argv, e.key,
                                tuple((k, str(v)) for k, v in e.fields.items()), declared))
            return None
    return None


def play_rules(res: Resolution, who: str, orders: str | tuple[str, ...],
               narrate: bool = True) -> None:
    """R-ORD-4: the first rule whose WHEN holds and whose DO is legal now; none: nothing."""
    for i, rule in enumerate(rules_of(orders)):
        me = res.enc.get(who)
        if not when_holds(res.enc, me, rule):
            continue
        snap = res.snapshot()
        if narrate:
            res.emit(ev.RuleFollowed(who, me.display, i + 1, rule.text))
        done = play_keyword(res, who, rule.keyword, False) if rule.keyword \
            else play_acts(res, who, rule.acts) is None
        if done:
            return
        res.restore(snap)  # an illegal DO is passed over


def set_orders(res: Resolution, x: act.SetOrders) -> None:
    """R-ORD-4 `orders WHO RULE…`: each rule read (exit 2 quoting the bad one and pointing at
    its bad word) and the ids it names known (exit 2); `--clear` drops them. Refused once
    the combat has ended, as every action is (R-TRN-6)."""
    res.require_not_ended()
    me = res.combatant(x.who)
    if x.clear == bool(x.rules):
        raise UsageError("orders_rules_or_clear", rule="R-ORD-4")
    for text in x.rules:
        rule = parse_rule(text)
        for cid in referenced_ids(rule):
            res.combatant(cid)
        check_acts(rule, me)
    res.emit(ev.OrdersSet(me.id, me.display, tuple(x.rules)))


def check_acts(rule: Rule, me: Combatant) -> None:
    """R-ORD-4 with the combatant known, as `declare` checks a declaration: each act names an
    action it has or a row `action` takes (not a row that is a command of its own, R-ACT-8)
    and a weapon it holds; otherwise exit 2 quoting the rule, the caret on that act."""
    for argv, pos in zip(rule.acts, act_positions(rule), strict=True):
        action = parse_declared(me.id, fill(argv, dict.fromkeys(PLACEHOLDERS, me.id)))
        try:
            check_own(action, me)
        except UsageError as e:
            raise OrderSyntaxError(rule.text, pos, "bad_act",
                                   why=Message(e.key, **e.fields)) from None


HANDLES = {act.SetOrders: set_orders}
RULE_PLAYER.append(play_rules)  # standing orders hand R-ORD-4's rules to this family
