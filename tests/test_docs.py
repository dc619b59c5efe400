"""The project documents itself (SPEC "Documentation"): docs/ in English and Spanish.

Checks that keep the documentation true to the code: every rule id the code cites has an
entry in both rule pages; every command and option the CLI registers is documented in both
languages; nothing points outside the project (no `../shared`); every relative link and anchor
resolves; the "verify the dice yourself" code and test values give the generator's faces.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT

DOCS = ROOT / "docs"
LANGS = ("en", "es")
PAGES = ("README.md", "encounter-file.md", "commands.md", "rules.md", "exit-codes.md",
         "files-and-safety.md", "journal-and-dice.md", "cookbook.md")
# The section of commands.md that lists the options every action command takes.
COMMON_SECTION = {"en": "Options of every action command",
                  "es": "Opciones de todas las órdenes de acción"}
RULE_ID = re.compile(r"\bR-[A-Z]+-[0-9]+\b")
SEED = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"


def markdown_files() -> list[Path]:
    return [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


def without_code(text: str) -> str:
    """The text with fenced code blocks and inline code spans blanked out."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`([^`]*)`", r"\1", heading).strip().lower()
    kept = "".join(ch for ch in text
                   if ch in " -_" or unicodedata.category(ch)[0] in "LN")
    return kept.replace(" ", "-")


def headings(text: str) -> list[tuple[int, str]]:
    """(level, text) of every ATX heading outside code blocks."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return [(len(m.group(1)), m.group(2).strip())
            for m in re.finditer(r"^(#{1,6})\s+(.+?)\s*#*$", text, flags=re.M)]


@cache
def anchors(path: Path) -> frozenset[str]:
    seen: dict[str, int] = {}
    out = set()
    for _, text in headings(path.read_text(encoding="utf-8")):
        base = slug(text)
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return frozenset(out)


def sections(text: str, level: int) -> dict[str, str]:
    """Heading text → the body under it, up to the next heading of that level or higher."""
    parts = re.split(rf"^(#{{1,{level}}}\s+.+)$", text, flags=re.M)
    out: dict[str, str] = {}
    for i in range(1, len(parts) - 1, 2):
        title = parts[i].lstrip("#").strip()
        if parts[i].startswith("#" * level + " "):
            out[title] = parts[i + 1]
    return out


def page(lang: str, name: str) -> str:
    return (DOCS / lang / name).read_text(encoding="utf-8")


# -- rule ids -------------------------------------------------------------------------------


def rule_entries(lang: str) -> list[str]:
    return [m.group(1) for level, text in headings(page(lang, "rules.md"))
            if level == 3 and (m := re.match(r"(R-[A-Z]+-[0-9]+)\b", text))]


def cited_rule_ids() -> set[str]:
    ids: set[str] = set()
    for path in (ROOT / "pbwcombat").rglob("*.py"):
        ids.update(RULE_ID.findall(path.read_text(encoding="utf-8")))
    return ids


def test_the_code_cites_rule_ids() -> None:
    assert len(cited_rule_ids()) > 40  # the grep below sees the code's rule ids


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_id_cited_by_the_code_has_an_entry(lang: str) -> None:
    entries = set(rule_entries(lang))
    missing = sorted(cited_rule_ids() - entries)
    assert not missing, f"docs/{lang}/rules.md has no entry (### R-…) for {missing}"


def test_both_rule_pages_have_the_same_entries_once_each_in_the_same_order() -> None:
    en, es = rule_entries("en"), rule_entries("es")
    assert en == es
    assert len(en) == len(set(en))


@pytest.mark.parametrize("lang", LANGS)
def test_rule_ids_mentioned_in_the_docs_have_an_entry(lang: str) -> None:
    """A rule id quoted anywhere in the docs (or the README) can be looked up."""
    entries = set(rule_entries(lang))
    for path in markdown_files():
        mentioned = set(RULE_ID.findall(path.read_text(encoding="utf-8")))
        assert mentioned <= entries, f"{path}: {sorted(mentioned - entries)}"


# -- commands and options ---------------------------------------------------------------------


def help_text(run: Callable[..., Any], *command: str) -> str:
    result = run(*command, "--help")
    assert result.code == 0, result.err
    return result.out.replace("│", " ")


def listed(text: str, section: str) -> list[str]:
    """Names listed in a click help section ("Commands:" or "Options:")."""
    m = re.search(rf"^\s*{section}:?\s*$(.*?)(?=^\S|\Z)", text, flags=re.M | re.S)
    if not m:
        return []
    pattern = r"^\s{1,4}([a-z][a-z0-9-]*)\b" if section == "Commands" \
        else r"^\s{1,4}(?:-[a-zA-Z], )?(--[a-z0-9][a-z0-9-]*)"
    return re.findall(pattern, m.group(1), flags=re.M)


def cli_commands(run: Callable[..., Any]) -> Iterator[tuple[str, ...]]:
    """Every command path the CLI registers, e.g. ("attack",), ("dice", "commit")."""
    for name in listed(help_text(run), "Commands"):
        subcommands = listed(help_text(run, name), "Commands")
        if subcommands:
            for sub in subcommands:
                yield (name, sub)
        else:
            yield (name,)


def test_the_cli_lists_its_commands(run: Callable[..., Any]) -> None:
    commands = list(cli_commands(run))
    assert ("attack",) in commands and ("dice", "commit") in commands


@pytest.mark.parametrize("lang", LANGS)
def test_every_cli_command_and_option_is_documented(run: Callable[..., Any],
                                                    lang: str) -> None:
    text = page(lang, "commands.md")
    documented = sections(text, 3)
    common = sections(text, 2)[COMMON_SECTION[lang]]
    problems = []
    for path in cli_commands(run):
        name = " ".join(path)
        body = documented.get(f"`{name}`")
        if body is None:
            problems.append(f"command `{name}` has no section ### `{name}`")
            continue
        if f"pbwcombat {name}" not in body:
            problems.append(f"`{name}`: no example or synopsis `pbwcombat {name} …`")
        for option in listed(help_text(run, *path), "Options"):
            if option != "--help" and not re.search(rf"{option}\b", body + common):
                problems.append(f"`{name}`: option {option} not documented")
    for option in listed(help_text(run), "Options"):
        if option != "--help" and option not in text:
            problems.append(f"pbwcombat {option} not documented")
    assert not problems, f"docs/{lang}/commands.md:\n" + "\n".join(problems)


# -- the dice notation table -------------------------------------------------------------------

NOTATION_SECTION = {"en": "Dice notation", "es": "Notación de dados"}
NOTATION_ROW = re.compile(
    r"^\| `(?P<expr>[^`]+)` \| [^|]+ \| (?P<faces>[^|]*?) → (?P<total>-?\d+) \|$")


def notation_rows(lang: str) -> list[tuple[str, list[int], int]]:
    body = sections(page(lang, "commands.md"), 2)[NOTATION_SECTION[lang]]
    return [(m["expr"], [int(f) for f in re.findall(r"\d+", m["faces"])], int(m["total"]))
            for m in map(NOTATION_ROW.match, body.splitlines()) if m]


def test_both_notation_tables_show_the_same_rows() -> None:
    assert len(notation_rows("en")) >= 15
    assert notation_rows("en") == notation_rows("es")


@pytest.mark.parametrize("expr,faces,total", notation_rows("en"), ids=str)
def test_every_row_of_the_notation_table_rolls_as_shown(run: Callable[..., Any],
                                                        tmp_path: Path, expr: str,
                                                        faces: list[int], total: int) -> None:
    path = tmp_path / "notation.toml"
    path.write_text('schema = 1\n\n[[combatants]]\nid = "a"\nside = "x"\ndefense = 10\n'
                    'hp = 5\n', encoding="utf-8")
    supplied = ["--dice", ",".join(map(str, faces))] if faces else []
    result = run("roll", path, expr, *supplied, "--format", "json")
    assert result.code == 0, result.err
    out = result.json()
    assert "unused_dice" not in out  # every face shown was used
    (event,) = [e for e in out["events"] if e.get("roll")]
    assert event["roll"]["total"] == total


# -- links ------------------------------------------------------------------------------------

FORBIDDEN = ("../shared", "shared/SPEC", "shared/RULES", "shared/DESIGN", "DESIGN.md")


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_points_outside_the_project(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not [f for f in FORBIDDEN if f in text]


def links(path: Path) -> list[str]:
    text = without_code(path.read_text(encoding="utf-8"))
    return re.findall(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", text)


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(path: Path) -> None:
    broken = []
    for target in links(path):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):
            continue  # https:, mailto:
        file_part, _, anchor = target.partition("#")
        dest = (path.parent / file_part).resolve() if file_part else path
        outside = not dest.exists() or ROOT not in (dest, *dest.parents)
        if outside or (anchor and dest.suffix == ".md" and anchor not in anchors(dest)):
            broken.append(target)
    assert not broken, f"{path.relative_to(ROOT)}: broken links {broken}"


def test_the_readme_links_the_docs_and_points_spanish_readers_to_them() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "](docs/README.md)" in readme or "](docs/)" in readme
    assert "docs/es/" in "\n".join(readme.splitlines()[:5])


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_exists_in_both_languages(lang: str) -> None:
    for name in PAGES:
        assert (DOCS / lang / name).exists(), f"docs/{lang}/{name}"


# -- verify the dice yourself ------------------------------------------------------------------


def doc_functions(lang: str) -> dict[str, Any]:
    """Run the Python block of the "verify the dice yourself" section; its functions."""
    text = page(lang, "journal-and-dice.md")
    blocks = re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)
    assert len(blocks) == 1
    namespace: dict[str, Any] = {}
    exec(compile(blocks[0], f"docs/{lang}/journal-and-dice.md", "exec"), namespace)
    return namespace


def journal_rolls(run: Callable[..., Any], tmp_path: Path, salt: str) -> list[dict[str, Any]]:
    """Dice rolled by the real command from a file whose seed we know."""
    path = tmp_path / f"dice-{salt or 'none'}.toml"
    path.write_text(
        'schema = 1\nname = "Dice"\nformat = "plain"\n\n'
        '[[combatants]]\nid = "a"\nside = "x"\ndefense = 10\nhp = 5\n\n'
        f'[dice]\nalgorithm = "hmac-sha256-v1"\nseed = "{SEED}"\nn = 0\nsalt = "{salt}"\n',
        encoding="utf-8")
    for expr in ("6d20", "4d6", "3d100", "2d8+1d12"):
        result = run("roll", path, expr)
        assert result.code == 0, result.err
    journal = path.with_name(path.name + ".journal")
    records = [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()]
    return [die for r in records for die in r.get("rolls", [])]


@pytest.mark.parametrize("lang", LANGS)
def test_the_documented_face_function_recomputes_the_commands_dice(
        run: Callable[..., Any], tmp_path: Path, lang: str) -> None:
    face = doc_functions(lang)["face"]
    for salt in ("", "4817"):
        rolls = journal_rolls(run, tmp_path, salt)
        assert [d["n"] for d in rolls] == list(range(16))
        for die in rolls:
            assert face(SEED, salt, die["n"], die["sides"]) == die["face"], (salt, die)


@pytest.mark.parametrize("lang", LANGS)
def test_the_documented_test_values_are_the_generators(
        run: Callable[..., Any], tmp_path: Path, lang: str) -> None:
    text = page(lang, "journal-and-dice.md")
    assert SEED in text
    rows = re.findall(r"^\| (`[^`]+`|[a-z]+) \| #(\d+), d(\d+) \| (\d+) \|$", text, flags=re.M)
    assert len(rows) >= 6
    rolled = {salt: {(d["n"], d["sides"]): d["face"] for d in journal_rolls(run, tmp_path, salt)}
              for salt in ("", "4817")}
    face = doc_functions(lang)["face"]
    for salt_cell, n, sides, shown in rows:
        salt = salt_cell.strip("`") if salt_cell.startswith("`") else ""
        assert face(SEED, salt, int(n), int(sides)) == int(shown), (salt_cell, n, sides)
        if (int(n), int(sides)) in rolled[salt]:
            assert rolled[salt][(int(n), int(sides))] == int(shown)


@pytest.mark.parametrize("lang", LANGS)
def test_the_documented_commitment_is_what_dice_commit_publishes(
        run: Callable[..., Any], tmp_path: Path, lang: str) -> None:
    commitment = doc_functions(lang)["commitment"](SEED)
    assert commitment in page(lang, "journal-and-dice.md")
    path = tmp_path / "commit.toml"
    path.write_text(
        'schema = 1\nformat = "json"\n\n[[combatants]]\nid = "a"\nside = "x"\ndefense = 10\n'
        f'hp = 5\n\n[dice]\nalgorithm = "hmac-sha256-v1"\nseed = "{SEED}"\nn = 0\n',
        encoding="utf-8")
    result = run("dice", "commit", path, "--format", "json")
    assert result.code == 0, result.err
    assert commitment in result.out


@pytest.mark.parametrize("lang", LANGS)
def test_the_documented_journal_checker_flags_a_changed_face(
        run: Callable[..., Any], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        lang: str) -> None:
    check_journal = doc_functions(lang)["check_journal"]
    journal_rolls(run, tmp_path, "")
    journal = tmp_path / "dice-none.toml.journal"
    capsys.readouterr()
    check_journal(str(journal), SEED)
    honest = capsys.readouterr().out.splitlines()
    assert len(honest) == 16 and all(line.endswith(" ok") for line in honest)
    lines = journal.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[0])
    record["rolls"][0]["face"] = record["rolls"][0]["face"] % 20 + 1
    journal.write_text("\n".join([json.dumps(record), *lines[1:]]) + "\n", encoding="utf-8")
    check_journal(str(journal), SEED)
    tampered = capsys.readouterr().out.splitlines()
    assert not tampered[0].endswith(" ok") and all(line.endswith(" ok") for line in tampered[1:])


@pytest.mark.parametrize("lang", LANGS)
def test_the_documented_journal_checker_reads_undo_edit_and_crash_records(
        run: Callable[..., Any], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        lang: str) -> None:
    """R-LOG-1/2/4 records (undo, hand edit, a torn line closed by an abort record) do not
    trip the documented checker, and every die it recomputes agrees with `verify`."""
    check_journal = doc_functions(lang)["check_journal"]
    journal_rolls(run, tmp_path, "")
    path = tmp_path / "dice-none.toml"
    journal = path.with_name(path.name + ".journal")
    assert run("undo", path).code == 0
    path.write_text(path.read_text(encoding="utf-8").replace('name = "Dice"', 'name = "D2"'),
                    encoding="utf-8")
    assert run("roll", path, "3d6").code == 0
    with journal.open("a", encoding="utf-8") as f:
        f.write('{"seq": 99, "type": "comm')  # a crash while appending
    assert run("roll", path, "1d20").code == 0
    kinds = [json.loads(line).get("type") for line in journal.read_text().splitlines()
             if line.startswith('{"seq"') and line.endswith("}")]
    assert {"undo", "edit", "abort"} <= set(kinds)
    assert run("verify", path).code == 0
    capsys.readouterr()
    check_journal(str(journal), SEED)
    out = capsys.readouterr().out.splitlines()
    dice_lines = [line for line in out if line.startswith("#")]
    assert len(out) == len(dice_lines) + 1  # the torn line, skipped
    assert len(dice_lines) == 16 + 3 + 1 and all(line.endswith(" ok") for line in dice_lines)


# -- the documented encounter files are valid ----------------------------------------------

MINIMAL = 'schema = 1\n\n[[combatants]]\nid = "a"\nside = "x"\ndefense = 10\nhp = 5\n\n'


def toml_blocks(lang: str) -> list[str]:
    return re.findall(r"^```toml\n(.*?)^```", page(lang, "encounter-file.md"),
                      flags=re.S | re.M)


@pytest.mark.parametrize("lang", LANGS)
def test_the_documented_encounter_examples_validate(run: Callable[..., Any], tmp_path: Path,
                                                    lang: str) -> None:
    """The complete example validates as it is; a fragment (an action, a side) validates
    inside a minimal encounter."""
    blocks = toml_blocks(lang)
    assert any(b.startswith("schema = 1") for b in blocks)
    for i, block in enumerate(blocks):
        path = tmp_path / f"example-{lang}-{i}.toml"
        text = block if block.startswith("schema = 1") else MINIMAL + block
        path.write_text(text, encoding="utf-8")
        result = run("validate", path)
        assert result.code == 0, (block[:60], result.err)


# -- the first fight of each index page runs as written, whoever wins initiative --
# (the README's quick start has its own test: tests/test_readme_quickstart.py)

FIRST_FIGHTS = [("docs/en/README.md", "A first fight"), ("docs/es/README.md", "Un primer combate")]


@pytest.mark.parametrize("faces", ["20,1", "1,20"], ids=["hero-first", "goblin-first"])
@pytest.mark.parametrize("where,section", FIRST_FIGHTS)
def test_the_first_fight_runs_as_written(run: Callable[..., Any], tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch, where: str,
                                         section: str, faces: str) -> None:
    import shlex

    body = sections((ROOT / where).read_text(encoding="utf-8"), 2)[section]
    blocks = re.findall(r"^```sh\n(.*?)^```", body, flags=re.S | re.M)
    monkeypatch.chdir(tmp_path)
    commands = [shlex.split(line, comments=True) for block in blocks
                for line in block.splitlines() if line.startswith("pbwcombat ")]
    assert len(commands) >= 6
    for words in commands:
        if words[1] == "roll-initiative":  # either order: the page must not depend on it
            words += ["--dice", faces]
        result = run(*words[1:])
        assert result.code == 0, (words, result.err)
