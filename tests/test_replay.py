"""Event sourcing (DESIGN): folding a command's logged events into the state before it gives
the state after it, so the journal alone rebuilds every step of a fight."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from helpers import ENCOUNTERS, with_texts

from pbwcombat import events as ev
from pbwcombat import store
from pbwcombat.document import from_document, to_document
from pbwcombat.evolve import evolve

SEED = "5eed0f0a0bbc0ba7de00000000000000000000000000000000000000000000d0"
SCRIPT = [
    ("roll-initiative", "--dice", "18,15,4,9,12"),
    ("move", "aldric", "4,2"),
    ("attack", "aldric", "snag", "--dice", "19,17"),
    ("next",),
    ("attack", "mira", "nit", "--weapon", "longbow"),
    ("next",), ("next",),
    ("disengage", "grak", "--to", "6,2"),
    ("next",),
    ("intercept", "brother-tom", "mira"),
    ("next",),
    ("declare", "nit", "attack", "mira"),
    ("declare", "brother-tom", "move", "5,3"),
    ("resolve",),
    ("hp", "grak,nit", "-2d6"),
    ("remove", "grak"),
]


def _comparable(data: bytes) -> dict[str, object]:
    doc = to_document(from_document(store.parse_document(data)))
    doc["state"].pop("version", None)  # set by the service, not by events
    doc.pop("dice", None)  # the generator counter, likewise
    return doc


def test_replaying_the_journal_rebuilds_every_state(run, tmp_path: Path):
    path = tmp_path / "fight.toml"
    shutil.copyfile(ENCOUNTERS / "goblin-ambush.toml", path)
    with path.open("a") as f:  # a fixed seed: the scripted story is the same on every run
        f.write(f'\n[dice]\nseed = "{SEED}"\n')
    for args in SCRIPT:
        r = run(args[0], path, *args[1:])
        assert r.code == 0, (args, r.err)
    records = with_texts([json.loads(line)
                          for line in store.journal_path(path).read_bytes().splitlines()])
    assert len(records) == len(SCRIPT)
    afters = [r["before"].encode() for r in records[1:]] + [path.read_bytes()]
    for record, after in zip(records, afters, strict=True):
        enc = from_document(store.parse_document(record["before"].encode()))
        for data in record["events"]:
            enc = evolve(enc, ev.from_dict(data))
        replayed = to_document(enc)
        replayed["state"].pop("version", None)
        replayed.pop("dice", None)
        assert replayed == _comparable(after), record["command"]
