"""Issue 25's rest, the small things: the round's pacing times (`absent --until`, `remind`'s
deadline, `show`'s absences) in the players' time zone (`--tz`, file key `timezone`) like the
turn deadlines; the dead keep their conditions silently in `show` (R-CND-4); a custom condition
reads as the name it was given; `map --png ""` is a usage error (exit 2). Both languages."""

from __future__ import annotations

import pytest
from forum import ford, shown_text
from helpers import NOW, ok, snapshot


def _paced_fight(run, encounter, lang: str, tz: str = ""):
    """Ford (en) / Vado (es) with a 24 h turn deadline and, given `tz`, the file's zone."""
    text = ford(lang)
    if tz:
        text = text.replace('format = "bbcode"\n', f'format = "bbcode"\ntimezone = "{tz}"\n')
    path = encounter(text + '[rules]\nturn_deadline = "24h"\n')
    ok(run("roll-initiative", path, "--dice", "15,5", now=NOW))
    return path


@pytest.mark.parametrize("lang, shown", [
    ("en", "Hero is absent until 2026-12-01 21:00 (Madrid time)"),
    ("es", "Hero está ausente hasta el 1/12/2026 21:00 (hora de Madrid)"),
])
def test_R_PAC_2_absent_until_in_the_file_time_zone(run, encounter, lang, shown):
    path = _paced_fight(run, encounter, lang, tz="Europe/Madrid")
    r = ok(run("absent", path, "hero", "--until", "2026-12-01T20:00", now=NOW))
    assert shown in shown_text(r.out, "bbcode")
    assert "UTC" not in r.out
    status = ok(run("show", path, now=NOW)).out
    assert ("absent until 2026-12-01 21:00 (Madrid time)" if lang == "en"
            else "ausente hasta el 1/12/2026 21:00 (hora de Madrid)") in status


def test_R_PAC_2_absent_until_stays_in_utc_without_a_zone(run, encounter):
    path = _paced_fight(run, encounter, "en")
    r = ok(run("absent", path, "hero", "--until", "2026-12-01T20:00", now=NOW))
    assert "Hero is absent until 2026-12-01 20:00 UTC: acts by standing orders" in r.out


@pytest.mark.parametrize("lang, shown", [
    ("en", "(deadline 2026-11-30 13:00 (Madrid time))"),
    ("es", "(plazo: 30/11/2026 13:00 (hora de Madrid))"),
])
def test_R_PAC_3_remind_names_the_deadline_in_tz_local_time(run, encounter, lang, shown):
    path = _paced_fight(run, encounter, lang)
    r = ok(run("remind", path, "--tz", "Europe/Madrid", now=NOW))
    assert shown in r.out, r.out
    plain = ok(run("remind", path, now=NOW)).out
    assert "2026-11-30 12:00 UTC" in plain  # without --tz or a file zone: UTC


@pytest.mark.parametrize("lang", ["en", "es"])
def test_R_CND_4_the_dead_keep_their_conditions_silently_in_show(run, encounter, lang):
    path = _paced_fight(run, encounter, lang)
    ok(run("condition", path, "orc", "unconscious", now=NOW))
    ok(run("condition", path, "hero", "shaken", now=NOW))
    ok(run("hp", path, "orc", "-40", now=NOW))
    status = ok(run("show", path, "--lang", lang, now=NOW)).out
    orc = next(line for line in status.splitlines() if line.startswith("- Orc"))
    hero = next(line for line in status.splitlines() if line.startswith("- Hero"))
    assert ("dead" if lang == "en" else "muerto") in orc
    assert ("unconscious" if lang == "en" else "inconsciente") not in orc, orc
    assert ("shaken" if lang == "en" else "estremecido") in hero  # the living still show


@pytest.mark.parametrize("lang, shown", [("en", "Orc is on fire"),
                                         ("es", "Orc queda en llamas")])
def test_R_CND_1_a_custom_condition_reads_as_the_name_given(run, encounter, lang, shown):
    path = _paced_fight(run, encounter, lang)
    slug = "on-fire" if lang == "en" else "en-llamas"
    r = ok(run("condition", path, "orc", slug, now=NOW))
    text = shown_text(r.out, "bbcode")
    assert shown in text and slug not in text, text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_SPEC_map_png_with_an_empty_name_is_a_usage_error(run, encounter, lang):
    path = _paced_fight(run, encounter, lang)
    before = snapshot(path)
    r = run("map", path, "--png", "", "--lang", lang, now=NOW)
    assert r.code == 2 and "--png" in r.err and "internal error" not in r.err, (r.code, r.err)
    assert snapshot(path) == before
