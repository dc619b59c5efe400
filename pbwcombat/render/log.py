"""Posts built from the journal: `log` and `undo`."""

from __future__ import annotations

import json
import tomllib
from typing import Any

from pbwcombat import events as ev
from pbwcombat.digests import sha256_hex
from pbwcombat.model import Encounter
from pbwcombat.render.catalog import CATALOGUES
from pbwcombat.render.chain import short_mark, with_mark
from pbwcombat.render.markup import clean
from pbwcombat.render.narrator import hidden_change
from pbwcombat.render.post import body, header, narrator, redact
from pbwcombat.render.trust import (
    Reuse,
    describe,
    edit_line,
    pc_ids,
    reuse_lines,
)


def log_post(enc: Encounter, records: list[dict[str, Any]], fmt: str, lang: str,
             gm: bool, reuses: list[Reuse] | None = None) -> str:
    """Every command with its rolls and outcomes, oldest first (R-OUT-3 holds here too);
    undone commands marked, hand edits in their place, die numbers rolled again after an
    undo listed (R-LOG-1, R-LOG-2)."""
    mfmt = "plain" if fmt == "json" else fmt
    n = narrator(enc, mfmt, lang, gm)
    lines = [header(enc, n)]
    n.deadline_shown = True  # R-OUT-9: the current deadline is in the header, once
    for record in records:
        kind = record.get("type", "command")
        if kind == "edit":
            lines += ["", n.markup.bold(n.t("log_edit", time=n.when(record.get("time", "")))),
                      edit_line(enc, record.get("changes"), mfmt, lang, gm)]
            continue
        if kind == "restart":
            lines += ["", n.t("log_restart", time=n.when(record.get("time", "")))]
            continue
        if kind != "command":
            continue
        events = ev.from_record(record)
        title = n.markup.bold(n.t("log_title", version=record.get("version"),
                                  command=n.command(record.get("command")),
                                  time=n.when(record.get("time", ""))))
        if record.get("undone"):
            title += " " + n.t("log_undone", undo=record["undone"])
        try:
            lines += ["", title, *body(events, n)]
        except ev.TAMPERED as e:
            raise ev.unreadable(record, e) from None
    extra = reuse_lines(reuses or [], mfmt, lang)
    if extra:
        lines += ["", *extra]
    text = n.markup.finish("\n".join(lines).rstrip() + "\n")
    if fmt != "json":
        return text
    data = [{"seq": r.get("seq"), "type": r.get("type", "command"),
             "version": r.get("version"), "command": r.get("command"), "time": r.get("time"),
             "undone": bool(r.get("undone")),
             "changes": _changes_json(enc, r, gm) if r.get("type") == "edit" else None,
             "events": [redact(e, gm) for e in r.get("events", [])]} for r in records]
    out: dict[str, Any] = {"version": enc.state.version, "events": [], "records": data,
                           "text": text}
    if reuses:
        out["reuses"] = [{"n": r.n, "first": describe(r.first), "first_face": r.first_face,
                          "then": describe(r.then), "then_face": r.then_face}
                         for r in reuses]
    return clean(json.dumps(out, ensure_ascii=False)) + "\n"


def in_round(records: list[dict[str, Any]], round_no: int) -> list[dict[str, Any]]:
    """`log --round N` (issue 25: a long fight's log in one or two forum messages): the
    records made while round N was the current one (0: before combat and the surprise
    round), the one that ends it included. A round starts with the record that holds its
    `RoundStarted` event; an undone record never moved the round."""
    current = 0
    out = []
    for record in records:
        if current == round_no:
            out.append(record)
        if record.get("undone") or record.get("type", "command") != "command":
            continue
        events = record.get("events", [])
        for e in events if isinstance(events, list) else []:
            if isinstance(e, dict) and e.get("type") == "RoundStarted" \
                    and type(e.get("round")) is int and not e.get("surprise"):
                current = max(current, e["round"])
    return out


def _changes_json(enc: Encounter, record: dict[str, Any], gm: bool
                  ) -> list[dict[str, Any]] | None:
    """The changed keys of an edit, as JSON: `[dice]` values never shown, a non-PC's numbers
    and orders only with `gm` (R-LOG-2, R-OUT-3)."""
    changes = record.get("changes")
    if not isinstance(changes, list):
        return None
    out = []
    pcs = pc_ids(enc)
    for c in changes:
        key = str(c.get("key", ""))
        cid = key[len("combatants."):].partition(".")[0] if key.startswith("combatants.") \
            else ""
        hidden = hidden_change(key, cid in pcs, gm)  # R-LOG-2, R-OUT-3
        out.append({"key": key} if hidden else {"key": key, "old": c.get("old"),
                                                   "new": c.get("new")})
    return out


def _doc_of(before: bytes) -> dict[str, Any]:
    try:
        return tomllib.loads(before.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return {}


def undo_format(before: bytes, fmt: str | None) -> str:
    """The format `undo_post` writes in: `--format`, else the restored file's."""
    return fmt or str(_doc_of(before).get("format", "bbcode"))


def undo_post(record: dict[str, Any], before: bytes, fmt: str | None,
              lang: str | None, dry_run: bool = False, gm: bool = False) -> str:
    """What `undo` prints: the command undone, named in the post's language (R-OUT-5), and
    the version the file is back at; the rule id only with `gm`."""
    doc = _doc_of(before)
    lang = lang or str(doc.get("lang", "en"))
    if lang not in CATALOGUES:
        lang = "en"
    fmt = fmt or str(doc.get("format", "bbcode"))
    back = doc.get("state", {}).get("version", 0) if isinstance(doc.get("state"), dict) else 0
    cat = CATALOGUES[lang]
    name = str(record.get("command"))
    command = cat.get("cmd_" + name.replace(" ", "_").replace("-", "_"), name)
    if record.get("type") == "edit":
        command = cat["hand_edit"]
    text = cat["would_undo" if dry_run else "undone"].format(
        command=command, version=record.get("version", back), back=back)
    if gm:
        text += " (R-LOG-1)"
    # R-LOG-8: the undo record's after-hash is the file restored (a dry run records nothing)
    chain = None if dry_run else sha256_hex(before)
    if fmt == "json":
        data: dict[str, Any] = {"version": back, "events": [], "undone": record.get("command"),
                                "text": with_mark(text + "\n", chain, "plain")}
        if chain:
            data["chain"] = short_mark(chain)
        return clean(json.dumps(data, ensure_ascii=False)) + "\n"
    return with_mark(clean(text) + "\n", chain, fmt)
