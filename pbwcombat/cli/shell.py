"""Shell completion: the scripts for --install/--show-completion, and the completion of
commands, options and the ids of the fight on the line."""

import functools
import os
import sys
from typing import Any

from pbwcombat.cli.options import _COMMANDS, FORMATS, LANGS, put_in_order, route
from pbwcombat.errors import UsageError


def register(args: list[str]) -> None:
    """The action commands (cli/actions.py, and the action values they build) are imported
    unless the line names a command that commands.py registered (issue 29: `show`,
    `validate`, `log` do not load them); the whole app, `--help` and `dice` need them."""
    if not args or args[0] not in _COMMANDS:
        from pbwcombat.cli import actions  # noqa: F401 — it registers the action commands

        put_in_order()


@functools.cache
def click_command(only: str | None) -> Any:
    """typer's conversion to click, once per process (tests call `main` many times); the
    whole app completes the ids of the fight on the line."""
    import typer.main

    from pbwcombat.cli.options import build_app

    register([] if only is None else [only])

    command = typer.main.get_command(build_app(only))
    if only is None:
        _complete_from_the_fight(command)
    return command

# The shell runs `pbwcombat` with no arguments and `_PBWCOMBAT_COMPLETE` set (typer's protocol),
# so completion goes through the whole app; a normal command builds only its own parser and
# never gets here.

SHELLS = ("bash", "zsh", "fish")


class _Line:
    """The words on the command line being completed (before the incomplete one)."""

    words: list[str] = []


def _line_params(command: Any, name: str) -> dict[str, Any]:
    """The values typed so far for `command`'s parameters, read from the words after its
    name: click's own resilient parse gives up on a line such as `… --weapon ⇥`."""
    import click

    words = _Line.words
    start = words.index(name) + 1 if name in words else len(words)
    options = {opt: p for p in command.params if isinstance(p, click.Option)
               for opt in p.opts}
    positional = [p for p in command.params if isinstance(p, click.Argument)]
    values: dict[str, Any] = {}
    i = start
    while i < len(words):
        word = words[i]
        option = options.get(word)
        if option is not None:
            if option.is_flag:
                values[option.name or ""] = True
            elif i + 1 < len(words):
                values[option.name or ""] = words[i + 1]
                i += 1
        elif positional and positional[0].nargs == -1:  # `declare … attack snag --weapon`
            values.setdefault(positional[0].name or "", []).append(word)
        elif positional and not word.startswith("--"):
            values[positional.pop(0).name or ""] = word
        i += 1
    return values


def _complete_from_the_fight(group: Any) -> None:
    """Give every parameter that takes a combatant, weapon, action or condition id a completer
    that reads the encounter named on the line (pbwcombat.completion decides which ids)."""
    import click

    fixed = {"format": FORMATS, "lang": LANGS, "on_intercept": ("redirect", "forfeit"),
             "ends": ("start", "end")}

    def completer(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
        from pbwcombat.completion import candidates

        if param.name in fixed:  # choices that do not depend on the file
            return [c for c in fixed[param.name] if c.startswith(incomplete)]
        name = ctx.info_name or ""
        return candidates(name, param.name or "", _line_params(ctx.command, name), incomplete)

    def a_file(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem

        return [CompletionItem(incomplete, type="file")]  # the shell lists file names

    commands = group.commands.values() if isinstance(group, click.Group) else [group]
    for command in commands:
        if isinstance(command, click.Group):
            _complete_from_the_fight(command)
            continue
        for param in command.params:  # click 8.1 (pinned): what `shell_complete=` sets
            if isinstance(param.type, click.Path):
                param._custom_shell_complete = a_file
            elif not getattr(param, "is_flag", False):
                param._custom_shell_complete = completer


_NO_COMMAND: Any = None  # reading the words from the environment needs no command


def completing(args: list[str]) -> tuple[Any, list[str], str]:
    """The command a line completes, built alone as a normal run builds it (typer's
    conversion of the whole app was a quarter of a completion's time, issue 29), with the
    words it reads and its name: (command, words, prog name). The whole app when the line
    names no command yet (a command's name is being completed)."""
    register(args)
    only, rest, prog = route(args) if args else (None, args, "pbwcombat")
    if only is None:
        return click_command(None), args, "pbwcombat"
    command = click_command(only)
    _complete_from_the_fight(command)
    return command, rest, prog.rpartition(" ")[2]


def shell_complete(instruction: str) -> int:
    """Answer the shell (`complete_bash`, `complete_zsh`, `complete_fish`): one candidate a
    line, in the shell's format, and nothing at all when there is none (an unreadable file, an
    id nobody has); where a file name is wanted, the shell is told to complete files."""
    import click.shell_completion as sc
    from typer._completion_classes import completion_init

    completion_init()
    kind, _, shell = instruction.partition("_")
    comp_cls = sc.get_completion_class(shell) if shell in SHELLS else None
    if comp_cls is None or kind not in ("complete", "source"):
        sys.stderr.write(f"pbwcombat: shell completion: {instruction!r} is not supported\n")
        return 1
    if kind == "source":  # typer's `source_bash`: the script, as --show-completion prints it
        completion_script("--show-completion", shell)
        return 0
    args, incomplete = comp_cls(_NO_COMMAND, {}, "pbwcombat", "_PBWCOMBAT_COMPLETE"
                                ).get_completion_args()  # the words: read from the shell
    command, words, prog = completing(list(args))
    comp = comp_cls(command, {}, prog, "_PBWCOMBAT_COMPLETE")
    _Line.words = list(args)
    try:
        items = comp.get_completions(words, incomplete)
    except Exception:  # noqa: BLE001 — a prompt is no place for a traceback
        items = []
    files = any(item.type in ("file", "dir") for item in items)
    plain = [item for item in items if item.type == "plain"]
    if shell == "fish" and os.environ.get("_TYPER_COMPLETE_FISH_ACTION") == "is-args":
        return 0 if plain else 1  # fish: 1 lets it complete file names
    if not plain:
        if files and shell == "zsh":
            sys.stdout.write("_files\n")
        return 0
    lines = "\n".join(comp.format_completion(item) for item in plain)
    if shell == "zsh":
        lines = f"_arguments '*: :(({lines}))'"
    sys.stdout.write(lines + "\n")
    return 0


def completion_script(flag: str, shell: str) -> None:
    """`--show-completion SHELL` prints the script; `--install-completion SHELL` installs it
    (typer's scripts and places), for a shell named rather than detected."""
    from typer._completion_shared import get_completion_script, install

    if shell not in SHELLS:
        raise UsageError("not_one_of", flag=flag, value=repr(shell), choices=', '.join(SHELLS))
    if flag == "--show-completion":
        sys.stdout.write(get_completion_script(prog_name="pbwcombat",
                                               complete_var="_PBWCOMBAT_COMPLETE",
                                               shell=shell) + "\n")
        return
    _, path = install(shell=shell, prog_name="pbwcombat", complete_var="_PBWCOMBAT_COMPLETE")
    sys.stdout.write(f"{shell} completion installed in {path}\n"
                     "Completion will take effect once you restart the terminal\n")
