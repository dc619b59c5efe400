"""`add --srd`, `add --statblock`, `srd search|show`, `party save` (issue 26, R-ACT-7)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from helpers import ROOT, people, snapshot

BLOCKS = ROOT / "tests" / "data" / "statblocks"
HERO = '''name = "Test"
lang = "{lang}"
format = "plain"

[[combatants]]
id = "aldric"
side = "heroes"
pc = true
defense = 17
hp = 24
position = [0, 0]
weapons = [{{ name = "Longsword", attack = 5, damage = "1d8+3" }},
           {{ name = "Bow", kind = "ranged", attack = 3, damage = "1d6", range = 20, ammo = 12 }}]
actions = [{{ id = "potion", heal = "1d8", uses = 2 }}]
'''


def test_R_ACT_7_add_srd_count_names_ids_and_squares(run, encounter) -> None:
    path = encounter(HERO.format(lang="en"))
    r = run("add", path, "orc", "--srd", "orc", "--count", "4", "--side", "orcs",
            "--at", "3,0", "3,1", "3,2", "3,3")
    assert r.code == 0, r.err
    assert "Orc 4 joins the fight at (3,3)." in r.out
    orcs = people(path)
    assert [orcs[f"orc-{i}"]["name"] for i in range(1, 5)] == [f"Orc {i}" for i in range(1, 5)]
    orc = orcs["orc-1"]
    assert (orc["side"], orc["hp"], orc["defense"], orc["position"]) == ("orcs", 5, 13, [3, 0])
    assert orc["weapons"][0]["damage"] == "2d4+4" and orc["weapons"][0]["crit_range"] == 18
    assert run("undo", path).code == 0
    assert "orc-1" not in people(path)


def test_R_ACT_7_add_srd_spanish_name_in_a_spanish_file(run, encounter) -> None:
    path = encounter(HERO.format(lang="es"))
    r = run("add", path, "ogro", "--srd", "ogre", "--at", "5,5")
    assert r.code == 0, r.err
    assert people(path)["ogro"]["name"] == "Ogro"
    assert "Ogro se une al combate" in r.out


def test_R_ACT_7_add_srd_roll_hp_uses_the_encounters_dice(run, encounter) -> None:
    path = encounter(HERO.format(lang="en"))
    r = run("add", path, "ogre", "--srd", "ogre", "--roll-hp", "--at", "5,5",
            "--dice", "1,2,3,4")
    assert r.code == 0, r.err
    assert people(path)["ogre"]["hp"] == 1 + 2 + 3 + 4 + 11
    assert people(path)["ogre"]["max_hp"] == 21


def test_R_ACT_7_add_srd_unknown_or_ambiguous_is_exit_2_and_changes_nothing(run,
                                                                           encounter) -> None:
    path = encounter(HERO.format(lang="en"))
    before = snapshot(path)
    r = run("add", path, "x", "--srd", "beholderish", "--at", "5,5")
    assert r.code == 2 and "srd search" in r.err
    r = run("add", path, "x", "--srd", "giant", "--at", "5,5")
    assert r.code == 2 and "several" in r.err
    assert snapshot(path) == before


def test_srd_search_and_show(run, encounter, tmp_path: Path) -> None:
    r = run("srd", "search", "lobo")
    assert r.code == 0
    assert "dire-wolf: Dire Wolf / Lobo terrible — CR 3" in r.out.splitlines()
    r = run("srd", "show", "ogre", "--id", "grog", "--side", "giants")
    assert r.code == 0
    table = tomllib.loads(r.out)["combatants"][0]
    assert (table["id"], table["side"], table["hp"], table["str_mod"]) == ("grog", "giants",
                                                                           29, 5)
    roster = tmp_path / "roster.toml"
    roster.write_text(r.out, encoding="utf-8")
    path = encounter(HERO.format(lang="en"))
    assert run("add", path, "--from", roster, "--at", "4,4").code == 0
    assert people(path)["grog"]["weapons"][0]["name"] == "Greatclub"


def test_add_statblock_from_a_file_and_from_stdin(run, encounter, monkeypatch) -> None:
    import io

    path = encounter(HERO.format(lang="en"))
    r = run("add", path, "--statblock", BLOCKS / "troll.txt", "--at", "4,4")
    assert r.code == 0, r.err
    troll = people(path)["troll"]
    assert (troll["hp"], troll["defense"], troll["size"]) == (63, 16, "large")
    monkeypatch.setattr("sys.stdin", io.StringIO((BLOCKS / "ghoul.txt").read_text()))
    r = run("add", path, "g", "--statblock", "-", "--count", "2", "--at", "5,5", "6,6")
    assert r.code == 0, r.err
    assert people(path)["g-2"]["name"] == "Ghoul 2"


def test_add_statblock_unread_line_is_exit_65_naming_it_unless_lenient(run, encounter,
                                                                       tmp_path) -> None:
    path = encounter(HERO.format(lang="en"))
    block = tmp_path / "ogre.txt"
    block.write_text((BLOCKS / "ogre.txt").read_text().replace("Saves: Fort +6",
                                                                "Saves: Fortitude six"))
    before = snapshot(path)
    r = run("add", path, "--statblock", block, "--at", "4,4")
    assert r.code == 65
    assert "stat block: Saves:" in r.err
    assert snapshot(path) == before
    r = run("add", path, "--statblock", block, "--at", "4,4", "--lenient")
    assert r.code == 0
    assert "warning" in r.err and "Saves" in r.err
    assert people(path)["ogre"]["hp"] == 29


def test_party_save_carries_hp_lasting_conditions_ammo_and_uses(run, encounter,
                                                                tmp_path) -> None:
    roster = tmp_path / "party.toml"
    roster.write_text(HERO.format(lang="en").split("[[combatants]]", 1)[1].join(
        ["[[combatants]]", ""]).replace("position = [0, 0]\n", ""), encoding="utf-8")
    path = encounter(HERO.format(lang="en") + '''
[[combatants]]
id = "snag"
side = "goblins"
defense = 12
hp = 5
position = [1, 0]
''')
    assert run("hp", path, "aldric", "-7").code == 0
    assert run("condition", path, "aldric", "shaken").code == 0
    assert run("roll-initiative", path, "--dice", "20,1").code == 0
    assert run("attack", path, "aldric", "snag", "--weapon", "bow", "--dice", "1",
               "--force").code in (0, 3)
    r = run("party", "save", path, roster)
    assert r.code == 0, r.err
    saved = tomllib.loads(roster.read_text())["combatants"][0]
    assert saved["hp"] == 17 and saved["conditions"] == {"shaken": {}}
    assert saved["weapons"][1]["ammo"] == people(path)["aldric"]["weapons"][1]["ammo"]
    nxt = encounter('name = "Next"\nlang = "en"\n', name="next.toml")
    assert run("add", nxt, "--from", roster).code == 0
    assert people(nxt)["aldric"]["hp"] == 17


def test_odds_on_four_srd_orcs_against_an_srd_ogre(run, encounter) -> None:
    path = encounter('name = "Orcs and an ogre"\nlang = "en"\nformat = "plain"\n')
    assert run("add", path, "orc", "--srd", "orc", "--count", "4", "--side", "orcs").code == 0
    assert run("add", path, "ogre", "--srd", "ogre", "--side", "ogre").code == 0
    r = run("odds", path, "--runs", "200", "--seed", "26", "--jobs", "1")
    assert r.code == 0, r.err
    assert "orcs win:" in r.out and "ogre win:" in r.out and "- Orc 4:" in r.out


def test_odds_on_an_encounter_from_pasted_stat_blocks(run, encounter) -> None:
    path = encounter('name = "Pasted"\nlang = "en"\nformat = "plain"\n')
    for name, side in (("troll", "trolls"), ("owlbear", "beasts"), ("dire-wolf", "beasts")):
        assert run("add", path, "--statblock", BLOCKS / f"{name}.txt", "--side",
                   side).code == 0
    r = run("odds", path, "--runs", "200", "--seed", "07", "--jobs", "1")
    assert r.code == 0, r.err
    assert "trolls win:" in r.out and "beasts win:" in r.out


def test_other_commands_never_import_the_bestiary(encounter, tmp_path) -> None:
    """Read lazily: `show` and `add --like` load no bestiary module and open no SRD file;
    `add --srd` does."""
    import subprocess
    import sys

    path = encounter(HERO.format(lang="en"))

    def imported(*args: str) -> str:
        done = subprocess.run([sys.executable, "-X", "importtime", "-m", "pbwcombat", *args],
                              capture_output=True, text=True, cwd=tmp_path,
                              env={"PBWCOMBAT_NOW": "2026-11-29T12:00:00Z", "PATH": ""})
        assert done.returncode == 0, done.stderr
        return done.stderr

    assert "pbwcombat.bestiary" not in imported("show", str(path))
    assert "pbwcombat.bestiary" not in imported("add", str(path), "twin", "--like", "aldric",
                                                "--at", "5,5")
    assert "pbwcombat.bestiary.srd" in imported("add", str(path), "orc", "--srd", "orc",
                                                "--at", "6,6")


def test_party_save_leaves_conditions_with_a_duration_behind(run, encounter, tmp_path) -> None:
    roster = tmp_path / "party.toml"
    roster.write_text('[[combatants]]\nid = "aldric"\nside = "heroes"\npc = true\n'
                      'defense = 17\nhp = 24\nconditions = { blessed = {} }\n', encoding="utf-8")
    path = encounter(HERO.format(lang="en"))
    assert run("condition", path, "aldric", "dazzled", "--rounds", "2", "--of",
               "aldric").code == 0
    assert run("party", "save", path, roster).code == 0
    saved = tomllib.loads(roster.read_text(encoding="utf-8"))["combatants"][0]
    assert "conditions" not in saved  # blessed ended in the fight; dazzled has a duration
    assert saved["hp"] == 24


def test_party_save_without_a_pc_of_the_fight_in_the_roster_is_exit_2(run, encounter,
                                                                      tmp_path) -> None:
    roster = tmp_path / "party.toml"
    text = '[[combatants]]\nid = "someone"\nside = "heroes"\ndefense = 10\nhp = 5\n'
    roster.write_text(text, encoding="utf-8")
    r = run("party", "save", encounter(HERO.format(lang="en")), roster)
    assert r.code == 2 and "no PC" in r.err
    assert roster.read_text(encoding="utf-8") == text
