"""A row of the built-in table without an effect of its own (R-ACT-8): its cost spent, its AoOs
drawn, the act narrated. `rules.menu` and `rules.manoeuvres` (the rows with an effect) start
with it."""

from __future__ import annotations

from pbwcombat import events as ev
from pbwcombat import menu
from pbwcombat.engine import Resolution
from pbwcombat.model import Combatant
from pbwcombat.rules import ready
from pbwcombat.rules.allowance import spend
from pbwcombat.rules.aoo import provoke_in_place
from pbwcombat.rules.hp import strain_after_standard


def narrate(res: Resolution, me: Combatant, row: menu.Row, targets: list[str], text: str,
            provokes: bool) -> bool:
    """A row without an effect: spent, provoked, narrated ("Mira: draw a weapon"). True when
    the actor is still up after the AoOs (an effect may follow)."""
    people = [res.combatant(t) for t in dict.fromkeys(targets)]
    spend(res, me, row.cost, row.en)
    res.emit(ev.ActionTaken(me.id, me.display, row.id, row.en, row.cost, text,
                            tuple(p.id for p in people), tuple(p.display for p in people),
                            table=True))
    if not ready.starting_to_act(res, me.id):  # R-RDY-1 `acts:`, before the first die
        return False
    if row.provoking(provokes) and not provoke_in_place(res, me.id):
        return False  # R-ACT-2: lost; its cost stays spent
    if row.cost == "standard":
        strain_after_standard(res, me.id)  # R-HP-2
    return True
