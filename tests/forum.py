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
