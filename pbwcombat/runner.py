"""One command, end to end: lock → load → checks (--key, --if-version) → apply → save → post.

The CLI calls these with plain values; this is where the file-safety promises live.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from pbwcombat import events as ev
from pbwcombat import store
from pbwcombat.actions import Action, to_argv
from pbwcombat.dice import ALGORITHM, DiceSource, generator_key
from pbwcombat.document import dumps, from_document
from pbwcombat.errors import Conflict, Refused, UsageError
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


class Outcome(NamedTuple):
    text: str
    warnings: list[str] = []


def now_utc() -> str:
    """`PBWCOMBAT_NOW` (tests, replays) or the clock, as ISO 8601 UTC."""
    fixed = os.environ.get("PBWCOMBAT_NOW")
    if fixed:
        try:
            moment = datetime.fromisoformat(fixed.replace("Z", "+00:00"))
        except ValueError:
            raise UsageError(f"PBWCOMBAT_NOW: {fixed!r} is not an ISO 8601 time") from None
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        return moment.astimezone(UTC).isoformat()
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def idle_due(enc: Encounter, now: str, duration: str) -> bool:
    """`--if-idle`: the current turn has waited at least `duration`."""
    from pbwcombat.clock import idle_seconds
    from pbwcombat.model import parse_duration

    try:
        seconds = parse_duration(duration)
    except ValueError as e:
        raise UsageError(f"--if-idle: {e}") from None
    return idle_seconds(enc, now) >= seconds


def load(path: Path) -> tuple[bytes, Encounter]:
    raw = store.read_bytes(path)
    return raw, from_document(store.parse_document(raw))


def with_generator(enc: Encounter) -> Encounter:
    """R-DIC-2: a fresh secret seed for a file that has none."""
    if enc.dice is not None:
        return enc
    return enc.replace(dice=DiceState.new(seed=os.urandom(32).hex()))


def dice_source(enc: Encounter, supplied: tuple[int, ...]) -> DiceSource:
    assert enc.dice is not None
    key = generator_key(bytes.fromhex(enc.dice.seed), enc.dice.salt)
    return DiceSource(key, enc.dice.n, list(supplied))


def action_digest(command: str, action: Action, opts: Options) -> str:
    """What `--key` compares: the action's command line (`to_argv`, not its Python repr, so
    renaming a field keeps stored keys) and what changes its outcome (not format or lang)."""
    text = json.dumps([command, list(to_argv(action)), list(opts.supplied), opts.force,
                       opts.if_version, opts.if_idle])
    return hashlib.sha256(text.encode()).hexdigest()


def same_arguments(record: dict[str, Any], command: str, action: Action, opts: Options) -> bool:
    """Whether a journal record's digest is this command's: by its command line, or as 0.1
    wrote it (by repr) so keys stored by 0.1 are still honoured."""
    legacy = json.dumps([command, repr(action), list(opts.supplied), opts.force,
                         opts.if_version, opts.if_idle])
    return record.get("digest") in (action_digest(command, action, opts),
                                    hashlib.sha256(legacy.encode()).hexdigest())


def _find_key(path: Path, key: str) -> dict[str, Any] | None:
    for record in store.Journal(store.journal_path(path)).records():
        if record.get("key") == key:
            return record
    return None


def render(enc: Encounter, events: list[ev.Event], opts: Options,
           unused: tuple[int, ...] = (), record: dict[str, Any] | None = None) -> str:
    """The post; from a journal `record`, exactly the first post of that command."""
    from pbwcombat.render.parts import deliver
    from pbwcombat.render.post import render as render_post

    facts = record.get("header") if record else None
    version = record.get("version") if record else None
    fmt = opts.fmt or enc.format
    return deliver(render_post(enc, events, fmt, opts.lang or enc.lang, opts.gm, unused,
                               facts, version), fmt, opts.max_length)


def run_action(path: Path, command: str, action: Action, opts: Options) -> Outcome:
    """Apply `action` to the file at `path` and return its post; the file changes only here."""
    with store.locked(path):
        raw, enc = load(path)
        digest = action_digest(command, action, opts)
        if opts.key:
            earlier = _find_key(path, opts.key)
            if earlier is not None:
                if not same_arguments(earlier, command, action, opts):
                    raise Conflict(f'--key "{opts.key}" was used for other arguments '
                                   f'({earlier.get("command")})')
                events = [ev.from_dict(e) for e in earlier.get("events", [])]
                return Outcome(render(enc, events, opts, record=earlier))
        if opts.if_version is not None and opts.if_version != enc.state.version:
            raise Conflict(f"--if-version {opts.if_version}: the file is at version "
                           f"{enc.state.version}")
        now = now_utc()
        if opts.if_idle is not None and not idle_due(enc, now, opts.if_idle):
            return Outcome("")  # not due yet: nothing to do, nothing printed
        enc = with_generator(enc)
        source = dice_source(enc, opts.supplied)
        from pbwcombat.dispatch import apply_action  # the rules: only when acting

        res = apply_action(enc, action, source, now, opts.force)
        assert res.enc.dice is not None
        after = res.enc.replace(dice=res.enc.dice.replace(n=source.n),
                                state=res.enc.state.replace(version=enc.state.version + 1))
        unused = tuple(source.supplied)
        warnings = []
        if unused:
            warnings.append("unused --dice faces: " + ",".join(map(str, unused)) + " (R-DIC-3)")
        text = render(after, res.events, opts, unused)
        if not opts.dry_run:
            from pbwcombat.render.post import header_facts

            record = {
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
            }
            store.commit(path, raw, dumps(after), record)
        return Outcome(text, warnings)


# -- undo and the log ----------------------------------------------------------------------


def undo(path: Path, force: bool, if_version: int | None = None, dry_run: bool = False
         ) -> tuple[dict[str, Any], bytes]:
    """Restore the exact bytes before the last command (repeatable); Refused (exit 3) when
    there is nothing to undo or the file was edited by hand since (unless `force`);
    Conflict (exit 4) when `if_version` is not the file's version."""
    with store.locked(path):
        raw = store.read_bytes(path)
        journal = store.Journal(store.journal_path(path))
        tail = journal.committed_tail(raw)
        if tail is not None and not tail[1]:  # never committed: the one before it counts
            tail = journal.last(end=tail[0])
            if tail is not None and tail[1].get("after_sha") != store.sha256(raw):
                tail = None
        if tail is None:
            last = journal.last()
            if last is None or not last[1] or last[1].get("before_sha") == store.sha256(raw):
                raise Refused("nothing to undo")
            if not force:
                raise Refused("the file was edited by hand since the last command; "
                              "undo --force discards those edits")
            tail = last
        offset, record = tail
        if not record:
            raise Refused("nothing to undo")
        if if_version is not None:
            version = load(path)[1].state.version
            if version != if_version:
                raise Conflict(f"--if-version {if_version}: the file is at version {version}")
        before = record["before"].encode("utf-8")
        if not dry_run:
            store.restore(path, offset, before)  # drops the record, and anything after it
        return record, before


def committed_records(path: Path, raw: bytes) -> Iterator[dict[str, Any]]:
    """Journal records that led to the current file: a last record that never reached the
    file (a crash between append and replace) is left out, as is a half-written line."""
    records = list(store.Journal(store.journal_path(path)).records())
    digest = store.sha256(raw)
    if records and records[-1].get("after_sha") != digest \
            and records[-1].get("before_sha") == digest:
        records.pop()
    yield from records


def check_valid(path: Path) -> Encounter:
    """`validate`: raises InvalidEncounter / EncounterMissing, else the encounter."""
    return load(path)[1]
