"""R-PAC-1…4: pacing a forum round: who owes and by when, absences, reminders, resolving as
soon as everyone has declared. The clock is PBWCOMBAT_NOW (the `now=` of `run`)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from helpers import five, ok, people, snapshot, state

T0 = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def at(hours: float) -> str:
    return (T0 + timedelta(hours=hours)).strftime("%Y-%m-%dT%H:%M:%SZ")


def body(out: str) -> list[str]:
    """The post's lines without its chain mark (R-LOG-8)."""
    return [ln for ln in out.splitlines() if not ln.startswith("\u26d3")]


def started(run: Any, encounter: Any, rules: str = "") -> Path:
    """five(): ann, bo, cy (PCs with players AnnP, BoP, CyP), gob, orc (no players), in that
    order; initiative rolled at T0."""
    path = encounter(five(rules=rules))
    ok(run("roll-initiative", path, "--dice", "10,10,10,10,10", now=at(0)))
    assert state(path)["turn"] == "ann"
    return path


DECLARED = 'flow = "declared"\nturn_deadline = "12h"'


# -- R-PAC-1: show -----------------------------------------------------------------------------


def test_R_PAC_1_show_lists_who_declared_who_owes_until_when_and_who_acts_by_orders(
        run: Any, encounter: Any) -> None:
    path = started(run, encounter, DECLARED)
    ok(run("declare", path, "ann", "attack", "gob", now=at(1)))
    r = ok(run("show", path, "--format", "plain", now=at(2)))
    lines = r.out.splitlines()
    (done,) = [ln for ln in lines if ln.startswith("Declared:")]
    (owe,) = [ln for ln in lines if ln.startswith("Not declared:")]
    (ordered,) = [ln for ln in lines if ln.startswith("By orders:")]
    assert "Ann" in done and "Bo" not in done
    assert "Bo" in owe and "Cy" in owe and "Ann" not in owe and "Gob" not in owe
    assert "2026-11-30 00:00 UTC" in owe  # the deadline: 12 h from the round's start
    assert "Gob" in ordered and "Orc" in ordered and "Bo" not in ordered


def test_R_PAC_1_flow_declared_is_a_declared_round_before_any_declaration(
        run: Any, encounter: Any) -> None:
    path = started(run, encounter, DECLARED)
    lines = ok(run("show", path, "--format", "plain", now=at(1))).out.splitlines()
    (owe,) = [ln for ln in lines if ln.startswith("Not declared:")]
    assert all(n in owe for n in ("Ann", "Bo", "Cy"))
    turns = started(run, encounter, 'turn_deadline = "12h"')  # the turn flow
    lines = ok(run("show", turns, "--format", "plain", now=at(1))).out.splitlines()
    assert not [ln for ln in lines if ln.startswith(("Not declared:", "Declared:"))]
    assert "Turn: Ann" in lines[0] and "2026-11-30 00:00" in lines[0]  # whose turn, until when
    (ordered,) = [ln for ln in lines if ln.startswith("By orders:")]
    assert "Gob" in ordered and "Ann" not in ordered


def test_R_PAC_1_flow_key_is_validated(run: Any, encounter: Any) -> None:
    path = encounter(five(rules='flow = "rounds"'))
    r = run("validate", path)
    assert r.code == 65 and "rules.flow" in r.err


# -- R-PAC-2: absent ---------------------------------------------------------------------------


def test_R_PAC_2_absent_on_its_own_turn_plays_it_at_once_and_goes_on(
        run: Any, encounter: Any) -> None:
    path = started(run, encounter)
    r = ok(run("absent", path, "ann", "--until", "3d", now=at(1)))
    assert "absent until 2026-12-02 13:00 UTC" in r.out
    assert "Ann is absent: passes." in r.out  # a PC without orders passes
    assert state(path)["turn"] == "bo"
    assert people(path)["ann"]["absent_until"] == "2026-12-02T13:00:00+00:00"


def test_R_PAC_2_absent_with_orders_acts_by_them_when_its_turn_comes(
        run: Any, encounter: Any) -> None:
    path = started(run, encounter)
    ok(run("set", path, "bo", "orders", "attack-nearest", now=at(0)))
    ok(run("absent", path, "bo", "--until", "2026-12-05T00:00", now=at(1)))
    r = ok(run("next", path, "--dice", "15,3", now=at(2)))  # ends Ann's turn
    text = "\n".join(body(r.out))
    assert "It is Bo's turn (absent until 2026-12-05 00:00 UTC" in text
    assert "BoP" not in text  # R-PAC-2: the absent player is not mentioned
    assert "acts by standing orders" in text
    assert people(path)["gob"]["hp"] <= 0  # bo's blade (1d6+... ) on the one-hp goblin
    assert state(path)["turn"] == "cy"  # the very next went on
    assert "CyP" in text


def test_R_PAC_2_next_if_idle_plays_an_absent_turn_without_waiting(
        run: Any, encounter: Any) -> None:
    path = started(run, encounter)
    ok(run("next", path, now=at(0)))  # bo's turn
    # absent set by hand (a file edit) while it is already bo's turn: idle at once
    ok(run("set", path, "bo", "absent_until", '"2026-12-05T00:00:00+00:00"', now=at(0)))
    r = ok(run("next", path, "--if-idle", "48h", now=at(1)))
    assert "Bo is absent: passes." in r.out
    assert state(path)["turn"] == "cy"
    before = snapshot(path)
    assert run("next", path, "--if-idle", "48h", now=at(2)).out == ""  # cy is present
    assert snapshot(path) == before


def test_R_PAC_2_an_absence_that_passed_is_dropped_by_the_next_command(
        run: Any, encounter: Any) -> None:
    path = started(run, encounter)
    ok(run("absent", path, "cy", "--until", "2h", now=at(0)))
    assert people(path)["cy"]["absent_until"] == at(2).replace("Z", "+00:00")
    lines = ok(run("show", path, "--format", "plain", now=at(1))).out
    assert "absent until" in lines
    r = ok(run("next", path, now=at(3)))
    assert "Cy's absence is over." in r.out
    assert "absent_until" not in people(path)["cy"]


@pytest.mark.parametrize(("until", "code"), [("soon", 2), ("2026-11-28T00:00", 2), ("0h", 2)])
def test_R_PAC_2_until_must_be_a_future_time_or_a_duration(
        run: Any, encounter: Any, until: str, code: int) -> None:
    path = started(run, encounter)
    before = snapshot(path)
    r = run("absent", path, "bo", "--until", until, now=at(1))
    assert r.code == code and "R-PAC-2" in r.err
    assert snapshot(path) == before


def test_R_PAC_2_clear_brings_the_player_back(run: Any, encounter: Any) -> None:
    path = started(run, encounter)
    ok(run("absent", path, "cy", "--until", "1d", now=at(0)))
    r = ok(run("absent", path, "cy", "--clear", now=at(1)))
    assert "Cy is back" in r.out
    assert "absent_until" not in people(path)["cy"]
    assert run("absent", path, "cy", "--clear", now=at(1)).code == 3  # not absent
    assert run("absent", path, "cy", now=at(1)).code == 2  # neither --until nor --clear


def test_R_PAC_2_absent_counts_as_declared_and_plays_by_orders(
        run: Any, encounter: Any) -> None:
    path = started(run, encounter, DECLARED)
    ok(run("declare", path, "ann", "attack", "gob", now=at(1)))
    ok(run("declare", path, "bo", "attack", "gob", now=at(1)))
    ok(run("absent", path, "cy", "--until", "1d", now=at(1)))
    assert state(path)["turn"] == "ann"  # the declared flow plays nothing at once
    r = ok(run("resolve", path, "--when-all-declared", "--dice", "19,5", now=at(2)))
    assert "all have declared" in r.out and "Cy is absent: passes." in r.out


# -- R-PAC-3: remind ---------------------------------------------------------------------------


def test_R_PAC_3_remind_if_due_prints_exactly_once_per_deadline_over_a_day_of_hourly_runs(
        run: Any, encounter: Any) -> None:
    """cron: every hour `remind --if-due 4h` and `resolve --if-idle 12h`: the round started at
    T0 is due at T0+12h (reminded at +8h), the next round's at +24h (reminded at +20h)."""
    path = started(run, encounter, DECLARED)
    printed = []
    for hour in range(1, 25):
        before = snapshot(path)
        r = ok(run("remind", path, "--if-due", "4h", now=at(hour)))
        if r.out:
            printed.append((hour, r.out))
        else:
            assert snapshot(path) == before  # a run that prints nothing writes nothing
        ok(run("resolve", path, "--if-idle", "12h", now=at(hour)))
    assert [h for h, _ in printed] == [8, 20]
    first = printed[0][1]
    assert "@AnnP" in first and "@BoP" in first and "@CyP" in first
    assert first.count("@AnnP") == 1
    assert "4 h 0 min left" in first and "2026-11-30 00:00 UTC" in first
    assert state(path)["reminded_for"] == "2026-11-30T12:00:00+00:00"


def test_R_PAC_3_if_due_leaves_out_who_declared_and_reminds_the_turn_flow_current(
        run: Any, encounter: Any) -> None:
    path = started(run, encounter, DECLARED)
    ok(run("declare", path, "ann", "attack", "gob", now=at(1)))
    r = ok(run("remind", path, "--if-due", "12h", now=at(2)))
    assert "@BoP" in r.out and "@CyP" in r.out and "@AnnP" not in r.out
    assert "10 h 0 min left" in r.out
    turns = started(run, encounter, 'turn_deadline = "12h"')
    r = ok(run("remind", turns, "--if-due", "12h", now=at(13)))
    assert "@AnnP" in r.out and "@BoP" not in r.out
    assert "passed 1 h 0 min ago" in r.out  # already overdue: still reminded, once
    assert run("remind", turns, "--if-due", "12h", now=at(14)).out == ""


def test_R_PAC_3_plain_remind_always_prints_and_writes_nothing(
        run: Any, encounter: Any) -> None:
    path = started(run, encounter, DECLARED)
    before = snapshot(path)
    for hour in (1, 1, 2):
        r = ok(run("remind", path, now=at(hour)))
        assert "@AnnP" in r.out
    assert snapshot(path) == before
    assert "reminded_for" not in state(path)


def test_R_PAC_3_without_a_deadline_if_due_is_silent_and_plain_remind_has_no_time(
        run: Any, encounter: Any) -> None:
    path = started(run, encounter, 'flow = "declared"')
    before = snapshot(path)
    assert ok(run("remind", path, "--if-due", "4h", now=at(1))).out == ""
    assert snapshot(path) == before
    r = ok(run("remind", path, now=at(1)))
    assert "@BoP" in r.out and "no deadline" in r.out and "left" not in r.out


def test_R_PAC_3_bad_window_is_a_usage_error(run: Any, encounter: Any) -> None:
    path = started(run, encounter, DECLARED)
    r = run("remind", path, "--if-due", "soon", now=at(1))
    assert r.code == 2 and "--if-due" in r.err


def test_R_PAC_3_remind_speaks_spanish(run: Any, encounter: Any) -> None:
    path = started(run, encounter, DECLARED)
    r = ok(run("remind", path, "--lang", "es", now=at(10)))
    assert "Recordatorio" in r.out and "quedan 2 h 0 min" in r.out


# -- R-PAC-4: resolve --when-all-declared ------------------------------------------------------


def test_R_PAC_4_when_all_declared_is_silent_until_the_last_pc_declares(
        run: Any, encounter: Any) -> None:
    path = started(run, encounter, DECLARED)
    for who in ("ann", "bo"):
        ok(run("declare", path, who, "attack", "gob", now=at(1)))
        before = snapshot(path)
        r = ok(run("resolve", path, "--when-all-declared", now=at(1)))
        assert r.out == "" and snapshot(path) == before
    ok(run("declare", path, "cy", "attack", "orc", now=at(2)))
    r = ok(run("resolve", path, "--when-all-declared", "--dice", "19,5,2,2", now=at(2)))
    assert "Resolving the round: all have declared." in r.out
    assert state(path)["round"] == 2 and not state(path).get("declarations")


def test_R_PAC_4_with_if_idle_the_deadline_resolves_too(run: Any, encounter: Any) -> None:
    path = started(run, encounter, DECLARED)
    ok(run("declare", path, "ann", "attack", "gob", now=at(1)))
    assert run("resolve", path, "--when-all-declared", "--if-idle", "12h", now=at(11)).out == ""
    r = ok(run("resolve", path, "--when-all-declared", "--if-idle", "12h", "--dice", "19,5",
               now=at(12)))
    assert "the deadline has passed" in r.out
    assert state(path)["round"] == 2


def test_R_PAC_4_before_initiative_there_is_nothing_to_resolve(run: Any,
                                                                encounter: Any) -> None:
    path = encounter(five(rules=DECLARED))
    before = snapshot(path)
    r = run("resolve", path, "--when-all-declared", now=at(1))
    assert (r.code, r.out) == (0, "") and snapshot(path) == before


def test_R_PAC_4_nobody_with_a_player_resolves_at_once(run: Any, encounter: Any) -> None:
    path = started(run, encounter, DECLARED)
    for who in ("ann", "bo", "cy"):
        ok(run("set", path, who, "player", '""', now=at(0)))
    r = ok(run("resolve", path, "--when-all-declared", now=at(1)))
    assert "all have declared" in r.out
