"""R-LOG-8: `verify FILE --posts THREAD.txt` on real saved threads. A scripted fight (commit,
salt, attacks, a posted command undone, a command undone before anybody saw it, a hand edit,
a dry run and a `show` in the thread, a `roll`) is saved as a forum shows it: the BBCode and
Markdown sources, the text markdown-it-py and bbcode render, plain posts; in both languages.
The honest thread passes; each of the tester's rewrites, written by the attacker's pen with
every hash recomputed (tests/forum.py: plain `verify` still says ok), fails (exit 3) naming
the first post that disagrees."""

from __future__ import annotations

import re

import pytest
from forum import (
    VIEWS,
    drop_last,
    drop_undone,
    edit_middle,
    fake_crash,
    ford,
    heal_last,
    honest_fight,
    unburn,
)

from pbwcombat.render.chain import MARK


def _seed(path) -> str:
    import re

    found = re.search(r'seed = "([0-9a-f]{64})"', path.read_text(encoding="utf-8"))
    assert found is not None
    return found.group(1)


def _verify(run, path, thread_file, *more):
    return run("verify", path, "--seed", _seed(path), "--posts", thread_file, *more)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("fmt,view", VIEWS)
def test_R_LOG_8_the_honest_fight_passes(run, encounter, tmp_path, fmt, view, lang):
    path = encounter(ford(lang))
    fight = honest_fight(run, path, fmt)
    thread = tmp_path / "thread.txt"
    thread.write_text(fight.thread(view), encoding="utf-8")
    r = _verify(run, path, thread, "--lang", "en")
    assert r.code == 0, (r.out, r.err)
    assert r.out.rstrip().splitlines()[-1].startswith("Verdict: all ")  # issue 25
    marks = sum(1 for label, text in fight.posts if MARK in text)
    assert f"posts with a chain mark checked: {marks} (records after the last one: 0)" in r.out
    # the roll undone before anybody saw it is listed, never posted, and not a failure
    assert "rolled by `roll` (undone), never posted" in r.out
    data = _verify(run, path, thread, "--format", "json").json()
    assert data["ok"] and data["posts"] == marks
    assert [u["command"] for u in data["unposted"]] == ["roll"]


ATTACKS = {"drop_undone": drop_undone, "edit_middle": edit_middle, "heal_last": heal_last,
           "drop_last": drop_last}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("fmt,view", VIEWS)
@pytest.mark.parametrize("attack", [*ATTACKS, "fake_crash", "unburn", "burn"])
def test_R_LOG_8_each_rewrite_fails_naming_the_first_post_that_disagrees(
        run, encounter, tmp_path, attack, fmt, view, lang):
    path = encounter(ford(lang))
    fight = honest_fight(run, path, fmt, burn=attack in ("burn", "unburn"))
    if attack == "fake_crash":
        first = fake_crash(path, fight)
    elif attack == "unburn":
        first = unburn(path)
    elif attack == "burn":
        first = "last"  # the post after the roll nobody saw
    else:
        first = ATTACKS[attack](path)
    thread = tmp_path / "thread.txt"
    thread.write_text(fight.thread(view), encoding="utf-8")
    assert run("verify", path, "--seed", _seed(path)).code == 0  # the journal alone: ok
    r = _verify(run, path, thread, "--format", "json", "--lang", "en")
    assert r.code == 3, r.out
    where = f"post {fight.number(first)} ({MARK} {fight.mark(first)}, line "
    assert r.json()["first_failure"].startswith(where), (r.json()["failures"], where)
    said = _verify(run, path, thread)  # the refusal in the file's language, on stderr
    assert said.code == 3
    if lang == "es":
        assert f"mensaje {fight.number(first)} ({MARK} {fight.mark(first)}, línea " in said.err
    else:
        assert f"R-LOG-8: verification failed at {where}" in said.err
    if attack == "burn":
        assert "rolled by `roll peek`, never posted" in _verify(run, path, thread,
                                                           "--lang", "en").out


def test_R_LOG_8_a_thread_saved_half_as_source_half_rendered_passes(
        run, encounter, tmp_path):
    """One thread mixing views (a player copies some posts rendered, others as source)."""
    path = encounter(ford("en"))
    fight = honest_fight(run, path, "markdown")
    thread = tmp_path / "thread.txt"
    thread.write_text(fight.thread("source", rendered_from=len(fight.posts) // 2),
                      encoding="utf-8")
    assert _verify(run, path, thread).code == 0


def test_R_LOG_8_posts_file_that_cannot_be_read_is_66_and_a_fifo_never_blocks(
        run, encounter, tmp_path):
    import os

    path = encounter(ford("en"))
    ok_ = run("roll", path, "1d20")
    assert ok_.code == 0
    assert _verify(run, path, tmp_path / "missing.txt").code == 66
    fifo = tmp_path / "thread.fifo"
    os.mkfifo(fifo)
    r = _verify(run, path, fifo)
    assert r.code == 66 and "regular" in r.err


def test_R_LOG_8_quotes_key_repeats_split_posts_and_emoji_marks_pass(run, encounter, tmp_path):
    """What a real thread also holds: a player quoting a GM post, a `--key` repeat printed
    again, a post split by --max-length, the mark turned into `:chains:` by the forum."""
    from forum import Fight

    path = encounter(ford("en"))
    f = Fight(run, path, "bbcode")
    f.post("init", "roll-initiative", "--dice", "18,5")
    attack = f.post("attack", "attack", "hero", "orc", "--key", "a1")
    f.chat("[quote]" + attack + "[/quote]\nGreat hit!")
    f.post("again", "attack", "hero", "orc", "--key", "a1")  # a cron retry: the same post
    f.post("split", "roll", "4d6", "--reason", "a long roll", "--max-length", "80")
    assert "(1/" in dict(f.posts)["split"]
    f.post("spot", "roll", "1d20", "--reason", "Spot")
    thread = tmp_path / "thread.txt"
    thread.write_text(f.thread("source").replace(MARK + " ", ":chains: ", 1), encoding="utf-8")
    r = _verify(run, path, thread, "--format", "json")
    assert r.code == 0, r.json()["failures"]
    assert r.json()["posts"] == 6 and r.json()["unposted"] == []
    # a quote that changes a face is caught like any post
    real = int(re.search(r"\((\d+) #0\)", f.thread("source")).group(1))
    wrong = real % 20 + 1  # never the real face (a fixed 1 was the real roll now and then)
    forged = f.thread("source").replace("[quote]", f"[quote]1d20 ({wrong} #0) miss\n", 1)
    thread.write_text(forged, encoding="utf-8")
    assert _verify(run, path, thread).code == 3


def test_R_LOG_8_a_thread_with_no_marks_checks_nothing_and_lists_every_die(
        run, encounter, tmp_path):
    path = encounter(ford("es"))
    assert run("roll", path, "2d6").code == 0
    thread = tmp_path / "thread.txt"
    thread.write_text("nothing posted yet\n", encoding="utf-8")
    r = _verify(run, path, thread)
    assert r.code == 0
    assert "mensajes con marca de cadena comprobados: 0" in r.out
    assert r.out.count("nunca publicado") == 2


@pytest.mark.parametrize("width", range(8, 30))
def test_R_LOG_8_a_split_never_cuts_a_die_from_its_number(width):
    """R-OUT-8 breaks long lines at spaces; never between a face and its `#n` (the posts
    check reads `FACE #N`)."""
    import re

    from pbwcombat.render.parts import break_line

    line = "Roll 4d6: 4d6 (5 #6, 2 #7, 16 #8, 2 #9) = 25"
    pieces = break_line(line, width, "plain")
    dice = re.findall(r"(\d+) #(\d+)", "\n".join(pieces))
    assert dice == [("5", "6"), ("2", "7"), ("16", "8"), ("2", "9")], pieces
