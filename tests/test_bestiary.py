"""The bundled SRD 3.5 bestiary (issue 26): the converter reproduces the shipped data, every
shipped creature is a valid combatant that fights, and the stat-block reader reads real SRD
stat blocks (tests/data/statblocks, Open Game Content)."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT

from pbwcombat.bestiary import srd, statblock

DATA = ROOT / "pbwcombat" / "data" / "srd"
BLOCKS = ROOT / "tests" / "data" / "statblocks"
SOURCE = Path(os.environ.get("PBW_SRD_SOURCE", "/work/.mirror/olimot+srd-v3.5/repo"))


def test_shipped_data_matches_its_manifest() -> None:
    lines = (DATA / "MANIFEST.sha256").read_text(encoding="utf-8").splitlines()
    assert {line.split()[1] for line in lines} == {"creatures.jsonl", "index.json",
                                                   "DROPPED.txt"}
    for line in lines:
        digest, name = line.split()
        assert hashlib.sha256((DATA / name).read_bytes()).hexdigest() == digest, name


def test_converter_reproduces_the_shipped_data_byte_for_byte(tmp_path: Path) -> None:
    """With the SRD source present (PBW_SRD_SOURCE, or where `fetch` leaves it) the
    converter re-runs into a temp folder; without it, the manifest written by that run
    vouches for the data (test above) and this checks the converter still runs on the
    shipped stat blocks' layout."""
    if SOURCE.exists():
        out = tmp_path / "srd"
        subprocess.run([sys.executable, str(ROOT / "scripts" / "srd_convert.py"), str(SOURCE),
                        "--out", str(out)], check=True, capture_output=True)
        for name in ("creatures.jsonl", "index.json", "DROPPED.txt", "MANIFEST.sha256"):
            assert (out / name).read_bytes() == (DATA / name).read_bytes(), name
    else:
        sys.path.insert(0, str(ROOT / "scripts"))
        import srd_convert

        blocks = [("Ogre", (BLOCKS / "ogre.txt").read_text(encoding="utf-8"), 1)]
        creatures, dropped = srd_convert.convert([("monsters/monsters-o-r.html", blocks)])
        shipped = srd.find("ogre")
        assert creatures[0]["definition"] == shipped["definition"]


def test_every_shipped_creature_is_valid_and_fights_one_round() -> None:
    """Each creature, gridless, against a fighter: it validates as a combatant and, on its
    turn by orders (attack the nearest), attacks with one of its weapons."""
    from pbwcombat import events as ev
    from pbwcombat.actions import RollInitiative
    from pbwcombat.dice import DiceSource
    from pbwcombat.dispatch import dispatch
    from pbwcombat.document import from_document
    from pbwcombat.engine import Resolution
    from pbwcombat.rules.orders import follow_orders
    from pbwcombat.rules.turns import next_turn

    fighter = {"id": "fighter", "side": "heroes", "pc": True, "defense": 18, "hp": 500,
               "weapons": [{"name": "Longsword", "attack": 6, "damage": "1d8+3"}]}
    creatures = srd.creatures()
    assert len(creatures) >= 580
    for c in creatures:
        table = dict(srd.definition(c, "foe", "monsters"), orders="attack-nearest")
        enc = from_document({"combatants": [fighter, table]})
        res = Resolution(enc, DiceSource(hashlib.sha256(c["id"].encode()).digest(), 0), "",
                         dispatch=dispatch)
        res.apply(RollInitiative())
        attacked = False
        while res.enc.state.round <= 1 and res.enc.state.phase != "ended":
            who = res.enc.state.turn
            if who == "foe":
                follow_orders(res, who, "attack-nearest", narrate=False)
                attacked = any(type(e) is ev.AttackRolled and e.attacker == "foe"
                               for e in res.events)
            if res.enc.state.turn == who:
                next_turn(res)
        assert attacked, c["id"]


def test_srd_names_are_found_in_both_languages() -> None:
    assert srd.find("Orc")["id"] == "orc"
    assert srd.find("orco")["id"] == "orc"
    assert srd.find("LOBO TERRIBLE")["id"] == "dire-wolf"
    assert srd.find("gólem de piedra")["id"] == srd.find("stone golem")["id"]
    with pytest.raises(Exception, match="several"):
        srd.find("giant")


def _block(name: str) -> statblock.Parsed:
    return statblock.parse((BLOCKS / f"{name}.txt").read_text(encoding="utf-8"))


def test_at_least_twenty_real_stat_blocks_of_varied_shape_are_read_whole() -> None:
    names = sorted(p.stem for p in BLOCKS.glob("*.txt"))
    assert len(names) >= 20
    for name in names:
        text = (BLOCKS / f"{name}.txt").read_text(encoding="utf-8")
        p = statblock.parse(text)
        if name == "stirge":  # its only attack attaches: no hit point damage
            assert p.unread == ["Attack: no attack that deals hit point damage"]
            continue
        assert p.unread == [], name
        ac = next(line for line in text.splitlines() if line.startswith("Armor Class:"))
        assert p.table["defense"] == int(ac.split()[2]), name
        hd = next(line for line in text.splitlines() if line.startswith("Hit Dice:"))
        assert p.table["hp"] == int(hd.split("(")[1].split()[0]), name  # the SRD's average
        assert p.table["weapons"], name


def test_stat_block_orc_falchion_and_javelin() -> None:
    p = _block("orc-1st-level-warrior")
    t = p.table
    assert (t["hp"], t["defense"], t["initiative_mod"], t["speed"]) == (5, 13, 0, 30)
    assert t["saves"] == {"fort": 3, "will": -2} and t["str_mod"] == 3
    falchion, javelin = t["weapons"]
    assert falchion == {"name": "Falchion", "damage": "2d4+4", "crit_range": 18, "attack": 4}
    assert javelin == {"name": "Javelin", "damage": "1d6+3", "kind": "ranged", "range": 6,
                       "attack": 1}
    assert p.hit_dice == "1d8+1" and p.cr == "1/2"


def test_stat_block_troll_full_attack_of_two_weapons_and_reach() -> None:
    t = _block("troll").table
    claw, bite = t["weapons"]
    assert claw["attack"] == 9 and claw["attacks"] == [9, 9]
    assert bite["attack"] == 4 and "attacks" not in bite
    assert claw["reach"] == 2 and claw["reach_adjacent"] is True and t["size"] == "large"
    assert "regeneration 5" in t["notes"] and "rend 2d6+9" in t["notes"]


def test_stat_block_iterative_attacks_and_dr_words() -> None:
    t = _block("balor").table
    assert t["dr"] == "15/cold-iron and good"
    assert t["resist"] == {"acid": 10, "cold": 10}
    assert {"electricity", "fire", "poison"} <= set(t["immune"])
    sword = t["weapons"][0]
    assert sword["attacks"] == [31, 26, 21, 16] and sword["crit_range"] == 19
    assert _block("gargoyle").table["dr"] == "10/magic"


def test_stat_block_undead_and_ooze_are_immune_to_criticals_and_sneak_attack() -> None:
    for name in ("wight", "gelatinous-cube", "human-commoner-zombie"):
        assert {"critical", "precision"} <= set(_block(name).table["immune"]), name
    assert "immune" not in _block("ogre").table


def test_stat_block_without_a_full_attack_line_uses_its_attack() -> None:
    text = (BLOCKS / "ogre.txt").read_text(encoding="utf-8")
    short = "\n".join(line for line in text.splitlines() if not line.startswith("Full Attack"))
    p = statblock.parse(short)
    assert p.unread == []
    assert [w["name"] for w in p.table["weapons"]] == ["Greatclub", "Javelin"]


def test_stat_block_energy_rider_and_flight_are_noted_not_played() -> None:
    t = _block("fire-mephit").table
    assert t["weapons"][0]["damage"] == "1d3+1d4"
    assert "fire is played as untyped damage" in t["notes"]
    air = _block("air-elemental-small").table
    assert air["speed"] == 100 and "fly speed" in air["notes"]


def test_stat_block_reports_every_line_it_cannot_read() -> None:
    text = (BLOCKS / "ogre.txt").read_text(encoding="utf-8")
    broken = text.replace("Saves: Fort +6", "Saves: Fortitude six").replace(
        "Speed: 30 ft.", "Speed: quick") + "Weird Line: what\n"
    p = statblock.parse(broken)
    assert [u.split(":")[0] for u in p.unread] == ["Speed", "Saves", "Weird Line"]


def test_shipped_creatures_have_sorted_unique_ids() -> None:
    ids = [c["id"] for c in srd.creatures()]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    dropped = (DATA / "DROPPED.txt").read_text(encoding="utf-8").splitlines()
    assert len(dropped) == 18 and all("\t" in line for line in dropped)
    assert [row[0] for row in srd.index()] == ids
    for row in srd.index():  # each span holds that creature's line, and its names
        c = srd.record(row)
        assert (c["id"], c["name"], c.get("name_es", ""), c.get("cr")) == (row[0], row[1],
                                                                          row[2], row[4])


@pytest.mark.parametrize("expr,hp", [("4d8+11", 29), ("1d8+1", 5), ("1d8/2+2", 4),
                                     ("1d8/4", 1), ("10d10+20+6d8+30", 132)])
def test_hit_points_are_the_average_of_the_hit_dice_rounded_down(expr: str, hp: int) -> None:
    assert statblock.average(expr) == hp


def test_stat_block_pasted_from_a_web_page_with_size_type_and_values_under_labels() -> None:
    """A block copied from an HTML table: "Size/Type:" as a label, tabs, CRLF, and some
    values on the line under their label."""
    text = (BLOCKS / "orc-1st-level-warrior.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    pasted = [lines[0], "Size/Type:\t" + lines[1]]
    for line in lines[2:]:
        label, _, value = line.partition(": ")
        pasted += [f"{label}:", value] if label in ("Hit Dice", "Attack") else \
            [f"{label}:\t{value}"]
    p = statblock.parse("\r\n".join(pasted) + "\r\n")
    assert p.unread == []
    assert p.table == _block("orc-1st-level-warrior").table


def test_true_dragons_by_age_become_creatures_with_the_srds_natural_weapons() -> None:
    """The SRD gives true dragons as tables by age and size; the converter writes each age
    out as a stat block: bite + Str, claws/wings/tail slap secondary at -5 with 1/2 (tail:
    1-1/2) Str, the bite reaching as one size larger."""
    dragons = [row for row in srd.index() if row[1].startswith(("Red Dragon, ",
                                                                  "Gold Dragon, "))]
    assert len(dragons) == 24
    adult = srd.find("red dragon, adult")
    t = adult["definition"]
    assert (adult["cr"], adult["hit_dice"], t["hp"], t["defense"], t["size"]) == (
        "15", "22d12+110", 253, 29, "huge")
    bite, claw, wing, tail = t["weapons"]
    assert (bite["attack"], bite["damage"], bite["reach"]) == (31, "2d8+11", 3)
    assert (claw["attack"], claw["damage"], claw["attacks"]) == (26, "2d6+5", [26, 26])
    assert (wing["damage"], tail["damage"]) == ("1d8+5", "2d6+16")
    assert "fire" in t["immune"] and t["dr"] == "5/magic"
    assert "breath weapon 12d10 (DC 26)" in t["notes"]
