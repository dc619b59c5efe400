"""File safety (SPEC "Exit codes", docs/en/files-and-safety.md): atomic writes that keep
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
from helpers import duel, held_lock, journal_of, snapshot, version_of, wait_until_open


def journal_bytes(path: Path) -> bytes:
    j = journal_of(path)
    return j.read_bytes() if j.exists() else b""


def journal_lines(path: Path) -> list[bytes]:
    return journal_bytes(path).splitlines()


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.fixture
def duel_file(encounter):
    """helpers.duel() written to fight.toml."""
    return encounter(duel())


# -- atomic write keeps the mode -------------------------------------------------------------


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664])
def test_write_keeps_file_mode_and_leaves_no_temp_files(run, duel_file, mode):
    duel_file.chmod(mode)
    r = run("roll", duel_file, "1d20")
    assert r.code == 0, r.err
    assert version_of(duel_file) == 1
    assert stat.S_IMODE(duel_file.stat().st_mode) == mode
    r = run("hp", duel_file, "orc", "-3")
    assert r.code == 0, r.err
    assert stat.S_IMODE(duel_file.stat().st_mode) == mode
    leftovers = {p.name for p in duel_file.parent.iterdir()} - {
        duel_file.name, duel_file.name + ".journal", duel_file.name + ".lock"}
    assert leftovers == set()


def test_undo_keeps_file_mode(run, duel_file):
    duel_file.chmod(0o600)
    assert run("roll", duel_file, "1d6").code == 0
    assert run("undo", duel_file).code == 0
    assert stat.S_IMODE(duel_file.stat().st_mode) == 0o600


# -- the journal -----------------------------------------------------------------------------


def test_journal_gets_one_line_per_applied_command(run, duel_file):
    applied = [("roll", duel_file, "1d20"), ("hp", duel_file, "orc", "-2"),
               ("roll-initiative", duel_file, "--dice", "18,3"), ("roll", duel_file, "2d6+1")]
    for n, args in enumerate(applied, start=1):
        r = run(*args)
        assert r.code == 0, r.err
        lines = journal_lines(duel_file)
        assert len(lines) == n
        record = json.loads(lines[-1])
        assert record["command"] == args[0]
        assert record["version"] == n == version_of(duel_file)
    # nothing else adds a line: dry runs, refusals, read-only commands
    before = journal_bytes(duel_file), duel_file.read_bytes()
    assert run("roll", duel_file, "1d6", "--dry-run").code == 0
    assert run("attack", duel_file, "orc", "hero").code == 3
    assert run("roll", duel_file, "1d").code == 2
    for ro in (("show", duel_file), ("log", duel_file), ("validate", duel_file),
               ("map", duel_file)):
        assert run(*ro).code == 0
    assert (journal_bytes(duel_file), duel_file.read_bytes()) == before


def test_journal_lines_are_complete_json_records(run, duel_file):
    for _ in range(3):
        assert run("roll", duel_file, "1d8").code == 0
    raw = journal_bytes(duel_file)
    assert raw.endswith(b"\n")
    for line in raw.splitlines():
        assert isinstance(json.loads(line), dict)


# -- undo --------------------------------------------------------------------------------


def test_undo_restores_exact_bytes_repeatedly_down_to_the_original(run, duel_file):
    snapshots = [duel_file.read_bytes()]
    for args in (("roll", "1d20"), ("hp", "orc", "-4"), ("roll-initiative", "--dice", "18,3"),
                 ("next",), ("roll", "3d6", "--reason", "spot")):
        r = run(args[0], duel_file, *args[1:])
        assert r.code == 0, r.err
        snapshots.append(duel_file.read_bytes())
    assert len(set(snapshots)) == len(snapshots)  # every command changed the file
    for expected in reversed(snapshots[:-1]):
        r = run("undo", duel_file)
        assert r.code == 0, r.err
        assert duel_file.read_bytes() == expected
    kinds = [json.loads(x)["type"] for x in journal_lines(duel_file)]
    assert kinds == ["command"] * 5 + ["undo"] * 5  # R-LOG-1: append-only
    r = run("undo", duel_file)
    assert r.code == 3
    assert duel_file.read_bytes() == snapshots[0]
    assert r.err.strip()


def test_undo_then_new_command_then_undo(run, duel_file):
    original = duel_file.read_bytes()
    assert run("roll", duel_file, "1d6").code == 0
    assert run("undo", duel_file).code == 0
    assert run("hp", duel_file, "hero", "-1").code == 0
    assert len(journal_lines(duel_file)) == 3
    assert run("undo", duel_file).code == 0
    assert duel_file.read_bytes() == original
    assert run("undo", duel_file).code == 3


def test_undo_with_nothing_to_undo_exits_3_and_changes_nothing(run, duel_file):
    original = duel_file.read_bytes()
    r = run("undo", duel_file)
    assert r.code == 3
    assert duel_file.read_bytes() == original
    assert journal_bytes(duel_file) == b""


def test_R_LOG_2_undo_right_after_a_hand_edit_records_the_edit_and_undoes_it(run, duel_file):
    original = duel_file.read_bytes()
    assert run("roll", duel_file, "1d20").code == 0
    rolled = duel_file.read_bytes()
    duel_file.write_bytes(rolled + b"\n# the GM was here\n")
    r = run("undo", duel_file)
    assert r.code == 0, r.err
    assert duel_file.read_bytes() == rolled  # back to the file as last recorded
    kinds = [json.loads(x)["type"] for x in journal_lines(duel_file)]
    assert kinds == ["command", "edit", "undo"]
    assert json.loads(journal_lines(duel_file)[-1])["undoes"] == 2
    assert run("undo", duel_file).code == 0
    assert duel_file.read_bytes() == original
    assert run("undo", duel_file).code == 3


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


def test_R_LOG_4_record_that_never_became_the_file_is_aborted_not_cut(run, duel_file):
    original = duel_file.read_bytes()
    assert run("roll", duel_file, "1d20", "--reason", "first").code == 0
    committed = duel_file.read_bytes()
    _append_torn_record(duel_file, "TORNTAIL")
    kept = journal_bytes(duel_file)

    r = run("log", duel_file, "--format", "plain")
    assert r.code == 0, r.err
    assert "first" in r.out
    assert "TORNTAIL" not in r.out
    r = run("log", duel_file, "--format", "json")
    assert r.code == 0, r.err
    assert "TORNTAIL" not in r.out
    assert duel_file.read_bytes() == committed  # log is read-only
    assert run("verify", duel_file).code == 0  # verify skips the aborted record

    r = run("roll", duel_file, "1d6", "--reason", "second")
    assert r.code == 0, r.err
    assert journal_bytes(duel_file).startswith(kept)  # nothing cut
    records = [json.loads(x) for x in journal_lines(duel_file)]
    assert [x["type"] for x in records] == ["command", "command", "abort", "command"]
    assert records[2]["aborts"] == 2
    assert [x["seq"] for x in records] == [1, 2, 3, 4]
    assert version_of(duel_file) == 2
    assert run("verify", duel_file).code == 0

    assert run("undo", duel_file).code == 0
    assert duel_file.read_bytes() == committed
    assert run("undo", duel_file).code == 0
    assert duel_file.read_bytes() == original


def test_R_LOG_4_half_written_line_is_closed_and_aborted(run, duel_file):
    assert run("roll", duel_file, "1d20").code == 0
    committed = duel_file.read_bytes()
    with journal_of(duel_file).open("ab") as f:
        f.write(b'{"version": 2, "command": "roll", "events": [{"type": "FreeRol')
    torn = journal_bytes(duel_file)
    r = run("log", duel_file, "--format", "json")
    assert r.code == 0, r.err
    assert len(r.json()["records"]) == 1
    assert run("roll", duel_file, "1d4").code == 0
    raw = journal_bytes(duel_file)
    assert raw.startswith(torn) and raw.endswith(b"\n")
    lines = raw.splitlines()
    abort = json.loads(lines[2])
    assert abort["type"] == "abort" and abort["line"] == 2
    assert json.loads(lines[3])["version"] == 2
    assert run("verify", duel_file).code == 0
    assert run("undo", duel_file).code == 0
    assert duel_file.read_bytes() == committed


def test_R_LOG_4_undo_skips_a_record_that_never_became_the_file(run, duel_file):
    original = duel_file.read_bytes()
    assert run("roll", duel_file, "1d20").code == 0
    _append_torn_record(duel_file, "TORNTAIL")
    r = run("undo", duel_file)
    assert r.code == 0, r.err
    assert duel_file.read_bytes() == original


# -- the lock ----------------------------------------------------------------------------


def test_lock_timeout_exits_75_and_changes_nothing(run, duel_file, monkeypatch):
    assert run("roll", duel_file, "1d6").code == 0
    monkeypatch.setenv("PBWCOMBAT_LOCK_TIMEOUT", "0.2")
    before = duel_file.read_bytes(), journal_bytes(duel_file)
    with held_lock(duel_file):
        r = run("roll", duel_file, "1d6")
        assert r.code == 75
        assert r.err.strip()
        assert run("undo", duel_file).code == 75
        assert (duel_file.read_bytes(), journal_bytes(duel_file)) == before
    r = run("roll", duel_file, "1d6")
    assert r.code == 0, r.err
    assert version_of(duel_file) == 2


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
    duel_file = encounter(duel(), name="ro/fight.toml")
    assert run("roll", duel_file, "1d6").code == 0  # lock and journal exist already
    before = duel_file.read_bytes()
    with unwritable(folder) as effective:
        if effective:
            r = run("roll", duel_file, "1d6")
            assert r.code == 73
            assert r.err.strip()
            assert duel_file.read_bytes() == before
    if not effective:
        # no way to make the folder refuse writes here: exit 73 through `new` instead
        r = run("new", duel_file)
        assert r.code == 73
        assert duel_file.read_bytes() == before
    assert run("roll", duel_file, "1d6").code == 0


def test_unwritable_folder_leaves_journal_unchanged(run, encounter, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    duel_file = encounter(duel(), name="ro/fight.toml")
    assert run("roll", duel_file, "1d6").code == 0
    before = duel_file.read_bytes(), journal_bytes(duel_file)
    with unwritable(folder) as effective:
        r = run("hp", duel_file, "orc", "-2")
        after = duel_file.read_bytes(), journal_bytes(duel_file)
    if effective:
        assert r.code == 73
        assert after == before  # SPEC: any non-zero exit leaves the sidecar unchanged too
    else:
        r = run("new", duel_file)
        assert r.code == 73
        assert (duel_file.read_bytes(), journal_bytes(duel_file)) == after


# == SPEC "Files, permissions and safety" ==================================================


def leftovers(path: Path) -> set[str]:
    return {p.name for p in path.parent.iterdir()} - {
        path.name, path.name + ".journal", path.name + ".lock"}


def test_SPEC_files_symlinked_encounter_is_written_through_and_stays_a_link(run, encounter,
                                                                            tmp_path):
    target = encounter(duel(), name="real.toml")
    link = tmp_path / "link.toml"
    link.symlink_to(target)
    assert run("roll", link, "1d20").code == 0
    assert link.is_symlink()
    assert version_of(target) == 1
    assert journal_of(target).exists() and not journal_of(link).exists()
    assert (tmp_path / "real.toml.lock").exists() and not (tmp_path / "link.toml.lock").exists()
    assert run("undo", link).code == 0
    assert link.is_symlink() and version_of(target) == 0


def test_SPEC_files_symlinked_journal_is_refused_73_and_the_victim_untouched(run, duel_file,
                                                                            tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious\n")
    journal_of(duel_file).symlink_to(victim)
    before = duel_file.read_bytes()
    r = run("roll", duel_file, "1d20")
    assert r.code == 73, (r.code, r.err)
    assert "symbolic link" in r.err
    assert victim.read_bytes() == b"precious\n" and duel_file.read_bytes() == before
    r = run("undo", duel_file)
    assert r.code == 73, (r.code, r.err)
    assert victim.read_bytes() == b"precious\n"


def test_SPEC_files_symlinked_lock_is_refused_73_and_creates_nothing(run, duel_file, tmp_path):
    elsewhere = tmp_path / "elsewhere" / "planted"
    elsewhere.parent.mkdir()
    duel_file.with_name(duel_file.name + ".lock").symlink_to(elsewhere)
    before = duel_file.read_bytes()
    r = run("roll", duel_file, "1d20")
    assert r.code == 73, (r.code, r.err)
    assert not elsewhere.exists()
    assert duel_file.read_bytes() == before and not journal_of(duel_file).exists()


def test_SPEC_files_temporary_names_are_unpredictable_and_never_followed(run, duel_file, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious\n")
    for pid in range(os.getpid() - 5, os.getpid() + 50):  # 0.1's predictable names
        (tmp_path / f".{duel_file.name}.{pid}.tmp").symlink_to(victim)
    assert run("roll", duel_file, "1d20").code == 0
    assert victim.read_bytes() == b"precious\n"
    assert version_of(duel_file) == 1


def test_SPEC_files_a_killed_runs_temporary_copy_is_removed_by_the_next_run(run, duel_file):
    stale = duel_file.with_name(f".{duel_file.name}.0123456789abcdef.tmp")
    stale.write_bytes(b'seed = "secret"\n')
    assert run("roll", duel_file, "1d20").code == 0
    assert not stale.exists()
    assert leftovers(duel_file) == set()


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o660])
def test_SPEC_files_journal_and_lock_get_the_encounter_mode(run, duel_file, mode):
    duel_file.chmod(mode)
    assert run("roll", duel_file, "1d20").code == 0
    for f in (duel_file, journal_of(duel_file), duel_file.with_name(duel_file.name + ".lock")):
        assert stat.S_IMODE(f.stat().st_mode) == mode, f


def test_SPEC_files_group_is_kept_for_file_journal_and_lock(run, duel_file):
    gid = 4242 if os.geteuid() == 0 else os.getgid()
    os.chown(duel_file, -1, gid)
    duel_file.chmod(0o664)
    assert run("roll", duel_file, "1d20").code == 0
    assert run("roll", duel_file, "1d20").code == 0
    for f in (duel_file, journal_of(duel_file), duel_file.with_name(duel_file.name + ".lock")):
        assert f.stat().st_gid == gid, f
        assert stat.S_IMODE(f.stat().st_mode) == 0o664, f


def test_SPEC_files_write_protected_file_is_not_written_even_by_root(run, duel_file):
    assert run("roll", duel_file, "1d20").code == 0
    duel_file.chmod(0o444)
    before = snapshot(duel_file)
    for args in (("roll", duel_file, "1d20"), ("undo", duel_file), ("hp", duel_file, "orc", "-1")):
        r = run(*args)
        assert r.code == 73, (args, r.code, r.err)
        assert "write-protected" in r.err
        assert snapshot(duel_file) == before


def test_SPEC_files_bom_and_crlf_are_accepted_and_written_back(run, encounter):
    text = duel().replace("\n", "\r\n")
    path = encounter(duel())
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert run("validate", path).code == 0
    assert run("roll", path, "1d20").code == 0
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    assert data.count(b"\r\n") == data.count(b"\n") > 10
    assert version_of_bytes(data) == 1
    assert run("undo", path).code == 0
    assert path.read_bytes() == b"\xef\xbb\xbf" + text.encode()


def version_of_bytes(data: bytes) -> int:
    import tomllib

    return tomllib.loads(data.decode("utf-8-sig"))["state"]["version"]


@pytest.mark.parametrize("content", [b"", b"\n  \n", b"\xef\xbb\xbf"])
def test_SPEC_files_empty_file_is_invalid_65(run, encounter, content):
    path = encounter(duel())
    path.write_bytes(content)
    r = run("validate", path)
    assert r.code == 65, (r.code, r.out, r.err)
    assert "empty" in r.err
    assert run("roll", path, "1d20").code == 65
    assert path.read_bytes() == content


def test_SPEC_files_directory_is_not_readable_66(run, tmp_path):
    folder = tmp_path / "fight.toml"
    folder.mkdir()
    assert run("validate", folder).code == 66
    assert run("roll", folder, "1d20").code == 66
    assert not (tmp_path / "fight.toml.lock").exists()


def test_SPEC_files_turn_started_at_without_offset_is_invalid_65(run, encounter):
    path = encounter(duel() + '\n[state]\nturn_started_at = "2026-11-29T12:00:00"\n')
    r = run("validate", path)
    assert r.code == 65, (r.code, r.err)
    assert "state.turn_started_at" in r.err and "offset" in r.err
    ok_path = encounter(duel() + '\n[state]\nturn_started_at = "2026-11-29T12:00:00+00:00"\n',
                        name="ok.toml")
    assert run("validate", ok_path).code == 0


@pytest.mark.parametrize("value", ["abc", "inf", "nan", "-1", "", "1e999"])
def test_SPEC_env_lock_timeout_not_a_finite_number_is_usage_error(run, duel_file, monkeypatch,
                                                                  value):
    monkeypatch.setenv("PBWCOMBAT_LOCK_TIMEOUT", value)
    before = snapshot(duel_file)
    r = run("roll", duel_file, "1d20")
    assert r.code == 2, (value, r.code, r.err)
    assert "PBWCOMBAT_LOCK_TIMEOUT" in r.err
    assert snapshot(duel_file) == before


def test_SPEC_env_lock_timeout_zero_is_accepted(run, duel_file, monkeypatch):
    monkeypatch.setenv("PBWCOMBAT_LOCK_TIMEOUT", "0")
    assert run("roll", duel_file, "1d20").code == 0


def test_SPEC_never_writes_a_file_it_would_refuse_salt_too_long_exit_2(run, duel_file):
    assert run("dice", "commit", duel_file).code == 0  # R-LOG-9: the salt comes after it
    before = snapshot(duel_file)
    r = run("dice", "salt", duel_file, "x" * 1001)
    assert r.code == 2, (r.code, r.err)
    assert snapshot(duel_file) == before
    assert run("dice", "salt", duel_file, "x" * 1000).code == 0
    assert run("validate", duel_file).code == 0


def test_SPEC_never_writes_a_file_it_would_refuse_too_many_waypoints_exit_2(run, duel_file):
    assert run("roll-initiative", duel_file, "--dice", "18,3").code == 0
    before = snapshot(duel_file)
    squares = [f"{i % 5},{i // 5}" for i in range(60)]
    r = run("declare", duel_file, "hero", "move", *squares)
    assert r.code == 2, (r.code, r.err)
    assert snapshot(duel_file) == before
    assert run("validate", duel_file).code == 0


def test_SPEC_never_writes_a_file_it_would_refuse_hp_beyond_bounds_exit_3(run, duel_file):
    assert run("hp", duel_file, "orc", "-999999").code == 0
    before = snapshot(duel_file)
    r = run("hp", duel_file, "orc", "-999999")
    assert r.code == 3, (r.code, r.err)
    assert snapshot(duel_file) == before
    assert run("validate", duel_file).code == 0
    assert run("roll", duel_file, "1d20").code == 0


@pytest.mark.parametrize("which", ["", ".journal", ".lock"])
def test_R_OUT_11_map_png_onto_the_encounter_journal_or_lock_is_refused_73(run, encounter,
                                                                           which):
    path = encounter(duel())
    assert run("roll", path, "1d20").code == 0
    assert run("show", path).code == 0
    path.with_name(path.name + ".lock").touch()
    before = snapshot(path)
    lock = path.with_name(path.name + ".lock").read_bytes()
    r = run("map", path, "--png", path.with_name(path.name + which))
    assert r.code == 73, (r.code, r.err)
    assert snapshot(path) == before
    assert path.with_name(path.name + ".lock").read_bytes() == lock


def test_R_OUT_11_map_png_writes_atomically(run, encounter):
    path = encounter(duel())
    out = path.with_name("map.png")
    out.write_bytes(b"old picture")
    assert run("map", path, "--png", out).code == 0
    assert out.read_bytes().startswith(b"\x89PNG")
    assert {p.name for p in path.parent.iterdir()} <= {path.name, "map.png"}


# == R-LOG: the journal =========================================================================


def records_of(path: Path) -> list[dict]:
    return [json.loads(x) for x in journal_lines(path)]


def test_R_LOG_1_records_carry_seq_and_undo_keeps_the_undone_command(run, duel_file):
    assert run("roll", duel_file, "1d20", "--reason", "Spot").code == 0
    assert run("hp", duel_file, "orc", "-2").code == 0
    kept = journal_bytes(duel_file)
    assert run("undo", duel_file).code == 0
    assert journal_bytes(duel_file).startswith(kept)  # append-only
    recs = records_of(duel_file)
    assert [r["seq"] for r in recs] == [1, 2, 3]
    assert recs[2]["type"] == "undo" and recs[2]["undoes"] == 2
    assert run("undo", duel_file).code == 0
    assert records_of(duel_file)[3]["undoes"] == 1
    r = run("log", duel_file, "--format", "plain")
    assert r.out.count("(undone by record") == 2 and "Spot" in r.out


def test_R_LOG_1_a_key_whose_command_was_undone_is_free_again(run, duel_file):
    assert run("roll", duel_file, "1d20", "--key", "k1").code == 0
    assert run("undo", duel_file).code == 0
    assert run("hp", duel_file, "orc", "-1", "--key", "k1").code == 0  # not a conflict (exit 4)
    assert version_of(duel_file) == 1
    r = run("hp", duel_file, "orc", "-1", "--key", "k1")
    assert r.code == 0 and version_of(duel_file) == 1  # the repeat applies nothing


@pytest.mark.parametrize("command", [("dice", "commit"), ("dice", "salt", "x")])
def test_R_LOG_1_dice_commit_and_salt_cannot_be_undone(run, duel_file, command):
    if command[1] == "salt":  # R-LOG-9: a salt only after the commitment
        assert run("dice", "commit", duel_file).code == 0
    assert run(command[0], command[1], duel_file, *command[2:]).code == 0
    before = snapshot(duel_file)
    r = run("undo", duel_file)
    assert r.code == 3 and "R-LOG-1" in r.err, (r.code, r.err)
    assert snapshot(duel_file) == before


def test_R_LOG_2_hand_edit_is_named_after_the_header_of_the_next_post(run, duel_file):
    assert run("roll", duel_file, "1d20").code == 0
    duel_file.write_text(duel_file.read_text().replace("hp = 20", "hp = 12", 1))  # the hero, a PC
    doc_text = duel_file.read_text()
    i = doc_text.index('id = "orc"')
    duel_file.write_text(doc_text[:i] + doc_text[i:].replace("hp = 12", "hp = 5", 1))
    r = run("roll", duel_file, "1d4", "--format", "plain")
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    assert lines[1] == "Edited by hand: Hero hp 20 → 12; Orc unhurt → badly wounded"
    r = run("log", duel_file, "--format", "plain", "--gm")
    assert "Orc hp 12 → 5" in r.out and "Hand edit" in r.out
    recs = records_of(duel_file)
    assert recs[1]["type"] == "edit"
    assert {"key": "combatants.hero.hp", "old": 20, "new": 12} in recs[1]["changes"]


def test_R_LOG_2_hand_edit_line_in_spanish_and_with_gm(run, duel_file):
    assert run("roll", duel_file, "1d20").code == 0
    doc_text = duel_file.read_text()
    i = doc_text.index('id = "orc"')
    duel_file.write_text(doc_text[:i] + doc_text[i:].replace("hp = 12", "hp = 5", 1))
    r = run("roll", duel_file, "1d4", "--format", "plain", "--lang", "es", "--dry-run")
    assert r.out.splitlines()[1].startswith("Editado a mano: Orc ")
    assert "12" not in r.out.splitlines()[1]  # R-OUT-3: labels, not numbers
    r = run("roll", duel_file, "1d4", "--format", "plain", "--gm")
    assert r.out.splitlines()[1] == "Edited by hand: Orc hp 12 → 5"


def test_R_LOG_2_an_older_copy_saved_over_the_file_is_an_edit_not_a_crash(run, duel_file):
    assert run("roll", duel_file, "1d20").code == 0
    older = duel_file.read_bytes()
    assert run("hp", duel_file, "orc", "-3").code == 0
    duel_file.write_bytes(older)  # an editor that had the file open saves its copy
    r = run("roll", duel_file, "1d4", "--format", "plain")
    assert r.code == 0, r.err
    assert "Edited by hand:" in r.out and "Orc" in r.out
    kinds = [x["type"] for x in records_of(duel_file)]
    assert kinds == ["command", "command", "edit", "command"]
    assert run("verify", duel_file).code == 0


def test_R_LOG_4_a_damaged_last_line_is_refused_65_naming_journal_and_line(run, duel_file):
    assert run("roll", duel_file, "1d20").code == 0
    assert run("roll", duel_file, "1d20").code == 0
    raw = bytearray(journal_bytes(duel_file))
    raw[-20] = ord("\x01") if raw[-20] != 1 else ord("x")
    raw[-30:-25] = b"}}}}}"
    journal_of(duel_file).write_bytes(bytes(raw))
    before = snapshot(duel_file)
    for args in (("roll", duel_file, "1d4"), ("undo", duel_file)):
        r = run(*args)
        assert r.code == 65, (args, r.code, r.err)
        assert "fight.toml.journal" in r.err and "line 2" in r.err
        assert snapshot(duel_file) == before  # nothing cut
    r = run("verify", duel_file)
    assert r.code == 3 and "line 2" in r.out


def test_R_LOG_4_force_with_the_journal_moved_aside_starts_a_new_journal(run, duel_file):
    assert run("roll", duel_file, "1d20").code == 0
    journal_of(duel_file).write_bytes(journal_bytes(duel_file)[:-10] + b"garbage}\n")
    journal_of(duel_file).rename(duel_file.with_name("fight.toml.journal.damaged"))
    before = snapshot(duel_file)
    r = run("roll", duel_file, "1d4")
    assert r.code == 3 and "R-LOG-4" in r.err, (r.code, r.err)
    assert snapshot(duel_file) == before
    assert run("roll", duel_file, "1d4", "--force").code == 0
    recs = records_of(duel_file)
    assert [x["type"] for x in recs] == ["restart", "command"]
    r = run("verify", duel_file)
    assert r.code == 3 and "incomplete" in r.out
    assert run("undo", duel_file).code == 0
    assert run("undo", duel_file).code == 3  # not past the restart


def test_R_LOG_7_a_journal_written_by_0_1_keeps_working(run, duel_file):
    for args in (("roll", "1d20", "--key", "a"), ("hp", "orc", "-2"), ("roll", "2d6")):
        assert run(args[0], duel_file, *args[1:]).code == 0
    old = [{k: v for k, v in r.items() if k not in ("seq", "type", "after", "ino")}
           for r in records_of(duel_file)]
    journal_of(duel_file).write_bytes(b"".join((json.dumps(r) + "\n").encode() for r in old))
    journal_of(duel_file).chmod(0o644)
    duel_file.chmod(0o600)
    r = run("roll", duel_file, "1d20", "--key", "a")  # a 0.1 --key repeat is honoured
    assert r.code == 0 and version_of(duel_file) == 3
    r = run("log", duel_file, "--format", "json")
    assert len(r.json()["records"]) == 3
    assert run("verify", duel_file).code == 0
    assert run("roll", duel_file, "1d4").code == 0
    assert stat.S_IMODE(journal_of(duel_file).stat().st_mode) == 0o600  # the encounter's mode
    assert records_of(duel_file)[-1]["seq"] == 4
    for _ in range(4):
        assert run("undo", duel_file).code == 0
    assert version_of(duel_file) == 0
    assert run("verify", duel_file).code == 0


def test_R_LOG_4_a_file_at_a_version_without_a_journal_is_refused(run, duel_file):
    assert run("roll", duel_file, "1d20").code == 0
    journal_of(duel_file).unlink()
    before = snapshot(duel_file)
    r = run("hp", duel_file, "orc", "-1")
    assert r.code == 3 and "R-LOG-4" in r.err
    assert snapshot(duel_file) == before


# == SPEC exit codes 74 and 130 ===================================================================


def pbw() -> str:
    import sys

    return str(Path(sys.executable).with_name("pbwcombat"))


def env(**extra: str) -> dict[str, str]:
    return {**os.environ, "PBWCOMBAT_NOW": "2026-11-29T12:00:00Z", **extra}


def test_SPEC_exit_74_broken_pipe_after_the_action_is_applied(run, duel_file):
    # a post larger than a pipe's buffer, and a reader that is gone
    p = subprocess.Popen([pbw(), "roll", str(duel_file), "100d1000", "--format", "json"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env())
    assert p.stdout is not None
    p.stdout.close()
    _, err = p.communicate(timeout=60)
    assert p.returncode == 74, (p.returncode, err)
    assert len(err.decode().strip().splitlines()) == 1 and b"Traceback" not in err
    assert version_of(duel_file) == 1  # applied: a retry must not apply it again
    r = run("log", duel_file, "--last", "1", "--format", "plain")
    assert "100d1000" in r.out


def test_SPEC_exit_74_closed_stdout(duel_file):
    done = subprocess.run(f'"{pbw()}" roll "{duel_file}" 1d20 >&-', shell=True, env=env(),
                          stderr=subprocess.PIPE, timeout=60)
    assert done.returncode == 74, done.stderr
    assert version_of(duel_file) == 1


def test_SPEC_exit_74_never_for_a_terminal_encoding_that_cannot_show_a_character(duel_file):
    """Issue 30: the post is printed with a replacement mark for what Latin-1 cannot show
    (tests/test_terminal_and_edits.py has JSON and Spanish)."""
    done = subprocess.run([pbw(), "roll", str(duel_file), "1d20", "--reason", "✓ Spot"],
                          env=env(PYTHONIOENCODING="latin-1"), capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "? Spot" in done.stdout.decode("latin-1")
    assert version_of(duel_file) == 1
    assert b"Traceback" not in done.stderr


def test_SPEC_exit_130_ctrl_c_one_line_file_unchanged(duel_file):
    import signal as sig

    before = snapshot(duel_file)
    with held_lock(duel_file):
        p = subprocess.Popen([pbw(), "roll", str(duel_file), "1d20"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=env())
        # SIGINT once it waits for the lock: during Python's own start-up, before any of the
        # tool's code runs, Ctrl-C is not the tool's to handle (a loaded machine starts slowly)
        wait_until_open(p.pid, duel_file.with_name(duel_file.name + ".lock"))
        p.send_signal(sig.SIGINT)
        out, err = p.communicate(timeout=60)
    assert p.returncode == 130, (p.returncode, err)
    assert err.decode().strip().count("\n") == 0 and b"Traceback" not in err
    assert snapshot(duel_file) == before


def test_R_LOG_4_a_record_from_another_version_is_65_not_an_internal_error(run, duel_file):
    assert run("roll", duel_file, "1d20", "--key", "k").code == 0
    recs = records_of(duel_file)
    recs[0]["events"] = [{"type": "FromTheFuture", "x": 1}]
    recs[0]["rolls"] = 7
    journal_of(duel_file).write_bytes(b"".join((json.dumps(r) + "\n").encode() for r in recs))
    for args in (("log", duel_file), ("roll", duel_file, "1d20", "--key", "k")):
        r = run(*args)
        assert r.code == 65, (args, r.code, r.err)
        assert "internal error" not in r.err and "record 1" in r.err
    r = run("verify", duel_file)
    assert r.code == 3 and "internal error" not in r.err


def test_SPEC_exit_130_ctrl_c_wrapped_by_a_library_is_still_130(duel_file, monkeypatch, capsys):
    """A Ctrl-C that lands inside a library which wraps our interrupt in an error of its own
    (pydantic-core building a schema reports it as a SchemaError) is exit 130 with one line,
    never an internal error (exit 1). Seen under load in the SIGINT torture test."""
    from pbwcombat import service
    from pbwcombat.cli import boundary as cli

    def load_interrupted(*args: object, **kwargs: object) -> None:
        try:
            cli._on_sigint(2, None)
        except BaseException as e:  # what pydantic-core does with an error raised inside it
            raise RuntimeError(f'Error building "literal" validator: {e!r}') from None

    monkeypatch.setattr(service, "load", load_interrupted)
    monkeypatch.setattr(cli._Sigint, "seen", False)
    before = snapshot(duel_file)
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["show", str(duel_file)])
    assert exit_info.value.code == 130
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error" not in err
    assert snapshot(duel_file) == before
