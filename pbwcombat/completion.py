"""Shell completion from the fight: the ids a parameter may take, read from the encounter file
already named on the command line.

`candidates(command, param, params, incomplete)` is called by the shell-completion hook in
`cli` (only when the shell asks: `_PBWCOMBAT_COMPLETE` is set), never on a normal command.
A file that cannot be read or is invalid completes nothing: every failure gives `[]`, silently.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pbwcombat.model import Combatant, Encounter
from pbwcombat.rules.effects import known_conditions

# Parameters whose values are combatant ids, by name, and which combatants fit:
# "living": not dead (most actions); "all": anyone still in the fight (hp, remove, condition).
_ID_PARAMS = {"who": "living", "attacker": "living", "defender": "living", "target": "enemy",
              "ward": "ally", "of": "all", "no_aoo": "enemy_of_who", "no_intercept": "all"}
# Commands whose WHO is anyone in the fight (a GM fixing hit points heals the fallen too).
_ANYONE = {"hp", "remove", "condition"}
# Parameters that take several ids separated by commas.
_LISTS = {("hp", "who"), ("condition", "who"), ("attack", "target"), ("action", "target"),
          ("move", "no_aoo"), ("move", "no_intercept"), ("attack", "no_aoo"),
          ("attack", "no_intercept"), ("disengage", "no_aoo"), ("disengage", "no_intercept"),
          ("action", "no_aoo"), ("action", "no_intercept"), ("next", "no_aoo"),
          ("next", "no_intercept"), ("resolve", "no_aoo"), ("resolve", "no_intercept")}


def candidates(command: str, param: str, params: dict[str, Any], incomplete: str) -> list[str]:
    """The completions for `param` of `command`, given the parameters parsed so far."""
    try:
        return _candidates(command, param, params, incomplete)
    except Exception:  # noqa: BLE001 — completion must never print an error into a prompt
        return []


def _load(params: dict[str, Any]) -> tuple[Encounter, dict[str, Any]] | None:
    from pbwcombat import store
    from pbwcombat.document import from_document

    path = params.get("encounter")
    if not path:
        return None
    raw = store.read_bytes(Path(path))
    doc = store.parse_document(raw)
    return from_document(doc), doc


def _candidates(command: str, param: str, params: dict[str, Any], incomplete: str
                ) -> list[str]:
    if param == "encounter":
        return []  # the shell completes file names
    loaded = _load(params)
    if loaded is None:
        return []
    enc, doc = loaded
    if param == "weapon":
        return _starting(_weapons(enc, params.get("attacker")), incomplete)
    if command == "condition" and param == "name":
        return _starting(_conditions(enc, params), incomplete)
    if command == "declare" and param == "action":
        return _starting(_declared(enc, doc, params), incomplete)
    if command == "action" and param == "action":
        return _starting(_action_ids(doc, params.get("who")), incomplete)
    if command == "set" and param in ("who", "field"):
        return _starting(_settable(enc, param, params), incomplete)
    if param == "cost":
        from pbwcombat.actions import COSTS

        return _starting(list(COSTS), incomplete)
    kind = _ID_PARAMS.get(param)
    if kind is None:
        return []
    if param == "who" and command in _ANYONE:
        kind = "all"
    if command == "action" and param == "target":
        kind = "all"
    ids = _ids(enc, kind, params)
    if (command, param) in _LISTS:
        return _listed(ids, incomplete)
    return _starting(ids, incomplete)


def _settable(enc: Encounter, param: str, params: dict[str, Any]) -> list[str]:
    """`set F ⇥`: the combatants and `rules.KEY`; `set F WHO ⇥`: WHO's keys, its weapons' and
    actions' as `weapons.ID.KEY` (R-LOG-2). After `rules.KEY` comes the value: nothing."""
    from pbwcombat.model import ActionDef, Rules, Weapon

    if param == "who":
        return [c.id for c in enc.active] + [f"rules.{k}" for k in Rules.FIELDS]
    me = _find(enc, params.get("who"))
    if me is None:
        return []
    keys = [k for k in Combatant.FIELDS if k != "id"]
    keys += [f"weapons.{w.id}.{k}" for w in me.weapons for k in Weapon.FIELDS if k != "id"]
    keys += [f"actions.{a.id}.{k}" for a in me.actions for k in ActionDef.FIELDS if k != "id"]
    return keys


def _starting(values: list[str], incomplete: str) -> list[str]:
    return [v for v in values if v.startswith(incomplete)]


def _listed(ids: list[str], incomplete: str) -> list[str]:
    """`grak,n` → `grak,nit`: complete the last id of a comma-separated list."""
    done, _, last = incomplete.rpartition(",")
    taken = set(done.split(",")) if done else set()
    prefix = done + "," if done else ""
    return [prefix + i for i in ids if i.startswith(last) and i not in taken]


def _ids(enc: Encounter, kind: str, params: dict[str, Any]) -> list[str]:
    people = list(enc.active)
    if kind == "all":
        return [c.id for c in people]
    living = [c for c in people if c.status != "dead"]
    if kind == "living":
        return [c.id for c in living]
    me = _find(enc, params.get("attacker") or params.get("defender") or params.get("who"))
    if kind in ("enemy", "enemy_of_who"):
        return [c.id for c in living if me is None or c.side != me.side]
    if kind == "ally":
        return [c.id for c in living if me is None or (c.side == me.side and c.id != me.id)]
    return []


def _find(enc: Encounter, cid: object) -> Combatant | None:
    if not isinstance(cid, str):
        return None
    c = enc.find(cid)
    return None if c is None or c.removed else c


def _declared(enc: Encounter, doc: dict[str, Any], params: dict[str, Any]) -> list[str]:
    """`declare F WHO ⇥`: the actions one may declare; after `attack`, WHO's enemies; after
    `intercept`, its allies; after `action`, its actions; after `--weapon`, its weapons."""
    from pbwcombat.actions import DECLARABLE

    words = list(params.get("action") or [])
    if not words:
        return list(DECLARABLE)
    mine = {"attacker": params.get("who")}
    if words[-1] == "--weapon":
        return _weapons(enc, params.get("who"))
    if len(words) == 1 and words[0] == "attack":
        return _ids(enc, "enemy", mine)
    if len(words) == 1 and words[0] == "intercept":
        return _ids(enc, "ally", {"defender": params.get("who")})
    if len(words) == 1 and words[0] == "action":
        return _action_ids(doc, params.get("who"))
    return []


def _weapons(enc: Encounter, attacker: object) -> list[str]:
    me = _find(enc, attacker)
    people = [me] if me is not None else list(enc.active)
    seen: dict[str, None] = {}
    for c in people:
        for w in c.weapons:
            seen.setdefault(w.id, None)
    return list(seen)


def _conditions(enc: Encounter, params: dict[str, Any]) -> list[str]:
    """The known conditions and any the targets already have; with --remove, only theirs."""
    targets = [c for c in (_find(enc, i.strip()) for i in str(params.get("who") or "")
                           .split(",")) if c is not None]
    present: dict[str, None] = {}
    for c in targets:
        for name in c.conditions:
            present.setdefault(name, None)
    if params.get("remove"):
        return list(present)
    return list(dict.fromkeys([*known_conditions(), *present]))


def _action_ids(doc: dict[str, Any], who: object) -> list[str]:
    """WHO's `[[combatants.actions]]` ids, read from the file's table, then the built-in
    table's rows that `action` takes (R-ACT-8; not those that are commands of their own)."""
    from pbwcombat.menu import offered

    out = _own_action_ids(doc, who)
    return list(dict.fromkeys([*out, *offered()]))


def _own_action_ids(doc: dict[str, Any], who: object) -> list[str]:
    out: list[str] = []
    for entry in doc.get("combatants", []):
        if not isinstance(entry, dict) or entry.get("id") != who:
            continue
        for action in entry.get("actions", []):
            if isinstance(action, dict) and isinstance(action.get("id"), str):
                out.append(action["id"])
    return out
