"""Posts rendered by real forum renderers: markdown-it-py in CommonMark mode (what Reddit,
GitHub, Discourse and Discord build on) and the `bbcode` package (phpBB-style forums).

R-OUT-6: Markdown keeps its lines (hard breaks, blank lines between blocks).
R-OUT-7: user text is cleaned in every format: no bidi or zero-width characters, no URL that
a renderer turns into a link, no mass mention.
"""

from __future__ import annotations

import json
import re

import bbcode
import pytest
from helpers import COMMONMARK, fighter, ok, rendered_lines

from pbwcombat.render.markup import INVISIBLE, hard_breaks

BBCODE = bbcode.Parser()  # linkifies bare URLs, as phpBB and most BBCode forums do

EVIL = ("\u202eEvil\u200b [url]http://x.io[/url] https://evil.com/a www.evil.com "
        "evil.com/p <http://auto.link> [b]Bold[/b]\u2066")


def plain_lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


def fight_file(encounter, name: str = "Ford", lang: str = "en", hero: str = "Hero",
               player: str = "kel"):
    return encounter(
        f'schema = 1\nname = "{name}"\nlang = "{lang}"\nformat = "markdown"\n\n'
        + fighter("hero", "a", (0, 0), name=hero, pc=True, player=player, defense=15, hp=20)
        + fighter("orc", "b", (1, 0), name="Orc", defense=12, hp=10)
        + fighter("gob", "b", (3, 3), name="Gob", defense=12, hp=10))


def a_few_posts(run, path) -> dict[str, tuple[str, str]]:
    """command → (markdown post, plain post) for the same command, via --dry-run twins."""
    posts: dict[str, tuple[str, str]] = {}
    for fmt in ("plain", "markdown"):
        r = ok(run("roll-initiative", path, "--dice", "18,5,3", "--format", fmt, "--dry-run"))
        posts.setdefault("roll-initiative", ("", ""))
        posts["roll-initiative"] = _put(posts["roll-initiative"], fmt, r.out)
    ok(run("roll-initiative", path, "--dice", "18,5,3"))
    for fmt in ("plain", "markdown"):
        r = ok(run("attack", path, "hero", "orc", "--dice", "20,19,6", "--format", fmt,
                   "--dry-run"))
        posts["attack"] = _put(posts.get("attack", ("", "")), fmt, r.out)
        r = ok(run("show", path, "--map", "--format", fmt))
        posts["show"] = _put(posts.get("show", ("", "")), fmt, r.out)
    ok(run("attack", path, "hero", "orc", "--dice", "20,19,6"))
    for fmt in ("plain", "markdown"):
        posts["log"] = _put(posts.get("log", ("", "")), fmt,
                            ok(run("log", path, "--format", fmt)).out)
        posts["map"] = _put(posts.get("map", ("", "")), fmt,
                            ok(run("map", path, "--format", fmt)).out)
    return posts


def _put(pair: tuple[str, str], fmt: str, text: str) -> tuple[str, str]:
    return (text, pair[1]) if fmt == "markdown" else (pair[0], text)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_R_OUT_6_markdown_keeps_every_line_in_commonmark(run, encounter, lang):
    """Every line of the plain post is a line on screen in the Markdown one: no soft break
    anywhere (they collapse into one paragraph), and the same number of lines."""
    posts = a_few_posts(run, fight_file(encounter, lang=lang))
    for command, (md, plain) in posts.items():
        seen = rendered_lines(md)
        assert len(seen) == len(plain_lines(plain)), command
        # blocks (paragraphs, lists, fences) are separated by a blank line
        lines = md.split("\n")
        blocks = [t for t in COMMONMARK.parse(md) if t.level == 0 and t.map
                  and t.type in ("paragraph_open", "bullet_list_open", "fence")]
        assert len(blocks) >= 2, command
        for tok in blocks[1:]:
            assert tok.map and lines[tok.map[0] - 1] == "", (command, tok.type, tok.map)


def test_R_OUT_6_hard_breaks_only_inside_paragraphs():
    text = "**H**\n\nline one\nline two\n- a\n- b\nafter\n```\nx  y\n```\nlegend\n"
    assert hard_breaks(text) == ("**H**\n\nline one  \nline two\n\n- a\n- b\n\nafter\n\n"
                                 "```\nx  y\n```\n\nlegend\n")
    assert hard_breaks(hard_breaks(text)) == hard_breaks(text)  # idempotent


@pytest.mark.parametrize("fmt", ["markdown", "bbcode", "plain", "json"])
def test_R_OUT_7_user_text_is_cleaned_in_every_format(run, encounter, fmt):
    path = fight_file(encounter, name=EVIL.replace("\\", ""), hero=EVIL)
    ok(run("roll-initiative", path, "--dice", "18,5,3"))
    outs = [ok(run("attack", path, "hero", "orc", "--dice", "20,19,6", "--format", fmt)).out,
            ok(run("roll", path, "1d20", "--reason", EVIL, "--dice", "7", "--format", fmt)).out,
            ok(run("show", path, "--map", "--format", fmt)).out,
            ok(run("log", path, "--format", fmt)).out,
            ok(run("map", path, "--format", fmt)).out]
    for out in outs:
        assert not set(out) & set(INVISIBLE), out
        assert "Evil" in out
        if fmt == "json":
            json.loads(out)
        if fmt in ("markdown", "bbcode"):
            assert not re.search(r"[A-Za-z]://", out), out  # never verbatim
        if fmt == "markdown":
            html = COMMONMARK.render(out)
            assert "<a " not in html and "<strong>Bold</strong>" not in html
        if fmt == "bbcode":
            html = BBCODE.format(out)
            assert "<a " not in html, html
            assert "<strong>Bold</strong>" not in html and "<b>Bold</b>" not in html


def test_R_OUT_7_a_rtl_override_cannot_reverse_a_roll(run, encounter):
    path = fight_file(encounter, hero="\u202eHero")
    r = ok(run("roll-initiative", path, "--dice", "18,5,3", "--format", "plain"))
    assert "\u202e" not in r.out and "Initiative, Hero: 1d20 (18 supplied)" in r.out


@pytest.mark.parametrize("handle", ["everyone", "EveryOne", "here", "@here", "\u200beveryone"])
def test_R_OUT_7_mass_mention_handles_are_an_invalid_file(run, encounter, handle):
    path = fight_file(encounter, player=handle)
    before = path.read_bytes()
    r = run("show", path)
    assert r.code == 65 and "combatants[0].player" in r.err and "R-OUT-7" in r.err
    assert run("validate", path).code == 65
    assert path.read_bytes() == before


def test_R_OUT_7_ordinary_handles_still_mention(run, encounter):
    path = fight_file(encounter, player="everyone_else")
    r = ok(run("roll-initiative", path, "--dice", "18,5,3"))
    assert "@everyone\\_else" in r.out
