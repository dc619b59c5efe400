"""SPEC exit codes (issue 30): what an outside tester found to end in exit 1 (an internal
error) gets its proper code, or works: bytes that are not UTF-8 in the arguments, a number of
4,301 digits, times at the calendar's edges, tampered journal records (a die of 0 sides, a
line nested 100,000 deep, events of the wrong types), `odds` under a process limit and its
Ctrl-C with workers, a Ctrl-C while the command is still importing."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from helpers import NOW, ROOT, duel, journal_of, ok, snapshot

LATIN1 = "\udce9"  # the byte 0xE9 ("é" on a Latin-1 terminal) as Python passes it on


def _records(path: Path) -> list[dict]:
    return [json.loads(x) for x in journal_of(path).read_bytes().splitlines()]


def _child(*args: object, timeout: float = 60, **kw) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PBWCOMBAT_NOW": NOW, **kw.pop("env", {})}
    return subprocess.run([sys.executable, "-m", "pbwcombat", *args], capture_output=True,
                          env=env, timeout=timeout, **kw)


# -- bytes that are not UTF-8 in the arguments ----------------------------------------------------


@pytest.mark.parametrize("option", ["--reason", "--key"])
def test_SPEC_exit_codes_latin_1_bytes_in_a_text_option_are_read_as_latin_1(run, encounter,
                                                                            option):
    path = encounter(duel())
    r = run("roll", path, "1d20", option, f"Tom{LATIN1}s")
    assert r.code == 0, (r.code, r.err)
    assert _records(path)[-1]["key" if option == "--key" else "events"] is not None
    assert "Tomés" in journal_of(path).read_text(encoding="utf-8")
    if option == "--key":  # the same bytes again are the same key: a repeat
        assert run("roll", path, "1d20", option, f"Tom{LATIN1}s").code == 0
        assert len(_records(path)) == 1


def test_SPEC_exit_codes_latin_1_bytes_in_text_and_name(run, encounter, tmp_path):
    path = encounter(duel())
    ok(run("roll-initiative", path, "--dice", "15,5"))
    r = run("action", path, "hero", "--text", f"reza a Ti{LATIN1}r", "--cost", "free",
            "--format", "json")
    assert r.code == 0, r.err
    assert "reza a Tiér" in r.out
    made = tmp_path / "nueva.toml"
    r = run("new", made, "--name", f"Emboscada en el r{LATIN1}o")
    assert r.code == 0, r.err
    assert 'name = "Emboscada en el réo"' in made.read_text(encoding="utf-8")


def test_SPEC_exit_codes_latin_1_bytes_from_a_real_command_line(encounter):
    """The bytes as a shell passes them (no Python in between): the post shows the text."""
    path = encounter(duel())
    p = _child(b"roll", bytes(path), b"1d20", b"--reason", b"b\xfasqueda",
               env={"LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8"})
    assert p.returncode == 0, p.stderr
    assert "búsqueda" in p.stdout.decode("utf-8")


def test_SPEC_files_a_file_named_in_latin_1_bytes_is_that_file(run, tmp_path):
    """A path is not text to fix: a file whose name has a non-UTF-8 byte is used as named."""
    raw = os.fsencode(str(tmp_path)) + b"/pelea-\xe9.toml"
    with open(raw, "w", encoding="utf-8") as f:
        f.write(duel())
    ok(run("roll", os.fsdecode(raw), "1d20"))
    assert os.path.exists(raw + b".journal")


# -- numbers of 4,301 digits ----------------------------------------------------------------------

HUGE = "9" * 4301


def test_SPEC_exit_codes_a_4301_digit_number_in_the_file_is_65(run, encounter):
    path = encounter(duel().replace("hp = 12", f"hp = {HUGE}"))
    for args in (("show", path), ("validate", path), ("roll", path, "1d20")):
        r = run(*args)
        assert r.code == 65, (args, r.code, r.err[:300])
        assert "too many digits" in r.err


def test_SPEC_exit_codes_a_4301_digit_number_in_a_roster_is_65(run, encounter, tmp_path):
    path = encounter(duel())
    roster = tmp_path / "roster.toml"
    roster.write_text(duel().replace("hp = 20", f"hp = -{HUGE}"), encoding="utf-8")
    before = snapshot(path)
    r = run("add", path, "hero", "--from", roster)
    assert r.code == 65, (r.code, r.err[:300])
    assert "roster.toml" in r.err and snapshot(path) == before


def test_SPEC_exit_codes_a_4301_digit_mod_is_a_usage_error(run, encounter):
    path = encounter(duel())
    ok(run("roll-initiative", path, "--dice", "15,5"))
    before = snapshot(path)
    assert run("attack", path, "hero", "orc", "--mod", HUGE).code == 2
    assert snapshot(path) == before


@pytest.mark.parametrize("value", [HUGE, "[" * 5000 + "]" * 5000])
def test_SPEC_exit_codes_set_with_a_4301_digit_or_deeply_nested_value_is_no_crash(
        run, encounter, value):
    path = encounter(duel())
    before = snapshot(path)
    r = run("set", path, "orc", "hp", value)
    assert r.code in (2, 3), (r.code, r.err[:300])
    assert snapshot(path) == before


def test_SPEC_exit_codes_spanish_says_too_many_digits(run, encounter):
    path = encounter(duel().replace('lang = "en"', 'lang = "es"').replace("hp = 12",
                                                                          f"hp = {HUGE}"))
    r = run("show", path)
    assert r.code == 65 and "demasiadas cifras" in r.err


# -- the calendar's edges ------------------------------------------------------------------------


@pytest.mark.parametrize("started", ["9999-12-31T23:00:00Z", "9999-12-31T23:59:59+00:00"])
def test_R_TRN_a_year_9999_turn_with_a_deadline_shows_the_calendars_end(run, encounter,
                                                                        started):
    path = encounter(duel('turn_deadline = "48h"'))
    ok(run("roll-initiative", path, "--dice", "15,5"))
    text = path.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("turn_started_at"))
    path.write_text(text.replace(line, f'turn_started_at = "{started}"'), encoding="utf-8")
    r = run("show", path)
    assert r.code == 0, r.err
    assert "9999-12-31 23:59" in r.out
    ok(run("next", path, "--if-idle", "1h"))  # not idle yet: nothing to do, no crash


def test_R_TRN_the_deadline_is_said_in_utc_whatever_the_offset_in_the_file(run, encounter):
    path = encounter(duel('turn_deadline = "48h"'))
    ok(run("roll-initiative", path, "--dice", "15,5"))
    text = path.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("turn_started_at"))
    path.write_text(text.replace(line, 'turn_started_at = "2026-11-29T12:00:00+02:00"'),
                    encoding="utf-8")
    assert "2026-12-01 10:00 UTC" in ok(run("show", path)).out


@pytest.mark.parametrize("now", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00"])
def test_SPEC_exit_codes_PBWCOMBAT_NOW_beyond_the_calendar_in_utc_is_a_usage_error(
        run, encounter, now):
    path = encounter(duel('turn_deadline = "48h"'))
    before = snapshot(path)
    r = run("roll-initiative", path, "--dice", "15,5", now=now)
    assert r.code == 2 and "PBWCOMBAT_NOW" in r.err, (r.code, r.err)
    assert snapshot(path) == before


@pytest.mark.parametrize("now", ["9999-12-31T23:59:59Z", "0001-01-01T00:00:00Z"])
def test_SPEC_exit_codes_PBWCOMBAT_NOW_at_the_calendars_edges_works(run, encounter, now):
    path = encounter(duel('turn_deadline = "48h"'))
    ok(run("roll-initiative", path, "--dice", "15,5", now=now))
    ok(run("show", path, now=now))
    ok(run("next", path, now=now))
    ok(run("log", path, now=now))


# -- tampered journals -------------------------------------------------------------------------


@pytest.fixture
def rolled(run, encounter) -> Path:
    path = encounter(duel())
    ok(run("dice", "commit", path))
    ok(run("roll", path, "2d20", "--reason", "Spot", "--key", "k1"))
    return path


def _tamper(path: Path, change) -> None:
    lines = journal_of(path).read_bytes().splitlines()
    rec = json.loads(lines[-1])
    change(rec)
    lines[-1] = json.dumps(rec).encode()
    journal_of(path).write_bytes(b"\n".join(lines) + b"\n")


@pytest.mark.parametrize("sides", [0, -6, True, "20"])
def test_R_LOG_3_verify_fails_a_tampered_die_of_no_sides(run, rolled, sides):
    _tamper(rolled, lambda rec: rec["rolls"][0].update(sides=sides))
    r = run("verify", rolled)
    assert r.code == 3, (r.code, r.err)
    assert "malformed die" in r.out


def test_R_LOG_3_verify_ends_on_a_die_of_more_sides_than_the_sampling_can_take(rolled):
    """2**64 sides: the rejection sampling would never accept a number (it ran forever)."""
    _tamper(rolled, lambda rec: rec["rolls"][0].update(sides=2**64))
    p = _child("verify", rolled, timeout=30)
    assert p.returncode == 3 and b"malformed die" in p.stdout


@pytest.mark.parametrize("depth", [100_000, 900])
def test_R_LOG_4_a_deeply_nested_journal_line_is_damage_not_a_crash(run, rolled, depth):
    deep = "[" * depth + "]" * depth
    _tamper(rolled, lambda rec: rec.update(events="DEEP"))
    journal_of(rolled).write_bytes(journal_of(rolled).read_bytes().replace(b'"DEEP"',
                                                                            deep.encode()))
    before = snapshot(rolled)
    for args in (("undo", rolled), ("roll", rolled, "1d4"), ("hp", rolled, "orc", "-1")):
        r = run(*args)
        assert r.code == 65, (args, r.code, r.err[:300])
        assert "line 2" in r.err and "R-LOG-4" in r.err
    assert run("log", rolled).code == 0  # shows what it can read
    assert run("verify", rolled).code == 3
    assert snapshot(rolled) == before


@pytest.mark.parametrize(("change", "log_code"), [
    (lambda rec: rec["events"][0].update(reason=None), 65),
    (lambda rec: rec["events"][0].update(roll={"terms": "x", "mods": [], "total": 3}), 65),
    (lambda rec: rec["events"][0]["roll"]["terms"][0]["dice"][0].update(face="5"), 65),
    (lambda rec: rec.update(header="tampered"), 0),  # `log` does not show the header
    (lambda rec: rec["events"].append({"type": "HpChanged", "who": "orc", "name": "Orc",
                                       "before": 12, "after": 9, "cause": "nonsense"}), 65),
], ids=["none-reason", "terms-not-a-list", "face-a-string", "header-not-a-table",
        "unknown-cause"])
def test_R_LOG_4_a_record_whose_events_cannot_be_told_is_damage_for_log_and_key(
        run, rolled, change, log_code):
    _tamper(rolled, change)
    r = run("log", rolled)
    assert r.code == log_code, (r.code, r.err)
    logged = r
    r = run("roll", rolled, "2d20", "--reason", "Spot", "--key", "k1")  # a repeat: its post
    assert r.code == 65, (r.code, r.err)
    for said in (logged, r) if log_code else (r,):
        assert "journal record 2" in said.err and "R-LOG-4" in said.err, said.err


def test_R_LOG_4_a_lone_surrogate_in_a_journal_text_is_damage(run, rolled):
    """JSON may escape half of a UTF-16 pair ("\\udce9"); no file can hold it."""
    _tamper(rolled, lambda rec: rec.update(salt="\udce9"))
    assert run("verify", rolled).code == 3
    assert run("undo", rolled).code == 65


# -- odds: a process limit, Ctrl-C with workers ---------------------------------------------------

_NPROC_CHILD = """
import os, resource, sys
import encodings.utf_8_sig, multiprocessing.pool, pbwcombat.render.messages, pbwcombat.sim.odds
from pbwcombat.cli import main
path = sys.argv[1]
try:  # everything the command imports is loaded before the user changes (root reads all)
    main(["odds", path, "--runs", "30", "--jobs", "1", "--seed", "ab"])
except SystemExit:
    pass
pool = multiprocessing.get_context("fork").Pool(1)
pool.close(); pool.join()
if os.geteuid() == 0:  # root is not held to RLIMIT_NPROC: an ordinary user is
    os.setgroups([]); os.setresgid(65534, 65534, 65534); os.setresuid(65534, 65534, 65534)
resource.setrlimit(resource.RLIMIT_NPROC, (1, resource.getrlimit(resource.RLIMIT_NPROC)[1]))
print("-- limited --", flush=True)
main(["odds", path, "--runs", "30", "--jobs", "2", "--seed", "ab"])
"""


def test_R_SIM_1_odds_under_a_process_limit_plays_in_one_process_with_a_warning():
    folder = Path(tempfile.mkdtemp(prefix="pbw-nproc-"))
    try:
        folder.chmod(0o755)
        path = folder / "fight.toml"
        shutil.copyfile(ROOT / "encounters" / "goblin-ambush.toml", path)
        path.chmod(0o644)
        p = subprocess.run([sys.executable, "-c", _NPROC_CHILD, str(path)],
                           capture_output=True, text=True, timeout=120,
                           env={**os.environ, "PBWCOMBAT_NOW": NOW})
        assert p.returncode == 0, p.stderr
        one, limited = p.stdout.split("-- limited --\n")
        assert limited.strip() == one.strip()  # the same seed, the same report
        assert "--jobs 2: no worker process could be started" in p.stderr
        assert "Traceback" not in p.stderr
    finally:
        shutil.rmtree(folder)


def test_R_SIM_1_ctrl_c_in_odds_with_workers_is_one_line_and_130(tmp_path):
    path = tmp_path / "fight.toml"
    shutil.copyfile(ROOT / "encounters" / "goblin-ambush.toml", path)
    for attempt in range(3):
        p = subprocess.Popen([sys.executable, "-m", "pbwcombat", "odds", str(path), "--runs",
                              "1000000", "--jobs", "2", "--seed", "ab"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             start_new_session=True)
        children = f"/proc/{p.pid}/task/{p.pid}/children"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with open(children) as f:
                if len(f.read().split()) >= 2:
                    break
            time.sleep(0.01)
        time.sleep(0.3 + 0.2 * attempt)
        os.killpg(p.pid, signal.SIGINT)  # as a terminal does: the whole process group
        _, err = p.communicate(timeout=60)
        assert p.returncode == 130, err.decode()[-2000:]
        assert err.decode().splitlines() == ["pbwcombat: interrupted (Ctrl-C)"], err.decode()


# -- Ctrl-C while the command starts ---------------------------------------------------------------

_AT_IMPORT = """
import os, signal, sys
class _Finder:  # a Ctrl-C that lands exactly while Python imports `module`
    def find_spec(self, name, path=None, target=None):
        if name == os.environ["PBW_SIGINT_AT_IMPORT"]:
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, _Finder())
"""


@pytest.mark.parametrize("module", ["typer", "click", "json.scanner", "tomllib",
                                    "pbwcombat.errors", "pbwcombat.service",
                                    "pbwcombat.render.post"])
def test_SPEC_exit_130_a_ctrl_c_while_importing_is_one_line(encounter, tmp_path, module):
    path = encounter(duel())
    (tmp_path / "hook").mkdir()
    (tmp_path / "hook" / "sitecustomize.py").write_text(_AT_IMPORT, encoding="utf-8")
    env = {"PBW_SIGINT_AT_IMPORT": module, "PYTHONPATH": os.pathsep.join(
        [str(tmp_path / "hook"), *filter(None, [os.environ.get("PYTHONPATH")])])}
    before = snapshot(path)
    p = _child("roll", path, "1d20", env=env)
    assert p.returncode == 130, p.stderr.decode()[-2000:]
    assert p.stderr.decode().splitlines() == ["pbwcombat: interrupted (Ctrl-C)"]
    assert snapshot(path) == before
