"""Rules whose behaviour other files exercise under other names: R-OUT-2 (no markup
injection), R-OUT-5 (both catalogues complete). R-AOO-1/3 (threat) are in test_aoo.py."""

from __future__ import annotations

import string

import pytest
from helpers import build, fighter, mark_of, start

from pbwcombat.render.catalog import EN, ES

NASTY = "Gob[b]lin[/b] **x** [url=javascript:y]\nz"


@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "plain"])
def test_R_OUT_2_names_and_reasons_never_become_markup(run, encounter, fmt):
    path = encounter(build(fighter("hero", "a", (0, 0), name=NASTY),
                           fighter("orc", "b", (5, 5))))
    r = run("roll", path, "1d6", "--who", "hero", "--reason", NASTY, "--format", fmt)
    assert r.code == 0, r.err
    body, _, mark = r.out.split("\n", 2)[2].rstrip("\n").rpartition("\n\n")
    assert mark.strip("`") == mark_of(path)  # R-LOG-8: the post ends with the record's mark
    assert "\n" not in body.strip()  # the newline inside the name became a space
    if fmt == "bbcode":
        assert "[b]lin" not in body and "[url" not in body and "［b］lin" in body
    if fmt == "markdown":
        escaped = "".join("\\" + ch if ch in string.punctuation else ch for ch in "**x**")
        assert escaped in body and " **x** " not in body


def test_R_OUT_5_both_catalogues_are_complete_with_the_same_fields():
    assert EN.keys() == ES.keys()
    fields = string.Formatter()
    for key in EN:
        en = {f for _, f, _, _ in fields.parse(EN[key]) if f}
        es = {f for _, f, _, _ in fields.parse(ES[key]) if f}
        if key.startswith("msg_"):  # messages: tests/test_messages.py (`{name_g:o/a}`)
            continue
        assert en - {"g"} == es - {"g"}, key  # `{g:o/a}`: Spanish agreement (R-OUT-5)


def test_R_OUT_5_lang_option_overrides_the_file(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0)), fighter("orc", "b", (5, 5))))
    start(run, path, "15,3", "hero")
    es = run("next", path, "--lang", "es", "--dry-run")
    en = run("next", path, "--dry-run")
    assert "Es el turno de" in es.out and "It is" in en.out


def test_R_OUT_4_mention_template_kept_and_handle_escaped(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0), player="Kel_mor", pc=True),
                           fighter("orc", "b", (5, 5))))
    r = run("roll-initiative", path, "--dice", "15,3", "--format", "markdown")
    assert r.code == 0, r.err
    assert "@Kel\\_mor" in r.out  # the template's @ stays a mention; the handle is escaped
