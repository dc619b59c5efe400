"""Free logged rolls (`roll`): skill checks, perception for surprise."""

from __future__ import annotations

from pbwcombat import actions as act
from pbwcombat import events as ev
from pbwcombat.dice import parse
from pbwcombat.digests import sha256_hex
from pbwcombat.engine import Resolution
from pbwcombat.errors import IllegalAction, Message, UsageError
from pbwcombat.model import DiceState, Encounter

_CANNOT_ROLL = {"dying": "roll_who_dying", "stable": "roll_who_stable", "dead": "roll_who_dead"}


def free_roll(res: Resolution, expr: str, who: str | None, reason: str) -> None:
    name = ""
    if who:
        c = res.combatant(who)
        name = c.display
        if c.status in _CANNOT_ROLL:  # logged all the same: the GM may mean it (a death
            res.warnings.append(Message(_CANNOT_ROLL[c.status], name=name,  # save house rule)
                                        rule="R-HP-1"))
    parsed = parse(expr)
    res.emit(ev.FreeRolled(who or "", name, str(parsed), res.dice.roll(parsed), reason))


def commit_dice(res: Resolution) -> None:
    """`dice commit`: publish SHA-256 of the secret seed (R-DIC-2). Never with the salt: a
    salt known before the seed is committed would let a GM grind seeds offline (R-LOG-9);
    the players choose it after seeing the commitment, for `dice salt`."""

    assert res.enc.dice is not None
    seed = bytes.fromhex(res.enc.dice.seed)
    res.emit(ev.DiceCommitted(sha256_hex(seed), res.enc.dice.algorithm))


def salt_dice(res: Resolution, salt: str) -> None:
    """`dice salt`: mix in the players' value; once only, so the GM cannot fish for a key, and
    only after the commitment, so the GM cannot grind seeds for a salt he knows (R-LOG-9)."""
    assert res.enc.dice is not None
    if not salt:
        raise UsageError("salt_cannot_empty")
    if not res.enc.dice.committed:  # R-LOG-9: a salt known before the commitment
        raise IllegalAction("R-LOG-9", "salt_before_commit")
    if res.enc.dice.salt:  # R-LOG-5: once, even with --force (no fishing for a key)
        raise IllegalAction("R-LOG-5", "players_salt_already_set_can")
    res.emit(ev.DiceSalted(salt))


def revealable_seed(enc: Encounter, force: bool) -> DiceState:
    """`dice reveal` (R-DIC-2): the generator's state, once the combat has ended (or with
    --force); refused while there is no seed or the fight goes on."""
    if enc.dice is None:
        raise IllegalAction("R-DIC-2", "this_encounter_has_dice_seed")
    if enc.state.phase != "ended" and not force:
        raise IllegalAction("R-DIC-2", "seed_revealed_only_once_combat")
    return enc.dice


def _free_roll(res: Resolution, x: act.FreeRoll) -> None:
    free_roll(res, x.expr, x.who, x.reason)


def _dice_commit(res: Resolution, x: act.DiceCommit) -> None:
    commit_dice(res)


def _dice_salt(res: Resolution, x: act.DiceSalt) -> None:
    salt_dice(res, x.salt)


HANDLES = {act.FreeRoll: _free_roll, act.DiceCommit: _dice_commit, act.DiceSalt: _dice_salt}
