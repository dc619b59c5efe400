"""R-LOG-8: every post that follows a journal record ends with that record's short chain mark,
`⛓` and the first 12 hex digits of its after-hash: a code span in Markdown, plain text in
BBCode and plain posts, never a link; the field `chain` in JSON. Checked in the real renderers
(markdown-it-py, `bbcode`) and in both languages. The mark is always read from the journal,
never written out in the test."""

from __future__ import annotations

import pytest
from forum import last_line, links_in, shown_text
from helpers import fighter, journal_of, last_record, mark_of, ok

from pbwcombat.render.chain import MARK


def _ford(encounter, lang: str = "en"):
    return encounter(f'schema = 1\nname = "Ford"\nlang = "{lang}"\nformat = "bbcode"\n\n'
                     + fighter("hero", "a", (0, 0), name="Hero", pc=True, player="kel",
                               defense=15, hp=20)
                     + fighter("orc", "b", (1, 0), name="Orc", defense=12, hp=10))


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "plain"])
def test_R_LOG_8_every_text_post_ends_with_its_records_mark(run, encounter, fmt, lang):
    path = _ford(encounter, lang)
    for args in (("roll-initiative", "--dice", "18,5"), ("attack", "hero", "orc"),
                 ("roll", "1d20", "--reason", "Spot"), ("hp", "orc", "-2"), ("next",)):
        r = ok(run(args[0], path, *args[1:], "--format", fmt))
        mark = mark_of(path)  # the record just appended, from the journal
        expected = f"`{mark}`" if fmt == "markdown" else mark
        assert last_line(r.out) == expected, (args, r.out)
        assert r.out.endswith("\n\n" + expected + "\n")  # its own paragraph
        assert r.out.count(MARK) == 1
        # what a reader sees: the mark is the last line, as text, and never a link
        seen = shown_text(r.out, fmt)
        assert last_line(seen) == mark, seen
        assert not any(mark.split()[1] in link for link in links_in(r.out, fmt))


def test_R_LOG_8_markdown_mark_is_a_code_span_in_commonmark(run, encounter):
    from forum import html_of

    path = _ford(encounter)
    ok(run("roll-initiative", path, "--dice", "18,5"))
    r = ok(run("attack", path, "hero", "orc", "--format", "markdown"))
    assert f"<code>{mark_of(path)}</code>" in html_of(r.out, "markdown")
    r = ok(run("roll", path, "1d6", "--format", "bbcode"))
    page = html_of(r.out, "bbcode")
    assert mark_of(path) in page and "<a " not in page


@pytest.mark.parametrize("lang", ["en", "es"])
def test_R_LOG_8_json_has_the_mark_as_a_field_and_in_its_text(run, encounter, lang):
    path = _ford(encounter, lang)
    ok(run("roll-initiative", path, "--dice", "18,5"))
    r = ok(run("attack", path, "hero", "orc", "--format", "json"))
    data = r.json()
    assert data["chain"] == last_record(path)["after_sha"][:12]
    assert last_line(data["text"]) == mark_of(path)


def test_R_LOG_8_undo_post_carries_the_undo_records_mark(run, encounter):
    path = _ford(encounter)
    ok(run("roll", path, "1d20"))
    ok(run("roll", path, "1d6"))
    for fmt in ("plain", "markdown"):
        r = ok(run("undo", path, "--format", fmt))
        assert last_record(path)["type"] == "undo"
        assert last_line(r.out).strip("`") == mark_of(path)
    r = ok(run("roll", path, "1d4", "--format", "json"))
    r = ok(run("undo", path, "--format", "json"))
    assert r.json()["chain"] == mark_of(path).split()[1]
    assert last_line(r.json()["text"]) == mark_of(path)


def test_R_LOG_8_no_record_no_mark(run, encounter):
    """A dry run and the read-only commands record nothing, so their posts carry no mark;
    `undo --dry-run` neither."""
    path = _ford(encounter)
    ok(run("roll-initiative", path, "--dice", "18,5"))
    lines = journal_of(path).read_bytes().count(b"\n")
    for args in (("roll", "1d20", "--dry-run"), ("attack", "hero", "orc", "--dry-run"),
                 ("undo", "--dry-run"), ("show",), ("log",), ("map",), ("verify",)):
        r = ok(run(args[0], path, *args[1:]))
        assert MARK not in r.out, (args, r.out)
    assert journal_of(path).read_bytes().count(b"\n") == lines


def test_R_LOG_8_key_repeat_ends_with_the_first_posts_mark(run, encounter):
    path = _ford(encounter)
    first = ok(run("roll", path, "1d20", "--key", "k1"))
    mark = mark_of(path)
    ok(run("roll", path, "1d6"))
    again = ok(run("roll", path, "1d20", "--key", "k1"))
    assert last_line(again.out) == last_line(first.out) == mark
    assert mark != mark_of(path)  # not the latest record's


def test_R_LOG_8_after_a_hand_edit_the_post_ends_with_the_commands_mark(run, encounter):
    path = _ford(encounter)
    ok(run("roll", path, "1d20"))
    path.write_text(path.read_text().replace("hp = 20", "hp = 17", 1))
    r = ok(run("roll", path, "1d6", "--format", "plain"))
    assert last_record(path)["type"] == "command"
    assert "Edited by hand" in r.out and last_line(r.out) == mark_of(path)


def test_R_LOG_8_a_split_post_has_the_mark_once_at_its_end(run, encounter):
    path = _ford(encounter)
    ok(run("roll-initiative", path, "--dice", "18,5"))
    r = ok(run("attack", path, "hero", "orc", "--max-length", "90", "--format", "markdown"))
    parts = r.out.split("-- 8< --\n")
    assert len(parts) > 1
    assert r.out.count(MARK) == 1 and last_line(parts[-1]) == f"`{mark_of(path)}`"
