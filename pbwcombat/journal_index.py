"""The journal's index, kept in the lock file: what a command needs from a long journal
without reading it (issue 29: a command's cost independent of the journal's length).

It holds the byte offsets of the records of each `--key`, which records an undo names,
which an abort names, and which lines an abort record closed as torn (R-LOG-4, R-LOG-10),
and it is stamped with the journal it describes: its inode, size, modification and change
times as the command that last appended left them. A stamp that no longer matches (a hand
edit, a copy saved over it, a crash before the index was written, a journal from an older
version) means the index is not used: the command checks and reads the journal whole, as
before, and writes a new index after its own append. The index is a cache, never the
history: nothing in it is evidence, `verify` never reads it, and a lost or garbled one
costs one slow command. It lives in the lock file (created with the encounter's mode, like
the journal) so that no new file appears beside the encounter: a fixed head (`_HEAD`: the
format, where the keys' table is, where the log ends, a CRC-32 of the head and the JSON),
the keys' table and log (`journal_keys`, read and written in place), then the rest of the
index as JSON. It holds no secret (no seed, no file text), only keys, sequence numbers and
offsets.
"""

from __future__ import annotations

import contextlib
import json
import os
import struct
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pbwcombat import regular, store
from pbwcombat.journal_keys import Garbled, Keys, Table

FORMAT = 4  # 2: `full_at` (journal format 4); 3: `keys` as one text; 4: a table of keys
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
# magic, FORMAT, the table's position, its slots, its entries, the log's end (where the
# JSON starts), the JSON's length, CRC-32 of the head before it and of the JSON
_HEAD = struct.Struct("<4sIQQQQII")
_MAGIC = b"PBWI"


def stamp_of(st: os.stat_result) -> list[int]:
    """What a change to the journal changes (a write in place moves the change time, which
    no program can set back)."""
    return [st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]


class Index:
    """The journal at a given stamp: keys → [[seq, offset], …] (command and undo records that
    carry the key, oldest first), undos [[seq undone, seq of the undo record], …], the seqs
    abort records name, the offsets of lines an abort record closed as torn, and the die
    numbers rolled again (R-LOG-1, `log`): `reuses` [[n, first seq, its offset, its face,
    then seq, its offset, its face], …] in the order `render.trust.die_reuses` finds them,
    `high` the highest generator die number a live command rolled (a roll above it is no
    reuse: nothing to look up), `prev_high` the same before the last command with rolls,
    `last_roller` that command's seq (only the last record can be aborted later, R-LOG-4),
    and `full_at` the end of the last line that holds a whole text of the file (journal
    format 4: the lines after it hold patches; a command writes a whole text again once
    they outweigh the file)."""

    __slots__ = ("stamp", "keys", "undos", "aborted", "torn", "reuses", "high", "prev_high",
                 "last_roller", "full_at", "held")

    def __init__(self) -> None:
        self.stamp: list[int] = []
        self.keys = Keys()
        self.undos: list[list[int]] = []
        self.aborted: list[int] = []
        self.torn: list[int] = []
        self.reuses: list[list[int]] = []
        self.high = -1
        self.prev_high = -1
        self.last_roller = 0
        self.full_at = 0
        self.held = b""  # the lock file's head as `load` found it

    def note(self, seq: int, offset: int, record: dict[str, Any]) -> None:
        """One complete record of the journal, in order (`kind` as journal.kind reads it)."""
        k = record.get("type", "command")
        if k == "undo" and type(record.get("undoes")) is int:
            self.undos.append([record["undoes"], seq])
        elif k == "abort":
            if type(record.get("aborts")) is int:
                seq = record["aborts"]
                self.aborted.append(seq)
                self.reuses = [r for r in self.reuses if r[4] != seq]
                if seq == self.last_roller:
                    self.high = self.prev_high
            return
        key = record.get("key")
        if k in ("command", "undo") and isinstance(key, str):
            self.keys.add(key, seq, offset)

    def rolled(self, seq: int, numbers: list[int]) -> None:
        """A live command numbered `seq` rolled the generator's die `numbers` (after its
        reuses were noted)."""
        if numbers:
            self.prev_high, self.last_roller = self.high, seq
            self.high = max(self.high, *numbers)

    def body(self) -> dict[str, Any]:
        return {"stamp": self.stamp, "undos": self.undos,
                "aborted": self.aborted, "torn": self.torn, "reuses": self.reuses,
                "high": [self.high, self.prev_high, self.last_roller], "full_at": self.full_at}


def load(encounter: Path) -> Index | None:
    """The index of the journal beside `encounter`, if the lock file holds one whose stamp
    is the journal's as it is now (None otherwise: read the journal whole). Reads the head
    and the JSON only: the keys are looked up in place (`journal_keys.Keys.get`)."""
    lock = store.lock_path(encounter)
    try:
        fd = regular.open_regular(lock, os.O_RDONLY | _NOFOLLOW)
    except OSError:
        return None
    try:
        held = os.pread(fd, _HEAD.size, 0)
        if len(held) != _HEAD.size:
            return None
        magic, form, at, slots, count, end, length, crc = _HEAD.unpack(held)
        if magic != _MAGIC or form != FORMAT or os.fstat(fd).st_size != end + length:
            return None
        text = os.pread(fd, length, end)
        st = os.lstat(store.journal_path(encounter))
    except OSError:
        return None
    finally:
        os.close(fd)
    table = Table(at, slots, count, end)
    if zlib.crc32(text, zlib.crc32(held[:-4])) != crc or not table.valid(_HEAD.size):
        return None
    try:
        body = json.loads(text)
        index = Index()
        index.stamp = [int(x) for x in body["stamp"]]
        index.undos = [[int(t), int(s)] for t, s in body["undos"]]
        index.aborted = [int(x) for x in body["aborted"]]
        index.torn = [int(x) for x in body["torn"]]
        index.reuses = [[int(x) for x in r] for r in body["reuses"]]
        index.high, index.prev_high, index.last_roller = (int(x) for x in body["high"])
        index.full_at = int(body["full_at"])
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    index.keys, index.held = Keys(lock, table, _HEAD.size), held
    return index if index.stamp == stamp_of(st) else None


def save(encounter: Path, index: Index | Callable[[], Index]) -> None:
    """Write the index (or the one `index()` builds: only once the lock file is open for
    writing, a lock this user may only read gets none) into the lock file, stamped with the
    journal as it is now. Under the lock, right after the command's own append; any failure
    only leaves no index. The head is spoiled first and written last, so that a save cut
    short leaves no index, never a half-written one that checks out."""
    lock = store.lock_path(encounter)
    with contextlib.suppress(OSError):
        fd = regular.open_regular(lock, os.O_RDWR | _NOFOLLOW)
        try:
            if not isinstance(index, Index):
                index = index()
            keys = index.keys
            if keys.table is not None and (keys.lock != lock or
                                           os.pread(fd, _HEAD.size, 0) != index.held):
                os.ftruncate(fd, 0)  # not the table this file holds now: no index
                return
            index.stamp = stamp_of(os.lstat(store.journal_path(encounter)))
            os.pwrite(fd, bytes(_HEAD.size), 0)
            try:
                table = keys.write(fd, _HEAD.size)
            except Garbled:
                os.ftruncate(fd, 0)
                return
            text = json.dumps(index.body(), separators=(",", ":")).encode()
            os.pwrite(fd, text, table.end)
            os.ftruncate(fd, table.end + len(text))
            head = _HEAD.pack(_MAGIC, FORMAT, table.at, table.slots, table.count, table.end,
                              len(text), 0)[:-4]
            index.held = head + struct.pack("<I", zlib.crc32(text, zlib.crc32(head)))
            os.pwrite(fd, index.held, 0)
            keys.lock, keys.table, keys.head, keys.added = lock, table, _HEAD.size, {}
        finally:
            os.close(fd)
