#!/usr/bin/env python3
"""Convert the 3.5 SRD's monster stat blocks into pbwcombat's bundled bestiary.

Source: the HTML edition of the Revised (v.3.5) System Reference Document at
github.com/olimot/srd-v3.5 (Open Game Content under the OGL 1.0a), read from a checkout or a
bare git directory at the pinned commit below; it is never committed here. Each stat-block
table column is written out in the SRD's own text layout ("Hit Dice: …") and read by the same
parser `add --statblock` uses (pbwcombat.bestiary.statblock), so both read one format.

    python scripts/srd_convert.py SOURCE [--out pbwcombat/data/srd] [--blocks DIR]

SOURCE is a checkout of that repository or its git directory (`fetch` leaves one at
/work/.mirror/olimot+srd-v3.5/repo). The output is byte-identical on every run: creatures are
sorted by id and written one JSON line each with sorted keys (creatures.jsonl), with
index.json giving each one's names, CR and byte span (so that one creature is read without
the rest); MANIFEST.sha256 lists each data file's digest, and tests/test_bestiary.py re-runs
this script when the source is present.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

SOURCE_REPO = "https://github.com/olimot/srd-v3.5"
SOURCE_COMMIT = "faab739"  # the commit the shipped data was converted from
PAGES = (
    "monsters/monsters-intro-a.html", "monsters/monsters-b-c.html",
    "monsters/monsters-d-de.html", "monsters/monsters-di-do.html",
    "monsters/monsters-dr-dw.html", "monsters/monsters-e-f.html", "monsters/monsters-g.html",
    "monsters/monsters-h-i.html", "monsters/monsters-k-l.html", "monsters/monsters-m-n.html",
    "monsters/monsters-o-r.html", "monsters/monsters-s.html", "monsters/monsters-t-z.html",
    "monsters/monsters-animals.html", "monsters/monsters-vermin.html",
    "psionics/psionic-monsters.html",
)
_TYPE_LINE = re.compile(r"^(Fine|Diminutive|Tiny|Small|Medium|Large|Huge|Gargantuan|Colossal)"
                        r"(-size)? ")
HERE = Path(__file__).resolve().parent.parent


class _Tables(HTMLParser):
    """Headings and stat-block tables of one page, in order: each table as rows of cells
    (text, whether the cell is a <th>)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.items: list[tuple[str, object]] = []
        self._heading: list[str] | None = None
        self._rows: list[list[tuple[str, bool]]] | None = None
        self._cell: list[str] | None = None
        self._th = False
        self._depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("h1", "h2", "h3", "h4", "h5") and self._rows is None:
            self._heading = []
        elif tag == "table":
            self._depth += 1
            if self._depth == 1:
                self._rows = []
        elif tag == "tr" and self._rows is not None:
            self._rows.append([])
        elif tag in ("td", "th") and self._rows is not None:
            self._cell, self._th = [], tag == "th"
        elif tag == "br" and self._cell is not None:
            self._cell.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("h1", "h2", "h3", "h4", "h5") and self._heading is not None:
            self.items.append(("heading", _squash("".join(self._heading))))
            self._heading = None
        elif tag == "table":
            self._depth -= 1
            if self._depth == 0 and self._rows is not None:
                self.items.append(("table", self._rows))
                self._rows = None
        elif tag in ("td", "th") and self._cell is not None and self._rows:
            self._rows[-1].append((_squash("".join(self._cell)), self._th))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        elif self._heading is not None:
            self._heading.append(data)


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(text)).strip()


def blocks_of_page(page: str, text: str) -> list[tuple[str, str, int]]:
    """(heading, stat block text in the SRD layout, columns of its table) for each column of
    each stat-block table."""
    parser = _Tables()
    parser.feed(text)
    heading = ""
    out: list[tuple[str, str, int]] = []
    for kind, item in parser.items:
        if kind == "heading":
            assert isinstance(item, str)
            if item.lower() not in ("combat", "table of contents") and not \
                    item.lower().endswith(" combat"):
                heading = item
            continue
        rows = item
        assert isinstance(rows, list)
        if not any(r and r[0][0] == "Hit Dice:" for r in rows):
            continue
        width = max(len(r) for r in rows) - 1
        for col in range(1, width + 1):
            lines: list[str] = []
            for r in rows:
                cell = r[col] if len(r) > col else r[1] if len(r) == 2 else ("", False)
                if not cell[0]:  # a value spanning every column is given once
                    continue
                label = r[0][0]
                lines.append(f"{label} {cell[0]}" if label else cell[0])
            if lines and _TYPE_LINE.match(lines[0]):
                lines.insert(0, heading)  # a block of one creature: its heading names it
            if any(line.startswith("Hit Dice:") for line in lines):
                out.append((heading, "\n".join(lines) + "\n", width))
    return out


def read_source(source: Path, page: str) -> str:
    """A page from a checkout or, for a git directory, from the pinned commit."""
    if (source / page).is_file():
        return (source / page).read_text(encoding="utf-8")
    shown = subprocess.run(["git", "--git-dir", str(source), "show",
                            f"{SOURCE_COMMIT}:{page}"], capture_output=True, check=True)
    return shown.stdout.decode("utf-8")


# Spanish names of the best-known creatures, as the Spanish 3.5 books call them (a hand table;
# variants such as "Dire Wolf" or "Air Elemental, Large" are named from their parts).
SPANISH = {
    "Aboleth": "Aboleth", "Ankheg": "Ankheg", "Ape": "Simio", "Badger": "Tejón",
    "Basilisk": "Basilisco", "Bat": "Murciélago", "Bear, Black": "Oso negro",
    "Bear, Brown": "Oso pardo", "Bear, Polar": "Oso polar", "Boar": "Jabalí",
    "Bugbear": "Osgo", "Camel": "Camello", "Cat": "Gato", "Centaur": "Centauro",
    "Chimera": "Quimera", "Cockatrice": "Cocatriz", "Crocodile": "Cocodrilo",
    "Crocodile, Giant": "Cocodrilo gigante", "Dog": "Perro", "Dog, Riding": "Perro de monta",
    "Donkey": "Asno", "Dryad": "Dríade", "Dwarf": "Enano", "Eagle": "Águila",
    "Eagle, Giant": "Águila gigante", "Elephant": "Elefante", "Elf": "Elfo",
    "Gargoyle": "Gárgola", "Gelatinous Cube": "Cubo gelatinoso", "Ghoul": "Necrófago",
    "Giant Ant": "Hormiga gigante", "Giant Bee": "Abeja gigante", "Giant Wasp": "Avispa gigante",
    "Gnoll": "Gnoll", "Gnome": "Gnomo", "Goblin": "Trasgo", "Griffon": "Grifo",
    "Halfling": "Mediano", "Harpy": "Arpía", "Hawk": "Halcón", "Hell Hound": "Perro infernal",
    "Hippogriff": "Hipogrifo", "Hobgoblin": "Hobgoblin", "Horse": "Caballo", "Hydra": "Hidra",
    "Hyena": "Hiena", "Imp": "Diablillo", "Kobold": "Kobold", "Kraken": "Kraken",
    "Leopard": "Leopardo", "Lion": "León", "Lizard": "Lagarto", "Lizardfolk": "Hombre lagarto",
    "Manticore": "Mantícora", "Medusa": "Medusa", "Merfolk": "Tritón", "Minotaur": "Minotauro",
    "Monkey": "Mono", "Monstrous Centipede": "Ciempiés monstruoso",
    "Monstrous Scorpion": "Escorpión monstruoso", "Monstrous Spider": "Araña monstruosa",
    "Mule": "Mula", "Mummy": "Momia", "Nightmare": "Pesadilla", "Octopus": "Pulpo",
    "Octopus, Giant": "Pulpo gigante", "Ogre": "Ogro", "Ogre Mage": "Ogro mago", "Orc": "Orco",
    "Owl": "Búho", "Owl, Giant": "Búho gigante", "Owlbear": "Oso lechuza", "Pegasus": "Pegaso",
    "Pixie": "Duendecillo", "Pony": "Poni", "Purple Worm": "Gusano púrpura", "Rat": "Rata",
    "Raven": "Cuervo", "Rhinoceros": "Rinoceronte", "Roc": "Roc", "Satyr": "Sátiro",
    "Shadow": "Sombra", "Shark": "Tiburón", "Spectre": "Espectro", "Squid": "Calamar",
    "Squid, Giant": "Calamar gigante", "Stirge": "Estirge", "Tiger": "Tigre", "Toad": "Sapo",
    "Troglodyte": "Troglodita", "Troll": "Trol", "Unicorn": "Unicornio",
    "Vampire Spawn": "Engendro vampírico", "Weasel": "Comadreja", "Werewolf": "Hombre lobo",
    "Wererat": "Hombre rata", "Werebear": "Hombre oso", "Wereboar": "Hombre jabalí",
    "Weretiger": "Hombre tigre", "Whale": "Ballena", "Wight": "Tumulario",
    "Winter Wolf": "Lobo invernal", "Wolf": "Lobo", "Wolverine": "Glotón", "Worg": "Huargo",
    "Wyvern": "Guiverno", "Tyrannosaurus": "Tiranosaurio", "Triceratops": "Triceratops",
    "Clay Golem": "Gólem de arcilla", "Flesh Golem": "Gólem de carne",
    "Iron Golem": "Gólem de hierro", "Stone Golem": "Gólem de piedra",
    "Hill Giant": "Gigante de las colinas", "Stone Giant": "Gigante de piedra",
    "Frost Giant": "Gigante de escarcha", "Fire Giant": "Gigante de fuego",
    "Cloud Giant": "Gigante de las nubes", "Storm Giant": "Gigante de las tormentas",
    "Air Elemental": "Elemental de aire", "Earth Elemental": "Elemental de tierra",
    "Fire Elemental": "Elemental de fuego", "Water Elemental": "Elemental de agua",
    "Human Commoner Zombie": "Zombi humano plebeyo", "Human Warrior Skeleton":
        "Esqueleto de guerrero humano", "Wolf Skeleton": "Esqueleto de lobo",
    "Kobold Zombie": "Zombi kobold", "Ogre Zombie": "Zombi ogro",
    "Troll Skeleton": "Esqueleto de trol", "Owlbear Skeleton": "Esqueleto de oso lechuza",
}
_DIRE = "Dire "
_SIZES_ES = {"Small": "pequeño", "Medium": "mediano", "Large": "grande", "Huge": "enorme",
             "Greater": "mayor", "Elder": "anciano", "Tiny": "diminuto",
             "Gargantuan": "gargantuesco", "Colossal": "colosal"}


def spanish(name: str) -> str:
    """The Spanish name, from the hand table and the usual compounds ("Dire Wolf" → "Lobo
    terrible", "Air Elemental, Large" → "Elemental de aire grande"); "" when unknown."""
    if name in SPANISH:
        return SPANISH[name]
    if name.startswith(_DIRE) and name[len(_DIRE):] in SPANISH:
        return f"{SPANISH[name[len(_DIRE):]]} terrible"
    base, _, variant = name.partition(", ")
    if base in SPANISH and variant in _SIZES_ES:
        return f"{SPANISH[base]} {_SIZES_ES[variant]}"
    return ""


def _short_name(heading: str, first: str, width: int) -> str:
    """"Orc, 1st-Level Warrior" under the heading "Orc" is the Orc (one creature per table);
    a column of a table of several keeps its own name."""
    if width == 1 and first.startswith(heading + ","):
        return heading
    return first


def convert(pages: list[tuple[str, list[tuple[str, str, int]]]]
            ) -> tuple[list[dict[str, object]], list[tuple[str, str]]]:
    """Every stat block → a bestiary record, or a (name, reason) it was dropped for."""
    from pydantic_core import ValidationError

    from pbwcombat.bestiary import statblock
    from pbwcombat.document import problems_of
    from pbwcombat.model import slug, validate_combatant

    creatures: dict[str, dict[str, object]] = {}
    dropped: list[tuple[str, str]] = []
    for page, blocks in pages:
        for heading, block, width in blocks:
            parsed = statblock.parse(block)
            full = parsed.name or heading
            if parsed.unread:
                dropped.append((full, "; ".join(parsed.unread)))
                continue
            name = _short_name(heading, full, width)
            cid = slug(name)
            if cid in creatures:
                name, cid = full, slug(full)
            table = dict(parsed.table, name=name)
            try:
                validate_combatant({"id": cid, "side": "monsters", **table})
            except ValidationError as e:
                dropped.append((full, "; ".join(problems_of(e))))
                continue
            record: dict[str, object] = {"id": cid, "name": name, "cr": parsed.cr,
                                         "type": parsed.kind, "hit_dice": parsed.hit_dice,
                                         "source": page, "definition": table}
            if full != name:
                record["full_name"] = full
            es = spanish(name)
            if es:
                record["name_es"] = es
            creatures[cid] = record
    dropped += [(f"{color} Dragon", "true dragons: the SRD gives them as tables by age, "
                 "not stat blocks (not converted)") for color in _TRUE_DRAGONS]
    return [creatures[k] for k in sorted(creatures)], sorted(dropped)


_TRUE_DRAGONS = ("Black", "Blue", "Green", "Red", "White", "Brass", "Bronze", "Copper",
                 "Gold", "Silver")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("source", type=Path)
    p.add_argument("--out", type=Path, default=HERE / "pbwcombat" / "data" / "srd")
    p.add_argument("--blocks", type=Path, help="also write each stat block's text here")
    args = p.parse_args(argv)
    sys.path.insert(0, str(HERE))
    from pbwcombat.bestiary.srd import fold
    pages = [(page, blocks_of_page(page, read_source(args.source, page))) for page in PAGES]
    creatures, dropped = convert(pages)
    args.out.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(c, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"
             for c in creatures]
    data = "".join(lines).encode("utf-8")
    (args.out / "creatures.jsonl").write_bytes(data)
    index, offset = [], 0
    for c, line in zip(creatures, lines, strict=True):
        size = len(line.encode("utf-8"))
        names = [c["id"], c["name"], c.get("name_es", ""), c.get("full_name", "")]
        index.append([*names, c.get("cr", ""), offset, size,
                      "\n".join(fold(n) for n in names if n)])
        offset += size
    (args.out / "index.json").write_text(
        "[\n" + ",\n".join(json.dumps(row, ensure_ascii=False) for row in index) + "\n]\n",
        encoding="utf-8")
    report = "".join(f"{name}\t{why}\n" for name, why in dropped)
    (args.out / "DROPPED.txt").write_text(report, encoding="utf-8")
    digests = "".join(f"{hashlib.sha256((args.out / n).read_bytes()).hexdigest()}  {n}\n"
                      for n in ("creatures.jsonl", "index.json", "DROPPED.txt"))
    (args.out / "MANIFEST.sha256").write_text(digests, encoding="utf-8")
    if args.blocks:
        args.blocks.mkdir(parents=True, exist_ok=True)
        for _page, blocks in pages:
            for _, block, _ in blocks:
                name = re.sub(r"[^a-z0-9]+", "-", block.splitlines()[0].lower()).strip("-")
                (args.blocks / f"{name}.txt").write_text(block, encoding="utf-8")
    print(f"{len(creatures)} creatures written to {args.out}; {len(dropped)} dropped "
          "(see DROPPED.txt)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
