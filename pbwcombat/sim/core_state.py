"""The simulator core's state (issue 29): one fight as a few mutable, slotted objects built
from the frozen `Encounter` once per `odds`, copied per run, changed in place.

The core (`core_turns`, `core_orders`, `core_hits`) plays `odds`' fights on this state with
the commands' dice (the same die numbers in the same order give the same faces) and returns
the same `Run` as the engine. It models only what it models exactly: an encounter with
anything else is left to the engine up front (`ineligible` names why), and a situation it
does not model that arises in play raises `Unsupported`, upon which `sim.odds.play` replays
the whole run with the engine (same key, same fight). Correctness never rests on coverage;
`tests/test_sim_core.py` holds the core to the engine fight by fight.
"""

from __future__ import annotations

import re
from bisect import bisect_left, insort
from collections.abc import Callable, Sequence
from operator import attrgetter
from struct import Struct
from typing import Any

from pbwcombat.dice import PaddedDiceSource
from pbwcombat.geometry import distance, ring
from pbwcombat.model import Combatant, Encounter, Weapon
from pbwcombat.sim.run import rounds_before


class Unsupported(Exception):  # noqa: N818 - a signal to replay, not an error anyone sees
    """The fight reached something the core does not model: the engine plays it instead."""


_SIMPLE_DAMAGE = re.compile(r"^(\d{1,3})d(\d{1,4})(?:([+-])(\d{1,6}))?$")


class CoreWeapon:
    """What the core reads of a weapon (R-ATK, R-GEO-3/4); `ammo` changes as it shoots."""

    __slots__ = ("id", "melee", "attack", "crit_range", "crit_mult", "reach", "adjacent",
                 "range", "ammo", "dice", "sides", "bonus")

    def __init__(self, w: Weapon) -> None:
        m = _SIMPLE_DAMAGE.match(w.damage.replace(" ", ""))
        assert m is not None  # `ineligible` checked it
        self.id = w.id
        self.melee = w.kind == "melee"
        self.attack = w.attack
        self.crit_range = w.crit_range
        self.crit_mult = w.crit_mult
        self.reach = w.reach
        self.adjacent = w.reach_adjacent
        self.range = w.range
        self.ammo = w.ammo
        self.dice = int(m.group(1))
        self.sides = int(m.group(2))
        self.bonus = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)

    def threatens(self, d: int) -> bool:
        """`geometry.weapon_threatens` (R-GEO-3)."""
        if not self.melee or d < 1 or d > self.reach:
            return False
        return d > 1 or self.reach == 1 or self.adjacent

    def copy(self) -> CoreWeapon:
        """A shooter's weapon for a run (its ammunition changes): every slot, spelled out
        (a loop of getattr and setattr over the slots cost twice as much)."""
        new = CoreWeapon.__new__(CoreWeapon)
        new.id, new.melee, new.attack, new.crit_range, new.crit_mult, new.reach = (
            self.id, self.melee, self.attack, self.crit_range, self.crit_mult, self.reach)
        new.adjacent, new.range, new.ammo, new.dice, new.sides, new.bonus = (
            self.adjacent, self.range, self.ammo, self.dice, self.sides, self.bonus)
        return new


class Fighter:
    """One combatant's state in a core fight (the `Combatant` fields the core reads)."""

    __slots__ = ("id", "rank", "side", "group", "mod", "hp", "full_hp", "status", "up",
                 "defense", "dex_mod", "dodge", "flat_footed", "pos", "weapons", "melee",
                 "reach", "threat", "melee_at", "squares", "engaged", "missile", "presence",
                 "streak", "aoo_round", "clocks", "attacked_by", "initiative", "flee_below",
                 "shooter", "orders", "threat_offsets", "threat_cache")

    def __init__(self, c: Combatant, rank: int) -> None:
        assert c.position is not None
        self.id = c.id
        self.rank = rank  # place in the file (ties: file order)
        self.side = c.side
        self.group = c.group
        self.mod = c.initiative_mod
        self.hp = c.hp
        self.full_hp = c.full_hp
        self.status: str = c.status
        # status ok or disabled: may act (no conditions here, R-TRN-4), stands (R-TRN-6),
        # is a foe orders look for (R-ORD-1); kept with `status` (`Fight.set_status`)
        self.up = c.status in ("ok", "disabled")
        self.defense = c.defense
        self.dex_mod = c.dex_mod
        self.dodge = c.dodge
        self.flat_footed = c.flat_footed
        self.pos: tuple[int, int] = c.position
        self.weapons = [CoreWeapon(w) for w in c.weapons]
        self.melee = [w for w in self.weapons if w.melee]  # no unarmed ones: all threaten
        self.reach = max((w.reach for w in self.melee), default=0)  # geometry.max_reach
        # the distances some melee weapon threatens (R-AOO-1, `geometry.threatens`)
        self.threat = frozenset(d for d in range(1, self.reach + 1)
                                if any(w.threatens(d) for w in self.melee))
        # the (dx, dy) of the squares it threatens around its own (`board_for`)
        self.threat_offsets = tuple((dx, dy) for dx in range(-self.reach, self.reach + 1)
                                    for dy in range(-self.reach, self.reach + 1)
                                    if max(abs(dx), abs(dy)) in self.threat)
        self.threat_cache: tuple[tuple[int, int], frozenset[tuple[int, int]]] | None = None
        # the first melee weapon that strikes at each distance (`orders.melee_weapon_for`)
        self.melee_at: dict[int, CoreWeapon] = {}
        for d in range(self.reach, 0, -1):
            for w in self.melee:
                if w.threatens(d):
                    self.melee_at[d] = w
                    break
        self.squares = c.speed // 5
        self.engaged = list(c.engaged)
        self.missile = set(c.missile_engaged)  # sets: asked of membership only, and a
        self.presence = set(c.presence)  # crowd of archers lists some 150 in each
        self.streak = c.disengage_streak
        self.aoo_round = c.aoo_round
        self.clocks = c.turn_clocks  # (previous, last) turn start
        self.attacked_by = dict(c.attacked_by)
        self.initiative = c.initiative
        self.flee_below = c.flee_below
        self.shooter = any(not w.melee for w in self.weapons)
        self.orders = c.orders or "attack-nearest"  # R-SIM-1: the simulated default

    def copy(self) -> Fighter:
        """A fresh fighter for a run (the template's state); what never changes in a
        fight (weapons without ammunition, reach…) is shared."""
        new = Fighter.__new__(Fighter)
        new.id, new.rank, new.side, new.group, new.mod = (
            self.id, self.rank, self.side, self.group, self.mod)
        new.hp, new.full_hp, new.status, new.up = self.hp, self.full_hp, self.status, self.up
        new.defense, new.dex_mod, new.dodge = self.defense, self.dex_mod, self.dodge
        new.flat_footed, new.pos = self.flat_footed, self.pos
        new.weapons = [w.copy() for w in self.weapons] if self.shooter else self.weapons
        new.melee, new.reach, new.threat, new.melee_at, new.threat_offsets = (
            self.melee, self.reach, self.threat, self.melee_at,
            self.threat_offsets)  # never changed (no ammo)
        new.threat_cache = self.threat_cache  # a square and its squares: never changed
        new.squares, new.streak, new.aoo_round, new.clocks = (
            self.squares, self.streak, self.aoo_round, self.clocks)
        new.initiative, new.flee_below, new.shooter, new.orders = (
            self.initiative, self.flee_below, self.shooter, self.orders)
        new.engaged, new.missile, new.presence = (
            self.engaged[:], self.missile.copy(), self.presence.copy())
        new.attacked_by = self.attacked_by.copy()
        return new

    def within_reach(self, square: tuple[int, int]) -> bool:
        """`geometry.within_reach` (engagement's reach, R-ENG-1/2)."""
        return self.reach > 0 and distance(self.pos, square) <= self.reach

    def threatened_squares(self) -> frozenset[tuple[int, int]]:
        """The squares it threatens from where it stands (`core_orders.board_for`),
        remembered with that square: most stand still while others walk past."""
        known = self.threat_cache
        if known is not None and known[0] == self.pos:
            return known[1]
        x, y = self.pos
        squares = frozenset([(x + dx, y + dy) for dx, dy in self.threat_offsets])
        self.threat_cache = (self.pos, squares)
        return squares

    def threatens(self, square: tuple[int, int]) -> bool:
        """`geometry.threatens` (R-AOO-1)."""
        return distance(self.pos, square) in self.threat


class Spent:
    """The acting combatant's allowance this turn (`TurnSpent`)."""

    __slots__ = ("standard", "moves", "full_round", "step", "tried", "extended", "escaped")

    def __init__(self) -> None:
        self.standard = False
        self.moves = 0
        self.full_round = False
        self.step = False  # `moved` is not kept: nothing the core plays reads it
        self.tried = False  # disengage_tried
        self.extended = False
        self.escaped: list[str] = []

    def copy(self) -> Spent:
        new = Spent()
        new.standard, new.moves, new.full_round, new.step, new.tried, new.extended = (
            self.standard, self.moves, self.full_round, self.step, self.tried, self.extended)
        new.escaped = self.escaped[:]
        return new


_LIMITS = {s: 2**64 - 2**64 % s for s in (4, 6, 8, 10, 12, 20, 100)}  # R-DIC-2's bound
_WORD = Struct(">Q").unpack_from  # a digest's first 8 bytes as a big-endian integer


# one fighter in the differential tests' trace: hp, square, missile and presence engagements
Traced = tuple[int, tuple[int, int], frozenset[str], frozenset[str]]


class Fight:
    """One core fight: the fighters in file order, the state of the round, the dice."""

    __slots__ = ("people", "by_id", "order", "rank", "acted", "turn", "round", "clock",
                 "round_clock", "spent", "ended", "winner", "stopped", "dice", "rules",
                 "limit", "trace", "walks", "inner", "outer", "shooters", "cursor", "foes",
                 "up_count", "sides_up", "at", "lying", "reach", "walk_use", "pairs", "moved")

    def __init__(self, template: Template, key: bytes, limit: int) -> None:
        self.people = [f.copy() for f in template.people]
        self.by_id = {f.id: f for f in self.people}
        self.order = template.order
        self.rank = template.rank  # initiative rank (R-DIC-4)
        self.acted = set(template.acted)
        self.turn = template.turn
        self.round = template.round
        self.clock = template.clock  # turn starts so far (R-CND-2's clocks count them)
        self.round_clock = template.round_clock
        self.spent = template.spent.copy()
        self.ended = False
        self.winner: str | None = None
        self.stopped = False  # the round after the last one started (not played)
        self.dice = PaddedDiceSource(key, 0)
        self.inner, self.outer = self.dice.pads()
        self.shooters = [f for f in self.people if f.shooter]
        self.rules = template.rules
        self.limit = limit
        self.walks = template.walks
        self.walk_use = template.walk_use
        # `advance`'s place in `order`: everyone before it has acted this round (`acted`
        # only grows within a round), so the scan need not start from the top each turn
        self.cursor = 0
        # who stands, kept where `up` changes (`set_status`) and squares change (`place`),
        # so a turn never rebuilds them from everyone: per side the standing fighters of
        # the other sides in file order (`core_orders.foes_of`), per side how many of its
        # own stand and how many sides stand (`core_turns._winner`), and the standing by
        # square (`core_orders`' look-ups around a square)
        self.foes: dict[str, list[Fighter]] = {f.side: [] for f in self.people}
        self.up_count = dict.fromkeys(self.foes, 0)
        self.at: dict[tuple[int, int], list[Fighter]] = {}
        self.lying: dict[tuple[int, int], list[Fighter]] = {}  # the fallen, not dead
        for f in self.people:  # in file order: each list is too
            if f.up:
                self.up_count[f.side] += 1
                for side, foes in self.foes.items():
                    if side != f.side:
                        foes.append(f)
                self.at.setdefault(f.pos, []).append(f)
            elif f.status != "dead":
                self.lying.setdefault(f.pos, []).append(f)
        self.sides_up = sum(1 for n in self.up_count.values() if n)
        self.reach = template.reach
        # R-ENG-5's pairs kept between turn starts (`core_presence`): each one's partners,
        # None before the first refresh; `moved` marks those whose pairs may have changed
        # since (a status, a square, a melee engagement, the last of its ammunition)
        self.pairs: dict[str, set[str]] | None = None
        self.moved: set[Fighter] = set()
        # the differential tests' trace: (who, dice drawn, each one `Traced`) at each turn
        # start; None in `odds`
        self.trace: list[tuple[str, int, tuple[Traced, ...]]] | None = None

    def die(self, sides: int, _limits: dict[int, int] = _LIMITS,
            _word: Callable[[bytes], tuple[int]] = _WORD) -> int:
        """The next generated die: `PaddedDiceSource`'s face of die number n (R-DIC-2's
        first try, HMAC-SHA256 of "n:0" from the key's pads, inlined; a rejected try, or
        sides without a bound here, goes to the source's own sampling), without the value
        objects. The defaults bind the bounds and the big-endian word reader as locals
        (0.99 -> 0.85 µs a die: `int.from_bytes` of a slice is two calls, this one)."""
        d = self.dice
        n = d.n
        d.n = n + 1
        inner = self.inner.copy()
        inner.update(b"%d:0" % n)
        outer = self.outer.copy()
        outer.update(inner.digest())
        w = _word(outer.digest())[0]
        if w < _limits.get(sides, 0):
            return w % sides + 1
        return d._face(n, sides)

    def set_status(self, f: Fighter, status: str) -> None:
        """`f`'s status, and with it `up` and who stands (the one place `up` changes)."""
        was_lying = not f.up and f.status != "dead"
        self.moved.add(f)
        f.status = status
        up = status == "ok" or status == "disabled"
        lying = not up and status != "dead"
        if lying != was_lying:
            if lying:
                self.lying.setdefault(f.pos, []).append(f)
            else:
                self.lying[f.pos].remove(f)
        if up == f.up:
            return
        f.up = up
        before = self.up_count[f.side]
        if up:
            self._stands(f)
        else:
            self.up_count[f.side] -= 1
            for side, foes in self.foes.items():
                if side != f.side:
                    i = bisect_left(foes, f.rank, key=_RANK)
                    assert foes[i] is f
                    del foes[i]
            self.at[f.pos].remove(f)
        if (before == 0) != (self.up_count[f.side] == 0):
            self.sides_up += 1 if before == 0 else -1

    def _stands(self, f: Fighter) -> None:
        self.up_count[f.side] += 1
        for side, foes in self.foes.items():
            if side != f.side:
                insort(foes, f, key=_RANK)
        self.at.setdefault(f.pos, []).append(f)

    def place(self, f: Fighter, square: tuple[int, int]) -> None:
        """`f` steps onto `square` (an ally's square may be passed, so a square may hold
        two for a moment)."""
        where = self.at if f.up else self.lying if f.status != "dead" else None
        self.moved.add(f)
        if where is not None:
            where[f.pos].remove(f)
            where.setdefault(square, []).append(f)
        f.pos = square

    def body_at(self, square: tuple[int, int], me: Fighter) -> Fighter | None:
        """The last in file order of those not dead on `square` but `me` (`core_orders.move`
        asks who holds a square)."""
        found = None
        for group in (self.at.get(square, ()), self.lying.get(square, ())):
            for f in group:
                if f is not me and (found is None or f.rank > found.rank):
                    found = f
        return found

    def standing_at(self, square: tuple[int, int]) -> Sequence[Fighter]:
        return self.at.get(square, ())

    def standing_near(self, square: tuple[int, int], d: int) -> list[Fighter] | None:
        """The standing within `d` of `square` in file order, looked up square by square;
        None when that is more squares than fighters (scan everyone, then)."""
        if (2 * d + 1) ** 2 > len(self.people):
            return None
        at = self.at
        found = [f for r in range(d + 1) for sq in ring(square, r) for f in at.get(sq, ())]
        if len(found) > 1:
            found.sort(key=_RANK)
        return found

    def spent_of(self, f: Fighter) -> Spent:
        return self.spent if f.id == self.turn else _NOTHING

    def initiative_rank(self, cid: str) -> int:
        return self.rank.get(cid, len(self.order))




_NOTHING = Spent()  # what a combatant whose turn it is not has spent (never changed)
_RANK = attrgetter("rank")


class Rules:
    """The rulings the core reads (`model.Rules`), as plain attributes."""

    __slots__ = ("confirm", "forbid", "death_at", "bleed", "aoo_engages", "step",
                 "presence")

    def __init__(self, enc: Encounter) -> None:
        r = enc.rules
        self.confirm = r.confirm_criticals
        self.forbid = r.ranged_into_melee == "forbid"
        self.death_at = r.death_at
        self.bleed = r.dying_bleed
        self.aoo_engages = r.aoo_engages
        self.step = r.disengage_step
        self.presence = r.missile_presence


class Template:
    """What every run of one `odds` starts from (built once)."""

    __slots__ = ("people", "rules", "clock", "walks", "setup", "base", "order", "rank",
                 "acted", "turn", "round", "round_clock", "spent", "reach", "walk_use")

    def __init__(self, enc: Encounter) -> None:
        self.people = [Fighter(c, i) for i, c in enumerate(enc.active)]
        self.reach = max((f.reach for f in self.people), default=0)  # the longest melee reach
        self.rules = Rules(enc)
        st = enc.state
        self.setup = st.phase == "setup"  # initiative to roll; else a fight under way
        self.base = rounds_before(enc)  # rounds already played (`max_rounds` counts on)
        self.order = list(st.order)
        self.rank = {cid: i for i, cid in enumerate(st.order)}
        self.acted = frozenset(st.acted)
        self.turn = st.turn
        self.round = st.round
        self.clock = st.clock
        self.round_clock = st.round_clock
        self.spent = Spent()
        sp = st.spent
        self.spent.standard, self.spent.moves, self.spent.full_round = (
            sp.standard, sp.moves, sp.full_round)
        self.spent.step, self.spent.tried, self.spent.extended = (
            sp.step, sp.disengage_tried, sp.extended)
        self.spent.escaped = list(sp.escaped)
        # `core_orders.walk_toward`'s answers by what they depend on: the runs of one `odds`
        # walk from the same few boards again and again (R-SIM speed)
        self.walks: dict[Any, Any] = {}
        self.walk_use = [0, 0]  # walks asked, walks found remembered


def ineligible(enc: Encounter) -> str:
    """Why the core cannot play fights from `enc` at all ("" when it can): a feature it does
    not model, present from the start. Situations that arise only in play bail out there."""
    st = enc.state
    if st.phase not in ("setup", "combat"):
        return "phase"  # the surprise round, or a fight that has ended
    if st.phase == "combat":
        active = {c.id for c in enc.active}
        if set(st.order) != active or len(st.order) != len(active) or st.delaying \
                or st.declarations or st.group_spent or (st.turn and st.turn not in active):
            return "turn order"  # newcomers to place, delayers, declared rounds
    r = enc.rules
    if r.flow != "turns" or not r.engagement or r.first_disengages:
        return "rules"
    if r.group_turn == "shared" and any(c.group for c in enc.combatants):
        return "group turns"
    if not enc.active:
        return "nobody"
    for c in enc.active:
        why = _unmodelled(c, st.phase == "setup")
        if why:
            return f"{c.id}: {why}"
    return ""


_FRESH_STATE: dict[str, Any] = {
    "status": "ok", "engaged": (), "missile_engaged": (), "guarding": None,
    "disengage_streak": 0, "conditions": {}, "removed": False, "aoo_round": -1,
    "turn_clocks": (0, 0), "attacked_by": {}, "temp_hp": 0, "nonlethal": 0, "readied": None,
    "presence": (), "confusion": "", "aoo_count": 0, "stance": None, "aid": (),
}


_UNDER_WAY = ("guarding", "conditions", "temp_hp", "nonlethal", "readied", "confusion",
              "aoo_count", "stance", "aid")  # what a fight under way may not hold either


def _unmodelled(c: Combatant, setup: bool) -> str:
    if c.position is None:
        return "gridless"
    if setup and c.hp <= 0:
        return "down"
    for key in _FRESH_STATE if setup else _UNDER_WAY:
        if getattr(c, key) != _FRESH_STATE[key]:
            return key
    if c.aware is not True or not c.takes_aoo:
        return "awareness or aoo"
    if c.feats or c.sneak_attack is not None or c.dr or c.resist or c.immune:
        return "traits"
    if c.orders is not None and c.orders not in ("attack-nearest", "attack-weakest", "skip"):
        return "orders"
    if len({w.id for w in c.weapons}) != len(c.weapons):
        return "weapon ids"  # the engine's attack looks a weapon up by id
    for w in c.weapons:
        m = _SIMPLE_DAMAGE.match(w.damage.replace(" ", ""))
        if w.unarmed or w.nonlethal or m is None or not int(m.group(1)) or not int(m.group(2)):
            return f"weapon {w.id}"
    return ""
