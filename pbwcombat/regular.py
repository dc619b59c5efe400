"""Open only regular files, and never wait on opening one (SPEC "Files, permissions and
safety"; issue 30).

A FIFO named as the encounter, a roster or the journal would block `open` until someone
writes to it (holding the lock, freezing tab completion); `/dev/zero` reads until memory runs
out; a directory reads as an error the tool did not expect. So every file the tool reads or
appends to is opened with O_NONBLOCK (a FIFO opens at once) and checked with `fstat` on the
open descriptor (no race between a check and the open) before a byte is read.

Only `os` and `stat`: `pbwcombat._file_lang` uses it in the Ctrl-C handler of the start-up,
where no other import may begin.
"""

from __future__ import annotations

import os
import stat

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class NotRegular(OSError):
    """The path names something other than a regular file; `strerror` says what."""


def kind_of(mode: int) -> str:
    """What a non-regular file is, as the reason of a refusal (the catalogue translates it)."""
    if stat.S_ISDIR(mode):
        return "a directory, not a regular file"
    if stat.S_ISFIFO(mode):
        return "a FIFO, not a regular file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, not a regular file"
    if stat.S_ISSOCK(mode):
        return "a socket, not a regular file"
    return "not a regular file"


def check(fd: int, path: str | os.PathLike[str]) -> os.stat_result:
    """The stat of the open `fd`, or NotRegular when it is not a regular file."""
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        raise NotRegular(0, kind_of(st.st_mode), os.fspath(path))
    return st


def open_regular(path: str | os.PathLike[str], flags: int = os.O_RDONLY, mode: int = 0o600
                 ) -> int:
    """`os.open` that never blocks on a FIFO and gives only a regular file (NotRegular
    otherwise; the descriptor is closed). O_NONBLOCK stays on the descriptor: for a regular
    file it changes nothing."""
    fd = os.open(path, flags | _NONBLOCK | _CLOEXEC, mode)
    try:
        check(fd, path)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_regular(path: str | os.PathLike[str], limit: int | None = None,
                 nofollow: bool = False) -> bytes:
    """The bytes of a regular file (at most `limit`), never blocking; OSError otherwise."""
    fd = open_regular(path, os.O_RDONLY | (NOFOLLOW if nofollow else 0))
    with os.fdopen(fd, "rb") as f:
        return f.read() if limit is None else f.read(limit)
