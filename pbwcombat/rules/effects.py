"""Condition effects as data (R-CND-3, R-CND-5): one frozen record per known condition.

A new condition is one row of `EFFECTS` plus its name in the two catalogues (`cond_<id>`, and
`cond_<id>_f` where Spanish needs the feminine); any other slug is shown without effect
(R-CND-1). Everything the rules ask about a combatant's conditions is a fold over the rows it
holds, computed once per set of names (`held`): its attack modifiers, its Defense change,
whether it loses its Dex, is flat-footed or helpless, which actions it has, whether it counts
as down. Modifiers of several conditions add, `dex` and `helpless` apply once, the strictest
actions limit wins (R-CND-5 stacking).

The value layer reads this (the model's `can_act`, `is_flat_footed`, `counts_as_down`; the
post's flat-footed mark), so it imports nothing of the rules: it is data and folds only. The
records are `frozen.Value`s, not dataclasses: two dataclasses cost ~2.5 ms at every start.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, Literal

from pbwcombat.dice import Mod
from pbwcombat.frozen import Value

PerTurn = Literal["all", "one", "move", "none"]
# R-CND-5 actions per turn, most generous first: `one` a single move or standard action
# (R-HP-2's allowance), `move` a single move action, `none` cannot act (turn skipped, no AoOs,
# interceptions or Attack Totals, threatens nothing).
_STRICTNESS: dict[str, int] = {"all": 0, "one": 1, "move": 2, "none": 3}
HELPLESS_DEX = -5  # R-CND-5 helpless: Dex 0, an effective Dex modifier of −5


class Effect(Value):
    """One condition's effects (R-CND-5 columns). Read by the folds below; the miss chances
    are rolled by `rules.attack_roll` (R-CND-8)."""

    attack: int = 0  # every attack roll it makes (Attack Totals of R-DIS-2 included)
    melee_attack: int = 0  # its melee attack rolls only (prone)
    defense: int = 0  # its Defense against every attack
    defense_melee: int = 0  # … against melee attacks only
    defense_ranged: int = 0  # … against ranged attacks only
    loses_dex: bool = False  # loses a positive dex_mod and its dodge (as flat-footed)
    helpless: bool = False  # as loses_dex, and HELPLESS_DEX more (R-CND-5 `helpless`)
    flat_footed: bool = False  # flat-footed while it holds (R-INI-6: loses Dex, no AoOs)
    per_turn: PerTurn = "all"  # the actions it has per turn
    half_speed: bool = False
    no_run_or_charge: bool = False
    miss_chance: int = 0  # of its own attacks (percent)
    miss_chance_against: int = 0  # of attacks against it (percent)
    down: bool = False  # counts as down (R-DIS-4) besides being helpless or unable to act
    out: bool = False  # out of the fight for R-TRN-6 (unconscious)
    initiative: int = 0  # its initiative rolls made while it holds (deafened)
    ends_on_stand_up: bool = False  # the built-in `stand-up` removes it
    crawls: bool = False  # its only movement: crawling one square as a move action (R-CND-9)
    saves: int = 0  # its saving throws (R-ACT-3 and R-CND-6 saves)
    damage: int = 0  # its weapon damage rolls (sickened)
    melee_damage: int = 0  # its melee weapon damage rolls (fatigued, exhausted)
    confused: bool = False  # rolls R-CND-7's behaviour table at each of its turn starts
    flees: bool = False  # flees (R-ORD-2) when it acts by standing orders
    unseen: bool = False  # its targets lose `dex` against it (invisible)
    hidden: bool = False  # attacks against it need `--concealment total` (declared)
    closes_line_of_fire: bool = False  # R-ENG-5: never missile-engaged by presence

    @property
    def shown_beside_defense(self) -> bool:
        """Named beside the Defense in an attack's line (flat-footedness has its own mark)."""
        changes = bool(self.defense or self.defense_melee or self.defense_ranged)
        return not self.flat_footed and (changes or self.loses_dex or self.helpless)


# The known conditions (R-CND-3), in the order their notes are shown beside a Defense.
EFFECTS: dict[str, Effect] = {
    "prone": Effect(melee_attack=-4, defense_melee=-4, defense_ranged=4, down=True,
                    ends_on_stand_up=True, crawls=True, no_run_or_charge=True),
    "stunned": Effect(defense=-2, loses_dex=True, per_turn="none"),
    "paralyzed": Effect(helpless=True, per_turn="none"),
    "flat-footed": Effect(flat_footed=True),
    # R-CND-5 (miss chances, saves, damage and fleeing are in the columns, not yet played)
    "dazzled": Effect(attack=-1),
    "blinded": Effect(defense=-2, loses_dex=True, half_speed=True, no_run_or_charge=True,
                      miss_chance=50),
    "cowering": Effect(defense=-2, loses_dex=True, per_turn="none"),
    "dazed": Effect(per_turn="none"),
    "deafened": Effect(initiative=-4),
    "entangled": Effect(attack=-2, defense=-2, half_speed=True, no_run_or_charge=True),
    "exhausted": Effect(attack=-3, defense=-3, half_speed=True, no_run_or_charge=True,
                        melee_damage=-3),
    "fatigued": Effect(attack=-1, defense=-1, no_run_or_charge=True, melee_damage=-1),
    "frightened": Effect(attack=-2, saves=-2, flees=True),
    "helpless": Effect(helpless=True, per_turn="none"),
    "nauseated": Effect(per_turn="move"),
    "panicked": Effect(per_turn="move", saves=-2, flees=True),
    "shaken": Effect(attack=-2, saves=-2),
    "sickened": Effect(attack=-2, saves=-2, damage=-2),
    "cover": Effect(defense_ranged=4, closes_line_of_fire=True),
    "concealed": Effect(miss_chance_against=20),
    "invisible": Effect(attack=2, unseen=True, miss_chance_against=50),
    "confused": Effect(confused=True),
    "hidden": Effect(hidden=True),
}
# `attack --invisible`: the invisible row's attack bonus for one roll (its other effects are
# `Held.unseen`'s, played by `rules.attack_roll`)
UNSEEN = Mod(EFFECTS["invisible"].attack, "invisible")
# R-CND-5 rows that R-HP-7 also derives from nonlethal damage (`Combatant.affecting`)
STAGGERED, UNCONSCIOUS = "staggered", "unconscious"
# rows other rules put on or ask about by name (R-ACT-8 drop-prone, R-ACT-12 trip, R-ACT-10
# entangled casters, R-CIR cover), and the `--cover` choice named after the cover row
PRONE, ENTANGLED, COVER = "prone", "entangled", "cover"
HELPLESS = "helpless"  # R-ACT-12: a dying or stable target is attacked as helpless
EFFECTS[STAGGERED] = Effect(per_turn="one")
EFFECTS[UNCONSCIOUS] = Effect(helpless=True, per_turn="none", out=True)  # out for R-TRN-6


def nonlethal_state(hp: int, nonlethal: int) -> str:
    """R-HP-7, derived (never a `conditions` entry): STAGGERED when `nonlethal` equals the
    current hp, UNCONSCIOUS above it, else "". The one place the derivation lives; the
    rows above give them their effects."""
    if nonlethal <= 0:
        return ""
    if nonlethal == hp:
        return STAGGERED
    return UNCONSCIOUS if nonlethal > hp else ""
HELPLESS_MELEE = 4  # R-CND-5 helpless: melee attacks against it +4


class Held(Value):
    """The fold of the known conditions a combatant holds."""

    names: tuple[str, ...]  # known ones, in EFFECTS order
    melee_mods: tuple[Mod, ...]  # its melee attack rolls
    ranged_mods: tuple[Mod, ...]  # its ranged attack rolls
    total_mods: tuple[Mod, ...]  # its R-DIS-2 Attack Totals
    defense_melee: int  # Defense change against melee (dex losses apart)
    defense_ranged: int
    loses_dex: bool  # loses dex_mod and dodge (flat-footed, loses_dex or helpless)
    helpless: bool
    flat_footed: bool
    per_turn: PerTurn
    unable_by: str  # the condition that keeps it from acting ("" when it may act)
    counts_as_down: bool
    out: bool  # out for R-TRN-6 (unconscious)
    half_speed: bool
    no_run_or_charge: bool
    initiative_mods: tuple[Mod, ...]  # its initiative rolls
    melee_against: tuple[Mod, ...]  # melee attack rolls against it (helpless: +4)
    stand_up_ends: tuple[str, ...]
    crawls_by: str  # R-CND-9: the condition that leaves it only crawling ("" if none)
    defense_notes: tuple[str, ...]
    miss_chance: tuple[int, str]  # R-CND-8: its own attacks' highest chance, and whose
    miss_chance_against: tuple[int, str]  # … of attacks against it
    unseen: bool  # its targets lose `dex` against it
    hidden: bool
    closes_line_of_fire: bool  # R-ENG-5 (cover)
    save_mods: tuple[Mod, ...]  # its saving throws
    flees: bool  # by standing orders it flees (frightened, panicked)
    melee_damage_mods: tuple[Mod, ...]  # its melee weapon damage rolls
    ranged_damage_mods: tuple[Mod, ...]  # its ranged weapon damage rolls

    @property
    def can_act(self) -> bool:
        return self.per_turn != "none"


def _mods(rows: Iterable[tuple[str, Effect]], melee: bool | None) -> tuple[Mod, ...]:
    """One Mod per condition that changes the roll, named after it (`melee=None`: the
    R-DIS-2 Attack Total, which takes only the modifiers of every attack roll)."""
    out = []
    for name, e in rows:
        value = e.attack + (e.melee_attack if melee else 0)
        if value:
            out.append(Mod(value, name))
    return tuple(out)


@lru_cache(maxsize=512)
def _fold(names: frozenset[str]) -> Held:
    rows = [(n, e) for n, e in EFFECTS.items() if n in names]
    limit: PerTurn = "all"
    unable = ""
    for n, e in sorted(rows, key=lambda r: not r[1].helpless):  # a helpless one named first
        if _STRICTNESS[e.per_turn] > _STRICTNESS[limit]:
            limit = e.per_turn
        if e.per_turn == "none" and not unable:
            unable = n
    helpless = any(e.helpless for _, e in rows)
    flat = any(e.flat_footed for _, e in rows)
    base = sum(e.defense for _, e in rows) + (HELPLESS_DEX if helpless else 0)
    return Held(
        names=tuple(n for n, _ in rows),
        melee_mods=_mods(rows, melee=True),
        ranged_mods=_mods(rows, melee=False),
        total_mods=_mods(rows, melee=None),
        defense_melee=base + sum(e.defense_melee for _, e in rows),
        defense_ranged=base + sum(e.defense_ranged for _, e in rows),
        loses_dex=flat or helpless or any(e.loses_dex for _, e in rows),
        helpless=helpless,
        flat_footed=flat,
        per_turn=limit,
        unable_by=unable,
        counts_as_down=any(e.down or e.helpless or e.per_turn == "none" for _, e in rows),
        out=any(e.out for _, e in rows),
        half_speed=any(e.half_speed for _, e in rows),
        no_run_or_charge=any(e.no_run_or_charge for _, e in rows),
        initiative_mods=tuple(Mod(e.initiative, n) for n, e in rows if e.initiative),
        melee_against=(Mod(HELPLESS_MELEE, "helpless"),) if helpless else (),
        stand_up_ends=tuple(n for n, e in rows if e.ends_on_stand_up),
        crawls_by=next((n for n, e in rows if e.crawls), ""),
        defense_notes=tuple(n for n, e in rows if e.shown_beside_defense),
        miss_chance=_highest((e.miss_chance, n) for n, e in rows),
        miss_chance_against=_highest((e.miss_chance_against, n) for n, e in rows),
        unseen=any(e.unseen for _, e in rows),
        hidden=any(e.hidden for _, e in rows),
        closes_line_of_fire=any(e.closes_line_of_fire for _, e in rows),
        save_mods=tuple(Mod(e.saves, n) for n, e in rows if e.saves),
        flees=any(e.flees for _, e in rows),
        melee_damage_mods=tuple(Mod(e.damage + e.melee_damage, n) for n, e in rows
                                if e.damage + e.melee_damage),
        ranged_damage_mods=tuple(Mod(e.damage, n) for n, e in rows if e.damage),
    )


def _highest(chances: Iterable[tuple[int, str]]) -> tuple[int, str]:
    """R-CND-8: only the highest chance counts (the first row of it names it); (0, "")."""
    best = (0, "")
    for chance in chances:
        if chance[0] > best[0]:
            best = chance
    return best


NOTHING = _fold(frozenset())


def held(conditions: Mapping[str, Any]) -> Held:
    """The fold of the known conditions among `conditions` (a combatant's, by name)."""
    if not conditions:
        return NOTHING
    return _fold(frozenset(conditions))


def custom(conditions: Mapping[str, Any], column: str) -> tuple[Mod, ...]:
    """R-CND-10: the declared modifiers of one column (`attack`, `defense`, `saves`,
    `damage_bonus`) of the conditions held, one Mod per condition, named after it (a table
    condition's own row is added apart, by `held`). Read from each entry's field, so a
    change of the entry is seen at once (no cache: entries are few)."""
    out = []
    for name, cond in conditions.items():
        value = getattr(cond, column, 0) if cond is not None else 0
        if value:
            out.append(Mod(value, name))
    return tuple(out)


def save_mods(conditions: Mapping[str, Any]) -> tuple[Mod, ...]:
    """R-CND-5 and R-CND-10: the modifiers of its saving throws (R-ACT-3, R-CND-6)."""
    if not conditions:
        return ()
    return (*held(conditions).save_mods, *custom(conditions, "saves"))


def confuses(name: str) -> bool:
    """R-CND-7: the condition rolls the behaviour table at its holder's turn starts."""
    row = EFFECTS.get(name)
    return row is not None and row.confused


def confusing(conditions: Mapping[str, Any]) -> str:
    """The held condition that confuses (R-CND-7), or ""."""
    return next((n for n in conditions if confuses(n)), "")


def reads_by(name: str) -> bool:
    """R-CND-7: whether the condition's `by` (who put it on) changes what it does: an action
    records its actor there only then, so other entries stay as they were written."""
    return confuses(name)


def flees(conditions: Mapping[str, Any]) -> bool:
    """R-CND-5: frightened and panicked flee (R-ORD-2) when they act by standing orders."""
    return bool(conditions) and held(conditions).flees


def known_conditions() -> tuple[str, ...]:
    """The condition names with an effect (offered by shell completion)."""
    return tuple(EFFECTS)
