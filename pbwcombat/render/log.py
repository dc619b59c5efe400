"""Posts built from the journal: `log` and `undo`."""

from __future__ import annotations

import json
import tomllib
from typing import Any

from pbwcombat import events as ev
from pbwcombat.model import Encounter
from pbwcombat.render.catalog import CATALOGUES
from pbwcombat.render.markup import clean
from pbwcombat.render.post import body, header, narrator, redact


def log_post(enc: Encounter, records: list[dict[str, Any]], fmt: str, lang: str,
             gm: bool) -> str:
    """Every command with its rolls and outcomes, oldest first (R-OUT-3 holds here too)."""
    n = narrator(enc, "plain" if fmt == "json" else fmt, lang, gm)
    lines = [header(enc, n)]
    n.deadline_shown = True  # R-OUT-9: the current deadline is in the header, once
    for record in records:
        events = [ev.from_dict(e) for e in record.get("events", [])]
        title = n.t("log_title", version=record.get("version"),
                    command=n.command(record.get("command")),
                    time=n.when(record.get("time", "")))
        lines += ["", n.markup.bold(title), *body(events, n)]
    text = n.markup.finish("\n".join(lines).rstrip() + "\n")
    if fmt != "json":
        return text
    data = [{"version": r.get("version"), "command": r.get("command"), "time": r.get("time"),
             "events": [redact(e, gm) for e in r.get("events", [])]} for r in records]
    return clean(json.dumps({"version": enc.state.version, "events": [], "records": data,
                             "text": text}, ensure_ascii=False)) + "\n"


def undo_post(record: dict[str, Any], before: bytes, fmt: str | None,
              lang: str | None, dry_run: bool = False) -> str:
    try:
        doc = tomllib.loads(before.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        doc = {}
    lang = lang or str(doc.get("lang", "en"))
    if lang not in CATALOGUES:
        lang = "en"
    fmt = fmt or str(doc.get("format", "bbcode"))
    back = doc.get("state", {}).get("version", 0) if isinstance(doc.get("state"), dict) else 0
    text = CATALOGUES[lang]["would_undo" if dry_run else "undone"].format(
        command=record.get("command"), version=record.get("version"), back=back)
    if fmt == "json":
        return clean(json.dumps({"version": back, "events": [], "undone": record.get("command"),
                                 "text": text + "\n"}, ensure_ascii=False)) + "\n"
    return clean(text) + "\n"
