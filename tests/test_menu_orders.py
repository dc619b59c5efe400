"""Issue 22 in standing orders (R-ORD-4/6): every option of the action menu (R-ACT-8…12,
R-CIR-1) is a declaration, so an order's DO may use it: `orders` reads it, refuses an act the
combatant cannot take naming the rule (exit 2, the file as it was), and the turn and `odds`
play it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import fight, fighter, ok, people, snapshot

SWORD2 = {"id": "sword", "name": "Sword", "attack": 5, "damage": "1d8+2", "attacks": [5, 0]}
BOLT = ('[[combatants.actions]]\nid = "bolt"\nname = "Bolt"\ncost = "standard"\n'
        'spell_level = 1\ndamage = "2d6"\nrange = 10\nsave = "ref"\ndc = 13\n')


def party(**ann: Any) -> str:
    """Ann (a caster with a two-attack sword and the Bolt spell, at 0,0) and Bob (0,1)
    against an orc at 6,0."""
    return fight(
        fighter("ann", "heroes", (0, 0), weapons=(SWORD2,), hp=20, str_mod=2, **ann) + BOLT,
        fighter("bob", "heroes", (0, 1), hp=20),
        fighter("orc", "orcs", (6, 0), hp=15),
        rules='idle_action = "orders"')


# Every option of issue 22 an order's DO may carry (R-ORD-4: a DO is a declaration, R-ORD-6)
MENU_RULES = [
    "hp < 30% -> action total-defense",
    "attack nearest --charge",
    "attack weakest --full --trip",
    "attack nearest --defensively",
    "attack nearest --full --defensively",
    "action aid-another --target bob --against nearest",
    "action aid-another --target weakest-ally --against nearest --defense",
    "enemy-within 1 -> action stand-up",
    "action drop-prone",
    "action coup-de-grace --target nearest",
    "down orc -> action coup-de-grace --target orc --weapon sword",
    "action trip --target nearest",
    "action trip --target nearest --counter",
    "ally-down -> action stabilize --target weakest-ally",
    "action bolt --target nearest --defensively",
    "action draw-weapon --text 'a dagger'",
    "action use-skill-action --provokes --text 'a Tumble check'",
    "attack nearest --flanking --higher-ground",
    "attack nearest --cover half",
    "attack nearest --concealment total",
    "attack nearest --concealment 20",
    "attack nearest --invisible",
    "move 1,1 --to-cover",
    "action total-defense then move 0,2",
]


@pytest.mark.parametrize("rule", MENU_RULES)
def test_R_ORD_4_every_menu_option_reads_in_an_order(run: Any, encounter: Any,
                                                     rule: str) -> None:
    path = encounter(party())
    ok(run("orders", path, "ann", rule, "attack-nearest"))
    assert people(path)["ann"]["orders"] == [rule, "attack-nearest"]


@pytest.mark.parametrize(("rule", "said"), [
    ("action nosuch", 'ann has no action "nosuch"'),
    ("hp < 3 -> action attack-melee", "command of its own: attack ann TARGET"),
    ("attack nearest then action charge", "attack ann TARGET --charge (R-ACT-8)"),
    ("attack nearest --weapon bow", 'no weapon "bow"'),
    ("action trip", "trip needs --target"),
    ("action aid-another --target bob", "--against"),
    ("action stand-up --target bob", "stand-up"),
    ("attack nearest --cover quarter", "--cover"),
])
def test_R_ORD_4_an_act_the_combatant_cannot_take_is_refused_naming_the_rule(
        run: Any, encounter: Any, rule: str, said: str) -> None:
    path: Path = encounter(party())
    before = snapshot(path)
    r = run("orders", path, "ann", "attack-nearest", rule)
    assert r.code == 2, r.err
    first, quoted, caret = r.err.splitlines()[:3]
    assert f'"{rule}"' in first and "R-ORD-4" in first and said in first, first
    assert quoted.strip() == rule
    # the caret under the act that cannot be taken
    act = rule.split(" then ")[-1] if " then " in rule else rule.split("-> ")[-1]
    assert quoted[caret.index("^"):].startswith(act), (quoted, caret)
    assert snapshot(path) == before
    es = run("orders", path, "ann", rule, "--lang", "es")
    assert es.code == 2 and "no es una regla de órdenes (R-ORD-4)" in es.err
