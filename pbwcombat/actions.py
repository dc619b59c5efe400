"""Actions: what a command asks for, as values; `dispatch` sends each to its rule module.

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


def dispatch(res: Resolution, action: object) -> None:
    from pbwcombat.rules import (
        attack,
        declared,
        disengage,
        hp,
        initiative,
        intercept,
        movement,
        rolls,
        turns,
    )

    match action:
        case RollInitiative(reroll=reroll):
            initiative.roll_initiative(res, reroll)
        case Next():
            turns.next_turn(res)
        case Delay(who=who):
            turns.delay(res, who)
        case Act(who=who):
            turns.act(res, who)
        case End():
            turns.end_by_hand(res)
        case Remove(who=who):
            turns.remove(res, who)
        case Hp(targets=targets, delta=delta):
            hp.gm_hp(res, list(targets), delta)
        case FreeRoll(expr=expr, who=who, reason=reason):
            rolls.free_roll(res, expr, who, reason)
        case Attack():
            attack.attack(res, action.attacker, action.target, action.weapon, action.mod,
                          action.on_intercept, action.from_behind)
        case Move(away=True):
            movement.move_away(res, action.who, action.to_cover)
        case Move():
            movement.move(res, action.who, list(action.waypoints), action.step, action.run,
                          action.to_cover)
        case Disengage():
            disengage.disengage(res, action.who, action.to, action.reckless)
        case Intercept():
            intercept.start_guard(res, action.defender, action.ward)
        case DiceCommit(salt=salt):
            rolls.commit_dice(res, salt)
        case DiceSalt(salt=salt):
            rolls.salt_dice(res, salt)
        case Declare(who=who, argv=argv):
            declared.declare(res, who, list(argv))
        case ClearDeclaration(who=who):
            declared.clear(res, who)
        case Resolve():
            declared.resolve_round(res)
        case _:
            raise TypeError(f"unknown action {action!r}")
