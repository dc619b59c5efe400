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
the journal) so that no new file appears beside the encounter: a JSON line (the format, a
CRC-32 of the keys, the rest of the index), then the keys (`Keys`). It holds no secret (no
seed, no file text), only keys, sequence numbers and offsets.
"""

from __future__ import annotations

import contextlib
import json
import os
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pbwcombat import regular, store

FORMAT = 3  # 2: `full_at` (journal format 4); 3: `keys` as one text (`Keys`)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def stamp_of(st: os.stat_result) -> list[int]:
    """What a change to the journal changes (a write in place moves the change time, which
    no program can set back)."""
    return [st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]


class Keys:
    """The records of each `--key`, kept as one block of bytes rather than a table of lists
    (issue 29: a bot that keys every command leaves a key per record, and 100,000 keys as
    Python objects cost 1.7 s to read, check and write back at every command): a line per
    key, `"KEY"<tab>SEQ,OFFSET;SEQ,OFFSET…`, each after a newline (the key as JSON, which
    escapes tabs and newlines, so a key's line is found by one search). Reading, looking
    up, adding and writing back are then a few passes over the bytes in C, without a Python
    object per key (100,000 keys, 3.4 MB: about 10 ms a command, docs/dev/speed.md)."""

    __slots__ = ("text",)

    def __init__(self, text: bytes = b"") -> None:
        self.text = text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Keys) and other.text == self.text

    __hash__ = None  # type: ignore[assignment]

    @staticmethod
    def _head(key: str) -> bytes:
        return b"\n" + json.dumps(key, ensure_ascii=False).encode() + b"\t"

    def _span(self, key: str) -> tuple[int, int] | None:
        """Where the key's records are in the text (after its head), if it has any."""
        head = self._head(key)
        at = self.text.find(head)
        if at < 0:
            return None
        end = self.text.find(b"\n", at + len(head))
        return at + len(head), len(self.text) if end < 0 else end

    def get(self, key: str) -> list[list[int]] | None:
        """[[seq, offset], …] of the command and undo records that carry `key`, oldest first
        ([] for none; None when the text is not what `add` writes)."""
        span = self._span(key)
        if span is None:
            return []
        try:
            return [[int(s), int(o)] for s, o in
                    (pair.split(b",") for pair in self.text[span[0]:span[1]].split(b";"))]
        except ValueError:
            return None

    @classmethod
    def of(cls, keys: dict[str, list[str]]) -> Keys:
        """The block for `keys` (each key's "SEQ,OFFSET" pairs, oldest first) at once: a
        journal read whole notes 100,000 keys, which `add` one by one would search for
        100,000 times."""
        return cls(b"".join(cls._head(key) + ";".join(pairs).encode()
                            for key, pairs in keys.items()))

    def add(self, key: str, seq: int, offset: int) -> None:
        span = self._span(key)
        pair = f"{seq},{offset}".encode()
        if span is None:
            self.text += self._head(key) + pair
        else:
            self.text = self.text[:span[1]] + b";" + pair + self.text[span[1]:]


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
                 "last_roller", "full_at", "bulk")

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
        self.bulk: dict[str, list[str]] | None = None  # keys noted by `_build`, then `Keys.of`

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
            if self.bulk is not None:
                self.bulk.setdefault(key, []).append(f"{seq},{offset}")
            else:
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
    is the journal's as it is now (None otherwise: read the journal whole)."""
    journal = store.journal_path(encounter)
    try:
        fd = regular.open_regular(store.lock_path(encounter), os.O_RDONLY | _NOFOLLOW)
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as f:
            data = f.read()
        st = os.lstat(journal)
    except OSError:
        return None
    try:
        cut = data.find(b"\n")  # a JSON line, then the keys (`Keys`)
        if cut < 0:
            return None
        held = json.loads(data[:cut])
        if held.get("format") != FORMAT or held.get("crc") != zlib.crc32(memoryview(data)[cut:]):
            return None
        body = held["index"]
        index = Index()
        index.stamp = [int(x) for x in body["stamp"]]
        index.keys = Keys(data[cut + 1:])
        index.undos = [[int(t), int(s)] for t, s in body["undos"]]
        index.aborted = [int(x) for x in body["aborted"]]
        index.torn = [int(x) for x in body["torn"]]
        index.reuses = [[int(x) for x in r] for r in body["reuses"]]
        index.high, index.prev_high, index.last_roller = (int(x) for x in body["high"])
        index.full_at = int(body["full_at"])
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    return index if index.stamp == stamp_of(st) else None


def save(encounter: Path, index: Index | Callable[[], Index]) -> None:
    """Write the index (or the one `index()` builds: only once the lock file is open for
    writing, a lock this user may only read gets none) into the lock file, stamped with the
    journal as it is now. Under the lock, right after the command's own append; any failure
    only leaves no index."""
    with contextlib.suppress(OSError):
        fd = regular.open_regular(store.lock_path(encounter), os.O_WRONLY | _NOFOLLOW)
        try:
            if not isinstance(index, Index):
                index = index()
            index.stamp = stamp_of(os.lstat(store.journal_path(encounter)))
            keys = index.keys.text
            head = json.dumps({"format": FORMAT, "crc": zlib.crc32(keys, zlib.crc32(b"\n")),
                               "index": index.body()}, separators=(",", ":")).encode()
            os.ftruncate(fd, 0)
            os.pwritev(fd, [head, b"\n", keys], 0)
        finally:
            os.close(fd)
