"""Issue 25: posts for people scanning a thread. Names plain, bold for totals and outcomes;
one paragraph per turn; only the player who acts next is mentioned; the supplied note short;
`log --round N`; wording players
understood (whose turn, on himself, healing past the maximum, no configuration key)."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from forum import html_of
from helpers import ENCOUNTERS, build, fighter, ok
from test_actions import mill

SEED = "5eed0f0a0bbc0ba7de00000000000000000000000000000000000000000000d0"
CUT = "-- 8< --"


def _demo(run, tmp_path, lang: str = "en"):
    """The demo's fight (scripts/demo.sh) up to round 2's declarations."""
    path = tmp_path / "goblin-ambush.toml"
    shutil.copyfile(ENCOUNTERS / "goblin-ambush.toml", path)
    text = path.read_text(encoding="utf-8").replace('lang = "en"', f'lang = "{lang}"', 1)
    path.write_text(text + f'\n[dice]\nseed = "{SEED}"\n', encoding="utf-8")
    for step in (("roll-initiative", "--dice", "18,15,4,9,12"), ("move", "aldric", "4,2"),
                 ("attack", "aldric", "snag", "--dice", "19,17"), ("next",),
                 ("attack", "mira", "nit", "--weapon", "longbow"), ("next",),
                 ("attack", "nit", "mira"), ("next",), ("disengage", "grak", "--to", "6,2"),
                 ("attack", "grak", "aldric"), ("next",), ("intercept", "brother-tom", "mira"),
                 ("next",), ("declare", "aldric", "attack", "grak"),
                 ("declare", "mira", "attack", "grak", "--weapon", "longbow"),
                 ("declare", "nit", "attack", "mira"), ("declare", "grak", "attack", "aldric"),
                 ("declare", "brother-tom", "move", "5,3")):
        ok(run(step[0], path, *step[1:]))
    return path


def _body(post: str) -> str:
    return "\n".join(line for line in post.splitlines() if "⛓" not in line)


def test_names_are_plain_totals_and_outcomes_bold(run, tmp_path):
    path = _demo(run, tmp_path)
    r = ok(run("resolve", path))
    bold = re.findall(r"\[b\](.*?)\[/b\]", _body(r.out).split("\n", 1)[1])
    assert bold and "Mira" not in bold and "Grak the hobgoblin" not in bold
    assert "19" in bold and "hit" in bold  # a total and an outcome
    page = html_of(r.out, "bbcode")
    assert "<strong>Mira</strong>" not in page and "Mira attacks" in page


def test_resolve_is_one_paragraph_per_turn_and_mentions_only_the_next_player(run, tmp_path):
    path = _demo(run, tmp_path)
    r = ok(run("resolve", path))
    paragraphs = _body(r.out).split("\n\n")
    turns = [p for p in paragraphs if p.startswith("It is ")]
    assert [t.split("\n", 1)[0].split("'s turn")[0][6:] for t in turns] == [
        "Mira", "Nit", "Grak the hobgoblin", "Brother Tom"]
    assert "Round 3" in paragraphs[-1] and "It is Aldric's turn" in paragraphs[-1]
    # the players whose turns this post resolved are not pinged; the next one is
    assert "@Sparrow" not in r.out and "@Quill" not in r.out and r.out.count("@Kelmor") == 1


def test_markdown_paragraphs_render_as_paragraphs(run, tmp_path):
    path = _demo(run, tmp_path)
    r = ok(run("resolve", path, "--format", "markdown"))
    page = html_of(r.out, "markdown")
    assert page.count("<p>It is ") == 4 and "<strong>Mira</strong>" not in page


def test_the_supplied_note_is_one_short_line(run, encounter):
    path = encounter(build(fighter("hero", "a", (0, 0)), fighter("orc", "b", (1, 0))))
    r = ok(run("roll-initiative", path, "--dice", "15,3"))
    notes = [line for line in r.out.splitlines() if "“supplied”" in line]
    assert notes == ["“supplied”: a face the GM gave, not the generator."]
    es = ok(run("roll", path, "1d6", "--dice", "4", "--lang", "es"))
    assert "«externo»: un dado que dio el director, no el generador." in es.out


@pytest.mark.parametrize("lang", ["en", "es"])
def test_log_round_fits_two_discord_messages(run, tmp_path, lang):
    """The example fight's log: three Discord messages whole, at most two per round."""
    path = _demo(run, tmp_path, lang)
    ok(run("resolve", path))
    whole = ok(run("log", path, "--format", "discord")).out
    assert whole.count(CUT) + 1 >= 3
    for n in (0, 1, 2):
        out = ok(run("log", path, "--round", str(n), "--format", "discord")).out
        parts = out.split(CUT + "\n")
        assert len(parts) <= 2 and all(len(p) <= 2000 for p in parts), (n, len(out))
    two = ok(run("log", path, "--round", "2", "--format", "plain")).out
    assert "(19 supplied)" not in two  # round 1's critical is not in round 2's log
    assert ("Mira attacks Grak" in two) if lang == "en" else ("Mira ataca a Grak" in two)
    one = ok(run("log", path, "--round", "1", "--format", "plain")).out
    assert "19 supplied" in one or "19 externo" in one


def test_log_round_of_an_undone_round_start_keeps_the_round(run, tmp_path):
    path = _demo(run, tmp_path)
    ok(run("resolve", path))
    ok(run("undo", path))  # the resolve that started round 3, undone: still round 2's
    out = ok(run("log", path, "--round", "2", "--format", "plain")).out
    assert "(undone" in out and "declares" in out
    assert ok(run("log", path, "--round", "3", "--format", "plain")).out.count("\n\n") <= 1


def test_guard_says_whose_turn_it_lasts_to(run, tmp_path):
    path = _demo(run, tmp_path)
    out = ok(run("log", path, "--format", "plain")).out
    assert "Brother Tom guards Mira until the start of Brother Tom's next turn." in out
    es = ok(run("log", path, "--format", "plain", "--lang", "es")).out
    assert "hasta el inicio del próximo turno de Brother Tom" in es


def test_an_action_on_oneself_says_himself_or_herself(run, encounter):
    path = mill(run, encounter)
    ok(run("hp", path, "mira", "-5"))
    r = ok(run("action", path, "mira", "potion", "--target", "mira", "--dice", "4",
               "--format", "plain"))
    assert "on himself" in r.out and "on Mira" not in r.out  # Mira is "m" in this file
    ok(run("undo", path))
    r = ok(run("action", path, "mira", "potion", "--target", "mira", "--dice", "4",
               "--format", "plain", "--lang", "es"))
    assert "sobre sí mismo" in r.out


def test_healing_past_the_maximum_is_said(run, encounter):
    path = mill(run, encounter)
    ok(run("hp", path, "mira", "-2"))
    r = ok(run("hp", path, "mira", "+8", "--format", "plain"))
    assert "heals 2 of 8 (no more than full hit points)" in r.out
    ok(run("undo", path))
    r = ok(run("hp", path, "mira", "+8", "--format", "plain", "--lang", "es"))
    assert "recupera 2 de 8 PG" in r.out
    ok(run("hp", path, "mira", "-5"))
    r = ok(run("hp", path, "mira", "+3", "--format", "plain"))
    assert "heals 3:" in r.out  # not capped: as before


def test_R_OUT_5_no_configuration_key_in_a_players_post(run, encounter):
    text = build(fighter("hero", "a", (0, 0), weapons=({"id": "bow", "name": "Bow",
                                                        "kind": "ranged", "attack": 4,
                                                        "damage": "1d6", "range": 20},)),
                 fighter("orc", "b", (5, 0)), fighter("elf", "a", (3, 0)))
    path = encounter(text)
    ok(run("roll-initiative", path, "--dice", "20,1,10"))
    ok(run("move", path, "elf", "4,0", "--force"))
    for lang in ("en", "es"):
        r = run("attack", path, "hero", "orc", "--lang", lang)
        assert r.code == 3 and "R-ATK-6" in r.err, r.err
        assert "rules." not in r.err + r.out


def test_spanish_wording_of_the_pass(run, tmp_path):
    path = _demo(run, tmp_path, "es")
    r = ok(run("resolve", path, "--format", "plain"))
    assert "Total de Prioridad de Acción de" in r.out
    assert "A Mira le quedan 13/18 PG." in r.out
    assert "se desentabla" in r.out and "entablamiento" not in r.out
    log = ok(run("log", path, "--last", "1", "--format", "plain")).out
    assert re.search(r"^Paso \d+: ", log, re.M)


def test_odds_json_cleans_names_and_hit_points_never_go_below_nothing(run, encounter):
    text = build(fighter("hero", "a", (0, 0), name="He\u202ero\u200b", hp=30),
                 fighter("orc", "b", (1, 0), hp=4))
    path = encounter(text)
    data = json.loads(ok(run("odds", path, "--runs", "50", "--format", "json")).out)
    assert "\u202e" not in json.dumps(data, ensure_ascii=False)
    assert "\u200b" not in json.dumps(data, ensure_ascii=False)
    orc = [c for c in data["odds"]["combatants"] if c["id"] == "orc"][0]
    assert 0 <= orc["mean_hp_share"] <= 1
    plain = ok(run("odds", path, "--runs", "50", "--format", "plain")).out
    assert "−" not in plain.split("At the end")[1] and "-" not in plain.split("left")[-1]


def _due_fight(encounter, top: str = "", lang: str = "en"):
    text = build(fighter("hero", "a", (0, 0), player="Kel", pc=True),
                 fighter("orc", "b", (1, 0)), rules='turn_deadline = "33h"')
    return encounter(text.replace('lang = "en"', f'lang = "{lang}"\n{top}', 1))


def test_deadlines_stay_utc_by_default(run, encounter):
    path = _due_fight(encounter)
    r = ok(run("roll-initiative", path, "--dice", "15,3"))
    assert "deadline 2026-11-30 21:00 UTC" in r.out  # the run fixture's now + 33 h


def test_file_timezone_shows_local_time_in_spanish(run, encounter):
    path = _due_fight(encounter, 'timezone = "Europe/Madrid"', "es")
    r = ok(run("roll-initiative", path, "--dice", "15,3"))
    assert "plazo 30/11/2026 22:00 (hora de Madrid)" in r.out and "UTC" not in r.out
    show = ok(run("show", path)).out
    assert "plazo 30/11/2026 22:00 (hora de Madrid)" in show


def test_tz_option_overrides_and_unknown_zones_are_refused(run, encounter):
    path = _due_fight(encounter, 'timezone = "Europe/Madrid"')
    r = ok(run("roll-initiative", path, "--dice", "15,3", "--tz", "America/New_York"))
    assert "2026-11-30 16:00 (New York time)" in r.out
    assert "2026-11-30 21:00 UTC" in ok(run("show", path, "--tz", "UTC")).out \
        or "(UTC time)" in ok(run("show", path, "--tz", "UTC")).out
    bad = run("show", path, "--tz", "Mars/Olympus")
    assert bad.code == 2 and "Mars/Olympus" in bad.err
    wrong = _due_fight(encounter, 'timezone = "Nowhere/Land"')
    r = run("show", wrong)
    assert r.code == 65 and "timezone" in r.err


def test_show_lists_as_not_declared_only_those_still_to_act(run, tmp_path):
    path = _demo(run, tmp_path)
    ok(run("resolve", path))  # round 3: Aldric's turn
    ok(run("next", path))  # Mira's turn; Aldric's turn has passed
    ok(run("declare", path, "grak", "attack", "mira"))
    out = ok(run("show", path, "--format", "plain")).out
    waiting = [line for line in out.splitlines() if line.startswith("Not declared:")]
    assert waiting and "Aldric" not in waiting[0] and "Mira" in waiting[0]


def test_standing_orders_that_do_nothing_say_why(run, encounter):
    """"acts by standing orders: attack the nearest enemy." was followed by nothing."""
    text = build(fighter("hero", "a", (0, 0), pc=True), fighter("orc", "b", (8, 0), speed=0),
                 rules='default_action = "attack-nearest"')
    path = encounter(text)
    ok(run("roll-initiative", path, "--dice", "20,1"))
    ok(run("declare", path, "hero", "move", "1,0"))
    r = ok(run("resolve", path, "--format", "plain"))
    lines = r.out.splitlines()
    i = lines.index("orc acts by standing orders: attack the nearest enemy.")
    assert lines[i + 1] == "orc cannot reach hero this turn and stays put."
    ok(run("undo", path))
    es = ok(run("resolve", path, "--format", "plain", "--lang", "es")).out
    assert "orc no puede alcanzar a hero este turno y se queda donde está." in es


def test_an_interception_is_told_in_the_order_it_happens(run, encounter):
    """"X intercepts Nit, who stops…", then "Nit moves …", then "Nit stops" (issue 25): now
    the move, the contest, the interception."""
    from test_actions import _guarded_ward

    path = _guarded_ward(run, encounter)
    r = ok(run("move", path, "orc", "2,2", "--dice", "15,3", "--format", "plain"))
    lines = [line for line in r.out.splitlines() if line]
    moved = next(i for i, line in enumerate(lines) if line.startswith("Orc moves"))
    caught = next(i for i, line in enumerate(lines) if "intercepts Orc" in line)
    assert moved < caught, lines
    assert not any("stops at" in line for line in lines[caught:]), lines
