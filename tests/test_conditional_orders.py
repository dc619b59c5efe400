"""R-ORD-4: conditional orders, `"WHEN -> DO"` rules: each WHEN clause true and false, the first
legal rule chosen, an illegal DO passed over, secrecy, `orders` and the file's validation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import fight, fighter, ok, people, state

from pbwcombat.orders_text import OrderSyntaxError, parse_rule
from pbwcombat.rules.conditional import holds, when_holds
from pbwcombat.service import load

POTION = {"id": "potion", "cost": "standard", "heal": "1d8", "uses": 1}


def board(**mira: Any) -> str:
    """Mira (a PC, 10/20 hp at 0,0) and her ally Tom (at 1,0, 0 hp) against Grak (at 1,1,
    engaged with Mira) and Snag (at 4,4), in round 1."""
    mira.setdefault("hp", 10)
    text = fight(
        fighter("mira", "heroes", (0, 0), pc=True, max_hp=20, engaged=["grak"], **mira)
        .replace('side = "heroes"', 'side = "heroes"\nconditions = { prone = {} }', 1),
        fighter("tom", "heroes", (1, 0), hp=0, max_hp=8),
        fighter("grak", "orcs", (1, 1), engaged=["mira"]),
        fighter("snag", "orcs", (4, 4)))
    return text + '\n[state]\nphase = "combat"\nround = 1\nturn = "mira"\n' \
        'order = ["mira", "tom", "grak", "snag"]\n'


def clause_of(text: str) -> Any:
    return parse_rule(f"{text} -> skip").when[0]


@pytest.mark.parametrize(("clause", "expected"), [
    ("hp < 50%", False), ("hp < 51%", True),   # 100 × 10 < N × 20, exactly
    ("hp <= 50%", True), ("hp > 50%", False), ("hp >= 50%", True),
    ("hp < 10", False), ("hp <= 10", True), ("hp > 9", True), ("hp >= 11", False),
    ("engaged >= 1", True), ("engaged >= 2", False), ("engaged == 1", True),
    ("engaged != 1", False), ("engaged < 1", False), ("engaged > 0", True),
    ("engaged <= 0", False),
    ("enemy-within 1", True), ("enemy-within 0", False),
    ("ally-down", True),
    ("has prone", True), ("has shaken", False), ("not prone", False), ("not shaken", True),
    ("round >= 1", True), ("round >= 2", False),
    ("down tom", True), ("down grak", False), ("up grak", True), ("up tom", False),
])
def test_R_ORD_4_each_when_clause_true_and_false(encounter: Any, clause: str,
                                                 expected: bool) -> None:
    enc = load(encounter(board()))[1]
    assert holds(enc, enc.get("mira"), clause_of(clause)) is expected


def test_R_ORD_4_ally_down_false_and_clauses_joined_by_and(encounter: Any) -> None:
    text = board().replace('hp = 0\nmax_hp = 8', 'hp = 8\nmax_hp = 8')
    enc = load(encounter(text))[1]
    mira = enc.get("mira")
    assert not holds(enc, mira, clause_of("ally-down"))
    assert when_holds(enc, mira, parse_rule("hp < 60% and engaged >= 1 -> flee"))
    assert not when_holds(enc, mira, parse_rule("hp < 60% and engaged >= 2 -> flee"))


def test_R_ORD_4_prone_counts_as_down_and_gridless_every_enemy_is_within(
        encounter: Any) -> None:
    text = board().replace('[[combatants]]\nid = "grak"', '[[combatants]]\nid = "grak"\n'
                           'conditions = { prone = {} }')
    enc = load(encounter(text))[1]
    assert holds(enc, enc.get("snag"), clause_of("down grak"))
    gridless = fight(fighter("a", "x"), fighter("b", "y"))
    enc = load(encounter(gridless, name="g.toml"))[1]
    assert holds(enc, enc.get("a"), clause_of("enemy-within 0"))


# -- playing: the first legal rule ------------------------------------------------------------


def mira_duel(orders: list[str], hp: int = 20, uses: int = 1) -> str:
    """Mira (orders given; a potion of `uses`) next to Grak, her turn in round 1."""
    potion = {**POTION, "uses": uses}
    return fight(
        fighter("mira", "heroes", (0, 0), hp=hp, max_hp=20, orders=orders)
        + "[[combatants.actions]]\n" + "\n".join(f"{k} = {json.dumps(v)}"
                                                  for k, v in potion.items()) + "\n",
        fighter("grak", "orcs", (1, 0), hp=30),
        fighter("snag", "orcs", (5, 5), hp=3),
        rules='idle_action = "orders"')


def started(run: Any, encounter: Any, text: str) -> Path:
    path = encounter(text)
    ok(run("roll-initiative", path, "--dice", "20,1,1,1"))  # every combatant supplied
    assert state(path)["turn"] == "mira"
    return path


def test_R_ORD_4_first_rule_whose_when_holds_is_played(run: Any, encounter: Any) -> None:
    rules = ["hp < 30% -> action potion --target self", "attack-nearest"]
    path = started(run, encounter, mira_duel(rules, hp=5))
    r = ok(run("next", path, "--if-idle", "0s", "--dice", "6"))
    assert people(path)["mira"]["hp"] == 11  # the potion: 1d8 = 6
    assert people(path)["grak"]["hp"] == 30  # and no attack
    assert "acts by standing orders." in r.out


def test_R_ORD_4_a_false_when_goes_on_to_the_next_rule(run: Any, encounter: Any) -> None:
    rules = ["hp < 30% -> action potion --target self", "attack-nearest"]
    path = started(run, encounter, mira_duel(rules, hp=20))
    ok(run("next", path, "--if-idle", "0s", "--dice", "15,4"))
    assert people(path)["grak"]["hp"] < 30
    assert "actions" in people(path)["mira"] and people(path)["mira"]["hp"] == 20


def test_R_ORD_4_an_illegal_do_is_passed_over(run: Any, encounter: Any) -> None:
    rules = ["action potion --target self", "attack snag", "attack-nearest"]
    path = started(run, encounter, mira_duel(rules, hp=5, uses=0))
    ok(run("next", path, "--if-idle", "0s", "--dice", "15,4"))
    # no uses left: the potion is passed over; Snag is out of reach: passed over too
    assert people(path)["mira"]["hp"] == 5 and people(path)["snag"]["hp"] == 3
    assert people(path)["grak"]["hp"] < 30


def test_R_ORD_4_weakest_is_among_the_enemies_it_can_attack_this_turn(
        run: Any, encounter: Any) -> None:
    text = mira_duel(["attack weakest"]).replace("position = [5, 5]", "position = [15, 15]")
    path = started(run, encounter, text)
    ok(run("next", path, "--if-idle", "0s", "--dice", "15,4"))
    assert people(path)["grak"]["hp"] < 30  # Snag is weaker but out of reach this turn
    assert people(path)["snag"]["hp"] == 3


def test_R_ORD_4_weakest_ally_is_the_lowest_hp_fraction_itself_included(
        run: Any, encounter: Any) -> None:
    text = mira_duel(["action potion --target weakest-ally"], hp=15).replace(
        '[[combatants]]\nid = "grak"',
        '[[combatants]]\nid = "tom"\nside = "heroes"\ndefense = 12\nhp = 4\nmax_hp = 10\n'
        'position = [0, 1]\n\n[[combatants]]\nid = "grak"')
    path = started(run, encounter, text.replace("--dice", "--dice"))
    ok(run("next", path, "--if-idle", "0s", "--dice", "5"))
    assert people(path)["tom"]["hp"] == 9 and people(path)["mira"]["hp"] == 15


def test_R_ORD_4_no_rule_holds_does_nothing(run: Any, encounter: Any) -> None:
    path = started(run, encounter, mira_duel(["round >= 5 -> attack-nearest"]))
    r = ok(run("next", path, "--if-idle", "0s", "--format", "json"))
    mira = [e for e in r.json()["events"] if e.get("attacker") == "mira" or e.get("who") == "mira"]
    assert [e["type"] for e in mira if e["type"] in ("AttackRolled", "Moved")] == []
    assert people(path)["grak"]["hp"] == 30
    assert state(path)["turn"] != "mira"


def test_R_ORD_4_flee_below_still_comes_first(run: Any, encounter: Any) -> None:
    text = mira_duel(["attack-nearest"], hp=2).replace('orders = ["attack-nearest"]',
                                                 'orders = ["attack-nearest"]\n'
                                                 'flee_below = 0.25')
    path = started(run, encounter, text)
    r = ok(run("next", path, "--if-idle", "0s", "--dice", "1"))
    assert "flees" in r.out and people(path)["grak"]["hp"] == 30


def test_R_ORD_4_resolve_plays_orders_of_those_without_a_declaration(
        run: Any, encounter: Any) -> None:
    path = started(run, encounter, mira_duel(["hp < 30% -> action potion --target self",
                                         "attack-nearest"], hp=5))
    r = ok(run("resolve", path, "--dice", "6"))
    assert people(path)["mira"]["hp"] == 11 and "acts by standing orders" in r.out


# -- secrecy ----------------------------------------------------------------------------------


def test_R_ORD_4_players_posts_never_show_the_orders(run: Any, encounter: Any) -> None:
    path = started(run, encounter, mira_duel(["attack-nearest"]))
    r = ok(run("orders", path, "grak", "hp < 50% -> flee", "attack-weakest"))
    assert "flee" not in r.out and "hp < 50%" not in r.out and "2 rules" in r.out
    j = ok(run("orders", path, "snag", "engaged >= 1 -> flee", "--format", "json")).json()
    assert "engaged >= 1" not in json.dumps(j)
    gm = ok(run("show", path, "--gm")).out
    assert "hp &lt; 50%" in gm or "hp < 50% -> flee" in gm
    assert "hp < 50%" not in ok(run("show", path)).out
    ok(run("set", path, "grak", "hp", "10"))
    r = ok(run("next", path, "--if-idle", "0s", "--dice", "1"))  # mira attacks, misses
    r = ok(run("next", path, "--if-idle", "0s"))  # grak (10/20 hp... < 50%) flees
    assert "hp < 50%" not in r.out and "rule" not in r.out
    assert people(path)["grak"]["orders"] == ["hp < 50% -> flee", "attack-weakest"]


# -- `orders` and the file --------------------------------------------------------------------


@pytest.mark.parametrize(("rule", "word"), [
    ("hp << 30% -> flee", "<<"),
    ("sometimes -> flee", "sometimes"),
    ("hp < 30% and -> flee", "->"),
    ("engaged >= two -> flee", "two"),
    ("hp < 130% -> flee", "130%"),
    ("hp < 30% -> dance", "dance"),
    ("hp < 30% -> attack-nearest then flee", "then"),
    ("hp < 30% -> flee -> skip", "-> skip"),
    ("has Prone -> skip", "Prone"),
])
def test_R_ORD_4_orders_refuses_a_bad_rule_quoting_it_and_pointing_at_the_word(
        run: Any, encounter: Any, rule: str, word: str) -> None:
    path = started(run, encounter, mira_duel([]))
    r = run("orders", path, "grak", "attack-nearest", rule)
    assert r.code == 2, r.err
    lines = r.err.splitlines()
    assert f'"{rule}"' in lines[0] and "R-ORD-4" in lines[0]
    quoted, caret = lines[1], lines[2]
    assert quoted.strip() == rule
    column = caret.index("^")
    assert quoted[column:].startswith(word.split()[0]), (quoted, caret)
    assert "orders" not in people(path)["grak"]


def test_R_ORD_4_orders_refuses_unknown_ids_and_clears(run: Any, encounter: Any) -> None:
    path = started(run, encounter, mira_duel([]))
    assert run("orders", path, "grak", "down nobody -> flee").code == 2
    assert run("orders", path, "grak", "guard:nobody").code == 2
    ok(run("orders", path, "grak", "down snag -> flee", "attack nearest then move 3,3"))
    assert people(path)["grak"]["orders"] == ["down snag -> flee",
                                              "attack nearest then move 3,3"]
    ok(run("orders", path, "grak", "--clear"))
    assert "orders" not in people(path)["grak"]
    assert run("orders", path, "grak").code == 2  # neither rules nor --clear


def test_R_ORD_4_the_file_is_validated_on_load_with_the_path(run: Any, encounter: Any) -> None:
    path = encounter(mira_duel(["hp < 30% -> flee", "engaged >> 2 -> attack-nearest"]))
    r = run("validate", path)
    assert r.code == 65
    assert "combatants[0].orders" in r.err and "rule 2" in r.err and ">>" in r.err
    path = encounter(mira_duel(["down nobody -> flee"]), name="b.toml")
    r = run("validate", path)
    assert r.code == 65 and 'unknown combatant "nobody"' in r.err
    path = encounter(mira_duel(["attack grak --wepon axe"]), name="c.toml")
    assert run("validate", path).code == 65


def test_R_ORD_4_a_single_string_rule_still_works(run: Any, encounter: Any) -> None:
    text = mira_duel([]).replace("orders = []",
                                 'orders = "hp < 30% -> action potion --target self"')
    path = started(run, encounter, text.replace("hp = 20\n", "hp = 5\n", 1))
    ok(run("next", path, "--if-idle", "0s", "--dice", "6"))
    assert people(path)["mira"]["hp"] == 11


def test_R_ORD_4_syntax_error_values() -> None:
    with pytest.raises(OrderSyntaxError) as info:
        parse_rule("hp < x% -> flee")
    assert info.value.exit_code == 2 and info.value.pos == 5


def test_R_ORD_4_odds_plays_conditional_orders(run: Any, encounter: Any) -> None:
    """The orc waits until round 3 by its rules: the hero, attacking at once, wins more."""
    def text(orc_orders: list[str]) -> str:
        return fight(fighter("ann", "heroes", (0, 0), hp=12, pc=True),
                     fighter("orc", "orcs", (1, 0), hp=12, orders=orc_orders))
    data = {}
    for name, orders in (("now", ["attack-nearest"]), ("late", ["round >= 3 -> attack-nearest"])):
        path = encounter(text(orders), name=f"{name}.toml")
        r = ok(run("odds", path, "--runs", 200, "--seed", "0f", "--jobs", "1",
                   "--format", "json"))
        data[name] = r.json()["odds"]
    won = {k: next(s["share"] for s in v["sides"] if s["side"] == "heroes")
           for k, v in data.items()}
    assert won["late"] > won["now"] + 0.2


@pytest.mark.parametrize("lang", ["en", "es"])
def test_R_ORD_4_every_documented_order_reads(lang: str) -> None:
    import re
    import tomllib

    page = (Path(__file__).resolve().parent.parent / "docs" / lang / "orders.md").read_text(
        encoding="utf-8")
    blocks = re.findall(r"```toml\n(.*?)```", page, flags=re.S)
    rules = [r for b in blocks for r in tomllib.loads(b.replace("[[combatants]]\n", "")
                                                      ).get("orders", [])]
    assert len(rules) >= 20
    for rule in rules:
        parse_rule(rule)  # raises OrderSyntaxError when a documented rule does not read


def test_R_SIM_4_the_report_names_the_actions_no_order_takes(run: Any,
                                                              encounter: Any) -> None:
    sleep = '[[combatants.actions]]\nid = "sleep"\nname = "Sleep"\nsave = "will"\ndc = 15\n' \
        'condition = "unconscious"\n'
    def text(orders: str) -> str:
        return fight(fighter("mira", "heroes", (0, 0), hp=12, pc=True, **(
            {"orders": [orders, "attack-nearest"]} if orders else {})) + sleep
            + POTION_TOML, fighter("orc", "orcs", (1, 0), hp=12))
    POTION_TOML = '[[combatants.actions]]\nid = "potion"\nheal = "1d8"\nuses = 1\n'
    path = encounter(text(""))
    r = ok(run("odds", path, "--runs", 20, "--seed", "0f", "--jobs", "1"))
    (line,) = [ln for ln in r.out.splitlines() if ln.startswith("Not played")]
    assert "mira's sleep, potion" in line and "R-SIM-4" in line
    j = ok(run("odds", path, "--runs", 20, "--seed", "0f", "--jobs", "1", "--format",
               "json")).json()["odds"]
    assert j["not_played"] == [{"id": "mira", "name": "mira", "actions": ["sleep", "potion"],
                                "names": ["Sleep", "potion"]}]
    path = encounter(text("round >= 1 -> action sleep --target nearest"), name="b.toml")
    r = ok(run("odds", path, "--runs", 20, "--seed", "0f", "--jobs", "1", "--lang", "es"))
    (line,) = [ln for ln in r.out.splitlines() if ln.startswith("Sin jugar")]
    assert "potion de" in line and "sleep" not in line
