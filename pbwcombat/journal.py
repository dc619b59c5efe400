"""The journal's records (R-LOG): what a command finds before it acts, what `undo` undoes,
and the journal read whole (for `log`, `verify` and `--key`).

Every line of `FILE.journal` is one JSON record; docs/en/journal-and-dice.md documents
each field. Types: `command` (an applied command; 0.1 records have no `type` and count as
commands), `undo` (names the `seq` it undoes), `edit` (the file's bytes changed by hand
since the last record), `abort` (a record that never took effect: a torn last line, or a
record whose after-hash never became the file) and `restart` (a new journal started with
`--force` where the old one was missing or damaged).
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Callable, Iterable
from itertools import chain, compress, repeat
from operator import is_
from pathlib import Path
from typing import Any

from pbwcombat import store
from pbwcombat.digests import sha256_hex
from pbwcombat.errors import InvalidEncounter, Refused
from pbwcombat.patterns import lazy

STATE_RECORDS = ("command", "undo", "edit", "restart", "abort")


def kind(record: dict[str, Any]) -> str:
    """A record's type; 0.1 records have none and are commands."""
    value = record.get("type", "command")
    return value if isinstance(value, str) else "command"


def encode(record: dict[str, Any]) -> bytes:
    return (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def text_of(data: bytes) -> str:
    return data.decode("utf-8")


class Record:
    """A journal record's values as the commands read them (issue 21: typed record values),
    each checked for its type as it is read (a hand-made line may hold anything); `data` is
    the record as the journal holds it, for the renderers and `--key` repeats, and `offset`
    where its line starts (0 when not known)."""

    __slots__ = ("data", "seq", "offset")

    def __init__(self, data: dict[str, Any], seq: int, offset: int = 0) -> None:
        self.data = data
        self.seq = seq
        self.offset = offset

    @property
    def kind(self) -> str:
        return kind(self.data)

    def _text(self, name: str) -> str | None:
        value = self.data.get(name)
        return value if isinstance(value, str) else None

    @property
    def command(self) -> str | None:
        return self._text("command")

    @property
    def digest(self) -> str | None:
        return self._text("digest")

    @property
    def before(self) -> str | None:
        """The file's text before the record, when it holds it whole (formats 1-3, and a
        journal's first record since format 4: `Journal.before_of` finds it otherwise)."""
        return self._text("before")

    @property
    def undoes(self) -> int | None:
        value = self.data.get("undoes")
        return value if type(value) is int else None

    @property
    def event_types(self) -> set[str]:
        events = self.data.get("events", [])
        return {str(e.get("type")) for e in events if isinstance(e, dict)} \
            if isinstance(events, list) else set()

    @property
    def named(self) -> str:
        """The command's name, or the record's type when it names none (`key_reused`)."""
        return self.data.get("command") or self.kind


class Damaged(InvalidEncounter):
    """The journal is damaged (R-LOG-4): exit 65, naming the journal and the line."""

    def __init__(self, journal: Path, line: int, what: str) -> None:
        super().__init__([f"{journal}: line {line}: {what} (R-LOG-4: the journal is damaged;"
                          " move it aside and run the command with --force to start a new "
                          "one)"])
        self.rule = "R-LOG-4"


# -- the journal read whole -------------------------------------------------------------


class Entry:
    """One line of the journal: its 1-based number, its bytes, whether it is complete, and
    its record, parsed only when asked (None: not a record). Not complete (False): a torn
    append, the last line without its newline, or such a line closed since by the newline
    and the abort record that names it (R-LOG-4, R-LOG-10): a line that lost only its
    newline parses as a record, yet it never took effect."""

    __slots__ = ("line", "raw", "complete", "offset", "_record", "_parsed")

    def __init__(self, line: int, raw: bytes, complete: bool, offset: int = 0) -> None:
        self.line = line
        self.raw = raw
        self.offset = offset
        self.complete = complete
        self._record: dict[str, Any] | None = None
        self._parsed = False

    @property
    def record(self) -> dict[str, Any] | None:
        if not self._parsed:
            self._record = parse(self.raw)
            self._parsed = True
        return self._record

    @property
    def seq(self) -> int:
        """The record's `seq`; a 0.1 record's is its line number."""
        assert self.record is not None
        value = self.record.get("seq")
        return value if type(value) is int else self.line


def entries(path: Path) -> list[Entry]:
    """Every line of the journal beside `path`, oldest first; the torn ones not complete."""
    data = store.read_sidecar(store.journal_path(path))
    if not data:
        return []
    pieces = data.split(b"\n")
    complete_last = data.endswith(b"\n")
    if complete_last:
        pieces.pop()
    last = len(pieces) - 1
    found = []
    at = 0
    for i, raw in enumerate(pieces):
        found.append(Entry(i + 1, raw, complete_last or i < last, at))
        at += len(raw) + 1
    for e in found:  # only abort records are parsed here: a long journal stays cheap
        if b'"abort"' in e.raw and e.complete and e.record is not None \
                and kind(e.record) == "abort":
            torn = closed_line(e.record)
            if torn is not None and torn < e.line:
                found[torn - 1].complete = False
    return found


def closed_line(record: dict[str, Any]) -> int | None:
    """The line an abort record closes as torn (R-LOG-4), if it names one."""
    value = record.get("line")
    return value if type(value) is int and value >= 1 else None


def parse(raw: bytes) -> dict[str, Any] | None:
    """A line as a record, or None: not JSON, not a table, nested deeper than any record
    (`MAX_DEPTH`; Python's parser and every walker after it would run out of stack), or
    holding text no file can hold (a lone surrogate, from an escape or from raw bytes)."""
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    if not isinstance(value, dict):
        return None
    if _too_deep(value) or ((b"\\u" in raw or b"\xed" in raw) and _has_lone_surrogate(value)):
        return None
    return value


MAX_DEPTH = 48  # the tool's records nest 8 deep; a hand-made line may go further, not 900


def _too_deep(value: dict[str, Any]) -> bool:
    """Whether tables and lists nest deeper than MAX_DEPTH, walked level by level without
    recursion: each level's children are gathered and told apart by type in C (`itertools`
    over the whole level), not a Python step per value, since every command parses the last
    record (a 500-combatant `roll-initiative` record holds 17,000 tables and lists)."""
    tables: list[Any] = [value]
    lists: list[Any] = []
    for _ in range(MAX_DEPTH):
        children = [*chain.from_iterable(map(dict.values, tables)), *chain.from_iterable(lists)]
        types = list(map(type, children))  # json.loads makes plain dicts and lists only
        tables = list(compress(children, map(is_, types, repeat(dict))))
        lists = list(compress(children, map(is_, types, repeat(list))))
        if not tables and not lists:
            return False
    return True


def _has_lone_surrogate(value: Any) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if any("\ud800" <= ch <= "\udfff" for ch in item):
                return True
        elif isinstance(item, dict):
            stack += item.keys()
            stack += item.values()
        elif isinstance(item, list):
            stack += item
    return False


class History:
    """The journal as read by `log`, `verify` and `--key`: which records count, which were
    undone, which were aborted, and which lines are damaged. (A plain class: a dataclass
    costs about a millisecond to define at every start of every command.)"""

    def __init__(self) -> None:
        self.records: list[Entry] = []  # parsed records, aborted ones included
        self.undone: dict[int, int] = {}  # seq → the seq of its undo record
        self.aborted: set[int] = set()  # seqs of aborted records
        self.torn: set[int] = set()  # lines closed by an abort record (or torn)
        self.damaged: list[tuple[int, str]] = []  # (line, what)

    def live(self) -> list[Entry]:
        """The records that took effect, undone ones included, in order."""
        return [e for e in self.records
                if kind(e.record or {}) != "abort" and e.seq not in self.aborted]


def history(path: Path, current: bytes | None = None) -> History:
    """Read the whole journal; with the file's `current` bytes, a last record whose
    after-hash never became the file (a crash before the rename) counts as aborted."""
    h = History()
    undos: list[tuple[int, int]] = []  # (the seq undone, the seq of the undo record)
    lines = entries(path)
    for i, e in enumerate(lines):
        if e.record is None or not e.complete:
            nxt = lines[i + 1].record if i + 1 < len(lines) else None
            if not e.complete or (nxt is not None and kind(nxt) == "abort"
                                  and nxt.get("line") == e.line):
                h.torn.add(e.line)
            else:
                h.damaged.append((e.line, "not a JSON record"))
            continue
        rec = e.record
        h.records.append(e)
        k = kind(rec)
        if k == "undo" and type(rec.get("undoes")) is int:
            undos.append((rec["undoes"], e.seq))
        elif k == "abort" and type(rec.get("aborts")) is int:
            h.aborted.add(rec["aborts"])
    if current is not None and h.records:
        last = h.records[-1]
        assert last.record is not None
        digest = store.sha256(current)
        if (kind(last.record) in ("command", "undo") and last.record.get("after_sha") != digest
                and last.record.get("before_sha") == digest
                and not looks_edited(path, last.record)):
            h.aborted.add(last.seq)
    for target, seq in undos:  # an undo that was aborted undid nothing
        if seq not in h.aborted:
            h.undone[target] = seq
    return h


def find_key_in(lines: Iterable[Entry], key: str, pending: set[int] | frozenset[int]
                ) -> Entry | None:
    """Among `lines` (the journal, oldest first), the live record of an idempotency key
    (a key whose command was undone is free again, R-LOG-1); 0.1 records count. A record
    that never took effect is no use of the key (R-LOG-4: an abort record names it, or it
    is `pending`, the last record whose after-hash never became the file, which `examine`
    is about to abort), and an undo that never took effect undid nothing."""
    needle = json.dumps(key, ensure_ascii=False).encode()
    undos: list[tuple[int, int]] = []  # (the seq undone, the seq of the undo record)
    aborted = set(pending)
    found: list[Entry] = []
    for e in lines:
        if not (needle in e.raw or b'"undo"' in e.raw or b'"abort"' in e.raw) \
                or not e.complete or e.record is None:
            continue  # only the lines that can matter are parsed; a torn one never counted
        k = kind(e.record)
        if k == "undo" and type(e.record.get("undoes")) is int:
            undos.append((e.record["undoes"], e.seq))
        elif k == "abort" and type(e.record.get("aborts")) is int:
            aborted.add(e.record["aborts"])
            continue
        if k in ("command", "undo") and needle in e.raw and e.record.get("key") == key:
            found.append(e)  # `undo --key` records its key too
    undone = {target for target, seq in undos if seq not in aborted}
    for e in reversed(found):
        if e.seq not in undone and e.seq not in aborted:
            return e
    return None


def record_of_in(lines: Iterable[Entry], seq: int) -> dict[str, Any] | None:
    """The record numbered `seq` among `lines` (a repeated `undo --key` shows again what it
    undid)."""
    for e in lines:
        if e.complete and e.record is not None and e.seq == seq and kind(e.record) != "abort":
            return {**e.record, "seq": e.seq}
    return None


# -- before a command: what it finds ------------------------------------------------------


class Prelude:
    """What a command finds in the journal before it acts: the records it appends first
    (abort, edit, restart), the last `seq` used, and the last recorded state. `prev` is the
    SHA-256 of the journal's last line as it will stand before the first line appended (a
    torn line closed by its newline; no bytes at all for a new journal): each line appended
    carries, as `prev_sha`, the hash of the line before it, so the last line seals the whole
    journal, and sealing a line costs the same whatever the journal's length (journal
    format 3, docs/en/journal-and-dice.md)."""

    def __init__(self) -> None:
        self.seq = 0
        self.records: list[dict[str, Any]] = []
        self.prefix = b""  # b"\n": closes a torn last line
        self.last: dict[str, Any] | None = None  # the last record before the prelude's
        self.edit: dict[str, Any] | None = None
        self.aborted: set[int] = set()
        self.prev = EMPTY_SHA
        self.torn_offset: int | None = None  # the torn last line the prefix closes
        self.written: list[tuple[dict[str, Any], bytes]] = []  # the last `lines`, as sealed

    @property
    def empty_journal(self) -> bool:
        return self.last is None and not self.records

    def add(self, record: dict[str, Any]) -> dict[str, Any]:
        self.seq += 1
        record = {"seq": self.seq, **record}
        self.records.append(record)
        return record

    def lines(self, *more: dict[str, Any]) -> bytes:
        """The bytes to append: the prefix, then each record with its `prev_sha`, the SHA-256
        of the line before it (newline included)."""
        prev = self.prev
        out = [self.prefix]
        self.written = []
        for r in [*self.records, *more]:
            sealed = {**r, "prev_sha": prev}
            line = encode(sealed)
            prev = sha256_hex(line)
            out.append(line)
            self.written.append((sealed, line))
        return b"".join(out)


def seal(records: list[dict[str, Any]]) -> bytes:
    """`records` as the lines of a new journal, each sealed as a command seals the lines it
    appends (`Prelude.lines`): what `make bench` grows its long journals with."""
    p = Prelude()
    p.records = records
    return p.lines()


EMPTY_SHA = sha256_hex(b"")


def looks_edited(path: Path, record: dict[str, Any]) -> bool:
    """The file equals the record's before-state: a crash before the rename, or an older
    copy saved over the file after it? An editor writing in place keeps the inode the record
    wrote; one that renames leaves a file newer than the journal. A crash leaves neither."""
    try:
        st = os.stat(path)
        js = os.stat(store.journal_path(path))
    except OSError:
        return False
    return record.get("ino") == st.st_ino or st.st_mtime_ns > js.st_mtime_ns


def examine(path: Path, raw: bytes, version: int, force: bool, now: str,
            trusted: bool = False, recall: Callable[[str], str | None] | None = None
            ) -> Prelude:
    """R-LOG-2/4: check the journal (`check_whole`, unless `trusted`: the journal is exactly
    as the last command that appended left it, its index says) and decide what to append before the
    command: an abort record for a torn line or a record that never became the file, an edit
    record for a hand edit, a restart record for a missing journal (`--force`). Raises
    Damaged (65) for damage anywhere in the journal, Refused (3) for a missing journal or a
    `[dice]` edit after the commitment (unless `force`). `recall(sha)`: the recorded text
    with that hash, for a hand edit after a record that holds only its patch (format 4)."""
    journal = store.journal_path(path)
    lines, size = store.tail_lines(journal, 3)
    digest = store.sha256(raw)
    p = Prelude()
    if size == 0:
        if version > 0:
            if not force:
                raise Refused("history_missing", rule="R-LOG-4", path=path, version=version,
                              name=journal.name)
            p.add({"type": "restart", "time": now, "reason": "journal missing",
                   "before_sha": digest, "after_sha": digest, "after": text_of(raw)})
        return p
    if not trusted:
        check_whole(journal, lines, size)
    p.prev = sha256_hex(lines[-1][1] + b"\n")
    torn_seq = 0  # R-LOG-10: a line that lost only its newline keeps its seq: never reused
    if not lines[-1][2]:  # a torn append: closed by a newline and aborted
        torn_offset, torn_raw, _ = lines.pop()
        p.prefix = b"\n"
        p.torn_offset = torn_offset
        torn_line = _line_number(journal, torn_offset)
        torn_seq = _torn_seq(torn_raw)
    else:
        torn_line = 0
    if not lines:  # nothing but a torn line
        p.seq = torn_seq
        if torn_line:
            p.add({"type": "abort", "line": torn_line, "time": now, "before_sha": digest,
                   "after_sha": digest, "after": text_of(raw)})
        return p
    offset, last_raw, _ = lines[-1]
    last = parse(last_raw)
    if last is None:
        raise Damaged(journal, _line_number(journal, offset), "not a JSON record")
    if type(last.get("seq")) is int:
        p.seq = last["seq"]
        if kind(last) in ("command", "undo", "edit"):
            prev = parse(lines[-2][1]) if len(lines) > 1 else None
            what = _broken(last, prev.get("after_sha") if prev is not None else None)
            if what is None and not _is_sha(last.get("after_sha")):
                what = "its after-hash is not a SHA-256 (64 hexadecimal digits)"
            if what:
                raise Damaged(journal, _line_number(journal, offset), what)
    else:
        p.seq = _line_number(journal, offset)  # a 0.1 record: its line number
    last_seq = p.seq
    p.seq = max(p.seq, torn_seq)
    p.last = last
    state = last.get("after_sha")
    if torn_line:
        p.add({"type": "abort", "line": torn_line, "time": now, "before_sha": state,
               "after_sha": state})
    if digest == state:
        return p
    if (kind(last) in ("command", "undo") and digest == last.get("before_sha")
            and not looks_edited(path, last)):
        p.aborted.add(last_seq)
        p.add({"type": "abort", "aborts": last_seq, "time": now, "before_sha": digest,
               "after_sha": digest, "after": text_of(raw)})
        return p
    old_text = last.get("after")
    if not isinstance(old_text, str) and recall is not None and isinstance(state, str):
        old_text = recall(state)
    changes = diff(old_text, raw) if isinstance(old_text, str) else None
    if changes is not None and not force and _dice_changed_after_commit(old_text, changes):
        keys = ", ".join(c["key"] for c in changes if c["key"].startswith("dice."))
        raise Refused("dice_edited", rule="R-LOG-2", keys=keys)
    edit: dict[str, Any] = {"type": "edit", "time": now, "changes": changes,
                            "before_sha": state, "after_sha": digest}
    if isinstance(old_text, str):  # format 4: the lines the hand changed (journal_patch)
        from pbwcombat.journal_patch import make

        edit["patch"] = make(old_text, text_of(raw))
    else:
        edit["after"] = text_of(raw)
    p.edit = p.add(edit)
    return p


_SHA = lazy(r"[0-9a-f]{64}")
_SEQ_HEAD = lazy(rb'\{"seq":\s*(\d{1,18})\s*[,}]')


def _torn_seq(raw: bytes) -> int:
    """The `seq` a torn line was written with (0: none), from the whole record when only its
    newline was lost, else from its head (`encode` writes `seq` first), so that no seq a
    line ever carried is used again (R-LOG-1, R-LOG-10)."""
    rec = parse(raw)
    if rec is not None:
        value = rec.get("seq")
        return value if type(value) is int and value > 0 else 0
    m = _SEQ_HEAD().match(raw)
    return int(m.group(1)) if m else 0


def _is_sha(value: object) -> bool:
    return isinstance(value, str) and _SHA().fullmatch(value) is not None


def _broken(rec: dict[str, Any], state: object) -> str | None:
    """What breaks the chain at a record with a `seq` after the state `state` (None: none
    before it, or a restart record): a before-hash that is not the state, a missing or
    short one included (a changed after-hash shows at the record after it)."""
    if state is not None and rec.get("before_sha") != state:
        return "its before-hash is not the after-hash of the record before it"
    return None


def check_whole(journal: Path, lines: list[tuple[int, bytes, bool]], size: int) -> None:
    """R-LOG-4: damage anywhere in the journal, not only in its last lines, stops an action
    (exit 65, naming the journal and the first damaged line) rather than have it append
    after it: a complete line that is not a JSON record (a torn line closed by an abort
    record is not damage), or a record that breaks the chain (`_broken`; aborted records
    and abort records are skipped, as `verify` does; a restart record begins a chain; 0.1
    records are not checked, R-LOG-7). `lines` are the journal's last lines as
    `store.tail_lines` reads them, `size` its length.

    Called only when the journal's index does not vouch for it (`journal_index`: the journal
    changed since the last command's append, or it has no index yet). Every line this tool
    writes carries `prev_sha`, the SHA-256 of the line before it, and the command that wrote
    it had checked the lines before: when the links hold from the last complete line back to
    the first (or back to a line of format 2 whose `journal_sha` is the hash of every byte
    before it), the bytes are what was checked, at the cost of one hash of the journal.
    Otherwise (a journal from 0.1/0.2, R-LOG-7, or one changed by hand) every line is
    parsed (`_check_slowly`), once: the command's index then vouches for it."""
    if not any(entry[2] for entry in lines):
        return  # nothing but a torn append (examine's)
    data = store.read_sidecar(journal)
    if not _links_hold(data):
        _check_slowly(journal, data)


_PREV_SHA = lazy(rb',"prev_sha":"([0-9a-f]{64})"}\Z')
_JOURNAL_SHA = lazy(rb',"journal_sha":"([0-9a-f]{64})"}\Z')


def _links_hold(data: bytes) -> bool:
    """Whether every complete line from the last back to the first is sealed by the next
    one's `prev_sha` (format 3), or back to a format-2 line whose `journal_sha` seals every
    byte before it. One pass of SHA-256 over the journal, no parsing."""
    view = memoryview(data)
    end = data.rfind(b"\n")  # the newline of the last complete line
    if end < 0:
        return True
    start = data.rfind(b"\n", 0, end) + 1
    while True:
        tail = data[max(start, end - 96):end]
        m = _PREV_SHA().search(tail)
        if m is None:
            m = _JOURNAL_SHA().search(tail)
            return m is not None and sha256_hex(view[:start]) == \
                m.group(1).decode()
        if start == 0:
            return m.group(1).decode() == EMPTY_SHA
        before = data.rfind(b"\n", 0, start - 1) + 1
        if sha256_hex(view[before:start]) != m.group(1).decode():
            return False
        start, end = before, start - 1


def _check_slowly(journal: Path, data: bytes) -> None:
    """`check_whole` line by line: every complete line is parsed (the line after the last
    newline is a torn append, examine's), abort records are honoured, the chain is walked."""
    parsed: list[tuple[int, dict[str, Any] | None]] = []
    torn: set[int] = set()
    aborted: set[int] = set()
    start, line = 0, 1
    while True:
        end = data.find(b"\n", start)
        if end < 0:
            break
        rec = parse(data[start:end])
        parsed.append((line, rec))
        if rec is not None and kind(rec) == "abort":
            if (closed_line(rec) or line) < line:
                torn.add(rec["line"])
            if type(rec.get("aborts")) is int:
                aborted.add(rec["aborts"])
        start, line = end + 1, line + 1
    state: object = None
    for n, rec in parsed:
        if n in torn:
            continue  # a torn line closed by its abort record, parsed or not (R-LOG-10)
        if rec is None:
            raise Damaged(journal, n, "not a JSON record")
        seq = rec.get("seq")
        k = kind(rec)
        if k == "abort" or (seq if type(seq) is int else n) in aborted:
            continue  # an abort record changes no state; an aborted record never took effect
        if type(seq) is int:
            what = _broken(rec, None if k == "restart" else state)
            if what:
                raise Damaged(journal, n, what)
        # a 0.1 record (no seq) is history as it is (R-LOG-7): 0.1 wrote no edit records,
        # so a hand edit between two of its commands left a gap in its chain
        after = rec.get("after_sha")
        if after is not None:
            state = after


def _line_number(journal: Path, offset: int) -> int:
    """1-based line number of the line starting at byte `offset` (only on rare paths)."""
    data = store.read_sidecar(journal)
    return data.count(b"\n", 0, offset) + 1


def _dice_changed_after_commit(old_text: str | None, changes: list[dict[str, Any]]) -> bool:
    if not any(c["key"].startswith("dice.") for c in changes):
        return False
    try:
        old = tomllib.loads(old_text or "")
    except ValueError:
        return True
    dice = old.get("dice")
    return isinstance(dice, dict) and dice.get("committed") is True


# -- the changed keys of a hand edit ---------------------------------------------------------


def diff(old_text: str, new: bytes) -> list[dict[str, Any]]:
    """Changed keys as dotted paths (`combatants.mira.hp`), with old and new values (None:
    absent); [] when only formatting changed. A new text that does not parse gives one
    change under `file`."""
    try:
        old_doc = tomllib.loads(old_text.lstrip("\ufeff"))
    except ValueError:
        old_doc = {}
    try:
        new_doc = store.parse_document(new)
    except InvalidEncounter:
        return [{"key": "file", "old": None, "new": None}]
    from pbwcombat.document import changed_keys

    return changed_keys(old_doc, new_doc)


def last_seed(path: Path) -> str | None:
    """The generator seed of the latest state in the journal that had one: a file undone back
    past the command that made its seed gets the same seed again, so redoing that command
    rolls the same dice (R-LOG-1, R-DIC-2) and `verify` still recomputes the undone rolls."""
    return last_seed_in(reversed(entries(path)))


_SEED = lazy(rb'seed = \\"([0-9a-f]{64})\\"')


def last_seed_in(backwards: Iterable[Entry]) -> str | None:
    """`last_seed` over the lines `backwards`, last first."""
    pattern = _SEED()
    for e in backwards:
        if not e.complete:
            continue  # a torn record never became the file
        found = pattern.findall(e.raw)
        if found:
            return str(found[-1].decode())
    return None


# -- undo: the last command not yet undone ----------------------------------------------------


def undo_target_in(backwards: Iterable[Entry], p: Prelude) -> dict[str, Any] | None:
    """R-LOG-1: among the lines `backwards` (last first), the last command (or hand edit)
    not yet undone, with its `seq`; None when there is none (back to the start, or to a
    restart record). `p.aborted`: a last record `examine` is about to abort."""
    undone: set[int] = set()
    aborted = set(p.aborted)
    for e in backwards:
        if e.record is None or not e.complete:
            continue
        rec = e.record
        k = kind(rec)
        if k == "undo":
            if type(rec.get("undoes")) is int and e.seq not in aborted:
                undone.add(rec["undoes"])  # an aborted undo undid nothing
            continue
        if k == "abort":
            if type(rec.get("aborts")) is int:
                aborted.add(rec["aborts"])
            continue
        if k == "restart":
            return None
        if e.seq in undone or e.seq in aborted:
            continue
        return {**rec, "seq": e.seq}
    return None

