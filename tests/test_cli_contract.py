"""The public contract of SPEC.md: every exit code, byte-identical files on refusal, JSON
errors, `new`/`validate`, negative numbers as arguments, `--help`, and the entry points."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ENCOUNTERS, NOW, doc, duel, held_lock, journal_of, snapshot, who


@pytest.fixture
def started(run, encounter):
    """A duel in round 1, Hero's turn, with one committed command in the journal."""
    path = encounter(duel())
    r = run("roll-initiative", path, "--dice", "18,3")
    assert r.code == 0, r.err
    assert journal_of(path).read_bytes().count(b"\n") == 1
    return path


def assert_json_error(r, code: int) -> dict:
    assert r.code == code
    assert r.out == ""
    lines = r.err.strip().splitlines()
    assert len(lines) == 1, r.err
    payload = json.loads(lines[0])
    assert set(payload) == {"error"}
    err = payload["error"]
    assert set(err) == {"code", "rule", "message"}
    assert err["code"] == code
    assert err["rule"] is None or isinstance(err["rule"], str)
    assert isinstance(err["message"], str) and err["message"]
    return err


# -- 0 -------------------------------------------------------------------------------------


def test_exit_0_applied_bumps_version_and_prints_post(run, started):
    r = run("roll", started, "1d20", "--format", "json")
    assert r.code == 0, r.err
    data = r.json()
    assert data["version"] == 2 == doc(started)["state"]["version"]
    assert isinstance(data["text"], str) and data["events"]
    assert all(isinstance(e["type"], str) for e in data["events"])


def test_exit_0_nothing_to_do_before_idle_deadline_writes_nothing(run, started):
    before = snapshot(started)
    r = run("next", started, "--if-idle", "48h")
    assert r.code == 0, r.err
    assert snapshot(started) == before


def test_json_unused_dice(run, started):
    r = run("roll", started, "1d6", "--dice", "4,5,6", "--format", "json")
    assert r.code == 0, r.err
    assert r.json()["unused_dice"] == [5, 6]


# -- 1: the error boundary -------------------------------------------------------------------


def _boom(*_a, **_k):
    raise RuntimeError("boom in render")


def test_exit_1_internal_error_is_one_line_without_traceback(run, started, monkeypatch):
    monkeypatch.setattr("pbwcombat.render.post.render", _boom)
    before = snapshot(started)
    r = run("roll", started, "1d6")
    assert r.code == 1
    assert len(r.err.strip().splitlines()) == 1, r.err
    assert "Traceback" not in r.err
    assert "boom in render" in r.err
    assert r.out == ""
    assert snapshot(started) == before


def test_exit_1_internal_error_as_json(run, started, monkeypatch):
    monkeypatch.setattr("pbwcombat.render.post.render", _boom)
    before = snapshot(started)
    err = assert_json_error(run("roll", started, "1d6", "--format", "json"), 1)
    assert "Traceback" not in err["message"]
    assert snapshot(started) == before


def test_exit_1_with_debug_the_traceback_appears(run, started, monkeypatch):
    monkeypatch.setattr("pbwcombat.render.post.render", _boom)
    before = snapshot(started)
    with pytest.raises(RuntimeError, match="boom in render"):
        run("roll", started, "1d6", "--debug")
    assert snapshot(started) == before


# -- refusals: every code, file and journal byte-identical -----------------------------------

REFUSALS = [
    # 2: usage
    (2, ("roll", "{f}", "1d6", "--bogus")),
    (2, ("hp", "{f}", "nobody", "-5")),
    (2, ("attack", "{f}", "hero", "orc", "--weapon", "nosuch")),
    (2, ("move", "{f}", "hero", "x,y")),
    (2, ("roll", "{f}", "1d")),
    (2, ("roll", "{f}", "1d6", "--dice", "7")),
    (2, ("roll", "{f}", "1d6", "--dice", "x")),
    (2, ("roll", "{f}", "1d6", "--format", "html")),
    (2, ("roll", "{f}", "1d6", "--lang", "fr")),
    (2, ("roll", "{f}", "1d6", "--if-version", "abc")),
    (2, ("roll", "{f}", "1d6", "--who", "nobody")),
    (2, ("nosuchcommand", "{f}")),
    # 3: rules
    (3, ("attack", "{f}", "orc", "hero")),
    (3, ("intercept", "{f}", "hero", "orc")),
    (3, ("roll-initiative", "{f}")),
    (3, ("move", "{f}", "hero", "9,9")),
    (3, ("act", "{f}", "hero")),
    # 4: conflict
    (4, ("roll", "{f}", "1d6", "--if-version", "0")),
    (4, ("hp", "{f}", "orc", "-1", "--if-version", "7")),
]


def _case_id(code: int, args: tuple[str, ...]) -> str:
    return f"{code}-" + "_".join(a for a in args if a != "{f}")


@pytest.mark.parametrize(("code", "args"), REFUSALS,
                         ids=[_case_id(c, a) for c, a in REFUSALS])
def test_refusal_exit_code_and_files_byte_identical(run, started, code, args):
    before = snapshot(started)
    r = run(*[str(started) if a == "{f}" else a for a in args])
    assert r.code == code, (r.code, r.err)
    assert r.err.strip()
    assert snapshot(started) == before


@pytest.mark.parametrize(("code", "args"), [x for x in REFUSALS if x[0] == 3],
                         ids=[_case_id(c, a) for c, a in REFUSALS if c == 3])
def test_exit_3_message_names_the_rule(run, started, code, args):
    r = run(*[str(started) if a == "{f}" else a for a in args])
    assert r.code == 3
    assert re.search(r"\bR-[A-Z]+-\d+", r.err), r.err


# (`--format html --format json` is valid; an unknown command has no --format to honour)
JSON_REFUSALS = [x for x in REFUSALS if "--format" not in x[1] and x[1][0] != "nosuchcommand"]


@pytest.mark.parametrize(("code", "args"), JSON_REFUSALS,
                         ids=[_case_id(c, a) for c, a in JSON_REFUSALS])
def test_refusal_as_json_error_object(run, started, code, args):
    before = snapshot(started)
    r = run(*[str(started) if a == "{f}" else a for a in args], "--format", "json")
    err = assert_json_error(r, code)
    if code == 3:
        assert err["rule"] and re.fullmatch(r"R-[A-Z]+-\d+", err["rule"])
    assert snapshot(started) == before


def test_exit_3_nothing_to_undo(run, encounter):
    path = encounter(duel())
    before = snapshot(path)
    r = run("undo", path)
    assert r.code == 3
    assert snapshot(path) == before
    assert_json_error(run("undo", path, "--format", "json"), 3)


# -- 4: --if-version and --key -----------------------------------------------------------------


def test_if_version_match_applies(run, started):
    r = run("roll", started, "1d6", "--if-version", "1")
    assert r.code == 0, r.err
    assert doc(started)["state"]["version"] == 2


def test_key_reused_with_other_arguments_exits_4(run, started):
    assert run("roll", started, "1d6", "--key", "k1").code == 0
    before = snapshot(started)
    for other in (("roll", started, "1d8", "--key", "k1"),
                  ("hp", started, "orc", "-1", "--key", "k1"),
                  ("roll", started, "1d6", "--key", "k1", "--dice", "3")):
        r = run(*other)
        assert r.code == 4, r.err
        assert snapshot(started) == before
    assert_json_error(run("roll", started, "1d8", "--key", "k1", "--format", "json"), 4)
    assert snapshot(started) == before


def test_key_repeat_reprints_the_same_post_and_applies_nothing(run, started):
    first = run("attack", started, "hero", "orc", "--dice", "15,5", "--key", "a1")
    assert first.code == 0, first.err
    before = snapshot(started)
    again = run("attack", started, "hero", "orc", "--dice", "15,5", "--key", "a1")
    assert again.code == 0, again.err
    assert again.out == first.out
    assert snapshot(started) == before
    # format, language and dry-run aside
    for extra in (("--format", "json"), ("--lang", "es"), ("--dry-run",)):
        r = run("attack", started, "hero", "orc", "--dice", "15,5", "--key", "a1", *extra)
        assert r.code == 0, r.err
        assert snapshot(started) == before
    assert run("attack", started, "hero", "orc", "--dice", "15,5", "--key", "a1",
               "--format", "json").json()["version"] == 2


def test_key_repeat_after_other_commands_reprints_the_first_post(run, encounter):
    path = encounter(duel())
    first = run("roll", path, "1d20", "--key", "r1", "--format", "plain")
    assert first.code == 0, first.err
    first_json = run("roll", path, "1d20", "--key", "r1", "--format", "json").json()
    assert run("roll-initiative", path, "--dice", "18,3").code == 0
    assert run("hp", path, "orc", "-2").code == 0
    before = snapshot(path)
    again = run("roll", path, "1d20", "--key", "r1", "--format", "plain")
    assert again.code == 0, again.err
    assert snapshot(path) == before
    assert again.out == first.out
    assert run("roll", path, "1d20", "--key", "r1", "--format", "json").json() == first_json


# -- 65 ---------------------------------------------------------------------------------------

BAD = """schema = 1
name = "Bad"
[rules]
death_att = -10
[[combatants]]
id = "a"
side = "x"
defense = 10
hp = 5
[[combatants.weapons]]
name = "W"
damage = "1d"
[[combatants]]
id = "a"
side = "y"
defense = 10
hp = 5
hpp = 3
"""

BAD_PROBLEMS = [
    r"rules\.death_att: .+",
    r'combatants\[0\]\.weapons\[0\]\.damage: "1d" is not a dice expression',
    r"combatants\[1\]\.hpp: .+",
    r"combatants\[1\]\.id: .*duplicate.*",
]


def _has_problem(text: str, pattern: str) -> bool:
    return any(re.search(r"(^|: )" + pattern + "$", line) for line in text.splitlines())


@pytest.mark.parametrize("pattern", BAD_PROBLEMS,
                         ids=["rules-unknown-key", "bad-damage", "combatant-unknown-key",
                              "duplicate-id"])
def test_exit_65_validate_lists_every_problem_as_path_message(run, encounter, pattern):
    path = encounter(BAD)
    r = run("validate", path)
    assert r.code == 65
    assert r.out == ""
    assert _has_problem(r.err, pattern), r.err
    assert "Traceback" not in r.err


def test_exit_65_action_on_invalid_file_lists_problems_and_changes_nothing(run, encounter):
    path = encounter(duel())
    assert run("roll", path, "1d6").code == 0
    path.write_text(path.read_text("utf-8").replace('damage = "1d8+3"', 'damage = "1d"'),
                    encoding="utf-8")
    with path.open("a", encoding="utf-8") as f:
        f.write('\n[[combatants]]\nid = "x"\nside = "s"\nhp = 3\nposition = [5, 5]\n')
    before = snapshot(path)
    r = run("roll", path, "1d6")
    assert r.code == 65
    assert _has_problem(r.err, r'combatants\[0\]\.weapons\[0\]\.damage: "1d" is not a dice '
                               r"expression"), r.err
    assert _has_problem(r.err, r"combatants\[2\]\.defense: .+"), r.err
    assert snapshot(path) == before
    err = assert_json_error(run("roll", path, "1d6", "--format", "json"), 65)
    assert "combatants[2].defense" in err["message"]
    assert snapshot(path) == before


@pytest.mark.parametrize("text", ['schema = 1\nname = "x\n', "\xff\xfe", "[[combatants]\n"])
def test_exit_65_not_toml(run, encounter, text):
    path = encounter(text)
    before = snapshot(path)
    assert run("validate", path).code == 65
    assert run("show", path).code == 65
    assert run("roll", path, "1d6").code == 65
    assert_json_error(run("validate", path, "--format", "json"), 65)
    assert snapshot(path) == before


# -- 66 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("cmd", [("validate",), ("show",), ("roll", "1d6"), ("undo",),
                                 ("log",), ("hp", "orc", "-1")])
def test_exit_66_missing_file(run, tmp_path, cmd):
    path = tmp_path / "nope.toml"
    r = run(cmd[0], path, *cmd[1:])
    assert r.code == 66
    assert r.err.strip() and "Traceback" not in r.err
    assert not path.exists()
    assert not journal_of(path).exists()


def test_exit_66_directory_and_json(run, tmp_path):
    folder = tmp_path / "dir.toml"
    folder.mkdir()
    assert run("validate", folder).code == 66
    assert_json_error(run("roll", tmp_path / "nope.toml", "1d6", "--format", "json"), 66)


# -- 73 ---------------------------------------------------------------------------------------


def test_exit_73_new_on_existing_file(run, started):
    before = snapshot(started)
    r = run("new", started)
    assert r.code == 73
    assert r.err.strip()
    assert snapshot(started) == before
    r = run("new", started, "--lang", "es", "--name", "Otra")
    assert r.code == 73
    assert snapshot(started) == before


# -- 75 ---------------------------------------------------------------------------------------


def test_exit_75_locked(run, started, monkeypatch):
    monkeypatch.setenv("PBWCOMBAT_LOCK_TIMEOUT", "0.2")
    before = snapshot(started)
    with held_lock(started):
        assert run("roll", started, "1d6").code == 75
        assert_json_error(run("hp", started, "orc", "-1", "--format", "json"), 75)
        assert snapshot(started) == before
    assert run("roll", started, "1d6").code == 0


# -- new and validate ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
def test_new_then_validate_ok(run, tmp_path, lang):
    path = tmp_path / f"new-{lang}.toml"
    r = run("new", path, "--lang", lang)
    assert r.code == 0, r.err
    assert path.read_bytes() == (ENCOUNTERS / f"starter-{lang}.toml").read_bytes()
    assert doc(path)["lang"] == lang
    r = run("validate", path)
    assert (r.code, r.out) == (0, "ok\n"), r.err
    r = run("roll-initiative", path)
    assert r.code == 0, r.err


def test_new_with_name_is_valid_and_quoted(run, tmp_path):
    path = tmp_path / "n.toml"
    name = 'The "Mill" \\ ambush\tnight'
    assert run("new", path, "--name", name).code == 0
    assert doc(path)["name"] == name
    assert run("validate", path).out == "ok\n"


# -- negative numbers are arguments ------------------------------------------------------------


def test_negative_hp_delta_is_an_argument(run, encounter):
    path = encounter(duel())
    r = run("hp", path, "orc", "-5")
    assert r.code == 0, r.err
    assert who(path, "orc")["hp"] == 7
    r = run("hp", path, "orc,hero", "-2")
    assert r.code == 0, r.err
    assert who(path, "orc")["hp"] == 5
    assert who(path, "hero")["hp"] == 18
    r = run("hp", path, "orc", "-1d4", "--dice", "3")
    assert r.code == 0, r.err
    assert who(path, "orc")["hp"] == 2
    r = run("hp", path, "orc", "+2")
    assert r.code == 0, r.err
    assert who(path, "orc")["hp"] == 4


def test_negative_coordinates_are_arguments(run, encounter):
    path = encounter(duel(gridless=True, a="position = [0, 0]", b="position = [10, 10]"))
    assert run("roll-initiative", path, "--dice", "18,3").code == 0
    r = run("move", path, "hero", "-1,0")
    assert r.code == 0, r.err
    assert who(path, "hero")["position"] == [-1, 0]
    r = run("move", path, "hero", "-2,-1", "-3,-1", "--force")
    assert r.code == 0, r.err
    assert who(path, "hero")["position"] == [-3, -1]


def test_negative_mod_option(run, started):
    r = run("attack", started, "hero", "orc", "--mod", "-3", "--dice", "10,1",
            "--format", "json")
    assert r.code == 0, r.err
    assert r.json()["version"] == 2


# -- --help ----------------------------------------------------------------------------------

COMMANDS = ["new", "validate", "show", "roll-initiative", "attack", "move", "disengage",
            "intercept", "next", "delay", "act", "end", "remove", "hp", "roll", "undo", "log",
            "declare", "resolve", "map", "verify", "dice commit", "dice salt", "dice reveal"]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_exits_0_and_shows_an_example(run, command):
    r = run(*command.split(), "--help")
    assert r.code == 0, r.err
    words = r"\s+".join(map(re.escape, ["pbwcombat", *command.split()]))
    assert re.search(r"Examples?\b.*?" + words + r"\s+\S", r.out, re.S), r.out


def test_top_level_help_lists_every_command(run):
    r = run("--help")
    assert r.code == 0
    for command in COMMANDS:
        assert command.split()[0] in r.out


# -- the entry points (subprocess) -----------------------------------------------------------


def _env() -> dict[str, str]:
    return {**os.environ, "PBWCOMBAT_NOW": NOW}


def test_installed_console_script_runs(encounter):
    path = encounter(duel())
    script = Path(sys.executable).with_name("pbwcombat")
    assert script.exists()
    p = subprocess.run([str(script), "hp", str(path), "orc", "-5", "--format", "json"],
                       capture_output=True, text=True, env=_env(), timeout=60)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["version"] == 1
    assert who(path, "orc")["hp"] == 7
    p = subprocess.run([str(script), "roll", str(path), "1d"], capture_output=True, text=True,
                       env=_env(), timeout=60)
    assert p.returncode == 2
    assert "Traceback" not in p.stderr


def test_python_dash_m_runs(encounter):
    path = encounter(duel())
    p = subprocess.run([sys.executable, "-m", "pbwcombat", "validate", str(path)],
                       capture_output=True, text=True, env=_env(), timeout=60)
    assert (p.returncode, p.stdout) == (0, "ok\n"), p.stderr
    p = subprocess.run([sys.executable, "-m", "pbwcombat", "undo", str(path)],
                       capture_output=True, text=True, env=_env(), timeout=60)
    assert p.returncode == 3
    assert "Traceback" not in p.stderr
