"""Narrate events in one language and one markup: one line per event that shows something."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from pbwcombat import events as ev
from pbwcombat.dice import Roll, RolledTerm
from pbwcombat.render.catalog import CATALOGUES, Agree, spanish_plural
from pbwcombat.render.markup import Plain
from pbwcombat.render.messages import contract, skipped_reason
from pbwcombat.rules.effects import nonlethal_state

if TYPE_CHECKING:
    from pbwcombat.model import Encounter


def condition(hp: int, max_hp: int, status: str) -> str:
    """R-OUT-3 label key for hidden hit points."""
    if status == "dead":
        return "dead"
    if status in ("disabled", "dying", "stable") or hp <= 0:
        return "down"
    if hp >= max_hp:
        return "unhurt"
    return "wounded" if hp * 2 > max_hp else "badly_wounded"


# R-LOG-2: what players see of any combatant anyway (posts, the map); a non-PC's other keys
# (Defense, attack, saves, orders, flee_below, notes…) are named only as "Goblin: edited"
PUBLIC_KEYS = ("name", "side", "pc", "player", "gender", "position", "group", "conditions",
               "engaged", "missile_engaged", "guarding", "status", "removed")


def hidden_change(key: str, pc: bool, gm: bool) -> bool:
    """R-LOG-2 / R-OUT-3: a changed key whose values players do not see: `[dice]` always
    (values never shown), a non-PC's numbers and orders unless `gm`."""
    if key == "dice" or key.startswith("dice."):
        return True
    if gm or pc or not key.startswith("combatants."):
        return False
    name = key[len("combatants."):].partition(".")[2]
    return name.split(".", 1)[0] not in PUBLIC_KEYS


def shown_value(v: Any, n: Narrator) -> str:
    """A key's value in a change line (R-LOG-2): text escaped, lists and tables as JSON."""
    if v is None:
        return "—"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return n.markup.escape(v)
    if isinstance(v, (int, float)):
        return str(v)
    return n.markup.escape(json.dumps(v, ensure_ascii=False))


class Narrator:
    """Turns events into lines of one language and one markup."""

    def __init__(self, markup: Plain, lang: str = "en", gm: bool = False,
                 mention: str = "@{player}", enc: Encounter | None = None) -> None:
        self.markup = markup
        self.lang = lang
        self.gm = gm
        self.mention = mention
        self.enc = enc
        self.deadline_shown = False  # R-OUT-9: the header already shows the deadline
        self.mentioned: set[str] = set()  # R-OUT-10: players already named in this post
        self._last: ev.Event | None = None  # the event of the last line (paragraphs)
        self.genders: dict[str, str] = {}
        if enc is not None:
            for c in enc.combatants:
                self.genders.setdefault(c.display, c.gender)
                self.genders.setdefault(c.id, c.gender)

    @property
    def cat(self) -> dict[str, str]:
        return CATALOGUES[self.lang]

    def t(self, key: str, **fields: object) -> str:
        fields.setdefault("g", Agree())
        return contract(self.cat[key].format(**fields), self.lang)

    def g(self, *names: str) -> Agree:
        """Agreement with one name, or the plural of several (feminine only if all are)."""
        return Agree(bool(names) and all(self.genders.get(n) == "f" for n in names),
                     len(names) > 1)

    def count(self, key: str, n: int) -> str:
        """`1 casilla`, `3 casillas`: the catalogue's `KEY_one` / `KEY_other`."""
        return self.t(f"{key}_one" if n == 1 else f"{key}_other", n=n)

    def side(self, side: str) -> str:
        """R-OUT-5: `[sides.ID] name`, else the id."""
        return self.enc.side_name(side) if self.enc is not None else side

    def name(self, text: str) -> str:
        """A name as players scan it: plain, escaped (R-OUT-2); bold is kept for totals and
        outcomes (R-OUT-1), so the eye finds the numbers that matter (issue 25)."""
        return self.markup.escape(text)

    def names(self, items: Iterable[str]) -> str:
        """`A`, `A and B`, `A, B and C` (`y` in Spanish)."""
        done = [self.name(n) for n in items]
        if len(done) < 2:
            return "".join(done)
        return ", ".join(done[:-1]) + self.cat["and"] + done[-1]

    # -- numbers ----------------------------------------------------------------------
    def roll(self, r: Roll) -> str:
        """`1d20 (17 #42) + 5 = 22` (R-OUT-1): every face, modifiers, bold total; dice a
        keep/drop suffix left out are struck through (R-DIC-1): `2d20kh1 (17 #3, ~~4 #4~~)`."""
        out = ""
        after = "("  # the token before: at the start, no sign but a minus is written
        for term in r.terms:
            op = term.op
            if op == ")":
                out += ")"
            elif op in ("*", "/"):
                out += " × " if op == "*" else " / "
            else:
                if after in ("(", "*", "/"):
                    out += "-" if term.sign < 0 else ""
                else:
                    out += " - " if term.sign < 0 else " + "
                out += "(" if op == "(" else self.term(term)
            after = op or "value"
        for m in r.mods:
            # a modifier named after a condition (R-CND-5) reads as the condition's name
            label = (self.cat.get(f"mod_{m.note}") or self.cat.get(f"cond_{m.note}", m.note)
                     if m.note else "")
            sign = "-" if m.value < 0 else "+"
            out += f" {sign} {abs(m.value)}" + (f" ({label})" if label else "")
        return out + " = " + self.markup.bold(str(r.total))

    def expr(self, text: str) -> str:
        """A dice expression as typed (command-line text, R-OUT-2: escaped), `*` shown as
        `×` (a Markdown `*` would be emphasis)."""
        return self.markup.escape(text.replace("*", "×"))

    def term(self, term: RolledTerm) -> str:
        """`2d20kh1 (17 #3, ~~4 #4~~)`, or an integer."""
        if not term.sides:
            return str(term.number)
        faces = []
        for d in term.dice:
            face = f"{d.face} {self.cat['supplied']}" if d.supplied else f"{d.face} #{d.n}"
            faces.append(self.markup.strike(face) if d.dropped else face)
        return f"{term.number}d{term.sides}{term.keep} ({', '.join(faces)})"

    def hp_state(self, pc: bool, hp: int, max_hp: int, status: str, who: str = "",
                 temp: int = 0, nonlethal: int = 0) -> str:
        """Numbers for PCs and the GM, labels for everyone else (R-OUT-3); Spanish labels
        agree with `who` (R-OUT-5). Temporary hp ("+N temp", R-HP-6) and the nonlethal total
        are numbers too; staggered or unconscious from it (R-HP-7) shows to everyone."""
        g = self.g(who) if who else Agree()
        knocked = nonlethal_state(hp, nonlethal) if status == "ok" else ""
        if pc or self.gm:
            text = self.t("hp_numbers", hp=hp, max=max_hp)
            if temp:
                text += " " + self.t("temp_hp", n=temp)
            if status != "ok":
                text += ", " + self.t("status_" + status, g=g)
            if nonlethal:
                text += ", " + self.t("nonlethal_total", n=nonlethal)
        else:
            text = self.t(condition(hp, max_hp, status), g=g)
        if knocked:
            text += ", " + self.t(f"nl_{knocked}")
        return self.markup.bold(text)

    def pos(self, p: tuple[int, int] | list[int] | None) -> str:
        return f"({p[0]},{p[1]})" if p else "—"

    def mention_of(self, player: str) -> str:
        """R-OUT-4: the file's `mention` template is the GM's chosen markup (e.g. `@{player}`
        or `[mention]{player}[/mention]`) and is kept; the handle inside is escaped (R-OUT-2)."""
        if not player or player in self.mentioned:  # R-OUT-10: each player once per post
            return ""
        self.mentioned.add(player)
        template = " ".join(self.mention.splitlines())
        return template.replace("{player}", self.markup.escape(player))

    def when(self, iso: object) -> str:
        """R-OUT-10: a journal time as `YYYY-MM-DD HH:MM UTC`."""
        from datetime import UTC, datetime

        try:
            moment = datetime.fromisoformat(str(iso).replace("Z", "+00:00"))
        except ValueError:
            return self.markup.escape(str(iso))
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        try:
            moment = moment.astimezone(UTC)
        except OverflowError:  # in UTC, before the year 1 or after 9999: as written
            return self.markup.escape(str(iso))
        return moment.strftime("%Y-%m-%d %H:%M") + " UTC"

    def due(self, text: str) -> str:
        """A deadline (`YYYY-MM-DD HH:MM`, UTC) as players read it: in UTC, or with the
        file's `timezone` or `--tz` in that zone's local time ("1/12/2026 21:00 (hora de
        Madrid)", issue 25)."""
        from pbwcombat.clock import local_time

        zone = local_time(text, self.enc.timezone if self.enc is not None else "")
        if zone is None:
            return self.t("at_utc", at=text)
        moment, city = zone
        return self.t("at_local", date=moment.strftime("%Y-%m-%d"), time=moment.strftime("%H:%M"),
                      day=moment.day, month=moment.month, year=moment.year, city=city)

    def command(self, name: object) -> str:
        """R-OUT-5: a command's name in the post's language (`log`)."""
        key = "cmd_" + str(name).replace(" ", "_").replace("-", "_")
        return self.cat[key] if key in self.cat else self.markup.escape(str(name))

    # -- conditions (R-CND) ---------------------------------------------------------------
    def condition_name(self, name: str, gender: str = "m") -> str:
        """A known condition in the post's language (agreeing with `gender`), else the slug."""
        key = f"cond_{name}_f" if gender == "f" else f"cond_{name}"
        return self.cat.get(key) or self.cat.get(f"cond_{name}") or self.markup.escape(name)

    def duration(self, turns: int | None, ends: str, of_name: str) -> str:
        """What is left of a condition (R-CND-2)."""
        if turns is None:
            return self.t("cond_until_moves" if ends == "move" else "cond_until_removed")
        of = self.name(of_name)
        if ends == "end":
            key = "cond_end_current" if turns <= 0 else "cond_end_next" if turns == 1 \
                else "cond_end_n"
        else:
            key = "cond_start_next" if turns <= 1 else "cond_start_n"
        return self.t(key, of=of, n=turns)

    # -- events -------------------------------------------------------------------------
    def lines(self, events: Iterable[ev.Event]) -> list[str]:
        """One line per event that shows something, by the table `NARRATION` below."""
        out: list[str] = []
        for e in _together(events):
            if isinstance(e, tuple):  # one condition put on several at once (R-OUT-5)
                out.append(self._ConditionsApplied(e))
                continue
            handler = NARRATION.get(type(e))
            if handler is None:  # a bug, caught by tests/test_narration.py, never a blank
                raise LookupError(f"no narration for {ev.event_type(e)}: "
                                  "add it to render.narrate.NARRATION")
            line = handler(self, e)
            if line:
                # one paragraph per turn (issue 25): a new round or turn after other lines
                # starts after a blank line, so a thread reader finds each actor at once
                if out and out[-1] and isinstance(e, PARAGRAPH_STARTS) \
                        and not isinstance(self._last, ev.RoundStarted):
                    out.append("")
                out.append(line)
                self._last = e
        return out

    def _silent(self, e: ev.Event) -> None:
        """Bookkeeping that shows nothing in a post (its effects have their own events)."""
        return None

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
            return self.t("TurnStarted_absent", name=self.name(e.name), at=e.absent)
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

    def _FreeRolled(self, e: ev.FreeRolled) -> str:
        reason = f" ({self.markup.escape(e.reason)})" if e.reason else ""
        key = "FreeRolled" if e.name else "FreeRolled_anon"
        return self.t(key, name=self.name(e.name), expr=self.expr(e.expr), reason=reason,
                      roll=self.roll(e.roll))

    def _Removed(self, e: ev.Removed) -> str:
        return self.t("Removed", name=self.name(e.name))

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
        return self.t(f"TempHpChanged_{e.way}", name=self.name(e.name),
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

    def label(self, family: str, word: str) -> str:
        """The catalogue's `family_word` (a save kind, an energy kind), else `word` escaped."""
        return self.cat.get(f"{family}_{word}") or self.markup.escape(word)

    def condition_terms(self, extra: Mapping[str, Any]) -> str:
        """R-CND-6/10: what a condition's entry says besides its duration ("save ends: Will
        DC 15", "1d6 fire damage at each turn start", "attack +1, saves +1"), or ""."""
        parts = []
        if extra.get("save"):
            kind, _, dc = str(extra["save"]).partition(":")
            parts.append(self.t("cond_save_ends", kind=self.label("save", kind),
                                dc=self.markup.escape(dc)))
        if extra.get("damage"):
            expr = self.expr(str(extra["damage"]))
            if extra.get("energy"):
                parts.append(self.t("cond_ongoing_energy", expr=expr,
                                    energy=self.label("damage_kind", str(extra["energy"]))))
            else:
                parts.append(self.t("cond_ongoing", expr=expr))
        for column in ("attack", "defense", "saves", "damage_bonus"):
            n = int(extra.get(column) or 0)
            if n:
                parts.append(self.t(f"custom_{column}", n=f"{n:+d}"))
        return "; ".join(parts)

    def _EffectRolled(self, e: ev.EffectRolled) -> str:
        return self.t(f"EffectRolled_{e.effect}", action=self.markup.escape(e.action_name),
                      names=self.names(e.names), roll=self.roll(e.roll))

    def _SaveReduced(self, e: ev.SaveReduced) -> str:
        return self.t(f"SaveReduced_{e.how}", name=self.name(e.name),
                      amount=self.markup.bold(str(e.amount)))

    def _Added(self, e: ev.Added) -> str:
        if e.at is None:
            return self.t("Added", name=self.name(e.name))
        return self.t("Added_at", name=self.name(e.name), at=self.pos(e.at))

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

    # -- readied actions (R-RDY) ------------------------------------------------------
    def plan(self, who: str, plan: str) -> str:
        """A readied plan in words: "an attack with Bow on whoever sets it off"."""
        from pbwcombat.readying import ANY, parse_plan, plan_words

        try:
            a = parse_plan(plan_words(plan))
        except ValueError:
            return self.markup.escape(plan)
        me = self.enc.find(who) if self.enc is not None else None

        def whom(cid: str) -> str:
            if cid == ANY:
                return self.t("plan_any")
            other = self.enc.find(cid) if self.enc is not None else None
            return self.name(other.display if other is not None else cid)

        if a.verb == "attack":
            if a.weapon:
                w = me.weapon(a.weapon) if me is not None else None
                return self.t("plan_attack_with", target=whom(a.targets[0]),
                              weapon=self.markup.escape(w.name if w else a.weapon))
            return self.t("plan_attack", target=whom(a.targets[0]))
        if a.verb == "action":
            d = me.action(a.action or "") if me is not None else None
            label = self.markup.escape(d.display if d is not None else a.action or "")
            if a.targets:
                return self.t("plan_action_on", action=label,
                              targets=self.names_of([whom(t) for t in a.targets]))
            return self.t("plan_action", action=label)
        return self.t("plan_move", square=self.pos(a.square))

    def names_of(self, done: list[str]) -> str:
        if len(done) < 2:
            return "".join(done)
        return ", ".join(done[:-1]) + self.cat["and"] + done[-1]

    def trigger(self, when: str) -> str:
        """A trigger in words (only in the GM's view, R-RDY-1)."""
        from pbwcombat.readying import parse_trigger

        try:
            t = parse_trigger(when)
        except ValueError:
            return self.markup.escape(when)
        if t.kind == "within":
            return self.t("when_within", n=t.distance)
        if t.kind == "enters":
            return self.t("when_enters", squares=self.names_of([self.pos(q) for q in t.squares]))
        if t.kind in ("moves", "acts"):
            people = [self.enc.find(i) if self.enc is not None else None for i in t.ids]
            names = [self.name(p.display if p is not None else i) for p, i in zip(people, t.ids,
                                                                                   strict=True)]
            return self.t(f"when_{t.kind}", names=self.names_of(names))
        return self.t("when_passes")

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

    def declared(self, actor: str, argv: tuple[str, ...]) -> str:
        """R-OUT-5: a declared action in words (its acts joined by "then", its fallback plans
        by "else", R-ORD-5/6); its command syntax only with --gm."""
        from pbwcombat.orders_text import ELSE, THEN

        plans: list[list[list[str]]] = [[[]]]
        for word in argv:
            if word == ELSE:
                plans.append([[]])
            elif word == THEN:
                plans[-1].append([])
            else:
                plans[-1][-1].append(word)
        words = self.cat["plan_else"].join(
            self.cat["plan_then"].join(self._declared_words(actor, act) for act in plan)
            for plan in plans)
        if self.gm:
            words += " (" + self.markup.escape(" ".join(argv)) + ")"
        return words

    def _declared_words(self, actor: str, argv: list[str]) -> str:
        enc = self.enc

        def who(cid: str) -> str:
            c = enc.find(cid) if enc is not None else None
            return self.name(c.display if c is not None else cid)

        verb, rest = (argv[0], argv[1:]) if argv else ("", [])
        valued = {"--weapon", "--mod", "--on-intercept", "--to", "--no-aoo", "--no-intercept",
                  "--target", "--text", "--cost", "--cover", "--concealment", "--against"}
        free = [a for i, a in enumerate(rest)
                if not a.startswith("--") and (i == 0 or rest[i - 1] not in valued)]
        squares = [tuple(a.replace(" ", "").split(",")) for a in rest if "," in a]
        to = "—"
        if squares and len(squares[-1]) == 2 \
                and all(x.lstrip("+-").isdigit() for x in squares[-1]):
            to = self.pos((int(squares[-1][0]), int(squares[-1][1])))
        if verb == "attack" and free and "--full" in rest:  # R-ACT-5
            return self.t("do_full_attack",
                          targets=", ".join(who(t) for t in free[0].split(",") if t))
        if verb == "move" and "--withdraw" in rest:  # R-ACT-6
            return self.t("do_withdraw", to=to)
        if verb == "action":  # R-ACT-1
            if "--text" in rest[:-1]:
                return self.markup.escape(rest[rest.index("--text") + 1])
            me = enc.find(actor) if enc is not None else None
            a = me.action(free[0]) if me is not None and free else None
            if a is None and free and free[0] == "stand-up":  # the built-in one (R-CND-3)
                return self.t("do_stand_up")
            if a is None and free:  # a row of the built-in table (R-ACT-8)
                from pbwcombat.menu import row

                r = row(free[0])
                if r is not None:
                    return self.markup.escape(r.name(self.lang))
            name = self.markup.escape(a.display if a is not None else (free or ["?"])[0])
            if "--target" in rest[:-1]:
                targets = rest[rest.index("--target") + 1].split(",")
                return self.t("do_action_on", action=name,
                              targets=", ".join(who(t) for t in targets if t))
            return self.t("do_action", action=name)
        if verb == "attack" and free:
            weapon = rest[rest.index("--weapon") + 1] if "--weapon" in rest[:-1] else None
            if weapon is None:
                return self.t("do_attack", target=who(free[0]))
            me = enc.find(actor) if enc is not None else None
            w = me.weapon(weapon) if me is not None else None
            return self.t("do_attack_with", target=who(free[0]),
                          weapon=self.markup.escape(w.name if w is not None else weapon))
        if verb == "move":
            if "--away" in rest:
                return self.t("do_away")
            key = "do_step" if "--step" in rest else "do_run" if "--run" in rest else "do_move"
            return self.t(key, to=to)
        if verb == "disengage":
            if "--reckless" in rest:
                return self.t("do_reckless")
            return self.t("do_disengage_to", to=to) if "--to" in rest else self.t("do_disengage")
        if verb == "intercept" and free:
            return self.t("do_intercept", ward=who(free[0]))
        if verb == "delay":
            return self.t("do_delay")
        return self.t("do_other")

    def _Declared(self, e: ev.Declared) -> str:
        line = self.t("Declared", name=self.name(e.name), action=self.declared(e.who, e.action))
        if e.replaces:  # a second declaration in the round takes the first one's place
            line += " " + self.t("Declared_replaces", action=self.declared(e.who, e.replaces))
        return line

    def change(self, key: str, old: Any, new: Any, pc: bool = False) -> str:
        """One changed key of a hand edit or a `set` (R-LOG-2): "Mira hp 3 → 12"; a non-PC's
        hit points as labels (R-OUT-3) and its other numbers as "Goblin: edited" unless
        --gm; `[dice]` values never shown. `pc`: the combatant's, if the file lacks it."""
        if key.startswith("dice.") or key == "dice":
            return self.t("edit_changed", what=self.markup.escape(key))
        if not key.startswith("combatants."):
            return f"{self.markup.escape(key)} {shown_value(old, self)} → " \
                   f"{shown_value(new, self)}"
        enc = self.enc
        cid, _, name = key[len("combatants."):].partition(".")
        who = enc.find(cid) if enc is not None else None
        label = self.name(who.display) if who is not None else self.markup.escape(cid)
        is_pc = who.pc if who is not None else pc
        if name in ("hp", "max_hp") and not self.gm and not is_pc:
            if name == "hp" and who is not None and isinstance(old, int) \
                    and isinstance(new, int):
                from pbwcombat.model import status_for

                death = enc.rules.death_at if enc is not None else -10
                before = condition(old, who.full_hp, status_for(old, death))
                after = condition(new, who.full_hp, status_for(new, death))
                g = self.g(who.display)  # R-OUT-5: "Grak ileso", "Mira ilesa"
                if before == after:  # the label hides the change: still say there was one
                    return f"{label} {self.t('edit_changed', what=name)} ({self.t(after, g=g)})"
                return f"{label} {self.t(before, g=g)} → {self.t(after, g=g)}"
            return f"{label} {self.t('edit_changed', what=name)}"
        if hidden_change(key, is_pc, self.gm):
            return f"{label}: {self.t('edit_hidden')}"  # R-LOG-2: "Goblin: edited"
        return f"{label} {self.markup.escape(name)} {shown_value(old, self)} → " \
               f"{shown_value(new, self)}"

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
        return self.t("PlanCut", name=self.name(e.name), step=e.step, act=act)

    def _OrdersSet(self, e: ev.OrdersSet) -> str:
        if not e.rules:
            return self.t("OrdersSet_clear", name=self.name(e.name))
        line = self.t("OrdersSet", name=self.name(e.name), n=len(e.rules))
        if self.gm:
            line += " " + "; ".join(f"{i}. {self.markup.escape(r)}"
                                    for i, r in enumerate(e.rules, 1))
        return line

    # -- R-PAC: pacing --------------------------------------------------------------------
    def _AbsenceSet(self, e: ev.AbsenceSet) -> str:
        return self.t("AbsenceSet", name=self.name(e.name), at=e.at)

    def _AbsenceCleared(self, e: ev.AbsenceCleared) -> str:
        key = "AbsenceCleared_expired" if e.expired else "AbsenceCleared"
        return self.t(key, name=self.name(e.name))

    def _AbsentPassed(self, e: ev.AbsentPassed) -> str:
        return self.t("AbsentPassed", name=self.name(e.name))

    def time_left(self, deadline: str, left: int) -> str:
        """R-PAC-3: "5 h 20 min left (deadline …)" or "the deadline (…) passed 2 h ago"."""
        if not deadline:
            return self.t("left_none")
        minutes = abs(left) // 60
        span = self.t("hours_minutes", h=minutes // 60, m=minutes % 60) if minutes >= 60 \
            else self.t("minutes", m=minutes)
        return self.t("left" if left >= 0 else "left_overdue", time=span, at=deadline)

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


def _together(events: Iterable[ev.Event]) -> Iterator[ev.Event | tuple[ev.ConditionApplied, ...]]:
    """The events, each run of consecutive ConditionApplied that differ only in who holds
    the condition (one command putting it on several) as one tuple."""
    run: list[ev.ConditionApplied] = []
    for e in events:
        if isinstance(e, ev.ConditionApplied) and run and _same_condition(run[0], e):
            run.append(e)
            continue
        if run:
            yield run[0] if len(run) == 1 else tuple(run)
            run = []
        if isinstance(e, ev.ConditionApplied):
            run.append(e)
        else:
            yield e
    if run:
        yield run[0] if len(run) == 1 else tuple(run)


def _same_condition(a: ev.ConditionApplied, b: ev.ConditionApplied) -> bool:
    return (a.condition, a.turns, a.ends, a.of_name, a.replaced, a.extra()) == \
        (b.condition, b.turns, b.ends, b.of_name, b.replaced, b.extra()) and a.who != b.who


# Every event type and the method that narrates it: a new event needs a row here (the test
# that renders every event type in both languages and every format fails until it has one).
# Events whose line opens a paragraph: a round's header, a turn's start (issue 25).
PARAGRAPH_STARTS = (ev.RoundStarted, ev.TurnStarted)

NARRATION: dict[type[ev.Event], Callable[[Narrator, Any], str | None]] = {
    ev.InitiativeRolled: Narrator._InitiativeRolled,
    ev.InitiativeJoined: Narrator._InitiativeJoined,
    ev.RollOffRolled: Narrator._RollOffRolled,
    ev.OrderSet: Narrator._OrderSet,
    ev.CombatStarted: Narrator._CombatStarted,
    ev.RoundStarted: Narrator._RoundStarted,
    ev.TurnStarted: Narrator._TurnStarted,
    ev.TurnSkipped: Narrator._TurnSkipped,
    ev.MadeFlatFooted: Narrator._MadeFlatFooted,
    ev.StreakReset: Narrator._StreakReset,
    ev.FlatFootedEnded: Narrator._silent,
    ev.AooUsed: Narrator._silent,
    ev.StreakSet: Narrator._silent,
    ev.Escaped: Narrator._silent,
    ev.PresenceEngaged: Narrator._silent,
    ev.PresenceEnded: Narrator._silent,
    ev.Delayed: Narrator._Delayed,
    ev.DelayEnded: Narrator._DelayEnded,
    ev.CombatEnded: Narrator._CombatEnded,
    ev.HpChanged: Narrator._HpChanged,
    ev.GmHpRolled: Narrator._GmHpRolled,
    ev.BleedRolled: Narrator._BleedRolled,
    ev.FreeRolled: Narrator._FreeRolled,
    ev.Removed: Narrator._Removed,
    ev.AttackRolled: Narrator._AttackRolled,
    ev.MissChanceRolled: Narrator._MissChanceRolled,
    ev.ConfusionRolled: Narrator._ConfusionRolled,
    ev.ConfusionCleared: Narrator._silent,
    ev.OngoingDamageRolled: Narrator._OngoingDamageRolled,
    ev.CriticalConfirmRolled: Narrator._CriticalConfirmRolled,
    ev.DamageRolled: Narrator._DamageRolled,
    ev.CriticalIgnored: Narrator._CriticalIgnored,
    ev.DamageReduced: Narrator._DamageReduced,
    ev.TempHpChanged: Narrator._TempHpChanged,
    ev.NonlethalChanged: Narrator._NonlethalChanged,
    ev.NonlethalAsLethal: Narrator._NonlethalAsLethal,
    ev.AmmoSpent: Narrator._AmmoSpent,
    ev.AttackRefused: Narrator._AttackRefused,
    ev.Moved: Narrator._Moved,
    ev.MovedAway: Narrator._MovedAway,
    ev.MoveStopped: Narrator._MoveStopped,
    ev.Engaged: Narrator._Engaged,
    ev.Disengaged: Narrator._Disengaged,
    ev.DefenseTotalRolled: Narrator._DefenseTotalRolled,
    ev.AttackTotalRolled: Narrator._AttackTotalRolled,
    ev.DisengageResolved: Narrator._DisengageResolved,
    ev.GuardStarted: Narrator._GuardStarted,
    ev.GuardEnded: Narrator._GuardEnded,
    ev.ReadyDeclared: Narrator._ReadyDeclared,
    ev.ReadyCleared: Narrator._ReadyCleared,
    ev.ReadyFired: Narrator._ReadyFired,
    ev.ReadyHeld: Narrator._ReadyHeld,
    ev.ReadyLapsed: Narrator._ReadyLapsed,
    ev.PriorityRolled: Narrator._PriorityRolled,
    ev.InterceptResolved: Narrator._InterceptResolved,
    ev.Declared: Narrator._Declared,
    ev.DeclarationCleared: Narrator._DeclarationCleared,
    ev.ValueSet: Narrator._ValueSet,
    ev.DeclarationSkipped: Narrator._DeclarationSkipped,
    ev.DiceSalted: Narrator._DiceSalted,
    ev.OrdersFollowed: Narrator._OrdersFollowed,
    ev.OrdersIdle: Narrator._OrdersIdle,
    ev.RuleFollowed: Narrator._RuleFollowed,
    ev.PlanCut: Narrator._PlanCut,
    ev.OrdersSet: Narrator._OrdersSet,
    ev.AbsenceSet: Narrator._AbsenceSet,
    ev.AbsenceCleared: Narrator._AbsenceCleared,
    ev.AbsentPassed: Narrator._AbsentPassed,
    ev.Reminded: Narrator._Reminded,
    ev.RoundDue: Narrator._RoundDue,
    ev.DiceCommitted: Narrator._DiceCommitted,
    ev.TurnEnded: Narrator._silent,
    ev.ActionSpent: Narrator._silent,
    ev.AttackRecorded: Narrator._silent,
    ev.Stabilized: Narrator._silent,
    ev.DeclarationTaken: Narrator._silent,
    ev.ConditionApplied: Narrator._ConditionApplied,
    ev.ConditionRemoved: Narrator._ConditionRemoved,
    ev.ConditionTicked: Narrator._silent,
    ev.SkippedTurnCounted: Narrator._silent,
    ev.TurnHandedOver: Narrator._silent,
    # R-ACT, R-AOO-4 (issue 12)
    ev.AooDeclined: Narrator._AooDeclined,
    ev.InterceptDeclined: Narrator._InterceptDeclined,
    ev.ActionTaken: Narrator._ActionTaken,
    ev.UsesSpent: Narrator._silent,
    ev.ConcentrationRolled: Narrator._ConcentrationRolled,  # R-ACT-10
    ev.AidRolled: Narrator._AidRolled,  # R-ACT-12
    ev.AidGiven: Narrator._AidGiven,
    ev.AidUsed: Narrator._silent,
    ev.AidEnded: Narrator._silent,
    ev.TouchAttackRolled: Narrator._TouchAttackRolled,
    ev.TripChecked: Narrator._TripChecked,
    ev.SpellLost: Narrator._SpellLost,
    ev.StanceTaken: Narrator._StanceTaken,  # R-ACT-11
    ev.StanceEnded: Narrator._StanceEnded,
    ev.CheckRolled: Narrator._CheckRolled,
    ev.SaveRolled: Narrator._SaveRolled,
    ev.EffectRolled: Narrator._EffectRolled,
    ev.SaveReduced: Narrator._SaveReduced,
    ev.Added: Narrator._Added,
}
