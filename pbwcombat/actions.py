"""Actions: what a command asks for, as values; `pbwcombat.dispatch` sends each to its rule.

Actions are also what `declare` queues (as argument lists) and what `--key` digests."""

from pbwcombat.engine import Resolution
from pbwcombat.errors import UsageError
from pbwcombat.value import Value


class RollInitiative(Value):
    reroll: bool = False


class Next(Value):
    pass


class Delay(Value):
    who: str


class Act(Value):
    who: str


class End(Value):
    pass


class Remove(Value):
    who: str


class Hp(Value):
    targets: tuple[str, ...]
    delta: str


class FreeRoll(Value):
    expr: str
    who: str | None = None
    reason: str = ""


class Attack(Value):
    attacker: str
    target: str
    weapon: str | None = None
    mod: int = 0
    on_intercept: str = "redirect"
    from_behind: bool = False


class Move(Value):
    who: str
    waypoints: tuple[tuple[int, int], ...] = ()
    step: bool = False
    run: bool = False
    to_cover: bool = False
    away: bool = False


class Disengage(Value):
    who: str
    to: tuple[int, int] | None = None
    reckless: bool = False


class Intercept(Value):
    defender: str
    ward: str


class SetCondition(Value):
    """`condition WHO[,WHO…] NAME [--rounds N] [--ends start|end] [--of ID] [--remove]`."""

    targets: tuple[str, ...]
    name: str
    rounds: int | None = None
    ends: str | None = None
    of: str | None = None
    remove: bool = False


class StandUp(Value):
    """The built-in `stand-up` action (R-CND-3)."""

    who: str


class DiceCommit(Value):
    salt: str | None = None


class DiceSalt(Value):
    salt: str


class Declare(Value):
    who: str
    argv: tuple[str, ...]


class ClearDeclaration(Value):
    who: str


class Resolve(Value):
    pass


DECLARABLE = ("attack", "move", "disengage", "intercept", "delay")


def _take(argv: list[str], flag: str) -> str | None:
    if flag not in argv:
        return None
    i = argv.index(flag)
    if i + 1 >= len(argv):
        raise UsageError(f"{flag} needs a value")
    value = argv[i + 1]
    del argv[i:i + 2]
    return value


def _flag(argv: list[str], flag: str) -> bool:
    if flag in argv:
        argv.remove(flag)
        return True
    return False


def parse_square(text: str) -> tuple[int, int]:
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2 or not all(p.lstrip("+-").isdigit() and len(p) < 8 for p in parts):
        raise UsageError(f"{text!r} is not a square X,Y (e.g. 3,4 or -1,2)")
    return int(parts[0]), int(parts[1])


def parse_declared(who: str, argv: list[str]) -> object:
    """A declared action (`attack TARGET --weapon W`, `move 3,4 --run`, …) as an Action;
    UsageError (exit 2) for what would not parse as the command itself."""
    if not argv or argv[0] not in DECLARABLE:
        raise UsageError(f"declare: the action must be one of {', '.join(DECLARABLE)}")
    verb, rest = argv[0], list(argv[1:])
    action: object
    if verb == "attack":
        weapon = _take(rest, "--weapon")
        mod_text = _take(rest, "--mod") or "0"
        on_intercept = _take(rest, "--on-intercept") or "redirect"
        behind = _flag(rest, "--from-behind")
        if not mod_text.lstrip("+-").isdigit():
            raise UsageError(f"--mod: {mod_text!r} is not an integer")
        if on_intercept not in ("redirect", "forfeit"):
            raise UsageError("--on-intercept: redirect or forfeit")
        if len(rest) != 1:
            raise UsageError("declare attack: give exactly one TARGET")
        action = Attack(who, rest[0], weapon, int(mod_text), on_intercept, behind)
    elif verb == "move":
        flags = [_flag(rest, f) for f in ("--step", "--run", "--to-cover", "--away")]
        action = Move(who, tuple(parse_square(w) for w in rest), *flags)
    elif verb == "disengage":
        to = _take(rest, "--to")
        action = Disengage(who, parse_square(to) if to else None, _flag(rest, "--reckless"))
    elif verb == "intercept":
        if len(rest) != 1:
            raise UsageError("declare intercept: give exactly one WARD")
        action = Intercept(who, rest[0])
    else:
        action = Delay(who)
    leftover = [a for a in rest if a.startswith("--")]
    if verb != "attack" and verb != "intercept" and leftover:
        raise UsageError(f"declare {verb}: unknown option {leftover[0]}")
    return action


_ID_FIELDS = ("attacker", "target", "who", "defender", "ward")


def check_ids(res: Resolution, action: object) -> None:
    """Usage before rules: an unknown combatant or weapon is exit 2 whatever the state."""
    for name in _ID_FIELDS:
        ref = getattr(action, name, None)
        if isinstance(ref, str):
            res.combatant(ref)
    for ref in getattr(action, "targets", ()):
        res.combatant(ref)
    weapon = getattr(action, "weapon", None)
    if isinstance(action, Attack) and weapon:
        attacker = res.combatant(action.attacker)
        if attacker.weapon(weapon) is None:
            raise UsageError(f'{attacker.display} has no weapon "{weapon}"')

