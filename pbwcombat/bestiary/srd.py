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


@functools.cache
def creatures() -> tuple[dict[str, Any], ...]:
    """Every shipped creature record, sorted by id."""
    from importlib.resources import files

    text = files("pbwcombat").joinpath("data/srd/creatures.json").read_text(encoding="utf-8")
    return tuple(json.loads(text))


def _fold(text: str) -> str:
    """Lower case without accents, for matching names typed either way ("dragón")."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text.casefold())
                   if not unicodedata.combining(ch))


def _names(c: dict[str, Any]) -> list[str]:
    return [c["id"], c["name"], c.get("full_name", ""), c.get("name_es", "")]


def find(name: str) -> dict[str, Any]:
    """The creature called `name` (its id, English or Spanish name, any case or accents);
    else the only one whose names all start with or contain it. UsageError (exit 2) naming
    the candidates otherwise."""
    from pbwcombat.model import slug

    want, want_slug = _fold(name.strip()), slug(name)
    every = creatures()
    for c in every:
        if want_slug == c["id"] or want in (_fold(n) for n in _names(c) if n):
            return c
    close = [c for c in every if any(want in _fold(n) for n in _names(c) if n)]
    if len(close) == 1:
        return close[0]
    if not close:
        raise UsageError(f'--srd: no SRD creature is called "{name}" (pbwcombat srd search '
                         "WORD lists them)")
    shown = ", ".join(c["id"] for c in close[:8]) + (" …" if len(close) > 8 else "")
    raise UsageError(f'--srd: "{name}" names several SRD creatures: {shown}')


def search(word: str) -> list[dict[str, Any]]:
    """Creatures whose names (either language) or id contain `word`, sorted by id."""
    want = _fold(word.strip())
    return [c for c in creatures() if any(want in _fold(n) for n in _names(c) if n)]


def line(c: dict[str, Any]) -> str:
    """One line of `srd search`: id, English name, Spanish name, CR."""
    es = f" / {c['name_es']}" if c.get("name_es") else ""
    full = f" ({c['full_name']})" if c.get("full_name") else ""
    return f"{c['id']}: {c['name']}{es}{full} — CR {c.get('cr') or '?'}"


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
