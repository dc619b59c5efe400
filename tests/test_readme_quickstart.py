"""The README is a GM's first page (SPEC "Documentation"): at most 250 lines, its first screen
says what rules it plays (R-ENG-0), its quick start runs as written whoever wins initiative,
its post is one the tool really printed, and docs/en and docs/es hold the same pages.

The quick start is run the way a new GM runs it: each line of the README's block in a shell,
in an empty folder, with the `pbwcombat` installed beside this interpreter.
"""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, any_chain_mark, installed_shell

README = ROOT / "README.md"
DOCS = ROOT / "docs"
FIRST_SCREEN = 24  # lines a terminal shows without scrolling


def readme() -> str:
    return README.read_text(encoding="utf-8")


def block_after(marker: str, text: str | None = None) -> str:
    """The first fenced block after the HTML comment `<!-- marker…`."""
    rest = (readme() if text is None else text).split(f"<!-- {marker}", 1)[1]
    m = re.search(r"^```[a-z]*\n(.*?)^```", rest, flags=re.S | re.M)
    assert m, f"no fenced block after <!-- {marker}"
    return m.group(1)


def quick_start() -> list[str]:
    """The shell lines of the quick start (comment-only and blank lines left out)."""
    lines = [line for line in block_after("quick-start").splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    assert all(line.startswith("pbwcombat ") for line in lines), lines
    return lines


def sh(line: str, cwd: Path) -> Any:
    return installed_shell(line, cwd)


def fixed_seed(path: Path, seed: int) -> None:
    """Give a just-written encounter a known dice seed (a hand edit before the first command)."""
    with path.open("a", encoding="utf-8") as f:
        f.write(f'\n[dice]\nalgorithm = "hmac-sha256-v1"\nseed = "{seed:064x}"\nn = 0\n')


def play(tmp_path: Path, seed: int | None = None, initiative: str | None = None
         ) -> tuple[list[str], str]:
    """Run every quick-start line in tmp_path; (the outputs, who acted first)."""
    outputs, first = [], ""
    for line in quick_start():
        words = shlex.split(line, comments=True)
        if initiative is not None and words[1] == "roll-initiative":
            line = f"{line.split('#', 1)[0].rstrip()} --dice {initiative}"
        result = sh(line, tmp_path)
        assert result.returncode == 0, (line, result.stderr)
        assert "Traceback" not in result.stderr, (line, result.stderr)
        outputs.append(result.stdout)
        if words[1] == "new" and seed is not None:
            fixed_seed(tmp_path / words[2], seed)
        if words[1] == "roll-initiative":
            with (tmp_path / words[2]).open("rb") as f:
                first = tomllib.load(f)["state"]["order"][0]
    return outputs, first


# -- the README's shape -------------------------------------------------------------------------


def test_the_readme_has_at_most_250_lines() -> None:
    assert len(readme().splitlines()) <= 250


def test_R_ENG_0_the_first_screen_says_what_it_plays_and_names_the_plain_d20_key() -> None:
    first = " ".join(readme().splitlines()[:FIRST_SCREEN])
    flat = re.sub(r"[*\s]+", " ", first)
    assert "d20 combat with optional engagement rules" in flat
    assert "`rules.engagement = false` for plain d20" in flat


def test_the_readme_gives_the_install_and_the_two_set_up_commands() -> None:
    text = readme()
    for command in ("pip install .", "pipx install .", "pip install '.[map]'",
                    "make demo", "make test"):
        assert command in text, command


def test_the_quick_start_uses_only_commands_the_cli_has() -> None:
    listed = sh("pbwcombat --help", ROOT).stdout
    for line in quick_start():
        assert re.search(rf"^\s+{shlex.split(line, comments=True)[1]}\s", listed, flags=re.M), line


# -- the quick start runs as written, whoever wins initiative -----------------------------------


@pytest.mark.parametrize("faces,first", [("20,1", "hero"), ("1,20", "goblin"),
                                         ("9,10", "hero"), ("8,10", "goblin")])
def test_the_quick_start_runs_whoever_wins_initiative(tmp_path: Path, faces: str,
                                                      first: str) -> None:
    """Initiative fixed with `--dice` (hero +2, goblin +1: 9 and 10 tie at 11, and the higher
    modifier goes first, R-INI-2)."""
    outputs, acted_first = play(tmp_path, initiative=faces)
    assert acted_first == first
    assert len(outputs) == len(quick_start())
    assert all(out.strip() for out in outputs)  # every step printed its post


# Seeds whose own initiative dice put one or the other first (checked in the test).
SEEDS = [(6, "hero"), (1, "goblin"), (3, "goblin"), (7, "hero")]


@pytest.mark.parametrize("seed,first", SEEDS)
def test_the_quick_start_runs_as_written_with_the_generators_dice(tmp_path: Path, seed: int,
                                                                  first: str) -> None:
    """Every line exactly as written; the dice from the file's generator."""
    _, acted_first = play(tmp_path, seed=seed)
    assert acted_first == first


def test_the_seeds_above_cover_both_orders() -> None:
    assert {first for _, first in SEEDS} == {"hero", "goblin"}


# -- the README's post is real ------------------------------------------------------------------


def test_the_readme_post_is_what_the_quick_start_prints(tmp_path: Path) -> None:
    """The second `resolve` of the quick start on a file with seed 000…006, as the README
    says: each of its lines is a line the tool printed, in the same order."""
    post = [line for line in block_after("real-post").splitlines() if line.strip()]
    assert len(post) >= 8
    outputs, _ = play(tmp_path, seed=6)
    resolves = [out for line, out in zip(quick_start(), outputs, strict=True)
                if shlex.split(line, comments=True)[1] == "resolve"]
    printed = iter([any_chain_mark(line) for line in resolves[1].splitlines() if line.strip()])
    missing = [line for line in map(any_chain_mark, post) if line not in printed]
    assert not missing, f"README post lines not printed (in order) by the tool: {missing}"


# -- docs/en and docs/es are the same pages; links resolve ------------------------------------


def pages(lang: str) -> set[str]:
    return {str(p.relative_to(DOCS / lang)) for p in (DOCS / lang).rglob("*.md")}


def test_every_page_in_docs_en_has_a_counterpart_in_docs_es_and_back() -> None:
    assert pages("en"), "docs/en is empty"
    assert pages("en") == pages("es"), (pages("en") ^ pages("es"))


def test_the_cookbook_is_in_both_languages() -> None:
    assert "cookbook.md" in pages("en") & pages("es")


def markdown_files() -> list[Path]:
    return [README, *sorted(DOCS.rglob("*.md"))]


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_points_at_an_existing_file(path: Path) -> None:
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)
    text = re.sub(r"`[^`\n]*`", "", text)
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            continue
        dest = (path.parent / target.split("#", 1)[0]).resolve()
        if not dest.exists() or ROOT not in dest.parents:
            broken.append(target)
    assert not broken, f"{path.relative_to(ROOT)}: {broken}"


# -- nothing is said twice --------------------------------------------------------------------


def prose_lines(text: str) -> list[str]:
    """Lines of running text: no code blocks, tables, headings or links-only lines."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return [line.strip() for line in text.splitlines()
            if len(line.strip()) > 50 and not line.lstrip().startswith(("|", "#", "<!--"))]


def test_nothing_in_the_readme_but_the_quick_start_table_and_links_is_repeated_in_docs() -> None:
    docs_text = "\n".join(p.read_text(encoding="utf-8") for p in DOCS.rglob("*.md"))
    repeated = [line for line in prose_lines(readme())
                if "](" not in line and line in docs_text]
    assert not repeated, repeated
