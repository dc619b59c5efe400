"""The typer app: parse → run → print. The only place that knows exit codes.

No `from __future__ import annotations` here: typer reads the annotations at run time.
"""

import contextlib
import functools
import inspect
import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
import typer.core

from pbwcombat import _interrupted_early, importing
from pbwcombat import actions as act
from pbwcombat.cleaning import clean
from pbwcombat.errors import Message, PbwError, UsageError

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


_EXAMPLES = re.compile(r"^(Examples?)( \([^)]*\))?:\s*")


def examples_apart(help_text: str) -> str:
    """`--help` shows one example per line (written as "Examples: a ; b" or one per line):
    from the paragraph that starts "Example(s):" on, each example becomes a line of its own
    in a paragraph click does not rewrap (its `\\b` marker)."""
    paragraphs = help_text.split("\n\n")
    for i, para in enumerate(paragraphs):
        m = _EXAMPLES.match(para)
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
            target.command(name, help=examples_apart(help_text), **settings)(fn)

        group[name] = add
        return fn

    return register


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

# readable=False: an unreadable file is ours to refuse (exit 66, SPEC), not click's (exit 2)
Encounter = Annotated[Path, typer.Argument(help="The encounter TOML file.", show_default=False,
                                           readable=False)]
Who = Annotated[str, typer.Argument(help="A combatant id.", show_default=False)]
FormatOpt = Annotated[str | None, typer.Option(
    "--format", help="bbcode | markdown | plain | json (default: the file's `format`), or "
                     "discord: Markdown in parts of at most 2,000 characters.")]
MaxLengthOpt = Annotated[int | None, typer.Option(
    "--max-length", metavar="N",
    help="Split the post into parts of at most N characters (R-OUT-8), separated by a "
         "`-- 8< --` line (JSON: \"parts\"). Example: --max-length 10000")]
LangOpt = Annotated[str | None, typer.Option(
    "--lang", help="es | en (default: the file's `lang`).")]
GmOpt = Annotated[bool, typer.Option("--gm", help="Show hidden numbers (R-OUT-3).")]
DebugOpt = Annotated[bool, typer.Option("--debug", help="Tracebacks for internal errors.")]

_COMMON: list[inspect.Parameter] = [
    inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=ann)
    for name, ann, default in [
        ("format", FormatOpt, None),
        ("lang", LangOpt, None),
        ("dice", Annotated[str | None, typer.Option(
            "--dice", help="Supplied die faces, e.g. 17,6 (R-DIC-3).")], None),
        ("dry_run", Annotated[bool, typer.Option(
            "--dry-run", help="Resolve and print, write nothing; the generator dice come "
                              "from a throwaway key, never the real ones (R-LOG-6).")],
         False),
        ("force", Annotated[bool, typer.Option(
            "--force", help="GM override of turn order and action allowances; also goes on "
                            "over a [dice] hand edit or a missing journal (R-LOG-2/4).")],
         False),
        ("key", Annotated[str | None, typer.Option(
            "--key", help="Idempotency key: a repeat applies nothing and re-prints the post.")],
         None),
        ("if_version", Annotated[int | None, typer.Option(
            "--if-version", help="Apply only if state.version equals N (else exit 4).")],
         None),
        ("gm", GmOpt, False),
        ("max_length", MaxLengthOpt, None),
        ("debug", DebugOpt, False),
    ]
]
_COMMON_NAMES = [p.name for p in _COMMON]


class _Json:
    """Whether errors go out as JSON, and tracebacks are wanted: read from the command line
    before parsing, so that even a parsing error honours `--format json`."""

    on = False
    debug = False
    args: list[str] = []


def _reader() -> tuple[str, dict[str, str]]:
    """R-OUT-5: the language of messages on stderr (`--lang`, else the encounter file's
    `lang`) and the genders of its names. Read only when there is something to say."""
    import tomllib

    args = _Json.args
    lang = None
    for i, a in enumerate(args):
        given = args[i + 1] if a == "--lang" and i + 1 < len(args) \
            else a[len("--lang="):] if a.startswith("--lang=") else None
        if given in ("es", "en"):  # a wrong --lang is refused in the file's language
            lang = given
    from pbwcombat.regular import read_regular

    genders: dict[str, str] = {}
    for a in _encounter_args(args):
        try:  # a FIFO on the line is not waited on
            doc = tomllib.loads(read_regular(a).decode("utf-8-sig"))
        except (OSError, ValueError):
            from pbwcombat import _file_lang

            lang = lang or _file_lang(a)  # not TOML: its `lang` line read by hand
            continue
        lang = lang or str(doc.get("lang", ""))
        people = doc.get("combatants")
        for c in people if isinstance(people, list) else []:
            if isinstance(c, dict) and c.get("gender") == "f":
                for key in ("id", "name"):
                    if isinstance(c.get(key), str):
                        genders[c[key]] = "f"
        break
    return (lang if lang in ("es", "en") else "en"), genders


def _encounter_args(args: list[str]) -> list[str]:
    """The arguments that may name the encounter, for `_reader`, most likely first: the word
    after the command (or after `dice SUB`) when it is an existing file (an encounter need
    not end in .toml), then the `.toml` files on the line."""
    def is_file(word: str) -> bool:
        try:
            return Path(word).is_file()
        except (OSError, ValueError):  # a name too long, a NUL: not a file
            return False

    words = [a for a in args[1:] if not a.startswith("-")]
    first = [w for w in words[:2] if is_file(w)][:1]
    return first + [w for w in words if w.endswith(".toml") and w not in first]


def _say(message: Message) -> str:
    """A message for stderr, in the reader's language (R-OUT-5)."""
    from pbwcombat.render.messages import text

    lang, genders = _reader()
    return text(message, lang, genders)


def _fail(err: PbwError) -> None:
    from pbwcombat.errors import InvalidEncounter
    from pbwcombat.render.messages import said

    if isinstance(err, InvalidEncounter):
        problems = _say_problems(err.problems)
        message = "\n".join(problems)
    else:
        lang, genders = _reader()
        message = said(err, lang, genders, post=False)
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
    from pbwcombat.render.foreign import problem

    lang, genders = _reader()
    return [problem(p, lang, genders) for p in problems]


FORMATS = ("bbcode", "markdown", "plain", "json", "discord")
LANGS = ("es", "en")


def _check_length(value: int | None) -> None:
    if value is None:  # the common case costs no import
        return
    from pbwcombat.render.parts import MIN_LENGTH

    if value < MIN_LENGTH:
        raise UsageError("max_length_too_short_least", value=value, least=MIN_LENGTH)


def _deliver(text: str, fmt: str, max_length: int | None) -> None:
    from pbwcombat.render.parts import deliver

    sys.stdout.write(deliver(text, fmt, max_length))


def _check_choice(value: str | None, choices: tuple[str, ...], flag: str) -> None:
    if value is not None and value not in choices:
        raise UsageError("not_one_of", flag=flag, value=repr(value), choices=', '.join(choices))


def action_command(name: str, help_text: str, group: dict[str, Register] = _COMMANDS
                   ) -> Callable[[Callable[..., Any]], Any]:
    """Register an action command with the options every action command takes."""

    def register(fn: Callable[..., Any]) -> Any:
        group[name] = lambda target: _register_action(target, name, help_text, fn)
        return fn

    return register


def _register_action(target: typer.Typer, name: str, help_text: str,
                     fn: Callable[..., Any]) -> None:
    sig = inspect.signature(fn)
    own = [p for p in sig.parameters.values() if p.name != "opts"]
    params = own + _COMMON

    @functools.wraps(fn)
    def wrapper(**kwargs: Any) -> None:
        from pbwcombat.dice import parse_supplied
        from pbwcombat.service import Options

        common = {k: kwargs.pop(k) for k in _COMMON_NAMES}
        _check_choice(common["format"], FORMATS, "--format")
        _check_choice(common["lang"], LANGS, "--lang")
        _check_length(common["max_length"])
        opts = Options(common["format"], common["lang"],
                       tuple(parse_supplied(common["dice"])), common["dry_run"],
                       common["force"], common["key"], common["if_version"], common["gm"],
                       max_length=common["max_length"])
        fn(opts=opts, **kwargs)

    wrapper.__annotations__ = {p.name: p.annotation for p in params}
    setattr(wrapper, "__signature__", sig.replace(parameters=params))  # noqa: B010
    delattr(wrapper, "__wrapped__")
    target.command(name, help=examples_apart(help_text),
                   context_settings=ACTION_SETTINGS)(wrapper)


def _emit(outcome: Any) -> None:
    for w in outcome.warnings:
        sys.stderr.write(f"pbwcombat: {_say(w)}\n")
    sys.stdout.write(outcome.text)


def _run(path: Path, command: str, action: act.Action, opts: Any) -> None:
    from pbwcombat.service import run_action

    _emit(run_action(path, command, action, opts))


def _ids(text: str) -> tuple[str, ...]:
    parts = tuple(p.strip() for p in text.split(",") if p.strip())
    if not parts:
        raise UsageError("ids_expected", value=repr(text))
    return parts


# -- setup and inspection -----------------------------------------------------------------


@command("new", "Write a commented starter encounter (refuses to overwrite: exit 73)."
         "\n\nExample: pbwcombat new fight.toml --name 'Ambush' --lang en")
def new_cmd(encounter: Encounter,
            name: Annotated[str | None, typer.Option("--name", help="Encounter name.")] = None,
            lang: Annotated[str | None, typer.Option(
                "--lang", help="es | en: the starter's language, its `lang` and comments "
                               "(default: en).")] = None,
            debug: DebugOpt = False) -> None:
    from pbwcombat.starter import write_starter

    _check_choice(lang, LANGS, "--lang")
    write_starter(encounter, name, lang or "en")
    sys.stdout.write(f"{encounter}\n")


@command("validate", "Check the file: `ok`, or every problem on stderr (exit 65).\n\n"
         "Example: pbwcombat validate fight.toml")
def validate_cmd(encounter: Encounter, format: FormatOpt = None,
                 debug: DebugOpt = False) -> None:
    from pbwcombat.service import check_valid

    _check_choice(format, FORMATS, "--format")
    check_valid(encounter)  # problems, if any, go out through the error boundary (exit 65)
    sys.stdout.write("ok\n")


@command("show", "Status post: round, turn, order, hit points, engagements, guards."
         "\n\nExample: pbwcombat show fight.toml --gm --format markdown")
def show_cmd(encounter: Encounter, format: FormatOpt = None, lang: LangOpt = None,
             gm: GmOpt = False,
             map: Annotated[bool, typer.Option("--map", help="Append the text map.")] = False,
             max_length: MaxLengthOpt = None, debug: DebugOpt = False) -> None:
    from pbwcombat.render.post import status_post
    from pbwcombat.service import load

    _check_choice(format, FORMATS, "--format")
    _check_choice(lang, LANGS, "--lang")
    _check_length(max_length)
    _, enc = load(encounter)
    fmt = format or enc.format
    map_text = ""
    if map:
        from pbwcombat.render.gridmap import text_map

        map_text = text_map(enc, "plain" if fmt == "json" else fmt, lang or enc.lang)
    _deliver(status_post(enc, fmt, lang or enc.lang, gm, map_text), fmt, max_length)


@command("log", "The action log as a post.\n\nExample: pbwcombat log fight.toml "
         "--last 3")
def log_cmd(encounter: Encounter,
            last: Annotated[int | None, typer.Option("--last", min=1,
                                                        help="Only the last N commands.")] = None,
            format: FormatOpt = None, lang: LangOpt = None, gm: GmOpt = False,
            max_length: MaxLengthOpt = None, debug: DebugOpt = False) -> None:
    from pbwcombat.render.log import log_post
    from pbwcombat.service import committed_records, load

    _check_choice(format, FORMATS, "--format")
    _check_choice(lang, LANGS, "--lang")
    _check_length(max_length)
    from pbwcombat.render.trust import die_reuses

    raw, enc = load(encounter)
    every = list(committed_records(encounter, raw))
    records = [r for r in every if r.get("type", "command") != "undo"]
    if last is not None:
        records = records[-last:]
    fmt = format or enc.format
    _deliver(log_post(enc, records, fmt, lang or enc.lang, gm, die_reuses(every)), fmt,
             max_length)


@command("undo", "Restore the file exactly as it was before the last command not yet "
         "undone (repeatable); the journal keeps the undone command and records the undo "
         "(R-LOG-1). Right after a hand edit, records the edit and undoes it. Exit 3 when "
         "there is nothing to undo, or for dice commit and dice salt.\n\nExamples: "
         "pbwcombat undo fight.toml ; pbwcombat undo fight.toml --if-version 7 --key "
         "undo-7")
def undo_cmd(encounter: Encounter,
             force: Annotated[bool, typer.Option(
                 "--force", help="Go on over a [dice] hand edit after the commitment (verify "
                                 "will fail), or start a new journal where it is missing "
                                 "(R-LOG-2, R-LOG-4).")] = False,
             if_version: Annotated[int | None, typer.Option(
                 "--if-version", help="Undo only if state.version equals N (else exit 4).")]
             = None,
             dry_run: Annotated[bool, typer.Option(
                 "--dry-run", help="Say what would be undone; change nothing.")] = False,
             key: Annotated[str | None, typer.Option(
                 "--key", help="Idempotency key: a repeat undoes nothing more and re-prints "
                               "the post (other arguments: exit 4). Example: --key undo-7")]
             = None,
             format: FormatOpt = None, lang: LangOpt = None, gm: GmOpt = False,
             max_length: MaxLengthOpt = None, debug: DebugOpt = False) -> None:
    from pbwcombat.render.log import undo_format, undo_post
    from pbwcombat.service import undo

    _check_choice(format, FORMATS, "--format")
    _check_choice(lang, LANGS, "--lang")
    _check_length(max_length)
    record, before = undo(encounter, force, if_version, dry_run, key)
    post = undo_post(record, before, format, lang, dry_run, gm)
    if max_length is None and format != "discord":
        sys.stdout.write(post)
        return
    _deliver(post, undo_format(before, format), max_length)  # R-OUT-8


# -- action commands ------------------------------------------------------------------------


NoAooOpt = Annotated[str | None, typer.Option(
    "--no-aoo", help="Enemies that decline their attack of opportunity this time, e.g. "
                     "snag,nit (R-AOO-4).")]
NoInterceptOpt = Annotated[str | None, typer.Option(
    "--no-intercept", help="Guards that let the act pass, e.g. brother-tom (R-AOO-4).")]


def _declines(no_aoo: str | None, no_intercept: str | None
              ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return (act.parse_ids(no_aoo, "--no-aoo") if no_aoo is not None else (),
            act.parse_ids(no_intercept, "--no-intercept") if no_intercept is not None else ())


@action_command("roll-initiative", "Roll initiative (R-INI): starts the surprise round or "
                "round 1; places newcomers (R-INI-8).\n\nExample: pbwcombat roll-initiative "
                "fight.toml --dice 17,4,12")
def roll_initiative_cmd(encounter: Encounter, opts: Any,
                        reroll: Annotated[bool, typer.Option(
                            "--reroll", help="Reroll everyone and restart the round.")] = False
                        ) -> None:
    _run(encounter, "roll-initiative", act.RollInitiative(reroll), opts)


@action_command("next", "End the turn and start the next (R-TRN-4/6). With --if-idle, "
                "once due, and rules.idle_action = \"orders\", the idle combatant first acts "
                "by its standing orders (R-ORD-3); --no-aoo / --no-intercept name enemies that "
                "let its acts pass (R-AOO-4).\n\nExample (cron): "
                "pbwcombat next fight.toml --if-idle 48h --no-aoo snag")
def next_cmd(encounter: Encounter, opts: Any,
             if_idle: Annotated[str | None, typer.Option(
                 "--if-idle", help="Act only once the turn has waited this long (e.g. 48h).")]
             = None,
             no_aoo: NoAooOpt = None, no_intercept: NoInterceptOpt = None) -> None:
    # R-ORD-3: once due, `rules.idle_action = "orders"` plays the idle combatant's orders
    action = act.Next(if_idle, *_declines(no_aoo, no_intercept))
    _run(encounter, "next", action, opts._replace(if_idle=if_idle))


@action_command("delay", "Delay (R-TRN-7): step out of the order for this round.\n\n"
                "Example: pbwcombat delay fight.toml mira")
def delay_cmd(encounter: Encounter, who: Who, opts: Any) -> None:
    _run(encounter, "delay", act.Delay(who), opts)


@action_command("act", "A delaying combatant acts now (R-TRN-7).\n\nExample: pbwcombat act "
                "fight.toml mira")
def act_cmd(encounter: Encounter, who: Who, opts: Any) -> None:
    _run(encounter, "act", act.Act(who), opts)


@action_command("end", "End the combat by hand (R-TRN-6).\n\nExample: pbwcombat end "
                "fight.toml")
def end_cmd(encounter: Encounter, opts: Any) -> None:
    _run(encounter, "end", act.End(), opts)


@action_command("remove", "A combatant leaves the fight (fled, dismissed); the log keeps it."
                "\n\nExample: pbwcombat remove fight.toml snag")
def remove_cmd(encounter: Encounter, who: Who, opts: Any) -> None:
    _run(encounter, "remove", act.Remove(who), opts)


@action_command("set", "A GM change to a combatant's definition or to a rule, as a command "
                "instead of a hand edit (R-LOG-2): validated as the file is, journaled, undone "
                "by `undo`; the post names it (a non-PC's numbers only with --gm). KEY is a "
                "key of the combatant's table, dotted into its tables: saves.will, "
                "weapons.ID.attack, actions.ID.uses (or an index from 0: weapons.0.attack). "
                "VALUE is a TOML value (18, -2, true, \"Grak\", [3, 4]); other text is taken "
                "as a string.\n\n"
                "Examples:\n\n\b\n"
                "pbwcombat set fight.toml goblin defense 18\n"
                "pbwcombat set fight.toml goblin weapons.spear.attack 4\n"
                "pbwcombat set fight.toml goblin orders attack-weakest\n"
                "pbwcombat set fight.toml rules.engagement false")
def set_cmd(encounter: Encounter,
            who: Annotated[str, typer.Argument(
                help="A combatant id, or rules.KEY for a rule.", show_default=False)],
            field: Annotated[str, typer.Argument(
                metavar="KEY", help="The key (for rules.KEY: the value).",
                show_default=False)],
            value: Annotated[str | None, typer.Argument(
                metavar="[VALUE]", help="The value (TOML).", show_default=False)] = None,
            opts: Any = None) -> None:
    if who.startswith("rules."):
        if value is not None:
            raise UsageError("set_one_value", who=who)
        _run(encounter, "set", act.SetValue("rules", who[len("rules."):], field), opts)
        return
    if value is None:
        raise UsageError("set_give_who_key_value")
    _run(encounter, "set", act.SetValue(who, field, value), opts)


@action_command("hp", "GM damage or healing (R-HP-5), rolled once for all targets; "
                "temporary hp (R-HP-6), nonlethal damage (R-HP-7), energy damage (R-HP-8)."
                "\n\n"
                "Examples: pbwcombat hp fight.toml goblin -5 ; pbwcombat hp fight.toml "
                "gob1,gob2,gob3 -8d6 ; pbwcombat hp fight.toml aldric +2d4 (unsigned heals) ; "
                "pbwcombat hp fight.toml aldric +1d8+2 --temp ; pbwcombat hp fight.toml "
                "goblin -1d6 --nonlethal ; pbwcombat hp fight.toml troll -3d6 --energy fire")
def hp_cmd(encounter: Encounter,
           who: Annotated[str, typer.Argument(help="Combatant id(s), comma-separated.",
                                              show_default=False)],
           delta: Annotated[str, typer.Argument(help="Signed integer or dice expression; the "
                                                     "sign covers it all: -(1d8+2)*2.",
                                                show_default=False)],
           temp: Annotated[bool, typer.Option(
               "--temp", help="Temporary hit points: the higher of what is left and DELTA "
                              "(R-HP-6); DELTA must be positive.")] = False,
           nonlethal: Annotated[bool, typer.Option(
               "--nonlethal", help="Nonlethal damage: adds to `nonlethal` (R-HP-7); DELTA "
                                   "must be negative.")] = False,
           energy: Annotated[str | None, typer.Option(
               "--energy", metavar="KIND",
               help="Energy damage (acid, cold, electricity, fire, sonic, force, negative, "
                    "positive): resistance and immunity apply (R-HP-8).",
               show_default=False)] = None,
           opts: Any = None) -> None:
    _run(encounter, "hp", act.Hp(_ids(who), delta, temp, nonlethal, energy), opts)


@action_command("roll", "A logged free roll (skill checks, perception for surprise).\n\n"
                "Notation (R-DIC-1): 1d20+4, d20, d%, 2d20kh1 (advantage), 4d6kh3, klK dhK "
                "dlK, 1d20+-2, (1d8+2)*2, × for *, / rounds down; see README 'Dice "
                "notation'.\n\n"
                "Example: pbwcombat roll fight.toml 1d20+4 --who aldric --reason Spot")
def roll_cmd(encounter: Encounter,
             expr: Annotated[str, typer.Argument(help="Dice expression, e.g. 2d20kh1+4.",
                                                 show_default=False)],
             opts: Any,
             who: Annotated[str | None, typer.Option("--who", help="Who rolls.")] = None,
             reason: Annotated[str, typer.Option("--reason", help="Why (shown).")] = "",
             ) -> None:
    _run(encounter, "roll", act.FreeRoll(expr, who, reason), opts)


_square = act.parse_square

@action_command("attack", "Attack (R-ATK, R-AOO, R-INT): checks turn, action, reach or range; "
                "rolls attack, confirmation and damage. --full: a full attack (R-ACT-5), one "
                "roll per bonus of the weapon's `attacks`, against T1,T2,… in turn.\n\n"
                "Examples: pbwcombat attack fight.toml aldric snag --weapon longsword ; "
                "pbwcombat attack fight.toml mira nit --mod 2 --dice 17,6 ; "
                "pbwcombat attack fight.toml aldric snag,grak --full ; "
                "pbwcombat attack fight.toml mira nit --no-aoo snag")
def attack_cmd(encounter: Encounter, attacker: Who,
               target: Annotated[str, typer.Argument(
                   help="A combatant id (--full: T1,T2,… comma-separated).",
                   show_default=False)],
               opts: Any,
               weapon: Annotated[str | None, typer.Option(
                   "--weapon", help="Weapon id or name (default: the first that reaches).")]
               = None,
               mod: Annotated[int, typer.Option("--mod", help="Situational modifier.")] = 0,
               on_intercept: Annotated[str, typer.Option(
                   "--on-intercept", help="redirect | forfeit (R-INT-3).")] = "redirect",
               from_behind: Annotated[bool, typer.Option(
                   "--from-behind", help="Cannot be intercepted (R-INT-4).")] = False,
               full: Annotated[bool, typer.Option(
                   "--full", help="Full attack, a full-round action (R-ACT-5).")] = False,
               no_aoo: NoAooOpt = None, no_intercept: NoInterceptOpt = None) -> None:
    _check_choice(on_intercept, ("redirect", "forfeit"), "--on-intercept")
    declines = _declines(no_aoo, no_intercept)
    if full:
        _run(encounter, "attack", act.FullAttack(attacker, act.parse_ids(target), weapon, mod,
                                                 on_intercept, from_behind, *declines), opts)
        return
    _run(encounter, "attack", act.Attack(attacker, target, weapon, mod, on_intercept,
                                         from_behind, *declines), opts)


@action_command("move", "Move along waypoints (R-TRN-2, R-GEO-2, R-AOO, R-ENG, R-DIS).\n\n"
                "Examples: pbwcombat move fight.toml aldric 4,3 ; pbwcombat move fight.toml "
                "mira 2,3 -1,3 --run ; pbwcombat move fight.toml aldric 3,2 --step ; "
                "pbwcombat move fight.toml mira 0,6 --withdraw ; "
                "pbwcombat move fight.toml mira 5,5 --no-aoo snag ; "
                "pbwcombat move fight.toml aldric --away (gridless)")
def move_cmd(encounter: Encounter, who: Who, opts: Any,
             waypoints: Annotated[list[str] | None, typer.Argument(
                 help="Squares X,Y to pass through, in order.", show_default=False)] = None,
             step: Annotated[bool, typer.Option("--step", help="A 5-ft step.")] = False,
             run: Annotated[bool, typer.Option("--run", help="Run: 4x speed, straight.")]
             = False,
             to_cover: Annotated[bool, typer.Option(
                 "--to-cover", help="Out of a shooter's line of fire (R-ENG-3).")] = False,
             away: Annotated[bool, typer.Option(
                 "--away", help="Gridless movement (R-GEO-5).")] = False,
             withdraw: Annotated[bool, typer.Option(
                 "--withdraw", help="Withdraw: full round, 2x speed; leaving the first "
                                    "square provokes no AoO (R-ACT-6).")] = False,
             no_aoo: NoAooOpt = None, no_intercept: NoInterceptOpt = None) -> None:
    squares = tuple(_square(w) for w in waypoints or [])
    if withdraw and (step or run or away):
        raise UsageError("withdraw_excludes_step_run_away")
    _run(encounter, "move", act.Move(who, squares, step, run, to_cover, away, withdraw,
                                     *_declines(no_aoo, no_intercept)), opts)


@action_command("disengage", "Disengage (R-DIS): Defense Total against the Attack Totals; on "
                "success, --to moves at once.\n\nExample: pbwcombat disengage fight.toml "
                "aldric --to 1,2 ; pbwcombat disengage fight.toml aldric --reckless")
def disengage_cmd(encounter: Encounter, who: Who, opts: Any,
                  to: Annotated[str | None, typer.Option(
                      "--to", help="Square X,Y to move to on success.")] = None,
                  reckless: Annotated[bool, typer.Option(
                      "--reckless", help="Free attacks against Defense 0 (R-DIS-7).")] = False,
                  no_aoo: NoAooOpt = None, no_intercept: NoInterceptOpt = None) -> None:
    _run(encounter, "disengage",
         act.Disengage(who, _square(to) if to else None, reckless,
                       *_declines(no_aoo, no_intercept)), opts)


@action_command("action", "Take an action (R-ACT-1…4): one of WHO's [[combatants.actions]] "
                "(a spell, a potion, a trick) with --target, or ad hoc with --text and "
                "--cost. Provoking actions in a threatened square draw AoOs first.\n\n"
                "Examples: pbwcombat action fight.toml mira sleep --target snag,nit ; "
                "pbwcombat action fight.toml aldric potion --target aldric ; "
                "pbwcombat action fight.toml aldric --text \"draws a dagger\" --cost move ; "
                "pbwcombat action fight.toml mira --text \"reads the scroll\" --cost standard "
                "--provokes --no-aoo snag")
def action_cmd(encounter: Encounter, who: Who, opts: Any,
               action: Annotated[str | None, typer.Argument(
                   help="The action's id (omit with --text).", show_default=False)] = None,
               target: Annotated[str | None, typer.Option(
                   "--target", help="Target ids, comma-separated (R-ACT-3).")] = None,
               text: Annotated[str | None, typer.Option(
                   "--text", help="Ad hoc action: what is done (shown in the post).")] = None,
               cost: Annotated[str | None, typer.Option(
                   "--cost", help="Ad hoc: standard | move | full | free.")] = None,
               provokes: Annotated[bool, typer.Option(
                   "--provokes", help="Ad hoc: provokes in a threatened square (R-ACT-2).")]
               = False,
               no_aoo: NoAooOpt = None, no_intercept: NoInterceptOpt = None) -> None:
    targets = act.parse_ids(target, "--target") if target is not None else ()
    _check_choice(cost, act.COSTS, "--cost")
    taken = act.TakeAction(who, (action,) if action else (), targets, text, cost, provokes,
                           *_declines(no_aoo, no_intercept))
    _run(encounter, "action", taken, opts)


@action_command("add", "Newcomers mid-fight (R-ACT-7): copies of a combatant (--like), "
                "combatants from a roster or another encounter (--from), SRD 3.5 creatures "
                "from the bundled bestiary (--srd; `pbwcombat srd search` lists them) or a "
                "stat block pasted in the SRD's layout (--statblock FILE, or - for stdin; "
                "every line it cannot read is exit 65, or a warning with --lenient). On a "
                "grid each newcomer needs a free square (--at). They wait for "
                "roll-initiative, or --initiative places them at once.\n\nExamples:\n\n"
                "pbwcombat add fight.toml goblin --like snag --count 3 --at 6,6 7,7 8,6 "
                "--initiative\n\n"
                "pbwcombat add fight.toml --from party.toml aldric mira --at 0,1 0,2\n\n"
                "pbwcombat add fight.toml orc --srd orc --count 4 --side orcs\n\n"
                "pbwcombat add fight.toml brute --srd ogre --roll-hp --at 8,3\n\n"
                "pbwcombat add fight.toml --statblock - --side monsters < troll.txt")
def add_cmd(encounter: Encounter, opts: Any,
            ids: Annotated[list[str] | None, typer.Argument(
                help="--like: the new id; --from: the ids to copy (default: all).",
                show_default=False)] = None,
            like: Annotated[str | None, typer.Option(
                "--like", help="Copy this combatant's definition.")] = None,
            count: Annotated[int | None, typer.Option(
                "--count", help="--like: N copies, ids ID-1 … ID-N.")] = None,
            name: Annotated[str | None, typer.Option(
                "--name", help="--like: the display name (with --count, + ' 1' … ' N').")]
            = None,
            at: Annotated[list[str] | None, typer.Option(
                "--at", help="Free squares X,Y, one per newcomer, in order "
                             "(--at 6,6 7,7 or --at 6,6 --at 7,7).")] = None,
            from_file: Annotated[str | None, typer.Option(
                "--from", help="A roster or encounter TOML holding [[combatants]].")] = None,
            initiative: Annotated[bool, typer.Option(
                "--initiative", help="Roll and place the newcomers now (R-INI-8).")] = False,
            srd: Annotated[str | None, typer.Option(
                "--srd", help="An SRD 3.5 creature of the bundled bestiary, by id or name "
                              "(English or Spanish).")] = None,
            statblock: Annotated[str | None, typer.Option(
                "--statblock", help="A stat block in the SRD's layout: a file, or - for "
                                    "standard input.")] = None,
            side: Annotated[str, typer.Option(
                "--side", help="--srd/--statblock: the newcomers' side.")] = "monsters",
            roll_hp: Annotated[bool, typer.Option(
                "--roll-hp", help="--srd/--statblock: roll each newcomer's Hit Dice with the "
                                  "encounter's dice (default: their average).")] = False,
            lenient: Annotated[bool, typer.Option(
                "--lenient", help="--statblock: skip the lines it cannot read, with a "
                                  "warning each, instead of exit 65.")] = False
            ) -> None:
    args = (list(ids or []), like, count, name, list(at or []), from_file, initiative)
    added = act.parse_add(*args, srd=srd, statblock=statblock)  # usage errors (exit 2) first
    if from_file is not None:
        from pbwcombat.roster import read_roster

        added = act.parse_add(*args, roster=read_roster(from_file, added.ids))
    elif srd is not None or statblock is not None:
        from pbwcombat import _file_lang
        from pbwcombat.bestiary import templates

        if not side.strip() or len(side) > 100:
            raise UsageError("side_length")
        made = templates.from_srd(srd, side, _file_lang(str(encounter)) or "en") \
            if srd is not None else templates.from_statblock(str(statblock), side, lenient)
        for w in made.warnings:
            sys.stderr.write(f"pbwcombat: {_say(Message('warning', problems=(w,)))}\n")
        roster, hit_dice = templates.roster(made, list(ids or []), count, name, roll_hp)
        added = act.parse_add(*args, roster=roster, srd=srd, statblock=statblock,
                              hit_dice=hit_dice)
    elif roll_hp or lenient or side != "monsters":
        raise UsageError("side_go_with_srd")
    _run(encounter, "add", added, opts)


@action_command("intercept", "Guard an ally until your next turn (R-INT).\n\nExample: "
                "pbwcombat intercept fight.toml brother-tom mira")
def intercept_cmd(encounter: Encounter, defender: Who, ward: Who, opts: Any) -> None:
    _run(encounter, "intercept", act.Intercept(defender, ward), opts)


@action_command("condition", "Put a condition on combatants, or take it off (R-CND): prone, "
                "stunned, paralyzed, flat-footed, or any other word (shown, no effect). "
                "With --rounds N it ends at the start (or --ends end: the end) of the N-th "
                "next turn of --of (default: whoever's turn it is).\n\nExamples: pbwcombat "
                "condition fight.toml snag prone ; pbwcombat condition fight.toml nit,snag "
                "stunned --rounds 1 ; pbwcombat condition fight.toml grak paralyzed "
                "--rounds 2 --of mira --ends end ; pbwcombat condition fight.toml snag prone "
                "--remove")
def condition_cmd(encounter: Encounter,
                  who: Annotated[str, typer.Argument(help="Combatant id(s), comma-separated.",
                                                     show_default=False)],
                  name: Annotated[str, typer.Argument(
                      help="prone | stunned | paralyzed | flat-footed | any other slug.",
                      show_default=False)],
                  opts: Any,
                  rounds: Annotated[int | None, typer.Option(
                      "--rounds", help="Turns of --of it lasts (default: until removed).")]
                  = None,
                  ends: Annotated[str | None, typer.Option(
                      "--ends", help="start (default) | end: of the last turn.")] = None,
                  of: Annotated[str | None, typer.Option(
                      "--of", help="Whose turns count (default: whoever's turn it is).")]
                  = None,
                  remove: Annotated[bool, typer.Option(
                      "--remove", help="Take the condition off.")] = False) -> None:
    _check_choice(ends, ("start", "end"), "--ends")
    _run(encounter, "condition", act.SetCondition(_ids(who), name, rounds, ends, of, remove),
         opts)


@action_command("commit", "Publish the dice commitment (SHA-256 of the secret seed) before "
                "the fight.\n\nExample: pbwcombat dice commit fight.toml",
                group=_DICE_COMMANDS)
def dice_commit_cmd(encounter: Encounter, opts: Any,
                    salt: Annotated[str | None, typer.Option(
                        "--salt", hidden=True, show_default=False)] = None) -> None:
    if salt is not None:  # R-LOG-9: refused before anything is read or written
        raise UsageError("salt_at_commit")
    _run(encounter, "dice commit", act.DiceCommit(), opts)


@action_command("salt", "Mix in a value the players chose after the commitment (e.g. the "
                "number of their reply): once only, before the first generator roll after "
                "the commitment (R-LOG-5; --force does not change that).\n\nExample: "
                "pbwcombat dice salt fight.toml 4817", group=_DICE_COMMANDS)
def dice_salt_cmd(encounter: Encounter,
                  salt: Annotated[str, typer.Argument(help="The players' value.",
                                                      show_default=False)],
                  opts: Any) -> None:
    _run(encounter, "dice salt", act.DiceSalt(salt), opts)


@command("reveal", group=_DICE_COMMANDS,
         help_text="Print the secret seed once the combat has ended (or with "
                   "--force), so players can run `verify --seed`.\n\nExample: pbwcombat "
                   "dice reveal fight.toml")
def dice_reveal_cmd(encounter: Encounter,
                    force: Annotated[bool, typer.Option("--force", help="Before the end.")]
                    = False,
                    format: FormatOpt = None, lang: LangOpt = None,
                    max_length: MaxLengthOpt = None, debug: DebugOpt = False) -> None:
    from pbwcombat.rules.rolls import revealable_seed
    from pbwcombat.service import load
    from pbwcombat.verify import reveal_post

    _check_choice(format, FORMATS, "--format")
    _check_choice(lang, LANGS, "--lang")
    _check_length(max_length)
    enc = load(encounter)[1]
    _deliver(reveal_post(revealable_seed(enc, force), enc.state.version, format,
                         lang or enc.lang),
             format or "plain", max_length)


@command("map", "The grid as text in a code block, one letter per combatant, with a "
         "legend; --png draws a picture (needs the extra pbwcombat[map]).\n\nExample: "
         "pbwcombat map fight.toml --png round3.png")
def map_cmd(encounter: Encounter,
            png: Annotated[Path | None, typer.Option("--png", help="Write a PNG picture.",
                                                    readable=False)]
            = None,
            format: FormatOpt = None, lang: LangOpt = None,
            max_length: MaxLengthOpt = None, debug: DebugOpt = False) -> None:
    from pbwcombat.render.gridmap import text_map
    from pbwcombat.service import load

    _check_choice(format, FORMATS, "--format")
    _check_choice(lang, LANGS, "--lang")
    _check_length(max_length)
    _, enc = load(encounter)
    fmt = format or enc.format
    text = text_map(enc, "plain" if fmt == "json" else fmt, lang or enc.lang) + "\n"
    if png is not None:
        from pbwcombat.render.picture import draw_png
        from pbwcombat.store import atomic_write, check_output

        check_output(png, encounter)
        draw_png(enc, png, lambda out, data: atomic_write(out, data), lang or enc.lang)
    if fmt == "json":
        text = json.dumps({"version": enc.state.version, "events": [], "text": text,
                           "png": str(png) if png else None}, ensure_ascii=False) + "\n"
    _deliver(text, fmt, max_length)


@command("verify", "Check the journal (R-LOG-3): the hash chain, that the history is "
         "complete, that the file is the state recorded last, every generator roll "
         "(undone ones included), the commitment and the players' salt. Names the first "
         "record that fails (exit 3); lists die numbers rolled again after an undo. With "
         "--posts THREAD.txt, the saved forum thread too (R-LOG-8): names the first post that "
         "disagrees and lists the dice never posted."
         "\n\nExample: pbwcombat verify fight.toml --seed 3f9a… --posts thread.txt")
def verify_cmd(encounter: Encounter,
               seed: Annotated[str | None, typer.Option(
                   "--seed", help="The revealed seed (default: the file's).")] = None,
               posts: Annotated[Path | None, typer.Option(
                   "--posts", help="Check the forum thread saved as text (rendered, or its "
                                   "BBCode/Markdown source) against the journal: chain "
                                   "marks in order, die numbers and faces, dice never "
                                   "posted (R-LOG-8).", show_default=False)] = None,
               format: FormatOpt = None, lang: LangOpt = None,
               max_length: MaxLengthOpt = None, debug: DebugOpt = False) -> None:
    from pbwcombat.service import load
    from pbwcombat.verify import seed_to_check, verify_file, verify_post

    _check_choice(format, FORMATS, "--format")
    _check_choice(lang, LANGS, "--lang")
    _check_length(max_length)
    thread = None
    if posts is not None:
        from pbwcombat.thread import read_thread

        thread = read_thread(posts)
    raw, enc = load(encounter)
    report = verify_file(encounter, raw, seed_to_check(encounter, enc, seed), thread)
    _deliver(verify_post(report, enc, format, lang), format or "plain", max_length)
    if not report.ok:
        raise report.refusal()


@action_command("declare", "Queue a declared action for the round (checked for syntax and "
                "ids now, for legality when the round resolves).\n\nExamples: pbwcombat "
                "declare fight.toml aldric attack snag --weapon longsword ; pbwcombat declare "
                "fight.toml mira move 3,4 ; pbwcombat declare fight.toml mira action sleep "
                "--target snag ; pbwcombat declare fight.toml aldric attack snag,nit --full ; "
                "pbwcombat declare fight.toml aldric --clear")
def declare_cmd(encounter: Encounter, who: Who, opts: Any,
                action: Annotated[list[str] | None, typer.Argument(
                    help="attack TARGET [--weapon W] [--mod N] [--full] | move X,Y… [--run] "
                         "[--withdraw] | disengage [--to X,Y] [--reckless] | intercept WARD | "
                         "delay | action ACTION [--target IDS] | action --text T --cost C; "
                         "each may add --no-aoo IDS / --no-intercept IDS",
                    show_default=False)] = None,
                clear: Annotated[bool, typer.Option(
                    "--clear", help="Clear WHO's declaration.")] = False) -> None:
    if clear:
        if action:
            raise UsageError("declare_clear_takes_action")
        _run(encounter, "declare", act.ClearDeclaration(who), opts)
        return
    _run(encounter, "declare", act.Declare(who, tuple(action or [])), opts)


@action_command("resolve", "Resolve the declared actions from the current turn to the end "
                "of the round, in initiative order, as one post (without a declaration, by "
                "standing orders, R-ORD-3). --no-aoo / --no-intercept hold for every act of "
                "the round, besides each declaration's own (R-AOO-4).\n\nExample (cron): "
                "pbwcombat resolve fight.toml --if-idle 48h --no-aoo snag")
def resolve_cmd(encounter: Encounter, opts: Any,
                if_idle: Annotated[str | None, typer.Option(
                    "--if-idle", help="Act only once the turn has waited this long.")] = None,
                no_aoo: NoAooOpt = None, no_intercept: NoInterceptOpt = None) -> None:
    _run(encounter, "resolve", act.Resolve(*_declines(no_aoo, no_intercept)),
         opts._replace(if_idle=if_idle))


@command("search", "SRD 3.5 creatures whose name (English or Spanish) contains WORD, one "
         "line each: id, names, challenge rating.\n\nExamples:\n\npbwcombat srd search orc"
         "\n\npbwcombat srd search lobo --lang es", group=_SRD_COMMANDS)
def srd_search_cmd(word: Annotated[str, typer.Argument(help="Part of a name.",
                                                       show_default=False)],
                   lang: Annotated[str | None, typer.Option(
                       "--lang", help="es: challenge ratings as VD.")] = None,
                   debug: DebugOpt = False) -> None:
    from pbwcombat.bestiary import srd

    _check_choice(lang, LANGS, "--lang")
    found = srd.search(word)
    if not found:
        raise UsageError("srd_search_none", word=word)
    sys.stdout.write("".join(srd.line(c, lang or "en") + "\n" for c in found))


@command("show", "An SRD 3.5 creature as a [[combatants]] table in TOML, ready to paste into "
         "a roster or an encounter.\n\nExamples:\n\npbwcombat srd show ogre\n\n"
         "pbwcombat srd show orco --id grusk --side orcs --lang es >> roster.toml",
         group=_SRD_COMMANDS)
def srd_show_cmd(name: Annotated[str, typer.Argument(help="Its id or name (English or "
                                                          "Spanish).", show_default=False)],
                 id: Annotated[str | None, typer.Option(
                     "--id", help="The combatant id (default: the creature's).")] = None,
                 side: Annotated[str, typer.Option("--side", help="Its side.")] = "monsters",
                 lang: Annotated[str | None, typer.Option(
                     "--lang", help="es: its Spanish name, when known.")] = None,
                 debug: DebugOpt = False) -> None:
    import re

    from pbwcombat.bestiary import srd

    _check_choice(lang, LANGS, "--lang")
    if id is not None and not re.match(r"^[a-z0-9][a-z0-9_-]*$", id):
        raise UsageError("id_not_an_id", id=repr(id))
    sys.stdout.write(srd.show(srd.find(name), id, side, lang or "en"))


@command("save", "Write the PCs' current state (hp, conditions that last, ammo, uses) back "
         "to their roster after a fight, so that the next `add --from ROSTER` starts where "
         "this one ended. Atomic; the roster keeps its keys and order (not its comments)."
         "\n\nExamples:\n\npbwcombat party save fight.toml party.toml\n\n"
         "pbwcombat add next-fight.toml --from party.toml --at 0,1 0,2 0,3",
         group=_PARTY_COMMANDS)
def party_save_cmd(encounter: Encounter,
                   roster: Annotated[Path, typer.Argument(
                       help="The roster TOML holding the PCs' [[combatants]].",
                       show_default=False)],
                   debug: DebugOpt = False) -> None:
    from pbwcombat.party import save

    saved = save(encounter, roster)
    sys.stdout.write(_say(Message("party_saved", roster=roster, names=", ".join(saved))) + "\n")


@command("odds", "Play the fight from its current state to the end many times, everyone "
         "by standing orders (R-ORD; without orders: attack the nearest enemy), with the same "
         "rules engine as the commands (R-SIM); report win shares with 95% intervals, rounds, "
         "and each combatant's chance to go down or die. Read-only: never writes the file or "
         "its journal and never advances its dice.\n\nExample: pbwcombat odds fight.toml "
         "--runs 10000 --seed 1f2e --format markdown")
def odds_cmd(encounter: Encounter,
             runs: Annotated[int, typer.Option("--runs", min=1, max=10_000_000,
                                               help="Number of fights to play.")] = 1000,
             seed: Annotated[str | None, typer.Option(
                 "--seed", help="Hex seed of the runs (default: random, printed in the "
                                "report).")] = None,
             max_rounds: Annotated[int, typer.Option(
                 "--max-rounds", min=1, max=100_000,
                 help="A fight still going after this many rounds counts as undecided.")]
             = 50,
             jobs: Annotated[int | None, typer.Option(
                 "--jobs", min=1, max=1024, help="Processes (default: all cores).")] = None,
             format: FormatOpt = None, lang: LangOpt = None, gm: GmOpt = False,
             max_length: MaxLengthOpt = None, debug: DebugOpt = False) -> None:
    import os

    from pbwcombat.render.odds import odds_post
    from pbwcombat.service import load
    from pbwcombat.sim.odds import Progress, default_jobs, odds

    _check_choice(format, FORMATS, "--format")  # SPEC: discord too, as on every post
    _check_choice(lang, ("es", "en"), "--lang")
    _check_length(max_length)
    seed_hex = os.urandom(32).hex() if seed is None else seed.strip().lower()
    try:
        bytes.fromhex(seed_hex)
    except ValueError:
        raise UsageError("seed_not_hexadecimal_even_number", seed=repr(seed)) from None
    if not seed_hex or len(seed_hex) > 256:
        raise UsageError("seed_bytes_hexadecimal_digits")
    _, enc = load(encounter)
    def warn(said: Message) -> None:
        sys.stderr.write(f"pbwcombat: {_say(said)}\n")

    report = odds(enc, seed_hex, runs, max_rounds, jobs or default_jobs(), Progress(runs),
                  warn)
    fmt = format or enc.format
    shape = "markdown" if fmt == "discord" else fmt
    _deliver(odds_post(enc, report, shape, lang or enc.lang, gm), fmt, max_length)


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
        raise SystemExit(_shell_complete(instruction))
    previous = None
    real_stdout = sys.stdout
    _Sigint.command = argv is None
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

    from pbwcombat.render.catalog import english

    message = english(said.key, said.fields)
    with contextlib.suppress(Exception):  # exiting anyway: the English line will do
        message = _say(said)
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
            _completion_script(args[0], args[1])  # `--show-completion zsh`: a named shell
            return
        only, rest, prog = _route(args)
        _click_command(only).main(args=rest, prog_name=prog, standalone_mode=False)
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
    from pbwcombat.render.catalog import CATALOGUES

    cat = CATALOGUES[lang]
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
    lines.append(cat["usage_error"].format(message=_say(Message("foreign",
                                                                reason=e.format_message()))))
    sys.stderr.write(clean("\n".join(lines)) + "\n")


def _route(args: list[str]) -> tuple[str | None, list[str], str]:
    """Only the invoked command is built: a single-command typer app runs it directly."""
    if args and args[0] in ("srd", "party"):  # a group: only its own commands are built
        return args[0], args, "pbwcombat"
    if args and args[0] in _COMMANDS:
        rest = _expand_at(args[1:]) if args[0] == "add" else args[1:]
        return args[0], rest, f"pbwcombat {args[0]}"
    return None, args, "pbwcombat"


def _expand_at(args: list[str]) -> list[str]:
    """`add … --at 6,6 7,7` → `--at 6,6 --at 7,7` (R-ACT-7): squares X,Y right after an
    `--at` value belong to it (ids never hold a comma)."""
    import re

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


@functools.cache
def _click_command(only: str | None) -> Any:
    """typer's conversion to click, once per process (tests call `main` many times)."""
    command = typer.main.get_command(build_app(only))
    if only is None:
        _complete_from_the_fight(command)
    return command


# -- shell completion ---------------------------------------------------------------------------
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

    for command in group.commands.values():
        if isinstance(command, click.Group):
            _complete_from_the_fight(command)
            continue
        for param in command.params:  # click 8.1 (pinned): what `shell_complete=` sets
            if isinstance(param.type, click.Path):
                param._custom_shell_complete = a_file
            elif not getattr(param, "is_flag", False):
                param._custom_shell_complete = completer


def _shell_complete(instruction: str) -> int:
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
        _completion_script("--show-completion", shell)
        return 0
    comp = comp_cls(_click_command(None), {}, "pbwcombat", "_PBWCOMBAT_COMPLETE")
    args, incomplete = comp.get_completion_args()
    _Line.words = list(args)
    try:
        items = comp.get_completions(args, incomplete)
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


def _completion_script(flag: str, shell: str) -> None:
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


def _fail_internal(e: BaseException) -> None:
    import contextlib

    from pbwcombat.render.catalog import english

    said = Message("internal_error", error=f"{type(e).__name__}: {e}")
    message = english(said.key, said.fields)
    with contextlib.suppress(Exception):  # R-OUT-5: in the reader's language, if it can
        message = _say(said)
    if _Json.on:
        payload = {"error": {"code": 1, "rule": None, "message": message}}
        sys.stderr.write(json.dumps(payload) + "\n")
    else:
        sys.stderr.write(f"pbwcombat: {message}\n")
    raise SystemExit(1)
