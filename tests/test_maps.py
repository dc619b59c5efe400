"""R-OUT-11: the text map labels every column and row in full; the picture has at least 32 px
per square, a title, coordinates, a legend, colour-blind-safe side colours, and marks for
down, dead and conditions."""

from __future__ import annotations

import pytest
from helpers import fighter, ok
from PIL import Image

from pbwcombat.render import picture
from pbwcombat.render.gridmap import grid_lines
from pbwcombat.service import load

OKABE_ITO = {(0, 114, 178), (213, 94, 0), (0, 158, 115), (230, 159, 0), (204, 121, 167),
             (86, 180, 233), (240, 228, 66), (0, 0, 0)}


def spread(encounter, xs, name="Wide"):
    people = "".join(fighter(f"c{i}", "a" if i % 2 else "b", (x, i), name=f"C{i}")
                     for i, x in enumerate(xs))
    return encounter(f'schema = 1\nname = "{name}"\nformat = "plain"\n\n' + people)


@pytest.mark.parametrize(("xs", "height"), [((8, 23), 2), ((-3, 4), 2), ((95, 101), 3),
                                            ((1, 9), 1)])
def test_R_OUT_11_text_map_labels_every_column_in_full(encounter, xs, height):
    path = spread(encounter, xs)
    enc = load(path)[1]
    lines = grid_lines(enc)
    width = len(str(len(xs) - 1))
    header = lines[:height]
    assert all(line.startswith(" " * (width + 1)) for line in header)
    assert not lines[height].startswith(" " * (width + 1))  # the first row follows
    labels = {}
    for line in header:
        for i, ch in enumerate(line):
            if ch != " ":
                labels[i] = labels.get(i, "") + ch
    expected = [str(x) for x in range(xs[0], xs[1] + 1)]
    assert [labels[k] for k in sorted(labels)] == expected
    # each label stands over its own column of squares
    first_row = lines[height]
    for k, x in zip(sorted(labels), range(xs[0], xs[1] + 1), strict=True):
        assert first_row[k] in ".ABx", (x, first_row)


def test_R_OUT_11_rows_are_labelled_in_full(encounter):
    path = spread(encounter, [0] * 12)
    lines = grid_lines(load(path)[1])
    assert [line.split()[0] for line in lines[1:]] == [str(y) for y in range(12)]


def marked(encounter):
    """Three sides; one down, one dead, one with a condition."""
    return encounter(
        'schema = 1\nname = "Vado del molino"\nlang = "es"\nformat = "plain"\n\n'
        '[sides.b]\nname = "Los trasgos"\n\n'
        + fighter("hero", "a", (0, 0), name="Hero", hp=10)
        + fighter("orc", "b", (1, 0), name="Orc", hp=0)
        + fighter("gob", "b", (2, 1), name="Gob", hp=-20)
        + fighter("elf", "c", (3, 2), name="Elfa", gender="f", hp=10)
        .replace('id = "elf"', 'id = "elf"\nconditions = { prone = {} }'))


def drawn(run, encounter, tmp_path):
    """The `marked` encounter and its picture, drawn by `map --png`."""
    path = marked(encounter)
    out = tmp_path / "map.png"
    ok(run("map", path, "--png", out))
    return load(path)[1], Image.open(out).convert("RGB")


def test_R_OUT_11_png_squares_title_coordinates_legend(run, encounter, tmp_path):
    enc, image = drawn(run, encounter, tmp_path)
    assert picture.CELL >= 32
    hero, orc = picture.token_centre(enc, "hero"), picture.token_centre(enc, "orc")
    assert orc[0] - hero[0] >= 32
    gx, gy = picture.grid_origin(enc)
    width, _ = image.size

    def ink(box: tuple[int, int, int, int]) -> int:
        return sum(1 for x in range(box[0], box[2]) for y in range(box[1], box[3])
                   if sum(image.getpixel((x, y))) < 200)

    assert ink((picture.MARGIN, picture.MARGIN, width - picture.MARGIN,
                picture.MARGIN + picture.TITLE_H - 6)) > 100  # the title
    for i in range(4):  # a number above every column, and left of every row
        cx = gx + i * picture.CELL + picture.CELL // 2
        assert ink((cx - 8, gy - picture.LABEL_H, cx + 8, gy - 1)) > 5, i
    for j in range(3):
        cy = gy + j * picture.CELL + picture.CELL // 2
        assert ink((picture.MARGIN, cy - 8, gx - 1, cy + 8)) > 5, j
    colours = picture.side_colours(enc)
    assert set(colours.values()) <= OKABE_ITO and len(set(colours.values())) == 3
    # the legend: a line per token, its swatch in the side's colour, then text
    y = gy + 3 * picture.CELL + 10
    for c in ("hero", "orc", "gob", "elf"):
        assert image.getpixel((picture.MARGIN + 7, y + 10)) == colours[enc.get(c).side]
        assert ink((picture.MARGIN + 22, y, width - 1, y + picture.LINE_H)) > 30
        y += picture.LINE_H


def test_R_OUT_11_png_marks_down_dead_and_conditions(run, encounter, tmp_path):
    enc, image = drawn(run, encounter, tmp_path)
    colours = picture.side_colours(enc)
    hx, hy = picture.token_centre(enc, "hero")
    ox, oy = picture.token_centre(enc, "orc")
    gx_, gy_ = picture.token_centre(enc, "gob")
    ex, ey = picture.token_centre(enc, "elf")
    assert image.getpixel((hx, hy + 7)) == colours["a"]  # unhurt: plain token
    assert image.getpixel((ox, oy + 7)) == (0, 0, 0)  # down: a bar across it
    assert image.getpixel((ox, oy)) == colours["b"]  # still its side's colour
    assert image.getpixel((gx_ - 12, gy_ + 1)) == picture.DEAD  # dead: grey…
    assert image.getpixel((gx_, gy_)) == (0, 0, 0)  # …and crossed
    dot = (ex + picture.CELL // 2 - 6, ey - picture.CELL // 2 + 6)
    assert image.getpixel(dot) == (255, 255, 255)  # a condition: a ringed dot
    assert image.getpixel((hx + picture.CELL // 2 - 6, hy - picture.CELL // 2 + 6)) \
        == (255, 255, 255)  # (background where there is none…)
    ring = (dot[0] + 4, dot[1])
    assert sum(image.getpixel(ring)) < 100  # …the ring is what tells it apart
