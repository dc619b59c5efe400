"""Journal format 4 (issue 29): a record holds what changed (a patch of the file's lines),
the whole file only in a journal's first record and now and then; undo puts back the exact
bytes, verify follows every patch, and journals of formats 1-3 still load, verify and undo
(R-LOG-1..4, R-LOG-7)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import duel, journal_of, ok, with_texts

from pbwcombat import journal, journal_patch, store


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in journal_of(path).read_bytes().splitlines()]


def _reseal(path: Path, recs: list[dict[str, Any]]) -> None:
    """`recs` written back sealed as the tool seals its lines (format 3's `prev_sha`)."""
    journal_of(path).write_bytes(journal.seal(
        [{k: v for k, v in r.items() if k not in ("prev_sha", "journal_sha")} for r in recs]))


def crowd(n: int) -> str:
    parts = ['schema = 1\nname = "Crowd"\nformat = "plain"\n']
    for i in range(n):
        parts.append(f'\n[[combatants]]\nid = "c{i}"\nside = "{"a" if i % 2 else "b"}"\n'
                     f"defense = 12\nhp = 10\nposition = [{i % 20}, {i // 20}]\n\n"
                     '[[combatants.weapons]]\nname = "Spear"\nattack = 2\ndamage = "1d8"\n')
    return "".join(parts)


# -- the patch ---------------------------------------------------------------------------


def test_a_patch_turns_each_text_into_the_other_byte_for_byte():
    """Random texts and random changes (lines changed, inserted, removed; no newline at the
    end, CRLF lines, repeated lines): `forward` gives the text after, `backward` the text
    before, `reverse` the patch of the undo."""
    rng = random.Random(4)
    for _ in range(2000):
        base = [rng.choice("aabcd") for _ in range(rng.randint(0, 25))]
        after = list(base)
        for _ in range(rng.randint(0, 6)):
            op = rng.random()
            if op < 0.3 and after:
                del after[rng.randrange(len(after))]
            elif op < 0.6:
                after.insert(rng.randint(0, len(after)), rng.choice("abxy"))
            elif after:
                after[rng.randrange(len(after))] = rng.choice("xyz")
        end = rng.choice(["\n", "\r\n"])
        a = end.join(base) + rng.choice(["", end])
        b = end.join(after) + rng.choice(["", end])
        patch = journal_patch.make(a, b)
        forward = journal_patch.forward(journal_patch.lines_of(a), patch)
        backward = journal_patch.backward(journal_patch.lines_of(b), patch)
        undo = journal_patch.forward(journal_patch.lines_of(b), journal_patch.reverse(patch))
        assert forward is not None and journal_patch.text_of(forward) == b, (a, b, patch)
        assert backward is not None and journal_patch.text_of(backward) == a
        assert undo is not None and journal_patch.text_of(undo) == a
        assert (patch == []) == (a == b)


def test_a_patch_is_the_few_lines_a_command_changes_in_a_long_file():
    text = crowd(2000)
    changed = text.replace('id = "c777"\nside = "a"\ndefense = 12\nhp = 10',
                           'id = "c777"\nside = "a"\ndefense = 12\nhp = 3').replace(
        'name = "Crowd"\n', 'name = "Crowd"\n[state]\nversion = 4\n')
    patch = journal_patch.make(text, changed)
    assert patch == [[2, [], ["[state]", "version = 4"]], [journal_patch.lines_of(text).index(
        'id = "c777"') + 3, ["hp = 10"], ["hp = 3"]]]


@pytest.mark.parametrize("patch", [None, 3, [[0, ["x"]]], [[-1, [], []]], [[0, [1], []]],
                                   [[2, ["b"], []], [1, [], ["c"]]], [["0", [], []]],
                                   [[0, ["not there"], ["nor this"]]], [[99, [], ["x"]]]])
def test_a_patch_that_does_not_fit_gives_no_text(patch: Any):
    """A hand-made or damaged patch: no text at all rather than a wrong one."""
    lines = journal_patch.lines_of("a\nb\nc\n")
    assert journal_patch.forward(lines, patch) is None
    assert journal_patch.backward(lines, patch) is None
    assert lines == ["a", "b", "c", ""]


# -- the records ---------------------------------------------------------------------------


def test_R_LOG_1_an_attack_among_200_records_what_changed_not_the_file_twice(run, encounter):
    path = encounter(crowd(200))
    ok(run("roll-initiative", path, "--dice", ",".join(["10"] * 200)))
    first = _records(path)[0]
    assert store.sha256(first["before"].encode()) == first["before_sha"]  # the start, whole
    turn = re.search(r'turn = "(c\d+)"', path.read_text())
    assert turn is not None
    k = int(turn.group(1)[1:])
    foe = f"c{k + 1}" if k % 20 != 19 else f"c{k - 1}"
    size = journal_of(path).stat().st_size
    ok(run("attack", path, turn.group(1), foe, "--dice", "15,4"))
    line = journal_of(path).read_bytes()[size:]
    rec = json.loads(line)
    assert "before" not in rec and "after" not in rec
    assert len(line) < path.stat().st_size / 10, (len(line), path.stat().st_size)
    assert sum(len(h[1]) + len(h[2]) for h in rec["patch"]) <= 30, rec["patch"]
    ok(run("undo", path))
    undo = _records(path)[-1]
    assert "after" not in undo and undo["patch"] == journal_patch.reverse(rec["patch"])
    assert _verified(ok(run("verify", path)).out)


def test_R_LOG_1_undo_puts_back_every_state_byte_for_byte_through_whole_texts(run, encounter):
    """Forty commands (a small file: whole texts come every few records), then undo all the
    way back: each undo restores the exact bytes of the state before its command."""
    path = encounter(duel())
    states = [path.read_bytes()]
    ok(run("roll-initiative", path, "--dice", "15,3"))
    states.append(path.read_bytes())
    for i in range(40):
        ok(run("hp", path, "orc", ["1", "-1"][i % 2]) if i % 3 else run("roll", path, "1d20"))
        states.append(path.read_bytes())
    recs = _records(path)
    assert 3 <= sum("after" in r for r in recs) <= 30  # some whole texts, not every record
    for state in reversed(states[1:-1]):
        ok(run("undo", path))
        assert path.read_bytes() == state
    ok(run("undo", path))
    assert path.read_bytes() == states[0]
    assert _verified(ok(run("verify", path)).out)


def test_R_LOG_2_a_hand_edit_after_patch_records_is_told_and_undone_exactly(run, encounter):
    """The last recorded text, rebuilt from the patches since the last whole one, gives the
    edit's changed keys; undo puts the recorded file back byte for byte."""
    path = encounter(duel())
    ok(run("roll-initiative", path, "--dice", "15,3"))
    for _ in range(5):
        ok(run("hp", path, "orc", "-1"))
    recorded = path.read_bytes()
    assert "after" not in _records(path)[-1]
    path.write_text(path.read_text().replace("defense = 13", "defense = 17"))
    r = ok(run("roll", path, "1d4"))
    assert "Orc: edited" in r.out, r.out
    edit = [x for x in _records(path) if x["type"] == "edit"][-1]
    assert edit["changes"] == [{"key": "combatants.orc.defense", "old": 13, "new": 17}]
    assert "after" not in edit and "before" not in edit
    ok(run("undo", path))
    ok(run("undo", path))
    assert path.read_bytes() == recorded
    assert _verified(ok(run("verify", path)).out)


def test_R_LOG_1_without_the_index_a_record_holds_the_whole_text_and_undo_still_works(
        run, encounter):
    """A lock file lost (the index with it): the next record holds its whole text after, so
    no state is ever further back than the index can say."""
    path = encounter(duel())
    ok(run("roll-initiative", path, "--dice", "15,3"))
    ok(run("hp", path, "orc", "-1"))
    before = path.read_bytes()
    store.lock_path(path).unlink()
    ok(run("hp", path, "orc", "-1"))
    assert "after" in _records(path)[-1]
    ok(run("undo", path))
    assert path.read_bytes() == before


def test_SPEC_key_a_repeated_undo_gives_back_what_it_undid(run, encounter):
    path = encounter(duel())
    ok(run("roll-initiative", path, "--dice", "15,3"))
    ok(run("hp", path, "orc", "-2"))
    first = ok(run("undo", path, "--key", "u1"))
    assert ok(run("undo", path, "--key", "u1")).out == first.out
    ok(run("hp", path, "orc", "-3"))
    assert ok(run("undo", path, "--key", "u1")).out == first.out


# -- verify and the damage it finds --------------------------------------------------------


def _played(run: Any, path: Path) -> None:
    ok(run("roll-initiative", path, "--dice", "15,3"))
    for _ in range(4):
        ok(run("hp", path, "orc", "-1"))


def _damaged(patch: list[Any]) -> list[Any]:
    at, removed, added = patch[-1]
    return [*patch[:-1], [at, removed, [line.replace("hp = ", "hp = 1") for line in added]]]


def test_R_LOG_3_a_patch_changed_by_hand_fails_verify_and_undo_finds_the_true_state(
        run, encounter):
    """A patch that no longer gives its record's after-hash (the hashes left as they were):
    verify names the record; undo never writes what the damaged patch gives: it finds the
    state before the command through the records before it, checked by its hash."""
    path = encounter(duel())
    _played(run, path)
    held = path.read_bytes()
    ok(run("hp", path, "orc", "-1"))
    recs = _records(path)
    last = recs[-1]
    assert "after" not in last and last["patch"]
    last["patch"] = _damaged(last["patch"])
    _reseal(path, recs)
    r = run("verify", path)
    assert r.code == 3 and f"record {last['seq']}" in r.err and "patch" in r.err, r.err
    ok(run("undo", path))
    assert path.read_bytes() == held


def test_R_LOG_1_undo_refuses_when_no_record_leads_to_the_state_before(run, encounter):
    """The last two patches damaged and no whole text after the first record: no record
    gives the state before the last command, so undo refuses (exit 3) and leaves the file
    as it is, rather than write a text that is not that state."""
    path = encounter(duel())
    _played(run, path)
    recs = _records(path)
    for r in recs[1:]:
        r.pop("after", None)
    recs[-1]["patch"], recs[-2]["patch"] = _damaged(recs[-1]["patch"]), \
        _damaged(recs[-2]["patch"])
    _reseal(path, recs)
    store.lock_path(path).unlink()
    held = path.read_bytes()
    r = run("undo", path)
    assert r.code == 3 and "R-LOG-1" in r.err, r.err
    assert path.read_bytes() == held


def test_R_LOG_3_a_format_4_journal_without_its_first_record_is_incomplete(run, encounter):
    path = encounter(duel())
    _played(run, path)
    recs = _records(path)
    _reseal(path, recs[1:])
    r = run("verify", path)
    assert r.code == 3 and "record 2" in r.err and "incomplete" in r.err, r.err


# -- older journals ---------------------------------------------------------------------


@pytest.mark.parametrize("seal", ["none", "journal_sha", "prev_sha"])
def test_R_LOG_7_journals_of_formats_1_to_3_load_verify_and_undo(run, encounter, seal: str):
    """The whole texts in every record, sealed as formats 1-3 sealed them: commands go on
    (their records hold patches from then on), verify passes, and undo steps back through
    the old records to the exact bytes of the start."""
    path = encounter(duel())
    start = path.read_bytes()
    _played(run, path)
    old = [{k: v for k, v in r.items() if k != "prev_sha"} for r in with_texts(_records(path))]
    if seal == "prev_sha":
        _reseal(path, old)
    else:
        data = b""
        for r in old:
            if seal == "journal_sha":
                r = {**r, "journal_sha": store.sha256(data)}
            data += journal.encode(r)
        journal_of(path).write_bytes(data)
    store.lock_path(path).unlink(missing_ok=True)
    assert _verified(ok(run("verify", path)).out)
    ok(run("hp", path, "orc", "-1"))
    ok(run("hp", path, "orc", "-1"))
    assert "patch" in _records(path)[-1]
    assert _verified(ok(run("verify", path)).out)
    for _ in range(7):
        ok(run("undo", path))
    assert path.read_bytes() == start
    assert run("undo", path).code == 3  # nothing left to undo
    assert _verified(ok(run("verify", path)).out)


def _verified(report: str) -> bool:
    """`verify` passed: its post ends in a verdict that is not FAILED (issue 25: no bare ok)."""
    last = report.rstrip().splitlines()[-1]
    return last.startswith("Verdict: ") and "FAILED" not in report
