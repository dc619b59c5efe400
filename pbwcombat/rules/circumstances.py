"""Circumstances the GM declares on an attack (R-CIR-1): flanking, higher ground, cover,
concealment, an unseen attacker. Declared, never detected: the command says them, this module
turns them into the numbers of one attack roll (`rules.attack_roll` applies them), named in the
post with their rule.

They apply to the rolls of the attack named (each roll of a full attack), not to the AoOs it
provokes, and not to an attack redirected to an interceptor (R-CIR-1, Clarifications).
"""

from __future__ import annotations

from pbwcombat.dice import Mod
from pbwcombat.errors import IllegalAction, UsageError
from pbwcombat.frozen import Value
from pbwcombat.model import Combatant, Weapon
from pbwcombat.rules import effects
from pbwcombat.rules.effects import held

COVER = {"half": 2, effects.COVER: 4, "improved": 8}  # R-CIR-1: target Defense +2 / +4 / +8
CONDITION_COVER = 4  # the `cover` condition: +4 Defense against ranged attacks (R-CIR-2)
TOTAL = "total"  # `--concealment total`: 50% (R-CIR-1)
TOTAL_CHANCE = 50


class Declared(Value):
    """What one attack command declares (all off: nothing declared)."""

    flanking: bool = False
    higher_ground: bool = False
    cover: str | None = None  # half | cover | improved
    concealment: str | None = None  # "total" or a percentage "1"…"100"
    invisible: bool = False

    @property
    def any(self) -> bool:
        return bool(self.flanking or self.higher_ground or self.cover or self.concealment
                    or self.invisible)

    @property
    def miss_chance(self) -> int:
        """The declared concealment's miss chance, 0 when none."""
        if self.concealment is None:
            return 0
        return TOTAL_CHANCE if self.concealment == TOTAL else int(self.concealment)


NONE = Declared()


def check(declared: Declared, weapon: Weapon, target: Combatant) -> None:
    """R-CIR-1: flanking and higher ground are melee only (exit 2); a `hidden` target needs
    `--concealment total` (exit 3)."""
    if weapon.kind == "ranged" and (declared.flanking or declared.higher_ground):
        flag = "--flanking" if declared.flanking else "--higher-ground"
        raise UsageError("circumstance_melee_only", rule="R-CIR-1", flag=flag)
    if declared.concealment != TOTAL and target.conditions \
            and held(target.conditions).hidden:
        raise IllegalAction("R-CIR-1", "hidden_needs_total_concealment", name=target.display)


def mods(declared: Declared, weapon: Weapon) -> tuple[Mod, ...]:
    """The attack roll's declared bonuses: flanking +2, higher ground +1 (melee only)."""
    if weapon.kind != "melee":
        return ()
    out = []
    if declared.flanking:
        out.append(Mod(2, "flanking"))
    if declared.higher_ground:
        out.append(Mod(1, "higher_ground"))
    return tuple(out)


def cover_bonus(declared: Declared, target: Combatant, melee: bool) -> int:
    """The Defense declared cover adds to what the target's conditions give: `--cover` and
    the `cover` condition do not stack, the higher applies (R-CIR-1)."""
    if declared.cover is None:
        return 0
    has = CONDITION_COVER if not melee and target.conditions and effects.COVER in held(
        target.conditions).names else 0
    return max(COVER[declared.cover] - has, 0)
