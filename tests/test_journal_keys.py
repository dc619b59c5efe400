"""The `--key` table in the lock file (`journal_keys`, issue 29): written in place a batch of
keys at a time as commands append them, through the table's rebuilds, it answers every key
as a plain dictionary of the same additions does (SPEC `--key`: no key is ever dropped);
garbled anywhere, a lookup answers the truth or None (the index is not used), never a wrong
record and never a key missed."""

from __future__ import annotations

import os
import random
from pathlib import Path

from pbwcombat import journal_keys
from pbwcombat.journal_keys import Keys

HEAD = 48  # bytes before the table, as the lock file's head


def _grow(lock: Path, batches: list[list[tuple[str, int, int]]]) -> Keys:
    """The keys written batch by batch, each batch on the table the one before it left (a
    command's `save`), as `journal_index.save` does."""
    lock.write_bytes(bytes(HEAD))
    keys = Keys(None, None, HEAD)
    for batch in batches:
        for key, seq, offset in batch:
            keys.add(key, seq, offset)
        fd = os.open(lock, os.O_RDWR)
        try:
            table = keys.write(fd, HEAD)
            os.ftruncate(fd, table.end)
        finally:
            os.close(fd)
        keys = Keys(lock, table, HEAD)
    return keys


def _batches(rng: random.Random, count: int) -> tuple[list[list[tuple[str, int, int]]],
                                                        dict[str, list[list[int]]]]:
    """Random batches of 0 to 3 keys (a command and its edit or undo), new keys and repeats,
    with the dictionary they should give."""
    batches, truth, seq = [], {}, 0
    while seq < count:
        batch = []
        for _ in range(rng.choice([0, 1, 1, 1, 2, 3])):
            seq += 1
            key = rng.choice(list(truth)) if truth and rng.random() < 0.1 else \
                rng.choice(["", "K", "kéy\t", 'q"'])+ str(seq)
            batch.append((key, seq, 1000 * seq))
            truth.setdefault(key, []).append([seq, 1000 * seq])
        batches.append(batch)
    return batches, truth


def test_SPEC_key_the_table_answers_as_a_dictionary_through_its_rebuilds(tmp_path):
    rng = random.Random(29)
    batches, truth = _batches(rng, 3_000)
    lock = tmp_path / "enc.toml.lock"
    keys = _grow(lock, batches)
    assert keys.table is not None and keys.table.slots >= 4_096  # it was rebuilt, larger
    assert keys.table.count == sum(len(v) for v in truth.values())
    for key, records in truth.items():
        assert keys.get(key) == records, key
    for absent in ("", "K", "K0", "nope", "k3000"):
        assert keys.get(absent) == truth.get(absent, [])
    assert keys.every() == truth
    # the dead bytes (tables left behind by rebuilds) never outweigh the live table
    assert lock.stat().st_size <= HEAD + 2 * 8 * keys.table.slots + sum(
        28 + len(k.encode()) + 4 for k, v in truth.items() for _ in v)


def test_SPEC_key_a_command_reads_a_few_slots_not_the_table(tmp_path, monkeypatch):
    """A lookup among 20,000 keys reads a handful of slots and entries (the cost of a
    command independent of the number of keys), never the table."""
    batches = [[(f"grown-{i}", i, 10 * i) for i in range(1, 20_001)]]
    keys = _grow(tmp_path / "lock", batches)
    reads: list[int] = []
    real = os.pread

    def counted(fd: int, n: int, at: int) -> bytes:
        reads.append(n)
        return real(fd, n, at)

    monkeypatch.setattr(os, "pread", counted)
    assert keys.get("grown-12345") == [[12345, 123450]]
    assert keys.get("never") == []
    assert len(reads) < 40 and sum(reads) < 8_000


def test_R_LOG_4_a_garbled_table_answers_the_truth_or_none(tmp_path):
    """One byte changed anywhere in the table or its log (a slot, an entry's hash, seq,
    offset, key or CRC): every lookup gives the records the keys have, or None, which sends
    the command to the journal read whole."""
    rng = random.Random(4)
    batches, truth = _batches(rng, 400)
    lock = tmp_path / "lock"
    keys = _grow(lock, batches)
    assert keys.table is not None
    clean = lock.read_bytes()
    refused = 0
    for _ in range(300):
        at = rng.randrange(HEAD, len(clean))
        lock.write_bytes(clean[:at] + bytes([clean[at] ^ (1 << rng.randrange(8))])
                         + clean[at + 1:])
        for key in list(truth)[:60] + ["absent", "K1"]:
            got = keys.get(key)
            assert got is None or got == truth.get(key, []), (at, key)
            refused += got is None
        every = keys.every()
        assert every is None or every == truth
    assert refused > 50  # the damage was seen, not only survived
    lock.write_bytes(bytes(HEAD) + b"\xff" * 16)  # a table cut short
    assert keys.get("K1") is None


def test_issue_29_slots_for_keeps_the_table_at_most_half_full():
    assert journal_keys.slots_for(0) == journal_keys.SMALLEST
    for count in (1, 16, 17, 1_000, 100_000):
        slots = journal_keys.slots_for(count)
        assert slots >= 4 * count and slots & (slots - 1) == 0
