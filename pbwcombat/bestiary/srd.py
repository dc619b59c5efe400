"""The bundled SRD 3.5 bestiary (pbwcombat/data/srd): find a creature by name, search, show.

Read lazily, on first use, with importlib.resources: commands that never name a creature pay
nothing for it. The data is the converter's output (scripts/srd_convert.py), Open Game
Content under the OGL 1.0a (pbwcombat/data/srd/LICENSE-OGL.txt).
"""

from __future__ import annotations

import functools
import json
import unicodedata
from typing import Any

from pbwcombat.errors import UsageError

Row = tuple[str, str, str, str, str, int, int, str]  # see `index`


def _read(name: str, start: int = 0, size: int = -1) -> bytes:
    """A data file's bytes (or `size` of them from `start`). Beside the module in a regular
    install (read straight away: importing importlib.resources costs ~14 ms, more than the
    look-up), else through importlib.resources (a zipped package)."""
    import os

    path = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "srd", name)
    if os.path.isfile(path):
        with open(path, "rb") as f:
            f.seek(start)
            return f.read(size)
    from importlib.resources import files

    with files("pbwcombat").joinpath(f"data/srd/{name}").open("rb") as f:
        f.seek(start)
        return f.read(size)


@functools.cache
def index() -> tuple[Row, ...]:
    """Each creature's id, name, Spanish name, full SRD name, CR, byte span in
    creatures.jsonl, and its names folded for matching (about 40 KB: a search or a
    look-up reads no statistics)."""
    return tuple(tuple(row) for row in json.loads(_read("index.json")))


def record(row: Row) -> dict[str, Any]:
    """One creature's whole record, read from its line alone."""
    result: dict[str, Any] = json.loads(_read("creatures.jsonl", row[5], row[6]))
    return result


def creatures() -> list[dict[str, Any]]:
    """Every shipped creature record, sorted by id (tests, the converter's check)."""
    return [json.loads(line) for line in _read("creatures.jsonl").splitlines()]


def fold(text: str) -> str:
    """Lower case without accents, for matching names typed with or without them."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text.casefold())
                   if not unicodedata.combining(ch))


def find(name: str) -> dict[str, Any]:
    """The creature called `name` (its id, English or Spanish name, any case or accents);
    else the only one whose names contain it. UsageError (exit 2) naming the candidates
    otherwise."""
    from pbwcombat.forms import slug

    want, want_slug = fold(name.strip()), slug(name)
    rows = index()
    for row in rows:
        if want_slug == row[0] or want in row[7].split("\n"):
            return record(row)
    close = [row for row in rows if want in row[7]]
    if len(close) == 1:
        return record(close[0])
    if not close:
        raise UsageError("srd_none", name=name)
    shown = ", ".join(row[0] for row in close[:8]) + (" …" if len(close) > 8 else "")
    raise UsageError("srd_several", name=name, shown=shown)


def search(word: str) -> list[Row]:
    """Creatures whose names (either language) or id contain `word`, sorted by id."""
    want = fold(word.strip())
    return [row for row in index() if want in row[7]]


def line(row: Row, lang: str = "en") -> str:
    """One line of `srd search`: id, English name, Spanish name, challenge rating (its
    abbreviation from the catalogue)."""
    from pbwcombat.render.catalog import CATALOGUES

    cid, name, es, full, cr = row[:5]
    names = f"{name}{f' / {es}' if es else ''}{f' ({full})' if full else ''}"
    return f"{cid}: {names} — {CATALOGUES[lang]['srd_cr']} {cr or '?'}"


def definition(c: dict[str, Any], cid: str, side: str, lang: str = "en") -> dict[str, Any]:
    """The creature as a `[[combatants]]` table with id and side (its Spanish name in a
    Spanish encounter, when known)."""
    from pbwcombat.model import Combatant, Weapon

    given = dict(c["definition"], id=cid, side=side)
    if lang == "es" and c.get("name_es"):
        given["name"] = c["name_es"]
    table = {k: given[k] for k in Combatant.FIELDS if k in given}  # the file's own order
    if "weapons" in table:
        table["weapons"] = [{k: w[k] for k in Weapon.FIELDS if k in w}
                            for w in table["weapons"]]
    return table


def show(c: dict[str, Any], cid: str | None = None, side: str = "monsters",
         lang: str = "en") -> str:
    """The definition as TOML, ready to paste into a roster (a `[[combatants]]` table)."""
    import tomli_w

    head = f"# {c.get('full_name') or c['name']} — SRD 3.5, CR {c.get('cr') or '?'}; Hit " \
           f"Dice {c['hit_dice']} (Open Game Content, OGL 1.0a)\n"
    return head + tomli_w.dumps({"combatants": [definition(c, cid or c["id"], side, lang)]})
