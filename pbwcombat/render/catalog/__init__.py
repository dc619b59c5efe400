"""The two complete catalogues (R-OUT-5), one module per language: only es.py (and
foreign.py, for text we do not own) holds Spanish. `CATALOGUES[lang][key]`.

Data every layer may read (tests/test_layers.py): the rules need the English of a message
for the journal's and JSON's `reason` (`english`), the renderers everything.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping
from typing import Any

from pbwcombat.render.catalog.en import EN


class _Catalogues(Mapping[str, dict[str, str]]):
    """{lang: catalogue}, both languages always listed; the Spanish one imported the first
    time it is read (an English post, a validate, an error said in English do not load it:
    a sixth of the renderers' import time, issue 29)."""

    def __init__(self) -> None:
        self._read: dict[str, dict[str, str]] = {"en": EN}

    def __getitem__(self, lang: str) -> dict[str, str]:
        catalogue = self._read.get(lang)
        if catalogue is None:
            if lang != "es":
                raise KeyError(lang)
            from pbwcombat.render.catalog.es import ES

            catalogue = self._read[lang] = ES
        return catalogue

    def __contains__(self, lang: object) -> bool:
        return lang in ("en", "es")

    def __iter__(self) -> Iterator[str]:
        return iter(("en", "es"))

    def __len__(self) -> int:
        return 2


CATALOGUES = _Catalogues()


def __getattr__(name: str) -> Any:
    """`ES`, the Spanish catalogue, imported when first asked for."""
    if name == "ES":
        return CATALOGUES["es"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["CATALOGUES", "CONTRACTIONS", "EN", "ES", "Agree", "Count", "contract", "english"]

# R-OUT-5: contractions around names, (pattern, replacement) applied to every line said: in
# Spanish "a"/"de" before a name starting with the article "El" ("El Zurdo") contract as
# before the article: "ataca al Zurdo", "el turno del Zurdo" (bold markup kept on the rest)
_EL = r"((?:\[b\]|\*\*)?)El (?=\S)"
CONTRACTIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "es": ((r"\b([Aa]) " + _EL, r"\1l \2"), (r"\b([Dd])e " + _EL, r"\1el \2")),
}


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


def spanish_plural(words: str) -> str:
    """A Spanish condition name in the plural: its first word takes -s after a vowel, -es
    after a consonant ("enredado" → "enredados", "oculto a medias" → "ocultos a medias");
    a phrase opening with a preposition ("a cubierto") does not change."""
    first, _, rest = words.partition(" ")
    if first in ("a", "en", "de", "sin"):
        return words
    first += "s" if first[-1:] in "aeiouáéíóú" else "es"
    return f"{first} {rest}" if rest else first


class Count:
    """R-OUT-5 plurals in a catalogue template, `{n_n:casilla/casillas}`: the singular form
    when the field `n` is 1 (or -1), else the plural."""

    def __init__(self, value: str) -> None:
        self.one = value.strip() in ("1", "-1", "+1")

    def __format__(self, spec: str) -> str:
        forms = spec.split("/")
        return forms[0] if self.one or len(forms) < 2 else forms[1]


def english(key: str, fields: Mapping[str, Any]) -> str:
    """The English of message `key` with its fields as they are (no markup): the text a
    journal record and the JSON output keep (`DeclarationSkipped.reason`)."""
    filled: dict[str, Any] = {}
    for name, value in fields.items():
        if hasattr(value, "key") and hasattr(value, "fields"):  # a nested Message
            shown = english(value.key, value.fields)
        elif name == "problems" and not isinstance(value, str):
            shown = "; ".join(map(str, value))
        else:
            shown = str(value)
        filled[name] = shown
        filled[name + "_g"] = Agree()
        filled[name + "_n"] = Count(shown)
    return EN["msg_" + key].format(**filled)


def contract(text: str, lang: str) -> str:
    """R-OUT-5: the language's contractions around names (`CONTRACTIONS`: Spanish "a" and
    "de" before a name that starts with an article), the markup around the name kept."""
    for pattern, replacement in _contractions(lang):
        text = pattern.sub(replacement, text)
    return text


@functools.cache
def _contractions(lang: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((re.compile(p), r) for p, r in CONTRACTIONS.get(lang, ()))
