"""The Turn 3 definition keys (SPEC "The encounter file (new keys)"; R-ACT-9/10/12/13,
R-HP-8): validated with `path: message` problems, not written back at their defaults, copied
by `add --like` (R-ACT-7)."""

from __future__ import annotations

import pytest
from helpers import people, snapshot

BASE = '''name = "Keys"
format = "plain"

[[combatants]]
id = "brute"
side = "monsters"
defense = 14
hp = 20
position = [0, 0]
{extra}
[[combatants.weapons]]
name = "Claw"
damage = "1d6+2"
{weapon}
[[combatants]]
id = "hero"
side = "heroes"
defense = 15
hp = 12
position = [3, 3]
'''
FULL = '''str_mod = 3
size = "large"
concentration = 5
skills = { heal = 4, listen = 2 }
feats = ["improved-unarmed-strike", "combat-casting"]
dr = "5/cold-iron and good"
resist = { fire = 10, cold = 5 }
immune = ["poison", "precision", "critical"]
sneak_attack = "2d6"
'''


def test_R_HP_8_R_ACT_12_every_new_key_loads_and_is_kept(run, encounter) -> None:
    path = encounter(BASE.format(extra=FULL, weapon='materials = ["silver", "magic"]\n'))
    assert run("validate", path).code == 0
    assert run("hp", path, "hero", "-1").code == 0  # a write-back
    brute = people(path)["brute"]
    assert brute["dr"] == "5/cold-iron and good" and brute["size"] == "large"
    assert brute["resist"] == {"fire": 10, "cold": 5} and brute["sneak_attack"] == "2d6"
    assert brute["feats"] == ["improved-unarmed-strike", "combat-casting"]
    assert brute["weapons"][0]["materials"] == ["silver", "magic"]


def test_the_new_keys_at_their_defaults_are_not_written_back(run, encounter) -> None:
    path = encounter(BASE.format(extra="", weapon=""))
    assert run("hp", path, "hero", "-1").code == 0
    brute = people(path)["brute"]
    for key in ("str_mod", "size", "concentration", "skills", "feats", "dr", "resist",
                "immune", "sneak_attack"):
        assert key not in brute, key
    assert "materials" not in brute["weapons"][0]


@pytest.mark.parametrize("extra,problem", [
    ('dr = "5/Magic"', "combatants[0].dr:"),
    ('dr = "5/magic and silver or good"', "combatants[0].dr:"),
    ('dr = "magic/5"', "combatants[0].dr:"),
    ('resist = { fyre = 10 }', 'combatants[0].resist: "fyre" is not an energy kind'),
    ('resist = { fire = 0 }', "combatants[0].resist.fire:"),
    ('size = "big"', "combatants[0].size:"),
    ('sneak_attack = "2x6"', 'combatants[0].sneak_attack: "2x6" is not a dice expression'),
    ('feats = ["Power Attack"]', "combatants[0].feats[0]:"),
    ('str_mod = "3"', "combatants[0].str_mod:"),
    ('skills = { heal = "4" }', "combatants[0].skills.heal:"),
])
def test_R_HP_8_R_ACT_12_bad_values_are_exit_65_naming_the_key(run, encounter, extra,
                                                               problem) -> None:
    path = encounter(BASE.format(extra=extra + "\n", weapon=""))
    before = snapshot(path)
    r = run("validate", path)
    assert r.code == 65 and problem in r.err, r.err
    assert snapshot(path) == before


def test_R_HP_8_a_bad_dr_is_said_in_spanish_too(run, encounter) -> None:
    path = encounter('lang = "es"\n' + BASE.format(extra='dr = "5/Magic"\n', weapon=""))
    r = run("validate", path)
    assert r.code == 65 and "no es una reducción de daño" in r.err


def test_bad_weapon_materials_name_the_weapon(run, encounter) -> None:
    path = encounter(BASE.format(extra="", weapon='materials = ["Cold Iron"]\n'))
    r = run("validate", path)
    assert r.code == 65 and "combatants[0].weapons[0].materials[0]:" in r.err


def test_R_ACT_7_add_like_copies_the_new_definition_keys(run, encounter) -> None:
    path = encounter(BASE.format(extra=FULL, weapon='materials = ["silver"]\n'))
    assert run("add", path, "twin", "--like", "brute", "--at", "5,5").code == 0
    twin, brute = people(path)["twin"], people(path)["brute"]
    for key in ("str_mod", "size", "concentration", "skills", "feats", "dr", "resist",
                "immune", "sneak_attack"):
        assert twin[key] == brute[key], key
    assert twin["weapons"][0]["materials"] == ["silver"]
