"""`add ID --srd NAME` and `add --statblock FILE`: newcomers from a template (R-ACT-7).

Both become the same thing `add --from` hands the rule: a JSON list of `[[combatants]]`
tables, read before the encounter is locked, so the journal holds exactly what was added
(undo and replay never read the bestiary or the pasted text again). With `--count N` the ids
and names follow `add --like`: `ID-1` … `ID-N`, "Orc 1" … "Orc N".
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NamedTuple

from pbwcombat.errors import EncounterMissing, InvalidEncounter, UsageError


class Template(NamedTuple):
    """One creature's table (no id yet), its Hit Dice, and warnings for stderr."""

    table: dict[str, Any]
    hit_dice: str
    default_id: str
    warnings: tuple[str, ...] = ()


def from_srd(name: str, side: str, lang: str) -> Template:
    from pbwcombat.bestiary import srd

    c = srd.find(name)
    table = srd.definition(c, c["id"], side, lang)
    del table["id"]
    return Template(table, c["hit_dice"], c["id"])


def read_text(source: str) -> str:
    """The stat block's text: a file, or `-` for standard input (exit 66 if unreadable)."""
    if source == "-":
        return sys.stdin.read()
    try:
        return Path(source).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as e:
        why = getattr(e, "strerror", None) or type(e).__name__
        raise EncounterMissing("statblock_cannot_be_read", source=source, reason=why) from None


def from_statblock(source: str, side: str, lenient: bool) -> Template:
    """A pasted stat block; every line it cannot read is exit 65 naming it, or with
    `lenient` a warning each (the rest is kept)."""
    from pbwcombat.bestiary import statblock
    from pbwcombat.forms import slug

    parsed = statblock.parse(read_text(source))
    where = "stdin" if source == "-" else source
    if parsed.unread and not lenient:  # with --lenient a block lacking hp or Defense is
        raise InvalidEncounter([f"{where}: stat block: {u}" for u in parsed.unread])
    # still refused: the combatant's own validation asks for them (exit 65)
    table = {"side": side, **parsed.table}
    return Template(table, parsed.hit_dice, slug(parsed.name) if parsed.name else "creature",
                    tuple(f"{where}: stat block: {u} (--lenient: line skipped)"
                          for u in parsed.unread))


def roster(template: Template, ids: list[str], count: int | None, name: str | None,
           roll_hp: bool) -> tuple[str, tuple[str, ...]]:
    """The newcomers' tables as `add --from` gives them, and their Hit Dice if rolled."""
    from pbwcombat.core_schema import ValidationError
    from pbwcombat.document import problems_of
    from pbwcombat.model import validate_combatant

    base = ids[0] if ids else template.default_id
    stem = name or template.table.get("name") or base
    if count is None:
        people = [(base, name or stem)]
    else:
        people = [(f"{base}-{i}", f"{stem} {i}") for i in range(1, count + 1)]
    if any(len(n) > 200 for _, n in people):
        raise UsageError("add_name_name_holds_most")
    tables = [{"id": cid, **template.table, "name": shown} for cid, shown in people]
    try:
        validate_combatant(tables[0])
    except ValidationError as e:
        raise InvalidEncounter([f"add: {p}" for p in problems_of(e)]) from None
    dice = tuple(template.hit_dice for _ in tables) if roll_hp and template.hit_dice else ()
    if roll_hp and not template.hit_dice:
        raise UsageError("statblock_no_hit_dice")
    return json.dumps(tables, ensure_ascii=False, separators=(",", ":")), dice
