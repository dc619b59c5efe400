"""SPEC points found by the contract review: usage before rules, --key before --if-idle, every
problem on its own `path: message` line, undo and dice commands with the script options."""

from __future__ import annotations

from helpers import build, duel, fighter, snapshot, version_of


def _duel_on_hero(run, encounter):
    path = encounter(duel())
    assert run("roll-initiative", path, "--dice", "15,3").code == 0  # hero acts first
    return path


def test_unknown_target_or_weapon_is_usage_even_out_of_turn(run, encounter):
    path = _duel_on_hero(run, encounter)
    before = snapshot(path)
    for args in (("attack", path, "orc", "zork"), ("attack", path, "orc", "hero", "--weapon",
                                                   "zork"), ("intercept", path, "orc", "zork")):
        r = run(*args)
        assert r.code == 2, (args, r.code, r.err)  # not exit 3 "not its turn"
    assert run("end", path).code == 0
    ended = snapshot(path)
    assert run("attack", path, "hero", "orc", "--weapon", "zork").code == 2
    assert run("hp", path, "zork", "-3").code == 2
    assert snapshot(path) == ended != before


def test_key_is_checked_before_if_idle(run, encounter):
    path = _duel_on_hero(run, encounter)
    later = "2026-12-02T12:00:00Z"
    first = run("next", path, "--if-idle", "48h", "--key", "idle-1", now=later)
    assert first.code == 0 and "orc" in first.out.lower()
    again = run("next", path, "--if-idle", "48h", "--key", "idle-1", now=later)
    assert again.code == 0 and again.out == first.out  # the retry re-prints, applies nothing
    other = run("next", path, "--if-idle", "1h", "--key", "idle-1", now=later)
    assert other.code == 4  # the same key with other arguments


def test_R_TRN_4_bad_turn_start_time_is_an_invalid_file(run, encounter):
    path = _duel_on_hero(run, encounter)
    text = path.read_text().replace('turn_started_at = "', 'turn_started_at = "yesterday')
    path.write_text(text)
    for command in ("validate", "show", "next"):
        r = run(command, path)
        assert r.code == 65 and "state.turn_started_at" in r.err, (command, r.err)


def test_every_problem_on_its_own_path_message_line(run, encounter):
    path = encounter(build(fighter("a", "x", weapons=({"name": "Bow", "kind": "ranged",
                                                          "damage": "1d6", "crit_range": 30},)),
                           fighter("a", "y", bogus=1)))
    for command in ("validate", "show"):
        r = run(command, path)
        lines = r.err.strip().splitlines()
        assert r.code == 65
        assert "combatants[0].weapons[0].crit_range: Input should be less than or equal to 20" \
            in lines
        assert "combatants[0].weapons[0]: a ranged weapon needs a range (squares)" in lines
        assert 'combatants[1].id: duplicate id "a"' in lines
        assert "combatants[1].bogus: unknown key" in lines
        assert len(lines) == len(set(lines))  # each problem once


def test_unknown_ids_in_state_lists_are_refused(run, encounter):
    path = _duel_on_hero(run, encounter)
    path.write_text(path.read_text().replace("[state]\n", '[state]\nacted = ["zork"]\n'))
    r = run("validate", path)
    assert r.code == 65 and 'state.acted[0]: unknown combatant "zork"' in r.err


def test_undo_takes_if_version_and_dry_run(run, encounter):
    path = _duel_on_hero(run, encounter)
    assert run("roll", path, "1d6").code == 0
    before = snapshot(path)
    assert run("undo", path, "--if-version", "1").code == 4
    dry = run("undo", path, "--dry-run")
    assert dry.code == 0 and "roll" in dry.out
    assert snapshot(path) == before
    assert run("undo", path, "--if-version", "2").code == 0
    assert version_of(path) == 1


def test_dice_commands_take_the_action_options(run, encounter):
    path = encounter(build(fighter("a", "x"), fighter("b", "y")))
    start_version = run("dice", "commit", path, "--dry-run")
    assert start_version.code == 0 and not path.with_name(path.name + ".journal").exists()
    assert run("dice", "commit", path, "--key", "c1").code == 0
    assert run("dice", "commit", path, "--key", "c1").code == 0  # replayed, not re-applied
    assert version_of(path) == 1
    assert run("dice", "salt", path, "42", "--if-version", "9").code == 4
    assert run("dice", "salt", path, "42", "--if-version", "1", "--format", "json").code == 0



def test_R_INT_1_ward_out_of_the_radius_is_not_guarded(run, encounter):
    path = encounter(build(fighter("guard", "a", (0, 0)), fighter("ward", "a", (1, 0)),
                           fighter("orc", "b", (1, 1))))
    assert run("roll-initiative", path, "--dice", "15,10,3").code == 0
    assert run("intercept", path, "guard", "ward").code == 0
    # a 5-ft step out of the guard's radius; the orc, beside the guard, can still reach it
    assert run("move", path, "ward", "2,1", "--step", "--force").code == 0
    r = run("attack", path, "orc", "ward", "--force", "--format", "json", "--dice", "2")
    assert r.code == 0, r.err
    kinds = [e["type"] for e in r.json()["events"]]
    assert "PriorityRolled" not in kinds and "InterceptResolved" not in kinds


def test_problem_lines_escape_control_characters_from_the_file(run, tmp_path):
    path = tmp_path / "odd.toml"
    path.write_text('schema = 1\n[state]\n"\u0085" = false\n"a\\nb" = 1\n', encoding="utf-8")
    r = run("validate", path)
    assert r.code == 65
    assert r.err.splitlines() == ["state.\\x85: unknown key", "state.a\\nb: unknown key"]
