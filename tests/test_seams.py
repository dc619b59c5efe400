"""Regressions for the seams review (issue 11): option checks, value classes without traps,
Spanish only in the catalogue, one "combat has ended" guard."""

from __future__ import annotations

import ast
import hashlib
import json
import re
from pathlib import Path
from typing import Any, ClassVar

import pytest
from helpers import build, doc, fighter, ok, refused, snapshot, state

from pbwcombat import actions as a
from pbwcombat.errors import UsageError
from pbwcombat.frozen import Value
from pbwcombat.model import Rules, Weapon
from pbwcombat.schema import BOOL, Record
from pbwcombat.service import Options, action_digest, same_arguments

PACKAGE = Path(__file__).resolve().parent.parent / "pbwcombat"


def _two(encounter: Any) -> Path:
    return encounter(build(fighter("ann", "pcs", (0, 0)), fighter("orc", "orcs", (1, 0))))


# -- options checked before anything runs --------------------------------------------------


@pytest.mark.parametrize("args", [
    ("log", "{f}", "--lang", "xx"),
    ("log", "{f}", "--format", "xx"),
    ("undo", "{f}", "--format", "xx"),
    ("undo", "{f}", "--lang", "xx"),
    ("validate", "{f}", "--format", "xx"),
    ("verify", "{f}", "--format", "xx"),
    ("dice", "reveal", "{f}", "--force", "--format", "xx"),
    ("dice", "reveal", "{f}", "--force", "--lang", "xx"),
])
def test_an_unknown_format_or_language_is_a_usage_error(run: Any, encounter: Any,
                                                       args: tuple[str, ...]) -> None:
    path = _two(encounter)
    ok(run("roll-initiative", path, "--dice", "15,5"))
    before = snapshot(path)
    r = run(*(str(path) if a == "{f}" else a for a in args))
    assert r.code == 2, (r.code, r.err)
    assert "xx" in r.err and "internal error" not in r.err
    assert snapshot(path) == before  # `undo --format xx` undid nothing


# -- Value and Record: frozen, equal values hash equal, fields declared once ----------------


class Point(Value):
    x: int
    y: int = 0
    LIMIT: ClassVar[int] = 10


def test_value_fields_skip_class_variables() -> None:
    assert Point._fields == ("x", "y")
    assert Point(1) == Point(1, 0) and Point.LIMIT == 10


def test_a_value_field_cannot_be_deleted_or_set() -> None:
    p = Point(1, 2)
    with pytest.raises(AttributeError):
        del p.x
    with pytest.raises(AttributeError):
        p.x = 3  # type: ignore[misc]
    assert p.x == 1


def test_a_value_subclass_cannot_declare_a_field_twice() -> None:
    with pytest.raises(TypeError, match="already declared"):
        class Point3(Point):
            x: int  # type: ignore[misc]


def test_equal_values_hash_equal() -> None:
    assert len({Point(1, 2), Point(1, 2)}) == 1


def test_equal_records_are_one_item_in_a_set() -> None:
    a = Rules.new()
    b = Rules.new()
    assert a == b and a is not b
    assert hash(a) == hash(b) and len({a, b}) == 1
    assert Rules.new(death_at=-5) not in {a}
    w = Weapon.new(damage="1d6")
    assert hash(w) == hash(Weapon.new(damage="1d6"))


def test_record_annotations_and_fields_must_agree() -> None:
    with pytest.raises(TypeError, match="annotations and FIELDS differ"):
        class Broken(Record):
            a: bool
            FIELDS = {"a": (BOOL, True), "b": (BOOL, False)}
    with pytest.raises(TypeError, match="annotations and FIELDS differ"):
        class Unlisted(Record):
            a: bool
            b: bool
            FIELDS = {"a": (BOOL, True)}


def test_every_record_in_the_model_declares_its_fields_consistently() -> None:
    from pbwcombat import model

    records = [c for c in vars(model).values()
               if isinstance(c, type) and issubclass(c, Record) and c is not Record]
    assert len(records) >= 6
    for cls in records:
        annotated = {n for n in cls.__annotations__ if not n.startswith("_")}
        assert annotated == set(cls.FIELDS), cls.__name__


# -- Spanish only in the catalogue ----------------------------------------------------------

SPANISH = re.compile(r"[áéíóúñÁÉÍÓÚÑ¿¡]")


def _strings_and_lang_tables(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and SPANISH.search(node.value):
            found.append(f"{path.name}:{node.lineno}: {node.value[:40]!r}")
        if isinstance(node, ast.Dict) and any(
                isinstance(k, ast.Constant) and k.value == "es" for k in node.keys):
            found.append(f"{path.name}:{node.lineno}: a table keyed by language")
    return found


def test_spanish_lives_only_in_the_catalogue() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent.name != "catalog":  # render/catalog/es.py, foreign.py
            offenders += _strings_and_lang_tables(path)
    assert offenders == []


@pytest.mark.parametrize("lang, word", [("es", "Leyenda"), ("en", "Legend")])
def test_the_map_legend_comes_from_the_catalogue(run: Any, encounter: Any, lang: str,
                                                 word: str) -> None:
    path = _two(encounter)
    assert word in ok(run("map", path, "--lang", lang)).out


@pytest.mark.parametrize("lang, words", [("es", ("Paso 1", "Deshecho")),
                                         ("en", ("Command 1", "Undone"))])
def test_log_and_undo_posts_come_from_the_catalogue(run: Any, encounter: Any, lang: str,
                                                    words: tuple[str, str]) -> None:
    path = _two(encounter)
    ok(run("roll-initiative", path, "--dice", "15,5"))
    assert words[0] in ok(run("log", path, "--lang", lang)).out
    assert words[1] in ok(run("undo", path, "--lang", lang)).out


# -- R-TRN-6: one guard ---------------------------------------------------------------------


def test_R_TRN_6_the_combat_has_ended_is_said_in_one_place() -> None:
    sayers = [p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py")
              if '"combat_has_ended"' in p.read_text(encoding="utf-8")]
    assert sayers == ["engine.py"]


@pytest.mark.parametrize("args", [
    ("next",), ("end",), ("roll-initiative",), ("hp", "orc", "-1"), ("remove", "orc"),
    ("declare", "ann", "attack", "orc"), ("attack", "ann", "orc"), ("delay", "ann"),
    ("move", "ann", "0,1"), ("resolve",),
])
def test_R_TRN_6_every_command_is_refused_once_the_combat_has_ended(
        run: Any, encounter: Any, args: tuple[str, ...]) -> None:
    path = _two(encounter)
    ok(run("roll-initiative", path, "--dice", "15,5"))
    ok(run("end", path))
    r = refused(run, path, "R-TRN-6", args[0], path, *args[1:])
    assert "the combat has ended" in r.err


# -- actions read and write their command line (from_argv / to_argv) -------------------------


SAMPLES = [
    a.RollInitiative(), a.RollInitiative(True), a.Next(), a.Next("48h"), a.Delay("ann"),
    a.Act("ann"),
    a.End(), a.Remove("orc"), a.Hp(("orc", "gob"), "-2d6"), a.Hp(("ann",), "+3"),
    a.FreeRoll("1d20+4"), a.FreeRoll("1d20", "ann", "Spot check"),
    a.Attack("ann", "orc"), a.Attack("ann", "orc", "axe", -2, "forfeit", True),
    a.Move("ann", ((1, 2), (-1, 3))), a.Move("ann", ((0, 1),), step=True),
    a.Move("ann", away=True, to_cover=True), a.Disengage("ann"),
    a.Disengage("ann", (-1, 2), True), a.Intercept("tom", "ann"), a.DiceCommit(),
    a.DiceSalt("4817"), a.Declare("ann", ("attack", "orc", "--mod", "2")),
    a.ClearDeclaration("ann"), a.Resolve(), a.SetCondition(("ann", "orc"), "prone"),
    a.SetCondition(("orc",), "paralyzed", 2, "end", "ann"),
    a.SetCondition(("orc",), "prone", remove=True), a.StandUp("ann"),
    a.Attack("ann", "orc", no_aoo=("gob",), no_intercept=("tom",)),
    a.FullAttack("ann", ("orc", "gob")), a.FullAttack("ann", ("orc",), "axe", 1, "forfeit"),
    a.Move("ann", ((0, 6),), withdraw=True, no_aoo=("orc", "gob")),
    a.Disengage("ann", (1, 1), no_intercept=("tom",)),
    a.TakeAction("ann", ("sleep",), ("orc", "gob")), a.TakeAction("ann", ("stand-up",)),
    a.TakeAction("ann", text="draws a dagger", cost="move", provokes=True, no_aoo=("orc",)),
    a.Add(("gob",), like="orc", count=2, name="Goblin", at=((1, 2), (-3, 4)), initiative=True),
    a.Add(("lia",), source="party.toml", at=((0, 1),), roster='[{"id":"lia"}]'),
    a.SetValue("orc", "weapons.axe.attack", "6"), a.SetValue("rules", "engagement", "false"),
    a.Ready("ann", ("attack", "any", "--weapon", "bow"), "enters:3,3;4,4"),
    a.Ready("ann", ("move", "-1,2"), "moves:orc,gob"), a.Ready("ann", clear=True),
    a.Move("ann", ((4, 4),), find_path=True),
    a.Absent("ann", "3d"), a.Absent("ann", clear=True), a.Remind(), a.Remind("12h"),  # R-PAC
    a.Resolve(when_all_declared=True),
    a.SetOrders("ann", ("hp < 30% -> action potion --target self", "attack-nearest")),
    a.SetOrders("ann", clear=True), a.Attack("ann", "orc", approach=True),  # R-ORD-4/7
    a.FullAttack("ann", ("orc",), approach=True),
]


def test_every_action_class_has_a_sample() -> None:
    kinds = {type(x) for x in SAMPLES}
    assert kinds == {c for c in vars(a).values() if isinstance(c, type)
                     and issubclass(c, a.Action) and c is not a.Action}


@pytest.mark.parametrize("action", SAMPLES, ids=repr)
def test_from_argv_reads_back_what_to_argv_writes(action: a.Action) -> None:
    argv = a.to_argv(action)
    assert all(isinstance(w, str) for w in argv)
    assert a.from_argv(argv) == action
    assert a.to_argv(a.from_argv(argv)) == argv


def test_to_argv_is_the_command_line() -> None:
    assert a.to_argv(a.Attack("aldric", "snag", "longsword")) == (
        "attack", "aldric", "snag", "--weapon", "longsword")
    assert a.to_argv(a.Move("mira", ((2, 3), (-1, 3)), run=True)) == (
        "move", "mira", "2,3", "-1,3", "--run")
    assert a.to_argv(a.Hp(("grak", "nit"), "-2d6")) == ("hp", "grak,nit", "-2d6")
    assert a.to_argv(a.DiceSalt("4817")) == ("dice", "salt", "4817")


@pytest.mark.parametrize("argv", [
    ("attack", "ann"), ("attack", "ann", "orc", "--mod", "x"),
    ("attack", "ann", "orc", "--on-intercept", "maybe"), ("attack", "ann", "orc", "--bogus"),
    ("move", "ann", "3"), ("disengage", "ann", "--to"), ("fly", "ann"), ("hp", ",", "-1"),
    ("declare", "ann", "attack", "orc", "--clear"),
])
def test_from_argv_refuses_what_the_command_would(argv: tuple[str, ...]) -> None:
    with pytest.raises(UsageError):
        a.from_argv(argv)


def test_the_key_digest_is_the_command_line_not_the_repr() -> None:
    action = a.Attack("ann", "orc", "axe")
    opts = Options(supplied=(15, 5))
    expected = json.dumps(["attack", ["attack", "ann", "orc", "--weapon", "axe"], [15, 5],
                           False, None, None])
    assert action_digest("attack", action, opts) == hashlib.sha256(expected.encode()).hexdigest()


def test_a_key_stored_by_0_1_is_still_honoured() -> None:
    action = a.Attack("ann", "orc")
    opts = Options()
    old = json.dumps(["attack", repr(action), [], False, None, None])
    record = {"digest": hashlib.sha256(old.encode()).hexdigest()}
    assert same_arguments(record, "attack", action, opts)
    assert not same_arguments(record, "attack", a.Attack("ann", "orc", mod=1), opts)


def test_declare_queues_the_canonical_command_line(run: Any, encounter: Any) -> None:
    path = _two(encounter)
    ok(run("roll-initiative", path, "--dice", "15,5"))
    ok(run("declare", path, "ann", "attack", "orc", "--mod", "+2", "--weapon", "sword"))
    assert state(path)["declarations"]["ann"] == ["attack", "orc", "--weapon", "sword",
                                                  "--mod", "2"]


def test_declare_with_an_unknown_option_is_a_usage_error(run: Any, encounter: Any) -> None:
    path = _two(encounter)
    ok(run("roll-initiative", path, "--dice", "15,5"))
    before = snapshot(path)
    r = run("declare", path, "ann", "move", "0,1", "--fly")
    assert r.code == 2 and "--fly" in r.err
    assert snapshot(path) == before


# -- the command line holds no rules -----------------------------------------------------------


def test_cli_refuses_nothing_by_a_rule_of_its_own() -> None:
    """Rule refusals (IllegalAction) are raised in rules/, never in the cli package."""
    assert "IllegalAction(" not in _cli_text()


def _cli_text() -> str:
    return "".join(p.read_text(encoding="utf-8") for p in sorted((PACKAGE / "cli").glob("*.py")))


def test_R_LOG_3_the_verify_and_reveal_reports_are_made_by_the_library() -> None:
    """The cli package only prints: the verify report (its lines, JSON keys, the default seed) and
    the reveal lines are built in pbwcombat/verify.py, where a test can call them."""
    import tomllib

    from pbwcombat.document import from_document
    from pbwcombat.errors import Message
    from pbwcombat.model import DiceState
    from pbwcombat.verify import Report, reveal_post, verify_post

    cli = _cli_text()
    for built_there in ("records checked", "commitment_of", "FAILED", "last_seed", "first_failure"):
        assert built_there not in cli
    enc = from_document(tomllib.loads(build(fighter("ann", "party"))))
    report = Report(records=2, generated=3)
    report.fail(Message("at_record", seq=2), "changed")
    text = verify_post(report, enc, None)
    assert "records checked: 2" in text and "\nFAILED record 2: changed\n\n" in text
    assert text.splitlines()[-1].startswith("Verdict: FAILED")
    shown = json.loads(verify_post(report, enc, "json"))
    assert shown["ok"] is False and shown["first_failure"] == "record 2: changed"
    assert shown["text"] == text and report.refusal().message.startswith("R-LOG-3: ")
    seed = "ab" * 32
    revealed = json.loads(reveal_post(DiceState.new(seed=seed), 7, "json"))
    assert revealed["version"] == 7 and revealed["seed"] == seed
    assert revealed["commitment"] == hashlib.sha256(bytes.fromhex(seed)).hexdigest()


def test_R_DIC_2_the_seed_is_revealed_only_after_the_combat(run: Any, encounter: Any) -> None:
    path = _two(encounter)
    ok(run("roll-initiative", path, "--dice", "15,5"))
    r = refused(run, path, "R-DIC-2", "dice", "reveal", path)
    assert "--force" in r.err
    assert "seed " in ok(run("dice", "reveal", path, "--force")).out
    ok(run("end", path))
    assert "seed " in ok(run("dice", "reveal", path)).out


# -- evolve folds facts; the rules decide (R-TRN-5, R-DIS-5/6, R-AOO-4, R-ENG-4) ---------------


def _types(r: Any) -> list[str]:
    return [e["type"] for e in r.json()["events"]]


def _ann_beside_orc(encounter: Any) -> Path:
    path: Path = encounter(build(fighter("ann", "pcs", (0, 0), hp=30),
                                 fighter("orc", "orcs", (1, 0), hp=30)))
    return path


def test_R_TRN_5_the_rule_ends_flat_footedness_at_a_regular_turn_start(run: Any,
                                                                        encounter: Any) -> None:
    path = _ann_beside_orc(encounter)
    r = ok(run("roll-initiative", path, "--dice", "5,15", "--format", "json"))
    assert _types(r)[-2:] == ["FlatFootedEnded", "TurnStarted"]
    assert r.json()["events"][-2]["who"] == "orc"
    people = {c["id"]: c for c in state_people(path)}
    assert people["orc"].get("flat_footed") is False and people["ann"].get("flat_footed")


def state_people(path: Path) -> list[dict[str, Any]]:
    return list(doc(path)["combatants"])


def test_R_DIS_5_a_failed_attempt_raises_the_streak_by_an_event(run: Any,
                                                                 encounter: Any) -> None:
    path = _ann_beside_orc(encounter)
    ok(run("roll-initiative", path, "--dice", "5,15"))
    ok(run("attack", path, "orc", "ann", "--dice", "10,3"))
    ok(run("next", path))
    r = ok(run("disengage", path, "ann", "--dice", "1,20", "--format", "json"))
    streaks = [e for e in r.json()["events"] if e["type"] == "StreakSet"]
    assert streaks == [{"type": "StreakSet", "who": "ann", "streak": 1}]
    assert {c["id"]: c for c in state_people(path)}["ann"]["disengage_streak"] == 1


def test_R_AOO_4_the_rule_spends_the_aoo_for_the_round(run: Any, encounter: Any) -> None:
    path: Path = encounter(build(fighter("ann", "pcs", (0, 0), hp=30),
                                 fighter("gob", "orcs", (1, 1), hp=30)))
    ok(run("roll-initiative", path, "--dice", "5,15"))  # gob first: no longer flat-footed
    ok(run("next", path))
    r = ok(run("move", path, "ann", "0,3", "--dice", "2,1", "--format", "json"))
    used = [e for e in r.json()["events"] if e["type"] == "AooUsed"]
    assert used == [{"type": "AooUsed", "who": "gob", "round": 1}]
    assert {c["id"]: c for c in state_people(path)}["gob"]["aoo_round"] == 1


def test_R_ENG_4_removing_a_combatant_ends_its_engagements_by_events(run: Any,
                                                                    encounter: Any) -> None:
    path = _ann_beside_orc(encounter)
    ok(run("roll-initiative", path, "--dice", "5,15"))
    ok(run("attack", path, "orc", "ann", "--dice", "10,3"))
    r = ok(run("remove", path, "orc", "--format", "json"))
    assert _types(r)[:2] == ["Disengaged", "Removed"]
    assert not {c["id"]: c for c in state_people(path)}["ann"].get("engaged")


def test_evolve_decides_nothing() -> None:
    """evolve.py folds events; the decisions the review found there are gone: it reads no
    rules settings, no disengage outcome, no attack kind, no round type, sweeps no links."""
    text = (PACKAGE / "evolve.py").read_text(encoding="utf-8")
    for decision in (".rules.", "e.success", '"aoo"', "surprise:", 'changes["flat_footed"]',
                     "disengage_streak + 1", "_drop_links"):
        assert decision not in text, decision


def test_R_DIS_6_an_attack_ends_the_streak_without_saying_a_turn_passed(run: Any,
                                                                       encounter: Any) -> None:
    path = _ann_beside_orc(encounter)
    ok(run("roll-initiative", path, "--dice", "5,15"))
    ok(run("attack", path, "orc", "ann", "--dice", "10,3"))
    ok(run("next", path))
    ok(run("disengage", path, "ann", "--dice", "1,20"))  # fails: streak 1
    ok(run("next", path))
    ok(run("next", path))  # ann's turn again
    r = ok(run("attack", path, "ann", "orc", "--dice", "2"))
    assert "ann's disengage streak ends." in r.out
    assert "let a turn pass" not in r.out
    assert {c["id"]: c for c in state_people(path)}["ann"].get("disengage_streak", 0) == 0


# -- the tests themselves: one home for shared helpers ------------------------------------------


def _top_level_names(path: Path) -> dict[str, int]:
    names: dict[str, int] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names[node.name] = node.lineno
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update({t.id: node.lineno for t in targets if isinstance(t, ast.Name)})
    return names


def test_tests_import_nothing_from_conftest_and_shadow_no_shared_helper() -> None:
    """Shared builders and checks live in tests/helpers.py, fixtures in conftest.py (never
    imported); a test file's own helper does not reuse a shared name, `_` prefix or not."""
    tests = Path(__file__).resolve().parent
    shared = {n.lstrip("_") for n in _top_level_names(tests / "helpers.py")
              | _top_level_names(tests / "conftest.py")}
    wrong = []
    for path in sorted(tests.rglob("test_*.py")):
        where = path.relative_to(tests)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "conftest" or \
                    isinstance(node, ast.Import) and any(a.name == "conftest"
                                                         for a in node.names):
                wrong.append(f"{where}:{node.lineno} imports conftest")
        wrong += [f"{where}:{line} defines {name}, a shared helper's name"
                  for name, line in _top_level_names(path).items()
                  if not name.startswith("test_") and name.lstrip("_") in shared]
    assert wrong == []
