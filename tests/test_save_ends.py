"""R-CND-6: "save ends" and ongoing damage; the condition save modifiers (R-CND-5) on R-ACT-3
and R-CND-6 saves. Dice only through --dice."""

from __future__ import annotations

from helpers import build, doc, events, melee, ok, roll_init, snapshot, warrior, who

ORC = "dex_mod = 0\nsaves = { fort = 1, ref = 2, will = 0 }\n"


def _hero_and_orc(encounter, orc_extra=""):  # type: ignore[no-untyped-def]
    return encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8+3"), init=2, defense=15,
                extra='gender = "f"\n'),
        warrior("orc", "monsters", (1, 0), melee("axe", 4, "1d12+2"), defense=13, hp=30,
                extra=ORC + orc_extra)))


def _hero_turn(run, encounter, orc_extra=""):  # type: ignore[no-untyped-def]
    path = _hero_and_orc(encounter, orc_extra)
    roll_init(run, path, "15,3")  # hero first, then the orc
    return path


def _next(run, path, dice="", lang="en"):  # type: ignore[no-untyped-def]
    args = ["next", path, "--format", "json", "--lang", lang]
    if dice:
        args += ["--dice", dice]
    return ok(run(*args))


def test_R_CND_6_save_success_at_the_end_of_the_holders_turn_ends_it(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter)
    ok(run("condition", path, "orc", "entangled", "--save", "ref:15"))
    assert who(path, "orc")["conditions"]["entangled"] == {"save": "ref:15"}
    r = _next(run, path)  # the hero's turn ends: not the holder's, no save
    assert events(r, "SaveRolled") == []
    r = _next(run, path, "13")  # the orc's turn ends: 13 + 2 = 15 ≥ 15
    (save,) = events(r, "SaveRolled")
    assert (save["save"], save["against"], save["roll"]["total"], save["success"]) == \
        ("ref", "entangled", 15, True)
    assert "entangled" not in who(path, "orc").get("conditions", {})
    assert "the save ends it" in r.json()["text"]


def test_R_CND_6_save_failure_keeps_it_and_rolls_again_next_turn(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter)
    ok(run("condition", path, "orc", "entangled", "--save", "ref:15"))
    _next(run, path)
    r = _next(run, path, "12", lang="es")  # 12 + 2 = 14 < 15
    (save,) = events(r, "SaveRolled")
    assert save["success"] is False
    assert "entangled" in who(path, "orc")["conditions"]
    assert "Salvación de Reflejos de Orc contra enredado" in r.json()["text"]
    _next(run, path)  # the hero's turn
    r = _next(run, path, "20")  # natural 20 always saves
    assert events(r, "SaveRolled")[0]["success"] is True


def test_R_CND_6_natural_1_fails_whatever_the_bonus(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter)
    ok(run("condition", path, "orc", "dazzled", "--save", "fort:-5"))
    _next(run, path)
    r = _next(run, path, "1")
    assert events(r, "SaveRolled")[0]["success"] is False
    assert "dazzled" in who(path, "orc")["conditions"]


def test_R_CND_6_a_skipped_turn_rolls_its_save(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter)
    ok(run("condition", path, "orc", "paralyzed", "--save", "will:10"))
    r = _next(run, path, "10")  # the orc's turn is skipped (paralyzed) and counts
    types = [e["type"] for e in events(r)]
    assert "TurnSkipped" in types and "SaveRolled" in types
    assert types.index("TurnSkipped") < types.index("SaveRolled")
    assert "paralyzed" not in who(path, "orc").get("conditions", {})
    assert doc(path)["state"]["turn"] == "hero"


def test_R_CND_6_ongoing_damage_at_the_start_of_the_holders_turn(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter)
    ok(run("condition", path, "orc", "on-fire", "--damage", "1d6"))
    r = _next(run, path, "4")
    (burn,) = events(r, "OngoingDamageRolled")
    assert (burn["condition"], burn["roll"]["total"]) == ("on-fire", 4)
    assert who(path, "orc")["hp"] == 26
    types = [e["type"] for e in events(r)]
    assert types.index("OngoingDamageRolled") < types.index("TurnStarted")


def test_R_CND_6_ongoing_damage_across_a_skipped_turn(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter)
    ok(run("condition", path, "orc", "stunned"))
    ok(run("condition", path, "orc", "bleeding", "--damage", "2"))
    r = _next(run, path)  # the orc's turn is skipped: it still bleeds
    assert who(path, "orc")["hp"] == 28
    assert [e["type"] for e in events(r)].count("TurnSkipped") == 1
    assert doc(path)["state"]["turn"] == "hero"
    _next(run, path)
    assert who(path, "orc")["hp"] == 26


def test_R_CND_6_ongoing_energy_damage_meets_resistance_and_immunity(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter, "resist = { fire = 3 }\nimmune = [\"acid\"]\n")
    ok(run("condition", path, "orc", "on-fire", "--damage", "1d6", "--energy", "fire"))
    ok(run("condition", path, "orc", "acid", "--damage", "1d6", "--energy", "acid"))
    r = _next(run, path, "5,6")  # fire 5 − 3 = 2; acid: immune
    assert [e["roll"]["total"] for e in events(r, "OngoingDamageRolled")] == [5, 6]
    assert who(path, "orc")["hp"] == 28
    assert "5 − 3 (fire resistance) = 2" in r.json()["text"]


def test_R_CND_6_temporary_hp_absorb_ongoing_damage(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter)
    ok(run("hp", path, "orc", "+3", "--temp"))
    ok(run("condition", path, "orc", "on-fire", "--damage", "5"))
    _next(run, path)
    assert (who(path, "orc")["hp"], who(path, "orc").get("temp_hp", 0)) == (28, 0)


def test_R_CND_6_rounds_and_save_whichever_ends_it_first(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter)
    ok(run("condition", path, "orc", "on-fire", "--damage", "1", "--save", "ref:30",
           "--rounds", "1", "--of", "orc", "--ends", "end"))
    r = _next(run, path, "5")  # it burns, then its duration ends at the end of the turn...
    assert who(path, "orc")["hp"] == 29
    r = _next(run, path)  # ... before its save would be rolled
    assert events(r, "SaveRolled") == []
    assert "on-fire" not in who(path, "orc").get("conditions", {})


def test_R_CND_6_several_saves_in_the_order_the_conditions_were_put_on(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter)
    ok(run("condition", path, "orc", "sickened", "--save", "fort:10"))
    ok(run("condition", path, "orc", "dazzled", "--save", "will:10"))
    _next(run, path)
    r = _next(run, path, "5,12")
    saves = events(r, "SaveRolled")
    assert [(s["against"], s["save"]) for s in saves] == [("sickened", "fort"),
                                                          ("dazzled", "will")]
    # both take sickened's −2 (the saved-against one's included): 4 fails, 10 saves
    assert [s["roll"]["total"] for s in saves] == [5 + 1 - 2, 12 + 0 - 2]
    assert list(who(path, "orc")["conditions"]) == ["sickened"]


def test_R_CND_5_save_modifiers_on_R_ACT_3_saves(run, encounter):  # type: ignore[no-untyped-def]
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8+3"), init=2, defense=15,
                extra='[[combatants.actions]]\nid = "hold"\nsave = "will"\ndc = 12\n'
                      'condition = "paralyzed"\n'),
        warrior("orc", "monsters", (1, 0), melee("axe", 4, "1d12+2"), defense=13, hp=30,
                extra=ORC)))
    roll_init(run, path, "15,3")
    ok(run("condition", path, "orc", "shaken"))
    ok(run("condition", path, "orc", "frightened"))
    r = ok(run("action", path, "hero", "hold", "--target", "orc", "--dice", "15",
               "--format", "json"))
    (save,) = events(r, "SaveRolled")
    assert save["roll"]["total"] == 15 - 2 - 2
    assert {"value": -2, "note": "shaken"} in save["roll"]["mods"]
    assert save["success"] is False


def test_R_CND_6_file_keys_written_back_only_when_set_and_undone(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter)
    ok(run("condition", path, "orc", "prone"))
    assert who(path, "orc")["conditions"]["prone"] == {}
    before = snapshot(path)
    ok(run("condition", path, "orc", "on-fire", "--damage", "1d6", "--energy", "fire",
           "--save", "ref:15", "--rounds", "3"))
    entry = who(path, "orc")["conditions"]["on-fire"]
    assert entry == {"ends": "start", "of": "hero", "turns": 3, "save": "ref:15",
                     "damage": "1d6", "energy": "fire"}
    ok(run("undo", path))
    assert snapshot(path)[0] == before[0]


def test_R_CND_6_bad_options_are_exit_2_and_change_nothing(run, encounter):  # type: ignore[no-untyped-def]
    path = _hero_turn(run, encounter)
    before = snapshot(path)
    for args, word in ((["--save", "wil:15"], "--save"), (["--damage", "1dx"], "--damage"),
                       (["--energy", "fire"], "--energy"),
                       (["--damage", "1d6", "--energy", "heat"], "energy")):
        r = run("condition", path, "orc", "on-fire", *args)
        assert r.code == 2, (args, r.out, r.err)
        assert word in r.err
    assert snapshot(path) == before


def test_R_CND_6_bad_file_keys_are_65_with_their_path(run, encounter):  # type: ignore[no-untyped-def]
    for entry, word in (('{ save = "wil:15" }', "save"), ('{ damage = "1dx" }', "damage"),
                        ('{ energy = "fire" }', "energy"), ('{ attack = "1" }', "attack"),
                        ('{ by = "Not An Id" }', "by")):
        path = _hero_and_orc(encounter, f"conditions = {{ on-fire = {entry} }}\n")
        r = run("show", path)
        assert r.code == 65, (entry, r.out, r.err)
        assert "conditions" in r.err and word in r.err, r.err


def test_R_CND_6_action_condition_save_and_damage_repeat(run, encounter):  # type: ignore[no-untyped-def]
    flask = ('[[combatants.actions]]\nid = "oil"\nsave = "ref"\ndc = 15\ndamage = "1d6"\n'
             'energy = "fire"\ncondition = "on-fire"\ncondition_save = true\n'
             'condition_damage = "1d4"\n')
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), melee("sword", 5, "1d8+3"), init=2, defense=15,
                extra=flask),
        warrior("orc", "monsters", (1, 0), melee("axe", 4, "1d12+2"), defense=13, hp=30,
                extra=ORC)))
    roll_init(run, path, "15,3")
    ok(run("action", path, "hero", "oil", "--target", "orc", "--dice", "5,4"))
    entry = who(path, "orc")["conditions"]["on-fire"]
    assert entry == {"save": "ref:15", "damage": "1d4", "energy": "fire"}
    assert who(path, "orc")["hp"] == 26
    r = _next(run, path, "3,13")  # the orc burns 3 at its turn start ...
    assert who(path, "orc")["hp"] == 23
    r = _next(run, path, "13")  # ... and saves at its end: 13 + 2 = 15
    assert events(r, "SaveRolled")[0]["success"] is True
    assert "on-fire" not in who(path, "orc").get("conditions", {})


def test_R_CND_6_condition_save_without_save_and_dc_is_65(run, encounter):  # type: ignore[no-untyped-def]
    bad = '[[combatants.actions]]\nid = "oil"\ncondition = "on-fire"\ncondition_save = true\n'
    path = encounter(build(warrior("hero", "heroes", (0, 0), extra=bad),
                           warrior("orc", "monsters", (1, 0))))
    r = run("show", path)
    assert r.code == 65 and "condition_save" in r.err, r.err


def test_R_CND_5_one_condition_on_several_agrees_in_number_and_gender(run, encounter):  # type: ignore[no-untyped-def]
    path = encounter(build(
        warrior("hero", "heroes", (0, 0), init=2, extra='gender = "f"\n'),
        warrior("snag", "monsters", (3, 0)), warrior("nit", "monsters", (4, 0)),
        warrior("ana", "monsters", (5, 0), extra='gender = "f"\n'),
        warrior("eva", "monsters", (6, 0), extra='gender = "f"\n')))
    text = ok(run("condition", path, "snag,nit", "entangled", "--lang", "es")).out
    assert "Snag y Nit quedan enredados (sin límite de tiempo)." in text
    text = ok(run("condition", path, "ana,eva", "prone", "--lang", "es")).out
    assert "Ana y Eva quedan derribadas" in text
    text = ok(run("condition", path, "hero,snag", "concealed", "--lang", "es")).out
    assert "Hero y Snag quedan ocultos a medias" in text
    text = ok(run("condition", path, "snag,nit,ana", "cover")).out
    assert "Snag, Nit and Ana are in cover (until removed)." in text
