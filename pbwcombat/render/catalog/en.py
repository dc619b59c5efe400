"""The English catalogue (R-OUT-5): every text a post, a report or a message says, keyed.

Templates use `str.format` fields that the narrator fills with already-escaped text. The
`msg_<key>` entries are the messages errors carry by key (`errors.PbwError`); es.py has the
same keys with the same fields (docs/dev/messages.md).
"""

from __future__ import annotations

from pbwcombat.dice import DICE_ERRORS_EN

EN: dict[str, str] = {
    # headers and status
    "header": "{name}",
    "round": "Round {round}",
    "surprise_round": "Surprise round",
    "setup": "Before combat",
    "ended": "Combat over",
    "turn_of": "Turn: {name}",
    "deadline": "deadline {at}",
    "at_utc": "{at} UTC",
    "at_local": "{year}-{month:02d}-{day:02d} {time} ({city} time)",
    "order": "Order",
    "engaged_with": "engaged with {names}",
    "missile_with": "missile-engaged with {names}",
    "guarding": "guarding {name}",
    "flat_footed": "flat-footed",
    "delaying": "delaying",
    "readied_status": "ready: {plan}",
    "readied_status_gm": "ready: {plan}, {when}",
    "declared": "Declared",
    "not_declared": "Not declared",
    "no_initiative": "no initiative",
    "hp_numbers": "{hp}/{max} hp",
    "defense": "Defense {defense}",
    "at": "at {pos}",
    "removed": "left the fight",
    # hp labels (R-OUT-3)
    "unhurt": "unhurt",
    "wounded": "wounded",
    "badly_wounded": "badly wounded",
    "down": "down",
    "dead": "dead",
    "status_disabled": "disabled",
    "status_dying": "dying",
    "status_stable": "stable",
    "status_dead": "dead",
    # dice
    "supplied": "supplied",
    "supplied_note": "“supplied”: a face the GM gave, not the generator.",
    "numbers_note": "Roll numbers (#n) count the generator's dice in order: with the seed, "
                    "revealed after the combat, anyone can recompute every roll.",
    # modifier notes
    # dice expressions (R-DIC-1): errors on stderr; the English texts live with the parser
    **DICE_ERRORS_EN,
    "mod_initiative_mod": "initiative",
    "mod_gm": "GM modifier",
    "mod_streak": "streak",
    "mod_flanking": "flanking",
    "mod_higher_ground": "higher ground",
    "cond_declared-cover-half": "half cover +2",
    "cond_declared-cover-cover": "cover +4",
    "cond_declared-cover-improved": "improved cover +8",
    "mod_into_melee": "into melee",
    "mod_defense": "Defense − 10",
    "mod_attack": "attack",
    # initiative and turns
    "InitiativeRolled": "Initiative, {names}: {roll}",
    "InitiativeJoined": "{name} joins the initiative of group {group} ({total})",
    "RollOffRolled": "Tie roll-off, {names}: {roll}",
    "OrderSet": "Initiative order: {order}",
    "OrderSet_reroll": "New initiative order: {order}",
    "CombatStarted": "Combat begins! Everyone is flat-footed until their first turn.",
    "CombatStarted_surprise": "Surprise round! Acting: {aware} (one standard or one move "
                              "action each). Everyone is flat-footed until their first regular "
                              "turn.",
    "RoundStarted": "— Round {round} —",
    "RoundStarted_surprise": "— Surprise round —",
    "TurnStarted": "It is {name}'s turn.",
    "TurnStarted_deadline": "It is {name}'s turn, deadline {at}.",
    "TurnSkipped_dying": "{name} is dying and cannot act.",
    "TurnSkipped_down": "{name} is down and cannot act.",
    "TurnSkipped_stable": "{name} is unconscious (stable) and cannot act.",
    "TurnSkipped_unaware": "{name} is caught by surprise and does not act this round.",
    "TurnSkipped_newcomer": "{name} arrives after its place in this round and acts from the "
                            "next round.",
    "MadeFlatFooted": "Flat-footed until their first turn: {names}.",
    "StreakReset": "{name}'s disengage streak ends.",
    "StreakReset_idle": "{name} let a turn pass without trying to disengage: the streak ends.",
    "Delayed": "{name} delays their action.",
    "DelayEnded": "{name} stops delaying and acts now.",
    "CombatEnded": "The combat is over after {rounds}. Winners: {winner}.",
    "CombatEnded_none": "The combat is over after {rounds}. Nobody is left standing.",
    "CombatEnded_hand": "The GM ends the combat after {rounds}.",
    "rounds_one": "1 round",
    "rounds_other": "{n} rounds",
    "squares_one": "1 square",
    "squares_other": "{n} squares",
    "and": " and ",
    "fallen": "Fallen: {names}.",
    # hit points
    "HpChanged_coup_de_grace":
        "{name} fails the save and dies from the coup de grace: {state}.",
    "HpChanged_damage": "{name} is now {state}.",
    "HpChanged_damage_numbers": "{name} is now {state}.",
    "HpChanged_gm": "{name} takes {amount} damage: {state}.",
    "HpChanged_healing": "{name} heals {amount}: {state}.",
    "HpChanged_healing_capped":
        "{name} heals {amount} of {asked} (no more than full hit points): {state}.",
    "HpChanged_healing_hidden": "{name} is healed: {state}.",
    "HpChanged_bleed": "{name} loses 1 hp: {state}.",
    "HpChanged_strain": "{name} strains after a standard action and loses 1 hp: {state}.",
    "GmHpRolled": "{expr} for {names}: {roll}",
    "BleedRolled": "{name} is bleeding: {roll} (1–10 stabilises) — {outcome}.",
    "bleed_stable": "stable",
    "bleed_loses": "loses 1 hp",
    "FreeRolled": "{name} rolls {expr}{reason}: {roll}",
    "FreeRolled_anon": "Roll {expr}{reason}: {roll}",
    "Removed": "{name} leaves the fight.",
    # attacks
    "AttackRolled": "{attacker} attacks {target} with {weapon}: {roll} against {defense} — "
                    "{outcome}",
    "AttackRolled_aoo": "Attack of opportunity! {attacker} attacks {target} with {weapon}: "
                        "{roll} against {defense} — {outcome}",
    "AttackRolled_free": "Free attack: {attacker} attacks {target} with {weapon}: {roll} "
                         "against {defense} — {outcome}",
    "defense_ff": "Defense {defense} (flat-footed)",
    "hit": "hit",
    "miss": "miss",
    "miss_natural": "natural 1, miss",
    "threat": "hit, critical threat!",
    "threat_natural": "natural 20, critical threat!",
    "hit_natural": "natural 20, hit",
    "CriticalConfirmRolled": "Confirming the critical: {roll} against Defense {defense} — "
                             "{outcome}",
    "MissChanceRolled": "Miss chance {chance}% ({source}): {roll} — {outcome}",
    "miss_chance_missed": "the blow goes wide: {face} ≤ {chance}",
    "miss_chance_lands": "it lands: {face} > {chance}",
    "miss_source_concealment": "concealment",
    "unseen_attacker": "unseen attacker",
    "confirmed": "confirmed!",
    "not_confirmed": "not confirmed",
    "DamageRolled": "Damage to {target}: {roll}{crit} → {amount}",
    "DamageRolled_total": "Damage to {target}: {roll}{crit}",
    "sneak_attack": " + sneak attack {roll}",
    "crit_times": " (critical ×{mult})",
    "AmmoSpent": "{weapon}: {left} shots left.",
    "AmmoSpent_one": "{weapon}: 1 shot left.",
    "AttackRefused": "{name} does not go on: {reason}.",
    "refused_fell": "they have fallen",
    "refused_forfeit": "the attack is forfeited to the interception",
    "refused_out_of_reach": "the target is no longer within reach or range",
    # movement, engagement
    "AooDeclined": "{name} lets {mover} go: no attack of opportunity.",
    "InterceptDeclined": "{defender} lets {enemy} pass.",
    "cost_standard": "standard action",
    "cost_move": "move action",
    "cost_full": "full-round action",
    "cost_free": "free action",
    "ActionTaken": "{name} uses {action} ({cost}).",
    "ActionTaken_targets": "{name} uses {action} on {targets} ({cost}).",
    "StanceTaken_charging":
        "{name} charges: −2 Defense until its next turn.",
    "StanceTaken_defensive":
        "{name} fights defensively: −4 on its attack rolls, +2 Defense until its next "
        "turn.",
    "StanceTaken_total-defense":
        "{name} takes total defense: +4 Defense, no attacks or attacks of opportunity "
        "until its next turn.",
    "StanceEnded":
        "{name} is no longer {stance}.",
    "stance_charging":
        "charging",
    "stance_defensive":
        "fighting defensively",
    "stance_total-defense":
        "in total defense",
    "show_stance_charging":
        "charging",
    "show_stance_defensive":
        "fighting defensively",
    "show_stance_total-defense":
        "total defense",
    "mod_charge":
        "charge",
    "mod_defensively":
        "fighting defensively",
    "cond_stance-charging":
        "charging −2",
    "cond_stance-defensive":
        "fighting defensively +2",
    "cond_stance-total-defense":
        "total defense +4",
    "show_aid_attack":
        "aided: +{n} on its next attack against {against}",
    "show_aid_defense":
        "aided: +{n} Defense against {against}'s next attack",
    "ConcentrationRolled":
        "{name}'s concentration ({why}, {action}): {roll} against DC {dc} — {outcome}",
    "conc_entangled":
        "entangled",
    "conc_defensively":
        "casting defensively",
    "conc_damaged":
        "hurt for {n}",
    "SpellLost":
        "{name} loses the spell {action}.",
    "AidRolled":
        "{name} aids {ally} against {enemy} with {weapon}: {roll} against Defense "
        "{defense} — {outcome}",
    "AidGiven_attack":
        "{name}: +{n} on its next attack roll against {enemy} (aid another).",
    "AidGiven_defense":
        "{name}: +{n} Defense against {enemy}'s next attack (aid another).",
    "TouchAttackRolled":
        "{name} tries to trip {target}: touch attack {roll} against touch Defense "
        "{defense} — {outcome}",
    "TripChecked":
        "Trip check: {name} {roll} against {target} {against} — {outcome}",
    "TripChecked_counter":
        "{name} tries to trip back: {roll} against {target} {against} — {outcome}",
    "trip_falls":
        "{target} is down",
    "trip_stands":
        "{target} keeps its feet",
    "mod_aid":
        "aid another",
    "cond_aided":
        "aided +2",
    "mod_str_mod":
        "Str",
    "mod_dex_mod":
        "Dex",
    "mod_size":
        "size",
    "mod_improved-trip":
        "Improved Trip",
    "mod_concentration":
        "concentration",
    "mod_combat-casting":
        "Combat Casting",
    "mod_heal":
        "Heal",
    "ActionTaken_row": "{name}: {action}{on}{text} ({cost}).",
    "ActionTaken_row_on": ", on {targets}",
    "ActionTaken_row_self": ", on {g:himself/herself}",
    "ActionTaken_row_text": " — {text}",
    "ActionTaken_self": "{name} uses {action} on {g:himself/herself} ({cost}).",
    "ActionTaken_text": "{name}: {text} ({cost}).",
    "CheckRolled": "{action}, check: {roll}",
    "CheckRolled_dc": "{action}, check: {roll} against DC {dc} — {outcome}",
    "check_ok": "success",
    "check_failed": "failed: nothing happens",
    "SaveRolled": "{name}'s {kind} save: {roll} against DC {dc} — {outcome}",
    "save_ok": "saved",
    "save_failed": "failed",
    "save_fort": "Fortitude",
    "save_ref": "Reflex",
    "save_will": "Will",
    "mod_fort": "Fortitude",
    "mod_ref": "Reflex",
    "mod_will": "Will",
    "EffectRolled_damage": "{action}, damage to {names}: {roll}",
    "EffectRolled_heal": "{action}, healing for {names}: {roll}",
    "SaveReduced_half": "{name} saved: half damage, {amount}.",
    "SaveReduced_negates": "{name} saved: no effect.",
    "Added": "{name} joins the fight.",
    "Added_at": "{name} joins the fight at {at}.",
    "refused_no_ammo": "no ammunition left",
    "refused_into_melee": "the target is engaged in melee (no shooting into melee)",
    "Moved": "{name} moves {path} ({squares}).",
    "Moved_run": "{name} runs {path} ({squares}).",
    "Moved_step": "{name} takes a 5-ft step to {path}.",
    "MovedAway": "{name} moves away.",
    "MoveStopped": "{name} stops at {at}: {reason}.",
    "stop_fell": "they have fallen",
    "stop_disengage": "failed to disengage",
    "stop_intercepted": "intercepted",
    "Engaged": "{a} and {b} are engaged in melee.",
    "Engaged_missile": "{a} and {b} are engaged in missile combat.",
    "Disengaged": "{a} and {b} are no longer engaged.",
    "Disengaged_missile": "{a} is out of {b}'s missile engagement.",
    "DefenseTotalRolled": "{name}'s Defense Total: {roll}",
    "AttackTotalRolled": "{name}'s Attack Total: {roll}",
    "DisengageResolved_ok": "{name} disengages.",
    "DisengageResolved_fail": "{name} fails to disengage and stays engaged; the attempt is "
                              "their action this turn.",
    "DisengageResolved_reckless": "{name} disengages recklessly.",
    "DisengageResolved_auto": "{name} disengages without a roll ({reason}).",
    "auto_opponents_down": "every engaged opponent is down or unable to fight",
    "auto_not_attacked": "no engaged opponent attacked them since their previous turn",
    "auto_no_ammo": "the shooter is out of ammunition",
    "auto_out_of_range": "the move ends beyond the shooter's range",
    "GuardStarted": "{defender} guards {ward} until the start of {defender}'s next turn.",
    "GuardEnded": "{defender} stops guarding.",
    "ReadyDeclared": "{name} readies {plan}.",
    "ReadyDeclared_gm": "{name} readies {plan}, {when}.",
    "ReadyCleared": "{name} stands down: no readied action any more.",
    "ReadyCleared_lost": "{name} loses the readied action.",
    "ReadyFired": "{trigger} sets off {name}'s readied action!",
    "ReadyHeld": "{trigger} sets off {name}'s readied action, but it cannot be taken now "
                 "({reason}): it stays ready.",
    "ReadyLapsed": "{name}'s readied action lapses.",
    "plan_attack": "an attack on {target}",
    "plan_attack_with": "an attack with {weapon} on {target}",
    "plan_any": "whoever sets it off",
    "plan_action": "{action}",
    "plan_action_on": "{action} on {targets}",
    "plan_move": "a move to {square}",
    "when_passes": "when an enemy comes within its reach or range",
    "when_within": "when an enemy comes within {n} squares",
    "when_enters": "when an enemy enters {squares}",
    "when_moves": "when {names} moves",
    "when_acts": "when {names} attacks or acts",
    "held_out_of_reach": "out of reach",
    "held_out_of_range": "out of range",
    "held_target_down": "the target is down",
    "held_no_ammo": "no ammunition left",
    "held_into_melee": "the target is engaged in melee",
    "held_too_far": "too far to move",
    "held_illegal": "not allowed now",
    "PriorityRolled": "{name}'s Action Priority Total: {roll}",
    "InterceptResolved_won": "{defender} intercepts {enemy}: the attack goes against "
                             "{defender} instead of {ward}.",
    "InterceptResolved_move": "{defender} intercepts {enemy}, who stops and is engaged with "
                              "{defender}.",
    "InterceptResolved_forfeit": "{defender} intercepts {enemy}, who gives up the attack.",
    "InterceptResolved_lost": "{enemy} gets past {defender}'s guard.",
    "Declared": "{name} declares: {action}",
    "do_attack": "attack {target}",
    "do_attack_with": "attack {target} with {weapon}",
    "do_move": "move to {to}",
    "do_run": "run to {to}",
    "do_step": "take a 5-ft step to {to}",
    "do_away": "move away",
    "do_disengage": "disengage",
    "do_disengage_to": "disengage to {to}",
    "do_reckless": "disengage recklessly",
    "do_intercept": "guard {ward}",
    "do_delay": "delay",
    "do_other": "an action",
    "do_full_attack": "make a full attack on {targets}",
    "do_withdraw": "withdraw to {to}",
    "do_action": "use {action}",
    "do_stand_up": "stand up",
    "do_action_on": "use {action} on {targets}",
    "not_now": "not possible now",
    "DeclarationCleared": "{name}'s declaration is cleared.",
    "DeclarationSkipped": "{name}'s declared action ({action}) is skipped: {reason}",
    "DiceSalted": "The players' salt is mixed into the dice: {salt}",
    "DiceCommitted": "Dice commitment ({algorithm}): {commitment}",
    # conditions (R-CND)
    "cond_prone": "prone",
    "cond_prone_f": "prone",
    "cond_stunned": "stunned",
    "cond_stunned_f": "stunned",
    "cond_paralyzed": "paralyzed",
    "cond_paralyzed_f": "paralyzed",
    "cond_flat-footed": "flat-footed",
    "cond_flat-footed_f": "flat-footed",
    "cond_dazzled": "dazzled",
    "cond_dazzled_f": "dazzled",
    "cond_blinded": "blinded",
    "cond_blinded_f": "blinded",
    "cond_cowering": "cowering",
    "cond_cowering_f": "cowering",
    "cond_dazed": "dazed",
    "cond_dazed_f": "dazed",
    "cond_deafened": "deafened",
    "cond_deafened_f": "deafened",
    "cond_entangled": "entangled",
    "cond_entangled_f": "entangled",
    "cond_exhausted": "exhausted",
    "cond_exhausted_f": "exhausted",
    "cond_fatigued": "fatigued",
    "cond_fatigued_f": "fatigued",
    "cond_frightened": "frightened",
    "cond_frightened_f": "frightened",
    "cond_helpless": "helpless",
    "cond_helpless_f": "helpless",
    "cond_nauseated": "nauseated",
    "cond_nauseated_f": "nauseated",
    "cond_panicked": "panicked",
    "cond_panicked_f": "panicked",
    "cond_shaken": "shaken",
    "cond_shaken_f": "shaken",
    "cond_sickened": "sickened",
    "cond_sickened_f": "sickened",
    "cond_until_removed": "until removed",
    "cond_until_removed_many": "until removed",
    "cond_start_next": "until the start of {of}'s next turn",
    "cond_start_n": "until the start of {of}'s turn {n} turns from now",
    "cond_end_current": "until the end of {of}'s current turn",
    "cond_end_next": "until the end of {of}'s next turn",
    "cond_end_n": "until the end of {of}'s turn {n} turns from now",
    "ConditionApplied": "{name} is {cond} ({duration}).",
    "ConditionApplied_many": "{name} are {cond} ({duration}).",
    "ConditionApplied_replaced_many": "{name} stay {cond}, now {duration}.",
    "ConditionApplied_replaced": "{name} stays {cond}, now {duration}.",
    "cond_until_moves": "until it moves",
    "ConditionRemoved_moved": "{name} moves and is no longer {cond}.",
    "ConditionRemoved_removed": "{name} is no longer {cond}.",
    "ConditionRemoved_expired": "{name} is no longer {cond}: the condition has run its course.",
    "ConditionRemoved_of_gone": "{name} is no longer {cond}: its duration ran on {of}'s "
                                "turns, and {of} is out of the fight.",
    "ConfusionRolled": "{name} is {cond}: {roll} — {outcome}",
    "confusion_attack_by": "attacks {target}, who confused them",
    "confusion_attack_nearest": "attacks the nearest creature, {target}",
    "confusion_normal": "acts normally",
    "confusion_nothing": "does nothing this turn",
    "confusion_flee": "flees",
    "TurnSkipped_confused": "{name} babbles incoherently and loses this turn.",
    "SaveRolled_condition":
        "{name}'s {kind} save against {cond}: {roll} against DC {dc} — {outcome}",
    "ConditionRemoved_saved": '{name} is no longer {cond}: the save ends it.',
    "OngoingDamageRolled": '{name} is {cond}: {roll} damage{energy}',
    "ongoing_energy": ' ({energy})',
    "HpChanged_ongoing": '{name} is now {state}.',
    "damage_kind_acid": "acid",
    "damage_kind_cold": "cold",
    "damage_kind_electricity": "electricity",
    "damage_kind_fire": "fire",
    "damage_kind_sonic": "sonic",
    "damage_kind_force": "force",
    "damage_kind_negative": "negative energy",
    "damage_kind_positive": "positive energy",
    "cond_save_ends": 'save ends: {kind} DC {dc}',
    "cond_ongoing": '{expr} damage at each turn start',
    "cond_ongoing_energy": '{expr} {energy} damage at each turn start',
    "cond_custom": '{mods}',
    "custom_attack": 'attack {n}',
    "custom_defense": 'Defense {n}',
    "custom_saves": 'saves {n}',
    "custom_damage_bonus": 'damage {n}',
    "ConditionRemoved_stood": "{name} stands up.",
    "TurnSkipped_paralyzed": "{name} is paralyzed and loses this turn (keeping their place in "
                             "the order).",
    "TurnSkipped_stunned": "{name} is stunned and loses this turn (keeping their place in the "
                           "order).",
    "TurnStarted_group": "It is the turn of {group}: {names}.",
    "TurnStarted_group_deadline": "It is the turn of {group}: {names}, deadline {at}.",
    "auto_first_in_order": "first in the initiative order",
    "defense_notes": "Defense {defense} ({notes})",
    "next_turn": "Next: {name}",
    # journal posts (log, undo) and the text map
    "log_title": "Command {version}: {command} ({time})",
    "cmd_act": "act",
    "cmd_action": "action",
    "cmd_add": "add",
    "cmd_attack": "attack",
    "cmd_condition": "condition",
    "cmd_declare": "declare",
    "cmd_delay": "delay",
    "cmd_dice_commit": "dice commitment",
    "cmd_dice_salt": "players' salt",
    "cmd_disengage": "disengage",
    "cmd_end": "end of combat",
    "cmd_hp": "hit points",
    "cmd_intercept": "guard",
    "cmd_move": "move",
    "cmd_next": "next turn",
    "cmd_remove": "removal",
    "cmd_resolve": "resolve the round",
    "cmd_roll": "roll",
    "cmd_roll_initiative": "initiative",
    "cmd_stand_up": "stand up",
    "undone": "Undone: {command} (version {version}); the file is back at version {back}.",
    "would_undo": "Would undo: {command} (version {version}), back to version {back} "
                  "(dry run: nothing changed).",
    "map_legend": "Legend",
    "map_down": "down",
    "map_dead": "dead",
    "map_no_grid": "No grid: this encounter has no positions.",
    # journal and trust (R-LOG)
    "edited_by_hand": "Edited by hand: {changes}",
    "verify_commitment": "commitment {commitment}",
    "reveal_algorithm": "algorithm {value}",
    "reveal_seed": "seed {value}",
    "reveal_salt": "salt {value}",
    "reveal_commitment": "commitment {value}",
    "verify_uncommitted": "nothing was committed (no dice commitment in the journal): the rolls "
                          "are checked against the seed alone",
    "verify_records": "records checked: {records} (undone commands: {undone}, aborted: "
                      "{aborted})",
    "verify_generated": "generator rolls checked: {count}",
    "verify_supplied": "supplied faces (not checkable): {count}",
    "verify_failure": "FAILED {failure}",
    "verify_ok": "ok",
    "verify_failed": "FAILED",
    "edit_changed": "{what} changed",
    "edit_unknown": "the changes are not in the journal",
    "edit_more": "and {count} more",
    "edit_nothing": "only the layout",
    "dry_run_dice": "Dry run: the generator dice shown are not the real ones, and nothing "
                    "was written.",
    "log_undone": "(undone by record {undo})",
    "log_edit": "Hand edit ({time})",
    "log_restart": "New journal ({time}): the history before it is not in this journal.",
    "log_reuses": "Die numbers rolled again after an undo:",
    "reuse": "Die #{n}: {a_face} in the undone command “{a}”, then {b_face} in “{b}”",
    "hand_edit": "hand edit",
    # standing orders (R-ORD)
    "OrdersFollowed_attack-nearest": "{name} acts by standing orders: attack the nearest "
                                     "enemy.",
    "OrdersFollowed_attack-weakest": "{name} acts by standing orders: attack the weakest "
                                     "enemy.",
    "OrdersFollowed_guard": "{name} acts by standing orders: guard {ward}.",
    "OrdersIdle": "{name} cannot reach {target} this turn and stays put.",
    "OrdersIdle_none": "{name} has no enemy left to attack.",
    "OrdersFollowed_flee": "{name} flees the fight.",
    # R-ORD-4/6: conditional orders and plans
    "RuleFollowed": "{name} acts by standing orders.",
    "RuleFollowed_gm": "{name} acts by standing orders (rule {index}: {rule}).",
    "PlanCut": "{name}'s plan stops at act {step}{act}: no longer legal.",
    "OrdersSet": "{name} has new orders ({n} rules).",
    "OrdersSet_clear": "{name}'s orders are cleared.",
    # R-PAC: pacing the round (absences, reminders, resolving when all have declared)
    "AbsenceSet": "{name} is absent until {at} UTC: acts by standing orders meanwhile.",
    "AbsenceCleared": "{name} is back (no longer absent).",
    "AbsenceCleared_expired": "{name}'s absence is over.",
    "AbsentPassed": "{name} is absent: passes.",
    "TurnStarted_absent": "It is {name}'s turn (absent until {at} UTC: by orders).",
    "Reminded_declared": "Reminder, round {round}: a declaration is still owed for {names} "
                         "{mentions}; {left}.",
    "Reminded_turn": "Reminder: it is {names}'s turn {mentions}; {left}.",
    "Reminded_nobody": "Reminder, round {round}: nobody owes a move; {left}.",
    "left": "{time} left (deadline {at} UTC)",
    "left_overdue": "the deadline ({at} UTC) passed {time} ago",
    "left_none": "no deadline",
    "hours_minutes": "{h} h {m} min",
    "minutes": "{m} min",
    "RoundDue_all-declared": "Resolving the round: all have declared.",
    "RoundDue_deadline": "Resolving the round: the deadline has passed.",
    "orders": "orders: {rules}",
    "odds_not_played": "Not played: {items} — give them orders to include them (R-SIM-4).",
    "odds_not_played_item": "{name}'s {actions}",
    "by_orders": "By orders",
    "until": "until {at} UTC",
    "absent_until": "absent until {at} UTC",
    # odds (R-SIM)
    "odds_title": "Odds",
    "odds_intro": "{runs} simulated fights from {start}, each to its end or at most {max}; "
                  "everyone acts by standing orders (without orders: attack the "
                  "nearest enemy).",
    "odds_intro_one": "1 simulated fight from {start}, to its end or at most {max}; everyone "
                      "acts by standing orders (without orders: attack the nearest enemy).",
    "odds_from_setup": "the start",
    "odds_from_surprise": "the surprise round",
    "odds_from_round": "round {round}",
    "odds_from_turn": "round {round}, {name}'s turn",
    "odds_from_ended": "the end (the combat is over)",
    "odds_wins": "{side} win: {share} (95% interval {low}–{high})",
    "odds_nobody": "Nobody left standing: {share}",
    "odds_undecided": "Undecided after {max}: {share}",
    "odds_rounds": "Rounds: mean {mean}, median {median}, 10th–90th percentile {p10}–{p90}",
    "odds_fates": "At the end of the fight",
    "odds_fate": "{name}: down {down}, dead {dead}, hit points left {hp}",
    "odds_fled": "fled {fled}",
    "odds_hp_share": "{pct} of full",
    "odds_seed": "Seed {seed} (the same seed gives the same report)",
    # click's own usage errors (R-OUT-5), around the message
    "usage_label": "Usage:",
    "usage_hint": "Try '{command}' for help.",
    "usage_error": "Error: {message}",
    # `set` (R-LOG-2)
    "cmd_set": "GM change",
    "edit_hidden": "edited",
    "Declared_replaces": "(replaces: {action})",
    "srd_cr": "CR",  # `srd search`: challenge rating
    # verify --posts (R-LOG-8)
    "verify_posts": "posts with a chain mark checked: {count} (records after the last one: "
                    "{after})",
    "verify_unposted": "Generator dice the journal holds that no post shows:",
    "unposted": "Die #{n}: rolled by `{command}`, never posted",
    "unposted_undone": "Die #{n}: rolled by `{command}` (undone), never posted",
    "ValueSet": "GM change: {changes}.",
    # hp --temp / --nonlethal / --energy (R-HP-6/7/8)
    "CriticalIgnored": "{name} is immune to critical hits: a normal hit.",
    "DamageReduced": "Damage to {name}: {arithmetic}",
    "reduced_dr": "DR {label}",
    "reduced_resist": "{energy} resistance",
    "reduced_immune": "immune to {energy}",
    "energy_acid": "acid",
    "energy_cold": "cold",
    "energy_electricity": "electricity",
    "energy_fire": "fire",
    "energy_sonic": "sonic",
    "energy_force": "force",
    "energy_negative": "negative energy",
    "energy_positive": "positive energy",
    "temp_hp": "+{n} temp",
    "TempHpChanged_gained": "{name} gains temporary hit points: {temp}.",
    "TempHpChanged_kept":
        "{name} keeps the temporary hit points it has (they do not stack): {temp}.",
    "TempHpChanged_absorbed": "{name}'s temporary hit points absorb {amount} damage: {temp} left.",
    "TempHpChanged_gained_hidden": "{name} gains temporary hit points.",
    "TempHpChanged_kept_hidden":
        "{name} keeps the temporary hit points it has (they do not stack).",
    "TempHpChanged_absorbed_hidden": "{name}'s temporary hit points absorb the damage.",
    "nonlethal_total": "{n} nonlethal",
    "nl_staggered": "staggered",
    "nl_unconscious": "unconscious",
    "NonlethalAsLethal":
        "The nonlethal damage to {name} is lethal instead (at 0 hp or below, or past its "
        "maximum hp).",
    "TurnSkipped_unconscious": "{name} is unconscious and loses this turn.",
    "NonlethalChanged_damage": "{name} takes {amount} nonlethal damage: {state}.",
    "NonlethalChanged_healing": "Healing lowers {name}'s nonlethal damage by {amount}: {state}.",
    "NonlethalChanged_damage_hidden": "{name} takes {amount} nonlethal damage{state}.",
    "NonlethalChanged_healing_hidden": "Healing lowers {name}'s nonlethal damage{state}.",
    "EffectRolled_temp_hp": "{action}, temporary hit points for {names}: {roll}",
    "cond_staggered": "staggered",
    "cond_staggered_f": "staggered",
    "cond_unconscious": "unconscious",
    "cond_unconscious_f": "unconscious",
    "cond_cover": "in cover",
    "cond_cover_f": "in cover",
    "cond_concealed": "concealed",
    "cond_concealed_f": "concealed",
    "cond_confused": "confused",
    "cond_confused_f": "confused",
    "cond_invisible": "invisible",
    "cond_invisible_f": "invisible",
    "cond_hidden": "hidden",
    "cond_hidden_f": "hidden",
    # messages: refusals and errors, by key (errors.PbwError)
    "msg_engagement_off":
        "plain d20 (rules.engagement = false): nobody is engaged, there is no disengaging; "
        "leave with `move --withdraw` or `move --step`",
    "msg_cannot_be_written_not_appended":
        "{path}: cannot be written ({reason}); nothing was appended ({rule})",
    "msg_add_give_source":
        "add: give --like OTHER, --from FILE, --srd NAME or --statblock FILE ({rule})",
    "msg_add_one_new_id": "add {flag}: give one new ID",
    "msg_has_nothing_readied": "{name} has no readied action",
    "msg_id_not_an_id": "--id: {id} is not an id (a-z, 0-9, _ and -)",
    "msg_party_no_pc": "party save: no PC of {encounter} is in {roster}",
    "msg_ready_action_cost":
        "a readied action costs a standard, move or free action: {action} does not ({rule})",
    "msg_ready_bad_plan":
        "{value} is not a plan: attack TARGET [--weapon W] [--mod N], action ID "
        "[--target …] or move X,Y ({rule})",
    "msg_ready_bad_trigger":
        "{value} is not a trigger: passes, within:N, enters:X,Y[;X,Y…], moves:ID[,ID…] "
        "or acts:ID[,ID…] ({rule})",
    "msg_ready_clear_alone": "ready WHO --clear takes no plan and no --when ({rule})",
    "msg_ready_move_too_far":
        "a readied move is of up to {name}'s speed ({squares} squares), not {cost}",
    "msg_ready_needs_when": "ready needs --when TRIGGER ({rule})",
    "msg_set_give_who_key_value": "set: give WHO KEY VALUE (or rules.KEY VALUE)",
    "msg_set_id_unchangeable":
        "a combatant's id cannot be changed: other keys and the journal name it",
    "msg_set_name_a_key": "{path}: name one of its keys ({path2}.KEY)",
    "msg_set_no_such_entry": "{path}: there is no such entry",
    "msg_set_not_a_key":
        '"{key}" is not a key (a name like defense, or a dotted path like saves.will or '
        "weapons.spear.attack)",
    "msg_set_not_a_table": "{path} is a value, not a table",
    "msg_set_nothing_to_change": "nothing to change: {where} is already {text}",
    "msg_set_one_value": "set {who}: give one VALUE (set FILE rules.KEY VALUE)",
    "msg_set_rules_single_names": "rules.{key}: [rules] keys are single names (rules.death_at)",
    "msg_side_go_with_srd": "--side, --roll-hp and --lenient go with --srd or --statblock",
    "msg_side_length": "--side: 1 to 100 characters",
    "msg_srd_none":
        '--srd: no SRD creature is called "{name}" (pbwcombat srd search WORD lists them)',
    "msg_srd_search_none": "srd search: no SRD creature's name holds \"{word}\"",
    "msg_srd_several": '--srd: "{name}" names several SRD creatures: {shown}',
    "msg_statblock_cannot_be_read": "{source}: the stat block cannot be read ({reason})",
    "msg_statblock_no_hit_dice": "add --roll-hp: the stat block gives no Hit Dice",
    "msg_party_saved": "{roster}: the state of {names} saved",
    "msg_warning": "warning: {problems}",
    "msg_at_after_last_post": "after the last post",
    "msg_at_post": "post {number} (⛓ {mark}, line {line})",
    "msg_salt_at_commit":
        "R-LOG-9: dice commit --salt is refused: the players choose the salt after seeing the "
        "commitment, and the GM sets it with `dice salt FILE SALT` (a salt known before the "
        "commitment would let a GM try seeds)",
    "msg_salt_before_commit":
        "the players' salt is set only after the commitment: run dice commit first, then the "
        "players choose it",
    "msg_thread_cannot_be_read": "--posts {path}: the thread cannot be read ({reason})",
    "msg_verify_post_aborted":
        "its mark is record {seq}, which the journal has as aborted (a crash happens before the "
        "post, never after it)",
    "msg_verify_post_die_none": "die #{n} is shown as {face}, but the journal holds no such roll",
    "msg_verify_post_die_not_rolled":
        "die #{n} is shown as {face}, but record {seq} ({command}) did not roll it (a die burnt "
        "off the record?)",
    "msg_verify_post_die_other":
        "die #{n} is shown as {face}, but record {seq} ({command}) rolled {rolled}",
    "msg_verify_post_no_record":
        "its mark is no record of the journal (a record rewritten or dropped)",
    "msg_verify_post_unaccounted":
        "the journal holds record {seq} ({command}) before it, which no post shows and which was "
        "not undone (a die rolled off the thread?)",
    "msg_verify_post_undo_mark":
        "it says a command was undone, but its mark is not an undo record of the journal (an "
        "undone command dropped?)",
    "msg_every_target_down": "every target is down ({names})",
    "msg_roll_who_dead": "warning: roll --who: {name} is dead; the roll is logged anyway ({rule})",
    "msg_roll_who_dying":
        "warning: roll --who: {name} is dying; the roll is logged anyway ({rule})",
    "msg_roll_who_stable":
        "warning: roll --who: {name} is unconscious (stable); the roll is logged anyway ({rule})",
    "msg_jobs_no_worker":
        "warning: --jobs {jobs}: no worker process could be started ({reason}); the runs are "
        "played in one",
    "msg_pbwcombat_now_beyond_calendar":
        "PBWCOMBAT_NOW: {fixed} is beyond the calendar in UTC (years 1 to 9999)",
    "msg_sidecar_mode_wider":
        "{path}: its mode {mode} is wider than the encounter's {allowed}; not used (check who "
        "could read it, then run chmod {narrowed} on it)",
    "msg_sidecar_other_owner":
        "{path}: owned by another user (uid {uid}) than the encounter (uid {owner}); not used",
    "msg_energy_energy_damage_negative": "hp +N --energy: energy damage is negative (-N) ({rule})",
    "msg_energy_not_energy_kind": '--energy: "{energy}" is not an energy kind ({kinds}) ({rule})',
    "msg_nonlethal_nonlethal_damage_negative_healing":
        "hp +N --nonlethal: nonlethal damage is negative (-N); healing lowers it ({rule})",
    "msg_temp_gives_temporary_hit_points":
        "hp --temp gives temporary hit points: not with --nonlethal or --energy ({rule})",
    "msg_temp_temporary_hit_points_are":
        "hp -N --temp: temporary hit points are given, never taken; damage takes them first "
        "({rule})",
    "msg_unconscious_nonlethal_damage_above_its":
        "{name} is unconscious (nonlethal damage above its hit points) and cannot act",
    "msg_foreign": "{reason}",  # a library's own words (click, the journal reader): foreign.py
    "msg_action_cost_provokes_go_text":
        "action: --cost and --provokes go with --text (ad hoc actions); a named action has its "
        "own",
    "msg_action_row_has_cost":
        "action {action}: a row of the built-in table has its own cost; --cost goes with "
        "--text alone ({rule})",
    "msg_action_row_is_command":
        "action {action}: this is a command of its own: {command} ({rule})",
    "msg_action_row_provokes_optional":
        "action {action}: --provokes goes only with a row whose provoking is \"maybe\", "
        "\"usually\" or \"varies\" ({rule})",
    "msg_already_prone": "{name} is already prone",
    "msg_circumstance_melee_only":
        "{flag} goes only with a melee attack ({rule})",
    "msg_concealment_value":
        "--concealment takes a percentage from 1 to 100 or total, not {value} ({rule})",
    "msg_hidden_needs_total_concealment":
        "{name} is hidden: attacks against it need --concealment total",
    "msg_charge_needs_melee_weapon":
        "{name} charges with a melee weapon only",
    "msg_cannot_charge_held":
        "{name} cannot charge now",
    "msg_cannot_charge_prone":
        "{name} is prone and cannot charge",
    "msg_charge_after_step":
        "{name} took a 5-ft step this turn and cannot charge",
    "msg_charge_too_short":
        "a charge moves at least 2 squares ({name}: {cost})",
    "msg_charge_too_long":
        "{name} can charge at most {most} squares (the path costs {cost})",
    "msg_charge_blocked":
        "{name}'s charge is blocked: {other} stands on {square}",
    "msg_charge_not_defensively":
        "--charge and --defensively do not go together ({rule})",
    "msg_charge_not_full":
        "--charge is one attack, not --full ({rule})",
    "msg_trip_goes_with_full":
        "--trip goes with --full; a single trip is `action WHO trip --target T` ({rule})",
    "msg_no_attacks_total_defense":
        "{name} is in total defense: no attacks until its next turn",
    "msg_defensively_is_for_spells":
        "--defensively goes with a spell (an action with spell_level) ({rule})",
    "msg_option_goes_with_row":
        "{flag} goes only with action WHO {row} ({rule})",
    "msg_one_target_only":
        "{name} takes one --target ({rule})",
    "msg_aid_needs_against":
        "aid-another needs --against ENEMY ({rule})",
    "msg_not_helpless":
        "{name} is not helpless: a coup de grace needs a helpless, dying, stable or "
        "unconscious target",
    "msg_not_dying":
        "{name} is not dying",
    "msg_not_adjacent":
        "{name} is not adjacent",
    "msg_cannot_target_itself":
        "{name} cannot target itself",
    "msg_no_melee_weapon_reaches":
        "no melee weapon of {name} reaches {target}",
    "msg_coup_de_grace_critical_immune":
        "{name} is immune to critical hits: no coup de grace",
    "msg_aid_an_ally":
        "{name} is not an ally to aid",
    "msg_aid_against_an_enemy":
        "{name} is not a standing enemy",
    "msg_action_give_action_text_not": "action: give an ACTION id or --text, not both",
    "msg_action_give_one_action_text": "action: give one ACTION id, or --text T --cost C ({rule})",
    "msg_action_out_of_range": "{name} is out of {action}'s range ({distance} > {range} squares)",
    "msg_action_text_needs_cost_standard":
        "action --text needs --cost standard|move|full|free ({rule})",
    "msg_action_text_text_empty": "action --text: the text is empty",
    "msg_ad_hoc_action_takes_target": "an ad hoc action takes no --target ({rule})",
    "msg_add_already_used": 'add: the id "{id}" is already used ({rule})',
    "msg_add_encounter_holds_most_combatants": "add: an encounter holds at most {most} combatants",
    "msg_add_given_twice": "add --at: {square} is given twice ({rule})",
    "msg_add_like_give_exactly_one": "add --like: give exactly one new ID",
    "msg_add_name_name_holds_most":
        "add --name: a name holds at most 200 characters (with --count, its ' N' included)",
    "msg_add_newcomer_need_free_square":
        "add --at: {newcomers} {newcomers_n:newcomer needs/newcomers need} {squares} free "
        "{squares_n:square/squares}, one each; {given} given ({rule})",
    "msg_add_newcomers_would_leave_file":
        "add: the newcomers would leave the file invalid: {invalid} ({rule})",
    "msg_add_not_z": "add: {id} is not an id (a-z, 0-9, _ and -)",
    "msg_add_off_board": "add --at: {square} is off the board",
    "msg_add_taken": "add --at: {square} is taken by {other} ({rule})",
    "msg_add_this_encounter_gridless": "add --at: this encounter is gridless ({rule})",
    "msg_add_too_long": 'add: the id "{id}" is too long',
    "msg_already_at": "{name} is already at {square}",
    "msg_already_dead": "{name} is already dead",
    "msg_already_exists_not_overwritten": "{path}: already exists; not overwritten",
    "msg_at_file": "file",
    "msg_at_journal": "journal",
    "msg_at_line": "line {line}",
    "msg_at_record": "record {seq}",
    "msg_at_record_die": "record {seq}, die {n}",
    "msg_at_record_post": "record {seq}, post",
    "msg_attack_full_give_one_more": "attack --full: give one or more targets T1,T2,…",
    "msg_broken_pipe": "broken pipe",
    "msg_can_delay_only_own_turn": "{name} can delay only on its own turn",
    "msg_cannot_act_dead": "{name} is dead and cannot act",
    "msg_cannot_act_disabled": "{name} is disabled and cannot act",
    "msg_cannot_act_dying": "{name} is dying and cannot act",
    "msg_cannot_act_held": "{name} is {state} and cannot act",
    "msg_cannot_act_stable": "{name} is stable and cannot act",
    "msg_cannot_act_state": "{name} cannot act ({state})",
    "msg_cannot_attack_itself": "{name} cannot attack itself",
    "msg_cannot_be_read": "{path}: cannot be read ({reason})",
    "msg_cannot_be_undone": "{command} cannot be undone",
    "msg_cannot_be_written": "{path}: cannot be written ({reason})",
    "msg_cannot_move_squares_now_speed":
        "{name} cannot move {cost} {cost_n:square/squares} now (speed {squares} "
        "{squares_n:square/squares} per move action)",
    "msg_cannot_pass_through": "{name} cannot pass through {other} at {square}",
    "msg_combat_has_ended": "the combat has ended",
    "msg_combat_has_not_started_roll": "combat has not started: roll initiative first",
    "msg_count_name_go_like": "--count and --name go with --like",
    "msg_count_range": "--count: 1 to 1000",
    "msg_dead_bringing_dead_back_needs": "{name} is dead: bringing the dead back needs --force",
    "msg_declare_action_must_one": "declare: the action must be one of {choices}",
    "msg_declare_clear_takes_action": "declare --clear takes no action",
    "msg_dice_edited":
        "[dice] was edited by hand after `dice commit` ({keys}); refused. Put the values back, "
        "or run with --force (verify will report it)",
    "msg_dice_not_die_face": '--dice: "{part}" is not a die face ({rule})',
    "msg_dice_unused": "warning: unused --dice faces: {faces} ({rule})",
    "msg_directory_not_encounter_file": "{path}: is a directory, not an encounter file",
    "msg_does_not_have_condition": "{name} does not have the condition {condition}",
    "msg_encounter_journal_lock_not_overwritten":
        "{out}: is the encounter, its journal or its lock; not overwritten ({rule})",
    "msg_ends_need_rounds_n": "--ends and --of need --rounds N",
    "msg_engaged_melee_shooting_into_melee":
        "{name} is fighting in melee: no shooting into melee",
    "msg_expected": "{verb}: expected {wanted}",
    "msg_find_path_one_destination":
        "--find-path takes one destination and excludes --step, --run, --withdraw, --away ({rule})",
    "msg_ft_step_one_square": "a 5-ft step is one square",
    "msg_full_round_action_takes_whole":
        "a full-round action takes {name}'s whole turn, and the turn is already in use",
    "msg_give_one_more_waypoints_away":
        "give one or more waypoints X,Y (or --away in a gridless encounter)",
    "msg_given_twice": "{verb}: {arg} given twice",
    "msg_guarding_takes_whole_turn_turn":
        "guarding takes {name}'s whole turn, and the turn is already in use",
    "msg_has_already_acted_this_turn": "{name} has already acted this turn",
    "msg_has_already_moved_ft_step": "{name} has already moved: no 5-ft step",
    "msg_has_already_taken_standard_action": "{name} has already taken a standard action",
    "msg_has_ammunition_left": "{weapon} has no ammunition left",
    "msg_has_combatant": '{source} has no combatant "{id}"',
    "msg_has_melee_weapon_cannot_guard": "{name} has no melee weapon and cannot guard",
    "msg_has_move_action_left": "{name} has no move action left",
    "msg_has_no_action": '{name} has no action "{action}"',
    "msg_has_no_weapon": "{name} has no weapon",
    "msg_has_nothing_declared": "{name} has nothing declared",
    "msg_has_only_free_actions_left": "{name} has only free actions left this turn",
    "msg_has_taken_two_move_actions": "{name} has taken two move actions",
    "msg_has_used_whole_turn": "{name} has used the whole turn",
    "msg_has_uses_left": "{name} has no uses left",
    "msg_has_weapon_named": '{name} has no weapon "{weapon}"',
    "msg_history_missing":
        "{path} is at version {version} but has no journal ({name}): its history is missing. Run "
        "the command with --force to start a new journal (verify will report the history as "
        "incomplete)",
    "msg_unknown_time_zone": "--tz: {value} is not a time zone (e.g. Europe/Madrid)",
    "msg_ids_expected": "{value}: expected one or more combatant ids",
    "msg_if_idle": "--if-idle: {reason}",
    "msg_if_version_mismatch": "--if-version {if_version}: the file is at version {version}",
    "msg_initiative_already_rolled_nobody_new":
        "initiative is already rolled and nobody new is waiting (use --reroll to roll again for "
        "everyone)",
    "msg_initiative_has_been_rolled_yet":
        "no initiative has been rolled yet: roll-initiative places everyone, newcomers included",
    "msg_internal_error": "internal error: {error} (run with --debug for the traceback)",
    "msg_interrupted": "interrupted (Ctrl-C)",
    "msg_is_dead": "{name} is dead",
    "msg_key_reused": '--key "{key}" was used for other arguments ({command})',
    "msg_locked_another_run_retry_later": "{path}: locked by another run; retry later",
    "msg_max_length_too_short_least": "--max-length: {value} is too short (at least {least})",
    "msg_name_name_empty": "--name: the name is empty",
    "msg_name_problems": "--name: {problems}",
    "msg_needs_target": "{name} needs --target ID[,ID…] ({rule})",
    "msg_needs_value": "{arg} needs a value",
    "msg_no_path_within":
        "{name} has no legal path to {square} within {squares} squares of movement",
    "msg_no_grid": "this encounter has no grid (no positions)",
    "msg_no_such_encounter_file": "{path}: no such encounter file",
    "msg_nobody_order_can_take_turn": "nobody in the order can take a turn",
    "msg_not_ally": "{ward} is not an ally of {name}",
    "msg_not_aware_surprise_round": "{name} is not aware of {target} in the surprise round",
    "msg_not_condition_name":
        '"{name}" is not a condition name: use a slug such as prone, stunned, paralyzed, '
        "flat-footed or any-other-word",
    "msg_not_delaying": "{name} is not delaying",
    "msg_not_engaged_melee": "{name} is not engaged in melee",
    "msg_not_integer": "{flag}: {value} is not an integer",
    "msg_not_one_of": "{flag}: {value} is not one of {choices}",
    "msg_not_prone": "{name} is not prone",
    "msg_not_signed_integer_dice_expression":
        '"{text}" is not a signed integer or dice expression ({rule})',
    "msg_not_square": "{value} is not a square X,Y (e.g. 3,4 or -1,2)",
    "msg_not_turn": "it is not {name}'s turn (it is {whose}'s)",
    "msg_not_turn_nobody": "it is not {name}'s turn (it is nobody's)",
    "msg_nothing_to_undo": "nothing to undo",
    "msg_nothing_to_undo_no_before":
        "nothing to undo (the journal does not hold the file as it was before)",
    "msg_nothing_to_undo_no_journal": "nothing to undo (no journal)",
    "msg_off_board": "{value} is off the board (coordinates from {low} to {high})",
    "msg_only_move_action_held": "{name} is {state} and has only a move action",
    "msg_confused_must_attack":
        "{name} is confused: this turn it may only attack {target}, move toward them or take "
        "free actions",
    "msg_confused_must_flee": "{name} is confused: this turn it may only move away (it flees)",
    "msg_only_crawl_held":
        "{name} is {state}: it may only crawl one square (a move action) or stand up",
    "msg_cannot_run_held": "{name} is {state} and cannot run",
    "msg_one_action_moved": "{name} has one action this turn and has moved",
    "msg_one_action_no_full_round":
        "{name} has one standard or move action this turn: no full-round action",
    "msg_one_action_no_guard":
        "{name} has one standard or move action this turn: guarding takes the whole turn",
    "msg_one_action_used": "{name} has one action this turn and has used it",
    "msg_out_bounds_file_would_break":
        "out of bounds: the file would break its limits ({problems})",
    "msg_out_of_range": "{name} is out of {weapon}'s range",
    "msg_out_of_reach": "{name} is out of {weapon}'s reach",
    "msg_output_unprinted":
        "the output could not be printed ({reason}); the encounter was not changed",
    "msg_outside_radius_square":
        "{ward} is outside {name}'s radius ({radius} {radius_n:square/squares})",
    "msg_pbwcombat_lock_timeout_not_finite":
        "PBWCOMBAT_LOCK_TIMEOUT: {raw} is not a finite number of seconds ≥ 0",
    "msg_pbwcombat_now_not_iso_time": "PBWCOMBAT_NOW: {fixed} is not an ISO 8601 time",
    "msg_players_salt_already_set_can": "the players' salt is already set; it can be set only once",
    "msg_players_salt_can_set_only":
        "the players' salt can be set only before the first generator roll after the commitment",
    "msg_png_needs_pillow": "--png needs Pillow: pip install 'pbwcombat[map]'",
    "msg_post_unprinted":
        "the post could not be printed ({reason}); what was applied stays applied: `pbwcombat "
        "log ENCOUNTER --last 1` narrates it again",
    "msg_reckless_disengage_off":
        "reckless disengagement is off (rules.reckless_disengage = false)",
    "msg_not_save_kind_dc":
        "--save: \"{value}\" is not KIND:DC like will:15 (fort, ref or will) ({rule})",
    "msg_damage_not_dice_expression": '--damage: "{value}" is not a dice expression ({rule})',
    "msg_energy_needs_damage":
        "--energy needs --damage: it is the ongoing damage's energy ({rule})",
    "msg_custom_mod_out_of_bounds": '{flag}: {value} is not between -100 and 100 ({rule})',
    "msg_remove_takes_rounds_ends": "--remove takes no --rounds, --ends or --of",
    "msg_remove_takes_condition_options":
        "--remove takes no --save, --damage, --energy, --by, --attack, --defense, "
        "--saves or --damage-bonus",
    "msg_result_would_break_file_limits":
        "the result would break the file's limits ({problems}); refused",
    "msg_result_would_break_file_references":
        "the result would break the file's references ({problems}); refused",
    "msg_roster_file_cannot_read": "{source}: the roster file cannot be read ({reason})",
    "msg_rounds_more_than_turns": "--rounds: {rounds} is more than 1000000 turns",
    "msg_rounds_not_number_turns_more": "--rounds: {rounds} is not a number of turns (1 or more)",
    "msg_run_goes_straight_line": "a run goes in a straight line",
    "msg_run_most_squares_needs": "a run is at most {most} squares ({name} needs {cost})",
    "msg_running_takes_whole_turn": "running takes {name}'s whole turn",
    "msg_salt_cannot_empty": "the salt cannot be empty",
    "msg_seed_bytes_hexadecimal_digits": "--seed: 1 to 128 bytes of hexadecimal digits",
    "msg_seed_hexadecimal_digits_expected": "--seed: 64 hexadecimal digits expected",
    "msg_seed_not_hexadecimal_even_number":
        "--seed: {seed} is not hexadecimal (an even number of 0-9a-f digits)",
    "msg_seed_revealed_only_once_combat":
        "the seed is revealed only once the combat has ended (--force to reveal now)",
    "msg_shares_group_turn_cannot_delay":
        "{name} shares its group's turn and cannot delay alone (rules.group_turn = \"shared\")",
    "msg_square_taken": "{square} is taken by {other}",
    "msg_stdout_closed": "stdout is closed",
    "msg_supplied_face_not_face_d": "supplied face {face} is not a face of a d{sides} ({rule})",
    "msg_symbolic_link_not_followed": "{path}: is a symbolic link; not followed",
    "msg_takes_no_target_option": "{name} takes no --target",
    "msg_takes_target": "{name} takes no target ({rule})",
    "msg_temporary_file_could_created": "{path}: no temporary file could be created",
    "msg_terminal_encoding": "the terminal's encoding ({encoding}) cannot show it",
    "msg_there_nobody_roll_initiative": "there is nobody to roll initiative for",
    "msg_this_encounter_gridless_use_move":
        "this encounter is gridless: use `move WHO --away` ({rule})",
    "msg_this_encounter_has_dice_seed": "this encounter has no dice seed yet",
    "msg_too_many_squares": "--at: too many squares",
    "msg_took_ft_step_other_movement": "{name} took a 5-ft step: no other movement",
    "msg_unknown_combatant": 'unknown combatant "{id}"',
    "msg_unknown_command": "unknown command {verb}",
    "msg_unknown_option": "{verb}: unknown option {arg}",
    "msg_verification_failed_at": "verification failed at {where}: {what}",
    "msg_verify_after_text_hash": "its after-text does not match its hash",
    "msg_verify_before_text_hash": "its before-text does not match its hash",
    "msg_verify_bytes_changed":
        "its bytes are not the state recorded last (record {seq}): changed since, by hand or by "
        "an older copy",
    "msg_verify_chain":
        "its before-hash is not the after-hash of record {previous} (a record is missing or was "
        "changed)",
    "msg_verify_dice_edited": "[dice] edited by hand after the commitment ({keys})",
    "msg_verify_die_mismatch": "#{n}, d{sides}: logged {logged}, recomputed {recomputed}",
    "msg_verify_history_missing":
        "missing: the file has changed but its history is not there (incomplete)",
    "msg_verify_late_salt": "the salt came after generator rolls following the commitment ({rule})",
    "msg_verify_malformed_die": "malformed die {die}",
    "msg_verify_not_json": "not a JSON record",
    "msg_verify_restarted":
        "the journal was restarted here: the history before it is missing (incomplete)",
    "msg_verify_roll_order": "roll #{n} where #{due} was due (a roll kept out of the journal?)",
    "msg_verify_rolls_not_list": "its rolls are not a list",
    "msg_verify_salt_claimed": "it claims a salt no salt record set",
    "msg_verify_salt_unused": "its rolls do not use the players' salt set by record {seq}",
    "msg_verify_second_salt": "a second salt ({rule}: once only)",
    "msg_verify_seed_hash": "the seed does not hash to the commitment {commitment}",
    "msg_verify_seq": "seq {seq} after seq {previous} (sequence numbers are never reused)",
    "msg_verify_starts_at":
        "the journal starts at version {version}: the history before it is missing (incomplete)",
    "msg_weapon_reaches": "no weapon of {name} reaches {target}",
    "msg_withdraw_excludes_step_run": "--withdraw excludes --step and --run",
    "msg_withdraw_excludes_step_run_away": "--withdraw excludes --step, --run and --away",
    "msg_withdraw_most_squares_needs": "a withdraw is at most {most} squares ({name} needs {cost})",
    "msg_would_drop_below_hit_points":
        "{name} would drop below -{bound} hit points, more than the file can hold",
    "msg_write_protected_not_written": "{path}: write-protected; not written",
    "msg_absent_until_form":
        "--until {value}: expected an ISO date-time (2026-12-03T20:00, UTC unless it names an "
        "offset) or a duration like 3d or 12h ({rule})",
    "msg_absent_until_past": "--until {value}: that time has already passed ({rule})",
    "msg_absent_until_or_clear": "absent: give --until WHEN or --clear ({rule})",
    "msg_is_not_absent": "{name} is not absent",
    "msg_if_due": "--if-due: {reason}",
    "msg_order_rule_bad":
        '"{order}" is not an order rule ({rule}): {reason}'
        "\n  {order}\n  {pointer}^",
    "msg_order_second_arrow": "a rule has one ->",
    "msg_order_no_do": "nothing to do after ->",
    "msg_order_no_when": "no condition before ->",
    "msg_order_empty_clause": "an empty condition around \"and\"",
    "msg_order_number_expected": "expected a whole number here",
    "msg_order_unknown_clause": '"{word}" is not a condition (one of {choices})',
    "msg_order_argument_expected": '"{word}" needs a value',
    "msg_order_too_many_words": 'too many words for "{word}"',
    "msg_order_slug_expected": "expected a condition name such as prone",
    "msg_order_id_expected": "expected a combatant id",
    "msg_order_operator_expected": "expected one of {choices}",
    "msg_order_percent_range": "a percentage is 0 to 100",
    "msg_order_empty_act": 'nothing to do around "then"',
    "msg_order_keyword_alone": '"{word}" is an order of its own: nothing may follow it',
    "msg_order_unknown_do": '"{word}" is not something to do (one of {choices})',
    "msg_order_bad_act": "{why}",
    "msg_orders_rules_or_clear": "orders: give one or more rules, or --clear ({rule})",
    "msg_approach_needs_move":
        "{name} needs a move action and a standard action left to approach",
    "msg_approach_no_square":
        "no square within one move lets {name} strike {target} with {weapon}",
    "plan_then": ", then ",
    "plan_else": "; if not, ",
    "msg_declare_empty_act": "declare: nothing to do around {word} ({rule})",
    "msg_nobody_to_name": "{name}'s order names nobody it can act on now",
}
