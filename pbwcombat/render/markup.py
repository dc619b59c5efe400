"""Per-format hooks: bold, escaping of user text (R-OUT-2), code blocks. Small on purpose."""

from __future__ import annotations

import string


class Plain:
    """No markup at all; user text only loses its newlines."""

    def bold(self, text: str) -> str:
        return text

    def escape(self, text: str) -> str:
        return " ".join(str(text).splitlines())

    def block(self, lines: list[str]) -> str:
        return "\n".join(lines)


class BBCode(Plain):
    def bold(self, text: str) -> str:
        return f"[b]{text}[/b]"

    def escape(self, text: str) -> str:
        return super().escape(text).replace("[", "［").replace("]", "］")

    def block(self, lines: list[str]) -> str:
        return "[code]\n" + "\n".join(lines) + "\n[/code]"


_MD_PUNCT = {ord(ch): "\\" + ch for ch in string.punctuation}


class Markdown(Plain):
    def bold(self, text: str) -> str:
        return f"**{text}**"

    def escape(self, text: str) -> str:
        return super().escape(text).translate(_MD_PUNCT)

    def block(self, lines: list[str]) -> str:
        return "```\n" + "\n".join(lines) + "\n```"


def markup_for(fmt: str) -> Plain:
    return {"bbcode": BBCode, "markdown": Markdown}.get(fmt, Plain)()
