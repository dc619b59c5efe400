"""Actions: what a command asks for, as values; `pbwcombat.dispatch` sends each to its rule.

The value layer (issue 21 item 6): nothing here asks the state, so posts read a declared
action with the same parser its command uses; the id check is `rules/usage.py`'s.

Each action reads and writes its own command line, as python-chess's `Move.from_uci`/`uci()`:
`to_argv(Attack("aldric", "snag", "longsword"))` is `("attack", "aldric", "snag", "--weapon",
"longsword")` and `from_argv` reads it back to an equal action. That argument list, not the
Python repr, is what `declare` queues and what `--key` digests, so renaming a field changes
neither. Fields without a default are positional arguments in order; fields with a default
are `--options` (a bool is a flag), named after the field with dashes.
"""

from typing import TYPE_CHECKING, Any, ClassVar, get_type_hints

from pbwcombat.errors import UsageError
from pbwcombat.frozen import Value
from pbwcombat.orders_text import ACT_READER, ELSE, THEN
from pbwcombat.readying import parse_plan, parse_trigger, plan_text
from pbwcombat.rules.effects import COVER

if TYPE_CHECKING:
    from pbwcombat.model import Combatant


class Action(Value):
    """An action value that knows its command line (see the module docstring)."""

    VERB: ClassVar[str] = ""
    DECLARABLE: ClassVar[bool] = False  # `declare WHO VERB …` may queue it (R-DEC)
    REST: ClassVar[str] = ""  # a field that takes the remaining positional arguments
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {}
    FLAGS: ClassVar[dict[str, str]] = {}  # a field whose option is not named after it
    # Fields added after 0.1: left out of the repr while at their defaults, so that --key
    # digests stored by 0.1 (the repr) still match (R-LOG-7).
    LATER: ClassVar[tuple[str, ...]] = ()

    def writes(self) -> bool:
        """Whether applying it writes the file and the journal (a plain `remind` only
        prints, R-PAC-3)."""
        return True

    def __repr__(self) -> str:
        shown = {k: v for k, v in self._values.items()
                 if k not in self.LATER or v != self._defaults.get(k)}
        inner = ", ".join(f"{k}={v!r}" for k, v in shown.items())
        return f"{type(self).__name__}({inner})"


_DECLINES = ("no_aoo", "no_intercept")  # R-AOO-4, on every command that can provoke


class RollInitiative(Action):
    VERB = "roll-initiative"
    reroll: bool = False


class Next(Action):
    """`next [--if-idle D]`: once due, with `rules.idle_action = "orders"` the idle
    combatant first acts by its standing orders (R-ORD-3); the service checks the wait."""

    VERB = "next"
    if_idle: str | None = None
    no_aoo: tuple[str, ...] = ()  # R-AOO-4: for the acts the idle combatant's orders make
    no_intercept: tuple[str, ...] = ()
    LATER = _DECLINES


class Delay(Action):
    VERB = "delay"
    DECLARABLE = True
    who: str


class Act(Action):
    VERB = "act"
    who: str


class End(Action):
    VERB = "end"


class Remove(Action):
    VERB = "remove"
    who: str


class Hp(Action):
    VERB = "hp"
    targets: tuple[str, ...]  # one argument, comma-separated
    delta: str
    temp: bool = False  # R-HP-6
    nonlethal: bool = False  # R-HP-7
    energy: str | None = None  # R-HP-8
    LATER = ("temp", "nonlethal", "energy")


class FreeRoll(Action):
    VERB = "roll"
    expr: str
    who: str | None = None
    reason: str = ""


_COVERS = ("half", COVER, "improved")  # R-CIR-1 (`cover` is the condition's name too)


class Attack(Action):
    VERB = "attack"
    DECLARABLE = True
    CHOICES = dict(on_intercept=("redirect", "forfeit"), cover=_COVERS)
    attacker: str
    target: str
    weapon: str | None = None
    mod: int = 0
    on_intercept: str = "redirect"
    from_behind: bool = False
    no_aoo: tuple[str, ...] = ()
    no_intercept: tuple[str, ...] = ()
    flanking: bool = False  # R-CIR-1: declared circumstances
    higher_ground: bool = False
    cover: str | None = None
    concealment: str | None = None  # "total" or 1…100
    invisible: bool = False
    charge: bool = False  # R-ACT-11
    defensively: bool = False
    approach: bool = False  # R-ORD-7: move into reach first


class FullAttack(Action):
    """R-ACT-5: `attack WHO T1[,T2…] --full` (the `attack` command with `--full`)."""

    VERB = "attack"
    CHOICES = dict(on_intercept=("redirect", "forfeit"), cover=_COVERS)
    attacker: str
    targets: tuple[str, ...]  # one argument, comma-separated
    weapon: str | None = None
    mod: int = 0
    on_intercept: str = "redirect"
    from_behind: bool = False
    no_aoo: tuple[str, ...] = ()
    no_intercept: tuple[str, ...] = ()
    flanking: bool = False  # R-CIR-1: declared circumstances, on each roll
    higher_ground: bool = False
    cover: str | None = None
    concealment: str | None = None
    invisible: bool = False
    defensively: bool = False  # R-ACT-11
    trip: bool = False  # R-ACT-12: the first roll is a trip
    approach: bool = False  # R-ORD-7: a 5-ft step into reach first


def _since(cls: type[Action], first: str) -> tuple[str, ...]:
    """The fields from `first` on: added after 0.1, left out of the repr at their defaults."""
    return cls._fields[cls._fields.index(first):]


# R-CIR-1 circumstances, R-ACT-11/12 options (their names are not written here: `cover` and
# `invisible` are also conditions, whose names only rules/effects.py spells)
Attack.LATER = (*_DECLINES, *_since(Attack, "flanking"))
FullAttack.LATER = _since(FullAttack, "flanking")


class Move(Action):
    VERB = "move"
    DECLARABLE = True
    REST = "waypoints"
    who: str
    waypoints: tuple[tuple[int, int], ...] = ()
    step: bool = False
    run: bool = False
    to_cover: bool = False
    away: bool = False
    withdraw: bool = False  # R-ACT-6
    no_aoo: tuple[str, ...] = ()
    no_intercept: tuple[str, ...] = ()
    find_path: bool = False  # R-GEO-8
    LATER = ("withdraw", *_DECLINES, "find_path")


class Disengage(Action):
    VERB = "disengage"
    DECLARABLE = True
    who: str
    to: tuple[int, int] | None = None
    reckless: bool = False
    no_aoo: tuple[str, ...] = ()
    no_intercept: tuple[str, ...] = ()
    LATER = _DECLINES


COSTS = ("standard", "move", "full", "free")
STAND_UP = "stand-up"  # a built-in action every combatant has (R-CND-3, R-ACT-8)


class TakeAction(Action):
    """R-ACT-1: `action WHO ACTION [--target ID,…]` or ad hoc `action WHO --text T --cost C
    [--provokes]`; `action WHO stand-up` is the built-in one (R-CND-3)."""

    VERB = "action"
    DECLARABLE = True
    REST = "names"  # the action's id (one)
    CHOICES = {"cost": COSTS}
    who: str
    names: tuple[str, ...] = ()
    target: tuple[str, ...] = ()
    text: str | None = None
    cost: str | None = None
    provokes: bool = False
    no_aoo: tuple[str, ...] = ()
    no_intercept: tuple[str, ...] = ()
    defensively: bool = False  # R-ACT-10: cast a spell defensively
    against: str | None = None  # R-ACT-12 aid another: the enemy
    defense: bool = False  # R-ACT-12 aid another: the ally's Defense instead of its attack
    counter: bool = False  # R-ACT-12 trip: the defender tries to trip back on a failure
    weapon: str | None = None  # R-ACT-12 coup de grace: the weapon
    LATER = ("defensively", "against", "defense", "counter", "weapon")

    @property
    def action(self) -> str | None:
        return self.names[0] if self.names else None


class Add(Action):
    """R-ACT-7: newcomers, `add ID --like OTHER …` or `add --from FILE [ID…]`; `roster` holds
    the chosen combatants of FILE (a JSON list of tables), read before the encounter. `add
    ID --srd NAME` and `add --statblock FILE` fill `roster` too (from the bundled bestiary, or
    a pasted stat block), `hit_dice` holding each newcomer's Hit Dice when `--roll-hp`."""

    VERB = "add"
    REST = "ids"
    FLAGS = {"source": "--from"}
    ids: tuple[str, ...] = ()
    like: str | None = None
    count: int | None = None
    name: str | None = None
    at: tuple[tuple[int, int], ...] = ()
    source: str | None = None
    initiative: bool = False
    roster: str = ""
    srd: str | None = None
    statblock: str | None = None
    hit_dice: tuple[str, ...] = ()
    LATER = ("srd", "statblock", "hit_dice")


class Intercept(Action):
    VERB = "intercept"
    DECLARABLE = True
    defender: str
    ward: str


class SetValue(Action):
    """`set WHO KEY VALUE` / `set rules.KEY VALUE` (R-LOG-2): `subject` is a combatant id or
    "rules"; `value` is the text as typed (a TOML value, or else a string)."""

    VERB = "set"
    subject: str
    key: str
    value: str


class SetCondition(Action):
    """`condition WHO[,WHO…] NAME [--rounds N] [--ends start|end] [--of ID] [--remove]`."""

    VERB = "condition"
    CHOICES = {"ends": ("start", "end")}
    targets: tuple[str, ...]
    name: str
    rounds: int | None = None
    ends: str | None = None
    of: str | None = None
    remove: bool = False
    save: str | None = None  # R-CND-6: "will:15"
    damage: str | None = None  # R-CND-6: ongoing damage
    energy: str | None = None
    by: str | None = None  # R-CND-7
    attack: int = 0  # R-CND-10 custom modifiers
    defense: int = 0
    saves: int = 0
    damage_bonus: int = 0
    LATER = ("save", "damage", "energy", "by", "attack", "defense", "saves", "damage_bonus")


class StandUp(Action):
    """The built-in `stand-up` action (R-CND-3)."""

    VERB = "stand-up"
    who: str


class DiceCommit(Action):
    """`dice commit`: no salt here (R-LOG-9: the players' salt comes after, by `dice salt`)."""

    VERB = "dice commit"


class DiceSalt(Action):
    VERB = "dice salt"
    salt: str


class Ready(Action):
    """R-RDY-1: `ready WHO PLAN… --when TRIGGER` / `ready WHO --clear`. PLAN keeps its own
    options (`attack any --weapon bow`) as typed: `--when` and `--clear` are this
    command's."""

    VERB = "ready"
    DECLARABLE = True
    REST = "plan"
    who: str
    plan: tuple[str, ...] = ()
    when: str | None = None
    clear: bool = False


class Declare(Action):
    VERB = "declare"
    REST = "argv"  # the declared action's own arguments, options included, kept as typed
    who: str
    argv: tuple[str, ...]


class ClearDeclaration(Action):
    VERB = "declare"  # `declare WHO --clear`
    who: str


class Resolve(Action):
    VERB = "resolve"
    no_aoo: tuple[str, ...] = ()  # R-AOO-4: for every act of the round (declared or by
    no_intercept: tuple[str, ...] = ()  # orders), besides each declaration's own
    when_all_declared: bool = False  # R-PAC-4: the service resolves only once it holds
    LATER = (*_DECLINES, "when_all_declared")


class Absent(Action):
    """R-PAC-2: `absent WHO --until WHEN` (a time or a duration from now, as typed: the rule
    reads it against the command's clock) / `absent WHO --clear`."""

    VERB = "absent"
    who: str
    until: str | None = None
    clear: bool = False


class SetOrders(Action):
    """R-ORD-4: `orders WHO RULE…` (each RULE one argument) / `orders WHO --clear`."""

    VERB = "orders"
    REST = "rules"
    who: str
    rules: tuple[str, ...] = ()
    clear: bool = False


class Remind(Action):
    """R-PAC-3: `remind [--if-due D]`; plain, it only prints."""

    VERB = "remind"
    if_due: str | None = None

    def writes(self) -> bool:
        return self.if_due is not None


_BY_VERB: dict[str, type[Action]] = {  # in the order `declare` lists what it takes
    cls.VERB: cls for cls in (RollInitiative, Next, Act, End, Remove, Hp, FreeRoll, Attack,
                              Move, Disengage, Intercept, Delay, DiceCommit, DiceSalt,
                              SetCondition, StandUp, Declare, Resolve, TakeAction, Add,
                              SetValue, Ready, Absent, Remind, SetOrders)
}

# The verbs `declare` takes: the declarable action classes' (a property of the class).
DECLARABLE = tuple(verb for verb, cls in _BY_VERB.items() if cls.DECLARABLE)


def parse_ids(text: str, flag: str = "") -> tuple[str, ...]:
    """`a,b,c` → ids (each once, in order); UsageError when empty."""
    parts = tuple(dict.fromkeys(p.strip() for p in text.split(",") if p.strip()))
    if not parts:
        where = f"{flag}: " if flag else ""
        raise UsageError("ids_expected", value=f"{where}{text!r}")
    return parts


def parse_square(text: str) -> tuple[int, int]:
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2 or not all(p.lstrip("+-").isdigit() and len(p) < 8 for p in parts):
        raise UsageError("not_square", value=repr(text))
    x, y = int(parts[0]), int(parts[1])
    if not (-BOARD <= x <= BOARD and -BOARD <= y <= BOARD):  # SPEC: an argument out of the
        # file's bounds is exit 2 (--force let `move` try to write it, exit 3)
        raise UsageError("off_board", value=repr(text), low=-BOARD, high=BOARD)
    return x, y


BOARD = 100_000  # the file's coordinate bound (forms.COORD)


def parse_concealment(text: str) -> str:
    """`--concealment N|total` (R-CIR-1): "total" (50%) or a percentage 1–100; exit 2 else."""
    if text == "total":
        return text
    if not text.isdigit() or len(text) > 3 or not 1 <= int(text) <= 100:
        raise UsageError("concealment_value", rule="R-CIR-1", value=repr(text))
    return str(int(text))


def _option(name: str, cls: type[Action] | None = None) -> str:
    if cls is not None and name in cls.FLAGS:
        return cls.FLAGS[name]
    return "--" + name.replace("_", "-")


_SQUARES = tuple[tuple[int, int], ...]


def _hints(cls: type[Action]) -> dict[str, Any]:
    return {f: h for f, h in get_type_hints(cls).items() if f in cls._fields}


def _write(hint: Any, value: Any) -> list[str]:
    """One field's value as arguments."""
    if hint == tuple[str, ...]:
        return [",".join(value)]
    if hint == tuple[tuple[int, int], ...]:
        return [f"{x},{y}" for x, y in value]
    if isinstance(value, tuple):  # a square
        return [f"{value[0]},{value[1]}"]
    return [str(value)]


def _read(cls: type[Action], name: str, hint: Any, text: str) -> Any:
    """One argument as a field's value; UsageError (exit 2) when it does not parse."""
    flag = _option(name)
    if hint == int | None:
        hint = int
    if hint is int:
        if not text.lstrip("+-").isdigit() or len(text) > 12:
            raise UsageError("not_integer", flag=flag, value=repr(text))
        return int(text)
    if hint == tuple[str, ...]:
        parts = tuple(p.strip() for p in text.split(",") if p.strip())
        if not parts:
            raise UsageError("ids_expected", value=repr(text))
        return parts
    if hint in (tuple[int, int], tuple[int, int] | None):
        return parse_square(text)
    if hint == tuple[tuple[int, int], ...]:
        return parse_square(text)
    if name == "concealment":
        return parse_concealment(text)
    choices = cls.CHOICES.get(name)
    if choices and text not in choices:
        raise UsageError("not_one_of", flag=flag, value=repr(text), choices=', '.join(choices))
    return text


def to_argv(action: Action) -> tuple[str, ...]:
    """The action's command line after the encounter file, verb first, options that differ
    from their defaults in field order: the canonical form `from_argv` reads back."""
    cls = type(action)
    out = cls.VERB.split()
    options: list[str] = []
    hints = _hints(cls)
    for name in cls._fields:
        value = getattr(action, name)
        if name == cls.REST:
            out += list(value) if hint_is_text(hints[name]) else _write(hints[name], value)
        elif name not in cls._defaults:
            out += _write(hints[name], value)
        elif value != cls._defaults[name]:
            flag = _option(name, cls)
            if hints[name] == _SQUARES:  # one option per square: --at 6,6 --at 7,7
                options += [w for sq in _write(hints[name], value) for w in (flag, sq)]
            else:
                options += [flag] if value is True else [flag, *_write(hints[name], value)]
    if isinstance(action, ClearDeclaration):
        options.append("--clear")
    if isinstance(action, FullAttack):
        options.append("--full")
    return (*out, *options)


def hint_is_text(hint: Any) -> bool:
    return bool(hint == tuple[str, ...])


def from_argv(argv: list[str] | tuple[str, ...]) -> Action:
    """An action from its command line (verb first); UsageError (exit 2) for what the
    command itself would refuse to parse."""
    words = list(argv)
    verb = " ".join(words[:2]) if words[:1] == ["dice"] else " ".join(words[:1])
    cls = _BY_VERB.get(verb)
    if cls is None:
        raise UsageError("unknown_command", verb=repr(verb))
    rest = words[len(verb.split()):]
    if cls is Declare and "--clear" in rest:
        if len(rest) != 2 or rest[1] != "--clear":
            raise UsageError("declare_clear_takes_action")
        return ClearDeclaration(rest[0])
    if cls is Attack and "--full" in rest:
        rest.remove("--full")  # R-ACT-5: the full attack is `attack … --full`
        cls = FullAttack
    if cls is Ready:
        return _ready_from(rest)
    return _fill(cls, rest)


def _ready_from(args: list[str]) -> Ready:
    """`ready WHO PLAN… [--when TRIGGER] [--clear]`: the plan's words stay as typed."""
    words: list[str] = []
    when: str | None = None
    clear = False
    i = 0
    while i < len(args):
        if args[i] == "--when":
            if i + 1 >= len(args):
                raise UsageError("needs_value", arg="--when")
            if when is not None:
                raise UsageError("given_twice", verb="ready", arg="--when")
            when = args[i + 1]
            i += 2
            continue
        if args[i] == "--clear":
            clear = True
        else:
            words.append(args[i])
        i += 1
    if not words:
        raise UsageError("expected", verb="ready", wanted="WHO PLAN")
    if not clear:  # R-RDY-1 checked when parsed: `ready`, `declare … ready`, orders alike
        check_readied(tuple(words[1:]), when)
    return Ready(words[0], tuple(words[1:]), when, clear)


def check_readied(plan: tuple[str, ...], when: str | None) -> None:
    """R-RDY-1: a trigger of the five, and a plan of one attack, action or move (exit 2)."""
    if when is None:
        raise UsageError("ready_needs_when", rule="R-RDY-1")
    try:
        parse_trigger(when)
    except ValueError:
        raise UsageError("ready_bad_trigger", rule="R-RDY-1", value=repr(when)) from None
    try:
        parse_plan(plan)
    except ValueError:
        raise UsageError("ready_bad_plan", rule="R-RDY-1", value=repr(plan_text(plan))) \
            from None


def _fill(cls: type[Action], args: list[str]) -> Action:
    hints = _hints(cls)
    positional = [f for f in cls._fields if f not in cls._defaults and f != cls.REST]
    options = {_option(f, cls): f for f in cls._fields
               if f in cls._defaults and f != cls.REST}
    values: dict[str, Any] = {}
    loose: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if cls is Declare and len(loose) >= 1:  # the declared action's words, as typed
            loose += args[i:]
            break
        if arg.startswith("--") and arg not in options:
            raise UsageError("unknown_option", verb=cls.VERB, arg=arg)
        if arg in options:
            name = options[arg]
            if name in values and hints[name] != _SQUARES:
                raise UsageError("given_twice", verb=cls.VERB, arg=arg)
            if hints[name] == _SQUARES:  # repeatable: --at 6,6 --at 7,7
                if i + 1 >= len(args):
                    raise UsageError("needs_value", arg=arg)
                values[name] = (*values.get(name, ()), parse_square(args[i + 1]))
                i += 2
                continue
            if hints[name] is bool:
                values[name] = True
            else:
                if i + 1 >= len(args):
                    raise UsageError("needs_value", arg=arg)
                values[name] = _read(cls, name, hints[name], args[i + 1])
                i += 1
        else:
            loose.append(arg)
        i += 1
    if len(loose) < len(positional) or (len(loose) > len(positional) and not cls.REST):
        wanted = " ".join(p.upper() for p in positional) or "no arguments"
        raise UsageError("expected", verb=cls.VERB, wanted=wanted)
    for name, text in zip(positional, loose, strict=False):
        values[name] = _read(cls, name, hints[name], text)
    if cls.REST:
        extra = loose[len(positional):]
        values[cls.REST] = tuple(extra) if hint_is_text(hints[cls.REST]) else tuple(
            _read(cls, cls.REST, hints[cls.REST], t) for t in extra)
    action: Action = cls(**values)
    return action


def parse_declared(who: str, argv: list[str] | tuple[str, ...]) -> Action:
    """A declared action (`attack TARGET --weapon W`, `move 3,4 --run`, …) as an Action:
    the command's own parser with WHO in front; UsageError (exit 2) if it would not parse."""
    if not argv or argv[0] not in DECLARABLE:
        raise UsageError("declare_action_must_one", choices=', '.join(DECLARABLE))
    return from_argv([argv[0], who, *argv[1:]])


def split_plans(argv: list[str] | tuple[str, ...]) -> list[list[tuple[str, ...]]]:
    """R-ORD-5/6: `attack a then move 1,1 --else move 5,5` → its plans (split at `--else`),
    each a list of acts (split at ` then `); UsageError (exit 2) for an empty plan or act."""
    plans: list[list[tuple[str, ...]]] = [[]]
    act: list[str] = []
    for word in [*argv, ELSE]:
        if word in (THEN, ELSE):
            if not act:
                raise UsageError("declare_empty_act", word=word, rule="R-ORD-6")
            plans[-1].append(tuple(act))
            act = []
            if word == ELSE:
                plans.append([])
        else:
            act.append(word)
    return plans[:-1]


def join_plans(plans: list[list[tuple[str, ...]]]) -> tuple[str, ...]:
    """The inverse of `split_plans`."""
    out: list[str] = []
    for i, plan in enumerate(plans):
        if i:
            out.append(ELSE)
        for j, act in enumerate(plan):
            if j:
                out.append(THEN)
            out += act
    return tuple(out)


def _read_act(argv: tuple[str, ...]) -> Action:
    return parse_declared("someone", argv)


# R-ORD-4: conditional orders (read in the value layer) check their acts with this parser
ACT_READER.verbs = DECLARABLE
ACT_READER.read = _read_act


def declared_argv(action: Action) -> tuple[str, ...]:
    """What `declare` queues: the action's command line without WHO (`attack snag …`),
    canonical, so that `parse_declared(who, declared_argv(a)) == a`."""
    verb, _who, *rest = to_argv(action)
    return (verb, *rest)


def check_own(action: object, me: "Combatant") -> None:
    """Usage that needs the actor (exit 2): an action it has or the table's row taken as
    `action` takes it (R-ACT-8), a weapon it holds. `rules.usage.check_ids` and `orders`
    (R-ORD-4, each act of a rule) share it."""
    if isinstance(action, TakeAction):
        check_take_action(action, me)
    weapon = getattr(action, "weapon", None)
    if isinstance(action, (Attack, FullAttack)) and weapon and me.weapon(weapon) is None:
        raise UsageError("has_weapon_named", name=me.display, weapon=weapon)


def check_take_action(x: TakeAction, me: "Combatant | None" = None) -> None:
    """R-ACT-1 usage (exit 2): a named action, or an ad hoc one (`--text` and `--cost`); a
    row of the built-in table (R-ACT-8) takes `--text` as detail and, when its provokes is
    "maybe", "usually" or "varies", `--provokes`; a row that is a command of its own is
    refused with the command to use. `me`: the actor (its own actions win over the table)."""
    if x.text is not None and not x.text.strip():
        raise UsageError("action_text_text_empty")
    if x.names and x.text is not None and not _table_row(x, me):
        raise UsageError("action_give_action_text_not")
    if x.names:
        if len(x.names) != 1:
            raise UsageError("action_give_one_action_text", rule="R-ACT-1")
        if _table_row(x, me):
            _check_row(x)
            return
        if x.cost is not None or x.provokes:
            raise UsageError("action_cost_provokes_go_text")
        if x.against is not None or x.defense or x.counter or x.weapon is not None:
            raise UsageError("option_goes_with_row", rule="R-ACT-12",
                             flag="--counter" if x.counter else "--against/--defense",
                             row="trip" if x.counter else "aid-another")
        if me is not None and me.action(x.names[0]) is None:
            raise UsageError("has_no_action", name=me.display, action=x.names[0])
        return
    if x.text is None:
        raise UsageError("action_give_one_action_text", rule="R-ACT-1")
    if x.cost is None:
        raise UsageError("action_text_needs_cost_standard", rule="R-ACT-1")
    if x.target:
        raise UsageError("ad_hoc_action_takes_target", rule="R-ACT-3")


def _table_row(x: TakeAction, me: "Combatant | None") -> bool:
    """The named action is a row of the built-in table, not one of the actor's own."""
    if x.names == (STAND_UP,):
        return True  # the built-in one wins over a file action of its id (R-CND-3)
    if len(x.names) != 1 or (me is not None and me.action(x.names[0]) is not None):
        return False
    from pbwcombat.menu import COMMANDS, row

    return x.names[0] in COMMANDS or row(x.names[0]) is not None


def _check_row(x: TakeAction) -> None:
    from pbwcombat.menu import COMMANDS, TARGETED, row

    key = x.names[0]
    if key in COMMANDS:
        raise UsageError("action_row_is_command", rule="R-ACT-8", action=key,
                         command=COMMANDS[key].replace("WHO", x.who))
    r = row(key)
    assert r is not None
    if x.cost is not None:
        raise UsageError("action_row_has_cost", rule="R-ACT-8", action=key)
    if x.provokes and not r.optional:
        raise UsageError("action_row_provokes_optional", rule="R-ACT-8", action=key)
    if x.target and r.id in ("stand-up", "drop-prone", "total-defense"):
        raise UsageError("takes_no_target_option", name=key)
    if not x.target and r.id in TARGETED:
        raise UsageError("needs_target", rule="R-ACT-12", name=key)
    if r.id in TARGETED and len(x.target) != 1:
        raise UsageError("one_target_only", rule="R-ACT-12", name=key)
    if (x.against is not None or x.defense) and r.id != "aid-another":
        raise UsageError("option_goes_with_row", rule="R-ACT-12", flag="--against/--defense",
                         row="aid-another")
    if r.id == "aid-another" and x.against is None:
        raise UsageError("aid_needs_against", rule="R-ACT-12")
    if x.weapon is not None and r.id != "coup-de-grace":
        raise UsageError("option_goes_with_row", rule="R-ACT-12", flag="--weapon",
                         row="coup-de-grace")
    if x.counter and r.id != "trip":
        raise UsageError("option_goes_with_row", rule="R-ACT-12", flag="--counter", row="trip")
    if x.defensively:
        raise UsageError("defensively_is_for_spells", rule="R-ACT-10")


def parse_add(ids: list[str], like: str | None, count: int | None, name: str | None,
              at: list[str], source: str | None, initiative: bool, roster: str = "",
              srd: str | None = None, statblock: str | None = None,
              hit_dice: tuple[str, ...] = ()) -> Add:
    """R-ACT-7 arguments: `ID --like OTHER [--count N] [--name N]`, `--from FILE [ID…]`,
    `ID --srd NAME [--count N] [--name N]` or `[ID] --statblock FILE [--count N]`."""
    import re

    given = [flag for flag, v in (("--like", like), ("--from", source), ("--srd", srd),
                                  ("--statblock", statblock)) if v is not None]
    if len(given) != 1:
        raise UsageError("add_give_source", rule="R-ACT-7")
    for cid in ids:
        if not re.match(r"^[a-z0-9][a-z0-9_-]*$", cid) or len(cid) > 60:
            raise UsageError("add_not_z", id=repr(cid))
    if (srd is not None or statblock is not None) and (len(ids) > 1 or srd and not ids):
        raise UsageError("add_one_new_id", flag=given[0])
    if like is not None or srd is not None or statblock is not None:
        if like is not None and len(ids) != 1:
            raise UsageError("add_like_give_exactly_one")
        if count is not None and not 1 <= count <= 1000:
            raise UsageError("count_range")
        if name is not None and not name.strip():
            raise UsageError("name_name_empty")
    elif count is not None or name is not None:
        raise UsageError("count_name_go_like")
    squares = tuple(parse_square(a) for a in at)
    if len(squares) > 5000:
        raise UsageError("too_many_squares")
    return Add(tuple(ids), like, count, name, squares, source, initiative, roster, srd,
               statblock, hit_dice)
