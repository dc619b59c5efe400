"""Lines of attacks, damage, actions, checks and saves.

One family of `Narrator` (render/narrate.py): a method per event type, named after it, listed
in `narrate.NARRATION`."""

from __future__ import annotations

from pbwcombat import events as ev
from pbwcombat.render.narrator import NarratorBase


class AttackLines(NarratorBase):
    """The lines of attacks and what follows from them: damage, actions, checks, saves."""

    def _AttackRolled(self, e: ev.AttackRolled) -> str:
        natural = e.roll.natural
        if natural == 1:
            outcome = "miss_natural"
        elif e.threat:
            outcome = "threat_natural" if natural == 20 else "threat"
        elif e.hit:
            outcome = "hit_natural" if natural == 20 else "hit"
        else:
            outcome = "miss"
        g = self.g(e.target_name)
        if e.conditions or e.unseen:
            notes = [self.t("flat_footed", g=g)] if e.flat_footed else []
            notes += [self.condition_name(n, self.genders.get(e.target_name, "m"))
                      for n in e.conditions]
            notes += [self.cat["unseen_attacker"]] if e.unseen else []
            defense = self.t("defense_notes", defense=e.defense, notes=", ".join(notes))
        else:
            defense = self.t("defense_ff" if e.flat_footed else "defense", defense=e.defense,
                             g=g)
        key = {"aoo": "AttackRolled_aoo", "free": "AttackRolled_free"}.get(e.kind,
                                                                          "AttackRolled")
        return self.t(key, attacker=self.name(e.attacker_name), target=self.name(e.target_name),
                      weapon=self.markup.escape(e.weapon_name), roll=self.roll(e.roll),
                      defense=defense, outcome=self.markup.bold(self.cat[outcome]))

    def _ConfusionRolled(self, e: ev.ConfusionRolled) -> str:
        """R-CND-7: "Snag is confused: 1d100 (37) = 37 — does nothing this turn"."""
        if e.band == "attack":
            key = "confusion_attack_by" if e.by_first else "confusion_attack_nearest"
        else:
            key = f"confusion_{e.band}"
        if key not in self.cat:
            key = "confusion_normal"  # not a band (hand-made data): no claim beyond the die
        outcome = self.t(key, target=self.name(e.target_name), g=self.g(e.name))
        return self.t("ConfusionRolled", name=self.name(e.name),
                      cond=self.markup.bold(self.condition_name(e.condition, e.gender)),
                      roll=self.roll(e.roll), outcome=self.markup.bold(outcome))

    def _MissChanceRolled(self, e: ev.MissChanceRolled) -> str:
        """R-CND-8: "Miss chance 50% (blinded): 1d100 (37) = 37 — the blow goes wide: 37 ≤ 50"."""
        source = (self.cat["miss_source_concealment"] if e.source == "concealment"
                  else self.condition_name(e.source, e.gender))
        key = "miss_chance_missed" if e.missed else "miss_chance_lands"
        outcome = self.t(key, face=e.roll.total, chance=e.chance)
        return self.t("MissChanceRolled", chance=e.chance, source=source, roll=self.roll(e.roll),
                      outcome=self.markup.bold(outcome))

    def _CriticalConfirmRolled(self, e: ev.CriticalConfirmRolled) -> str:
        outcome = self.cat["confirmed" if e.confirmed else "not_confirmed"]
        return self.t("CriticalConfirmRolled", roll=self.roll(e.roll), defense=e.defense,
                      outcome=self.markup.bold(outcome))

    def _DamageRolled(self, e: ev.DamageRolled) -> str:
        crit = self.t("crit_times", mult=e.multiplier) if e.critical else ""
        if e.sneak is not None:  # R-ACT-13: "+ sneak attack 2d6 (4, 5) = 9", apart
            crit += self.t("sneak_attack", roll=self.roll(e.sneak))
        if e.amount == e.roll.total:  # R-OUT-9: no "= 8 → 8"
            return self.t("DamageRolled_total", target=self.name(e.target_name),
                          roll=self.roll(e.roll), crit=crit)
        return self.t("DamageRolled", target=self.name(e.target_name), roll=self.roll(e.roll),
                      crit=crit, amount=self.markup.bold(str(e.amount)))

    def _CriticalIgnored(self, e: ev.CriticalIgnored) -> str:
        return self.t("CriticalIgnored", name=self.name(e.name))

    def _DamageReduced(self, e: ev.DamageReduced) -> str:
        """R-HP-8: "18 − 5 (DR 5/magic) = 13", each step in the damage order."""
        text = str(e.before)
        for kind, label, amount in e.steps:
            energy = self.cat.get(f"energy_{label}", label)
            why = self.t(f"reduced_{kind}", label=self.markup.escape(label), energy=energy)
            text += f" − {amount} ({why})"
        arithmetic = f"{text} = {self.markup.bold(str(e.after))}"
        return self.t("DamageReduced", name=self.name(e.name), arithmetic=arithmetic)

    def _TempHpChanged(self, e: ev.TempHpChanged) -> str:
        """R-HP-6: a PC's temporary hp as "+N temp"; a non-PC's only with --gm."""
        if not (e.pc or self.gm):
            return self.t(f"TempHpChanged_{e.way}_hidden", name=self.name(e.name))
        way = "absorbed_all" if e.way == "absorbed" and not e.after else e.way  # none left
        return self.t(f"TempHpChanged_{way}", name=self.name(e.name),
                      amount=e.before - e.after,
                      temp=self.markup.bold(self.t("temp_hp", n=e.after)))

    def _NonlethalChanged(self, e: ev.NonlethalChanged) -> str:
        """R-HP-7: the nonlethal total (a non-PC's only with --gm) and the derived state."""
        amount = abs(e.after - e.before)
        state = self.t(f"nl_{e.state}") if e.state else ""
        if not (e.pc or self.gm):
            shown = f": {self.markup.bold(state)}" if state else ""
            return self.t(f"NonlethalChanged_{e.cause}_hidden", name=self.name(e.name),
                          amount=amount, state=shown)
        total = self.t("nonlethal_total", n=e.after) + (f", {state}" if state else "")
        return self.t(f"NonlethalChanged_{e.cause}", name=self.name(e.name), amount=amount,
                      state=self.markup.bold(total))

    def _NonlethalAsLethal(self, e: ev.NonlethalAsLethal) -> str:
        return self.t("NonlethalAsLethal", name=self.name(e.name))

    def _AmmoSpent(self, e: ev.AmmoSpent) -> str:
        return self.t("AmmoSpent_one" if e.left == 1 else "AmmoSpent",
                      weapon=self.markup.escape(e.weapon_name), left=e.left)

    def _AttackRefused(self, e: ev.AttackRefused) -> str:
        return self.t("AttackRefused", name=self.name(e.name),
                      reason=self.cat.get(f"refused_{e.reason}", self.cat["not_now"]))

    def _AooDeclined(self, e: ev.AooDeclined) -> str:
        return self.t("AooDeclined", name=self.name(e.name), mover=self.name(e.mover_name))

    def _InterceptDeclined(self, e: ev.InterceptDeclined) -> str:
        return self.t("InterceptDeclined", defender=self.name(e.defender_name),
                      enemy=self.name(e.enemy_name))

    def _ActionTaken(self, e: ev.ActionTaken) -> str:
        m = self.markup
        cost = self.cat[f"cost_{e.economy}"]
        if not e.action:
            return self.t("ActionTaken_text", name=self.name(e.name), text=m.escape(e.text),
                          cost=cost)
        if e.table:  # R-ACT-8: "Mira: draw a weapon (move action)."
            from pbwcombat.menu import row

            r = row(e.action)
            what = r.name(self.lang) if r is not None else e.action_name
            on = self.t("ActionTaken_row_on", targets=self.names(e.target_names)) \
                if e.target_names else ""
            if e.targets == (e.who,):  # issue 25: "on herself", not "on Mira"
                on = self.t("ActionTaken_row_self", g=self.g(e.name))
            detail = self.t("ActionTaken_row_text", text=m.escape(e.text)) if e.text else ""
            return self.t("ActionTaken_row", name=self.name(e.name), action=m.escape(what),
                          on=on, text=detail, cost=cost)
        key = "ActionTaken_targets" if e.target_names else "ActionTaken"
        if e.targets == (e.who,):  # "on himself", not "on Brother Tom" (issue 25)
            key = "ActionTaken_self"
        return self.t(key, name=self.name(e.name), action=m.escape(e.action_name),
                      targets=self.names(e.target_names), cost=cost, g=self.g(e.name))

    def _ConcentrationRolled(self, e: ev.ConcentrationRolled) -> str:
        outcome = self.cat["check_ok" if e.success else "check_failed"]
        key = f"conc_{e.why}"
        why = self.t(key, n=e.damage, g=self.g(e.name)) if key in self.cat \
            else self.markup.escape(e.why)
        return self.t("ConcentrationRolled", name=self.name(e.name), why=why,
                      action=self.markup.escape(e.action_name), roll=self.roll(e.roll),
                      dc=e.dc, outcome=self.markup.bold(outcome))

    def _SpellLost(self, e: ev.SpellLost) -> str:
        return self.t("SpellLost", name=self.name(e.name),
                      action=self.markup.bold(self.markup.escape(e.action_name)))

    def _AidRolled(self, e: ev.AidRolled) -> str:
        outcome = self.cat["check_ok" if e.success else "check_failed"]
        return self.t("AidRolled", name=self.name(e.name), ally=self.name(e.ally_name),
                      enemy=self.name(e.against_name),
                      weapon=self.markup.escape(e.weapon_name), roll=self.roll(e.roll),
                      defense=e.defense, outcome=self.markup.bold(outcome))

    def _AidGiven(self, e: ev.AidGiven) -> str:
        enemy = self.enc.find(e.against) if self.enc is not None else None
        key = "AidGiven_defense" if e.kind == "defense" else "AidGiven_attack"
        return self.t(key, name=self.name(e.name), n=e.bonus,
                      enemy=self.name(enemy.display if enemy is not None else e.against))

    def _TouchAttackRolled(self, e: ev.TouchAttackRolled) -> str:
        outcome = self.cat["hit" if e.hit else "miss"]
        return self.t("TouchAttackRolled", name=self.name(e.name),
                      target=self.name(e.target_name), roll=self.roll(e.roll),
                      defense=e.defense, outcome=self.markup.bold(outcome))

    def _TripChecked(self, e: ev.TripChecked) -> str:
        key = "TripChecked_counter" if e.counter else "TripChecked"
        outcome = self.t("trip_falls" if e.success else "trip_stands",
                         target=self.name(e.target_name), g=self.g(e.target_name))
        return self.t(key, name=self.name(e.name), target=self.name(e.target_name),
                      roll=self.roll(e.roll), against=self.roll(e.against),
                      outcome=self.markup.bold(outcome))

    def _StanceTaken(self, e: ev.StanceTaken) -> str:
        key = f"StanceTaken_{e.stance}"
        return self.t(key if key in self.cat else "StanceTaken_charging", name=self.name(e.name))

    def _StanceEnded(self, e: ev.StanceEnded) -> str:
        stance = self.cat.get(f"stance_{e.stance}") or self.markup.escape(e.stance)
        return self.t("StanceEnded", name=self.name(e.name), stance=stance)

    def _CheckRolled(self, e: ev.CheckRolled) -> str:
        action = e.action_name
        if e.table:  # R-ACT-8: a row of the built-in table, in the post's language
            from pbwcombat.menu import row

            r = row(e.table)
            action = r.name(self.lang) if r is not None else action
        if e.dc is None:
            return self.t("CheckRolled", action=self.markup.escape(action),
                          roll=self.roll(e.roll))
        outcome = self.cat["check_ok" if e.success else "check_failed"]
        return self.t("CheckRolled_dc", action=self.markup.escape(action),
                      roll=self.roll(e.roll), dc=e.dc, outcome=self.markup.bold(outcome))

    def _SaveRolled(self, e: ev.SaveRolled) -> str:
        outcome = self.cat["save_ok" if e.success else "save_failed"]
        if e.against:  # R-CND-6: the end-of-turn save against a condition
            return self.t("SaveRolled_condition", name=self.name(e.name),
                          kind=self.cat[f"save_{e.save}"],
                          cond=self.condition_name(e.against, e.gender), roll=self.roll(e.roll),
                          dc=e.dc, outcome=self.markup.bold(outcome))
        return self.t("SaveRolled", name=self.name(e.name), kind=self.cat[f"save_{e.save}"],
                      roll=self.roll(e.roll), dc=e.dc, outcome=self.markup.bold(outcome))

    def _OngoingDamageRolled(self, e: ev.OngoingDamageRolled) -> str:
        """R-CND-6: "Mira is on fire: 1d6 (4) = 4 damage (fire)"."""
        energy = self.t("ongoing_energy", energy=self.label("damage_kind", e.energy)) \
            if e.energy else ""
        return self.t("OngoingDamageRolled", name=self.name(e.name),
                      cond=self.markup.bold(self.condition_name(e.condition, e.gender)),
                      roll=self.roll(e.roll), energy=energy)

    def _EffectRolled(self, e: ev.EffectRolled) -> str:
        return self.t(f"EffectRolled_{e.effect}", action=self.markup.escape(e.action_name),
                      names=self.names(e.names), roll=self.roll(e.roll))

    def _SaveReduced(self, e: ev.SaveReduced) -> str:
        return self.t(f"SaveReduced_{e.how}", name=self.name(e.name),
                      amount=self.markup.bold(str(e.amount)))
