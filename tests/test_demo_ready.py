"""scripts/demo-ready.sh (run by `make demo`): the door ambush plays as written in both
languages, readied on Monday, fired on Wednesday inside the goblin's move (R-RDY)."""

from __future__ import annotations

import re
from pathlib import Path

from helpers import ROOT, installed_shell


def _posts(tmp_path: Path) -> tuple[str, str]:
    done = installed_shell(f"bash {ROOT / 'scripts' / 'demo-ready.sh'}", tmp_path)
    assert done.returncode == 0, done.stderr
    text = re.sub(r"\x1b\[[0-9;]*m", "", done.stdout)
    english, spanish = text.split("Encuentro de demostración (español)")
    return english, spanish


def test_R_RDY_demo_door_ambush_in_both_languages(tmp_path: Path) -> None:
    english, spanish = _posts(tmp_path)
    for text, said in ((english, ("Mira readies an attack with Longbow on whoever sets it off.",
                                  "Goblin sets off Mira's readied action!",
                                  "Goblin sets off Aldric's readied action!",
                                  "Goblin stops at (4,2): failed to disengage.")),
                       (spanish, ("Mira prepara un ataque con Arco largo contra quien la "
                                  "desencadene.",
                                  "¡Trasgo desencadena la acción preparada de Mira!",
                                  "¡Trasgo desencadena la acción preparada de Aldric!",
                                  "Trasgo se detiene en (4,2): no ha logrado desentablarse."))):
        for line in said:
            assert line in text, line
    # the players' show keeps the trigger to the GM's
    players, gm = english.split("show", 2)[1], english.split("--gm", 1)[1]
    assert "when an enemy enters (5,2)" not in players.split("$ pbwcombat")[0]
    assert "when an enemy enters (5,2)" in gm
    # the arrow before Aldric's swing, each inside the goblin's move (R-RDY-2)
    move = english.split("gob 1,2")[1]
    assert move.index("Mira attacks Goblin") < move.index("Aldric attacks Goblin") \
        < move.index("Goblin stops at (4,2)")


def test_R_RDY_the_documented_door_ambush_is_what_the_demo_prints(tmp_path: Path) -> None:
    """docs/*/commands.md's worked example quotes the demo's move post line for line."""
    english, spanish = _posts(tmp_path)
    for lang, text in (("en", english), ("es", spanish)):
        page = (ROOT / "docs" / lang / "commands.md").read_text(encoding="utf-8")
        example = page.split("####", 1)[1].split("\n### ", 1)[0]
        blocks = re.findall(r"^```(\w*)\n(.*?)^```", example, flags=re.S | re.M)
        quoted = [body for kind, body in blocks if not kind]
        assert len(quoted) == 1 and len(quoted[0].splitlines()) >= 10
        for line in quoted[0].splitlines():
            assert line in text, (lang, line)
