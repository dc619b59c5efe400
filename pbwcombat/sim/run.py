"""One simulated fight's outcome (R-SIM-2's figures are sums over these), whoever played
it: the engine (`sim.odds.play_engine`) or the simulator core (`sim.core_turns.play`)."""

from __future__ import annotations

from typing import NamedTuple


class Run(NamedTuple):
    """One simulated fight: the winning side ("" nobody left standing, None undecided), the
    rounds it played from the file's round (`rounds_before`), and per reported combatant
    its final hp, whether it is dead and whether it left the fight (fled, R-ORD-2)."""

    winner: str | None
    rounds: int
    hp: tuple[int, ...]
    dead: tuple[bool, ...]
    fled: tuple[bool, ...]
