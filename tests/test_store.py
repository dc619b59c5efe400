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
from helpers import held_lock, journal_of, snapshot, version_of


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


def test_SPEC_files_symlinked_journal_is_refused_73_and_the_victim_untouched(run, fight,
                                                                            tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious\n")
    journal_of(fight).symlink_to(victim)
    before = fight.read_bytes()
    r = run("roll", fight, "1d20")
    assert r.code == 73, (r.code, r.err)
    assert "symbolic link" in r.err
    assert victim.read_bytes() == b"precious\n" and fight.read_bytes() == before
    r = run("undo", fight)
    assert r.code == 73, (r.code, r.err)
    assert victim.read_bytes() == b"precious\n"


def test_SPEC_files_symlinked_lock_is_refused_73_and_creates_nothing(run, fight, tmp_path):
    elsewhere = tmp_path / "elsewhere" / "planted"
    elsewhere.parent.mkdir()
    fight.with_name(fight.name + ".lock").symlink_to(elsewhere)
    before = fight.read_bytes()
    r = run("roll", fight, "1d20")
    assert r.code == 73, (r.code, r.err)
    assert not elsewhere.exists()
    assert fight.read_bytes() == before and not journal_of(fight).exists()


def test_SPEC_files_temporary_names_are_unpredictable_and_never_followed(run, fight, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious\n")
    for pid in range(os.getpid() - 5, os.getpid() + 50):  # 0.1's predictable names
        (tmp_path / f".{fight.name}.{pid}.tmp").symlink_to(victim)
    assert run("roll", fight, "1d20").code == 0
    assert victim.read_bytes() == b"precious\n"
    assert version_of(fight) == 1


def test_SPEC_files_a_killed_runs_temporary_copy_is_removed_by_the_next_run(run, fight):
    stale = fight.with_name(f".{fight.name}.0123456789abcdef.tmp")
    stale.write_bytes(b'seed = "secret"\n')
    assert run("roll", fight, "1d20").code == 0
    assert not stale.exists()
    assert leftovers(fight) == set()


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o660])
def test_SPEC_files_journal_and_lock_get_the_encounter_mode(run, fight, mode):
    fight.chmod(mode)
    assert run("roll", fight, "1d20").code == 0
    for f in (fight, journal_of(fight), fight.with_name(fight.name + ".lock")):
        assert stat.S_IMODE(f.stat().st_mode) == mode, f


def test_SPEC_files_group_is_kept_for_file_journal_and_lock(run, fight):
    gid = 4242 if os.geteuid() == 0 else os.getgid()
    os.chown(fight, -1, gid)
    fight.chmod(0o664)
    assert run("roll", fight, "1d20").code == 0
    assert run("roll", fight, "1d20").code == 0
    for f in (fight, journal_of(fight), fight.with_name(fight.name + ".lock")):
        assert f.stat().st_gid == gid, f
        assert stat.S_IMODE(f.stat().st_mode) == 0o664, f


def test_SPEC_files_write_protected_file_is_not_written_even_by_root(run, fight):
    assert run("roll", fight, "1d20").code == 0
    fight.chmod(0o444)
    before = snapshot(fight)
    for args in (("roll", fight, "1d20"), ("undo", fight), ("hp", fight, "orc", "-1")):
        r = run(*args)
        assert r.code == 73, (args, r.code, r.err)
        assert "write-protected" in r.err
        assert snapshot(fight) == before


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
def test_SPEC_env_lock_timeout_not_a_finite_number_is_usage_error(run, fight, monkeypatch,
                                                                  value):
    monkeypatch.setenv("PBWCOMBAT_LOCK_TIMEOUT", value)
    before = snapshot(fight)
    r = run("roll", fight, "1d20")
    assert r.code == 2, (value, r.code, r.err)
    assert "PBWCOMBAT_LOCK_TIMEOUT" in r.err
    assert snapshot(fight) == before


def test_SPEC_env_lock_timeout_zero_is_accepted(run, fight, monkeypatch):
    monkeypatch.setenv("PBWCOMBAT_LOCK_TIMEOUT", "0")
    assert run("roll", fight, "1d20").code == 0


def test_SPEC_never_writes_a_file_it_would_refuse_salt_too_long_exit_2(run, fight):
    before = snapshot(fight)
    r = run("dice", "salt", fight, "x" * 1001)
    assert r.code == 2, (r.code, r.err)
    assert snapshot(fight) == before
    assert run("dice", "salt", fight, "x" * 1000).code == 0
    assert run("validate", fight).code == 0


def test_SPEC_never_writes_a_file_it_would_refuse_too_many_waypoints_exit_2(run, fight):
    assert run("roll-initiative", fight, "--dice", "18,3").code == 0
    before = snapshot(fight)
    squares = [f"{i % 5},{i // 5}" for i in range(60)]
    r = run("declare", fight, "hero", "move", *squares)
    assert r.code == 2, (r.code, r.err)
    assert snapshot(fight) == before
    assert run("validate", fight).code == 0


def test_SPEC_never_writes_a_file_it_would_refuse_hp_beyond_bounds_exit_3(run, fight):
    assert run("hp", fight, "orc", "-999999").code == 0
    before = snapshot(fight)
    r = run("hp", fight, "orc", "-999999")
    assert r.code == 3, (r.code, r.err)
    assert snapshot(fight) == before
    assert run("validate", fight).code == 0
    assert run("roll", fight, "1d20").code == 0


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


def test_R_LOG_1_records_carry_seq_and_undo_keeps_the_undone_command(run, fight):
    assert run("roll", fight, "1d20", "--reason", "Spot").code == 0
    assert run("hp", fight, "orc", "-2").code == 0
    kept = journal_bytes(fight)
    assert run("undo", fight).code == 0
    assert journal_bytes(fight).startswith(kept)  # append-only
    recs = records_of(fight)
    assert [r["seq"] for r in recs] == [1, 2, 3]
    assert recs[2]["type"] == "undo" and recs[2]["undoes"] == 2
    assert run("undo", fight).code == 0
    assert records_of(fight)[3]["undoes"] == 1
    r = run("log", fight, "--format", "plain")
    assert r.out.count("(undone by record") == 2 and "Spot" in r.out


def test_R_LOG_1_a_key_whose_command_was_undone_is_free_again(run, fight):
    assert run("roll", fight, "1d20", "--key", "k1").code == 0
    assert run("undo", fight).code == 0
    assert run("hp", fight, "orc", "-1", "--key", "k1").code == 0  # not a conflict (exit 4)
    assert version_of(fight) == 1
    r = run("hp", fight, "orc", "-1", "--key", "k1")
    assert r.code == 0 and version_of(fight) == 1  # the repeat applies nothing


@pytest.mark.parametrize("command", [("dice", "commit"), ("dice", "salt", "x")])
def test_R_LOG_1_dice_commit_and_salt_cannot_be_undone(run, fight, command):
    assert run(command[0], command[1], fight, *command[2:]).code == 0
    before = snapshot(fight)
    r = run("undo", fight)
    assert r.code == 3 and "R-LOG-1" in r.err, (r.code, r.err)
    assert snapshot(fight) == before


def test_R_LOG_2_hand_edit_is_named_after_the_header_of_the_next_post(run, fight):
    assert run("roll", fight, "1d20").code == 0
    fight.write_text(fight.read_text().replace("hp = 20", "hp = 12", 1))  # the hero, a PC
    doc_text = fight.read_text()
    i = doc_text.index('id = "orc"')
    fight.write_text(doc_text[:i] + doc_text[i:].replace("hp = 12", "hp = 5", 1))
    r = run("roll", fight, "1d4", "--format", "plain")
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    assert lines[1] == "Edited by hand: Hero hp 20 → 12; Orc unhurt → badly wounded"
    r = run("log", fight, "--format", "plain", "--gm")
    assert "Orc hp 12 → 5" in r.out and "Hand edit" in r.out
    recs = records_of(fight)
    assert recs[1]["type"] == "edit"
    assert {"key": "combatants.hero.hp", "old": 20, "new": 12} in recs[1]["changes"]


def test_R_LOG_2_hand_edit_line_in_spanish_and_with_gm(run, fight):
    assert run("roll", fight, "1d20").code == 0
    doc_text = fight.read_text()
    i = doc_text.index('id = "orc"')
    fight.write_text(doc_text[:i] + doc_text[i:].replace("hp = 12", "hp = 5", 1))
    r = run("roll", fight, "1d4", "--format", "plain", "--lang", "es", "--dry-run")
    assert r.out.splitlines()[1].startswith("Editado a mano: Orc ")
    assert "12" not in r.out.splitlines()[1]  # R-OUT-3: labels, not numbers
    r = run("roll", fight, "1d4", "--format", "plain", "--gm")
    assert r.out.splitlines()[1] == "Edited by hand: Orc hp 12 → 5"


def test_R_LOG_2_an_older_copy_saved_over_the_file_is_an_edit_not_a_crash(run, fight):
    assert run("roll", fight, "1d20").code == 0
    older = fight.read_bytes()
    assert run("hp", fight, "orc", "-3").code == 0
    fight.write_bytes(older)  # an editor that had the file open saves its copy
    r = run("roll", fight, "1d4", "--format", "plain")
    assert r.code == 0, r.err
    assert "Edited by hand:" in r.out and "Orc" in r.out
    kinds = [x["type"] for x in records_of(fight)]
    assert kinds == ["command", "command", "edit", "command"]
    assert run("verify", fight).code == 0


def test_R_LOG_4_a_damaged_last_line_is_refused_65_naming_journal_and_line(run, fight):
    assert run("roll", fight, "1d20").code == 0
    assert run("roll", fight, "1d20").code == 0
    raw = bytearray(journal_bytes(fight))
    raw[-20] = ord("\x01") if raw[-20] != 1 else ord("x")
    raw[-30:-25] = b"}}}}}"
    journal_of(fight).write_bytes(bytes(raw))
    before = snapshot(fight)
    for args in (("roll", fight, "1d4"), ("undo", fight)):
        r = run(*args)
        assert r.code == 65, (args, r.code, r.err)
        assert "fight.toml.journal" in r.err and "line 2" in r.err
        assert snapshot(fight) == before  # nothing cut
    r = run("verify", fight)
    assert r.code == 3 and "line 2" in r.out


def test_R_LOG_4_force_with_the_journal_moved_aside_starts_a_new_journal(run, fight):
    assert run("roll", fight, "1d20").code == 0
    journal_of(fight).write_bytes(journal_bytes(fight)[:-10] + b"garbage}\n")
    journal_of(fight).rename(fight.with_name("fight.toml.journal.damaged"))
    before = snapshot(fight)
    r = run("roll", fight, "1d4")
    assert r.code == 3 and "R-LOG-4" in r.err, (r.code, r.err)
    assert snapshot(fight) == before
    assert run("roll", fight, "1d4", "--force").code == 0
    recs = records_of(fight)
    assert [x["type"] for x in recs] == ["restart", "command"]
    r = run("verify", fight)
    assert r.code == 3 and "incomplete" in r.out
    assert run("undo", fight).code == 0
    assert run("undo", fight).code == 3  # not past the restart


def test_R_LOG_7_a_journal_written_by_0_1_keeps_working(run, fight):
    for args in (("roll", "1d20", "--key", "a"), ("hp", "orc", "-2"), ("roll", "2d6")):
        assert run(args[0], fight, *args[1:]).code == 0
    old = [{k: v for k, v in r.items() if k not in ("seq", "type", "after", "ino")}
           for r in records_of(fight)]
    journal_of(fight).write_bytes(b"".join((json.dumps(r) + "\n").encode() for r in old))
    journal_of(fight).chmod(0o644)
    fight.chmod(0o600)
    r = run("roll", fight, "1d20", "--key", "a")  # a 0.1 --key repeat is honoured
    assert r.code == 0 and version_of(fight) == 3
    r = run("log", fight, "--format", "json")
    assert len(r.json()["records"]) == 3
    assert run("verify", fight).code == 0
    assert run("roll", fight, "1d4").code == 0
    assert stat.S_IMODE(journal_of(fight).stat().st_mode) == 0o600  # the encounter's mode
    assert records_of(fight)[-1]["seq"] == 4
    for _ in range(4):
        assert run("undo", fight).code == 0
    assert version_of(fight) == 0
    assert run("verify", fight).code == 0


def test_R_LOG_4_a_file_at_a_version_without_a_journal_is_refused(run, fight):
    assert run("roll", fight, "1d20").code == 0
    journal_of(fight).unlink()
    before = snapshot(fight)
    r = run("hp", fight, "orc", "-1")
    assert r.code == 3 and "R-LOG-4" in r.err
    assert snapshot(fight) == before


# == SPEC exit codes 74 and 130 ===================================================================


def pbw() -> str:
    import sys

    return str(Path(sys.executable).with_name("pbwcombat"))


def env(**extra: str) -> dict[str, str]:
    return {**os.environ, "PBWCOMBAT_NOW": "2026-11-29T12:00:00Z", **extra}


def test_SPEC_exit_74_broken_pipe_after_the_action_is_applied(run, fight):
    # a post larger than a pipe's buffer, and a reader that is gone
    p = subprocess.Popen([pbw(), "roll", str(fight), "100d1000", "--format", "json"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env())
    assert p.stdout is not None
    p.stdout.close()
    _, err = p.communicate(timeout=60)
    assert p.returncode == 74, (p.returncode, err)
    assert len(err.decode().strip().splitlines()) == 1 and b"Traceback" not in err
    assert version_of(fight) == 1  # applied: a retry must not apply it again
    r = run("log", fight, "--last", "1", "--format", "plain")
    assert "100d1000" in r.out


def test_SPEC_exit_74_closed_stdout(fight):
    done = subprocess.run(f'"{pbw()}" roll "{fight}" 1d20 >&-', shell=True, env=env(),
                          stderr=subprocess.PIPE, timeout=60)
    assert done.returncode == 74, done.stderr
    assert version_of(fight) == 1


def test_SPEC_exit_74_terminal_encoding_cannot_show_the_post(fight):
    done = subprocess.run([pbw(), "roll", str(fight), "1d20", "--reason", "✓ Spot"],
                          env=env(PYTHONIOENCODING="latin-1"), capture_output=True, timeout=60)
    assert done.returncode == 74, done.stderr
    assert version_of(fight) == 1
    assert b"Traceback" not in done.stderr


def test_SPEC_exit_130_ctrl_c_one_line_file_unchanged(fight):
    import signal as sig
    import time

    before = snapshot(fight)
    with held_lock(fight):
        p = subprocess.Popen([pbw(), "roll", str(fight), "1d20"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=env())
        time.sleep(1.0)  # waiting for the lock
        p.send_signal(sig.SIGINT)
        out, err = p.communicate(timeout=60)
    assert p.returncode == 130, (p.returncode, err)
    assert err.decode().strip().count("\n") == 0 and b"Traceback" not in err
    assert snapshot(fight) == before


def test_R_LOG_4_a_record_from_another_version_is_65_not_an_internal_error(run, fight):
    assert run("roll", fight, "1d20", "--key", "k").code == 0
    recs = records_of(fight)
    recs[0]["events"] = [{"type": "FromTheFuture", "x": 1}]
    recs[0]["rolls"] = 7
    journal_of(fight).write_bytes(b"".join((json.dumps(r) + "\n").encode() for r in recs))
    for args in (("log", fight), ("roll", fight, "1d20", "--key", "k")):
        r = run(*args)
        assert r.code == 65, (args, r.code, r.err)
        assert "internal error" not in r.err and "record 1" in r.err
    r = run("verify", fight)
    assert r.code == 3 and "internal error" not in r.err
