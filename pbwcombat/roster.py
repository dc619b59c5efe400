"""`add --from FILE`: combatants read from a roster or another encounter (R-ACT-7).

A roster is any TOML holding `[[combatants]]` (the rest of an encounter is optional). It is
read before the encounter is locked: a file that cannot be read is exit 66, an invalid one
exit 65, each naming that file."""

from __future__ import annotations

import json
from pathlib import Path

from pbwcombat import store
from pbwcombat.errors import EncounterMissing, InvalidEncounter, UsageError


def read_roster(source: str, ids: tuple[str, ...]) -> str:
    """The chosen combatants (all, or those named, in the file's order) as a JSON list of
    their tables."""
    from pbwcombat.document import combatant_document, from_document
    from pbwcombat.regular import read_regular

    try:
        raw = read_regular(Path(source))  # a FIFO or a device: refused at once, never read
    except OSError as e:
        raise EncounterMissing("roster_file_cannot_read", source=source,
                               reason=e.strerror or type(e).__name__) from None
    try:
        enc = from_document(store.parse_document(raw))
    except InvalidEncounter as e:
        raise InvalidEncounter([f"{source}: {p}" for p in e.problems]) from None
    present = [c for c in enc.combatants if not c.removed]
    if not present:
        raise InvalidEncounter([f"{source}: combatants: the roster holds no combatants"])
    known = {c.id for c in present}
    for cid in ids:
        if cid not in known:
            raise UsageError("has_combatant", source=source, id=cid)
    chosen = [c for c in present if not ids or c.id in ids]
    return json.dumps([combatant_document(c) for c in chosen], ensure_ascii=False,
                      separators=(",", ":"))
