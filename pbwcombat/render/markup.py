"""Per-format hooks: bold, escaping and cleaning of user text (R-OUT-2, R-OUT-7), code
blocks, and the line structure of a whole post (R-OUT-6). Small on purpose."""

from __future__ import annotations

import re
import string

from pbwcombat.cleaning import INVISIBLE, clean
from pbwcombat.patterns import lazy

__all__ = ["INVISIBLE", "clean", "unlink", "unsmiley", "hard_breaks", "markup_for"]

# R-OUT-7: what a forum's linkifier takes for a URL: `scheme://`, `www.`, and a host name
# (`host.tld`, `host.tld/…`, the domain of an e-mail address `bob@host.tld`).
_SCHEME = lazy(r"(?<=[A-Za-z0-9+.\-]):(?=//)")
_HOSTLIKE = lazy(r"(?i)\b(?:www\d{0,3}\.[a-z0-9\-]+(?:\.[a-z0-9\-]+)*"
                 r"|[a-z0-9\-]+(?:\.[a-z0-9\-]+)*\.[a-z]{2,}(?![a-z0-9\-]))")
FULLWIDTH_COLON = "："
ONE_DOT_LEADER = "․"
# An `@` in user text would mention someone in Discourse and XenForo (`@name`, whatever is
# escaped before it) and make an e-mail address of `bob@host`: the fullwidth at sign reads the
# same and no renderer takes it. The mention template's own `@` is not user text and stays.
FULLWIDTH_AT = "＠"

# Smiley codes phpBB and SMF install by default (phpBB's smilies table, SMF's default set):
# in a name or a reason they would become pictures (`Gob 8)` → `Gob 😎`). Their ASCII
# punctuation becomes the fullwidth form (`8)` → `8）`), which reads the same and matches none.
SMILEY_CODES = (
    ":D", ":-D", ":grin:", ":)", ":-)", ":smile:", ";)", ";-)", ":wink:", ":(", ":-(",
    ":sad:", ":o", ":-o", ":eek:", ":shock:", ":?", ":-?", ":???:", "8-)", "8)", ":cool:",
    ":lol:", ":x", ":-x", ":mad:", ":P", ":-P", ":razz:", ":oops:", ":cry:", ":evil:",
    ":twisted:", ":roll:", ":!:", ":?:", ":idea:", ":arrow:", ":|", ":-|", ":mrgreen:",
    ":geek:", ":ugeek:", "8O", "8-O",  # phpBB
    ">:D", "::)", ">:(", ":))", ";D", "???", ":-[", ":-X", ":-*", ":'(", ":-\\", "^-^", "O0",
    "C:-)", "0:)", "O:-)",  # SMF
)
_SMILEY = lazy("|".join(re.escape(c) for c in sorted(SMILEY_CODES, key=len, reverse=True)))
_FULLWIDTH = {c: chr(c + 0xFEE0) for c in range(0x21, 0x7F) if chr(c) in string.punctuation}


def unsmiley(text: str) -> str:
    """BBCode forums' smiley codes in user text lose their power (see SMILEY_CODES)."""
    if not any(code in text for code in SMILEY_CODES):  # most names: no pattern to compile
        return text
    return _SMILEY().sub(lambda m: m.group(0).translate(_FULLWIDTH), text)


def unlink(text: str) -> str:
    """R-OUT-7: a URL in user text never becomes a link: `https://` → `https：//`, and the
    dots of `www.`, of a host name (`host.tld`, bare or with a path) and of an e-mail
    address's domain become one-dot leaders (`․`), which no linkifier takes."""
    if ":" in text:
        text = _SCHEME().sub(FULLWIDTH_COLON, text)
    if "." not in text:  # every host name, `www.` and domain has a dot: most text has none
        return text
    return _HOSTLIKE().sub(lambda m: m.group(0).replace(".", ONE_DOT_LEADER), text)


class Plain:
    """No markup at all; user text only loses its newlines and invisible characters."""

    def bold(self, text: str) -> str:
        return text

    def escape(self, text: str) -> str:
        return " ".join(clean(text).splitlines())

    def strike(self, text: str) -> str:
        """A die face a keep/drop suffix left out (R-DIC-1): plain `(-3)`."""
        return f"(-{text})"

    def block(self, lines: list[str]) -> str:
        return "\n".join(lines)

    def finish(self, text: str) -> str:
        """The whole post, as this format lays it out."""
        return clean(text)


class BBCode(Plain):
    def bold(self, text: str) -> str:
        return f"[b]{text}[/b]"

    def strike(self, text: str) -> str:
        return f"[s]{text}[/s]"

    def escape(self, text: str) -> str:
        text = unlink(super().escape(text)).replace("@", FULLWIDTH_AT)
        return unsmiley(text).replace("[", "［").replace("]", "］")

    def block(self, lines: list[str]) -> str:
        return "[code]\n" + "\n".join(lines) + "\n[/code]"


_MD_PUNCT = {ord(ch): "\\" + ch for ch in string.punctuation}


class Markdown(Plain):
    def bold(self, text: str) -> str:
        return f"**{text}**"

    def strike(self, text: str) -> str:
        return f"~~{text}~~"

    def escape(self, text: str) -> str:
        return unlink(super().escape(text)).replace("@", FULLWIDTH_AT).translate(_MD_PUNCT)

    def block(self, lines: list[str]) -> str:
        return "```\n" + "\n".join(lines) + "\n```"

    def finish(self, text: str) -> str:
        return hard_breaks(clean(text))


def hard_breaks(text: str) -> str:
    """R-OUT-6: lines keep their breaks in every CommonMark renderer. Consecutive lines of a
    paragraph end in two spaces (a hard break); blocks — paragraphs, lists (`- …`) and fenced
    code — are separated by one blank line; code blocks are left as they are."""
    out: list[str] = []
    prev = ""  # kind of the previous line: "" (start or blank), "para", "item", "code"
    in_fence = False
    for line in text.split("\n"):
        if in_fence:
            out.append(line)
            if line.startswith("```"):
                in_fence, prev = False, "code"
            continue
        if not line.strip():
            prev = ""
            if out and out[-1] != "":
                out.append("")
            continue
        kind = "code" if line.startswith("```") else "item" if line.startswith("- ") else "para"
        line = line.rstrip(" ")
        if prev == "para" and kind == "para":
            out[-1] += "  "
        elif prev and (kind != prev or kind == "code"):
            out.append("")
        out.append(line)
        in_fence = kind == "code"
        prev = kind
    result = "\n".join(out).rstrip("\n")
    return result + "\n" if text.endswith("\n") else result


def markup_for(fmt: str) -> Plain:
    return {"bbcode": BBCode, "markdown": Markdown, "discord": Markdown}.get(fmt, Plain)()
