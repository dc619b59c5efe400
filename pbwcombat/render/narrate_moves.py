"""Lines of movement, engagement, guarding, readied actions, interception and conditions.

One family of `Narrator` (render/narrate.py): a method per event type, named after it, listed
in `narrate.NARRATION`."""

from __future__ import annotations

from pbwcombat import events as ev
from pbwcombat.render.catalog import spanish_plural
from pbwcombat.render.narrator import NarratorBase


class MoveLines(NarratorBase):
    """The lines of where combatants go and what holds them: moves, engagement, guards,
    readied actions, interceptions, conditions."""

    def _Moved(self, e: ev.Moved) -> str:
        key = "Moved_step" if e.step else "Moved_run" if e.run else "Moved"
        path = " → ".join(self.pos(p) for p in (e.start, e.path[-1]))
        if e.step:
            path = self.pos(e.path[-1])
        return self.t(key, name=self.name(e.name), path=path, cost=e.cost,
                      squares=self.count("squares", e.cost))

    def _MovedAway(self, e: ev.MovedAway) -> str:
        return self.t("MovedAway", name=self.name(e.name))

    def _MoveStopped(self, e: ev.MoveStopped) -> str:
        key = f"stop_{e.reason}"
        reason = self.t(key, g=self.g(e.name)) if key in self.cat else self.t("not_now")
        return self.t("MoveStopped", name=self.name(e.name), at=self.pos(e.at), reason=reason)

    def _Engaged(self, e: ev.Engaged) -> str:
        return self.t("Engaged_missile" if e.missile else "Engaged", a=self.name(e.a_name),
                      b=self.name(e.b_name), g=self.g(e.a_name, e.b_name))

    def _Disengaged(self, e: ev.Disengaged) -> str:
        return self.t("Disengaged_missile" if e.missile else "Disengaged",
                      a=self.name(e.a_name), b=self.name(e.b_name),
                      g=self.g(e.a_name) if e.missile else self.g(e.a_name, e.b_name))

    def _DefenseTotalRolled(self, e: ev.DefenseTotalRolled) -> str:
        return self.t("DefenseTotalRolled", name=self.name(e.name), roll=self.roll(e.roll))

    def _AttackTotalRolled(self, e: ev.AttackTotalRolled) -> str:
        return self.t("AttackTotalRolled", name=self.name(e.name), roll=self.roll(e.roll))

    def _DisengageResolved(self, e: ev.DisengageResolved) -> str:
        if e.auto:
            return self.markup.bold(self.t("DisengageResolved_auto",
                                           name=self.markup.escape(e.name),
                                           reason=self.cat[f"auto_{e.auto}"]))
        key = "reckless" if e.reckless else "ok" if e.success else "fail"
        return self.markup.bold(self.t(f"DisengageResolved_{key}", name=self.markup.escape(e.name),
                                       g=self.g(e.name)))

    def _GuardStarted(self, e: ev.GuardStarted) -> str:
        return self.t("GuardStarted", defender=self.name(e.defender_name),
                      ward=self.name(e.ward_name))

    def _GuardEnded(self, e: ev.GuardEnded) -> str:
        return self.t("GuardEnded", defender=self.name(e.defender_name))

    def _ReadyDeclared(self, e: ev.ReadyDeclared) -> str:
        plan = self.plan(e.who, e.plan)
        if self.gm:
            return self.t("ReadyDeclared_gm", name=self.name(e.name), plan=plan,
                          when=self.trigger(e.when))
        return self.t("ReadyDeclared", name=self.name(e.name), plan=plan)

    def _ReadyCleared(self, e: ev.ReadyCleared) -> str:
        return self.t("ReadyCleared_lost" if e.lost else "ReadyCleared", name=self.name(e.name),
                      g=self.g(e.name))

    def _ReadyFired(self, e: ev.ReadyFired) -> str:
        return self.t("ReadyFired", name=self.name(e.name), trigger=self.name(e.trigger_name))

    def _ReadyHeld(self, e: ev.ReadyHeld) -> str:
        key = f"held_{e.reason}"
        reason = self.t(key) if key in self.cat else self.t("not_now")
        return self.t("ReadyHeld", name=self.name(e.name), trigger=self.name(e.trigger_name),
                      reason=reason)

    def _ReadyLapsed(self, e: ev.ReadyLapsed) -> str:
        return self.t("ReadyLapsed", name=self.name(e.name))

    def _PriorityRolled(self, e: ev.PriorityRolled) -> str:
        return self.t("PriorityRolled", name=self.name(e.name), roll=self.roll(e.roll))

    def _InterceptResolved(self, e: ev.InterceptResolved) -> str:
        if not e.won:
            key = "lost"
        elif e.forfeit:
            key = "forfeit"
        elif e.movement:
            key = "move"
        else:
            key = "won"
        m = self.markup
        return m.bold(self.t(f"InterceptResolved_{key}", defender=m.escape(e.defender_name),
                             enemy=m.escape(e.enemy_name), ward=m.escape(e.ward_name),
                             g=self.g(e.enemy_name)))

    def _ConditionApplied(self, e: ev.ConditionApplied) -> str:
        key = "ConditionApplied_replaced" if e.replaced else "ConditionApplied"
        duration = self.duration(e.turns, e.ends, e.of_name)
        terms = self.condition_terms(e.extra())
        return self.t(key, name=self.name(e.name),
                      cond=self.markup.bold(self.condition_name(e.condition, e.gender)),
                      duration=f"{duration}; {terms}" if terms else duration)

    def _ConditionsApplied(self, group: tuple[ev.ConditionApplied, ...]) -> str:
        """One line for the same condition put on several at once, agreeing in number (and
        gender: feminine when all are): "Snag y Nit quedan enredados"."""
        e = group[0]
        key = "ConditionApplied_replaced_many" if e.replaced else "ConditionApplied_many"
        duration = self.duration(e.turns, e.ends, e.of_name) if e.turns is not None \
            else self.t("cond_until_removed_many")
        terms = self.condition_terms(e.extra())
        feminine = all(x.gender == "f" for x in group)
        cond = self.condition_name(e.condition, "f" if feminine else "m")
        if self.lang == "es" and f"cond_{e.condition}" in self.cat:
            cond = spanish_plural(cond)
        return self.t(key, name=self.names(x.name for x in group),
                      cond=self.markup.bold(cond),
                      duration=f"{duration}; {terms}" if terms else duration)

    def _ConditionRemoved(self, e: ev.ConditionRemoved) -> str:
        key = f"ConditionRemoved_{e.reason}"
        return self.t(key if key in self.cat else "ConditionRemoved_removed",
                      name=self.name(e.name),
                      cond=self.markup.bold(self.condition_name(e.condition, e.gender)),
                      of=self.name(e.of_name))
