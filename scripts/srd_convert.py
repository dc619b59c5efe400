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


_SIZE_LETTER = {"F": "Fine", "D": "Diminutive", "T": "Tiny", "S": "Small", "M": "Medium",
                "L": "Large", "H": "Huge", "G": "Gargantuan", "C": "Colossal"}
DRAGON_PAGE = "monsters/monsters-dr-dw.html"


def _plain(fragment: str) -> str:
    return _squash(re.sub(r"<[^>]+>", " ", fragment))


def dragon_blocks(text: str) -> list[tuple[str, str, int]]:
    """The true dragons, which the SRD gives as tables by age (hit dice, abilities, attack
    bonus, saves, breath) and by size (space, reach, natural weapons' damage) rather than as
    stat blocks: each age written out as a stat block in the SRD's layout, its weapons by the
    SRD's rules (bite + Str bonus; claws, wings and tail slap secondary at -5, + 1/2 Str, the
    tail slap + 1-1/2 Str, round down; the bite reaches as one size larger), its special
    abilities gained at that age and before."""
    parser = _Tables()
    parser.feed(text)
    tables = [item for kind, item in parser.items if kind == "table"]
    by_size = next(t for t in tables if t[0][0][0].startswith("Dragon Space/Reach"))
    weapons = {r[0][0]: [c[0] for c in r[1:]] for r in by_size[2:] if len(r) == 8}
    out: list[tuple[str, str, int]] = []
    for color in ("Black", "Blue", "Green", "Red", "White", "Brass", "Bronze", "Copper",
                  "Gold", "Silver"):
        start = text.index(f'<h3 id="{color.lower()}-dragon">')
        section = text[start:text.index("<table", start)]
        subtype = re.search(r"<p><strong>Dragon \(([^)]*)\)</strong></p>", section)
        rated = re.search(r"Challenge Ratings?:</strong>(.*?)</p>", section, re.S)
        crs = {k.strip().lower(): v for k, v in re.findall(
            r"([A-Za-z ]+?) (\d+)(?:;|$)", _plain(rated.group(1) if rated else ""))}
        ages = next(t for t in tables if t[0][0][0] == f"{color} Dragons by Age")
        more = next(t for t in tables if t[0][0][0] == f"{color} Dragon Abilities by Age")
        qualities: list[str] = ["immunity to sleep and paralysis", "blindsense 60 ft.",
                                "darkvision 120 ft.", "low-light vision"]
        rows = [r for r in ages[2:] if len(r) == 16]
        extra = {r[0][0]: r for r in more[2:] if len(r) == 7}
        for r in rows:
            age = r[0][0]
            size = _SIZE_LETTER[r[1][0]]
            st, ab = extra[age], [c[0] for c in r]
            qualities += [q.strip() for q in split_qualities(st[4][0]) if q.strip()]
            strength = (int(ab[3]) - 10) // 2
            bonus = int(ab[10].replace("–", "-"))
            space, bite, claw, wing, tail, crush, sweep = weapons[size]
            attacks = [f"Bite {bonus:+d} melee ({bite}{_plus(strength)})"]
            half, more_str = strength // 2, (3 * strength) // 2
            attacks.append(f"2 claws {bonus - 5:+d} melee ({claw}{_plus(half)})")
            if wing not in ("—", "-"):
                attacks.append(f"2 wings {bonus - 5:+d} melee ({wing}{_plus(half)})")
            if tail not in ("—", "-"):
                attacks.append(f"tail slap {bonus - 5:+d} melee ({tail}{_plus(more_str)})")
            special = [re.sub(r"^(\S+) \((\d+)\)$", r"breath weapon \1 (DC \2)", ab[14])]
            if ab[15] not in ("—", "-"):
                special.append(f"frightful presence (DC {ab[15]})")
            if crush not in ("—", "-"):
                special.append(f"crush {crush}{_plus(more_str)}")
            if sweep not in ("—", "-"):
                special.append(f"tail sweep {sweep}{_plus(more_str)}")
            if st[5][0] not in ("—", "-", ""):
                special.append(f"spells (caster level {st[5][0]})")
            hd, hp = re.match(r"(.+?) \((\d+)\)", ab[2]).groups()  # type: ignore[union-attr]
            name = f"{color} Dragon, {age.title()}"
            if st[6][0] not in ("—", "-", ""):
                qualities_now = [*qualities, f"spell resistance {st[6][0]}"]
            else:
                qualities_now = qualities
            block = "\n".join([
                name, f"{size} Dragon ({subtype.group(1) if subtype else ''})",
                f"Hit Dice: {hd} ({hp} hp)", f"Initiative: {st[2][0]}", f"Speed: {st[1][0]}",
                f"Armor Class: {st[3][0]}", f"Base Attack/Grapple: {ab[9]}",
                f"Attack: {attacks[0]}", f"Full Attack: {' and '.join(attacks)}",
                f"Space/Reach: {space}", f"Special Attacks: {', '.join(special)}",
                f"Special Qualities: {', '.join(qualities_now)}",
                f"Saves: Fort {ab[11]}, Ref {ab[12]}, Will {ab[13]}",
                f"Abilities: Str {ab[3]}, Dex {ab[4]}, Con {ab[5]}, Int {ab[6]}, "
                f"Wis {ab[7]}, Cha {ab[8]}",
                f"Challenge Rating: {crs.get(age.lower(), '')}"]) + "\n"
            out.append((f"{color} Dragon", block, len(rows)))
    return out


def _plus(n: int) -> str:
    return f"{n:+d}" if n else ""


def split_qualities(text: str) -> list[str]:
    """A dragon's special abilities cell, one ability each."""
    return [] if text in ("", "—", "-") else re.split(r",\s*(?![^()]*\))", text)


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
    from pbwcombat.forms import slug
    from pbwcombat.model import validate_combatant

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
    return [creatures[k] for k in sorted(creatures)], sorted(dropped)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("source", type=Path)
    p.add_argument("--out", type=Path, default=HERE / "pbwcombat" / "data" / "srd")
    p.add_argument("--blocks", type=Path, help="also write each stat block's text here")
    args = p.parse_args(argv)
    sys.path.insert(0, str(HERE))
    from pbwcombat.bestiary.srd import fold
    pages = [(page, blocks_of_page(page, read_source(args.source, page))) for page in PAGES]
    pages.append((DRAGON_PAGE, dragon_blocks(read_source(args.source, DRAGON_PAGE))))
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
