"""Gaps the contract review found between SPEC.md/RULES.md and the commands, each closed
with its own test: declines on `next --if-idle` and `resolve` (SPEC options, R-AOO-4)."""

from __future__ import annotations

import json

import pytest
from helpers import doc, events, fight, ok, person, snapshot, state, who

AFTER_48H = "2026-12-01T13:00:00Z"  # 49 hours after the `run` fixture's fixed "now"

BOW = ('\n[[combatants.weapons]]\nid = "bow"\nkind = "ranged"\nattack = 3\n'
       'damage = "1d6"\nrange = 10\n')


def archer(cid: str, side: str, mod: int, **keys: object) -> str:
    """A combatant with only a bow: shooting next to an enemy provokes (R-ATK-7)."""
    values = {"id": cid, "name": cid.capitalize(), "side": side, "initiative_mod": mod,
              "defense": 12, "hp": 10, **keys}
    return "\n".join(["[[combatants]]"] + [f"{k} = {json.dumps(v)}"
                                          for k, v in values.items()]) + "\n" + BOW + "\n"


def _shooter_next_to_ann(run, encounter, idle: bool = True):
    """Ann (PC, club) acts first and so is not flat-footed; then the orc's turn: the orc,
    with only a bow, stands next to her; by its orders it shoots her, which provokes."""
    rules = 'default_action = "attack-nearest"' + ('\nidle_action = "orders"' if idle else "")
    path = encounter(fight(
        person("ann", "heroes", 3, pc=True, position=[1, 0]),
        archer("orc", "monsters", 2, position=[0, 0], orders="attack-nearest"),
        rules=rules))
    ok(run("roll-initiative", path, "--dice", "10,10"))
    ok(run("next", path))
    assert state(path)["turn"] == "orc"
    return path


def _provoked(r) -> list[str]:
    return [e["type"] for e in events(r) if e["type"].startswith("Aoo")]


def test_SPEC_next_if_idle_by_orders_takes_no_aoo(run, encounter):
    """R-AOO-4 through `next --if-idle` (R-ORD-3): the shot by orders provokes; `--no-aoo`
    declines it, it is narrated, and Ann's AoO for the round is not used up."""
    path = _shooter_next_to_ann(run, encounter)
    r = ok(run("next", path, "--if-idle", "48h", "--no-aoo", "ann", "--dice", "15,2",
               "--format", "json", now=AFTER_48H))
    assert _provoked(r) == ["AooDeclined"]
    assert [e["attacker"] for e in events(r, "AttackRolled")] == ["orc"]
    assert "lets Orc go" in r.json()["text"]
    assert who(path, "ann").get("aoo_round", -1) == -1
    assert state(path)["turn"] == "ann"


def test_SPEC_next_if_idle_by_orders_provokes_without_the_decline(run, encounter):
    path = _shooter_next_to_ann(run, encounter)
    r = ok(run("next", path, "--if-idle", "48h", "--dice", "2,2,15,2", "--format", "json",
               now=AFTER_48H))
    assert [e["attacker"] for e in events(r, "AttackRolled")] == ["ann", "orc"]


def test_SPEC_resolve_takes_no_aoo_for_standing_orders(run, encounter):
    path = _shooter_next_to_ann(run, encounter, idle=False)
    r = ok(run("resolve", path, "--no-aoo", "ann", "--dice", "15,2", "--format", "json"))
    assert _provoked(r) == ["AooDeclined"]
    assert [e["attacker"] for e in events(r, "AttackRolled")][:1] == ["orc"]


def test_SPEC_resolve_takes_no_aoo_for_declarations(run, encounter):
    path = _shooter_next_to_ann(run, encounter, idle=False)
    ok(run("declare", path, "orc", "attack", "ann", "--weapon", "bow"))
    r = ok(run("resolve", path, "--no-aoo", "ann", "--dice", "15,2", "--format", "json"))
    assert _provoked(r) == ["AooDeclined"]
    assert who(path, "ann").get("aoo_round", -1) == -1


def test_SPEC_resolve_no_intercept_lets_the_mover_pass(run, encounter):
    """R-INT-3 through `resolve`: the orc walks by its orders into the guarding knight's
    radius; `--no-intercept knight` lets it pass (narrated, no contest)."""
    path = encounter(fight(
        person("knight", "heroes", 3, position=[1, 1], hp=30),
        person("orc", "monsters", 2, position=[6, 6], orders="attack-nearest"),
        person("mage", "heroes", 0, position=[1, 0], pc=True)))
    ok(run("roll-initiative", path, "--dice", "10,10,10"))
    ok(run("intercept", path, "knight", "mage"))
    ok(run("next", path))
    r = ok(run("resolve", path, "--no-intercept", "knight", "--format", "json"))
    assert [e["defender"] for e in events(r, "InterceptDeclined")] == ["knight"]
    assert not events(r, "PriorityRolled")


def test_SPEC_resolve_no_aoo_unknown_id_is_a_usage_error(run, encounter):
    path = _shooter_next_to_ann(run, encounter, idle=False)
    before = snapshot(path)
    r = run("resolve", path, "--no-aoo", "ghost")
    assert r.code == 2 and snapshot(path) == before
    r = run("next", path, "--if-idle", "48h", "--no-intercept", "ghost", now=AFTER_48H)
    assert r.code == 2 and snapshot(path) == before


# -- SPEC exit 74 and 130: the wording, and R-OUT-5 (stderr follows the language) ------------


def closed_stdout(monkeypatch, capsys, *args: object) -> tuple[int, str]:
    """Run the command in-process with stdout closed (`>&-`): (exit code, stderr)."""
    import sys

    from pbwcombat.cli import main

    monkeypatch.setenv("PBWCOMBAT_NOW", "2026-11-29T12:00:00Z")
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdout", None)
    try:
        main([str(a) for a in args])
        code = 0
    except SystemExit as e:
        code = int(e.code or 0)
    monkeypatch.undo()
    return code, capsys.readouterr().err


def _ann_beside_orc(encounter, lang: str = "en"):
    return encounter(fight(person("ann", "heroes", 3, pc=True, position=[1, 0]),
                           person("orc", "monsters", 2, position=[0, 0]), lang=lang))


def test_SPEC_exit_74_on_a_read_only_command_says_nothing_was_changed(
        run, encounter, monkeypatch, capsys):
    path = _ann_beside_orc(encounter)
    before = snapshot(path)
    for args in (("show", path), ("log", path), ("map", path), ("validate", path),
                 ("verify", path), ("roll", path, "1d20", "--dry-run")):
        code, err = closed_stdout(monkeypatch, capsys, *args)
        assert code == 74, (args, err)
        assert "stays applied" not in err and "not changed" in err, (args, err)
        assert len(err.strip().splitlines()) == 1
    assert snapshot(path) == before


def test_SPEC_exit_74_on_an_action_keeps_its_wording(run, encounter, monkeypatch, capsys):
    path = _ann_beside_orc(encounter)
    code, err = closed_stdout(monkeypatch, capsys, "roll", path, "1d20")
    assert code == 74 and "stays applied" in err and "stdout is closed" in err


def test_R_OUT_5_exit_74_line_follows_the_language(run, encounter, monkeypatch, capsys):
    path = _ann_beside_orc(encounter, lang="es")
    code, err = closed_stdout(monkeypatch, capsys, "roll", path, "1d20")
    assert code == 74
    assert "no se pudo imprimir" in err and "la salida estándar está cerrada" in err, err
    assert "could not" not in err and "stdout is closed" not in err
    code, err = closed_stdout(monkeypatch, capsys, "show", path)
    assert code == 74 and "no se ha cambiado" in err, err
    code, err = closed_stdout(monkeypatch, capsys, "show", path, "--lang", "en")
    assert code == 74 and "not changed" in err, err


def test_R_OUT_5_exit_130_line_follows_the_language(encounter, monkeypatch, capsys):
    """Ctrl-C while still starting (the early handler) and click's own Abort."""
    import sys

    import pbwcombat

    path = _ann_beside_orc(encounter, lang="es")
    monkeypatch.setattr(sys, "argv", ["pbwcombat", "roll", str(path), "1d20"])
    with pytest.raises(SystemExit) as stop:
        pbwcombat._interrupted_early(2, None)
    assert stop.value.code == 130
    assert capsys.readouterr().err == "pbwcombat: interrumpido (Ctrl-C)\n"
    monkeypatch.setattr(sys, "argv", ["pbwcombat", "roll", str(path), "1d20", "--lang", "en"])
    with pytest.raises(SystemExit):
        pbwcombat._interrupted_early(2, None)
    assert capsys.readouterr().err == "pbwcombat: interrupted (Ctrl-C)\n"


# -- R-OUT-5: `map --png` in the language of `--lang` ----------------------------------------


def test_R_OUT_5_map_png_follows_lang(run, encounter, tmp_path):
    """The picture's title and legend words follow `--lang` over the file's `lang`: a
    Spanish file drawn with `--lang en` is the English file's picture, byte for byte."""
    people = (person("ann", "heroes", 3, pc=True, position=[1, 0])
              + person("orc", "monsters", 2, position=[0, 0], hp=0))
    es = encounter(fight(people, lang="es"), name="es.toml")
    en = encounter(fight(people, lang="en"), name="en.toml")
    shots = {}
    for name, path, extra in (("es", es, ()), ("es-en", es, ("--lang", "en")),
                              ("en", en, ())):
        out = tmp_path / f"{name}.png"
        ok(run("map", path, "--png", out, *extra))
        shots[name] = out.read_bytes()
    assert shots["es"] != shots["en"]  # the words differ, so the test can tell
    assert shots["es-en"] == shots["en"]


# -- R-OUT-8: `undo` prints a post, so it takes --max-length ---------------------------------


def test_R_OUT_8_undo_takes_max_length(run, encounter):
    path = _ann_beside_orc(encounter, lang="es")
    ok(run("roll-initiative", path, "--dice", "10,10"))
    r = ok(run("undo", path, "--dry-run", "--max-length", "80"))
    parts = r.out.split("-- 8< --\n")
    assert len(parts) > 1 and all(len(p) <= 80 for p in parts), r.out
    assert parts[0].startswith("(1/2)") and "Se desharía" in parts[0]
    r = ok(run("undo", path, "--max-length", "100", "--format", "json"))
    assert r.json()["parts"] == [r.json()["text"]]  # it fits (chain mark too): one part
    assert "state" not in doc(path)  # undone: the file as written by hand


def test_R_OUT_8_undo_short_post_fits_in_one_part(run, encounter):
    path = _ann_beside_orc(encounter)
    ok(run("roll", path, "1d20"))
    r = ok(run("undo", path, "--max-length", "100"))
    assert "-- 8< --" not in r.out and "(1/" not in r.out


# -- R-OUT-5: the file's problems (exit 65) in the reader's language ------------------------

BAD = """schema = 1
name = "X"
lang = "es"
format = "plain"
bogus = 1

[[combatants]]
id = "a"
name = "A"
side = "x"
hp = "diez"
defense = 10
initiative_mod = 1

[[combatants.weapons]]
id = "w"
damage = "1d"
attack = 2

[[combatants]]
side = "y"
hp = 3
defense = 10
"""


def test_R_OUT_5_schema_problems_follow_the_language(run, encounter):
    path = encounter(BAD)
    r = run("validate", path)
    assert r.code == 65
    lines = r.err.strip().splitlines()
    assert "combatants[0].hp: debe ser un número entero" in lines, lines
    assert "combatants[1].id: obligatorio" in lines
    assert "bogus: clave desconocida" in lines
    assert 'combatants[0].weapons[0].damage: «1d» no es una expresión de dados' in lines
    r = run("show", path, "--format", "json")
    assert r.code == 65 and "clave desconocida" in json.loads(r.err)["error"]["message"]
    r = run("show", path, "--lang", "en")
    assert r.code == 65
    assert "combatants[0].hp: Input should be a valid integer" in r.err.splitlines()
    assert "bogus: unknown key" in r.err.splitlines()


# -- R-OUT-5: click's own parser errors in the reader's language ---------------------------


def test_R_OUT_5_parser_errors_follow_the_language(run, encounter):
    path = encounter(fight(person("ann", "heroes", 3, pc=True, position=[1, 0]),
                           person("orc", "monsters", 2, position=[0, 0]), lang="es"))
    before = snapshot(path)
    r = run("show", path, "--bogus")
    assert r.code == 2
    assert "Error: no existe la opción --bogus" in r.err, r.err
    assert "Uso: pbwcombat show" in r.err and "para ver la ayuda" in r.err
    assert "No such option" not in r.err and "Usage:" not in r.err
    r = run("attack", path)
    assert r.code == 2 and "falta el argumento 'ATTACKER'" in r.err, r.err
    r = run("odds", path, "--runs", "x")
    assert r.code == 2 and "valor no válido para '--runs'" in r.err, r.err
    r = run("attack", path, "ann", "orc", "extra")
    assert r.code == 2 and "argumento de más inesperado (extra)" in r.err, r.err
    r = run("show", path, "--bogus", "--format", "json")
    assert json.loads(r.err)["error"]["message"] == "no existe la opción --bogus"
    r = run("show", path, "--bogus", "--lang", "en")
    assert r.code == 2 and "Error: No such option: --bogus" in r.err and "Usage:" in r.err
    assert snapshot(path) == before


def test_R_OUT_5_toml_syntax_errors_follow_the_language(run, encounter):
    """A file that is not TOML cannot be parsed for its `lang`: its top-level `lang` line is
    read by hand; tomllib's message and its place are translated, `toml:` kept."""
    path = encounter('schema = 1\nlang = "es"\nname = "X"\nformat "plain"\n')
    r = run("validate", path)
    assert r.code == 65
    assert r.err == ("toml: se espera '=' tras una clave en un par clave/valor "
                     "(en la línea 4, columna 8)\n"), r.err
    r = run("show", path, "--lang", "en")
    assert r.code == 65 and "Expected '=' after a key" in r.err
