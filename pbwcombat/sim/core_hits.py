"""The simulator core's blows (issue 29): one attack roll with confirmation and damage, hit
points and their thresholds, engagement made and ended, attacks of opportunity and the
disengage contest, on `core_state`'s mutable fighters.

Each function here is the engine's rule written again for speed, for the cases the core
admits (no conditions, feats, DR, nonlethal, guards or readied plans: `core_state.ineligible`
keeps such fights in the engine). The rule itself lives in its family, named in each
docstring; `tests/test_sim_core.py` holds these copies to it fight by fight.
"""

from __future__ import annotations

from pbwcombat.geometry import distance
from pbwcombat.model import status_for
from pbwcombat.rules.hp import HP_BOUND
from pbwcombat.sim.core_state import CoreWeapon, Fight, Fighter, Unsupported


def effective_defense(f: Fighter) -> int:
    """`rules.attack_roll.effective_defense` without conditions or stance (R-INI-6)."""
    if f.flat_footed:
        return f.defense - (f.dex_mod if f.dex_mod > 0 else 0) - f.dodge
    return f.defense


def attack_roll(fight: Fight, a: Fighter, t: Fighter, w: CoreWeapon, mod: int = 0,
                engages: bool = True) -> bool:
    """`rules.attack_roll.attack_roll` (R-ATK-1…5): the d20, the attack recorded (R-DIS-2),
    engagement (R-ATK-5), confirmation (R-ATK-3), damage (R-ATK-4), hit points (R-HP)."""
    defense = effective_defense(t) if t.flat_footed else t.defense
    bonus = w.attack + mod
    die = fight.die
    natural = die(20)
    hit = natural != 1 and (natural == 20 or natural + bonus >= defense)
    t.attacked_by[a.id] = fight.clock  # AttackRecorded
    if engages:  # `engage` but for what it leaves as it is: most blows land on one engaged
        if w.melee:
            if t.id not in a.engaged:
                engage(fight, a, t, missile=False)
        elif t.id not in a.missile or t.id in a.presence:
            engage(fight, a, t, missile=True)
    if not hit:
        return False
    times = 1
    if natural >= w.crit_range or natural == 20:  # a threat (R-ATK-3)
        if fight.rules.confirm:
            n = die(20)
            if n != 1 and (n == 20 or n + bonus >= defense):
                times = w.crit_mult
        else:
            times = w.crit_mult
    count, sides, total = w.dice, w.sides, w.bonus * times
    for _ in range(times * count):  # the dice in the engine's order: the same draws
        total += die(sides)
    change_hp(fight, t, -max(1, total))
    return True


def change_hp(fight: Fight, f: Fighter, delta: int) -> None:
    """`rules.hp.change_hp` for damage (R-HP-1): thresholds; the fallen leave engagements."""
    hp = f.hp + delta
    if hp > 0 and f.status == "ok":  # still ok (R-HP-1): status, standing, engagements stay
        f.hp = hp
        return
    if hp < -HP_BOUND:
        raise Unsupported("hp bound")
    previous = "dying" if delta < 0 and f.status == "stable" else f.status
    f.hp = hp
    fight.set_status(f, status_for(hp, fight.rules.death_at, previous))  # type: ignore[arg-type]
    if hp <= 0:
        release_fallen(fight, f)


def release_fallen(fight: Fight, f: Fighter) -> None:
    """`rules.engagement.release_fallen` (R-ENG-6): every engagement with it ends, melee and
    missile (presence with it)."""
    by_id = fight.by_id
    moved = fight.moved
    moved.add(f)
    for other in f.engaged:
        by_id[other].engaged.remove(f.id)
        moved.add(by_id[other])
    for other in f.missile:
        o = by_id[other]
        o.missile.discard(f.id)
        o.presence.discard(f.id)
    f.engaged, f.missile, f.presence = [], set(), set()


def engage(fight: Fight, a: Fighter, b: Fighter, missile: bool) -> None:
    """`rules.engagement.engage` (R-ENG-1/3/5/6)."""
    if a.hp <= 0 or b.hp <= 0 or a.side == b.side or a.status == "dead" \
            or b.status == "dead":
        return
    bid, aid = b.id, a.id
    if missile:
        if bid in a.missile and bid not in a.presence:
            return
    elif bid in a.engaged:
        return
    turn = fight.turn  # what the one whose turn it is has escaped (`Fight.spent_of`)
    if (turn == aid and bid in fight.spent.escaped) or (turn == bid
                                                         and aid in fight.spent.escaped):
        return
    if missile:  # a shot makes an engagement by presence one of its own
        a.presence.discard(bid)
        b.presence.discard(aid)
        a.missile.add(bid)
        b.missile.add(aid)
    else:
        fight.moved.add(a)
        fight.moved.add(b)
        a.engaged.append(bid)  # not in it: asked above
        if aid not in b.engaged:
            b.engaged.append(aid)


def disengage_from(fight: Fight, a: Fighter, b: Fighter) -> None:
    """A melee engagement ends (`Disengaged`, not missile)."""
    fight.moved.add(a)
    fight.moved.add(b)
    if b.id in a.engaged:
        a.engaged.remove(b.id)
    if a.id in b.engaged:
        b.engaged.remove(a.id)


# -- attacks of opportunity (rules.aoo) --------------------------------------------------


def can_make_aoo(fight: Fight, c: Fighter) -> bool:
    """`rules.aoo.can_make_aoo` without feats, guards or stances (R-AOO-4, R-HP-3)."""
    return c.hp > 0 and c.up and not c.flat_footed and c.aoo_round != fight.round


def provokers(fight: Fight, mover: Fighter, square: tuple[int, int],
              engaged_exempt: bool) -> list[Fighter]:
    """`rules.aoo.provokers`: the enemies that get an AoO when `mover` leaves (or shoots
    from) `square`, in initiative order (R-DIC-4)."""
    escaped = fight.spent_of(mover).escaped
    near = fight.standing_near(square, fight.reach)  # reach: the longest of anyone's
    side, mid, now = mover.side, mover.id, fight.round
    found = [c for c in (fight.people if near is None else near)
             if c.side != side and c.hp > 0 and c.up and not c.flat_footed
             and c.aoo_round != now  # `can_make_aoo`, inline: asked of every candidate
             and c.id not in escaped and not (engaged_exempt and mid in c.engaged)
             and c.threatens(square)]
    if len(found) > 1:
        found.sort(key=lambda c: fight.initiative_rank(c.id))
    return found


def attack_of_opportunity(fight: Fight, e: Fighter, mover: Fighter,
                          square: tuple[int, int]) -> bool:
    """`rules.aoo.attack_of_opportunity` (R-AOO-4): the best melee weapon reaching `square`
    (first of the highest `attack`); True if made."""
    d = distance(e.pos, square)
    weapon = None
    for w in e.melee:
        if w.threatens(d) and (weapon is None or w.attack > weapon.attack):
            weapon = w
    if weapon is None or not can_make_aoo(fight, e):
        return False
    e.aoo_round = fight.round  # AooUsed
    attack_roll(fight, e, mover, weapon, engages=fight.rules.aoo_engages)
    return True


def dropped(f: Fighter, before: int) -> bool:
    """`rules.aoo.dropped` (R-AOO-6)."""
    return f.hp <= 0 and f.hp < before


# -- disengaging (rules.disengage) ---------------------------------------------------------


def attacked_since_previous_turn(fight: Fight, me: Fighter, other: str) -> bool:
    """`rules.disengage.attacked_since_previous_turn` (R-DIS-2/4)."""
    at = me.attacked_by.get(other)
    if at is None:
        return False
    previous, last = me.clocks
    return at >= (previous if me.id == fight.turn else last)


def attempt(fight: Fight, me: Fighter, opponent_ids: list[str]) -> bool:
    """`rules.disengage.attempt` without the first-in-order case (R-DIS-1…6): the
    automatic cases, else Defense Total against the Attack Totals; True on success."""
    by_id = fight.by_id
    opponents = sorted((by_id[o] for o in opponent_ids),
                       key=lambda o: fight.initiative_rank(o.id))
    streak = me.streak
    success = True
    if not all(o.status != "ok" for o in opponents) and any(
            attacked_since_previous_turn(fight, me, o.id) for o in opponents):
        success = _contest(fight, me, opponents, streak)
    spent = fight.spent_of(me)
    if spent is fight.spent:
        spent.tried = True  # DisengageResolved
    me.streak = 0 if success else streak + 1  # StreakSet
    if success:
        for o in opponents:
            disengage_from(fight, me, o)
        if spent is fight.spent:  # Escaped (R-ENG-6)
            spent.escaped += [o.id for o in opponents if o.id not in spent.escaped]
    elif spent is fight.spent:
        spent.extended = True  # ActionSpent "extended"
    return success


def _contest(fight: Fight, me: Fighter, opponents: list[Fighter], streak: int) -> bool:
    """`rules.disengage._contest` (R-DIS-2/3/5): ties go to the disengager."""
    step = fight.rules.step
    defense = fight.die(20) + effective_defense(me) - 10 + (streak * step if streak else 0)
    best = None
    for o in opponents:
        if not (o.hp > 0 and o.status == "ok" and attacked_since_previous_turn(fight, me, o.id)):
            continue
        roll = fight.die(20) + max((w.attack for w in o.melee), default=0)
        best = roll if best is None or roll > best else best
    return best is None or defense >= best
