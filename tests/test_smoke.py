"""End-to-end smoke: an example encounter through initiative, an attack and undo."""

import json

from pbwcombat import store


def test_R_INI_1_example_round_and_undo_restores_bytes(run, encounter):
    path = encounter(example="goblin-ambush.toml")
    original = path.read_bytes()
    r = run("roll-initiative", path, "--dice", "18,13,2,4,12", "--format", "plain")
    assert r.code == 0, r.err
    assert "Aldric (20)" in r.out
    r = run("attack", path, "aldric", "grak", "--weapon", "longsword", "--dice", "3")
    assert r.code == 3 and "R-GEO-3" in r.err
    assert run("undo", path).code == 0
    assert path.read_bytes() == original
    assert run("undo", path).code == 3
    kinds = [json.loads(x).get("type") for x in store.journal_path(path).read_bytes().splitlines()]
    assert kinds == ["command", "undo"]  # R-LOG-1: the undone command stays
