"""Lines of initiative, rounds, turns, hit points, hand edits, declarations, orders, pacing
and the dice commitment.

One family of `Narrator` (render/narrate.py): a method per event type, named after it, listed
in `narrate.NARRATION`."""

from __future__ import annotations

import json

from pbwcombat import events as ev
from pbwcombat.errors import Message
from pbwcombat.render.messages import skipped_reason, text
from pbwcombat.render.narrator import NarratorBase


class TurnLines(NarratorBase):
    """The lines of the fight's clock and bookkeeping: initiative, rounds, turns, hit points,
    hand edits, declarations, orders, pacing, the dice commitment."""

    def _InitiativeRolled(self, e: ev.InitiativeRolled) -> str:
        return self.t("InitiativeRolled", names=self.names(e.names), roll=self.roll(e.roll))

    def _InitiativeJoined(self, e: ev.InitiativeJoined) -> str:
        return self.t("InitiativeJoined", name=self.name(e.name),
                      group=self.markup.escape(e.group), total=self.markup.bold(str(e.total)))

    def _RollOffRolled(self, e: ev.RollOffRolled) -> str:
        return self.t("RollOffRolled", names=self.names(e.names), roll=self.roll(e.roll))

    def _OrderSet(self, e: ev.OrderSet) -> str:
        # the totals bold (R-OUT-1), which also keeps `(8)` from being SMF's `8)` smiley
        order = ", ".join(f"{self.name(n)} ({self.markup.bold(str(t))})"
                          for n, t in zip(e.names, e.totals, strict=True))
        return self.t("OrderSet_reroll" if e.reroll else "OrderSet", order=order)

    def _CombatStarted(self, e: ev.CombatStarted) -> str:
        if e.surprise:  # R-INI-4: who acts in the surprise round
            return self.t("CombatStarted_surprise", aware=self.names(e.names or e.aware))
        return self.t("CombatStarted")

    def _RoundStarted(self, e: ev.RoundStarted) -> str:
        key = "RoundStarted_surprise" if e.surprise else "RoundStarted"
        return self.markup.bold(self.t(key, round=e.round))

    def _TurnStarted(self, e: ev.TurnStarted) -> str:
        if e.members:  # R-INI-3: a shared group turn
            key = "TurnStarted_group_deadline" if e.deadline else "TurnStarted_group"
            line = self.t(key, group=self.name(e.group), names=self.names(e.names),
                          at=self.due(e.deadline))
            mentions = [self.mention_of(p) for p in dict.fromkeys(e.players) if p]
            return " ".join([line, *mentions])
        if e.absent:  # R-PAC-2: its player is not mentioned
            return self.t("TurnStarted_absent", name=self.name(e.name), at=self.due(e.absent))
        if e.deadline and not self.deadline_shown:
            line = self.t("TurnStarted_deadline", name=self.name(e.name), at=self.due(e.deadline))
        else:
            line = self.t("TurnStarted", name=self.name(e.name))
        mention = self.mention_of(e.player)
        return f"{line} {mention}" if mention else line

    def _TurnSkipped(self, e: ev.TurnSkipped) -> str | None:
        hidden = not (e.pc or self.gm) and e.reason in ("dying", "stable")
        key = "TurnSkipped_down" if hidden else f"TurnSkipped_{e.reason}"  # R-OUT-3
        return self.t(key, name=self.name(e.name), g=self.g(e.name)) if key in self.cat \
            else None

    def _MadeFlatFooted(self, e: ev.MadeFlatFooted) -> str:
        names = e.names or e.who
        return self.t("MadeFlatFooted", names=self.names(names), g=self.g(*names))

    def _StreakReset(self, e: ev.StreakReset) -> str:
        return self.t("StreakReset_idle" if e.idle else "StreakReset", name=self.name(e.name))

    def _Delayed(self, e: ev.Delayed) -> str:
        return self.t("Delayed", name=self.name(e.name))

    def _DelayEnded(self, e: ev.DelayEnded) -> str:
        return self.t("DelayEnded", name=self.name(e.name))

    def _CombatEnded(self, e: ev.CombatEnded) -> str:
        rounds = self.count("rounds", e.rounds)
        if e.by_hand:
            line = self.t("CombatEnded_hand", rounds=rounds)
        elif e.winner:
            line = self.t("CombatEnded", rounds=rounds, winner=self.name(self.side(e.winner)))
        else:
            line = self.t("CombatEnded_none", rounds=rounds)
        if e.fallen:
            line += " " + self.t("fallen", names=self.names(e.fallen), g=self.g(*e.fallen))
        return self.markup.bold(line) if not e.fallen else line

    def _HpChanged(self, e: ev.HpChanged) -> str:
        state = self.hp_state(e.pc, e.hp, e.max_hp, e.status, e.name, nonlethal=e.nonlethal)
        key = f"HpChanged_{e.cause}"
        if e.cause == "healing" and not (e.pc or self.gm):
            key += "_hidden"  # R-OUT-3: a capped amount would tell the missing hit points
        elif (e.pc or self.gm) and e.status == "ok" and f"{key}_numbers" in self.cat:
            key += "_numbers"  # "A Aldric le quedan 21/24 PG" (issue 25)
        elif e.cause == "healing" and e.asked:
            key += "_capped"  # healing past the maximum is said (issue 25)
        return self.t(key, name=self.name(e.name), state=state, amount=abs(e.hp - e.before),
                      asked=e.asked)

    def _GmHpRolled(self, e: ev.GmHpRolled) -> str:
        return self.t("GmHpRolled", expr=self.expr(e.expr), names=self.names(e.names),
                      roll=self.roll(e.roll))

    def _BleedRolled(self, e: ev.BleedRolled) -> str:
        outcome = self.cat["bleed_stable" if e.stabilized else "bleed_loses"]
        return self.t("BleedRolled", name=self.name(e.name), roll=self.roll(e.roll),
                      outcome=self.markup.bold(outcome))

    def _Stabilized(self, e: ev.Stabilized) -> str | None:
        """A dying combatant made stable (R-ACT-12 stabilize, R-HP-4): said, unless the
        bleed roll just before has said it ("… — stable.")."""
        last = self._last
        if isinstance(last, ev.BleedRolled) and last.who == e.who and last.stabilized:
            return None
        return self.t("Stabilized", name=self.name(e.name),
                      stable=self.markup.bold(self.cat["status_stable"]))

    def _FreeRolled(self, e: ev.FreeRolled) -> str:
        reason = f" ({self.markup.escape(e.reason)})" if e.reason else ""
        key = "FreeRolled" if e.name else "FreeRolled_anon"
        return self.t(key, name=self.name(e.name), expr=self.expr(e.expr), reason=reason,
                      roll=self.roll(e.roll))

    def _Removed(self, e: ev.Removed) -> str:
        return self.t("Removed", name=self.name(e.name))

    def _Added(self, e: ev.Added) -> str:
        if e.at is None:
            return self.t("Added", name=self.name(e.name))
        return self.t("Added_at", name=self.name(e.name), at=self.pos(e.at))

    def _Declared(self, e: ev.Declared) -> str:
        line = self.t("Declared", name=self.name(e.name), action=self.declared(e.who, e.action))
        if e.replaces:  # a second declaration in the round takes the first one's place
            line += " " + self.t("Declared_replaces", action=self.declared(e.who, e.replaces))
        return line

    def _ValueSet(self, e: ev.ValueSet) -> str:
        """R-LOG-2 `set`: named as a hand edit is; a non-PC's numbers only with --gm."""
        items = dict.fromkeys(self.change(key, json.loads(old), json.loads(new), e.pc)
                              for key, old, new in e.changes)
        return self.t("ValueSet", changes="; ".join(items))

    def _DeclarationCleared(self, e: ev.DeclarationCleared) -> str:
        return self.t("DeclarationCleared", name=self.name(e.name))

    def _DeclarationSkipped(self, e: ev.DeclarationSkipped) -> str:
        reason = skipped_reason(e, self.lang, self.genders, self.markup, rule_ids=self.gm)
        return self.t("DeclarationSkipped", name=self.name(e.name),
                      action=self.declared(e.who, e.action), reason=reason)

    def _OrdersIdle(self, e: ev.OrdersIdle) -> str:
        if e.target_name:
            return self.t("OrdersIdle", name=self.name(e.name), target=self.name(e.target_name),
                          g=self.g(e.name))
        return self.t("OrdersIdle_none", name=self.name(e.name), g=self.g(e.name))

    # -- R-ORD-4/6: conditional orders and plans -----------------------------------------
    def _RuleFollowed(self, e: ev.RuleFollowed) -> str:
        if self.gm:  # players never see another combatant's orders
            return self.t("RuleFollowed_gm", name=self.name(e.name), index=e.index,
                          rule=self.markup.escape(e.text))
        return self.t("RuleFollowed", name=self.name(e.name))

    def _PlanCut(self, e: ev.PlanCut) -> str:
        act = " (" + self.markup.escape(" ".join(e.act)) + ")" if self.gm else ""
        if e.key and (self.gm or e.declared) and "msg_" + e.key in self.cat:
            # R-ORD-6: why, as a skipped declaration says it; an order's only to the GM
            reason = text(Message(e.key, **dict(e.fields)), self.lang, self.genders,
                          self.markup)
            return self.t("PlanCut_why", name=self.name(e.name), step=e.step, act=act,
                          reason=reason)
        return self.t("PlanCut", name=self.name(e.name), step=e.step, act=act)

    def _OrdersSet(self, e: ev.OrdersSet) -> str:
        if not e.rules:
            return self.t("OrdersSet_clear", name=self.name(e.name))
        key = "OrdersSet_one" if len(e.rules) == 1 else "OrdersSet"
        line = self.t(key, name=self.name(e.name), n=len(e.rules))
        if self.gm:
            line += " " + "; ".join(f"{i}. {self.markup.escape(r)}"
                                    for i, r in enumerate(e.rules, 1))
        return line

    # -- R-PAC: pacing --------------------------------------------------------------------
    def _AbsenceSet(self, e: ev.AbsenceSet) -> str:
        return self.t("AbsenceSet", name=self.name(e.name), at=self.due(e.at))

    def _AbsenceCleared(self, e: ev.AbsenceCleared) -> str:
        key = "AbsenceCleared_expired" if e.expired else "AbsenceCleared"
        return self.t(key, name=self.name(e.name))

    def _AbsentPassed(self, e: ev.AbsentPassed) -> str:
        return self.t("AbsentPassed", name=self.name(e.name))

    def _Reminded(self, e: ev.Reminded) -> str:
        left = self.time_left(e.deadline, e.left)
        if not e.names:
            return self.t("Reminded_nobody", round=e.round, left=left)
        mentions = " ".join(m for m in (self.mention_of(p) for p in dict.fromkeys(e.players))
                            if m)
        key = "Reminded_declared" if e.declared else "Reminded_turn"
        return self.t(key, round=e.round, names=self.names(e.names), mentions=mentions,
                      left=left).replace("  ", " ")

    def _RoundDue(self, e: ev.RoundDue) -> str:
        return self.t("RoundDue_all-declared" if e.why == "all-declared" else "RoundDue_deadline")

    def _OrdersFollowed(self, e: ev.OrdersFollowed) -> str:
        return self.t(f"OrdersFollowed_{e.orders}", name=self.name(e.name),
                      ward=self.name(e.ward_name))

    def _DiceSalted(self, e: ev.DiceSalted) -> str:
        return self.t("DiceSalted", salt=self.markup.bold(self.markup.escape(e.salt)))

    def _DiceCommitted(self, e: ev.DiceCommitted) -> str:
        return self.t("DiceCommitted", algorithm=e.algorithm,
                      commitment=self.markup.bold(e.commitment))
