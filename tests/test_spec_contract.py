"""SPEC.md checked line by line from the command line, as acceptance tests would: each test is
named after the SPEC section or rule it holds the tool to, and failed on the code before it."""

from __future__ import annotations

import json
import tomllib

from helpers import duel, snapshot


def _started(run, encounter):
    path = encounter(duel())
    assert run("roll-initiative", path, "--dice", "18,3").code == 0
    return path


# -- Exit codes: "the tool never writes a file that it would itself refuse to load" -----------


def test_SPEC_never_writes_a_file_it_would_refuse_new_name_too_long(run, tmp_path):
    path = tmp_path / "fight.toml"
    r = run("new", path, "--name", "x" * 5000)
    assert r.code == 2, (r.code, r.err)
    assert not path.exists()


def test_SPEC_new_name_any_text_gives_a_valid_file(run, tmp_path):
    for i, name in enumerate(["Emboscada 😀 en el vado", "a\x7fb\x01c", 'quote " back \\']):
        path = tmp_path / f"fight{i}.toml"
        assert run("new", path, "--name", name).code == 0
        assert run("validate", path).code == 0, (name, path.read_text("utf-8"))
        assert tomllib.loads(path.read_text("utf-8"))["name"] == name


# -- Commands: odds --format F, a post in the chosen format ------------------------------------


def test_SPEC_odds_format_discord_is_markdown_in_parts(run, encounter):
    path = _started(run, encounter)
    before = snapshot(path)
    r = run("odds", path, "--runs", "20", "--seed", "00ff", "--format", "discord")
    assert r.code == 0, r.err
    assert "**" in r.out and "[b]" not in r.out
    assert all(len(part) <= 2000 for part in r.out.split("-- 8< --\n"))
    r = run("odds", path, "--runs", "20", "--seed", "00ff", "--max-length", "200")
    assert r.code == 0, r.err
    assert "-- 8< --" in r.out
    assert snapshot(path) == before  # read-only


# -- Files: `turn_started_at` and every time in the file need a UTC offset ---------------------


def test_SPEC_times_a_toml_datetime_with_offset_is_a_time(run, encounter):
    path = _started(run, encounter)
    text = path.read_text("utf-8")
    lines = [ln for ln in text.splitlines() if ln.startswith("turn_started_at")]
    assert lines, text
    with_offset = text.replace(lines[0], "turn_started_at = 2026-11-29T12:00:00Z")
    path.write_text(with_offset, "utf-8")
    assert run("validate", path).code == 0
    for bad in ("2026-11-29T12:00:00", "2026-11-29"):
        path.write_text(text.replace(lines[0], f"turn_started_at = {bad}"), "utf-8")
        r = run("validate", path)
        assert r.code == 65, (bad, r.err)
        assert "state.turn_started_at" in r.err


# -- JSON errors: {"error": {"code", "rule", "message"}}, exit 3 names the rule id -------------


def test_SPEC_json_error_of_a_refusal_names_its_rule_R_LOG_1(run, encounter):
    path = encounter(duel())
    before = snapshot(path)
    r = run("undo", path, "--format", "json")
    assert r.code == 3
    err = json.loads(r.err.strip())["error"]
    assert err["code"] == 3 and err["rule"] == "R-LOG-1", err
    assert err["message"].startswith("R-LOG-1")
    assert snapshot(path) == before


# -- The encounter file: a weapon's id is "(a slug of name)" ------------------------------------


def test_SPEC_weapon_id_defaults_to_a_slug_of_its_name_accents_folded(run, encounter):
    text = duel().replace('id = "sword"\n', "", 1).replace('name = "Sword"', 'name = "Daga Élfica"')
    assert 'name = "Daga Élfica"' in text
    path = encounter(text)
    assert run("roll-initiative", path, "--dice", "18,3").code == 0
    weapons = tomllib.loads(path.read_text("utf-8"))["combatants"][0]["weapons"]
    assert weapons[0]["id"] == "daga-elfica"
    for spelled in ("daga-elfica", "Daga Élfica"):  # --weapon takes the id or the name
        r = run("attack", path, "hero", "orc", "--weapon", spelled, "--dry-run", "--dice", "1")
        assert r.code == 0, (spelled, r.err)


# -- `--format json` prints one JSON object {"version", "events", "text"} -----------------------


def test_SPEC_json_shape_of_verify_and_dice_reveal(run, encounter):
    path = _started(run, encounter)
    assert run("roll", path, "1d6").code == 0
    assert run("end", path).code == 0
    before = snapshot(path)
    for args in (("verify", path), ("dice", "reveal", path)):
        r = run(*args, "--format", "json")
        assert r.code == 0, (args, r.err)
        data = r.json()
        assert data["version"] == 3 and data["events"] == [], data
        assert isinstance(data["text"], str) and data["text"], data
    assert run("verify", path, "--format", "json").json()["ok"] is True
    assert "seed" in run("dice", "reveal", path, "--format", "json").json()
    assert snapshot(path) == before  # read-only


# -- Exit codes: an argument out of the file's bounds is exit 2, the file unchanged -------------


def test_SPEC_a_square_off_the_board_is_exit_2_even_with_force(run, encounter):
    path = _started(run, encounter)
    before = snapshot(path)
    for args in (("move", path, "hero", "999999,0", "--force"),
                 ("move", path, "hero", "1,1", "0,-100001", "--force"),
                 ("declare", path, "hero", "move", "999999,0")):
        r = run(*args)
        assert r.code == 2, (args, r.code, r.err)  # was 3 "would break the file's limits"
        assert "off the board" in r.err
    assert snapshot(path) == before
