"""`verify FILE --posts THREAD.txt` (R-LOG-8): the forum thread checked against the journal.

The journal is the GM's file and can be rewritten consistently (hashes recomputed, records
dropped, a crash faked); the thread cannot. So every post that follows a record ends with the
record's chain mark (`⛓` and 12 hex digits of its after-hash, render/chain.py) and every
generator die a post shows carries its number (`17 #42`). A player saves the thread's text,
as the forum shows it or as its BBCode / Markdown source, and this module reads back:

- the marks, in order: each one splits the thread; the text since the mark before is that
  post (with whatever else the page holds between: players' replies, `show` posts);
- in each post, the generator dice: `FACE #N` (`~~4 #4~~`, `[s]4 #4[/s]`, `(-4 #4)` for a
  die a keep/drop left out), and three lines the tool writes: an undo (`Undone: …`), a hand
  edit (`Edited by hand: …`) and a dry run's warning, in either language.

Then it checks (`check`): each mark is the next record of the chain, in the posts' order,
with nothing between two marked records that no post accounts for but records undone or
aborted (an undo of a command nobody saw, a hand edit the next post names); each die shown is
the roll of that number with that face in its post's record; and it lists every generator die
of the journal that no post shows. Pure: the text and the journal's history in, the failures
and the list out; `verify.py` reads the files and prints the report.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pbwcombat import journal
from pbwcombat.errors import Message
from pbwcombat.patterns import lazy
from pbwcombat.render.chain import MARK, MARK_DIGITS

# the mark as a forum may show it: the chain sign (maybe as an emoji, or Discord's
# `:chains:`), a code span's backtick or none, and 12 hex digits that end there
_MARK = lazy(MARK + r"\ufe0f?\s*([0-9a-fA-F]{12})(?![0-9a-fA-F])|:chains:\s*`?\s*"
             r"([0-9a-fA-F]{12})(?![0-9a-fA-F])")
# a generator die as posts show it (render/narrate.py `term`): its face, a space, `#` and
# its number; a supplied face says "supplied" instead and is not matched
_DIE = lazy(r"(?<![\w#.,])(\d{1,9}) #(\d{1,12})(?!\d)")


def _prefixes(key: str) -> tuple[str, ...]:
    """The literal start of a catalogue line in every language (`Undone: `, `Deshecho: `)."""
    from pbwcombat.render.catalog import CATALOGUES

    return tuple(cat[key].split("{")[0].strip() for cat in CATALOGUES.values())


@dataclass
class Post:
    """One post of the thread: the `number`-th chain mark, on `line`; its `text` is the
    thread since the mark before it, this mark included."""

    number: int
    line: int
    mark: str
    text: str

    @property
    def where(self) -> Message:
        return Message("at_post", number=self.number, mark=self.mark, line=self.line)

    def dice(self) -> list[tuple[int, int]]:
        """The generator dice it shows, as (number, face), in order."""
        return _dice_in_text(self.text)

    def regions(self, names: tuple[str, ...]) -> tuple[str, list[str]]:
        """The post itself (from its header: the last line that starts with the encounter's
        name, or the first part of a split post) and the blocks before it since the mark
        before (a player's reply, a `show` or `log`, a dry run, each from its own header)."""
        lines = self.text.split("\n")
        heads = [(i, _PART().search(line)) for i, line in enumerate(lines)
                 if _is_header(line, names)]
        if not heads:
            return self.text, []
        start, part = heads[-1]
        for i, m in reversed(heads):  # a split post: every part has the header, (k/n)
            if part is None or m is None or m.group(2) != part.group(2):
                break
            start = i
            if m.group(1) == "1":
                break
        cuts = [0, *[i for i, _ in heads if i < start], start]
        blocks = ["\n".join(lines[a:b]) for a, b in zip(cuts, cuts[1:], strict=False)]
        return "\n".join(lines[start:]), [b for b in blocks if b.strip()]

    def says(self, key: str) -> bool:
        """Whether the post holds a line the tool writes with catalogue `key`."""
        return any(p and p in self.text for p in _prefixes(key))


_PART = lazy(r"\((\d+)/(\d+)\)\s*$")  # R-OUT-8: a part's header ends "(2/3)"
_MARKUP = lazy(r"\[/?b\]|\*\*|\\(?=[^\w\s])")  # bold, Markdown's escapes


def _plainly(line: str) -> str:
    return _MARKUP().sub("", line).strip()


def _is_header(line: str, names: tuple[str, ...]) -> bool:
    """A post's first line, `**Ford** — Round 2 — Turn: Aldric`, in any of its forms."""
    text = _plainly(line)
    return " — " in text and any(text.startswith(name + " — ") for name in names)


def header_names(names: set[str]) -> tuple[str, ...]:
    """The encounter's names as headers show them, in every format, markup removed."""
    from pbwcombat.render.markup import markup_for

    return tuple({_plainly(markup_for(fmt).escape(name)) for name in names if name
                  for fmt in ("plain", "bbcode", "markdown")})


def read_posts(text: str) -> tuple[list[Post], str]:
    """The posts of a saved thread, in order, and the text after the last mark."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    posts: list[Post] = []
    start = 0
    for m in _MARK().finditer(text):
        mark = (m.group(1) or m.group(2)).lower()
        line = text.count("\n", 0, m.start()) + 1
        posts.append(Post(len(posts) + 1, line, mark, text[start:m.end()]))
        start = m.end()
    return posts, text[start:]


@dataclass
class Unposted:
    """A generator die the journal holds that no post shows."""

    n: int
    face: int
    record: dict[str, Any]
    undone: bool


@dataclass
class Outcome:
    posts: int = 0
    said: list[tuple[Message, Message]] = field(default_factory=list)  # the first post first
    unposted: list[Unposted] = field(default_factory=list)
    after_last: int = 0  # records after the last marked one (not yet in the thread)

    def fail(self, where: Message, what: Message) -> None:
        self.said.append((where, what))


def _dice_of(rec: dict[str, Any]) -> dict[int, int]:
    """A record's generator dice, number → face (its rolls and the dice of its events)."""
    out: dict[int, int] = {}
    rolls = rec.get("rolls", [])
    for die in [*(rolls if isinstance(rolls, list) else []), *dice_in(rec.get("events", []))]:
        if isinstance(die, dict) and type(die.get("n")) is int and type(die.get("face")) is int:
            out.setdefault(die["n"], die["face"])
    return out


def _name(rec: dict[str, Any]) -> str:
    from pbwcombat.render.trust import describe

    kind = journal.kind(rec)
    return describe(rec) if kind == "command" else kind


def check(text: str, h: journal.History) -> Outcome:
    """R-LOG-8 over the saved thread `text` and the journal's history `h` (verify.py)."""
    posts, rest = read_posts(text)
    out = Outcome(posts=len(posts))
    live = h.live()
    recs = [e.record or {} for e in live]
    seqs = [e.seq for e in live]
    marks = [str(r.get("after_sha", ""))[:MARK_DIGITS] for r in recs]
    aborted = {str(e.record.get("after_sha", ""))[:MARK_DIGITS]: e.seq for e in h.records
               if e.record is not None and e.seq in h.aborted
               and journal.kind(e.record) != "abort"}
    names = header_names({str(r["header"].get("name", "")) for r in recs
                          if isinstance(r.get("header"), dict)})
    dice = [_dice_of(r) for r in recs]
    every: set[tuple[int, int]] = {(n, f) for d in dice for n, f in d.items()}
    shown: dict[int, set[int]] = {}  # record index → die numbers its posts show
    pos = -1  # the index of the record the last post followed
    for post in posts:
        at = _place(post, pos, marks, recs, seqs, h, aborted, out)
        if at is None:
            continue
        own = _check_dice(post, names, at, recs, seqs, dice, every, out)
        shown.setdefault(at, set()).update(n for n, _ in own)
        pos = max(pos, at)
    for n, f in _dice_in_text(rest):
        if (n, f) not in every and not _dry(rest):
            out.fail(Message("at_after_last_post"), Message("verify_post_die_none", n=n, face=f))
    out.after_last = len(live) - 1 - pos if posts else len(live)
    for i, rec in enumerate(recs):
        for n, f in dice[i].items():
            if n not in shown.get(i, set()):
                out.unposted.append(Unposted(n, f, {**rec, "seq": seqs[i]}, seqs[i] in h.undone))
    return out


def _dry(text: str) -> bool:
    return any(p and p in text for p in _prefixes("dry_run_dice"))


def _dice_in_text(text: str) -> list[tuple[int, int]]:
    return [(int(m.group(2)), int(m.group(1))) for m in _DIE().finditer(text)]


def _place(post: Post, pos: int, marks: list[str], recs: list[dict[str, Any]],
           seqs: list[int], h: journal.History, aborted: dict[str, int], out: Outcome
           ) -> int | None:
    """The index of the record `post` follows, the gap before it checked; None (and a
    failure) when its mark is no record of the chain where the thread has it."""
    undo_post = post.says("undone")

    def fits(i: int) -> bool:  # an undo post follows an undo record
        return marks[i] == post.mark and (not undo_post or journal.kind(recs[i]) == "undo")

    if pos >= 0 and fits(pos):
        return pos  # the same post again (a `--key` repeat), or the thread quoting it
    ahead = next((i for i in range(pos + 1, len(marks)) if fits(i)), None)
    if ahead is not None:
        if pos >= 0:  # records before the first post: the thread may start later
            for i in range(pos + 1, ahead):
                if not _accounted(i, pos, ahead, post, recs, seqs, h):
                    out.fail(post.where, Message("verify_post_unaccounted", seq=seqs[i],
                                                 record=_name(recs[i])))
                    break
        return ahead
    earlier = next((i for i in range(pos - 1, -1, -1) if fits(i)), None)
    if earlier is not None:
        return earlier  # a post quoted later in the thread: its dice are checked too
    if undo_post and post.mark in marks:
        out.fail(post.where, Message("verify_post_undo_mark"))
    elif post.mark in aborted:
        out.fail(post.where, Message("verify_post_aborted", seq=aborted[post.mark]))
    else:
        out.fail(post.where, Message("verify_post_no_record"))
    return None


def _accounted(i: int, lo: int, ahead: int, post: Post, recs: list[dict[str, Any]],
               seqs: list[int], h: journal.History) -> bool:
    """Whether record `i`, in the gap after record `lo` (the last post's) and before
    `ahead` (the one `post` follows), may go unposted: undone; an undo of a command in the
    same gap (nobody saw either); a hand edit that `post` names (R-LOG-2: its line follows
    the header), with nothing but edits between it and `ahead`."""
    rec = recs[i]
    kind = journal.kind(rec)
    if seqs[i] in h.undone:
        return True
    if kind == "undo":
        return rec.get("undoes") in seqs[lo + 1:i]
    if kind == "edit":
        return all(journal.kind(recs[j]) == "edit" for j in range(i, ahead)) \
            and post.says("edited_by_hand")
    return False


def _check_dice(post: Post, names: tuple[str, ...], at: int, recs: list[dict[str, Any]],
                seqs: list[int], dice: list[dict[int, int]], every: set[tuple[int, int]],
                out: Outcome) -> list[tuple[int, int]]:
    """Each die the post itself shows is its record's roll of that number with that face;
    a die in a block before it (a `log`, a quote) must be some roll of the journal, and a dry
    run's dice are not the real ones (R-LOG-6). Returns the dice the post itself shows."""
    own_text, others = post.regions(names)
    own = _dice_in_text(own_text)
    rolled = dice[at]
    for n, f in own:
        if rolled.get(n) == f:
            continue
        if n in rolled:
            out.fail(post.where, Message("verify_post_die_other", n=n, face=f, seq=seqs[at],
                                         record=_name(recs[at]), rolled=rolled[n]))
        else:
            out.fail(post.where, Message("verify_post_die_not_rolled", n=n, face=f,
                                         seq=seqs[at], record=_name(recs[at])))
        return own
    for block in others:
        if _dry(block):
            continue
        for n, f in _dice_in_text(block):
            if (n, f) not in every:
                out.fail(post.where, Message("verify_post_die_none", n=n, face=f))
                return own
    return own


def read_thread(path: Path) -> str:
    """The saved thread's text (UTF-8; a byte that is not becomes U+FFFD and matches
    nothing). Only a regular file is read, opened without blocking: a FIFO or a device is
    refused at once (exit 66), as is a file that cannot be read."""
    import os
    import stat

    from pbwcombat.errors import EncounterMissing

    def refused(reason: str) -> EncounterMissing:
        return EncounterMissing("thread_cannot_be_read", path=path, reason=reason)

    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        raise refused(e.strerror or type(e).__name__) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise refused("not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read()
    except OSError as e:
        raise refused(e.strerror or type(e).__name__) from None
    finally:
        os.close(fd)
    return data.decode("utf-8", "replace")


def dice_in(value: Any) -> list[dict[str, Any]]:
    """Every die dict ({sides, face, n}) inside the events as shown in the posts."""
    if isinstance(value, dict):
        if {"sides", "face", "n"} <= value.keys():
            return [value]
        return [d for v in value.values() for d in dice_in(v)]
    if isinstance(value, list):
        return [d for v in value for d in dice_in(v)]
    return []
