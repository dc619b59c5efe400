"""Files: load and save encounter files, the lock, the journal's bytes (SPEC "Files,
permissions and safety").

Layout (docs/en/encounter-file.md, "Files beside the encounter"): `fight.toml` is the
user's file with the state written back; `fight.toml.journal` is the append-only sidecar,
one JSON record per line (docs/en/journal-and-dice.md documents every field; `journal.py`
reads and writes the records); `fight.toml.lock` is the lock. A symlinked encounter is
written through to its target and keeps its journal and lock beside the target; the journal
and the lock are never opened through a symbolic link; temporary files get unpredictable
names and exclusive creation.

Write order makes a crash harmless (R-LOG-4): the new file is written to a temporary file
and fsynced, then the journal record is appended and fsynced, then the temporary file is
renamed over the encounter. A record whose after-hash never became the file is aborted by
the next command; nothing in the journal is ever rewritten or cut.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import math
import os
import signal
import stat
import time
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from pbwcombat import digests, regular
from pbwcombat.errors import CannotWrite, EncounterMissing, InvalidEncounter, Locked, UsageError

JOURNAL_SUFFIX = ".journal"
LOCK_SUFFIX = ".lock"
BOM = b"\xef\xbb\xbf"
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def journal_path(path: Path) -> Path:
    return path.with_name(path.name + JOURNAL_SUFFIX)


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + LOCK_SUFFIX)


def sha256(data: bytes) -> str:
    return digests.sha256_hex(data)


def real(path: Path) -> Path:
    """The encounter's own file: a symbolic link is followed to its target, so the tool
    writes through it (the link stays a link) and keeps journal and lock beside the target."""
    try:
        if path.is_symlink():
            return Path(os.path.realpath(path))
    except OSError:
        pass
    return path


# -- reading -------------------------------------------------------------------


def read_bytes(path: Path) -> bytes:
    """The encounter's bytes; exit 66 when it is missing, unreadable or not a regular file (a
    FIFO is refused at once, never waited on; `/dev/zero` is never read)."""
    try:
        return regular.read_regular(path)
    except FileNotFoundError:
        raise EncounterMissing("no_such_encounter_file", path=path) from None
    except OSError as e:
        raise _unreadable(path, e) from None


def _unreadable(path: Path, e: OSError) -> EncounterMissing:
    if isinstance(e, IsADirectoryError) or e.strerror == regular.kind_of(stat.S_IFDIR):
        return EncounterMissing("directory_not_encounter_file", path=path)
    return EncounterMissing("cannot_be_read", path=path, reason=e.strerror or type(e).__name__)


def parse_document(data: bytes) -> dict[str, Any]:
    """Bytes → TOML document, or InvalidEncounter (exit 65) with the reason. A UTF-8
    byte-order mark and CRLF line endings (Windows editors) are accepted; an empty file is
    not an encounter."""
    if data.startswith(BOM):
        data = data[len(BOM):]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InvalidEncounter([f"file: not UTF-8 text (byte {e.start})"]) from None
    if not text.strip():
        raise InvalidEncounter(["file: empty (an encounter needs its combatants)"])
    parser = _parser_for(len(data))
    try:
        result: dict[str, Any] = parser.loads(text)
    except parser.TOMLDecodeError as e:
        raise InvalidEncounter([f"toml: {e}"]) from None
    except RecursionError:
        raise InvalidEncounter(["toml: nested too deeply"]) from None
    except ValueError:  # Python's limit on the digits of an integer read from text
        raise InvalidEncounter(["toml: a number with too many digits (at most 4300)"]
                               ) from None
    return result


def restyle(original: bytes, data: bytes) -> bytes:
    """`data` (LF, no BOM) written back as `original` was: with its byte-order mark and its
    CRLF line endings (SPEC: accepted and written back as they were)."""
    body = original[len(BOM):] if original.startswith(BOM) else original
    first = body.find(b"\n")
    if first > 0 and body[first - 1:first] == b"\r":
        data = data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    return BOM + data if original.startswith(BOM) else data


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


def check_output(out: Path, encounter: Path) -> None:
    """R-OUT-11: an output file (`map --png`) is never the encounter, its journal or its
    lock (exit 73)."""
    target = Path(os.path.realpath(out))
    enc = Path(os.path.realpath(encounter))
    if target in (enc, journal_path(enc), lock_path(enc)) or (
            out.resolve() in (encounter.resolve(), journal_path(encounter).resolve(),
                              lock_path(encounter).resolve())):
        raise CannotWrite("encounter_journal_lock_not_overwritten", rule="R-OUT-11", out=out)


# -- permissions -------------------------------------------------------------------


def file_stat(path: Path) -> os.stat_result:
    """The encounter's stat (exit 66 when it is missing or is not a file)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise EncounterMissing("no_such_encounter_file", path=path) from None
    except OSError as e:
        raise EncounterMissing("cannot_be_read", path=path, reason=e.strerror) from None
    if not stat.S_ISREG(st.st_mode):
        raise _unreadable(path, regular.NotRegular(0, regular.kind_of(st.st_mode)))
    return st


def check_writable(path: Path, st: os.stat_result) -> None:
    """SPEC: a file without write permission for its owner is not written (exit 73), even by
    root; nor one this user may not write."""
    effective = os.access in os.supports_effective_ids
    if not st.st_mode & stat.S_IWUSR or not os.access(path, os.W_OK, effective_ids=effective):
        raise CannotWrite("write_protected_not_written", path=path)


def _share(fd: int, like: os.stat_result | None) -> None:
    """Give a file we created the encounter's permission bits, owner (when we may) and group
    (SPEC: a private file has a private journal; a group folder works for every GM)."""
    if like is None:
        return
    with contextlib.suppress(OSError):
        os.fchmod(fd, stat.S_IMODE(like.st_mode) & 0o777)
    st = os.fstat(fd)
    if st.st_uid != like.st_uid or st.st_gid != like.st_gid:
        try:
            os.fchown(fd, like.st_uid, like.st_gid)
        except OSError:
            with contextlib.suppress(OSError):
                os.fchown(fd, -1, like.st_gid)


def _open_sidecar(path: Path, flags: int, like: os.stat_result | None) -> int:
    """Open the journal or the lock, never through a symbolic link (exit 73 if one is
    there) and only as a regular file of the encounter's owner (`check_owner`); created with
    the encounter's mode and group."""
    try:
        fd = os.open(path, flags | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o600)
    except FileExistsError:
        pass
    except OSError as e:
        raise _write_error(path, e) from None
    else:
        _share(fd, like)
        return fd
    try:
        fd = regular.open_regular(path, flags | _NOFOLLOW)
    except OSError as e:
        raise _write_error(path, e) from None
    try:
        if like is not None:
            check_owner(path, os.fstat(fd), like)
    except BaseException:
        os.close(fd)
        raise
    return fd


def check_owner(path: Path, st: os.stat_result, like: os.stat_result) -> None:
    """A journal or lock someone else planted is not used (exit 73): it must belong to the
    encounter's owner, or, in a folder shared by a group of GMs (the encounter writable by
    its group), to the encounter's group. A journal receives the secret seed with every
    record; a co-member of a shared folder must not get it through a file of theirs."""
    if st.st_uid == like.st_uid or (like.st_mode & stat.S_IWGRP and st.st_gid == like.st_gid):
        return
    raise CannotWrite("sidecar_other_owner", path=path, uid=st.st_uid, owner=like.st_uid)


def check_mode(path: Path, fd: int, like: os.stat_result, legacy: bool) -> None:
    """A journal or lock whose permission bits for the group or others are wider than the
    encounter's is not used (exit 73): others may have read what a private fight keeps
    secret. A journal of version
    0.1 (`legacy`), whose lock and journal came with the user's umask, is given the
    encounter's mode instead (R-LOG-7)."""
    mode = stat.S_IMODE(os.fstat(fd).st_mode) & 0o777
    allowed = stat.S_IMODE(like.st_mode) & 0o777
    if not mode & ~allowed & 0o077:  # the owner's own bits are the owner's business
        return
    if legacy:
        with contextlib.suppress(OSError):
            os.fchmod(fd, allowed)
            return
    narrowed = mode & (0o700 | allowed)
    raise CannotWrite("sidecar_mode_wider", path=path, mode=f"{mode:o}", allowed=f"{allowed:o}",
                      narrowed=f"{narrowed:o}")


def _check_journal(path: Path, like: os.stat_result) -> bool:
    """Under the lock, before the command reads anything: the journal, if there is one, is
    a regular file of the encounter's owner with no wider mode (`check_owner`, `check_mode`;
    a 0.1 journal gets the encounter's mode when it is next written). Returns whether it is
    a 0.1 journal (R-LOG-7: its last record has no `seq`)."""
    journal = journal_path(path)
    fd = _open_to_read(journal)
    if fd is None:
        return False
    try:
        check_owner(journal, os.fstat(fd), like)
        last = tail_lines(journal, 1)[0]
        legacy = bool(last) and last[-1][2] and b'"seq"' not in last[-1][1]
        if not legacy:
            check_mode(journal, fd, like, legacy=False)
        return legacy
    finally:
        os.close(fd)


# -- locking -------------------------------------------------------------------


def lock_timeout() -> float:
    """`PBWCOMBAT_LOCK_TIMEOUT` in seconds (10 by default); anything but a finite number
    ≥ 0 is a usage error (exit 2)."""
    raw = os.environ.get("PBWCOMBAT_LOCK_TIMEOUT")
    if raw is None:
        return 10.0
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise UsageError("pbwcombat_lock_timeout_not_finite", raw=repr(raw))
    return value


@contextlib.contextmanager
def locked(path: Path) -> Iterator[os.stat_result]:
    """Hold an exclusive lock on the sibling `.lock` file; Locked (exit 75) past the timeout.
    Yields the encounter's stat (exit 66 when there is no encounter: no lock is created)."""
    timeout = lock_timeout()
    like = file_stat(path)
    lock_file = lock_path(path)
    try:
        fd = _open_sidecar(lock_file, os.O_RDWR, like)
    except CannotWrite as refused:
        if refused.errno != errno.EACCES:
            raise
        # a lock made by another GM that this one may only read still locks (flock)
        fd = _open_sidecar(lock_file, os.O_RDONLY, like)
    try:
        deadline = time.monotonic() + timeout
        delay = 0.002
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise Locked("locked_another_run_retry_later", path=path) from None
                time.sleep(delay)
                delay = min(delay * 2, 0.05)
        check_mode(lock_file, fd, like, legacy=_check_journal(path, like))
        sweep_temporaries(path)
        yield like
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
    if e.errno == errno.ELOOP:
        failed = CannotWrite("symbolic_link_not_followed", path=path)
    else:
        reason = "disk full" if e.errno == errno.ENOSPC else \
            regular.kind_of(stat.S_IFDIR) if e.errno == errno.EISDIR else (e.strerror or str(e))
        failed = CannotWrite("cannot_be_written", path=path, reason=reason)
    failed.errno = e.errno
    return failed


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _temp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.urandom(8).hex()}.tmp")  # unpredictable


def sweep_temporaries(path: Path) -> None:
    """Remove temporary copies a killed run left beside `path` (they may hold the seed).
    Called under the lock, when no other run can be writing one."""
    prefix = f".{path.name}."
    folder = path.parent if str(path.parent) else Path(".")
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    uid = os.geteuid()
    for entry in entries:
        name = entry.name
        if not (name.startswith(prefix) and name.endswith(".tmp")):
            continue
        middle = name[len(prefix):-4]
        if not middle.isalnum():
            continue
        with contextlib.suppress(OSError):
            st = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(st.st_mode) and st.st_uid == uid:
                os.unlink(entry.path)


class Pending:
    """A new encounter file written and fsynced under a temporary name, not yet in place."""

    def __init__(self, path: Path, data: bytes, like: os.stat_result | None) -> None:
        self.path = path
        for _ in range(100):
            self.tmp = _temp_name(path)
            try:
                fd = os.open(self.tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW
                             | _CLOEXEC, 0o600)
                break
            except FileExistsError:
                continue
            except OSError as e:
                raise _write_error(path, e) from None
        else:  # pragma: no cover - 100 collisions of 64 random bits
            raise CannotWrite("temporary_file_could_created", path=path)
        try:
            try:
                if like is not None:
                    _share(fd, like)
                else:
                    os.fchmod(fd, 0o666 & ~_umask())
                _write_all(fd, data)
                os.fsync(fd)
                self.ino = os.fstat(fd).st_ino
            finally:
                os.close(fd)
        except BaseException as e:
            self.discard()
            if isinstance(e, OSError):
                raise _write_error(path, e) from None
            raise

    def discard(self) -> None:
        with contextlib.suppress(OSError):
            os.unlink(self.tmp)

    def place(self, exclusive: bool = False) -> None:
        try:
            if exclusive:
                os.link(self.tmp, self.path)  # fails if `path` exists: no overwrite (`new`)
                os.unlink(self.tmp)
            else:
                os.replace(self.tmp, self.path)
        except FileExistsError:
            self.discard()
            raise CannotWrite("already_exists_not_overwritten", path=self.path) from None
        except BaseException as e:
            self.discard()
            if isinstance(e, OSError):
                raise _write_error(self.path, e) from None
            raise
        _fsync_dir(self.path.parent if str(self.path.parent) else Path("."))


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def atomic_write(path: Path, data: bytes, *, exclusive: bool = False,
                 like: os.stat_result | None = None) -> None:
    """Temp file in the same folder, fsync, os.replace, fsync the folder; keeps the mode,
    owner and group of the file replaced (or of `like`)."""
    if like is None and not exclusive:
        with contextlib.suppress(OSError):
            like = os.stat(path)
    with uninterrupted():
        Pending(path, data, like).place(exclusive)


@contextlib.contextmanager
def uninterrupted() -> Iterator[None]:
    """Ctrl-C waits until the file and its journal are both written (SPEC exit 130: the file
    is as before or as after, never half)."""
    try:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    except (AttributeError, ValueError, OSError):  # pragma: no cover - not a POSIX main thread
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


# -- the journal's bytes ---------------------------------------------------------------


def _open_to_read(path: Path) -> int | None:
    """The journal opened to read (None: there is none), never through a symbolic link and
    only as a regular file (a FIFO, a device or a folder there: exit 73 at once)."""
    try:
        return regular.open_regular(path, os.O_RDONLY | _NOFOLLOW)
    except FileNotFoundError:
        return None
    except regular.NotRegular as e:
        raise CannotWrite("cannot_be_read", path=path, reason=e.strerror) from None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise CannotWrite("symbolic_link_not_followed", path=path) from None
        raise EncounterMissing("cannot_be_read", path=path, reason=e.strerror) from None


def read_sidecar(path: Path) -> bytes:
    """The journal's bytes (b"" when there is none), never through a symbolic link."""
    fd = _open_to_read(path)
    if fd is None:
        return b""
    with os.fdopen(fd, "rb") as f:
        return f.read()


def digest_head(path: Path, size: int) -> Any:
    """A SHA-256 object fed the first `size` bytes of the journal, read in 1 MiB chunks into
    one buffer (no copy of a long journal in memory): 14 ms for 26 MB. The caller goes on
    feeding it the rest, so the journal is hashed in one pass."""
    h = digests.sha256(expected=size)
    if size <= 0:
        return h
    fd = _open_to_read(path)
    if fd is None:
        return h  # gone a moment ago: the hash will not match
    buf = bytearray(1 << 20)
    view = memoryview(buf)
    with os.fdopen(fd, "rb", buffering=0) as f:
        left = size
        while left > 0:
            n = f.readinto(view[:min(left, len(buf))])
            if not n:
                break  # shorter than it was a moment ago: the hash will not match
            h.update(view[:n])
            left -= n
    return h


def tail_lines(path: Path, count: int) -> tuple[list[tuple[int, bytes, bool]], int]:
    """The last `count` lines of the journal as (offset, bytes without the newline, whether
    the newline is there), oldest first, and the journal's size; read backwards, so the cost
    is flat in its length. A last line without its newline is a torn append."""
    fd = _open_to_read(path)
    if fd is None:
        return [], 0
    with os.fdopen(fd, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        data = b""
        pos = size
        chunk = 65536
        while pos > 0 and data[:-1].count(b"\n") < count:
            step = min(chunk, pos)
            pos -= step
            f.seek(pos)
            data = f.read(step) + data
            chunk *= 2
    pieces = data.split(b"\n")
    if data.endswith(b"\n"):
        pieces.pop()
    offsets = []
    at = pos
    for piece in pieces:
        offsets.append(at)
        at += len(piece) + 1
    lines = [(o, p, True) for o, p in zip(offsets, pieces, strict=True)]
    if lines and not data.endswith(b"\n"):
        lines[-1] = (lines[-1][0], lines[-1][1], False)
    if pos > 0:
        lines = lines[1:]
    return lines[-count:], size


def backward(path: Path, end: int | None = None
             ) -> Iterator[tuple[int, bytes, bool]]:
    """The journal's lines from the last (or from the one that ends right before byte `end`)
    back to the first, as `tail_lines` gives them: (offset, bytes without the newline,
    whether the newline is there). Read in chunks from the end, so finding a record near the
    end costs what that record costs, whatever the journal's length."""
    fd = _open_to_read(path)
    if fd is None:
        return
    with os.fdopen(fd, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        stop = size if end is None else min(end, size)
        if stop <= 0:
            return
        f.seek(stop - 1)
        complete = f.read(1) == b"\n"
        pos = stop - 1 if complete else stop  # buf holds the bytes [pos, pos + hi)
        buf, hi, chunk = b"", 0, 65536
        while True:
            cut = buf.rfind(b"\n", 0, hi)
            if cut >= 0:
                yield pos + cut + 1, buf[cut + 1:hi], complete
                hi, complete = cut, True
                continue
            if pos == 0:
                yield 0, buf[:hi], complete
                return
            step = min(chunk, pos)
            pos -= step
            f.seek(pos)
            buf = f.read(step) + buf[:hi]
            hi += step
            chunk = min(chunk * 2, 1 << 24)


def line_at(path: Path, offset: int) -> tuple[bytes, bool]:
    """The journal's line starting at byte `offset` (without its newline) and whether it is
    complete: one record read where an index says it is."""
    fd = _open_to_read(path)
    if fd is None:
        return b"", False
    with os.fdopen(fd, "rb") as f:
        f.seek(offset)
        out: list[bytes] = []
        while True:
            block = f.read(1 << 16)
            if not block:
                return b"".join(out), False
            cut = block.find(b"\n")
            if cut >= 0:
                out.append(block[:cut])
                return b"".join(out), True
            out.append(block)


def append_journal(path: Path, data: bytes, like: os.stat_result | None) -> int:
    """Append `data` (whole lines) to the journal and fsync; returns the size before, so a
    failure of the step after can take back this very append. An old journal gets the
    encounter's mode (R-LOG-7).

    R-LOG-10: all or nothing. The lines go out in one `write` (under the lock, so no other
    run appends between); a short write (the disk full, a file size limit) or an error
    cuts the journal back to its length before, so that a refused command (exit 73) leaves
    it byte-identical and no partial line is ever left for the next command to read."""
    fd = _open_sidecar(path, os.O_WRONLY | os.O_APPEND, like)
    try:
        st = os.fstat(fd)
        if like is not None and stat.S_IMODE(st.st_mode) != stat.S_IMODE(like.st_mode) & 0o777:
            with contextlib.suppress(OSError):
                os.fchmod(fd, stat.S_IMODE(like.st_mode) & 0o777)
        try:
            written = os.write(fd, data)
            if written != len(data):
                raise OSError(errno.ENOSPC, "disk full")
            os.fsync(fd)
        except OSError:
            _cut(fd, st.st_size)
            raise
        return st.st_size
    except OSError as e:
        reason = "disk full" if e.errno == errno.ENOSPC else (e.strerror or str(e))
        raise CannotWrite("cannot_be_written_not_appended", rule="R-LOG-10", path=path,
                          reason=reason) from None
    finally:
        os.close(fd)


def _cut(fd: int, size: int) -> None:
    """R-LOG-10: the journal back to `size` bytes after an append that failed part-way."""
    with contextlib.suppress(OSError):
        os.ftruncate(fd, size)
        os.fsync(fd)


def take_back(path: Path, size: int, existed: bool) -> None:
    """Undo our own append of this run when the rename after it failed (SPEC: a non-zero
    exit leaves the journal unchanged)."""
    with contextlib.suppress(OSError):
        if not existed:
            os.unlink(path)
            return
        fd = os.open(path, os.O_WRONLY | _NOFOLLOW | _CLOEXEC)
        try:
            os.ftruncate(fd, size)
            os.fsync(fd)
        finally:
            os.close(fd)


def commit(path: Path, after: bytes, lines: Callable[[int], bytes],
           like: os.stat_result | None) -> int:
    """Write the new file aside, append the journal `lines(inode of the new file)`, put the
    file in place; returns the journal's length before the append. Call under
    `locked(path)`. A failure leaves file and journal as they were."""
    journal = journal_path(path)
    with uninterrupted():
        pending = Pending(path, after, like)
        existed = journal.exists()
        try:
            size = append_journal(journal, lines(pending.ino),
                                  like)
        except BaseException:
            pending.discard()
            raise
        try:
            pending.place()
        except BaseException:
            take_back(journal, size, existed)
            raise
        return size
