"""The base of every event: a `Value` whose type says what happened."""

from pbwcombat.frozen import Value


class Event(Value):
    """A fact the rules emitted: every event class below is one (a `Value`, cheap to define
    at every start). Its type says what happened; `evolve.FOLDS` folds it into the state and
    `render.narrate.NARRATION` tells it."""


def event_type(event: Event) -> str:
    return type(event).__name__
