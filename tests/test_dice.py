"""Dice (R-DIC-1..4): expressions, the hmac-sha256-v1 generator, supplied faces, replays.

The generator is recomputed here independently from the seed the tool writes in `[dice]`,
exactly as RULES.md R-DIC-2 words it. Dice are fed only through `--dice`.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import dice_key, dice_table, doc, duel, journal_of, ref_face, snapshot
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
    "abc", "1d2.5", "1d20*1d4", "1d6/0", "1d20+5)", "1000000000000d6", "1d99999999999",
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
    key = key_of(seeded)
    n = dice_table(seeded)["n"]
    r = run("roll", seeded, expr, "--format", "json")
    assert r.code == 0, (expr, r.err)
    (event,) = [e for e in r.json()["events"] if e.get("roll")]
    assert low <= event["roll"]["total"] <= high
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
    assert run("dice", "commit", seeded).code == 0  # R-LOG-9: the salt after the commitment
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


def _fake_hmac(forced: dict[bytes, int]) -> Callable[[bytes, bytes], bytes]:
    """A stand-in for `dice.hmac_sha256` whose digest for message `m` starts with forced[m]
    (8 bytes); every other message keeps its real HMAC-SHA256 (the standard library's)."""

    def digest(key: bytes, msg: bytes) -> bytes:
        real = hmac.new(key, msg, hashlib.sha256).digest()
        if msg in forced:
            return forced[msg].to_bytes(8, "big") + real[8:]
        return real

    return digest


def test_R_DIC_2_rejection_sampling_tries_next_k(run, seeded, monkeypatch):
    """k = 0 gives w = 2**64 - 1, which is ≥ 2**64 - 2**64 % 20: rejected, k = 1 decides.

    No seed yields a rejection in practice (odds ~2**-60), so the HMAC's first 8 bytes are
    forced for the message "1:0"; every other message keeps its real digest."""
    key = key_of(seeded)
    monkeypatch.setattr(dice_mod, "hmac_sha256", _fake_hmac({b"1:0": 2**64 - 1}))
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
        monkeypatch.setattr(dice_mod, "hmac_sha256", _fake_hmac({f"{n}:0".encode(): w}))
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
    # the post's chain mark (R-LOG-8, hex digits of a hash) may hold "19" by chance
    said = "\n".join(x for x in r.out.splitlines() if not x.startswith("⛓"))
    assert "19" not in said.replace("(3 supplied)", "")


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
    for copy in (a, b):  # the file moves together with its journal (R-LOG-4)
        shutil.copyfile(seeded, copy)
        shutil.copyfile(journal_of(seeded), journal_of(copy))
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


# -- R-DIC-1: the notation forum rollers use --------------------------------------------------

README = Path(__file__).resolve().parent.parent / "README.md"
_ROW = re.compile(r"^\| `(?P<expr>[^`]+)` \| (?P<meaning>[^|]+) \| (?P<faces>[^|]*?) → "
                  r"(?P<total>-?\d+) \|$")


def notation_rows() -> list[tuple[str, list[int], int]]:
    """The README's notation table: (expression, faces, result) per row."""
    text = README.read_text("utf-8")
    table = text.split("<!-- notation-table", 1)[1].split("\n\n", 1)[0]
    rows = []
    for line in table.splitlines():
        m = _ROW.match(line)
        if m:
            faces = [int(f) for f in re.findall(r"\d+", m["faces"])]
            rows.append((m["expr"], faces, int(m["total"])))
    return rows


def test_R_DIC_1_readme_notation_table_is_complete():
    exprs = [e for e, _, _ in notation_rows()]
    assert len(exprs) >= 18
    for needed in ["d20", "d%", "3D6", "1d20 + 4", "1d20+-2", "2d20kh1", "4d6kh3", "2d20kh",
                   "(1d8+2)*2", "2×1d6", "(1d20+2)/2", "7"]:
        assert needed in exprs, needed


@pytest.mark.parametrize("expr,faces,total", notation_rows(), ids=lambda v: str(v))
def test_R_DIC_1_readme_notation_row(run, seeded, expr, faces, total):
    args = ["--dice", ",".join(map(str, faces))] if faces else []
    r = run("roll", seeded, expr, *args, "--format", "json")
    assert r.code == 0, (expr, r.err)
    (event,) = [e for e in r.json()["events"] if e.get("roll")]
    assert event["roll"]["total"] == total
    assert [f for _, f, _ in rolled(r.json())] == faces  # every face used, in order
    assert "unused_dice" not in r.json()
    assert dice_table(seeded)["n"] == 1  # supplied faces only: the generator did not move


def _roll_supplied(expr: str, faces: list[int], times: int = 1) -> dice_mod.Roll:
    source = dice_mod.DiceSource(b"k" * 32, 0, faces)
    result = source.roll(expr, times=times)
    assert source.supplied == [], "every supplied face is used"
    return result


@pytest.mark.parametrize("expr,faces,total,dropped", [
    ("2d20kh1", [7, 15], 15, [7]),
    ("2d20kl1", [7, 15], 7, [15]),
    ("2D20KH", [3, 18], 18, [3]),
    ("4d6kh3", [4, 1, 6, 3], 13, [1]),
    ("4d6dl1", [4, 1, 6, 3], 13, [1]),
    ("4d6dh1", [4, 1, 6, 3], 8, [6]),
    ("4d6kl2", [4, 1, 6, 3], 4, [4, 6]),
    ("3d6kh2", [5, 5, 5], 10, [5]),
    ("4d6 kh 3 + 1", [2, 2, 2, 2], 7, [2]),
])
def test_R_DIC_1_keep_and_drop(expr, faces, total, dropped):
    result = _roll_supplied(expr, faces)
    assert result.total == total
    assert [d.face for d in result.dice] == faces  # every die of the term is drawn and kept
    assert [d.face for d in result.dice if d.dropped] == dropped


def test_R_DIC_1_among_equal_faces_the_later_die_drops():
    assert [d.dropped for d in _roll_supplied("3d6kh2", [5, 5, 5]).dice] == [False, False, True]
    assert [d.dropped for d in _roll_supplied("3d6dl1", [2, 6, 2]).dice] == [False, False, True]


@pytest.mark.parametrize("expr,faces,total", [
    ("(1d8+2)*2", [5], 14),
    ("2*(1d8+2)", [5], 14),
    ("1d6×3", [4], 12),
    ("1d6 * 3", [4], 12),
    ("(1d20+2)/2", [11], 6),
    ("1d20/2", [1], 0),
    ("(1d4-5)/2", [1], -2),     # rounds down: -4/2 = -2, -3/2 = -2
    ("(1d4-5)/2", [2], -2),
    ("-7/2", [], -3),           # the sign covers the product after it
    ("(-7)/2", [], -4),
    ("2*3+1d4", [1], 7),
    ("1d4+2*3", [1], 7),
    ("((((1d4))))*((2))", [3], 6),
    ("(1d6+(1d4+1)*2)*2", [6, 4], 32),
    ("1d6*2/3", [5], 3),
    ("+-2", [], -2),
    ("-+2", [], -2),
    ("1d20 -+ 2", [10], 8),
    ("1d20+ -2", [10], 8),
    ("d%", [100], 100),
    ("D%+1", [1], 2),
    ("1 d 20", [20], 20),
    ("\u00a01d20\t+\u00a05 ", [3], 8),  # any space, no-break spaces pasted from forums too
])
def test_R_DIC_1_arithmetic(expr, faces, total):
    assert _roll_supplied(expr, faces).total == total


def test_R_DIC_4_critical_rolls_the_expression_crit_mult_times():
    result = _roll_supplied("(1d4+1)*2", [3, 2], times=2)
    assert result.total == (3 + 1) * 2 + (2 + 1) * 2
    assert [t.op for t in result.terms] == ["(", "", "", ")", "*", "", "(", "", "", ")", "*", ""]


# A reference model of R-DIC-1, independent of the parser: a random tree, its text (with the
# notation's variants) and its value for given faces.

Tree = tuple[Any, ...]


@st.composite
def trees(draw: st.DrawFn, depth: int = 0, budget: list[int] | None = None) -> Tree:
    """A sum: ("sum", [(sign, product)]); product: ("prod", first, [(op, atom)]); atoms:
    ("num", v), ("dice", n, m, keep, k), ("group", sum)."""
    budget = budget if budget is not None else [20]
    items = []
    for _ in range(draw(st.integers(1, 3))):
        if budget[0] <= 0 and items:
            break
        items.append((draw(st.sampled_from([1, -1])), draw(products(depth, budget))))
    return ("sum", items)


@st.composite
def atoms(draw: st.DrawFn, depth: int, budget: list[int], dice_ok: bool = True) -> Tree:
    kinds = ["num"] + (["dice", "dice"] if dice_ok else []) + (["group"] if depth < 5 else [])
    kind = draw(st.sampled_from(kinds)) if budget[0] > 1 else "num"
    if kind == "group":
        inner = draw(trees(depth + 1, budget))
        if not dice_ok and _tree_has_dice(inner):
            budget[0] -= 1
            return ("num", draw(st.integers(1, 9)))
        return ("group", inner)
    budget[0] -= 1
    if kind == "num":
        return ("num", draw(st.integers(0, 60)))
    n = draw(st.integers(1, 6))
    m = draw(st.sampled_from([1, 2, 4, 6, 8, 10, 12, 20, 100, 1000]))
    keep = draw(st.sampled_from(["", "", "kh", "kl", "dh", "dl"]))
    if keep and (keep[0] == "d" and n == 1):
        keep = ""
    k = 0
    if keep:
        k = draw(st.integers(1, n if keep[0] == "k" else n - 1))
    return ("dice", n, m, keep, k)


@st.composite
def products(draw: st.DrawFn, depth: int, budget: list[int]) -> Tree:
    first = draw(atoms(depth, budget))
    rest = []
    left_dice = _tree_has_dice(first)
    while budget[0] > 1 and draw(st.integers(0, 3)) == 0:
        op = draw(st.sampled_from(["*", "/"]))
        x = draw(atoms(depth, budget, dice_ok=(op == "*" and not left_dice)))
        if op == "/" and _tree_value(x, iter(())) == 0:
            x = ("num", 3)
        rest.append((op, x))
        left_dice = left_dice or _tree_has_dice(x)
    return ("prod", first, rest)


def _tree_has_dice(t: Tree) -> bool:
    kind = t[0]
    if kind == "dice":
        return True
    if kind == "group":
        return _tree_has_dice(t[1])
    if kind == "prod":
        return _tree_has_dice(t[1]) or any(_tree_has_dice(x) for _, x in t[2])
    if kind == "sum":
        return any(_tree_has_dice(x) for _, x in t[1])
    return False


def _tree_value(t: Tree, faces: Any) -> int:
    """The value for faces drawn left to right from the iterator `faces`."""
    kind = t[0]
    if kind == "num":
        return int(t[1])
    if kind == "dice":
        _, n, _m, keep, k = t
        got = sorted(next(faces) for _ in range(n))
        kept = {"": got, "kh": got[n - k:], "kl": got[:k], "dh": got[:n - k],
                "dl": got[k:]}[keep]
        return sum(kept)
    if kind == "group":
        return _tree_value(t[1], faces)
    if kind == "prod":
        value = _tree_value(t[1], faces)
        for op, x in t[2]:
            other = _tree_value(x, faces)
            value = value * other if op == "*" else value // other
        return value
    return sum(sign * _tree_value(x, faces) for sign, x in t[1])


def _tree_sides(t: Tree) -> list[int]:
    kind = t[0]
    if kind == "dice":
        return [t[2]] * t[1]
    if kind == "group":
        return _tree_sides(t[1])
    if kind == "prod":
        return _tree_sides(t[1]) + [s for _, x in t[2] for s in _tree_sides(x)]
    if kind == "sum":
        return [s for _, x in t[1] for s in _tree_sides(x)]
    return []


@st.composite
def spelled(draw: st.DrawFn, t: Tree) -> str:
    """The tree's text, spelled with the notation's variants and random spaces."""
    def sp() -> str:
        return draw(st.sampled_from(["", "", "", " ", "  ", "\t"]))

    kind = t[0]
    if kind == "num":
        return str(t[1])
    if kind == "dice":
        _, n, m, keep, k = t
        count = "" if n == 1 and draw(st.booleans()) else str(n)
        d = draw(st.sampled_from(["d", "D"]))
        sides = "%" if m == 100 and draw(st.booleans()) else str(m)
        suffix = ""
        if keep:
            word = draw(st.sampled_from([keep, keep.upper()]))
            amount = "" if k == 1 and draw(st.booleans()) else str(k)
            suffix = sp() + word + sp() + amount
        return count + sp() + d + sp() + sides + suffix
    if kind == "group":
        return "(" + sp() + draw(spelled(t[1])) + sp() + ")"
    if kind == "prod":
        out = draw(spelled(t[1]))
        for op, x in t[2]:
            sym = draw(st.sampled_from(["*", "×"])) if op == "*" else "/"
            out += sp() + sym + sp() + draw(spelled(x))
        return out
    out = ""
    for i, (sign, x) in enumerate(t[1]):
        if sign < 0:
            out += draw(st.sampled_from(["-", "+-", "-+", "+ -", "- +"]))
        elif i or draw(st.booleans()):
            out += "+"
        out += sp() + draw(spelled(x)) + sp()
    return out


@st.composite
def spelled_trees(draw: st.DrawFn) -> tuple[Tree, str, list[int]]:
    tree = draw(trees())
    text = draw(spelled(tree))
    faces = [draw(st.integers(1, s)) for s in _tree_sides(tree)]
    return tree, text, faces


@settings(max_examples=200, deadline=None)
@given(case=spelled_trees())
def test_R_DIC_1_property_value_matches_reference_model(case):
    """Every spelling of every tree parses, draws its dice left to right (each die of a
    keep/drop term included) and totals as the reference model says."""
    tree, text, faces = case
    result = _roll_supplied(text, faces)
    assert [d.face for d in result.dice] == faces
    assert [d.sides for d in result.dice] == _tree_sides(tree)
    assert result.total == _tree_value(tree, iter(faces))


@settings(max_examples=150, deadline=None)
@given(case=spelled_trees())
def test_R_DIC_1_property_canonical_text_round_trips(case):
    _tree, text, faces = case
    parsed = parse(text)
    canonical = str(parsed)
    assert " " not in canonical and "×" not in canonical and "%" not in canonical
    assert parse(canonical) == parsed
    assert str(parse(canonical)) == canonical
    assert _roll_supplied(canonical, faces).total == _roll_supplied(text, faces).total


@settings(max_examples=100, deadline=None)
@given(case=spelled_trees())
def test_R_DIC_1_property_generator_dice_drawn_left_to_right(case):
    """Generator dice: one counter step per die, in the expression's order, each face in its
    die; the total is the reference model's for those faces."""
    tree, text, _faces = case
    sides = _tree_sides(tree)
    source = dice_mod.DiceSource(b"s" * 32, 0)
    result = source.roll(text)
    assert [d.sides for d in result.dice] == sides
    assert all(1 <= d.face <= d.sides for d in result.dice)
    assert [d.n for d in result.dice] == list(range(len(sides)))
    assert result.total == _tree_value(tree, iter([d.face for d in result.dice]))


NOTATION_CHARS = "0123456789dD%kKhHlL+-*×/() \t."


@settings(max_examples=1000, deadline=None)
@given(text=st.one_of(st.text(alphabet=NOTATION_CHARS, max_size=40), st.text(max_size=40)))
def test_R_DIC_1_property_never_a_traceback(text):
    """Any text parses (and round-trips) or is a DiceSyntaxError (exit 2) that quotes the
    text and points inside it: never another exception."""
    try:
        parsed = parse(text)
    except dice_mod.DiceSyntaxError as e:
        assert e.exit_code == 2
        assert 0 <= e.pos <= len(text)
        first, shown, caret, accepted = e.message.split("\n")
        assert " is not a dice expression (R-DIC-1)" in first
        assert caret.endswith("^") and caret.strip() == "^"
        assert accepted.startswith("Accepted:")
        return
    assert parse(str(parsed)) == parsed


@settings(max_examples=150, deadline=None)
@given(case=spelled_trees(), junk=st.sampled_from(list("x?!.,;:#&=@$_\\[]{}\"'`")),
       data=st.data())
def test_R_DIC_1_property_pointer_never_passes_the_first_unreadable_character(case, junk,
                                                                            data):
    _tree, text, _faces = case
    at = data.draw(st.integers(0, len(text)))
    bad = text[:at] + junk + text[at:]
    with pytest.raises(dice_mod.DiceSyntaxError) as info:
        parse(bad)
    assert info.value.pos <= at


@settings(max_examples=200, deadline=None)
@given(n=st.integers(1, 120), k=st.integers(0, 130), keep=st.sampled_from(["kh", "kl", "dh",
                                                                          "dl"]),
       depth=st.integers(0, 8))
def test_R_DIC_1_property_keep_and_nesting_bounds(n, k, keep, depth):
    expr = "(" * depth + f"{n}d6{keep}{k}" + ")" * depth
    high = n if keep[0] == "k" else n - 1
    if n <= 100 and 1 <= k <= high and depth <= 5:
        assert parse(expr).has_dice
    else:
        with pytest.raises(dice_mod.DiceSyntaxError):
            parse(expr)


BOUNDS = [
    ("100d6", True), ("101d6", False), ("0d6", False),
    ("1d1000", True), ("1d1001", False), ("1d0", False),
    ("+".join(["1"] * 20), True), ("+".join(["1"] * 21), False),
    ("+".join(["d4"] * 10 + ["2"] * 10), True), ("+".join(["d4"] * 10 + ["2"] * 11), False),
    ("(((((1d6)))))", True), ("((((((1d6))))))", False),
    ("((1)+((2)+((3))))+(((((4)))))", True),
    ("999999999", True), ("1000000000", False),
    ("4d6kh4", True), ("4d6kh5", False), ("4d6kh0", False),
    ("4d6dl3", True), ("4d6dl4", False), ("1d20dh", False), ("1d20kl", True),
    ("1d6/0", False), ("1d6/(2-2)", False), ("1d6/1d4", False), ("1d6*1d4", False),
    ("(1+1d4)*(2+3)", True), ("(1+1d4)*(2+1d4)", False),
]


@pytest.mark.parametrize("expr,valid", BOUNDS)
def test_R_DIC_1_limits(expr, valid):
    if valid:
        parse(expr)
    else:
        with pytest.raises(UsageError) as info:
            parse(expr)
        assert info.value.exit_code == 2


REFUSED = [
    # expression, index of the character pointed at (len = "at the end"), words in the reason
    ("1d20+x", 5, "expected a number"),
    ("1d20 5", 5, "expected +"),
    ("2x6", 1, "expected +"),
    ("1d", 2, "number of sides"),
    ("1d20+", 5, "expected a number"),
    ("1d20++5", 5, "two equal signs"),
    ("1d20--5", 5, "two equal signs"),
    ("(1d6+2", 6, "never closed"),
    ("(1d6+2 3)", 7, 'expected ")"'),
    ("1d6+2)", 5, 'without its "("'),
    ("101d6", 0, "1 to 100 dice"),
    ("1d1001", 2, "1 to 1000 sides"),
    ("2 + 3d 2000", 7, "1 to 1000 sides"),
    ("2d20kh3", 6, "keeps 1 to 2"),
    ("4d6k3", 3, "expected +"),
    ("1d6*1d4", 4, "multiplication"),
    ("1d6/1d4", 4, "divisor"),
    ("1d6 / 0", 6, "division by zero"),
    ("((((((1))))))", 5, "more than 5 nested"),
    ("+".join(["1d4"] * 21), 80, "more than 20 terms"),
    ("1d4−1", 3, "expected +"),  # a typographic minus is not the notation
]


@pytest.mark.parametrize("expr,at,words", REFUSED)
def test_R_DIC_1_error_quotes_points_and_names_the_notation(run, seeded, expr, at, words):
    before = snapshot(seeded)
    r = run("roll", seeded, expr)
    assert r.code == 2
    assert snapshot(seeded) == before
    lines = r.err.splitlines()
    assert f'"{expr}" is not a dice expression' in lines[0]
    assert words in lines[0]
    where = "at the end" if at == len(expr) else f'character {at + 1}: "{expr[at]}"'
    assert where in lines[0]
    assert lines[1] == "  " + expr
    assert lines[2] == "  " + " " * at + "^"
    for notation in ("d20", "d%", "khK", "klK", "dhK", "dlK", "×", "/", "parentheses"):
        assert notation in lines[3]
    assert "Traceback" not in r.err


def test_R_DIC_1_error_json_names_the_rule(run, seeded):
    r = run("roll", seeded, "1d20+x", "--format", "json")
    assert r.code == 2
    error = json.loads(r.err)["error"]
    assert error["code"] == 2
    assert error["rule"] == "R-DIC-1"
    assert '"1d20+x" is not a dice expression' in error["message"]
    assert "       ^" in error["message"]


def test_R_DIC_1_long_expression_error_shows_a_window_round_the_pointer():
    expr = "+".join(["1d6"] * 5000)
    with pytest.raises(dice_mod.DiceSyntaxError) as info:
        parse(expr)
    first, shown, caret, _ = info.value.message.split("\n")
    assert len(first) < 400 and len(shown) < 200
    assert shown[caret.index("^")] == expr[info.value.pos]


def test_R_DIC_1_error_in_spanish():
    with pytest.raises(dice_mod.DiceSyntaxError) as info:
        parse("1d20+x")
    from pbwcombat.render.catalog import CATALOGUES

    text = info.value.localized(CATALOGUES["es"])
    assert '"1d20+x" no es una expresión de dados' in text
    assert 'carácter 6: "x"' in text
    assert "Se admite:" in text and "khK" in text
    one = info.value.one_line(CATALOGUES["es"])
    assert "\n" not in one and "carácter 6" in one


def test_R_DIC_1_error_texts_are_in_both_catalogues():
    from pbwcombat.render.catalog import EN, ES

    keys = {k for k in EN if k.startswith("dice_")}
    assert keys == {k for k in ES if k.startswith("dice_")}
    reasons = set(re.findall(r'fail\(\s*"(\w+)"', Path(dice_mod.__file__).read_text("utf-8")))
    reasons |= {"keep_count", "drop_count"}
    assert {f"dice_{r}" for r in reasons} <= keys


# -- posts: dropped faces struck through (R-DIC-1), R-OUT-1 totals ----------------------------


@pytest.mark.parametrize("fmt,lang,expected", [
    ("bbcode", "en", "2d20kh1 ([s]7 supplied[/s], 15 supplied) + 5 = [b]20[/b]"),
    ("bbcode", "es", "2d20kh1 ([s]7 externo[/s], 15 externo) + 5 = [b]20[/b]"),
    ("markdown", "en", "2d20kh1 (~~7 supplied~~, 15 supplied) + 5 = **20**"),
    ("markdown", "es", "2d20kh1 (~~7 externo~~, 15 externo) + 5 = **20**"),
    ("plain", "en", "2d20kh1 ((-7 supplied), 15 supplied) + 5 = 20"),
    ("plain", "es", "2d20kh1 ((-7 externo), 15 externo) + 5 = 20"),
])
def test_R_DIC_1_dropped_faces_struck_through(run, seeded, fmt, lang, expected):
    r = run("roll", seeded, "2d20kh1+5", "--dice", "7,15", "--format", fmt, "--lang", lang)
    assert r.code == 0, r.err
    assert expected in r.out
    log = run("log", seeded, "--last", "1", "--format", fmt, "--lang", lang)
    assert expected in log.out  # read back from the journal


@pytest.mark.parametrize("fmt,struck", [("bbcode", "[s]{f} #{n}[/s]"),
                                        ("markdown", "~~{f} #{n}~~"),
                                        ("plain", "(-{f} #{n})")])
def test_R_DIC_1_dropped_generator_die_keeps_its_number(run, seeded, fmt, struck):
    key = key_of(seeded)
    faces = [ref_face(key, n, 6) for n in (1, 2, 3, 4)]
    low = min(range(4), key=lambda i: (faces[i], -i))
    r = run("roll", seeded, "4d6kh3", "--format", fmt)
    assert r.code == 0, r.err
    assert struck.format(f=faces[low], n=low + 1) in r.out
    assert sum(faces) - faces[low] == int(re.findall(r"\d+", r.out.split(" = ")[-1])[0])


def test_R_OUT_1_products_render_with_times_sign_and_bold_total(run, seeded):
    r = run("roll", seeded, "(1d8+2)*2 - 1d4/2", "--dice", "5,3", "--format", "markdown")
    assert r.code == 0, r.err
    assert "(1d8 (5 supplied) + 2) × 2 - 1d4 (3 supplied) / 2 = **13**" in r.out


def test_R_DIC_1_json_roll_record_documents_keep_op_and_dropped(run, seeded):
    r = run("roll", seeded, "2*(2d20kl1+1)", "--dice", "12,4", "--format", "json")
    assert r.code == 0, r.err
    (event,) = [e for e in r.json()["events"] if e.get("roll")]
    terms = event["roll"]["terms"]
    assert [t["op"] for t in terms] == ["", "*", "(", "", "", ")"]
    dice_term = terms[3]
    assert dice_term["keep"] == "kl1" and dice_term["number"] == 2 and dice_term["sides"] == 20
    assert [(d["face"], d["dropped"]) for d in dice_term["dice"]] == [(12, True), (4, False)]
    assert event["roll"]["total"] == 10
    assert event["expr"] == "2*(2d20kl1+1)"


def _without_new_fields(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {k: _without_new_fields(v) for k, v in obj.items()
                if k not in ("keep", "op", "dropped")}
    if isinstance(obj, list):
        return [_without_new_fields(v) for v in obj]
    return obj


def test_R_DIC_1_old_roll_records_still_read(run, seeded):
    """A 0.1 journal's rolls have no `keep`, `op` or `dropped`: they still read and narrate."""
    from pbwcombat.events import from_dict
    from pbwcombat.render.markup import Plain
    from pbwcombat.render.narrate import Narrator

    assert run("roll", seeded, "1d20+5", "--dice", "11").code == 0
    journal = seeded.with_name(seeded.name + ".journal")
    record = json.loads(journal.read_text("utf-8").splitlines()[-1])
    old = _without_new_fields(record["events"])
    assert "dropped" not in json.dumps(old) and "keep" not in json.dumps(old)
    lines = Narrator(Plain()).lines([from_dict(e) for e in old])
    assert any("1d20 (11 supplied) + 5 = 16" in line for line in lines)


# -- where expressions are used --------------------------------------------------------------


def test_R_HP_5_delta_takes_the_full_notation(run, seeded):
    r = run("hp", seeded, "hero", "-(1d4+1)*2", "--dice", "3", "--format", "json")
    assert r.code == 0, r.err
    assert next(c for c in doc(seeded)["combatants"] if c["id"] == "hero")["hp"] == 20 - 8
    r = run("hp", seeded, "hero", "+-2")
    assert r.code == 0, r.err
    assert next(c for c in doc(seeded)["combatants"] if c["id"] == "hero")["hp"] == 20 - 10
    r = run("hp", seeded, "hero", "2d20kh1", "--dice", "1,3")
    assert r.code == 0, r.err
    assert next(c for c in doc(seeded)["combatants"] if c["id"] == "hero")["hp"] == 20 - 7


def test_R_HP_5_bad_delta_is_exit_2_and_leaves_file(run, seeded):
    before = snapshot(seeded)
    for delta in ["--2", "-1d6*1d4", "-2d20kh3", "-(1d6"]:
        r = run("hp", seeded, "hero", delta)
        assert r.code == 2, (delta, r.err)
        assert snapshot(seeded) == before


@pytest.mark.parametrize("damage", ["2d6kh1+3", "(1d8+2)*2", "d% / 10", "1D8 +-1",
                                    "2×(d6)"])
def test_R_DIC_1_weapon_damage_accepts_the_notation(run, encounter, damage):
    path = encounter(duel(gridless=True).replace('damage = "1d8+3"', f'damage = "{damage}"'))
    r = run("validate", path)
    assert r.code == 0, r.err


@pytest.mark.parametrize("damage", ["1d8*1d4", "2d6kh3", "1d8 3", "1d8+"])
def test_R_DIC_1_weapon_damage_refuses_other_text(run, encounter, damage):
    path = encounter(duel(gridless=True).replace('damage = "1d8+3"', f'damage = "{damage}"'))
    r = run("validate", path)
    assert r.code == 65
    assert f'combatants[0].weapons[0].damage: "{damage}" is not a dice expression' in r.err


def test_R_ATK_4_critical_rolls_a_product_expression_crit_mult_times(run, encounter):
    path = encounter(duel(gridless=True).replace('damage = "1d8+3"',
                                                 'damage = "(1d4+1)*2"'))
    assert run("roll-initiative", path, "--dice", "15,5").code == 0
    r = run("attack", path, "hero", "orc", "--dice", "19,15,3,2", "--format", "json")
    assert r.code == 0, r.err
    assert [(s, f) for s, f, _ in rolled(r.json())] == [(20, 19), (20, 15), (4, 3), (4, 2)]
    (damage,) = [e for e in r.json()["events"] if e["type"] == "DamageRolled"]
    assert damage["amount"] == (3 + 1) * 2 + (2 + 1) * 2
    assert "(1d4 (3 supplied) + 1) × 2 + (1d4 (2 supplied) + 1) × 2 = 14" in r.json()["text"]


def test_R_ATK_4_critical_with_keep_drop_damage(run, encounter):
    path = encounter(duel(gridless=True).replace('damage = "1d8+3"', 'damage = "2d6kh1+3"'))
    assert run("roll-initiative", path, "--dice", "15,5").code == 0
    r = run("attack", path, "hero", "orc", "--dice", "20,15,2,5,6,1", "--format", "json")
    assert r.code == 0, r.err
    (damage,) = [e for e in r.json()["events"] if e["type"] == "DamageRolled"]
    assert damage["amount"] == (5 + 3) + (6 + 3)
    assert [d["dropped"] for t in damage["roll"]["terms"] for d in t["dice"]] == \
        [True, False, False, True]


# -- speed: parse once, evaluate cheaply -------------------------------------------------------


def test_R_DIC_1_parse_is_cached_and_cheap():
    assert parse("1d8+3") is parse("1d8+3")
    raw = dice_mod.parse.__wrapped__
    start = time.perf_counter()
    for _ in range(2000):
        raw("(2d20kh1+5)*2 - 1d4/2 + d% + 4d6dl1")
    assert time.perf_counter() - start < 2.0  # ~40 µs each when measured; generous here
    source = dice_mod.DiceSource(b"k" * 32, 0)
    start = time.perf_counter()
    for _ in range(5000):
        source.roll("1d8+3")
    assert time.perf_counter() - start < 2.0


@pytest.mark.parametrize("fmt,shown", [
    ("markdown", r"Roll \(1d8\+2\)×2: (1d8 (5 supplied) + 2) × 2 = **14**"),
    ("bbcode", "Roll (1d8+2)×2: (1d8 (5 supplied) + 2) × 2 = [b]14[/b]"),
    ("plain", "Roll (1d8+2)×2: (1d8 (5 supplied) + 2) × 2 = 14"),
])
def test_R_OUT_2_expression_in_a_post_is_escaped_and_never_emphasis(run, seeded, fmt, shown):
    r = run("roll", seeded, "(1d8 + 2) * 2", "--dice", "5", "--format", fmt)
    assert r.code == 0, r.err
    assert shown in r.out
    r = run("hp", seeded, "hero", "-(1d4+1)*2", "--dice", "3", "--format", fmt)
    assert r.code == 0, r.err
    assert "*2" not in r.out and "×2" in r.out


def test_R_OUT_5_dice_error_on_stderr_in_the_files_language(run, encounter):
    path = encounter(duel(gridless=True).replace('lang = "en"', 'lang = "es"'))
    r = run("roll", path, "4d6kh5")
    assert r.code == 2
    lines = r.err.splitlines()
    assert '"4d6kh5" no es una expresión de dados' in lines[0]
    assert 'carácter 6: "5"' in lines[0]
    assert lines[1:3] == ["  4d6kh5", "       ^"]
    assert lines[3].startswith("Se admite:")
    r = run("roll", path, "4d6kh5", "--lang", "en")
    assert '"4d6kh5" is not a dice expression' in r.err


def test_R_ATK_1_natural_is_the_first_die_that_counts():
    assert _roll_supplied("2d20kh1", [4, 17]).natural == 17
    assert _roll_supplied("2d20kl1", [4, 17]).natural == 4
    assert _roll_supplied("1d20+5", [9]).natural == 9


@pytest.mark.parametrize("how", [("hp", "hero", "-999999999*999999999"),
                                 ("hp", "hero", "-1000021")])
def test_R_HP_1_a_total_beyond_the_files_bounds_is_refused(run, seeded, how):
    """SPEC: the tool never writes a file it would refuse to load: exit 3, nothing written."""
    before = snapshot(seeded)
    r = run(*how[:1], seeded, *how[1:])
    assert r.code == 3, r.err
    assert "R-HP-1" in r.err
    assert snapshot(seeded) == before
    assert run("show", seeded).code == 0
    assert run("hp", seeded, "hero", "-1000020").code == 0  # 20 - 1000020 = -1000000 holds
    assert run("show", seeded).code == 0


def test_R_HP_1_huge_weapon_damage_is_refused_not_written(run, encounter):
    path = encounter(duel(gridless=True).replace('damage = "1d8+3"',
                                                 'damage = "999999999*1d8"'))
    assert run("roll-initiative", path, "--dice", "15,5").code == 0
    before = snapshot(path)
    r = run("attack", path, "hero", "orc", "--dice", "10,1")
    assert r.code == 3, r.err
    assert snapshot(path) == before


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet=NOTATION_CHARS + "x€\u202e\n", min_size=1, max_size=30))
def test_R_DIC_1_property_cli_exit_0_or_2_never_a_traceback(run, seeded, text):
    before = snapshot(seeded)
    r = run("roll", seeded, text, "--dry-run")
    assert r.code in (0, 2), (text, r.code, r.err)
    assert "Traceback" not in r.err
    if r.code == 2 and not text.lstrip().startswith("-"):  # "-x" may read as an option
        assert "is not a dice expression" in r.err
    assert snapshot(seeded) == before


@pytest.mark.parametrize("delta,at", [("-(1d6", 5), ("- 2d6kh3", 7), ("+-1d6*1d4", 6),
                                      ("3d", 2)])
def test_R_DIC_1_hp_delta_error_points_into_delta_as_typed(run, seeded, delta, at):
    before = snapshot(seeded)
    r = run("hp", seeded, "hero", delta)
    assert r.code == 2
    lines = r.err.splitlines()
    assert f'"{delta}" is not a dice expression' in lines[0]
    assert lines[1] == "  " + delta
    assert lines[2] == "  " + " " * at + "^"
    assert snapshot(seeded) == before


@pytest.mark.parametrize("key", [bytes(range(32)), b"k", bytes(range(64)), bytes(range(100))])
def test_R_DIC_2_the_simulators_precomputed_hmac_draws_the_reference_faces(key):
    """`odds` draws from PaddedDiceSource (the key's HMAC pads hashed once): every face and
    every HMAC is still R-DIC-2's, for keys shorter than, as long as and longer than a
    SHA-256 block."""
    from pbwcombat.dice import PaddedDiceSource

    src = PaddedDiceSource(key, 5)
    sides = [20, 6, 100, 1000, 3, 7, 2, 12, 1] * 4
    faces = [src.die(s).face for s in sides]
    assert faces == [ref_face(key, 5 + i, s) for i, s in enumerate(sides)]
    assert src.mac(b"7:1") == hmac.new(key, b"7:1", hashlib.sha256).digest()
    src.key = bytes(32)  # a new key takes new pads
    assert src.die(20).face == ref_face(bytes(32), 5 + len(sides), 20)
