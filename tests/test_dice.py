"""Dice (R-DIC-1..4): expressions, the hmac-sha256-v1 generator, supplied faces, replays.

The generator is recomputed here independently from the seed the tool writes in `[dice]`,
exactly as RULES.md R-DIC-2 words it. Dice are fed only through `--dice`.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import shutil
import time
import types
from pathlib import Path
from typing import Any

import pytest
from conftest import duel
from helpers import dice_key, dice_table, doc, ref_face, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pbwcombat.dice as dice_mod
from pbwcombat.dice import parse
from pbwcombat.errors import UsageError

# -- helpers -------------------------------------------------------------------------------


def key_of(path: Path) -> bytes:
    table = dice_table(path)
    return dice_key(table["seed"], table.get("salt", ""))


def rolled(payload: dict[str, Any]) -> list[tuple[int, int, int | None]]:
    """(sides, face, n) of every die in a JSON post, in event order."""
    out = []
    for e in payload["events"]:
        roll = e.get("roll")
        if not roll:
            continue
        for term in roll["terms"]:
            for d in term.get("dice", []):
                out.append((d["sides"], d["face"], d["n"]))
    return out


@pytest.fixture
def seeded(run, encounter):
    """A duel whose file already holds a generator seed (one roll made, n = 1)."""
    path = encounter(duel(gridless=True))
    r = run("roll", path, "1d20")
    assert r.code == 0, r.err
    assert dice_table(path)["n"] == 1
    return path


# -- R-DIC-1: the expression grammar ---------------------------------------------------------


VALID = [
    ("1d20+5", 6, 25),
    ("2d6+1d4-1", 2, 15),
    ("1d100", 1, 100),
    ("100d1000", 100, 100_000),
    ("1d1", 1, 1),
    ("7", 7, 7),
    ("1d6-10", -9, -4),
    ("+".join(["1d6"] * 20), 20, 120),
]


def test_R_DIC_1_valid_expressions_roll_within_bounds(run, seeded):
    for expr, low, high in VALID:
        r = run("roll", seeded, expr, "--format", "json")
        assert r.code == 0, (expr, r.err)
        (event,) = [e for e in r.json()["events"] if e.get("roll")]
        assert low <= event["roll"]["total"] <= high, expr


BAD = [
    "", "1d", "d", "1d20+", "+", "1d20++5", "2x6", "1d0", "101d6", "1d1001", "1d20 5",
    "abc", "1d2.5", "1d20*2", "1d20+5)", "1000000000000d6", "1d99999999999",
    "+".join(["1d6"] * 21), "1d6+" * 5000 + "1",
]


@pytest.mark.parametrize("expr", BAD)
def test_R_DIC_1_bad_expressions_are_usage_errors_fast(expr):
    start = time.perf_counter()
    with pytest.raises(UsageError) as info:
        parse(expr)
    assert info.value.exit_code == 2
    assert time.perf_counter() - start < 0.5


def test_R_DIC_1_bad_expressions_exit_2_and_leave_file(run, seeded):
    before = snapshot(seeded)
    for expr in ["", "1d", "2x6", "101d6", "1d1001", "+".join(["1d6"] * 21),
                 "1000000000000d6", "1d6+" * 5000 + "1"]:
        start = time.perf_counter()
        r = run("roll", seeded, expr)
        assert r.code == 2, (expr, r.code, r.out, r.err)
        assert r.err.strip()
        assert time.perf_counter() - start < 1.0
        assert snapshot(seeded) == before


def test_R_DIC_1_bad_weapon_damage_expression_is_an_invalid_file(run, encounter):
    path = encounter(duel(gridless=True).replace('damage = "1d8+3"', 'damage = "1d"'))
    r = run("validate", path)
    assert r.code == 65
    assert "damage" in r.err


@st.composite
def expressions(draw: st.DrawFn, max_terms: int = 20, max_count: int = 100
                ) -> tuple[str, int, int]:
    """Canonical expressions within the limits, with their lowest and highest totals."""
    n_terms = draw(st.integers(1, max_terms))
    out = ""
    low = high = 0
    for i in range(n_terms):
        neg = draw(st.booleans())
        if i:
            out += "-" if neg else "+"
        elif neg:
            out += "-"
        if draw(st.booleans()):
            count, sides = draw(st.integers(1, max_count)), draw(st.integers(1, 1000))
            out += f"{count}d{sides}"
            lo, hi = count, count * sides
        else:
            value = draw(st.integers(0, 10**6))
            out += str(value)
            lo = hi = value
        if neg:
            lo, hi = -hi, -lo
        low, high = low + lo, high + hi
    return out, low, high


@settings(max_examples=100, deadline=None)
@given(case=expressions())
def test_R_DIC_1_str_of_parse_round_trips(case):
    expr = case[0]
    parsed = parse(expr)
    assert str(parsed) == expr
    assert parse(str(parsed)) == parsed


@settings(max_examples=100, deadline=None)
@given(case=expressions())
def test_R_DIC_1_short_forms_round_trip_to_canonical(case):
    expr = case[0]
    short = "d" + expr[2:] if expr.startswith("1d") else expr
    assert str(parse(short)) == str(parse(expr))


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=expressions(max_terms=6, max_count=20))
def test_R_DIC_1_valid_expressions_roll_within_bounds_property(run, seeded, case):
    expr, low, high = case
    r = run("roll", seeded, expr, "--dry-run", "--format", "json")
    assert r.code == 0, (expr, r.err)
    (event,) = [e for e in r.json()["events"] if e.get("roll")]
    assert low <= event["roll"]["total"] <= high
    key = key_of(seeded)
    n = dice_table(seeded)["n"]
    dice = rolled(r.json())
    assert [d[2] for d in dice] == list(range(n, n + len(dice)))
    for sides, face, die_n in dice:
        assert 1 <= face <= sides
        assert face == ref_face(key, die_n, sides)


@settings(max_examples=100, deadline=None)
@given(count=st.integers(101, 10**6), sides=st.integers(1, 1000))
def test_R_DIC_1_more_than_100_dice_is_a_usage_error(count, sides):
    with pytest.raises(UsageError) as info:
        parse(f"{count}d{sides}")
    assert info.value.exit_code == 2


@settings(max_examples=100, deadline=None)
@given(sides=st.integers(1001, 10**6), count=st.integers(1, 100))
def test_R_DIC_1_more_than_1000_sides_is_a_usage_error(sides, count):
    with pytest.raises(UsageError) as info:
        parse(f"{count}d{sides}")
    assert info.value.exit_code == 2


@settings(max_examples=50, deadline=None)
@given(extra=st.integers(21, 60))
def test_R_DIC_1_more_than_20_terms_is_a_usage_error(extra):
    with pytest.raises(UsageError):
        parse("+".join(["1d4"] * extra))


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet="0123456789dD+- x.*()", max_size=30))
def test_R_DIC_1_parser_accepts_or_refuses_cleanly(text):
    """Any text either parses (and then round-trips) or is a UsageError, never a crash."""
    try:
        parsed = parse(text)
    except UsageError:
        return
    assert parse(str(parsed)) == parsed


# -- R-DIC-2: the generator ----------------------------------------------------------------


def test_R_DIC_2_first_write_creates_secret_32_byte_seed(run, encounter, tmp_path):
    a = encounter(duel(gridless=True), name="a.toml")
    b = encounter(duel(gridless=True), name="b.toml")
    assert "dice" not in doc(a)
    assert run("roll", a, "1d20").code == 0
    assert run("roll", b, "1d20").code == 0
    ta, tb = dice_table(a), dice_table(b)
    assert ta["algorithm"] == "hmac-sha256-v1"
    assert len(bytes.fromhex(ta["seed"])) == 32
    assert ta["seed"] != tb["seed"]
    assert ta["n"] == 1


def test_R_DIC_2_generated_faces_recomputed_from_seed(run, encounter):
    path = encounter(duel(gridless=True))
    expr = "1d20+2d6+1d100+1d1000+1d3+1d7+1d2-1d12"
    r = run("roll", path, expr, "--format", "json")
    assert r.code == 0, r.err
    key = key_of(path)
    dice = rolled(r.json())
    assert [s for s, _, _ in dice] == [20, 6, 6, 100, 1000, 3, 7, 2, 12]
    assert [n for _, _, n in dice] == list(range(9))
    assert [f for _, f, _ in dice] == [ref_face(key, n, s) for s, _, n in dice]
    assert dice_table(path)["n"] == 9
    # the next command goes on from the counter
    r = run("roll", path, "3d20", "--format", "json")
    dice = rolled(r.json())
    assert [n for _, _, n in dice] == [9, 10, 11]
    assert [f for _, f, _ in dice] == [ref_face(key, n, 20) for n in (9, 10, 11)]
    assert dice_table(path)["n"] == 12


def test_R_DIC_2_post_and_log_show_roll_number(run, seeded):
    key = key_of(seeded)
    face = ref_face(key, 1, 20)
    r = run("roll", seeded, "1d20", "--format", "plain")
    assert r.code == 0
    assert f"({face} #1)" in r.out
    log = run("log", seeded, "--format", "plain")
    assert log.code == 0
    assert f"({face} #1)" in log.out


def test_R_DIC_2_initiative_uses_generator_in_file_order(run, seeded):
    key = key_of(seeded)
    r = run("roll-initiative", seeded, "--format", "json")
    assert r.code == 0, r.err
    hero, orc = ref_face(key, 1, 20), ref_face(key, 2, 20)
    d = doc(seeded)
    people = {c["id"]: c for c in d["combatants"]}
    assert people["hero"]["initiative"] == hero + 2
    assert people["orc"]["initiative"] == orc + 0
    assert d["dice"]["n"] >= 3


def test_R_DIC_2_salt_changes_key_to_sha256_of_seed_and_salt(run, seeded):
    r = run("dice", "salt", seeded, "4817")
    assert r.code == 0, r.err
    table = dice_table(seeded)
    assert table["salt"] == "4817"
    key = hashlib.sha256(bytes.fromhex(table["seed"]) + b"4817").digest()
    n = table["n"]
    r = run("roll", seeded, "4d20", "--format", "json")
    dice = rolled(r.json())
    assert [f for _, f, _ in dice] == [ref_face(key, n + i, 20) for i in range(4)]
    assert [n_ for _, _, n_ in dice] == [n, n + 1, n + 2, n + 3]


def _fake_hmac(forced: dict[bytes, int]) -> types.SimpleNamespace:
    """An `hmac` stand-in whose digest for message `m` starts with forced[m] (8 bytes)."""

    class _Digest:
        def __init__(self, key: bytes, msg: bytes, digestmod: Any) -> None:
            self._real = hmac.new(key, msg, digestmod)
            self._msg = msg

        def digest(self) -> bytes:
            real = self._real.digest()
            if self._msg in forced:
                return forced[self._msg].to_bytes(8, "big") + real[8:]
            return real

        def hexdigest(self) -> str:
            return self.digest().hex()

    def new(key: bytes, msg: bytes = b"", digestmod: Any = None) -> _Digest:
        return _Digest(key, msg, digestmod)

    def digest(key: bytes, msg: bytes, digest: Any) -> bytes:
        return _Digest(key, msg, digest).digest()

    return types.SimpleNamespace(new=new, digest=digest, compare_digest=hmac.compare_digest,
                                 HMAC=hmac.HMAC)


def test_R_DIC_2_rejection_sampling_tries_next_k(run, seeded, monkeypatch):
    """k = 0 gives w = 2**64 - 1, which is ≥ 2**64 - 2**64 % 20: rejected, k = 1 decides.

    No seed yields a rejection in practice (odds ~2**-60), so the HMAC's first 8 bytes are
    forced for the message "1:0"; every other message keeps its real digest."""
    key = key_of(seeded)
    monkeypatch.setattr(dice_mod, "hmac", _fake_hmac({b"1:0": 2**64 - 1}))
    r = run("roll", seeded, "1d20", "--format", "json")
    assert r.code == 0, r.err
    ((_, face, n),) = rolled(r.json())
    assert n == 1
    real = hmac.new(key, b"1:1", hashlib.sha256).digest()
    assert face == int.from_bytes(real[:8], "big") % 20 + 1
    assert dice_table(seeded)["n"] == 2  # one die, one counter step, however many k


REJECTION_CASES = [
    (20, 2**64 - 16, False),      # w == limit: rejected
    (20, 2**64 - 17, True),       # w == limit - 1: accepted, face (w % 20) + 1 = 20
    (8, 2**64 - 1, True),         # 2**64 % 8 == 0: nothing is ever rejected
    (6, 2**64 - 4, False),        # limit for d6 is 2**64 - 4
    (6, 0, True),
]


def test_R_DIC_2_rejection_limit_is_2_64_minus_remainder(run, seeded, monkeypatch):
    key = key_of(seeded)
    for sides, w, accepted in REJECTION_CASES:
        n = dice_table(seeded)["n"]
        monkeypatch.setattr(dice_mod, "hmac", _fake_hmac({f"{n}:0".encode(): w}))
        r = run("roll", seeded, f"1d{sides}", "--format", "json")
        assert r.code == 0, r.err
        ((_, face, die_n),) = rolled(r.json())
        assert die_n == n
        if accepted:
            assert face == w % sides + 1, (sides, w)
        else:
            real = hmac.new(key, f"{n}:1".encode(), hashlib.sha256).digest()
            assert face == int.from_bytes(real[:8], "big") % sides + 1, (sides, w)
        assert dice_table(seeded)["n"] == n + 1


# -- R-DIC-3: supplied faces ----------------------------------------------------------------


def test_R_DIC_3_supplied_faces_first_then_generator_without_advancing(run, seeded):
    key = key_of(seeded)
    r = run("roll", seeded, "3d6", "--dice", "2,5", "--format", "json")
    assert r.code == 0, r.err
    dice = rolled(r.json())
    assert dice[0] == (6, 2, None)
    assert dice[1] == (6, 5, None)
    assert dice[2] == (6, ref_face(key, 1, 6), 1)
    assert dice_table(seeded)["n"] == 2
    assert "unused_dice" not in r.json()
    assert r.err == ""


def test_R_DIC_3_all_supplied_leaves_counter(run, seeded):
    r = run("roll", seeded, "2d6+1d20", "--dice", "6,6,17")
    assert r.code == 0, r.err
    assert dice_table(seeded)["n"] == 1


@pytest.mark.parametrize("lang,word", [("en", "supplied"), ("es", "externo")])
def test_R_DIC_3_supplied_faces_marked_in_post_and_log(run, seeded, lang, word):
    key = key_of(seeded)
    r = run("roll", seeded, "2d20", "--dice", "17", "--format", "plain", "--lang", lang)
    assert r.code == 0, r.err
    assert f"17 {word}" in r.out
    assert f"{ref_face(key, 1, 20)} #1" in r.out
    log = run("log", seeded, "--last", "1", "--format", "plain", "--lang", lang)
    assert f"17 {word}" in log.out


def test_R_DIC_3_supplied_marking_in_log_records(run, seeded):
    run("roll", seeded, "2d20", "--dice", "17")
    log = run("log", seeded, "--last", "1", "--format", "json")
    assert log.code == 0
    dice = []
    for rec in log.json()["records"]:
        dice += rolled(rec)
    assert (20, 17, None) in dice
    assert any(n == 1 for _, _, n in dice)


def test_R_DIC_3_face_outside_die_is_exit_2(run, seeded):
    before = snapshot(seeded)
    for expr, faces in [("1d6", "7"), ("1d20", "21"), ("1d20", "0"), ("2d6+1d20", "6,7"),
                        ("1d4+1d20", "20"), ("1d20", "x"), ("1d20", "-3"), ("1d20", "3.5")]:
        r = run("roll", seeded, expr, "--dice", faces)
        assert r.code == 2, (expr, faces, r.code, r.out, r.err)
        assert snapshot(seeded) == before


def test_R_DIC_3_face_outside_die_in_initiative_is_exit_2(run, encounter):
    path = encounter(duel(gridless=True))
    before = path.read_bytes()
    r = run("roll-initiative", path, "--dice", "10,25")
    assert r.code == 2
    assert path.read_bytes() == before


def test_R_DIC_3_unused_faces_warned_on_stderr(run, seeded):
    r = run("roll", seeded, "1d6", "--dice", "3,4,19", "--format", "plain")
    assert r.code == 0, r.err
    assert "warning" in r.err.lower()
    assert "4" in r.err and "19" in r.err
    assert "19" not in r.out.replace("(3 supplied)", "")


def test_R_DIC_3_unused_faces_listed_in_json(run, seeded):
    r = run("roll", seeded, "1d6", "--dice", "3,4,19", "--format", "json")
    assert r.code == 0
    payload = json.loads(r.out)
    assert payload["unused_dice"] == [4, 19]
    assert "4" in r.err and "19" in r.err


def test_R_DIC_3_unused_faces_on_a_command_without_dice(run, encounter):
    path = encounter(duel(gridless=True))
    assert run("roll-initiative", path, "--dice", "10,5").code == 0
    r = run("next", path, "--dice", "12", "--format", "json")
    assert r.code == 0, r.err
    assert r.json()["unused_dice"] == [12]
    assert "12" in r.err


# -- R-DIC-4: draw order ----------------------------------------------------------------------


def test_R_DIC_4_attack_draws_d20_confirm_then_damage_per_multiple(run, encounter):
    path = encounter(duel(gridless=True))
    assert run("roll-initiative", path, "--dice", "15,5").code == 0
    r = run("attack", path, "hero", "orc", "--dice", "19,15,3,5", "--format", "json")
    assert r.code == 0, r.err
    assert [(s, f) for s, f, _ in rolled(r.json())] == [(20, 19), (20, 15), (8, 3), (8, 5)]
    (damage,) = [e for e in r.json()["events"] if e["type"] == "DamageRolled"]
    assert damage["amount"] == (3 + 3) + (5 + 3)


def test_R_DIC_4_gm_damage_dice_left_to_right(run, seeded):
    r = run("hp", seeded, "hero", "-1d4+1d6", "--dice", "4,1", "--format", "json")
    assert r.code == 0, r.err
    assert [(s, f) for s, f, _ in rolled(r.json())] == [(4, 4), (6, 1)]
    hero = next(c for c in doc(seeded)["combatants"] if c["id"] == "hero")
    assert hero["hp"] == 20 - 5


# -- R-DIC-2: same file + same action → same rolls; undo/redo never re-rolls -----------------


def test_R_DIC_2_same_file_same_action_same_rolls(run, seeded, tmp_path):
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    shutil.copyfile(seeded, a)
    shutil.copyfile(seeded, b)
    ra = run("roll-initiative", a, "--format", "json")
    rb = run("roll-initiative", b, "--format", "json")
    assert ra.code == rb.code == 0
    assert rolled(ra.json()) == rolled(rb.json())
    assert ra.out == rb.out
    assert a.read_bytes() == b.read_bytes()
    ra = run("roll", a, "5d100+3d6", "--format", "json")
    rb = run("roll", b, "5d100+3d6", "--format", "json")
    assert rolled(ra.json()) == rolled(rb.json())
    assert all(n is not None for _, _, n in rolled(ra.json()))


def test_R_DIC_2_undo_then_redo_gives_same_rolls(run, seeded):
    first = run("roll-initiative", seeded, "--format", "json")
    assert first.code == 0
    after = seeded.read_bytes()
    assert run("undo", seeded).code == 0
    again = run("roll-initiative", seeded, "--format", "json")
    assert again.code == 0
    assert rolled(again.json()) == rolled(first.json())
    assert seeded.read_bytes() == after
    r1 = run("roll", seeded, "10d20", "--format", "json")
    assert run("undo", seeded).code == 0
    r2 = run("roll", seeded, "10d20", "--format", "json")
    assert rolled(r1.json()) == rolled(r2.json())
