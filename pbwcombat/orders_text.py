"""Conditional orders as text (R-ORD-4): `"WHEN -> DO"` rules read into values.

A player writes what their character does *if*: `"hp < 30% -> action potion --target self"`,
`"engaged >= 2 -> move 0,4 --withdraw"`, `"attack-weakest"`. This module only reads the text
(the file's validation and the `orders` command share it); `rules.conditional` plays it. A rule
that does not read is an `OrderSyntaxError` quoting the rule and pointing at the bad word, as
a dice expression's error points at its bad character.

It sits in the value layer (the model validates `orders` with it): the declared acts of a DO
are checked by the commands' own parser, imported when a rule is read, not at import.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping

from pbwcombat.errors import Message, UsageError
from pbwcombat.frozen import Value
from pbwcombat.patterns import lazy

THEN, ELSE = "then", "--else"  # R-ORD-6 / R-ORD-5: the words that join a declaration's acts
KEYWORDS = ("attack-nearest", "attack-weakest", "flee", "skip")  # and guard:ID
# R-ORD-4: targets a DO may name instead of an id, chosen when the rule is played
PLACEHOLDERS = ("nearest", "weakest", "self", "weakest-ally")
_ID = r"[a-z0-9][a-z0-9_-]*"
_SLUG = lazy(r"^[a-z0-9][a-z0-9-]*$")
_OPS = ("<=", ">=", "==", "!=", "<", ">", "=")
_HP_OPS = ("<=", ">=", "<", ">")
CLAUSES = ("hp", "engaged", "enemy-within", "ally-down", "has", "not", "round", "down", "up")


class _ActReader:
    """The commands' parser of a declared act, lent by `pbwcombat.actions` when it loads (the
    value layer may not import it): `read(argv)` raises UsageError for an act that does not
    parse; `verbs` are the declarable verbs. Before it loads, only the verb list is checked."""

    verbs: tuple[str, ...] = ()
    read: Callable[[tuple[str, ...]], object] | None = None


ACT_READER = _ActReader()


class Clause(Value):
    """One WHEN clause: `kind` (a word of CLAUSES), `op` ("" when none), `value`, `percent`
    (hp given as N%), `arg` (a condition slug or a combatant id)."""

    kind: str
    op: str = ""
    value: int = 0
    percent: bool = False
    arg: str = ""


class Rule(Value):
    """A rule: its text as written, its WHEN clauses (none: always) and its DO: a keyword
    (`attack-nearest`, `guard:ID`, …) or declared acts chained by ` then ` (R-ORD-6)."""

    text: str
    when: tuple[Clause, ...]
    keyword: str
    acts: tuple[tuple[str, ...], ...]


_REASONS = {  # each reason's message key (msg_order_… in both catalogues)
    "argument_expected": "order_argument_expected",
    "id_expected": "order_id_expected",
    "no_do": "order_no_do",
    "second_arrow": "order_second_arrow",
    "bad_act": "order_bad_act",
    "empty_act": "order_empty_act",
    "empty_clause": "order_empty_clause",
    "keyword_alone": "order_keyword_alone",
    "no_when": "order_no_when",
    "number_expected": "order_number_expected",
    "operator_expected": "order_operator_expected",
    "percent_range": "order_percent_range",
    "slug_expected": "order_slug_expected",
    "too_many_words": "order_too_many_words",
    "unknown_clause": "order_unknown_clause",
    "unknown_do": "order_unknown_do",
}


class OrderSyntaxError(UsageError):
    """A rule that does not read (exit 2): quotes the rule, points at the bad word (R-ORD-4)."""

    rule = "R-ORD-4"

    def __init__(self, text: str, pos: int, reason: str, **fields: object) -> None:
        self.text = text
        self.pos = pos
        self.reason = reason
        super().__init__("order_rule_bad", rule="R-ORD-4", order=_printable(text),
                         pointer=" " * len(_printable(text[:pos])),
                         reason=Message(_REASONS[reason], **fields))


    def localized(self, texts: Mapping[str, str]) -> str:
        """Three lines in a catalogue's language: the problem, the rule, a caret under the
        bad word (as a dice expression's error is said, R-DIC-1)."""
        reason = _fill(texts, self.fields["reason"])
        head = texts["msg_order_rule_bad"].split("\n")[0]
        return "\n".join([head.format(order=self.fields["order"], rule=self.rule,
                                      reason=reason),
                          "  " + self.fields["order"], "  " + self.fields["pointer"] + "^"])


def _fill(texts: Mapping[str, str], message: Message) -> str:
    from pbwcombat.render.catalog import Agree, Count

    fields: dict[str, object] = {}
    for key, value in message.fields.items():
        shown = _fill(texts, value) if isinstance(value, Message) else str(value)
        fields.update({key: shown, key + "_g": Agree(), key + "_n": Count(shown)})
    return texts["msg_" + message.key].format(**fields)


def _printable(text: str) -> str:
    return "".join(ch if ch.isprintable() else " " for ch in text)


class _Word(Value):
    text: str
    pos: int


_TOKEN = lazy(r'"[^"]*"|\'[^\']*\'|\S+')


def _words(text: str, start: int, end: int) -> list[_Word]:
    out = []
    for m in _TOKEN().finditer(text, start, end):
        word = m.group(0)
        if len(word) >= 2 and word[0] == word[-1] and word[0] in "\"'":
            word = word[1:-1]
        out.append(_Word(word, m.start()))
    return out


def is_keyword(text: str) -> bool:
    """A standing order keyword of R-ORD-1/2 (the only form `orders` had before R-ORD-4)."""
    return text in KEYWORDS or (text.startswith("guard:") and re.fullmatch(_ID, text[6:])
                                is not None)


@functools.lru_cache(maxsize=4096)
def parse_rule(text: str) -> Rule:
    """One rule, `"WHEN -> DO"` or just `"DO"`; OrderSyntaxError when it does not read."""
    arrow = text.find("->")
    if arrow >= 0 and text.find("->", arrow + 2) >= 0:
        raise OrderSyntaxError(text, text.find("->", arrow + 2), "second_arrow")
    when: tuple[Clause, ...] = ()
    do_start = 0
    if arrow >= 0:
        when = _when(text, _words(text, 0, arrow), arrow)
        do_start = arrow + 2
    words = _words(text, do_start, len(text))
    if not words:
        raise OrderSyntaxError(text, len(text), "no_do")
    if len(words) == 1 and is_keyword(words[0].text):
        return Rule(text, when, words[0].text, ())
    return Rule(text, when, "", _acts(text, words))


def _when(text: str, words: list[_Word], arrow: int) -> tuple[Clause, ...]:
    if not words:
        raise OrderSyntaxError(text, arrow, "no_when")
    clauses: list[Clause] = []
    group: list[_Word] = []
    for w in [*words, _Word("and", arrow)]:
        if w.text == "and":
            if not group:
                raise OrderSyntaxError(text, w.pos, "empty_clause")
            clauses.append(_clause(text, group, w.pos))
            group = []
        else:
            group.append(w)
    return tuple(clauses)


def _number(text: str, w: _Word | None, end: int, percent_ok: bool) -> tuple[int, bool]:
    if w is None:
        raise OrderSyntaxError(text, end, "number_expected")
    digits = w.text[:-1] if percent_ok and w.text.endswith("%") else w.text
    if not digits.isdigit() or len(digits) > 9:
        raise OrderSyntaxError(text, w.pos, "number_expected")
    return int(digits), digits != w.text


def _clause(text: str, group: list[_Word], end: int) -> Clause:
    head = group[0]
    rest = group[1:]
    kind = head.text
    if kind not in CLAUSES:
        raise OrderSyntaxError(text, head.pos, "unknown_clause", word=kind,
                               choices=", ".join(CLAUSES))
    wanted = {"ally-down": 0, "enemy-within": 1, "has": 1, "not": 1, "down": 1, "up": 1}
    if kind in wanted:
        if len(rest) < wanted[kind]:
            raise OrderSyntaxError(text, end, "argument_expected", word=kind)
        if len(rest) > wanted[kind]:
            raise OrderSyntaxError(text, rest[wanted[kind]].pos, "too_many_words", word=kind)
        if kind == "ally-down":
            return Clause(kind)
        arg = rest[0]
        if kind == "enemy-within":
            return Clause(kind, "", _number(text, arg, end, False)[0])
        pattern = _SLUG() if kind in ("has", "not") else re.compile(f"^{_ID}$")
        if not pattern.match(arg.text) or len(arg.text) > 64:
            raise OrderSyntaxError(text, arg.pos, "slug_expected" if kind in ("has", "not")
                                   else "id_expected")
        return Clause(kind, "", 0, False, arg.text)
    ops = _HP_OPS if kind == "hp" else _OPS
    if not rest:
        raise OrderSyntaxError(text, end, "operator_expected", choices=" ".join(ops))
    op = rest[0]
    if op.text not in ops:
        raise OrderSyntaxError(text, op.pos, "operator_expected", choices=" ".join(ops))
    value, percent = _number(text, rest[1] if len(rest) > 1 else None, end, kind == "hp")
    if len(rest) > 2:
        raise OrderSyntaxError(text, rest[2].pos, "too_many_words", word=kind)
    if percent and value > 100:
        raise OrderSyntaxError(text, rest[1].pos, "percent_range")
    return Clause(kind, "==" if op.text == "=" else op.text, value, percent)


def _acts(text: str, words: list[_Word]) -> tuple[tuple[str, ...], ...]:
    """R-ORD-6: the declared acts of a DO, split at each ` then `; each read by the commands'
    own parser with its targets filled in (a placeholder stands for any id)."""
    acts: list[list[_Word]] = [[]]
    for w in words:
        if w.text == THEN:
            if not acts[-1]:
                raise OrderSyntaxError(text, w.pos, "empty_act")
            if len(acts[-1]) == 1 and is_keyword(acts[-1][0].text):
                raise OrderSyntaxError(text, w.pos, "keyword_alone", word=acts[-1][0].text)
            acts.append([])
        else:
            acts[-1].append(w)
    if not acts[-1]:
        raise OrderSyntaxError(text, len(text), "empty_act")
    out = []
    for act in acts:
        first = act[0]
        if is_keyword(first.text):
            raise OrderSyntaxError(text, act[1].pos if len(act) > 1 else first.pos,
                                   "keyword_alone", word=first.text)
        verbs = ACT_READER.verbs or ("attack", "move", "disengage", "intercept", "delay",
                                     "action")
        if first.text not in verbs:
            raise OrderSyntaxError(text, first.pos, "unknown_do", word=first.text,
                                   choices=", ".join((*KEYWORDS, "guard:ID", *verbs)))
        argv = tuple(w.text for w in act)
        if ACT_READER.read is not None:
            try:
                ACT_READER.read(fill(argv, {p: "someone" for p in PLACEHOLDERS}))
            except UsageError as e:
                raise OrderSyntaxError(text, first.pos, "bad_act",
                                       why=Message(e.key, **e.fields)) from None
        out.append(argv)
    return tuple(out)


def act_positions(rule: Rule) -> list[int]:
    """Where each of the rule's acts starts in its text: the caret of an error about it."""
    if not rule.acts:
        return []  # a keyword
    arrow = rule.text.find("->")
    words = _words(rule.text, arrow + 2 if arrow >= 0 else 0, len(rule.text))
    return [w.pos for i, w in enumerate(words) if i == 0 or words[i - 1].text == THEN]


def fill(argv: tuple[str, ...], names: dict[str, str]) -> tuple[str, ...]:
    """`argv` with each placeholder word (alone or in a comma list) replaced by `names`."""
    def one(word: str) -> str:
        if "," in word and not word.lstrip("+-").replace(",", "").isdigit():
            return ",".join(names.get(p, p) for p in word.split(","))
        return names.get(word, word)

    return tuple(one(w) for w in argv)


def rules_of(orders: str | tuple[str, ...] | None) -> tuple[Rule, ...]:
    """A combatant's `orders` as rules: a list, or one string (a keyword or one rule)."""
    if orders is None:
        return ()
    texts = (orders,) if isinstance(orders, str) else orders
    return tuple(parse_rule(t) for t in texts)


def referenced_ids(rule: Rule) -> list[str]:
    """The combatant ids a rule names (guard:ID, down/up ID, the acts' targets), for the
    file's reference check."""
    ids = [c.arg for c in rule.when if c.kind in ("down", "up")]
    if rule.keyword.startswith("guard:"):
        ids.append(rule.keyword[6:])
    for argv in rule.acts:
        words = list(argv)
        for i, w in enumerate(words):
            if (i == 1 and words[0] in ("attack", "intercept")) or \
                    (i > 0 and words[i - 1] in ("--target", "--against")):
                ids += [p for p in w.split(",") if p and p not in PLACEHOLDERS]
    return ids


def actions_named(rule: Rule) -> list[str]:
    """The action ids (R-ACT) a rule's acts take, readied ones included (R-RDY-5), for
    R-SIM-4's report."""
    out = []
    for argv in rule.acts:
        words = argv[1:] if argv[0] == "ready" else argv
        if words and words[0] == "action" and len(words) > 1 and not words[1].startswith("--"):
            out.append(words[1])
    return out
