"""scripts/demo-menu.sh (run by `make demo`): the d20 action menu fight runs to its end in
both languages and shows each act the issue asks for (R-ACT-8…12, R-CIR-1)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from helpers import ROOT


def test_R_ACT_8_demo_menu_runs_and_posts_each_act_in_both_languages() -> None:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}"
                                 f"{os.environ.get('PATH', '')}"}
    done = subprocess.run(["bash", str(ROOT / "scripts" / "demo-menu.sh")], env=env,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    english, _, spanish = out.partition("== The ogre's bridge (es)")
    assert spanish, "the Spanish half ran"
    for text, words in ((english, ("Aldric charges", "+ 2 (charge)",
                                   "casting defensively", "aids Aldric against Ogre",
                                   "Ogre is down", "dies from the coup de grace",
                                   "(flanking)", "half cover +2)")),
                        (spanish, ("Aldric carga", "+ 2 (carga)",
                                   "lanzando a la defensiva", "ayuda a Aldric contra Ogre",
                                   "Ogre cae derribado", "muere por el golpe de gracia",
                                   "(flanqueo)", "cobertura media +2)"))):
        for word in words:
            assert word in text, word
    assert "Traceback" not in out + done.stderr
