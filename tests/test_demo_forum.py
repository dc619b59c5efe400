"""scripts/demo-forum.sh (R-PAC, R-ORD-4/5/6): three days of a forum round under cron-like
calls, run as `make demo` runs it, with this interpreter's `pbwcombat` first on PATH."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from helpers import ROOT


def test_R_PAC_demo_forum_runs_a_three_day_round_under_cron() -> None:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("PBWCOMBAT_NOW", None)
    done = subprocess.run(["bash", str(ROOT / "scripts" / "demo-forum.sh")], env=env,
                          capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr
    out = re.sub(r"\x1b\[[0-9;]*m", "", done.stdout)
    out = re.sub(r"\[/?b\]|\*\*", "", out)  # meaning, not bold marks
    # one reminder, 12 hours before the deadline, mentioning only the player who owes
    reminders = re.findall(r"\] cron: remind\n(?:.*\n){2}(.*)", out)
    assert len(reminders) == 1 and "@Sparrow" in reminders[0] and "@Kelmor" not in reminders[0]
    assert "[2026-12-03T08:00:00Z] cron: remind" in out
    # resolved at the first cron run after the last declaration, before the deadline
    (resolved,) = re.findall(r"\[([0-9TZ:-]+)\] cron: resolve", out)
    assert resolved == "2026-12-03T14:00:00Z"
    assert "Resolving the round: all have declared." in out
    # the absent player's character played by its orders, its player not mentioned
    assert "Brother Tom's turn (absent until" in out and "@Abbot" not in out
    assert "Aldric declares: attack Snag; if not, attack Grub; if not, move to (3,2)" in out
    assert "Mira declares: move to (2,3), then use Burning Hands on Grub" in out
