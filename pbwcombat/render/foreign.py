"""Text we do not own in the reader's language (R-OUT-5): a library's or the system's English
message (tomllib, click, pydantic-core, OSError.strerror) and the `path: message` problems of
a file, matched against the templates of `catalog/foreign.py`. Our own messages are keyed and
never pass through here (render/messages.py).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from pbwcombat.patterns import lazy
from pbwcombat.render.catalog import Agree, Count, contract
from pbwcombat.render.catalog.foreign import FOREIGN_ES
from pbwcombat.render.markup import Plain

_TOML_PLACE = lazy(r" \((at line \d+, column \d+|at end of document)\)$")
_FIELD = lazy(r"\{(\w+)(?::[^}]*)?\}")


@functools.cache
def _patterns() -> list[tuple[re.Pattern[str], str]]:
    """The English templates as regular expressions, the most specific (most literal text)
    first, each with its translation."""
    out = []
    for english, translated in FOREIGN_ES.items():
        parts = re.split(r"\{(\w+)\}", english)
        regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)"
                        for i, p in enumerate(parts))
        literal = sum(len(p) for p in parts[::2])
        out.append((literal, re.compile(regex, re.S), translated))
    out.sort(key=lambda item: -item[0])
    return [(regex, translated) for _, regex, translated in out]


def foreign(text: str, lang: str, genders: Mapping[str, str] | None = None,
            markup: Plain | None = None) -> str | None:
    """`text` (a library's English) in `lang`, user text escaped by `markup`; None when the
    table has no entry for it (English: the text itself)."""
    markup = markup or Plain()
    if lang == "en":
        return markup.escape(text)
    genders = genders or {}
    for regex, translated in _patterns():
        m = regex.fullmatch(text)
        if m is None:
            continue
        fields: dict[str, object] = {}
        for key, value in m.groupdict().items():
            fields[key] = _inner(key, value, lang, genders, markup)
            fields[key + "_g"] = Agree(genders.get(value) == "f")
            fields[key + "_n"] = Count(value)
        needed = set(_FIELD().findall(translated))
        fields.update({f: "" for f in needed if f not in fields})
        return contract(translated.format(**fields), lang)
    return None


def reason(text: str, lang: str, genders: Mapping[str, str] | None = None,
           markup: Plain | None = None) -> str:
    """A library's or the system's reason in `lang`, as it was when the table lacks it."""
    said = foreign(text, lang, genders, markup)
    return (markup or Plain()).escape(text) if said is None else said


def _inner(key: str, value: str, lang: str, genders: Mapping[str, str],
           markup: Plain) -> str:
    """A template's field as said in `lang`: names and numbers as they are; `{reason}` is
    itself a library's message and `{problems}` a "; "-separated list of problems, both
    said in turn (R-OUT-5: no English library text inside a Spanish refusal)."""
    if key == "reason":
        return reason(value, lang, genders, markup)
    if key == "problems":
        return "; ".join(problem(p, lang, genders, markup) for p in value.split("; "))
    return markup.escape(value)


def problem(text: str, lang: str, genders: Mapping[str, str] | None = None,
            markup: Plain | None = None) -> str:
    """One `path: message` problem of a file with its message in `lang` (the path as
    written, but for the whole-file path `file`); as it was when the table does not know
    the message. Without `markup` the path and unknown text are kept verbatim."""
    def keep(part: str) -> str:
        return part if markup is None else markup.escape(part)

    if lang == "en":
        return keep(text)
    genders = genders or {}
    where = _TOML_PLACE().search(text)  # tomllib's " (at line 4, column 8)"
    if where is not None:
        place = foreign(where.group(0).strip(), lang, genders, markup) \
            or keep(where.group(0).strip())
        head = text[:where.start()]
        done = foreign(head[head.find(": ") + 2:], lang, genders, markup)
        if head.startswith("toml: ") and done is not None:
            return f"toml: {done} {place}"
    at = text.find(": ")
    while at > 0:  # the path ends at the first ": " after which a known message follows
        done = foreign(text[at + 2:], lang, genders, markup)
        if done is not None:
            path = text[:at]
            if path == "file":  # not a key of the file: the file itself
                path = foreign(path, lang, genders, markup) or path
            return f"{keep(path)}: {done}"
        at = text.find(": ", at + 2)
    return keep(text)
