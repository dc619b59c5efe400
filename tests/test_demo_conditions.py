"""scripts/demo-conditions.sh (issue 27, R-CND-5/6, R-HP-7): a scripted fight where Sleep, an
entangling net and burning oil decide the outcome, in English and in Spanish. Its posts are
rendered by the real renderers the other post tests use (markdown-it-py in CommonMark mode,
the `bbcode` package) and read as a player sees them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from forum import shown_text
from helpers import installed_shell, rendered_lines

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "demo-conditions.sh"
STEP = re.compile(r"^\x1b\[1m\$ pbwcombat (.*)\x1b\[0m$", re.M)

EN = ["Snag and Nit are unconscious (until the start of Mira's 10th turn from now).",
      "Grak is entangled (until removed; save ends: Reflex DC 15).",
      "- 2 (entangled) = 13 against Defense 17 — miss",
      "Grak is on fire (until removed; save ends: Reflex DC 15; 1d6 fire damage at each "
      "turn start).",
      "Grak is on fire: 1d6 (6 supplied) = 6 damage (fire)",
      "Grak's Reflex save against entangled: 1d20 (16 supplied) + 0 (Reflex) = 16 against "
      "DC 15 — saved",
      "Grak is no longer entangled: the save ends it.",
      "The combat is over after 3 rounds. Winners: the party. Fallen: Grak."]
ES = ["Rasguño y Mordisco quedan inconscientes (hasta el inicio del 10.º turno de Mira a partir "
      "de ahora).",
      "Grak queda enredado (sin límite de tiempo; termina con una salvación: Reflejos CD 15).",
      "- 2 (enredado) = 13 contra Defensa 17 — fallo",
      "1d6 de daño por fuego al inicio de cada turno",
      "Grak está en llamas: 1d6 (6 externo) = 6 de daño (fuego)",
      "Salvación de Reflejos de Grak contra enredado: 1d20 (16 externo) + 0 (Reflejos) = 16 "
      "contra CD 15 — supera la salvación",
      "Grak ya no está enredado: la salvación lo termina.",
      "El combate termina tras 3 asaltos. Vencedores: el grupo. Caído: Grak."]


def _posts(fmt: str, tmp_path: Path) -> dict[str, list[str]]:
    """The demo's posts in `fmt`, by language (the Spanish file is the capilla)."""
    r = installed_shell(f"DEMO_FORMAT={fmt} bash {SCRIPT}", tmp_path)
    assert r.returncode == 0, r.stderr
    marks = list(STEP.finditer(r.stdout))
    assert len(marks) > 40
    posts: dict[str, list[str]] = {"en": [], "es": []}
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(r.stdout)
        lang = "es" if "capilla-en-ruinas" in m.group(1) else "en"
        posts[lang].append(r.stdout[m.end():end].strip("\n"))
    return posts


@pytest.mark.parametrize("fmt", ["markdown", "bbcode"])
def test_demo_conditions_posts_read_right_in_both_languages(tmp_path, fmt):  # type: ignore[no-untyped-def]
    posts = _posts(fmt, tmp_path)
    for lang, expected in (("en", EN), ("es", ES)):
        shown = ""
        for post in posts[lang]:
            if fmt == "markdown" and not post.startswith(("ok", "no ", "nothing")):
                rendered_lines(post)  # CommonMark: every line its own (no soft break)
            text = shown_text(post, fmt)
            assert "**" not in text and "[b]" not in text and "[/b]" not in text, text
            shown += text
        for line in expected:
            assert line in shown, (lang, line)
