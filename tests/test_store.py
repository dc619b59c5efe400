"""File safety (SPEC "Exit codes", README "What pbwcombat promises"): atomic writes that keep
the mode, the journal sidecar, undo, torn journal tails, the lock and unwritable folders."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import duel
from helpers import held_lock, journal_of, version_of


def journal_bytes(path: Path) -> bytes:
    j = journal_of(path)
    return j.read_bytes() if j.exists() else b""


def journal_lines(path: Path) -> list[bytes]:
    return journal_bytes(path).splitlines()


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.fixture
def fight(encounter):
    return encounter(duel())


# -- atomic write keeps the mode -------------------------------------------------------------


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664])
def test_write_keeps_file_mode_and_leaves_no_temp_files(run, fight, mode):
    fight.chmod(mode)
    r = run("roll", fight, "1d20")
    assert r.code == 0, r.err
    assert version_of(fight) == 1
    assert stat.S_IMODE(fight.stat().st_mode) == mode
    r = run("hp", fight, "orc", "-3")
    assert r.code == 0, r.err
    assert stat.S_IMODE(fight.stat().st_mode) == mode
    leftovers = {p.name for p in fight.parent.iterdir()} - {
        fight.name, fight.name + ".journal", fight.name + ".lock"}
    assert leftovers == set()


def test_undo_keeps_file_mode(run, fight):
    fight.chmod(0o600)
    assert run("roll", fight, "1d6").code == 0
    assert run("undo", fight).code == 0
    assert stat.S_IMODE(fight.stat().st_mode) == 0o600


# -- the journal -----------------------------------------------------------------------------


def test_journal_gets_one_line_per_applied_command(run, fight):
    applied = [("roll", fight, "1d20"), ("hp", fight, "orc", "-2"),
               ("roll-initiative", fight, "--dice", "18,3"), ("roll", fight, "2d6+1")]
    for n, args in enumerate(applied, start=1):
        r = run(*args)
        assert r.code == 0, r.err
        lines = journal_lines(fight)
        assert len(lines) == n
        record = json.loads(lines[-1])
        assert record["command"] == args[0]
        assert record["version"] == n == version_of(fight)
    # nothing else adds a line: dry runs, refusals, read-only commands
    before = journal_bytes(fight), fight.read_bytes()
    assert run("roll", fight, "1d6", "--dry-run").code == 0
    assert run("attack", fight, "orc", "hero").code == 3
    assert run("roll", fight, "1d").code == 2
    for ro in (("show", fight), ("log", fight), ("validate", fight), ("map", fight)):
        assert run(*ro).code == 0
    assert (journal_bytes(fight), fight.read_bytes()) == before


def test_journal_lines_are_complete_json_records(run, fight):
    for _ in range(3):
        assert run("roll", fight, "1d8").code == 0
    raw = journal_bytes(fight)
    assert raw.endswith(b"\n")
    for line in raw.splitlines():
        assert isinstance(json.loads(line), dict)


# -- undo --------------------------------------------------------------------------------


def test_undo_restores_exact_bytes_repeatedly_down_to_the_original(run, fight):
    snapshots = [fight.read_bytes()]
    for args in (("roll", "1d20"), ("hp", "orc", "-4"), ("roll-initiative", "--dice", "18,3"),
                 ("next",), ("roll", "3d6", "--reason", "spot")):
        r = run(args[0], fight, *args[1:])
        assert r.code == 0, r.err
        snapshots.append(fight.read_bytes())
    assert len(set(snapshots)) == len(snapshots)  # every command changed the file
    for expected in reversed(snapshots[:-1]):
        r = run("undo", fight)
        assert r.code == 0, r.err
        assert fight.read_bytes() == expected
    kinds = [json.loads(x)["type"] for x in journal_lines(fight)]
    assert kinds == ["command"] * 5 + ["undo"] * 5  # R-LOG-1: append-only
    r = run("undo", fight)
    assert r.code == 3
    assert fight.read_bytes() == snapshots[0]
    assert r.err.strip()


def test_undo_then_new_command_then_undo(run, fight):
    original = fight.read_bytes()
    assert run("roll", fight, "1d6").code == 0
    assert run("undo", fight).code == 0
    assert run("hp", fight, "hero", "-1").code == 0
    assert len(journal_lines(fight)) == 3
    assert run("undo", fight).code == 0
    assert fight.read_bytes() == original
    assert run("undo", fight).code == 3


def test_undo_with_nothing_to_undo_exits_3_and_changes_nothing(run, fight):
    original = fight.read_bytes()
    r = run("undo", fight)
    assert r.code == 3
    assert fight.read_bytes() == original
    assert journal_bytes(fight) == b""


def test_R_LOG_2_undo_right_after_a_hand_edit_records_the_edit_and_undoes_it(run, fight):
    original = fight.read_bytes()
    assert run("roll", fight, "1d20").code == 0
    rolled = fight.read_bytes()
    fight.write_bytes(rolled + b"\n# the GM was here\n")
    r = run("undo", fight)
    assert r.code == 0, r.err
    assert fight.read_bytes() == rolled  # back to the file as last recorded
    kinds = [json.loads(x)["type"] for x in journal_lines(fight)]
    assert kinds == ["command", "edit", "undo"]
    assert json.loads(journal_lines(fight)[-1])["undoes"] == 2
    assert run("undo", fight).code == 0
    assert fight.read_bytes() == original
    assert run("undo", fight).code == 3


# -- torn journal tails (R-LOG-4) ----------------------------------------------------------


def _append_torn_record(path: Path, marker: str) -> None:
    """A record appended whose file replace never happened: before_sha == sha(current file)."""
    last = json.loads(journal_lines(path)[-1])
    current = path.read_bytes()
    torn = dict(last)
    torn.pop("ino", None)
    torn.update(
        seq=last["seq"] + 1,
        version=last["version"] + 1,
        command="roll",
        key=None,
        digest="0" * 64,
        before=current.decode("utf-8"),
        before_sha=sha(current),
        after_sha=sha(b"never written"),
        after="never written",
        events=[{"type": "FreeRolled", "who": "", "name": "", "expr": "1d4",
                 "roll": {"terms": [{"sign": 1, "number": 1, "sides": 4,
                                     "dice": [{"sides": 4, "face": 4, "n": 99}]}],
                          "mods": [], "total": 4},
                 "reason": marker}],
    )
    with journal_of(path).open("ab") as f:
        f.write((json.dumps(torn) + "\n").encode())


def test_R_LOG_4_record_that_never_became_the_file_is_aborted_not_cut(run, fight):
    original = fight.read_bytes()
    assert run("roll", fight, "1d20", "--reason", "first").code == 0
    committed = fight.read_bytes()
    _append_torn_record(fight, "TORNTAIL")
    kept = journal_bytes(fight)

    r = run("log", fight, "--format", "plain")
    assert r.code == 0, r.err
    assert "first" in r.out
    assert "TORNTAIL" not in r.out
    r = run("log", fight, "--format", "json")
    assert r.code == 0, r.err
    assert "TORNTAIL" not in r.out
    assert fight.read_bytes() == committed  # log is read-only
    assert run("verify", fight).code == 0  # verify skips the aborted record

    r = run("roll", fight, "1d6", "--reason", "second")
    assert r.code == 0, r.err
    assert journal_bytes(fight).startswith(kept)  # nothing cut
    records = [json.loads(x) for x in journal_lines(fight)]
    assert [x["type"] for x in records] == ["command", "command", "abort", "command"]
    assert records[2]["aborts"] == 2
    assert [x["seq"] for x in records] == [1, 2, 3, 4]
    assert version_of(fight) == 2
    assert run("verify", fight).code == 0

    assert run("undo", fight).code == 0
    assert fight.read_bytes() == committed
    assert run("undo", fight).code == 0
    assert fight.read_bytes() == original


def test_R_LOG_4_half_written_line_is_closed_and_aborted(run, fight):
    assert run("roll", fight, "1d20").code == 0
    committed = fight.read_bytes()
    with journal_of(fight).open("ab") as f:
        f.write(b'{"version": 2, "command": "roll", "events": [{"type": "FreeRol')
    torn = journal_bytes(fight)
    r = run("log", fight, "--format", "json")
    assert r.code == 0, r.err
    assert len(r.json()["records"]) == 1
    assert run("roll", fight, "1d4").code == 0
    raw = journal_bytes(fight)
    assert raw.startswith(torn) and raw.endswith(b"\n")
    lines = raw.splitlines()
    abort = json.loads(lines[2])
    assert abort["type"] == "abort" and abort["line"] == 2
    assert json.loads(lines[3])["version"] == 2
    assert run("verify", fight).code == 0
    assert run("undo", fight).code == 0
    assert fight.read_bytes() == committed


def test_R_LOG_4_undo_skips_a_record_that_never_became_the_file(run, fight):
    original = fight.read_bytes()
    assert run("roll", fight, "1d20").code == 0
    _append_torn_record(fight, "TORNTAIL")
    r = run("undo", fight)
    assert r.code == 0, r.err
    assert fight.read_bytes() == original


# -- the lock ----------------------------------------------------------------------------


def test_lock_timeout_exits_75_and_changes_nothing(run, fight, monkeypatch):
    assert run("roll", fight, "1d6").code == 0
    monkeypatch.setenv("PBWCOMBAT_LOCK_TIMEOUT", "0.2")
    before = fight.read_bytes(), journal_bytes(fight)
    with held_lock(fight):
        r = run("roll", fight, "1d6")
        assert r.code == 75
        assert r.err.strip()
        assert run("undo", fight).code == 75
        assert (fight.read_bytes(), journal_bytes(fight)) == before
    r = run("roll", fight, "1d6")
    assert r.code == 0, r.err
    assert version_of(fight) == 2


# -- unwritable folder ---------------------------------------------------------------------


@contextlib.contextmanager
def unwritable(folder: Path) -> Iterator[bool]:
    """Make `folder` refuse new files; yields False when that is impossible here (root without
    chattr), so the caller falls back to the other exit-73 case."""
    if os.geteuid() != 0:
        folder.chmod(0o500)
        try:
            yield not os.access(folder, os.W_OK)
        finally:
            folder.chmod(0o700)
        return
    # root ignores the mode bits: an immutable folder still refuses new entries
    chattr = shutil.which("chattr")
    ok = False
    if chattr:
        ok = subprocess.run([chattr, "+i", str(folder)], capture_output=True).returncode == 0
    try:
        if ok:
            try:
                (folder / ".probe").touch()
            except OSError:
                pass
            else:
                (folder / ".probe").unlink()
                ok = False
        yield ok
    finally:
        if chattr:
            subprocess.run([chattr, "-i", str(folder)], capture_output=True)


def test_unwritable_folder_exits_73_with_file_unchanged(run, encounter, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    fight = encounter(duel(), name="ro/fight.toml")
    assert run("roll", fight, "1d6").code == 0  # lock and journal exist already
    before = fight.read_bytes()
    with unwritable(folder) as effective:
        if effective:
            r = run("roll", fight, "1d6")
            assert r.code == 73
            assert r.err.strip()
            assert fight.read_bytes() == before
    if not effective:
        # no way to make the folder refuse writes here: exit 73 through `new` instead
        r = run("new", fight)
        assert r.code == 73
        assert fight.read_bytes() == before
    assert run("roll", fight, "1d6").code == 0


def test_unwritable_folder_leaves_journal_unchanged(run, encounter, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    fight = encounter(duel(), name="ro/fight.toml")
    assert run("roll", fight, "1d6").code == 0
    before = fight.read_bytes(), journal_bytes(fight)
    with unwritable(folder) as effective:
        r = run("hp", fight, "orc", "-2")
        after = fight.read_bytes(), journal_bytes(fight)
    if effective:
        assert r.code == 73
        assert after == before  # SPEC: any non-zero exit leaves the sidecar unchanged too
    else:
        r = run("new", fight)
        assert r.code == 73
        assert (fight.read_bytes(), journal_bytes(fight)) == after
