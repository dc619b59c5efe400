"""Verifiable dice: `dice commit|salt|reveal` and `verify` (README "Verifiable dice"; R-DIC-2,
R-DIC-3; SPEC: `verify` is read-only)."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import duel
from helpers import dice_table, face, journal_of, ok, snapshot

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
def fight(encounter: Any) -> Path:
    return encounter(duel())


def played(run: Any, path: Path) -> None:
    """A short log: 2 supplied + 0 generated, 3 generated, 1 + 1, 1 supplied + 1 generated."""
    ok(run("roll-initiative", path, "--dice", "10,5"))      # versions 1..
    ok(run("roll", path, "3d6", "--reason", "Spot"))
    ok(run("roll", path, "2d6", "--dice", "4"))
    ok(run("attack", path, "hero", "orc", "--dice", "15"))  # d20 supplied, 1d8 generated


# -- dice commit ----------------------------------------------------------------------------


def test_commit_prints_sha256_of_the_seed(run, fight):
    r = ok(run("dice", "commit", fight))
    seed = dice_table(fight)["seed"]  # created by this first writing command (R-DIC-2)
    assert re.fullmatch(r"[0-9a-f]{64}", seed)
    commitment = hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    assert commitment in r.out
    assert seed not in r.out  # the seed stays secret
    assert "hmac-sha256-v1" in r.out
    # the same commitment later: the seed never changes
    ok(run("roll", fight, "1d20"))
    assert dice_table(fight)["seed"] == seed
    r = ok(run("dice", "commit", fight))
    assert commitment in r.out


def test_commit_on_a_file_with_a_seed_already(run, fight):
    ok(run("roll", fight, "1d20"))
    seed = dice_table(fight)["seed"]
    r = ok(run("dice", "commit", fight, "--format", "json"))
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() in r.out
    assert dice_table(fight)["seed"] == seed


# -- dice salt ------------------------------------------------------------------------------


def test_salt_changes_the_key(run, fight, tmp_path):
    ok(run("dice", "commit", fight))
    twin = tmp_path / "twin.toml"
    shutil.copyfile(fight, twin)
    shutil.copyfile(journal_of(fight), journal_of(twin))
    r = ok(run("dice", "salt", fight, "4817"))
    assert "4817" in r.out
    assert dice_table(fight)["salt"] == "4817"
    seed = dice_table(fight)["seed"]
    assert dice_table(twin)["seed"] == seed
    salted = roll_dice(ok(run("roll", fight, "5d1000", "--format", "json")))
    plain = roll_dice(ok(run("roll", twin, "5d1000", "--format", "json")))
    assert [d["n"] for d in salted] == [d["n"] for d in plain] == [0, 1, 2, 3, 4]
    assert [d["face"] for d in salted] != [d["face"] for d in plain]
    # key = SHA-256(seed ‖ salt) once salted, the seed itself before
    assert [d["face"] for d in salted] == [face(seed, "4817", n, 1000) for n in range(5)]
    assert [d["face"] for d in plain] == [face(seed, "", n, 1000) for n in range(5)]


def test_second_salt_refused_unless_force(run, fight):
    ok(run("dice", "salt", fight, "4817"))
    before = snapshot(fight, mtime=True)
    r = run("dice", "salt", fight, "9999")
    assert r.code == 3, (r.code, r.out, r.err)
    assert "R-DIC-2" in r.err
    assert snapshot(fight, mtime=True) == before
    assert dice_table(fight)["salt"] == "4817"
    ok(run("dice", "salt", fight, "9999", "--force"))
    assert dice_table(fight)["salt"] == "9999"
    seed = dice_table(fight)["seed"]
    (d,) = roll_dice(ok(run("roll", fight, "1d1000", "--format", "json")))
    assert d["face"] == face(seed, "9999", d["n"], 1000)


# -- dice reveal ------------------------------------------------------------------------------


def test_reveal_refused_before_the_end(run, fight):
    ok(run("roll-initiative", fight, "--dice", "10,5"))
    seed = dice_table(fight)["seed"]
    before = snapshot(fight, mtime=True)
    r = run("dice", "reveal", fight)
    assert r.code == 3, (r.code, r.out, r.err)
    assert seed not in r.out and seed not in r.err
    assert snapshot(fight, mtime=True) == before


def test_reveal_with_force(run, fight):
    ok(run("roll-initiative", fight, "--dice", "10,5"))
    seed = dice_table(fight)["seed"]
    r = ok(run("dice", "reveal", fight, "--force"))
    assert seed in r.out


def test_reveal_after_end(run, fight):
    ok(run("roll-initiative", fight, "--dice", "10,5"))
    ok(run("dice", "salt", fight, "77"))
    ok(run("end", fight))
    seed = dice_table(fight)["seed"]
    before = snapshot(fight, mtime=True)
    r = ok(run("dice", "reveal", fight))
    assert seed in r.out
    assert "77" in r.out
    assert snapshot(fight, mtime=True) == before


# -- verify ----------------------------------------------------------------------------------


def test_verify_passes_a_clean_log_and_counts_apart(run, fight):
    played(run, fight)
    before = snapshot(fight, mtime=True)
    r = ok(run("verify", fight, "--format", "json"))
    data = r.json()
    assert data["ok"] is True
    assert data["generated"] == 5    # 3d6, one d6 of 2d6, the 1d8 damage
    assert data["supplied"] == 4     # two initiative d20, one d6, the attack d20
    assert data["failures"] == [] and data["complete"] is True
    assert data["commitment"] == hashlib.sha256(
        bytes.fromhex(dice_table(fight)["seed"])).hexdigest()
    r = ok(run("verify", fight))
    (gen_line,) = [ln for ln in r.out.splitlines() if "generat" in ln.lower()]
    (sup_line,) = [ln for ln in r.out.splitlines() if "supplied" in ln.lower()]
    assert re.search(r"\b5\b", gen_line) and re.search(r"\b4\b", sup_line)
    assert snapshot(fight, mtime=True) == before


def test_verify_with_the_revealed_seed_and_a_salt(run, fight):
    ok(run("roll", fight, "2d20"))           # before the salt: key = seed
    ok(run("dice", "commit", fight))
    ok(run("dice", "salt", fight, "4817"))   # R-LOG-5: before any roll after the commit
    played(run, fight)                       # after: key = SHA-256(seed ‖ salt)
    ok(run("end", fight))
    seed = dice_table(fight)["seed"]
    r = ok(run("verify", fight, "--seed", seed, "--format", "json"))
    assert r.json()["ok"] is True
    assert r.json()["generated"] == 7


def test_verify_catches_a_wrong_seed(run, fight):
    played(run, fight)
    before = snapshot(fight, mtime=True)
    wrong = hashlib.sha256(b"not the seed").hexdigest()
    r = run("verify", fight, "--seed", wrong)
    assert r.code == 3, (r.code, r.out, r.err)
    assert "recomputed" in r.out and "FAILED" in r.out
    assert snapshot(fight, mtime=True) == before


def test_verify_malformed_seed_is_usage_error(run, fight):
    played(run, fight)
    r = run("verify", fight, "--seed", "xyz")
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


def test_verify_catches_a_tampered_log_entry(run, fight):
    played(run, fight)
    assert ok(run("verify", fight)).code == 0
    seq = tamper(fight, "roll")
    before = snapshot(fight, mtime=True)
    r = run("verify", fight)
    assert r.code == 3, (r.code, r.out, r.err)
    bad = [ln for ln in r.out.splitlines() if ln.startswith("FAILED ")]
    assert bad
    assert all(re.search(rf"record {seq}\b", ln, re.I) for ln in bad)
    assert f"record {seq}" in r.err  # R-LOG-3: the first record that fails is named
    assert snapshot(fight, mtime=True) == before  # read-only, even on failure
    j = run("verify", fight, "--format", "json")
    assert j.code == 3
    assert j.json()["ok"] is False
    assert j.json()["failures"]


def test_verify_catches_a_face_changed_only_in_the_post(run, fight):
    played(run, fight)
    recs = records(fight)
    rec = next(r for r in recs if r["command"] == "attack")
    (shown,) = [d for d in dice_in(rec["events"]) if d["n"] is not None]
    shown["face"] = shown["face"] % shown["sides"] + 1
    write_records(fight, recs)
    r = run("verify", fight)
    assert r.code == 3, (r.code, r.out, r.err)
    assert re.search(rf"record {rec['seq']}\b", r.out, re.I)


def test_verify_catches_a_roll_kept_out_of_the_log(run, fight):
    """A journal line removed from the middle leaves a gap in the numbering."""
    ok(run("roll", fight, "2d6"))       # #0 #1
    ok(run("roll", fight, "2d6"))       # #2 #3
    ok(run("roll", fight, "2d6"))       # #4 #5
    recs = records(fight)
    write_records(fight, [recs[0], recs[2]])
    r = run("verify", fight)
    assert r.code == 3, (r.code, r.out, r.err)
    assert re.search(r"#4\b", r.out)  # the first roll after the gap is named


def test_verify_catches_the_first_rolls_kept_out_of_the_log(run, fight):
    """The counter starts at 0 (R-DIC-2): a log whose first generator roll is #2 lacks
    #0 and #1 — a gap in the numbering."""
    ok(run("roll", fight, "2d6"))       # #0 #1 — e.g. a peek the GM wants to hide
    ok(run("roll", fight, "2d6"))       # #2 #3
    ok(run("roll", fight, "2d6"))       # #4 #5
    recs = records(fight)
    write_records(fight, recs[1:])
    r = run("verify", fight)
    assert r.code == 3, (r.code, r.out, r.err)


def test_verify_never_writes(run, fight):
    played(run, fight)
    before = snapshot(fight, mtime=True)
    ok(run("verify", fight))
    ok(run("verify", fight, "--format", "json"))
    ok(run("verify", fight, "--seed", dice_table(fight)["seed"]))
    assert snapshot(fight, mtime=True) == before
