"""Issue 25: the defects players met in real forum renderers, each checked in the renderer it
broke (Python-Markdown itself; phpBB's, SMF's, GitHub's and Discourse's rules emulated from
their documented defaults in tests/renderers.py), and every post of the example fights, in
both languages, through the whole check."""

from __future__ import annotations

import re
import shutil

import pytest
from helpers import ENCOUNTERS, build, fighter, ok, start
from renderers import mailto, mentions, problems, python_markdown_text, smileys, visible_backslashes

DEMO_SEED = "5eed0f0a0bbc0ba7de00000000000000000000000000000000000000000000d0"
CHAIN = re.compile(r"^`?⛓.*$", re.M)


def _names_fight(encounter, name: str, fmt: str, lang: str = "en"):
    text = build(fighter("hero", "a", (0, 0), name=name, player="Kelmor", pc=True),
                 fighter("orc", "b", (5, 5), name="Orc"), fmt=fmt)
    return encounter(text.replace('lang = "en"', f'lang = "{lang}"', 1))


@pytest.mark.parametrize("fmt", ["bbcode", "markdown"])
def test_R_OUT_2_an_at_sign_in_a_name_mentions_nobody_in_discourse(run, encounter, fmt):
    path = _names_fight(encounter, "Spy @Kelmor and @everyone", fmt)
    r = ok(run("roll-initiative", path, "--dice", "15,3"))
    assert "Spy" in r.out and "Kelmor" in r.out
    # only the template's own mention of the player whose turn it is
    assert mentions(r.out, fmt) == ["Kelmor"], r.out


@pytest.mark.parametrize("fmt", ["bbcode", "markdown"])
def test_R_OUT_7_an_email_address_in_a_name_is_no_mailto_link(run, encounter, fmt):
    path = _names_fight(encounter, "bob@mail.example.com", fmt)
    r = ok(run("show", path))
    assert "bob" in r.out and mailto(r.out) == [], r.out  # phpBB, SMF, GitHub


def test_R_OUT_2_smiley_codes_in_a_name_stay_text_in_phpbb_and_smf(run, encounter):
    path = _names_fight(encounter, "Grin :D 8) ;) :-(", "bbcode")
    r = ok(run("roll-initiative", path, "--dice", "15,8"))
    assert smileys(r.out) == [], r.out
    assert "Grin" in r.out


def test_an_initiative_total_of_8_is_no_smf_smiley(run, encounter):
    """`Aldric (8)` was `Aldric (😎` in SMF: the total is bold, so `8)` never touches."""
    path = _names_fight(encounter, "Aldric", "bbcode")
    r = ok(run("roll-initiative", path, "--dice", "8,3"))
    assert "(8)" not in r.out and smileys(r.out) == []
    assert smileys("Aldric (8)") == ["8)"]  # SMF's rule sees the old defect
    show = ok(run("show", path))
    assert smileys(show.out) == [] and "Aldric" in show.out


def test_the_emulations_see_what_the_forums_do():
    """The check itself: each rule finds the defect it exists for."""
    assert mentions("It is Bob's turn. @Kel_mor", "markdown") == ["Kel_mor"]
    assert mentions(r"Evil \@Kelmor", "markdown") == ["Kelmor"]  # escaped, still a mention
    assert set(mailto("[b]bob@mail.example.com[/b]")) == {"bob@mail.example.com"}
    assert set(smileys("Grin :D")) == {":D"} and smileys("[code]8)[/code]") == []
    assert visible_backslashes(r"Aldric\'s") == ["\\'"]
    assert visible_backslashes(r"\*x\*") == []


def test_a_list_line_of_die_numbers_is_no_heading_in_python_markdown(run, encounter):
    """`- #16: …` was a heading inside a list item in original Markdown: the line now starts
    with a word (R-LOG-1's reuse list in `log` after an undo)."""
    path = encounter(build(fighter("hero", "a", (0, 0)), fighter("orc", "b", (1, 0)),
                           fmt="markdown"))
    ok(run("roll", path, "1d20", "--reason", "Spot"))
    ok(run("undo", path))
    ok(run("roll", path, "1d6", "--reason", "Listen"))
    r = ok(run("log", path))
    html = __import__("markdown").markdown(r.out)
    assert "<h1>" not in html and "#0" in python_markdown_text(r.out), html
    lines = [line for line in r.out.splitlines() if line.startswith("- ")]
    assert lines and not any(line.startswith("- #") for line in lines)


def _play(run, path, lang: str, fmt: str) -> list[str]:
    """The demo's fight (scripts/demo.sh), every post kept."""
    common = ("--lang", lang, "--format", fmt)
    steps = [("roll-initiative", "--dice", "18,15,4,9,12"), ("show", "--map"),
             ("move", "aldric", "4,2"), ("attack", "aldric", "snag", "--dice", "19,17"),
             ("next",), ("attack", "mira", "nit", "--weapon", "longbow"), ("next",),
             ("attack", "nit", "mira"), ("next",), ("disengage", "grak", "--to", "6,2"),
             ("attack", "grak", "aldric"), ("next",), ("intercept", "brother-tom", "mira"),
             ("next",), ("declare", "aldric", "attack", "grak"),
             ("declare", "mira", "attack", "grak", "--weapon", "longbow"),
             ("declare", "nit", "attack", "mira"), ("declare", "grak", "attack", "aldric"),
             ("declare", "brother-tom", "move", "5,3"), ("show",), ("resolve",), ("map",),
             ("hp", "grak,nit", "-2d6"), ("log",), ("undo",), ("log",), ("verify",)]
    posts = []
    for command, *args in steps:
        r = run(command, path, *args, *common)
        assert r.code == 0, (command, r.err)
        posts.append(r.out)
    return posts


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("fmt", ["bbcode", "markdown"])
def test_every_post_of_the_example_fight_passes_the_forum_check(run, tmp_path, lang, fmt):
    """Issue 25's check on a whole fight: no visible backslash after Python-Markdown, no
    Discourse mention but the template's, no mailto:, no smiley code."""
    path = tmp_path / "goblin-ambush.toml"
    shutil.copyfile(ENCOUNTERS / "goblin-ambush.toml", path)
    with path.open("a", encoding="utf-8") as f:  # the demo's seed: the demo's story
        f.write(f'\n[dice]\nseed = "{DEMO_SEED}"\n')
    players = frozenset({"Kelmor", "Sparrow", "Quill"})
    for post in _play(run, path, lang, fmt):
        assert problems(CHAIN.sub("", post), fmt, players) == [], post


@pytest.mark.parametrize("example", ["emboscada-en-el-vado.toml", "mill-fight.toml",
                                     "pelea-en-el-molino.toml", "starter-en.toml",
                                     "starter-es.toml"])
@pytest.mark.parametrize("fmt", ["bbcode", "markdown"])
def test_every_example_encounter_starts_with_clean_posts(run, tmp_path, example, fmt):
    path = tmp_path / example
    shutil.copyfile(ENCOUNTERS / example, path)
    for command in (("show",), ("roll-initiative",), ("show", "--map"), ("next",), ("log",)):
        r = run(command[0], path, *command[1:], "--format", fmt)
        if command == ("next",) and r.code == 3:  # a fight that rolled itself to an end
            continue
        assert r.code == 0, r.err
        assert problems(r.out, fmt, frozenset(_players(path))) == [], r.out


def _players(path) -> set[str]:
    import tomllib
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {c["player"] for c in data.get("combatants", []) if "player" in c}


def test_start_helper_is_used(run, encounter):
    """A turn-start post mentions its player once, in Markdown too."""
    path = _names_fight(encounter, "Hero", "markdown")
    start(run, path, "15,3", "hero")
    r = ok(run("show", path))
    assert mentions(r.out, "markdown") == []  # `show` mentions nobody
