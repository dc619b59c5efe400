"""The command registry and the options every command shares, declared once.

No `from __future__ import annotations` here: typer reads the annotations at run time.
"""

import functools
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import click
import typer
import typer.core

from pbwcombat.errors import UsageError

if TYPE_CHECKING:  # the action values load with the action commands (cli/actions.py)
    from pbwcombat import actions as act
from pbwcombat.patterns import lazy

HELP = """Resolve tabletop RPG combat for play-by-web forums, by the rules, with a post to paste.

Every action command loads the encounter file, applies one action, writes the file back and
prints a forum post (BBCode, Markdown, plain text or JSON; Spanish or English).

Example: pbwcombat roll-initiative fight.toml && pbwcombat next fight.toml

Tab completion (commands, options, and the ids in the file on the line): pbwcombat
--install-completion [bash|zsh|fish], or --show-completion [bash|zsh|fish] to print the script.
"""

# Our help is plain text (rich_markup_mode=None), but with rich installed typer still escapes
# the brackets of "[required]" and "[default: 0]" for rich: `--help` showed a backslash first.
typer.core.HAS_RICH = False

# Commands are registered with typer only when invoked (or listed by --help): building every
# command's parser at each start is a cost paid by every cron run.
Register = Callable[[typer.Typer], None]
_COMMANDS: dict[str, Register] = {}
_DICE_COMMANDS: dict[str, Register] = {}
_SRD_COMMANDS: dict[str, Register] = {}
_PARTY_COMMANDS: dict[str, Register] = {}
# command groups: name → (their commands, help)
_GROUPS = {"dice": (_DICE_COMMANDS, "Verifiable dice: commit, salt, reveal."),
           "srd": (_SRD_COMMANDS, "The bundled SRD 3.5 bestiary (Open Game Content): search, "
                                  "show."),
           "party": (_PARTY_COMMANDS, "A party roster that carries over between fights.")}


_EXAMPLES = lazy(r"^(Examples?)( \([^)]*\))?:\s*")


def examples_apart(help_text: str) -> str:
    """`--help` shows one example per line (written as "Examples: a ; b" or one per line):
    from the paragraph that starts "Example(s):" on, each example becomes a line of its own
    in a paragraph click does not rewrap (its `\\b` marker)."""
    paragraphs = help_text.split("\n\n")
    for i, para in enumerate(paragraphs):
        m = _EXAMPLES().match(para)
        if m is None:
            continue
        end = i + 1  # the paragraphs after it that hold only example lines
        while end < len(paragraphs) and all(
                x.strip() in ("", "\b") or x.strip().startswith("pbwcombat ")
                for x in paragraphs[end].split("\n")):
            end += 1
        rest = "\n".join([para[m.end():], *paragraphs[i + 1:end]])
        lines = [x.strip() for line in rest.split("\n") for x in line.split(" ; ")]
        lines = [x for x in lines if x and x != "\b"]
        if not lines:
            return help_text
        label = ("Example" if len(lines) == 1 else "Examples") + (m.group(2) or "") + ":"
        return "\n\n".join([*paragraphs[:i], label, "\b\n" + "\n".join(lines),
                              *paragraphs[end:]])
    return help_text


def _typer(help_text: str | None = None, completion: bool = False) -> typer.Typer:
    if help_text is not None:
        help_text = examples_apart(help_text)
    return typer.Typer(help=help_text, add_completion=completion, no_args_is_help=True,
                       pretty_exceptions_enable=False, rich_markup_mode=None)


def command(name: str, help_text: str, group: dict[str, Register] = _COMMANDS,
            **settings: Any) -> Callable[[Callable[..., Any]], Any]:
    def register(fn: Callable[..., Any]) -> Any:
        def add(target: typer.Typer) -> None:
            _evaluated(fn)
            target.command(name, help=examples_apart(help_text),
                           **{"cls": Command, **settings})(fn)

        group[name] = add
        return fn

    return register


def _evaluated(fn: Callable[..., Any]) -> None:
    """A command's annotations, written as text (`from __future__ import annotations` in
    commands.py and actions.py: no command pays at import for another's parameters), as the
    values they name, each evaluated once (typer would evaluate each text twice: in
    `inspect.signature(eval_str=True)`, then in `get_type_hints`)."""
    import typing

    if any(isinstance(hint, str) for hint in fn.__annotations__.values()):
        fn.__annotations__ = typing.get_type_hints(fn, include_extras=True)


# The order `--help` lists the commands in: setting up, reading, then acting in a fight.
ORDER = ("new", "validate", "show", "log", "undo", "roll-initiative", "next", "delay", "act",
         "end", "remove", "set", "hp", "roll", "attack", "move", "disengage", "action", "add",
         "intercept", "condition", "map", "verify", "declare", "resolve", "odds")


DICE_ORDER = ("commit", "salt", "reveal")  # the `dice` group's: the order they are used in


def put_in_order() -> None:
    """The registries in ORDER and DICE_ORDER (commands.py and actions.py each register
    theirs, in whichever order they were imported)."""
    for registry, order in ((_COMMANDS, ORDER), (_DICE_COMMANDS, DICE_ORDER)):
        for name in sorted(registry, key=lambda n: order.index(n) if n in order else len(order)):
            registry[name] = registry.pop(name)


def build_app(only: str | None = None) -> typer.Typer:
    """The typer app with every command, or with `only` that one."""
    app = _typer(HELP, completion=only is None)  # --install/--show-completion on the root
    for name, register in _COMMANDS.items():
        if only is None or name == only:
            register(app)
    for group, (commands, help_text) in _GROUPS.items():
        if only is None or only == group:
            sub = _typer(help_text)
            for register in commands.values():
                register(sub)
            app.add_typer(sub, name=group)
    return app

# Negative numbers (`hp enc.toml goblin -5`, `move … -1,3`) must reach us as arguments.
ACTION_SETTINGS = {"ignore_unknown_options": True, "allow_interspersed_args": True}

FORMATS = ("bbcode", "markdown", "plain", "json", "discord")
LANGS = ("es", "en")


_REFUSED = "pbwcombat.refused"


def _refuse(ctx: click.Context | None, param: click.Parameter | None, err: UsageError) -> None:
    """A value our type refuses: said once click has read the whole line (its own usage
    errors, a missing argument, come first), the first parameter's first (`Command`)."""
    if ctx is None or param is None:
        raise err
    ctx.meta.setdefault(_REFUSED, []).append((ctx.command.params.index(param), err))


class Command(typer.core.TyperCommand):
    """Every command: a value `OneOf` or `PostLength` refused is a usage error (exit 2) once
    the line is read, before the command runs."""

    def invoke(self, ctx: click.Context) -> Any:
        _say_refused(ctx)
        return super().invoke(ctx)


def _say_refused(ctx: click.Context) -> None:
    refused = ctx.meta.pop(_REFUSED, [])
    if refused:
        raise min(refused, key=lambda item: item[0])[1]


class OneOf(click.types.StringParamType):
    """A choice among `choices`, shown as TEXT in --help; a value outside them is a usage
    error in the SPEC's words (`--lang: 'fr' is not one of es, en`, exit 2, R-OUT-5), not
    click's."""

    def __init__(self, *choices: str) -> None:
        self.choices = choices

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> Any:
        value = super().convert(value, param, ctx)
        if value not in self.choices:
            flag = param.opts[0] if param is not None and param.opts else ""
            _refuse(ctx, param, UsageError("not_one_of", flag=flag, value=repr(value),
                                           choices=", ".join(self.choices)))
        return value


class PostLength(click.types.IntParamType):
    """`--max-length N`: a whole number, at least the shortest part a post can be split into
    (R-OUT-8)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> Any:
        value = super().convert(value, param, ctx)
        from pbwcombat.reports import min_length

        if value < min_length():
            _refuse(ctx, param, UsageError("max_length_too_short_least", value=value,
                                           least=min_length()))
        return value


# readable=False: an unreadable file is ours to refuse (exit 66, SPEC), not click's (exit 2)
Encounter = Annotated[Path, typer.Argument(help="The encounter TOML file.", show_default=False,
                                           readable=False)]
Who = Annotated[str, typer.Argument(help="A combatant id.", show_default=False)]
FormatOpt = Annotated[str | None, typer.Option(
    "--format", click_type=OneOf(*FORMATS),
    help="bbcode | markdown | plain | json (default: the file's `format`), or "
         "discord: Markdown in parts of at most 2,000 characters.")]
MaxLengthOpt = Annotated[int | None, typer.Option(
    "--max-length", metavar="N", click_type=PostLength(),
    help="Split the post into parts of at most N characters (R-OUT-8), separated by a "
         "`-- 8< --` line (JSON: \"parts\"). Example: --max-length 10000")]
LangOpt = Annotated[str | None, typer.Option(
    "--lang", click_type=OneOf(*LANGS), help="es | en (default: the file's `lang`).")]
GmOpt = Annotated[bool, typer.Option("--gm", help="Show hidden numbers (R-OUT-3).")]
TzOpt = Annotated[str | None, typer.Option(
    "--tz", metavar="ZONE", help="Show deadlines in this time zone, e.g. Europe/Madrid "
    "(default: the file's `timezone`, else UTC).")]


def use_zone(tz: str | None) -> None:
    """`--tz ZONE` (issue 25): deadlines in this run's posts in ZONE (exit 2 if unknown);
    without it, the file's zone (a run in the same process as an earlier one, as the tests'
    and scripts/post_snapshot.py's, does not inherit that one's `--tz`)."""
    from pbwcombat.clock import ZONE

    if tz is None:
        ZONE.set("")
        return
    from pbwcombat.forms import time_zone

    try:
        ZONE.set(time_zone(tz) or "")
    except ValueError:
        raise UsageError("unknown_time_zone", value=repr(tz)) from None
DebugOpt = Annotated[bool, typer.Option("--debug", help="Tracebacks for internal errors.")]


def common_options(
    format: FormatOpt = None,
    lang: LangOpt = None,
    dice: Annotated[str | None, typer.Option(
        "--dice", help="Supplied die faces, e.g. 17,6 (R-DIC-3).")] = None,
    dry_run: Annotated[bool, typer.Option(
        "--dry-run", help="Resolve and print, write nothing; the generator dice come "
                          "from a throwaway key, never the real ones (R-LOG-6).")] = False,
    force: Annotated[bool, typer.Option(
        "--force", help="GM override of turn order and action allowances; also goes on "
                        "over a [dice] hand edit or a missing journal (R-LOG-2/4).")] = False,
    key: Annotated[str | None, typer.Option(
        "--key", help="Idempotency key: a repeat applies nothing and re-prints the post.")]
    = None,
    if_version: Annotated[int | None, typer.Option(
        "--if-version", help="Apply only if state.version equals N (else exit 4).")] = None,
    gm: GmOpt = False,
    max_length: MaxLengthOpt = None,
    tz: TzOpt = None,
    debug: DebugOpt = False,
) -> Any:
    """The options every action command takes, declared once (typer reads this signature):
    ActionCommand adds them after each action command's own parameters and hands their
    values on as one `service.Options` (`--debug` is read before parsing, by the boundary)."""
    from pbwcombat.dice import parse_supplied
    from pbwcombat.service import Options

    use_zone(tz)
    return Options(format, lang, tuple(parse_supplied(dice)), dry_run, force, key, if_version,
                   gm, max_length=max_length)


@functools.cache
def _common_names() -> tuple[str, ...]:
    import inspect

    return tuple(inspect.signature(common_options).parameters)


def _common_params() -> list[click.Parameter]:
    from typer.main import get_click_param
    from typer.utils import get_params_from_function

    return [get_click_param(meta)[0]
            for meta in get_params_from_function(common_options).values()]


class ActionCommand(Command):
    """An action command: its own parameters, then the `common_options` (as sqlite-utils
    adds its output options to each command); their values reach the command as one
    `service.Options`, read by `perform`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params.extend(_common_params())

    def invoke(self, ctx: click.Context) -> Any:
        _say_refused(ctx)  # a refused --format or --lang before a bad --dice, as always
        common = {name: ctx.params.pop(name) for name in _common_names()}
        ctx.meta["pbwcombat.options"] = common_options(**common)
        return super().invoke(ctx)


def action_command(name: str, help_text: str, group: dict[str, Register] = _COMMANDS
                   ) -> Callable[[Callable[..., Any]], Any]:
    """Register an action command: it takes the `common_options` besides its own."""
    return command(name, help_text, group, cls=ActionCommand, context_settings=ACTION_SETTINGS)


def perform(path: Path, command_name: str, action: "act.Action", **changed: Any) -> None:
    """Apply `action` to the encounter with the command's common options (`changed`: those a
    command sets itself, as --if-idle) and print the post, warnings on stderr."""
    from pbwcombat.cli.speech import say
    from pbwcombat.service import run_action

    opts = click.get_current_context().meta["pbwcombat.options"]
    outcome = run_action(path, command_name, action, opts._replace(**changed))
    for w in outcome.warnings:
        sys.stderr.write(f"pbwcombat: {say(w)}\n")
    sys.stdout.write(outcome.text)


def split_ids(text: str) -> tuple[str, ...]:
    """`a,b,c` → the ids (a usage error when there are none)."""
    parts = tuple(p.strip() for p in text.split(",") if p.strip())
    if not parts:
        raise UsageError("ids_expected", value=repr(text))
    return parts


def route(args: list[str]) -> tuple[str | None, list[str], str]:
    """Only the invoked command is built: a single-command typer app runs it directly."""
    if args and args[0] in ("srd", "party"):  # a group: only its own commands are built
        return args[0], args, "pbwcombat"
    if args and args[0] in _COMMANDS:
        rest = expand_at(args[1:]) if args[0] == "add" else args[1:]
        return args[0], rest, f"pbwcombat {args[0]}"
    return None, args, "pbwcombat"


def expand_at(args: list[str]) -> list[str]:
    """`add … --at 6,6 7,7` → `--at 6,6 --at 7,7` (R-ACT-7): squares X,Y right after an
    `--at` value belong to it (ids never hold a comma)."""
    square = re.compile(r"^\s*[+-]?\d+\s*,\s*[+-]?\d+\s*$")
    out: list[str] = []
    in_at = False
    for a in args:
        if in_at and square.match(a) and out and out[-1] != "--at":
            out.append("--at")
        elif a != "--at" and not (out and out[-1] == "--at"):
            in_at = False
        if a == "--at":
            in_at = True
        out.append(a)
    return out
