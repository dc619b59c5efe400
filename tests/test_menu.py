"""R-ACT-8: the SRD's Actions in Combat table built in: every row as `action WHO ID`, its cost
and whether it provokes taken from the table (data-driven, one test per row), the rows that
are commands of their own refused with the command to use, `--text`, `--provokes`, and a file
action's `kind`. Dice only through --dice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import ENCOUNTERS, aoos, build, doc, events, ok, refused, snapshot, state, warrior, who

from pbwcombat import menu


def _menu_fight(encounter: Any, run: Any, mira_extra: str = "") -> Path:
    """Mira at 0,0 next to Snag (1,0), on Mira's turn; Snag has acted (not flat-footed),
    so it may take an attack of opportunity."""
    path = encounter(build(warrior("mira", "pcs", (0, 0), extra=mira_extra),
                           warrior("snag", "gobs", (1, 0))))
    ok(run("roll-initiative", path, "--dice", "1,20"))
    ok(run("next", path))
    assert state(path)["turn"] == "mira"
    return path


NARRATED = [r for r in menu.offered() if r not in menu.EFFECTS]


def _spent(path: Path) -> dict[str, Any]:
    return dict(state(path).get("spent", {}))


@pytest.mark.parametrize("rid", NARRATED)
def test_R_ACT_8_each_built_in_row_costs_and_provokes_as_the_table_says(run, encounter, rid):
    r = menu.row(rid)
    assert r is not None
    path = _menu_fight(encounter, run)
    out = ok(run("action", path, "mira", rid, "--format", "json", *(
        ("--dice", "1") if r.provoking() else ())))
    taken = events(out, "ActionTaken")
    assert [(e["action"], e["economy"]) for e in taken] == [(rid, r.cost)]
    assert len(aoos(out)) == (1 if r.provokes == "yes" else 0)
    spent = _spent(path)
    expected = {"standard": {"standard": True}, "move": {"moves": 1},
                "full": {"full_round": True}, "free": {}}[r.cost]
    assert {k: v for k, v in spent.items() if v} == expected


@pytest.mark.parametrize("rid", [r for r in NARRATED if menu.row(r).optional])  # type: ignore
def test_R_ACT_8_maybe_usually_varies_rows_provoke_only_with_provokes(run, encounter, rid):
    path = _menu_fight(encounter, run)
    assert aoos(ok(run("action", path, "mira", rid, "--format", "json"))) == []
    path = _menu_fight(encounter, run)
    out = ok(run("action", path, "mira", rid, "--provokes", "--dice", "1", "--format", "json"))
    assert len(aoos(out)) == 1


SRD_TABLE = """
attack-melee standard no
attack-ranged standard yes
attack-unarmed standard yes
activate-magic-item standard no
aid-another standard maybe
bull-rush standard yes
cast-spell standard yes
concentrate-spell standard no
dismiss-spell standard no
draw-hidden-weapon standard no
drink-potion standard yes
escape-grapple standard no
feint standard no
light-torch-tindertwig standard yes
lower-spell-resistance standard no
stabilize-friend standard yes
overrun standard no
read-scroll standard yes
ready standard no
sunder-weapon standard yes
sunder-object standard maybe
total-defense standard no
turn-undead standard no
use-extraordinary standard no
use-skill-action standard usually
use-spell-like standard yes
use-supernatural standard no
move move yes
control-frightened-mount move yes
direct-spell move no
draw-weapon move no
load-light-crossbow move yes
open-close-door move no
mount-dismount move no
move-heavy-object move yes
pick-up-item move yes
sheathe-weapon move yes
stand-up move yes
ready-loose-shield move no
retrieve-stored-item move yes
full-attack full-round no
charge full-round no
coup-de-grace full-round yes
escape-net full-round yes
extinguish-flames full-round no
light-torch full-round yes
load-heavy-crossbow full-round yes
locked-gauntlet full-round yes
prepare-splash-weapon full-round yes
run full-round yes
use-skill-round full-round usually
touch-six-friends full-round yes
withdraw full-round no
cast-quickened-spell free no
cease-concentration free no
drop-item free no
drop-prone free no
prepare-components free no
speak free no
delay none no
five-foot-step none no
disarm varies yes
grapple varies yes
trip varies yes
use-feat varies varies
"""  # SRD.md §1.2: id, type, AoO column, as the SRD gives them


def test_R_ACT_8_the_table_is_the_srd_table_every_row():
    """Every row of the SRD's table (id, type, AoO column) is in the package data, in order."""
    srd = {}
    for line in SRD_TABLE.split("\n"):
        if line:
            rid, kind, aoo = line.split()
            srd[rid] = ({"full-round": "full"}.get(kind, kind), aoo)
    assert len(srd) == 65
    assert list(menu.rows()) == list(srd)
    assert {rid: (r.kind, r.provokes) for rid, r in menu.rows().items()} == srd
    assert all(r.en and r.es and r.en != r.es or rid in ("feint",)
               for rid, r in menu.rows().items())


def test_R_ACT_8_names_in_both_languages_in_the_post(run, encounter):
    path = _menu_fight(encounter, run)
    out = ok(run("action", path, "mira", "draw-weapon", "--text", "her silver dagger"))
    assert "Mira: draw a weapon — her silver dagger (move action)." in out.out
    path = _menu_fight(encounter, run)
    out = ok(run("action", path, "mira", "open-close-door", "--lang", "es"))
    assert "Mira: abrir o cerrar una puerta (acción de movimiento)." in out.out


@pytest.mark.parametrize(("rid", "command"), sorted(menu.COMMANDS.items()))
def test_R_ACT_8_rows_that_are_commands_are_refused_with_the_command(run, encounter, rid,
                                                                     command):
    path = _menu_fight(encounter, run)
    before = snapshot(path)
    out = run("action", path, "mira", rid)
    assert out.code == 2, (out.out, out.err)
    assert "R-ACT-8" in out.err and command.split()[0] in out.err and "mira" in out.err
    assert snapshot(path) == before


@pytest.mark.parametrize("argv", [
    ("feint", "--provokes"),  # a "no" row: --provokes is not the player's to add
    ("drink-potion", "--provokes"),  # a "yes" row already provokes
    ("draw-weapon", "--cost", "free"),  # the table has the cost
    ("draw-weapon", "--text", " "),
    ("drop-prone", "--target", "snag"),
    ("coup-de-grace",),  # needs --target
])
def test_R_ACT_8_usage_errors_are_exit_2_and_change_nothing(run, encounter, argv):
    path = _menu_fight(encounter, run)
    before = snapshot(path)
    out = run("action", path, "mira", *argv)
    assert out.code == 2, (out.out, out.err)
    assert snapshot(path) == before


def test_R_ACT_8_a_full_round_row_needs_the_whole_turn(run, encounter):
    path = _menu_fight(encounter, run)
    ok(run("action", path, "mira", "draw-weapon"))
    refused(run, path, None, "action", path, "mira", "extinguish-flames")


def test_R_ACT_8_drop_prone_is_free_and_leaves_it_prone(run, encounter):
    path = _menu_fight(encounter, run)
    out = ok(run("action", path, "mira", "drop-prone", "--format", "json"))
    assert "prone" in who(path, "mira")["conditions"]
    assert aoos(out) == [] and not any(_spent(path).values())
    refused(run, path, "R-ACT-8", "action", path, "mira", "drop-prone")
    ok(run("action", path, "mira", "stand-up", "--dice", "1"))  # provokes (R-CND-3)
    assert "prone" not in who(path, "mira").get("conditions", {})


KIND = """
[[combatants.actions]]
id = "potion"
name = "Potion"
kind = "drink-potion"
heal = "1d4"
range = 0

[[combatants.actions]]
id = "flask"
name = "Flask"
kind = "drink-potion"
cost = "move"
provokes = false
heal = "1d4"
range = 0
"""


def test_R_ACT_8_kind_gives_a_file_action_its_rows_cost_and_provokes(run, encounter):
    path = _menu_fight(encounter, run, mira_extra=KIND)
    out = ok(run("action", path, "mira", "potion", "--target", "mira", "--dice", "1,3",
                 "--format", "json"))
    assert [e["economy"] for e in events(out, "ActionTaken")] == ["standard"]
    assert len(aoos(out)) == 1  # drink-potion: yes
    assert _spent(path).get("standard") is True
    # the file is not rewritten with the row's values: only what the author wrote
    potion = who(path, "mira")["actions"][0]
    assert potion["kind"] == "drink-potion" and "cost" not in potion and "provokes" not in potion


def test_R_ACT_8_a_file_actions_own_keys_win_over_its_kind(run, encounter):
    path = _menu_fight(encounter, run, mira_extra=KIND)
    out = ok(run("action", path, "mira", "flask", "--target", "mira", "--dice", "3",
                 "--format", "json"))
    assert [e["economy"] for e in events(out, "ActionTaken")] == ["move"]
    assert aoos(out) == []


def test_R_ACT_8_kind_must_be_a_row_of_the_table(run, encounter):
    path = encounter(build(warrior("mira", "pcs", (0, 0),
                                   extra='\n[[combatants.actions]]\nid = "x"\nkind = "sing"\n'),
                           warrior("snag", "gobs", (1, 0))))
    out = run("validate", path)
    assert out.code == 65 and "R-ACT-8" in out.err


@pytest.mark.parametrize("name", ["party.toml", "pelea-en-el-molino.toml"])
def test_R_ACT_8_the_example_potions_are_drink_potion(name):
    """SRD: drinking a potion is a standard action that provokes (the examples said move)."""
    potions = [a for c in doc(ENCOUNTERS / name)["combatants"] for a in c.get("actions", [])
               if a.get("heal") and a.get("range") == 0]
    assert potions and all(a.get("kind") == "drink-potion" and "cost" not in a
                           for a in potions)


def test_R_ACT_8_declared_row_is_named_in_words(run, encounter):
    path = _menu_fight(encounter, run)
    out = ok(run("declare", path, "mira", "action", "draw-weapon", "--lang", "es"))
    assert "desenvainar un arma" in out.out
    assert json.loads(json.dumps(state(path)["declarations"]))["mira"][:2] == [
        "action", "draw-weapon"]
