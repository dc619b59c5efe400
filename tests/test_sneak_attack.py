"""R-ACT-13: sneak attack, `sneak_attack = "2d6"`: added to a weapon hit when the target loses
`dex` against the attacker (or the attack is declared flanking), ranged only within 6 squares;
never multiplied by a critical; shown apart; not against `immune = ["precision"]`. Dice only
through --dice or a scripted source."""

from __future__ import annotations

from helpers import build, events, melee, ok, ranged, roll_init, warrior, who

from pbwcombat import events as ev
from pbwcombat.dice import DiceSource
from pbwcombat.document import from_document
from pbwcombat.engine import Resolution
from pbwcombat.rules.attack_roll import attack_roll


def _rogue_and_orc(encounter, orc_at=(1, 0), orc_extra=""):  # type: ignore[no-untyped-def]
    return encounter(build(
        warrior("rogue", "heroes", (0, 0), melee("dagger", 5, "1d4+1"),
                ranged("bow", 5, "1d6", 20), init=2, defense=15,
                extra='sneak_attack = "2d6"\n'),
        warrior("orc", "monsters", orc_at, melee("axe", 4, "1d12+2"), defense=10, hp=40,
                extra=orc_extra)))


def _attack(run, path, dice, weapon="dagger", lang="en"):  # type: ignore[no-untyped-def]
    r = ok(run("attack", path, "rogue", "orc", "--weapon", weapon, "--dice", dice,
               "--format", "json", "--lang", lang))
    (dmg,) = events(r, "DamageRolled")
    return dmg, r.json()["text"]


def test_R_ACT_13_flat_footed_target_takes_sneak_attack_shown_apart(run, encounter):  # type: ignore[no-untyped-def]
    path = _rogue_and_orc(encounter)
    roll_init(run, path, "15,3")  # the orc has not acted: flat-footed (R-INI-5)
    dmg, text = _attack(run, path, "12,3,4,5")
    assert dmg["roll"]["total"] == 3 + 1
    assert dmg["sneak"]["total"] == 9
    assert dmg["amount"] == 13
    assert who(path, "orc")["hp"] == 27
    assert "+ sneak attack 2d6 (4 supplied, 5 supplied) = 9 → 13" in text


def test_R_ACT_13_no_sneak_attack_when_the_target_keeps_its_dex(run, encounter):  # type: ignore[no-untyped-def]
    path = _rogue_and_orc(encounter)
    roll_init(run, path, "15,3")
    ok(run("next", path))
    ok(run("next", path))  # the orc has acted: no longer flat-footed
    dmg, _ = _attack(run, path, "12,3")
    assert dmg.get("sneak") is None and dmg["amount"] == 4


def test_R_ACT_13_never_multiplied_by_a_critical(run, encounter):  # type: ignore[no-untyped-def]
    path = _rogue_and_orc(encounter)
    roll_init(run, path, "15,3")
    dmg, text = _attack(run, path, "20,20,2,3,6,6", lang="es")  # ×2 dagger, then 2d6 once
    assert dmg["critical"] is True
    assert dmg["roll"]["total"] == (2 + 1) + (3 + 1)
    assert dmg["sneak"]["total"] == 12
    assert dmg["amount"] == 19
    assert "+ ataque furtivo 2d6" in text


def test_R_ACT_13_blinded_target_and_invisible_attacker(run, encounter):  # type: ignore[no-untyped-def]
    path = _rogue_and_orc(encounter)
    roll_init(run, path, "15,3")
    ok(run("next", path))
    ok(run("next", path))
    ok(run("condition", path, "orc", "blinded"))
    dmg, _ = _attack(run, path, "12,3,1,1")
    assert dmg["sneak"]["total"] == 2
    ok(run("condition", path, "orc", "blinded", "--remove"))
    ok(run("next", path))
    ok(run("next", path))
    ok(run("condition", path, "rogue", "invisible"))
    dmg, _ = _attack(run, path, "12,3,2,2")
    assert dmg["sneak"]["total"] == 4


def test_R_ACT_13_ranged_only_within_6_squares(run, encounter):  # type: ignore[no-untyped-def]
    path = _rogue_and_orc(encounter, orc_at=(6, 0))
    roll_init(run, path, "15,3")
    dmg, _ = _attack(run, path, "12,3,1,1", weapon="bow")
    assert dmg["sneak"]["total"] == 2
    path = _rogue_and_orc(encounter, orc_at=(7, 0))
    roll_init(run, path, "15,3")
    dmg, _ = _attack(run, path, "12,3", weapon="bow")
    assert dmg.get("sneak") is None


def test_R_ACT_13_immune_precision_takes_none(run, encounter):  # type: ignore[no-untyped-def]
    path = _rogue_and_orc(encounter, orc_extra='immune = ["precision"]\n')
    roll_init(run, path, "15,3")
    dmg, _ = _attack(run, path, "12,3")
    assert dmg.get("sneak") is None and dmg["amount"] == 4


def test_R_ACT_13_declared_flanking_allows_it() -> None:
    people = [{"id": "a", "side": "x", "defense": 12, "hp": 10, "position": [0, 0],
               "sneak_attack": "1d6",
               "weapons": [{"name": "Dagger", "attack": 5, "damage": "1d4"}]},
              {"id": "b", "side": "y", "defense": 10, "hp": 20, "position": [1, 0],
               "weapons": [{"name": "Dagger", "attack": 5, "damage": "1d4"}]}]
    enc = from_document({"combatants": people, "state": {"phase": "combat", "round": 1,
                                                         "order": ["a", "b"], "turn": "a"}})
    res = Resolution(enc, DiceSource(b"x" * 32, 0, [15, 2, 6]), "")
    assert attack_roll(res, "a", "b", enc.get("a").weapons[0], "attack", flanking=True)
    (dmg,) = [e for e in res.events if isinstance(e, ev.DamageRolled)]
    assert dmg.sneak is not None and dmg.sneak.total == 6 and dmg.amount == 8
