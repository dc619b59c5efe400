"""`map` and `show --map` (docs/en/commands.md `map`; SPEC: `map` is read-only, text in a
code block or a picture)."""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from typing import Any

import pytest
from helpers import ok, snapshot

from pbwcombat.render import picture
from pbwcombat.service import load

# -- a known small layout -------------------------------------------------------------------
#
#     x: 1 2 3 4
#  y=1   A . . .      A = Hero (heroes)        at (1,1)
#  y=2   . . . B      B = Orc (monsters)       at (4,2)
#  y=3   . x . .      C = Gob (monsters), dead at (2,3)


def combatant(cid: str, side: str, pos: tuple[int, int] | None, hp: int = 10,
              name: str | None = None) -> str:
    lines = ["[[combatants]]", f'id = "{cid}"', f"name = {json.dumps(name or cid.capitalize())}",
             f'side = "{side}"', "defense = 12", f"hp = {hp}", "max_hp = 10"]
    if pos is not None:
        lines.append(f"position = [{pos[0]}, {pos[1]}]")
    lines += ["", "[[combatants.weapons]]", 'id = "club"', "attack = 1", 'damage = "1d6"', ""]
    return "\n".join(lines)


def layout(fmt: str = "bbcode", gridless: bool = False, hero_name: str | None = None) -> str:
    def at(p: tuple[int, int]) -> tuple[int, int] | None:
        return None if gridless else p

    return "\n".join([
        "schema = 1", 'name = "Mill"', 'lang = "en"', f'format = "{fmt}"', "",
        combatant("hero", "heroes", at((1, 1)), name=hero_name),
        combatant("orc", "monsters", at((4, 2))),
        combatant("gob", "monsters", at((2, 3)), hp=-10),   # dead (R-HP-1)
    ])


GRID = [
    "  1 2 3 4",
    "1 A . . .",
    "2 . . . B",
    "3 . x . .",
]
LEGEND = "Legend: A = Hero (heroes); B = Orc (monsters); C = Gob (monsters) (dead: x)"
LEGEND_ES = "Leyenda: A = Hero (heroes); B = Orc (monsters); C = Gob (monsters) (muerto: x)"


# -- the text map ---------------------------------------------------------------------------


def test_map_bbcode_exact(run, encounter):
    path = encounter(layout("bbcode"))
    r = ok(run("map", path))
    assert r.out == "[code]\n" + "\n".join(GRID) + "\n[/code]\n" + LEGEND + "\n"


def test_map_markdown_exact(run, encounter):
    path = encounter(layout("bbcode"))
    r = ok(run("map", path, "--format", "markdown"))
    # R-OUT-6: the fence and the legend are separate blocks
    assert r.out == "```\n" + "\n".join(GRID) + "\n```\n\n" + LEGEND + "\n"


def test_map_plain_exact(run, encounter):
    path = encounter(layout("plain"))
    r = ok(run("map", path))
    assert r.out == "\n".join(GRID) + "\n" + LEGEND + "\n"
    assert "[code]" not in r.out and "```" not in r.out


def test_map_spanish_legend(run, encounter):
    path = encounter(layout("plain"))
    r = ok(run("map", path, "--lang", "es"))
    assert r.out == "\n".join(GRID) + "\n" + LEGEND_ES + "\n"


def test_map_json_carries_the_plain_map(run, encounter):
    path = encounter(layout("bbcode"))
    r = ok(run("map", path, "--format", "json"))
    data = r.json()
    assert data["text"] == "\n".join(GRID) + "\n" + LEGEND + "\n"
    assert data["events"] == []


def test_map_dead_by_damage_becomes_x(run, encounter):
    path = encounter(layout("plain"))
    ok(run("hp", path, "orc", "-20"))  # 10 → -10: dead
    r = ok(run("map", path))
    assert r.out.splitlines()[:4] == ["  1 2 3 4", "1 A . . .", "2 . . . x", "3 . x . ."]
    assert "B = Orc (monsters) (dead: x)" in r.out


def test_map_legend_names_are_escaped(run, encounter):
    """R-OUT-2: a name from the file never becomes markup, in the legend too."""
    path = encounter(layout("bbcode", hero_name="Evil [b]Bob[/b]"))
    r = ok(run("map", path))
    assert "A = Evil ［b］Bob［/b］ (heroes)" in r.out
    assert "[b]" not in r.out
    r = ok(run("map", path, "--format", "markdown"))
    assert r"A = Evil \[b\]Bob\[\/b\] (heroes)" in r.out  # every ASCII punctuation


def test_show_map_appends_the_map(run, encounter):
    path = encounter(layout("bbcode"))
    show = ok(run("show", path))
    assert "[code]" not in show.out
    with_map = ok(run("show", path, "--map"))
    the_map = ok(run("map", path))
    assert with_map.out == show.out.rstrip("\n") + "\n\n" + the_map.out
    md = ok(run("show", path, "--map", "--format", "markdown")).out
    assert md.endswith("```\n" + "\n".join(GRID) + "\n```\n\n" + LEGEND + "\n")


@pytest.mark.parametrize(("lang", "sentence"), [
    ("en", "No grid: this encounter has no positions."),
    ("es", "Sin cuadrícula: este encuentro no tiene posiciones."),
])
def test_gridless_map_is_a_sentence(run, encounter, lang, sentence):
    path = encounter(layout("bbcode", gridless=True))
    r = ok(run("map", path, "--lang", lang))
    assert r.out.strip() == sentence
    for mark in ("[code]", "```", " . ", "Legend", "Leyenda"):
        assert mark not in r.out
    r = ok(run("show", path, "--map", "--lang", lang))
    assert r.out.rstrip("\n").endswith(sentence)
    assert "[code]" not in r.out


# -- the picture -----------------------------------------------------------------------------


def dominant(image: Any, centre: tuple[int, int], radius: int) -> tuple[int, int, int]:
    """The most common colour inside a disc around `centre` (the token's fill; the letter
    label and a dead token's cross are thin marks on it)."""
    cx, cy = centre
    seen: Counter[tuple[int, int, int]] = Counter()
    for x in range(cx - radius, cx + radius + 1):
        for y in range(cy - radius, cy + radius + 1):
            if (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2:
                seen[image.getpixel((x, y))] += 1
    return seen.most_common(1)[0][0]


def test_map_png_size_and_token_colours(run, encounter, tmp_path):
    from PIL import Image

    path = encounter(layout("bbcode"))
    out = tmp_path / "round1.png"
    r = ok(run("map", path, "--png", out))
    assert out.exists()
    _, enc = load(path)
    image = Image.open(out)
    assert image.format == "PNG"
    image = image.convert("RGB")
    # 4 columns (x 1..4) and 3 rows (y 1..3)
    gx, gy = picture.grid_origin(enc)  # R-OUT-11: title, column and row numbers first
    assert image.size == picture.picture_size(enc)
    assert image.size[0] >= gx + 4 * picture.CELL and image.size[1] > gy + 3 * picture.CELL
    colours = picture.side_colours(enc)
    assert colours["heroes"] != colours["monsters"]
    radius = picture.CELL // 2 - 6
    hero = picture.token_centre(enc, "hero")
    orc = picture.token_centre(enc, "orc")
    gob = picture.token_centre(enc, "gob")
    assert hero == (gx + picture.CELL // 2, gy + picture.CELL // 2)
    assert dominant(image, hero, radius) == colours["heroes"]
    assert dominant(image, orc, radius) == colours["monsters"]
    dead = dominant(image, gob, radius)
    assert dead != colours["monsters"]
    assert dead == picture.DEAD
    assert max(dead) - min(dead) <= 16  # grey
    # an empty square stays background
    empty = (gx + 2 * picture.CELL + picture.CELL // 2, gy + picture.CELL // 2)   # (3,1)
    assert dominant(image, empty, radius) == (255, 255, 255)
    assert "[code]" in r.out  # the text map is still printed


def test_map_png_shifted_layout(run, encounter, tmp_path):
    """The picture starts at the smallest occupied square, whatever the coordinates."""
    from PIL import Image

    text = layout("plain").replace("[1, 1]", "[-2, 5]").replace("[4, 2]", "[3, 6]") \
        .replace("[2, 3]", "[0, 9]")
    path = encounter(text)
    out = tmp_path / "shifted.png"
    ok(run("map", path, "--png", out))
    _, enc = load(path)
    image = Image.open(out).convert("RGB")
    gx, gy = picture.grid_origin(enc)
    assert image.size == picture.picture_size(enc)
    assert image.size[0] >= gx + 6 * picture.CELL and image.size[1] > gy + 5 * picture.CELL
    colours = picture.side_colours(enc)
    radius = picture.CELL // 2 - 6
    assert dominant(image, picture.token_centre(enc, "hero"), radius) == colours["heroes"]
    assert dominant(image, picture.token_centre(enc, "orc"), radius) == colours["monsters"]
    assert dominant(image, picture.token_centre(enc, "gob"), radius) == picture.DEAD


# -- read-only --------------------------------------------------------------------------------


def test_map_never_writes_the_encounter(run, encounter, tmp_path):
    path = encounter(layout("bbcode"))
    before = snapshot(path, mtime=True)
    ok(run("map", path))
    ok(run("map", path, "--png", tmp_path / "a.png"))
    ok(run("show", path, "--map"))
    assert snapshot(path, mtime=True) == before
    assert "dice" not in tomllib.loads(path.read_text(encoding="utf-8"))  # no seed added
    # in combat too
    ok(run("roll-initiative", path, "--dice", "10,5,3"))
    before = snapshot(path, mtime=True)
    ok(run("map", path, "--format", "markdown"))
    ok(run("map", path, "--png", tmp_path / "b.png"))
    ok(run("show", path, "--map"))
    assert snapshot(path, mtime=True) == before
