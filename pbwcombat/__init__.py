"""pbwcombat: resolve tabletop RPG combat for play-by-web forum games."""

import sys as _sys

__version__ = "0.1.0"


def _interrupted_early(signum: int, frame: object) -> None:
    """Ctrl-C while the command is still starting (importing): nothing was done yet, so one
    line and exit 130 (SPEC). `cli.main` installs its own handler once it runs."""
    try:
        _sys.stderr.write("pbwcombat: interrumpido (Ctrl-C)\n" if _spanish(_sys.argv[1:])
                          else "pbwcombat: interrupted (Ctrl-C)\n")
    finally:
        raise SystemExit(130)


def _spanish(args: list[str]) -> bool:
    """R-OUT-5 for the one line said before anything is imported: `--lang es`, else a
    top-level `lang = "es"` in the first .toml named (read by hand: no import may start
    inside this handler; the catalogue has the same line, `interrupted (Ctrl-C)`)."""
    for i, a in enumerate(args):
        if a == "--lang" and i + 1 < len(args):
            return args[i + 1] == "es"
        if a.startswith("--lang="):
            return a == "--lang=es"
    for a in args[1:]:
        if a.startswith("-") or not a.endswith(".toml"):
            continue
        return _file_lang(a) == "es"
    return False


def _file_lang(path: str) -> str | None:
    """The top-level `lang = "…"` of a file, read line by line (also when the file is not
    valid TOML, so that its problems can be said in its language)."""
    from pbwcombat.regular import read_regular  # only os and stat: safe in the handler

    try:  # never waits on a FIFO named on the line
        text = read_regular(path, 1_000_000).decode("utf-8-sig", "replace")
    except (OSError, ValueError):
        return None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("["):
            return None
        key, eq, value = line.partition("=")
        if eq and key.strip() == "lang":
            return value.split("#")[0].strip().strip("\"'")
    return None


if _sys.argv and _sys.argv[0].endswith("pbwcombat"):  # the installed command, not a library
    import signal as _signal

    if _signal.getsignal(_signal.SIGINT) is not _signal.SIG_IGN:
        _signal.signal(_signal.SIGINT, _interrupted_early)
