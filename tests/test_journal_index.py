"""The journal opened once (issue 21) and its index in the lock file (issue 29): a command in
a long fight reads the journal from its end, and the index answers exactly what reading the
whole journal answers (R-LOG-1 undo, SPEC `--key`, R-LOG-4 aborts and torn lines), or is not
used at all once the journal is no longer as the last command left it."""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

from helpers import duel, journal_of, ok, snapshot

from pbwcombat import journal, journal_book, journal_index, store

WHEN = "2026-11-29T12:00:00+00:00"


def _open(path: Path, whole: bool) -> journal_book.Journal:
    book = journal_book.Journal.open(path, path.read_bytes(), 0, True, WHEN)
    if whole:
        book.index = None
    return book


def _answers(path: Path, keys: list[str], whole: bool) -> tuple[object, ...]:
    book = _open(path, whole)
    found = [book.find_key(k) for k in keys]
    records = [(f.data, f.seq, f.offset) if f is not None else None for f in found]
    edits = [book.edit_before(f) if f is not None else None for f in found]
    target = book.undo_target()
    of = [book.record_of(s) for s in range(0, 40)]
    return (records, edits, target and (target.data, target.seq), book.last_seed(),
            [r and (r.data, r.seq) for r in of], list(book.commands_back()), book.prelude.seq)


def test_R_LOG_1_the_index_answers_as_the_whole_journal_does(run, encounter):
    """Random fights of keyed and unkeyed commands, undos (keyed too), repeats, hand edits,
    torn appends and crashes before the rename: after every step the index vouches for the
    journal (when the step was a command that wrote) and every question gets the answer
    the journal read whole gives."""
    rng = random.Random(29)
    vouched = reused = 0
    for fight in range(6):
        path = encounter(duel(), name=f"fight{fight}.toml")
        keys: list[str] = []
        for _ in range(22):
            step = rng.choice(["roll", "roll", "hp", "key", "key", "undo", "undo-key", "edit",
                               "torn", "crash"])
            if step in ("roll", "hp"):
                args = ("roll", path, "1d20") if step == "roll" else ("hp", path, "orc", "-1")
                assert run(*args, "--force").code == 0
            elif step == "key":
                key = rng.choice(keys + [f"K{len(keys)}"]) if keys else "K0"
                keys.append(key)
                run("roll", path, "1d6", "--key", key)  # a repeat, or a conflict (exit 4)
            elif step == "undo":
                run("undo", path)
            elif step == "undo-key":
                key = f"U{rng.randrange(3)}"
                keys.append(key)
                run("undo", path, "--key", key)
            elif step == "edit":
                path.write_text(re.sub(r"hp = \d+", f"hp = {rng.randint(1, 20)}",
                                       path.read_text(), count=1))
            elif step == "torn":
                with journal_of(path).open("ab") as f:
                    f.write(b'{"seq":99,"type":"comm')
            else:
                saved = path.with_name("saved")
                shutil.copyfile(path, saved)
                assert run("roll", path, "1d4", "--force").code == 0
                shutil.move(saved, path)  # the rename never happened
            if not journal_of(path).exists():
                continue
            assert _answers(path, keys, whole=False) == _answers(path, keys, whole=True)
            vouched += _built_alike(path)
            reused += _logs_agree(run, path)
        ok(run("roll", path, "1d20", "--force"))  # records a last hand edit, aborts a crash
        ok(run("verify", path))
    assert vouched > 60  # most steps were answered from the index, not the whole journal
    assert reused > 10  # and die numbers were rolled again after undos


def _built_alike(path: Path) -> bool:
    """The index the commands kept, append by append, is the one built from the journal read
    whole (by the heads of its command lines); returns whether there is one."""
    kept = journal_index.load(path)
    if kept is None:
        return False
    built = journal_book._build(journal.entries(path))
    assert [kept.keys, kept.undos, kept.aborted, kept.torn, kept.reuses, kept.high,
            kept.full_at] == [built.keys, built.undos, built.aborted, built.torn, built.reuses,
                              built.high, built.full_at]
    return True


def _logs_agree(run, path: Path) -> bool:
    """`log --last N` from the end and the index (the lock as the last command left it) is
    the log of the journal read whole (the lock's index made useless), in plain and JSON;
    returns whether it lists die numbers rolled again."""
    lock = store.lock_path(path)
    held = lock.read_bytes() if lock.exists() else b""
    fast = [run("log", path, "--last", n, "--format", fmt) for n in (1, 3) for fmt in
            ("plain", "json")]
    lock.write_bytes(b"")
    slow = [run("log", path, "--last", n, "--format", fmt) for n in (1, 3) for fmt in
            ("plain", "json")]
    lock.write_bytes(held)
    assert fast == slow
    return "rolled again" in fast[0].out


def test_issue_29_a_command_leaves_an_index_that_vouches_for_the_journal(run, encounter):
    path = encounter(duel())
    ok(run("roll", path, "1d20", "--key", "A"))
    ok(run("roll", path, "1d20"))
    index = journal_index.load(path)
    assert index is not None
    assert index.keys.get("A") == [[1, 0]] and index.keys.get("B") == []
    assert journal_book.Journal.open(path, path.read_bytes(), 2, False, WHEN).index is not None


def test_R_LOG_4_an_index_no_longer_matching_the_journal_is_not_used(run, encounter):
    """A change in place that keeps the journal's length (a digit of a hash) moves its change
    time: the index is not used, and the damage is found."""
    path = encounter(duel())
    for expr in ("1d20", "1d6", "1d8"):
        ok(run("roll", path, expr))
    assert journal_index.load(path) is not None
    data = journal_of(path).read_bytes()
    at = data.index(b'"after_sha":"') + 13
    flipped = data[:at] + (b"0" if data[at:at + 1] != b"0" else b"1") + data[at + 1:]
    journal_of(path).write_bytes(flipped)
    assert journal_index.load(path) is None
    before = snapshot(path)
    r = run("roll", path, "1d4")
    assert r.code == 65 and "line 2" in r.err and "R-LOG-4" in r.err, r.err
    assert snapshot(path) == before


def test_issue_29_a_garbled_or_foreign_index_is_ignored(run, encounter):
    """The lock's content is a cache: garbage, another journal's index, or an index whose
    checksum fails are not used, and the commands go on as with no index."""
    path = encounter(duel())
    key = "a-key-no-random-byte-run-repeats"  # `count` below: "A" alone came up in CRCs
    ok(run("roll", path, "1d20", "--key", key))
    lock = store.lock_path(path)
    held = lock.read_bytes()
    assert held.count(key.encode()) == 1  # the key's entry in the table's log (`journal_keys`)
    lock.write_bytes(held.replace(key.encode(), key.upper().encode()))  # its CRC fails now
    index = journal_index.load(path)
    assert index is not None and index.keys.get(key) is None  # the lookup does not trust it
    first = ok(run("roll", path, "1d20", "--key", key)).out
    lock.write_bytes(b"\x00garbage")
    assert ok(run("roll", path, "1d20", "--key", key)).out == first
    assert [r["key"] for r in map(json.loads, journal_of(path).read_bytes().splitlines())
            ] == [key]  # repeats, never applied twice
    ok(run("verify", path))


def test_R_LOG_1_undo_after_n_actions_restores_every_state_exactly(run, encounter):
    """Differential: the file's bytes after each of N actions, then N undos give them back in
    reverse order, byte for byte, and redoing the first command rolls the same dice."""
    path = encounter(duel())
    rng = random.Random(1)
    states = [path.read_bytes()]
    for i in range(25):
        args = rng.choice([("roll", path, "1d20"), ("hp", path, "orc", "-1"),
                           ("roll", path, "2d6", "--key", f"k{i}")])
        ok(run(*args, "--force") if "--key" not in args else run(*args))
        states.append(path.read_bytes())
    for state in reversed(states[:-1]):
        ok(run("undo", path))
        assert path.read_bytes() == state
    assert run("undo", path).code == 3
    ok(run("verify", path))


def test_SPEC_key_every_key_is_kept_and_found_whatever_it_holds(run, encounter):
    """The keys' table (`journal_keys.Keys`): keys that hold tabs, newlines, quotes,
    backslashes, non-ASCII letters, or another key's beginning, each with its own records,
    oldest first, before a save, and after a save and a load."""
    path = encounter(duel())
    ok(run("roll", path, "1d20"))
    keys = ["A", "AB", "B\tC", "line\nbreak", 'q"uote', "back\\slash", "año", "", " A"]
    index = journal_index.Index()
    for i, key in enumerate(keys * 3):
        index.note(i + 1, 100 * i, {"type": "command", "key": key})
    index.note(99, 9900, {"type": "command", "key": None})
    n = len(keys)
    expected = {key: [[k + 1, 100 * k], [k + n + 1, 100 * (k + n)],
                      [k + 2 * n + 1, 100 * (k + 2 * n)]] for k, key in enumerate(keys)}
    assert {key: index.keys.get(key) for key in keys} == expected
    assert index.keys.get("C") == [] and index.keys.get("a") == []
    journal_index.save(path, index)
    loaded = journal_index.load(path)
    assert loaded is not None and loaded.keys.table is not None
    assert {key: loaded.keys.get(key) for key in keys} == expected
    assert loaded.keys.get("C") == [] and loaded.keys.every() == expected
