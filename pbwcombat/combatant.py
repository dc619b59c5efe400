"""A combatant's records as the encounter file writes them (SPEC: `[[combatants]]`): its
weapons, saves, defined actions, held conditions and readied plan, validated by pydantic-core.

Split from model.py (which holds the encounter, its rules and state, and re-exports these):
hand-written keys strict, state keys with defaults, no I/O, dice or text here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Literal

from pbwcombat import core_schema as cs
from pbwcombat.forms import COORD as _COORD
from pbwcombat.forms import ID_PATTERN, slug
from pbwcombat.forms import ID_SCHEMA as _ID
from pbwcombat.forms import INT as _INT
from pbwcombat.forms import iso_time_or_empty as _iso_time_or_empty
from pbwcombat.forms import player_handle as _player_handle
from pbwcombat.forms import toml_time as _toml_time
from pbwcombat.readying import valid_plan as _valid_plan
from pbwcombat.readying import valid_trigger as _valid_trigger
from pbwcombat.rules.effects import HELPLESS, UNCONSCIOUS, held, nonlethal_state
from pbwcombat.schema import (
    BOOL,
    REQUIRED,
    Record,
    literal,
    nullable,
    pair,
    strict_int,
    text,
    tuple_of,
)
from pbwcombat.traits import (
    ACTION_FIELDS,
    COMBATANT_FIELDS,
    COMBATANT_STATE_FIELDS,
    CONDITION_FIELDS,
    CUSTOM_MODS,
    UNARMED_DAMAGE,
    WEAPON_FIELDS,
)
from pbwcombat.traits import dice_expression as _dice_expression

Status = Literal["ok", "disabled", "dying", "stable", "dead"]


class Weapon(Record):
    id: str
    name: str
    kind: Literal["melee", "ranged"]
    attack: int
    damage: str
    crit_range: int
    crit_mult: int
    reach: int
    reach_adjacent: bool
    range: int | None
    ammo: int | None
    attacks: tuple[int, ...] | None
    unarmed: bool  # R-ACT-9 (pbwcombat.traits)
    materials: tuple[str, ...]  # R-HP-8 (pbwcombat.traits)
    nonlethal: bool  # R-HP-7

    FIELDS = {
        "id": (text(64), ""),
        "name": (text(200), ""),
        "kind": (literal("melee", "ranged"), "melee"),
        "attack": (_INT, 0),
        "damage": (cs.no_info_after_validator_function(_dice_expression, text(400)), ""),
        "crit_range": (strict_int(2, 20), 20),
        "crit_mult": (strict_int(2, 10), 2),
        "reach": (strict_int(1, 100), 1),
        "reach_adjacent": (BOOL, False),
        "range": (nullable(strict_int(1, 100_000)), None),
        "ammo": (nullable(strict_int(0, 1_000_000)), None),
        "attacks": (nullable(cs.tuple_schema([_INT], variadic_item_index=0, min_length=1,
                                             max_length=20)), None),  # R-ACT-5
        **WEAPON_FIELDS,
    }

    @property
    def bonuses(self) -> tuple[int, ...]:
        """R-ACT-5: the full attack's bonuses, in order (default: one at `attack`)."""
        return self.attacks if self.attacks else (self.attack,)


class Condition(Record):
    """A condition's duration (R-CND-2): ends at the start or end of the `of` combatant's
    turn where `turns` reaches 0; all three absent (`{}`): until removed. Besides, its save
    ends and ongoing damage (R-CND-6), who put it on (R-CND-7) and custom modifiers
    (R-CND-10), `pbwcombat.traits.CONDITION_FIELDS`."""

    ends: Literal["start", "end", "move"] | None
    of: str | None
    turns: int | None
    save: str | None
    damage: str | None
    energy: str | None
    by: str | None
    attack: int
    defense: int
    saves: int
    damage_bonus: int

    FIELDS = {
        "ends": (nullable(literal("start", "end", "move")), None),
        "of": (nullable(_ID), None),
        "turns": (nullable(strict_int(0, 1_000_000)), None),
        **CONDITION_FIELDS,
    }

    @property
    def lasting(self) -> bool:
        """Until removed (no duration)."""
        return self.turns is None

    def entry(self) -> dict[str, Any]:
        """What is set (the file's and JSON's keys): no None, no custom modifier at 0."""
        return {k: v for k, v in self.values().items()
                if v is not None and not (k in CUSTOM_MODS and not v)}


class Readied(Record):
    """R-RDY-1: a readied plan (`readied` on the combatant): the act's command line without
    its actor, its trigger, and the round it was readied in."""

    plan: str
    when: str
    round: int

    FIELDS = {
        "plan": (cs.no_info_after_validator_function(_valid_plan, text(400)), REQUIRED),
        "when": (cs.no_info_after_validator_function(_valid_trigger, text(2000)), REQUIRED),
        "round": (strict_int(0, 10**9), 0),
    }


def _condition_complete(c: Condition) -> Condition:
    if c.ends == "move" and c.of is None and c.turns is None:
        return c  # R-CIR-3: until its holder next moves
    given = [c.ends is not None, c.of is not None, c.turns is not None]
    if any(given) and not all(given):
        raise ValueError("a duration needs ends, of and turns together "
                         "(or {} for until removed)")
    if c.energy is not None and c.damage is None:
        raise ValueError("energy needs damage (R-CND-6: the ongoing damage's energy)")
    return c


_CONDITIONS = cs.dict_schema(
    cs.str_schema(strict=True, pattern=ID_PATTERN, max_length=64),
    Condition.core_schema(_condition_complete), max_length=100)
def _aware(value: Any) -> bool | list[str]:
    """R-INI-4: true/false, or a list of enemy ids and side names."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (list, tuple)) and len(value) <= 5000 and all(
            isinstance(v, str) and 0 < len(v) <= 100 for v in value):
        return list(value)
    raise ValueError("must be true, false or a list of enemy ids and side names")


_AWARE = cs.no_info_plain_validator_function(_aware)


ORDERS = ("skip", "attack-nearest", "attack-weakest")


def _orders(value: str | list[str]) -> str | tuple[str, ...]:
    """R-ORD-1: "skip", "attack-nearest", "attack-weakest" or "guard:ID"; R-ORD-4: one
    `"WHEN -> DO"` rule or a list of them, each read now (a bad one names its index)."""
    from pbwcombat.orders_text import OrderSyntaxError, parse_rule

    if isinstance(value, str) and (value in ORDERS or (
            value.startswith("guard:") and re.match(ID_PATTERN, value[6:]))):
        return value
    texts = [value] if isinstance(value, str) else value
    for i, rule in enumerate(texts):
        try:
            parse_rule(rule)
        except OrderSyntaxError as e:
            where = "" if isinstance(value, str) else f"rule {i + 1}: "
            raise ValueError(where + e.message.splitlines()[0]) from None
    return value if isinstance(value, str) else tuple(value)


def _weapon_defaults(w: Weapon) -> Weapon:
    if not w.name and not w.id:
        raise ValueError("a weapon needs a name or an id")
    if w.kind == "ranged" and w.range is None:
        raise ValueError("a ranged weapon needs a range (squares)")
    if not w.damage and not w.unarmed:  # R-ACT-9: an unarmed strike may omit it (1d3)
        raise ValueError("a weapon needs damage (an unarmed one may omit it: 1d3)")
    if w.unarmed and w.kind != "melee":
        raise ValueError("an unarmed strike is a melee weapon (R-ACT-9)")
    return w.replace(id=w.id or slug(w.name), name=w.name or w.id,
                     damage=w.damage or UNARMED_DAMAGE)


class Saves(Record):
    """Saving throw bonuses (R-ACT-3); each 0 when absent."""

    fort: int
    ref: int
    will: int

    FIELDS = {"fort": (_INT, 0), "ref": (_INT, 0), "will": (_INT, 0)}


class ActionDef(Record):
    """One `[[combatants.actions]]` entry: a spell, a potion, a trick (R-ACT-1…4)."""

    id: str
    name: str
    cost: Literal["standard", "move", "full", "free"]
    provokes: bool
    range: int | None
    check: str | None
    dc: int | None
    save: Literal["fort", "ref", "will"] | None
    on_save: Literal["half", "negates"]
    damage: str | None
    heal: str | None
    condition: str | None
    condition_rounds: int | None
    uses: int | None
    spell_level: int | None  # R-ACT-10 (pbwcombat.traits)
    kind: str | None  # R-ACT-8 (pbwcombat.traits)
    energy: str | None  # R-HP-8 (pbwcombat.traits)
    temp_hp: str | None  # R-HP-6
    nonlethal: bool  # R-HP-7
    condition_save: bool  # R-CND-6
    condition_damage: str | None  # R-CND-6

    FIELDS = {
        "id": (_ID, REQUIRED),
        "name": (text(200), ""),
        "cost": (literal("standard", "move", "full", "free"), "standard"),
        "provokes": (BOOL, False),
        "range": (nullable(strict_int(0, 100_000)), None),
        "check": (nullable(cs.no_info_after_validator_function(_dice_expression, text(400))),
                  None),
        "dc": (nullable(strict_int(-1000, 1000)), None),
        "save": (nullable(literal("fort", "ref", "will")), None),
        "on_save": (literal("half", "negates"), "half"),
        "damage": (nullable(cs.no_info_after_validator_function(_dice_expression, text(400))),
                   None),
        "heal": (nullable(cs.no_info_after_validator_function(_dice_expression, text(400))),
                 None),
        "condition": (nullable(_ID), None),
        "condition_rounds": (nullable(strict_int(1, 10_000)), None),
        "uses": (nullable(strict_int(0, 1_000_000)), None),
        **ACTION_FIELDS,
    }

    @property
    def display(self) -> str:
        return self.name or self.id

    @property
    def economy(self) -> tuple[str, bool]:
        """Its cost and whether it provokes (R-ACT-8): its own keys, else its `kind`'s row of
        the built-in table (only the cost and provokes, never the row's effect)."""
        if self.kind is None:  # R-ACT-10: a spell provokes unless the file says it does not
            spell = self.spell_level is not None and "provokes" not in self.fields_set
            return self.cost, self.provokes or spell
        from pbwcombat.menu import row

        r = row(self.kind)
        written = self.fields_set
        cost = self.cost if "cost" in written or r is None else r.cost
        provokes = self.provokes if "provokes" in written or r is None else r.provoking()
        if self.spell_level is not None and "provokes" not in written:
            provokes = True
        return cost, provokes

    @property
    def needs_targets(self) -> bool:
        """R-ACT-3: an action with damage, healing, a condition (or a save) needs targets."""
        return bool(self.damage or self.heal or self.temp_hp or self.condition or self.save)


def _action_checks(a: ActionDef) -> ActionDef:
    if a.damage is not None and a.heal is not None:
        raise ValueError("an action has damage or heal, not both")
    if a.save is not None and a.dc is None:
        raise ValueError("an action with a save needs a dc")
    if a.condition_rounds is not None and a.condition is None:
        raise ValueError("condition_rounds needs a condition")
    if a.condition_save and (a.save is None or a.dc is None):
        raise ValueError("condition_save needs save and dc (R-CND-6)")
    if (a.condition_save or a.condition_damage is not None) and a.condition is None:
        raise ValueError("condition_save and condition_damage need a condition (R-CND-6)")
    return a


class Combatant(Record):
    # hand-written
    id: str
    name: str
    side: str
    pc: bool
    player: str
    gender: Literal["m", "f"]
    initiative_mod: int
    dex_mod: int
    dodge: int
    defense: int
    hp: int
    max_hp: int | None
    speed: int
    position: tuple[int, int] | None
    aware: bool | list[str]
    group: str
    notes: str
    weapons: tuple[Weapon, ...]
    takes_aoo: bool
    saves: Saves
    actions: tuple[ActionDef, ...]
    orders: str | tuple[str, ...] | None  # R-ORD-1/4 (None: default_action, "skip" for PCs)
    flee_below: float  # R-ORD-2 (a fraction of max_hp; 0 = never)
    # Turn 3 definition keys (pbwcombat.traits)
    str_mod: int
    size: str
    concentration: int
    skills: dict[str, int]
    feats: tuple[str, ...]
    dr: str | None
    resist: dict[str, int]
    immune: tuple[str, ...]
    sneak_attack: str | None
    # state written by the tool (SPEC names)
    initiative: int | None
    status: Status
    flat_footed: bool
    engaged: tuple[str, ...]
    missile_engaged: tuple[str, ...]
    guarding: str | None
    disengage_streak: int
    conditions: dict[str, Condition]
    # state of our own: see README "State keys"
    removed: bool
    aoo_round: int
    turn_clocks: tuple[int, int]
    attacked_by: dict[str, int]
    temp_hp: int  # R-HP-6 (pbwcombat.traits)
    nonlethal: int  # R-HP-7
    readied: Readied | None  # R-RDY-1
    presence: tuple[str, ...]  # R-ENG-5: missile engagements resting on presence alone
    confusion: str  # R-CND-7
    aoo_count: int  # R-ACT-9
    stance: str | None  # R-ACT-11
    aid: tuple[dict[str, Any], ...]  # R-ACT-12
    absent_until: str  # R-PAC-2 (ISO 8601 UTC; "" = present)

    FIELDS = {
        "id": (_ID, REQUIRED),
        "name": (text(200), ""),
        "side": (cs.str_schema(strict=True, min_length=1, max_length=100), REQUIRED),
        "pc": (BOOL, False),
        "player": (cs.no_info_after_validator_function(_player_handle, text(200)), ""),
        "gender": (literal("m", "f"), "m"),  # Spanish agreement in posts (R-OUT-5)
        "initiative_mod": (_INT, 0),
        "dex_mod": (_INT, 0),
        "dodge": (_INT, 0),
        "defense": (_INT, REQUIRED),
        "hp": (_INT, REQUIRED),
        "max_hp": (nullable(strict_int(1, 1_000_000)), None),
        "speed": (strict_int(0, 10_000), 30),
        "position": (nullable(pair(_COORD)), None),
        "aware": (_AWARE, True),
        "group": (text(100), ""),
        "notes": (text(), ""),
        "weapons": (tuple_of(Weapon.core_schema(_weapon_defaults)), ()),
        "takes_aoo": (BOOL, True),  # R-AOO-4
        "saves": (Saves.core_schema(), None),  # R-ACT-3 (None: every bonus 0)
        "actions": (tuple_of(ActionDef.core_schema(_action_checks)), ()),  # R-ACT-1
        "orders": (nullable(cs.no_info_after_validator_function(_orders, cs.union_schema(
            [text(400), cs.list_schema(text(400), max_length=50)]))), None),
        "flee_below": (cs.union_schema([strict_int(0, 1),  # kept as written (0, 1 or 0.25)
                                        cs.float_schema(strict=True, ge=0, le=1,
                                                        allow_inf_nan=False)]), 0),
        **COMBATANT_FIELDS,
        "initiative": (nullable(_INT), None),
        "status": (literal("ok", "disabled", "dying", "stable", "dead"), "ok"),
        "flat_footed": (BOOL, False),
        "engaged": (tuple_of(text(64)), ()),
        "missile_engaged": (tuple_of(text(64)), ()),
        "guarding": (nullable(text(64)), None),
        "disengage_streak": (strict_int(0, 1_000_000), 0),
        "conditions": (_CONDITIONS, {}),
        "removed": (BOOL, False),
        "aoo_round": (strict_int(-1, 1_000_000_000), -1),
        "turn_clocks": (pair(strict_int(0, 10**12)), (0, 0)),
        "attacked_by": (cs.dict_schema(text(64), strict_int(0, 10**12)), {}),
        **COMBATANT_STATE_FIELDS,
        "readied": (nullable(Readied.core_schema()), None),
        "presence": (tuple_of(text(64)), ()),
        "absent_until": (cs.no_info_before_validator_function(
            _toml_time, cs.no_info_after_validator_function(_iso_time_or_empty, text(64))),
                         ""),
    }

    @property
    def display(self) -> str:
        return self.name or self.id

    @property
    def full_hp(self) -> int:
        return self.max_hp if self.max_hp is not None else max(self.hp, 1)

    @property
    def can_act(self) -> bool:
        """R-TRN-4: dead, dying and stable combatants (and removed ones) take no turns;
        R-CND-3: nor do those a condition leaves no actions (`rules.effects`)."""
        return not self.removed and self.status in ("ok", "disabled") and not self.unable_by

    @property
    def conscious_above_zero(self) -> bool:
        """R-HP-3: only combatants above 0 hp react (AoOs, interceptions, Attack Totals)."""
        return not self.removed and self.hp > 0

    @property
    def can_react(self) -> bool:
        """R-HP-3 and R-CND-3: above 0 hp and not left without actions by a condition."""
        return self.conscious_above_zero and not self.unable_by

    @property
    def unable_by(self) -> str:
        """The held condition that keeps it from acting (actions `none`, R-CND-3), or "";
        knocked out by nonlethal damage (R-HP-7) is "unconscious" (`affecting`)."""
        names = self.affecting
        return held(names).unable_by if names else ""

    @property
    def squares(self) -> int:
        """Squares one move action covers: speed / 5, halved (rounded down, at least 1) by a
        half-speed condition (R-CND-5; several halve once)."""
        squares = self.speed // 5
        if self.conditions and held(self.conditions).half_speed:
            return max(squares // 2, 1)
        return squares

    @property
    def helpless(self) -> bool:
        """R-CND-5: it holds a helpless condition (Dex 0), or nonlethal damage knocked it out."""
        names = self.affecting
        return bool(names) and held(names).helpless

    @property
    def affecting(self) -> Mapping[str, Any]:
        """What the effects table folds for it: its conditions and R-HP-7's state derived
        from `nonlethal` and hp (staggered, unconscious), which is no `conditions` entry."""
        state = self.nonlethal_state
        return {**self.conditions, state: None} if state else self.conditions

    @property
    def attacked_as(self) -> Mapping[str, Any]:
        """What an attack roll against it folds (its Defense, the +4 of melee attacks, its
        Dex lost): `affecting`, and helpless while dying or stable (R-ACT-12's
        clarification: "dying, stable and `unconscious` targets are helpless")."""
        names = self.affecting
        if self.status in ("dying", "stable") and HELPLESS not in names:
            return {**names, HELPLESS: None}
        return names

    @property
    def nonlethal_state(self) -> str:
        """R-HP-7: "staggered", "unconscious" or "" (derived from `nonlethal` and hp)."""
        return nonlethal_state(self.hp, self.nonlethal) if self.nonlethal else ""

    @property
    def knocked_out(self) -> bool:
        """R-HP-7: nonlethal damage above current hp (helpless; out for R-TRN-6)."""
        return self.nonlethal_state == UNCONSCIOUS

    @property
    def is_flat_footed(self) -> bool:
        """R-INI-5/6 flag or a condition that makes it flat-footed (R-CND-3): either counts."""
        return self.flat_footed or (bool(self.conditions) and held(self.conditions).flat_footed)

    @property
    def counts_as_down(self) -> bool:
        """R-DIS-4: disabled, dying, stable or dead, or a condition that counts as down
        (prone, helpless, no actions: R-CND-5; knocked out by nonlethal damage, R-HP-7)."""
        return self.status != "ok" or self.laid_low

    @property
    def laid_low(self) -> bool:
        """R-CND-5: a condition that counts as down (prone, helpless, no actions; R-HP-7's
        knock-out): standing orders pass such an enemy over while another is in reach."""
        names = self.affecting
        return bool(names) and held(names).counts_as_down

    def is_aware_of(self, enemy: Combatant) -> bool:
        """R-INI-4: `aware = true`, or the list names the enemy or its side."""
        if isinstance(self.aware, bool):
            return self.aware
        return enemy.id in self.aware or enemy.side in self.aware

    def save_bonus(self, kind: str) -> int:
        """R-ACT-3: `saves.<kind>`, 0 if absent."""
        return int(getattr(self.saves, kind)) if self.saves is not None else 0

    def action(self, key: str) -> ActionDef | None:
        for a in self.actions:
            if a.id == key:
                return a
        return None

    def action_cost(self, key: str) -> str | None:
        """What `action WHO key` would spend: its own action's cost, else its row's in the
        built-in table (`stand-up` is always the table's, R-CND-3); None for a key neither
        knows. One answer for every check that needs it (R-RDY-1's readied action, R-CND-7's
        free actions)."""
        from pbwcombat import menu

        own = None if key == "stand-up" else self.action(key)
        if own is not None:
            return own.cost
        r = menu.row(key)
        return None if r is None or key in menu.COMMANDS else r.cost

    def weapon(self, key: str) -> Weapon | None:
        for w in self.weapons:
            if w.id == key or w.name == key:
                return w
        return None


def _combatant_defaults(c: Combatant) -> Combatant:
    return c.replace(name=c.name or c.id,
                     max_hp=c.max_hp if c.max_hp is not None else max(c.hp, 1))
