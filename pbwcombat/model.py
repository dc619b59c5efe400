"""The encounter as frozen records validated by pydantic-core (SPEC: the encounter file).

Hand-written keys are strict (extra keys forbidden: typos must not pass silently). State keys the
tool writes back live on the same models with defaults, so a fresh hand-written file loads.
No I/O, dice or text here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Literal

from pbwcombat import core_schema as cs
from pbwcombat.combatant import ActionDef as ActionDef
from pbwcombat.combatant import Combatant as Combatant
from pbwcombat.combatant import Condition as Condition
from pbwcombat.combatant import Readied as Readied
from pbwcombat.combatant import Status as Status
from pbwcombat.combatant import Weapon as Weapon
from pbwcombat.combatant import _combatant_defaults
from pbwcombat.core_schema import SchemaValidator
from pbwcombat.forms import duration_or_empty as _duration_or_empty
from pbwcombat.forms import iso_time_or_empty as _iso_time_or_empty
from pbwcombat.forms import time_zone as _time_zone
from pbwcombat.forms import toml_time as _toml_time
from pbwcombat.schema import (
    BOOL,
    REQUIRED,
    Record,
    literal,
    nullable,
    strict_int,
    text,
    tuple_of,
)

Phase = Literal["setup", "surprise", "combat", "ended"]


class Rules(Record):
    """Every ruling a table might play differently (RULES.md), with its default."""

    confirm_criticals: bool  # R-ATK-3
    ranged_into_melee: Literal["forbid", "penalty"]  # R-ATK-6
    death_at: int  # R-HP-1
    dying_bleed: bool  # R-HP-4
    aoo_engages: bool  # R-AOO-5
    disengage_step: int  # R-DIS-5
    reckless_disengage: bool  # R-DIS-7
    default_action: Literal["skip", "attack-nearest", "attack-weakest"]  # R-ORD-1
    turn_deadline: str
    group_turn: Literal["each", "shared"]  # R-INI-3
    first_disengages: bool  # R-DIS-4
    idle_action: Literal["skip", "orders"]  # R-ORD-3
    engagement: bool  # R-ENG-0: false = plain d20 (no engagement, no disengage rolls)
    missile_presence: bool  # R-ENG-5: missile engagement by presence in range
    flow: Literal["turns", "declared"]  # R-PAC: every round by declarations

    FIELDS = {
        "confirm_criticals": (BOOL, True),
        "ranged_into_melee": (literal("forbid", "penalty"), "forbid"),
        "death_at": (strict_int(-1_000_000, -1), -10),
        "dying_bleed": (BOOL, True),
        "aoo_engages": (BOOL, True),
        "disengage_step": (strict_int(0, 1000), 3),
        "reckless_disengage": (BOOL, True),
        "default_action": (literal("skip", "attack-nearest", "attack-weakest"), "skip"),
        "turn_deadline": (cs.no_info_after_validator_function(_duration_or_empty, text(20)), ""),
        "group_turn": (literal("each", "shared"), "each"),
        "first_disengages": (BOOL, False),
        "idle_action": (literal("skip", "orders"), "skip"),
        "engagement": (BOOL, True),
        "missile_presence": (BOOL, True),
        "flow": (literal("turns", "declared"), "turns"),
    }




class TurnSpent(Record):
    """What the acting combatant has spent this turn (R-TRN-3)."""

    standard: bool
    moves: int
    full_round: bool
    step: bool
    moved: bool
    disengage_tried: bool
    extended: bool  # a whole-turn action (intercept, failed disengage): free actions only
    escaped: tuple[str, ...]  # R-ENG-6: opponents disengaged from this turn

    FIELDS = {
        "standard": (BOOL, False),
        "moves": (strict_int(0, 2), 0),
        "full_round": (BOOL, False),
        "step": (BOOL, False),
        "moved": (BOOL, False),
        "disengage_tried": (BOOL, False),
        "extended": (BOOL, False),
        "escaped": (tuple_of(text(64)), ()),
    }


_NOTHING_SPENT = TurnSpent.new()  # records are immutable: one serves every "nothing spent yet"
# (`spent_of` is asked for every pair of combatants at every turn start, R-ENG-5's presence:
# a fresh record each time was 6% of `odds`)


class State(Record):
    version: int
    phase: Phase
    round: int
    turn: str
    order: tuple[str, ...]
    clock: int
    round_clock: int
    turn_started_at: str
    spent: TurnSpent
    delaying: tuple[str, ...]
    acted: tuple[str, ...]
    declarations: dict[str, list[str]]
    winner: str
    group_spent: dict[str, TurnSpent]
    reminded_for: str  # R-PAC-3: the deadline (ISO 8601 UTC) a reminder was printed for

    FIELDS = {
        "version": (strict_int(0, 10**12), 0),
        "phase": (literal("setup", "surprise", "combat", "ended"), "setup"),
        "round": (strict_int(0, 10**9), 0),
        "turn": (text(64), ""),
        "order": (tuple_of(text(64)), ()),
        "clock": (strict_int(0, 10**12), 0),
        "round_clock": (strict_int(0, 10**12), 0),
        "turn_started_at": (cs.no_info_before_validator_function(
            _toml_time, cs.no_info_after_validator_function(_iso_time_or_empty, text(64))),
                            ""),
        "spent": (TurnSpent.core_schema(), None),
        "delaying": (tuple_of(text(64)), ()),
        "acted": (tuple_of(text(64)), ()),
        "declarations": (cs.dict_schema(text(64), cs.list_schema(text(200), max_length=50)),
                         {}),
        "winner": (text(100), ""),
        # R-INI-3 shared group turns: what each member other than `turn` has spent
        "group_spent": (cs.dict_schema(text(64), TurnSpent.core_schema()), {}),
        "reminded_for": (cs.no_info_after_validator_function(_iso_time_or_empty, text(64)),
                         ""),
    }


class DiceState(Record):
    """R-DIC-2 generator state: secret seed (hex), counter, players' salt."""

    algorithm: Literal["hmac-sha256-v1"]
    seed: str
    n: int
    salt: str
    committed: bool

    FIELDS = {
        "algorithm": (literal("hmac-sha256-v1"), "hmac-sha256-v1"),
        "seed": (cs.str_schema(strict=True, pattern=r"^[0-9a-f]{64}$"), REQUIRED),
        "n": (strict_int(0, 10**15), 0),
        "salt": (text(1000), ""),
        "committed": (BOOL, False),
    }


class Side(Record):
    """`[sides.ID]`: how posts name a side (R-OUT-5); the id is used when absent."""

    name: str

    FIELDS = {"name": (text(200), "")}


class Encounter(Record):
    schema: int
    name: str
    lang: Literal["es", "en"]
    format: Literal["bbcode", "markdown", "plain", "json"]
    mention: str
    notes: str
    timezone: str  # issue 25: an IANA zone deadlines are also shown in ("" = UTC only)
    sides: dict[str, Side]
    rules: Rules
    combatants: tuple[Combatant, ...]
    state: State
    dice: DiceState | None

    FIELDS = {
        "schema": (cs.literal_schema([1]), 1),
        "name": (text(500), ""),
        "lang": (literal("es", "en"), "en"),
        "format": (literal("bbcode", "markdown", "plain", "json"), "bbcode"),
        "mention": (text(200), "@{player}"),
        "notes": (text(), ""),
        "timezone": (cs.no_info_after_validator_function(_time_zone, text(100)), ""),
        "sides": (cs.dict_schema(text(100), Side.core_schema()), {}),
        "rules": (Rules.core_schema(), None),
        "combatants": (tuple_of(Combatant.core_schema(_combatant_defaults)), ()),
        "state": (State.core_schema(), None),
        "dice": (nullable(DiceState.core_schema()), None),
    }

    # -- lookups --------------------------------------------------------------
    # Three caches live in the instance's __dict__, made on first use and copied along by
    # every functional update, since they hold no records (only ids, places, sides, counts):
    #   _index: id → place in `combatants`; dropped when `combatants` is replaced (`replace`),
    #           kept by `changed` (one combatant's fields change, not who is where);
    #   _facts: name → a fact of the combatants' ids, sides and `_FACT_FIELDS` (`fact`);
    #           dropped, or patched when it has a patch, when a change gives one of the
    #           fields it reads a new value;
    #   _holders: field → the ids whose field is set (`holders`); one field's entry is
    #           dropped when a change sets or clears that field for someone.
    # Copies share these dicts while they hold for both (and so would any entry made later
    # of one); a change that could make them differ gives its copy a dict of its own,
    # never editing the one it shares.
    def _positions(self) -> dict[str, int]:
        """id → index in `combatants` (lookups stay O(1))."""
        data = self.__dict__
        index: dict[str, int] | None = data.get("_index")
        if index is None:
            index = data["_index"] = {c.id: i for i, c in enumerate(data["combatants"])}
        return index

    def in_file_order(self, ids: Iterable[str]) -> list[Combatant]:
        """The combatants of `ids` (unknown ones left out), each once, in file order: a few
        looked up, not every combatant scanned for them."""
        index, people = self._positions(), self.combatants
        return [people[i] for i in sorted({index[x] for x in ids if x in index})]

    def find(self, cid: str) -> Combatant | None:
        i = self._positions().get(cid)
        return None if i is None else self.combatants[i]

    def get(self, cid: str) -> Combatant:
        data = self.__dict__
        index = data.get("_index")  # inlined `_positions` (hot)
        if index is None:
            index = self._positions()
        return data["combatants"][index[cid]]  # type: ignore[no-any-return]  # KeyError: unknown

    def fact(self, name: str, compute: Callable[[tuple[Combatant, ...]], Any],
             reads: frozenset[str] | None = None, patch: Patch | None = None) -> Any:
        """A fact the rules ask at every turn (which sides still stand, whose conditions
        run…), computed by `compute` from the combatants' ids, sides and the `reads` of
        `_FACT_FIELDS` only (all of them: None), once per run of changes that touch none of
        those: a fall need not work out again who holds a ranged weapon, nor a shot that
        spends ammunition which sides still stand (issue 29's cost per turn). `patch`
        carries the fact over a change of one combatant that touches its `reads` (see
        `Patch`), where working it out again would read every combatant."""
        if name not in _READS:
            _READS[name] = reads = _FACT_FIELDS if reads is None else reads
            for field in reads:
                _READERS.setdefault(field, []).append(name)
            if patch is not None:
                _PATCHES[name] = patch
        data = self.__dict__
        facts: dict[str, Any] | None = data.get("_facts")
        if facts is None:
            facts = data["_facts"] = {}
        if name not in facts:
            facts[name] = compute(data["combatants"])
        return facts[name]

    def holders(self, field: str) -> tuple[str, ...]:
        """The ids of the combatants whose `field` is set (aid given, a readied plan, a
        guard, presence engagements…), in file order: what a turn's hooks look at, kept until
        a change sets or clears that field for someone (not a scan of everyone at every turn:
        issue 29's cost per turn)."""
        data = self.__dict__
        if field not in _HOLDER_FIELDS:  # (kept only for the fields `changed` watches)
            return tuple([c.id for c in data["combatants"] if getattr(c, field)])
        held: dict[str, tuple[str, ...]] | None = data.get("_holders")
        if held is None:
            held = data["_holders"] = {}
        ids = held.get(field)
        if ids is None:
            ids = held[field] = tuple([c.id for c in data["combatants"] if getattr(c, field)])
        return ids

    def side_counts(self) -> dict[str, int]:
        """Active combatants per side."""
        counts: dict[str, int] = self.fact("side counts", _count_sides, REMOVED)
        return counts

    def awareness(self, c: Combatant) -> tuple[int, int]:
        """R-INI-4: (enemies `c` is aware of, enemies) among active combatants, in
        O(len(aware)) rather than one check per enemy."""
        sides = self.side_counts()
        total = sum(sides.values()) - sides.get(c.side, 0)
        if isinstance(c.aware, bool):
            return (total if c.aware else 0), total
        named = {x for x in c.aware if x in sides and x != c.side}
        known = sum(sides[s] for s in named)
        for x in set(c.aware):
            o = self.find(x)
            if o is not None and not o.removed and o.side != c.side and o.side not in named:
                known += 1
        return known, total

    def members_of(self, cid: str) -> tuple[str, ...]:
        """R-INI-3: with `rules.group_turn = "shared"`, the ids in the order that share
        `cid`'s group turn, in file order; otherwise just `cid`."""
        if self.rules.group_turn != "shared":
            return (cid,)
        c = self.find(cid)
        if c is None or not c.group:
            return (cid,)
        index = self._positions()
        members = [o for o in self.state.order
                   if self.get(o).group == c.group and not self.get(o).removed]
        return tuple(sorted(members, key=lambda o: index[o])) if cid in members else (cid,)

    def takes_turn_now(self, cid: str) -> bool:
        """Whose turn it is: the acting combatant, or any member of its shared group turn
        that has not been passed over (R-INI-3)."""
        turn = self.state.turn
        if not turn:
            return False
        if cid == turn:
            return True
        return cid in self.members_of(turn) and cid not in self.state.acted

    def spent_of(self, cid: str) -> TurnSpent:
        """What `cid` has spent this turn (R-TRN-3); members of a shared group turn each
        have their own allowance (R-INI-3)."""
        if cid == self.state.turn:
            return self.state.spent
        return self.state.group_spent.get(cid) or _NOTHING_SPENT

    def side_name(self, side: str) -> str:
        """R-OUT-5: a side's display name (`[sides.ID] name`, else the id)."""
        entry = self.sides.get(side)
        return entry.name if entry is not None and entry.name else side

    @property
    def active(self) -> tuple[Combatant, ...]:
        """Combatants still in the fight (not removed)."""
        combatants: tuple[Combatant, ...] = self.__dict__["combatants"]
        if self.fact("anyone removed", _anyone_removed, REMOVED):
            return tuple([c for c in combatants if not c.removed])
        return combatants

    @property
    def gridless(self) -> bool:
        return all(c.position is None for c in self.combatants)

    # -- functional updates (`changed` and its two short forms: evolve's) ---------------
    def replace(self, **changes: Any) -> Encounter:
        updated = super().replace(**changes)
        if "combatants" in changes:
            _forget_combatants(updated)
        return updated

    def with_combatant(self, cid: str, **changes: Any) -> Encounter:
        return self.changed(cid, changes)

    def with_state(self, **changes: Any) -> Encounter:
        return self.changed("", None, changes)

    def changed(self, cid: str, changes: dict[str, Any] | None,
                state: dict[str, Any] | None = None) -> Encounter:
        """One combatant's fields (`cid`, `changes`) and the state's fields changed, in a single
        copy of the encounter. The fold's hot path (a simulated fight folds ~270 events), so
        the copies are made inline."""
        data = self.__dict__
        obj = _new(Encounter)
        out = obj.__dict__
        out.update(data)  # fields, fields-set and caches
        if state is not None:
            new_state = _new(State)
            fields = new_state.__dict__
            fields.update(data["state"].__dict__)
            fields.update(state)
            out["state"] = new_state
        if changes is None:
            return obj
        people = list(data["combatants"])
        index = data.get("_index")
        if index is None:  # made here: carried into the copy too, or each copy of a chain
            index = out["_index"] = self._positions()  # would rebuild it (O(n²), issue 29)
        i = index[cid]
        before = people[i]
        person = people[i] = _new(type(before))
        fields = person.__dict__
        fields.update(before.__dict__)
        fields.update(changes)
        out["combatants"] = tuple(people)  # same ids in the same places: `_index` holds
        facts, held = out.get("_facts"), out.get("_holders")
        if facts is not None or held:
            was = before.__dict__
            touched: list[str] | None = None
            unshared = False
            for k, value in changes.items():
                # facts are kept when their fields keep their values (a hit that leaves the
                # status "ok" names it all the same: dropped at every hit, they were worked
                # out again from every combatant, O(n) a turn, issue 29)
                if facts is not None and k in _FACT_FIELDS and value != was[k]:
                    if k in _READERS:
                        touched = [k] if touched is None else [*touched, k]
                    elif not unshared:  # no fact asked reads it: the same facts, in a
                        unshared = True  # dict of its own (one asked later of either
                        out["_facts"] = dict(facts)  # copy would hold for the other too)
                if held and k in _HOLDER_FIELDS and bool(value) != bool(was[k]):
                    # (a dict of its own even when `k` was not asked yet: asked later of
                    # one copy, it would hold for both)
                    held = out["_holders"] = {f: ids for f, ids in held.items() if f != k}
            if touched is not None:
                _carry_facts(obj, facts, touched, i, before, person)  # type: ignore[arg-type]
        return obj


_new = object.__new__  # a bare instance, filled by `changed`

# A fact's patch: (the fact, the encounter after the change, the changed combatant's place,
# it before, it after) → the fact after the change, or None when it cannot say cheaply
# (the fact is dropped, worked out again when next asked). A patch builds a new value,
# never edits the one it is given (the encounter before the change still holds it).
Patch = Callable[[Any, Encounter, int, Combatant, Combatant], Any]


def _carry_facts(enc: Encounter, facts: dict[str, Any], touched: list[str], i: int,
                 before: Combatant, after: Combatant) -> None:
    """The facts of `enc` after one combatant's change of the `touched` fact fields: those
    that read none of them kept, those with a patch patched, the others dropped, in a dict
    of its own (copies share one only while every fact field is the same for them: a fact
    worked out later on one holds for the others)."""
    names = [n for n in _READERS.get(touched[0], ()) if n in facts]
    for field in touched[1:]:
        names += [n for n in _READERS.get(field, ()) if n in facts and n not in names]
    kept = enc.__dict__["_facts"] = dict(facts)  # (before the patches: one that asked a
    for n in names:  # fact of `enc` would put it in `enc`'s dict, not in the shared one)
        patch = _PATCHES.get(n)
        v = None if patch is None else patch(kept[n], enc, i, before, after)
        if v is None:
            del kept[n]
        else:
            kept[n] = v
    if not kept:
        del enc.__dict__["_facts"]


def _forget_combatants(enc: Encounter) -> None:
    """Drop the caches of an encounter whose combatants were replaced wholesale."""
    enc.__dict__.pop("_index", None)
    enc.__dict__.pop("_facts", None)
    enc.__dict__.pop("_holders", None)


def _count_sides(combatants: tuple[Combatant, ...]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in combatants:
        if not c.removed:
            counts[c.side] = counts.get(c.side, 0) + 1
    return counts


def _anyone_removed(combatants: tuple[Combatant, ...]) -> bool:
    return any(c.removed for c in combatants)


# what Encounter.fact reads (`nonlethal`: knocked out, R-HP-7; hp moves with `status`),
# `weapons`: who holds a ranged weapon (R-ENG-5's shooters, `rules.presence`), `position`
# (who stands where, `rules.orders`) and the engagements (`rules.engagement`)
_FACT_FIELDS = frozenset({"status", "conditions", "removed", "nonlethal", "weapons",
                          "position", "engaged", "missile_engaged"})
_READS: dict[str, frozenset[str]] = {}  # fact name → the fields it reads (`fact`'s `reads`)
_READERS: dict[str, list[str]] = {}  # field → the facts (asked so far) that read it
# the fields whose holders `Encounter.holders` keeps (`changed` watches them)
_HOLDER_FIELDS = frozenset({"aid", "guarding", "nonlethal", "presence", "readied"})
_PATCHES: dict[str, Patch] = {}  # fact name → its patch (`fact`'s `patch`)
REMOVED, STATUS, CONDITIONS, NONLETHAL, WEAPONS = (
    frozenset({f}) for f in ("removed", "status", "conditions", "nonlethal", "weapons"))


def _encounter_defaults(enc: Encounter) -> Encounter:
    """Sub-tables the file leaves out get their defaults (not marked as written)."""
    missing: dict[str, Any] = {}
    if enc.rules is None:
        missing["rules"] = Rules.new()
    if enc.state is None:
        missing["state"] = State.new(spent=TurnSpent.new())
    elif enc.state.spent is None:
        missing["state"] = enc.state.replace(spent=TurnSpent.new())
    return enc.replace(**missing) if missing else enc


_VALIDATOR: SchemaValidator | None = None
_COMBATANT_VALIDATOR: SchemaValidator | None = None


def validate_combatant(document: dict[str, Any]) -> Combatant:
    """One `[[combatants]]` table → Combatant (newcomers, R-ACT-7); ValidationError else."""
    global _COMBATANT_VALIDATOR
    if _COMBATANT_VALIDATOR is None:
        _COMBATANT_VALIDATOR = SchemaValidator(Combatant.core_schema(_combatant_defaults))
    result: Combatant = _COMBATANT_VALIDATOR.validate_python(document)
    return result


def validate(document: dict[str, Any]) -> Encounter:
    """Document → Encounter; raises pydantic_core.ValidationError listing every problem."""
    global _VALIDATOR
    if _VALIDATOR is None:
        _VALIDATOR = SchemaValidator(Encounter.core_schema(_encounter_defaults))
    result: Encounter = _VALIDATOR.validate_python(document)
    return result


def status_for(hp: int, death_at: int, previous: Status = "ok") -> Status:
    """R-HP-1 thresholds; a stable combatant in the dying range stays stable (SPEC)."""
    if hp > 0:
        return "ok"
    if hp == 0:
        return "disabled"
    if hp <= death_at:
        return "dead"
    return "stable" if previous == "stable" else "dying"
