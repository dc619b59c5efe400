"""R-INI-4 awareness lists: `aware` may name enemy ids and sides; partial surprise."""

from __future__ import annotations

from helpers import build, events, ok, refused, roll_init, state, warrior


def ambush(hero: str, gob1: str = "false", gob2: str = "false") -> str:
    return build(warrior("hero", "heroes", (0, 0), init=5, extra=f"aware = {hero}\n"),
                 warrior("gob1", "monsters", (1, 0), extra=f"aware = {gob1}\n"),
                 warrior("gob2", "goblins", (0, 1), extra=f"aware = {gob2}\n"))


def test_R_INI_4_aware_list_starts_a_surprise_round_for_those_who_know(run, encounter):
    path = encounter(ambush('["gob1"]'))
    r = roll_init(run, path, "15,10,5", )
    assert (state(path)["phase"], state(path)["round"]) == ("surprise", 0)
    assert state(path)["turn"] == "hero"
    assert "Surprise round! Acting: Hero (one standard" in r.out
    refused(run, path, "R-INI-4", "attack", path, "hero", "gob2")  # not aware of gob2
    r = ok(run("attack", path, "hero", "gob1", "--dice", "2", "--format", "json"))
    assert events(r, "AttackRolled")
    r = ok(run("next", path, "--format", "json"))  # the goblins are caught by surprise
    assert [e["reason"] for e in events(r, "TurnSkipped")] == ["unaware", "unaware"]
    assert (state(path)["round"], state(path)["turn"]) == (1, "hero")
    ok(run("attack", path, "hero", "gob2", "--dice", "2"))  # regular rounds: anyone


def test_R_INI_4_aware_list_names_a_side(run, encounter):
    path = encounter(ambush('["goblins"]'))
    roll_init(run, path, "15,10,5")
    assert state(path)["phase"] == "surprise"
    refused(run, path, "R-INI-4", "attack", path, "hero", "gob1")
    ok(run("attack", path, "hero", "gob2", "--dice", "2"))


def test_R_INI_4_aware_list_everyone_aware_of_someone_all_act(run, encounter):
    """With booleans everyone aware means no surprise round; with lists the hero, unaware of
    gob2, makes one, in which all three act."""
    path = encounter(ambush('["gob1"]', "true", "true"))
    roll_init(run, path, "15,10,5")
    assert state(path)["phase"] == "surprise"
    ok(run("next", path))
    assert state(path)["turn"] == "gob1"
    ok(run("next", path))
    assert state(path)["turn"] == "gob2"
    ok(run("attack", path, "gob2", "hero", "--dice", "2"))


def test_R_INI_4_aware_list_of_nobody_relevant_is_unaware(run, encounter):
    path = encounter(ambush("[]", "true", "true"))
    r = roll_init(run, path, "15,10,5")
    assert state(path)["phase"] == "surprise" and state(path)["turn"] == "gob1"
    assert "Hero is caught by surprise" in r.out


def test_R_INI_4_aware_list_must_name_ids_or_sides(run, encounter):
    path = encounter(ambush('["gob9"]'))
    r = run("validate", path)
    assert r.code == 65
    assert 'combatants[0].aware[0]: "gob9" is neither a combatant id nor a side' in r.err
    path = encounter(ambush('"yes"'), name="b.toml")
    r = run("validate", path)
    assert r.code == 65 and "combatants[0].aware: must be true, false or a list" in r.err


def test_R_INI_4_aware_list_targets_of_an_action_too(run, encounter):
    zap = '[[combatants.actions]]\nid = "zap"\ndamage = "1d4"\n'
    head, rest = ambush('["gob1"]').split('[[combatants]]\nid = "gob1"', 1)
    path = encounter(head + zap + '[[combatants]]\nid = "gob1"' + rest)
    roll_init(run, path, "15,10,5")
    refused(run, path, "R-INI-4", "action", path, "hero", "zap", "--target", "gob2")
    refused(run, path, "R-INI-4", "attack", path, "hero", "gob2", "--force")
    ok(run("action", path, "hero", "zap", "--target", "gob1", "--dice", "2"))
