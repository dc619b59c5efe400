"""R-ACT-9: unarmed strikes (provoke from their target, threaten nothing, nonlethal 1d3 by
default) with and without `improved-unarmed-strike`; `combat-reflexes`. Dice only via --dice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from helpers import build, events, melee, ok, state, warrior, who

FIST = '[[combatants.weapons]]\nid = "fist"\nname = "Fist"\nunarmed = true\nattack = 3\n'


def _brawl(encounter: Any, run: Any, feats: str = "", snag_extra: str = "") -> Path:
    """Kel (a fist) at 0,0 next to Snag (a blade) at 1,0; Snag has acted; Kel's turn."""
    path = encounter(build(warrior("kel", "pcs", (0, 0), FIST, extra=feats),
                           warrior("snag", "gobs", (1, 0), melee("blade", attack=2,
                                                                 damage="1d6"),
                                   extra=snag_extra)))
    ok(run("roll-initiative", path, "--dice", "1,20"))
    ok(run("next", path))
    assert state(path)["turn"] == "kel"
    return path


def _attacks(out: Any, kind: str) -> list[dict[str, Any]]:
    return [e for e in events(out, "AttackRolled") if e["kind"] == kind]


def test_R_ACT_9_unarmed_without_the_feat_provokes_from_its_target_first(run, encounter):
    path = _brawl(encounter, run)
    out = ok(run("attack", path, "kel", "snag", "--dice", "1,15,2", "--format", "json"))
    assert [e["kind"] for e in events(out, "AttackRolled")] == ["aoo", "attack"]
    dmg = events(out, "DamageRolled")[0]
    assert dmg["roll"]["terms"][0]["sides"] == 3  # 1d3 when damage is omitted
    assert who(path, "snag").get("nonlethal") == 2 and who(path, "snag")["hp"] == 20


def test_R_ACT_9_with_improved_unarmed_strike_no_aoo_and_lethal(run, encounter):
    path = _brawl(encounter, run, feats='feats = ["improved-unarmed-strike"]\n')
    out = ok(run("attack", path, "kel", "snag", "--dice", "15,2", "--format", "json"))
    assert [e["kind"] for e in events(out, "AttackRolled")] == ["attack"]
    assert who(path, "snag")["hp"] == 18 and "nonlethal" not in who(path, "snag")


def test_R_ACT_9_an_unarmed_strike_threatens_nothing_without_the_feat(run, encounter):
    path = _brawl(encounter, run)
    ok(run("next", path))
    assert state(path)["turn"] == "snag"
    out = ok(run("move", path, "snag", "3,0", "--format", "json", "--dice", "20,1"))
    assert _attacks(out, "aoo") == []  # Kel's fist threatens no square


def test_R_ACT_9_with_the_feat_the_fist_threatens(run, encounter):
    path = _brawl(encounter, run, feats='feats = ["improved-unarmed-strike"]\n')
    ok(run("next", path))
    out = ok(run("move", path, "snag", "3,0", "--format", "json", "--dice", "1,15,3,1,1"))
    assert len(_attacks(out, "aoo")) == 1


def test_R_ACT_9_combat_reflexes_aoos_while_flat_footed_and_one_plus_dex(run, encounter):
    """Snag (combat reflexes, dex 1) has not acted yet (flat-footed) and still takes AoOs:
    two in the round, one per opportunity."""
    blade = melee("blade", attack=2, damage="1d6")
    path = encounter(build(
        warrior("kel", "pcs", (0, 0), blade),
        warrior("ann", "pcs", (2, 1), blade),
        warrior("bo", "pcs", (1, 1), blade),
        warrior("snag", "gobs", (1, 0), blade,
                extra='feats = ["combat-reflexes"]\ndex_mod = 1\n'),
        rules="engagement = false"))
    ok(run("roll-initiative", path, "--dice", "20,19,18,1"))
    out = ok(run("move", path, "kel", "0,2", "--format", "json", "--dice", "1,1"))
    assert len(_attacks(out, "aoo")) == 1  # one opportunity, though it left two squares
    ok(run("next", path))
    out = ok(run("move", path, "ann", "4,1", "--format", "json", "--dice", "1"))
    assert len(_attacks(out, "aoo")) == 1  # the second of 1 + dex 1
    ok(run("next", path))
    out = ok(run("move", path, "bo", "1,3", "--format", "json", "--dice", "1"))
    assert _attacks(out, "aoo") == []  # none left this round
