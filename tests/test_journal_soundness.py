"""R-LOG-4's whole-journal check is sound (every line the tool did not check itself is parsed)
and cheap (`prev_sha`, format 3; `journal_sha`, format 2), and `--key` retries after a crash
before the rename apply what was never applied (SPEC `--key`, R-LOG-4 abort records)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest
from helpers import duel, journal_of, snapshot, with_texts
from hypothesis import given, settings
from hypothesis import strategies as st


def _lines(path: Path) -> list[bytes]:
    return journal_of(path).read_bytes().split(b"\n")[:-1]


def _records(path: Path) -> list[dict]:
    return [json.loads(x) for x in _lines(path)]


def _damage_line(path: Path, number: int, how) -> None:
    lines = journal_of(path).read_bytes().split(b"\n")
    lines[number - 1] = how(lines[number - 1])
    journal_of(path).write_bytes(b"\n".join(lines))


def _refused_65_at(run, path: Path, line: int, *, what: str = "") -> None:
    before = snapshot(path)
    for args in (("hp", path, "orc", "-1"), ("undo", path), ("roll", path, "1d4", "--force")):
        r = run(*args)
        assert r.code == 65, (args, r.code, r.out, r.err)
        assert "fight.toml.journal" in r.err and f"line {line}:" in r.err, r.err
        assert "R-LOG-4" in r.err and what in r.err, r.err
        assert snapshot(path) == before  # nothing appended, nothing cut
    assert run("verify", path).code == 3


@pytest.fixture
def three(run, encounter) -> Path:
    """A duel with three commands, the middle one's texts not plain ASCII."""
    path = encounter(duel().replace('name = "Duel"', 'name = "Duelo de Tomás"', 1))
    assert run("roll", path, "1d20", "--reason", "¿quién empieza?").code == 0
    assert run("hp", path, "orc", "-1").code == 0
    assert run("hp", path, "orc", "-1").code == 0
    return path


# -- R-LOG-4: damage that keeps a line's head, tail and hashes ------------------------------


def test_R_LOG_4_a_middle_line_resaved_as_latin_1_is_damage_65(run, three):
    """An editor re-saved line 2 as Latin-1: its head, tail and hashes are intact, but it is
    not a record (JSON is UTF-8); 0.2 passed it after its quick byte scan and appended."""
    line = _lines(three)[1]
    assert line.decode("utf-8").encode("latin-1") != line  # there is something to re-encode
    _damage_line(three, 2, lambda x: x.decode("utf-8").encode("latin-1"))
    _refused_65_at(run, three, 2, what="not a JSON record")


def test_R_LOG_4_a_middle_line_garbled_inside_is_damage_65(run, three):
    _damage_line(three, 2, lambda x: x.replace(b'"events":[', b'"events":[[', 1))
    _refused_65_at(run, three, 2, what="not a JSON record")


def test_R_LOG_4_a_middle_line_of_the_tools_shape_that_is_not_json_is_damage_65(run, three):
    _damage_line(three, 2, lambda x: x.replace(b'","time":"', b'"  "time":"', 1))
    _refused_65_at(run, three, 2, what="not a JSON record")


def test_R_LOG_4_a_before_hash_no_longer_64_hex_digits_breaks_the_chain(run, three):
    """0.2 read a before-hash that was not 64 hex digits as absent and skipped the check."""
    def one_digit_a_z(line: bytes) -> bytes:
        at = line.index(b'"before_sha":"') + 14
        return line[:at] + b"Z" + line[at + 1:]

    _damage_line(three, 2, one_digit_a_z)
    assert len(_records(three)[1]["before_sha"]) == 64  # the same length, one digit a "Z"
    _refused_65_at(run, three, 2, what="before-hash")


def test_R_LOG_4_a_record_with_its_before_hash_removed_breaks_the_chain(run, three):
    def drop(line: bytes) -> bytes:
        rec = json.loads(line)
        del rec["before_sha"]
        return json.dumps(rec, ensure_ascii=False, separators=(",", ":")).encode()

    _damage_line(three, 2, drop)
    _refused_65_at(run, three, 2, what="before-hash")


def test_R_LOG_4_a_last_record_whose_after_hash_is_not_a_sha_is_damage(run, three):
    _damage_line(three, 3, lambda x: x.replace(b'"after_sha":"', b'"after_sha":"x', 1))
    _refused_65_at(run, three, 3, what="after-hash")


# -- the shortcut: journal_sha ---------------------------------------------------------------


def test_R_LOG_4_every_record_carries_the_sha_256_of_the_line_before_it(run, encounter):
    """Journal format 3: commands, undo, edit, abort (a torn line, a crash before the rename)
    records all carry `prev_sha`, the hash of the line before theirs, newline included (a
    torn line as its newline closed it; no bytes at all before the first line), so the last
    line seals the whole journal."""
    path = encounter(duel())
    assert run("roll", path, "1d20").code == 0
    assert run("hp", path, "orc", "-2").code == 0
    assert run("undo", path).code == 0
    path.write_text(path.read_text().replace("hp = 20", "hp = 19", 1))  # a hand edit
    assert run("roll", path, "1d6").code == 0
    with journal_of(path).open("ab") as f:
        f.write(b'{"seq":6,"type":"comm')  # a crash while appending
    assert run("roll", path, "1d8").code == 0
    saved = path.with_name("saved")
    shutil.copyfile(path, saved)
    assert run("hp", path, "orc", "-1").code == 0
    os.replace(saved, path)  # a crash after the append, before the rename
    assert run("roll", path, "1d10").code == 0
    lines = journal_of(path).read_bytes().splitlines(keepends=True)
    kinds, before = [], b""
    for line in lines:
        try:
            rec = json.loads(line)
        except ValueError:
            rec = None  # the torn line
        if rec is not None:
            kinds.append(rec["type"])
            assert rec["prev_sha"] == hashlib.sha256(before).hexdigest(), rec
            assert "journal_sha" not in rec
        before = line
    assert kinds == ["command", "command", "undo", "edit", "command", "abort", "command",
                     "command", "abort", "command"]
    assert run("verify", path).code == 0


def _unsealed(data: bytes) -> bytes:
    """The journal as 0.1/0.2 wrote it: no `prev_sha`, no `journal_sha`, the whole texts
    before and after in every record (no `patch`)."""
    records = with_texts([json.loads(x) for x in data.split(b"\n")[:-1]])
    return b"".join(json.dumps({k: v for k, v in r.items()
                                if k not in ("journal_sha", "prev_sha")},
                               ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
                    for r in records)


def _format_2(data: bytes) -> bytes:
    """The journal as format 2 (0.3) wrote it: each line sealed by `journal_sha`, the
    SHA-256 of every byte before it."""
    out = b""
    for x in _unsealed(data).split(b"\n")[:-1]:
        rec = {**json.loads(x), "journal_sha": hashlib.sha256(out).hexdigest()}
        out += json.dumps(rec, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
    return out


def test_R_LOG_7_a_journal_without_seals_is_checked_whole_then_goes_on(run, three):
    """A 0.1/0.2 journal (no `journal_sha`, no `prev_sha`) keeps working: the first action
    parses every line, and damage in it is still found."""
    old = _unsealed(journal_of(three).read_bytes())
    journal_of(three).write_bytes(old)
    assert run("hp", three, "orc", "-1").code == 0
    last_old = old.split(b"\n")[-2] + b"\n"
    assert _records(three)[-1]["prev_sha"] == hashlib.sha256(last_old).hexdigest()
    assert run("verify", three).code == 0
    journal_of(three).write_bytes(old)  # again, damaged in the middle this time
    path_version = three.read_bytes()
    _damage_line(three, 2, lambda x: x.decode("utf-8").encode("latin-1"))
    three.write_bytes(path_version)
    r = run("hp", three, "orc", "-1")
    assert r.code == 65 and "line 2:" in r.err, r.err


def test_R_LOG_7_a_format_2_journal_goes_on_verifies_and_undoes(run, three):
    """A journal sealed by `journal_sha` (format 2) keeps working: the first format-3 line
    links to its last line, whose `journal_sha` vouches for the rest; verify passes, undo
    steps back through the old records, and the file comes back byte for byte."""
    journal_of(three).write_bytes(_format_2(journal_of(three).read_bytes()))
    assert run("verify", three).code == 0
    assert run("hp", three, "orc", "-1").code == 0
    assert run("hp", three, "orc", "-1").code == 0
    assert run("verify", three).code == 0
    for _ in range(4):
        assert run("undo", three).code == 0
    assert run("verify", three).code == 0
    records = _records(three)
    assert [r["type"] for r in records[-4:]] == ["undo"] * 4
    assert [r["undoes"] for r in records[-4:]] == [5, 4, 3, 2]
    assert three.read_bytes() == records[1]["before"].encode()  # back to after the roll


def test_R_LOG_4_a_format_2_journal_damaged_in_the_middle_is_found(run, three):
    data = _format_2(journal_of(three).read_bytes())
    journal_of(three).write_bytes(data)
    _damage_line(three, 1, lambda x: x.replace(b'"events":[', b'"events":[}', 1))
    r = run("roll", three, "1d4")
    assert r.code == 65 and "line 1:" in r.err, r.err


def test_R_LOG_4_a_middle_line_changed_after_the_last_record_was_written_is_found(
        run, three):
    """The last record's `journal_sha` no longer matches once an earlier line changed, so the
    whole journal is read again: a change the quick scan of 0.2 could not see is found."""
    _damage_line(three, 1, lambda x: x.replace(b'"events":[', b'"events":[}', 1))
    r = run("roll", three, "1d4")
    assert r.code == 65 and "line 1:" in r.err, r.err


# -- SPEC --key after a crash before the rename ----------------------------------------------


def _crash_before_rename(run, path: Path, *args: object) -> None:
    """Run a command, then put back the file as it was before it: what a crash after the
    journal append and before the rename leaves (a new inode, older than the journal)."""
    saved = path.with_name("saved")
    shutil.copyfile(path, saved)
    r = run(*args)
    assert r.code == 0, r.err
    os.replace(saved, path)


def test_SPEC_key_a_retry_after_a_crash_before_the_rename_applies_the_command(run, encounter):
    path = encounter(duel())
    assert run("roll", path, "1d20").code == 0
    _crash_before_rename(run, path, "hp", path, "orc", "-3", "--key", "K1")
    r = run("hp", path, "orc", "-3", "--key", "K1", "--format", "plain")
    assert r.code == 0, r.err
    assert [x["type"] for x in _records(path)] == ["command", "command", "abort", "command"]
    assert _records(path)[2]["aborts"] == 2
    assert "version = 2" in path.read_text()  # applied once, now
    after = snapshot(path)
    again = run("hp", path, "orc", "-3", "--key", "K1", "--format", "plain")
    assert again.code == 0 and again.out == r.out
    assert snapshot(path) == after  # the repeat applies nothing
    assert run("verify", path).code == 0


def test_SPEC_key_an_undo_retry_after_a_crash_before_the_rename_undoes(run, encounter):
    path = encounter(duel())
    assert run("roll", path, "1d20").code == 0
    first = path.read_bytes()
    assert run("hp", path, "orc", "-2").code == 0
    _crash_before_rename(run, path, "undo", path, "--key", "U1")
    r = run("undo", path, "--key", "U1", "--format", "plain")
    assert r.code == 0, r.err
    assert path.read_bytes() == first  # undone, now
    kinds = [(x["type"], x.get("aborts")) for x in _records(path)]
    assert kinds == [("command", None), ("command", None), ("undo", None), ("abort", 3),
                     ("undo", None)]
    after = snapshot(path)
    again = run("undo", path, "--key", "U1", "--format", "plain")
    assert again.code == 0 and again.out == r.out
    assert snapshot(path) == after
    assert run("verify", path).code == 0


def _hp_then_a_crashed_undo(run, encounter, *key: str):
    """A duel after a roll and `hp orc -4` (with `key`), whose undo crashed before the
    rename: the path, the file before the hp, and the hp's result."""
    path = encounter(duel())
    assert run("roll", path, "1d20").code == 0
    mid = path.read_bytes()
    first = run("hp", path, "orc", "-4", *key, "--format", "plain")
    assert first.code == 0
    _crash_before_rename(run, path, "undo", path)
    return path, mid, first


@pytest.mark.parametrize("between", [False, True])
def test_SPEC_key_a_command_whose_undo_crashed_is_not_applied_twice(run, encounter, between):
    """The undo of `hp --key K0` crashed before the rename: it undid nothing, so a retried
    `hp --key K0` re-prints and applies nothing (with the abort record not yet written, or
    written by a command in between)."""
    path, _, first = _hp_then_a_crashed_undo(run, encounter, "--key", "K0")
    if between:
        assert run("roll", path, "1d4").code == 0  # appends the abort record
    before = snapshot(path)
    r = run("hp", path, "orc", "-4", "--key", "K0", "--format", "plain")
    assert r.code == 0 and r.out == first.out, (r.out, r.err)
    assert path.read_bytes() == before[0]  # applied once only
    assert path.read_text().count("hp = 8") == 1  # the orc: 12 - 4, once
    assert run("verify", path).code == 0


def test_R_LOG_1_an_undo_that_crashed_undid_nothing_for_undo_and_log(run, encounter):
    path, mid, _ = _hp_then_a_crashed_undo(run, encounter)
    assert run("roll", path, "1d4").code == 0  # appends the abort record for the undo
    r = run("log", path, "--format", "json")
    hp = [x for x in r.json()["records"] if x.get("command") == "hp"]
    assert hp and hp[0]["undone"] is False, hp
    assert run("undo", path).code == 0  # the roll
    assert run("undo", path).code == 0  # the hp: never undone before
    assert path.read_bytes() == mid
    assert run("verify", path).code == 0


def _depth(value: object) -> int:
    """Plain recursive nesting depth of tables and lists (1: a table of scalars)."""
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=3),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=2), inner, max_size=3), max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(_JSON, st.integers(0, 3))
def test_R_LOG_4_the_nesting_check_agrees_with_a_plain_depth(inner, wrap):
    """`journal.parse` refuses a line nested deeper than MAX_DEPTH, tables and lists alike:
    the level-by-level check against a recursive depth, at and around the limit."""
    from pbwcombat.journal import MAX_DEPTH, parse

    for extra in (-1, 0, 1):
        value: object = inner
        for i in range(max(0, MAX_DEPTH - _depth(inner) + extra - 1 + wrap % 2)):
            value = [value] if (i + wrap) % 2 else {"k": value}
        record = {"v": value}
        raw = json.dumps(record).encode()
        assert (parse(raw) is None) == (_depth(record) > MAX_DEPTH), _depth(record)
