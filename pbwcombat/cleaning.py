"""R-OUT-7: invisible characters that user text (names, reasons, handles) may not carry into a
post or a message. Base layer: the model checks handles with it, the renderers clean with it."""

from __future__ import annotations

# Bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F) and zero-width
# characters (U+200B–U+200D, U+2060, U+FEFF).
INVISIBLE = "".join(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A),
                                     0x200E, 0x200F, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF))
_DROP: dict[int, None] = {ord(ch): None for ch in INVISIBLE}


def clean(text: str) -> str:
    """`text` without bidi controls and zero-width characters."""
    return str(text).translate(_DROP)
