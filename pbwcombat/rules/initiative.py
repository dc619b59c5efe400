"""Initiative and surprise (R-INI): rolling, ties and roll-offs, groups, newcomers, reroll."""

from __future__ import annotations

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat.dice import Mod
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction
from pbwcombat.model import Combatant, Encounter
from pbwcombat.rules.effects import held
from pbwcombat.rules.turns import advance


class Unit:
    """A combatant, or a whole group, that rolls and acts as one (R-INI-3)."""

    def __init__(self, members: list[Combatant], total: int = 0) -> None:
        self.members = members
        self.total = total

    @property
    def mod(self) -> int:
        return self.members[0].initiative_mod  # R-INI-3: the first member's modifier

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(m.id for m in self.members)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(m.display for m in self.members)


def units_of(combatants: list[Combatant]) -> list[Unit]:
    """Group by `group` in file order; ungrouped combatants are units of one."""
    units: list[Unit] = []
    by_group: dict[str, Unit] = {}
    for c in combatants:
        if c.group and c.group in by_group:
            by_group[c.group].members.append(c)
            continue
        unit = Unit([c])
        units.append(unit)
        if c.group:
            by_group[c.group] = unit
    return units


def _roll_units(res: Resolution, units: list[Unit]) -> None:
    """R-DIC-4: one d20 per unit, in file order."""
    for u in units:
        lead = u.members[0]  # R-CND-5 deafened: its conditions' initiative modifiers
        cond = held(lead.conditions).initiative_mods if lead.conditions else ()
        roll = res.dice.d20(Mod(u.mod, "initiative_mod"), *cond)
        u.total = roll.total
        res.emit(ev.InitiativeRolled(u.ids, u.names, u.members[0].group, roll))


def _roll_off(res: Resolution, tied: list[Unit]) -> list[Unit]:
    """R-INI-2: tied units roll 1d20 each in file order; those still tied roll again."""
    rolls: dict[int, int] = {}
    for i, u in enumerate(tied):
        roll = res.dice.d20()
        res.emit(ev.RollOffRolled(u.ids, u.names, roll))
        rolls[i] = roll.total
    ordered: list[Unit] = []
    for value in sorted(set(rolls.values()), reverse=True):
        cluster = [tied[i] for i in rolls if rolls[i] == value]
        ordered.extend(_roll_off(res, cluster) if len(cluster) > 1 else cluster)
    return ordered


def settle(res: Resolution, units: list[Unit]) -> list[Unit]:
    """R-INI-1/2: highest total first, then higher modifier; clusters still tied roll off,
    highest total first."""
    clusters: dict[tuple[int, int], list[Unit]] = {}
    for u in units:
        clusters.setdefault((u.total, u.mod), []).append(u)
    ordered: list[Unit] = []
    for key in sorted(clusters, reverse=True):
        cluster = clusters[key]
        ordered.extend(_roll_off(res, cluster) if len(cluster) > 1 else cluster)
    return ordered


def _emit_order(res: Resolution, order: list[str], reroll: bool) -> None:
    enc = res.enc
    res.emit(ev.OrderSet(tuple(order), tuple(enc.get(o).display for o in order),
                         tuple(enc.get(o).initiative or 0 for o in order), reroll))


def roll_initiative(res: Resolution, reroll: bool) -> None:
    """`roll-initiative`: start the combat, place newcomers (R-INI-8), or `--reroll`."""
    phase = res.enc.state.phase
    res.require_not_ended()
    active = list(res.enc.active)
    if not active:
        raise IllegalAction("R-INI-1", "there_nobody_roll_initiative")
    if phase == "setup" or reroll:
        units = units_of(active)
        _roll_units(res, units)
        ordered = settle(res, units)
        _emit_order(res, [i for u in ordered for i in u.ids], reroll and phase != "setup")
        if phase == "setup":
            _start_combat(res)
        else:
            res.emit(ev.RoundStarted(res.enc.state.round, surprise=phase == "surprise",
                                     restart=True))
            advance(res)
        return
    newcomers = [c for c in active if c.id not in res.enc.state.order]
    if not newcomers:
        raise IllegalAction("R-INI-1", "initiative_already_rolled_nobody_new")
    _place_newcomers(res, newcomers)


def _start_combat(res: Resolution) -> None:
    """R-INI-4: a surprise round (round 0) when at least one combatant is aware of an enemy
    and at least one is unaware of an enemy; everyone is flat-footed until its first regular
    turn (R-INI-5)."""
    active = res.enc.active
    knows = {c.id: res.enc.awareness(c) for c in active}  # (known enemies, enemies)
    aware = tuple(c.id for c in active if knows[c.id][0] > 0)
    # R-INI-4: someone aware of an enemy, and someone unaware of an enemy
    surprise = bool(aware) and any(known < total for known, total in knows.values())
    res.emit(ev.CombatStarted(surprise, aware, tuple(res.enc.get(a).display for a in aware)))
    res.emit(ev.RoundStarted(0 if surprise else 1, surprise=surprise))
    advance(res)


# -- newcomers (R-INI-8) ------------------------------------------------------------------


def _existing_units(enc: Encounter) -> list[Unit]:
    """The current order as units: consecutive members of one group form one unit."""
    units: list[Unit] = []
    for cid in enc.state.order:
        c = enc.get(cid)
        if units and c.group and units[-1].members[0].group == c.group:
            units[-1].members.append(c)
        else:
            units.append(Unit([c], c.initiative or 0))
    return units


def _beats(res: Resolution, new: Unit, old: Unit) -> bool:
    """R-INI-2 between a newcomer and a placed unit: total, modifier, then a roll-off with
    dice drawn in file order."""
    if (new.total, new.mod) != (old.total, old.mod):
        return (new.total, new.mod) > (old.total, old.mod)
    rank = {c.id: i for i, c in enumerate(res.enc.combatants)}
    pair = sorted([new, old], key=lambda u: rank[u.members[0].id])
    return _roll_off(res, pair)[0] is new


def place_newcomers(res: Resolution, newcomers: list[Combatant]) -> None:
    """R-INI-8 for `newcomers` only (also `add --initiative`, R-ACT-7)."""
    _place_newcomers(res, newcomers)


def _place_newcomers(res: Resolution, newcomers: list[Combatant]) -> None:
    enc = res.enc
    totals = {c.group: c.initiative for c in enc.active
              if c.group and c.id in enc.state.order and c.initiative is not None}
    joiners = [c for c in newcomers if c.group in totals]
    rollers = [c for c in newcomers if c.group not in totals]
    units = units_of(rollers)
    _roll_units(res, units)
    placed = _existing_units(res.enc)
    for c in joiners:
        res.emit(ev.InitiativeJoined(c.id, c.display, c.group, totals[c.group] or 0))
        unit = next(u for u in placed if u.members[0].group == c.group)
        file_rank = {x.id: i for i, x in enumerate(res.enc.combatants)}
        unit.members = sorted([*unit.members, res.enc.get(c.id)], key=lambda m: file_rank[m.id])
    start = 0
    for new in settle(res, units):
        # R-INI-2: the newcomers' own order is settled (one roll-off): each goes after the
        # newcomer settled before it, compared only with the units placed after that one
        at = next((i for i in range(start, len(placed)) if _beats(res, new, placed[i])),
                  len(placed))
        placed.insert(at, new)
        start = at + 1
    order = [i for u in placed for i in u.ids]
    _emit_order(res, order, reroll=False)
    res.emit(ev.MadeFlatFooted(tuple(c.id for c in newcomers),  # R-INI-5
                                tuple(c.display for c in newcomers)))
    _skip_missed_turns(res, [c.id for c in newcomers])


def _skip_missed_turns(res: Resolution, newcomers: list[str]) -> None:
    """Newcomers slotted before the current turn have missed this round; they act next round."""
    st = res.enc.state
    if not st.turn:
        return
    current = st.order.index(st.turn)
    for cid in newcomers:
        if st.order.index(cid) < current:
            res.emit(ev.TurnSkipped(cid, res.enc.get(cid).display, "newcomer"))


def _roll_initiative(res: Resolution, x: act.RollInitiative) -> None:
    roll_initiative(res, x.reroll)


HANDLES = {act.RollInitiative: _roll_initiative}
