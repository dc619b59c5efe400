"""Events of initiative, rounds, turns and hit points (R-INI, R-TRN, R-HP)."""

from typing import Any

from pbwcombat.dice import Roll
from pbwcombat.events.base import Event

# -- initiative, rounds and turns -------------------------------------------------


class InitiativeRolled(Event):
    """One unit (a combatant, or a whole group) rolled initiative (R-INI-1/3)."""

    members: tuple[str, ...]
    names: tuple[str, ...]
    group: str
    roll: Roll


class InitiativeJoined(Event):
    """A newcomer joined its group's existing total without rolling (R-INI-8)."""

    who: str
    name: str
    group: str
    total: int


class RollOffRolled(Event):
    """A tie roll-off die (R-INI-2)."""

    members: tuple[str, ...]
    names: tuple[str, ...]
    roll: Roll


class OrderSet(Event):
    order: tuple[str, ...]
    names: tuple[str, ...]
    totals: tuple[int, ...]
    reroll: bool = False


class CombatStarted(Event):
    """`aware`: who acts in the surprise round (R-INI-4), `names` theirs (absent in 0.1)."""

    surprise: bool
    aware: tuple[str, ...]
    names: tuple[str, ...] = ()


class RoundStarted(Event):
    """A round begins; `restart`: `--reroll` restarts the current round (R-INI-8)."""

    round: int
    surprise: bool = False
    restart: bool = False


class TurnStarted(Event):
    """A turn starts; with shared group turns (R-INI-3) `who` is the first member that can
    act, `group` names the group and `members`/`names`/`players` list every member acting."""

    who: str
    name: str
    player: str
    round: int
    surprise: bool
    at: str
    deadline: str = ""
    group: str = ""
    members: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    players: tuple[str, ...] = ()
    absent: str = ""  # R-PAC-2: "absent until …" (UTC text); its player is not mentioned


class TurnEnded(Event):
    who: str
    name: str


class MadeFlatFooted(Event):
    """Newcomers are flat-footed until their first regular turn (R-INI-5)."""

    who: tuple[str, ...]
    names: tuple[str, ...] = ()  # absent in journals written by 0.1


class StreakReset(Event):
    """R-DIS-6: the disengage streak went back to 0; `idle`: because a turn passed without
    an attempt (else an action ended it: an attack, an intercept, an action)."""

    who: str
    name: str
    idle: bool = False


class TurnSkipped(Event):
    """A combatant that cannot act was passed over (R-TRN-4)."""

    who: str
    name: str
    reason: str
    pc: bool = True


class Delayed(Event):
    who: str
    name: str


class DelayEnded(Event):
    """A delaying combatant takes its turn; `after` is who it now follows in the order."""

    who: str
    name: str
    order: tuple[str, ...]


class CombatEnded(Event):
    winner: str
    rounds: int
    fallen: tuple[str, ...]
    by_hand: bool = False


# -- hit points --------------------------------------------------------------------


class HpChanged(Event):
    """Hit points moved; `cause` is a catalogue key: damage, healing, gm, bleed, strain."""

    who: str
    name: str
    pc: bool
    before: int
    hp: int
    max_hp: int
    status_before: str
    status: str
    cause: str
    nonlethal: int = 0  # R-HP-7: the nonlethal total it is measured against (shown beside hp)
    asked: int = 0  # healing that would have passed max_hp: the amount asked (issue 25)


class GmHpRolled(Event):
    """The GM's damage or healing roll, once for all targets (R-HP-5)."""

    expr: str
    roll: Roll
    targets: tuple[str, ...]
    names: tuple[str, ...]


class BleedRolled(Event):
    """R-HP-4: 1d100 at the start of a dying combatant's turn; 1-10 stabilises."""

    who: str
    name: str
    roll: Roll
    stabilized: bool


class Stabilized(Event):
    who: str
    name: str


class FreeRolled(Event):
    who: str
    name: str
    expr: str
    roll: Roll
    reason: str


class Added(Event):
    """R-ACT-7: a newcomer joins the file; `data` is its `[[combatants]]` table."""

    who: str
    name: str
    at: tuple[int, int] | None
    data: dict[str, Any]


class Removed(Event):
    who: str
    name: str


class ValueSet(Event):
    """`set` (R-LOG-2): the GM set `key` of `subject` (a combatant id, or "rules") to the TOML
    value `value` (its text; the fold applies it); `changes` are the file's changed keys as
    a hand edit names them, each (key, old, new) with the values as JSON text."""

    subject: str
    name: str
    pc: bool
    key: str
    value: str
    changes: tuple[tuple[str, str, str], ...]
