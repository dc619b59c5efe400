"""Dice: expressions (R-DIC-1), the keyed counter generator (R-DIC-2), supplied faces (R-DIC-3).

Nothing here touches the global `random`: every die comes from the encounter's own
HMAC-SHA256 counter generator, or from faces supplied on the command line.

The expression parser is our own (a small recursive descent over the R-DIC-1 grammar) rather
than the `d20` package: d20 1.1.2 pins `lark-parser~=0.9.0` (a 2020 release under a package name
lark has since left), builds a Lark grammar at import, rolls with the global `random`, reads
`d%` as a tens die, has no `D`, `dh`/`dl`, `×` or rounding-down `/`, and accepts much more than
R-DIC-1 (rerolls, explosions, comparisons, sets) where the rule wants everything else refused.
"""

import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from pbwcombat.digests import hmac_pads, hmac_sha256, sha256_bytes
from pbwcombat.errors import UsageError
from pbwcombat.frozen import Value
from pbwcombat.patterns import lazy

ALGORITHM = "hmac-sha256-v1"
MAX_COUNT = 100
MAX_SIDES = 1000
MAX_TERMS = 20
MAX_NESTING = 5
MAX_INTEGER = 999_999_999

# -- the parsed expression --------------------------------------------------------------------


class Num(Value):
    """An integer constant."""

    value: int

    def __str__(self) -> str:
        return str(self.value)

    def emit(self, src: "DiceSource", sign: int, out: list["RolledTerm"]) -> int:
        out.append(RolledTerm(sign, self.value, 0, (), "", ""))
        return self.value


class Dice(Value):
    """`NdM`, with an optional keep/drop suffix: `keep` is "", "kh", "kl", "dh" or "dl"."""

    count: int
    sides: int
    keep: str = ""
    k: int = 0

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}{self.keep}{self.k if self.keep else ''}"

    def emit(self, src: "DiceSource", sign: int, out: list["RolledTerm"]) -> int:
        sides = self.sides
        dice = [src.die(sides) for _ in range(self.count)]  # left to right, all of them
        if self.keep:
            dice = _mark_dropped(dice, self.keep, self.k)
            total = sum(d.face for d in dice if not d.dropped)
        else:
            total = sum(d.face for d in dice)
        out.append(RolledTerm(sign, self.count, sides, tuple(dice),
                              f"{self.keep}{self.k}" if self.keep else "", ""))
        return total


def _mark_dropped(dice: list["Die"], keep: str, k: int) -> list["Die"]:
    """Mark the dice a keep/drop suffix leaves out; among equal faces the later die drops."""
    n = len(dice)
    if keep in ("kh", "dl"):  # drop the lowest (n - k for kh, k for dl)
        drop = n - k if keep == "kh" else k
        order = sorted(range(n), key=lambda i: (dice[i].face, -i))
    else:  # "kl", "dh": drop the highest
        drop = n - k if keep == "kl" else k
        order = sorted(range(n), key=lambda i: (-dice[i].face, -i))
    out = list(dice)
    for i in order[:drop]:
        d = dice[i]
        out[i] = Die(d.sides, d.face, d.n, True)
    return out


class Group(Value):
    """A parenthesised sum."""

    inner: "Sum"

    def __str__(self) -> str:
        return f"({self.inner})"

    def emit(self, src: "DiceSource", sign: int, out: list["RolledTerm"]) -> int:
        out.append(RolledTerm(sign, 0, 0, (), "", "("))
        value = self.inner.emit(src, 1, out)
        out.append(RolledTerm(1, 0, 0, (), "", ")"))
        return value


Atom = Num | Dice | Group


class Product(Value):
    """`first (op operand)…` with op `*` or `/` (rounding down); one side of every `*` and
    every divisor hold no dice (checked by the parser)."""

    first: Atom
    rest: tuple[tuple[str, Atom], ...]

    def __str__(self) -> str:
        return str(self.first) + "".join(op + str(x) for op, x in self.rest)

    def emit(self, src: "DiceSource", sign: int, out: list["RolledTerm"]) -> int:
        value = self.first.emit(src, sign, out)
        for op, x in self.rest:
            out.append(RolledTerm(1, 0, 0, (), "", op))
            other = x.emit(src, 1, out)
            value = value * other if op == "*" else value // other
        return value


class Sum(Value):
    """Signed items: `items[i] = (sign, operand)`; a sign covers the product after it."""

    items: tuple[tuple[int, "Atom | Product"], ...]

    def __str__(self) -> str:
        out = ""
        for i, (sign, x) in enumerate(self.items):
            if sign < 0:
                out += "-"
            elif i:
                out += "+"
            out += str(x)
        return out

    def emit(self, src: "DiceSource", sign: int, out: list["RolledTerm"]) -> int:
        total = 0
        for s, x in self.items:
            total += s * x.emit(src, s, out)
        return sign * total


class DiceExpr(Value):
    """A parsed dice expression (R-DIC-1); `str()` gives its canonical text."""

    root: Sum
    has_dice: bool
    text: str

    def __str__(self) -> str:
        return self.text


# -- errors -------------------------------------------------------------------------------------


# The English texts of the errors (the Spanish ones are in render/catalog.py, which merges
# these into its English catalogue): `dice_<reason>` with str.format fields.
DICE_ERRORS_EN: dict[str, str] = {
    "dice_not_expression": "\"{expr}\" is not a dice expression",
    "dice_at": "character {pos}: \"{found}\"",
    "dice_at_end": "at the end",
    "dice_accepted": "Accepted: dice NdM (2d6; d20 = 1d20; d% = 1d100; D as well), whole "
                     "numbers, + and - (+-2 = -2), keep or drop khK klK dhK dlK (2d20kh1, "
                     "4d6kh3; kh = kh1), parentheses, * or × and / by a whole number (/ rounds "
                     "down); spaces anywhere; at most {count} dice of {sides} sides per term, "
                     "{terms} terms, {nesting} nested parentheses.",
    "dice_double_sign": "two equal signs in a row",
    "dice_unopened": "a \")\" without its \"(\"",
    "dice_operator_expected": "expected +, -, *, × or / here",
    "dice_operand_expected": "expected a number, a die (NdM) or \"(\" here",
    "dice_divide_by_dice": "the divisor must be a whole number without dice",
    "dice_divide_by_zero": "division by zero",
    "dice_multiply_dice": "one side of a multiplication must be a whole number without dice",
    "dice_nesting": "more than {nesting} nested parentheses",
    "dice_unclosed": "a \"(\" is never closed",
    "dice_close_expected": "expected \")\" here",
    "dice_count": "1 to {count} dice per term",
    "dice_sides_expected": "expected the number of sides (or %) after \"d\"",
    "dice_sides": "dice have 1 to {sides} sides",
    "dice_keep_count": "a term of {count} dice keeps 1 to {count} of them",
    "dice_drop_count": "a term of {count} dice must keep at least one after dropping",
    "dice_integer": "whole numbers go up to {max}",
    "dice_terms": "more than {terms} terms",
}


class DiceSyntaxError(UsageError):
    """A bad expression (exit 2): quotes it, points at the first character that could not be
    read, names the accepted notation (R-DIC-1). `reason` is a catalogue key
    (`dice_<reason>`) with `fields`; `localized(texts)` renders it in a catalogue's language."""

    rule = "R-DIC-1"

    def __init__(self, expr: str, pos: int, reason: str, **fields: object) -> None:
        self.expr = expr
        self.pos = pos
        self.reason = reason
        super().__init__("dice_syntax")
        self.fields = fields

    @property
    def message(self) -> str:
        """The English lines (`localized` says them in a catalogue's language)."""
        return self.localized()

    def _parts(self, texts: Mapping[str, str]) -> tuple[str, str, str]:
        found = self.expr[self.pos:self.pos + 1]
        where = (texts["dice_at_end"] if self.pos >= len(self.expr) else
                 texts["dice_at"].format(pos=self.pos + 1, found=_printable(found)))
        head = texts["dice_not_expression"].format(expr=_printable(_window(self.expr,
                                                                           self.pos)[0]))
        why = texts["dice_" + self.reason].format(**self.fields)
        return head, f"{why} ({where})", texts["dice_accepted"].format(
            count=MAX_COUNT, sides=MAX_SIDES, terms=MAX_TERMS, nesting=MAX_NESTING)

    def localized(self, texts: Mapping[str, str] | None = None) -> str:
        """Several lines: the problem, the expression with a caret under the character, the
        accepted notation. `texts`: a catalogue (render.catalog.CATALOGUES[lang]); English
        by default."""
        head, why, accepted = self._parts(texts or DICE_ERRORS_EN)
        shown, column = _window(self.expr, self.pos)
        return (f"{head} (R-DIC-1): {why}\n  {_printable(shown)}\n"
                f"  {' ' * len(_printable(shown[:column]))}^\n{accepted}")

    def one_line(self, texts: Mapping[str, str] | None = None) -> str:
        """The problem on one line."""
        head, why, _ = self._parts(texts or DICE_ERRORS_EN)
        return f"{head}: {why}"


def _printable(text: str) -> str:
    return "".join(ch if ch.isprintable() else " " for ch in text)


_WINDOW = 60


def _window(expr: str, pos: int) -> tuple[str, int]:
    """A long expression is shown around the character pointed at: (text, caret column)."""
    if len(expr) <= 2 * _WINDOW:
        return expr, pos
    start = max(0, pos - _WINDOW)
    end = min(len(expr), pos + _WINDOW)
    head = "…" if start else ""
    tail = "…" if end < len(expr) else ""
    return head + expr[start:end] + tail, pos - start + len(head)


# -- the parser ---------------------------------------------------------------------------------

_SPACE = lazy(r"\s*")
_DIGITS = lazy(r"[0-9]+")
_KEEP = lazy(r"[kKdD][hHlL]")


class _Parser:
    """Recursive descent over R-DIC-1:

        sum     := signs? product (addop product)*      addop := + | - | +- | -+
        product := atom (( * | × | / ) atom)*
        atom    := ( sum ) | [N] d (M | %) [(kh|kl|dh|dl) [K]] | integer

    with spaces between any two tokens."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.terms = 0
        self.depth = 0

    def fail(self, reason: str, pos: int | None = None, **fields: object) -> DiceSyntaxError:
        return DiceSyntaxError(self.text, self.pos if pos is None else pos, reason, **fields)

    def skip(self) -> None:
        m = _SPACE().match(self.text, self.pos)
        assert m is not None
        self.pos = m.end()

    def peek(self) -> str:
        self.skip()
        return self.text[self.pos:self.pos + 1]

    def signs(self) -> int | None:
        """`+`, `-`, `+-` or `-+` (= `-`); None when no sign is here."""
        ch = self.peek()
        if ch not in ("+", "-") or not ch:
            return None
        self.pos += 1
        sign = -1 if ch == "-" else 1
        nxt = self.peek()
        if nxt and nxt in "+-":
            if nxt == ch:
                raise self.fail("double_sign")
            self.pos += 1
            sign = -1
        return sign

    def expression(self) -> DiceExpr:
        root = self.sum()
        if self.peek():
            if self.text[self.pos] == ")":
                raise self.fail("unopened")
            raise self.fail("operator_expected")
        return DiceExpr(root, _has_dice(root), str(root))

    def sum(self) -> Sum:
        first = self.signs()
        items = [(first or 1, self.product())]
        while True:
            sign = self.signs()
            if sign is None:
                return Sum(tuple(items))
            items.append((sign, self.product()))

    def product(self) -> Atom | Product:
        first = self.atom()
        rest: list[tuple[str, Atom]] = []
        left_dice = _has_dice(first)
        while (op := self.peek()) and op in "*×/":
            self.pos += 1
            self.skip()
            at = self.pos
            x = self.atom()
            x_dice = _has_dice(x)
            if op == "/":
                if x_dice:
                    raise self.fail("divide_by_dice", at)
                if _constant(x) == 0:
                    raise self.fail("divide_by_zero", at)
            elif x_dice and left_dice:
                raise self.fail("multiply_dice", at)
            rest.append(("/" if op == "/" else "*", x))
            left_dice = left_dice or x_dice
        return Product(first, tuple(rest)) if rest else first

    def atom(self) -> Atom:
        ch = self.peek()
        if ch == "(":
            if self.depth == MAX_NESTING:
                raise self.fail("nesting", nesting=MAX_NESTING)
            self.depth += 1
            self.pos += 1
            inner = self.sum()
            if self.peek() != ")":
                raise self.fail("unclosed" if not self.peek() else "close_expected")
            self.pos += 1
            self.depth -= 1
            return Group(inner)
        start = self.pos
        count: int | None = None
        m = _DIGITS().match(self.text, self.pos)
        if m:
            count = self.integer(m)
            self.skip()
            ch = self.text[self.pos:self.pos + 1]
        if ch not in ("d", "D"):
            if count is None:
                raise self.fail("operand_expected")
            if count > MAX_INTEGER:
                raise self.fail("integer", start, max=MAX_INTEGER)
            self.count_term(start)
            return Num(count)
        # a die: [N] d (M | %)
        if count is not None and not 1 <= count <= MAX_COUNT:
            raise self.fail("count", start, count=MAX_COUNT)
        self.pos += 1
        self.skip()
        sides_at = self.pos
        if self.text[self.pos:self.pos + 1] == "%":
            self.pos += 1
            sides = 100
        else:
            m = _DIGITS().match(self.text, self.pos)
            if not m:
                raise self.fail("sides_expected")
            sides = self.integer(m)
            if not 1 <= sides <= MAX_SIDES:
                raise self.fail("sides", sides_at, sides=MAX_SIDES)
        number = 1 if count is None else count
        keep, k = "", 0
        self.skip()
        km = _KEEP().match(self.text, self.pos)
        if km:
            keep = km.group().lower()
            self.pos = km.end()
            self.skip()
            k_at = self.pos
            m = _DIGITS().match(self.text, self.pos)
            k = self.integer(m) if m else 1  # a bare `kh` is `kh1`
            low, high = (1, number) if keep[0] == "k" else (1, number - 1)
            if not low <= k <= high:
                raise self.fail("keep_count" if keep[0] == "k" else "drop_count",
                                k_at if m else km.start(), count=number)
        self.count_term(start)
        return Dice(number, sides, keep, k)

    def integer(self, m: re.Match[str]) -> int:
        """The number at `m` (anything past 12 digits counts as 10**12: out of every range)."""
        digits = m.group()
        self.pos = m.end()
        return int(digits) if len(digits) <= 12 else 10**12

    def count_term(self, start: int) -> None:
        self.terms += 1
        if self.terms > MAX_TERMS:
            raise self.fail("terms", start, terms=MAX_TERMS)


def _has_dice(node: object) -> bool:
    if isinstance(node, Dice):
        return True
    if isinstance(node, Group):
        return _has_dice(node.inner)
    if isinstance(node, Product):
        return _has_dice(node.first) or any(_has_dice(x) for _, x in node.rest)
    if isinstance(node, Sum):
        return any(_has_dice(x) for _, x in node.items)
    return False


def _constant(node: object) -> int:
    """The value of a node without dice."""
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Group):
        return _constant(node.inner)
    if isinstance(node, Product):
        value = _constant(node.first)
        for op, x in node.rest:
            value = value * _constant(x) if op == "*" else value // _constant(x)
        return value
    if isinstance(node, Sum):
        return sum(s * _constant(x) for s, x in node.items)
    raise TypeError(node)


@lru_cache(maxsize=4096)
def parse(text: str) -> DiceExpr:
    """Parse an R-DIC-1 expression (`1d20+5`, `2d20kh1`, `(1d8+2)*2`, `d%`, `3`), cached:
    the same text is parsed once per process. DiceSyntaxError (exit 2) otherwise."""
    return _Parser(text).expression()


def is_dice_expression(text: str) -> bool:
    try:
        parse(text)
    except UsageError:
        return False
    return True


def split_sign(text: str) -> tuple[int, str]:
    """A leading sign (`+`, `-`, `+-`, `-+`) and the rest: `-2d6` → (-1, "2d6"), `3` → (0, "3").

    The sign covers the whole rest (`hp` DELTA: `-1d4+1d6` is −(1d4+1d6))."""
    p = _Parser(text)
    sign = p.signs()
    return (sign or 0), text[p.pos:]


def generator_key(seed: bytes, salt: str) -> bytes:
    """R-DIC-2: the key is the seed, or SHA-256(seed ‖ salt) once the players' salt is set."""
    return sha256_bytes(seed + salt.encode("utf-8")) if salt else seed


def generated_face(key: bytes, n: int, sides: int) -> int:
    """R-DIC-2 `hmac-sha256-v1`: unbiased face of die number `n` by rejection sampling."""
    return sampled_face(lambda message: hmac_sha256(key, message), n, sides)


def sampled_face(mac: Callable[[bytes], bytes], n: int, sides: int) -> int:
    """R-DIC-2's rejection sampling over `mac` (HMAC-SHA256 under the generator key): try
    k = 0, 1, …; accept w < 2**64 - 2**64 % sides; the face is w % sides + 1."""
    limit = _LIMITS.get(sides) or 2**64 - 2**64 % sides
    k = 0
    while True:
        w = int.from_bytes(mac(b"%d:%d" % (n, k))[:8], "big")
        if w < limit:
            return w % sides + 1
        k += 1


_LIMITS = {s: 2**64 - 2**64 % s for s in (2, 3, 4, 6, 8, 10, 12, 20, 100)}  # common dice


class Die(Value):
    """One die as rolled: its sides, its face, its origin (`n` of the generator, or None
    when the face was supplied with --dice), and whether a keep/drop suffix left it out."""

    sides: int
    face: int
    n: int | None = None
    dropped: bool = False

    @property
    def supplied(self) -> bool:
        return self.n is None


class Mod(Value):
    """A named modifier added to a roll; `note` is a catalogue key (e.g. "streak")."""

    value: int
    note: str = ""


class RolledTerm(Value):
    """One token of a rolled expression, in the expression's order.

    `op` "": a value — dice (`sides` > 0: `number` dice, every one in `dice`, `keep` its
    suffix such as "kh3") or the integer `number` (`sides` == 0); `sign` is the + or − before
    it. `op` "(" opens a group (`sign` before it), ")" closes it, "*" and "/" stand between
    two operands."""

    sign: int
    number: int
    sides: int
    dice: tuple[Die, ...] = ()
    keep: str = ""
    op: str = ""


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
        """The face of the first die that counts (the natural roll of a d20 check)."""
        for term in self.terms:
            for d in term.dice:
                if not d.dropped:
                    return d.face
        raise StopIteration  # as next() over no dice


_PARSED: dict[str, DiceExpr] = {}  # expression text → its parse (values: immutable, shared)


class DiceSource:
    """Hands out dice for one action: supplied faces first (R-DIC-3), then the generator.

    `n` is the generator counter; it advances only for generated dice."""

    def __init__(self, key: bytes, n: int, supplied: list[int] | None = None) -> None:
        self.key = key
        self.n = n
        self.supplied: list[int] = list(supplied or [])
        self.drawn: list[Die] = []
        # R-DIC-3: the first supplied face that did not fit its die, kept through a restore:
        # an act played by orders that drew it is passed over, but the command is exit 2
        self.bad_face: UsageError | None = None

    def die(self, sides: int) -> Die:
        if self.supplied:
            face = self.supplied.pop(0)
            if not 1 <= face <= sides:
                self.bad_face = self.bad_face or UsageError(
                    "supplied_face_not_face_d", rule="R-DIC-3", face=face, sides=sides)
                raise self.bad_face
            rolled = Die(sides, face, None, False)
        else:
            rolled = Die(sides, self._face(self.n, sides), self.n, False)
            self.n += 1
        self.drawn.append(rolled)
        return rolled

    def _face(self, n: int, sides: int) -> int:
        return generated_face(self.key, n, sides)

    def roll(self, expr: DiceExpr | str, mods: tuple[Mod, ...] = (), times: int = 1) -> Roll:
        """Roll `expr` (`times` over, summed: criticals, R-ATK-4) plus named modifiers; dice
        are drawn left to right (R-DIC-4)."""
        if isinstance(expr, str):
            parsed = _PARSED.get(expr)
            if parsed is None:  # weapons roll the same few texts: parse each once
                parsed = _PARSED[expr] = parse(expr)
        else:
            parsed = expr
        terms: list[RolledTerm] = []
        total = 0
        for _ in range(times):
            total += parsed.root.emit(self, 1, terms)
        for m in mods:
            total += m.value
        return Roll(tuple(terms), mods, total)

    def d20(self, *mods: Mod) -> Roll:
        """1d20 + named modifiers: the check of attacks, initiative, totals (fast path)."""
        kept = []
        total = 0
        for m in mods:
            if m.value or m.note:
                kept.append(m)
                total += m.value
        die = self.die(20)
        return Roll((RolledTerm(1, 1, 20, (die,), "", ""),), tuple(kept), die.face + total)


class PaddedDiceSource(DiceSource):
    """The simulator's source (`odds`): the same faces as `generated_face`, with the key's
    HMAC pads hashed once (RFC 2104: HMAC(K, m) = H(K⊕opad ‖ H(K⊕ipad ‖ m))), so that each
    die costs two copies of a SHA-256 state, a third of `hmac.digest`; a fight draws ~50.
    Commands keep `generated_face` (the reference the tests can intercept)."""

    def __init__(self, key: bytes, n: int, supplied: list[int] | None = None) -> None:
        super().__init__(key, n, supplied)
        self._padded: bytes | None = None  # the key the pads below were hashed for
        self._inner: Any = None  # SHA-256 state after key ⊕ ipad
        self._outer: Any = None  # SHA-256 state after key ⊕ opad

    def _face(self, n: int, sides: int) -> int:
        self.pads()
        return sampled_face(self.mac, n, sides)

    def pads(self) -> tuple[Any, Any]:
        """The SHA-256 states after key ⊕ ipad and key ⊕ opad (hashed once per key): the
        simulator core draws its dice from them without the value objects."""
        if self._padded is not self.key:
            self._inner, self._outer = hmac_pads(self.key)
            self._padded = self.key
        return self._inner, self._outer

    def mac(self, message: bytes) -> bytes:
        """HMAC-SHA256(key, message) from the pads hashed once."""
        inner = self._inner.copy()
        inner.update(message)
        outer = self._outer.copy()
        outer.update(inner.digest())
        digest: bytes = outer.digest()
        return digest


D20 = parse("1d20")
D100 = parse("1d100")


def parse_supplied(text: str | None) -> list[int]:
    """`--dice 17,6,3` → [17, 6, 3]; a value that is not a positive integer is exit 2."""
    if not text:
        return []
    faces: list[int] = []
    for part in text.replace(" ", "").split(","):
        if not part.isdigit() or len(part) > 7:
            raise UsageError("dice_not_die_face", rule="R-DIC-3", part=part)
        faces.append(int(part))
    return faces
