"""`action WHO ID` for a row of the built-in Actions in Combat table (R-ACT-8).

Every row spends its cost and, when it provokes, draws the AoOs first (R-ACT-2); the rows with
an effect in RULES.md then do it (stand-up, drop-prone here; the others in their own modules),
the rest are narrated, with the command's `--text` as detail. The rows themselves are data
(`pbwcombat.menu`).
"""

from __future__ import annotations

from collections.abc import Callable

from pbwcombat import actions as act
from pbwcombat import menu
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction, UsageError
from pbwcombat.model import Combatant
from pbwcombat.rules import conditions, stance
from pbwcombat.rules import manoeuvres as mv
from pbwcombat.rules.actions import own_action
from pbwcombat.rules.allowance import require_actor
from pbwcombat.rules.effects import PRONE
from pbwcombat.rules.rows import narrate

Effect = Callable[[Resolution, Combatant, menu.Row, act.TakeAction], None]


def take_row(res: Resolution, me: Combatant, key: str, x: act.TakeAction) -> None:
    """R-ACT-8: the row's cost, its AoOs (yes rows; optional rows with `--provokes`), then
    its effect or its narration."""
    row = menu.row(key)
    if row is None:
        raise UsageError("has_no_action", name=me.display, action=key)
    effect = _EFFECTS.get(row.id)
    if effect is not None:
        effect(res, me, row, x)
        return
    narrate(res, me, row, list(x.target), x.text or "", x.provokes)


def _stand_up(res: Resolution, me: Combatant, row: menu.Row, x: act.TakeAction) -> None:
    conditions.stand_up(res, me.id)


def _drop_prone(res: Resolution, me: Combatant, row: menu.Row, x: act.TakeAction) -> None:
    """Drop to the floor (free, no AoO): the actor is `prone` (R-CND-5) until it stands."""
    if PRONE in me.conditions:
        raise IllegalAction("R-ACT-8", "already_prone", name=me.display)
    if narrate(res, me, row, [], x.text or "", x.provokes):
        conditions.apply_condition(res, me.id, PRONE)


def _total_defense(res: Resolution, me: Combatant, row: menu.Row, x: act.TakeAction) -> None:
    """R-ACT-11: +4 Defense, no attacks and no AoOs until its next turn starts."""
    if narrate(res, me, row, [], x.text or "", x.provokes):
        stance.take(res, me.id, stance.TOTAL_DEFENSE)


def _coup_de_grace(res: Resolution, me: Combatant, row: menu.Row, x: act.TakeAction) -> None:
    mv.coup_de_grace(res, me, row, list(x.target), x.text or "", x.provokes, x.weapon)


def _aid_another(res: Resolution, me: Combatant, row: menu.Row, x: act.TakeAction) -> None:
    mv.aid_another(res, me, row, list(x.target), x.text or "", x.provokes, x.against,
                   x.defense)


def _trip(res: Resolution, me: Combatant, row: menu.Row, x: act.TakeAction) -> None:
    mv.trip(res, me, row, list(x.target), x.text or "", x.provokes, x.counter)


def _stabilize(res: Resolution, me: Combatant, row: menu.Row, x: act.TakeAction) -> None:
    mv.stabilize(res, me, row, list(x.target), x.text or "", x.provokes)


_EFFECTS: dict[str, Effect] = {
    "stand-up": _stand_up,
    "drop-prone": _drop_prone,
    "total-defense": _total_defense,
    "coup-de-grace": _coup_de_grace,
    "aid-another": _aid_another,
    "trip": _trip,
    "stabilize-friend": _stabilize,
}


def _take_action(res: Resolution, x: act.TakeAction) -> None:
    """`action WHO ID`: WHO's own action (or an ad hoc one), else a row of the table;
    `stand-up` is always the built-in one (R-CND-3)."""
    key = x.action
    if key is not None and (key == act.STAND_UP or res.combatant(x.who).action(key) is None):
        me = require_actor(res, x.who)
        take_row(res, me, key, x)
        return
    own_action(res, x)


HANDLES = {act.TakeAction: _take_action}
