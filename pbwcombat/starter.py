"""`new`: write the commented starter encounter (the one in encounters/starter-*.toml)."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from pbwcombat.store import atomic_write


def starter_text(lang: str, name: str | None) -> str:
    text = resources.files("pbwcombat").joinpath(f"starter/{lang}.toml").read_text("utf-8")
    if name is not None:
        # tomli-w escapes what TOML needs (json.dumps wrote emoji as surrogate pairs, which
        # TOML refuses)
        import tomli_w

        line = tomli_w.dumps({"name": name}).strip()
        text = re.sub(r'^name = ".*"$', lambda _: line, text, count=1, flags=re.M)
    return text


def write_starter(path: Path, name: str | None, lang: str) -> None:
    """Refuses to overwrite (exit 73), like every write: atomic. SPEC: the tool never writes a
    file it would refuse to load, so a `--name` the file cannot hold is a usage error (exit 2)."""
    from pbwcombat.document import from_document
    from pbwcombat.errors import InvalidEncounter, UsageError
    from pbwcombat.store import parse_document

    data = starter_text(lang, name).encode("utf-8")
    try:
        from_document(parse_document(data))
    except InvalidEncounter as e:
        raise UsageError("name_problems", problems=tuple(e.problems)) from None
    atomic_write(path, data, exclusive=True)
