"""R-LOG-8 by hand: the standard-library verifier of docs/*/journal-and-dice.md, extended to
the thread (`check_posts`), run from the page itself against the same saved threads as
`verify --posts`: the honest fight passes, each of the tester's rewrites fails naming the
first post that disagrees."""

from __future__ import annotations

import re
from typing import Any

import pytest
from forum import (
    drop_last,
    drop_undone,
    edit_middle,
    fake_crash,
    ford,
    heal_last,
    honest_fight,
    unburn,
)
from helpers import ROOT, journal_of

from pbwcombat.render.chain import MARK

REWRITES = {"drop_undone": drop_undone, "edit_middle": edit_middle, "heal_last": heal_last,
            "drop_last": drop_last}


def _page_code(lang: str) -> dict[str, Any]:
    text = (ROOT / "docs" / lang / "journal-and-dice.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)
    assert len(blocks) == 1 and "def check_posts(" in blocks[0]
    namespace: dict[str, Any] = {}
    exec(compile(blocks[0], f"docs/{lang}/journal-and-dice.md", "exec"), namespace)
    return namespace


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("fmt,view", [("bbcode", "source"), ("markdown", "rendered"),
                                      ("bbcode", "rendered"), ("markdown", "source")])
@pytest.mark.parametrize("attack", ["honest", *REWRITES, "fake_crash", "unburn", "burn"])
def test_R_LOG_8_the_documented_posts_checker(run, encounter, tmp_path, capsys, attack, fmt,
                                              view, lang):
    check_posts = _page_code(lang)["check_posts"]
    path = encounter(ford(lang))
    fight = honest_fight(run, path, fmt, burn=attack in ("burn", "unburn"))
    first = None
    if attack == "fake_crash":
        first = fake_crash(path, fight)
    elif attack == "unburn":
        first = unburn(path)
    elif attack == "burn":
        first = "last"
    elif attack in REWRITES:
        first = REWRITES[attack](path)
    thread = tmp_path / "thread.txt"
    thread.write_text(fight.thread(view), encoding="utf-8")
    capsys.readouterr()
    passed = check_posts(str(journal_of(path)), str(thread))
    out = capsys.readouterr().out
    if first is None:
        assert passed is True, out
        assert re.search(r"^#\d+: .*`roll`", out, flags=re.M)  # the roll nobody saw
        return
    assert passed is False
    word = "post" if lang == "en" else "mensaje"
    assert out.startswith(f"{word} {fight.number(first)} ({MARK} {fight.mark(first)}):"), out
    # and the tool agrees on which post it is
    tool = run("verify", path, "--posts", thread, "--format", "json")
    assert tool.code == 3
    assert tool.json()["first_failure"].startswith(f"post {fight.number(first)} ")
