"""`new`: write the commented starter encounter (the one in encounters/starter-*.toml)."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

from pbwcombat.store import atomic_write


def starter_text(lang: str, name: str | None) -> str:
    text = resources.files("pbwcombat").joinpath(f"starter/{lang}.toml").read_text("utf-8")
    if name is not None:
        # json.dumps gives a valid TOML basic string for any text
        text = re.sub(r'^name = ".*"$', lambda _: f"name = {json.dumps(name)}", text, count=1,
                      flags=re.M)
    return text


def write_starter(path: Path, name: str | None, lang: str) -> None:
    """Refuses to overwrite (exit 73), like every write: atomic."""
    atomic_write(path, starter_text(lang, name).encode("utf-8"), exclusive=True)
