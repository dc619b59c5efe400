"""The file's texts in the journal since journal format 4 (issue 29): which whole texts a
record carries beside its patch (`carried`), and a state of the file rebuilt from the
journal (`recall`).

Records of formats 1-3 held the whole file twice, before and after: at 2,000 combatants
1.5 MB an action, and a command reading the last record parsed all of it. A format-4 record
of a change (command, undo, edit) holds a `patch` (`journal_patch`: the lines that changed),
and a whole text only where one is needed: `before` in the first record of a journal (the
file as first written by hand, which `verify` checks, R-LOG-3), `after` now and then (when
the lines since the last whole text outweigh the file), so that rebuilding any state reads
a bounded stretch of the journal's end. Restart and abort records keep their `after` as
before. Every text is found by its SHA-256 and checked against it, so a record that does not
fit gives no text, never a wrong one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pbwcombat import journal_patch, store
from pbwcombat.journal import Entry


def carried(before: str | None, after: str, first: bool, full: bool) -> dict[str, Any]:
    """The texts a record of a change from `before` to `after` carries: the patch (None
    `before`, a file that is not text: the whole `after` instead), the whole `before` in a
    journal's `first` record, the whole `after` when a `full` text is due."""
    if before is None:
        return {"after": after}
    out: dict[str, Any] = {"patch": journal_patch.make(before, after)}
    if first:
        out["before"] = before
    elif full:
        out["after"] = after
    return out


def decoded(data: bytes) -> str | None:
    """The file's bytes as text, or None when they are not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def undone_text(record: dict[str, Any], current: bytes) -> str | None:
    """The text before `record` from the file's `current` bytes when they are its text
    after (undo right after it): its patch read backward, checked against its before-hash."""
    patch = record.get("patch")
    if patch is None or store.sha256(current) != record.get("after_sha"):
        return None
    text = decoded(current)
    lines = None if text is None else journal_patch.backward(journal_patch.lines_of(text), patch)
    if lines is None:
        return None
    before = journal_patch.text_of(lines)
    return before if store.sha256(before.encode()) == record.get("before_sha") else None


def recall(backwards: Iterable[Entry], sha: str) -> str | None:
    """The text whose SHA-256 is `sha`, from the journal's lines `backwards` (last first):
    the last record whose after-hash it is, then back through the records whose patches led
    there to one that holds a whole text, and forward again through their patches. None
    when no record leads to it (a journal damaged or cut, or a state it never recorded)."""
    wanted = sha
    patches: list[object] = []
    base: str | None = None
    for e in backwards:
        if not e.complete or wanted.encode() not in e.raw:
            continue  # only a line that names the hash can hold it: no parse of the others
        rec = e.record
        if rec is None or rec.get("after_sha") != wanted:
            continue
        after = rec.get("after")
        if isinstance(after, str):
            base = after
            break
        patch = rec.get("patch")
        if patch is None:
            if rec.get("before_sha") == wanted:
                continue  # a record that changed nothing (an abort, a restart)
            return None
        before_sha = rec.get("before_sha")
        if not isinstance(before_sha, str):
            return None
        patches.append(patch)
        wanted = before_sha
        before = rec.get("before")
        if isinstance(before, str):
            base = before
            break
    if base is None:
        return None
    lines: list[str] | None = journal_patch.lines_of(base)
    for patch in reversed(patches):
        lines = journal_patch.forward(lines, patch) if lines is not None else None
    if lines is None:
        return None
    text = journal_patch.text_of(lines)
    return text if store.sha256(text.encode()) == sha else None


class Follow:
    """The file's text along the chain, for `verify` (R-LOG-3): each record's patch applied
    to the text before it must give its after-hash. The text is known from a whole one
    (`before`, `after`, checked against their hashes) and follows each patch; where it is
    not known (a record without either, after damage) the next patches cannot be checked
    until a whole text comes."""

    def __init__(self) -> None:
        self.lines: list[str] | None = None
        self.sha: object = None  # the hash of `lines`

    def _whole(self, rec: dict[str, Any], name: str) -> None:
        text = rec.get(name)
        if isinstance(text, str) and store.sha256(text.encode()) == rec.get(f"{name}_sha"):
            self.lines, self.sha = journal_patch.lines_of(text), rec.get(f"{name}_sha")

    def step(self, rec: dict[str, Any]) -> bool:
        """Follow one live record; False when its patch does not give its after-hash."""
        self._whole(rec, "before")
        patch = rec.get("patch")
        ok = True
        if patch is not None:
            new = None
            if self.lines is not None and self.sha == rec.get("before_sha"):
                new = journal_patch.forward(self.lines, patch)
                ok = new is not None and store.sha256(
                    journal_patch.text_of(new).encode()) == rec.get("after_sha")
            self.lines, self.sha = (new, rec.get("after_sha")) if new is not None and ok \
                else (None, None)
        elif rec.get("before_sha") != rec.get("after_sha"):
            self.lines = None
        self._whole(rec, "after")
        return ok
