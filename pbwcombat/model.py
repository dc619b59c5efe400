"""The encounter as frozen pydantic models (SPEC: the encounter file).

Hand-written keys are strict (`extra="forbid"`: typos must not pass silently). State keys the
tool writes back live on the same models with defaults, so a fresh hand-written file loads.
No I/O, dice or text here.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from pbwcombat import dice

ID_PATTERN = r"^[a-z0-9][a-z0-9_-]*$"
Status = Literal["ok", "disabled", "dying", "stable", "dead"]
Phase = Literal["setup", "surprise", "combat", "ended"]
Lang = Literal["es", "en"]
Format = Literal["bbcode", "markdown", "plain", "json"]
Coord = Annotated[int, Field(ge=-100_000, le=100_000)]
SmallInt = Annotated[int, Field(ge=-1_000_000, le=1_000_000)]
_DURATION = re.compile(r"^(\d{1,5})([smhd])$")


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def parse_duration(text: str) -> int:
    """`"48h"` → seconds; accepts s, m, h, d. ValueError otherwise."""
    m = _DURATION.match(text.strip())
    if not m:
        raise ValueError(f'"{text}" is not a duration like "48h", "30m" or "2d"')
    return int(m.group(1)) * {"s": 1, "m": 60, "h": 3600, "d": 86400}[m.group(2)]


class Rules(_Strict):
    """Every ruling a table might play differently (RULES.md), with its default."""

    confirm_criticals: bool = True  # R-ATK-3
    ranged_into_melee: Literal["forbid", "penalty"] = "forbid"  # R-ATK-6
    death_at: Annotated[int, Field(le=-1, ge=-1_000_000)] = -10  # R-HP-1
    dying_bleed: bool = True  # R-HP-4
    aoo_engages: bool = True  # R-AOO-5
    disengage_step: Annotated[int, Field(ge=0, le=1000)] = 3  # R-DIS-5
    reckless_disengage: bool = True  # R-DIS-7
    default_action: Literal["skip", "attack-nearest"] = "skip"
    turn_deadline: str = ""

    @field_validator("turn_deadline")
    @classmethod
    def _deadline(cls, v: str) -> str:
        if v:
            parse_duration(v)
        return v


def slug(text: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s or "weapon"


class Weapon(_Strict):
    id: str = ""
    name: str = ""
    kind: Literal["melee", "ranged"] = "melee"
    attack: SmallInt = 0
    damage: str
    crit_range: Annotated[int, Field(ge=2, le=20)] = 20
    crit_mult: Annotated[int, Field(ge=2, le=10)] = 2
    reach: Annotated[int, Field(ge=1, le=100)] = 1
    reach_adjacent: bool = False
    range: Annotated[int, Field(ge=1, le=100_000)] | None = None
    ammo: Annotated[int, Field(ge=0, le=1_000_000)] | None = None

    @field_validator("damage")
    @classmethod
    def _damage(cls, v: str) -> str:
        if not dice.is_dice_expression(v):
            raise ValueError(f'"{v}" is not a dice expression')
        return v

    @model_validator(mode="after")
    def _names(self) -> Weapon:
        if not self.name and not self.id:
            raise ValueError("a weapon needs a name or an id")
        if not self.id:
            object.__setattr__(self, "id", slug(self.name))
        if not self.name:
            object.__setattr__(self, "name", self.id)
        if self.kind == "ranged" and self.range is None:
            raise ValueError("a ranged weapon needs a range (squares)")
        return self


class Combatant(_Strict):
    # hand-written
    id: Annotated[str, Field(pattern=ID_PATTERN, max_length=64)]
    name: Annotated[str, Field(max_length=200)] = ""
    side: Annotated[str, Field(min_length=1, max_length=100)]
    pc: bool = False
    player: Annotated[str, Field(max_length=200)] = ""
    initiative_mod: SmallInt = 0
    dex_mod: SmallInt = 0
    dodge: SmallInt = 0
    defense: SmallInt
    hp: SmallInt
    max_hp: Annotated[int, Field(ge=1, le=1_000_000)] | None = None
    speed: Annotated[int, Field(ge=0, le=10_000)] = 30
    position: tuple[Coord, Coord] | None = None
    aware: bool = True
    group: str = ""
    notes: str = ""
    weapons: tuple[Weapon, ...] = ()
    # state written by the tool (SPEC names)
    initiative: SmallInt | None = None
    status: Status = "ok"
    flat_footed: bool = False
    engaged: tuple[str, ...] = ()
    missile_engaged: tuple[str, ...] = ()
    guarding: str | None = None
    disengage_streak: Annotated[int, Field(ge=0)] = 0
    # state of our own: see README "State keys"
    removed: bool = False
    aoo_round: int = -1  # round of its last attack of opportunity (R-AOO-4)
    turn_clocks: tuple[int, int] = (0, 0)  # clock at its previous and last turn start
    attacked_by: dict[str, int] = Field(default_factory=dict)  # enemy id -> clock (R-DIS-2)

    @model_validator(mode="after")
    def _defaults(self) -> Combatant:
        if not self.name:
            object.__setattr__(self, "name", self.id)
        if self.max_hp is None:
            object.__setattr__(self, "max_hp", max(self.hp, 1))
        return self

    @property
    def display(self) -> str:
        return self.name or self.id

    @property
    def full_hp(self) -> int:
        return self.max_hp if self.max_hp is not None else max(self.hp, 1)

    @property
    def can_act(self) -> bool:
        """R-TRN-4: dead, dying and stable combatants (and removed ones) take no turns."""
        return not self.removed and self.status in ("ok", "disabled")

    @property
    def conscious_above_zero(self) -> bool:
        """R-HP-3: only combatants above 0 hp react (AoOs, interceptions, Attack Totals)."""
        return not self.removed and self.hp > 0

    def weapon(self, key: str) -> Weapon | None:
        for w in self.weapons:
            if w.id == key or w.name == key:
                return w
        return None


class TurnSpent(_Strict):
    """What the acting combatant has spent this turn (R-TRN-3)."""

    standard: bool = False
    moves: Annotated[int, Field(ge=0, le=2)] = 0
    full_round: bool = False
    step: bool = False
    moved: bool = False
    disengage_tried: bool = False
    extended: bool = False  # a whole-turn action (intercept, failed disengage): free actions only


class State(_Strict):
    version: Annotated[int, Field(ge=0)] = 0
    phase: Phase = "setup"
    round: Annotated[int, Field(ge=0)] = 0
    turn: str = ""
    order: tuple[str, ...] = ()
    # ours
    clock: Annotated[int, Field(ge=0)] = 0
    turn_started_at: str = ""
    spent: TurnSpent = TurnSpent()
    delaying: tuple[str, ...] = ()
    acted: tuple[str, ...] = ()  # who has had a turn this round
    declarations: dict[str, list[str]] = Field(default_factory=dict)
    winner: str = ""


class DiceState(_Strict):
    """R-DIC-2 generator state: secret seed (hex), counter, players' salt."""

    algorithm: Literal["hmac-sha256-v1"] = "hmac-sha256-v1"
    seed: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    n: Annotated[int, Field(ge=0)] = 0
    salt: str = ""
    committed: bool = False


class Encounter(_Strict):
    schema_: Literal[1] = Field(1, alias="schema")
    name: str = ""
    lang: Lang = "en"
    format: Format = "bbcode"
    mention: str = "@{player}"
    notes: str = ""
    rules: Rules = Rules()
    combatants: tuple[Combatant, ...] = ()
    state: State = State()
    dice: DiceState | None = None

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    # -- lookups --------------------------------------------------------------
    def find(self, cid: str) -> Combatant | None:
        for c in self.combatants:
            if c.id == cid:
                return c
        return None

    def get(self, cid: str) -> Combatant:
        c = self.find(cid)
        if c is None:
            raise KeyError(cid)
        return c

    @property
    def active(self) -> tuple[Combatant, ...]:
        """Combatants still in the fight (not removed)."""
        return tuple(c for c in self.combatants if not c.removed)

    @property
    def gridless(self) -> bool:
        return all(c.position is None for c in self.combatants)

    # -- functional updates (used by evolve only) ------------------------------
    def with_combatant(self, cid: str, **changes: Any) -> Encounter:
        combatants = tuple(
            c.model_copy(update=changes) if c.id == cid else c for c in self.combatants
        )
        return self.model_copy(update={"combatants": combatants})

    def with_state(self, **changes: Any) -> Encounter:
        return self.model_copy(update={"state": self.state.model_copy(update=changes)})


def status_for(hp: int, death_at: int, previous: Status = "ok") -> Status:
    """R-HP-1 thresholds; a stable combatant in the dying range stays stable (SPEC)."""
    if hp > 0:
        return "ok"
    if hp == 0:
        return "disabled"
    if hp <= death_at:
        return "dead"
    return "stable" if previous == "stable" else "dying"


def reference_problems(enc: Encounter) -> list[str]:
    """Problems pydantic cannot see alone: duplicate ids, unknown references, positions."""
    problems: list[str] = []
    ids: dict[str, int] = {}
    for i, c in enumerate(enc.combatants):
        if c.id in ids:
            problems.append(f'combatants[{i}].id: duplicate id "{c.id}"')
        ids.setdefault(c.id, i)
        seen: set[str] = set()
        for j, w in enumerate(c.weapons):
            if w.id in seen:
                problems.append(f'combatants[{i}].weapons[{j}].id: duplicate weapon id "{w.id}"')
            seen.add(w.id)
    with_pos = [c.position is not None for c in enc.combatants]
    if any(with_pos) and not all(with_pos):
        for i, has in enumerate(with_pos):
            if not has:
                problems.append(
                    f"combatants[{i}].position: missing (positions on some combatants only)"
                )
    squares: dict[tuple[int, int], int] = {}
    for i, c in enumerate(enc.combatants):
        if c.position is not None and not c.removed and c.status != "dead":
            if c.position in squares:
                other = enc.combatants[squares[c.position]].id
                problems.append(f"combatants[{i}].position: square taken by \"{other}\"")
            squares.setdefault(c.position, i)
    for i, c in enumerate(enc.combatants):
        for key in ("engaged", "missile_engaged"):
            for ref in getattr(c, key):
                if ref not in ids:
                    problems.append(f'combatants[{i}].{key}: unknown combatant "{ref}"')
        if c.guarding is not None and c.guarding not in ids:
            problems.append(f'combatants[{i}].guarding: unknown combatant "{c.guarding}"')
        for ref in c.attacked_by:
            if ref not in ids:
                problems.append(f'combatants[{i}].attacked_by: unknown combatant "{ref}"')
    for j, ref in enumerate(enc.state.order):
        if ref not in ids:
            problems.append(f'state.order[{j}]: unknown combatant "{ref}"')
    if len(set(enc.state.order)) != len(enc.state.order):
        problems.append("state.order: an id appears twice")
    if enc.state.turn and enc.state.turn not in ids:
        problems.append(f'state.turn: unknown combatant "{enc.state.turn}"')
    for ref in enc.state.declarations:
        if ref not in ids:
            problems.append(f'state.declarations: unknown combatant "{ref}"')
    return problems
