"""One attack roll (R-ATK-1…5): the Defense it goes against, the attacker's condition
modifiers, the miss chance (R-CND-8), confirmation and damage. The attack command
(`rules.attack`), attacks of opportunity (`rules.aoo`), reckless free attacks and Attack Totals
(`rules.disengage`) all call it, so none of them imports another for it."""

from __future__ import annotations

from pbwcombat import events as ev
from pbwcombat.dice import Mod
from pbwcombat.engine import Resolution
from pbwcombat.geometry import distance
from pbwcombat.model import Combatant, Weapon
from pbwcombat.rules import circumstances as circ
from pbwcombat.rules import stance
from pbwcombat.rules.aid import use_aid
from pbwcombat.rules.damage import critical_ignored, reduce_damage
from pbwcombat.rules.effects import EFFECTS, UNSEEN, custom, held
from pbwcombat.rules.engagement import engage
from pbwcombat.rules.hp import deal


def effective_defense(c: Combatant, melee: bool = True, unseen: bool = False) -> int:
    """R-INI-6: flat-footed loses a positive dex_mod and its dodge; the held conditions add
    their Defense changes (a fold over `rules.effects`, R-CND-3/5; knocked out by nonlethal
    damage is helpless, R-HP-7). `unseen`: the attacker is invisible (R-CND-5, or declared
    on the attack), so `c` loses its Dex against it too. A stance adds its own (R-ACT-11,
    `rules.stance`; its dodge bonuses go with the Dex). A dying or stable one is helpless
    (R-ACT-12, `Combatant.attacked_as`)."""
    names = c.attacked_as
    if not names:
        lost = c.flat_footed or unseen
        defense = c.defense - (max(c.dex_mod, 0) + c.dodge if lost else 0)
        return defense + stance.defense_change(c, lost) if c.stance else defense
    h = held(names)
    defense = c.defense + (h.defense_melee if melee else h.defense_ranged)
    lost = c.flat_footed or h.loses_dex or unseen
    if lost:
        defense -= dex_lost(c, h.helpless)
    if c.stance:
        defense += stance.defense_change(c, lost)
    return defense + sum(m.value for m in custom(names, "defense"))  # R-CND-10


def condition_attack_mods(a: Combatant, melee: bool) -> tuple[Mod, ...]:
    """The attacker's condition modifiers on an attack roll (R-CND-3/5: prone's melee −4,
    shaken's −2…; R-CND-10 custom `--attack`): every d20 attack roll takes them, touch
    attacks (trip) and aid another included (Clarifications, R-CND-5)."""
    if not a.conditions:
        return ()
    h = held(a.conditions)
    return (*(h.melee_mods if melee else h.ranged_mods), *custom(a.conditions, "attack"))


def dex_lost(c: Combatant, helpless: bool) -> int:
    """What losing Dex takes off Defense: a positive `dex_mod` and `dodge` (R-INI-6); when
    helpless the whole `dex_mod`, a negative one too, since HELPLESS_DEX replaces it (R-CND-5:
    Defense = defense − dex_mod − dodge − 5)."""
    return (c.dex_mod if helpless else max(c.dex_mod, 0)) + c.dodge


SNEAK_RANGE = 6  # R-ACT-13: a ranged sneak attack only within 6 squares


def sneaks(a: Combatant, t: Combatant, weapon: Weapon, declared: bool) -> bool:
    """R-ACT-13: sneak attack applies when the target loses `dex` against the attacker
    (flat-footed, blinded, helpless, an invisible attacker: `declared` covers the last and a
    declared `--flanking`), a ranged weapon is within 6 squares, and the target is not
    `immune = ["precision"]`."""
    if "precision" in t.immune:
        return False
    if weapon.kind == "ranged" and a.position is not None and t.position is not None \
            and distance(a.position, t.position) > SNEAK_RANGE:
        return False
    if declared or t.is_flat_footed:
        return True
    return bool(t.attacked_as) and held(t.attacked_as).loses_dex


def damage_mods(a: Combatant, melee: bool, times: int) -> tuple[Mod, ...]:
    """R-CND-5 and R-CND-10: the attacker's condition damage modifiers (sickened, fatigued and
    exhausted in melee, `--damage-bonus`), part of each roll, so a critical multiplies them
    (Clarifications' damage order)."""
    h = held(a.conditions)
    mods = (*(h.melee_damage_mods if melee else h.ranged_damage_mods),
            *custom(a.conditions, "damage_bonus"))
    return tuple(Mod(m.value * times, m.note) for m in mods)


def miss_chance(attacker: Combatant, target: Combatant, declared: int = 0) -> tuple[int, str]:
    """R-CND-8: the highest of the attacker's own miss chance (blinded), the target's
    (concealed, invisible) and a declared one (the attack's `--concealment`), with whose it is
    ("concealment" for the declared one); (0, "") when none applies."""
    best = (declared, "concealment") if declared > 0 else (0, "")
    if attacker.conditions:
        own = held(attacker.conditions).miss_chance
        if own[0] > best[0]:
            best = own
    if target.conditions:
        against = held(target.conditions).miss_chance_against
        if against[0] > best[0]:
            best = against
    return best


def roll_miss_chance(res: Resolution, attacker: str, target: str, declared: int = 0) -> bool:
    """R-CND-8: for an attack roll that hit, the d100 of the highest miss chance, right after
    the attack roll (before confirmation); True if the attack misses (at or below the chance).
    No chance: no die. Trip and aid another call it too (every attack roll, Clarifications)."""
    a, t = res.enc.get(attacker), res.enc.get(target)
    chance, source = miss_chance(a, t, declared)
    if chance <= 0:
        return False
    roll = res.dice.roll("1d100")
    missed = roll.total <= chance
    owner = a if source and source in a.conditions else t
    res.emit(ev.MissChanceRolled(attacker, a.display, target, t.display, roll, chance,
                                 source, owner.gender, missed))
    return missed


def nonlethal(a: Combatant, w: Weapon) -> bool:
    """R-HP-7 / R-ACT-9: the weapon's `nonlethal`; an unarmed strike's default is nonlethal
    unless its holder has `improved-unarmed-strike`."""
    if not w.unarmed or "nonlethal" in w.fields_set:
        return w.nonlethal
    return "improved-unarmed-strike" not in a.feats


def defense_conditions(c: Combatant, melee: bool = True) -> tuple[str, ...]:
    """The conditions (and the stance, R-ACT-11) that changed `c`'s Defense against this
    attack (shown beside it in the post): not `cover` against a melee attack, and a custom
    `--defense` by its name (R-CND-10: as a table row would be)."""
    names = c.attacked_as
    notes: tuple[str, ...] = ()
    if names:
        notes = tuple(n for n in held(names).defense_notes if _changes_defense(n, melee))
        notes += tuple(m.note for m in custom(names, "defense") if m.note not in notes)
    if c.stance:
        notes += stance.note(c, c.is_flat_footed or (bool(names) and held(names).loses_dex))
    return notes


def _changes_defense(name: str, melee: bool) -> bool:
    """Whether the table row `name` changes a Defense against a melee (or ranged) attack."""
    e = EFFECTS[name]
    return bool(e.loses_dex or e.helpless or e.defense
                or (e.defense_melee if melee else e.defense_ranged))


def attack_roll(res: Resolution, attacker: str, target: str, weapon: Weapon, kind: str,
                mods: tuple[Mod, ...] = (), defense_zero: bool = False,
                engages: bool = True, declared_miss_chance: int = 0,
                unseen: bool = False, flanking: bool = False,
                declared: circ.Declared = circ.NONE) -> bool:
    """One attack roll with its miss chance, confirmation and damage (R-ATK-1…5, R-CND-8);
    True if it hit.

    `kind`: attack, aoo or free; free attacks (R-DIS-7) go against Defense 0.
    `declared_miss_chance`: a declared concealment (`--concealment N`, 1–100; `total`
    is 50), rolled with the attacker's and the target's own (only the highest is rolled).
    `unseen`: the attacker is declared invisible for this roll (`--invisible`): the
    invisible row's +2 and the target's Dex lost, as if it held the condition.
    `flanking`: the attack is declared flanking (its +2 is the caller's `mods`): it allows
    sneak attack (R-ACT-13). `declared`: the circumstances the command declared (R-CIR-1),
    for this roll only (its concealment, invisibility and flanking go to the three above;
    its flanking +2 and higher ground +1 are added here)."""
    a, t = res.enc.get(attacker), res.enc.get(target)
    melee = weapon.kind == "melee"
    declared_miss_chance = max(declared_miss_chance, declared.miss_chance)
    unseen = unseen or declared.invisible
    flanking = flanking or declared.flanking  # R-ACT-13 reads it
    h = held(a.conditions) if a.conditions else None
    if unseen and not (h is not None and h.unseen):
        mods = (*mods, UNSEEN)
    unseen = unseen or (h is not None and h.unseen)
    defense = 0 if defense_zero else effective_defense(t, melee, unseen)
    notes: tuple[str, ...] = ()
    if declared.any:  # R-CIR-1: flanking, higher ground, cover
        mods = (*mods, *circ.mods(declared, weapon))
        covered = circ.cover_bonus(declared, t, melee)
        if covered and not defense_zero:
            defense += covered
            notes = (f"declared-cover-{declared.cover}",)
    if h is not None:
        mods = (*mods, *condition_attack_mods(a, melee))
    if melee and t.attacked_as:  # R-CND-5 helpless (R-HP-7's, R-ACT-12's dying too): +4
        mods = (*mods, *held(t.attacked_as).melee_against)
    if a.aid and (aided := use_aid(res, attacker, target, "attack")):  # R-ACT-12
        mods = (*mods, Mod(aided, "aid"))
    if t.aid and not defense_zero and (aided := use_aid(res, target, attacker, "defense")):
        defense += aided
        notes = (*notes, "aided")
    bonus = (Mod(weapon.attack, "attack"), *mods)
    roll = res.dice.d20(*bonus)
    natural = roll.natural
    # R-ATK-2; against Defense 0 (R-DIS-7) it hits unless it rolls a natural 1
    hit = natural != 1 and (natural == 20 or defense_zero or roll.total >= defense)
    threat = hit and (natural == 20 or natural >= weapon.crit_range)  # R-ATK-3
    res.emit(ev.AttackRolled(attacker, a.display, target, t.display, weapon.id, weapon.name,
                             kind, roll, defense, t.is_flat_footed and not defense_zero, hit,
                             threat, () if defense_zero else defense_conditions(t, melee) + notes,
                             unseen and not defense_zero))
    res.emit(ev.AttackRecorded(attacker, target))
    if engages:
        engage(res, attacker, target, missile=weapon.kind == "ranged")  # R-ATK-5
    if not hit or roll_miss_chance(res, attacker, target, declared_miss_chance):
        return False
    # R-HP-8: against `immune = ["critical"]` a threat is a normal hit (nothing to confirm)
    ignored = threat and critical_ignored(res, target)
    critical = threat and not ignored and not res.enc.rules.confirm_criticals
    if threat and not ignored and res.enc.rules.confirm_criticals:
        confirm = res.dice.d20(*bonus)
        n = confirm.natural
        critical = n != 1 and (n == 20 or confirm.total >= defense)
        res.emit(ev.CriticalConfirmRolled(attacker, target, confirm, defense, critical))
    times = weapon.crit_mult if critical else 1
    extra = damage_mods(a, melee, times) if h is not None else ()
    damage = res.dice.roll(weapon.damage, extra, times)  # R-ATK-4: bonuses included
    sneak = None
    if a.sneak_attack is not None and sneaks(a, t, weapon, unseen or flanking):
        sneak = res.dice.roll(a.sneak_attack)  # R-ACT-13: after the weapon's, not multiplied
    amount = max(1, damage.total + (sneak.total if sneak is not None else 0))
    res.emit(ev.DamageRolled(attacker, target, t.display, damage, amount, critical, times,
                             sneak))
    amount = reduce_damage(res, target, amount, weapon.materials, None)  # R-HP-8: DR
    deal(res, target, amount, nonlethal(a, weapon), "damage")  # R-HP-6/7: temp hp, nonlethal
    return True
