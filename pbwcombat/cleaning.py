"""R-OUT-7: invisible characters and terminal controls that user text (names, reasons,
handles, the players' salt) may not carry into a post or a message. Base layer: the model
checks handles with it, the renderers clean with it."""

from __future__ import annotations

import re

from pbwcombat.patterns import lazy

# Bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C the Arabic
# letter mark) and zero-width characters (U+200B–U+200D, U+2060, U+FEFF).
INVISIBLE = "".join(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A),
                                     0x200E, 0x200F, 0x061C, 0x200B, 0x200C, 0x200D, 0x2060,
                                     0xFEFF))
_DROP: dict[int, None] = {ord(ch): None for ch in INVISIBLE}

# Terminal escape sequences (a post is read in a terminal before it is pasted: a clear
# screen, colours, an OSC 8 hyperlink whose address is hidden) and every other control
# character but tab and newline; also as json.dumps writes them (`\u001b`), since JSON
# output is cleaned after it is dumped.
_CONTROLS = lazy(
    r"\x1b\][^\x07\x1b\n]*(?:\x07|\x1b\\)?"  # OSC (8: hyperlinks), to BEL or ST
    r"|\x1b\[[0-?]*[ -/]*[@-~]?"  # CSI: clear screen, cursor, colours
    r"|\x1b[ -~]?"  # any other escape
    r"|[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # C0 (but tab, newline), DEL, C1
# The same controls as json.dumps escapes them (`\u001b`): each escape of a JSON string read
# whole (an escaped backslash `\\` is never the start of one), so the JSON stays valid. What
# followed an escape character is left as visible text.
_JSON_ESCAPE = lazy(r"\\(?:u[0-9a-fA-F]{4}|.)")
_JSON_CONTROL = lazy(r"\\u00(?:0[0-8bcefBCEF]|1[0-9a-fA-F]|7[fF]|[89][0-9a-fA-F])")


def _json_escape(m: re.Match[str]) -> str:
    return "" if _JSON_CONTROL().fullmatch(m.group(0)) else m.group(0)


def clean(text: str) -> str:
    """`text` without bidi controls, zero-width characters and terminal controls."""
    text = str(text).translate(_DROP)
    if not _has_control(text):
        return text
    text = _CONTROLS().sub("", text)
    return _JSON_ESCAPE().sub(_json_escape, text) if "\\u00" in text else text


_ANY = lazy(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]|\\u00")


def _has_control(text: str) -> bool:
    """Cheap test first (one scan in C): most posts hold no control and no `\\u00`."""
    return _ANY().search(text) is not None
