"""Load, validate and save encounter files; the lock; the append-only journal.

Layout (README "Files"): `fight.toml` is the user's file with the state written back;
`fight.toml.journal` is the sidecar, one JSON record per applied command, appended, each
holding the exact bytes of the file before the command (for `undo`), the rolls and the events
(for `log`, `verify` and `--key`). `fight.toml.lock` is the lock. Write order makes a crash
harmless: the record is appended and fsynced first, then the file is replaced atomically; a
tail record whose `before` hash matches the current file was never committed (or was undone)
and is dropped by the next writer.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import json
import os
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pbwcombat.errors import CannotWrite, EncounterMissing, InvalidEncounter, Locked

JOURNAL_SUFFIX = ".journal"
LOCK_SUFFIX = ".lock"


def journal_path(path: Path) -> Path:
    return path.with_name(path.name + JOURNAL_SUFFIX)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# -- reading -------------------------------------------------------------------


def read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise EncounterMissing(f"{path}: no such encounter file") from None
    except IsADirectoryError:
        raise EncounterMissing(f"{path}: is a directory, not an encounter file") from None
    except OSError as e:
        raise EncounterMissing(f"{path}: cannot be read ({e.strerror})") from None


def parse_document(data: bytes) -> dict[str, Any]:
    """Bytes → TOML document, or InvalidEncounter (exit 65) with the reason."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InvalidEncounter([f"file: not UTF-8 text (byte {e.start})"]) from None
    parser = _parser_for(len(data))
    try:
        result: dict[str, Any] = parser.loads(text)
    except parser.TOMLDecodeError as e:
        raise InvalidEncounter([f"toml: {e}"]) from None
    except RecursionError:
        raise InvalidEncounter(["toml: nested too deeply"]) from None
    return result


LARGE_FILE = 64 * 1024


def _parser_for(size: int) -> Any:
    """tomllib, or for large files tomli: the same parser (tomllib is tomli's copy in the
    standard library) compiled with mypyc, three times faster on a 500-combatant file. Small
    files keep tomllib, which costs no import at start-up."""
    if size > LARGE_FILE:
        try:
            import tomli

            return tomli
        except ImportError:  # pragma: no cover - tomli is a dependency; stay correct without
            pass
    return tomllib


# -- locking -------------------------------------------------------------------


def lock_timeout() -> float:
    try:
        return max(0.0, float(os.environ.get("PBWCOMBAT_LOCK_TIMEOUT", "10")))
    except ValueError:
        return 10.0


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on the sibling `.lock` file; Locked (exit 75) past the timeout."""
    lock_file = path.with_name(path.name + LOCK_SUFFIX)
    try:
        fd = os.open(lock_file, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as e:
        raise CannotWrite(f"{lock_file}: cannot create the lock file ({e.strerror})") from None
    try:
        deadline = time.monotonic() + lock_timeout()
        delay = 0.002
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise Locked(f"{path}: locked by another run; retry later") from None
                time.sleep(delay)
                delay = min(delay * 2, 0.05)
        yield
    finally:
        os.close(fd)


# -- writing -------------------------------------------------------------------


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


def _write_error(path: Path, e: OSError) -> CannotWrite:
    reason = "disk full" if e.errno == errno.ENOSPC else (e.strerror or str(e))
    return CannotWrite(f"{path}: cannot be written ({reason})")


def atomic_write(path: Path, data: bytes, *, exclusive: bool = False) -> None:
    """Temp file in the same folder, fsync, os.replace, fsync the folder; keeps the mode."""
    folder = path.parent if str(path.parent) else Path(".")
    try:
        mode = path.stat().st_mode & 0o7777 if path.exists() else 0o644
    except OSError:
        mode = 0o644
    tmp = folder / f".{path.name}.{os.getpid()}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.chmod(tmp, mode)
        if exclusive:
            os.link(tmp, path)  # fails if `path` exists: no overwrite for `new`
            os.unlink(tmp)
        else:
            os.replace(tmp, path)
    except FileExistsError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise CannotWrite(f"{path}: already exists; not overwritten") from None
    except OSError as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise _write_error(path, e) from None
    _fsync_dir(folder)


# -- the journal -----------------------------------------------------------------


class Journal:
    """The append-only sidecar: one JSON line per applied command."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def append(self, record: dict[str, Any]) -> None:
        line = (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                view = memoryview(line)
                while view:
                    view = view[os.write(fd, view) :]
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError as e:
            raise _write_error(self.path, e) from None

    def _tail_offset(self, end: int | None = None) -> int | None:
        """Offset where the last record (before `end`) starts, read backwards: cost flat in
        the journal size."""
        try:
            size = self.path.stat().st_size if end is None else end
        except FileNotFoundError:
            return None
        if size == 0:
            return None
        with self.path.open("rb") as f:
            end = size
            f.seek(end - 1)
            if f.read(1) == b"\n":
                end -= 1
            pos = end
            chunk = 65536
            while pos > 0:
                start = max(0, pos - chunk)
                f.seek(start)
                block = f.read(pos - start)
                nl = block.rfind(b"\n")
                if nl >= 0:
                    return start + nl + 1
                pos = start
            return 0

    def last(self, end: int | None = None) -> tuple[int, dict[str, Any]] | None:
        """(offset, record) of the last record before byte `end` (default: the end of the
        journal), or None. An unreadable line gives an empty record."""
        offset = self._tail_offset(end)
        if offset is None:
            return None
        with self.path.open("rb") as f:
            f.seek(offset)
            raw = f.read() if end is None else f.read(end - offset)
        try:
            record = json.loads(raw)
        except ValueError:
            return (offset, {})  # a torn append: treated as not committed
        return (offset, record) if isinstance(record, dict) else (offset, {})

    def truncate(self, offset: int) -> None:
        try:
            with self.path.open("r+b") as f:
                f.truncate(offset)
                f.flush()
                os.fsync(f.fileno())
        except OSError as e:
            raise _write_error(self.path, e) from None

    def records(self) -> Iterator[dict[str, Any]]:
        """Every complete record, oldest first."""
        try:
            f = self.path.open("rb")
        except FileNotFoundError:
            return
        with f:
            for raw in f:
                if not raw.endswith(b"\n"):
                    return
                try:
                    record = json.loads(raw)
                except ValueError:
                    continue
                if isinstance(record, dict):
                    yield record

    def committed_tail(self, current: bytes) -> tuple[int, dict[str, Any]] | None:
        """The last record if it produced `current`; drops an uncommitted tail (see module doc).

        Returns None when there is nothing committed that matches."""
        tail = self.last()
        if tail is None:
            return None
        offset, record = tail
        digest = sha256(current)
        if record.get("after_sha") == digest:
            return tail
        if not record or record.get("before_sha") == digest:
            return (offset, {})  # uncommitted: a crash between append and replace, or undone
        return None


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def commit(path: Path, before: bytes, after: bytes, record: dict[str, Any]) -> None:
    """Append the journal record, then replace the file. Call under `locked(path)`.

    If the write fails, the journal is put back byte for byte (SPEC: a non-zero exit leaves
    the file and its sidecar unchanged)."""
    journal = Journal(journal_path(path))
    existed = journal.path.exists()
    size = _size(journal.path)
    dropped = b""
    tail = journal.committed_tail(before)
    if tail is not None and not tail[1]:  # a record a crash never committed
        with journal.path.open("rb") as f:
            f.seek(tail[0])
            dropped = f.read()
        journal.truncate(tail[0])
    record["before_sha"] = sha256(before)
    record["after_sha"] = sha256(after)
    record["before"] = before.decode("utf-8")
    try:
        journal.append(record)
        atomic_write(path, after)
    except CannotWrite:
        with contextlib.suppress(OSError):
            if journal.path.exists():
                journal.truncate(size - len(dropped))
                if dropped:
                    with journal.path.open("ab") as f:
                        f.write(dropped)
                if not existed:
                    journal.path.unlink()
        raise


def restore(path: Path, offset: int, before: bytes) -> None:
    """Undo: put back the bytes before the last command, then drop its record."""
    atomic_write(path, before)
    Journal(journal_path(path)).truncate(offset)
