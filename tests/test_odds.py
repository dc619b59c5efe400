"""Odds (R-SIM): many fights from the file's state with the commands' own engine; the
report's numbers against an exact dynamic program over the rules; repeatability; and the
file, its journal and its generator left alone."""

from __future__ import annotations

import hashlib
import io
from fractions import Fraction
from functools import cache
from itertools import product

import pytest
from helpers import counter, fight, ok, person, snapshot, state

from pbwcombat.dice import DiceSource
from pbwcombat.service import load
from pbwcombat.sim import odds as sim


def odds_json(run, path, *args: object) -> dict:
    r = ok(run("odds", path, "--format", "json", *args))
    assert r.err == ""  # no progress or timings when stderr is not a terminal
    return r.json()["odds"]


# -- an exact duel by dynamic programming -----------------------------------------------------


def duel_text(a: dict, b: dict) -> str:
    """Two adjacent fighters, everything the DP models: no Dex or dodge (flat-footedness
    changes nothing), criticals on a natural 20 without confirmation."""
    def one(cid: str, side: str, s: dict) -> str:
        return (f'[[combatants]]\nid = "{cid}"\nside = "{side}"\ninitiative_mod = {s["init"]}\n'
                f'defense = {s["defense"]}\nhp = {s["hp"]}\nposition = [{s["x"]}, 0]\n\n'
                f'[[combatants.weapons]]\nid = "w"\nattack = {s["attack"]}\n'
                f'damage = "{s["damage"]}"\n')
    return ('schema = 1\nname = "Duel"\nformat = "plain"\n\n[rules]\n'
            'confirm_criticals = false\n\n' + one("a", "left", {**a, "x": 0}) + "\n"
            + one("b", "right", {**b, "x": 1}))


def damage_law(sides: int, bonus: int, times: int) -> dict[int, Fraction]:
    """`times` rolls of 1d{sides}+bonus summed (a critical rolls them all), at least 1."""
    law: dict[int, Fraction] = {}
    for faces in product(range(1, sides + 1), repeat=times):
        amount = max(1, sum(faces) + bonus * times)
        law[amount] = law.get(amount, Fraction(0)) + Fraction(1, sides ** times)
    return law


def exact_win(a: dict, b: dict) -> float:
    """P(a's side wins) by the rules: R-INI-1/2 order (ties to the higher modifier), each
    turn one attack (R-ATK-1/2/4: natural 1 misses, natural 20 hits and is a critical ×2),
    R-HP-1/2 (at 0 hp a combatant still acts, then takes 1 damage), R-TRN-6 (the fight ends
    when one side alone can act; nobody left is nobody's win)."""
    def attack_law(att: dict, dfn: dict) -> tuple[Fraction, dict[int, Fraction]]:
        miss = Fraction(0)
        hurt: dict[int, Fraction] = {}
        normal = damage_law(att["sides"], att["bonus"], 1)
        crit = damage_law(att["sides"], att["bonus"], 2)
        for nat in range(1, 21):
            p = Fraction(1, 20)
            if nat == 1 or (nat != 20 and nat + att["attack"] < dfn["defense"]):
                miss += p
                continue
            for amount, q in (crit if nat == 20 else normal).items():
                hurt[amount] = hurt.get(amount, Fraction(0)) + p * q
        return miss, hurt

    laws = {"a": attack_law(a, b), "b": attack_law(b, a)}

    def after(hp_actor: int, hp_other: int) -> int:  # noqa: ARG001
        return hp_actor - 1 if hp_actor == 0 else hp_actor  # R-HP-2 strain

    @cache
    def value(ha: int, hb: int, turn: str) -> Fraction:
        """P(a wins) with `turn` about to act, both still able to act (hp ≥ 0)."""
        def outcome(na: int, nb: int, nxt: str) -> Fraction:
            if na < 0 or nb < 0:
                return Fraction(1) if nb < 0 <= na else Fraction(0)
            return value(na, nb, nxt)

        def step(actor: str, ha: int, hb: int) -> tuple[Fraction, Fraction]:
            miss, hurt = laws[actor]
            rest = Fraction(0)
            for amount, p in hurt.items():
                if actor == "a":
                    rest += p * outcome(after(ha, hb), hb - amount, "b")
                else:
                    rest += p * outcome(ha - amount, after(hb, ha), "a")
            return miss, rest

        hp = {"a": ha, "b": hb}
        other = "b" if turn == "a" else "a"
        miss, rest = step(turn, ha, hb)
        if hp[turn] == 0:  # a miss still costs a disabled attacker 1 hp: it is out
            return miss * outcome(ha - (turn == "a"), hb - (turn == "b"), other) + rest
        if hp[other] == 0:  # the other's turn does not come back here
            return miss * value(ha, hb, other) + rest
        m2, r2 = step(other, ha, hb)  # both above 0: X = m·Y + r, Y = m2·X + r2
        return (rest + miss * r2) / (1 - miss * m2)

    first_a = Fraction(sum(1 for x in range(1, 21) for y in range(1, 21)
                           if (x + a["init"], a["init"]) > (y + b["init"], b["init"])), 400)
    assert a["init"] != b["init"]  # no roll-off in this model
    win = first_a * value(a["hp"], b["hp"], "a") + (1 - first_a) * value(a["hp"], b["hp"], "b")
    return float(win)


def stats(init: int, defense: int, hp: int, attack: int, sides: int, bonus: int) -> dict:
    """One side's numbers for the exact model and duel_text (not a TOML entry)."""
    return {"init": init, "defense": defense, "hp": hp, "attack": attack, "sides": sides,
            "bonus": bonus, "damage": f"1d{sides}+{bonus}"}


RUNS = 3000


@pytest.mark.parametrize("a,b", [
    (stats(1, 14, 12, 4, 6, 1), stats(0, 14, 12, 4, 6, 1)),   # an even duel
    (stats(2, 15, 16, 5, 8, 1), stats(0, 13, 12, 3, 6, 1)),   # an uneven one (~0.87)
], ids=["even", "uneven"])
def test_R_SIM_3_duel_matches_the_exact_probability(run, encounter, a, b):
    path = encounter(duel_text(a, b))
    exact = exact_win(a, b)
    data = odds_json(run, path, "--runs", RUNS, "--seed", "5eed", "--jobs", "1",
                     "--max-rounds", "1000")
    left = next(s for s in data["sides"] if s["side"] == "left")
    se = (exact * (1 - exact) / RUNS) ** 0.5
    assert abs(left["share"] - exact) <= 3 * se, (left["share"], exact, se)
    assert data["undecided"]["count"] == 0


def test_R_SIM_3_the_dynamic_program_itself_is_sane():
    """Acting first more often helps; both can fall (a combatant at 0 hp acts, then drops),
    so the two sides' wins add up to less than 1."""
    a, b = stats(1, 14, 12, 4, 6, 1), stats(0, 14, 12, 4, 6, 1)
    even = exact_win(a, b)
    assert exact_win({**a, "init": 5}, b) > even > exact_win({**a, "init": 0}, {**b, "init": 1})
    mirrored = exact_win({**b, "init": 0}, {**a, "init": 1})  # side b's chance, by symmetry
    assert 0.9 < even + mirrored < 1
    assert exact_win(stats(2, 15, 16, 5, 8, 1), stats(0, 13, 12, 3, 6, 1)) > 0.85


# -- R-SIM-1 ----------------------------------------------------------------------------------


def goblins(encounter, name: str = "fight.toml"):
    return encounter(example="goblin-ambush.toml", name=name)


def test_R_SIM_1_same_seed_same_report_whatever_jobs(run, encounter):
    path = goblins(encounter)
    outs = {jobs: ok(run("odds", path, "--runs", 120, "--seed", "ab12", "--jobs", jobs,
                         "--format", "json")).out for jobs in (1, 2, 3)}
    assert outs[1] == outs[2] == outs[3]
    other = ok(run("odds", path, "--runs", 120, "--seed", "ab13", "--jobs", 1,
                   "--format", "json")).out
    assert other != outs[1]


def test_R_SIM_1_never_writes_the_file_the_journal_or_the_generator(run, encounter):
    path = goblins(encounter)
    ok(run("roll-initiative", path))
    ok(run("next", path))
    before = snapshot(path, mtime=True)
    n = counter(path)
    ok(run("odds", path, "--runs", 40, "--jobs", 1))
    assert counter(path) == n
    listing = sorted(p.name for p in path.parent.iterdir())
    for args in (("--jobs", 1), ("--jobs", 2), ("--format", "json")):
        ok(run("odds", path, "--runs", 40, *args))
    assert snapshot(path, mtime=True) == before
    assert sorted(p.name for p in path.parent.iterdir()) == listing


def test_R_SIM_1_run_r_rolls_with_sha256_of_seed_and_r(encounter):
    path = goblins(encounter)
    _, enc = load(path)
    seed = bytes.fromhex("c0ffee")
    key = hashlib.sha256(seed + (7).to_bytes(8, "big")).digest()
    assert sim.run_key(seed, 7) == key
    ids = sim.reported(enc)
    by_hand = sim.play(enc, key, 50, ids)
    assert list(sim.iter_runs(enc, "c0ffee", 8, 50))[7] == by_hand


def test_R_SIM_1_run_r_rolls_the_faces_of_its_key_from_die_0(encounter):
    """A duel the faces decide: a (+1) acts first when its d20 + 1 is at least b's d20
    (die 0 against die 1; ties to the higher modifier, R-INI-2); every attack hits and kills
    except a natural 1, which hands the turn over. The winner of each run is read off the
    faces of DiceSource(run key, 0)."""
    killer = {"defense": 10, "hp": 1, "attack": 30, "sides": 4, "bonus": 20}
    path = encounter(duel_text({**killer, "init": 1, "damage": "1d4+20"},
                               {**killer, "init": 0, "damage": "1d4+20"}))
    _, enc = load(path)
    seed = bytes.fromhex("5eed")
    ids = sim.reported(enc)
    winners = []
    for r in range(40):
        src = DiceSource(sim.run_key(seed, r), 0)
        fa, fb = src.die(20).face, src.die(20).face
        side = "left" if fa + 1 >= fb else "right"
        while src.die(20).face == 1:
            side = "right" if side == "left" else "left"
        run = sim.play(enc, sim.run_key(seed, r), 50, ids)
        assert run.winner == side, r
        winners.append(side)
    assert set(winners) == {"left", "right"}


def test_R_SIM_1_each_run_rolls_its_own_initiative_before_combat(encounter):
    path = goblins(encounter)
    _, enc = load(path)
    assert enc.state.phase == "setup"
    runs = list(sim.iter_runs(enc, "01", 30, 50))
    assert len({r.rounds for r in runs}) > 1 and len({r.hp for r in runs}) > 1


def test_R_SIM_1_plays_from_the_current_state(run, encounter):
    """Mid-fight, with the goblins at 1 hp and the hobgoblin dead, the party nearly always
    wins; from the start they win less often."""
    path = goblins(encounter)
    ok(run("roll-initiative", path, "--dice", "18,12,5,3,2"))
    ok(run("hp", path, "snag,nit", "-5"))
    ok(run("hp", path, "grak", "-30"))
    mid = odds_json(run, path, "--runs", 200, "--seed", "aa", "--jobs", "1")
    assert state(path)["phase"] == "combat"
    assert mid["from"]["phase"] == "combat"
    party = next(s for s in mid["sides"] if s["side"] == "party")
    assert party["share"] >= 0.97
    grak = next(c for c in mid["combatants"] if c["id"] == "grak")
    assert grak["dead"]["share"] == 1.0


def test_R_SIM_1_without_orders_everyone_attacks_nearest_whatever_default_action(
        run, encounter):
    """Files at default_action = "skip" (PCs and monsters without orders would do nothing
    in `resolve`): odds plays them all as attack-nearest, so the fight is decided."""
    path = encounter(fight(
        person("ann", "heroes", 2, pc=True, position=[0, 0]),
        person("orc", "monsters", 0, position=[3, 0]),
        rules='default_action = "skip"'))
    data = odds_json(run, path, "--runs", 100, "--seed", "0f", "--jobs", "1")
    assert data["undecided"]["count"] == 0
    skip = encounter(fight(
        person("ann", "heroes", 2, pc=True, position=[0, 0], orders="skip"),
        person("orc", "monsters", 0, position=[3, 0], orders="skip")), name="skip.toml")
    data = odds_json(run, skip, "--runs", 20, "--seed", "0f", "--jobs", "1",
                     "--max-rounds", "5")
    assert data["undecided"]["count"] == 20  # orders given are followed, "skip" included
    assert data["rounds"]["median"] == 5


def test_R_SIM_1_bad_options_are_usage_errors(run, encounter):
    path = goblins(encounter)
    for args in (("--seed", "xyz"), ("--seed", "abc"), ("--runs", "0"), ("--jobs", "0"),
                 ("--max-rounds", "0"), ("--format", "html")):
        r = run("odds", path, *args)
        assert r.code == 2, (args, r.code, r.err)
    assert run("odds", path.with_name("missing.toml")).code == 66


# -- R-SIM-2: the report ------------------------------------------------------------------------


def test_R_SIM_2_report_numbers(run, encounter):
    path = goblins(encounter)
    data = odds_json(run, path, "--runs", 200, "--seed", "beef", "--jobs", "1")
    assert data["runs"] == 200 and data["seed"] == "beef" and data["max_rounds"] == 50
    shares = [s["count"] for s in data["sides"]]
    assert sum(shares) + data["nobody"]["count"] + data["undecided"]["count"] == 200
    for s in data["sides"]:
        assert s["low"] <= s["share"] <= s["high"]
    r = data["rounds"]
    assert r["p10"] <= r["median"] <= r["p90"]
    ids = [c["id"] for c in data["combatants"]]
    assert ids == ["aldric", "mira", "brother-tom", "grak", "snag", "nit"]
    grak = data["combatants"][3]
    assert "mean_hp" not in grak and "mean_hp_share" in grak  # R-OUT-3: not a PC
    assert "mean_hp" in data["combatants"][0]
    gm = ok(run("odds", path, "--runs", 200, "--seed", "beef", "--jobs", "1", "--format",
                "json", "--gm")).json()["odds"]
    assert "mean_hp" in gm["combatants"][3]
    assert gm["sides"] == data["sides"]


def test_R_SIM_2_wilson_interval_and_percentiles():
    s = sim.wilson(80, 100)
    assert round(s.low, 4) == 0.7112 and round(s.high, 4) == 0.8666
    zero = sim.wilson(0, 50)
    assert zero.low == 0.0 and 0.07 < zero.high < 0.072
    ordered = list(range(1, 11))
    assert (sim.percentile(ordered, 0.1), sim.percentile(ordered, 0.9)) == (1, 9)


def test_R_SIM_2_the_report_is_a_post_in_both_languages(run, encounter):
    path = goblins(encounter)
    en = ok(run("odds", path, "--runs", 50, "--seed", "12", "--jobs", "1")).out
    assert en.startswith("[b]Goblin ambush at the mill[/b] — Odds")
    assert "The party win: [b]" in en and "95% interval" in en  # [sides.party] name
    assert "Grak the hobgoblin: down" in en and "% of full" in en  # a share, not hp
    assert "Seed 12" in en
    es = ok(run("odds", path, "--runs", 50, "--seed", "12", "--jobs", "1", "--lang", "es",
                "--format", "markdown")).out
    assert "**Probabilidades**" not in es and "— Probabilidades" in es
    assert "Victoria de «The party»:" in es and "intervalo del 95 %" in es
    assert "  \n" in es  # R-OUT-6: hard breaks inside paragraphs
    plain = ok(run("odds", path, "--runs", 50, "--seed", "12", "--jobs", "1", "--format",
                   "plain", "--gm")).out
    assert "[b]" not in plain and "/16" in plain  # --gm: Grak's hit points as numbers


def test_R_SIM_2_progress_only_on_a_terminal_and_only_when_slow():
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    quiet = io.StringIO()
    p = sim.Progress(10, quiet, after=0.0)
    p(5)
    p.close()
    assert quiet.getvalue() == ""
    fast = Tty()
    p = sim.Progress(10, fast, after=60.0)
    p(5)
    p.close()
    assert fast.getvalue() == ""
    slow = Tty()
    p = sim.Progress(10, slow, after=0.0)
    p(5)
    p.close()
    assert "5/10 runs" in slow.getvalue() and slow.getvalue().endswith("\n")


def test_R_SIM_2_a_fight_ended_by_hand_with_both_sides_up_is_undecided(run, encounter):
    """`end` with both sides standing names no winner: the report must not read it as
    "nobody left standing" (R-TRN-6, R-SIM-2)."""
    path = goblins(encounter)
    ok(run("roll-initiative", path, "--dice", "18,12,5,3,2"))
    ok(run("end", path))
    data = odds_json(run, path, "--runs", 20, "--seed", "aa", "--jobs", "1")
    assert data["nobody"]["count"] == 0
    assert data["undecided"]["count"] == 20
    assert all(s["count"] == 0 for s in data["sides"])


# -- R-SIM with shared group turns, --max-rounds from the current round, stuck fights -------


def test_R_SIM_1_every_member_of_a_shared_group_turn_acts_by_its_orders(run, encounter):
    """The goblins share one turn (R-INI-3); the first stands by ("skip"), the second,
    without orders, attacks the nearest (R-SIM-1). Ann only stands: the goblins always win."""
    path = encounter(fight(
        person("g1", "monsters", 3, position=[0, 0], group="gobs", orders="skip"),
        person("g2", "monsters", 0, position=[0, 2], group="gobs"),
        person("ann", "heroes", 2, pc=True, position=[1, 1], hp=3, orders="skip"),
        rules='group_turn = "shared"'))
    data = odds_json(run, path, "--runs", 30, "--seed", "0a", "--jobs", "1")
    gobs = next(s for s in data["sides"] if s["side"] == "monsters")
    assert gobs["count"] == 30
    assert data["undecided"]["count"] == 0


def at_round(path, number: int) -> None:
    """Move the file's fight to round `number` (a GM's hand edit of [state])."""
    text = path.read_text(encoding="utf-8")
    assert "\nround = 1\n" in text
    path.write_text(text.replace("\nround = 1\n", f"\nround = {number}\n", 1),
                    encoding="utf-8")


def test_R_SIM_1_max_rounds_count_from_the_files_current_round(run, encounter):
    """At round 60 with the default --max-rounds 50 the fight is still played: Gob (2/10 hp,
    flee_below 0.5) flees on its turn and leaves, so the heroes win in the round the file is
    in, which counts as the first: `rounds` is 1."""
    path = encounter(fight(
        person("gob", "monsters", 3, position=[0, 0], hp=2, max_hp=10, flee_below=0.5),
        person("ann", "heroes", 2, pc=True, position=[1, 0], orders="skip")))
    ok(run("roll-initiative", path, "--dice", "10,10"))
    at_round(path, 60)
    assert state(path)["round"] == 60
    data = odds_json(run, path, "--runs", 20, "--seed", "60", "--jobs", "1")
    assert data["from"]["round"] == 60
    heroes = next(s for s in data["sides"] if s["side"] == "heroes")
    assert heroes["count"] == 20
    assert data["rounds"] == {"mean": 1.0, "median": 1.0, "p10": 1, "p90": 1}
    skip = encounter(fight(
        person("gob", "monsters", 3, position=[0, 0], orders="skip"),
        person("ann", "heroes", 2, pc=True, position=[1, 0], orders="skip")), name="s.toml")
    ok(run("roll-initiative", skip, "--dice", "10,10"))
    at_round(skip, 60)
    data = odds_json(run, skip, "--runs", 5, "--seed", "60", "--jobs", "1",
                     "--max-rounds", "3")
    assert data["undecided"]["count"] == 5
    assert data["rounds"]["median"] == 3


def test_R_SIM_2_a_run_stops_before_the_round_after_max_rounds_starts(encounter):
    """Dee is dying and first in the order: she bleeds (or stabilises) as her turn is passed
    over at the start of round 1. With --max-rounds 1 the run stops before round 2 starts,
    so a second bleed never reaches the figures."""
    path = encounter(fight(
        person("dee", "heroes", 5, pc=True, hp=-5, max_hp=10, status="dying"),
        person("ann", "heroes", 2, pc=True, orders="skip"),
        person("orc", "monsters", 0, orders="skip")))
    _, enc = load(path)
    runs = list(sim.iter_runs(enc, "b1", 40, 1))
    assert {r.winner for r in runs} == {None}
    assert {r.rounds for r in runs} == {1}
    assert {r.hp[0] for r in runs} <= {-5, -6}
    assert -6 in {r.hp[0] for r in runs}  # she did bleed once in round 1


def test_R_SIM_2_a_fight_nobody_can_go_on_with_counts_as_reaching_max_rounds(run, encounter):
    """Both paralyzed for good: nobody can take a turn (R-TRN-4), the fight can never be
    decided; it counts as undecided after --max-rounds, its rounds at the limit."""
    path = encounter(fight(
        person("gob", "monsters", 3, position=[0, 0]),
        person("ann", "heroes", 1, pc=True, position=[5, 0])))
    ok(run("roll-initiative", path, "--dice", "10,10"))
    ok(run("condition", path, "gob,ann", "paralyzed"))
    data = odds_json(run, path, "--runs", 5, "--seed", "00", "--jobs", "1",
                     "--max-rounds", "7")
    assert data["undecided"]["count"] == 5
    assert data["rounds"] == {"mean": 7.0, "median": 7.0, "p10": 7, "p90": 7}


def test_R_OUT_5_the_odds_post_agrees_with_one_round_in_both_languages(run, encounter):
    """R-OUT-5 plurals: `--max-rounds 1` is "1 round" / "1 asalto", not "1 rounds"."""
    path = goblins(encounter)
    texts = {lang: ok(run("odds", path, "--runs", 10, "--seed", "00", "--jobs", 1,
                          "--max-rounds", 1, "--format", "plain", "--lang", lang)).out
             for lang in ("en", "es")}
    assert "at most 1 round;" in texts["en"] and "Undecided after 1 round:" in texts["en"]
    assert "como mucho 1 asalto;" in texts["es"] and "Sin decidir tras 1 asalto:" in texts["es"]
    many = ok(run("odds", path, "--runs", 10, "--seed", "00", "--jobs", 1, "--max-rounds", 3,
                  "--format", "plain", "--lang", "es")).out
    assert "como mucho 3 asaltos;" in many and "Sin decidir tras 3 asaltos:" in many


def test_R_SIM_1_guided_chunks_cover_every_run_once_in_order_and_shrink():
    """The workers' chunks (R-SIM-1: same report whatever --jobs) cover runs 0..N-1 once, in
    order, at most 200 runs each and no bigger than the ones before them."""
    for runs, jobs in ((10_000, 2), (7, 2), (1_000, 1), (333, 4)):
        chunks = sim._chunks(runs, jobs)
        assert [a for a, _ in chunks] == [0] + [b for _, b in chunks[:-1]]
        assert chunks[-1][1] == runs
        sizes = [b - a for a, b in chunks]
        assert max(sizes) <= 200 and sizes == sorted(sizes, reverse=True)
