"""R-OUT-5: every word a player reads is in the post's language — skipped declarations and
refusals, plurals, side names, gender agreement; rule ids and command syntax only with --gm
(and on stderr / in JSON); messages on stderr follow the language too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import ROOT, fighter, ok
from test_narration import CASES

from pbwcombat import events as ev
from pbwcombat.errors import Message
from pbwcombat.render.catalog import EN, ES
from pbwcombat.render.catalog.foreign import FOREIGN_ES
from pbwcombat.render.foreign import problem, reason
from pbwcombat.render.messages import text as said_in
from pbwcombat.render.post import render
from pbwcombat.service import load

PACKAGE = ROOT / "pbwcombat"
RULE_ID = re.compile(r"\bR-[A-Z]+-\d+")
WORD = re.compile(r"[A-Za-zÀ-ÿ]{3,}")
# Words of the English catalogue that Spanish never uses: none may show in a Spanish post.
ENGLISH_ONLY = ({w.lower() for v in [*EN.values(), *FOREIGN_ES] for w in WORD.findall(v)}
                - {w.lower() for v in [*ES.values(), *FOREIGN_ES.values()]
                   for w in WORD.findall(v)})
SAMPLE_NAMES = {"aldric", "grak", "hobgoblin", "the"}  # user text in the samples


def english_words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)} & ENGLISH_ONLY - SAMPLE_NAMES


SKIPS = [ev.DeclarationSkipped("aldric", "Aldric", ("attack", "grak", "--weapon", "scimitar"),
                               "R-GEO-3: Grak the hobgoblin is out of Scimitar's reach",
                               "out_of_reach", (("name", "Grak the hobgoblin"),
                                                ("weapon", "Scimitar")), "R-GEO-3"),
         ev.DeclarationSkipped("aldric", "Aldric", ("move", "3,4", "--run"),
                               "R-TRN-2: a run goes in a straight line",
                               "run_goes_straight_line", (), "R-TRN-2"),
         # a record written before messages had keys: its English reason only
         ev.DeclarationSkipped("aldric", "Aldric", ("delay",),
                               "R-XYZ-9: a message nobody translated yet")]


@pytest.mark.parametrize("event", [*CASES, *SKIPS])
def test_R_OUT_5_spanish_posts_carry_no_english_and_no_rule_ids(event):
    """Every event type (each catalogue variant) in Spanish, in every text format."""
    enc = load(ROOT / "encounters" / "goblin-ambush.toml")[1]
    if isinstance(event, ev.FreeRolled):  # its reason is the user's own text
        event = ev.FreeRolled(**{**event._asdict(), "reason": "Zed"})
    for fmt in ("plain", "markdown", "bbcode"):
        post = render(enc, [event], fmt, "es", gm=False)
        body = post.split("\n", 2)[-1]  # the header names the encounter (user text)
        assert not RULE_ID.search(post), post
        assert english_words(body) == set(), post
        assert "(s)" not in post and "--" not in body, post


def test_R_OUT_5_the_english_only_vocabulary_is_real():
    """The check above would catch the 0.1 texts: "is out of reach", "Winners"."""
    assert {"reach", "winners", "attacks", "turn"} <= ENGLISH_ONLY


@pytest.mark.parametrize("event", SKIPS[:2])
def test_R_OUT_5_gm_sees_the_rule_id_and_the_syntax(event):
    enc = load(ROOT / "encounters" / "goblin-ambush.toml")[1]
    post = render(enc, [event], "plain", "es", gm=True)
    assert RULE_ID.search(post) and " ".join(event.action) in post


def gendered(encounter, lang="es", nita=(1, 1)):
    return encounter(
        f'schema = 1\nname = "Vado"\nlang = "{lang}"\nformat = "plain"\n\n'
        '[sides.heroes]\nname = "La compañía"\n\n[sides.goblins]\nname = "Los trasgos"\n\n'
        + fighter("mira", "heroes", (0, 0), name="Mira", gender="f", defense=15, hp=20,
                  initiative_mod=10)
        + fighter("ana", "heroes", (0, 5), name="Ana", gender="f", defense=15, hp=20)
        + fighter("grak", "goblins", (1, 0), name="Grak", defense=5, hp=10)
        + fighter("nita", "goblins", nita, name="Nita", gender="f", defense=5, hp=10))


def test_R_OUT_5_spanish_agrees_with_gender_and_number(run, encounter):
    path = gendered(encounter)
    ok(run("roll-initiative", path, "--dice", "20,1,2,3"))
    show = ok(run("show", path)).out
    assert "Mira (30) · ilesa · en (0,0)" in show
    assert "Nita (3) · ilesa · en (1,1) · desprevenida" in show
    assert "Grak (2) · ileso · en (1,0) · desprevenido" in show
    r = ok(run("hp", path, "nita", "-30"))
    assert "Nita recibe 30 de daño: muerta." in r.out
    r = ok(run("attack", path, "mira", "grak", "--dice", "15,1"))
    assert "Mira y Grak quedan entablados cuerpo a cuerpo." in r.out


def test_R_OUT_5_two_feminine_names_take_the_feminine_plural(run, encounter):
    path = gendered(encounter)
    ok(run("roll-initiative", path, "--dice", "20,1,2,3"))
    r = ok(run("attack", path, "mira", "nita", "--force", "--dice", "15,1"))
    assert "Mira y Nita quedan entabladas cuerpo a cuerpo." in r.out


def test_R_OUT_5_side_names_and_plural_rounds(run, encounter):
    path = gendered(encounter)
    ok(run("roll-initiative", path, "--dice", "20,1,2,3"))
    legend = ok(run("map", path)).out
    assert "A = Mira (La compañía)" in legend and "(Los trasgos)" in legend
    ok(run("hp", path, "grak,nita", "-30"))
    r = ok(run("next", path))
    assert "Vencedores: La compañía" in r.out and "tras 1 asalto." in r.out, r.out
    assert "Caídos: Grak y Nita." in r.out


@pytest.mark.parametrize(("lang", "one", "three"), [("es", "(1 casilla)", "(3 casillas)"),
                                                    ("en", "(1 square)", "(3 squares)")])
def test_R_OUT_5_moves_name_their_squares_in_the_plural(run, encounter, lang, one, three):
    path = gendered(encounter, lang)
    ok(run("roll-initiative", path, "--dice", "20,1,2,3"))
    r = ok(run("move", path, "ana", "0,6", "--force"))  # nobody near Ana
    assert one in r.out, r.out
    r = ok(run("move", path, "ana", "0,9", "--force"))
    assert three in r.out, r.out
    assert "(s)" not in r.out


def test_R_OUT_5_refusals_on_stderr_follow_the_language(run, encounter):
    path = gendered(encounter)
    ok(run("roll-initiative", path, "--dice", "20,1,2,3"))
    before = path.read_bytes()
    r = run("attack", path, "ana", "grak")
    assert r.code == 3 and r.err == "pbwcombat: R-TRN-3: no es el turno de Ana (es el de Mira)\n"
    r = run("attack", path, "ana", "grak", "--lang", "en")
    assert r.err == "pbwcombat: R-TRN-3: it is not Ana's turn (it is Mira's)\n"
    r = run("attack", path, "ana", "grak", "--format", "json")
    assert '"message": "R-TRN-3: no es el turno de Ana (es el de Mira)"' in r.err
    r = run("hp", path, "nita", "-30")
    r = run("attack", path, "mira", "nita", "--force")
    assert r.code == 3 and "R-HP-1: Nita ya está muerta" in r.err, r.err
    r = run("attack", path, "mira", "nobody")
    assert r.code == 2 and "combatiente desconocido «nobody»" in r.err
    assert path.read_bytes() != before  # the hp command applied; the refusals did not
    after = path.read_bytes()
    run("attack", path, "mira", "nita", "--force")
    assert path.read_bytes() == after


def test_R_OUT_5_a_skipped_declaration_reads_in_spanish(run, encounter):
    path = gendered(encounter, nita=(4, 4))
    ok(run("roll-initiative", path, "--dice", "20,1,2,3"))
    ok(run("declare", path, "mira", "attack", "nita", "--weapon", "sword"))
    r = ok(run("resolve", path, "--dry-run"))
    line = next(x for x in r.out.splitlines() if x.startswith("La acción declarada"))
    assert line == ("La acción declarada de Mira (atacar a Nita con Sword) no se realiza: "
                    "Nita está fuera del alcance de Sword")
    r = ok(run("resolve", path, "--dry-run", "--gm"))
    assert "(attack nita --weapon sword)" in r.out and "(R-GEO-3)" in r.out


def test_R_OUT_5_no_catalogue_text_says_s_in_brackets():
    for cat in (EN, ES):
        assert [k for k, v in cat.items() if "(s)" in v] == []


def test_R_OUT_5_agreement_forms_exist_for_every_gendered_template():
    for key, text in ES.items():
        for spec in re.findall(r"\{g:([^}]*)\}", text):
            assert 2 <= len(spec.split("/")) <= 4, key


def test_stderr_reader_ignores_unreadable_files(run, tmp_path: Path):
    r = run("show", tmp_path / "missing.toml")
    assert r.code == 66 and "no such encounter file" in r.err


@pytest.mark.parametrize("event", [*CASES, *SKIPS])
def test_R_OUT_5_english_posts_carry_no_rule_ids_without_gm(event):
    enc = load(ROOT / "encounters" / "goblin-ambush.toml")[1]
    for fmt in ("plain", "markdown", "bbcode"):
        post = render(enc, [event], fmt, "en", gm=False)
        assert not RULE_ID.search(post), post


VADO = ROOT / "encounters" / "emboscada-en-el-vado.toml"


def _vado(tmp_path: Path, run) -> Path:
    """A copy of the Spanish example, in combat."""
    path = tmp_path / "vado.toml"
    path.write_bytes(VADO.read_bytes())
    ok(run("roll-initiative", path, "--dice", "10,11,12,13,14"))
    return path


# Refusals and usage errors a Spanish file used to answer with English inside them.
SWEEP = {
    "a wrong --lang": (("show", "{p}", "--lang", "fr"), 2, "no es uno de es, en"),
    "a salt beyond the file's limits": (("dice", "salt", "{p}", "a" * 1001), 2,
                                        "el texto debe tener como mucho 1000 caracteres"),
    "a bad --if-idle": (("next", "{p}", "--if-idle", "xx"), 2,
                        "--if-idle: «xx» no es una duración"),
    "a picture that cannot be written": (("map", "{p}", "--png", "{t}/no/x.png"), 73,
                                         "no se puede escribir (no existe el archivo o la "
                                         "carpeta)"),
    "a roster that cannot be read": (("add", "{p}", "--from", "{t}/none.toml"), 66,
                                     "no se puede leer el archivo de plantilla (no existe "
                                     "el archivo o la carpeta)"),
}


@pytest.mark.parametrize("case", SWEEP, ids=list(SWEEP))
def test_R_OUT_5_spanish_refusals_carry_no_english_inside(run, tmp_path, case):
    """R-OUT-5 "messages on stderr follow the language too": also the part of a message
    that comes from elsewhere (a library's complaint, the system's reason, a wrong
    option's value); the file and its journal stay byte-identical."""
    args, code, spanish = SWEEP[case]
    path = _vado(tmp_path, run)
    if args[:2] == ("dice", "salt"):  # R-LOG-9: a salt only after the commitment
        ok(run("dice", "commit", path))
    journal = path.with_name(path.name + ".journal")
    before = (path.read_bytes(), journal.read_bytes())
    r = run(*(a.format(p=path, t=tmp_path) for a in args))
    assert r.code == code and spanish in r.err, r.err
    said = r.err.replace(str(tmp_path), "")
    assert english_words(said) == set(), said
    assert (path.read_bytes(), journal.read_bytes()) == before


@pytest.mark.parametrize("case", ["a bad --if-idle", "a picture that cannot be written"])
def test_R_OUT_5_the_same_refusals_stay_english_with_lang_en(run, tmp_path, case):
    args, code, _ = SWEEP[case]
    path = _vado(tmp_path, run)
    r = run(*(a.format(p=path, t=tmp_path) for a in args), "--lang", "en")
    assert r.code == code
    assert ('"xx" is not a duration like "48h"' in r.err
            or "cannot be written (No such file or directory)" in r.err), r.err


def test_R_OUT_5_a_wrong_lang_in_json_is_said_in_the_files_language(run, tmp_path):
    path = _vado(tmp_path, run)
    r = run("show", path, "--lang=fr", "--format", "json")
    assert r.code == 2
    assert '"message": "--lang: \'fr\' no es uno de es, en"' in r.err, r.err


def test_R_OUT_5_the_file_would_break_its_limits_names_its_problems_in_spanish():
    """The exit-3 refusal (state out of bounds) carries the schema's own problems: each is
    translated, its path kept."""
    limits = Message("result_would_break_file_limits", problems=(
        "combatants[3].hp: Input should be less than or equal to 999999999",
        "state.round: Input should be a valid integer"))
    assert said_in(limits, "es") == (
        "el resultado rompería los límites del archivo (combatants[3].hp: debe ser menor o "
        "igual que 999999999; state.round: debe ser un número entero); se rechaza")
    refs = Message("result_would_break_file_references",
                   problems=('combatants[1].id: duplicate id "snag"',))
    assert said_in(refs, "es") == ("el resultado rompería las referencias del archivo "
                                "(combatants[1].id: id repetido «snag»); se rechaza")
    assert said_in(limits, "en") == (
        "the result would break the file's limits (combatants[3].hp: Input should be "
        "less than or equal to 999999999; state.round: Input should be a valid "
        "integer); refused")


def test_R_OUT_5_problems_of_the_whole_file_say_archivo():
    assert problem("file: nested too deeply", "es") == \
        "archivo: anidado a demasiada profundidad"
    assert problem("file: nested too deeply", "en") == "file: nested too deeply"
    assert problem('state.turn: unknown combatant "zed"', "es") == \
        "state.turn: combatiente desconocido «zed»"  # a reference, not the usage error
    assert problem("combatants[0].hp: required", "es") == \
        "combatants[0].hp: obligatorio"


def test_R_OUT_5_an_internal_error_is_said_in_the_readers_language():
    said = Message("internal_error", error="KeyError: 'x'")
    assert said_in(said, "es") == "error interno: KeyError: 'x' (usa --debug para ver la traza)"
    assert said_in(said, "en") == "internal error: KeyError: 'x' (run with --debug for the " \
                               "traceback)"


@pytest.mark.parametrize(("lang", "said"), [
    ("es", "R-INT-1: Nit está fuera del radio de Snag (1 casilla)\n"),
    ("en", "R-INT-1: Nit is outside Snag's radius (1 square)\n")])
def test_R_OUT_5_a_refusal_names_its_squares_in_the_plural(run, tmp_path, lang, said):
    """The rules write "1 square(s)"; the reader sees "1 casilla" / "1 square"."""
    path = _vado(tmp_path, run)
    r = run("intercept", path, "snag", "nit", "--lang", lang)
    assert r.code == 3 and r.err == "pbwcombat: " + said, r.err


@pytest.mark.parametrize(("lang", "said"), [
    ("es", "add --at: 2 recién llegados necesitan 2 casillas libres, una cada uno; se ha "
           "dado 1 (R-ACT-7)"),
    ("en", "add --at: 2 newcomers need 2 free squares, one each; 1 given (R-ACT-7)")])
def test_R_OUT_5_newcomers_without_squares_read_in_the_plural(run, tmp_path, lang, said):
    path = _vado(tmp_path, run)
    r = run("add", path, "x", "--like", "nit", "--count", "2", "--at", "9,9", "--lang", lang)
    assert r.code == 2 and said in r.err and "(s)" not in r.err, r.err


def test_R_OUT_5_one_square_is_singular_in_both_languages():
    one = Message("cannot_move_squares_now_speed", name="Snag", cost=1, squares=1)
    assert said_in(one, "es") == ("Snag no puede moverse 1 casilla ahora (velocidad: 1 "
                               "casilla por acción de movimiento)")
    assert said_in(one, "en") == "Snag cannot move 1 square now (speed 1 square per move action)"
    three = Message("cannot_move_squares_now_speed", name="Snag", cost=3, squares=1)
    assert said_in(three, "en") == "Snag cannot move 3 squares now (speed 1 square per move action)"


def test_R_OUT_5_no_english_message_override_says_s_in_brackets():
    assert [k for k, v in EN.items() if k.startswith("msg_") and ("(s)" in v or "(es)" in v)] \
        == []


@pytest.mark.parametrize(("lang", "said"), [
    ("es", "1 combate simulado desde el inicio, hasta su final o como mucho 1 asalto;"),
    ("en", "1 simulated fight from the start, to its end or at most 1 round;")])
def test_R_OUT_5_odds_of_a_single_run_say_it_in_the_singular(run, lang, said):
    r = ok(run("odds", ROOT / "encounters" / "pelea-en-el-molino.toml", "--runs", "1",
               "--max-rounds", "1", "--format", "plain", "--lang", lang))
    assert said in r.out, r.out


def test_R_OUT_5_stderr_follows_a_file_not_named_toml(run, tmp_path):
    """The language comes from the encounter whatever its name ends with."""
    path = tmp_path / "vado"
    path.write_bytes(VADO.read_bytes())
    ok(run("roll-initiative", path, "--dice", "10,11,12,13,14"))
    r = run("attack", path, "mira", "snag")
    assert r.code == 3 and r.err == "pbwcombat: R-TRN-3: no es el turno de Mira (es el de Snag)\n"
    r = run("attack", path, "mira", "nobody", "--lang", "en")
    assert r.code == 2 and 'unknown combatant "nobody"' in r.err


@pytest.mark.parametrize(("lang", "said"), [("es", "Nit declara: ponerse en pie"),
                                            ("en", "Nit declares: stand up")])
def test_R_OUT_5_the_built_in_stand_up_is_named_in_the_posts_language(run, tmp_path, lang,
                                                                      said):
    """`stand-up` is an id of the program, not of the GM: a declaration names it in words."""
    path = _vado(tmp_path, run)
    ok(run("condition", path, "nit", "prone"))
    r = ok(run("declare", path, "nit", "action", "stand-up", "--format", "plain",
               "--lang", lang))
    assert said in r.out and "stand-up" not in r.out, r.out


@pytest.mark.parametrize("lang", ["es", "en"])
def test_R_OUT_5_verify_names_no_command_in_its_report(run, tmp_path, lang):
    """The report a player reads says that nothing was committed in words, not as the
    command syntax `dice commit` (R-OUT-5: command syntax only with --gm, stderr, JSON)."""
    path = _vado(tmp_path, run)
    r = ok(run("verify", path, "--lang", lang))
    assert "`" not in r.out, r.out
    assert ("compromiso de los dados" if lang == "es" else "dice commitment") in r.out


def test_R_OUT_5_an_unprintable_post_gives_the_systems_reason_in_spanish(tmp_path):
    """Exit 74 (stdout full): the reason inside the line is the reader's language too."""
    import os
    import subprocess
    import sys

    path = tmp_path / "vado.toml"
    path.write_bytes(VADO.read_bytes())
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "pbwcombat", "show", str(path)],
                           stdout=full, stderr=subprocess.PIPE, text=True,
                           env={**os.environ, "PBWCOMBAT_NOW": "2026-11-29T12:00:00Z"})
    assert r.returncode == 74
    assert "(no queda espacio en el dispositivo)" in r.stderr.replace("[Errno 28] ", ""), \
        r.stderr
    assert reason("[Errno 28] No space left on device", "en") == \
        "[Errno 28] No space left on device"


def test_R_OUT_5_a_missing_file_is_said_in_the_lang_asked_for(run, tmp_path):
    """No file, so no `lang` to read: `--lang es` decides (without it, English)."""
    r = run("hp", tmp_path / "nope.toml", "mira", "-1", "--lang", "es", "--format", "json")
    assert r.code == 66
    assert "no existe ese archivo de encuentro" in r.err and "no such" not in r.err, r.err


def test_R_OUT_5_stderr_reads_the_encounter_not_the_roster(run, tmp_path):
    """`add ENCOUNTER --from ROSTER.toml`: the language is the encounter's, even when the
    encounter's name does not end in .toml and the roster's does."""
    path = tmp_path / "vado"
    path.write_bytes(VADO.read_bytes())
    roster = tmp_path / "party.toml"
    roster.write_bytes((ROOT / "encounters" / "party.toml").read_bytes())
    ok(run("roll-initiative", path, "--dice", "10,11,12,13,14"))
    r = run("add", path, "--from", roster, "nobody")
    assert r.code == 2 and "no tiene el combatiente «nobody»" in r.err, r.err
