"""Rounds and turns (R-TRN): whose turn it is, delay, the end of combat, and the turn phases.

The phases run the hooks the rule families declare (`pbwcombat.rules.families()`, merged in
`res.tables`), in family order. For each combatant whose turn comes up, in this order:

1. `ON_TURN_START(res, who)`: a turn that counts starts, before anyone knows whether it can act
   (durations tick, R-CND-2: "before anything else"). A turn counts unless the combatant is
   dead or removed, or unaware in the surprise round; it is decided once, in `_start_or_skip`.
2. If it cannot take the turn (R-TRN-4, R-CND-3, R-INI-4): `ON_SKIPPED_TURN(res, who)` (the
   dying bleed, R-HP-4), then, for a turn that counts of one still alive,
   `ON_TURN_COUNTED` and `SkippedTurnCounted` (R-CND-3: a skipped turn still counts), then
   `TurnSkipped`, then `ON_TURN_END(res, who, taken=False)` for a turn that counts.
3. Otherwise `ON_TURN_COUNTED(res, who)` (a guard ends, R-INT-1; flat-footed ends outside the
   surprise round, R-TRN-5) for each member of the turn, then `TurnStarted`.
4. `next`: `ON_TURN_END(res, who, taken=True)` for each member (the disengage streak resets,
   R-DIS-6; durations ending at the end of the turn end, R-CND-2), then `TurnEnded`.
5. `ON_ROUND_START(res)` after each new round of `advance` (R-CND-4: orphaned durations).

Each hook of a phase runs for every member of a shared group turn before the next hook.
"""

from __future__ import annotations

from collections.abc import Iterator

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat.clock import deadline_text, is_absent, utc_text
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction
from pbwcombat.model import CONDITIONS, NONLETHAL, REMOVED, STATUS, Combatant, Encounter, State
from pbwcombat.rules.effects import confusing, held


def in_surprise(enc: Encounter) -> bool:
    return enc.state.phase == "surprise"


def acts_in_surprise(enc: Encounter, c: Combatant) -> bool:
    """R-INI-4: in the surprise round, combatants aware of at least one enemy act."""
    return enc.awareness(c)[0] > 0


def may_take_turn(enc: Encounter, c: Combatant) -> bool:
    """R-TRN-4, R-INI-4, R-CND-3: able to act, and aware if this is the surprise round."""
    return c.can_act and c.confusion != "nothing" and (  # R-CND-7: 21–50 does nothing
        not in_surprise(enc) or acts_in_surprise(enc, c))


def _has_a_turn(enc: Encounter, c: Combatant) -> bool:
    """Whether passing `c` over still counts as its turn (R-CND-3; ruling: the dying and
    the stable keep their turns for durations too): not the dead, not the unaware in the
    surprise round."""
    return c.status != "dead" and not c.removed and (
        not in_surprise(enc) or acts_in_surprise(enc, c))


# -- start and end of a turn: the hooks --------------------------------------------------


def _first_start_this_round(enc: Encounter, who: str) -> bool:
    return enc.get(who).turn_clocks[1] <= enc.state.round_clock


def end_flat_footed(res: Resolution, who: str) -> None:
    """R-TRN-5 / R-INI-5: at the start of its turn in a regular round (a skipped turn that
    counts included, R-CND-3) a combatant stops being flat-footed."""
    if not in_surprise(res.enc) and res.enc.get(who).flat_footed:
        res.emit(ev.FlatFootedEnded(who))


def start_turn(res: Resolution, who: str, members: tuple[str, ...] = ()) -> None:
    """A turn taken begins (phase 3): the counted-turn hooks for each member, then the turn
    starts (its allowances reset). `members`: the members of a shared group turn (R-INI-3),
    `who` first."""
    c = res.enc.get(who)
    group = members or (who,)
    for hook in res.tables.on_turn_counted:
        for m in group:
            hook(res, m)
    surprise = in_surprise(res.enc)
    deadline = deadline_text(res.enc, res.now) if res.now else ""
    if len(members) > 1:
        people = [res.enc.get(m) for m in members]
        res.emit(ev.TurnStarted(who, c.display, c.player, res.enc.state.round, surprise,
                                res.now, deadline, c.group, tuple(members),
                                tuple(p.display for p in people),
                                tuple("" if is_absent(p, res.now) else p.player
                                      for p in people)))
    elif is_absent(c, res.now):  # R-PAC-2: its player is not mentioned
        res.emit(ev.TurnStarted(who, c.display, "", res.enc.state.round, surprise,
                                res.now, deadline, absent=utc_text(c.absent_until)))
    else:
        res.emit(ev.TurnStarted(who, c.display, c.player, res.enc.state.round, surprise,
                                res.now, deadline))


def end_turn(res: Resolution) -> None:
    """The current turn ends (phase 4): the end-of-turn hooks for every member of a shared
    group turn (R-INI-3), then the turn ends for each."""
    enc = res.enc
    who = enc.state.turn
    if not who:
        return
    members = enc.members_of(who)
    if len(members) > 1:
        members = tuple(m for m in members if m == who or m not in enc.state.acted)
    for end_hook in res.tables.on_turn_end:
        for m in members:
            end_hook(res, m, True)
    for m in members:
        res.emit(ev.TurnEnded(m, res.enc.get(m).display))


# -- moving on ------------------------------------------------------------------------


def winner_if_over(enc: Encounter) -> str | None:
    """R-TRN-6: the side left when everyone still able to act shares one side ("" if none)."""
    sides: frozenset[str] = enc.fact("standing per side", _standing_per_side,
                                     REMOVED | STATUS | CONDITIONS | NONLETHAL,
                                     _patch_standing)[1]
    hurt = enc.holders("nonlethal")  # R-HP-7's knock-out moves with hp: asked live
    if hurt:
        sides = sides | {c.side for c in map(enc.get, hurt) if _standing(c)}
    if len(sides) > 1:
        return None
    return next(iter(sides), "")


def _standing(c: Combatant) -> bool:
    return (not c.removed and c.status in ("ok", "disabled")
            # R-TRN-6: `unconscious` (R-CND-5) or knocked out by nonlethal (R-HP-7)
            # (no condition, no nonlethal damage: nothing to fold, `affecting`)
            and not ((c.conditions or c.nonlethal) and c.affecting
                     and held(c.affecting).out))


def _counted_standing(c: Combatant) -> bool:
    """Standing without nonlethal damage (whose state a change of hp alone moves, which the
    fact would not see: `winner_if_over` asks those live)."""
    return not c.nonlethal and _standing(c)


Standing = tuple[dict[str, int], frozenset[str]]  # how many stand per side; those sides


def _standing_per_side(combatants: tuple[Combatant, ...]) -> Standing:
    """How many of each side are `_counted_standing` (sides with none left out), and those
    sides."""
    counts: dict[str, int] = {}
    for c in combatants:
        if _counted_standing(c):
            counts[c.side] = counts.get(c.side, 0) + 1
    return counts, frozenset(counts)


def _patch_standing(fact: Standing, enc: Encounter, i: int, before: Combatant,
                    after: Combatant) -> Standing | None:
    """`_standing_per_side` after one combatant's change: one count moves (a fall in a
    crowd of 300 worked the fact out again from everyone, issue 29)."""
    was, now = _counted_standing(before), _counted_standing(after)
    if was == now:
        return fact
    if before.side != after.side:
        return None
    counts = dict(fact[0])
    left = counts.get(after.side, 0) + (1 if now else -1)
    if left:
        counts[after.side] = left
        return counts, fact[1] if left > 1 or not now else frozenset(counts)
    del counts[after.side]
    return counts, frozenset(counts)


def end_combat(res: Resolution, winner: str, by_hand: bool) -> None:
    fallen = tuple(c.display for c in res.enc.combatants
                   if not c.removed and c.status in ("dead", "dying", "stable"))
    res.emit(ev.CombatEnded(winner, res.enc.state.round, fallen, by_hand))


def advance(res: Resolution) -> None:
    """R-TRN-4: start the next combatant in order that can act; bleed the dying passed over;
    delayers left at the round's end act last (R-TRN-7); then a new round begins."""
    # this round, the delayers, then a new round; while nobody can act, more rounds as long
    # as a duration may still end (R-CND-3: skipped turns count), at most 50 more
    for _ in range(3 + min(_longest_duration(res.enc), 50)):
        winner = winner_if_over(res.enc)
        if winner is not None:
            end_combat(res, winner, by_hand=False)
            return
        for cid in _not_passed(res):
            before = res.enc.get(cid).status
            if _start_or_skip(res, cid):
                return
            if res.enc.get(cid).status != before:  # R-TRN-6: it fell at its own turn start
                winner = winner_if_over(res.enc)  # (R-CND-6 ongoing damage): over at once
                if winner is not None:
                    end_combat(res, winner, by_hand=False)
                    return
        while res.enc.state.delaying:  # R-TRN-7: delayers left take their turns last
            who = res.enc.state.delaying[0]
            order = tuple(o for o in res.enc.state.order if o != who) + (who,)
            res.emit(ev.DelayEnded(who, res.enc.get(who).display, order))
            if _start_or_skip(res, who):
                return
        res.emit(ev.RoundStarted(res.enc.state.round + 1, surprise=False))
        for round_hook in res.tables.on_round_start:
            round_hook(res)
    raise IllegalAction("R-TRN-4", "nobody_order_can_take_turn")


def _not_passed(res: Resolution) -> Iterator[str]:
    """The order as it stood when asked, those who have acted or are delaying left out, as
    the state stands when each is reached (a skip before it changes the state). The ids
    passed over are looked up in a set (`_passed`), not in the growing tuples (with n
    combatants a turn's look-ups were O(n²): issue 29's cost per turn)."""
    st = res.enc.state
    passed = _passed(res, st)
    order, start = st.order, _resume_at(res, st, passed)
    first = True
    for k in range(start, len(order)):
        cid = order[k]
        now = res.enc.state
        if now is not st or res.memo["passed"][0] is not st.acted:
            st = now
            passed = _passed(res, st)
        if cid not in passed:
            if first:  # (nothing changed the state yet: the first at the state asked)
                first = False
                res.memo["turn order from"] = (order, st.acted, st.delaying, k)
            yield cid


def _passed(res: Resolution, st: State) -> set[str]:
    """`st.acted` and `st.delaying` as a set, kept in `res.memo` with the tuples it holds:
    grown in place by the ids a later state of the round added to `acted` (a turn adds one
    or a few), made afresh otherwise (a new round, a delay, a rewound state). Made afresh
    at every turn, it read all who acted: O(n) a turn (issue 29)."""
    memo = res.memo.get("passed")
    if memo is not None:
        acted, delaying, passed = memo
        if acted is st.acted and delaying is st.delaying:
            return passed  # type: ignore[no-any-return]
        if delaying == st.delaying and len(st.acted) > len(acted) \
                and st.acted[:len(acted)] == acted:
            passed.update(st.acted[len(acted):])
            res.memo["passed"] = (st.acted, st.delaying, passed)
            return passed  # type: ignore[no-any-return]
    passed = {*st.acted, *st.delaying}
    res.memo["passed"] = (st.acted, st.delaying, passed)
    return passed


def _resume_at(res: Resolution, st: State, passed: set[str]) -> int:
    """Where in the order to start looking: the place of the first not passed at an earlier
    state with the same order, when everyone passed then is passed still (acted only grows
    in a round; a rewound state, a new round or a new order starts from the top). A turn
    scanned the order from its first place: O(n) a turn (issue 29)."""
    memo = res.memo.get("turn order from")
    if memo is None or memo[0] is not st.order:
        return 0
    _, acted, delaying, k = memo
    if st.acted[:len(acted)] != acted or not passed.issuperset(delaying):
        return 0
    return int(k)


def _longest_duration(enc: Encounter) -> int:
    """The most turns any running duration has left (0 if none)."""
    turns: int = enc.fact("longest duration", _most_turns_left, CONDITIONS)
    return turns


def _most_turns_left(combatants: tuple[Combatant, ...]) -> int:
    return max((cond.turns for c in combatants if c.conditions
                for cond in c.conditions.values() if cond.turns is not None), default=0)


def _start_or_skip(res: Resolution, cid: str) -> bool:
    """Start `cid`'s turn if it can act (True); else pass it over, a dying one bleeding first.
    With shared group turns (R-INI-3) the whole group's turn starts at its first member."""
    st = res.enc.state
    members = res.enc.members_of(cid)
    if len(members) > 1:
        members = tuple(m for m in members if m not in st.acted and m not in st.delaying)
    elif res.enc.get(cid).status == "dead":  # passed over at once: no turn counts for it
        _skip(res, cid, counted=False)
        return False
    counted = [m for m in members  # decided once: whether each member's turn counts
               if _has_a_turn(res.enc, res.enc.get(m)) and _first_start_this_round(res.enc, m)]
    for hook in res.tables.on_turn_start:
        for m in counted:
            hook(res, m)
    able = [m for m in members if may_take_turn(res.enc, res.enc.get(m))]
    for m in members:
        if m not in able:
            _skip(res, m, counted=m in counted)
    if not able:
        return False
    start_turn(res, able[0], tuple(able) if len(members) > 1 else ())
    return True


def _skip(res: Resolution, cid: str, counted: bool) -> None:
    """Phase 2: `cid` is passed over."""
    c = res.enc.get(cid)
    for hook in res.tables.on_skipped_turn:
        hook(res, cid)
    if counted and res.enc.get(cid).status != "dead":
        # R-CND-3: a skipped turn still counts as its turn: the helpless', and (ruling) the
        # dying's and the stable's, who cannot act either (R-TRN-4); one that bled to death
        # now stays flat-footed (its turn start already counted for durations, R-CND-2)
        for hook in res.tables.on_turn_counted:
            hook(res, cid)
        res.emit(ev.SkippedTurnCounted(cid, in_surprise(res.enc)))
    res.emit(ev.TurnSkipped(cid, c.display, _skip_reason(res.enc, cid), c.pc))
    if counted:  # a turn that counted for durations ends them too (the dying's included)
        for end_hook in res.tables.on_turn_end:
            end_hook(res, cid, False)


def _skip_reason(enc: Encounter, cid: str) -> str:
    c = enc.get(cid)
    if c.status in ("dying", "stable", "dead"):
        return c.status
    if c.unable_by:
        return c.unable_by
    if c.confusion == "nothing":
        return confusing(c.conditions) or "unaware"  # R-CND-7: its condition names it
    return "unaware"


def next_turn(res: Resolution) -> None:
    """`next`: end the current turn and start the next (R-TRN-4)."""
    res.require_combat()
    end_turn(res)
    advance(res)


def delay(res: Resolution, who: str) -> None:
    """R-TRN-7: step out of the order for this round; the next combatant starts."""
    res.require_combat()
    c = res.combatant(who)
    if not res.enc.takes_turn_now(who):
        raise IllegalAction("R-TRN-7", "can_delay_only_own_turn", name=c.display)
    if len(res.enc.members_of(who)) > 1:
        raise IllegalAction("R-INI-3", "shares_group_turn_cannot_delay", name=c.display)
    spent = res.enc.state.spent
    if (spent.standard or spent.moves or spent.full_round or spent.step or spent.extended) \
            and not res.force:
        raise IllegalAction("R-TRN-7", "has_already_acted_this_turn", name=c.display)
    res.emit(ev.Delayed(who, c.display))
    advance(res)


def act_now(res: Resolution, who: str) -> None:
    """R-TRN-7: a delaying combatant ends the current turn and takes its own; its place
    becomes just after the combatant whose turn ended."""
    res.require_combat()
    c = res.combatant(who)
    if who not in res.enc.state.delaying:
        raise IllegalAction("R-TRN-7", "not_delaying", name=c.display)
    if not c.can_act:
        raise IllegalAction("R-CND-3" if c.unable_by else "R-TRN-4",
                            "cannot_act_state", name=c.display, state=c.unable_by or c.status)
    previous = res.enc.state.turn
    end_turn(res)
    order = [o for o in res.enc.state.order if o != who]
    at = order.index(previous) + 1 if previous in order else len(order)
    order.insert(at, who)
    res.emit(ev.DelayEnded(who, c.display, tuple(order)))
    start_turn(res, who)


def end_by_hand(res: Resolution) -> None:
    """`end`: the GM ends the combat (R-TRN-6)."""
    res.require_not_ended()
    end_combat(res, winner_if_over(res.enc) or "", by_hand=True)


def remove(res: Resolution, who: str) -> None:
    """A combatant leaves (fled, dismissed): engagements (R-ENG-4), guards and declarations
    end."""
    res.require_not_ended()
    c = res.combatant(who)
    for missile in (False, True):
        linked = {o.id: o for o in res.enc.combatants
                  if o.id != who and who in (o.missile_engaged if missile else o.engaged)}
        for other in (c.missile_engaged if missile else c.engaged):
            linked.setdefault(other, res.enc.get(other))
        for o in linked.values():
            res.emit(ev.Disengaged(who, c.display, o.id, o.display, missile))
    for g in res.enc.active:
        if g.guarding == who or (g.id == who and g.guarding):
            res.emit(ev.GuardEnded(g.id, g.display))
    was_turn = res.enc.state.turn == who
    heirs = [m for m in res.enc.members_of(who) if m != who and res.enc.takes_turn_now(m)
             and res.enc.get(m).can_act] if was_turn else []
    res.emit(ev.Removed(who, c.display))
    if heirs:  # R-INI-3: the group's turn goes on with its next member
        res.emit(ev.TurnHandedOver(heirs[0]))
    elif was_turn and res.enc.state.phase in ("surprise", "combat"):
        advance(res)


def _delay(res: Resolution, x: act.Delay) -> None:
    delay(res, x.who)


def _act(res: Resolution, x: act.Act) -> None:
    act_now(res, x.who)


def _end(res: Resolution, x: act.End) -> None:
    end_by_hand(res)


def _remove(res: Resolution, x: act.Remove) -> None:
    remove(res, x.who)


HANDLES = {act.Delay: _delay, act.Act: _act, act.End: _end, act.Remove: _remove}
ON_TURN_COUNTED = (end_flat_footed,)
