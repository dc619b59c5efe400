"""The English catalogue's messages (R-OUT-5): refusals and errors by key, `msg_<key>`
(errors.PbwError), merged into `EN` by en.py; the other language has the same keys with the same
fields (docs/dev/messages.md)."""

from __future__ import annotations

EN_MESSAGES: dict[str, str] = {
    "msg_png_needs_file_name": "--png needs the name of the picture's file (e.g. --png "
                               "round3.png)",
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
        "die #{n} is shown as {face}, but record {seq} ({record}) did not roll it (a die burnt "
        "off the record?)",
    "msg_verify_post_die_other":
        "die #{n} is shown as {face}, but record {seq} ({record}) rolled {rolled}",
    "msg_verify_post_no_record":
        "its mark is no record of the journal (a record rewritten or dropped)",
    "msg_verify_post_unaccounted":
        "the journal holds record {seq} ({record}) before it, which no post shows and which was "
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
    "msg_hidden_cannot_be_tripped":
        "{name} is hidden: a trip cannot be aimed at it (attack it with --concealment total)",
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
    "msg_verify_patch_hash": "its patch does not give its after-hash",
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
    "msg_verify_starts_later":
        "the journal starts after the file was first written (this record does not hold the"
        " file before it): the history before it is missing (incomplete)",
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
