"""pbwcombat: resolve tabletop RPG combat for play-by-web forum games."""

import sys as _sys

__version__ = "0.1.0"


def _interrupted_early(signum: int, frame: object) -> None:
    """Ctrl-C while the command is still starting (importing): nothing was done yet, so one
    line and exit 130 (SPEC). `cli.main` installs its own handler once it runs."""
    try:
        _sys.stderr.write("pbwcombat: interrupted (Ctrl-C)\n")
    finally:
        raise SystemExit(130)


if _sys.argv and _sys.argv[0].endswith("pbwcombat"):  # the installed command, not a library
    import signal as _signal

    if _signal.getsignal(_signal.SIGINT) is not _signal.SIG_IGN:
        _signal.signal(_signal.SIGINT, _interrupted_early)
