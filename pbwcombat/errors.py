"""Exceptions that carry their exit code (SPEC: exit codes), so the CLI maps them in one place."""

from __future__ import annotations


class PbwError(Exception):
    """Base of every error the user can cause; `exit_code` is the SPEC exit code."""

    exit_code = 1
    rule: str | None = None

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class UsageError(PbwError):
    """Malformed argument, unknown id, bad dice expression or face (exit 2). A message that
    cites a rule, "… (R-ACT-7)", carries that id (JSON errors name it, SPEC)."""

    exit_code = 2

    def __init__(self, message: str) -> None:
        super().__init__(message)
        import re

        cited = re.findall(r"\((R-[A-Z]+-\d+)\)", message)
        self.rule = cited[-1] if cited else None


class Refused(PbwError):
    """Refused in the current state (exit 3): nothing to undo, the file edited by hand. A
    message that begins with a rule id, "R-LOG-1: …", carries it (JSON errors name it, SPEC)."""

    exit_code = 3

    def __init__(self, message: str) -> None:
        super().__init__(message)
        import re

        cited = re.match(r"(R-[A-Z]+-\d+):", message)
        self.rule = cited.group(1) if cited else None


class IllegalAction(Refused):
    """Refused by the rules in the current state (exit 3); names the rule id."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule


class Conflict(PbwError):
    """`--if-version` mismatch or an idempotency key reused with other arguments (exit 4)."""

    exit_code = 4


def printable(text: str) -> str:
    """Control characters (newlines, U+0085, …) from the file escaped, so that every problem
    stays on its own line."""
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)


class InvalidEncounter(PbwError):
    """The encounter file is not valid TOML or breaks the schema (exit 65)."""

    exit_code = 65

    def __init__(self, problems: list[str]) -> None:
        problems = [printable(p) for p in problems]
        super().__init__("\n".join(problems))
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
