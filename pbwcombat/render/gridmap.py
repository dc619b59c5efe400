"""The grid as text inside a code block: one letter per combatant, with a legend."""

from __future__ import annotations

import string

from pbwcombat.model import Combatant, Encounter
from pbwcombat.render.catalog import CATALOGUES, Agree
from pbwcombat.render.markup import markup_for

_MAX_CELLS = 120


def letters(enc: Encounter) -> dict[str, str]:
    """A letter per active combatant in file order: A–Z, then a–z, then digits."""
    pool = string.ascii_uppercase + string.ascii_lowercase + string.digits
    people = [c for c in enc.active if c.position is not None]
    return {c.id: pool[i] if i < len(pool) else "?" for i, c in enumerate(people)}


def is_down(c: Combatant) -> bool:
    return c.status in ("disabled", "dying", "stable") or (c.status != "dead" and c.hp <= 0)


def down_mark(c: Combatant, mark: str, count: int) -> str:
    """A down combatant's letter in lower case, while the letters are all upper case."""
    return mark.lower() if is_down(c) and count <= 26 else mark


def grid_lines(enc: Encounter) -> list[str]:
    """Rows from the smallest y to the largest; `.` empty, `x` dead; column/row numbers."""
    placed: list[Combatant] = [c for c in enc.active if c.position is not None]
    marks = letters(enc)
    xs = [c.position[0] for c in placed if c.position]
    ys = [c.position[1] for c in placed if c.position]
    x0, x1 = min(xs), min(max(xs), min(xs) + _MAX_CELLS - 1)
    y0, y1 = min(ys), min(max(ys), min(ys) + _MAX_CELLS - 1)
    # a living combatant on a corpse's square shows (the dead first, the living over them);
    # a combatant down (disabled, dying, stable) shows its letter in lower case (issue 25)
    at: dict[tuple[int, int] | None, str] = {}
    for c in sorted(placed, key=lambda c: c.status != "dead"):
        at[c.position] = "x" if c.status == "dead" else down_mark(c, marks[c.id], len(marks))
    width = max(len(str(y0)), len(str(y1)))
    # R-OUT-11: every column labelled in full, its number written downwards (two header
    # lines past 9, three past 99); a row's number is written in full on its line
    labels = [str(x) for x in range(x0, x1 + 1)]
    height = max(len(label) for label in labels)
    lines = [" " * (width + 1) + " ".join(label.rjust(height)[i] for label in labels).rstrip()
             for i in range(height)]
    for y in range(y0, y1 + 1):
        row = " ".join(at.get((x, y), ".") for x in range(x0, x1 + 1))
        lines.append(f"{y:>{width}} {row}")
    return lines


def text_map(enc: Encounter, fmt: str, lang: str) -> str:
    m = markup_for(fmt)
    cat = CATALOGUES[lang]
    if enc.gridless:
        return cat["map_no_grid"]
    marks = letters(enc)
    legend = []
    for c in enc.active:
        if c.id in marks:
            dead = f" ({cat['map_dead']}: x)" if c.status == "dead" else ""
            if is_down(c):
                down = cat["map_down"].format(g=Agree(c.gender == "f"))
                dead = f" ({down}: {down_mark(c, marks[c.id], len(marks))})"
            legend.append(f"{marks[c.id]} = {m.escape(c.display)} "
                          f"({m.escape(enc.side_name(c.side))}){dead}")
    return m.finish(m.block(grid_lines(enc)) + f"\n{cat['map_legend']}: " + "; ".join(legend))
