"""The cookbook (docs/en/cookbook.md, docs/es/cookbook.md) works as written: its encounter
validates, every command block runs (each on a fresh copy of that encounter, after the setup
its `<!-- cookbook: setup … -->` comment names) and exits 0, its TOML fragments validate, and
the post it shows is one the tool printed.

Commands run in a shell, from the `pbwcombat` installed beside this interpreter, as a GM would
type them; the dice seed is fixed so that the page's post can be printed again.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, any_chain_mark, installed_shell

SEED = 11  # the seed the page's post was printed with ("000…00b")
FILE = "bridge.toml"
LANGS = ("en", "es")


def page(lang: str) -> str:
    return (ROOT / "docs" / lang / "cookbook.md").read_text(encoding="utf-8")


def marked_blocks(text: str) -> list[tuple[str, str, str]]:
    """(marker, its argument, the fenced block after it) for every `<!-- cookbook: … -->`."""
    pattern = r"<!-- cookbook: (\w+)(?: ([^\n]*?))? -->\n```[a-z]*\n(.*?)^```"
    return [(m[1], m[2] or "", m[3]) for m in re.finditer(pattern, text, flags=re.S | re.M)]


def page_encounter(lang: str) -> str:
    (body,) = [b for marker, _, b in marked_blocks(page(lang)) if marker == "encounter"]
    return body


def runs(lang: str) -> list[tuple[str, str]]:
    """(setup, block) of every command block; `run` has no setup."""
    return [("" if marker == "run" else arg, body)
            for marker, arg, body in marked_blocks(page(lang)) if marker in ("run", "setup")]


def sh(line: str, cwd: Path) -> Any:
    return installed_shell(line, cwd, now="2026-11-29T20:00:00Z")


def fresh(tmp_path: Path, lang: str) -> Path:
    path = tmp_path / FILE
    path.write_text(page_encounter(lang) + f'\n[dice]\nalgorithm = "hmac-sha256-v1"\n'
                    f'seed = "{SEED:064x}"\nn = 0\n', encoding="utf-8")
    return path


def commands(block: str) -> list[str]:
    """The block's command lines; `$EDITOR` lines stand for an edit the setup makes."""
    return [line for line in block.splitlines()
            if line.strip() and not line.lstrip().startswith(("#", "$EDITOR"))]


def play(tmp_path: Path, lang: str, setup: str, block: str) -> list[str]:
    fresh(tmp_path, lang)
    if setup:
        result = sh(setup, tmp_path)
        assert result.returncode == 0, (setup, result.stderr)
    outputs = []
    for line in commands(block):
        assert line.startswith(("pbwcombat ", "sed ")), line
        result = sh(line, tmp_path)
        assert result.returncode == 0, (line, result.stderr)
        assert "Traceback" not in result.stderr, (line, result.stderr)
        outputs.append(result.stdout)
    return outputs


@pytest.mark.parametrize("lang", LANGS)
def test_the_cookbook_encounter_validates(tmp_path: Path, lang: str) -> None:
    fresh(tmp_path, lang)
    result = sh(f"pbwcombat validate {FILE}", tmp_path)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_both_cookbooks_have_the_same_recipes(lang: str) -> None:
    """The same command blocks in the same order (the texts around them are translated)."""
    assert len(runs(lang)) >= 12
    assert [setup for setup, _ in runs(lang)] == [setup for setup, _ in runs("en")]


CASES = [(lang, i) for lang in LANGS for i in range(len(runs(lang)))]


@pytest.mark.parametrize("lang,i", CASES, ids=[f"{lang}-{i}" for lang, i in CASES])
def test_every_cookbook_command_block_runs(tmp_path: Path, lang: str, i: int) -> None:
    setup, block = runs(lang)[i]
    assert commands(block), block
    play(tmp_path, lang, setup, block)


@pytest.mark.parametrize("lang", LANGS)
def test_the_cookbook_post_is_what_resolve_printed(tmp_path: Path, lang: str) -> None:
    """Each line of the page's post is a line of the round block's `resolve`, in order."""
    (post,) = [b for marker, _, b in marked_blocks(page(lang)) if marker == "post"]
    (block,) = [b for marker, _, b in marked_blocks(page(lang)) if marker == "run"]
    setup = ""
    outputs = play(tmp_path, lang, setup, block)
    resolve = [out for line, out in zip(commands(block), outputs, strict=True)
               if line.split()[1] == "resolve"][-1]
    printed = iter([any_chain_mark(line) for line in resolve.splitlines() if line.strip()])
    wanted = [any_chain_mark(line) for line in post.splitlines() if line.strip()]
    assert len(wanted) >= 8
    missing = [line for line in wanted if line not in printed]
    assert not missing, f"docs/{lang}/cookbook.md post lines the tool did not print: {missing}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_cookbook_toml_fragments_validate(tmp_path: Path, lang: str) -> None:
    """A fragment (an action of a combatant) validates under the encounter's last combatant."""
    fragments = [b for b in re.findall(r"^```toml\n(.*?)^```", page(lang), flags=re.S | re.M)
                 if not b.startswith("schema")]
    assert fragments
    for n, fragment in enumerate(fragments):
        path = tmp_path / f"fragment-{n}.toml"
        path.write_text(page_encounter(lang) + "\n" + fragment, encoding="utf-8")
        result = sh(f"pbwcombat validate {path.name}", tmp_path)
        assert result.returncode == 0, (fragment[:60], result.stderr)
