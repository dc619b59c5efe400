"""`set` (R-LOG-2): a GM change to a combatant's definition or to a rule, as a command.

Instead of a hand edit mid-fight: the change is validated as a load validates the file,
journaled like any command (so `undo` takes it back) and narrated by the rule that names a
hand edit (a non-PC's numbers only with `--gm`)."""

from __future__ import annotations

import json

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat.document import (
    changed_keys,
    checked_setting,
    parse_value,
    set_document,
    to_document,
)
from pbwcombat.engine import Resolution
from pbwcombat.errors import UsageError


def set_value(res: Resolution, subject: str, key: str, text: str) -> None:
    """`set WHO KEY VALUE` (`subject` a combatant id) or `set rules.KEY VALUE` ("rules")."""
    if subject == "rules":
        name, pc = "rules", True
    else:
        c = res.combatant(subject)  # an unknown id is exit 2
        name, pc = c.display, c.pc
    before = to_document(res.enc)
    wanted = set_document(before, subject, key, parse_value(text))
    checked_setting(wanted)  # exit 2 with `path: message` problems, as a load lists them
    changes = changed_keys(before, wanted)  # what the GM set (not defaults the write adds)
    if not changes:
        where = f"rules.{key}" if subject == "rules" else f"{subject} {key}"
        raise UsageError("set_nothing_to_change", where=where, text=text)
    res.emit(ev.ValueSet(subject, name, pc, key, text,
                         tuple((c["key"], json.dumps(c["old"], ensure_ascii=False),
                                json.dumps(c["new"], ensure_ascii=False)) for c in changes)))


def _set_value(res: Resolution, x: act.SetValue) -> None:
    set_value(res, x.subject, x.key, x.value)


HANDLES = {act.SetValue: _set_value}
