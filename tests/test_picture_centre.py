"""`map --png` (issue: the colour at a token's centre): the exact centre pixel of a living
token is its side's colour; the picture has the size the layout needs."""

from __future__ import annotations

from pathlib import Path

from helpers import duel
from PIL import Image

from pbwcombat.render.picture import (
    CELL,
    MARGIN,
    grid_origin,
    picture_size,
    side_colours,
    token_centre,
)
from pbwcombat.service import load


def test_png_token_centre_is_the_side_colour(run, encounter, tmp_path: Path):
    path = encounter(duel(a="", b=""))
    png = tmp_path / "map.png"
    assert run("map", path, "--png", png).code == 0
    _, enc = load(path)
    picture = Image.open(png).convert("RGB")
    gx, gy = grid_origin(enc)  # (0,0) and (1,0), after the title and the numbers
    assert picture.size == picture_size(enc) and picture.size[0] >= gx + 2 * CELL + MARGIN
    colours = side_colours(enc)
    for c in enc.active:
        assert picture.getpixel(token_centre(enc, c.id)) == colours[c.side], c.id
    assert colours["heroes"] != colours["monsters"]
