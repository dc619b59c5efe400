"""Verifiable dice: `dice commit|salt|reveal` and `verify` (docs/en/journal-and-dice.md; R-DIC-2,
R-DIC-3; SPEC: `verify` is read-only)."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from helpers import dice_table, duel, face, journal_of, ok, snapshot

# -- helpers -------------------------------------------------------------------------------


def records(path: Path) -> list[dict[str, Any]]:
    text = journal_of(path).read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def write_records(path: Path, recs: list[dict[str, Any]]) -> None:
    text = "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n"
                   for r in recs)
    journal_of(path).write_text(text, encoding="utf-8")


def roll_dice(r: Any) -> list[dict[str, Any]]:
    """The dice of the (single) FreeRolled event of a `roll --format json`."""
    (e,) = [e for e in r.json()["events"] if e["type"] == "FreeRolled"]
    return [d for t in e["roll"]["terms"] for d in t["dice"]]


def dice_in(value: Any) -> list[dict[str, Any]]:
    """Every die dict ({sides, face, n}) anywhere inside `value`."""
    if isinstance(value, dict):
        if {"sides", "face", "n"} <= value.keys():
            return [value]
        return [d for v in value.values() for d in dice_in(v)]
    if isinstance(value, list):
        return [d for v in value for d in dice_in(v)]
    return []


@pytest.fixture
def duel_file(encounter: Any) -> Path:
    """helpers.duel() written to fight.toml."""
    return encounter(duel())


def played(run: Any, path: Path) -> None:
    """A short log: 2 supplied + 0 generated, 3 generated, 1 + 1, 1 supplied + 1 generated."""
    ok(run("roll-initiative", path, "--dice", "10,5"))      # versions 1..
    ok(run("roll", path, "3d6", "--reason", "Spot"))
    ok(run("roll", path, "2d6", "--dice", "4"))
    ok(run("attack", path, "hero", "orc", "--dice", "15"))  # d20 supplied, 1d8 generated


# -- dice commit ----------------------------------------------------------------------------


def test_commit_prints_sha256_of_the_seed(run, duel_file):
    r = ok(run("dice", "commit", duel_file))
    seed = dice_table(duel_file)["seed"]  # created by this first writing command (R-DIC-2)
    assert re.fullmatch(r"[0-9a-f]{64}", seed)
    commitment = hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    assert commitment in r.out
    assert seed not in r.out  # the seed stays secret
    assert "hmac-sha256-v1" in r.out
    # the same commitment later: the seed never changes
    ok(run("roll", duel_file, "1d20"))
    assert dice_table(duel_file)["seed"] == seed
    r = ok(run("dice", "commit", duel_file))
    assert commitment in r.out


def test_commit_on_a_file_with_a_seed_already(run, duel_file):
    ok(run("roll", duel_file, "1d20"))
    seed = dice_table(duel_file)["seed"]
    r = ok(run("dice", "commit", duel_file, "--format", "json"))
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() in r.out
    assert dice_table(duel_file)["seed"] == seed


# -- dice salt ------------------------------------------------------------------------------


def test_salt_changes_the_key(run, duel_file, tmp_path):
    ok(run("dice", "commit", duel_file))
    twin = tmp_path / "twin.toml"
    shutil.copyfile(duel_file, twin)
    shutil.copyfile(journal_of(duel_file), journal_of(twin))
    r = ok(run("dice", "salt", duel_file, "4817"))
    assert "4817" in r.out
    assert dice_table(duel_file)["salt"] == "4817"
    seed = dice_table(duel_file)["seed"]
    assert dice_table(twin)["seed"] == seed
    salted = roll_dice(ok(run("roll", duel_file, "5d1000", "--format", "json")))
    plain = roll_dice(ok(run("roll", twin, "5d1000", "--format", "json")))
    assert [d["n"] for d in salted] == [d["n"] for d in plain] == [0, 1, 2, 3, 4]
    assert [d["face"] for d in salted] != [d["face"] for d in plain]
    # key = SHA-256(seed ‖ salt) once salted, the seed itself before
    assert [d["face"] for d in salted] == [face(seed, "4817", n, 1000) for n in range(5)]
    assert [d["face"] for d in plain] == [face(seed, "", n, 1000) for n in range(5)]


def test_R_LOG_5_second_salt_refused_even_with_force(run, duel_file):
    ok(run("dice", "commit", duel_file))
    ok(run("dice", "salt", duel_file, "4817"))
    before = snapshot(duel_file, mtime=True)
    for extra in ((), ("--force",)):
        r = run("dice", "salt", duel_file, "9999", *extra)
        assert r.code == 3, (r.code, r.out, r.err)
        assert "R-LOG-5" in r.err
        assert snapshot(duel_file, mtime=True) == before
    assert dice_table(duel_file)["salt"] == "4817"


# -- dice reveal ------------------------------------------------------------------------------


def test_reveal_refused_before_the_end(run, duel_file):
    ok(run("roll-initiative", duel_file, "--dice", "10,5"))
    seed = dice_table(duel_file)["seed"]
    before = snapshot(duel_file, mtime=True)
    r = run("dice", "reveal", duel_file)
    assert r.code == 3, (r.code, r.out, r.err)
    assert seed not in r.out and seed not in r.err
    assert snapshot(duel_file, mtime=True) == before


def test_reveal_with_force(run, duel_file):
    ok(run("roll-initiative", duel_file, "--dice", "10,5"))
    seed = dice_table(duel_file)["seed"]
    r = ok(run("dice", "reveal", duel_file, "--force"))
    assert seed in r.out


def test_reveal_after_end(run, duel_file):
    ok(run("dice", "commit", duel_file))
    ok(run("roll-initiative", duel_file, "--dice", "10,5"))  # supplied: no generator roll
    ok(run("dice", "salt", duel_file, "77"))
    ok(run("end", duel_file))
    seed = dice_table(duel_file)["seed"]
    before = snapshot(duel_file, mtime=True)
    r = ok(run("dice", "reveal", duel_file))
    assert seed in r.out
    assert "77" in r.out
    assert snapshot(duel_file, mtime=True) == before


# -- verify ----------------------------------------------------------------------------------


def test_verify_passes_a_clean_log_and_counts_apart(run, duel_file):
    played(run, duel_file)
    before = snapshot(duel_file, mtime=True)
    r = ok(run("verify", duel_file, "--format", "json"))
    data = r.json()
    assert data["ok"] is True
    assert data["generated"] == 5    # 3d6, one d6 of 2d6, the 1d8 damage
    assert data["supplied"] == 4     # two initiative d20, one d6, the attack d20
    assert data["failures"] == [] and data["complete"] is True
    assert data["commitment"] == hashlib.sha256(
        bytes.fromhex(dice_table(duel_file)["seed"])).hexdigest()
    r = ok(run("verify", duel_file))
    (gen_line,) = [ln for ln in r.out.splitlines() if ln.startswith("generator rolls")]
    (sup_line,) = [ln for ln in r.out.splitlines() if ln.startswith("supplied faces")]
    assert re.search(r"\b5\b", gen_line) and re.search(r"\b4\b", sup_line)
    assert snapshot(duel_file, mtime=True) == before


def test_verify_with_the_revealed_seed_and_a_salt(run, duel_file):
    ok(run("roll", duel_file, "2d20"))           # before the salt: key = seed
    ok(run("dice", "commit", duel_file))
    ok(run("dice", "salt", duel_file, "4817"))   # R-LOG-5: before any roll after the commit
    played(run, duel_file)                       # after: key = SHA-256(seed ‖ salt)
    ok(run("end", duel_file))
    seed = dice_table(duel_file)["seed"]
    r = ok(run("verify", duel_file, "--seed", seed, "--format", "json"))
    assert r.json()["ok"] is True
    assert r.json()["generated"] == 7


def test_verify_catches_a_wrong_seed(run, duel_file):
    played(run, duel_file)
    before = snapshot(duel_file, mtime=True)
    wrong = hashlib.sha256(b"not the seed").hexdigest()
    r = run("verify", duel_file, "--seed", wrong)
    assert r.code == 3, (r.code, r.out, r.err)
    assert "recomputed" in r.out and "FAILED" in r.out
    assert snapshot(duel_file, mtime=True) == before


def test_verify_malformed_seed_is_usage_error(run, duel_file):
    played(run, duel_file)
    r = run("verify", duel_file, "--seed", "xyz")
    assert r.code == 2


def tamper(path: Path, command: str) -> int:
    """Change one generated face of the first `command` record, in "rolls" and in the post
    ("events") alike, as a forger would. Returns that record's seq."""
    recs = records(path)
    rec = next(r for r in recs if r["command"] == command)
    rolled = next(d for d in rec["rolls"] if d["n"] is not None)
    n, sides, old = rolled["n"], rolled["sides"], rolled["face"]
    new = old % sides + 1
    rolled["face"] = new
    shown = [d for d in dice_in(rec["events"]) if d["n"] == n]
    assert shown, "the post shows the die"
    for d in shown:
        d["face"] = new
    write_records(path, recs)
    return int(rec["seq"])


def test_verify_catches_a_tampered_log_entry(run, duel_file):
    played(run, duel_file)
    assert ok(run("verify", duel_file)).code == 0
    seq = tamper(duel_file, "roll")
    before = snapshot(duel_file, mtime=True)
    r = run("verify", duel_file)
    assert r.code == 3, (r.code, r.out, r.err)
    bad = [ln for ln in r.out.splitlines() if ln.startswith("FAILED ")]
    assert bad
    assert all(re.search(rf"record {seq}\b", ln, re.I) for ln in bad)
    assert f"record {seq}" in r.err  # R-LOG-3: the first record that fails is named
    assert snapshot(duel_file, mtime=True) == before  # read-only, even on failure
    j = run("verify", duel_file, "--format", "json")
    assert j.code == 3
    assert j.json()["ok"] is False
    assert j.json()["failures"]


def test_verify_catches_a_face_changed_only_in_the_post(run, duel_file):
    played(run, duel_file)
    recs = records(duel_file)
    rec = next(r for r in recs if r["command"] == "attack")
    (shown,) = [d for d in dice_in(rec["events"]) if d["n"] is not None]
    shown["face"] = shown["face"] % shown["sides"] + 1
    write_records(duel_file, recs)
    r = run("verify", duel_file)
    assert r.code == 3, (r.code, r.out, r.err)
    assert re.search(rf"record {rec['seq']}\b", r.out, re.I)


def test_verify_catches_a_roll_kept_out_of_the_log(run, duel_file):
    """A journal line removed from the middle leaves a gap in the numbering."""
    ok(run("roll", duel_file, "2d6"))       # #0 #1
    ok(run("roll", duel_file, "2d6"))       # #2 #3
    ok(run("roll", duel_file, "2d6"))       # #4 #5
    recs = records(duel_file)
    write_records(duel_file, [recs[0], recs[2]])
    r = run("verify", duel_file)
    assert r.code == 3, (r.code, r.out, r.err)
    assert re.search(r"#4\b", r.out)  # the first roll after the gap is named


def test_verify_catches_the_first_rolls_kept_out_of_the_log(run, duel_file):
    """The counter starts at 0 (R-DIC-2): a log whose first generator roll is #2 lacks
    #0 and #1 — a gap in the numbering."""
    ok(run("roll", duel_file, "2d6"))       # #0 #1 — e.g. a peek the GM wants to hide
    ok(run("roll", duel_file, "2d6"))       # #2 #3
    ok(run("roll", duel_file, "2d6"))       # #4 #5
    recs = records(duel_file)
    write_records(duel_file, recs[1:])
    r = run("verify", duel_file)
    assert r.code == 3, (r.code, r.out, r.err)


def test_verify_never_writes(run, duel_file):
    played(run, duel_file)
    before = snapshot(duel_file, mtime=True)
    ok(run("verify", duel_file))
    ok(run("verify", duel_file, "--format", "json"))
    ok(run("verify", duel_file, "--seed", dice_table(duel_file)["seed"]))
    assert snapshot(duel_file, mtime=True) == before


# == R-LOG: the five dice-fishing tricks, as a player would try them ===========================


def set_key(path: Path, table: str, key: str, value: str) -> None:
    """A hand edit of `key = value` inside `[table]` of the encounter file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    inside = False
    for i, line in enumerate(lines):
        if line.startswith("["):
            inside = line.strip() == f"[{table}]"
        elif inside and line.split("=")[0].strip() == key:
            lines[i] = f"{key} = {value}"
            break
    else:
        raise AssertionError(f"no {key} in [{table}]")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def d20s(r: Any) -> list[int]:
    return [d["face"] for d in roll_dice(r)]


def test_R_LOG_5_fishing_1_salt_grinding_is_refused(run, duel_file):
    """`dice salt F s --force` → `attack --dry-run` → `undo`, until a natural 20 shows."""
    ok(run("dice", "commit", duel_file))
    ok(run("dice", "salt", duel_file, "first"))
    before = snapshot(duel_file)
    r = run("dice", "salt", duel_file, "second", "--force")
    assert r.code == 3 and "R-LOG-5" in r.err, (r.code, r.err)
    r = run("undo", duel_file)  # the salt cannot be undone either (R-LOG-1)
    assert r.code == 3 and "R-LOG-1" in r.err, (r.code, r.err)
    assert snapshot(duel_file) == before
    ok(run("roll-initiative", duel_file, "--dice", "15,5"))
    dry = ok(run("roll", duel_file, "20d20", "--dry-run", "--format", "json"))
    real = ok(run("roll", duel_file, "20d20", "--format", "json"))
    assert d20s(dry) != d20s(real)  # R-LOG-6: the dry run did not show the real dice
    assert ok(run("verify", duel_file)).out.splitlines()[-1].startswith("Verdict: all ")


def test_R_LOG_5_salt_after_a_generator_roll_following_the_commitment_is_refused(run, duel_file):
    ok(run("dice", "commit", duel_file))
    ok(run("roll", duel_file, "1d20"))
    ok(run("undo", duel_file))  # an undone roll was still seen
    before = snapshot(duel_file)
    r = run("dice", "salt", duel_file, "late")
    assert r.code == 3 and "R-LOG-5" in r.err, (r.code, r.err)
    assert snapshot(duel_file) == before


def test_R_LOG_2_fishing_2_salt_edited_by_hand_after_commit_is_refused(run, duel_file):
    ok(run("dice", "commit", duel_file))
    ok(run("dice", "salt", duel_file, "4817"))
    ok(run("roll", duel_file, "1d20"))
    set_key(duel_file, "dice", "salt", '"1234"')
    before = snapshot(duel_file)
    r = run("roll", duel_file, "1d20")
    assert r.code == 3 and "R-LOG-2" in r.err and "dice.salt" in r.err, (r.code, r.err)
    assert snapshot(duel_file) == before
    r = run("roll", duel_file, "1d20", "--force", "--format", "plain")
    assert r.code == 0, r.err
    assert "Edited by hand: dice.salt changed" in r.out
    assert "1234" not in r.out and "4817" not in r.out  # [dice] values never shown
    r = run("verify", duel_file)
    assert r.code == 3, (r.code, r.out)
    assert "record 4" in r.err and "[dice] edited by hand" in r.out


def test_R_LOG_3_fishing_2_seed_edited_by_hand_after_commit_fails_verify(run, duel_file):
    ok(run("dice", "commit", duel_file))
    set_key(duel_file, "dice", "seed", '"' + "ab" * 32 + '"')
    assert run("roll", duel_file, "1d20").code == 3
    ok(run("roll", duel_file, "1d20", "--force"))
    r = run("verify", duel_file)
    assert r.code == 3
    assert "record 1" in r.err  # the seed no longer hashes to the commitment


def test_R_LOG_3_fishing_2_salt_changed_in_a_journal_record_fails_verify(run, duel_file):
    ok(run("dice", "commit", duel_file))
    ok(run("dice", "salt", duel_file, "4817"))
    ok(run("roll", duel_file, "2d20"))
    recs = records(duel_file)
    recs[2]["salt"] = ""  # the roll claims the unsalted key
    for d in recs[2]["rolls"]:
        d["face"] = face(dice_table(duel_file)["seed"], "", d["n"], 20)
    for d in dice_in(recs[2]["events"]):
        d["face"] = face(dice_table(duel_file)["seed"], "", d["n"], 20)
    write_records(duel_file, recs)
    r = run("verify", duel_file)
    assert r.code == 3, r.out
    assert "record 3" in r.err and "salt" in r.err


def test_R_LOG_1_fishing_3_undo_then_another_command_is_listed_by_log_and_verify(run, duel_file):
    """An attack rolled #2 and hit; after undo a `roll --reason Spot` used #2."""
    ok(run("roll-initiative", duel_file, "--dice", "15,5"))
    ok(run("roll", duel_file, "2d6", "--reason", "Warmup"))        # #0 #1
    first = ok(run("attack", duel_file, "hero", "orc", "--format", "json"))
    attack_dice = [d for e in first.json()["events"] for d in dice_in(e)]
    assert attack_dice[0]["n"] == 2
    ok(run("undo", duel_file))
    spot = ok(run("roll", duel_file, "1d20", "--reason", "Spot", "--format", "json"))
    assert roll_dice(spot)[0]["n"] == 2
    r = ok(run("verify", duel_file))  # not an error (an honest GM may undo a mistaken target)
    line = f"Die #2: {attack_dice[0]['face']} in the undone command “attack”, then " \
           f"{roll_dice(spot)[0]['face']} in “roll Spot”"
    assert line in r.out
    assert "undone commands: 1" in r.out
    log = ok(run("log", duel_file, "--format", "plain"))
    assert line in log.out
    assert "(undone by record 4)" in log.out
    j = ok(run("verify", duel_file, "--format", "json")).json()
    assert j["reuses"][0]["first"] == "attack" and j["reuses"][0]["then"] == "roll Spot"


def test_R_LOG_3_fishing_3_the_undone_rolls_are_checked_too(run, duel_file):
    ok(run("roll", duel_file, "3d6"))
    ok(run("undo", duel_file))
    ok(run("roll", duel_file, "1d20"))
    recs = records(duel_file)
    assert recs[0]["type"] == "command" and recs[1]["type"] == "undo"
    d = recs[0]["rolls"][1]
    d["face"] = d["face"] % 6 + 1
    write_records(duel_file, recs)
    r = run("verify", duel_file)
    assert r.code == 3 and "record 1" in r.err, (r.out, r.err)


def test_R_LOG_3_fishing_4_a_deleted_journal_fails_verify(run, duel_file):
    played(run, duel_file)
    journal_of(duel_file).unlink()
    r = run("verify", duel_file)
    assert r.code == 3, r.out
    assert "incomplete" in r.out


def test_R_LOG_3_fishing_4_a_truncated_journal_fails_verify(run, duel_file):
    played(run, duel_file)
    recs = records(duel_file)
    write_records(duel_file, recs[:-1])
    r = run("verify", duel_file)
    assert r.code == 3, r.out
    assert "not the state recorded last" in r.out


def test_R_LOG_3_fishing_4_a_journal_without_its_start_is_incomplete(run, duel_file):
    played(run, duel_file)
    recs = records(duel_file)
    write_records(duel_file, recs[2:])
    r = run("verify", duel_file)
    assert r.code == 3, r.out
    assert "record 3" in r.err and "incomplete" in r.err


def test_R_LOG_3_a_record_removed_from_the_middle_breaks_the_chain(run, duel_file):
    played(run, duel_file)
    recs = records(duel_file)
    write_records(duel_file, recs[:1] + recs[2:])
    r = run("verify", duel_file)
    assert r.code == 3
    assert "record 3" in r.err and "before-hash" in r.err


def test_R_LOG_6_fishing_5_dry_run_never_shows_the_real_rolls(run, duel_file):
    ok(run("roll", duel_file, "1d20"))
    before = snapshot(duel_file)
    dry = ok(run("roll", duel_file, "30d20", "--dry-run", "--format", "plain"))
    assert "Dry run: the generator dice shown are not the real ones" in dry.out
    assert snapshot(duel_file) == before
    dry_json = ok(run("roll", duel_file, "30d20", "--dry-run", "--format", "json"))
    assert snapshot(duel_file) == before
    seed = dice_table(duel_file)["seed"]
    real_next = [face(seed, "", n, 20) for n in range(1, 31)]
    assert d20s(dry_json) != real_next
    es = ok(run("roll", duel_file, "1d20", "--dry-run", "--lang", "es", "--format", "plain"))
    assert "Simulación: los dados del generador que se muestran no son los reales" in es.out


def test_R_LOG_3_an_honest_fight_with_undos_and_hand_edits_verifies(run, duel_file):
    ok(run("dice", "commit", duel_file))
    ok(run("dice", "salt", duel_file, "players-4817"))
    ok(run("roll-initiative", duel_file))
    ok(run("attack", duel_file, "hero", "orc", "--force"))
    ok(run("undo", duel_file))                               # a mistaken attack, undone
    ok(run("attack", duel_file, "hero", "orc", "--force"))   # redone: the same dice
    text = duel_file.read_text(encoding="utf-8").replace('name = "Orc"', 'name = "Orc the Bold"')
    duel_file.write_text(text, encoding="utf-8")             # a hand edit
    r = ok(run("roll", duel_file, "1d20", "--reason", "Spot", "--format", "plain"))
    assert "Edited by hand: Orc the Bold name Orc → Orc the Bold" in r.out
    duel_file.write_text(duel_file.read_text(encoding="utf-8").replace("Orc the Bold", "Orc"),
                     encoding="utf-8")
    ok(run("undo", duel_file))                               # undoes the second hand edit
    ok(run("end", duel_file, "--force"))
    seed = ok(run("dice", "reveal", duel_file, "--format", "json")).json()["seed"]
    r = ok(run("verify", duel_file, "--seed", seed))
    assert r.out.splitlines()[-1].startswith("Verdict: all ")
    assert "undone commands: 1" in r.out
    assert "in the undone" not in r.out  # the redo rolled the same dice: nothing to list
    kinds = [x["type"] for x in records(duel_file)]
    assert kinds.count("edit") == 2 and kinds.count("undo") == 2
    log = ok(run("log", duel_file, "--format", "plain"))
    assert "Hand edit" in log.out and "(undone by record" in log.out


def test_R_LOG_1_reuse_listed_in_spanish_with_the_commands_named(run, duel_file):
    ok(run("roll", duel_file, "1d20", "--reason", "Primera"))
    ok(run("undo", duel_file))
    ok(run("roll", duel_file, "1d20", "--reason", "Avistar"))
    r = ok(run("log", duel_file, "--lang", "es", "--format", "plain"))
    assert "Números de dado usados de nuevo tras deshacer:" in r.out
    (line,) = [x for x in r.out.splitlines() if x.startswith("- Dado #0: ")]
    assert "Primera" in line and "Avistar" in line and "paso deshecho" in line
