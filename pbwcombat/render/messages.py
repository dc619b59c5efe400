"""Refusals and errors in the reader's language (R-OUT-5).

The rules raise `IllegalAction(rule, English message)`; the message text is the key of its
translation in the catalogue (`MESSAGES_ES`), matched as a template whose `{fields}` are the
names and numbers in it. So rule modules need no change to be translated, and a new message
without an entry still shows something sensible: a generic phrase in a Spanish post, its
English text on stderr.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from pbwcombat.render.catalog import CATALOGUES, CONTRACTIONS, MESSAGES
from pbwcombat.render.markup import Plain, clean

RULE_ID = re.compile(r"^(R-[A-Z]+-\d+): (.*)$", re.S)
_FIELD = re.compile(r"\{(\w+)(?::[^}]*)?\}")


class Agree:
    """R-OUT-5: Spanish agreement in a catalogue template, `{g:o/a/os/as}`: the form for a
    masculine or feminine subject, singular or plural (missing forms fall back left)."""

    def __init__(self, feminine: bool = False, plural: bool = False) -> None:
        self.index = (1 if feminine else 0) + (2 if plural else 0)

    def __format__(self, spec: str) -> str:
        forms = spec.split("/")
        if self.index < len(forms):
            return forms[self.index]
        return forms[self.index - 2] if self.index >= 2 and self.index - 2 < len(forms) \
            else forms[0]


class Count:
    """R-OUT-5 plurals in a catalogue template, `{n_n:casilla/casillas}`: the singular form
    when the field `n` is 1 (or -1), else the plural."""

    def __init__(self, value: str) -> None:
        self.one = value.strip() in ("1", "-1", "+1")

    def __format__(self, spec: str) -> str:
        forms = spec.split("/")
        return forms[0] if self.one or len(forms) < 2 else forms[1]


def contract(text: str, lang: str) -> str:
    """R-OUT-5: the language's contractions around names (`CONTRACTIONS`: Spanish "a" and
    "de" before a name that starts with an article), the markup around the name kept."""
    for pattern, replacement in _contractions(lang):
        text = pattern.sub(replacement, text)
    return text


@functools.cache
def _contractions(lang: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((re.compile(p), r) for p, r in CONTRACTIONS.get(lang, ()))


def split_rule(message: str) -> tuple[str | None, str]:
    """`"R-GEO-3: Grak is out of reach"` → `("R-GEO-3", "Grak is out of reach")`."""
    m = RULE_ID.match(message)
    return (m.group(1), m.group(2)) if m else (None, message)


@functools.cache
def _patterns(lang: str) -> list[tuple[re.Pattern[str], str]]:
    """English templates as regular expressions, the most specific (most literal text)
    first, each with its translation."""
    out = []
    for english, translated in MESSAGES[lang].items():
        parts = re.split(r"\{(\w+)\}", english)
        regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)"
                        for i, p in enumerate(parts))
        literal = sum(len(p) for p in parts[::2])
        out.append((literal, re.compile(regex, re.S), translated))
    out.sort(key=lambda item: -item[0])
    return [(regex, translated) for _, regex, translated in out]


def translate(text: str, lang: str, genders: Mapping[str, str] | None = None,
              markup: Plain | None = None) -> str | None:
    """`text` (an English message, without its rule id) in `lang`, user text escaped by
    `markup`; None when the catalogue has no entry for it."""
    markup = markup or Plain()
    genders = genders or {}
    for regex, translated in _patterns(lang):
        m = regex.fullmatch(text)
        if m is None:
            continue
        fields: dict[str, object] = {}
        for key, value in m.groupdict().items():
            fields[key] = _inner(key, value, lang, genders, markup)
            fields[key + "_g"] = Agree(genders.get(value) == "f")
            fields[key + "_n"] = Count(value)
        needed = {f for f in _FIELD.findall(translated)}
        fields.update({f: "" for f in needed if f not in fields})
        return contract(translated.format(**fields), lang)
    return markup.escape(text) if lang == "en" else None  # English: the message itself


def _inner(key: str, value: str, lang: str, genders: Mapping[str, str],
           markup: Plain) -> str:
    """A template's field as said in `lang`: names and numbers as they are; a field the
    English template calls `{reason}` is itself a message (a system error, a parser's
    complaint) and `{problems}` a "; "-separated list of `path: message` problems, both
    translated in turn (R-OUT-5: no English library text inside a Spanish refusal)."""
    if key == "reason":
        said = translate(value, lang, genders, markup)
        return markup.escape(value) if said is None else said
    if key == "problems":
        return "; ".join(translate_problem(p, lang, genders, markup)
                         for p in value.split("; "))
    return markup.escape(value)


_TOML_PLACE = re.compile(r" \((at line \d+, column \d+|at end of document)\)$")


def translate_problem(problem: str, lang: str, genders: Mapping[str, str] | None = None,
                      markup: Plain | None = None) -> str:
    """One `path: message` problem of a file with its message in `lang` (the path as
    written, but for the whole-file path `file`); as it was when the catalogue does not
    know the message. Without `markup` the path and unknown text are kept verbatim."""
    def keep(text: str) -> str:
        return text if markup is None else markup.escape(text)

    if lang == "en":
        return keep(problem)
    genders = genders or {}
    where = _TOML_PLACE.search(problem)  # tomllib's " (at line 4, column 8)"
    if where is not None:
        place = translate(where.group(0).strip(), lang, genders, markup) \
            or keep(where.group(0).strip())
        head = problem[:where.start()]
        done = translate(head[head.find(": ") + 2:], lang, genders, markup)
        if head.startswith("toml: ") and done is not None:
            return f"toml: {done} {place}"
    at = problem.find(": ")
    while at > 0:  # the path ends at the first ": " after which a known message follows
        done = translate(problem[at + 2:], lang, genders, markup)
        if done is not None:
            path = problem[:at]
            if path == "file":  # not a key of the file: the file itself
                path = translate(path, lang, genders, markup) or path
            return f"{keep(path)}: {done}"
        at = problem.find(": ", at + 2)
    return keep(problem)


def localize(message: str, lang: str, genders: Mapping[str, str] | None = None,
             markup: Plain | None = None, rule_ids: bool = True, post: bool = True) -> str:
    """A refusal as a post shows it: translated, the rule id after it only with `rule_ids`
    (`--gm`). `post=False` is for stderr: the rule id first, and English text kept when the
    catalogue has no entry."""
    rule, text = split_rule(clean(message))
    done = translate(text, lang, genders, markup)
    if done is None:
        done = CATALOGUES[lang]["not_now"] if post else (markup or Plain()).escape(text)
    if rule is None or not rule_ids:
        return done
    return f"{done} ({rule})" if post else f"{rule}: {done}"
