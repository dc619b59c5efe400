"""Findings of the Turn 3 rule-by-rule review (review-a, review-b) left open by the first round
of fixes: each test names the rule whose text it holds the product to. Dice only through
--dice; the clock through PBWCOMBAT_NOW (`now=`)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from helpers import five, ok, state

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
