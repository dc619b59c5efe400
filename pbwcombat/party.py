"""`party save ENCOUNTER ROSTER`: the PCs' state after a fight, written back to their roster.

So that the next encounter's `add --from ROSTER` starts where this one ended (R-ACT-7 keeps a
roster's hp): each PC of the encounter (`pc = true`) whose id the roster holds gets its
current `hp`, its conditions that last (no duration: `{}`), its weapons' `ammo` and its
actions' `uses`. Everything else in the roster stays as written, in the same order; the
write is atomic (a temp file and a rename), BOM and CRLF kept. Comments are not kept (the
file is rewritten from its TOML). The encounter is only read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pbwcombat import store
from pbwcombat.errors import EncounterMissing, InvalidEncounter, UsageError
from pbwcombat.model import Combatant


def _carried(c: Combatant, table: dict[str, Any]) -> dict[str, Any]:
    """The roster table with the PC's state carried over."""
    from pbwcombat.forms import slug

    out = dict(table, hp=c.hp)
    lasting: dict[str, dict[str, Any]] = {name: {} for name, cond in c.conditions.items()
                                          if cond.lasting}
    if lasting:
        out["conditions"] = lasting
    else:
        out.pop("conditions", None)
    now = {w.id: w for w in c.weapons}
    weapons = []
    for w in table.get("weapons", []):
        mine = now.get(w.get("id") or slug(w.get("name", "")))
        weapons.append(dict(w, ammo=mine.ammo) if mine is not None and mine.ammo is not None
                       else w)
    if weapons:
        out["weapons"] = weapons
    uses = {a.id: a.uses for a in c.actions}
    if table.get("actions"):
        out["actions"] = [dict(a, uses=uses[a["id"]]) if uses.get(a.get("id")) is not None
                          else a for a in table["actions"]]
    return out


def save(encounter: Path, roster: Path) -> list[str]:
    """Write the PCs' state into `roster`; the ids saved, in the roster's order."""
    import tomli_w

    from pbwcombat.document import from_document
    from pbwcombat.service import load

    _, enc = load(encounter)
    try:
        raw = roster.read_bytes()
    except OSError as e:
        raise EncounterMissing("roster_file_cannot_read", roster=roster,
                               reason=e.strerror or type(e).__name__) from None
    doc = store.parse_document(raw)
    try:
        from_document(doc)
    except InvalidEncounter as e:
        raise InvalidEncounter([f"{roster}: {p}" for p in e.problems]) from None
    pcs = {c.id: c for c in enc.combatants if c.pc}
    saved: list[str] = []
    tables = doc.get("combatants", [])
    for i, table in enumerate(tables):
        c = pcs.get(table.get("id"))
        if c is not None:
            tables[i] = _carried(c, table)
            saved.append(c.id)
    if not saved:
        raise UsageError("party_no_pc", encounter=encounter, roster=roster)
    try:
        from_document(doc)
    except InvalidEncounter as e:
        raise InvalidEncounter([f"{roster}: {p}" for p in e.problems]) from None
    store.atomic_write(roster, store.restyle(raw, tomli_w.dumps(doc).encode("utf-8")))
    return saved
