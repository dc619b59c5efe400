"""pbwcombat: resolve tabletop RPG combat for play-by-web forum games."""

__version__ = "0.1.0"
