"""Screenshots of posts as a forum shows them (issue 25), for docs/dev/: the demo fight's
`resolve` post and a `show --map` post, in English and Spanish, rendered from BBCode by the
`bbcode` package into a simple forum-like page and shot by headless Chromium.

    python scripts/post_screenshots.py OUT_DIR LABEL [--src TREE]

`--src TREE` runs the pbwcombat of another source tree (e.g. an older commit unpacked with
`git archive`), so before/after pairs come from the same script. Needs `chromium` on PATH."""

from __future__ import annotations

import html
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import bbcode

ROOT = Path(__file__).resolve().parent.parent
SEED = "5eed0f0a0bbc0ba7de00000000000000000000000000000000000000000000d0"
STEPS = [("roll-initiative", "--dice", "18,15,4,9,12"), ("move", "aldric", "4,2"),
         ("attack", "aldric", "snag", "--dice", "19,17"), ("next",),
         ("attack", "mira", "nit", "--weapon", "longbow"), ("next",), ("attack", "nit", "mira"),
         ("next",), ("disengage", "grak", "--to", "6,2"), ("attack", "grak", "aldric"),
         ("next",), ("intercept", "brother-tom", "mira"), ("next",),
         ("declare", "aldric", "attack", "grak"),
         ("declare", "mira", "attack", "grak", "--weapon", "longbow"),
         ("declare", "nit", "attack", "mira"), ("declare", "grak", "attack", "aldric"),
         ("declare", "brother-tom", "move", "5,3")]
PAGE = """<!doctype html><meta charset="utf-8"><style>
body {{ font: 14px/1.45 Verdana, sans-serif; background: #e8ecf1; margin: 0; padding: 16px; }}
.post {{ background: #fff; border: 1px solid #c5ccd6; border-radius: 6px; max-width: 760px; }}
.who {{ background: #cadceb; padding: 6px 12px; font-weight: bold; color: #105289; }}
.body {{ padding: 10px 14px; }}
pre {{ background: #f4f4f4; border: 1px solid #ccc; padding: 6px; font-size: 13px; }}
</style><div class="post"><div class="who">GM — {title}</div>
<div class="body">{body}</div></div>"""


def _posts(src: Path, lang: str) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(src), "PBWCOMBAT_NOW": "2026-11-29T20:00:00Z"}
    with tempfile.TemporaryDirectory() as work:
        path = Path(work) / "fight.toml"
        shutil.copyfile(ROOT / "encounters" / "goblin-ambush.toml", path)
        text = path.read_text(encoding="utf-8").replace('lang = "en"', f'lang = "{lang}"', 1)
        path.write_text(text + f'\n[dice]\nseed = "{SEED}"\n', encoding="utf-8")

        def run(*args: str) -> str:
            return subprocess.run([sys.executable, "-m", "pbwcombat", args[0], str(path),
                                   *args[1:]], env=env, capture_output=True, text=True,
                                  check=True).stdout

        for step in STEPS:
            run(*step)
        return {"resolve": run("resolve"), "show-map": run("show", "--map")}


def _shoot(post: str, title: str, out: Path) -> None:
    body = bbcode.Parser(replace_links=False).format(post)
    with tempfile.TemporaryDirectory() as work:
        page = Path(work) / "post.html"
        page.write_text(PAGE.format(title=html.escape(title), body=body), encoding="utf-8")
        height = 160 + 21 * post.count("\n")
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu",
                        "--hide-scrollbars", f"--window-size=800,{height}",
                        f"--screenshot={out}", page.as_uri()], check=True,
                       capture_output=True)


def main() -> None:
    out, label = Path(sys.argv[1]), sys.argv[2]
    src = Path(sys.argv[sys.argv.index("--src") + 1]) if "--src" in sys.argv else ROOT
    out.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "es"):
        for name, post in _posts(src, lang).items():
            _shoot(post, f"{name} ({lang}, {label})", out / f"post-{name}-{lang}-{label}.png")


if __name__ == "__main__":
    main()
