"""What a journal record holds of the file since journal format 4 (issue 29): the lines that
changed, not the whole file twice.

A patch is a list of hunks `[at, removed, added]`, in the order of the file: `at` is the
0-based index of the first line the hunk replaces in the text before, `removed` the lines it
replaces there and `added` the lines that stand in their place in the text after (lines as
`str.splitlines(keepends=True)` gives them, so joining them gives the text back byte for
byte). The same patch reads both ways: `forward` turns the text before into the text after
(`verify`, and a state rebuilt from the last full text), `backward` the text after into the
text before (`undo`). Either checks every line it replaces and gives None when the patch does
not fit the text (a hand-made or damaged line): the caller then knows it has no such text,
never a wrong one.

`make` finds the hunks greedily: the lines both texts share, then the nearest place where
three lines agree again (looked for in a window that grows only when nothing agrees in it).
It is not a minimal diff, only a small one for what commands do (a few lines changed here
and there in a long file) at a cost close to comparing the two lists of lines.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import islice
from typing import Any

Hunk = list[Any]  # [at, removed lines, added lines]

_ANCHOR = 3  # lines that must agree for the texts to be back in step


def lines_of(text: str) -> list[str]:
    """The text's lines without their newlines (`"\\n".join` gives the text back)."""
    return text.split("\n")


def text_of(lines: list[str]) -> str:
    return "\n".join(lines)


def make(before: str, after: str) -> list[Hunk]:
    """The hunks that turn `before` into `after` ([] when they are the same)."""
    if before == after:
        return []
    a, b = lines_of(before), lines_of(after)
    hunks: list[Hunk] = []
    i = j = 0
    n, m = len(a), len(b)
    where: dict[str, list[int]] = {}
    while True:
        k = _same(a, i, b, j)
        i, j = i + k, j + k
        if i >= n and j >= m:
            return hunks
        step = _near(a, i, b, j)
        if step is None:
            if not where:
                for at, line in enumerate(b):
                    where.setdefault(line, []).append(at)
            step = _resync(a, i, b, j, where)
        di, dj = step
        hunks.append([i, a[i:i + di], b[j:j + dj]])
        i, j = i + di, j + dj


_NEAR = 24  # how far `_near` looks: di + dj at most this


def _agree(a: list[str], i: int, b: list[str], j: int) -> bool:
    """Whether `a[i:]` and `b[j:]` agree on `_ANCHOR` lines, or on all that is left of both."""
    n, m = len(a) - i, len(b) - j
    size = min(_ANCHOR, n, m)
    return a[i:i + size] == b[j:j + size] and (size == _ANCHOR or n == m == size)


def _near(a: list[str], i: int, b: list[str], j: int) -> tuple[int, int] | None:
    """`_resync` for the usual change, a few lines away: each di + dj in turn, by direct
    comparison (None: nothing agrees that near)."""
    n, m = len(a) - i, len(b) - j
    for d in range(1, min(_NEAR, n + m) + 1):
        for di in range(max(0, d - m), min(d, n) + 1):
            dj = d - di
            if (di == n and dj == m) or (di < n and dj < m and a[i + di] == b[j + dj]
                                         and _agree(a, i + di, b, j + dj)):
                return di, dj
    return None


def _same(a: list[str], i: int, b: list[str], j: int) -> int:
    """How many lines agree from `a[i]` and `b[j]` on (compared in growing slices: the
    comparison runs in C, not line by line in Python)."""
    most = min(len(a) - i, len(b) - j)
    k = 0
    while k < most and k < 16:  # most runs between two changes are short
        if a[i + k] != b[j + k]:
            return k
        k += 1
    step = 16
    while k < most:
        s = min(step, most - k)
        if a[i + k:i + k + s] == b[j + k:j + k + s]:
            k += s
            step *= 2
        elif s == 1:
            return k
        else:
            step = s // 2
    return k


def _resync(a: list[str], i: int, b: list[str], j: int, where: dict[str, list[int]]
            ) -> tuple[int, int]:
    """The nearest (di, dj), smallest di + dj, where `a[i + di:]` and `b[j + dj:]` agree on
    `_ANCHOR` lines (or both end); `where`: each line of `b` → its indexes, ascending."""
    n, m = len(a) - i, len(b) - j
    best = n + m  # both end: the rest is replaced
    found = (n, m)
    for di in range(n):
        if di >= best:
            break
        spots = where.get(a[i + di])
        if not spots:
            continue
        for at in islice(spots, bisect_left(spots, j), None):
            dj = at - j
            if di + dj >= best:
                break
            size = min(_ANCHOR, n - di, m - dj)
            if a[i + di:i + di + size] == b[at:at + size] and (
                    size == _ANCHOR or (n - di == size and m - dj == size)):
                best, found = di + dj, (di, dj)
                break
    return found


def fits(patch: object) -> bool:
    """Whether `patch` has a patch's shape (a hand-made line may hold anything)."""
    if not isinstance(patch, list):
        return False
    end = 0  # hunks in order, none inside the one before
    for h in patch:
        if not (isinstance(h, list) and len(h) == 3 and type(h[0]) is int and h[0] >= end
                and isinstance(h[1], list) and isinstance(h[2], list)
                and all(isinstance(x, str) for x in h[1])
                and all(isinstance(x, str) for x in h[2])):
            return False
        end = h[0] + len(h[1])
    return True


def forward(lines: list[str], patch: object) -> list[str] | None:
    """The text after, from the `lines` of the text before; None when the patch does not
    fit them."""
    return _apply(lines, patch, False)


def backward(lines: list[str], patch: object) -> list[str] | None:
    """The text before, from the `lines` of the text after; None when the patch does not
    fit them."""
    return _apply(lines, patch, True)


def _apply(lines: list[str], patch: object, back: bool) -> list[str] | None:
    if not fits(patch):
        return None
    assert isinstance(patch, list)
    out: list[str] = []
    done = shift = 0  # lines of `lines` already in `out`
    for at, removed, added in patch:
        old, new = (added, removed) if back else (removed, added)
        start = at + shift if back else at
        if start < done or start > len(lines) or lines[start:start + len(old)] != old:
            return None
        out += lines[done:start]
        out += new
        done = start + len(old)
        shift += len(added) - len(removed)
    out += lines[done:]
    return out


def reverse(patch: list[Hunk]) -> list[Hunk]:
    """The patch that undoes `patch` (from its text after to its text before)."""
    out, shift = [], 0
    for at, removed, added in patch:
        out.append([at + shift, added, removed])
        shift += len(added) - len(removed)
    return out
