"""A second conformance pass of the command against SPEC.md and RULES.md R-LOG / R-OUT: each
test names the promise it checks."""

from __future__ import annotations

from helpers import fight, person


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
    from pbwcombat.cli import _COMMANDS

    for name in [*_COMMANDS, "dice commit", "dice salt", "dice reveal"]:
        r = run(*name.split(), "--help")
        assert r.code == 0, name
        assert "[required]" in r.out, (name, r.out)
        assert "\\[" not in r.out, (name, r.out)
    assert "[default: 0]" in run("attack", "--help").out
