"""Rows a rule-by-rule review of RULES.md's Turn 3 additions found the engine missing:
standing orders passing over an enemy laid low (R-CND-5), a guard lost with its actions
(Clarifications, R-CND-5), a helpless target's negative Dex (R-CND-5 `helpless`), and custom
effects on touch attacks and aid another (R-CND-10). Dice only through --dice."""

from __future__ import annotations

from helpers import build, doc, events, melee, ok, roll_init, snapshot, warrior, who


def _orc_between_two(run, encounter, orders="attack-nearest"):  # type: ignore[no-untyped-def]
    """The orc acts first and stands next to Aldric (nearer in file order) and Mira."""
    path = encounter(build(
        warrior("aldric", "party", (2, 2), melee("sword", 5, "1d8+3"), hp=30),
        warrior("mira", "party", (4, 3), melee("club", 2, "1d6"), hp=30),
        warrior("orc", "orcs", (3, 2), melee("axe", 4, "1d12+3"), init=5, hp=40,
                extra=f'orders = "{orders}"\n')))
    roll_init(run, path, "20,2,1")
    return path


def _target_of(r) -> str:  # type: ignore[no-untyped-def]
    (roll,) = [e for e in events(r, "AttackRolled") if e["attacker"] == "orc"]
    return str(roll["target"])


def test_R_CND_5_orders_pass_over_a_prone_enemy_while_another_is_in_reach(run, encounter):  # type: ignore[no-untyped-def]
    for condition in ("prone", "helpless", "dazed"):
        path = _orc_between_two(run, encounter)
        ok(run("condition", path, "aldric", condition))
        r = ok(run("resolve", path, "--dice", "5,5,5", "--format", "json"))
        assert _target_of(r) == "mira", condition


def test_R_CND_5_orders_take_the_laid_low_enemy_when_no_other_is_in_reach(run, encounter):  # type: ignore[no-untyped-def]
    path = _orc_between_two(run, encounter)
    ok(run("condition", path, "aldric", "prone"))
    ok(run("move", path, "mira", "9,9", "--force"))
    r = ok(run("resolve", path, "--dice", "5,5,5", "--format", "json"))
    assert _target_of(r) == "aldric"


def test_R_CND_5_attack_weakest_passes_over_the_laid_low_too(run, encounter):  # type: ignore[no-untyped-def]
    path = _orc_between_two(run, encounter, orders="attack-weakest")
    ok(run("hp", path, "aldric", "-25"))  # the weakest by hp
    ok(run("condition", path, "aldric", "prone"))
    r = ok(run("resolve", path, "--dice", "5,5,5", "--format", "json"))
    assert _target_of(r) == "mira"


def test_R_CND_5_a_guard_whose_actions_become_none_guards_nobody(run, encounter):  # type: ignore[no-untyped-def]
    path = encounter(build(
        warrior("aldric", "party", (2, 2), init=5),
        warrior("mira", "party", (3, 3)),
        warrior("orc", "orcs", (6, 6))))
    roll_init(run, path, "20,2,1")
    ok(run("intercept", path, "aldric", "mira"))
    assert who(path, "aldric").get("guarding") == "mira"
    r = ok(run("condition", path, "aldric", "stunned", "--format", "json"))
    assert [e["defender"] for e in events(r, "GuardEnded")] == ["aldric"]
    assert not who(path, "aldric").get("guarding")
    assert "stops guarding" in r.json()["text"]


def _helpless_orc(run, encounter, dex_mod):  # type: ignore[no-untyped-def]
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8+3"), init=5),
        warrior("orc", "orcs", (1, 0), defense=14, hp=40,
                extra=f"dex_mod = {dex_mod}\ndodge = 1\n")))
    roll_init(run, path, "20,1")
    ok(run("condition", path, "orc", "helpless"))
    return path


def test_R_CND_5_helpless_replaces_a_negative_dex_mod_with_minus_5(run, encounter):  # type: ignore[no-untyped-def]
    for dex_mod, defense in ((-1, 14 + 1 - 1 - 5), (2, 14 - 2 - 1 - 5), (0, 14 - 1 - 5)):
        path = _helpless_orc(run, encounter, dex_mod)
        r = ok(run("attack", path, "hero", "orc", "--dice", "10,3", "--format", "json"))
        (roll,) = events(r, "AttackRolled")
        assert roll["defense"] == defense, dex_mod


def test_R_ACT_12_trip_touch_defense_of_a_helpless_target_with_negative_dex(run, encounter):  # type: ignore[no-untyped-def]
    path = _helpless_orc(run, encounter, -1)
    r = ok(run("action", path, "hero", "trip", "--target", "orc", "--dice", "10,10,5",
               "--format", "json"))
    (touch,) = events(r, "TouchAttackRolled")
    assert touch["defense"] == 10 - 5  # Dex 0's -5 replaces dex_mod; dodge lost


def _trip_pair(run, encounter, orc_extra=""):  # type: ignore[no-untyped-def]
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8+3"), init=5,
                extra="str_mod = 3\n"),
        warrior("ally", "heroes", (0, 1), melee("club", 4, "1d6")),
        warrior("orc", "orcs", (1, 0), defense=14, hp=40, extra=orc_extra)))
    roll_init(run, path, "20,2,1")
    return path


def test_R_CND_10_custom_attack_bonus_on_the_trip_touch_attack(run, encounter):  # type: ignore[no-untyped-def]
    path = _trip_pair(run, encounter)
    ok(run("condition", path, "hero", "bless", "--attack", "1"))
    r = ok(run("action", path, "hero", "trip", "--target", "orc", "--no-aoo", "orc",
               "--dice", "10,10,5", "--format", "json"))
    (touch,) = events(r, "TouchAttackRolled")
    assert touch["roll"]["total"] == 10 + 5 + 1


def test_R_CND_10_custom_defense_on_the_trip_touch_defense(run, encounter):  # type: ignore[no-untyped-def]
    path = _trip_pair(run, encounter)
    ok(run("condition", path, "orc", "shield-of-faith", "--defense", "3"))
    r = ok(run("action", path, "hero", "trip", "--target", "orc", "--no-aoo", "orc",
               "--dice", "10,10,5", "--format", "json"))
    (touch,) = events(r, "TouchAttackRolled")
    assert touch["defense"] == 10 + 3


def test_R_CND_10_custom_attack_bonus_on_aid_another(run, encounter):  # type: ignore[no-untyped-def]
    path = _trip_pair(run, encounter)
    ok(run("condition", path, "hero", "bless", "--attack", "1"))
    r = ok(run("action", path, "hero", "aid-another", "--target", "ally", "--against", "orc",
               "--no-aoo", "orc", "--dice", "4", "--format", "json"))
    (aid,) = events(r, "AidRolled")
    assert aid["roll"]["total"] == 4 + 5 + 1
    assert aid["success"] is True  # 10 against Defense 10: the +1 makes it


# -- R-ENG-6: nobody is engaged with one who has fallen or counts as down -------------------


def test_R_ENG_6_a_mover_felled_by_an_aoo_is_left_engaged_with_nobody(run, encounter):  # type: ignore[no-untyped-def]
    path = encounter(build(
        warrior("a", "h", (0, 0), melee("sword", 5, "1d8"), init=5),
        warrior("e", "m", (1, 0), melee("club", 2, "1d6"), hp=3)))
    roll_init(run, path, "20,1")
    ok(run("next", path))  # e's turn: it walks away from a and takes a's AoO
    r = ok(run("move", path, "e", "4,0", "--dice", "15,5", "--format", "json"))
    assert who(path, "e")["hp"] <= 0
    assert not who(path, "a").get("engaged") and not who(path, "e").get("engaged")
    kinds = [x["type"] for x in events(r) if x["type"] in ("Engaged", "Disengaged")]
    assert kinds[-1] == "Disengaged"  # the AoO engaged them; the fall ended it, for good


def test_R_ENG_6_ending_a_move_by_a_dazed_foe_engages_nobody(run, encounter):  # type: ignore[no-untyped-def]
    path = encounter(build(
        warrior("a", "h", (0, 0), init=5),
        warrior("e", "m", (5, 0))))
    roll_init(run, path, "20,1")
    ok(run("condition", path, "e", "dazed"))
    r = ok(run("move", path, "a", "4,0", "--format", "json"))
    assert not events(r, "Engaged")
    assert not who(path, "a").get("engaged")


def test_R_ENG_6_an_attack_on_a_prone_foe_engages_as_its_post_says(run, encounter):  # type: ignore[no-untyped-def]
    """Clarifications, R-ENG-6: a prone foe's engagement ended when it fell; "only a new
    R-ENG-1 event engages again" — a melee attack roll on it is one. Post and file agree."""
    path = encounter(build(
        warrior("a", "h", (0, 0), init=5),
        warrior("e", "m", (1, 0), hp=30)))
    roll_init(run, path, "20,1")
    ok(run("condition", path, "e", "prone"))
    r = ok(run("attack", path, "a", "e", "--dice", "15,3", "--format", "json"))
    assert events(r, "Engaged")
    assert who(path, "a").get("engaged") == ["e"] and who(path, "e").get("engaged") == ["a"]


# -- R-RDY-1: a readied action costs a standard, move or free action -------------------------


def test_R_RDY_1_a_full_round_row_of_the_table_cannot_be_readied(run, encounter):  # type: ignore[no-untyped-def]
    path = encounter(build(
        warrior("a", "h", (0, 0), init=5),
        warrior("b", "h", (0, 3)),
        warrior("e", "m", (6, 0))))
    roll_init(run, path, "20,12,10")
    before = snapshot(path)
    for row in ("coup-de-grace", "extinguish-flames"):
        r = run("ready", path, "a", "action", row, "--target", "e", "--when", "acts:b")
        assert r.code == 2, (row, r.code, r.err)
        assert "R-RDY-1" in r.err
        assert snapshot(path) == before
    ok(run("ready", path, "a", "action", "draw-weapon", "--when", "acts:b"))  # a move row


# -- R-CND-7: in an attack band, free actions stay open --------------------------------------


def test_R_CND_7_a_confused_combatant_may_take_a_free_row_of_the_table(run, encounter):  # type: ignore[no-untyped-def]
    path = encounter(build(
        warrior("a", "h", (0, 0), init=5),
        warrior("e", "m", (5, 0))))
    roll_init(run, path, "1,20")  # e first
    ok(run("condition", path, "e", "confused", "--by", "a"))
    ok(run("next", path))
    ok(run("next", path, "--dice", "5"))  # e's turn again: 05, attack the one who confused it
    assert doc(path)["state"]["turn"] == "e"
    ok(run("action", path, "e", "drop-item"))  # a free row
    before = snapshot(path)
    r = run("action", path, "e", "total-defense")  # a standard row: not what the band allows
    assert r.code == 3 and "R-CND-7" in r.err
    assert snapshot(path) == before


# -- R-CIR-3: the cover condition, however given, lasts until its holder moves ---------------


def test_R_CIR_3_cover_given_by_condition_ends_when_its_holder_moves(run, encounter):  # type: ignore[no-untyped-def]
    path = encounter(build(
        warrior("a", "h", (0, 0), init=5),
        warrior("e", "m", (8, 0))))
    roll_init(run, path, "20,1")
    ok(run("condition", path, "a", "cover"))
    assert who(path, "a")["conditions"]["cover"] == {"ends": "move"}
    ok(run("move", path, "a", "0,1", "--step"))
    assert "cover" not in who(path, "a").get("conditions", {})


# -- R-PAC-3: a plain remind writes nothing, and says the version the file is at -------------


def test_R_PAC_3_plain_remind_reports_the_files_own_version(run, encounter):  # type: ignore[no-untyped-def]
    path = encounter(build(
        warrior("a", "h", (0, 0), init=5, extra='pc = true\nplayer = "Pa"\n'),
        warrior("e", "m", (8, 0)), rules='turn_deadline = "48h"'))
    roll_init(run, path, "20,1")
    before = snapshot(path)
    version = doc(path)["state"]["version"]
    r = ok(run("remind", path, "--format", "json"))
    assert r.json()["version"] == version
    assert ok(run("show", path, "--format", "json")).json()["version"] == version
    assert snapshot(path) == before


# -- R-RDY-1: `any` is any enemy; the trigger and plan are checked wherever a plan is written --


def test_R_RDY_1_any_is_an_enemy_an_ally_acting_does_not_set_it_off(run, encounter):  # type: ignore[no-untyped-def]
    path = encounter(build(
        warrior("a", "h", (0, 0), init=5),
        warrior("b", "h", (1, 0)),
        warrior("e", "m", (1, 1), hp=30)))
    roll_init(run, path, "20,12,10")
    ok(run("ready", path, "a", "attack", "any", "--when", "acts:b,e"))
    ok(run("next", path))  # b's turn: b attacks e, a's plan must wait for an enemy
    r = ok(run("attack", path, "b", "e", "--dice", "15,3", "--format", "json"))
    assert not events(r, "ReadyFired")
    assert who(path, "a").get("readied")
    assert who(path, "b")["hp"] == 20
    ok(run("next", path))  # e's turn: e acting sets it off, at e
    r = ok(run("attack", path, "e", "b", "--dice", "15,3,2,1", "--format", "json"))
    assert [x["attacker"] for x in events(r, "AttackRolled")][0] == "a"


def test_R_RDY_5_a_plan_without_its_trigger_is_refused_where_it_is_written(run, encounter):  # type: ignore[no-untyped-def]
    path = encounter(build(
        warrior("a", "h", (0, 0), init=5, extra='pc = true\nplayer = "Pa"\n'),
        warrior("e", "m", (6, 0))))
    roll_init(run, path, "20,1")
    before = snapshot(path)
    for args in (("declare", path, "a", "ready", "attack", "any"),
                 ("declare", path, "a", "ready", "attack", "any", "--when", "soon"),
                 ("orders", path, "e", "ready attack any"),
                 ("ready", path, "a", "attack", "any")):
        r = run(*args)
        assert r.code == 2, (args, r.code, r.err)
        assert "R-RDY-1" in r.err, args
        assert snapshot(path) == before
    ok(run("declare", path, "a", "ready", "attack", "any", "--when", "within:2"))


# -- R-ACT-9: feats without an effect are shown and stored -----------------------------------


def test_R_ACT_9_feats_are_shown_to_the_gm_and_in_json(run, encounter):  # type: ignore[no-untyped-def]
    path = encounter(build(
        warrior("a", "h", (0, 0), init=5,
                extra='pc = true\nfeats = ["power-attack", "combat-reflexes"]\n'),
        warrior("e", "m", (6, 0), extra='feats = ["alertness"]\n')))
    roll_init(run, path, "20,1")
    gm = ok(run("show", path, "--gm")).out
    assert "feats: power-attack, combat-reflexes" in gm and "feats: alertness" in gm
    assert "dotes: power-attack" in ok(run("show", path, "--gm", "--lang", "es")).out
    assert "power-attack" not in ok(run("show", path)).out  # the sheet is the GM's
    status = ok(run("show", path, "--format", "json")).json()["status"]
    people = {c["id"]: c for c in status["combatants"]}
    assert people["a"]["feats"] == ["power-attack", "combat-reflexes"]
    assert "feats" not in people["e"]  # a non-PC's sheet only with --gm
    assert doc(path)["combatants"][0]["feats"] == ["power-attack", "combat-reflexes"]


def test_R_RDY_2_acts_fires_before_a_charges_attack_die_after_its_movement(run, encounter):  # type: ignore[no-untyped-def]
    path = encounter(build(
        warrior("a", "h", (0, 0), melee("sword", 5, "1d8"), init=5),
        warrior("b", "h", (0, 5)),
        warrior("e", "m", (5, 0), melee("club", 2, "1d6"), hp=30)))
    roll_init(run, path, "20,12,10")
    ok(run("ready", path, "a", "attack", "e", "--when", "acts:e"))
    ok(run("next", path))
    ok(run("next", path))  # e's turn
    r = ok(run("attack", path, "e", "a", "--charge", "--dice", "15,3,10,1", "--format", "json"))
    kinds = [x["type"] for x in events(r)]
    assert "ReadyFired" in kinds
    assert kinds.index("Moved") < kinds.index("ReadyFired")
    rolls = [x["attacker"] for x in events(r, "AttackRolled")]
    assert rolls == ["a", "e"]  # the readied sword first, then the charge's attack
