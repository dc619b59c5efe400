"""Issue 28's bugs a new GM meets in the first hour, each named after the rule it breaks:
GM-only numbers in a hand edit's line (R-LOG-2), a silent second declaration (R-ORD-3), a
declared action on targets already down (R-ORD-3), a reckless disengage that drops the mover
(R-AOO-6), the starter's pointers (SPEC `new`), `roll --who` on the fallen, Spanish "al"/"del"
(R-OUT-5)."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import doc, events, fight, ok, person


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
    # the chain mark (R-LOG-8, hex digits of a hash) may hold "18" by chance: not a number
    said = "\n".join(x for x in r.out.splitlines() if not x.startswith("\u26d3"))
    assert "GM change: Goblin: edited." in said and "18" not in said  # R-LOG-2
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


# -- a second declaration says what it replaces (R-ORD-3) -----------------------------------


def _declared_fight(run, encounter, lang: str = "en") -> Path:
    path = encounter(fight(person("ann", "heroes", 2, pc=True, position=[0, 0]),
                           person("orc", "monsters", 0, position=[5, 5]), lang=lang))
    ok(run("roll-initiative", path, "--dice", "10,10"))
    return path


def test_R_ORD_3_a_second_declare_says_what_it_replaces(run, encounter):
    path = _declared_fight(run, encounter)
    r = ok(run("declare", path, "ann", "move", "3,4", "--format", "plain"))
    assert "replaces" not in r.out
    r = ok(run("declare", path, "ann", "attack", "orc", "--format", "plain"))
    assert "Ann declares: attack Orc (replaces: move to (3,4))" in r.out, r.out
    assert doc(path)["state"]["declarations"]["ann"] == ["attack", "orc"]


def test_R_ORD_3_a_second_declare_says_what_it_replaces_in_spanish(run, encounter):
    path = _declared_fight(run, encounter, "es")
    ok(run("declare", path, "ann", "move", "3,4"))
    r = ok(run("declare", path, "ann", "move", "2,2", "--format", "plain"))
    assert "(sustituye a: moverse a (3,4))" in r.out, r.out


# -- a declared act on targets already down is skipped (R-ORD-3) ---------------------------

HOLD = ('[[combatants.actions]]\nid = "hold"\nname = "Hold person"\nsave = "will"\ndc = 15\n'
        'condition = "paralyzed"\n\n[[combatants.actions]]\nid = "cure"\nname = "Cure"\n'
        'heal = "1d8"\n')


def _orc_drops_first(run, encounter, declared: tuple[str, ...]) -> tuple[Path, object]:
    """Ann (first) drops the orc (3 hp) with a 15 and a 6; Bo then has `declared`."""
    path = encounter(fight(person("ann", "heroes", 3, pc=True),
                           person("bo", "heroes", 2, pc=True) + HOLD,
                           person("orc", "monsters", 0, hp=3, defense=5),
                           person("gob", "monsters", -1, hp=30)))
    ok(run("roll-initiative", path, "--dice", "10,10,10,10"))
    ok(run("declare", path, "ann", "attack", "orc"))
    ok(run("declare", path, "bo", *declared))
    r = ok(run("resolve", path, "--dice", "15,6,2,15,6", "--format", "json"))
    return path, r


def test_R_ORD_3_a_declared_spell_on_a_target_already_down_is_skipped(run, encounter):
    """The dying orc is not "paralyzed": no save rolled, no condition, the skip said."""
    path, r = _orc_drops_first(run, encounter, ("action", "hold", "--target", "orc"))
    assert events(r, "SaveRolled") == [] and events(r, "ConditionApplied") == []
    skipped = events(r, "DeclarationSkipped")
    assert [s["who"] for s in skipped] == ["bo"]
    assert "every target is down" in skipped[0]["reason"]
    assert "paralyzed" not in doc(path)["combatants"][2].get("conditions", {})


def test_R_ORD_3_a_declared_attack_on_a_target_already_down_is_skipped(run, encounter):
    _, r = _orc_drops_first(run, encounter, ("attack", "orc"))
    assert [a["attacker"] for a in events(r, "AttackRolled")] == ["ann"]
    assert [s["who"] for s in events(r, "DeclarationSkipped")] == ["bo"]


def test_R_ORD_3_healing_a_fallen_ally_is_not_skipped(run, encounter):
    """A cure declared on a target that is down still happens (it is what cures are for)."""
    path = encounter(fight(person("ann", "heroes", 3, pc=True, hp=-2, max_hp=10),
                           person("bo", "heroes", 2, pc=True) + HOLD,
                           person("orc", "monsters", 0, hp=30)))
    ok(run("roll-initiative", path, "--dice", "10,10,10"))
    ok(run("declare", path, "bo", "action", "cure", "--target", "ann"))
    r = ok(run("resolve", path, "--dice", "5", "--format", "json"))
    assert events(r, "DeclarationSkipped") == [] and events(r, "EffectRolled")


# -- a reckless disengage whose free attack drops the mover says so (R-AOO-6) --------------


def test_R_AOO_6_reckless_disengage_to_a_square_says_the_fallen_mover_does_not_go_on(
        run, encounter):
    from helpers import AXE, build, fighter, trade_blows

    path = encounter(build(fighter("hero", "heroes", (0, 0), initiative_mod=2, hp=5),
                           fighter("orc", "monsters", (1, 0), weapons=(AXE,))))
    trade_blows(run, path, orc_dice="1")
    assert doc(path)["state"]["turn"] == "hero" and doc(path)["combatants"][0]["engaged"]
    r = ok(run("disengage", path, "hero", "--reckless", "--to", "3,0", "--dice", "2,10",
               "--format", "json"))
    (stop,) = events(r, "MoveStopped")
    assert (stop["who"], stop["reason"], stop["at"]) == ("hero", "fell", [0, 0])
    assert "hero stops at (0,0): they have fallen." in r.json()["text"]
    assert doc(path)["combatants"][0]["position"] == [0, 0]


# -- `pbwcombat new`: what a new GM reads first (SPEC `new`) --------------------------------


def test_SPEC_new_starter_points_at_docs_users_have_and_lists_every_rules_key(run, tmp_path):
    import tomllib

    from pbwcombat.model import Rules

    for lang, page in (("en", "docs/en/rules.md"), ("es", "docs/es/rules.md")):
        path = tmp_path / f"new-{lang}.toml"
        ok(run("new", path, "--lang", lang))
        text = path.read_text(encoding="utf-8")
        assert "RULES.md" not in text and page in text
        rules_block = text[text.index("[rules]"):text.index("[[combatants]]")]
        written = tomllib.loads(rules_block)["rules"]
        assert set(written) == set(Rules.FIELDS), set(Rules.FIELDS) ^ set(written)
        assert written == {k: default for k, (_, default) in Rules.FIELDS.items()}
        for word in ("attack-weakest", "idle_action", "group_turn", "first_disengages",
                     "engagement = true"):
            assert word in rules_block, (lang, word)


def test_SPEC_new_help_does_not_offer_the_files_lang_of_a_file_not_yet_written(run):
    r = ok(run("new", "--help"))
    assert "the file's" not in r.out and "default: en" in r.out


# -- `roll --who` on the fallen warns (R-HP-1) ------------------------------------------------


def test_R_HP_1_roll_who_a_dying_or_dead_combatant_warns_on_stderr(run, encounter):
    path = encounter(fight(person("ann", "heroes", pc=True),
                           person("orc", "monsters", hp=-3, max_hp=10),
                           person("gob", "monsters", hp=-10, max_hp=10),
                           person("kob", "monsters")))
    r = ok(run("roll", path, "1d20", "--who", "orc", "--format", "plain"))
    assert "warning" in r.err and "Orc is dying" in r.err and "R-HP-1" in r.err
    assert "1d20" in r.out  # logged all the same
    r = ok(run("roll", path, "1d20", "--who", "gob", "--lang", "es"))
    assert "aviso" in r.err and "Gob está muerto" in r.err, r.err
    r = ok(run("roll", path, "1d20", "--who", "kob"))
    assert r.err == ""


# -- Spanish: "a El" and "de El" contract (R-OUT-5) ------------------------------------------


def test_R_OUT_5_spanish_contracts_a_and_de_before_a_name_starting_with_el(run, encounter):
    path = encounter(fight(person("ana", "heroes", 3, pc=True, gender="f"),
                           person("zurdo", "monsters", 0, name="El Zurdo", defense=5, hp=30),
                           lang="es"))
    ok(run("roll-initiative", path, "--dice", "10,10"))
    for fmt, bold in (("plain", "{}"), ("bbcode", "{}"), ("markdown", "{}")):  # names plain
        r = ok(run("attack", path, "ana", "zurdo", "--dice", "15,4", "--format", fmt,
                   "--dry-run"))
        text = r.out
        assert " a El " not in text and " de El " not in text, text
        assert f"ataca al {bold.format('Zurdo')}" in text, text
        assert f"al {bold.format('Zurdo')}:" in text or f"del {bold.format('Zurdo')}" in text
    r = ok(run("next", path, "--format", "plain"))
    assert "Es el turno del Zurdo." in r.out, r.out
    r = ok(run("attack", path, "zurdo", "ana", "--dice", "15,4", "--format", "plain"))
    assert r.out.splitlines()[2].startswith("El Zurdo ataca a Ana"), r.out  # a subject stays


# -- `--help`: one example per line (issue 28) ----------------------------------------------


def _every_command_path():
    from pbwcombat.cli.boundary import _COMMANDS
    from pbwcombat.cli.options import _GROUPS

    yield ()
    for name in _COMMANDS:
        yield (name,)
    for group, (commands, _) in _GROUPS.items():
        for name in commands:
            yield (group, name)


def test_every_help_shows_one_example_per_line(run):
    """Examples used to run together on one line separated by " ; "; now each is a line of
    its own (starting with `pbwcombat`) after an "Example(s):" line, in every command."""
    import re

    seen = 0
    for path in _every_command_path():
        out = ok(run(*path, "--help")).out
        assert " ; pbwcombat" not in out and "; pbwcombat" not in out, (path, out)
        lines = out.splitlines()
        heads = [i for i, line in enumerate(lines) if re.match(r"  Examples?( \(.*\))?:$", line)]
        assert len(heads) == 1, (path, out)
        body = lines[heads[0] + 2:]
        examples = body[:next((i for i, x in enumerate(body) if not x.strip()), len(body))]
        assert examples and all(x.startswith("  pbwcombat ") for x in examples), (path, out)
        plural = lines[heads[0]].startswith("  Examples")
        assert plural == (len(examples) > 1), (path, examples)
        seen += 1
    assert seen > 30


def test_examples_apart_splits_the_old_form_and_keeps_what_follows():
    from pbwcombat.cli.options import examples_apart

    text = "Does it.\n\nExamples: pbwcombat a x ; pbwcombat b y\n\nMore words."
    assert examples_apart(text) == ("Does it.\n\nExamples:\n\n\b\npbwcombat a x\npbwcombat b y"
                                    "\n\nMore words.")
    assert examples_apart("No example here.") == "No example here."


def test_R_LOG_2_set_dry_run_and_key_repeat_write_nothing_more(run, encounter):
    from helpers import snapshot

    path = encounter(_goblin_fight())
    ok(run("roll", path, "1d20"))
    before = snapshot(path)
    r = ok(run("set", path, "goblin", "defense", "18", "--dry-run", "--format", "plain"))
    assert "GM change: Goblin: edited." in r.out and snapshot(path) == before
    first = ok(run("set", path, "goblin", "defense", "18", "--key", "k1", "--format", "plain"))
    after = snapshot(path)
    again = ok(run("set", path, "goblin", "defense", "18", "--key", "k1", "--format", "plain"))
    assert again.out == first.out and snapshot(path) == after
    assert run("set", path, "goblin", "defense", "17", "--key", "k1").code == 4
