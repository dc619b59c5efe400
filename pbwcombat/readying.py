"""Readied actions (R-RDY-1): the forms of a plan and of its trigger, as the file and the
`ready` command write them. Pure parsing, no state: the model validates `readied` with it on
load, and `rules.ready` fires what it describes.

A plan is one act's own command line without its actor: `attack TARGET [--weapon W] [--mod
N]`, `action ID [--target …]` or `move X,Y`; TARGET (and an action's target) may be `any`,
the combatant that sets the trigger off. A trigger is `passes`, `within:N`,
`enters:X,Y[;X,Y…]`, `moves:ID[,ID…]` or `acts:ID[,ID…]`.
"""

from __future__ import annotations

from pbwcombat.frozen import Value
from pbwcombat.patterns import lazy

ANY = "any"  # R-RDY-1: the combatant that sets the trigger off
KINDS = ("passes", "within", "enters", "moves", "acts")
_ID = lazy(r"^[a-z0-9][a-z0-9_-]*$")
_SQUARE = lazy(r"^-?\d{1,6},-?\d{1,6}$")
_PLAN_OPTIONS = {"attack": ("--weapon", "--mod"), "action": ("--target",), "move": ()}


class Trigger(Value):
    """A parsed trigger: its kind and what it names (a distance, squares or ids)."""

    kind: str
    distance: int = 0
    squares: tuple[tuple[int, int], ...] = ()
    ids: tuple[str, ...] = ()

    @property
    def on_movement(self) -> bool:
        """Set off by a mover entering a square (R-RDY-2: inside the walk)."""
        return self.kind in ("passes", "within", "enters")


def parse_trigger(text: str) -> Trigger:
    """R-RDY-1's five triggers; ValueError (the file's problem, or exit 2) otherwise."""
    kind, _, arg = text.strip().partition(":")
    if kind == "passes" and not arg:
        return Trigger("passes")
    if kind == "within" and arg.isdigit() and 0 < int(arg) <= 10_000:
        return Trigger("within", distance=int(arg))
    if kind == "enters" and arg:
        parts = [p.strip() for p in arg.split(";")]
        if parts and all(_SQUARE().match(p) for p in parts):
            squares = tuple((int(p.split(",")[0]), int(p.split(",")[1])) for p in parts)
            return Trigger("enters", squares=tuple(dict.fromkeys(squares)))
    if kind in ("moves", "acts") and arg:
        ids = [p.strip() for p in arg.split(",")]
        if ids and all(_ID().match(i) and len(i) <= 64 for i in ids):
            return Trigger(kind, ids=tuple(dict.fromkeys(ids)))
    raise ValueError(f'"{text}" is not a trigger: passes, within:N, enters:X,Y[;X,Y…], '
                     "moves:ID[,ID…] or acts:ID[,ID…] (R-RDY-1)")


def trigger_text(t: Trigger) -> str:
    """The canonical form of a trigger (what the file keeps)."""
    if t.kind == "within":
        return f"within:{t.distance}"
    if t.kind == "enters":
        return "enters:" + ";".join(f"{x},{y}" for x, y in t.squares)
    if t.kind in ("moves", "acts"):
        return f"{t.kind}:" + ",".join(t.ids)
    return t.kind


class Plan(Value):
    """A parsed plan (R-RDY-1): `verb` attack, action or move; `targets` (an attack's one,
    an action's `--target` list; `any` kept as written), `weapon`, `mod`, `action` (its id)
    and `square` (a move's)."""

    verb: str
    targets: tuple[str, ...] = ()
    weapon: str | None = None
    mod: int = 0
    action: str | None = None
    square: tuple[int, int] | None = None


def plan_words(text: str) -> list[str]:
    """The file's `plan` string as the words of a command line."""
    import shlex  # only where a plan is read (issue 29: not every command's start-up)

    try:
        return shlex.split(text)
    except ValueError as err:
        raise ValueError(f'"{text}" is not a plan: {err}') from None


_FORMS = ("a readied plan is one of: attack TARGET [--weapon W] [--mod N], action ID "
          "[--target …], move X,Y (R-RDY-1)")


def parse_plan(words: list[str] | tuple[str, ...]) -> Plan:
    """R-RDY-1: one attack, one action or one move, with only the options a plan takes;
    ValueError otherwise."""
    if not words or words[0] not in _PLAN_OPTIONS:
        raise ValueError(_FORMS)
    verb = words[0]
    options: dict[str, str] = {}
    loose: list[str] = []
    i = 1
    while i < len(words):
        w = words[i]
        if w.startswith("--"):
            if w not in _PLAN_OPTIONS[verb]:
                raise ValueError(f"{verb} in a readied plan takes no {w} (R-RDY-1)")
            if i + 1 >= len(words) or w in options:
                raise ValueError(f"{w} needs one value (R-RDY-1)")
            options[w] = words[i + 1]
            i += 2
            continue
        loose.append(w)
        i += 1
    wanted = {"attack": "one TARGET", "action": "one action ID", "move": "one square X,Y"}
    if len(loose) != 1:
        raise ValueError(f"a readied {verb} takes {wanted[verb]} (R-RDY-1)")
    word = loose[0]
    if verb == "move":
        if not _SQUARE().match(word):
            raise ValueError(f'a readied move takes one square X,Y, not "{word}" (R-RDY-1)')
        x, y = word.split(",")
        return Plan("move", square=(int(x), int(y)))
    if not _ID().match(word) or len(word) > 64:
        raise ValueError(f'"{word}" is not an id (R-RDY-1)')
    if verb == "attack":
        mod = options.get("--mod", "0")
        if not mod.lstrip("+-").isdigit() or len(mod) > 12:
            raise ValueError(f'--mod takes a whole number, not "{mod}" (R-RDY-1)')
        return Plan("attack", targets=(word,), weapon=options.get("--weapon"), mod=int(mod))
    targets = tuple(t.strip() for t in options.get("--target", "").split(",") if t.strip())
    if any(not _ID().match(t) for t in targets):
        raise ValueError(f'--target takes ids, not "{options["--target"]}" (R-RDY-1)')
    return Plan("action", targets=targets, action=word)


def plan_text(words: list[str] | tuple[str, ...]) -> str:
    """The plan as the file keeps it: its words, quoted where needed."""
    import shlex

    return shlex.join(words)


def valid_plan(text: str) -> str:
    """The model's check of `readied.plan` (as written: the actor is not known there)."""
    parse_plan(plan_words(text))
    return text


def valid_trigger(text: str) -> str:
    """The model's check of `readied.when`."""
    parse_trigger(text)
    return text
