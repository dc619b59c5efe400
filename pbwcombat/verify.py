"""`verify` (R-LOG-3): the hash chain, completeness, the current bytes, every generator roll
recomputed (undone ones included), the commitment and the salt; names the first record that
fails. Die numbers rolled again after an undo are listed, not failures (R-LOG-1)."""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pbwcombat import journal, store
from pbwcombat.dice import generated_face, generator_key
from pbwcombat.errors import UsageError
from pbwcombat.render.trust import Reuse, describe, die_reuses, reuse_lines, unposted_lines
from pbwcombat.thread import dice_in

if TYPE_CHECKING:
    from pbwcombat.model import DiceState, Encounter
    from pbwcombat.thread import Unposted


@dataclass
class Report:
    generated: int = 0
    supplied: int = 0
    undone: int = 0
    aborted: int = 0
    records: int = 0
    failures: list[str] = field(default_factory=list)  # "where: what", the first one first
    reuses: list[Reuse] = field(default_factory=list)
    commitment: str = ""
    committed: bool = False
    complete: bool = True
    posts: int | None = None  # R-LOG-8: chain marks read from the thread (None: no --posts)
    unposted: list[Unposted] = field(default_factory=list)
    after_last: int = 0  # records after the last marked post

    @property
    def ok(self) -> bool:
        return not self.failures

    def fail(self, where: str, what: str) -> None:
        self.failures.append(f"{where}: {what}")

    def refusal(self, lang: str = "en") -> str:
        """The message of the refusal (exit 3) after a failed report is printed; the failure
        in `lang` (R-OUT-5: the frame is translated on the way to stderr)."""
        rule = "R-LOG-8" if self.failures[0].startswith(("post ", "after the last post")) \
            else "R-LOG-3"
        return f"{rule}: verification failed at {_said(self.failures[0], lang)}"


def _said(failure: str, lang: str) -> str:
    """A failure, `where: what`, in `lang` (R-OUT-5): each part through the catalogue's
    message templates, English where it has none."""
    from pbwcombat.render.messages import translate

    where, _, what = failure.partition(": ")
    return f"{translate(where, lang) or where}: {translate(what, lang) or what}"


def _shaped(text: str, fmt: str | None) -> str:
    """Report lines as a post in `fmt`: in Markdown each line keeps its break in every
    CommonMark renderer (R-OUT-6); other formats show the lines as they are."""
    if fmt not in ("markdown", "discord"):
        return text
    from pbwcombat.render.markup import hard_breaks

    return hard_breaks(text.rstrip("\n")) + "\n"


def commitment_of(seed_hex: str) -> str:
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


def reveal_post(dice: DiceState, version: int, fmt: str | None, lang: str = "en") -> str:
    """What `dice reveal` prints (R-DIC-2): the generator's state and its commitment, as plain
    lines labelled in `lang` (R-OUT-5), or in SPEC's JSON shape (version, events, text) plus
    the seed's keys, which stay the same in every language for scripts."""
    from pbwcombat.render.catalog import CATALOGUES
    from pbwcombat.render.markup import Plain, markup_for

    cat = CATALOGUES[lang]
    # R-OUT-7: the salt is the players' text, cleaned and escaped like any user text in the
    # post's format (no markup, link, mass mention or bidi control); the algorithm and the
    # seed are the file's fixed forms (a literal, 64 hex digits)
    markup = markup_for(fmt or "plain") if fmt != "json" else Plain()
    text = "".join(cat[f"reveal_{key}"].format(value=value) + "\n" for key, value in (
        ("algorithm", dice.algorithm), ("seed", dice.seed),
        ("salt", markup.escape(dice.salt)), ("commitment", commitment_of(dice.seed))))
    if fmt != "json":
        return _shaped(text, fmt)
    return json.dumps({"version": version, "events": [], "algorithm": dice.algorithm,
                       "seed": dice.seed, "salt": Plain().escape(dice.salt),
                       "commitment": commitment_of(dice.seed), "text": text},
                      ensure_ascii=False) + "\n"


def _events(rec: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    events = rec.get("events", [])
    return [e for e in events if isinstance(e, dict) and e.get("type") == kind] \
        if isinstance(events, list) else []


def _version_in(text: Any) -> int | None:
    if not isinstance(text, str):
        return None
    try:
        doc = tomllib.loads(text.lstrip("\ufeff"))
    except ValueError:
        return None
    st = doc.get("state")
    v = st.get("version", 0) if isinstance(st, dict) else 0
    return v if type(v) is int else None


def _counter_in(text: Any) -> int:
    try:
        doc = tomllib.loads(str(text).lstrip("\ufeff"))
    except ValueError:
        return 0
    dice = doc.get("dice")
    n = dice.get("n", 0) if isinstance(dice, dict) else 0
    return n if type(n) is int else 0


def seed_to_check(path: Path, enc: Encounter, seed: str | None) -> str:
    """The seed to check with: `--seed` as given, else the file's, else (the file undone back
    past the command that made its seed) the journal's last; 64 hexadecimal digits or exit 2."""
    if seed is None and enc.dice is None:
        seed = journal.last_seed(store.real(path)) or "0" * 64
    seed_hex = (seed or (enc.dice.seed if enc.dice else "")).strip().lower()
    if len(seed_hex) != 64 or any(ch not in "0123456789abcdef" for ch in seed_hex):
        raise UsageError("--seed: 64 hexadecimal digits expected")
    return seed_hex


def verify_post(report: Report, enc: Encounter, fmt: str | None, lang: str | None = None
                ) -> str:
    """What `verify` prints: the report as plain lines in `lang` (default: the file's,
    R-OUT-5), or with `--format json` SPEC's JSON shape (version, events, text) plus the
    report's keys (`failures` in English, for scripts)."""
    from pbwcombat.render.catalog import CATALOGUES

    lang = lang or enc.lang
    cat = CATALOGUES[lang]
    out = [cat["verify_commitment"].format(commitment=report.commitment) if report.committed
           else cat["verify_uncommitted"],
           cat["verify_records"].format(records=report.records, undone=report.undone,
                                        aborted=report.aborted),
           cat["verify_generated"].format(count=report.generated),
           cat["verify_supplied"].format(count=report.supplied)]
    shape = "markdown" if fmt == "discord" else fmt if fmt in ("bbcode", "markdown") \
        else "plain"
    out += reuse_lines(report.reuses, shape, lang)
    if report.posts is not None:
        out.append(cat["verify_posts"].format(count=report.posts, after=report.after_last))
        out += unposted_lines(report.unposted, shape, lang)
    out += [cat["verify_failure"].format(failure=_said(failure, lang))
            for failure in report.failures]
    out.append(cat["verify_ok"] if report.ok else cat["verify_failed"])
    text = "\n".join(out) + "\n"
    if fmt != "json":
        return _shaped(text, fmt)
    return json.dumps({
        "version": enc.state.version, "events": [],
        "ok": report.ok, "records": report.records, "generated": report.generated,
        "supplied": report.supplied, "undone": report.undone, "aborted": report.aborted,
        "complete": report.complete, "committed": report.committed,
        "commitment": report.commitment, "failures": report.failures,
        "first_failure": report.failures[0] if report.failures else None,
        "reuses": [{"n": r.n, "first": describe(r.first), "first_face": r.first_face,
                    "then": describe(r.then), "then_face": r.then_face}
                   for r in report.reuses],
        **({} if report.posts is None else {
            "posts": report.posts, "after_last_post": report.after_last,
            "unposted": [{"n": u.n, "face": u.face, "command": describe(u.record),
                          "seq": u.record.get("seq"), "undone": u.undone}
                         for u in report.unposted]}),
        "text": text}, ensure_ascii=False) + "\n"


def verify_file(path: Path, raw: bytes, seed_hex: str, thread: str | None = None) -> Report:
    """R-LOG-3 over the encounter at `path` (its current bytes `raw`) with the seed; with
    the saved `thread`'s text, R-LOG-8 too, whose failures come first (the thread is the
    evidence a player holds: the first post that disagrees is named)."""
    path = store.real(path)
    report = Report(commitment=commitment_of(seed_hex))
    h = journal.history(path, raw)
    _check_journal(report, h, raw, bytes.fromhex(seed_hex))
    if thread is not None:
        from pbwcombat.thread import check

        seen = check(thread, h)
        report.posts = seen.posts
        report.unposted = seen.unposted
        report.after_last = seen.after_last
        report.failures[:0] = seen.failures
    return report


def _check_journal(report: Report, h: journal.History, raw: bytes, seed: bytes) -> None:
    """R-LOG-3's checks of the journal read as `h`, the file's bytes `raw`, with the seed."""
    for line, what in h.damaged:
        report.fail(f"line {line}", what)
    live = h.live()
    report.records = len(live)
    report.aborted = len(h.aborted)
    if not live:
        if _version_in(raw.decode("utf-8", "replace")) not in (0, None):
            report.complete = False
            report.fail("journal", "missing: the file has changed but its history is not "
                                   "there (incomplete)")
        return
    # completeness: the first record starts from the file as first written by hand
    first = live[0]
    assert first.record is not None
    if journal.kind(first.record) == "restart":
        report.complete = False
        report.fail(f"record {first.seq}", "the journal was restarted here: the history "
                                           "before it is missing (incomplete)")
    else:
        before = first.record.get("before")
        if not isinstance(before, str) or store.sha256(before.encode()) != \
                first.record.get("before_sha"):
            report.fail(f"record {first.seq}", "its before-text does not match its hash")
        elif (_version_in(before) or 0) > 0:
            report.complete = False
            report.fail(f"record {first.seq}", f"the journal starts at version "
                        f"{_version_in(before)}: the history before it is missing "
                        "(incomplete)")
    counter = _counter_in(first.record.get("before", first.record.get("after", "")))
    counters: dict[int, int] = {}  # seq → the counter before it (for undo)
    prev: dict[str, Any] | None = None
    prev_seq = 0
    commit_seen = False
    salt_record: int | None = None
    salt = ""
    rolled_after_commit = False
    for e in live:
        rec = e.record
        assert rec is not None
        where = f"record {e.seq}"
        k = journal.kind(rec)
        if "seq" in rec and prev is not None and e.seq <= prev_seq:
            report.fail(where, f"seq {e.seq} after seq {prev_seq} (sequence numbers are "
                               "never reused)")
        if prev is not None and rec.get("before_sha") != prev.get("after_sha"):
            report.fail(where, f"its before-hash is not the after-hash of record {prev_seq} "
                               "(a record is missing or was changed)")
        for name in ("before", "after"):
            text = rec.get(name)
            if isinstance(text, str) and store.sha256(text.encode()) != rec.get(f"{name}_sha"):
                report.fail(where, f"its {name}-text does not match its hash")
        if k == "undo":
            target = rec.get("undoes")
            counter = counters.get(target, counter) if type(target) is int else counter
        elif k == "edit":
            counters[e.seq] = counter
            changes = rec.get("changes") or []
            dice_keys = [c.get("key") for c in changes
                         if isinstance(c, dict) and str(c.get("key", "")).startswith("dice")]
            if dice_keys and commit_seen:
                report.fail(where, "[dice] edited by hand after the commitment ("
                            + ", ".join(map(str, dice_keys)) + ")")
            for c in changes:
                if isinstance(c, dict) and c.get("key") == "dice.n" and type(c.get("new")) is int:
                    counter = c["new"]
        elif k == "restart":
            counter = _counter_in(rec.get("after", ""))
        elif k == "command":
            counters[e.seq] = counter
            if e.seq in h.undone:
                report.undone += 1
            rec_salt = str(rec.get("salt", ""))
            if salt_record is not None and rec_salt != salt:
                report.fail(where, "its rolls do not use the players' salt set by record "
                                   f"{salt_record}")
            elif salt_record is None and rec_salt:
                report.fail(where, "it claims a salt no salt record set")
            key = generator_key(seed, rec_salt)
            rolls = rec.get("rolls", [])
            if not isinstance(rolls, list):
                report.fail(where, "its rolls are not a list")
                rolls = []
            for i, roll in enumerate(rolls):
                if not isinstance(roll, dict) or roll.get("n") is None:
                    report.supplied += 1
                    continue
                report.generated += 1
                if commit_seen:
                    rolled_after_commit = True
                if roll.get("n") != counter:
                    report.fail(where, f"roll #{roll.get('n')} where #{counter} was due (a "
                                       "roll kept out of the journal?)")
                counter = roll["n"] + 1 if type(roll.get("n")) is int else counter
                _check(report, key, roll, f"{where}, die {i + 1}")
            for die in dice_in(rec.get("events", [])):
                if die.get("n") is not None:
                    _check(report, key, die, f"{where}, post")
            commits = _events(rec, "DiceCommitted")
            if commits and not commit_seen:
                commit_seen = True
                report.committed = True
                if commits[0].get("commitment") != report.commitment:
                    report.fail(where, "the seed does not hash to the commitment "
                                       f"{commits[0].get('commitment')}")
            salted = _events(rec, "DiceSalted")
            if salted:
                if salt_record is not None:
                    report.fail(where, "a second salt (R-LOG-5: once only)")
                elif rolled_after_commit:
                    report.fail(where, "the salt came after generator rolls following the "
                                       "commitment (R-LOG-5)")
                salt_record = e.seq
                salt = str(salted[-1].get("salt", ""))
        prev, prev_seq = rec, e.seq
    if prev is not None and prev.get("after_sha") != store.sha256(raw):
        report.fail("file", f"its bytes are not the state recorded last (record {prev_seq}): "
                            "changed since, by hand or by an older copy")
    report.reuses = die_reuses({**x.record, "seq": x.seq} for x in live if x.record)


def _check(report: Report, key: bytes, die: dict[str, Any], where: str) -> None:
    n, sides = die.get("n"), die.get("sides")
    if type(n) is not int or n < 0 or type(sides) is not int or not 1 <= sides <= 2**32:
        # a tampered die: 0 sides divides by zero, more than 2**64 never ends the sampling
        report.fail(where, f"malformed die {_short(die)}")
        return
    face = generated_face(key, n, sides)
    if face != die.get("face"):
        report.fail(where, f"#{die['n']}, d{die['sides']}: logged {die.get('face')}, "
                           f"recomputed {face}")


def _short(value: Any) -> str:
    """A value for a failure line: at most 200 characters of it."""
    text = repr(value)
    return text if len(text) <= 200 else text[:199] + "…"
