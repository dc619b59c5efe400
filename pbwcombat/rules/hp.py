"""Hit points and death (R-HP): thresholds, GM damage and healing, bleeding."""

from __future__ import annotations

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat.dice import D100, DiceSyntaxError, Roll, parse, split_sign
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction, UsageError
from pbwcombat.model import status_for
from pbwcombat.rules.damage import gain_temp, reduce_damage
from pbwcombat.rules.effects import nonlethal_state
from pbwcombat.rules.engagement import release_fallen

HP_BOUND = 1_000_000  # the file's bound on `hp` (model: strict_int)


def change_hp(res: Resolution, who: str, delta: int, cause: str) -> None:
    """Move `who`'s hp by `delta` across the R-HP-1 thresholds; the dead leave engagements."""
    c = res.enc.get(who)
    hp = c.hp + delta
    if delta > 0:
        hp = max(c.hp, min(hp, c.full_hp))  # R-HP-5: healing stops at max_hp
    if hp < -HP_BOUND:  # SPEC: never write a file the tool would refuse (exit 3)
        raise IllegalAction("R-HP-1", "would_drop_below_hit_points", name=c.display, bound=HP_BOUND)
    previous = "dying" if delta < 0 and c.status == "stable" else c.status  # R-HP-5
    status = status_for(hp, res.enc.rules.death_at, previous)
    nonlethal = max(c.nonlethal - delta, 0) if delta > 0 else c.nonlethal
    if not (nonlethal < c.nonlethal and hp == c.hp):  # healing only nonlethal: that line only
        capped = delta if delta > 0 and hp - c.hp < delta else 0  # said, never silent
        res.emit(ev.HpChanged(who, c.display, c.pc, c.hp, hp, c.full_hp, c.status, status,
                              cause, nonlethal, capped))
    if nonlethal < c.nonlethal:  # R-HP-7: healing lowers nonlethal by the same amount
        res.emit(ev.NonlethalChanged(who, c.display, c.pc, c.nonlethal, nonlethal, hp,
                                     nonlethal_state(hp, nonlethal), "healing"))
    if hp <= 0:  # R-ENG-4/6: a fallen (or dead) combatant's engagements end; a blow on
        release_fallen(res, who)  # a prone one that stays up ends none (it made them anew)
    if status == "dead":
        _leave_the_fight(res, who)


def deal(res: Resolution, who: str, amount: int, nonlethal: bool, cause: str) -> None:
    """The end of the damage order: nonlethal damage adds to `nonlethal` (lethal instead at
    hp ≤ 0 or when it would pass max_hp, R-HP-7); temporary hp absorb lethal damage (R-HP-6);
    the rest lowers hp."""
    c = res.enc.get(who)
    amount = max(amount, 0)
    if nonlethal and c.hp > 0 and c.nonlethal + amount <= c.full_hp:
        if not amount:
            return  # all of it stopped (DR): nothing changes
        after = c.nonlethal + amount
        res.emit(ev.NonlethalChanged(who, c.display, c.pc, c.nonlethal, after, c.hp,
                                     nonlethal_state(c.hp, after), "damage"))
        if res.enc.get(who).knocked_out:
            release_fallen(res, who)  # R-ENG-6: knocked out by nonlethal damage counts too
        return
    if nonlethal and amount:
        res.emit(ev.NonlethalAsLethal(who, c.display))
    if c.temp_hp and amount:
        absorbed = min(c.temp_hp, amount)
        res.emit(ev.TempHpChanged(who, c.display, c.pc, c.temp_hp, c.temp_hp - absorbed,
                                  "absorbed"))
        amount -= absorbed
    if not amount:
        return  # all of it stopped (DR, resistance) or absorbed: hp and status stay
    change_hp(res, who, -amount, cause)


def strain_after_standard(res: Resolution, who: str) -> None:
    """R-HP-2: a disabled combatant takes 1 damage after a standard action."""
    c = res.enc.get(who)
    if c.status == "disabled" and c.hp == 0:
        change_hp(res, who, -1, "strain")


def _leave_the_fight(res: Resolution, who: str) -> None:
    """R-ENG-4: a dead defender guards nobody (its engagements ended as it fell)."""
    me = res.enc.get(who)
    if me.guarding:
        res.emit(ev.GuardEnded(who, me.display))


def parse_delta(text: str) -> tuple[int, str]:
    """`-5` → (-1, "5"), `+3`/`3` → (1, "3"), `-2d6` → (-1, "2d6"), `+-2` → (-1, "2"): the
    leading sign covers the whole expression (`-1d4+1d6` is −(1d4+1d6)); unsigned heals."""
    sign, rest = split_sign(text)
    body = rest.strip()
    if not body or body[:1] in "+-":
        raise UsageError("not_signed_integer_dice_expression", rule="R-HP-5", text=text)
    try:
        parse(body)
    except DiceSyntaxError as e:  # point into DELTA as typed, not into its unsigned part
        offset = len(text) - len(rest) + len(rest) - len(rest.lstrip())
        raise DiceSyntaxError(text, offset + e.pos, e.reason, **e.fields) from None
    return sign or 1, body


def _check_kind(sign: int, temp: bool, nonlethal: bool, energy: str | None) -> None:
    """R-HP-6/7/8: `--temp` gives (+N), `--nonlethal` and `--energy` damage (−N); exit 2."""
    from pbwcombat.traits import ENERGY

    if temp and (nonlethal or energy is not None):
        raise UsageError("temp_gives_temporary_hit_points", rule="R-HP-6")
    if temp and sign < 0:
        raise UsageError("temp_temporary_hit_points_are", rule="R-HP-6")
    if nonlethal and sign > 0:
        raise UsageError("nonlethal_nonlethal_damage_negative_healing", rule="R-HP-7")
    if energy is not None:
        if energy not in ENERGY:
            kinds = ", ".join(ENERGY)
            raise UsageError("energy_not_energy_kind", rule="R-HP-8", energy=energy, kinds=kinds)
        if sign > 0:
            raise UsageError("energy_energy_damage_negative", rule="R-HP-8")


def gm_hp(res: Resolution, targets: list[str], delta_text: str, temp: bool = False,
          nonlethal: bool = False, energy: str | None = None) -> None:
    """R-HP-5: GM damage or healing, rolled once for all targets; `temp` gives temporary hp
    (R-HP-6), `nonlethal` and `energy` shape the damage (R-HP-7/8)."""
    sign, body = parse_delta(delta_text)
    _check_kind(sign, temp, nonlethal, energy)
    res.require_not_ended()
    people = [res.combatant(t) for t in dict.fromkeys(targets)]
    expr = parse(body)
    roll: Roll = res.dice.roll(expr)
    if expr.has_dice:
        res.emit(ev.GmHpRolled(delta_text.strip(), roll, tuple(p.id for p in people),
                               tuple(p.display for p in people)))
    amount = sign * roll.total
    for p in people:
        if amount > 0 and p.status == "dead" and not res.force:
            raise IllegalAction("R-HP-5", "dead_bringing_dead_back_needs", name=p.display)
    for p in people:
        if temp:
            gain_temp(res, p.id, amount)
        elif amount > 0:
            change_hp(res, p.id, amount, "healing")
        else:  # R-HP-8: resistance and immunity only with --energy; DR never (no weapon)
            deal(res, p.id, reduce_damage(res, p.id, -amount, None, energy), nonlethal, "gm")


def bleed(res: Resolution, who: str) -> None:
    """R-HP-4: at the start of a dying combatant's turn, 1d100: 1-10 stable, else -1 hp."""
    if not res.enc.rules.dying_bleed:
        return
    c = res.enc.get(who)
    roll = res.dice.roll(D100)
    stabilized = roll.total <= 10
    res.emit(ev.BleedRolled(who, c.display, roll, stabilized))
    if stabilized:
        res.emit(ev.Stabilized(who, c.display))
    else:
        change_hp(res, who, -1, "bleed")


def bleed_if_dying(res: Resolution, who: str) -> None:
    """R-HP-4: a dying combatant passed over bleeds (its turn start)."""
    if res.enc.get(who).status == "dying":
        bleed(res, who)


def _hp(res: Resolution, x: act.Hp) -> None:
    gm_hp(res, list(x.targets), x.delta, x.temp, x.nonlethal, x.energy)


HANDLES = {act.Hp: _hp}
ON_SKIPPED_TURN = (bleed_if_dying,)
