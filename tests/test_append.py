"""R-LOG-10: appending to the journal is all or nothing. A real disk-full (a file size limit,
RLIMIT_FSIZE, in a child process that ignores SIGXFSZ) during the append exits 73 with the
journal byte-identical; a last line that lost only its newline is aborted like any torn tail
(R-LOG-4): its seq is not reused, `log` does not show it, `verify` passes an honest GM."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import NOW, duel, journal_of, ok, snapshot


def _records(path: Path) -> list[dict]:
    return [json.loads(x) for x in journal_of(path).read_bytes().splitlines()]


def _limited(size: int, path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`pbwcombat ARGS` in a child that may write files of at most `size` bytes: the kernel
    cuts a write that crosses the limit short (and fails the next one with EFBIG), as a disk
    that fills up does."""

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    env = {**os.environ, "PBWCOMBAT_NOW": NOW}
    return subprocess.run([sys.executable, "-m", "pbwcombat", args[0], str(path), *args[1:]],
                          capture_output=True, text=True, env=env, preexec_fn=limit,
                          timeout=60)


@pytest.fixture
def fought(run, encounter) -> Path:
    path = encounter(duel())
    ok(run("roll-initiative", path, "--dice", "15,5"))
    ok(run("roll", path, "1d20", "--reason", "Spot"))
    return path


@pytest.mark.parametrize("room", [1, 40, 400])
def test_R_LOG_10_a_disk_full_append_exits_73_and_leaves_the_journal_byte_identical(
        run, fought, room):
    before = snapshot(fought)
    size = journal_of(fought).stat().st_size
    assert fought.stat().st_size < size  # the new file itself still fits: only the append fails
    p = _limited(size + room, fought, "attack", "hero", "orc", "--dice", "12")
    assert p.returncode == 73, (p.returncode, p.stdout, p.stderr)
    assert "R-LOG-10" in p.stderr and "Traceback" not in p.stderr
    assert snapshot(fought) == before  # no partial line: byte for byte as before
    assert sorted(x.name for x in fought.parent.iterdir()) == [
        "fight.toml", "fight.toml.journal", "fight.toml.lock"]  # no temporary file left
    ok(run("attack", fought, "hero", "orc", "--dice", "12"))
    assert [r["seq"] for r in _records(fought)] == [1, 2, 3]
    ok(run("verify", fought))


def test_R_LOG_10_a_disk_full_append_after_a_torn_tail_takes_back_the_abort_too(run, fought):
    """The bytes appended close a torn line and abort it before the command's record; a
    disk-full cuts all of them back: the torn tail is there again for the next run."""
    with journal_of(fought).open("ab") as f:
        f.write(b'{"seq":3,"type":"command","rolls":[{"sid')
    before = snapshot(fought)
    size = journal_of(fought).stat().st_size
    p = _limited(size + 60, fought, "hp", "orc", "-2")
    assert p.returncode == 73, (p.returncode, p.stderr)
    assert snapshot(fought) == before
    ok(run("hp", fought, "orc", "-2"))
    last = [json.loads(x) for x in journal_of(fought).read_bytes().splitlines()[-2:]]
    assert [(x["type"], x["seq"]) for x in last] == [("abort", 4), ("command", 5)]
    ok(run("verify", fought))


def test_R_LOG_10_a_disk_full_append_in_spanish_says_so_in_spanish(run, encounter):
    path = encounter(duel().replace('lang = "en"', 'lang = "es"'))
    ok(run("roll", path, "1d20"))
    before = snapshot(path)
    p = _limited(journal_of(path).stat().st_size + 10, path, "roll", "1d20")
    assert p.returncode == 73
    assert "no se ha añadido nada (R-LOG-10)" in p.stderr, p.stderr
    assert snapshot(path) == before


# -- a last line that lost only its newline ---------------------------------------------------


def _lose_the_newline(run, path: Path, *args: object) -> dict:
    """Run `args`, then put the file back and drop the journal's last newline: what a disk
    that filled up right before the newline leaves (the rename after it never happened)."""
    file_before = path.read_bytes()
    ok(run(*args))
    path.write_bytes(file_before)
    data = journal_of(path).read_bytes()
    journal_of(path).write_bytes(data[:-1])
    return json.loads(data.splitlines()[-1])


def test_R_LOG_10_a_line_that_lost_only_its_newline_is_aborted_not_live(run, fought):
    torn = _lose_the_newline(run, fought, "roll", fought, "1d20", "--reason", "NEVERPOSTED",
                             "--key", "k1")
    assert torn["seq"] == 3
    r = run("log", fought, "--format", "json")
    assert r.code == 0 and "NEVERPOSTED" not in r.out
    assert len(r.json()["records"]) == 2
    ok(run("verify", fought))

    r = ok(run("roll", fought, "1d20", "--reason", "Listen"))
    recs = _records(fought)
    assert [x["type"] for x in recs] == ["command", "command", "command", "abort", "command"]
    assert recs[3]["line"] == 3
    assert [x["seq"] for x in recs] == [1, 2, 3, 4, 5]  # the torn record's 3 is not reused
    r = run("log", fought, "--format", "plain")
    assert r.code == 0 and "NEVERPOSTED" not in r.out and "Listen" in r.out
    assert "rolled again" not in r.out  # the torn roll's die number was never used
    r = run("verify", fought)
    assert r.code == 0, r.out
    # the torn command's --key is free: it never took effect
    r = ok(run("roll", fought, "1d20", "--reason", "NEVERPOSTED", "--key", "k1"))
    assert _records(fought)[-1]["key"] == "k1"
    ok(run("verify", fought))
    ok(run("undo", fought))  # undoes the retried roll, not the torn one
    ok(run("undo", fought))
    assert _records(fought)[-1]["undoes"] == 5  # Listen: the torn record is not a command
    ok(run("verify", fought))


def test_R_LOG_10_a_closed_torn_record_is_no_damage_for_the_whole_check(run, fought):
    """A journal whose lines carry no seal (as 0.2 wrote them) is checked line by
    line: the torn record closed by its newline and its abort record is skipped, not read as
    a link of the chain (which it would break)."""
    _lose_the_newline(run, fought, "roll", fought, "1d20")
    ok(run("roll", fought, "1d6"))
    lines = [json.loads(x) for x in journal_of(fought).read_bytes().splitlines()]
    journal_of(fought).write_bytes(b"".join(
        json.dumps({k: v for k, v in x.items() if k not in ("journal_sha", "prev_sha")}
                   ).encode() + b"\n"
        for x in lines))
    ok(run("roll", fought, "1d4"))
    ok(run("verify", fought))


def test_R_LOG_10_a_lone_record_that_lost_its_newline_keeps_its_seq(run, encounter):
    path = encounter(duel())
    _lose_the_newline(run, path, "roll", path, "1d20")
    ok(run("roll", path, "1d20"))
    assert [(x["type"], x["seq"]) for x in _records(path)] == [
        ("command", 1), ("abort", 2), ("command", 3)]
    ok(run("verify", path))
    ok(run("undo", path))
    assert run("undo", path).code == 3  # nothing else to undo: the torn roll never happened
