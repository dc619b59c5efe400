"""The action commands: each builds one `actions.Action` and hands it to the service
(load, apply, write, journal, post).

The annotations are text until typer builds a command (`inspect.signature(eval_str=True)`):
only the command being run pays for its parameters' `typer.Option`s, not every command at
import (issue 29: they were most of the command line's import time).
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from pbwcombat import actions as act
from pbwcombat.cli.options import (
    _DICE_COMMANDS,
    Encounter,
    OneOf,
    Who,
    action_command,
    perform,
    split_ids,
)
from pbwcombat.errors import Message, UsageError

# -- action commands ------------------------------------------------------------------------


NoAooOpt = Annotated[str | None, typer.Option(
    "--no-aoo", help="Enemies that decline their attack of opportunity this time, e.g. "
                     "snag,nit (R-AOO-4).")]
NoInterceptOpt = Annotated[str | None, typer.Option(
    "--no-intercept", help="Guards that let the act pass, e.g. brother-tom (R-AOO-4).")]


def _declines(no_aoo: str | None, no_intercept: str | None
              ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return (act.parse_ids(no_aoo, "--no-aoo") if no_aoo is not None else (),
            act.parse_ids(no_intercept, "--no-intercept") if no_intercept is not None else ())


@action_command("roll-initiative", "Roll initiative (R-INI): starts the surprise round or "
                "round 1; places newcomers (R-INI-8).\n\nExample: pbwcombat roll-initiative "
                "fight.toml --dice 17,4,12")
def roll_initiative_cmd(encounter: Encounter,
                        reroll: Annotated[bool, typer.Option(
                            "--reroll", help="Reroll everyone and restart the round.")] = False
                        ) -> None:
    perform(encounter, "roll-initiative", act.RollInitiative(reroll))


@action_command("next", "End the turn and start the next (R-TRN-4/6). With --if-idle, "
                "once due, and rules.idle_action = \"orders\", the idle combatant first acts "
                "by its standing orders (R-ORD-3); --no-aoo / --no-intercept name enemies that "
                "let its acts pass (R-AOO-4).\n\nExample (cron): "
                "pbwcombat next fight.toml --if-idle 48h --no-aoo snag")
def next_cmd(encounter: Encounter,
             if_idle: Annotated[str | None, typer.Option(
                 "--if-idle", help="Act only once the turn has waited this long (e.g. 48h).")]
             = None,
             no_aoo: NoAooOpt = None, no_intercept: NoInterceptOpt = None) -> None:
    # R-ORD-3: once due, `rules.idle_action = "orders"` plays the idle combatant's orders
    action = act.Next(if_idle, *_declines(no_aoo, no_intercept))
    perform(encounter, "next", action, if_idle=if_idle)


@action_command("delay", "Delay (R-TRN-7): step out of the order for this round.\n\n"
                "Example: pbwcombat delay fight.toml mira")
def delay_cmd(encounter: Encounter, who: Who) -> None:
    perform(encounter, "delay", act.Delay(who))


@action_command("act", "A delaying combatant acts now (R-TRN-7).\n\nExample: pbwcombat act "
                "fight.toml mira")
def act_cmd(encounter: Encounter, who: Who) -> None:
    perform(encounter, "act", act.Act(who))


@action_command("end", "End the combat by hand (R-TRN-6).\n\nExample: pbwcombat end "
                "fight.toml")
def end_cmd(encounter: Encounter) -> None:
    perform(encounter, "end", act.End())


@action_command("remove", "A combatant leaves the fight (fled, dismissed); the log keeps it."
                "\n\nExample: pbwcombat remove fight.toml snag")
def remove_cmd(encounter: Encounter, who: Who) -> None:
    perform(encounter, "remove", act.Remove(who))


@action_command("set", "A GM change to a combatant's definition or to a rule, as a command "
                "instead of a hand edit (R-LOG-2): validated as the file is, journaled, undone "
                "by `undo`; the post names it (a non-PC's numbers only with --gm). KEY is a "
                "key of the combatant's table, dotted into its tables: saves.will, "
                "weapons.ID.attack, actions.ID.uses (or an index from 0: weapons.0.attack). "
                "VALUE is a TOML value (18, -2, true, \"Grak\", [3, 4]); other text is taken "
                "as a string.\n\n"
                "Examples:\n\n\b\n"
                "pbwcombat set fight.toml goblin defense 18\n"
                "pbwcombat set fight.toml goblin weapons.spear.attack 4\n"
                "pbwcombat set fight.toml goblin orders attack-weakest\n"
                "pbwcombat set fight.toml rules.engagement false")
def set_cmd(encounter: Encounter,
            who: Annotated[str, typer.Argument(
                help="A combatant id, or rules.KEY for a rule.", show_default=False)],
            field: Annotated[str, typer.Argument(
                metavar="KEY", help="The key (for rules.KEY: the value).",
                show_default=False)],
            value: Annotated[str | None, typer.Argument(
                metavar="[VALUE]", help="The value (TOML).", show_default=False)] = None,) -> None:
    if who.startswith("rules."):
        if value is not None:
            raise UsageError("set_one_value", who=who)
        perform(encounter, "set", act.SetValue("rules", who[len("rules."):], field))
        return
    if value is None:
        raise UsageError("set_give_who_key_value")
    perform(encounter, "set", act.SetValue(who, field, value))


@action_command("hp", "GM damage or healing (R-HP-5), rolled once for all targets; "
                "temporary hp (R-HP-6), nonlethal damage (R-HP-7), energy damage (R-HP-8)."
                "\n\n"
                "Examples: pbwcombat hp fight.toml goblin -5 ; pbwcombat hp fight.toml "
                "gob1,gob2,gob3 -8d6 ; pbwcombat hp fight.toml aldric +2d4 (unsigned heals) ; "
                "pbwcombat hp fight.toml aldric +1d8+2 --temp ; pbwcombat hp fight.toml "
                "goblin -1d6 --nonlethal ; pbwcombat hp fight.toml troll -3d6 --energy fire")
def hp_cmd(encounter: Encounter,
           who: Annotated[str, typer.Argument(help="Combatant id(s), comma-separated.",
                                              show_default=False)],
           delta: Annotated[str, typer.Argument(help="Signed integer or dice expression; the "
                                                     "sign covers it all: -(1d8+2)*2.",
                                                show_default=False)],
           temp: Annotated[bool, typer.Option(
               "--temp", help="Temporary hit points: the higher of what is left and DELTA "
                              "(R-HP-6); DELTA must be positive.")] = False,
           nonlethal: Annotated[bool, typer.Option(
               "--nonlethal", help="Nonlethal damage: adds to `nonlethal` (R-HP-7); DELTA "
                                   "must be negative.")] = False,
           energy: Annotated[str | None, typer.Option(
               "--energy", metavar="KIND",
               help="Energy damage (acid, cold, electricity, fire, sonic, force, negative, "
                    "positive): resistance and immunity apply (R-HP-8).",
               show_default=False)] = None) -> None:
    perform(encounter, "hp", act.Hp(split_ids(who), delta, temp, nonlethal, energy))


@action_command("roll", "A logged free roll (skill checks, perception for surprise).\n\n"
                "Notation (R-DIC-1): 1d20+4, d20, d%, 2d20kh1 (advantage), 4d6kh3, klK dhK "
                "dlK, 1d20+-2, (1d8+2)*2, × for *, / rounds down; see README 'Dice "
                "notation'.\n\n"
                "Example: pbwcombat roll fight.toml 1d20+4 --who aldric --reason Spot")
def roll_cmd(encounter: Encounter,
             expr: Annotated[str, typer.Argument(help="Dice expression, e.g. 2d20kh1+4.",
                                                 show_default=False)],
             who: Annotated[str | None, typer.Option("--who", help="Who rolls.")] = None,
             reason: Annotated[str, typer.Option("--reason", help="Why (shown).")] = "",
             ) -> None:
    perform(encounter, "roll", act.FreeRoll(expr, who, reason))


_square = act.parse_square

@action_command("attack", "Attack (R-ATK, R-AOO, R-INT): checks turn, action, reach or range; "
                "rolls attack, confirmation and damage. --full: a full attack (R-ACT-5), one "
                "roll per bonus of the weapon's `attacks`, against T1,T2,… in turn.\n\n"
                "Examples: pbwcombat attack fight.toml aldric snag --weapon longsword ; "
                "pbwcombat attack fight.toml mira nit --mod 2 --dice 17,6 ; "
                "pbwcombat attack fight.toml aldric snag,grak --full ; "
                "pbwcombat attack fight.toml mira nit --no-aoo snag ; "
                "pbwcombat attack fight.toml aldric snag --flanking --higher-ground ; "
                "pbwcombat attack fight.toml mira archer --cover half --concealment 20 ; "
                "pbwcombat attack fight.toml mira snag --invisible ; "
                "pbwcombat attack fight.toml aldric krag --approach")
def attack_cmd(encounter: Encounter, attacker: Who,
               target: Annotated[str, typer.Argument(
                   help="A combatant id (--full: T1,T2,… comma-separated).",
                   show_default=False)],
               weapon: Annotated[str | None, typer.Option(
                   "--weapon", help="Weapon id or name (default: the first that reaches).")]
               = None,
               mod: Annotated[int, typer.Option("--mod", help="Situational modifier.")] = 0,
               on_intercept: Annotated[str, typer.Option(
                   "--on-intercept", click_type=OneOf("redirect", "forfeit"),
                   help="redirect | forfeit (R-INT-3).")] = "redirect",
               from_behind: Annotated[bool, typer.Option(
                   "--from-behind", help="Cannot be intercepted (R-INT-4).")] = False,
               full: Annotated[bool, typer.Option(
                   "--full", help="Full attack, a full-round action (R-ACT-5).")] = False,
               no_aoo: NoAooOpt = None, no_intercept: NoInterceptOpt = None,
               flanking: Annotated[bool, typer.Option(
                   "--flanking", help="Declared: the target is flanked, +2 (melee; "
                                      "R-CIR-1).")] = False,
               higher_ground: Annotated[bool, typer.Option(
                   "--higher-ground", help="Declared: on higher ground, +1 (melee; "
                                           "R-CIR-1).")] = False,
               cover: Annotated[str | None, typer.Option(
                   "--cover", click_type=OneOf(*act._COVERS),
                   help="Declared: the target's cover, half | cover | improved: Defense "
                        "+2 / +4 / +8 (R-CIR-1).")] = None,
               concealment: Annotated[str | None, typer.Option(
                   "--concealment", metavar="N|total",
                   help="Declared: the target's concealment, an N% miss chance (1-100; "
                        "total = 50%), rolled on a hit (R-CIR-1).")] = None,
               invisible: Annotated[bool, typer.Option(
                   "--invisible", help="Declared: the attacker is unseen, +2 and the target "
                                       "loses its Dex (R-CIR-1).")] = False,
               charge: Annotated[bool, typer.Option(
                   "--charge", help="Charge: a full-round straight move of 2 squares to 2x "
                                    "speed, then one melee attack at +2; -2 Defense until "
                                    "its next turn (R-ACT-11).")] = False,
               defensively: Annotated[bool, typer.Option(
                   "--defensively", help="Fight defensively: -4 on the attack rolls, +2 "
                                         "Defense until its next turn (R-ACT-11).")] = False,
               trip: Annotated[bool, typer.Option(
                   "--trip", help="With --full: the first roll is a trip (R-ACT-12).")]
               = False,
               approach: Annotated[bool, typer.Option(
                   "--approach", help="Out of reach: first move (by the path-finder) to the "
                                      "nearest square from which the weapon reaches; with "
                                      "--full only a 5-ft step (R-ORD-7).")] = False) -> None:
    declines = _declines(no_aoo, no_intercept)
    hidden = act.parse_concealment(concealment) if concealment is not None else None
    if full:
        if charge:
            raise UsageError("charge_not_full", rule="R-ACT-11")
        perform(encounter, "attack", act.FullAttack(
            attacker, act.parse_ids(target), weapon, mod, on_intercept, from_behind, *declines,
            flanking=flanking, higher_ground=higher_ground, cover=cover, concealment=hidden,
            invisible=invisible, defensively=defensively, trip=trip, approach=approach))
        return
    if trip:
        raise UsageError("trip_goes_with_full", rule="R-ACT-12")
    perform(encounter, "attack", act.Attack(
        attacker, target, weapon, mod, on_intercept, from_behind, *declines, flanking=flanking,
        higher_ground=higher_ground, cover=cover, concealment=hidden, invisible=invisible,
        charge=charge, defensively=defensively, approach=approach))


@action_command("move", "Move along waypoints (R-TRN-2, R-GEO-2, R-AOO, R-ENG, R-DIS).\n\n"
                "Examples: pbwcombat move fight.toml aldric 4,3 ; pbwcombat move fight.toml "
                "mira 2,3 -1,3 --run ; pbwcombat move fight.toml aldric 3,2 --step ; "
                "pbwcombat move fight.toml mira 0,6 --withdraw ; "
                "pbwcombat move fight.toml mira 5,5 --no-aoo snag ; "
                "pbwcombat move fight.toml aldric 6,2 --find-path ; "
                "pbwcombat move fight.toml aldric --away (gridless)")
def move_cmd(encounter: Encounter, who: Who,
             waypoints: Annotated[list[str] | None, typer.Argument(
                 help="Squares X,Y to pass through, in order.", show_default=False)] = None,
             step: Annotated[bool, typer.Option("--step", help="A 5-ft step.")] = False,
             run: Annotated[bool, typer.Option("--run", help="Run: 4x speed, straight.")]
             = False,
             to_cover: Annotated[bool, typer.Option(
                 "--to-cover", help="Out of a shooter's line of fire (R-ENG-3).")] = False,
             away: Annotated[bool, typer.Option(
                 "--away", help="Gridless movement (R-GEO-5).")] = False,
             withdraw: Annotated[bool, typer.Option(
                 "--withdraw", help="Withdraw: full round, 2x speed; leaving the first "
                                    "square provokes no AoO (R-ACT-6).")] = False,
             no_aoo: NoAooOpt = None, no_intercept: NoInterceptOpt = None,
             find_path: Annotated[bool, typer.Option(
                 "--find-path", help="Walk the cheapest legal path to the one destination "
                                     "given, one or two move actions (R-GEO-8).")] = False
             ) -> None:
    squares = tuple(_square(w) for w in waypoints or [])
    if withdraw and (step or run or away):
        raise UsageError("withdraw_excludes_step_run_away")
    if find_path and (len(squares) != 1 or step or run or withdraw or away):
        raise UsageError("find_path_one_destination", rule="R-GEO-8")
    perform(encounter, "move", act.Move(who, squares, step, run, to_cover, away, withdraw,
                                     *_declines(no_aoo, no_intercept), find_path))


@action_command("disengage", "Disengage (R-DIS): Defense Total against the Attack Totals; on "
                "success, --to moves at once.\n\nExample: pbwcombat disengage fight.toml "
                "aldric --to 1,2 ; pbwcombat disengage fight.toml aldric --reckless")
def disengage_cmd(encounter: Encounter, who: Who,
                  to: Annotated[str | None, typer.Option(
                      "--to", help="Square X,Y to move to on success.")] = None,
                  reckless: Annotated[bool, typer.Option(
                      "--reckless", help="Free attacks against Defense 0 (R-DIS-7).")] = False,
                  no_aoo: NoAooOpt = None, no_intercept: NoInterceptOpt = None) -> None:
    perform(encounter, "disengage",
         act.Disengage(who, _square(to) if to else None, reckless,
                       *_declines(no_aoo, no_intercept)))


@action_command("action", "Take an action (R-ACT-1…4, R-ACT-8): one of WHO's "
                "[[combatants.actions]] (a spell, a potion, a trick) with --target, a row of "
                "the built-in Actions in Combat table (draw-weapon, drink-potion, drop-prone, "
                "stand-up, total-defense, coup-de-grace, aid-another, trip, stabilize …: its "
                "cost and provokes from the table, --text for detail), or ad hoc with --text "
                "and --cost. Provoking actions in a threatened square draw AoOs first.\n\n"
                "Examples: pbwcombat action fight.toml mira sleep --target snag,nit ; "
                "pbwcombat action fight.toml aldric potion --target aldric ; "
                "pbwcombat action fight.toml aldric draw-weapon --text \"the dagger in his "
                "boot\" ; pbwcombat action fight.toml mira use-skill-action --text \"Tumble\" "
                "--provokes ; pbwcombat action fight.toml mira sleep --target snag "
                "--defensively ; pbwcombat action fight.toml aldric coup-de-grace --target "
                "guard ; pbwcombat action fight.toml tom aid-another --target aldric "
                "--against ogre ; pbwcombat action fight.toml aldric trip --target ogre ; "
                "pbwcombat action fight.toml aldric --text \"draws a dagger\" --cost move ; "
                "pbwcombat action fight.toml mira --text \"reads the scroll\" --cost standard "
                "--provokes --no-aoo snag")
def action_cmd(encounter: Encounter, who: Who,
               action: Annotated[str | None, typer.Argument(
                   help="The action's id (omit with --text).", show_default=False)] = None,
               target: Annotated[str | None, typer.Option(
                   "--target", help="Target ids, comma-separated (R-ACT-3).")] = None,
               text: Annotated[str | None, typer.Option(
                   "--text", help="Ad hoc action: what is done; with a built-in row: detail "
                                  "(shown in the post).")] = None,
               cost: Annotated[str | None, typer.Option(
                   "--cost", click_type=OneOf(*act.COSTS),
                   help="Ad hoc: standard | move | full | free.")] = None,
               provokes: Annotated[bool, typer.Option(
                   "--provokes", help="Ad hoc, or a built-in row that provokes \"maybe\", "
                                      "\"usually\" or \"varies\": provokes in a threatened "
                                      "square (R-ACT-2, R-ACT-8).")]
               = False,
               no_aoo: NoAooOpt = None, no_intercept: NoInterceptOpt = None,
               defensively: Annotated[bool, typer.Option(
                   "--defensively", help="A spell (spell_level) cast defensively: a "
                                         "concentration check instead of provoking "
                                         "(R-ACT-10).")] = False,
               against: Annotated[str | None, typer.Option(
                   "--against", help="aid-another: the enemy the ally is helped against "
                                     "(R-ACT-12).")] = None,
               defense: Annotated[bool, typer.Option(
                   "--defense", help="aid-another: +2 to the ally's Defense instead of its "
                                     "attack (R-ACT-12).")] = False,
               counter: Annotated[bool, typer.Option(
                   "--counter", help="trip: on a failed trip the defender tries to trip back "
                                     "(R-ACT-12).")] = False,
               weapon: Annotated[str | None, typer.Option(
                   "--weapon", help="coup-de-grace: the weapon (default: the best melee "
                                    "weapon that reaches, R-ACT-12).")] = None) -> None:
    targets = act.parse_ids(target, "--target") if target is not None else ()
    taken = act.TakeAction(who, (action,) if action else (), targets, text, cost, provokes,
                           *_declines(no_aoo, no_intercept), defensively=defensively,
                           against=against, defense=defense, counter=counter, weapon=weapon)
    perform(encounter, "action", taken)


@action_command("add", "Newcomers mid-fight (R-ACT-7): copies of a combatant (--like), "
                "combatants from a roster or another encounter (--from), SRD 3.5 creatures "
                "from the bundled bestiary (--srd; `pbwcombat srd search` lists them) or a "
                "stat block pasted in the SRD's layout (--statblock FILE, or - for stdin; "
                "every line it cannot read is exit 65, or a warning with --lenient). On a "
                "grid each newcomer needs a free square (--at). They wait for "
                "roll-initiative, or --initiative places them at once.\n\nExamples:\n\n"
                "pbwcombat add fight.toml goblin --like snag --count 3 --at 6,6 7,7 8,6 "
                "--initiative\n\n"
                "pbwcombat add fight.toml --from party.toml aldric mira --at 0,1 0,2\n\n"
                "pbwcombat add fight.toml orc --srd orc --count 4 --side orcs\n\n"
                "pbwcombat add fight.toml brute --srd ogre --roll-hp --at 8,3\n\n"
                "pbwcombat add fight.toml --statblock - --side monsters < troll.txt")
def add_cmd(encounter: Encounter,
            ids: Annotated[list[str] | None, typer.Argument(
                help="--like: the new id; --from: the ids to copy (default: all).",
                show_default=False)] = None,
            like: Annotated[str | None, typer.Option(
                "--like", help="Copy this combatant's definition.")] = None,
            count: Annotated[int | None, typer.Option(
                "--count", help="--like: N copies, ids ID-1 … ID-N.")] = None,
            name: Annotated[str | None, typer.Option(
                "--name", help="--like: the display name (with --count, + ' 1' … ' N').")]
            = None,
            at: Annotated[list[str] | None, typer.Option(
                "--at", help="Free squares X,Y, one per newcomer, in order "
                             "(--at 6,6 7,7 or --at 6,6 --at 7,7).")] = None,
            from_file: Annotated[str | None, typer.Option(
                "--from", help="A roster or encounter TOML holding [[combatants]].")] = None,
            initiative: Annotated[bool, typer.Option(
                "--initiative", help="Roll and place the newcomers now (R-INI-8).")] = False,
            srd: Annotated[str | None, typer.Option(
                "--srd", help="An SRD 3.5 creature of the bundled bestiary, by id or name "
                              "(English or Spanish).")] = None,
            statblock: Annotated[str | None, typer.Option(
                "--statblock", help="A stat block in the SRD's layout: a file, or - for "
                                    "standard input.")] = None,
            side: Annotated[str, typer.Option(
                "--side", help="--srd/--statblock: the newcomers' side.")] = "monsters",
            roll_hp: Annotated[bool, typer.Option(
                "--roll-hp", help="--srd/--statblock: roll each newcomer's Hit Dice with the "
                                  "encounter's dice (default: their average).")] = False,
            lenient: Annotated[bool, typer.Option(
                "--lenient", help="--statblock: skip the lines it cannot read, with a "
                                  "warning each, instead of exit 65.")] = False
            ) -> None:
    args = (list(ids or []), like, count, name, list(at or []), from_file, initiative)
    added = act.parse_add(*args, srd=srd, statblock=statblock)  # usage errors (exit 2) first
    if from_file is not None:
        from pbwcombat.roster import read_roster

        added = act.parse_add(*args, roster=read_roster(from_file, added.ids))
    elif srd is not None or statblock is not None:
        from pbwcombat import _file_lang
        from pbwcombat.bestiary import templates

        if not side.strip() or len(side) > 100:
            raise UsageError("side_length")
        made = templates.from_srd(srd, side, _file_lang(str(encounter)) or "en") \
            if srd is not None else templates.from_statblock(str(statblock), side, lenient)
        from pbwcombat.cli.speech import say

        for w in made.warnings:
            sys.stderr.write(f"pbwcombat: {say(Message('warning', problems=(w,)))}\n")
        roster, hit_dice = templates.roster(made, list(ids or []), count, name, roll_hp)
        added = act.parse_add(*args, roster=roster, srd=srd, statblock=statblock,
                              hit_dice=hit_dice)
    elif roll_hp or lenient or side != "monsters":
        raise UsageError("side_go_with_srd")
    perform(encounter, "add", added)


@action_command("intercept", "Guard an ally until your next turn (R-INT).\n\nExample: "
                "pbwcombat intercept fight.toml brother-tom mira")
def intercept_cmd(encounter: Encounter, defender: Who, ward: Who) -> None:
    perform(encounter, "intercept", act.Intercept(defender, ward))


@action_command("condition", "Put a condition on combatants, or take it off (R-CND-5): one "
                "of the SRD's combat conditions (blinded, dazed, entangled, helpless, prone, "
                "stunned, unconscious, …), cover, concealed, hidden, or any other slug (shown; "
                "with --attack/--defense/--saves/--damage-bonus it has those effects). "
                "With --rounds N it ends at the start (or --ends end: the end) of the N-th "
                "next turn of --of (default: whoever's turn it is).\n\nExamples: pbwcombat "
                "condition fight.toml snag prone ; pbwcombat condition fight.toml nit,snag "
                "stunned --rounds 1 ; pbwcombat condition fight.toml grak paralyzed "
                "--rounds 2 --of mira --ends end ; pbwcombat condition fight.toml snag prone "
                "--remove ; pbwcombat condition fight.toml snag on-fire --damage 1d6 --energy "
                "fire --save ref:15 ; pbwcombat condition fight.toml aldric,mira bless "
                "--attack 1 --saves 1 --rounds 10")
def condition_cmd(encounter: Encounter,
                  who: Annotated[str, typer.Argument(help="Combatant id(s), comma-separated.",
                                                     show_default=False)],
                  name: Annotated[str, typer.Argument(
                      help="A condition of the R-CND-5 table (prone, stunned, helpless, "
                           "…) or any other slug.",
                      show_default=False)],
                  rounds: Annotated[int | None, typer.Option(
                      "--rounds", help="Turns of --of it lasts (default: until removed).")]
                  = None,
                  ends: Annotated[str | None, typer.Option(
                      "--ends", click_type=OneOf("start", "end"),
                      help="start (default) | end: of the last turn.")] = None,
                  of: Annotated[str | None, typer.Option(
                      "--of", help="Whose turns count (default: whoever's turn it is).")]
                  = None,
                  remove: Annotated[bool, typer.Option(
                      "--remove", help="Take the condition off.")] = False,
                  save: Annotated[str | None, typer.Option(
                      "--save", metavar="KIND:DC",
                      help="Save ends (R-CND-6): at the end of each of its turns it rolls "
                           "this save (fort, ref or will), e.g. will:15; success ends it.",
                      show_default=False)] = None,
                  damage: Annotated[str | None, typer.Option(
                      "--damage", metavar="EXPR",
                      help="Ongoing damage (R-CND-6) at the start of each of its turns, "
                           "e.g. 1d6.", show_default=False)] = None,
                  energy: Annotated[str | None, typer.Option(
                      "--energy", metavar="KIND",
                      help="The ongoing damage's energy (fire, acid…): resistance and "
                           "immunity apply (R-HP-8).", show_default=False)] = None,
                  by: Annotated[str | None, typer.Option(
                      "--by", metavar="ID",
                      help="Who put it on (R-CND-7: a confused combatant attacks it).",
                      show_default=False)] = None,
                  attack: Annotated[int, typer.Option(
                      "--attack", metavar="N",
                      help="Custom effect (R-CND-10): N on every attack roll.")] = 0,
                  defense: Annotated[int, typer.Option(
                      "--defense", metavar="N", help="Custom effect: N on its Defense.")] = 0,
                  saves: Annotated[int, typer.Option(
                      "--saves", metavar="N", help="Custom effect: N on its saves.")] = 0,
                  damage_bonus: Annotated[int, typer.Option(
                      "--damage-bonus", metavar="N",
                      help="Custom effect: N on its weapon damage rolls.")] = 0) -> None:
    perform(encounter, "condition",
            act.SetCondition(split_ids(who), name, rounds, ends, of, remove, save, damage,
                             energy, by, attack, defense, saves, damage_bonus))


@action_command("commit", "Publish the dice commitment (SHA-256 of the secret seed) before "
                "the fight.\n\nExample: pbwcombat dice commit fight.toml",
                group=_DICE_COMMANDS)
def dice_commit_cmd(encounter: Encounter,
                    salt: Annotated[str | None, typer.Option(
                        "--salt", hidden=True, show_default=False)] = None) -> None:
    if salt is not None:  # R-LOG-9: refused before anything is read or written
        raise UsageError("salt_at_commit")
    perform(encounter, "dice commit", act.DiceCommit())


@action_command("salt", "Mix in a value the players chose after the commitment (e.g. the "
                "number of their reply): once only, before the first generator roll after "
                "the commitment (R-LOG-5; --force does not change that).\n\nExample: "
                "pbwcombat dice salt fight.toml 4817", group=_DICE_COMMANDS)
def dice_salt_cmd(encounter: Encounter,
                  salt: Annotated[str, typer.Argument(help="The players' value.",
                                                      show_default=False)],) -> None:
    perform(encounter, "dice salt", act.DiceSalt(salt))


@action_command("ready", "Ready an action (R-RDY): a standard action now; PLAN fires when "
                "TRIGGER happens, interrupting it, and lapses at WHO's next turn. PLAN: "
                "attack TARGET [--weapon W] [--mod N] | action ID [--target …] | move X,Y "
                "(TARGET any: whoever sets it off). TRIGGER: passes | within:N | "
                "enters:X,Y[;X,Y…] | moves:ID[,ID…] | acts:ID[,ID…].\n\nExamples: "
                "pbwcombat ready fight.toml mira attack any --weapon bow --when enters:5,2 ; "
                "pbwcombat ready fight.toml aldric attack grak --when passes ; "
                "pbwcombat ready fight.toml mira --clear")
def ready_cmd(encounter: Encounter, who: Who,
              plan: Annotated[list[str] | None, typer.Argument(
                  help="attack TARGET [--weapon W] [--mod N] | action ID [--target IDS] | "
                       "move X,Y", show_default=False)] = None,
              when: Annotated[str | None, typer.Option(
                  "--when", help="passes | within:N | enters:X,Y[;X,Y…] | moves:IDS | "
                                 "acts:IDS (R-RDY-1).")] = None,
              clear: Annotated[bool, typer.Option(
                  "--clear", help="WHO no longer has a readied action.")] = False) -> None:
    perform(encounter, "ready", act.Ready(who, tuple(plan or []), when, clear))


@action_command("declare", "Queue a declared action for the round (checked for syntax and "
                "ids now, for legality when the round resolves).\n\nExamples: pbwcombat "
                "declare fight.toml aldric attack snag --weapon longsword ; pbwcombat declare "
                "fight.toml mira move 3,4 ; pbwcombat declare fight.toml mira action sleep "
                "--target snag ; pbwcombat declare fight.toml aldric attack snag,nit --full ; "
                "pbwcombat declare fight.toml aldric move 4,2 then attack grak --else attack "
                "snag (R-ORD-5/6: acts chained by then, fallback plans after --else) ; "
                "pbwcombat declare fight.toml aldric --clear")
def declare_cmd(encounter: Encounter, who: Who,
                action: Annotated[list[str] | None, typer.Argument(
                    help="attack TARGET [--weapon W] [--mod N] [--full] | move X,Y… [--run] "
                         "[--withdraw] | disengage [--to X,Y] [--reckless] | intercept WARD | "
                         "ready PLAN --when TRIGGER | "
                         "delay | action ACTION [--target IDS] | action --text T --cost C; "
                         "each may add --no-aoo IDS / --no-intercept IDS",
                    show_default=False)] = None,
                clear: Annotated[bool, typer.Option(
                    "--clear", help="Clear WHO's declaration.")] = False) -> None:
    if clear:
        if action:
            raise UsageError("declare_clear_takes_action")
        perform(encounter, "declare", act.ClearDeclaration(who))
        return
    perform(encounter, "declare", act.Declare(who, tuple(action or [])))


@action_command("resolve", "Resolve the declared actions from the current turn to the end "
                "of the round, in initiative order, as one post (without a declaration, by "
                "standing orders, R-ORD-3). --no-aoo / --no-intercept hold for every act of "
                "the round, besides each declaration's own (R-AOO-4).\n\nExample (cron): "
                "pbwcombat resolve fight.toml --if-idle 48h --no-aoo snag")
def resolve_cmd(encounter: Encounter,
                if_idle: Annotated[str | None, typer.Option(
                    "--if-idle", help="Act only once the turn has waited this long.")] = None,
                when_all_declared: Annotated[bool, typer.Option(
                    "--when-all-declared",
                    help="Resolve only once every combatant with a player has declared or is "
                         "absent (R-PAC-4); with --if-idle, when either holds. Otherwise "
                         "print nothing.")] = False,
                no_aoo: NoAooOpt = None, no_intercept: NoInterceptOpt = None) -> None:
    perform(encounter, "resolve",
            act.Resolve(*_declines(no_aoo, no_intercept), when_all_declared=when_all_declared),
            if_idle=if_idle)


@action_command("orders", "Conditional orders (R-ORD-4): what WHO does when nobody decides "
                "for it (resolve, next --if-idle, odds, an absent player): the first rule whose "
                "condition holds and whose act is legal now. Each RULE is one argument, "
                "\"WHEN -> DO\" or just \"DO\"; players' posts never show them (show --gm "
                "does).\n\nExamples:\n\n\b\n"
                "pbwcombat orders fight.toml mira \"hp < 30% -> action potion --target self\" "
                "\"attack-nearest\"\n"
                "pbwcombat orders fight.toml grak \"engaged >= 2 -> move 0,4 --withdraw\" "
                "\"attack-weakest\"\n"
                "pbwcombat orders fight.toml mira --clear")
def orders_cmd(encounter: Encounter, who: Who,
               rules: Annotated[list[str] | None, typer.Argument(
                   metavar="[RULE]...", help="The rules, in order, each quoted.",
                   show_default=False)] = None,
               clear: Annotated[bool, typer.Option(
                   "--clear", help="Drop WHO's orders (back to the defaults).")] = False
               ) -> None:
    perform(encounter, "orders", act.SetOrders(who, tuple(rules or ()), clear))


@action_command("absent", "A player is away (R-PAC-2): until WHEN their character is idle "
                "at once, played by its standing orders as soon as its turn (or its "
                "declaration) comes, and the player is not mentioned.\n\nExamples: pbwcombat "
                "absent fight.toml mira --until 3d ; pbwcombat absent fight.toml mira --until "
                "2026-12-24T18:00 ; pbwcombat absent fight.toml mira --clear")
def absent_cmd(encounter: Encounter, who: Who,
               until: Annotated[str | None, typer.Option(
                   "--until", metavar="WHEN",
                   help="An ISO date-time (UTC unless it names an offset) or a duration from "
                        "now (3d, 12h).")] = None,
               clear: Annotated[bool, typer.Option(
                   "--clear", help="The player is back.")] = False) -> None:
    perform(encounter, "absent", act.Absent(who, until, clear))


@action_command("remind", "A reminder post mentioning the players who owe a move (declared "
                "round: a declaration; turn flow: the current turn), with the time left "
                "(R-PAC-3). With --if-due D it prints only when the deadline is at most D away "
                "and no reminder was printed for it yet (cron-safe: once per deadline).\n\n"
                "Example (cron, every hour): pbwcombat remind fight.toml --if-due 12h")
def remind_cmd(encounter: Encounter,
               if_due: Annotated[str | None, typer.Option(
                   "--if-due", metavar="D",
                   help="Only when the deadline is within D (e.g. 12h), once per "
                        "deadline.")] = None) -> None:
    perform(encounter, "remind", act.Remind(if_due))
