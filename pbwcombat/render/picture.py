"""`map --png`: the grid as a picture (optional extra `pbwcombat[map]`, Pillow)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pbwcombat.errors import CannotWrite, UsageError
from pbwcombat.model import Encounter
from pbwcombat.render.gridmap import letters

CELL = 32
MARGIN = 16
PALETTE = [(52, 101, 164), (204, 0, 0), (78, 154, 6), (196, 160, 0), (117, 80, 123),
           (206, 92, 0), (6, 152, 154), (85, 87, 83)]
DEAD = (136, 138, 133)
MAX_CELLS = 200


def side_colours(enc: Encounter) -> dict[str, tuple[int, int, int]]:
    """A colour per side, in the order sides first appear in the file."""
    sides: list[str] = []
    for c in enc.combatants:
        if c.side not in sides:
            sides.append(c.side)
    return {s: PALETTE[i % len(PALETTE)] for i, s in enumerate(sides)}


def token_centre(enc: Encounter, cid: str) -> tuple[int, int]:
    """Pixel centre of a combatant's token (tests and callers locate tokens with it)."""
    x0, y0 = _origin(enc)
    pos = enc.get(cid).position
    assert pos is not None
    return (MARGIN + (pos[0] - x0) * CELL + CELL // 2, MARGIN + (pos[1] - y0) * CELL + CELL // 2)


def _origin(enc: Encounter) -> tuple[int, int]:
    placed = [c.position for c in enc.active if c.position is not None]
    return min(p[0] for p in placed), min(p[1] for p in placed)


def draw_png(enc: Encounter, path: Path,
             write: Callable[[Path, bytes], None] | None = None) -> tuple[int, int]:
    """Write the picture; returns its size in pixels."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        raise UsageError("--png needs Pillow: pip install 'pbwcombat[map]'") from None
    if enc.gridless:
        raise UsageError("this encounter has no grid (no positions)")
    placed = [c for c in enc.active if c.position is not None]
    x0, y0 = _origin(enc)
    cols = min(max(c.position[0] for c in placed if c.position) - x0 + 1, MAX_CELLS)
    rows = min(max(c.position[1] for c in placed if c.position) - y0 + 1, MAX_CELLS)
    size = (cols * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN)
    image = Image.new("RGB", size, (255, 255, 255))
    draw = ImageDraw.Draw(image)
    for i in range(cols + 1):
        x = MARGIN + i * CELL
        draw.line([(x, MARGIN), (x, MARGIN + rows * CELL)], fill=(200, 200, 200))
    for j in range(rows + 1):
        y = MARGIN + j * CELL
        draw.line([(MARGIN, y), (MARGIN + cols * CELL, y)], fill=(200, 200, 200))
    colours = side_colours(enc)
    marks = letters(enc)
    for c in placed:
        cx, cy = token_centre(enc, c.id)
        if not (MARGIN <= cx < size[0] - MARGIN and MARGIN <= cy < size[1] - MARGIN):
            continue
        r = CELL // 2 - 3
        fill = DEAD if c.status == "dead" else colours[c.side]
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill, outline=(0, 0, 0))
        if c.status == "dead":
            draw.line([(cx - r, cy - r), (cx + r, cy + r)], fill=(0, 0, 0), width=2)
            draw.line([(cx - r, cy + r), (cx + r, cy - r)], fill=(0, 0, 0), width=2)
        # the letter sits in the token's upper half: its centre pixel shows the side's colour
        draw.text((cx - 3, cy - r + 1), marks[c.id], fill=(255, 255, 255))
    import io

    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    if write is not None:
        write(path, buffer.getvalue())  # the CLI: atomically (R-OUT-11)
    else:
        try:
            path.write_bytes(buffer.getvalue())
        except OSError as e:
            raise CannotWrite(f"{path}: cannot be written ({e.strerror or e})") from None
    return size
