"""A scripted fight through conditions (R-CND, R-DIS-4, R-INI-7): a goblin is tripped, its
engaged opponent walks away without dice, a paralyzed hobgoblin's turn is skipped while it
keeps its place, and the paralysis expires on the right turn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from helpers import counter, events, melee, ok, state, warrior, who

PARTY = "\n".join([
    'schema = 1\nname = "Ford"\nlang = "en"\nformat = "plain"\n',
    warrior("mira", "heroes", (0, 0), melee("sword", 5, "1d8+3"), init=3, defense=15,
            extra='pc = true\nplayer = "Kel"\n'),
    warrior("snag", "goblins", (1, 0), melee("blade", 3, "1d6"), init=1, defense=14, hp=8),
    warrior("grak", "goblins", (1, 4), melee("glaive", 4, "1d10+2"), init=0, defense=13,
            hp=14, extra="dex_mod = 1\n"),
    warrior("aldric", "heroes", (0, 4), melee("axe", 4, "1d12+2"), init=2, defense=16,
            extra='pc = true\nplayer = "Ana"\n'),
])
ORDER = ["mira", "snag", "grak", "aldric"]


def play(run: Any, path: Path) -> dict[str, Any]:
    """Rounds 1 and 2 up to Grak's turn; returns the posts worth checking."""
    posts: dict[str, Any] = {}
    ok(run("roll-initiative", path, "--dice", "17,15,12,2"))  # 20, 16, 12, 4
    assert state(path)["order"] == ORDER
    # Round 1 — Mira cuts Snag (engaged) and trips it; Grak is held by a spell
    ok(run("attack", path, "mira", "snag", "--dice", "12,2"))
    posts["trip"] = ok(run("condition", path, "snag", "prone", "--format", "json"))
    posts["paralyze"] = ok(run("condition", path, "grak", "paralyzed", "--rounds", "2",
                               "--of", "grak", "--format", "json"))
    ok(run("next", path))  # Snag, prone, stabs back at −4
    posts["prone_attack"] = ok(run("attack", path, "snag", "mira", "--dice", "14",
                                   "--format", "json"))
    posts["skip"] = ok(run("next", path, "--format", "json"))  # Grak skipped → Aldric
    posts["paralyzed_hit"] = ok(run("attack", path, "aldric", "grak", "--dice", "4,5",
                                    "--format", "json"))
    ok(run("next", path))  # round 2: Mira
    # Round 2 — Mira walks away from the prone goblin: no dice, no AoO
    n = counter(path)
    posts["walk"] = ok(run("move", path, "mira", "0,-2", "--format", "json"))
    posts["walk_counter"] = (n, counter(path))
    ok(run("condition", path, "aldric", "inspired", "--rounds", "2"))  # of Mira's turns
    ok(run("next", path))  # Snag
    posts["expiry"] = ok(run("next", path, "--format", "json"))  # Grak's turn: it ends
    return posts


def test_R_CND_fight_trip_walk_away_paralysis_skipped_and_expiring(run, encounter):
    path = encounter(PARTY)
    p = play(run, path)

    # the goblin is tripped: prone, until removed
    assert "Snag is prone (until removed)." in p["trip"].json()["text"]
    # prone: its own melee attack at −4; Mira's Defense unchanged
    (roll,) = events(p["prone_attack"], "AttackRolled")
    assert roll["roll"]["total"] == 14 + 3 - 4 and roll["defense"] == 15

    # the paralyzed hobgoblin loses its turn but keeps its place in the order
    skipped = events(p["skip"], "TurnSkipped")
    assert [(e["who"], e["reason"]) for e in skipped] == [("grak", "paralyzed")]
    assert "Grak is paralyzed and loses this turn (keeping their place in the order)." \
        in p["skip"].json()["text"]
    assert state(path)["order"] == ORDER
    (hit,) = events(p["paralyzed_hit"], "AttackRolled")
    assert hit["defense"] == 13 - 1 - 5 and hit["conditions"] == ["paralyzed"]

    # the engaged opponent walks away without dice (R-DIS-4: prone counts as down)
    (res,) = events(p["walk"], "DisengageResolved")
    assert res["success"] and res["auto"] == "opponents_down"
    assert not events(p["walk"], "DefenseTotalRolled") and not events(p["walk"], "AttackRolled")
    assert p["walk_counter"][0] == p["walk_counter"][1]  # not one die drawn
    assert who(path, "mira")["position"] == [0, -2] and "snag" not in who(path, "mira").get(
        "engaged", [])

    # the paralysis ends at the start of Grak's 2nd turn, told in that post; Grak acts
    text = p["expiry"].json()["text"]
    assert "Grak is no longer paralyzed: the condition has run its course." in text
    assert text.index("no longer paralyzed") < text.index("It is Grak's turn")
    assert (state(path)["round"], state(path)["turn"]) == (2, "grak")
    assert "paralyzed" not in who(path, "grak").get("conditions", {})
    ok(run("attack", path, "grak", "aldric", "--dice", "3"))

    # show lists what is left, in both languages
    en = ok(run("show", path)).out
    assert "prone (until removed)" in en
    assert "inspired (until the start of Mira's 2nd turn from now)" in en
    es = ok(run("show", path, "--lang", "es")).out
    assert "derribado (sin límite de tiempo)" in es
    assert "inspired (hasta el inicio del 2.º turno de Mira a partir de ahora)" in es
