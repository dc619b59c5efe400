"""The process boundary: main, exit codes (SPEC), the stdout guard (exit 74), Ctrl-C (exit
130), and every error said on stderr in the reader's language (R-OUT-5)."""

import contextlib
import json
import os
import sys
from typing import Any

from pbwcombat import (
    _interrupted_early,
    actions,  # noqa: F401 — orders_text reads an order's acts with it (R-ORD-4), any command
    importing,
)
from pbwcombat.cleaning import clean
from pbwcombat.cli import commands  # noqa: F401 — it registers the setup and read-only ones
from pbwcombat.cli.options import _COMMANDS, put_in_order, route
from pbwcombat.cli.shell import click_command, register
from pbwcombat.cli.speech import _Json, _reader, say
from pbwcombat.errors import Message, PbwError, UsageError

put_in_order()


def _fail(err: PbwError) -> None:
    from pbwcombat import reports
    from pbwcombat.errors import InvalidEncounter

    if isinstance(err, InvalidEncounter):
        problems = _say_problems(err.problems)
        message = "\n".join(problems)
    else:
        lang, genders = _reader()
        message = reports.said(err, lang, genders)
    if _Json.on:
        payload = {"error": {"code": err.exit_code, "rule": err.rule, "message": message}}
        sys.stderr.write(clean(json.dumps(payload, ensure_ascii=False)) + "\n")
    elif isinstance(err, InvalidEncounter):  # SPEC: one `path: message` line per problem
        sys.stderr.write(clean(message) + "\n")
    else:
        sys.stderr.write(f"pbwcombat: {message}\n")
    raise SystemExit(err.exit_code)


def _say_problems(problems: list[str]) -> list[str]:
    """R-OUT-5: the file's `path: message` problems with the message in the reader's
    language (the path as written); a message the catalogue does not know stays English."""
    from pbwcombat import reports

    lang, genders = _reader()
    return reports.problems(problems, lang, genders)


# -- entry point ------------------------------------------------------------------------------


class _Interrupted(BaseException):
    """Ctrl-C, raised by our own SIGINT handler (click would turn a KeyboardInterrupt into a
    blank line and "Aborted!")."""


class _Unprinted(Exception):
    """stdout refused the post: a broken pipe, a closed stdout, an encoding it cannot show."""

    def __init__(self, reason: Message | str) -> None:
        super().__init__(reason)
        self.reason = reason  # a Message, or the system's words (said through render.foreign)


class _Stdout:
    """sys.stdout during a command: any failure to print becomes `_Unprinted` (exit 74)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def _guard(self, name: str, *args: Any) -> Any:
        if self.inner is None:
            raise _Unprinted(Message("stdout_closed"))
        try:
            try:
                return getattr(self.inner, name)(*args)
            except UnicodeEncodeError as e:
                if name != "write":
                    raise
                return self.inner.write(_shown(args[0], e.encoding))
        except UnicodeEncodeError as e:
            raise _Unprinted(Message("terminal_encoding", encoding=e.encoding)) from None
        except BrokenPipeError:
            raise _Unprinted(Message("broken_pipe")) from None
        except (OSError, ValueError) as e:
            raise _Unprinted(str(e) or type(e).__name__) from None

    def write(self, text: str) -> Any:
        return self._guard("write", text)

    def flush(self) -> Any:
        return self._guard("flush")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _shown(text: str, encoding: str) -> str:
    """What a terminal in `encoding` (Latin-1, ASCII) can show of a post: JSON with every
    character beyond ASCII escaped (as `ensure_ascii` writes it: the same JSON for any
    reader), any other post with the terminal's replacement mark for what it cannot show
    (printed, never exit 74 for it)."""
    import codecs

    if text.lstrip()[:1] in ("{", "["):
        try:
            json.loads(text)
        except ValueError:
            pass
        else:  # beyond ASCII, a character is only ever inside a JSON string
            return "".join(ch if ch < "\x80" else _json_escape(ch) for ch in text)
    return codecs.encode(text, encoding, "replace").decode(encoding)


def _json_escape(ch: str) -> str:
    code = ord(ch)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000  # a UTF-16 surrogate pair, as JSON spells characters beyond the BMP
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


class _Sigint:
    """Whether Ctrl-C arrived: a library may wrap our `_Interrupted` in an error of its own
    (pydantic-core building a schema reports it as a SchemaError), which must still exit
    130, not as an internal error."""

    seen = False
    command = False  # the installed command (`main()` without arguments), not a library call


def _on_sigint(signum: int, frame: Any) -> None:
    _Sigint.seen = True
    if _Sigint.command and importing(frame):  # a lazy import; nothing is being written
        _interrupted_early(signum, frame)  # (`uninterrupted` blocks Ctrl-C while it is)
    raise _Interrupted()


def _on_unraisable(u: Any) -> None:
    """A Ctrl-C that lands where Python can only ignore an exception (a finaliser, a cache's
    callback) would print "Exception ignored in" with a traceback and be lost: the installed
    command leaves at once instead, with its one line, as inside an import (nothing is being
    written: `uninterrupted` blocks Ctrl-C while something is)."""
    if isinstance(u.exc_value, _Interrupted) and _Sigint.command:
        from pbwcombat import _spanish

        with contextlib.suppress(Exception):
            sys.stderr.write("pbwcombat: interrumpido (Ctrl-C)\n" if _spanish(sys.argv[1:])
                             else "pbwcombat: interrupted (Ctrl-C)\n")
            sys.stderr.flush()
        os._exit(130)
    sys.__unraisablehook__(u)


def _text_arg(arg: str) -> str:
    """An argument as text. Bytes that are not UTF-8 (typed on a Latin-1 terminal, from a
    Latin-1 script) reach Python as lone surrogates, which no file, journal or post can hold:
    each such byte is read as the Latin-1 character it is (byte 0xE9: U+00E9). A path that
    exists under its bytes is left as it is (a file may have any bytes in its name)."""
    if not any("\ud800" <= ch <= "\udfff" for ch in arg):
        return arg
    flag, eq, value = arg.partition("=") if arg.startswith("--") else ("", "", arg)
    try:
        if os.path.lexists(value):
            return arg
    except (OSError, ValueError):
        pass
    fixed = "".join(chr(ord(ch) - 0xDC00) if "\udc80" <= ch <= "\udcff"
                    else "\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in value)
    return f"{flag}{eq}{fixed}"


def main(argv: list[str] | None = None) -> None:
    """Console entry point: one error boundary mapping exceptions to SPEC exit codes."""
    import signal

    args = [_text_arg(a) for a in (sys.argv[1:] if argv is None else argv)]
    # Known before parsing, so that even a command-line error comes out as JSON.
    _Json.on = "--format=json" in args or any(
        a == "--format" and b == "json" for a, b in zip(args, args[1:], strict=False))
    _Json.debug = "--debug" in args
    _Json.args = args
    instruction = os.environ.get("_PBWCOMBAT_COMPLETE")
    if instruction:
        from pbwcombat.cli.shell import shell_complete

        raise SystemExit(shell_complete(instruction))
    previous = None
    real_stdout = sys.stdout
    _Sigint.command = argv is None
    if _Sigint.command:
        sys.unraisablehook = _on_unraisable
    try:
        try:
            if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:  # a background job
                previous = signal.signal(signal.SIGINT, _on_sigint)    # stays so
        except ValueError:  # not the main thread
            pass
        sys.stdout = _Stdout(real_stdout)
        _main(args)
        sys.stdout.flush()
    except _Interrupted:
        _no_more_sigint(argv)
        _exit_with(Message("interrupted"), 130)
    except _Unprinted as e:
        _no_more_sigint(argv)
        _silence(real_stdout)
        if _writes(args):
            _exit_with(Message("post_unprinted", reason=e.reason), 74)
        _exit_with(Message("output_unprinted", reason=e.reason), 74)
    finally:
        sys.stdout = real_stdout
        if previous is not None:
            # the installed command is done: a Ctrl-C while the interpreter shuts down
            # must not kill it with a signal after its work (SPEC: exit 130 or the result)
            signal.signal(signal.SIGINT, signal.SIG_IGN if argv is None else previous)


def _no_more_sigint(argv: list[str] | None) -> None:
    """The installed command is on its way out with one line: a second Ctrl-C meanwhile must
    not interrupt that line into a traceback."""
    import signal

    if argv is None:
        with contextlib.suppress(ValueError, OSError):
            signal.signal(signal.SIGINT, signal.SIG_IGN)


_READ_ONLY = ("validate", "show", "log", "map", "verify", "odds")


def _writes(args: list[str]) -> bool:
    """Exit 74's wording: whether the command line is one that writes the file (its action
    stays applied) rather than a read-only command, a dry run or a help text (SPEC)."""
    if not args or args[0] not in _COMMANDS or args[0] in _READ_ONLY:
        return False
    if args[:2] == ["dice", "reveal"] or "--help" in args:
        return False
    return "--dry-run" not in args


def _exit_with(said: Message, code: int) -> None:
    """One line on stderr (JSON with --format json), in the reader's language, then exit
    `code`."""
    import contextlib

    from pbwcombat.reports import english

    message = english(said)
    with contextlib.suppress(Exception):  # exiting anyway: the English line will do
        message = say(said)
    if _Json.on:
        line = json.dumps({"error": {"code": code, "rule": None, "message": message}},
                          ensure_ascii=False)
    else:
        line = f"pbwcombat: {message}"
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass
    raise SystemExit(code)


def _silence(stream: Any) -> None:
    """After a broken pipe, point fd 1 at /dev/null so that the exit flush stays quiet."""
    import os

    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except OSError:
        pass


def _main(args: list[str]) -> None:
    import click

    try:
        if args[:1] in (["--install-completion"], ["--show-completion"]) and len(args) == 2:
            from pbwcombat.cli.shell import completion_script

            completion_script(args[0], args[1])  # `--show-completion zsh`: a named shell
            return
        register(args)
        only, rest, prog = route(args)
        click_command(only).main(args=rest, prog_name=prog, standalone_mode=False)
    except PbwError as err:
        if _Sigint.seen:
            raise _Interrupted() from None
        _fail(err)
    except click.exceptions.Abort:
        _exit_with(Message("interrupted"), 130)
    except click.exceptions.Exit as e:
        raise SystemExit(e.exit_code) from None
    except click.exceptions.ClickException as e:  # usage errors found while parsing
        if _Json.on:
            _fail(UsageError("foreign", reason=e.format_message()))
        _show_click_error(e)
        raise SystemExit(2) from None
    except (SystemExit, _Interrupted, _Unprinted):
        raise
    except BaseException as e:  # noqa: BLE001 — the last boundary: a bug, not the user's fault
        if isinstance(e, KeyboardInterrupt) or _Sigint.seen:
            raise _Interrupted() from None
        if _Json.debug:
            raise
        _fail_internal(e)


def _show_click_error(e: Any) -> None:
    """click's usage error as click shows it (usage, hint, `Error: …`), in the reader's
    language (R-OUT-5): the labels from the catalogue, the message through its templates
    (a message it does not know stays English); command syntax as typed."""
    lang = _reader()[0]
    if lang == "en":
        e.show()
        return
    from pbwcombat.reports import texts

    cat = texts(lang)
    lines = []
    ctx = getattr(e, "ctx", None)
    if ctx is not None:
        usage = ctx.get_usage()
        if usage.startswith("Usage:"):
            usage = cat["usage_label"] + usage[len("Usage:"):]
        lines.append(usage)
        if ctx.command.get_help_option(ctx) is not None:
            lines.append(cat["usage_hint"].format(
                command=f"{ctx.command_path} {ctx.help_option_names[0]}"))
        lines.append("")
    lines.append(cat["usage_error"].format(message=say(Message("foreign",
                                                                reason=e.format_message()))))
    sys.stderr.write(clean("\n".join(lines)) + "\n")


def _fail_internal(e: BaseException) -> None:
    import contextlib

    from pbwcombat.reports import english

    said = Message("internal_error", error=f"{type(e).__name__}: {e}")
    message = english(said)
    with contextlib.suppress(Exception):  # R-OUT-5: in the reader's language, if it can
        message = say(said)
    if _Json.on:
        payload = {"error": {"code": 1, "rule": None, "message": message}}
        sys.stderr.write(json.dumps(payload) + "\n")
    else:
        sys.stderr.write(f"pbwcombat: {message}\n")
    raise SystemExit(1)
