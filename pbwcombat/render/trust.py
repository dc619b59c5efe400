"""Lines about the journal in posts and in `log` (R-LOG): a hand edit named after the header
(R-LOG-2), a dry run's dice that are not the real ones (R-LOG-6), die numbers rolled again
after an undo (R-LOG-1). Every word comes from the catalogue."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pbwcombat.frozen import Value
from pbwcombat.model import Encounter
from pbwcombat.render.markup import markup_for
from pbwcombat.render.narrate import Narrator

MAX_CHANGES = 12


def pc_ids(enc: Encounter | None) -> frozenset[str]:
    """The player characters' ids (whose numbers every post shows, R-OUT-3)."""
    return frozenset(c.id for c in enc.combatants if c.pc) if enc is not None else frozenset()


def _narrator(enc: Encounter | None, fmt: str, lang: str, gm: bool) -> Narrator:
    return Narrator(markup_for("plain" if fmt == "json" else fmt), lang, gm,
                    enc.mention if enc is not None else "@{player}", enc)


def edit_line(enc: Encounter | None, changes: list[dict[str, Any]] | None, fmt: str,
              lang: str, gm: bool) -> str:
    """"Edited by hand: Mira hp 3 → 12" (R-LOG-2): non-PC hit points as labels unless `gm`,
    `[dice]` values never shown."""
    n = _narrator(enc, fmt, lang, gm)
    if changes is None:
        items = [n.t("edit_unknown")]
    elif not changes:
        items = [n.t("edit_nothing")]
    else:
        named = _named(changes)
        items = list(dict.fromkeys(n.change(str(c.get("key", "")), c.get("old"), c.get("new"))
                                   for c in named))
        if len(changes) > len(named):
            items.append(n.t("edit_more", count=len(changes) - len(named)))
    return n.t("edited_by_hand", changes="; ".join(items))


def _named(changes: list[Any]) -> list[Any]:
    """The changes a post names, in the file's order: every hit-point change (the players
    must see those, however many other keys changed), then the others up to MAX_CHANGES;
    the rest is counted ("and 3 more")."""
    def hp(c: Any) -> bool:
        return isinstance(c, dict) and str(c.get("key", "")).endswith(".hp")

    room = max(0, MAX_CHANGES - sum(1 for c in changes if hp(c)))
    others = [id(c) for c in changes if not hp(c)][:room]
    kept = set(others)
    return [c for c in changes if hp(c) or id(c) in kept]


def dry_run_line(fmt: str, lang: str) -> str:
    """R-LOG-6: a dry run says that its dice are not the real ones."""
    return _narrator(None, fmt, lang, False).t("dry_run_dice")


# -- die numbers rolled again after an undo ----------------------------------------------------


class Reuse(Value):  # a Value, not a dataclass: generating one cost `undo` and `log` ~1 ms
    n: int
    first: dict[str, Any]
    first_face: int
    then: dict[str, Any]
    then_face: int


def describe(record: dict[str, Any], n: Narrator | None = None) -> str:
    """A command as `log` and `verify` name it: `attack`, `roll Spot` (with a narrator: the
    command's name in its language, text escaped)."""
    name = str(record.get("command", ""))
    shown = n.command(name) if n is not None else name
    events = record.get("events", [])
    for e in events if isinstance(events, list) else []:
        if isinstance(e, dict) and e.get("type") == "FreeRolled" and e.get("reason"):
            reason = str(e["reason"])
            return f"{shown} {n.markup.escape(reason) if n is not None else reason}"
    return shown


def die_reuses(records: Iterable[dict[str, Any]]) -> list[Reuse]:
    """R-LOG-1: every generator die number rolled again by a different command (after an
    undo), with both commands. `records` are the live records, undone ones included."""
    seen: dict[int, tuple[dict[str, Any], int]] = {}
    out: list[Reuse] = []
    for rec in records:
        if rec.get("type", "command") != "command":
            continue
        rolls = rec.get("rolls", [])
        for roll in rolls if isinstance(rolls, list) else []:
            if not isinstance(roll, dict) or type(roll.get("n")) is not int:
                continue
            n = roll["n"]
            face = roll.get("face")
            if n in seen:
                first, first_face = seen[n]
                if first.get("digest") != rec.get("digest") or first_face != face:
                    out.append(Reuse(n, first, first_face, rec, face if type(face) is int
                                     else 0))
            seen[n] = (rec, face if type(face) is int else 0)
    return out


def reuse_lines(reuses: list[Reuse], fmt: str, lang: str) -> list[str]:
    if not reuses:
        return []
    n = _narrator(None, fmt, lang, False)
    lines = [n.markup.bold(n.t("log_reuses"))]
    for r in reuses:
        lines.append("- " + n.t("reuse", n=r.n, a_face=r.first_face, a=describe(r.first, n),
                                b_face=r.then_face, b=describe(r.then, n)))
    return lines


def unposted_lines(unposted: list[Any], fmt: str, lang: str) -> list[str]:
    """R-LOG-8: the generator dice the journal holds that no post shows ("#7: rolled by
    `roll`, never posted"); `unposted` are `thread.Unposted`."""
    if not unposted:
        return []
    n = _narrator(None, fmt, lang, False)
    lines = [n.markup.bold(n.t("verify_unposted"))]
    for u in unposted:
        key = "unposted_undone" if u.undone else "unposted"
        lines.append("- " + n.t(key, n=u.n, command=describe(u.record, n)))
    return lines
