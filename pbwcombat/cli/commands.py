"""Setup and read-only commands: new, validate, show, log, undo, map, verify, dice reveal,
srd, party, odds. Each parses its options and prints what the service layer assembled.

The annotations are text until typer builds a command (`inspect.signature(eval_str=True)`):
only the command being run pays for its parameters' `typer.Option`s, not every command at
import (issue 29: they were most of the command line's import time).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from pbwcombat import reports
from pbwcombat.cli.options import (
    _DICE_COMMANDS,
    _PARTY_COMMANDS,
    _SRD_COMMANDS,
    LANGS,
    DebugOpt,
    Encounter,
    FormatOpt,
    GmOpt,
    LangOpt,
    MaxLengthOpt,
    OneOf,
    TzOpt,
    command,
    use_zone,
)
from pbwcombat.errors import Message, UsageError

# -- setup and inspection -----------------------------------------------------------------


@command("new", "Write a commented starter encounter (refuses to overwrite: exit 73)."
         "\n\nExample: pbwcombat new fight.toml --name 'Ambush' --lang en")
def new_cmd(encounter: Encounter,
            name: Annotated[str | None, typer.Option("--name", help="Encounter name.")] = None,
            lang: Annotated[str | None, typer.Option(
                "--lang", click_type=OneOf(*LANGS),
                help="es | en: the starter's language, its `lang` and comments "
                     "(default: en).")] = None,
            debug: DebugOpt = False) -> None:
    from pbwcombat.starter import write_starter

    write_starter(encounter, name, lang or "en")
    sys.stdout.write(f"{encounter}\n")


@command("validate", "Check the file: `ok`, or every problem on stderr (exit 65).\n\n"
         "Example: pbwcombat validate fight.toml")
def validate_cmd(encounter: Encounter, format: FormatOpt = None,
                 debug: DebugOpt = False) -> None:
    from pbwcombat.service import check_valid

    check_valid(encounter)  # problems, if any, go out through the error boundary (exit 65)
    sys.stdout.write("ok\n")


@command("show", "Status post: round, turn, order, hit points, engagements, guards."
         "\n\nExample: pbwcombat show fight.toml --gm --format markdown")
def show_cmd(encounter: Encounter, format: FormatOpt = None, lang: LangOpt = None,
             gm: GmOpt = False,
             map: Annotated[bool, typer.Option("--map", help="Append the text map.")] = False,
             max_length: MaxLengthOpt = None, tz: TzOpt = None, debug: DebugOpt = False
             ) -> None:
    use_zone(tz)
    sys.stdout.write(reports.show(encounter, format, lang, gm, map, max_length))


@command("log", "The action log as a post.\n\nExamples: pbwcombat log fight.toml "
         "--last 3 ; pbwcombat log fight.toml --round 2 --format discord")
def log_cmd(encounter: Encounter,
            last: Annotated[int | None, typer.Option("--last", min=1,
                                                        help="Only the last N commands.")] = None,
            round: Annotated[int | None, typer.Option(
                "--round", min=0, help="Only the commands of round N (0: before combat and "
                "the surprise round), the one that ends it included.")] = None,
            format: FormatOpt = None, lang: LangOpt = None, gm: GmOpt = False,
            max_length: MaxLengthOpt = None, debug: DebugOpt = False) -> None:
    sys.stdout.write(reports.log(encounter, last, format, lang, gm, max_length, round))


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
    sys.stdout.write(reports.undo(encounter, force, if_version, dry_run, key, format, lang, gm,
                                  max_length))


@command("reveal", group=_DICE_COMMANDS,
         help_text="Print the secret seed once the combat has ended (or with "
                   "--force), so players can run `verify --seed`.\n\nExample: pbwcombat "
                   "dice reveal fight.toml")
def dice_reveal_cmd(encounter: Encounter,
                    force: Annotated[bool, typer.Option("--force", help="Before the end.")]
                    = False,
                    format: FormatOpt = None, lang: LangOpt = None,
                    max_length: MaxLengthOpt = None, debug: DebugOpt = False) -> None:
    sys.stdout.write(reports.reveal(encounter, force, format, lang, max_length))


@command("map", "The grid as text in a code block, one letter per combatant, with a "
         "legend; --png draws a picture (needs the extra pbwcombat[map]).\n\nExample: "
         "pbwcombat map fight.toml --png round3.png")
def map_cmd(encounter: Encounter,
            png: Annotated[Path | None, typer.Option("--png", help="Write a PNG picture.",
                                                    readable=False)]
            = None,
            format: FormatOpt = None, lang: LangOpt = None,
            max_length: MaxLengthOpt = None, debug: DebugOpt = False) -> None:
    sys.stdout.write(reports.grid(encounter, png, format, lang, max_length))


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
    text, refusal = reports.verify(encounter, seed, posts, format, lang, max_length)
    sys.stdout.write(text)
    if refusal is not None:
        raise refusal


@command("search", "SRD 3.5 creatures whose name (English or Spanish) contains WORD, one "
         "line each: id, names, challenge rating.\n\nExamples:\n\npbwcombat srd search orc"
         "\n\npbwcombat srd search lobo --lang es", group=_SRD_COMMANDS)
def srd_search_cmd(word: Annotated[str, typer.Argument(help="Part of a name.",
                                                       show_default=False)],
                   lang: Annotated[str | None, typer.Option(
                       "--lang", click_type=OneOf(*LANGS),
                       help="es: challenge ratings as VD.")] = None,
                   debug: DebugOpt = False) -> None:
    from pbwcombat.bestiary import srd

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
                     "--lang", click_type=OneOf(*LANGS),
                     help="es: its Spanish name, when known.")] = None,
                 debug: DebugOpt = False) -> None:
    import re

    from pbwcombat.bestiary import srd

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
    from pbwcombat.cli.speech import say
    from pbwcombat.party import save

    saved = save(encounter, roster)
    sys.stdout.write(say(Message("party_saved", roster=roster, names=", ".join(saved))) + "\n")


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

    seed_hex = os.urandom(32).hex() if seed is None else seed.strip().lower()
    try:
        bytes.fromhex(seed_hex)
    except ValueError:
        raise UsageError("seed_not_hexadecimal_even_number", seed=repr(seed)) from None
    if not seed_hex or len(seed_hex) > 256:
        raise UsageError("seed_bytes_hexadecimal_digits")
    from pbwcombat.cli.speech import say

    def warn(said: Message) -> None:
        sys.stderr.write(f"pbwcombat: {say(said)}\n")

    sys.stdout.write(reports.odds(encounter, runs, seed_hex, max_rounds, jobs, format, lang, gm,
                                  max_length, warn))
