"""R-OUT-8: a post split into parts of at most N characters, for forums that cut long posts
(Discord: 2,000). Each part begins with the post's header and "(k/n)"; splits fall at line
boundaries (our inline markup never spans a line); an open code block is closed at the end of
a part and reopened in the next; a line longer than a part allows is broken at spaces (or,
failing that, anywhere), its bold closed and reopened around the break."""

from __future__ import annotations

from pbwcombat.render.markup import hard_breaks

SEPARATOR = "-- 8< --"
DISCORD_LIMIT = 2000
MIN_LENGTH = 80  # a part must hold a header, "(k/n)" and some text

_FENCES = {"bbcode": ("[code]", "[/code]"), "markdown": ("```", "```")}
_BOLD = {"bbcode": ("[b]", "[/b]"), "markdown": ("**", "**")}


def effective(fmt: str, max_length: int | None) -> tuple[str, int | None]:
    """`--format discord` is Markdown split at 2,000 characters (or less if asked)."""
    if fmt == "discord":
        return "markdown", min(max_length or DISCORD_LIMIT, DISCORD_LIMIT)
    return fmt, max_length


def _is_open(line: str, fmt: str) -> bool:
    return line.startswith("```") if fmt == "markdown" else line == "[code]"


def _is_close(line: str, fmt: str) -> bool:
    return line.startswith("```") if fmt == "markdown" else line == "[/code]"


def _bold_open(text: str, fmt: str) -> bool:
    """Whether `text` leaves a bold span open."""
    if fmt == "markdown":
        return text.count("**") % 2 == 1
    if fmt == "bbcode":
        return text.count("[b]") > text.count("[/b]")
    return False


def break_line(line: str, width: int, fmt: str) -> list[str]:
    """`line` in pieces of at most `width` characters, at spaces when it can (never inside a
    die, `17 #42`, whose number `verify --posts` reads); a bold span cut
    by a break is closed at its end and reopened on the next piece."""
    opener, closer = _BOLD.get(fmt, ("", ""))
    room = width - len(opener) - len(closer)
    pieces: list[str] = []
    rest = line
    carry = ""
    while len(carry) + len(rest) > width:
        cut = max(room - len(carry), 1)
        space = rest.rfind(" ", 1, cut + 1)
        while space > 0 and rest[space + 1:space + 2] == "#" and rest[space - 1].isdigit():
            space = rest.rfind(" ", 1, space)  # R-LOG-8: a die, `17 #42`, stays whole
        head, rest = (rest[:space], rest[space + 1:]) if space > 0 else (rest[:cut], rest[cut:])
        piece = carry + head
        if opener and _bold_open(piece, fmt):
            piece += closer
            carry = opener
        else:
            carry = ""
        pieces.append(piece.rstrip(" "))
    pieces.append(carry + rest)
    return pieces


def split_post(text: str, limit: int, fmt: str) -> list[str]:
    """The parts of `text` (each ending in a newline), each at most `limit` characters
    newline included; the text itself when it fits."""
    text = text.rstrip("\n")
    if len(text) + 1 <= limit:
        return [text + "\n"]
    lines = text.split("\n")
    head, body = lines[0], lines[1:]
    if not body or body[0].strip() or _is_open(head, fmt):  # no header line (a bare map)
        head, body = "", lines
    while body and not body[0].strip():
        body.pop(0)
    digits = 1
    while True:
        parts = _pack(head, body, limit, fmt, digits)
        if len(str(len(parts))) <= digits:
            break
        digits = len(str(len(parts)))
    total = len(parts)
    out = []
    for k, (top, chunk) in enumerate(parts, 1):
        part = f"{top} ({k}/{total})".lstrip() + "\n\n" + "\n".join(chunk)
        if fmt == "markdown":
            part = hard_breaks(part)
        out.append(part.rstrip("\n") + "\n")
    return out


def _pack(head: str, body: list[str], limit: int, fmt: str, digits: int
          ) -> list[tuple[str, list[str]]]:
    budget = limit - 1  # the part's own newline
    tag = len(f" ({'9' * digits}/{'9' * digits})")
    opener, closer = _FENCES.get(fmt, ("", ""))
    head_room = max(budget - tag - 2 - 40, 10)
    top = head if len(head) <= head_room else break_line(head, head_room, fmt)[0]
    avail = budget - len(top) - tag - 2  # "\n\n" after the header
    fence_room = len(opener) + len(closer) + 2
    width = max(avail - fence_room - 2, 20)  # 2: a Markdown hard break
    parts: list[tuple[str, list[str]]] = []
    chunk: list[str] = []
    used = 0
    in_code = False

    def close_chunk() -> None:
        nonlocal chunk, used
        while chunk and not chunk[-1].strip():
            chunk.pop()
        if in_code and opener:
            chunk.append(closer)
        parts.append((top, chunk))
        chunk = [opener] if in_code and opener else []
        used = len(opener) if chunk else 0

    for line in body:
        for piece in (break_line(line, width, fmt) if len(line) > width else [line]):
            if not chunk and not piece.strip():
                continue  # no part begins with a blank line
            reserve = len(closer) + 1 if (in_code or _is_open(piece, fmt)) and closer else 0
            need = len(piece) + (1 if chunk else 0) + 2  # its newline, a hard break
            if chunk and used + need + reserve > avail:
                close_chunk()
                if not chunk and not piece.strip():
                    continue
                need = len(piece) + (1 if chunk else 0) + 2
            chunk.append(piece)
            used += need
            if in_code and _is_close(piece, fmt):
                in_code = False
            elif not in_code and _is_open(piece, fmt):
                in_code = True
    if any(x.strip() for x in chunk):
        while chunk and not chunk[-1].strip():
            chunk.pop()
        parts.append((top, chunk))
    return parts or [(top, [])]


def fit(text: str, fmt: str, limit: int | None) -> str:
    """A text post, split when `limit` asks for it: parts separated by a `-- 8< --` line."""
    if not limit:
        return text
    return f"{SEPARATOR}\n".join(split_post(text, limit, fmt))


def deliver(text: str, fmt: str, max_length: int | None) -> str:
    """A rendered post as printed: split by `--max-length` / `--format discord`; in JSON the
    plain text's parts go in `"parts"`."""
    import json

    from pbwcombat.render.markup import clean

    fmt, limit = effective(fmt, max_length)
    if not limit or not text:
        return text
    if fmt == "json":
        data = json.loads(text)
        data["parts"] = split_post(str(data.get("text", "")), limit, "plain")
        return clean(json.dumps(data, ensure_ascii=False)) + "\n"
    return fit(text, fmt, limit)
