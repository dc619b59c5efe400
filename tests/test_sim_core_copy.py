"""The simulator core's per-run copies carry every slot (issue 29: spelled out for speed)."""

from pathlib import Path

from pbwcombat.service import load
from pbwcombat.sim.core_state import CoreWeapon, Template

EXAMPLE = Path(__file__).resolve().parent.parent / "encounters" / "goblin-ambush.toml"


def test_weapon_copy_carries_every_slot() -> None:
    _, enc = load(EXAMPLE)
    weapons = [w for f in Template(enc).people for w in f.weapons]
    assert weapons
    for w in weapons:
        new = w.copy()
        assert new is not w
        assert all(getattr(new, k) == getattr(w, k) for k in CoreWeapon.__slots__)
