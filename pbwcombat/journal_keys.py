"""The `--key` part of the journal's index (`journal_index`): a hash table kept in the lock
file and read and written in place, so that a command's cost does not depend on how many
keys the journal holds (issue 29: a bot that keys every command leaves a key per record).

Until index format 3 the keys were one block of bytes that every command read, checked by a
CRC, searched and wrote back whole: about 10 ms a command at 100,000 keys (3.4 MB), growing
with every key. Now a command reads only what its own key needs, appends its new keys, and
rewrites a few slots:

- the lock file's fixed head (`journal_index`) says where the table and the log end;
- the table is `slots` (a power of two) 8-byte slots, each the position of an entry and 16
  bits of a check of that position and the slot's number (`_slot`), all ones where free,
  the slot of a key found by its hash (BLAKE2b, 8 bytes) and linear probing, at most half
  full;
- an entry is (hash, seq, offset, key length), the key in UTF-8, then a CRC-32 of its own
  position and bytes: an entry read where a slot points is used only when its CRC holds, so
  a slot or entry garbled, zeroed or pointing elsewhere makes the lookup answer None (the
  index is not used, the journal is read whole), never a wrong record or a key missed
  because a probe was cut short or led astray;
- when the table would be more than half full it is built again four times as large after
  the log (the old one left as dead bytes, never more than the live table): a rebuild per
  doubling of the keys, so its cost per command is bounded whatever the number of keys.

Nothing in it is evidence (the journal is): `find_key` checks the record a key leads to
against the journal line at that offset, and the whole index is used only while its stamp
is the journal's (`journal_index.load`).
"""

from __future__ import annotations

import os
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

from pbwcombat import regular
from pbwcombat.digests import blake2b

_ENTRY = struct.Struct("<QQQI")  # hash, seq, offset, key length; then the key, a CRC-32
_CRC = struct.Struct("<I")
_POS = struct.Struct("<Q")
_SLOT_CHECK = struct.Struct("<QQ")
EMPTY = (1 << 64) - 1
_EMPTY_SLOT = _POS.pack(EMPTY)
_POS_BITS = (1 << 48) - 1


def _slot(i: int, pos: int) -> bytes:
    """Slot `i` holding entry `pos`: the position in the low 48 bits, 16 bits of a CRC-32 of
    the slot's number and the position above them (a slot garbled into another entry's
    position, or moved, is caught like a garbled entry)."""
    return _POS.pack(pos | (zlib.crc32(_SLOT_CHECK.pack(i, pos)) & 0xFFFF) << 48)


def _unslot(i: int, raw: int) -> int:
    """The position slot `i` holds (EMPTY for a free slot); Garbled when its check fails."""
    if raw == EMPTY:
        return EMPTY
    pos = raw & _POS_BITS
    if raw >> 48 != zlib.crc32(_SLOT_CHECK.pack(i, pos)) & 0xFFFF:
        raise Garbled
    return pos
SMALLEST = 64  # slots of a new table
_READ_AHEAD = 256  # an entry's bytes read in one go (a longer key: a second read)


class Garbled(Exception):
    """The table is not what `Keys` writes: the index must not be used."""


def hash_of(key: bytes) -> int:
    return int.from_bytes(blake2b(key, digest_size=8), "little")


def slots_for(count: int) -> int:
    """The table's size for `count` entries: a power of two at least four times as large
    (at most half full until the next rebuild, which comes after the keys double)."""
    slots = SMALLEST
    while slots < 4 * count:
        slots *= 2
    return slots


class Table:
    """Where the table is in the lock file as the last command left it: its position, its
    number of slots, the entries it holds, and the end of the log (where the index's JSON
    begins, and where new entries go)."""

    __slots__ = ("at", "slots", "count", "end")

    def __init__(self, at: int, slots: int, count: int, end: int) -> None:
        self.at, self.slots, self.count, self.end = at, slots, count, end

    def valid(self, head: int) -> bool:
        return (self.slots >= SMALLEST and self.slots & (self.slots - 1) == 0
                and self.count <= self.slots // 2 and head <= self.at
                and self.at + 8 * self.slots <= self.end)


class _Entry:
    """An entry as read back: its hash, the record's seq and offset, the key (UTF-8)."""

    __slots__ = ("pos", "h", "seq", "offset", "key")

    def __init__(self, pos: int, h: int, seq: int, offset: int, key: bytes) -> None:
        self.pos, self.h, self.seq, self.offset, self.key = pos, h, seq, offset, key


def _entry_bytes(pos: int, h: int, seq: int, offset: int, key: bytes) -> bytes:
    body = _ENTRY.pack(h, seq, offset, len(key)) + key
    return body + _CRC.pack(zlib.crc32(body, zlib.crc32(_POS.pack(pos))))


def _checked(data: bytes | memoryview, at: int, pos: int, table: Table, head: int) -> _Entry:
    """The entry at byte `pos` of the lock file, whose bytes from `pos` are `data[at:]`;
    Garbled unless it lies in the log and its CRC holds."""
    if not head <= pos <= table.end - _ENTRY.size - _CRC.size or len(data) < at + _ENTRY.size:
        raise Garbled
    h, seq, offset, n = _ENTRY.unpack_from(data, at)
    end = at + _ENTRY.size + n
    if pos + (end - at) + _CRC.size > table.end or len(data) < end + _CRC.size or \
            _CRC.unpack_from(data, end)[0] != zlib.crc32(data[at:end],
                                                          zlib.crc32(_POS.pack(pos))):
        raise Garbled
    return _Entry(pos, h, seq, offset, bytes(data[at + _ENTRY.size:end]))


def _read_entry(fd: int, pos: int, table: Table, head: int) -> _Entry:
    data = os.pread(fd, _READ_AHEAD, pos)
    if len(data) >= _ENTRY.size:
        total = _ENTRY.size + _ENTRY.unpack_from(data)[3] + _CRC.size
        if len(data) < total and pos + total <= table.end:
            data += os.pread(fd, total - len(data), pos + len(data))
    return _checked(data, 0, pos, table, head)


def _probe(fd: int, table: Table, h: int) -> Iterator[tuple[int, int]]:
    """(slot number, entry position) from the hash's home slot on, up to and with the first
    empty slot (EMPTY)."""
    mask = table.slots - 1
    i = h & mask
    for _ in range(table.slots):
        raw = os.pread(fd, 8, table.at + 8 * i)
        if len(raw) != 8:
            raise Garbled
        pos = _unslot(i, _POS.unpack(raw)[0])
        yield i, pos
        if pos == EMPTY:
            return
        i = (i + 1) & mask
    raise Garbled  # no empty slot: never what `Keys` writes


def _place(table: bytearray, slots: int, h: int, pos: int) -> None:
    """Entry `pos` (hash `h`) into the first free slot from its home, in a table in memory."""
    mask = slots - 1
    i = h & mask
    while table[8 * i:8 * i + 8] != _EMPTY_SLOT:
        i = (i + 1) & mask
    table[8 * i:8 * i + 8] = _slot(i, pos)


class Keys:
    """The records of each `--key`: those in the lock file's table (`table`, None for an
    index built in memory) and those added since (`added`, written by `write`)."""

    __slots__ = ("lock", "table", "head", "added")

    def __init__(self, lock: Path | None = None, table: Table | None = None, head: int = 0
                 ) -> None:
        self.lock, self.table, self.head = lock, table, head
        self.added: dict[str, list[tuple[int, int]]] = {}

    def add(self, key: str, seq: int, offset: int) -> None:
        self.added.setdefault(key, []).append((seq, offset))

    def get(self, key: str) -> list[list[int]] | None:
        """[[seq, offset], …] of the command and undo records that carry `key`, oldest first
        ([] for none; None when the table is not what `write` writes)."""
        found: list[list[int]] = []
        if self.table is not None and self.lock is not None:
            raw = key.encode()
            h = hash_of(raw)
            try:
                fd = regular.open_regular(self.lock, os.O_RDONLY | regular.NOFOLLOW)
            except OSError:
                return None
            try:
                hits = []
                for _, pos in _probe(fd, self.table, h):
                    if pos == EMPTY:
                        break
                    e = _read_entry(fd, pos, self.table, self.head)
                    if e.h == h and e.key == raw:
                        hits.append(e)
            except (Garbled, OSError):
                return None
            finally:
                os.close(fd)
            found = [[e.seq, e.offset] for e in sorted(hits, key=lambda e: e.pos)]
        return found + [[s, o] for s, o in self.added.get(key, [])]

    def every(self) -> dict[str, list[list[int]]] | None:
        """Every key with its records (the whole table read: for tests and checks)."""
        out: dict[str, list[list[int]]] = {}
        if self.table is not None and self.lock is not None:
            try:
                data = self.lock.read_bytes()
                for e in _entries(data, self.table, self.head):
                    out.setdefault(e.key.decode(), []).append([e.seq, e.offset])
            except (Garbled, OSError, UnicodeDecodeError):
                return None
        for key, pairs in self.added.items():
            out.setdefault(key, []).extend([s, o] for s, o in pairs)
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Keys) and self.every() == other.every()

    __hash__ = None  # type: ignore[assignment]

    def write(self, fd: int, head: int) -> Table:
        """Write the keys into the lock file open as `fd` (read and write), after its first
        `head` bytes: in place after the log when the table is the file's (the new entries
        appended, their slots set; the table built again, larger, after the log when it
        would be more than half full), else a whole new table and log. Returns where they
        are now; the caller writes the index's JSON at its `end`, then the head."""
        new = [(key.encode(), seq, offset) for key, pairs in self.added.items()
               for seq, offset in pairs]
        table = self.table
        if table is None:
            return _write_whole(fd, head, [], new)
        if table.count + len(new) > table.slots // 2:
            return _write_whole(fd, head, _entries(os.pread(fd, table.end, 0), table, head),
                                new, table.end)
        log, placed = bytearray(), []
        for key, seq, offset in new:
            h, pos = hash_of(key), table.end + len(log)
            log += _entry_bytes(pos, h, seq, offset, key)
            placed.append((h, pos))
        if log:
            os.pwrite(fd, bytes(log), table.end)
        for h, pos in placed:  # (the slots after the entries they point at)
            slot = next(i for i, free in _probe(fd, table, h) if free == EMPTY)
            os.pwrite(fd, _slot(slot, pos), table.at + 8 * slot)
        return Table(table.at, table.slots, table.count + len(new), table.end + len(log))


def _entries(data: bytes, table: Table, head: int) -> list[_Entry]:
    """Every entry the table in the lock file's bytes `data` points at, oldest first."""
    view = memoryview(data)
    slots = view[table.at:table.at + 8 * table.slots]
    if len(slots) != 8 * table.slots:
        raise Garbled
    positions = sorted(pos for pos in (_unslot(i, raw) for i, (raw,) in
                                       enumerate(_POS.iter_unpack(slots))) if pos != EMPTY)
    if len(positions) != table.count:
        raise Garbled
    return [_checked(view, pos, pos, table, head) for pos in positions]


def _write_whole(fd: int, head: int, kept: list[_Entry], new: list[tuple[bytes, int, int]],
                 at: int | None = None) -> Table:
    """A table for the entries `kept` (where they are) and `new` (appended after it),
    written at byte `at` (None: right after the head, a new log)."""
    start = head if at is None else at
    slots = slots_for(len(kept) + len(new))
    table = bytearray(_EMPTY_SLOT * slots)
    for e in kept:
        _place(table, slots, e.h, e.pos)
    log = bytearray()
    pos = start + len(table)
    for key, seq, offset in new:
        h = hash_of(key)
        _place(table, slots, h, pos + len(log))
        log += _entry_bytes(pos + len(log), h, seq, offset, key)
    os.pwritev(fd, [table, log], start)
    return Table(start, slots, len(kept) + len(new), pos + len(log))
