"""`verify` (R-LOG-3): the hash chain, completeness, the current bytes, every generator roll
recomputed (undone ones included), the commitment and the salt; names the first record that
fails. Die numbers rolled again after an undo are listed, not failures (R-LOG-1)."""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pbwcombat import journal, journal_texts, store
from pbwcombat.dice import generated_face, generator_key
from pbwcombat.digests import sha256_hex
from pbwcombat.errors import Message, Refused, UsageError
from pbwcombat.render.trust import Reuse, describe, die_reuses, reuse_lines, unposted_lines
from pbwcombat.thread import dice_in

if TYPE_CHECKING:
    from pbwcombat.model import DiceState, Encounter
    from pbwcombat.render.markup import Plain
    from pbwcombat.thread import Unposted


@dataclass
class Report:
    generated: int = 0
    supplied: int = 0
    undone: int = 0
    aborted: int = 0
    records: int = 0
    failures: list[str] = field(default_factory=list)  # "where: what", the first one first
    said: list[tuple[Message, Message]] = field(default_factory=list)  # the same, by key
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

    def fail(self, where: Message, what: Message | str) -> None:
        """A failure at `where`; `what` a message, or the journal reader's own words."""
        if isinstance(what, str):
            what = Message("foreign", reason=what)
        self.said.append((where, what))
        self.failures.append(f"{_english(where)}: {_english(what)}")

    def prepend(self, said: list[tuple[Message, Message]]) -> None:
        """Failures found first (the thread's, R-LOG-8) before the journal's."""
        self.said[:0] = said
        self.failures[:0] = [f"{_english(where)}: {_english(what)}" for where, what in said]

    def refusal(self) -> Refused:
        """The refusal (exit 3) after a failed report is printed: the first failure, under
        R-LOG-8 when it is a post of the thread (`verify --posts`), else R-LOG-3."""
        where, what = self.said[0]
        rule = "R-LOG-8" if where.key in ("at_post", "at_after_last_post") else "R-LOG-3"
        return Refused("verification_failed_at", rule=rule, where=where, what=what)


def _english(message: Message) -> str:
    from pbwcombat.render.catalog import english

    return english(message.key, message.fields)


def _said(where: Message, what: Message, lang: str) -> str:
    """A failure, `where: what`, in `lang` (R-OUT-5)."""
    from pbwcombat.render.messages import text

    return f"{text(where, lang)}: {text(what, lang)}"


def _shaped(text: str, fmt: str | None) -> str:
    """Report lines as a post in `fmt`: in Markdown each line keeps its break in every
    CommonMark renderer (R-OUT-6); other formats show the lines as they are."""
    if fmt not in ("markdown", "discord"):
        return text
    from pbwcombat.render.markup import hard_breaks

    return hard_breaks(text.rstrip("\n")) + "\n"


def commitment_of(seed_hex: str) -> str:
    return sha256_hex(bytes.fromhex(seed_hex))


def reveal_post(dice: DiceState, version: int, fmt: str | None, lang: str = "en",
                name: str = "") -> str:
    """What `dice reveal` prints (R-DIC-2), a post a GM can paste (issue 25): a header (the
    encounter, "Dice revealed"), the generator's state and its commitment as lines labelled in
    `lang` (R-OUT-5), and what players can now do with them; or SPEC's JSON shape (version,
    events, text) plus the seed's keys, which stay the same in every language for scripts."""
    from pbwcombat.render.catalog import CATALOGUES
    from pbwcombat.render.markup import Plain, markup_for

    cat = CATALOGUES[lang]
    # R-OUT-7: the salt is the players' text, cleaned and escaped like any user text in the
    # post's format (no markup, link, mass mention or bidi control); the algorithm and the
    # seed are the file's fixed forms (a literal, 64 hex digits)
    markup = markup_for(fmt or "plain") if fmt != "json" else Plain()
    salt = cat["reveal_salt"].format(value=markup.escape(dice.salt)) if dice.salt \
        else cat["reveal_salt_none"]
    lines = [cat["reveal_algorithm"].format(value=dice.algorithm),
             cat["reveal_seed"].format(value=dice.seed), salt,
             cat["reveal_commitment"].format(value=commitment_of(dice.seed))]
    verdict = cat["reveal_checkable" if dice.committed else "reveal_uncommitted"]
    text = _post(_title(name, cat["reveal_title"], markup), lines, verdict)
    if fmt != "json":
        return _shaped(text, fmt)
    return json.dumps({"version": version, "events": [], "algorithm": dice.algorithm,
                       "seed": dice.seed, "salt": Plain().escape(dice.salt),
                       "commitment": commitment_of(dice.seed), "text": text},
                      ensure_ascii=False) + "\n"


def _title(name: str, what: str, markup: Plain) -> str:
    """A report's header, as a post's: `**Encounter** — Dice check` (the name, when the file
    has one, bold and escaped as in every post's header)."""
    return f"{markup.bold(markup.escape(name))} — {what}" if name else what


def _post(title: str, lines: list[str], verdict: str) -> str:
    """Header, a blank line, the report's labelled lines, a blank line, the verdict: blocks a
    thread reader scans (and Markdown keeps apart, R-OUT-6)."""
    return "\n".join([title, "", *lines, "", verdict]) + "\n"


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
        raise UsageError("seed_hexadecimal_digits_expected")
    return seed_hex


def verify_post(report: Report, enc: Encounter, fmt: str | None, lang: str | None = None
                ) -> str:
    """What `verify` prints: the report as plain lines in `lang` (default: the file's,
    R-OUT-5), or with `--format json` SPEC's JSON shape (version, events, text) plus the
    report's keys (`failures` in English, for scripts)."""
    from pbwcombat.render.catalog import CATALOGUES
    from pbwcombat.render.markup import Plain, markup_for

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
    out += [cat["verify_failure"].format(failure=_said(where, what, lang))
            for where, what in report.said]
    markup = markup_for(shape) if fmt != "json" else Plain()
    text = _post(_title(enc.name, cat["verify_title"], markup), out,
                 verdict(report, cat, markup))
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


def verdict(report: Report, cat: dict[str, str], markup: Plain) -> str:
    """The report in one sentence players understand (issue 25): "all 30 rolls match the
    seed; 27 faces were supplied by the GM", or that the check failed and from where on the
    history cannot be trusted. Its outcome is bold (R-OUT-1)."""
    if not report.ok:
        return markup.bold(cat["verify_verdict_failed"]) + cat["verify_verdict_failed_why"]
    n = report.generated
    rolls = cat["verify_verdict_none"] if n == 0 else \
        cat["verify_verdict_one" if n == 1 else "verify_verdict_other"].format(n=n)
    said = markup.bold(cat["verify_verdict"].format(rolls=rolls))
    m = report.supplied
    if m:
        said += cat["verify_supplied_by_gm_one" if m == 1 else "verify_supplied_by_gm_other"] \
            .format(n=m)
    return said + "."


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
        report.prepend(seen.said)
    return report


def _check_journal(report: Report, h: journal.History, raw: bytes, seed: bytes) -> None:
    """R-LOG-3's checks of the journal read as `h`, the file's bytes `raw`, with the seed."""
    for line, what in h.damaged:
        report.fail(Message("at_line", line=line), what)
    live = h.live()
    report.records = len(live)
    report.aborted = len(h.aborted)
    if not live:
        if _version_in(raw.decode("utf-8", "replace")) not in (0, None):
            report.complete = False
            report.fail(Message("at_journal"), Message("verify_history_missing"))
        return
    # completeness: the first record starts from the file as first written by hand
    first = live[0]
    assert first.record is not None
    if journal.kind(first.record) == "restart":
        report.complete = False
        report.fail(Message("at_record", seq=first.seq), Message("verify_restarted"))
    else:
        before = first.record.get("before")
        if before is None and "patch" in first.record:  # format 4 holds the start whole
            report.complete = False
            report.fail(Message("at_record", seq=first.seq), Message("verify_starts_later"))
        elif not isinstance(before, str) or store.sha256(before.encode()) != \
                first.record.get("before_sha"):
            report.fail(Message("at_record", seq=first.seq), Message("verify_before_text_hash"))
        elif (_version_in(before) or 0) > 0:
            report.complete = False
            report.fail(Message("at_record", seq=first.seq),
                        Message("verify_starts_at", version=_version_in(before)))
    counter = _counter_in(first.record.get("before", first.record.get("after", "")))
    counters: dict[int, int] = {}  # seq → the counter before it (for undo)
    prev: dict[str, Any] | None = None
    prev_seq = 0
    texts = journal_texts.Follow()
    commit_seen = False
    salt_record: int | None = None
    salt = ""
    rolled_after_commit = False
    for e in live:
        rec = e.record
        assert rec is not None
        where = Message("at_record", seq=e.seq)
        k = journal.kind(rec)
        if "seq" in rec and prev is not None and e.seq <= prev_seq:
            report.fail(where, Message("verify_seq", seq=e.seq, previous=prev_seq))
        if prev is not None and rec.get("before_sha") != prev.get("after_sha"):
            report.fail(where, Message("verify_chain", previous=prev_seq))
        for name in ("before", "after"):
            text = rec.get(name)
            if isinstance(text, str) and store.sha256(text.encode()) != rec.get(f"{name}_sha"):
                report.fail(where, Message("verify_before_text_hash" if name == "before"
                                           else "verify_after_text_hash"))
        if not texts.step(rec):
            report.fail(where, Message("verify_patch_hash"))
        if k == "undo":
            target = rec.get("undoes")
            counter = counters.get(target, counter) if type(target) is int else counter
        elif k == "edit":
            counters[e.seq] = counter
            changes = rec.get("changes") or []
            dice_keys = [c.get("key") for c in changes
                         if isinstance(c, dict) and str(c.get("key", "")).startswith("dice")]
            if dice_keys and commit_seen:
                report.fail(where, Message("verify_dice_edited",
                                           keys=", ".join(map(str, dice_keys))))
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
                report.fail(where, Message("verify_salt_unused", seq=salt_record))
            elif salt_record is None and rec_salt:
                report.fail(where, Message("verify_salt_claimed"))
            key = generator_key(seed, rec_salt)
            rolls = rec.get("rolls", [])
            if not isinstance(rolls, list):
                report.fail(where, Message("verify_rolls_not_list"))
                rolls = []
            for i, roll in enumerate(rolls):
                if not isinstance(roll, dict) or roll.get("n") is None:
                    report.supplied += 1
                    continue
                report.generated += 1
                if commit_seen:
                    rolled_after_commit = True
                if roll.get("n") != counter:
                    report.fail(where, Message("verify_roll_order", n=roll.get("n"), due=counter))
                counter = roll["n"] + 1 if type(roll.get("n")) is int else counter
                _check(report, key, roll, Message("at_record_die", seq=e.seq, n=i + 1))
            for die in dice_in(rec.get("events", [])):
                if die.get("n") is not None:
                    _check(report, key, die, Message("at_record_post", seq=e.seq))
            commits = _events(rec, "DiceCommitted")
            if commits and not commit_seen:
                commit_seen = True
                report.committed = True
                if commits[0].get("commitment") != report.commitment:
                    report.fail(where, Message("verify_seed_hash",
                                               commitment=commits[0].get("commitment")))
            salted = _events(rec, "DiceSalted")
            if salted:
                if salt_record is not None:
                    report.fail(where, Message("verify_second_salt", rule="R-LOG-5"))
                elif rolled_after_commit:
                    report.fail(where, Message("verify_late_salt", rule="R-LOG-5"))
                salt_record = e.seq
                salt = str(salted[-1].get("salt", ""))
        prev, prev_seq = rec, e.seq
    if prev is not None and prev.get("after_sha") != store.sha256(raw):
        report.fail(Message("at_file"), Message("verify_bytes_changed", seq=prev_seq))
    report.reuses = die_reuses({**x.record, "seq": x.seq} for x in live if x.record)


def _check(report: Report, key: bytes, die: dict[str, Any], where: Message) -> None:
    n, sides = die.get("n"), die.get("sides")
    if type(n) is not int or n < 0 or type(sides) is not int or not 1 <= sides <= 2**32:
        # a tampered die: 0 sides divides by zero, more than 2**64 never ends the sampling
        report.fail(where, Message("verify_malformed_die", die=_short(die)))
        return
    face = generated_face(key, n, sides)
    if face != die.get("face"):
        report.fail(where, Message("verify_die_mismatch", n=die["n"], sides=die["sides"],
                                   logged=die.get("face"), recomputed=face))


def _short(value: Any) -> str:
    """A value for a failure line: at most 200 characters of it."""
    text = repr(value)
    return text if len(text) <= 200 else text[:199] + "…"
