"""Findings of the Turn 3 rule-by-rule review (review-a, review-b) left open by the first round
of fixes: each test names the rule whose text it holds the product to. Dice only through
--dice; the clock through PBWCOMBAT_NOW (`now=`)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from helpers import (
    aoos,
    build,
    engaged,
    events,
    five,
    melee,
    ok,
    ranged,
    roll_init,
    snapshot,
    state,
    warrior,
    who,
)

T0 = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def at(hours: float) -> str:
    return (T0 + timedelta(hours=hours)).strftime("%Y-%m-%dT%H:%M:%SZ")


def body(out: str) -> str:
    """The post without its chain mark line (R-LOG-8)."""
    return "\n".join(ln for ln in out.splitlines() if not ln.startswith("\u26d3"))


def started(run: Any, encounter: Any, rules: str = "") -> Path:
    """five(): ann, bo, cy (PCs, players AnnP, BoP, CyP), gob, orc; initiative at T0."""
    path = encounter(five(rules=rules))
    ok(run("roll-initiative", path, "--dice", "10,10,10,10,10", now=at(0)))
    return path


# -- R-PAC-2: an absent turn started by `resolve` --------------------------------------------


def test_R_PAC_2_resolve_that_starts_an_absent_turn_plays_it_and_goes_on(
        run: Any, encounter: Any) -> None:
    path = started(run, encounter)
    ok(run("declare", path, "bo", "action", "total-defense", now=at(1)))  # a declared round
    ok(run("absent", path, "ann", "--until", "3d", now=at(1)))
    r = ok(run("resolve", path, now=at(2)))
    round2 = body(r.out).split("Round 2")[1]  # round 2 is in the turn flow: Ann's turn first
    assert "Ann is absent: passes." in round2
    assert "It is Bo's turn. @BoP" in round2
    assert state(path)["turn"] == "bo" and state(path)["round"] == 2


def test_R_PAC_2_in_the_declared_flow_resolve_leaves_the_absent_declaration_to_the_next(
        run: Any, encounter: Any) -> None:
    path = started(run, encounter, 'flow = "declared"')
    ok(run("absent", path, "ann", "--until", "3d", now=at(1)))
    ok(run("resolve", path, now=at(2)))
    assert state(path)["turn"] == "ann" and state(path)["round"] == 2  # played at its resolve


# -- R-OUT-9 / R-PAC-1 / R-PAC-3: the deadline once per post --------------------------------


def test_R_OUT_9_show_in_a_declared_round_gives_the_deadline_once_with_who_owes(
        run: Any, encounter: Any) -> None:
    path = started(run, encounter, 'turn_deadline = "12h"')
    ok(run("declare", path, "ann", "action", "total-defense", now=at(1)))
    for lang, owe in (("en", "Not declared:"), ("es", "Sin declarar:")):
        out = ok(run("show", path, "--lang", lang, now=at(2))).out
        assert out.count("2026-11-30 00:00") == 1, out
        (line,) = [ln for ln in out.splitlines() if ln.startswith(owe)]
        assert "2026-11-30 00:00 UTC" in line  # R-PAC-1: who owes, with the deadline


def test_R_OUT_9_show_keeps_the_deadline_in_the_header_when_nobody_owes(
        run: Any, encounter: Any) -> None:
    path = started(run, encounter, 'turn_deadline = "12h"')
    for pc in ("ann", "bo", "cy"):
        ok(run("declare", path, pc, "action", "total-defense", now=at(1)))
    out = ok(run("show", path, now=at(2))).out
    assert out.count("2026-11-30 00:00") == 1 and "2026-11-30 00:00" in out.splitlines()[0]


def test_R_OUT_9_remind_gives_the_deadline_once_with_the_time_left(
        run: Any, encounter: Any) -> None:
    declared = started(run, encounter, 'turn_deadline = "12h"\nflow = "declared"')
    turns = started(run, encounter, 'turn_deadline = "12h"')
    cases = [(declared, 2, "en", "10 h 0 min left (deadline 2026-11-30 00:00 UTC)"),
             (declared, 2, "es", "quedan 10 h 0 min (plazo: 2026-11-30 00:00 UTC)"),
             (turns, 13, "en", "the deadline (2026-11-30 00:00 UTC) passed 1 h 0 min ago"),
             (turns, 13, "es", "el plazo (2026-11-30 00:00 UTC) venció hace 1 h 0 min")]
    for path, hour, lang, left in cases:
        out = body(ok(run("remind", path, "--lang", lang, now=at(hour))).out)
        assert left in out, out  # R-PAC-3 "with the time left"
        assert out.count("2026-11-30 00:00") == 1, out


# -- R-ENG-6: standing up next to a foe -------------------------------------------------------


def test_R_ENG_6_stand_up_next_to_a_foe_provokes_and_its_aoo_engages_again(
        run: Any, encounter: Any) -> None:
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8"), init=5),
        warrior("orc", "orcs", (1, 0), melee("club", 2, "1d6"))))
    ok(run("roll-initiative", path, "--dice", "20,1"))
    ok(run("attack", path, "hero", "orc", "--dice", "15,3"))
    ok(run("condition", path, "orc", "prone"))
    assert engaged(path, "hero") == [] and engaged(path, "orc") == []  # fallen: ended
    ok(run("next", path))
    r = ok(run("action", path, "orc", "stand-up", "--dice", "10,2", "--format", "json"))
    assert [e["attacker"] for e in aoos(r)] == ["hero"]  # the new R-ENG-1 event
    assert engaged(path, "hero") == ["orc"] and engaged(path, "orc") == ["hero"]
    assert not events(r, "Disengaged")


# -- R-ACT-12: dying and stable targets are helpless ----------------------------------------


def _hero_and_orc(run: Any, encounter: Any, orc_extra: str = "") -> Path:
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8+3"), init=5,
                extra="str_mod = 3\n"),
        warrior("orc", "orcs", (1, 0), defense=14, hp=20,
                extra="dex_mod = 1\ndodge = 1\n" + orc_extra)))
    roll_init(run, path, "20,1")
    return path


def test_R_ACT_12_an_attack_on_a_dying_target_is_against_a_helpless_one(
        run: Any, encounter: Any) -> None:
    for stable in (False, True):
        path = _hero_and_orc(run, encounter)
        ok(run("hp", path, "orc", "-22"))  # hp -2: dying
        if stable:
            ok(run("set", path, "orc", "status", '"stable"'))
        r = ok(run("attack", path, "hero", "orc", "--dice", "2,1", "--format", "json"))
        (roll,) = events(r, "AttackRolled")
        assert roll["defense"] == 14 - 1 - 1 - 5  # Dex 0: dex_mod and dodge lost, -5
        assert roll["roll"]["total"] == 2 + 5 + 4  # melee attacks against it +4
        assert roll["hit"] is True
        assert "(helpless)" in r.json()["text"]


def test_R_ACT_12_a_disabled_target_at_hp_0_is_not_helpless(run: Any, encounter: Any) -> None:
    path = _hero_and_orc(run, encounter)
    ok(run("hp", path, "orc", "-20"))  # hp 0: disabled, conscious
    r = ok(run("attack", path, "hero", "orc", "--dice", "2,1", "--format", "json"))
    (roll,) = events(r, "AttackRolled")
    assert roll["defense"] == 14 - 1 - 1  # flat-footed still (its turn is to come), no -5
    assert roll["roll"]["total"] == 2 + 5  # no +4


def test_R_CND_5_the_trip_touch_attack_on_a_helpless_target_gets_plus_4(
        run: Any, encounter: Any) -> None:
    path = _hero_and_orc(run, encounter)
    ok(run("condition", path, "orc", "helpless"))
    r = ok(run("action", path, "hero", "trip", "--target", "orc", "--dice", "3,10,5",
               "--format", "json"))
    (touch,) = events(r, "TouchAttackRolled")
    assert touch["roll"]["total"] == 3 + 5 + 4 and touch["defense"] == 10 - 5


# -- R-CIR-1: a hidden target cannot be tripped ---------------------------------------------


def test_R_CIR_1_trip_on_a_hidden_target_is_refused(run: Any, encounter: Any) -> None:
    path = _hero_and_orc(run, encounter)
    ok(run("condition", path, "orc", "hidden"))
    before = snapshot(path)
    for lang, words in (("en", "is hidden"), ("es", "está escondido")):
        r = run("action", path, "hero", "trip", "--target", "orc", "--dice", "10,10,5",
                "--lang", lang)
        assert r.code == 3 and "R-CIR-1" in r.err and words in r.err, r.err
        assert snapshot(path) == before


def test_R_CIR_1_full_attack_trip_on_a_hidden_target_rolls_the_declared_concealment(
        run: Any, encounter: Any) -> None:
    path = _hero_and_orc(run, encounter)
    ok(run("condition", path, "orc", "hidden"))
    r = ok(run("attack", path, "hero", "orc", "--full", "--trip", "--concealment", "total",
               "--dice", "15,30", "--format", "json"))
    (chance,) = events(r, "MissChanceRolled")
    assert chance["chance"] == 50 and not events(r, "TripChecked")  # 30 <= 50: it goes wide


# -- R-HP-7 / R-ACT-9: an unarmed strike written `nonlethal = false` -------------------------


def test_R_HP_7_an_unarmed_strike_with_nonlethal_false_deals_lethal_damage(
        run: Any, encounter: Any) -> None:
    fist = '[[combatants.weapons]]\nid = "fist"\nattack = 5\nunarmed = true\nnonlethal = false\n'
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), fist, init=5),
        warrior("orc", "orcs", (1, 0), defense=10, hp=20)))
    roll_init(run, path, "20,1")
    assert who(path, "hero")["weapons"][0]["nonlethal"] is False  # kept as written
    ok(run("attack", path, "hero", "orc", "--dice", "15,2", "--no-aoo", "orc"))
    orc = who(path, "orc")
    assert orc["hp"] == 18 and not orc.get("nonlethal")


# -- R-RDY-1 / R-OUT-5: a readied row of the table is named ---------------------------------


def test_R_RDY_1_a_readied_table_row_is_narrated_by_its_name_in_both_languages(
        run: Any, encounter: Any) -> None:
    path = _hero_and_orc(run, encounter)
    r = ok(run("ready", path, "hero", "action", "total-defense", "--when", "acts:orc"))
    assert "Hero readies total defense." in r.out
    assert "ready: total defense" in ok(run("show", path)).out
    assert "preparado: defensa total" in ok(run("show", path, "--lang", "es")).out
    r = ok(run("log", path, "--last", "1", "--lang", "es"))
    assert "prepara defensa total" in r.out and "total-defense" not in r.out


# -- R-LOG-8 / R-OUT-5: verify --posts names records in the reader's language ---------------


def test_R_LOG_8_verify_posts_in_spanish_names_the_unposted_command_in_spanish(
        run: Any, encounter: Any, tmp_path: Path) -> None:
    path = _hero_and_orc(run, encounter)
    posts = [ok(run("next", path)).out]
    ok(run("attack", path, "orc", "hero"))  # rolled, never posted
    posts.append(ok(run("next", path)).out)
    thread = tmp_path / "thread.txt"
    thread.write_text("\n".join(posts), encoding="utf-8")
    r = run("verify", path, "--posts", thread, "--lang", "es")
    assert r.code == 3
    assert "(ataque)" in r.out and "(attack)" not in r.out, r.out
    r = run("verify", path, "--posts", thread)
    assert r.code == 3 and "(attack)" in r.out


# -- SPEC exit codes: an ended combat ---------------------------------------------------------


def test_R_PAC_4_when_all_declared_on_an_ended_combat_is_refused_as_resolve_is(
        run: Any, encounter: Any) -> None:
    path = started(run, encounter)
    ok(run("end", path, now=at(1)))
    before = snapshot(path)
    for extra in ((), ("--if-idle", "1h")):
        r = run("resolve", path, "--when-all-declared", *extra, now=at(2))
        assert r.code == 3 and "R-TRN-6" in r.err
        assert snapshot(path) == before


# -- R-OUT-5: a duration in natural words ----------------------------------------------------


def test_R_OUT_5_a_duration_of_several_turns_reads_as_an_ordinal(
        run: Any, encounter: Any) -> None:
    path = _hero_and_orc(run, encounter)
    cases = [("2", "en", "until the start of Hero's 2nd turn from now"),
             ("3", "en", "until the start of Hero's 3rd turn from now"),
             ("11", "en", "until the start of Hero's 11th turn from now"),
             ("21", "en", "until the start of Hero's 21st turn from now"),
             ("2", "es", "hasta el inicio del 2.º turno de Hero a partir de ahora")]
    for rounds, lang, words in cases:
        r = ok(run("condition", path, "orc", "shaken", "--rounds", rounds, "--of", "hero",
                   "--lang", lang))
        assert words in r.out, r.out
        assert "turns from now" not in r.out


def test_R_TRN_6_orders_and_absent_on_an_ended_combat_are_refused(
        run: Any, encounter: Any) -> None:
    path = started(run, encounter)
    ok(run("end", path, now=at(1)))
    before = snapshot(path)
    for args in (("orders", path, "gob", "attack-nearest"),
                 ("absent", path, "ann", "--until", "1d")):
        r = run(*args, now=at(2))
        assert r.code == 3 and "R-TRN-6" in r.err, args
        assert snapshot(path) == before


# -- R-CIR-2 / R-ORD-1: standing orders and a hidden enemy ----------------------------------


def test_R_CIR_2_standing_orders_pass_over_a_hidden_enemy_for_one_they_can_attack(
        run: Any, encounter: Any) -> None:
    path = encounter(build(
        warrior("aldric", "party", (2, 2), melee("sword", 5, "1d8+3"), hp=30),
        warrior("mira", "party", (4, 3), melee("club", 2, "1d6"), hp=30),
        warrior("orc", "orcs", (3, 2), melee("axe", 4, "1d12+3"), init=5, hp=40,
                extra='orders = "attack-nearest"\n')))
    roll_init(run, path, "20,2,1")
    ok(run("condition", path, "aldric", "hidden"))  # the nearer one, first in file order
    r = ok(run("resolve", path, "--dice", "5,5,5", "--format", "json"))
    assert [e["target"] for e in events(r, "AttackRolled")] == ["mira"]


# -- R-RDY-5 / R-OUT-5: a declared readied plan is told, its trigger is not -----------------


def test_R_RDY_5_a_declared_ready_names_its_plan_but_not_its_trigger(
        run: Any, encounter: Any) -> None:
    path = _hero_and_orc(run, encounter)
    r = ok(run("declare", path, "hero", "ready", "attack", "any", "--when", "within:2"))
    assert "Hero declares: ready an attack on whoever sets it off" in r.out
    assert "within" not in body(r.out) and "2 squares" not in body(r.out)
    r = ok(run("declare", path, "hero", "ready", "move", "0,1", "--when", "acts:orc",
               "--lang", "es"))
    assert "Hero declara: preparar un movimiento a (0,1)" in r.out
    assert "Orc" not in body(r.out).split("sustituye")[0].split("declara:")[1]  # acts:orc


def test_R_OUT_5_a_declared_charge_or_approach_says_so_in_both_languages(
        run: Any, encounter: Any) -> None:
    path = _hero_and_orc(run, encounter)
    r = ok(run("declare", path, "hero", "attack", "orc", "--charge", "--else", "attack", "orc",
               "--approach", "--weapon", "sword"))
    assert "Hero declares: charge and attack Orc; if not, close in and attack Orc with sword" \
        in r.out
    r = ok(run("declare", path, "hero", "attack", "orc", "--approach", "--lang", "es"))
    assert "Hero declara: acercarse y atacar a Orc" in r.out


# -- R-CIR-2 / R-CND-10: what is named beside a Defense --------------------------------------


def test_R_CIR_2_cover_is_named_beside_a_defense_only_against_a_ranged_attack(
        run: Any, encounter: Any) -> None:
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8"), ranged("bow", 5, "1d8"),
                init=5),
        warrior("orc", "orcs", (1, 0), defense=12, hp=30)))
    roll_init(run, path, "20,1")
    ok(run("condition", path, "orc", "cover"))
    ok(run("condition", path, "orc", "shield-of-faith", "--defense", "2"))
    r = ok(run("attack", path, "hero", "orc", "--weapon", "sword", "--dice", "10,3",
               "--dry-run", "--format", "json"))
    (roll,) = events(r, "AttackRolled")
    assert roll["defense"] == 14 and "in cover" not in r.json()["text"]
    assert "shield of faith)" in r.json()["text"]  # R-CND-10: named as a table row is
    r = ok(run("attack", path, "hero", "orc", "--weapon", "bow", "--dice", "10,3",
               "--dry-run", "--format", "json"))
    (roll,) = events(r, "AttackRolled")
    assert roll["defense"] == 18 and "in cover, shield of faith)" in r.json()["text"]


# -- R-ORD-6: a plan cut short says why ------------------------------------------------------


def test_R_ORD_6_a_declared_plan_cut_short_says_why_in_both_languages(
        run: Any, encounter: Any) -> None:
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8"), init=5),
        warrior("orc", "orcs", (6, 0), hp=30, extra='orders = "skip"\n')))
    roll_init(run, path, "20,1")
    ok(run("declare", path, "hero", "move", "0,1", "then", "attack", "orc"))
    r = ok(run("resolve", path))
    assert "Hero's plan stops at act 2: no weapon of Hero reaches Orc." in r.out
    ok(run("undo", path))
    r = ok(run("resolve", path, "--lang", "es"))
    assert "El plan de Hero se detiene en el acto 2: ningún arma de Hero alcanza a Orc." \
        in r.out


def test_R_ORD_4_an_order_cut_short_tells_its_reason_to_the_gm_only(
        run: Any, encounter: Any) -> None:
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8"), init=5,
                extra='orders = ["move 0,1 then attack orc"]\n'),
        warrior("orc", "orcs", (6, 0), hp=30, extra='orders = "skip"\n')))
    roll_init(run, path, "20,1")
    r = ok(run("resolve", path, "--dry-run", "--format", "json"))
    (cut,) = events(r, "PlanCut")
    assert "key" not in cut and "act" not in cut  # players never see an order
    assert "Hero's plan stops at act 2: no longer legal." in r.json()["text"]
    r = ok(run("resolve", path, "--dry-run", "--gm"))
    assert "stops at act 2 (attack orc): no weapon of Hero reaches Orc." in r.out
