"""How a forum shows a post, for the tests of R-LOG-8 (chain marks, `verify --posts`): the
source as typed (BBCode, Markdown) and the text a reader sees and saves, rendered by real
renderers (markdown-it-py in CommonMark mode, the `bbcode` package) and reduced to text."""

from __future__ import annotations

import html
from html.parser import HTMLParser

import bbcode
from markdown_it import MarkdownIt

COMMONMARK = MarkdownIt("commonmark")
BBCODE = bbcode.Parser()  # linkifies bare URLs, as phpBB and most BBCode forums do
_BLOCKS = {"p", "br", "li", "pre", "div", "ul", "ol", "blockquote", "h1", "h2", "h3"}


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.links.append(dict(attrs).get("href") or "")
        if tag in _BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def html_of(post: str, fmt: str) -> str:
    """The HTML a forum makes of `post`."""
    if fmt == "markdown":
        return COMMONMARK.render(post)
    if fmt == "bbcode":
        return BBCODE.format(post)
    return "<p>" + html.escape(post).replace("\n", "<br>") + "</p>"


def links_in(post: str, fmt: str) -> list[str]:
    reader = _Text()
    reader.feed(html_of(post, fmt))
    return reader.links


def shown_text(post: str, fmt: str) -> str:
    """The text a reader sees (and saves with "select all, copy"), lines kept."""
    reader = _Text()
    reader.feed(html_of(post, fmt))
    lines = [" ".join(line.split()) for line in "".join(reader.parts).split("\n")]
    return "\n".join(line for line in lines if line) + "\n"


def last_line(text: str) -> str:
    return text.rstrip("\n").rsplit("\n", 1)[-1]


# -- a scripted fight and its thread ------------------------------------------------------------

import hashlib  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

VIEWS = [("bbcode", "source"), ("bbcode", "rendered"), ("markdown", "source"),
         ("markdown", "rendered"), ("plain", "source")]
MARK_RE = re.compile("\u26d3 ([0-9a-f]{12})")


def ford(lang: str) -> str:
    from helpers import fighter

    name = "Ford" if lang == "en" else "Vado"
    return (f'schema = 1\nname = "{name}"\nlang = "{lang}"\nformat = "bbcode"\n\n'
            + fighter("hero", "a", (0, 0), name="Hero", pc=True, player="kel", defense=15,
                      hp=20)
            + fighter("orc", "b", (1, 0), name="Orc", defense=12, hp=30))


class Fight:
    """A scripted fight and what its thread shows: `posts` are (label, text) in thread order,
    the tool's posts as printed in `fmt` and the players' replies between them."""

    def __init__(self, run: Callable[..., Any], path: Path, fmt: str) -> None:
        self.run, self.path, self.fmt = run, path, fmt
        self.posts: list[tuple[str, str]] = []

    def _run(self, command: str, args: tuple[object, ...], *more: str) -> Any:
        r = self.run(*command.split(), self.path, *args, *more)
        assert r.code == 0 and r.out, (command, args, r.err)
        return r

    def post(self, label: str, command: str, *args: object) -> str:
        """`command` (`"dice commit"`, `"attack"`) on the fight's file, its post posted."""
        r = self._run(command, args, "--format", self.fmt)
        self.posts.append((label, r.out))
        return str(r.out)

    def private(self, command: str, *args: object) -> None:
        """A command the GM runs and does not post."""
        self._run(command, args)

    def chat(self, text: str) -> None:
        self.posts.append(("chat", text + "\n"))

    def number(self, label: str) -> int:
        """The post's number as `verify --posts` counts them: its place among the marks."""
        count = 0
        for name, text in self.posts:
            count += len(MARK_RE.findall(text))
            if name == label:
                return count
        raise KeyError(label)

    def mark(self, label: str) -> str:
        return MARK_RE.findall(dict(self.posts)[label])[-1]

    def thread(self, view: str, rendered_from: int | None = None) -> str:
        """The thread as a player saves it: the posts' source as typed into the forum, or
        the text the forum shows (rendered by markdown-it-py / bbcode), replies between;
        with `rendered_from`, the source up to that post and the rendered text after it."""
        out = []
        for i, (label, text) in enumerate(self.posts):
            rendered = view == "rendered" if rendered_from is None else i >= rendered_from
            shown = text if not rendered or label == "chat" else shown_text(text, self.fmt)
            out.append(f"GM wrote at 12:0{len(out) % 10}:\n{shown}\n" if label != "chat"
                       else f"kel wrote:\n{text}\n")
        return "".join(out)


def honest_fight(run: Callable[..., Any], path: Path, fmt: str, burn: bool = False) -> Fight:
    """Commit, salt, initiative, attacks, a posted command undone (and its undo posted), a
    command undone before anybody saw it, a hand edit, a dry run and a `show` in the thread,
    and a `roll`; with `burn`, a `roll` the GM runs and never posts before the last post."""
    f = Fight(run, path, fmt)
    f.post("commit", "dice commit")
    f.chat("Our salt is 4817, as agreed.")
    f.post("salt", "dice salt", "4817")
    f.post("init", "roll-initiative", "--dice", "18,5")
    f.post("attack", "attack", "hero", "orc")
    f.post("mistake", "roll", "2d6", "--reason", "wrong")
    f.post("undo", "undo")
    f.post("show", "show")
    f.post("spot", "roll", "1d20", "--reason", "Spot")
    f.private("roll", "1d12")  # seen by the GM only, then undone: listed, not a failure
    f.private("undo")
    path.write_text(path.read_text(encoding="utf-8").replace("hp = 20", "hp = 18", 1),
                    encoding="utf-8")  # a hand edit, named by the next post
    f.post("edited", "next")
    f.chat("Ouch. Go on, orc.")
    f.post("dry", "attack", "orc", "hero", "--dry-run")
    f.post("orc", "attack", "orc", "hero")
    if burn:
        f.private("roll", "1d20", "--reason", "peek")
    f.post("last", "roll", "2d20kh1", "--reason", "Will")
    return f


# -- the attacker's pen: rewrites with every hash recomputed ------------------------------------


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def records(path: Path) -> list[dict[str, Any]]:
    from helpers import journal_of, with_texts

    return with_texts([json.loads(line) for line in journal_of(path).read_bytes().splitlines()])


def rewrite(path: Path, recs: list[dict[str, Any]]) -> None:
    """Write `recs` back as the tool would have: `seq` renumbered 1, 2, … (and the `undoes`
    and `aborts` naming them), every before/after hash recomputed from its text (a record
    without a before-text gets the previous after-hash), every `journal_sha` recomputed,
    and the file set to the last after-text. `journal_sha` alone cannot tell."""
    from helpers import journal_of

    renumber = {}
    for i, r in enumerate(recs, 1):
        renumber[r["seq"]] = i
        r["seq"] = i
    prev = None
    for r in recs:
        for key in ("undoes", "aborts"):
            if key in r:
                r[key] = renumber.get(r[key], r[key])
        if r.get("type") == "abort":
            continue
        if "before" in r:
            r["before_sha"] = sha(r["before"])
        elif prev is not None:
            r["before_sha"] = prev["after_sha"]
        if "after" in r:
            r["after_sha"] = sha(r["after"])
        prev = r
    data = b""
    for r in recs:
        r["journal_sha"] = hashlib.sha256(data).hexdigest()
        data += (json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
    journal_of(path).write_bytes(data)
    last = next(r for r in reversed(recs) if "after" in r)
    path.write_bytes(last["after"].encode("utf-8"))


def _orc_hp(text: str, delta: int) -> str:
    return re.sub(r'(id = "orc"\n(?:(?!\[\[combatants\]\]).*\n)*?hp = )(-?\d+)',
                  lambda m: m.group(1) + str(int(m.group(2)) + delta), text, count=1)


def _hero_hp(text: str, delta: int) -> str:
    return re.sub(r'(id = "hero"\n(?:(?!\[\[combatants\]\]).*\n)*?hp = )(-?\d+)',
                  lambda m: m.group(1) + str(int(m.group(2)) + delta), text, count=1)


def _command(recs: list[dict[str, Any]], name: str, reason: str | None = None) -> int:
    for i, r in enumerate(recs):
        if r.get("command") != name:
            continue
        if reason is None or any(e.get("reason") == reason for e in r.get("events", [])):
            return i
    raise KeyError(name)


def drop_undone(path: Path) -> str:
    """The posted roll that was undone, and its undo, gone; returns the first post that
    disagrees."""
    recs = records(path)
    i = _command(recs, "roll", "wrong")
    undo = next(j for j, r in enumerate(recs) if r.get("undoes") == recs[i]["seq"])
    rewrite(path, [r for j, r in enumerate(recs) if j not in (i, undo)])
    return "mistake"


def edit_middle(path: Path) -> str:
    """The first attack's record changed (the orc 3 hp better off from there on), every
    later text following suit."""
    recs = records(path)
    i = _command(recs, "attack")
    for j, r in enumerate(recs[i:], i):
        for key in ("before", "after"):
            if key in r and (key == "after" or j > i):
                r[key] = _orc_hp(r[key], 3)
    rewrite(path, recs)
    return "attack"


def heal_last(path: Path) -> str:
    """The hero healed by 5 hp through the last record's `after` (and the file)."""
    recs = records(path)
    recs[-1]["after"] = _hero_hp(recs[-1]["after"], 5)
    rewrite(path, recs)
    return "last"


def drop_last(path: Path) -> str:
    """The last record dropped, the file restored to the state before it."""
    rewrite(path, records(path)[:-1])
    return "last"


def fake_crash(path: Path, fight: Fight) -> str:
    """An older copy saved over the file (a new inode, an old mtime): the next command takes
    the last record for a crash and aborts it; the GM then rolls again, another way."""
    from helpers import journal_of

    before = records(path)[-1]["before"]
    tmp = path.with_name("copy.tmp")
    tmp.write_bytes(before.encode("utf-8"))
    os.replace(tmp, path)
    old = journal_of(path).stat().st_mtime - 60
    os.utime(path, (old, old))
    fight.post("again", "roll", "1d20", "--reason", "Will")
    assert any(r.get("type") == "abort" for r in records(path))
    return "last"


def unburn(path: Path) -> str:
    """The `roll` the GM never posted dropped from a `burn` fight, the dice after it
    renumbered and recomputed with the seed (the GM has it), so every roll recomputes and
    the counter runs on without a gap; the next record starts where the dropped one did."""
    from helpers import face

    recs = records(path)
    i = _command(recs, "roll", "peek")
    gone = [d["n"] for d in recs[i]["rolls"] if d.get("n") is not None]
    seed = re.search(r'seed = "([0-9a-f]{64})"', recs[-1]["after"])
    assert seed is not None
    recs[i + 1]["before"] = recs[i - 1]["after"]

    def fix(die: dict[str, Any], salt: str) -> None:
        if isinstance(die.get("n"), int) and die["n"] > gone[-1]:
            die["n"] -= len(gone)
            die["face"] = face(seed.group(1), salt, die["n"], die["sides"])

    def walk(value: Any, salt: str) -> None:
        if isinstance(value, dict):
            if {"sides", "face", "n"} <= value.keys():
                fix(value, salt)
            for v in value.values():
                walk(v, salt)
        elif isinstance(value, list):
            for v in value:
                walk(v, salt)

    for r in recs[i + 1:]:
        walk(r.get("rolls", []), r.get("salt", ""))
        walk(r.get("events", []), r.get("salt", ""))
    rewrite(path, recs[:i] + recs[i + 1:])
    return "last"
