"""R-ACT-10: spells (`spell_level`), casting defensively, concentration when an AoO damages
the caster, entangled casters; the dice order of the Clarifications (entangled check,
defensive check, AoOs each followed by its damage check, then R-ACT-3). Dice only via --dice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import build, events, melee, ok, snapshot, state, warrior, who

SLEEP = """
[[combatants.actions]]
id = "sleep"
name = "Sleep"
spell_level = 1
dc = 13
save = "will"
condition = "unconscious"
uses = 2
"""


def _caster(encounter: Any, run: Any, extra: str = "", spell: str = SLEEP,
            snag_at: tuple[int, int] = (1, 0), grak: bool = False, conc: int = 5) -> Path:
    """Mira (concentration +5) casting at 0,0; Snag (a blade +2, 1d6+1) next to her has
    acted, so it may take its AoO."""
    more = [warrior("grak", "gobs", (0, 1), melee("club", attack=2, damage="1d4"))] \
        if grak else []
    path = encounter(build(
        warrior("mira", "pcs", (0, 0), extra=f"concentration = {conc}\n" + extra + spell),
        warrior("snag", "gobs", snag_at, melee("blade", attack=2, damage="1d6+1")), *more))
    ok(run("roll-initiative", path, "--dice", "1,20" + (",15" if grak else "")))
    while state(path)["turn"] != "mira":
        ok(run("next", path))
    return path


def _types(out: Any) -> list[str]:
    keep = ("AttackRolled", "ConcentrationRolled", "SaveRolled", "SpellLost", "DamageRolled")
    return [e["type"] for e in events(out) if e["type"] in keep]


def test_R_ACT_10_a_spell_provokes_in_a_threatened_square(run, encounter):
    path = _caster(encounter, run)
    out = ok(run("action", path, "mira", "sleep", "--target", "snag", "--dice", "1,5",
                 "--format", "json"))
    assert _types(out) == ["AttackRolled", "SaveRolled"]  # AoO (missed), then the save


def test_R_ACT_10_provokes_false_in_the_file_wins(run, encounter):
    path = _caster(encounter, run, spell=SLEEP.replace("uses = 2", "uses = 2\nprovokes = false"))
    out = ok(run("action", path, "mira", "sleep", "--target", "snag", "--dice", "5",
                 "--format", "json"))
    assert _types(out) == ["SaveRolled"]


def test_R_ACT_10_defensively_rolls_concentration_first_and_provokes_nothing(run, encounter):
    path = _caster(encounter, run)
    out = ok(run("action", path, "mira", "sleep", "--target", "snag", "--defensively",
                 "--dice", "11,5", "--format", "json"))
    conc = events(out, "ConcentrationRolled")
    assert _types(out) == ["ConcentrationRolled", "SaveRolled"]
    assert conc[0]["dc"] == 16 and conc[0]["roll"]["total"] == 16 and conc[0]["success"]
    assert "unconscious" in who(path, "snag")["conditions"]


def test_R_ACT_10_a_failed_defensive_check_loses_the_spell_use_and_cost_spent(run, encounter):
    path = _caster(encounter, run)
    out = ok(run("action", path, "mira", "sleep", "--target", "snag", "--defensively",
                 "--dice", "10", "--format", "json"))
    assert _types(out) == ["ConcentrationRolled", "SpellLost"]
    assert who(path, "mira")["actions"][0]["uses"] == 1
    assert state(path)["spent"]["standard"] is True
    assert "conditions" not in who(path, "snag")
    post = ok(run("log", path, "--last", "1", "--format", "plain")).out
    assert "loses the spell" in post and "casting defensively" in post


def test_R_ACT_10_combat_casting_adds_4(run, encounter):
    path = _caster(encounter, run, extra='feats = ["combat-casting"]\n')
    out = ok(run("action", path, "mira", "sleep", "--target", "snag", "--defensively",
                 "--dice", "7,5", "--format", "json"))
    conc = events(out, "ConcentrationRolled")[0]
    assert conc["roll"]["total"] == 16 and conc["success"]


def test_R_ACT_10_out_of_every_threatened_square_defensively_rolls_nothing(run, encounter):
    path = _caster(encounter, run, snag_at=(4, 0))
    out = ok(run("action", path, "mira", "sleep", "--target", "snag", "--defensively",
                 "--dice", "5", "--format", "json"))
    assert _types(out) == ["SaveRolled"]


@pytest.mark.parametrize(("conc", "level", "face", "success"), [
    (14, 0, 1, True),  # a natural 1 does not fail: 1 + 14 = 15 against DC 15
    (0, 9, 20, False),  # a natural 20 does not succeed: 20 against DC 24
])
def test_R_ACT_10_concentration_has_no_natural_1_or_20(run, encounter, conc, level, face,
                                                       success):
    path = _caster(encounter, run, conc=conc,
                   spell=SLEEP.replace("spell_level = 1", f"spell_level = {level}"))
    out = ok(run("action", path, "mira", "sleep", "--target", "snag", "--defensively",
                 "--dice", f"{face},5", "--format", "json"))
    assert events(out, "ConcentrationRolled")[0]["success"] is success


def test_R_ACT_10_damage_from_an_aoo_needs_concentration_10_plus_damage_plus_level(
        run, encounter):
    """Dice: the AoO's d20 (hit), its damage, then the damage check, then the save."""
    path = _caster(encounter, run)
    out = ok(run("action", path, "mira", "sleep", "--target", "snag",
                 "--dice", "15,3,12,5", "--format", "json"))
    assert _types(out) == ["AttackRolled", "DamageRolled", "ConcentrationRolled", "SaveRolled"]
    conc = events(out, "ConcentrationRolled")[0]
    assert conc["damage"] == 4 and conc["dc"] == 15  # 10 + 4 + 1
    assert conc["roll"]["total"] == 17 and conc["success"]


def test_R_ACT_10_two_damaging_aoos_one_check_each_right_after_it(run, encounter):
    path = _caster(encounter, run, grak=True)
    out = ok(run("action", path, "mira", "sleep", "--target", "snag",
                 "--dice", "15,3,12,15,2,5", "--format", "json"))
    assert _types(out) == ["AttackRolled", "DamageRolled", "ConcentrationRolled",
                           "AttackRolled", "DamageRolled", "ConcentrationRolled", "SpellLost"]
    assert [c["dc"] for c in events(out, "ConcentrationRolled")] == [15, 13]
    assert [c["success"] for c in events(out, "ConcentrationRolled")] == [True, False]
    assert events(out, "SpellLost") and not events(out, "SaveRolled")


def test_R_ACT_10_an_entangled_caster_casting_defensively_rolls_both_entangled_first(
        run, encounter):
    path = _caster(encounter, run)
    ok(run("condition", path, "mira", "entangled"))
    out = ok(run("action", path, "mira", "sleep", "--target", "snag", "--defensively",
                 "--dice", "12,13,5", "--format", "json"))
    assert [c["why"] for c in events(out, "ConcentrationRolled")] == ["entangled",
                                                                      "defensively"]
    assert _types(out)[-1] == "SaveRolled"


def test_R_ACT_10_an_entangled_check_that_fails_loses_the_spell(run, encounter):
    path = _caster(encounter, run, snag_at=(5, 0))
    ok(run("condition", path, "mira", "entangled"))
    out = ok(run("action", path, "mira", "sleep", "--target", "snag", "--dice", "3",
                 "--format", "json"))
    assert _types(out) == ["ConcentrationRolled", "SpellLost"]


@pytest.mark.parametrize("argv", [
    ("sleep", "--target", "snag", "--defensively"),  # fine: control
])
def test_R_ACT_10_defensively_is_declarable(run, encounter, argv):
    path = _caster(encounter, run)
    ok(run("declare", path, "mira", "action", *argv))
    assert state(path)["declarations"]["mira"][-1] == "--defensively"


def test_R_ACT_10_defensively_on_something_not_a_spell_is_exit_2(run, encounter):
    path = _caster(encounter, run)
    before = snapshot(path)
    for argv in (("draw-weapon", "--defensively"),
                 ("--text", "sings", "--cost", "free", "--defensively")):
        out = run("action", path, "mira", *argv)
        assert out.code == 2, (argv, out.err)
    assert snapshot(path) == before
