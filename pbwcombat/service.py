"""The application layer: one command, end to end: lock → load → checks (--key,
--if-version) → apply → save → post.

The CLI calls these with plain values; this is where the file-safety promises live.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from pbwcombat import events as ev
from pbwcombat import journal, journal_book, store
from pbwcombat.actions import Action, DiceSalt, to_argv
from pbwcombat.dice import ALGORITHM, DiceSource, generator_key
from pbwcombat.digests import hmac_sha256, sha256_hex
from pbwcombat.document import from_document
from pbwcombat.errors import Conflict, IllegalAction, InvalidEncounter, Message, Refused, UsageError
from pbwcombat.frozen import Value
from pbwcombat.model import DiceState, Encounter


class Options(NamedTuple):
    """The options every action command takes (SPEC: options on every action command)."""

    fmt: str | None = None
    lang: str | None = None
    supplied: tuple[int, ...] = ()
    dry_run: bool = False
    force: bool = False
    key: str | None = None
    if_version: int | None = None
    gm: bool = False
    if_idle: str | None = None  # `next`/`resolve --if-idle 48h`: act only once it is due
    max_length: int | None = None  # R-OUT-8: split the post into parts


class Outcome(Value):
    text: str
    warnings: list[Message] = []


def now_utc() -> str:
    """`PBWCOMBAT_NOW` (tests, replays) or the clock, as ISO 8601 UTC."""
    fixed = os.environ.get("PBWCOMBAT_NOW")
    if fixed:
        try:
            moment = datetime.fromisoformat(fixed.replace("Z", "+00:00"))
        except ValueError:
            raise UsageError("pbwcombat_now_not_iso_time", fixed=repr(fixed)) from None
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        try:
            return moment.astimezone(UTC).isoformat()
        except OverflowError:
            raise UsageError("pbwcombat_now_beyond_calendar", fixed=repr(fixed)) from None
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def idle_due(enc: Encounter, now: str, duration: str) -> bool:
    """`--if-idle`: the current turn has waited at least `duration`."""
    from pbwcombat.clock import idle_seconds
    from pbwcombat.forms import parse_duration

    try:
        seconds = parse_duration(duration)
    except ValueError as e:
        raise UsageError("if_idle", reason=str(e)) from None
    return idle_seconds(enc, now) >= seconds


def load(path: Path) -> tuple[bytes, Encounter]:
    raw = store.read_bytes(store.real(path))
    return raw, from_document(store.parse_document(raw))


def with_generator(enc: Encounter) -> Encounter:
    """R-DIC-2: a fresh secret seed for a file that has none."""
    if enc.dice is not None:
        return enc
    return enc.replace(dice=DiceState.new(seed=os.urandom(32).hex()))


def dice_source(enc: Encounter, supplied: tuple[int, ...], dry_run: bool = False
                ) -> DiceSource:
    """The action's dice: the file's generator, or for a dry run a throwaway key (R-LOG-6),
    so that a dry run never shows the real next rolls. The throwaway key is HMAC(key,
    "dry-run"): unrelated to the real dice, yet the same for the same file, so a dry run
    repeated in another format tells the same story."""
    assert enc.dice is not None
    key = generator_key(bytes.fromhex(enc.dice.seed), enc.dice.salt)
    if dry_run:
        key = hmac_sha256(key, b"dry-run")
    return DiceSource(key, enc.dice.n, list(supplied))


def action_digest(command: str, action: Action, opts: Options) -> str:
    """What `--key` compares: the action's command line (`to_argv`, not its Python repr, so
    renaming a field keeps stored keys) and what changes its outcome (not format or lang)."""
    text = json.dumps([command, list(to_argv(action)), list(opts.supplied), opts.force,
                       opts.if_version, opts.if_idle])
    return sha256_hex(text.encode())


def same_arguments(record: dict[str, Any], command: str, action: Action, opts: Options) -> bool:
    """Whether a journal record's digest is this command's: by its command line, or as 0.1
    wrote it (by repr) so keys stored by 0.1 are still honoured."""
    legacy = json.dumps([command, repr(action), list(opts.supplied), opts.force,
                         opts.if_version, opts.if_idle])
    return record.get("digest") in (action_digest(command, action, opts),
                                    sha256_hex(legacy.encode()))


def render(enc: Encounter, events: list[ev.Event], opts: Options,
           unused: tuple[int, ...] = (), record: dict[str, Any] | None = None,
           preface: tuple[str, ...] = (), chain: str | None = None) -> str:
    """The post; from a journal `record`, exactly the first post of that command. `preface`
    lines (a hand edit, a dry run) come right after the header; `chain`, the after-hash of
    the record the post follows, ends it as its chain mark (R-LOG-8; a dry run has none)."""
    from pbwcombat.render.parts import deliver
    from pbwcombat.render.post import render as render_post

    facts = record.get("header") if record else None
    version = record.get("version") if record else None
    if record is not None and chain is None and isinstance(record.get("after_sha"), str):
        chain = record["after_sha"]  # R-LOG-8: a repeat ends with the first post's mark
    fmt = opts.fmt or enc.format
    return deliver(render_post(enc, events, fmt, opts.lang or enc.lang, opts.gm, unused,
                               facts, version, preface=preface, chain=chain), fmt,
                   opts.max_length)


def _preface(enc: Encounter, opts: Options, prelude: journal.Prelude) -> tuple[str, ...]:
    """R-LOG-2: the line naming a hand edit; R-LOG-6: the line saying a dry run's dice are not
    the real ones. In the post's format and language."""
    if prelude.edit is None and not opts.dry_run:
        return ()
    from pbwcombat.render.trust import dry_run_line, edit_line

    fmt = opts.fmt or enc.format
    lang = opts.lang or enc.lang
    lines = []
    if prelude.edit is not None:
        lines.append(edit_line(enc, prelude.edit.get("changes"), fmt, lang, opts.gm))
    if opts.dry_run:
        lines.append(dry_run_line(fmt, lang))
    return tuple(lines)


def _repeated_preface(book: journal_book.Journal, enc: Encounter, opts: Options,
                      entry: journal.Record) -> tuple[str, ...]:
    """A `--key` repeat prints the first post again, its "Edited by hand" line included: the
    edit record the same run appended right before the command's (R-LOG-2)."""
    edit = book.edit_before(entry)
    if edit is None:
        return ()
    from pbwcombat.render.trust import edit_line

    return (edit_line(enc, edit.get("changes"), opts.fmt or enc.format, opts.lang or enc.lang,
                      opts.gm),)


def encode_file(original: bytes, enc: Encounter) -> bytes:
    """The bytes to write: refused when the tool would itself refuse to load them (SPEC: exit
    2 for an argument out of bounds, 3 for a state out of bounds); BOM and CRLF as in
    `original`."""
    import tomli_w

    from pbwcombat.core_schema import ValidationError
    from pbwcombat.document import to_document
    from pbwcombat.model import validate

    doc = to_document(enc)
    try:
        checked = validate(doc)
    except ValidationError as err:
        from pbwcombat.document import problems_of

        problems = problems_of(err)
        if all(p.startswith(("dice.salt", "state.declarations")) for p in problems):
            raise UsageError("out_bounds_file_would_break", problems=tuple(problems)
                             ) from None
        raise Refused("result_would_break_file_limits", problems=tuple(problems)) from None
    from pbwcombat.references import reference_problems

    problems = reference_problems(checked)  # references too: load would refuse them (65)
    if problems:
        raise Refused("result_would_break_file_references", problems=tuple(problems))
    return store.restyle(original, tomli_w.dumps(doc).encode("utf-8"))


def run_action(path: Path, command: str, action: Action, opts: Options) -> Outcome:
    """Apply `action` to the file at `path` and return its post; the file changes only here."""
    path = store.real(path)
    with store.locked(path) as like:
        raw, enc = load(path)
        digest = action_digest(command, action, opts)
        now = now_utc()
        # the journal first: a record that never became the file (R-LOG-4) is no use of a key
        book = journal_book.Journal.open(path, raw, enc.state.version, opts.force, now)
        prelude = book.prelude
        if opts.key:
            found = book.find_key(opts.key)
            if found is not None:
                earlier = found.data
                if not same_arguments(earlier, command, action, opts):
                    raise Conflict("key_reused", key=opts.key, command=found.named)
                events = ev.from_record(earlier)
                try:
                    return Outcome(render(enc, events, opts, record=earlier,
                                          preface=_repeated_preface(book, enc, opts, found)))
                except ev.TAMPERED as e:
                    raise ev.unreadable(earlier, e) from None
        if opts.if_version is not None and opts.if_version != enc.state.version:
            raise Conflict("if_version_mismatch", if_version=opts.if_version,
                           version=enc.state.version)
        from pbwcombat.rules.pacing import due

        idle = None if opts.if_idle is None else idle_due(enc, now, opts.if_idle)
        if not due(enc, action, now, idle):
            return Outcome("")  # not due yet: nothing to do, nothing printed (R-PAC)
        if not opts.dry_run:
            store.check_writable(path, like)
        if isinstance(action, DiceSalt):
            _check_salt_time(book)
        if enc.dice is None and not prelude.empty_journal:
            seed = book.last_seed()
            if seed is not None:
                enc = enc.replace(dice=DiceState.new(seed=seed))
        enc = with_generator(enc)
        source = dice_source(enc, opts.supplied, opts.dry_run)
        from pbwcombat.dispatch import apply_action  # the rules: only when acting

        res = apply_action(enc, action, source, now, opts.force)
        if source.bad_face is not None:  # drawn by an act orders passed over (R-DIC-3)
            raise source.bad_face
        assert res.enc.dice is not None
        after = res.enc.replace(dice=res.enc.dice.replace(n=source.n),
                                state=res.enc.state.replace(version=enc.state.version + 1))
        data = encode_file(raw, after)
        unused = tuple(source.supplied)
        warnings: list[Message] = list(res.warnings)
        if unused:
            warnings.append(Message("dice_unused", faces=",".join(map(str, unused)),
                                    rule="R-DIC-3"))
        if not action.writes():  # R-PAC-3: a plain `remind` prints and writes nothing,
            unchanged = after.replace(state=after.state.replace(version=enc.state.version))
            return Outcome(render(unchanged, res.events, opts, unused), warnings)  # at its version
        text = render(after, res.events, opts, unused, preface=_preface(after, opts, prelude),
                      chain=None if opts.dry_run else store.sha256(data))
        if not opts.dry_run:
            from pbwcombat.render.post import header_facts

            record = {
                "seq": prelude.seq + 1,
                "type": "command",
                "version": after.state.version,
                "command": command,
                "time": res.now,
                "key": opts.key,
                "digest": digest,
                "rolls": [{"sides": d.sides, "face": d.face, "n": d.n} for d in source.drawn],
                "algorithm": ALGORITHM,
                "salt": enc.dice.salt if enc.dice else "",
                "events": [ev.to_dict(e) for e in res.events],
                "header": header_facts(after),
                "before_sha": store.sha256(raw),
                "after_sha": store.sha256(data),
                **book.texts(raw, journal.text_of(data)),
            }

            def lines(ino: int) -> bytes:
                return prelude.lines({**record, "ino": ino})

            book.committed(store.commit(path, data, lines, like))
        return Outcome(text, warnings)


def _check_salt_time(book: journal_book.Journal) -> None:
    """R-LOG-5: the players' salt only before the first generator roll after the commitment
    (undone rolls count: they were seen)."""
    if book.prelude.empty_journal:
        return
    rolled = False
    for rec in book.commands_back():
        events = rec.get("events", [])
        if isinstance(events, list) and any(isinstance(x, dict) and x.get("type")
                                            == "DiceCommitted" for x in events):
            if rolled:
                raise IllegalAction("R-LOG-5", "players_salt_can_set_only")
            return
        rolls = rec.get("rolls", [])
        if isinstance(rolls, list) and any(isinstance(r, dict) and r.get("n") is not None
                                           for r in rolls):
            rolled = True


# -- undo and the log ----------------------------------------------------------------------

_NOT_UNDOABLE = {"DiceCommitted", "DiceSalted"}


def undo_digest(force: bool, if_version: int | None) -> str:
    """What `undo --key` compares (SPEC `--key`): the arguments that change what it does."""
    return sha256_hex(json.dumps(["undo", force, if_version]).encode())


def undo(path: Path, force: bool, if_version: int | None = None, dry_run: bool = False,
         key: str | None = None) -> tuple[dict[str, Any], bytes]:
    """R-LOG-1: restore the exact bytes before the last command not yet undone (repeatable),
    appending an undo record; right after a hand edit, the edit is recorded and undone.
    Refused (exit 3) when there is nothing to undo, or for `dice commit`/`dice salt`;
    Conflict (exit 4) when `if_version` is not the file's version. With `key` (SPEC
    `--key`, checked first): a repeat undoes nothing more and gives back what the first undo
    undid; a key used by other arguments is a Conflict."""
    path = store.real(path)
    with store.locked(path) as like:
        raw = store.read_bytes(path)
        version = _version_of(raw)
        now = now_utc()
        try:
            # the journal first: a record that never became the file (R-LOG-4) is no use of
            # a key
            book = journal_book.Journal.open(path, raw, version, force, now)
        except Refused as e:
            if e.key == "history_missing":
                raise Refused("nothing_to_undo_no_journal", rule="R-LOG-1") from None
            raise
        prelude = book.prelude
        if key:
            found = book.find_key(key)
            if found is not None:
                if found.kind != "undo" or found.digest != undo_digest(force, if_version):
                    raise Conflict("key_reused", key=key, command=found.named)
                undone = book.record_of(found.undoes)
                text = None if undone is None else book.before_of(undone, raw)
                if undone is None or text is None:
                    raise Refused("nothing_to_undo_no_before", rule="R-LOG-1")
                return undone.data, text.encode("utf-8")
        if if_version is not None and version != if_version:
            raise Conflict("if_version_mismatch", if_version=if_version, version=version)
        found_target = book.undo_target()
        if found_target is None:
            raise Refused("nothing_to_undo", rule="R-LOG-1")
        target = found_target.data
        if found_target.event_types & _NOT_UNDOABLE:
            raise Refused("cannot_be_undone", rule="R-LOG-1", command=target.get("command"))
        before_text = book.before_of(found_target, raw)
        if before_text is None:
            raise Refused("nothing_to_undo_no_before", rule="R-LOG-1")
        before = before_text.encode("utf-8")
        if not dry_run:
            store.check_writable(path, like)
            record = {"type": "undo", "undoes": found_target.seq, "time": now,
                      "before_sha": store.sha256(raw), "after_sha": store.sha256(before),
                      **book.texts(raw, before_text)}
            if key:
                record.update(key=key, digest=undo_digest(force, if_version))

            def lines(ino: int) -> bytes:
                return prelude.lines({"seq": prelude.seq + 1, **record, "ino": ino})

            book.committed(store.commit(path, before, lines, like))
        return target, before


def _version_of(raw: bytes) -> int:
    try:
        doc = store.parse_document(raw)
    except InvalidEncounter:
        return 0
    st = doc.get("state")
    version = st.get("version", 0) if isinstance(st, dict) else 0
    return version if type(version) is int else 0


def committed_records(path: Path, raw: bytes) -> Iterator[dict[str, Any]]:
    """The journal's records for `log`, oldest first, each marked: `undone` (the seq of the
    undo record), and aborted records (a crash, a torn line) left out."""
    h = journal.history(store.real(path), raw)
    for e in h.live():
        assert e.record is not None
        rec = {**e.record, "seq": e.seq}
        if e.seq in h.undone:
            rec["undone"] = h.undone[e.seq]
        yield rec


def check_valid(path: Path) -> Encounter:
    """`validate`: raises InvalidEncounter / EncounterMissing, else the encounter."""
    return load(path)[1]
