"""One simulated fight's outcome (R-SIM-2's figures are sums over these), whoever played
it: the engine (`sim.odds.play_engine`) or the simulator core (`sim.core_turns.play`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from pbwcombat.model import Encounter


class Run(NamedTuple):
    """One simulated fight: the winning side ("" nobody left standing, None undecided), the
    rounds it played from the file's round (`rounds_before`), and per reported combatant
    its final hp, whether it is dead and whether it left the fight (fled, R-ORD-2)."""

    winner: str | None
    rounds: int
    hp: tuple[int, ...]
    dead: tuple[bool, ...]
    fled: tuple[bool, ...]


def rounds_before(enc: Encounter) -> int:
    """The rounds the file has already played: `--max-rounds` and the `rounds` figures
    count from its current round, which counts as the first (a fight not started, or in its
    surprise round or round 1, counts from round 1: the surprise round 0 is not counted; an
    ended fight plays none)."""
    st = enc.state
    if st.phase == "setup":
        return 0
    if st.phase == "ended":
        return st.round
    return max(st.round - 1, 0)
