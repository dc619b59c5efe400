"""Usage before rules (exit 2 whatever the state): the combatants, weapons and actions an
action names exist. `dispatch` runs it before every handler, `declare` and `ready` on the act
they queue; it asks the encounter, so it lives here and not with the action values."""

from __future__ import annotations

from pbwcombat.actions import _DECLINES, Attack, FullAttack, TakeAction, check_own
from pbwcombat.engine import Resolution

_ID_FIELDS = ("attacker", "target", "who", "defender", "ward", "against")


_ID_NAMES: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {}  # per action type


def _id_names(kind: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The single-id and id-list attributes `kind` has (getattr of an absent one raises
    inside, slow for the simulator's thousands of actions a second)."""
    names = _ID_NAMES.get(kind)
    if names is None:
        fields = getattr(kind, "_fields", ())
        names = _ID_NAMES[kind] = (
            tuple(n for n in _ID_FIELDS if n in fields or hasattr(kind, n)),
            tuple(n for n in ("targets", "target", *_DECLINES)
                  if n in fields or hasattr(kind, n)))
    return names


def check_ids(res: Resolution, action: object) -> None:
    """Usage before rules: an unknown combatant or weapon is exit 2 whatever the state."""
    ids, lists = _id_names(type(action))
    for name in ids:
        ref = getattr(action, name, None)
        if isinstance(ref, str):
            res.combatant(ref)
    for field in lists:
        refs = getattr(action, field, ())
        for ref in refs if isinstance(refs, tuple) else ():
            res.combatant(ref)
    if isinstance(action, TakeAction):
        check_own(action, res.combatant(action.who))
    elif isinstance(action, (Attack, FullAttack)) and action.weapon:
        check_own(action, res.combatant(action.attacker))
