"""Rules whose behaviour other files exercise under other names: R-AOO-1/3 (threat), R-OUT-2
(no markup injection), R-OUT-5 (both catalogues complete)."""

from __future__ import annotations

import string

import pytest
from helpers import SWORD, aoos, build, fighter, start
from test_movement import BOW, by_orc, move

from pbwcombat.render.catalog import EN, ES


def test_R_AOO_1_only_squares_a_melee_weapon_reaches_are_threatened(run, encounter):
    """Leaving (0,0), adjacent to the orc's axe, provokes; leaving (3,0) afterwards does not."""
    path = by_orc(run, encounter)
    r = move(run, path, "hero", "0,1", "--dice", "2")  # still adjacent: (0,1)-(1,0) is 1
    assert len(aoos(r)) == 1 and aoos(r)[0]["attacker"] == "orc"
    far = encounter(build(fighter("hero", "a", (0, 0), defense=15, hp=20),
                          fighter("orc", "b", (3, 0), weapons=(BOW,))), name="far.toml")
    start(run, far, "15,3", "hero")
    r = move(run, far, "hero", "0,2")
    assert aoos(r) == []  # a combatant with only a bow threatens nothing (R-GEO-4)


def test_R_AOO_3_a_shot_from_a_threatened_square_provokes_first(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0), weapons=(BOW,), defense=15, hp=20),
                           fighter("orc", "b", (1, 0), weapons=(SWORD,))))
    start(run, path, "3,15", "hero")
    r = run("attack", path, "hero", "orc", "--format", "json", "--dice", "2,10,4")
    assert r.code == 0, r.err
    kinds = [e["kind"] for e in r.json()["events"] if e["type"] == "AttackRolled"]
    assert kinds == ["aoo", "attack"]  # the AoO is resolved before the shot


NASTY = "Gob[b]lin[/b] **x** [url=javascript:y]\nz"


@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "plain"])
def test_R_OUT_2_names_and_reasons_never_become_markup(run, encounter, fmt):
    path = encounter(build(fighter("hero", "a", (0, 0), name=NASTY),
                           fighter("orc", "b", (5, 5))))
    r = run("roll", path, "1d6", "--who", "hero", "--reason", NASTY, "--format", fmt)
    assert r.code == 0, r.err
    body = r.out.split("\n", 2)[2]
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
        assert en == es - {"g"}, key  # `{g:o/a}`: Spanish agreement (R-OUT-5)


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
