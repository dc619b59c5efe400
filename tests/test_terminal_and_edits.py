"""Issue 30: a terminal that cannot show every character still gets its post (JSON escaped to
ASCII, other posts with replacement marks; never exit 74 for that), and a hand edit of hit
points is always named in the post (R-LOG-2), also in a `--key` repeat of that post."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import NOW, duel, fight, journal_of, ok, person, version_of


def _child(*args: object, encoding: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PBWCOMBAT_NOW": NOW, "PYTHONIOENCODING": encoding}
    return subprocess.run([sys.executable, "-m", "pbwcombat", *map(str, args)],
                          capture_output=True, env=env, timeout=60)


def _spanish(encounter) -> Path:
    return encounter(duel().replace('lang = "en"', 'lang = "es"').replace(
        'name = "Duel"', 'name = "Duelo — el vado"'))


# -- a Latin-1 or ASCII terminal ------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_SPEC_exit_74_a_json_post_on_a_narrow_terminal_is_the_same_json_escaped(
        encounter, encoding):
    path = _spanish(encounter)
    p = _child("roll", path, "1d20", "--reason", "¿quién ✓?", "--format", "json",
               encoding=encoding)
    assert p.returncode == 0, p.stderr
    out = p.stdout.decode("ascii")  # every byte ASCII: \\u escapes
    assert "\\u00bfqui\\u00e9n \\u2713?" in out
    data = json.loads(out)
    assert "¿quién ✓?" in data["text"]  # the reader gets the characters back
    assert version_of(path) == 1


def test_SPEC_exit_74_a_post_on_a_latin_1_terminal_shows_what_it_can(encounter):
    path = _spanish(encounter)
    p = _child("roll", path, "1d20", "--reason", "¿quién ✓?", encoding="latin-1")
    assert p.returncode == 0, p.stderr
    out = p.stdout.decode("latin-1")
    assert "Duelo ? el vado" in out  # the em dash is not Latin-1: a replacement mark
    assert "¿quién ??" in out  # Spanish letters are Latin-1: shown as they are
    assert version_of(path) == 1 and len(journal_of(path).read_bytes().splitlines()) == 1


def test_SPEC_exit_74_a_read_only_post_on_an_ascii_terminal(encounter):
    path = _spanish(encounter)
    for args in (("show", path), ("log", path), ("verify", path), ("show", path, "--format",
                                                                    "json")):
        p = _child(*args, encoding="ascii")
        assert p.returncode == 0, (args, p.stderr)
        p.stdout.decode("ascii")


# -- hit points always named -----------------------------------------------------------------------


def _many(n: int) -> str:
    people = [person(f"g{i}", "monsters", defense=12) for i in range(n)]
    return fight(*people, person("mira", "heroes", pc=True, hp=10))  # Mira's keys come last


def test_R_LOG_2_an_hp_hand_edit_after_12_other_edits_is_named(run, encounter):
    path = encounter(_many(13))
    ok(run("roll", path, "1d20"))
    text = path.read_text(encoding="utf-8")
    text = text.replace("defense = 12", "defense = 13")  # 13 other changes, first in the file
    lines = text.splitlines()
    mira = next(i for i, x in enumerate(lines) if x == 'id = "mira"')
    hp_line = next(i for i in range(mira, len(lines)) if lines[i].startswith("hp ="))
    lines[hp_line] = "hp = 3"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = ok(run("roll", path, "1d4", "--format", "plain", "--key", "after-edit"))
    edited = r.out.splitlines()[1]
    assert edited.startswith("Edited by hand:") and "Mira" in edited and "3" in edited, edited
    assert edited.endswith("Mira hp 10 → 3; and 3 more"), edited  # 15 changes, 12 named
    # a --key repeat prints that post again, its hand-edit line included
    again = ok(run("roll", path, "1d4", "--format", "plain", "--key", "after-edit"))
    assert again.out.splitlines()[1] == edited
    assert again.out == r.out


def test_R_LOG_2_a_key_repeat_keeps_the_edited_by_hand_line_in_spanish(run, encounter):
    path = encounter(duel().replace('lang = "en"', 'lang = "es"'))
    ok(run("roll", path, "1d20"))
    path.write_text(path.read_text(encoding="utf-8").replace("hp = 20", "hp = 7", 1),
                    encoding="utf-8")
    first = ok(run("roll", path, "1d6", "--key", "k"))
    assert "Editado a mano" in first.out
    again = ok(run("roll", path, "1d6", "--key", "k"))
    assert again.out == first.out
    plain = ok(run("roll", path, "1d6", "--key", "k2"))  # no hand edit before this one
    assert "Editado a mano" not in plain.out
    assert "Editado a mano" not in ok(run("roll", path, "1d6", "--key", "k2")).out
