"""R-LOG-8: the chain mark that ends every post following a journal record. The journal is the
GM's file and can be rewritten; what was posted cannot, so each post carries the first digits
of its record's after-hash and a player checks the thread against the journal
(`verify --posts`, pbwcombat/thread.py). Small and import-free: every post imports it."""

from __future__ import annotations

MARK = "\u26d3"  # ⛓
MARK_DIGITS = 12


def short_mark(after_sha: str) -> str:
    """R-LOG-8: a record's short chain mark, the first 12 hex digits of its after-hash."""
    return after_sha[:MARK_DIGITS]


def mark_line(after_sha: str, fmt: str) -> str:
    """R-LOG-8: the last line of a post that follows a journal record, `⛓ 3f9a2c1d04be`:
    in Markdown a code span (nothing in it is ever emphasis or a link), elsewhere plain text
    (BBCode has no inline code, and 12 hex digits are no link in any renderer)."""
    text = f"{MARK} {short_mark(after_sha)}"
    return f"`{text}`" if fmt in ("markdown", "discord") else text


def with_mark(post: str, after_sha: str | None, fmt: str) -> str:
    """`post` (a text post, not JSON) ending with its record's chain mark as its own
    paragraph; unchanged without a record (`after_sha` None: a dry run, a read-only
    command)."""
    if not after_sha or not post:
        return post
    return post.rstrip("\n") + "\n\n" + mark_line(after_sha, fmt) + "\n"
