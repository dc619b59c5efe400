"""What the read-only commands print (show, log, map, verify, dice reveal, odds, the undo post)
and what the CLI says on stderr, assembled from the render layer here, in the service layer:
the command line parses and prints, and imports no renderer (issue 21).

Every function that prints returns the text as it goes to stdout: a post split into parts of
at most `max_length` characters when asked (R-OUT-8, `render.parts.deliver`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pbwcombat.errors import Message, PbwError, Refused


def deliver(text: str, fmt: str, max_length: int | None) -> str:
    from pbwcombat.render.parts import deliver as split

    return split(text, fmt, max_length)


def show(path: Path, fmt: str | None, lang: str | None, gm: bool, with_map: bool,
         max_length: int | None) -> str:
    """The status post (`show`), the text map after it with `--map`."""
    from pbwcombat.render.post import status_post
    from pbwcombat.service import load

    _, enc = load(path)
    fmt = fmt or enc.format
    map_text = ""
    if with_map:
        from pbwcombat.render.gridmap import text_map

        map_text = text_map(enc, "plain" if fmt == "json" else fmt, lang or enc.lang)
    from pbwcombat.service import now_utc

    return deliver(status_post(enc, fmt, lang or enc.lang, gm, map_text, now_utc()), fmt,
                   max_length)


def log(path: Path, last: int | None, fmt: str | None, lang: str | None, gm: bool,
        max_length: int | None, round_no: int | None = None) -> str:
    """The action log as a post (`log`, `--last N` commands, `--round N`)."""
    from pbwcombat.journal_book import recent
    from pbwcombat.render.log import in_round, log_post
    from pbwcombat.render.trust import Reuse, die_reuses
    from pbwcombat.service import committed_records, load
    from pbwcombat.store import real

    raw, enc = load(path)
    fast = recent(real(path), raw, last) if last is not None and round_no is None else None
    if fast is not None:  # the last records and the reuses, from the end and the index
        records, pairs = fast
        reuses = [Reuse(*pair) for pair in pairs]
    else:
        every = list(committed_records(path, raw))
        records = [r for r in every if r.get("type", "command") != "undo"]
        if round_no is not None:  # issue 25: one round's commands
            records = in_round(records, round_no)
        if last is not None:
            records = records[-last:]
        reuses = die_reuses(every)
    fmt = fmt or enc.format
    return deliver(log_post(enc, records, fmt, lang or enc.lang, gm, reuses), fmt, max_length)


def undo(path: Path, force: bool, if_version: int | None, dry_run: bool, key: str | None,
         fmt: str | None, lang: str | None, gm: bool, max_length: int | None) -> str:
    """`undo` (R-LOG-1) and its post."""
    from pbwcombat.render.log import undo_format, undo_post
    from pbwcombat.service import undo as undo_last

    record, before = undo_last(path, force, if_version, dry_run, key)
    post = undo_post(record, before, fmt, lang, dry_run, gm)
    if max_length is None and fmt != "discord":
        return post
    return deliver(post, undo_format(before, fmt), max_length)  # R-OUT-8


def grid(path: Path, png: Path | None, fmt: str | None, lang: str | None,
         max_length: int | None) -> str:
    """`map`: the grid as text, and with `png` a picture written next to it."""
    from pbwcombat.render.gridmap import text_map
    from pbwcombat.service import load

    if png is not None and not png.name:  # `--png ""` (or a folder): usage, exit 2
        from pbwcombat.errors import UsageError

        raise UsageError("png_needs_file_name")
    _, enc = load(path)
    fmt = fmt or enc.format
    text = text_map(enc, "plain" if fmt == "json" else fmt, lang or enc.lang) + "\n"
    if png is not None:
        from pbwcombat.render.picture import draw_png
        from pbwcombat.store import atomic_write, check_output

        check_output(png, path)
        draw_png(enc, png, lambda out, data: atomic_write(out, data), lang or enc.lang)
    if fmt == "json":
        text = json.dumps({"version": enc.state.version, "events": [], "text": text,
                           "png": str(png) if png else None}, ensure_ascii=False) + "\n"
    return deliver(text, fmt, max_length)


def verify(path: Path, seed: str | None, posts: Path | None, fmt: str | None,
           lang: str | None, max_length: int | None) -> tuple[str, Refused | None]:
    """`verify` (R-LOG-3; with `posts`, the saved thread too, R-LOG-8): the report, and the
    refusal (exit 3) to raise once it is printed when a check failed."""
    from pbwcombat.service import load
    from pbwcombat.verify import seed_to_check, verify_file, verify_post

    thread = None
    if posts is not None:
        from pbwcombat.thread import read_thread

        thread = read_thread(posts)
    raw, enc = load(path)
    report = verify_file(path, raw, seed_to_check(path, enc, seed), thread)
    text = deliver(verify_post(report, enc, fmt, lang), fmt or "plain", max_length)
    return text, None if report.ok else report.refusal()


def reveal(path: Path, force: bool, fmt: str | None, lang: str | None,
           max_length: int | None) -> str:
    """`dice reveal`: the seed, once the combat has ended or with --force (R-DIC-2)."""
    from pbwcombat.rules.rolls import revealable_seed
    from pbwcombat.service import load
    from pbwcombat.verify import reveal_post

    enc = load(path)[1]
    return deliver(reveal_post(revealable_seed(enc, force), enc.state.version, fmt,
                               lang or enc.lang, enc.name), fmt or "plain", max_length)


def odds(path: Path, runs: int, seed_hex: str, max_rounds: int, jobs: int | None,
         fmt: str | None, lang: str | None, gm: bool, max_length: int | None,
         warn: Callable[[Message], None] | None = None) -> str:
    """`odds` (R-SIM): the fight played `runs` times from its current state."""
    from pbwcombat.render.odds import odds_post
    from pbwcombat.service import load
    from pbwcombat.sim.odds import Progress, default_jobs
    from pbwcombat.sim.odds import odds as play

    _, enc = load(path)
    report = play(enc, seed_hex, runs, max_rounds, jobs or default_jobs(), Progress(runs),
                  warn)
    fmt = fmt or enc.format
    shape = "markdown" if fmt == "discord" else fmt
    return deliver(odds_post(enc, report, shape, lang or enc.lang, gm), fmt, max_length)


# -- what the CLI says on stderr (R-OUT-5) ------------------------------------------------------


def said(err: PbwError, lang: str, genders: Mapping[str, str]) -> str:
    """An error for stderr in `lang`, a refusal's rule id first."""
    from pbwcombat.render.messages import said as say_error

    return say_error(err, lang, genders, post=False)


def say(message: Message, lang: str, genders: Mapping[str, str]) -> str:
    from pbwcombat.render.messages import text

    return text(message, lang, genders)


def english(message: Message) -> str:
    from pbwcombat.render.catalog import english as in_english

    return in_english(message.key, message.fields)


def problems(found: list[str], lang: str, genders: Mapping[str, str]) -> list[str]:
    """The file's `path: message` problems with the message in `lang` (the path as written)."""
    from pbwcombat.render.foreign import problem

    return [problem(p, lang, genders) for p in found]


def texts(lang: str) -> Mapping[str, Any]:
    """The catalogue of `lang` (click's usage labels around its own message)."""
    from pbwcombat.render.catalog import CATALOGUES

    return CATALOGUES[lang]


def min_length() -> int:
    """The shortest part a post can be split into (`--max-length`, R-OUT-8)."""
    from pbwcombat.render.parts import MIN_LENGTH

    return MIN_LENGTH
