"""The two complete catalogues (R-OUT-5). Only this file holds Spanish.

Templates use `str.format` fields that the narrator fills with already-escaped text.
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
    "deadline": "deadline {at} UTC",
    "order": "Order",
    "engaged_with": "engaged with {names}",
    "missile_with": "missile-engaged with {names}",
    "guarding": "guarding {name}",
    "flat_footed": "flat-footed",
    "delaying": "delaying",
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
    "supplied_note": "Faces marked “supplied” were given by the GM, not rolled by the "
                     "generator.",
    "numbers_note": "Roll numbers (#n) count the generator's dice in order: with the seed, "
                    "revealed after the combat, anyone can recompute every roll.",
    # modifier notes
    # dice expressions (R-DIC-1): errors on stderr; the English texts live with the parser
    **DICE_ERRORS_EN,
    "mod_initiative_mod": "initiative",
    "mod_gm": "GM modifier",
    "mod_streak": "streak",
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
    "TurnStarted_deadline": "It is {name}'s turn (deadline {at} UTC).",
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
    "HpChanged_damage": "{name} is now {state}.",
    "HpChanged_gm": "{name} takes {amount} damage: {state}.",
    "HpChanged_healing": "{name} heals {amount}: {state}.",
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
    "confirmed": "confirmed!",
    "not_confirmed": "not confirmed",
    "DamageRolled": "Damage to {target}: {roll}{crit} → {amount}",
    "DamageRolled_total": "Damage to {target}: {roll}{crit}",
    "crit_times": " (critical ×{mult})",
    # R-HP-6/7/8: temporary hp, nonlethal damage, damage reduction and energy
    "CriticalIgnored": "{name} is immune to critical hits: a normal hit.",
    "DamageReduced": "Damage to {name}: {arithmetic}",
    "reduced_dr": "DR {label}",
    "reduced_resist": "{energy} resistance",
    "reduced_immune": "immune to {energy}",
    "energy_acid": "acid", "energy_cold": "cold", "energy_electricity": "electricity",
    "energy_fire": "fire", "energy_sonic": "sonic", "energy_force": "force",
    "energy_negative": "negative energy", "energy_positive": "positive energy",
    "temp_hp": "+{n} temp",
    "TempHpChanged_gained": "{name} gains temporary hit points: {temp}.",
    "TempHpChanged_kept": "{name} keeps the temporary hit points it has (they do not stack): "
                          "{temp}.",
    "TempHpChanged_absorbed": "{name}'s temporary hit points absorb {amount} damage: {temp} "
                              "left.",
    "TempHpChanged_gained_hidden": "{name} gains temporary hit points.",
    "TempHpChanged_kept_hidden": "{name} keeps the temporary hit points it has (they do not "
                                 "stack).",
    "TempHpChanged_absorbed_hidden": "{name}'s temporary hit points absorb the damage.",
    "nonlethal_total": "{n} nonlethal",
    "nl_staggered": "staggered",
    "nl_unconscious": "unconscious",
    "NonlethalAsLethal": "The nonlethal damage to {name} is lethal instead (at 0 hp or below, "
                         "or past its maximum hp).",
    "TurnSkipped_unconscious": "{name} is unconscious and loses this turn.",
    "NonlethalChanged_damage": "{name} takes {amount} nonlethal damage: {state}.",
    "NonlethalChanged_healing": "Healing lowers {name}'s nonlethal damage by {amount}: {state}.",
    "NonlethalChanged_damage_hidden": "{name} takes {amount} nonlethal damage{state}.",
    "NonlethalChanged_healing_hidden": "Healing lowers {name}'s nonlethal damage{state}.",
    "AmmoSpent": "{weapon}: {left} ammunition left.",
    "AmmoSpent_one": "{weapon}: 1 ammunition left.",
    "AttackRefused": "{name} does not go on: {reason}.",
    "refused_fell": "they have fallen",
    "refused_forfeit": "the attack is forfeited to the interception",
    # movement, engagement
    "AooDeclined": "{name} lets {mover} go: no attack of opportunity.",
    "InterceptDeclined": "{defender} lets {enemy} pass.",
    "cost_standard": "standard action",
    "cost_move": "move action",
    "cost_full": "full-round action",
    "cost_free": "free action",
    "ActionTaken": "{name} uses {action} ({cost}).",
    "ActionTaken_targets": "{name} uses {action} on {targets} ({cost}).",
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
    "EffectRolled_temp_hp": "{action}, temporary hit points for {names}: {roll}",
    "SaveReduced_half": "{name} saved: half damage, {amount}.",
    "SaveReduced_negates": "{name} saved: no effect.",
    "srd_cr": "CR",  # `srd search`: challenge rating
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
    "GuardStarted": "{defender} guards {ward} until their next turn.",
    "GuardEnded": "{defender} stops guarding.",
    "PriorityRolled": "{name}'s Action Priority Total: {roll}",
    "InterceptResolved_won": "{defender} intercepts {enemy}: the attack goes against "
                             "{defender} instead of {ward}.",
    "InterceptResolved_move": "{defender} intercepts {enemy}, who stops and is engaged with "
                              "{defender}.",
    "InterceptResolved_forfeit": "{defender} intercepts {enemy}, who gives up the attack.",
    "InterceptResolved_lost": "{enemy} gets past {defender}'s guard.",
    "Declared": "{name} declares: {action}",
    "Declared_replaces": "(replaces: {action})",
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
    "cond_staggered": "staggered",
    "cond_staggered_f": "staggered",
    "cond_unconscious": "unconscious",
    "cond_unconscious_f": "unconscious",
    "cond_until_removed": "until removed",
    "cond_start_next": "until the start of {of}'s next turn",
    "cond_start_n": "until the start of {of}'s turn {n} turns from now",
    "cond_end_current": "until the end of {of}'s current turn",
    "cond_end_next": "until the end of {of}'s next turn",
    "cond_end_n": "until the end of {of}'s turn {n} turns from now",
    "ConditionApplied": "{name} is {cond} ({duration}).",
    "ConditionApplied_replaced": "{name} stays {cond}, now {duration}.",
    "ConditionRemoved_removed": "{name} is no longer {cond}.",
    "ConditionRemoved_expired": "{name} is no longer {cond}: the condition has run its course.",
    "ConditionRemoved_of_gone": "{name} is no longer {cond}: its duration ran on {of}'s "
                                "turns, and {of} is out of the fight.",
    "ConditionRemoved_stood": "{name} stands up.",
    "TurnSkipped_paralyzed": "{name} is paralyzed and loses this turn (keeping their place in "
                             "the order).",
    "TurnSkipped_stunned": "{name} is stunned and loses this turn (keeping their place in the "
                           "order).",
    "TurnStarted_group": "It is the turn of {group}: {names}.",
    "TurnStarted_group_deadline": "It is the turn of {group}: {names} (deadline {at} UTC).",
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
    "cmd_set": "GM change",
    "cmd_resolve": "resolve the round",
    "cmd_roll": "roll",
    "cmd_roll_initiative": "initiative",
    "cmd_stand_up": "stand up",
    "undone": "Undone: {command} (version {version}); the file is back at version {back}.",
    "would_undo": "Would undo: {command} (version {version}), back to version {back} "
                  "(dry run: nothing changed).",
    "map_legend": "Legend",
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
    "verify_posts": "posts with a chain mark checked: {count} (records after the last one: "
                    "{after})",
    "verify_unposted": "Generator dice the journal holds that no post shows:",
    "unposted": "#{n}: rolled by `{command}`, never posted",
    "unposted_undone": "#{n}: rolled by `{command}` (undone), never posted",
    "verify_failure": "FAILED {failure}",
    "verify_ok": "ok",
    "verify_failed": "FAILED",
    "edit_changed": "{what} changed",
    "edit_hidden": "edited",
    "ValueSet": "GM change: {changes}.",
    "edit_unknown": "the changes are not in the journal",
    "edit_more": "and {count} more",
    "edit_nothing": "only the layout",
    "dry_run_dice": "Dry run: the generator dice shown are not the real ones, and nothing "
                    "was written.",
    "log_undone": "(undone by record {undo})",
    "log_edit": "Hand edit ({time})",
    "log_restart": "New journal ({time}): the history before it is not in this journal.",
    "log_reuses": "Die numbers rolled again after an undo:",
    "reuse": "#{n}: {a_face} in the undone {a}, then {b_face} in {b}",
    "hand_edit": "hand edit",
    # standing orders (R-ORD)
    "OrdersFollowed_attack-nearest": "{name} acts by standing orders: attack the nearest "
                                     "enemy.",
    "OrdersFollowed_attack-weakest": "{name} acts by standing orders: attack the weakest "
                                     "enemy.",
    "OrdersFollowed_guard": "{name} acts by standing orders: guard {ward}.",
    "OrdersFollowed_flee": "{name} flees the fight.",
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
}

ES: dict[str, str] = {
    "header": "{name}",
    "round": "Asalto {round}",
    "surprise_round": "Asalto de sorpresa",
    "setup": "Antes del combate",
    "ended": "Combate terminado",
    "turn_of": "Turno: {name}",
    "deadline": "plazo {at} UTC",
    "order": "Orden",
    "engaged_with": "entablad{g:o/a} con {names}",
    "missile_with": "entablad{g:o/a} a distancia con {names}",
    "guarding": "defiende a {name}",
    "flat_footed": "desprevenid{g:o/a}",
    "delaying": "retrasando",
    "declared": "Han declarado",
    "not_declared": "Sin declarar",
    "no_initiative": "sin iniciativa",
    "hp_numbers": "{hp}/{max} PG",
    "defense": "Defensa {defense}",
    "at": "en {pos}",
    "removed": "ha dejado el combate",
    "unhurt": "iles{g:o/a}",
    "wounded": "herid{g:o/a}",
    "badly_wounded": "malherid{g:o/a}",
    "down": "caíd{g:o/a}",
    "dead": "muert{g:o/a}",
    "status_disabled": "incapacitad{g:o/a}",
    "status_dying": "moribund{g:o/a}",
    "status_stable": "estable",
    "status_dead": "muert{g:o/a}",
    "supplied": "externo",
    "supplied_note": "Las caras marcadas «externo» las ha dado el director; no son del "
                     "generador.",
    "numbers_note": "Los números de tirada (#n) cuentan en orden los dados del generador: con "
                    "la semilla, que se revela tras el combate, cualquiera puede recalcular "
                    "cada tirada.",
    # expresiones de dados (R-DIC-1): errores en stderr
    "dice_not_expression": "\"{expr}\" no es una expresión de dados",
    "dice_at": "carácter {pos}: \"{found}\"",
    "dice_at_end": "al final",
    "dice_accepted": "Se admite: dados NdM (2d6; d20 = 1d20; d% = 1d100; también D), números "
                     "enteros, + y - (+-2 = -2), conservar o descartar khK klK dhK dlK "
                     "(2d20kh1, 4d6kh3; kh = kh1), paréntesis, * o × y / por un entero (/ "
                     "redondea hacia abajo); espacios en cualquier sitio; como mucho {count} "
                     "dados de {sides} caras por término, {terms} términos, {nesting} "
                     "paréntesis anidados.",
    "dice_double_sign": "dos signos iguales seguidos",
    "dice_unopened": "un \")\" sin su \"(\"",
    "dice_operator_expected": "aquí se esperaba +, -, *, × o /",
    "dice_operand_expected": "aquí se esperaba un número, un dado (NdM) o \"(\"",
    "dice_divide_by_dice": "el divisor debe ser un número entero sin dados",
    "dice_divide_by_zero": "división por cero",
    "dice_multiply_dice": "un lado de la multiplicación debe ser un número entero sin dados",
    "dice_nesting": "más de {nesting} paréntesis anidados",
    "dice_unclosed": "un \"(\" que nunca se cierra",
    "dice_close_expected": "aquí se esperaba \")\"",
    "dice_count": "de 1 a {count} dados por término",
    "dice_sides_expected": "se esperaba el número de caras (o %) tras \"d\"",
    "dice_sides": "los dados tienen de 1 a {sides} caras",
    "dice_keep_count": "un término de {count} dados conserva de 1 a {count}",
    "dice_drop_count": "un término de {count} dados debe conservar al menos uno tras descartar",
    "dice_integer": "los números enteros llegan hasta {max}",
    "dice_terms": "más de {terms} términos",
    "mod_initiative_mod": "iniciativa",
    "mod_gm": "modificador del director",
    "mod_streak": "racha",
    "mod_into_melee": "contra cuerpo a cuerpo",
    "mod_defense": "Defensa − 10",
    "mod_attack": "ataque",
    "InitiativeRolled": "Iniciativa, {names}: {roll}",
    "InitiativeJoined": "{name} se une a la iniciativa del grupo {group} ({total})",
    "RollOffRolled": "Desempate, {names}: {roll}",
    "OrderSet": "Orden de iniciativa: {order}",
    "OrderSet_reroll": "Nuevo orden de iniciativa: {order}",
    "CombatStarted": "¡Comienza el combate! Todos están desprevenidos hasta su primer turno.",
    "CombatStarted_surprise": "¡Asalto de sorpresa! Actúan: {aware} (una acción estándar "
                              "o de movimiento cada uno). Todos están desprevenidos hasta su "
                              "primer turno normal.",
    "RoundStarted": "— Asalto {round} —",
    "RoundStarted_surprise": "— Asalto de sorpresa —",
    "TurnStarted": "Es el turno de {name}.",
    "TurnStarted_deadline": "Es el turno de {name} (plazo {at} UTC).",
    "TurnSkipped_dying": "{name} está moribund{g:o/a} y no puede actuar.",
    "TurnSkipped_down": "{name} está caíd{g:o/a} y no puede actuar.",
    "TurnSkipped_stable": "{name} está inconsciente (estable) y no puede actuar.",
    "TurnSkipped_unaware": "{name} ha sido sorprendid{g:o/a} y no actúa este asalto.",
    "TurnSkipped_newcomer": "{name} llega después de su puesto en este asalto y actuará desde "
                            "el siguiente.",
    "MadeFlatFooted": "{g:Desprevenido/Desprevenida/Desprevenidos/Desprevenidas} hasta su "
                      "primer turno: {names}.",
    "StreakReset": "{name} pierde su racha de desentablar.",
    "StreakReset_idle": "{name} deja pasar un turno sin intentar desentablar: se pierde la racha.",
    "Delayed": "{name} retrasa su acción.",
    "DelayEnded": "{name} deja de retrasar y actúa ahora.",
    "CombatEnded": "El combate termina tras {rounds}. Vencedores: {winner}.",
    "CombatEnded_none": "El combate termina tras {rounds}. No queda nadie en pie.",
    "CombatEnded_hand": "El director da por terminado el combate tras {rounds}.",
    "rounds_one": "1 asalto",
    "rounds_other": "{n} asaltos",
    "squares_one": "1 casilla",
    "squares_other": "{n} casillas",
    "and": " y ",
    "fallen": "{g:Caído/Caída/Caídos/Caídas}: {names}.",
    "HpChanged_damage": "{name} queda {state}.",
    "HpChanged_gm": "{name} recibe {amount} de daño: {state}.",
    "HpChanged_healing": "{name} se cura {amount}: {state}.",
    "HpChanged_healing_hidden": "{name} se cura: {state}.",
    "HpChanged_bleed": "{name} pierde 1 PG: {state}.",
    "HpChanged_strain": "{name} se esfuerza con una acción estándar y pierde 1 PG: {state}.",
    "GmHpRolled": "{expr} para {names}: {roll}",
    "BleedRolled": "{name} se desangra: {roll} (1–10 se estabiliza) — {outcome}.",
    "bleed_stable": "estable",
    "bleed_loses": "pierde 1 PG",
    "FreeRolled": "{name} tira {expr}{reason}: {roll}",
    "FreeRolled_anon": "Tirada {expr}{reason}: {roll}",
    "Removed": "{name} abandona el combate.",
    "AttackRolled": "{attacker} ataca a {target} con {weapon}: {roll} contra {defense} — "
                    "{outcome}",
    "AttackRolled_aoo": "¡Ataque de oportunidad! {attacker} ataca a {target} con {weapon}: "
                        "{roll} contra {defense} — {outcome}",
    "AttackRolled_free": "Ataque gratuito: {attacker} ataca a {target} con {weapon}: {roll} "
                         "contra {defense} — {outcome}",
    "defense_ff": "Defensa {defense} (desprevenid{g:o/a})",
    "hit": "impacto",
    "miss": "fallo",
    "miss_natural": "1 natural, fallo",
    "threat": "impacto, ¡amenaza de crítico!",
    "threat_natural": "20 natural, ¡amenaza de crítico!",
    "hit_natural": "20 natural, impacto",
    "CriticalConfirmRolled": "Confirmación del crítico: {roll} contra Defensa {defense} — "
                             "{outcome}",
    "confirmed": "¡confirmado!",
    "not_confirmed": "no confirmado",
    "DamageRolled": "Daño a {target}: {roll}{crit} → {amount}",
    "DamageRolled_total": "Daño a {target}: {roll}{crit}",
    "crit_times": " (crítico ×{mult})",
    # R-HP-6/7/8: PG temporales, daño no letal, reducción de daño y energía
    "CriticalIgnored": "{name} es inmune a los críticos: un impacto normal.",
    "DamageReduced": "Daño a {name}: {arithmetic}",
    "reduced_dr": "RD {label}",
    "reduced_resist": "resistencia {energy}",
    "reduced_immune": "inmune {energy}",
    "energy_acid": "al ácido", "energy_cold": "al frío", "energy_electricity":
        "a la electricidad", "energy_fire": "al fuego", "energy_sonic": "al sonido",
    "energy_force": "a la fuerza", "energy_negative": "a la energía negativa",
    "energy_positive": "a la energía positiva",
    "temp_hp": "+{n} PG temporales",
    "TempHpChanged_gained": "{name} obtiene puntos de golpe temporales: {temp}.",
    "TempHpChanged_kept": "{name} conserva los PG temporales que tenía (no se acumulan): "
                          "{temp}.",
    "TempHpChanged_absorbed": "Los PG temporales de {name} absorben {amount} de daño: le "
                              "quedan {temp}.",
    "TempHpChanged_gained_hidden": "{name} obtiene puntos de golpe temporales.",
    "TempHpChanged_kept_hidden": "{name} conserva los PG temporales que tenía (no se "
                                 "acumulan).",
    "TempHpChanged_absorbed_hidden": "Los PG temporales de {name} absorben el daño.",
    "nonlethal_total": "{n} de daño no letal",
    "nl_staggered": "grogui",
    "nl_unconscious": "inconsciente",
    "NonlethalAsLethal": "El daño no letal a {name} es letal (con 0 PG o menos, o por encima de "
                         "sus PG máximos).",
    "TurnSkipped_unconscious": "{name} está inconsciente y pierde este turno.",
    "NonlethalChanged_damage": "{name} recibe {amount} de daño no letal: {state}.",
    "NonlethalChanged_healing": "La curación reduce en {amount} el daño no letal de {name}: "
                                "{state}.",
    "NonlethalChanged_damage_hidden": "{name} recibe {amount} de daño no letal{state}.",
    "NonlethalChanged_healing_hidden": "La curación reduce el daño no letal de {name}{state}.",
    "AmmoSpent": "{weapon}: quedan {left} proyectiles.",
    "AmmoSpent_one": "{weapon}: queda 1 proyectil.",
    "AttackRefused": "{name} no sigue adelante: {reason}.",
    "refused_fell": "ha caído",
    "refused_forfeit": "pierde el ataque por la intercepción",
    "AooDeclined": "{name} deja pasar a {mover}: no hace ataque de oportunidad.",
    "InterceptDeclined": "{defender} deja pasar a {enemy}.",
    "cost_standard": "acción estándar",
    "cost_move": "acción de movimiento",
    "cost_full": "acción de asalto completo",
    "cost_free": "acción gratuita",
    "ActionTaken": "{name} usa {action} ({cost}).",
    "ActionTaken_targets": "{name} usa {action} sobre {targets} ({cost}).",
    "ActionTaken_text": "{name}: {text} ({cost}).",
    "CheckRolled": "{action}, prueba: {roll}",
    "CheckRolled_dc": "{action}, prueba: {roll} contra CD {dc} — {outcome}",
    "check_ok": "éxito",
    "check_failed": "fallo: no ocurre nada",
    "SaveRolled": "Salvación de {kind} de {name}: {roll} contra CD {dc} — {outcome}",
    "save_ok": "superada",
    "save_failed": "fallada",
    "save_fort": "Fortaleza",
    "save_ref": "Reflejos",
    "save_will": "Voluntad",
    "mod_fort": "Fortaleza",
    "mod_ref": "Reflejos",
    "mod_will": "Voluntad",
    "EffectRolled_damage": "{action}, daño a {names}: {roll}",
    "EffectRolled_heal": "{action}, curación para {names}: {roll}",
    "EffectRolled_temp_hp": "{action}, PG temporales para {names}: {roll}",
    "SaveReduced_half": "{name} ha salvado: mitad de daño, {amount}.",
    "SaveReduced_negates": "{name} ha salvado: sin efecto.",
    "srd_cr": "VD",  # valor de desafío
    "Added": "{name} se une al combate.",
    "Added_at": "{name} se une al combate en {at}.",
    "refused_no_ammo": "no le queda munición",
    "refused_into_melee": "el objetivo está entablado cuerpo a cuerpo (no se dispara al "
                          "cuerpo a cuerpo)",
    "Moved": "{name} se mueve {path} ({squares}).",
    "Moved_run": "{name} corre {path} ({squares}).",
    "Moved_step": "{name} da un paso de 5 pies a {path}.",
    "MovedAway": "{name} se aleja.",
    "MoveStopped": "{name} se detiene en {at}: {reason}.",
    "stop_fell": "ha caído",
    "stop_disengage": "no ha logrado desentablar",
    "stop_intercepted": "interceptad{g:o/a}",
    "Engaged": "{a} y {b} quedan entablad{g:os/as} cuerpo a cuerpo.",
    "Engaged_missile": "{a} y {b} quedan entablad{g:os/as} a distancia.",
    "Disengaged": "{a} y {b} ya no están entablad{g:os/as}.",
    "Disengaged_missile": "{a} sale del entablamiento a distancia de {b}.",
    "DefenseTotalRolled": "Total de Defensa de {name}: {roll}",
    "AttackTotalRolled": "Total de Ataque de {name}: {roll}",
    "DisengageResolved_ok": "{name} desentabla.",
    "DisengageResolved_fail": "{name} no logra desentablar y sigue entablad{g:o/a}; el "
                              "intento es su acción de este turno.",
    "DisengageResolved_reckless": "{name} desentabla temerariamente.",
    "DisengageResolved_auto": "{name} desentabla sin tirada ({reason}).",
    "auto_opponents_down": "todos sus oponentes entablados han caído o no pueden luchar",
    "auto_not_attacked": "ningún oponente entablado le ha atacado desde su turno anterior",
    "auto_no_ammo": "el tirador no tiene munición",
    "auto_out_of_range": "el movimiento acaba fuera del alcance del tirador",
    "GuardStarted": "{defender} defiende a {ward} hasta su próximo turno.",
    "GuardEnded": "{defender} deja de defender.",
    "PriorityRolled": "Total de Acción Prioritaria de {name}: {roll}",
    "InterceptResolved_won": "{defender} intercepta a {enemy}: el ataque va contra "
                             "{defender} en lugar de {ward}.",
    "InterceptResolved_move": "{defender} intercepta a {enemy}, que se detiene entablad{g:o/a} "
                              "con {defender}.",
    "InterceptResolved_forfeit": "{defender} intercepta a {enemy}, que renuncia al ataque.",
    "InterceptResolved_lost": "{enemy} supera la defensa de {defender}.",
    "Declared": "{name} declara: {action}",
    "Declared_replaces": "(sustituye a: {action})",
    "do_attack": "atacar a {target}",
    "do_attack_with": "atacar a {target} con {weapon}",
    "do_move": "moverse a {to}",
    "do_run": "correr a {to}",
    "do_step": "dar un paso de 5 pies a {to}",
    "do_away": "alejarse",
    "do_disengage": "desentablar",
    "do_disengage_to": "desentablar hacia {to}",
    "do_reckless": "desentablar temerariamente",
    "do_intercept": "defender a {ward}",
    "do_delay": "retrasar su acción",
    "do_other": "una acción",
    "do_full_attack": "hacer un ataque completo contra {targets}",
    "do_withdraw": "retirarse a {to}",
    "do_action": "usar {action}",
    "do_stand_up": "ponerse en pie",
    "do_action_on": "usar {action} sobre {targets}",
    "not_now": "no es posible ahora",
    "DeclarationCleared": "Se borra la declaración de {name}.",
    "DeclarationSkipped": "La acción declarada de {name} ({action}) no se realiza: {reason}",
    "DiceSalted": "Se mezcla la sal de los jugadores en los dados: {salt}",
    "DiceCommitted": "Compromiso de los dados ({algorithm}): {commitment}",
    "cond_prone": "derribado",
    "cond_prone_f": "derribada",
    "cond_stunned": "aturdido",
    "cond_stunned_f": "aturdida",
    "cond_paralyzed": "paralizado",
    "cond_paralyzed_f": "paralizada",
    "cond_flat-footed": "desprevenido",
    "cond_flat-footed_f": "desprevenida",
    "cond_dazzled": "deslumbrado",
    "cond_dazzled_f": "deslumbrada",
    "cond_staggered": "grogui",
    "cond_staggered_f": "grogui",
    "cond_unconscious": "inconsciente",
    "cond_unconscious_f": "inconsciente",
    "cond_until_removed": "hasta que se le quite",
    "cond_start_next": "hasta el inicio del próximo turno de {of}",
    "cond_start_n": "hasta el inicio del turno de {of} dentro de {n} turnos",
    "cond_end_current": "hasta el final del turno actual de {of}",
    "cond_end_next": "hasta el final del próximo turno de {of}",
    "cond_end_n": "hasta el final del turno de {of} dentro de {n} turnos",
    "ConditionApplied": "{name} queda {cond} ({duration}).",
    "ConditionApplied_replaced": "{name} sigue {cond}, ahora {duration}.",
    "ConditionRemoved_removed": "{name} ya no está {cond}.",
    "ConditionRemoved_expired": "{name} ya no está {cond}: la condición ha terminado.",
    "ConditionRemoved_of_gone": "{name} ya no está {cond}: su duración corría con los turnos "
                                "de {of}, que está fuera del combate.",
    "ConditionRemoved_stood": "{name} se pone en pie.",
    "TurnSkipped_paralyzed": "{name} está paralizad{g:o/a} y pierde este turno (conserva su puesto "
                             "en el orden).",
    "TurnSkipped_stunned": "{name} está aturdid{g:o/a} y pierde este turno (conserva su puesto en "
                           "el orden).",
    "TurnStarted_group": "Es el turno de {group}: {names}.",
    "TurnStarted_group_deadline": "Es el turno de {group}: {names} (plazo {at} UTC).",
    "auto_first_in_order": "es el primero en el orden de iniciativa",
    "defense_notes": "Defensa {defense} ({notes})",
    "next_turn": "Siguiente: {name}",
    # journal posts (log, undo) and the text map
    "log_title": "Orden {version}: {command} ({time})",
    "cmd_act": "actuar",
    "cmd_action": "acción",
    "cmd_add": "incorporación",
    "cmd_attack": "ataque",
    "cmd_condition": "condición",
    "cmd_declare": "declaración",
    "cmd_delay": "retraso",
    "cmd_dice_commit": "compromiso de dados",
    "cmd_dice_salt": "sal de los jugadores",
    "cmd_disengage": "desentablar",
    "cmd_end": "fin del combate",
    "cmd_hp": "puntos de golpe",
    "cmd_intercept": "defensa",
    "cmd_move": "movimiento",
    "cmd_next": "siguiente turno",
    "cmd_remove": "retirada",
    "cmd_set": "cambio del DJ",
    "cmd_resolve": "resolución del asalto",
    "cmd_roll": "tirada",
    "cmd_roll_initiative": "iniciativa",
    "cmd_stand_up": "levantarse",
    "undone": "Deshecho: {command} (versión {version}); el archivo vuelve a la versión {back}.",
    "would_undo": "Se desharía: {command} (versión {version}), de vuelta a la versión {back} "
                  "(simulación: nada cambia).",
    "map_legend": "Leyenda",
    "map_dead": "muerto",
    "map_no_grid": "Sin cuadrícula: este encuentro no tiene posiciones.",
    # journal and trust (R-LOG)
    "edited_by_hand": "Editado a mano: {changes}",
    "verify_commitment": "compromiso {commitment}",
    "reveal_algorithm": "algoritmo {value}",
    "reveal_seed": "semilla {value}",
    "reveal_salt": "sal {value}",
    "reveal_commitment": "compromiso {value}",
    "verify_uncommitted": "no se comprometió nada (no hay compromiso de los dados en el "
                          "diario): las tiradas se comprueban solo con la semilla",
    "verify_records": "registros comprobados: {records} (órdenes deshechas: {undone}, "
                      "abortados: {aborted})",
    "verify_generated": "tiradas del generador comprobadas: {count}",
    "verify_supplied": "caras aportadas (no comprobables): {count}",
    "verify_posts": "mensajes con marca de cadena comprobados: {count} (registros tras el "
                    "último: {after})",
    "verify_unposted": "Dados del generador que guarda el diario y que ningún mensaje "
                       "muestra:",
    "unposted": "#{n}: tirado por `{command}`, nunca publicado",
    "unposted_undone": "#{n}: tirado por `{command}` (deshecha), nunca publicado",
    "verify_failure": "FALLA {failure}",
    "verify_ok": "ok",
    "verify_failed": "FALLA",
    "edit_changed": "{what} cambiado",
    "edit_hidden": "editado",
    "ValueSet": "Cambio del DJ: {changes}.",
    "edit_unknown": "los cambios no están en el diario",
    "edit_more": "y {count} más",
    "edit_nothing": "solo el formato",
    "dry_run_dice": "Simulación: los dados del generador que se muestran no son los reales y "
                    "no se ha escrito nada.",
    "log_undone": "(deshecha por el registro {undo})",
    "log_edit": "Edición a mano ({time})",
    "log_restart": "Diario nuevo ({time}): la historia anterior no está en este diario.",
    "log_reuses": "Números de dado usados de nuevo tras deshacer:",
    "reuse": "#{n}: {a_face} en {a} (deshecha), luego {b_face} en {b}",
    "hand_edit": "edición a mano",
    # órdenes permanentes (R-ORD)
    "OrdersFollowed_attack-nearest": "{name} actúa según sus órdenes: atacar al enemigo más "
                                     "cercano.",
    "OrdersFollowed_attack-weakest": "{name} actúa según sus órdenes: atacar al enemigo más "
                                     "débil.",
    "OrdersFollowed_guard": "{name} actúa según sus órdenes: defender a {ward}.",
    "OrdersFollowed_flee": "{name} huye del combate.",
    # probabilidades (R-SIM)
    "odds_title": "Probabilidades",
    "odds_intro": "{runs} combates simulados desde {start}, cada uno hasta su final o como "
                  "mucho {max}; todos actúan según sus órdenes (sin órdenes: atacar "
                  "al enemigo más cercano).",
    "odds_intro_one": "1 combate simulado desde {start}, hasta su final o como mucho {max}; "
                      "todos actúan según sus órdenes (sin órdenes: atacar al enemigo más "
                      "cercano).",
    "odds_from_setup": "el inicio",
    "odds_from_surprise": "el asalto de sorpresa",
    "odds_from_round": "el asalto {round}",
    "odds_from_turn": "el asalto {round}, turno de {name}",
    "odds_from_ended": "el final (el combate ha terminado)",
    "odds_wins": "{side}, victoria: {share} (intervalo del 95 %: {low}–{high})",
    "odds_nobody": "No queda nadie en pie: {share}",
    "odds_undecided": "Sin decidir tras {max}: {share}",
    "odds_rounds": "Asaltos: media {mean}, mediana {median}, percentiles 10–90: {p10}–{p90}",
    "odds_fates": "Al final del combate",
    "odds_fate": "{name}: cae {down}, muere {dead}, puntos de golpe restantes {hp}",
    "odds_fled": "huye {fled}",
    "odds_hp_share": "{pct} del total",
    "odds_seed": "Semilla {seed} (la misma semilla da el mismo informe)",
    "usage_label": "Uso:",
    "usage_hint": "Prueba '{command}' para ver la ayuda.",
    "usage_error": "Error: {message}",
}

CATALOGUES = {"en": EN, "es": ES}

# -- messages: refusals and errors (R-OUT-5) ---------------------------------------------------
# The rules raise IllegalAction(rule, English message); the English text is the key. A Spanish
# template here translates it: `{a}`, `{b}`… match any text (names are escaped when shown),
# `{a_g:o/a}` agrees with the name in `{a}` (R-OUT-5). A message that has no entry shows the
# generic `not_now` in Spanish posts, and its English text on stderr.
MESSAGES_ES: dict[str, str] = {
    # actions, full attacks, withdraw, newcomers (R-ACT)
    "{a} has no uses left": "a {a} no le quedan usos",
    "{a} has one standard or move action this turn: no full-round action":
        "{a} solo tiene una acción estándar o de movimiento este turno: ninguna de asalto "
        "completo",
    "a full-round action takes {a}'s whole turn, and the turn is already in use":
        "una acción de asalto completo ocupa todo el turno de {a}, y el turno ya está en uso",
    "{a} has no move action left": "a {a} no le queda acción de movimiento",
    "a withdraw is at most {a} squares ({b} needs {c})":
        "retirarse cubre como mucho {a} casillas ({b} necesita {c})",
    "no initiative has been rolled yet: roll-initiative places everyone, newcomers included":
        "aún no se ha tirado la iniciativa: roll-initiative coloca a todos, recién llegados "
        "incluidos",
    "{a} needs --target ID[,ID…] (R-ACT-3)": "{a} necesita --target ID[,ID…] (R-ACT-3)",
    "{a} takes no target (R-ACT-3)": "{a} no lleva objetivo (R-ACT-3)",
    "an ad hoc action takes no --target (R-ACT-3)":
        "una acción improvisada no lleva --target (R-ACT-3)",
    "action: give one ACTION id, or --text T --cost C (R-ACT-1)":
        "action: indica el id de una ACCIÓN, o --text T --cost C (R-ACT-1)",
    "action --text needs --cost standard|move|full|free (R-ACT-1)":
        "action --text necesita --cost standard|move|full|free (R-ACT-1)",
    "action: give an ACTION id or --text, not both":
        "action: indica el id de una ACCIÓN o --text, no ambos",
    "action --text: the text is empty": "action --text: el texto está vacío",
    '{a} has no action "{b}"': "{a} no tiene la acción «{b}»",
    "{a} takes no --target": "{a} no lleva --target",
    'add: the id "{a}" is already used (R-ACT-7)': "add: el id «{a}» ya está en uso (R-ACT-7)",
    'add: the id "{a}" is too long': "add: el id «{a}» es demasiado largo",
    "add --at: this encounter is gridless (R-ACT-7)":
        "add --at: este encuentro no tiene cuadrícula (R-ACT-7)",
    "add --at: {a} newcomer(s) need {b} free square(s), one each; {c} given (R-ACT-7)":
        "add --at: {a} {a_n:recién llegado necesita/recién llegados necesitan} {b} "
        "{b_n:casilla libre/casillas libres}, una cada uno; {c_n:se ha dado/se han dado} {c} "
        "(R-ACT-7)",
    "add --at: {a} is taken by {b} (R-ACT-7)": "add --at: {a} está ocupada por {b} (R-ACT-7)",
    "add --at: {a} is given twice (R-ACT-7)": "add --at: {a} aparece dos veces (R-ACT-7)",
    "add --at: {a} is off the board": "add --at: {a} está fuera del tablero",
    "add: the newcomers would leave the file invalid: {a} (R-ACT-7)":
        "add: los recién llegados dejarían el archivo inválido: {a} (R-ACT-7)",
    "add: give --like OTHER, --from FILE, --srd NAME or --statblock FILE (R-ACT-7)":
        "add: indica --like OTRO, --from ARCHIVO, --srd NOMBRE o --statblock ARCHIVO (R-ACT-7)",
    "add {a}: give one new ID": "add {a}: indica un ID nuevo",
    "add --like: give exactly one new ID": "add --like: indica exactamente un ID nuevo",
    "--count and --name go with --like": "--count y --name van con --like",
    "--count: 1 to 1000": "--count: de 1 a 1000",
    "add --name: a name holds at most 200 characters (with --count, its ' N' included)":
        "add --name: un nombre tiene como mucho 200 caracteres (con --count, su « N» "
        "incluido)",
    "add: an encounter holds at most {a} combatants":
        "add: un encuentro admite como mucho {a} combatientes",
    '{a} has no combatant "{b}"': "{a} no tiene el combatiente «{b}»",
    "{a}: the roster file cannot be read ({reason})":
        "{a}: no se puede leer el archivo de plantilla ({reason})",
    "dice commit --salt is refused: the players choose the salt after seeing the commitment, "
    "and the GM sets it with `dice salt FILE SALT` (a salt known before the commitment would "
    "let a GM try seeds)":
        "se rechaza dice commit --salt: los jugadores eligen la sal después de ver el "
        "compromiso, y el director la pone con `dice salt ARCHIVO SAL` (una sal conocida antes "
        "del compromiso dejaría al director probar semillas)",
    "the players' salt is set only after the commitment: run dice commit first, then the "
    "players choose it":
        "la sal de los jugadores se pone solo después del compromiso: primero dice commit, y "
        "luego la eligen los jugadores",
    "--posts {a}: the thread cannot be read ({reason})":
        "--posts {a}: no se puede leer el hilo ({reason})",
    "not a regular file": "no es un archivo normal",
    "attack --full: give one or more targets T1,T2,…":
        "attack --full: indica uno o más objetivos T1,T2,…",
    "--withdraw excludes --step, --run and --away": "--withdraw excluye --step, --run y --away",
    "action: --cost and --provokes go with --text (ad hoc actions); a named action has its "
    "own":
        "action: --cost y --provokes van con --text (acciones improvisadas); una acción con "
        "nombre tiene los suyos",
    "--name: the name is empty": "--name: el nombre está vacío",
    "--at: too many squares": "--at: demasiadas casillas",
    # declarations and their arguments
    "unknown command {a}": "orden desconocida {a}",
    "declare --clear takes no action": "declare --clear no lleva acción",
    "declare: the action must be one of {a}": "declare: la acción debe ser una de {a}",
    "{a}: unknown option {b}": "{a}: opción desconocida {b}",
    "{a}: {b} given twice": "{a}: {b} aparece dos veces",
    "{a} needs a value": "{a} necesita un valor",
    "{a}: expected {b}": "{a}: se esperaba {b}",
    "{a} is not a square X,Y (e.g. 3,4 or -1,2)":
        "{a} no es una casilla X,Y (p. ej. 3,4 o -1,2)",
    "{a} is off the board (coordinates from {b} to {c})":
        "{a} está fuera del tablero (coordenadas de {b} a {c})",
    "{a}: {b} is not an integer": "{a}: {b} no es un número entero",
    "add: {a} is not an id (a-z, 0-9, _ and -)": "add: {a} no es un id (a-z, 0-9, _ y -)",
    # the SRD bestiary and pasted stat blocks (issue 26)
    '--srd: no SRD creature is called "{a}" (pbwcombat srd search WORD lists them)':
        "--srd: ninguna criatura del SRD se llama «{a}» (pbwcombat srd search PALABRA las "
        "lista)",
    '--srd: "{a}" names several SRD creatures: {b}':
        "--srd: «{a}» nombra varias criaturas del SRD: {b}",
    "srd search: no SRD creature's name holds \"{a}\"":
        "srd search: ninguna criatura del SRD tiene «{a}» en su nombre",
    "--id: {a} is not an id (a-z, 0-9, _ and -)": "--id: {a} no es un id (a-z, 0-9, _ y -)",
    "--side: 1 to 100 characters": "--side: de 1 a 100 caracteres",
    "--side, --roll-hp and --lenient go with --srd or --statblock":
        "--side, --roll-hp y --lenient van con --srd o --statblock",
    "add --roll-hp: the stat block gives no Hit Dice":
        "add --roll-hp: el bloque de estadísticas no da Dados de Golpe",
    "{a}: the stat block cannot be read ({reason})":
        "{a}: no se puede leer el bloque de estadísticas ({reason})",
    "stat block: {a}: {reason}": "bloque de estadísticas: {a}: {reason}",
    "warning: {a}: stat block: {b}: {reason} (--lenient: line skipped)":
        "aviso: {a}: bloque de estadísticas: {b}: {reason} (--lenient: línea omitida)",
    "not a line of an SRD stat block": "no es una línea de un bloque de estadísticas del SRD",
    "not a line of a stat block": "no es una línea de un bloque de estadísticas",
    "missing": "falta",
    'not "{a}"': "no tiene la forma «{a}»",
    'not a size and a type ("Medium Humanoid")':
        "no es un tamaño y un tipo («Medium Humanoid»)",
    '"{a}" is not an attack like "Claw +9 melee (1d6+6)"':
        "«{a}» no es un ataque como «Claw +9 melee (1d6+6)»",
    "no attack that deals hit point damage": "ningún ataque hace daño a los puntos de golpe",
    '"{a}" is not Hit Dice': "«{a}» no son Dados de Golpe",
    '"{a}" is not a number': "«{a}» no es un número",
    "party save: no PC of {a} is in {b}": "party save: ningún PJ de {a} está en {b}",
    "{a}: the state of {b} saved": "{a}: guardado el estado de {b}",
    # conditions (R-CND-1): before the generic "{a} is not {b}" below
    "--rounds: {a} is not a number of turns (1 or more)":
        "--rounds: {a} no es un número de turnos (1 o más)",
    "--rounds: {a} is more than 1000000 turns": "--rounds: {a} son más de 1000000 turnos",
    "{a} is not a condition name: use a slug such as prone, stunned, paralyzed, flat-footed "
    "or any-other-word":
        "{a} no es un nombre de condición: usa un identificador como prone, stunned, "
        "paralyzed, flat-footed o cualquier-otra-palabra",
    "--remove takes no --rounds, --ends or --of": "--remove no lleva --rounds, --ends ni --of",
    "--ends and --of need --rounds N": "--ends y --of necesitan --rounds N",
    # dice
    "this encounter has no dice seed yet": "este encuentro aún no tiene semilla de dados",
    "the seed is revealed only once the combat has ended (--force to reveal now)":
        "la semilla solo se revela cuando el combate ha terminado (--force para revelarla ya)",
    "the players' salt is already set": "la sal de los jugadores ya está puesta",
    "the salt cannot be empty": "la sal no puede estar vacía",
    '"{a}" is not a dice expression': "«{a}» no es una expresión de dados",
    "supplied face {a} is not a face of a d{b} (R-DIC-3)":
        "la cara {a} no es una cara de un d{b} (R-DIC-3)",
    '--dice: "{a}" is not a die face (R-DIC-3)': "--dice: «{a}» no es una cara de dado (R-DIC-3)",
    # combat, turns
    "the combat has ended": "el combate ha terminado",
    "the combat has already ended": "el combate ya ha terminado",
    "combat has not started: roll initiative first":
        "el combate no ha empezado: primero se tira la iniciativa",
    "there is nobody to roll initiative for": "no hay nadie que tire iniciativa",
    "initiative is already rolled and nobody new is waiting (use --reroll to roll again for "
    "everyone)": "la iniciativa ya está tirada y no espera nadie nuevo (--reroll para volver a "
                 "tirarla para todos)",
    "nobody in the order can take a turn": "nadie en el orden puede tomar su turno",
    "{a} has nothing declared": "{a} no tiene nada declarado",
    "{a} is dead and cannot act": "{a} está muert{a_g:o/a} y no puede actuar",
    "{a} is disabled and cannot act": "{a} está incapacitad{a_g:o/a} y no puede actuar",
    "{a} is dying and cannot act": "{a} está moribund{a_g:o/a} y no puede actuar",
    "{a} is stable and cannot act": "{a} está inconsciente (estable) y no puede actuar",
    "{a} is {b} and cannot act": "{a} no puede actuar",
    "{a} cannot act ({b})": "{a} no puede actuar",
    "it is not {a}'s turn (it is nobody's)": "no es el turno de {a} (no es el turno de nadie)",
    "it is not {a}'s turn (it is {b}'s)": "no es el turno de {a} (es el de {b})",
    "{a} has used the whole turn": "{a} ya ha usado todo el turno",
    "{a} has already taken a standard action": "{a} ya ha realizado una acción estándar",
    "{a} has taken two move actions": "{a} ya ha realizado dos acciones de movimiento",
    "{a} has one action this turn and has moved":
        "{a} solo tiene una acción este turno y ya se ha movido",
    "{a} has one action this turn and has used it":
        "{a} solo tiene una acción este turno y ya la ha usado",
    "{a} can delay only on its own turn": "{a} solo puede retrasarse en su propio turno",
    "{a} has already acted this turn": "{a} ya ha actuado este turno",
    "{a} is not delaying": "{a} no está retrasando su acción",
    "{a} has only free actions left this turn": "a {a} solo le quedan acciones gratuitas este "
                                                "turno",
    "{a} is not aware of {b} in the surprise round":
        "{a} no se ha dado cuenta de {b} en el asalto de sorpresa",
    "{a} shares its group's turn and cannot delay alone (rules.group_turn = \"shared\")":
        "{a} comparte el turno de su grupo y no puede retrasarse solo",
    # conditions
    "{a} is not prone": "{a} no está derribad{a_g:o/a}",
    "{a} does not have the condition {b}": "{a} no tiene la condición {b}",
    # movement
    "a 5-ft step is one square": "un paso de 5 pies es una sola casilla",
    "{a} has already moved: no 5-ft step": "{a} ya se ha movido: no puede dar un paso de 5 pies",
    "{a} took a 5-ft step: no other movement":
        "{a} ha dado un paso de 5 pies: no puede moverse más",
    "a run is at most {a} squares ({b} needs {c})":
        "una carrera es de {a} casillas como mucho ({b} necesita {c})",
    "running takes {a}'s whole turn": "correr ocupa todo el turno de {a}",
    "{a} cannot move {b} squares now (speed {c} squares per move action)":
        "{a} no puede moverse {b} {b_n:casilla/casillas} ahora (velocidad: {c} "
        "{c_n:casilla/casillas} por acción de movimiento)",
    "a run goes in a straight line": "una carrera va en línea recta",
    "{a} cannot pass through {b} at {c}": "{a} no puede pasar a través de {b} en {c}",
    "{a} is taken by {b}": "{a} está ocupada por {b}",
    "{a} is already at {b}": "{a} ya está en {b}",
    "give one or more waypoints X,Y (or --away in a gridless encounter)":
        "indica una o más casillas X,Y (o --away en un encuentro sin cuadrícula)",
    "this encounter is gridless: use `move WHO --away` (R-GEO-5)":
        "este encuentro no tiene cuadrícula: usa `move WHO --away` (R-GEO-5)",
    # `set` (R-LOG-2)
    '"{a}" is not a key (a name like defense, or a dotted path like saves.will or '
    'weapons.spear.attack)':
        "«{a}» no es una clave (un nombre como defense, o una ruta con puntos como saves.will "
        "o weapons.spear.attack)",
    "rules.{a}: [rules] keys are single names (rules.death_at)":
        "rules.{a}: las claves de [rules] son nombres sueltos (rules.death_at)",
    "a combatant's id cannot be changed: other keys and the journal name it":
        "el id de un combatiente no se puede cambiar: otras claves y el diario lo nombran",
    "{a}: there is no such entry": "{a}: no existe esa entrada",
    "{a}: name one of its keys ({b}.KEY)": "{a}: nombra una de sus claves ({b}.CLAVE)",
    "{a} is a value, not a table": "{a} es un valor, no una tabla",
    "nothing to change: {a} is already {b}": "nada que cambiar: {a} ya vale {b}",
    "set {a}: give one VALUE (set FILE rules.KEY VALUE)":
        "set {a}: da un solo VALOR (set ARCHIVO rules.CLAVE VALOR)",
    "set: give WHO KEY VALUE (or rules.KEY VALUE)":
        "set: da QUIÉN CLAVE VALOR (o rules.CLAVE VALOR)",
    "every target is down ({a})": "todos sus objetivos han caído ({a})",
    # engagement, disengaging, guarding
    "reckless disengagement is off (rules.reckless_disengage = false)":
        "el desentablamiento temerario no se usa en este combate",
    "{a} is not engaged in melee": "{a} no está entablad{a_g:o/a} cuerpo a cuerpo",
    "plain d20 (rules.engagement = false): nobody is engaged, there is no disengaging; leave "
    "with `move --withdraw` or `move --step`":
        "d20 puro (rules.engagement = false): nadie está entablado y no se desentabla; para "
        "salir, `move --withdraw` (retirada) o `move --step` (paso de 5 pies)",
    "guarding takes {a}'s whole turn, and the turn is already in use":
        "defender ocupa todo el turno de {a}, y ya lo ha empezado a usar",
    "{a} has one standard or move action this turn: guarding takes the whole turn":
        "{a} solo tiene una acción estándar o de movimiento este turno: defender ocupa todo "
        "el turno",
    "{a} is not an ally of {b}": "{a} no es aliad{a_g:o/a} de {b}",
    "{a} is dead": "{a} está muert{a_g:o/a}",
    "{a} has no melee weapon and cannot guard":
        "{a} no tiene arma cuerpo a cuerpo y no puede defender",
    "{a} is outside {b}'s radius ({c} square(s))":
        "{a} está fuera del radio de {b} ({c} {c_n:casilla/casillas})",
    # attacks, hit points
    "{a} has no weapon": "{a} no tiene arma",
    '{a} has no weapon "{b}"': "{a} no tiene el arma «{b}»",
    "no weapon of {a} reaches {b}": "ningún arma de {a} alcanza a {b}",
    "{a} cannot attack itself": "{a} no puede atacarse a sí mism{a_g:o/a}",
    "{a} is already dead": "{a} ya está muert{a_g:o/a}",
    "{a} is out of {b}'s reach": "{a} está fuera del alcance de {b}",
    "{a} is out of {b}'s range": "{a} está fuera del alcance de tiro de {b}",
    "{a} is out of {b}'s {c}": "{a} está fuera del alcance de {b}",
    "{a} has no ammunition left": "{a} no tiene munición",
    "{a} is engaged in melee: no shooting into melee (rules.ranged_into_melee)":
        "{a} está entablad{a_g:o/a} cuerpo a cuerpo: no se dispara a un cuerpo a cuerpo",
    "{a} would drop below -{b} hit points, more than the file can hold":
        "{a} bajaría de -{b} puntos de golpe, más de lo que admite el archivo",
    "{a} is dead: bringing the dead back needs --force":
        "{a} está muert{a_g:o/a}: devolver la vida a un muerto requiere --force",
    # the command line, files, undo
    'unknown combatant "{a}"': "combatiente desconocido «{a}»",
    "{a}: expected one or more combatant ids": "{a}: se esperan uno o más ids de combatiente",
    "{a}: {b} is not one of {c}": "{a}: {b} no es uno de {c}",
    "nothing to undo": "no hay nada que deshacer",
    "nothing to undo (no journal)": "no hay nada que deshacer (no hay diario)",
    "{a} cannot be undone": "{a} no se puede deshacer",
    "the players' salt is already set; it can be set only once":
        "la sal de los jugadores ya está puesta; solo se puede poner una vez",
    "the players' salt can be set only before the first generator roll after the commitment":
        "la sal de los jugadores solo se puede poner antes de la primera tirada del generador "
        "tras el compromiso",
    "verification failed at {a}": "la verificación falla en {a}",
    "interrupted (Ctrl-C)": "interrumpido (Ctrl-C)",
    # tomllib's syntax errors (exit 65, `toml: message (at line L, column C)`)
    "(at line {a}, column {b})": "(en la línea {a}, columna {b})",
    "(at end of document)": "(al final del documento)",
    "Invalid statement": "instrucción no válida",
    "Expected '=' after a key in a key/value pair":
        "se espera '=' tras una clave en un par clave/valor",
    "Expected ']' at the end of a table declaration":
        "se espera ']' al final de la declaración de una tabla",
    "Expected ']]' at the end of an array declaration":
        "se espera ']]' al final de la declaración de una lista de tablas",
    "Expected {a}": "se espera {a}",
    "Found invalid character {a}": "carácter no válido {a}",
    "Cannot declare {a} twice": "no se puede declarar {a} dos veces",
    "Cannot overwrite a value": "no se puede sobrescribir un valor",
    "Invalid initial character for a key part": "carácter inicial no válido en una clave",
    "Unclosed array": "lista sin cerrar",
    "Unclosed inline table": "tabla en línea sin cerrar",
    "Unterminated string": "texto sin cerrar",
    "Invalid value": "valor no válido",
    "Illegal character {a}": "carácter no permitido {a}",
    "Invalid date or datetime": "fecha u hora no válida",
    "Duplicate inline table key {a}": "clave repetida en tabla en línea {a}",
    # click's own parser errors (exit 2)
    "No such option: {a}": "no existe la opción {a}",
    "No such option: {a} Did you mean {b}?": "no existe la opción {a}. ¿Querías decir {b}?",
    "No such option: {a} (Possible options: {b})":
        "no existe la opción {a} (opciones posibles: {b})",
    "No such command {a}.": "no existe la orden {a}.",
    "Missing command.": "falta la orden.",
    "Missing argument {a}.": "falta el argumento {a}.",
    "Missing option {a}.": "falta la opción {a}.",
    "Missing parameter {a}.": "falta el parámetro {a}.",
    "Got unexpected extra argument ({a})": "un argumento de más inesperado ({a})",
    "Got unexpected extra arguments ({a})": "argumentos de más inesperados ({a})",
    "Option {a} requires an argument.": "la opción {a} necesita un valor.",
    "Option {a} requires {b} arguments.": "la opción {a} necesita {b} valores.",
    "Option {a} does not take a value.": "la opción {a} no admite valor.",
    "Invalid value for {a}: {b} is not a valid integer.":
        "valor no válido para {a}: {b} no es un número entero.",
    "Invalid value for {a}: {b} is not a valid integer range.":
        "valor no válido para {a}: {b} no es un número entero válido.",
    "Invalid value for {a}: {b} is not a valid float.":
        "valor no válido para {a}: {b} no es un número.",
    "Invalid value for {a}: {b} is not a valid boolean.":
        "valor no válido para {a}: {b} no es un booleano.",
    "Invalid value for {a}: {b} is not in the range {c}.":
        "valor no válido para {a}: {b} no está en el intervalo {c}.",
    "Invalid value for {a}: {b} is not one of {c}.":
        "valor no válido para {a}: {b} no es uno de {c}.",
    "Invalid value for {a}: {b} is not {c}.": "valor no válido para {a}: {b} no es {c}.",
    "Invalid value for {a}: {b}": "valor no válido para {a}: {b}",
    # the file's problems (exit 65, `path: message`): pydantic-core's and our own messages
    "required": "obligatorio",
    "unknown key": "clave desconocida",
    "expected a table": "se espera una tabla",
    "Input should be a valid integer": "debe ser un número entero",
    "Input should be a valid integer, unable to parse string as an integer":
        "debe ser un número entero (no un texto)",
    "Input should be a valid integer, got a number with a fractional part":
        "debe ser un número entero, sin decimales",
    "Input should be a valid number": "debe ser un número",
    "Input should be a valid number, unable to parse string as a number":
        "debe ser un número (no un texto)",
    "Input should be a finite number": "debe ser un número finito",
    "Input should be a valid string": "debe ser un texto",
    "Input should be a valid boolean": "debe ser true o false",
    "Input should be a valid list": "debe ser una lista",
    "Input should be a valid tuple": "debe ser una lista",
    "Input should be a valid array": "debe ser una lista",
    "Input should be a valid dictionary": "debe ser una tabla",
    "Input should be greater than or equal to {a}": "debe ser mayor o igual que {a}",
    "Input should be greater than {a}": "debe ser mayor que {a}",
    "Input should be less than or equal to {a}": "debe ser menor o igual que {a}",
    "Input should be less than {a}": "debe ser menor que {a}",
    "Input should be {a} or {b}": "debe ser {a} o {b}",
    "Input should be {a}": "debe ser {a}",
    "String should have at least {a} character": "el texto debe tener al menos {a} carácter",
    "String should have at least {a} characters":
        "el texto debe tener al menos {a} caracteres",
    "String should have at most {a} characters": "el texto debe tener como mucho {a} caracteres",
    "String should match pattern {a}": "el texto debe seguir el patrón {a}",
    "List should have at least {a} item after validation, not {b}":
        "la lista debe tener al menos {a} elemento, no {b}",
    "List should have at least {a} items after validation, not {b}":
        "la lista debe tener al menos {a} elementos, no {b}",
    "List should have at most {a} items after validation, not {b}":
        "la lista debe tener como mucho {a} elementos, no {b}",
    "Tuple should have at least {a} item after validation, not {b}":
        "la lista debe tener al menos {a} elemento, no {b}",
    "Tuple should have at least {a} items after validation, not {b}":
        "la lista debe tener al menos {a} elementos, no {b}",
    "Tuple should have at most {a} items after validation, not {b}":
        "la lista debe tener como mucho {a} elementos, no {b}",
    'duplicate id "{a}"': "id repetido «{a}»",
    'duplicate weapon id "{a}"': "id de arma repetido «{a}»",
    'duplicate action id "{a}"': "id de acción repetido «{a}»",
    'square taken by "{a}"': "casilla ocupada por «{a}»",
    '"{a}" has no UTC offset (write e.g. "{b}")':
        "«{a}» no tiene desfase UTC (escribe p. ej. «{b}»)",
    '"{a}" is not a date and time with a UTC offset':
        "«{a}» no es una fecha y hora con desfase UTC",
    '"{a}" would mention everyone: not a player handle (R-OUT-7)':
        "«{a}» mencionaría a todo el mundo: no es el apodo de un jugador (R-OUT-7)",
    "a duration needs ends, of and turns together (or {} for until removed)":
        "una duración necesita ends, of y turns juntos (o {{}} para hasta que se quite)",
    "an action has damage or heal, not both": "una acción tiene damage o heal, no los dos",
    "an action with a save needs a dc": "una acción con save necesita una dc",
    "condition_rounds needs a condition": "condition_rounds necesita una condition",
    "an id appears twice": "un id aparece dos veces",
    "nobody is engaged with rules.engagement = false (R-ENG-0); empty it, or use "
    "`pbwcombat set FILE rules.engagement false`":
        "con rules.engagement = false nadie está entablado (R-ENG-0); vacíalo, o usa "
        "`pbwcombat set ARCHIVO rules.engagement false`",
    '"{a}" is neither a combatant id nor a side':
        "«{a}» no es ni un id de combatiente ni un bando",
    '"{a}" is not one of skip, attack-nearest, attack-weakest, guard:ID':
        "«{a}» no es ninguno de skip, attack-nearest, attack-weakest, guard:ID",
    "missing (positions on some combatants only)":
        "falta (hay posiciones solo en algunos combatientes)",
    "must be true, false or a list of enemy ids and side names":
        "debe ser true, false o una lista de ids de enemigos y nombres de bando",
    '"{a}" is not an ISO 8601 time': "«{a}» no es una hora ISO 8601",
    '"{a}" is not a duration like "48h", "30m" or "2d"':
        "«{a}» no es una duración como «48h», «30m» o «2d»",
    "a weapon needs a name or an id": "un arma necesita nombre o id",
    "a ranged weapon needs a range (squares)":
        "un arma a distancia necesita alcance (range, en casillas)",
    '"{a}" is not damage reduction like "5/magic", "10/-", "5/silver and magic" or '
    '"5/good or silver" (R-HP-8)':
        "«{a}» no es una reducción de daño como «5/magic», «10/-», «5/silver and magic» o "
        "«5/good or silver» (R-HP-8)",
    '"{a}" is not an energy kind (acid, cold, electricity, fire, sonic, force, negative, '
    'positive) (R-HP-8)':
        "«{a}» no es un tipo de energía (acid, cold, electricity, fire, sonic, force, "
        "negative, positive) (R-HP-8)",
    "not UTF-8 text (byte {a})": "no es texto UTF-8 (byte {a})",
    "empty (an encounter needs its combatants)":
        "vacío (un encuentro necesita sus combatientes)",
    "the post could not be printed ({a}); what was applied stays applied: `pbwcombat log "
    "ENCOUNTER --last 1` narrates it again":
        "no se pudo imprimir el mensaje ({a}); lo aplicado queda aplicado: `pbwcombat log "
        "ENCUENTRO --last 1` lo vuelve a narrar",
    "the output could not be printed ({a}); the encounter was not changed":
        "no se pudo imprimir la salida ({a}); no se ha cambiado el encuentro",
    "stdout is closed": "la salida estándar está cerrada",
    "broken pipe": "tubería rota",
    "the terminal's encoding ({a}) cannot show it":
        "la codificación del terminal ({a}) no puede mostrarlo",
    "the file was edited by hand since the last command; undo --force discards those edits":
        "el archivo se ha editado a mano desde la última orden; undo --force descarta esos "
        "cambios",
    "--if-version {a}: the file is at version {b}":
        "--if-version {a}: el archivo está en la versión {b}",
    '--key "{a}" was used for other arguments ({b})':
        "--key «{a}» ya se usó con otros argumentos ({b})",
    "{a}: no such encounter file": "{a}: no existe ese archivo de encuentro",
    "{a}: is a directory, not an encounter file": "{a}: es una carpeta, no un archivo de "
                                                  "encuentro",
    "{a}: cannot be read ({reason})": "{a}: no se puede leer ({reason})",
    "{a}: locked by another run; retry later":
        "{a}: bloqueado por otra ejecución; inténtalo más tarde",
    "{a}: already exists; not overwritten": "{a}: ya existe; no se sobrescribe",
    "{a}: cannot be written ({reason})": "{a}: no se puede escribir ({reason})",
    "{a}: cannot be written ({reason}); nothing was appended (R-LOG-10)":
        "{a}: no se puede escribir ({reason}); no se ha añadido nada (R-LOG-10)",
    "{a}: cannot create the lock file ({reason})":
        "{a}: no se puede crear el archivo de bloqueo ({reason})",
    "warning: --jobs {a}: no worker process could be started ({reason}); the runs are "
    "played in one":
        "aviso: --jobs {a}: no se pudo iniciar ningún proceso auxiliar ({reason}); los "
        "combates se juegan en uno",
    "Resource temporarily unavailable": "recurso no disponible temporalmente",
    "Cannot allocate memory": "no se puede reservar memoria",
    "warning: unused --dice faces: {a} (R-DIC-3)":
        "aviso: caras de --dice sin usar: {a} (R-DIC-3)",
    "warning: roll --who: {a} is dying; the roll is logged anyway (R-HP-1)":
        "aviso: roll --who: {a} está moribund{a_g:o/a}; la tirada se registra igualmente (R-HP-1)",
    "warning: roll --who: {a} is unconscious (stable); the roll is logged anyway (R-HP-1)":
        "aviso: roll --who: {a} está inconsciente (estable); la tirada se registra "
        "igualmente (R-HP-1)",
    "warning: roll --who: {a} is dead; the roll is logged anyway (R-HP-1)":
        "aviso: roll --who: {a} está muert{a_g:o/a}; la tirada se registra igualmente (R-HP-1)",
    "nothing to undo (the journal does not hold the file as it was before)":
        "no hay nada que deshacer (el diario no guarda el archivo como era antes)",
    "[dice] was edited by hand after `dice commit` ({a}); refused. Put the values back, or "
    "run with --force (verify will report it)":
        "[dice] se ha editado a mano después de `dice commit` ({a}); se rechaza. Devuelve los "
        "valores, o usa --force (verify lo señalará)",
    "{a} is at version {b} but has no journal ({c}): its history is missing. Run the command "
    "with --force to start a new journal (verify will report the history as incomplete)":
        "{a} está en la versión {b} pero no tiene diario ({c}): falta su historia. Repite la "
        "orden con --force para empezar un diario nuevo (verify señalará la historia como "
        "incompleta)",
    # {problems}: the file's `path: message` problems, each translated in turn (R-OUT-5)
    "the result would break the file's limits ({problems}); refused":
        "el resultado rompería los límites del archivo ({problems}); se rechaza",
    "the result would break the file's references ({problems}); refused":
        "el resultado rompería las referencias del archivo ({problems}); se rechaza",
    "out of bounds: the file would break its limits ({problems})":
        "fuera de límites: el archivo rompería sus límites ({problems})",
    "--name: {problems}": "--name: {problems}",
    # {reason}: a message inside a message, translated in turn
    "nested too deeply": "anidado a demasiada profundidad",
    "its events cannot be read by this version ({a}) (R-LOG-4)":
        "esta versión no puede leer sus sucesos ({a}) (R-LOG-4)",
    "a number with too many digits (at most 4300)":
        "un número con demasiadas cifras (como mucho 4300)",
    "the roster holds no combatants": "la plantilla no tiene combatientes",
    "--if-idle: {reason}": "--if-idle: {reason}",
    "internal error: {a} (run with --debug for the traceback)":
        "error interno: {a} (usa --debug para ver la traza)",
    "[Errno {a}] {reason}": "[Errno {a}] {reason}",  # an OSError said whole (exit 74)
    # The system's reasons a file cannot be read or written (OSError.strerror)
    "No such file or directory": "no existe el archivo o la carpeta",
    "Permission denied": "permiso denegado",
    "Operation not permitted": "operación no permitida",
    "Is a directory": "es una carpeta",
    "Not a directory": "no es una carpeta",
    "Read-only file system": "sistema de archivos de solo lectura",
    "No space left on device": "no queda espacio en el dispositivo",
    "disk full": "disco lleno",
    "File too large": "archivo demasiado grande",
    "Disk quota exceeded": "cuota de disco superada",
    "File exists": "el archivo ya existe",
    "File name too long": "nombre de archivo demasiado largo",
    "Too many levels of symbolic links": "demasiados niveles de enlaces simbólicos",
    "Input/output error": "error de entrada/salida",
    "Device or resource busy": "dispositivo o recurso ocupado",
    "Text file busy": "archivo de texto ocupado",
    "Stale file handle": "identificador de archivo obsoleto",
    "{a}: is the encounter, its journal or its lock; not overwritten (R-OUT-11)":
        "{a}: es el encuentro, su diario o su bloqueo; no se sobrescribe (R-OUT-11)",
    "{a}: write-protected; not written": "{a}: protegido contra escritura; no se escribe",
    "{a}: is a symbolic link; not followed": "{a}: es un enlace simbólico; no se sigue",
    "{a}: owned by another user (uid {b}) than the encounter (uid {c}); not used":
        "{a}: es de otro usuario (uid {b}) que el encuentro (uid {c}); no se usa",
    "{a}: its mode {b} is wider than the encounter's {c}; not used (check who could read "
    "it, then run chmod {d} on it)":
        "{a}: sus permisos {b} son más amplios que los del encuentro ({c}); no se usa "
        "(comprueba quién pudo leerlo y después haz chmod {d} sobre él)",
    "a directory, not a regular file": "una carpeta, no un archivo normal",
    "a FIFO, not a regular file": "una FIFO, no un archivo normal",
    "a device, not a regular file": "un dispositivo, no un archivo normal",
    "a socket, not a regular file": "un socket, no un archivo normal",
    "{a}: no temporary file could be created": "{a}: no se pudo crear un archivo temporal",
    "this encounter has no grid (no positions)":
        "este encuentro no tiene cuadrícula (no hay posiciones)",
    "--png needs Pillow: pip install 'pbwcombat[map]'":
        "--png necesita Pillow: pip install 'pbwcombat[map]'",
    '"{a}" is not a signed integer or dice expression (R-HP-5)':
        "«{a}» no es un entero con signo ni una expresión de dados (R-HP-5)",
    # R-HP-6/7/8
    "hp --temp gives temporary hit points: not with --nonlethal or --energy (R-HP-6)":
        "hp --temp da PG temporales: no con --nonlethal ni con --energy (R-HP-6)",
    "hp -N --temp: temporary hit points are given, never taken; damage takes them first "
    "(R-HP-6)": "hp -N --temp: los PG temporales se dan, nunca se quitan; el daño los gasta "
                "primero (R-HP-6)",
    "hp +N --nonlethal: nonlethal damage is negative (-N); healing lowers it (R-HP-7)":
        "hp +N --nonlethal: el daño no letal es negativo (-N); la curación lo baja (R-HP-7)",
    '--energy: "{a}" is not an energy kind ({b}) (R-HP-8)':
        "--energy: «{a}» no es un tipo de energía ({b}) (R-HP-8)",
    "hp +N --energy: energy damage is negative (-N) (R-HP-8)":
        "hp +N --energy: el daño de energía es negativo (-N) (R-HP-8)",
    "{a} is unconscious (nonlethal damage above its hit points) and cannot act":
        "{a} está inconsciente (daño no letal por encima de sus PG) y no puede actuar",
    "--withdraw excludes --step and --run": "--withdraw excluye --step y --run",
    "PBWCOMBAT_NOW: {a} is not an ISO 8601 time": "PBWCOMBAT_NOW: {a} no es una hora ISO 8601",
    "PBWCOMBAT_NOW: {a} is beyond the calendar in UTC (years 1 to 9999)":
        "PBWCOMBAT_NOW: {a} queda fuera del calendario en UTC (años 1 a 9999)",
    "PBWCOMBAT_LOCK_TIMEOUT: {a} is not a finite number of seconds ≥ 0":
        "PBWCOMBAT_LOCK_TIMEOUT: {a} no es un número finito de segundos ≥ 0",
    "--max-length: {a} is too short (at least {b})":
        "--max-length: {a} es demasiado corto (al menos {b})",
    "--seed: 64 hexadecimal digits expected": "--seed: se esperan 64 dígitos hexadecimales",
    "--seed: {a} is not hexadecimal (an even number of 0-9a-f digits)":
        "--seed: {a} no es hexadecimal (un número par de dígitos 0-9a-f)",
    "--seed: 1 to 128 bytes of hexadecimal digits": "--seed: de 1 a 128 bytes en hexadecimal",
    "line {a}: not a JSON record (R-LOG-4: the journal is damaged; move it aside and run the "
    "command with --force to start a new one)":
        "línea {a}: no es un registro JSON (R-LOG-4: el diario está dañado; apártalo y repite "
        "la orden con --force para empezar uno nuevo)",
    "line {a}: its before-hash is not the after-hash of the record before it (R-LOG-4: the "
    "journal is damaged; move it aside and run the command with --force to start a new one)":
        "línea {a}: su hash de antes no es el hash de después del registro anterior (R-LOG-4: "
        "el diario está dañado; apártalo y repite la orden con --force para empezar uno "
        "nuevo)",
    "line {a}: its after-hash is not a SHA-256 (64 hexadecimal digits) (R-LOG-4: the journal "
    "is damaged; move it aside and run the command with --force to start a new one)":
        "línea {a}: su hash de después no es un SHA-256 (64 dígitos hexadecimales) (R-LOG-4: "
        "el diario está dañado; apártalo y repite la orden con --force para empezar uno "
        "nuevo)",
    # verify (R-LOG-3): where a failure is, and what it is
    "record {a}": "registro {a}",
    "record {a}, die {b}": "registro {a}, dado {b}",
    "record {a}, post": "registro {a}, mensaje",
    "line {a}": "línea {a}",
    "file": "archivo",
    "journal": "diario",
    "not a JSON record": "no es un registro JSON",
    "missing: the file has changed but its history is not there (incomplete)":
        "falta: el archivo ha cambiado pero su historia no está (incompleta)",
    "the journal was restarted here: the history before it is missing (incomplete)":
        "el diario se reinició aquí: falta la historia anterior (incompleta)",
    "its before-text does not match its hash": "su texto de antes no corresponde a su hash",
    "its after-text does not match its hash": "su texto de después no corresponde a su hash",
    "the journal starts at version {a}: the history before it is missing (incomplete)":
        "el diario empieza en la versión {a}: falta la historia anterior (incompleta)",
    "seq {a} after seq {b} (sequence numbers are never reused)":
        "seq {a} tras seq {b} (los números de secuencia nunca se reutilizan)",
    "its before-hash is not the after-hash of record {a} (a record is missing or was changed)":
        "su hash de antes no es el hash de después del registro {a} (falta un registro o se "
        "cambió)",
    "[dice] edited by hand after the commitment ({a})":
        "[dice] editado a mano después del compromiso ({a})",
    "its rolls do not use the players' salt set by record {a}":
        "sus tiradas no usan la sal de los jugadores fijada por el registro {a}",
    "it claims a salt no salt record set": "declara una sal que ningún registro de sal fijó",
    "its rolls are not a list": "sus tiradas no son una lista",
    "roll #{a} where #{b} was due (a roll kept out of the journal?)":
        "tirada #{a} donde tocaba la #{b} (¿una tirada fuera del diario?)",
    "the seed does not hash to the commitment {a}":
        "el hash de la semilla no es el compromiso {a}",
    "a second salt (R-LOG-5: once only)": "una segunda sal (R-LOG-5: solo una vez)",
    "the salt came after generator rolls following the commitment (R-LOG-5)":
        "la sal llegó después de tiradas del generador posteriores al compromiso (R-LOG-5)",
    "its bytes are not the state recorded last (record {a}): changed since, by hand or by an "
    "older copy":
        "sus bytes no son el último estado registrado (registro {a}): ha cambiado desde "
        "entonces, a mano o por una copia anterior",
    "malformed die {a}": "dado mal formado {a}",
    "#{a}, d{b}: logged {c}, recomputed {d}": "#{a}, d{b}: registrado {c}, recalculado {d}",
    # verify --posts (R-LOG-8): which post, and what disagrees
    "post {a} (⛓ {b}, line {c})": "mensaje {a} (⛓ {b}, línea {c})",
    "after the last post": "tras el último mensaje",
    "the journal holds record {a} ({b}) before it, which no post shows and which was not "
    "undone (a die rolled off the thread?)":
        "el diario guarda antes el registro {a} ({b}), que ningún mensaje muestra y que no "
        "se deshizo (¿un dado tirado fuera del hilo?)",
    "it says a command was undone, but its mark is not an undo record of the journal (an "
    "undone command dropped?)":
        "dice que se deshizo una orden, pero su marca no es un registro de deshacer del diario "
        "(¿se quitó una orden deshecha?)",
    "its mark is record {a}, which the journal has as aborted (a crash happens before the "
    "post, never after it)":
        "su marca es el registro {a}, que el diario da por abortado (una caída ocurre antes "
        "del mensaje, nunca después)",
    "its mark is no record of the journal (a record rewritten or dropped)":
        "su marca no es ningún registro del diario (un registro reescrito o quitado)",
    "die #{a} is shown as {b}, but record {c} ({d}) rolled {e}":
        "el dado #{a} se muestra como {b}, pero el registro {c} ({d}) sacó {e}",
    "die #{a} is shown as {b}, but record {c} ({d}) did not roll it (a die burnt off the "
    "record?)":
        "el dado #{a} se muestra como {b}, pero el registro {c} ({d}) no lo tiró (¿un dado "
        "gastado fuera del registro?)",
    "die #{a} is shown as {b}, but the journal holds no such roll":
        "el dado #{a} se muestra como {b}, pero el diario no guarda esa tirada",
    "verification failed: {a} mismatch(es), {b} gap(s)":
        "la verificación ha fallado: discrepancias, {a}; huecos, {b}",
}

# English messages the rules write with a "(s)" or a number that may be 1: said here with
# the right plural (R-OUT-5); any other English message is shown as the rules wrote it.
MESSAGES_EN: dict[str, str] = {
    "add --at: {a} newcomer(s) need {b} free square(s), one each; {c} given (R-ACT-7)":
        "add --at: {a} {a_n:newcomer needs/newcomers need} {b} free {b_n:square/squares}, "
        "one each; {c} given (R-ACT-7)",
    "{a} cannot move {b} squares now (speed {c} squares per move action)":
        "{a} cannot move {b} {b_n:square/squares} now (speed {c} {c_n:square/squares} per "
        "move action)",
    "{a} is outside {b}'s radius ({c} square(s))":
        "{a} is outside {b}'s radius ({c} {c_n:square/squares})",
}

MESSAGES = {"en": MESSAGES_EN, "es": MESSAGES_ES}

# R-OUT-5: contractions around names, (pattern, replacement) applied to every line said: in
# Spanish "a"/"de" before a name starting with the article "El" ("El Zurdo") contract as
# before the article: "ataca al Zurdo", "el turno del Zurdo" (bold markup kept on the rest)
_EL = r"((?:\[b\]|\*\*)?)El (?=\S)"
CONTRACTIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "es": ((r"\b([Aa]) " + _EL, r"\1l \2"), (r"\b([Dd])e " + _EL, r"\1el \2")),
}
