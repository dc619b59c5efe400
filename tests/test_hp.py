"""Hit points and death (R-HP-1..5), bleeding through `next`, and hp labels (R-OUT-3)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import assert_refused, counter, doc, events, fight, people, person, snapshot

# -- helpers -------------------------------------------------------------------------------


def duo(lang: str = "en", rules: str = "", **orc: Any) -> str:
    """A PC hero (20 hp) and a non-PC orc (12 hp unless given)."""
    orc = {"hp": 12, **orc}
    return fight(person("hero", "party", pc=True, player="Kel", hp=20),
                 person("orc", "horde", **orc), rules=rules, lang=lang)


def hp_of(path: Path, who: str) -> tuple[int, str]:
    c = people(path)[who]
    return c["hp"], c["status"]


def gm(run: Any, path: Path, who: str, delta: str, *extra: str) -> Any:
    r = run("hp", path, who, delta, *extra)
    assert r.code == 0, (r.code, r.err)
    return r


# -- R-HP-1: thresholds -------------------------------------------------------------------------


@pytest.mark.parametrize("delta,hp,status", [
    ("-1", 11, "ok"),
    ("-11", 1, "ok"),
    ("-12", 0, "disabled"),
    ("-13", -1, "dying"),
    ("-21", -9, "dying"),
    ("-22", -10, "dead"),
    ("-40", -28, "dead"),
])
def test_R_HP_1_thresholds(run, encounter, delta, hp, status):
    path = encounter(duo())
    gm(run, path, "orc", delta)
    assert hp_of(path, "orc") == (hp, status)


@pytest.mark.parametrize("delta,status", [("-16", "dying"), ("-17", "dead"), ("-18", "dead")])
def test_R_HP_1_death_at_rule(run, encounter, delta, status):
    path = encounter(duo(rules="death_at = -5"))
    gm(run, path, "orc", delta)
    assert hp_of(path, "orc")[1] == status


@pytest.mark.parametrize("hp,status", [(5, "ok"), (0, "disabled"), (-4, "dying"),
                                       (-10, "dead")])
def test_R_HP_1_status_derived_from_hp_on_load(run, encounter, hp, status):
    path = encounter(duo(hp=hp, max_hp=12))
    r = run("show", path, "--format", "json", "--gm")
    assert r.code == 0, r.err
    orc = next(c for c in r.json()["status"]["combatants"] if c["id"] == "orc")
    assert orc["status"] == status


# -- R-HP-2: disabled -----------------------------------------------------------------------------


def test_R_HP_2_disabled_standard_action_costs_1_hp(run, encounter):
    path = encounter(fight(person("hero", "party", hp=0, max_hp=10),
                           person("orc", "horde", hp=12)))
    assert run("roll-initiative", path, "--dice", "15,5").code == 0
    r = run("attack", path, "hero", "orc", "--dice", "10,3")
    assert r.code == 0, r.err
    assert hp_of(path, "hero") == (-1, "dying")


def test_R_HP_2_disabled_one_action_only(run, encounter):
    path = encounter(fight(person("hero", "party", hp=0, max_hp=10, position=[0, 0]),
                           person("orc", "horde", hp=12, position=[5, 0])))
    assert run("roll-initiative", path, "--dice", "15,5").code == 0
    assert run("move", path, "hero", "0,1").code == 0
    before = snapshot(path)
    assert_refused(run("move", path, "hero", "0,2"), "R-HP-2", path, before)


# -- R-HP-3: no reactions at hp <= 0 -------------------------------------------------------------


@pytest.mark.parametrize("orc_hp,aoo", [(5, True), (0, False)])
def test_R_HP_3_no_aoo_at_zero_hp(run, encounter, orc_hp, aoo):
    path = encounter(fight(person("hero", "party", hp=30, position=[0, 0]),
                           person("orc", "horde", hp=orc_hp, max_hp=12, position=[1, 0]),
                           rules="aoo_engages = false"))
    assert run("roll-initiative", path, "--dice", "5,15").code == 0  # orc first
    assert run("next", path).code == 0  # the orc's turn ends: no longer flat-footed
    r = run("move", path, "hero", "-1,0", "--dice", "1", "--format", "json")
    assert r.code == 0, r.err
    aoos = [e for e in events(r, "AttackRolled") if e["kind"] == "aoo"]
    assert bool(aoos) is aoo


# -- R-HP-4: bleeding through `next` ----------------------------------------------------------


def bleed_fight(ally_hp: int = -3, rules: str = "") -> str:
    return fight(person("hero", "party"),
                 person("ally", "party", hp=ally_hp, max_hp=10),
                 person("orc", "horde"), rules=rules)


def start_on_hero(run: Any, path: Path) -> None:
    """Initiative hero, ally, orc: the hero's turn."""
    r = run("roll-initiative", path, "--dice", "18,8,5")  # hero, ally, orc
    assert r.code == 0, r.err
    assert doc(path)["state"]["turn"] == "hero"


@pytest.mark.parametrize("face,hp,status", [
    (1, -3, "stable"),
    (10, -3, "stable"),
    (11, -4, "dying"),
    (100, -4, "dying"),
])
def test_R_HP_4_bleeding_d100_stabilises_on_10_or_less(run, encounter, face, hp, status):
    path = encounter(bleed_fight())
    start_on_hero(run, path)
    r = run("next", path, "--dice", str(face), "--format", "json")
    assert r.code == 0, r.err
    assert "unused_dice" not in r.json()
    (bleed,) = events(r, "BleedRolled")
    assert bleed["roll"]["terms"][0]["sides"] == 100
    assert bleed["roll"]["total"] == face
    assert hp_of(path, "ally") == (hp, status)
    assert doc(path)["state"]["turn"] == "orc"
    assert counter(path) == 0


def test_R_HP_4_bleeding_each_round_until_stable(run, encounter):
    path = encounter(bleed_fight())
    start_on_hero(run, path)
    assert run("next", path, "--dice", "50").code == 0   # -4
    assert run("next", path).code == 0                   # round 2: hero
    assert run("next", path, "--dice", "60").code == 0   # -5
    assert hp_of(path, "ally") == (-5, "dying")
    assert run("next", path).code == 0                   # round 3: hero
    assert run("next", path, "--dice", "3").code == 0    # stable
    assert hp_of(path, "ally") == (-5, "stable")
    n = counter(path)
    assert run("next", path).code == 0                   # round 4: hero
    r = run("next", path, "--format", "json")            # stable: skipped, no roll
    assert r.code == 0
    assert not events(r, "BleedRolled")
    assert counter(path) == n
    assert hp_of(path, "ally") == (-5, "stable")


def test_R_HP_4_bleeding_to_death(run, encounter):
    path = encounter(bleed_fight(ally_hp=-9))
    start_on_hero(run, path)
    assert run("next", path, "--dice", "50").code == 0
    assert hp_of(path, "ally") == (-10, "dead")


def test_R_HP_4_no_bleeding_when_rule_off(run, encounter):
    path = encounter(bleed_fight(rules="dying_bleed = false"))
    start_on_hero(run, path)
    r = run("next", path, "--format", "json")
    assert r.code == 0
    assert not events(r, "BleedRolled")
    assert hp_of(path, "ally") == (-3, "dying")
    assert counter(path) == 0


def test_R_HP_4_several_dying_bleed_in_order(run, encounter):
    path = encounter(fight(person("hero", "party"),
                           person("d1", "party", hp=-3, max_hp=10),
                           person("d2", "party", hp=-3, max_hp=10),
                           person("orc", "horde")))
    assert run("roll-initiative", path, "--dice", "18,12,8,5").code == 0
    r = run("next", path, "--dice", "5,50", "--format", "json")
    assert r.code == 0
    assert [e["who"] for e in events(r, "BleedRolled")] == ["d1", "d2"]
    assert hp_of(path, "d1") == (-3, "stable")
    assert hp_of(path, "d2") == (-4, "dying")


def test_R_HP_4_bleed_uses_generator_when_no_faces(run, encounter):
    path = encounter(bleed_fight())
    start_on_hero(run, path)
    r = run("next", path, "--format", "json")
    (bleed,) = events(r, "BleedRolled")
    face = bleed["roll"]["total"]
    assert bleed["roll"]["terms"][0]["dice"][0]["n"] == 0
    assert counter(path) == 1
    assert hp_of(path, "ally") == ((-3, "stable") if face <= 10 else (-4, "dying"))


# -- R-HP-5: the GM's damage and healing ------------------------------------------------------


def test_R_HP_5_negative_number_typed_as_is(run, encounter):
    path = encounter(duo())
    r = run("hp", path, "orc", "-5")
    assert r.code == 0, r.err
    assert hp_of(path, "orc") == (7, "ok")


@pytest.mark.parametrize("delta,hp", [("+3", 8), ("3", 8), ("-2", 3), ("+0", 5)])
def test_R_HP_5_signed_and_unsigned_deltas(run, encounter, delta, hp):
    path = encounter(duo(hp=5, max_hp=12))
    gm(run, path, "orc", delta)
    assert hp_of(path, "orc")[0] == hp


def test_R_HP_5_negative_dice_expression(run, encounter):
    path = encounter(duo())
    r = run("hp", path, "orc", "-2d6", "--dice", "3,4")
    assert r.code == 0, r.err
    assert hp_of(path, "orc") == (5, "ok")


def test_R_HP_5_several_targets_one_roll(run, encounter):
    path = encounter(duo())
    r = run("hp", path, "orc,hero", "-2d6", "--dice", "3,4", "--format", "json")
    assert r.code == 0, r.err
    assert "unused_dice" not in r.json()
    assert r.err == ""
    assert hp_of(path, "orc")[0] == 12 - 7
    assert hp_of(path, "hero")[0] == 20 - 7
    assert len(events(r, "GmHpRolled")) == 1


def test_R_HP_5_several_targets_one_generated_roll(run, encounter):
    path = encounter(duo())
    assert run("roll", path, "1d4").code == 0
    n = counter(path)
    r = run("hp", path, "orc,hero", "-3d6", "--format", "json")
    assert r.code == 0, r.err
    assert counter(path) == n + 3
    orc_lost = 12 - hp_of(path, "orc")[0]
    hero_lost = 20 - hp_of(path, "hero")[0]
    assert orc_lost == hero_lost
    assert 3 <= orc_lost <= 18


def test_R_HP_5_several_targets_unused_faces(run, encounter):
    path = encounter(duo())
    r = run("hp", path, "orc,hero", "-1d6", "--dice", "2,6", "--format", "json")
    assert r.code == 0
    assert r.json()["unused_dice"] == [6]
    assert hp_of(path, "orc")[0] == 10 and hp_of(path, "hero")[0] == 18


def test_R_HP_5_healing_capped_at_max_hp(run, encounter):
    path = encounter(duo())
    gm(run, path, "hero", "-5")
    assert hp_of(path, "hero")[0] == 15
    gm(run, path, "hero", "+10")
    assert hp_of(path, "hero")[0] == 20
    gm(run, path, "hero", "-3")
    gm(run, path, "hero", "+2d6", "--dice", "6,6")
    assert hp_of(path, "hero")[0] == 20


def test_R_HP_5_healing_up_to_explicit_max_hp(run, encounter):
    path = encounter(duo(hp=4, max_hp=12))
    gm(run, path, "orc", "+5")
    assert hp_of(path, "orc")[0] == 9
    gm(run, path, "orc", "+50")
    assert hp_of(path, "orc")[0] == 12


@pytest.mark.parametrize("start_hp,delta,hp,status", [
    (-3, "+3", 0, "disabled"),
    (-3, "+4", 1, "ok"),
    (0, "+1", 1, "ok"),
    (-9, "+5", -4, "dying"),
])
def test_R_HP_5_healing_crosses_thresholds_back(run, encounter, start_hp, delta, hp, status):
    path = encounter(duo(hp=start_hp, max_hp=12))
    gm(run, path, "orc", delta)
    assert hp_of(path, "orc") == (hp, status)


def test_R_HP_5_stable_becomes_dying_on_damage(run, encounter):
    path = encounter(duo(hp=-3, max_hp=12, status="stable"))
    gm(run, path, "orc", "-1")
    assert hp_of(path, "orc") == (-4, "dying")


def test_R_HP_5_stable_stays_stable_on_load(run, encounter):
    path = encounter(duo(hp=-3, max_hp=12, status="stable"))
    gm(run, path, "hero", "-1")  # any write: the orc's stable status survives it
    assert hp_of(path, "orc") == (-3, "stable")


def test_R_HP_5_stable_damaged_bleeds_again(run, encounter):
    path = encounter(fight(person("hero", "party"),
                           person("ally", "party", hp=-3, max_hp=10, status="stable"),
                           person("orc", "horde")))
    assert run("roll-initiative", path, "--dice", "18,8,5").code == 0
    gm(run, path, "ally", "-1")
    r = run("next", path, "--dice", "50", "--format", "json")
    assert r.code == 0
    assert events(r, "BleedRolled")
    assert hp_of(path, "ally") == (-5, "dying")


def test_R_HP_5_reviving_dead_refused_without_force(run, encounter):
    path = encounter(duo(hp=-10, max_hp=12))
    assert run("roll", path, "1d4").code == 0
    before = snapshot(path)
    assert_refused(run("hp", path, "orc", "+15"), "R-HP-5", path, before)
    assert_refused(run("hp", path, "hero,orc", "+5"), "R-HP-5", path, before)
    r = run("hp", path, "orc", "+15", "--force")
    assert r.code == 0, r.err
    assert hp_of(path, "orc") == (5, "ok")


@pytest.mark.parametrize("bad", ["--5", "-", "+", "5x", "-1d", "-2d6+", "abc"])
def test_R_HP_5_malformed_delta_is_exit_2(run, encounter, bad):
    path = encounter(duo())
    assert run("roll", path, "1d4").code == 0
    before = snapshot(path)
    r = run("hp", path, "orc", bad)
    assert r.code == 2, (bad, r.code, r.err)
    assert snapshot(path) == before


def test_R_HP_5_unknown_target_is_exit_2(run, encounter):
    path = encounter(duo())
    assert run("roll", path, "1d4").code == 0
    before = snapshot(path)
    r = run("hp", path, "orc,ghost", "-3")
    assert r.code == 2
    assert snapshot(path) == before


# -- R-OUT-3: labels for non-PCs, numbers for PCs and the GM --------------------------------------

LABELS = {
    "en": {"unhurt": "unhurt", "wounded": "wounded", "badly": "badly wounded",
           "down": "down", "dead": "dead"},
    "es": {"unhurt": "ileso", "wounded": "herido", "badly": "malherido",
           "down": "caído", "dead": "muerto"},
}


def label_in(text: str, lang: str, key: str) -> bool:
    """The label is there, and not only as part of a longer one (wounded ⊂ badly wounded)."""
    word = LABELS[lang][key]
    if key == "wounded":
        longer = LABELS[lang]["badly"]
        return word in text.replace(longer, "")
    return word in text


# id: (hp before, max_hp, label after `hp … -1`)
LABEL_CASES = {
    "w1": (8, 12, "wounded"),     # 7 > 6
    "b1": (7, 12, "badly"),       # 6 = half
    "b2": (2, 12, "badly"),       # 1
    "w2": (8, 13, "wounded"),     # 7 > 6.5
    "b3": (7, 13, "badly"),       # 6 < 6.5
    "d0": (1, 12, "down"),        # 0: disabled
    "dy": (-2, 12, "down"),       # -3: dying
    "dd": (-9, 12, "dead"),       # -10: dead
}


def line_of(text: str, name: str, others: list[str]) -> str:
    lines = [ln for ln in text.splitlines()
             if name in ln and not any(o in ln for o in others if o != name)]
    assert lines, (name, text)
    return "\n".join(lines)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_R_OUT_3_non_pc_hp_shown_as_label(run, encounter, lang):
    crowd = [person(cid, "horde", hp=hp, max_hp=mx) for cid, (hp, mx, _) in LABEL_CASES.items()]
    crowd.append(person("un", "horde", hp=12, max_hp=12))
    crowd.append(person("up", "horde", hp=10, max_hp=12))
    path = encounter(fight(person("hero", "party", pc=True, hp=20), *crowd, lang=lang))
    names = [cid.capitalize() for cid in [*LABEL_CASES, "un", "up"]]
    r = gm(run, path, ",".join(LABEL_CASES), "-1")
    healed = gm(run, path, "up", "+5")
    show = run("show", path)
    assert show.code == 0
    for cid, (hp, mx, key) in LABEL_CASES.items():
        name = cid.capitalize()
        assert label_in(line_of(r.out, name, names), lang, key), (cid, r.out)
        assert label_in(line_of(show.out, name, names), lang, key), (cid, show.out)
        assert f"{hp - 1}/{mx}" not in r.out + show.out
    assert label_in(line_of(healed.out, "Up", names), lang, "unhurt")
    assert label_in(line_of(show.out, "Un", names), lang, "unhurt")
    assert label_in(line_of(show.out, "Up", names), lang, "unhurt")
    assert "/12" not in r.out + healed.out + show.out
    assert "/13" not in r.out + healed.out + show.out


@pytest.mark.parametrize("lang,word", [("en", "hp"), ("es", "PG")])
def test_R_OUT_3_pc_hp_shown_as_numbers(run, encounter, lang, word):
    path = encounter(duo(lang=lang))
    r = gm(run, path, "hero", "-5")
    assert "15/20" in r.out
    assert word in r.out
    show = run("show", path)
    assert "15/20" in show.out


@pytest.mark.parametrize("lang", ["en", "es"])
def test_R_OUT_3_gm_sees_numbers(run, encounter, lang):
    path = encounter(duo(lang=lang))
    r = gm(run, path, "orc", "-5", "--gm")
    assert "7/12" in r.out
    show = run("show", path, "--gm")
    assert "7/12" in show.out
    log = run("log", path, "--gm")
    assert "7/12" in log.out


@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "plain"])
def test_R_OUT_3_labels_in_every_text_format(run, encounter, fmt):
    path = encounter(duo())
    r = gm(run, path, "orc", "-5", "--format", fmt)
    assert "wounded" in r.out
    assert "7/12" not in r.out


def test_R_OUT_3_json_hides_non_pc_numbers(run, encounter):
    path = encounter(duo())
    r = gm(run, path, "orc", "-5", "--format", "json")
    payload = r.json()
    changed = [e for e in events(r, "HpChanged") if e["who"] == "orc"]
    assert changed
    for e in changed:
        assert "hp" not in e and "max_hp" not in e and "before" not in e
        assert 7 not in e.values() and 12 not in e.values()
    assert "7/12" not in payload["text"]
    assert "wounded" in payload["text"]


def test_R_OUT_3_json_shows_pc_numbers_and_gm_numbers(run, encounter):
    path = encounter(duo())
    r = gm(run, path, "hero", "-5", "--format", "json")
    (e,) = events(r, "HpChanged")
    assert e["hp"] == 15
    r = gm(run, path, "orc", "-5", "--format", "json", "--gm")
    (e,) = events(r, "HpChanged")
    assert e["hp"] == 7


def test_R_OUT_3_show_json_hides_non_pc_numbers(run, encounter):
    path = encounter(duo())
    gm(run, path, "orc", "-5")
    r = run("show", path, "--format", "json")
    assert r.code == 0
    orc = next(c for c in r.json()["status"]["combatants"] if c["id"] == "orc")
    assert "hp" not in orc and "max_hp" not in orc
    hero = next(c for c in r.json()["status"]["combatants"] if c["id"] == "hero")
    assert hero["hp"] == 20


@pytest.mark.parametrize("fmt", ["plain", "json"])
def test_R_OUT_3_log_hides_non_pc_numbers(run, encounter, fmt):
    path = encounter(duo())
    gm(run, path, "orc", "-5")
    r = run("log", path, "--format", fmt)
    assert r.code == 0
    assert "7/12" not in r.out
    assert "wounded" in r.out
    if fmt == "json":
        for rec in r.json()["records"]:
            for e in rec["events"]:
                if e.get("who") == "orc" and e["type"] == "HpChanged":
                    assert "hp" not in e


def test_R_OUT_3_bleeding_non_pc_shown_as_label(run, encounter):
    path = encounter(fight(person("hero", "party"),
                           person("gob", "party", hp=-3, max_hp=10),
                           person("orc", "horde")))
    assert run("roll-initiative", path, "--dice", "18,8,5").code == 0
    r = run("next", path, "--dice", "50", "--format", "plain")
    assert r.code == 0
    assert "down" in r.out
    assert "-4/10" not in r.out


def test_R_HP_4_dying_first_in_order_bleeds_when_combat_starts(run, encounter):
    path = encounter(bleed_fight())
    # file order hero, ally, orc; the ally wins initiative; its d100 comes after the d20s
    r = run("roll-initiative", path, "--dice", "8,18,5,50", "--format", "json")
    assert r.code == 0, r.err
    assert "unused_dice" not in r.json()
    (bleed,) = events(r, "BleedRolled")
    assert bleed["who"] == "ally" and bleed["roll"]["total"] == 50
    assert hp_of(path, "ally") == (-4, "dying")
    assert doc(path)["state"]["turn"] == "hero"
