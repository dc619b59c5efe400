"""Whole posts: a header, the narrated events, and the JSON form (R-OUT)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pbwcombat import events as ev
from pbwcombat.clock import by_orders, deadline_text, is_absent, is_declared_round, owing, utc_text
from pbwcombat.model import Combatant, Encounter
from pbwcombat.render.chain import mark_line, short_mark
from pbwcombat.render.markup import Plain, clean, markup_for
from pbwcombat.render.narrate import Narrator
from pbwcombat.render.narrator import condition, hidden_change
from pbwcombat.rules.effects import held

_HIDDEN_HP = ("before", "hp", "max_hp", "status_before", "status", "nonlethal", "asked")
# R-HP-6/7: a non-PC's temporary hp and nonlethal totals are hidden as its hp are
_HIDDEN_TOTALS = {"TempHpChanged": ("before", "after"), "NonlethalChanged": ("before", "after",
                                                                           "hp")}


_SECRET_ORDERS = {"RuleFollowed": "text", "PlanCut": "act", "OrdersSet": "rules"}


def narrator(enc: Encounter, fmt: str, lang: str, gm: bool) -> Narrator:
    return Narrator(markup_for(fmt), lang, gm, enc.mention, enc)


def header_facts(enc: Encounter) -> dict[str, Any]:
    """What the header shows, as data: kept in the journal so a `--key` repeat prints the
    first post exactly, whatever happened since."""
    st = enc.state
    acting = st.turn and st.phase in ("surprise", "combat")
    turn = ""
    if acting:  # R-INI-3: a shared group turn is named after the group
        turn = enc.get(st.turn).group if len(enc.members_of(st.turn)) > 1 \
            else enc.get(st.turn).display
    return {"name": enc.name, "phase": st.phase, "round": st.round,
            "turn": turn,
            "deadline": deadline_text(enc, st.turn_started_at) if acting else ""}


def header(facts: Encounter | dict[str, Any], n: Narrator) -> str:
    """`Encounter — Round 2 — Turn: Aldric`."""
    f = header_facts(facts) if isinstance(facts, Encounter) else facts
    parts = [n.markup.bold(n.markup.escape(f["name"]))] if f["name"] else []
    phase = f["phase"]
    if phase == "setup":
        parts.append(n.t("setup"))
    elif phase == "ended":
        parts.append(n.t("ended"))
    elif phase == "surprise":
        parts.append(n.t("surprise_round"))
    else:
        parts.append(n.t("round", round=f["round"]))
    if f["turn"]:
        parts.append(n.t("turn_of", name=n.name(f["turn"])))
        if f["deadline"]:
            parts.append(n.t("deadline", at=n.due(f["deadline"])))
    return " — ".join(parts)


def narrated_facts(facts: dict[str, Any], events: Sequence[ev.Event]) -> dict[str, Any]:
    """R-OUT-9: the header of a post names the round the command resolved. When a new round
    starts in the post, its own header line (`— Round 3 —`) comes before the lines that belong
    to it, so the post header keeps the round before, without a turn (the deadline then shows
    on the line that starts the turn, and only there)."""
    if facts.get("phase") == "ended":
        return facts
    if facts.get("deadline") and any(isinstance(e, ev.Reminded) and e.deadline
                                      for e in events):
        # R-OUT-9, once per post: a reminder says the deadline with the time left (R-PAC-3)
        facts = {**facts, "deadline": ""}
    starts = [e for e in events if isinstance(e, ev.RoundStarted)]
    out = dict(facts)
    if starts:
        first = starts[0]
        if first.surprise or any(isinstance(e, ev.CombatStarted) for e in events):
            out.update(phase="setup", round=0)
        elif first.round <= 1:
            out.update(phase="surprise", round=0)
        else:
            out.update(phase="combat", round=first.round - 1)
        out.update(turn="", deadline="")
    return out


def body(events: Sequence[ev.Event], n: Narrator) -> list[str]:
    # R-OUT-9: the deadline once per post: only on the turn that is still running
    due = [i for i, e in enumerate(events) if isinstance(e, ev.TurnStarted) and e.deadline]
    if len(due) > 1:
        events = [ev.TurnStarted(**{**e._asdict(), "deadline": ""})
                  if isinstance(e, ev.TurnStarted) and i in due[:-1] else e
                  for i, e in enumerate(events)]
    events = intercepted_in_order(events)
    # issue 25: a post that resolves several turns mentions only the player who acts next
    # (the last turn it starts): the others' turns are over by the time they read it
    starts = [i for i, e in enumerate(events) if isinstance(e, ev.TurnStarted)]
    if len(starts) > 1:
        events = [ev.TurnStarted(**{**e._asdict(), "player": "", "players": ()})
                  if isinstance(e, ev.TurnStarted) and i in starts[:-1] else e
                  for i, e in enumerate(events)]
    lines = n.lines(events)
    if any(d.supplied for e in events for d in _dice_of(e)):
        lines.append(n.t("supplied_note"))
    return lines


def intercepted_in_order(events: Sequence[ev.Event]) -> list[ev.Event]:
    """Narrate an interception of a move in the order it happens (issue 25): the mover's
    walk, then the contest (the Action Priority rolls) and the interception, which says that
    the mover stops (so the "stops at … intercepted" line goes). The events are journaled
    as the rules emit them; only the post's order changes."""
    out = list(events)
    for i, e in enumerate(out):
        if not (isinstance(e, ev.InterceptResolved) and e.won and e.movement):
            continue
        walk = next((j for j in range(i + 1, len(out)) if isinstance(out[j], ev.Moved)
                     and out[j].who == e.enemy), None)  # type: ignore[attr-defined]
        if walk is None:
            continue
        start = i
        while start > 0 and isinstance(out[start - 1], ev.PriorityRolled):
            start -= 1
        out.insert(start, out.pop(walk))
        out = [x for k, x in enumerate(out) if not (
            k > i and isinstance(x, ev.MoveStopped) and x.who == e.enemy
            and x.reason == "intercepted")]
        break
    return out


def _dice_of(e: ev.Event) -> list[Any]:
    roll = getattr(e, "roll", None)
    return list(roll.dice) if roll is not None else []


def text_post(enc: Encounter, events: Sequence[ev.Event], fmt: str, lang: str,
              gm: bool, facts: dict[str, Any] | None = None,
              preface: Sequence[str] = (), chain: str | None = None) -> str:
    """A text post; `chain`, the after-hash of the record it follows, ends it as the record's
    chain mark (R-LOG-8)."""
    n = narrator(enc, fmt, lang, gm)
    shown = narrated_facts(facts if facts is not None else header_facts(enc), events)
    n.deadline_shown = bool(shown.get("turn") and shown.get("deadline"))  # once per post
    top = header(shown, n)
    text = "\n".join([top, *preface, "", *body(events, n)]).rstrip()
    if chain:
        text += "\n\n" + mark_line(chain, fmt)
    return n.markup.finish(text + "\n")


def redact(data: dict[str, Any], gm: bool) -> dict[str, Any]:
    """R-OUT-3 in JSON: a non-PC's hit points become condition labels unless --gm; R-RDY-1:
    a readied plan's trigger is the GM's."""
    if data.get("type") == "ReadyDeclared" and not gm:
        return {k: v for k, v in data.items() if k != "when"}
    if data.get("type") == "ValueSet" and not gm and not data.get("pc", True):
        return _redact_set(data)
    if data.get("type") == "Added" and not gm and isinstance(data.get("data"), dict):
        return {**data, "data": _redact_table(data["data"])}  # R-ACT-7: a newcomer's table
    secret = _SECRET_ORDERS.get(str(data.get("type")))
    if secret and not gm:  # R-ORD-4: players never see another combatant's orders
        drop = {secret} if data.get("declared") else {secret, "key", "fields"}
        return {k: v for k, v in data.items() if k not in drop}
    hidden = _HIDDEN_TOTALS.get(str(data.get("type")))
    if hidden and not gm and not data.get("pc", True):
        return {k: v for k, v in data.items() if k not in hidden}
    if gm or data.get("pc", True) or "hp" not in data:
        return data
    out = {k: v for k, v in data.items() if k not in _HIDDEN_HP}
    out["condition_before"] = condition(data["before"], data["max_hp"], data["status_before"])
    out["condition"] = condition(data["hp"], data["max_hp"], data["status"])
    return out


def _redact_set(data: dict[str, Any]) -> dict[str, Any]:
    """R-LOG-2 `set` on a non-PC: the changed keys players may not see without their values."""
    changes = [[c[0]] if hidden_change(str(c[0]), False, False) else c
               for c in data.get("changes", [])]
    return {k: v for k, v in {**data, "changes": changes}.items() if k != "value"}


def _redact_table(table: dict[str, Any]) -> dict[str, Any]:
    """A non-PC newcomer's `[[combatants]]` table with its hit points as a label (R-OUT-3)."""
    if table.get("pc", False) or "hp" not in table:
        return table
    hp = int(table["hp"])
    max_hp = int(table.get("max_hp", max(hp, 1)))
    out = {k: v for k, v in table.items() if k not in ("hp", "max_hp", "status")}
    out["condition"] = condition(hp, max_hp, str(table.get("status", "ok")))
    return out


def json_post(enc: Encounter, events: Sequence[ev.Event], lang: str, gm: bool,
              unused: Sequence[int] = (), facts: dict[str, Any] | None = None,
              version: int | None = None, preface: Sequence[str] = (),
              chain: str | None = None) -> str:
    payload: dict[str, Any] = {
        "version": enc.state.version if version is None else version,
        "events": [redact(ev.to_dict(e), gm) for e in events],
        "text": text_post(enc, events, "plain", lang, gm, facts, preface, chain),
    }
    if chain:  # R-LOG-8: the record's chain mark as a field too
        payload["chain"] = short_mark(chain)
    if preface:
        payload["notes"] = list(preface)
    if unused:
        payload["unused_dice"] = list(unused)
    return clean(json.dumps(payload, ensure_ascii=False)) + "\n"


def render(enc: Encounter, events: Sequence[ev.Event], fmt: str, lang: str, gm: bool,
           unused: Sequence[int] = (), facts: dict[str, Any] | None = None,
           version: int | None = None, preface: Sequence[str] = (),
           chain: str | None = None) -> str:
    """The post for `events`; `facts`/`version` re-create a post from the journal; `preface`
    lines (a hand edit, a dry run: R-LOG-2, R-LOG-6) follow the header; `chain` is the
    after-hash of the journal record the post follows, whose mark ends it (R-LOG-8)."""
    if fmt == "json":
        return json_post(enc, events, lang, gm, unused, facts, version, preface, chain)
    return text_post(enc, events, fmt, lang, gm, facts, preface, chain)


# -- the status post (`show`) ------------------------------------------------------------


def _status_line(enc: Encounter, c: Combatant, n: Narrator, gm: bool, now: str = "") -> str:
    m: Plain = n.markup
    bits = [n.name(c.display)]
    if c.initiative is not None:
        bits[0] += f" ({m.bold(str(c.initiative))})"  # bold: never SMF's `8)` smiley
    g = n.g(c.display)
    bits.append(n.hp_state(c.pc, c.hp, c.full_hp, c.status, c.display, c.temp_hp,
                           c.nonlethal))  # R-HP-6/7
    if c.position is not None:
        bits.append(n.t("at", pos=n.pos(c.position)))
    if gm:
        bits.append(n.t("defense", defense=c.defense))
        if c.orders:  # R-ORD-4: only the GM sees orders
            rules = (c.orders,) if isinstance(c.orders, str) else c.orders
            bits.append(n.t("orders", rules=m.escape(" | ".join(rules))))
        if c.feats:  # R-ACT-9: every feat is shown and stored, those without effect too
            bits.append(n.t("feats", names=m.escape(", ".join(c.feats))))
    if c.flat_footed and c.can_act and enc.state.phase in ("surprise", "combat") \
            and not held(c.conditions).flat_footed:
        bits.append(n.t("flat_footed", g=g))
    # R-CND-2: each condition with what is left of it; the dead keep theirs silently (R-CND-4)
    for name, cond in () if c.status == "dead" else c.conditions.items():
        of = enc.find(cond.of) if cond.of else None
        left = n.duration(cond.turns, cond.ends or "start", of.display if of else "")
        terms = n.condition_terms(cond.entry())  # R-CND-6/10: save, damage, modifiers
        left = f"{left}; {terms}" if terms else left
        bits.append(f"{n.condition_name(name, c.gender)} ({left})")
    if c.engaged:
        bits.append(n.t("engaged_with", g=g,
                        names=n.names(enc.get(x).display for x in c.engaged)))
    if c.missile_engaged:
        bits.append(n.t("missile_with", g=g,
                        names=n.names(enc.get(x).display for x in c.missile_engaged)))
    if c.guarding:
        bits.append(n.t("guarding", name=n.name(enc.get(c.guarding).display)))
    if c.stance:  # R-ACT-11: "charging", "fighting defensively", "total defense"
        bits.append(n.t(f"show_stance_{c.stance}"))
    for aid in c.aid:  # R-ACT-12: aid another's bonuses on it
        other = enc.find(str(aid["against"]))
        bits.append(n.t("show_aid_attack" if "attack" in aid else "show_aid_defense",
                        against=n.name(other.display if other else str(aid["against"])),
                        n=aid.get("attack", aid.get("defense", 2))))
    if c.id in enc.state.delaying:
        bits.append(n.t("delaying"))
    if c.readied is not None:  # R-RDY-1: the plan for all, its trigger for the GM only
        plan = n.plan(c.id, c.readied.plan)
        bits.append(n.t("readied_status_gm", g=g, plan=plan, when=n.trigger(c.readied.when))
                    if gm else n.t("readied_status", g=g, plan=plan))
    if c.player:
        bits.append(m.escape(c.player))
    if c.absent_until and (not now or is_absent(c, now)):  # R-PAC-2
        bits.append(n.t("absent_until", at=n.due(utc_text(c.absent_until))))
    return "- " + " · ".join(bits)


def status_post(enc: Encounter, fmt: str, lang: str, gm: bool,
                map_text: str = "", now: str = "") -> str:
    """`show`: round, whose turn, order, hp (R-OUT-3), engagements, guards, declarations."""
    n = narrator(enc, "plain" if fmt == "json" else fmt, lang, gm)
    facts = header_facts(enc)
    if is_declared_round(enc) and owing(enc, now):
        # R-OUT-9, once per post: R-PAC-1 gives it with those who owe, not in the header
        facts["deadline"] = ""
    lines = [header(facts, n), ""]
    in_order = [enc.get(o) for o in enc.state.order if not enc.get(o).removed]
    others = [c for c in enc.active if c.id not in enc.state.order]
    if in_order:
        lines.append(n.t("order") + ":")
    lines += [_status_line(enc, c, n, gm, now) for c in in_order]
    if others:
        if in_order:
            lines.append(n.t("no_initiative") + ":")
        lines += [_status_line(enc, c, n, gm, now) for c in others]
    lines += pacing_lines(enc, n, now)
    if map_text:
        lines += ["", map_text]
    if enc.state.phase != "setup" or (enc.dice is not None and enc.dice.n > 0):
        # R-OUT-9: roll numbers (`#n`) are explained here, and only here
        lines += ["", n.t("numbers_note")]
    text = n.markup.finish("\n".join(lines).rstrip() + "\n")
    if fmt != "json":
        return text
    return clean(json.dumps({"version": enc.state.version, "events": [],
                             "status": status_data(enc, gm), "text": text},
                            ensure_ascii=False)) + "\n"


def _readied(c: Combatant, gm: bool) -> dict[str, Any] | None:
    """R-RDY-1: the readied plan; its trigger only for the GM."""
    if c.readied is None:
        return None
    out: dict[str, Any] = {"plan": c.readied.plan, "round": c.readied.round}
    if gm:
        out["when"] = c.readied.when
    return out
def pacing_lines(enc: Encounter, n: Narrator, now: str) -> list[str]:
    """R-PAC-1: in a declared round who has declared and who still owes a declaration, with
    the deadline; in both flows those acting by standing orders, apart ("by orders")."""
    if enc.state.phase not in ("surprise", "combat"):
        return []
    lines = []
    if is_declared_round(enc):
        declared = [enc.get(d).display for d in enc.state.declarations if enc.find(d)]
        lines.append(n.t("declared") + ": " + (n.names(declared) or "—"))
        owe = n.names(c.display for c in owing(enc, now)) or "—"
        due = deadline_text(enc, enc.state.turn_started_at)
        lines.append(n.t("not_declared") + ": " + owe
                     + (" (" + n.t("until", at=n.due(due)) + ")" if due and owe != "—" else ""))
    ordered = by_orders(enc, now)
    if ordered:
        lines.append(n.t("by_orders") + ": " + n.names(c.display for c in ordered))
    return lines


def status_data(enc: Encounter, gm: bool) -> dict[str, Any]:
    """The status as data for JSON, hidden hit points as labels (R-OUT-3)."""
    people = []
    for c in enc.active:
        item: dict[str, Any] = {"id": c.id, "name": c.name, "side": c.side,
                                "status": c.status, "initiative": c.initiative,
                                "position": list(c.position) if c.position else None,
                                "engaged": list(c.engaged),
                                "missile_engaged": list(c.missile_engaged),
                                "guarding": c.guarding,
                                "readied": _readied(c, gm),
                                "stance": c.stance,  # R-ACT-11
                                "conditions": {k: cond.entry()
                                               for k, cond in c.conditions.items()}}
        if c.pc or gm:
            item.update(hp=c.hp, max_hp=c.full_hp)
            if c.temp_hp:
                item["temp_hp"] = c.temp_hp  # R-HP-6
            if c.nonlethal:
                item["nonlethal"] = c.nonlethal  # R-HP-7
            if c.feats:
                item["feats"] = list(c.feats)  # R-ACT-9: shown and stored
        else:  # R-OUT-3: "disabled" or "dying" would tell the exact hit points
            item["condition"] = condition(c.hp, c.full_hp, c.status)
            del item["status"]
        if c.nonlethal_state:  # R-HP-7: derived; seen by everyone, as its effect is
            item[c.nonlethal_state] = True
        people.append(item)
    st = enc.state
    return {"phase": st.phase, "round": st.round, "turn": st.turn, "order": list(st.order),
            "combatants": people}
