"""A second conformance pass of the command against SPEC.md and RULES.md R-LOG / R-OUT: each
test names the promise it checks."""

from __future__ import annotations

import json

import pytest
from helpers import (
    ENCOUNTERS,
    duel,
    fight,
    journal_of,
    mark_of,
    ok,
    person,
    rendered_lines,
    snapshot,
)


def _hand_edit(path, cid: str, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    i = text.index(f'id = "{cid}"')
    path.write_text(text[:i] + text[i:].replace(old, new, 1), encoding="utf-8")


def test_R_LOG_2_hand_edit_of_a_hidden_hp_agrees_in_gender_and_never_reads_same_to_same(
        run, encounter):
    """A non-PC's hp as labels (R-OUT-3), in Spanish agreeing with its gender (R-OUT-5); a
    change the labels cannot show (hp above max) still says that the hp changed."""
    path = encounter(fight(person("ann", "heroes", pc=True), person("orc", "monsters"),
                           person("lia", "monsters", gender="f"), lang="es"))
    assert run("roll", path, "1d20").code == 0
    _hand_edit(path, "orc", "hp = 10", "hp = 14")
    _hand_edit(path, "lia", "hp = 10", "hp = 4")
    r = run("roll", path, "1d4", "--format", "plain")
    line = r.out.splitlines()[1]
    assert line == "Editado a mano: Orc hp cambiado (ileso); Lia ilesa → malherida", line
    assert "{g:" not in run("log", path, "--format", "plain").out
    r = run("undo", path, "--format", "plain", "--lang", "en")
    assert r.code == 0
    _hand_edit(path, "orc", "\nhp = 14", "\nhp = 9")
    r = run("roll", path, "1d4", "--format", "plain", "--lang", "en")
    assert r.out.splitlines()[1] == "Edited by hand: Orc unhurt → wounded", r.out


def test_SPEC_commands_help_shows_required_and_defaults_without_a_stray_backslash(run):
    """`--help` is plain text: typer's rich escaping showed `\\[required]` literally."""
    from pbwcombat.cli.boundary import _COMMANDS

    for name in [*_COMMANDS, "dice commit", "dice salt", "dice reveal"]:
        r = run(*name.split(), "--help")
        assert r.code == 0, name
        assert "[required]" in r.out, (name, r.out)
        assert "\\[" not in r.out, (name, r.out)
    assert "[default: 0]" in run("attack", "--help").out


def _three_rolls(run, encounter):
    path = encounter(duel())
    for expr in ("1d20", "1d6", "1d8"):
        assert run("roll", path, expr).code == 0
    return path


def _damage_line(path, number: int, how) -> None:
    lines = journal_of(path).read_bytes().split(b"\n")
    lines[number - 1] = how(lines[number - 1])
    journal_of(path).write_bytes(b"\n".join(lines))


@pytest.mark.parametrize("how", [
    lambda line: b"garbage",
    lambda line: line[: len(line) // 2],  # a line cut in two, the rest lost
    lambda line: line.replace(b'{"seq":2', b'{"seq":2 BROKEN', 1),
])
def test_R_LOG_4_a_line_damaged_in_the_middle_refuses_every_action_65(run, encounter, how):
    """R-LOG-4: a complete line that does not parse is damage wherever it is, not only at the
    end: actions refuse (65, naming the journal and the line) rather than go on after it."""
    path = _three_rolls(run, encounter)
    _damage_line(path, 2, how)
    before = snapshot(path)
    for args in (("roll", path, "1d4"), ("undo", path), ("roll", path, "1d4", "--force"),
                 ("hp", path, "orc", "-1", "--dry-run")):
        r = run(*args)
        assert r.code == 65, (args, r.code, r.out, r.err)
        assert "fight.toml.journal" in r.err and "line 2" in r.err and "R-LOG-4" in r.err
        assert snapshot(path) == before  # nothing cut, nothing appended
    r = run("roll", path, "1d4", "--format", "json")
    assert json.loads(r.err)["error"]["rule"] == "R-LOG-4"
    assert run("verify", path).code == 3


def test_R_LOG_4_a_record_breaking_the_chain_in_the_middle_refuses_actions_65(run, encounter):
    path = _three_rolls(run, encounter)
    _damage_line(path, 2, lambda line: line.replace(b'"after_sha":"', b'"after_sha":"0', 1))
    before = snapshot(path)
    r = run("roll", path, "1d4")
    assert r.code == 65 and "line 3" in r.err and "before-hash" in r.err, r.err
    assert snapshot(path) == before
    r = run("roll", path, "1d4", "--lang", "es")
    assert r.code == 65 and "línea 3" in r.err and "dañado" in r.err, r.err
    assert run("verify", path).code == 3


def test_R_LOG_4_going_on_after_middle_damage_journal_aside_and_force(run, encounter):
    path = _three_rolls(run, encounter)
    _damage_line(path, 2, lambda line: b"garbage")
    journal_of(path).rename(path.with_name("fight.toml.journal.damaged"))
    assert run("roll", path, "1d4").code == 3
    assert run("roll", path, "1d4", "--force").code == 0
    r = run("verify", path)
    assert r.code == 3 and "incomplete" in r.out


def test_SPEC_undo_key_a_repeat_undoes_nothing_more_and_reprints_the_post(run, encounter):
    """SPEC `--key` on every command that writes: a script retrying `undo --key` must not
    step back twice."""
    path = encounter(duel())
    for expr in ("1d20", "1d6"):
        assert run("roll", path, expr).code == 0
    first = run("undo", path, "--key", "u1", "--format", "plain")
    assert first.code == 0 and "version 2" in first.out, first.out
    after = snapshot(path)
    again = run("undo", path, "--key", "u1", "--format", "plain")
    assert again.code == 0 and again.out == first.out, (again.out, again.err)
    assert snapshot(path) == after  # nothing undone, nothing appended
    r = run("undo", path, "--key", "u1", "--if-version", "1")  # other arguments: exit 4
    assert r.code == 4 and "u1" in r.err
    r = run("roll", path, "1d4", "--key", "u1")  # a command with an undo's key: exit 4
    assert r.code == 4
    assert snapshot(path) == after
    assert run("undo", path, "--key", "u2").code == 0  # another key: the next undo
    r = run("log", path, "--format", "json")
    assert r.code == 0
    assert run("undo", path, "--key", "u2").code == 0
    assert run("undo", path).code == 3  # nothing left: the repeats undid nothing


def test_SPEC_undo_key_whose_command_was_undone_is_free_again(run, encounter):
    """R-LOG-1: a `--key` whose command was undone is free again; `undo --key` keys too."""
    path = encounter(duel())
    assert run("roll", path, "1d20", "--key", "k").code == 0
    assert run("undo", path, "--key", "k").code == 4  # the roll holds it
    assert run("undo", path).code == 0
    assert run("undo", path, "--key", "k").code == 3  # free again: nothing to undo, though


def test_R_OUT_5_undo_post_names_the_command_in_the_post_language(run, encounter):
    path = encounter(fight(person("ann", "heroes"), person("orc", "monsters"), lang="es"))
    assert run("hp", path, "orc", "-2").code == 0
    r = run("undo", path, "--format", "plain")
    assert r.out == ("Deshecho: puntos de golpe (versión 1); el archivo vuelve a la versión 0."
                     f"\n\n{mark_of(path)}\n")  # R-LOG-8: the undo record's mark
    assert run("hp", path, "orc", "-2").code == 0
    r = run("undo", path, "--format", "plain", "--lang", "en", "--gm")
    assert r.out.startswith("Undone: hit points (version 1)") and "R-LOG-1" in r.out, r.out


def _spanish_rolls(run, encounter):
    path = encounter(fight(person("ann", "heroes"), person("orc", "monsters"), lang="es"))
    assert run("roll", path, "1d20").code == 0
    assert run("roll", path, "1d6").code == 0
    return path


def test_R_OUT_5_verify_reports_in_the_file_language_and_lang_overrides(run, encounter):
    """R-OUT-5: every word a player reads in the file's `lang`, overridable by `--lang`;
    stderr follows it too. A player reads `verify`'s report."""
    path = _spanish_rolls(run, encounter)
    r = run("verify", path)
    assert r.code == 0 and "tiradas del generador comprobadas: 2" in r.out, r.out
    assert "records checked" not in r.out and r.out.splitlines()[-1] == \
        "Veredicto: las 2 tiradas del generador coinciden con la semilla."  # issue 25
    r = run("verify", path, "--lang", "en")
    assert r.code == 0 and "generator rolls checked: 2" in r.out, r.out
    _hand_edit(path, "orc", "defense = 12", "defense = 13")
    r = run("verify", path)
    assert r.code == 3
    assert "FALLA archivo: sus bytes no son el último estado registrado (registro 2)" in r.out
    assert "FAILED" not in r.out and "its bytes" not in r.err, (r.out, r.err)
    assert r.err.startswith("pbwcombat: R-LOG-3: la verificación falla en archivo: "), r.err
    data = json.loads(run("verify", path, "--format", "json").out)
    assert data["ok"] is False and data["failures"][0].startswith("file: its bytes")  # scripts
    assert "FALLA archivo" in data["text"]


def test_R_OUT_8_verify_and_dice_reveal_take_max_length(run, encounter):
    """--max-length N (R-OUT-8) on the commands that print a report, as on every post."""
    path = _spanish_rolls(run, encounter)
    r = run("verify", path, "--max-length", "80")
    assert r.code == 0 and "-- 8< --" in r.out, r.out
    assert all(len(part) <= 80 for part in r.out.split("-- 8< --\n"))
    assert json.loads(run("verify", path, "--max-length", "80", "--format", "json").out)["parts"]
    r = run("dice", "reveal", path, "--force", "--max-length", "500")
    assert r.code == 0 and "semilla " in r.out and "-- 8< --" not in r.out, (r.out, r.err)
    r = run("dice", "reveal", path, "--force", "--max-length", "80")
    assert r.code == 0 and "-- 8< --" in r.out
    assert run("verify", path, "--max-length", "3").code == 2


@pytest.mark.parametrize("fmt", ["markdown", "discord"])
def test_R_OUT_6_verify_and_reveal_keep_their_lines_in_markdown(run, encounter, fmt):
    """R-OUT-6: a report asked for in Markdown keeps its lines in a CommonMark renderer."""
    path = _spanish_rolls(run, encounter)
    r = run("verify", path, "--format", fmt, "--lang", "en")
    assert r.code == 0
    lines = rendered_lines(r.out)
    assert lines[0] == "Test fight — Dice check"  # a post: its header first (issue 25)
    assert lines[2:5] == ["records checked: 2 (undone commands: 0, aborted: 0)",
                          "generator rolls checked: 2", "supplied faces (not checkable): 0"]
    assert lines[-1] == "Verdict: all 2 generator rolls match the seed."
    r = run("dice", "reveal", path, "--force", "--format", fmt, "--lang", "en")
    lines = rendered_lines(r.out)
    assert lines[0] == "Test fight — Dice revealed"
    assert _labels(lines) == ["algorithm", "seed", "salt", "commitment"], r.out
    assert lines[-1].startswith("The dice were never committed")  # no `dice commit` here


def _labels(lines: list[str]) -> list[str]:
    """The first words of a report's labelled lines: the block between the post's header and
    its verdict (issue 25), each line `label value`."""
    block = [line for line in lines[1:-1] if line]
    return [line.split(" ")[0] for line in block]


def test_R_LOG_7_a_0_1_journal_with_a_hand_edit_between_its_commands_keeps_working(
        run, encounter):
    """0.1 wrote no edit records: a hand edit between two of its commands left a gap in its
    hash chain, which is history (R-LOG-7), not damage (R-LOG-4)."""
    path = encounter(duel())
    for expr in ("1d20", "1d6", "1d8"):
        assert run("roll", path, expr).code == 0
    old = [{k: v for k, v in rec.items() if k not in ("seq", "type", "after", "ino")}
           for rec in (json.loads(x) for x in journal_of(path).read_bytes().splitlines())]
    old[1]["before_sha"] = "0" * 64  # as 0.1 wrote it after a hand edit
    journal_of(path).write_bytes(b"".join((json.dumps(r) + "\n").encode() for r in old))
    r = run("roll", path, "1d4")
    assert r.code == 0, r.err
    assert run("undo", path).code == 0


def test_R_OUT_5_file_problems_in_a_spanish_file_are_all_in_spanish(run, encounter):
    """R-OUT-5: messages on stderr follow the file's language, the file's own problems
    (exit 65) included."""
    text = fight(person("ann", "heroes", player="everyone", orders="dance"),
                 person("orc", "monsters"), lang="es")
    path = encounter(text.replace("[rules]", '[state]\nturn_started_at = "2026-01-01T00:00:00"'
                                             "\n\n[rules]", 1))
    r = run("validate", path)
    assert r.code == 65
    lines = r.err.splitlines()
    assert "combatants[0].player: «everyone» mencionaría a todo el mundo: no es el apodo de un " \
           "jugador (R-OUT-7)" in lines, r.err
    assert any(line.startswith("combatants[0].orders: «dance» no es una regla de órdenes "
                               "(R-ORD-4): «dance» no es algo que hacer (una de attack-nearest, "
                               "attack-weakest, flee, skip, guard:ID, attack, move")
               for line in lines), r.err
    assert any(line.startswith("state.turn_started_at: «2026-01-01T00:00:00» no tiene desfase")
               for line in lines), r.err
    text = fight(person("ann", "heroes"), person("orc", "monsters", aware=["nobody"]),
                 lang="es")
    path = encounter(text.replace("[rules]", '[state]\norder = ["ann", "ann"]\n\n[rules]', 1),
                     name="refs.toml")
    r = run("validate", path)
    assert r.code == 65
    lines = r.err.splitlines()
    assert "state.order: un id aparece dos veces" in lines, r.err
    assert "combatants[1].aware[0]: «nobody» no es ni un id de combatiente ni un bando" in lines


def test_R_LOG_5_dice_salt_help_does_not_promise_that_force_replaces_a_salt(run, encounter):
    """R-LOG-5: a second salt is refused even with --force; the help said --force replaced
    one."""
    r = run("dice", "salt", "--help")
    assert "--force replaces" not in r.out and "R-LOG-5" in r.out, r.out
    path = encounter(duel())
    assert run("dice", "commit", path).code == 0
    assert run("dice", "salt", path, "1").code == 0
    r = run("dice", "salt", path, "2", "--force")
    assert r.code == 3 and "R-LOG-5" in r.err


def test_R_LOG_4_one_hash_digit_changed_in_place_deep_in_the_journal_is_found(run, encounter):
    """The quick scan of a long journal still sees a chain broken far from its end, by a
    change that keeps every line's length."""
    path = encounter(duel())
    for expr in ("1d20", "1d6", "1d8", "1d10", "1d12", "1d4"):
        assert run("roll", path, expr).code == 0

    def flip(line: bytes) -> bytes:
        at = line.index(b'"after_sha":"') + 13
        digit = b"0" if line[at:at + 1] != b"0" else b"1"
        return line[:at] + digit + line[at + 1:]

    _damage_line(path, 2, flip)
    before = snapshot(path)
    r = run("roll", path, "1d4")
    assert r.code == 65 and "line 3" in r.err and "R-LOG-4" in r.err, r.err
    assert snapshot(path) == before


def test_R_OUT_5_dice_reveal_speaks_the_files_language_and_lang(run, encounter):
    """R-OUT-5: every word a player reads is in the file's language: `dice reveal` labels its
    lines `algoritmo/semilla/sal/compromiso` in a Spanish file (`--lang en` gives the English
    ones); the JSON keys stay the same for scripts."""
    path = encounter((ENCOUNTERS / "emboscada-en-el-vado.toml").read_text())
    ok(run("dice", "commit", path))
    es = ok(run("dice", "reveal", path, "--force")).out.splitlines()
    assert _labels(es) == ["algoritmo", "semilla", "sal", "compromiso"]
    assert es[0].endswith(" — Dados revelados")
    en = ok(run("dice", "reveal", path, "--force", "--lang", "en")).out.splitlines()
    assert _labels(en) == ["algorithm", "seed", "salt", "commitment"]
    assert en[0].endswith(" — Dice revealed")
    assert es[3].split(" ")[1] == en[3].split(" ")[1]  # the same seed
    data = json.loads(ok(run("dice", "reveal", path, "--force", "--format", "json")).out)
    assert {"algorithm", "seed", "salt", "commitment"} <= data.keys()
    assert data["text"].splitlines()[2].startswith("algoritmo ")
