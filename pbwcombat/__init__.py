"""pbwcombat: resolve tabletop RPG combat for play-by-web forum games."""

import sys as _sys


def _interrupted_early(signum: int, frame: object) -> None:
    """Ctrl-C while the command is still starting (importing): nothing was done yet, so one
    line and exit 130 (SPEC). `cli.main` installs its own handler once it runs, and calls
    this one for a Ctrl-C that lands inside an import. Inside the import machinery the exit
    is immediate (`os._exit`): an exception raised there breaks its bookkeeping and comes
    out as a traceback ("KeyError" from a module lock, "Exception ignored in")."""
    import os  # loaded at start-up already: no import begins here

    try:
        _sys.stderr.write("pbwcombat: interrumpido (Ctrl-C)\n" if _spanish(_sys.argv[1:])
                          else "pbwcombat: interrupted (Ctrl-C)\n")
        _sys.stderr.flush()
    finally:
        if importing(frame):
            os._exit(130)
        raise SystemExit(130)


def importing(frame: object) -> bool:
    """Whether Python's import machinery is running under `frame` (a Ctrl-C's frame)."""
    while frame is not None:
        if getattr(getattr(frame, "f_code", None), "co_filename", "").startswith(
                "<frozen importlib"):
            return True
        frame = getattr(frame, "f_back", None)
    return False


def _the_command() -> bool:
    """Whether this process is the installed command or `python -m pbwcombat` (a library
    user's process keeps its own Ctrl-C). Under `-m`, argv[0] is still "-m" here."""
    if _sys.argv and _sys.argv[0].endswith("pbwcombat"):
        return True
    orig = getattr(_sys, "orig_argv", [])
    return any(a == "-m" and b == "pbwcombat" for a, b in zip(orig, orig[1:], strict=False))


# First thing, before any other import: a Ctrl-C from here on is one line and exit 130, no
# traceback (what comes before, Python's own start-up, is not the package's to handle).
if _the_command():
    import _signal  # type: ignore[import-not-found]  # built in: `signal` builds enums (ms)

    if _signal.getsignal(_signal.SIGINT) != _signal.SIG_IGN:
        _signal.signal(_signal.SIGINT, _interrupted_early)
    # A command is one short process that leaves no cyclic garbage (gc.collect() finds 0
    # objects after an attack or a 2,000-combatant roll-initiative), so the collector's passes
    # over the objects its imports and its work create are pure cost: ~17 M instructions of
    # start-up, 11-16 % of a large roll-initiative. Reference counting still frees everything.
    import gc

    gc.disable()

from pbwcombat import regular as _regular  # noqa: E402 — only os and stat: the handler reads with it

__version__ = "0.1.0"


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
    try:  # never waits on a FIFO named on the line; no import inside the Ctrl-C handler
        text = _regular.read_regular(path, 1_000_000).decode("utf-8-sig", "replace")
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


