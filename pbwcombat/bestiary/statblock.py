"""A d20 3.5 stat block in the SRD's layout ("Hit Dice: 1d8+1 (5 hp)" …) → a combatant table.

One reader for both `add --statblock` (a block a GM pastes) and the converter that builds the
bundled bestiary (scripts/srd_convert.py), so the two cannot drift apart. Pure: text in, a
`Parsed` out, no I/O. What the resolver cannot play (poison, spells, flight, rend…) is kept in
the combatant's `notes` as "…: not played"; a line that cannot be read at all is listed in
`Parsed.unread` for the caller to refuse (exit 65) or warn about (`--lenient`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pbwcombat.traits import ENERGY, SIZES

# Labels of the SRD layout; those read, and those recognised but not needed in a fight.
READ = ("Size/Type", "Hit Dice", "Initiative", "Speed", "Armor Class", "AC",
        "Base Attack/Grapple", "Attack", "Full Attack", "Space/Reach", "Special Attacks",
        "Special Qualities", "Saves", "Abilities", "Skills", "Feats", "Challenge Rating")
KNOWN = ("Environment", "Organization", "Treasure", "Alignment", "Advancement",
         "Level Adjustment", "Special Qualitiy")
EFFECT_FEATS = ("improved-unarmed-strike", "combat-casting", "improved-trip", "dodge",
                "combat-reflexes")  # R-ACT-9: the feats this book gives effects to
# SRD types whose traits make them immune to critical hits and sneak attacks (and more)
TYPE_IMMUNE = {
    "undead": ("critical", "precision", "poison", "sleep", "paralysis", "stunning",
               "disease", "mind-affecting"),
    "construct": ("critical", "precision", "poison", "sleep", "paralysis", "stunning",
                  "disease", "mind-affecting"),
    "ooze": ("critical", "precision", "poison", "sleep", "paralysis", "stunning",
             "mind-affecting"),
    "plant": ("critical", "precision", "poison", "sleep", "paralysis", "stunning",
              "mind-affecting"),
    "elemental": ("critical", "precision", "poison", "sleep", "paralysis", "stunning"),
}
# First range increments of the SRD's ranged weapons, in feet (R-GEO-4 `range` is a maximum:
# the tool plays no range penalties, so a weapon shoots as far as its first increment).
RANGES = (("composite longbow", 110), ("composite shortbow", 70), ("longbow", 100),
          ("shortbow", 60), ("heavy crossbow", 120), ("hand crossbow", 30),
          ("light crossbow", 80), ("crossbow", 80), ("repeating", 80), ("javelin", 30),
          ("sling", 50), ("dart", 20), ("throwing axe", 10), ("dagger", 10),
          ("shortspear", 20), ("spear", 20), ("trident", 10), ("net", 10), ("rock", 120),
          ("spike", 120), ("spine", 60), ("ray", 60), ("bolas", 10), ("club", 10),
          ("hammer", 20), ("shuriken", 10))
DEFAULT_RANGE = 60
REACH_WEAPONS = ("longspear", "glaive", "guisarme", "ranseur", "spiked chain", "whip",
                 "lance")

_DASH = str.maketrans({"–": "-", "—": "-", "−": "-", "×": "x", "\uf0d7": "x"})
# "immunity to fire, cold, and poison": a list inside a list; its commas are not the line's
_LISTED = re.compile(r"\b((?:immunity|immune|resistance) to [^,;]+(?:, (?!and )[^,;]+)*,? and "
                     r"[^,;]+)", re.I)
_LABEL = re.compile(r"^([A-Z][A-Za-z/ ]*?)\s*:\s*(.*)$")
_TYPE = re.compile(rf"^({'|'.join(s.capitalize() for s in SIZES)})(?:-size)?\s+"
                   r"([A-Za-z ]+?)\s*(?:\(([^)]*)\))?$")
_NUM = r"[+-]\d+"
_ITEM = re.compile(r"^(?:(?P<n>\d+)\s+)?(?P<name>.+?)\s*(?P<bonus>[+-]\s?\d+(?:/[+-]\d+)*)\s*"
                   r"(?P<kind>melee|ranged)?\*?(?:\s+touch)?\s*(?:\((?P<dmg>[^()]*(?:\([^()]*\)"
                   r"[^()]*)*)\)?)?(?P<rest>.*)$")
_DAMAGE = re.compile(r"^(?P<dice>\d+d\d+(?:\s*[+-]\s*\d+)?|\d+)(?:/(?P<lo>\d+)-20)?"
                     r"(?:/x(?P<mult>\d+))?$")
_EXTRA = re.compile(rf"^(?P<dice>\d+d\d+(?:[+-]\d+)?)\s+(?P<energy>{'|'.join(ENERGY)})$")


@dataclass
class Parsed:
    """What a stat block gave: the combatant table (no id or side yet), its Hit Dice for
    `--roll-hp`, its CR and type, and the lines it could not read (`label: why`)."""

    name: str = ""
    table: dict[str, Any] = field(default_factory=dict)
    hit_dice: str = ""
    cr: str = ""
    kind: str = ""
    unread: list[str] = field(default_factory=list)
    not_played: list[str] = field(default_factory=list)


def slug(text: str) -> str:
    from pbwcombat.forms import slug as model_slug

    return model_slug(text)


def split_top(text: str, seps: tuple[str, ...]) -> list[str]:
    """`text` cut at each separator outside parentheses."""
    out, depth, start, i = [], 0, 0, 0
    while i < len(text):
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif depth == 0:
            for sep in seps:
                if text.startswith(sep, i):
                    out.append(text[start:i])
                    i += len(sep)
                    start = i
                    break
            else:
                i += 1
                continue
            continue
        i += 1
    out.append(text[start:])
    return [p.strip() for p in out if p.strip()]


def lines_of(text: str) -> list[tuple[str, str]]:
    """(label, value) per line; label "" for the name and type lines. A value wrapped onto
    the next line (no label of its own, after the labels started) joins its line."""
    out: list[tuple[str, str]] = []
    for raw in text.replace("\r", "").split("\n"):
        line = " ".join(raw.translate(_DASH).split())
        if not line:
            continue
        m = _LABEL.match(line)
        if m:  # a label of its own (unknown ones are reported by `parse`)
            out.append((m.group(1), m.group(2)))
        elif out and out[-1][0]:  # also a value pasted under its label
            out[-1] = (out[-1][0], f"{out[-1][1]} {line}".strip())
        else:
            out.append(("", line))
    return out


def parse(text: str) -> Parsed:
    """A stat block in the SRD's layout → Parsed (see the module docstring)."""
    p = Parsed()
    t: dict[str, Any] = p.table
    attack_line = full_line = ""
    reach = (1, "")
    header: list[str] = []
    for label, value in lines_of(text):
        if not label:
            if value.startswith("(") and header and _TYPE.match(header[-1]):
                _size_type(p, f"{header[-1]} {value}")  # subtypes wrapped onto a line
            elif _TYPE.match(value):
                _size_type(p, value)
            elif not p.name and not header:
                p.name = value
            else:
                p.unread.append(f"{value!r}: not a line of a stat block")
            header.append(value)
            continue
        try:
            if label == "Size/Type":
                if not _TYPE.match(value):
                    raise ValueError("not a size and a type (\"Medium Humanoid\")")
                _size_type(p, value)
            elif label == "Hit Dice":
                _hit_dice(p, value)
            elif label == "Initiative":
                t["initiative_mod"] = _int(value.split()[0] if value else value)
            elif label == "Speed":
                _speed(p, value)
            elif label in ("Armor Class", "AC"):
                _armor(p, value)
            elif label == "Base Attack/Grapple":
                if not re.match(rf"^{_NUM}/(?:{_NUM}|-)", value):
                    raise ValueError('not "+1/+4"')
            elif label == "Attack":
                attack_line = value
            elif label == "Full Attack":
                full_line = value
            elif label == "Space/Reach":
                reach = _space_reach(p, value)
            elif label == "Special Attacks":
                _special_attacks(p, value)
            elif label in ("Special Qualities", "Special Qualitiy"):
                _qualities(p, value)
            elif label == "Saves":
                _saves(p, value)
            elif label == "Abilities":
                _abilities(p, value)
            elif label == "Skills":
                _skills(p, value)
            elif label == "Feats":
                _feats(p, value)
            elif label == "Challenge Rating":
                p.cr = value
            elif label not in KNOWN:
                raise ValueError("not a line of an SRD stat block")
        except ValueError as e:
            p.unread.append(f"{label}: {e}")
    if not p.hit_dice and not any(u.startswith("Hit Dice") for u in p.unread):
        p.unread.append("Hit Dice: missing")
    if "defense" not in t and not any(u.startswith("Armor Class") for u in p.unread):
        p.unread.append("Armor Class: missing")
    if not attack_line and not full_line:
        p.unread.append("Attack: missing")
    else:
        try:
            _weapons(p, attack_line, full_line or attack_line, reach)
        except ValueError as e:
            p.unread.append(f"{'Attack' if attack_line else 'Full Attack'}: {e}")
    _type_immunities(p)
    _finish(p)
    return p


def _int(value: str) -> int:
    value = value.strip().rstrip("*")
    if not re.fullmatch(r"[+-]?\d+", value):
        raise ValueError(f'"{value}" is not a number')
    return int(value)


def _size_type(p: Parsed, value: str) -> None:
    m = _TYPE.match(value)
    assert m is not None
    p.table["size"] = m.group(1).lower()
    p.kind = m.group(2).strip().lower()
    if m.group(3) and "incorporeal" in m.group(3).lower():
        p.not_played.append("incorporeal (50% miss chance from corporeal attacks)")


def _hit_dice(p: Parsed, value: str) -> None:
    from pbwcombat import dice

    m = re.match(r"^(.+?)\s*\((\d+) hp\)", value)
    if not m:
        raise ValueError('not "4d8+11 (29 hp)"')
    expr = m.group(1).replace(" ", "").replace("½", "1/2")
    expr = re.sub(r"^1/([24])d(\d+)", r"1d\2/\1", expr)
    expr = re.sub(r"plus(\d+)", r"+\1", expr)
    if not dice.is_dice_expression(expr):
        raise ValueError(f'"{m.group(1)}" is not Hit Dice')
    p.hit_dice = expr
    p.table["hp"] = average(expr) if average(expr) > 0 else int(m.group(2))


def average(expr: str) -> int:
    """The average of Hit Dice, rounded down as the SRD does (`4d8+11` → 29, `1d8/2+2`, the
    SRD's "½ d8+2", → 4); 0 if the expression is not a plain sum of dice and numbers."""
    from fractions import Fraction

    total = Fraction(0)
    for sign, term, half in re.findall(r"([+-]?)(\d+d\d+|\d+)(/[24])?", expr):
        k = -1 if sign == "-" else 1
        if "d" in term:
            n, sides = (int(x) for x in term.split("d"))
            value = Fraction(n * (sides + 1), 2)
        else:
            value = Fraction(int(term))
        total += k * value / (int(half[1:]) if half else 1)
    return max(int(total), 1) if total > 0 else 0


def _speed(p: Parsed, value: str) -> None:
    modes = split_top(value, (", ", "; "))
    first = re.match(r"^(?:(fly|swim|burrow|climb)\s+)?(\d+) ft\b", modes[0], re.I)
    if not first:
        raise ValueError('not "30 ft. (6 squares)"')
    p.table["speed"] = int(first.group(2))
    if first.group(1):
        p.not_played.append(f"{first.group(1).lower()} speed (moves as on the ground)")
    for mode in modes[1:]:
        mode = re.sub(r"\s*\(\d+ squares?\)\.?", "", mode)
        if not mode.startswith("base speed"):
            p.not_played.append(mode)


def _armor(p: Parsed, value: str) -> None:
    m = re.match(r"^(?:AC\s+)?(\d+)\s*(?:\(([^)]*)\))?", value)
    if not m:
        raise ValueError('not "13 (+3 studded leather), touch 10, flat-footed 13"')
    p.table["defense"] = int(m.group(1))
    dex = dodge = 0
    for part in (m.group(2) or "").split(","):
        item = re.match(r"^\s*([+-]\d+)\s+(.+?)\s*$", part)
        if item and item.group(2).lower() == "dex":
            dex = int(item.group(1))
        elif item and item.group(2).lower() == "dodge":
            dodge += int(item.group(1))
    if dex:
        p.table["dex_mod"] = dex
    if dodge:
        p.table["dodge"] = dodge


def _space_reach(p: Parsed, value: str) -> tuple[int, str]:
    m = re.match(r"^(.+?) ft\.?\s*(?:\([^)]*\)\.?)?\s*/\s*(\d+)\s*ft\.?"
                 r"(?:\s*\((\d+) ft\. with (.+?)\))?", value)
    if not m:
        raise ValueError('not "5 ft./5 ft."')
    ft = int(m.group(2))
    if ft == 0:
        p.not_played.append("reach 0 ft. (plays as reach 1: adjacent)")
    weapon = ""
    if m.group(3):
        weapon = f"{int(m.group(3)) // 5}:{m.group(4).lower()}"
    return max(1, ft // 5), weapon


def _special_attacks(p: Parsed, value: str) -> None:
    for part in split_top(value, (", ", "; ")):
        if part in ("-", ""):
            continue
        sneak = re.match(r"^sneak attack\s*\+?(\d+d\d+)", part, re.I)
        if sneak:
            p.table["sneak_attack"] = sneak.group(1)
        else:
            p.not_played.append(part[0].lower() + part[1:])


_JOIN = re.compile(r",?\s*(?:and|or)\s+|,\s*")


def _energies(text: str) -> list[str]:
    return [w for w in _JOIN.split(text.lower()) if w]


def _qualities(p: Parsed, value: str) -> None:
    t = p.table
    value = _LISTED.sub(lambda m: m.group(1).replace(", ", " / "), value)
    for part in split_top(value, (", ", "; ")):
        part = part.replace(" / ", ", ")
        low = part.lower()
        dr = re.match(r"^(?:damage reduction|dr)\s+(\d+)\s*/\s*(.+)$", low)
        res_to = re.match(r"^resistance to (.+)$", low)
        res_of = re.match(rf"^((?:(?:{'|'.join(ENERGY)}),?\s*(?:and\s+)?)+)\s*resistance "
                          r"(\d+)$", low)
        imm_to = re.match(r"^(?:immunity|immune) to (.+)$", low)
        imm_of = re.match(r"^(.+?) immunity$", low)
        if part in ("-", ""):
            continue
        if dr:
            words = dr.group(2).strip()
            words = "-" if words in ("-", "") else re.sub(
                r"[a-z][a-z ]*[a-z]", lambda w: w.group(0).replace(" ", "-"),
                words.replace(" and ", "|and|").replace(" or ", "|or|")).replace(
                "|and|", " and ").replace("|or|", " or ")
            t["dr"] = f"{dr.group(1)}/{words}"
            from pbwcombat.traits import parse_dr

            try:
                parse_dr(t["dr"])
            except ValueError:
                del t["dr"]
                p.not_played.append(part)
        elif res_to:
            pairs = re.findall(rf"({'|'.join(ENERGY)})\s+(\d+)", res_to.group(1))
            if not pairs:
                p.not_played.append(part)
            for kind, n in pairs:
                t.setdefault("resist", {})[kind] = int(n)
        elif res_of:
            for kind in _energies(res_of.group(1)):
                if kind in ENERGY:
                    t.setdefault("resist", {})[kind] = int(res_of.group(2))
        elif imm_to or imm_of:
            words = _energies((imm_to or imm_of).group(1))  # type: ignore[union-attr]
            for w in words:
                w = "critical" if w.startswith("critical") else slug(w)
                if w not in t.setdefault("immune", []):
                    t["immune"].append(w)
        else:
            p.not_played.append(part[0].lower() + part[1:])


def _saves(p: Parsed, value: str) -> None:
    got = {}
    for key, word in (("fort", "Fort"), ("ref", "Ref"), ("will", "Will")):
        m = re.search(rf"{word}\s+([+-]\d+|-)", value)
        if not m:
            raise ValueError('not "Fort +3, Ref +0, Will -2"')
        if m.group(1) != "-" and int(m.group(1)):
            got[key] = int(m.group(1))
    p.table["saves"] = got


def _abilities(p: Parsed, value: str) -> None:
    m = re.search(r"Str\s+(\d+|-)", value)
    if not m:
        raise ValueError('not "Str 17, Dex 11, Con 12, Int 8, Wis 7, Cha 6"')
    if m.group(1) != "-" and (int(m.group(1)) - 10) // 2:
        p.table["str_mod"] = (int(m.group(1)) - 10) // 2


def _skills(p: Parsed, value: str) -> None:
    if value in ("-", ""):
        return
    skills: dict[str, int] = {}
    for part in split_top(value, (", ", "; ")):
        m = re.match(r"^(.+?)\s+([+-]\d+)\*?", part)
        if not m:
            continue
        name = slug(m.group(1))
        if name == "concentration":
            p.table["concentration"] = int(m.group(2))
        else:
            skills[name] = int(m.group(2))
    if not skills and "concentration" not in p.table:
        raise ValueError('not "Listen +1, Spot +1"')
    if skills:
        p.table["skills"] = skills


def _feats(p: Parsed, value: str) -> None:
    if value in ("-", ""):
        return
    kept: list[str] = []
    other: list[str] = []
    for part in split_top(value, (", ",)):
        bare = re.sub(r"\s*\([^)]*\)", "", part).strip()
        name = slug(re.sub(r"(?<=[a-z])B$", "", bare))  # "Improved InitiativeB": a bonus feat
        (kept if name in EFFECT_FEATS else other).append(name)
    if kept:
        p.table["feats"] = list(dict.fromkeys(kept))
    if other:
        p.not_played.append("feats " + ", ".join(dict.fromkeys(other)))


def _type_immunities(p: Parsed) -> None:
    for word in TYPE_IMMUNE.get(p.kind, ()):
        if word not in p.table.setdefault("immune", []):
            p.table["immune"].append(word)
    if not p.table.get("immune", True):
        del p.table["immune"]


def _singular(name: str) -> str:
    if name.endswith("hooves"):
        return name[:-6] + "hoof"
    if name.endswith("ies"):
        return name[:-3] + "y"
    if name.endswith(("shes", "ches", "xes")):
        return name[:-2]
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name


def _weapons(p: Parsed, attack: str, full: str, reach: tuple[int, str]) -> None:
    """Weapons from the Attack and Full Attack lines: each weapon once, its `attack` from
    Attack (else its first full-attack roll), its full-attack rolls as `attacks`."""
    weapons: dict[tuple[str, str], dict[str, Any]] = {}
    single: dict[tuple[str, str], int] = {}
    for line, is_full in ((attack, False), (full, True)):
        for option in split_top(line, ("; or ", " or ", ";")):
            items = split_top(option, (", and ", " and ", ", "))
            for item in items:
                if item in ("-", ""):
                    continue
                if re.match(r"^swarm\b", item, re.I):
                    p.not_played.append(f"{item.lower()}: a swarm's automatic damage")
                    continue
                m = _ITEM.match(item)
                if m and m.group("dmg") is None:
                    p.not_played.append(item[0].lower() + item[1:])
                    continue
                if not m:
                    raise ValueError(f'"{item}" is not an attack like "Claw +9 melee (1d6+6)"')
                count = int(m.group("n") or 1)
                name = m.group("name").strip()
                name = _singular(name) if count > 1 or m.group("n") else name
                kind = m.group("kind") or "melee"
                key = (slug(name), kind)
                bonuses = [int(b) for b in m.group("bonus").replace(" ", "").split("/")] * count
                w = weapons.get(key)
                if w is None:
                    w = _weapon(p, name, kind, m.group("dmg").replace("*", ""), reach)
                    if w is None:
                        continue
                    weapons[key] = w
                if not is_full:
                    single.setdefault(key, bonuses[0])
                else:
                    w.setdefault("_full", bonuses)
            if is_full and len(items) > 1:
                p.not_played.append(f"full attack {option} (attack --full rolls one "
                                    "weapon's list)")
    if not weapons:
        raise ValueError("no attack that deals hit point damage")
    out = []
    for key, w in weapons.items():
        full_rolls = w.pop("_full", None)
        w["attack"] = single.get(key, full_rolls[0] if full_rolls else 0)
        if full_rolls and full_rolls != [w["attack"]]:
            w["attacks"] = full_rolls
        out.append(w)
    p.table["weapons"] = out


def _weapon(p: Parsed, name: str, kind: str, damage: str, reach: tuple[int, str]
            ) -> dict[str, Any] | None:
    parts = split_top(damage, (" plus ", " and "))
    main = _DAMAGE.match(parts[0].replace(" ", "")) if parts else None
    label = name[0].upper() + name[1:]
    if main is None:
        p.not_played.append(f"{name} ({damage})")
        return None
    w: dict[str, Any] = {"name": label, "damage": main.group("dice").replace(" ", "")}
    if kind == "ranged":
        w["kind"] = "ranged"
        low = name.lower()
        feet = next((ft for word, ft in RANGES if word in low), DEFAULT_RANGE)
        w["range"] = max(1, feet // 5)
    else:
        squares, special = reach
        if special and special.split(":", 1)[1] in name.lower():  # "(15 ft. with bite)"
            w["reach"] = int(special.split(":", 1)[0])
            if w["reach"] > 1 and not any(r in name.lower() for r in REACH_WEAPONS
                                          if r != "spiked chain"):
                w["reach_adjacent"] = True  # natural reach threatens adjacent squares too
        elif any(r in name.lower() for r in REACH_WEAPONS):
            w["reach"] = squares * 2
        elif squares > 1:
            w["reach"], w["reach_adjacent"] = squares, True
    if main.group("lo"):
        w["crit_range"] = int(main.group("lo"))
    if main.group("mult"):
        w["crit_mult"] = int(main.group("mult"))
    for extra in parts[1:]:
        energy = _EXTRA.match(extra)
        if energy:
            w["damage"] += f"+{energy.group('dice')}"
            p.not_played.append(f"{name}: its +{energy.group('dice')} {energy.group('energy')} "
                                "is played as untyped damage")
        else:
            p.not_played.append(f"{name}: {extra}")
    return w


def _finish(p: Parsed) -> None:
    t = p.table
    if p.name:
        t["name"] = p.name
    if t.get("saves") == {}:
        del t["saves"]
    if t.get("size") == "medium":
        del t["size"]
    if p.not_played:
        t["notes"] = "Not played: " + "; ".join(dict.fromkeys(p.not_played)) + "."
