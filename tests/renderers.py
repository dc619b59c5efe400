"""What forum renderers that the `bbcode` package and markdown-it-py do not model do to a post
(issue 25): Python-Markdown (the real package), and emulations of phpBB's and SMF's default
smileys and e-mail autolinking, GitHub's e-mail autolinks and Discourse's (and XenForo's)
`@mention` rule, each from its documented defaults. `problems(post, fmt)` lists what a
player would trip over; the `run` fixture applies it to every post the suite prints."""

from __future__ import annotations

import html
import re

import markdown
from forum import shown_text

from pbwcombat.render.markup import SMILEY_CODES

_PHPBB = SMILEY_CODES[:SMILEY_CODES.index(">:D")]
_SMF = (*SMILEY_CODES[SMILEY_CODES.index(">:D"):], ":)", ";)", ":D", ":(", ":o", "8)", ":P")


def _alternatives(codes: tuple[str, ...]) -> str:
    return "|".join(re.escape(c) for c in sorted(set(codes), key=len, reverse=True))


# phpBB (message_parser::smilies): a code after the start, a newline, a space or a dot
_PHPBB_SMILEY = re.compile(r"(?<![^\n .])(" + _alternatives(_PHPBB) + ")")
# SMF (Subs.php parsesmileys), run on the text between tags: after these characters, before
# anything that is not a letter or digit
_SMF_SMILEY = re.compile(r"(?<![^>:?.\s\xa0\[\]()*\\;])(" + _alternatives(_SMF)
                         + r")(?=[^A-Za-z0-9]|$)")
_TAG = re.compile(r"\[/?[a-z*]+(?:=[^\]]*)?\]")
_CODE = re.compile(r"\[code\].*?\[/code\]", re.S)

# e-mail autolinks: phpBB (make_clickable), SMF (autolink) and GitHub (GFM extension)
_PHPBB_MAIL = re.compile(r"(?:^|(?<=[\n\t (>]))[\w.+-]+@(?:[\w-]+\.)+[a-z]{2,}", re.I)
_SMF_MAIL = re.compile(r"(?:^|(?<=[\s>.(;'\"]))[\w.-]{1,80}@[\w-]+\.[\w.-]+[\w-]", re.I)
_GFM_MAIL = re.compile(r"[.+\-_a-zA-Z0-9]+@[a-zA-Z0-9\-_]+(?:\.[a-zA-Z0-9\-_]+)+")

# Discourse's mention rule (and XenForo's): `@` not after a word character, then a name
_MENTION = re.compile(r"(?<![\w@])@(\w[\w.\-]{0,59})")


def smileys(post: str) -> list[str]:
    """The smiley codes phpBB or SMF would turn into pictures in a BBCode post."""
    text = _CODE.sub("", post)
    found = [m.group(1) for m in _PHPBB_SMILEY.finditer(_TAG.sub("", text))]
    for chunk in _TAG.split(text):
        found += [m.group(1) for m in _SMF_SMILEY.finditer(chunk)]
    return found


def mailto(post: str) -> list[str]:
    """The e-mail addresses phpBB, SMF or GitHub would turn into `mailto:` links."""
    return [m.group(0) for rx in (_PHPBB_MAIL, _SMF_MAIL, _GFM_MAIL) for m in rx.finditer(post)]


def python_markdown_text(post: str) -> str:
    """The text Python-Markdown shows of a Markdown post (tags dropped, entities read)."""
    return html.unescape(re.sub(r"<[^>]+>", "", markdown.markdown(post)))


def visible_backslashes(post: str) -> list[str]:
    """Backslashes a Python-Markdown reader would see, with the character after each."""
    return re.findall(r"\\.?", python_markdown_text(post))


def mentions(post: str, fmt: str) -> list[str]:
    """Discourse applies its rule to the text the Markdown parser leaves (escapes read)."""
    return _MENTION.findall(shown_text(post, fmt) if fmt == "markdown" else _TAG.sub("", post))


def problems(post: str, fmt: str, players: frozenset[str] = frozenset(),
             user: str = "") -> list[str]:
    """Everything issue 25's check fails on: in Markdown a backslash Python-Markdown leaves
    visible, but one before a character that the user's own text `user` holds (R-OUT-2
    escapes every ASCII punctuation character of user text); in BBCode a smiley code; in both
    a `mailto:` autolink and a mention that is not of one of `players` (the mention template's
    own, R-OUT-4)."""
    out: list[str] = []
    if fmt == "markdown":
        out += [f"visible backslash {b!r}" for b in visible_backslashes(post)
                if len(b) < 2 or b[1] not in user]
    if fmt == "bbcode":
        out += [f"smiley {s!r}" for s in smileys(post)]
    if fmt in ("bbcode", "markdown"):
        out += [f"mailto {m!r}" for m in mailto(post)]
        out += [f"mention @{m}" for m in mentions(post, fmt)
                if not any(p.startswith(m) for p in players)]
    return out
