"""The SRD's Actions in Combat table, built in (R-ACT-8): one row per action, its cost, whether
it provokes, and its names in both languages.

The rows are package data (`data/actions/table.tsv`), read on first use: `attack`, `move` and
the other commands that never name a row pay nothing for them. The value layer (the actions'
usage checks, the file's `kind` key, the narrator, shell completion) and the rules read it
through `row` and `rows`; what a row *does* is the rules' (`rules.actions`, `rules.menu`).
"""

from __future__ import annotations

import functools

from pbwcombat.frozen import Value

# The table's rows that are commands of their own (R-ACT-8): `action` refuses them (exit 2)
# and names the command to use.
COMMANDS: dict[str, str] = {
    "attack-melee": "attack WHO TARGET",
    "attack-ranged": "attack WHO TARGET --weapon BOW",
    "attack-unarmed": "attack WHO TARGET --weapon FIST",
    "full-attack": "attack WHO T1,T2 --full",
    "charge": "attack WHO TARGET --charge",
    "move": "move WHO X,Y",
    "run": "move WHO X,Y --run",
    "withdraw": "move WHO X,Y --withdraw",
    "five-foot-step": "move WHO X,Y --step",
    "delay": "delay WHO",
    "ready": "ready WHO PLAN --when TRIGGER",
}
# Rows with an effect in RULES.md (R-ACT-8); the others are narrated.
EFFECTS = ("stand-up", "drop-prone", "total-defense", "coup-de-grace", "aid-another", "trip",
           "stabilize-friend")
# Rows that act on a combatant named by --target (R-ACT-12).
TARGETED = ("coup-de-grace", "aid-another", "trip", "stabilize-friend")
# Other words `action` takes for a row: RULES.md's `action WHO stabilize`.
ALIASES = {"stabilize": "stabilize-friend"}
OPTIONAL = ("maybe", "usually", "varies")  # provokes only with --provokes (R-ACT-8)


class Row(Value):
    """One row of the table: `kind` is the SRD's type (standard, move, full, free, none,
    varies), `provokes` its AoO column (yes, no, maybe, usually, varies)."""

    id: str
    kind: str
    provokes: str
    en: str
    es: str

    @property
    def cost(self) -> str:
        """The action it spends (R-ACT-8). Ruling: a "varies" row (disarm, grapple, trip,
        use a feat) taken on its own is a standard action, as a melee attack it replaces; a
        "none" row given as a file action's `kind` is free."""
        return {"varies": "standard", "none": "free"}.get(self.kind, self.kind)

    @property
    def optional(self) -> bool:
        """"maybe", "usually" or "varies": provokes only when the command says `--provokes`."""
        return self.provokes in OPTIONAL

    def provoking(self, declared: bool = False) -> bool:
        """Whether taking it provokes (R-ACT-2): yes rows always, optional rows when
        `declared` (`--provokes`), no rows never."""
        return self.provokes == "yes" or (declared and self.optional)

    def name(self, lang: str) -> str:
        return self.es if lang == "es" else self.en


def _read() -> str:
    """The table's text: beside the module in a regular install, else through
    importlib.resources (a zipped package; importing it costs ~14 ms, so only then)."""
    import os

    path = os.path.join(os.path.dirname(__file__), "data", "actions", "table.tsv")
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as f:
            return f.read()
    from importlib.resources import files

    return files("pbwcombat").joinpath("data/actions/table.tsv").read_text("utf-8")


@functools.cache
def rows() -> dict[str, Row]:
    """Every row by id, in the table's order."""
    out: dict[str, Row] = {}
    for line in _read().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        rid, kind, provokes, en, es = line.split("\t")
        out[rid] = Row(rid, kind, provokes, en, es)
    return out


def row(key: str) -> Row | None:
    """The row named `key` (an id, or an alias such as `stabilize`), or None."""
    return rows().get(ALIASES.get(key, key))


def offered() -> list[str]:
    """The ids `action WHO ID` takes (shell completion): every row but the commands."""
    return [r for r in rows() if r not in COMMANDS]
