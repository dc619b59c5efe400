"""SPEC "Files, permissions and safety", exit codes 66 and 73 (issue 30): a FIFO, a device or a
folder where the encounter, a roster, the journal or the lock should be is refused at once
(66 for the files read, 73 for the journal and the lock), never waited on or read to the end;
a journal or lock planted by someone else, or with a wider mode than the encounter's, is not
used (73) and receives nothing; an unreadable encounter is 66, not click's 2.

The commands that could block run in a child process with a timeout: on a tool that waits on
a FIFO they fail by the timeout instead of hanging the test run."""

from __future__ import annotations

import contextlib
import os
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import NOW, duel, journal_of, ok, snapshot, version_of

TIMEOUT = 20


def cli(*args: object, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`pbwcombat ARGS` in a child; a run that waits on a FIFO fails by the timeout."""
    environ = {**os.environ, "PBWCOMBAT_NOW": NOW, "PBWCOMBAT_LOCK_TIMEOUT": "2", **(env or {})}
    try:
        return subprocess.run([sys.executable, "-m", "pbwcombat", *map(str, args)],
                              capture_output=True, text=True, env=environ, timeout=TIMEOUT,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"pbwcombat {' '.join(map(str, args))}: still waiting after {TIMEOUT} s")


def lock_of(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


@pytest.fixture
def played(run, encounter) -> Path:
    path = encounter(duel())
    ok(run("roll", path, "1d20"))
    return path


# -- a FIFO, a device, a folder -----------------------------------------------------------------


@pytest.mark.parametrize("args", [("show",), ("validate",), ("roll", "1d20"), ("undo",),
                                  ("log",), ("verify",), ("odds", "--runs", "5")])
def test_SPEC_files_a_fifo_as_the_encounter_is_refused_at_once_66(tmp_path, args):
    fifo = tmp_path / "fight.toml"
    os.mkfifo(fifo)
    p = cli(args[0], fifo, *args[1:])
    assert p.returncode == 66, (p.returncode, p.stderr)
    assert "FIFO" in p.stderr and "Traceback" not in p.stderr
    assert not lock_of(fifo).exists()  # nothing made beside it


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_SPEC_files_a_device_as_the_encounter_is_refused_66(tmp_path, device):
    for where in (device, tmp_path / "link.toml"):
        if where != device:
            where.symlink_to(device)
        for args in (("show", where), ("roll", where, "1d20"), ("validate", where)):
            p = cli(*args)
            assert p.returncode == 66, (args, p.returncode, p.stderr)
            assert "device" in p.stderr


def test_SPEC_files_a_fifo_or_device_as_the_roster_is_refused_66(played, tmp_path):
    fifo = tmp_path / "roster.toml"
    os.mkfifo(fifo)
    before = snapshot(played)
    for roster in (fifo, Path("/dev/zero")):
        p = cli("add", played, "orc", "--from", roster)
        assert p.returncode == 66, (roster, p.returncode, p.stderr)
        assert "roster" in p.stderr and "not a regular file" in p.stderr
        assert snapshot(played) == before


@pytest.mark.parametrize("which", ["journal", "lock"])
@pytest.mark.parametrize("what", ["fifo", "folder", "device"])
def test_SPEC_files_a_non_regular_journal_or_lock_is_refused_73(played, which, what):
    side = journal_of(played) if which == "journal" else lock_of(played)
    side.unlink()
    if what == "fifo":
        os.mkfifo(side)
    elif what == "folder":
        side.mkdir()
    else:
        os.mknod(side, 0o600 | stat.S_IFCHR, os.makedev(1, 5))  # a /dev/zero of its own
    data = played.read_bytes()
    commands = [("roll", played, "1d20"), ("undo", played), ("hp", played, "orc", "-1")]
    if which == "journal":
        commands += [("log", played), ("verify", played)]
    for args in commands:
        p = cli(*args)
        assert p.returncode == 73, (args, p.returncode, p.stderr)
        assert "not a regular file" in p.stderr and "Traceback" not in p.stderr, p.stderr
    assert played.read_bytes() == data
    assert stat.S_IFMT(os.lstat(side).st_mode) != stat.S_IFREG  # left as it was


def test_SPEC_files_a_non_regular_journal_in_spanish(run, encounter):
    path = encounter(duel().replace('lang = "en"', 'lang = "es"'))
    os.mkfifo(journal_of(path))
    p = cli("roll", path, "1d20")
    assert p.returncode == 73
    assert "una FIFO, no un archivo normal" in p.stderr, p.stderr


def test_SPEC_files_tab_completion_does_not_wait_on_a_fifo(tmp_path):
    fifo = tmp_path / "fight.toml"
    os.mkfifo(fifo)
    line = f"pbwcombat attack {fifo} "
    p = cli(env={"_PBWCOMBAT_COMPLETE": "complete_bash", "COMP_WORDS": line,
                 "COMP_CWORD": "3"})
    assert p.returncode == 0 and p.stdout == "" and p.stderr == ""


def test_SPEC_files_errors_in_the_readers_language_do_not_wait_on_a_fifo(tmp_path):
    """The language of stderr is read from the files on the line (R-OUT-5): a FIFO there is
    skipped, not read."""
    fifo = tmp_path / "other.toml"
    os.mkfifo(fifo)
    p = cli("roll", tmp_path / "missing.toml", "1d20", "--key", fifo)
    assert p.returncode == 66, p.stderr


# -- an unreadable encounter ---------------------------------------------------------------------


@contextlib.contextmanager
def as_nobody() -> Iterator[None]:
    """Run as an ordinary user: root reads every file whatever its mode. The saved user id
    stays root, so the test process can come back."""
    if os.geteuid() != 0:
        yield
        return
    os.setresgid(65534, 65534, 0)
    os.setresuid(65534, 65534, 0)
    try:
        yield
    finally:
        os.setresuid(0, 0, 0)
        os.setresgid(0, 0, 0)


def test_SPEC_exit_66_an_unreadable_encounter_is_66_not_click_2(run):
    folder = Path(tempfile.mkdtemp(prefix="pbw-unreadable-"))
    try:
        folder.chmod(0o777)
        path = folder / "fight.toml"
        path.write_text(duel(), encoding="utf-8")
        assert run("show", path).code == 0  # what the commands import is loaded already
        assert run("show", folder / "none.toml").code == 66
        path.chmod(0o200)
        with as_nobody():
            results = [run(*args) for args in (("show", path), ("roll", path, "1d20"),
                                               ("log", path), ("validate", path))]
        for r in results:
            assert r.code == 66, (r.code, r.err)
            assert "cannot be read" in r.err and "not readable" not in r.err
    finally:
        for f in folder.iterdir():
            f.unlink()
        folder.rmdir()


# -- a journal or lock planted by someone else ---------------------------------------------------


def test_SPEC_files_a_journal_planted_by_another_user_gets_nothing_73(run, encounter):
    path = encounter(duel())
    path.chmod(0o600)
    journal_of(path).write_bytes(b"")
    os.chown(journal_of(path), 4321, 4321)
    journal_of(path).chmod(0o666)  # so the GM could write to it
    before = snapshot(path)
    for args in (("roll", path, "1d20"), ("dice", "commit", path), ("undo", path)):
        r = run(*args)
        assert r.code == 73, (args, r.code, r.err)
        assert "owned by another user (uid 4321)" in r.err
    assert snapshot(path) == before  # the seed never reached the planted file
    journal_of(path).unlink()
    ok(run("roll", path, "1d20"))
    assert journal_of(path).stat().st_uid == path.stat().st_uid


def test_SPEC_files_a_lock_planted_by_another_user_is_refused_73(run, played):
    os.chown(lock_of(played), 4321, 4321)
    before = snapshot(played)
    r = run("hp", played, "orc", "-1")
    assert r.code == 73 and "owned by another user" in r.err, r.err
    assert snapshot(played) == before


@pytest.mark.parametrize("which", ["journal", "lock"])
@pytest.mark.parametrize("wide", [0o644, 0o606, 0o620], ids=["644", "606", "620"])
def test_SPEC_files_a_journal_or_lock_wider_than_the_encounter_is_refused_73(
        run, played, which, wide):
    played.chmod(0o600)
    for f in (journal_of(played), lock_of(played)):
        f.chmod(0o600)
    side = journal_of(played) if which == "journal" else lock_of(played)
    side.chmod(wide)
    before = snapshot(played)
    r = run("roll", played, "1d20")
    assert r.code == 73, (r.code, r.err)
    assert f"mode {wide:o} is wider than the encounter's 600" in r.err
    assert "chmod 600" in r.err
    assert snapshot(played) == before and stat.S_IMODE(side.stat().st_mode) == wide
    side.chmod(0o600)
    ok(run("roll", played, "1d20"))


def test_SPEC_files_the_owners_own_bits_are_not_wider(run, played):
    """A file frozen read-only (0444) keeps a journal its owner may write: refused as
    write-protected, not for the journal's mode."""
    played.chmod(0o444)
    journal_of(played).chmod(0o644)
    r = run("roll", played, "1d20")
    assert r.code == 73 and "write-protected" in r.err


def test_SPEC_files_a_group_folder_accepts_a_journal_of_another_gm(run, encounter):
    """In a folder shared by a group of GMs (the encounter writable by its group), the journal
    and lock another GM of that group made are theirs to share, as SPEC promises."""
    path = encounter(duel())
    ok(run("roll", path, "1d20"))
    for f in (path, journal_of(path), lock_of(path)):
        os.chown(f, -1, 4242)
        f.chmod(0o660)
    os.chown(journal_of(path), 5555, 4242)  # made by another GM of the group
    os.chown(lock_of(path), 5555, 4242)
    ok(run("roll", path, "1d20"))
    assert version_of(path) == 2
    os.chown(journal_of(path), 5555, 9999)  # not of the encounter's group: someone else's
    r = run("roll", path, "1d20")
    assert r.code == 73 and "owned by another user" in r.err
