"""Issue 22 in standing orders (R-ORD-4/6): every option of the action menu (R-ACT-8…12,
R-CIR-1) is a declaration, so an order's DO may use it: `orders` reads it, refuses an act the
combatant cannot take naming the rule (exit 2, the file as it was), and the turn and `odds`
play it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import (
    build,
    events,
    fight,
    fighter,
    melee,
    ok,
    people,
    snapshot,
    state,
    warrior,
    who,
)

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


# -- played at the combatant's turn (next --if-idle, idle_action = "orders") ------------------

SLEEPING = "\n[combatants.conditions.unconscious]\n"


def _menu(encounter: Any, run: Any, *, ogre_at: tuple[int, int] = (1, 0),
          guard_at: tuple[int, int] = (1, 1), aldric: str = "",
          tom: str = "", ogre: str = "", guard: str = "", hp: int = 20,
          ogre_does: tuple[str, ...] = ()) -> Path:
    """Aldric (sword +5/+0, 1d8+3, str +3, Heal +5, the Bolt spell) at 0,0, Tom (mace +3) at
    0,1, the ogre (club +4, str +5, large) at `ogre_at`, a guard (spear) at 1,1; Aldric's
    turn, the others have acted (the ogre doing `ogre_does` in its turn). Orders play at an
    idle turn."""
    sword = melee("sword", attack=5, damage="1d8+3", extra="attacks = [5, 0]")
    path: Path = encounter(build(
        warrior("aldric", "pcs", (0, 0), sword, hp=hp,
                extra="max_hp = 20\nstr_mod = 3\nconcentration = 4\nskills = { heal = 5 }\n"
                + aldric + BOLT),
        warrior("tom", "pcs", (0, 1), melee("mace", attack=3, damage="1d8"), extra=tom),
        warrior("ogre", "gobs", ogre_at, melee("club", attack=4, damage="2d8"),
                extra='str_mod = 5\nsize = "large"\n' + ogre, hp=40),
        warrior("guard", "gobs", guard_at, melee("spear", attack=2, damage="1d8"),
                extra=guard, hp=12),
        rules='idle_action = "orders"'))
    ok(run("roll-initiative", path, "--dice", "18,17,20,19"))  # ogre, guard, aldric, tom
    if ogre_does:
        ok(run(ogre_does[0], path, *ogre_does[1:]))
    while state(path)["turn"] != "aldric":
        ok(run("next", path))
    return path


def _by_orders(run: Any, path: Path, rules: list[str], dice: str) -> Any:
    """Aldric's orders set, then his idle turn played by them (JSON)."""
    ok(run("orders", path, "aldric", *rules))
    return ok(run("next", path, "--if-idle", "0s", "--dice", dice, "--format", "json"))


def _rule_taken(r: Any) -> int:
    (taken,) = events(r, "RuleFollowed")
    return int(taken["index"])


def test_R_ORD_4_total_defense_by_an_order_when_hurt(run: Any, encounter: Any) -> None:
    path = _menu(encounter, run, hp=5)
    r = _by_orders(run, path, ["hp < 30% -> action total-defense", "attack-nearest"], "1")
    assert _rule_taken(r) == 1 and not events(r, "AttackRolled")
    assert who(path, "aldric")["stance"] == "total-defense"
    path = _menu(encounter, run, hp=20)
    r = _by_orders(run, path, ["hp < 30% -> action total-defense", "attack-nearest"],
                   "15,4")
    assert _rule_taken(r) == 2 and "stance" not in who(path, "aldric")


def test_R_ACT_11_charge_by_an_order(run: Any, encounter: Any) -> None:
    """`attack nearest --charge`: the ogre 5 squares away (the guard farther): a straight
    move and one attack at +2, −2 Defense until its next turn."""
    path = _menu(encounter, run, ogre_at=(5, 0), guard_at=(9, 9))
    r = _by_orders(run, path, ["attack nearest --charge"], "10,5")
    (roll,) = events(r, "AttackRolled")
    assert roll["target"] == "ogre" and roll["roll"]["total"] == 10 + 5 + 2
    assert who(path, "aldric")["stance"] == "charging"
    assert who(path, "aldric")["position"] == [4, -1]  # R-ACT-11: ties to the lower y
    assert who(path, "ogre")["hp"] == 40 - 8


def test_R_ACT_12_full_attack_trip_by_an_order(run: Any, encounter: Any) -> None:
    """`attack weakest --full --trip`: the first roll is a trip (the guard's AoO, a natural
    1; touch 15+5 against the guard's touch Defense; checks 18+3 against 2+0), the second an
    attack at +0."""
    path = _menu(encounter, run)
    r = _by_orders(run, path, ["attack weakest --full --trip"], "1,15,18,2,12,3")
    assert "prone" in who(path, "guard")["conditions"]
    rolls = events(r, "AttackRolled")
    assert [(e["attacker"], e["kind"]) for e in rolls] == [("guard", "aoo"),
                                                           ("aldric", "attack")]
    assert events(r, "TouchAttackRolled")[0]["roll"]["total"] == 15 + 5
    # the second roll at +0, against the prone guard's Defense −4 in melee
    assert rolls[1]["roll"]["total"] == 12 and rolls[1]["defense"] == 12 - 4


def test_R_ACT_11_fighting_defensively_by_an_order(run: Any, encounter: Any) -> None:
    path = _menu(encounter, run)
    r = _by_orders(run, path, ["attack nearest --defensively"], "15,4")
    (roll,) = events(r, "AttackRolled")
    assert roll["roll"]["total"] == 15 + 5 - 4
    assert who(path, "aldric")["stance"] == "defensive"


def test_R_ACT_12_aid_another_by_an_order(run: Any, encounter: Any) -> None:
    """`--target weakest-ally`: aid cannot take its actor, so the weakest other ally (Tom);
    `--against nearest`: the nearest enemy his sword reaches."""
    path = _menu(encounter, run, tom="max_hp = 30\n")
    _by_orders(run, path, ["action aid-another --target weakest-ally --against nearest"],
               "12")
    assert who(path, "tom")["aid"] == [{"against": "ogre", "attack": 2, "by": "aldric"}] or \
        who(path, "tom")["aid"][0]["against"] == "ogre"


def test_R_ACT_8_stand_up_by_an_order(run: Any, encounter: Any) -> None:
    path = _menu(encounter, run, aldric="\n[combatants.conditions.prone]\n")
    _by_orders(run, path, ["enemy-within 1 -> action stand-up", "attack-nearest"], "1,1")
    assert "prone" not in who(path, "aldric").get("conditions", {})


def test_R_ACT_12_coup_de_grace_by_an_order_on_the_helpless_enemy(run: Any,
                                                                  encounter: Any) -> None:
    """`--target nearest` names the nearest *helpless* enemy his sword reaches: the sleeping
    guard, not the ogre beside him; the ogre's AoO, the damage, the Fortitude save."""
    path = _menu(encounter, run, guard=SLEEPING)
    r = _by_orders(run, path, ["action coup-de-grace --target nearest", "attack-nearest"],
                   "1,2,2,5")
    assert _rule_taken(r) == 1
    assert who(path, "guard")["status"] == "dead"
    path = _menu(encounter, run)  # nobody helpless: the rule is passed over
    r = _by_orders(run, path, ["action coup-de-grace --target nearest", "attack-nearest"],
                   "15,4")
    assert _rule_taken(r) == 2 and events(r, "AttackRolled")


def test_R_ACT_12_stabilize_by_an_order(run: Any, encounter: Any) -> None:
    path = _menu(encounter, run, tom="max_hp = 20\n", ogre_at=(5, 5))
    ok(run("hp", path, "tom", "-23"))  # Tom at -3: dying
    r = _by_orders(run, path, ["ally-down -> action stabilize --target weakest-ally",
                               "attack-nearest"], "1,12")
    assert _rule_taken(r) == 1 and who(path, "tom")["status"] == "stable"


def test_R_ACT_10_spell_cast_defensively_by_an_order(run: Any, encounter: Any) -> None:
    """In the ogre's reach: the defensive check (1d20 + 4 against 15 + 1) first, no AoO."""
    path = _menu(encounter, run)
    r = _by_orders(run, path, ["action bolt --target nearest --defensively"], "14,3,3,3")
    assert not events(r, "AttackRolled")  # cast defensively: nothing provoked
    checks = [e for e in events(r) if "concentration" in e["type"].lower()]
    assert checks and checks[0]["roll"]["total"] == 14 + 4


def test_R_DIC_3_a_supplied_face_that_does_not_fit_is_exit_2_under_orders(
        run: Any, encounter: Any) -> None:
    """The act that drew it is not passed over for the next rule: the command is refused, the
    file as it was (before: the order silently did something else)."""
    path = _menu(encounter, run)
    ok(run("orders", path, "aldric", "attack nearest", "action total-defense"))
    before = snapshot(path)
    r = run("next", path, "--if-idle", "0s", "--dice", "15,9")  # 9 on the sword's d8
    assert r.code == 2 and "R-DIC-3" in r.err, r.err
    assert snapshot(path) == before


# -- played by odds (R-SIM-1/4) ------------------------------------------------------------


def _sword_duel(hero_orders: list[str], gap: int = 6, feats: tuple[str, ...] = ()) -> str:
    """A fighter (two attacks, str +3, `feats`) against an orc `gap` squares away that holds
    its ground (it attacks whoever comes into reach)."""
    sword = {"id": "sword", "name": "Sword", "attack": 4, "damage": "1d8+3",
             "attacks": [4, -1]}
    axe = {"id": "axe", "name": "Axe", "attack": 4, "damage": "1d8+2"}
    return fight(fighter("ann", "heroes", (0, 0), weapons=(sword,), hp=24, defense=14,
                         str_mod=3, orders=hero_orders, feats=list(feats)),
                 fighter("orc", "orcs", (gap, 0), weapons=(axe,), hp=24, defense=14,
                         orders=["enemy-within 1 -> attack-nearest", "skip"]))


def _report(run: Any, path: Path, jobs: int = 1) -> dict[str, Any]:
    r = ok(run("odds", path, "--runs", 300, "--seed", "5eed22", "--jobs", jobs,
               "--format", "json"))
    odds: dict[str, Any] = r.json()["odds"]
    return odds


def _won(report: dict[str, Any]) -> float:
    return float(next(s["share"] for s in report["sides"] if s["side"] == "heroes"))


@pytest.mark.parametrize(("plain", "menu", "gap"), [
    (["attack nearest"], ["attack nearest --charge", "attack nearest"], 6),
    (["attack nearest --full"], ["attack nearest --full --trip"], 1),
])
def test_R_SIM_1_a_charge_or_trip_order_changes_the_odds(run: Any, encounter: Any,
                                                         plain: list[str], menu: list[str],
                                                         gap: int) -> None:
    """The same encounter and seed, with and without the menu's option in the orders: the
    reports differ (the charge's +2 / −2, the tripped orc's −4 Defense and −4 attack), and
    each is the same run again and with --jobs 2."""
    without = encounter(_sword_duel(plain, gap), name="plain.toml")
    with_it = encounter(_sword_duel(menu, gap), name="menu.toml")
    a, b = _report(run, without), _report(run, with_it)
    assert a["sides"] != b["sides"] or a["combatants"] != b["combatants"]
    assert a["rounds"] != b["rounds"] or a["combatants"] != b["combatants"]
    assert _report(run, with_it) == b
    assert _report(run, with_it, jobs=2) == b
    assert b["not_played"] == []


def test_R_SIM_1_a_trip_order_wins_more_often(run: Any, encounter: Any) -> None:
    """With improved-trip (no AoO, +4 on the check), tripping first (a prone orc that fights
    on from the ground: −4 on its attacks, −4 Defense against melee) wins more fights than
    the same full attack without the trip, over 300 seeded runs. A prone orc is not named to
    be tripped again (ruling): that rule is passed over for the plain full attack."""
    feats = ("improved-trip",)
    plain = _report(run, encounter(_sword_duel(["attack nearest --full"], 1, feats), name="p.toml"))
    trip = _report(run, encounter(_sword_duel(["attack nearest --full --trip",
                                         "attack nearest --full"], 1, feats), name="t.toml"))
    assert _won(trip) > _won(plain) + 0.05


def test_R_SIM_4_an_action_an_order_takes_with_menu_options_is_played(
        run: Any, encounter: Any) -> None:
    """A spell cast `--defensively` by an order, and a potion readied by one (R-RDY-5), are
    played: not listed as "not played"; a file action no rule takes still is."""
    potion = ('[[combatants.actions]]\nid = "potion"\nkind = "drink-potion"\nheal = "1d8"\n'
              'uses = 1\n')
    sleep = ('[[combatants.actions]]\nid = "sleep"\ncost = "standard"\nsave = "will"\n'
             'dc = 12\ncondition = "unconscious"\n')
    def text(orders: list[str]) -> str:
        return fight(fighter("mira", "heroes", (0, 0), hp=12, orders=orders) + BOLT + potion
                     + sleep, fighter("orc", "orcs", (1, 0), hp=12))
    path = encounter(text(["hp < 50% -> ready action potion --target self --when within:1",
                           "action bolt --target nearest --defensively", "attack-nearest"]))
    report = _report(run, path)
    assert report["not_played"] == [{"id": "mira", "name": "mira", "actions": ["sleep"],
                                     "names": ["sleep"]}]


# -- small defects of the menu ---------------------------------------------------------------


def test_R_ACT_12_aid_another_reaches_a_trips_touch_attack(run: Any, encounter: Any) -> None:
    """Ruling: a trip's touch attack is an attack roll against its target (Clarifications:
    every d20 attack roll), so Tom's aid (+2 on Aldric's next attack roll against the guard)
    is taken by it and spent; the guard's aid on Defense against Aldric raises its touch
    Defense."""
    aided = 'aid = [{ against = "guard", by = "tom", attack = 2 }]\n'
    path = _menu(encounter, run, aldric=aided)
    r = ok(run("action", path, "aldric", "trip", "--target", "guard", "--dice", "1,8,2,15",
               "--format", "json"))
    (touch,) = events(r, "TouchAttackRolled")
    assert {m["note"]: m["value"] for m in touch["roll"]["mods"]} == {"attack": 5, "aid": 2}
    assert touch["roll"]["total"] == 8 + 5 + 2
    assert "aid" not in who(path, "aldric")  # spent by the touch attack
    path = _menu(encounter, run, ogre_does=("action", "ogre", "aid-another", "--target",
                                            "guard", "--against", "aldric", "--defense",
                                            "--dice", "15"))
    assert who(path, "guard")["aid"][0]["defense"] == 2
    r = ok(run("action", path, "aldric", "trip", "--target", "guard", "--dice", "1,8,2,15",
               "--format", "json"))
    assert events(r, "TouchAttackRolled")[0]["defense"] == 10 + 2
    assert "aid" not in who(path, "guard")


def test_R_ORD_4_a_trip_order_does_not_name_an_enemy_already_prone(run: Any,
                                                                   encounter: Any) -> None:
    """Ruling: `nearest`/`weakest` in a trip (and `attack … --full --trip`) leave out enemies
    already prone: with the guard on the ground the weakest one to trip is the ogre; with
    nobody left to trip, the rule is passed over for the next one."""
    path = _menu(encounter, run, guard="\n[combatants.conditions.prone]\n")
    r = _by_orders(run, path, ["action trip --target weakest", "attack-nearest"], "1,15,3")
    assert _rule_taken(r) == 1
    assert events(r, "TouchAttackRolled")[0]["target"] == "ogre"
    path = _menu(encounter, run, guard="\n[combatants.conditions.prone]\n",
                 ogre="\n[combatants.conditions.prone]\n")
    r = _by_orders(run, path, ["attack weakest --full --trip", "attack weakest --full"],
                   "15,4,3")
    assert _rule_taken(r) == 2 and not events(r, "TouchAttackRolled")


@pytest.mark.parametrize(("lang", "said"), [("en", "Tom is stable: no longer dying."),
                                            ("es", "Tom queda estable: ya no se desangra.")])
def test_R_ACT_12_stabilized_is_said_in_the_post(run: Any, encounter: Any, lang: str,
                                                 said: str) -> None:
    """The Stabilized event had no line: the post said the Heal check's success only."""
    path = _menu(encounter, run, tom="max_hp = 20\n", ogre_at=(5, 5), guard_at=(9, 9))
    ok(run("hp", path, "tom", "-23"))  # Tom at -3: dying
    r = ok(run("action", path, "aldric", "stabilize", "--target", "tom", "--dice", "12",
               "--lang", lang))
    assert said in r.out
    assert who(path, "tom")["status"] == "stable"


def test_R_HP_4_a_bleed_roll_that_stabilizes_says_it_once(run: Any, encounter: Any) -> None:
    path = _menu(encounter, run, tom="max_hp = 20\n", ogre_at=(5, 5))
    ok(run("hp", path, "tom", "-23"))
    r = ok(run("next", path, "--dice", "5"))  # Tom's turn starts: 1d100 = 5, stable
    assert who(path, "tom")["status"] == "stable"
    assert "stable" in r.out and "no longer dying" not in r.out


# -- resolve, odds for every option, completion ------------------------------------------------


def test_R_ORD_4_resolve_plays_a_menu_order_of_one_without_a_declaration(
        run: Any, encounter: Any) -> None:
    """The declared flow: Aldric has not declared, so `resolve` plays his orders (a charge)
    in his turn."""
    path = _menu(encounter, run, ogre_at=(5, 0), guard_at=(9, 9))
    ok(run("orders", path, "aldric", "attack nearest --charge"))
    r = ok(run("resolve", path, "--dice", "10,5", "--format", "json"))
    (roll,) = [e for e in events(r, "AttackRolled") if e["attacker"] == "aldric"]
    assert roll["roll"]["total"] == 10 + 5 + 2 and roll["target"] == "ogre"
    assert who(path, "ogre")["hp"] == 40 - 8


@pytest.mark.parametrize("rule", MENU_RULES)
def test_R_SIM_1_odds_plays_every_menu_option(run: Any, encounter: Any, rule: str) -> None:
    """Each option in an order, played by `odds` from Aldric's turn (the ogre beside him, the
    guard asleep, Tom at -3): a report, the same again for the seed, nothing "not played"
    but the actions no rule takes."""
    path = _menu(encounter, run, guard=SLEEPING, tom="max_hp = 20\n")
    ok(run("hp", path, "tom", "-23"))
    rule = rule.replace(" bob ", " tom ").replace(" orc ", " guard ").replace(" orc", " guard")
    ok(run("orders", path, "aldric", rule, "attack-nearest"))
    before = snapshot(path)
    args = ("odds", path, "--runs", 12, "--seed", "0d", "--jobs", 1, "--format", "json")
    report = ok(run(*args)).json()["odds"]
    assert report["runs"] == 12 and ok(run(*args)).json()["odds"] == report
    named = "bolt" in rule
    assert report["not_played"] == ([] if named else [
        {"id": "aldric", "name": "Aldric", "actions": ["bolt"], "names": ["Bolt"]}])
    assert snapshot(path) == before  # R-SIM-1: the file and journal left alone


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_completion_of_the_built_in_action_ids_after_action_who(
        run: Any, encounter: Any, monkeypatch: pytest.MonkeyPatch, shell: str) -> None:
    """R-ACT-8: after `action FILE WHO` the shell offers WHO's own actions, then the table's
    rows that `action` takes (not those that are commands of their own)."""
    from pbwcombat import menu

    path = _menu(encounter, run)
    monkeypatch.setenv("_PBWCOMBAT_COMPLETE", f"complete_{shell}")
    monkeypatch.setenv("_TYPER_COMPLETE_ARGS", f"pbwcombat action {path} aldric co")
    if shell == "fish":
        monkeypatch.setenv("_TYPER_COMPLETE_FISH_ACTION", "get-args")
    r = run()
    assert (r.code, r.err) == (0, "")
    rows = [rid for rid in menu.offered() if rid.startswith("co")]
    assert "coup-de-grace" in rows and "charge" not in menu.offered()
    for rid in rows:
        assert rid in r.out
    monkeypatch.setenv("_TYPER_COMPLETE_ARGS", f"pbwcombat action {path} aldric bo")
    assert "bolt" in run().out  # its own action
