"""TOML document ⇄ Encounter: validation with `path: message` problems, and the write-back.

The write-back keeps what the GM wrote (keys they set), adds the SPEC state keys, and adds our
own state keys only when they differ from their defaults, so the file stays readable.
"""

from __future__ import annotations

from typing import Any

import tomli_w

from pbwcombat.core_schema import ValidationError
from pbwcombat.errors import InvalidEncounter
from pbwcombat.model import Combatant, Condition, Encounter, status_for, validate
from pbwcombat.references import reference_problems
from pbwcombat.schema import REQUIRED, Record

_COMBATANT_STATE = ("hp", "max_hp", "initiative", "status", "flat_footed", "engaged",
                    "missile_engaged", "guarding", "disengage_streak", "position")
_STATE_ALWAYS = ("version", "phase", "round", "turn", "order")
# Keys of our own: written only while they differ from their defaults.
_OURS = {"removed", "aoo_round", "turn_clocks", "attacked_by", "clock", "round_clock",
         "turn_started_at",
         "spent", "delaying", "acted", "declarations", "winner", "group_spent",
         "temp_hp", "nonlethal", "readied", "presence", "confusion",
         "stance", "aid", "aoo_count", "absent_until", "reminded_for"}
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
    if isinstance(value, Condition):  # R-CND-6/7/10 keys written back only when set
        return _keep(value, ())
    if isinstance(value, Record):
        return {k: _plain(v) for k, v in value.values().items() if v is not None}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


_SCALARS = (str, int, bool)


def _keep(record: Record, always: tuple[str, ...], skip: tuple[str, ...] = (),
          ours: frozenset[str] | set[str] = _OURS) -> dict[str, Any]:
    """Fields the author set, the `always` keys, and any other field off its default. `ours`
    are the tool's own state keys, written only off their defaults: a weapon's or an
    action's fields of the same name (`nonlethal`, `temp_hp`) are the author's, kept as
    written (R-HP-7: an unarmed strike's explicit `nonlethal = false` means lethal)."""
    data = record.__dict__
    authored = record.fields_set
    out: dict[str, Any] = {}
    for name, (_, default) in record.FIELDS.items():
        value = data[name]
        if value is None or name in skip:
            continue
        if (default is REQUIRED or value != default or name in always
                or (name in authored and name not in ours)):
            out[name] = value if type(value) in _SCALARS else _plain(value)
    return out


def to_document(enc: Encounter) -> dict[str, Any]:
    doc: dict[str, Any] = {"schema": 1}
    top = _keep(enc, (), skip=("rules", "combatants", "state", "dice", "sides"))
    for key in ("name", "lang", "format", "mention", "notes", "timezone"):
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
        out["weapons"] = [_keep(w, ("id", "name"), ours=frozenset()) for w in c.weapons]
    if c.actions:
        out["actions"] = [_keep(a, ("id",), ours=frozenset()) for a in c.actions]
    return out


def dumps(enc: Encounter) -> bytes:
    return tomli_w.dumps(to_document(enc)).encode("utf-8")



# -- changed keys (R-LOG-2: a hand edit's record, `set`) -----------------------------------


def _leaf(value: Any) -> Any:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, list):
        return [_leaf(v) for v in value]
    if isinstance(value, dict):
        return {k: _leaf(v) for k, v in value.items()}
    return str(value)  # TOML dates and times


def _flatten(doc: Any, prefix: str, out: dict[str, Any]) -> None:
    if isinstance(doc, dict):
        for k, v in doc.items():
            _flatten(v, f"{prefix}.{k}" if prefix else str(k), out)
        return
    if isinstance(doc, list) and doc and all(isinstance(x, dict) for x in doc):
        for i, item in enumerate(doc):
            ident = item.get("id")
            label = ident if isinstance(ident, str) and ident else str(i)
            _flatten(item, f"{prefix}.{label}", out)
        return
    out[prefix] = _leaf(doc)


def changed_keys(old_doc: dict[str, Any], new_doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Changed keys as dotted paths (`combatants.mira.hp`, tables of a list named by their
    `id`), with old and new values (None: absent); [] when nothing changed."""
    a: dict[str, Any] = {}
    b: dict[str, Any] = {}
    _flatten(old_doc, "", a)
    _flatten(new_doc, "", b)
    keys = list(a) + [k for k in b if k not in a]
    return [{"key": k, "old": a.get(k), "new": b.get(k)} for k in keys if a.get(k) != b.get(k)]


# -- `set` (R-LOG-2): one key of a combatant or of [rules], as a load validates it -----------


def parse_value(text: str) -> Any:
    """`set`'s VALUE: a TOML value (`18`, `-2`, `true`, `"Grak the Bold"`, `[3, 4]`,
    `{ will = 2 }`); text that is not one is taken as a string (`attack-weakest`, `Grak`)."""
    import tomllib

    if "\n" not in text and "\r" not in text:
        try:
            parsed = tomllib.loads(f"v = {text}")
        except (ValueError, RecursionError):  # also more than 4,300 digits, nesting too deep
            return text
        if list(parsed) == ["v"]:
            return _leaf(parsed["v"])
    return text


def _put(node: Any, parts: list[str], value: Any, where: str) -> None:
    from pbwcombat.errors import UsageError

    head, rest = parts[0], parts[1:]
    path = f"{where}.{head}"
    if isinstance(node, list):  # weapons, actions: by id, or by index from 0
        item = next((x for x in node if isinstance(x, dict) and x.get("id") == head), None)
        if item is None and head.isdigit() and int(head) < len(node):
            item = node[int(head)]
        if not isinstance(item, dict):
            raise UsageError("set_no_such_entry", path=path)
        if not rest:
            raise UsageError("set_name_a_key", path=path, path2=path)
        _put(item, rest, value, path)
        return
    if not rest:
        node[head] = value
        return
    child = node.setdefault(head, {})
    if not isinstance(child, (dict, list)):
        raise UsageError("set_not_a_table", path=path)
    _put(child, rest, value, path)


def set_document(doc: dict[str, Any], subject: str, key: str, value: Any) -> dict[str, Any]:
    """A copy of `doc` with `key` (dotted) of combatant `subject`, or of `[rules]` when
    `subject` is "rules", set to `value`. `rules.engagement = false` ends every engagement
    (R-ENG-0: nobody is engaged in plain d20). UsageError for a path that cannot be set."""
    import copy
    import re

    from pbwcombat.errors import UsageError

    parts = key.split(".")
    if not key or not all(re.fullmatch(r"[A-Za-z0-9_-]+", p) for p in parts):
        raise UsageError("set_not_a_key", key=key)
    out = copy.deepcopy(doc)
    if subject == "rules":
        if len(parts) != 1:
            raise UsageError("set_rules_single_names", key=key)
        out.setdefault("rules", {})[key] = value
        if key == "engagement" and value is False:
            for c in out.get("combatants", []):
                for state in ("engaged", "missile_engaged"):
                    if c.get(state):
                        c[state] = []
                c.pop("disengage_streak", None)
        return out
    if parts == ["id"]:
        raise UsageError("set_id_unchangeable")
    table = next(c for c in out["combatants"] if c.get("id") == subject)
    _put(table, parts, value, subject)
    return out


def set_key(enc: Encounter, subject: str, key: str, text: str) -> Encounter:
    """The encounter with one key set (see `set_document`), validated exactly as a load
    validates the file; InvalidSetting (exit 2) lists the problems as `path: message`."""
    return checked_setting(set_document(to_document(enc), subject, key, parse_value(text)))


def checked_setting(doc: dict[str, Any]) -> Encounter:
    """`doc` as a load reads it; InvalidSetting (exit 2) when a load would refuse it."""
    from pbwcombat.errors import InvalidSetting

    try:
        return from_document(doc)
    except InvalidEncounter as e:
        raise InvalidSetting(e.problems) from None
