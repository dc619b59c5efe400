"""Issue 28's bugs a new GM meets in the first hour, each named after the rule it breaks:
GM-only numbers in a hand edit's line (R-LOG-2), a silent second declaration (R-TRN-3), a
declared action on targets already down (R-ORD-5), a reckless disengage that drops the mover
(R-AOO-6), the starter's pointers (SPEC `new`), `roll --who` on the fallen, Spanish "al"/"del"
(R-OUT-5)."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import doc, fight, ok, person


def _hand_edit(path: Path, cid: str, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    i = text.index(f'id = "{cid}"')
    path.write_text(text[:i] + text[i:].replace(old, new, 1), encoding="utf-8")


def _goblin_fight(lang: str = "en") -> str:
    return fight(person("ann", "heroes", pc=True, defense=14),
                 person("goblin", "monsters", defense=13, flee_below=0.25), lang=lang)


def test_R_LOG_2_hand_edit_hides_a_non_pcs_numbers_from_players(run, encounter):
    """"Edited by hand: Goblin defense 13 → 18" told the players the new Defense; R-LOG-2:
    any number of a non-PC only as "Goblin: edited" unless --gm. A PC's stays shown."""
    path = encounter(_goblin_fight())
    ok(run("roll", path, "1d20"))
    _hand_edit(path, "goblin", "defense = 13", "defense = 18")
    _hand_edit(path, "goblin", "flee_below = 0.25", "flee_below = 0.5")
    _hand_edit(path, "ann", "defense = 14", "defense = 16")
    r = ok(run("roll", path, "1d4", "--format", "plain", "--dry-run"))
    line = r.out.splitlines()[1]
    assert line == "Edited by hand: Ann defense 14 → 16; Goblin: edited", line
    assert "18" not in r.out and "0.5" not in r.out
    gm = ok(run("roll", path, "1d4", "--format", "plain", "--gm", "--dry-run"))
    assert "Goblin defense 13 → 18" in gm.out and "Goblin flee_below 0.25 → 0.5" in gm.out
    r = ok(run("roll", path, "1d4", "--format", "json"))
    assert "18" not in json.loads(r.out)["text"].splitlines()[1]
    log = ok(run("log", path, "--format", "json"))
    edits = [x for x in json.loads(log.out)["records"] if x["type"] == "edit"]
    assert {"key": "combatants.goblin.defense"} in edits[0]["changes"]
    assert {"key": "combatants.ann.defense", "old": 14, "new": 16} in edits[0]["changes"]


def test_R_LOG_2_hand_edit_hidden_numbers_in_spanish(run, encounter):
    path = encounter(_goblin_fight("es"))
    ok(run("roll", path, "1d20"))
    _hand_edit(path, "goblin", "defense = 13", "defense = 18")
    r = ok(run("roll", path, "1d4", "--format", "plain"))
    assert r.out.splitlines()[1] == "Editado a mano: Goblin: editado", r.out
    assert doc(path)["combatants"][1]["defense"] == 18


# -- `set` (R-LOG-2): a GM change as a command ----------------------------------------------


def test_R_LOG_2_set_changes_a_definition_journaled_and_undoable(run, encounter):
    path = encounter(_goblin_fight())
    ok(run("roll", path, "1d20"))
    before = path.read_bytes()
    r = ok(run("set", path, "goblin", "defense", "18", "--format", "plain"))
    assert "GM change: Goblin: edited." in r.out and "18" not in r.out  # R-LOG-2
    assert doc(path)["combatants"][1]["defense"] == 18
    recs = [json.loads(x) for x in path.with_name(path.name + ".journal").read_text(
        encoding="utf-8").splitlines()]
    assert recs[-1]["type"] == "command" and recs[-1]["command"] == "set"
    log = ok(run("log", path, "--format", "plain", "--gm"))
    assert "Goblin defense 13 → 18" in log.out
    ok(run("undo", path))
    assert path.read_bytes() == before


def test_R_LOG_2_set_shows_a_pcs_numbers_and_a_non_pcs_with_gm(run, encounter):
    path = encounter(_goblin_fight())
    r = ok(run("set", path, "ann", "defense", "16", "--format", "plain"))
    assert "GM change: Ann defense 14 → 16." in r.out
    r = ok(run("set", path, "goblin", "saves.will", "2", "--format", "plain", "--gm"))
    assert "GM change: Goblin saves.will — → 2." in r.out
    r = ok(run("set", path, "goblin", "flee_below", "0.5", "--format", "json"))
    data = json.loads(r.out)
    change = next(e for e in data["events"] if e["type"] == "ValueSet")
    assert "value" not in change and change["changes"] == [["combatants.goblin.flee_below"]]
    assert "0.5" not in data["text"]
    r = ok(run("set", path, "goblin", "name", '"Goblin chief"', "--format", "plain",
               "--lang", "es"))
    assert "Cambio del DJ: Goblin chief name Goblin → Goblin chief." in r.out


def test_R_LOG_2_set_nested_keys_weapons_by_id_or_index_and_bare_strings(run, encounter):
    path = encounter(_goblin_fight())
    ok(run("set", path, "goblin", "weapons.club.attack", "6"))
    assert doc(path)["combatants"][1]["weapons"][0]["attack"] == 6
    ok(run("set", path, "goblin", "weapons.0.damage", "1d8+1"))  # not TOML: a string
    assert doc(path)["combatants"][1]["weapons"][0]["damage"] == "1d8+1"
    ok(run("set", path, "goblin", "orders", "attack-weakest"))
    assert doc(path)["combatants"][1]["orders"] == "attack-weakest"
    ok(run("set", path, "goblin", "saves", "{ will = 2 }"))
    assert doc(path)["combatants"][1]["saves"]["will"] == 2


def test_R_LOG_2_set_validates_as_the_file_is_exit_2_file_unchanged(run, encounter):
    from helpers import snapshot

    path = encounter(_goblin_fight())
    ok(run("roll", path, "1d20"))
    before = snapshot(path)
    cases = [(("goblin", "defense", "high"), "combatants[1].defense: Input should be a valid "
                                             "integer"),
             (("goblin", "defens", "18"), "combatants[1].defens: unknown key"),
             (("goblin", "weapons.club.damage", "1d"), "is not a dice expression"),
             (("rules.death_at", "5"), "rules.death_at"),
             (("rules.engagment", "false"), "rules.engagment: unknown key"),
             (("nobody", "defense", "3"), 'unknown combatant "nobody"'),
             (("goblin", "id", "gob"), "id cannot be changed"),
             (("goblin", "weapons.axe.attack", "3"), "goblin.weapons.axe"),
             (("goblin", "position", "[3, 4]"), "combatants[0].position: missing"),
             (("goblin", "defense", "13"), "nothing to change")]
    for args, said in cases:
        r = run("set", path, *args)
        assert r.code == 2, (args, r.code, r.err)
        assert said in r.err, (args, r.err)
        assert snapshot(path) == before
    r = run("set", path, "goblin", "defense", "high", "--lang", "es")
    assert "debe ser un número entero" in r.err


def test_R_LOG_2_set_a_rule_and_R_ENG_0_switching_off_ends_every_engagement(run, encounter):
    from helpers import AXE, build, fighter, start

    path = encounter(build(fighter("hero", "a", (0, 0)), fighter("orc", "b", (1, 0),
                                                                 weapons=(AXE,))))
    start(run, path, "15,3", "hero")
    ok(run("attack", path, "hero", "orc", "--dice", "2"))
    assert doc(path)["combatants"][0]["engaged"] == ["orc"]
    r = ok(run("set", path, "rules.engagement", "false", "--format", "plain"))
    assert "rules.engagement — → false" in r.out
    assert [c["engaged"] for c in doc(path)["combatants"]] == [[], []]
    assert doc(path)["rules"]["engagement"] is False
    ok(run("validate", path))
    ok(run("undo", path))
    assert doc(path)["combatants"][0]["engaged"] == ["orc"]
