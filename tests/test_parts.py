"""R-OUT-8: `--max-length N` and `--format discord` (Markdown in parts of at most 2,000
characters): each part begins with the header and "(k/n)", splits never cut a tag pair, code
blocks are closed and reopened, long lines are broken; JSON gives "parts"."""

from __future__ import annotations

import json
import re

import pytest
from helpers import COMMONMARK, fighter, ok, rendered_lines

from pbwcombat.render.parts import SEPARATOR, break_line, split_post

BIG_AXE = {"id": "axe", "name": "Axe", "attack": 5, "damage": "1d8+3"}


def parts_of(out: str) -> list[str]:
    return out.split(f"{SEPARATOR}\n")


def balanced(part: str, fmt: str) -> None:
    fence = "```" if fmt in ("markdown", "discord") else "[code]"
    inside = False
    for line in part.splitlines():
        if fmt in ("markdown", "discord"):
            if line.startswith(fence):
                inside = not inside
            elif not inside:
                assert line.count("**") % 2 == 0, line
        else:
            if line in ("[code]", "[/code]"):
                inside = line == "[code]"
            elif not inside:
                assert line.count("[b]") == line.count("[/b]"), line
    assert not inside, part


@pytest.fixture
def long_fight(run, encounter):
    """A 50-command fight: initiative, then attacks and turns until 50 commands (a fixed
    seed: the log's length, and so its part count, must not vary from run to run)."""
    path = encounter('schema = 1\nname = "Long fight at the ford"\nlang = "en"\n'
                     'format = "markdown"\n\n[dice]\nseed = "' + "5" * 64 + '"\n\n'
                     + fighter("hero", "a", (0, 0), name="Hero", pc=True, player="kel",
                               defense=12, hp=900, initiative_mod=10, weapons=(BIG_AXE,))
                     + fighter("orc", "b", (1, 0), name="Orc", player="gm", defense=12,
                               hp=900, weapons=(BIG_AXE,)))
    ok(run("roll-initiative", path, "--dice", "20,1"))
    commands = 1
    while commands < 50:
        turn = "hero" if commands % 4 in (1, 2) else "orc"
        other = "orc" if turn == "hero" else "hero"
        if commands % 2:
            ok(run("attack", path, turn, other))
        else:
            ok(run("next", path))
        commands += 1
    return path


@pytest.mark.parametrize("lang", ["en", "es"])
def test_R_OUT_8_discord_log_of_a_50_command_fight_comes_in_parts(run, long_fight, lang):
    out = ok(run("log", long_fight, "--format", "discord", "--lang", lang)).out
    whole = ok(run("log", long_fight, "--format", "markdown", "--lang", lang)).out
    assert len(whole) > 6000
    parts = parts_of(out)
    assert len(parts) >= len(whole) // 2000
    head = whole.splitlines()[0]
    for k, part in enumerate(parts, 1):
        assert len(part) <= 2000, len(part)
        assert part.splitlines()[0] == f"{head} ({k}/{len(parts)})"
        assert part.splitlines()[1] == ""
        balanced(part, "discord")
        rendered_lines(part)  # no soft break: lines kept in CommonMark
    # nothing lost: every line of the whole log is in some part
    body = {x.rstrip() for p in parts for x in p.splitlines()[2:]}
    assert {x.rstrip() for x in whole.splitlines()[2:] if x.strip()} <= body


def test_R_OUT_8_discord_never_exceeds_2000_even_when_asked_more(run, long_fight):
    out = ok(run("log", long_fight, "--format", "discord", "--max-length", "5000")).out
    assert all(len(p) <= 2000 for p in parts_of(out))


def test_R_OUT_8_a_post_that_fits_is_one_part(run, long_fight):
    out = ok(run("show", long_fight, "--max-length", "2000")).out
    assert SEPARATOR not in out and "(1/1)" not in out


@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "plain"])
def test_R_OUT_8_max_length_in_every_format(run, long_fight, fmt):
    out = ok(run("log", long_fight, "--format", fmt, "--max-length", "500")).out
    parts = parts_of(out)
    assert len(parts) > 10
    for part in parts:
        assert len(part) <= 500
        assert re.search(r" \(\d+/\d+\)$", part.splitlines()[0])
        balanced(part, fmt)


def test_R_OUT_8_json_gives_parts(run, long_fight):
    r = ok(run("log", long_fight, "--format", "json", "--max-length", "800"))
    data = json.loads(r.out)
    assert len(data["parts"]) > 3 and all(len(p) <= 800 for p in data["parts"])
    assert data["parts"][0].startswith(data["text"].splitlines()[0] + " (1/")


def test_R_OUT_8_an_action_post_splits_too(run, long_fight):
    reason = " ".join(["a very long reason"] * 60)
    r = ok(run("roll", long_fight, "1d20", "--reason", reason, "--format", "bbcode",
               "--max-length", "300"))
    parts = parts_of(r.out)
    assert len(parts) >= 4
    for part in parts:
        assert len(part) <= 300
        balanced(part, "bbcode")


def test_R_OUT_8_code_blocks_are_closed_and_reopened(run, encounter):
    people = "".join(fighter(f"c{i}", "a" if i % 2 else "b", (i * 3, i * 2), name=f"C{i}")
                     for i in range(20))
    path = encounter('schema = 1\nname = "Wide"\nformat = "markdown"\n\n' + people)
    out = ok(run("map", path, "--max-length", "400")).out
    parts = parts_of(out)
    assert len(parts) >= 3
    for part in parts:
        assert len(part) <= 400
        balanced(part, "markdown")
        fences = [t for t in COMMONMARK.parse(part) if t.type == "fence"]
        assert all(t.content for t in fences)
    assert parts[1].split("\n\n", 1)[1].startswith("```")  # reopened


def test_R_OUT_8_max_length_too_short_is_a_usage_error(run, long_fight):
    assert run("show", long_fight, "--max-length", "20").code == 2


def test_break_line_keeps_bold_pairs():
    line = "Roll " + " ".join(["**bold words here**"] * 30)
    for fmt, (a, b) in (("markdown", ("**", "**")), ("bbcode", ("[b]", "[/b]"))):
        text = line.replace("**bold", a + "bold").replace("here**", "here" + b)
        pieces = break_line(text, 60, fmt)
        assert all(len(p) <= 60 for p in pieces)
        for p in pieces:
            balanced(p, fmt)
    assert break_line("x" * 130, 50, "plain") == ["x" * 50, "x" * 50, "x" * 30]


def test_split_numbers_parts_past_nine():
    text = "Header\n\n" + "\n".join(f"line {i} " + "x" * 60 for i in range(200))
    parts = split_post(text, 300, "plain")
    assert len(parts) >= 10
    assert parts[-1].startswith(f"Header ({len(parts)}/{len(parts)})")
    assert all(len(p) <= 300 for p in parts)


# -- R-OUT-10: log -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
def test_R_OUT_10_log_names_each_player_once_with_readable_times(run, long_fight, lang):
    out = ok(run("log", long_fight, "--lang", lang, "--format", "plain")).out
    assert out.count("@kel") == 1 and out.count("@gm") == 1
    titles = [x for x in out.splitlines() if re.match(r"(Command|Paso) \d+:", x)]
    assert len(titles) == 50
    for title in titles:
        assert re.search(r"\(2026-11-29 12:00 UTC\)$", title), title
    assert "T12:00" not in out
    if lang == "es":
        assert "Paso 2: ataque (" in out and "Paso 3: siguiente turno (" in out
        assert not re.search(r"\b(attack|next)\b", out)
    else:
        assert "Command 2: attack (" in out and "Command 3: next turn (" in out


def test_R_OUT_10_each_player_once_per_post_in_discord_parts_too(run, long_fight):
    out = ok(run("log", long_fight, "--format", "discord")).out
    assert out.count("@kel") == 1
