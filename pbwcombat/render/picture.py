"""`map --png`: the grid as a picture (optional extra `pbwcombat[map]`, Pillow)."""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pbwcombat.cleaning import clean
from pbwcombat.errors import CannotWrite, UsageError
from pbwcombat.model import Encounter
from pbwcombat.render.gridmap import letters

CELL = 40  # R-OUT-11: at least 32 px per square
MARGIN = 12
# Okabe & Ito's colour-blind-safe palette (distinct under protan-, deutan- and tritanopia)
PALETTE = [(0, 114, 178), (213, 94, 0), (0, 158, 115), (230, 159, 0), (204, 121, 167),
           (86, 180, 233), (240, 228, 66), (0, 0, 0)]
DEAD = (136, 138, 133)
MAX_CELLS = 200
TITLE_H = 30  # the title band
LABEL_H = 18  # column numbers
LINE_H = 20  # a legend line


def side_colours(enc: Encounter) -> dict[str, tuple[int, int, int]]:
    """A colour per side, by the sides' ids in order: a side keeps its colour whatever the
    order of the file's combatants (issue 25)."""
    sides = sorted({c.side for c in enc.combatants})
    return {s: PALETTE[i % len(PALETTE)] for i, s in enumerate(sides)}


def _row_label_width(enc: Encounter) -> int:
    x0, y0 = _origin(enc)
    _, rows = _extent(enc)
    longest = max(len(str(y)) for y in (y0, y0 + rows - 1))
    return 8 * longest + 8


def grid_origin(enc: Encounter) -> tuple[int, int]:
    """The pixel of the grid's top-left corner (after the title, the column numbers and the
    row numbers)."""
    return MARGIN + _row_label_width(enc), MARGIN + TITLE_H + LABEL_H


def token_centre(enc: Encounter, cid: str) -> tuple[int, int]:
    """Pixel centre of a combatant's token (tests and callers locate tokens with it)."""
    x0, y0 = _origin(enc)
    gx, gy = grid_origin(enc)
    pos = enc.get(cid).position
    assert pos is not None
    return (gx + (pos[0] - x0) * CELL + CELL // 2, gy + (pos[1] - y0) * CELL + CELL // 2)


def _origin(enc: Encounter) -> tuple[int, int]:
    placed = [c.position for c in enc.active if c.position is not None]
    return min(p[0] for p in placed), min(p[1] for p in placed)


def _extent(enc: Encounter) -> tuple[int, int]:
    placed = [c.position for c in enc.active if c.position is not None]
    x0, y0 = _origin(enc)
    return (min(max(p[0] for p in placed) - x0 + 1, MAX_CELLS),
            min(max(p[1] for p in placed) - y0 + 1, MAX_CELLS))


_FACES = ("DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
          "LiberationSans-Regular.ttf", "Arial.ttf", "Helvetica.ttc")


@functools.cache
def _font(size: int) -> Any:
    """A system font with accents and dashes when there is one, else Pillow's own (ASCII)."""
    from PIL import ImageFont

    for face in _FACES:
        try:
            return ImageFont.truetype(face, size)
        except OSError:
            continue
    try:
        return ImageFont.load_default(size=size)
    except (TypeError, OSError):  # Pillow < 10.1 or no FreeType: the small bitmap font
        return ImageFont.load_default()


def _drawable(text: str, font: Any) -> str:
    """Text the font can draw: Pillow's own font has ASCII only (accents dropped)."""
    path = str(getattr(font, "path", "") or "")
    if any(path.endswith(face.rsplit("/", 1)[-1]) for face in _FACES):
        return text
    text = text.replace("—", "-").replace("«", '"').replace("»", '"')
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def _line(text: str) -> str:
    """User text on one line: Pillow cannot anchor text with a newline (a name holding one
    crashed `map --png`, issue 25)."""
    return " ".join(clean(text).split())


def _title(enc: Encounter, lang: str) -> str:
    from pbwcombat.render.catalog import CATALOGUES

    cat = CATALOGUES[lang]
    st = enc.state
    when = {"setup": cat["setup"], "ended": cat["ended"],
            "surprise": cat["surprise_round"]}.get(st.phase) \
        or cat["round"].format(round=st.round)
    return f"{_line(enc.name)} — {when}" if enc.name else when


def legend(enc: Encounter, lang: str) -> list[tuple[str, str, str]]:
    """(letter, text, side) per placed combatant: name, side name, and its marks in words."""
    from pbwcombat.render.catalog import Agree
    from pbwcombat.render.markup import Plain
    from pbwcombat.render.narrate import Narrator
    from pbwcombat.render.narrator import condition

    n = Narrator(Plain(), lang, False, enc.mention, enc)
    marks = letters(enc)
    out = []
    for c in enc.active:
        if c.id not in marks:
            continue
        words = []
        label = condition(c.hp, c.full_hp, c.status)
        if label in ("down", "dead"):
            words.append(n.t(label, g=Agree(c.gender == "f")))
        words += [n.condition_name(name, c.gender) for name in c.conditions]
        text = f"{_line(c.display)} ({_line(enc.side_name(c.side))})"
        if words:
            text += ": " + ", ".join(words)
        out.append((marks[c.id], text, c.side))
    return out


def picture_size(enc: Encounter, lang: str | None = None) -> tuple[int, int]:
    """Width and height of the picture `draw_png` makes."""
    from PIL import Image, ImageDraw

    lang = lang or enc.lang
    cols, rows = _extent(enc)
    gx, gy = grid_origin(enc)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    texts = [probe.textlength(_drawable(_title(enc, lang), _font(18)), font=_font(18))]
    texts += [probe.textlength(_drawable(f"{k} = {t}", _font(14)), font=_font(14)) + 24
              for k, t, _ in legend(enc, lang)]
    width = max(gx + cols * CELL + MARGIN, int(max(texts)) + 2 * MARGIN)
    height = gy + rows * CELL + 10 + LINE_H * len(legend(enc, lang)) + MARGIN
    return width, height


def _ink(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black on light colours, white on dark ones."""
    r, g, b = fill
    return (0, 0, 0) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (255, 255, 255)


def draw_png(enc: Encounter, path: Path,
             write: Callable[[Path, bytes], None] | None = None,
             lang: str | None = None) -> tuple[int, int]:
    """Write the picture; returns its size in pixels. R-OUT-11: the encounter's name and round
    as a title, coordinates on the edges, tokens coloured by side (colour-blind-safe), a
    bar across a down token, a grey crossed token for the dead, a dot for conditions, and a
    legend of letters and names; its words in `lang` (`--lang`), else the file's (R-OUT-5)."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        raise UsageError("png_needs_pillow") from None
    if enc.gridless:
        raise UsageError("no_grid")
    lang = lang or enc.lang
    # the dead first, so a living combatant on a corpse's square is drawn over it (issue 25)
    placed = sorted((c for c in enc.active if c.position is not None),
                    key=lambda c: c.status != "dead")
    x0, y0 = _origin(enc)
    cols, rows = _extent(enc)
    gx, gy = grid_origin(enc)
    size = picture_size(enc, lang)
    image = Image.new("RGB", size, (255, 255, 255))
    draw = ImageDraw.Draw(image)
    small, letter = _font(12), _font(13)
    draw.text((MARGIN, MARGIN), _drawable(_title(enc, lang), _font(18)), fill=(0, 0, 0),
              font=_font(18))
    for i in range(cols + 1):
        x = gx + i * CELL
        draw.line([(x, gy), (x, gy + rows * CELL)], fill=(200, 200, 200))
        if i < cols:  # the column's number above it
            draw.text((x + CELL // 2, gy - 3), str(x0 + i), fill=(0, 0, 0), font=small,
                      anchor="ms")
    for j in range(rows + 1):
        y = gy + j * CELL
        draw.line([(gx, y), (gx + cols * CELL, y)], fill=(200, 200, 200))
        if j < rows:  # the row's number left of it
            draw.text((gx - 4, y + CELL // 2), str(y0 + j), fill=(0, 0, 0), font=small,
                      anchor="rm")
    colours = side_colours(enc)
    marks = letters(enc)
    r = CELL // 2 - 3
    for c in placed:
        cx, cy = token_centre(enc, c.id)
        if not (gx <= cx < gx + cols * CELL and gy <= cy < gy + rows * CELL):
            continue
        dead = c.status == "dead"
        fill = DEAD if dead else colours[c.side]
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill, outline=(0, 0, 0), width=2)
        if dead:
            draw.line([(cx - r + 4, cy - r + 4), (cx + r - 4, cy + r - 4)], fill=(0, 0, 0),
                      width=3)
            draw.line([(cx - r + 4, cy + r - 4), (cx + r - 4, cy - r + 4)], fill=(0, 0, 0),
                      width=3)
        elif c.hp <= 0 or c.status in ("disabled", "dying", "stable"):  # down
            draw.rectangle([cx - r + 3, cy + 5, cx + r - 3, cy + 9], fill=(0, 0, 0))
        if c.conditions:
            dx, dy = cx + CELL // 2 - 6, cy - CELL // 2 + 6
            draw.ellipse([dx - 4, dy - 4, dx + 4, dy + 4], fill=(255, 255, 255),
                         outline=(0, 0, 0), width=2)
        # the letter sits in the token's upper half: its centre pixel shows the side's colour
        draw.text((cx, cy - 3), marks[c.id], fill=_ink(fill), font=letter, anchor="mb")
    y = gy + rows * CELL + 10
    for key, text, side in legend(enc, lang):
        draw.ellipse([MARGIN, y + 3, MARGIN + 14, y + 17], fill=colours[side],
                     outline=(0, 0, 0))
        draw.text((MARGIN + 22, y + 2), _drawable(f"{key} = {text}", _font(14)),
                  fill=(0, 0, 0), font=_font(14))
        y += LINE_H
    import io

    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    if write is not None:
        write(path, buffer.getvalue())  # the CLI: atomically (R-OUT-11)
    else:
        try:
            path.write_bytes(buffer.getvalue())
        except OSError as e:
            raise CannotWrite("cannot_be_written", path=path, reason=e.strerror or e) from None
    return size
