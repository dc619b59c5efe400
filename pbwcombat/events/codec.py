"""Events as dicts and back: their journal and JSON form (`to_dict`, `from_dict`), and what a
journal record this version cannot read becomes (R-LOG-4)."""

import types
import typing
from typing import Any

import pbwcombat.events.actions as actions
import pbwcombat.events.conditions as conditions
import pbwcombat.events.movement as movement
import pbwcombat.events.turns as turns
from pbwcombat.dice import Die, Mod, Roll, RolledTerm
from pbwcombat.events.base import Event, event_type
from pbwcombat.frozen import Value

# -- (de)serialisation ------------------------------------------------------------------

REGISTRY: dict[str, type[Event]] = {  # every event type, by the name a journal line gives
    name: cls for module in (turns, actions, movement, conditions)
    for name, cls in vars(module).items()
    if isinstance(cls, type) and issubclass(cls, Event) and cls.__module__ == module.__name__
}
EVENTS: tuple[type[Event], ...] = tuple(REGISTRY.values())


def plain(value: Any) -> Any:
    """Values (events, rolls, dice) as dicts, recursively: their JSON form."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if isinstance(value, Value):
        return {k: plain(v) for k, v in value._asdict().items()}
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    return value


def to_dict(event: Event) -> dict[str, Any]:
    return {"type": event_type(event), **plain(event)}


def _roll(d: dict[str, Any]) -> Roll:
    def die(x: dict[str, Any]) -> Die:
        n = x["n"]
        return Die(_is(int, x["sides"]), _is(int, x["face"]),
                   None if n is None else _is(int, n), _is(bool, x.get("dropped", False)))

    terms = tuple(
        RolledTerm(_is(int, t["sign"]), _is(int, t["number"]), _is(int, t["sides"]),
                   tuple(die(x) for x in t["dice"]),
                   _is(str, t.get("keep", "")), _is(str, t.get("op", "")))
        for t in d["terms"]
    )
    return Roll(terms, tuple(Mod(_is(int, m["value"]), _is(str, m["note"])) for m in d["mods"]),
                _is(int, d["total"]))


def _is(kind: type, value: Any) -> Any:
    """`value` when it is of the scalar `kind` (a bool is no int here); TypeError otherwise:
    a record tampered with, never an internal error further on (from_record: exit 65)."""
    if type(value) is not kind and not (kind is str and isinstance(value, str)):
        raise TypeError(f"{value!r} where {kind.__name__} was expected")
    return value


def _revive(hint: Any, value: Any) -> Any:
    if hint in (int, str, bool):
        return _is(hint, value)
    if value is None:
        return None
    if hint is Roll:
        return _roll(value)
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(hint) if a is not type(None)]
        return _revive(inner[0], value)
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"{value!r} where a list was expected")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_revive(args[0], v) for v in value)
        return tuple(_revive(a, v) for a, v in zip(args, value, strict=False))
    if (origin or hint) is dict and not isinstance(value, dict):
        raise TypeError(f"{value!r} where a table was expected")
    return value


_HINTS: dict[str, dict[str, Any]] = {}


def _hints(cls: type[Value]) -> dict[str, Any]:
    if cls.__name__ not in _HINTS:
        _HINTS[cls.__name__] = typing.get_type_hints(cls)
    return _HINTS[cls.__name__]


def from_record(record: dict[str, Any]) -> list[Event]:
    """The events of a journal record; a record this version cannot read (another version,
    or tampered with) is a damaged journal (exit 65, R-LOG-4), never an internal error."""
    try:
        return [from_dict(e) for e in record.get("events", [])]
    except Exception as e:  # noqa: BLE001 — any shape the record may have
        raise unreadable(record, e) from None


# What narrating a journal record can raise when the record was tampered with in ways the
# types allow (an unknown cause, a value out of any range): `log` and `--key` repeats turn it
# into `unreadable` (exit 65).
TAMPERED = (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError,
            RecursionError)


def unreadable(record: dict[str, Any], e: BaseException) -> Exception:
    """R-LOG-4: a journal record this version cannot read or narrate is damage (exit 65)."""
    from pbwcombat.errors import InvalidEncounter

    seq = record.get("seq", "?")
    return InvalidEncounter([f"journal record {seq if type(seq) is int else '?'}: its events "
                             f"cannot be read by this version ({type(e).__name__}: {e}) "
                             "(R-LOG-4)"])


def from_dict(data: dict[str, Any]) -> Event:
    cls = REGISTRY[data["type"]]
    hints = _hints(cls)
    kwargs = {name: _revive(hints[name], data[name]) for name in cls._fields if name in data}
    event: Event = cls(**kwargs)
    return event
