"""Dice: expressions (R-DIC-1), the keyed counter generator (R-DIC-2), supplied faces (R-DIC-3).

Nothing here touches the global `random`: every die comes from the encounter's own
HMAC-SHA256 counter generator, or from faces supplied on the command line.
"""

import hashlib
import hmac
import re

from pbwcombat.errors import UsageError
from pbwcombat.value import Value

ALGORITHM = "hmac-sha256-v1"
MAX_COUNT = 100
MAX_SIDES = 1000
MAX_TERMS = 20
_MAX_EXPR_LEN = 400

_TERM = re.compile(r"([+-])?\s*(?:(\d{1,6})?[dD](\d{1,7})|(\d{1,9}))\s*")


class Term(Value):
    """One `NdM` term (sides > 0) or an integer constant (sides == 0, value in `number`)."""

    sign: int
    number: int
    sides: int

    def __str__(self) -> str:
        return f"{self.number}d{self.sides}" if self.sides else str(self.number)


class DiceExpr(Value):
    """A parsed dice expression: a signed sum of terms."""

    terms: tuple[Term, ...]

    def __str__(self) -> str:
        out = ""
        for i, t in enumerate(self.terms):
            if i or t.sign < 0:
                out += "-" if t.sign < 0 else "+"
            out += str(t)
        return out


def parse(text: str) -> DiceExpr:
    """Parse `1d20+5`, `2d6+1d4-1`, `-2d6`, `d20` (R-DIC-1); UsageError (exit 2) otherwise."""
    source = text.strip()
    if not source or len(source) > _MAX_EXPR_LEN:
        raise UsageError(f'"{text[:40]}" is not a dice expression')
    terms: list[Term] = []
    pos = 0
    while pos < len(source):
        m = _TERM.match(source, pos)
        if not m or m.end() == pos or (terms and not m.group(1)):
            raise UsageError(f'"{text}" is not a dice expression')
        sign = -1 if m.group(1) == "-" else 1
        if m.group(4) is not None:
            terms.append(Term(sign, int(m.group(4)), 0))
        else:
            count = int(m.group(2)) if m.group(2) else 1
            sides = int(m.group(3))
            if not 1 <= count <= MAX_COUNT:
                raise UsageError(f'"{text}": 1 to {MAX_COUNT} dice per term (R-DIC-1)')
            if not 1 <= sides <= MAX_SIDES:
                raise UsageError(f'"{text}": dice have 1 to {MAX_SIDES} sides (R-DIC-1)')
            terms.append(Term(sign, count, sides))
        if len(terms) > MAX_TERMS:
            raise UsageError(f'"{text}": at most {MAX_TERMS} terms (R-DIC-1)')
        pos = m.end()
    return DiceExpr(tuple(terms))


def is_dice_expression(text: str) -> bool:
    try:
        parse(text)
    except UsageError:
        return False
    return True


def generator_key(seed: bytes, salt: str) -> bytes:
    """R-DIC-2: the key is the seed, or SHA-256(seed ‖ salt) once the players' salt is set."""
    return hashlib.sha256(seed + salt.encode("utf-8")).digest() if salt else seed


def generated_face(key: bytes, n: int, sides: int) -> int:
    """R-DIC-2 `hmac-sha256-v1`: unbiased face of die number `n` by rejection sampling."""
    limit = 2**64 - 2**64 % sides
    k = 0
    while True:
        digest = hmac.digest(key, f"{n}:{k}".encode(), "sha256")
        w = int.from_bytes(digest[:8], "big")
        if w < limit:
            return w % sides + 1
        k += 1


class Die(Value):
    """One die as rolled: its sides, its face, and its origin (`n` of the generator, or None
    when the face was supplied with --dice)."""

    sides: int
    face: int
    n: int | None = None

    @property
    def supplied(self) -> bool:
        return self.n is None


class Mod(Value):
    """A named modifier added to a roll; `note` is a catalogue key (e.g. "streak")."""

    value: int
    note: str = ""


class RolledTerm(Value):
    sign: int
    number: int
    sides: int
    dice: tuple[Die, ...] = ()


class Roll(Value):
    """Every face of one roll, its constant and named modifiers, and the total (R-OUT-1)."""

    terms: tuple[RolledTerm, ...]
    mods: tuple[Mod, ...] = ()
    total: int = 0

    @property
    def dice(self) -> tuple[Die, ...]:
        return tuple(d for t in self.terms for d in t.dice)

    @property
    def natural(self) -> int:
        """The face of the first die (the natural roll of a d20 check)."""
        return self.dice[0].face


class DiceSource:
    """Hands out dice for one action: supplied faces first (R-DIC-3), then the generator.

    `n` is the generator counter; it advances only for generated dice."""

    def __init__(self, key: bytes, n: int, supplied: list[int] | None = None) -> None:
        self.key = key
        self.n = n
        self.supplied: list[int] = list(supplied or [])
        self.drawn: list[Die] = []

    def die(self, sides: int) -> Die:
        if self.supplied:
            face = self.supplied.pop(0)
            if not 1 <= face <= sides:
                raise UsageError(f"supplied face {face} is not a face of a d{sides} (R-DIC-3)")
            rolled = Die(sides, face, None)
        else:
            rolled = Die(sides, generated_face(self.key, self.n, sides), self.n)
            self.n += 1
        self.drawn.append(rolled)
        return rolled

    def roll(self, expr: DiceExpr | str, mods: tuple[Mod, ...] = (), times: int = 1) -> Roll:
        """Roll `expr` (`times` over, summed: criticals, R-ATK-4) plus named modifiers."""
        parsed = parse(expr) if isinstance(expr, str) else expr
        terms: list[RolledTerm] = []
        total = 0
        for _ in range(times):
            for t in parsed.terms:
                if t.sides:
                    dice = tuple(self.die(t.sides) for _ in range(t.number))
                    total += t.sign * sum(d.face for d in dice)
                    terms.append(RolledTerm(t.sign, t.number, t.sides, dice))
                else:
                    total += t.sign * t.number
                    terms.append(RolledTerm(t.sign, t.number, 0))
        total += sum(m.value for m in mods)
        return Roll(tuple(terms), mods, total)

    def d20(self, *mods: Mod) -> Roll:
        """1d20 + named modifiers: the check of attacks, initiative, totals (fast path)."""
        kept = tuple(m for m in mods if m.value or m.note)
        die = self.die(20)
        return Roll((RolledTerm(1, 1, 20, (die,)),), kept,
                    die.face + sum(m.value for m in kept))


D20 = DiceExpr((Term(1, 1, 20),))
D100 = DiceExpr((Term(1, 1, 100),))


def parse_supplied(text: str | None) -> list[int]:
    """`--dice 17,6,3` → [17, 6, 3]; a value that is not a positive integer is exit 2."""
    if not text:
        return []
    faces: list[int] = []
    for part in text.replace(" ", "").split(","):
        if not part.isdigit() or len(part) > 7:
            raise UsageError(f'--dice: "{part}" is not a die face (R-DIC-3)')
        faces.append(int(part))
    return faces
