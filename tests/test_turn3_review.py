"""Rows a rule-by-rule review of RULES.md's Turn 3 additions found the engine missing:
standing orders passing over an enemy laid low (R-CND-5), a guard lost with its actions
(Clarifications, R-CND-5), a helpless target's negative Dex (R-CND-5 `helpless`), and custom
effects on touch attacks and aid another (R-CND-10). Dice only through --dice."""

from __future__ import annotations

from helpers import build, events, melee, ok, roll_init, warrior, who


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
