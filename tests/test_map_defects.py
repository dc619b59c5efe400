"""Issue 25's map defects: a name with a newline in `map --png`, a living combatant on a
corpse's square, down combatants on the text map, side colours by side and not file order."""

from __future__ import annotations

from helpers import fighter, ok
from PIL import Image

from pbwcombat.render import picture
from pbwcombat.render.gridmap import grid_lines
from pbwcombat.service import load


def _file(encounter, *people: str):
    return encounter('schema = 1\nname = "Mill"\nformat = "plain"\n\n' + "".join(people))


def test_map_png_draws_a_name_holding_a_newline(run, encounter, tmp_path):
    path = _file(encounter, fighter("hero", "a", (0, 0), name="Two\nlines"),
                 fighter("orc", "b", (2, 0)))
    out = tmp_path / "map.png"
    ok(run("map", path, "--png", out))
    assert Image.open(out).size[0] >= 64
    assert "Two lines" in ok(run("map", path)).out


def test_a_living_combatant_on_a_corpses_square_is_seen(run, encounter, tmp_path):
    # the corpse comes after the living in the file: it was drawn over them
    path = _file(encounter, fighter("hero", "a", (0, 0)), fighter("orc", "b", (3, 0)),
                 fighter("gob", "b", (1, 0)))
    ok(run("roll-initiative", path, "--dice", "20,2,1"))
    ok(run("hp", path, "gob", "-20"))
    ok(run("move", path, "hero", "1,0"))  # R-GEO-7: a move may end on the dead
    enc = load(path)[1]
    assert grid_lines(enc)[1].split()[1:] == ["A", ".", "B"]  # the hero, not the corpse's x
    out = tmp_path / "map.png"
    ok(run("map", path, "--png", out))
    image = Image.open(out).convert("RGB")
    cx, cy = picture.token_centre(enc, "hero")
    assert image.getpixel((cx, cy)) == picture.side_colours(enc)["a"]


def test_down_combatants_look_down_on_the_text_map(run, encounter):
    path = _file(encounter, fighter("hero", "a", (0, 0)), fighter("orc", "b", (1, 0), hp=0),
                 fighter("gob", "b", (2, 0), hp=-3))
    out = ok(run("map", path)).out
    assert "1 A b c" in out.replace("0 A b c", "1 A b c")
    assert "B = orc (b) (down: b)" in out and "C = gob (b) (down: c)" in out
    es = ok(run("map", path, "--lang", "es")).out
    assert "(caído: b)" in es


def test_side_colours_do_not_depend_on_the_files_order(encounter):
    first = _file(encounter, fighter("hero", "party", (0, 0)), fighter("orc", "orcs", (1, 0)))
    enc_a = load(first)[1]
    second = encounter('schema = 1\nname = "Mill"\nformat = "plain"\n\n'
                       + fighter("orc", "orcs", (1, 0)) + fighter("hero", "party", (0, 0)),
                       name="second.toml")
    enc_b = load(second)[1]
    assert picture.side_colours(enc_a) == picture.side_colours(enc_b)
    assert len(set(picture.side_colours(enc_a).values())) == 2
