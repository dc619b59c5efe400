"""R-CIR-1…3: circumstances the GM declares on `attack` (flanking, higher ground, cover,
concealment, an unseen attacker), applied to the rolls of the attack named and shown in the
post with their rule; the persisting `cover` condition and `move --to-cover`. Dice only
through --dice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import (
    build,
    events,
    melee,
    ok,
    ranged,
    refused,
    snapshot,
    state,
    warrior,
    who,
)


def _cir_fight(encounter: Any, run: Any, target_extra: str = "", *, archer: bool = False) -> Path:
    """Mira (blade +4, bow +4) at 0,0 on her turn; Snag next to her (Defense 12, 20 hp);
    with `archer`, Grak at 5,0 instead of Snag."""
    foe = warrior("grak", "gobs", (5, 0), extra=target_extra) if archer else \
        warrior("snag", "gobs", (1, 0), extra=target_extra)
    path = encounter(build(warrior("mira", "pcs", (0, 0), melee(), ranged(rng=10)), foe))
    ok(run("roll-initiative", path, "--dice", "20,1"))
    return path


def _attack(run: Any, path: Path, *args: str) -> Any:
    return ok(run("attack", path, "mira", *args, "--format", "json"))


def _roll(out: Any) -> dict[str, Any]:
    rolls = [e for e in events(out, "AttackRolled") if e["kind"] == "attack"]
    assert len(rolls) == 1
    return rolls[0]


def _mods(roll: dict[str, Any]) -> dict[str, int]:
    return {m["note"]: m["value"] for m in roll["roll"]["mods"]}


def test_R_CIR_1_flanking_and_higher_ground_add_to_the_melee_roll(run, encounter):
    path = _cir_fight(encounter, run)
    out = _attack(run, path, "snag", "--flanking", "--higher-ground", "--dice", "5,1")
    roll = _roll(out)
    assert _mods(roll) == {"attack": 4, "flanking": 2, "higher_ground": 1}
    assert roll["roll"]["total"] == 12 and roll["hit"]  # 5 + 4 + 2 + 1 against 12
    post = ok(run("log", path, "--last", "1", "--format", "plain")).out
    assert "2 (flanking)" in post and "1 (higher ground)" in post


def test_R_CIR_1_without_them_the_same_dice_miss(run, encounter):
    path = _cir_fight(encounter, run)
    assert not _roll(_attack(run, path, "snag", "--dice", "5"))["hit"]


@pytest.mark.parametrize("flag", ["--flanking", "--higher-ground"])
def test_R_CIR_1_flanking_and_higher_ground_are_melee_only(run, encounter, flag):
    path = _cir_fight(encounter, run, archer=True)
    before = snapshot(path)
    out = run("attack", path, "mira", "grak", "--weapon", "bow", flag)
    assert out.code == 2 and "R-CIR-1" in out.err
    assert snapshot(path) == before


@pytest.mark.parametrize(("cover", "defense"), [("half", 14), ("cover", 16), ("improved", 20)])
def test_R_CIR_1_declared_cover_raises_the_targets_defense(run, encounter, cover, defense):
    path = _cir_fight(encounter, run, archer=True)
    roll = _roll(_attack(run, path, "grak", "--weapon", "bow", "--cover", cover,
                         "--dice", "5"))
    assert roll["defense"] == defense
    assert f"declared-cover-{cover}" in roll["conditions"]


def test_R_CIR_1_cover_and_the_cover_condition_do_not_stack(run, encounter):
    path = _cir_fight(encounter, run, archer=True)
    ok(run("condition", path, "grak", "cover"))
    assert _roll(_attack(run, path, "grak", "--weapon", "bow", "--dice", "5"))[
        "defense"] == 16  # the condition: +4 against ranged
    path = _cir_fight(encounter, run, archer=True)
    ok(run("condition", path, "grak", "cover"))
    assert _roll(_attack(run, path, "grak", "--weapon", "bow", "--cover", "half",
                         "--dice", "5"))["defense"] == 16  # the higher: +4, not +6
    path = _cir_fight(encounter, run, archer=True)
    ok(run("condition", path, "grak", "cover"))
    assert _roll(_attack(run, path, "grak", "--weapon", "bow", "--cover", "improved",
                         "--dice", "5"))["defense"] == 20  # +8, not +12


def test_R_CIR_1_cover_names_itself_in_both_languages(run, encounter):
    path = _cir_fight(encounter, run, archer=True)
    out = ok(run("attack", path, "mira", "grak", "--weapon", "bow", "--cover", "half",
                 "--dice", "5", "--lang", "es", "--format", "plain")).out
    assert "cobertura media +2)" in out


def test_R_CIR_1_circumstances_do_not_apply_to_the_aoos_the_attack_provokes(run, encounter):
    """Mira shoots Grak from next to Snag: Snag's AoO gets no flanking (it is Mira's)."""
    path = encounter(build(warrior("mira", "pcs", (0, 0), melee(), ranged(rng=10)),
                           warrior("snag", "gobs", (1, 0)), warrior("grak", "gobs", (5, 0))))
    ok(run("roll-initiative", path, "--dice", "1,20,2"))  # snag, grak, then mira
    ok(run("next", path))
    ok(run("next", path))
    assert state(path)["turn"] == "mira"
    out = _attack(run, path, "grak", "--weapon", "bow", "--cover", "half", "--dice", "1,5")
    aoo = [e for e in events(out, "AttackRolled") if e["kind"] == "aoo"]
    assert len(aoo) == 1 and "flanking" not in _mods(aoo[0])
    assert aoo[0]["defense"] == 12 and not any("cover" in c for c in aoo[0]["conditions"])
    assert _roll(out)["defense"] == 14


def test_R_CIR_1_each_roll_of_a_full_attack_gets_them(run, encounter):
    sword = melee("sword", attack=6, extra="attacks = [6, 1]")
    path = encounter(build(warrior("mira", "pcs", (0, 0), sword),
                           warrior("snag", "gobs", (1, 0), hp=50)))
    ok(run("roll-initiative", path, "--dice", "20,1"))
    out = ok(run("attack", path, "mira", "snag", "--full", "--flanking", "--dice", "2,2",
                 "--format", "json"))
    rolls = [e for e in events(out, "AttackRolled") if e["kind"] == "attack"]
    assert [_mods(r).get("flanking") for r in rolls] == [2, 2]


@pytest.mark.parametrize("value", ["0", "101", "half", "-5", "20%"])
def test_R_CIR_1_concealment_takes_1_to_100_or_total(run, encounter, value):
    path = _cir_fight(encounter, run)
    before = snapshot(path)
    out = run("attack", path, "mira", "snag", "--concealment", value)
    assert out.code == 2 and "R-CIR-1" in out.err
    assert snapshot(path) == before


def test_R_CIR_2_a_hidden_target_needs_total_concealment(run, encounter):
    path = _cir_fight(encounter, run)
    ok(run("condition", path, "snag", "hidden"))
    refused(run, path, "R-CIR-1", "attack", path, "mira", "snag")
    refused(run, path, "R-CIR-1", "attack", path, "mira", "snag", "--concealment", "20")


def test_R_CIR_1_declarable(run, encounter):
    path = _cir_fight(encounter, run)
    ok(run("declare", path, "mira", "attack", "snag", "--flanking", "--cover", "half"))
    assert state(path)["declarations"]["mira"] == ["attack", "snag", "--flanking", "--cover",
                                                  "half"]
    before = snapshot(path)
    out = run("declare", path, "mira", "attack", "snag", "--concealment", "200")
    assert out.code == 2 and snapshot(path) == before


def _shooter(encounter: Any, run: Any) -> Path:
    """Grak (a bow) shot Mira last round: they are missile-engaged; it is Mira's turn."""
    path = encounter(build(warrior("mira", "pcs", (0, 0)),
                           warrior("grak", "gobs", (6, 0), ranged(rng=12))))
    ok(run("roll-initiative", path, "--dice", "1,20"))  # grak first
    ok(run("attack", path, "grak", "mira", "--dice", "2"))
    ok(run("next", path))
    assert state(path)["turn"] == "mira" and who(path, "mira").get("missile_engaged")
    return path


def test_R_CIR_3_to_cover_disengages_from_the_shooter_and_takes_cover(run, encounter):
    path = _shooter(encounter, run)
    out = ok(run("move", path, "mira", "0,2", "--to-cover", "--dice", "20,1",
                 "--format", "json"))
    assert events(out, "DisengageResolved")
    mira = who(path, "mira")
    assert mira["position"] == [0, 2]
    assert mira["conditions"]["cover"] == {"ends": "move"}
    post = ok(run("log", path, "--last", "1", "--format", "plain")).out
    assert "until it moves" in post
    # +4 Defense against Grak's arrows now (12 + 4)
    ok(run("next", path))
    shot = ok(run("attack", path, "grak", "mira", "--dice", "2", "--format", "json"))
    assert _roll_of(shot)["defense"] == 16


def _roll_of(out: Any) -> dict[str, Any]:
    return [e for e in events(out, "AttackRolled") if e["kind"] == "attack"][0]


def test_R_CIR_3_a_failed_disengage_takes_no_cover(run, encounter):
    path = _shooter(encounter, run)
    ok(run("move", path, "mira", "0,2", "--to-cover", "--dice", "1,20"))
    assert "cover" not in who(path, "mira").get("conditions", {})


def test_R_CIR_3_without_shooters_it_just_takes_cover(run, encounter):
    path = encounter(build(warrior("mira", "pcs", (0, 0)), warrior("grak", "gobs", (9, 0))))
    ok(run("roll-initiative", path, "--dice", "20,1"))
    out = ok(run("move", path, "mira", "0,2", "--to-cover", "--format", "json"))
    assert not events(out, "DisengageResolved")
    assert who(path, "mira")["conditions"]["cover"] == {"ends": "move"}


@pytest.mark.parametrize("how", [("move", "mira", "0,3", "--step"), ("move", "mira", "1,4")])
def test_R_CIR_3_the_cover_ends_when_its_holder_next_moves(run, encounter, how):
    path = encounter(build(warrior("mira", "pcs", (0, 0)), warrior("grak", "gobs", (9, 0))))
    ok(run("roll-initiative", path, "--dice", "20,1"))
    ok(run("move", path, "mira", "0,2", "--to-cover"))
    ok(run("next", path))
    ok(run("next", path))
    out = ok(run(how[0], path, *how[1:], "--format", "plain")).out
    assert "cover" not in who(path, "mira").get("conditions", {})
    assert "no longer" in out


def test_R_CIR_3_the_cover_condition_by_hand_lasts_until_its_holder_moves(run, encounter):
    """Clarifications, R-CIR-3: "the `cover` condition is stored `cover = { ends = "move" }`
    and ends when its holder next moves", however it was given."""
    path = encounter(build(warrior("mira", "pcs", (0, 0)), warrior("grak", "gobs", (9, 0))))
    ok(run("roll-initiative", path, "--dice", "20,1"))
    ok(run("condition", path, "mira", "cover"))
    assert "until it moves" in ok(run("show", path)).out
    ok(run("move", path, "mira", "0,2"))
    assert "cover" not in who(path, "mira").get("conditions", {})


def test_R_CIR_1_concealment_rolls_the_miss_chance_after_a_hit(run, encounter):
    """R-CND-8's d100 right after the attack d20: 20 ≤ 20 misses."""
    path = _cir_fight(encounter, run)
    out = _attack(run, path, "snag", "--concealment", "20", "--dice", "15,20")
    chance = events(out, "MissChanceRolled")
    assert len(chance) == 1 and chance[0]["chance"] == 20 and chance[0]["missed"]
    assert not events(out, "DamageRolled")
    path = _cir_fight(encounter, run)
    out = _attack(run, path, "snag", "--concealment", "total", "--dice", "15,51,3")
    assert events(out, "MissChanceRolled")[0]["chance"] == 50
    assert events(out, "DamageRolled")


def test_R_CIR_1_concealment_is_not_rolled_on_a_miss(run, encounter):
    path = _cir_fight(encounter, run)
    out = _attack(run, path, "snag", "--concealment", "20", "--dice", "2")
    assert not events(out, "MissChanceRolled")


def test_R_CIR_1_invisible_is_plus_2_and_the_target_loses_its_dex(run, encounter):
    path = _cir_fight(encounter, run, target_extra="dex_mod = 3\n")
    ok(run("next", path))
    ok(run("next", path))  # Snag has acted: no longer flat-footed
    out = _attack(run, path, "snag", "--dice", "5")
    assert _roll(out)["defense"] == 12  # its Defense, dex 3 included
    path = _cir_fight(encounter, run, target_extra="dex_mod = 3\n")
    ok(run("next", path))
    ok(run("next", path))
    roll = _roll(_attack(run, path, "snag", "--invisible", "--dice", "5"))
    assert roll["defense"] == 9 and _mods(roll)["invisible"] == 2  # dex 3 lost
