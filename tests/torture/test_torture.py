"""Torture (docs/en/files-and-safety.md): concurrent writers, SIGKILL at random moments,
generated documents through `validate`, markup injection, dice and number abuse.

Sized by PBW_TORTURE: "full" runs the full size (`make torture`), anything else a quick size.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import string
import subprocess
import sys
import time
import tomllib
from collections import Counter
from pathlib import Path

import pytest
import tomli_w
from helpers import NOW, duel, held_lock, journal_of, snapshot, version_of, wait_until_open
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FULL = os.environ.get("PBW_TORTURE") == "full"
SCRIPT = Path(sys.executable).with_name("pbwcombat")


def size(full: int, quick: int) -> int:
    return full if FULL else quick


def env(**extra: str) -> dict[str, str]:
    return {**os.environ, "PBWCOMBAT_NOW": NOW, "PBWCOMBAT_LOCK_TIMEOUT": "300", **extra}


# -- (a) concurrent writers ------------------------------------------------------------------


def test_concurrent_processes_lose_no_update(encounter):
    n = size(32, 8)
    path = encounter(duel())
    procs = [subprocess.Popen([str(SCRIPT), "roll", str(path), "1d20", "--key", f"k{i}",
                               "--format", "json"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env())
             for i in range(n)]
    results = []
    for p in procs:
        out, err = p.communicate(timeout=600)
        results.append((p.returncode, out, err))
    for code, _out, err in results:
        assert code == 0, err.decode()
    versions = sorted(json.loads(out)["version"] for _c, out, _e in results)
    assert versions == list(range(1, n + 1))
    assert version_of(path) == n
    lines = journal_of(path).read_bytes().splitlines()
    assert len(lines) == n
    records = [json.loads(line) for line in lines]
    assert [r["version"] for r in records] == list(range(1, n + 1))
    keys = Counter(r["key"] for r in records)
    assert keys == Counter({f"k{i}": 1 for i in range(n)})


# -- (b) SIGKILL at random moments -----------------------------------------------------------


def test_sigkill_during_writes_leaves_before_or_after_and_undo_works(run, encounter, tmp_path):
    runs = size(200, 15)
    rng = random.Random(20261129)
    path = encounter(duel())
    original = path.read_bytes()
    assert run("roll", path, "1d6").code == 0  # seeds the generator: the next rolls are fixed
    committed = 1
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    copy = scratch / "fight.toml"
    lock_file = path.with_name(path.name + ".lock")
    for i in range(runs):
        before = path.read_bytes()
        # the only other acceptable outcome: the same action applied to the same bytes
        copy.write_bytes(before)  # with its journal (R-LOG-4: a file needs its history)
        journal_of(copy).write_bytes(journal_of(path).read_bytes())
        assert run("roll", copy, "1d6").code == 0
        after = copy.read_bytes()
        assert after != before
        delay = rng.uniform(0.0, 0.25)
        cmd = [str(SCRIPT), "roll", str(path), "1d6"]
        if i % 2 == 0:
            # from the start of the process
            p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                 env=env())
            time.sleep(delay)
        else:
            # from the moment the lock is released: the window where the writing happens
            with held_lock(path):
                p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, env=env())
                wait_until_open(p.pid, lock_file)
            time.sleep(delay)
        p.send_signal(signal.SIGKILL)
        p.wait(timeout=60)
        now = path.read_bytes()
        tomllib.loads(now.decode("utf-8"))  # always parses
        assert now in (before, after), f"run {i}: the file is neither before nor after"
        if now == after:
            committed += 1
        assert version_of(path) == committed
        r = run("log", path, "--format", "json")
        assert r.code == 0, r.err
        assert len(r.json()["records"]) == committed
    for _ in range(committed):
        r = run("undo", path)
        assert r.code == 0, r.err
    assert path.read_bytes() == original
    assert run("undo", path).code == 3


# -- (c) generated documents through validate --------------------------------------------------

_WORDS = ["", "1d8+3", "1d", "2d6-1", "d20", "melee", "ranged", "es", "en", "fr", "bbcode",
          "json", "heroes", "a", "b", "c0", "c1", "Aldric", "ok", "dead", "combat", "setup",
          "48h", "forbid", "penalty", "skip", "x" * 300]
_scalar = st.one_of(
    st.booleans(), st.integers(-20, 40), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(), st.text(max_size=8), st.sampled_from(_WORDS), st.datetimes(), st.dates(),
)
_junk = st.one_of(_scalar, st.lists(_scalar, max_size=3),
                  st.dictionaries(st.text(max_size=5), _scalar, max_size=2))
_ids = st.one_of(st.sampled_from(["c0", "c1", "c2", "c3", "x", "Bad Id", "-no", ""]),
                 st.text(max_size=6))
_small = st.integers(-5, 30)

WEAPON = {
    "id": st.sampled_from(["w", "sword", "bow", "Bad Id"]),
    "name": st.text(max_size=8),
    "kind": st.sampled_from(["melee", "ranged"]),
    "attack": _small,
    "crit_range": st.integers(15, 21),
    "crit_mult": st.integers(1, 5),
    "reach": st.integers(0, 3),
    "reach_adjacent": st.booleans(),
    "range": st.integers(0, 30),
    "ammo": st.integers(-1, 20),
}
_DAMAGE = {"damage": st.sampled_from(["1d8+3", "1d6", "2d4-1", "1d", "0d6", "1d1001"])}
COMBATANT = {
    "name": st.text(max_size=8),
    "pc": st.booleans(),
    "player": st.text(max_size=8),
    "initiative_mod": _small,
    "dex_mod": _small,
    "dodge": _small,
    "max_hp": st.integers(-2, 40),
    "speed": st.sampled_from([0, 5, 30, 31, 60]),
    "aware": st.booleans(),
    "group": st.sampled_from(["g", "goblins"]),
    "notes": st.text(max_size=12),
    "initiative": _small,
    "status": st.sampled_from(["ok", "disabled", "dying", "stable", "dead", "zombie"]),
    "flat_footed": st.booleans(),
    "engaged": st.lists(_ids, max_size=2),
    "missile_engaged": st.lists(_ids, max_size=2),
    "guarding": _ids,
    "disengage_streak": st.integers(-1, 4),
}
RULES = {
    "confirm_criticals": st.booleans(),
    "ranged_into_melee": st.sampled_from(["forbid", "penalty", "allow"]),
    "death_at": st.integers(-20, 0),
    "dying_bleed": st.booleans(),
    "aoo_engages": st.booleans(),
    "disengage_step": st.integers(0, 5),
    "reckless_disengage": st.booleans(),
    "default_action": st.sampled_from(["skip", "attack-nearest", "flee"]),
    "turn_deadline": st.sampled_from(["", "48h", "2d", "soon"]),
}
STATE = {
    "version": st.integers(-1, 10),
    "phase": st.sampled_from(["setup", "surprise", "combat", "ended", "over"]),
    "round": st.integers(-1, 5),
    "turn": _ids,
    "order": st.lists(_ids, max_size=4),
}
TOP = {
    "schema": st.just(1),
    "name": st.text(max_size=12),
    "lang": st.sampled_from(["es", "en"]),
    "format": st.sampled_from(["bbcode", "markdown", "plain", "json"]),
    "mention": st.sampled_from(["@{player}", "{player}", "@{nobody}", "{", ""]),
    "notes": st.text(max_size=12),
}
_TYPOS = ["hpp", "nmae", "extra", "defence"]


def _value(draw, strategy: st.SearchStrategy):
    """Mostly a plausible value, now and then junk of any type."""
    return draw(_junk) if draw(st.integers(0, 5)) == 0 else draw(strategy)


def _table(draw, fields: dict, required: dict | None = None) -> dict:
    out = {}
    for key, strategy in (required or {}).items():
        if draw(st.integers(0, 19)):  # now and then a required key is missing
            out[key] = _value(draw, strategy)
    for key in draw(st.lists(st.sampled_from(sorted(fields)), max_size=4, unique=True)):
        out[key] = _value(draw, fields[key])
    if draw(st.integers(0, 9)) == 0:  # a typo'd or unknown key
        out[draw(st.sampled_from(_TYPOS))] = draw(_junk)
    return out


@st.composite
def documents(draw) -> dict:
    """Dicts shaped like encounters: mostly plausible keys and values, some junk."""
    doc = _table(draw, TOP)
    if draw(st.booleans()):
        doc["rules"] = _table(draw, RULES) if draw(st.integers(0, 5)) else draw(_junk)
    if draw(st.integers(0, 3)) == 0:
        doc["state"] = _table(draw, STATE) if draw(st.integers(0, 5)) else draw(_junk)
    with_pos = draw(st.booleans())
    combatants = []
    for i in range(draw(st.integers(0, 4))):
        c = _table(draw, COMBATANT, {
            "id": st.just(f"c{i}") if draw(st.integers(0, 5)) else _ids,
            "side": st.sampled_from(["a", "b"]),
            "defense": st.integers(0, 25),
            "hp": st.integers(-15, 40),
        })
        if with_pos and draw(st.integers(0, 9)):
            c["position"] = ([i, 0] if draw(st.integers(0, 2)) else
                             _value(draw, st.lists(st.integers(-3, 6), min_size=2, max_size=2)))
        weapons = [_table(draw, WEAPON, _DAMAGE) for _ in range(draw(st.integers(0, 2)))]
        if weapons:
            c["weapons"] = weapons
        combatants.append(c)
    if combatants:
        doc["combatants"] = combatants if draw(st.integers(0, 7)) else draw(_junk)
    elif draw(st.booleans()):
        doc["combatants"] = draw(_junk)
    return doc


def _validate(run, path: Path, document: dict):
    path.write_text(tomli_w.dumps(document), encoding="utf-8")
    return run("validate", path)


def test_generated_documents_validate_exits_0_or_65_without_traceback(run, tmp_path):
    path = tmp_path / "generated.toml"
    seen: Counter[int] = Counter()

    @settings(max_examples=size(10_000, 300), deadline=None, derandomize=not FULL,
              database=None, suppress_health_check=list(HealthCheck))
    @given(document=documents())
    def check(document: dict) -> None:
        r = _validate(run, path, document)
        assert r.code in (0, 65), (r.code, r.err)
        assert "Traceback" not in r.err and "internal error" not in r.err, r.err
        if r.code == 0:
            assert (r.out, r.err) == ("ok\n", "")
        else:
            assert r.out == ""
            # SPEC: one `path: message` line per problem (keys in a path may be any text)
            lines = r.err.splitlines()
            assert lines and all(": " in line and not line.startswith(str(path))
                                 for line in lines), r.err
        seen[r.code] += 1

    check()
    # the generator reaches both outcomes, or the run above proves little
    assert seen[0] > 0 and seen[65] > 0, seen


# -- (d) markup injection ----------------------------------------------------------------------

TAGS = {"name": "QNAME", "notes": "QNOTES", "hero": "QHERO", "player": "QPLAYER",
        "side": "QSIDE", "cnotes": "QCNOTES", "weapon": "QWEAPON", "reason": "QREASON"}


def payload(tag: str) -> str:
    return f"[b]{tag}[/b] [url=javascript:{tag}] **{tag}** [{tag}]({tag}) <script>{tag}\n{tag}Z"


def one_line(tag: str) -> str:
    return payload(tag).replace("\n", " ")


_MD = {ord(ch): "\\" + ch for ch in string.punctuation}

# which user texts each post must show (the others may or may not appear)
SHOWN = {
    "show": ("name", "hero", "player"),
    "show-map": ("name", "hero", "side"),
    "roll": ("name", "hero", "reason"),
    "hp": ("name", "hero"),
    "attack": ("name", "hero", "weapon"),
}


def _check_text(text: str, fmt: str, required: tuple[str, ...]) -> None:
    for field, tag in TAGS.items():
        # a raw newline from user text never survives
        assert f"{tag}\n{tag}Z" not in text, (field, text)
        if field in required:
            assert tag in text, (field, text)
        if fmt == "bbcode":
            for raw in (f"[b]{tag}", f"{tag}[/b]", f"[url=javascript:{tag}", f"[{tag}]"):
                assert raw not in text, (field, raw, text)
            if field in required:
                assert f"［b］{tag}［/b］" in text and f"［{tag}］({tag})" in text, (field, text)
        elif fmt == "markdown":
            escaped = one_line(tag).translate(_MD)
            # every occurrence of the tag lies inside the fully escaped user text
            assert text.count(tag) == text.count(escaped) * one_line(tag).count(tag), (
                field, text)
        else:
            if field in required:
                assert f"{tag} {tag}Z" in text, (field, text)


@pytest.fixture
def injected(run, encounter):
    data = tomllib.loads(duel())
    data["name"] = payload(TAGS["name"])
    data["notes"] = payload(TAGS["notes"])
    hero = data["combatants"][0]
    hero.update(name=payload(TAGS["hero"]), player=payload(TAGS["player"]),
                side=payload(TAGS["side"]), notes=payload(TAGS["cnotes"]))
    hero["weapons"][0]["name"] = payload(TAGS["weapon"])
    path = encounter(tomli_w.dumps(data))
    r = run("roll-initiative", path, "--dice", "18,3")
    assert r.code == 0, r.err
    return path


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "plain", "json"])
def test_markup_injection_is_neutralised(run, injected, fmt, lang):
    path = injected
    commands = {
        "show": ("show", path, "--gm"),
        "show-map": ("show", path, "--map"),
        "roll": ("roll", path, "1d20", "--who", "hero", "--reason", payload(TAGS["reason"]),
                 "--dry-run"),
        "hp": ("hp", path, "hero", "-2", "--dry-run"),
        "attack": ("attack", path, "hero", "orc", "--dice", "15,5", "--dry-run"),
    }
    before = snapshot(path)
    for label, args in commands.items():
        r = run(*args, "--format", fmt, "--lang", lang)
        assert r.code == 0, (label, r.err)
        if fmt == "json":
            lines = r.out.strip().splitlines()
            assert len(lines) == 1
            data = json.loads(lines[0])
            assert isinstance(data["events"], list)
            _check_text(data["text"], "plain", SHOWN[label])
        else:
            _check_text(r.out, fmt, SHOWN[label])
    assert snapshot(path) == before


def test_markup_injection_in_log_posts(run, injected):
    path = injected
    assert run("roll", path, "1d20", "--who", "hero", "--reason", payload(TAGS["reason"])).code == 0
    for fmt in ("bbcode", "markdown", "plain"):
        r = run("log", path, "--format", fmt)
        assert r.code == 0, r.err
        _check_text(r.out, fmt, ("name", "hero", "reason"))


# -- (e) dice and number abuse ---------------------------------------------------------------

ABUSE = [
    ("roll", "{f}", "1000d1000"),
    ("roll", "{f}", "101d6"),
    ("roll", "{f}", "1d1001"),
    ("roll", "{f}", "99999999999999999999d6"),
    ("roll", "{f}", "1d99999999999999999999"),
    ("roll", "{f}", "+".join(["1d6"] * 25)),
    ("roll", "{f}", "+".join(["1d6"] * 10_000)),
    ("roll", "{f}", "1d6+" + "9" * 5000),
    ("roll", "{f}", "100d1000+" * 19 + "100d1000+" + "100d1000"),
    ("roll", "{f}", "1d6", "--dice", "99999999999999999999"),
    ("roll", "{f}", "1d6", "--dice", "1001"),
    ("roll", "{f}", "1d6", "--dice", "-1"),
    ("roll", "{f}", "1d1000", "--dice", "1" * 4000),
    ("hp", "{f}", "orc", "-99999999999999999999"),
    ("hp", "{f}", "orc", "99999999999999999999"),
    ("hp", "{f}", "orc", "-1000d1000"),
    ("hp", "{f}", "orc", "+101d6"),
    ("hp", "{f}", "orc", "-1d6+" + "9" * 4000),
]


@pytest.mark.parametrize("args", ABUSE, ids=[f"{a[0]}-{i}" for i, a in enumerate(ABUSE)])
def test_dice_abuse_is_refused(run, encounter, args):
    path = encounter(duel())
    assert run("roll", path, "1d4").code == 0
    before = snapshot(path)
    r = run(*[str(path) if a == "{f}" else a for a in args])
    assert r.code in (2, 65), (r.code, r.err[:500])
    assert "Traceback" not in r.err and "internal error" not in r.err
    assert snapshot(path) == before


@pytest.mark.parametrize("square", ["1000000000,0", "0,-1000000000",
                                    "99999999999999999999,0", "100001,0"])
def test_huge_move_targets_are_refused(run, encounter, square):
    path = encounter(duel(gridless=True, a="position = [0, 0]", b="position = [10, 10]"))
    assert run("roll-initiative", path, "--dice", "18,3").code == 0
    before = snapshot(path)
    r = run("move", path, "hero", square)
    assert r.code in (2, 3), (r.code, r.err)
    assert "Traceback" not in r.err and "internal error" not in r.err
    assert snapshot(path) == before


@pytest.mark.parametrize("change", [
    ("position = [0, 0]", "position = [1000000000, 0]"),
    ("position = [1, 0]", "position = [0, -1000000000]"),
    ("position = [0, 0]", "position = [100000000000000000000000, 0]"),
    ("hp = 20", "hp = 1000000000"),
    ("hp = 12", "hp = -99999999999999999999"),
    ("defense = 15", "defense = 1000000000"),
    ("attack = 5", "attack = 99999999999999999999"),
    ('damage = "1d8+3"', 'damage = "1000d1000"'),
    ('damage = "1d8+3"', 'damage = "1d8+99999999999999999999"'),
    ("crit_range = 19", "crit_range = -1000000000"),
    ("initiative_mod = 2", "initiative_mod = 1000000000"),
])
def test_huge_numbers_in_the_file_are_refused(run, encounter, change):
    text = duel()
    assert change[0] in text
    path = encounter(text.replace(change[0], change[1], 1))
    before = snapshot(path)
    for args in (("validate", path), ("show", path), ("map", path),
                 ("roll-initiative", path), ("roll", path, "1d6")):
        r = run(*args)
        assert r.code in (2, 65), (args[0], r.code, r.out[:300], r.err[:300])
        assert "Traceback" not in r.err and "internal error" not in r.err
    assert snapshot(path) == before


def test_same_file_same_action_same_rolls(run, encounter, tmp_path):
    """Same file, same action, same rolls (docs/*/files-and-safety.md): two copies, same faces."""
    path = encounter(duel())
    assert run("roll", path, "1d20").code == 0
    twin = tmp_path / "twin.toml"
    twin.write_bytes(path.read_bytes())
    journal_of(twin).write_bytes(journal_of(path).read_bytes())
    a = run("roll", path, "10d20", "--format", "json").json()
    b = run("roll", twin, "10d20", "--format", "json", now="2030-01-01T00:00:00Z").json()
    assert a["events"] == b["events"]


# -- (e) symlinks, permissions, broken pipes, Ctrl-C (SPEC "Files, permissions and safety") ----


@pytest.mark.parametrize("place", ["journal", "lock", "temp"])
def test_planted_symlinks_never_reach_the_victim(run, encounter, tmp_path, place):
    path = encounter(duel())
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious\n")
    if place == "journal":
        journal_of(path).symlink_to(victim)
    elif place == "lock":
        path.with_name(path.name + ".lock").symlink_to(victim)
    else:  # every name 0.1 could have used, and then some
        for pid in range(1, size(20000, 2000)):
            (tmp_path / f".{path.name}.{pid}.tmp").symlink_to(victim)
    for _ in range(size(30, 5)):
        for args in (("roll", path, "1d20"), ("hp", path, "orc", "-1"), ("undo", path)):
            r = run(*args)
            assert r.code in (0, 3, 73), (args, r.code, r.err)
            assert "Traceback" not in r.err
    assert victim.read_bytes() == b"precious\n"
    assert victim.stat().st_nlink == 1


@contextlib.contextmanager
def _as_user(uid: int, gid: int, umask: int = 0o002):
    """Act as another user of the group (effective ids; root can switch back)."""
    groups = os.getgroups()
    old_mask = os.umask(umask)
    os.setgroups([gid])
    os.setegid(gid)
    os.seteuid(uid)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)
        os.setgroups(groups)
        os.umask(old_mask)


def test_group_shared_folder_two_gms_take_turns(run):
    """SPEC: a folder shared by a group of GMs (setgid, umask 002) works for each of them;
    a private file has a private journal; another user can neither read nor write it."""
    import shutil
    import stat
    import tempfile

    assert os.geteuid() == 0, "this torture test acts as two users: run it as root"
    folder = Path(tempfile.mkdtemp(prefix="pbw-shared-", dir="/tmp"))
    try:
        gid = 4343
        os.chown(folder, 0, gid)
        folder.chmod(0o2775)
        path = folder / "fight.toml"
        path.write_text(duel())
        for args in (("roll", path, "1d20"), ("verify", path), ("undo", path)):
            assert run(*args).code == 0  # as root first: every module imported
        os.chown(path, 5001, gid)
        os.chown(journal_of(path), 5001, gid)
        os.chown(path.with_name(path.name + ".lock"), 5001, gid)
        for f in (path, journal_of(path), path.with_name(path.name + ".lock")):
            f.chmod(0o664)
        path.chmod(0o664)
        turns = size(20, 4)
        for i in range(turns):
            for uid in (5001, 5002):
                with _as_user(uid, gid):
                    r = run("roll", path, "1d20")
                assert r.code == 0, (i, uid, r.err)
        for f in (path, journal_of(path), path.with_name(path.name + ".lock")):
            st = f.stat()
            assert st.st_gid == gid and stat.S_IMODE(st.st_mode) == 0o664, f
        assert version_of(path) == 2 * turns  # root's roll was undone
        with _as_user(5002, gid):
            assert run("verify", path).code == 0
        before = snapshot(path)
        path.chmod(0o444)  # write-protected: not even root writes it
        assert run("roll", path, "1d20").code == 73
        assert snapshot(path) == before
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_broken_pipes_apply_each_action_exactly_once(encounter):
    path = encounter(duel())
    runs = size(40, 6)
    for i in range(runs):
        expr = f"{random.Random(i).randint(1, 100)}d1000"
        p = subprocess.Popen([str(SCRIPT), "roll", str(path), expr, "--format", "json"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env())
        assert p.stdout is not None
        p.stdout.close()  # the reader is gone before the post is printed
        _, err = p.communicate(timeout=120)
        assert p.returncode == 74, (i, p.returncode, err)
        assert b"Traceback" not in err and len(err.strip().splitlines()) == 1
        assert version_of(path) == i + 1
    done = subprocess.run([str(SCRIPT), "verify", str(path)], env=env(), capture_output=True)
    assert done.returncode == 0, done.stdout


def test_sigint_at_random_moments_leaves_before_or_after(encounter):
    rng = random.Random(130)
    path = encounter(duel())
    applied = 0
    for i in range(size(60, 8)):
        before = path.read_bytes()
        # from the moment the command holds its lock (Python's own start-up, before any of
        # the tool's code runs, is not the tool's to handle), at a random moment of the work
        with held_lock(path):
            p = subprocess.Popen([str(SCRIPT), "roll", str(path), "1d20"],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env())
            wait_until_open(p.pid, path.with_name(path.name + ".lock"))
        time.sleep(rng.uniform(0.0, 0.15))
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=120)
        assert p.returncode in (0, 130), (i, p.returncode, err)
        assert b"Traceback" not in err
        if p.returncode == 130:
            assert err.decode().count("\n") == 1, err
        now = path.read_bytes()
        tomllib.loads(now.decode("utf-8"))
        if now != before:
            applied += 1
        assert version_of(path) == applied
    leftovers = {f.name for f in path.parent.iterdir()} - {
        path.name, path.name + ".journal", path.name + ".lock"}
    assert leftovers == set()
    done = subprocess.run([str(SCRIPT), "verify", str(path)], env=env(), capture_output=True)
    assert done.returncode == 0, done.stdout
