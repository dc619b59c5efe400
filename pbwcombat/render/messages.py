"""Refusals and errors in the reader's language (R-OUT-5).

An error carries a key and fields (`errors.PbwError`, `errors.Message`); its text is the
catalogue's `msg_<key>` in the reader's language, with the fields filled in: names and
numbers as shown (escaped for a post), a nested `Message` said in turn, a `reason` from a
library or the system through render/foreign.py, the file's `problems` one by one. Nothing
here reads a message's text back (docs/dev/messages.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbwcombat.errors import Message, PbwError
from pbwcombat.render.catalog import CATALOGUES, Agree, Count, contract
from pbwcombat.render.markup import Plain

__all__ = ["contract", "said", "skipped_reason", "text"]


class _Raw(Plain):
    """English as the rules wrote it: escaped whole after formatting (below), not per field."""

    def escape(self, text: str) -> str:
        return text


def text(message: Message, lang: str, genders: Mapping[str, str] | None = None,
         markup: Plain | None = None) -> str:
    """`message` in `lang`, user text escaped by `markup`. In English the whole text is
    escaped once it is formed, as the message has always been shown; in Spanish, each field."""
    markup = markup or Plain()
    if lang == "en":
        return markup.escape(_formed(message, lang, genders or {}, _Raw(), markup))
    return contract(_formed(message, lang, genders or {}, markup, markup), lang)


def _formed(message: Message, lang: str, genders: Mapping[str, str], fill: Plain,
            markup: Plain) -> str:
    from pbwcombat.render import foreign

    fields: dict[str, Any] = {}
    for key, value in message.fields.items():
        if isinstance(value, Message):
            fields[key] = _formed(value, lang, genders, fill, markup)
        elif key == "problems":
            fields[key] = "; ".join(foreign.problem(str(p), lang, genders, None
                                                    if isinstance(fill, _Raw) else markup)
                                    for p in value)
        elif key == "reason" and lang != "en":
            fields[key] = foreign.reason(str(value), lang, genders, fill)
        elif key == "record" and lang != "en":  # a journal record's command (`verify`)
            fields[key] = _command(str(value), lang, fill)
        else:
            fields[key] = fill.escape(str(value))
        fields[key + "_g"] = Agree(genders.get(str(value)) == "f")
        fields[key + "_n"] = Count(str(value))
    return CATALOGUES[lang]["msg_" + message.key].format(**fields)


def _command(value: str, lang: str, fill: Plain) -> str:
    """A journal record named as `verify` names it (`attack`, `roll Spot`, `undo`) with the
    command in `lang` as `log` says it (R-OUT-5: "ataque", "tirada Spot"), the rest as is."""
    words = value.split(" ")
    for k in (2, 1):
        name = CATALOGUES[lang].get("cmd_" + "_".join(words[:k]).replace("-", "_"))
        if name is not None and len(words) >= k:
            return " ".join([name, *(fill.escape(w) for w in words[k:])])
    return fill.escape(value)


def said(err: PbwError, lang: str, genders: Mapping[str, str] | None = None,
         markup: Plain | None = None, rule_ids: bool = True, post: bool = True) -> str:
    """A refusal as a post shows it: in `lang`, the rule id after it only with `rule_ids`
    (`--gm`). `post=False` is for stderr: the rule id first."""
    localized = getattr(err, "localized", None)  # a dice expression's error (R-DIC-1)
    if callable(localized):
        lines = str(localized(CATALOGUES[lang]))
        return (markup or Plain()).escape(lines) if post else lines
    done = text(err.said, lang, genders, markup)
    if not err.rule_first or err.rule is None or not rule_ids:
        return done
    return f"{done} ({err.rule})" if post else f"{err.rule}: {done}"


def skipped_reason(e: Any, lang: str, genders: Mapping[str, str] | None = None,
                   markup: Plain | None = None, rule_ids: bool = True) -> str:
    """Why a declared action was skipped (`events.DeclarationSkipped`), as a post says it:
    by its key. A record from before keys (or a key no catalogue has) says the generic
    `not_now`; the GM (`rule_ids`) reads its English as it was written, rule id first."""
    markup = markup or Plain()
    if "msg_" + e.key in CATALOGUES[lang]:
        done = text(Message(e.key, **dict(e.fields)), lang, genders, markup)
        return f"{done} ({e.rule})" if e.rule and rule_ids else done
    return markup.escape(e.reason) if rule_ids else CATALOGUES[lang]["not_now"]
