"""Exceptions that carry their exit code (SPEC: exit codes), so the CLI maps them in one place.

An error carries a message *key* and its *fields*, never a text: the texts live in the
catalogues (`render/catalog/en.py`, `es.py`, as `msg_<key>`), one per language (R-OUT-5), and
the CLI or a post says the message in the reader's language. `rule` is the rule id a JSON error
names (SPEC); refusals (exit 3) show it before their text, "R-LOG-1: nothing to undo".
docs/dev/messages.md is the convention.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class Message:
    """A message said later, in the reader's language: a catalogue key and its fields. A field
    is a name or number as shown (`str()` of it), a nested `Message` (a reason said in turn),
    or, for the field `problems`, the file's `path: message` problems."""

    __slots__ = ("key", "fields")

    def __init__(self, key: str, /, **fields: Any) -> None:
        self.key = key
        self.fields: Mapping[str, Any] = fields

    def __repr__(self) -> str:
        return f"Message({self.key!r}, {dict(self.fields)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and (self.key, dict(self.fields)) == \
            (other.key, dict(other.fields))

    def __hash__(self) -> int:
        return hash(self.key)


class PbwError(Exception):
    """Base of every error the user can cause; `exit_code` is the SPEC exit code, `key` and
    `fields` the message (`msg_<key>` in each catalogue)."""

    exit_code = 1
    rule: str | None = None
    #: the rule id is said before the text ("R-LOG-1: …"); else a template cites it itself
    rule_first = False

    def __init__(self, key: str, /, rule: str | None = None, **fields: Any) -> None:
        super().__init__(key)
        self.key = key
        self.fields: dict[str, Any] = fields
        if rule is not None:
            self.rule = rule
            self.fields.setdefault("rule", rule)

    @property
    def message(self) -> str:
        """The message in English, a refusal's rule id first: what a journal record and the
        JSON output keep (a post or stderr says it in the reader's language instead)."""
        from pbwcombat.render.catalog import english

        text = english(self.key, self.fields)
        return f"{self.rule}: {text}" if self.rule_first and self.rule else text

    @property
    def said(self) -> Message:
        """The message without its rule id (a refusal says the rule first, R-OUT-5)."""
        return Message(self.key, **self.fields)

    def __str__(self) -> str:
        return f"{self.rule + ': ' if self.rule_first and self.rule else ''}{self.key} " \
               f"{self.fields!r}"


class UsageError(PbwError):
    """Malformed argument, unknown id, bad dice expression or face (exit 2). A message that
    cites a rule, "… (R-ACT-7)", has `rule=` and `({rule})` in its templates."""

    exit_code = 2


class Refused(PbwError):
    """Refused in the current state (exit 3): nothing to undo, the file edited by hand; with
    `rule=`, the message begins with it ("R-LOG-1: …", JSON errors name it, SPEC)."""

    exit_code = 3
    rule_first = True


class IllegalAction(Refused):
    """Refused by the rules in the current state (exit 3); names the rule id."""

    def __init__(self, rule: str, key: str, /, **fields: Any) -> None:
        super().__init__(key, rule=rule, **fields)


class Conflict(PbwError):
    """`--if-version` mismatch or an idempotency key reused with other arguments (exit 4)."""

    exit_code = 4


def printable(text: str) -> str:
    """Control characters (newlines, U+0085, …) from the file escaped, so that every problem
    stays on its own line."""
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)


class InvalidEncounter(PbwError):
    """The encounter file is not valid TOML or breaks the schema (exit 65): `problems`, one
    `path: message` line each."""

    exit_code = 65

    def __init__(self, problems: list[str]) -> None:
        problems = [printable(p) for p in problems]
        super().__init__("problems", problems=tuple(problems))
        self.problems = problems


class EncounterMissing(PbwError):
    """The encounter file does not exist or cannot be read (exit 66)."""

    exit_code = 66


class CannotWrite(PbwError):
    """The file cannot be written: exists for `new`, permissions, disk full (exit 73);
    `errno` is the system's reason when there is one (EACCES: may be opened to read)."""

    exit_code = 73
    errno: int | None = None


class Locked(PbwError):
    """Another run holds the lock past the timeout (exit 75)."""

    exit_code = 75


class InvalidSetting(InvalidEncounter):
    """`set` (R-LOG-2): the value would make the file invalid; every problem as `path:
    message`, as a load lists them, but it is the argument that is wrong (exit 2, SPEC)."""

    exit_code = 2
