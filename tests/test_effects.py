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


# issue 21: the only modules that may spell a condition's name: the effects table and the two
# catalogues (the `cond_<id>` names); every other module asks the folds or uses the table's
# named constants (effects.PRONE, …)
NAMED_IN = ("rules/effects.py", "render/catalog/en.py", "render/catalog/es.py")


def _condition_literals(allowed: tuple[str, ...]) -> list[str]:
    """Every string constant of the package (f-string parts, dict keys, defaults, docstrings
    included) that equals a condition name of `EFFECTS`, outside the `allowed` modules."""
    names = set(EFFECTS)
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel in allowed:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in names:
                found.append(f"{rel}:{node.lineno} {node.value!r}")
    return found


def test_no_module_but_the_effects_table_and_the_catalogues_names_a_condition() -> None:
    """`"prone"` and the others appear as string constants only in rules/effects.py and the
    two catalogues: every other module asks the folds (issue 21)."""
    assert _condition_literals(NAMED_IN) == []


def test_the_condition_literal_scan_is_not_blind() -> None:
    """Without its exemptions the scan finds the table's rows and the catalogues' names."""
    found = _condition_literals(())
    for rel, name in (("rules/effects.py", "'prone'"), ("render/catalog/en.py", "'stunned'"),
                      ("render/catalog/es.py", "'invisible'")):
        assert any(f.startswith(rel + ":") and f.endswith(name) for f in found), rel


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
    assert h.unable_by == "paralyzed" and h.per_turn == "none"
    assert h.defense_notes == ("prone", "stunned", "paralyzed")


def test_a_slug_without_a_row_has_no_effect() -> None:
    assert held({"on-fire": None}) == held({}) == NOTHING
    assert NOTHING.can_act and not NOTHING.counts_as_down and NOTHING.melee_mods == ()


# -- R-CND-5: dazzled, the first condition added as one row ---------------------------------


def _sword_and_axe(encounter):  # type: ignore[no-untyped-def]
    from helpers import build, melee, warrior

    return encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8+3"), init=2, defense=15),
        warrior("orc", "monsters", (1, 0), melee("axe", 4, "1d12+2"), defense=13, hp=12)))


def test_R_CND_5_dazzled_minus_1_on_its_attack_rolls_named_in_both_languages(run, encounter):
    from helpers import events, ok, roll_init

    path = _sword_and_axe(encounter)
    roll_init(run, path, "15,3")  # hero first
    r = ok(run("condition", path, "hero", "dazzled", "--lang", "es"))
    assert "Hero queda deslumbrado (sin límite de tiempo)." in r.out
    r = ok(run("attack", path, "hero", "orc", "--dice", "10,1", "--format", "json"))
    (roll,) = events(r, "AttackRolled")
    assert roll["roll"]["total"] == 10 + 5 - 1
    assert {"value": -1, "note": "dazzled"} in roll["roll"]["mods"]
    assert "1d20 (10 supplied) + 5 (attack) - 1 (dazzled) = 14" in r.json()["text"]
    r = ok(run("log", path, "--last", "1", "--lang", "es", "--format", "plain"))
    assert "+ 5 (ataque) - 1 (deslumbrado) = 14" in r.out


def test_R_CND_5_dazzled_minus_1_on_the_R_DIS_2_attack_total(run, encounter):
    from helpers import events, ok, roll_init

    path = _sword_and_axe(encounter)
    roll_init(run, path, "15,3")
    ok(run("attack", path, "hero", "orc", "--dice", "2"))  # engaged; the orc is attacked
    ok(run("next", path))
    ok(run("attack", path, "orc", "hero", "--dice", "2"))
    ok(run("condition", path, "orc", "dazzled"))
    ok(run("next", path))
    r = ok(run("move", path, "hero", "-1,0", "--dice", "12,8", "--format", "json"))
    (total,) = events(r, "AttackTotalRolled")
    assert total["roll"]["total"] == 8 + 4 - 1
    assert {"value": -1, "note": "dazzled"} in total["roll"]["mods"]
