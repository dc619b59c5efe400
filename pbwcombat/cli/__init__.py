"""The command line (typer): parse → run → print; the only place that knows exit codes.

- options.py: the command registry and the options every command shares, declared once;
- commands.py (setup and read-only posts) and actions.py (one action each): the commands;
- boundary.py: main, exit codes, the stdout guard, Ctrl-C, errors said on stderr;
- shell.py: shell completion.
"""

from pbwcombat.cli.boundary import main

__all__ = ["main"]
