"""Issue 21 item 3: condition effects as data (R-CND-3, R-CND-5).

What a condition does is one row of `rules.effects.EFFECTS`; the rules read folds over the rows
a combatant holds. These tests pin the four conditions of R-CND-3 to their effects, check the
table against both catalogues, and that no other module names a condition."""

from __future__ import annotations

import ast
from pathlib import Path

from pbwcombat.dice import Mod
from pbwcombat.render.catalog import CATALOGUES
from pbwcombat.rules.effects import EFFECTS, NOTHING, held

PACKAGE = Path(__file__).resolve().parent.parent / "pbwcombat"


def test_R_CND_5_every_condition_in_EFFECTS_has_a_name_in_both_catalogues() -> None:
    for lang, catalog in CATALOGUES.items():
        missing = [n for n in EFFECTS if f"cond_{n}" not in catalog]
        assert missing == [], lang


def test_no_module_but_the_effects_table_and_the_catalogues_names_a_condition() -> None:
    """`"prone"` and the others appear as string constants only in rules/effects.py and the
    catalogues: every other module asks the folds."""
    names = set(EFFECTS)
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel == "rules/effects.py" or rel.startswith("render/catalog"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in names:
                found.append(f"{rel}:{node.lineno} {node.value!r}")
    assert found == []


def test_R_CND_3_prone_melee_attacks_minus_4_defense_minus_4_melee_plus_4_ranged() -> None:
    h = held({"prone": None})
    assert h.melee_mods == (Mod(-4, "prone"),) and h.ranged_mods == () and h.total_mods == ()
    assert (h.defense_melee, h.defense_ranged) == (-4, 4)
    assert not h.loses_dex and h.can_act and h.counts_as_down
    assert h.stand_up_ends == ("prone",) and h.defense_notes == ("prone",)


def test_R_CND_3_stunned_cannot_act_loses_dex_and_2_more() -> None:
    h = held({"stunned": None})
    assert (h.defense_melee, h.defense_ranged) == (-2, -2)
    assert h.loses_dex and not h.helpless and not h.can_act and h.unable_by == "stunned"
    assert h.counts_as_down and h.melee_mods == ()


def test_R_CND_3_paralyzed_cannot_act_loses_dex_and_5_more() -> None:
    h = held({"paralyzed": None})
    assert (h.defense_melee, h.defense_ranged) == (-5, -5)
    assert h.loses_dex and h.helpless and h.unable_by == "paralyzed" and h.counts_as_down


def test_R_CND_3_flat_footed_on_demand_loses_dex_not_shown_beside_defense() -> None:
    h = held({"flat-footed": None})
    assert h.flat_footed and h.loses_dex and h.can_act and not h.counts_as_down
    assert (h.defense_melee, h.defense_ranged) == (0, 0) and h.defense_notes == ()


def test_R_CND_5_stacking_adds_modifiers_dex_once_strictest_actions_helpless_named_first() -> None:
    h = held({"stunned": None, "paralyzed": None, "prone": None})
    assert (h.defense_melee, h.defense_ranged) == (-2 - 5 - 4, -2 - 5 + 4)
    assert h.unable_by == "paralyzed" and h.actions == "none"
    assert h.defense_notes == ("prone", "stunned", "paralyzed")


def test_a_slug_without_a_row_has_no_effect() -> None:
    assert held({"on-fire": None}) == held({}) == NOTHING
    assert NOTHING.can_act and not NOTHING.counts_as_down and NOTHING.melee_mods == ()
