"""The narrator's means: one language and one markup, names, numbers, dice, times, plans
and declared actions as words; the event lines themselves are its families (narrate_*.py),
put together in narrate.py."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat.dice import Roll, RolledTerm
from pbwcombat.errors import UsageError
from pbwcombat.render.catalog import CATALOGUES, Agree
from pbwcombat.render.markup import Plain
from pbwcombat.render.messages import contract
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


def shown_value(v: Any, n: NarratorBase) -> str:
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


class NarratorBase:
    """What every line of a post is said with: the catalogue, the markup, names and numbers."""

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
        """A time of the round's pacing (`YYYY-MM-DD HH:MM`, UTC: a deadline, an absence's end)
        as players read it: in UTC, or with the file's `timezone` or `--tz` in that zone's local
        time ("1/12/2026 21:00 (hora de Madrid)", issue 25)."""
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
        """A known condition in the post's language (agreeing with `gender`), else the name
        the GM gave, its slug's dashes read as spaces ("en-llamas" → "en llamas", issue 25)."""
        key = f"cond_{name}_f" if gender == "f" else f"cond_{name}"
        return self.cat.get(key) or self.cat.get(f"cond_{name}") \
            or self.markup.escape(name.replace("-", " "))

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
        return self.t(key, of=of, n=turns, nth=self.ordinal(turns))

    def ordinal(self, n: int) -> str:
        """R-OUT-5: "2nd", "3rd", "11th" / "2.º" (of a turn, masculine in Spanish)."""
        if self.lang == "es":
            return f"{n}.º"
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"

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
            label = self.markup.escape(d.display if d is not None else self.row_name(a.action))
            if a.targets:
                return self.t("plan_action_on", action=label,
                              targets=self.names_of([whom(t) for t in a.targets]))
            return self.t("plan_action", action=label)
        return self.t("plan_move", square=self.pos(a.square))

    def row_name(self, action: str | None) -> str:
        """A built-in table row's name in the post's language ("total defense", "defensa
        total", R-ACT-8), else the id as given."""
        from pbwcombat.menu import row

        r = row(action or "")
        return r.name(self.lang) if r is not None else action or ""

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

    def declared(self, actor: str, argv: tuple[str, ...]) -> str:
        """R-OUT-5: a declared action in words (its acts joined by "then", its fallback plans
        by "else", R-ORD-5/6); its command syntax only with --gm. Each act is read by the
        command's own parser (`actions.parse_declared`), then told from the Action."""
        try:
            plans = act.split_plans(argv)
        except UsageError:  # `declare` never queues an empty act: a journal tampered with
            plans = [[tuple(argv)]]
        words = self.cat["plan_else"].join(
            self.cat["plan_then"].join(self.act_words(actor, act) for act in plan)
            for plan in plans)
        if self.gm:
            words += " (" + self.markup.escape(" ".join(argv)) + ")"
        return words

    def act_words(self, actor: str, argv: tuple[str, ...]) -> str:
        """One declared act (`attack snag --weapon bow`) in words, from its parsed Action:
        "attacks Snag with the Bow"; a readied plan as `show` tells it, without its trigger
        (R-RDY-1); an act no longer parsed is "an action"."""
        try:
            x = act.parse_declared(actor, argv)
        except UsageError:
            return self.t("do_other")
        if isinstance(x, act.FullAttack):  # R-ACT-5
            return self.t("do_full_attack", targets=", ".join(self.who(t) for t in x.targets))
        if isinstance(x, act.Attack):
            words = self.attack_words(actor, x)
            if x.charge or x.approach:  # R-ACT-11 / R-ORD-7: how it gets there is told too
                return self.t("do_charging" if x.charge else "do_approaching", act=words)
            return words
        if isinstance(x, act.Move):
            to = self.pos(x.waypoints[-1] if x.waypoints else None)
            if x.withdraw:  # R-ACT-6
                return self.t("do_withdraw", to=to)
            if x.away:
                return self.t("do_away")
            key = "do_step" if x.step else "do_run" if x.run else "do_move"
            return self.t(key, to=to)
        if isinstance(x, act.TakeAction):  # R-ACT-1
            return self.take_action_words(actor, x)
        if isinstance(x, act.Disengage):
            if x.reckless:
                return self.t("do_reckless")
            return self.t("do_disengage") if x.to is None \
                else self.t("do_disengage_to", to=self.pos(x.to))
        if isinstance(x, act.Intercept):
            return self.t("do_intercept", ward=self.who(x.ward))
        if isinstance(x, act.Delay):
            return self.t("do_delay")
        if isinstance(x, act.Ready) and x.plan:  # R-RDY-5: the plan, never its trigger
            from pbwcombat.readying import plan_text

            return self.t("do_ready", plan=self.plan(actor, plan_text(x.plan)))
        return self.t("do_other")

    def attack_words(self, actor: str, x: act.Attack) -> str:
        """"attack Snag", "attack Snag with the Bow"."""
        if x.weapon is None:
            return self.t("do_attack", target=self.who(x.target))
        me = self.enc.find(actor) if self.enc is not None else None
        w = me.weapon(x.weapon) if me is not None else None
        return self.t("do_attack_with", target=self.who(x.target),
                      weapon=self.markup.escape(w.name if w is not None else x.weapon))

    def take_action_words(self, actor: str, x: act.TakeAction) -> str:
        """R-ACT-1 `action WHO …` in words: its text, the built-in stand-up, a row of the
        Actions in Combat table (R-ACT-8) by its name, or the actor's own action."""
        if x.text is not None:
            return self.markup.escape(x.text)
        me = self.enc.find(actor) if self.enc is not None else None
        a = me.action(x.names[0]) if me is not None and x.names else None
        if a is None and x.names and x.names[0] == act.STAND_UP:  # the built-in one (R-CND-3)
            return self.t("do_stand_up")
        if a is None and x.names:  # a row of the built-in table (R-ACT-8)
            from pbwcombat.menu import row

            r = row(x.names[0])
            if r is not None:
                return self.markup.escape(r.name(self.lang))
        name = self.markup.escape(a.display if a is not None else (x.names or ("?",))[0])
        if x.target:
            return self.t("do_action_on", action=name,
                          targets=", ".join(self.who(t) for t in x.target))
        return self.t("do_action", action=name)

    def who(self, cid: str) -> str:
        """A combatant named by id in a declared act: its name, else the id as typed."""
        c = self.enc.find(cid) if self.enc is not None else None
        return self.name(c.display if c is not None else cid)

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

    def time_left(self, deadline: str, left: int) -> str:
        """R-PAC-3: "5 h 20 min left (deadline …)" or "the deadline (…) passed 2 h ago"."""
        if not deadline:
            return self.t("left_none")
        minutes = abs(left) // 60
        span = self.t("hours_minutes", h=minutes // 60, m=minutes % 60) if minutes >= 60 \
            else self.t("minutes", m=minutes)
        return self.t("left" if left >= 0 else "left_overdue", time=span, at=self.due(deadline))
