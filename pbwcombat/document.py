"""TOML document ⇄ Encounter: validation with `path: message` problems, and the write-back.

The write-back keeps what the GM wrote (keys they set), adds the SPEC state keys, and adds our
own state keys only when they differ from their defaults, so the file stays readable.
"""

from __future__ import annotations

from typing import Any

import tomli_w
from pydantic_core import ValidationError

from pbwcombat.errors import InvalidEncounter
from pbwcombat.model import Combatant, Encounter, reference_problems, status_for, validate
from pbwcombat.schema import REQUIRED, Record

_COMBATANT_STATE = ("hp", "max_hp", "initiative", "status", "flat_footed", "engaged",
                    "missile_engaged", "guarding", "disengage_streak", "position")
_STATE_ALWAYS = ("version", "phase", "round", "turn", "order")
# Keys of our own: written only while they differ from their defaults.
_OURS = {"removed", "aoo_round", "turn_clocks", "attacked_by", "clock", "round_clock",
         "turn_started_at",
         "spent", "delaying", "acted", "declarations", "winner", "group_spent"}
_FRIENDLY = {
    "missing": "required",
    "extra_forbidden": "unknown key",
    "model_type": "expected a table",
}


def _path(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + part
    return out or "file"


def _problems(err: ValidationError) -> list[str]:
    lines = []
    for e in err.errors(include_url=False):
        msg = _FRIENDLY.get(e["type"], e["msg"])
        if msg.startswith("Value error, "):
            msg = msg[len("Value error, "):]
        lines.append(f"{_path(tuple(e['loc']))}: {msg}")
    return lines


def problems_of(err: ValidationError) -> list[str]:
    """A validation error as `path: message` lines."""
    return _problems(err)


def from_document(doc: dict[str, Any]) -> Encounter:
    """Validate a parsed TOML document; InvalidEncounter (exit 65) lists every problem."""
    try:
        enc = validate(doc)
    except ValidationError as err:
        problems = _problems(err) + _raw_problems(doc)
        raise InvalidEncounter(list(dict.fromkeys(problems))) from None  # each once
    except RecursionError:
        raise InvalidEncounter(["file: nested too deeply"]) from None
    problems = reference_problems(enc)
    if problems:
        raise InvalidEncounter(problems)
    return _derive_status(enc)


def _raw_problems(doc: dict[str, Any]) -> list[str]:
    """Duplicate ids and positions on some combatants only (R-GEO-1), found in the raw
    document when other keys are invalid, so the GM sees every problem at once."""
    combatants = doc.get("combatants")
    if not isinstance(combatants, list):
        return []
    problems: list[str] = []
    seen: set[str] = set()
    for i, c in enumerate(combatants):
        cid = c.get("id") if isinstance(c, dict) else None
        if not isinstance(cid, str):
            continue
        if cid in seen:
            problems.append(f'combatants[{i}].id: duplicate id "{cid}"')
        seen.add(cid)
    for i, c in enumerate(combatants):
        weapons = c.get("weapons") if isinstance(c, dict) else None
        for j, w in enumerate(weapons if isinstance(weapons, list) else []):
            if isinstance(w, dict) and w.get("kind") == "ranged" and "range" not in w:
                problems.append(f"combatants[{i}].weapons[{j}]: a ranged weapon needs a range "
                                "(squares)")
    has = [isinstance(c, dict) and "position" in c for c in combatants]
    if any(has) and not all(has):
        problems += [f"combatants[{i}].position: missing (positions on some combatants only)"
                     for i, h in enumerate(has) if not h]
    return problems


def _derive_status(enc: Encounter) -> Encounter:
    """SPEC: status is derived from hp on load (a stable combatant in the dying range stays)."""
    death_at = enc.rules.death_at
    if all(c.status == status_for(c.hp, death_at, c.status) for c in enc.combatants):
        return enc
    combatants = tuple(c.replace(status=status_for(c.hp, death_at, c.status))
                       for c in enc.combatants)
    return enc.replace(combatants=combatants)


def _plain(value: Any) -> Any:
    """TOML-ready: tuples become lists, records tables; None is left to the caller."""
    kind = type(value)
    if kind is str or kind is int or kind is bool:
        return value
    if isinstance(value, Record):
        return {k: _plain(v) for k, v in value.values().items() if v is not None}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


_SCALARS = (str, int, bool)


def _keep(record: Record, always: tuple[str, ...], skip: tuple[str, ...] = ()
          ) -> dict[str, Any]:
    """Fields the author set, the `always` keys, and any other field off its default."""
    data = record.__dict__
    authored = record.fields_set
    out: dict[str, Any] = {}
    for name, (_, default) in record.FIELDS.items():
        value = data[name]
        if value is None or name in skip:
            continue
        if (default is REQUIRED or value != default or name in always
                or (name in authored and name not in _OURS)):
            out[name] = value if type(value) in _SCALARS else _plain(value)
    return out


def to_document(enc: Encounter) -> dict[str, Any]:
    doc: dict[str, Any] = {"schema": 1}
    top = _keep(enc, (), skip=("rules", "combatants", "state", "dice", "sides"))
    for key in ("name", "lang", "format", "mention", "notes"):
        if key in top:
            doc[key] = top[key]
    if enc.sides:
        doc["sides"] = {sid: _keep(side, ()) for sid, side in enc.sides.items()}
    rules = _keep(enc.rules, ())
    if rules:
        doc["rules"] = rules
    state = _keep(enc.state, _STATE_ALWAYS)
    if not any(state.get("spent", {}).values()):
        state.pop("spent", None)  # nothing spent: no table to read
    doc["state"] = state
    if enc.dice is not None:
        doc["dice"] = _plain(enc.dice)
    doc["combatants"] = [_combatant(c) for c in enc.combatants]
    return doc


def combatant_document(c: Combatant) -> dict[str, Any]:
    """One combatant as its `[[combatants]]` table (newcomers, R-ACT-7)."""
    return _combatant(c)


def _combatant(c: Combatant) -> dict[str, Any]:
    out = _keep(c, _COMBATANT_STATE, skip=("weapons", "actions"))
    if c.weapons:
        out["weapons"] = [_keep(w, ("id", "name")) for w in c.weapons]
    if c.actions:
        out["actions"] = [_keep(a, ("id",)) for a in c.actions]
    return out


def dumps(enc: Encounter) -> bytes:
    return tomli_w.dumps(to_document(enc)).encode("utf-8")

