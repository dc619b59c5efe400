"""R-LOG-9: the players' salt only after the commitment, by its own journaled `dice salt`;
`dice commit --salt` is refused (exit 2) and no document offers it. `dice reveal` prints the
salt cleaned as user text (R-OUT-7) in every format, checked in the real renderers."""

from __future__ import annotations

import json

import pytest
from forum import ford, html_of, links_in, shown_text
from helpers import ROOT, journal_of, last_record, mark_of, ok, snapshot
from renderers import mentions

from pbwcombat.render.markup import INVISIBLE

EVIL_SALT = ("@everyone [b]big[/b] **bold** [url=https://evil.com]x[/url] https://evil.com/a "
             "www.evil.com \u202eevil\u2066 <http://auto.link>")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_R_LOG_9_dice_commit_salt_is_refused_exit_2_file_untouched(run, encounter, lang):
    path = encounter(ford(lang))
    before = snapshot(path)
    r = run("dice", "commit", path, "--salt", "4817")
    assert r.code == 2, (r.code, r.err)
    assert "R-LOG-9" in r.err and "dice salt" in r.err
    if lang == "es":
        assert "se rechaza dice commit --salt" in r.err
    assert snapshot(path) == before and not journal_of(path).exists()
    assert "--salt" not in run("dice", "commit", "--help").out


def test_R_LOG_9_salt_before_the_commitment_is_refused_exit_3(run, encounter):
    path = encounter(ford("en"))
    ok(run("roll", path, "1d20"))
    before = snapshot(path)
    r = run("dice", "salt", path, "4817", "--force")
    assert r.code == 3 and "R-LOG-9" in r.err, (r.code, r.err)
    assert snapshot(path) == before


def test_R_LOG_9_dice_salt_after_the_commitment_is_journaled_and_marked(run, encounter):
    path = encounter(ford("en"))
    ok(run("dice", "commit", path))
    r = ok(run("dice", "salt", path, "4817", "--format", "plain"))
    rec = last_record(path)
    assert rec["command"] == "dice salt"
    assert [e["type"] for e in rec["events"]] == ["DiceSalted"]
    assert r.out.rstrip().endswith(mark_of(path))  # R-LOG-8
    assert run("undo", path).code == 3  # R-LOG-1: never undone
    assert run("verify", path).code == 0


def test_R_LOG_9_no_document_offers_salt_before_the_commitment():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for page in pages:
        for para in page.read_text(encoding="utf-8").split("\n\n"):
            para = " ".join(para.split())
            assert "[--salt" not in para, (page, para)
            if "commit --salt" in para:
                assert "refused" in para or "rechaza" in para, (page, para)


def _revealed(run, encounter, lang: str):
    path = encounter(ford(lang))
    ok(run("dice", "commit", path))
    ok(run("dice", "salt", path, EVIL_SALT))
    return path


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "plain"])
def test_R_OUT_7_dice_reveal_cleans_the_salt_in_every_format(run, encounter, fmt, lang):
    path = _revealed(run, encounter, lang)
    r = ok(run("dice", "reveal", path, "--force", "--format", fmt))
    assert not any(ch in r.out for ch in INVISIBLE)
    label = "salt " if lang == "en" else "sal "
    assert any(line.startswith(label) for line in shown_text(r.out, fmt).splitlines())
    if fmt == "plain":
        return
    body = r.out.split("\n", 1)[1]  # the salt's lines, after the post's bold header
    page = html_of(body, fmt)
    assert links_in(r.out, fmt) == [], page  # no link, whatever the renderer
    assert "https://" not in r.out and "<strong>" not in page and "<b>" not in page
    assert "<http" not in page  # no autolink, no raw tag
    assert "everyone" in r.out and mentions(r.out, fmt) == []  # no renderer pings anyone


def test_R_OUT_7_dice_reveal_json_salt_is_cleaned_too(run, encounter):
    path = _revealed(run, encounter, "en")
    data = json.loads(ok(run("dice", "reveal", path, "--force", "--format", "json")).out)
    assert not any(ch in data["salt"] + data["text"] for ch in INVISIBLE)
    assert "evil" in data["salt"]  # cleaned, not dropped


TERMINAL = ("\x1b[2J\x1b[31mred\x1b[0m \x1b]8;;https://evil.com/x\x1b\\click here\x1b]8;;\x1b\\"
            " \x07bell \u061cmark")


@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "plain", "json"])
def test_R_OUT_7_terminal_escapes_and_the_arabic_letter_mark_never_reach_a_post(
        run, encounter, fmt):
    """A clear screen, colours, an OSC 8 hyperlink hiding its address, a bell, U+061C:
    gone from the post in every format (JSON's events and text included), words kept."""
    path = encounter(ford("en"))
    r = ok(run("roll", path, "1d6", "--reason", TERMINAL, "--format", fmt))
    for bad in ("\x1b", "\x07", "\u061c", "\\u001b", "\\u0007"):
        assert bad not in r.out, (bad, r.out)
    assert "click here" in r.out and "red" in r.out and "bell" in r.out
    text = r.json()["text"] if fmt == "json" else r.out
    assert "evil.com/x" not in text  # the hidden address: gone with its escape sequence
    if fmt == "json":  # the raw reason of the event: no control left, the words kept
        reason = r.json()["events"][0]["reason"]
        assert "\x1b" not in reason and "click here" in reason
    path2 = encounter(ford("en"), name="salted.toml")
    ok(run("dice", "commit", path2))
    ok(run("dice", "salt", path2, TERMINAL))
    shown = ok(run("dice", "reveal", path2, "--force", "--format", fmt)).out
    assert "\x1b" not in shown and "\\u001b" not in shown and "click here" in shown


@pytest.mark.parametrize("fmt", ["bbcode", "markdown"])
def test_R_OUT_7_bare_domains_and_e_mail_addresses_are_not_linkable(run, encounter, fmt):
    path = encounter(ford("en"))
    r = ok(run("roll", path, "1d6", "--reason", "mail bob@evil.com or see evil.co.uk",
               "--format", fmt))
    assert "evil.com" not in r.out and "evil.co.uk" not in r.out
    assert "evil\u2024com" in r.out and "evil\u2024co\u2024uk" in r.out
    assert links_in(r.out, fmt) == []


def test_R_OUT_7_cleaning_dumped_json_keeps_it_valid_and_control_free():
    """JSON output is cleaned after it is dumped: whatever a user typed (escapes, backslashes,
    quotes, letters that look like `\\u001b`), the JSON still parses, other keys intact."""
    import random

    from pbwcombat.cleaning import clean

    pieces = ["\\", "u0007", "u001b", '"', "\x1b", "]8;;http://e.com", "\x07", "\x1b\\",
              "a", "\n", "[2J", "\\\\", "\x9b", "é", "\\u001b", "\u061c", "\u202e"]
    rnd = random.Random(30)
    for _ in range(3000):
        text = "".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 12)))
        data = json.loads(clean(json.dumps({"r": text, "q": "keep"}, ensure_ascii=False)))
        assert data["q"] == "keep"
        assert not any(ch in data["r"] for ch in "\x1b\x07\x9b\u061c\u202e"), (text, data)
