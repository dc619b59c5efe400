"""`remove WHO`: a combatant leaves (fled, dismissed); its engagements, guards and declaration
end; the log keeps it (SPEC commands table, R-ENG-4, R-TRN-4/6, R-OUT-4/5)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import events, ok, people, snapshot, state

# -- helpers -------------------------------------------------------------------------------


def combatant(cid: str, side: str, pos: tuple[int, int], *, player: str = "",
              weapon: str = 'id = "blade"\nattack = 4\ndamage = "1d6"') -> str:
    values: dict[str, Any] = {"id": cid, "name": cid.capitalize(), "side": side,
                              "pc": bool(player), "defense": 12, "hp": 20,
                              "position": list(pos)}
    if player:
        values["player"] = player
    lines = ["[[combatants]]"] + [f"{k} = {json.dumps(v)}" for k, v in values.items()]
    return "\n".join(lines) + "\n\n[[combatants.weapons]]\n" + weapon + "\n"


BOW = 'id = "bow"\nkind = "ranged"\nrange = 10\nattack = 1\ndamage = "1d6"'


def four(lang: str = "en") -> str:
    """Hero and Ally (PCs) against Orc (adjacent to Hero) and Wolf (an archer, far away).
    Initiative faces 20,15,10,5 (no modifiers) give the order hero, ally, orc, wolf."""
    head = (f'schema = 1\nname = "Leaving"\nlang = "{lang}"\nformat = "plain"\n\n'
            '[rules]\nranged_into_melee = "penalty"\nmissile_presence = false\n\n')
    return head + "\n".join([
        combatant("hero", "heroes", (0, 0), player="Kel"),
        combatant("ally", "heroes", (0, 1), player="Sparrow"),
        combatant("orc", "monsters", (1, 0)),
        combatant("wolf", "monsters", (5, 5), weapon=BOW),
    ])


def tangled(run: Any, encounter: Any, lang: str = "en") -> Path:
    """Round 1, Ally's turn: Hero engaged in melee with Orc and in missile combat with Wolf,
    Ally guarding Hero, Hero's declaration queued."""
    path = encounter(four(lang))
    ok(run("roll-initiative", path, "--dice", "20,15,10,5"))
    ok(run("attack", path, "hero", "orc", "--dice", "15,3"))            # hit, engaged
    ok(run("attack", path, "wolf", "hero", "--force", "--dice", "2"))   # GM: a shot, missed
    ok(run("next", path))
    ok(run("intercept", path, "ally", "hero"))
    ok(run("declare", path, "hero", "attack", "orc"))
    p = people(path)
    assert p["hero"]["engaged"] == ["orc"] and p["orc"]["engaged"] == ["hero"]
    assert p["hero"]["missile_engaged"] == ["wolf"] and p["wolf"]["missile_engaged"] == ["hero"]
    assert p["ally"]["guarding"] == "hero"
    assert "hero" in state(path)["declarations"]
    assert state(path)["turn"] == "ally"
    return path


# -- what ends ----------------------------------------------------------------------------------


def test_remove_ends_engagements_on_both_sides(run, encounter):
    path = tangled(run, encounter)
    r = ok(run("remove", path, "hero", "--format", "json"))
    p = people(path)
    assert p["hero"].get("engaged", []) == []
    assert p["hero"].get("missile_engaged", []) == []
    assert p["orc"]["engaged"] == []
    assert p["wolf"]["missile_engaged"] == []
    assert [e["type"] for e in events(r, "Removed")] == ["Removed"]
    # the engagements' end is told in the post
    ends = {frozenset((e["a"], e["b"])) for e in events(r, "Disengaged")}
    assert ends == {frozenset(("hero", "orc")), frozenset(("hero", "wolf"))}


def test_remove_ends_guards_on_it(run, encounter):
    path = tangled(run, encounter)
    r = ok(run("remove", path, "hero", "--format", "json"))
    assert "guarding" not in people(path)["ally"]
    assert [e["defender"] for e in events(r, "GuardEnded")] == ["ally"]


def test_remove_ends_guards_by_it(run, encounter):
    path = tangled(run, encounter)
    ok(run("next", path))                       # Orc's turn; Ally still guards Hero
    assert people(path)["ally"]["guarding"] == "hero"
    r = ok(run("remove", path, "ally", "--format", "json"))
    assert "guarding" not in people(path)["ally"]
    assert [e["defender"] for e in events(r, "GuardEnded")] == ["ally"]
    # Hero is no longer protected: Orc's attack on Hero rolls no interception contest
    r = ok(run("attack", path, "orc", "hero", "--dice", "2", "--format", "json"))
    assert events(r, "PriorityRolled") == []
    assert events(r, "InterceptResolved") == []


def test_remove_ends_its_declaration(run, encounter):
    path = tangled(run, encounter)
    ok(run("declare", path, "orc", "attack", "ally"))
    ok(run("remove", path, "hero"))
    assert state(path).get("declarations", {}) == {"orc": ["attack", "ally"]}


def test_show_no_longer_lists_it(run, encounter):
    path = tangled(run, encounter)
    assert "Hero" in ok(run("show", path)).out
    ok(run("remove", path, "hero"))
    before = snapshot(path)
    out = ok(run("show", path, "--gm")).out
    assert "Hero" not in out
    assert "Kel" not in out
    data = ok(run("show", path, "--format", "json")).json()["status"]
    assert "hero" not in [c["id"] for c in data["combatants"]]
    assert "hero" not in data["order"]
    assert all("hero" not in c["engaged"] for c in data["combatants"])
    assert snapshot(path) == before
    assert "hero" not in state(path)["order"]


def test_the_log_keeps_it(run, encounter):
    path = tangled(run, encounter)
    ok(run("remove", path, "hero"))
    log = ok(run("log", path)).out
    assert "Hero attacks Orc" in log          # what it did stays in the log
    assert "Hero leaves the fight" in log
    assert people(path)["hero"]["removed"] is True  # kept in the file for the log
    # the journal too
    lines = path.with_name(path.name + ".journal").read_text(encoding="utf-8").splitlines()
    assert [json.loads(x)["command"] for x in lines][-1] == "remove"


def test_removed_combatant_takes_no_more_turns(run, encounter):
    path = tangled(run, encounter)
    ok(run("remove", path, "wolf"))            # not its turn: the current turn goes on
    assert state(path)["turn"] == "ally"
    seen = []
    for _ in range(5):
        r = ok(run("next", path, "--format", "json"))
        seen += [e["who"] for e in events(r, "TurnStarted")]
    assert seen == ["orc", "hero", "ally", "orc", "hero"]


def test_remove_unknown_combatant_is_usage_error(run, encounter):
    path = tangled(run, encounter)
    before = snapshot(path)
    r = run("remove", path, "nobody")
    assert r.code == 2, (r.code, r.out, r.err)
    assert snapshot(path) == before


# -- whose turn it is ------------------------------------------------------------------------


def test_removing_whose_turn_it_is_starts_the_next_turn(run, encounter):
    path = tangled(run, encounter)
    assert state(path)["turn"] == "ally"
    r = ok(run("remove", path, "ally", "--format", "json", now="2026-11-30T09:00:00Z"))
    st = state(path)
    assert (st["round"], st["turn"]) == (1, "orc")
    assert [e["who"] for e in events(r, "TurnStarted")] == ["orc"]
    assert st["turn_started_at"].startswith("2026-11-30T09:00:00")
    assert "It is Orc's turn" in r.json()["text"]


def test_removing_whose_turn_it_is_mentions_the_next_player(run, encounter):
    path = tangled(run, encounter)
    ok(run("next", path))
    ok(run("next", path))                      # Wolf's turn, the last of round 1
    assert state(path)["turn"] == "wolf"
    r = ok(run("remove", path, "wolf"))
    st = state(path)
    assert (st["round"], st["turn"]) == (2, "hero")
    assert "It is Hero's turn. @Kel" in r.out   # R-OUT-4


# -- the end of the combat (R-TRN-6) ---------------------------------------------------------


def duel_text() -> str:
    head = 'schema = 1\nname = "Leaving"\nlang = "en"\nformat = "plain"\n\n'
    return head + combatant("hero", "heroes", (0, 0), player="Kel") + "\n" + \
        combatant("orc", "monsters", (3, 0))


def test_last_enemy_removed_then_next_ends_the_combat(run, encounter):
    path = encounter(duel_text())
    ok(run("roll-initiative", path, "--dice", "20,5"))
    assert state(path)["turn"] == "hero"
    ok(run("remove", path, "orc"))
    r = ok(run("next", path, "--format", "json"))
    (end,) = events(r, "CombatEnded")
    assert end["winner"] == "heroes"
    assert "heroes" in r.json()["text"]       # the post names the winning side
    assert state(path)["phase"] == "ended"
    before = snapshot(path)
    r = run("next", path)                     # actions on an ended combat are refused
    assert r.code == 3 and "R-TRN-6" in r.err
    assert snapshot(path) == before


def test_last_enemy_removed_on_its_own_turn_ends_the_combat(run, encounter):
    path = encounter(duel_text())
    ok(run("roll-initiative", path, "--dice", "5,20"))
    assert state(path)["turn"] == "orc"
    r = ok(run("remove", path, "orc", "--format", "json"))
    (end,) = events(r, "CombatEnded")
    assert end["winner"] == "heroes"
    assert state(path)["phase"] == "ended"
    assert events(r, "TurnStarted") == []


# -- posts in English and Spanish ------------------------------------------------------------


@pytest.mark.parametrize(("lang", "via"), [("en", "file"), ("es", "file"), ("es", "flag")])
def test_remove_post_languages(run, encounter, lang, via):
    path = tangled(run, encounter, "en" if via == "flag" else lang)
    extra = ["--lang", lang] if via == "flag" else []
    r = ok(run("remove", path, "hero", *extra))
    if lang == "en":
        assert "Hero leaves the fight." in r.out
        assert "Hero and Orc are no longer engaged." in r.out
        assert "Ally stops guarding." in r.out
    else:
        assert "Hero abandona el combate." in r.out
        assert "Hero y Orc ya no están entablados." in r.out
        assert "Ally deja de defender." in r.out
        for english in ("leaves the fight", "no longer engaged", "stops guarding", "Round"):
            assert english not in r.out
