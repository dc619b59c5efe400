"""R-LOG-9: the players' salt only after the commitment, by its own journaled `dice salt`;
`dice commit --salt` is refused (exit 2) and no document offers it. `dice reveal` prints the
salt cleaned as user text (R-OUT-7) in every format, checked in the real renderers."""

from __future__ import annotations

import json

import pytest
from forum import ford, html_of, links_in, shown_text
from helpers import ROOT, journal_of, last_record, mark_of, ok, snapshot

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
    page = html_of(r.out, fmt)
    assert links_in(r.out, fmt) == [], page  # no link, whatever the renderer
    assert "https://" not in r.out and "<strong>" not in page and "<b>" not in page
    assert "<http" not in page  # no autolink, no raw tag
    if fmt == "markdown":
        assert "\\@everyone" in r.out  # escaped: no mass mention where @ would ping


def test_R_OUT_7_dice_reveal_json_salt_is_cleaned_too(run, encounter):
    path = _revealed(run, encounter, "en")
    data = json.loads(ok(run("dice", "reveal", path, "--force", "--format", "json")).out)
    assert not any(ch in data["salt"] + data["text"] for ch in INVISIBLE)
    assert "evil" in data["salt"]  # cleaned, not dropped
