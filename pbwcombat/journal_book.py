"""The journal opened once per command, under the lock (issue 21 item 7), and read from its
end (issue 29): `Journal` answers what a command asks of the history (`--key`, undo, the last
seed) at a cost independent of the journal's length while the journal's index
(`journal_index`) vouches for it, and with the same code over the journal read whole when it
does not; `recent` gives `log --last N` the same way. The records themselves, the checks
before a command and the journal read whole are `journal`'s."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from pbwcombat import journal_index, journal_texts, store
from pbwcombat.journal import (
    Entry,
    Prelude,
    Record,
    entries,
    examine,
    find_key_in,
    kind,
    last_seed_in,
    looks_edited,
    parse,
    record_of_in,
    undo_target_in,
)

T = TypeVar("T")


class _NeedsLines(Exception):
    """A record without a `seq` (0.1) read from the end: its seq is its line number, which
    only the journal read whole knows."""


class _Back(Entry):
    """A line read from the end: no line number, so a record must carry its own `seq`."""

    __slots__ = ()

    @property
    def seq(self) -> int:
        value = self.record.get("seq") if self.record is not None else None
        if type(value) is not int:
            raise _NeedsLines
        return value


class Journal:
    """The journal beside an encounter as a command finds it, opened once under the lock
    (issue 21): what the command appends first (`prelude`, R-LOG-2/4), and the questions
    it asks of the history (`find_key`, `last_seed`, `undo_target`, `edit_before`,
    `record_of`, `live`). When the journal's index vouches for it (`journal_index`: the
    journal is as the last command's append left it) they are answered from the end of the
    journal and the index, at a cost independent of its length (issue 29); otherwise from
    the journal read whole, once, with the same answers. `committed` keeps the index after
    the command's own append."""

    def __init__(self, path: Path, prelude: Prelude, index: journal_index.Index | None
                 ) -> None:
        self.path = path
        self.file = store.journal_path(path)
        self.prelude = prelude
        self.index = index  # journal_index.Index, or None: read the journal whole
        self._whole: list[Entry] | None = None

    @classmethod
    def open(cls, path: Path, raw: bytes, version: int, force: bool, now: str) -> Journal:
        """Check the journal beside `path` (whose bytes are `raw`) and find what to append
        first (`examine`, which recalls the last recorded text for a hand edit);
        `Refused`/`Damaged` as `examine` raises them."""
        index = journal_index.load(path)
        book = cls(path, Prelude(), index)
        book.prelude = examine(path, raw, version, force, now, trusted=index is not None,
                               recall=book.recall)
        return book

    def recall(self, sha: str, current: bytes | None = None) -> str | None:
        """The file's text whose SHA-256 is `sha`: the file's `current` bytes when they are
        it, else rebuilt from the journal's end (`journal_texts.recall`)."""
        if current is not None and store.sha256(current) == sha:
            return journal_texts.decoded(current)
        return self._from_end(lambda lines: journal_texts.recall(lines, sha))

    def before_of(self, record: Record, current: bytes) -> str | None:
        """The file's text before `record` (what undoing it puts back): its own `before`
        (formats 1-3, a journal's first record), its patch read backward when the file's
        `current` bytes are its state after (undo right after it), else recalled."""
        if record.before is not None:
            return record.before
        sha = record.data.get("before_sha")
        text = journal_texts.undone_text(record.data, current)
        return text if text is not None or not isinstance(sha, str) else \
            self.recall(sha, current)

    def texts(self, before: bytes, after: str) -> dict[str, Any]:
        """What the record of a change from the file's bytes `before` to `after` carries of
        the file (`journal_texts.carried`): the whole text before in the journal's first
        record (none before it, or only a record that never took effect), the whole text
        after once the lines since the last whole one outweigh the file, or when the index
        does not say how far back that is."""
        last = self.prelude.last
        first = last is None or kind(last) == "abort" or last.get("seq") in self.prelude.aborted
        index = self.index
        full = index is None or index.stamp[1] - index.full_at >= len(after)
        return journal_texts.carried(journal_texts.decoded(before), after, first, full)

    def whole(self) -> list[Entry]:
        """Every line, read once."""
        if self._whole is None:
            self._whole = entries(self.path)
        return self._whole

    def backward(self, end: int | None = None) -> Iterator[Entry]:
        """The lines before byte `end` (all of them: None), last first."""
        if self.index is None:
            for e in reversed(self.whole()):
                if end is None or e.offset < end:
                    yield e
            return
        torn = set(self.index.torn)
        for offset, raw, complete in store.backward(self.file, end):
            yield _Back(0, raw, complete and offset not in torn, offset)

    def _from_end(self, question: Callable[[Iterator[Entry]], T]) -> T:
        try:
            return question(self.backward())
        except _NeedsLines:
            self.index = None  # a 0.1 record: the journal read whole answers
            return question(self.backward())

    def find_key(self, key: str) -> Record | None:
        """The live record of an idempotency key (`journal.find_key_in`), with its offset
        (`edit_before`)."""
        found = self._find_key(key)
        if found is None or found.record is None:
            return None
        return Record(found.record, found.seq if self.index is None else
                      int(found.record["seq"]), found.offset)

    def _find_key(self, key: str) -> Entry | None:
        pending = self.prelude.aborted
        if self.index is None:
            return find_key_in(self.whole(), key, pending)
        aborted = set(self.index.aborted) | pending
        undone = {target for target, seq in self.index.undos if seq not in aborted}
        spots = self.index.keys.get(key)
        if spots is None:
            self.index = None  # an index this version did not write
            return find_key_in(self.whole(), key, pending)
        for seq, offset in reversed(spots):
            if seq in undone or seq in aborted:
                continue
            raw, complete = store.line_at(self.file, offset)
            e = Entry(0, raw, complete, offset)
            if e.record is None or not complete or e.record.get("seq") != seq:
                self.index = None  # the index does not describe this journal after all
                return find_key_in(self.whole(), key, pending)
            return e
        return None

    def edit_before(self, e: Record) -> dict[str, Any] | None:
        """R-LOG-2: the edit record the same run appended right before `e` (only a command's
        prelude writes edit records, and it writes the edit last, right before the
        command): the line right before it, when that is a complete edit record."""
        if type(e.data.get("seq")) is not int:
            return None
        for previous in self.backward(e.offset):
            rec = previous.record if previous.complete else None
            return rec if rec is not None and kind(rec) == "edit" else None
        return None

    def record_of(self, seq: int | None) -> Record | None:
        """The record numbered `seq` (`journal.record_of_in`)."""
        if seq is None:
            return None
        found = self._from_end(lambda lines: record_of_in(lines, seq))
        return Record(found, seq) if found is not None else None

    def last_seed(self) -> str | None:
        """The generator seed of the latest state that had one (module `last_seed`)."""
        return self._from_end(last_seed_in)

    def undo_target(self) -> Record | None:
        """R-LOG-1: the last command (or hand edit) not yet undone
        (`journal.undo_target_in`)."""
        found = self.prelude.edit if self.prelude.edit is not None else \
            self._from_end(lambda lines: undo_target_in(lines, self.prelude))
        return Record(found, found["seq"]) if found is not None else None

    def commands_back(self) -> Iterator[dict[str, Any]]:
        """The complete command records, last first (R-LOG-5's salt check)."""
        for e in self.backward():
            rec = e.record
            if rec is not None and e.complete and kind(rec) == "command":
                yield rec

    def committed(self, size: int) -> None:
        """After the command's append at byte `size` (the journal's length before it) and
        the rename: keep the index, so that the next command need not read the journal."""
        index = self.index
        if index is not None:
            try:
                self._note_appended(index, size)
            except _NeedsLines:
                index = None
        journal_index.save(self.path, index if index is not None else self._rebuilt(size))

    def _rebuilt(self, size: int) -> Callable[[], journal_index.Index]:
        """The index built from the journal read whole: from the lines already read before
        the append, and the appended ones noted as a vouched index notes them, or from the
        journal as it is now."""
        def build() -> journal_index.Index:
            if self._whole is None:
                return _build(entries(self.path))
            index = _build(self._whole)
            self._note_appended(index, size)
            return index

        return build

    def _note_appended(self, index: journal_index.Index, size: int) -> None:
        at = size + len(self.prelude.prefix)
        if self.prelude.torn_offset is not None and self.prelude.torn_offset not in index.torn:
            index.torn.append(self.prelude.torn_offset)  # (the lines read before: noted)
        for record, line in self.prelude.written:
            index.note(record["seq"], at, record)
            if "after" in record or "before" in record:
                index.full_at = at + len(line)
            if kind(record) == "command":
                rolls = _generator_rolls(record)
                wanted = {n for n, _ in rolls if n <= index.high}
                earlier = self._rollers(at, wanted, set(index.aborted)) if wanted else {}
                for n, face, first in _reuses(rolls, earlier, record.get("digest")):
                    index.reuses.append([n, *first, record["seq"], at, face])
                index.rolled(record["seq"], [n for n, _ in rolls])
            at += len(line)

    def _rollers(self, end: int, wanted: set[int], aborted: set[int]
                 ) -> dict[int, tuple[int, int, int, object]]:
        """For each die number in `wanted`, the last live command before byte `end` that
        rolled it: (seq, offset, face, digest). Read back only as far as the last of them
        (an undo steps back a few commands: so does this)."""
        found: dict[int, tuple[int, int, int, object]] = {}
        for e in self.backward(end):
            rec = e.record
            if not e.complete or rec is None or kind(rec) != "command" or e.seq in aborted:
                continue
            for n, face in reversed(_generator_rolls(rec)):
                if n in wanted and n not in found:
                    found[n] = (e.seq, e.offset, face, rec.get("digest"))
            if len(found) == len(wanted):
                break
        return found


def _generator_rolls(record: dict[str, Any]) -> list[tuple[int, int]]:
    """A command's generator dice as (n, face), faces as `render.trust.die_reuses` keeps
    them (0 for a face that is not a number)."""
    rolls = record.get("rolls", [])
    out: list[tuple[int, int]] = []
    for r in rolls if isinstance(rolls, list) else []:
        if isinstance(r, dict) and type(r.get("n")) is int:
            face = r.get("face")
            out.append((r["n"], face if type(face) is int else 0))
    return out


def _reuses(rolls: list[tuple[int, int]], earlier: dict[int, tuple[int, int, int, object]],
            digest: object) -> Iterator[tuple[int, int, list[int]]]:
    """R-LOG-1 as `render.trust.die_reuses` decides it: a die number rolled again by another
    command, or to another face; (n, face, [first seq, its offset, its face])."""
    seen = dict(earlier)
    for n, face in rolls:
        if n in seen:
            seq, offset, first_face, first_digest = seen[n]
            if first_digest != digest or first_face != face:
                yield n, face, [seq, offset, first_face]
        seen[n] = (0, 0, face, digest)  # a number twice in one record: never the case


# The head of a command record as `service.run_action` writes it, up to its rolls (the
# rolls hold no list): what the index needs of it, read without parsing the whole line.
_COMMAND_HEAD = re.compile(
    rb'\{"seq":(\d{1,18}),"type":"command","version":-?\d+,"command":"(?:[^"\\]|\\.)*",'
    rb'"time":"(?:[^"\\]|\\.)*","key":(null|"(?:[^"\\]|\\.)*"),"digest":"([0-9a-f]{64})",'
    rb'"rolls":(\[[^\]]*\])')


_DECODE = json.JSONDecoder().raw_decode


def _summary(e: Entry) -> tuple[int, dict[str, Any]] | None:
    """A complete line's seq and the fields the index reads (`Index.note`, the rolls): from
    the head of a command record as the tool writes it, else from the record parsed."""
    m = _COMMAND_HEAD.match(e.raw)
    if m is not None:
        key, rolls = m.group(2), m.group(4)
        try:
            return int(m.group(1)), {"seq": int(m.group(1)), "type": "command",
                                     "key": None if key == b"null" else _DECODE(key.decode())[0],
                                     "digest": m.group(3).decode(),
                                     "rolls": _DECODE(rolls.decode())[0]}
        except ValueError:
            pass
    return (e.seq, e.record) if e.record is not None else None


def _build(lines: list[Entry]) -> journal_index.Index:
    """The index of the journal read whole (after an append the index did not vouch for);
    command lines are read by their head, so that an index for 100,000 records costs about
    a read of the journal, not a parse of it."""
    index = journal_index.Index()
    found = []
    for e in lines:
        if not e.complete:
            index.torn.append(e.offset)
            continue
        if b'"after":"' in e.raw or b'"before":"' in e.raw:
            index.full_at = e.offset + len(e.raw) + 1
        summary = _summary(e)
        if summary is not None:
            index.note(summary[0], e.offset, summary[1])
            found.append((e.offset, *summary))
    aborted = set(index.aborted)
    index.reuses, index.high = [], -1
    seen: dict[int, tuple[int, int, int, object]] = {}
    for offset, seq, rec in found:
        if kind(rec) != "command" or seq in aborted:
            continue
        rolls = _generator_rolls(rec)
        for n, face, first in _reuses(rolls, seen, rec.get("digest")):
            index.reuses.append([n, *first, seq, offset, face])
        for n, face in rolls:
            seen[n] = (seq, offset, face, rec.get("digest"))
        index.rolled(seq, [n for n, _ in rolls])
    return index


def recent(path: Path, current: bytes, last: int
           ) -> tuple[list[dict[str, Any]], list[tuple[int, dict[str, Any], int,
                                                       dict[str, Any], int]]] | None:
    """`log --last N` read from the end (issue 29): the last `last` records `log` shows
    (undo records left out, each marked `undone` as `history` marks them, aborted ones and
    a last record that never became the file, `current`, left out), and every die number
    rolled again, (n, first record, its face, then record, its face), from the index. None
    when the index does not vouch for the journal: read it whole."""
    index = journal_index.load(path)
    if index is None or last <= 0:
        return None
    book = Journal(path, Prelude(), index)
    aborted = set(index.aborted)
    digest = store.sha256(current)
    out: list[Entry] = []
    checked = False
    try:
        for e in book.backward(index.stamp[1]):
            rec = e.record
            if not e.complete or rec is None:
                continue
            if not checked:  # history's check of the last record against the file
                checked = True
                if (kind(rec) in ("command", "undo") and rec.get("after_sha") != digest
                        and rec.get("before_sha") == digest and not looks_edited(path, rec)):
                    aborted.add(e.seq)
            if kind(rec) == "abort" or e.seq in aborted or rec.get("type", "command") == "undo":
                continue
            out.append(e)
            if len(out) == last:
                break
    except _NeedsLines:
        return None
    undone: dict[int, int] = {}
    for target, seq in index.undos:
        if seq not in aborted:
            undone[target] = seq

    def shown(seq: int, record: dict[str, Any]) -> dict[str, Any]:
        rec = {**record, "seq": seq}
        if seq in undone:
            rec["undone"] = undone[seq]
        return rec

    records = [shown(e.seq, e.record or {}) for e in reversed(out)]
    reuses = []
    for n, first_seq, first_at, first_face, then_seq, then_at, then_face in index.reuses:
        if first_seq in aborted or then_seq in aborted:
            continue
        first, then = parse(store.line_at(book.file, first_at)[0]), \
            parse(store.line_at(book.file, then_at)[0])
        if first is None or then is None:
            return None
        reuses.append((n, shown(first_seq, first), first_face, shown(then_seq, then),
                       then_face))
    return records, reuses
