"""Actions beyond attacks (R-ACT-1…4): spells, potions, tricks, and ad hoc actions.

Order (R-DIC-4): cost and use spent, provoked AoOs (R-ACT-2), the check, each target's save,
then the damage or healing dice, then conditions (R-ACT-3, through `rules.conditions`)."""

from __future__ import annotations

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat.dice import Mod
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction, UsageError
from pbwcombat.geometry import distance
from pbwcombat.model import ActionDef, Combatant
from pbwcombat.rules import conditions, ready
from pbwcombat.rules.allowance import (
    check_aware,
    require_actor,
    spend,
)
from pbwcombat.rules.aoo import provoke_in_place
from pbwcombat.rules.damage import gain_temp, reduce_damage
from pbwcombat.rules.effects import reads_by, save_mods
from pbwcombat.rules.hp import change_hp, deal, strain_after_standard

COSTS = ("standard", "move", "full", "free")


def _targets(res: Resolution, me: Combatant, a: ActionDef, targets: list[str]
             ) -> list[Combatant]:
    """R-ACT-3: targets named once each, within range, alive (healing the dead: --force)."""
    people = [res.combatant(t) for t in dict.fromkeys(targets)]
    if a.needs_targets and not people:
        raise UsageError("needs_target", rule="R-ACT-3", name=a.display)
    if people and not a.needs_targets:
        raise UsageError("takes_target", rule="R-ACT-3", name=a.display)
    for t in people:
        if t.status == "dead" and not (a.heal and res.force):
            raise IllegalAction("R-HP-1", "is_dead", name=t.display)
        check_aware(res, me, t)  # R-INI-4: in the surprise round, only enemies it knows of
        if a.range is not None and me.position is not None and t.position is not None:
            d = distance(me.position, t.position)
            if d > a.range:
                raise IllegalAction("R-ACT-3", "action_out_of_range", name=t.display,
                                    action=a.display, distance=d, range=a.range)
    return people


def take_action(res: Resolution, who: str, key: str | None, targets: list[str],
                text: str = "", cost: str = "standard", provokes: bool = False,
                defensively: bool = False) -> None:
    """`action WHO ACTION [--target …]` or ad hoc `action WHO --text T --cost C [--provokes]`
    (R-ACT-1…4)."""
    me = require_actor(res, who)
    if key is not None:
        a = me.action(key)
        if a is None:
            raise UsageError("has_no_action", name=me.display, action=key)
    else:
        if cost not in COSTS:
            raise UsageError("not_one_of", flag="--cost", value=repr(cost),
                             choices=", ".join(COSTS))
        a = ActionDef.new(id="ad-hoc", name=text, cost=cost, provokes=provokes)
    if defensively and a.spell_level is None:
        raise UsageError("defensively_is_for_spells", rule="R-ACT-10")
    if a.uses is not None and a.uses <= 0:  # not even --force: uses cannot go below 0
        raise IllegalAction("R-ACT-1", "has_uses_left", name=a.display)
    people = _targets(res, me, a, targets)
    economy, provoking = a.economy  # R-ACT-8: a `kind` gives its row's cost and provokes
    spend(res, me, economy, a.display)
    res.emit(ev.ActionTaken(who, me.display, a.id if key else "", a.display, economy,
                            text if key is None else "", tuple(p.id for p in people),
                            tuple(p.display for p in people)))
    if a.uses is not None and a.uses > 0:
        res.emit(ev.UsesSpent(who, a.id, a.display, a.uses - 1))
    if not ready.starting_to_act(res, who):  # R-RDY-1 `acts:`, before the first die
        return
    if a.spell_level is not None:  # R-ACT-10: concentration, the AoOs it provokes
        from pbwcombat.rules.casting import cast

        if not cast(res, who, a, provoking, defensively):
            return  # lost: cost and use stay spent
    elif provoking and not provoke_in_place(res, who):
        return  # R-ACT-2: the action is lost; cost and use stay spent
    _effect(res, me, a, [p.id for p in people])
    if economy == "standard":
        strain_after_standard(res, who)  # R-HP-2


def _effect(res: Resolution, me: Combatant, a: ActionDef, targets: list[str]) -> None:
    """R-ACT-3 (a)–(d), in that order."""
    if a.check is not None:
        roll = res.dice.roll(a.check)
        success = a.dc is None or roll.total >= a.dc
        res.emit(ev.CheckRolled(me.id, me.display, a.display, roll, a.dc, success))
        if not success:
            return
    saved: dict[str, bool] = {}
    if a.save is not None:
        assert a.dc is not None  # the schema asks a save for a dc
        for t in targets:
            c = res.enc.get(t)
            roll = res.dice.d20(Mod(c.save_bonus(a.save), a.save), *save_mods(c.affecting))
            n = roll.natural
            success = n != 1 and (n == 20 or roll.total >= a.dc)
            saved[t] = success
            res.emit(ev.SaveRolled(t, c.display, a.save, roll, a.dc, success))
    expr = a.damage or a.heal
    if expr is not None:
        hit = [t for t in targets if not (saved.get(t) and a.on_save == "negates")]
        if hit:  # ruling: nobody left to affect, nothing rolled
            roll = res.dice.roll(expr)
            kind = "damage" if a.damage else "heal"
            res.emit(ev.EffectRolled(me.id, a.display, kind, roll,
                                     tuple(res.enc.get(t).display for t in hit)))
            amount = max(0, roll.total)
            for t in hit:
                got = amount
                if saved.get(t):
                    got = amount // 2
                    res.emit(ev.SaveReduced(t, res.enc.get(t).display, "half", got))
                if kind == "damage":  # R-HP-8 energy, then R-HP-6/7 (the damage order)
                    deal(res, t, reduce_damage(res, t, got, None, a.energy), a.nonlethal, "gm")
                else:
                    change_hp(res, t, got, "healing")
        for t in targets:
            if saved.get(t) and a.on_save == "negates":
                res.emit(ev.SaveReduced(t, res.enc.get(t).display, "negates", 0))
    if a.temp_hp is not None:  # R-HP-6: to its targets as `heal` goes
        given = [t for t in targets if not (saved.get(t) and a.on_save == "negates")]
        if given:
            roll = res.dice.roll(a.temp_hp)
            res.emit(ev.EffectRolled(me.id, a.display, "temp_hp", roll,
                                     tuple(res.enc.get(t).display for t in given)))
            for t in given:
                gain_temp(res, t, max(0, roll.total))
    if a.condition is not None:
        afflicted = [t for t in targets if not saved.get(t)]
        apply_condition(res, me, a, afflicted)


def apply_condition(res: Resolution, me: Combatant, a: ActionDef, targets: list[str]) -> None:
    """R-ACT-3(d): the condition on each target whose save failed or that had none, ending at
    the start of the actor's `condition_rounds`-th next turn (absent: until removed)."""
    if a.condition is None:
        return
    extra = {"save": f"{a.save}:{a.dc}" if a.condition_save else None,  # R-CND-6
             "damage": a.condition_damage,
             "energy": a.energy if a.condition_damage else None,  # ruling: its energy
             "by": me.id if reads_by(a.condition) else None}  # R-CND-7: the actor put it on
    for t in targets:
        if res.enc.get(t).status != "dead":
            conditions.apply_condition(res, t, a.condition, a.condition_rounds, "start", me.id,
                                       extra)


def own_action(res: Resolution, x: act.TakeAction) -> None:
    """`action WHO ID` for one of WHO's own actions, or an ad hoc one (`rules.menu` sends the
    built-in table's rows elsewhere)."""
    take_action(res, x.who, x.action, list(x.target), x.text or "", x.cost or "standard",
                x.provokes, x.defensively)
