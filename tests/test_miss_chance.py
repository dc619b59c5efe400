"""R-CND-8: miss chance, the d100 rolled right after an attack roll that hits (before the
critical confirmation), at or below the chance the attack misses; only the highest chance is
rolled. The invisible and hidden rows (R-CND-5). Dice only through --dice."""

from __future__ import annotations

from helpers import build, events, melee, ok, ranged, roll_init, warrior, who

from pbwcombat import events as ev
from pbwcombat.dice import DiceSource
from pbwcombat.document import from_document
from pbwcombat.engine import Resolution
from pbwcombat.rules.attack_roll import attack_roll, miss_chance

HERO_ATTACK = 5
ORC_DEFENSE, ORC_DEX, ORC_DODGE = 13, 2, 1


def _hero_and_orc(run, encounter, orc_at=(1, 0), crit_range=20):  # type: ignore[no-untyped-def]
    path = encounter(build(
        warrior("hero", "heroes", (0, 0),
                melee("sword", HERO_ATTACK, "1d8+3", extra=f"crit_range = {crit_range}"),
                ranged("bow", HERO_ATTACK, "1d8", 20), init=2, defense=15),
        warrior("orc", "monsters", orc_at, melee("axe", 4, "1d12+2"), defense=ORC_DEFENSE,
                hp=30, extra=f"dex_mod = {ORC_DEX}\ndodge = {ORC_DODGE}")))
    roll_init(run, path, "15,3")  # hero first
    ok(run("next", path))  # the orc's turn ends its flat-footedness (R-INI-5) ...
    ok(run("next", path))  # ... and the hero's turn again
    return path


def _attack(run, path, dice, lang="en", *extra):  # type: ignore[no-untyped-def]
    return ok(run("attack", path, "hero", "orc", "--weapon", "sword", "--dice", dice,
                  "--format", "json", "--lang", lang, *extra))


def _types(r):  # type: ignore[no-untyped-def]
    return [e["type"] for e in events(r) if e["type"] in (
        "AttackRolled", "MissChanceRolled", "CriticalConfirmRolled", "DamageRolled")]


def test_R_CND_8_blinded_attacker_d100_at_or_below_50_misses(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_and_orc(run, encounter)
    ok(run("condition", path, "hero", "blinded"))
    r = _attack(run, path, "15,50")  # 15 + 5 hits Defense 13; 50 ≤ 50: the blow goes wide
    (miss,) = events(r, "MissChanceRolled")
    assert (miss["chance"], miss["source"], miss["missed"]) == (50, "blinded", True)
    assert miss["roll"]["total"] == 50
    assert _types(r) == ["AttackRolled", "MissChanceRolled"]  # no damage
    assert who(path, "orc")["hp"] == 30
    assert "the blow goes wide: 50 ≤ 50" in r.json()["text"]
    assert "Miss chance 50% (blinded)" in r.json()["text"]


def test_R_CND_8_above_the_chance_the_attack_lands(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_and_orc(run, encounter)
    ok(run("condition", path, "hero", "blinded"))
    r = _attack(run, path, "15,51,4", "es")
    (miss,) = events(r, "MissChanceRolled")
    assert miss["missed"] is False
    assert who(path, "orc")["hp"] == 30 - (4 + 3)
    text = r.json()["text"]
    assert "Probabilidad de fallo del 50% (cegado)" in text
    assert "el golpe llega: 51 > 50" in text


def test_R_CND_8_a_miss_rolls_no_d100(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_and_orc(run, encounter)
    ok(run("condition", path, "orc", "concealed"))
    r = _attack(run, path, "2")  # 2 + 5 < 13: a miss, the only die drawn
    assert _types(r) == ["AttackRolled"]


def test_R_CND_8_draw_order_d100_before_the_confirmation(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_and_orc(run, encounter, crit_range=19)
    ok(run("condition", path, "orc", "concealed"))
    # attack d20 19 (a threat), d100 21 (> 20, lands), confirmation d20 18, damage 1d8 ×2
    r = _attack(run, path, "19,21,18,4,5")
    assert _types(r) == ["AttackRolled", "MissChanceRolled", "CriticalConfirmRolled",
                         "DamageRolled"]
    (miss,) = events(r, "MissChanceRolled")
    assert (miss["chance"], miss["source"], miss["roll"]["total"]) == (20, "concealed", 21)
    assert who(path, "orc")["hp"] == 30 - (4 + 3 + 5 + 3)


def test_R_CND_8_a_threat_that_goes_wide_is_not_confirmed(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_and_orc(run, encounter)
    ok(run("condition", path, "orc", "concealed"))
    r = _attack(run, path, "20,20")
    assert _types(r) == ["AttackRolled", "MissChanceRolled"]
    assert who(path, "orc")["hp"] == 30


def test_R_CND_8_only_the_highest_chance_is_rolled(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_and_orc(run, encounter)
    ok(run("condition", path, "orc", "concealed"))  # 20% against it
    ok(run("condition", path, "hero", "blinded"))  # 50% of its own
    r = _attack(run, path, "15,40")
    (miss,) = events(r, "MissChanceRolled")  # one d100, at the highest chance
    assert (miss["chance"], miss["source"], miss["missed"]) == (50, "blinded", True)


def test_R_CND_8_invisible_target_50_percent_and_invisible_attacker_plus_2_no_dex(
        run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_and_orc(run, encounter)
    ok(run("condition", path, "orc", "invisible"))
    r = _attack(run, path, "15,50")
    (miss,) = events(r, "MissChanceRolled")
    assert (miss["chance"], miss["source"], miss["missed"]) == (50, "invisible", True)


def test_R_CND_8_invisible_attacker_plus_2_its_target_loses_dex(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_and_orc(run, encounter)
    ok(run("condition", path, "hero", "invisible"))
    r = _attack(run, path, "7,4")  # 7 + 5 + 2 = 14 against 13 − 2 − 1 = 10: a hit
    (roll,) = events(r, "AttackRolled")
    assert roll["roll"]["total"] == 7 + HERO_ATTACK + 2
    assert {"value": 2, "note": "invisible"} in roll["roll"]["mods"]
    assert roll["defense"] == ORC_DEFENSE - ORC_DEX - ORC_DODGE
    assert roll["unseen"] is True
    assert events(r, "MissChanceRolled") == []  # an invisible attacker has no miss chance
    assert "unseen attacker" in r.json()["text"]


def test_R_CND_8_attacks_of_opportunity_roll_it_too(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_and_orc(run, encounter)
    ok(run("condition", path, "orc", "concealed"))
    ok(run("next", path))  # the orc's turn: it walks out of the hero's reach and provokes
    r = run("move", path, "orc", "4,0", "--dice", "18,10", "--format", "json")
    aoo = [e for e in events(r, "AttackRolled") if e["kind"] == "aoo"]
    assert aoo and aoo[0]["hit"] is True, r.out + r.err
    (miss,) = events(r, "MissChanceRolled")
    assert (miss["chance"], miss["source"], miss["missed"]) == (20, "concealed", True)
    assert who(path, "orc")["hp"] == 30


def _pair(blinded: bool = False, faces: tuple[int, ...] = (15, 30, 3)) -> Resolution:
    a = {"id": "a", "side": "x", "defense": 12, "hp": 10, "position": [0, 0],
         "weapons": [{"name": "Sword", "attack": 5, "damage": "1d6"}]}
    if blinded:
        a["conditions"] = {"blinded": {}}
    b = {"id": "b", "side": "y", "defense": 10, "hp": 10, "position": [1, 0],
         "weapons": [{"name": "Sword", "attack": 5, "damage": "1d6"}]}
    enc = from_document({"combatants": [a, b],
                         "state": {"phase": "combat", "round": 1, "order": ["a", "b"],
                                   "turn": "a"}})
    return Resolution(enc, DiceSource(b"x" * 32, 0, list(faces)), "")


def test_R_CND_8_declared_miss_chance_is_rolled_when_highest() -> None:
    res = _pair()
    a = res.enc.get("a")
    assert attack_roll(res, "a", "b", a.weapons[0], "attack", declared_miss_chance=30) is False
    (miss,) = [e for e in res.events if isinstance(e, ev.MissChanceRolled)]
    assert (miss.chance, miss.source, miss.missed) == (30, "concealment", True)
    assert res.enc.get("b").hp == 10


def test_R_CND_8_declared_miss_chance_below_the_attackers_own_is_not_rolled() -> None:
    res = _pair(blinded=True)
    assert miss_chance(res.enc.get("a"), res.enc.get("b"), 30) == (50, "blinded")
    assert miss_chance(res.enc.get("a"), res.enc.get("b"), 80) == (80, "concealment")
    assert miss_chance(_pair().enc.get("a"), res.enc.get("b")) == (0, "")


def test_R_CND_8_declared_unseen_attacker_plays_the_invisible_row_for_one_roll() -> None:
    res = _pair(faces=(15, 3))
    a = res.enc.get("a")
    assert attack_roll(res, "a", "b", a.weapons[0], "attack", unseen=True) is True
    (roll,) = [e for e in res.events if isinstance(e, ev.AttackRolled)]
    assert roll.unseen and roll.roll.total == 15 + 5 + 2
