"""R-ACT-11: charge, fighting defensively and total defense, and the `stance` state they leave
until the holder's next turn starts (shown in `show`). Dice only through --dice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import build, events, melee, ok, refused, snapshot, state, warrior, who


def _stance_fight(encounter: Any, run: Any, ogre_at: tuple[int, int] = (5, 1), *more: str,
           faces: str = "20,1") -> Path:
    """Aldric (sword +5, Defense 12 + dex 2) at 0,0 on his turn; the ogre (club +4)."""
    path = encounter(build(
        warrior("aldric", "pcs", (0, 0), melee("sword", attack=5, damage="1d8+3"),
                extra="dex_mod = 2\n"),
        warrior("ogre", "gobs", ogre_at, melee("club", attack=4, damage="2d8"), hp=40),
        *more))
    ok(run("roll-initiative", path, "--dice", faces))
    return path


def _rolls(out: Any, kind: str = "attack") -> list[dict[str, Any]]:
    return [e for e in events(out, "AttackRolled") if e["kind"] == kind]


def _mods(roll: dict[str, Any]) -> dict[str, int]:
    return {m["note"]: m["value"] for m in roll["roll"]["mods"]}


def test_R_ACT_11_charge_moves_straight_to_the_nearest_square_then_attacks_at_plus_2(
        run, encounter):
    path = _stance_fight(encounter, run)
    out = ok(run("attack", path, "aldric", "ogre", "--charge", "--dice", "10,3",
                 "--format", "json"))
    moved = events(out, "Moved")
    assert [tuple(sq) for sq in moved[-1]["path"]][-1] == (4, 0)  # ties: lower x, then y
    assert who(path, "aldric")["position"] == [4, 0]
    roll = _rolls(out)[0]
    assert _mods(roll)["charge"] == 2 and roll["roll"]["total"] == 17
    assert state(path)["spent"]["full_round"] is True
    assert who(path, "aldric")["stance"] == "charging"


def test_R_ACT_11_charging_is_minus_2_defense_until_its_next_turn(run, encounter):
    path = _stance_fight(encounter, run)
    ok(run("attack", path, "aldric", "ogre", "--charge", "--dice", "10,3"))
    ok(run("next", path))
    out = ok(run("attack", path, "ogre", "aldric", "--dice", "2", "--format", "json"))
    assert _rolls(out)[0]["defense"] == 10  # 12 − 2
    assert "charging" in ok(run("show", path)).out
    ok(run("next", path))  # Aldric's next turn starts: the stance ends
    assert "stance" not in who(path, "aldric")
    assert "charging" not in ok(run("show", path)).out


def test_R_ACT_11_the_charge_dice_order_aoo_on_the_way_sees_minus_2(run, encounter):
    """Leaving a goblin's reach on the way provokes (as any move) before the charge's own
    attack, and the −2 holds from the start of the charge."""
    gob = warrior("gob", "gobs", (1, 1), melee("spear", attack=3, damage="1d4"))
    path = _stance_fight(encounter, run, (5, 0), gob, faces="20,1,2")
    assert state(path)["turn"] == "aldric"  # the goblin acts after him: a round on, it has
    ok(run("next", path))
    ok(run("next", path))
    ok(run("next", path))
    assert state(path)["turn"] == "aldric"
    out = ok(run("attack", path, "aldric", "ogre", "--charge", "--dice", "1,15,3,12,4",
                 "--format", "json"))
    aoo, attack = _rolls(out, "aoo"), _rolls(out)
    assert len(aoo) == 1 and aoo[0]["defense"] == 10  # 12 − 2: charging already
    assert [f["face"] for t in aoo[0]["roll"]["terms"] for f in t["dice"]] == [1]
    # then the passer-by's disengage (R-AOO-5: 15 against 3), then the charge's attack d20
    assert [e["type"] for e in events(out) if e["type"] in (
        "AttackRolled", "DefenseTotalRolled", "AttackTotalRolled", "DamageRolled")] == [
        "AttackRolled", "DefenseTotalRolled", "AttackTotalRolled", "AttackRolled",
        "DamageRolled"]
    assert [f["face"] for t in attack[0]["roll"]["terms"] for f in t["dice"]] == [12]


@pytest.mark.parametrize(("ogre_at", "rule"), [((1, 0), "R-ACT-11"), ((20, 0), "R-ACT-11")])
def test_R_ACT_11_charge_needs_2_squares_and_at_most_twice_speed(run, encounter, ogre_at, rule):
    path = _stance_fight(encounter, run, ogre_at)
    refused(run, path, rule, "attack", path, "aldric", "ogre", "--charge")


def test_R_ACT_11_a_charge_through_a_creature_is_refused(run, encounter):
    ally = warrior("mira", "pcs", (2, -1))  # on the path to (4,-1), the nearest square
    path = _stance_fight(encounter, run, (5, 0), ally, faces="20,1,1")
    refused(run, path, "R-ACT-11", "attack", path, "aldric", "ogre", "--charge")


def test_R_ACT_11_no_charge_while_the_conditions_forbid_it(run, encounter):
    path = _stance_fight(encounter, run)
    ok(run("condition", path, "aldric", "fatigued"))
    refused(run, path, "R-CND-5", "attack", path, "aldric", "ogre", "--charge")


def test_R_ACT_11_fighting_defensively_minus_4_and_plus_2_defense(run, encounter):
    path = _stance_fight(encounter, run, (1, 0))
    out = ok(run("attack", path, "aldric", "ogre", "--defensively", "--dice", "10,3",
                 "--format", "json"))
    assert _mods(_rolls(out)[0])["defensively"] == -4
    assert who(path, "aldric")["stance"] == "defensive"
    ok(run("next", path))
    out = ok(run("attack", path, "ogre", "aldric", "--dice", "2", "--format", "json"))
    assert _rolls(out)[0]["defense"] == 14  # 12 + 2
    assert "fighting defensively" in ok(run("show", path)).out


def test_R_ACT_11_the_defensive_bonus_is_lost_while_flat_footed(run, encounter):
    path = _stance_fight(encounter, run, (1, 0))
    ok(run("attack", path, "aldric", "ogre", "--defensively", "--dice", "10,3"))
    ok(run("condition", path, "aldric", "flat-footed"))
    ok(run("next", path))
    out = ok(run("attack", path, "ogre", "aldric", "--dice", "2", "--format", "json"))
    assert _rolls(out)[0]["defense"] == 10  # 12 − dex 2, no +2


def test_R_ACT_11_total_defense_plus_4_no_attacks_no_aoos(run, encounter):
    path = _stance_fight(encounter, run, (1, 0))
    out = ok(run("action", path, "aldric", "total-defense", "--format", "json"))
    assert who(path, "aldric")["stance"] == "total-defense"
    assert state(path)["spent"]["standard"] is True and events(out, "StanceTaken")
    refused(run, path, "R-ACT-11", "attack", path, "aldric", "ogre")
    ok(run("next", path))
    out = ok(run("attack", path, "ogre", "aldric", "--dice", "2", "--format", "json"))
    assert _rolls(out)[0]["defense"] == 16
    # the ogre walks away from Aldric: no AoO from a combatant in total defense
    out = ok(run("move", path, "ogre", "2,2", "--format", "json", "--dice", "20,20"))
    assert _rolls(out, "aoo") == []
    assert "total defense" in ok(run("show", path)).out


def test_R_ACT_11_charge_is_declarable_and_usage_checked(run, encounter):
    path = _stance_fight(encounter, run)
    ok(run("declare", path, "aldric", "attack", "ogre", "--charge"))
    assert state(path)["declarations"]["aldric"] == ["attack", "ogre", "--charge"]
    before = snapshot(path)
    out = run("attack", path, "aldric", "ogre", "--charge", "--defensively")
    assert out.code == 2 and snapshot(path) == before
    out = run("attack", path, "aldric", "ogre", "--charge", "--full")
    assert out.code == 2 and snapshot(path) == before


def test_R_ACT_11_show_words_in_spanish(run, encounter):
    path = _stance_fight(encounter, run, (1, 0))
    ok(run("action", path, "aldric", "total-defense"))
    assert "defensa total" in ok(run("show", path, "--lang", "es")).out
