"""Free logged rolls (`roll`): skill checks, perception for surprise."""

from __future__ import annotations

from pbwcombat import events as ev
from pbwcombat.dice import parse
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction, UsageError
from pbwcombat.model import DiceState, Encounter


def free_roll(res: Resolution, expr: str, who: str | None, reason: str) -> None:
    name = ""
    if who:
        name = res.combatant(who).display
    parsed = parse(expr)
    res.emit(ev.FreeRolled(who or "", name, str(parsed), res.dice.roll(parsed), reason))


def commit_dice(res: Resolution, salt: str | None) -> None:
    """`dice commit`: publish SHA-256 of the secret seed (R-DIC-2), optionally with the salt."""
    import hashlib

    assert res.enc.dice is not None
    seed = bytes.fromhex(res.enc.dice.seed)
    res.emit(ev.DiceCommitted(hashlib.sha256(seed).hexdigest(), res.enc.dice.algorithm))
    if salt is not None:
        salt_dice(res, salt)


def salt_dice(res: Resolution, salt: str) -> None:
    """`dice salt`: mix in the players' value; once only, so the GM cannot fish for a key."""
    assert res.enc.dice is not None
    if not salt:
        raise UsageError("the salt cannot be empty")
    if res.enc.dice.salt:  # R-LOG-5: once, even with --force (no fishing for a key)
        raise IllegalAction("R-LOG-5", "the players' salt is already set; it can be set "
                                       "only once")
    res.emit(ev.DiceSalted(salt))


def revealable_seed(enc: Encounter, force: bool) -> DiceState:
    """`dice reveal` (R-DIC-2): the generator's state, once the combat has ended (or with
    --force); refused while there is no seed or the fight goes on."""
    if enc.dice is None:
        raise IllegalAction("R-DIC-2", "this encounter has no dice seed yet")
    if enc.state.phase != "ended" and not force:
        raise IllegalAction("R-DIC-2", "the seed is revealed only once the combat has ended "
                                       "(--force to reveal now)")
    return enc.dice
