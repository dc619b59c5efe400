"""The Turn 3 definition keys of a combatant and a weapon, and how the file validates them.

`str_mod`, `size`, `concentration`, `skills`, `feats` (R-ACT-9/10/12), `dr`, `resist`,
`immune` (R-HP-8), `sneak_attack` (R-ACT-13), a weapon's `materials` (R-HP-8) and `nonlethal`
(R-HP-7), an action's `energy`, `temp_hp` and `nonlethal` (R-HP-6/7/8), and the state the damage
rules write (`temp_hp`, `nonlethal`). They live
here, apart from `model`, so that the bestiary, the stat-block reader and the rules that give
them effects share one definition of their forms. Each is a definition key: written back only
when the author wrote it (or it is off its default), copied by `add --like` (R-ACT-7).
"""

from __future__ import annotations

from typing import Any

from pbwcombat import core_schema as cs
from pbwcombat.forms import ID_SCHEMA
from pbwcombat.patterns import lazy
from pbwcombat.schema import BOOL, strict_int, text

SIZES = ("fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan",
         "colossal")  # R-ACT-12, smallest first
ENERGY = ("acid", "cold", "electricity", "fire", "sonic", "force", "negative", "positive")
# R-HP-8: what `immune` gives an effect to besides energy kinds; other slugs are stored
IMMUNE_EFFECTS = (*ENERGY, "precision", "critical")
SLUG_PATTERN = r"^[a-z0-9][a-z0-9-]*$"
_WORD = r"[a-z0-9][a-z0-9-]*"
_DR = lazy(rf"^([1-9][0-9]{{0,3}})/(-|{_WORD}(?: (?:and|or) {_WORD})?)$")


IMPROVED_UNARMED = "improved-unarmed-strike"  # R-ACT-9: an unarmed strike that is armed
COMBAT_REFLEXES = "combat-reflexes"  # R-ACT-9: 1 + dex_mod AoOs a round, also flat-footed
UNARMED_DAMAGE = "1d3"


def size_step(size: str) -> int:
    """Steps from medium: large 1, huge 2 …, small −1 (R-ACT-12's ±4 per size)."""
    return SIZES.index(size) - SIZES.index("medium")


def parse_dr(value: str) -> tuple[int, tuple[str, ...], str]:
    """`"5/magic"` → (5, ("magic",), ""); `"10/-"` → (10, (), ""); `"5/cold-iron and good"`
    → (5, ("cold-iron", "good"), "and") (R-HP-8). ValueError for any other form."""
    m = _DR().match(value)
    if not m:
        raise ValueError(f'"{value}" is not damage reduction like "5/magic", "10/-", '
                         '"5/silver and magic" or "5/good or silver" (R-HP-8)')
    words = m.group(2)
    if words == "-":
        return int(m.group(1)), (), ""
    for joint in ("and", "or"):
        if f" {joint} " in words:
            first, second = words.split(f" {joint} ")
            return int(m.group(1)), (first, second), joint
    return int(m.group(1)), (words,), ""


def _dr(value: str) -> str:
    parse_dr(value)
    return value


SAVE_KINDS = ("fort", "ref", "will")
_SAVE = lazy(r"^(fort|ref|will):(-?[0-9]{1,4})$")


def parse_save(value: str) -> tuple[str, int]:
    """`"will:15"` → ("will", 15): a condition's end-of-turn save (R-CND-6). ValueError for
    any other form (the file: 65; `--save`: exit 2)."""
    m = _SAVE().match(value)
    if not m or not -1000 <= int(m.group(2)) <= 1000:
        raise ValueError(f'"{value}" is not a save like "will:15" (fort, ref or will, a colon, '
                         "the DC) (R-CND-6)")
    return m.group(1), int(m.group(2))


def _save(value: str) -> str:
    parse_save(value)
    return value


def energy_kind(value: str) -> str:
    """An energy kind (R-HP-8): the file's `energy` keys (65) and `--energy` (exit 2)."""
    if value not in ENERGY:
        raise ValueError(f'"{value}" is not an energy kind ({", ".join(ENERGY)}) (R-HP-8)')
    return value


def table_kind(value: str) -> str:
    """An action's `kind`: a row of the built-in Actions in Combat table (R-ACT-8), read
    only when a file says one."""
    from pbwcombat.menu import row

    if row(value) is None:
        raise ValueError(f'"{value}" is not a row of the Actions in Combat table (R-ACT-8)')
    return value


def _resist(value: dict[str, int]) -> dict[str, int]:
    for kind in value:
        energy_kind(kind)
    return value


def dice_expression(value: str) -> str:
    """A dice expression (R-DIC-1) as a file key; ValueError else (the model's validator)."""
    from pbwcombat import dice

    if not dice.is_dice_expression(value):
        raise ValueError(f'"{value}" is not a dice expression')
    return value


_SLUG = cs.str_schema(strict=True, pattern=SLUG_PATTERN, max_length=64)
SLUGS = cs.tuple_schema([_SLUG], variadic_item_index=0, max_length=200)
SIZE = cs.literal_schema(list(SIZES))
DR = cs.nullable_schema(cs.no_info_after_validator_function(_dr, text(200)))
RESIST = cs.no_info_after_validator_function(
    _resist, cs.dict_schema(cs.str_schema(strict=True, max_length=64), strict_int(1, 1000),
                            max_length=len(ENERGY)))
SKILLS = cs.dict_schema(_SLUG, strict_int(-1000, 1000), max_length=200)
ENERGY_KIND = cs.nullable_schema(cs.no_info_after_validator_function(energy_kind, text(64)))
DICE = cs.nullable_schema(cs.no_info_after_validator_function(dice_expression, text(100)))
SAVE = cs.nullable_schema(cs.no_info_after_validator_function(_save, text(20)))
_MOD = strict_int(-100, 100)

# name → (schema, default), merged into Combatant.FIELDS / Weapon.FIELDS
COMBATANT_FIELDS: dict[str, tuple[Any, Any]] = {
    "str_mod": (strict_int(-100, 100), 0),  # R-ACT-12 trip checks
    "size": (SIZE, "medium"),  # R-ACT-12
    "concentration": (strict_int(-100, 1000), 0),  # R-ACT-10
    "skills": (SKILLS, {}),  # R-ACT-12 (heal: stabilize); others stored
    "feats": (SLUGS, ()),  # R-ACT-9
    "dr": (DR, None),  # R-HP-8
    "resist": (RESIST, {}),  # R-HP-8
    "immune": (SLUGS, ()),  # R-HP-8 (energy kinds, precision, critical; others stored)
    "sneak_attack": (DICE, None),  # R-ACT-13
}
WEAPON_FIELDS: dict[str, tuple[Any, Any]] = {
    "unarmed": (BOOL, False),  # R-ACT-9: an unarmed strike (damage 1d3 when omitted)
    "materials": (SLUGS, ()),  # R-HP-8: bypass damage reduction
    "nonlethal": (BOOL, False),  # R-HP-7
}
ACTION_FIELDS: dict[str, tuple[Any, Any]] = {
    "spell_level": (cs.nullable_schema(strict_int(0, 9)), None),  # R-ACT-10: a spell
    "kind": (cs.nullable_schema(cs.no_info_after_validator_function(table_kind, text(64))),
             None),  # R-ACT-8: the row whose cost and provokes it takes
    "energy": (ENERGY_KIND, None),  # R-HP-8: its damage is of this energy
    "temp_hp": (DICE, None),  # R-HP-6: temporary hp to its targets, as `heal` goes
    "nonlethal": (BOOL, False),  # R-HP-7: its damage is nonlethal
    "condition_save": (BOOL, False),  # R-CND-6: its save and dc repeat at each end of turn
    "condition_damage": (DICE, None),  # R-CND-6: ongoing damage of the condition it inflicts
}
# R-CND-6/7/10: what a condition's entry may hold besides its duration (written back only
# when set; `rules.conditions` puts them on, `rules.effects.custom` folds the modifiers)
CONDITION_FIELDS: dict[str, tuple[Any, Any]] = {
    "save": (SAVE, None),  # R-CND-6: "will:15", rolled at each end of the holder's turn
    "damage": (DICE, None),  # R-CND-6: rolled at each start of the holder's turn
    "energy": (ENERGY_KIND, None),  # R-CND-6: the ongoing damage's energy (R-HP-8)
    "by": (cs.nullable_schema(ID_SCHEMA), None),  # R-CND-7: who put it on (confused attacks it)
    "attack": (_MOD, 0),  # R-CND-10 custom modifiers, added as a table row's would be
    "defense": (_MOD, 0),
    "saves": (_MOD, 0),
    "damage_bonus": (_MOD, 0),
}
CUSTOM_MODS = ("attack", "defense", "saves", "damage_bonus")
_CONFUSION = r"^(|normal|nothing|flee|attack:[a-z0-9][a-z0-9_-]*)$"
HP_STATE_BOUND = 1_000_000  # the file's bound on hp (rules.hp)
# state the damage rules write (written back only while off the default)
COMBATANT_STATE_FIELDS: dict[str, tuple[Any, Any]] = {
    "temp_hp": (strict_int(0, HP_STATE_BOUND), 0),  # R-HP-6
    "nonlethal": (strict_int(0, HP_STATE_BOUND), 0),  # R-HP-7
    # R-CND-7: this turn's confusion result ("attack:ID", "normal", "nothing", "flee")
    "confusion": (cs.str_schema(strict=True, max_length=80, pattern=_CONFUSION), ""),
    "aoo_count": (strict_int(0, 1000), 0),  # R-ACT-9 combat-reflexes: AoOs made in aoo_round
    # R-ACT-11: until the holder's next turn starts
    "stance": (cs.nullable_schema(cs.literal_schema(["charging", "defensive", "total-defense"])),
               None),
    # R-ACT-12 aid another: {against, attack | defense, by} bonuses given to it
    "aid": (cs.tuple_schema([cs.typed_dict_schema({
        "against": cs.typed_dict_field(text(64)),
        "by": cs.typed_dict_field(text(64)),
        "attack": cs.typed_dict_field(strict_int(0, 100), required=False),
        "defense": cs.typed_dict_field(strict_int(0, 100), required=False),
    }, extra_behavior="forbid")], variadic_item_index=0, max_length=1000), ()),
}
