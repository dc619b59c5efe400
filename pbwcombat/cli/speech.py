"""Who reads stderr, and in which language (R-OUT-5): `--lang`, else the `lang` of the
encounter on the line, and the genders of its names; `say` puts a message in it. Read only
when there is something to say."""

from pathlib import Path

from pbwcombat.errors import Message


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


def say(message: Message) -> str:
    """A message for stderr, in the reader's language (R-OUT-5)."""
    from pbwcombat import reports

    lang, genders = _reader()
    return reports.say(message, lang, genders)
