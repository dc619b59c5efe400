"""Events: past-tense facts produced by the rules and folded into the state by `evolve`.

Each event carries what the post needs (names, numbers), so a post can be rendered again from
the journal alone (`log`, `--key` repeats). Event types and fields are documented in
docs/dev/json-events.md. `to_dict`/`from_dict` are their journal and JSON form.

One module per family of facts (turns, actions, movement, conditions), the base class, and the
codec; every name is re-exported here (a family module's classes by its star import: a new
event is its class in one module, nothing to list here), so `from pbwcombat import events as
ev; ev.Moved` reads as it always did.
"""

from pbwcombat.events.actions import *  # noqa: F403
from pbwcombat.events.base import Event, event_type
from pbwcombat.events.codec import (
    EVENTS,
    REGISTRY,
    TAMPERED,
    from_dict,
    from_record,
    plain,
    to_dict,
    unreadable,
)
from pbwcombat.events.conditions import *  # noqa: F403
from pbwcombat.events.movement import *  # noqa: F403
from pbwcombat.events.turns import *  # noqa: F403

__all__ = ["EVENTS", "REGISTRY", "TAMPERED", "Event", "event_type", "from_dict", "from_record",
           "plain", "to_dict", "unreadable"]
__all__ += [kind.__name__ for kind in EVENTS]
