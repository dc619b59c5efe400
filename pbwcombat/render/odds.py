"""The `odds` report (R-SIM-2) as a forum post (R-OUT: catalogue, markup, hidden hit points)
and as JSON for scripts. It renders the report's data (`pbwcombat.sim.odds.report`)."""

from __future__ import annotations

import json
from typing import Any

from pbwcombat.model import Encounter
from pbwcombat.render.markup import clean
from pbwcombat.render.narrate import Narrator
from pbwcombat.render.post import narrator


def _pct(x: float, lang: str) -> str:
    """78.1% (en) / 78,1 % (es)."""
    text = f"{100 * x:.1f}"
    return f"{text.replace('.', ',')} %" if lang == "es" else f"{text}%"


def _count(k: int, lang: str) -> str:
    """10,000 (en) / 10.000 (es)."""
    text = f"{k:,}"
    return text.replace(",", ".") if lang == "es" else text


def _num(x: float, lang: str) -> str:
    text = f"{x:.1f}".removesuffix(".0")
    return text.replace(".", ",") if lang == "es" else text


def _start(enc: Encounter, data: dict[str, Any], n: Narrator) -> str:
    start = data["from"]
    if start["phase"] in ("setup", "ended", "surprise"):
        return n.t(f"odds_from_{start['phase']}")
    if start["turn"] and enc.find(start["turn"]) is not None:
        return n.t("odds_from_turn", round=start["round"],
                   name=n.name(enc.get(start["turn"]).display))
    return n.t("odds_from_round", round=start["round"])


def odds_text(enc: Encounter, data: dict[str, Any], fmt: str, lang: str, gm: bool) -> str:
    """The report as a post: header, shares, rounds, then one line per combatant."""
    n = narrator(enc, fmt, lang, gm)
    m = n.markup
    title = " — ".join(p for p in (m.bold(m.escape(enc.name)) if enc.name else "",
                                   n.t("odds_title")) if p)
    intro = "odds_intro_one" if data["runs"] == 1 else "odds_intro"
    summary = [n.t(intro, runs=_count(data["runs"], lang), start=_start(enc, data, n),
                   max=n.count("rounds", data["max_rounds"]))]
    for s in data["sides"]:
        summary.append(n.t("odds_wins", side=n.name(enc.side_name(s["side"])),
                           share=m.bold(_pct(s["share"], lang)),
                           low=_pct(s["low"], lang), high=_pct(s["high"], lang)))
    if data["nobody"]["count"]:
        summary.append(n.t("odds_nobody", share=m.bold(_pct(data["nobody"]["share"], lang))))
    summary.append(n.t("odds_undecided", max=n.count("rounds", data["max_rounds"]),
                       share=m.bold(_pct(data["undecided"]["share"], lang))))
    r = data["rounds"]
    summary.append(n.t("odds_rounds", mean=_num(r["mean"], lang), median=_num(r["median"], lang),
                       p10=r["p10"], p90=r["p90"]))
    fates: list[str] = []
    for f in data["combatants"]:
        if f["pc"] or gm:  # R-OUT-3: non-PC hit points only as a share of full, unless --gm
            hp = f"{_num(f['mean_hp'], lang)}/{f['max_hp']}"
        else:
            hp = n.t("odds_hp_share", pct=_pct(f["mean_hp_share"], lang))
        line = "- " + n.t("odds_fate", name=n.name(f["name"]),
                          down=_pct(f["down"]["share"], lang),
                          dead=_pct(f["dead"]["share"], lang), hp=hp)
        if f["fled"]["count"]:
            line += ", " + n.t("odds_fled", fled=_pct(f["fled"]["share"], lang))
        fates.append(line)
    blocks = [[title], summary, [m.bold(n.t("odds_fates"))], fates]
    if data.get("not_played"):  # R-SIM-4: what no order takes, so the odds ignore it
        items = [n.t("odds_not_played_item", name=n.name(c["name"]),
                     actions=", ".join(m.escape(a) for a in c["actions"]))
                 for c in data["not_played"]]
        blocks.append([n.t("odds_not_played", items="; ".join(items))])
    blocks.append([n.t("odds_seed", seed=data["seed"])])
    if fmt == "markdown":  # R-OUT-6: hard line breaks inside a paragraph
        blocks = [[line + "  " for line in b[:-1]] + b[-1:] for b in blocks]
    return "\n\n".join("\n".join(b) for b in blocks) + "\n"


def visible(data: dict[str, Any], gm: bool) -> dict[str, Any]:
    """R-OUT-3 in JSON: a non-PC's mean hit points only as a share of full, unless `gm`."""
    if gm:
        return data
    people = [c if c["pc"] else {k: v for k, v in c.items() if k not in ("mean_hp", "max_hp")}
              for c in data["combatants"]]
    return {**data, "combatants": people}


def odds_post(enc: Encounter, data: dict[str, Any], fmt: str, lang: str, gm: bool) -> str:
    """`odds`: the post in `fmt`, or JSON `{version, events: [], odds, text}`."""
    if fmt != "json":
        return odds_text(enc, data, fmt, lang, gm)
    sides = [{**s, "name": enc.side_name(s["side"])} for s in data["sides"]]
    # R-OUT-7: names cleaned of bidi and zero-width characters in JSON too
    return clean(json.dumps({"version": enc.state.version, "events": [],
                             "odds": visible({**data, "sides": sides}, gm),
                             "text": odds_text(enc, data, "plain", lang, gm)},
                            ensure_ascii=False)) + "\n"
